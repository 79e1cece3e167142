//! The settings a Gatekeeper is built from: one type for the constructor's config, the
//! snapshot (settings with a `version`) and the importers' output.
//!
//! Every field is optional and its default is stated once, on the field (an empty list or map,
//! `None`) or in the accessor that reads it ([`Settings::mode`],
//! [`Settings::ignore_file_name`]). A field at its default is left out when written, so an
//! import states only what it knows and can be laid over a host's own settings.
//!
//! A bad value is a [`SettingsError`] naming the field by its full path (`rules.allow[1]`,
//! `tools.x.required`), with a stable [`ErrorCode`]. Reading ([`Settings::read`]) reports
//! shape errors (unknown field, wrong type); [`Settings::validate`] every other rule: those on
//! values alone are here ([`Settings::check_values`]), the rest need what the engine compiles,
//! so `validate` is defined beside it (this module does not depend on the engine). The
//! engine's setters report the same value with the same field, code and message.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::catalogue::ToolSpec;
use crate::map::NameMap;
use crate::platform::{PathSettings, Platform};
use crate::policy::{ClineAutoApproval, Mode, Policy};

/// The ignore file's name when `ignoreFileName` is not given.
pub const DEFAULT_IGNORE_FILE_NAME: &str = ".clineignore";

/// The longest `promptTimeoutMs`: JS timers take at most 2^31 − 1 ms (a longer one fires at
/// once).
pub const MAX_PROMPT_TIMEOUT_MS: u32 = i32::MAX as u32;

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Settings {
    /// Set by [`crate::engine::Engine::snapshot`] ([`Settings::VERSION`]); settings written
    /// by a newer toolgate are refused, not guessed at. Default: none (plain settings).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u32>,
    /// The first is the primary root; relative paths resolve against it. Default: none
    /// (relative paths are local, every absolute path is external).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub workspace_roots: Vec<String>,
    /// Path flavour, case folding and normalisation together. Default: inferred from the
    /// primary root (see [`crate::platform`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub platform: Option<Platform>,
    /// Turns case folding on or off for the platform. Default: the platform's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case_insensitive_paths: Option<bool>,
    /// Which shell reads a command (see [`crate::shell::analyse_as`]). Default: on Windows
    /// both PowerShell and cmd.exe, the stricter verdict standing; elsewhere bash.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shell: Option<crate::shell::Shell>,
    /// The ignore file's text (`.clineignore` syntax). Default: none (only the ignore file
    /// itself is blocked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ignore_file: Option<String>,
    /// Texts for `!include NAME` lines. Default: none.
    #[serde(skip_serializing_if = "NameMap::is_empty")]
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(as = "std::collections::BTreeMap<String, String>")
    )]
    pub ignore_includes: NameMap<String>,
    /// A file of this name is always blocked. Default [`DEFAULT_IGNORE_FILE_NAME`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ignore_file_name: Option<String>,
    /// The harness's session mode. Default `yolo` ([`Mode::default`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// When given, Cline's settings are the policy table instead of the mode's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_approval: Option<ClineAutoApproval>,
    /// Catalogue additions and overrides. Default: none.
    #[serde(skip_serializing_if = "NameMap::is_empty")]
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(as = "std::collections::BTreeMap<String, ToolSpec>")
    )]
    pub tools: NameMap<ToolSpec>,
    /// Tool → policy. Default: none.
    #[serde(skip_serializing_if = "NameMap::is_empty")]
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(as = "std::collections::BTreeMap<String, Policy>")
    )]
    pub overrides: NameMap<Policy>,
    /// Tool → where its override came from (shown in reasons); only for tools with an
    /// override. Default: none.
    #[serde(skip_serializing_if = "NameMap::is_empty")]
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(as = "std::collections::BTreeMap<String, String>")
    )]
    pub override_origins: NameMap<String>,
    /// Tools the user answered "always" for. Default: none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub always_allow: Vec<String>,
    /// Command and path rules. Default: none.
    #[serde(skip_serializing_if = "Rules::is_empty")]
    pub rules: Rules,
    /// A prompt not answered in time is a deny. Default: no timeout.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt_timeout_ms: Option<u32>,
    /// Without a workspace view, what a recursive read of a directory that may hold an
    /// ignored file does (`grep -r x src`, `cp -r src /tmp`). Default
    /// [`RecursiveReads::Prompt`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recursive_reads: Option<RecursiveReads>,
    /// The workspace view: the files the workspace holds (see [`crate::view`]). The host's,
    /// not the user's: [`crate::engine::Engine::snapshot`] leaves it out. Default: none (not
    /// known).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspace_files: Option<Vec<String>>,
}

