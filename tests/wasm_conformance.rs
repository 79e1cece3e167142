//! The originals' ported tests (tests/conformance/mod.rs) through the JS `Gatekeeper`, in Node
//! and headless Chromium: `Gatekeeper.importCline` for the command permissions, then
//! `validate` and `check` as a host calls them.
#![cfg(target_arch = "wasm32")]

mod conformance;

use conformance::{Judge, Outcome, Setup};
use js_sys::{Array, Function, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn method(target: &JsValue, name: &str) -> Function {
    Reflect::get(target, &name.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .unwrap_or_else(|| panic!("no method {name}"))
}

fn parse(json: &str) -> JsValue {
    JSON::parse(json).unwrap_or_else(|e| panic!("bad JSON {json}: {e:?}"))
}

fn text(v: &JsValue, key: &str) -> String {
    Reflect::get(v, &key.into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// The config the case runs with, or `None` when `importCline` or the constructor throws.
fn gatekeeper(class: &Function, setup: &Setup) -> Option<JsValue> {
    let config = parse(&setup.config);
    if let Some(permissions) = &setup.command_permissions {
        let input = Object::new();
        Reflect::set(&input, &"commandPermissions".into(), &parse(permissions)).ok()?;
        let imported = method(class, "importCline").call1(class, &input).ok()?;
        let more = Reflect::get(&imported, &"config".into()).ok()?;
        Object::assign(
            config.unchecked_ref::<Object>(),
            more.unchecked_ref::<Object>(),
        );
    }
    Reflect::construct(class, &Array::of1(&config)).ok()
}

fn judge(class: &Function, setup: &Setup, call: &str) -> Outcome {
    let Some(gk) = gatekeeper(class, setup) else {
        return Outcome::Invalid;
    };
    let call = parse(call);
    if setup.judge == Judge::Authorize {
        let validation = method(&gk, "validate").call1(&gk, &call).expect("validate");
        if Reflect::get(&validation, &"ok".into()).ok() != Some(JsValue::TRUE) {
            return Outcome::Deny;
        }
    }
    let verdict = method(&gk, "check").call1(&gk, &call).expect("check");
    match (
        text(&verdict, "decision").as_str(),
        text(&verdict, "code").as_str(),
    ) {
        ("allow", _) => Outcome::Allow,
        ("prompt", "critical_command") => Outcome::Critical,
        ("prompt", _) => Outcome::Prompt,
        ("deny", _) => Outcome::Deny,
        (other, _) => panic!("check returned decision {other:?}"),
    }
}

#[wasm_bindgen_test]
fn every_ported_case_gets_toolgates_answer() {
    let class = conformance::security::gatekeeper_class();
    let files: Vec<&str> = conformance::FILES.iter().map(|(n, _)| *n).collect();
    conformance::run(&files, |setup, call| judge(&class, setup, call));
}
