//! Critical commands: the ones that prompt in every mode but `unattended`. Judged on parsed
//! commands (wrappers peeled, quotes removed), so quoted text is never a command and
//! `sudo rm -rf /` is `rm -rf /`.
//!
//! Labels (stable): `recursive-delete-root`, `recursive-chmod-root`, `recursive-chown-root`,
//! `fork-bomb`, `disk-write`, `mkfs`, `auth-file-write`, `remote-code-exec`, `kill-init`,
//! `shutdown`, `force-push`, `opaque-code-exec` (a shell or interpreter whose program comes
//! through a pipe or is computed at run time: `… | base64 -d | sh`, `eval "$(…)"`).
//!
//! Root-like targets: `/`, `/*`, a top-level directory (`/usr`, `/usr/`, `/usr/*`, and `..`
//! forms that normalise to one), `~`, `~/`, `~/*`, `~user`, `$HOME`, `${HOME}` (and `..`
//! above them), a drive root or top-level directory (`C:\`, `C:/`, `C:\Windows`). Force
//! pushes: `-f` (also inside `-fu`), `--force`, `--force-with-lease[=…]`, `--mirror`, a
//! `+refspec`; `--force-if-includes` alone does not force.

use super::{names, wrappers, Analysis, Origin, SimpleCommand};

#[derive(Debug, Clone, PartialEq)]
pub struct Critical {
    /// Stable label, e.g. `recursive-delete-root`, `force-push`.
    pub label: &'static str,
    /// The offending command, for the reason sentence.
    pub command: String,
    /// Index of that command in [`Analysis::commands`].
    pub index: usize,
}

/// The first critical command, if any.
pub fn detect(analysis: &Analysis) -> Option<Critical> {
    let cmds = &analysis.commands;
    cmds.iter().enumerate().find_map(|(i, c)| {
        let label = *command_labels(cmds, c).first()?;
        Some(Critical {
            label,
            command: c.written_text(),
            index: i,
        })
    })
}

/// Every critical command (one entry per command and label).
pub fn detect_all(analysis: &Analysis) -> Vec<Critical> {
    let mut found = Vec::new();
    let cmds = &analysis.commands;
    for (i, c) in cmds.iter().enumerate() {
        let hit = |label| Critical {
            label,
            command: c.written_text(),
            index: i,
        };
        for label in command_labels(cmds, c) {
            found.push(hit(label));
        }
    }
    found
}

fn command_labels(cmds: &[SimpleCommand], c: &SimpleCommand) -> Vec<&'static str> {
    let mut labels = Vec::new();
    let Some(name) = c.name() else {
        if c.redirects
            .iter()
            .any(|r| r.writes_file() && disk_device(&r.target))
        {
            labels.push("disk-write");
        }
        if c.redirects
            .iter()
            .any(|r| r.writes_file() && auth_file(&r.target))
        {
            labels.push("auth-file-write");
        }
        return labels;
    };
    let args = c.words.get(1..).unwrap_or(&[]);
    // names compared as integers: this runs on every command `check` sees
    let key = names::folded_key(name);
    match key {
        names::RM if recursive_root(args, b"rR") => labels.push("recursive-delete-root"),
        names::FIND
            if args.first().is_some_and(|w| root_like(w))
                && args.iter().any(|w| w == "-delete") =>
        {
            labels.push("recursive-delete-root")
        }
        names::CHMOD if recursive_root(args, b"R") => labels.push("recursive-chmod-root"),
        names::CHOWN | names::CHGRP if recursive_root(args, b"R") => {
            labels.push("recursive-chown-root")
        }
        _ => {}
    }
    if fork_bomb(cmds, c) {
        labels.push("fork-bomb");
    }
    if disk_write(key, name, args)
        || c.redirects
            .iter()
            .any(|r| r.writes_file() && disk_device(&r.target))
    {
        labels.push("disk-write");
    }
    if matches!(key, names::MKFS | names::MKE2FS | names::MKSWAP) || name.starts_with("mkfs.") {
        labels.push("mkfs");
    }
    if auth_write(key, args)
        || c.redirects
            .iter()
            .any(|r| r.writes_file() && auth_file(&r.target))
    {
        labels.push("auth-file-write");
    }
    if is_fetcher(key, name) && remote_code(cmds, c) {
        labels.push("remote-code-exec");
    }
    if opaque_code(cmds, c) {
        labels.push("opaque-code-exec");
    }
    if key == names::KILL && kill_init(args) {
        labels.push("kill-init");
    }
    if shutdown(key, name, args) {
        labels.push("shutdown");
    }
    if key == names::GIT && force_push(args) {
        labels.push("force-push");
    }
    labels
}

