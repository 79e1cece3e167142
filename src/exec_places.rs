//! Places where a write grants execution or widens the gate: a git hook, an editor's or an
//! agent's settings, a shell start-up file, the system's configuration. Whatever tool makes
//! the write (a file tool, a patch, a shell redirection, `cp`, `git config`, a download), it
//! asks in every mode but `unattended` (see `engine::order`, step 4), because an
//! auto-approved edit that lands here is code execution, or a wider gate, with no prompt.
//!
//! One table, [`PLACES`], with a family each ([`Family`]). A place is matched on the
//! components of a lexically normalised path:
//! * [`At::Anywhere`]: the last components, in any directory (`.git/hooks/x` in any
//!   repository, `.vscode/settings.json` in any folder);
//! * [`At::Home`]: below a home directory (`~/x`, `/home/u/x`, `/Users/u/x`, `/root/x`,
//!   `C:/Users/u/x`);
//! * [`At::Root`]: from the file system's root (`/etc/…`; macOS's `/private/etc` is `/etc`).
//!
//! Pattern components: a name; `*` (any one component); `pre*`, `*.ext` (a name that starts
//! or ends so); `**` last (the place itself or anything below it). Names compare
//! ASCII-case-insensitively when the platform folds case.
//!
//! Not in the table, on purpose: files that are the project's own content, reviewed in its
//! diffs and run only when someone runs them (`Makefile`, `package.json`, CI workflows,
//! `.pre-commit-config.yaml`, `.devcontainer/`, `.gitattributes`), and `.envrc` (direnv runs
//! a changed one only after `direnv allow`). See docs/security.md, "Writes that grant execution".

/// What a write to a place grants; docs/security.md lists the families.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Git hooks and git's configuration: git runs them on commit, checkout, status, push.
    VersionControl,
    /// Editors' and agents' settings, tasks, MCP servers, hooks and rules.
    EditorsAndAgents,
    /// What runs when a shell, a login, a session or an interpreter starts; who may log in.
    StartupAndUserConfig,
    /// The system: `/etc`, sudoers, cron, systemd, devices, the kernel's triggers.
    System,
    /// toolgate's own ignore file and the files it includes.
    Gate,
}

impl Family {
    /// Stable label.
    pub fn label(self) -> &'static str {
        match self {
            Family::VersionControl => "version-control",
            Family::EditorsAndAgents => "editors-and-agents",
            Family::StartupAndUserConfig => "startup-and-user-config",
            Family::System => "system",
            Family::Gate => "gate",
        }
    }

    /// Why a write there is never an ordinary edit.
    pub fn why(self) -> &'static str {
        match self {
            Family::VersionControl => "git runs what it holds on its next commit, checkout, status or push",
            Family::EditorsAndAgents => {
                "it can run commands, start servers or widen what an editor or an agent approves"
            }
            Family::StartupAndUserConfig => {
                "it runs at the next shell, login, session or interpreter start, or decides who may log in"
            }
            Family::System => "it configures the whole system or writes to a device",
            Family::Gate => "it decides what toolgate blocks",
        }
    }
}

/// Where a pattern is anchored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    Anywhere,
    Home,
    Root,
}

/// One row of the table.
#[derive(Debug, PartialEq, Eq)]
pub struct Place {
    pub family: Family,
    /// The critical label a write here carries (stable; shared with the shell's critical
    /// commands, so `> ~/.bashrc` and `write_to_file ~/.bashrc` carry the same one).
    pub label: &'static str,
    /// The text a rule must spell out to allow a write here on purpose (see
    /// [`Place::named_by`]); empty when no rule can.
    pub marker: &'static str,
    pub at: At,
    /// The components, `/`-separated (one string per row: a slice of them is a pointer each).
    pub pattern: &'static str,
}

