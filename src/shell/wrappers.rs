//! Launchers that hide the real command: `sudo`, `env`, `nice`, `timeout`, `xargs`, `strace`,
//! `flock FILE`, `chroot DIR`, … run the words after their options (the program table gives
//! the options of the ones that differ only in them); `bash -c`, `eval`, `su -c`, `watch`,
//! `env -S`, `script -c`, `flock -c` run a script.

use super::analysis::SimpleCommand;
use super::programs::{self, Launch};
use super::{basename, names};

/// Environment variables whose value a program runs as shell text (pagers, editors, git's
/// ssh and diff hooks, askpass helpers, less's preprocessors, bash's prompt hook).
pub(super) const COMMAND_VARIABLES: &[&str] = &[
    "PAGER",
    "GIT_PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "EDITOR",
    "VISUAL",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "LESSOPEN",
    "LESSCLOSE",
    "PROMPT_COMMAND",
    "BROWSER",
    "RSYNC_RSH",
    "GIT_PROXY_COMMAND",
    "SUDO_EDITOR",
    "FCEDIT",
    "LESSEDIT",
    "SVN_EDITOR",
    "RUSTC_WRAPPER",
];

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
        /// `bash -c CODE NAME ARGS…`: the index of `NAME` (`$0`); the words after it are the
        /// script's `$1`, `$2`, …
        params: Option<usize>,
    },
}

/// Options scanned up to the first operand.
pub(super) struct Options {
    pub next: usize,
    /// Short option letters seen (ASCII bitmap).
    seen: u128,
    /// (letter, index of the word holding its value, byte offset of the value in that word)
    /// for short options taking a value (the offset is 0 unless attached: `-Sx`).
    values: Vec<(u8, usize, usize)>,
}

impl Options {
    pub fn saw(&self, c: u8) -> bool {
        c < 128 && self.seen & (1u128 << c) != 0
    }

    /// (word index, byte offset) of option `c`'s value.
    pub fn value(&self, c: u8) -> Option<(usize, usize)> {
        self.values.iter().find(|v| v.0 == c).map(|v| (v.1, v.2))
    }
}

/// Scans `-x`, `-xVALUE`, `-x VALUE` (for letters in `short_arg`), `--long[=v]`,
/// `--long VALUE` (for `long_arg`), up to `--` or the first operand.
/// [`options`] by the program table's value options of the launcher `name`.
fn table_options(words: &[String], name: &str) -> Options {
    let p = programs::lookup(name);
    options(
        words,
        p.map_or(&[][..], |p| p.short_values()),
        p.map_or(&[][..], |p| p.value_options()),
    )
}

pub(super) fn options(words: &[String], short_arg: &[u8], long_arg: &[&str]) -> Options {
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
    super::lexer::assignment_name_len(w).is_some()
}

/// The command after a table launcher's options and own operands.
fn launcher(words: &[String], name: &'static str, next: usize) -> Peel {
    if next < words.len() {
        Peel::Launcher { name, next }
    } else {
        Peel::None
    }
}

pub(super) use super::programs::is_shell_key;
/// A shell's name, also versioned or with `.exe` (`ksh93`, `bash5.2`, `bash-5.2`, `sh.exe`).
pub(super) use super::programs::is_shell_name as is_shell;

// Names only this module matches (the rest are in `names`).
const RUNUSER: names::Key = names::folded_key("runuser");
const FLOCK: names::Key = names::folded_key("flock");
const SCRIPT: names::Key = names::folded_key("script");
const CHRT: names::Key = names::folded_key("chrt");
const TASKSET: names::Key = names::folded_key("taskset");
const SG: names::Key = names::folded_key("sg");
const CPULIMIT: names::Key = names::folded_key("cpulimit");
const PARALLEL: names::Key = names::folded_key("parallel");
const TMUX: names::Key = names::folded_key("tmux");

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

/// A shell that reads its script from stdin (`bash`, `sudo sh -s`, `sh /dev/stdin`, not
/// `bash x.sh` or `-c`).
pub(super) fn shell_reads_stdin(words: &[String]) -> bool {
    if !words.first().is_some_and(|w| is_shell(basename(w))) {
        return false;
    }
    let (i, c, s) = shell_options(words);
    let stdin = |w: &String| matches!(w.as_str(), "/dev/stdin" | "/proc/self/fd/0" | "/dev/fd/0");
    !c && (s || i >= words.len() || words.get(i).is_some_and(stdin))
}

