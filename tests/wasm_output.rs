//! The facade's outputs are built by its own writer, which creates the fixed texts once
//! (src/wasm/output.rs); before, serde-wasm-bindgen built them, decoding every string anew.
//! These tests prove the two give the same objects — same own keys in the same order (an absent field is not an
//! `undefined` one), same prototypes, numbers as numbers, strings exactly — over the security
//! corpus (check, explain, validate, authorize's outcomes and prompt requests), the benchmark's
//! 3,000 commands and the fuzz seeds (`analyseCommand`), every `Change`, and edge values.
//! Node and headless Chromium, as every wasm suite.
#![cfg(target_arch = "wasm32")]

#[allow(dead_code)]
mod security;
mod wasm_support;

use js_sys::{Array, Function, Reflect, JSON};
use serde::Serialize;
use toolgate::engine::{Answer, Begin, Change, Engine, PromptResult};
use toolgate::settings::Settings;
use toolgate::wasm::testing::{output, reference, validation};
use toolgate::{ToolCall, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;
use wasm_support::class;

/// `""` when `a` and `b` are the same plain data, else where they differ.
fn differ(a: &JsValue, b: &JsValue) -> String {
    thread_local! {
        static SAME: Function = Function::new_with_args(
            "a, b",
            "const go = (a, b, at) => {
               if (typeof a !== typeof b) return `${at}: ${typeof a} vs ${typeof b}`;
               if (typeof a !== 'object' || a === null || b === null)
                 return Object.is(a, b) ? '' : `${at}: ${String(a)} vs ${String(b)}`;
               if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: prototypes`;
               const ka = Reflect.ownKeys(a).map(String), kb = Reflect.ownKeys(b).map(String);
               if (ka.join('\\0') !== kb.join('\\0')) return `${at}: keys [${ka}] vs [${kb}]`;
               for (const k of Reflect.ownKeys(a)) {
                 const da = Object.getOwnPropertyDescriptor(a, k);
                 const db = Object.getOwnPropertyDescriptor(b, k);
                 for (const f of ['enumerable', 'writable', 'configurable', 'get', 'set'])
                   if (da[f] !== db[f]) return `${at}.${String(k)}: ${f}`;
                 const r = go(da.value, db.value, `${at}.${String(k)}`);
                 if (r) return r;
               }
               return '';
             };
             return go(a, b, '$');",
        );
    }
    SAME.with(|f| f.call2(&JsValue::NULL, a, b))
        .ok()
        .and_then(|r| r.as_string())
        .unwrap_or_else(|| "the comparison threw".into())
}

fn assert_same(new: &JsValue, old: &JsValue, what: &str) {
    let d = differ(new, old);
    assert!(
        d.is_empty(),
        "{what}: {d}\n new {}\n old {}",
        text(new),
        text(old)
    );
}

fn text(v: &JsValue) -> String {
    JSON::stringify(v)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| format!("{v:?}"))
}

/// Both writers give the same object for `value`, and it is not `null` (what the new one
/// gives for a value it cannot write).
fn same<T: Serialize + ?Sized>(value: &T, what: &str) -> JsValue {
    let (new, old) = (output(value), reference(value));
    assert!(!new.is_null(), "{what}: the JSON writer refused it");
    assert_same(&new, &old, what);
    new
}

/// The call as the facade reads it, or `None` for what the facade refuses before the core
/// sees it (that path's verdict is built from an `Invalid`, covered by `validation` cases).
fn tool_call(json: &str) -> Option<ToolCall> {
    use serde_json::Value as Json;
    let v: Json = serde_json::from_str(&security::mark_lone_surrogates(json)).ok()?;
    let mut c = ToolCall::new(v["tool"].as_str()?);
    if c.tool.contains(security::LONE_SURROGATE) {
        return None;
    }
    match &v["params"] {
        Json::Object(params) => {
            for (k, p) in params {
                let value = match p {
                    Json::Null => Value::Null,
                    Json::Bool(b) => Value::Bool(*b),
                    Json::Number(n) => Value::Number(n.as_f64()?),
                    Json::String(s) if s.contains(security::LONE_SURROGATE) => Value::InvalidStr,
                    Json::String(s) => Value::Str(s.clone()),
                    _ => Value::Other,
                };
                c.params.push((k.clone(), value));
            }
        }
        Json::Null => {}
        _ => return None,
    }
    Some(c)
}

fn call_method(target: &JsValue, name: &str, args: &[JsValue]) -> JsValue {
    let f: Function = Reflect::get(target, &name.into())
        .unwrap()
        .dyn_into()
        .unwrap_or_else(|_| panic!("no method {name}"));
    let args: Array = args.iter().collect();
    f.apply(target, &args)
        .unwrap_or_else(|e| panic!("{name} threw {e:?}"))
}

#[wasm_bindgen_test]
fn verdicts_explanations_validations_and_outcomes_over_the_security_corpus() {
    let class = class();
    let (mut cases, mut through_js) = (0, 0);
    for corpus in security::corpora() {
        let settings = Settings::read(&mut serde_json::Deserializer::from_str(&corpus.config))
            .expect("corpus config");
        let mut engine = Engine::new(settings).expect("corpus engine");
        let gk = Reflect::construct(&class, &Array::of1(&JSON::parse(&corpus.config).unwrap()))
            .expect("corpus Gatekeeper");
        for case in &corpus.cases {
            let at = format!("{}.tsv:{}", corpus.name, case.line);
            let Some(call) = tool_call(&case.call) else {
                continue;
            };
            cases += 1;
            let verdict = engine.check(&call);
            let old = reference(&verdict);
            same(&verdict, &format!("{at} check"));
            same(&engine.explain(&call), &format!("{at} explain"));
            let (new, old_validation) = validation(&engine.validate(&call));
            assert_same(&new, &old_validation, &format!("{at} validate"));
            // What the Gatekeeper hands JS for the same call is the old writer's object.
            let js_call = JSON::parse(&case.call).unwrap();
            let from_js = call_method(&gk, "check", &[js_call.clone()]);
            assert_same(&from_js, &old, &format!("{at} Gatekeeper.check"));
            let from_js = call_method(&gk, "validate", &[js_call]);
            assert_same(
                &from_js,
                &old_validation,
                &format!("{at} Gatekeeper.validate"),
            );
            through_js += 1;
            for has_prompt in [false, true] {
                match engine.begin(&call, has_prompt) {
                    Begin::Settled(outcome) => {
                        same(&outcome, &format!("{at} outcome"));
                    }
                    Begin::Ask(request, verdict) => {
                        same(&request, &format!("{at} request"));
                        for result in [
                            PromptResult::Answered(Answer::Once),
                            PromptResult::Answered(Answer::Deny),
                            PromptResult::NoUi,
                            PromptResult::Failed("boom".into()),
                            PromptResult::Garbage("\"maybe\"".into()),
                            PromptResult::TimedOut(5),
                            PromptResult::Aborted("the signal".into()),
                        ] {
                            let (outcome, change) =
                                engine.finish(&call.tool, verdict.clone(), result);
                            same(&outcome, &format!("{at} outcome"));
                            if let Some(change) = change {
                                same(&change, &format!("{at} change"));
                            }
                        }
                    }
                }
            }
        }
    }
    println!("{cases} cases through both writers, {through_js} also through the Gatekeeper");
    assert!(cases > 300, "only {cases} cases");
}

const COMMANDS: &str = include_str!("../bench/fixtures/commands.json");
const SEEDS: &str = include_str!("fixtures/fuzz-seeds.json");

#[wasm_bindgen_test]
fn command_summaries_over_the_benchmark_commands_and_the_fuzz_seeds() {
    let class = class();
    let strings = |v: JsValue| -> Vec<String> {
        Array::from(&v)
            .iter()
            .filter_map(|s| s.as_string())
            .collect()
    };
    let mut commands = strings(JSON::parse(COMMANDS).unwrap());
    let seeds = JSON::parse(SEEDS).unwrap();
    commands.extend(strings(
        Reflect::get(&seeds, &"shell_roundtrip".into()).unwrap(),
    ));
    commands.extend(["", "echo \"\u{1}\u{1f}\\\" \u{2028}\u{7f} 😀", "a && (b"].map(String::from));
    for command in &commands {
        let summary = toolgate::shell::analyse(command).summary();
        let old = reference(&summary);
        same(&summary, &format!("analyse {command:?}"));
        let from_js = call_method(&class, "analyseCommand", &[command.as_str().into()]);
        assert_same(
            &from_js,
            &old,
            &format!("Gatekeeper.analyseCommand({command:?})"),
        );
    }
    println!("{} commands", commands.len());
    assert!(commands.len() > 3000);
}

#[wasm_bindgen_test]
fn every_change_and_the_turn_grants() {
    let changes = [
        Change::Mode { mode: "yolo" },
        Change::AutoApproval,
        Change::Override {
            tool: "read_file".into(),
            policy: Some("deny"),
            origin: Some("a \"skill\"\n".into()),
        },
        Change::Override {
            tool: "mcp(s/t)".into(),
            policy: None,
            origin: None,
        },
        Change::AlwaysAllow { tool: "x".into() },
        Change::AlwaysAllowRevoked { tool: "x".into() },
        Change::Rules,
        Change::TurnGrants,
        Change::IgnoreFile,
        Change::WorkspaceRoots,
    ];
    for change in &changes {
        same(change, &format!("{change:?}"));
    }
    same(
        &toolgate::engine::TurnGrants {
            allow: vec!["a".into(), "b\u{0}".into()],
            deny: vec![],
        },
        "turn grants",
    );
}

#[derive(Serialize)]
struct Edges {
    text: &'static str,
    unicode: String,
    numbers: (u8, u32, i32, i64, u64, f64, f64, f64, f32),
    flags: [bool; 2],
    nested: Vec<Vec<&'static str>>,
    empty: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    absent: Option<u32>,
    present: Option<u32>,
    unskipped: Option<u32>,
    #[serde(rename = "kebab-key")]
    renamed: char,
}

#[wasm_bindgen_test]
fn edge_values_match_and_what_outputs_never_hold_is_refused() {
    let controls: String = (0u8..0x20).map(char::from).collect();
    let edges = Edges {
        text: "quote \" backslash \\ slash / tab \t",
        unicode: format!("{controls}\u{7f}\u{80}\u{2028}\u{2029}\u{fffd}\u{ffff}😀\u{10ffff}é"),
        numbers: (
            255,
            u32::MAX,
            i32::MIN,
            -(1 << 53) + 1,
            (1 << 53) - 1,
            0.1,
            -0.0,
            1e300,
            0.1,
        ),
        flags: [true, false],
        nested: vec![vec![], vec!["a", ""]],
        empty: vec![],
        absent: None,
        present: Some(7),
        unskipped: None,
        renamed: '\u{1}',
    };
    same(&edges, "edge values");
    // `undefined` where serde-wasm-bindgen writes it.
    same(&vec![None::<u32>, Some(1)], "None in a list");
    assert!(
        output(&()).is_undefined() && reference(&()).is_undefined(),
        "unit"
    );
    // What no output holds: a BigInt-sized integer, a tuple variant, a map.
    #[derive(Serialize)]
    enum Variant {
        Tuple(u8, u8),
    }
    assert!(output(&(1u64 << 53)).is_null(), "2^53");
    assert!(output(&Variant::Tuple(1, 2)).is_null(), "tuple variant");
    let keyed: std::collections::BTreeMap<u32, u32> = [(1, 2)].into();
    assert!(output(&keyed).is_null(), "a map");
    // The same fixed text twice, and a dynamic string equal to one, are the same strings.
    same(&["deny", "deny", "policy_allow", "tool"], "fixed texts");
    // A string with every control character reads back exactly.
    let back = output(&edges.unicode).as_string().unwrap();
    assert_eq!(back, edges.unicode);
}
