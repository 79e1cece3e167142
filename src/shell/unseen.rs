//! Writes to names only known when the command runs: the names are inside a file toolgate
//! does not see (an archive extracted, a patch applied) or come from a list (`cpio -o`,
//! `zip -@`, `tar --files-from`). Such a command may write (or copy out) an ignored file, the
//! ignore file itself or a start-up file, so toolgate never vouches for it; extracting into
//! `/` or a home is critical (see `critical.rs`). A patch given in the command itself (a
//! here-doc to `git apply`) is visible and checked as the apply_patch tool's patch is.

use super::analysis::SimpleCommand;
use super::names::{self, folded_key, Key};

const UNZIP: Key = folded_key("unzip");
const CPIO: Key = folded_key("cpio");
const PATCH: Key = folded_key("patch");
const GTAR: Key = folded_key("gtar");

/// How a command writes names toolgate cannot see.
#[derive(Debug, Clone, PartialEq)]
pub enum Unseen<'c> {
    /// Unpacks files named inside a file (an archive, a patch) into `into` (`None`: the
    /// current directory); `anywhere` when absolute names are kept (`tar -P`).
    Extract {
        into: Option<&'c str>,
        anywhere: bool,
    },
    /// Takes the names of the files it reads from a list or its input.
    Listed,
}

/// The unseen writes of `c`, if any.
pub fn unseen(c: &SimpleCommand) -> Option<Unseen<'_>> {
    let name = c.name()?;
    let args = c.words.get(1..).unwrap_or(&[]);
    let has = |o: &str| args.iter().any(|w| w == o);
    let value = |short: &str, long: &str| option_value(args, short, long);
    // a patch or archive the command itself shows is read where it stands
    let fed = c
        .redirects
        .iter()
        .any(|r| r.is_heredoc() || r.is_herestring());
    match folded_key(name) {
        names::TAR | names::BSDTAR | GTAR => {
            if value("-T", "--files-from").is_some() {
                return Some(Unseen::Listed);
            }
            let mode = args.first().map(String::as_str).unwrap_or("");
            let extracts = has("--extract")
                || has("--get")
                || (!mode.starts_with("--") && mode.trim_start_matches('-').contains('x'))
                || args
                    .iter()
                    .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('x'));
            extracts.then(|| Unseen::Extract {
                into: value("-C", "--directory"),
                anywhere: has("-P") || has("--absolute-names"),
            })
        }
        UNZIP => {
            let lists = args
                .iter()
                .any(|w| matches!(w.as_str(), "-l" | "-t" | "-v" | "-Z" | "-p" | "-c" | "-z"));
            // `unzip a.zip docs/x.md`: the members it extracts are named (and checked)
            let named = operands(args, &["-d", "-x", "-O", "-I", "-P"]) > 1
                && !args.iter().any(|w| w.contains(['*', '?', '[']));
            (!lists && !named).then(|| Unseen::Extract {
                into: value("-d", "--directory"),
                anywhere: false,
            })
        }
        CPIO => {
            let cluster = |letter: u8| {
                args.iter().any(|w| {
                    w.starts_with('-') && !w.starts_with("--") && w.bytes().any(|b| b == letter)
                })
            };
            if cluster(b'i') || has("--extract") {
                Some(Unseen::Extract {
                    into: value("-D", "--directory"),
                    anywhere: true,
                })
            } else if cluster(b'o') || cluster(b'p') || has("--create") || has("--pass-through") {
                Some(Unseen::Listed)
            } else {
                None
            }
        }
        names::SEVEN_Z | names::SEVEN_ZA | names::SEVEN_ZR => {
            let sub = args.iter().find(|w| !w.starts_with('-'))?;
            matches!(sub.as_str(), "x" | "e").then(|| Unseen::Extract {
                into: args
                    .iter()
                    .find_map(|w| w.strip_prefix("-o"))
                    .filter(|d| !d.is_empty()),
                anywhere: false,
            })
        }
        names::ZIP if has("-@") || args.iter().any(|w| w.starts_with("--names-stdin")) => {
            Some(Unseen::Listed)
        }
        names::RSYNC if value("", "--files-from").is_some() => Some(Unseen::Listed),
        names::GIT => {
            let sub = args.iter().find(|w| !w.starts_with('-'))?;
            let dry = has("--check") || has("--stat") || has("--numstat") || has("--summary");
            match sub.as_str() {
                // `--cached` writes the index only; `--abort` and the like write nothing new
                "apply" if has("--cached") || has("--cache") => None,
                "apply" if !dry && !fed => Some(Unseen::Extract {
                    into: value("", "--directory"),
                    anywhere: has("--unsafe-paths"),
                }),
                "am" if args.iter().any(|w| {
                    matches!(
                        w.as_str(),
                        "--abort" | "--continue" | "--skip" | "--quit" | "--show-current-patch"
                    )
                }) =>
                {
                    None
                }
                "am" => Some(Unseen::Extract {
                    into: None,
                    anywhere: false,
                }),
                _ => None,
            }
        }
        // `patch -i x.diff src/a.ts`: the file it patches is named
        PATCH
            if !fed
                && !has("--dry-run")
                && operands(
                    args,
                    &[
                        "-i",
                        "--input",
                        "-o",
                        "--output",
                        "-d",
                        "--directory",
                        "-D",
                        "-F",
                        "-r",
                        "-z",
                        "-B",
                        "-V",
                        "-Y",
                        "-g",
                        "--reject-file",
                        "--suffix",
                    ],
                ) == 0 =>
        {
            Some(Unseen::Extract {
                into: value("-d", "--directory"),
                anywhere: false,
            })
        }
        _ => None,
    }
}

