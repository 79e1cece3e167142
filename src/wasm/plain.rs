//! A call the JS layer has already read (`read_call.js`, appended to every gate entry by
//! scripts/lib/glue.mjs): `check`, `validate`, `explain` and `authorize` taking the tool and
//! its params as one packed string instead of an object, so the call crosses into wasm once
//! and no property is read from here. The layer reads exactly what [`read_call`] reads, in the
//! same order, as own properties; whenever a value is not a plain string, boolean or absent (or
//! a read threw, or a value is inherited) it hands [`read_call`] a replay of what it read
//! instead, so every odd input is judged by the one audited reader.
//!
//! The packed call: the tool as `LENGTH:TEXT`, then, when the call has a `params` object, `o`
//! and one slot per param of [`params_read`] (the order [`read_call`] reads them in): a string
//! as `LENGTH:TEXT`, `n` (absent, `undefined` or `null`), `t` or `f`. Lengths count UTF-16 code
//! units (JS's `length`), in decimal.
//!
//! These methods are not API: the layer takes them off the prototype when it loads.
//!
//! Each returns a `Result` (always `Ok`), so its wasm export returns two values instead of one
//! `externref` ([`Two`]): Node 20's V8 (11.3) inlines a JS→wasm call that returns one
//! `externref` into the optimized JS that makes it, and its deoptimizer cannot rebuild that
//! frame: a lazy deoptimization of the caller while the call runs (a GC in it re-deciding where
//! the caller's object literals are allocated, for one) ends the process ("unreachable code" in
//! `Deoptimizer::DoComputeBuiltinContinuation`). A call returning two values is never inlined
//! (docs/architecture.md § The JS layer and V8).

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::read::{params_read, read_call};
use super::{Gatekeeper, Two};
use crate::call::{ToolCall, Value};
use crate::catalogue::{Catalogue, ToolSpec};

/// `judge_packed`'s methods, as read_call.js numbers them (authorize is any other).
const CHECK: u32 = 0;
const VALIDATE: u32 = 1;
const EXPLAIN: u32 = 2;
/// Added to a method's number: its answer as the object, not a packed record (the layer's
/// way back when a record surprises it).
const OBJECT: u32 = 4;

#[wasm_bindgen]
impl Gatekeeper {
    /// The params each tool reads, for the layer (once per instance): `[prefix, unknown, mcp,
    /// name, params, name, params, …]`, where `unknown` is what an undeclared tool reads and
    /// `mcp` what an undeclared tool whose name starts with `prefix` reads.
    #[wasm_bindgen(js_name = __toolgateParams, skip_typescript)]
    pub fn params_table(&self) -> Two<Array> {
        let catalogue = &*self.catalogue;
        let list = |spec: &ToolSpec| JsValue::from(super::owned::strings(params_read(spec)));
        let mut table = vec![
            crate::mcp::CLAUDE_PREFIX.into(),
            list(catalogue.spec(&undeclared(catalogue, ""))),
            list(catalogue.spec(&undeclared(catalogue, crate::mcp::CLAUDE_PREFIX))),
        ];
        for (tool, spec) in &catalogue.tools() {
            table.push(tool.into());
            table.push(list(spec));
        }
        Ok(super::owned::array(&table))
    }

    /// `check`, `validate`, `explain` or `authorize` (by number: [`CHECK`], [`VALIDATE`],
    /// [`EXPLAIN`], any other) of a packed call, or of `read` (the layer's replay) when
    /// `packed` is empty. For `authorize`, `call` is the call as given: the prompt shows its
    /// `params` (read as `authorize` reads them). `undefined` when the packed call cannot be
    /// unpacked (a U+FFFD that may be a repaired lone surrogate): the layer then hands
    /// read_call its replay. The first three answer with a packed record (`pack.rs`), or
    /// with the object when it does not pack or the number has [`OBJECT`] added.
    #[wasm_bindgen(js_name = __toolgateJudge, skip_typescript)]
    pub fn judge_packed(
        &self,
        method: u32,
        packed: &str,
        read: &JsValue,
        call: JsValue,
        options: JsValue,
    ) -> Two<JsValue> {
        let read = if packed.is_empty() {
            read_call(read, &self.catalogue)
        } else {
            match unpack(packed, &self.catalogue) {
                Some(c) => Ok(c),
                None => return Ok(JsValue::UNDEFINED),
            }
        };
        let packed = method < OBJECT;
        Ok(match method % OBJECT {
            CHECK => super::verdict_js(&self.engine, read, packed),
            VALIDATE => super::validation_js(&self.engine, read, packed),
            EXPLAIN => super::explanation_js(&self.engine, read, packed),
            _ => self.authorize_read(read, call, options).into(),
        })
    }
}

