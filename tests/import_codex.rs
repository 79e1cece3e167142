//! Codex execpolicy importer: rule by rule, then a realistic rules file
//! (tests/fixtures/import/codex.rules) whose examples the built engine checks again.
#![cfg(feature = "text-importers")]

use toolgate::engine::Engine;
use toolgate::import::codex;
use toolgate::verdict::Decision;
use toolgate::ToolCall;

const RULES: &str = include_str!("fixtures/import/codex.rules");

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The rules' texts (their examples aside).
fn texts(entries: &[toolgate::settings::RuleEntry]) -> Vec<String> {
    entries.iter().map(|e| e.rule.clone()).collect()
}

/// `execute_command(p)` and `bash(p)` for each pattern.
fn cmd(patterns: &[&str]) -> Vec<String> {
    patterns
        .iter()
        .flat_map(|p| [format!("execute_command({p})"), format!("bash({p})")])
        .collect()
}

#[test]
fn rules_table() {
    // (file, allow, ask, deny, warnings)
    #[rustfmt::skip]
    let cases: Vec<(&str, Vec<String>, Vec<String>, Vec<String>, Vec<&str>)> = vec![
        (r#"prefix_rule(pattern = ["ls"])"#, cmd(&["ls *"]), vec![], vec![], vec![]),
        (r#"prefix_rule(["ls"], "prompt")"#, vec![], cmd(&["ls *"]), vec![], vec![]),
        (r#"prefix_rule(pattern = ["git", ["push", "reset"]], decision = "forbidden")"#,
            vec![], vec![], cmd(&["git push *", "git reset *"]), vec![]),
        (r#"prefix_rule(pattern = [["a", "b"], ["c", "d"]])"#, cmd(&["a c *", "a d *", "b c *", "b d *"]), vec![], vec![], vec![]),
        (r#"prefix_rule(pattern = ["npm", "run", "*"])"#, vec![], vec![], vec![],
            vec![r#"Codex prefix_rule() on line 1: not carried over: the prefix "npm run *" has a token with a space, `*` or `?`, or an empty one, which a toolgate pattern cannot spell (the allow would be broader)"#]),
        (r#"prefix_rule(pattern = ["git", "commit -m"], decision = "forbidden")"#, vec![], vec![], cmd(&["git commit -m *"]),
            vec![r#"Codex prefix_rule() on line 1: the prefix "git commit -m" has a token with a space, `*` or `?`, or an empty one: toolgate's deny matches more than Codex's"#]),
        (r#"prefix_rule(pattern = ["echo", "("])"#, vec![], vec![], vec![],
            vec![r#"Codex prefix_rule() on line 1: not carried over: the prefix "echo (" has unbalanced parentheses, which toolgate rules cannot hold"#]),
        (r#"prefix_rule(pattern = ["rm"], decision = "deny")"#, vec![], vec![], vec![],
            vec![r#"Codex prefix_rule() on line 1: not carried over: decision "deny" is not allow, prompt or forbidden (Codex refuses the file)"#]),
        (r#"prefix_rule(pattern = [])"#, vec![], vec![], vec![],
            vec!["Codex prefix_rule() on line 1: not carried over: pattern must be a non-empty list of strings or lists of strings"]),
        (r#"prefix_rule(pattern = ["rm"], decision = "forbidden", justification = "no")"#, vec![], vec![], cmd(&["rm *"]),
            vec!["Codex prefix_rule() on line 1: justification is not carried (toolgate's reason names the rule instead)"]),
        // examples: one that toolgate's translation does not decide is reported
        (r#"prefix_rule(pattern = ["rm", "-rf"], decision = "forbidden", match = ["sudo rm -rf /", "rm -rf x"])"#,
            vec![], vec![], cmd(&["rm -rf *"]), vec![]),
        (r#"prefix_rule(pattern = ["git", "status"], match = ["git status | sh"])"#, cmd(&["git status *"]), vec![], vec![],
            vec![r#"Codex prefix_rule() on line 1: match example "git status | sh" is not decided by toolgate's translation ("execute_command(git status *)") (narrower: it asks instead)"#]),
        (r#"prefix_rule(pattern = ["rm", "-rf"], decision = "forbidden", match = ["rm -r -f x"])"#, vec![], vec![], cmd(&["rm -rf *"]),
            vec![r#"Codex prefix_rule() on line 1: match example "rm -r -f x" is not decided by toolgate's translation ("execute_command(rm -rf *)"); this deny is NOT enforced for it"#]),
        // a not_match toolgate would allow drops the allow
        (r#"prefix_rule(pattern = ["git"], not_match = ["git push"])"#, vec![], vec![], vec![],
            vec![r#"Codex prefix_rule() on line 1: not carried over: not_match example "git push" would be allowed by toolgate's translation (broader)"#]),
        (r#"prefix_rule(pattern = ["rm"], decision = "forbidden", not_match = ["RM x"])"#, vec![], vec![], cmd(&["rm *"]),
            vec![r#"Codex prefix_rule() on line 1: not_match example "RM x" is matched by toolgate's translation: the deny is broader than Codex's"#]),
        (r#"host_executable(name = "git", paths = ["/usr/bin/git"])"#, vec![], vec![], vec![],
            vec!["Codex host_executable() on line 1: not carried over: toolgate does not tie a program name to paths (deny and ask rules also meet a path-named command by its name; allow rules only as written)"]),
        (r#"network_rule(host = "a.example", protocol = "https", decision = "deny")"#, vec![], vec![], vec![],
            vec!["Codex network_rule() on line 1: not carried over: toolgate has no network rules; this deny is NOT enforced"]),
        (r#"exec_rule(x = 1)"#, vec![], vec![], vec![],
            vec!["Codex exec_rule() on line 1: not carried over: not an execpolicy rule toolgate knows"]),
        (r#"prefix_rule(pattern = ["ls"], when = "x")"#, vec![], vec![], vec![],
            vec!["Codex prefix_rule() on line 1: not carried over: unexpected argument `when` (Codex refuses the file)"]),
    ];
    for (text, allow, ask, deny, warnings) in cases {
        let imported = codex::rules(text).expect("parses");
        let rules = imported.config.rules.clone();
        assert_eq!(
            (texts(&rules.allow), texts(&rules.ask), texts(&rules.deny)),
            (allow, ask, deny),
            "{text}"
        );
        assert_eq!(imported.warnings, strings(&warnings), "{text}");
        // whatever was carried builds, its examples holding
        Engine::new(imported.config).expect(text);
    }
}

#[test]
fn refuses_what_it_cannot_read() {
    for text in [
        "RULES = []",
        "prefix_rule(pattern = P)",
        "x = load(\"x.star\")",
        "prefix_rule(",
    ] {
        assert!(codex::rules(text).is_err(), "{text}");
    }
}

#[test]
fn realistic_rules_file() {
    let imported = codex::rules(RULES).expect("fixture parses");
    let rules = imported.config.rules.clone();
    assert_eq!(
        texts(&rules.allow),
        cmd(&[
            "git status *",
            "git log *",
            "git diff *",
            "cargo test *",
            "cargo build *"
        ])
    );
    assert_eq!(texts(&rules.ask), cmd(&["git push *"]));
    assert_eq!(texts(&rules.deny), cmd(&["rm -rf *", "rm -fr *"]));
    assert_eq!(
        imported.warnings,
        strings(&[
            "Codex prefix_rule() on line 9: justification is not carried (toolgate's reason names the rule instead)",
            "Codex prefix_rule() on line 16: justification is not carried (toolgate's reason names the rule instead)",
            r#"Codex prefix_rule() on line 24: not carried over: the prefix "npm run *" has a token with a space, `*` or `?`, or an empty one, which a toolgate pattern cannot spell (the allow would be broader)"#,
            r#"Codex prefix_rule() on line 29: match example "cargo test && rm -rf /" is not decided by toolgate's translation ("execute_command(cargo test *)" and "execute_command(cargo build *)") (narrower: it asks instead)"#,
            "Codex host_executable() on line 34: not carried over: toolgate does not tie a program name to paths (deny and ask rules also meet a path-named command by its name; allow rules only as written)",
            "Codex network_rule() on line 36: not carried over: toolgate has no network rules; this deny is NOT enforced",
        ])
    );
    // the examples that held are carried, each on the alternative that decides it
    let r = &imported.config.rules;
    let all = || r.allow.iter().chain(&r.ask).chain(&r.deny);
    let ex = |rule: &str| all().find(|e| e.rule == rule).cloned();
    let status = ex("execute_command(git status *)").expect("examples");
    assert_eq!(
        (status.matches, status.not_matches),
        (
            strings(&["git status"]),
            strings(&["git push", "git stash"])
        )
    );
    assert_eq!(
        ex("bash(rm -fr *)").map(|e| e.matches),
        Some(strings(&["rm -fr /tmp/x"]))
    );
    assert_eq!(
        ex("execute_command(cargo test *)").map(|e| e.matches),
        Some(strings(&["cargo test -q"]))
    );
    assert_eq!(
        all()
            .filter(|e| !e.matches.is_empty() || !e.not_matches.is_empty())
            .count(),
        14
    );
    let engine = Engine::new(imported.config.clone()).expect("the carried examples hold");
    for (command, want) in [
        ("git status", Decision::Allow),
        ("git log -3 --stat", Decision::Allow),
        ("git push origin main", Decision::Prompt),
        ("rm -fr /tmp/x", Decision::Deny),
        ("sudo rm -rf build", Decision::Deny),
        ("cargo test && rm -rf /", Decision::Deny),
        ("npm run build", Decision::Allow), // the mode (yolo) decides: the rule was not carried
    ] {
        let call = ToolCall::new("execute_command")
            .with("command", command)
            .with("requires_approval", true);
        assert_eq!(engine.check(&call).decision, want, "{command}");
    }
    // a broken carried example is caught when the engine is built
    let mut broken = imported;
    broken.config.rules.allow[0]
        .matches
        .push("git commit".into());
    let err = Engine::new(broken.config).err().expect("refused");
    assert!(
        err.message
            .contains("example \"git commit\" should match but does not"),
        "{err}"
    );
}
