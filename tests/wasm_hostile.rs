//! Hostile and malformed input across the JS boundary (Node and headless Chromium; no
//! `run_in_browser`, see wasm_gatekeeper.rs). Values are built in JS (`new Function`), so the
//! tests exercise exactly what a JS caller passes: wrong types, lone surrogates, NUL bytes,
//! megabyte strings, pathological commands, globs and ignore files.
//!
//! Every case: a clear `Error` (naming the config field) or a non-allowing answer, within a
//! generous time bound (hang detection, not a benchmark), and the same instance keeps
//! answering correctly afterwards. A Rust panic would surface as a `RuntimeError`
//! ("unreachable") and poison the instance; `sane` catches both. The fuzz corpora
//! (tests/fixtures/fuzz-seeds.json, bundled from fuzz/seeds) go through the wasm build too.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;

/// Generous: catches hangs and blow-ups, never a slow CI machine.
const BOUND_MS: f64 = 2000.0;
/// The wasm tests run an unoptimised build: the 100,000-line ignore file gets more.
const BIG_BOUND_MS: f64 = 10000.0;

fn class() -> Function {
    let seed = toolgate::wasm::Gatekeeper::new(Object::new().into())
        .unwrap_or_else(|_| panic!("an empty config must construct"));
    let instance = JsValue::from(seed);
    Reflect::get(&instance, &"constructor".into())
        .unwrap()
        .dyn_into::<Function>()
        .unwrap()
}

/// A JS value from a JS expression, e.g. `js("'\\uD800'")`.
fn js(expr: &str) -> JsValue {
    Function::new_no_args(&format!("return ({expr});"))
        .call0(&JsValue::NULL)
        .unwrap_or_else(|e| panic!("bad JS in test {expr}: {e:?}"))
}

fn construct(config: &JsValue) -> Result<JsValue, JsValue> {
    Reflect::construct(&class(), &Array::of1(config))
}

fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: Function = Reflect::get(target, &method.into())?.dyn_into()?;
    f.apply(target, &args.iter().collect::<Array>())
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

fn now() -> f64 {
    js_sys::Date::now()
}

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    timed_within(BOUND_MS, what, f)
}

fn timed_within<T>(bound: f64, what: &str, f: impl FnOnce() -> T) -> T {
    let t = now();
    let out = f();
    let ms = now() - t;
    assert!(ms < bound, "{what}: took {ms} ms (bound {bound} ms)");
    out
}

/// A thrown value is a JS `Error` (not a wasm trap) whose message names `field`.
fn assert_error_naming(thrown: &JsValue, field: &str, what: &str) {
    let err = thrown
        .dyn_ref::<js_sys::Error>()
        .unwrap_or_else(|| panic!("{what}: threw a non-Error {thrown:?}"));
    let name = String::from(err.name());
    assert_ne!(
        name, "RuntimeError",
        "{what}: a wasm trap (panic?) reached JS"
    );
    let message = String::from(err.message());
    assert!(
        message.contains(field),
        "{what}: message {message:?} does not name {field}"
    );
}

const IGNORE: &str = ".env\nsecrets/\n*.pem\n";

fn fresh() -> JsValue {
    construct(&js(&format!(
        "{{ workspaceRoots: ['/ws'], ignoreFile: {IGNORE:?}, mode: 'yolo' }}"
    )))
    .expect("valid config")
}

/// The instance still answers correctly (and has not been poisoned by a trap).
fn sane(gk: &JsValue, after: &str) {
    let ok = |expr: &str| -> JsValue {
        call(gk, "check", &[js(expr)])
            .unwrap_or_else(|e| panic!("after {after}: check threw {e:?}"))
    };
    let v = ok("{ tool: 'read_file', params: { path: 'src/a.rs' } }");
    assert_eq!(
        get(&v, "decision").as_string().as_deref(),
        Some("allow"),
        "after {after}"
    );
    let v = ok(
        "{ tool: 'execute_command', params: { command: 'rm -rf /', requires_approval: false } }",
    );
    assert_eq!(
        get(&v, "decision").as_string().as_deref(),
        Some("prompt"),
        "after {after}"
    );
    let ignored = call(gk, "isIgnored", &[".env".into()]).unwrap();
    assert_eq!(ignored.as_bool(), Some(true), "after {after}");
    let ignored = call(gk, "isIgnored", &["src/a.rs".into()]).unwrap();
    assert_eq!(ignored.as_bool(), Some(false), "after {after}");
    let valid = call(
        gk,
        "validate",
        &[js("{ tool: 'read_file', params: { path: '.env' } }")],
    )
    .unwrap();
    assert_eq!(get(&valid, "ok").as_bool(), Some(false), "after {after}");
}

