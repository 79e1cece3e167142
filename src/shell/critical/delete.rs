//! Deletes and moves: `rm -r`, `find -delete`, `find -exec rm`, `xargs rm`, `rsync --delete`
//! by how far they reach (`recursive-delete-root`, `workspace-delete`,
//! `recursive-delete-unknown`), `sudo rm`, and moves, `chmod -R` or `chown -R` of a root-like
//! directory.

use super::targets::{self, Reach};
use super::{operands, Cmd, Line};
use crate::shell::{names, programs, Origin, SimpleCommand, Wrapper};

/// `recursive-delete-root`, `workspace-delete` or `recursive-delete-unknown`: how far the
/// command deletes.
pub(super) fn reaches(line: &Line<'_>, cmd: &Cmd<'_>, label: &str) -> bool {
    let want = match label {
        "recursive-delete-root" => Reach::System,
        "workspace-delete" => Reach::Workspace,
        _ => Reach::Unknown,
    };
    deletes(line, cmd) == want
}

/// How far the command deletes (computed once per command).
fn deletes(line: &Line<'_>, cmd: &Cmd<'_>) -> Reach {
    if let Some(reach) = cmd.deletes.get() {
        return reach;
    }
    let reach = delete_reach(line, cmd);
    cmd.deletes.set(Some(reach));
    reach
}

fn delete_reach(line: &Line<'_>, cmd: &Cmd<'_>) -> Reach {
    let (c, args) = (cmd.c, cmd.args);
    match cmd.key {
        names::RM => line.deleted(cmd.index, c, args),
        names::FIND if args.iter().any(|w| w == "-delete") => line.found(c),
        names::RSYNC if rsync_deletes(args) => operands(args)
            .last()
            .map_or(Reach::Nested, |d| line.scope.reach(c, d, d.contains('$'))),
        // `find … -exec unlink {}` / `-exec shred -u {}` delete what find selects
        names::SHRED | names::UNLINK
            if c.origin == Origin::Exec
                && (cmd.key == names::UNLINK
                    || args.iter().any(|w| w == "-u" || w.starts_with("--remove")))
                && args.iter().any(|w| w.contains("{}")) =>
        {
            let find = c.parent.and_then(|p| line.cmds.get(p));
            find.map_or(Reach::Unknown, |f| line.found(f))
        }
        _ => Reach::Nested,
    }
}

fn rsync_deletes(args: &[String]) -> bool {
    args.iter().any(|w| w.starts_with("--del"))
}

pub(super) fn privileged_rm(_: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    cmd.key == names::RM && cmd.c.wrappers.iter().any(privileged)
}

/// `mv` (or `rsync --remove-source-files`, judged by its delete when it has one) moves a
/// root-like directory away.
pub(super) fn moves_root(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    let args = cmd.args;
    match cmd.key {
        names::MV => line.moved(cmd.c, args),
        // `rsync --remove-source-files ~/ /tmp/x/` moves the home away
        names::RSYNC => {
            !rsync_deletes(args)
                && args.iter().any(|w| w == "--remove-source-files")
                && line.moved(cmd.c, args)
        }
        _ => false,
    }
}

pub(super) fn chmod_root(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    cmd.key == names::CHMOD && line.recursive_system(cmd.c, cmd.args)
}

pub(super) fn chown_root(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    matches!(cmd.key, names::CHOWN | names::CHGRP) && line.recursive_system(cmd.c, cmd.args)
}

