//! Every tool of both originals' registries (tests/fixtures/conformance/registries.tsv) that
//! writes, writing a git hook: each asks at step 4 in yolo, with the same label, and the same
//! tool writing an ordinary file does not. A tool added to the registries that writes is
//! checked without touching this test.

use toolgate::catalogue::Tier;
use toolgate::engine::Engine;
use toolgate::settings::Settings;
use toolgate::verdict::{Decision, Step};
use toolgate::ToolCall;

const REGISTRIES: &str = include_str!("fixtures/conformance/registries.tsv");

/// Exec tools with no command param: they write nothing themselves (`task` starts subagents,
/// whose own calls pass through the gate).
const NO_WRITES: &[&str] = &["task"];

fn engine() -> Engine {
    Engine::new(Settings {
        workspace_roots: vec!["/ws".into()],
        ..Settings::default()
    })
    .expect("valid")
}

/// `tool` writing `path`, built from its catalogue entry: every path param names it, a patch
/// param holds a patch that adds it, a command param copies a file onto it, and every other
/// required param has a value.
fn writing(engine: &Engine, tool: &str, path: &str) -> Option<ToolCall> {
    let spec = engine.catalogue().spec(tool);
    let mut call = ToolCall::new(tool);
    let mut writes = false;
    for p in &spec.paths {
        call = call.with(p, path);
        writes = true;
    }
    if let Some(p) = &spec.patch {
        let patch = format!("*** Begin Patch\n*** Add File: {path}\n+x\n*** End Patch");
        call = call.with(p, patch.as_str());
        writes = true;
    }
    if let Some(c) = &spec.command {
        call = call
            .with(c, format!("cp /tmp/x {path}").as_str())
            .with("requires_approval", "false");
        writes = true;
    }
    for entry in &spec.required {
        let first = entry.split('|').next().unwrap_or(entry);
        if call.param(first).is_none() && !entry.split('|').any(|p| call.param(p).is_some()) {
            call = call.with(first, "x");
        }
    }
    writes.then_some(call)
}

#[test]
fn every_tool_that_writes_asks_before_writing_a_hook() {
    let engine = engine();
    let mut checked = Vec::new();
    for line in REGISTRIES.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (registry, tool, tier) = (cols[0], cols[1], cols[3]);
        let spec_tier = engine.catalogue().spec(tool).tier;
        assert_eq!(
            spec_tier.as_str(),
            tier,
            "{registry} {tool}: registries.tsv is stale"
        );
        if !matches!(spec_tier, Tier::Write | Tier::Exec) {
            continue;
        }
        let Some(call) = writing(&engine, tool, ".git/hooks/pre-commit") else {
            assert!(
                NO_WRITES.contains(&tool),
                "{registry} {tool}: a {tier} tool with no path, patch or command param"
            );
            continue;
        };
        let v = engine.check(&call);
        assert_eq!(
            (v.decision, v.step, v.critical.as_deref()),
            (Decision::Prompt, Step::Critical, Some("git-hook-write")),
            "{registry} {tool}: {}",
            v.reason
        );
        assert!(v.reason.contains("version-control"), "{tool}: {}", v.reason);
        let ordinary = writing(&engine, tool, "src/main.rs").expect("writes");
        let o = engine.check(&ordinary);
        assert!(
            o.step != Step::Critical && o.critical.is_none(),
            "{registry} {tool} writing src/main.rs: {}",
            o.reason
        );
        checked.push(format!("{registry}:{tool}"));
    }
    // Cline: write_to_file, replace_in_file, new_rule, apply_patch, execute_command; the
    // harness: write, edit, bash, lsp
    assert!(checked.len() >= 9, "{checked:?}");
}