/// `check` and `validate` answer within the bound without throwing; the instance stays sane.
fn answers(gk: &JsValue, call_expr: &str) {
    let c = js(call_expr);
    for method in ["check", "validate", "explain"] {
        timed(call_expr, || call(gk, method, &[c.clone()]))
            .unwrap_or_else(|e| panic!("{method}({call_expr}) threw {e:?}"));
    }
    sane(gk, call_expr);
}

/// What `sane` checks, minus "src/a.rs is not ignored" (for ignore files that ignore it).
fn sane_engine(gk: &JsValue, after: &str) {
    let v = call(gk, "check", &[js("{ tool: 'execute_command', params: { command: 'rm -rf /', requires_approval: false } }")])
        .unwrap_or_else(|e| panic!("after {after}: check threw {e:?}"));
    assert_ne!(
        get(&v, "decision").as_string().as_deref(),
        Some("allow"),
        "after {after}"
    );
    let ignored = call(gk, "isIgnored", &[".env".into()]).unwrap();
    assert_eq!(ignored.as_bool(), Some(true), "after {after}");
}

/// `check` does not allow, `validate` answers a value, neither throws a trap.
fn not_allowed(gk: &JsValue, call_expr: &str) {
    not_allowed_then(gk, call_expr, sane)
}

fn not_allowed_then(gk: &JsValue, call_expr: &str, sanity: fn(&JsValue, &str)) {
    let c = js(call_expr);
    let v = timed(call_expr, || call(gk, "check", &[c.clone()]));
    let v = v.unwrap_or_else(|e| panic!("check({call_expr}) threw {e:?}"));
    let validation = timed(call_expr, || call(gk, "validate", &[c.clone()]))
        .unwrap_or_else(|e| panic!("validate({call_expr}) threw {e:?}"));
    let decision = get(&v, "decision").as_string().unwrap_or_default();
    let valid = get(&validation, "ok").as_bool().unwrap_or(false);
    assert!(
        decision != "allow" || !valid,
        "{call_expr} is allowed (decision {decision}, valid {valid})"
    );
    if !valid {
        assert!(
            get(&validation, "code").as_string().is_some(),
            "{call_expr}: no code"
        );
        assert!(
            get(&validation, "error").as_string().is_some(),
            "{call_expr}: no error"
        );
    }
    sanity(gk, call_expr);
}

#[wasm_bindgen_test]
fn config_fields_of_the_wrong_type_throw_errors_naming_the_field() {
    let cases: &[(&str, &str)] = &[
        ("workspaceRoots", "5"),
        ("workspaceRoots", "'/ws'"),
        ("workspaceRoots", "['/ws', 3]"),
        ("workspaceRoots", "['relative/root']"),
        ("workspaceRoots", "['/ws\\u0000x']"),
        ("caseInsensitivePaths", "'yes'"),
        ("caseInsensitivePaths", "1"),
        ("ignoreFile", "42"),
        ("ignoreFile", "['.env']"),
        ("ignoreIncludes", "'x'"),
        ("ignoreIncludes", "{ a: 1 }"),
        ("ignoreFileName", "7"),
        ("ignoreFileName", "''"),
        ("ignoreFileName", "'a/b'"),
        ("mode", "3"),
        ("mode", "'turbo'"),
        ("autoApproval", "'x'"),
        ("autoApproval", "{ actions: { readFiles: 'yes' } }"),
        ("autoApproval", "{ yoloModeToggled: 1 }"),
        ("tools", "5"),
        ("tools", "{ t: { tier: 'nope' } }"),
        ("tools", "{ t: 'read' }"),
        ("tools", "{ '': { tier: 'read' } }"),
        ("overrides", "5"),
        ("overrides", "{ read_file: 'maybe' }"),
        ("overrides", "{ read_file: 1 }"),
        ("overrideOrigins", "5"),
        ("overrideOrigins", "{ read_file: 1 }"),
        ("overrideOrigins", "{ nobody: 'x' }"),
        ("alwaysAllow", "'read'"),
        ("alwaysAllow", "[1]"),
        ("rules", "5"),
        ("rules", "{ allow: 'x' }"),
        ("rules", "{ allow: ['bad(('] }"),
        ("rules", "{ allow: [5] }"),
        ("rules", "{ nope: [] }"),
        ("rules", "{ deni: ['bash(rm *)'] }"),
        (
            "rules",
            "{ deny: [{ rule: 'bash(rm *)', mtch: ['rm x'] }] }",
        ),
        ("tools", "{ t: { tier: 'exec', comand: 'cmd' } }"),
        ("prompt", "5"),
        ("prompt", "'once'"),
        ("promptTimeoutMs", "'10'"),
        ("promptTimeoutMs", "-1"),
        ("promptTimeoutMs", "Infinity"),
        ("promptTimeoutMs", "NaN"),
        ("onChange", "'x'"),
        ("bogusField", "1"),
    ];
    for (field, value) in cases {
        let config = js(&format!("{{ {field:?}: {value} }}"));
        let what = format!("{{ {field}: {value} }}");
        match timed(&what, || construct(&config)) {
            Ok(_) => panic!("{what} constructed"),
            Err(e) => assert_error_naming(&e, field, &what),
        }
    }
    for value in ["5", "'x'", "[]", "true", "() => ({})"] {
        match construct(&js(value)) {
            Ok(_) => panic!("config {value} constructed"),
            Err(e) => assert_error_naming(&e, "config", value),
        }
    }
}

