//! The operating systems' fixed aliases of paths, read as the paths they stand for (like
//! macOS's `/tmp` → `/private/tmp`): a file reached through one is the same file, so its
//! ignore rules and locality are the same.
//!
//! Linux (any POSIX path): `/proc/self/root`, `/proc/thread-self/root`, `/proc/<pid>/root`
//! (and `/proc/<pid>/task/<tid>/root`) are the root directory (a process in another mount
//! namespace is not told apart: it is the same root for every agent's shell); `/proc/self/cwd`
//! is the shell's current directory, so what follows it is relative; another process's
//! `cwd` is a place toolgate cannot know; `/dev/fd` is `/proc/self/fd` (so `/dev/fd/../root`
//! is the root). Applied component by component as the path is read, so `..` after an alias
//! climbs from what it stands for.
//!
//! macOS: `/System/Volumes/Data/…` is the data volume every user path lives on (a firmlink
//! of `/…`), and `/Volumes/<name>/…` may be the boot volume under any name: both are read as
//! `/…`.

/// What the components read so far turned into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Alias {
    /// Nothing, or an alias already replaced in place.
    Same,
    /// The current directory: the path so far is `.` and the rest is relative.
    Cwd,
    /// Another process's current directory.
    Unknown,
}

/// A process id as `/proc` names it (`self`, `thread-self`, digits, or a glob that may be
/// any of them).
fn process(name: &str) -> bool {
    matches!(name, "self" | "thread-self")
        || (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()))
        || name.contains(['*', '?', '['])
}

/// Called after each component is added to an absolute POSIX path.
pub(super) fn proc_alias(parts: &mut Vec<String>) -> Alias {
    let p: Vec<&str> = parts.iter().map(String::as_str).collect();
    let own = |who: &str| matches!(who, "self" | "thread-self");
    match p.as_slice() {
        ["dev", "fd"] => {
            *parts = vec!["proc".into(), "self".into(), "fd".into()];
            Alias::Same
        }
        ["proc", who, "root"] | ["proc", who, "task", _, "root"] if process(who) => {
            parts.clear();
            Alias::Same
        }
        ["proc", who, "cwd"] if own(who) => {
            parts.clear();
            Alias::Cwd
        }
        ["proc", who, "cwd"] | ["proc", who, "task", _, "cwd"] if process(who) => Alias::Unknown,
        _ => Alias::Same,
    }
}

/// The macOS aliases of the root at the start of `parts` (`eq` compares names as the
/// platform does), removed.
pub(super) fn macos_alias(parts: &mut Vec<String>, eq: impl Fn(&str, &str) -> bool) {
    loop {
        let data = ["System", "Volumes", "Data"];
        let n = if parts.len() >= 3 && parts.iter().zip(data).all(|(p, d)| eq(p, d)) {
            3
        } else if parts.len() >= 2 && eq(&parts[0], "Volumes") {
            2
        } else {
            return;
        };
        parts.drain(..n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &str) -> (Vec<String>, Alias) {
        let mut parts = Vec::new();
        let mut alias = Alias::Same;
        for part in path.split('/').filter(|p| !p.is_empty() && *p != ".") {
            if part == ".." {
                parts.pop();
            } else {
                parts.push(part.to_string());
            }
            let a = proc_alias(&mut parts);
            if a != Alias::Same {
                alias = a;
            }
        }
        (parts, alias)
    }

    #[test]
    fn proc_aliases() {
        assert_eq!(read("/proc/self/root/ws/.env").0, ["ws", ".env"]);
        assert_eq!(read("/proc/1/root/ws").0, ["ws"]);
        assert_eq!(read("/dev/fd/../root/etc").0, ["etc"]);
        assert_eq!(
            read("/proc/self/cwd/x"),
            (vec!["x".to_string()], Alias::Cwd)
        );
        assert_eq!(read("/proc/42/cwd/x").1, Alias::Unknown);
        assert_eq!(
            read("/proc/cpuinfo"),
            (vec!["proc".into(), "cpuinfo".into()], Alias::Same)
        );
        assert_eq!(read("/procs/self/root/x").0, ["procs", "self", "root", "x"]);
    }

    #[test]
    fn macos_aliases() {
        let mut p: Vec<String> = ["System", "Volumes", "Data", "Users", "me"]
            .map(String::from)
            .to_vec();
        macos_alias(&mut p, |a, b| a.eq_ignore_ascii_case(b));
        assert_eq!(p, ["Users", "me"]);
        let mut p: Vec<String> = ["Volumes", "Macintosh HD", "Users"]
            .map(String::from)
            .to_vec();
        macos_alias(&mut p, |a, b| a == b);
        assert_eq!(p, ["Users"]);
        let mut p: Vec<String> = ["Volumes"].map(String::from).to_vec();
        macos_alias(&mut p, |a, b| a == b);
        assert_eq!(p, ["Volumes"]);
    }
}
