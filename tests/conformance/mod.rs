//! The originals' own test suites, ported (tests/fixtures/conformance/*.tsv): each case is one
//! input of an upstream test, with the answer the original gives and the answer toolgate gives.
//! Shared by the native runners (tests/conformance_cline.rs, tests/conformance_harness.rs) and
//! the wasm runner (tests/wasm_conformance.rs, Node and Chromium), which judge the same cases
//! through the core and through the JS `Gatekeeper`.
//!
//! A file holds cases of one upstream test file. Lines:
//! * `#= <upstream file> (<repository>)`: where the following cases come from (required);
//! * `#judge check` (`check`'s verdict: as the harness's ApprovalManager resolves by tool name,
//!   its calls carry the params their tools require, since `check` validates first) or
//!   `#judge authorize` (validate, then check);
//! * `#call <json call> <param>`: the call a plain input fills (`-`: inputs are JSON calls);
//! * `#! {json}`: the config of the following cases, on top of [`BASE_CONFIG`] (each line
//!   replaces the previous one); `"importCline": { "commandPermissions": … }` is passed
//!   through `importCline` and its config used;
//! * `#@ <describe > it>`: the upstream test the following cases come from (required);
//! * `upstream <TAB> toolgate <TAB> input <TAB> difference`: the original's answer and
//!   toolgate's, each `allow`, `prompt`, `critical` (a prompt for a critical command), `deny`
//!   or `invalid` (the config or the import is refused); `input` is a call's param (with `\n
//!   \r \t \\ \u{XXXX}` escapes) or, starting with `{`, a JSON call; `difference` is `-` when
//!   the answers agree, else `README: <text>` naming the README sentence that explains it, or
//!   `pending: <why>` for a case where toolgate must give the original's answer once another
//!   branch is merged (the case must fail until then: a pending case that passes fails the run,
//!   so the marker is removed).
//!
//! Other `#` lines are comments.

#[allow(dead_code)]
#[path = "../security/mod.rs"]
pub mod security;

/// Every ported case starts from this config, as the JS `Gatekeeper` reads it.
pub const BASE_CONFIG: &str = r#"{"workspaceRoots":["/ws"],"mode":"yolo"}"#;

/// The user documentation the differences are explained in: the README and the pages its
/// detail moved to.
pub const README: &str = concat!(
    include_str!("../../README.md"),
    include_str!("../../docs/differences.md"),
    include_str!("../../docs/settings.md"),
    include_str!("../../docs/security.md"),
    include_str!("../../docs/paths.md"),
    include_str!("../../docs/rules.md"),
    include_str!("../../docs/windows.md"),
);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Allow,
    Prompt,
    Critical,
    Deny,
    Invalid,
}