impl Line<'_> {
    /// How far an `rm` reaches: its operands when recursive, the start points of the `find`
    /// that runs it (`-exec rm {}`), the words `xargs` feeds it, the output of a `$(…)`.
    fn deleted(&self, index: usize, c: &SimpleCommand, args: &[String]) -> Reach {
        let recursive = has_recursive(args, b"rR");
        let mut reach = Reach::Nested;
        let mut options = true;
        for (i, w) in c.words.iter().enumerate().skip(1) {
            if options && w == "--" {
                options = false;
                continue;
            }
            if options && w.len() > 1 && w.starts_with('-') {
                continue;
            }
            let here = if c.origin == Origin::Exec && w.contains("{}") {
                // `find START … -exec rm {}`: every file under START, whatever rm's options
                c.parent
                    .and_then(|p| self.cmds.get(p))
                    .map_or(Reach::Unknown, |find| self.found(find))
            } else if !recursive {
                Reach::Nested
            } else if (w.starts_with("$(") || w.starts_with('`')) && !targets::is_pwd(w) {
                self.produced(
                    &|d| d.parent == Some(index) && d.origin == Origin::CommandSubstitution,
                    recursive,
                )
            } else {
                self.scope.reach(c, w, c.is_dynamic(i))
            };
            reach = reach.max(here);
        }
        if let Some(xargs) = c.wrappers.iter().find(|w| w.name == "xargs") {
            let from_file = xargs
                .words
                .iter()
                .any(|w| w.starts_with("-a") || w.starts_with("--arg-file"))
                || c.redirects
                    .iter()
                    .any(|r| r.names_file() && !r.writes_file());
            let here = if from_file {
                unseen(recursive)
            } else {
                self.produced(
                    &|d| c.pipeline != usize::MAX && d.pipeline == c.pipeline && d.stage < c.stage,
                    recursive,
                )
            };
            reach = reach.max(here);
        }
        reach
    }

    /// How far the list of paths `producers` print reaches (a pipeline into `xargs`, or the
    /// commands of a `$(…)`): the first stage decides, later stages only filter it.
    fn produced(&self, producer: &dyn Fn(&SimpleCommand) -> bool, recursive: bool) -> Reach {
        let mut source: Option<&SimpleCommand> = None;
        let mut count = 0;
        for d in self.cmds.iter().filter(|d| producer(d)) {
            count += 1;
            if source.map_or(true, |s| d.stage < s.stage) {
                source = Some(d);
            }
        }
        let Some(source) = source else {
            return unseen(recursive);
        };
        let filtered = count > 1;
        let args = source.words.get(1..).unwrap_or(&[]);
        match source.name().map(names::folded_key) {
            Some(names::FIND) if filtered => self.found_narrowed(source, true),
            Some(names::FIND) => self.found(source),
            _ if !recursive || filtered => Reach::Nested,
            Some(names::ECHO | names::PRINTF) => (1..source.words.len())
                .filter_map(|i| Some((i, source.words.get(i)?)))
                .map(|(i, w)| self.scope.reach(source, w, source.is_dynamic(i)))
                .max()
                .unwrap_or(Reach::Nested),
            Some(names::LS) => {
                let dirs = operands(args);
                if dirs.is_empty() {
                    self.scope.reach(source, "*", false)
                } else {
                    dirs.iter()
                        .map(|d| self.scope.reach(source, &format!("{d}/*"), d.contains('$')))
                        .max()
                        .unwrap_or(Reach::Nested)
                }
            }
            // these list files inside the repository or the tree they search
            Some(names::GREP | names::RG | names::FD | names::FDFIND) => Reach::Nested,
            Some(names::GIT) if git_lists_files(args) => Reach::Nested,
            _ => Reach::Unknown,
        }
    }

    /// How far a `find` reaches: its start points; one at a workspace root (or unknown) only
    /// when no test narrows what it finds.
    fn found(&self, find: &SimpleCommand) -> Reach {
        self.found_narrowed(find, false)
    }

    fn found_narrowed(&self, find: &SimpleCommand, narrowed: bool) -> Reach {
        let mut i = 1;
        // `-H`, `-L`, `-P`, `-D debug`, `-O3`
        while let Some(w) = find.words.get(i) {
            match w.as_str() {
                "-H" | "-L" | "-P" => i += 1,
                "-D" => i += 2,
                _ if w.starts_with("-O") => i += 1,
                _ => break,
            }
        }
        let starts = i;
        while find
            .words
            .get(i)
            .is_some_and(|w| !w.starts_with('-') && w != "(" && w != "!")
        {
            i += 1;
        }
        let narrowed = narrowed || narrows(find.words.get(i..).unwrap_or(&[]));
        let reach_of = |r: Reach| match r {
            Reach::System => Reach::System,
            _ if narrowed => Reach::Nested,
            r => r,
        };
        if i == starts {
            return reach_of(self.scope.reach(find, ".", false));
        }
        (starts..i)
            .filter_map(|j| Some((j, find.words.get(j)?)))
            .map(|(j, w)| reach_of(self.scope.reach(find, w, find.is_dynamic(j))))
            .max()
            .unwrap_or(Reach::Nested)
    }

    /// `mv` moves a root-like directory away (`mv ~ /dev/null`, `mv /* /tmp`).
    fn moved(&self, c: &SimpleCommand, args: &[String]) -> bool {
        let targeted = args.iter().any(|w| {
            w == "-t"
                || w.starts_with("--target-directory")
                || (w.starts_with("-t") && !w.starts_with("--"))
        });
        let sources = operands(args);
        let n = if targeted {
            sources.len()
        } else {
            sources.len().saturating_sub(1)
        };
        sources
            .iter()
            .take(n)
            .any(|w| self.scope.reach(c, w, w.contains('$')) == Reach::System)
    }

    fn recursive_system(&self, c: &SimpleCommand, args: &[String]) -> bool {
        has_recursive(args, b"R")
            && operands(args)
                .iter()
                .any(|w| self.scope.reach(c, w, w.contains('$')) == Reach::System)
    }
}

