//! The bypass corpus (tests/fixtures/bypass/corpus.tsv): known ways past agent command gates,
//! each with the class it belongs to and where it was reported against a real agent. Every
//! case must come out denied (by validation, as `authorize` does first, or by the engine) or
//! prompting — never allowed — under two configs:
//!
//! - the default: mode `yolo`, allow rules for the plausible prefixes the cases start with,
//!   a realistic .clineignore, one workspace root on a case-insensitive file system (macOS);
//! - Cline's most permissive non-YOLO settings: every action flag on (safe and all commands,
//!   reads and edits inside and outside the workspace, browser, MCP), same rules and ignore
//!   file; commands carry the model's `requires_approval: false`.
#![cfg(not(target_arch = "wasm32"))]

#[allow(dead_code)] // the corpus runner's parts; this file shares its unescape
mod security;

use security::unescape;

use toolgate::engine::{Begin, Engine};
use toolgate::policy::{ClineActions, ClineAutoApproval};
use toolgate::settings::{Rules, Settings};
use toolgate::{Decision, ToolCall, Value};

const CORPUS: &str = include_str!("fixtures/bypass/corpus.tsv");

const CLINEIGNORE: &str = "\
# secrets
.env
.env.*
!.env.example
secrets/
*.pem
*.key
id_rsa
config/credentials.json
";

const CLASSES: &[&str] = &[
    "chaining",
    "substitution",
    "readonly-write",
    "decoded-payload",
    "env-trick",
    "self-labelled-safe",
    "ignored-via-shell",
    "variables-and-cd",
    "traversal",
    "case-variant",
    "unicode-spoofing",
    "parser-differential",
];

struct Case {
    line: usize,
    class: String,
    input: String,
    source: String,
}

fn cases() -> Vec<Case> {
    CORPUS
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 3, "line {}: class, input, source: {l:?}", i + 1);
            Case {
                line: i + 1,
                class: cols[0].to_string(),
                input: cols[1].to_string(),
                source: cols[2].to_string(),
            }
        })
        .collect()
}

fn json_value(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
        serde_json::Value::String(s) => Value::Str(s.clone()),
        _ => Value::Other,
    }
}

fn call(case: &Case) -> ToolCall {
    if case.input.starts_with('{') {
        let json: serde_json::Value = serde_json::from_str(&case.input)
            .unwrap_or_else(|e| panic!("line {}: bad JSON: {e}", case.line));
        let mut c = ToolCall::new(json["tool"].as_str().expect("tool"));
        if let Some(params) = json["params"].as_object() {
            for (k, v) in params {
                c.params.push((k.clone(), json_value(v)));
            }
        }
        c
    } else {
        ToolCall::new("execute_command")
            .with("command", unescape(&case.input))
            .with("requires_approval", false)
    }
}

fn config() -> Settings {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    Settings {
        workspace_roots: s(&["/home/dev/app"]),
        case_insensitive_paths: Some(true),
        ignore_file: Some(CLINEIGNORE.into()),
        // The plausible prefixes the cases start with: what a user would have allowed.
        rules: Rules {
            allow: [
                "execute_command(npm test *)",
                "execute_command(git status)",
                "execute_command(git log *)",
                "execute_command(git diff *)",
                "execute_command(ls *)",
                "execute_command(cat *)",
                "execute_command(head *)",
                "execute_command(echo *)",
                "execute_command(find *)",
                "execute_command(sed *)",
                "execute_command(sort *)",
                "read_file(src/**)",
            ]
            .map(Into::into)
            .to_vec(),
            ask: vec![],
            deny: vec![],
            ..Rules::default()
        },
        ..Settings::default()
    }
}

fn cline_permissive() -> ClineAutoApproval {
    ClineAutoApproval {
        yolo_mode_toggled: false,
        auto_approve_all_toggled: false,
        enabled: None,
        actions: ClineActions::ALL,
        ..ClineAutoApproval::default()
    }
}

/// `None` when the case is stopped; else what let it through.
fn allowed(e: &Engine, c: &ToolCall) -> Option<String> {
    if e.validate(c).is_err() {
        return None;
    }
    let v = e.check(c);
    // authorize's engine half must agree: no prompt UI, so a prompt is a deny there
    match e.begin(c, false) {
        Begin::Settled(o) => assert_eq!(o.allowed, v.decision == Decision::Allow),
        Begin::Ask(..) => panic!("begin asked without a prompt"),
    }
    (v.decision == Decision::Allow).then(|| format!("{} ({})", v.reason, v.code))
}

#[test]
fn corpus_is_well_formed() {
    let cases = cases();
    assert!(cases.len() >= 80, "{} cases", cases.len());
    for class in CLASSES {
        let n = cases.iter().filter(|c| c.class == *class).count();
        assert!(n >= 3, "class {class} has {n} cases");
    }
    for c in &cases {
        assert!(
            CLASSES.contains(&c.class.as_str()),
            "line {}: unknown class {:?}",
            c.line,
            c.class
        );
        assert!(
            c.source.contains('#') || c.source.contains("GHSA-"),
            "line {}: cite a report",
            c.line
        );
    }
}

#[test]
fn no_case_is_allowed() {
    let presets = [
        ("default (yolo)", Engine::new(config()).unwrap()),
        (
            "Cline permissive",
            Engine::new(Settings {
                auto_approval: Some(cline_permissive()),
                ..config()
            })
            .unwrap(),
        ),
    ];
    let mut failures = Vec::new();
    let mut total = 0;
    for c in cases() {
        let call = call(&c);
        for (name, engine) in &presets {
            total += 1;
            if let Some(why) = allowed(engine, &call) {
                failures.push(format!(
                    "line {} [{}] {:?} allowed under {name}: {why} (reported: {})",
                    c.line, c.class, c.input, c.source
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} allowed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
