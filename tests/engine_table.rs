//! The approval engine, table-driven: the mode × tier table, each step of the resolution order
//! beating the next, the harness's stated cases, and Cline's AutoApprove truth table.

use toolgate::engine::{Answer, Begin, DecidedBy, Engine, PromptResult};
use toolgate::policy::{ClineActions, ClineAutoApproval, Mode, Policy};
use toolgate::settings::Settings;
use toolgate::verdict::{Decision, Locality, Step};
use toolgate::ToolCall;

const ROOT: &str = "/ws";

fn engine_with(f: impl FnOnce(&mut Settings)) -> Engine {
    let mut c = Settings {
        workspace_roots: vec![ROOT.into()],
        ..Settings::default()
    };
    f(&mut c);
    Engine::new(c).expect("valid config")
}

fn call(tool: &str, params: &[(&str, &str)]) -> ToolCall {
    params
        .iter()
        .fold(ToolCall::new(tool), |c, (k, v)| c.with(k, *v))
}

/// `c` with every required param it lacks filled in (the table is about the policy, and
/// `check` validates first).
fn complete(mut c: ToolCall) -> ToolCall {
    let catalogue = toolgate::catalogue::Catalogue::default();
    for name in &catalogue.spec(&c.tool).required {
        // `a|b`: either param; the first one is given
        let name = name.split('|').next().unwrap_or(name);
        if c.param(name).is_none() {
            c = c.with(name, "x");
        }
    }
    c
}

/// A representative call per tier.
fn tier_call(tier: &str) -> ToolCall {
    match tier {
        "read" => call("read_file", &[("path", "src/main.rs")]),
        "write" => call(
            "write_to_file",
            &[("path", "src/main.rs"), ("content", "x")],
        ),
        "exec" => call(
            "execute_command",
            &[("command", "npm test"), ("requires_approval", "false")],
        ),
        "browser" => call("browser_action", &[("action", "launch")]),
        "mcp" => call("use_mcp_tool", &[("server_name", "s"), ("tool_name", "t")]),
        "interaction" => call("ask_followup_question", &[("question", "?")]),
        other => panic!("no tier {other}"),
    }
}

fn d(s: &str) -> Decision {
    match s {
        "allow" => Decision::Allow,
        "prompt" => Decision::Prompt,
        "deny" => Decision::Deny,
        _ => panic!("bad decision {s}"),
    }
}

#[test]
fn mode_by_tier() {
    // mode, tier, expected
    let table = [
        ("always-ask", "read", "prompt"),
        ("always-ask", "write", "prompt"),
        ("always-ask", "exec", "prompt"),
        ("always-ask", "browser", "prompt"),
        ("always-ask", "mcp", "prompt"),
        ("always-ask", "interaction", "prompt"),
        ("alwaysAsk", "read", "prompt"),
        ("write", "read", "allow"),
        ("write", "write", "prompt"),
        ("write", "exec", "prompt"),
        ("write", "browser", "prompt"),
        ("write", "mcp", "prompt"),
        ("write", "interaction", "allow"),
        ("yolo", "read", "allow"),
        ("yolo", "write", "allow"),
        ("yolo", "exec", "allow"),
        ("yolo", "browser", "allow"),
        ("yolo", "mcp", "allow"),
        ("yolo", "interaction", "allow"),
        ("unattended", "read", "allow"),
        ("unattended", "write", "allow"),
        ("unattended", "exec", "allow"),
        ("unattended", "browser", "allow"),
        ("unattended", "mcp", "allow"),
        ("unattended", "interaction", "allow"),
    ];
    for (mode, tier, want) in table {
        let e = engine_with(|c| c.mode = Some(Mode::parse(mode).unwrap()));
        let v = e.check(&tier_call(tier));
        assert_eq!(v.decision, d(want), "mode {mode}, tier {tier}: {v:?}");
        assert_eq!(v.step, Step::Policy, "mode {mode}, tier {tier}");
    }
}

#[test]
fn default_mode_is_yolo_and_unknown_tools_are_exec() {
    let e = engine_with(|_| {});
    assert_eq!(e.mode(), Mode::Yolo);
    let e = engine_with(|c| c.mode = Some(Mode::Write));
    let v = e.check(&call("some_unknown_tool", &[]));
    assert_eq!(v.decision, Decision::Prompt);
    assert!(v.reason.contains("exec tool"), "{}", v.reason);
}

