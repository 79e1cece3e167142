//! A number in a message, written as Rust's `Display` writes an `f64` (`20`, `1.5`, `-0`,
//! `NaN`, `inf`, `0.0000001`; never an exponent).
//!
//! In wasm the digits come from JS (`String(n)`, see `wasm::float_text`): core's float
//! formatter is ~9 KiB of the gzipped module, and every number toolgate writes came from JS
//! anyway. Natively it is `Display`. Both write the shortest digits that round-trip, so the
//! text is the same; the wasm test suite checks them against each other.

/// `n` as `format!("{n}")` writes it.
pub fn text(n: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        crate::wasm::float_text(n)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        n.to_string()
    }
}
