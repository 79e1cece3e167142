//! bash as the parser's oracle: for generated and realistic command lines, the programs bash
//! would run are compared with the commands `shell::analyse` lists.
//!
//! bash parses each line as a function body and reprints it (`declare -f`); the body is never
//! run. The function comes in through the environment (`BASH_FUNC_f%%=() { … }`), bash's
//! import path for exported functions, which accepts exactly one function definition and runs
//! nothing else, so a line that would close the body early (`}; rm -rf /; g() {`) is rejected
//! rather than executed. bash starts with an empty environment, no startup files and an empty
//! temporary directory as its working directory. `reprint.rs` reads the reprint (written apart
//! from toolgate's parser), and each simple command's words go through toolgate's launcher
//! peeling as quoted words (no grammar left to get wrong), so the comparison is of the grammar:
//! which words are programs. Scripts given to `bash -c`, `sh -c`, `dash -c` and `eval` are
//! compared the same way, by the shell that reads them (`sh`/`dash` code: `bash --posix`
//! reprints it and `dash -n` must accept it).
//!
//! Outcomes per line: both agree; toolgate refuses what bash accepts (fail-closed: counted);
//! bash rejects what toolgate parses (counted); toolgate lists programs bash would not run (a
//! command-variable script, a here-doc fed to a shell: counted); and DANGEROUS: bash would
//! run a program toolgate does not list. The tests fail on any dangerous line.

#[path = "shell_bash_oracle/generator.rs"]
mod generator;
#[path = "shell_bash_oracle/reprint.rs"]
mod reprint;

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use toolgate::shell::{analyse, quote, Origin, Problem};

/// Lines generated per run; the seed is fixed, so every run checks the same lines.
const GENERATED: usize = 20_000;
const SEED: u64 = 0x7001_6a7e_0ac1_e000;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
enum Shell {
    Bash,
    /// POSIX sh (dash is Debian's /bin/sh)
    Posix,
}

/// A reprint, or `None` when the shell rejects the text.
type Reprints = HashMap<(Shell, String), Option<Vec<reprint::Simple>>>;

struct Oracle {
    bash: PathBuf,
    dash: Option<PathBuf>,
    cwd: PathBuf,
    cache: Reprints,
    /// Scripts `dash -n` rejects.
    dash_rejects: BTreeSet<String>,
    /// Reprints the reader cannot follow (bash prints a here-doc body inside a nested
    /// subshell's line, or a command named `{` as a group): not judged, counted.
    unreadable: BTreeSet<(Shell, String)>,
    errors: Vec<String>,
}