/// Operands of a command (words after options; everything after `--`).
fn operands(args: &[String]) -> impl Iterator<Item = &String> {
    let mut options = true;
    args.iter().filter(move |w| {
        if options && *w == "--" {
            options = false;
            return false;
        }
        !(options && w.len() > 1 && w.starts_with('-'))
    })
}

fn recursive_root(args: &[String], letters: &[u8]) -> bool {
    let mut options = true;
    let (mut recursive, mut root) = (false, false);
    for w in args {
        if options && w == "--" {
            options = false;
        } else if options && w.starts_with("--") {
            recursive |= w == "--recursive";
        } else if options && w.len() > 1 && w.starts_with('-') {
            recursive |= w.bytes().skip(1).any(|b| letters.contains(&b));
        } else {
            root |= root_like(w);
        }
    }
    recursive && root
}

/// Depth of a '/'-path after lexical normalisation; `*` components do not count (they
/// stand for every child). Negative when `..` climbs above the start.
fn depth(path: &str) -> isize {
    let mut d: isize = 0;
    for comp in path.split(['/', '\\']) {
        match comp {
            "" | "." | "*" => {}
            ".." => d -= 1,
            _ => d += 1,
        }
    }
    d
}

/// Whether a path names a root, a home directory or a top-level directory.
pub fn root_like(word: &str) -> bool {
    let w = word.trim();
    for home in ["$HOME", "${HOME}"] {
        if let Some(rest) = w.strip_prefix(home) {
            if rest.is_empty() || rest.starts_with('/') {
                return depth(rest) <= 0;
            }
        }
    }
    if let Some(rest) = w.strip_prefix('~') {
        // `~`, `~/x`, `~user/x`
        let rest = rest.find('/').map_or("", |i| rest.get(i..).unwrap_or(""));
        return depth(rest) <= 0;
    }
    let b = w.as_bytes();
    if b.len() >= 2 && b.first().is_some_and(|c| c.is_ascii_alphabetic()) && b.get(1) == Some(&b':')
    {
        return depth(w.get(2..).unwrap_or("")) <= 1;
    }
    if w.starts_with('/') {
        // the root's `..` is the root
        let mut d: isize = 0;
        for comp in w.split('/') {
            match comp {
                "" | "." | "*" => {}
                ".." => d = (d - 1).max(0),
                _ => d += 1,
            }
        }
        return d <= 1;
    }
    false
}

fn fork_bomb(cmds: &[SimpleCommand], c: &SimpleCommand) -> bool {
    let Some(f) = c.function.as_deref() else {
        return false;
    };
    if c.words.first().map(String::as_str) != Some(f) {
        return false;
    }
    let calls: Vec<&SimpleCommand> = cmds
        .iter()
        .filter(|d| {
            d.function.as_deref() == Some(f) && d.words.first().map(String::as_str) == Some(f)
        })
        .collect();
    // report once, on the first self-call
    if !calls.first().is_some_and(|first| std::ptr::eq(*first, c)) || calls.len() < 2 {
        return false;
    }
    calls.iter().any(|d| {
        d.background
            || cmds
                .iter()
                .any(|e| e.pipeline == d.pipeline && e.stage != d.stage)
    })
}

/// `/dev/sda`, `/dev/nvme0n1`, `/dev/disk/by-id/…`, `/dev/mapper/x`, …
pub fn disk_device(path: &str) -> bool {
    // only an absolute path normalises to one (and most operands are relative)
    if !path.starts_with('/') {
        return false;
    }
    let p = normalise(path);
    let Some(dev) = p.strip_prefix("/dev/") else {
        return false;
    };
    [
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "md", "mapper/", "dm-", "loop",
    ]
    .iter()
    .any(|d| dev.starts_with(d))
}

fn harmless_device(path: &str) -> bool {
    let p = normalise(path);
    matches!(
        p.as_str(),
        "/dev/null"
            | "/dev/zero"
            | "/dev/stdout"
            | "/dev/stderr"
            | "/dev/stdin"
            | "/dev/tty"
            | "/dev/full"
            | "/dev/random"
            | "/dev/urandom"
    ) || p.starts_with("/dev/fd/")
        || p.starts_with("/dev/pts/")
}

