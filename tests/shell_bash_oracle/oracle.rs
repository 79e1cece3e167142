//! The oracle: bash's reading of a command line, as the programs it would run, next to the
//! programs `shell::analyse` lists. Shared by tests/shell_bash_oracle.rs and the fuzz target
//! fuzz/fuzz_targets/bash_oracle.rs; see the test's docs for how bash is asked.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use toolgate::shell::{analyse, quote, Origin, Problem};

use crate::reprint::{self, Simple};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Shell {
    Bash,
    /// POSIX sh (dash is Debian's /bin/sh)
    Posix,
}

/// A reprint, or `None` when the shell rejects the text.
type Reprints = HashMap<(Shell, String), Option<Vec<Simple>>>;

pub struct Oracle {
    bash: PathBuf,
    dash: Option<PathBuf>,
    cwd: PathBuf,
    cache: Reprints,
    /// Scripts `dash -n` rejects.
    dash_rejects: BTreeSet<String>,
    /// Texts whose reprint cannot be trusted (it does not reprint to itself; a redirection
    /// before a keyword) or read: not judged, counted.
    unreadable: BTreeSet<(Shell, String)>,
    /// What the reprint reader could not read (it should be rare).
    pub errors: Vec<String>,
}

/// What the oracle says of a text.
pub enum Bash {
    Rejects,
    Unreadable,
    Runs(BTreeSet<String>),
}

fn find(program: &str) -> Option<PathBuf> {
    ["/bin", "/usr/bin", "/usr/local/bin"]
        .iter()
        .map(|d| PathBuf::from(d).join(program))
        .find(|p| p.exists())
}

