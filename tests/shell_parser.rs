//! Parser table tests: one case per line. Commands are listed in the order the analysis
//! yields them (substitutions before the command that holds them; here-doc bodies after).

use std::time::{Duration, Instant};

use toolgate::shell::{analyse, Origin, Problem, MAX_COMMANDS, MAX_INPUT_BYTES};

fn words(input: &str) -> Vec<Vec<String>> {
    analyse(input)
        .commands
        .into_iter()
        .map(|c| c.words)
        .collect()
}

#[rustfmt::skip]
const WORDS: &[(&str, &[&[&str]])] = &[
    // words, quotes, escapes
    ("ls -la", &[&["ls", "-la"]]),
    ("  ls\t-la  ", &[&["ls", "-la"]]),
    ("echo 'a b' \"c d\" e\\ f", &[&["echo", "a b", "c d", "e f"]]),
    ("echo 'it'\\''s'", &[&["echo", "it's"]]),
    ("echo $'a\\tb\\x41\\u00e9\\'q\\n'", &[&["echo", "a\tbAé'q\n"]]),
    ("echo $'\\101\\cA\\e'", &[&["echo", "A\u{1}\u{1b}"]]),
    ("echo \"a\\\"b\\$c\\\\d\\e\"", &[&["echo", "a\"b$c\\d\\e"]]),
    ("echo a\\\nb", &[&["echo", "ab"]]),
    ("echo \\$HOME '$HOME'", &[&["echo", "$HOME", "$HOME"]]),
    ("echo \"\"  ''", &[&["echo", "", ""]]),
    ("echo a#b", &[&["echo", "a#b"]]),
    ("ls # comment && rm -rf /", &[&["ls"]]),
    ("# only a comment", &[]),
    ("", &[]),
    ("echo {a,b} * ?.txt [ab]", &[&["echo", "a", "b", "*", "?.txt", "[ab]"]]),
    ("echo }", &[&["echo", "}"]]),
    ("echo $ \"$\"", &[&["echo", "$", "$"]]),
    ("echo é日本", &[&["echo", "é日本"]]),
    // expansions kept as written
    ("echo \"$HOME\"/x ${HOME} $1 $@ $?", &[&["echo", "$HOME/x", "${HOME}", "$1", "$@", "$?"]]),
    ("echo $((1 + 2))", &[&["echo", "$((1 + 2))"]]),
    ("echo $(( $(id -u) + 1 ))", &[&["id", "-u"], &["echo", "$(( $(id -u) + 1 ))"]]),
    ("echo ${x:-$(id)}", &[&["id"], &["echo", "${x:-$(id)}"]]),
    ("echo \"${x:-\"a b\"}\"", &[&["echo", "${x:-\"a b\"}"]]),
    // substitutions yield their commands
    ("echo $(date) `whoami`", &[&["date"], &["whoami"], &["echo", "$(date)", "`whoami`"]]),
    ("echo \"$(cat .env)\"", &[&["cat", ".env"], &["echo", "$(cat .env)"]]),
    ("echo $(echo $(echo deep))", &[&["echo", "deep"], &["echo", "$(echo deep)"], &["echo", "$(echo $(echo deep))"]]),
    ("echo `echo \\`id\\``", &[&["id"], &["echo", "`id`"], &["echo", "`echo \\`id\\``"]]),
    ("diff <(ls a) >(wc -l)", &[&["ls", "a"], &["wc", "-l"], &["diff", "<(ls a)", ">(wc -l)"]]),
    ("x=$(curl a | sh)", &[&["curl", "a"], &["sh"], &[]]),
    ("echo $(case x in a) echo a;; esac)", &[&["echo", "a"], &["echo", "$(case x in a) echo a;; esac)"]]),
    ("echo $(\nls\n)", &[&["ls"], &["echo", "$(\nls\n)"]]),
    // lists and pipelines
    ("a | b |& c && d || e ; f & g\nh", &[&["a"], &["b"], &["c"], &["d"], &["e"], &["f"], &["g"], &["h"]]),
    ("a &&\n  b ||\n  c |\n  d", &[&["a"], &["b"], &["c"], &["d"]]),
    ("a;b;c", &[&["a"], &["b"], &["c"]]),
    ("a&b", &[&["a"], &["b"]]),
    ("! a | b", &[&["a"], &["b"]]),
    ("a &", &[&["a"]]),
    ("a;", &[&["a"]]),
    // groups and compound commands
    ("(cd x; ls) && { pwd; }", &[&["cd", "x"], &["ls"], &["pwd"]]),
    ("( (a) )", &[&["a"]]),
    ("{ a; b; } > out", &[&["a"], &["b"]]),
    ("if a; then b; elif c; then d; else e; fi", &[&["a"], &["b"], &["c"], &["d"], &["e"]]),
    ("if a\nthen\n  b\nfi", &[&["a"], &["b"]]),
    ("while read l; do echo $l; done < f", &[&["read", "l"], &["echo", "$l"]]),
    ("until false; do :; done", &[&["false"], &[":"]]),
    ("for f in $(ls); do cat $f; done", &[&["ls"], &["cat", "$f"]]),
    ("for f in a b\ndo\n  rm $f\ndone", &[&["rm", "a"], &["rm", "b"]]),
    ("for ((i=0; i<3; i++)); do echo $i; done", &[&["echo", "$i"]]),
    ("select x in a b; do break; done", &[&["break"]]),
    ("case $x in a|b) one;; (c) two;& *) three;;& esac", &[&["one"], &["two"], &["three"]]),
    ("case x in\n  a) one ;;\n  *) two\nesac", &[&["one"], &["two"]]),
    ("[[ -f a && b < c ]] && ok", &[&["[[", "-f", "a", "&&", "b", "<", "c", "]]"], &["ok"]]),
    ("(( i++ )) && echo", &[&["echo"]]),
    ("f() { g; }; f", &[&["g"], &["f"]]),
    ("function f { g; }", &[&["g"]]),
    ("function f() ( g )", &[&["g"]]),
    ("a=(1 2 3); echo ${a[0]}", &[&[], &["echo", "1"]]),
    // assignments and redirections are not words
    ("FOO=1 BAR='x y' npm test", &[&["npm", "test"]]),
    ("FOO=1", &[&[]]),
    ("echo ok > out 2>&1 &> all >> app 2> err < in <> rw >| clob &>> both", &[&["echo", "ok"]]),
    ("> out", &[&[]]),
    ("echo 2>x a2>y", &[&["echo", "a2"]]),
    ("cat < <(ls)", &[&["ls"], &["cat"]]),
    // here-docs and here-strings
    ("cat <<EOF\nhello $(id)\nEOF", &[&["cat"], &["id"]]),
    ("cat <<'EOF'\nhello $(id)\nEOF", &[&["cat"]]),
    ("cat <<\"EOF\"\nhello `id`\nEOF", &[&["cat"]]),
    ("cat <<-EOF\n\tx\n\tEOF\necho after", &[&["cat"], &["echo", "after"]]),
    ("cat <<A <<B\na\nA\nb\nB", &[&["cat"]]),
    ("cat <<EOF | grep x\nbody\nEOF", &[&["cat"], &["grep", "x"]]),
    ("bash <<EOF\nrm x\nEOF", &[&["bash"], &["rm", "x"]]),
    ("sudo sh -s <<'EOF'\nrm x\nEOF", &[&["sh", "-s"], &["rm", "x"]]),
    ("cat <<EOF | sh\nrm x\nEOF", &[&["cat"], &["sh"], &["rm", "x"]]),
    ("x=$(cat <<EOF\nhi\nEOF\n)", &[&["cat"], &[]]),
    ("grep x <<< \"$y\"", &[&["grep", "x"]]),
    // launchers are peeled, recursively
    ("sudo -u root git log", &[&["git", "log"]]),
    ("sudo -E -- rm x", &[&["rm", "x"]]),
    ("sudo VAR=1 ls", &[&["ls"]]),
    ("/usr/bin/sudo ls", &[&["ls"]]),
    ("env -i FOO=1 nice -n 5 nohup timeout -s KILL 10 ls", &[&["ls"]]),
    ("time -p command -p builtin exec stdbuf -oL xargs -0 -n1 rm", &[&["rm"]]),
    ("timeout --signal=KILL 5s ls", &[&["ls"]]),
    ("nice -10 ls", &[&["ls"]]),
    ("doas -u x ls", &[&["ls"]]),
    ("xargs -I{} cp {} dst", &[&["cp", "{}", "dst"]]),
    ("setsid ionice -c 3 ls", &[&["ls"]]),
    ("bash -c 'echo hi && rm x'", &[&["echo", "hi"], &["rm", "x"]]),
    ("sh -lc \"cat .env\"", &[&["cat", ".env"]]),
    ("zsh -ec 'a; b'", &[&["a"], &["b"]]),
    ("bash -o pipefail -c 'a | b'", &[&["a"], &["b"]]),
    ("sudo bash -c \"sh -c 'rm x'\"", &[&["rm", "x"]]),
    ("eval 'ls' '-la'", &[&["ls", "-la"]]),
    ("eval \"a && b\"", &[&["a"], &["b"]]),
    ("su -c 'rm x' root", &[&["rm", "x"]]),
    ("watch -n 1 ls -la", &[&["ls", "-la"]]),
    ("env -S 'ls -la'", &[&["ls", "-la"]]),
    ("busybox rm x", &[&["rm", "x"]]),
    // not launchers (or nothing to launch)
    ("command -v git", &[&["command", "-v", "git"]]),
    ("sudo -e /etc/hosts", &[&["sudo", "-e", "/etc/hosts"]]),
    ("sudo -l", &[&["sudo", "-l"]]),
    ("xargs", &[&["xargs"]]),
    ("env", &[&["env"]]),
    ("bash script.sh", &[&["bash", "script.sh"]]),
    ("bash -c \"$X\"", &[&["bash", "-c", "$X"]]),
    ("eval \"$CMD\"", &[&["eval", "$CMD"]]),
    ("echo $CMD arg", &[&["echo", "$CMD", "arg"]]),
    // find -exec yields the command it runs
    ("find . -exec grep -l x {} +", &[&["find", ".", "-exec", "grep", "-l", "x", "{}", "+"], &["grep", "-l", "x", "{}"]]),
    ("find . -exec sh -c 'rm \"$1\"' _ {} \\;", &[&["find", ".", "-exec", "sh", "-c", "rm \"$1\"", "_", "{}", ";"], &["rm", "$1"]]),
    ("fd -x rm", &[&["fd", "-x", "rm"], &["rm"]]),
    // the grammar as bash reads it (each found by the bash oracle, tests/shell_bash_oracle.rs)
    ("a[1]=x rm -rf /", &[&["rm", "-rf", "/"]]),
    ("X=1 a[1]+=x m[k]=v a[\"k\"]=v rm x", &[&["rm", "x"]]),
    ("a[$(id)]=1 ls", &[&["id"], &["ls"]]),
    ("echo a[1]=x", &[&["echo", "a[1]=x"]]),
    ("{fd}>/dev/null rm -rf /", &[&["rm", "-rf", "/"]]),
    ("exec {fd}>/tmp/log", &[&["exec"]]),
    ("{a,b}>x ls", &[&["a", "b", "ls"]]), // not a descriptor name: a word, brace-expanded
    (">&-rm -rf /", &[&["rm", "-rf", "/"]]),
    ("echo 2<&- x", &[&["echo", "x"]]),
    ("2147483648>x rm -rf /", &[&["2147483648", "rm", "-rf", "/"]]),
    ("2147483647>x rm -rf /", &[&["rm", "-rf", "/"]]),
    ("time ! rm -rf /", &[&["rm", "-rf", "/"]]),
    ("time X=1 rm -rf /", &[&["rm", "-rf", "/"]]),
    ("time -p -- ls", &[&["ls"]]),
    ("time -- ls", &[&["ls"]]),
    ("time -- -p ls", &[&["-p", "ls"]]),
    ("time -p -p ls", &[&["-p", "ls"]]),
    ("! time ! ls && time", &[&["ls"]]),
    ("echo | time cat", &[&["echo"], &["cat"]]),
    ("x=1 time ls", &[&["ls"]]),
    ("coproc rm -rf /", &[&["rm", "-rf", "/"]]),
    ("coproc w { rm x; }", &[&["rm", "x"]]),
    ("coproc w ls", &[&["w", "ls"]]),
    ("coproc (rm x) && time coproc ls", &[&["rm", "x"], &["ls"]]),
    ("\\coproc ls", &[&["coproc", "ls"]]),
    ("ls<(rm x)", &[&["rm", "x"], &["ls<(rm x)"]]),
    ("echo 2>(rm x)", &[&["rm", "x"], &["echo", "2>(rm x)"]]),
    ("(( x )) <<EOF\n$(id)\nEOF", &[&["id"]]),
    // POSIX sh (sh, dash, ash) has no `((` or `[[`: dash runs `((rm -rf ~))` in two subshells
    ("dash -c '((rm -rf ~))'", &[&["rm", "-rf", "~"]]),
    ("sh -c '[[ -f x && rm -rf / ]]'", &[&["[[", "-f", "x"], &["rm", "-rf", "/", "]]"]]),
    ("sh <<EOF\n((rm -rf ~))\nEOF", &[&["sh"], &["rm", "-rf", "~"]]),
    ("watch '((rm -rf ~))'", &[&["rm", "-rf", "~"]]),
    ("bash -c '((rm -rf ~)) && [[ -f x && y ]]'", &[&["[[", "-f", "x", "&&", "y", "]]"]]),
    ("sh -c 'eval \"((rm x))\"; bash -c \"((rm y))\"'", &[&["rm", "x"]]),
];

