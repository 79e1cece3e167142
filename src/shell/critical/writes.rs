//! Files a command writes that its operands do not spell out as such: the configuration file
//! `git config` changes, the directory a download (`curl --output-dir`, `wget -P`) or an
//! extraction (`tar -x -C`, `unzip -d`, `7z x -o`) writes into. Each is one more "write to
//! P" for the table of places where a write grants execution ([`crate::exec_places`]).
//!
//! A name toolgate cannot see (a member of an archive, a file a server names) is written as
//! `*` inside its directory: it lands in a place only when any name there is one
//! (`.git/hooks/*`, `/etc/**`), never merely because it might be `.bashrc`.
//!
//! Also every file a command writes ([`written_files`]), and the `extract-root` detector.

use std::borrow::Cow;

use super::remote::{is_fetcher, saved_files};
use super::targets::Reach;
use super::{operands, Cmd, Line};
use crate::shell::unseen::{unseen, Unseen};
use crate::shell::{names, SimpleCommand};

const UNZIP: names::Key = names::folded_key("unzip");

/// Git configuration keys whose values never run anything or widen what runs: setting one
/// is an ordinary edit. Any other key (`core.fsmonitor`, `core.pager`, `core.sshCommand`,
/// `alias.*`, `credential.helper`, `filter.*`, `include.path`, …) may run a command.
const HARMLESS_GIT_KEYS: &[&str] = &[
    "user.",
    "author.",
    "committer.",
    "init.defaultbranch",
    "pull.rebase",
    "pull.ff",
    "push.default",
    "push.autosetupremote",
    "fetch.prune",
    "rebase.autostash",
    "rebase.autosquash",
    "merge.conflictstyle",
    "merge.ff",
    "color.",
    "advice.",
    "column.",
    "core.autocrlf",
    "core.eol",
    "core.filemode",
    "core.ignorecase",
    "core.quotepath",
    "core.longpaths",
    "core.safecrlf",
    "commit.gpgsign",
    "tag.gpgsign",
    "log.",
    "format.pretty",
    "diff.renames",
    "diff.algorithm",
    "diff.colormoved",
    "status.",
    "help.autocorrect",
    "rerere.enabled",
    "branch.autosetuprebase",
    "lfs.",
];

/// Setting `key` to `value` runs nothing toolgate cannot see: a harmless key, a branch's or
/// remote's settings, an alias to a git command (not `!…`), the built-in file-system monitor
/// (`core.fsmonitor true`), an editor or pager that is a plain program name (`vim`, `less`;
/// the value is analysed as code too, see `shell::embedded`).
fn harmless_git_setting(key: &str, value: Option<&str>) -> bool {
    let key = key.to_ascii_lowercase();
    let value = value.map(str::trim);
    if HARMLESS_GIT_KEYS
        .iter()
        .any(|k| key.starts_with(k) && (k.ends_with('.') || key.len() == k.len()))
    {
        return true;
    }
    let plain_word = |v: &str| {
        !v.is_empty()
            && v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
    };
    match key.as_str() {
        "core.fsmonitor" => return value.is_some_and(|v| matches!(v, "true" | "false")),
        "core.editor" | "sequence.editor" | "core.pager" => return value.is_some_and(plain_word),
        _ => {}
    }
    let (Some((section, rest)), Some((_, leaf))) = (key.split_once('.'), key.rsplit_once('.'))
    else {
        return false;
    };
    match section {
        "alias" => value.is_some_and(|v| !v.starts_with('!')),
        "pager" => value.is_some_and(|v| plain_word(v) || matches!(v, "true" | "false")),
        "branch" => {
            rest.contains('.') && matches!(leaf, "remote" | "merge" | "rebase" | "description")
        }
        "remote" => {
            rest.contains('.')
                && matches!(
                    leaf,
                    "url" | "pushurl" | "fetch" | "push" | "tagopt" | "prune"
                )
        }
        _ => false,
    }
}

