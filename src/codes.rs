//! Every machine-readable code toolgate answers with, one table per kind. The TypeScript
//! string-literal unions are generated from these tables, and debug builds check that each
//! code the core produces is listed, so a new code cannot reach JS untyped.

/// `ValidationResult.code` (and a verdict's `code` at step `validation`).
pub const VALIDATION: &[&str] = &[
    "invalid_call",
    "invalid_param",
    "missing_param",
    "invalid_path",
    "ignored_path",
    "invalid_mcp_name",
];

/// A verdict's `code` from a step of the resolution order.
pub const RESOLUTION: &[&str] = &[
    "deny_override",
    "turn_deny",
    "deny_rule",
    "not_allow_listed",
    "allow_list_redirect",
    "suspicious_command",
    "unanalysable_command",
    "critical_command",
    "override_allow",
    "override_prompt",
    "turn_allow",
    "rule_allow",
    "rule_ask",
    "always_allow",
    "policy_allow",
    "policy_prompt",
];

/// An outcome's `code` when the prompt settled it (or could not be asked).
pub const PROMPT: &[&str] = &[
    "no_approval_ui",
    "user_once",
    "user_always",
    "user_deny",
    "prompt_failed",
    "prompt_invalid_answer",
    "prompt_timeout",
    "prompt_aborted",
];

/// Whether `code` is in `table`; for `debug_assert!` where codes are made.
pub fn listed(table: &[&str], code: &str) -> bool {
    table.contains(&code)
}
