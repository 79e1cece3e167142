//! The JS facade: converts JS values into core types and back, and awaits the prompt's
//! Promise. No policy logic lives here: every decision is the [`Engine`]'s.
//!
//! State lives in `Rc<RefCell<…>>` and every method takes `&self`, so a prompt callback may
//! call back into the same Gatekeeper while a prompt is open; no borrow is held across an
//! `.await` or a call into JS.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use js_sys::{Array, Function, JsString, Object, Promise, Reflect};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{future_to_promise, JsFuture};

use crate::call::{ToolCall, Value};
use crate::catalogue::{Catalogue, ToolSpec};
use crate::engine::{
    invalid_outcome, invalid_verdict, Answer, Begin, Change, Engine, Explanation, PromptResult,
};
use crate::platform::Platform;
use crate::policy::{ClineAutoApproval, Mode, Policy};
use crate::settings::{ErrorCode, Rules, Settings, SettingsError};

type ConfigError = SettingsError;

/// A facade error (not a settings value's): the code is the reading's.
fn facade_error(field: impl Into<String>, message: impl Into<String>) -> SettingsError {
    SettingsError::from_path(field, message)
}
use crate::validate::Invalid;

mod mcp;
mod own;
mod serde_js;

pub(crate) use serde_js::float_text;

#[wasm_bindgen]
extern "C" {
    /// A plain object the facade fills in. Named setters compile to `o.name = v` in the glue:
    /// a monomorphic store, where `Reflect.set` is a generic call wrapped in a try/catch.
    #[wasm_bindgen(extends = Object)]
    type Plain;
    #[wasm_bindgen(method, setter = decision)]
    fn set_decision(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = reason)]
    fn set_reason(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = code)]
    fn set_code(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = step)]
    fn set_step(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = origin)]
    fn set_origin(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = rule)]
    fn set_rule(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = locality)]
    fn set_locality(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = critical)]
    fn set_critical(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = allowed)]
    fn set_allowed(this: &Plain, v: bool);
    #[wasm_bindgen(method, setter = decidedBy)]
    fn set_decided_by(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = verdict)]
    fn set_verdict(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = tool)]
    fn set_tool(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = tier)]
    fn set_tier(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = ok)]
    fn set_ok(this: &Plain, v: bool);
    #[wasm_bindgen(method, setter = error)]
    fn set_error(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = commands)]
    fn set_commands(this: &Plain, v: &JsValue);
    #[wasm_bindgen(method, setter = plain)]
    fn set_plain(this: &Plain, v: bool);
    #[wasm_bindgen(method, setter = problem)]
    fn set_problem(this: &Plain, v: &JsValue);

    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &Function, ms: f64) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(id: &JsValue);
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** How much a tool can do; the policy table is keyed by it. Undeclared tools are "exec". */
export type Tier = "read" | "write" | "exec" | "browser" | "mcp" | "interaction";
/** The harness's session modes ("alwaysAsk" is accepted as an alias of "always-ask"). Default "yolo". */
export type Mode = "always-ask" | "alwaysAsk" | "write" | "yolo" | "unattended";
export type Decision = "allow" | "prompt" | "deny";
export type Policy = "allow" | "prompt" | "deny";
/** What the prompt callback returns; anything else, a throw, a rejection or a timeout is a deny. */
export type Answer = "once" | "always" | "deny";
export type Locality = "local" | "external" | "none";
/** The step that decided: "validation" (the call is invalid; check, explain and authorize
 *  all validate first) or a step of the resolution order. */
export type Step = "validation" | "deny-override" | "turn-deny" | "deny-rule" | "critical" | "override"
  | "turn-allow" | "command-rule" | "always-allow" | "policy";
export type DecidedBy = "validation" | "engine" | "user" | "no-ui" | "prompt-error" | "timeout" | "abort";
export type ParamValue = string | number | boolean | null | undefined | object;

/** One tool's description (catalogue addition or override). Every list defaults to empty. */
export interface ToolSpec {
  tier: Tier;
  /** "a|b": either param. */
  required?: string[];
  paths?: string[];
  /** Params holding a URL: a `file:` URL in one is a path. */
  urls?: string[];
  command?: string;
  allowEmpty?: string[];
}

/** Cline's AutoApprovalSettings; when given, it is the policy table. */
export interface ClineAutoApprovalSettings {
  yoloModeToggled?: boolean;
  autoApproveAllToggled?: boolean;
  /** Legacy: false turns the per-action flags off. */
  enabled?: boolean;
  actions?: {
    readFiles?: boolean; readFilesExternally?: boolean;
    editFiles?: boolean; editFilesExternally?: boolean;
    executeSafeCommands?: boolean; executeAllCommands?: boolean;
    useBrowser?: boolean; useMcp?: boolean;
  };
}

/** Read as own properties, each param once: a field only a prototype supplies makes the call
 *  invalid. A path, command or patch param must be a primitive string: anything else (a number,
 *  an array, a `String` object, a string with a lone surrogate or, in a command, a NUL) makes
 *  the call invalid, never "absent". */
export interface ToolCall { tool: string; params?: Record<string, ParamValue> }

export type ValidationResult = { ok: true } | { ok: false; code: string; error: string };

export interface Verdict {
  decision: Decision;
  reason: string;
  code: string;
  step: Step;
  /** Where the deciding override came from. */
  origin?: string;
  /** The deciding command rule, as written. */
  rule?: string;
  locality: Locality;
  /** The critical-command label, when the command is one. */
  critical?: string;
}

export interface Outcome {
  allowed: boolean;
  reason?: string;
  code: string;
  decidedBy: DecidedBy;
  verdict: Verdict;
}

export interface ApprovalRequest {
  tool: string;
  tier: Tier;
  params: Record<string, ParamValue> | undefined;
  reason: string;
  locality: Locality;
  critical?: string;
}

/** A change the host should persist; fired once per change. */
export type Change =
  | { kind: "mode"; mode: Mode }
  | { kind: "autoApproval" }
  | { kind: "override"; tool: string; policy?: Policy; origin?: string }
  | { kind: "alwaysAllow"; tool: string }
  | { kind: "alwaysAllowRevoked"; tool: string }
  | { kind: "rules" }
  | { kind: "turnGrants" }
  | { kind: "ignoreFile" }
  | { kind: "workspaceRoots" };

/** A rule, or a rule with examples (commands or paths) it must and must not decide. */
export type RuleEntry = string | { rule: string; match?: string[]; notMatch?: string[] };
export interface Rules {
  allow?: RuleEntry[]; ask?: RuleEntry[]; deny?: RuleEntry[];
  /** Allow-listed tools, bare ("execute_command") or with patterns that only let a call through
   *  ("execute_command(npm *)"): a call neither these nor the tool's allow rules cover is denied. */
  allowOnly?: string[];
  /** Whether an allow-listed command may redirect. Default false (Cline's). */
  allowRedirects?: boolean;
}

export type Platform = "linux" | "macos" | "windows";

export type PromptCallback = (req: ApprovalRequest) => Answer | Promise<Answer>;