/// How many operands `args` has: words that are not options nor the value of one of
/// `valued` (given apart: `-d dir`), everything after `--`.
fn operands(args: &[String], valued: &[&str]) -> usize {
    let mut n = 0;
    let mut it = args.iter();
    while let Some(w) = it.next() {
        if w == "--" {
            return n + it.count();
        }
        if valued.contains(&w.as_str()) {
            it.next();
        } else if !w.starts_with('-') || w == "-" {
            n += 1;
        }
    }
    n
}

/// The value of `short` (`-C DIR`, `-CDIR`) or `long` (`--directory=DIR`, `--directory DIR`).
fn option_value<'a>(args: &'a [String], short: &str, long: &str) -> Option<&'a str> {
    let mut it = args.iter();
    while let Some(w) = it.next() {
        if (!short.is_empty() && w == short) || w == long {
            return it.next().map(String::as_str);
        }
        if let Some(v) = w.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
            return Some(v);
        }
        if !short.is_empty() && w.len() > short.len() && !w.starts_with("--") {
            if let Some(v) = w.strip_prefix(short) {
                return Some(v);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(words: &[&str]) -> Option<Unseen<'static>> {
        let c: &'static SimpleCommand = Box::leak(Box::new(SimpleCommand {
            words: words.iter().map(|w| w.to_string()).collect(),
            ..SimpleCommand::default()
        }));
        unseen(c)
    }

    #[test]
    fn table() {
        let extract = |into, anywhere| Some(Unseen::Extract { into, anywhere });
        assert_eq!(
            of(&["tar", "xf", "x.tar", "-C", "/"]),
            extract(Some("/"), false)
        );
        assert_eq!(
            of(&["tar", "-xpf", "b.tar", "--directory=/"]),
            extract(Some("/"), false)
        );
        assert_eq!(of(&["tar", "-xf", "x.tar", "-P"]), extract(None, true));
        assert_eq!(of(&["tar", "-czf", "out.tgz", "src"]), None);
        assert_eq!(
            of(&["tar", "-T", "list.txt", "-czf", "o.tgz"]),
            Some(Unseen::Listed)
        );
        assert_eq!(
            of(&["unzip", "-o", "x.zip", "-d", "~"]),
            extract(Some("~"), false)
        );
        assert_eq!(of(&["unzip", "-l", "x.zip"]), None);
        assert_eq!(of(&["cpio", "-idmu"]), extract(None, true));
        assert_eq!(of(&["cpio", "-o"]), Some(Unseen::Listed));
        assert_eq!(
            of(&["7z", "x", "-y", "b.7z", "-o."]),
            extract(Some("."), false)
        );
        assert_eq!(of(&["7z", "l", "b.7z"]), None);
        assert_eq!(of(&["zip", "out.zip", "-@"]), Some(Unseen::Listed));
        assert_eq!(of(&["git", "apply", "x.patch"]), extract(None, false));
        assert_eq!(of(&["git", "apply", "--check", "x.patch"]), None);
        assert_eq!(of(&["patch", "-p0", "-d", "/"]), extract(Some("/"), false));
        assert_eq!(of(&["patch", "--input", "p.diff", "src/a.ts"]), None);
        assert_eq!(of(&["unzip", "a.zip", "docs/guide.md"]), None);
        assert_eq!(of(&["unzip", "-O", "gbk", "a.zip"]), extract(None, false));
        assert_eq!(of(&["git", "am", "--abort"]), None);
        assert_eq!(of(&["git", "apply", "--cached", "x.patch"]), None);
        assert_eq!(of(&["git", "status"]), None);
    }
}
