//! The approval engine: one resolution order for both seeds.
//!
//! | step | decides |
//! |------|---------|
//! | 1 deny-override | an explicit per-tool `deny` override → deny |
//! | 2 turn-deny | a turn-scoped deny (a skill's disallowed-tools) → deny |
//! | 3 deny-rule | a command `deny` rule matching any sub-command → deny |
//! | 4 critical | a critical, unparseable or suspicious command → prompt (critical skipped in `unattended`) |
//! | 5 override | a per-tool `allow`/`prompt` override |
//! | 6 turn-allow | a turn-scoped allow (a skill's allowed-tools) → allow |
//! | 7 command-rule | command `allow`/`ask` rules |
//! | 8 always-allow | the session always-allow set → allow |
//! | 9 policy | the policy table: tier × locality (or command safety) |
//!
//! Each step is a small function that either takes the decision or passes it on.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use crate::access::{Access, IgnoreSource};
use crate::call::{ToolCall, Value};
use crate::catalogue::{Catalogue, Tier, ToolSpec};
use crate::config::{Config, ConfigError, RuleExample, RulesConfig};
use crate::policy::{ClineAutoApproval, Mode, Policy, PolicyTable, Preset, Situation};
use crate::rules::{RuleKind, RuleSet};
use crate::safety;
use crate::shell::{self, critical, Analysis, Problem};
use crate::snapshot::Snapshot;
use crate::validate::{self, Invalid, NamedPath, Validation};
use crate::verdict::{Decision, Locality, Step, Verdict};

/// A per-tool override and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Override {
    pub policy: Policy,
    pub origin: Option<String>,
}

/// What the user answered a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Once,
    Always,
    Deny,
}

impl Answer {
    pub fn parse(s: &str) -> Option<Answer> {
        match s {
            "once" => Some(Answer::Once),
            "always" => Some(Answer::Always),
            "deny" => Some(Answer::Deny),
            _ => None,
        }
    }
}

/// How a prompt ended.
#[derive(Debug, Clone, PartialEq)]
pub enum PromptResult {
    Answered(Answer),
    /// No prompt callback is installed.
    NoUi,
    /// The callback threw or its promise rejected.
    Failed(String),
    /// It answered something other than once/always/deny.
    Garbage(String),
    TimedOut(f64),
    Aborted(String),
}

/// Who settled an `authorize` call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecidedBy {
    Validation,
    Engine,
    User,
    NoUi,
    PromptError,
    Timeout,
    Abort,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    pub allowed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub code: &'static str,
    #[serde(rename = "decidedBy")]
    pub decided_by: DecidedBy,
    pub verdict: Verdict,
}

/// What the prompt callback is shown (the facade adds the call's params).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ApprovalRequest {
    pub tool: String,
    pub tier: &'static str,
    pub reason: String,
    pub locality: Locality,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub critical: Option<String>,
}

/// The first half of `authorize`: either settled, or the user must be asked.
#[derive(Debug, Clone, PartialEq)]
pub enum Begin {
    Settled(Outcome),
    Ask(ApprovalRequest, Verdict),
}

/// A change the host should persist; reported once per change.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Change {
    Mode {
        mode: &'static str,
    },
    AutoApproval,
    Override {
        tool: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        policy: Option<&'static str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<String>,
    },
    AlwaysAllow {
        tool: String,
    },
    TurnGrants,
    IgnoreFile,
    WorkspaceRoots,
}

/// One step of an explanation: whether it decided, and what it saw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TraceStep {
    pub step: Step,
    /// "decided", "passed" (looked and handed the call on) or "skipped" (after the decision).
    pub outcome: &'static str,
    pub note: String,
}

/// The full trace of a call: validation, then each step in order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invalid: Option<Invalid>,
    pub steps: Vec<TraceStep>,
    pub verdict: Verdict,
}

