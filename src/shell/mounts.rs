//! Bind mounts: a container or sandbox that shows a host directory under another name
//! (`docker run -v "$PWD":/w img cat /w/.env`, `podman run --mount type=bind,src=.,dst=/app`,
//! `bwrap --bind / / …`). A word of the command under a mount's target names the host file
//! under its source, so the path operands take that file too (`paths.rs`), and a writable
//! mount of the host's root or a home gives the container the host (`critical/host_mount.rs`).

use super::names::{folded_key, Key};
use super::SimpleCommand;

const DOCKER: Key = folded_key("docker");
const PODMAN: Key = folded_key("podman");
const NERDCTL: Key = folded_key("nerdctl");
const BWRAP: Key = folded_key("bwrap");

/// A host directory shown inside.
#[derive(Debug, Clone, PartialEq)]
pub struct Mount<'a> {
    /// The host path, as written (`$PWD`, `.`, `/`).
    pub source: &'a str,
    /// Where it appears inside (absolute).
    pub target: &'a str,
    /// Not read-only (`:ro`, `readonly`, `--ro-bind`).
    pub writable: bool,
}

/// The bind mounts of `c`: `-v`/`--volume SRC:DST[:opts]` and `--mount type=bind,…` of
/// `docker`/`podman`/`nerdctl` `run`/`create`, and `bwrap`'s `--bind`, `--dev-bind`,
/// `--ro-bind` (and their `-try` forms). Named volumes are not host paths.
pub fn mounts(c: &SimpleCommand) -> Vec<Mount<'_>> {
    let mut out = Vec::new();
    let Some(name) = c.name() else { return out };
    let words = &c.words;
    match folded_key(name) {
        DOCKER | PODMAN | NERDCTL => {
            let runs = words
                .iter()
                .skip(1)
                .take(3)
                .any(|w| w == "run" || w == "create");
            if !runs {
                return out;
            }
            let mut i = 1;
            while let Some(w) = words.get(i) {
                i += 1;
                let (option, value) = match w.split_once('=') {
                    Some((o, v)) if o.starts_with("--") => (o, Some(v)),
                    _ => (w.as_str(), None),
                };
                let value = match option {
                    "-v" | "--volume" | "--mount" => match value {
                        Some(v) => v,
                        None => {
                            i += 1;
                            words.get(i - 1).map_or("", String::as_str)
                        }
                    },
                    _ => match w
                        .strip_prefix("-v")
                        .filter(|v| !v.is_empty() && !w.starts_with("--"))
                    {
                        Some(v) => v,
                        None => continue,
                    },
                };
                let mount = match option {
                    "--mount" => mount_option(value),
                    _ => volume(value),
                };
                out.extend(mount);
            }
        }
        BWRAP => {
            let mut i = 1;
            while let Some(w) = words.get(i) {
                let writable = match w.as_str() {
                    "--bind" | "--bind-try" | "--dev-bind" | "--dev-bind-try" => true,
                    "--ro-bind" | "--ro-bind-try" => false,
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                if let (Some(source), Some(target)) = (words.get(i + 1), words.get(i + 2)) {
                    out.push(Mount {
                        source,
                        target: target.trim_end_matches('/'),
                        writable,
                    });
                }
                i += 3;
            }
        }
        _ => {}
    }
    out
}

/// `SRC:DST[:opts]`, when `SRC` is a host path (not a named volume).
fn volume(value: &str) -> Option<Mount<'_>> {
    let mut parts = value.splitn(3, ':');
    let (source, target) = (parts.next()?, parts.next()?);
    let options = parts.next().unwrap_or("");
    host_path(source).then_some(Mount {
        source,
        target: target.trim_end_matches('/'),
        writable: !options.split(',').any(|o| o == "ro" || o == "readonly"),
    })
}

/// `type=bind,source=SRC,target=DST[,readonly]` (`src`, `dst`, `destination` too).
fn mount_option(value: &str) -> Option<Mount<'_>> {
    let (mut source, mut target, mut writable, mut bind) = (None, None, true, false);
    for field in value.split(',') {
        let (k, v) = field.split_once('=').unwrap_or((field, ""));
        match k {
            "type" => bind = v == "bind",
            "source" | "src" => source = Some(v),
            "target" | "dst" | "destination" => target = Some(v),
            "readonly" | "ro" => writable = matches!(v, "false" | "0"),
            _ => {}
        }
    }
    let source = source.filter(|s| bind && host_path(s))?;
    Some(Mount {
        source,
        target: target?.trim_end_matches('/'),
        writable,
    })
}

/// A host path rather than a volume name: absolute, relative with `.`, home or `$PWD`.
fn host_path(source: &str) -> bool {
    source.starts_with(['/', '.', '~', '$']) || source.contains('/')
}

/// The host files words of `c` name through its mounts (index into `words`, host path):
/// `/w/.env` under `-v "$PWD":/w` is `$PWD/.env`.
pub fn host_paths(c: &SimpleCommand) -> Vec<(usize, String)> {
    let mounts = mounts(c);
    let mut out = Vec::new();
    if mounts.is_empty() {
        return out;
    }
    for (i, w) in c.words.iter().enumerate().skip(1) {
        for m in &mounts {
            let rest = match w.strip_prefix(m.target) {
                // the host's `/` mounted as the container's `/`: every absolute word
                _ if m.target.is_empty() => w.strip_prefix('/'),
                Some("") => Some(""),
                Some(rest) => rest.strip_prefix('/'),
                None => None,
            };
            if let Some(rest) = rest.filter(|_| w.starts_with('/')) {
                // `$(pwd)` is the working directory, as `$PWD` is
                let source = match m.source.trim_end_matches('/') {
                    "$(pwd)" | "`pwd`" => "$PWD",
                    s => s,
                };
                let host = format!("{source}/{rest}").trim_end_matches('/').to_string();
                if !host.is_empty() {
                    out.push((i, host));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::shell::analyse;

    fn host_paths(line: &str) -> Vec<String> {
        let a = analyse(line);
        a.commands
            .iter()
            .flat_map(|c| super::host_paths(c).into_iter().map(|(_, p)| p))
            .collect()
    }

    #[test]
    fn words_under_a_mount_name_host_files() {
        let cases: &[(&str, &[&str])] = &[
            (
                "docker run -v \"$PWD\":/w alpine cat /w/.env",
                &["$PWD/.env"],
            ),
            ("docker run --rm -v .:/app:ro node cat /app/x", &["./x"]),
            ("podman run --volume=/ws:/src img ls /src", &["/ws"]),
            (
                "docker run --mount type=bind,src=/ws,dst=/m img cat /m/a",
                &["/ws/a"],
            ),
            ("docker run -v data:/data img cat /data/x", &[]),
            (
                "docker run -v \"$(pwd)\":/w img cat /w/.env",
                &["$PWD/.env"],
            ),
            ("docker run -v /:/host img rm -rf /host/home", &["/home"]),
            ("bwrap --bind / / cat /ws/.env", &["/ws/.env"]),
            ("docker build -v /ws:/w .", &[]),
            ("docker run -v /ws:/w img cat /wx", &[]),
        ];
        for (line, want) in cases {
            assert_eq!(host_paths(line), *want, "{line}");
        }
    }
}
