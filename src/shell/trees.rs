//! What a command reaches beyond the operands it names: the whole tree below a directory it
//! copies, archives, syncs or deletes (`cp -r`, `rsync -a`, `scp -r`, `tar c`, `zip -r`,
//! `git archive`,
//! `git clean -x`, `diff -r`, `7z a`), and the files `find` selects for an action (`-delete`, `-exec`, `-ok`, or piped into
//! `xargs`). The validator checks these against the ignore rules besides [`super::paths`]:
//! a copy of a directory that holds ignored files takes them out of the gate ("what toolgate
//! cannot see, it does not vouch for").
//!
//! * [`Reach::Tree`]: every file below `path`. The files a directory holds are not known
//!   here, so the validator only refuses a tree that holds a workspace root (`.` at the root,
//!   `..` from it, `/`): it holds the ignore file and whatever the rules ignore. A
//!   subdirectory's tree is not refused (`tar czf x.tgz src/` stays allowed).
//! * [`Reach::Matching`]: the files `find` selects by name, as a glob below its start point
//!   (`find . -name '.cline*' -delete` → `./.cline*`), checked like any glob operand; `-iname`
//!   patterns are lowered (ASCII). A `find` with an action and no name test before it (a negated
//!   one does not count) reaches its whole tree.

use super::{names, paths, Analysis, SimpleCommand};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Every file below the path.
    Tree,
    /// The files a glob (already joined onto the start point) matches.
    Matching,
    /// The directory and everything below it, deleted or moved away (`rm -r DIR`, `mv DIR
    /// x`): an ignore file's include below it goes with it.
    Removed,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Reached {
    /// Index into [`Analysis::commands`].
    pub command: usize,
    /// The operand as written (the pattern, for `find`).
    pub word: String,
    /// The directory (joined onto the command's `cwd`) or the glob.
    pub path: String,
    pub reach: Reach,
}

/// Every tree and `find` selection the commands of `analysis` reach; expansions are left to
/// the path operands (a word with one is skipped here).
pub fn reached(analysis: &Analysis) -> Vec<Reached> {
    let mut out = Vec::new();
    for (ci, c) in analysis.commands.iter().enumerate() {
        let Some(name) = c.name() else { continue };
        let args = c.words.get(1..).unwrap_or(&[]);
        let mut push = |word: &str, path: String, reach| {
            out.push(Reached {
                command: ci,
                word: word.to_string(),
                path,
                reach,
            })
        };
        match names::folded_key(name) {
            names::FIND => {
                for (word, glob, reach) in find(analysis, c) {
                    push(&word, joined(c, &glob), reach);
                }
            }
            key => {
                for (i, dir) in removed(key, args) {
                    if !c.is_dynamic(i + 1) {
                        push(&dir, joined(c, &dir), Reach::Removed);
                    }
                }
                for (i, dir) in copied(key, args) {
                    // `$PWD/x` is known; any other expansion is the path operands' concern
                    let path = joined(c, &dir);
                    if !c.is_dynamic(i + 1) || !path.contains(['$', '`']) {
                        push(&dir, path, Reach::Tree);
                    }
                }
            }
        }
    }
    out
}

/// `word` joined onto the command's `cwd` when relative (`$PWD/x` is `x`).
pub(super) fn joined(c: &SimpleCommand, word: &str) -> String {
    let word = paths::normalise_expansions(word);
    match &c.cwd {
        Some(cwd) if !paths::is_absolute(&word) => format!("{cwd}/{word}"),
        _ => word,
    }
}

/// `-r`, `-R`, `-a` (when `archive`) in a cluster, or `--recursive`/`--archive`.
fn recursive(args: &[String], letters: &[u8]) -> bool {
    args.iter().any(|w| match w.strip_prefix("--") {
        Some(long) => matches!(long, "recursive" | "archive" | "recurse-paths"),
        None => {
            w.len() > 1 && w.starts_with('-') && w.bytes().skip(1).any(|b| letters.contains(&b))
        }
    })
}

/// Indices (into `args`) of the non-option words (everything after `--`).
fn operands(args: &[String]) -> Vec<usize> {
    let mut options = true;
    let mut out = Vec::new();
    for (i, w) in args.iter().enumerate() {
        if options && w == "--" {
            options = false;
        } else if !(options && w.len() > 1 && w.starts_with('-')) {
            out.push(i);
        }
    }
    out
}

