//! The prompt plumbing: calls the host's callback, awaits its answer as a Promise, and races
//! it against the timeout (`setTimeout`) and the caller's `AbortSignal`.
//!
//! Written with promise callbacks rather than an `async` block: `future_to_promise` brings an
//! executor, a task queue and a waker into the wasm for this one await (docs/size.md).
//!
//! Hostile hosts: every call into JS that can run the host's code is caught (an exception
//! unwinding through wasm would leave the instance borrowed for good and this promise
//! unsettled); the timer's and the signal's racers resolve to symbols, which no inherited
//! `then` can make a thenable; they are plain bound functions, so one that fires after the
//! race has settled calls no dropped closure. A signal is watched before the callback runs and
//! read again after it returns; one that cannot be read or watched denies.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::{Answer, PromptResult};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = setTimeout, catch)]
    fn set_timeout(callback: &Function, ms: f64) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_name = clearTimeout, catch)]
    fn clear_timeout(id: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(js_namespace = Promise, js_name = resolve, catch)]
    fn resolved(v: &JsValue) -> Result<Promise, JsValue>;
    #[wasm_bindgen(js_namespace = Promise, js_name = race, catch)]
    fn race(racers: &Array) -> Result<Promise, JsValue>;

    /// A promise's resolver, to bind to a value.
    type Resolver;
    #[wasm_bindgen(method, js_name = bind, catch)]
    fn bind(this: &Resolver, this_arg: &JsValue, value: &JsValue) -> Result<Function, JsValue>;

    /// A promise whose `then` takes its callbacks as plain values.
    type Thenable;
    #[wasm_bindgen(method, catch)]
    fn then(
        this: &Thenable,
        on_fulfilled: &JsValue,
        on_rejected: &JsValue,
    ) -> Result<JsValue, JsValue>;
}

/// What `authorize` does with the prompt's result: the value its promise resolves to.
pub(super) type Finish = Box<dyn FnOnce(PromptResult) -> JsValue>;

type Settle = Closure<dyn FnMut(JsValue)>;

/// The caller's `AbortSignal`: none, one, or why it could not be read (which denies).
pub(super) type Signal = Result<Option<JsValue>, String>;

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
    /// The timer's id, and the listener the signal was given.
    timer: Option<JsValue>,
    listener: Option<Function>,
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
    signal: Signal,
    finish: Finish,
) -> Promise {
    let (out, resolve) = pending();
    let (signal, unreadable) = match signal {
        Ok(signal) => (signal, None),
        Err(why) => (None, Some(why)),
    };
    let flight = Rc::new(RefCell::new(Some(Flight {
        finish,
        resolve,
        timeout_ms,
        signal,
        timed_out: JsValue::symbol(Some("toolgate: timed out")),
        aborted: JsValue::symbol(Some("toolgate: aborted")),
        timer: None,
        listener: None,
        settle: None,
    })));
    let shared = flight.clone();
    let start = Closure::once_into_js(move |_: JsValue| {
        let Some(flight) = shared.borrow_mut().take() else {
            return;
        };
        match (prompt, unreadable) {
            (_, Some(why)) => flight.end(PromptResult::Aborted(why)),
            (Some(prompt), None) => flight.race(&prompt, &request),
            (None, None) => flight.end(PromptResult::NoUi),
        }
    });
    let scheduled = resolved(&JsValue::UNDEFINED).and_then(|p| {
        p.unchecked_ref::<Thenable>()
            .then(&start, &JsValue::UNDEFINED)
    });
    if let Err(e) = scheduled {
        // No microtask: the prompt is not asked, and the call is denied now.
        if let Some(flight) = flight.borrow_mut().take() {
            let why = format!("it could not be scheduled: {}", describe(&e));
            flight.end(PromptResult::Failed(why));
        }
    }
    out
}

