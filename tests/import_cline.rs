//! Cline importers: auto-approval settings (current and legacy), CLINE_COMMAND_PERMISSIONS and
//! .clineignore, on fixture files in tests/fixtures/import/.

use toolgate::call::ToolCall;
use toolgate::config::RulesConfig;
use toolgate::engine::Engine;
use toolgate::import::cline::{self, ClineAutoApprovalSettings, ClineCommandPermissions};
use toolgate::import::Imported;
use toolgate::policy::{ClineActions, ClineAutoApproval};
use toolgate::verdict::{Decision, Step};

fn settings(json: &str) -> ClineAutoApprovalSettings {
    serde_json::from_str(json).expect("fixture parses")
}

fn permissions(json: &str) -> ClineCommandPermissions {
    serde_json::from_str(json).expect("fixture parses")
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

const LEGACY: &str = include_str!("fixtures/import/cline-auto-approval-legacy.json");
const YOLO: &str = include_str!("fixtures/import/cline-auto-approval-yolo.json");
const COMMANDS: &str = include_str!("fixtures/import/cline-command-permissions.json");
const CLINEIGNORE: &str = include_str!("fixtures/import/clineignore");

#[test]
fn legacy_settings_carry_over_and_report_what_has_no_effect() {
    let imported = cline::auto_approval(&settings(LEGACY));
    assert_eq!(
        imported.config.auto_approval,
        Some(ClineAutoApproval {
            yolo_mode_toggled: false,
            auto_approve_all_toggled: false,
            enabled: Some(true),
            actions: ClineActions {
                read_files: true,
                edit_files: true,
                execute_safe_commands: true,
                use_mcp: true,
                ..ClineActions::default()
            },
        })
    );
    assert_eq!(
        imported.warnings,
        strings(&[
            "Cline autoApprovalSettings: actions.executeCommands is Cline's legacy name for executeSafeCommands; read as executeSafeCommands: true",
            "Cline autoApprovalSettings: actions.readExcel is not a Cline action toolgate knows; ignored",
            "Cline autoApprovalSettings: maxRequests (20) has no effect: toolgate does not cap the number of auto-approved requests",
            "Cline autoApprovalSettings: favorites has no effect: it only ordered Cline's auto-approve menu",
            "Cline autoApprovalSettings: enableNotifications has no effect: toolgate shows no notifications (the host decides what to show from verdicts and prompts)",
            "Cline autoApprovalSettings: showMenu is not a Cline auto-approval setting toolgate knows; ignored",
        ])
    );
}

#[test]
fn current_settings_are_exact() {
    let imported = cline::auto_approval(&settings(YOLO));
    assert_eq!(imported.warnings, Vec::<String>::new());
    let a = imported.config.auto_approval.expect("autoApproval");
    assert!(a.yolo_mode_toggled);
    assert!(!a.auto_approve_all_toggled);
    assert_eq!(a.enabled, None);
    assert!(a.actions.read_files && a.actions.execute_safe_commands);
    assert!(!a.actions.edit_files);
}

/// settings JSON, what must hold of the import, the warnings.
type SettingsCase = (
    &'static str,
    fn(&ClineAutoApproval) -> bool,
    &'static [&'static str],
);

