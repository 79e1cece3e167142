//! wasm-bindgen tests of `Gatekeeper` as JavaScript sees it.
//!
//! Run in Node and in headless Chromium by `./scripts/test` (see `scripts/test`):
//!   wasm-pack test --node -- --test 'wasm_*'
//!   WASM_BINDGEN_USE_BROWSER=1 wasm-pack test --headless --chrome -- --test 'wasm_*'
//! There is deliberately NO `wasm_bindgen_test_configure!(run_in_browser)`: the environment
//! variable selects the browser, so the same suite runs in both (TOOLCHAIN.md).
//!
//! ## Why the tests go through JS, not the Rust API
//! The contract is the JS surface (DESIGN.md: "names are a contract"). Calling
//! `Gatekeeper::new` from Rust would skip exactly what can break there: the `js_name`s
//! (`isIgnored`), the JS class wrapper, conversions of JS values, and errors thrown as JS
//! `Error`s. So each test obtains the exported JS *class* and drives it with `Reflect`:
//! `new Gatekeeper(config)` is `Reflect.construct`, `gk.isIgnored(p)` is a property lookup plus
//! `Function.prototype.call` — the same operations a JS caller performs. Configs are written as
//! JSON text and parsed with `JSON.parse` (no `eval`), so they read like the JS a user writes.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// Helpers that perform JS operations on the exported class.
mod js {
    use super::*;

    /// The JS class `Gatekeeper` exactly as the generated glue exports it. wasm-bindgen only
    /// hands Rust an instance (`JsValue::from(gatekeeper)` wraps it in the JS class), so the
    /// class is read off that instance's `constructor`.
    pub fn gatekeeper_class() -> Function {
        let seed = toolgate::wasm::Gatekeeper::new(Object::new().into())
            .unwrap_or_else(|_| panic!("an empty config must construct"));
        let instance = JsValue::from(seed);
        let class = Reflect::get(&instance, &"constructor".into()).expect("constructor");
        free(&instance);
        class
            .dyn_into::<Function>()
            .expect("Gatekeeper is a JS class")
    }

    /// A JS object parsed from JSON text, e.g. `config(r#"{"ignoreFile": ".env"}"#)`.
    pub fn config(json: &str) -> JsValue {
        JSON::parse(json).unwrap_or_else(|e| panic!("bad JSON in test {json}: {e:?}"))
    }

    /// `new Gatekeeper(...args)`; `Err` holds whatever the constructor threw.
    pub fn construct(args: &[JsValue]) -> Result<JsValue, JsValue> {
        let array: Array = args.iter().collect();
        Reflect::construct(&gatekeeper_class(), &array)
    }

    /// `new Gatekeeper(config)` that must succeed.
    pub fn gatekeeper(json: &str) -> JsValue {
        construct(&[config(json)]).unwrap_or_else(|e| panic!("new Gatekeeper({json}) threw {e:?}"))
    }

    /// `target[method](...args)`; `Err` holds whatever the method threw.
    pub fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
        let f = Reflect::get(target, &method.into())?;
        let f: Function = f
            .dyn_into()
            .unwrap_or_else(|_| panic!("`{method}` is not a function on the JS object"));
        let array: Array = args.iter().collect();
        Reflect::apply(&f, target, &array)
    }

    /// `gk.isIgnored(path)`, asserting the JS result is a boolean.
    pub fn is_ignored(gk: &JsValue, path: &str) -> bool {
        let v = call(gk, "isIgnored", &[path.into()]).expect("isIgnored threw");
        v.as_bool()
            .unwrap_or_else(|| panic!("isIgnored({path:?}) returned {v:?}, not a boolean"))
    }

    /// Releases the wasm memory behind a JS `Gatekeeper` (`gk.free()`).
    pub fn free(gk: &JsValue) {
        call(gk, "free", &[]).expect("free");
    }
}

// ---------------------------------------------------------------------------------------------
// The JS surface: holds on the pipeline branch (stub engine) and must keep holding.
// ---------------------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn exported_class_is_named_gatekeeper() {
    let class = js::gatekeeper_class();
    assert_eq!(class.name(), "Gatekeeper");
}