/// See [`Settings::recursive_reads`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum RecursiveReads {
    /// Allowed as any other command is.
    Allow,
    /// Not vouched for: the user is asked, whatever the mode.
    #[default]
    Prompt,
}

/// Command rules: entries like `execute_command(npm test *)` or a bare tool name, each
/// optionally with examples. Every list defaults to empty.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Rules {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<RuleEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ask: Vec<RuleEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deny: Vec<RuleEntry>,
    /// Allow-listed tools, bare or with patterns (see [`crate::allow_list`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub allow_only: Vec<String>,
    /// Whether an allow-listed command may redirect. Default false, as in Cline.
    #[serde(skip_serializing_if = "is_false")]
    pub allow_redirects: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Rules {
    pub fn is_empty(&self) -> bool {
        *self == Rules::default()
    }

    /// The three rule lists with their names, in the order the engine compiles them.
    pub fn lists(&self) -> [(crate::rules::RuleKind, &'static str, &[RuleEntry]); 3] {
        use crate::rules::RuleKind;
        [
            (RuleKind::Allow, "allow", &self.allow),
            (RuleKind::Ask, "ask", &self.ask),
            (RuleKind::Deny, "deny", &self.deny),
        ]
    }
}

/// One rule as written: its text, and the examples (commands or paths) it must and must not
/// decide, checked when the engine is built (Codex-style). Written as a bare string when it
/// has no examples, else as `{ rule, match?, notMatch? }`.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    ts(type = "string | { rule: string, match?: Array<string>, notMatch?: Array<string> }")
)]
pub struct RuleEntry {
    pub rule: String,
    pub matches: Vec<String>,
    pub not_matches: Vec<String>,
}

impl From<&str> for RuleEntry {
    fn from(rule: &str) -> Self {
        RuleEntry::from(rule.to_string())
    }
}

impl From<String> for RuleEntry {
    fn from(rule: String) -> Self {
        RuleEntry {
            rule,
            ..RuleEntry::default()
        }
    }
}

/// A bare rule (no examples) equals its text.
impl PartialEq<str> for RuleEntry {
    fn eq(&self, rule: &str) -> bool {
        self.rule == rule && self.matches.is_empty() && self.not_matches.is_empty()
    }
}

impl PartialEq<&str> for RuleEntry {
    fn eq(&self, rule: &&str) -> bool {
        *self == **rule
    }
}

impl PartialEq<String> for RuleEntry {
    fn eq(&self, rule: &String) -> bool {
        *self == **rule
    }
}

impl Serialize for RuleEntry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.matches.is_empty() && self.not_matches.is_empty() {
            return s.serialize_str(&self.rule);
        }
        let mut o = s.serialize_struct("RuleEntry", 3)?;
        o.serialize_field("rule", &self.rule)?;
        for (key, list) in [("match", &self.matches), ("notMatch", &self.not_matches)] {
            if list.is_empty() {
                o.skip_field(key)?;
            } else {
                o.serialize_field(key, list)?;
            }
        }
        o.end()
    }
}

/// The keys of a rule entry written as an object; any other is an unknown field.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "camelCase")]
enum EntryKey {
    Rule,
    Match,
    NotMatch,
}

impl<'de> Deserialize<'de> for RuleEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(EntryVisitor)
    }
}

struct EntryVisitor;

