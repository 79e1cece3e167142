//! `filterPaths` over a whole listing without a crossing per path: `JSON.stringify` turns
//! the array into one string, copied into wasm memory by one `TextEncoder.encodeInto`, the
//! kept entries' JSON texts are joined back into one array text, and `JSON.parse` rebuilds it
//! (one copy out). Per path that is a few bytes of scanning instead of three or four calls
//! into JS.
//!
//! Exactly the per-entry semantics: strings are checked; a lone surrogate (which
//! well-formed `JSON.stringify` writes as a `\uD8xx` escape) makes an entry invalid, so it
//! is dropped; `null`, `undefined`, functions and symbols (all written `null`) are dropped.
//! Anything else — numbers, booleans, objects (which could serialise to a string through
//! `toJSON`, as a `Date` does), a `BigInt` or a cycle (which throw) — and the caller takes
//! the per-entry path instead.

use js_sys::{Array, Function, JsString, Reflect, Uint8Array, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    #[derive(Clone)]
    type TextEncoder;
    #[wasm_bindgen(constructor, catch)]
    fn new() -> Result<TextEncoder, JsValue>;
    #[wasm_bindgen(method, catch, js_name = encodeInto)]
    fn encode_into(
        this: &TextEncoder,
        source: &JsString,
        destination: &Uint8Array,
    ) -> Result<Encoded, JsValue>;

    /// `encodeInto`'s answer: UTF-16 units read, bytes written.
    type Encoded;
    #[wasm_bindgen(method, getter)]
    fn read(this: &Encoded) -> f64;
    #[wasm_bindgen(method, getter)]
    fn written(this: &Encoded) -> f64;
}

/// The entries of `paths` for which `keep` holds, or `None` when the listing holds
/// anything but strings and `null`-like entries.
pub(super) fn filter(paths: &Array, mut keep: impl FnMut(&str) -> bool) -> Option<Array> {
    if has_extensible_object(paths)? {
        return None;
    }
    let json = utf8(&JSON::stringify(paths).ok()?)?;
    let bytes = json.as_bytes();
    let mut out = String::with_capacity(json.len() / 2 + 2);
    out.push('[');
    let mut i = 1; // past '['
    if bytes.first() != Some(&b'[') {
        return None;
    }
    let mut decoded = String::new();
    while i < bytes.len() {
        match bytes[i] {
            b']' if i + 1 == bytes.len() => break,
            b',' => i += 1,
            b'"' => {
                let start = i;
                let (end, escaped) = string_end(bytes, i + 1)?;
                let token = &json[start..=end];
                let inner = &json[start + 1..end];
                let text = if escaped {
                    decoded.clear();
                    // None: a lone surrogate, invalid, dropped.
                    unescape(inner, &mut decoded).map(|()| decoded.as_str())
                } else {
                    Some(inner)
                };
                if text.is_some_and(&mut keep) {
                    if out.len() > 1 {
                        out.push(',');
                    }
                    out.push_str(token);
                }
                i = end + 1;
            }
            b'n' if bytes[i..].starts_with(b"null") => i += 4,
            _ => return None,
        }
    }
    out.push(']');
    JSON::parse(&out).ok()?.dyn_into::<Array>().ok()
}

/// `s` as UTF-8 written straight into wasm memory by `TextEncoder.encodeInto`: one native
/// call for an ASCII text (wasm-bindgen's `as_string` copies it a code unit at a time), a
/// second for the rest of a text that is not. `None` when there is no `TextEncoder`.
fn utf8(s: &JsString) -> Option<String> {
    thread_local! {
        static ENCODER: Option<TextEncoder> = TextEncoder::new().ok();
    }
    let encoder = ENCODER.with(Option::clone)?;
    let units = s.length();
    // ASCII is one byte a unit; the rest of a text that is not takes at most three a unit.
    let mut bytes: Vec<u8> = Vec::with_capacity(units as usize);
    let mut read = 0;
    let mut first = true;
    while read < units {
        let rest = if read == 0 {
            s.clone()
        } else {
            s.slice(read, units)
        };
        if !first {
            bytes.reserve(3 * (units - read) as usize);
        }
        let spare = bytes.spare_capacity_mut();
        // SAFETY: the view covers the vector's spare capacity and lives only for the call
        // below, during which wasm allocates nothing (so memory cannot grow under it).
        let view = unsafe { Uint8Array::view_mut_raw(spare.as_mut_ptr().cast(), spare.len()) };
        let done = encoder.encode_into(&rest, &view).ok()?;
        let (r, w) = (done.read() as u32, done.written() as usize);
        if w > spare.len() || (r == 0 && !first) {
            return None;
        }
        first = false;
        // SAFETY: encodeInto wrote `w` initialised bytes at the start of the spare capacity.
        unsafe { bytes.set_len(bytes.len() + w) };
        read += r;
    }
    String::from_utf8(bytes).ok()
}

/// Whether any entry is an ordinary object (primitives are never extensible), through
/// the built-ins `Array.prototype.findIndex` and `Object.isExtensible`: one call, no
/// callback into wasm. `None` when the built-ins are not there.
fn has_extensible_object(paths: &Array) -> Option<bool> {
    thread_local! {
        static FNS: Option<(Function, Function)> = {
            let find = Reflect::get(&Array::new(), &"findIndex".into()).ok()?;
            let object = Reflect::get(&js_sys::global(), &"Object".into()).ok()?;
            let is_extensible = Reflect::get(&object, &"isExtensible".into()).ok()?;
            Some((find.dyn_into().ok()?, is_extensible.dyn_into().ok()?))
        };
    }
    FNS.with(|fns| {
        let (find, is_extensible) = fns.as_ref()?;
        let at = find.call1(paths, is_extensible).ok()?.as_f64()?;
        Some(at >= 0.0)
    })
}

/// The index of the closing quote of a JSON string starting at `i` (just past its opening
/// quote), and whether it holds escapes.
fn string_end(bytes: &[u8], mut i: usize) -> Option<(usize, bool)> {
    let mut escaped = false;
    loop {
        match *bytes.get(i)? {
            b'"' => return Some((i, escaped)),
            b'\\' => {
                escaped = true;
                i += 2;
            }
            _ => i += 1,
        }
    }
}

/// Decodes a JSON string body; `None` on a lone surrogate.
fn unescape(s: &str, out: &mut String) -> Option<()> {
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let c = match chars.next()? {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'u' => {
                let unit = hex4(&mut chars)?;
                if (0xD800..0xDC00).contains(&unit) {
                    // A pair is written raw by well-formed stringify, but accept one.
                    let rest = chars.as_str();
                    let low = rest
                        .strip_prefix("\\u")
                        .and_then(|r| u32::from_str_radix(r.get(..4)?, 16).ok())
                        .filter(|l| (0xDC00..0xE000).contains(l))?;
                    chars = rest[6..].chars();
                    char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))?
                } else {
                    char::from_u32(unit)?
                }
            }
            other => other, // \" \\ \/
        };
        out.push(c);
    }
    Some(())
}

fn hex4(chars: &mut std::str::Chars<'_>) -> Option<u32> {
    let s = chars.as_str();
    let v = u32::from_str_radix(s.get(..4)?, 16).ok()?;
    *chars = s[4..].chars();
    Some(v)
}
