//! Input is read as own properties only (Node and headless Chromium). Each pollution of
//! `Object.prototype` or `Array.prototype` (a config field, a nested field, a call field) is
//! installed in JS, a transcript of every entry point that reads input is taken (constructor,
//! setters, importers, `fromSnapshot`, `check`, `authorize`), and the pollution is deleted in
//! a `finally`: the transcript must equal the one taken without it. A config whose getters or
//! proxy traps throw is an `Error` naming the field, never a trap.
#![cfg(target_arch = "wasm32")]

mod wasm_support;

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;
use wasm_support::{assert_error_naming, class, js};

/// Everything toolgate answers from input, as text: each config through the constructor,
/// every setter, the importers and `fromSnapshot`, each answered by `check` on the probes
/// (and `authorize` on a prompting one).
const TRANSCRIPT: &str = r#"async (Gatekeeper) => {
  const probes = [
    { tool: 'read_file', params: { path: 'src/a.rs' } },
    { tool: 'read_file', params: { path: '.env' } },
    { tool: 'read_file', params: { get path() { return '.env' } } },
    { tool: 'read_file', params: { path: '/etc/hosts' } },
    { tool: 'read_file', params: {} },
    { tool: 'read_file' },
    { params: { path: 'src/a.rs' } },
    { tool: 'ls', params: {} },
    { tool: 'write_to_file', params: { path: 'src/a.rs', content: 'x' } },
    { tool: 'write_to_file', params: { path: 'src/a.rs' } },
    { tool: 'apply_patch', params: {} },
    { tool: 'bash', params: {} },
    { tool: 'execute_command', params: { command: 'rm -rf ~', requires_approval: false } },
    { tool: 'execute_command', params: { command: 'npm test', requires_approval: false } },
    { tool: 'execute_command', params: { command: 'ls' } },
    { tool: 'bash', params: { command: 'cat .env' } },
    { tool: 'bash', params: { command: 'ls -la' } },
    { tool: 'browser_action', params: { action: 'launch' } },
    { tool: 'use_mcp_tool', params: { server_name: 's', tool_name: 't' } },
    { tool: 'ask_followup_question', params: { question: '?' } },
    { tool: 'zzz' },
  ];
  const out = [];
  // Plain loops, no array builtins with callbacks: Node 20's V8 can crash deoptimizing one
  // (a builtin continuation) once Array.prototype holds an element.
  const answers = async (gk) => {
    const lines = [];
    for (let i = 0; i < probes.length; i++) lines.push(JSON.stringify(gk.check(probes[i])));
    const outcome = await gk.authorize({ tool: 'write_to_file', params: { path: 'src/a.rs', content: 'x' } });
    lines.push(JSON.stringify(outcome));
    lines.push(gk.mode, JSON.stringify(gk.snapshot()), JSON.stringify(gk.turnGrants));
    lines.push(JSON.stringify(gk.alwaysAllowedTools), String(gk.overrideFor('read_file')));
    return lines.join('\n');
  };
  const run = async (label, f) => {
    try { out.push(label + '\n' + await f()); } catch (e) { out.push(label + ' threw ' + (e && e.message)); }
  };
  const base = () => ({ workspaceRoots: ['/ws'], ignoreFile: '.env\nsecrets/\n', mode: 'always-ask' });
  const configs = [
    undefined,
    {},
    base(),
    { ...base(), rules: { deny: ['bash(cat *)'], allow: [{ rule: 'bash(ls *)', match: ['ls -la'] }] } },
    { ...base(), overrides: { browser_action: 'deny' }, overrideOrigins: { browser_action: 'team' } },
    { ...base(), autoApproval: { actions: { readFiles: true } } },
    { ...base(), autoApproval: {} },
    { ...base(), tools: { zzz: { tier: 'write', required: ['x'] } }, alwaysAllow: ['ls'] },
    { ...base(), ignoreIncludes: {}, ignoreFileName: '.gate', caseInsensitivePaths: false },
    { ...base(), workspaceRoots: ['/ws', , '/other'] },
    { ...base(), alwaysAllow: [, 'ls'] },
  ];
  for (let i = 0; i < configs.length; i++) {
    const c = configs[i];
    await run('config ' + i, () => answers(new Gatekeeper(c)));
  }
  const setters = [
    ['setRules', [{}]],
    ['setRules', [{ deny: ['bash(ls *)'] }]],
    ['setAutoApproval', [{}]],
    ['setAutoApproval', [{ actions: {} }]],
    ['setAutoApproval', [null]],
    ['grantForTurn', [{}]],
    ['grantForTurn', [{ allow: [] }]],
    ['setIgnoreFile', ['.env']],
    ['setIgnoreFile', ['.env', {}]],
    ['setWorkspaceRoots', [['/ws']]],
    ['setOverride', ['bash', 'prompt']],
  ];
  for (let i = 0; i < setters.length; i++) {
    const name = setters[i][0], args = setters[i][1];
    await run(name + JSON.stringify(args), () => {
      const gk = new Gatekeeper(base());
      gk[name].apply(gk, args);
      return answers(gk);
    });
  }
  await run('mode', () => { const gk = new Gatekeeper(base()); gk.mode = 'write'; return answers(gk); });
  const snapshot = JSON.parse(JSON.stringify(new Gatekeeper(configs[3]).snapshot()));
  await run('fromSnapshot', () => answers(Gatekeeper.fromSnapshot(snapshot)));
  await run('fromSnapshot host', () => answers(Gatekeeper.fromSnapshot(snapshot, {})));
  const imports = [
    () => Gatekeeper.importCline({}),
    () => Gatekeeper.importCline({ autoApprovalSettings: { actions: {} } }),
    () => Gatekeeper.importCline({ commandPermissions: {} }),
    () => Gatekeeper.importCline({ commandPermissions: '{}', clineignore: '.env' }),
    () => Gatekeeper.importClaudeCode({}),
    () => Gatekeeper.importClaudeCode({ allow: [] }, {}),
    () => Gatekeeper.importHarness({}),
    () => Gatekeeper.importHarness({ overrides: {} }),
  ];
  for (let i = 0; i < imports.length; i++) {
    await run('import ' + i, async () => {
      const imported = imports[i]();
      const config = Object.assign(base(), imported.config);
      return JSON.stringify(imported) + '\n' + await answers(new Gatekeeper(config));
    });
  }
  return out.join('\n\n');
}"#;

