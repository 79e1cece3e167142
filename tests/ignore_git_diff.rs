//! Differential test: toolgate's ignore matcher against the real `git check-ignore`.
//!
//! A seeded generator writes random ignore files (anchored, dir-only, negated, `**` forms,
//! classes, escapes, trailing spaces, comments, CRLF, BOM) and random trees of files and
//! directories into a temporary repository; `git check-ignore --no-index -v -n -z --stdin`
//! answers for every path of the tree in one run, and toolgate must agree on every path: whether
//! it is ignored and which line decided (the line number, and whether it was a `!` line).
//!
//! `TOOLGATE_DIFF_SEED` and `TOOLGATE_DIFF_FILES` override the seed and the number of ignore
//! files. Skipped (with a message) when `git` is not installed.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use toolgate::ignore::IgnoreBuilder;

#[path = "support/rng.rs"]
mod rng;

use rng::Rng;

/// Names in the trees: chosen so that the pattern vocabulary hits them often.
const NAMES: &[&str] = &[
    "a",
    "b",
    "foo",
    "bar",
    "abc",
    "aby",
    "ab",
    "ba",
    "z",
    "y",
    "a.txt",
    "ab.txt",
    "b.log",
    "x.secret",
    ".env",
    "a1",
    "a9",
    "a]",
    "]x",
    "#x",
    "!y",
    "c d",
    "a*",
    "a?",
    "A",
    "Foo",
    "FOO",
    "build",
    "node_modules",
    "dir",
    "a-",
    "{a,b}",
    "a,b",
    " x",
    "a ",
    "a\\",
    "[x]",
    "x",
    ".git2",
    "a b",
    "tab\tx",
    "q:",
    "é",
    "aé",
];

/// Pattern segments (no '/').
const SEGMENTS: &[&str] = &[
    "a",
    "b",
    "foo",
    "bar",
    "abc",
    "aby",
    "ab",
    "y",
    "x",
    "*",
    "**",
    "***",
    "?",
    "??",
    "a*",
    "*a",
    "*b*",
    "a?",
    "?b*",
    "*.txt",
    "*.log",
    "*.secret",
    ".env",
    "x.secret",
    "[ab]",
    "[!a]*",
    "[^b]*",
    "[a-c]*",
    "a[0-9]",
    "a[[:digit:]]",
    "[[:alpha:]]*",
    "[[:space:]]*",
    "*[[:punct:]]",
    "[[:upper:]]*",
    "[[:lower:]]",
    "[[:alnum:]]*",
    "[[:xdigit:]]",
    "[[:blank:]]*",
    "[[:foo:]]",
    "[[:foo]",
    "[]]*",
    "a[]]",
    "[!]]*",
    "\\#x",
    "\\!y",
    "#x",
    "!y",
    "a\\ ",
    "c d",
    "c\\ d",
    "a\\*",
    "a\\?",
    "\\a",
    "\\[x\\]",
    "[z-a]",
    "[!z-a]",
    "a[b",
    "ab**",
    "a**b",
    "**a",
    "a[-]",
    "[a-]*",
    "[-a]",
    "a[\\]]",
    "[\\!]y",
    "[a\\-z]",
    "A",
    "Foo",
    "F*",
    "[A-Z]*",
    "{a,b}",
    "a,b",
    "build",
    "node_modules",
    "dir",
    "*[",
    "a\\",
    "[!a-z]",
    "[!/]",
    "[/]",
    "a[/]b",
    "*\\",
    "é",
    "?é",
    "a?",
    "[é]",
    "[aé]",
    "[!é]*",
    "é*",
    "[[]",
    "[[]x]",
    "[a-]]",
    "[--0]",
    "[!-]",
    "[^^]",
    "[!!]",
    "[\\!^]",
    "\\{a,b\\}",
];

/// Whole lines for corners the segment grammar rarely reaches.
const WHOLE: &[&str] = &[
    "x/ab**//",
    "/ab**//",
    "a/**//",
    "**//",
    "/**/",
    "ab**/y",
    "/ab**",
    "a/ab**",
    "a/b**/**/a",
    "/a**/**",
    "!/a**/b",
    "a/**",
    "!a/**",
    "**",
    "/**",
    "!**/",
    "*/",
    "/*",
    "a/*/",
    "\\/a",
    "a/\\**",
    "a\\/**",
    "a/**\\/b",
    "/a\\**",
    "foo/**/",
    "!foo/**/*",
    "a//b",
    "/\\a",
    "**\\/b",
    "x/ab**\\/y",
    "a\\\\/b",
    "a/b**\\/c",
    "x/ab\\**",
    "a/[b]**",
    "a/b?**",
    "ab***/y",
    "a/***",
    "***/a",
];