pub(super) fn peel(words: &[String]) -> Peel {
    let Some(first) = words.first() else {
        return Peel::None;
    };
    let name = basename(first);
    match names::folded_key(name) {
        names::SUDO => sudo(words),
        names::ENV => env(words),
        names::BUILTIN => launcher(words, "builtin", 1),
        names::BUSYBOX => launcher(words, "busybox", 1),
        names::COMMAND => {
            let o = options(words, b"", &[]);
            if o.saw(b'v') || o.saw(b'V') {
                return Peel::None;
            }
            launcher(words, "command", o.next)
        }
        names::EVAL if words.len() > 1 => Peel::Script {
            name: "eval",
            at: 1,
            join: true,
            skip: 0,
            params: None,
        },
        names::WATCH => {
            let o = table_options(words, "watch");
            if o.next < words.len() {
                Peel::Script {
                    name: "watch",
                    at: o.next,
                    join: true,
                    skip: 0,
                    params: None,
                }
            } else {
                Peel::None
            }
        }
        names::SU | RUNUSER => su(words, name),
        SG => sg(words),
        FLOCK => flock(words),
        SCRIPT => script_command(words),
        CHRT | TASKSET => chrt(words, name),
        // `parallel` runs a command template per argument: read in `embedded`
        PARALLEL => Peel::None,
        CPULIMIT => cpulimit(words),
        // (a versioned name, `ksh93`, only when the plain key is no shell)
        key if is_shell_key(key)
            || (name.ends_with(|c: char| c.is_ascii_digit() || c == 'e') && is_shell(name)) =>
        {
            shell(words, name)
        }
        TMUX => tmux(words),
        // the one launcher whose name is too long for the program table's keys
        _ if name.eq_ignore_ascii_case("dbus-run-session") => {
            let o = options(words, b"", &["--config-file", "--dbus-daemon"]);
            launcher(words, "dbus-run-session", o.next)
        }
        // the other launchers differ only in their options, which the program table gives
        _ => match programs::lookup_folded(name).and_then(|p| Some((p, p.launch()?))) {
            Some((p, Launch::Words { skip })) => {
                let o = options(words, p.short_values(), p.value_options());
                launcher(words, p.name, o.next + usize::from(skip))
            }
            _ => Peel::None,
        },
    }
}

/// `sudo [opts] [VAR=x…] CMD`; `sudo -e`/`-l` edit or list, running nothing.
fn sudo(words: &[String]) -> Peel {
    let o = table_options(words, "sudo");
    let flags = words.get(1..o.next).unwrap_or(&[]);
    if o.saw(b'e') || o.saw(b'l') || flags.iter().any(|f| f == "--edit" || f == "--list") {
        return Peel::None;
    }
    let next = after_assignments(words, o.next);
    launcher(words, "sudo", next)
}

/// `env [opts] [VAR=x…] CMD`; `env -S 'CMD'` splits a script.
fn env(words: &[String]) -> Peel {
    let o = table_options(words, "env");
    let long = long_value(words, o.next, "--split-string");
    if let Some((at, skip)) = o.value(b'S').or(long) {
        if at < words.len() {
            return script(words, "env -S", at, skip);
        }
    }
    let next = after_assignments(words, o.next);
    launcher(words, "env", next)
}

/// `su -c CMD`, `runuser -c CMD`, `runuser -u USER CMD`.
fn su(words: &[String], name: &str) -> Peel {
    if let Some((at, skip)) = su_command(words) {
        return script(
            words,
            if name == "su" { "su -c" } else { "runuser -c" },
            at,
            skip,
        );
    }
    // `runuser -u USER [--] cmd …` runs the command itself
    let o = table_options(words, "runuser");
    if name == "runuser" && o.value(b'u').is_some() {
        return launcher(words, "runuser", o.next);
    }
    Peel::None
}

/// `sg GROUP -c CMD`, `sg GROUP CMD`.
fn sg(words: &[String]) -> Peel {
    let o = options(words, b"", &[]);
    match words.get(o.next + 1) {
        Some(c) if c == "-c" => script(words, "sg -c", o.next + 2, 0),
        Some(_) => Peel::Script {
            name: "sg",
            at: o.next + 1,
            join: true,
            skip: 0,
            params: None,
        },
        None => Peel::None,
    }
}

