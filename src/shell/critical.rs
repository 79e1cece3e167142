//! Critical commands: the ones that prompt in every mode but `unattended`. Judged on parsed
//! commands (wrappers peeled, quotes removed), so quoted text is never a command and
//! `sudo rm -rf /` is `rm -rf /`. Targets are resolved against the tracked directory and the
//! workspace roots (see [`targets`]): from the root `/ws`, `rm -rf ../*` is `rm -rf /*`.
//!
//! The labels, one line of doc each, are one table: [`labels::LABELS`]. A command gets the
//! label of each place it writes to (see [`crate::exec_places`]), then the label of each
//! detector in [`DETECTORS`] that fires, in that order; the first is the verdict's. The
//! detectors live by family: [`delete`], [`disk`], [`remote`] and [`remote_shell`],
//! [`system`], [`host_kill`] and [`host_mount`], [`git`], [`writes`], [`windows`].
//!
//! Root-like targets: `/`, `/*`, a top-level directory (`/usr`, `/usr/`, `/usr/*`), a home
//! (`~`, `~/`, `~/*`, `~/.*`, `~user`, `$HOME`, `/home/x`, `/root`, `/home/*`), a drive root or
//! top-level directory (`C:\`, `C:/`, `C:\Windows`), and whatever `..` normalises to one.
//! Targets `find -exec rm {}` and `xargs rm` receive come from `find`'s start points (a test
//! such as `-name` narrows them), from `echo`/`printf` words or `ls`, and are unknown when
//! read from a file or an unknown command.

mod delete;
mod disk;
mod git;
mod host_kill;
mod host_mount;
pub mod labels;
mod remote;
mod remote_shell;
mod system;
mod targets;
mod windows;
mod writes;

use std::cell::{Cell, OnceCell};

use super::wrappers::{executed_file, runs_input};
use super::{names, Analysis, SimpleCommand};
use crate::exec_places::Place;
pub use disk::disk_device;
use remote::reads_program_from_stdin;
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

/// A detector: the label it gives, and whether it gives it to a command of the line (told the
/// label, so that one function serves the labels of one reading: how far a delete reaches,
/// what a push does, a Windows command's label).
type Detector = (&'static str, fn(&Line<'_>, &Cmd<'_>, &str) -> bool);

/// The detectors, in the order their labels are given (after the places a command writes
/// to); a label already given is not looked for again. The first, a redirection to a disk, is
/// the only one a command with no words (only redirections) can get.
#[rustfmt::skip]
const DETECTORS: &[Detector] = &[
    ("disk-write", disk::redirected),
    ("recursive-delete-root", delete::reaches),
    ("workspace-delete", delete::reaches),
    ("recursive-delete-unknown", delete::reaches),
    ("sudo-rm", delete::privileged_rm),
    ("move-root", delete::moves_root),
    ("recursive-chmod-root", delete::chmod_root),
    ("recursive-chown-root", delete::chown_root),
    ("fork-bomb", system::fork_bomb),
    ("disk-write", disk::writes_disk),
    ("mkfs", disk::mkfs),
    ("crontab-write", system::crontab),
    ("remote-code-exec", remote::runs_remote_code),
    ("opaque-code-exec", remote::runs_opaque_code),
    ("kill-init", system::kills_init),
    ("shutdown", system::shutdown),
    ("extract-root", writes::extracts_to_root),
    ("remote-shell", remote::hands_shell_out),
    ("kill-host", system::kills_host),
    ("host-mount", host_mount::detect),
    ("force-push", git::push),
    ("remote-branch-delete", git::push),
    ("shadow-copy-delete", windows::gives),
    ("boot-config-write", windows::gives),
    ("disk-write", windows::gives),
    ("startup-file-write", windows::gives),
    ("crontab-write", windows::gives),
    ("encoded-command", windows::gives),
];

/// One command line being judged: its commands, the roots, what it downloads.
struct Line<'a> {
    cmds: &'a [SimpleCommand],
    scope: Scope<'a>,
    /// (index of the fetcher, file it saves: `None` when its name cannot be known).
    downloads: Vec<(usize, Option<String>)>,
}

/// One command being judged, with what most detectors read first.
struct Cmd<'c> {
    index: usize,
    c: &'c SimpleCommand,
    /// [`SimpleCommand::name`]; empty for a command with no words (only redirections).
    name: &'c str,
    /// `name`'s [`names::folded_key`]: names compared as integers, on every command.
    key: names::Key,
    args: &'c [String],
    /// How far it deletes, computed once for the three delete labels.
    deletes: Cell<Option<Reach>>,
    /// Its Windows-only label, computed once for the Windows detectors.
    windows: OnceCell<Option<&'static str>>,
}

impl<'a> Line<'a> {
    fn new(analysis: &'a Analysis, scope: Scope<'a>) -> Line<'a> {
        let cmds = &analysis.commands;
        Line {
            cmds,
            scope,
            downloads: remote::downloads(cmds),
        }
    }

    #[inline(never)]
    fn labels(&self, index: usize, c: &SimpleCommand) -> Vec<&'static str> {
        let mut labels = Vec::new();
        for target in writes::written_files(c) {
            let Some(place) = self.protected(c, &target) else {
                continue;
            };
            // a disk is labelled `disk-write` below
            if !labels.contains(&place.label)
                && (place.label != "device-write" || !disk::disk_device(&target))
            {
                add_label(&mut labels, place.label);
            }
        }
        let named = c.name().is_some();
        let name = c.name().unwrap_or("");
        let cmd = Cmd {
            index,
            c,
            name,
            key: names::folded_key(name),
            args: c.words.get(1..).unwrap_or(&[]),
            deletes: Cell::new(None),
            windows: OnceCell::new(),
        };
        for (label, detect) in DETECTORS {
            // (most commands have no label: no scan of an empty list)
            let given = !labels.is_empty() && labels.contains(label);
            if !given && detect(self, &cmd, label) {
                debug_assert!(labels::listed(label), "{label} is not in labels::LABELS");
                add_label(&mut labels, label);
            }
            // only a redirection to a disk is critical in a command that runs nothing
            if !named {
                break;
            }
        }
        labels
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
        writes::written_files(c)
            .iter()
            .filter_map(|t| self.protected(c, t))
            .find(|p| p.label == label)
    }
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

#[cfg(test)]
mod tests {
    use super::{labels, DETECTORS};
    use crate::exec_places::{IGNORE_FILE, PLACES};

    /// Every label a detector or a place gives, and nothing else.
    fn given() -> Vec<&'static str> {
        let places = PLACES.iter().chain([&IGNORE_FILE]).map(|p| p.label);
        DETECTORS.iter().map(|(l, _)| *l).chain(places).collect()
    }

    #[test]
    fn every_label_given_is_in_the_table() {
        for label in given() {
            assert!(labels::listed(label), "{label} is not in labels::LABELS");
        }
    }

    #[test]
    fn every_label_in_the_table_is_given_once_listed() {
        let given = given();
        for (i, (label, doc)) in labels::LABELS.iter().enumerate() {
            assert!(
                given.contains(label),
                "{label} is listed but nothing gives it"
            );
            assert!(!doc.is_empty(), "{label} has no doc");
            assert!(
                !labels::LABELS[..i].iter().any(|(l, _)| l == label),
                "{label} is listed twice"
            );
        }
    }
}
