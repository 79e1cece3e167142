//! Layering, read from the source: the core never reaches the wasm facade, and the shell
//! modules depend on each other in one direction (docs/architecture.md).
//!
//! The sources are tokenised (comments, strings and character literals dropped), so a brace
//! or a path inside a string cannot mislead the checks, and every path is resolved, whether in
//! a `use` line, a `use` group or an expression.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Words only the facade may write, in code or in comments.
const FACADE_WORDS: [&str; 5] = [
    "wasm_bindgen",
    "wasm-bindgen",
    "js_sys",
    "js-sys",
    "crate::wasm",
];

/// The one line that declares the facade, and the line before it.
const FACADE_GATE: &str = "#[cfg(target_arch = \"wasm32\")]";
const FACADE_DECL: &str = "pub mod wasm;";

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
}

/// Tokens with their line numbers; literals and comments are dropped.
fn tokenise(src: &str) -> Vec<(Tok, usize)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident_char = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    // skips a quoted literal from `i` (at the opening quote) with backslash escapes
    let skip_quoted = |i: &mut usize, line: &mut usize, q: u8| {
        *i += 1;
        while *i < b.len() && b[*i] != q {
            if b[*i] == b'\\' {
                *i += 1;
            }
            if b.get(*i) == Some(&b'\n') {
                *line += 1;
            }
            *i += 1;
        }
        *i += 1;
    };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'/' && next == Some(b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && next == Some(b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(b[i] == b'\n');
                    i += 1;
                }
            }
        } else if c == b'"' {
            skip_quoted(&mut i, &mut line, b'"');
        } else if c == b'\'' {
            // a character literal (`'x'`, `'\n'`, `'{'`), else a lifetime
            let ch_len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
            if next == Some(b'\\') || b.get(i + 1 + ch_len) == Some(&b'\'') {
                skip_quoted(&mut i, &mut line, b'\'');
            } else {
                out.push((Tok::Punct('\''), line));
                i += 1;
            }
        } else if ident_char(c) {
            let start = i;
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            let word = &src[start..i];
            let raw_string = matches!(word, "r" | "br")
                && matches!(b.get(i), Some(b'"' | b'#'))
                && b[i..].iter().find(|&&x| x != b'#') == Some(&b'"');
            if raw_string {
                let hashes = b[i..].iter().take_while(|&&x| x == b'#').count();
                let close: Vec<u8> = std::iter::once(b'"').chain(vec![b'#'; hashes]).collect();
                i += hashes + 1;
                while i < b.len() && !b[i..].starts_with(&close) {
                    line += usize::from(b[i] == b'\n');
                    i += 1;
                }
                i += close.len();
            } else if word == "b" && matches!(b.get(i), Some(b'"' | b'\'')) {
                // a byte string or byte literal: the quote is read next, as a literal
            } else if word == "r" && b.get(i) == Some(&b'#') {
                i += 1; // a raw identifier: `r#type` is `type`
            } else if !c.is_ascii_digit() {
                out.push((Tok::Ident(word.to_string()), line));
            }
        } else if c == b':' && next == Some(b':') {
            out.push((Tok::Sep, line));
            i += 2;
        } else {
            out.push((Tok::Punct(c as char), line));
            i += 1;
        }
    }
    out
}

/// A path as written, resolved to segments from the crate root.
#[derive(Debug)]
struct Reference {
    path: Vec<String>,
    line: usize,
    /// Named in a `use` item (so it also names the item in this module).
    used: bool,
}