#[test]
fn each_step_beats_the_next() {
    let bash = || call("bash", &[("command", "git status")]);
    // (what is configured, expected decision, expected step)
    type Setup = fn(&mut Engine);
    let cases: &[(&str, Setup, &str, Step)] = &[
        (
            "deny override beats turn allow",
            |e| {
                e.set_override("bash", Policy::Deny, None);
                e.grant_for_turn(["bash".to_string()], []);
            },
            "deny",
            Step::DenyOverride,
        ),
        (
            "turn deny beats allow override",
            |e| {
                e.grant_for_turn([], ["bash".to_string()]);
                e.set_override("bash", Policy::Allow, None);
            },
            "deny",
            Step::TurnDeny,
        ),
        (
            "allow override beats turn allow's absence under always-ask",
            |e| {
                e.set_mode(Mode::AlwaysAsk);
                e.set_override("bash", Policy::Allow, None);
            },
            "allow",
            Step::Override,
        ),
        (
            "prompt override beats turn allow",
            |e| {
                e.set_override("bash", Policy::Prompt, None);
                e.grant_for_turn(["bash".to_string()], []);
            },
            "prompt",
            Step::Override,
        ),
        (
            "turn allow beats always-ask",
            |e| {
                e.set_mode(Mode::AlwaysAsk);
                e.grant_for_turn(["bash".to_string()], []);
            },
            "allow",
            Step::TurnAllow,
        ),
        (
            "always-allow beats always-ask",
            |e| {
                e.set_mode(Mode::AlwaysAsk);
                e.allow_always("bash");
            },
            "allow",
            Step::AlwaysAllow,
        ),
        (
            "policy decides when nothing else does",
            |e| {
                e.set_mode(Mode::AlwaysAsk);
            },
            "prompt",
            Step::Policy,
        ),
    ];
    for (name, setup, want, step) in cases {
        let mut e = engine_with(|_| {});
        setup(&mut e);
        let v = e.check(&bash());
        assert_eq!((v.decision, v.step), (d(want), *step), "{name}: {v:?}");
    }
}

#[test]
fn harness_stated_cases() {
    // Deny override wins under yolo.
    let e = engine_with(|c| c.overrides = [("write".into(), Policy::Deny)].into());
    let v = e.check(&call("write", &[("path", "a"), ("content", "")]));
    assert_eq!((v.decision, v.code), (Decision::Deny, "deny_override"));

    // Allow override beats always-ask.
    let e = engine_with(|c| {
        c.mode = Some(Mode::AlwaysAsk);
        c.overrides = [("read".into(), Policy::Allow)].into();
    });
    assert_eq!(
        e.check(&call("read", &[("path", "a")])).decision,
        Decision::Allow
    );

    // Prompt override prompts under yolo, and its reason names the origin.
    let e = engine_with(|c| {
        c.overrides = [("bash".into(), Policy::Prompt)].into();
        c.override_origins = [("bash".to_string(), "host always-prompt guard".to_string())].into();
    });
    let v = e.check(&call("bash", &[("command", "ls")]));
    assert_eq!(v.decision, Decision::Prompt);
    assert!(
        v.reason.ends_with("(from: host always-prompt guard)."),
        "{}",
        v.reason
    );
    assert_eq!(v.origin.as_deref(), Some("host always-prompt guard"));

    // Without an origin, no "(from: …)".
    let e = engine_with(|c| c.overrides = [("bash".into(), Policy::Prompt)].into());
    let v = e.check(&call("bash", &[("command", "ls")]));
    assert!(!v.reason.contains("from:"), "{}", v.reason);
    assert_eq!(v.origin, None);

    // "always" makes the second call skip the prompt.
    let mut e = engine_with(|c| c.mode = Some(Mode::AlwaysAsk));
    let c = call("read", &[("path", "a")]);
    let Begin::Ask(_, verdict) = e.begin(&c, true) else {
        panic!("expected a prompt")
    };
    let (outcome, change) = e.finish(&c, verdict, PromptResult::Answered(Answer::Always));
    assert!(outcome.allowed && change.is_some());
    let Begin::Settled(second) = e.begin(&c, true) else {
        panic!("expected no prompt")
    };
    assert!(second.allowed);
    assert_eq!(second.verdict.step, Step::AlwaysAllow);

    // No UI → deny.
    let e = engine_with(|c| c.mode = Some(Mode::AlwaysAsk));
    let Begin::Settled(o) = e.begin(&c, false) else {
        panic!("no UI must settle")
    };
    assert_eq!(
        (o.allowed, o.code, o.decided_by),
        (false, "no_approval_ui", DecidedBy::NoUi)
    );
}

