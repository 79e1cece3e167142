//! MCP identity, table-driven: which calls each MCP name covers (in rules, overrides, turn
//! grants and always-allow), how names are matched (exact for allow, ASCII case folded for
//! deny and ask), malformed names failing closed, and "always" persisting one server's tool.

use toolgate::engine::{Answer, Begin, Engine, PromptResult};
use toolgate::mcp::{self, Pattern, Target};
use toolgate::policy::{Mode, Policy};
use toolgate::settings::{RuleEntry, Rules, Settings};
use toolgate::verdict::{Decision, Step};
use toolgate::ToolCall;

/// A call written in one of the three spellings: `cline:server/tool`, `res:server`
/// (a resource read) or a plain tool name (`mcp__server__tool`).
fn call(spec: &str) -> ToolCall {
    if let Some(rest) = spec.strip_prefix("cline:") {
        let (server, tool) = rest.rsplit_once('/').unwrap();
        ToolCall::new("use_mcp_tool")
            .with("server_name", server)
            .with("tool_name", tool)
            .with("arguments", "{}")
    } else if let Some(server) = spec.strip_prefix("res:") {
        ToolCall::new("access_mcp_resource")
            .with("server_name", server)
            .with("uri", "repo://issues/1")
    } else {
        ToolCall::new(spec)
    }
}

fn engine(f: impl FnOnce(&mut Settings)) -> Engine {
    let mut c = Settings {
        workspace_roots: vec!["/ws".into()],
        mode: Some(Mode::AlwaysAsk),
        ..Settings::default()
    };
    f(&mut c);
    Engine::new(c).expect("valid config")
}

fn strings(l: &[&str]) -> Vec<String> {
    l.iter().map(|s| s.to_string()).collect()
}

fn entries(l: &[&str]) -> Vec<RuleEntry> {
    l.iter().map(|s| RuleEntry::from(*s)).collect()
}

#[test]
fn names_parse_or_fail_closed() {
    // (written, Some((server or "*", member)) | None = not an MCP name | "ERR")
    #[rustfmt::skip]
    let cases: &[(&str, &str)] = &[
        ("mcp(github)",                     "github · everything"),
        ("mcp(github/*)",                   "github · everything"),
        ("mcp(github/create_issue)",        "github · tool create_issue"),
        ("mcp(github/get_*)",               "github · prefix get_"),
        ("mcp(github/@resources)",          "github · resources"),
        ("mcp(*)",                          "* · everything"),
        ("mcp(*/search)",                   "* · tool search"),
        ("mcp(*/*)",                        "* · everything"),
        ("mcp(github.com/org/repo/*)",      "github.com/org/repo · everything"),
        ("mcp(github.com/org/repo)",        "github.com/org · tool repo"),
        ("mcp(My Server/t)",                "My Server · tool t"),
        ("mcp__github",                     "github · everything"),
        ("mcp__github__*",                  "github · everything"),
        ("mcp__github__create_issue",       "github · tool create_issue"),
        ("mcp__github__a__b",               "github · tool a__b"),
        ("use_mcp_tool",                    "not mcp"),
        ("mcpx",                            "not mcp"),
        ("mcp(github",                      "ERR"),
        ("mcp()",                           "ERR"),
        ("mcp(/t)",                         "ERR"),
        ("mcp(github/)",                    "ERR"),
        ("mcp( github/t)",                  "ERR"),
        ("mcp(github/create issue)",        "ERR"),
        ("mcp(github/a:b)",                 "ERR"),
        ("mcp(gіthub/t)",                   "ERR"), // Cyrillic і
        ("mcp(github/crеate)",              "ERR"), // Cyrillic е
        ("mcp(git*/t)",                     "ERR"),
        ("mcp(github/*x)",                  "ERR"),
        ("mcp__",                           "ERR"),
        ("mcp____t",                        "ERR"),
        ("mcp__git.hub__t",                 "ERR"),
        ("mcp__github__",                   "ERR"),
    ];
    for (written, want) in cases {
        let got = match Pattern::parse(written) {
            Ok(None) => "not mcp".to_string(),
            Err(_) => "ERR".to_string(),
            Ok(Some(p)) => format!(
                "{} · {}",
                p.server.as_deref().unwrap_or("*"),
                match &p.member {
                    mcp::Member::Everything => "everything".to_string(),
                    mcp::Member::Tool(t) => format!("tool {t}"),
                    mcp::Member::ToolPrefix(t) => format!("prefix {t}"),
                    mcp::Member::Resources => "resources".to_string(),
                }
            ),
        };
        assert_eq!(&got, want, "{written}");
        assert_eq!(mcp::is_mcp_key(written), *want != "not mcp", "{written}");
    }
}