/// The file `git config` (or `git -C d config`, `git --git-dir=d config`) writes when it
/// sets a key that may run a command: `.git/config`, `~/.gitconfig` (`--global`),
/// `/etc/gitconfig` (`--system`), or the `--file`. `None` when it only reads, removes a
/// setting, opens an editor for the user, or sets a harmless key.
pub(super) fn git_config(c: &SimpleCommand) -> Option<String> {
    let w = &c.words;
    let mut i = 1;
    let mut dir: Option<&str> = None;
    let mut git_dir: Option<&str> = None;
    while let Some(word) = w.get(i) {
        match word.as_str() {
            "-C" => {
                dir = w.get(i + 1).map(String::as_str);
                i += 2;
            }
            "-c" | "--work-tree" | "--namespace" | "--exec-path" | "--config-env" => i += 2,
            "--git-dir" => {
                git_dir = w.get(i + 1).map(String::as_str);
                i += 2;
            }
            _ if word.starts_with("--git-dir=") => {
                git_dir = word.get("--git-dir=".len()..);
                i += 1;
            }
            _ if word.starts_with('-') => i += 1,
            "config" => break,
            _ => return None,
        }
    }
    let args = w.get(i + 1..)?;
    let mut file: Option<String> = None;
    let mut writes = false;
    let mut operands: Vec<&str> = Vec::new();
    let mut j = 0;
    while let Some(a) = args.get(j) {
        let a = a.as_str();
        match a {
            "--global" => file = Some("~/.gitconfig".into()),
            "--system" => file = Some("/etc/gitconfig".into()),
            "--local" | "--worktree" => {}
            "-f" | "--file" => {
                file = args.get(j + 1).cloned();
                j += 1;
            }
            _ if a.starts_with("--file=") => file = a.get("--file=".len()..).map(String::from),
            "--add" | "--replace-all" | "--rename-section" => writes = true,
            // reading; removing a setting; an editor the user types in
            "--get" | "--get-all" | "--get-regexp" | "--get-urlmatch" | "-l" | "--list"
            | "--get-color" | "--get-colorbool" | "--unset" | "--unset-all"
            | "--remove-section" | "-e" | "--edit" => return None,
            _ if a.starts_with('-') => {}
            _ => operands.push(a),
        }
        j += 1;
    }
    // `git config set k v`, `unset k`, `rename-section`, `remove-section` (git 2.46); `get`,
    // `list` read
    let (writes, setting) = match operands.first().copied() {
        Some("set" | "rename-section") => (true, operands.get(1..).unwrap_or(&[])),
        Some("get" | "list" | "unset" | "remove-section" | "edit") => return None,
        _ => (writes || operands.len() >= 2, &operands[..]),
    };
    let (key, value) = (setting.first().copied(), setting.get(1).copied());
    if !writes
        || key.is_some_and(|k| {
            !k.contains('$')
                && !value.is_some_and(|v| v.contains('$'))
                && harmless_git_setting(k, value)
        })
    {
        return None;
    }
    Some(path(file, dir, git_dir))
}

fn path(file: Option<String>, dir: Option<&str>, git_dir: Option<&str>) -> String {
    if let Some(file) = file {
        return file;
    }
    match (git_dir, dir) {
        (Some(g), _) => format!("{}/config", g.trim_end_matches('/')),
        (None, Some(d)) => format!("{}/.git/config", d.trim_end_matches('/')),
        (None, None) => ".git/config".into(),
    }
}

/// The directory a download saves into (`curl --output-dir D`, `wget -P D`,
/// `wget --directory-prefix=D`).
pub(super) fn output_dir(c: &SimpleCommand) -> Option<&str> {
    let w = &c.words;
    w.iter().enumerate().skip(1).find_map(|(i, a)| {
        let a = a.as_str();
        match a {
            "--output-dir" | "-P" | "--directory-prefix" => w.get(i + 1).map(String::as_str),
            _ => a
                .strip_prefix("--output-dir=")
                .or_else(|| a.strip_prefix("--directory-prefix="))
                .or_else(|| a.strip_prefix("-P").filter(|d| !d.is_empty())),
        }
    })
}