impl Oracle {
    pub fn new() -> Oracle {
        let bash = find("bash").expect("bash is needed for the parser oracle and was not found");
        let dash = find("dash");
        if dash.is_none() {
            eprintln!(
                "dash not found: `sh -c`/`dash -c` scripts are checked by `bash --posix` only"
            );
        }
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let cwd = std::env::temp_dir().join(format!("toolgate-oracle-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&cwd).expect("temporary directory");
        Oracle {
            bash,
            dash,
            cwd,
            cache: HashMap::new(),
            dash_rejects: BTreeSet::new(),
            unreadable: BTreeSet::new(),
            errors: Vec::new(),
        }
    }

    /// Reprints every text not yet cached, in batches of one bash process each.
    fn reprint_all(&mut self, shell: Shell, texts: &[String]) {
        let todo: Vec<&String> = {
            let mut seen = BTreeSet::new();
            texts
                .iter()
                .filter(|t| !self.cache.contains_key(&(shell, (*t).clone())) && seen.insert(*t))
                .collect()
        };
        let mut start = 0;
        while start < todo.len() {
            // environment strings: at most 128 KiB each, a few MiB in all
            let mut end = start;
            let mut size = 0;
            while end < todo.len() && end - start < 100 && size < 400_000 {
                size += todo[end].len() + 32;
                end += 1;
            }
            let batch = &todo[start..end];
            let results = self.run_bash(shell, batch);
            // bash's reprint is not always what it parsed: `$'…'` printed decoded and
            // unquoted in nested substitutions, a redirection moved after a word that then
            // reads as a keyword. A reprint is trusted when it reprints to itself (a coprocess
            // gains its default name once more each time), or when bash cannot read it back
            // for the one known harmless cause: a here-doc in an `&&`/`||` list, printed with
            // the operator after its body (the reader follows that); and never after a
            // redirection before a keyword.
            let bodies: Vec<String> = results.iter().flatten().cloned().collect();
            let again = self.run_bash(shell, &bodies.iter().collect::<Vec<_>>());
            let mut again = bodies.iter().zip(again);
            for (t, r) in batch.iter().zip(results) {
                if redirection_before_keyword(t) {
                    self.unreadable.insert((shell, (*t).clone()));
                }
                let stable = |(body, second): (&String, Option<String>)| match second {
                    Some(s) => s.replace("coproc COPROC COPROC ", "coproc COPROC ") == *body,
                    None => body.replace("<<<", "").contains("<<") && !t.contains("$'"),
                };
                if r.is_some() && !again.next().is_some_and(stable) {
                    self.unreadable.insert((shell, (*t).clone()));
                }
                let parsed = r.map(|body| match reprint::simple_commands(&body) {
                    Ok(s) => s,
                    Err(e) => {
                        self.errors
                            .push(format!("{e}\n  line: {t:?}\n  reprint: {body:?}"));
                        self.unreadable.insert((shell, (*t).clone()));
                        Vec::new()
                    }
                });
                self.cache.insert((shell, (*t).clone()), parsed);
            }
            start = end;
        }
        if shell == Shell::Posix {
            if let Some(dash) = &self.dash {
                for t in &todo {
                    let ok = Command::new(dash)
                        .env_clear()
                        .current_dir(&self.cwd)
                        .args(["-n", "-c", t.as_str()])
                        .output()
                        .is_ok_and(|o| o.status.success());
                    if !ok {
                        self.dash_rejects.insert((*t).clone());
                    }
                }
            }
        }
    }

    /// The reprinted bodies of `texts` (`None`: rejected).
    fn run_bash(&self, shell: Shell, texts: &[&String]) -> Vec<Option<String>> {
        let mut results: Vec<Option<String>> = vec![None; texts.len()];
        let mut live: Vec<usize> = (0..texts.len()).collect();
        let mut dropped = Vec::new();
        while !live.is_empty() {
            let mut cmd = Command::new(&self.bash);
            cmd.env_clear()
                .current_dir(&self.cwd)
                .args(["--norc", "--noprofile"]);
            if shell == Shell::Posix {
                cmd.arg("--posix");
            }
            for &i in &live {
                let text = match shell {
                    Shell::Bash => texts[i].to_string(),
                    Shell::Posix => posix_arithmetic_as_subshells(texts[i]),
                };
                cmd.env(format!("BASH_FUNC_f{i}%%"), format!("() {{\n{text}\n}}"));
            }
            let names: Vec<String> = live.iter().map(|i| format!("f{i}")).collect();
            let script = format!(
                "for f in {}; do declare -f \"$f\"; printf '\\001\\n'; done",
                names.join(" ")
            );
            let out = cmd.args(["-c", &script]).output().expect("bash runs");
            let text = String::from_utf8_lossy(&out.stdout);
            let chunks: Vec<&str> = text.split("\u{1}\n").collect();
            if chunks.len() > live.len() {
                for (&i, c) in live.iter().zip(chunks) {
                    // `fN () \n{ \n` BODY `}\n`
                    results[i] = c
                        .split_once("{ \n")
                        .map(|(_, rest)| rest.strip_suffix("}\n").unwrap_or(rest).to_string());
                }
                break;
            }
            // A syntax error inside a `$(…)` of an imported function ends bash before it
            // runs anything: the last function its errors name is most likely the one; set it
            // aside, retry the rest, then judge it alone. Alone, it is rejected.
            if texts.len() == 1 {
                return results;
            }
            let errors = String::from_utf8_lossy(&out.stderr);
            let last = errors.lines().rev().find_map(|l| {
                l.split(": f")
                    .nth(1)?
                    .split(':')
                    .next()?
                    .parse::<usize>()
                    .ok()
            });
            let at = last
                .and_then(|n| live.iter().position(|&i| i == n))
                .unwrap_or(0);
            dropped.push(live.remove(at));
        }
        for i in dropped {
            results[i] = self.run_bash(shell, &[texts[i]]).pop().flatten();
        }
        results
    }

    /// The programs `shell` would run for `text`, scripts it launches included (`prepare`
    /// must have run).
    pub fn programs(&self, shell: Shell, text: &str, depth: usize) -> Bash {
        let key = (shell, text.to_string());
        if self.unreadable.contains(&key) {
            return Bash::Unreadable;
        }
        if shell == Shell::Posix && self.dash_rejects.contains(text) {
            return Bash::Rejects;
        }
        let Some(Some(simples)) = self.cache.get(&key) else {
            return Bash::Rejects;
        };
        let mut set = BTreeSet::new();
        for s in simples {
            let Some((programs, scripts)) = peel(s) else {
                return Bash::Unreadable;
            };
            set.extend(programs);
            for script in scripts {
                let inner = if script.inherits { shell } else { script.shell };
                if depth < 8 {
                    match self.programs(inner, &script.text, depth + 1) {
                        Bash::Runs(p) => set.extend(p),
                        other => return other,
                    }
                }
            }
        }
        Bash::Runs(set)
    }

    /// Reprints `texts` and, round after round, the scripts their commands launch.
    pub fn prepare(&mut self, texts: &[String]) {
        let mut round: Vec<(Shell, String)> =
            texts.iter().map(|t| (Shell::Bash, t.clone())).collect();
        for _ in 0..8 {
            if round.is_empty() {
                break;
            }
            for shell in [Shell::Bash, Shell::Posix] {
                let batch: Vec<String> = round
                    .iter()
                    .filter(|r| r.0 == shell)
                    .map(|r| r.1.clone())
                    .collect();
                self.reprint_all(shell, &batch);
            }
            let mut next = Vec::new();
            for (shell, t) in &round {
                if let Some(Some(simples)) = self.cache.get(&(*shell, t.clone())) {
                    for s in simples {
                        for script in peel(s).map(|p| p.1).unwrap_or_default() {
                            let inner = if script.inherits {
                                *shell
                            } else {
                                script.shell
                            };
                            if !self.cache.contains_key(&(inner, script.text.clone())) {
                                next.push((inner, script.text));
                            }
                        }
                    }
                }
            }
            round = next;
        }
    }
}

/// A word that stands for one with an expansion: it reads as a NUL, which no real line has.
const DYNAMIC: &str = "$'\\0'";

/// A script a command launches.
struct Script {
    shell: Shell,
    /// `eval`: read by the shell that runs the command.
    inherits: bool,
    text: String,
}

/// The programs of one reprinted simple command through its launchers (toolgate peels them,
/// from quoted words), and the scripts it launches; `None` when its words cannot be read.
fn peel(s: &Simple) -> Option<(Vec<String>, Vec<Script>)> {
    let mut raws = Vec::new();
    for w in &s.words {
        // (an empty word brace expansion made is removed: `{,}x` is `x`)
        raws.extend(reprint::braces(w)?.into_iter().filter(|w| !w.is_empty()));
    }
    let words: Vec<(String, bool)> = raws.iter().map(|w| reprint::unquote(w)).collect();
    let Some((first, dynamic)) = words.first() else {
        return Some((Vec::new(), Vec::new()));
    };
    if *dynamic {
        return Some((vec!["<dynamic>".into()], Vec::new()));
    }
    // a word with an expansion becomes a placeholder of the same shape (an assignment stays
    // one: `env a[$i]=y rm` runs `rm`; an option stays one: `time -p --$(x)` runs no command)
    let mut quoted: Vec<String> = raws
        .iter()
        .zip(&words)
        .map(|(raw, (w, d))| match (d, reprint::is_assignment(raw)) {
            (false, _) => quote(w).into_owned(),
            (true, true) => format!("d={DYNAMIC}"),
            (true, false) if raw.starts_with('-') => format!("-{DYNAMIC}"),
            (true, false) => DYNAMIC.to_string(),
        })
        .collect();
    // a program named like an assignment (`$'\x72m'x=1`) must stay the program
    if let Some(name) = quoted.first_mut().filter(|_| reprint::is_assignment(first)) {
        *name = format!("'{}'", first.replace('\'', "'\\''"));
    }
    let a = analyse(&quoted.join(" "));
    if a.commands.is_empty() {
        // a launcher of an empty script (`sh -c ''`) runs nothing
        return Some((Vec::new(), Vec::new()));
    }
    let mut programs = vec![basename(first).to_string()];
    let mut scripts = Vec::new();
    for c in &a.commands {
        // the launchers of these words, up to the script launcher (those inside its script
        // are the oracle's to find, in the script)
        let outer = c
            .wrappers
            .iter()
            .position(|w| w.script)
            .map_or(c.wrappers.len(), |i| i + 1);
        for w in &c.wrappers[..outer] {
            if let Some(w0) = w.words.first() {
                programs.push(basename(w0).to_string());
            }
        }
        // (a script's commands are the oracle's to find, in the script)
        if matches!(c.origin, Origin::Top | Origin::Exec) {
            if let Some(n) = c.name() {
                let dynamic = n.contains('\0') || c.is_dynamic(0);
                programs.push(if dynamic {
                    "<dynamic>".into()
                } else {
                    n.to_string()
                });
            }
        }
    }
    // the script of the first script launcher toolgate peeled, read from the words
    let launcher = a
        .commands
        .iter()
        .flat_map(|c| &c.wrappers)
        .find(|w| w.script && !w.name.ends_with("<<"));
    if let Some(l) = launcher {
        let at = words.iter().position(|(w, _)| Some(w) == l.words.first());
        if let Some(i) = at {
            let name = basename(&words[i].0);
            let rest = &words[i + 1..];
            if l.name == "eval" {
                if rest.iter().all(|(_, d)| !d) {
                    let code: Vec<&str> = rest.iter().map(|(w, _)| w.as_str()).collect();
                    let text = code.join(" ");
                    scripts.push(Script {
                        shell: Shell::Bash,
                        inherits: true,
                        text,
                    });
                }
            } else if let Some(ci) = script_operand(rest) {
                if let Some((code, false)) = rest.get(ci) {
                    let shell = if matches!(name, "sh" | "dash" | "ash") {
                        Shell::Posix
                    } else {
                        Shell::Bash
                    };
                    if matches!(name, "bash" | "sh" | "dash" | "ash") {
                        scripts.push(Script {
                            shell,
                            inherits: false,
                            text: code.clone(),
                        });
                    }
                }
            }
        }
    }
    Some((programs, scripts))
}

/// Where a shell's script is among its words (after its name), as the shell reads its
/// options: option words up to the first operand (or `--`), `-c` among them, then the first
/// operand is the script (`sh -cx u -c ls` runs `u`). An option word holding anything but
/// letters is refused, and nothing runs (`dash -cc%p co`); each `o`/`O` takes a value; bash's
/// long options come first.
fn script_operand(rest: &[(String, bool)]) -> Option<usize> {
    let mut c = false;
    let mut k = 0;
    while let Some((w, _)) = rest.get(k) {
        if w == "--" || w == "-" {
            k += 1;
            break;
        }
        if w.len() < 2 || !w.starts_with(['-', '+']) {
            break;
        }
        if w.starts_with("--") {
            k += 1;
            continue;
        }
        if !w[1..].bytes().all(|b| b.is_ascii_alphabetic()) {
            return None;
        }
        c |= w.starts_with('-') && w.contains('c');
        // (each `o` or `O` in a cluster takes the next word: `-ccopIo c c x` runs `x`)
        k += 1 + w.bytes().filter(|b| matches!(b, b'o' | b'O')).count();
    }
    c.then_some(k)
}

/// A redirection before a reserved word at the start of a command (`>x ! rm`, `2>&1 coproc {`):
/// the word is then a program's name, but the reprint moves the redirection after it
/// (`! rm >x`), where it reads as the keyword again. A crude look at blank-separated tokens.
fn redirection_before_keyword(text: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "!", "time", "coproc", "{", "if", "while", "until", "for", "select", "case", "[[",
        "function",
    ];
    let redirection = |t: &str| {
        let op = t.trim_start_matches(|c: char| c.is_ascii_digit());
        let op = op
            .strip_prefix('{')
            .and_then(|o| o.split_once('}'))
            .map_or(op, |(_, r)| r);
        // (not a process substitution `<(…)`; a quoted target may hold a `(`)
        let target = op.trim_start_matches(['<', '>', '&', '|']);
        (op.starts_with(['<', '>']) || op.starts_with("&>")) && !target.starts_with('(')
    };
    let tokens = blank_separated(text);
    let mut i = 0;
    let mut at_start = true;
    while let Some(t) = tokens.get(i) {
        if at_start && redirection(t) {
            let mut j = i;
            while tokens.get(j).is_some_and(|t| redirection(t)) {
                // an operator whose target is the next token (`2>`, not `&>3` or `>&-`)
                let bare = tokens[j]
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .chars()
                    .all(|c| "<>&|".contains(c));
                j += if bare { 2 } else { 1 };
            }
            if tokens
                .get(j)
                .is_some_and(|w| KEYWORDS.contains(w) || w.starts_with("(("))
            {
                return true;
            }
        }
        at_start = KEYWORDS.contains(t)
            || ["then", "do", "else", "elif"].contains(t)
            || t.ends_with([';', '|', '&', '(', '\n']);
        i += 1;
    }
    false
}

/// `text` split at blanks outside quotes (`&>"a b" ! rm` is three tokens) and after the
/// operators that end a command (`l&<x ! rm`: `l&`, `<x`, `!`, `rm`).
fn blank_separated(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let (mut start, mut quote, mut escaped) = (None, None, false);
    let b = text.as_bytes();
    for (i, c) in text.char_indices() {
        let prev = i.checked_sub(1).and_then(|p| b.get(p)).copied();
        let next = b.get(i + 1).copied();
        match (quote, c) {
            _ if escaped => escaped = false,
            (Some('"') | None, '\\') => escaped = true,
            (Some(q), c) if q == c => quote = None,
            (None, '\'' | '"') => quote = Some(c),
            // bash's blanks (a vertical tab is part of a word)
            (None, ' ' | '\t' | '\n') => {
                if let Some(s) = start.take() {
                    tokens.push(&text[s..i]);
                }
                continue;
            }
            // (not in `&>`, `>&`, `<&`, `>|`, `<(`, `>(`, `$(`)
            (None, ';' | '&' | '|' | '(')
                if !matches!(prev, Some(b'<' | b'>' | b'$'))
                    && !(c == '&' && next == Some(b'>')) =>
            {
                tokens.push(&text[start.unwrap_or(i)..=i]);
                start = None;
                continue;
            }
            _ => {}
        }
        start.get_or_insert(i);
    }
    if let Some(s) = start {
        tokens.push(&text[s..]);
    }
    tokens
}

/// bash, even with `--posix`, reads `((…))` as arithmetic; POSIX sh (dash) has no `((`
/// command: it opens two subshells. So sh code goes to bash with every `((` not after `$`
/// split (inside quotes that changes an argument, never which word is a program).
fn posix_arithmetic_as_subshells(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut prev = ' ';
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '(' && prev != '$' && chars.peek() == Some(&'(') {
            out.push(' ');
        }
        prev = c;
    }
    out
}