/// What a recursive delete of targets toolgate cannot see reaches (a plain `rm` of unseen
/// files is no critical pattern).
fn unseen(recursive: bool) -> Reach {
    if recursive {
        Reach::Unknown
    } else {
        Reach::Nested
    }
}

/// A launcher that runs the command as another user, root usually (`sudo`, `doas`, `su -c`,
/// `pkexec`: the program table's privilege trait).
fn privileged(w: &Wrapper) -> bool {
    let name = w.name.split(' ').next().unwrap_or("");
    programs::lookup_folded(name).is_some_and(|p| p.is_privileged())
}

/// `git ls-files`, `git diff --name-only`, …: paths inside the repository (unlike `git
/// rev-parse --show-toplevel`, the repository itself).
fn git_lists_files(args: &[String]) -> bool {
    args.iter()
        .find(|w| !w.starts_with('-'))
        .is_some_and(|sub| {
            matches!(
                sub.as_str(),
                "ls-files" | "diff" | "status" | "grep" | "ls-tree"
            )
        })
}

/// `find` tests that select some files only (a filter the agent means).
const NARROWING_TESTS: &[&str] = &[
    "-name",
    "-iname",
    "-path",
    "-ipath",
    "-wholename",
    "-iwholename",
    "-regex",
    "-iregex",
    "-lname",
    "-ilname",
    "-empty",
    "-mtime",
    "-mmin",
    "-atime",
    "-amin",
    "-ctime",
    "-cmin",
    "-size",
    "-user",
    "-group",
    "-uid",
    "-gid",
    "-perm",
    "-inum",
    "-samefile",
    "-links",
    "-used",
    "-nouser",
    "-nogroup",
];

/// A `find` expression selects only some files before it deletes or runs anything: a test
/// such as `-name x` comes before the first action, is not negated (`-not`, `!`), and its
/// pattern is not one that matches every name (`-name '*'`, `-regex '.*'`).
fn narrows(expression: &[String]) -> bool {
    let mut previous = "";
    for (i, w) in expression.iter().enumerate() {
        let w = w.as_str();
        if matches!(w, "-delete" | "-exec" | "-execdir" | "-ok" | "-okdir") {
            return false;
        }
        let negated = matches!(previous, "-not" | "!");
        previous = w;
        if negated || !(NARROWING_TESTS.contains(&w) || w.starts_with("-newer")) {
            continue;
        }
        let every = expression
            .get(i + 1)
            .is_some_and(|v| v.bytes().all(|b| b"*?.".contains(&b)));
        if !every {
            return true;
        }
    }
    false
}

/// `-r`/`-R` (for `letters`), also in a cluster, or `--recursive` and its abbreviations.
fn has_recursive(args: &[String], letters: &[u8]) -> bool {
    let mut options = true;
    args.iter().any(|w| {
        if !options || w == "--" {
            options = false;
            return false;
        }
        if let Some(long) = w.strip_prefix("--") {
            long.len() >= 3 && "recursive".starts_with(long)
        } else {
            w.len() > 1 && w.starts_with('-') && w.bytes().skip(1).any(|b| letters.contains(&b))
        }
    })
}
