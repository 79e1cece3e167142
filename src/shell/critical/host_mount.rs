//! `host-mount`: a container or sandbox given the host's root, a home or a top-level system
//! directory, writable (`docker run -v /:/host …`, `podman run -v ~:/h …`, `bwrap --bind / /
//! …`): what runs inside can change the host as root would, whatever its own words say.

use super::super::mounts::mounts;
use super::{Cmd, Line};

/// Whether the command mounts a host directory of that kind writable.
pub(super) fn detect(_: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    mounts(cmd.c)
        .iter()
        .any(|m| m.writable && host_wide(m.source))
}

/// `/`, the home (`~`, `$HOME`, a dot directory in it) or a top-level directory of the
/// system or of the homes (`/etc`, `/usr`, `/home`, `/Users`; not `/tmp`, `/data`, `/srv`).
fn host_wide(source: &str) -> bool {
    const TOP: &[&str] = &[
        "bin",
        "boot",
        "dev",
        "etc",
        "home",
        "lib",
        "lib32",
        "lib64",
        "opt",
        "private",
        "proc",
        "root",
        "run",
        "sbin",
        "sys",
        "usr",
        "var",
        "Applications",
        "Library",
        "System",
        "Users",
        "Volumes",
    ];
    let s = source.trim_end_matches('/');
    matches!(s, "" | "~" | "$HOME" | "${HOME}")
        || s.strip_prefix('/').is_some_and(|rest| TOP.contains(&rest))
        || ["~/", "$HOME/", "${HOME}/"]
            .iter()
            .any(|h| s.strip_prefix(h).is_some_and(|rest| rest.starts_with('.')))
}
