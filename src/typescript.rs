//! The TypeScript of the types the JS API takes and returns, generated from the core's Rust
//! types (ts-rs derives, active in test builds only: no bytes in the wasm). The test below
//! regenerates the text and fails when the shipped file is stale; run it with
//! `TOOLGATE_BLESS=1` to rewrite the file.
//!
//! Input fields that serde fills in when absent are marked optional (`field?:`), found by
//! deserialising a minimal sample without each field, so the TypeScript says exactly what
//! may be left out.

use serde::de::DeserializeOwned;
use ts_rs::TS;

/// The shipped file; the facade includes it in the package's `.d.ts`.
const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/wasm/types.d.ts");

fn decl<T: TS>() -> String {
    format!("export {}\n", T::decl())
}

/// A string-literal union from a table.
fn union(name: &str, doc: &str, members: &[&str]) -> String {
    let members: Vec<String> = members.iter().map(|m| format!("{m:?}")).collect();
    format!(
        "/** {doc} */\nexport type {name} = {};\n",
        members.join(" | ")
    )
}

/// `T`'s declaration with every field that deserialising may leave out marked `?`.
/// `sample` is a minimal valid value (only the fields that cannot be left out).
fn input<T: TS + DeserializeOwned>(sample: serde_json::Value) -> String {
    let text = decl::<T>();
    let serde_json::Value::Object(sample) = sample else {
        panic!("{}: the sample must be an object", T::name())
    };
    serde_json::from_value::<T>(serde_json::Value::Object(sample.clone()))
        .unwrap_or_else(|e| panic!("{}: the sample does not deserialise: {e}", T::name()));
    for key in sample.keys() {
        let mut without = sample.clone();
        without.remove(key);
        let err = serde_json::from_value::<T>(serde_json::Value::Object(without)).err();
        assert!(
            err.is_some_and(|e| e.to_string().contains(&format!("missing field `{key}`"))),
            "{}: the sample's field {key} may be left out: drop it from the sample",
            T::name()
        );
    }
    mark_optional(&text, |field| !sample.contains_key(field))
}

