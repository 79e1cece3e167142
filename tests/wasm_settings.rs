//! Golden tests of the settings readers through the wasm path (Node and headless Chromium):
//! JS values in, the settings read (as `snapshot()` writes them back) or the thrown error's
//! `{ field, code }` out. The constructor, `fromSnapshot`, the setters and the importers all
//! read through one reader with the own-property rule; these tables pin what they
//! accept, what they write, and how a bad value is named.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_support;
use wasm_support::{class, js};

fn construct(config: &JsValue) -> Result<JsValue, JsValue> {
    Reflect::construct(&class(), &Array::of1(config))
}

fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = Reflect::get(target, &method.into())?.dyn_into()?;
    f.apply(target, &args.iter().collect::<Array>())
}

fn json(v: &JsValue) -> String {
    JSON::stringify(v)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// The thrown value's `field` and `code`, after checking it is an `Error` whose message is
/// `invalid settings: <field>: …`.
fn field_and_code(thrown: &JsValue, what: &str) -> (String, String) {
    let err = thrown
        .dyn_ref::<js_sys::Error>()
        .unwrap_or_else(|| panic!("{what}: threw a non-Error {thrown:?}"));
    let field = get(thrown, "field").as_string().unwrap_or_default();
    let code = get(thrown, "code").as_string().unwrap_or_default();
    let message = String::from(err.message());
    let prefix = match field.as_str() {
        "" => "invalid settings: ".to_string(),
        f => format!("invalid settings: {f}: "),
    };
    assert!(
        message.starts_with(&prefix),
        "{what}: message {message:?} does not start with {prefix:?}"
    );
    (field, code)
}

/// Config (a JS expression) → the settings as the snapshot writes them (which states the
/// mode and the ignore file's name even at their defaults).
const READ: &[(&str, &str)] = &[
    ("{}", r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo"}"#),
    ("undefined", r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo"}"#),
    // A field holding `undefined` is absent, at every level, as JSON.stringify treats it.
    (
        "{ rules: undefined, tools: undefined, workspaceRoots: undefined, overrides: undefined, typo: undefined }",
        r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo"}"#,
    ),
    (
        "{ mode: 'write', rules: { allow: ['bash(ls *)'], deny: undefined }, overrides: { read_file: undefined } }",
        r#"{"version":1,"ignoreFileName":".clineignore","mode":"write","rules":{"allow":["bash(ls *)"]}}"#,
    ),
    (
        "{ workspaceRoots: ['/ws'], mode: 'write', ignoreFile: '.env\\n' }",
        r#"{"version":1,"workspaceRoots":["/ws"],"ignoreFile":".env\n","ignoreFileName":".clineignore","mode":"write"}"#,
    ),
    ("{ mode: 'alwaysAsk' }", r#"{"version":1,"ignoreFileName":".clineignore","mode":"always-ask"}"#),
    ("{ platform: 'windows', workspaceRoots: ['C:\\\\ws'] }", r#"{"version":1,"workspaceRoots":["C:\\ws"],"platform":"windows","ignoreFileName":".clineignore","mode":"yolo"}"#),
    ("{ shell: 'cmd' }", r#"{"version":1,"shell":"cmd","ignoreFileName":".clineignore","mode":"yolo"}"#),
    (
        "{ rules: { allow: ['bash(ls *)', { rule: 'bash(npm test *)', match: ['npm test a'] }], allowRedirects: true } }",
        r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo","rules":{"allow":["bash(ls *)",{"rule":"bash(npm test *)","match":["npm test a"]}],"allowRedirects":true}}"#,
    ),
    (
        "{ tools: { my_read: { tier: 'read', paths: ['file'], patch: 'diff' } } }",
        r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo","tools":{"my_read":{"tier":"read","paths":["file"],"patch":"diff"}}}"#,
    ),
    (
        "{ overrides: { bash: 'deny' }, overrideOrigins: { bash: 'policy file' }, alwaysAllow: ['read'] }",
        r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo","overrides":{"bash":"deny"},"overrideOrigins":{"bash":"policy file"},"alwaysAllow":["read"]}"#,
    ),
    ("{ promptTimeoutMs: 2500 }", r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo","promptTimeoutMs":2500}"#),
    // Cline's own fields that do not gate are read and dropped.
    (
        "{ autoApproval: { actions: { readFiles: true }, version: 3, favorites: ['x'] } }",
        r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo","autoApproval":{"yoloModeToggled":false,"autoApproveAllToggled":false,"actions":{"readFiles":true,"readFilesExternally":false,"editFiles":false,"editFilesExternally":false,"executeSafeCommands":false,"executeAllCommands":false,"useBrowser":false,"useMcp":false}}}"#,
    ),
    // Own properties only: an inherited value is absent, a callback is not a setting.
    ("Object.assign(Object.create({ mode: 'unattended' }), { ignoreFileName: '.agentignore' })", r#"{"version":1,"ignoreFileName":".agentignore","mode":"yolo"}"#),
    ("{ prompt: async () => 'once', onChange: null }", r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo"}"#),
];

/// Config (a JS expression) → the thrown error's `field` and `code`.
const REJECT: &[(&str, &str, &str)] = &[
    ("42", "config", "wrong-type"),
    ("[]", "config", "wrong-type"),
    ("{ bogus: 1 }", "bogus", "unknown-field"),
    ("{ tools: { foo: { tier: 'read', requred: [] } } }", "tools.foo.requred", "unknown-field"),
    ("{ tools: { foo: { paths: [] } } }", "tools.foo", "missing-field"),
    ("{ tools: { foo: { tier: 'nope' } } }", "tools.foo.tier", "invalid-value"),
    ("{ rules: { allow: ['bash(ls *)', 'bash('] } }", "rules.allow[1]", "invalid-rule"),
    ("{ rules: { allow: [{ rule: 'bash(ls *)', mach: [] }] } }", "rules.allow[0].mach", "unknown-field"),
    ("{ rules: { deny: [{ match: ['x'] }] } }", "rules.deny[0]", "missing-field"),
    ("{ rules: { allow: [{ rule: 'bash(ls *)', match: ['rm x'] }] } }", "rules.allow[0]", "rule-example-failed"),
    ("{ workspaceRoots: [''] }", "workspaceRoots[0]", "empty-path"),
    ("{ workspaceRoots: '/ws' }", "workspaceRoots", "wrong-type"),
    ("{ workspaceRoots: ['/ws', 7] }", "workspaceRoots[1]", "wrong-type"),
    ("{ mode: 'fast' }", "mode", "invalid-value"),
    ("{ platform: 'beos' }", "platform", "invalid-value"),
    ("{ shell: 'fish' }", "shell", "invalid-value"),
    ("{ promptTimeoutMs: 1.5 }", "promptTimeoutMs", "wrong-type"),
    ("{ promptTimeoutMs: 2 ** 31 }", "promptTimeoutMs", "out-of-range"),
    ("{ promptTimeoutMs: -1 }", "promptTimeoutMs", "out-of-range"),
    ("{ ignoreFileName: 'sub/.x' }", "ignoreFileName", "invalid-file-name"),
    ("{ ignoreFileName: '' }", "ignoreFileName", "invalid-file-name"),
    ("{ overrides: { bash: 'sometimes' } }", "overrides.bash", "invalid-value"),
    ("{ overrideOrigins: { bash: 'x' } }", "overrideOrigins.bash", "origin-without-override"),
    ("{ alwaysAllow: 'bash' }", "alwaysAllow", "wrong-type"),
    ("{ autoApproval: { actions: { readFile: true } } }", "autoApproval.actions.readFile", "unknown-field"),
    ("{ autoApproval: { yoloModeToggled: 'yes' } }", "autoApproval.yoloModeToggled", "wrong-type"),
    ("{ ignoreIncludes: { a: 1 } }", "ignoreIncludes.a", "wrong-type"),
    ("{ prompt: 'yes' }", "prompt", "wrong-type"),
    // A read that throws is an error naming the field, not an exception through wasm.
    ("{ get mode() { throw new Error('boom'); } }", "mode", "unreadable"),
    ("{ rules: { get allow() { throw new Error('boom'); } } }", "rules.allow", "unreadable"),
    ("{ workspaceRoots: ['/ws', { toString() { return '/x'; } }] }", "workspaceRoots[1]", "wrong-type"),
    ("{ workspaceRoots: Object.defineProperty(['/ws'], 0, { get() { throw new Error('boom'); } }) }", "workspaceRoots[0]", "unreadable"),
];

#[wasm_bindgen_test]
fn the_config_reads_as_the_table_says() {
    for (config, want) in READ {
        let gk = construct(&js(config)).unwrap_or_else(|e| panic!("{config}: threw {e:?}"));
        let snapshot = call(&gk, "snapshot", &[]).expect("snapshot");
        assert_eq!(json(&snapshot), *want, "{config}");
        // What the snapshot says, it restores exactly.
        let again = call(&class(), "fromSnapshot", &[snapshot]).expect("fromSnapshot");
        assert_eq!(
            json(&call(&again, "snapshot", &[]).unwrap()),
            *want,
            "{config} restored"
        );
    }
}

#[wasm_bindgen_test]
fn a_bad_config_names_its_field_and_code() {
    for (config, field, code) in REJECT {
        let thrown = construct(&js(config)).expect_err(config);
        let got = field_and_code(&thrown, config);
        assert_eq!(got, (field.to_string(), code.to_string()), "{config}");
    }
}

#[wasm_bindgen_test]
fn an_unknown_field_is_worded_with_its_path() {
    let thrown = construct(&js("{ tools: { foo: { tier: 'read', requred: [] } } }")).unwrap_err();
    let message = String::from(thrown.unchecked_ref::<js_sys::Error>().message());
    assert!(
        message.starts_with(
            "invalid settings: tools.foo.requred: unknown field `requred`, expected one of"
        ),
        "{message}"
    );
}

/// Config → the thrown message after its `invalid settings: <field>: `, worded as the native
/// reader words the same value (tests/fixtures/settings/cases.tsv), numbers included.
const WORDED: &[(&str, &str)] = &[
    (
        "{ workspaceRoots: ['/ws', 5] }",
        "invalid type: integer `5`, expected a string",
    ),
    (
        "{ ignoreFile: 42 }",
        "invalid type: integer `42`, expected a string",
    ),
    (
        "{ promptTimeoutMs: 1.5 }",
        "invalid type: floating point `1.5`, expected u32",
    ),
    (
        "{ promptTimeoutMs: -1 }",
        "invalid value: integer `-1`, expected u32",
    ),
    (
        "{ promptTimeoutMs: 4294967296 }",
        "invalid value: integer `4294967296`, expected u32",
    ),
    (
        "{ caseInsensitivePaths: 'yes' }",
        "invalid type: string \"yes\", expected a boolean",
    ),
    (
        "{ rules: { allow: [5] } }",
        "invalid type: integer `5`, expected a rule: a string or { rule, match?, notMatch? }",
    ),
];

#[wasm_bindgen_test]
fn a_bad_value_is_worded_as_natively() {
    for (config, want) in WORDED {
        let thrown = construct(&js(config)).expect_err(config);
        let (field, _) = field_and_code(&thrown, config);
        let message = String::from(thrown.unchecked_ref::<js_sys::Error>().message());
        let prefix = format!("invalid settings: {field}: ");
        assert_eq!(message.strip_prefix(&prefix), Some(*want), "{config}");
    }
}

/// Snapshot (a JS expression) → the thrown error's `field` and `code`.
const SNAPSHOT_REJECT: &[(&str, &str, &str)] = &[
    ("42", "snapshot", "wrong-type"),
    ("{}", "snapshot.version", "missing-field"),
    ("{ version: 2 }", "snapshot.version", "unsupported-version"),
    ("{ version: 0 }", "snapshot.version", "unsupported-version"),
    ("{ version: 1.5 }", "snapshot.version", "wrong-type"),
    (
        "{ version: 1, tools: { x: { tier: 'nope' } } }",
        "snapshot.tools.x.tier",
        "invalid-value",
    ),
    (
        "{ version: 1, mode: 'fast' }",
        "snapshot.mode",
        "invalid-value",
    ),
    (
        "{ version: 1, bogus: true }",
        "snapshot.bogus",
        "unknown-field",
    ),
    (
        "{ version: 1, prompt: null }",
        "snapshot.prompt",
        "unknown-field",
    ),
];

#[wasm_bindgen_test]
fn a_bad_snapshot_names_its_field_and_code() {
    for (snapshot, field, code) in SNAPSHOT_REJECT {
        let thrown = call(&class(), "fromSnapshot", &[js(snapshot)]).expect_err(snapshot);
        let got = field_and_code(&thrown, snapshot);
        assert_eq!(got, (field.to_string(), code.to_string()), "{snapshot}");
    }
}

#[wasm_bindgen_test]
fn the_host_options_of_a_snapshot_are_read_beside_it() {
    let snapshot = js("{ version: 1, promptTimeoutMs: 100 }");
    let gk = call(
        &class(),
        "fromSnapshot",
        &[snapshot.clone(), js("{ promptTimeoutMs: 5 }")],
    )
    .unwrap();
    assert_eq!(
        json(&call(&gk, "snapshot", &[]).unwrap()),
        r#"{"version":1,"ignoreFileName":".clineignore","mode":"yolo","promptTimeoutMs":5}"#
    );
    let thrown = call(&class(), "fromSnapshot", &[snapshot, js("{ onChange: 3 }")]).unwrap_err();
    assert_eq!(
        field_and_code(&thrown, "onChange"),
        ("onChange".into(), "wrong-type".into())
    );
}

/// (method, argument) → `field`, `code`: setters name fields as the constructor does.
const SETTER_REJECT: &[(&str, &str, &str, &str)] = &[
    (
        "setRules",
        "{ allow: ['bash('] }",
        "rules.allow[0]",
        "invalid-rule",
    ),
    ("setRules", "{ alow: [] }", "rules.alow", "unknown-field"),
    (
        "setWorkspaceRoots",
        "['/ws', '']",
        "workspaceRoots[1]",
        "empty-path",
    ),
    (
        "setAutoApproval",
        "{ actions: { useMCP: true } }",
        "autoApproval.actions.useMCP",
        "unknown-field",
    ),
    (
        "grantForTurn",
        "{ allow: 'bash' }",
        "grants.allow",
        "wrong-type",
    ),
    ("setIgnoreFile", "5", "ignoreFile", "wrong-type"),
];

#[wasm_bindgen_test]
fn setters_name_fields_as_the_constructor_does() {
    let gk = construct(&js("{}")).unwrap();
    for (method, arg, field, code) in SETTER_REJECT {
        let thrown = call(&gk, method, &[js(arg)]).expect_err(method);
        let got = field_and_code(&thrown, method);
        assert_eq!(
            got,
            (field.to_string(), code.to_string()),
            "{method}({arg})"
        );
    }
}

/// (importer, arguments) → the import as JSON.
const IMPORT: &[(&str, &str, &str)] = &[
    (
        "importHarness",
        "[{ mode: 'write', overrides: { bash: 'prompt' }, alwaysAllow: ['read'] }]",
        r#"{"config":{"mode":"write","overrides":{"bash":"prompt"},"alwaysAllow":["read"]},"warnings":[]}"#,
    ),
    (
        "importCline",
        "[{ commandPermissions: '', clineignore: '.env' }]",
        r#"{"config":{"ignoreFile":".env"},"warnings":[]}"#,
    ),
    ("importCline", "[{}]", r#"{"config":{},"warnings":[]}"#),
];

#[wasm_bindgen_test]
fn importers_write_settings() {
    for (importer, args, want) in IMPORT {
        let args: Array = js(args).unchecked_into();
        let f: js_sys::Function = Reflect::get(&class(), &(*importer).into())
            .unwrap()
            .unchecked_into();
        let got = f
            .apply(&class(), &args)
            .unwrap_or_else(|e| panic!("{importer}{args:?}: {e:?}"));
        assert_eq!(json(&got), *want, "{importer}");
    }
}

const IMPORT_REJECT: &[(&str, &str, &str, &str)] = &[
    (
        "importCline",
        "[{ commandPermissions: '{bad' }]",
        "commandPermissions",
        "invalid-value",
    ),
    ("importCline", "[5]", "input", "wrong-type"),
    (
        "importClaudeCode",
        "[{ allow: 'x' }]",
        "permissions.allow",
        "wrong-type",
    ),
    (
        "importClaudeCode",
        "[{}, { home: 3 }]",
        "context.home",
        "wrong-type",
    ),
];

#[wasm_bindgen_test]
fn importers_name_bad_fields() {
    for (importer, args, field, code) in IMPORT_REJECT {
        let args: Array = js(args).unchecked_into();
        let f: js_sys::Function = Reflect::get(&class(), &(*importer).into())
            .unwrap()
            .unchecked_into();
        let thrown = f.apply(&class(), &args).expect_err(importer);
        let got = field_and_code(&thrown, importer);
        assert_eq!(
            got,
            (field.to_string(), code.to_string()),
            "{importer}{args:?}"
        );
    }
}

#[wasm_bindgen_test]
fn a_blocked_path_carries_its_provenance_as_data() {
    let gk = construct(&js(
        "{ workspaceRoots: ['/ws'], ignoreFile: '# secrets\\n.env\\n' }",
    ))
    .unwrap();
    let call_js = js("{ tool: 'read_file', params: { path: '.env' } }");
    let want = r#"{"path":".env","source":".clineignore","line":2,"pattern":".env"}"#;
    let result = call(&gk, "validate", &[call_js.clone()]).unwrap();
    assert_eq!(json(&get(&result, "blocked")), want, "validate");
    assert_eq!(
        get(&result, "code").as_string().as_deref(),
        Some("ignored_path")
    );
    let verdict = call(&gk, "check", &[call_js]).unwrap();
    assert_eq!(json(&get(&verdict, "blocked")), want, "check");
    let own = call(
        &gk,
        "validate",
        &[js(
            "{ tool: 'read_file', params: { path: '.clineignore' } }",
        )],
    )
    .unwrap();
    assert_eq!(
        json(&get(&own, "blocked")),
        r#"{"path":".clineignore","source":"(built-in)","line":0,"pattern":".clineignore"}"#
    );
    let fine = call(
        &gk,
        "validate",
        &[js("{ tool: 'read_file', params: { path: 'a.rs' } }")],
    )
    .unwrap();
    assert_eq!(json(&fine), r#"{"ok":true}"#);
}
