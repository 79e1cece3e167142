//! `filterPaths` over a whole listing in one crossing each way (src/wasm/listing.js, appended
//! to every gate entry by scripts/build.mjs): the layer reads the listing once, keeps its
//! strings, drops those with a lone surrogate, and passes them joined by NUL; this answers one
//! byte per string, and the layer builds the result from its own strings (no string crosses
//! back). The text is copied into wasm memory by one `TextEncoder.encodeInto`.
//!
//! This method is not API: the layer takes it off the prototype when it loads.

use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::*;

use super::Gatekeeper;

#[wasm_bindgen]
extern "C" {
    #[derive(Clone)]
    type TextEncoder;
    #[wasm_bindgen(constructor, catch)]
    fn new() -> Result<TextEncoder, JsValue>;
    #[wasm_bindgen(method, catch, js_name = encodeInto)]
    fn encode_into(
        this: &TextEncoder,
        source: &JsString,
        destination: &Uint8Array,
    ) -> Result<Encoded, JsValue>;

    /// `encodeInto`'s answer: UTF-16 units read, bytes written.
    type Encoded;
    #[wasm_bindgen(method, getter)]
    fn read(this: &Encoded) -> f64;
    #[wasm_bindgen(method, getter)]
    fn written(this: &Encoded) -> f64;
}

#[wasm_bindgen]
impl Gatekeeper {
    /// For the `count` paths in `joined` (joined by NUL, each well-formed), 1 for each one
    /// kept, 0 for each one ignored, in order. `undefined` when the text is not `count` paths
    /// (a path holds a NUL) or cannot be read: the layer then judges entry by entry.
    #[wasm_bindgen(js_name = __toolgateFilter, skip_typescript)]
    pub fn filter_joined(&self, joined: &JsString, count: u32) -> Option<Vec<u8>> {
        let text = utf8(joined)?;
        let engine = self.engine.borrow();
        let kept = engine.access().kept_joined(&text, count as usize)?;
        Some(kept.into_iter().map(u8::from).collect())
    }
}

#[wasm_bindgen]
impl Gatekeeper {
    /// The workspace view (see the README): the files of the workspace, relative to the first
    /// root or absolute under any root; `null` forgets it (globs and recursive reads are then
    /// judged blind, by `recursiveReads`). Not part of `snapshot()`. Entries that are not
    /// strings (or hold a lone surrogate) are left out. A big list crosses in one piece: the
    /// layer in listing.js joins it and hands it over in one call.
    #[wasm_bindgen(js_name = setWorkspaceFiles)]
    pub fn set_workspace_files(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[] | null")] files: &JsValue,
    ) -> Result<(), JsError> {
        if files.is_null() || files.is_undefined() {
            self.engine
                .borrow_mut()
                .set_workspace_files(None::<Vec<&str>>);
            return Ok(());
        }
        let files: &js_sys::Array = files
            .dyn_ref()
            .ok_or_else(|| JsError::new("setWorkspaceFiles: expected an array of paths or null"))?;
        let list: Vec<String> = files
            .iter()
            .filter_map(|f| super::read::path_string(&f))
            .collect();
        self.engine
            .borrow_mut()
            .set_workspace_files(Some(list.iter().map(String::as_str)));
        Ok(())
    }

    /// [`Gatekeeper::set_workspace_files`] for `count` paths joined by NUL; `false` when the
    /// text is not that (the layer then passes the array).
    #[wasm_bindgen(js_name = __toolgateSetFiles, skip_typescript)]
    pub fn set_files_joined(&self, joined: &JsString, count: u32) -> bool {
        let Some(text) = utf8(joined) else {
            return false;
        };
        let files: Vec<&str> = if text.is_empty() {
            Vec::new()
        } else {
            text.split('\0').collect()
        };
        if files.len() != count as usize {
            return false;
        }
        self.engine.borrow_mut().set_workspace_files(Some(files));
        true
    }
}

/// `s` as UTF-8 written straight into wasm memory by `TextEncoder.encodeInto`: one native
/// call for an ASCII text (wasm-bindgen's `as_string` copies it a code unit at a time), a
/// second for the rest of a text that is not. `None` when there is no `TextEncoder`.
fn utf8(s: &JsString) -> Option<String> {
    thread_local! {
        static ENCODER: Option<TextEncoder> = TextEncoder::new().ok();
    }
    let encoder = ENCODER.with(Option::clone)?;
    let units = s.length();
    // ASCII is one byte a unit; the rest of a text that is not takes at most three a unit.
    let mut bytes: Vec<u8> = Vec::with_capacity(units as usize);
    let mut read = 0;
    let mut first = true;
    while read < units {
        let rest = if read == 0 {
            s.clone()
        } else {
            s.slice(read, units)
        };
        if !first {
            bytes.reserve(3 * (units - read) as usize);
        }
        let spare = bytes.spare_capacity_mut();
        // SAFETY: the view covers the vector's spare capacity and lives only for the call
        // below, during which wasm allocates nothing (so memory cannot grow under it).
        let view = unsafe { Uint8Array::view_mut_raw(spare.as_mut_ptr().cast(), spare.len()) };
        let done = encoder.encode_into(&rest, &view).ok()?;
        let (r, w) = (done.read() as u32, done.written() as usize);
        if w > spare.len() || (r == 0 && !first) {
            return None;
        }
        first = false;
        // SAFETY: encodeInto wrote `w` initialised bytes at the start of the spare capacity.
        unsafe { bytes.set_len(bytes.len() + w) };
        read += r;
    }
    String::from_utf8(bytes).ok()
}
