//! JS → core: settings, snapshots, importer input and tool calls.
//!
//! Settings-shaped values go through serde: [`De`] walks objects and arrays as own properties
//! ([`own`], every read that can run the caller's code caught) and reads each leaf (a string,
//! number, boolean) itself. serde-wasm-bindgen's `Deserializer` is not used: its struct
//! reader reads `obj[field]` (an inherited value counts), calls getters outside any `catch`,
//! and visits only the declared fields, so `deny_unknown_fields` would never see a typo; and
//! its leaves, instantiated per visitor, cost more wasm than the few lines here. The reader
//! tracks where it is, so an error names the failing field with its path
//! (`tools.foo.requred`, `rules.allow[1]`) as the core's `SettingsError`.
//!
//! Tool calls are read by hand ([`read_call`]): only the params the tool's spec reads, each
//! once, as own properties; this is the hot path of `check`.

use js_sys::{Function, JsString, Reflect};
use serde::de::DeserializeOwned;
use serde::de::{self, Visitor};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::own;
use super::prompt::{describe, number};
use super::write::label;
use crate::call::{ToolCall, Value};
use crate::catalogue::Catalogue;
use crate::settings::{ErrorCode, Settings, SettingsError};
use crate::validate::Invalid;

/// `T` from the JS value `v`, as own properties, its fields named under `at` (the value's own
/// path: `""` for the settings, `rules` for `setRules`' argument).
pub(super) fn from_js<T: DeserializeOwned>(v: JsValue, at: &str) -> Result<T, SettingsError> {
    read(De::new(v), at)
}

/// `T` from `de`, a failure named by its path under `at` (the value's own path).
fn read<T: DeserializeOwned>(de: De, at: &str) -> Result<T, SettingsError> {
    T::deserialize(de).map_err(|e| located(e, at))
}

/// A conversion error as the core's: its field is the path under `at`.
#[inline(never)]
fn located(e: Error, at: &str) -> SettingsError {
    let mut field = at.to_string();
    let e = *e.0;
    for segment in e.path.iter().rev() {
        match segment {
            Segment::Key(k) if field.is_empty() => field.push_str(k),
            Segment::Key(k) => {
                field.push('.');
                field.push_str(k);
            }
            Segment::Index(i) => field.push_str(&format!("[{i}]")),
        }
    }
    match e.unreadable {
        true => SettingsError::new(ErrorCode::Unreadable, field, e.message),
        false => SettingsError::from_path(field, e.message),
    }
}

/// `from_js` for a value that may be absent (`undefined` or `null`).
pub(super) fn optional<T: DeserializeOwned>(
    v: JsValue,
    at: &str,
) -> Result<Option<T>, SettingsError> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        from_js(v, at).map(Some)
    }
}

/// The settings, and the host's callbacks beside them. `at` is `snapshot` for a snapshot.
pub(super) fn settings(js: &JsValue, at: &str) -> Result<(Settings, Host), SettingsError> {
    if js.is_undefined() || js.is_null() {
        return Ok((Settings::default(), Host::default()));
    }
    if !js.is_object() || own::is_array(js) || js.is_function() {
        let field = if at.is_empty() { "config" } else { at };
        return Err(SettingsError::new(
            ErrorCode::WrongType,
            field,
            "must be an object",
        ));
    }
    // The constructor's argument holds the host's callbacks beside the settings.
    let skip = if at.is_empty() { HOST_FIELDS } else { &[] };
    let settings = read(
        De {
            skip,
            ..De::new(js.clone())
        },
        at,
    )
    .map_err(|mut e| {
        if e.field.is_empty() {
            e.field = "config".into(); // the constructor's argument itself
        }
        e
    })?;
    Ok((settings, host(js)?))
}

/// The fields of the constructor's argument that are the host's, not settings.
const HOST_FIELDS: &[&str] = &["prompt", "onChange"];

/// The host's callbacks.
#[derive(Default)]
pub(super) struct Host {
    pub prompt: Option<Function>,
    pub on_change: Option<Function>,
}

/// The host's callbacks from `js` (the config, or `fromSnapshot`'s second argument).
pub(super) fn host(js: &JsValue) -> Result<Host, SettingsError> {
    Ok(Host {
        prompt: optional_function(own_field(js, "prompt")?, "prompt")?,
        on_change: optional_function(own_field(js, "onChange")?, "onChange")?,
    })
}

