//! The Dart agent harness: its `ApprovalManager` state — mode, per-tool overrides with their
//! origins, and the always-allow set.
//!
//! Labels are read as the harness writes them (`always-ask`, `alwaysAsk`, `write`, `yolo`,
//! `unattended`; `allow`, `prompt`, `deny`), also with Dart's enum prefix
//! (`ApprovalMode.yolo`, `ApprovalPolicy.deny`), which is what `toString()` gives. Anything
//! else is reported by name and left out, never guessed at.

use std::collections::BTreeMap;

use serde::de::IgnoredAny;

use super::{push_unique, Imported};
use crate::map::NameMap;
use crate::policy::{Mode, Policy};

/// The harness's approval state. Every field is optional.
#[derive(Debug, Clone, Default)]
pub struct HarnessSettings {
    pub mode: Option<String>,
    /// Tool → `allow` | `prompt` | `deny`.
    pub overrides: BTreeMap<String, String>,
    /// Tool → where its override came from (config scope, host guard, …).
    pub override_origins: BTreeMap<String, String>,
    pub always_allow: Vec<String>,
    pub unknown: BTreeMap<String, IgnoredAny>,
}

settings_deserialize!(HarnessSettings {
    mode: "mode",
    overrides: "overrides",
    override_origins: "overrideOrigins",
    always_allow: "alwaysAllow",
});

/// A config from the harness's approval state.
pub fn settings(settings: &HarnessSettings) -> Imported {
    let mut out = Imported::default();
    let s = settings;
    if let Some(label) = &s.mode {
        match Mode::parse(label.strip_prefix("ApprovalMode.").unwrap_or(label)) {
            Some(mode) => out.config.mode = Some(mode),
            None => out.warn(format!(
                "harness mode \"{label}\" is not a mode toolgate knows (expected {}); no mode set",
                Mode::LABELS
            )),
        }
    }
    let mut overrides = NameMap::new();
    for (tool, label) in &s.overrides {
        if tool.trim().is_empty() {
            out.warn(format!(
                "harness override \"{label}\" for an empty tool name not carried over"
            ));
            continue;
        }
        match Policy::parse(label.strip_prefix("ApprovalPolicy.").unwrap_or(label)) {
            Some(policy) => {
                overrides.insert(tool.clone(), policy);
            }
            None => out.warn(format!(
                "harness override for \"{tool}\": \"{label}\" is not a policy toolgate knows \
                 (expected \"allow\", \"prompt\" or \"deny\"); not carried over"
            )),
        }
    }
    let mut origins = NameMap::new();
    for (tool, origin) in &s.override_origins {
        if overrides.contains_key(tool) {
            origins.insert(tool.clone(), origin.clone());
        } else {
            let why = if s.overrides.contains_key(tool) {
                "its override was not carried over"
            } else {
                "it has no override to explain"
            };
            out.warn(format!(
                "harness override origin \"{origin}\" for \"{tool}\" not carried over: {why}"
            ));
        }
    }
    let mut always = Vec::new();
    for tool in &s.always_allow {
        if tool.trim().is_empty() {
            out.warn("harness alwaysAllow: an empty tool name not carried over");
        } else {
            push_unique(&mut always, tool.clone());
        }
    }
    for key in s.unknown.keys() {
        out.warn(format!(
            "harness setting \"{key}\" is not part of the approval state toolgate knows; ignored"
        ));
    }
    out.config.overrides = overrides;
    out.config.override_origins = origins;
    out.config.always_allow = always;
    out
}
