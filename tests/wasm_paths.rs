//! Path classes through the JS `Gatekeeper`, in Node and headless Chromium: `isIgnored`,
//! `filterPaths`, `classifyPath` and `validate` per platform, both directions, and the
//! `platform` setting as JS writes it (config, errors, snapshots).
#![cfg(target_arch = "wasm32")]

mod wasm_support;

use wasm_support::class;

use js_sys::{Array, Function, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const IGNORE: &str = r#"".env\nsecrets/\n*.pem\ncafé.key\n""#;

fn construct(json: &str) -> Result<JsValue, JsValue> {
    let config = JSON::parse(json).unwrap_or_else(|e| panic!("bad JSON {json}: {e:?}"));
    Reflect::construct(&class(), &Array::of1(&config))
}

fn gatekeeper(extra: &str) -> JsValue {
    let json = format!(r#"{{"ignoreFile":{IGNORE}{extra}}}"#);
    construct(&json).unwrap_or_else(|e| panic!("new Gatekeeper({json}) threw {e:?}"))
}

fn call(target: &JsValue, method: &str, arg: &JsValue) -> JsValue {
    let f: Function = Reflect::get(target, &method.into())
        .unwrap()
        .dyn_into()
        .unwrap();
    f.call1(target, arg)
        .unwrap_or_else(|e| panic!("{method} threw {e:?}"))
}

/// (path, ignored, locality) on one platform's workspace.
fn judge(extra: &str, cases: &[(&str, bool, &str)]) {
    let gk = gatekeeper(extra);
    let mut kept = Vec::new();
    for &(path, ignored, locality) in cases {
        let p = JsValue::from_str(path);
        assert_eq!(
            call(&gk, "isIgnored", &p).as_bool(),
            Some(ignored),
            "isIgnored({path:?}) {extra}"
        );
        assert_eq!(
            call(&gk, "classifyPath", &p).as_string().as_deref(),
            Some(locality),
            "classifyPath({path:?}) {extra}"
        );
        let read = JSON::parse(&format!(
            r#"{{"tool":"read_file","params":{{"path":{}}}}}"#,
            JSON::stringify(&p).unwrap().as_string().unwrap()
        ))
        .unwrap();
        let ok = Reflect::get(&call(&gk, "validate", &read), &"ok".into()).unwrap();
        assert_eq!(
            ok.as_bool(),
            Some(!ignored),
            "validate read_file {path:?} {extra}"
        );
        if !ignored {
            kept.push(path);
        }
    }
    let all: Array = cases.iter().map(|c| JsValue::from_str(c.0)).collect();
    let filtered: Vec<String> = Array::from(&call(&gk, "filterPaths", &all))
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    assert_eq!(filtered, kept, "filterPaths {extra}");
}

#[wasm_bindgen_test]
fn posix_paths() {
    judge(
        r#","workspaceRoots":["/ws"]"#,
        &[
            ("//ws/.env", true, "local"),
            ("///ws/secrets/k", true, "local"),
            ("file:////ws/.env", true, "local"),
            ("file:///ws/%2eenv", true, "local"),
            ("~/../../ws/.env", true, "external"),
            ("//ws/src/a.ts", false, "local"),
            ("src\\.env", false, "local"),
            (".ENV", false, "local"),
            ("cafe\u{301}.key", false, "local"),
            ("~/notes.txt", false, "external"),
        ],
    );
}

#[wasm_bindgen_test]
fn windows_paths() {
    judge(
        r#","workspaceRoots":["C:\\ws"]"#,
        &[
            ("C:\\ws\\.env::$DATA", true, "local"),
            ("C:.env", true, "local"),
            ("\\ws\\.env", true, "local"),
            ("file:///C|/ws/.env", true, "local"),
            ("\\\\?\\C:\\ws\\secrets\\k", true, "local"),
            (".env. .", true, "local"),
            ("SECRET~1\\k", true, "local"),
            ("C:\\WS\\CAFÉ.KEY", true, "local"),
            ("D:.env", true, "external"),
            ("C:\\ws\\src\\a.ts", false, "local"),
            ("cafe\u{301}.key", false, "local"),
            ("D:\\x\\.env", false, "external"),
        ],
    );
}

#[wasm_bindgen_test]
fn macos_paths() {
    judge(
        r#","workspaceRoots":["/ws"],"platform":"macos""#,
        &[
            ("cafe\u{301}.key", true, "local"),
            ("CAFÉ.key", true, "local"),
            ("/WS/.Env", true, "local"),
            ("Secrets/k", true, "local"),
            ("cafe.key", false, "local"),
            ("/WS/src/a.ts", false, "local"),
        ],
    );
    // `caseInsensitivePaths: true` with POSIX roots and no platform is macOS.
    judge(
        r#","workspaceRoots":["/ws"],"caseInsensitivePaths":true"#,
        &[
            ("cafe\u{301}.KEY", true, "local"),
            ("cafe.key", false, "local"),
        ],
    );
}

#[wasm_bindgen_test]
fn file_urls_in_browser_tools() {
    let gk = gatekeeper(r#","workspaceRoots":["/ws"]"#);
    for (url, ok) in [
        ("file:///ws/.env", false),
        ("view-source:file:///ws/.env", false),
        ("FILE://localhost/ws/%2eenv", false),
        ("https://example.com/.env", true),
        ("file:///ws/index.html", true),
    ] {
        let c = JSON::parse(&format!(
            r#"{{"tool":"browser_action","params":{{"action":"launch","url":"{url}"}}}}"#
        ))
        .unwrap();
        let valid = Reflect::get(&call(&gk, "validate", &c), &"ok".into()).unwrap();
        assert_eq!(valid.as_bool(), Some(ok), "{url}");
    }
}

#[wasm_bindgen_test]
fn the_platform_setting() {
    let err = construct(r#"{"platform":"solaris"}"#).expect_err("unknown platform");
    let message = Reflect::get(&err, &"message".into())
        .unwrap()
        .as_string()
        .unwrap();
    assert!(message.contains("platform"), "{message}");
    assert!(construct(r#"{"platform":"windows","workspaceRoots":["/ws"]}"#).is_err());
    assert!(construct(r#"{"workspaceRoots":["/ws","C:\\x"]}"#).is_err());
    // A snapshot keeps the settings as configured and restores them.
    let gk = gatekeeper(r#","workspaceRoots":["/ws"],"platform":"macos""#);
    let snap = call(&gk, "snapshot", &JsValue::UNDEFINED);
    assert_eq!(
        Reflect::get(&snap, &"platform".into())
            .unwrap()
            .as_string()
            .as_deref(),
        Some("macos")
    );
    assert!(Reflect::get(&snap, &"caseInsensitivePaths".into())
        .unwrap()
        .is_undefined());
    let from: Function = Reflect::get(&class(), &"fromSnapshot".into())
        .unwrap()
        .dyn_into()
        .unwrap();
    let restored = from.call1(&JsValue::NULL, &snap).expect("restores");
    let p = JsValue::from_str("CAFE\u{301}.KEY");
    assert_eq!(call(&restored, "isIgnored", &p).as_bool(), Some(true));
}
