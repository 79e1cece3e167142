//! The security corpus through the core (see tests/security/mod.rs for the format); the same
//! cases go through the JS `Gatekeeper` in tests/wasm_security_corpus.rs.
#![cfg(not(target_arch = "wasm32"))]

mod security;

use security::{malformed, tool_call, Outcome};
use serde_json::Value as Json;
use toolgate::config::Config;
use toolgate::engine::{Begin, Engine};
use toolgate::platform::Platform;
use toolgate::policy::Mode;
use toolgate::verdict::Step;
use toolgate::{Decision, ToolCall};

/// The JS config's keys the corpus uses, read into a native [`Config`].
fn config(json: &str) -> Result<Config, String> {
    let v: serde_json::Map<String, Json> = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let strings = |v: &Json| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut c = Config::default();
    for (key, value) in &v {
        match key.as_str() {
            "workspaceRoots" => c.workspace_roots = strings(value),
            "ignoreFile" => c.ignore_file = value.as_str().map(String::from),
            "ignoreFileName" => {
                c.ignore_file_name = value.as_str().ok_or("ignoreFileName")?.to_string()
            }
            "caseInsensitivePaths" => c.case_insensitive_paths = value.as_bool(),
            "platform" => {
                let p = value.as_str().unwrap_or("");
                c.platform = Some(Platform::parse(p).ok_or("bad platform")?);
            }
            "mode" => {
                c.mode = Mode::parse(value.as_str().unwrap_or("")).ok_or("bad mode")?;
            }
            "rules" => {
                c.rules = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?
            }
            "autoApproval" => {
                c.auto_approval =
                    Some(serde_json::from_value(value.clone()).map_err(|e| e.to_string())?)
            }
            "alwaysAllow" => c.always_allow = strings(value),
            "tools" => {
                let tools: std::collections::BTreeMap<String, toolgate::ToolSpec> =
                    serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
                c.tools = tools.into_iter().collect();
            }
            other => {
                return Err(format!(
                    "the native runner does not read config key {other:?}"
                ))
            }
        }
    }
    Ok(c)
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
