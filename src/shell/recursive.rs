//! The recursive readers: commands that read every file below a directory they are given
//! (or the working directory), with the filters they apply on the way. `grep -r`/`-R` (its
//! `--include`, `--exclude`, `--exclude-dir`), `rg` and `ag` (which skip hidden names unless
//! told otherwise, and honour `.gitignore`), `docker build`'s context (less `.dockerignore`),
//! `git add` (less `.gitignore`), and the copies, archives and syncs [`super::trees`] finds
//! (`cp -r`, `tar c`, `zip -r`, `rsync -a`, `scp -r`, …), which read everything.
//!
//! What they read is decided against the workspace view when there is one
//! (`crate::reads`); without it, by the `recursiveReads` setting.

use super::trees::{self, Reach};
use super::{Analysis, SimpleCommand};

/// A directory (or file) a command reads everything below.
#[derive(Debug, Clone, PartialEq)]
pub struct Walk {
    /// Index into [`Analysis::commands`].
    pub command: usize,
    /// The operand as written (`.` when the program reads the working directory).
    pub word: String,
    /// The operand joined onto the command's `cwd`.
    pub path: String,
    pub filter: Filter,
}

/// What a walk skips.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Filter {
    /// Names starting with `.` are skipped (files and directories).
    pub skips_hidden: bool,
    /// A file is read only when its name matches one of these (empty: any).
    pub include: Vec<String>,
    /// Files whose name matches one of these are skipped.
    pub exclude: Vec<String>,
    /// Directories whose name matches one of these are not entered.
    pub exclude_dirs: Vec<String>,
    /// The patterns compare names case-insensitively.
    pub fold: bool,
    /// Ignore files the program reads in each directory (`.gitignore`): a file below one of
    /// them may be skipped, which only its text says.
    pub honours: &'static [&'static str],
    /// Only names are listed (`rg --files`): no file is read.
    pub names_only: bool,
}

const GIT_IGNORES: &[&str] = &[".gitignore", ".ignore", ".rgignore"];
const AG_IGNORES: &[&str] = &[".gitignore", ".ignore", ".agignore", ".hgignore"];

/// Every recursive read of the commands of `analysis`.
pub fn walks(analysis: &Analysis) -> Vec<Walk> {
    let mut out = Vec::new();
    for (ci, c) in analysis.commands.iter().enumerate() {
        let found = match c.name() {
            Some("grep" | "egrep" | "fgrep") => grep(c),
            Some("rg") => rg(c),
            Some("ag") => ag(c),
            Some("fd" | "fdfind") => fd(c),
            Some("docker" | "podman") => docker_build(c),
            Some("git") => git_add(c),
            _ => Vec::new(),
        };
        for (word, filter) in found {
            out.push(Walk {
                command: ci,
                path: trees::joined(c, &word),
                word,
                filter,
            });
        }
    }
    for r in trees::reached(analysis) {
        if r.reach == Reach::Tree {
            let excluded = analysis
                .commands
                .get(r.command)
                .map(excludes)
                .unwrap_or_default();
            out.push(Walk {
                command: r.command,
                word: r.word,
                path: r.path,
                filter: Filter {
                    exclude: excluded.clone(),
                    exclude_dirs: excluded,
                    ..Filter::default()
                },
            });
        }
    }
    out
}

/// A copy's `--exclude PATTERN`s (`tar`, `rsync`): a name matching one is skipped, file or
/// directory. Others (zip's `-x` of whole paths) are not applied: more is read, never less.
fn excludes(c: &SimpleCommand) -> Vec<String> {
    if !matches!(c.name(), Some("tar" | "bsdtar" | "rsync")) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut words = c.words.iter();
    while let Some(w) = words.next() {
        if let Some(v) = w.strip_prefix("--exclude=") {
            out.push(v.to_string());
        } else if w == "--exclude" {
            out.extend(words.next().cloned());
        }
    }
    out
}

/// A parsed command line: options (with their values) and operands.
struct Parsed<'c> {
    /// (option as written without its value, value) — `-e x`, `--include=*.ts`, `-g x`.
    options: Vec<(&'c str, Option<&'c str>)>,
    operands: Vec<&'c str>,
}

impl Parsed<'_> {
    fn has(&self, f: impl Fn(&str) -> bool) -> bool {
        self.options.iter().any(|(o, _)| f(o))
    }

    fn values<'a>(&'a self, names: &'a [&str]) -> impl Iterator<Item = String> + 'a {
        self.options
            .iter()
            .filter(move |(o, _)| names.contains(o))
            .filter_map(|(_, v)| v.map(str::to_string))
    }

    /// A short flag `letter` alone or in a cluster (`-rn`), before any letter taking a value.
    fn short(&self, letter: u8) -> bool {
        self.has(|o| !o.starts_with("--") && o.len() > 1 && o.bytes().skip(1).any(|b| b == letter))
    }
}

