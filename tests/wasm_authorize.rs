//! `authorize` driven with real JS Promises, in Node and headless Chromium: prompts resolved
//! after a timer, rejected, thrown, garbage, never settling with a timeout, aborted, two
//! concurrent prompts settling out of order, and a callback that re-enters the Gatekeeper.
#![cfg(target_arch = "wasm32")]

use js_sys::{Function, Object, Promise, Reflect};
use toolgate::wasm::Gatekeeper;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

/// Builds a JS value from JS source, so the tests exercise what a JS host would pass.
fn js(src: &str) -> JsValue {
    Function::new_no_args(&format!("return ({src});"))
        .call0(&JsValue::NULL)
        .expect("valid JS")
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn text(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_default()
}

/// An always-ask Gatekeeper whose prompt is the given JS function.
fn gatekeeper(prompt: &str, extra: &str) -> Gatekeeper {
    Gatekeeper::new(js(&format!(
        "{{ mode: 'always-ask', workspaceRoots: ['/ws'], prompt: {prompt} {extra} }}"
    )))
    .expect("valid config")
}

const CALL: &str = "{ tool: 'mystery_tool', params: { x: 1 } }";

async fn authorize(gk: &Gatekeeper, call: &str, options: JsValue) -> JsValue {
    JsFuture::from(gk.authorize(js(call), options).unwrap())
        .await
        .expect("authorize never rejects")
}

async fn outcome(gk: &Gatekeeper) -> (bool, String, String) {
    let o = authorize(gk, CALL, JsValue::UNDEFINED).await;
    (
        get(&o, "allowed").is_truthy(),
        text(&o, "code"),
        text(&o, "decidedBy"),
    )
}

#[wasm_bindgen_test]
async fn answers_resolved_after_a_timer() {
    // (prompt source, allowed, code)
    let cases = [
        (
            "() => new Promise(r => setTimeout(() => r('once'), 5))",
            true,
            "user_once",
        ),
        (
            "() => new Promise(r => setTimeout(() => r('always'), 5))",
            true,
            "user_always",
        ),
        (
            "() => new Promise(r => setTimeout(() => r('deny'), 5))",
            false,
            "user_deny",
        ),
        ("() => 'once'", true, "user_once"),
    ];
    for (prompt, allowed, code) in cases {
        let gk = gatekeeper(prompt, "");
        let (a, c, by) = outcome(&gk).await;
        assert_eq!(
            (a, c.as_str(), by.as_str()),
            (allowed, code, "user"),
            "{prompt}"
        );
    }
}

#[wasm_bindgen_test]
async fn failures_deny_with_a_reason() {
    // (prompt source, code, decidedBy)
    let cases = [
        (
            "() => Promise.reject(new Error('nope'))",
            "prompt_failed",
            "prompt-error",
        ),
        (
            "() => { throw new Error('kaput') }",
            "prompt_failed",
            "prompt-error",
        ),
        ("() => 42", "prompt_invalid_answer", "prompt-error"),
        ("() => 'yes'", "prompt_invalid_answer", "prompt-error"),
        (
            "() => Promise.resolve({ answer: 'once' })",
            "prompt_invalid_answer",
            "prompt-error",
        ),
        ("() => undefined", "prompt_invalid_answer", "prompt-error"),
        ("() => 'ONCE'", "prompt_invalid_answer", "prompt-error"),
    ];
    for (prompt, code, by) in cases {
        let gk = gatekeeper(prompt, "");
        let o = authorize(&gk, CALL, JsValue::UNDEFINED).await;
        assert!(!get(&o, "allowed").is_truthy(), "{prompt}");
        assert_eq!(
            (text(&o, "code").as_str(), text(&o, "decidedBy").as_str()),
            (code, by),
            "{prompt}"
        );
        assert!(!text(&o, "reason").is_empty());
        assert_eq!(
            gk.always_allowed_tools().unwrap().length(),
            0,
            "a failed prompt changes nothing"
        );
    }
}

#[wasm_bindgen_test]
async fn never_settling_prompt_times_out() {
    let gk = gatekeeper("() => new Promise(() => {})", ", promptTimeoutMs: 20");
    let (allowed, code, by) = outcome(&gk).await;
    assert_eq!(
        (allowed, code.as_str(), by.as_str()),
        (false, "prompt_timeout", "timeout")
    );
}

#[wasm_bindgen_test]
async fn abort_signal_denies() {
    let gk = gatekeeper("() => new Promise(() => {})", "");
    let controller = js("new AbortController()");
    let options = Object::new();
    Reflect::set(&options, &"signal".into(), &get(&controller, "signal")).unwrap();
    let pending = gk.authorize(js(CALL), options.clone().into()).unwrap();
    let abort: Function = get(&controller, "abort").dyn_into().unwrap();
    abort.call0(&controller).unwrap();
    let o = JsFuture::from(pending).await.unwrap();
    assert_eq!(
        (text(&o, "code").as_str(), text(&o, "decidedBy").as_str()),
        ("prompt_aborted", "abort")
    );

    // Already aborted: the prompt is never called.
    let gk = gatekeeper(
        "() => { globalThis.__toolgatePrompted = true; return 'once' }",
        "",
    );
    let o = authorize(&gk, CALL, options.into()).await;
    assert_eq!(text(&o, "code"), "prompt_aborted");
    assert!(!js("globalThis.__toolgatePrompted === true").is_truthy());
}

#[wasm_bindgen_test]
async fn no_prompt_installed_denies() {
    let gk = Gatekeeper::new(js("{ mode: 'always-ask' }")).unwrap();
    let (allowed, code, by) = outcome(&gk).await;
    assert_eq!(
        (allowed, code.as_str(), by.as_str()),
        (false, "no_approval_ui", "no-ui")
    );
    // Removing the prompt with null also denies.
    let gk = gatekeeper("() => 'once'", "");
    gk.set_prompt(JsValue::NULL).unwrap();
    assert_eq!(outcome(&gk).await.1, "no_approval_ui");
}

#[wasm_bindgen_test]
async fn always_skips_the_second_prompt_and_is_reported() {
    let gk = gatekeeper(
        "(req) => { globalThis.__toolgateAsked = (globalThis.__toolgateAsked || 0) + 1; return 'always' }",
        ", onChange: (c) => { (globalThis.__toolgateChanges ||= []).push(c.kind + ':' + c.tool) }",
    );
    assert!(outcome(&gk).await.0);
    let second = authorize(&gk, CALL, JsValue::UNDEFINED).await;
    assert_eq!(text(&second, "decidedBy"), "engine");
    assert_eq!(js("globalThis.__toolgateAsked").as_f64(), Some(1.0));
    assert_eq!(
        js("globalThis.__toolgateChanges.join(',')")
            .as_string()
            .unwrap(),
        "alwaysAllow:mystery_tool"
    );
}

#[wasm_bindgen_test]
async fn concurrent_prompts_settle_out_of_order() {
    // The first call's prompt answers late with deny, the second's early with once.
    let gk = gatekeeper(
        "(req) => new Promise(r => setTimeout(() => r(req.params.n === 1 ? 'deny' : 'once'), req.params.n === 1 ? 30 : 5))",
        "",
    );
    let first = gk
        .authorize(
            js("{ tool: 'mystery_tool', params: { n: 1 } }"),
            JsValue::UNDEFINED,
        )
        .unwrap();
    let second = gk
        .authorize(
            js("{ tool: 'mystery_tool', params: { n: 2 } }"),
            JsValue::UNDEFINED,
        )
        .unwrap();
    let order = js("[]");
    let record = |p: Promise, tag: &'static str| {
        let order = order.clone();
        async move {
            let o = JsFuture::from(p).await.unwrap();
            order.unchecked_ref::<js_sys::Array>().push(&tag.into());
            o
        }
    };
    let (a, b) = futures_join(record(first, "first"), record(second, "second")).await;
    assert!(!get(&a, "allowed").is_truthy());
    assert!(get(&b, "allowed").is_truthy());
    assert_eq!(
        order
            .unchecked_ref::<js_sys::Array>()
            .join(",")
            .as_string()
            .unwrap(),
        "second,first"
    );
}