/** Read as own properties only, nested objects and arrays included: an inherited value (a
 *  polluted `Object.prototype`) is absent. A field whose read throws is an Error naming it. */
export interface GatekeeperConfig {
  /** The first is the primary root; relative paths resolve against it. Default: none. */
  workspaceRoots?: string[];
  /** Path flavour, case folding and normalisation. Default: inferred from the primary root. */
  platform?: Platform;
  /** Case folding on or off for the platform. Default: the platform's own. */
  caseInsensitivePaths?: boolean;
  /** The ignore file's text (.clineignore syntax). Default: none. */
  ignoreFile?: string;
  /** Contents for `!include NAME` lines. */
  ignoreIncludes?: Record<string, string>;
  /** Default ".clineignore"; the ignore file always blocks itself. */
  ignoreFileName?: string;
  /** Default "yolo". */
  mode?: Mode;
  autoApproval?: ClineAutoApprovalSettings;
  tools?: Record<string, ToolSpec>;
  overrides?: Record<string, Policy>;
  overrideOrigins?: Record<string, string>;
  alwaysAllow?: string[];
  /** Entries like "execute_command(npm test *)" or a bare tool name, optionally with examples
   *  that are checked when the Gatekeeper is built. */
  rules?: Rules;
  prompt?: PromptCallback | null;
  /** Default: no timeout. */
  promptTimeoutMs?: number;
  onChange?: ((change: Change) => void) | null;
}

export interface TraceStep {
  step: Step;
  /** "decided" took the decision, "passed" looked and handed it on, "skipped" came after. */
  outcome: "decided" | "passed" | "skipped";
  note: string;
}

/** The full trace of a call: validation, then each step of the resolution order. */
export interface Explanation {
  invalid?: { code: string; error: string };
  steps: TraceStep[];
  verdict: Verdict;
}

/** Plain JSON of everything a user decided; `Gatekeeper.fromSnapshot` restores it exactly. */
export interface Snapshot {
  version: 1;
  mode: Mode;
  autoApproval?: ClineAutoApprovalSettings;
  overrides: Record<string, Policy>;
  overrideOrigins: Record<string, string>;
  alwaysAllow: string[];
  rules: { allow: string[]; ask: string[]; deny: string[]; allowOnly?: string[]; allowRedirects?: boolean };
  ignoreFile?: string;
  ignoreIncludes: Record<string, string>;
  ignoreFileName: string;
  workspaceRoots: string[];
  platform?: Platform;
  caseInsensitivePaths?: boolean;
  tools: Record<string, ToolSpec>;
  promptTimeoutMs?: number;
}

/** What a snapshot does not hold: the host's callbacks and timeout. */
export interface HostOptions {
  prompt?: PromptCallback | null;
  onChange?: ((change: Change) => void) | null;
  promptTimeoutMs?: number;
}

/** What an importer carried over, and what it could not (never silently dropped). */
export interface Imported { config: GatekeeperConfig; warnings: string[] }
/** Cline's settings as stored: any of the three may be given. */
export interface ClineImport {
  autoApprovalSettings?: ClineAutoApprovalSettings & Record<string, unknown>;
  /** The CLINE_COMMAND_PERMISSIONS JSON (object or its text; an empty text is unset). */
  commandPermissions?: { allow?: string[]; deny?: string[]; allowRedirects?: boolean } | string;
  clineignore?: string;
}
/** A Claude Code settings `permissions` block. */
export interface ClaudeCodePermissions {
  allow?: string[]; ask?: string[]; deny?: string[];
  defaultMode?: string; additionalDirectories?: string[];
}
export interface ClaudeCodeContext { workspaceRoot?: string; home?: string }
/** The harness's ApprovalManager state. */
export interface HarnessImport {
  mode?: string; overrides?: Record<string, string>; overrideOrigins?: Record<string, string>; alwaysAllow?: string[];
}

export interface AuthorizeOptions { signal?: AbortSignal }
/** `Gatekeeper.analyseCommand`: the shell analysis alone. */
export interface CommandSummary {
  /** Each simple command that would run (nested ones included), words joined by spaces. */
  commands: string[];
  /** Only words joined by `&& || ; |`. */
  plain: boolean;
  /** Why the command cannot be judged (syntax error, limit, suspicious characters). */
  problem?: string;
}
export interface TurnGrants { allow?: string[]; deny?: string[] }
"#;

/// The one class JS sees.
#[wasm_bindgen]
pub struct Gatekeeper {
    engine: Rc<RefCell<Engine>>,
    prompt: Rc<RefCell<Option<Function>>>,
    on_change: Rc<RefCell<Option<Function>>>,
}

const CONFIG_FIELDS: &[&str] = &[
    "workspaceRoots",
    "platform",
    "caseInsensitivePaths",
    "ignoreFile",
    "ignoreIncludes",
    "ignoreFileName",
    "mode",
    "autoApproval",
    "tools",
    "overrides",
    "overrideOrigins",
    "alwaysAllow",
    "rules",
    "prompt",
    "promptTimeoutMs",
    "onChange",
];