/// `v` when it is an object, `undefined` when it is absent; otherwise an error naming `at`.
pub(super) fn object_or_nothing(v: JsValue, at: &str) -> Result<JsValue, SettingsError> {
    if v.is_undefined() || v.is_null() {
        Ok(JsValue::UNDEFINED)
    } else if v.is_object() && !own::is_array(&v) {
        Ok(v)
    } else {
        Err(SettingsError::new(
            ErrorCode::WrongType,
            at,
            "must be an object",
        ))
    }
}

/// The own property `key` of `o` (`undefined` when it has none or `o` is no object).
pub(super) fn own_field(o: &JsValue, key: &str) -> Result<JsValue, SettingsError> {
    if !o.is_object() {
        return Ok(JsValue::UNDEFINED);
    }
    own::get(o, &JsValue::from_str(key))
        .map(Option::unwrap_or_default)
        .map_err(|e| SettingsError::new(ErrorCode::Unreadable, key, unreadable(&e)))
}

fn unreadable(e: &JsValue) -> String {
    format!("could not be read ({})", describe(e))
}

pub(super) fn optional_function(
    v: JsValue,
    field: &str,
) -> Result<Option<Function>, SettingsError> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.dyn_into::<Function>()
        .map(Some)
        .map_err(|_| SettingsError::new(ErrorCode::WrongType, field, "must be a function or null"))
}

/// A conversion error: serde's message (the core reads its code off the wording) and where
/// it happened, innermost segment first. [`Entries`] and [`Items`] add their segment as the
/// error passes them: the path costs nothing until something fails, and no generic wrapper
/// goes around every visitor (serde_path_to_error's way, which measured tens of KiB of wasm).
///
/// Boxed: every `Result` of every visitor carries it, and a pointer moves in one instruction.
#[derive(Debug)]
pub(super) struct Error(Box<Failure>);

#[derive(Debug)]
struct Failure {
    message: String,
    path: Vec<Segment>,
    /// A getter or proxy trap threw.
    unreadable: bool,
}

#[derive(Debug)]
enum Segment {
    Key(String),
    Index(u32),
}

impl Error {
    #[inline(never)]
    fn new(message: String) -> Error {
        Error(Box::new(Failure {
            message,
            path: Vec::new(),
            unreadable: false,
        }))
    }

    /// A read that threw, `why` in words.
    #[inline(never)]
    fn failed(why: String) -> Error {
        let mut e = Error::new(why);
        e.0.unreadable = true;
        e
    }

    fn thrown(e: &JsValue) -> Error {
        Error::failed(unreadable(e))
    }

    #[inline(never)]
    fn at(mut self, segment: Segment) -> Error {
        self.0.path.push(segment);
        self
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error::new(msg.to_string())
    }

    // serde's own wording, but `Unexpected` is never formatted by serde's `Display`: its
    // float arm would link Rust's float formatting into the wasm for one error message.
    fn invalid_type(unexpected: de::Unexpected, expected: &dyn de::Expected) -> Self {
        Error::new(format!(
            "invalid type: {}, expected {expected}",
            worded(unexpected)
        ))
    }

    fn invalid_value(unexpected: de::Unexpected, expected: &dyn de::Expected) -> Self {
        Error::new(format!(
            "invalid value: {}, expected {expected}",
            worded(unexpected)
        ))
    }
}

