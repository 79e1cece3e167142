//! Importers: the approval settings people already have, turned into a toolgate config.
//!
//! Each importer is a pure function from the other tool's settings (already deserialised: the
//! facade converts JS objects with its serde `Deserializer` into the `Deserialize` input types) to an
//! [`Imported`]: an [`ImportedConfig`] in the JS `GatekeeperConfig` shape, plus one warning for
//! everything that could not be carried over exactly. Nothing is dropped silently: a rule, a
//! field or a value that toolgate cannot express produces a warning that names it and says why.
//!
//! When an exact translation is impossible, the importers lean one way on purpose:
//! an `allow` may become narrower (a call prompts that used to run), never broader; a `deny` or
//! an `ask` may become broader, never narrower. Where even that is impossible, the warning says
//! so (and, for a deny, says the deny is NOT enforced).
//!
//! - [`cline`]: `AutoApprovalSettings`, the `CLINE_COMMAND_PERMISSIONS` JSON, `.clineignore`.
//! - [`claude`]: a Claude Code settings `permissions` block.
//! - [`harness`]: the Dart harness's mode, overrides with origins and always-allow list.
//!
//! Imports compose with [`Imported::merge`] (e.g. Cline settings + command permissions +
//! `.clineignore`).

/// `Deserialize` for an importer's input: every field optional (the type's `Default`), keyed
/// by its camelCase name, and every other key kept in `unknown` for a warning. What
/// `#[serde(default)]` with a flattened `unknown` map did, read the same way (an unknown key's
/// value is still read as any value, so a value no format can hold is still an error), but
/// without serde's buffering of every entry: ~1.5 KiB of the gzipped wasm.
macro_rules! settings_deserialize {
    ($ty:ident { $($field:ident: $key:literal),* $(,)? }) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Fields;
                impl<'de> serde::de::Visitor<'de> for Fields {
                    type Value = $ty;

                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str(concat!("struct ", stringify!($ty)))
                    }

                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<$ty, A::Error> {
                        let mut out = $ty::default();
                        let mut seen: Vec<&str> = Vec::new();
                        while let Some($crate::import::Key(key)) = map.next_key()? {
                            match key.as_str() {
                                $($key => {
                                    if seen.contains(&$key) {
                                        return Err(serde::de::Error::duplicate_field($key));
                                    }
                                    seen.push($key);
                                    out.$field = map.next_value()?;
                                })*
                                _ => {
                                    map.next_value::<$crate::import::AnyValue>()?;
                                    out.unknown.insert(key, serde::de::IgnoredAny);
                                }
                            }
                        }
                        Ok(out)
                    }
                }
                d.deserialize_map(Fields)
            }
        }
    };
}

pub mod claude;
pub mod cline;
pub mod cline_mcp;
pub mod codex;
pub mod gemini;
pub mod harness;
pub mod starlark;
pub mod toml;
pub mod value;

use std::collections::{BTreeMap, HashMap};

use serde::{Serialize, Serializer};

use crate::config::{Config, ConfigError, RulesConfig};
use crate::policy::{ClineAutoApproval, Mode, Policy};

/// A key of an importer's input, read as serde's field identifiers are.
pub(crate) struct Key(pub(crate) String);

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = Key;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("field identifier")
            }

            fn visit_str<E>(self, s: &str) -> Result<Key, E> {
                Ok(Key(s.to_string()))
            }

            fn visit_string<E>(self, s: String) -> Result<Key, E> {
                Ok(Key(s))
            }
        }
        d.deserialize_identifier(Name)
    }
}

/// Any value, read in full and dropped: an importer's unknown key (see
/// `settings_deserialize`).
pub(crate) struct AnyValue;

impl<'de> serde::Deserialize<'de> for AnyValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(AnyValue)
    }
}