/// Runs the transcript with `target[key] = value` installed, deleting it in a `finally`.
const POLLUTED: &str = r#"async (transcript, Gatekeeper, target, key, value) => {
  const proto = target === 'Array' ? Array.prototype : Object.prototype;
  const had = Object.getOwnPropertyDescriptor(proto, key);
  proto[key] = value;
  try { return await transcript(Gatekeeper); }
  finally { if (had) Object.defineProperty(proto, key, had); else delete proto[key]; }
}"#;

/// Pollutions of the config (and of what a reader of it could trip over) that must change
/// nothing: prototype, key, a JS value meant to loosen the gate.
const POLLUTIONS: &[(&str, &str, &str)] = &[
    // config fields
    ("Object", "workspaceRoots", "['/']"),
    ("Object", "caseInsensitivePaths", "true"),
    ("Object", "ignoreFile", "''"),
    ("Object", "ignoreIncludes", "{ x: '*' }"),
    ("Object", "ignoreFileName", "'zz'"),
    ("Object", "mode", "'unattended'"),
    ("Object", "autoApproval", "{ yoloModeToggled: true }"),
    ("Object", "tools", "{ read_file: { tier: 'interaction' }, zzz: { tier: 'read' } }"),
    ("Object", "overrides", "{ execute_command: 'allow', bash: 'allow', read_file: 'allow', browser_action: 'allow', write_to_file: 'allow' }"),
    ("Object", "overrideOrigins", "{ browser_action: 'evil' }"),
    ("Object", "alwaysAllow", "['execute_command', 'bash', 'read_file', 'write_to_file', 'browser_action', 'use_mcp_tool', 'zzz']"),
    ("Object", "rules", "{ allow: ['execute_command', 'bash', 'read_file', 'write_to_file'] }"),
    ("Object", "prompt", "() => 'always'"),
    ("Object", "promptTimeoutMs", "0"),
    ("Object", "onChange", "() => { throw new Error('listener') }"),
    // nested fields
    ("Object", "allow", "['execute_command', 'bash', 'read_file', 'write_to_file']"),
    ("Object", "ask", "['bash']"),
    ("Object", "deny", "['read_file']"),
    ("Object", "rule", "'bash'"),
    ("Object", "match", "['ls']"),
    ("Object", "notMatch", "['ls -la']"),
    ("Object", "yoloModeToggled", "true"),
    ("Object", "autoApproveAllToggled", "true"),
    ("Object", "enabled", "false"),
    ("Object", "actions", "{ readFiles: true, readFilesExternally: true, editFiles: true, editFilesExternally: true, executeSafeCommands: true, executeAllCommands: true, useBrowser: true, useMcp: true }"),
    ("Object", "readFiles", "true"),
    ("Object", "editFiles", "true"),
    ("Object", "editFilesExternally", "true"),
    ("Object", "executeAllCommands", "true"),
    ("Object", "useBrowser", "true"),
    ("Object", "tier", "'read'"),
    ("Object", "required", "[]"),
    ("Object", "paths", "[]"),
    ("Object", "allowEmpty", "['path', 'content']"),
    ("Object", "version", "2"),
    ("Object", "commandPermissions", "{ allow: ['*'] }"),
    ("Object", "autoApprovalSettings", "{ yoloModeToggled: true }"),
    ("Object", "clineignore", "''"),
    ("Object", "defaultMode", "'bypassPermissions'"),
    ("Object", "additionalDirectories", "['/']"),
    ("Object", "workspaceRoot", "'/'"),
    ("Object", "home", "'/ws'"),
    ("Object", "signal", "{ aborted: true, reason: 'polluted' }"),
    // a property descriptor's fields: an accessor's descriptor has no own `value`
    ("Object", "value", "'src/a.rs'"),
    ("Object", "writable", "true"),
    // array indices fill holes
    ("Array", "0", "'execute_command'"),
    ("Array", "1", "'bash'"),
    ("Array", "2", "'read_file'"),
];

