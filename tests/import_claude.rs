//! Claude Code importer: a settings `permissions` block, rule by rule and on a realistic
//! settings file (tests/fixtures/import/claude-settings.json).

use toolgate::call::ToolCall;
use toolgate::engine::Engine;
use toolgate::import::claude::{self, ClaudeContext, ClaudePermissions, ACCEPT_EDITS_ORIGIN};
use toolgate::policy::{Mode, Policy};
use toolgate::verdict::{Decision, Step};

const SETTINGS: &str = include_str!("fixtures/import/claude-settings.json");

// The catalogue's lists, kept in step with the catalogue by its own test.
const READ: &[&str] = toolgate::catalogue::READ_PATH_TOOLS;
const EDIT: &[&str] = toolgate::catalogue::WRITE_PATH_TOOLS;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn scoped(tools: &[&str], pattern: &str) -> Vec<String> {
    tools.iter().map(|t| format!("{t}({pattern})")).collect()
}

fn cmd(pattern: &str) -> Vec<String> {
    scoped(&["execute_command", "bash"], pattern)
}

fn fixture() -> ClaudePermissions {
    let settings: serde_json::Value = serde_json::from_str(SETTINGS).expect("fixture parses");
    serde_json::from_value(settings["permissions"].clone()).expect("permissions block")
}

#[derive(Clone, Copy, Debug)]
enum L {
    Allow,
    Ask,
    Deny,
}

const HOME: Option<&str> = Some("/home/ada");

/// Imports one rule in one list; returns that list and the warnings.
fn one(list: L, rule: &str, home: Option<&str>) -> (Vec<String>, Vec<String>) {
    let mut p = ClaudePermissions::default();
    match list {
        L::Allow => p.allow.push(rule.to_string()),
        L::Ask => p.ask.push(rule.to_string()),
        L::Deny => p.deny.push(rule.to_string()),
    }
    let ctx = ClaudeContext {
        workspace_root: None,
        home,
    };
    let imported = claude::permissions(&p, ctx);
    let rules = imported.config.rules;
    let (mine, others) = match list {
        L::Allow => (rules.allow, [rules.ask, rules.deny]),
        L::Ask => (rules.ask, [rules.allow, rules.deny]),
        L::Deny => (rules.deny, [rules.allow, rules.ask]),
    };
    assert!(others.iter().all(Vec::is_empty), "{rule}: other lists");
    let mine = mine.into_iter().map(|e| e.rule).collect();
    (mine, imported.warnings)
}

const NO_HOME: &str = "a ~/ path needs the home directory, and none was given";

/// list, rule, home, the rules it gives in that list, the warnings.
type RuleCase = (
    L,
    &'static str,
    Option<&'static str>,
    Vec<String>,
    Vec<String>,
);