/// `Unexpected` as serde words it, a float written by JS (`1.5`, and `5.0` as serde has it).
fn worded(unexpected: de::Unexpected<'_>) -> std::borrow::Cow<'_, str> {
    use de::Unexpected as U;
    let text = match unexpected {
        U::Bool(b) => return format!("boolean `{b}`").into(),
        U::Unsigned(n) => return format!("integer `{n}`").into(),
        U::Signed(n) => return format!("integer `{n}`").into(),
        U::Float(n) => {
            let js = number(&JsValue::from(n));
            let point = if n.is_finite() && !js.contains(['.', 'e']) {
                ".0"
            } else {
                ""
            };
            return format!("floating point `{js}{point}`").into();
        }
        U::Char(c) => return format!("character `{c}`").into(),
        U::Str(s) => return format!("string {}", crate::shell::Quoted(&s)).into(),
        U::Bytes(_) => "byte array",
        U::Unit => "unit value",
        U::Option => "Option value",
        U::NewtypeStruct => "newtype struct",
        U::Seq => "sequence",
        U::Map => "map",
        U::Enum => "enum",
        U::UnitVariant => "unit variant",
        U::NewtypeVariant => "newtype variant",
        U::TupleVariant => "tuple variant",
        U::StructVariant => "struct variant",
        U::Other(other) => other,
    };
    text.into()
}

/// A JS integer as serde's integer visitors take it, non-negative as `u64`: a number without a
/// fraction within 64 bits. A BigInt is none: settings are JSON, which has no BigInt, and a
/// snapshot could not hold one.
fn integer(v: &JsValue) -> Option<Result<u64, i64>> {
    whole(v.as_f64()?)
}

/// `n` as a 64-bit integer, `None` when it has a fraction or is beyond 64 bits (a float then).
fn whole(n: f64) -> Option<Result<u64, i64>> {
    // 2^64 and -2^63 are exact as floats; `as` saturates, so the bounds are checked first.
    let whole = n.trunc() == n;
    if whole && (0.0..18446744073709551616.0).contains(&n) {
        Some(Ok(n as u64))
    } else if whole && (-9223372036854775808.0..0.0).contains(&n) {
        Some(Err(n as i64))
    } else {
        None
    }
}

/// A JS value read as own properties; see the module docs.
///
/// Every generic method (one copy per visitor) only hands the visitor what a non-generic
/// helper read: the reading, the type errors and the drops are written once.
pub(super) struct De {
    value: JsValue,
    /// Why the value could not be read (its getter threw): reported when it is deserialised,
    /// so the error's path names it.
    failed: Option<Error>,
    /// Keys of this object (not of nested ones) that are not read at all.
    skip: &'static [&'static str],
}

type DeResult<T> = Result<T, Error>;

/// A value as `deserialize_any` hands it on.
enum Any {
    Seq(Items),
    Map(Entries),
    Unit,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Str(String),
}

/// A type error for `v`, worded as serde words it.
#[inline(never)]
fn wrong(v: &JsValue, expected: &dyn de::Expected) -> Error {
    use de::Unexpected as U;
    let text = v.as_string();
    let unexpected = if v.is_undefined() || v.is_null() {
        U::Unit
    } else if own::is_array(v) {
        U::Seq
    } else if v.is_function() {
        U::Other("a function")
    } else if v.is_object() {
        U::Map
    } else if let Some(b) = v.as_bool() {
        U::Bool(b)
    } else if let Some(s) = &text {
        U::Str(s)
    } else if v.is_bigint() {
        U::Other("a BigInt (settings are JSON: give a number)")
    } else if let Some(n) = integer(v) {
        match n {
            Ok(n) => U::Unsigned(n),
            Err(n) => U::Signed(n),
        }
    } else if let Some(n) = v.as_f64() {
        U::Float(n)
    } else {
        U::Other("a value of another type")
    };
    de::Error::invalid_type(unexpected, expected)
}

impl De {
    pub(super) fn new(value: JsValue) -> De {
        De {
            value,
            failed: None,
            skip: &[],
        }
    }

    /// The value `read` returned, or the reason it could not be read.
    fn read(read: Result<Option<JsValue>, JsValue>) -> De {
        match read {
            Ok(v) => De::new(v.unwrap_or_default()),
            Err(e) => De {
                failed: Some(Error::thrown(&e)),
                ..De::new(JsValue::UNDEFINED)
            },
        }
    }

    /// The value, or the error its read raised.
    #[inline(never)]
    fn value(self) -> DeResult<JsValue> {
        match self.failed {
            Some(e) => Err(e),
            None => Ok(self.value),
        }
    }