fn gen_pattern(rng: &mut Rng) -> String {
    match rng.below(100) {
        0..=3 => return format!("#{}", rng.pick(SEGMENTS)),
        4..=6 => return String::new(),
        7 => return "   ".into(),
        8..=10 => return rng.pick(WHOLE).to_string(),
        _ => {}
    }
    let count = match rng.below(100) {
        0..=49 => 1,
        50..=84 => 2,
        _ => 3,
    };
    let mut segs: Vec<&str> = (0..count).map(|_| rng.pick(SEGMENTS)).collect();
    match rng.below(100) {
        0..=5 => segs.insert(0, "**"),
        6..=10 => segs.push("**"),
        11..=14 if segs.len() >= 2 => segs.insert(1, "**"),
        _ => {}
    }
    let mut p = segs.join("/");
    if rng.chance(20) {
        p.insert(0, '/');
    }
    if rng.chance(20) {
        p.push('/');
    }
    if rng.chance(3) {
        p.push('/');
    }
    if rng.chance(25) {
        p.insert(0, '!');
    }
    match rng.below(100) {
        0..=6 => p.push_str("  "),
        7..=9 => p.push_str("\\ "),
        10..=11 => p.push_str(" \\  "),
        12 => p.push('\t'),
        13..=14 => p.insert(0, ' '),
        _ => {}
    }
    p
}

fn gen_ignore_file(rng: &mut Rng) -> String {
    let lines: Vec<String> = (0..1 + rng.below(8)).map(|_| gen_pattern(rng)).collect();
    let eol = if rng.chance(10) { "\r\n" } else { "\n" };
    let mut text = lines.join(eol);
    if rng.chance(50) {
        text.push_str(eol);
    }
    if rng.chance(5) {
        text.insert(0, '\u{feff}');
    }
    text
}

/// path → is_dir, every prefix a directory.
fn gen_tree(rng: &mut Rng) -> BTreeMap<String, bool> {
    let mut tree: BTreeMap<String, bool> = BTreeMap::new();
    for _ in 0..40 {
        let depth = 1 + rng.below(4);
        let parts: Vec<&str> = (0..depth).map(|_| rng.pick(NAMES)).collect();
        let is_dir = rng.chance(30);
        let mut ok = true;
        for k in 1..parts.len() {
            let prefix = parts[..k].join("/");
            if tree.get(&prefix) == Some(&false) {
                ok = false;
            }
        }
        let full = parts.join("/");
        if !ok || tree.contains_key(&full) {
            continue;
        }
        for k in 1..parts.len() {
            tree.insert(parts[..k].join("/"), true);
        }
        tree.insert(full, is_dir);
    }
    tree
}

fn git(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir)
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .args(["-c", "core.excludesFile=", "-c", "core.ignoreCase=false"]);
    cmd
}

