//! Core → JS as plain data whose every field is an OWN data property: each one is defined
//! (`Reflect.defineProperty`), never assigned. An assignment consults the prototype chain: a
//! setter on a polluted `Object.prototype` or `Array.prototype` would run (and could throw
//! through the facade), and an inherited read-only `decision` or `allowed` would keep the
//! object from getting its own, so the inherited value would show through. Defining runs no
//! JS of anyone's. The shape is serde-wasm-bindgen's (which this replaced): structs and maps
//! as objects, sequences as arrays, `None` and `()` as `undefined`, unit variants as their
//! names, a variant with data as `{ variant: data }`.

use std::cell::OnceCell;

use js_sys::{Array, Object, Reflect};
use serde::ser::{self, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::pack::Unsupported;

/// `value` as plain JS data with own properties; `null` for what has no JS form (an integer
/// beyond 2^53, bytes, a map key that is not a string): the core's types have none.
pub(super) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value.serialize(Js).unwrap_or(JsValue::NULL)
}

/// Defines `o[key]` as an own, enumerable data property holding `value`.
pub(super) fn put(o: &JsValue, key: &JsValue, value: &JsValue) {
    define(o, key, value, true);
}

/// Gives `o` an own, non-enumerable `then` of `undefined`: a value a promise resolves to is
/// then never taken for a thenable, whatever `Object.prototype.then` holds.
pub(super) fn not_thenable(o: &JsValue) {
    define(o, super::label("then"), &JsValue::UNDEFINED, false);
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Reflect, js_name = defineProperty, catch)]
    fn define_property(o: &JsValue, key: &JsValue, descriptor: &Object) -> Result<bool, JsValue>;
}

thread_local! {
    /// The descriptors `define` passes, made once: no prototype, so `Object.prototype.get`
    /// cannot make one an accessor's. The first is enumerable, the second not.
    static DESCRIPTORS: OnceCell<[Object; 2]> = const { OnceCell::new() };
}

/// Defines `o[key]` as an own data property holding `value`.
fn define(o: &JsValue, key: &JsValue, value: &JsValue, enumerable: bool) {
    DESCRIPTORS.with(|cell| {
        let pair = cell.get_or_init(|| {
            [true, false].map(|enumerable| {
                let d = Object::create(JsValue::NULL.unchecked_ref());
                let on = JsValue::from_bool(true);
                let _ = Reflect::set(&d, super::label("writable"), &on);
                let _ = Reflect::set(&d, super::label("configurable"), &on);
                let _ = Reflect::set(&d, super::label("enumerable"), &enumerable.into());
                d
            })
        });
        let d = &pair[usize::from(!enumerable)];
        let _ = Reflect::set(d, super::label("value"), value);
        let _ = define_property(o, key, d);
    })
}

type Done = Result<JsValue, Unsupported>;

#[derive(Clone, Copy)]
struct Js;

/// An array being filled.
struct Items {
    array: JsValue,
    len: u32,
    /// The variant a tuple variant's array goes under.
    variant: Option<&'static str>,
}

/// An object being filled.
struct Fields {
    object: JsValue,
    /// A map's key, serialised, waiting for its value.
    key: Option<JsValue>,
    /// The variant a struct variant's object goes under.
    variant: Option<&'static str>,
}

/// `{ variant: value }`.
fn tagged(variant: &'static str, value: &JsValue) -> JsValue {
    let o: JsValue = Object::new().into();
    define(&o, super::label(variant), value, true);
    o
}

fn number(n: f64) -> Done {
    Ok(JsValue::from_f64(n))
}

/// An integer as a number, within JS's exact range.
fn integer(n: i128) -> Done {
    const EXACT: i128 = (1 << 53) - 1;
    if !(-EXACT..=EXACT).contains(&n) {
        return Err(Unsupported);
    }
    number(n as f64)
}

impl ser::Serializer for Js {
    type Ok = JsValue;
    type Error = Unsupported;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Items;
    type SerializeMap = Fields;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Fields;