/// What an extraction writes: each member named on the command line, and `*` (any name) in
/// the directory it extracts into (`tar -x -C D`, `tar xf a.tar`, `unzip a.zip -d D`,
/// `7z x a.7z -oD`). Empty when the command does not extract.
pub(super) fn extracted(c: &SimpleCommand) -> Vec<String> {
    let w = &c.words;
    let Some(name) = c.name() else {
        return Vec::new();
    };
    let key = names::folded_key(name);
    let mut dir: Option<&str> = None;
    let mut members: Vec<&str> = Vec::new();
    match key {
        names::TAR | names::BSDTAR => {
            let mut extract = false;
            let mut archive_next = false;
            let mut i = 1;
            while let Some(a) = w.get(i) {
                let a = a.as_str();
                let bundled = i == 1 && !a.starts_with('-');
                if a == "-C" || a == "--directory" {
                    dir = w.get(i + 1).map(String::as_str);
                    i += 1;
                } else if let Some(d) = a.strip_prefix("--directory=") {
                    dir = Some(d);
                } else if a == "--extract" || a == "--get" {
                    extract = true;
                } else if a == "-f" || a == "--file" {
                    i += 1;
                } else if bundled || (a.starts_with('-') && !a.starts_with("--")) {
                    let letters = a.trim_start_matches('-');
                    extract |= letters.contains('x');
                    // `xf a.tar`, `-xzf a.tar`: the archive follows
                    archive_next = letters.contains('f');
                } else if !a.starts_with('-') {
                    if archive_next {
                        archive_next = false;
                    } else {
                        members.push(a);
                    }
                }
                i += 1;
            }
            if !extract {
                return Vec::new();
            }
        }
        UNZIP => {
            let mut i = 1;
            let mut archive = false;
            while let Some(a) = w.get(i) {
                let a = a.as_str();
                match a {
                    "-d" => {
                        dir = w.get(i + 1).map(String::as_str);
                        i += 1;
                    }
                    // listing, testing or printing write nothing
                    "-l" | "-t" | "-p" | "-v" | "-Z" => return Vec::new(),
                    "-x" => break,
                    _ if a.starts_with('-') => {}
                    _ if !archive => archive = true,
                    _ => members.push(a),
                }
                i += 1;
            }
        }
        names::SEVEN_Z | names::SEVEN_ZA | names::SEVEN_ZR => {
            if !matches!(w.get(1).map(String::as_str), Some("x" | "e")) {
                return Vec::new();
            }
            dir = w.iter().find_map(|a| a.strip_prefix("-o"));
        }
        _ => return Vec::new(),
    }
    let dir = dir.unwrap_or(".").trim_end_matches('/');
    let dir = if dir.is_empty() { "/" } else { dir };
    let mut out: Vec<String> = members
        .iter()
        .map(|m| format!("{dir}/{}", m.trim_start_matches("./")))
        .collect();
    out.push(format!("{dir}/*"));
    out
}

/// An archive or patch unpacked into `/`, a top-level directory or a home, or keeping
/// absolute names (`tar -P`, `cpio -i`): it may replace any system or start-up file (see
/// [`crate::shell::unseen`]).
pub(super) fn extracts_to_root(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    let c = cmd.c;
    let Some(Unseen::Extract { into, anywhere }) = unseen(c) else {
        return false;
    };
    let dir = into.unwrap_or(".");
    anywhere || line.scope.reach(c, dir, dir.contains('$')) == Reach::System
}

