//! The host scenarios of issue 26 (tests/js/package/host-scenarios.mjs: instance churn, a
//! host's exceptions while results are built, results that own their fields, outcomes no
//! inherited `then` adopts, a decision judged again at the answer, aborts, `free()` while a
//! prompt is open, BigInt settings, `fromSnapshot`'s field names) on wasm-bindgen's own glue
//! of this build, in Node and headless Chromium (no `run_in_browser`, see wasm_gatekeeper.rs).
//! The same scenarios run on the package as shipped in the package and js stages.
#![cfg(target_arch = "wasm32")]

mod wasm_support;

use js_sys::{Array, Function, Object, Promise};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;
use wasm_support::class;

/// The scenarios module's one function, made from its source.
fn scenarios() -> Function {
    let source = include_str!("js/package/host-scenarios.mjs").replacen("export ", "", 1);
    Function::new_no_args(&format!("{source}\nreturn hostScenarios;"))
        .call0(&JsValue::NULL)
        .unwrap()
        .dyn_into()
        .unwrap()
}

#[wasm_bindgen_test]
async fn the_host_scenarios_hold() {
    // fewer instances than on the package: this build is not optimised
    let options = Object::new();
    js_sys::Reflect::set(&options, &"churn".into(), &300.into()).unwrap();
    // the harness's own promises in a browser would adopt a polluted `then` (the package's
    // Chromium stage and Node run that scenario)
    let browser = wasm_support::js("typeof window === 'object'");
    js_sys::Reflect::set(
        &options,
        &"pollutedThen".into(),
        &(!browser.is_truthy()).into(),
    )
    .unwrap();
    let run = scenarios()
        .call2(&JsValue::NULL, &class(), &options)
        .unwrap()
        .dyn_into::<Promise>()
        .unwrap();
    let failures: Array = JsFuture::from(run).await.unwrap().dyn_into().unwrap();
    let failures: Vec<String> = failures.iter().filter_map(|f| f.as_string()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
