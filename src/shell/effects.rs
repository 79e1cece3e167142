//! Options that make an innocent-looking command run or write something: `find -exec`,
//! `git diff --output=…`, `sed 's/x/y/e'`, `awk '{system(…)}'`, `tar --to-command`. Such a
//! command is not plain, so an allow rule like `find *` or `sed *` only asks for it.

use super::{basename, names};

/// The [`names::key`] of a command's name without its directory (`/usr/bin/git` → `git`).
pub(super) fn name_key(words: &[String]) -> u64 {
    words
        .first()
        .map_or(names::NONE, |w| names::key(basename(w)))
}

/// Why this command (already unwrapped; `name` is its [`name_key`]) does more than its name
/// suggests.
pub(super) fn side_effect(name: u64, words: &[String]) -> Option<&'static str> {
    let args = words.get(1..).unwrap_or(&[]);
    let has = |f: &dyn Fn(&str) -> bool| args.iter().any(|w| f(w));
    match name {
        names::FIND => {
            if has(&|w| matches!(w, "-exec" | "-execdir" | "-ok" | "-okdir")) {
                Some("find -exec runs a command")
            } else if has(&|w| w == "-delete") {
                Some("find -delete deletes files")
            } else if has(&|w| matches!(w, "-fprint" | "-fprint0" | "-fprintf" | "-fls")) {
                Some("find -fprint writes a file")
            } else {
                None
            }
        }
        names::FD | names::FDFIND => has(&|w| matches!(w, "-x" | "-X" | "--exec" | "--exec-batch"))
            .then_some("fd --exec runs a command"),
        names::GIT => git(args),
        names::SED | names::GSED => sed(args),
        names::AWK | names::GAWK | names::MAWK | names::NAWK => {
            has(&|w| w.contains("system") || w.contains('|'))
                .then_some("awk program can run commands")
        }
        names::TAR | names::BSDTAR | names::GTAR => has(&|w| {
            [
                "--to-command",
                "--use-compress-program",
                "--checkpoint-action",
                "--info-script",
                "--new-volume-script",
            ]
            .iter()
            .any(|o| w.starts_with(o))
                || w == "-I"
                || w == "-F"
        })
        .then_some("tar option runs a command"),
        names::RSYNC => {
            has(&|w| w == "-e" || w.starts_with("--rsh") || w.starts_with("--rsync-path"))
                .then_some("rsync option runs a command")
        }
        names::SSH | names::SCP | names::SFTP => has(&|w| {
            w.to_ascii_lowercase().contains("proxycommand")
                || w.to_ascii_lowercase().contains("localcommand")
        })
        .then_some("ssh option runs a local command"),
        _ => None,
    }
}

fn git(args: &[String]) -> Option<&'static str> {
    let mut i = 0;
    // global options before the subcommand
    while let Some(w) = args.get(i) {
        match w.as_str() {
            _ if !w.starts_with('-') => break,
            "-c" | "--config-env" => return Some("git -c can set a command (pager, alias, hook)"),
            "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path" => i += 2,
            _ if w.starts_with("--exec-path=") => {
                return Some("git --exec-path chooses the programs git runs")
            }
            _ => i += 1,
        }
    }
    let sub = args.get(i).map(String::as_str);
    let rest = args.get(i + 1..).unwrap_or(&[]);
    // every option below starts with `-`
    for w in rest.iter().filter(|w| w.starts_with('-')) {
        if w == "--output" || w.starts_with("--output=") {
            return Some("git --output writes a file");
        }
        if [
            "--upload-pack",
            "--receive-pack",
            "--exec",
            "--extcmd",
            "--tool",
        ]
        .iter()
        .any(|o| {
            w.strip_prefix(o)
                .is_some_and(|v| v.is_empty() || v.starts_with('='))
        }) {
            return Some("git option runs a command");
        }
        if w == "-O" || w.starts_with("--open-files-in-pager") {
            return Some("git grep -O runs a pager");
        }
    }
    if sub == Some("config") {
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
        if rest.iter().any(|w| {
            let w = w.to_ascii_lowercase();
            RUNS.iter().any(|k| w.starts_with(k))
                || w.contains(".textconv")
                || w.contains(".command")
        }) {
            return Some("git config sets a command git will run");
        }
    }
    None
}

fn sed(args: &[String]) -> Option<&'static str> {
    let mut scripts: Vec<&str> = Vec::new();
    let mut explicit = false;
    let mut i = 0;
    while let Some(w) = args.get(i) {
        if w == "-i" || w.starts_with("--in-place") || (w.starts_with("-i") && !w.starts_with("--"))
        {
            return Some("sed -i edits files in place");
        }
        if w == "-e" || w == "--expression" {
            explicit = true;
            if let Some(s) = args.get(i + 1) {
                scripts.push(s);
            }
            i += 2;
            continue;
        }
        if let Some(s) = w.strip_prefix("--expression=") {
            explicit = true;
            scripts.push(s);
        } else if w.starts_with("-") && w.len() > 1 && !w.starts_with("--") && w.contains('i') {
            return Some("sed -i edits files in place");
        } else if w == "-f" || w.starts_with("--file") {
            return Some("sed script file may run commands");
        } else if !w.starts_with('-') && !explicit {
            scripts.push(w);
            explicit = true;
        }
        i += 1;
    }
    scripts
        .iter()
        .any(|s| sed_script_runs(s))
        .then_some("sed script runs a command or writes a file (e/w)")
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

/// Whether a sed script uses `e`, `w`/`W`, or an `s` command with the `e`/`w` flag.
fn sed_script_runs(script: &str) -> bool {
    let b = script.as_bytes();
    let mut i = 0;
    let at = |i: usize| b.get(i).copied();
    while i < b.len() {
        // separators and addresses
        while let Some(c) = at(i) {
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
                        at(i).unwrap_or(b'/')
                    } else {
                        b'/'
                    };
                    i = past_delimited(b, i + 1, delim);
                    // address flags `I`, `M`
                    while matches!(at(i), Some(b'I' | b'M')) {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        let Some(cmd) = at(i) else { break };
        i += 1;
        match cmd {
            b'e' | b'w' | b'W' => return true,
            b's' | b'y' => {
                let Some(delim) = at(i) else { break };
                i += 1;
                for _ in 0..2 {
                    i = past_delimited(b, i, delim);
                }
                while let Some(f) = at(i) {
                    match f {
                        b'e' | b'w' if cmd == b's' => return true,
                        b';' | b'\n' | b'}' => break,
                        _ => i += 1,
                    }
                }
            }
            b'a' | b'i' | b'c' | b'r' | b'R' | b'b' | b't' | b'T' | b':' | b'q' | b'Q' | b'l'
            | b'L' => {
                while at(i)
                    .is_some_and(|x| x != b'\n' && (x != b';' || matches!(cmd, b'a' | b'i' | b'c')))
                {
                    i += 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// `find … -exec CMD … ;` (and `-execdir`, `-ok`, `-okdir`; `fd -x CMD…`): the word ranges
/// of the commands it runs (`name` is the command's [`name_key`]).
pub(super) fn exec_ranges(name: u64, words: &[String]) -> Vec<(usize, usize)> {
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