impl Place {
    /// Whether `rule` (a rule's text) names this place: it spells out the marker (in the
    /// platform's case when it folds case). A rule such as `execute_command(cp *)` or
    /// `write_to_file(**)` never does.
    pub fn named_by(&self, rule: &str, fold: bool) -> bool {
        let marker = self.marker;
        if marker.is_empty() {
            return false;
        }
        if fold {
            let (rule, marker) = (rule.to_ascii_lowercase(), marker.to_ascii_lowercase());
            rule.contains(&marker)
        } else {
            rule.contains(marker)
        }
    }
}

/// The ignore file and the files it `!include`s (the engine knows their names).
pub const IGNORE_FILE: Place = Place {
    family: Family::Gate,
    label: "ignore-file-write",
    marker: "",
    at: At::Anywhere,
    pattern: "",
};

const fn row(
    family: Family,
    label: &'static str,
    marker: &'static str,
    at: At,
    pattern: &'static str,
) -> Place {
    Place {
        family,
        label,
        marker,
        at,
        pattern,
    }
}

use At::{Anywhere, Home, Root};
use Family::{
    EditorsAndAgents as Agents, StartupAndUserConfig as Startup, System, VersionControl as Vcs,
};

/// Every place, first match wins (specific rows before the catch-all `/etc/**`).
#[rustfmt::skip]
pub const PLACES: &[Place] = &[
    // version control
    row(Vcs, "git-hook-write", ".git/hooks", Anywhere, ".git/hooks/**"),
    row(Vcs, "git-config-write", ".git/config", Anywhere, ".git/config"),
    row(Vcs, "git-config-write", ".git/modules", Anywhere, ".git/modules/**"),
    // editors and agents
    row(Agents, "editor-config-write", ".vscode/settings.json", Anywhere, ".vscode/settings.json"),
    row(Agents, "editor-config-write", ".vscode/tasks.json", Anywhere, ".vscode/tasks.json"),
    row(Agents, "editor-config-write", ".vscode/launch.json", Anywhere, ".vscode/launch.json"),
    row(Agents, "agent-config-write", ".vscode/mcp.json", Anywhere, ".vscode/mcp.json"),
    row(Agents, "editor-config-write", ".code-workspace", Anywhere, "*.code-workspace"),
    row(Agents, "editor-config-write", "User/settings.json", Anywhere, "Code/User/settings.json"),
    row(Agents, "editor-config-write", "User/tasks.json", Anywhere, "Code/User/tasks.json"),
    row(Agents, "agent-config-write", "User/mcp.json", Anywhere, "Code/User/mcp.json"),
    row(Agents, "editor-config-write", "User/settings.json", Anywhere, "Cursor/User/settings.json"),
    row(Agents, "agent-config-write", ".claude/settings.json", Anywhere, ".claude/settings.json"),
    row(Agents, "agent-config-write", ".claude/settings.local.json", Anywhere, ".claude/settings.local.json"),
    row(Agents, "agent-config-write", ".claude/hooks", Anywhere, ".claude/hooks/**"),
    row(Agents, "agent-config-write", "claude_desktop_config.json", Anywhere, "claude_desktop_config.json"),
    row(Agents, "agent-config-write", "mcp_config.json", Anywhere, "windsurf/mcp_config.json"),
    row(Agents, "agent-config-write", ".claude.json", Home, ".claude.json"),
    row(Agents, "agent-config-write", ".mcp.json", Anywhere, ".mcp.json"),
    row(Agents, "agent-config-write", ".cursor/mcp.json", Anywhere, ".cursor/mcp.json"),
    row(Agents, "agent-config-write", ".gemini/settings.json", Anywhere, ".gemini/settings.json"),
    row(Agents, "agent-config-write", ".codex/config.toml", Anywhere, ".codex/config.toml"),
    row(Agents, "agent-config-write", ".clinerules", Anywhere, ".clinerules/**"),
    row(Agents, "agent-config-write", "cline_mcp_settings.json", Anywhere, "cline_mcp_settings.json"),
    row(Agents, "agent-config-write", "Documents/Cline", Home, "Documents/Cline/**"),
    // shell start-up and user configuration
    row(Startup, "startup-file-write", ".bashrc", Home, ".bashrc"),
    row(Startup, "startup-file-write", ".bash_profile", Home, ".bash_profile"),
    row(Startup, "startup-file-write", ".bash_login", Home, ".bash_login"),
    row(Startup, "startup-file-write", ".bash_logout", Home, ".bash_logout"),
    row(Startup, "startup-file-write", ".bash_aliases", Home, ".bash_aliases"),
    row(Startup, "startup-file-write", ".profile", Home, ".profile"),
    row(Startup, "startup-file-write", ".zshrc", Home, ".zshrc"),
    row(Startup, "startup-file-write", ".zshenv", Home, ".zshenv"),
    row(Startup, "startup-file-write", ".zprofile", Home, ".zprofile"),
    row(Startup, "startup-file-write", ".zlogin", Home, ".zlogin"),
    row(Startup, "startup-file-write", ".zlogout", Home, ".zlogout"),
    row(Startup, "startup-file-write", ".kshrc", Home, ".kshrc"),
    row(Startup, "startup-file-write", ".mkshrc", Home, ".mkshrc"),
    row(Startup, "startup-file-write", ".cshrc", Home, ".cshrc"),
    row(Startup, "startup-file-write", ".tcshrc", Home, ".tcshrc"),
    row(Startup, "startup-file-write", ".login", Home, ".login"),
    row(Startup, "startup-file-write", ".xprofile", Home, ".xprofile"),
    row(Startup, "startup-file-write", ".xinitrc", Home, ".xinitrc"),
    row(Startup, "startup-file-write", ".xsession", Home, ".xsession"),
    row(Startup, "startup-file-write", ".vimrc", Home, ".vimrc"),
    row(Startup, "startup-file-write", ".config/nvim", Home, ".config/nvim/**"),
    row(Startup, "startup-file-write", ".emacs", Home, ".emacs"),
    row(Startup, "startup-file-write", ".emacs.d/init.el", Home, ".emacs.d/init.el"),
    row(Startup, "startup-file-write", ".tmux.conf", Home, ".tmux.conf"),
    row(Startup, "startup-file-write", ".config/fish", Home, ".config/fish/**"),
    row(Startup, "startup-file-write", "profile.ps1", Anywhere, "PowerShell/*profile.ps1"),
    row(Startup, "startup-file-write", "profile.ps1", Anywhere, "WindowsPowerShell/*profile.ps1"),
    row(Startup, "startup-file-write", "Startup", Anywhere, "Start Menu/Programs/Startup/**"),
    row(Startup, "auth-file-write", "authorized_keys", Home, ".ssh/authorized_keys*"),
    row(Startup, "startup-file-write", ".ssh/rc", Home, ".ssh/rc"),
    row(Startup, "user-config-write", ".ssh/config", Home, ".ssh/config"),
    row(Startup, "git-config-write", ".gitconfig", Home, ".gitconfig"),
    row(Startup, "user-config-write", ".aws/config", Home, ".aws/config"),
    row(Startup, "user-config-write", ".kube/config", Home, ".kube/config"),
    row(Startup, "user-config-write", ".docker/config.json", Home, ".docker/config.json"),
    row(Startup, "user-config-write", ".npmrc", Home, ".npmrc"),
    row(Startup, "git-config-write", ".config/git", Home, ".config/git/**"),
    row(Startup, "autostart-write", ".config/autostart", Home, ".config/autostart/**"),
    row(Startup, "autostart-write", "systemd/user", Home, ".config/systemd/user/**"),
    row(Startup, "autostart-write", "LaunchAgents", Home, "Library/LaunchAgents/**"),
    row(Startup, "autostart-write", ".pth", Anywhere, "site-packages/*.pth"),
    row(Startup, "autostart-write", ".pth", Anywhere, "dist-packages/*.pth"),
    row(Startup, "autostart-write", "usercustomize.py", Anywhere, "site-packages/usercustomize.py"),
    row(Startup, "autostart-write", "sitecustomize.py", Anywhere, "site-packages/sitecustomize.py"),
    // the system
    row(System, "auth-file-write", "/etc/passwd", Root, "etc/passwd"),
    row(System, "auth-file-write", "/etc/shadow", Root, "etc/shadow"),
    row(System, "auth-file-write", "/etc/group", Root, "etc/group"),
    row(System, "auth-file-write", "/etc/gshadow", Root, "etc/gshadow"),
    row(System, "auth-file-write", "/etc/sudoers", Root, "etc/sudoers"),
    row(System, "auth-file-write", "/etc/sudoers.d", Root, "etc/sudoers.d/**"),
    row(System, "startup-file-write", "/etc/profile", Root, "etc/profile"),
    row(System, "startup-file-write", "/etc/profile.d", Root, "etc/profile.d/**"),
    row(System, "startup-file-write", "/etc/bash.bashrc", Root, "etc/bash.bashrc"),
    row(System, "startup-file-write", "/etc/bashrc", Root, "etc/bashrc"),
    row(System, "startup-file-write", "/etc/zshrc", Root, "etc/zshrc"),
    row(System, "startup-file-write", "/etc/zshenv", Root, "etc/zshenv"),
    row(System, "startup-file-write", "/etc/zprofile", Root, "etc/zprofile"),
    row(System, "startup-file-write", "/etc/environment", Root, "etc/environment"),
    row(System, "startup-file-write", "/etc/zsh", Root, "etc/zsh/**"),
    row(System, "crontab-write", "/etc/crontab", Root, "etc/crontab"),
    row(System, "crontab-write", "/etc/cron", Root, "etc/cron.*/**"),
    row(System, "crontab-write", "/var/spool/cron", Root, "var/spool/cron/**"),
    row(System, "sysrq-trigger", "/proc/sysrq-trigger", Root, "proc/sysrq-trigger"),
    row(System, "sysrq-trigger", "/proc/sys/kernel/sysrq", Root, "proc/sys/kernel/sysrq"),
    row(System, "system-file-write", "/proc/sys", Root, "proc/sys/**"),
    row(System, "system-file-write", "/sys", Root, "sys/**"),
    row(System, "service-write", "/lib/systemd", Root, "lib/systemd/**"),
    row(System, "service-write", "/usr/lib/systemd", Root, "usr/lib/systemd/**"),
    row(System, "autostart-write", "/Library/Launch", Root, "Library/LaunchAgents/**"),
    row(System, "autostart-write", "/Library/Launch", Root, "Library/LaunchDaemons/**"),
    row(System, "system-file-write", "/etc/", Root, "etc/**"),
    row(System, "device-write", "/dev/", Root, "dev/**"),
];

