//! A number in a message, written as Rust's `Display` writes an `f64` (`20`, `1.5`, `-0`,
//! `NaN`, `inf`, `0.0000001`; never an exponent).

/// `n` as `format!("{n}")` writes it.
pub fn text(n: f64) -> String {
    n.to_string()
}