#[test]
fn rules_table() {
    use L::*;
    #[rustfmt::skip]
    let cases: Vec<RuleCase> = vec![
        // Commands: verbatim, legacy prefix (stricter for allow/ask, broader for deny).
        (Allow, "Bash(npm run test:*)", None, cmd("npm run test *"), vec![]),
        (Ask,   "Bash(git push:*)",     None, cmd("git push*"), vec![]),
        (Ask,   "Bash(echo \\*)",       None, cmd("echo *"),
            strings(&["Claude Code ask rule \"Bash(echo \\*)\": toolgate has no literal \"*\"; the escaped \"\\*\" became a wildcard, so the ask matches more than in Claude Code"])),
        (Ask,   "Read(/.env)",          None, scoped(READ, ".env"), vec![]),
        (Deny,  "Bash(npm run test:*)", None, cmd("npm run test*"), vec![]),
        (Allow, "Bash(git log *)",      None, cmd("git log *"), vec![]),
        (Deny,  "Bash(git log *)",      None, cmd("git log *"), vec![]),
        (Allow, "Bash(git diff)",       None, cmd("git diff"), vec![]),
        (Allow, "Bash(ls*)",            None, cmd("ls*"), vec![]),
        (Allow, "Bash",                 None, strings(&["execute_command", "bash"]), vec![]),
        (Deny,  "Bash(*)",              None, strings(&["execute_command", "bash"]), vec![]),
        (Allow, "Bash()",               None, strings(&["execute_command", "bash"]), vec![]),
        (Allow, "Bash(echo \\(hi\\))",  None, cmd("echo (hi)"), vec![]),
        (Deny,  "Bash(curl x?y)",       None, cmd("curl x?y"),
            strings(&["Claude Code deny rule \"Bash(curl x?y)\": toolgate reads \"?\" as any one character, so the deny matches more than in Claude Code"])),
        (Allow, "Bash(curl x?y)",       None, vec![],
            strings(&["Claude Code allow rule \"Bash(curl x?y)\": not carried over: toolgate reads \"?\" in a command pattern as any one character, which would approve more than Claude Code"])),
        (Deny,  "Bash(echo \\*)",       None, cmd("echo *"),
            strings(&["Claude Code deny rule \"Bash(echo \\*)\": toolgate has no literal \"*\"; the escaped \"\\*\" became a wildcard, so the deny matches more than in Claude Code"])),
        (Allow, "Bash(echo \\*)",       None, vec![],
            strings(&["Claude Code allow rule \"Bash(echo \\*)\": not carried over: toolgate has no literal \"*\" in command patterns, and reading \"\\*\" as a wildcard would approve more than Claude Code"])),
        (Deny,  "Bash(echo \\()",       None, vec![],
            strings(&["Claude Code deny rule \"Bash(echo \\()\": not carried over: toolgate rules cannot contain unbalanced parentheses; this deny is NOT enforced"])),
        // Paths: anchors.
        (Deny,  "Read(./secrets/**)",   None, scoped(READ, "secrets/**"), vec![]),
        (Deny,  "Read(secrets/**)",     None, scoped(READ, "secrets/**"), vec![]),
        (Deny,  "Read(.env)",           None, scoped(READ, ".env"), vec![]),
        (Deny,  "Read(//etc/**)",       None, scoped(READ, "/etc/**"), vec![]),
        (Allow, "Edit(/src/**/*.ts)",   None, scoped(EDIT, "src/**/*.ts"), vec![]),
        (Deny,  "Read(/.env)",          None, scoped(READ, ".env"), vec![]),
        (Allow, "Read(/README.md)",     None, scoped(READ, "README.md"),
            strings(&["Claude Code allow rule \"Read(/README.md)\": anchored to the project root in Claude Code; toolgate's \"README.md\" also matches at any depth (gitignore has no other spelling for an anchor that is not an absolute path)"])),
        (Allow, "Write(~/notes/**)",    HOME, scoped(EDIT, "/home/ada/notes/**"), vec![]),
        (Allow, "Read(~)",              HOME, scoped(READ, "/home/ada"), vec![]),
        (Allow, "Write(~/notes/**)",    None, vec![],
            strings(&[&format!("Claude Code allow rule \"Write(~/notes/**)\": not carried over: {NO_HOME}")])),
        (Deny,  "Read(~/.ssh/**)",      None, vec![],
            strings(&[&format!("Claude Code deny rule \"Read(~/.ssh/**)\": not carried over: {NO_HOME}; this deny is NOT enforced")])),
        (Deny,  "Read(~bob/x)",         HOME, vec![],
            strings(&["Claude Code deny rule \"Read(~bob/x)\": not carried over: ~user paths are not supported (only ~/ for the user's home); this deny is NOT enforced"])),
        (Allow, "Read",                 None, strings(READ), vec![]),
        (Allow, "Read(**)",             None, strings(READ), vec![]),
        (Allow, "Edit",                 None, strings(EDIT), vec![]),
        (Allow, "MultiEdit(docs/**)",   None, scoped(EDIT, "docs/**"), vec![]),
        (Allow, "NotebookEdit(*.ipynb)", None, scoped(EDIT, "*.ipynb"), vec![]),
        (Deny,  "Edit(//etc/**)",       None, scoped(EDIT, "/etc/**"), vec![]),
        (Ask,   "Write(build/**)",      None, scoped(EDIT, "build/**"), vec![]),
        // Other tools.
        (Allow, "Glob",                 None, strings(&["glob"]), vec![]),
        (Allow, "Grep",                 None, strings(&["search_files", "grep"]), vec![]),
        (Allow, "LS",                   None, strings(&["list_files", "ls"]), vec![]),
        (Allow, "WebFetch",             None, strings(&["web_fetch", "fetch"]), vec![]),
        (Deny,  "WebSearch",            None, strings(&["web_search"]), vec![]),
        (Allow, "WebFetch(domain:example.com)", None, vec![],
            strings(&["Claude Code allow rule \"WebFetch(domain:example.com)\": not carried over: toolgate rules cannot match a fetch's domain (only paths and commands)"])),
        (Deny,  "WebFetch(domain:example.com)", None, vec![],
            strings(&["Claude Code deny rule \"WebFetch(domain:example.com)\": not carried over: toolgate rules cannot match a fetch's domain (only paths and commands); this deny is NOT enforced"])),
        (Deny,  "Grep(src/**)",         None, vec![],
            strings(&["Claude Code deny rule \"Grep(src/**)\": not carried over: Claude Code consults no specifier for Grep, and toolgate cannot express it; this deny is NOT enforced"])),
        (Allow, "mcp__github__get_issue", None, strings(&["mcp(github/get_issue)"]), vec![]),
        (Deny,  "mcp__github__delete_repo", None, strings(&["mcp(github/delete_repo)"]), vec![]),
        (Deny,  "mcp__github",          None, strings(&["mcp(github)"]), vec![]),
        (Ask,   "mcp__github__*",       None, strings(&["mcp(github)"]), vec![]),
        (Allow, "mcp__github",          None, strings(&["mcp(github)"]), vec![]),
        (Allow, "mcp__git.hub",         None, vec![],
            strings(&["Claude Code allow rule \"mcp__git.hub\": not carried over: `mcp__git.hub`: the server of mcp__server__tool must be letters, digits, `_` or `-`"])),
        (Deny,  "mcp__github__",        None, vec![],
            strings(&["Claude Code deny rule \"mcp__github__\": not carried over: the MCP tool name \"\" is empty; this deny is NOT enforced"])),
        (Allow, "mcp__github__get_issue(x)", None, vec![],
            strings(&["Claude Code allow rule \"mcp__github__get_issue(x)\": not carried over: MCP tools take no specifier"])),
        (Deny,  "Task(general-purpose)", None, vec![],
            strings(&["Claude Code deny rule \"Task(general-purpose)\": not carried over: Claude Code's Task tool has no toolgate equivalent; this deny is NOT enforced"])),
        (Allow, "Bash(ls",              None, vec![],
            strings(&["Claude Code allow rule \"Bash(ls\": not carried over: not a rule of the form Tool or Tool(specifier)"])),
        (Deny,  "",                     None, vec![],
            strings(&["Claude Code deny rule \"\": not carried over: not a rule of the form Tool or Tool(specifier); this deny is NOT enforced"])),
    ];
    for (list, rule, home, rules, warnings) in cases {
        let (got, got_warnings) = one(list, rule, home);
        assert_eq!(got, rules, "{list:?} {rule}");
        assert_eq!(got_warnings, warnings, "{list:?} {rule}");
    }
}

