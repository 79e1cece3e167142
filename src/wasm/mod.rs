//! The JS facade: converts JS values into core types and back ([`read`], [`write`]), and
//! awaits the prompt's Promise ([`prompt`]). No policy lives here: every decision and every
//! settings rule is the core's.
//!
//! Two facades share the readers and writers, each behind a cargo feature, so the package ships
//! each in its own binary: the `Gatekeeper` class (`gate`, this file) and the importers
//! (`importers`, [`import`]), which a host loads only when it imports another agent's settings.
//!
//! State lives in `Rc<RefCell<…>>` and every method takes `&self`, so a prompt callback may
//! call back into the same Gatekeeper while a prompt is open. No borrow is held across an
//! `.await` or while any of the host's JS runs (a getter of the call, a callback): the call is
//! read before the engine is borrowed, the answer built after. And no JS exception unwinds
//! through the facade: every call into JS that can run the host's code is caught, and the
//! values handed out are built without running any ([`owned`]), so an instance stays usable
//! whatever the host's JS does.

// The class's imports are unused when the build has the importers alone.
#![cfg_attr(not(feature = "gate"), allow(unused_imports))]

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, Function, Promise};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::catalogue::Catalogue;
use crate::engine::{
    invalid_outcome, invalid_verdict, Begin, Change, Engine, Explanation, TurnGrants,
};
use crate::policy::{ClineAutoApproval, Mode, Policy};
use crate::settings::{check_version, ErrorCode, Rules, Settings, SettingsError};

#[cfg(feature = "importers")]
pub mod import;
#[cfg(feature = "gate")]
mod listing;
mod own;
#[cfg_attr(not(feature = "gate"), allow(dead_code))]
mod owned;
#[cfg(feature = "gate")]
mod plain;
// The readers, writers and `describe` are shared; their gate-only parts are unused by the
// importers alone.
#[cfg_attr(not(feature = "gate"), allow(dead_code))]
mod pack;
#[cfg_attr(not(feature = "gate"), allow(dead_code))]
mod prompt;
#[cfg_attr(not(feature = "gate"), allow(dead_code))]
mod read;
#[cfg_attr(not(feature = "gate"), allow(dead_code))]
mod write;

use read::{
    from_js, object_or_nothing, optional, optional_function, own_field, path_string, read_call,
};
use write::{label, output, to_js};

/// The TypeScript of every type the facades take and return: generated from the core's
/// types (`types.d.ts`, checked against the Rust types by a native test), the importers'
/// inputs and the thrown error (`import.d.ts`), and the host's callbacks (`host.d.ts`, the
/// class only).
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = include_str!("types.d.ts");
#[wasm_bindgen(typescript_custom_section)]
const TS_IMPORT: &'static str = include_str!("import.d.ts");
#[cfg(feature = "gate")]
#[wasm_bindgen(typescript_custom_section)]
const TS_HOST: &'static str = include_str!("host.d.ts");

/// What every method that answers with a JS value returns: never an error. A `Result` makes
/// the wasm export return two values instead of one `externref`, which Node 20's V8 (11.3)
/// would inline into the optimized JS calling it and could not deoptimize (plain.rs, and
/// docs/architecture.md § The JS layer and V8): no export of the class returns one.
#[cfg(feature = "gate")]
type Two<T> = Result<T, JsValue>;

/// The one class JS sees.
#[cfg(feature = "gate")]
#[wasm_bindgen]
pub struct Gatekeeper {
    engine: Rc<RefCell<Engine>>,
    /// The engine's (it never changes), read without borrowing the engine.
    catalogue: Rc<Catalogue>,
    prompt: Rc<RefCell<Option<Function>>>,
    on_change: Rc<RefCell<Option<Function>>>,
    /// Set when the instance is freed: a prompt still open then ends in a deny.
    freed: Rc<Cell<bool>>,
}

#[cfg(feature = "gate")]
impl Drop for Gatekeeper {
    fn drop(&mut self) {
        self.freed.set(true);
    }
}