#[test]
fn calls_are_identified_in_every_spelling() {
    #[rustfmt::skip]
    let cases: &[(&str, &str)] = &[
        ("cline:github/create_issue",           "github/create_issue"),
        ("cline:github.com/org/repo/get_file",  "github.com/org/repo/get_file"),
        ("res:github",                          "github/@resources"),
        ("mcp__github__create_issue",           "github/create_issue"),
        ("mcp__github__a__b",                   "github/a__b"),
        ("read_file",                           "none"),
        ("mcp__github",                         "invalid"),
        ("mcp____x",                            "invalid"),
        ("cline:github/create issue",           "invalid"),
        ("cline:github/crеate",                 "invalid"),
        ("cline: github/t",                     "invalid"),
        ("cline:gi*hub/t",                      "invalid"),
        ("cline:git\u{7}hub/t",                 "invalid"),
    ];
    for (spec, want) in cases {
        let got = match mcp::target(&call(spec)) {
            Ok(None) => "none".to_string(),
            Ok(Some(t)) => format!("{}/{}", t.server, t.tool.as_deref().unwrap_or("@resources")),
            Err(_) => "invalid".to_string(),
        };
        assert_eq!(&got, want, "{spec}");
    }
    // a malformed name fails validation, so every entry point denies it
    let e = engine(|c| c.rules.allow = entries(&["use_mcp_tool", "mcp(*)"]));
    for (spec, code) in [
        ("cline:github/create issue", "invalid_mcp_name"),
        ("cline:gіthub/t", "invalid_mcp_name"),
        ("mcp__x", "invalid_mcp_name"),
        ("cline: x /t", "invalid_mcp_name"),
        ("cline:/t", "missing_param"),
    ] {
        let v = e.check(&call(spec));
        assert_eq!(
            (v.decision, v.step, v.code),
            (Decision::Deny, Step::Validation, code),
            "{spec}"
        );
        assert!(e.validate(&call(spec)).is_err(), "{spec}");
    }
}

