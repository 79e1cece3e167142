//! `kill-host`: a command that may kill the process running the agent, or the editor around
//! it: agents have ended their own session this way (`pkill node`, `killall Code`,
//! `pkill -f cline`, `kill -9 $PPID`, `taskkill /F /IM node.exe`, `Stop-Process -Name node`).
//! Like a shutdown, it asks.
//!
//! A name pattern may select the host when it could match one of [`HOSTS`]: `pkill` and
//! `pgrep` search a regular expression in the process name, so every literal fragment of the
//! pattern must occur in one host name (`pkill nod` matches `node`); with `-f` in the whole
//! command line, the host's name and arguments, so each fragment in some host name
//! (`pkill -f 'code.*extensionHost'`; `pkill -f "node server.js"` cannot match the host's
//! `node …/cline…`); `killall` compares whole names (a regular expression with `-r`);
//! `taskkill` and `Stop-Process` take names with `*` wildcards.

use super::super::names::{self, folded_key, Key};
use super::super::{Origin, SimpleCommand};

/// Process names of the hosts an agent runs in (lowercase): Node.js (Cline's CLI, Claude
/// Code), the VS Code family and its forks, Electron, the agents themselves.
const HOSTS: &[&str] = &[
    "node",
    "nodejs",
    "code",
    "code-insiders",
    "code-oss",
    "codium",
    "vscodium",
    "code helper",
    "code helper (plugin)",
    "electron",
    "cursor",
    "windsurf",
    "cline",
    "claude",
    "extensionhost",
];

const PGREP: Key = folded_key("pgrep");
const PIDOF: Key = folded_key("pidof");
const TASKKILL: Key = folded_key("taskkill");
const STOP_PROCESS: Key = folded_key("stop-process");
const SPPS: Key = folded_key("spps");
const GET_PROCESS: Key = folded_key("get-process");
const GPS: Key = folded_key("gps");
const POWERSHELL: Key = folded_key("powershell");
const PWSH: Key = folded_key("pwsh");
const OSASCRIPT: Key = folded_key("osascript");
const LOGINCTL: Key = folded_key("loginctl");
const WMIC: Key = folded_key("wmic");
const PS: Key = folded_key("ps");

/// Whether `c` (command `index` of `cmds`) may kill the agent's host.
pub(super) fn detect(cmds: &[SimpleCommand], index: usize, c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let name = name.strip_suffix(".exe").unwrap_or(name);
    let args = c.words.get(1..).unwrap_or(&[]);
    match folded_key(name) {
        names::PKILL => selects_host(args, Matcher::Search),
        names::KILLALL => selects_host(args, Matcher::Whole),
        names::KILL => kills_parent(args) || fed_pids(cmds, index, c),
        TASKKILL => taskkill_host(args),
        STOP_PROCESS | SPPS => powershell_names(args) || fed_pids(cmds, index, c),
        POWERSHELL | PWSH => powershell_command(args),
        OSASCRIPT => quits_editor(args),
        // the user's login session, the host with it
        LOGINCTL => args.iter().any(|w| {
            matches!(
                w.as_str(),
                "terminate-user" | "kill-user" | "terminate-session" | "kill-session"
            )
        }),
        WMIC => {
            let text = args.join(" ").to_ascii_lowercase();
            text.contains("process")
                && (text.contains("delete") || text.contains("terminate"))
                && HOSTS.iter().any(|h| {
                    text.contains(&format!("'{h}.exe'")) || text.contains(&format!("'{h}'"))
                })
        }
        _ => false,
    }
}

/// `powershell -Command "Stop-Process -Name Code"`: the commands of the script, split on
/// `;` and `|` into words (PowerShell's quoting is near enough the shell's for names).
fn powershell_command(args: &[String]) -> bool {
    let at = args.iter().position(|w| {
        let w = w.to_ascii_lowercase();
        w.len() > 1 && "-command".starts_with(&w)
    });
    let Some(script) = at.map(|i| args[i + 1..].join(" ")) else {
        return false;
    };
    let segments: Vec<Vec<String>> = script
        .split([';', '|', '\n'])
        .map(|s| {
            s.split_whitespace()
                .map(|w| w.trim_matches(['"', '\'']).to_string())
                .collect()
        })
        .collect();
    let stops = segments.iter().any(|s| {
        s.first()
            .is_some_and(|n| matches!(folded_key(n), STOP_PROCESS | SPPS))
    });
    segments.iter().any(|s| {
        let rest = s.get(1..).unwrap_or(&[]);
        match s.first().map(|n| folded_key(n)) {
            Some(STOP_PROCESS | SPPS) => powershell_names(rest),
            Some(GET_PROCESS | GPS) => stops && (powershell_names(rest) || first_name(rest)),
            Some(TASKKILL) => taskkill_host(rest),
            _ => false,
        }
    })
}