#[cfg(feature = "gate")]
#[wasm_bindgen]
impl Gatekeeper {
    /// Throws an `Error` naming the bad field on invalid config.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "GatekeeperConfig")] config: JsValue,
    ) -> Result<Gatekeeper, JsValue> {
        console_error_panic_hook::set_once();
        let (settings, host) = read::settings(&config, "")?;
        Ok(Self::build(settings, host)?)
    }

    fn build(settings: Settings, host: read::Host) -> Result<Gatekeeper, SettingsError> {
        let engine = Engine::new(settings)?;
        Ok(Gatekeeper {
            catalogue: engine.shared_catalogue(),
            engine: Rc::new(RefCell::new(engine)),
            prompt: Rc::new(RefCell::new(host.prompt)),
            on_change: Rc::new(RefCell::new(host.on_change)),
            freed: Rc::new(Cell::new(false)),
        })
    }

    /// Everything a user decided, as plain JSON (turn grants and callbacks excluded).
    #[wasm_bindgen(unchecked_return_type = "Snapshot")]
    pub fn snapshot(&self) -> Two<JsValue> {
        let snapshot = self.engine.borrow().snapshot();
        Ok(to_js(&snapshot))
    }

    /// Restores a snapshot exactly; throws on an unknown or newer version, naming the field.
    #[wasm_bindgen(js_name = fromSnapshot)]
    pub fn from_snapshot(
        #[wasm_bindgen(unchecked_param_type = "Snapshot")] snapshot: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HostOptions")] host: JsValue,
    ) -> Result<Gatekeeper, JsValue> {
        console_error_panic_hook::set_once();
        let snapshot = object_or_nothing(snapshot, "snapshot")?;
        // The version first: a newer snapshot is refused before its fields are judged.
        let version = own_field(&snapshot, "version").map_err(|e| e.under("snapshot"))?;
        if version.is_undefined() || version.is_null() {
            let e = SettingsError::new(ErrorCode::MissingField, "snapshot.version", "missing");
            return Err(e.into());
        }
        check_version(from_js(version, "snapshot.version")?).map_err(|e| e.under("snapshot"))?;
        let (mut settings, _) = read::settings(&snapshot, "snapshot")?;
        // The host's options are the second argument's, named as its own fields; every error
        // of the snapshot's is named under `snapshot.`, the checks of its values included.
        let timeout = optional(own_field(&host, "promptTimeoutMs")?, "promptTimeoutMs")?;
        if let Some(ms) = timeout {
            crate::settings::check_prompt_timeout(ms)?;
        }
        let host = read::host(&host)?;
        settings.prompt_timeout_ms = timeout.or(settings.prompt_timeout_ms);
        Ok(Self::build(settings, host).map_err(|e| e.under("snapshot"))?)
    }

    /// The shell analysis alone (no policy): the simple commands that would run, each as its
    /// words joined by spaces (launchers included), whether the command is plain, and why it
    /// cannot be judged, if so. For tools and benchmarks; `check` does this internally.
    #[wasm_bindgen(js_name = analyseCommand, unchecked_return_type = "CommandSummary")]
    pub fn analyse_command(command: &str) -> Two<JsValue> {
        Ok(to_js(&crate::shell::analyse(command).summary()))
    }

    /// Analyses every command of a list in one call and returns how many simple commands they
    /// hold in total (entries that are not strings count 0): the parser's throughput without a
    /// JS object per command.
    #[wasm_bindgen(js_name = analyseCommands)]
    pub fn analyse_commands(
        #[wasm_bindgen(unchecked_param_type = "string[]")] commands: &JsValue,
    ) -> Result<u32, JsError> {
        let list: &Array = commands
            .dyn_ref()
            .ok_or_else(|| JsError::new("analyseCommands: expected an array of strings"))?;
        let mut total = 0u32;
        for item in list.iter() {
            if let Some(c) = item.as_string() {
                total = total.saturating_add(crate::shell::analyse(&c).commands.len() as u32);
            }
        }
        Ok(total)
    }

    /// `{ ok: true }` or `{ ok: false, code, error }`; never throws.
    #[wasm_bindgen(unchecked_return_type = "ValidationResult")]
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ToolCall")] call: &JsValue,
    ) -> Two<JsValue> {
        Ok(validation_js(
            &self.engine,
            read_call(call, &self.catalogue),
            false,
        ))
    }

    /// The verdict for `call`, synchronously; never prompts. Validates first: a malformed or
    /// invalid call is denied at step `validation`, with the validation code.
    #[wasm_bindgen(unchecked_return_type = "Verdict")]
    pub fn check(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ToolCall")] call: &JsValue,
    ) -> Two<JsValue> {
        Ok(verdict_js(
            &self.engine,
            read_call(call, &self.catalogue),
            false,
        ))
    }

    /// Every step of the resolution order with what it looked at and why it passed or decided.
    #[wasm_bindgen(unchecked_return_type = "Explanation")]
    pub fn explain(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ToolCall")] call: &JsValue,
    ) -> Two<JsValue> {
        Ok(explanation_js(
            &self.engine,
            read_call(call, &self.catalogue),
            false,
        ))
    }

    /// Validate → resolve → prompt if needed. Resolves to `{ allowed, reason?, code, decidedBy,
    /// verdict }`; never rejects.
    #[wasm_bindgen(unchecked_return_type = "Promise<Outcome>")]
    pub fn authorize(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ToolCall")] call: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "AuthorizeOptions")] options: JsValue,
    ) -> Two<Promise> {
        let parsed = read_call(&call, &self.catalogue);
        Ok(self.authorize_read(parsed, call, options))
    }

    /// `authorize` of the call as read; `call` is the call as given (the prompt shows its
    /// `params`).
    #[inline(never)]
    fn authorize_read(
        &self,
        parsed: Result<crate::ToolCall, crate::validate::Invalid>,
        call: JsValue,
        options: JsValue,
    ) -> Promise {
        let has_prompt = self.prompt.borrow().is_some();
        let (read, request, verdict) = match parsed {
            Err(invalid) => {
                return settled(&invalid_outcome(invalid, crate::Locality::None));
            }
            Ok(read) => {
                let begin = self.engine.borrow().begin(&read, has_prompt);
                match begin {
                    Begin::Settled(outcome) => return settled(&outcome),
                    Begin::Ask(request, verdict) => (read, request, verdict),
                }
            }
        };
        let request_js = to_js(&request);
        // The params as given: the prompt shows the call that was judged.
        let params = own::get(&call, label("params"))
            .ok()
            .flatten()
            .unwrap_or_default();
        owned::put(&request_js, label("params"), &params);
        let prompt = self.prompt.borrow().clone();
        let timeout = self.engine.borrow().prompt_timeout_ms();
        let engine = self.engine.clone();
        let on_change = self.on_change.clone();
        let freed = self.freed.clone();
        let finish: prompt::Finish = Box::new(move |result| {
            // Freed while it asked: nothing of the instance may be relied on, so no answer is.
            let result = match freed.get() {
                true => crate::engine::PromptResult::Aborted("the Gatekeeper was freed".into()),
                false => result,
            };
            let (outcome, change) = engine.borrow_mut().finish(&read, verdict, result);
            if let Some(change) = change {
                notify(&on_change, &change);
            }
            outcome_js(&outcome)
        });
        prompt::ask(prompt, request_js, timeout, signal(&options), finish)
    }

    #[wasm_bindgen(js_name = isIgnored)]
    pub fn is_ignored(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] path: &JsValue,
    ) -> bool {
        // A path that is not a usable string fails closed.
        match path_string(path) {
            Some(p) => self.engine.borrow().access().is_ignored(&p),
            None => true,
        }
    }

    /// The paths that are not ignored, in order; non-string entries are dropped. Entry by
    /// entry: the package's layer (src/wasm/listing.js) judges a listing in one crossing and
    /// comes here only for what it does not read itself.
    #[wasm_bindgen(js_name = filterPaths)]
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn filter_paths(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[]")] paths: &JsValue,
    ) -> Result<Array, JsError> {
        if !own::is_array(paths) {
            return Err(JsError::new("filterPaths: expected an array of paths"));
        }
        // Read first (an entry's getter is the caller's code), judged after: an entry that
        // cannot be read is not vouched for, so it is dropped.
        let mut read = Vec::new();
        for i in 0..own::length(paths).unwrap_or(0) {
            let item = js_sys::Reflect::get_u32(paths, i).unwrap_or_default();
            if let Some(p) = path_string(&item) {
                read.push((item, p));
            }
        }
        let kept: Vec<JsValue> = {
            let engine = self.engine.borrow();
            let mut batch = engine.access().batch();
            read.into_iter()
                .filter(|(_, p)| !batch.is_ignored(p))
                .map(|(item, _)| item)
                .collect()
        };
        Ok(owned::array(&kept))
    }

    /// `"local"` or `"external"`; a path that cannot be resolved is external.
    #[wasm_bindgen(js_name = classifyPath)]
    #[wasm_bindgen(unchecked_return_type = "\"local\" | \"external\"")]
    pub fn classify_path(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] path: &JsValue,
    ) -> Two<JsValue> {
        let class = match path_string(path) {
            Some(p) => self.engine.borrow().access().classify(&p).as_str(),
            None => crate::Locality::External.as_str(),
        };
        // The two answers are created once, not decoded on every call.
        Ok(label(class).clone())
    }

    /// Warnings from compiling the ignore file (e.g. a missing `!include`).
    /// Every tool this Gatekeeper declares, with its spec: the default catalogue plus the
    /// settings' `tools`. Tools not listed are judged as tier `exec` (`mcp__…` names as `mcp`).
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, ToolSpec>")]
    pub fn catalogue(&self) -> Two<JsValue> {
        Ok(to_js(&self.catalogue.tools()))
    }

    #[wasm_bindgen(getter, js_name = ignoreWarnings, unchecked_return_type = "string[]")]
    pub fn ignore_warnings(&self) -> Two<Array> {
        let warnings = self.engine.borrow().access().ignore().warnings().to_vec();
        Ok(owned::strings(warnings))
    }

    #[wasm_bindgen(getter, unchecked_return_type = "Mode")]
    pub fn mode(&self) -> String {
        self.engine.borrow().mode().as_str().to_string()
    }

    #[wasm_bindgen(setter)]
    pub fn set_mode(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Mode")] mode: JsValue,
    ) -> Result<(), JsValue> {
        let mode = mode
            .as_string()
            .and_then(|m| Mode::parse(&m))
            .ok_or_else(|| {
                SettingsError::new(
                    ErrorCode::InvalidValue,
                    "mode",
                    format!("expected {}", Mode::LABELS),
                )
            })?;
        let change = self.engine.borrow_mut().set_mode(mode);
        notify(&self.on_change, &change);
        Ok(())
    }

    /// Cline's auto-approval settings become the policy table; `null` returns to the mode's.
    #[wasm_bindgen(js_name = setAutoApproval)]
    pub fn set_auto_approval(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ClineAutoApproval | null")] settings: JsValue,
    ) -> Result<(), JsValue> {
        let settings: Option<ClineAutoApproval> = optional(settings, "autoApproval")?;
        let change = self.engine.borrow_mut().set_auto_approval(settings);
        notify(&self.on_change, &change);
        Ok(())
    }

    /// The prompt callback; `null` removes it (then any prompt is a deny).
    #[wasm_bindgen(setter)]
    pub fn set_prompt(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PromptCallback | null")] prompt: JsValue,
    ) -> Result<(), JsValue> {
        *self.prompt.borrow_mut() = optional_function(prompt, "prompt")?;
        Ok(())
    }

    /// Called with `{ kind, … }` once for every change the host should persist.
    #[wasm_bindgen(setter, js_name = onChange)]
    pub fn set_on_change(
        &self,
        #[wasm_bindgen(unchecked_param_type = "((change: Change) => void) | null")]
        callback: JsValue,
    ) -> Result<(), JsValue> {
        *self.on_change.borrow_mut() = optional_function(callback, "onChange")?;
        Ok(())
    }

    #[wasm_bindgen(js_name = setOverride)]
    pub fn set_override(
        &self,
        tool: &str,
        #[wasm_bindgen(unchecked_param_type = "Policy")] policy: &str,
        origin: Option<String>,
    ) -> Result<(), JsValue> {
        let policy = Policy::parse(policy).ok_or_else(|| {
            let labels = "expected \"allow\", \"deny\" or \"prompt\"";
            SettingsError::new(ErrorCode::InvalidValue, "policy", labels)
        })?;
        crate::engine::check_mcp_key("tool", tool)?;
        let change = self.engine.borrow_mut().set_override(tool, policy, origin);
        notify(&self.on_change, &change);
        Ok(())
    }

    #[wasm_bindgen(js_name = clearOverride)]
    pub fn clear_override(&self, tool: &str) {
        let change = self.engine.borrow_mut().clear_override(tool);
        if let Some(change) = change {
            notify(&self.on_change, &change);
        }
    }

    #[wasm_bindgen(js_name = overrideFor, unchecked_return_type = "Policy | undefined")]
    pub fn override_for(&self, tool: &str) -> Option<String> {
        self.engine
            .borrow()
            .override_for(tool)
            .map(|o| o.policy.as_str().to_string())
    }

    #[wasm_bindgen(js_name = overrideOriginFor)]
    pub fn override_origin_for(&self, tool: &str) -> Option<String> {
        self.engine
            .borrow()
            .override_for(tool)
            .and_then(|o| o.origin.clone())
    }

    #[wasm_bindgen(js_name = allowAlways)]
    pub fn allow_always(&self, tool: &str) {
        let change = self.engine.borrow_mut().allow_always(tool);
        if let Some(change) = change {
            notify(&self.on_change, &change);
        }
    }

    /// Takes a tool back off the always-allow set.
    #[wasm_bindgen(js_name = revokeAlwaysAllow)]
    pub fn revoke_always_allow(&self, tool: &str) {
        let change = self.engine.borrow_mut().revoke_always_allow(tool);
        if let Some(change) = change {
            notify(&self.on_change, &change);
        }
    }

    /// Replaces the command rules (entries as in the config, examples checked); on error
    /// nothing changes and it throws, naming the rule.
    #[wasm_bindgen(js_name = setRules)]
    pub fn set_rules(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Rules")] rules: JsValue,
    ) -> Result<(), JsValue> {
        let rules: Rules = optional(rules, "rules")?.unwrap_or_default();
        let change = self.engine.borrow_mut().set_rules(rules)?;
        notify(&self.on_change, &change);
        Ok(())
    }

    /// This turn's grants, each list sorted.
    #[wasm_bindgen(getter, js_name = turnGrants, unchecked_return_type = "{ allow: string[]; deny: string[] }")]
    pub fn turn_grants(&self) -> Two<JsValue> {
        let grants = {
            let engine = self.engine.borrow();
            let (allow, deny) = engine.turn_grants();
            TurnGrants {
                allow: allow.map(String::from).collect(),
                deny: deny.map(String::from).collect(),
            }
        };
        Ok(to_js(&grants))
    }

    #[wasm_bindgen(js_name = isAlwaysAllowed)]
    pub fn is_always_allowed(&self, tool: &str) -> bool {
        self.engine.borrow().is_always_allowed(tool)
    }

    /// Sorted, without duplicates.
    #[wasm_bindgen(getter, js_name = alwaysAllowedTools, unchecked_return_type = "string[]")]
    pub fn always_allowed_tools(&self) -> Two<Array> {
        let tools: Vec<String> = self
            .engine
            .borrow()
            .always_allowed_tools()
            .map(String::from)
            .collect();
        Ok(owned::strings(tools))
    }

    /// `{ allow?: string[], deny?: string[] }`: a skill's allowed-tools / disallowed-tools.
    #[wasm_bindgen(js_name = grantForTurn)]
    pub fn grant_for_turn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "TurnGrants")] grants: JsValue,
    ) -> Result<(), JsValue> {
        let grants: TurnGrants = from_js(grants, "grants")?;
        for (list, keys) in [
            ("grants.allow", &grants.allow),
            ("grants.deny", &grants.deny),
        ] {
            for (i, key) in keys.iter().enumerate() {
                crate::engine::check_mcp_key(&format!("{list}[{i}]"), key)?;
            }
        }
        let change = self
            .engine
            .borrow_mut()
            .grant_for_turn(grants.allow, grants.deny);
        notify(&self.on_change, &change);
        Ok(())
    }

    #[wasm_bindgen(js_name = clearTurnGrants)]
    pub fn clear_turn_grants(&self) {
        let change = self.engine.borrow_mut().clear_turn_grants();
        notify(&self.on_change, &change);
    }

    /// Replaces the ignore file (and its includes); on error nothing changes and it throws.
    #[wasm_bindgen(js_name = setIgnoreFile)]
    pub fn set_ignore_file(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Record<string, string>")] includes: JsValue,
    ) -> Result<(), JsValue> {
        let text: Option<String> = optional(text, "ignoreFile")?;
        let includes: crate::map::NameMap<String> =
            optional(includes, "ignoreIncludes")?.unwrap_or_default();
        let change = self.engine.borrow_mut().set_ignore_file(text, includes)?;
        notify(&self.on_change, &change);
        Ok(())
    }

    /// Replaces the workspace roots; on error nothing changes and it throws.
    #[wasm_bindgen(js_name = setWorkspaceRoots)]
    pub fn set_workspace_roots(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[]")] roots: JsValue,
    ) -> Result<(), JsValue> {
        let roots: Vec<String> = from_js(roots, "workspaceRoots")?;
        let change = self.engine.borrow_mut().set_workspace_roots(&roots)?;
        notify(&self.on_change, &change);
        Ok(())
    }
}