/// Reads a use tree or an expression path at `i` (its first segment); appends every path it
/// names, each under `prefix`; returns the index after it.
fn read_tree(
    t: &[(Tok, usize)],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let mut path = prefix;
    loop {
        match t.get(i).map(|x| &x.0) {
            Some(Tok::Ident(s)) if s == "self" && !path.is_empty() => i += 1,
            Some(Tok::Ident(s)) if s != "as" => {
                path.push(s.clone());
                i += 1;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                while let Some(tok) = t.get(i).map(|x| &x.0) {
                    match tok {
                        Tok::Punct('}') => return i + 1,
                        Tok::Punct(',') => i += 1,
                        _ => {
                            let before = i;
                            i = read_tree(t, i, path.clone(), out);
                            // `as name`, `*` or anything unexpected: skip to the next item
                            while !matches!(
                                t.get(i).map(|x| &x.0),
                                None | Some(Tok::Punct(',' | '}'))
                            ) {
                                i += 1;
                            }
                            if i == before {
                                i += 1;
                            }
                        }
                    }
                }
                return i;
            }
            _ => {
                out.push(path);
                return i;
            }
        }
        if t.get(i).map(|x| &x.0) != Some(&Tok::Sep) {
            out.push(path);
            return i;
        }
        i += 1;
    }
}

/// A source file as the checks see it.
struct Source {
    /// Relative to the crate, with `/`.
    name: String,
    text: String,
    /// Its module's path from the crate root.
    module: Vec<String>,
    /// The modules declared in it (`mod x;`): the names a bare path may start with.
    children: BTreeSet<String>,
    /// Every path it names through `crate`, `super`, `self` or a child module, outside
    /// `#[cfg(test)]` modules.
    references: Vec<Reference>,
    /// `mod NAME` declarations: (name, line).
    declarations: Vec<(String, usize)>,
}

fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && !(parts.is_empty() && stem == "lib") {
        parts.push(stem.to_string());
    }
    parts
}

/// Reads one source file of module `module`.
fn read_source(name: String, module: Vec<String>, text: String) -> Source {
    let t = tokenise(&text);
    let ident = |i: usize| match t.get(i).map(|x| &x.0) {
        Some(Tok::Ident(s)) => Some(s.as_str()),
        _ => None,
    };
    let is = |i: usize, want: &Tok| t.get(i).map(|x| &x.0) == Some(want);
    let mut declarations = Vec::new();
    let mut children = BTreeSet::new();
    for i in 0..t.len() {
        if let (Some("mod"), Some(name)) = (ident(i), ident(i + 1)) {
            declarations.push((name.to_string(), t[i].1));
            if is(i + 2, &Tok::Punct(';')) {
                children.insert(name.to_string());
            }
        }
    }
    // inline modules: (the module's path, the brace depth that closes it)
    let mut scopes: Vec<(Vec<String>, usize)> = vec![(module.clone(), 0)];
    let mut depth = 0;
    // after `#[cfg(test)]`, until the item it gates starts
    let mut test_attr = false;
    // inside a `#[cfg(test)]` module: the depth that closes it
    let mut skip_until: Option<usize> = None;
    let mut references = Vec::new();
    let mut i = 0;
    while i < t.len() {
        match &t[i].0 {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if scopes.last().is_some_and(|s| s.1 == depth) {
                    scopes.pop();
                }
                if skip_until == Some(depth) {
                    skip_until = None;
                }
                depth -= 1;
            }
            _ => {}
        }
        if skip_until.is_some() {
            i += 1;
            continue;
        }
        if is(i, &Tok::Punct('#'))
            && is(i + 1, &Tok::Punct('['))
            && ident(i + 2) == Some("cfg")
            && is(i + 3, &Tok::Punct('('))
            && ident(i + 4) == Some("test")
            && is(i + 5, &Tok::Punct(')'))
        {
            test_attr = true;
            i += 6;
            continue;
        }
        if let (Some("mod"), Some(name), true) =
            (ident(i), ident(i + 1), is(i + 2, &Tok::Punct('{')))
        {
            if test_attr {
                skip_until = Some(depth + 1);
            } else {
                let mut inner = scopes.last().map(|s| s.0.clone()).unwrap_or_default();
                inner.push(name.to_string());
                scopes.push((inner, depth + 1));
            }
            test_attr = false;
            i += 2;
            continue;
        }
        if matches!(t[i].0, Tok::Punct(';' | '{' | '}'))
            || matches!(ident(i), Some("fn" | "use" | "impl"))
        {
            test_attr = false;
        }
        let here = scopes.last().map(|s| s.0.clone()).unwrap_or_default();
        let path_start = !(i > 0 && t[i - 1].0 == Tok::Sep) && is(i + 1, &Tok::Sep);
        // (where the path is resolved from, its first segment after `crate::`/`super::`/`self::`)
        let start = match ident(i) {
            _ if !path_start => None,
            Some("crate") => Some((Vec::new(), i + 2)),
            Some("self") => Some((here, i + 2)),
            Some("super") => {
                let (mut at, mut j) = (here, i);
                while ident(j) == Some("super") && is(j + 1, &Tok::Sep) {
                    at.pop();
                    j += 2;
                }
                Some((at, j))
            }
            // a bare path through a module declared here (`parser::parse`)
            Some(m) if children.contains(m) && scopes.len() == 1 => Some((here, i)),
            _ => None,
        };
        let Some((base, first)) = start else {
            i += 1;
            continue;
        };
        let mut paths = Vec::new();
        let next = read_tree(&t, first, base, &mut paths);
        let used = i > 0 && t[i - 1].0 == Tok::Ident("use".into());
        references.extend(paths.into_iter().map(|path| Reference {
            path,
            line: t[i].1,
            used,
        }));
        i = next.max(i + 1);
    }
    Source {
        name,
        text,
        module,
        children,
        references,
        declarations,
    }
}