impl<'de> serde::de::Visitor<'de> for AnyValue {
    type Value = AnyValue;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }

    fn visit_i64<E>(self, _: i64) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }

    fn visit_u64<E>(self, _: u64) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }

    fn visit_f64<E>(self, _: f64) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }

    fn visit_str<E>(self, _: &str) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }

    fn visit_bytes<E>(self, _: &[u8]) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }

    fn visit_unit<E>(self) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }

    fn visit_none<E>(self) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<AnyValue, D::Error> {
        serde::Deserialize::deserialize(d)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<AnyValue, A::Error> {
        while seq.next_element::<AnyValue>()?.is_some() {}
        Ok(AnyValue)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<AnyValue, A::Error> {
        while map.next_entry::<AnyValue, AnyValue>()?.is_some() {}
        Ok(AnyValue)
    }
}

/// The tools a command rule is written for: Cline's and the harness's shell tools.
pub(crate) const COMMAND_TOOLS: [&str; 2] = ["execute_command", "bash"];

/// What an importer produced: a config and the warnings for what it could not carry over.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Imported {
    pub config: ImportedConfig,
    /// One sentence per thing not carried over exactly, naming it and saying why. Empty when
    /// the import is exact.
    pub warnings: Vec<String>,
    /// Examples of imported rules (Codex's `match` / `not_match`) that held at import; the
    /// engine checks them again when it is built.
    #[serde(skip)]
    pub examples: Vec<ImportedExample>,
}

/// One imported rule's examples.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedExample {
    /// `allow`, `ask` or `deny`.
    pub list: &'static str,
    pub rule: String,
    pub matches: Vec<String>,
    pub not_matches: Vec<String>,
}

/// The JS `GatekeeperConfig` shape (camelCase). Every field is optional and left out when
/// `None` or empty, so an import only states what it knows; the config's own defaults
/// (documented on [`Config`]) apply to the rest.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportedConfig {
    /// The primary root first. Default (left out): no roots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspace_roots: Option<Vec<String>>,
    /// The ignore file's text. Default (left out): none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ignore_file: Option<String>,
    /// Serialised as the harness's label (`"always-ask"`, `"write"`, …). Default (left out):
    /// the config's default, `yolo`.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_mode"
    )]
    pub mode: Option<Mode>,
    /// Cline's switches; when set, they are the policy table instead of the mode's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_approval: Option<ClineAutoApproval>,
    /// Tool → `allow` | `prompt` | `deny`. Default (left out): none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overrides: Option<BTreeMap<String, Policy>>,
    /// Tool → where its override came from; only for tools with an override.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub override_origins: Option<BTreeMap<String, String>>,
    /// Default (left out): empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub always_allow: Option<Vec<String>>,
    /// Rules in toolgate's syntax: `tool(pattern)` or a bare tool name. Default (left out):
    /// none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesConfig>,
}

fn serialize_mode<S: Serializer>(mode: &Option<Mode>, s: S) -> Result<S::Ok, S::Error> {
    match mode {
        Some(m) => s.serialize_str(m.as_str()),
        None => s.serialize_none(),
    }
}

impl Imported {
    pub(crate) fn warn(&mut self, warning: impl Into<String>) {
        self.warnings.push(warning.into());
    }

