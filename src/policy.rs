//! The policy table — tier × situation → allow or prompt — and the presets that fill it:
//! the harness's modes and Cline's auto-approval settings. A preset is data: both families
//! compile to the same table, and the engine only ever reads the table.

use serde::{Deserialize, Serialize};

use crate::catalogue::Tier;

/// What a rule, override or table cell says about a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    Allow,
    Prompt,
    Deny,
}

impl Policy {
    pub fn as_str(self) -> &'static str {
        match self {
            Policy::Allow => "allow",
            Policy::Prompt => "prompt",
            Policy::Deny => "deny",
        }
    }

    pub fn parse(s: &str) -> Option<Policy> {
        match s {
            "allow" => Some(Policy::Allow),
            "prompt" => Some(Policy::Prompt),
            "deny" => Some(Policy::Deny),
            _ => None,
        }
    }
}

/// The harness's session modes. Default `yolo`, as in the harness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Prompt for everything.
    #[serde(alias = "alwaysAsk")]
    AlwaysAsk,
    /// Reads (and questions to the user) run; writes, commands, browser and MCP prompt.
    Write,
    /// Everything runs; critical commands still prompt.
    #[default]
    Yolo,
    /// Everything runs and critical commands are not asked about: there is no user.
    Unattended,
}

impl Mode {
    pub const LABELS: &'static str = "\"always-ask\", \"write\", \"yolo\" or \"unattended\"";

    /// The harness's labels; `alwaysAsk` is accepted as an alias.
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "always-ask" | "alwaysAsk" => Some(Mode::AlwaysAsk),
            "write" => Some(Mode::Write),
            "yolo" => Some(Mode::Yolo),
            "unattended" => Some(Mode::Unattended),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Mode::AlwaysAsk => "always-ask",
            Mode::Write => "write",
            Mode::Yolo => "yolo",
            Mode::Unattended => "unattended",
        }
    }

    /// Whether step 4 (critical commands) applies: not when nobody is there to answer.
    pub fn asks_about_critical(self) -> bool {
        self != Mode::Unattended
    }
}

/// The second axis of the table. File tools use where their path lies; `exec` tools use
/// how safe their command is (Cline's "safe commands" vs "all commands").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Situation {
    Local,
    External,
    /// The call names no path; Cline counts this as external.
    NoPath,
    SafeCommand,
    RiskyCommand,
}

impl Situation {
    pub const ALL: [Situation; 5] = [
        Situation::Local,
        Situation::External,
        Situation::NoPath,
        Situation::SafeCommand,
        Situation::RiskyCommand,
    ];
    const COUNT: usize = Situation::ALL.len();

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn describe(self) -> &'static str {
        match self {
            Situation::Local => "inside the workspace",
            Situation::External => "outside the workspace",
            Situation::NoPath => "with no path",
            Situation::SafeCommand => "with a safe command",
            Situation::RiskyCommand => "with a command that is not known to be safe",
        }
    }
}

/// Cline's `AutoApprovalSettings.actions`. Every flag defaults to false.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ClineActions {
    pub read_files: bool,
    pub read_files_externally: bool,
    pub edit_files: bool,
    pub edit_files_externally: bool,
    pub execute_safe_commands: bool,
    pub execute_all_commands: bool,
    pub use_browser: bool,
    pub use_mcp: bool,
}

impl ClineActions {
    /// Every action flag on: what YOLO and approve-all amount to.
    pub const ALL: ClineActions = ClineActions {
        read_files: true,
        read_files_externally: true,
        edit_files: true,
        edit_files_externally: true,
        execute_safe_commands: true,
        execute_all_commands: true,
        use_browser: true,
        use_mcp: true,
    };
}

/// Cline's auto-approval switches. Fields Cline has dropped (`enabled`) are still honoured:
/// `enabled: false` turns the per-action flags off, as it did. Cline's own fields that do not
/// change gating (`version`, `favorites`, `maxRequests`, `enableNotifications`) are accepted,
/// whatever their value, and dropped, so Cline's settings object can be passed as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ClineAutoApproval {
    pub yolo_mode_toggled: bool,
    pub auto_approve_all_toggled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    pub actions: ClineActions,
    #[serde(skip_serializing)]
    pub version: Dropped,
    #[serde(skip_serializing)]
    pub favorites: Dropped,
    #[serde(skip_serializing)]
    pub max_requests: Dropped,
    #[serde(skip_serializing)]
    pub enable_notifications: Dropped,
}

