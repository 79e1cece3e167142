//! Malformed calls through the JS `Gatekeeper` (Node and headless Chromium), by class: every
//! JS type for every param role (path, optional path, command, patch, `requires_approval`),
//! the tool name and `params` themselves, getters and proxies. `check` validates first, so a
//! host that only calls `check` is gated too: each case's `check`, `explain`, `validate` and
//! `authorize` must agree, and well-formed twins stay allowed.
#![cfg(target_arch = "wasm32")]

mod wasm_support;

use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;
use wasm_support::{class, js};

fn call(target: &JsValue, method: &str, args: &[JsValue]) -> JsValue {
    let f: Function = Reflect::get(target, &method.into())
        .unwrap()
        .dyn_into()
        .unwrap();
    f.apply(target, &args.iter().collect::<Array>())
        .unwrap_or_else(|e| panic!("{method} threw {e:?}"))
}

fn text(v: &JsValue, key: &str) -> String {
    Reflect::get(v, &key.into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

const YOLO: &str =
    "{ workspaceRoots: ['/ws'], ignoreFile: '.env\\nsecrets/\\n*.pem\\n', mode: 'yolo' }";
/// Cline's "safe commands only": `requires_approval` decides.
const SAFE_ONLY: &str =
    "{ workspaceRoots: ['/ws'], autoApproval: { actions: { executeSafeCommands: true } } }";

fn gatekeeper(config: &str) -> JsValue {
    Reflect::construct(&class(), &Array::of1(&js(config))).expect("valid config")
}

/// `decision` alone, or `deny <code>` for a validation deny.
fn summary(v: &JsValue) -> String {
    match (text(v, "decision").as_str(), text(v, "step").as_str()) {
        ("deny", "validation") => format!("deny {}", text(v, "code")),
        ("deny", step) => format!("deny at {step}"),
        (decision, _) => decision.to_string(),
    }
}

/// `check` answers `want`, and `explain`, `validate` and `authorize` (no prompt installed)
/// agree with it.
async fn expect(gk: &JsValue, call_expr: &str, want: &str) {
    let c = js(call_expr);
    let verdict = call(gk, "check", std::slice::from_ref(&c));
    assert_eq!(
        summary(&verdict),
        want,
        "check({call_expr}): {}",
        text(&verdict, "reason")
    );
    assert!(
        !text(&verdict, "reason").is_empty(),
        "{call_expr}: no reason"
    );
    let explained = Reflect::get(
        &call(gk, "explain", std::slice::from_ref(&c)),
        &"verdict".into(),
    )
    .unwrap();
    assert_eq!(summary(&explained), want, "explain({call_expr})");
    let validation = call(gk, "validate", std::slice::from_ref(&c));
    let invalid = want.strip_prefix("deny ").filter(|c| !c.starts_with("at "));
    match invalid {
        Some(code) => assert_eq!(text(&validation, "code"), code, "validate({call_expr})"),
        None => assert_eq!(
            Reflect::get(&validation, &"ok".into()).unwrap(),
            JsValue::TRUE,
            "validate({call_expr})"
        ),
    }
    let outcome = JsFuture::from(call(gk, "authorize", &[c]).dyn_into::<Promise>().unwrap())
        .await
        .unwrap_or_else(|e| panic!("authorize({call_expr}) rejected {e:?}"));
    let allowed = Reflect::get(&outcome, &"allowed".into()).unwrap();
    assert_eq!(
        allowed.as_bool(),
        Some(want == "allow"),
        "authorize({call_expr})"
    );
    if invalid.is_some() {
        assert_eq!(
            text(&outcome, "decidedBy"),
            "validation",
            "authorize({call_expr})"
        );
    }
}

/// Every JS value that is not a primitive string holding valid Unicode.
const NOT_STRINGS: &[&str] = &[
    "5",
    "0",
    "-0",
    "NaN",
    "Infinity",
    "10n",
    "true",
    "false",
    "Symbol('x')",
    "() => 'src/a.rs'",
    "{}",
    "[]",
    "['src/a.rs']",
    "new String('src/a.rs')",
    "new String('')",
    "new Number(1)",
    "new Boolean(false)",
    "{ toString() { return 'src/a.rs' } }",
    "{ valueOf() { return 'src/a.rs' } }",
    "Object.create(null)",
    "new Proxy({}, {})",
    "new Proxy(new String('src/a.rs'), {})",
    "new Date(0)",
    "/src/",
    "new Map([['path', 'src/a.rs']])",
    "new Uint8Array(3)",
    "'\\uD800'",
    "'src/\\uDFFF.rs'",
    "'.e\\uDBFFnv'",
];

/// Each param role: the call with `V` in that param, the param, and a well-formed value with
/// its answer.
const ROLES: &[(&str, &str, &str, &str)] = &[
    (
        "{ tool: 'read_file', params: { path: V } }",
        "path",
        "'src/a.rs'",
        "allow",
    ),
    (
        "{ tool: 'write_to_file', params: { path: V, content: 'x' } }",
        "path",
        "'src/a.rs'",
        "allow",
    ),
    (
        "{ tool: 'ls', params: { path: V } }",
        "path",
        "'src'",
        "allow",
    ),
    (
        "{ tool: 'grep', params: { pattern: 'x', path: V } }",
        "path",
        "'src'",
        "allow",
    ),
    (
        "{ tool: 'execute_command', params: { command: V, requires_approval: false } }",
        "command",
        "'ls -la'",
        "allow",
    ),
    (
        "{ tool: 'bash', params: { command: V } }",
        "command",
        "'git status'",
        "allow",
    ),
    (
        "{ tool: 'apply_patch', params: { input: V } }",
        "input",
        "'*** Begin Patch\\n*** Add File: src/x.rs\\n+x\\n*** End Patch'",
        "allow",
    ),
];

#[wasm_bindgen_test]
async fn a_value_that_is_not_a_usable_string_is_invalid_in_every_role() {
    let gk = gatekeeper(YOLO);
    for (template, name, good, answer) in ROLES {
        expect(&gk, &template.replace('V', good), answer).await;
        for value in NOT_STRINGS {
            expect(&gk, &template.replace('V', value), "deny invalid_param").await;
        }
        // a getter that throws: toolgate cannot say what the param holds
        let getter = template.replace(
            &format!("{name}: V"),
            &format!("get {name}() {{ throw new Error('boom') }}"),
        );
        expect(&gk, &getter, "deny invalid_param").await;
    }
    // the critical step is never skipped: the string reaches it, a String object is invalid
    let rm = "{ tool: 'execute_command', params: { command: V, requires_approval: false } }";
    expect(&gk, &rm.replace('V', "'rm -rf ~'"), "prompt").await;
    for value in [
        "new String('rm -rf ~')",
        "{ toString() { return 'rm -rf ~' } }",
        "['rm', '-rf', '~']",
        "['rm -rf ~']",
    ] {
        expect(&gk, &rm.replace('V', value), "deny invalid_param").await;
    }
}

#[wasm_bindgen_test]
async fn nul_and_absence_by_role() {
    let gk = gatekeeper(YOLO);
    for (c, want) in [
        ("{ tool: 'read_file', params: { path: 'a\\u0000b' } }", "deny invalid_path"),
        ("{ tool: 'read_file', params: { path: '.env\\u0000.txt' } }", "deny invalid_path"),
        ("{ tool: 'ls', params: { path: 'src\\u0000' } }", "deny invalid_path"),
        (
            "{ tool: 'execute_command', params: { command: 'ls\\u0000; cat .env', requires_approval: false } }",
            "deny invalid_param",
        ),
        ("{ tool: 'bash', params: { command: 'echo hi\\u0000' } }", "deny invalid_param"),
        // absent, null, undefined and blank: a required param is missing (a streaming call
        // that is not ready), an optional one is absent
        ("{ tool: 'read_file' }", "deny missing_param"),
        ("{ tool: 'read_file', params: {} }", "deny missing_param"),
        ("{ tool: 'read_file', params: null }", "deny missing_param"),
        ("{ tool: 'read_file', params: undefined }", "deny missing_param"),
        ("{ tool: 'read_file', params: { path: undefined } }", "deny missing_param"),
        ("{ tool: 'read_file', params: { path: null } }", "deny missing_param"),
        ("{ tool: 'read_file', params: { path: '' } }", "deny missing_param"),
        ("{ tool: 'read_file', params: { path: ' \\n ' } }", "deny missing_param"),
        ("{ tool: 'write_to_file', params: { path: 'src/a.rs' } }", "deny missing_param"),
        ("{ tool: 'execute_command', params: { requires_approval: false } }", "deny missing_param"),
        ("{ tool: 'execute_command', params: { command: 'ls' } }", "deny missing_param"),
        ("{ tool: 'bash', params: { command: '' } }", "deny missing_param"),
        ("{ tool: 'apply_patch', params: {} }", "deny missing_param"),
        ("{ tool: 'ls' }", "allow"),
        ("{ tool: 'ls', params: { path: undefined } }", "allow"),
        ("{ tool: 'ls', params: { path: null } }", "allow"),
        ("{ tool: 'write_to_file', params: { path: 'src/a.rs', content: '' } }", "allow"),
        // params the tool does not read cannot change a verdict
        ("{ tool: 'read_file', params: { path: 'src/a.rs', other: Symbol('x'), get x() { throw 1 } } }", "allow"),
        ("{ tool: 'zzz', params: { path: 5, command: ['rm', '-rf', '/'] } }", "allow"),
    ] {
        expect(&gk, c, want).await;
    }
}

#[wasm_bindgen_test]
async fn the_tool_name_and_params_must_be_well_formed() {
    let gk = gatekeeper(YOLO);
    for tool in NOT_STRINGS.iter().copied().chain([
        "undefined",
        "null",
        "''",
        "'   '",
        "' read_file'",
        "'read_file '",
        "'read_file\\n'",
        "'read_file\\u0000'",
        "'read\\u0000_file'",
        "'read_file\\t'",
        "'read_file\\u007f'",
        "'read_file\\uD800'",
    ]) {
        expect(
            &gk,
            &format!("{{ tool: {tool}, params: {{ path: '.env' }} }}"),
            "deny invalid_call",
        )
        .await;
    }
    for c in [
        "{ params: { path: 'src/a.rs' } }",
        "Object.create({ tool: 'read_file', params: { path: 'src/a.rs' } })",
        "{ get tool() { throw new Error('boom') } }",
        "{ tool: 'read_file', get params() { throw new Error('boom') } }",
        "new Proxy({}, { getOwnPropertyDescriptor() { throw new Error('trap') } })",
        "(() => { const p = Proxy.revocable({ tool: 'ls' }, {}); p.revoke(); return p.proxy })()",
    ] {
        expect(&gk, c, "deny invalid_call").await;
    }
    for params in [
        "5",
        "'path'",
        "true",
        "10n",
        "Symbol('p')",
        "() => ({ path: 'src/a.rs' })",
        "[]",
        "[['path', 'src/a.rs']]",
    ] {
        expect(
            &gk,
            &format!("{{ tool: 'read_file', params: {params} }}"),
            "deny invalid_call",
        )
        .await;
    }
    for params in [
        "new Proxy({ path: 'src/a.rs' }, { get() { throw new Error('trap') } })",
        "new Proxy({ path: 'src/a.rs' }, { getOwnPropertyDescriptor() { throw new Error('trap') } })",
        "(() => { const p = Proxy.revocable({ path: 'src/a.rs' }, {}); p.revoke(); return p.proxy })()",
    ] {
        expect(&gk, &format!("{{ tool: 'read_file', params: {params} }}"), "deny invalid_param").await;
    }
    // a field only a prototype supplies: toolgate does not read it, the host's `params.path`
    // would, so the call cannot be judged
    for c in [
        "{ tool: 'read_file', params: Object.create({ path: 'src/a.rs' }) }",
        "{ tool: 'ls', params: Object.create({ path: '.env' }) }",
        "{ tool: 'ls', params: new (class { get path() { return '.env' } }) }",
        "{ tool: 'grep', params: Object.assign(Object.create({ path: 'secrets' }), { pattern: 'x' }) }",
        "{ tool: 'bash', params: Object.create({ command: 'cat .env' }) }",
        "{ tool: 'execute_command', params: Object.assign(Object.create({ requires_approval: false }), { command: 'ls' }) }",
        "{ tool: 'read_file', params: Object.assign(Object.create({ requires_approval: 'false' }), { path: 'src/a.rs' }) }",
        "{ tool: 'ls', params: new Proxy({}, { get: () => '.env' }) }",
    ] {
        expect(&gk, c, "deny invalid_param").await;
    }
    for c in [
        "{ tool: 'ls', __proto__: { params: { path: '.env' } } }",
        "{ __proto__: { tool: 'ls' }, params: {} }",
    ] {
        expect(&gk, c, "deny invalid_call").await;
    }
    // well-formed twins: a proxy that reads through, an own getter, a class instance
    for (c, want) in [
        ("{ tool: 'read_file', params: new Proxy({ path: 'src/a.rs' }, {}) }", "allow"),
        ("{ tool: 'read_file', params: new Proxy({ path: '.env' }, {}) }", "deny ignored_path"),
        ("{ tool: 'read_file', params: { get path() { return 'src/a.rs' } } }", "allow"),
        ("new (class { constructor() { this.tool = 'read_file'; this.params = { path: 'src/a.rs' } } })", "allow"),
    ] {
        expect(&gk, c, want).await;
    }
}

#[wasm_bindgen_test]
async fn requires_approval_claims_safety_only_as_false() {
    let gk = gatekeeper(SAFE_ONLY);
    let c = |v: &str| {
        format!(
            "{{ tool: 'execute_command', params: {{ command: 'ls', requires_approval: {v} }} }}"
        )
    };
    for v in ["false", "'false'", "' FALSE '"] {
        expect(&gk, &c(v), "allow").await;
    }
    for v in [
        "true",
        "'true'",
        "0",
        "'0'",
        "'no'",
        "NaN",
        "new Boolean(false)",
        "new String('false')",
        "{}",
        "[]",
        "[false]",
        "Symbol('false')",
        "() => false",
        "'fals\\uD800e'",
    ] {
        expect(&gk, &c(v), "prompt").await;
    }
    for v in ["undefined", "null", "''", "'  '"] {
        expect(&gk, &c(v), "deny missing_param").await;
    }
    expect(
        &gk,
        "{ tool: 'execute_command', params: { command: 'ls', get requires_approval() { throw new Error('boom') } } }",
        "deny invalid_param",
    )
    .await;
}

#[wasm_bindgen_test]
fn each_param_is_read_once_per_call() {
    let gk = gatekeeper(YOLO);
    // A getter that answers differently on each read: check judges the one value it read,
    // and validates that same value.
    let setup = js(
        "(() => { const s = { reads: 0 }; s.call = { tool: 'read_file', params: { get path() { s.reads++; return s.reads % 2 ? 'src/a.rs' : '.env' } } }; return s })()",
    );
    let c = Reflect::get(&setup, &"call".into()).unwrap();
    let reads = || {
        Reflect::get(&setup, &"reads".into())
            .unwrap()
            .as_f64()
            .unwrap()
    };
    let first = call(&gk, "check", std::slice::from_ref(&c));
    assert_eq!(reads(), 1.0);
    assert_eq!(summary(&first), "allow");
    let second = call(&gk, "check", std::slice::from_ref(&c));
    assert_eq!(reads(), 2.0);
    assert_eq!(summary(&second), "deny ignored_path");
    let validation = call(&gk, "validate", std::slice::from_ref(&c));
    assert_eq!(reads(), 3.0);
    assert_eq!(
        Reflect::get(&validation, &"ok".into()).unwrap(),
        JsValue::TRUE
    );
    let _ = call(&gk, "authorize", &[c]);
    assert_eq!(reads(), 4.0);
    // still sane: nothing was poisoned by the callers' getters and traps
    let v = call(
        &gk,
        "check",
        &[js("{ tool: 'read_file', params: { path: 'src/a.rs' } }")],
    );
    assert_eq!(summary(&v), "allow");
}
