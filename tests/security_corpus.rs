//! The security corpus through the core (see tests/security/mod.rs for the format); the same
//! cases go through the JS `Gatekeeper` in tests/wasm_security_corpus.rs.
#![cfg(not(target_arch = "wasm32"))]

mod security;

use security::{malformed, tool_call, Outcome};
use toolgate::engine::{Begin, Engine};
use toolgate::settings::Settings;
use toolgate::verdict::Step;
use toolgate::{Decision, ToolCall};

/// The JS config read into [`Settings`] by the reader the facade uses.
fn config(json: &str) -> Result<Settings, String> {
    Settings::read(&mut serde_json::Deserializer::from_str(json)).map_err(|e| e.to_string())
}

/// `check` alone: it validates first, denying exactly what `validate` refuses.
fn judge(engine: &Engine, call: &ToolCall) -> Result<Outcome, String> {
    let v = engine.check(call);
    let validated = engine.validate(call).err().map(|e| e.code);
    let gated = (v.step == Step::Validation).then_some(v.code);
    if validated != gated || (gated.is_some() && v.decision != Decision::Deny) {
        return Err(format!("validate says {validated:?} but check says {v:?}"));
    }
    // authorize's engine half agrees: without a prompt UI a prompt is a deny there
    match engine.begin(call, false) {
        Begin::Settled(o) => assert_eq!(o.allowed, v.decision == Decision::Allow),
        Begin::Ask(..) => panic!("begin asked without a prompt"),
    }
    Ok(match v.decision {
        Decision::Allow => Outcome::Allow,
        Decision::Prompt => Outcome::Prompt,
        Decision::Deny => Outcome::Deny,
    })
}

#[test]
fn every_case_gets_its_expected_answer() {
    security::run(|config_json, call| {
        let engine = Engine::new(config(config_json)?).map_err(|e| e.to_string())?;
        // what the facade refuses before the core sees it is a deny
        match malformed(call) {
            Some(_) => Ok(Outcome::Deny),
            None => judge(&engine, &tool_call(call)),
        }
    });
}

#[test]
fn every_corpus_file_is_listed() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/security");
    for entry in std::fs::read_dir(dir).expect("corpus folder") {
        let name = entry
            .expect("entry")
            .file_name()
            .into_string()
            .expect("name");
        if let Some(stem) = name.strip_suffix(".tsv") {
            assert!(
                security::FILES.iter().any(|(n, _)| *n == stem),
                "{name} is not listed in tests/security/mod.rs FILES"
            );
        }
    }
}

#[test]
fn an_empty_corpus_file_fails() {
    let empty = std::panic::catch_unwind(|| security::parse_file("empty", "# a comment\n\n"));
    assert!(
        empty.is_err(),
        "a file of comments and blank lines must fail"
    );
    let one = security::parse_file("one", "allow\tls\ta listing\n");
    assert_eq!(one.cases.len(), 1);
}