/// A value read in full and dropped (see [`ClineAutoApproval`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(type = "unknown"))]
pub struct Dropped;

impl<'de> Deserialize<'de> for Dropped {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(d).map(|_| Dropped)
    }
}

/// Where the table came from, for verdicts' reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    Mode(Mode),
    Cline(ClineAutoApproval),
}

impl Preset {
    /// Static text, since every policy verdict's reason names it.
    pub fn describe(&self) -> &'static str {
        match self {
            // `mode "{Mode::as_str}"`
            Preset::Mode(Mode::AlwaysAsk) => "mode \"always-ask\"",
            Preset::Mode(Mode::Write) => "mode \"write\"",
            Preset::Mode(Mode::Yolo) => "mode \"yolo\"",
            Preset::Mode(Mode::Unattended) => "mode \"unattended\"",
            Preset::Cline(c) if c.yolo_mode_toggled => "Cline YOLO mode",
            Preset::Cline(c) if c.auto_approve_all_toggled => "Cline auto-approve all",
            Preset::Cline(_) => "Cline auto-approval settings",
        }
    }
}

/// tier × situation → allow or prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyTable {
    cells: [[Policy; Situation::COUNT]; Tier::ALL.len()],
}

impl PolicyTable {
    pub fn get(&self, tier: Tier, situation: Situation) -> Policy {
        self.cells[tier.index()][situation.index()]
    }

    fn uniform(p: Policy) -> [Policy; Situation::COUNT] {
        [p; Situation::COUNT]
    }

    pub fn for_preset(preset: &Preset) -> PolicyTable {
        match preset {
            Preset::Mode(m) => Self::for_mode(*m),
            Preset::Cline(c) => Self::for_cline(c),
        }
    }

    pub fn for_mode(mode: Mode) -> PolicyTable {
        use Policy::*;
        let mut cells = [Self::uniform(Prompt); Tier::ALL.len()];
        for tier in Tier::ALL {
            let allowed = match mode {
                Mode::AlwaysAsk => false,
                Mode::Write => matches!(tier, Tier::Read | Tier::Interaction),
                Mode::Yolo | Mode::Unattended => true,
            };
            cells[tier.index()] = Self::uniform(if allowed { Allow } else { Prompt });
        }
        PolicyTable { cells }
    }

    /// Cline's AutoApprove: yolo, then auto-approve-all, then the per-action flags. Read and
    /// edit tools get a (local, external) pair where external counts only together with local;
    /// commands get (safe, all) the same way; browser and MCP are one flag each. Tools Cline
    /// never auto-approves (questions, completion, new task) always prompt.
    pub fn for_cline(c: &ClineAutoApproval) -> PolicyTable {
        let everything = c.yolo_mode_toggled || c.auto_approve_all_toggled;
        let a = if everything {
            ClineActions::ALL
        } else if c.enabled == Some(false) {
            ClineActions::default()
        } else {
            c.actions
        };
        let pair = |local: bool, external: bool| -> [Policy; Situation::COUNT] {
            let p = |b: bool| if b { Policy::Allow } else { Policy::Prompt };
            let ext = local && external;
            // Local, External, NoPath (counts as external), SafeCommand, RiskyCommand.
            [p(local), p(ext), p(ext), p(local), p(ext)]
        };
        let flag = |b: bool| Self::uniform(if b { Policy::Allow } else { Policy::Prompt });
        let mut cells = [Self::uniform(Policy::Prompt); Tier::ALL.len()];
        cells[Tier::Read.index()] = pair(a.read_files, a.read_files_externally);
        cells[Tier::Write.index()] = pair(a.edit_files, a.edit_files_externally);
        cells[Tier::Exec.index()] = pair(a.execute_safe_commands, a.execute_all_commands);
        cells[Tier::Browser.index()] = flag(a.use_browser);
        cells[Tier::Mcp.index()] = flag(a.use_mcp);
        cells[Tier::Interaction.index()] = flag(false);
        PolicyTable { cells }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mode_preset_is_described_by_its_label() {
        for mode in [Mode::AlwaysAsk, Mode::Write, Mode::Yolo, Mode::Unattended] {
            assert_eq!(
                Preset::Mode(mode).describe(),
                format!("mode \"{}\"", mode.as_str())
            );
        }
    }
}