/// Devices every program writes to in passing, and bash's `/dev/tcp` and `/dev/udp` (a
/// connection, not a file): never a place.
const HARMLESS_DEVICES: &[&str] = &[
    "null", "zero", "full", "random", "urandom", "stdin", "stdout", "stderr", "tty", "fd", "pts",
    "shm", "ptmx", "tcp", "udp",
];

/// Where a path starts from, as the caller read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `/`: `parts` are absolute.
    Root,
    /// A drive (`C:`): `parts` are below it.
    Drive,
    /// `~`: `parts` are below the home directory.
    Home,
    /// Relative to a directory toolgate does not know: only [`At::Anywhere`] rows apply.
    Relative,
}

/// The place a path written from `anchor` through `parts` (normalised: no `.`, `..` or empty
/// components) lands in, if any.
pub fn find(anchor: Anchor, parts: &[&str], fold: bool) -> Option<&'static Place> {
    let eq = |a: &str, b: &str| {
        if fold {
            a.eq_ignore_ascii_case(b)
        } else {
            a == b
        }
    };
    let home: Option<&[&str]> = match anchor {
        Anchor::Home => Some(parts),
        Anchor::Root => match parts {
            [root, rest @ ..] if eq(root, "root") => Some(rest),
            [home, _, rest @ ..] if eq(home, "home") || eq(home, "Users") => Some(rest),
            // a Windows home as Git Bash (`/c/Users/u`) and WSL (`/mnt/c/Users/u`) spell it
            [drive, users, _, rest @ ..] | [_, drive, users, _, rest @ ..]
                if drive.len() == 1 && eq(users, "Users") =>
            {
                Some(rest)
            }
            _ => None,
        },
        Anchor::Drive => match parts {
            [users, _, rest @ ..] if eq(users, "Users") => Some(rest),
            _ => None,
        },
        Anchor::Relative => None,
    };
    let root: Option<&[&str]> = match (anchor, parts) {
        // macOS reads /etc and /var through /private
        (Anchor::Root, [private, rest @ ..]) if eq(private, "private") => Some(rest),
        (Anchor::Root, _) => Some(parts),
        _ => None,
    };
    let starts = Starts::of(parts, fold);
    PLACES.iter().find(|p| match p.at {
        At::Anywhere => {
            starts.may_match(p.pattern)
                && (0..parts.len()).any(|i| matches(p.pattern, &parts[i..], fold))
        }
        At::Home => home.is_some_and(|w| matches(p.pattern, w, fold)),
        At::Root => root.is_some_and(|w| matches(p.pattern, w, fold) && !harmless(p, w)),
    })
}

