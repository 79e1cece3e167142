//! Critical commands: the ones that prompt in every mode but `unattended`. Judged on parsed
//! commands (wrappers peeled, quotes removed), so quoted text is never a command and
//! `sudo rm -rf /` is `rm -rf /`. Targets are resolved against the tracked directory and the
//! workspace roots (see [`targets`]): from the root `/ws`, `rm -rf ../*` is `rm -rf /*`.
//!
//! Labels (stable):
//! * `recursive-delete-root`: `rm -r`, `find -delete`, `find -exec rm` (or `unlink`,
//!   `shred -u`), `xargs rm`, `rsync --delete` reaching a root-like target (below);
//! * `workspace-delete`: the same deleting a workspace root itself or every entry in it
//!   (`rm -rf .`, `rm -rf *` or `rm -rf "$PWD"` at the root, `find . -delete` with no test
//!   narrowing it): nothing in the workspace survives, `.git` included;
//! * `recursive-delete-unknown`: a recursive delete whose target toolgate cannot know
//!   (`rm -rf "$X"/*`, `rm -rf $(cat list)`, `xargs rm -rf < list`, `cd "$D" && rm -rf *`);
//! * `sudo-rm`: any `rm` under a privileged launcher (`sudo`, `doas`, `su -c`, `pkexec`, …),
//!   as the harness flags it;
//! * `move-root`: `mv` of a root-like directory (`mv ~ /dev/null`, `mv /* /tmp`);
//! * `recursive-chmod-root`, `recursive-chown-root`: `chmod`/`chown`/`chgrp -R` of one;
//! * `fork-bomb`: a function that calls itself twice, in the background or a pipeline;
//! * `disk-write`: writes to a disk device (`> /dev/sda`, `dd of=`, `shred`, `tee`, `cp`),
//!   `wipefs`, `blkdiscard`, and partition-table edits (`sgdisk`, `parted … mklabel`/`rm`,
//!   `fdisk`, `sfdisk`, `gdisk`, `cfdisk` on a device, unless only listing);
//! * `mkfs`: `mkfs`, `mkfs.*`, `mke2fs`, `mkswap`;
//! * `auth-file-write`: writes to `/etc/passwd`, `shadow`, `group`, `gshadow`, `sudoers`,
//!   `sudoers.d/…`, or a home's `.ssh/authorized_keys` (`>>`, `tee -a`, `cp`, `curl -o`, …);
//! * `startup-file-write`: writes to a shell start-up file (`~/.bashrc`, `~/.profile`,
//!   `~/.zshrc`, …, `/etc/profile`, `/etc/profile.d/…`): code that runs in every new shell;
//! * `crontab-write`: `crontab` installing or removing jobs (anything but `crontab -l`),
//!   writes to `/etc/crontab`, `/etc/cron.*/…`, `/var/spool/cron/…`;
//! * `sysrq-trigger`: writes to `/proc/sysrq-trigger` or `/proc/sys/kernel/sysrq`;
//! * `remote-code-exec`: downloaded code run by a shell or interpreter: piped (`curl … | sh`,
//!   `| bash /dev/stdin`), substituted (`sh -c "$(curl …)"`, `bash <(curl …)`), or saved and
//!   then run later in the same command line (`curl -o x.sh URL && sh x.sh`, `wget URL; bash
//!   install.sh`, `chmod +x i.sh && ./i.sh`, a script run after a `git clone`);
//! * `opaque-code-exec`: a shell or interpreter whose program comes through a pipe or is
//!   computed at run time (`… | base64 -d | sh`, `eval "$(…)"`);
//! * `kill-init`: `kill -9 1`, `kill … -1`, `killall5`, `pkill`/`killall` of every process
//!   (`pkill -f .`, `pkill -u me`);
//! * `extract-root`: an archive or patch unpacked into `/`, a top-level directory or a home
//!   (`tar xf x.tar -C /`, `unzip -o x.zip -d ~`, `cd ~ && tar xf x.tar`), or keeping
//!   absolute names (`tar -P`, `cpio -i`): it may replace any system or start-up file (see
//!   [`super::unseen`]);
//! * `host-mount`: a container or sandbox given the host's `/`, a home or a top-level
//!   directory, writable (`docker run -v /:/host`, `bwrap --bind / /`; see [`host_mount`]);
//! * `kill-host`: a command that may kill the agent's own host or editor (`pkill node`,
//!   `killall Code`, `pkill -f cline`, `kill $PPID`, `taskkill /IM node.exe`,
//!   `Stop-Process -Name node`; see [`host_kill`]);
//! * `remote-shell`: a shell handed to the network (`bash -i >& /dev/tcp/h/p 0>&1`,
//!   `nc -e /bin/sh`, `socat TCP:h:p EXEC:sh`, `nc h p | sh`; see [`remote_shell`]);
//! * `shutdown`: `shutdown`, `reboot`, `halt`, `poweroff`, `init 0|6`, `systemctl poweroff`;
//! * `force-push`: `git push` with `-f`, `--force`, `--force-with-lease[=…]`, `--mirror`, a
//!   `+refspec`, or any abbreviation git accepts for them (`--force-w`, `--mirr`; an
//!   ambiguous one such as `--forc` too); `--force-if-includes` alone does not force;
//! * `remote-branch-delete`: `git push` with `-d`, `--delete`, `--prune` (or abbreviations)
//!   or a `:branch` refspec;
//! * Windows' own (`shadow-copy-delete`, `boot-config-write`, `encoded-command`, and
//!   `disk-write`, `startup-file-write`, `crontab-write` spelled the Windows way): see
//!   [`windows`].
//!
//! Root-like targets: `/`, `/*`, a top-level directory (`/usr`, `/usr/`, `/usr/*`), a home
//! (`~`, `~/`, `~/*`, `~/.*`, `~user`, `$HOME`, `/home/x`, `/root`, `/home/*`), a drive root or
//! top-level directory (`C:\`, `C:/`, `C:\Windows`), and whatever `..` normalises to one.
//! Targets `find -exec rm {}` and `xargs rm` receive come from `find`'s start points (a test
//! such as `-name` narrows them), from `echo`/`printf` words or `ls`, and are unknown when
//! read from a file or an unknown command.