    /// Whether the value is absent (`undefined` or `null`); the error its read raised.
    #[inline(never)]
    fn absent(&mut self) -> DeResult<bool> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        Ok(self.value.is_undefined() || self.value.is_null())
    }

    /// The leaf `read` finds in the value, or a type error.
    fn leaf<T>(self, expected: &dyn de::Expected, read: fn(&JsValue) -> Option<T>) -> DeResult<T> {
        let v = self.value()?;
        read(&v).ok_or_else(|| wrong(&v, expected))
    }

    #[inline(never)]
    fn boolean(self, expected: &dyn de::Expected) -> DeResult<bool> {
        self.leaf(expected, JsValue::as_bool)
    }

    // Integers only: a fraction is a type error, never a float handed to an integer visitor.
    #[inline(never)]
    fn integer(self, expected: &dyn de::Expected) -> DeResult<Result<u64, i64>> {
        self.leaf(expected, integer)
    }

    #[inline(never)]
    fn float(self, expected: &dyn de::Expected) -> DeResult<f64> {
        self.leaf(expected, JsValue::as_f64)
    }

    #[inline(never)]
    fn string(self, expected: &dyn de::Expected) -> DeResult<String> {
        self.leaf(expected, JsValue::as_string)
    }

    #[inline(never)]
    fn unit(self, expected: &dyn de::Expected) -> DeResult<()> {
        self.leaf(expected, |v| {
            (v.is_undefined() || v.is_null()).then_some(())
        })
    }

    /// A type error whatever the value (or the error its read raised).
    #[inline(never)]
    fn refused(self, expected: &dyn de::Expected) -> Error {
        match self.value() {
            Ok(v) => wrong(&v, expected),
            Err(e) => e,
        }
    }

    /// The object's own entries, but the skipped keys.
    #[inline(never)]
    fn object(self, expected: &dyn de::Expected) -> DeResult<Entries> {
        let skip = self.skip;
        let v = self.value()?;
        if !v.is_object() || v.is_function() || own::is_array(&v) {
            return Err(wrong(&v, expected));
        }
        let keys = own::keys(&v).map_err(|e| Error::thrown(&e))?;
        let keys = keys.iter().filter(|k| {
            let k = k.as_string().unwrap_or_default();
            !skip.contains(&k.as_str())
        });
        Ok(Entries {
            keys: keys.collect::<Vec<_>>().into_iter(),
            object: v,
            key: JsValue::UNDEFINED,
            value: Ok(None),
        })
    }

    /// The array's elements.
    #[inline(never)]
    fn array(self, expected: &dyn de::Expected) -> DeResult<Items> {
        let v = self.value()?;
        if !own::is_array(&v) {
            return Err(wrong(&v, expected));
        }
        let length = own::length(&v).map_err(|e| Error::thrown(&e))?;
        Ok(Items {
            array: v,
            next: 0,
            length,
        })
    }

    /// The value as `deserialize_any` sees it.
    #[inline(never)]
    fn any(self, expected: &dyn de::Expected) -> DeResult<Any> {
        let (skip, v) = (self.skip, self.value()?);
        let again = |v| De { skip, ..De::new(v) };
        Ok(if own::is_array(&v) {
            Any::Seq(again(v).array(expected)?)
        } else if v.is_object() && !v.is_function() {
            Any::Map(again(v).object(expected)?)
        } else if v.is_undefined() || v.is_null() {
            Any::Unit
        } else if let Some(b) = v.as_bool() {
            Any::Bool(b)
        } else if let Some(n) = integer(&v) {
            match n {
                Ok(n) => Any::Unsigned(n),
                Err(n) => Any::Signed(n),
            }
        } else if let Some(n) = v.as_f64() {
            Any::Float(n)
        } else if let Some(s) = v.as_string() {
            Any::Str(s)
        } else {
            return Err(wrong(&v, expected));
        })
    }
}

/// An object's own entries, each value read when serde asks for it.
struct Entries {
    object: JsValue,
    keys: std::vec::IntoIter<JsValue>,
    /// The key whose value is read next.
    key: JsValue,
    /// Its value, read with the key.
    value: Result<Option<JsValue>, JsValue>,
}

impl Entries {
    /// The next key's name. A key holding `undefined` is absent, as `JSON.stringify` and
    /// `Object.assign`-style spreading treat it (`{ ...settings, rules: undefined }`); its
    /// value is read here, once, to know.
    #[inline(never)]
    fn next_key(&mut self) -> Option<String> {
        loop {
            self.key = self.keys.next()?;
            self.value = own::get(&self.object, &self.key);
            if !matches!(&self.value, Ok(Some(v)) if v.is_undefined()) {
                return Some(self.key.as_string().unwrap_or_default());
            }
        }
    }

    /// The current key's value.
    #[inline(never)]
    fn next_value(&mut self) -> De {
        De::read(std::mem::replace(&mut self.value, Ok(None)))
    }

