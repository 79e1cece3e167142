//! Importers: the approval settings people already have, turned into a toolgate config.
//!
//! Each importer is a pure function from the other tool's settings (already deserialised: the
//! facade converts JS objects with its serde `Deserializer` into the `Deserialize` input types) to an
//! [`Imported`]: [`Settings`] stating only what the import knows (a field at its default is left
//! out when written), plus one warning for everything that could not be carried over exactly. Nothing is dropped silently: a rule, a
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
#[cfg(feature = "text-importers")]
pub mod codex;
#[cfg(feature = "text-importers")]
pub mod gemini;
pub mod harness;
#[cfg(feature = "text-importers")]
pub mod starlark;
#[cfg(feature = "text-importers")]
pub mod toml;
#[cfg(feature = "text-importers")]
pub mod value;

use serde::Serialize;

use crate::policy::Policy;
use crate::settings::{RuleEntry, Rules, Settings};

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

/// A value as written, kept only as far as an importer reading a field whatever its type (as
/// Cline does) needs to tell its forms apart.
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
    /// A string (bytes that are UTF-8 count, as serde's `String` takes them).
    pub(crate) fn text(self) -> Option<String> {
        match self {
            Written::Text(s) => Some(s),
            Written::Bytes(b) => String::from_utf8(b).ok(),
            _ => None,
        }
    }
}

impl<'de> serde::Deserialize<'de> for Written {
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
        <Written as serde::Deserialize>::deserialize(d).map(|_| Written::Other)
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

/// The tools a command rule is written for: Cline's and the harness's shell tools.
pub(crate) const COMMAND_TOOLS: [&str; 2] = ["execute_command", "bash"];

/// What an importer produced: settings and the warnings for what it could not carry over.
/// The settings build an engine as they are ([`crate::engine::Engine::new`] checks them).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
pub struct Imported {
    /// Only what the import knows; every other field is at its default.
    pub config: Settings,
    /// One sentence per thing not carried over exactly, naming it and saying why. Empty when
    /// the import is exact.
    pub warnings: Vec<String>,
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
        let Imported { config, warnings } = other;
        self.warnings.extend(warnings);
        let mine = &mut self.config;

        extend_unique(&mut mine.workspace_roots, config.workspace_roots);
        extend_unique(&mut mine.always_allow, config.always_allow);

        mine.ignore_file = match (mine.ignore_file.take(), config.ignore_file) {
            (Some(a), Some(b)) if a.is_empty() => Some(b),
            (Some(a), Some(b)) if a.ends_with('\n') => Some(a + &b),
            (Some(a), Some(b)) => Some(a + "\n" + &b),
            (a, b) => a.or(b),
        };

        let (rules, theirs) = (&mut mine.rules, config.rules);
        for (list, more) in [
            (&mut rules.allow, theirs.allow),
            (&mut rules.ask, theirs.ask),
            (&mut rules.deny, theirs.deny),
        ] {
            extend_unique(list, more);
        }
        extend_unique(&mut rules.allow_only, theirs.allow_only);
        // only Cline's permissions set it; false is also "not said"
        rules.allow_redirects |= theirs.allow_redirects;

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

        let their_origins = config.override_origins;
        for (tool, policy) in config.overrides {
            let origin = their_origins.get(&tool).cloned();
            let overrides = &mut mine.overrides;
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
            let origins = &mut mine.override_origins;
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
            if !mine.overrides.contains_key(&tool) {
                mine.override_origins.insert(tool, origin);
            }
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

fn extend_unique<T: PartialEq>(list: &mut Vec<T>, more: Vec<T>) {
    for item in more {
        push_unique(list, item);
    }
}

pub(crate) fn push_unique<T: PartialEq>(list: &mut Vec<T>, item: T) {
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

    /// The lists as rules; without any rule, none (`allowRedirects` alone says nothing).
    pub fn into_rules(self) -> Rules {
        if self.allow.is_empty()
            && self.ask.is_empty()
            && self.deny.is_empty()
            && self.allow_only.is_empty()
        {
            return Rules::default();
        }
        let entries = |list: Vec<String>| list.into_iter().map(RuleEntry::from).collect();
        Rules {
            allow: entries(self.allow),
            ask: entries(self.ask),
            deny: entries(self.deny),
            allow_only: self.allow_only,
            allow_redirects: self.allow_redirects,
        }
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