/// defaultMode, the mode, whether overrides appear, the warnings.
type ModeCase = (
    Option<&'static str>,
    Option<Mode>,
    bool,
    &'static [&'static str],
);

/// One defaultMode per line: the mode, whether acceptEdits' overrides appear, and the warning.
#[test]
fn default_mode_table() {
    #[rustfmt::skip]
    let cases: &[ModeCase] = &[
        (None,                      Some(Mode::Write),     false, &[]),
        (Some("default"),           Some(Mode::Write),     false, &[]),
        (Some("acceptEdits"),       Some(Mode::Write),     true,
            &["Claude Code defaultMode \"acceptEdits\": mode \"write\" with allow overrides for the write tools; Claude Code accepts edits only inside its working directories, toolgate's overrides also allow writes outside the workspace"]),
        (Some("plan"),              Some(Mode::AlwaysAsk), false,
            &["Claude Code defaultMode \"plan\": toolgate has no plan mode; mode \"always-ask\" prompts for every call, reads included, instead of refusing edits and commands"]),
        (Some("dontAsk"),           Some(Mode::AlwaysAsk), false,
            &["Claude Code defaultMode \"dontAsk\": mode \"always-ask\": toolgate denies every call that would prompt only when no prompt callback is installed, which is what dontAsk does; with one installed, the user is asked"]),
        (Some("bypassPermissions"), Some(Mode::Yolo),      false,
            &["Claude Code defaultMode \"bypassPermissions\": mode \"yolo\"; Claude Code still asks before writes to .git, .claude, .vscode and .idea, toolgate's yolo does not (it asks only about critical commands)"]),
        (Some("auto"),              Some(Mode::Write),     false,
            &["Claude Code defaultMode \"auto\": toolgate has no safety classifier; mode \"write\" runs reads and asks about the rest"]),
        (Some("turbo"),             None,                  false,
            &["Claude Code defaultMode \"turbo\" is not a mode toolgate knows; no mode set"]),
    ];
    for (label, mode, overrides, warnings) in cases {
        let p = ClaudePermissions {
            default_mode: label.map(str::to_string),
            ..ClaudePermissions::default()
        };
        let imported = claude::permissions(&p, ClaudeContext::default());
        assert_eq!(imported.config.mode, *mode, "{label:?}");
        assert_eq!(
            !imported.config.overrides.is_empty(),
            *overrides,
            "{label:?}"
        );
        assert_eq!(imported.warnings, strings(warnings), "{label:?}");
    }
}