/// The first bytes of a path's components (in both cases when folding): a row found
/// anywhere in the path must start with one of them, so most rows are passed over without
/// trying each component.
struct Starts {
    bytes: [bool; 256],
    /// A component is empty: nothing is passed over.
    any: bool,
}

impl Starts {
    fn of(parts: &[&str], fold: bool) -> Starts {
        let mut starts = Starts {
            bytes: [false; 256],
            any: false,
        };
        for part in parts {
            match part.bytes().next() {
                Some(b) => {
                    starts.bytes[b as usize] = true;
                    if fold {
                        starts.bytes[b.to_ascii_lowercase() as usize] = true;
                        starts.bytes[b.to_ascii_uppercase() as usize] = true;
                    }
                }
                None => starts.any = true,
            }
        }
        starts
    }

    /// Whether `pattern` may match the path from one of its components (as [`matches`]
    /// compares the first byte).
    fn may_match(&self, pattern: &str) -> bool {
        match pattern.bytes().next() {
            None | Some(b'*') => true,
            Some(first) => self.any || self.bytes[first as usize],
        }
    }
}

/// `/dev/null` and its kind are written to by everything.
fn harmless(p: &Place, parts: &[&str]) -> bool {
    p.label == "device-write" && parts.get(1).map_or(true, |d| HARMLESS_DEVICES.contains(d))
}

