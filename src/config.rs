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
    /// Allow-listed tools, bare or with patterns (see [`crate::allow_list`]). Default none.
    #[serde(rename = "allowOnly", skip_serializing_if = "Vec::is_empty")]
    pub allow_only: Vec<String>,
    /// Whether an allow-listed command may redirect. Default false, as in Cline.
    #[serde(rename = "allowRedirects", skip_serializing_if = "is_false")]
    pub allow_redirects: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
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
///
/// Read as serde's `#[serde(untagged)]` read it (the entry is read in full, then each form is
/// tried; any mismatch is "data did not match any variant of untagged enum RuleEntry"), by
/// hand: the derive pulls in serde's general buffer and its deserializers, ~3 KiB of the
/// gzipped wasm.
#[derive(Debug, Clone, PartialEq)]
pub enum RuleEntry {
    Text(String),
    WithExamples {
        rule: String,
        matches: Vec<String>,
        not_matches: Vec<String>,
    },
}

impl<'de> Deserialize<'de> for RuleEntry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Written::deserialize(d)?.rule_entry().ok_or_else(|| {
            serde::de::Error::custom("data did not match any variant of untagged enum RuleEntry")
        })
    }
}

/// A value as written, kept only as far as a [`RuleEntry`] (or an importer reading a field
/// whatever its type, as Cline does) needs to tell its forms apart.
#[derive(Debug, Clone, PartialEq)]
pub enum Written {
    Text(String),
    Bytes(Vec<u8>),
    Bool(bool),
    Seq(Vec<Written>),
    Map(Vec<(Written, Written)>),
    Other,
}

impl Written {
    fn rule_entry(self) -> Option<RuleEntry> {
        let entries = match self {
            Written::Map(entries) => entries,
            other => return other.text().map(RuleEntry::Text),
        };
        let (mut rule, mut matches, mut not_matches) = (None, None, None);
        for (key, value) in entries {
            let slot = match key.text().as_deref() {
                Some("rule") => {
                    set(&mut rule, value.text()?)?;
                    continue;
                }
                Some("match") => &mut matches,
                Some("notMatch") => &mut not_matches,
                _ => continue,
            };
            set(slot, value.texts()?)?;
        }
        Some(RuleEntry::WithExamples {
            rule: rule?,
            matches: matches.unwrap_or_default(),
            not_matches: not_matches.unwrap_or_default(),
        })
    }

    /// A string (bytes that are UTF-8 count, as serde's `String` takes them).
    pub(crate) fn text(self) -> Option<String> {
        match self {
            Written::Text(s) => Some(s),
            Written::Bytes(b) => String::from_utf8(b).ok(),
            _ => None,
        }
    }

    fn texts(self) -> Option<Vec<String>> {
        match self {
            Written::Seq(items) => items.into_iter().map(Written::text).collect(),
            _ => None,
        }
    }
}

/// Fills a field once: a second value for it is a mismatch, as a duplicate field is.
fn set<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    slot.is_none().then(|| *slot = Some(value))
}

impl<'de> Deserialize<'de> for Written {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(WrittenVisitor)
    }
}

struct WrittenVisitor;

impl<'de> serde::de::Visitor<'de> for WrittenVisitor {
    type Value = Written;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Written, E> {
        Ok(Written::Bool(b))
    }

    fn visit_i64<E>(self, _: i64) -> Result<Written, E> {
        Ok(Written::Other)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Written, E> {
        Ok(Written::Other)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Written, E> {
        Ok(Written::Other)
    }

    fn visit_str<E>(self, s: &str) -> Result<Written, E> {
        Ok(Written::Text(s.to_string()))
    }

    fn visit_string<E>(self, s: String) -> Result<Written, E> {
        Ok(Written::Text(s))
    }

    fn visit_bytes<E>(self, b: &[u8]) -> Result<Written, E> {
        Ok(Written::Bytes(b.to_vec()))
    }

    fn visit_unit<E>(self) -> Result<Written, E> {
        Ok(Written::Other)
    }

    fn visit_none<E>(self) -> Result<Written, E> {
        Ok(Written::Other)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Written, D::Error> {
        Written::deserialize(d).map(|_| Written::Other)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Written, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Written::Seq(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Written, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Written::Map(entries))
    }
}

/// The `rules` field as JS writes it.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RulesInput {
    pub allow: Vec<RuleEntry>,
    pub ask: Vec<RuleEntry>,
    pub deny: Vec<RuleEntry>,
    #[serde(rename = "allowOnly")]
    pub allow_only: Vec<String>,
    #[serde(rename = "allowRedirects")]
    pub allow_redirects: bool,
}

impl RulesInput {
    /// The rules as text, and the examples to check.
    pub fn split(self) -> (RulesConfig, Vec<RuleExample>) {
        let mut rules = RulesConfig {
            allow_only: self.allow_only,
            allow_redirects: self.allow_redirects,
            ..RulesConfig::default()
        };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_entries_read_as_serde_untagged_read_them() {
        let with = |rule: &str, matches: &[&str], not_matches: &[&str]| {
            let strings = |l: &[&str]| l.iter().map(|s| s.to_string()).collect();
            Some(RuleEntry::WithExamples {
                rule: rule.into(),
                matches: strings(matches),
                not_matches: strings(not_matches),
            })
        };
        let cases = [
            (
                r#""bash(ls *)""#,
                Some(RuleEntry::Text("bash(ls *)".into())),
            ),
            (r#"{"rule": "r"}"#, with("r", &[], &[])),
            (
                r#"{"rule": "r", "match": ["a"], "notMatch": ["b", "c"]}"#,
                with("r", &["a"], &["b", "c"]),
            ),
            (
                r#"{"match": ["a"], "rule": "r", "x": [1]}"#,
                with("r", &["a"], &[]),
            ),
            (r#"{"rule": "r", "rule": "s"}"#, None),
            (r#"{"rule": 5}"#, None),
            (r#"{"rule": "r", "match": "a"}"#, None),
            (r#"{"rule": "r", "match": [1]}"#, None),
            (r#"{"rule": "r", "match": null}"#, None),
            (r#"{"match": ["a"]}"#, None),
            (r#"["r"]"#, None),
            ("5", None),
            ("null", None),
        ];
        for (json, want) in cases {
            let got = serde_json::from_str::<RuleEntry>(json);
            match want {
                Some(entry) => assert_eq!(got.ok(), Some(entry), "{json}"),
                None => assert_eq!(
                    got.map_err(|e| e.to_string()),
                    Err("data did not match any variant of untagged enum RuleEntry".into()),
                    "{json}"
                ),
            }
        }
    }
}
