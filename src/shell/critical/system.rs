//! The system: fork bombs, cron jobs (`crontab-write`), killing every process
//! (`kill-init`), `shutdown`.

use super::{operands, Cmd, Line};
use crate::shell::{names, SimpleCommand};

pub(super) fn fork_bomb(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    calls_itself_twice(line.cmds, cmd.c)
}

/// `crontab`: anything but listing installs (a file, `-` for stdin), edits or removes jobs.
pub(super) fn crontab(_: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    let has = |o: &str| cmd.args.iter().any(|w| w == o);
    cmd.key == names::CRONTAB && (!has("-l") || has("-r") || has("-e"))
}

pub(super) fn kills_init(_: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    let (key, args) = (cmd.key, cmd.args);
    (key == names::KILL && kill_init(args))
        || key == names::KILLALL5
        || (matches!(key, names::PKILL | names::KILLALL) && kills_all(args))
}

/// A command that may kill the agent's own host or editor (see [`super::host_kill`]).
pub(super) fn kills_host(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    super::host_kill::detect(line.cmds, cmd.index, cmd.c)
}

pub(super) fn shutdown(_: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    shuts_down(cmd.key, cmd.name, cmd.args)
}

/// A function that calls itself twice, in the background or a pipeline (reported once, on
/// the first self-call).
fn calls_itself_twice(cmds: &[SimpleCommand], c: &SimpleCommand) -> bool {
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

fn shuts_down(key: names::Key, name: &str, args: &[String]) -> bool {
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
