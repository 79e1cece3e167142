//! The prompt plumbing: calls the host's callback, awaits its answer as a Promise, and races
//! it against the timeout (`setTimeout`) and the caller's `AbortSignal`.

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::engine::{Answer, PromptResult};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &Function, ms: f64) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(id: &JsValue);
}

/// Calls the prompt and awaits its answer, racing the timeout and the abort signal.
pub(super) async fn ask(
    prompt: &Function,
    request: &JsValue,
    timeout_ms: Option<u32>,
    signal: Option<&JsValue>,
) -> PromptResult {
    if let Some(signal) = signal {
        if Reflect::get(signal, &"aborted".into())
            .map(|a| a.is_truthy())
            .unwrap_or(false)
        {
            return PromptResult::Aborted(abort_reason(signal));
        }
    }
    let answer = match prompt.call1(&JsValue::NULL, request) {
        Ok(v) => Promise::resolve(&v),
        Err(e) => return PromptResult::Failed(format!("it threw: {}", describe(&e))),
    };
    let timed_out = Object::new();
    let aborted = Object::new();
    let racers = Array::of1(&answer);
    let mut timer = None;
    if let Some(ms) = timeout_ms {
        let (p, resolve) = pending();
        let sentinel = timed_out.clone();
        let fire = Closure::once(move || {
            let _ = resolve.call1(&JsValue::NULL, &sentinel);
        });
        timer = Some((
            set_timeout(fire.as_ref().unchecked_ref(), f64::from(ms)),
            fire,
        ));
        racers.push(&p);
    }
    let mut listener = None;
    if let Some(signal) = signal {
        let (p, resolve) = pending();
        let sentinel = aborted.clone();
        let on_abort = Closure::once(move || {
            let _ = resolve.call1(&JsValue::NULL, &sentinel);
        });
        if let Ok(add) =
            Reflect::get(signal, &"addEventListener".into()).and_then(|f| f.dyn_into::<Function>())
        {
            let _ = add.call2(signal, &"abort".into(), on_abort.as_ref());
            listener = Some(on_abort);
            racers.push(&p);
        }
    }
    let settled = JsFuture::from(Promise::race(&racers)).await;
    if let Some((id, _fire)) = timer {
        clear_timeout(&id);
    }
    if let (Some(signal), Some(on_abort)) = (signal, listener.as_ref()) {
        if let Ok(remove) = Reflect::get(signal, &"removeEventListener".into())
            .and_then(|f| f.dyn_into::<Function>())
        {
            let _ = remove.call2(signal, &"abort".into(), on_abort.as_ref());
        }
    }
    match settled {
        Err(e) => PromptResult::Failed(format!("it rejected: {}", describe(&e))),
        Ok(v) if v == JsValue::from(timed_out) => {
            PromptResult::TimedOut(timeout_ms.unwrap_or_default())
        }
        Ok(v) if v == JsValue::from(aborted) => {
            PromptResult::Aborted(signal.map(abort_reason).unwrap_or_default())
        }
        Ok(v) => match v.as_string().as_deref().and_then(Answer::parse) {
            Some(a) => PromptResult::Answered(a),
            None => PromptResult::Garbage(describe_answer(&v)),
        },
    }
}

/// A promise and the function that resolves it.
fn pending() -> (Promise, Function) {
    let mut resolver = None;
    let p = Promise::new(&mut |resolve, _| resolver = Some(resolve));
    // `Promise::new` runs the executor synchronously, so the resolver is always set.
    (p, resolver.unwrap_or_else(|| Function::new_no_args("")))
}

fn abort_reason(signal: &JsValue) -> String {
    match Reflect::get(signal, &"reason".into()) {
        Ok(r) if !r.is_undefined() => describe(&r),
        _ => "signal aborted".to_string(),
    }
}

/// A thrown or rejected value in words: an `Error`'s message, a string, or its type.
pub(super) fn describe(e: &JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    if let Some(s) = e.as_string() {
        return s;
    }
    describe_answer(e)
}

/// A JS number as JS writes it: Rust's float formatting would cost the wasm more than every
/// message that needs it.
pub(super) fn number(v: &JsValue) -> String {
    let n: &js_sys::Number = v.unchecked_ref();
    n.to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

fn describe_answer(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        return crate::shell::Quoted(&s).to_string();
    }
    if v.as_f64().is_some() {
        return format!("the number {}", number(v));
    }
    format!(
        "a value of type {}",
        v.js_typeof().as_string().unwrap_or_default()
    )
}