/// Splits `args` (the words after the program name): a long option takes a value when it is
/// in `long_values` (glued with `=` or the next word); a short cluster's first letter in
/// `short_values` takes the rest of the cluster or the next word.
fn parse<'c>(args: &'c [String], long_values: &[&str], short_values: &[u8]) -> Parsed<'c> {
    let mut options = Vec::new();
    let mut operands = Vec::new();
    let mut i = 0;
    let mut done = false;
    while let Some(w) = args.get(i) {
        i += 1;
        let w = w.as_str();
        if done || w == "-" || !w.starts_with('-') {
            operands.push(w);
        } else if w == "--" {
            done = true;
        } else if let Some(long) = w.strip_prefix("--") {
            match long.split_once('=') {
                Some((name, value)) => options.push((&w[..name.len() + 2], Some(value))),
                None if long_values.contains(&long) => {
                    options.push((w, args.get(i).map(String::as_str)));
                    i += 1;
                }
                None => options.push((w, None)),
            }
        } else {
            let letters = &w[1..];
            match letters.bytes().position(|b| short_values.contains(&b)) {
                Some(at) => {
                    let (flags, value) = (&w[..at + 2], &letters[at + 1..]);
                    if value.is_empty() {
                        options.push((flags, args.get(i).map(String::as_str)));
                        i += 1;
                    } else {
                        options.push((flags, Some(value)));
                    }
                }
                None => options.push((w, None)),
            }
        }
    }
    Parsed { options, operands }
}

/// The operands after the pattern (none given with `-e`/`-f`), or `.` when there are none.
fn searched(p: &Parsed, given: bool) -> Vec<String> {
    let files = p.operands.get(usize::from(!given)..).unwrap_or(&[]);
    if files.is_empty() {
        vec![".".to_string()]
    } else {
        files.iter().map(|s| s.to_string()).collect()
    }
}

fn grep(c: &SimpleCommand) -> Vec<(String, Filter)> {
    let args = c.words.get(1..).unwrap_or(&[]);
    let p = parse(
        args,
        &[
            "regexp",
            "file",
            "max-count",
            "include",
            "exclude",
            "exclude-dir",
            "exclude-from",
            "directories",
            "devices",
            "label",
            "after-context",
            "before-context",
            "context",
        ],
        b"efmABCdD",
    );
    let recursive = p.short(b'r')
        || p.short(b'R')
        || p.has(|o| matches!(o, "--recursive" | "--dereference-recursive"))
        || p.values(&["-d", "--directories"]).any(|v| v == "recurse");
    if !recursive {
        return Vec::new();
    }
    let given = p.has(|o| {
        matches!(o, "--regexp" | "--file") || (!o.starts_with("--") && o.ends_with(['e', 'f']))
    });
    let filter = Filter {
        include: p.values(&["--include"]).collect(),
        exclude: p.values(&["--exclude"]).collect(),
        exclude_dirs: p.values(&["--exclude-dir"]).collect(),
        names_only: false,
        ..Filter::default()
    };
    searched(&p, given)
        .into_iter()
        .map(|w| (w, filter.clone()))
        .collect()
}

fn rg(c: &SimpleCommand) -> Vec<(String, Filter)> {
    let args = c.words.get(1..).unwrap_or(&[]);
    let p = parse(
        args,
        &[
            "regexp",
            "file",
            "glob",
            "iglob",
            "type",
            "type-not",
            "type-add",
            "max-count",
            "max-depth",
            "after-context",
            "before-context",
            "context",
            "threads",
            "max-columns",
            "encoding",
            "replace",
            "sort",
            "sortr",
            "pre",
            "pre-glob",
            "colors",
            "color",
            "ignore-file",
        ],
        b"efgtTmABCjMdEr",
    );
    let unrestricted = p
        .options
        .iter()
        .filter(|(o, _)| !o.starts_with("--"))
        .map(|(o, _)| o.bytes().filter(|&b| b == b'u').count())
        .sum::<usize>()
        + p.options
            .iter()
            .filter(|(o, _)| *o == "--unrestricted")
            .count();
    let hidden = unrestricted >= 2 || p.has(|o| o == "--hidden") || p.short(b'.');
    let no_ignore = unrestricted >= 1 || p.has(|o| o == "--no-ignore" || o == "--no-ignore-vcs");
    let given = p.has(|o| {
        matches!(o, "--regexp" | "--file") || (!o.starts_with("--") && o.ends_with(['e', 'f']))
    });
    let files = p.has(|o| o == "--files" || o == "--type-list");
    let mut filter = Filter {
        skips_hidden: !hidden,
        honours: if no_ignore { &[] } else { GIT_IGNORES },
        names_only: files || p.has(|o| o == "--help" || o == "--version"),
        fold: p.has(|o| o == "--iglob"),
        ..Filter::default()
    };
    for g in p.values(&["-g", "--glob", "--iglob"]) {
        match g.strip_prefix('!') {
            Some(not) => filter.exclude.push(not.to_string()),
            None => filter.include.push(g),
        }
    }
    searched(&p, given || files)
        .into_iter()
        .map(|w| (w, filter.clone()))
        .collect()
}

