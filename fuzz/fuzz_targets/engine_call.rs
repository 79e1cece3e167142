//! A whole `check` / `validate` / `begin` on an arbitrary call, under five presets (yolo,
//! always-ask, write, unattended, Cline's most permissive non-YOLO settings) with a realistic
//! .clineignore and rules. Input: a JSON object `{ "tool": …, "params": {…} }`, or the text
//! form `tool\ncommand` (sent as `command`, `path` and `requires_approval: false`).
//!
//! Properties, for every preset:
//! - a deny override for the call's tool: `check` denies and `begin` does not allow;
//! - outside `unattended`, a critical or unanalysable command never comes out allowed, even
//!   with an allow override, an always-allow entry and a turn allow for the tool;
//! - adding an allow override, an always-allow entry or a turn allow never turns a deny into
//!   an allow;
//! - `check` and `begin` (authorize without a prompt) agree whenever no prompt is involved,
//!   and a call that fails validation is never allowed by `begin`;
//! - `explain` ends in the same verdict as `check`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate::engine::{Begin, DecidedBy, Engine};
use toolgate::policy::{Mode, Policy};
use toolgate::shell::{analyse, critical};
use toolgate::{Decision, ToolCall};

fuzz_target!(|data: &[u8]| {
    if data.len() > 16 * 1024 {
        return;
    }
    let Some(call) = toolgate_fuzz::fixtures::call_from(data) else {
        return;
    };
    toolgate_fuzz::fixtures::with_engines(|engines| {
        for engine in engines.iter_mut() {
            properties(engine, &call);
        }
    });
});

fn properties(engine: &mut Engine, call: &ToolCall) {
    let tool = call.tool.as_str();
    let verdict = engine.check(call);
    assert_eq!(
        engine.explain(call).verdict,
        verdict,
        "explain differs from check for {call:?}"
    );
    let valid = engine.validate(call);
    for has_prompt in [false, true] {
        match engine.begin(call, has_prompt) {
            Begin::Settled(o) => {
                if valid.is_err() {
                    assert!(
                        !o.allowed && o.decided_by == DecidedBy::Validation,
                        "{call:?}"
                    );
                } else {
                    assert_eq!(o.allowed, verdict.decision == Decision::Allow, "{call:?}");
                    assert!(has_prompt == false || verdict.decision != Decision::Prompt);
                }
            }
            Begin::Ask(_, v) => {
                assert!(has_prompt && valid.is_ok(), "{call:?}");
                assert_eq!(v, verdict, "{call:?}");
            }
        }
    }

    // What the command is, independently of the engine.
    let spec = engine.catalogue().spec(tool).clone();
    let analysis = spec
        .command
        .as_deref()
        .and_then(|name| call.param(name))
        .and_then(|v| v.as_str())
        .map(analyse);
    let must_not_allow = engine.mode() != Mode::Unattended
        && analysis
            .as_ref()
            .is_some_and(|a| a.problem.is_some() || critical::detect(a).is_some());
    let unanalysable = analysis.as_ref().is_some_and(|a| a.problem.is_some());
    if must_not_allow || unanalysable {
        assert_ne!(
            verdict.decision,
            Decision::Allow,
            "critical/unanalysable allowed: {call:?}"
        );
    }

    let previous = engine.override_for(tool).cloned();
    let restore = |engine: &mut Engine| match &previous {
        Some(o) => {
            engine.set_override(tool, o.policy, o.origin.clone());
        }
        None => {
            engine.clear_override(tool);
        }
    };

    // A deny override always wins.
    engine.set_override(tool, Policy::Deny, Some("fuzz".into()));
    let denied = engine.check(call);
    assert_eq!(
        denied.decision,
        Decision::Deny,
        "deny override lost for {call:?}"
    );
    if let Begin::Settled(o) = engine.begin(call, true) {
        assert!(!o.allowed, "deny override allowed by begin: {call:?}");
    }

    // Pressure towards allow: allow override, then turn allow.
    engine.set_override(tool, Policy::Allow, None);
    let pressed = engine.check(call);
    restore(engine);
    engine.grant_for_turn([tool.to_string()], []);
    let turned = engine.check(call);
    engine.clear_turn_grants();
    for v in [&pressed, &turned] {
        if verdict.decision == Decision::Deny {
            assert_eq!(
                v.decision,
                Decision::Deny,
                "an allow grant turned a deny into {v:?}: {call:?}"
            );
        }
        if must_not_allow || unanalysable {
            assert_ne!(
                v.decision,
                Decision::Allow,
                "critical allowed under pressure: {call:?}"
            );
        }
    }
}