/// Pollutions of a call's fields: toolgate does not read them, but a host's `params.path`
/// would, so a call they reach is denied at validation; nothing else may change.
const CALL_POLLUTIONS: &[(&str, &str, &str)] = &[
    ("Object", "tool", "'read_file'"),
    (
        "Object",
        "params",
        "{ path: 'src/a.rs', command: 'ls', requires_approval: false, content: 'x' }",
    ),
    ("Object", "path", "'src/a.rs'"),
    ("Object", "command", "'ls'"),
    ("Object", "requires_approval", "false"),
    ("Object", "content", "'x'"),
    ("Object", "input", "'*** Begin Patch\\n*** End Patch'"),
];

#[wasm_bindgen_test]
async fn a_polluted_prototype_changes_nothing() {
    let class = class();
    let transcript: Function = js(TRANSCRIPT).dyn_into().unwrap();
    let polluted: Function = js(POLLUTED).dyn_into().unwrap();
    let take = |p: JsValue| async move {
        JsFuture::from(p.dyn_into::<Promise>().unwrap())
            .await
            .unwrap_or_else(|e| panic!("transcript threw {e:?}"))
            .as_string()
            .unwrap()
    };
    let baseline = take(transcript.call1(&JsValue::NULL, &class).unwrap()).await;
    // the transcript covers what it should: the configs answer, the bad ones throw
    assert!(baseline.contains("\"decision\":\"prompt\""), "{baseline}");
    assert!(
        baseline.contains("config 9 threw"),
        "a hole is no root: {baseline}"
    );
    assert!(!baseline.contains("config 3 threw"), "{baseline}");
    assert!(
        !baseline.contains("[object Promise]"),
        "an answer was not awaited"
    );
    let cases = POLLUTIONS
        .iter()
        .map(|p| (p, false))
        .chain(CALL_POLLUTIONS.iter().map(|p| (p, true)));
    for ((target, key, value), reaches_calls) in cases {
        let args = Array::of5(
            &transcript,
            &class,
            &(*target).into(),
            &(*key).into(),
            &js(value),
        );
        let got = take(polluted.apply(&JsValue::NULL, &args).unwrap()).await;
        // a call the pollution reaches may only become a deny at validation
        let tolerated = |line: &str| {
            reaches_calls
                && line.contains("\"decision\":\"deny\"")
                && line.contains("\"step\":\"validation\"")
                && !line.contains("\"allowed\":true")
        };
        let mut changed = 0;
        assert_eq!(got.lines().count(), baseline.lines().count(), "{key}");
        for (want_line, got_line) in baseline.lines().zip(got.lines()) {
            if want_line != got_line {
                changed += 1;
                assert!(
                    tolerated(got_line),
                    "{target}.prototype.{key} = {value} changed an answer:\n  without: {want_line}\n  with:    {got_line}"
                );
            }
        }
        assert!(!reaches_calls || changed > 0, "{key}: reached no call");
        // and the pollution is gone
        let proto = js(&format!("{target}.prototype"));
        assert!(
            Reflect::get_own_property_descriptor(proto.unchecked_ref::<Object>(), &(*key).into())
                .unwrap()
                .is_undefined(),
            "{target}.prototype.{key} is still set"
        );
    }
}