fn ag(c: &SimpleCommand) -> Vec<(String, Filter)> {
    let args = c.words.get(1..).unwrap_or(&[]);
    let p = parse(
        args,
        &[
            "file-search-regex",
            "ignore",
            "ignore-dir",
            "depth",
            "path-to-ignore",
            "after",
            "before",
            "context",
            "max-count",
            "pager",
        ],
        b"GABCmpg",
    );
    let unrestricted = p.short(b'u') || p.has(|o| o == "--unrestricted");
    let hidden = unrestricted || p.has(|o| o == "--hidden");
    let no_ignore = unrestricted
        || p.short(b'U')
        || p.has(|o| matches!(o, "--skip-vcs-ignores" | "--all-types"));
    // `-g PATTERN` lists the names matching PATTERN; its pattern is the value
    let names_only = p.has(|o| o.starts_with("-g") || o == "--help" || o == "--version");
    let mut filter = Filter {
        skips_hidden: !hidden,
        honours: if no_ignore { &[] } else { AG_IGNORES },
        names_only,
        ..Filter::default()
    };
    filter.exclude = p.values(&["--ignore"]).collect();
    filter.exclude_dirs = p.values(&["--ignore-dir"]).collect();
    searched(&p, names_only)
        .into_iter()
        .map(|w| (w, filter.clone()))
        .collect()
}

/// `fd PATTERN PATH… -x CMD` (`-X`, `--exec`, `--exec-batch`): the command reads the files
/// fd finds below its paths (`.` when none): not hidden ones (`-H`), not what `.gitignore`
/// names (`-I`), only `-e EXT` extensions, less `-E` globs. Without one it lists names.
fn fd(c: &SimpleCommand) -> Vec<(String, Filter)> {
    let args = c.words.get(1..).unwrap_or(&[]);
    let Some(exec) = args
        .iter()
        .position(|w| matches!(w.as_str(), "-x" | "-X" | "--exec" | "--exec-batch"))
    else {
        return Vec::new();
    };
    let p = parse(
        &args[..exec],
        &[
            "extension",
            "type",
            "max-depth",
            "min-depth",
            "exclude",
            "size",
            "changed-within",
            "changed-before",
            "owner",
            "threads",
            "max-results",
            "color",
            "base-directory",
            "search-path",
            "path-separator",
            "ignore-file",
        ],
        b"etdEScjo",
    );
    let unrestricted = p.short(b'u') || p.has(|o| o == "--unrestricted");
    let excluded: Vec<String> = p.values(&["-E", "--exclude"]).collect();
    let filter = Filter {
        skips_hidden: !(unrestricted || p.short(b'H') || p.has(|o| o == "--hidden")),
        honours: if unrestricted || p.short(b'I') || p.has(|o| o == "--no-ignore") {
            &[]
        } else {
            GIT_IGNORES
        },
        include: p
            .values(&["-e", "--extension"])
            .map(|e| format!("*.{}", e.trim_start_matches('.')))
            .collect(),
        exclude: excluded.clone(),
        exclude_dirs: excluded,
        ..Filter::default()
    };
    let mut paths: Vec<String> = p.values(&["--search-path"]).collect();
    paths.extend(p.operands.iter().skip(1).map(|s| s.to_string()));
    if paths.is_empty() {
        paths.push(".".to_string());
    }
    paths.into_iter().map(|w| (w, filter.clone())).collect()
}