/// What `rm -r` deletes and `mv` moves away (index into `args`, path): every operand of
/// `rm -r`, `git rm -r` (not `--cached`), `trash`, `gio trash`; every operand but the target
/// of `mv`, `git mv`, `rsync --remove-source-files` (all of them with `-t DIR`).
fn removed(key: names::Key, args: &[String]) -> Vec<(usize, String)> {
    // (`-t DIR`'s value is the target, not an operand; read only for a program that removes)
    let files = || -> Vec<usize> {
        operands(args)
            .into_iter()
            .filter(|&i| i == 0 || args[i - 1] != "-t")
            .collect()
    };
    let has = |o: &str| args.iter().any(|w| w == o);
    let target_dir = || {
        args.iter()
            .any(|w| w == "-t" || w.starts_with("--target-directory"))
    };
    // (`git rm`, `gio trash`: the sub-command is not an operand)
    let sub = || files().first().map(|&i| args[i].as_str());
    let all_but_target = |files: &[usize]| match target_dir() {
        true => files.len(),
        false => files.len().saturating_sub(1),
    };
    let (skip, n) = match key {
        names::RM if recursive(args, b"rR") => (0, files().len()),
        names::MV => (0, all_but_target(&files())),
        names::RSYNC if has("--remove-source-files") => (0, all_but_target(&files())),
        names::GIT | GIO if matches!(sub(), Some("rm" | "mv" | "trash")) => {
            let files = files();
            let rest = &files[1..];
            let n = match sub() {
                Some("rm") if recursive(args, b"rR") && !has("--cached") => rest.len(),
                Some("mv") => all_but_target(rest),
                Some("trash") if key == GIO => rest.len(),
                _ => 0,
            };
            (1, n)
        }
        TRASH | TRASH_PUT => (0, files().len()),
        _ => return Vec::new(),
    };
    files()
        .iter()
        .skip(skip)
        .take(n)
        .map(|&i| (i, args[i].clone()))
        .collect()
}

const GIO: names::Key = names::folded_key("gio");
const TRASH: names::Key = names::folded_key("trash");
const TRASH_PUT: names::Key = names::folded_key("trash-put");

/// The source trees (index into `args`, path) of a copy, sync, archive or clean.
fn copied(key: names::Key, args: &[String]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    // (read only for a program that copies)
    let files = || operands(args);
    let mut take = |from: usize, to: usize| {
        for &i in files().get(from..to).unwrap_or(&[]) {
            let w = &args[i];
            // `host:path` is remote
            if !w.contains(':') || w.starts_with(['/', '.', '~']) {
                out.push((i, w.clone()));
            }
        }
    };
    let n = || files().len();
    match key {
        names::CP | names::RSYNC | names::SCP if recursive(args, b"rRa") => {
            let target = args
                .iter()
                .any(|w| w == "-t" || w.starts_with("--target-directory"));
            take(0, if target { n() } else { n().saturating_sub(1) })
        }
        names::DIFF if recursive(args, b"r") => take(0, n()),
        names::ZIP if recursive(args, b"rR") => take(1, n()),
        names::SEVEN_Z | names::SEVEN_ZA | names::SEVEN_ZR
            if files()
                .first()
                .is_some_and(|&i| args[i] == "a" || args[i] == "u") =>
        {
            take(2, n())
        }
        names::TAR | names::BSDTAR => return tar_sources(args),
        names::GIT => return git_trees(args, &files()),
        _ => {}
    }
    out
}

/// `git archive TREE` with no paths (the whole repository), `git rm -r PATH…` (not
/// `--cached`: the ignore file goes with a path holding the root), `git clean -x`/`-X` (the
/// untracked files the ignore files name, below its paths or `.`).
fn git_trees(args: &[String], files: &[usize]) -> Vec<(usize, String)> {
    let Some(&at) = files.first() else {
        return Vec::new();
    };
    let rest = &files[1..];
    let has = |f: &dyn Fn(&str) -> bool| args[at..].iter().any(|w| f(w));
    let paths = |from: usize| {
        rest.get(from..)
            .unwrap_or(&[])
            .iter()
            .map(|&i| (i, args[i].clone()))
    };
    match args[at].as_str() {
        // options taking a value leave it as an operand: `-o x.tar HEAD` is at most two
        "archive" => {
            let values = args[at..]
                .iter()
                .filter(|w| {
                    matches!(
                        w.as_str(),
                        "-o" | "--output" | "--format" | "--prefix" | "--remote"
                    )
                })
                .count();
            if rest.len() > 1 + values {
                return Vec::new();
            }
            // `HEAD:src` is the tree of `src` only
            match rest.iter().find_map(|&i| {
                let (_, path) = args[i].split_once(':')?;
                (!path.is_empty()).then(|| (i, path.to_string()))
            }) {
                Some(subtree) => vec![subtree],
                None => vec![(at, ".".to_string())],
            }
        }
        "rm" if recursive(&args[at..], b"r") && !has(&|w| w == "--cached") => paths(0).collect(),
        "clean"
            if has(&|w| !w.starts_with("--") && w.starts_with('-') && w.contains(['x', 'X'])) =>
        {
            if rest.is_empty() {
                vec![(at, ".".to_string())]
            } else {
                paths(0).collect()
            }
        }
        _ => Vec::new(),
    }
}