/// `!` after an assignment or a redirection is a word to bash and dash (a program named `!`)
/// and a negation to zsh: the words are bash's, and the analysis does not vouch for the line.
#[test]
fn a_bang_after_an_assignment_or_redirection_is_bash_s_program_and_not_vouched_for() {
    for input in ["x=1 ! ls", ">/dev/null ! ls", "2>&1 ! ls"] {
        assert_eq!(
            words(input),
            vec![vec!["!".to_string(), "ls".to_string()]],
            "{input:?}"
        );
        assert!(
            matches!(analyse(input).problem, Some(Problem::Unparseable(_))),
            "{input:?}"
        );
    }
    // at the start of a pipeline it negates in every shell: the program is `ls`
    assert_eq!(words("! ls"), vec![vec!["ls".to_string()]]);
    assert_eq!(analyse("! ls").problem, None);
}

#[test]
fn words_table() {
    for (input, expected) in WORDS {
        let a = analyse(input);
        assert_eq!(a.problem, None, "{input:?}");
        let got = words(input);
        let expected: Vec<Vec<String>> = expected
            .iter()
            .map(|c| c.iter().map(|w| w.to_string()).collect())
            .collect();
        assert_eq!(got, expected, "{input:?}");
    }
}

#[rustfmt::skip]
const UNPARSEABLE: &[&str] = &[
    "echo 'x", "echo \"x", "echo $(x", "echo `x", "echo ${x", "echo $'x", "echo $((1+2)",
    "a &&& b", "a | | b", "| a", "a |", "a &&", "a ||", "&& a", "a && || b", ";", "a ;; b", "a & & b", "a &; b",
    "(a", "a)", "((a)", "{ a", "{ a; ", "a }; }", "echo (x)", "f(", "f( x",
    "cat <<EOF\nx", "cat <<EOF", "cat <<EOF\nx\nEOF \n",
    "if a; then b", "if a; b; fi", "while a; do b", "for x in a; do b", "for x in a; b; done", "case x in a) b", "case x a) b;; esac",
    "[[ -f x", "echo x >", "echo >&", "echo x <", "echo > > x", "a=(1 2", "function", "x=$(bash -c 'echo \"')",
    "bash -c 'echo \"'", "eval 'a &&&'",
    "a[1 + 2]=x rm -rf /", "a[1;2]=x ls", "coproc", "((a) )",
];

