//! Property test (proptest): with a workspace view, a command is blocked if and only if one of
//! the entries it reads (or a glob names) is ignored, against a brute-force model that
//! enumerates the generated tree itself: `grep -r`, `rg` (hidden names skipped), `tar c`,
//! `find -name … -exec`, and shell globs by bash's rules.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use toolgate::engine::Engine;
use toolgate::ignore::IgnoreBuilder;
use toolgate::settings::Settings;
use toolgate::verdict::Decision;
use toolgate::ToolCall;

const IGNORE: &str = ".env\n.env.*\nsecrets/\n*.pem\n";
const DIRS: &[&str] = &["src", "lib", "secrets", ".config"];
const FILES: &[&str] = &[
    ".env",
    ".env.local",
    "k.pem",
    "a.ts",
    "b.md",
    "c.pem.txt",
    "kit",
];
const NAME_PATTERNS: &[&str] = &["*.ts", "*", ".e*", "*.pem", "k*", "[ab]*", "?.md"];
const GLOBS: &[&str] = &["*", "*.ts", ".*", "*.pem", "?.md", "[k]*", "*/*"];

/// A generated tree: file paths, 1 to 3 components, directories implied.
fn tree() -> impl Strategy<Value = Vec<String>> {
    let file = (
        proptest::collection::vec(proptest::sample::select(DIRS), 0..3),
        proptest::sample::select(FILES),
    )
        .prop_map(|(dirs, name)| {
            let mut parts: Vec<&str> = dirs;
            parts.push(name);
            parts.join("/")
        });
    proptest::collection::vec(file, 1..12)
}

#[derive(Debug, Clone)]
enum Cmd {
    GrepR(String),
    Rg(String),
    Tar(String),
    Find(String, &'static str),
    Cat(String, &'static str),
}

impl Cmd {
    fn text(&self) -> String {
        match self {
            Cmd::GrepR(d) => format!("grep -r needle {d}"),
            Cmd::Rg(d) => format!("rg needle {d}"),
            Cmd::Tar(d) => format!("tar czf /tmp/out.tgz {d}"),
            Cmd::Find(d, p) => format!("find {d} -name '{p}' -exec cat {{}} +"),
            Cmd::Cat(d, g) if d == "." => format!("cat {g}"),
            Cmd::Cat(d, g) => format!("cat {d}/{g}"),
        }
    }
}

/// Every directory the files imply, and the root as `.`.
fn dirs_of(files: &[String]) -> Vec<String> {
    let mut out = vec![".".to_string()];
    for f in files {
        let mut at = 0;
        while let Some(k) = f[at..].find('/') {
            out.push(f[..at + k].to_string());
            at += k + 1;
        }
    }
    out.sort();
    out.dedup();
    out
}

fn command(files: &[String]) -> impl Strategy<Value = Cmd> {
    let dirs = dirs_of(files);
    (0..5usize, proptest::sample::select(dirs), 0..7usize).prop_map(|(kind, d, k)| match kind {
        0 => Cmd::GrepR(d),
        1 => Cmd::Rg(d),
        2 => Cmd::Tar(d),
        3 => Cmd::Find(d, NAME_PATTERNS[k]),
        _ => Cmd::Cat(d, GLOBS[k]),
    })
}

/// `fnmatch` by brute force: `*`, `?`, and `[…]` of single characters.
fn matches(p: &[u8], t: &[u8]) -> bool {
    match (p.first(), t.first()) {
        (None, None) => true,
        (Some(b'*'), _) => matches(&p[1..], t) || (!t.is_empty() && matches(p, &t[1..])),
        (Some(b'?'), Some(_)) => matches(&p[1..], &t[1..]),
        (Some(b'['), Some(c)) => {
            let end = p.iter().position(|&b| b == b']').expect("closed class");
            p[1..end].contains(c) && matches(&p[end + 1..], &t[1..])
        }
        (Some(a), Some(b)) if a == b => matches(&p[1..], &t[1..]),
        _ => false,
    }
}

/// Every entry of the tree (files, then the directories they imply; no root) as (path, dir).
fn entries(files: &[String]) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = files.iter().map(|f| (f.clone(), false)).collect();
    out.extend(
        dirs_of(files)
            .into_iter()
            .filter(|d| d != ".")
            .map(|d| (d, true)),
    );
    out
}

/// `path` below `dir` (`None` when it is not below it).
fn below<'p>(dir: &str, path: &'p str) -> Option<&'p str> {
    if dir == "." {
        Some(path)
    } else {
        path.strip_prefix(dir)?.strip_prefix('/')
    }
}

/// What the model says the command reads or names: (path, is a directory). A directory
/// operand is named as well as walked.
fn model(files: &[String], cmd: &Cmd) -> Vec<(String, bool)> {
    let all = entries(files);
    let mut named = match cmd {
        Cmd::GrepR(d) | Cmd::Tar(d) | Cmd::Rg(d) | Cmd::Find(d, _) if d != "." => {
            vec![(d.clone(), true)]
        }
        _ => Vec::new(),
    };
    named.extend(reads(files, &all, cmd));
    named
}

fn reads(files: &[String], all: &[(String, bool)], cmd: &Cmd) -> Vec<(String, bool)> {
    let all = all.to_vec();
    match cmd {
        Cmd::GrepR(d) | Cmd::Tar(d) => files
            .iter()
            .filter(|f| below(d, f).is_some())
            .map(|f| (f.clone(), false))
            .collect(),
        Cmd::Rg(d) => files
            .iter()
            .filter(|f| below(d, f).is_some_and(|s| !s.split('/').any(|c| c.starts_with('.'))))
            .map(|f| (f.clone(), false))
            .collect(),
        Cmd::Find(d, p) => all
            .into_iter()
            .filter(|(e, _)| {
                below(d, e).is_some()
                    && matches(p.as_bytes(), e.rsplit('/').next().unwrap_or(e).as_bytes())
            })
            .collect(),
        Cmd::Cat(d, g) => {
            // each component against the entries one level further down
            let parts: Vec<&str> = g.split('/').collect();
            all.into_iter()
                .filter(|(e, _)| {
                    let Some(sub) = below(d, e) else { return false };
                    let comps: Vec<&str> = sub.split('/').collect();
                    comps.len() == parts.len()
                        && comps.iter().zip(&parts).all(|(c, p)| {
                            (!c.starts_with('.') || p.starts_with('.'))
                                && matches(p.as_bytes(), c.as_bytes())
                        })
                })
                .collect()
        }
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 512,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn blocked_iff_a_read_entry_is_ignored(
        (files, cmd) in tree().prop_flat_map(|t| { let c = command(&t); (Just(t), c) })
    ) {
        let ignore = IgnoreBuilder::default().build(Some(IGNORE)).unwrap();
        let engine = Engine::new(Settings {
            workspace_roots: vec!["/ws".into()],
            ignore_file: Some(IGNORE.into()),
            workspace_files: Some(files.clone()),
            ..Settings::default()
        })
        .unwrap();
        let text = cmd.text();
        let read = model(&files, &cmd);
        let want = read.iter().any(|(p, d)| ignore.is_ignored(p, *d));
        let got = engine.check(&ToolCall::new("bash").with("command", text.as_str())).decision;
        prop_assert_eq!(got != Decision::Allow, want, "{} over {:?}: reads {:?}, got {:?}", text, files, read, got);
        if want {
            prop_assert_eq!(got, Decision::Deny, "{}: certain, so denied", text);
        }
    }
}