/// The files `tar` adds when it creates or appends (`c`, `r`, `u` in its first word or
/// `--create`/`--append`/`--update`): the operands after the archive, with `-C DIR` applied.
fn tar_sources(args: &[String]) -> Vec<(usize, String)> {
    let first = args.first().map(String::as_str).unwrap_or("");
    let letters = first.trim_start_matches('-');
    let clustered = !first.starts_with("--") && letters.bytes().all(|b| b.is_ascii_alphabetic());
    let creates = (clustered && letters.contains(['c', 'r', 'u']))
        || args
            .iter()
            .any(|w| matches!(w.as_str(), "--create" | "--append" | "--update" | "-c"));
    if !creates {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut base: Option<&str> = None;
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        if w == "-C" || w == "--directory" {
            base = args.get(i).map(String::as_str);
            i += 1;
            continue;
        }
        if let Some(dir) = w.strip_prefix("--directory=") {
            base = Some(dir);
            continue;
        }
        if w.starts_with("--") {
            if matches!(w.as_str(), "--file" | "--files-from" | "--exclude-from") {
                i += 1;
            }
            continue;
        }
        let cluster = w.strip_prefix('-').or((i == 1).then_some(w.as_str()));
        match cluster {
            Some(l) if !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric()) => {
                // each of f, C, T, X, b, K, N, V takes the next word (unless glued: `-fx`)
                let glued = w.starts_with('-')
                    && l.len() > 1
                    && l.ends_with(|c: char| !"fCTXbKNV".contains(c));
                if !glued {
                    i += l.bytes().filter(|b| b"fCTXbKNV".contains(b)).count();
                }
            }
            _ => out.push((
                i - 1,
                match base {
                    Some(dir) if !paths::is_absolute(w) => {
                        format!("{}/{w}", dir.trim_end_matches('/'))
                    }
                    _ => w.clone(),
                },
            )),
        }
    }
    out
}

/// Whether `find` (command `c`) acts on what it selects: `-delete`, `-exec`, `-ok`, or a
/// later `xargs` stage.
pub fn find_acts(analysis: &Analysis, c: &SimpleCommand) -> bool {
    c.words.iter().any(|w| {
        matches!(
            w.as_str(),
            "-delete" | "-exec" | "-execdir" | "-ok" | "-okdir"
        )
    }) || analysis.commands.iter().any(|d| {
        c.pipeline != usize::MAX
            && d.pipeline == c.pipeline
            && d.stage > c.stage
            && d.wrappers.iter().any(|w| w.name == "xargs")
    })
}

/// `find`'s start points (`.` when it names none), and the index of its expression's first
/// word (after its `-H`/`-L`/`-P`/`-O` options and the starts).
pub fn find_starts(words: &[String]) -> (Vec<&str>, usize) {
    let mut i = 1;
    while words
        .get(i)
        .is_some_and(|w| matches!(w.as_str(), "-H" | "-L" | "-P") || w.starts_with("-O"))
    {
        i += 1;
    }
    let start = i;
    while words
        .get(i)
        .is_some_and(|w| !w.starts_with('-') && w != "(" && w != "!")
    {
        i += 1;
    }
    let starts = match words.get(start..i) {
        Some(s) if !s.is_empty() => s.iter().map(String::as_str).collect(),
        _ => vec!["."],
    };
    (starts, i)
}