#[test]
fn unparseable_table() {
    for input in UNPARSEABLE {
        let a = analyse(input);
        assert!(
            matches!(a.problem, Some(Problem::Unparseable(_))),
            "{input:?} → {:?}",
            a.problem
        );
        assert!(!a.plain, "{input:?}");
    }
}

#[test]
fn unparseable_keeps_the_commands_before_the_error() {
    let a = analyse("rm -rf / && echo 'oops");
    assert!(matches!(a.problem, Some(Problem::Unparseable(_))));
    assert_eq!(
        a.commands.first().map(|c| c.words.join(" ")),
        Some("rm -rf /".into())
    );
}

#[rustfmt::skip]
const PLAIN: &[&str] = &[
    "ls", "git log --oneline", "npm test && npm run build", "a || b; c | d", "echo 'quoted $HOME'", "sudo git status",
    "cd packages/core && npm run build -- --watch=false | tee build.log", "ls # comment", "echo {a,b} *.txt ~", "bash -c 'git status'",
    "a\nb",
];

#[rustfmt::skip]
const NOT_PLAIN: &[(&str, &str)] = &[
    ("echo x > f", "redirection"),
    ("echo x 2>&1", "redirection"),
    ("echo $(date)", "command substitution"),
    ("echo `date`", "command substitution"),
    ("diff <(a) <(b)", "process substitution"),
    ("echo $HOME", "parameter expansion"),
    ("echo \"${HOME}\"", "parameter expansion"),
    ("echo $((1+1))", "arithmetic expansion"),
    ("a &", "background job"),
    ("(a)", "subshell"),
    ("{ a; }", "group"),
    ("if a; then b; fi", "compound command"),
    ("f() { a; }", "function definition"),
    ("cat <<EOF\nx\nEOF", "here-document"),
    ("cat <<< x", "here-string"),
    ("X=1 npm test", "variable assignment"),
    ("env X=1 npm test", "variable assignment"),
    ("! a", "negation"),
    ("a |& b", "`|&` pipes stderr"),
    ("find . -exec rm {} \\;", "find -exec runs a command"),
    ("git diff --output=x", "git --output writes a file"),
    ("sed 's/a/b/e' f", "sed script runs a command or writes a file (e/w)"),
    ("[[ -f x ]]", "conditional expression"),
];