const BOOM: &str = "{ throw new Error('boom') }";

/// A complete snapshot of the default config.
const SNAPSHOT: &str =
    "{ version: 1, mode: 'yolo', overrides: {}, overrideOrigins: {}, alwaysAllow: [], \
    rules: { allow: [], ask: [], deny: [] }, ignoreIncludes: {}, ignoreFileName: '.clineignore', \
    workspaceRoots: [], caseInsensitivePaths: false, tools: {} }";

#[wasm_bindgen_test]
fn throwing_getters_and_proxies_in_config_name_the_field() {
    let class = class();
    let cases: Vec<(String, &str)> = vec![
        (format!("{{ get mode() {BOOM} }}"), "mode"),
        (format!("{{ get workspaceRoots() {BOOM} }}"), "workspaceRoots"),
        (format!("{{ get prompt() {BOOM} }}"), "prompt"),
        (format!("new Proxy({{}}, {{ ownKeys() {BOOM} }})"), "config"),
        (format!("new Proxy({{ mode: 'yolo' }}, {{ get() {BOOM} }})"), "mode"),
        (format!("new Proxy({{ mode: 'yolo' }}, {{ getOwnPropertyDescriptor() {BOOM} }})"), "config"),
        ("(() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy })()".into(), "config"),
        (format!("{{ rules: {{ get allow() {BOOM} }} }}"), "rules.allow"),
        (format!("{{ rules: {{ allow: [{{ get rule() {BOOM} }}] }} }}"), "rules"),
        (format!("{{ rules: {{ deny: new Proxy([], {{ get() {BOOM} }}) }} }}"), "rules.deny"),
        (format!("{{ autoApproval: {{ get actions() {BOOM} }} }}"), "autoApproval.actions"),
        (format!("{{ autoApproval: {{ actions: {{ get readFiles() {BOOM} }} }} }}"), "autoApproval"),
        (format!("{{ tools: {{ get zzz() {BOOM} }} }}"), "tools"),
        (format!("{{ tools: {{ zzz: {{ get tier() {BOOM} }} }} }}"), "tools"),
        (format!("{{ overrides: new Proxy({{}}, {{ ownKeys() {BOOM} }}) }}"), "overrides"),
        (format!("{{ overrides: {{ get bash() {BOOM} }} }}"), "overrides"),
        (format!("{{ alwaysAllow: new Proxy(['bash'], {{ get() {BOOM} }}) }}"), "alwaysAllow"),
        (format!("{{ ignoreIncludes: {{ get a() {BOOM} }} }}"), "ignoreIncludes"),
        (
            "{ workspaceRoots: (() => { const p = Proxy.revocable([], {}); p.revoke(); return p.proxy })() }".into(),
            "workspaceRoots",
        ),
    ];
    for (config, field) in &cases {
        match Reflect::construct(&class, &Array::of1(&js(config))) {
            Ok(_) => panic!("{config} constructed"),
            Err(e) => assert_error_naming(&e, field, config),
        }
    }
    // setters, fromSnapshot and the importers: the same, and the instance is unchanged
    let gk = Reflect::construct(
        &class,
        &Array::of1(&js("{ workspaceRoots: ['/ws'], ignoreFile: '.env' }")),
    )
    .unwrap();
    let calls: Vec<(&str, Vec<String>, &str)> = vec![
        (
            "setRules",
            vec![format!("{{ get deny() {BOOM} }}")],
            "rules.deny",
        ),
        (
            "setRules",
            vec![format!("new Proxy({{}}, {{ ownKeys() {BOOM} }})")],
            "rules",
        ),
        (
            "setAutoApproval",
            vec![format!("new Proxy({{}}, {{ ownKeys() {BOOM} }})")],
            "autoApproval",
        ),
        (
            "grantForTurn",
            vec![format!("{{ get allow() {BOOM} }}")],
            "grants.allow",
        ),
        (
            "setIgnoreFile",
            vec!["'.env'".into(), format!("{{ get a() {BOOM} }}")],
            "ignoreIncludes",
        ),
        (
            "setWorkspaceRoots",
            vec![format!("new Proxy(['/x'], {{ get() {BOOM} }})")],
            "workspaceRoots",
        ),
    ];
    let invoke = |target: &JsValue, method: &str, args: &[String]| {
        let f: Function = Reflect::get(target, &method.into())
            .unwrap()
            .dyn_into()
            .unwrap();
        f.apply(target, &args.iter().map(|a| js(a)).collect::<Array>())
    };
    for (method, args, field) in &calls {
        let what = format!("{method}({})", args.join(", "));
        match invoke(&gk, method, args) {
            Ok(_) => panic!("{what} did not throw"),
            Err(e) => assert_error_naming(&e, field, &what),
        }
        let v = invoke(
            &gk,
            "check",
            &["{ tool: 'read_file', params: { path: '.env' } }".into()],
        )
        .unwrap();
        assert_eq!(
            Reflect::get(&v, &"code".into())
                .unwrap()
                .as_string()
                .as_deref(),
            Some("ignored_path"),
            "after {what}"
        );
    }
    let statics: Vec<(&str, Vec<String>, &str)> = vec![
        (
            "fromSnapshot",
            vec![format!("{{ get version() {BOOM} }}")],
            "snapshot.version",
        ),
        (
            "fromSnapshot",
            vec![format!("{{ version: 1, get mode() {BOOM} }}")],
            "snapshot",
        ),
        (
            "fromSnapshot",
            vec![format!("{{ version: 1, rules: {{ get allow() {BOOM} }} }}")],
            "snapshot.rules.allow",
        ),
        (
            "fromSnapshot",
            vec![SNAPSHOT.into(), format!("{{ get prompt() {BOOM} }}")],
            "prompt",
        ),
        (
            "importCline",
            vec![format!("{{ get autoApprovalSettings() {BOOM} }}")],
            "autoApprovalSettings",
        ),
        (
            "importCline",
            vec![format!("{{ get commandPermissions() {BOOM} }}")],
            "commandPermissions",
        ),
        (
            "importClaudeCode",
            vec![format!("{{ get allow() {BOOM} }}")],
            "permissions",
        ),
        (
            "importClaudeCode",
            vec!["{}".into(), format!("{{ get home() {BOOM} }}")],
            "context.home",
        ),
        (
            "importHarness",
            vec![format!("{{ get mode() {BOOM} }}")],
            "settings",
        ),
        (
            "importHarness",
            vec![format!("new Proxy({{}}, {{ ownKeys() {BOOM} }})")],
            "settings",
        ),
    ];
    for (method, args, field) in &statics {
        let what = format!("{method}({})", args.join(", "));
        match invoke(&class, method, args) {
            Ok(_) => panic!("{what} did not throw"),
            Err(e) => assert_error_naming(&e, field, &what),
        }
    }
}

#[wasm_bindgen_test]
fn each_config_field_is_read_once() {
    let setup = js(
        "(() => { const s = { reads: {} }; const count = (k, v) => () => { s.reads[k] = (s.reads[k] || 0) + 1; return v }; \
         s.config = Object.defineProperties({}, { \
           mode: { get: count('mode', 'always-ask'), enumerable: true }, \
           rules: { get: count('rules', { deny: ['bash(rm *)'] }), enumerable: true }, \
           tools: { get: count('tools', { t: { tier: 'read' } }), enumerable: true }, \
           autoApproval: { get: count('autoApproval', { actions: { readFiles: true } }), enumerable: true } }); \
         return s })()",
    );
    let config = Reflect::get(&setup, &"config".into()).unwrap();
    Reflect::construct(&class(), &Array::of1(&config)).expect("constructs");
    let reads = Reflect::get(&setup, &"reads".into()).unwrap();
    for key in ["mode", "rules", "tools", "autoApproval"] {
        let n = Reflect::get(&reads, &key.into()).unwrap().as_f64();
        assert_eq!(n, Some(1.0), "{key} read {n:?} times");
    }
}