fn disk_write(key: names::Key, name: &str, args: &[String]) -> bool {
    match key {
        names::DD => args
            .iter()
            .filter_map(|w| w.strip_prefix("of="))
            .any(|t| normalise(t).starts_with("/dev/") && !harmless_device(t)),
        names::SHRED => {
            operands(args).any(|w| normalise(w).starts_with("/dev/") && !harmless_device(w))
        }
        names::WIPEFS => true,
        names::TEE | names::CP | names::MV | names::INSTALL | names::PV => {
            operands(args).any(|w| disk_device(w))
        }
        _ => name == "blkdiscard",
    }
}

/// `/etc/passwd`, `/etc/shadow`, `/etc/group`, `/etc/gshadow`, `/etc/sudoers`, `/etc/sudoers.d/…`.
pub fn auth_file(path: &str) -> bool {
    // only an absolute path normalises to one (and most operands are relative)
    if !path.starts_with('/') {
        return false;
    }
    let p = normalise(path);
    matches!(
        p.as_str(),
        "/etc/passwd"
            | "/etc/shadow"
            | "/etc/group"
            | "/etc/gshadow"
            | "/etc/sudoers"
            | "/etc/sudoers.d"
    ) || p.starts_with("/etc/sudoers.d/")
}

fn auth_write(key: names::Key, args: &[String]) -> bool {
    match key {
        names::TEE => operands(args).any(|w| auth_file(w)),
        names::CP | names::MV | names::INSTALL | names::LN | names::RSYNC | names::SCP => {
            let target_dir = args
                .windows(2)
                .find(|p| p.first().is_some_and(|w| w == "-t"))
                .and_then(|p| p.get(1));
            let target_long = args
                .iter()
                .find_map(|w| w.strip_prefix("--target-directory="));
            target_dir.is_some_and(|t| auth_file(t))
                || target_long.is_some_and(auth_file)
                || operands(args).skip(1).last().is_some_and(|w| auth_file(w))
        }
        names::DD => args
            .iter()
            .filter_map(|w| w.strip_prefix("of="))
            .any(auth_file),
        names::SED | names::PERL => {
            args.iter().any(|w| {
                w.starts_with("-i")
                    || w.starts_with("--in-place")
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains('i'))
            }) && operands(args).any(|w| auth_file(w))
        }
        names::TRUNCATE => operands(args).any(|w| auth_file(w)),
        _ => false,
    }
}

/// Lexical: collapses `//`, `/./` and `x/..`.
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for comp in path.split('/') {
        match comp {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    if path.starts_with('/') {
        format!("/{}", parts.join("/"))
    } else {
        parts.join("/")
    }
}

fn is_fetcher(key: names::Key, name: &str) -> bool {
    matches!(
        key,
        names::CURL
            | names::WGET
            | names::FETCH
            | names::HTTP
            | names::HTTPS
            | names::XH
            | names::ARIA2C
            | names::GET
    ) || name == "lwp-request"
}

/// A command that runs what it reads on stdin, or the file a `<(…)` names.
fn runs_input(c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let key = names::folded_key(name);
    wrappers::is_shell_key(key)
        || matches!(
            key,
            names::EVAL
                | names::SOURCE
                | names::DOT
                | names::PERL
                | names::RUBY
                | names::NODE
                | names::NODEJS
                | names::PHP
                | names::DENO
                | names::BUN
                | names::RSCRIPT
                | names::LUA
        )
        || name.starts_with("python")
}

/// The interpreter reads its program from stdin (no script operand, no `-c`/`-e`/`-m`).
fn reads_program_from_stdin(c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let key = names::folded_key(name);
    if wrappers::is_shell_key(key) {
        return wrappers::shell_reads_stdin(&c.words);
    }
    if matches!(key, names::SOURCE | names::DOT) {
        return c
            .words
            .get(1)
            .is_some_and(|w| w == "/dev/stdin" || w == "/proc/self/fd/0" || w == "-");
    }
    if !runs_input(c) || key == names::EVAL {
        return false;
    }
    let args = c.words.get(1..).unwrap_or(&[]);
    let program_flag = args.iter().any(|w| {
        matches!(
            w.as_str(),
            "-c" | "-e" | "-E" | "-m" | "-r" | "-p" | "--eval" | "--print" | "run"
        ) || (w.starts_with('-') && !w.starts_with("--") && w.contains(['c', 'e', 'm']))
    });
    !program_flag && operands(args).all(|w| w == "-")
}

/// A shell or interpreter runs code that cannot be read from the command line: its program
/// comes through a pipe from something other than a plain file read (`echo … | base64 -d |
/// sh`, `printf … | tr … | bash`; `cat script.sh | bash` is `bash script.sh`), or is computed
/// when it runs (`eval "$(…)"`, `bash -c "$X"`, `source "$F"`).
#[inline(never)]
fn opaque_code(cmds: &[SimpleCommand], c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let piped = c.pipeline != usize::MAX
        && c.stage > 0
        && reads_program_from_stdin(c)
        && cmds
            .iter()
            .filter(|d| d.pipeline == c.pipeline && d.stage < c.stage)
            .any(|d| d.name() != Some("cat"));
    let any_dynamic = || (1..c.words.len()).any(|i| c.is_dynamic(i));
    let computed = match names::folded_key(name) {
        names::EVAL => any_dynamic(),
        names::SOURCE | names::DOT => c.is_dynamic(1),
        key if wrappers::is_shell_key(key) => {
            c.words
                .iter()
                .skip(1)
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('c'))
                && any_dynamic()
        }
        _ => false,
    };
    piped || computed
}