#[wasm_bindgen_test]
fn setters_with_wrong_types_throw_and_change_nothing() {
    let gk = fresh();
    for (method, args, field) in [
        ("setIgnoreFile", vec![js("42")], "ignoreFile"),
        (
            "setIgnoreFile",
            vec![js("'.env'"), js("'x'")],
            "ignoreIncludes",
        ),
        ("setWorkspaceRoots", vec![js("'/ws'")], "workspaceRoots"),
        ("setWorkspaceRoots", vec![js("['rel']")], "workspaceRoots"),
        ("grantForTurn", vec![js("{ allow: 'x' }")], "grants.allow"),
        (
            "setAutoApproval",
            vec![js("{ actions: 5 }")],
            "autoApproval",
        ),
        (
            "setOverride",
            vec![js("'read_file'"), js("'sometimes'")],
            "policy",
        ),
    ] {
        let what = format!("{method}({args:?})");
        match call(&gk, method, &args) {
            Ok(_) => panic!("{what} did not throw"),
            Err(e) => assert_error_naming(&e, field, &what),
        }
        sane(&gk, &what);
    }
    match Reflect::set(&gk, &"mode".into(), &js("'turbo'")) {
        Ok(_) => {}
        Err(e) => assert_error_naming(&e, "mode", "mode = 'turbo'"),
    }
    match Reflect::set(&gk, &"prompt".into(), &js("5")) {
        Ok(_) => {}
        Err(e) => assert_error_naming(&e, "prompt", "prompt = 5"),
    }
    assert_eq!(get(&gk, "mode").as_string().as_deref(), Some("yolo"));
    sane(&gk, "setters");
}

#[wasm_bindgen_test]
fn calls_that_are_not_objects_or_have_wrong_types() {
    let gk = fresh();
    for c in [
        "undefined",
        "null",
        "5",
        "'read_file'",
        "[]",
        "['read_file', {}]",
        "() => 1",
        "{}",
        "{ tool: 5 }",
        "{ tool: null }",
        "{ tool: {} }",
        "{ tool: ['execute_command'] }",
        "{ tool: '' }",
        "{ tool: '   ' }",
        "{ tool: 'read_file', params: 5 }",
        "{ tool: 'read_file', params: 'x' }",
        "{ tool: 'read_file', params: [] }",
        "{ tool: 'read_file', params: { path: 5 } }",
        "{ tool: 'read_file', params: { path: {} } }",
        "{ tool: 'read_file', params: { path: ['.env'] } }",
        "{ tool: 'read_file', params: { path: null } }",
        "{ tool: 'read_file', params: { path: '.env' } }",
        "{ tool: 'execute_command', params: { command: 5, requires_approval: false } }",
        "{ tool: 'execute_command', params: { command: ['rm', '-rf', '/'], requires_approval: false } }",
        "{ tool: 'execute_command', params: { command: { toString() { return 'ls' } }, requires_approval: false } }",
        "{ tool: 'execute_command', params: { command: 'rm -rf /', requires_approval: 'false' } }",
        "Object.create(null)",
        "{ tool: 'read_file', params: Object.create({ path: 'inherited' }) }",
        // an own accessor is read by calling it: the path it returns is checked
        "{ tool: 'read_file', params: { get path() { return '.env' } } }",
        "{ tool: 'read_file', params: { path: new String('.env') } }",
        "{ tool: Symbol('x') }",
        "{ tool: 10n }",
        "{ tool: 'apply_patch', params: { input: 5 } }",
    ] {
        not_allowed(&gk, c);
    }
}