#[wasm_bindgen]
impl Gatekeeper {
    /// Throws an `Error` naming the bad field on invalid config.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "GatekeeperConfig")] config: JsValue,
    ) -> Result<Gatekeeper, JsError> {
        console_error_panic_hook::set_once();
        let (config, prompt, on_change) = read_config(&config).map_err(config_error)?;
        Self::build(config, prompt, on_change)
    }

    fn build(
        config: Settings,
        prompt: Option<Function>,
        on_change: Option<Function>,
    ) -> Result<Gatekeeper, JsError> {
        let engine = Engine::new(config).map_err(config_error)?;
        Ok(Gatekeeper {
            engine: Rc::new(RefCell::new(engine)),
            prompt: Rc::new(RefCell::new(prompt)),
            on_change: Rc::new(RefCell::new(on_change)),
        })
    }

    /// Everything a user decided, as plain JSON (turn grants and callbacks excluded).
    #[wasm_bindgen(unchecked_return_type = "Snapshot")]
    pub fn snapshot(&self) -> JsValue {
        to_js(&self.engine.borrow().snapshot())
    }

    /// Restores a snapshot exactly; throws on an unknown or newer version, naming the field.
    #[wasm_bindgen(js_name = fromSnapshot)]
    pub fn from_snapshot(
        #[wasm_bindgen(unchecked_param_type = "Snapshot")] snapshot: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HostOptions")] host: JsValue,
    ) -> Result<Gatekeeper, JsError> {
        console_error_panic_hook::set_once();
        if !snapshot.is_object() {
            return Err(config_error(facade_error("snapshot", "must be an object")));
        }
        let version = own_field(&snapshot, "version", "snapshot.version").map_err(config_error)?;
        if version.is_undefined() || version.is_null() {
            return Err(config_error(SettingsError::new(
                ErrorCode::MissingField,
                "snapshot.version",
                "missing",
            )));
        }
        let version: u32 = from_js(version, "snapshot.version").map_err(config_error)?;
        crate::settings::check_version(version).map_err(|e| config_error(e.under("snapshot")))?;
        check_keys(&snapshot, SNAPSHOT_FIELDS, "snapshot").map_err(config_error)?;
        let field = |k: &str| own_field(&snapshot, k, &format!("snapshot.{k}"));
        check_shared_fields(&field, "snapshot.").map_err(config_error)?;
        let mut config: Settings = from_js(snapshot, "snapshot").map_err(config_error)?;
        let get = |k: &str| own_field(&host, k, k).map_err(config_error);
        if let Some(ms) =
            optional(get("promptTimeoutMs")?, "promptTimeoutMs").map_err(config_error)?
        {
            config.prompt_timeout_ms = Some(ms);
        }
        let prompt = optional_function(get("prompt")?, "prompt").map_err(config_error)?;
        let on_change = optional_function(get("onChange")?, "onChange").map_err(config_error)?;
        Self::build(config, prompt, on_change)
    }

    /// Cline's auto-approval settings, command permissions and .clineignore → a config.
    #[wasm_bindgen(js_name = importCline, unchecked_return_type = "Imported")]
    pub fn import_cline(
        #[wasm_bindgen(unchecked_param_type = "ClineImport")] input: JsValue,
    ) -> Result<JsValue, JsError> {
        use crate::import::{cline, Imported};
        let settings = get_field(&input, "autoApprovalSettings", "autoApprovalSettings")
            .map_err(config_error)?;
        let mut permissions =
            own_field(&input, "commandPermissions", "commandPermissions").map_err(config_error)?;
        // an empty CLINE_COMMAND_PERMISSIONS is unset, as in Cline
        if let Some(text) = permissions.as_string() {
            permissions = match text.as_str() {
                "" => JsValue::UNDEFINED,
                text => js_sys::JSON::parse(text)
                    .map_err(|e| config_error(facade_error("commandPermissions", describe(&e))))?,
            };
        }
        let permissions = optional(permissions, "commandPermissions").map_err(config_error)?;
        let ignore: Option<String> =
            get_field(&input, "clineignore", "clineignore").map_err(config_error)?;
        let parts = [
            settings.as_ref().map(cline::auto_approval),
            permissions.as_ref().map(cline::command_permissions),
            ignore.as_deref().map(cline::ignore_file),
        ];
        let imported = parts
            .into_iter()
            .flatten()
            .fold(Imported::default(), Imported::merge);
        Ok(to_js(&imported))
    }

    /// A Claude Code settings `permissions` block → a config.
    #[wasm_bindgen(js_name = importClaudeCode, unchecked_return_type = "Imported")]
    pub fn import_claude_code(
        #[wasm_bindgen(unchecked_param_type = "ClaudeCodePermissions")] permissions: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ClaudeCodeContext")] context: JsValue,
    ) -> Result<JsValue, JsError> {
        use crate::import::claude;
        let permissions: claude::ClaudePermissions =
            from_js(permissions, "permissions").map_err(config_error)?;
        let root: Option<String> =
            get_field(&context, "workspaceRoot", "context.workspaceRoot").map_err(config_error)?;
        let home: Option<String> =
            get_field(&context, "home", "context.home").map_err(config_error)?;
        let context = claude::ClaudeContext {
            workspace_root: root.as_deref(),
            home: home.as_deref(),
        };
        Ok(to_js(&claude::permissions(&permissions, context)))
    }

    /// The harness's mode, overrides with origins and always-allow list → a config.
    #[wasm_bindgen(js_name = importHarness, unchecked_return_type = "Imported")]
    pub fn import_harness(
        #[wasm_bindgen(unchecked_param_type = "HarnessImport")] settings: JsValue,
    ) -> Result<JsValue, JsError> {
        let settings = from_js(settings, "settings").map_err(config_error)?;
        Ok(to_js(&crate::import::harness::settings(&settings)))
    }

    /// The shell analysis alone (no policy): the simple commands that would run, each as its
    /// words joined by spaces (launchers included), whether the command is plain, and why it
    /// cannot be judged, if so. For tools and benchmarks; `check` does this internally.
    #[wasm_bindgen(js_name = analyseCommand, unchecked_return_type = "CommandSummary")]
    pub fn analyse_command(command: &str) -> JsValue {
        let analysis = crate::shell::analyse(command);
        let commands: Array = analysis
            .commands
            .iter()
            .map(|c| JsValue::from(c.written_text()))
            .collect();
        let o = plain();
        o.set_commands(&commands);
        o.set_plain(analysis.plain);
        match &analysis.problem {
            Some(
                crate::shell::Problem::Unparseable(why) | crate::shell::Problem::Suspicious(why),
            ) => o.set_problem(&JsValue::from_str(why)),
            None => {}
        }
        o.into()
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
    ) -> JsValue {
        let engine = self.engine.borrow();
        let result = read_call(call, engine.catalogue()).and_then(|c| engine.validate(&c));
        match result {
            Ok(()) => {
                let o = plain();
                o.set_ok(true);
                o.into()
            }
            Err(invalid) => {
                let o = plain();
                o.set_ok(false);
                o.set_code(label(invalid.code));
                o.set_error(&invalid.error.into());
                o.into()
            }
        }
    }

    /// The verdict for `call`, synchronously; never prompts. Validates first: a malformed or
    /// invalid call is denied at step `validation`, with the validation code.
    #[wasm_bindgen(unchecked_return_type = "Verdict")]
    pub fn check(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ToolCall")] call: &JsValue,
    ) -> JsValue {
        let engine = self.engine.borrow();
        match read_call(call, engine.catalogue()) {
            Ok(c) => verdict_js(&engine.check(&c)),
            Err(invalid) => verdict_js(&invalid_verdict(invalid, crate::Locality::None)),
        }
    }

    /// Every step of the resolution order with what it looked at and why it passed or decided.
    #[wasm_bindgen(unchecked_return_type = "Explanation")]
    pub fn explain(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ToolCall")] call: &JsValue,
    ) -> JsValue {
        let engine = self.engine.borrow();
        match read_call(call, engine.catalogue()) {
            Ok(c) => to_js(&engine.explain(&c)),
            Err(invalid) => {
                let verdict = invalid_verdict(invalid.clone(), crate::Locality::None);
                to_js(&Explanation::failed_validation(invalid, verdict))
            }
        }
    }

    /// Validate → resolve → prompt if needed. Resolves to `{ allowed, reason?, code, decidedBy,
    /// verdict }`; never rejects.
    #[wasm_bindgen(unchecked_return_type = "Promise<Outcome>")]
    pub fn authorize(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ToolCall")] call: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "AuthorizeOptions")] options: JsValue,
    ) -> Promise {
        let parsed = read_call(&call, self.engine.borrow().catalogue());
        let has_prompt = self.prompt.borrow().is_some();
        let begin = match &parsed {
            Ok(c) => self.engine.borrow().begin(c, has_prompt),
            Err(invalid) => Begin::Settled(invalid_outcome(invalid.clone(), crate::Locality::None)),
        };
        let (request, verdict) = match begin {
            Begin::Settled(outcome) => return Promise::resolve(&outcome_js(&outcome)),
            Begin::Ask(request, verdict) => (request, verdict),
        };
        let tool = request.tool.clone();
        let request_js = request_js(&request);
        // The params as read (own, once): the prompt shows the call that was judged.
        let params = own::get(&call, label("params"))
            .ok()
            .flatten()
            .unwrap_or_default();
        set(request_js.unchecked_ref(), "params", &params);
        let prompt = self.prompt.borrow().clone();
        let timeout = self.engine.borrow().prompt_timeout_ms();
        let signal = (options.is_object())
            .then(|| own::get(&options, label("signal")).ok().flatten())
            .flatten()
            .filter(|s| !s.is_undefined() && !s.is_null());
        let engine = self.engine.clone();
        let on_change = self.on_change.clone();
        future_to_promise(async move {
            let result = match prompt {
                Some(f) => ask(&f, &request_js, timeout, signal.as_ref()).await,
                None => PromptResult::NoUi,
            };
            let (outcome, change) = engine.borrow_mut().finish(&tool, verdict, result);
            if let Some(change) = change {
                notify(&on_change, &change);
            }
            Ok(outcome_js(&outcome))
        })
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

    /// The paths that are not ignored, in order; non-string entries are dropped.
    #[wasm_bindgen(js_name = filterPaths)]
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn filter_paths(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[]")] paths: &JsValue,
    ) -> Result<Array, JsError> {
        let paths: &Array = paths
            .dyn_ref()
            .ok_or_else(|| JsError::new("filterPaths: expected an array of paths"))?;
        let engine = self.engine.borrow();
        let mut batch = engine.access().batch();
        if let Some(kept) = listing::filter(paths, |p| !batch.is_ignored(p)) {
            return Ok(kept);
        }
        let out = Array::new();
        for item in paths.iter() {
            if let Some(p) = path_string(&item) {
                if !batch.is_ignored(&p) {
                    out.push(&item);
                }
            }
        }
        Ok(out)
    }

    /// `"local"` or `"external"`; a path that cannot be resolved is external.
    #[wasm_bindgen(js_name = classifyPath)]
    #[wasm_bindgen(unchecked_return_type = "\"local\" | \"external\"")]
    pub fn classify_path(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] path: &JsValue,
    ) -> String {
        match path_string(path) {
            Some(p) => self
                .engine
                .borrow()
                .access()
                .classify(&p)
                .as_str()
                .to_string(),
            None => "external".to_string(),
        }
    }

    /// Warnings from compiling the ignore file (e.g. a missing `!include`).
    #[wasm_bindgen(getter, js_name = ignoreWarnings, unchecked_return_type = "string[]")]
    pub fn ignore_warnings(&self) -> Array {
        self.engine
            .borrow()
            .access()
            .ignore()
            .warnings()
            .iter()
            .map(|w| JsValue::from_str(w))
            .collect()
    }

    #[wasm_bindgen(getter, unchecked_return_type = "Mode")]
    pub fn mode(&self) -> String {
        self.engine.borrow().mode().as_str().to_string()
    }

    #[wasm_bindgen(setter)]
    pub fn set_mode(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Mode")] mode: JsValue,
    ) -> Result<(), JsError> {
        let mode = mode
            .as_string()
            .and_then(|m| Mode::parse(&m))
            .ok_or_else(|| JsError::new(&format!("mode: expected {}", Mode::LABELS)))?;
        let change = self.engine.borrow_mut().set_mode(mode);
        notify(&self.on_change, &change);
        Ok(())
    }

    /// Cline's auto-approval settings become the policy table; `null` returns to the mode's.
    #[wasm_bindgen(js_name = setAutoApproval)]
    pub fn set_auto_approval(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ClineAutoApprovalSettings | null")]
        settings: JsValue,
    ) -> Result<(), JsError> {
        let settings: Option<ClineAutoApproval> = if settings.is_null() || settings.is_undefined() {
            None
        } else {
            check_auto_approval(&settings, "autoApproval").map_err(config_error)?;
            Some(from_js(settings, "autoApproval").map_err(config_error)?)
        };
        let change = self.engine.borrow_mut().set_auto_approval(settings);
        notify(&self.on_change, &change);
        Ok(())
    }

    /// The prompt callback; `null` removes it (then any prompt is a deny).
    #[wasm_bindgen(setter)]
    pub fn set_prompt(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PromptCallback | null")] prompt: JsValue,
    ) -> Result<(), JsError> {
        *self.prompt.borrow_mut() = optional_function(prompt, "prompt").map_err(config_error)?;
        Ok(())
    }

    /// Called with `{ kind, … }` once for every change the host should persist.
    #[wasm_bindgen(setter, js_name = onChange)]
    pub fn set_on_change(
        &self,
        #[wasm_bindgen(unchecked_param_type = "((change: Change) => void) | null")]
        callback: JsValue,
    ) -> Result<(), JsError> {
        *self.on_change.borrow_mut() =
            optional_function(callback, "onChange").map_err(config_error)?;
        Ok(())
    }

    #[wasm_bindgen(js_name = setOverride)]
    pub fn set_override(
        &self,
        tool: &str,
        #[wasm_bindgen(unchecked_param_type = "Policy")] policy: &str,
        origin: Option<String>,
    ) -> Result<(), JsError> {
        let policy = Policy::parse(policy)
            .ok_or_else(|| JsError::new("policy: expected \"allow\", \"deny\" or \"prompt\""))?;
        crate::engine::check_mcp_key("tool", tool).map_err(config_error)?;
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
    ) -> Result<(), JsError> {
        check_rules(&rules, "rules").map_err(config_error)?;
        let rules = optional::<Rules>(rules, "rules")
            .map_err(config_error)?
            .unwrap_or_default();
        let change = self
            .engine
            .borrow_mut()
            .set_rules(rules)
            .map_err(config_error)?;
        notify(&self.on_change, &change);
        Ok(())
    }

    /// This turn's grants, each list sorted.
    #[wasm_bindgen(getter, js_name = turnGrants, unchecked_return_type = "{ allow: string[]; deny: string[] }")]
    pub fn turn_grants(&self) -> JsValue {
        let engine = self.engine.borrow();
        let (allow, deny) = engine.turn_grants();
        let o = Object::new();
        set(
            &o,
            "allow",
            &allow.map(JsValue::from_str).collect::<Array>(),
        );
        set(&o, "deny", &deny.map(JsValue::from_str).collect::<Array>());
        o.into()
    }

    #[wasm_bindgen(js_name = isAlwaysAllowed)]
    pub fn is_always_allowed(&self, tool: &str) -> bool {
        self.engine.borrow().is_always_allowed(tool)
    }

    /// Sorted, without duplicates.
    #[wasm_bindgen(getter, js_name = alwaysAllowedTools, unchecked_return_type = "string[]")]
    pub fn always_allowed_tools(&self) -> Array {
        self.engine
            .borrow()
            .always_allowed_tools()
            .map(JsValue::from_str)
            .collect()
    }

    /// `{ allow?: string[], deny?: string[] }`: a skill's allowed-tools / disallowed-tools.
    #[wasm_bindgen(js_name = grantForTurn)]
    pub fn grant_for_turn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "TurnGrants")] grants: JsValue,
    ) -> Result<(), JsError> {
        check_keys(&grants, &["allow", "deny"], "grants").map_err(config_error)?;
        let field = |k: &str| -> Result<Vec<String>, ConfigError> {
            Ok(get_field::<Vec<String>>(&grants, k, &format!("grants.{k}"))?.unwrap_or_default())
        };
        let (allow, deny) = (
            field("allow").map_err(config_error)?,
            field("deny").map_err(config_error)?,
        );
        for (list, keys) in [("grants.allow", &allow), ("grants.deny", &deny)] {
            for (i, key) in keys.iter().enumerate() {
                crate::engine::check_mcp_key(&format!("{list}[{i}]"), key).map_err(config_error)?;
            }
        }
        let change = self.engine.borrow_mut().grant_for_turn(allow, deny);
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
    ) -> Result<(), JsError> {
        let text: Option<String> = optional(text, "ignoreFile").map_err(config_error)?;
        let includes = optional::<Record<String>>(includes, "ignoreIncludes")
            .map_err(config_error)?
            .unwrap_or_default();
        let change = self
            .engine
            .borrow_mut()
            .set_ignore_file(text, includes)
            .map_err(config_error)?;
        notify(&self.on_change, &change);
        Ok(())
    }

    /// Replaces the workspace roots; on error nothing changes and it throws.
    #[wasm_bindgen(js_name = setWorkspaceRoots)]
    pub fn set_workspace_roots(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[]")] roots: JsValue,
    ) -> Result<(), JsError> {
        let roots: Vec<String> = from_js(roots, "workspaceRoots").map_err(config_error)?;
        let change = self
            .engine
            .borrow_mut()
            .set_workspace_roots(&roots)
            .map_err(config_error)?;
        notify(&self.on_change, &change);
        Ok(())
    }
}

