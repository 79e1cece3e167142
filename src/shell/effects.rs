//! Options that make an innocent-looking command run or write something: `find -exec`,
//! `git diff --output=…`, `sort -o`, `rg --pre`, `man -P`, `sed 's/x/y/e'`,
//! `awk '{system(…)}'`, `tar --to-command`. Such a command is not plain, so an allow rule like
//! `find *` or `sort *` only asks for it. The options are the program table's
//! ([`programs::Opt`]); what a script or a config key does is read here.

use super::{basename, names, programs};

/// The [`names::folded_key`] of a command's name without its directory (`/usr/bin/git` →
/// `git`). Folded: `SORT -o x` is `sort -o x` on a case-insensitive system, and reading an
/// option as risky only ever asks more.
pub(super) fn name_key(words: &[String]) -> names::Key {
    words
        .first()
        .map_or(names::NONE, |w| names::folded_key(basename(w)))
}

/// Why this command (already unwrapped; `name` is its [`name_key`]) does more than its name
/// suggests.
pub(super) fn side_effect(name: names::Key, words: &[String]) -> Option<&'static str> {
    let program = programs::lookup_folded(basename(words.first()?))?;
    let args = words.get(1..).unwrap_or(&[]);
    if let Some(option) = program.risky_option(args) {
        return Some(option.why);
    }
    if program.output(args).is_some() {
        return Some("an operand names the file it writes");
    }
    match name {
        names::GIT => git_config(args),
        names::SED | names::GSED => sed(args),
        names::AWK | names::GAWK | names::MAWK | names::NAWK => awk(args),
        _ => None,
    }
}

/// An awk program that runs a command (`system`, `| "cmd"`, `"cmd" | getline`), writes a
/// file (`print > "f"`) or loads an extension (`@load`).
fn awk(args: &[String]) -> Option<&'static str> {
    if args
        .iter()
        .any(|w| w.contains("system") || w.contains('|') || w.contains("@load"))
    {
        return Some("awk program can run commands");
    }
    // `>` within a print statement redirects it; elsewhere it compares
    let writes = args.iter().any(|w| {
        w.match_indices("print").any(|(at, _)| {
            w.get(at..)
                .and_then(|rest| rest.split([';', '}', '\n']).next())
                .is_some_and(|statement| statement.contains('>'))
        })
    });
    writes.then_some("awk program writes a file")
}

/// `git config alias.x '!…'`, `git config core.pager …`: a config key whose value git runs.
fn git_config(args: &[String]) -> Option<&'static str> {
    let git = programs::lookup("git")?;
    let sub = git.subcommand_index(args)?;
    if args.get(sub).map(String::as_str) != Some("config") {
        return None;
    }
    const RUNS: [&str; 8] = [
        "alias.",
        "core.pager",
        "core.sshcommand",
        "core.editor",
        "core.hookspath",
        "core.fsmonitor",
        "diff.external",
        "sequence.editor",
    ];
    args.iter()
        .skip(sub + 1)
        .any(|w| {
            let w = w.to_ascii_lowercase();
            RUNS.iter().any(|k| w.starts_with(k))
                || w.contains(".textconv")
                || w.contains(".command")
        })
        .then_some("git config sets a command git will run")
}

/// A sed script that runs a command or writes a file (`-i` and `-f` are table options).
fn sed(args: &[String]) -> Option<&'static str> {
    sed_scripts(args)
        .iter()
        .any(|s| sed_script_uses(s, false))
        .then_some("sed script runs a command or writes a file (e/w)")
}

/// Whether this command (already unwrapped; `name` is its [`name_key`]) reads files that no
/// operand names: sed's `r FILE` and `R FILE` commands.
pub(super) fn reads_unnamed_files(name: names::Key, words: &[String]) -> bool {
    matches!(name, names::SED | names::GSED)
        && sed_scripts(words.get(1..).unwrap_or(&[]))
            .iter()
            .any(|s| sed_script_uses(s, true))
}

/// A sed command's scripts: `-e S`, `-eS`, `--expression=S`, or its first operand (not the
/// value of `-f FILE`, `-l N`, nor macOS's empty backup suffix in `sed -i '' …`).
pub(super) fn sed_scripts(args: &[String]) -> Vec<&str> {
    let mut scripts: Vec<&str> = Vec::new();
    let mut explicit = false;
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        if w == "-e" || w == "--expression" {
            explicit = true;
            scripts.extend(args.get(i).map(String::as_str));
            i += 1;
        } else if let Some(s) = w.strip_prefix("--expression=") {
            explicit = true;
            scripts.push(s);
        } else if let Some(s) = w.strip_prefix("-e").filter(|s| !s.is_empty()) {
            explicit = true;
            scripts.push(s);
        } else if matches!(w.as_str(), "-f" | "--file" | "-l" | "--line-length")
            || (w == "-i" && args.get(i).is_some_and(|e| e.is_empty()))
        {
            // an option's value, or macOS's empty backup suffix (`sed -i '' …`)
            i += 1;
        } else if !w.starts_with('-') && !explicit {
            scripts.push(w);
            explicit = true;
        }
    }
    scripts
}

/// The index just past the next unescaped `delim` at or after `i` (or the end).
fn past_delimited(b: &[u8], mut i: usize, delim: u8) -> usize {
    while let Some(&x) = b.get(i) {
        i += 1;
        if x == b'\\' {
            i += 1;
        } else if x == delim {
            break;
        }
    }
    i
}