impl Flight {
    fn race(mut self, prompt: &Function, request: &JsValue) {
        let mut racers = Vec::new();
        // The signal first: an abort while the callback runs must be seen.
        if let Some(signal) = self.signal.clone() {
            if let Some(why) = self.aborted_now(&signal) {
                return self.end(PromptResult::Aborted(why));
            }
            let (p, on_abort) = match racer(&self.aborted) {
                Ok(r) => r,
                Err(why) => return self.end(PromptResult::Failed(why)),
            };
            if let Err(why) = listen(&signal, "addEventListener", &on_abort) {
                return self.end(PromptResult::Aborted(why));
            }
            self.listener = Some(on_abort);
            racers.push(p.into());
        }
        if let Some(ms) = self.timeout_ms {
            let (p, fire) = match racer(&self.timed_out) {
                Ok(r) => r,
                Err(why) => return self.end(PromptResult::Failed(why)),
            };
            match set_timeout(&fire, f64::from(ms)) {
                Ok(id) => self.timer = Some(id),
                Err(e) => {
                    let why = format!("its timer could not be set: {}", describe(&e));
                    return self.end(PromptResult::Failed(why));
                }
            }
            racers.push(p.into());
        }
        let answer = prompt.call1(&JsValue::NULL, request);
        // Read again: the callback may have aborted it (the listener may not have heard it).
        if let Some(signal) = self.signal.clone() {
            if let Some(why) = self.aborted_now(&signal) {
                return self.end(PromptResult::Aborted(why));
            }
        }
        let answer = match answer.and_then(|v| resolved(&v)) {
            Ok(p) => p,
            Err(e) => return self.end(PromptResult::Failed(format!("it threw: {}", describe(&e)))),
        };
        racers.insert(0, answer.into());
        let shared = Rc::new(RefCell::new(None));
        let (ok, err) = (settle(&shared, false), settle(&shared, true));
        let raced = race(&super::owned::array(&racers)).and_then(|p| {
            p.unchecked_ref::<Thenable>()
                .then(ok.as_ref(), err.as_ref())
        });
        if let Err(e) = raced {
            let why = format!("its answer could not be awaited: {}", describe(&e));
            return self.end(PromptResult::Failed(why));
        }
        self.settle = Some((ok, err));
        *shared.borrow_mut() = Some(self);
    }

    /// Why the signal counts as aborted now: it is, or it cannot be read.
    fn aborted_now(&self, signal: &JsValue) -> Option<String> {
        match Reflect::get(signal, super::label("aborted")) {
            Ok(a) if a.is_truthy() => Some(abort_reason(signal)),
            Ok(_) => None,
            Err(e) => Some(format!("its signal could not be read: {}", describe(&e))),
        }
    }

    /// The race settled with `v` (`rejected`: the answer's promise rejected).
    fn settled(self, rejected: bool, v: JsValue) {
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

    /// Finishes and resolves `ask`'s promise; stops the timer and the listener (a racer that
    /// fires anyway resolves a promise nobody awaits). The race's callbacks are dropped with
    /// `self`.
    fn end(self, result: PromptResult) {
        if let Some(id) = &self.timer {
            let _ = clear_timeout(id);
        }
        if let (Some(signal), Some(on_abort)) = (&self.signal, &self.listener) {
            let _ = listen(signal, "removeEventListener", on_abort);
        }
        let value = (self.finish)(result);
        let _ = self.resolve.call1(&JsValue::NULL, &value);
    }
}

/// `signal[method]("abort", listener)`, or why it could not be called.
fn listen(signal: &JsValue, method: &'static str, listener: &Function) -> Result<(), String> {
    let f = Reflect::get(signal, super::label(method))
        .map_err(|e| format!("its signal could not be read: {}", describe(&e)))?;
    let f = f
        .dyn_into::<Function>()
        .map_err(|_| format!("its signal has no {method}, so it cannot be watched"))?;
    f.call2(signal, super::label("abort"), listener)
        .map(drop)
        .map_err(|e| format!("its signal could not be watched: {}", describe(&e)))
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

/// A racer that resolves to `marker` when the returned function is called: a plain JS
/// function (the promise's resolver, bound), harmless however late or often it is called.
fn racer(marker: &JsValue) -> Result<(Promise, Function), String> {
    let (p, resolve) = pending();
    let fire = (resolve.unchecked_ref::<Resolver>())
        .bind(&JsValue::NULL, marker)
        .map_err(|e| format!("its racer could not be made: {}", describe(&e)))?;
    Ok((p, fire))
}

/// A promise and the function that resolves it.
fn pending() -> (Promise, Function) {
    let mut resolver = None;
    let p = Promise::new(&mut |resolve, _| resolver = Some(resolve));
    // `Promise::new` runs the executor synchronously, so the resolver is always set.
    (p, resolver.unwrap_or_else(|| Function::new_no_args("")))
}

fn abort_reason(signal: &JsValue) -> String {
    match Reflect::get(signal, super::label("reason")) {
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