    /// `e`, raised at the current key.
    #[inline(never)]
    fn at(&self, e: Error) -> Error {
        e.at(Segment::Key(self.key.as_string().unwrap_or_default()))
    }
}

impl<'de> de::MapAccess<'de> for Entries {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> DeResult<Option<K::Value>> {
        let Some(name) = self.next_key() else {
            return Ok(None);
        };
        // An unknown key fails here: the error names the key.
        match seed.deserialize(de::value::StrDeserializer::<Error>::new(&name)) {
            Ok(key) => Ok(Some(key)),
            Err(e) => Err(self.at(e)),
        }
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> DeResult<V::Value> {
        match seed.deserialize(self.next_value()) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.at(e)),
        }
    }
}

/// An array's elements by index, each read when serde asks for it (a hole is `undefined`).
struct Items {
    array: JsValue,
    next: u32,
    length: u32,
}

impl Items {
    /// The next element, if any.
    #[inline(never)]
    fn next_item(&mut self) -> Option<De> {
        if self.next >= self.length {
            return None;
        }
        self.next += 1;
        Some(De::read(own::get(
            &self.array,
            &JsValue::from(self.next - 1),
        )))
    }

    /// `e`, raised at the current element.
    #[inline(never)]
    fn at(&self, e: Error) -> Error {
        e.at(Segment::Index(self.next - 1))
    }
}

impl<'de> de::SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> DeResult<Option<T::Value>> {
        let Some(item) = self.next_item() else {
            return Ok(None);
        };
        match seed.deserialize(item) {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(self.at(e)),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some((self.length - self.next) as usize)
    }
}

/// Leaves of one kind: `$read` (a method of [`De`]) reads the leaf, `$visit` hands it to the
/// visitor.
macro_rules! leaves {
    ($($method:ident)* => $read:ident, |$x:ident, $visitor:ident| $visit:expr) => {$(
        fn $method<V: Visitor<'de>>(self, $visitor: V) -> DeResult<V::Value> {
            let $x = self.$read(&$visitor)?;
            $visit
        }
    )*};
}

impl<'de> de::Deserializer<'de> for De {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> DeResult<V::Value> {
        match self.any(&visitor)? {
            Any::Seq(items) => visitor.visit_seq(items),
            Any::Map(entries) => visitor.visit_map(entries),
            Any::Unit => visitor.visit_unit(),
            Any::Bool(b) => visitor.visit_bool(b),
            Any::Unsigned(n) => visitor.visit_u64(n),
            Any::Signed(n) => visitor.visit_i64(n),
            Any::Float(n) => visitor.visit_f64(n),
            Any::Str(s) => visitor.visit_string(s),
        }
    }

    leaves! { deserialize_bool => boolean, |b, visitor| visitor.visit_bool(b) }

    leaves! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        => integer, |n, visitor| match n {
            Ok(n) => visitor.visit_u64(n),
            Err(n) => visitor.visit_i64(n),
        }
    }

    leaves! { deserialize_f32 deserialize_f64 => float, |n, visitor| visitor.visit_f64(n) }

    // A char is a one-character string to serde's char visitor.
    leaves! {
        deserialize_char deserialize_str deserialize_string
        => string, |s, visitor| visitor.visit_string(s)
    }

    leaves! { deserialize_identifier => string, |s, visitor| visitor.visit_str(&s) }

    leaves! { deserialize_unit => unit, |_u, visitor| visitor.visit_unit() }

    leaves! { deserialize_seq => array, |items, visitor| visitor.visit_seq(items) }

    leaves! { deserialize_map => object, |entries, visitor| visitor.visit_map(entries) }

    /// No setting is bytes: always a type error, as typed arrays were (objects, never read).
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> DeResult<V::Value> {
        Err(self.refused(&visitor))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> DeResult<V::Value> {
        Err(self.refused(&visitor))
    }

    fn deserialize_option<V: Visitor<'de>>(mut self, visitor: V) -> DeResult<V::Value> {
        if self.absent()? {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> DeResult<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> DeResult<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, visitor: V) -> DeResult<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        visitor: V,
    ) -> DeResult<V::Value> {
        self.deserialize_seq(visitor)
    }

    /// A struct reads every own entry, so `deny_unknown_fields` sees unknown keys.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> DeResult<V::Value> {
        self.deserialize_map(visitor)
    }

    /// Enums are written as their variant's name (every enum of the settings is).
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> DeResult<V::Value> {
        let name = self.string(&visitor)?;
        visitor.visit_enum(de::value::StringDeserializer::<Error>::new(name))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> DeResult<V::Value> {
        // An ignored value is not read (no getter runs for a field nobody uses).
        visitor.visit_unit()
    }
}