#[wasm_bindgen_test]
fn an_own_accessor_param_is_read_by_calling_it() {
    let gk = fresh();
    for (c, ok) in [
        (
            "{ tool: 'read_file', params: { get path() { return 'src/a.rs' } } }",
            true,
        ),
        (
            "{ tool: 'read_file', params: { get path() { return '.env' } } }",
            false,
        ),
    ] {
        let v = call(&gk, "validate", &[js(c)]).unwrap();
        assert_eq!(get(&v, "ok").as_bool(), Some(ok), "{c}");
    }
}

#[wasm_bindgen_test]
fn throwing_getters_and_proxies_do_not_poison_the_instance() {
    let gk = fresh();
    for c in [
        "{ get tool() { throw new Error('boom') } }",
        "{ tool: 'read_file', get params() { throw new Error('boom') } }",
        "{ tool: 'read_file', params: { get path() { throw new Error('boom') } } }",
        "new Proxy({}, { get() { throw new Error('trap') }, ownKeys() { throw new Error('keys') } })",
        "{ tool: 'read_file', params: new Proxy({}, { ownKeys() { throw new Error('keys') } }) }",
    ] {
        for method in ["check", "validate", "explain"] {
            // a JS exception from the caller's own getter may propagate; a trap may not
            if let Err(e) = call(&gk, method, &[js(c)]) {
                let name = e
                    .dyn_ref::<js_sys::Error>()
                    .map(|e| String::from(e.name()))
                    .unwrap_or_default();
                assert_ne!(name, "RuntimeError", "{method}({c}) trapped");
            }
            sane(&gk, c);
        }
    }
}

/// What a getter throws is described, never rethrown: an `Error` whose own `message` getter
/// throws (or is no string) still ends in a validation verdict, and the instance keeps working.
#[wasm_bindgen_test]
fn errors_with_hostile_messages_end_in_a_verdict() {
    let gk = fresh();
    for thrown in [
        "Object.defineProperty(new Error('x'), 'message', { get() { throw new Error('again') } })",
        "Object.defineProperty(new Error('x'), 'message', { get() { return { toString() { throw 1 } } } })",
        "new Proxy(new Error('x'), { get() { throw new Error('trap') } })",
    ] {
        let c = format!("{{ tool: 'read_file', get params() {{ throw {thrown} }} }}");
        for method in ["check", "explain"] {
            let v = call(&gk, method, &[js(&c)])
                .unwrap_or_else(|e| panic!("{method}({c}) threw {e:?}"));
            let verdict = if method == "check" { v } else { get(&v, "verdict") };
            assert_eq!(get(&verdict, "decision").as_string().as_deref(), Some("deny"), "{method}({c})");
        }
        let v = call(&gk, "validate", &[js(&c)]).unwrap_or_else(|e| panic!("validate({c}) threw {e:?}"));
        assert_eq!(get(&v, "ok").as_bool(), Some(false), "validate({c})");
        sane(&gk, &c);
    }
}

#[wasm_bindgen_test]
async fn authorize_denies_malformed_calls_and_never_rejects() {
    let gk = fresh();
    for c in [
        "5",
        "{ tool: 5 }",
        "{ tool: 'read_file', params: { path: 'a\\u0000b' } }",
        "{ tool: 'read_file', params: { path: '\\uD800' } }",
        "{ tool: 'read_file', params: { path: '.env' } }",
        "{ tool: 'execute_command', params: { command: 'cat .env', requires_approval: false } }",
        "{ tool: 'execute_command', params: { command: 'ls \\uDC00', requires_approval: false } }",
        "{ tool: 'execute_command', params: { command: 'rm -rf /', requires_approval: false } }",
    ] {
        let p = call(&gk, "authorize", &[js(c)])
            .unwrap_or_else(|e| panic!("authorize({c}) threw {e:?}"));
        let outcome = JsFuture::from(p.dyn_into::<js_sys::Promise>().unwrap())
            .await
            .unwrap_or_else(|e| panic!("authorize({c}) rejected {e:?}"));
        assert_eq!(get(&outcome, "allowed").as_bool(), Some(false), "{c}");
        sane(&gk, c);
    }
}