#[test]
fn accept_edits_overrides_every_write_tool_with_its_origin() {
    let p = ClaudePermissions {
        default_mode: Some("acceptEdits".into()),
        ..ClaudePermissions::default()
    };
    let config = claude::permissions(&p, ClaudeContext::default()).config;
    let overrides = config.overrides;
    let origins = config.override_origins;
    assert_eq!(overrides.len(), EDIT.len());
    for tool in EDIT {
        assert_eq!(overrides.get(*tool), Some(&Policy::Allow), "{tool}");
        assert_eq!(
            origins.get(*tool).map(String::as_str),
            Some(ACCEPT_EDITS_ORIGIN)
        );
    }
}

/// primary root, home, additionalDirectories, the roots, the warnings.
type RootsCase = (
    Option<&'static str>,
    Option<&'static str>,
    &'static [&'static str],
    Option<&'static [&'static str]>,
    &'static [&'static str],
);

/// One additionalDirectories case per line: the primary root, home, the directories, the roots.
#[test]
fn additional_directories_table() {
    #[rustfmt::skip]
    let cases: &[RootsCase] = &[
        (Some("/w/app"), None, &[], Some(&["/w/app"]), &[]),
        (Some("/w/app"), None, &["/opt/data/"], Some(&["/w/app", "/opt/data"]), &[]),
        (Some("/w/app"), None, &["../lib", "./vendor", "/w/app"], Some(&["/w/app", "/w/lib", "/w/app/vendor"]), &[]),
        (Some("/w/app/"), HOME, &["~/notes", "~"], Some(&["/w/app/", "/home/ada/notes", "/home/ada"]), &[]),
        (Some("/w/app"), None, &["~/notes"], Some(&["/w/app"]),
            &["Claude Code additional directory \"~/notes\" not carried over: a ~/ path needs the home directory, and none was given"]),
        (None, None, &[], None, &[]),
        (None, None, &["/opt/data", "../lib"], None,
            &["Claude Code additionalDirectories \"/opt/data\" and \"../lib\" not carried over: the primary workspace root must come first, and none was given"]),
    ];
    for (root, home, dirs, roots, warnings) in cases {
        let p = ClaudePermissions {
            additional_directories: strings(dirs),
            ..ClaudePermissions::default()
        };
        let ctx = ClaudeContext {
            workspace_root: *root,
            home: *home,
        };
        let imported = claude::permissions(&p, ctx);
        assert_eq!(
            imported.config.workspace_roots,
            roots.map(strings).unwrap_or_default(),
            "{root:?} {dirs:?}"
        );
        assert_eq!(imported.warnings, strings(warnings), "{root:?} {dirs:?}");
    }
}