mod host_kill;
mod host_mount;
mod remote_shell;
mod targets;
mod windows;
mod writes;

use std::borrow::Cow;

use super::wrappers::{executed_file, runs_input};
use super::{names, programs, wrappers, Analysis, Origin, SimpleCommand};
use crate::exec_places::Place;
use targets::Reach;
pub use targets::Scope;

#[derive(Debug, Clone, PartialEq)]
pub struct Critical {
    /// Stable label, e.g. `recursive-delete-root`, `force-push`.
    pub label: &'static str,
    /// The place the command writes to, when the label is a write there (see
    /// [`crate::exec_places`]).
    pub place: Option<&'static Place>,
    /// The offending command, for the reason sentence.
    pub command: String,
    /// Index of that command in [`Analysis::commands`].
    pub index: usize,
}

/// The first critical command, if any, with relative targets resolved against no root.
pub fn detect(analysis: &Analysis) -> Option<Critical> {
    detect_in(
        analysis,
        Scope {
            roots: &[],
            fold: false,
        },
    )
}

/// The first critical command, if any; relative targets resolve against `scope`'s roots.
pub fn detect_in(analysis: &Analysis, scope: Scope<'_>) -> Option<Critical> {
    let line = Line::new(analysis, scope);
    let cmds = &analysis.commands;
    cmds.iter().enumerate().find_map(|(i, c)| {
        let label = *line.labels(i, c).first()?;
        Some(Critical {
            label,
            place: line.place_labelled(c, label),
            command: c.written_text(),
            index: i,
        })
    })
}

