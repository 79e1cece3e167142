//! Git: `git push` forcing (`force-push`) or deleting a remote branch
//! (`remote-branch-delete`).

use super::{Cmd, Line};
use crate::shell::names;

/// `force-push` or `remote-branch-delete`: what a `git … push …` does.
pub(super) fn push(_: &Line<'_>, cmd: &Cmd<'_>, label: &str) -> bool {
    cmd.key == names::GIT && git_push(cmd.args) == Some(label)
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