    fn serialize_bool(self, v: bool) -> Done {
        Ok(JsValue::from_bool(v))
    }
    fn serialize_i8(self, v: i8) -> Done {
        number(v.into())
    }
    fn serialize_i16(self, v: i16) -> Done {
        number(v.into())
    }
    fn serialize_i32(self, v: i32) -> Done {
        number(v.into())
    }
    fn serialize_i64(self, v: i64) -> Done {
        integer(v.into())
    }
    fn serialize_u8(self, v: u8) -> Done {
        number(v.into())
    }
    fn serialize_u16(self, v: u16) -> Done {
        number(v.into())
    }
    fn serialize_u32(self, v: u32) -> Done {
        number(v.into())
    }
    fn serialize_u64(self, v: u64) -> Done {
        integer(v.into())
    }
    fn serialize_f32(self, v: f32) -> Done {
        number(v.into())
    }
    fn serialize_f64(self, v: f64) -> Done {
        number(v)
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Done {
        Ok(JsValue::from_str(v))
    }
    fn serialize_bytes(self, _: &[u8]) -> Done {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Done {
        Ok(JsValue::UNDEFINED)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        Ok(JsValue::UNDEFINED)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        Ok(JsValue::UNDEFINED)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        Ok(super::label(variant).clone())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Done {
        Ok(tagged(variant, &value.serialize(self)?))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Items, Unsupported> {
        Ok(Items {
            array: Array::new().into(),
            len: 0,
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Items, Unsupported> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Items, Unsupported> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Items, Unsupported> {
        let items = self.serialize_seq(Some(len))?;
        Ok(Items {
            variant: Some(variant),
            ..items
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Fields, Unsupported> {
        Ok(Fields {
            object: Object::new().into(),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Fields, Unsupported> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Fields, Unsupported> {
        let fields = self.serialize_map(Some(len))?;
        Ok(Fields {
            variant: Some(variant),
            ..fields
        })
    }
}

impl Items {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        let v = value.serialize(Js)?;
        define(&self.array, &JsValue::from_f64(self.len.into()), &v, true);
        self.len += 1;
        Ok(())
    }
    fn done(self) -> Done {
        Ok(match self.variant {
            Some(variant) => tagged(variant, &self.array),
            None => self.array,
        })
    }
}

/// The serializer traits of a sequence and of a struct: one method that adds, `end`.
macro_rules! filled_by {
    ($ty:ty, $add:ident: $($tr:ident::$method:ident),+) => {$(
        impl ser::$tr for $ty {
            type Ok = JsValue;
            type Error = Unsupported;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
                self.$add(value)
            }
            fn end(self) -> Done {
                self.done()
            }
        }
    )+};
}

filled_by!(Items, push: SerializeSeq::serialize_element, SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field, SerializeTupleVariant::serialize_field);

impl Fields {
    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        let v = value.serialize(Js)?;
        define(&self.object, super::label(key), &v, true);
        Ok(())
    }
    fn done(self) -> Done {
        Ok(match self.variant {
            Some(variant) => tagged(variant, &self.object),
            None => self.object,
        })
    }
}

impl ser::SerializeMap for Fields {
    type Ok = JsValue;
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsupported> {
        let k = key.serialize(Js)?;
        if k.as_string().is_none() {
            return Err(Unsupported);
        }
        self.key = Some(k);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        let key = self.key.take().ok_or(Unsupported)?;
        let v = value.serialize(Js)?;
        define(&self.object, &key, &v, true);
        Ok(())
    }
    fn end(self) -> Done {
        self.done()
    }
}

impl ser::SerializeStruct for Fields {
    type Ok = JsValue;
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        self.field(key, value)
    }
    fn end(self) -> Done {
        self.done()
    }
}

impl ser::SerializeStructVariant for Fields {
    type Ok = JsValue;
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        self.field(key, value)
    }
    fn end(self) -> Done {
        self.done()
    }
}

/// A list of strings as an array of own elements.
pub(super) fn strings<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> Array {
    let items: Vec<JsValue> = items
        .into_iter()
        .map(|s| JsValue::from_str(s.as_ref()))
        .collect();
    array(&items)
}

/// An array of own elements holding `items`.
pub(super) fn array(items: &[JsValue]) -> Array {
    let array = Array::new();
    for (i, v) in items.iter().enumerate() {
        define(&array, &JsValue::from_f64(i as f64), v, true);
    }
    array
}