fn sources() -> Vec<Source> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs = vec![root.join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable src/") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(root.join("src")).expect("under src/");
            let name = format!("src/{}", rel.to_string_lossy().replace('\\', "/"));
            let text = std::fs::read_to_string(f).expect("readable source");
            read_source(name, module_of(rel), text)
        })
        .collect()
}

fn is_facade(s: &Source) -> bool {
    s.module.first().is_some_and(|m| m == "wasm")
}

/// Where a source of the core reaches the facade.
fn facade_findings(s: &Source) -> Vec<String> {
    let mut found = Vec::new();
    let lines: Vec<&str> = s.text.lines().collect();
    for (n, line) in lines.iter().enumerate() {
        for w in FACADE_WORDS.iter().filter(|w| line.contains(**w)) {
            found.push(format!("{}:{}: mentions `{w}`", s.name, n + 1));
        }
    }
    for r in s
        .references
        .iter()
        .filter(|r| r.path.first().is_some_and(|m| m == "wasm"))
    {
        found.push(format!(
            "{}:{}: names `crate::{}`",
            s.name,
            r.line,
            r.path.join("::")
        ));
    }
    for (name, line) in s.declarations.iter().filter(|d| d.0 == "wasm") {
        let trimmed = |n: usize| lines.get(n.wrapping_sub(1)).map(|l| l.trim());
        let gated = s.module.is_empty()
            && trimmed(*line) == Some(FACADE_DECL)
            && trimmed(line - 1) == Some(FACADE_GATE);
        if !gated {
            found.push(format!(
                "{}:{line}: declares `mod {name}` (only lib.rs may, as `{FACADE_GATE}` `{FACADE_DECL}`)",
                s.name
            ));
        }
    }
    found
}

#[test]
fn the_core_never_mentions_the_facade() {
    let found: Vec<String> = sources()
        .iter()
        .filter(|s| !is_facade(s))
        .flat_map(facade_findings)
        .collect();
    assert!(
        found.is_empty(),
        "the core reaches the wasm facade:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_facade_is_declared_once_and_only_for_wasm() {
    let all = sources();
    let lib = all
        .iter()
        .find(|s| s.name == "src/lib.rs")
        .expect("src/lib.rs");
    let lines: Vec<&str> = lib.text.lines().map(str::trim).collect();
    let at: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i] == FACADE_DECL)
        .collect();
    assert_eq!(at.len(), 1, "lib.rs declares the facade once");
    assert_eq!(
        lines.get(at[0].wrapping_sub(1)),
        Some(&FACADE_GATE),
        "and only for wasm32"
    );
}

