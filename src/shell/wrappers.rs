//! Launchers that hide the real command: `sudo`, `env`, `nice`, `timeout`, `xargs`, … run
//! the words after their options; `bash -c`, `eval`, `su -c`, `watch`, `env -S` run a script.

use super::{basename, names};

pub(super) enum Peel {
    None,
    /// The command starts at word `next`.
    Launcher {
        name: &'static str,
        next: usize,
    },
    /// Word `at` is a script (with `join`, words `at..` joined by spaces); words before it
    /// are the launcher's. `skip` bytes at the start of word `at` are the option that holds
    /// the script (`-S` in `env -S'rm -rf /'`, `--command=` in `su --command=x`), not script.
    Script {
        name: &'static str,
        at: usize,
        join: bool,
        skip: usize,
    },
}

/// Options scanned up to the first operand.
struct Options {
    next: usize,
    /// Short option letters seen (ASCII bitmap).
    seen: u128,
    /// (letter, index of the word holding its value, byte offset of the value in that word)
    /// for short options taking a value (the offset is 0 unless attached: `-Sx`).
    values: Vec<(u8, usize, usize)>,
}

impl Options {
    fn saw(&self, c: u8) -> bool {
        c < 128 && self.seen & (1u128 << c) != 0
    }

    /// (word index, byte offset) of option `c`'s value.
    fn value(&self, c: u8) -> Option<(usize, usize)> {
        self.values.iter().find(|v| v.0 == c).map(|v| (v.1, v.2))
    }
}

/// Scans `-x`, `-xVALUE`, `-x VALUE` (for letters in `short_arg`), `--long[=v]`,
/// `--long VALUE` (for `long_arg`), up to `--` or the first operand.
fn options(words: &[String], short_arg: &[u8], long_arg: &[&str]) -> Options {
    let mut o = Options {
        next: 1,
        seen: 0,
        values: Vec::new(),
    };
    while let Some(w) = words.get(o.next) {
        if w == "--" {
            o.next += 1;
            break;
        }
        if w.starts_with("--") {
            o.next += if !w.contains('=') && long_arg.contains(&w.as_str()) {
                2
            } else {
                1
            };
            continue;
        }
        let Some(letters) = w.strip_prefix('-').filter(|l| !l.is_empty()) else {
            break;
        };
        let mut takes_next = false;
        for (j, c) in letters.bytes().enumerate() {
            if c < 128 {
                o.seen |= 1u128 << c;
            }
            if short_arg.contains(&c) {
                if j + 1 == letters.len() {
                    o.values.push((c, o.next + 1, 0));
                    takes_next = true;
                } else {
                    // `-` + the letters up to and including this one
                    o.values.push((c, o.next, j + 2));
                }
                break;
            }
        }
        o.next += if takes_next { 2 } else { 1 };
    }
    o
}

/// (word index, byte offset) of the value of long option `name` among the first `end` words:
/// `--name value` or `--name=value`.
fn long_value(words: &[String], end: usize, name: &str) -> Option<(usize, usize)> {
    words.iter().take(end).enumerate().find_map(|(i, w)| {
        if w == name {
            Some((i + 1, 0))
        } else {
            w.strip_prefix(name)
                .filter(|rest| rest.starts_with('='))
                .map(|_| (i, name.len() + 1))
        }
    })
}

fn is_assignment(w: &str) -> bool {
    super::parser::assignment_name_len(w).is_some()
}

fn launcher(words: &[String], name: &'static str, next: usize) -> Peel {
    if next < words.len() {
        Peel::Launcher { name, next }
    } else {
        Peel::None
    }
}

pub(super) fn is_shell(name: &str) -> bool {
    is_shell_key(names::folded_key(name))
}

pub(super) fn is_shell_key(key: names::Key) -> bool {
    matches!(
        key,
        names::SH
            | names::BASH
            | names::ZSH
            | names::DASH
            | names::KSH
            | names::ASH
            | names::MKSH
            | names::FISH
    )
}

/// Shell options up to the script operand: (index of the first operand, saw `-c`, saw `-s`).
fn shell_options(words: &[String]) -> (usize, bool, bool) {
    let (mut i, mut c, mut s) = (1, false, false);
    while let Some(w) = words.get(i) {
        if w == "--" || w == "-" {
            i += 1;
            break;
        }
        if w.starts_with("--") {
            i += if w == "--rcfile" || w == "--init-file" {
                2
            } else {
                1
            };
            continue;
        }
        if w.len() > 1 && (w.starts_with('-') || w.starts_with('+')) {
            let mut takes = 0;
            for b in w.bytes().skip(1) {
                match b {
                    b'c' => c = true,
                    b's' => s = true,
                    b'o' | b'O' => takes += 1,
                    _ => {}
                }
            }
            i += 1 + takes;
            continue;
        }
        break;
    }
    (i, c, s)
}

/// A shell that reads its script from stdin (`bash`, `sudo sh -s`, not `bash x.sh` or `-c`).
pub(super) fn shell_reads_stdin(words: &[String]) -> bool {
    if !words.first().is_some_and(|w| is_shell(basename(w))) {
        return false;
    }
    let (i, c, s) = shell_options(words);
    !c && (s || i >= words.len())
}

