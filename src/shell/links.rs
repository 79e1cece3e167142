//! Links the line makes, then follows: after `ln -s /ws /tmp/l`, `cat /tmp/l/.env` reads
//! `/ws/.env`. `ln` (symbolic or hard), `cp -s`/`cp -l` and bind mounts (`mount --bind`,
//! `bindfs`) make them; a later command's path under a link also names the same path under
//! its target. Only "may": had the link's name already been a directory, the link went
//! inside it.

use super::names::{self, folded_key};
use super::{Analysis, SimpleCommand};

const MOUNT: names::Key = folded_key("mount");
const BINDFS: names::Key = folded_key("bindfs");

/// A link made by command `command`: `path` (joined onto its directory) now shows `target`
/// (a relative target already joined onto the link's directory).
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    pub command: usize,
    pub path: String,
    pub target: String,
}

/// `word` joined onto the directory `c` runs in, when relative.
fn joined(c: &SimpleCommand, word: &str) -> String {
    match &c.cwd {
        Some(cwd) if !word.starts_with(['/', '~']) => format!("{cwd}/{word}"),
        _ => word.to_string(),
    }
}

/// Every link the commands of `analysis` make, in order.
pub fn made(analysis: &Analysis) -> Vec<Link> {
    let mut out = Vec::new();
    for (ci, c) in analysis.commands.iter().enumerate() {
        let Some(name) = c.name() else { continue };
        let args = c.words.get(1..).unwrap_or(&[]);
        let links = match folded_key(name) {
            names::LN => true,
            // a bind mount shows its source at its target
            MOUNT => args.iter().any(|w| {
                matches!(w.as_str(), "--bind" | "--rbind" | "-B")
                    || w.split(',').any(|o| o == "bind" || o == "rbind")
            }),
            BINDFS => true,
            names::CP => args.iter().any(|w| {
                w == "--symbolic-link"
                    || w == "--link"
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains(['s', 'l']))
            }),
            _ => false,
        };
        if !links || !c.dynamic.is_empty() || !c.unknown.is_empty() {
            continue;
        }
        let mut dir = None;
        let mut operands = Vec::new();
        let mut words = args.iter();
        let mount = matches!(folded_key(name), MOUNT | BINDFS);
        while let Some(w) = words.next() {
            match w.as_str() {
                // (mount's `-t TYPE`, `-o OPTIONS` take values)
                "-t" | "-o" if mount => {
                    words.next();
                }
                "-t" => dir = words.next().cloned(),
                _ if w.starts_with("--target-directory=") => {
                    dir = w.split_once('=').map(|(_, d)| d.to_string())
                }
                _ if w.starts_with('-') && w.len() > 1 => {}
                _ => operands.push(w.clone()),
            }
        }
        let base = |t: &str| {
            t.trim_end_matches('/')
                .rsplit('/')
                .next()
                .unwrap_or(t)
                .to_string()
        };
        let pairs: Vec<(String, String)> = match (dir, operands.as_slice()) {
            (Some(d), targets) => targets
                .iter()
                .map(|t| (t.clone(), format!("{d}/{}", base(t))))
                .collect(),
            (None, [target]) => vec![(target.clone(), base(target))],
            (None, [target, link]) => vec![(target.clone(), link.clone())],
            (None, [targets @ .., d]) => targets
                .iter()
                .map(|t| (t.clone(), format!("{d}/{}", base(t))))
                .collect(),
            (None, []) => Vec::new(),
        };
        for (target, link) in pairs {
            let path = joined(c, link.trim_end_matches('/'));
            // a symbolic link's relative target is read from the link's directory; `cp -s`
            // and a hard link take it from where the command runs
            let symbolic = folded_key(name) == names::LN
                && args.iter().any(|w| {
                    w == "--symbolic"
                        || (w.starts_with('-') && !w.starts_with("--") && w.contains('s'))
                });
            let target = match target.starts_with(['/', '~']) {
                true => target,
                false if symbolic => match path.rsplit_once('/') {
                    Some((parent, _)) => format!("{parent}/{target}"),
                    None => target,
                },
                false => joined(c, &target),
            };
            out.push(Link {
                command: ci,
                path,
                target: target.trim_end_matches('/').to_string(),
            });
        }
    }
    out
}

/// `path` read through a link made before command `command`: the same path under the
/// link's target, for each link it lies under.
pub fn through(links: &[Link], command: usize, path: &str) -> Vec<String> {
    links
        .iter()
        .filter(|l| l.command < command)
        .filter_map(|l| {
            let rest = path.strip_prefix(l.path.as_str())?;
            (rest.is_empty() || rest.starts_with('/')).then(|| format!("{}{rest}", l.target))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::shell::analyse;

    fn links(line: &str) -> Vec<(String, String)> {
        super::made(&analyse(line))
            .into_iter()
            .map(|l| (l.path, l.target))
            .collect()
    }

    #[test]
    fn the_links_a_line_makes() {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(links("ln -s /ws /tmp/l"), vec![pair("/tmp/l", "/ws")]);
        assert_eq!(links("cd src && ln -s .. l"), vec![pair("src/l", "src/..")]);
        assert_eq!(links("ln -s ../x a/b"), vec![pair("a/b", "a/../x")]);
        assert_eq!(links("ln /ws/.env"), vec![pair(".env", "/ws/.env")]);
        assert_eq!(
            links("ln -s -t d a b"),
            vec![pair("d/a", "d/a"), pair("d/b", "d/b")]
        );
        assert_eq!(links("cp -s /ws/secrets s"), vec![pair("s", "/ws/secrets")]);
        assert_eq!(links("cp -r a b"), vec![]);
        assert_eq!(links("mount --bind /ws /mnt"), vec![pair("/mnt", "/ws")]);
        assert_eq!(
            links("mount -o ro,bind /ws /mnt"),
            vec![pair("/mnt", "/ws")]
        );
        assert_eq!(links("mount /dev/sda1 /mnt"), vec![]);
    }
}
