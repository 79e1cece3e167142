//! Cline: its `AutoApprovalSettings`, the `CLINE_COMMAND_PERMISSIONS` JSON and a `.clineignore`.
//!
//! **Auto-approval settings** carry over exactly as `autoApproval` (toolgate's Cline preset
//! reproduces AutoApprove). Legacy fields are accepted: `enabled` is honoured as it was,
//! `actions.executeCommands` (Cline's first name for "execute safe commands") is read as
//! `executeSafeCommands`; `maxRequests`, `favorites` and `enableNotifications` have no effect
//! here and are reported. `version` is Cline's own bookkeeping and is accepted silently.
//! Unknown fields are reported, never an error.
//!
//! **Command permissions** carry over exactly: deny patterns as deny rules, the allow list as
//! an allow-list (`rules.allowOnly`, see [`crate::allow_list`]) with Cline's redirect handling
//! (`allowRedirects`). toolgate's deny rules also match a sub-command unwrapped from its
//! launchers (broader than Cline's). What stays different is toolgate's on purpose: a newline
//! between commands splits them (Cline refuses the command), and backticks are nested
//! commands checked like `$(…)` (Cline refuses any backtick outside single quotes).

use std::collections::BTreeMap;

use serde::de::IgnoredAny;

use super::Written;
use super::{balanced_parens, push_unique, quoted_list, Imported, List, RuleLists, COMMAND_TOOLS};
use crate::policy::{ClineActions, ClineAutoApproval};

/// Cline's `AutoApprovalSettings`, every version's fields, plus the two global switches Cline
/// keeps beside it (`yoloModeToggled`, `autoApproveAllToggled`). Every field is optional.
#[derive(Debug, Clone, Default)]
pub struct ClineAutoApprovalSettings {
    /// Cline's settings-sync counter; no effect, accepted silently.
    pub version: Option<f64>,
    /// Legacy master switch; `false` turns every action flag off, as it did in Cline.
    pub enabled: Option<bool>,
    pub actions: Option<ClineActionSettings>,
    /// No effect here (toolgate shows no notifications).
    pub enable_notifications: Option<bool>,
    /// Legacy; no effect here.
    pub favorites: Option<IgnoredAny>,
    /// Legacy; no effect here (toolgate does not count approvals).
    pub max_requests: Option<u64>,
    pub yolo_mode_toggled: Option<bool>,
    pub auto_approve_all_toggled: Option<bool>,
    pub unknown: BTreeMap<String, IgnoredAny>,
}

settings_deserialize!(ClineAutoApprovalSettings {
    version: "version",
    enabled: "enabled",
    actions: "actions",
    enable_notifications: "enableNotifications",
    favorites: "favorites",
    max_requests: "maxRequests",
    yolo_mode_toggled: "yoloModeToggled",
    auto_approve_all_toggled: "autoApproveAllToggled",
});

/// `AutoApprovalSettings.actions`. Absent flags are false, as in Cline's defaults.
#[derive(Debug, Clone, Default)]
pub struct ClineActionSettings {
    pub read_files: Option<bool>,
    pub read_files_externally: Option<bool>,
    pub edit_files: Option<bool>,
    pub edit_files_externally: Option<bool>,
    pub execute_safe_commands: Option<bool>,
    pub execute_all_commands: Option<bool>,
    pub use_browser: Option<bool>,
    pub use_mcp: Option<bool>,
    /// Legacy name of `executeSafeCommands`.
    pub execute_commands: Option<bool>,
    pub unknown: BTreeMap<String, IgnoredAny>,
}

settings_deserialize!(ClineActionSettings {
    read_files: "readFiles",
    read_files_externally: "readFilesExternally",
    edit_files: "editFiles",
    edit_files_externally: "editFilesExternally",
    execute_safe_commands: "executeSafeCommands",
    execute_all_commands: "executeAllCommands",
    use_browser: "useBrowser",
    use_mcp: "useMcp",
    execute_commands: "executeCommands",
});

/// The `CLINE_COMMAND_PERMISSIONS` JSON. Every field is optional. `allow`, `deny` and
/// `allowRedirects` are kept whatever their type: Cline's `parseConfig` takes the lists only
/// when they are arrays and `allowRedirects` only when it is a boolean, and ignores the rest.
#[derive(Debug, Clone, Default)]
pub struct ClineCommandPermissions {
    pub allow: Option<Written>,
    pub deny: Option<Written>,
    /// Default false: Cline denies commands with redirections.
    pub allow_redirects: Option<Written>,
    /// Some Cline versions: shell operators to let through.
    pub allow_operators: Option<Vec<String>>,
    pub unknown: BTreeMap<String, IgnoredAny>,
}

