//! The security corpus (tests/fixtures/security/*.tsv): must-block and must-stay-allowed cases
//! per attack class, shared by the native runner (tests/security_corpus.rs) and the wasm runner
//! (tests/wasm_security_corpus.rs, Node and Chromium), which judge the same cases through the
//! core and through the JS `Gatekeeper`.
//!
//! A file is one class. Lines: `expect <TAB> input <TAB> why`, where
//! * `expect` is `block` (denied or prompts: anything but allow), `deny` (denied: validation
//!   or the engine), `prompt` (prompts, not denied) or `allow` (allowed without asking);
//! * `input` is a shell command (sent as `execute_command` with `requires_approval: false`)
//!   or, when it starts with `{`, a JSON tool call; in commands `\n \r \t \\ \u{XXXX}` are
//!   escapes; in a JSON call a lone surrogate escape (`"\uD800"`) is kept as JS reads it (the
//!   native runner reads that string as `Value::InvalidStr`, arrays and objects as
//!   `Value::Other`);
//! * `why` is one line saying why that is the right answer.
//!
//! `#! {json}` lines merge keys into the file's config (shallow; later lines win) on top of
//! [`BASE_CONFIG`]: mode `yolo`, root `/ws`, ignore file `.env`, `secrets/`, `*.pem`.
//! `#> {json}` lines merge keys into a section's config: on top of the file's, for the cases
//! after them only (one file can judge the same cases under several modes or platforms).
//! Other `#` lines are comments.

/// The config every file starts from, as the JS `Gatekeeper` reads it.
pub const BASE_CONFIG: &str =
    r#"{"workspaceRoots":["/ws"],"ignoreFile":".env\nsecrets/\n*.pem\n","mode":"yolo"}"#;

