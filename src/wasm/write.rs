//! Core → JS: every value the facade hands out is the core type serialised as plain data whose
//! fields are own properties ([`super::owned`]), and every error it throws is a JS `Error` with
//! the failing field's path and a code as properties.

use js_sys::Object;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::settings::SettingsError;
use crate::validate::Invalid;

pub(super) use super::owned::to_js;

/// `value` packed (`pack.rs`: the tape left in wasm memory, its texts returned as a string,
/// for read_call.js to decode) when `packed` and it packs, else as [`to_js`]'s object.
pub(super) fn output<T: Serialize + ?Sized>(value: &T, packed: bool) -> JsValue {
    match packed.then(|| super::pack::pack(value)).flatten() {
        Some(texts) => texts,
        None => to_js(value),
    }
}

/// `{ ok: true }` or `{ ok: false, code, error, blocked? }` (as [`output`]).
pub(super) fn validation_js(result: &Result<(), Invalid>, packed: bool) -> JsValue {
    #[derive(Serialize)]
    struct Passed {
        ok: bool,
    }
    #[derive(Serialize)]
    struct Failed<'a> {
        ok: bool,
        code: &'a str,
        error: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        blocked: &'a Option<crate::verdict::BlockedPath>,
    }
    match result {
        Ok(()) => output(&Passed { ok: true }, packed),
        Err(e) => output(
            &Failed {
                ok: false,
                code: e.code,
                error: &e.error,
                blocked: &e.blocked,
            },
            packed,
        ),
    }
}

/// A thrown settings error: `Error("invalid settings: <field>: <message>")` (the core's
/// wording) with `field` and `code` properties.
fn settings_error(e: &SettingsError) -> JsValue {
    let (field, code) = (e.field.as_str(), e.code);
    let error = js_sys::Error::new(&e.to_string());
    let o: &Object = error.as_ref();
    super::owned::put(o, label("field"), &JsValue::from_str(field));
    super::owned::put(o, label("code"), &JsValue::from_str(code));
    error.into()
}

impl From<SettingsError> for JsValue {
    fn from(e: SettingsError) -> JsValue {
        settings_error(&e)
    }
}

thread_local! {
    /// JS strings for the facade's `&'static str` keys, created once and lent by reference.
    static STRINGS: std::cell::RefCell<Vec<(&'static str, &'static JsValue)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The JS string for a static Rust string (a property key), created on first use. Looked up
/// by address (the facade's keys are few, so the list stays short).
pub(super) fn label(s: &'static str) -> &'static JsValue {
    STRINGS.with(|cell| {
        let mut list = cell.borrow_mut();
        match list
            .iter()
            .find(|(k, _)| std::ptr::eq(k.as_ptr(), s.as_ptr()) && k.len() == s.len())
        {
            Some(&(_, v)) => v,
            None => {
                let v: &'static JsValue = Box::leak(Box::new(JsValue::from_str(s)));
                list.push((s, v));
                v
            }
        }
    })
}
