//! Core → JS: every value the facade hands out is the core type as plain JS data (`None`
//! fields absent): the per-call outputs by a writer that creates the fixed texts once
//! ([`super::output`]), the settings, snapshot and catalogue by serde-wasm-bindgen
//! ([`to_js`]); every error it throws is a JS `Error` with the failing field's path and a
//! code as properties.

use js_sys::Object;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::output;
use crate::engine::{Explanation, Outcome};
use crate::settings::SettingsError;
use crate::shell::CommandSummary;
use crate::validate::Invalid;
use crate::verdict::{BlockedPath, Verdict};

const SERIALIZER: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);

/// `value` as plain JS data.
pub(super) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // The core's types serialise without fail (string keys, numbers within range).
    value.serialize(&SERIALIZER).unwrap_or(JsValue::NULL)
}

/// What `check` returns.
pub(super) fn verdict_js(verdict: &Verdict) -> JsValue {
    output::to_js(verdict)
}

/// What `authorize` resolves to.
pub(super) fn outcome_js(outcome: &Outcome) -> JsValue {
    output::to_js(outcome)
}

/// What `explain` returns.
pub(super) fn explanation_js(explanation: &Explanation) -> JsValue {
    output::to_js(explanation)
}

/// What `analyseCommand` returns.
pub(super) fn summary_js(summary: &CommandSummary) -> JsValue {
    output::to_js(summary)
}

/// `{ ok: true }` or `{ ok: false, code, error, blocked? }`.
pub(super) fn validation_js(result: &Result<(), Invalid>) -> JsValue {
    output::to_js(&validation(result))
}

/// What `validate` returns, as data.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum Validation<'a> {
    Passed {
        ok: bool,
    },
    Failed {
        ok: bool,
        code: &'a str,
        error: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        blocked: &'a Option<BlockedPath>,
    },
}

pub(super) fn validation(result: &Result<(), Invalid>) -> Validation<'_> {
    match result {
        Ok(()) => Validation::Passed { ok: true },
        Err(e) => Validation::Failed {
            ok: false,
            code: e.code,
            error: &e.error,
            blocked: &e.blocked,
        },
    }
}

/// A thrown settings error: `Error("invalid settings: <field>: <message>")` (the core's
/// wording) with `field` and `code` properties.
fn settings_error(e: &SettingsError) -> JsValue {
    let (field, code) = (e.field.as_str(), e.code);
    let error = js_sys::Error::new(&e.to_string());
    let o: &Object = error.as_ref();
    let _ = js_sys::Reflect::set(o, label("field"), &JsValue::from_str(field));
    let _ = js_sys::Reflect::set(o, label("code"), &JsValue::from_str(code));
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