fn remote_code(cmds: &[SimpleCommand], fetcher: &SimpleCommand) -> bool {
    // piped into an interpreter later in the same pipeline
    if cmds.iter().any(|d| {
        d.pipeline == fetcher.pipeline && d.stage > fetcher.stage && reads_program_from_stdin(d)
    }) {
        return true;
    }
    // substituted into an interpreter's words (or into a command's name)
    let mut c = fetcher;
    for _ in 0..super::MAX_DEPTH {
        if !matches!(
            c.origin,
            Origin::CommandSubstitution | Origin::ProcessSubstitution
        ) {
            return false;
        }
        let Some(parent) = c.parent.and_then(|p| cmds.get(p)) else {
            return false;
        };
        if runs_input(parent) || parent.is_dynamic(0) {
            return true;
        }
        c = parent;
    }
    false
}

fn is_kill_signal(s: &str) -> bool {
    let s = s.trim_start_matches('-').to_ascii_uppercase();
    matches!(s.as_str(), "9" | "KILL" | "SIGKILL")
}

fn kill_init(args: &[String]) -> bool {
    let mut signal: Option<&str> = None;
    let mut pids: Vec<&str> = Vec::new();
    let mut options = true;
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        if options && w == "--" {
            options = false;
        } else if options && matches!(w.as_str(), "-s" | "-n" | "--signal") {
            signal = args.get(i).map(String::as_str);
            i += 1;
        } else if options && matches!(w.as_str(), "-l" | "-L" | "--list" | "--table") {
            return false;
        } else if options
            && signal.is_none()
            && pids.is_empty()
            && w.len() > 1
            && w.starts_with('-')
        {
            signal = Some(w);
        } else {
            pids.push(w);
        }
    }
    pids.contains(&"-1") || (pids.contains(&"1") && signal.is_some_and(is_kill_signal))
}

fn shutdown(key: names::Key, name: &str, args: &[String]) -> bool {
    match key {
        names::SHUTDOWN => !args.iter().any(|w| w == "-c" || w == "--help"),
        names::REBOOT | names::HALT | names::POWEROFF => !args.iter().any(|w| w == "--help"),
        names::INIT | names::TELINIT => args.first().is_some_and(|w| w == "0" || w == "6"),
        _ if name == "systemctl" => operands(args)
            .next()
            .is_some_and(|w| matches!(w.as_str(), "poweroff" | "reboot" | "halt" | "kexec")),
        _ => false,
    }
}

fn force_push(args: &[String]) -> bool {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        match w.as_str() {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env" => i += 2,
            _ if w.starts_with('-') => i += 1,
            _ => break,
        }
    }
    if args.get(i).map(String::as_str) != Some("push") {
        return false;
    }
    let mut options = true;
    let mut j = i + 1;
    while let Some(w) = args.get(j) {
        j += 1;
        if options && w == "--" {
            options = false;
        } else if options && w.starts_with("--") {
            if w == "--force" || w.starts_with("--force-with-lease") || w == "--mirror" {
                return true;
            }
            if matches!(
                w.as_str(),
                "--repo" | "--push-option" | "--receive-pack" | "--exec"
            ) {
                j += 1;
            }
        } else if options && w.len() > 1 && w.starts_with('-') {
            for (k, b) in w.bytes().enumerate().skip(1) {
                if b == b'f' {
                    return true;
                }
                if b == b'o' {
                    if k + 1 == w.len() {
                        j += 1;
                    }
                    break;
                }
            }
        } else if w.starts_with('+') {
            return true;
        }
    }
    false
}
