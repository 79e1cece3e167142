//! Critical commands only Windows has, named as the sh ones where the meaning is the same
//! (most Windows commands reach the sh patterns through their POSIX reading: `Remove-Item
//! -Recurse ~` is `rm -r ~`, `format D:` is `mkfs D:`, `irm … | iex` is `curl … | sh`):
//! * `shadow-copy-delete`: `vssadmin delete shadows`, `vssadmin resize shadowstorage`,
//!   `wmic shadowcopy delete`, `wbadmin delete …`, Win32_ShadowCopy objects deleted down a
//!   pipeline (`Get-WmiObject Win32_ShadowCopy | % { $_.Delete() }`, `| Remove-CimInstance`);
//! * `boot-config-write`: `bcdedit` changing the boot configuration (`/set`, `/deletevalue`,
//!   `/delete`, `/import`, …; anything but listing);
//! * `disk-write`: `diskpart`, `cipher /w` (wipes free space);
//! * `startup-file-write`: a registry Run key, Winlogon or Image File Execution Options
//!   written (`reg add HKCU\…\Run`, `Set-ItemProperty HKLM:\…\Run`): code run at every logon;
//! * `crontab-write`: `schtasks /create`, `/change`, `/delete`, `Register-ScheduledTask`,
//!   `Unregister-ScheduledTask`;
//! * `encoded-command`: `powershell -EncodedCommand` (`-e`, `-ec`, `-enc`): what runs is not
//!   what the user reads, whatever the decoded script does.

use super::{Cmd, Line};
use crate::shell::analysis::SimpleCommand;
use crate::shell::windows::program_key;

/// The command's Windows-only label is `want` (computed once per command).
pub(super) fn gives(line: &Line<'_>, cmd: &Cmd<'_>, want: &str) -> bool {
    *cmd.windows.get_or_init(|| label(line.cmds, cmd.c)) == Some(want)
}

fn lower(words: &[String]) -> Vec<String> {
    words.iter().map(|w| w.to_ascii_lowercase()).collect()
}

/// The Windows-only label of `c`, if any (`cmds`: the line's commands, for pipelines).
fn label(cmds: &[SimpleCommand], c: &SimpleCommand) -> Option<&'static str> {
    let name = program_key(c.own_words().first()?);
    // (lowered only for a program with a label here)
    let args = || lower(c.own_words().get(1..).unwrap_or(&[]));
    let has = |w: &str| {
        args().iter().any(|a| {
            a == w
                || a.strip_prefix('-')
                    .is_some_and(|b| w.strip_prefix('/') == Some(b))
        })
    };
    let switch = |a: &String| a.starts_with('/') || a.starts_with('-');
    match name.as_str() {
        "vssadmin" if has("delete") || has("resize") => Some("shadow-copy-delete"),
        "wmic" if args().iter().any(|a| a.contains("shadowcopy")) && has("delete") => {
            Some("shadow-copy-delete")
        }
        "wbadmin" if has("delete") => Some("shadow-copy-delete"),
        "bcdedit"
            if args().iter().any(switch)
                && !args().iter().all(|a| {
                    !switch(a) || matches!(a.as_str(), "/enum" | "/v" | "/?" | "/store")
                }) =>
        {
            Some("boot-config-write")
        }
        "diskpart" if !has("/?") => Some("disk-write"),
        "cipher" if args().iter().any(|a| a.starts_with("/w")) => Some("disk-write"),
        "schtasks" if has("/create") || has("/change") || has("/delete") => Some("crontab-write"),
        "register-scheduledtask" | "unregister-scheduledtask" => Some("crontab-write"),
        "powershell" | "pwsh" if encoded(&args()) => Some("encoded-command"),
        "reg" | "set-itemproperty" | "new-itemproperty" | "remove-itemproperty" | "new-item"
            if (name != "reg"
                || ["add", "delete", "import", "copy", "restore", "load"]
                    .iter()
                    .any(|s| has(s)))
                && args().iter().any(|a| autostart_key(a)) =>
        {
            Some("startup-file-write")
        }
        "remove-ciminstance" | "remove-wmiobject" | "foreach-object"
            if shadow_copies_piped(cmds, c) =>
        {
            Some("shadow-copy-delete")
        }
        _ => None,
    }
}

/// `-EncodedCommand` or one of its spellings among powershell's words.
fn encoded(args: &[String]) -> bool {
    args.iter().any(|a| {
        let p = a.trim_start_matches(['-', '/']);
        a.len() > p.len()
            && (p == "e" || p == "ec" || (p.len() > 1 && "encodedcommand".starts_with(p)))
    })
}

/// A registry key whose values run at logon.
fn autostart_key(word: &str) -> bool {
    let w = word.replace('/', "\\");
    (w.starts_with("hk") || w.contains("registry::"))
        && (w.ends_with("\\run")
            || w.ends_with("\\runonce")
            || w.contains("\\run\\")
            || w.contains("\\runonce\\")
            || w.contains("\\winlogon")
            || w.contains("image file execution options"))
}

/// An earlier stage of `c`'s pipeline lists Win32_ShadowCopy objects (`c` deletes them, or
/// runs a block on each, whose `.Delete()` the analysis does not see as a command).
fn shadow_copies_piped(cmds: &[SimpleCommand], c: &SimpleCommand) -> bool {
    cmds.iter().any(|d| {
        d.pipeline == c.pipeline
            && d.stage < c.stage
            && d.own_words()
                .iter()
                .any(|w| w.to_ascii_lowercase().contains("win32_shadowcopy"))
    })
}
