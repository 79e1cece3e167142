//! Snapshots restore exactly what a user decided, and refuse versions they do not know.

use toolgate::config::{Config, RulesConfig};
use toolgate::engine::Engine;
use toolgate::policy::{ClineAutoApproval, Mode, Policy};
use toolgate::snapshot::Snapshot;

fn decided() -> Engine {
    let mut e = Engine::new(Config {
        workspace_roots: vec!["/ws".into(), "/other".into()],
        ignore_file: Some(".env\n!include extra\n".into()),
        ignore_includes: [("extra".to_string(), "*.pem".to_string())].into(),
        rules: RulesConfig {
            allow: vec!["bash(git log *)".into()],
            ask: vec![],
            deny: vec!["bash(rm *)".into()],
            ..RulesConfig::default()
        },
        ..Config::default()
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

#[test]
fn round_trip_is_exact() {
    let e = decided();
    let snap = e.snapshot();
    let restored = Engine::new(snap.clone().into_config().unwrap()).unwrap();
    assert_eq!(restored.snapshot(), snap);
    assert_eq!(snap.version, Snapshot::VERSION);
    assert_eq!(snap.mode, "write");
    assert_eq!(snap.always_allow, ["grep", "read"]);
    assert_eq!(
        snap.override_origins.get("bash").map(String::as_str),
        Some("host always-prompt guard")
    );
    assert!(!snap.override_origins.contains_key("write"));
}

#[test]
fn cline_settings_survive_the_round_trip() {
    let mut e = decided();
    let mut a = ClineAutoApproval::default();
    a.actions.read_files = true;
    e.set_auto_approval(Some(a));
    let snap = e.snapshot();
    assert_eq!(snap.auto_approval, Some(a));
    let restored = Engine::new(snap.clone().into_config().unwrap()).unwrap();
    assert_eq!(restored.auto_approval(), Some(a));
}

#[test]
fn versions() {
    // (version, accepted)
    let cases = [
        (None, false),
        (Some(0.0), false),
        (Some(1.0), true),
        (Some(1.5), false),
        (Some(2.0), false),
    ];
    for (v, ok) in cases {
        let r = Snapshot::check_version(v);
        assert_eq!(r.is_ok(), ok, "{v:?}: {r:?}");
        if let Err(e) = r {
            assert_eq!(e.field, "snapshot.version");
        }
    }
}