#[test]
fn always_allowed_tools_sorted_without_duplicates() {
    let mut e = engine_with(|c| c.always_allow = vec!["write".into(), "bash".into()]);
    e.allow_always("read");
    assert!(
        e.allow_always("bash").is_none(),
        "a duplicate is not a change"
    );
    assert_eq!(
        e.always_allowed_tools().collect::<Vec<_>>(),
        ["bash", "read", "write"]
    );
}

#[test]
fn failed_prompts_change_nothing() {
    let results = [
        PromptResult::Failed("boom".into()),
        PromptResult::Garbage("\"yes\"".into()),
        PromptResult::TimedOut(10),
        PromptResult::Aborted("user left".into()),
        PromptResult::NoUi,
        PromptResult::Answered(Answer::Deny),
    ];
    let codes = [
        "prompt_failed",
        "prompt_invalid_answer",
        "prompt_timeout",
        "prompt_aborted",
        "no_approval_ui",
        "user_deny",
    ];
    for (result, code) in results.into_iter().zip(codes) {
        let mut e = engine_with(|c| c.mode = Some(Mode::AlwaysAsk));
        let c = call("read", &[("path", "a")]);
        let Begin::Ask(_, verdict) = e.begin(&c, true) else {
            panic!()
        };
        let (o, change) = e.finish(&c, verdict, result);
        assert_eq!((o.allowed, o.code), (false, code));
        assert!(change.is_none());
        assert_eq!(e.always_allowed_tools().count(), 0);
    }
}

#[test]
fn invalid_calls_never_reach_the_prompt() {
    let e = engine_with(|c| c.mode = Some(Mode::AlwaysAsk));
    let Begin::Settled(o) = e.begin(&call("read_file", &[]), true) else {
        panic!()
    };
    assert_eq!(
        (o.allowed, o.code, o.decided_by),
        (false, "missing_param", DecidedBy::Validation)
    );
    assert_eq!(o.verdict.step, Step::Validation);
}