#[wasm_bindgen_test]
fn nul_bytes_and_lone_surrogates() {
    let gk = fresh();
    for path in [
        "'a\\u0000b'",
        "'.env\\u0000.txt'",
        "'\\uD800'",
        "'src/\\uDFFF.rs'",
        "'\\uD800\\uD800/.env'",
    ] {
        let ignored = call(&gk, "isIgnored", &[js(path)]).unwrap();
        assert_eq!(
            ignored.as_bool(),
            Some(true),
            "isIgnored({path}) must fail closed"
        );
        let class = call(&gk, "classifyPath", &[js(path)]).unwrap();
        assert_eq!(
            class.as_string().as_deref(),
            Some("external"),
            "classifyPath({path})"
        );
        let kept = call(&gk, "filterPaths", &[js(&format!("[{path}, 'src/a.rs']"))]).unwrap();
        assert_eq!(Array::from(&kept).length(), 1, "filterPaths drops {path}");
        let v = call(
            &gk,
            "validate",
            &[js(&format!(
                "{{ tool: 'read_file', params: {{ path: {path} }} }}"
            ))],
        )
        .unwrap();
        assert_eq!(
            get(&v, "ok").as_bool(),
            Some(false),
            "validate read_file {path}"
        );
    }
    for command in [
        "'cat a\\u0000b'",
        "'ls \\uD800'",
        "'echo \\uDBFF\\uDBFF && rm -rf /'",
    ] {
        not_allowed(&gk, &format!("{{ tool: 'execute_command', params: {{ command: {command}, requires_approval: false }} }}"));
        let v = call(
            &gk,
            "validate",
            &[js(&format!(
                "{{ tool: 'bash', params: {{ command: {command} }} }}"
            ))],
        )
        .unwrap();
        if command.contains("uD") {
            assert_eq!(get(&v, "ok").as_bool(), Some(false), "{command}");
        }
    }
    // a tool name with a lone surrogate, and surrogates in setters
    not_allowed(
        &gk,
        "{ tool: 'read_file\\uD800', params: { path: '.env' } }",
    );
    let _ = call(&gk, "setOverride", &[js("'x\\uD800'"), "deny".into()]);
    let _ = call(&gk, "allowAlways", &[js("'y\\uDC00'")]);
    let tools = Array::from(&get(&gk, "alwaysAllowedTools"));
    assert!(tools.length() <= 1);
    sane(&gk, "surrogates");
}

#[wasm_bindgen_test]
fn megabyte_names_paths_and_commands() {
    let gk = fresh();
    let mb = "'x'.repeat(1 << 20)";
    // an unknown tool is tier exec with no command param, which yolo allows: bounded only
    answers(
        &gk,
        &format!("{{ tool: {mb}, params: {{ command: 'rm -rf /' }} }}"),
    );
    not_allowed(
        &gk,
        &format!("{{ tool: 'read_file', params: {{ path: 'secrets/' + {mb} }} }}"),
    );
    not_allowed(
        &gk,
        &format!("{{ tool: 'read_file', params: {{ path: 'a/../'.repeat(200000) + '.env' }} }}"),
    );
    not_allowed(
        &gk,
        &format!("{{ tool: 'read_file', params: {{ path: 'a/'.repeat(400000) + '.env' }} }}"),
    );
    not_allowed(&gk, &format!("{{ tool: 'execute_command', params: {{ command: 'echo ' + {mb}, requires_approval: false }} }}"));
    not_allowed(&gk, &format!("{{ tool: 'execute_command', params: {{ command: 'cat .env #' + {mb}, requires_approval: false }} }}"));
    not_allowed(
        &gk,
        &format!("{{ tool: 'read_file', params: {{ [{mb}]: 'x', path: '.env' }} }}"),
    );
    let big = js(&format!("'a/'.repeat(300000) + 'b'"));
    timed("isIgnored(600 KB)", || {
        call(&gk, "isIgnored", &[big.clone()]).unwrap()
    });
    timed("filterPaths(10,000 deep paths)", || {
        call(
            &gk,
            "filterPaths",
            &[js(
                "Array.from({ length: 10000 }, (_, i) => 'a/'.repeat(50) + i)",
            )],
        )
        .unwrap()
    });
    sane(&gk, "megabyte inputs");
}