#[test]
fn plain_table() {
    for input in PLAIN {
        let a = analyse(input);
        assert!(
            a.plain,
            "{input:?} not plain: {:?} {:?}",
            a.not_plain, a.problem
        );
    }
    for (input, why) in NOT_PLAIN {
        let a = analyse(input);
        assert!(!a.plain, "{input:?}");
        assert_eq!(a.not_plain, Some(*why), "{input:?}");
    }
}

#[rustfmt::skip]
const SUSPICIOUS: &[(&str, &str)] = &[
    ("ls\r\nrm -rf ~", "U+000D CARRIAGE RETURN at byte 2"),
    ("echo safe\rrm x", "U+000D CARRIAGE RETURN at byte 9"),
    ("git log \u{202E}txt.exe", "U+202E RIGHT-TO-LEFT OVERRIDE at byte 8"),
    ("rm\u{200B} x", "U+200B ZERO WIDTH SPACE at byte 2"),
    ("a\u{200C}\u{200D}", "U+200C ZERO WIDTH NON-JOINER at byte 1 (and 1 more)"),
    ("\u{FEFF}ls", "U+FEFF ZERO WIDTH NO-BREAK SPACE at byte 0"),
    ("ls \u{2066}x\u{2069}", "U+2066 LEFT-TO-RIGHT ISOLATE at byte 3 (and 1 more)"),
    ("ls \u{061C}", "U+061C ARABIC LETTER MARK at byte 3"),
    ("ls \u{200F}", "U+200F RIGHT-TO-LEFT MARK at byte 3"),
    ("ls \u{2060}", "U+2060 WORD JOINER at byte 3"),
    ("echo \u{1b}[2Khidden", "U+001B ESCAPE at byte 5"),
    ("echo 'x\u{202D}'", "U+202D LEFT-TO-RIGHT OVERRIDE at byte 7"),
];

