//! `authorize`, split in two so the facade only awaits the JS prompt: [`Engine::begin`]
//! validates and resolves, and either settles or says what to ask; [`Engine::finish`] turns
//! how the prompt ended into an outcome. Only a real "always" answer changes state.

use serde::Serialize;

use super::{Change, Engine};
use crate::call::ToolCall;
use crate::validate::Invalid;
use crate::verdict::{Decision, Locality, Step, Verdict};

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
    TimedOut(u32),
    Aborted(String),
}

/// Who settled an `authorize` call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
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
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
pub struct Outcome {
    pub allowed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(type = "OutcomeCode"))]
    pub code: &'static str,
    #[serde(rename = "decidedBy")]
    pub decided_by: DecidedBy,
    pub verdict: Verdict,
}

/// What the prompt callback is shown (the facade adds the call's params).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    ts(rename = "ApprovalRequestCore")
)]
pub struct ApprovalRequest {
    pub tool: String,
    #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(type = "Tier"))]
    pub tier: &'static str,
    pub reason: String,
    pub locality: Locality,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(optional, type = "CriticalLabel")
    )]
    pub critical: Option<String>,
    /// The MCP server and tool (or resource) being asked about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mcp: Option<crate::mcp::Target>,
}

/// The first half of `authorize`: either settled, or the user must be asked.
#[derive(Debug, Clone, PartialEq)]
pub enum Begin {
    Settled(Outcome),
    Ask(ApprovalRequest, Verdict),
}

impl Engine {
    /// `authorize`, first half: validate, resolve, and either settle or ask.
    pub fn begin(&self, call: &ToolCall, has_prompt: bool) -> Begin {
        let facts = self.facts(call);
        let verdict = self.judge(call, &facts);
        match verdict.decision {
            _ if verdict.step == Step::Validation => Begin::Settled(failed_validation(verdict)),
            Decision::Allow => Begin::Settled(Outcome {
                allowed: true,
                reason: Some(verdict.reason.clone()),
                code: verdict.code,
                decided_by: DecidedBy::Engine,
                verdict,
            }),
            Decision::Deny => Begin::Settled(denied_now(verdict)),
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
                    mcp: verdict.mcp.clone(),
                },
                verdict,
            ),
        }
    }

    /// `authorize`, second half: turn the prompt's result into an outcome. Only a real
    /// "always" answer changes state, so a failed prompt loses or corrupts nothing.
    ///
    /// The settings as they are when the answer arrives decide: an approving answer is taken
    /// only if `call` is not denied now (an override, a turn deny, a deny rule, an ignore line,
    /// a workspace change made while the prompt was open), so a deny that exists at the answer
    /// wins over "once" and "always".
    pub fn finish(
        &mut self,
        call: &ToolCall,
        verdict: Verdict,
        result: PromptResult,
    ) -> (Outcome, Option<Change>) {
        let tool = call.tool.as_str();
        if let PromptResult::Answered(Answer::Once | Answer::Always) = result {
            let now = self.check(call);
            if now.decision == Decision::Deny {
                return (denied_now(now), None);
            }
        }
        let deny = |code: &'static str, decided_by, reason: String| {
            debug_assert!(crate::codes::listed(crate::codes::PROMPT, code), "{code}");
            Outcome {
                allowed: false,
                reason: Some(reason),
                code,
                decided_by,
                verdict: verdict.clone(),
            }
        };
        match result {
            PromptResult::Answered(Answer::Once) => (
                Outcome { allowed: true, reason: None, code: "user_once", decided_by: DecidedBy::User, verdict },
                None,
            ),
            PromptResult::Answered(Answer::Always) => {
                // An MCP call persists its server's tool (or resources), not every MCP tool.
                let key = verdict.mcp.as_ref().map(crate::mcp::Target::key);
                let change = self.allow_always(key.as_deref().unwrap_or(tool));
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
}

/// The outcome for a call that failed validation: denied, never resolved or prompted.
pub fn invalid_outcome(invalid: Invalid, locality: Locality) -> Outcome {
    failed_validation(invalid_verdict(invalid, locality))
}

/// The outcome when the settings deny the call: at validation, or by the engine's steps.
fn denied_now(verdict: Verdict) -> Outcome {
    if verdict.step == Step::Validation {
        return failed_validation(verdict);
    }
    Outcome {
        allowed: false,
        reason: Some(verdict.reason.clone()),
        code: verdict.code,
        decided_by: DecidedBy::Engine,
        verdict,
    }
}

fn failed_validation(verdict: Verdict) -> Outcome {
    Outcome {
        allowed: false,
        reason: Some(verdict.reason.clone()),
        code: verdict.code,
        decided_by: DecidedBy::Validation,
        verdict,
    }
}

/// The verdict for a call that failed validation: denied at step `validation`, with the
/// validation code.
pub fn invalid_verdict(invalid: Invalid, locality: Locality) -> Verdict {
    Verdict {
        decision: Decision::Deny,
        reason: invalid.error,
        code: invalid.code,
        step: Step::Validation,
        origin: None,
        rule: None,
        locality,
        critical: None,
        mcp: None,
        blocked: invalid.blocked,
    }
}