/// Every corpus file; `security_corpus.rs` fails when a file in the folder is missing here.
pub const FILES: &[(&str, &str)] = &[
    (
        "ordinary",
        include_str!("../fixtures/security/ordinary.tsv"),
    ),
    (
        "no-roots",
        include_str!("../fixtures/security/no-roots.tsv"),
    ),
    (
        "name-not-path",
        include_str!("../fixtures/security/name-not-path.tsv"),
    ),
    (
        "cline-safe",
        include_str!("../fixtures/security/cline-safe.tsv"),
    ),
    (
        "case-insensitive",
        include_str!("../fixtures/security/case-insensitive.tsv"),
    ),
    (
        "rule-bypass",
        include_str!("../fixtures/security/rule-bypass.tsv"),
    ),
    (
        "allow-list",
        include_str!("../fixtures/security/allow-list.tsv"),
    ),
    (
        "allow-list-redirects",
        include_str!("../fixtures/security/allow-list-redirects.tsv"),
    ),
    (
        "allow-list-redirect-targets",
        include_str!("../fixtures/security/allow-list-redirect-targets.tsv"),
    ),
    (
        "tool-params",
        include_str!("../fixtures/security/tool-params.tsv"),
    ),
    (
        "critical",
        include_str!("../fixtures/security/critical.tsv"),
    ),
    (
        "ignore-file",
        include_str!("../fixtures/security/ignore-file.tsv"),
    ),
    (
        "ignored-reads",
        include_str!("../fixtures/security/ignored-reads.tsv"),
    ),
    (
        "parser-differential",
        include_str!("../fixtures/security/parser-differential.tsv"),
    ),
    (
        "malformed-calls",
        include_str!("../fixtures/security/malformed-calls.tsv"),
    ),
    (
        "variables",
        include_str!("../fixtures/security/variables.tsv"),
    ),
    ("braces", include_str!("../fixtures/security/braces.tsv")),
    (
        "write-exec",
        include_str!("../fixtures/security/write-exec.tsv"),
    ),
    (
        "windows-shells",
        include_str!("../fixtures/security/windows-shells.tsv"),
    ),
    (
        "windows-powershell",
        include_str!("../fixtures/security/windows-powershell.tsv"),
    ),
    (
        "windows-cmd",
        include_str!("../fixtures/security/windows-cmd.tsv"),
    ),
    (
        "shells-started",
        include_str!("../fixtures/security/shells-started.tsv"),
    ),
    ("globs", include_str!("../fixtures/security/globs.tsv")),
    (
        "unknown-values",
        include_str!("../fixtures/security/unknown-values.tsv"),
    ),
    (
        "paths-posix",
        include_str!("../fixtures/security/paths-posix.tsv"),
    ),
    (
        "paths-windows",
        include_str!("../fixtures/security/paths-windows.tsv"),
    ),
    (
        "paths-macos",
        include_str!("../fixtures/security/paths-macos.tsv"),
    ),
    ("patches", include_str!("../fixtures/security/patches.tsv")),
    ("urls", include_str!("../fixtures/security/urls.tsv")),
    (
        "launchers",
        include_str!("../fixtures/security/launchers.tsv"),
    ),
    (
        "option-code",
        include_str!("../fixtures/security/option-code.tsv"),
    ),
    (
        "indirect-exec",
        include_str!("../fixtures/security/indirect-exec.tsv"),
    ),
    (
        "inline-code",
        include_str!("../fixtures/security/inline-code.tsv"),
    ),
    (
        "r3-computed-deny",
        include_str!("../fixtures/security/r3-computed-deny.tsv"),
    ),
    (
        "r3-host-kill",
        include_str!("../fixtures/security/r3-host-kill.tsv"),
    ),
    (
        "r3-includes",
        include_str!("../fixtures/security/r3-includes.tsv"),
    ),
    (
        "r3-later-code",
        include_str!("../fixtures/security/r3-later-code.tsv"),
    ),
    (
        "r3-mcp-names",
        include_str!("../fixtures/security/r3-mcp-names.tsv"),
    ),
    (
        "r3-os-aliases",
        include_str!("../fixtures/security/r3-os-aliases.tsv"),
    ),
    (
        "r3-os-aliases-macos",
        include_str!("../fixtures/security/r3-os-aliases-macos.tsv"),
    ),
    (
        "r3-other-clothes",
        include_str!("../fixtures/security/r3-other-clothes.tsv"),
    ),
    (
        "r3-remote-shell",
        include_str!("../fixtures/security/r3-remote-shell.tsv"),
    ),
    (
        "r3-shell-state",
        include_str!("../fixtures/security/r3-shell-state.tsv"),
    ),
    (
        "r3-unseen-writes",
        include_str!("../fixtures/security/r3-unseen-writes.tsv"),
    ),
    ("r3-own", include_str!("../fixtures/security/r3-own.tsv")),
    (
        "r9-lists",
        include_str!("../fixtures/security/r9-lists.tsv"),
    ),
    (
        "r9-removed-dirs",
        include_str!("../fixtures/security/r9-removed-dirs.tsv"),
    ),
    (
        "r9-awk-mounts",
        include_str!("../fixtures/security/r9-awk-mounts.tsv"),
    ),
    (
        "r9-downloads",
        include_str!("../fixtures/security/r9-downloads.tsv"),
    ),
    (
        "r9-name-matching",
        include_str!("../fixtures/security/r9-name-matching.tsv"),
    ),
    (
        "r9-links",
        include_str!("../fixtures/security/r9-links.tsv"),
    ),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    Block,
    Deny,
    Prompt,
    Allow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Allow,
    Prompt,
    Deny,
}

impl Expect {
    pub fn accepts(self, outcome: Outcome) -> bool {
        match self {
            Expect::Block => outcome != Outcome::Allow,
            Expect::Deny => outcome == Outcome::Deny,
            Expect::Prompt => outcome == Outcome::Prompt,
            Expect::Allow => outcome == Outcome::Allow,
        }
    }
}

pub struct Case {
    pub line: usize,
    pub expect: Expect,
    /// The input as written in the file.
    pub input: String,
    /// The tool call as JSON text.
    pub call: String,
    pub why: String,
    /// The keys of the `#>` lines above it, over the file's config.
    section: serde_json::Map<String, serde_json::Value>,
}