#[test]
fn suspicious_table() {
    for (input, what) in SUSPICIOUS {
        let a = analyse(input);
        assert_eq!(
            a.problem,
            Some(Problem::Suspicious(what.to_string())),
            "{input:?}"
        );
        assert!(!a.plain, "{input:?}");
        assert!(!a.commands.is_empty(), "{input:?}: still parsed");
    }
    // ordinary non-ASCII is fine
    assert_eq!(analyse("echo héllo 日本 — ok").problem, None);
    // unparseable wins, but the finding is kept
    let a = analyse("echo '\u{202E}");
    assert!(matches!(a.problem, Some(Problem::Unparseable(_))));
    assert!(a.suspicious.is_some());
}

#[rustfmt::skip]
const CWD: &[(&str, &[Option<&str>])] = &[
    ("cd a && ls", &[None, Some("a")]),
    ("cd a; ls", &[None, Some("a")]),
    ("cd a\nls", &[None, Some("a")]),
    ("cd a && cd b && ls", &[None, Some("a"), Some("a/b")]),
    ("cd a/ && cd ../b && ls", &[None, Some("a"), Some("a/../b")]),
    ("cd /tmp && ls", &[None, Some("/tmp")]),
    ("cd a && cd /tmp && ls", &[None, Some("a"), Some("/tmp")]),
    ("cd && ls", &[None, Some("~")]),
    ("cd ~/x && ls", &[None, Some("~/x")]),
    ("cd -P ./a && ls", &[None, Some("a")]),
    ("(cd a && ls); ls", &[None, Some("a"), None]),
    ("echo $(cd a; ls) && ls", &[None, Some("a"), None, None]),
    ("cd a | ls; ls", &[None, Some("a"), None]),
    ("pushd a && ls", &[None, Some("a")]),
    ("cd secret && cat key", &[None, Some("secret")]),
    ("cd a && bash -c 'cat x'", &[None, Some("a")]),
    ("cd a && sudo ls", &[None, Some("a")]),
];

