//! serde over JS values: one `Deserializer` that reads a `JsValue` as the config types ask
//! for it, and one `Serializer` that writes plain JS objects. In place of serde-wasm-bindgen,
//! which cost ~50 KB of wasm (its struct and map readers are generic over every visitor); here
//! the JS work is in non-generic helpers and each generic method only dispatches.
//!
//! It reads values the way serde-wasm-bindgen 0.6 did, so configs, messages and outputs are
//! unchanged: `null`/`undefined` are unit, numbers that are safe integers are integers, a
//! struct reads only its declared fields, as own properties (an own `undefined` is present, an
//! inherited value absent: see [`super::own`]), a map or a sequence is any iterable (a `Map`, a
//! `Set`), an array's own elements or a plain object's own entries, an enum
//! is `"variant"` or `{ variant: payload }`. Strings are read with `as_string`, which repairs
//! a lone surrogate to U+FFFD (as before: config text is not a path to be checked).

use js_sys::{Array, Object, Reflect, Symbol, Uint8Array};
use serde::de::{self, DeserializeSeed, Expected, Unexpected, Visitor};
use serde::ser::{self, Impossible, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{label, own};

#[wasm_bindgen]
extern "C" {
    /// JS `String(v)`: an error's "TypeError: …" text, a number's shortest round-trip digits.
    #[wasm_bindgen(js_name = String)]
    fn js_string(v: &JsValue) -> String;
}

/// A conversion error: the message, as serde words it.
#[derive(Debug)]
pub(super) struct Error(pub(super) String);

type Result<T> = std::result::Result<T, Error>;

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }

    // Overridden so that serde's `Display for Unexpected` (which formats floats with core's
    // float formatter, ~15 KB of wasm) is never linked: [`unexpected_text`] words it the same.
    fn invalid_type(unexp: Unexpected, exp: &dyn Expected) -> Self {
        Error(format!(
            "invalid type: {}, expected {exp}",
            unexpected_text(&unexp)
        ))
    }

    fn invalid_value(unexp: Unexpected, exp: &dyn Expected) -> Self {
        Error(format!(
            "invalid value: {}, expected {exp}",
            unexpected_text(&unexp)
        ))
    }
}

impl ser::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

impl From<JsValue> for Error {
    /// A JS exception (a throwing getter or iterator, `Reflect.get` on a primitive).
    fn from(e: JsValue) -> Self {
        Error(js_string(&e))
    }
}

/// What serde's `Display for Unexpected` writes.
fn unexpected_text(u: &Unexpected) -> String {
    use Unexpected::*;
    match *u {
        Bool(b) => format!("boolean `{b}`"),
        Unsigned(i) => format!("integer `{i}`"),
        Signed(i) => format!("integer `{i}`"),
        Float(f) => format!("floating point `{}`", float_with_point(f)),
        Char(c) => format!("character `{c}`"),
        Str(s) => format!("string {s:?}"),
        Bytes(_) => "byte array".into(),
        Unit => "unit value".into(),
        Option => "Option value".into(),
        NewtypeStruct => "newtype struct".into(),
        Seq => "sequence".into(),
        Map => "map".into(),
        Enum => "enum".into(),
        UnitVariant => "unit variant".into(),
        NewtypeVariant => "newtype variant".into(),
        TupleVariant => "tuple variant".into(),
        StructVariant => "struct variant".into(),
        Other(other) => other.into(),
    }
}

/// `n` as Rust's `Display` writes it (`1.5`, `-0`, `NaN`, `inf`, `0.0000001`, never an
/// exponent), from JS's `String(n)`: both write the shortest digits that round-trip, so only
/// the notation differs. See [`crate::number`].
pub(crate) fn float_text(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "inf" } else { "-inf" }.into();
    }
    if n == 0.0 {
        return if n.is_sign_negative() { "-0" } else { "0" }.into();
    }
    let js = js_string(&JsValue::from_f64(n));
    let Some((mantissa, exp)) = js.split_once('e') else {
        return js;
    };
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    // Digits before the decimal point: one in JS's notation, moved by the exponent.
    let point = 1 + exp.parse::<i32>().unwrap_or(0);
    let mut out = String::from(sign);
    if point <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat('0').take(point.unsigned_abs() as usize));
        out.push_str(&digits);
    } else if point as usize >= digits.len() {
        out.push_str(&digits);
        out.extend(std::iter::repeat('0').take(point as usize - digits.len()));
    } else {
        let (int, frac) = digits.split_at(point as usize);
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    }
    out
}

/// serde's `WithDecimalPoint`: a finite number always shows a decimal point (`5.0`).
fn float_with_point(n: f64) -> String {
    let mut s = float_text(n);
    if n.is_finite() && !s.contains('.') {
        s.push_str(".0");
    }
    s
}

