//! Harness importer: mode labels, overrides with origins and the always-allow list, on a
//! fixture (tests/fixtures/import/harness-approval.json); and merging imports.

use toolgate::map::NameMap;

use toolgate::call::ToolCall;
use toolgate::engine::Engine;
use toolgate::import::harness::{self, HarnessSettings};
use toolgate::import::Imported;
use toolgate::policy::{Mode, Policy};
use toolgate::settings::Rules;
use toolgate::settings::{RuleEntry, Settings};
use toolgate::verdict::{Decision, Step};

const FIXTURE: &str = include_str!("fixtures/import/harness-approval.json");

fn parse(json: &str) -> HarnessSettings {
    serde_json::from_str(json).expect("fixture parses")
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn fixture_carries_mode_overrides_origins_and_always_allow() {
    let imported = harness::settings(&parse(FIXTURE));
    let c = &imported.config;
    assert_eq!(c.mode, Some(Mode::AlwaysAsk));
    assert_eq!(
        c.overrides,
        NameMap::from([
            ("bash".to_string(), Policy::Prompt),
            ("read".to_string(), Policy::Allow),
            ("write".to_string(), Policy::Deny),
        ])
    );
    assert_eq!(
        c.override_origins,
        NameMap::from([
            ("bash".to_string(), "host always-prompt guard".to_string()),
            ("write".to_string(), "project config".to_string()),
        ])
    );
    assert_eq!(c.always_allow, strings(&["ls", "grep"]));
    assert_eq!(
        imported.warnings,
        strings(&[
            r#"harness override for "fetch": "sometimes" is not a policy toolgate knows (expected "allow", "prompt" or "deny"); not carried over"#,
            r#"harness override origin "fetch policy" for "fetch" not carried over: its override was not carried over"#,
            r#"harness override origin "user config" for "grep" not carried over: it has no override to explain"#,
            "harness alwaysAllow: an empty tool name not carried over",
            r#"harness setting "maxTurns" is not part of the approval state toolgate knows; ignored"#,
        ])
    );
}

/// One mode label per line: the mode it must give, or the warning naming it.
#[test]
fn mode_labels() {
    #[rustfmt::skip]
    let cases: &[(&str, Option<Mode>, &[&str])] = &[
        ("always-ask",             Some(Mode::AlwaysAsk), &[]),
        ("alwaysAsk",              Some(Mode::AlwaysAsk), &[]),
        ("ApprovalMode.alwaysAsk", Some(Mode::AlwaysAsk), &[]),
        ("write",                  Some(Mode::Write), &[]),
        ("yolo",                   Some(Mode::Yolo), &[]),
        ("ApprovalMode.yolo",      Some(Mode::Yolo), &[]),
        ("unattended",             Some(Mode::Unattended), &[]),
        ("Yolo",                   None,
            &[r#"harness mode "Yolo" is not a mode toolgate knows (expected "always-ask", "write", "yolo" or "unattended"); no mode set"#]),
        ("read-only",              None,
            &[r#"harness mode "read-only" is not a mode toolgate knows (expected "always-ask", "write", "yolo" or "unattended"); no mode set"#]),
    ];
    for (label, mode, warnings) in cases {
        let imported = harness::settings(&parse(&format!(r#"{{"mode":"{label}"}}"#)));
        assert_eq!(imported.config.mode, *mode, "{label}");
        assert_eq!(imported.warnings, strings(warnings), "{label}");
    }
}

/// One override per line: the policy label, the policy it must give, or the warning.
#[test]
fn policy_labels() {
    #[rustfmt::skip]
    let cases: &[(&str, Option<Policy>, &[&str])] = &[
        ("allow",                 Some(Policy::Allow), &[]),
        ("prompt",                Some(Policy::Prompt), &[]),
        ("deny",                  Some(Policy::Deny), &[]),
        ("ApprovalPolicy.prompt", Some(Policy::Prompt), &[]),
        ("ask",                   None,
            &[r#"harness override for "bash": "ask" is not a policy toolgate knows (expected "allow", "prompt" or "deny"); not carried over"#]),
        ("DENY",                  None,
            &[r#"harness override for "bash": "DENY" is not a policy toolgate knows (expected "allow", "prompt" or "deny"); not carried over"#]),
    ];
    for (label, policy, warnings) in cases {
        let imported =
            harness::settings(&parse(&format!(r#"{{"overrides":{{"bash":"{label}"}}}}"#)));
        let got = imported.config.overrides.get("bash").copied();
        assert_eq!(got, *policy, "{label}");
        assert_eq!(imported.warnings, strings(warnings), "{label}");
    }
}

#[test]
fn empty_settings_import_nothing() {
    let imported = harness::settings(&parse("{}"));
    assert_eq!(imported, Imported::default());
    assert_eq!(
        serde_json::to_value(&imported.config).expect("serialises"),
        serde_json::json!({})
    );
}

#[test]
fn an_override_origin_appears_in_the_verdict() {
    let imported = harness::settings(&parse(FIXTURE));
    let engine = Engine::new(imported.config).expect("engine");
    let v = engine.check(
        &ToolCall::new("write")
            .with("path", "a.txt")
            .with("content", "x"),
    );
    assert_eq!(v.decision, Decision::Deny, "{v:?}");
    assert_eq!(v.step, Step::DenyOverride);
    assert_eq!(v.origin.as_deref(), Some("project config"));
    assert!(v.reason.contains("project config"), "{}", v.reason);
    // The allow override beats always-ask.
    let v = engine.check(&ToolCall::new("read").with("path", "a.txt"));
    assert_eq!(v.decision, Decision::Allow, "{v:?}");
    assert_eq!(v.step, Step::Override);
    // Always-allow carried over.
    let v = engine.check(&ToolCall::new("grep").with("pattern", "x"));
    assert_eq!(
        (v.decision, v.step),
        (Decision::Allow, Step::AlwaysAllow),
        "{v:?}"
    );
    // Everything else asks, as always-ask does.
    let v = engine.check(&ToolCall::new("glob").with("pattern", "*"));
    assert_eq!(v.decision, Decision::Prompt, "{v:?}");
}

#[test]
fn imports_serialise_in_the_js_config_shape() {
    let imported = harness::settings(&parse(
        r#"{"mode":"alwaysAsk","overrides":{"bash":"prompt"},"overrideOrigins":{"bash":"guard"},"alwaysAllow":["ls"]}"#,
    ));
    assert_eq!(
        serde_json::to_value(&imported.config).expect("serialises"),
        serde_json::json!({
            "mode": "always-ask",
            "overrides": {"bash": "prompt"},
            "overrideOrigins": {"bash": "guard"},
            "alwaysAllow": ["ls"]
        })
    );
}

// ---- merging imports ---------------------------------------------------------------------

fn import(config: Settings, warnings: &[&str]) -> Imported {
    Imported {
        config,
        warnings: strings(warnings),
    }
}

fn overrides(entries: &[(&str, Policy)]) -> NameMap<Policy> {
    entries.iter().map(|(t, p)| (t.to_string(), *p)).collect()
}

fn origins(entries: &[(&str, &str)]) -> NameMap<String> {
    entries
        .iter()
        .map(|(t, o)| (t.to_string(), o.to_string()))
        .collect()
}

fn entries(items: &[&str]) -> Vec<RuleEntry> {
    items.iter().map(|&r| r.into()).collect()
}

#[test]
fn merge_appends_lists_and_concatenates_warnings() {
    let a = import(
        Settings {
            workspace_roots: strings(&["/ws"]),
            always_allow: strings(&["ls"]),
            ignore_file: Some(".env".into()),
            rules: Rules {
                allow: entries(&["bash(git log *)"]),
                ..Rules::default()
            },
            ..Settings::default()
        },
        &["first"],
    );
    let b = import(
        Settings {
            workspace_roots: strings(&["/other", "/ws"]),
            always_allow: strings(&["grep", "ls"]),
            ignore_file: Some("*.pem\n".into()),
            rules: Rules {
                allow: entries(&["bash(git log *)", "bash(npm test)"]),
                deny: entries(&["bash(rm *)"]),
                ..Rules::default()
            },
            ..Settings::default()
        },
        &["second"],
    );
    let merged = a.merge(b);
    let c = &merged.config;
    assert_eq!(c.workspace_roots, strings(&["/ws", "/other"]));
    assert_eq!(c.always_allow, strings(&["ls", "grep"]));
    assert_eq!(c.ignore_file.as_deref(), Some(".env\n*.pem\n"));
    let rules = c.rules.clone();
    assert_eq!(rules.allow, strings(&["bash(git log *)", "bash(npm test)"]));
    assert_eq!(rules.deny, strings(&["bash(rm *)"]));
    assert_eq!(merged.warnings, strings(&["first", "second"]));
}

/// first override, second, the one kept, its origin, the warnings.
type MergeCase = (
    Policy,
    Policy,
    Policy,
    Option<&'static str>,
    &'static [&'static str],
);

/// One conflicting override per line: the first import's, the second's, the result and warning.
#[test]
fn merge_keeps_the_stricter_override_with_its_origin() {
    use Policy::*;
    #[rustfmt::skip]
    let cases: &[MergeCase] = &[
        (Allow,  Deny,   Deny,   Some("second"), &[r#"overrides.bash: "deny" replaces "allow" (the stricter one wins)"#]),
        (Deny,   Allow,  Deny,   Some("first"),  &[r#"overrides.bash: "deny" is kept over "allow" (the stricter one wins)"#]),
        (Prompt, Allow,  Prompt, Some("first"),  &[r#"overrides.bash: "prompt" is kept over "allow" (the stricter one wins)"#]),
        (Prompt, Deny,   Deny,   Some("second"), &[r#"overrides.bash: "deny" replaces "prompt" (the stricter one wins)"#]),
        (Allow,  Allow,  Allow,  Some("second"), &[]),
    ];
    for (first, second, kept, origin, warnings) in cases {
        let a = import(
            Settings {
                overrides: overrides(&[("bash", *first)]),
                override_origins: origins(&[("bash", "first")]),
                ..Settings::default()
            },
            &[],
        );
        let b = import(
            Settings {
                overrides: overrides(&[("bash", *second)]),
                override_origins: origins(&[("bash", "second")]),
                ..Settings::default()
            },
            &[],
        );
        let merged = a.merge(b);
        let case = format!("{first:?} then {second:?}");
        assert_eq!(
            merged.config.overrides,
            overrides(&[("bash", *kept)]),
            "{case}"
        );
        assert_eq!(
            merged
                .config
                .override_origins
                .get("bash")
                .map(String::as_str),
            *origin,
            "{case}"
        );
        assert_eq!(merged.warnings, strings(warnings), "{case}");
    }
}

#[test]
fn merge_reports_a_replaced_mode() {
    let a = import(
        Settings {
            mode: Some(Mode::Write),
            ..Settings::default()
        },
        &[],
    );
    let b = import(
        Settings {
            mode: Some(Mode::Yolo),
            ..Settings::default()
        },
        &[],
    );
    let merged = a.merge(b);
    assert_eq!(merged.config.mode, Some(Mode::Yolo));
    assert_eq!(
        merged.warnings,
        strings(&[r#"mode: "write" from the first import is replaced by "yolo""#])
    );
}

/// What an imported config may not hold, one per line, with the field the engine names.
#[test]
fn engine_names_the_bad_field_of_an_import() {
    #[rustfmt::skip]
    let cases: Vec<(Settings, &str, &str)> = vec![
        (Settings { override_origins: origins(&[("bash", "x")]), ..Default::default() }, "overrideOrigins.bash", "origin-without-override"),
        (Settings { overrides: overrides(&[(" ", Policy::Deny)]), ..Default::default() }, "overrides", "empty-name"),
        (Settings { rules: Rules { ask: entries(&["bash(ok)", "bash(echo ()"]), ..Default::default() }, ..Default::default() }, "rules.ask[1]", "invalid-rule"),
    ];
    for (config, field, code) in cases {
        let err = Engine::new(config).err().expect(field);
        assert_eq!((err.field.as_str(), err.code), (field, code));
    }
}

#[test]
fn an_import_leaves_defaults_for_what_it_does_not_state() {
    let config = Settings::default();
    assert_eq!(config.mode(), Mode::Yolo);
    assert_eq!(config.ignore_file_name(), ".clineignore");
    let snapshot = Engine::new(config).expect("valid").snapshot();
    assert_eq!(snapshot.mode, Some(Mode::Yolo));
    assert!(snapshot.workspace_roots.is_empty() && snapshot.rules == Rules::default());
}