/// `flock [opts] FILE -c CMD`, `flock [opts] FILE CMD…`.
fn flock(words: &[String]) -> Peel {
    let o = table_options(words, "flock");
    if let Some((at, skip)) = o.value(b'c').or(long_value(words, o.next, "--command")) {
        return script(words, "flock -c", at, skip);
    }
    match words.get(o.next + 1).map(String::as_str) {
        Some("-c" | "--command") => script(words, "flock -c", o.next + 2, 0),
        Some(w) if w.starts_with("--command=") => {
            script(words, "flock -c", o.next + 1, "--command=".len())
        }
        _ => launcher(words, "flock", o.next + 1),
    }
}

/// util-linux `script -c CMD [file]`; BSD/macOS `script [file [CMD…]]`.
fn script_command(words: &[String]) -> Peel {
    let o = table_options(words, "script");
    if let Some((at, skip)) = o.value(b'c').or(long_value(words, o.next, "--command")) {
        return script(words, "script -c", at, skip);
    }
    launcher(words, "script", o.next + 1)
}

/// `chrt [opts] PRIO CMD`, `taskset [opts] MASK CMD`; `-p` works on a pid.
fn chrt(words: &[String], name: &str) -> Peel {
    let o = table_options(words, "chrt");
    let flags = words.get(1..o.next).unwrap_or(&[]);
    if o.saw(b'p') || o.saw(b'm') || flags.iter().any(|f| f == "--pid" || f == "--max") {
        return Peel::None;
    }
    launcher(
        words,
        if name == "chrt" { "chrt" } else { "taskset" },
        o.next + 1,
    )
}

/// `cpulimit -l N [--] CMD…` (`-p PID`/`-e EXE` watch a running process).
fn cpulimit(words: &[String]) -> Peel {
    let o = options(
        words,
        b"lpei",
        &["--limit", "--pid", "--exe", "--include-children"],
    );
    if o.saw(b'p') || o.saw(b'e') {
        return Peel::None;
    }
    launcher(words, "cpulimit", o.next)
}

/// `tmux new-session -d 'CMD'`: the shell command after a command's options.
fn tmux(words: &[String]) -> Peel {
    let sub = words.get(1).map_or("", String::as_str);
    if !matches!(
        sub,
        "new-session"
            | "new"
            | "new-window"
            | "neww"
            | "split-window"
            | "splitw"
            | "respawn-pane"
            | "respawnp"
            | "run-shell"
            | "run"
    ) {
        return Peel::None;
    }
    let mut rest: Vec<String> = words.get(1..).unwrap_or(&[]).to_vec();
    rest[0] = "tmux".to_string();
    let o = options(&rest, b"sntcxyeFfltb", &[]);
    script(words, "tmux", o.next + 1, 0)
}

/// A shell given `-c SCRIPT [NAME ARGS…]`.
fn shell(words: &[String], name: &str) -> Peel {
    let (i, c, _) = shell_options(words);
    if c && i < words.len() {
        let name = match name {
            "bash" => "bash -c",
            "zsh" => "zsh -c",
            "dash" => "dash -c",
            "ksh" => "ksh -c",
            "fish" => "fish -c",
            "tcsh" | "csh" => "csh -c",
            _ => "sh -c",
        };
        Peel::Script {
            name,
            at: i,
            join: false,
            skip: 0,
            params: (i + 1 < words.len()).then_some(i + 1),
        }
    } else {
        Peel::None
    }
}

/// A script launcher whose script is word `at` (after `skip` bytes of option), if present.
fn script(words: &[String], name: &'static str, at: usize, skip: usize) -> Peel {
    if at >= words.len() {
        return Peel::None;
    }
    Peel::Script {
        name,
        at,
        join: false,
        skip,
        params: None,
    }
}

/// `su`/`runuser`'s `-c CMD`, `-cCMD`, `-lc CMD`, `--command[=]CMD`, `--session-command`,
/// anywhere among its words (getopt permutes them: `su root -c …`, `su - root -c …`).
fn su_command(words: &[String]) -> Option<(usize, usize)> {
    let mut i = 1;
    while let Some(w) = words.get(i) {
        for long in ["--command", "--session-command"] {
            if w == long {
                return Some((i + 1, 0));
            }
            if w.strip_prefix(long).is_some_and(|r| r.starts_with('=')) {
                return Some((i, long.len() + 1));
            }
        }
        if w.len() > 1 && w.starts_with('-') && !w.starts_with("--") {
            for (j, c) in w.bytes().enumerate().skip(1) {
                match c {
                    b'c' if j + 1 == w.len() => return Some((i + 1, 0)),
                    b'c' => return Some((i, j + 1)),
                    // options whose value follows (`-s /bin/sh`, `-g grp`)
                    b'g' | b'G' | b's' | b'w' | b'u' => {
                        if j + 1 == w.len() {
                            i += 1;
                        }
                        break;
                    }
                    _ => {}
                }
            }
        }
        i += 1;
    }
    None
}

