//! The configuration a Gatekeeper is built from. Every field has a documented default; a bad
//! value is a [`ConfigError`] that names the field (the facade throws it as a JS `Error`).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::catalogue::ToolSpec;
use crate::policy::{ClineAutoApproval, Mode, Policy};
use crate::rules::RuleKind;

#[derive(Debug, Clone, PartialEq)]
pub struct ConfigError {
    /// The config path of the bad value, e.g. `rules.allow[2]` or `workspaceRoots[0]`.
    pub field: String,
    pub message: String,
}

impl ConfigError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        ConfigError {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid config: {}: {}", self.field, self.message)
    }
}

/// Command rules: entries like `execute_command(npm test *)` or a bare tool name. Empty by default.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RulesConfig {
    pub allow: Vec<String>,
    pub ask: Vec<String>,
    pub deny: Vec<String>,
}

/// A rule with examples (Codex-style). Building an engine checks every example and fails,
/// naming the rule and the example, when one does not behave as stated.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleExample {
    pub kind: RuleKind,
    /// Where it was written, e.g. `rules.allow[2]`.
    pub field: String,
    pub rule: String,
    /// Commands (for command tools) or paths the rule must decide.
    pub matches: Vec<String>,
    /// Commands or paths the rule must leave alone.
    pub not_matches: Vec<String>,
}

/// One entry of a rules list as JS writes it: a string, or `{ rule, match?, notMatch? }`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum RuleEntry {
    Text(String),
    WithExamples {
        rule: String,
        #[serde(default, rename = "match")]
        matches: Vec<String>,
        #[serde(default, rename = "notMatch")]
        not_matches: Vec<String>,
    },
}

/// The `rules` field as JS writes it.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RulesInput {
    pub allow: Vec<RuleEntry>,
    pub ask: Vec<RuleEntry>,
    pub deny: Vec<RuleEntry>,
}

impl RulesInput {
    /// The rules as text, and the examples to check.
    pub fn split(self) -> (RulesConfig, Vec<RuleExample>) {
        let mut rules = RulesConfig::default();
        let mut examples = Vec::new();
        let lists = [
            (RuleKind::Allow, "allow", self.allow, &mut rules.allow),
            (RuleKind::Ask, "ask", self.ask, &mut rules.ask),
            (RuleKind::Deny, "deny", self.deny, &mut rules.deny),
        ];
        for (kind, name, entries, out) in lists {
            for (i, entry) in entries.into_iter().enumerate() {
                match entry {
                    RuleEntry::Text(rule) => out.push(rule),
                    RuleEntry::WithExamples {
                        rule,
                        matches,
                        not_matches,
                    } => {
                        out.push(rule.clone());
                        let field = format!("rules.{name}[{i}]");
                        examples.push(RuleExample {
                            kind,
                            field,
                            rule,
                            matches,
                            not_matches,
                        });
                    }
                }
            }
        }
        (rules, examples)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The first is the primary root; relative paths resolve against it. Default: none (relative
    /// paths are local, every absolute path is external).
    pub workspace_roots: Vec<String>,
    /// Default false.
    pub case_insensitive_paths: bool,
    /// The ignore file's text. Default: none (only the ignore file itself is blocked).
    pub ignore_file: Option<String>,
    /// Texts for `!include NAME` lines. Default empty.
    pub ignore_includes: HashMap<String, String>,
    /// Default `.clineignore`; a file of this name is always blocked.
    pub ignore_file_name: String,
    /// Default `yolo`.
    pub mode: Mode,
    /// When given, Cline's settings are the policy table instead of the mode's.
    pub auto_approval: Option<ClineAutoApproval>,
    /// Catalogue additions and overrides.
    pub tools: Vec<(String, ToolSpec)>,
    pub overrides: Vec<(String, Policy)>,
    pub override_origins: HashMap<String, String>,
    pub always_allow: Vec<String>,
    pub rules: RulesConfig,
    /// Examples checked when the engine is built. Default none.
    pub rule_examples: Vec<RuleExample>,
    /// Default: no timeout.
    pub prompt_timeout_ms: Option<f64>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            workspace_roots: Vec::new(),
            case_insensitive_paths: false,
            ignore_file: None,
            ignore_includes: HashMap::new(),
            ignore_file_name: ".clineignore".to_string(),
            mode: Mode::default(),
            auto_approval: None,
            tools: Vec::new(),
            overrides: Vec::new(),
            override_origins: HashMap::new(),
            always_allow: Vec::new(),
            rules: RulesConfig::default(),
            rule_examples: Vec::new(),
            prompt_timeout_ms: None,
        }
    }
}