#[test]
fn cwd_table() {
    for (input, expected) in CWD {
        let a = analyse(input);
        let got: Vec<Option<&str>> = a.commands.iter().map(|c| c.cwd.as_deref()).collect();
        assert_eq!(&got, expected, "{input:?}");
        assert!(a.commands.iter().all(|c| !c.cwd_dynamic), "{input:?}");
    }
    for input in [
        "cd \"$DIR\" && ls",
        "cd - && ls",
        "popd && ls",
        "cd $(mktemp -d) && ls",
    ] {
        let a = analyse(input);
        let last = a.commands.last().unwrap();
        assert!(last.cwd_dynamic, "{input:?}");
    }
    assert_eq!(
        analyse("cd \"$DIR\" && ls")
            .commands
            .last()
            .unwrap()
            .cwd
            .as_deref(),
        Some("$DIR")
    );
}

#[rustfmt::skip]
const REDIRECTS: &[(&str, &[(&str, &str)])] = &[
    ("echo > f", &[(">", "f")]),
    ("echo >f 2>e", &[(">", "f"), ("2>", "e")]),
    ("echo >> f", &[(">>", "f")]),
    ("cmd 2>&1", &[("2>&", "1")]),
    ("cmd >&2", &[(">&", "2")]),
    ("cmd >& file", &[(">&", "file")]),
    ("cmd &> f", &[("&>", "f")]),
    ("cmd &>> f", &[("&>>", "f")]),
    ("cmd < in", &[("<", "in")]),
    ("cmd <> rw", &[("<>", "rw")]),
    ("cmd >| f", &[(">|", "f")]),
    ("cmd <&0 3>&-", &[("<&", "0"), ("3>&", "-")]),
    ("cmd > \"a b\"", &[(">", "a b")]),
    ("cmd <<< 'text'", &[("<<<", "text")]),
    ("cmd <<EOF\nx\nEOF", &[("<<", "EOF")]),
    ("cmd <<-'E O'\nx\nE O", &[("<<-", "E O")]),
    ("{fd}>/dev/null cmd {in}<&0 {x}>&-", &[("{fd}>", "/dev/null"), ("{in}<&", "0"), ("{x}>&", "-")]),
    ("cmd {fd}<<EOF\nx\nEOF", &[("{fd}<<", "EOF")]),
    ("cmd >&-x", &[(">&", "-")]),
];

#[test]
fn redirects_table() {
    for (input, expected) in REDIRECTS {
        let a = analyse(input);
        assert_eq!(a.problem, None, "{input:?}");
        let c = a.commands.last().unwrap();
        let got: Vec<(&str, &str)> = c
            .redirects
            .iter()
            .map(|r| (r.op.as_str(), r.target.as_str()))
            .collect();
        assert_eq!(&got, expected, "{input:?}");
    }
    let a = analyse("cat <<-EOF\n\ta\n\t\tb\n\tEOF");
    assert_eq!(a.commands[0].redirects[0].body.as_deref(), Some("a\nb\n"));
    assert!(a.commands[0].redirects[0].dynamic);
    let a = analyse("cat <<'EOF'\n$x\nEOF");
    assert_eq!(a.commands[0].redirects[0].body.as_deref(), Some("$x\n"));
    assert!(!a.commands[0].redirects[0].dynamic);
    assert!(analyse("cmd 2>&1").commands[0].redirects[0].is_fd_dup());
    assert!(analyse("cmd {fd}>&-").commands[0].redirects[0].is_fd_dup());
    assert!(analyse("cmd {fd}<<E\nx\nE").commands[0].redirects[0].is_heredoc());
    assert!(analyse("exec {fd}>log").commands[0].redirects[0].writes_file());
    // an array element's name keeps its subscript; a quoted subscript does not shift the value
    let c = &analyse("a[\"k\"]=v b[1]=w ls").commands[0];
    assert_eq!(
        c.assignments,
        [("a[\"k\"]".into(), "v".into()), ("b[1]".into(), "w".into())]
    );
    assert!(!analyse("cmd >& file").commands[0].redirects[0].is_fd_dup());
    // a group's redirections reach every command inside
    let a = analyse("{ a; b; } > out");
    assert!(a
        .commands
        .iter()
        .all(|c| c.redirects.len() == 1 && c.redirects[0].target == "out"));
}

#[rustfmt::skip]
const WRAPPERS: &[(&str, &[&str])] = &[
    ("sudo git log", &["sudo"]),
    ("sudo -u x env A=1 nice ls", &["sudo", "env", "nice"]),
    ("bash -c 'ls'", &["bash -c"]),
    ("sudo bash -lc 'ls'", &["sudo", "bash -c"]),
    ("eval ls", &["eval"]),
    ("xargs -0 rm", &["xargs"]),
    ("timeout 5 ls", &["timeout"]),
    ("ls", &[]),
    ("time -p sudo ls", &["sudo"]),
    ("coproc sudo ls", &["sudo"]),
    ("sudo time ls", &["sudo", "time"]),
    ("sudo bash -c '[[ -f x ]]'", &["sudo", "bash -c"]),
];

