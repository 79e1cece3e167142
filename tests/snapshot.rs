//! Snapshots are settings with a version: they restore exactly what a user decided, through
//! JSON as a host stores them, and refuse versions they do not know.

use toolgate::engine::Engine;
use toolgate::platform::Platform;
use toolgate::policy::{ClineAutoApproval, Mode, Policy};
use toolgate::settings::{RuleEntry, Rules, Settings};
use toolgate::shell::Shell;
use toolgate::{Tier, ToolSpec};

fn decided() -> Engine {
    let mut e = Engine::new(Settings {
        workspace_roots: vec!["/ws".into(), "/other".into()],
        ignore_file: Some(".env\n!include extra\n".into()),
        ignore_includes: [("extra".to_string(), "*.pem".to_string())].into(),
        rules: Rules {
            allow: vec![
                "bash(git log *)".into(),
                RuleEntry {
                    rule: "bash(npm test *)".into(),
                    matches: vec!["npm test --watch".into()],
                    not_matches: vec!["npm publish".into()],
                },
            ],
            deny: vec!["bash(rm *)".into()],
            ..Rules::default()
        },
        tools: [("probe".to_string(), {
            let mut spec = ToolSpec::new(Tier::Exec);
            spec.command = Some("cmd".into());
            spec
        })]
        .into(),
        prompt_timeout_ms: Some(30_000),
        ..Settings::default()
    })
    .unwrap();
    e.set_mode(Mode::Write);
    e.set_override(
        "bash",
        Policy::Prompt,
        Some("host always-prompt guard".into()),
    );
    e.set_override("write", Policy::Deny, None);
    e.allow_always("read");
    e.allow_always("grep");
    e.grant_for_turn(["x".to_string()], []);
    e
}

/// Through JSON, as a host stores it, read by the settings reader.
fn through_json(snap: &Settings) -> Settings {
    let json = serde_json::to_string(snap).unwrap();
    Settings::read(&mut serde_json::Deserializer::from_str(&json)).unwrap()
}

#[test]
fn round_trip_is_exact() {
    let e = decided();
    let snap = e.snapshot();
    let restored = Engine::new(through_json(&snap)).unwrap();
    assert_eq!(restored.snapshot(), snap);
    assert_eq!(snap.version, Some(Settings::VERSION));
    assert_eq!(snap.mode, Some(Mode::Write));
    assert_eq!(snap.always_allow, ["grep", "read"]);
    assert_eq!(snap.prompt_timeout_ms, Some(30_000));
    assert_eq!(snap.rules.allow[1].not_matches, ["npm publish"]);
    assert_eq!(
        snap.override_origins.get("bash").map(String::as_str),
        Some("host always-prompt guard")
    );
    assert!(!snap.override_origins.contains_key("write"));
}

/// The snapshot's JSON, field by field: integers as integers, a rule with examples as an
/// object, a field at its default left out, turn grants absent.
#[test]
fn snapshot_json_is_golden() {
    let json = serde_json::to_value(decided().snapshot()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "version": 1,
            "workspaceRoots": ["/ws", "/other"],
            "ignoreFile": ".env\n!include extra\n",
            "ignoreIncludes": {"extra": "*.pem"},
            "ignoreFileName": ".clineignore",
            "mode": "write",
            "tools": {"probe": {"tier": "exec", "command": "cmd"}},
            "overrides": {"bash": "prompt", "write": "deny"},
            "overrideOrigins": {"bash": "host always-prompt guard"},
            "alwaysAllow": ["grep", "read"],
            "rules": {
                "allow": [
                    "bash(git log *)",
                    {"rule": "bash(npm test *)", "match": ["npm test --watch"], "notMatch": ["npm publish"]}
                ],
                "deny": ["bash(rm *)"]
            },
            "promptTimeoutMs": 30000
        })
    );
}

#[test]
fn cline_settings_survive_the_round_trip() {
    let mut e = decided();
    let mut a = ClineAutoApproval::default();
    a.actions.read_files = true;
    e.set_auto_approval(Some(a));
    let snap = e.snapshot();
    assert_eq!(snap.auto_approval, Some(a));
    let restored = Engine::new(through_json(&snap)).unwrap();
    assert_eq!(restored.auto_approval(), Some(a));
}

#[test]
fn path_settings_round_trip_as_configured() {
    for (platform, case_insensitive) in [
        (None, None),
        (Some(Platform::Macos), None),
        (Some(Platform::Windows), Some(false)),
        (None, Some(true)),
    ] {
        let config = Settings {
            workspace_roots: vec![match platform {
                Some(Platform::Windows) => "C:\\ws".to_string(),
                _ => "/ws".to_string(),
            }],
            platform,
            case_insensitive_paths: case_insensitive,
            ..Settings::default()
        };
        let snapshot = Engine::new(config).unwrap().snapshot();
        assert_eq!(snapshot.platform, platform);
        assert_eq!(snapshot.case_insensitive_paths, case_insensitive);
        let restored = Engine::new(through_json(&snapshot)).unwrap().snapshot();
        assert_eq!(
            (restored.platform, restored.case_insensitive_paths),
            (platform, case_insensitive)
        );
    }
}

#[test]
fn the_shell_round_trips() {
    for shell in [
        None,
        Some(Shell::Powershell),
        Some(Shell::Cmd),
        Some(Shell::Bash),
    ] {
        let config = Settings {
            shell,
            ..Settings::default()
        };
        let snapshot = Engine::new(config).unwrap().snapshot();
        assert_eq!(snapshot.shell, shell);
        let restored = Engine::new(through_json(&snapshot)).unwrap().snapshot();
        assert_eq!(restored.shell, shell);
    }
}

/// (version, accepted): a version this toolgate did not write is refused, naming `version`.
#[test]
fn versions() {
    let cases = [
        ("0", Some("unsupported-version")),
        ("1", None),
        ("1.5", Some("wrong-type")),
        ("2", Some("unsupported-version")),
        ("-1", Some("out-of-range")),
        ("\"1\"", Some("wrong-type")),
    ];
    for (v, refused) in cases {
        let json = format!(r#"{{"version": {v}, "mode": "yolo"}}"#);
        let r = Settings::read(&mut serde_json::Deserializer::from_str(&json))
            .and_then(|s| s.validate());
        match (r, refused) {
            (Ok(()), None) => {}
            (Err(e), Some(code)) => {
                assert_eq!((e.field.as_str(), e.code), ("version", code), "{v}: {e}")
            }
            (r, _) => panic!("{v}: {r:?}"),
        }
    }
}
