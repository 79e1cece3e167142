//! The house rules a maintainer relies on, read from the tree: no function in `src/` longer
//! than a screenful or two (tables aside), a README a user can read, docs that name only
//! source paths that exist.

use std::path::{Path, PathBuf};

/// The longest function body allowed, in lines (array literals, the tables, not counted).
const MAX_FUNCTION_LINES: usize = 150;

/// Functions still longer, each with the issue that splits it.
const LONG_ALLOWED: &[(&str, &str)] = &[];

/// The user README's budget, in bytes: the rest of the documentation lives in docs/.
const README_MAX_BYTES: usize = 30 * 1024;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The name of the function a (rustfmt-formatted) line declares, if it declares one.
fn declared_fn(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    loop {
        let before = rest;
        for prefix in ["pub ", "const ", "unsafe ", "async ", "extern \"C\" "] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        if rest.starts_with("pub(") {
            rest = rest.split_once(") ").map_or(rest, |(_, r)| r);
        }
        if rest == before {
            break;
        }
    }
    let name = rest.strip_prefix("fn ")?;
    let end = name
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    Some(&name[..end])
}

/// (name, counted lines) of each function with a body in `src`: from its `fn` line to the
/// `}` at its indentation, less the lines of array literals (`let cases = &[ … ];`).
fn function_lengths(src: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = declared_fn(line) else {
            continue;
        };
        let trimmed = line.trim_end();
        if trimmed.ends_with(';') || trimmed.ends_with('}') {
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let close = format!("{indent}}}");
        let Some(end) = (i + 1..lines.len()).find(|&j| lines[j] == close) else {
            continue;
        };
        let mut counted = 0;
        let mut table_end: Option<String> = None;
        for l in &lines[i..=end] {
            if let Some(end_line) = &table_end {
                if l.trim_end().starts_with(end_line.as_str()) {
                    table_end = None;
                }
                continue;
            }
            let t = l.trim_end();
            if t.contains(" = ") && (t.ends_with("= &[") || t.ends_with("= [")) {
                let at = &l[..l.len() - l.trim_start().len()];
                table_end = Some(format!("{at}]"));
                continue;
            }
            counted += 1;
        }
        out.push((name.to_string(), counted));
    }
    out
}

