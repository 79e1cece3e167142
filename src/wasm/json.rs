//! The facade's outputs (verdicts, outcomes, explanations, validation results, summaries,
//! changes) as JSON text written in wasm and rebuilt by one `JSON.parse`: one string crossing
//! per call instead of a JS call per field and a `TextDecoder` call per string value.
//!
//! The objects are the ones serde-wasm-bindgen builds ([`super::write::to_js`]) for the types
//! this writes: structs become objects (a skipped `None` field is absent), sequences arrays,
//! maps objects with string keys, integers numbers. What JSON cannot say the same way
//! (`None` or `()` as a value, which serde-wasm-bindgen writes `undefined`; integers beyond
//! 2^53; bytes; non-finite floats; tuple and struct variants) is refused, and the caller
//! gets `null`: the output types never hold them (tests/wasm_output.rs compares both writers).

use std::fmt;

use serde::ser::{self, Impossible, Serialize};
use wasm_bindgen::JsValue;

/// `value` as plain JS data, through JSON text.
pub(super) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let mut text = String::with_capacity(256);
    match value.serialize(Writer(&mut text)) {
        Ok(()) => js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL),
        Err(Unsupported) => JsValue::NULL,
    }
}

/// A value JSON would write differently from serde-wasm-bindgen.
#[derive(Debug)]
pub(super) struct Unsupported;

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not representable as JSON")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unsupported
    }
}

type Result<T = ()> = std::result::Result<T, Unsupported>;

struct Writer<'a>(&'a mut String);

/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`), the range
/// serde-wasm-bindgen accepts for 64-bit integers.
const SAFE: u64 = (1 << 53) - 1;

impl Writer<'_> {
    fn int(self, negative: bool, magnitude: u64) -> Result {
        if magnitude > SAFE {
            return Err(Unsupported);
        }
        if negative && magnitude != 0 {
            self.0.push('-');
        }
        // Digits by hand: `fmt` on an integer pulls in its padding machinery.
        let mut digits = [0u8; 20];
        let (mut n, mut at) = (magnitude, digits.len());
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[at..] {
            self.0.push(d as char);
        }
        Ok(())
    }
}

/// `s` as a JSON string: `"` and `\` escaped, control characters as `\u00XX`, the rest as is
/// (JSON text may hold any other character, U+2028 and U+2029 included).
fn string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.reserve(s.len() + 2);
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        out.push_str(&s[start..i]);
        out.push('\\');
        match b {
            b'"' | b'\\' => out.push(b as char),
            _ => {
                out.push_str("u00");
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    fn serialize_bool(self, v: bool) -> Result {
        self.0.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.int(v < 0, v.unsigned_abs())
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.int(false, v)
    }
    fn serialize_f32(self, v: f32) -> Result {
        // serde-wasm-bindgen widens to f64; printing the f32 would round differently.
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result {
        if !v.is_finite() {
            return Err(Unsupported);
        }
        // Rust prints the shortest text that reads back as the same double.
        use fmt::Write;
        write!(self.0, "{v}").map_err(|_| Unsupported)
    }
    fn serialize_char(self, v: char) -> Result {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result {
        string(self.0, v);
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Result {
        Err(Unsupported)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        Err(Unsupported)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        Err(Unsupported)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result {
        Err(Unsupported)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>> {
        Ok(Compound::open(self.0, '['))
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>> {
        Ok(Compound::open(self.0, '['))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>> {
        Ok(Compound::open(self.0, '['))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(Unsupported)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>> {
        Ok(Compound::open(self.0, '{'))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>> {
        Ok(Compound::open(self.0, '{'))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(Unsupported)
    }
}

/// An array or object being written: `first` until its first element.
struct Compound<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> Compound<'a> {
    fn open(out: &'a mut String, bracket: char) -> Self {
        out.push(bracket);
        Compound { out, first: true }
    }

    fn comma(&mut self) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
    }

    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.comma();
        value.serialize(Writer(self.out))
    }

    fn close(self, bracket: char) -> Result {
        self.out.push(bracket);
        Ok(())
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        self.close(']')
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        self.close(']')
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        self.close(']')
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result {
        // Only string keys: serde-wasm-bindgen would turn another key into a property name.
        self.comma();
        let at = self.out.len();
        key.serialize(Writer(self.out))?;
        if self.out.as_bytes().get(at) != Some(&b'"') {
            return Err(Unsupported);
        }
        self.out.push(':');
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        value.serialize(Writer(self.out))
    }
    fn end(self) -> Result {
        self.close('}')
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result {
        self.comma();
        string(self.out, key);
        self.out.push(':');
        value.serialize(Writer(self.out))
    }
    fn end(self) -> Result {
        self.close('}')
    }
}