/// Adds `?` to the top-level fields of a `type X = { … }` declaration for which `optional`
/// holds (nested object types are left alone).
fn mark_optional(text: &str, optional: impl Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut depth = 0usize;
    let mut in_comment = false;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        if in_comment {
            if rest.starts_with("*/") {
                in_comment = false;
                out.push_str("*/");
                i += 2;
                continue;
            }
        } else if rest.starts_with("/*") {
            in_comment = true;
        } else {
            match bytes[i] {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                _ => {}
            }
            let at_field_start =
                depth == 1 && (i == 0 || matches!(bytes[i - 1], b'{' | b',' | b' ' | b'\n' | b'/'));
            if at_field_start {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && rest[name.len()..].starts_with(": ") && optional(&name) {
                    out.push_str(&name);
                    out.push('?');
                    i += name.len();
                    continue;
                }
            }
        }
        let c = rest.chars().next().unwrap_or_default();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The whole file.
fn generated() -> String {
    use crate::catalogue::{Tier, ToolSpec};
    use crate::codes;
    use crate::engine::{
        ApprovalRequest, Change, DecidedBy, Explanation, Outcome, TraceStep, TurnGrants,
    };
    use crate::import::Imported;
    use crate::platform::Platform;
    use crate::policy::{ClineActions, ClineAutoApproval, Dropped, Mode, Policy};
    use crate::settings::{RuleEntry, Rules, Settings};
    use crate::shell::CommandSummary;
    use crate::validate::Invalid;
    use crate::verdict::{BlockedPath, Decision, Locality, Step, Verdict};
    use serde_json::json;

    let settings_codes: Vec<&str> = crate::settings::ErrorCode::ALL
        .iter()
        .map(|c| c.code())
        .collect();
    let critical_labels: Vec<&str> = crate::shell::critical::labels::LABELS
        .iter()
        .map(|(label, _)| *label)
        .collect();
    let mut out = String::from(
        "// Generated from toolgate's Rust types by `src/typescript.rs`; do not edit.\n\
         // Regenerate: TOOLGATE_BLESS=1 cargo test --lib typescript\n\n",
    );
    for part in [
        union(
            "ValidationCode",
            "Why a call cannot run.",
            codes::VALIDATION,
        ),
        union(
            "ResolutionCode",
            "Which step of the resolution order decided, and how.",
            codes::RESOLUTION,
        ),
        union(
            "PromptCode",
            "How the prompt settled a call.",
            codes::PROMPT,
        ),
        union(
            "CriticalLabel",
            "A critical command's label (see `src/shell/critical/labels.rs`).",
            &critical_labels,
        ),
        union(
            "SettingsErrorCode",
            "A thrown settings `Error`'s `code`.",
            &settings_codes,
        ),
        "/** A verdict's code: validation's or the deciding step's. */\n\
         export type VerdictCode = ValidationCode | ResolutionCode;\n"
            .to_string(),
        "/** An outcome's code: the verdict's, or the prompt's. */\n\
         export type OutcomeCode = VerdictCode | PromptCode;\n"
            .to_string(),
        decl::<Tier>(),
        decl::<Decision>(),
        decl::<Policy>(),
        decl::<Locality>(),
        decl::<Step>(),
        decl::<DecidedBy>(),
        decl::<Mode>(),
        decl::<Platform>(),
        decl::<crate::shell::Shell>(),
        decl::<crate::settings::RecursiveReads>(),
        input::<Settings>(json!({})),
        input::<Rules>(json!({})),
        decl::<RuleEntry>(),
        decl::<Dropped>(),
        input::<ToolSpec>(json!({ "tier": "read" })),
        input::<ClineActions>(json!({})),
        input::<ClineAutoApproval>(json!({})),
        input::<TurnGrants>(json!({})),
        decl::<crate::mcp::Target>(),
        decl::<BlockedPath>(),
        decl::<Invalid>(),
        decl::<Verdict>(),
        decl::<Outcome>(),
        decl::<ApprovalRequest>(),
        decl::<TraceStep>(),
        decl::<Explanation>(),
        decl::<Change>(),
        decl::<CommandSummary>(),
        decl::<Imported>(),
    ] {
        out.push_str(&part);
        out.push('\n');
    }
    close_on_own_line(&out)
}

/// Puts a multi-line type's closing `}` on a line of its own: the JS glue generator re-indents the
/// custom section, opening a level at a line ending in `{` and closing one only at a line
/// starting with `}`, so ts-rs's `last: T, };` would indent everything after it.
fn close_on_own_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let closes = line.matches('}').count() > line.matches('{').count();
        match line.rfind('}') {
            Some(at) if closes && !line.trim_start().starts_with('}') => {
                out.push_str(line[..at].trim_end());
                out.push('\n');
                out.push_str(&line[at..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}

#[test]
fn the_shipped_typescript_is_generated_from_the_types() {
    let want = generated();
    if std::env::var_os("TOOLGATE_BLESS").is_some() {
        std::fs::write(PATH, &want).expect("write the TypeScript");
        return;
    }
    let have = std::fs::read_to_string(PATH).unwrap_or_default();
    assert!(
        have == want,
        "src/wasm/types.d.ts is stale: regenerate it with TOOLGATE_BLESS=1 cargo test --lib typescript"
    );
}

#[test]
fn defaulted_fields_are_marked_optional() {
    let cases = [
        (
            "type A = { a: string, b: number, };",
            "type A = { a: string, b?: number, };",
        ),
        (
            "type A = { b: { b: x }, c: y };",
            "type A = { b?: { b: x }, c: y };",
        ),
        (
            "type A = { /** b: x */ b: x };",
            "type A = { /** b: x */ b?: x };",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(mark_optional(text, |f| f == "b"), want, "{text}");
    }
}