#[test]
fn no_function_in_src_is_longer_than_150_lines() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut long = Vec::new();
    for file in files {
        let rel = file
            .strip_prefix(root())
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        let src = std::fs::read_to_string(&file).expect("a source file");
        for (name, n) in function_lengths(&src) {
            let allowed = LONG_ALLOWED.contains(&(rel.as_str(), name.as_str()));
            if n > MAX_FUNCTION_LINES && !allowed {
                long.push(format!("{rel}: {name} ({n} lines)"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines; split them by step:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_length_check_sees_long_functions_and_sets_tables_aside() {
    let body = "        x += 1;\n".repeat(160);
    let long = format!("    pub(super) fn long(&self) -> u8 {{\n{body}    }}\n");
    assert_eq!(function_lengths(&long), [("long".to_string(), 162)]);
    let table = format!(
        "fn cases() {{\n    let cases: &[u8] = &[\n{}    ];\n    run(cases);\n}}\n",
        "        1,\n".repeat(200)
    );
    assert_eq!(function_lengths(&table), [("cases".to_string(), 3)]);
    assert_eq!(function_lengths("fn f();\nfn g() {}\n"), []);
}

#[test]
fn the_readme_stays_under_30_kb() {
    let n = std::fs::metadata(root().join("README.md"))
        .expect("README.md")
        .len() as usize;
    assert!(
        n <= README_MAX_BYTES,
        "README.md is {n} bytes, over {README_MAX_BYTES}: move detail to a docs/ page and link it"
    );
}

/// The documents whose source paths must exist (docs/history/ records the past as it was).
const DOCS: &[&str] = &["README.md", "CONTRIBUTING.md", "src/lib.rs"];

/// Top-level directories a path in the docs may start with.
const ROOTS: &[&str] = &[
    "src/",
    "tests/",
    "scripts/",
    "bench/",
    "fuzz/",
    "examples/",
    "pkg-template/",
    "www/",
    "docs/",
    ".ci/",
];

/// Directories under `src/` the docs name paths from (`wasm/read_call.js`).
const SRC_DIRS: &[&str] = &[
    "wasm/",
    "shell/",
    "engine/",
    "import/",
    "ignore/",
    "platform/",
];

/// Paths the docs name that are not toolgate's: files of a user's workspace or of another
/// project, in examples.
const NOT_OURS: &[&str] = &[
    // a workspace's files in the README's and the docs' examples
    "src/a.ts",
    "src/.env.ts",
    "src/index.ts",
    "src/main.js",
    "src/extension.ts",
    "main.rs",
    "docs/x.md",
    // Codex's and Gemini CLI's sources, which docs/hooks.md cites
    "src/events/pre_tool_use.rs",
    "src/events/common.rs",
    "src/engine/output_parser.rs",
    "src/engine/discovery.rs",
    "docs/hooks/reference.md",
    "docs/hooks/index.md",
    // where a fuzz run saves a crash (made by the run, ignored by git)
    "fuzz/artifacts",
];

/// Source-like words of `text`: runs of path characters that start with a root or a source
/// directory, or end in `.rs`; a word that is a glob's start (`tests/wasm_*.rs`) or climbs
/// out (`src/../x`) is left out.
fn named_paths(text: &str) -> Vec<String> {
    let path_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/');
    let mut out = Vec::new();
    let mut at = 0;
    for word in text.split(|c: char| !path_char(c)) {
        let next = text[at + word.len()..].chars().next();
        at += word.len() + next.map_or(0, char::len_utf8);
        if matches!(next, Some('*' | '<' | '{')) || word.contains("..") {
            continue;
        }
        let word = word.trim_end_matches(['.', '/']).trim_start_matches("./");
        let rooted = ROOTS
            .iter()
            .chain(SRC_DIRS)
            .any(|r| word.starts_with(r) && word.len() > r.len());
        if (rooted || (word.ends_with(".rs") && word.len() > 3)) && !NOT_OURS.contains(&word) {
            out.push(word.to_string());
        }
    }
    out
}

fn all_files(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name();
        if matches!(
            name.to_str(),
            Some("target" | "node_modules" | ".git" | "dist")
        ) {
            continue;
        }
        let rel = p
            .strip_prefix(root())
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        if p.is_dir() {
            out.push(format!("{rel}/"));
            all_files(&p, out);
        } else {
            out.push(rel);
        }
    }
}

/// Whether `path`, as the docs write it, names a file or directory of the tree: from the
/// root, from `src/`, or (a bare `name.rs`) anywhere.
fn exists(path: &str, tree: &[String]) -> bool {
    let dir = format!("{path}/");
    // a directory, a file, or a module or example named without its `.rs`
    let in_tree = |p: &str| {
        let forms = [p.to_string(), format!("{p}/"), format!("{p}.rs")];
        tree.iter().any(|t| forms.contains(t))
    };
    if ROOTS.iter().any(|r| path.starts_with(r)) {
        return in_tree(path);
    }
    if SRC_DIRS.iter().any(|r| path.starts_with(r)) {
        return in_tree(&format!("src/{path}"))
            || tree.iter().any(|t| {
                t.ends_with(&format!("/{path}"))
                    || t.ends_with(&dir)
                    || t.ends_with(&format!("/{path}.rs"))
            });
    }
    tree.iter()
        .any(|t| t == path || t.ends_with(&format!("/{path}")))
}

#[test]
fn every_source_path_the_docs_name_exists() {
    let mut tree = Vec::new();
    all_files(root(), &mut tree);
    let mut docs: Vec<String> = DOCS.iter().map(|d| d.to_string()).collect();
    for e in std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .flatten()
    {
        let name = e.file_name().to_string_lossy().to_string();
        if name.ends_with(".md") {
            docs.push(format!("docs/{name}"));
        }
    }
    let mut missing = Vec::new();
    for doc in &docs {
        let text = std::fs::read_to_string(root().join(doc)).expect("a document");
        for path in named_paths(&text) {
            if !exists(&path, &tree) {
                missing.push(format!("{doc}: {path}"));
            }
        }
    }
    missing.dedup();
    assert!(
        missing.is_empty(),
        "the docs name paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_path_check_reads_paths_as_the_docs_write_them() {
    let tree: Vec<String> = [
        "src/",
        "src/shell/",
        "src/shell/critical.rs",
        "src/wasm/",
        "src/wasm/read_call.js",
        "tests/house.rs",
    ]
    .map(String::from)
    .to_vec();
    let text = "`src/shell/critical.rs`, wasm/read_call.js, `critical.rs` and tests/house.rs; \
                src/wasm.rs, wasm/serde_js.rs, number.rs; tests/wasm_*.rs, src/../x, src/a.ts";
    let named = named_paths(text);
    let missing: Vec<&str> = named
        .iter()
        .map(String::as_str)
        .filter(|p| !exists(p, &tree))
        .collect();
    assert_eq!(missing, ["src/wasm.rs", "wasm/serde_js.rs", "number.rs"]);
    assert!(!named
        .iter()
        .any(|p| p.contains("..") || p.starts_with("tests/wasm_")));
}