/// `check` validates first: every invalid call is a deny at step `validation` with the
/// validation code, in every mode and whatever grants the tool has, exactly as `authorize`
/// settles it; a streaming, partial call says what it lacks.
#[test]
fn check_denies_what_validation_refuses() {
    use toolgate::Value;
    let with = |tool: &str, params: Vec<(&str, Value)>| ToolCall {
        tool: tool.into(),
        params: params
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    };
    let rm = || Value::from("rm -rf ~");
    let no = || Value::Bool(false);
    let cases = [
        (with("read_file", vec![]), "missing_param"),
        (
            with("read_file", vec![("path", Value::from("  "))]),
            "missing_param",
        ),
        (
            with("read_file", vec![("path", Value::Null)]),
            "missing_param",
        ),
        (
            with("write_to_file", vec![("path", "a".into())]),
            "missing_param",
        ),
        (
            with("execute_command", vec![("command", rm())]),
            "missing_param",
        ),
        (
            with("read_file", vec![("path", ".env".into())]),
            "ignored_path",
        ),
        (
            with("bash", vec![("command", "cat .env".into())]),
            "ignored_path",
        ),
        (
            with("read_file", vec![("path", Value::Number(5.0))]),
            "invalid_param",
        ),
        (
            with("read_file", vec![("path", Value::Bool(false))]),
            "invalid_param",
        ),
        (with("ls", vec![("path", Value::Other)]), "invalid_param"),
        (
            with("read_file", vec![("path", Value::InvalidStr)]),
            "invalid_param",
        ),
        (
            with("read_file", vec![("path", "a\0b".into())]),
            "invalid_path",
        ),
        (
            with(
                "execute_command",
                vec![("command", Value::Other), ("requires_approval", no())],
            ),
            "invalid_param",
        ),
        (
            with(
                "execute_command",
                vec![("command", Value::InvalidStr), ("requires_approval", no())],
            ),
            "invalid_param",
        ),
        (
            with(
                "execute_command",
                vec![
                    ("command", "ls\0; rm -rf ~".into()),
                    ("requires_approval", no()),
                ],
            ),
            "invalid_param",
        ),
        (
            with("bash", vec![("command", Value::Number(1.0))]),
            "invalid_param",
        ),
        (
            with("apply_patch", vec![("input", Value::Other)]),
            "invalid_param",
        ),
        (with("", vec![]), "invalid_call"),
        (with(" \t", vec![]), "invalid_call"),
        (
            with(" read_file", vec![("path", ".env".into())]),
            "invalid_call",
        ),
        (
            with("read_file\0", vec![("path", ".env".into())]),
            "invalid_call",
        ),
        (
            with("bash\n", vec![("command", "cat .env".into())]),
            "invalid_call",
        ),
    ];
    for mode in [Mode::Yolo, Mode::Unattended, Mode::AlwaysAsk] {
        let mut e = engine_with(|c| {
            c.mode = Some(mode);
            c.ignore_file = Some(".env\n".into());
        });
        for (c, _) in &cases {
            e.set_override(&c.tool, Policy::Allow, None);
            e.allow_always(&c.tool);
        }
        for (c, code) in &cases {
            let v = e.check(c);
            assert_eq!(
                (v.decision, v.step, v.code),
                (Decision::Deny, Step::Validation, *code),
                "{c:?}"
            );
            assert_eq!(e.explain(c).verdict, v, "{c:?}");
            let Begin::Settled(o) = e.begin(c, true) else {
                panic!("{c:?} reached the prompt")
            };
            assert_eq!(
                (o.allowed, o.decided_by, &o.verdict),
                (false, DecidedBy::Validation, &v)
            );
        }
    }
    // the well-formed twins are resolved as before
    let e = engine_with(|c| c.ignore_file = Some(".env\n".into()));
    for (c, want) in [
        (
            with("read_file", vec![("path", "src/a.rs".into())]),
            Decision::Allow,
        ),
        (with("ls", vec![]), Decision::Allow),
        (
            with(
                "execute_command",
                vec![("command", rm()), ("requires_approval", no())],
            ),
            Decision::Prompt,
        ),
        (
            with("bash", vec![("command", "ls".into())]),
            Decision::Allow,
        ),
    ] {
        let v = e.check(&c);
        assert_eq!(v.decision, want, "{c:?}: {v:?}");
        assert_ne!(v.step, Step::Validation);
    }
}

