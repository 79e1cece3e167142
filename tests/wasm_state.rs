//! What a host persists, in Node and headless Chromium: snapshots that round-trip exactly,
//! version checks, one change event per change, runtime rules, importers whose config a
//! Gatekeeper accepts, and `explain` traces.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, JSON};
use toolgate::wasm::{import, Gatekeeper};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

mod wasm_support;
use wasm_support::{get, js, json};

const CONFIG: &str = "{
    workspaceRoots: ['/ws', '/other'],
    ignoreFile: '.env\\n!include extra\\n',
    ignoreIncludes: { extra: '*.pem' },
    mode: 'write',
    overrides: { bash: 'prompt', write: 'deny' },
    overrideOrigins: { bash: 'host always-prompt guard' },
    alwaysAllow: ['read', 'grep'],
    rules: { allow: ['bash(git log *)'], deny: [{ rule: 'bash(rm *)', match: ['rm -rf x'], notMatch: ['rmdir x'] }] },
    tools: { my_tool: { tier: 'read', required: ['q'] } },
}";

#[wasm_bindgen_test]
fn snapshot_round_trips_exactly() {
    let gk = Gatekeeper::new(js(CONFIG)).unwrap();
    gk.set_auto_approval(js("{ actions: { readFiles: true } }"))
        .unwrap();
    let snap = gk.snapshot().unwrap();
    // Through JSON text, as a host would store it.
    let stored = JSON::parse(&json(&snap)).unwrap();
    let restored = Gatekeeper::from_snapshot(stored, JsValue::UNDEFINED).unwrap();
    assert_eq!(json(&restored.snapshot().unwrap()), json(&snap));
    assert_eq!(get(&snap, "version").as_f64(), Some(1.0));
    assert_eq!(json(&get(&snap, "alwaysAllow")), r#"["grep","read"]"#);
    // The restored instance decides like the original.
    for call in [
        "{ tool: 'bash', params: { command: 'git log' } }",
        "{ tool: 'read_file', params: { path: 'k.pem' } }",
    ] {
        assert_eq!(
            json(&restored.check(&js(call)).unwrap()),
            json(&gk.check(&js(call)).unwrap()),
            "{call}"
        );
    }
}

#[wasm_bindgen_test]
fn snapshot_versions_are_checked() {
    // (snapshot mutation, field named in the error)
    let cases = [
        ("s.version = 2", "snapshot.version"),
        ("delete s.version", "snapshot.version"),
        ("s.version = 'one'", "snapshot.version"),
        ("s.mode = 'sometimes'", "snapshot.mode"),
        ("s.surprise = true", "snapshot"),
    ];
    let gk = Gatekeeper::new(js(CONFIG)).unwrap();
    for (mutation, field) in cases {
        let s = JSON::parse(&json(&gk.snapshot().unwrap())).unwrap();
        Function::new_with_args("s", mutation)
            .call1(&JsValue::NULL, &s)
            .unwrap();
        let thrown = Function::new_with_args("G, s", "try { G.fromSnapshot(s); return 'no throw' } catch (e) { return e instanceof Error ? e.message : 'not an Error' }")
            .call2(&JsValue::NULL, &gatekeeper_class(), &s)
            .unwrap()
            .as_string()
            .unwrap();
        assert!(thrown.contains(field), "{mutation}: {thrown}");
    }
}

/// The exported JS class, reached through an instance's constructor.
fn gatekeeper_class() -> JsValue {
    let gk: JsValue = Gatekeeper::new(JsValue::UNDEFINED).unwrap().into();
    get(&gk, "constructor")
}

#[wasm_bindgen_test]
fn every_change_fires_once() {
    let log = Array::new();
    let gk = Gatekeeper::new(js("{ mode: 'always-ask' }")).unwrap();
    let record = Closure::<dyn Fn(JsValue)>::new({
        let log = log.clone();
        move |c: JsValue| {
            log.push(&JSON::stringify(&c).unwrap());
        }
    });
    gk.set_on_change(record.as_ref().clone()).unwrap();
    gk.set_mode("write".into()).unwrap();
    gk.set_override("bash", "deny", Some("policy".into()))
        .unwrap();
    gk.clear_override("bash");
    gk.clear_override("bash"); // nothing to clear: no event
    gk.allow_always("read");
    gk.allow_always("read"); // already there: no event
    gk.revoke_always_allow("read");
    gk.grant_for_turn(js("{ allow: ['a'] }")).unwrap();
    gk.clear_turn_grants();
    gk.set_ignore_file(".env".into(), JsValue::UNDEFINED)
        .unwrap();
    gk.set_workspace_roots(js("['/ws']")).unwrap();
    gk.set_rules(js("{ allow: ['bash(ls *)'] }")).unwrap();
    gk.set_auto_approval(JsValue::NULL).unwrap();
    // Failed changes fire nothing.
    assert!(gk.set_rules(js("{ allow: ['bash(ls'] }")).is_err());
    assert!(gk.set_mode("nope".into()).is_err());
    let kinds: Vec<String> = log
        .iter()
        .map(|s| {
            let v = JSON::parse(&s.as_string().unwrap()).unwrap();
            let kind = get(&v, "kind").as_string().unwrap();
            match get(&v, "tool").as_string() {
                Some(t) => format!("{kind}:{t}"),
                None => kind,
            }
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "mode",
            "override:bash",
            "override:bash",
            "alwaysAllow:read",
            "alwaysAllowRevoked:read",
            "turnGrants",
            "turnGrants",
            "ignoreFile",
            "workspaceRoots",
            "rules",
            "autoApproval"
        ]
    );
    assert_eq!(
        json(&gk.turn_grants().unwrap()),
        r#"{"allow":[],"deny":[]}"#
    );
}

#[wasm_bindgen_test]
fn a_throwing_listener_does_not_undo_the_change() {
    let gk = Gatekeeper::new(js(
        "{ onChange: () => { throw new Error('listener broke') } }",
    ))
    .unwrap();
    gk.allow_always("bash");
    assert!(gk.is_always_allowed("bash"));
}

#[wasm_bindgen_test]
fn imported_configs_build_a_gatekeeper() {
    let claude = import::import_claude_code(
        js("{ allow: ['Bash(npm run test:*)'], deny: ['Read(./secrets/**)', 'WebFetch(domain:x.com)'], defaultMode: 'default' }"),
        js("{ workspaceRoot: '/ws' }"),
    )
    .unwrap();
    let warnings = get(&claude, "warnings");
    assert!(
        json(&warnings).contains("NOT enforced"),
        "{}",
        json(&warnings)
    );
    let gk = Gatekeeper::new(get(&claude, "config")).unwrap();
    let read = gk
        .check(&js("{ tool: 'read_file', params: { path: 'secrets/k' } }"))
        .unwrap();
    assert_eq!(get(&read, "decision").as_string().unwrap(), "deny");
    let test = gk
        .check(&js(
            "{ tool: 'bash', params: { command: 'npm run test -- --watch=false' } }",
        ))
        .unwrap();
    assert_eq!(get(&test, "decision").as_string().unwrap(), "allow");

    let cline = import::import_cline(js(
        "{ autoApprovalSettings: { actions: { readFiles: true }, maxRequests: 20 }, commandPermissions: '{\"deny\":[\"rm *\"]}', clineignore: '.env\\n' }",
    ))
    .unwrap();
    let gk = Gatekeeper::new(get(&cline, "config")).unwrap();
    assert!(gk.is_ignored(&".env".into()));
    let rm = gk.check(&js(
        "{ tool: 'execute_command', params: { command: 'rm -rf x', requires_approval: 'false' } }",
    )).unwrap();
    assert_eq!(get(&rm, "decision").as_string().unwrap(), "deny");

    let harness =
        import::import_harness(js("{ mode: 'alwaysAsk', alwaysAllow: ['read'] }")).unwrap();
    let gk = Gatekeeper::new(get(&harness, "config")).unwrap();
    assert_eq!(gk.mode(), "always-ask");
    assert!(gk.is_always_allowed("read"));
}

#[wasm_bindgen_test]
fn explain_traces_every_step() {
    let gk = Gatekeeper::new(js(
        "{ mode: 'always-ask', alwaysAllow: ['bash'], ignoreFile: '.env' }",
    ))
    .unwrap();
    let e = gk
        .explain(&js("{ tool: 'bash', params: { command: 'ls' } }"))
        .unwrap();
    let outcomes: Vec<String> = Array::from(&get(&e, "steps"))
        .iter()
        .map(|s| {
            format!(
                "{}={}",
                get(&s, "step").as_string().unwrap(),
                get(&s, "outcome").as_string().unwrap()
            )
        })
        .collect();
    assert_eq!(
        outcomes,
        [
            "deny-override=passed",
            "turn-deny=passed",
            "deny-rule=passed",
            "critical=passed",
            "override=passed",
            "turn-allow=passed",
            "command-rule=passed",
            "always-allow=decided",
            "policy=skipped"
        ]
    );
    let blocked = gk
        .explain(&js("{ tool: 'bash', params: { command: 'cat .env' } }"))
        .unwrap();
    assert_eq!(
        get(&get(&blocked, "invalid"), "code").as_string().unwrap(),
        "ignored_path"
    );
}
