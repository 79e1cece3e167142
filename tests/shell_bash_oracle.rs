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
//! bash's reprint is not always what it parsed (a redirection moved after a word that then
//! reads as a keyword, `$'…'` printed decoded in nested substitutions): a reprint that does
//! not reprint to itself, or a redirection before a keyword, leaves the line unjudged.
//!
//! Outcomes per line: both agree; toolgate refuses what bash accepts (fail-closed: counted);
//! bash rejects what toolgate parses (counted); toolgate lists programs bash would not run (a
//! command-variable script, a here-doc fed to a shell: counted); the reprint is not trusted
//! (counted); and DANGEROUS: bash would run a program toolgate does not list. The tests fail
//! on any dangerous line. The same oracle is the fuzz target `bash_oracle` (fuzz/).

#[path = "shell_bash_oracle/generator.rs"]
mod generator;
#[path = "shell_bash_oracle/oracle.rs"]
mod oracle;
#[path = "shell_bash_oracle/reprint.rs"]
mod reprint;
#[path = "support/rng.rs"]
mod rng;

use std::collections::BTreeSet;

use oracle::{Bash, Oracle, Shell, Verdict};

/// Lines generated per run; the seed is fixed, so every run checks the same lines.
const GENERATED: usize = 20_000;
const SEED: u64 = 0x7001_6a7e_0ac1_e000;

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
        match oracle.judge(line) {
            Verdict::Agree => counts.agree += 1,
            Verdict::BothReject => counts.both_reject += 1,
            Verdict::Refuses => counts.refuses += 1,
            Verdict::BashRejects => counts.bash_rejects += 1,
            Verdict::ListsMore => counts.lists_more += 1,
            Verdict::Unreadable => counts.unreadable += 1,
            Verdict::Dangerous(d) => counts.dangerous.push(d),
        }
    }
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
        oracle
            .errors
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    counts
}

fn no_dangerous(label: &str, lines: &[String]) {
    let counts = compare(label, lines);
    assert!(
        counts.dangerous.is_empty(),
        "{} dangerous disagreements",
        counts.dangerous.len()
    );
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
    no_dangerous("generated", &lines);
}

#[test]
fn realistic_commands_name_the_programs_bash_runs() {
    let all: Vec<String> = serde_json::from_str(include_str!("../bench/fixtures/commands.json"))
        .expect("commands.json");
    let mut seen = BTreeSet::new();
    let lines: Vec<String> = all.into_iter().filter(|c| seen.insert(c.clone())).collect();
    no_dangerous("realistic", &lines);
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
        (
            "echo $(ls; cat <(id)) `whoami`",
            Some(&["cat", "echo", "id", "ls", "whoami"]),
        ),
        ("cat <<EOF\n$(id)\nEOF\nrm x", Some(&["cat", "id", "rm"])),
        ("cat <<'EOF'\n$(id)\nEOF", Some(&["cat"])),
        (
            "sudo -u root bash -c 'rm -rf ~'",
            Some(&["bash", "rm", "sudo"]),
        ),
        ("case x in a) rm;; esac", Some(&["rm"])),
        // brace expansion names the program; an unmatched `{` and quoted braces are literal
        ("{r,}m -rf /", Some(&["rm"])),
        ("{{{r,d}m -rf /", Some(&["{{rm"])),
        (
            "'{r,}'m x; {,}ls; \\{a,b} x",
            Some(&["ls", "{r,}m", "{a,b}"]),
        ),
        ("time -- ls", Some(&["ls"])),
        ("X= time -p --`ls` y", Some(&["ls", "time", "y"])),
        ("dash -cc%pIoc co", Some(&["dash"])),
        ("dash -ec co", Some(&["co", "dash"])),
        // the first operand after the options is the script; a refused option runs nothing
        ("sh -cx u -c ls", Some(&["sh", "u"])),
        ("dash -c' x' u -c ls", Some(&["dash"])),
        ("dash -cxo errexit ls", Some(&["dash", "ls"])),
        // a bare `$` in a brace list is a character: the braces expand
        ("g,{{{de{},$,,}}-/ s", Some(&["g,{{de{}}-/"])),
        ("[[ -f x ]] && ((i++)) && f() { rm; }", Some(&["rm"])),
        // a backslash escaping nothing at the end of a script is literal: bash runs `\`
        (">`\\\\`", Some(&["\\"])),
        ("echo `@\\\\`", Some(&["@\\", "echo"])),
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
    assert!(oracle.errors.is_empty(), "{:?}", oracle.errors);
    // a reprint whose last word ends in a backslash escaping nothing is read, not a panic
    let odd = "\u{4}\\%\\\\\u{4}\\%\\\\\\\\\\`\\%\\\\\u{1e}\\\u{1}".to_string();
    oracle.prepare(std::slice::from_ref(&odd));
    let _ = oracle.judge(&odd);
    // a byte inside `[[` that starts no word is an error of the reader, not a hang
    assert!(reprint::simple_commands("[[ a ; ]]").is_err());
    // after a redirection `!` is a program's name, which the reprint hides (it moves the
    // redirection after it): not judged, also when the target holds a quoted blank
    for line in [
        "&>x ! rm y",
        "&>\"a b\"$c ! rm y",
        "l&<1lse ! X1 rm",
        "ls &&&>3 ! rm",
        "&>\"a\n(b)\"$c ! rm y",
        "&>\"a \"!\u{b}c ! rm y",
    ] {
        oracle.prepare(&[line.to_string()]);
        assert!(
            matches!(oracle.judge(line), Verdict::Unreadable),
            "{line:?}"
        );
    }
    // a program named by a loop's variable: bash's reprint says `$f`, toolgate lists the
    // values; a program bash runs that toolgate misses is still dangerous
    for (line, agrees) in [
        ("for f in in ba%ckendtsx; do wc-  |\"$f\"; done", true),
        ("for f in a b; do \"$f\"; done", true),
        ("for f in a b; do \"$f\"; rm x; done", true),
    ] {
        oracle.prepare(&[line.to_string()]);
        let v = oracle.judge(line);
        assert_eq!(
            matches!(v, Verdict::Agree | Verdict::ListsMore),
            agrees,
            "{line:?}: {v:?}"
        );
    }
}
