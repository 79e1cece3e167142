//! The workspace view through the JS `Gatekeeper`, in Node and headless Chromium:
//! `setWorkspaceFiles` (an array, `null`, a wrong value), `workspaceFiles` in the settings, the
//! decisions it changes, `blocked.view`, and `snapshot()` leaving it out.
#![cfg(target_arch = "wasm32")]

mod wasm_support;

use wasm_support::class;

use js_sys::{Array, Function, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn gatekeeper(extra: &str) -> JsValue {
    let json =
        format!(r#"{{"workspaceRoots":["/ws"],"ignoreFile":".env\n.env.*\n*.pem\n"{extra}}}"#);
    let config = JSON::parse(&json).unwrap();
    Reflect::construct(&class(), &Array::of1(&config)).unwrap()
}

fn method(target: &JsValue, name: &str, arg: &JsValue) -> Result<JsValue, JsValue> {
    let f: Function = Reflect::get(target, &name.into())
        .unwrap()
        .dyn_into()
        .unwrap();
    f.call1(target, arg)
}

fn files(list: &[&str]) -> JsValue {
    list.iter()
        .map(|s| JsValue::from_str(s))
        .collect::<Array>()
        .into()
}

/// (decision, blocked.view) of `bash` running `command`.
fn decide(gk: &JsValue, command: &str) -> (String, Option<bool>) {
    let call = JSON::parse(&format!(
        r#"{{"tool":"bash","params":{{"command":{}}}}}"#,
        JSON::stringify(&command.into())
            .unwrap()
            .as_string()
            .unwrap()
    ))
    .unwrap();
    let v = method(gk, "check", &call).unwrap();
    let decision = Reflect::get(&v, &"decision".into())
        .unwrap()
        .as_string()
        .unwrap();
    let view = Reflect::get(&v, &"blocked".into())
        .ok()
        .filter(|b| b.is_object())
        .and_then(|b| Reflect::get(&b, &"view".into()).ok())
        .and_then(|v| v.as_bool());
    (decision, view)
}

const DIRTY: &[&str] = &["README.md", "src/index.ts", "src/.env.ts", "docs/a.md"];
const CLEAN: &[&str] = &["README.md", "src/index.ts", "docs/a.md", ".env"];

#[wasm_bindgen_test]
fn set_workspace_files_decides_recursive_reads_and_null_forgets_it() {
    let gk = gatekeeper("");
    let cmd = "grep -rn TODO src";
    assert_eq!(
        decide(&gk, cmd),
        ("allow".into(), None),
        "blind: a subdirectory"
    );
    assert_eq!(
        decide(&gk, "grep -r KEY .").0,
        "prompt",
        "blind: the whole tree"
    );
    method(&gk, "setWorkspaceFiles", &files(DIRTY)).unwrap();
    assert_eq!(decide(&gk, cmd), ("deny".into(), Some(true)));
    method(&gk, "setWorkspaceFiles", &files(CLEAN)).unwrap();
    assert_eq!(decide(&gk, cmd), ("allow".into(), None));
    assert_eq!(
        decide(&gk, "find src -name '*.ts' | xargs wc -l").0,
        "allow"
    );
    assert_eq!(decide(&gk, "grep -r KEY .").0, "deny");
    method(&gk, "setWorkspaceFiles", &JsValue::NULL).unwrap();
    assert_eq!(decide(&gk, "grep -r KEY .").0, "prompt", "back to blind");
    assert_eq!(
        decide(&gk, "find src -name '*.ts' | xargs wc -l").0,
        "prompt"
    );
}

#[wasm_bindgen_test]
fn the_setting_sets_it_and_the_snapshot_leaves_it_out() {
    let gk = gatekeeper(
        r#","workspaceFiles":["src/index.ts","/ws/src/.env.ts"],"recursiveReads":"allow""#,
    );
    assert_eq!(decide(&gk, "cat src/.*").0, "deny");
    assert_eq!(decide(&gk, "cat src/*").0, "allow");
    let snap = method(&gk, "snapshot", &JsValue::UNDEFINED).unwrap();
    assert!(Reflect::get(&snap, &"workspaceFiles".into())
        .unwrap()
        .is_undefined());
    assert_eq!(
        Reflect::get(&snap, &"recursiveReads".into())
            .unwrap()
            .as_string()
            .as_deref(),
        Some("allow")
    );
}

#[wasm_bindgen_test]
fn a_wrong_value_throws_and_changes_nothing() {
    let gk = gatekeeper("");
    method(&gk, "setWorkspaceFiles", &files(DIRTY)).unwrap();
    assert!(method(&gk, "setWorkspaceFiles", &JsValue::from_str("src")).is_err());
    assert_eq!(
        decide(&gk, "grep -rn TODO src").0,
        "deny",
        "the view stands"
    );
    // entries that are not strings are left out
    let mixed: Array = [JsValue::from_str("src/.env.ts"), JsValue::from_f64(5.0)]
        .iter()
        .collect();
    method(&gk, "setWorkspaceFiles", &mixed.into()).unwrap();
    assert_eq!(decide(&gk, "grep -rn TODO src").0, "deny");
}
