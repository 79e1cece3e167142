//! Snapshots: plain JSON of everything a user decided, restorable exactly. Turn grants are
//! not part of it (they end with the turn), nor are the JS callbacks.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::catalogue::ToolSpec;
use crate::config::{Config, ConfigError, RulesConfig};
use crate::number;
use crate::platform::Platform;
use crate::policy::{ClineAutoApproval, Mode, Policy};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Snapshot {
    /// [`Snapshot::VERSION`] when written; newer versions are refused, not guessed at.
    pub version: u32,
    pub mode: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_approval: Option<ClineAutoApproval>,
    #[serde(default)]
    pub overrides: BTreeMap<String, Policy>,
    #[serde(default)]
    pub override_origins: BTreeMap<String, String>,
    #[serde(default)]
    pub always_allow: Vec<String>,
    #[serde(default)]
    pub rules: RulesConfig,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignore_file: Option<String>,
    #[serde(default)]
    pub ignore_includes: BTreeMap<String, String>,
    pub ignore_file_name: String,
    #[serde(default)]
    pub workspace_roots: Vec<String>,
    /// As configured (absent: inferred from the roots).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform: Option<String>,
    /// As configured (absent: the platform's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case_insensitive_paths: Option<bool>,
    #[serde(default)]
    pub tools: BTreeMap<String, ToolSpec>,
}

impl Snapshot {
    pub const VERSION: u32 = 1;

    /// Checks a snapshot's version before anything else is read from it.
    pub fn check_version(version: Option<f64>) -> Result<(), ConfigError> {
        match version {
            None => Err(ConfigError::new("snapshot.version", "missing")),
            Some(v) if v.fract() != 0.0 || v < 1.0 => Err(ConfigError::new(
                "snapshot.version",
                format!("{} is not a snapshot version", number::text(v)),
            )),
            Some(v) if v > Self::VERSION as f64 => Err(ConfigError::new(
                "snapshot.version",
                format!(
                    "{} is newer than this toolgate understands (up to {})",
                    number::text(v),
                    Self::VERSION
                ),
            )),
            Some(_) => Ok(()),
        }
    }

    pub fn into_config(self) -> Result<Config, ConfigError> {
        Self::check_version(Some(self.version as f64))?;
        let mode = Mode::parse(&self.mode).ok_or_else(|| {
            ConfigError::new("snapshot.mode", format!("expected {}", Mode::LABELS))
        })?;
        let platform = match self.platform.as_deref() {
            None => None,
            Some(p) => Some(Platform::parse(p).ok_or_else(|| {
                ConfigError::new(
                    "snapshot.platform",
                    format!("expected {}", Platform::LABELS),
                )
            })?),
        };
        Ok(Config {
            workspace_roots: self.workspace_roots,
            platform,
            case_insensitive_paths: self.case_insensitive_paths,
            ignore_file: self.ignore_file,
            ignore_includes: self.ignore_includes.into_iter().collect(),
            ignore_file_name: self.ignore_file_name,
            mode,
            auto_approval: self.auto_approval,
            tools: self.tools.into_iter().collect(),
            overrides: self.overrides.into_iter().collect(),
            override_origins: self.override_origins.into_iter().collect(),
            always_allow: self.always_allow,
            rules: self.rules,
            rule_examples: Vec::new(),
            prompt_timeout_ms: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;

    #[test]
    fn path_settings_round_trip_as_configured() {
        for (platform, case_insensitive) in [
            (None, None),
            (Some(Platform::Macos), None),
            (Some(Platform::Windows), Some(false)),
            (None, Some(true)),
        ] {
            let config = Config {
                workspace_roots: vec![match platform {
                    Some(Platform::Windows) => "C:\\ws".to_string(),
                    _ => "/ws".to_string(),
                }],
                platform,
                case_insensitive_paths: case_insensitive,
                ..Config::default()
            };
            let snapshot = Engine::new(config).unwrap().snapshot();
            assert_eq!(snapshot.platform.as_deref(), platform.map(Platform::as_str));
            assert_eq!(snapshot.case_insensitive_paths, case_insensitive);
            let restored = snapshot.into_config().unwrap();
            assert_eq!(
                (restored.platform, restored.case_insensitive_paths),
                (platform, case_insensitive)
            );
        }
        let mut bad = Engine::new(Config::default()).unwrap().snapshot();
        bad.platform = Some("beos".into());
        assert_eq!(bad.into_config().unwrap_err().field, "snapshot.platform");
    }
}