/// Every critical command (one entry per command and label), resolved against no root.
pub fn detect_all(analysis: &Analysis) -> Vec<Critical> {
    detect_all_in(
        analysis,
        Scope {
            roots: &[],
            fold: false,
        },
    )
}

/// Every critical command (one entry per command and label).
pub fn detect_all_in(analysis: &Analysis, scope: Scope<'_>) -> Vec<Critical> {
    let line = Line::new(analysis, scope);
    let mut found = Vec::new();
    for (i, c) in analysis.commands.iter().enumerate() {
        for label in line.labels(i, c) {
            found.push(Critical {
                label,
                place: line.place_labelled(c, label),
                command: c.written_text(),
                index: i,
            });
        }
    }
    found
}

/// Adds `l` to `labels`: one shared call instead of a `Vec::push` inlined at each site.
#[inline(never)]
fn add_label(labels: &mut Vec<&'static str>, l: &'static str) {
    labels.push(l);
}

/// One command line being judged: its commands, the roots, what it downloads.
struct Line<'a> {
    cmds: &'a [SimpleCommand],
    scope: Scope<'a>,
    /// (index of the fetcher, file it saves: `None` when its name cannot be known).
    downloads: Vec<(usize, Option<String>)>,
}

impl<'a> Line<'a> {
    fn new(analysis: &'a Analysis, scope: Scope<'a>) -> Line<'a> {
        let cmds = &analysis.commands;
        let mut downloads = Vec::new();
        for (i, c) in cmds.iter().enumerate() {
            let Some(name) = c.name() else { continue };
            // a clone's files are unknown: any script run after it may be one of them
            if names::folded_key(name) == names::GIT
                && c.words
                    .iter()
                    .skip(1)
                    .find(|w| !w.starts_with('-'))
                    .is_some_and(|w| w == "clone")
            {
                downloads.push((i, None));
            }
            if is_fetcher(names::folded_key(name), name) {
                for file in saved_files(c) {
                    downloads.push((i, file));
                }
                // `curl URL | tee x.sh`
                for d in later_stages(cmds, c).filter(|d| d.name() == Some("tee")) {
                    let args = d.words.get(1..).unwrap_or(&[]);
                    for w in operands(args) {
                        downloads.push((i, Some(w.clone())));
                    }
                }
            }
        }
        Line {
            cmds,
            scope,
            downloads,
        }
    }

    #[inline(never)]
    fn labels(&self, index: usize, c: &SimpleCommand) -> Vec<&'static str> {
        let cmds = self.cmds;
        let mut labels = Vec::new();
        for target in written_files(c) {
            let Some(place) = self.protected(c, &target) else {
                continue;
            };
            // a disk is labelled `disk-write` below
            if !labels.contains(&place.label)
                && (place.label != "device-write" || !disk_device(&target))
            {
                add_label(&mut labels, place.label);
            }
        }
        if c.redirects
            .iter()
            .any(|r| r.writes_file() && disk_device(&r.target))
        {
            add_label(&mut labels, "disk-write");
        }
        let Some(name) = c.name() else {
            return labels;
        };
        let args = c.words.get(1..).unwrap_or(&[]);
        // names compared as integers: this runs on every command `check` sees
        let key = names::folded_key(name);
        let reach_label = |reach| match reach {
            Reach::System => Some("recursive-delete-root"),
            Reach::Workspace => Some("workspace-delete"),
            Reach::Unknown => Some("recursive-delete-unknown"),
            Reach::Nested => None,
        };
        match key {
            names::RM => {
                labels.extend(reach_label(self.deleted(index, c, args)));
                if c.wrappers.iter().any(privileged) {
                    add_label(&mut labels, "sudo-rm");
                }
            }
            names::FIND if args.iter().any(|w| w == "-delete") => {
                labels.extend(reach_label(self.found(c)))
            }
            names::RSYNC if args.iter().any(|w| w.starts_with("--del")) => {
                let dest = operands(args).last().copied();
                let reach = dest.map(|d| self.scope.reach(c, d, d.contains('$')));
                labels.extend(reach.and_then(reach_label))
            }
            // `find … -exec unlink {}` / `-exec shred -u {}` delete what find selects
            names::SHRED | names::UNLINK
                if c.origin == Origin::Exec
                    && (key == names::UNLINK
                        || args.iter().any(|w| w == "-u" || w.starts_with("--remove")))
                    && args.iter().any(|w| w.contains("{}")) =>
            {
                let find = c.parent.and_then(|p| cmds.get(p));
                labels.extend(reach_label(find.map_or(Reach::Unknown, |f| self.found(f))))
            }
            names::MV if self.moved(c, args) => add_label(&mut labels, "move-root"),
            // `rsync --remove-source-files ~/ /tmp/x/` moves the home away
            names::RSYNC
                if args.iter().any(|w| w == "--remove-source-files") && self.moved(c, args) =>
            {
                add_label(&mut labels, "move-root")
            }
            names::CHMOD if self.recursive_system(c, args) => {
                add_label(&mut labels, "recursive-chmod-root")
            }
            names::CHOWN | names::CHGRP if self.recursive_system(c, args) => {
                add_label(&mut labels, "recursive-chown-root")
            }
            _ => {}
        }
        if fork_bomb(cmds, c) {
            add_label(&mut labels, "fork-bomb");
        }
        if disk_write(key, args) && !labels.contains(&"disk-write") {
            add_label(&mut labels, "disk-write");
        }
        if matches!(key, names::MKFS | names::MKE2FS | names::MKSWAP)
            || name
                .get(..5)
                .is_some_and(|p| p.eq_ignore_ascii_case("mkfs."))
        {
            add_label(&mut labels, "mkfs");
        }
        // anything but listing installs (a file, `-` for stdin), edits or removes jobs
        let has = |o: &str| args.iter().any(|w| w == o);
        if key == names::CRONTAB && (!has("-l") || has("-r") || has("-e")) {
            add_label(&mut labels, "crontab-write");
        }
        if (is_fetcher(key, name) && remote_code(cmds, c)) || self.runs_download(index, c) {
            add_label(&mut labels, "remote-code-exec");
        }
        if opaque_code(cmds, c) {
            add_label(&mut labels, "opaque-code-exec");
        }
        if (key == names::KILL && kill_init(args))
            || key == names::KILLALL5
            || (matches!(key, names::PKILL | names::KILLALL) && kills_all(args))
        {
            add_label(&mut labels, "kill-init");
        }
        if shutdown(key, name, args) {
            add_label(&mut labels, "shutdown");
        }
        if let Some(super::unseen::Unseen::Extract { into, anywhere }) = super::unseen::unseen(c) {
            let dir = into.unwrap_or(".");
            if anywhere || self.scope.reach(c, dir, dir.contains('$')) == Reach::System {
                add_label(&mut labels, "extract-root");
            }
        }
        if remote_shell::detect(cmds, c) {
            add_label(&mut labels, "remote-shell");
        }
        if host_kill::detect(cmds, index, c) {
            add_label(&mut labels, "kill-host");
        }
        if host_mount::detect(c) {
            add_label(&mut labels, "host-mount");
        }
        if key == names::GIT {
            labels.extend(git_push(args));
        }
        labels.extend(windows::label(cmds, c));
        labels
    }

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

    /// The place `target` (written by `c`) lands in, when it is one where a write grants
    /// execution (see [`crate::exec_places`]).
    fn protected(&self, c: &SimpleCommand, target: &str) -> Option<&'static Place> {
        let mut buf = String::new();
        let place = self
            .scope
            .place(c, target, target.contains('$'), &mut buf)?;
        place.exec_place(self.scope.fold)
    }

    /// The place behind `label` when `c` writes to one.
    fn place_labelled(&self, c: &SimpleCommand, label: &str) -> Option<&'static Place> {
        written_files(c)
            .iter()
            .filter_map(|t| self.protected(c, t))
            .find(|p| p.label == label)
    }

    /// `c` runs a file an earlier command of the line downloaded (`curl -o x.sh URL && sh
    /// x.sh`); a download whose name is unknown matches every script run after it.
    fn runs_download(&self, index: usize, c: &SimpleCommand) -> bool {
        if self.downloads.is_empty() {
            return false;
        }
        let Some(file) = executed_file(c) else {
            return false;
        };
        let file = super::basename(file);
        self.downloads.iter().any(|(at, saved)| {
            *at < index
                && saved
                    .as_deref()
                    .map_or(true, |s| super::basename(s) == file)
        })
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
fn privileged(w: &super::Wrapper) -> bool {
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

/// Sibling pipeline stages after `c`.
fn later_stages<'c>(
    cmds: &'c [SimpleCommand],
    c: &'c SimpleCommand,
) -> impl Iterator<Item = &'c SimpleCommand> {
    cmds.iter()
        .filter(move |d| c.pipeline != usize::MAX && d.pipeline == c.pipeline && d.stage > c.stage)
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

/// Files a command writes: redirection targets, `tee` operands, the target of `cp`/`mv`/
/// `install`/`ln`/`rsync`/`scp`, `dd of=`, `sed -i`/`perl -i`/`truncate` operands, a
/// fetcher's output file (in its `--output-dir`), the file `git config` changes, what an
/// extraction writes ([`writes`]). (Borrowed from the command where it names them as written.)
#[inline(never)]
fn written_files(c: &SimpleCommand) -> Vec<Cow<'_, str>> {
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
                let base = super::basename(source.trim_end_matches('/'));
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
        names::GIT => out.extend(writes::git_config(c).map(Cow::Owned)),
        _ if is_fetcher(key, name) => {
            let dir = writes::output_dir(c).map(|d| d.trim_end_matches('/'));
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
        _ => out.extend(writes::extracted(c).into_iter().map(Cow::Owned)),
    }
    out
}