/// (rules: allow, ask, deny) × call → decision; the mode asks for everything else.
#[test]
fn rules_name_servers_and_tools() {
    #[rustfmt::skip]
    let cases: &[(&[&str], &[&str], &[&str], &str, &str)] = &[
        // allow: exact server and tool
        (&["mcp(github)"],              &[], &[], "cline:github/create_issue",  "allow"),
        (&["mcp(github)"],              &[], &[], "res:github",                 "allow"),
        (&["mcp(github)"],              &[], &[], "mcp__github__create_issue",  "allow"),
        (&["mcp(github)"],              &[], &[], "cline:gitlab/create_issue",  "prompt"),
        (&["mcp(github)"],              &[], &[], "cline:GitHub/create_issue",  "prompt"),
        (&["mcp(github)"],              &[], &[], "cline:github2/x",            "prompt"),
        (&["mcp(github/create_issue)"], &[], &[], "cline:github/create_issue",  "allow"),
        (&["mcp(github/create_issue)"], &[], &[], "cline:github/Create_Issue",  "prompt"),
        (&["mcp(github/create_issue)"], &[], &[], "cline:github/create_issues", "prompt"),
        (&["mcp(github/create_issue)"], &[], &[], "res:github",                 "prompt"),
        (&["mcp(github/get_*)"],        &[], &[], "cline:github/get_issue",     "allow"),
        (&["mcp(github/get_*)"],        &[], &[], "cline:github/delete_repo",   "prompt"),
        (&["mcp(github/@resources)"],   &[], &[], "res:github",                 "allow"),
        (&["mcp(github/@resources)"],   &[], &[], "cline:github/get_issue",     "prompt"),
        (&["mcp(*)"],                   &[], &[], "cline:anything/t",           "allow"),
        (&["mcp(*/search)"],            &[], &[], "cline:docs/search",          "allow"),
        (&["mcp(*/search)"],            &[], &[], "cline:docs/fetch",           "prompt"),
        (&["mcp__github__create_issue"],&[], &[], "cline:github/create_issue",  "allow"),
        (&["mcp__github"],              &[], &[], "mcp__github__x",             "allow"),
        (&["mcp(github.com/o/r/*)"],    &[], &[], "cline:github.com/o/r/t",     "allow"),
        (&["mcp(github.com/o/r/*)"],    &[], &[], "cline:github.com/o/t",       "prompt"),
        // the tool's own name still covers every call of it
        (&["use_mcp_tool"],             &[], &[], "cline:github/x",             "allow"),
        (&["use_mcp_tool"],             &[], &[], "res:github",                 "prompt"),
        // deny and ask: any level wins, ASCII case ignored
        (&["mcp(github)"], &[], &["mcp(github/delete_repo)"], "cline:github/delete_repo", "deny"),
        (&["mcp(github)"], &[], &["mcp(github/delete_repo)"], "cline:github/DELETE_REPO", "deny"),
        (&["mcp(github)"], &[], &["mcp(GitHub)"],             "mcp__github__x",           "deny"),
        (&["mcp(github)"], &[], &["use_mcp_tool"],            "cline:github/x",           "deny"),
        (&["mcp(github/x)"], &["mcp(github)"], &[],           "cline:github/x",           "prompt"),
        (&["use_mcp_tool"], &["mcp(github/x)"], &[],          "cline:github/x",           "prompt"),
        (&["mcp(github/x)"], &["use_mcp_tool"], &[],          "cline:github/x",           "prompt"),
        (&[], &[], &["mcp(*)"],                               "res:s",                    "deny"),
        (&[], &[], &["mcp(github)"],                          "read_file",                "prompt"),
    ];
    for (allow, ask, deny, spec, want) in cases {
        let e = engine(|c| {
            c.rules = Rules {
                allow: entries(allow),
                ask: entries(ask),
                deny: entries(deny),
                ..Rules::default()
            }
        });
        let mut c = call(spec);
        if c.tool == "read_file" {
            c = c.with("path", "a");
        }
        let v = e.check(&c);
        assert_eq!(
            v.decision.as_str(),
            *want,
            "{allow:?} {ask:?} {deny:?} {spec}: {}",
            v.reason
        );
    }
}

#[test]
fn malformed_rules_and_keys_are_refused() {
    for rule in ["mcp(github/)", "mcp(gіthub)", "mcp__", "mcp(a/b c)"] {
        let e = Engine::new(Settings {
            rules: Rules {
                deny: entries(&["bash", rule]),
                ..Rules::default()
            },
            ..Settings::default()
        });
        let e = e.err().expect(rule);
        assert_eq!(
            (e.field.as_str(), e.code),
            ("rules.deny[1]", "invalid-rule"),
            "{rule}"
        );
        let e = Engine::new(Settings {
            overrides: [(rule.to_string(), Policy::Deny)].into_iter().collect(),
            ..Settings::default()
        });
        assert_eq!(
            e.err().map(|e| e.field),
            Some(format!("overrides.{rule}")),
            "{rule}"
        );
        let e = Engine::new(Settings {
            always_allow: strings(&[rule]),
            ..Settings::default()
        });
        assert_eq!(
            e.err().map(|e| (e.field, e.code)),
            Some(("alwaysAllow[0]".to_string(), "invalid-value")),
            "{rule}"
        );
    }
    // a native caller can still set one: a deny then covers every MCP call, an allow none
    let mut e = engine(|_| {});
    e.set_override("mcp(github/)", Policy::Deny, None);
    assert_eq!(e.check(&call("cline:other/t")).decision, Decision::Deny);
    let mut e = engine(|_| {});
    e.set_override("mcp(github/)", Policy::Allow, None);
    e.allow_always("mcp(gіthub)");
    assert_eq!(e.check(&call("cline:github/t")).decision, Decision::Prompt);
}