pub(super) fn peel(words: &[String]) -> Peel {
    let Some(first) = words.first() else {
        return Peel::None;
    };
    let name = basename(first);
    match names::folded_key(name) {
        names::SUDO => {
            let o = options(
                words,
                b"CDghpRrTtUu",
                &[
                    "--user",
                    "--group",
                    "--close-from",
                    "--chdir",
                    "--prompt",
                    "--role",
                    "--type",
                    "--command-timeout",
                    "--other-user",
                    "--host",
                    "--chroot",
                ],
            );
            let flags = words.get(1..o.next).unwrap_or(&[]);
            if o.saw(b'e') || o.saw(b'l') || flags.iter().any(|f| f == "--edit" || f == "--list") {
                return Peel::None;
            }
            let next = after_assignments(words, o.next);
            launcher(words, "sudo", next)
        }
        names::DOAS => launcher(words, "doas", options(words, b"Cu", &[]).next),
        names::ENV => {
            let o = options(words, b"uCS", &["--unset", "--chdir", "--split-string"]);
            let long = long_value(words, o.next, "--split-string");
            if let Some((at, skip)) = o.value(b'S').or(long) {
                if at < words.len() {
                    return Peel::Script {
                        name: "env -S",
                        at,
                        join: false,
                        skip,
                    };
                }
            }
            let next = after_assignments(words, o.next);
            launcher(words, "env", next)
        }
        names::NOHUP => launcher(words, "nohup", options(words, b"", &[]).next),
        names::SETSID => launcher(words, "setsid", options(words, b"", &[]).next),
        names::BUILTIN => launcher(words, "builtin", 1),
        names::UNBUFFER => launcher(words, "unbuffer", options(words, b"", &[]).next),
        names::BUSYBOX => launcher(words, "busybox", 1),
        names::NICE => launcher(words, "nice", options(words, b"n", &["--adjustment"]).next),
        names::IONICE => launcher(
            words,
            "ionice",
            options(
                words,
                b"cnpPu",
                &["--class", "--classdata", "--pid", "--pgid", "--uid"],
            )
            .next,
        ),
        names::TIME => launcher(
            words,
            "time",
            options(words, b"fo", &["--format", "--output"]).next,
        ),
        names::TIMEOUT => {
            let o = options(words, b"ks", &["--kill-after", "--signal"]);
            launcher(words, "timeout", o.next + 1)
        }
        names::COMMAND => {
            let o = options(words, b"", &[]);
            if o.saw(b'v') || o.saw(b'V') {
                return Peel::None;
            }
            launcher(words, "command", o.next)
        }
        names::EXEC => launcher(words, "exec", options(words, b"a", &[]).next),
        names::XARGS => launcher(
            words,
            "xargs",
            options(
                words,
                b"adEILnPs",
                &[
                    "--arg-file",
                    "--delimiter",
                    "--max-args",
                    "--max-procs",
                    "--max-chars",
                    "--process-slot-var",
                ],
            )
            .next,
        ),
        names::STDBUF => launcher(
            words,
            "stdbuf",
            options(words, b"ioe", &["--input", "--output", "--error"]).next,
        ),
        names::EVAL if words.len() > 1 => Peel::Script {
            name: "eval",
            at: 1,
            join: true,
            skip: 0,
        },
        names::WATCH => {
            let o = options(words, b"nq", &["--interval", "--equexit"]);
            if o.next < words.len() {
                Peel::Script {
                    name: "watch",
                    at: o.next,
                    join: true,
                    skip: 0,
                }
            } else {
                Peel::None
            }
        }
        names::SU => {
            let o = options(
                words,
                b"cgGsw",
                &[
                    "--command",
                    "--group",
                    "--supp-group",
                    "--shell",
                    "--whitelist-environment",
                ],
            );
            let long = long_value(words, o.next, "--command");
            match o.value(b'c').or(long).filter(|&(at, _)| at < words.len()) {
                Some((at, skip)) => Peel::Script {
                    name: "su -c",
                    at,
                    join: false,
                    skip,
                },
                None => Peel::None,
            }
        }
        key if is_shell_key(key) => {
            let (i, c, _) = shell_options(words);
            if c && i < words.len() {
                let name = match name {
                    "bash" => "bash -c",
                    "zsh" => "zsh -c",
                    "dash" => "dash -c",
                    "ksh" => "ksh -c",
                    "fish" => "fish -c",
                    _ => "sh -c",
                };
                Peel::Script {
                    name,
                    at: i,
                    join: false,
                    skip: 0,
                }
            } else {
                Peel::None
            }
        }
        _ => Peel::None,
    }
}

/// The index of the first word at or after `from` that is not a `VAR=value` assignment.
fn after_assignments(words: &[String], from: usize) -> usize {
    from + words
        .iter()
        .skip(from)
        .take_while(|w| is_assignment(w))
        .count()
}