/// Whether a sed script reads files (`r`, `R`) or, when `!reads`, writes or runs something
/// (`w`, `W`, `e`, the `s` flags `w` and `e`).
fn sed_script_uses(script: &str, reads: bool) -> bool {
    let mut hit = false;
    sed_commands(script, &mut |cmd| {
        hit |= matches!(cmd, SedCommand::Read(_)) == reads;
    });
    hit
}

/// The files a sed command's scripts read (`r F`, `R F`) and write (`w F`, `W F`,
/// `s/…/…/w F`), with whether each is written; none for any other program (its first
/// operand is no sed script: `foo origin/build` holds no `r igin/build`).
pub(super) fn sed_files(words: &[String]) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    if !matches!(name_key(words), names::SED | names::GSED) {
        return out;
    }
    for script in sed_scripts(words.get(1..).unwrap_or(&[])) {
        sed_commands(script, &mut |cmd| match cmd {
            SedCommand::Read(f) if !f.is_empty() => out.push((f, false)),
            SedCommand::Write(f) if !f.is_empty() => out.push((f, true)),
            _ => {}
        });
    }
    out
}

/// A command of a sed script that reads, writes or runs something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SedCommand<'s> {
    /// `r FILE`, `R FILE`.
    Read(&'s str),
    /// `w FILE`, `W FILE`, the `s` command's `w FILE` flag.
    Write(&'s str),
    /// `e COMMAND`: runs the command; `e` alone (empty) runs the pattern space.
    Run(&'s str),
    /// The `s` command's `e` flag: runs the substituted text.
    RunSubstituted,
}

/// Reads a sed script and calls `found` with each command that reads, writes or runs
/// something. A file or a command is the rest of its line, trimmed; `a`, `i` and `c` take
/// theirs to the line's end, labels and `q`/`l` arguments end at `;` too.
pub(super) fn sed_commands<'s>(script: &'s str, found: &mut dyn FnMut(SedCommand<'s>)) {
    let b = script.as_bytes();
    let mut i = 0;
    let at = |i: usize| b.get(i).copied();
    let line_end = |i: usize| {
        let rest = script.get(i..).unwrap_or("");
        i + rest.find('\n').unwrap_or(rest.len())
    };
    let text = |i: usize| script.get(i..line_end(i)).unwrap_or("").trim();
    while i < b.len() {
        i = past_address(b, i);
        let Some(cmd) = at(i) else { break };
        i += 1;
        match cmd {
            b'e' => found(SedCommand::Run(text(i))),
            b'r' | b'R' => found(SedCommand::Read(text(i))),
            b'w' | b'W' => found(SedCommand::Write(text(i))),
            b's' | b'y' => {
                let Some(delim) = at(i) else { break };
                i = past_delimited(b, past_delimited(b, i + 1, delim), delim);
                while let Some(f) = at(i) {
                    match f {
                        b'e' if cmd == b's' => {
                            found(SedCommand::RunSubstituted);
                            i += 1;
                        }
                        // `w FILE` takes the rest of the line
                        b'w' if cmd == b's' => {
                            found(SedCommand::Write(text(i + 1)));
                            i = line_end(i);
                        }
                        b';' | b'\n' | b'}' => break,
                        _ => i += 1,
                    }
                }
            }
            _ => {}
        }
        match cmd {
            b'a' | b'i' | b'c' | b'r' | b'R' | b'w' | b'W' | b'e' => i = line_end(i),
            b'b' | b't' | b'T' | b':' | b'q' | b'Q' | b'l' | b'L' => {
                while at(i).is_some_and(|x| x != b'\n' && x != b';') {
                    i += 1;
                }
            }
            _ => {}
        }
    }
}

/// Past the separators and the address before a sed command (`1,/re/I!`, `\%re%`).
fn past_address(b: &[u8], mut i: usize) -> usize {
    while let Some(c) = b.get(i).copied() {
        match c {
            b' '
            | b'\t'
            | b'\n'
            | b';'
            | b'0'..=b'9'
            | b'$'
            | b','
            | b'~'
            | b'+'
            | b'!'
            | b'{'
            | b'}' => i += 1,
            b'/' | b'\\' => {
                let delim = if c == b'\\' {
                    i += 1;
                    b.get(i).copied().unwrap_or(b'/')
                } else {
                    b'/'
                };
                i = past_delimited(b, i + 1, delim);
                // address flags `I`, `M`
                while matches!(b.get(i), Some(b'I' | b'M')) {
                    i += 1;
                }
            }
            _ => break,
        }
    }
    i
}

/// `find … -exec CMD … ;` (and `-execdir`, `-ok`, `-okdir`; `fd -x CMD…`): the word ranges
/// of the commands it runs (`name` is the command's [`name_key`]).
pub(super) fn exec_ranges(name: names::Key, words: &[String]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let is_fd = matches!(name, names::FD | names::FDFIND);
    if name != names::FIND && !is_fd {
        return out;
    }
    let mut i = 1;
    while i < words.len() {
        let w = words.get(i).map(String::as_str).unwrap_or("");
        let starts = if is_fd {
            matches!(w, "-x" | "-X" | "--exec" | "--exec-batch")
        } else {
            matches!(w, "-exec" | "-execdir" | "-ok" | "-okdir")
        };
        i += 1;
        if starts {
            let from = i;
            while i < words.len() && !words.get(i).is_some_and(|w| w == ";" || w == "+") {
                i += 1;
            }
            if i > from {
                out.push((from, i));
            }
        }
    }
    out
}
