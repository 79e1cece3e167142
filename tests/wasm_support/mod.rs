//! What the wasm tests that drive `Gatekeeper` as JS does share: the class, JS values from JS
//! expressions, and the check that a throw is an `Error` naming a field.
#![allow(dead_code)] // each test file uses some of it

use js_sys::{Function, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};

pub mod importers;

/// The `Gatekeeper` class as JS sees it (its constructor and static methods, the importers
/// among them as the package installs them).
pub fn class() -> Function {
    let seed = toolgate::wasm::Gatekeeper::new(Object::new().into())
        .unwrap_or_else(|_| panic!("an empty config must construct"));
    let class = Reflect::get(&JsValue::from(seed), &"constructor".into())
        .unwrap()
        .dyn_into::<Function>()
        .unwrap();
    importers::install(&class);
    class
}

/// A JS value from a JS expression, e.g. `js("'\\uD800'")`.
pub fn js(expr: &str) -> JsValue {
    Function::new_no_args(&format!("return ({expr});"))
        .call0(&JsValue::NULL)
        .unwrap_or_else(|e| panic!("bad JS in test {expr}: {e:?}"))
}

/// `JSON.stringify(v)`, for comparing plain data.
pub fn json(v: &JsValue) -> String {
    JSON::stringify(v).unwrap().as_string().unwrap()
}

/// `v[key]`.
pub fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

/// A thrown value is a JS `Error` (not a wasm trap) whose message names `field`.
pub fn assert_error_naming(thrown: &JsValue, field: &str, what: &str) {
    let err = thrown
        .dyn_ref::<js_sys::Error>()
        .unwrap_or_else(|| panic!("{what}: threw a non-Error {thrown:?}"));
    assert_ne!(
        String::from(err.name()),
        "RuntimeError",
        "{what}: a wasm trap"
    );
    let message = String::from(err.message());
    assert!(
        message.contains(field),
        "{what}: message {message:?} does not name {field}"
    );
}