/// `validate`'s answer for the call as read, as an object or (`packed`) a packed record
/// ([`output`]); so for the two below. The engine is borrowed to judge, not to answer.
#[cfg(feature = "gate")]
#[inline(never)] // one copy for the object and the packed call
fn validation_js(
    engine: &RefCell<Engine>,
    read: Result<crate::ToolCall, crate::validate::Invalid>,
    packed: bool,
) -> JsValue {
    let result = read.and_then(|c| engine.borrow().validate(&c));
    write::validation_js(&result, packed)
}

/// `check`'s answer for the call as read.
#[cfg(feature = "gate")]
#[inline(never)] // one copy for the object and the packed call
fn verdict_js(
    engine: &RefCell<Engine>,
    read: Result<crate::ToolCall, crate::validate::Invalid>,
    packed: bool,
) -> JsValue {
    let verdict = match read {
        Ok(c) => engine.borrow().check(&c),
        Err(invalid) => invalid_verdict(invalid, crate::Locality::None),
    };
    output(&verdict, packed)
}

/// `explain`'s answer for the call as read.
#[cfg(feature = "gate")]
#[inline(never)]
fn explanation_js(
    engine: &RefCell<Engine>,
    read: Result<crate::ToolCall, crate::validate::Invalid>,
    packed: bool,
) -> JsValue {
    let explanation = match read {
        Ok(c) => engine.borrow().explain(&c),
        Err(invalid) => {
            let verdict = invalid_verdict(invalid.clone(), crate::Locality::None);
            Explanation::failed_validation(invalid, verdict)
        }
    };
    output(&explanation, packed)
}

