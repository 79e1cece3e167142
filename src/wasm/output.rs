//! The facade's per-call outputs (verdicts, outcomes, explanations, validation results,
//! summaries, changes, prompt requests) as JS objects, built the way serde-wasm-bindgen
//! builds them ([`super::write::to_js`], still used for the settings, snapshot and catalogue)
//! but with the fixed texts — codes, steps, decisions, localities, tiers — created once as JS
//! strings and handed out again: most of a verdict's strings are those, and decoding each
//! anew from wasm memory was the largest part of writing it.
//!
//! Same objects (tests/wasm_output.rs compares both writers over the corpora): structs become
//! objects (a skipped `None` field absent, an unskipped one `undefined`), sequences arrays,
//! integers numbers within 2^53, unit variants their names. The output types hold no maps,
//! bytes or data-carrying variants of an externally tagged enum: those are refused (`null`).

use std::fmt;

use js_sys::{Array, Object};
use serde::ser::{self, Impossible, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::write::label;

#[wasm_bindgen]
extern "C" {
    /// A plain object, written without `Reflect`'s try/catch (as serde-wasm-bindgen does).
    #[wasm_bindgen(extends = Object)]
    type Plain;
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &Plain, key: &JsValue, value: JsValue);
}

/// `value` as plain JS data; `null` for what it cannot write.
pub(super) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value.serialize(Writer).unwrap_or(JsValue::NULL)
}

/// A value serde-wasm-bindgen would write as something this writer does not build.
#[derive(Debug)]
pub(super) struct Unsupported;

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not an output value")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unsupported
    }
}

type Result<T = JsValue> = std::result::Result<T, Unsupported>;

/// The longest fixed text; longer strings are never looked up.
const LONGEST: usize = 24;

thread_local! {
    /// The fixed texts as JS strings, by length (a few to a length; a hash map costs more
    /// bytes of wasm).
    static TEXTS: Vec<Vec<(&'static str, JsValue)>> = fixed_texts();
}

/// The texts the core writes from fixed lists: its codes, and the labels of its small enums
/// (`as_str`: steps, decisions, localities, tiers) and of `explain`'s step outcomes. One left
/// out is only decoded anew each time.
const FIXED: &[&[&str]] = &[
    crate::codes::VALIDATION,
    crate::codes::RESOLUTION,
    crate::codes::PROMPT,
    &[
        "validation",
        "deny-override",
        "turn-deny",
        "deny-rule",
        "critical",
        "override",
        "turn-allow",
        "command-rule",
        "always-allow",
        "policy",
    ],
    &["allow", "prompt", "deny", "local", "external", "none"],
    &["read", "write", "exec", "browser", "mcp", "interaction"],
    &["decided", "passed", "skipped"],
];

fn fixed_texts() -> Vec<Vec<(&'static str, JsValue)>> {
    let mut texts: Vec<Vec<_>> = (0..=LONGEST).map(|_| Vec::new()).collect();
    for list in FIXED {
        for &s in *list {
            if let Some(bucket) = texts.get_mut(s.len()) {
                bucket.push((s, JsValue::from_str(s)));
            }
        }
    }
    texts
}

/// The JS string for `s`: the one created once when it is a fixed text.
#[inline(never)]
fn string(s: &str) -> JsValue {
    if s.len() <= LONGEST {
        let found = TEXTS.with(|texts| {
            let bucket = texts.get(s.len())?;
            let (_, v) = bucket.iter().find(|(k, _)| *k == s)?;
            Some(v.clone())
        });
        if let Some(v) = found {
            return v;
        }
    }
    JsValue::from_str(s)
}

/// The largest integer a JS number holds exactly, the range serde-wasm-bindgen accepts for
/// 64-bit integers without BigInts.
const SAFE: u64 = (1 << 53) - 1;

struct Writer;

impl ser::Serializer for Writer {
    type Ok = JsValue;
    type Error = Unsupported;
    type SerializeSeq = Elements;
    type SerializeTuple = Elements;
    type SerializeTupleStruct = Elements;
    type SerializeTupleVariant = Impossible<JsValue, Unsupported>;
    type SerializeMap = Impossible<JsValue, Unsupported>;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Impossible<JsValue, Unsupported>;

    fn serialize_bool(self, v: bool) -> Result {
        Ok(JsValue::from_bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result {
        Ok(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result {
        Ok(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result {
        Ok(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result {
        match v.unsigned_abs() <= SAFE {
            true => Ok(JsValue::from_f64(v as f64)),
            false => Err(Unsupported),
        }
    }
    fn serialize_u8(self, v: u8) -> Result {
        Ok(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result {
        Ok(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result {
        Ok(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result {
        match v <= SAFE {
            true => Ok(JsValue::from_f64(v as f64)),
            false => Err(Unsupported),
        }
    }
    fn serialize_f32(self, v: f32) -> Result {
        Ok(JsValue::from_f64(v.into()))
    }
    fn serialize_f64(self, v: f64) -> Result {
        Ok(JsValue::from_f64(v))
    }
    fn serialize_char(self, v: char) -> Result {
        Ok(JsValue::from_str(v.encode_utf8(&mut [0; 4])))
    }
    fn serialize_str(self, v: &str) -> Result {
        Ok(string(v))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Result {
        Ok(JsValue::UNDEFINED)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        Ok(JsValue::UNDEFINED)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        Ok(JsValue::UNDEFINED)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        Ok(label(variant).clone())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result {
        v.serialize(self)
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
    fn serialize_seq(self, _: Option<usize>) -> Result<Elements> {
        Ok(Elements(Array::new()))
    }
    fn serialize_tuple(self, _: usize) -> Result<Elements> {
        Ok(Elements(Array::new()))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Elements> {
        Ok(Elements(Array::new()))
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
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Err(Unsupported)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Fields> {
        Ok(Fields::new())
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

struct Elements(Array);

impl Elements {
    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let value = value.serialize(Writer)?;
        self.0.push(&value);
        Ok(())
    }
}

impl ser::SerializeSeq for Elements {
    type Ok = JsValue;
    type Error = Unsupported;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result {
        Ok(self.0.into())
    }
}

impl ser::SerializeTuple for Elements {
    type Ok = JsValue;
    type Error = Unsupported;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result {
        Ok(self.0.into())
    }
}

impl ser::SerializeTupleStruct for Elements {
    type Ok = JsValue;
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result {
        Ok(self.0.into())
    }
}

/// An object being written.
struct Fields {
    object: Plain,
}

impl Fields {
    fn new() -> Self {
        Fields {
            object: Object::new().unchecked_into(),
        }
    }
}

impl Fields {
    #[inline(never)]
    fn put(&self, key: &'static str, value: JsValue) {
        self.object.set(label(key), value);
    }
}

impl ser::SerializeStruct for Fields {
    type Ok = JsValue;
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        let value = value.serialize(Writer)?;
        self.put(key, value);
        Ok(())
    }
    fn end(self) -> Result {
        Ok(self.object.into())
    }
}
