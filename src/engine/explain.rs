//! Policy testing: [`Engine::explain`] walks the resolution order and says, for every step,
//! whether it decided, handed the call on (and what it looked at), or was never reached.

use serde::Serialize;

use super::order::ORDER;
use super::{invalid_verdict, Engine, Facts};
use crate::call::ToolCall;
use crate::validate::{self, Invalid};
use crate::verdict::{Step, Verdict};

/// One step of an explanation: whether it decided, and what it saw.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TraceStep {
    pub step: Step,
    /// "decided", "passed" (looked and handed the call on) or "skipped" (after the decision).
    #[cfg_attr(test, ts(type = "\"decided\" | \"passed\" | \"skipped\""))]
    pub outcome: &'static str,
    pub note: String,
}

/// The full trace of a call: what validation found, then each step in order (all skipped
/// when validation denied the call).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(optional_fields))]
pub struct Explanation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invalid: Option<Invalid>,
    pub steps: Vec<TraceStep>,
    pub verdict: Verdict,
}

impl Explanation {
    /// A call that failed validation: denied there, so every step of the order is skipped
    /// (the verdict is `check`'s).
    pub fn failed_validation(invalid: Invalid, verdict: Verdict) -> Explanation {
        Explanation {
            invalid: Some(invalid),
            steps: Step::ORDER
                .iter()
                .map(|&step| skipped(step, "the call failed validation"))
                .collect(),
            verdict,
        }
    }
}

fn skipped(step: Step, why: &str) -> TraceStep {
    TraceStep {
        step,
        outcome: "skipped",
        note: why.into(),
    }
}

impl Engine {
    /// Policy testing: every step in order, with what it looked at and why it passed the
    /// decision on or took it.
    pub fn explain(&self, call: &ToolCall) -> Explanation {
        let f = self.facts(call);
        if let Err(invalid) = validate::validate(call, f.spec, &self.access, f.analysis.as_ref()) {
            let verdict = self.with_critical(invalid_verdict(invalid.clone(), f.locality), &f);
            return Explanation::failed_validation(invalid, verdict);
        }
        let mut steps = Vec::with_capacity(Step::ORDER.len());
        let mut decided = None;
        for (step, run) in ORDER {
            if decided.is_some() {
                steps.push(skipped(step, "a step before it decided"));
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
                steps.push(skipped(Step::Policy, "a step before it decided"));
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
            invalid: None,
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
            Step::DenyRule if self.allow_list.is_listed(tool) => {
                "no deny rule matches, and the allow-list covers the call".to_string()
            }
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
}