#[wasm_bindgen_test]
fn constructs_from_js_with_config_object_or_no_config() {
    let gk = js::gatekeeper(r#"{"ignoreFile": ".env\n*.secret\n"}"#);
    assert!(gk.is_object());
    js::free(&gk);
    // `config?` is optional in the contract: `new Gatekeeper()` and `new Gatekeeper({})`.
    let gk = js::construct(&[]).expect("new Gatekeeper() must not throw");
    js::free(&gk);
    let gk = js::gatekeeper("{}");
    js::free(&gk);
}

#[wasm_bindgen_test]
fn instance_exposes_is_ignored_under_its_js_name() {
    let gk = js::gatekeeper("{}");
    let f = Reflect::get(&gk, &"isIgnored".into()).unwrap();
    assert!(f.is_function(), "gk.isIgnored must be a function");
    let snake = Reflect::get(&gk, &"is_ignored".into()).unwrap();
    assert!(snake.is_undefined(), "the Rust name must not leak into JS");
    js::free(&gk);
}

#[wasm_bindgen_test]
fn is_ignored_returns_a_boolean_for_every_kind_of_path() {
    let gk = js::gatekeeper(r#"{"ignoreFile": ".env\n"}"#);
    for path in [
        "",
        "src/main.rs",
        "dir/",
        "./a/../b",
        "/abs/path",
        "C:\\win\\path",
        "ü/ñ.txt",
    ] {
        let _ = js::is_ignored(&gk, path); // asserts the JS type inside
    }
    js::free(&gk);
}

#[wasm_bindgen_test]
fn nothing_is_ignored_without_an_ignore_file_except_the_ignore_file_itself() {
    // With no `ignoreFile`, ordinary paths are never ignored — true for the stub and the engine.
    for config in ["{}", r#"{"workspaceRoots": ["/ws"]}"#] {
        let gk = js::gatekeeper(config);
        for path in ["src/lib.rs", "README.md", "docs/", ".env", "/ws/src/lib.rs"] {
            assert!(
                !js::is_ignored(&gk, path),
                "{path} must not be ignored without an ignore file ({config})"
            );
        }
        js::free(&gk);
    }
}

#[wasm_bindgen_test]
fn a_non_string_path_never_traps() {
    // The d.ts says `path: string`; a JS caller can still pass anything. Acceptable answers are a
    // thrown JS error or failing closed (`true`: treat it as blocked) — never `false`, never a
    // trap, and the instance stays usable afterwards.
    let gk = js::gatekeeper("{}");
    for bad in [
        JsValue::from_f64(42.0),
        JsValue::NULL,
        JsValue::UNDEFINED,
        Object::new().into(),
    ] {
        match js::call(&gk, "isIgnored", std::slice::from_ref(&bad)) {
            Err(_) => {}
            Ok(v) => assert_eq!(
                v.as_bool(),
                Some(true),
                "isIgnored({bad:?}) must throw or fail closed"
            ),
        }
    }
    assert!(!js::is_ignored(&gk, "still/usable.txt"));
    js::free(&gk);
}

#[wasm_bindgen_test]
fn many_instances_are_independent() {
    let a = js::gatekeeper(r#"{"workspaceRoots": ["/ws"], "ignoreFile": "*.log\n"}"#);
    let b = js::gatekeeper(r#"{"workspaceRoots": ["/ws"]}"#);
    assert!(!js::is_ignored(&b, "x.log"), "b has no ignore file");
    js::free(&a);
    assert!(!js::is_ignored(&b, "x.log"), "freeing a must not affect b");
    js::free(&b);
}

// ---------------------------------------------------------------------------------------------
// Engine-dependent: need the real ignore matcher and config validation (issue 2).
// ---------------------------------------------------------------------------------------------

/// One case per line: (ignore file, path, expected `isIgnored`), workspace root `/ws`; relative
/// paths resolve against it. Every relative case was checked against
/// `git check-ignore --no-index` (git 2.47) with the file as `.gitignore`.
const IGNORE_CASES: &[(&str, &str, bool)] = &[
    (".env\n", ".env", true),
    (".env\n", "sub/.env", true),
    (".env\n", "env", false),
    ("*.secret\n", "keys/api.secret", true),
    ("private/\n", "private/", true),
    ("private/\n", "private/notes.md", true),
    ("private/\n", "private", false), // a file named `private`: trailing `/` means dirs only
    ("temp.*\n", "temp.txt", true),
    ("**/.git/**\n", "a/.git/config", true),
    ("# comment\n", "# comment", false),
    ("foo/**\n", "foo", false), // `foo/**` does not match `foo` itself (git check-ignore: no match)
    // Not in the table: `foo/**` against the query `foo/`. git check-ignore --no-index says
    // ignored for `foo/` but not for `foo` (an existing directory) — the ignore work decides.
    ("foo/**\n", "foo/bar", true),
    ("*.log\n!keep.log\n", "keep.log", false),
    ("build/\n!build/keep.txt\n", "build/keep.txt", true), // no re-include under an excluded dir
    ("\\#hash\n", "#hash", true),
    ("", ".clineignore", true), // the ignore file always blocks itself
    (".env\n", "/ws/sub/.env", true), // absolute, inside the root
    (".env\n", "./.env", true),
    (".env\n", "/elsewhere/.env", false), // outside every root: not the ignore file's business
];

#[wasm_bindgen_test]
fn is_ignored_follows_git_semantics() {
    for (file, path, expected) in IGNORE_CASES {
        let config = js::config(r#"{"workspaceRoots": ["/ws"]}"#);
        Reflect::set(&config, &"ignoreFile".into(), &(*file).into()).unwrap();
        let gk = js::construct(&[config]).expect("construct");
        assert_eq!(
            js::is_ignored(&gk, path),
            *expected,
            "ignore file {file:?}, path {path:?}"
        );
        js::free(&gk);
    }
}

#[wasm_bindgen_test]
fn invalid_config_throws_a_js_error_naming_the_field() {
    for (json, field) in [
        (r#"{"workspaceRoots": "not-an-array"}"#, "workspaceRoots"),
        (r#"{"ignoreFile": 42}"#, "ignoreFile"),
        (r#"{"caseInsensitivePaths": "yes"}"#, "caseInsensitivePaths"),
    ] {
        let err = js::construct(&[js::config(json)]).expect_err(json);
        let err: js_sys::Error = err.dyn_into().expect("a JS Error instance");
        let message = String::from(err.message());
        assert!(
            message.contains(field),
            "error for {json} should name {field}: {message}"
        );
    }
}