// ---- listings: a whole array across the boundary in a few calls ---------------------------

mod listing {
    //! `filterPaths` over a whole listing without a crossing per path: `JSON.stringify` turns
    //! the array into one string (one copy into wasm), the kept entries' JSON texts are joined
    //! back into one array text, and `JSON.parse` rebuilds it (one copy out). Per path that is
    //! a few bytes of scanning instead of three or four calls into JS.
    //!
    //! Exactly the per-entry semantics: strings are checked; a lone surrogate (which
    //! well-formed `JSON.stringify` writes as a `\uD8xx` escape) makes an entry invalid, so it
    //! is dropped; `null`, `undefined`, functions and symbols (all written `null`) are dropped.
    //! Anything else — numbers, booleans, objects (which could serialise to a string through
    //! `toJSON`, as a `Date` does), a `BigInt` or a cycle (which throw) — and the caller takes
    //! the per-entry path instead.

    use js_sys::{Array, Function, Reflect, JSON};
    use wasm_bindgen::JsCast;

    /// The entries of `paths` for which `keep` holds, or `None` when the listing holds
    /// anything but strings and `null`-like entries.
    pub(super) fn filter(paths: &Array, mut keep: impl FnMut(&str) -> bool) -> Option<Array> {
        if has_extensible_object(paths)? {
            return None;
        }
        let json = JSON::stringify(paths).ok()?.as_string()?;
        let bytes = json.as_bytes();
        let mut out = String::with_capacity(json.len() / 2 + 2);
        out.push('[');
        let mut i = 1; // past '['
        if bytes.first() != Some(&b'[') {
            return None;
        }
        let mut decoded = String::new();
        while i < bytes.len() {
            match bytes[i] {
                b']' if i + 1 == bytes.len() => break,
                b',' => i += 1,
                b'"' => {
                    let start = i;
                    let (end, escaped) = string_end(bytes, i + 1)?;
                    let token = &json[start..=end];
                    let inner = &json[start + 1..end];
                    let text = if escaped {
                        decoded.clear();
                        // None: a lone surrogate, invalid, dropped.
                        unescape(inner, &mut decoded).map(|()| decoded.as_str())
                    } else {
                        Some(inner)
                    };
                    if text.is_some_and(&mut keep) {
                        if out.len() > 1 {
                            out.push(',');
                        }
                        out.push_str(token);
                    }
                    i = end + 1;
                }
                b'n' if bytes[i..].starts_with(b"null") => i += 4,
                _ => return None,
            }
        }
        out.push(']');
        JSON::parse(&out).ok()?.dyn_into::<Array>().ok()
    }