/// The index of the first word at or after `from` that is not a `VAR=value` assignment.
fn after_assignments(words: &[String], from: usize) -> usize {
    from + words
        .iter()
        .skip(from)
        .take_while(|w| is_assignment(w))
        .count()
}

/// The positional parameters of the script being parsed (`bash -c CODE NAME ARGS…`):
/// `values[0]` is `$0`; `None` where the launcher's word held an expansion or a placeholder
/// (`{}`). `open`: more arguments are appended that cannot be known (`xargs sh -c …`).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Positional {
    pub values: Vec<Option<String>>,
    pub open: bool,
}

impl Positional {
    /// `$k`: `Some("")` past the last argument (unless more are appended), `None` if unknown.
    fn get(&self, k: usize) -> Option<String> {
        match self.values.get(k) {
            Some(v) => v.clone(),
            None if self.open => None,
            None => Some(String::new()),
        }
    }

    /// `$1…`, or `None` if one is unknown.
    fn args(&self) -> Option<Vec<String>> {
        if self.open {
            return None;
        }
        self.values.iter().skip(1).cloned().collect()
    }

    /// After `shift [n]`, `set -- a b`, `set x`, `getopts`: `Some` of the parameters that
    /// follow (`Some(None)`: unknown); `None` when the command leaves them.
    pub(super) fn after(&self, words: &[String]) -> Option<Option<Positional>> {
        match words.first().map(String::as_str) {
            Some("shift") => {
                let n = match words.get(1).map(|w| w.parse::<usize>()) {
                    None => 1,
                    Some(Ok(n)) => n,
                    Some(Err(_)) => return Some(None),
                };
                let mut next = self.clone();
                if next.values.len() > n {
                    next.values.drain(1..=n);
                } else if next.open {
                    return Some(None);
                } else {
                    next.values.truncate(1);
                }
                Some(Some(next))
            }
            Some("set") => {
                let i = set_operands(words)?;
                let mut values = vec![self.values.first().cloned().flatten()];
                values.extend(
                    words
                        .get(i..)
                        .unwrap_or(&[])
                        .iter()
                        .map(|w| Some(w.clone())),
                );
                Some(Some(Positional {
                    values,
                    open: false,
                }))
            }
            Some("getopts") => Some(None),
            _ => None,
        }
    }
}

/// Where `set`'s new positional parameters start in its `words`, `None` when it leaves
/// them: options (`set -e`, `set -o pipefail`) do; operands or `--` replace them.
pub(super) fn set_operands(words: &[String]) -> Option<usize> {
    let mut i = 1;
    while let Some(w) = words.get(i) {
        if w == "--" || w == "-" {
            return Some(i + 1);
        }
        if w.len() > 1 && w.starts_with(['-', '+']) {
            i += if w.ends_with('o') { 2 } else { 1 };
            continue;
        }
        return Some(i);
    }
    None
}

/// Puts the known positional parameters into `words` (`"$1"` → its value, `"$@"` → every
/// argument); the entries of `dynamic` follow their words.
pub(super) fn substitute_positional(
    words: &mut Vec<String>,
    dynamic: &mut Vec<super::DynamicWord>,
    p: &Positional,
) {
    let mut i = 0;
    while i < words.len() {
        let found = dynamic.iter().position(|d| d.index == i);
        let new = found.and_then(|at| {
            let (word, raw) = (words.get(i)?, &dynamic.get(at)?.raw);
            Some((at, positional_word(word, raw, p)?))
        });
        let Some((at, new)) = new else {
            i += 1;
            continue;
        };
        let n = new.len();
        dynamic.remove(at);
        words.splice(i..i + 1, new);
        for d in dynamic.iter_mut().filter(|d| d.index > i) {
            d.index = d.index + n - 1;
        }
        i += n;
    }
}

