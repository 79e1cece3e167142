//! Cline importers: auto-approval settings (current and legacy), CLINE_COMMAND_PERMISSIONS and
//! .clineignore, on fixture files in tests/fixtures/import/.

use toolgate::call::ToolCall;
use toolgate::engine::Engine;
use toolgate::import::cline::{self, ClineAutoApprovalSettings, ClineCommandPermissions};
use toolgate::import::Imported;
use toolgate::policy::{ClineActions, ClineAutoApproval};
use toolgate::settings::Rules;
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
            ..ClineAutoApproval::default()
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
    let engine = Engine::new(imported.config).expect("engine");
    let v = engine.check(&ToolCall::new("read_file").with("path", "/etc/hosts"));
    assert_eq!(v.decision, Decision::Allow, "{v:?}");
    assert_eq!(v.step, Step::Policy);
    assert!(v.reason.contains("Cline YOLO mode"), "{}", v.reason);
}

#[test]
fn legacy_import_keeps_external_reads_prompting() {
    let imported = cline::auto_approval(&settings(LEGACY));
    let engine = Engine::new(imported.config).expect("engine");
    let v = engine.check(&ToolCall::new("read_file").with("path", "/etc/hosts"));
    assert_eq!(v.decision, Decision::Prompt, "{v:?}");
}

#[test]
fn command_permissions_fixture() {
    let imported = cline::command_permissions(&permissions(COMMANDS));
    let both = |patterns: &[&str]| -> Vec<String> {
        patterns
            .iter()
            .flat_map(|p| [format!("execute_command({p})"), format!("bash({p})")])
            .collect()
    };
    let mut allow_only = strings(&["execute_command", "bash"]);
    allow_only.extend(both(&[
        "npm ?*",
        "git log ?*",
        "git status",
        "gh pr view ?",
        "ls*",
    ]));
    assert_eq!(
        imported.config.rules,
        Rules {
            deny: both(&["rm -rf *", "git push --force*", "chmod ?77 *"])
                .into_iter()
                .map(Into::into)
                .collect(),
            allow_only,
            allow_redirects: true,
            ..Rules::default()
        }
    );
    assert_eq!(
        imported.warnings,
        strings(&[
            r#"CLINE_COMMAND_PERMISSIONS: deny pattern "kill (" not carried over: toolgate rules cannot contain unbalanced parentheses; this deny is NOT enforced"#,
            r#"CLINE_COMMAND_PERMISSIONS: deny pattern "" not carried over: an empty pattern matches only an empty command"#,
            r#"CLINE_COMMAND_PERMISSIONS: allow pattern "echo (hi" not carried over: toolgate rules cannot contain unbalanced parentheses; the commands it permitted are denied"#,
        ])
    );
}

/// permissions JSON, allow-list patterns, deny patterns, allowRedirects, the warnings.
type PermissionsCase = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    bool,
    &'static [&'static str],
);