impl<'de> Visitor<'de> for EntryVisitor {
    type Value = RuleEntry;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a rule: a string or { rule, match?, notMatch? }")
    }

    fn visit_str<E>(self, s: &str) -> Result<RuleEntry, E> {
        Ok(RuleEntry::from(s))
    }

    fn visit_string<E>(self, s: String) -> Result<RuleEntry, E> {
        Ok(RuleEntry::from(s))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RuleEntry, A::Error> {
        let (mut rule, mut matches, mut not_matches) = (None, None, None);
        while let Some(key) = map.next_key()? {
            let (slot, name) = match key {
                EntryKey::Rule => {
                    if rule.is_some() {
                        return Err(de::Error::duplicate_field("rule"));
                    }
                    rule = Some(map.next_value()?);
                    continue;
                }
                EntryKey::Match => (&mut matches, "match"),
                EntryKey::NotMatch => (&mut not_matches, "notMatch"),
            };
            if slot.is_some() {
                return Err(de::Error::duplicate_field(name));
            }
            *slot = Some(map.next_value()?);
        }
        Ok(RuleEntry {
            rule: rule.ok_or_else(|| de::Error::missing_field("rule"))?,
            matches: matches.unwrap_or_default(),
            not_matches: not_matches.unwrap_or_default(),
        })
    }
}

impl Settings {
    /// The snapshot version this toolgate writes and the newest it reads.
    pub const VERSION: u32 = 1;

    /// Reads settings from any serde format (JS values in the facade, JSON in tests), naming
    /// the field of a shape error by its path. Does not validate: see [`Settings::validate`].
    pub fn read<'de, D>(d: D) -> Result<Settings, SettingsError>
    where
        D: Deserializer<'de>,
        D::Error: fmt::Display,
    {
        read_at(d, "")
    }

    /// A snapshot must say which version wrote it (plain settings need not).
    pub fn check_snapshot(&self) -> Result<(), SettingsError> {
        match self.version {
            None => Err(SettingsError::new(
                ErrorCode::MissingField,
                "version",
                "missing field `version`",
            )),
            Some(v) => check_version(v),
        }
    }

    pub fn mode(&self) -> Mode {
        self.mode.unwrap_or_default()
    }

    pub fn ignore_file_name(&self) -> &str {
        self.ignore_file_name
            .as_deref()
            .unwrap_or(DEFAULT_IGNORE_FILE_NAME)
    }

    /// The path settings as given.
    pub fn path_settings(&self) -> PathSettings {
        PathSettings {
            platform: self.platform,
            case_insensitive: self.case_insensitive_paths,
        }
    }

    /// The rules on values alone, in field order (the engine checks these before compiling).
    pub fn check_values(&self) -> Result<(), SettingsError> {
        if let Some(v) = self.version {
            check_version(v)?;
        }
        check_roots(&self.workspace_roots)?;
        if let Some(name) = &self.ignore_file_name {
            check_ignore_file_name(name)?;
        }
        for (name, spec) in &self.tools {
            check_tool(name, spec)?;
        }
        for tool in self.overrides.keys() {
            check_tool_name(tool, "overrides")?;
        }
        for tool in self.override_origins.keys() {
            if !self.overrides.contains_key(tool) {
                return Err(SettingsError::new(
                    ErrorCode::OriginWithoutOverride,
                    format!("overrideOrigins.{tool}"),
                    "names a tool that has no override",
                ));
            }
        }
        if let Some(ms) = self.prompt_timeout_ms {
            check_prompt_timeout(ms)?;
        }
        Ok(())
    }
}

/// [`Settings::read`] for a part of the settings (a setter's argument), its paths under
/// `prefix` (`rules`, `workspaceRoots`), so they read as the constructor's.
pub fn read_at<'de, D, T>(d: D, prefix: &str) -> Result<T, SettingsError>
where
    D: Deserializer<'de>,
    D::Error: fmt::Display,
    T: Deserialize<'de>,
{
    serde_path_to_error::deserialize(d).map_err(|e| {
        let path = e.path().to_string();
        let field = match (prefix, path.as_str()) {
            (p, ".") => p.to_string(),
            ("", path) => path.to_string(),
            (p, path) if path.starts_with('[') => format!("{p}{path}"),
            (p, path) => format!("{p}.{path}"),
        };
        SettingsError::from_path(field, e.into_inner().to_string())
    })
}

pub fn check_version(version: u32) -> Result<(), SettingsError> {
    if (1..=Settings::VERSION).contains(&version) {
        return Ok(());
    }
    let why = if version == 0 {
        "is not a snapshot version".to_string()
    } else {
        format!(
            "is newer than this toolgate understands (up to {})",
            Settings::VERSION
        )
    };
    Err(SettingsError::new(
        ErrorCode::UnsupportedVersion,
        "version",
        format!("{version} {why}"),
    ))
}