/// Whether `pattern` matches all of `parts`. Bytes and slice patterns, not `split` and
/// `strip_*`: every write's path meets every row here, on the command check's hot path.
fn matches(pattern: &str, parts: &[&str], fold: bool) -> bool {
    if pattern.is_empty() {
        return parts.is_empty();
    }
    // the first byte first: most rows name a component the path's first one cannot be
    let (first, name) = (
        pattern.as_bytes()[0],
        parts.first().and_then(|n| n.bytes().next()),
    );
    if let Some(n) = name {
        if first != b'*' && first != n && !(fold && first.eq_ignore_ascii_case(&n)) {
            return false;
        }
    }
    let mut names = parts.iter();
    let mut rest = pattern;
    loop {
        let (p, tail) = match rest.bytes().position(|b| b == b'/') {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        // `**` comes last: the place itself or anything below it
        if p == "**" {
            return true;
        }
        match names.next() {
            Some(name) if component(p, name, fold) => {}
            _ => return false,
        }
        match tail {
            Some(t) => rest = t,
            None => return names.next().is_none(),
        }
    }
}

fn component(pattern: &str, name: &str, fold: bool) -> bool {
    let eq = |a: &str, b: &str| {
        if fold {
            a.eq_ignore_ascii_case(b)
        } else {
            a == b
        }
    };
    match pattern.as_bytes() {
        b"*" => true,
        [b'*', ..] => {
            let suffix = &pattern[1..];
            name.len() > suffix.len()
                && name
                    .get(name.len() - suffix.len()..)
                    .is_some_and(|t| eq(t, suffix))
        }
        [.., b'*'] => {
            let prefix = &pattern[..pattern.len() - 1];
            name.get(..prefix.len()).is_some_and(|h| eq(h, prefix))
        }
        _ => eq(pattern, name),
    }
}

/// A normalised path, as [`crate::workspace::Resolved::absolute`] spells it (`/`-separated;
/// `~/x`, `/x`, `C:/x`, or relative when there are no roots), as an anchor and components.
pub fn split(path: &str) -> (Anchor, Vec<&str>) {
    let b = path.as_bytes();
    let (anchor, rest) = if let Some(rest) = path.strip_prefix('~') {
        // `~user/x` is another home: still a home
        (Anchor::Home, rest.find('/').map_or("", |i| &rest[i..]))
    } else if b.first() == Some(&b'/') {
        (Anchor::Root, path)
    } else if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' {
        (Anchor::Drive, &path[2..])
    } else {
        (Anchor::Relative, path)
    };
    (anchor, rest.split('/').filter(|c| !c.is_empty()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(path: &str, fold: bool) -> Option<&'static str> {
        let (anchor, parts) = split(path);
        find(anchor, &parts, fold).map(|p| p.label)
    }

    #[test]
    fn places() {
        for (path, fold, want) in [
            (".git/hooks/pre-commit", false, Some("git-hook-write")),
            ("sub/.git/hooks/x", false, Some("git-hook-write")),
            ("/ws/.git/hooks", false, Some("git-hook-write")),
            (".GIT/Hooks/x", true, Some("git-hook-write")),
            (".GIT/Hooks/x", false, None),
            ("C:/ws/.git/config", true, Some("git-config-write")),
            (".git/HEAD", false, None),
            (".github/workflows/ci.yml", false, None),
            ("a.code-workspace", false, Some("editor-config-write")),
            (".code-workspace.md", false, None),
            ("~/.bashrc", false, Some("startup-file-write")),
            ("/home/u/.bashrc", false, Some("startup-file-write")),
            (
                "C:/Users/u/.ssh/authorized_keys2",
                true,
                Some("auth-file-write"),
            ),
            ("dotfiles/.bashrc", false, None),
            ("/private/etc/hosts", false, Some("system-file-write")),
            ("/etc/sudoers.d/x", false, Some("auth-file-write")),
            ("/dev/sda", false, Some("device-write")),
            ("/dev/null", false, None),
            ("/dev/fd/3", false, None),
            ("/dev/tcp/localhost/5432", false, None),
            ("/proc/sysrq-trigger", false, Some("sysrq-trigger")),
            ("/proc/1/status", false, None),
            ("src/main.rs", false, None),
            // a row's first byte compared before the rest, in the platform's case
            ("code/user/settings.json", true, Some("editor-config-write")),
            ("code/user/settings.json", false, None),
            (
                "docs/powershell/Microsoft.PowerShell_profile.ps1",
                true,
                Some("startup-file-write"),
            ),
            ("docs/powershell/profile.ps1", false, None),
            (
                "/usr/lib/python3/site-packages/evil.pth",
                false,
                Some("autostart-write"),
            ),
            ("~other/.bashrc", false, Some("startup-file-write")),
            ("/c/Users/me/.bashrc", false, Some("startup-file-write")),
            (
                "/mnt/c/Users/me/.ssh/config",
                false,
                Some("user-config-write"),
            ),
        ] {
            assert_eq!(label(path, fold), want, "{path} fold={fold}");
        }
    }

    #[test]
    fn a_rule_names_a_place_by_its_marker() {
        let hook = find(Anchor::Relative, &[".git", "hooks", "x"], false).unwrap();
        assert!(hook.named_by("write_to_file(.git/hooks/*)", false));
        assert!(hook.named_by("write_to_file(.GIT/hooks/*)", true));
        assert!(!hook.named_by("write_to_file(.GIT/hooks/*)", false));
        assert!(!hook.named_by("execute_command(cp *)", false));
    }
}