/// What the oracle says of a text.
enum Bash {
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
    fn new() -> Oracle {
        let bash = find("bash").expect("bash is needed for the parser oracle and was not found");
        let dash = find("dash");
        if dash.is_none() {
            eprintln!("dash not found: `sh -c`/`dash -c` scripts are checked by `bash --posix` only");
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
            // bash's reprint is not always what it parsed (a redirection moved in front of a
            // word that then reads as a keyword, `$'…'` decoded unquoted in a nested
            // substitution): only a reprint that reprints to itself is read
            let bodies: Vec<String> = results.iter().flatten().cloned().collect();
            let again = self.run_bash(shell, &bodies.iter().collect::<Vec<_>>());
            let mut again = bodies.iter().zip(again);
            for (t, r) in batch.iter().zip(results) {
                if redirection_before_keyword(t) {
                    self.unreadable.insert((shell, (*t).clone()));
                }
                // (a coprocess gains its default name once more each time; a here-doc in a
                // list is reprinted with the `&&` or `||` after its body, which bash cannot
                // read back but the reader follows)
                let stable = |(body, second): (&String, Option<String>)| match second {
                    Some(s) => s.replace("coproc COPROC COPROC ", "coproc COPROC ") == *body,
                    // (bash also reprints `$'…'` decoded and unquoted in some nested
                    // substitutions: then it cannot read it back either)
                    None => body.replace("<<<", "").contains("<<") && !t.contains("$'"),
                };
                if r.is_some() && !again.next().is_some_and(stable) {
                    if std::env::var("ORACLE_UNSTABLE").is_ok() {
                        println!("UNSTABLE {t:?}\n  first  {:?}\n  second {:?}", r, self.run_bash(shell, &[r.as_ref().unwrap()]));
                    }
                    self.unreadable.insert((shell, (*t).clone()));
                }
                let parsed = r.map(|body| match reprint::simple_commands(&body) {
                    Ok(s) => s,
                    Err(e) => {
                        self.errors.push(format!("{e}\n  line: {t:?}\n  reprint: {body:?}"));
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
            cmd.env_clear().current_dir(&self.cwd).args(["--norc", "--noprofile"]);
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
                    results[i] = c.split_once("{ \n").map(|(_, rest)| {
                        rest.strip_suffix("}\n").unwrap_or(rest).to_string()
                    });
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
            let last = errors
                .lines()
                .rev()
                .find_map(|l| l.split(": f").nth(1)?.split(':').next()?.parse::<usize>().ok());
            let at = last.and_then(|n| live.iter().position(|&i| i == n)).unwrap_or(0);
            dropped.push(live.remove(at));
        }
        for i in dropped {
            results[i] = self.run_bash(shell, &[texts[i]]).pop().flatten();
        }
        results
    }

    /// The programs `shell` would run for `text`, scripts it launches included (`prepare`
    /// must have run).
    fn programs(&self, shell: Shell, text: &str, depth: usize) -> Bash {
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
            let (programs, scripts) = peel(s);
            set.extend(programs);
            for (inner, (inherit, code)) in scripts {
                let inner = if inherit { shell } else { inner };
                if depth < 8 {
                    match self.programs(inner, &code, depth + 1) {
                        Bash::Runs(p) => set.extend(p),
                        other => return other,
                    }
                }
            }
        }
        Bash::Runs(set)
    }

    /// Reprints `texts` and, round after round, the scripts their commands launch.
    fn prepare(&mut self, texts: &[String]) {
        let mut round: Vec<(Shell, String)> = texts.iter().map(|t| (Shell::Bash, t.clone())).collect();
        for _ in 0..8 {
            if round.is_empty() {
                break;
            }
            for shell in [Shell::Bash, Shell::Posix] {
                let batch: Vec<String> =
                    round.iter().filter(|r| r.0 == shell).map(|r| r.1.clone()).collect();
                self.reprint_all(shell, &batch);
            }
            let mut next = Vec::new();
            for (shell, t) in &round {
                if let Some(Some(simples)) = self.cache.get(&(*shell, t.clone())) {
                    for s in simples {
                        for (inner, (inherit, code)) in peel(s).1 {
                            let inner = if inherit { *shell } else { inner };
                            if !self.cache.contains_key(&(inner, code.clone())) {
                                next.push((inner, code));
                            }
                        }
                    }
                }
            }
            round = next;
        }
    }
}

/// The programs of one reprinted simple command through its launchers (toolgate peels them,
/// from quoted words), and the scripts it launches: (shell, (inherits the caller's shell,
/// text)).
fn peel(s: &reprint::Simple) -> (Vec<String>, Vec<(Shell, (bool, String))>) {
    let words: Vec<(String, bool)> = s.words.iter().map(|w| reprint::unquote(w)).collect();
    let Some((first, dynamic)) = words.first() else {
        return (Vec::new(), Vec::new());
    };
    if *dynamic {
        return (vec!["<dynamic>".into()], Vec::new());
    }
    // a word with an expansion becomes a placeholder of the same shape (an assignment stays
    // one: `env a[$i]=y rm` runs `rm`)
    let mut quoted: Vec<String> = s
        .words
        .iter()
        .zip(&words)
        .map(|(raw, (w, d))| match (d, reprint::is_assignment(raw)) {
            (false, _) => quote(w).into_owned(),
            (true, true) => "__dynamic__=x".to_string(),
            (true, false) => "__dynamic__".to_string(),
        })
        .collect();
    // a program named like an assignment (`$'\x72m'x=1`) must stay the program
    if let Some(name) = quoted.first_mut().filter(|_| reprint::is_assignment(first)) {
        *name = format!("'{}'", first.replace('\'', "'\\''"));
    }
    let a = analyse(&quoted.join(" "));
    if a.commands.is_empty() {
        // a launcher of an empty script (`sh -c ''`) runs nothing
        return (Vec::new(), Vec::new());
    }
    let mut programs = vec![basename(first).to_string()];
    let mut scripts = Vec::new();
    for c in &a.commands {
        // the launchers of these words, up to the script launcher (those inside its script
        // are the oracle's to find, in the script)
        let outer = c.wrappers.iter().position(|w| w.script).map_or(c.wrappers.len(), |i| i + 1);
        for w in &c.wrappers[..outer] {
            if let Some(w0) = w.words.first() {
                programs.push(basename(w0).to_string());
            }
        }
        // (a script's commands are the oracle's to find, in the script)
        if matches!(c.origin, Origin::Top | Origin::Exec) {
            if let Some(n) = c.name() {
                let dynamic = n.starts_with("__dynamic__") || c.is_dynamic(0);
                programs.push(if dynamic { "<dynamic>".into() } else { n.to_string() });
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
                    scripts.push((Shell::Bash, (true, code.join(" "))));
                }
            } else if let Some(ci) = rest.iter().position(|(w, _)| w.starts_with('-') && w.contains('c')) {
                if let Some((code, false)) = rest.get(ci + 1) {
                    let shell = if matches!(name, "sh" | "dash" | "ash") { Shell::Posix } else { Shell::Bash };
                    if matches!(name, "bash" | "sh" | "dash" | "ash") {
                        scripts.push((shell, (false, code.clone())));
                    }
                }
            }
        }
    }
    (programs, scripts)
}

/// A redirection before a reserved word at the start of a command (`>x ! rm`, `2>&1 coproc {`):
/// the word is then a program's name, but the reprint moves the redirection after it
/// (`! rm >x`), where it reads as the keyword again. A crude look at blank-separated tokens.
fn redirection_before_keyword(text: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "!", "time", "coproc", "{", "if", "while", "until", "for", "select", "case", "[[", "function",
    ];
    let redirection = |t: &str| {
        let op = t.trim_start_matches(|c: char| c.is_ascii_digit());
        let op = op.strip_prefix('{').and_then(|o| o.split_once('}')).map_or(op, |(_, r)| r);
        (op.starts_with(['<', '>']) || op.starts_with("&>")) && !op.contains('(')
    };
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    let mut at_start = true;
    while let Some(t) = tokens.get(i) {
        if at_start && redirection(t) {
            let mut j = i;
            while tokens.get(j).is_some_and(|t| redirection(t)) {
                let bare = tokens[j].trim_start_matches(|c: char| "0123456789<>&|-".contains(c)).is_empty();
                j += if bare { 2 } else { 1 };
            }
            if tokens.get(j).is_some_and(|w| KEYWORDS.contains(w) || w.starts_with("((")) {
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

fn basename(w: &str) -> &str {
    w.rsplit('/').next().filter(|b| !b.is_empty()).unwrap_or(w)
}

/// The programs toolgate lists for `text` (launchers included), or `None` when it refuses.
fn toolgate_programs(text: &str) -> Option<BTreeSet<String>> {
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
            Some(w) if w == "[[" && c.assignments.is_empty() && c.words.last().is_some_and(|l| l == "]]") => {}
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

#[derive(Default, Debug)]
struct Counts {
    agree: usize,
    both_reject: usize,
    refuses: usize,
    bash_rejects: usize,
    lists_more: usize,
    unreadable: usize,
    dangerous: Vec<String>,
}

fn compare(label: &str, lines: &[String]) -> Counts {
    let mut oracle = Oracle::new();
    oracle.prepare(lines);
    let mut counts = Counts::default();
    for line in lines {
        let bash = oracle.programs(Shell::Bash, line, 0);
        match (toolgate_programs(line), bash) {
            (_, Bash::Unreadable) => counts.unreadable += 1,
            (None, Bash::Rejects) => counts.both_reject += 1,
            (None, Bash::Runs(_)) => {
                counts.refuses += 1;
                if std::env::var("ORACLE_REFUSALS").is_ok() {
                    println!("  REFUSES {line:?}: {:?}", analyse(line).problem);
                }
            }
            (Some(_), Bash::Rejects) => counts.bash_rejects += 1,
            (Some(t), Bash::Runs(b)) => {
                let missing: Vec<&String> = b.difference(&t).collect();
                if !missing.is_empty() {
                    let simples = oracle.cache.get(&(Shell::Bash, line.clone()));
                    counts.dangerous.push(format!(
                        "{line:?}\n    bash runs {b:?}\n    toolgate lists {t:?}\n    reprint read as {simples:?}"
                    ));
                } else if t != b {
                    counts.lists_more += 1;
                } else {
                    counts.agree += 1;
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&oracle.cwd);
    println!(
        "{label}: {} lines: agree {} (both reject {}), toolgate refuses {}, bash rejects {}, \
         toolgate lists more {}, unreadable reprint {}, DANGEROUS {}",
        lines.len(),
        counts.agree,
        counts.both_reject,
        counts.refuses,
        counts.bash_rejects,
        counts.lists_more,
        counts.unreadable,
        counts.dangerous.len()
    );
    for d in counts.dangerous.iter().take(40) {
        println!("  DANGEROUS {d}");
    }
    // a reader that failed on many reprints would judge few lines
    assert!(
        oracle.errors.len() * 200 <= lines.len(),
        "the reprint reader failed on {} reprints:\n{}",
        oracle.errors.len(),
        oracle.errors.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
    counts
}

/// `ORACLE_SEED=N ORACLE_LINES=M cargo test --test shell_bash_oracle generated` explores
/// other lines; the default is the fixed seed the suite runs.
#[test]
fn generated_commands_name_the_programs_bash_runs() {
    let number = |var: &str| std::env::var(var).ok().and_then(|v| v.parse().ok());
    let seed = number("ORACLE_SEED").unwrap_or(SEED);
    let count = number("ORACLE_LINES").map_or(GENERATED, |n| n as usize);
    let mut g = generator::Gen::new(seed);
    let lines: Vec<String> = (0..count).map(|_| g.line()).collect();
    let counts = compare("generated", &lines);
    assert!(counts.dangerous.is_empty(), "{} dangerous disagreements", counts.dangerous.len());
}

#[test]
fn realistic_commands_name_the_programs_bash_runs() {
    let all: Vec<String> =
        serde_json::from_str(include_str!("../bench/fixtures/commands.json")).expect("commands.json");
    let mut seen = BTreeSet::new();
    let lines: Vec<String> = all.into_iter().filter(|c| seen.insert(c.clone())).collect();
    let counts = compare("realistic", &lines);
    assert!(counts.dangerous.is_empty(), "{} dangerous disagreements", counts.dangerous.len());
}

/// The oracle itself: known reprints read as bash runs them, so a broken reader cannot pass
/// the comparisons by listing nothing.
#[test]
fn the_oracle_sees_what_bash_runs() {
    let cases: &[(&str, Option<&[&str]>)] = &[
        ("a[1]=x rm -rf /", Some(&["rm"])),
        ("a[1 + 2]=x rm -rf /", Some(&["rm"])),
        ("{fd}>/dev/null rm -rf /", Some(&["rm"])),
        ("time ! rm -rf /", Some(&["rm"])),
        ("time X=1 rm -rf /", Some(&["rm"])),
        ("coproc rm -rf /", Some(&["rm"])),
        ("coproc w { rm -rf /; }", Some(&["rm"])),
        ("echo | time cat", Some(&["cat", "echo", "time"])),
        ("x=1 time ls", Some(&["ls", "time"])),
        ("echo $(ls; cat <(id)) `whoami`", Some(&["cat", "echo", "id", "ls", "whoami"])),
        ("cat <<EOF\n$(id)\nEOF\nrm x", Some(&["cat", "id", "rm"])),
        ("cat <<'EOF'\n$(id)\nEOF", Some(&["cat"])),
        ("sudo -u root bash -c 'rm -rf ~'", Some(&["bash", "rm", "sudo"])),
        ("case x in a) rm;; esac", Some(&["rm"])),
        ("[[ -f x ]] && ((i++)) && f() { rm; }", Some(&["rm"])),
        ("}; rm -rf /; g() {", None),
        ("echo 'unterminated", None),
    ];
    let lines: Vec<String> = cases.iter().map(|c| c.0.to_string()).collect();
    let mut oracle = Oracle::new();
    oracle.prepare(&lines);
    for (line, expected) in cases {
        let got = match oracle.programs(Shell::Bash, line, 0) {
            Bash::Runs(p) => Some(p),
            Bash::Rejects => None,
            Bash::Unreadable => panic!("{line:?}: {:?}", oracle.errors),
        };
        let expected = expected.map(|e| e.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>());
        assert_eq!(got, expected, "{line:?}");
    }
    let _ = std::fs::remove_dir_all(&oracle.cwd);
    assert!(oracle.errors.is_empty(), "{:?}", oracle.errors);
}

#[test]
#[ignore]
fn debug_line() {
    let line = std::env::var("ORACLE_LINE").unwrap();
    let mut oracle = Oracle::new();
    oracle.prepare(&[line.clone()]);
    for ((shell, t), v) in &oracle.cache {
        println!("{shell:?} {t:?}\n  => {v:?}");
    }
    match oracle.programs(Shell::Bash, &line, 0) {
        Bash::Runs(p) => println!("bash runs {p:?}"),
        Bash::Rejects => println!("bash rejects"),
        Bash::Unreadable => println!("unreadable {:?}", oracle.errors),
    }
    println!("toolgate {:?}", toolgate_programs(&line));
}