/// git's answer per path: (line, negated) of the deciding pattern, or None.
fn check_ignore(dir: &Path, paths: &[&String]) -> Vec<Option<(usize, bool)>> {
    let mut child = git(dir)
        .args(["check-ignore", "--no-index", "-v", "-n", "-z", "--stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn git check-ignore");
    let mut input = Vec::new();
    for p in paths {
        input.extend_from_slice(p.as_bytes());
        input.push(0);
    }
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    let code = out.status.code();
    assert!(
        code == Some(0) || code == Some(1),
        "git check-ignore failed ({code:?}): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fields: Vec<&[u8]> = out.stdout.split(|&b| b == 0).collect();
    let mut answers = Vec::new();
    for (k, rec) in fields.chunks(4).enumerate() {
        if rec.len() < 4 {
            break;
        }
        assert_eq!(rec[3], paths[k].as_bytes(), "git answered out of order");
        answers.push(if rec[0].is_empty() {
            None
        } else {
            let line: usize = std::str::from_utf8(rec[1]).unwrap().parse().unwrap();
            Some((line, rec[2].first() == Some(&b'!')))
        });
    }
    assert_eq!(
        answers.len(),
        paths.len(),
        "git answered {} of {} paths",
        answers.len(),
        paths.len()
    );
    answers
}

fn temp_repo() -> Option<PathBuf> {
    let dir = std::env::temp_dir().join(format!(
        "toolgate-ignore-diff-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    match git(&dir).args(["init", "-q"]).status() {
        Ok(s) if s.success() => Some(dir),
        _ => {
            let _ = std::fs::remove_dir_all(&dir);
            None
        }
    }
}

fn write_tree(root: &Path, tree: &BTreeMap<String, bool>) {
    for entry in std::fs::read_dir(root).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != ".git" {
            let path = entry.path();
            if path.is_dir() {
                std::fs::remove_dir_all(&path).unwrap();
            } else {
                std::fs::remove_file(&path).unwrap();
            }
        }
    }
    for (path, &is_dir) in tree {
        let full = root.join(path);
        if is_dir {
            std::fs::create_dir_all(&full).unwrap();
        } else {
            std::fs::write(&full, b"").unwrap();
        }
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn agrees_with_git_check_ignore() {
    let Some(repo) = temp_repo() else {
        eprintln!("git is not available: differential test skipped");
        return;
    };
    let seed = env_number("TOOLGATE_DIFF_SEED", 0x5eed_2024);
    let files = env_number("TOOLGATE_DIFF_FILES", 1500);
    let files_per_tree = 10;
    let mut rng = Rng(seed | 1);
    let exclude = repo.join(".git/info/exclude");
    let (mut cases, mut ignored_cases, mut disagreements) = (0usize, 0usize, Vec::new());
    let mut tree = BTreeMap::new();
    let mut git_time = std::time::Duration::ZERO;
    let started = std::time::Instant::now();
    for file_no in 0..files {
        if file_no % files_per_tree == 0 {
            tree = gen_tree(&mut rng);
            write_tree(&repo, &tree);
        }
        let text = gen_ignore_file(&mut rng);
        std::fs::write(&exclude, text.as_bytes()).unwrap();
        let ignore = IgnoreBuilder::default().build(Some(&text)).expect("builds");
        let paths: Vec<&String> = tree.keys().collect();
        let started = std::time::Instant::now();
        let answers = check_ignore(&repo, &paths);
        git_time += started.elapsed();
        let mut batch = ignore.batch();
        for (path, git_answer) in paths.iter().zip(answers) {
            let is_dir = tree[*path];
            let ours = ignore
                .explain(path, is_dir)
                .map(|d| (d.rule.line, !d.ignored));
            let git_ignored = matches!(git_answer, Some((_, false)));
            cases += 1;
            ignored_cases += usize::from(git_ignored);
            let is_ignored = ignore.is_ignored(path, is_dir);
            let batch_ignored = batch.is_ignored(path, is_dir);
            // The one-walk kind query against the two single queries.
            let kind = ignore.ignored_as(path);
            let kind_want = if ignore.is_ignored(path, false) {
                Some(false)
            } else {
                ignore.is_ignored(path, true).then_some(true)
            };
            if ours != git_answer
                || is_ignored != git_ignored
                || batch_ignored != git_ignored
                || kind != kind_want
            {
                disagreements.push(format!(
                    "ignore file {text:?}\n  path {path:?} (is_dir={is_dir})\n  git: {git_answer:?}  \
                     toolgate: explain {ours:?}, is_ignored {is_ignored}, batch {batch_ignored}, \
                     ignored_as {kind:?} (want {kind_want:?})  [(line, negated)]"
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&repo);
    let timing = format!("{:?} total, {git_time:?} in git", started.elapsed());
    let run = format!("differential test: seed {seed:#x}, {files} ignore files");
    report(&run, &timing, cases, ignored_cases, &disagreements);
}

/// Prints a differential run's summary and its first disagreements; fails on any, or when the
/// run judged too few paths to mean anything.
fn report(run: &str, detail: &str, cases: usize, ignored_cases: usize, disagreements: &[String]) {
    eprintln!(
        "{run}, {cases} path checks ({ignored_cases} ignored), {} disagreements; {detail}",
        disagreements.len()
    );
    for d in disagreements.iter().take(30) {
        eprintln!("{d}");
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements with git",
        disagreements.len()
    );
    assert!(cases >= 10_000, "too few cases: {cases}");
}

/// Directory parts and name parts of the lines a batch judges per directory (`H/T`,
/// `H/**/T`, `**/T`, `H/**`), and names that hit them.
const HEADS: &[&str] = &[
    "a",
    "a/b",
    "*",
    "a*",
    "a/**/b",
    "**/a",
    "foo",
    "*/b",
    "b/*",
    "a/*/b",
    "**/foo/bar",
    "a?",
    "**/b/**/a",
];
const TAILS: &[&str] = &[
    "*", "*.txt", "a", "b*", "x.secret", "**", "?", "*a", "ab.txt", "foo",
];
const SHAPE_NAMES: &[&str] = &[
    "a", "b", "foo", "bar", "ab", "a.txt", "ab.txt", "x.secret", "ba",
];

fn gen_shape_line(rng: &mut Rng) -> String {
    let mut p = match rng.below(10) {
        0 => format!("**/{}", rng.pick(TAILS)),
        1 => rng.pick(TAILS).to_string(), // a basename line
        2 => format!("{}/**", rng.pick(HEADS)),
        3 | 4 => format!("{}/**/{}", rng.pick(HEADS), rng.pick(TAILS)),
        _ => format!("{}/{}", rng.pick(HEADS), rng.pick(TAILS)),
    };
    if rng.chance(20) {
        p.insert(0, '/');
    }
    if rng.chance(25) {
        p.push('/');
    }
    if rng.chance(35) {
        p.insert(0, '!');
    }
    p
}

/// Deeper trees over few names, so that directory parts match at several depths.
fn gen_shape_tree(rng: &mut Rng) -> BTreeMap<String, bool> {
    let mut tree: BTreeMap<String, bool> = BTreeMap::new();
    for _ in 0..60 {
        let depth = 1 + rng.below(5);
        let parts: Vec<&str> = (0..depth).map(|_| rng.pick(SHAPE_NAMES)).collect();
        let full = parts.join("/");
        if (1..parts.len()).any(|k| tree.get(&parts[..k].join("/")) == Some(&false))
            || tree.contains_key(&full)
        {
            continue;
        }
        for k in 1..parts.len() {
            tree.insert(parts[..k].join("/"), true);
        }
        tree.insert(full, rng.chance(25));
    }
    tree
}

/// The batch on the lines it splits into a directory part and a name part (negations, `**`,
/// re-included directories, trailing slashes), against git, in the listing's order and
/// shuffled (a batch's answers never depend on the order it is asked in).
#[test]
fn batch_agrees_with_git_on_split_lines() {
    let Some(repo) = temp_repo() else {
        eprintln!("git is not available: differential test skipped");
        return;
    };
    let seed = env_number("TOOLGATE_DIFF_SEED", 0x5eed_2024);
    let files = env_number("TOOLGATE_DIFF_FILES", 1500) / 3;
    let mut rng = Rng(seed.rotate_left(17) | 1);
    let exclude = repo.join(".git/info/exclude");
    let (mut cases, mut ignored_cases, mut disagreements) = (0usize, 0usize, Vec::new());
    let mut tree = BTreeMap::new();
    for file_no in 0..files {
        if file_no % 10 == 0 {
            tree = gen_shape_tree(&mut rng);
            write_tree(&repo, &tree);
        }
        let lines: Vec<String> = (0..2 + rng.below(10))
            .map(|_| gen_shape_line(&mut rng))
            .collect();
        let text = lines.join("\n") + "\n";
        std::fs::write(&exclude, text.as_bytes()).unwrap();
        let ignore = IgnoreBuilder::default().build(Some(&text)).expect("builds");
        let paths: Vec<&String> = tree.keys().collect();
        let answers = check_ignore(&repo, &paths);
        let mut shuffled: Vec<usize> = (0..paths.len()).collect();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, rng.below(i + 1));
        }
        let mut in_order = ignore.batch();
        let mut out_of_order = ignore.batch();
        let mut second: Vec<bool> = vec![false; paths.len()];
        for &k in &shuffled {
            second[k] = out_of_order.is_ignored(paths[k], tree[paths[k]]);
        }
        for (k, (path, git_answer)) in paths.iter().zip(answers).enumerate() {
            let is_dir = tree[*path];
            let git_ignored = matches!(git_answer, Some((_, false)));
            let batch = in_order.is_ignored(path, is_dir);
            let single = ignore.is_ignored(path, is_dir);
            cases += 1;
            ignored_cases += usize::from(git_ignored);
            if batch != git_ignored || second[k] != git_ignored || single != git_ignored {
                disagreements.push(format!(
                    "ignore file {text:?}\n  path {path:?} (is_dir={is_dir})\n  git: {git_answer:?}  \
                     toolgate: batch {batch}, shuffled batch {}, single {single}",
                    second[k]
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&repo);
    let run = format!("split-line differential test: seed {seed:#x}, {files} ignore files");
    report(
        &run,
        "in order and shuffled",
        cases,
        ignored_cases,
        &disagreements,
    );
    assert!(
        ignored_cases * 10 >= cases,
        "too few ignored: {ignored_cases} of {cases}"
    );
}