/// Appends `s` (one shared call, see [`add_label`]).
#[inline(never)]
fn push_copy<'c>(out: &mut Vec<Cow<'c, str>>, s: &'c str) {
    out.push(Cow::Borrowed(s));
}

/// Appends a saved file (one shared call, see [`add_label`]).
#[inline(never)]
fn push_saved(out: &mut Vec<Option<String>>, file: Option<String>) {
    out.push(file);
}

/// The files a fetcher saves (`curl -o F`, `curl -O URL`, `wget URL`, `wget -O F`,
/// `aria2c -o F`, `> F`); `None` for a file whose name cannot be known.
fn saved_files(c: &SimpleCommand) -> Vec<Option<String>> {
    let mut out = Vec::new();
    let words = &c.words;
    let name = c.name().unwrap_or("");
    let wget = name == "wget";
    let (mut named_output, mut remote_name) = (false, wget || name == "aria2c");
    // `wget -P ~`, `curl --output-dir ~/.ssh -O`: where remote names land
    let mut dir: Option<Option<String>> = None;
    let mut i = 1;
    let mut urls: Vec<(usize, &String)> = Vec::new();
    while let Some(w) = words.get(i) {
        let value = |at: usize| -> Option<String> {
            let v = words.get(at)?;
            (v != "-").then(|| v.clone()).filter(|_| !c.is_dynamic(at))
        };
        if let Some(long) = w.strip_prefix("--") {
            let (opt, attached) = long
                .split_once('=')
                .map_or((long, None), |(o, v)| (o, Some(v)));
            if matches!(opt, "directory-prefix" | "output-dir" | "dir") {
                dir = Some(match attached {
                    Some(v) => (!v.contains('$') || v.starts_with("$HOME")).then(|| v.to_string()),
                    None => {
                        i += 1;
                        value(i)
                    }
                });
            } else if matches!(opt, "output" | "output-document" | "out") {
                named_output = true;
                match attached {
                    Some(v) if v != "-" => {
                        push_saved(&mut out, (!v.contains('$')).then(|| v.to_string()))
                    }
                    Some(_) => {}
                    None => {
                        push_saved(&mut out, value(i + 1));
                        i += 1;
                    }
                }
            } else if matches!(opt, "remote-name" | "remote-name-all") {
                remote_name = true;
            } else if opt == "input-file"
                || opt == "remote-header-name"
                || opt == "content-disposition"
            {
                push_saved(&mut out, None);
            }
        } else if let Some(letters) = w.strip_prefix('-').filter(|l| !l.is_empty()) {
            let out_letter = if wget { b'O' } else { b'o' };
            for (j, b) in letters.bytes().enumerate() {
                if wget && b == b'P' {
                    let rest = &letters[j + 1..];
                    dir = Some(if rest.is_empty() {
                        i += 1;
                        value(i)
                    } else {
                        Some(rest.to_string())
                    });
                    break;
                }
                if b == out_letter {
                    named_output = true;
                    let rest = &letters[j + 1..];
                    if rest.is_empty() {
                        if let Some(v) = value(i + 1) {
                            push_saved(&mut out, Some(v));
                        } else if words.get(i + 1).is_some_and(|v| v != "-") {
                            push_saved(&mut out, None);
                        }
                        i += 1;
                    } else if rest != "-" {
                        push_saved(&mut out, Some(rest.to_string()));
                    }
                    break;
                }
                if b == b'O' && !wget {
                    remote_name = true;
                }
                // `curl -J`: the server names the file
                if b == b'J' && !wget {
                    push_saved(&mut out, None);
                }
                if wget && b == b'i' {
                    push_saved(&mut out, None);
                }
            }
        } else {
            urls.push((i, w));
        }
        i += 1;
    }
    if remote_name && !named_output {
        for (at, url) in urls {
            let path = url.split(['?', '#']).next().unwrap_or("");
            let file = path.rsplit('/').next().filter(|f| !f.is_empty());
            let file = file.filter(|_| !c.is_dynamic(at));
            let saved = match &dir {
                None => file.map(String::from),
                Some(None) => None,
                Some(Some(d)) => file.map(|f| format!("{}/{f}", d.trim_end_matches('/'))),
            };
            push_saved(&mut out, saved);
        }
    }
    for r in c.redirects.iter().filter(|r| r.writes_file()) {
        push_saved(&mut out, (!r.dynamic).then(|| r.target.clone()));
    }
    out
}