/// `workspaceRoots` (the constructor's or `setWorkspaceRoots`'): no root may be blank. The
/// form of each (absolute, on a drive) is the workspace's to judge.
pub fn check_roots(roots: &[String]) -> Result<(), SettingsError> {
    match roots.iter().position(|r| r.trim().is_empty()) {
        Some(i) => Err(SettingsError::new(
            ErrorCode::EmptyPath,
            format!("workspaceRoots[{i}]"),
            "the path is empty",
        )),
        None => Ok(()),
    }
}

/// A single file name: it is matched against a path's last component.
pub fn check_ignore_file_name(name: &str) -> Result<(), SettingsError> {
    let bad =
        name.trim().is_empty() || name.contains(['/', '\\', '\0']) || name == "." || name == "..";
    if bad {
        return Err(SettingsError::new(
            ErrorCode::InvalidFileName,
            "ignoreFileName",
            format!(
                "{} is not a file name: it must be non-empty, without '/' or '\\'",
                crate::shell::Quoted(name)
            ),
        ));
    }
    Ok(())
}

fn check_tool_name(name: &str, field: &str) -> Result<(), SettingsError> {
    if name.trim().is_empty() {
        return Err(SettingsError::new(
            ErrorCode::EmptyName,
            field,
            "a tool name is empty",
        ));
    }
    Ok(())
}

/// A tool's name and every param name its spec gives (each alternative of a `a|b` entry).
fn check_tool(name: &str, spec: &ToolSpec) -> Result<(), SettingsError> {
    check_tool_name(name, "tools")?;
    let lists = [
        ("required", &spec.required),
        ("paths", &spec.paths),
        ("urls", &spec.urls),
        ("allowEmpty", &spec.allow_empty),
    ];
    for (key, list) in lists {
        for (i, param) in list.iter().enumerate() {
            if param.split('|').any(|p| p.trim().is_empty()) {
                return Err(SettingsError::new(
                    ErrorCode::EmptyName,
                    format!("tools.{name}.{key}[{i}]"),
                    "a param name is empty",
                ));
            }
        }
    }
    for (key, param) in [("command", &spec.command), ("patch", &spec.patch)] {
        if param.as_deref().is_some_and(|p| p.trim().is_empty()) {
            return Err(SettingsError::new(
                ErrorCode::EmptyName,
                format!("tools.{name}.{key}"),
                "a param name is empty",
            ));
        }
    }
    Ok(())
}

pub fn check_prompt_timeout(ms: u32) -> Result<(), SettingsError> {
    if ms > MAX_PROMPT_TIMEOUT_MS {
        return Err(SettingsError::new(
            ErrorCode::OutOfRange,
            "promptTimeoutMs",
            format!("{ms} is more than {MAX_PROMPT_TIMEOUT_MS} (the longest JS timer)"),
        ));
    }
    Ok(())
}

// ---- names as strings ----------------------------------------------------------------------

/// The small enums the facade writes, each as its name (`as_str`, the same text serde's
/// `rename_all` gives): one string call instead of a derived match of unit variants.
macro_rules! serialize_as_str {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    )*};
}

serialize_as_str!(
    crate::catalogue::Tier,
    Policy,
    Mode,
    Platform,
    crate::shell::Shell,
    crate::verdict::Decision,
    crate::verdict::Locality,
    crate::verdict::Step
);

// ---- errors ------------------------------------------------------------------------------

/// A bad setting: which field (its full path), a stable code, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsError {
    /// The path of the bad value, e.g. `rules.allow[1]`, `tools.foo.required`,
    /// `workspaceRoots[0]`; empty for the settings value itself.
    pub field: String,
    /// One of [`ErrorCode::ALL`]'s codes.
    pub code: &'static str,
    pub message: String,
}

impl SettingsError {
    pub fn new(code: ErrorCode, field: impl Into<String>, message: impl Into<String>) -> Self {
        SettingsError {
            field: field.into(),
            code: code.code(),
            message: message.into(),
        }
    }

    /// A reading error from any serde format, at `field`: the code is read off serde's own
    /// wording (`unknown field …`, `invalid type: …`), which every format shares.
    pub fn from_path(field: impl Into<String>, message: impl Into<String>) -> Self {
        let message = message.into();
        let code = ErrorCode::SHAPE
            .iter()
            .find(|(prefix, _)| message.starts_with(prefix))
            .map_or(ErrorCode::InvalidValue, |&(_, code)| code);
        SettingsError::new(code, field, message)
    }