impl Case {
    /// The config this case is judged under, as JSON text.
    pub fn config(&self, corpus: &Corpus) -> String {
        if self.section.is_empty() {
            return corpus.config.clone();
        }
        let mut config: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&corpus.config).expect("file config");
        config.extend(self.section.clone());
        serde_json::Value::Object(config).to_string()
    }
}

pub struct Corpus {
    pub name: &'static str,
    /// The merged config, as JSON text.
    pub config: String,
    pub cases: Vec<Case>,
}

/// `\n`, `\r`, `\t`, `\\` and `\u{XXXX}` escapes.
pub fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                assert_eq!(chars.next(), Some('{'), "bad \\u escape in {s:?}");
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let code = u32::from_str_radix(&hex, 16).expect("hex");
                out.push(char::from_u32(code).expect("scalar"));
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// What stands for a lone surrogate in [`mark_lone_surrogates`]'s output.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub const LONE_SURROGATE: char = '\u{FFFF}';

/// JSON text with every lone surrogate escape (which serde_json refuses, and JS reads as an
/// ill-formed string) replaced by the escape of [`LONE_SURROGATE`].
pub fn mark_lone_surrogates(json: &str) -> String {
    let unit = |s: &str| s.get(..4).and_then(|h| u32::from_str_radix(h, 16).ok());
    let mut out = String::with_capacity(json.len());
    let mut rest = json;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let escape = rest.get(..2).unwrap_or(rest);
        if escape != "\\u" {
            out.push_str(escape);
            rest = &rest[escape.len()..];
            continue;
        }
        let high = unit(&rest[2..]).unwrap_or(0);
        let low = rest
            .get(6..8)
            .filter(|u| *u == "\\u")
            .and_then(|_| unit(&rest[8..]));
        match (high, low) {
            (0xD800..=0xDBFF, Some(0xDC00..=0xDFFF)) => {
                out.push_str(&rest[..12]);
                rest = &rest[12..];
            }
            (0xD800..=0xDFFF, _) => {
                out.push_str("\\uFFFF");
                rest = &rest[6..];
            }
            _ => {
                out.push_str(&rest[..2]);
                rest = &rest[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

pub fn parse_file(name: &'static str, text: &str) -> Corpus {
    let mut config: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(BASE_CONFIG).expect("base config");
    let mut cases = Vec::new();
    let mut section = serde_json::Map::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}.tsv line {}", i + 1);
        if let Some(json) = line.strip_prefix("#>") {
            let extra: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(json).unwrap_or_else(|e| panic!("{at}: bad config JSON: {e}"));
            section.extend(extra);
            continue;
        }
        if let Some(json) = line.strip_prefix("#!") {
            let extra: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(json).unwrap_or_else(|e| panic!("{at}: bad config JSON: {e}"));
            config.extend(extra);
            continue;
        }
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 3, "{at}: expect, input, why: {line:?}");
        let expect = match cols[0] {
            "block" => Expect::Block,
            "deny" => Expect::Deny,
            "prompt" => Expect::Prompt,
            "allow" => Expect::Allow,
            other => panic!("{at}: unknown expectation {other:?}"),
        };
        assert!(!cols[2].trim().is_empty(), "{at}: say why");
        let input = cols[1].to_string();
        let call = if input.starts_with('{') {
            serde_json::from_str::<serde_json::Value>(&mark_lone_surrogates(&input))
                .unwrap_or_else(|e| panic!("{at}: bad JSON: {e}"));
            // As written, so that JS's JSON.parse sees any lone surrogate.
            input.clone()
        } else {
            serde_json::json!({
                "tool": "execute_command",
                "params": { "command": unescape(&input), "requires_approval": false }
            })
            .to_string()
        };
        cases.push(Case {
            line: i + 1,
            expect,
            input,
            call,
            why: cols[2].to_string(),
            section: section.clone(),
        });
    }
    // a file with no case (a bad merge, a truncated file) would pass while testing nothing
    assert!(!cases.is_empty(), "{name}.tsv has no case");
    Corpus {
        name,
        config: serde_json::Value::Object(config).to_string(),
        cases,
    }
}

pub fn corpora() -> Vec<Corpus> {
    FILES.iter().map(|(n, t)| parse_file(n, t)).collect()
}

/// Runs every case through `judge(config, call) -> Outcome` and panics listing every
/// case whose outcome its expectation does not accept, with per-file counts.
pub fn run(judge: impl Fn(&str, &str) -> Result<Outcome, String>) {
    let mut failures = Vec::new();
    let mut total = 0;
    let mut summary = Vec::new();
    for corpus in corpora() {
        let (mut must_block, mut must_allow) = (0, 0);
        for case in &corpus.cases {
            total += 1;
            match case.expect {
                Expect::Allow => must_allow += 1,
                _ => must_block += 1,
            }
            match judge(&case.config(&corpus), &case.call) {
                Ok(outcome) if case.expect.accepts(outcome) => {}
                Ok(outcome) => failures.push(format!(
                    "{}.tsv:{} expected {:?}, got {outcome:?}: {:?} ({})",
                    corpus.name, case.line, case.expect, case.input, case.why
                )),
                Err(e) => failures.push(format!(
                    "{}.tsv:{} {:?}: {e}",
                    corpus.name, case.line, case.input
                )),
            }
        }
        summary.push(format!(
            "{}: {} cases ({must_block} must block, {must_allow} must allow)",
            corpus.name,
            corpus.cases.len()
        ));
    }
    println!(
        "security corpus, {total} cases:\n  {}",
        summary.join("\n  ")
    );
    assert!(
        failures.is_empty(),
        "{} of {total} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A call as JSON text, as the core reads it (the native runners): a string with a lone
/// surrogate is `Value::InvalidStr`, an array or object `Value::Other`.
#[cfg(not(target_arch = "wasm32"))]
pub fn tool_call(json: &str) -> toolgate::ToolCall {
    use serde_json::Value as Json;
    use toolgate::Value;
    let v: Json = serde_json::from_str(&mark_lone_surrogates(json)).expect("call JSON");
    let mut c = toolgate::ToolCall::new(v["tool"].as_str().unwrap_or(""));
    for (k, p) in v["params"].as_object().into_iter().flatten() {
        let value = match p {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
            Json::String(s) if s.contains(LONE_SURROGATE) => Value::InvalidStr,
            Json::String(s) => Value::Str(s.clone()),
            _ => Value::Other,
        };
        c.params.push((k.clone(), value));
    }
    c
}

/// Why the JS facade refuses a call (JSON text) before the core sees it, if it does: a tool
/// that is not a string holding valid Unicode, params that are neither an object nor null.
#[cfg(not(target_arch = "wasm32"))]
pub fn malformed(json: &str) -> Option<&'static str> {
    use serde_json::Value as Json;
    let v: Json = serde_json::from_str(&mark_lone_surrogates(json)).expect("call JSON");
    match (&v["tool"], &v["params"]) {
        (Json::String(t), _) if t.contains(LONE_SURROGATE) => Some("the tool is not valid Unicode"),
        (Json::String(_), Json::Object(_) | Json::Null) => None,
        (Json::String(_), _) => Some("params is not an object"),
        _ => Some("the tool is not a string"),
    }
}

/// The JS `Gatekeeper` class, as a host sees it (the wasm runners).
#[cfg(target_arch = "wasm32")]
pub fn gatekeeper_class() -> js_sys::Function {
    use wasm_bindgen::JsCast;
    let seed = toolgate::wasm::Gatekeeper::new(js_sys::Object::new().into())
        .unwrap_or_else(|_| panic!("an empty config must construct"));
    let class = js_sys::Reflect::get(&wasm_bindgen::JsValue::from(seed), &"constructor".into())
        .ok()
        .and_then(|c| c.dyn_into().ok())
        .expect("the class");
    importers::install(&class);
    class
}

#[cfg(target_arch = "wasm32")]
#[path = "../wasm_support/importers.rs"]
mod importers;