/// Joins two futures without an extra dependency: both are already running as JS promises.
async fn futures_join<A, B>(a: A, b: B) -> (JsValue, JsValue)
where
    A: std::future::Future<Output = JsValue> + 'static,
    B: std::future::Future<Output = JsValue> + 'static,
{
    let pa = wasm_bindgen_futures::future_to_promise(async move { Ok(a.await) });
    let pb = wasm_bindgen_futures::future_to_promise(async move { Ok(b.await) });
    (
        JsFuture::from(pa).await.unwrap(),
        JsFuture::from(pb).await.unwrap(),
    )
}

#[wasm_bindgen_test]
async fn reentrant_callback_changes_state_mid_prompt() {
    let gk = Gatekeeper::new(js("{ mode: 'always-ask' }")).unwrap();
    // The callback is created in JS and calls back into the very Gatekeeper awaiting it.
    let holder = Object::new();
    let callback = Closure::<dyn Fn(JsValue) -> JsValue>::new({
        let holder = holder.clone();
        move |_req: JsValue| {
            Reflect::set(&holder, &"called".into(), &JsValue::TRUE).unwrap();
            "once".into()
        }
    });
    gk.set_prompt(callback.as_ref().clone()).unwrap();
    let pending = gk.authorize(js(CALL), JsValue::UNDEFINED).unwrap();
    // While the prompt is open, the host changes the mode and an override.
    gk.set_mode("yolo".into()).unwrap();
    gk.set_override("bash", "deny", Some("test".into()))
        .unwrap();
    let o = JsFuture::from(pending).await.unwrap();
    assert!(get(&o, "allowed").is_truthy());
    assert_eq!(gk.mode(), "yolo");
    assert_eq!(gk.override_for("bash").as_deref(), Some("deny"));
    assert!(get(&holder, "called").is_truthy());
}

#[wasm_bindgen_test]
async fn callback_calling_into_the_gatekeeper_from_js() {
    // A JS prompt that reaches the Gatekeeper through a global, as a webview would.
    let gk = Gatekeeper::new(js("{ mode: 'always-ask' }")).unwrap();
    let gk_value: JsValue = gk.into();
    Reflect::set(&js_sys::global(), &"__toolgateGk".into(), &gk_value).unwrap();
    js("(globalThis.__toolgateGk.prompt = (req) => { const gk = globalThis.__toolgateGk; \
        gk.mode = 'write'; gk.allowAlways('other'); gk.check({ tool: 'read_file', params: { path: 'a' } }); \
        return new Promise(r => setTimeout(() => r('once'), 1)); })");
    let o = JsFuture::from(
        js(&format!("globalThis.__toolgateGk.authorize({CALL})"))
            .dyn_into::<Promise>()
            .unwrap(),
    )
    .await
    .unwrap();
    assert!(get(&o, "allowed").is_truthy());
    assert_eq!(
        js("globalThis.__toolgateGk.mode").as_string().unwrap(),
        "write"
    );
    assert_eq!(
        js("globalThis.__toolgateGk.alwaysAllowedTools.join(',')")
            .as_string()
            .unwrap(),
        "other"
    );
}
