//! MCP identity and the new importers through the JS API, in Node and headless Chromium:
//! rules naming servers and tools, verdicts and approval requests carrying `mcp`, an "always"
//! answer persisting one server's tool, malformed names refused, and importClineMcp,
//! importGemini and importCodex (the import facade's free functions) giving configs a
//! Gatekeeper accepts.
#![cfg(target_arch = "wasm32")]

use js_sys::Reflect;
use toolgate::wasm::{import, Gatekeeper};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

mod wasm_support;
use wasm_support::{get, js, json};

fn text(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_default()
}

fn mcp(server: &str, tool: &str) -> String {
    format!("{{ tool: 'use_mcp_tool', params: {{ server_name: '{server}', tool_name: '{tool}', arguments: '{{}}' }} }}")
}

#[wasm_bindgen_test]
fn rules_name_servers_and_tools() {
    let gk = Gatekeeper::new(js("{
        mode: 'always-ask',
        rules: {
            allow: ['mcp(docs)', 'mcp(github/get_*)'],
            ask: ['mcp(github/get_secret)'],
            deny: ['mcp__github__delete_repo'],
        },
    }"))
    .unwrap();
    // (call, decision, step)
    let cases = [
        (mcp("docs", "search"), "allow", "command-rule"),
        (mcp("github", "get_issue"), "allow", "command-rule"),
        (mcp("github", "get_secret"), "prompt", "command-rule"),
        (mcp("github", "delete_repo"), "deny", "deny-rule"),
        (mcp("GitHub", "DELETE_REPO"), "deny", "deny-rule"),
        (mcp("github", "create_issue"), "prompt", "policy"),
        (mcp("Docs", "search"), "prompt", "policy"),
        (
            "{ tool: 'mcp__docs__search', params: {} }".into(),
            "allow",
            "command-rule",
        ),
        (
            "{ tool: 'access_mcp_resource', params: { server_name: 'docs', uri: 'docs://a' } }"
                .into(),
            "allow",
            "command-rule",
        ),
        (mcp("docs", "bad name"), "deny", "validation"),
        (mcp("dоcs", "search"), "deny", "validation"), // Cyrillic о
    ];
    for (call, decision, step) in cases {
        let v = gk.check(&js(&call)).unwrap();
        assert_eq!(
            (text(&v, "decision"), text(&v, "step")),
            (decision.into(), step.into()),
            "{call}: {}",
            text(&v, "reason")
        );
    }
    let v = gk.check(&js(&mcp("github", "delete_repo"))).unwrap();
    assert_eq!(
        json(&get(&v, "mcp")),
        r#"{"server":"github","tool":"delete_repo"}"#
    );
    assert_eq!(text(&v, "rule"), "mcp__github__delete_repo");
    let v = gk
        .check(&js("{ tool: 'read_file', params: { path: 'a' } }"))
        .unwrap();
    assert!(get(&v, "mcp").is_undefined());
    let x = gk.explain(&js(&mcp("github", "create_issue"))).unwrap();
    assert_eq!(
        json(&get(&get(&x, "verdict"), "mcp")),
        r#"{"server":"github","tool":"create_issue"}"#
    );
}

#[wasm_bindgen_test]
async fn always_persists_that_servers_tool() {
    let gk = Gatekeeper::new(js("{
        mode: 'always-ask',
        prompt: (req) => { globalThis.__mcpRequest = req; return 'always'; },
    }"))
    .unwrap();
    let changes = js("[]");
    gk.set_on_change(js("(c) => globalThis.__mcpChanges.push(c)"))
        .unwrap();
    Reflect::set(&js_sys::global(), &"__mcpChanges".into(), &changes).unwrap();
    let o = JsFuture::from(
        gk.authorize(js(&mcp("github", "create_issue")), JsValue::UNDEFINED)
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(text(&o, "code"), "user_always");
    let request = get(&js_sys::global(), "__mcpRequest");
    assert_eq!(
        json(&get(&request, "mcp")),
        r#"{"server":"github","tool":"create_issue"}"#
    );
    assert_eq!(
        json(&gk.always_allowed_tools().unwrap()),
        r#"["mcp(github/create_issue)"]"#
    );
    assert_eq!(
        json(&changes),
        r#"[{"kind":"alwaysAllow","tool":"mcp(github/create_issue)"}]"#
    );
    assert_eq!(
        text(
            &gk.check(&js(&mcp("github", "create_issue"))).unwrap(),
            "step"
        ),
        "always-allow"
    );
    assert_eq!(
        text(
            &gk.check(&js(&mcp("github", "delete_repo"))).unwrap(),
            "decision"
        ),
        "prompt"
    );
    assert_eq!(
        text(
            &gk.check(&js(&mcp("gitlab", "create_issue"))).unwrap(),
            "decision"
        ),
        "prompt"
    );
}

#[wasm_bindgen_test]
fn malformed_names_are_refused() {
    for config in [
        "{ rules: { deny: ['mcp(github/)'] } }",
        "{ overrides: { 'mcp(gіthub)': 'deny' } }",
        "{ alwaysAllow: ['mcp__'] }",
    ] {
        assert!(Gatekeeper::new(js(config)).is_err(), "{config}");
    }
    let gk = Gatekeeper::new(JsValue::UNDEFINED).unwrap();
    assert!(gk.set_override("mcp(github/a b)", "deny", None).is_err());
    assert!(gk.grant_for_turn(js("{ deny: ['mcp()'] }")).is_err());
    gk.set_override("mcp(github)", "deny", None).unwrap();
    assert_eq!(
        text(&gk.check(&js(&mcp("github", "x"))).unwrap(), "step"),
        "deny-override"
    );
}

#[wasm_bindgen_test]
fn importers_give_configs_a_gatekeeper_accepts() {
    let cline = import::import_cline_mcp(
        js("'{\"mcpServers\": {\"github\": {\"command\": \"npx\", \"autoApprove\": [\"get_issue\"]}, \"db\": {\"disabled\": true}}}'"),
        js("{ actions: { useMcp: true } }"),
    )
    .unwrap();
    assert_eq!(
        json(&get(&get(&cline, "config"), "overrides")),
        r#"{"mcp(db)":"deny","mcp(github/get_issue)":"allow","use_mcp_tool":"prompt"}"#
    );
    assert_eq!(json(&get(&cline, "warnings")), "[]");
    let gk = Gatekeeper::new(get(&cline, "config")).unwrap();
    assert_eq!(
        text(
            &gk.check(&js(&mcp("github", "get_issue"))).unwrap(),
            "decision"
        ),
        "allow"
    );
    assert_eq!(
        text(
            &gk.check(&js(&mcp("github", "create_issue"))).unwrap(),
            "decision"
        ),
        "prompt"
    );
    assert_eq!(
        text(&gk.check(&js(&mcp("db", "query"))).unwrap(), "decision"),
        "deny"
    );
    let off = import::import_cline_mcp(
        js("{ mcpServers: { github: { autoApprove: ['get_issue'] } } }"),
        js("{ actions: { useMcp: false } }"),
    )
    .unwrap();
    assert_eq!(
        json(&get(&get(&off, "config"), "overrides")),
        r#"{"use_mcp_tool":"prompt"}"#
    );
}

#[cfg(feature = "text-importers")]
#[wasm_bindgen_test]
fn text_importers_give_configs_a_gatekeeper_accepts() {
    let gemini = import::import_gemini(
        "[[rule]]\nmcpName = \"docs\"\ndecision = \"allow\"\npriority = 100\n\n[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"rm -rf\"\ndecision = \"deny\"\npriority = 500\n",
        js("{ mode: 'yolo' }"),
    )
    .unwrap();
    let config = get(&gemini, "config");
    assert_eq!(
        json(&get(&config, "rules")),
        r#"{"allow":["mcp(docs)"],"deny":["execute_command(rm -rf *)","bash(rm -rf *)"]}"#
    );
    assert_eq!(text(&config, "mode"), "yolo");
    let gk = Gatekeeper::new(config).unwrap();
    assert_eq!(
        text(
            &gk.check(&js("{ tool: 'bash', params: { command: 'rm -rf /' } }"))
                .unwrap(),
            "decision"
        ),
        "deny"
    );
    let err = import::import_gemini("[[rule]\n", JsValue::UNDEFINED)
        .err()
        .map(|e| json(&JsValue::from(e)));
    assert!(err.is_some());

    let codex = import::import_codex(
        "prefix_rule(pattern = [\"git\", \"push\"], decision = \"prompt\", match = [\"git push origin\"])\n",
    )
    .unwrap();
    let rules = get(&get(&codex, "config"), "rules");
    assert_eq!(
        json(&rules),
        r#"{"ask":[{"rule":"execute_command(git push *)","match":["git push origin"]},{"rule":"bash(git push *)","match":["git push origin"]}]}"#
    );
    let gk = Gatekeeper::new(get(&codex, "config")).unwrap();
    assert_eq!(
        text(
            &gk.check(&js("{ tool: 'bash', params: { command: 'git push -f' } }"))
                .unwrap(),
            "decision"
        ),
        "prompt"
    );
    assert!(import::import_codex("x = 1").is_err());
}