impl Outcome {
    fn parse(s: &str) -> Option<Outcome> {
        Some(match s {
            "allow" => Outcome::Allow,
            "prompt" => Outcome::Prompt,
            "critical" => Outcome::Critical,
            "deny" => Outcome::Deny,
            "invalid" => Outcome::Invalid,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judge {
    Check,
    Authorize,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Difference {
    Same,
    /// The README text that explains it.
    Intended(String),
    Pending(String),
}

/// What a case is judged with.
pub struct Setup {
    /// The config as JSON text (base plus the section's keys, without `importCline`).
    pub config: String,
    /// `importCline`'s `commandPermissions`, as JSON text (an object, or a string of JSON).
    pub command_permissions: Option<String>,
    pub judge: Judge,
}

pub struct Case {
    pub at: String,
    pub upstream_file: String,
    pub test: String,
    pub upstream: Outcome,
    pub toolgate: Outcome,
    pub input: String,
    /// The tool call as JSON text.
    pub call: String,
    pub difference: Difference,
    pub setup: std::rc::Rc<Setup>,
}

/// Every fixture file; the native runners fail when a file in the folder is missing here.
pub const FILES: &[(&str, &str)] = &[
    (
        "cline-command-permissions",
        include_str!("../fixtures/conformance/cline-command-permissions.tsv"),
    ),
    (
        "cline-ignore",
        include_str!("../fixtures/conformance/cline-ignore.tsv"),
    ),
    (
        "cline-tool-validator",
        include_str!("../fixtures/conformance/cline-tool-validator.tsv"),
    ),
    (
        "harness-approval",
        include_str!("../fixtures/conformance/harness-approval.tsv"),
    ),
    (
        "harness-bash-interceptor",
        include_str!("../fixtures/conformance/harness-bash-interceptor.tsv"),
    ),
    (
        "harness-approval-cli",
        include_str!("../fixtures/conformance/harness-approval-cli.tsv"),
    ),
];

pub fn parse(name: &str, text: &str) -> Vec<Case> {
    let base: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(BASE_CONFIG).expect("base config");
    let mut upstream_file = None;
    let mut test = None;
    let mut judge = Judge::Authorize;
    let mut template: Option<(serde_json::Value, String)> = None;
    let mut config = (base.clone(), None::<String>);
    let mut setup: Option<std::rc::Rc<Setup>> = None;
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}.tsv:{}", i + 1);
        if let Some(file) = line.strip_prefix("#= ") {
            upstream_file = Some(file.to_string());
        } else if let Some(j) = line.strip_prefix("#judge ") {
            judge = match j {
                "check" => Judge::Check,
                "authorize" => Judge::Authorize,
                other => panic!("{at}: unknown judge {other:?}"),
            };
            setup = None;
        } else if let Some(rest) = line.strip_prefix("#call ") {
            template = rest.rsplit_once(' ').and_then(|(json, param)| {
                (param != "-").then(|| {
                    let v = serde_json::from_str(json)
                        .unwrap_or_else(|e| panic!("{at}: bad call JSON: {e}"));
                    (v, param.to_string())
                })
            });
        } else if let Some(json) = line.strip_prefix("#!") {
            let mut extra: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(json).unwrap_or_else(|e| panic!("{at}: bad config: {e}"));
            let permissions = extra.remove("importCline").map(|imp| {
                let p = imp.get("commandPermissions").cloned();
                p.unwrap_or_else(|| panic!("{at}: importCline needs commandPermissions"))
                    .to_string()
            });
            let mut merged = base.clone();
            merged.extend(extra);
            config = (merged, permissions);
            setup = None;
        } else if let Some(t) = line.strip_prefix("#@ ") {
            test = Some(t.to_string());
        } else if line.trim().is_empty() || line.starts_with('#') {
            continue;
        } else {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(
                cols.len(),
                4,
                "{at}: upstream, toolgate, input, difference: {line:?}"
            );
            let outcome = |s: &str| Outcome::parse(s).unwrap_or_else(|| panic!("{at}: {s:?}"));
            let (upstream, toolgate) = (outcome(cols[0]), outcome(cols[1]));
            let difference = match cols[3] {
                "-" => Difference::Same,
                d => match (d.strip_prefix("README: "), d.strip_prefix("pending: ")) {
                    (Some(text), _) => Difference::Intended(text.to_string()),
                    (_, Some(why)) => Difference::Pending(why.to_string()),
                    _ => panic!("{at}: difference must be -, README: … or pending: …"),
                },
            };
            match &difference {
                Difference::Same | Difference::Pending(_) => assert_eq!(
                    upstream, toolgate,
                    "{at}: the answers differ: name the README sentence"
                ),
                Difference::Intended(text) => {
                    assert_ne!(upstream, toolgate, "{at}: same answers need no difference");
                    assert!(
                        README.contains(text.as_str()),
                        "{at}: README lacks {text:?}"
                    );
                }
            }
            let input = cols[2].to_string();
            let call = if input.starts_with('{') {
                let v: serde_json::Value =
                    serde_json::from_str(&input).unwrap_or_else(|e| panic!("{at}: {e}"));
                v.to_string()
            } else {
                let (mut call, param) = template
                    .clone()
                    .unwrap_or_else(|| panic!("{at}: a plain input needs #call"));
                call["params"][param.as_str()] = security::unescape(&input).into();
                call.to_string()
            };
            let setup = setup
                .get_or_insert_with(|| {
                    std::rc::Rc::new(Setup {
                        config: serde_json::Value::Object(config.0.clone()).to_string(),
                        command_permissions: config.1.clone(),
                        judge,
                    })
                })
                .clone();
            cases.push(Case {
                upstream_file: upstream_file
                    .clone()
                    .unwrap_or_else(|| panic!("{at}: no #= upstream file yet")),
                test: test
                    .clone()
                    .unwrap_or_else(|| panic!("{at}: no #@ test yet")),
                at,
                upstream,
                toolgate,
                input,
                call,
                difference,
                setup,
            });
        }
    }
    cases
}

/// Per upstream file: cases, the same answer, an intended difference, pending.
pub fn counts(cases: &[Case]) -> Vec<(String, [usize; 4])> {
    let mut out: Vec<(String, [usize; 4])> = Vec::new();
    for c in cases {
        let file = c.upstream_file.split(' ').next().unwrap_or_default();
        let file = file.rsplit('/').next().unwrap_or(file).to_string();
        let at = match out.iter().position(|(f, _)| *f == file) {
            Some(at) => at,
            None => {
                out.push((file, [0; 4]));
                out.len() - 1
            }
        };
        let n = &mut out[at].1;
        n[0] += 1;
        n[match c.difference {
            Difference::Same => 1,
            Difference::Intended(_) => 2,
            Difference::Pending(_) => 3,
        }] += 1;
    }
    out
}

/// The README table row for one upstream file's counts.
pub fn readme_row(file: &str, n: &[usize; 4]) -> String {
    format!("| `{file}` | {} | {} | {} | {} |", n[0], n[1], n[2], n[3])
}

/// Runs the cases of `files` through `judge`, panicking with every case whose outcome is not
/// toolgate's expected answer (or a pending case that already passes).
pub fn run(files: &[&str], judge: impl Fn(&Setup, &str) -> Outcome) {
    let mut failures = Vec::new();
    let mut all = Vec::new();
    for (name, text) in FILES.iter().filter(|(n, _)| files.contains(n)) {
        for case in parse(name, text) {
            let got = judge(&case.setup, &case.call);
            let ok = got == case.toolgate;
            match (&case.difference, ok) {
                (Difference::Pending(why), true) => failures.push(format!(
                    "{}: pending case now passes ({why}): remove the marker: {:?}",
                    case.at, case.input
                )),
                (Difference::Pending(why), false) => {
                    println!("pending {}: {:?} ({why}): got {got:?}", case.at, case.input)
                }
                (_, false) => failures.push(format!(
                    "{}: expected {:?} (the original: {:?}), got {got:?}: {:?} ({} > {})",
                    case.at,
                    case.toolgate,
                    case.upstream,
                    case.input,
                    case.upstream_file,
                    case.test
                )),
                (_, true) => {}
            }
            all.push(case);
        }
    }
    for (file, n) in counts(&all) {
        println!("{}", readme_row(&file, &n));
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

#[cfg(not(target_arch = "wasm32"))]
pub mod native;