/// As toolgate takes a program's name: after the last `/` or `\`.
fn basename(w: &str) -> &str {
    w.rsplit(['/', '\\'])
        .next()
        .filter(|b| !b.is_empty())
        .unwrap_or(w)
}

/// The programs toolgate lists for `text` (launchers included), or `None` when it refuses.
pub fn toolgate_programs(text: &str) -> Option<BTreeSet<String>> {
    let a = analyse(text);
    if matches!(a.problem, Some(Problem::Unparseable(_))) {
        return None;
    }
    let mut set = BTreeSet::new();
    for c in &a.commands {
        for w in &c.wrappers {
            if let Some(w0) = w.words.first() {
                set.insert(basename(w0).to_string());
            }
        }
        match c.words.first() {
            None => {}
            // the `[[ … ]]` keyword, not a program
            Some(w)
                if w == "[["
                    && c.assignments.is_empty()
                    && c.words.last().is_some_and(|l| l == "]]") => {}
            Some(_) if c.is_dynamic(0) => {
                set.insert("<dynamic>".into());
            }
            Some(w) => {
                set.insert(basename(w).to_string());
            }
        }
    }
    Some(set)
}

/// One line judged.
#[derive(Debug)]
pub enum Verdict {
    Agree,
    BothReject,
    /// toolgate refuses (unparseable) what bash accepts: fail-closed.
    Refuses,
    /// bash (or a shell a script goes to) rejects what toolgate parses.
    BashRejects,
    /// toolgate lists programs bash would not run, and every program bash would.
    ListsMore,
    /// bash's reprint could not be trusted or read: not judged.
    Unreadable,
    /// bash would run a program toolgate does not list.
    Dangerous(String),
}