    /// The same error with its field under `prefix` (`snapshot`).
    pub fn under(mut self, prefix: &str) -> Self {
        self.field = match self.field.as_str() {
            "" => prefix.to_string(),
            f if f.starts_with('[') => format!("{prefix}{f}"),
            f => format!("{prefix}.{f}"),
        };
        self
    }
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field.as_str() {
            "" => write!(f, "invalid settings: {}", self.message),
            field => write!(f, "invalid settings: {field}: {}", self.message),
        }
    }
}

impl std::error::Error for SettingsError {}

macro_rules! error_codes {
    ($($(#[$doc:meta])* $name:ident = $code:literal,)*) => {
        /// The codes a [`SettingsError`] carries: stable, kebab-case, one table.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ErrorCode {
            $($(#[$doc])* $name,)*
        }

        impl ErrorCode {
            /// Every code, in this table's order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$name,)*];

            pub fn code(self) -> &'static str {
                match self {
                    $(ErrorCode::$name => $code,)*
                }
            }
        }
    };
}

error_codes! {
    /// A key the settings do not have (a typo such as `requred`).
    UnknownField = "unknown-field",
    /// A required key is absent (`rule` in a rule entry, `tier` in a tool spec).
    MissingField = "missing-field",
    /// The same key twice.
    DuplicateField = "duplicate-field",
    /// A value of the wrong type (a number where a list goes, `1.5` for an integer).
    WrongType = "wrong-type",
    /// A value that could not be read at all: in JS, a getter or proxy trap that threw.
    Unreadable = "unreadable",
    /// A value of the right type that is not one of the allowed ones (`mode: "fast"`).
    InvalidValue = "invalid-value",
    /// A number outside its range (`promptTimeoutMs` negative or above the longest JS timer).
    OutOfRange = "out-of-range",
    /// A snapshot `version` this toolgate does not read (0, or newer than it).
    UnsupportedVersion = "unsupported-version",
    /// A path that is empty or blank (a workspace root).
    EmptyPath = "empty-path",
    /// A path that cannot serve (a relative workspace root).
    InvalidPath = "invalid-path",
    /// An `ignoreFileName` that is not a single file name.
    InvalidFileName = "invalid-file-name",
    /// An ignore file that cannot be compiled (an `!include` cycle).
    InvalidIgnoreFile = "invalid-ignore-file",
    /// An empty tool or param name.
    EmptyName = "empty-name",
    /// An `overrideOrigins` entry for a tool that has no override.
    OriginWithoutOverride = "origin-without-override",
    /// A malformed rule (`bash(`, `tool()`).
    InvalidRule = "invalid-rule",
    /// A rule example that the rule does not decide as stated.
    RuleExampleFailed = "rule-example-failed",
}

impl ErrorCode {
    /// serde's wording of each shape error, shared by every format.
    const SHAPE: [(&'static str, ErrorCode); 6] = [
        ("unknown field", ErrorCode::UnknownField),
        // an integer of the right type but not of the field's (`-1` or `2^32` for a u32)
        ("invalid value: integer", ErrorCode::OutOfRange),
        ("missing field", ErrorCode::MissingField),
        ("duplicate field", ErrorCode::DuplicateField),
        ("invalid type", ErrorCode::WrongType),
        ("invalid length", ErrorCode::WrongType),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_kebab_case() {
        let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.code()).collect();
        for (i, code) in codes.iter().enumerate() {
            assert!(!codes[..i].contains(code), "{code} twice");
            assert!(
                code.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{code}"
            );
        }
    }

    #[test]
    fn fields_read_under_a_prefix() {
        let e = SettingsError::new(ErrorCode::EmptyPath, "workspaceRoots[0]", "x");
        assert_eq!(
            e.clone().under("snapshot").field,
            "snapshot.workspaceRoots[0]"
        );
        assert_eq!(
            SettingsError::new(ErrorCode::WrongType, "", "x")
                .under("snapshot")
                .to_string(),
            "invalid settings: snapshot: x"
        );
        assert_eq!(e.to_string(), "invalid settings: workspaceRoots[0]: x");
    }
}