/// Operands of a command (words after options; everything after `--`).
fn operands(args: &[String]) -> Vec<&String> {
    let mut options = true;
    let mut out = Vec::new();
    for w in args {
        if options && w == "--" {
            options = false;
        } else if !(options && w.len() > 1 && w.starts_with('-')) {
            out.push(w);
        }
    }
    out
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

fn disk_write(key: names::Key, args: &[String]) -> bool {
    match key {
        names::DD => args
            .iter()
            .filter_map(|w| w.strip_prefix("of="))
            .any(|t| normalise(t).starts_with("/dev/") && !harmless_device(t)),
        names::SHRED => operands(args)
            .iter()
            .any(|w| normalise(w).starts_with("/dev/") && !harmless_device(w)),
        names::WIPEFS => true,
        // `ddrescue -f IN OUT`: the output is overwritten
        _ if key == DDRESCUE => operands(args).last().is_some_and(|w| disk_device(w)),
        // macOS's disk utility erasing or repartitioning a disk
        _ if key == DISKUTIL => operands(args).iter().any(|w| {
            let w = w.to_ascii_lowercase();
            w.starts_with("erase")
                || w.starts_with("zero")
                || w.starts_with("secureerase")
                || w.starts_with("partitiondisk")
                || w.starts_with("delete")
                || w == "reformat"
        }),
        names::TEE | names::CP | names::MV | names::INSTALL => {
            operands(args).iter().any(|w| disk_device(w))
        }
        _ => key == names::BLKDISCARD || partition_edit(key, args),
    }
}

const DDRESCUE: names::Key = names::folded_key("ddrescue");
const DISKUTIL: names::Key = names::folded_key("diskutil");

/// A partition-table editor given a disk and not asked only to list or check (`fdisk -l`,
/// `sfdisk -d`, `sgdisk -p`, `parted /dev/sda print`).
fn partition_edit(key: names::Key, args: &[String]) -> bool {
    const LISTING: &[&str] = &[
        // not `-s` (parted's script mode), `-d` (sgdisk's delete) or `-L` (fdisk's colour)
        "-l",
        "--list",
        "-p",
        "--print",
        "print",
        "--dump",
        "--show-size",
        "-J",
        "--json",
        "-v",
        "-V",
        "--verify",
        "-i",
        "--info",
        "-O",
        "--print-mbr",
        "--list-types",
        "--list-free",
        "-h",
        "--help",
        "--version",
        "help",
        "version",
    ];
    matches!(
        key,
        names::SGDISK
            | names::PARTED
            | names::FDISK
            | names::SFDISK
            | names::GDISK
            | names::CFDISK
            | names::CGDISK
    ) && args.iter().any(|w| disk_device(w))
        && !args.iter().any(|w| LISTING.contains(&w.as_str()))
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

/// A downloader, from the program table (`curl`, `wget`, `aria2c`, `xh`, …).
/// `key` is `name`'s [`names::folded_key`].
fn is_fetcher(key: names::Key, name: &str) -> bool {
    programs::is_fetcher_key(key)
        // `curl.exe`, `wget2`: the table's spellings, searched only for such names (a table
        // entry that is no fetcher is found as itself, so the search answers no for it)
        || (name.bytes().any(|b| b == b'.' || b.is_ascii_digit())
            && programs::lookup_folded(name).is_some_and(|p| p.is_fetcher()))
}

/// The interpreter reads its program from stdin (no script operand, no `-c`/`-e`/`-m`).
fn reads_program_from_stdin(c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let key = names::folded_key(name);
    if wrappers::is_shell_key(key) {
        // `bash /dev/stdin` names stdin as its script
        return wrappers::shell_reads_stdin(&c.words) || executed_file(c).is_some_and(is_stdin);
    }
    if matches!(key, names::SOURCE | names::DOT) {
        return c.words.get(1).is_some_and(|w| is_stdin(w) || w == "-");
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
    !program_flag && operands(args).iter().all(|w| *w == "-" || is_stdin(w))
}

fn is_stdin(path: &str) -> bool {
    matches!(
        normalise(path).as_str(),
        "/dev/stdin" | "/proc/self/fd/0" | "/dev/fd/0"
    )
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

/// `pkill`/`killall` selecting every process (of a user): no name, only `-u`/`-U`/`-g`/`-s`
/// selection, or a pattern every command line matches (`pkill -f .`, `killall -r '.*'`).
fn kills_all(args: &[String]) -> bool {
    let mut pattern = None;
    let mut selects = false;
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        match w.as_str() {
            "-u" | "-U" | "-g" | "-G" | "-s" | "-P" | "-t" | "--user" | "--uid" | "--group"
            | "--session" | "--parent" | "--terminal" => {
                selects = true;
                i += 1;
            }
            "-signal" | "--signal" | "-n" | "-o" | "-O" | "--older-than" | "--younger-than" => {
                i += 1
            }
            _ if w.starts_with('-') => {}
            _ => pattern = Some(w.as_str()),
        }
    }
    match pattern {
        None => selects,
        Some(p) => p.is_empty() || p.bytes().all(|b| b"^$.*+?".contains(&b)),
    }
}

fn shutdown(key: names::Key, name: &str, args: &[String]) -> bool {
    match key {
        names::SHUTDOWN => !args.iter().any(|w| w == "-c" || w == "--help"),
        names::REBOOT | names::HALT | names::POWEROFF => !args.iter().any(|w| w == "--help"),
        names::INIT | names::TELINIT => args.first().is_some_and(|w| w == "0" || w == "6"),
        _ if name == "systemctl" => operands(args)
            .into_iter()
            .next()
            .is_some_and(|w| matches!(w.as_str(), "poweroff" | "reboot" | "halt" | "kexec")),
        _ => false,
    }
}

/// git push's long options (git accepts any unambiguous prefix of one) and whether each
/// takes a separate value (`--repo origin`).
const PUSH_OPTIONS: &[(&str, PushOption)] = &[
    ("all", PushOption::Plain),
    ("atomic", PushOption::Plain),
    ("branches", PushOption::Plain),
    ("delete", PushOption::Deletes),
    ("dry-run", PushOption::Plain),
    ("exec", PushOption::Value),
    ("follow-tags", PushOption::Plain),
    ("force", PushOption::Forces),
    ("force-if-includes", PushOption::Plain),
    ("force-with-lease", PushOption::Forces),
    ("ipv4", PushOption::Plain),
    ("ipv6", PushOption::Plain),
    ("mirror", PushOption::Forces),
    ("porcelain", PushOption::Plain),
    ("progress", PushOption::Plain),
    ("prune", PushOption::Deletes),
    ("push-option", PushOption::Value),
    ("quiet", PushOption::Plain),
    ("receive-pack", PushOption::Value),
    ("recurse-submodules", PushOption::Value),
    ("repo", PushOption::Value),
    ("set-upstream", PushOption::Plain),
    ("signed", PushOption::Plain),
    ("tags", PushOption::Plain),
    ("thin", PushOption::Plain),
    ("verbose", PushOption::Plain),
    ("verify", PushOption::Plain),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PushOption {
    Plain,
    Value,
    Forces,
    Deletes,
}

/// `force-push` or `remote-branch-delete` for a `git … push …`.
fn git_push(args: &[String]) -> Option<&'static str> {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        match w.as_str() {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env"
            | "--exec-path" | "--super-prefix" => i += 2,
            _ if w.starts_with('-') => i += 1,
            _ => break,
        }
    }
    if args.get(i).map(String::as_str) != Some("push") {
        return None;
    }
    let (mut forces, mut deletes) = (false, false);
    let mut options = true;
    let mut j = i + 1;
    while let Some(w) = args.get(j) {
        j += 1;
        if options && w == "--" {
            options = false;
        } else if let Some(long) = w.strip_prefix("--").filter(|_| options) {
            let (name, attached) = long
                .split_once('=')
                .map_or((long, false), |(n, _)| (n, true));
            if name.starts_with("no-") {
                continue;
            }
            // an exact name wins; an ambiguous prefix is an error in git, judged by its worst
            let exact = PUSH_OPTIONS.iter().any(|(n, _)| *n == name);
            let (mut matched, mut value) = (0, false);
            for (n, kind) in PUSH_OPTIONS {
                if !name.is_empty() && (*n == name || (!exact && n.starts_with(name))) {
                    matched += 1;
                    forces |= *kind == PushOption::Forces;
                    deletes |= *kind == PushOption::Deletes;
                    value = *kind == PushOption::Value;
                }
            }
            if matched == 1 && value && !attached {
                j += 1;
            }
        } else if options && w.len() > 1 && w.starts_with('-') {
            for (k, b) in w.bytes().enumerate().skip(1) {
                match b {
                    b'f' => forces = true,
                    b'd' => deletes = true,
                    b'o' => {
                        if k + 1 == w.len() {
                            j += 1;
                        }
                        break;
                    }
                    _ => {}
                }
            }
        } else {
            // the repository, then refspecs: `+src:dst` forces, `:dst` deletes
            forces |= w.starts_with('+');
            deletes |= w.len() > 1 && w.starts_with(':');
        }
    }
    if forces {
        Some("force-push")
    } else if deletes {
        Some("remote-branch-delete")
    } else {
        None
    }
}