/// An outcome as `authorize` resolves to it: never a thenable, whatever
/// `Object.prototype.then` holds (a promise resolved with one would adopt its answer).
#[cfg(feature = "gate")]
fn outcome_js(outcome: &crate::engine::Outcome) -> JsValue {
    let js = to_js(outcome);
    owned::not_thenable(&js);
    js
}

/// A promise already settled with `outcome`.
#[cfg(feature = "gate")]
fn settled(outcome: &crate::engine::Outcome) -> Promise {
    Promise::resolve(&outcome_js(outcome))
}

/// `options.signal` (own), or why it could not be read: a prompt then ends in a deny.
#[cfg(feature = "gate")]
fn signal(options: &JsValue) -> prompt::Signal {
    if !options.is_object() {
        return Ok(None);
    }
    match own::get(options, label("signal")) {
        Ok(s) => Ok(s.filter(|s| !s.is_undefined() && !s.is_null())),
        Err(e) => Err(format!(
            "its signal could not be read: {}",
            prompt::describe(&e)
        )),
    }
}

#[cfg(feature = "gate")]
fn notify(on_change: &Rc<RefCell<Option<Function>>>, change: &Change) {
    // Clone out of the cell so the callback may replace itself.
    let callback = on_change.borrow().clone();
    if let Some(f) = callback {
        // A throwing listener must not undo or block the change it hears about.
        let _ = f.call1(&JsValue::NULL, &to_js(change));
    }
}
