//! The prompt plumbing: calls the host's callback, awaits its answer as a Promise, and races
//! it against the timeout (`setTimeout`) and the caller's `AbortSignal`.
//!
//! Written with promise callbacks rather than an `async` block: `future_to_promise` brings an
//! executor, a task queue and a waker into the wasm for this one await (docs/size.md).

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::{Answer, PromptResult};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &Function, ms: f64) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(id: &JsValue);

    /// A promise whose `then` takes its callbacks as plain values.
    type Thenable;
    #[wasm_bindgen(method)]
    fn then(this: &Thenable, on_fulfilled: &JsValue, on_rejected: &JsValue) -> JsValue;
}

/// What `authorize` does with the prompt's result: the value its promise resolves to.
pub(super) type Finish = Box<dyn FnOnce(PromptResult) -> JsValue>;

type Settle = Closure<dyn FnMut(JsValue)>;

/// A prompt in flight: what the first settled racer needs to finish.
struct Flight {
    finish: Finish,
    /// Resolves the promise `ask` returned.
    resolve: Function,
    timeout_ms: Option<u32>,
    signal: Option<JsValue>,
    /// The values the timer's and the signal's racers resolve to.
    timed_out: JsValue,
    aborted: JsValue,
    timer: Option<(JsValue, Closure<dyn FnMut()>)>,
    listener: Option<Closure<dyn FnMut()>>,
    /// The race's callbacks, dropped with the flight once one of them ran.
    settle: Option<(Settle, Settle)>,
}

/// Calls the prompt (if there is one) and resolves to `finish`'s value once its answer, the
/// timeout or the abort signal settles. Starts in a microtask, as the `async` block did: the
/// code after `authorize()` runs before the prompt is called.
pub(super) fn ask(
    prompt: Option<Function>,
    request: JsValue,
    timeout_ms: Option<u32>,
    signal: Option<JsValue>,
    finish: Finish,
) -> Promise {
    let (out, resolve) = pending();
    let start = Closure::once_into_js(move |_: JsValue| {
        let flight = Flight {
            finish,
            resolve,
            timeout_ms,
            signal,
            timed_out: Object::new().into(),
            aborted: Object::new().into(),
            timer: None,
            listener: None,
            settle: None,
        };
        match prompt {
            Some(prompt) => flight.race(&prompt, &request),
            None => flight.end(PromptResult::NoUi),
        }
    });
    Promise::resolve(&JsValue::UNDEFINED)
        .unchecked_ref::<Thenable>()
        .then(&start, &JsValue::UNDEFINED);
    out
}

impl Flight {
    fn race(mut self, prompt: &Function, request: &JsValue) {
        if let Some(signal) = &self.signal {
            if Reflect::get(signal, &"aborted".into())
                .map(|a| a.is_truthy())
                .unwrap_or(false)
            {
                let reason = abort_reason(signal);
                return self.end(PromptResult::Aborted(reason));
            }
        }
        let answer = match prompt.call1(&JsValue::NULL, request) {
            Ok(v) => Promise::resolve(&v),
            Err(e) => return self.end(PromptResult::Failed(format!("it threw: {}", describe(&e)))),
        };
        let racers = Array::of1(&answer);
        if let Some(ms) = self.timeout_ms {
            let (p, fire) = racer(&self.timed_out);
            self.timer = Some((
                set_timeout(fire.as_ref().unchecked_ref(), f64::from(ms)),
                fire,
            ));
            racers.push(&p);
        }
        if let Some(signal) = &self.signal {
            let (p, on_abort) = racer(&self.aborted);
            if let Ok(add) = Reflect::get(signal, &"addEventListener".into())
                .and_then(|f| f.dyn_into::<Function>())
            {
                let _ = add.call2(signal, &"abort".into(), on_abort.as_ref());
                self.listener = Some(on_abort);
                racers.push(&p);
            }
        }
        let shared = Rc::new(RefCell::new(None));
        let (ok, err) = (settle(&shared, false), settle(&shared, true));
        Promise::race(&racers)
            .unchecked_ref::<Thenable>()
            .then(ok.as_ref(), err.as_ref());
        self.settle = Some((ok, err));
        *shared.borrow_mut() = Some(self);
    }

    /// The race settled with `v` (`rejected`: the answer's promise rejected).
    fn settled(self, rejected: bool, v: JsValue) {
        if let Some((id, _fire)) = &self.timer {
            clear_timeout(id);
        }
        if let (Some(signal), Some(on_abort)) = (&self.signal, &self.listener) {
            if let Ok(remove) = Reflect::get(signal, &"removeEventListener".into())
                .and_then(|f| f.dyn_into::<Function>())
            {
                let _ = remove.call2(signal, &"abort".into(), on_abort.as_ref());
            }
        }
        let result = if rejected {
            PromptResult::Failed(format!("it rejected: {}", describe(&v)))
        } else if v == self.timed_out {
            PromptResult::TimedOut(self.timeout_ms.unwrap_or_default())
        } else if v == self.aborted {
            PromptResult::Aborted(self.signal.as_ref().map(abort_reason).unwrap_or_default())
        } else {
            match v.as_string().as_deref().and_then(Answer::parse) {
                Some(a) => PromptResult::Answered(a),
                None => PromptResult::Garbage(describe_answer(&v)),
            }
        };
        self.end(result);
    }

    /// Finishes and resolves `ask`'s promise; the callbacks and the timer's and the
    /// listener's closures are dropped with `self`.
    fn end(self, result: PromptResult) {
        let value = (self.finish)(result);
        let _ = self.resolve.call1(&JsValue::NULL, &value);
    }
}

/// One of the race's two callbacks: the first to run takes the flight.
fn settle(shared: &Rc<RefCell<Option<Flight>>>, rejected: bool) -> Settle {
    let shared = shared.clone();
    Closure::once(move |v: JsValue| {
        let flight = shared.borrow_mut().take();
        if let Some(flight) = flight {
            flight.settled(rejected, v);
        }
    })
}

/// A racer that resolves to `sentinel` when the returned closure is called.
fn racer(sentinel: &JsValue) -> (Promise, Closure<dyn FnMut()>) {
    let (p, resolve) = pending();
    let sentinel = sentinel.clone();
    let call = Closure::once(move || {
        let _ = resolve.call1(&JsValue::NULL, &sentinel);
    });
    (p, call)
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
    if e.dyn_ref::<js_sys::Error>().is_some() {
        // `message` can be a getter that throws or returns anything: read it as a property,
        // so a hostile error object is still described, never rethrown through the facade.
        return js_sys::Reflect::get(e, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_else(|| String::from("an Error whose message could not be read"));
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