/// `Get-Process node`: its first operand is a name.
fn first_name(args: &[String]) -> bool {
    args.iter()
        .find(|w| !w.starts_with('-'))
        .is_some_and(|n| may_name_host(n, Matcher::Wildcard))
}

/// AppleScript that quits the editor (`quit app "Visual Studio Code"`, `tell application
/// "Cursor" to quit`).
fn quits_editor(args: &[String]) -> bool {
    args.iter().any(|w| {
        let w = w.to_ascii_lowercase();
        w.contains("quit")
            && w.split('"')
                .skip(1)
                .step_by(2)
                .any(|app| app.contains("visual studio code") || may_name_host(app, Matcher::Whole))
    })
}

#[derive(Clone, Copy, PartialEq)]
enum Matcher {
    /// A regular expression searched in the name (`pkill`, `pgrep`, `killall -r`).
    Search,
    /// One searched in the whole command line (`pkill -f`): the host's name and its
    /// arguments, which may hold the other hosts' names (`code … --type=extensionHost`).
    CommandLine,
    /// The whole name (`killall`, `pidof`).
    Whole,
    /// The whole name with `*` wildcards (`taskkill /IM`, `Stop-Process -Name`).
    Wildcard,
}

/// `kill $PPID` (the shell's parent: the agent's host), `kill 0` (every process of the
/// shell's process group, which a host that did not detach its child shares).
fn kills_parent(args: &[String]) -> bool {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        match w.as_str() {
            "-s" | "-n" | "--signal" => i += 1,
            // this shell's process group (`-$$`), or the caller's (`0`)
            "0" | "-$$" => return true,
            _ if w.contains("$PPID") || w.contains("${PPID}") => return true,
            _ => {}
        }
    }
    false
}

/// Options of `pkill`/`pgrep` (a regular expression searched) that take a value.
const SEARCH_VALUES: &[&str] = &[
    "-d",
    "-g",
    "-G",
    "-P",
    "-r",
    "-s",
    "-t",
    "-u",
    "-U",
    "-F",
    "--signal",
    "--delimiter",
    "--pgroup",
    "--group",
    "--parent",
    "--runstates",
    "--session",
    "--terminal",
    "--euid",
    "--uid",
    "--pidfile",
    "--ns",
    "--nslist",
];

/// Options of `killall`/`pidof` (whole names) that take a value.
const WHOLE_VALUES: &[&str] = &[
    "-o",
    "-y",
    "-n",
    "-s",
    "-u",
    "-Z",
    "--signal",
    "--user",
    "--older-than",
    "--younger-than",
    "--ns",
    "--context",
    "--omit-pid",
];

/// `pkill`/`pgrep`/`killall`/`pidof` arguments: options, then name patterns.
fn selects_host(args: &[String], mut matcher: Matcher) -> bool {
    let values = if matcher == Matcher::Search {
        SEARCH_VALUES
    } else {
        WHOLE_VALUES
    };
    let mut exact = false;
    let mut i = 0;
    let mut patterns = Vec::new();
    while let Some(w) = args.get(i) {
        i += 1;
        match w.as_str() {
            // the children of the shell's parent: the host's other processes
            "-P" | "--parent" if args.get(i).is_some_and(|v| v.contains("PPID")) => return true,
            _ if values.contains(&w.as_str()) => i += 1,
            "-x" | "--exact" => exact = true,
            "-r" | "--regexp" => matcher = Matcher::Search,
            "-f" | "--full" if values == SEARCH_VALUES => matcher = Matcher::CommandLine,
            "-I" | "--ignore-case" => {}
            _ if w.starts_with('-') && w.len() > 1 => {}
            _ => patterns.push(w.as_str()),
        }
    }
    if exact {
        matcher = Matcher::Whole;
    }
    patterns.iter().any(|p| may_name_host(p, matcher))
}

/// Whether a process-name pattern could select a host process.
fn may_name_host(pattern: &str, matcher: Matcher) -> bool {
    // an unknown pattern may be anything
    if pattern.contains('$') || pattern.contains('`') {
        return true;
    }
    let p = pattern.to_ascii_lowercase();
    if matcher != Matcher::Whole && matcher != Matcher::Wildcard && p.contains('|') {
        // alternatives: any of them
        return p.split('|').any(|alt| may_name_host(alt, matcher));
    }
    let p = p.strip_suffix(".exe").unwrap_or(&p);
    match matcher {
        Matcher::Whole => HOSTS.contains(&p),
        Matcher::Wildcard => HOSTS.iter().any(|h| wildcard(p.as_bytes(), h.as_bytes())),
        Matcher::Search | Matcher::CommandLine => {
            // (blanks too: a command line's words are apart in it)
            let meta = |c: char| "^$.*+?()[]{}|\\ ".contains(c);
            let fragments: Vec<&str> = p.split(meta).filter(|f| !f.is_empty()).collect();
            if matcher == Matcher::CommandLine {
                fragments
                    .iter()
                    .all(|f| HOSTS.iter().any(|h| h.contains(f)))
            } else {
                HOSTS
                    .iter()
                    .any(|h| fragments.iter().all(|f| h.contains(f)))
            }
        }
    }
}