/// What a `find` with an action reaches: (pattern as written, glob below the start, reach).
fn find(analysis: &Analysis, c: &SimpleCommand) -> Vec<(String, String, Reach)> {
    let words = &c.words;
    if !find_acts(analysis, c) {
        return Vec::new();
    }
    let (starts, i) = find_starts(words);
    if starts.iter().any(|s| s.contains('$')) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut named = false;
    let mut j = i;
    while let Some(w) = words.get(j) {
        j += 1;
        // a test after the first action, or negated, selects nothing away
        if matches!(
            w.as_str(),
            "-delete" | "-exec" | "-execdir" | "-ok" | "-okdir"
        ) {
            break;
        }
        if matches!(w.as_str(), "-not" | "!") {
            j += 2;
            continue;
        }
        let Some(pattern) = words.get(j) else { break };
        let (folded, whole) = match w.as_str() {
            "-name" | "-lname" => (false, false),
            "-iname" | "-ilname" => (true, false),
            "-path" | "-wholename" => (false, true),
            "-ipath" | "-iwholename" => (true, true),
            _ => continue,
        };
        j += 1;
        named = true;
        let pattern = if folded {
            pattern.to_ascii_lowercase()
        } else {
            pattern.clone()
        };
        for s in &starts {
            let glob = if whole {
                pattern.clone()
            } else {
                format!("{}/{pattern}", s.trim_end_matches('/'))
            };
            out.push((pattern.clone(), glob, Reach::Matching));
        }
    }
    if !named {
        out.extend(
            starts
                .iter()
                .map(|s| (s.to_string(), s.to_string(), Reach::Tree)),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reached_table() {
        for (input, expected) in [
            ("cp -r . /tmp/w", vec![(".", Reach::Tree)]),
            (
                "cp -a src /ws /tmp",
                vec![("src", Reach::Tree), ("/ws", Reach::Tree)],
            ),
            ("cp a b", vec![]),
            ("rsync -av ./ host:/srv", vec![("./", Reach::Tree)]),
            ("rsync -a host:/x .", vec![]),
            ("scp -r . host:", vec![(".", Reach::Tree)]),
            (
                "tar czf x.tgz src/ package.json",
                vec![("src/", Reach::Tree), ("package.json", Reach::Tree)],
            ),
            ("tar -czf x.tgz .", vec![(".", Reach::Tree)]),
            ("tar -c -f x.tar -C / ws", vec![("/ws", Reach::Tree)]),
            ("tar xzf x.tgz", vec![]),
            ("zip -r x.zip .", vec![(".", Reach::Tree)]),
            ("git archive HEAD", vec![(".", Reach::Tree)]),
            ("git archive HEAD src", vec![]),
            (
                "git archive -o /tmp/x.tar HEAD:src",
                vec![("src", Reach::Tree)],
            ),
            ("git archive -o /tmp/x.tar HEAD", vec![(".", Reach::Tree)]),
            ("git clean -fdx", vec![(".", Reach::Tree)]),
            ("git clean -fd", vec![]),
            (
                "git rm -rf .",
                vec![(".", Reach::Removed), (".", Reach::Tree)],
            ),
            (
                "rm -r a b",
                vec![("a", Reach::Removed), ("b", Reach::Removed)],
            ),
            ("rm a", vec![]),
            (
                "mv a b c",
                vec![("a", Reach::Removed), ("b", Reach::Removed)],
            ),
            ("mv -t d a", vec![("a", Reach::Removed)]),
            ("git mv a b", vec![("a", Reach::Removed)]),
            ("gio trash a", vec![("a", Reach::Removed)]),
            ("git rm -r --cached .", vec![]),
            (
                "diff -r . /tmp/x",
                vec![(".", Reach::Tree), ("/tmp/x", Reach::Tree)],
            ),
            ("7z a /tmp/x.7z .", vec![(".", Reach::Tree)]),
            ("cp -r \"$PWD\" /tmp", vec![(".", Reach::Tree)]),
            ("find . -delete", vec![(".", Reach::Tree)]),
            (
                "find . -name '.c*' -delete",
                vec![("./.c*", Reach::Matching)],
            ),
            (
                "find src -iname '*.PEM' -exec cat {} +",
                vec![("src/*.pem", Reach::Matching)],
            ),
            (
                "find . -path './.cline*' -delete",
                vec![("./.cline*", Reach::Matching)],
            ),
            ("find . -type f | xargs cat", vec![(".", Reach::Tree)]),
            ("find . -name '*.ts'", vec![]),
            ("find . -not -name keep -delete", vec![(".", Reach::Tree)]),
            ("find . -delete -name x", vec![(".", Reach::Tree)]),
        ] {
            let got: Vec<(String, Reach)> = reached(&super::super::analyse(input))
                .into_iter()
                .map(|r| (r.path, r.reach))
                .collect();
            let want: Vec<(String, Reach)> = expected
                .into_iter()
                .map(|(p, r)| (p.to_string(), r))
                .collect();
            assert_eq!(got, want, "{input}");
        }
    }
}