/// Assignment values holding only positional parameters (`x="$1"`), which never split.
pub(super) fn substitute_assignments(
    assignments: &mut [(String, String)],
    dynamic: &mut Vec<super::DynamicWord>,
    p: &Positional,
) {
    dynamic.retain(|d| {
        let Some((_, value)) = assignments.get_mut(d.index) else {
            return true;
        };
        let raw = format!("\"{}\"", d.raw.trim_matches('"'));
        match positional_word(value, &raw, p).as_deref() {
            Some([one]) => {
                *value = one.clone();
                false
            }
            _ => true,
        }
    });
}

/// A redirection target holding only positional parameters, as its one word.
pub(super) fn substitute_target(r: &mut super::Redirect, p: &Positional) {
    if !r.dynamic || r.is_heredoc() {
        return;
    }
    let new = r
        .raw
        .as_deref()
        .and_then(|raw| positional_word(&r.target, raw, p));
    if let Some([one]) = new.as_deref() {
        r.target = one.clone();
        r.dynamic = false;
        r.raw = None;
    }
}

/// The words a word holding only positional parameters (`"$1"`, `$2/x`, `"$@"`, `${1}`)
/// becomes; `None` when it holds anything else or a value is unknown.
fn positional_word(text: &str, raw: &str, p: &Positional) -> Option<Vec<String>> {
    // (a process substitution names a pipe, one word however many blanks it holds)
    if raw.contains(['\'', '\\', '`'])
        || ["$(", "<(", ">("].iter().any(|s| raw.contains(s))
        || !text.contains('$')
    {
        return None;
    }
    let quoted = raw.len() >= 2
        && raw.starts_with('"')
        && raw.ends_with('"')
        && raw.matches('"').count() == 2;
    if matches!(text, "$@" | "${@}") && quoted {
        return p.args();
    }
    let b = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c != b'$' {
            let next = text.get(i..)?.find('$').map_or(text.len(), |n| i + n);
            out.push_str(text.get(i..next)?);
            i = next;
            continue;
        }
        let rest = text.get(i + 1..)?;
        let (name, len) = if let Some(inner) = rest.strip_prefix('{') {
            let close = inner.find('}')?;
            (inner.get(..close)?, close + 2)
        } else {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count().min(1);
            match rest.as_bytes().first() {
                Some(b'@' | b'*' | b'#') => (rest.get(..1)?, 1),
                _ if digits == 1 => (rest.get(..1)?, 1),
                _ => return None,
            }
        };
        let value = match name {
            "@" | "*" => p.args()?.join(" "),
            "#" => p.args()?.len().to_string(),
            n if !n.is_empty() && n.bytes().all(|d| d.is_ascii_digit()) => {
                p.get(n.parse().ok()?)?
            }
            _ => return None,
        };
        out.push_str(&value);
        i += 1 + len;
    }
    if quoted {
        return Some(vec![out]);
    }
    // unquoted: split into fields
    Some(out.split_whitespace().map(String::from).collect())
}

/// A command that runs what it reads on stdin, or the file a `<(…)` names.
pub(super) fn runs_input(c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let key = names::folded_key(name);
    is_shell_key(key)
        || matches!(
            key,
            names::EVAL
                | names::SOURCE
                | names::DOT
                | names::PERL
                | names::RUBY
                | names::NODE
                | names::NODEJS
                | names::PHP
                | names::DENO
                | names::BUN
                | names::RSCRIPT
                | names::LUA
        )
        || name.starts_with("python")
}

/// The file `c` runs as a program: its name when it has a directory (`./i.sh`, `/tmp/x`),
/// the script operand of a shell or an interpreter, the file `source`/`.` reads.
pub(super) fn executed_file(c: &SimpleCommand) -> Option<&str> {
    let first = c.words.first()?;
    if first.contains('/') {
        return Some(first);
    }
    let key = names::folded_key(c.name()?);
    if matches!(key, names::SOURCE | names::DOT) {
        return c.words.get(1).map(String::as_str);
    }
    if !runs_input(c) || key == names::EVAL {
        return None;
    }
    let mut rest = c.words.iter().skip(1);
    while let Some(w) = rest.next() {
        match w.as_str() {
            "-c" | "-e" | "-E" | "-m" | "-r" | "--eval" | "--command" => return None,
            "-o" | "-O" | "--rcfile" | "--init-file" => {
                rest.next();
            }
            _ if w.starts_with('-') => {}
            _ => return Some(w),
        }
    }
    None
}
