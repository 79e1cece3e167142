//! Reading JS input as own properties only: calls, params, the config and everything nested in
//! it. A value inherited through a prototype is not read, so a polluted `Object.prototype` or
//! `Array.prototype` supplies nothing (`Object.entries` sees input the same way): in the config
//! it is absent; in a call, where the host would read it, it makes the call invalid. Every read
//! that can run the caller's code (a getter, a proxy trap) is caught: its throw comes back as
//! an `Err` for the caller to word, never as an exception unwinding through the facade.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// The object's own enumerable string keys, in order (`Object.keys`).
    #[wasm_bindgen(js_namespace = Object, js_name = keys, catch)]
    pub(super) fn keys(o: &JsValue) -> Result<Array, JsValue>;
    #[wasm_bindgen(js_namespace = Array, js_name = isArray, catch)]
    fn array_is_array(v: &JsValue) -> Result<bool, JsValue>;
}

/// `o[key]` when `key` is an own property of the object `o` (an accessor is called, once),
/// `None` when it is not one.
#[inline(never)] // one copy for every reader
pub(super) fn get(o: &JsValue, key: &JsValue) -> Result<Option<JsValue>, JsValue> {
    if !has(o, key)? {
        return Ok(None);
    }
    Reflect::get(o, key).map(Some)
}

/// Whether `key` is an own property of the object `o`. Only the descriptor's existence is
/// used: its `value` would be inherited for an accessor, so values are read the way the host
/// reads them (`Reflect.get`).
pub(super) fn has(o: &JsValue, key: &JsValue) -> Result<bool, JsValue> {
    Ok(!Reflect::get_own_property_descriptor(o.unchecked_ref::<Object>(), key)?.is_undefined())
}

/// The most elements read from one array: a sparse `new Array(2 ** 32 - 1)` would otherwise
/// be billions of reads of nothing.
const MAX_ITEMS: f64 = (1 << 20) as f64;

/// An array's length, to read its elements by index with [`get`] (a hole is absent, never
/// an inherited index).
pub(super) fn length(a: &JsValue) -> Result<u32, JsValue> {
    let length = Reflect::get(a, super::label("length"))?
        .as_f64()
        .unwrap_or(0.0);
    if length > MAX_ITEMS {
        return Err(js_sys::Error::new("an array of more than 1048576 entries").into());
    }
    Ok(length as u32)
}

/// `Array.isArray`; a revoked proxy (which makes it throw) is no array, and the read that
/// follows reports it.
pub(super) fn is_array(v: &JsValue) -> bool {
    array_is_array(v).unwrap_or(false)
}