settings_deserialize!(ClineCommandPermissions {
    allow: "allow",
    deny: "deny",
    allow_redirects: "allowRedirects",
    allow_operators: "allowOperators",
});

const SETTINGS: &str = "Cline autoApprovalSettings";
const PERMISSIONS: &str = "CLINE_COMMAND_PERMISSIONS";

/// `autoApproval` from Cline's auto-approval settings.
pub fn auto_approval(settings: &ClineAutoApprovalSettings) -> Imported {
    let mut out = Imported::default();
    let s = settings;
    let mut actions = ClineActions::default();
    if let Some(a) = &s.actions {
        actions = ClineActions {
            read_files: a.read_files.unwrap_or(false),
            read_files_externally: a.read_files_externally.unwrap_or(false),
            edit_files: a.edit_files.unwrap_or(false),
            edit_files_externally: a.edit_files_externally.unwrap_or(false),
            execute_safe_commands: a.execute_safe_commands.unwrap_or(false),
            execute_all_commands: a.execute_all_commands.unwrap_or(false),
            use_browser: a.use_browser.unwrap_or(false),
            use_mcp: a.use_mcp.unwrap_or(false),
        };
        match (a.execute_commands, a.execute_safe_commands) {
            (Some(legacy), None) => {
                actions.execute_safe_commands = legacy;
                out.warn(format!(
                    "{SETTINGS}: actions.executeCommands is Cline's legacy name for \
                     executeSafeCommands; read as executeSafeCommands: {legacy}"
                ));
            }
            (Some(legacy), Some(current)) if legacy != current => out.warn(format!(
                "{SETTINGS}: actions.executeCommands ({legacy}) is ignored: \
                 executeSafeCommands ({current}) replaces it"
            )),
            _ => {}
        }
        for key in a.unknown.keys() {
            out.warn(format!(
                "{SETTINGS}: actions.{key} is not a Cline action toolgate knows; ignored"
            ));
        }
    }
    if let Some(n) = s.max_requests {
        out.warn(format!(
            "{SETTINGS}: maxRequests ({n}) has no effect: toolgate does not cap the number of \
             auto-approved requests"
        ));
    }
    if s.favorites.is_some() {
        out.warn(format!(
            "{SETTINGS}: favorites has no effect: it only ordered Cline's auto-approve menu"
        ));
    }
    if s.enable_notifications.is_some() {
        out.warn(format!(
            "{SETTINGS}: enableNotifications has no effect: toolgate shows no notifications \
             (the host decides what to show from verdicts and prompts)"
        ));
    }
    for key in s.unknown.keys() {
        out.warn(format!(
            "{SETTINGS}: {key} is not a Cline auto-approval setting toolgate knows; ignored"
        ));
    }
    out.config.auto_approval = Some(ClineAutoApproval {
        yolo_mode_toggled: s.yolo_mode_toggled.unwrap_or(false),
        auto_approve_all_toggled: s.auto_approve_all_toggled.unwrap_or(false),
        enabled: s.enabled,
        actions,
        ..ClineAutoApproval::default()
    });
    out
}