#[wasm_bindgen_test]
fn pathological_commands() {
    let gk = fresh();
    for command in [
        "Array(100000).fill('a').join(' && ')",
        "Array(100000).fill('a').join(' | ')",
        "Array(100000).fill('a').join(';')",
        "'$('.repeat(20000) + 'x' + ')'.repeat(20000)",
        "'`'.repeat(20001)",
        "'$(echo `'.repeat(10000)",
        "'('.repeat(20000)",
        "'{ '.repeat(20000)",
        "'${x:-'.repeat(20000)",
        "'<('.repeat(20000)",
        "'bash -c '.repeat(20000) + 'ls'",
        "'sudo '.repeat(20000) + 'rm -rf /'",
        "'echo \\'unterminated'",
        "'echo \"unterminated && rm -rf /'",
        "'echo $\\'unterminated'",
        "'cat <<EOF\\nno end'",
        "'&&&'",
        "'ls ' + '\\\\'.repeat(100001)",
        "'\"'.repeat(100001)",
        "'x=' + '$('.repeat(30) + 'rm -rf /' + ')'.repeat(30)",
        "'cat <<EOF\\n' + '$(rm -rf /)\\n'.repeat(5000) + 'EOF'",
    ] {
        let c = format!("{{ tool: 'execute_command', params: {{ command: {command}, requires_approval: false }} }}");
        not_allowed(&gk, &c);
        let c = format!("{{ tool: 'bash', params: {{ command: {command} }} }}");
        not_allowed(&gk, &c);
    }
}

#[wasm_bindgen_test]
fn pathological_globs_in_ignore_files_and_rules() {
    for text in [
        "'**/'.repeat(5000) + 'x'",
        "'*'.repeat(10000)",
        "'*'.repeat(10000) + 'a'",
        "'[' .repeat(5000)",
        "'{'.repeat(5000)",
        "'a{b,{c,{d}}}'",
        "'[!'.repeat(3000) + ']'",
        "'[[:alpha:]'.repeat(2000)",
        "'\\\\'.repeat(5001)",
        "Array.from({ length: 3000 }, (_, i) => '*'.repeat(i % 40) + 'x' + i).join('\\n')",
        "'!include a\\n'.repeat(1000)",
    ] {
        let config = js(&format!(
            "{{ workspaceRoots: ['/ws'], ignoreFile: {text} + '\\n' + {IGNORE:?}, ignoreIncludes: {{ a: '*.pem' }} }}"
        ));
        let gk = match timed(text, || construct(&config)) {
            Ok(gk) => gk,
            Err(e) => {
                assert_error_naming(&e, "ignoreFile", text);
                continue;
            }
        };
        timed(text, || {
            for p in ["a/b/c/x", "x", "**/x", "a/".repeat(100).as_str()] {
                call(&gk, "isIgnored", &[p.into()]).unwrap();
            }
        });
        sane_engine(&gk, text);
    }
    for pattern in [
        "'*'.repeat(10000)",
        "'**/'.repeat(3000)",
        "'['.repeat(3000)",
        "'{'.repeat(3000)",
        "'{a,'.repeat(500) + '}'.repeat(500)",
        "'a ' + '* '.repeat(5000)",
    ] {
        for tool in ["read_file", "execute_command"] {
            let config = js(&format!(
                "{{ workspaceRoots: ['/ws'], ignoreFile: {IGNORE:?}, rules: {{ allow: ['{tool}(' + {pattern} + ')'], deny: ['{tool}(' + {pattern} + ')'] }} }}"
            ));
            let what = format!("{tool}({pattern})");
            let gk = match timed(&what, || construct(&config)) {
                Ok(gk) => gk,
                Err(e) => {
                    assert_error_naming(&e, "rules", &what);
                    continue;
                }
            };
            // 2,000: a 10,000-character subject against these rules runs for minutes in the
            // unoptimised wasm build (reported; the rules' glob matching is being rewritten)
            let subject = "'a'.repeat(2000) + ' ' + '*'.repeat(2000)";
            // a pattern that does not match the subject leaves it to yolo: bounded only
            let c = js(&format!(
                "{{ tool: '{tool}', params: {{ path: {subject}, command: {subject}, requires_approval: false }} }}"
            ));
            for method in ["check", "validate"] {
                timed(&what, || call(&gk, method, &[c.clone()]))
                    .unwrap_or_else(|e| panic!("{method} after {what} threw {e:?}"));
            }
            sane_engine(&gk, &what);
        }
    }
}

