//! The security corpus (tests/security/mod.rs) through the JS `Gatekeeper`, in Node and
//! headless Chromium: what a host calling only `check` sees (and that `validate` agrees).
#![cfg(target_arch = "wasm32")]

mod security;

use js_sys::{Array, Function, Reflect, JSON};
use security::Outcome;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn call(target: &JsValue, method: &str, arg: &JsValue) -> Result<JsValue, String> {
    let f: Function = Reflect::get(target, &method.into())
        .and_then(|f| f.dyn_into().map_err(JsValue::from))
        .map_err(|e| format!("{method}: {e:?}"))?;
    f.call1(target, arg)
        .map_err(|e| format!("{method} threw {e:?}"))
}

fn text(v: &JsValue, key: &str) -> String {
    Reflect::get(v, &key.into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
fn every_case_gets_its_expected_answer() {
    let class = security::gatekeeper_class();
    security::run(|config_json, call_json| {
        let config = JSON::parse(config_json).map_err(|e| format!("{e:?}"))?;
        let gk = Reflect::construct(&class, &Array::of1(&config))
            .map_err(|e| format!("config threw {e:?}"))?;
        let tool_call = JSON::parse(call_json).map_err(|e| format!("{e:?}"))?;
        // check alone: it validates first, denying exactly what validate refuses
        let verdict = call(&gk, "check", &tool_call)?;
        let validation = call(&gk, "validate", &tool_call)?;
        let validated = (Reflect::get(&validation, &"ok".into()).ok() != Some(JsValue::TRUE))
            .then(|| text(&validation, "code"));
        let gated = (text(&verdict, "step") == "validation").then(|| text(&verdict, "code"));
        if validated != gated || (gated.is_some() && text(&verdict, "decision") != "deny") {
            return Err(format!(
                "validate says {validated:?} but check says {} at {} ({})",
                text(&verdict, "decision"),
                text(&verdict, "step"),
                text(&verdict, "code")
            ));
        }
        Ok(match text(&verdict, "decision").as_str() {
            "allow" => Outcome::Allow,
            "prompt" => Outcome::Prompt,
            "deny" => Outcome::Deny,
            other => return Err(format!("check returned decision {other:?}")),
        })
    });
}