    /// Whether any entry is an ordinary object (primitives are never extensible), through
    /// the built-ins `Array.prototype.findIndex` and `Object.isExtensible`: one call, no
    /// callback into wasm. `None` when the built-ins are not there.
    fn has_extensible_object(paths: &Array) -> Option<bool> {
        thread_local! {
            static FNS: Option<(Function, Function)> = {
                let find = Reflect::get(&Array::new(), &"findIndex".into()).ok()?;
                let object = Reflect::get(&js_sys::global(), &"Object".into()).ok()?;
                let is_extensible = Reflect::get(&object, &"isExtensible".into()).ok()?;
                Some((find.dyn_into().ok()?, is_extensible.dyn_into().ok()?))
            };
        }
        FNS.with(|fns| {
            let (find, is_extensible) = fns.as_ref()?;
            let at = find.call1(paths, is_extensible).ok()?.as_f64()?;
            Some(at >= 0.0)
        })
    }

    /// The index of the closing quote of a JSON string starting at `i` (just past its opening
    /// quote), and whether it holds escapes.
    fn string_end(bytes: &[u8], mut i: usize) -> Option<(usize, bool)> {
        let mut escaped = false;
        loop {
            match *bytes.get(i)? {
                b'"' => return Some((i, escaped)),
                b'\\' => {
                    escaped = true;
                    i += 2;
                }
                _ => i += 1,
            }
        }
    }

    /// Decodes a JSON string body; `None` on a lone surrogate.
    fn unescape(s: &str, out: &mut String) -> Option<()> {
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let c = match chars.next()? {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                'b' => '\u{8}',
                'f' => '\u{c}',
                'u' => {
                    let unit = hex4(&mut chars)?;
                    if (0xD800..0xDC00).contains(&unit) {
                        // A pair is written raw by well-formed stringify, but accept one.
                        let rest = chars.as_str();
                        let low = rest
                            .strip_prefix("\\u")
                            .and_then(|r| u32::from_str_radix(r.get(..4)?, 16).ok())
                            .filter(|l| (0xDC00..0xE000).contains(l))?;
                        chars = rest[6..].chars();
                        char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))?
                    } else {
                        char::from_u32(unit)?
                    }
                }
                other => other, // \" \\ \/
            };
            out.push(c);
        }
        Some(())
    }

    fn hex4(chars: &mut std::str::Chars<'_>) -> Option<u32> {
        let s = chars.as_str();
        let v = u32::from_str_radix(s.get(..4)?, 16).ok()?;
        *chars = s[4..].chars();
        Some(v)
    }
}