#[wasm_bindgen_test]
fn a_hundred_thousand_line_ignore_file() {
    let text = "Array.from({ length: 100000 }, (_, i) => (i % 7 ? 'dir' + i + '/' : '*.ext' + i)).join('\\n')";
    let config = js(&format!(
        "{{ workspaceRoots: ['/ws'], ignoreFile: {text} + '\\n' + {IGNORE:?} }}"
    ));
    let gk = timed_within(BIG_BOUND_MS, "100,000-line ignore file", || {
        construct(&config)
    })
    .expect("constructs");
    let hit = timed("isIgnored", || {
        call(&gk, "isIgnored", &["dir1/x".into()]).unwrap()
    });
    assert_eq!(hit.as_bool(), Some(true));
    let hit = timed("isIgnored", || {
        call(&gk, "isIgnored", &["a/b.ext7".into()]).unwrap()
    });
    assert_eq!(hit.as_bool(), Some(true));
    let miss = timed("isIgnored", || {
        call(&gk, "isIgnored", &["dir0x/y".into()]).unwrap()
    });
    assert_eq!(miss.as_bool(), Some(false));
    sane(&gk, "100,000-line ignore file");
    // and replacing it at run time
    let gk = fresh();
    timed_within(BIG_BOUND_MS, "setIgnoreFile(100,000 lines)", || {
        call(
            &gk,
            "setIgnoreFile",
            &[js(&format!("{text} + '\\n' + {IGNORE:?}"))],
        )
        .unwrap()
    });
    sane(&gk, "setIgnoreFile(100,000 lines)");
}

const SEEDS: &str = include_str!("fixtures/fuzz-seeds.json");