#[wasm_bindgen]
impl Gatekeeper {
    /// The packed records' names (`pack.rs`), for the layer when it meets a number it does not
    /// have.
    #[wasm_bindgen(js_name = __toolgateNames, skip_typescript)]
    pub fn packed_names() -> Two<Array> {
        Ok(super::pack::names())
    }

    /// Where the layer reads packed records: `[memory, the tape's address]`.
    #[wasm_bindgen(js_name = __toolgateTape, skip_typescript)]
    pub fn packed_tape() -> Two<Array> {
        let address = super::pack::tape_address().into();
        Ok(super::owned::array(&[wasm_bindgen::memory(), address]))
    }

    /// `analyseCommand` as a packed record (or the object, when it does not pack or
    /// `as_object`).
    #[wasm_bindgen(js_name = __toolgateAnalyse, skip_typescript)]
    pub fn analyse_packed(command: &str, as_object: bool) -> Two<JsValue> {
        Ok(super::output(
            &crate::shell::analyse(command).summary(),
            !as_object,
        ))
    }
}

/// A name starting with `prefix` that no tool of the catalogue has: its spec is what an
/// undeclared tool of that kind gets.
fn undeclared(catalogue: &Catalogue, prefix: &str) -> String {
    let mut name = prefix.to_string();
    while catalogue.is_known(&name) {
        name.push('?');
    }
    name
}

/// The call as [`read_call`] reads it from an object holding these values; `None` when the
/// packing is not the one described in the module docs, or when the text holds U+FFFD (the
/// encoding into wasm turns a lone surrogate into one: only [`read_call`] can tell them apart).
fn unpack(packed: &str, catalogue: &Catalogue) -> Option<ToolCall> {
    // U+FFFD is EF BF BD in UTF-8: a byte scan first (a `char` search is a substring search).
    if packed.as_bytes().contains(&0xEF) && packed.contains('\u{FFFD}') {
        return None;
    }
    let mut rest = packed;
    let mut call = ToolCall::new(string(&mut rest)?);
    if rest.is_empty() {
        return Some(call);
    }
    rest = rest.strip_prefix('o')?;
    for name in params_read(catalogue.spec(&call.tool)) {
        let value = match rest.as_bytes().first()? {
            b'n' => Value::Null,
            b't' => Value::Bool(true),
            b'f' => Value::Bool(false),
            _ => Value::Str(string(&mut rest)?.to_owned()),
        };
        if !matches!(value, Value::Str(_)) {
            rest = &rest[1..];
        }
        call.params.push((name.to_owned(), value));
    }
    rest.is_empty().then_some(call)
}

/// A `LENGTH:TEXT` string split off the front of `rest` (its length in UTF-16 code units).
fn string<'a>(rest: &mut &'a str) -> Option<&'a str> {
    let (digits, text) = rest.split_once(':')?;
    // By hand: `str::parse` would link its error paths for a number JS wrote.
    let mut units = 0usize;
    for d in digits.bytes() {
        units = units
            .checked_mul(10)?
            .checked_add(char::from(d).to_digit(10)? as usize)?;
    }
    if digits.is_empty() {
        return None;
    }
    // ASCII (nearly every path and command): one byte per code unit.
    let end = match text.as_bytes().get(..units) {
        Some(bytes) if bytes.is_ascii() => units,
        _ => {
            let (mut seen, mut end) = (0, 0);
            for c in text.chars() {
                if seen >= units {
                    break;
                }
                seen += c.len_utf16();
                end += c.len_utf8();
            }
            if seen != units {
                return None;
            }
            end
        }
    };
    let (head, tail) = text.split_at(end);
    *rest = tail;
    Some(head)
}