// ---- reading ---------------------------------------------------------------------------

/// A JS value as a serde `Deserializer`.
pub(super) struct De(pub(super) JsValue);

/// What `deserialize_any` found; built by a non-generic helper.
enum Any {
    Unit,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    Seq(Vec<JsValue>),
    Map(Vec<(JsValue, JsValue)>),
    Invalid,
}

fn is_nullish(v: &JsValue) -> bool {
    v.is_null() || v.is_undefined()
}

/// `Number.isSafeInteger`.
fn safe_integer(v: &JsValue) -> Option<i64> {
    let n = v.as_f64()?;
    (n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0).then_some(n as i64)
}

fn bytes(v: &JsValue) -> Option<Vec<u8>> {
    if let Some(a) = v.dyn_ref::<Uint8Array>() {
        return Some(a.to_vec());
    }
    v.dyn_ref::<js_sys::ArrayBuffer>()
        .map(|b| Uint8Array::new(b).to_vec())
}

#[cold]
fn invalid(v: &JsValue, exp: &dyn Expected) -> Error {
    let text;
    let unexpected = if is_nullish(v) {
        Unexpected::Unit
    } else if let Some(b) = v.as_bool() {
        Unexpected::Bool(b)
    } else if let Some(n) = v.as_f64() {
        Unexpected::Float(n)
    } else if let Some(s) = v.as_string() {
        text = s;
        Unexpected::Str(&text)
    } else if bytes(v).is_some() {
        Unexpected::Bytes(&[])
    } else {
        text = format!("{v:?}");
        Unexpected::Other(&text)
    };
    de::Error::invalid_type(unexpected, exp)
}

/// The values of an iterable, or `None` when it is not one. Throws (as an `Err`) for a
/// primitive, as `Reflect.get` does.
fn iterate(v: &JsValue) -> Result<Option<Vec<JsValue>>> {
    match js_sys::try_iter(v)? {
        Some(iter) => Ok(Some(iter.collect::<std::result::Result<_, _>>()?)),
        None => Ok(None),
    }
}

fn pair(p: &JsValue) -> (JsValue, JsValue) {
    let p = p.unchecked_ref::<Array>();
    (p.get(0), p.get(1))
}

/// A map's entries: an iterable's `[key, value]` pairs, else a plain object's own entries.
fn entries(v: &JsValue) -> Result<Option<Vec<(JsValue, JsValue)>>> {
    if let Some(items) = iterate(v)? {
        return Ok(Some(items.iter().map(pair).collect()));
    }
    if v.is_object() {
        return Ok(Some(own::entries(v)?));
    }
    Ok(None)
}

/// A sequence's items: an array's own elements, else any iterable's.
fn items(v: &JsValue) -> Result<Option<Vec<JsValue>>> {
    if own::is_array(v) {
        return Ok(Some(own::items(v)?));
    }
    iterate(v)
}

fn classify(v: &JsValue) -> Result<Any> {
    Ok(if is_nullish(v) {
        Any::Unit
    } else if let Some(b) = v.as_bool() {
        Any::Bool(b)
    } else if v.is_bigint() {
        match i64::try_from(v.clone()) {
            Ok(i) => Any::Int(i),
            Err(v) => match u64::try_from(v) {
                Ok(u) => Any::UInt(u),
                Err(_) => {
                    return Err(Error(
                        "Couldn't deserialize i64 or u64 from a BigInt outside i64::MIN..u64::MAX bounds".into(),
                    ))
                }
            },
        }
    } else if let Some(n) = v.as_f64() {
        match safe_integer(v) {
            Some(i) => Any::Int(i),
            None => Any::Float(n),
        }
    } else if let Some(s) = v.as_string() {
        Any::Str(s)
    } else if own::is_array(v) {
        Any::Seq(items(v)?.unwrap_or_default())
    } else if let Some(b) = bytes(v) {
        Any::Bytes(b)
    } else if v.is_object()
        && (!Reflect::has(v, &Symbol::iterator())? || v.has_type::<js_sys::Map>())
    {
        match entries(v)? {
            Some(e) => Any::Map(e),
            None => Any::Invalid,
        }
    } else {
        Any::Invalid
    })
}

struct Seq(std::vec::IntoIter<JsValue>);

impl<'de> de::SeqAccess<'de> for Seq {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        self.0.next().map(|v| seed.deserialize(De(v))).transpose()
    }
}

/// A map's entries, or a struct's present fields (keys as JS strings).
struct Map {
    entries: std::vec::IntoIter<(JsValue, JsValue)>,
    value: JsValue,
}

impl Map {
    fn new(entries: Vec<(JsValue, JsValue)>) -> Self {
        Map {
            entries: entries.into_iter(),
            value: JsValue::UNDEFINED,
        }
    }
}