#[test]
fn settings_file_fixture() {
    let ctx = ClaudeContext {
        workspace_root: Some("/home/ada/proj"),
        home: Some("/home/ada"),
    };
    let imported = claude::permissions(&fixture(), ctx);
    let c = &imported.config;
    assert_eq!(c.mode, Some(Mode::Write));
    assert_eq!(
        c.workspace_roots,
        strings(&[
            "/home/ada/proj",
            "/home/ada/shared-lib",
            "/opt/data",
            "/home/ada/notes"
        ])
    );
    let rules = c.rules.clone();
    // Each list keeps its own rules, deny first in the file's own order.
    let mut deny = cmd("curl*");
    deny.extend(cmd("rm -rf *"));
    deny.extend(cmd("echo *"));
    deny.extend(scoped(READ, "secrets/**"));
    deny.extend(scoped(READ, "/etc/**"));
    deny.extend(scoped(READ, ".env"));
    deny.extend(scoped(EDIT, "/etc/**"));
    assert_eq!(rules.deny, deny);
    let mut ask = cmd("git push*");
    ask.extend(scoped(EDIT, "/home/ada/notes/**"));
    ask.extend(scoped(EDIT, "migrations/**"));
    ask.extend(strings(&["mcp(github/create_pull_request)"]));
    assert_eq!(rules.ask, ask);
    let mut allow = cmd("npm run test *");
    allow.extend(cmd("git log *"));
    allow.extend(cmd("git diff"));
    allow.extend(strings(READ));
    allow.extend(scoped(EDIT, "src/**"));
    allow.extend(scoped(EDIT, "docs/**/*.md"));
    allow.extend(scoped(READ, "README.md"));
    allow.extend(strings(&[
        "web_search",
        "mcp(github/get_issue)",
        "mcp(linear)",
    ]));
    assert_eq!(rules.allow, allow);
    assert_eq!(
        imported.warnings,
        strings(&[
            r#"Claude Code deny rule "Bash(echo \*)": toolgate has no literal "*"; the escaped "\*" became a wildcard, so the deny matches more than in Claude Code"#,
            r#"Claude Code deny rule "WebFetch(domain:evil.example)": not carried over: toolgate rules cannot match a fetch's domain (only paths and commands); this deny is NOT enforced"#,
            r#"Claude Code deny rule "Task(general-purpose)": not carried over: Claude Code's Task tool has no toolgate equivalent; this deny is NOT enforced"#,
            r#"Claude Code allow rule "Read(/README.md)": anchored to the project root in Claude Code; toolgate's "README.md" also matches at any depth (gitignore has no other spelling for an anchor that is not an absolute path)"#,
            r#"Claude Code allow rule "WebFetch(domain:docs.rs)": not carried over: toolgate rules cannot match a fetch's domain (only paths and commands)"#,
            r#"Claude Code allow rule "TodoWrite": not carried over: Claude Code's TodoWrite tool has no toolgate equivalent"#,
            r#"Claude Code defaultMode "acceptEdits": mode "write" with allow overrides for the write tools; Claude Code accepts edits only inside its working directories, toolgate's overrides also allow writes outside the workspace"#,
            r#"Claude Code defaultMode "acceptEdits": the allow overrides outrank the ask rules "Write(~/notes/**)" and "Edit(/migrations/**)" (overrides are checked before rules), so those writes run without asking"#,
            r#"Claude Code permissions.disableBypassPermissionsMode has no toolgate equivalent; ignored"#,
        ])
    );
    // The whole import builds an engine.
    Engine::new(imported.config).expect("engine");
}

fn engine_for(default_mode: &str) -> Engine {
    let p = ClaudePermissions {
        default_mode: Some(default_mode.into()),
        ..ClaudePermissions::default()
    };
    let imported = claude::permissions(&p, ClaudeContext::default());
    Engine::new(imported.config).expect("engine")
}

#[test]
fn plan_mode_makes_writes_prompt() {
    let v = engine_for("plan").check(
        &ToolCall::new("write_to_file")
            .with("path", "src/main.rs")
            .with("content", ""),
    );
    assert_eq!(v.decision, Decision::Prompt, "{v:?}");
    assert_eq!(v.step, Step::Policy);
}

#[test]
fn accept_edits_allows_writes_by_override_naming_its_origin() {
    let engine = engine_for("acceptEdits");
    let v = engine.check(
        &ToolCall::new("edit")
            .with("path", "src/lib.rs")
            .with("old_string", "a")
            .with("new_string", "b"),
    );
    assert_eq!(v.decision, Decision::Allow, "{v:?}");
    assert_eq!(v.step, Step::Override);
    assert_eq!(v.origin.as_deref(), Some(ACCEPT_EDITS_ORIGIN));
    // Commands still prompt: acceptEdits is about edits only.
    let v = engine.check(&ToolCall::new("browser_action").with("action", "launch"));
    assert_eq!(v.decision, Decision::Prompt, "{v:?}");
}

#[test]
fn bypass_permissions_is_yolo() {
    let engine = engine_for("bypassPermissions");
    let v = engine.check(
        &ToolCall::new("write")
            .with("path", "/tmp/notes.txt")
            .with("content", ""),
    );
    assert_eq!(v.decision, Decision::Allow, "{v:?}");
    // as in yolo, a write that grants execution still asks
    let v = engine.check(
        &ToolCall::new("write")
            .with("path", "/etc/hosts")
            .with("content", ""),
    );
    assert_eq!(v.decision, Decision::Prompt, "{v:?}");
}
