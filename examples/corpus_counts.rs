//! Per-file counts for a folder of security corpus files (the format of tests/security/mod.rs),
//! registered or not: how many attacks are let through and how many ordinary commands are
//! over-blocked. For tracking a held-out or not-yet-registered corpus while fixing it:
//!
//!     cargo run --example corpus_counts -- tests/fixtures/security-r3 [-v]
//!
//! `-v` lists each failing case. A `gemini-*.json` file in the folder is an importer corpus:
//! Gemini CLI policies, each with the calls its import must keep from being allowed
//! (`enforced`, unless a warning says the rule is not enforced or not carried; `notAllowed`,
//! since an allow may only become narrower) and the calls it must leave allowed (`allowed`).
//! Judged through the core's `check`, as the native corpus runner does.

#[allow(dead_code)]
#[path = "../tests/security/mod.rs"]
mod security;

use security::{malformed, parse_file, tool_call, Expect, Outcome};
use toolgate::engine::Engine;
use toolgate::settings::Settings;
use toolgate::Decision;

fn outcome(engine: &Engine, call: &str) -> Outcome {
    if malformed(call).is_some() {
        return Outcome::Deny;
    }
    match engine.check(&tool_call(call)).decision {
        Decision::Allow => Outcome::Allow,
        Decision::Prompt => Outcome::Prompt,
        Decision::Deny => Outcome::Deny,
    }
}

/// (attacks, attacks allowed, attacks blocked otherwise than expected (a prompt for a deny),
/// controls, controls over-blocked).
fn tsv(name: &str, text: &str, verbose: bool) -> Result<[usize; 5], String> {
    let corpus = parse_file(Box::leak(name.to_owned().into_boxed_str()), text);
    let engine_for = |config: &str| -> Result<Engine, String> {
        let settings = Settings::read(&mut serde_json::Deserializer::from_str(config))
            .map_err(|e| e.to_string())?;
        Engine::new(settings).map_err(|e| e.to_string())
    };
    // one engine per config: a `#>` section has its own
    let mut engine = (corpus.config.clone(), engine_for(&corpus.config)?);
    let mut counts = [0; 5];
    for case in &corpus.cases {
        let config = case.config(&corpus);
        if config != engine.0 {
            engine = (config.clone(), engine_for(&config)?);
        }
        let got = outcome(&engine.1, &case.call);
        let control = case.expect == Expect::Allow;
        counts[if control { 3 } else { 0 }] += 1;
        if !case.expect.accepts(got) {
            counts[match (control, got) {
                (true, _) => 4,
                (false, Outcome::Allow) => 1,
                (false, _) => 2,
            }] += 1;
            if verbose {
                println!(
                    "  {name}:{} want {:?}, got {got:?}: {} ({})",
                    case.line, case.expect, case.input, case.why
                );
            }
        }
    }
    Ok(counts)
}

/// As [`tsv`]: (must not be allowed, allowed anyway, 0, must stay allowed, not allowed).
#[cfg(feature = "text-importers")]
fn gemini(name: &str, text: &str, verbose: bool) -> Result<[usize; 5], String> {
    use serde_json::Value;
    use toolgate::import::gemini::{self, GeminiContext};
    let cases: Vec<Value> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut counts = [0; 5];
    let command = |c: &Value| match c {
        Value::String(s) => serde_json::json!({
            "tool": "execute_command",
            "params": { "command": s, "requires_approval": false }
        })
        .to_string(),
        other => other.to_string(),
    };
    let list = |c: &Value, key: &str| c[key].as_array().cloned().unwrap_or_default();
    for case in &cases {
        let label = case["name"].as_str().unwrap_or("?");
        let policy = case["policy"].as_str().ok_or("a case without a policy")?;
        let imported = gemini::policy(
            policy,
            GeminiContext {
                mode: case["mode"].as_str(),
            },
        )
        .map_err(|e| format!("{label}: {e}"))?;
        let reported = imported.warnings.iter().any(|w| {
            let w = w.to_lowercase();
            w.contains("not enforced") || w.contains("not carried")
        });
        let engine = Engine::new(imported.config).map_err(|e| format!("{label}: {e}"))?;
        let mut judge = |calls: Vec<Value>, want_allowed: bool, excused: bool| {
            for call in calls {
                let slot = if want_allowed { 3 } else { 0 };
                counts[slot] += 1;
                let allowed = outcome(&engine, &command(&call)) == Outcome::Allow;
                if allowed != want_allowed && !excused {
                    counts[slot + 1] += 1;
                    if verbose {
                        let want = if want_allowed {
                            "allowed"
                        } else {
                            "not allowed"
                        };
                        println!(
                            "  {name} {label}: want {want}: {call} ({:?})",
                            imported.warnings
                        );
                    }
                }
            }
        };
        judge(list(case, "enforced"), false, reported);
        judge(list(case, "notAllowed"), false, false);
        judge(list(case, "allowed"), true, false);
    }
    Ok(counts)
}

#[cfg(not(feature = "text-importers"))]
fn gemini(_: &str, _: &str, _: bool) -> Result<[usize; 5], String> {
    Err("needs the text-importers feature".into())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let dir = args
        .iter()
        .find(|a| *a != "-v")
        .map_or("tests/fixtures/security-r3", |s| s.as_str());
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("entry").file_name().into_string().expect("name"))
        .filter(|n| n.ends_with(".tsv") || (n.starts_with("gemini-") && n.ends_with(".json")))
        .collect();
    names.sort();
    let mut total = [0; 5];
    println!("file\tattacks\tallowed\tother answer\tcontrols\tover-blocked");
    for name in &names {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).expect("readable");
        let counts = match name.strip_suffix(".tsv") {
            Some(stem) => tsv(stem, &text, verbose),
            None => gemini(name, &text, verbose),
        };
        match counts {
            Ok(c) => {
                let row = c.map(|n| n.to_string()).join("\t");
                println!("{name}\t{row}");
                total.iter_mut().zip(c).for_each(|(t, c)| *t += c);
            }
            Err(e) => println!("{name}\terror: {e}"),
        }
    }
    println!("total\t{}", total.map(|n| n.to_string()).join("\t"));
}