/// Overrides: a deny at any level wins; otherwise the most specific name decides.
#[test]
fn overrides_the_most_specific_decides_a_deny_anywhere_wins() {
    #[rustfmt::skip]
    let cases: &[(&[(&str, Policy)], &str, &str, &str)] = &[
        (&[("mcp(github)", Policy::Allow)],                                   "cline:github/x", "allow",  "override"),
        (&[("mcp(github)", Policy::Allow), ("mcp(github/x)", Policy::Prompt)], "cline:github/x", "prompt", "override"),
        (&[("mcp(github)", Policy::Prompt), ("mcp(github/x)", Policy::Allow)], "cline:github/x", "allow",  "override"),
        (&[("use_mcp_tool", Policy::Prompt), ("mcp(github)", Policy::Allow)],  "cline:github/x", "allow",  "override"),
        (&[("use_mcp_tool", Policy::Allow), ("mcp(github)", Policy::Prompt)],  "cline:github/x", "prompt", "override"),
        (&[("use_mcp_tool", Policy::Allow)],                                  "cline:github/x", "allow",  "override"),
        (&[("mcp(github)", Policy::Deny), ("mcp(github/x)", Policy::Allow)],   "cline:github/x", "deny",   "deny-override"),
        (&[("mcp(github/x)", Policy::Deny)],                                  "cline:github/X", "deny",   "deny-override"),
        (&[("use_mcp_tool", Policy::Deny), ("mcp(github/x)", Policy::Allow)],  "cline:github/x", "deny",   "deny-override"),
        (&[("mcp(github/x)", Policy::Allow)],                                 "cline:github/X", "prompt", "policy"),
        (&[("mcp__github__x", Policy::Allow)],                                "cline:github/x", "allow",  "override"),
        (&[("mcp(github/x)", Policy::Allow)],                                 "mcp__github__x", "allow",  "override"),
    ];
    for (overrides, spec, want, step) in cases {
        let e =
            engine(|c| c.overrides = overrides.iter().map(|(k, p)| (k.to_string(), *p)).collect());
        let v = e.check(&call(spec));
        assert_eq!(
            (v.decision.as_str(), v.step.as_str()),
            (*want, *step),
            "{overrides:?} {spec}: {}",
            v.reason
        );
    }
}

#[test]
fn turn_grants_and_always_allow_name_servers() {
    let mut e = engine(|c| c.always_allow = strings(&["mcp(docs)"]));
    assert_eq!(e.check(&call("cline:docs/search")).step, Step::AlwaysAllow);
    assert_eq!(
        e.check(&call("cline:github/search")).decision,
        Decision::Prompt
    );
    e.grant_for_turn(strings(&["mcp(github/get_*)"]), strings(&["mcp__docs"]));
    assert_eq!(
        e.check(&call("cline:github/get_issue")).step,
        Step::TurnAllow
    );
    assert_eq!(
        e.check(&call("cline:github/create_issue")).decision,
        Decision::Prompt
    );
    let v = e.check(&call("cline:DOCS/search"));
    assert_eq!((v.decision, v.step), (Decision::Deny, Step::TurnDeny));
    assert!(
        v.reason
            .contains("'mcp__docs' (MCP tool 'search' of server 'DOCS')"),
        "{}",
        v.reason
    );
}