#[test]
fn wrappers_table() {
    for (input, expected) in WRAPPERS {
        let a = analyse(input);
        let c = a.commands.last().unwrap();
        let got: Vec<&str> = c.wrappers.iter().map(|w| w.name.as_str()).collect();
        assert_eq!(&got, expected, "{input:?}");
    }
    let c = &analyse("sudo -u root git log").commands[0];
    assert_eq!(c.written_text(), "sudo -u root git log");
    assert_eq!(c.text(), "git log");
    let c = &analyse("bash -c 'git log'").commands[0];
    assert_eq!(c.written_text(), "bash -c git log");
}

#[test]
fn provenance() {
    let a =
        analyse("echo $(id) <(ls) && bash -c 'pwd' && find . -exec rm {} + && bash <<E\nwho\nE");
    let by_name = |n: &str| {
        a.commands
            .iter()
            .position(|c| c.words.first().map(String::as_str) == Some(n))
            .unwrap()
    };
    let echo = by_name("echo");
    assert_eq!(
        a.commands[by_name("id")].origin,
        Origin::CommandSubstitution
    );
    assert_eq!(a.commands[by_name("id")].parent, Some(echo));
    assert_eq!(
        a.commands[by_name("ls")].origin,
        Origin::ProcessSubstitution
    );
    assert_eq!(a.commands[by_name("pwd")].origin, Origin::Script);
    assert_eq!(a.commands[by_name("rm")].origin, Origin::Exec);
    assert_eq!(a.commands[by_name("rm")].parent, Some(by_name("find")));
    assert_eq!(a.commands[by_name("who")].origin, Origin::HereDoc);
    assert_eq!(a.commands[by_name("who")].parent, Some(by_name("bash")));
    let a = analyse("a | b & c");
    assert!(a.commands[0].background && a.commands[1].background && !a.commands[2].background);
    assert_eq!(a.commands[0].pipeline, a.commands[1].pipeline);
    assert_eq!((a.commands[0].stage, a.commands[1].stage), (0, 1));
    assert_ne!(a.commands[1].pipeline, a.commands[2].pipeline);
    let a = analyse("f() { g | h; }");
    assert!(a
        .commands
        .iter()
        .all(|c| c.function.as_deref() == Some("f")));
    let a = analyse("echo \"$HOME\" 'lit$' $(x)");
    let echo = a.commands.last().unwrap();
    assert!(echo.is_dynamic(1) && !echo.is_dynamic(2) && echo.is_dynamic(3));
    assert_eq!(echo.dynamic[0].raw, "\"$HOME\"");
    let a = analyse("FOO=$(id) BAR=x cmd");
    let c = a.commands.last().unwrap();
    assert_eq!(
        c.assignments,
        vec![
            ("FOO".to_string(), "$(id)".to_string()),
            ("BAR".to_string(), "x".to_string())
        ]
    );
    assert_eq!(c.dynamic_assignments.len(), 1);
}

/// Parse, render, parse: the same commands (words, assignments, redirections, wrappers).
#[test]
fn render_round_trip() {
    fn shape(input: &str) -> Vec<toolgate::shell::CommandShape> {
        let a = analyse(input);
        assert_eq!(a.problem, None, "{input:?}");
        a.shapes()
    }
    let mut corpus: Vec<&str> = WORDS.iter().map(|(i, _)| *i).collect();
    corpus.extend(PLAIN);
    corpus.extend(NOT_PLAIN.iter().map(|(i, _)| *i));
    corpus.extend(REDIRECTS.iter().map(|(i, _)| *i));
    corpus.extend([
        "echo 'a'\"'\"'b' $'\\x01' '' \"\"",
        "X='a b' Y= cmd 'if' then",
        "'FOO=1' x",
        "echo '!' '#' '{' '}'",
        "echo \"$(printf '%s' \"a b\")\"",
        "sudo -u 'a b' git log",
        "bash -c \"echo 'x y'\"",
    ]);
    for input in corpus {
        // code the analysis cannot read (`sed 's/a/b/e'`) has a problem: nothing to render
        if matches!(&analyse(input).problem, Some(toolgate::shell::Problem::Unparseable(w)) if w.ends_with("code toolgate cannot read"))
        {
            continue;
        }
        let first = shape(input);
        let rendered = analyse(input).render();
        let second = shape(&rendered);
        assert_eq!(first, second, "{input:?} rendered as {rendered:?}");
    }
}

