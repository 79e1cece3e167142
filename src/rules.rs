//! Command rules `tool(pattern)` in allow / ask / deny lists, compiled once.
//!
//! INTERFACE STUB — implemented by the shell-analysis work (issue 4).

use crate::shell::Analysis;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    Allow,
    Ask,
    Deny,
}

/// A malformed rule: thrown at construction, naming the rule.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleError {
    pub rule: String,
    pub message: String,
}

#[derive(Debug, Clone, Default)]
pub struct RuleSet {}

/// What steps 3 and 7 see of a rule that matched.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleMatch<'a> {
    pub kind: RuleKind,
    /// The rule as written.
    pub rule: &'a str,
}

impl RuleSet {
    pub fn compile(
        _allow: &[String],
        _ask: &[String],
        _deny: &[String],
    ) -> Result<RuleSet, RuleError> {
        Ok(RuleSet {})
    }

    pub fn is_empty(&self) -> bool {
        true
    }

    /// Step 3: a deny rule matching the call (any sub-command of its command).
    pub fn deny(
        &self,
        _tool: &str,
        _command: Option<&Analysis>,
        _paths: &[String],
    ) -> Option<RuleMatch<'_>> {
        None
    }

    /// Step 7: `Allow` only when every sub-command is allowed and the command is plain; `Ask`
    /// when an ask rule matches or an allow would need a non-plain command.
    pub fn allow_or_ask(
        &self,
        _tool: &str,
        _command: Option<&Analysis>,
        _paths: &[String],
    ) -> Option<RuleMatch<'_>> {
        None
    }
}