impl Oracle {
    /// `line` judged (`prepare` must have run on it).
    pub fn judge(&self, line: &str) -> Verdict {
        match (toolgate_programs(line), self.programs(Shell::Bash, line, 0)) {
            // a program named by a variable toolgate resolved (`for f in a b; do "$f"; done`
            // lists `a` and `b`): bash's reprint cannot name it, toolgate can
            (Some(t), Bash::Runs(mut b))
                if b.contains("<dynamic>")
                    && !t.contains("<dynamic>")
                    && t.iter().any(|n| !b.contains(n)) =>
            {
                b.remove("<dynamic>");
                match b.is_subset(&t) {
                    true if t == b => Verdict::Agree,
                    true => Verdict::ListsMore,
                    false => Verdict::Dangerous(format!(
                        "{line:?}\n    bash runs {b:?} and a program named by a value\n    toolgate lists {t:?}"
                    )),
                }
            }
            (_, Bash::Unreadable) => Verdict::Unreadable,
            (None, Bash::Rejects) => Verdict::BothReject,
            (None, Bash::Runs(_)) => Verdict::Refuses,
            (Some(_), Bash::Rejects) => Verdict::BashRejects,
            (Some(t), Bash::Runs(b)) if b.is_subset(&t) && t != b => Verdict::ListsMore,
            (Some(t), Bash::Runs(b)) if t == b => Verdict::Agree,
            (Some(t), Bash::Runs(b)) => {
                let read = self.cache.get(&(Shell::Bash, line.to_string()));
                Verdict::Dangerous(format!(
                    "{line:?}\n    bash runs {b:?}\n    toolgate lists {t:?}\n    reprint read as {read:?}"
                ))
            }
        }
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.cwd);
    }
}