// ---- the prompt ------------------------------------------------------------------------

/// Calls the prompt and awaits its answer, racing the timeout and the abort signal.
async fn ask(
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

fn describe(e: &JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    if let Some(s) = e.as_string() {
        return s;
    }
    describe_answer(e)
}

fn describe_answer(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        return format!("{s:?}");
    }
    if let Some(n) = v.as_f64() {
        return format!("the number {}", float_text(n));
    }
    format!(
        "a value of type {}",
        v.js_typeof().as_string().unwrap_or_default()
    )
}

fn notify(on_change: &Rc<RefCell<Option<Function>>>, change: &Change) {
    // Clone out of the cell so the callback may replace itself.
    let callback = on_change.borrow().clone();
    if let Some(f) = callback {
        // A throwing listener must not undo or block the change it hears about.
        let _ = f.call1(&JsValue::NULL, &change_js(change));
    }
}

/// A [`Change`] as the `Change` type has it, `{ kind, … }` (what serde's tagged-enum writer
/// made, without its code).
fn change_js(change: &Change) -> JsValue {
    let o = Object::new();
    let tool = |o: &Object, tool: &str| set(o, "tool", &JsValue::from_str(tool));
    let kind = match change {
        Change::Mode { .. } => "mode",
        Change::AutoApproval => "autoApproval",
        Change::Override { .. } => "override",
        Change::AlwaysAllow { .. } => "alwaysAllow",
        Change::AlwaysAllowRevoked { .. } => "alwaysAllowRevoked",
        Change::Rules => "rules",
        Change::TurnGrants => "turnGrants",
        Change::IgnoreFile => "ignoreFile",
        Change::WorkspaceRoots => "workspaceRoots",
    };
    set(&o, "kind", label(kind));
    match change {
        Change::Mode { mode } => set(&o, "mode", label(mode)),
        Change::Override {
            tool: t,
            policy,
            origin,
        } => {
            tool(&o, t);
            if let Some(policy) = policy {
                set(&o, "policy", label(policy));
            }
            if let Some(origin) = origin {
                set(&o, "origin", &JsValue::from_str(origin));
            }
        }
        Change::AlwaysAllow { tool: t } | Change::AlwaysAllowRevoked { tool: t } => tool(&o, t),
        _ => {}
    }
    o.into()
}

// ---- conversions -----------------------------------------------------------------------

fn to_js<T: Serialize>(value: &T) -> JsValue {
    // Plain objects, not Maps; `None` fields are skipped by the types themselves.
    value.serialize(serde_js::Ser).unwrap_or(JsValue::NULL)
}

/// Sets `o[key]`; keys are cached JS strings (see [`label`]).
fn set(o: &Object, key: &'static str, value: &JsValue) {
    let _ = Reflect::set(o, label(key), value);
}