/// The module under `prefix` that a path from the crate root lands in: the module it names,
/// or for an item of the root (`prefix` itself: src/lib.rs, src/shell/mod.rs) that the root
/// imports (`pub use analysis::SimpleCommand`), the module it comes from; `root` for the root's
/// own items.
fn node(
    path: &[String],
    prefix: &[&str],
    root: &str,
    modules: &BTreeSet<String>,
    imports: &BTreeMap<String, String>,
) -> Option<String> {
    if path.len() < prefix.len() || path.iter().zip(prefix).any(|(a, b)| a != b) {
        return None;
    }
    let rest = &path[prefix.len()..];
    match rest.first() {
        Some(m) if modules.contains(m) => Some(m.clone()),
        Some(item) if imports.contains_key(item) => imports.get(item).cloned(),
        _ => Some(root.to_string()),
    }
}

/// The dependencies among the modules under `prefix` (the crate: `[]`, the shell: `["shell"]`):
/// module → the modules it names. Files in a folder belong to the module of that name; `root`
/// names the root file's own items.
fn graph(all: &[Source], prefix: &[&str], root: &str) -> BTreeMap<String, BTreeSet<String>> {
    let under: Vec<&Source> = all
        .iter()
        .filter(|s| {
            s.module.len() >= prefix.len() && s.module.iter().zip(prefix).all(|(a, b)| a == b)
        })
        .collect();
    let top = under
        .iter()
        .find(|s| s.module.len() == prefix.len())
        .expect("the root file");
    let modules = top.children.clone();
    // the root's imports of its modules' items: item name → module
    let imports: BTreeMap<String, String> = top
        .references
        .iter()
        .filter(|r| r.used && r.path.len() == prefix.len() + 2)
        .filter(|r| modules.contains(&r.path[prefix.len()]))
        .map(|r| {
            (
                r.path[prefix.len() + 1].clone(),
                r.path[prefix.len()].clone(),
            )
        })
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for s in &under {
        let from = node(&s.module, prefix, root, &modules, &BTreeMap::new()).expect("under prefix");
        let edges = graph.entry(from.clone()).or_default();
        for r in &s.references {
            if let Some(to) =
                node(&r.path, prefix, root, &modules, &imports).filter(|to| *to != from)
            {
                edges.insert(to);
            }
        }
    }
    graph
}

fn shell_graph(all: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
    graph(all, &["shell"], "mod")
}

/// A cycle in `graph`, if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut c = stack[at..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