#[test]
fn limits() {
    // nesting: 20,000 `$(` fails fast instead of overflowing the stack
    for opener in [
        "$(", "(", "{ ", "\"$(", "${x:-", "$((", "<(", "a | (", "if (", "$(echo `",
    ] {
        let input = opener.repeat(20_000);
        let t = Instant::now();
        let a = analyse(&input[..input.len().min(MAX_INPUT_BYTES)]);
        assert!(
            matches!(a.problem, Some(Problem::Unparseable(_))),
            "{opener:?}"
        );
        assert!(t.elapsed() < HANG, "{opener:?}: {:?}", t.elapsed());
    }
    let nested = format!("{}x{}", "$(".repeat(70), ")".repeat(70));
    assert!(
        matches!(analyse(&nested).problem, Some(Problem::Unparseable(ref m)) if m.contains("nested"))
    );
    let ok = format!("echo {}x{}", "$(echo ".repeat(20), ")".repeat(20));
    assert_eq!(analyse(&ok).problem, None);
    let evals = format!("{}ls", "eval ".repeat(70));
    assert!(matches!(
        analyse(&evals).problem,
        Some(Problem::Unparseable(_))
    ));
    let sudo = format!("{}ls", "sudo ".repeat(70));
    assert!(matches!(
        analyse(&sudo).problem,
        Some(Problem::Unparseable(_))
    ));
    // size
    let big = "a".repeat(MAX_INPUT_BYTES + 1);
    assert!(
        matches!(analyse(&big).problem, Some(Problem::Unparseable(ref m)) if m.contains("limit"))
    );
    let huge = vec!["a"; 100_000].join(" && ");
    let t = Instant::now();
    assert!(matches!(
        analyse(&huge).problem,
        Some(Problem::Unparseable(_))
    ));
    assert!(t.elapsed() < HANG, "{:?}", t.elapsed());
    // command count, linear time
    let many = vec!["a"; MAX_COMMANDS + 1].join(" && ");
    assert!(
        matches!(analyse(&many).problem, Some(Problem::Unparseable(ref m)) if m.contains("commands"))
    );
    let within = vec!["a"; MAX_COMMANDS].join(" && ");
    let a = analyse(&within);
    assert_eq!(a.problem, None);
    assert_eq!(a.commands.len(), MAX_COMMANDS);
    linear("a && a && …", |n| vec!["a"; n].join(" && "), MAX_COMMANDS);
    // a long but legal chain of pipes and words stays fast
    assert_eq!(analyse(&"x ".repeat(30_000)).problem, None);
    linear("x x x …", |n| "x ".repeat(n), 30_000);
    linear("x | x | …", |n| vec!["x"; n].join(" | "), MAX_COMMANDS);
}

/// Catches a hang or a blow-up, never a slow or loaded machine.
const HANG: Duration = Duration::from_secs(3);

/// Analysing `input(n)` takes time linear in `n`: at most 10× the time of `input(n / 4)`
/// (quadratic would be 16×), best of three runs each, with a floor for timer noise. A loaded
/// machine can stretch one round; a quadratic analysis fails every round, so up to five are
/// taken and one within the bound passes.
fn linear(what: &str, input: impl Fn(usize) -> String, n: usize) {
    let best = |k: usize| {
        let text = input(k);
        (0..3)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(analyse(&text));
                t.elapsed()
            })
            .min()
            .unwrap_or_default()
    };
    let mut rounds = Vec::new();
    for _ in 0..5 {
        let (quarter, full) = (best(n / 4), best(n));
        assert!(full < HANG, "{what}: {full:?} for {n}");
        if full < quarter * 10 + Duration::from_millis(10) {
            return;
        }
        rounds.push((full, quarter));
    }
    panic!(
        "{what}: (time for {n}, time for {}) in each round: {rounds:?}",
        n / 4
    );
}

#[test]
fn never_panics_on_prefixes_of_tricky_input() {
    let tricky = "echo $'\\u{12' \"${x:-`a \\` b`}\" <(cat <<-'E'\n\tx\n\tE\n) $(( (1) )) 'é' \\é && f() { :|:& };: ; case x in (a) b;; esac\r\n\u{202E}";
    for (i, _) in tricky.char_indices() {
        let _ = analyse(&tricky[..i]);
        let _ = analyse(&tricky[i..]);
    }
    for b in 0u8..128 {
        let s = (b as char).to_string();
        let _ = analyse(&s);
        let _ = analyse(&format!("echo {s}{s}"));
        let _ = analyse(&format!("$'\\{s}"));
    }
}