/// One setting per line: the JSON, then the flag it must set (or the warning it must give).
#[test]
fn settings_table() {
    let cases: &[SettingsCase] = &[
        (r#"{}"#, |a| *a == ClineAutoApproval::default(), &[]),
        (r#"{"yoloModeToggled":true}"#, |a| a.yolo_mode_toggled, &[]),
        (r#"{"autoApproveAllToggled":true}"#, |a| a.auto_approve_all_toggled, &[]),
        (r#"{"enabled":false}"#, |a| a.enabled == Some(false), &[]),
        (r#"{"version":7}"#, |a| *a == ClineAutoApproval::default(), &[]),
        (r#"{"actions":{"readFilesExternally":true}}"#, |a| a.actions.read_files_externally, &[]),
        (r#"{"actions":{"editFilesExternally":true}}"#, |a| a.actions.edit_files_externally, &[]),
        (r#"{"actions":{"executeAllCommands":true}}"#, |a| a.actions.execute_all_commands, &[]),
        (r#"{"actions":{"useBrowser":true}}"#, |a| a.actions.use_browser, &[]),
        (r#"{"actions":{"useMcp":true}}"#, |a| a.actions.use_mcp, &[]),
        (r#"{"actions":{"executeCommands":false,"executeSafeCommands":true}}"#, |a| a.actions.execute_safe_commands,
            &["Cline autoApprovalSettings: actions.executeCommands (false) is ignored: executeSafeCommands (true) replaces it"]),
        (r#"{"actions":{"executeCommands":true,"executeSafeCommands":true}}"#, |a| a.actions.execute_safe_commands, &[]),
        (r#"{"maxRequests":null}"#, |_| true, &[]),
        (r#"{"enableNotifications":false}"#, |_| true,
            &["Cline autoApprovalSettings: enableNotifications has no effect: toolgate shows no notifications (the host decides what to show from verdicts and prompts)"]),
        (r#"{"favorites":{"odd":"shape"}}"#, |_| true,
            &["Cline autoApprovalSettings: favorites has no effect: it only ordered Cline's auto-approve menu"]),
    ];
    for (json, holds, warnings) in cases {
        let imported = cline::auto_approval(&settings(json));
        let a = imported
            .config
            .auto_approval
            .expect("autoApproval is always set");
        assert!(holds(&a), "{json}: {a:?}");
        assert_eq!(imported.warnings, strings(warnings), "{json}");
    }
}

#[test]
fn yolo_import_allows_an_external_read() {
    let imported = cline::auto_approval(&settings(YOLO));
    let engine = Engine::new(imported.config.into_config().expect("valid")).expect("engine");
    let v = engine.check(&ToolCall::new("read_file").with("path", "/etc/hosts"));
    assert_eq!(v.decision, Decision::Allow, "{v:?}");
    assert_eq!(v.step, Step::Policy);
    assert!(v.reason.contains("Cline YOLO mode"), "{}", v.reason);
}

#[test]
fn legacy_import_keeps_external_reads_prompting() {
    let imported = cline::auto_approval(&settings(LEGACY));
    let engine = Engine::new(imported.config.into_config().expect("valid")).expect("engine");
    let v = engine.check(&ToolCall::new("read_file").with("path", "/etc/hosts"));
    assert_eq!(v.decision, Decision::Prompt, "{v:?}");
}

#[test]
fn command_permissions_fixture() {
    let imported = cline::command_permissions(&permissions(COMMANDS));
    assert_eq!(
        imported.config.rules,
        Some(RulesConfig {
            allow: strings(&[
                "execute_command(npm *)",
                "bash(npm *)",
                "execute_command(git log *)",
                "bash(git log *)",
                "execute_command(git status)",
                "bash(git status)",
                "execute_command(ls*)",
                "bash(ls*)",
            ]),
            ask: vec![],
            deny: strings(&[
                "execute_command(rm -rf *)",
                "bash(rm -rf *)",
                "execute_command(git push --force*)",
                "bash(git push --force*)",
                "execute_command(chmod *77 *)",
                "bash(chmod *77 *)",
            ]),
        })
    );
    assert_eq!(
        imported.warnings,
        strings(&[
            r#"CLINE_COMMAND_PERMISSIONS: deny pattern "chmod ?77 *": toolgate has no one-character wildcard; each "?" became "*", so the deny matches more than in Cline"#,
            r#"CLINE_COMMAND_PERMISSIONS: deny pattern "kill (" not carried over: toolgate rules cannot contain unbalanced parentheses; this deny is NOT enforced"#,
            r#"CLINE_COMMAND_PERMISSIONS: deny pattern "" not carried over: an empty pattern matches only an empty command"#,
            r#"CLINE_COMMAND_PERMISSIONS: allow pattern "gh pr view ?" not carried over: toolgate has no one-character wildcard, and widening "?" to "*" would approve more than Cline allowed"#,
            r#"CLINE_COMMAND_PERMISSIONS: allow pattern "echo (hi" not carried over: toolgate rules cannot contain unbalanced parentheses"#,
            r#"CLINE_COMMAND_PERMISSIONS: in toolgate a pattern ending in " *" also matches the bare command ("git log *" matches "git log"); Cline required at least one more word for allow "npm *" and "git log *""#,
            r#"CLINE_COMMAND_PERMISSIONS: Cline denies every command no allow pattern matches; toolgate has no default deny for commands, so those are decided by the mode or auto-approval settings. Cline's allow patterns only permitted a command; as toolgate allow rules they also approve it without asking"#,
            r#"CLINE_COMMAND_PERMISSIONS: allowRedirects: true has no toolgate equivalent: toolgate asks before running a command with a redirection even when an allow rule matches it"#,
        ])
    );
}

const R: &str = REDIRECTS_DENIED;
const REDIRECTS_DENIED: &str = "CLINE_COMMAND_PERMISSIONS: without allowRedirects, Cline denies every command with a redirection; toolgate does not deny a command for its redirection (it asks when an allow rule matches, otherwise the mode or auto-approval settings decide)";
const NO_DEFAULT_DENY: &str = "CLINE_COMMAND_PERMISSIONS: Cline denies every command no allow pattern matches; toolgate has no default deny for commands, so those are decided by the mode or auto-approval settings. Cline's allow patterns only permitted a command; as toolgate allow rules they also approve it without asking";

/// permissions JSON, allow patterns, deny patterns, the warnings.
type PermissionsCase = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

/// One permissions JSON per line: the allow and deny rules it must give (for execute_command;
/// bash always gets the same), then the exact warnings.
#[test]
fn command_permissions_table() {
    let cases: &[PermissionsCase] = &[
        (r#"{"deny":["git push *"]}"#, &[], &["git push *"], &[R]),
        (r#"{"deny":["*"]}"#, &[], &["*"], &[R]),
        (r#"{"deny":["sudo *", "sudo *"]}"#, &[], &["sudo *"], &[R]),
        (
            r#"{"deny":["rm -? *"]}"#,
            &[],
            &["rm -* *"],
            &[
                r#"CLINE_COMMAND_PERMISSIONS: deny pattern "rm -? *": toolgate has no one-character wildcard; each "?" became "*", so the deny matches more than in Cline"#,
                R,
            ],
        ),
        (
            r#"{"deny":["   "]}"#,
            &[],
            &[],
            &[
                r#"CLINE_COMMAND_PERMISSIONS: deny pattern "   " not carried over: an empty pattern matches only an empty command"#,
                R,
            ],
        ),
        (
            r#"{"deny":["echo )("]}"#,
            &[],
            &[],
            &[
                r#"CLINE_COMMAND_PERMISSIONS: deny pattern "echo )(" not carried over: toolgate rules cannot contain unbalanced parentheses; this deny is NOT enforced"#,
                R,
            ],
        ),
        (
            r#"{"allow":["make test"]}"#,
            &["make test"],
            &[],
            &[NO_DEFAULT_DENY, R],
        ),
        (
            r#"{"allow":["npm*"]}"#,
            &["npm*"],
            &[],
            &[NO_DEFAULT_DENY, R],
        ),
        (
            r#"{"allow":["echo (a)"]}"#,
            &["echo (a)"],
            &[],
            &[NO_DEFAULT_DENY, R],
        ),
        (r#"{"allow":["*"]}"#, &["*"], &[], &[NO_DEFAULT_DENY, R]),
        (
            r#"{"allow":["cargo *"]}"#,
            &["cargo *"],
            &[],
            &[
                r#"CLINE_COMMAND_PERMISSIONS: in toolgate a pattern ending in " *" also matches the bare command ("git log *" matches "git log"); Cline required at least one more word for allow "cargo *""#,
                NO_DEFAULT_DENY,
                R,
            ],
        ),
        (
            r#"{"allow":["ls ?"]}"#,
            &[],
            &[],
            &[
                r#"CLINE_COMMAND_PERMISSIONS: allow pattern "ls ?" not carried over: toolgate has no one-character wildcard, and widening "?" to "*" would approve more than Cline allowed"#,
                NO_DEFAULT_DENY,
                R,
            ],
        ),
        (r#"{"allow":[]}"#, &[], &[], &[R]),
        (
            r#"{"allowOperators":["|", "&&"]}"#,
            &[],
            &[],
            &[
                R,
                r#"CLINE_COMMAND_PERMISSIONS: allowOperators "|" and "&&" has no toolgate equivalent: toolgate checks each sub-command of a compound command against the rules and asks about redirections"#,
            ],
        ),
        (
            r#"{"denyAll":true}"#,
            &[],
            &[],
            &[
                R,
                "CLINE_COMMAND_PERMISSIONS: denyAll is not a field toolgate knows; ignored",
            ],
        ),
    ];
    for (json, allow, deny, warnings) in cases {
        let imported = cline::command_permissions(&permissions(json));
        let rules = imported.config.rules.clone().unwrap_or_default();
        let for_tool = |tool: &str, patterns: &[&str]| -> Vec<String> {
            patterns
                .iter()
                .flat_map(|p| {
                    let one = |t: &str| {
                        if *p == "*" {
                            t.to_string()
                        } else {
                            format!("{t}({p})")
                        }
                    };
                    [one(tool), one("bash")]
                })
                .collect()
        };
        assert_eq!(rules.allow, for_tool("execute_command", allow), "{json}");
        assert_eq!(rules.deny, for_tool("execute_command", deny), "{json}");
        assert_eq!(imported.warnings, strings(warnings), "{json}");
    }
}

#[test]
fn clineignore_is_carried_verbatim_and_includes_are_reported() {
    let imported = cline::ignore_file(CLINEIGNORE);
    assert_eq!(imported.config.ignore_file.as_deref(), Some(CLINEIGNORE));
    assert_eq!(
        imported.warnings,
        strings(&[
            r#".clineignore line 4: "!include .gitignore" needs the text of ".gitignore" in ignoreIncludes, which the host must supply (a webview has no file system)"#,
            r#".clineignore line 6: "!include extra-ignore" needs the text of "extra-ignore" in ignoreIncludes, which the host must supply (a webview has no file system)"#,
        ])
    );
}

#[test]
fn a_cline_setup_merges_into_one_config() {
    let merged: Imported = cline::auto_approval(&settings(YOLO))
        .merge(cline::command_permissions(&permissions(
            r#"{"deny":["rm -rf *"], "allowRedirects":true}"#,
        )))
        .merge(cline::ignore_file(".env\n"));
    let c = &merged.config;
    assert!(c.auto_approval.is_some_and(|a| a.yolo_mode_toggled));
    assert_eq!(c.ignore_file.as_deref(), Some(".env\n"));
    assert_eq!(
        c.rules.as_ref().map(|r| r.deny.clone()),
        Some(strings(&["execute_command(rm -rf *)", "bash(rm -rf *)"]))
    );
    assert_eq!(merged.warnings.len(), 1, "{:?}", merged.warnings);
    Engine::new(merged.config.into_config().expect("valid")).expect("engine");
}

#[test]
fn the_import_serialises_in_the_js_config_shape() {
    let imported = cline::auto_approval(&settings(YOLO)).merge(cline::ignore_file(".env"));
    let json = serde_json::to_value(&imported.config).expect("serialises");
    assert_eq!(
        json,
        serde_json::json!({
            "ignoreFile": ".env",
            "autoApproval": {
                "yoloModeToggled": true,
                "autoApproveAllToggled": false,
                "actions": {
                    "readFiles": true, "readFilesExternally": false,
                    "editFiles": false, "editFilesExternally": false,
                    "executeSafeCommands": true, "executeAllCommands": false,
                    "useBrowser": false, "useMcp": false
                }
            }
        })
    );
}