#[test]
fn always_persists_that_servers_tool_only() {
    for (spec, key, other) in [
        (
            "cline:github/create_issue",
            "mcp(github/create_issue)",
            "cline:github/delete_repo",
        ),
        (
            "mcp__github__create_issue",
            "mcp(github/create_issue)",
            "cline:gitlab/create_issue",
        ),
        (
            "res:github",
            "mcp(github/@resources)",
            "cline:github/create_issue",
        ),
        (
            "cline:github.com/o/r/t",
            "mcp(github.com/o/r/t)",
            "cline:github.com/o/r/u",
        ),
    ] {
        let mut e = engine(|_| {});
        let Begin::Ask(request, verdict) = e.begin(&call(spec), true) else {
            panic!("{spec} should ask");
        };
        assert!(request.mcp.is_some(), "{spec}");
        let (outcome, change) =
            e.finish(&call(spec), verdict, PromptResult::Answered(Answer::Always));
        assert!(outcome.allowed, "{spec}");
        assert!(change.is_some(), "{spec}");
        assert_eq!(
            e.always_allowed_tools().collect::<Vec<_>>(),
            vec![key],
            "{spec}"
        );
        assert_eq!(e.check(&call(spec)).step, Step::AlwaysAllow, "{spec}");
        assert_eq!(
            e.check(&call(other)).decision,
            Decision::Prompt,
            "{spec} → {other}"
        );
    }
}

#[test]
fn verdicts_requests_and_explain_name_the_server_and_tool() {
    let e = engine(|c| c.rules.deny = entries(&["mcp(github/delete_repo)"]));
    let v = e.check(&call("cline:github/delete_repo"));
    let want = Target {
        server: "github".into(),
        tool: Some("delete_repo".into()),
        uri: None,
    };
    assert_eq!(v.mcp.as_ref(), Some(&want));
    assert_eq!(v.rule.as_deref(), Some("mcp(github/delete_repo)"));
    assert_eq!(
        v.reason,
        "Denied by rule `mcp(github/delete_repo)` on MCP tool 'delete_repo' of server 'github'."
    );
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(
        json["mcp"],
        serde_json::json!({"server": "github", "tool": "delete_repo"})
    );
    let v = e.check(&call("res:github"));
    assert_eq!(
        serde_json::to_value(&v).unwrap()["mcp"],
        serde_json::json!({"server": "github", "uri": "repo://issues/1"})
    );
    assert!(e.check(&call("read_file").with("path", "a")).mcp.is_none());
    let x = e.explain(&call("cline:github/get_issue"));
    let note = &x.steps[0].note;
    assert!(
        note.contains("MCP tool 'get_issue' of server 'github' (mcp(github/get_issue)"),
        "{note}"
    );
    assert_eq!(
        x.verdict.mcp.as_ref().map(|t| t.server.as_str()),
        Some("github")
    );
}

#[test]
fn mcp_rule_examples_are_checked() {
    let build = |matches: &[&str], not: &[&str]| {
        Engine::new(Settings {
            rules: Rules {
                deny: vec![RuleEntry {
                    rule: "mcp(github/delete_*)".into(),
                    matches: strings(matches),
                    not_matches: strings(not),
                }],
                ..Rules::default()
            },
            ..Settings::default()
        })
        .map(|_| ())
        .map_err(|e| e.to_string())
    };
    assert_eq!(
        build(
            &["github/delete_repo", "mcp__GitHub__delete_x"],
            &["github/get_issue", "gitlab/delete_repo"]
        ),
        Ok(())
    );
    assert!(build(&["github/get_issue"], &[])
        .unwrap_err()
        .contains("should match but does not"));
    assert!(build(&[], &["github/delete_repo"])
        .unwrap_err()
        .contains("should not match but does"));
    assert!(build(&["delete_repo"], &[])
        .unwrap_err()
        .contains("is not an MCP tool"));
}

#[test]
fn mcp_tool_names_are_tier_mcp() {
    let c = toolgate::catalogue::Catalogue::default();
    assert_eq!(c.spec("mcp__github__x").tier, toolgate::Tier::Mcp);
    assert_eq!(c.spec("mcpx").tier, toolgate::Tier::Exec);
}