/// One permissions JSON per line: the allow-list patterns and deny rules it must give (for
/// execute_command; bash always gets the same; both tools are always listed), then the exact
/// warnings.
#[test]
fn command_permissions_table() {
    let cases: &[PermissionsCase] = &[
        (
            r#"{"deny":["git push *"]}"#,
            &["*"],
            &["git push *"],
            false,
            &[],
        ),
        (r#"{"deny":["*"]}"#, &["*"], &["*"], false, &[]),
        (
            r#"{"deny":["sudo *", "sudo *"]}"#,
            &["*"],
            &["sudo *"],
            false,
            &[],
        ),
        (r#"{"deny":["rm -? *"]}"#, &["*"], &["rm -? *"], false, &[]),
        (
            r#"{"deny":["   "]}"#,
            &["*"],
            &[],
            false,
            &[
                r#"CLINE_COMMAND_PERMISSIONS: deny pattern "   " not carried over: an empty pattern matches only an empty command"#,
            ],
        ),
        (
            r#"{"deny":["echo )("]}"#,
            &["*"],
            &[],
            false,
            &[
                r#"CLINE_COMMAND_PERMISSIONS: deny pattern "echo )(" not carried over: toolgate rules cannot contain unbalanced parentheses; this deny is NOT enforced"#,
            ],
        ),
        (
            r#"{"allow":["make test"]}"#,
            &["make test"],
            &[],
            false,
            &[],
        ),
        (r#"{"allow":["npm*"]}"#, &["npm*"], &[], false, &[]),
        (r#"{"allow":["echo (a)"]}"#, &["echo (a)"], &[], false, &[]),
        (r#"{"allow":["*"]}"#, &["*"], &[], false, &[]),
        (r#"{"allow":["cargo *"]}"#, &["cargo ?*"], &[], false, &[]),
        (r#"{"allow":["npm:*"]}"#, &["npm:?*"], &[], false, &[]),
        (r#"{"allow":["ls ?"]}"#, &["ls ?"], &[], false, &[]),
        (r#"{"allow":[]}"#, &["*"], &[], false, &[]),
        (
            r#"{"allow":["ls"], "allowRedirects":true}"#,
            &["ls"],
            &[],
            true,
            &[],
        ),
        (
            r#"{"allow":["echo )"]}"#,
            &[],
            &[],
            false,
            &[
                r#"CLINE_COMMAND_PERMISSIONS: allow pattern "echo )" not carried over: toolgate rules cannot contain unbalanced parentheses; the commands it permitted are denied"#,
            ],
        ),
        (
            r#"{"allowOperators":["|", "&&"]}"#,
            &["*"],
            &[],
            false,
            &[
                r#"CLINE_COMMAND_PERMISSIONS: allowOperators "|" and "&&" has no effect: Cline does not read it either; every sub-command of a compound command is checked against the patterns"#,
            ],
        ),
        (
            r#"{"allow":"npm *", "deny":5, "allowRedirects":"yes"}"#,
            &["*"],
            &[],
            false,
            &[
                "CLINE_COMMAND_PERMISSIONS: deny is not a list: Cline ignores it, and so does the import",
                "CLINE_COMMAND_PERMISSIONS: allow is not a list: Cline ignores it, and so does the import",
                "CLINE_COMMAND_PERMISSIONS: allowRedirects is not a boolean: Cline ignores it and denies redirections, and so does the import",
            ],
        ),
        (r#"{"allow":null}"#, &["*"], &[], false, &[]),
        (
            r#"{"allow":["npm *", 3]}"#,
            &["npm ?*"],
            &["*"],
            false,
            &["CLINE_COMMAND_PERMISSIONS: allow holds a value that is not a string: Cline's check fails on every command, so every command is denied"],
        ),
        (
            r#"{"denyAll":true}"#,
            &["*"],
            &[],
            false,
            &["CLINE_COMMAND_PERMISSIONS: denyAll is not a field toolgate knows; ignored"],
        ),
    ];
    for (json, allow_only, deny, redirects, warnings) in cases {
        let imported = cline::command_permissions(&permissions(json));
        let rules = imported.config.rules.clone();
        let for_tool = |patterns: &[&str], bare_star: bool| -> Vec<String> {
            patterns
                .iter()
                .flat_map(|p| {
                    let one = |t: &str| {
                        if *p == "*" && bare_star {
                            t.to_string()
                        } else {
                            format!("{t}({p})")
                        }
                    };
                    [one("execute_command"), one("bash")]
                })
                .collect()
        };
        let mut listed = strings(&["execute_command", "bash"]);
        listed.extend(for_tool(allow_only, false));
        assert_eq!(rules.allow_only, listed, "{json}");
        assert!(rules.allow.is_empty(), "{json}");
        assert_eq!(rules.deny, for_tool(deny, true), "{json}");
        assert_eq!(rules.allow_redirects, *redirects, "{json}");
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
        c.rules.deny,
        strings(&["execute_command(rm -rf *)", "bash(rm -rf *)"])
    );
    assert!(merged.warnings.is_empty(), "{:?}", merged.warnings);
    Engine::new(merged.config).expect("engine");
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