/// `*` matches any run, `?` one byte.
fn wildcard(p: &[u8], s: &[u8]) -> bool {
    match (p.first(), s.first()) {
        (None, _) => s.is_empty(),
        (Some(b'*'), _) => wildcard(&p[1..], s) || (!s.is_empty() && wildcard(p, &s[1..])),
        (Some(b'?'), Some(_)) => wildcard(&p[1..], &s[1..]),
        (Some(a), Some(b)) if a == b => wildcard(&p[1..], &s[1..]),
        _ => false,
    }
}

/// `taskkill /IM node.exe`, `/FI "IMAGENAME eq code*"` (options in any case, `-` or `/`).
fn taskkill_host(args: &[String]) -> bool {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        let option = w.trim_start_matches(['/', '-']).to_ascii_lowercase();
        let value = args.get(i).map(|v| v.to_ascii_lowercase());
        match (option.as_str(), value) {
            ("im", Some(v)) => {
                if may_name_host(&v, Matcher::Wildcard) {
                    return true;
                }
                i += 1;
            }
            ("fi", Some(v)) => {
                let mut parts = v.split_whitespace();
                if parts.next() == Some("imagename")
                    && matches!(parts.next(), Some("eq"))
                    && parts
                        .next()
                        .is_some_and(|n| may_name_host(n, Matcher::Wildcard))
                {
                    return true;
                }
                i += 1;
            }
            _ => {}
        }
    }
    false
}

/// `Stop-Process -Name node,code` (any prefix of `-Name`/`-ProcessName`, any case).
fn powershell_names(args: &[String]) -> bool {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        let option = w.to_ascii_lowercase();
        let names = option.strip_prefix('-').is_some_and(|o| {
            !o.is_empty()
                && ("name".starts_with(o) || ("processname".starts_with(o) && o.len() > 1))
        });
        if let (true, Some(v)) = (names, args.get(i)) {
            if v.split(',')
                .any(|n| may_name_host(n.trim(), Matcher::Wildcard))
            {
                return true;
            }
        }
    }
    false
}

/// Process ids produced by an earlier pipeline stage or a `$(…)` of this command that lists
/// host processes: `pgrep node | xargs kill`, `kill $(pidof code)`,
/// `Get-Process node | Stop-Process`.
fn fed_pids(cmds: &[SimpleCommand], index: usize, c: &SimpleCommand) -> bool {
    cmds.iter().enumerate().any(|(j, d)| {
        let feeds = (c.pipeline != usize::MAX && d.pipeline == c.pipeline && d.stage < c.stage)
            || (d.parent == Some(index) && d.origin == Origin::CommandSubstitution);
        if !feeds || j == index {
            return false;
        }
        let Some(name) = d.name() else { return false };
        let args = d.words.get(1..).unwrap_or(&[]);
        match folded_key(name) {
            PGREP => selects_host(args, Matcher::Search),
            PIDOF => selects_host(args, Matcher::Whole),
            // `ps -o ppid= -p $$`: the shell's parent
            PS => args.iter().any(|w| w.contains("ppid")),
            GET_PROCESS | GPS => {
                powershell_names(args)
                    || args
                        .iter()
                        .find(|w| !w.starts_with('-'))
                        .is_some_and(|n| may_name_host(n, Matcher::Wildcard))
            }
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        assert!(may_name_host("node", Matcher::Search));
        assert!(may_name_host("nod", Matcher::Search));
        assert!(may_name_host("^code$", Matcher::Search));
        assert!(may_name_host("Code", Matcher::Whole));
        assert!(may_name_host("node.exe", Matcher::Wildcard));
        assert!(may_name_host("cod*", Matcher::Wildcard));
        assert!(may_name_host("$NAME", Matcher::Whole));
        assert!(!may_name_host("node server.js", Matcher::Search));
        assert!(!may_name_host("vite", Matcher::Search));
        assert!(!may_name_host("nod", Matcher::Whole));
        assert!(!may_name_host("python*", Matcher::Wildcard));
    }
}