/// Every committed fuzz seed (fuzz/seeds, bundled by fuzz/bundle-seeds.py) through the wasm
/// build: no trap, no allowed critical command, and the instance stays sane.
#[wasm_bindgen_test]
fn fuzz_corpora_through_the_wasm_build() {
    let seeds = JSON::parse(SEEDS).expect("seed bundle");
    let list = |target: &str| -> Vec<String> {
        Array::from(&get(&seeds, target))
            .iter()
            .filter_map(|v| v.as_string())
            .collect()
    };
    let gk = fresh();
    let trap = |r: &Result<JsValue, JsValue>, what: &str| {
        if let Err(e) = r {
            let name = e
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.name()))
                .unwrap_or_default();
            assert_ne!(name, "RuntimeError", "{what} trapped");
        }
    };
    let mut total = 0;
    for seed in list("ignore_diff") {
        let (file, queries) = seed.split_once('\0').unwrap_or((&seed, "a\nb/c"));
        let config = Object::new();
        Reflect::set(&config, &"ignoreFile".into(), &file.into()).unwrap();
        let r = construct(&config.into());
        trap(&r, "ignore seed");
        if let Ok(g) = r {
            let paths: Array = queries.split('\n').map(JsValue::from).collect();
            trap(
                &call(&g, "filterPaths", &[paths.clone().into()]),
                "filterPaths",
            );
            for p in paths.iter() {
                trap(&call(&g, "isIgnored", &[p]), "isIgnored");
            }
        }
        total += 1;
    }
    for seed in list("path_normalise") {
        for method in ["isIgnored", "classifyPath"] {
            trap(&call(&gk, method, &[seed.as_str().into()]), method);
        }
        let c = Object::new();
        let params = Object::new();
        Reflect::set(&params, &"path".into(), &seed.as_str().into()).unwrap();
        Reflect::set(&c, &"tool".into(), &"read_file".into()).unwrap();
        Reflect::set(&c, &"params".into(), &params).unwrap();
        trap(&call(&gk, "validate", &[c.clone().into()]), "validate");
        trap(&call(&gk, "check", &[c.into()]), "check");
        let roots = Array::of1(&seed.as_str().into());
        let r = call(&gk, "setWorkspaceRoots", &[roots.into()]);
        trap(&r, "setWorkspaceRoots");
        call(&gk, "setWorkspaceRoots", &[js("['/ws']")]).unwrap();
        total += 1;
    }
    for seed in list("shell_roundtrip") {
        for tool in ["execute_command", "bash"] {
            let c = Object::new();
            let params = Object::new();
            Reflect::set(&params, &"command".into(), &seed.as_str().into()).unwrap();
            Reflect::set(&params, &"requires_approval".into(), &JsValue::FALSE).unwrap();
            Reflect::set(&c, &"tool".into(), &tool.into()).unwrap();
            Reflect::set(&c, &"params".into(), &params).unwrap();
            trap(&call(&gk, "validate", &[c.clone().into()]), "validate");
            trap(&call(&gk, "explain", &[c.clone().into()]), "explain");
            let v = call(&gk, "check", &[c.into()]);
            trap(&v, "check");
            if let Ok(v) = v {
                if get(&v, "critical").is_string() {
                    assert_ne!(
                        get(&v, "decision").as_string().as_deref(),
                        Some("allow"),
                        "{seed:?}"
                    );
                }
            }
        }
        total += 1;
    }
    for seed in list("rules") {
        let (pattern, subject) = seed.split_once('\n').unwrap_or((&seed, "ls"));
        for tool in ["bash", "read_file"] {
            let rules = Object::new();
            let rule: JsValue = format!("{tool}({pattern})").into();
            Reflect::set(&rules, &"allow".into(), &Array::of1(&rule)).unwrap();
            let config = Object::new();
            Reflect::set(&config, &"rules".into(), &rules).unwrap();
            match construct(&config.into()) {
                Err(e) => assert_error_naming(&e, "rules", &seed),
                Ok(g) => {
                    let c = Object::new();
                    let params = Object::new();
                    Reflect::set(&params, &"command".into(), &subject.into()).unwrap();
                    Reflect::set(&params, &"path".into(), &subject.into()).unwrap();
                    Reflect::set(&c, &"tool".into(), &tool.into()).unwrap();
                    Reflect::set(&c, &"params".into(), &params).unwrap();
                    trap(&call(&g, "check", &[c.into()]), "rule check");
                }
            }
        }
        total += 1;
    }
    for seed in list("engine_call") {
        let c = JSON::parse(&seed).unwrap_or_else(|_| {
            let (tool, rest) = seed.split_once('\n').unwrap_or(("execute_command", &seed));
            let c = Object::new();
            let params = Object::new();
            Reflect::set(&params, &"command".into(), &rest.into()).unwrap();
            Reflect::set(&params, &"path".into(), &rest.into()).unwrap();
            Reflect::set(&c, &"tool".into(), &tool.into()).unwrap();
            Reflect::set(&c, &"params".into(), &params).unwrap();
            c.into()
        });
        for method in ["check", "validate", "explain", "authorize"] {
            trap(&call(&gk, method, &[c.clone()]), method);
        }
        total += 1;
    }
    // the Windows readers: a Windows workspace with no shell set reads each as PowerShell
    // and as cmd
    let windows = construct(&js(&format!(
        "{{ platform: 'windows', workspaceRoots: ['C:\\\\ws'], ignoreFile: {IGNORE:?} }}"
    )))
    .expect("valid config");
    for seed in list("windows_shells") {
        let c = Object::new();
        let params = Object::new();
        Reflect::set(&params, &"command".into(), &seed.as_str().into()).unwrap();
        Reflect::set(&params, &"requires_approval".into(), &JsValue::FALSE).unwrap();
        Reflect::set(&c, &"tool".into(), &"execute_command".into()).unwrap();
        Reflect::set(&c, &"params".into(), &params).unwrap();
        for method in ["check", "validate", "explain"] {
            trap(&call(&windows, method, &[c.clone().into()]), method);
        }
        total += 1;
    }
    assert!(total >= 150, "only {total} seeds");
    sane(&gk, "the fuzz corpora");
}

/// Fixed (native twin: `prop_regressions::many_double_star_lines_stay_fast`): 2,000 lines of
/// `**/a/**/b/**/c/**` used to stall a query on a 100-deep path for over a minute here.
#[wasm_bindgen_test]
fn many_double_star_lines_stay_fast() {
    let config = js(&format!(
        "{{ workspaceRoots: ['/ws'], ignoreFile: Array(2000).fill('**/a/**/b/**/c/**').join('\\n') + '\\n' + {IGNORE:?} }}"
    ));
    let gk = timed("2,000 `**/a/**/b/**/c/**` lines", || construct(&config)).expect("constructs");
    timed("queries", || {
        for p in ["a/b/c/x", "x", "a/".repeat(100).as_str()] {
            call(&gk, "isIgnored", &[p.into()]).unwrap();
        }
    });
}