fn assert_acyclic(graph: &BTreeMap<String, BTreeSet<String>>, what: &str) {
    let listing: Vec<String> = graph
        .iter()
        .map(|(m, to)| {
            format!(
                "{m} -> {}",
                to.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    if let Some(c) = cycle(graph) {
        panic!(
            "{what} form a cycle: {}\n{}",
            c.join(" -> "),
            listing.join("\n")
        );
    }
}

#[test]
fn the_shell_modules_depend_one_way() {
    assert_acyclic(&shell_graph(&sources()), "the shell modules");
}

/// The crate's top-level modules (docs/architecture.md's layers), the facade included.
#[test]
fn the_crate_modules_depend_one_way() {
    assert_acyclic(&graph(&sources(), &[], "lib"), "the crate's modules");
}

fn source(module: &[&str], text: &str) -> Source {
    let module: Vec<String> = module.iter().map(|s| s.to_string()).collect();
    read_source(format!("{}.rs", module.join("/")), module, text.to_string())
}

fn paths(s: &Source) -> Vec<String> {
    s.references.iter().map(|r| r.path.join("::")).collect()
}

/// The reader on small sources: what it must see and what it must not.
#[test]
fn the_reader_sees_paths_and_nothing_else() {
    #[rustfmt::skip]
    let cases: &[(&[&str], &str, &[&str])] = &[
        (&["shell", "parser"], "use super::{a, b::{c, D}, self};", &["shell::a", "shell::b::c", "shell::b::D", "shell"]),
        (&["shell", "parser"], "fn f() { super::super::w::f(); crate::shell::v::g(); self::h(); }", &["w::f", "shell::v::g", "shell::parser::h"]),
        (&["shell", "parser"], "use super::*; use super::x as y; pub(super) fn f() {}", &["shell", "shell::x"]),
        (&["shell", "parser"], "// super::x\n/* super::y /* nested */ super::z */", &[]),
        (&["shell", "parser"], "let s = \"super::y {\"; let c = '{'; let b = b'}'; let r = r#\"super::z\"#;", &[]),
        (&["shell", "parser"], "fn f<'a>(x: &'a str) -> char { let c = '\\''; super::q() }", &["shell::q"]),
        (&["shell", "parser"], "#[cfg(test)]\nmod tests { use super::*; fn t() { crate::shell::analyse(); } }\nuse super::after;", &["shell::after"]),
        (&["shell", "parser"], "mod inner { use super::x; }", &["shell::parser::x"]),
        (&["shell"], "mod parser;\npub use parser::Word; fn f() { parser::parse(); other::x(); }", &["shell::parser::Word", "shell::parser::parse"]),
        (&["shell", "parser"], "use std::super_thing; std::crate_x::y; names::key();", &[]),
    ];
    for (module, text, want) in cases {
        assert_eq!(paths(&source(module, text)), *want, "{text}");
    }
}

#[test]
fn the_facade_check_can_fail() {
    #[rustfmt::skip]
    let cases: &[(&[&str], &str, usize)] = &[
        (&["number"], "fn f() { crate::wasm::float_text(1.0) }", 2),
        (&["number"], "use crate::{wasm, x};", 1),
        (&["number"], "use super::wasm::f;", 1),
        (&["number"], "//! calls into js-sys", 1),
        (&["number"], "#[wasm_bindgen] fn f() {}", 1),
        (&["number"], "#[cfg(target_arch = \"wasm32\")]\npub mod wasm;", 1),
        (&[], "#[cfg(target_arch = \"wasm32\")]\npub mod wasm;", 0),
        (&[], "pub mod wasm;", 1),
        (&[], "#[cfg(target_arch = \"wasm32\")]\npub mod wasm;\nuse wasm::Gatekeeper;", 1),
        (&["shell"], "#[cfg(target_arch = \"wasm32\")] fn f() -> &'static str { \"wasm32\" }", 0),
    ];
    for (module, text, want) in cases {
        let found = facade_findings(&source(module, text));
        assert_eq!(found.len(), *want, "{text}: {found:?}");
    }
}

#[test]
fn the_cycle_check_can_fail() {
    // the root's own items are the root's; what it imports is its module's
    let shell = [
        source(&["shell"], "mod analysis; mod parser; pub use analysis::Command; pub fn analyse() { parser::parse() }"),
        source(&["shell", "parser"], "use super::{analysis, Command}; pub fn parse() { super::Command::new(); }"),
        source(&["shell", "analysis"], "pub struct Command;"),
    ];
    let graph = shell_graph(&shell);
    let edges = |m: &str| graph[m].iter().cloned().collect::<Vec<_>>().join(",");
    assert_eq!(
        (edges("mod"), edges("parser"), edges("analysis")),
        ("analysis,parser".into(), "analysis".into(), String::new())
    );
    assert_eq!(cycle(&graph), None);
    let shell = [
        source(
            &["shell"],
            "mod parser; pub const LIMIT: usize = 1; pub fn analyse() { parser::parse() }",
        ),
        source(
            &["shell", "parser"],
            "pub fn parse() { let _ = super::LIMIT; }",
        ),
    ];
    assert_eq!(
        cycle(&shell_graph(&shell)).map(|c| c.join(">")),
        Some("mod>parser>mod".to_string())
    );
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    assert_eq!(cycle(&g), None);
    g.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycle(&g).map(|c| c.join(">")), Some("a>b>c>a".to_string()));
}

/// Prints both graphs: `cargo test --test layering -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_the_graphs() {
    let all = sources();
    for (what, g) in [
        ("crate", graph(&all, &[], "lib")),
        ("shell", shell_graph(&all)),
    ] {
        println!("== {what}");
        for (m, to) in &g {
            println!(
                "{m} -> {}",
                to.iter().cloned().collect::<Vec<_>>().join(", ")
            );
        }
    }
}