    /// Combines two imports: `other` is applied on top of `self`.
    ///
    /// - list fields (`workspaceRoots`, `alwaysAllow`, each `rules` list) are appended, without
    ///   duplicates; the primary root stays `self`'s;
    /// - `ignoreFile` texts are joined (`self`'s lines first), as gitignore files compose;
    /// - an override set by both keeps the stricter policy (deny > prompt > allow) and its
    ///   origin, with a warning;
    /// - `mode` and `autoApproval` set by both take `other`'s, with a warning;
    /// - warnings are concatenated, `self`'s first.
    pub fn merge(mut self, other: Imported) -> Imported {
        let Imported {
            config,
            warnings,
            examples,
        } = other;
        self.warnings.extend(warnings);
        self.examples.extend(examples);
        let mine = &mut self.config;

        append(&mut mine.workspace_roots, config.workspace_roots);
        append(&mut mine.always_allow, config.always_allow);

        mine.ignore_file = match (mine.ignore_file.take(), config.ignore_file) {
            (Some(a), Some(b)) if a.is_empty() => Some(b),
            (Some(a), Some(b)) if a.ends_with('\n') => Some(a + &b),
            (Some(a), Some(b)) => Some(a + "\n" + &b),
            (a, b) => a.or(b),
        };

        if let Some(theirs) = config.rules {
            let rules = mine.rules.get_or_insert_with(RulesConfig::default);
            for (list, more) in [
                (&mut rules.allow, theirs.allow),
                (&mut rules.ask, theirs.ask),
                (&mut rules.deny, theirs.deny),
                (&mut rules.allow_only, theirs.allow_only),
            ] {
                extend_unique(list, more);
            }
            // only Cline's permissions set it; false is also "not said"
            rules.allow_redirects |= theirs.allow_redirects;
        }

        let mut warnings = Vec::new();
        if let Some(theirs) = config.mode {
            if let Some(m) = mine.mode.filter(|m| *m != theirs) {
                warnings.push(format!(
                    "mode: \"{}\" from the first import is replaced by \"{}\"",
                    m.as_str(),
                    theirs.as_str()
                ));
            }
            mine.mode = Some(theirs);
        }
        if let Some(theirs) = config.auto_approval {
            if mine.auto_approval.is_some_and(|a| a != theirs) {
                warnings.push(
                    "autoApproval: the first import's Cline settings are replaced by the second's"
                        .to_string(),
                );
            }
            mine.auto_approval = Some(theirs);
        }

        let their_origins = config.override_origins.unwrap_or_default();
        for (tool, policy) in config.overrides.unwrap_or_default() {
            let origin = their_origins.get(&tool).cloned();
            let overrides = mine.overrides.get_or_insert_with(BTreeMap::new);
            match overrides.get(&tool).copied() {
                Some(kept) if kept == policy => {}
                Some(kept) if strictness(kept) > strictness(policy) => {
                    warnings.push(format!(
                        "overrides.{tool}: \"{}\" is kept over \"{}\" (the stricter one wins)",
                        kept.as_str(),
                        policy.as_str()
                    ));
                    continue;
                }
                Some(kept) => {
                    warnings.push(format!(
                        "overrides.{tool}: \"{}\" replaces \"{}\" (the stricter one wins)",
                        policy.as_str(),
                        kept.as_str()
                    ));
                }
                None => {}
            }
            overrides.insert(tool.clone(), policy);
            let origins = mine.override_origins.get_or_insert_with(BTreeMap::new);
            match origin {
                Some(o) => {
                    origins.insert(tool, o);
                }
                None => {
                    origins.remove(&tool);
                }
            }
        }
        // Origins for tools whose override came from `self` (or nowhere) stay as they were.
        for (tool, origin) in their_origins {
            let has_override = mine
                .overrides
                .as_ref()
                .is_some_and(|o| o.contains_key(&tool));
            if !has_override {
                mine.override_origins
                    .get_or_insert_with(BTreeMap::new)
                    .insert(tool, origin);
            }
        }
        if mine.override_origins.as_ref().is_some_and(|o| o.is_empty()) {
            mine.override_origins = None;
        }

        self.warnings.extend(warnings);
        self
    }
}

/// deny > prompt > allow.
fn strictness(p: Policy) -> u8 {
    match p {
        Policy::Allow => 0,
        Policy::Prompt => 1,
        Policy::Deny => 2,
    }
}

fn append(mine: &mut Option<Vec<String>>, theirs: Option<Vec<String>>) {
    if let Some(theirs) = theirs {
        extend_unique(mine.get_or_insert_with(Vec::new), theirs);
    }
}

fn extend_unique(list: &mut Vec<String>, more: Vec<String>) {
    for item in more {
        push_unique(list, item);
    }
}

pub(crate) fn push_unique(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// Whether `text` may stand inside a rule's parentheses: toolgate rejects unbalanced ones.
pub(crate) fn balanced_parens(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return false,
            ')' => depth -= 1,
            _ => {}
        }
    }
    depth == 0
}

/// The rule lists being built by an importer; empty lists are left out of the config.
#[derive(Debug, Default)]
pub(crate) struct RuleLists {
    pub allow: Vec<String>,
    pub ask: Vec<String>,
    pub deny: Vec<String>,
    pub allow_only: Vec<String>,
    pub allow_redirects: bool,
}

/// Which list a rule goes to, as the source tools name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum List {
    Allow,
    Ask,
    Deny,
}

impl List {
    pub fn name(self) -> &'static str {
        match self {
            List::Allow => "allow",
            List::Ask => "ask",
            List::Deny => "deny",
        }
    }
}

impl RuleLists {
    pub fn push(&mut self, list: List, rule: String) {
        let target = match list {
            List::Allow => &mut self.allow,
            List::Ask => &mut self.ask,
            List::Deny => &mut self.deny,
        };
        push_unique(target, rule);
    }

    pub fn into_config(self) -> Option<RulesConfig> {
        let empty = self.allow.is_empty()
            && self.ask.is_empty()
            && self.deny.is_empty()
            && self.allow_only.is_empty();
        (!empty).then_some(RulesConfig {
            allow: self.allow,
            ask: self.ask,
            deny: self.deny,
            allow_only: self.allow_only,
            allow_redirects: self.allow_redirects,
        })
    }
}

