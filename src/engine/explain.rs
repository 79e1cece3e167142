//! Policy testing: [`Engine::explain`] walks the resolution order and says, for every step,
//! whether it decided, handed the call on (and what it looked at), or was never reached.

use serde::Serialize;

use super::order::{StepEntry, ORDER};
use super::{invalid_verdict, Engine};
use crate::call::ToolCall;
use crate::validate::Invalid;
use crate::verdict::{Step, Verdict};

/// One step of an explanation: whether it decided, and what it saw.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
pub struct TraceStep {
    pub step: Step,
    /// "decided", "passed" (looked and handed the call on) or "skipped" (after the decision).
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(type = "\"decided\" | \"passed\" | \"skipped\"")
    )]
    pub outcome: &'static str,
    pub note: String,
}

/// The full trace of a call: what validation found, then each step in order (all skipped
/// when validation denied the call).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
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
            steps: ORDER
                .iter()
                .map(|s| s.step)
                .chain([Step::Policy])
                .map(|step| skipped(step, "the call failed validation"))
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
        if let Err(invalid) = f.validation(call, &self.access) {
            let mut verdict = invalid_verdict(invalid.clone(), f.locality);
            self.mark_critical(&mut verdict, &f);
            return Explanation::failed_validation(invalid, verdict);
        }
        let mut steps = Vec::with_capacity(ORDER.len() + 1);
        let mut decided = None;
        for &StepEntry {
            step,
            decide,
            passed,
        } in &ORDER
        {
            if decided.is_some() {
                steps.push(skipped(step, "a step before it decided"));
                continue;
            }
            match decide(self, &f) {
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
                    note: with_mcp(passed(self, &f), step, &f),
                }),
            }
        }
        let mut verdict = match decided {
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
        self.mark_critical(&mut verdict, &f);
        Explanation {
            invalid: None,
            steps,
            verdict,
        }
    }
}

/// A pass note of a step that also looks at MCP names says which server and tool it looked
/// for.
fn with_mcp(mut note: String, step: Step, f: &super::Facts<'_>) -> String {
    let looks = !matches!(step, Step::Critical | Step::Policy | Step::Validation);
    if let (true, Some(t)) = (looks, &f.mcp) {
        note.push_str(&format!(
            ", nor for {} ({} or a wider name)",
            t.describe(),
            t.key()
        ));
    }
    note
}