/// Cline's AutoApprove: (settings, tool, path or None, expected).
#[test]
fn cline_truth_table() {
    fn s(f: impl FnOnce(&mut ClineActions)) -> ClineAutoApproval {
        let mut c = ClineAutoApproval::default();
        f(&mut c.actions);
        c
    }
    let none = ClineAutoApproval::default();
    let yolo = ClineAutoApproval {
        yolo_mode_toggled: true,
        ..none
    };
    let all = ClineAutoApproval {
        auto_approve_all_toggled: true,
        ..none
    };
    let read = s(|a| a.read_files = true);
    let read_ext_only = s(|a| a.read_files_externally = true);
    let read_both = s(|a| {
        a.read_files = true;
        a.read_files_externally = true
    });
    let edit = s(|a| a.edit_files = true);
    let edit_both = s(|a| {
        a.edit_files = true;
        a.edit_files_externally = true
    });
    let browser = s(|a| a.use_browser = true);
    let mcp = s(|a| a.use_mcp = true);
    let legacy_off = ClineAutoApproval {
        enabled: Some(false),
        ..read_both
    };
    let cases: &[(&str, ClineAutoApproval, &str, Option<&str>, &str)] = &[
        ("nothing on", none, "read_file", Some("src/a.rs"), "prompt"),
        (
            "readFiles local",
            read,
            "read_file",
            Some("src/a.rs"),
            "allow",
        ),
        (
            "readFiles external",
            read,
            "read_file",
            Some("/etc/hosts"),
            "prompt",
        ),
        (
            "readFiles no path counts as external",
            read,
            "use_subagents",
            None,
            "prompt",
        ),
        (
            "external alone needs local",
            read_ext_only,
            "read_file",
            Some("/etc/hosts"),
            "prompt",
        ),
        (
            "external alone, local path",
            read_ext_only,
            "read_file",
            Some("src/a.rs"),
            "prompt",
        ),
        (
            "read both external",
            read_both,
            "read_file",
            Some("/etc/hosts"),
            "allow",
        ),
        (
            "read both no path",
            read_both,
            "use_subagents",
            None,
            "allow",
        ),
        (
            "read both, relative escape",
            read_both,
            "list_files",
            Some("../other"),
            "allow",
        ),
        (
            "readFiles does not cover edits",
            read_both,
            "write_to_file",
            Some("src/a.rs"),
            "prompt",
        ),
        (
            "editFiles local",
            edit,
            "replace_in_file",
            Some("src/a.rs"),
            "allow",
        ),
        (
            "editFiles external",
            edit,
            "write_to_file",
            Some("/tmp/notes.txt"),
            "prompt",
        ),
        (
            "edit both external",
            edit_both,
            "write_to_file",
            Some("/tmp/x"),
            "allow",
        ),
        ("useBrowser", browser, "browser_action", None, "allow"),
        (
            "useBrowser covers web_fetch",
            browser,
            "web_fetch",
            None,
            "allow",
        ),
        (
            "useBrowser alone is not MCP",
            browser,
            "use_mcp_tool",
            None,
            "prompt",
        ),
        ("useMcp", mcp, "access_mcp_resource", None, "allow"),
        (
            "yolo reads external",
            yolo,
            "read_file",
            Some("/etc/hosts"),
            "allow",
        ),
        (
            "yolo edits external",
            yolo,
            "write_to_file",
            Some("/tmp/notes.txt"),
            "allow",
        ),
        (
            "yolo edits /etc: a place where a write grants execution",
            yolo,
            "write_to_file",
            Some("/etc/hosts"),
            "prompt",
        ),
        ("yolo browser", yolo, "web_search", None, "allow"),
        (
            "yolo never covers questions",
            yolo,
            "ask_followup_question",
            None,
            "prompt",
        ),
        (
            "yolo never covers completion",
            yolo,
            "attempt_completion",
            None,
            "prompt",
        ),
        (
            "approve-all edits external",
            all,
            "write_to_file",
            Some("/tmp/notes.txt"),
            "allow",
        ),
        (
            "approve-all new_task still asks",
            all,
            "new_task",
            None,
            "prompt",
        ),
        (
            "legacy enabled:false turns actions off",
            legacy_off,
            "read_file",
            Some("src/a.rs"),
            "prompt",
        ),
    ];
    for (name, settings, tool, path, want) in cases {
        let e = engine_with(|c| c.auto_approval = Some(*settings));
        let mut c = ToolCall::new(*tool);
        if let Some(p) = path {
            c = c.with("path", *p);
        }
        let v = e.check(&complete(c));
        assert_eq!(v.decision, d(want), "{name}: {v:?}");
    }
}

#[test]
fn cline_commands_safe_vs_all() {
    fn s(safe: bool, all: bool) -> ClineAutoApproval {
        let mut c = ClineAutoApproval::default();
        c.actions.execute_safe_commands = safe;
        c.actions.execute_all_commands = all;
        c
    }
    // (safe flag, all flag, requires_approval, expected)
    let cases = [
        (false, false, "false", "prompt"),
        (true, false, "false", "allow"),
        (true, false, "true", "prompt"),
        (false, true, "true", "prompt"), // "all" only counts together with "safe"
        (true, true, "true", "allow"),
        (true, true, "false", "allow"),
    ];
    for (safe, all, requires, want) in cases {
        let e = engine_with(|c| c.auto_approval = Some(s(safe, all)));
        let v = e.check(&call(
            "execute_command",
            &[("command", "ls -la"), ("requires_approval", requires)],
        ));
        assert_eq!(
            v.decision,
            d(want),
            "safe={safe} all={all} requires_approval={requires}: {v:?}"
        );
    }
}