/// `docker build CONTEXT` (`buildx build`, `image build`): everything below the context,
/// less what its `.dockerignore` names. A context of `-` or a URL is not the workspace.
fn docker_build(c: &SimpleCommand) -> Vec<(String, Filter)> {
    let words = c.words.get(1..).unwrap_or(&[]);
    let at = match words.iter().position(|w| !w.starts_with('-')) {
        Some(i) if words[i] == "build" => i + 1,
        Some(i)
            if matches!(words[i].as_str(), "buildx" | "image" | "builder")
                && words.get(i + 1).is_some_and(|w| w == "build") =>
        {
            i + 2
        }
        _ => return Vec::new(),
    };
    let p = parse(
        &words[at..],
        &[
            "tag",
            "file",
            "build-arg",
            "target",
            "platform",
            "label",
            "network",
            "progress",
            "secret",
            "ssh",
            "cache-from",
            "cache-to",
            "output",
            "iidfile",
            "add-host",
            "build-context",
            "builder",
            "metadata-file",
            "shm-size",
            "ulimit",
            "memory",
            "cpu-shares",
            "isolation",
            "attest",
        ],
        b"tfom",
    );
    let filter = Filter {
        honours: &[".dockerignore"],
        ..Filter::default()
    };
    p.operands
        .last()
        .filter(|w| {
            **w != "-"
                && !w.contains("://")
                && !w.starts_with("git@")
                && !["github.com/", "gitlab.com/", "bitbucket.org/"]
                    .iter()
                    .any(|h| w.starts_with(h))
        })
        .map(|w| vec![(w.to_string(), filter)])
        .unwrap_or_default()
}

/// `git add PATH…` (`.`, a directory), `git add -A`/`--all` with no path (the whole tree):
/// the untracked and changed files below, less what `.gitignore` names; `.git/` is git's own.
fn git_add(c: &SimpleCommand) -> Vec<(String, Filter)> {
    let words = c.words.get(1..).unwrap_or(&[]);
    let Some(at) = words.iter().position(|w| !w.starts_with('-')) else {
        return Vec::new();
    };
    if words[at] != "add" {
        return Vec::new();
    }
    let p = parse(&words[at + 1..], &["chmod", "pathspec-from-file"], b"");
    let filter = Filter {
        exclude_dirs: vec![".git".to_string()],
        honours: &[".gitignore"],
        ..Filter::default()
    };
    let mut paths: Vec<String> = p.operands.iter().map(|s| s.to_string()).collect();
    if paths.is_empty() && p.has(|o| matches!(o, "-A" | "--all")) {
        paths.push(".".to_string());
    }
    paths.into_iter().map(|w| (w, filter.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walked(line: &str) -> Vec<(String, bool, Vec<String>)> {
        walks(&super::super::analyse(line))
            .into_iter()
            .map(|w| (w.path, w.filter.skips_hidden, w.filter.include))
            .collect()
    }

    #[test]
    fn walks_table() {
        let none: Vec<String> = Vec::new();
        for (line, want) in [
            ("grep -r API_KEY .", vec![(".", false, none.clone())]),
            ("grep -rn x", vec![(".", false, none.clone())]),
            (
                "grep -R -e x src lib",
                vec![("src", false, none.clone()), ("lib", false, none.clone())],
            ),
            ("grep x src", vec![]),
            (
                "grep -rn process.env src --include=*.ts",
                vec![("src", false, vec!["*.ts".to_string()])],
            ),
            ("rg TODO", vec![(".", true, none.clone())]),
            ("rg -uu TODO src", vec![("src", false, none.clone())]),
            ("rg --hidden x", vec![(".", false, none.clone())]),
            (
                "rg TODO -g '*.ts' src",
                vec![("src", true, vec!["*.ts".to_string()])],
            ),
            ("ag useState src", vec![("src", true, none.clone())]),
            (
                "fd -e ts -x wc -l",
                vec![(".", true, vec!["*.ts".to_string()])],
            ),
            ("fd TODO src -H -X cat", vec![("src", false, none.clone())]),
            ("fd -e ts", vec![]),
            ("docker build -t web:1 .", vec![(".", false, none.clone())]),
            ("docker build -", vec![]),
            ("git add .", vec![(".", false, none.clone())]),
            ("git add -A", vec![(".", false, none.clone())]),
            ("git add -u", vec![]),
            ("cd src && grep -r x", vec![("src/.", false, none.clone())]),
            ("tar czf x.tgz src", vec![("src", false, none.clone())]),
        ] {
            let want: Vec<(String, bool, Vec<String>)> = want
                .into_iter()
                .map(|(p, h, i)| (p.to_string(), h, i))
                .collect();
            assert_eq!(walked(line), want, "{line}");
        }
    }
}
