//! The importers as static methods of the `Gatekeeper` class, installed as the package's gate
//! entries install them (scripts/lib/glue.mjs: non-enumerable, each calling the import
//! module's function of that name), so the wasm tests drive `Gatekeeper.importCline` as hosts
//! do. The shipped statics themselves are tested in tests/js/package/import.test.mjs.

use js_sys::{Function, Object, Reflect};
use toolgate::wasm::import;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

type R = Result<JsValue, JsValue>;

/// Gives `class` the importers as static methods (once).
pub fn install(class: &Function) {
    if Reflect::has(class, &"importCline".into()).unwrap_or(false) {
        return;
    }
    let one = |f: fn(JsValue) -> R| Closure::<dyn Fn(JsValue) -> R>::new(f).into_js_value();
    let two = |f: fn(JsValue, JsValue) -> R| {
        Closure::<dyn Fn(JsValue, JsValue) -> R>::new(f).into_js_value()
    };
    let text = |v: &JsValue| v.as_string().unwrap_or_default();
    let statics: [(&str, JsValue); 6] = [
        ("importCline", one(import::import_cline)),
        ("importClaudeCode", two(import::import_claude_code)),
        ("importHarness", one(import::import_harness)),
        ("importClineMcp", two(import::import_cline_mcp)),
        (
            "importGemini",
            Closure::<dyn Fn(JsValue, JsValue) -> R>::new(move |t: JsValue, c| {
                import::import_gemini(&text(&t), c)
            })
            .into_js_value(),
        ),
        (
            "importCodex",
            Closure::<dyn Fn(JsValue) -> R>::new(move |t: JsValue| import::import_codex(&text(&t)))
                .into_js_value(),
        ),
    ];
    for (name, f) in statics {
        let descriptor = Object::new();
        for (k, v) in [
            ("value", f),
            ("writable", JsValue::TRUE),
            ("configurable", JsValue::TRUE),
        ] {
            Reflect::set(&descriptor, &k.into(), &v).expect("a descriptor field");
        }
        Object::define_property(class.unchecked_ref::<Object>(), &name.into(), &descriptor);
    }
}