/// What the engine learns about a call once, before the steps look at it.
struct Facts<'e> {
    tool: &'e str,
    spec: &'e ToolSpec,
    locality: Locality,
    situation: Situation,
    /// Paths for path rules: workspace-relative when local, absolute otherwise.
    paths: Vec<String>,
    analysis: Option<Analysis>,
    critical: Option<critical::Critical>,
}

type StepFn = fn(&Engine, &Facts<'_>) -> Option<Verdict>;

/// Steps 1–8 in order; step 9, the policy table, always decides.
const ORDER: [(Step, StepFn); 8] = [
    (Step::DenyOverride, Engine::deny_override),
    (Step::TurnDeny, Engine::turn_deny),
    (Step::DenyRule, Engine::deny_rule),
    (Step::Critical, Engine::critical_command),
    (Step::Override, Engine::tool_override),
    (Step::TurnAllow, Engine::turn_allow),
    (Step::CommandRule, Engine::command_rule),
    (Step::AlwaysAllow, Engine::always_allowed),
];

pub struct Engine {
    catalogue: Catalogue,
    /// The config's `tools`, kept for snapshots.
    custom_tools: BTreeMap<String, ToolSpec>,
    access: Access,
    rules: RuleSet,
    /// The rules as written, kept for snapshots.
    rules_source: RulesConfig,
    mode: Mode,
    preset: Preset,
    table: PolicyTable,
    overrides: BTreeMap<String, Override>,
    always_allow: BTreeSet<String>,
    turn_allow: BTreeSet<String>,
    turn_deny: BTreeSet<String>,
    prompt_timeout_ms: Option<f64>,
}

impl Engine {
    pub fn new(mut config: Config) -> Result<Engine, ConfigError> {
        let examples = std::mem::take(&mut config.rule_examples);
        let access = Access::new(
            &config.workspace_roots,
            config.case_insensitive_paths,
            IgnoreSource {
                text: config.ignore_file,
                includes: config.ignore_includes,
                file_name: config.ignore_file_name,
            },
        )?;
        let rules = RuleSet::compile(&config.rules.allow, &config.rules.ask, &config.rules.deny)
            .map_err(|e| ConfigError::new("rules", format!("{}: {}", e.rule, e.message)))?;
        let mut catalogue = Catalogue::default();
        for (name, _) in &config.tools {
            if name.trim().is_empty() {
                return Err(ConfigError::new("tools", "a tool name is empty"));
            }
        }
        let custom_tools: BTreeMap<String, ToolSpec> = config.tools.into_iter().collect();
        catalogue.extend(custom_tools.clone());
        if let Some(ms) = config.prompt_timeout_ms {
            if !(ms.is_finite() && ms >= 0.0) {
                return Err(ConfigError::new(
                    "promptTimeoutMs",
                    "must be a finite number ≥ 0",
                ));
            }
        }
        let origins = config.override_origins;
        for tool in origins.keys() {
            if !config.overrides.iter().any(|(t, _)| t == tool) {
                return Err(ConfigError::new(
                    format!("overrideOrigins.{tool}"),
                    "names a tool that has no override",
                ));
            }
        }
        let overrides = config
            .overrides
            .into_iter()
            .map(|(tool, policy)| {
                let origin = origins.get(&tool).cloned();
                (tool, Override { policy, origin })
            })
            .collect();
        let preset = match config.auto_approval {
            Some(c) => Preset::Cline(c),
            None => Preset::Mode(config.mode),
        };
        let engine = Engine {
            catalogue,
            custom_tools,
            access,
            rules,
            rules_source: config.rules,
            mode: config.mode,
            table: PolicyTable::for_preset(&preset),
            preset,
            overrides,
            always_allow: config.always_allow.into_iter().collect(),
            turn_allow: BTreeSet::new(),
            turn_deny: BTreeSet::new(),
            prompt_timeout_ms: config.prompt_timeout_ms,
        };
        engine.check_examples(&examples)?;
        Ok(engine)
    }

    /// Every rule example must behave as stated: `match` examples are decided by the rule
    /// (an allow rule must really allow them), `notMatch` examples are not.
    fn check_examples(&self, examples: &[RuleExample]) -> Result<(), ConfigError> {
        for ex in examples {
            let one = |list: RuleKind| {
                if ex.kind == list {
                    std::slice::from_ref(&ex.rule)
                } else {
                    &[]
                }
            };
            let set = RuleSet::compile(
                one(RuleKind::Allow),
                one(RuleKind::Ask),
                one(RuleKind::Deny),
            )
            .map_err(|e| ConfigError::new(ex.field.clone(), e.to_string()))?;
            let tool = ex.rule.split('(').next().unwrap_or_default().trim();
            let has_command = self.catalogue.spec(tool).command.is_some();
            let decides = |example: &str| -> bool {
                let analysis = has_command.then(|| shell::analyse(example));
                let paths: Vec<String> = if has_command {
                    Vec::new()
                } else {
                    match self.access.workspace().resolve(example) {
                        Ok(r) => vec![r.relative.unwrap_or(r.absolute)],
                        Err(_) => Vec::new(),
                    }
                };
                let m = match ex.kind {
                    RuleKind::Deny => set.deny(tool, analysis.as_ref(), &paths),
                    _ => set.allow_or_ask(tool, analysis.as_ref(), &paths),
                };
                m.is_some_and(|m| m.kind == ex.kind && m.downgraded.is_none())
            };
            let wrong = ex
                .matches
                .iter()
                .map(|e| (e, true))
                .chain(ex.not_matches.iter().map(|e| (e, false)))
                .find(|(e, want)| decides(e) != *want);
            if let Some((example, want)) = wrong {
                let (should, does) = if want {
                    ("match", "does not")
                } else {
                    ("not match", "does")
                };
                return Err(ConfigError::new(
                    ex.field.clone(),
                    format!(
                        "rule `{}`: example {example:?} should {should} but {does}",
                        ex.rule
                    ),
                ));
            }
        }
        Ok(())
    }

    // ---- state -------------------------------------------------------------------------

    pub fn access(&self) -> &Access {
        &self.access
    }

    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    pub fn prompt_timeout_ms(&self) -> Option<f64> {
        self.prompt_timeout_ms
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Sets the mode; its table replaces any Cline auto-approval settings.
    pub fn set_mode(&mut self, mode: Mode) -> Change {
        self.mode = mode;
        self.preset = Preset::Mode(mode);
        self.table = PolicyTable::for_preset(&self.preset);
        Change::Mode {
            mode: mode.as_str(),
        }
    }

    pub fn auto_approval(&self) -> Option<ClineAutoApproval> {
        match self.preset {
            Preset::Cline(c) => Some(c),
            Preset::Mode(_) => None,
        }
    }

    /// Cline's settings become the table; `None` goes back to the mode's table.
    pub fn set_auto_approval(&mut self, settings: Option<ClineAutoApproval>) -> Change {
        self.preset = settings
            .map(Preset::Cline)
            .unwrap_or(Preset::Mode(self.mode));
        self.table = PolicyTable::for_preset(&self.preset);
        Change::AutoApproval
    }

    pub fn set_override(&mut self, tool: &str, policy: Policy, origin: Option<String>) -> Change {
        self.overrides.insert(
            tool.to_string(),
            Override {
                policy,
                origin: origin.clone(),
            },
        );
        Change::Override {
            tool: tool.to_string(),
            policy: Some(policy.as_str()),
            origin,
        }
    }

    /// `None` when there was nothing to clear.
    pub fn clear_override(&mut self, tool: &str) -> Option<Change> {
        self.overrides.remove(tool).map(|_| Change::Override {
            tool: tool.to_string(),
            policy: None,
            origin: None,
        })
    }

    pub fn override_for(&self, tool: &str) -> Option<&Override> {
        self.overrides.get(tool)
    }

    pub fn overrides(&self) -> &BTreeMap<String, Override> {
        &self.overrides
    }

    /// `None` when the tool was already in the set.
    pub fn allow_always(&mut self, tool: &str) -> Option<Change> {
        self.always_allow
            .insert(tool.to_string())
            .then(|| Change::AlwaysAllow {
                tool: tool.to_string(),
            })
    }

    pub fn is_always_allowed(&self, tool: &str) -> bool {
        self.always_allow.contains(tool)
    }

    /// Sorted and free of duplicates (it is a set).
    pub fn always_allowed_tools(&self) -> impl Iterator<Item = &str> {
        self.always_allow.iter().map(String::as_str)
    }

    /// Adds turn-scoped grants (a skill's allowed-tools / disallowed-tools).
    pub fn grant_for_turn<A, D>(&mut self, allow: A, deny: D) -> Change
    where
        A: IntoIterator<Item = String>,
        D: IntoIterator<Item = String>,
    {
        self.turn_allow.extend(allow);
        self.turn_deny.extend(deny);
        Change::TurnGrants
    }

    /// Called when the user sends a new message.
    pub fn clear_turn_grants(&mut self) -> Change {
        self.turn_allow.clear();
        self.turn_deny.clear();
        Change::TurnGrants
    }

    /// Replaces the ignore file; on error nothing changes.
    pub fn set_ignore_file(
        &mut self,
        text: Option<String>,
        includes: HashMap<String, String>,
    ) -> Result<Change, ConfigError> {
        let file_name = self.access.source().file_name.clone();
        self.access.set_ignore(IgnoreSource {
            text,
            includes,
            file_name,
        })?;
        Ok(Change::IgnoreFile)
    }

    /// Replaces the workspace roots; on error nothing changes.
    pub fn set_workspace_roots(&mut self, roots: &[String]) -> Result<Change, ConfigError> {
        self.access.set_roots(roots)?;
        Ok(Change::WorkspaceRoots)
    }

    /// Everything a user decided, as plain data that [`Snapshot::into_config`] restores.
    pub fn snapshot(&self) -> Snapshot {
        let source = self.access.source();
        Snapshot {
            version: Snapshot::VERSION,
            mode: self.mode.as_str().to_string(),
            auto_approval: self.auto_approval(),
            overrides: self
                .overrides
                .iter()
                .map(|(t, o)| (t.clone(), o.policy))
                .collect(),
            override_origins: self
                .overrides
                .iter()
                .filter_map(|(t, o)| o.origin.clone().map(|origin| (t.clone(), origin)))
                .collect(),
            always_allow: self.always_allow.iter().cloned().collect(),
            rules: self.rules_source.clone(),
            ignore_file: source.text.clone(),
            ignore_includes: source
                .includes
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            ignore_file_name: source.file_name.clone(),
            workspace_roots: self.access.roots().to_vec(),
            case_insensitive_paths: self.access.workspace().case_insensitive(),
            tools: self.custom_tools.clone(),
        }
    }

    // ---- the two questions -------------------------------------------------------------

    /// Can it run?
    pub fn validate(&self, call: &ToolCall) -> Validation {
        let spec = self.catalogue.spec(&call.tool);
        let analysis = command_of(call, spec).map(shell::analyse);
        validate::validate(call, spec, &self.access, analysis.as_ref())
    }

    /// Should the user be asked? Synchronous; never prompts.
    pub fn check(&self, call: &ToolCall) -> Verdict {
        let facts = self.facts(call);
        self.resolve(&facts)
    }

    /// Policy testing: every step in order, with what it looked at and why it passed the
    /// decision on or took it.
    pub fn explain(&self, call: &ToolCall) -> Explanation {
        let f = self.facts(call);
        let invalid = validate::validate(call, f.spec, &self.access, f.analysis.as_ref()).err();
        let mut steps = Vec::with_capacity(ORDER.len() + 1);
        let mut decided = None;
        for (step, run) in ORDER {
            if decided.is_some() {
                steps.push(TraceStep {
                    step,
                    outcome: "skipped",
                    note: "a step before it decided".into(),
                });
                continue;
            }
            match run(self, &f) {
                Some(v) => {
                    steps.push(TraceStep {
                        step,
                        outcome: "decided",
                        note: v.reason.clone(),
                    });
                    decided = Some(v);
                }
                None => steps.push(TraceStep {
                    step,
                    outcome: "passed",
                    note: self.pass_note(step, &f),
                }),
            }
        }
        let verdict = match decided {
            Some(v) => {
                steps.push(TraceStep {
                    step: Step::Policy,
                    outcome: "skipped",
                    note: "a step before it decided".into(),
                });
                v
            }
            None => {
                let v = self.policy_table(&f);
                steps.push(TraceStep {
                    step: Step::Policy,
                    outcome: "decided",
                    note: v.reason.clone(),
                });
                v
            }
        };
        Explanation {
            invalid,
            steps,
            verdict: self.with_critical(verdict, &f),
        }
    }

    /// Why `step` handed the call on.
    fn pass_note(&self, step: Step, f: &Facts<'_>) -> String {
        let tool = f.tool;
        match step {
            Step::DenyOverride | Step::Override => match self.overrides.get(tool) {
                None => format!("no override for '{tool}'"),
                Some(o) => format!("the override for '{tool}' is \"{}\"", o.policy.as_str()),
            },
            Step::TurnDeny => format!(
                "'{tool}' is not in this turn's deny list ({} entries)",
                self.turn_deny.len()
            ),
            Step::DenyRule => "no deny rule matches".to_string(),
            Step::Critical => match (&f.analysis, &f.critical) {
                (None, _) => "the call has no command".to_string(),
                (Some(_), Some(c)) => format!(
                    "critical command ({}) not asked about in unattended mode",
                    c.label
                ),
                (Some(a), None) => {
                    format!("no critical pattern in {} command(s)", a.commands.len())
                }
            },
            Step::TurnAllow => format!(
                "'{tool}' is not in this turn's allow list ({} entries)",
                self.turn_allow.len()
            ),
            Step::CommandRule => "no allow or ask rule matches".to_string(),
            Step::AlwaysAllow => format!("'{tool}' is not in the session always-allow set"),
            Step::Validation | Step::Policy => String::new(),
        }
    }

    /// `authorize`, first half: validate, resolve, and either settle or ask.
    pub fn begin(&self, call: &ToolCall, has_prompt: bool) -> Begin {
        let spec = self.catalogue.spec(&call.tool);
        let facts = self.facts(call);
        if let Err(invalid) = validate::validate(call, spec, &self.access, facts.analysis.as_ref())
        {
            return Begin::Settled(invalid_outcome(invalid, facts.locality));
        }
        let verdict = self.resolve(&facts);
        match verdict.decision {
            Decision::Allow => Begin::Settled(Outcome {
                allowed: true,
                reason: Some(verdict.reason.clone()),
                code: verdict.code,
                decided_by: DecidedBy::Engine,
                verdict,
            }),
            Decision::Deny => Begin::Settled(Outcome {
                allowed: false,
                reason: Some(verdict.reason.clone()),
                code: verdict.code,
                decided_by: DecidedBy::Engine,
                verdict,
            }),
            Decision::Prompt if !has_prompt => Begin::Settled(Outcome {
                allowed: false,
                reason: Some(format!(
                    "No approval UI is available to ask about '{}' ({}).",
                    call.tool, verdict.reason
                )),
                code: "no_approval_ui",
                decided_by: DecidedBy::NoUi,
                verdict,
            }),
            Decision::Prompt => Begin::Ask(
                ApprovalRequest {
                    tool: call.tool.clone(),
                    tier: facts.spec.tier.as_str(),
                    reason: verdict.reason.clone(),
                    locality: verdict.locality,
                    critical: verdict.critical.clone(),
                },
                verdict,
            ),
        }
    }

    /// `authorize`, second half: turn the prompt's result into an outcome. Only a real
    /// "always" answer changes state, so a failed prompt loses or corrupts nothing.
    pub fn finish(
        &mut self,
        tool: &str,
        verdict: Verdict,
        result: PromptResult,
    ) -> (Outcome, Option<Change>) {
        let deny = |code, decided_by, reason: String| Outcome {
            allowed: false,
            reason: Some(reason),
            code,
            decided_by,
            verdict: verdict.clone(),
        };
        match result {
            PromptResult::Answered(Answer::Once) => (
                Outcome { allowed: true, reason: None, code: "user_once", decided_by: DecidedBy::User, verdict },
                None,
            ),
            PromptResult::Answered(Answer::Always) => {
                let change = self.allow_always(tool);
                (
                    Outcome { allowed: true, reason: None, code: "user_always", decided_by: DecidedBy::User, verdict },
                    change,
                )
            }
            PromptResult::Answered(Answer::Deny) => {
                (deny("user_deny", DecidedBy::User, format!("The user denied '{tool}'.")), None)
            }
            PromptResult::NoUi => (
                deny("no_approval_ui", DecidedBy::NoUi, format!("No approval UI is available to ask about '{tool}'.")),
                None,
            ),
            PromptResult::Failed(why) => (
                deny("prompt_failed", DecidedBy::PromptError, format!("The approval prompt failed ({why}), so '{tool}' is denied.")),
                None,
            ),
            PromptResult::Garbage(what) => (
                deny(
                    "prompt_invalid_answer",
                    DecidedBy::PromptError,
                    format!("The approval prompt answered {what}, not \"once\", \"always\" or \"deny\", so '{tool}' is denied."),
                ),
                None,
            ),
            PromptResult::TimedOut(ms) => (
                deny("prompt_timeout", DecidedBy::Timeout, format!("No answer within {ms} ms, so '{tool}' is denied.")),
                None,
            ),
            PromptResult::Aborted(why) => (
                deny("prompt_aborted", DecidedBy::Abort, format!("The request was aborted ({why}), so '{tool}' is denied.")),
                None,
            ),
        }
    }

    // ---- facts -------------------------------------------------------------------------

    fn facts<'e>(&'e self, call: &'e ToolCall) -> Facts<'e> {
        let spec = self.catalogue.spec(&call.tool);
        let analysis = command_of(call, spec).map(shell::analyse);
        let mut paths = Vec::new();
        let mut locality = Locality::None;
        for named in validate::named_paths(call, spec) {
            let here = match named {
                // A plain relative path is inside the primary root as written (no allocation
                // beyond the copy).
                NamedPath::Path(path) if self.access.workspace().plain_relative(path).is_some() => {
                    let (relative, _) = self
                        .access
                        .workspace()
                        .plain_relative(path)
                        .unwrap_or_default();
                    paths.push(relative.to_string());
                    Locality::Local
                }
                NamedPath::Path(path) => match self.access.workspace().resolve(path) {
                    Ok(r) => {
                        let here = r.locality();
                        paths.push(r.relative.unwrap_or(r.absolute));
                        here
                    }
                    Err(_) => Locality::External,
                },
                // An unusable path fails closed: external.
                NamedPath::NotAString(_) | NamedPath::NotUnicode(_) => Locality::External,
            };
            locality = widest(locality, here);
        }
        let situation = if spec.tier == Tier::Exec {
            match &analysis {
                Some(a) if requires_approval_is_false(call) && safety::risk(a).is_none() => {
                    Situation::SafeCommand
                }
                _ => Situation::RiskyCommand,
            }
        } else {
            match locality {
                Locality::Local => Situation::Local,
                Locality::External => Situation::External,
                Locality::None => Situation::NoPath,
            }
        };
        let critical = analysis.as_ref().and_then(critical::detect);
        Facts {
            tool: &call.tool,
            spec,
            locality,
            situation,
            paths,
            analysis,
            critical,
        }
    }

    // ---- the resolution order ----------------------------------------------------------

    /// The first step that decides wins; the policy table always decides.
    fn resolve(&self, f: &Facts<'_>) -> Verdict {
        let v = ORDER
            .iter()
            .find_map(|(_, step)| step(self, f))
            .unwrap_or_else(|| self.policy_table(f));
        self.with_critical(v, f)
    }

    /// A deny may outrank a critical command, but the verdict still says it was one.
    fn with_critical(&self, mut v: Verdict, f: &Facts<'_>) -> Verdict {
        if v.critical.is_none() {
            v.critical = f.critical.as_ref().map(|c| c.label.to_string());
        }
        v
    }

    fn deny_override(&self, f: &Facts<'_>) -> Option<Verdict> {
        let tool = f.tool;
        let o = self
            .overrides
            .get(tool)
            .filter(|o| o.policy == Policy::Deny)?;
        Some(
            verdict(
                Decision::Deny,
                Step::DenyOverride,
                "deny_override",
                format!("'{tool}' is denied by an override{}.", from(&o.origin)),
                f,
            )
            .origin(o.origin.clone()),
        )
    }

    fn turn_deny(&self, f: &Facts<'_>) -> Option<Verdict> {
        let tool = f.tool;
        self.turn_deny.contains(tool).then(|| {
            verdict(
                Decision::Deny,
                Step::TurnDeny,
                "turn_deny",
                format!("'{tool}' is not allowed during this turn."),
                f,
            )
        })
    }

    fn deny_rule(&self, f: &Facts<'_>) -> Option<Verdict> {
        let tool = f.tool;
        let m = self.rules.deny(tool, f.analysis.as_ref(), &f.paths)?;
        Some(
            verdict(
                Decision::Deny,
                Step::DenyRule,
                "deny_rule",
                sentence(&m.describe()),
                f,
            )
            .rule(m.rule),
        )
    }

    fn critical_command(&self, f: &Facts<'_>) -> Option<Verdict> {
        let analysis = f.analysis.as_ref()?;
        // What cannot be analysed never allows, whatever the mode.
        match &analysis.problem {
            Some(Problem::Suspicious(what)) => {
                return Some(verdict(
                    Decision::Prompt,
                    Step::Critical,
                    "suspicious_command",
                    format!("The command contains {what}: what is shown may not be what runs."),
                    f,
                ))
            }
            Some(Problem::Unparseable(why)) => {
                return Some(verdict(
                    Decision::Prompt,
                    Step::Critical,
                    "unanalysable_command",
                    format!("The command cannot be analysed ({why}), so it needs approval."),
                    f,
                ))
            }
            None => {}
        }
        let c = f
            .critical
            .as_ref()
            .filter(|_| self.mode.asks_about_critical())?;
        let mut v = verdict(
            Decision::Prompt,
            Step::Critical,
            "critical_command",
            format!(
                "Critical command ({}): `{}` always needs approval.",
                c.label, c.command
            ),
            f,
        );
        v.critical = Some(c.label.to_string());
        Some(v)
    }

    fn tool_override(&self, f: &Facts<'_>) -> Option<Verdict> {
        let tool = f.tool;
        let o = self.overrides.get(tool)?;
        let (decision, code) = match o.policy {
            Policy::Allow => (Decision::Allow, "override_allow"),
            Policy::Prompt => (Decision::Prompt, "override_prompt"),
            Policy::Deny => return None, // step 1 took it
        };
        let what = if decision == Decision::Allow {
            "allowed"
        } else {
            "set to always prompt"
        };
        Some(
            verdict(
                decision,
                Step::Override,
                code,
                format!("'{tool}' is {what} by an override{}.", from(&o.origin)),
                f,
            )
            .origin(o.origin.clone()),
        )
    }

    fn turn_allow(&self, f: &Facts<'_>) -> Option<Verdict> {
        let tool = f.tool;
        self.turn_allow.contains(tool).then(|| {
            verdict(
                Decision::Allow,
                Step::TurnAllow,
                "turn_allow",
                format!("'{tool}' is allowed during this turn."),
                f,
            )
        })
    }

    fn command_rule(&self, f: &Facts<'_>) -> Option<Verdict> {
        let tool = f.tool;
        let m = self
            .rules
            .allow_or_ask(tool, f.analysis.as_ref(), &f.paths)?;
        let (decision, code) = match (m.kind, &m.downgraded) {
            (RuleKind::Allow, None) => (Decision::Allow, "rule_allow"),
            _ => (Decision::Prompt, "rule_ask"),
        };
        Some(
            verdict(
                decision,
                Step::CommandRule,
                code,
                sentence(&m.describe()),
                f,
            )
            .rule(m.rule),
        )
    }

    fn always_allowed(&self, f: &Facts<'_>) -> Option<Verdict> {
        let tool = f.tool;
        self.always_allow.contains(tool).then(|| {
            verdict(
                Decision::Allow,
                Step::AlwaysAllow,
                "always_allow",
                format!("'{tool}' was always-allowed earlier in this session."),
                f,
            )
        })
    }

    fn policy_table(&self, f: &Facts<'_>) -> Verdict {
        let tool = f.tool;
        let tier = f.spec.tier;
        let allowed = self.table.get(tier, f.situation) == Policy::Allow;
        let (decision, code, what) = if allowed {
            (Decision::Allow, "policy_allow", "runs without asking")
        } else {
            (Decision::Prompt, "policy_prompt", "needs approval")
        };
        verdict(
            decision,
            Step::Policy,
            code,
            format!(
                "Under {}, '{tool}' ({} tool, {}) {what}.",
                self.preset.describe(),
                tier.as_str(),
                f.situation.describe()
            ),
            f,
        )
    }
}

fn verdict(
    decision: Decision,
    step: Step,
    code: &'static str,
    reason: String,
    f: &Facts<'_>,
) -> Verdict {
    Verdict {
        decision,
        reason,
        code,
        step,
        origin: None,
        rule: None,
        locality: f.locality,
        critical: None,
    }
}

impl Verdict {
    fn origin(mut self, origin: Option<String>) -> Self {
        self.origin = origin;
        self
    }

    fn rule(mut self, rule: &str) -> Self {
        self.rule = Some(rule.to_string());
        self
    }
}

/// "denied by rule `x`" → "Denied by rule `x`."
fn sentence(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    let mut chars = s.chars();
    if let Some(first) = chars.next() {
        out.extend(first.to_uppercase());
    }
    out.push_str(chars.as_str());
    out.push('.');
    out
}

/// A call touching several paths is as external as its most external path.
fn widest(a: Locality, b: Locality) -> Locality {
    match (a, b) {
        (Locality::External, _) | (_, Locality::External) => Locality::External,
        (Locality::Local, _) | (_, Locality::Local) => Locality::Local,
        _ => Locality::None,
    }
}

fn from(origin: &Option<String>) -> String {
    origin
        .as_ref()
        .map(|o| format!(" (from: {o})"))
        .unwrap_or_default()
}

fn command_of<'c>(call: &'c ToolCall, spec: &ToolSpec) -> Option<&'c str> {
    call.param(spec.command.as_deref()?)?.as_str()
}

/// The model's `requires_approval` flag is false: a boolean false or the string "false"
/// (Cline's params arrive as text). Anything else, including absence, is not a "safe" claim.
fn requires_approval_is_false(call: &ToolCall) -> bool {
    match call.param("requires_approval") {
        Some(Value::Bool(b)) => !b,
        Some(Value::Str(s)) => s.trim().eq_ignore_ascii_case("false"),
        _ => false,
    }
}

/// The outcome for a call that failed validation: denied, never resolved or prompted.
pub fn invalid_outcome(invalid: Invalid, locality: Locality) -> Outcome {
    Outcome {
        allowed: false,
        reason: Some(invalid.error.clone()),
        code: invalid.code,
        decided_by: DecidedBy::Validation,
        verdict: Verdict {
            decision: Decision::Deny,
            reason: invalid.error,
            code: invalid.code,
            step: Step::Validation,
            origin: None,
            rule: None,
            locality,
            critical: None,
        },
    }
}