// ---- tool calls ------------------------------------------------------------------------

/// A string that is valid Unicode, or `None`.
///
/// One crossing into JS: `as_string` encodes with `TextEncoder`, which replaces a lone
/// surrogate with U+FFFD, so only a result holding U+FFFD needs the (slow: one call per code
/// unit) validity check, to tell a real U+FFFD from a repaired surrogate.
pub(super) fn path_string(v: &JsValue) -> Option<String> {
    let s = v.as_string()?;
    if s.contains('\u{FFFD}') && !v.unchecked_ref::<JsString>().is_valid_utf16() {
        return None;
    }
    Some(s)
}

fn read_value(v: JsValue) -> Value {
    // Strings first: nearly every param is one, and `as_string` is one call.
    if v.is_string() {
        return path_string(&v).map_or(Value::InvalidStr, Value::Str);
    }
    if v.is_null() || v.is_undefined() {
        Value::Null
    } else if let Some(b) = v.as_bool() {
        Value::Bool(b)
    } else if let Some(n) = v.as_f64() {
        Value::Number(n)
    } else {
        Value::Other
    }
}

/// The call's tool and the params the gate reads for that tool
/// ([`crate::ToolSpec::params_read`]), each read once, as own properties ([`own`]). A value
/// only the prototype supplies (a polluted `Object.prototype.path`) makes the call invalid:
/// toolgate does not read it, but the host's `params.path` would. A read that throws (a
/// getter, a proxy trap) makes it invalid too: toolgate cannot say what the field holds.
pub(super) fn read_call(call: &JsValue, catalogue: &Catalogue) -> Result<ToolCall, Invalid> {
    let malformed =
        |what: String| Invalid::new("invalid_call", format!("Malformed tool call: {what}."));
    if !call.is_object() || own::is_array(call) {
        return Err(malformed("expected an object { tool, params }".into()));
    }
    let field = |key: &'static str| {
        call_field(call, label(key)).map_err(|why| malformed(format!("`{key}` {why}")))
    };
    let tool = field("tool")?;
    let tool = match path_string(&tool) {
        Some(tool) => tool,
        None if tool.is_string() => return Err(malformed("`tool` is not valid Unicode".into())),
        None => return Err(malformed("`tool` must be a string".into())),
    };
    let params = field("params")?;
    let mut out = ToolCall::new(tool);
    if params.is_null() || params.is_undefined() {
        return Ok(out);
    }
    if !params.is_object() || own::is_array(&params) {
        return Err(malformed("`params` must be an object".into()));
    }
    for name in params_read(catalogue.spec(&out.tool)) {
        let value = call_field(&params, &JsValue::from_str(name)).map_err(|why| {
            Invalid::new(
                "invalid_param",
                format!("Parameter '{name}' of tool '{}' {why}.", out.tool),
            )
        })?;
        out.params.push((name.to_owned(), read_value(value)));
    }
    Ok(out)
}

/// The params [`read_call`] reads for a tool of this spec, in order: each of
/// [`crate::ToolSpec::params_read`] once. The JS layer reads the same list (plain.rs).
pub(super) fn params_read(spec: &crate::ToolSpec) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for name in spec.params_read() {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// A call's own field, `undefined` when neither it nor its prototypes have one; otherwise why
/// it cannot be judged. Read as the host reads it, then asked whether it is own only when it
/// holds something: an absent param (the usual `requires_approval`) costs one call into JS.
fn call_field(o: &JsValue, key: &JsValue) -> Result<JsValue, String> {
    let unreadable = |e: JsValue| format!("could not be read ({})", describe(&e));
    let v = Reflect::get(o, key).map_err(unreadable)?;
    if v.is_undefined() || own::has(o, key).map_err(unreadable)? {
        Ok(v)
    } else {
        Err("is inherited, not the call's own".into())
    }
}