impl Imported {
    /// The native [`Config`] this import describes, with its rules' examples to check (see
    /// [`ImportedConfig::into_config`]).
    pub fn into_config(self) -> Result<Config, ConfigError> {
        let mut config = self.config.into_config()?;
        for ex in self.examples {
            let (kind, list) = match ex.list {
                "allow" => (crate::rules::RuleKind::Allow, &config.rules.allow),
                "ask" => (crate::rules::RuleKind::Ask, &config.rules.ask),
                _ => (crate::rules::RuleKind::Deny, &config.rules.deny),
            };
            let Some(at) = list.iter().position(|r| *r == ex.rule) else {
                return Err(ConfigError::new(
                    format!("rules.{}", ex.list),
                    format!("no rule `{}` for its examples", ex.rule),
                ));
            };
            config.rule_examples.push(crate::config::RuleExample {
                kind,
                field: format!("rules.{}[{at}]", ex.list),
                rule: ex.rule,
                matches: ex.matches,
                not_matches: ex.not_matches,
            });
        }
        Ok(config)
    }
}

impl ImportedConfig {
    /// The native [`Config`] this import describes; fields it leaves out take the config's
    /// defaults. Fails, naming the field, on what an engine would reject: an origin for a tool
    /// with no override, an empty tool name, or a rule with unbalanced parentheses.
    pub fn into_config(self) -> Result<Config, ConfigError> {
        let overrides = self.overrides.unwrap_or_default();
        let origins = self.override_origins.unwrap_or_default();
        for tool in overrides.keys() {
            if tool.trim().is_empty() {
                return Err(ConfigError::new("overrides", "a tool name is empty"));
            }
        }
        for tool in origins.keys() {
            if !overrides.contains_key(tool) {
                return Err(ConfigError::new(
                    format!("overrideOrigins.{tool}"),
                    "names a tool that has no override",
                ));
            }
        }
        let rules = self.rules.unwrap_or_default();
        for (name, list) in [
            ("allow", &rules.allow),
            ("ask", &rules.ask),
            ("deny", &rules.deny),
            ("allowOnly", &rules.allow_only),
        ] {
            if let Some(i) = list.iter().position(|r| !balanced_parens(r)) {
                return Err(ConfigError::new(
                    format!("rules.{name}[{i}]"),
                    "unbalanced parentheses",
                ));
            }
        }
        let defaults = Config::default();
        Ok(Config {
            workspace_roots: self.workspace_roots.unwrap_or_default(),
            ignore_file: self.ignore_file,
            mode: self.mode.unwrap_or(defaults.mode),
            auto_approval: self.auto_approval,
            overrides: overrides.into_iter().collect(),
            override_origins: origins.into_iter().collect::<HashMap<_, _>>(),
            always_allow: self.always_allow.unwrap_or_default(),
            rules,
            ..defaults
        })
    }
}

/// `"a", "b" and "c"` for warnings.
pub(crate) fn quoted_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("\"{s}\"")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the derive with a flattened `unknown` map did: known keys typed, others kept,
    /// a known key twice an error.
    #[test]
    fn settings_read_known_keys_and_keep_the_rest() {
        let cases = [
            ("{}", "mode None, unknown []"),
            (
                r#"{"mode": "yolo", "b": [1, {"c": null}], "a": 2}"#,
                r#"mode Some("yolo"), unknown ["a", "b"]"#,
            ),
            (
                r#"{"mode": 5}"#,
                "invalid type: integer `5`, expected a string",
            ),
            (
                r#"{"mode": "yolo", "mode": "write"}"#,
                "duplicate field `mode`",
            ),
            (
                "[]",
                "invalid type: sequence, expected struct HarnessSettings",
            ),
        ];
        for (json, want) in cases {
            let got = match serde_json::from_str::<harness::HarnessSettings>(json) {
                Ok(s) => format!(
                    "mode {:?}, unknown {:?}",
                    s.mode,
                    s.unknown.keys().collect::<Vec<_>>()
                ),
                // serde_json's position is its own; the message is what counts here.
                Err(e) => e
                    .to_string()
                    .split(" at line")
                    .next()
                    .unwrap_or_default()
                    .to_string(),
            };
            assert_eq!(got, want, "{json}");
        }
    }
}
