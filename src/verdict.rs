//! What the approval engine answers, and why.

use serde::Serialize;

#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(rename_all = "lowercase"))]
pub enum Decision {
    Allow,
    Prompt,
    Deny,
}

impl Decision {
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Prompt => "prompt",
            Decision::Deny => "deny",
        }
    }
}

/// Where the path a call touches lies. `None` when the call has no path.
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(rename_all = "lowercase"))]
pub enum Locality {
    Local,
    External,
    None,
}

impl Locality {
    pub fn as_str(self) -> &'static str {
        match self {
            Locality::Local => "local",
            Locality::External => "external",
            Locality::None => "none",
        }
    }
}

/// The steps of the resolution order, in order. The first step that decides wins.
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(rename_all = "kebab-case"))]
pub enum Step {
    /// The call failed validation and was never resolved (`check`, `explain` and `authorize`).
    Validation,
    DenyOverride,
    TurnDeny,
    DenyRule,
    Critical,
    Override,
    TurnAllow,
    CommandRule,
    AlwaysAllow,
    Policy,
}

impl Step {
    /// Every step, in resolution order.
    pub const ALL: [Step; 10] = [
        Step::Validation,
        Step::DenyOverride,
        Step::TurnDeny,
        Step::DenyRule,
        Step::Critical,
        Step::Override,
        Step::TurnAllow,
        Step::CommandRule,
        Step::AlwaysAllow,
        Step::Policy,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Step::Validation => "validation",
            Step::DenyOverride => "deny-override",
            Step::TurnDeny => "turn-deny",
            Step::DenyRule => "deny-rule",
            Step::Critical => "critical",
            Step::Override => "override",
            Step::TurnAllow => "turn-allow",
            Step::CommandRule => "command-rule",
            Step::AlwaysAllow => "always-allow",
            Step::Policy => "policy",
        }
    }
}

/// A decision that explains itself: which step took it, from what rule or override and its
/// origin, where the path lies, and a sentence for a human.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
pub struct Verdict {
    pub decision: Decision,
    pub reason: String,
    /// Stable machine-readable code, e.g. `deny_override`, `policy_prompt`.
    #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(type = "VerdictCode"))]
    pub code: &'static str,
    pub step: Step,
    /// Where the deciding override came from, or the deciding rule's text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    pub locality: Locality,
    /// The critical-command label, when step 4 saw one (even if a deny outranked it).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(optional, type = "CriticalLabel")
    )]
    pub critical: Option<String>,
    /// The MCP server and tool (or resource) of an MCP call (see [`crate::mcp`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mcp: Option<crate::mcp::Target>,
    /// A call denied at validation for an ignored path: the path and the line that blocked it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked: Option<BlockedPath>,
}

/// Which ignore line blocked a path, as data (the `error` sentence says the same).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
pub struct BlockedPath {
    /// The path as the call named it.
    pub path: String,
    /// The file the line came from: the ignore file's name, an include's name, or
    /// `"(built-in)"` for the rule that makes the ignore file block itself.
    pub source: String,
    /// 1-based line number in that file (0 for the built-in rule).
    pub line: u32,
    /// The pattern as written.
    pub pattern: String,
    /// `true` when the workspace view decided it: the path is a file the view lists, read
    /// through a glob, `find` or a recursive read.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional))]
    pub view: Option<bool>,
}