thread_local! {
    /// JS strings for the facade's `&'static str` keys and labels, created once: making a JS
    /// string from Rust text is a `TextDecoder` call, and cloning a `JsValue` is a call too, so
    /// each is leaked once (a few dozen, for the life of the module) and lent by reference.
    static STRINGS: RefCell<Vec<(&'static str, &'static JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// The JS string for a static Rust string (a key, label or code), created on first use.
/// Looked up by address (static strings are few, so the list stays short).
fn label(s: &'static str) -> &'static JsValue {
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

/// A JS string with the text `s`, lent to `f`. Texts the facade hands out again and again
/// (param names, a rule's text and its reason sentence, origins) come from a small cache: a
/// lookup costs less than decoding the text into a new JS string. Direct-mapped and bounded,
/// so texts seen once (a reason that names a path) just take a slot.
fn with_js_str<T>(s: &str, f: impl FnOnce(&JsValue) -> T) -> T {
    const SLOTS: usize = 256;
    type Slot = Option<(Box<str>, JsValue)>;
    thread_local! {
        static CACHE: RefCell<Vec<Slot>> = RefCell::new(vec![None; SLOTS]);
    }
    // Length and both ends tell most texts apart; a hit still compares the whole text.
    let b = s.as_bytes();
    let mut hash = b.len() as u32 ^ 0x811c_9dc5;
    for i in 0..b.len().min(16) {
        hash = (hash ^ u32::from(b[i])).wrapping_mul(0x0100_0193);
        hash = (hash ^ u32::from(b[b.len() - 1 - i])).wrapping_mul(0x0100_0193);
    }
    let slot = hash as usize % SLOTS;
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        match &cache[slot] {
            Some((text, js)) if **text == *s => f(js),
            _ => {
                let js = JsValue::from_str(s);
                let out = f(&js);
                cache[slot] = Some((s.into(), js));
                out
            }
        }
    })
}

fn plain() -> Plain {
    Object::new().unchecked_into()
}

/// A [`Verdict`] as a plain object, fields in the order of the `Verdict` type; built directly
/// with named setters and cached labels (the hot call shape: the generic serializer costs a
/// `Reflect.set` per field; `JSON.parse` of a small object costs more).
fn verdict_js(v: &crate::Verdict) -> JsValue {
    let o = plain();
    o.set_decision(label(v.decision.as_str()));
    with_js_str(&v.reason, |r| o.set_reason(r));
    o.set_code(label(v.code));
    o.set_step(label(v.step.as_str()));
    if let Some(origin) = &v.origin {
        with_js_str(origin, |s| o.set_origin(s));
    }
    if let Some(rule) = &v.rule {
        with_js_str(rule, |s| o.set_rule(s));
    }
    o.set_locality(label(v.locality.as_str()));
    if let Some(critical) = &v.critical {
        o.set_critical(&JsValue::from_str(critical));
    }
    let o: JsValue = o.into();
    mcp::set_target(&o, &v.mcp);
    o
}

fn outcome_js(outcome: &crate::engine::Outcome) -> JsValue {
    use crate::engine::DecidedBy;
    let o = plain();
    o.set_allowed(outcome.allowed);
    if let Some(reason) = &outcome.reason {
        o.set_reason(&JsValue::from_str(reason));
    }
    o.set_code(label(outcome.code));
    o.set_decided_by(label(match outcome.decided_by {
        DecidedBy::Validation => "validation",
        DecidedBy::Engine => "engine",
        DecidedBy::User => "user",
        DecidedBy::NoUi => "no-ui",
        DecidedBy::PromptError => "prompt-error",
        DecidedBy::Timeout => "timeout",
        DecidedBy::Abort => "abort",
    }));
    o.set_verdict(&verdict_js(&outcome.verdict));
    o.into()
}

fn request_js(request: &crate::engine::ApprovalRequest) -> JsValue {
    let o = plain();
    o.set_tool(&JsValue::from_str(&request.tool));
    o.set_tier(label(request.tier));
    o.set_reason(&JsValue::from_str(&request.reason));
    o.set_locality(label(request.locality.as_str()));
    if let Some(critical) = &request.critical {
        o.set_critical(&JsValue::from_str(critical));
    }
    let o: JsValue = o.into();
    mcp::set_target(&o, &request.mcp);
    o
}

fn config_error(e: ConfigError) -> JsError {
    JsError::new(&e.to_string())
}

/// A string that is valid Unicode, or `None`.
///
/// One crossing into JS: `as_string` encodes with `TextEncoder`, which replaces a lone
/// surrogate with U+FFFD, so only a result holding U+FFFD needs the (slow: one call per code
/// unit) validity check, to tell a real U+FFFD from a repaired surrogate.
fn path_string(v: &JsValue) -> Option<String> {
    let s = v.as_string()?;
    if s.contains('\u{FFFD}') && !v.unchecked_ref::<JsString>().is_valid_utf16() {
        return None;
    }
    Some(s)
}

fn read_value(v: JsValue) -> Value {
    // Strings first: nearly every param is one, and `as_string` is one call.
    if v.is_string() {
        return path_string(&v).map_or(Value::InvalidStr, Value::Str);
    }
    if v.is_null() || v.is_undefined() {
        Value::Null
    } else if let Some(b) = v.as_bool() {
        Value::Bool(b)
    } else if let Some(n) = v.as_f64() {
        Value::Number(n)
    } else {
        Value::Other
    }
}

/// The call's tool and the params the gate reads for that tool ([`ToolSpec::params_read`]),
/// each read once, as own properties ([`own`]). A value only the prototype supplies (a
/// polluted `Object.prototype.path`) makes the call invalid: toolgate does not read it, but the
/// host's `params.path` would. A read that throws (a getter, a proxy trap) makes it invalid too:
/// toolgate cannot say what the field holds.
fn read_call(call: &JsValue, catalogue: &Catalogue) -> Result<ToolCall, Invalid> {
    let malformed =
        |what: String| Invalid::new("invalid_call", format!("Malformed tool call: {what}."));
    if !call.is_object() || own::is_array(call) {
        return Err(malformed("expected an object { tool, params }".into()));
    }
    let field = |key: &'static str| {
        call_field(call, label(key)).map_err(|why| malformed(format!("`{key}` {why}")))
    };
    let tool = field("tool")?;
    let tool = match path_string(&tool) {
        Some(tool) => tool,
        None if tool.is_string() => return Err(malformed("`tool` is not valid Unicode".into())),
        None => return Err(malformed("`tool` must be a string".into())),
    };
    let params = field("params")?;
    let mut out = ToolCall::new(tool);
    if params.is_null() || params.is_undefined() {
        return Ok(out);
    }
    if !params.is_object() || own::is_array(&params) {
        return Err(malformed("`params` must be an object".into()));
    }
    for name in catalogue.spec(&out.tool).params_read() {
        if out.param(name).is_none() {
            let value = with_js_str(name, |k| call_field(&params, k)).map_err(|why| {
                Invalid::new(
                    "invalid_param",
                    format!("Parameter '{name}' of tool '{}' {why}.", out.tool),
                )
            })?;
            out.params.push((name.to_owned(), read_value(value)));
        }
    }
    Ok(out)
}

/// A call's own field, `undefined` when neither it nor its prototypes have one; otherwise why
/// it cannot be judged. Read as the host reads it, then asked whether it is own only when it
/// holds something: an absent param (the usual `requires_approval`) costs one call into JS.
fn call_field(o: &JsValue, key: &JsValue) -> Result<JsValue, String> {
    let unreadable = |e: JsValue| format!("could not be read ({})", describe(&e));
    let v = Reflect::get(o, key).map_err(unreadable)?;
    if v.is_undefined() || own::has(o, key).map_err(unreadable)? {
        Ok(v)
    } else {
        Err("is inherited, not the call's own".into())
    }
}

fn from_js<T: DeserializeOwned>(v: JsValue, field: &str) -> Result<T, ConfigError> {
    // The core's reader: the failing part is named by its path under `field`.
    crate::settings::read_at(serde_js::De(v), field).map_err(|e| {
        let message = e
            .message
            .trim_start_matches("Error: ")
            .trim_start_matches("TypeError: ");
        if message.contains("non-object") {
            SettingsError::new(ErrorCode::WrongType, e.field, "expected an object or an array")
        } else {
            facade_error(e.field, message)
        }
    })
}

fn optional<T: DeserializeOwned>(v: JsValue, field: &str) -> Result<Option<T>, ConfigError> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        from_js(v, field).map(Some)
    }
}

fn get_field<T: DeserializeOwned>(
    obj: &JsValue,
    key: &str,
    field: &str,
) -> Result<Option<T>, ConfigError> {
    if obj.is_undefined() || obj.is_null() {
        return Ok(None);
    }
    if !obj.is_object() {
        return Err(SettingsError::new(
            ErrorCode::WrongType,
            field.rsplit_once('.').map(|p| p.0).unwrap_or(field),
            "must be an object",
        ));
    }
    optional(own_field(obj, key, field)?, field)
}

/// The own property `key` of `o` ([`own`]), `undefined` when it has none or `o` is no object
/// (the type check that follows reports that); a read that throws is an error naming `field`.
fn own_field(o: &JsValue, key: &str, field: &str) -> Result<JsValue, ConfigError> {
    if !o.is_object() {
        return Ok(JsValue::UNDEFINED);
    }
    own::get(o, &JsValue::from_str(key))
        .map(Option::unwrap_or_default)
        .map_err(|e| unreadable(field, &e))
}

fn unreadable(field: &str, e: &JsValue) -> ConfigError {
    facade_error(field, format!("could not be read ({})", describe(e)))
}

fn optional_function(v: JsValue, field: &str) -> Result<Option<Function>, ConfigError> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.dyn_into::<Function>()
        .map(Some)
        .map_err(|_| SettingsError::new(ErrorCode::WrongType, field, "must be a function or null"))
}

/// Fails on a key `allowed` does not list: the struct reader ignores unknown fields, and a
/// typo (`requred`, `readFile`) would otherwise silently change nothing.
fn check_keys(v: &JsValue, allowed: &[&str], field: &str) -> Result<(), ConfigError> {
    if !v.is_object() || own::is_array(v) {
        return Ok(()); // the type check that follows reports it
    }
    for key in own::keys(v).map_err(|e| unreadable(field, &e))?.iter() {
        let key = key.as_string().unwrap_or_default();
        if !allowed.contains(&key.as_str()) {
            return Err(SettingsError::new(
                ErrorCode::UnknownField,
                format!("{field}.{key}"),
                format!("unknown field; expected one of {}", allowed.join(", ")),
            ));
        }
    }
    Ok(())
}

/// Object-valued entries of a record (`tools`, a rules list), each checked with `allowed`.
fn check_entries(v: &JsValue, allowed: &[&str], field: &str) -> Result<(), ConfigError> {
    if !v.is_object() {
        return Ok(());
    }
    if own::is_array(v) {
        let items = own::items(v).map_err(|e| unreadable(field, &e))?;
        for (i, entry) in items.iter().enumerate() {
            check_keys(entry, allowed, &format!("{field}[{i}]"))?;
        }
    } else {
        for (k, entry) in own::entries(v).map_err(|e| unreadable(field, &e))? {
            let k = k.as_string().unwrap_or_default();
            check_keys(&entry, allowed, &format!("{field}.{k}"))?;
        }
    }
    Ok(())
}