/// Command rules for `execute_command` and `bash` from `CLINE_COMMAND_PERMISSIONS`: Cline's
/// `CommandPermissionController`, reproduced. Deny patterns become deny rules; both tools
/// become allow-listed (`rules.allowOnly`) with the allow patterns (every command when there
/// are none, as Cline then only checks redirections), and `allowRedirects` carries over.
/// The allow patterns only permit, as in Cline: whether a permitted command asks is still
/// decided by the mode or the auto-approval settings.
pub fn command_permissions(permissions: &ClineCommandPermissions) -> Imported {
    let mut out = Imported::default();
    let mut rules = RuleLists::default();
    let p = permissions;
    let mut patterns = |list: List, value: &Option<Written>| -> Vec<String> {
        let items = match value.clone() {
            None => return Vec::new(),
            Some(Written::Seq(items)) => items,
            Some(_) => {
                out.warn(format!(
                    "{PERMISSIONS}: {} is not a list: Cline ignores it, and so does the import",
                    list.name()
                ));
                return Vec::new();
            }
        };
        let mut strings = Vec::new();
        for item in items {
            match item.text() {
                Some(s) => strings.push(s),
                // Cline's matcher throws on it, for every command it checks
                None => {
                    out.warn(format!(
                        "{PERMISSIONS}: {} holds a value that is not a string: Cline's check \
                         fails on every command, so every command is denied",
                        list.name()
                    ));
                    for tool in COMMAND_TOOLS {
                        rules.push(List::Deny, tool.to_string());
                    }
                }
            }
        }
        strings
    };
    let deny = patterns(List::Deny, &p.deny);
    let allow = patterns(List::Allow, &p.allow);
    rules.allow_only = COMMAND_TOOLS.map(String::from).to_vec();
    if allow.is_empty() {
        rules
            .allow_only
            .extend(COMMAND_TOOLS.map(|tool| format!("{tool}(*)")));
    }
    for (list, patterns) in [(List::Deny, &deny), (List::Allow, &allow)] {
        for pattern in patterns {
            match translate(pattern, list) {
                Ok(translated) => {
                    for tool in COMMAND_TOOLS {
                        match list {
                            List::Deny if translated == "*" => rules.push(list, tool.to_string()),
                            List::Deny => rules.push(list, format!("{tool}({translated})")),
                            _ => {
                                push_unique(&mut rules.allow_only, format!("{tool}({translated})"))
                            }
                        }
                    }
                }
                Err(why) => out.warn(format!(
                    "{PERMISSIONS}: {} pattern \"{pattern}\" not carried over: {why}",
                    list.name()
                )),
            }
        }
    }
    rules.allow_redirects = match &p.allow_redirects {
        None => false,
        Some(Written::Bool(b)) => *b,
        Some(_) => {
            out.warn(format!(
                "{PERMISSIONS}: allowRedirects is not a boolean: Cline ignores it and denies \
                 redirections, and so does the import"
            ));
            false
        }
    };
    if let Some(ops) = &p.allow_operators {
        out.warn(format!(
            "{PERMISSIONS}: allowOperators {} has no effect: Cline does not read it either; \
             every sub-command of a compound command is checked against the patterns",
            if ops.is_empty() {
                "[]".to_string()
            } else {
                quoted_list(ops)
            }
        ));
    }
    for key in p.unknown.keys() {
        out.warn(format!(
            "{PERMISSIONS}: {key} is not a field toolgate knows; ignored"
        ));
    }
    out.config.rules = rules.into_rules();
    out
}

/// A Cline pattern in toolgate's rule language, or why it cannot be carried. The languages
/// agree (`*` any text, `?` one character) except for a trailing ` *`, which toolgate also
/// matches with nothing after it: an allow pattern gets `?*` there, which is Cline's meaning
/// (a deny keeps it, matching the bare command too: broader).
fn translate(pattern: &str, list: List) -> Result<String, String> {
    if pattern.trim().is_empty() {
        return Err("an empty pattern matches only an empty command".to_string());
    }
    if !balanced_parens(pattern) {
        return Err(not_enforced(
            list,
            "toolgate rules cannot contain unbalanced parentheses",
        ));
    }
    match pattern.trim_end().strip_suffix('*') {
        Some(head) if list == List::Allow && (head.ends_with(' ') || head.ends_with(':')) => {
            Ok(format!("{head}?*"))
        }
        _ => Ok(pattern.to_string()),
    }
}

fn not_enforced(list: List, why: &str) -> String {
    match list {
        List::Deny => format!("{why}; this deny is NOT enforced"),
        _ => format!("{why}; the commands it permitted are denied"),
    }
}

/// `ignoreFile` from a `.clineignore` text, carried verbatim (it is compiled, and any error
/// reported, when a Gatekeeper is built from it). Each `!include NAME` line is reported: its
/// file's text must be supplied by the host as `ignoreIncludes["NAME"]`.
pub fn ignore_file(text: &str) -> Imported {
    let mut out = Imported::default();
    for (n, line) in text.lines().enumerate() {
        if let Some(name) = line.trim().strip_prefix("!include ") {
            let name = name.trim();
            out.warn(format!(
                ".clineignore line {}: \"!include {name}\" needs the text of \"{name}\" in \
                 ignoreIncludes, which the host must supply (a webview has no file system)",
                n + 1
            ));
        }
    }
    out.config.ignore_file = Some(text.to_string());
    out
}