impl<'de> de::MapAccess<'de> for Map {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.entries.next() {
            Some((k, v)) => {
                self.value = v;
                seed.deserialize(De(k)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(De(std::mem::replace(&mut self.value, JsValue::UNDEFINED)))
    }
}

/// A struct's declared fields that are own properties (an own `undefined` counts; an
/// inherited value does not).
fn struct_fields(obj: &JsValue, fields: &[&'static str]) -> Result<Vec<(JsValue, JsValue)>> {
    let mut out = Vec::new();
    for &field in fields {
        let key = label(field);
        if let Some(value) = own::get(obj, key)? {
            out.push((key.clone(), value));
        }
    }
    Ok(out)
}

/// An enum's tag and payload: `"variant"` or `{ variant: payload }`.
fn variant(v: &JsValue) -> Result<Option<(JsValue, JsValue)>> {
    if v.is_string() {
        return Ok(Some((v.clone(), JsValue::UNDEFINED)));
    }
    if !v.is_object() {
        return Ok(None);
    }
    let mut entries = own::entries(v)?;
    if entries.len() != 1 {
        return Err(de::Error::invalid_length(entries.len(), &"1"));
    }
    Ok(entries.pop())
}

/// `Deserializer` methods that read their type as another method does (`deserialize_i8` as
/// `deserialize_i64`, …).
macro_rules! forward {
    ($de:lifetime; $($from:ident => $to:ident,)*) => {
        $(
            fn $from<V: Visitor<$de>>(self, visitor: V) -> Result<V::Value> {
                self.$to(visitor)
            }
        )*
    };
}
impl<'de> de::Deserializer<'de> for De {
    type Error = Error;

    forward! { 'de;
        deserialize_f32 => deserialize_f64,
        deserialize_i8 => deserialize_i64,
        deserialize_i16 => deserialize_i64,
        deserialize_i32 => deserialize_i64,
        deserialize_u8 => deserialize_u64,
        deserialize_u16 => deserialize_u64,
        deserialize_u32 => deserialize_u64,
        deserialize_str => deserialize_string,
        deserialize_char => deserialize_string,
        deserialize_identifier => deserialize_string,
        deserialize_bytes => deserialize_any,
        deserialize_byte_buf => deserialize_any,
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match classify(&self.0)? {
            Any::Unit => visitor.visit_unit(),
            Any::Bool(b) => visitor.visit_bool(b),
            Any::Int(i) => visitor.visit_i64(i),
            Any::UInt(u) => visitor.visit_u64(u),
            Any::Float(n) => visitor.visit_f64(n),
            Any::Str(s) => visitor.visit_string(s),
            Any::Bytes(b) => visitor.visit_byte_buf(b),
            Any::Seq(items) => visitor.visit_seq(Seq(items.into_iter())),
            Any::Map(entries) => visitor.visit_map(Map::new(entries)),
            Any::Invalid => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if is_nullish(&self.0) {
            visitor.visit_unit()
        } else {
            Err(invalid(&self.0, &visitor))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.0.as_bool() {
            Some(b) => visitor.visit_bool(b),
            None => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.0.as_f64() {
            Some(n) => visitor.visit_f64(n),
            None => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match safe_integer(&self.0) {
            Some(i) => visitor.visit_i64(i),
            None => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match safe_integer(&self.0) {
            Some(i) if i >= 0 => visitor.visit_u64(i as u64),
            _ => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.0.as_string() {
            Some(s) => visitor.visit_string(s),
            None => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if is_nullish(&self.0) {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match items(&self.0)? {
            Some(items) => visitor.visit_seq(Seq(items.into_iter())),
            None => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match entries(&self.0)? {
            Some(entries) => visitor.visit_map(Map::new(entries)),
            None => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if !self.0.is_object() {
            return Err(invalid(&self.0, &visitor));
        }
        visitor.visit_map(Map::new(struct_fields(&self.0, fields)?))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match variant(&self.0)? {
            Some((tag, payload)) => visitor.visit_enum(Enum(tag, payload)),
            None => Err(invalid(&self.0, &visitor)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // Nothing to look at: an ignored value is never read, so it cannot throw.
        visitor.visit_unit()
    }
}

/// An enum's tag and payload.
struct Enum(JsValue, JsValue);

impl<'de> de::EnumAccess<'de> for Enum {
    type Error = Error;
    type Variant = De;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, De)> {
        Ok((seed.deserialize(De(self.0))?, De(self.1)))
    }
}

impl<'de> de::VariantAccess<'de> for De {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}

// ---- writing ---------------------------------------------------------------------------

/// Writes plain JS values: structs and maps as plain objects (every field the type writes,
/// `None` as `undefined`), sequences as arrays, unit variants as their names.
pub(super) struct Ser;

/// An object being filled (a struct, or a map with its pending key).
pub(super) struct ObjectOut {
    object: Object,
    key: JsValue,
}

pub(super) struct ArrayOut(Array);

fn object_out() -> ObjectOut {
    ObjectOut {
        object: Object::new(),
        key: JsValue::UNDEFINED,
    }
}

impl ser::Serializer for Ser {
    type Ok = JsValue;
    type Error = Error;
    type SerializeSeq = ArrayOut;
    type SerializeTuple = ArrayOut;
    type SerializeTupleStruct = ArrayOut;
    type SerializeTupleVariant = Impossible<JsValue, Error>;
    type SerializeMap = ObjectOut;
    type SerializeStruct = ObjectOut;
    type SerializeStructVariant = Impossible<JsValue, Error>;

    fn serialize_bool(self, v: bool) -> Result<JsValue> {
        Ok(JsValue::from_bool(v))
    }

    fn serialize_i8(self, v: i8) -> Result<JsValue> {
        self.serialize_f64(v.into())
    }

    fn serialize_i16(self, v: i16) -> Result<JsValue> {
        self.serialize_f64(v.into())
    }

    fn serialize_i32(self, v: i32) -> Result<JsValue> {
        self.serialize_f64(v.into())
    }

    fn serialize_i64(self, v: i64) -> Result<JsValue> {
        self.serialize_f64(v as f64)
    }

    fn serialize_u8(self, v: u8) -> Result<JsValue> {
        self.serialize_f64(v.into())
    }

    fn serialize_u16(self, v: u16) -> Result<JsValue> {
        self.serialize_f64(v.into())
    }

    fn serialize_u32(self, v: u32) -> Result<JsValue> {
        self.serialize_f64(v.into())
    }

    fn serialize_u64(self, v: u64) -> Result<JsValue> {
        self.serialize_f64(v as f64)
    }

    fn serialize_f32(self, v: f32) -> Result<JsValue> {
        self.serialize_f64(v.into())
    }

    fn serialize_f64(self, v: f64) -> Result<JsValue> {
        Ok(JsValue::from_f64(v))
    }

    fn serialize_char(self, v: char) -> Result<JsValue> {
        Ok(JsValue::from_str(v.encode_utf8(&mut [0; 4])))
    }

    fn serialize_str(self, v: &str) -> Result<JsValue> {
        Ok(JsValue::from_str(v))
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<JsValue> {
        Ok(Uint8Array::from(v).into())
    }

    fn serialize_none(self) -> Result<JsValue> {
        Ok(JsValue::UNDEFINED)
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<JsValue> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<JsValue> {
        Ok(JsValue::UNDEFINED)
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<JsValue> {
        Ok(JsValue::UNDEFINED)
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<JsValue> {
        Ok(JsValue::from_str(variant))
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<JsValue> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<JsValue> {
        let object = Object::new();
        Reflect::set(&object, &variant.into(), &value.serialize(self)?)?;
        Ok(object.into())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<ArrayOut> {
        Ok(ArrayOut(Array::new()))
    }

    fn serialize_tuple(self, _len: usize) -> Result<ArrayOut> {
        Ok(ArrayOut(Array::new()))
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<ArrayOut> {
        Ok(ArrayOut(Array::new()))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(ser::Error::custom(format!(
            "{name}: tuple variants are not written"
        )))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<ObjectOut> {
        Ok(object_out())
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<ObjectOut> {
        Ok(object_out())
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(ser::Error::custom(format!(
            "{name}: struct variants are not written"
        )))
    }
}

impl ArrayOut {
    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.0.push(&value.serialize(Ser)?);
        Ok(())
    }
}

impl ser::SerializeSeq for ArrayOut {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }

    fn end(self) -> Result<JsValue> {
        Ok(self.0.into())
    }
}

impl ser::SerializeTuple for ArrayOut {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }

    fn end(self) -> Result<JsValue> {
        Ok(self.0.into())
    }
}

impl ser::SerializeTupleStruct for ArrayOut {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }

    fn end(self) -> Result<JsValue> {
        Ok(self.0.into())
    }
}

impl ObjectOut {
    fn set(&self, key: &JsValue, value: &JsValue) -> Result<()> {
        Reflect::set(&self.object, key, value)?;
        Ok(())
    }
}

impl ser::SerializeMap for ObjectOut {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.key = key.serialize(Ser)?;
        Ok(())
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.set(&self.key, &value.serialize(Ser)?)
    }

    fn end(self) -> Result<JsValue> {
        Ok(self.object.into())
    }
}

impl ser::SerializeStruct for ObjectOut {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.set(label(key), &value.serialize(Ser)?)
    }

    fn end(self) -> Result<JsValue> {
        Ok(self.object.into())
    }
}