const TOOL_SPEC_FIELDS: &[&str] = &[
    "tier",
    "required",
    "paths",
    "urls",
    "patch",
    "command",
    "allowEmpty",
];
const RULES_FIELDS: &[&str] = &["allow", "ask", "deny", "allowOnly", "allowRedirects"];
const RULE_ENTRY_FIELDS: &[&str] = &["rule", "match", "notMatch"];
/// Cline's own fields that do not change gating (`version`, `favorites`, …) are tolerated so
/// its settings object can be passed as it is stored.
const AUTO_APPROVAL_FIELDS: &[&str] = &[
    "yoloModeToggled",
    "autoApproveAllToggled",
    "enabled",
    "actions",
    "version",
    "favorites",
    "maxRequests",
    "enableNotifications",
];
const ACTIONS_FIELDS: &[&str] = &[
    "readFiles",
    "readFilesExternally",
    "editFiles",
    "editFilesExternally",
    "executeSafeCommands",
    "executeAllCommands",
    "useBrowser",
    "useMcp",
];
const SNAPSHOT_FIELDS: &[&str] = &[
    "version",
    "mode",
    "autoApproval",
    "overrides",
    "overrideOrigins",
    "alwaysAllow",
    "rules",
    "ignoreFile",
    "ignoreIncludes",
    "ignoreFileName",
    "workspaceRoots",
    "platform",
    "caseInsensitivePaths",
    "tools",
    "promptTimeoutMs",
];

fn check_rules(v: &JsValue, field: &str) -> Result<(), ConfigError> {
    check_keys(v, RULES_FIELDS, field)?;
    for list in RULES_FIELDS {
        let field = format!("{field}.{list}");
        check_entries(&own_field(v, list, &field)?, RULE_ENTRY_FIELDS, &field)?;
    }
    Ok(())
}

fn check_auto_approval(v: &JsValue, field: &str) -> Result<(), ConfigError> {
    check_keys(v, AUTO_APPROVAL_FIELDS, field)?;
    let field = format!("{field}.actions");
    check_keys(&own_field(v, "actions", &field)?, ACTIONS_FIELDS, &field)
}

/// The fields of a snapshot and of the config it shares with it, checked for unknown keys.
fn check_shared_fields(
    get: &dyn Fn(&str) -> Result<JsValue, ConfigError>,
    prefix: &str,
) -> Result<(), ConfigError> {
    check_entries(&get("tools")?, TOOL_SPEC_FIELDS, &format!("{prefix}tools"))?;
    check_rules(&get("rules")?, &format!("{prefix}rules"))?;
    check_auto_approval(&get("autoApproval")?, &format!("{prefix}autoApproval"))
}

type ReadConfig = (Settings, Option<Function>, Option<Function>);

/// A JS record as read: the snapshot's map type, so its reader serves the config too (one
/// map reader per value type in the wasm, not a `HashMap` one as well). Entries in key order.
type Record<V> = BTreeMap<String, V>;

/// Reads the config field by field, so each error names its field.
fn read_config(js: &JsValue) -> Result<ReadConfig, ConfigError> {
    let mut c = Settings::default();
    if js.is_undefined() || js.is_null() {
        return Ok((c, None, None));
    }
    if !js.is_object() || own::is_array(js) || js.is_function() {
        return Err(SettingsError::new(
            ErrorCode::WrongType,
            "config",
            "must be an object",
        ));
    }
    for key in own::keys(js).map_err(|e| unreadable("config", &e))?.iter() {
        let key = key.as_string().unwrap_or_default();
        if !CONFIG_FIELDS.contains(&key.as_str()) {
            return Err(SettingsError::new(
                ErrorCode::UnknownField,
                key,
                format!(
                    "unknown field; expected one of {}",
                    CONFIG_FIELDS.join(", ")
                ),
            ));
        }
    }
    // Each field read once, so the checks and the reading see the same value.
    let mut values = Vec::with_capacity(CONFIG_FIELDS.len());
    for k in CONFIG_FIELDS {
        values.push(own_field(js, k, k)?);
    }
    let get = |k: &str| {
        CONFIG_FIELDS
            .iter()
            .position(|f| *f == k)
            .map_or(JsValue::UNDEFINED, |i| values[i].clone())
    };
    check_shared_fields(&|k| Ok(get(k)), "")?;
    if let Some(roots) = optional::<Vec<String>>(get("workspaceRoots"), "workspaceRoots")? {
        c.workspace_roots = roots;
    }
    if let Some(p) = optional::<String>(get("platform"), "platform")? {
        c.platform = Some(Platform::parse(&p).ok_or_else(|| {
            SettingsError::new(
                ErrorCode::InvalidValue,
                "platform",
                format!("expected {}, got {p:?}", Platform::LABELS),
            )
        })?);
    }
    c.case_insensitive_paths = optional(get("caseInsensitivePaths"), "caseInsensitivePaths")?;
    c.ignore_file = optional(get("ignoreFile"), "ignoreFile")?;
    if let Some(inc) = optional::<Record<String>>(get("ignoreIncludes"), "ignoreIncludes")? {
        c.ignore_includes = inc;
    }
    c.ignore_file_name = optional::<String>(get("ignoreFileName"), "ignoreFileName")?;
    if let Some(mode) = optional::<String>(get("mode"), "mode")? {
        c.mode = Some(Mode::parse(&mode).ok_or_else(|| {
            SettingsError::new(
                ErrorCode::InvalidValue,
                "mode",
                format!("expected {}, got {mode:?}", Mode::LABELS),
            )
        })?);
    }
    c.auto_approval = optional(get("autoApproval"), "autoApproval")?;
    if let Some(tools) = optional::<Record<ToolSpec>>(get("tools"), "tools")? {
        c.tools = tools;
    }
    if let Some(overrides) = optional::<Record<String>>(get("overrides"), "overrides")? {
        for (tool, p) in overrides {
            let policy = Policy::parse(&p).ok_or_else(|| {
                SettingsError::new(
                    ErrorCode::InvalidValue,
                    format!("overrides.{tool}"),
                    format!("expected \"allow\", \"deny\" or \"prompt\", got {p:?}"),
                )
            })?;
            c.overrides.insert(tool, policy);
        }
    }
    if let Some(origins) = optional::<Record<String>>(get("overrideOrigins"), "overrideOrigins")? {
        c.override_origins = origins;
    }
    if let Some(list) = optional(get("alwaysAllow"), "alwaysAllow")? {
        c.always_allow = list;
    }
    if let Some(rules) = optional::<Rules>(get("rules"), "rules")? {
        c.rules = rules;
    }
    c.prompt_timeout_ms = optional(get("promptTimeoutMs"), "promptTimeoutMs")?;
    let prompt = optional_function(get("prompt"), "prompt")?;
    let on_change = optional_function(get("onChange"), "onChange")?;
    Ok((c, prompt, on_change))
}