#[test]
fn multi_root_locality_is_inside_any_root() {
    let e = engine_with(|c| {
        c.workspace_roots = vec!["/ws".into(), "/other/root".into()];
        let mut a = ClineAutoApproval::default();
        a.actions.read_files = true;
        c.auto_approval = Some(a);
    });
    let cases = [
        ("/ws/a.txt", Locality::Local, "allow"),
        ("/other/root/b.txt", Locality::Local, "allow"),
        ("/wsx/a.txt", Locality::External, "prompt"),
        ("/other/rootx", Locality::External, "prompt"),
    ];
    for (path, locality, want) in cases {
        let v = e.check(&call("read_file", &[("path", path)]));
        assert_eq!((v.locality, v.decision), (locality, d(want)), "{path}");
    }
}

#[test]
fn mode_switch_replaces_cline_settings() {
    let mut e = engine_with(|c| c.auto_approval = Some(ClineAutoApproval::default()));
    assert_eq!(e.check(&tier_call("read")).decision, Decision::Prompt);
    e.set_mode(Mode::Yolo);
    assert_eq!(e.check(&tier_call("read")).decision, Decision::Allow);
    assert!(e.auto_approval().is_none());
}

#[test]
fn bad_config_names_the_field() {
    let cases: Vec<(Settings, &str)> = vec![
        (
            Settings {
                prompt_timeout_ms: Some(u32::MAX),
                ..Settings::default()
            },
            "promptTimeoutMs",
        ),
        (
            Settings {
                override_origins: [("x".to_string(), "y".to_string())].into(),
                ..Settings::default()
            },
            "overrideOrigins.x",
        ),
        (
            Settings {
                workspace_roots: vec!["/a\0b".into()],
                ..Settings::default()
            },
            "workspaceRoots[0]",
        ),
    ];
    for (config, field) in cases {
        let err = Engine::new(config).err().expect("must fail");
        assert_eq!(err.field, field, "{err}");
    }
}

/// The settings when the answer arrives decide: a deny made while the prompt was open (by an
/// override, a turn deny, a deny rule, an ignore line) wins over "once" and "always", which
/// then change nothing; a change that does not deny leaves the answer standing.
#[test]
fn a_deny_made_while_the_prompt_is_open_wins_over_the_answer() {
    type Change = fn(&mut Engine);
    let changes: &[(&str, Change, Option<&str>)] = &[
        ("nothing", |_| {}, None),
        (
            "deny override",
            |e| {
                e.set_override("read", Policy::Deny, None);
            },
            Some("deny_override"),
        ),
        (
            "turn deny",
            |e| {
                e.grant_for_turn([], ["read".to_string()]);
            },
            Some("turn_deny"),
        ),
        (
            "deny rule",
            |e| {
                let rules = toolgate::settings::Rules {
                    deny: vec!["read(a)".into()],
                    ..Default::default()
                };
                e.set_rules(rules).unwrap();
            },
            Some("deny_rule"),
        ),
        (
            "ignore line",
            |e| {
                e.set_ignore_file(Some("a\n".into()), Default::default())
                    .unwrap();
            },
            Some("ignored_path"),
        ),
        (
            "allow override",
            |e| {
                e.set_override("read", Policy::Allow, None);
            },
            None,
        ),
    ];
    let c = call("read", &[("path", "a")]);
    for answer in [Answer::Once, Answer::Always] {
        for (what, change, denied) in changes {
            let mut e = engine_with(|s| s.mode = Some(Mode::AlwaysAsk));
            let Begin::Ask(_, verdict) = e.begin(&c, true) else {
                panic!("expected a prompt")
            };
            change(&mut e);
            let (o, recorded) = e.finish(&c, verdict, PromptResult::Answered(answer));
            match denied {
                Some(code) => {
                    assert_eq!((o.allowed, o.code), (false, *code), "{what} {answer:?}");
                    assert_eq!(o.verdict, e.check(&c), "{what}: the verdict of now");
                    assert!(recorded.is_none(), "{what} {answer:?}");
                    assert!(!e.is_always_allowed("read"), "{what} {answer:?}");
                }
                None => {
                    assert!(o.allowed, "{what} {answer:?}");
                    assert_eq!(recorded.is_some(), answer == Answer::Always, "{what}");
                }
            }
        }
    }
}
