//! The JS facade: converts JS values into core types and back. No policy logic lives here.
//! (Minimal version; grows with the engine.)

use wasm_bindgen::prelude::*;

use crate::ignore::{Ignore, IgnoreBuilder};

#[wasm_bindgen]
pub struct Gatekeeper {
    ignore: Ignore,
}

#[wasm_bindgen]
impl Gatekeeper {
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<Gatekeeper, JsError> {
        console_error_panic_hook::set_once();
        let text = js_sys::Reflect::get(&config, &"ignoreFile".into())
            .ok()
            .and_then(|v| v.as_string());
        let ignore = IgnoreBuilder::default()
            .build(text.as_deref())
            .map_err(|e| JsError::new(&format!("ignoreFile: {}", e.message)))?;
        Ok(Gatekeeper { ignore })
    }

    #[wasm_bindgen(js_name = isIgnored)]
    pub fn is_ignored(&self, path: &str) -> bool {
        let is_dir = path.ends_with('/');
        self.ignore.is_ignored(path.trim_end_matches('/'), is_dir)
    }
}