/// Files a command writes: redirection targets, `tee` operands, the target of `cp`/`mv`/
/// `install`/`ln`/`rsync`/`scp`, `dd of=`, `sed -i`/`perl -i`/`truncate` operands, a
/// fetcher's output file (in its `--output-dir`), the file `git config` changes, what an
/// extraction writes (below). (Borrowed from the command where it names them as written.)
#[inline(never)]
pub(super) fn written_files(c: &SimpleCommand) -> Vec<Cow<'_, str>> {
    let mut out: Vec<Cow<'_, str>> = Vec::new();
    for r in c.redirects.iter().filter(|r| r.writes_file()) {
        push_copy(&mut out, &r.target);
    }
    let Some(name) = c.name() else { return out };
    let args = c.words.get(1..).unwrap_or(&[]);
    let key = names::folded_key(name);
    match key {
        names::TEE | names::TRUNCATE => {
            for w in operands(args) {
                push_copy(&mut out, w);
            }
        }
        names::CP | names::MV | names::INSTALL | names::LN | names::RSYNC | names::SCP => {
            let target_dir = args
                .windows(2)
                .find(|p| p.first().is_some_and(|w| w == "-t"))
                .and_then(|p| p.get(1));
            let target_long = args
                .iter()
                .find_map(|w| w.strip_prefix("--target-directory="));
            let files = operands(args);
            let (target, sources) = match target_dir.map(String::as_str).or(target_long) {
                Some(t) => (t, &files[..]),
                None => match files.split_last() {
                    Some((last, rest)) if !rest.is_empty() => (last.as_str(), rest),
                    _ => return out,
                },
            };
            // the target itself, or the file each source makes inside it when it is a directory
            push_copy(&mut out, target);
            for source in sources {
                let dir = target.trim_end_matches('/');
                let base = crate::shell::basename(source.trim_end_matches('/'));
                let mut file = String::with_capacity(dir.len() + 1 + base.len());
                file.push_str(dir);
                file.push('/');
                file.push_str(base);
                out.push(Cow::Owned(file));
            }
        }
        names::DD => {
            for w in args.iter().filter_map(|w| w.strip_prefix("of=")) {
                push_copy(&mut out, w);
            }
        }
        names::SED | names::PERL
            if args.iter().any(|w| {
                w.starts_with("--in-place")
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains('i'))
            }) =>
        {
            for w in operands(args) {
                push_copy(&mut out, w);
            }
        }
        names::GIT => out.extend(git_config(c).map(Cow::Owned)),
        _ if is_fetcher(key, name) => {
            let dir = output_dir(c).map(|d| d.trim_end_matches('/'));
            for file in saved_files(c) {
                let file = match (dir, file) {
                    (Some(d), Some(f)) if !f.starts_with(['/', '~']) => format!("{d}/{f}"),
                    (Some(d), None) => format!("{d}/*"),
                    (_, Some(f)) => f,
                    (None, None) => continue,
                };
                out.push(Cow::Owned(file));
            }
        }
        _ => out.extend(extracted(c).into_iter().map(Cow::Owned)),
    }
    out
}

/// Appends `s` (one shared call instead of a `Vec::push` inlined at each site).
#[inline(never)]
fn push_copy<'c>(out: &mut Vec<Cow<'c, str>>, s: &'c str) {
    out.push(Cow::Borrowed(s));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(line: &str) -> SimpleCommand {
        crate::shell::analyse(line).commands.remove(0)
    }

    #[test]
    fn git_config_files() {
        for (line, want) in [
            ("git config core.fsmonitor 'x'", Some(".git/config")),
            ("git config --global core.pager less", None),
            (
                "git config --global core.pager 'less; sh x'",
                Some("~/.gitconfig"),
            ),
            ("git -C sub config alias.x '!sh'", Some("sub/.git/config")),
            ("git config set core.hooksPath h", Some(".git/config")),
            ("git config -f f.cfg core.editor 'vi -x'", Some("f.cfg")),
            ("git config --add include.path x", Some(".git/config")),
            ("git config -e", None),
            ("git config --global --unset alias.x", None),
            ("git config unset core.pager", None),
            ("git config user.email a@b", None),
            ("git config --global core.editor vim", None),
            ("git config core.editor 'sh -c x'", Some(".git/config")),
            ("git config core.fsmonitor true", None),
            ("git config core.fsmonitor ./watch.sh", Some(".git/config")),
            ("git config alias.st status", None),
            ("git config alias.st '!sh x'", Some(".git/config")),
            ("git config core.hooksPath .githooks", Some(".git/config")),
            (
                "git config --global credential.helper store",
                Some("~/.gitconfig"),
            ),
            ("git config branch.main.remote origin", None),
            ("git config core.fsmonitor", None),
            ("git config --get core.fsmonitor", None),
            ("git config --list", None),
            ("git status", None),
        ] {
            assert_eq!(git_config(&first(line)).as_deref(), want, "{line}");
        }
    }

    #[test]
    fn extraction() {
        for (line, want) in [
            ("tar xzf a.tgz -C .git/hooks", vec![".git/hooks/*"]),
            ("tar -xf a.tar", vec!["./*"]),
            (
                "tar --extract --file=a.tar --directory=/etc",
                vec!["/etc/*"],
            ),
            (
                "tar xf a.tar .vscode/settings.json",
                vec!["./.vscode/settings.json", "./*"],
            ),
            ("tar tf a.tar", vec![]),
            ("tar czf a.tgz src", vec![]),
            (
                "unzip a.zip -d ~/.config/autostart",
                vec!["~/.config/autostart/*"],
            ),
            ("unzip -l a.zip", vec![]),
            ("7z x a.7z -o.git/hooks", vec![".git/hooks/*"]),
        ] {
            assert_eq!(extracted(&first(line)), want, "{line}");
        }
    }
}
