//! The interpreter code reader: the commands that inline code (`python3 -c '…'`, `perl -e`,
//! `ruby -e`, `node -e`, `php -r`, `awk '…'`, `lua -e`, `Rscript -e`, `osascript -e`) hands to
//! the system.
//!
//! The code is split into tokens (string literals, names, punctuation; comments and regex
//! literals skipped), and every call of a function that runs a command (a *sink*: `os.system`,
//! `subprocess.run`, `system`, backquotes, `qx{}`, `child_process.execSync`, awk's `print |
//! "cmd"`, …) is read:
//! * a string literal reaching a shell becomes a script (`os.system("rm -rf ~")`);
//! * a list of literals becomes a command (`subprocess.run(["rm", "-rf", "~"])`);
//! * anything built at run time (a variable, an interpolated string, a concatenation with a
//!   name, `eval(x)`, `exec(base64…)`) makes the code opaque: toolgate does not vouch for it.
//!
//! `eval`/`exec` of a literal is read as code of the same language. A `fork` inside a loop is
//! the shell's fork bomb and is reported as one (`:(){ :|:& };:`), so the critical detector
//! labels it. Code that calls no sink (`print(2+2)`) yields nothing.

/// A piece of code a command runs; the first field says where it came from (the wrapper
/// name its commands carry).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Code {
    /// Shell text.
    Script(&'static str, String),
    /// A command run without a shell, program first.
    Argv(&'static str, Vec<String>),
    /// Code toolgate cannot read (built when it runs), and why: the analysis does not vouch
    /// for it.
    Opaque(&'static str, &'static str),
}

impl Code {
    pub(super) fn source(&self) -> &'static str {
        match self {
            Code::Script(s, _) | Code::Argv(s, _) | Code::Opaque(s, _) => s,
        }
    }
}

/// Appends `code` to `out`: one shared call, where the size-optimised build would inline a
/// copy of `Vec::push` at every site.
#[inline(never)]
pub(super) fn push(out: &mut Vec<Code>, code: Code) {
    out.push(code);
}

/// Appends a [`Code::Script`] of `text` (see [`push`]).
#[inline(never)]
pub(super) fn push_script(out: &mut Vec<Code>, source: &'static str, text: &str) {
    out.push(Code::Script(source, text.to_string()));
}

pub(super) use super::programs::Lang;

impl Lang {
    fn source(self) -> &'static str {
        match self {
            Lang::Python => "python code",
            Lang::Perl => "perl code",
            Lang::Ruby => "ruby code",
            Lang::Js => "javascript code",
            Lang::Php => "php code",
            Lang::Awk => "awk program",
            Lang::Lua => "lua code",
            Lang::R => "R code",
            Lang::AppleScript => "applescript",
        }
    }
}

/// The language of an interpreter program name (`python3.12`, `perl5.36`, `nodejs`, …), from
/// the program table. ASCII case is ignored: on a case-insensitive system `PYTHON3` is
/// `python3`, and reading code never allows more.
pub(super) fn interpreter(name: &str) -> Option<Lang> {
    super::programs::lookup_folded(name).and_then(|p| p.lang())
}

/// A shell's fork bomb: what a `fork` in a loop amounts to.
const FORK_BOMB: &str = ":(){ :|:& };:";

/// Nested `eval` of literal code is read this many levels deep, then it is opaque.
const MAX_EVAL_DEPTH: usize = 4;

#[derive(Debug, Clone, PartialEq)]
enum Tok<'a> {
    /// A string literal: `None` when it is interpolated (`f"{x}"`, `"$x"`, `` `${x}` ``).
    Str(Option<String>),
    /// A list of string literals (`qw(a b)`, `%w[a b]`).
    Words(Vec<String>),
    /// Text run by a shell where it stands (backquotes, `qx{}`, `%x()`).
    Shell(Option<String>),
    Name(&'a str),
    Punct(u8),
}

/// What a sink does with its arguments.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// A string runs in a shell, a list (or several strings) is a command.
    Shell,
    /// The arguments are a command (program first).
    Argv,
    /// A string is code of the same language.
    Eval,
    /// `fork`.
    Fork,
    /// perl's and ruby's `open`: a command when its mode is a pipe, else a file.
    Open,
    /// Reads or writes the files its literal arguments name (`open(".env")`).
    File,
    /// Deletes the files or trees its literal arguments name, as this `rm` would.
    Remove(&'static [&'static str]),
}

/// File functions: (language, name, receivers it must be called on (empty: any or none),
/// kind). A literal path they get becomes a command of its own (`python3 .env`, `rm -rf ~`),
/// so the ignore rules and the critical patterns see it.
const FILE_CALLS: &[(Lang, &str, &[&str], Kind)] = &[
    (Lang::Python, "open", &[], Kind::File),
    (Lang::Python, "Path", &[], Kind::File),
    (
        Lang::Python,
        "rmtree",
        &["shutil"],
        Kind::Remove(&["rm", "-rf"]),
    ),
    (Lang::Python, "remove", &["os"], Kind::Remove(&["rm"])),
    (Lang::Python, "unlink", &["os"], Kind::Remove(&["rm"])),
    (Lang::Python, "copy", &["shutil"], Kind::File),
    (Lang::Python, "copyfile", &["shutil"], Kind::File),
    (Lang::Python, "copy2", &["shutil"], Kind::File),
    (Lang::Python, "copytree", &["shutil"], Kind::File),
    (Lang::Python, "move", &["shutil"], Kind::File),
    (Lang::Perl, "unlink", &[], Kind::Remove(&["rm"])),
    (Lang::Perl, "rmtree", &[], Kind::Remove(&["rm", "-rf"])),
    (Lang::Perl, "remove_tree", &[], Kind::Remove(&["rm", "-rf"])),
    (Lang::Ruby, "read", &["File", "IO"], Kind::File),
    (Lang::Ruby, "open", &["File", "IO"], Kind::File),
    (Lang::Ruby, "readlines", &["File", "IO"], Kind::File),
    (Lang::Ruby, "foreach", &["File", "IO"], Kind::File),
    (Lang::Ruby, "write", &["File", "IO"], Kind::File),
    (Lang::Ruby, "binread", &["File", "IO"], Kind::File),
    (
        Lang::Ruby,
        "rm_rf",
        &["FileUtils"],
        Kind::Remove(&["rm", "-rf"]),
    ),
    (
        Lang::Ruby,
        "rm_r",
        &["FileUtils"],
        Kind::Remove(&["rm", "-rf"]),
    ),
    (
        Lang::Ruby,
        "remove_dir",
        &["FileUtils"],
        Kind::Remove(&["rm", "-rf"]),
    ),
    (Lang::Ruby, "rm", &["FileUtils"], Kind::Remove(&["rm"])),
    (Lang::Ruby, "delete", &["File"], Kind::Remove(&["rm"])),
    (Lang::Js, "readFileSync", &[], Kind::File),
    (Lang::Js, "readFile", &[], Kind::File),
    (Lang::Js, "readTextFile", &[], Kind::File),
    (Lang::Js, "readTextFileSync", &[], Kind::File),
    (Lang::Js, "createReadStream", &[], Kind::File),
    (Lang::Js, "writeFileSync", &[], Kind::File),
    (Lang::Js, "writeFile", &[], Kind::File),
    (Lang::Js, "appendFileSync", &[], Kind::File),
    (Lang::Js, "copyFileSync", &[], Kind::File),
    (Lang::Js, "openSync", &[], Kind::File),
    (Lang::Js, "file", &["Bun"], Kind::File),
    (Lang::Js, "rmSync", &[], Kind::Remove(&["rm", "-rf"])),
    (
        Lang::Js,
        "rm",
        &["fs", "fsp", "promises"],
        Kind::Remove(&["rm", "-rf"]),
    ),
    (Lang::Js, "rmdirSync", &[], Kind::Remove(&["rm", "-rf"])),
    (Lang::Js, "remove", &["Deno"], Kind::Remove(&["rm", "-rf"])),
    (
        Lang::Js,
        "removeSync",
        &["Deno"],
        Kind::Remove(&["rm", "-rf"]),
    ),
    (Lang::Js, "unlinkSync", &[], Kind::Remove(&["rm"])),
    (Lang::Php, "file_get_contents", &[], Kind::File),
    (Lang::Php, "file_put_contents", &[], Kind::File),
    (Lang::Php, "fopen", &[], Kind::File),
    (Lang::Php, "file", &[], Kind::File),
    (Lang::Php, "readfile", &[], Kind::File),
    (Lang::Php, "parse_ini_file", &[], Kind::File),
    (Lang::Php, "unlink", &[], Kind::Remove(&["rm"])),
    (Lang::Lua, "open", &["io"], Kind::File),
    (Lang::Lua, "lines", &["io"], Kind::File),
    (Lang::Lua, "dofile", &[], Kind::File),
    (Lang::Lua, "remove", &["os"], Kind::Remove(&["rm"])),
    (Lang::R, "readLines", &[], Kind::File),
    (Lang::R, "readRDS", &[], Kind::File),
    (Lang::R, "file", &[], Kind::File),
    (Lang::R, "source", &[], Kind::File),
    (Lang::R, "unlink", &[], Kind::Remove(&["rm", "-rf"])),
];

/// The name before `.name` at token `i - 1` (`os` in `os.remove`).
fn receiver<'a>(toks: &[Tok<'a>], i: usize) -> Option<&'a str> {
    match (toks.get(i.checked_sub(3)?), toks.get(i - 2)) {
        (Some(Tok::Name(r)), Some(Tok::Punct(b'.'))) => Some(r),
        _ => None,
    }
}

fn file_call(lang: Lang, name: &str, receiver: Option<&str>) -> Option<Kind> {
    FILE_CALLS.iter().find_map(|(l, n, receivers, kind)| {
        let on = receivers.is_empty() || receiver.is_some_and(|r| receivers.contains(&r));
        (*l == lang && *n == name && on).then_some(*kind)
    })
}

/// The commands `code` (in `lang`, run by `program`) runs, appended to `out`.
pub(super) fn read(lang: Lang, program: &str, code: &str, out: &mut Vec<Code>) {
    read_at(lang, program, code, out, 0);
}

fn read_at(lang: Lang, program: &str, code: &str, out: &mut Vec<Code>, depth: usize) {
    let toks = tokens(lang, code);
    let source = lang.source();
    let gated = gate(lang, &toks);
    let aliases = aliases(lang, &toks, gated);
    let mut forks = false;
    let mut looping = false;
    let mut i = 0;
    while let Some(t) = toks.get(i) {
        i += 1;
        let name = match t {
            Tok::Shell(Some(text)) => {
                push_script(out, source, text);
                continue;
            }
            Tok::Shell(None) => {
                push_opaque(out, source);
                continue;
            }
            Tok::Name(n) => *n,
            Tok::Punct(b'|') if lang == Lang::Awk => {
                awk_pipe(&toks, i, source, out);
                continue;
            }
            Tok::Punct(op @ (b'<' | b'>')) if lang == Lang::Awk => {
                awk_redirect(&toks, i, *op, source, out);
                continue;
            }
            _ => continue,
        };
        looping |= matches!(
            name,
            "while" | "for" | "until" | "loop" | "foreach" | "redo"
        );
        // `x.system` is a method; `$system`, `@exec` are perl variables
        let method = i >= 2 && toks.get(i - 2) == Some(&Tok::Punct(b'.'));
        let variable = i >= 2 && matches!(toks.get(i - 2), Some(Tok::Punct(b'$' | b'@' | b'%')));
        // php's `$f(…)` calls the function a variable names
        if variable && lang == Lang::Php && matches!(toks.get(i), Some(Tok::Punct(b'('))) {
            push_opaque(out, source);
            continue;
        }
        if variable || (lang == Lang::Awk && matches!(toks.get(i), Some(Tok::Punct(b'|')))) {
            continue;
        }
        let alias = aliases.iter().find(|(a, _)| *a == name).map(|a| a.1);
        let file = file_call(lang, name, receiver(&toks, i).filter(|_| method));
        let weak = lang == Lang::Python
            && matches!(name, "run" | "call")
            && !subprocess_call(&toks, i, method);
        let found = alias.or_else(|| sink(lang, name, method, gated).filter(|_| !weak));
        let Some(kind) = found.or(file) else {
            if reflective(lang, name) {
                push_opaque(out, source);
            }
            continue;
        };
        if kind == Kind::Fork {
            forks = true;
            continue;
        }
        // perl's `eval { … }` and ruby's `fork do … end` take a block, not a string
        if matches!(toks.get(i), Some(Tok::Punct(b'{'))) && kind == Kind::Eval {
            continue;
        }
        let paren = matches!(toks.get(i), Some(Tok::Punct(b'(')));
        if !paren && !matches!(lang, Lang::Perl | Lang::Ruby | Lang::AppleScript) {
            // a function that runs commands, passed on (`f = os.system`, `map(os.system,
            // cmds)`): what it will be called with cannot be read. An import or a
            // destructuring names it without passing it.
            let prev = i.checked_sub(2).and_then(|p| toks.get(p));
            let named = matches!(prev, Some(Tok::Name(n)) if *n == "import")
                || matches!(prev, Some(Tok::Punct(b',' | b'{')))
                || matches!(toks.get(i), Some(Tok::Punct(b'}' | b':')))
                || matches!(toks.get(i), Some(Tok::Name(n)) if *n == "as");
            if strong(kind) && alias.is_none() && !named {
                push_opaque(out, source);
            }
            continue;
        }
        let mut args = arguments(lang, &toks, i);
        args.retain(|a| *a != Arg::Option);
        if args.is_empty() && kind != Kind::Eval {
            continue;
        }
        match (kind, args.as_slice()) {
            (Kind::Eval, [Arg::Lit(s)]) if depth < MAX_EVAL_DEPTH => {
                read_at(lang, program, s, out, depth + 1)
            }
            (Kind::File, args) => {
                let paths = args.iter().filter_map(|a| match a {
                    Arg::Lit(p) => Some(p.clone()),
                    _ => None,
                });
                // only the path-shaped literals: modes (`"r"`, `"utf-8"`) are not files
                let mut words: Vec<String> = paths.filter(|p| path_like(p)).collect();
                if !words.is_empty() {
                    words.insert(0, program.to_string());
                    push(out, Code::Argv(source, words));
                }
            }
            (Kind::Remove(rm), args) => match args.first() {
                Some(Arg::Lit(p)) => {
                    let mut words: Vec<String> = rm.iter().map(|w| w.to_string()).collect();
                    words.push(p.clone());
                    push(out, Code::Argv(source, words));
                }
                // what a computed path deletes cannot be known
                _ => push_opaque(out, source),
            },
            (Kind::Eval, _) => push_opaque(out, source),
            (Kind::Shell, [Arg::Lit(s)]) => shell(s, source, out),
            // only perl and ruby take a command as several strings; elsewhere the rest are
            // modes, options and callbacks
            (Kind::Shell, [Arg::Lit(s), ..]) if !matches!(lang, Lang::Perl | Lang::Ruby) => {
                shell(s, source, out)
            }
            (Kind::Open, args) => open(args, program, source, out),
            (Kind::Shell | Kind::Argv, args) => match argv(args, kind == Kind::Argv) {
                Some(words) if !words.is_empty() => push(out, Code::Argv(source, words)),
                _ => push_opaque(out, source),
            },
            (Kind::Fork, _) => {}
        }
    }
    if forks && looping {
        push_script(out, source, FORK_BOMB);
    }
}

/// A shell script from inline code. A shell or interpreter that reads its program from
/// stdin (`os.popen("sh", "w")`, awk's `print | "sh"`) runs text the code writes at run time.
fn shell(script: &str, source: &'static str, out: &mut Vec<Code>) {
    let mut words = script.split_whitespace();
    let reader = words
        .next()
        .map(super::basename)
        .is_some_and(|w| super::wrappers::is_shell(w) || interpreter(w).is_some());
    if reader && words.all(|w| w.starts_with('-') && !w.contains(['c', 'e'])) {
        push(
            out,
            Code::Opaque(source, "writes the program of a shell it starts"),
        );
    }
    push_script(out, source, script);
}

/// perl `open(FH, "cmd |")`, `open(FH, "-|", "cmd", …)`; ruby `open("| cmd")`; else the
/// file it opens (`open(FH, "<", ".env")`, `open(FH, "<.env")`, ruby `open(".env")`).
fn open(args: &[Arg], program: &str, source: &'static str, out: &mut Vec<Code>) {
    let file = |path: &str, out: &mut Vec<Code>| {
        if path_like(path) {
            push(
                out,
                Code::Argv(source, vec![program.to_string(), path.to_string()]),
            );
        }
    };
    if source == Lang::Ruby.source() {
        match args.first() {
            Some(Arg::Lit(p)) => match p.strip_prefix('|') {
                Some(cmd) => shell(cmd.trim(), source, out),
                None => file(p, out),
            },
            // a computed path may start with `|`
            Some(_) => push_opaque(out, source),
            None => {}
        }
        return;
    }
    let (mode, rest) = match args {
        [_, Arg::Lit(mode), rest @ ..] => (mode.trim(), rest),
        // a two-argument open of a computed string may be a pipe
        [_, _] => return push_opaque(out, source),
        _ => return,
    };
    if mode == "-|" || mode == "|-" {
        match rest {
            [Arg::Lit(s)] => shell(s, source, out),
            _ => match argv(rest, false) {
                Some(words) if !words.is_empty() => push(out, Code::Argv(source, words)),
                _ => push_opaque(out, source),
            },
        }
    } else if let Some(cmd) = mode.strip_prefix('|').or_else(|| mode.strip_suffix('|')) {
        if rest.is_empty() {
            shell(cmd.trim(), source, out);
        }
    } else {
        match rest {
            // `open(FH, "<", F)`
            [Arg::Lit(p), ..] => file(p, out),
            // `open(FH, "<F")`
            [] => file(mode.trim_start_matches(['<', '>', '+', ' ']), out),
            _ => {}
        }
    }
}

/// A literal that may name a file: not a mode (`r`, `wb`, `a+`), an encoding or text with
/// blanks.
fn path_like(s: &str) -> bool {
    !s.is_empty()
        && !s.contains(char::is_whitespace)
        && !matches!(
            s,
            "r" | "w"
                | "a"
                | "x"
                | "rb"
                | "wb"
                | "ab"
                | "r+"
                | "w+"
                | "a+"
                | "rt"
                | "wt"
                | "utf-8"
                | "utf8"
                | "UTF-8"
                | "ascii"
                | "latin-1"
        )
}

/// Sinks that count wherever they appear (not the weak names a module gates).
fn strong(kind: Kind) -> bool {
    matches!(kind, Kind::Shell | Kind::Argv | Kind::Eval)
}

/// `from os import system as run_it`, `import subprocess as sp` (a module: nothing),
/// `const {execSync: run} = require("child_process")`: other names for sinks.
fn aliases<'a>(lang: Lang, toks: &[Tok<'a>], gated: bool) -> Vec<(&'a str, Kind)> {
    let mut out = Vec::new();
    for w in toks.windows(3) {
        let [Tok::Name(n), link, Tok::Name(a)] = w else {
            continue;
        };
        let linked = match link {
            Tok::Name(l) => *l == "as",
            Tok::Punct(b':') => lang == Lang::Js,
            _ => false,
        };
        if let Some(kind) = sink(lang, n, false, gated).filter(|_| linked) {
            out.push((*a, kind));
        }
    }
    out
}

#[inline(never)]
fn push_opaque(out: &mut Vec<Code>, source: &'static str) {
    out.push(Code::Opaque(source, "runs a command built when it runs"));
}

/// Weak sink names (`run`, `call`, `exec`, `spawn`) count only where the module that
/// provides them is mentioned (`subprocess`, `child_process`, `Open3`, …).
fn gate(lang: Lang, toks: &[Tok]) -> bool {
    let modules: &[&str] = match lang {
        Lang::Python => &["subprocess"],
        Lang::Js => &["child_process", "Deno", "Bun", "execa", "shelljs"],
        Lang::Ruby => &["Open3", "IO", "Process", "PTY"],
        _ => return true,
    };
    toks.iter().any(|t| match t {
        Tok::Name(n) => modules.contains(n),
        Tok::Str(Some(s)) => modules
            .iter()
            .any(|m| s == m || s.ends_with(&format!(":{m}"))),
        _ => false,
    })
}

/// When a sink's name counts.
#[derive(Clone, Copy, PartialEq)]
enum When {
    Always,
    /// Called bare, not as a method (`exec(…)`, not `os.exec…`; ruby's `open`).
    Bare,
    /// Where its module is mentioned (see [`gate`]).
    Gated,
}

/// Functions that run commands or code, per language. (`do shell script` is AppleScript's
/// `script`.)
const SINKS: &[(Lang, &str, Kind, When)] = &[
    (Lang::Python, "system", Kind::Shell, When::Always),
    (Lang::Python, "popen", Kind::Shell, When::Always),
    (Lang::Python, "getoutput", Kind::Shell, When::Always),
    (Lang::Python, "getstatusoutput", Kind::Shell, When::Always),
    (Lang::Python, "check_output", Kind::Shell, When::Always),
    (Lang::Python, "check_call", Kind::Shell, When::Always),
    (Lang::Python, "Popen", Kind::Shell, When::Always),
    (
        Lang::Python,
        "create_subprocess_shell",
        Kind::Shell,
        When::Always,
    ),
    (Lang::Python, "popen2", Kind::Shell, When::Always),
    (Lang::Python, "popen3", Kind::Shell, When::Always),
    (Lang::Python, "popen4", Kind::Shell, When::Always),
    (
        Lang::Python,
        "create_subprocess_exec",
        Kind::Argv,
        When::Always,
    ),
    (Lang::Python, "posix_spawn", Kind::Argv, When::Always),
    (Lang::Python, "posix_spawnp", Kind::Argv, When::Always),
    (Lang::Python, "exec", Kind::Eval, When::Bare),
    (Lang::Python, "eval", Kind::Eval, When::Bare),
    (Lang::Python, "compile", Kind::Eval, When::Bare),
    (Lang::Python, "fork", Kind::Fork, When::Always),
    (Lang::Python, "forkpty", Kind::Fork, When::Always),
    (Lang::Python, "run", Kind::Shell, When::Gated),
    (Lang::Python, "call", Kind::Shell, When::Gated),
    (Lang::Perl, "system", Kind::Shell, When::Always),
    (Lang::Perl, "exec", Kind::Shell, When::Always),
    (Lang::Perl, "readpipe", Kind::Shell, When::Always),
    (Lang::Perl, "open", Kind::Open, When::Always),
    (Lang::Perl, "eval", Kind::Eval, When::Always),
    (Lang::Perl, "fork", Kind::Fork, When::Always),
    (Lang::Ruby, "system", Kind::Shell, When::Always),
    (Lang::Ruby, "exec", Kind::Shell, When::Always),
    (Lang::Ruby, "spawn", Kind::Shell, When::Always),
    (Lang::Ruby, "popen", Kind::Shell, When::Always),
    (Lang::Ruby, "popen2", Kind::Shell, When::Always),
    (Lang::Ruby, "popen2e", Kind::Shell, When::Always),
    (Lang::Ruby, "popen3", Kind::Shell, When::Always),
    (Lang::Ruby, "capture2", Kind::Shell, When::Always),
    (Lang::Ruby, "capture2e", Kind::Shell, When::Always),
    (Lang::Ruby, "capture3", Kind::Shell, When::Always),
    (Lang::Ruby, "pipeline", Kind::Shell, When::Always),
    (Lang::Ruby, "pipeline_r", Kind::Shell, When::Always),
    (Lang::Ruby, "pipeline_w", Kind::Shell, When::Always),
    (Lang::Ruby, "pipeline_rw", Kind::Shell, When::Always),
    (Lang::Ruby, "pipeline_start", Kind::Shell, When::Always),
    (Lang::Ruby, "eval", Kind::Eval, When::Always),
    (Lang::Ruby, "instance_eval", Kind::Eval, When::Always),
    (Lang::Ruby, "class_eval", Kind::Eval, When::Always),
    (Lang::Ruby, "module_eval", Kind::Eval, When::Always),
    (Lang::Ruby, "fork", Kind::Fork, When::Always),
    (Lang::Ruby, "open", Kind::Open, When::Bare),
    (Lang::Js, "execSync", Kind::Shell, When::Gated),
    (Lang::Js, "exec", Kind::Shell, When::Gated),
    (Lang::Js, "spawn", Kind::Argv, When::Gated),
    (Lang::Js, "spawnSync", Kind::Argv, When::Gated),
    (Lang::Js, "execFile", Kind::Argv, When::Gated),
    (Lang::Js, "execFileSync", Kind::Argv, When::Gated),
    (Lang::Js, "Command", Kind::Argv, When::Gated),
    (Lang::Js, "run", Kind::Argv, When::Gated),
    (Lang::Js, "eval", Kind::Eval, When::Always),
    (Lang::Js, "Function", Kind::Eval, When::Always),
    (Lang::Js, "runInThisContext", Kind::Eval, When::Always),
    (Lang::Js, "runInNewContext", Kind::Eval, When::Always),
    (Lang::Js, "runInContext", Kind::Eval, When::Always),
    (Lang::Php, "system", Kind::Shell, When::Always),
    (Lang::Php, "exec", Kind::Shell, When::Always),
    (Lang::Php, "shell_exec", Kind::Shell, When::Always),
    (Lang::Php, "passthru", Kind::Shell, When::Always),
    (Lang::Php, "popen", Kind::Shell, When::Always),
    (Lang::Php, "proc_open", Kind::Shell, When::Always),
    (Lang::Php, "pcntl_exec", Kind::Argv, When::Always),
    (Lang::Php, "eval", Kind::Eval, When::Always),
    (Lang::Php, "assert", Kind::Eval, When::Always),
    (Lang::Php, "create_function", Kind::Eval, When::Always),
    (Lang::Php, "pcntl_fork", Kind::Fork, When::Always),
    (Lang::Awk, "system", Kind::Shell, When::Always),
    (Lang::Lua, "execute", Kind::Shell, When::Always),
    (Lang::Lua, "popen", Kind::Shell, When::Always),
    (Lang::Lua, "load", Kind::Eval, When::Always),
    (Lang::Lua, "loadstring", Kind::Eval, When::Always),
    (Lang::R, "system", Kind::Shell, When::Always),
    (Lang::R, "shell", Kind::Shell, When::Always),
    (Lang::R, "system2", Kind::Argv, When::Always),
    (Lang::AppleScript, "script", Kind::Shell, When::Always),
];

fn sink(lang: Lang, name: &str, method: bool, gated: bool) -> Option<Kind> {
    // python's `os.execv…`, `os.spawnl…`, `pty.spawn`
    if lang == Lang::Python
        && method
        && (name.starts_with("spawn") || (name.starts_with("exec") && name.len() > 4))
    {
        return Some(Kind::Argv);
    }
    SINKS.iter().find_map(|&(l, n, kind, when)| {
        let counts = match when {
            When::Always => true,
            When::Bare => !method,
            When::Gated => gated,
        };
        (l == lang && n == name && counts).then_some(kind)
    })
}

/// A weak python sink (`run`, `call`) is subprocess's only when called bare (imported from
/// it) or on `subprocess` or a name it was imported as (`import subprocess as sp`).
fn subprocess_call(toks: &[Tok], i: usize, method: bool) -> bool {
    if !method {
        return true;
    }
    let Some(r) = receiver(toks, i) else {
        return false;
    };
    r == "subprocess"
        || toks.windows(3).any(|w| {
            matches!(w, [Tok::Name(m), Tok::Name(a), Tok::Name(x)]
                if *m == "subprocess" && *a == "as" && *x == r)
        })
}

/// Names that reach a function by a computed name (`getattr(os, x)`, `importlib`): what
/// they call cannot be read.
fn reflective(lang: Lang, name: &str) -> bool {
    const REFLECTIVE: &[(Lang, &str)] = &[
        (Lang::Python, "getattr"),
        (Lang::Python, "importlib"),
        (Lang::Python, "__builtins__"),
        (Lang::Python, "builtins"),
        (Lang::Python, "ctypes"),
        (Lang::Python, "marshal"),
        (Lang::Python, "pickle"),
        (Lang::Js, "binding"),
        (Lang::Js, "dlopen"),
        (Lang::Perl, "syscall"),
        (Lang::Ruby, "send"),
        (Lang::Ruby, "public_send"),
        (Lang::Ruby, "__send__"),
        (Lang::Ruby, "syscall"),
        (Lang::Php, "call_user_func"),
        (Lang::Php, "call_user_func_array"),
    ];
    REFLECTIVE.iter().any(|&(l, n)| l == lang && n == name)
}

#[derive(Debug, PartialEq)]
enum Arg {
    Lit(String),
    List(Vec<String>),
    /// `shell=True`, `{env…}`, `{ stdio: … }`: options, not part of the command.
    Option,
    /// Built at run time.
    Unknown,
}

/// The arguments of a call whose name is just before `i`: up to the matching `)` if one
/// opens, else (perl, ruby, awk) up to the end of the statement.
fn arguments(lang: Lang, toks: &[Tok], mut i: usize) -> Vec<Arg> {
    let paren = matches!(toks.get(i), Some(Tok::Punct(b'(')));
    if paren {
        i += 1;
    }
    let mut args = Vec::new();
    let mut current: Vec<&Tok> = Vec::new();
    let mut depth = 0usize;
    while let Some(t) = toks.get(i) {
        i += 1;
        match t {
            Tok::Punct(b'(' | b'[' | b'{') => depth += 1,
            Tok::Punct(b')' | b']' | b'}') if depth == 0 => break,
            Tok::Punct(b')' | b']' | b'}') => depth -= 1,
            Tok::Punct(b',') if depth == 0 => {
                args.push(arg(lang, &current));
                current.clear();
                continue;
            }
            Tok::Punct(b';') if depth == 0 => break,
            Tok::Name(n)
                if depth == 0
                    && !paren
                    && matches!(*n, "or" | "and" | "if" | "unless" | "die" | "then") =>
            {
                break
            }
            _ => {}
        }
        current.push(t);
    }
    if !current.is_empty() {
        args.push(arg(lang, &current));
    }
    args
}

/// One argument's tokens: a literal (several joined by `+`, `.`, `..`), a list of literals,
/// an option, or unknown.
fn arg(lang: Lang, toks: &[&Tok]) -> Arg {
    match toks {
        [Tok::Name(_), Tok::Punct(b'='), ..] if lang == Lang::Python => return Arg::Option,
        // `{args: ["-rf", "~"]}` (Deno.Command) holds the arguments; other objects are options
        [Tok::Punct(b'{'), inner @ ..] => {
            let at = inner
                .windows(2)
                .position(|w| matches!(w, [Tok::Name(n), Tok::Punct(b':')] if *n == "args"));
            let Some(at) = at else { return Arg::Option };
            let list = inner.get(at + 2..).unwrap_or(&[]);
            let end = list.iter().position(|t| **t == Tok::Punct(b']'));
            return arg(lang, end.and_then(|e| list.get(..=e)).unwrap_or(list));
        }
        [Tok::Name(_), Tok::Punct(b':'), ..] => return Arg::Option,
        [Tok::Words(w)] => return Arg::List(w.clone()),
        [Tok::Punct(b'[' | b'('), inner @ .., Tok::Punct(b']' | b')')] => {
            let mut words = Vec::new();
            for t in inner {
                match t {
                    Tok::Str(Some(s)) => words.push(s.clone()),
                    Tok::Punct(b',') => {}
                    _ => return Arg::Unknown,
                }
            }
            return Arg::List(words);
        }
        // `os.path.expanduser("~")`, `File.expand_path("~")`: the literal path
        [.., Tok::Name(f), Tok::Punct(b'('), Tok::Str(Some(p)), Tok::Punct(b')')]
            if matches!(*f, "expanduser" | "expand_path") =>
        {
            return Arg::Lit(p.clone())
        }
        // R's c("a", "b")
        [Tok::Name(c), Tok::Punct(b'('), inner @ .., Tok::Punct(b')')] if *c == "c" => {
            return arg(
                lang,
                &[&[&Tok::Punct(b'[')], inner, &[&Tok::Punct(b']')]].concat(),
            )
        }
        _ => {}
    }
    let mut text = String::new();
    let mut expect_str = true;
    for t in toks {
        match (t, expect_str) {
            // adjacent literals are one (python's "a" "b", awk's concatenation)
            (Tok::Str(Some(s)), _) => {
                text.push_str(s);
                expect_str = false;
            }
            // `+`, `.`, lua's `..`
            (Tok::Punct(b'+'), false) | (Tok::Punct(b'.'), _) => expect_str = true,
            _ => return Arg::Unknown,
        }
    }
    if expect_str {
        return Arg::Unknown;
    }
    Arg::Lit(text)
}

/// A command's words from literal arguments (lists flattened); options skipped. For `Argv`
/// sinks that repeat the program as `argv[0]` (`os.execlp("rm", "rm", …)`) the repeat goes.
fn argv(args: &[Arg], program_first: bool) -> Option<Vec<String>> {
    let mut words = Vec::new();
    for a in args {
        match a {
            Arg::Lit(s) => words.push(s.clone()),
            Arg::List(l) => words.extend(l.iter().cloned()),
            Arg::Option => {}
            Arg::Unknown => return None,
        }
    }
    if program_first && words.len() >= 2 {
        let (a, b) = (&words[0], &words[1]);
        if super::basename(a) == b.as_str() {
            words.remove(1);
        }
    }
    Some(words)
}

/// awk's `print … | "cmd"`, `print |& "cmd"` (the command after the pipe) and
/// `"cmd" | getline` (the command before it); `i` is just past the `|`.
fn awk_pipe(toks: &[Tok], i: usize, source: &'static str, out: &mut Vec<Code>) {
    let i = if matches!(toks.get(i), Some(Tok::Punct(b'&'))) {
        i + 1
    } else {
        i
    };
    if matches!(toks.get(i), Some(Tok::Name(n)) if *n == "getline") {
        match i.checked_sub(2).and_then(|p| toks.get(p)) {
            Some(Tok::Str(Some(s))) => push_script(out, source, s),
            _ => push_opaque(out, source),
        }
        return;
    }
    let rest: Vec<&Tok> = toks
        .get(i..)
        .unwrap_or(&[])
        .iter()
        .take_while(|t| !matches!(t, Tok::Punct(b';' | b'}' | b')')))
        .collect();
    match arg(Lang::Awk, &rest) {
        Arg::Lit(s) => shell(&s, source, out),
        _ => push_opaque(out, source),
    }
}

/// awk's file redirections, as the commands that do the same: `getline [var] < "f"` reads
/// `f` (`cat f`), `print … > "f"` and `>> "f"` write it (`tee f`, `tee -a f`); `i` is just
/// past the operator. A `<` or `>` elsewhere compares; a target built at run time is opaque.
fn awk_redirect(toks: &[Tok], i: usize, op: u8, source: &'static str, out: &mut Vec<Code>) {
    let before = toks.get(..i.saturating_sub(1)).unwrap_or(&[]);
    let (target, words): (usize, &[&str]) = match op {
        b'<' => {
            // `getline < f` or `getline var < f`
            let n = before.len();
            let getline = |k: usize| {
                matches!(
                    n.checked_sub(k).and_then(|k| before.get(k)),
                    Some(Tok::Name("getline"))
                )
            };
            if !(getline(1) || (getline(2) && matches!(before.last(), Some(Tok::Name(_))))) {
                return;
            }
            (i, &["cat"])
        }
        _ => {
            // (the first `>` of `>>` is read; the second is then skipped as a comparison)
            if matches!(before.last(), Some(Tok::Punct(b'>'))) {
                return;
            }
            // a redirection only in a `print`/`printf` statement (`if (x) print > f`
            // included), outside parentheses
            let mut depth = 0i32;
            let mut print = false;
            for t in before.iter().rev() {
                match t {
                    Tok::Punct(b')') => depth += 1,
                    Tok::Punct(b'(') if depth == 0 => return,
                    Tok::Punct(b'(') => depth -= 1,
                    Tok::Punct(b';' | b'{' | b'}') => break,
                    Tok::Name("print" | "printf") if depth == 0 => {
                        print = true;
                        break;
                    }
                    _ => {}
                }
            }
            if !print {
                return;
            }
            match toks.get(i) {
                Some(Tok::Punct(b'>')) => (i + 1, &["tee", "-a"]),
                _ => (i, &["tee"]),
            }
        }
    };
    // `"out/" $2`: a name built at run time
    let joined = matches!(
        toks.get(target + 1),
        Some(Tok::Str(_) | Tok::Name(_) | Tok::Punct(b'$'))
    );
    match toks.get(target) {
        Some(Tok::Str(Some(file))) if !joined => {
            let mut argv: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            argv.push(file.clone());
            push(out, Code::Argv(source, argv));
        }
        _ => push_opaque(out, source),
    }
}

// ---- tokens ----

/// Whether a `/` at this point starts a regex literal (after an operator or at the start)
/// rather than dividing.
fn regex_allowed(prev: Option<&Tok>) -> bool {
    match prev {
        None => true,
        Some(Tok::Punct(p)) => !matches!(p, b')' | b']' | b'}'),
        Some(Tok::Name(n)) => matches!(
            *n,
            "return"
                | "split"
                | "if"
                | "unless"
                | "and"
                | "or"
                | "not"
                | "when"
                | "grep"
                | "map"
                | "typeof"
                | "case"
                | "in"
        ),
        Some(_) => false,
    }
}

fn closing(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        b'<' => b'>',
        c => c,
    }
}

struct Lexer<'a> {
    b: &'a [u8],
    s: &'a str,
    i: usize,
}

impl Lexer<'_> {
    /// The text up to the unescaped `close` (nesting `open` when it differs); the cursor
    /// goes past it. `esc` says which backslash escapes are decoded.
    fn delimited(&mut self, open: u8, close: u8, esc: Esc) -> String {
        let mut depth = 0usize;
        let mut out = String::new();
        let mut run = self.i;
        while let Some(&c) = self.b.get(self.i) {
            if c == b'\\' {
                out.push_str(self.s.get(run..self.i).unwrap_or(""));
                self.i += 1;
                let next = self.s.get(self.i..).and_then(|r| r.chars().next());
                match (esc, next) {
                    (_, None) => out.push('\\'),
                    (Esc::Full, Some(n)) => self.escape(n, &mut out),
                    (Esc::Quote, Some(n)) if n as u32 == close as u32 || n == '\\' => {
                        out.push(n);
                        self.i += 1;
                    }
                    (_, Some(n)) => {
                        out.push('\\');
                        out.push(n);
                        self.i += n.len_utf8();
                    }
                }
                run = self.i;
                continue;
            }
            if c == close && depth == 0 {
                out.push_str(self.s.get(run..self.i).unwrap_or(""));
                self.i += 1;
                return out;
            }
            if open != close && c == open {
                depth += 1;
            } else if open != close && c == close {
                depth -= 1;
            }
            self.i += 1;
        }
        out.push_str(self.s.get(run..).unwrap_or(""));
        out
    }

    /// The escape after a backslash, its first character `n` at the cursor: `\n`, `\t`,
    /// `\xHH`, `\uHHHH`, `\u{H…}`, `\NNN` (octal), `\e`; any other character stands for
    /// itself.
    fn escape(&mut self, n: char, out: &mut String) {
        self.i += n.len_utf8();
        let hex = |lx: &mut Self, max: usize| {
            let digits = lx.s.get(lx.i..).unwrap_or("");
            let len = digits
                .bytes()
                .take(max)
                .take_while(u8::is_ascii_hexdigit)
                .count();
            let v = u32::from_str_radix(digits.get(..len).unwrap_or(""), 16).ok();
            lx.i += len;
            v
        };
        let decoded = match n {
            'n' => Some('\n'),
            't' => Some('\t'),
            'r' => Some('\r'),
            'e' => Some('\u{1b}'),
            'a' => Some('\u{7}'),
            'x' => hex(self, 2).and_then(char::from_u32),
            'u' if self.b.get(self.i) == Some(&b'{') => {
                self.i += 1;
                let v = hex(self, 6);
                if self.b.get(self.i) == Some(&b'}') {
                    self.i += 1;
                }
                v.and_then(char::from_u32)
            }
            'u' => hex(self, 4).and_then(char::from_u32),
            'U' => hex(self, 8).and_then(char::from_u32),
            '0'..='7' => {
                let digits = self.s.get(self.i - 1..).unwrap_or("");
                let len = digits
                    .bytes()
                    .take(3)
                    .take_while(|b| (b'0'..=b'7').contains(b))
                    .count();
                let v = u32::from_str_radix(digits.get(..len).unwrap_or("0"), 8).ok();
                self.i += len - 1;
                v.and_then(char::from_u32)
            }
            n => Some(n),
        };
        out.push(decoded.unwrap_or('\u{fffd}'));
    }
}

/// Which backslash escapes a string literal decodes.
#[derive(Clone, Copy, PartialEq)]
enum Esc {
    /// None: `r"…"`, regex literals (a backslash only keeps the delimiter from ending it).
    Raw,
    /// `\\` and an escaped delimiter only: single-quoted perl, ruby and php strings.
    Quote,
    /// All of them: double-quoted strings, python and javascript strings.
    Full,
}

/// One shared call for the lexer's many appends (see [`push`]).
#[inline(never)]
fn push_tok<'a>(toks: &mut Vec<Tok<'a>>, t: Tok<'a>) {
    toks.push(t);
}

/// `code`'s tokens (comments and regex literals left out).
fn tokens(lang: Lang, code: &str) -> Vec<Tok<'_>> {
    let mut lx = Lexer {
        b: code.as_bytes(),
        s: code,
        i: 0,
    };
    let mut toks: Vec<Tok> = Vec::new();
    while let Some(&c) = lx.b.get(lx.i) {
        if skip_comment(lang, &mut lx, toks.last()) {
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            name_token(lang, &mut lx, &mut toks);
            continue;
        }
        lx.i += 1;
        match c {
            b'\'' | b'"' if lang == Lang::Python => {
                lx.i -= 1;
                let s = python_string(&mut lx, false);
                push_tok(&mut toks, Tok::Str(Some(s)));
            }
            b'\'' if lang != Lang::Awk => {
                let esc = if matches!(lang, Lang::Perl | Lang::Ruby | Lang::Php) {
                    Esc::Quote
                } else {
                    Esc::Full
                };
                let s = lx.delimited(b'\'', b'\'', esc);
                push_tok(&mut toks, Tok::Str(Some(s)));
            }
            b'"' => {
                let s = lx.delimited(b'"', b'"', Esc::Full);
                let interpolated = match lang {
                    Lang::Perl | Lang::Php => s.contains(['$', '@']),
                    Lang::Ruby => s.contains("#{"),
                    _ => false,
                };
                push_tok(&mut toks, Tok::Str((!interpolated).then_some(s)));
            }
            b'`' => {
                let s = lx.delimited(b'`', b'`', Esc::Full);
                match lang {
                    Lang::Js => {
                        push_tok(&mut toks, Tok::Str((!s.contains("${")).then_some(s)));
                    }
                    Lang::Perl | Lang::Php => push_tok(
                        &mut toks,
                        Tok::Shell((!s.contains(['$', '@'])).then_some(s)),
                    ),
                    Lang::Ruby => push_tok(&mut toks, Tok::Shell((!s.contains("#{")).then_some(s))),
                    _ => push_tok(&mut toks, Tok::Punct(c)),
                }
            }
            b'[' if lang == Lang::Lua && matches!(lx.b.get(lx.i), Some(b'[')) => {
                let end = code.get(lx.i + 1..).and_then(|r| r.find("]]"));
                let s = end
                    .and_then(|e| code.get(lx.i + 1..lx.i + 1 + e))
                    .unwrap_or("");
                push_tok(&mut toks, Tok::Str(Some(s.to_string())));
                lx.i = end.map_or(lx.b.len(), |e| lx.i + 1 + e + 2);
            }
            b'%' if lang == Lang::Ruby
                && lx.b.get(lx.i).is_some_and(|b| b"xwWqQi".contains(b))
                && lx.b.get(lx.i + 1).is_some_and(|b| b"([{<|!/".contains(b)) =>
            {
                let kind = lx.b.get(lx.i).copied().unwrap_or(b'q');
                let open = lx.b.get(lx.i + 1).copied().unwrap_or(b'(');
                lx.i += 2;
                let esc = if kind == b'q' { Esc::Quote } else { Esc::Full };
                let s = lx.delimited(open, closing(open), esc);
                push_tok(
                    &mut toks,
                    match kind {
                        b'x' => Tok::Shell((!s.contains("#{")).then_some(s)),
                        b'w' | b'W' | b'i' => {
                            Tok::Words(s.split_whitespace().map(String::from).collect())
                        }
                        _ => Tok::Str((!(kind == b'Q' && s.contains("#{"))).then_some(s)),
                    },
                );
            }
            b'/' if matches!(lang, Lang::Perl | Lang::Ruby | Lang::Js | Lang::Awk)
                && regex_allowed(toks.last()) =>
            {
                lx.delimited(b'/', b'/', Esc::Raw);
                push_tok(&mut toks, Tok::Str(None));
            }
            c if c.is_ascii_digit() => {
                while lx
                    .b
                    .get(lx.i)
                    .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.')
                {
                    lx.i += 1;
                }
                push_tok(&mut toks, Tok::Name(""));
            }
            c if c.is_ascii_whitespace() || !c.is_ascii() => {}
            // `||`, `&&`: operators, never a pipe
            b'|' | b'&' if lx.b.get(lx.i) == Some(&c) => {
                lx.i += 1;
                push_tok(&mut toks, Tok::Punct(b'o'));
            }
            c => push_tok(&mut toks, Tok::Punct(c)),
        }
    }
    toks
}

/// Skips a comment at the cursor (`#`, `//`, `/* */`, `--` by language); whether there was one.
fn skip_comment(lang: Lang, lx: &mut Lexer<'_>, last: Option<&Tok<'_>>) -> bool {
    let Some(&c) = lx.b.get(lx.i) else {
        return false;
    };
    let code = lx.s;
    let next = lx.b.get(lx.i + 1).copied();
    let comment = match lang {
        Lang::Js => c == b'/' && matches!(next, Some(b'/' | b'*')),
        Lang::Php => c == b'#' || (c == b'/' && matches!(next, Some(b'/' | b'*'))),
        Lang::Lua => c == b'-' && next == Some(b'-'),
        Lang::AppleScript => c == b'-' && next == Some(b'-'),
        _ => c == b'#' && !(lang == Lang::Ruby && matches!(last, Some(Tok::Punct(b'%')))),
    };
    if !comment {
        return false;
    }
    if next == Some(b'*') {
        let end = code.get(lx.i + 2..).and_then(|r| r.find("*/"));
        lx.i = end.map_or(lx.b.len(), |e| lx.i + 2 + e + 2);
    } else {
        let end = code.get(lx.i..).and_then(|r| r.find('\n'));
        lx.i = end.map_or(lx.b.len(), |e| lx.i + e);
    }
    true
}

/// A name at the cursor: a name token, or the string or quote-like operator it prefixes
/// (python's `r"…"`, perl's `q{…}`).
fn name_token<'c>(lang: Lang, lx: &mut Lexer<'c>, toks: &mut Vec<Tok<'c>>) {
    let code = lx.s;
    let start = lx.i;
    while lx
        .b
        .get(lx.i)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        lx.i += 1;
    }
    let name = code.get(start..lx.i).unwrap_or("");
    let after = lx.b.get(lx.i).copied();
    // python string prefixes: r"…", f'…', rb"…"
    if lang == Lang::Python
        && matches!(after, Some(b'\'' | b'"'))
        && name.len() <= 2
        && name.bytes().all(|b| b"rRbBuUfF".contains(&b))
    {
        let raw = name.bytes().any(|b| b == b'r' || b == b'R');
        let format = name.bytes().any(|b| b == b'f' || b == b'F');
        let s = python_string(lx, raw);
        let interpolated = format && s.replace("{{", "").contains('{');
        push_tok(toks, Tok::Str((!interpolated).then_some(s)));
        return;
    }
    // perl quote-like operators: q{…} qq{…} qw{…} qx{…}, m/…/ s/…/…/ tr/…/…/ y///
    if lang == Lang::Perl {
        if let Some(t) = perl_quote(lx, name) {
            toks.extend(t);
            return;
        }
    }
    push_tok(toks, Tok::Name(name));
}

/// A python string at the quote under the cursor (single or triple quoted).
fn python_string(lx: &mut Lexer<'_>, raw: bool) -> String {
    let q = lx.b.get(lx.i).copied().unwrap_or(b'"');
    let triple = lx.b.get(lx.i + 1) == Some(&q) && lx.b.get(lx.i + 2) == Some(&q);
    if triple {
        let quotes = if q == b'"' { "\"\"\"" } else { "'''" };
        let start = lx.i + 3;
        let end = lx.s.get(start..).and_then(|r| r.find(quotes));
        lx.i = end.map_or(lx.b.len(), |e| start + e + 3);
        return end
            .and_then(|e| lx.s.get(start..start + e))
            .unwrap_or("")
            .to_string();
    }
    lx.i += 1;
    lx.delimited(q, q, if raw { Esc::Raw } else { Esc::Full })
}

/// Perl's quote-like operators after their name; `None` if `name` is not one or no
/// delimiter follows.
fn perl_quote(lx: &mut Lexer<'_>, name: &str) -> Option<Vec<Tok<'static>>> {
    let sections = match name {
        "q" | "qq" | "qw" | "qx" | "m" | "qr" => 1,
        "s" | "tr" | "y" => 2,
        _ => return None,
    };
    let open = *lx.b.get(lx.i)?;
    if open.is_ascii_alphanumeric()
        || open.is_ascii_whitespace()
        || open == b'_'
        || open == b','
        || open == b';'
        || open == b')'
        || (open == b'=' && lx.b.get(lx.i + 1) == Some(&b'>'))
    {
        return None;
    }
    lx.i += 1;
    let close = closing(open);
    let esc = if name == "q" || open == b'\'' {
        Esc::Quote
    } else {
        Esc::Full
    };
    let text = lx.delimited(open, close, esc);
    let mut replacement = String::new();
    if sections == 2 {
        if open != close {
            // s{…}{…}: the second part has its own delimiters
            while lx.b.get(lx.i).is_some_and(|b| b.is_ascii_whitespace()) {
                lx.i += 1;
            }
            let o2 = lx.b.get(lx.i).copied().unwrap_or(open);
            lx.i += 1;
            replacement = lx.delimited(o2, closing(o2), Esc::Raw);
        } else {
            replacement = lx.delimited(open, close, Esc::Raw);
        }
    }
    // trailing modifiers (`s/…/…/gie`): the `e` flag evaluates the replacement
    let start = lx.i;
    while lx.b.get(lx.i).is_some_and(|b| b.is_ascii_alphabetic()) {
        lx.i += 1;
    }
    let flags = lx.s.get(start..lx.i).unwrap_or("");
    let interpolates = open != b'\'' && text.contains(['$', '@']);
    Some(match name {
        "q" => vec![Tok::Str(Some(text))],
        "qq" => vec![Tok::Str((!interpolates).then_some(text))],
        "qw" => vec![Tok::Words(
            text.split_whitespace().map(String::from).collect(),
        )],
        "qx" => vec![Tok::Shell((!interpolates).then_some(text))],
        // `s/…/…/e` runs the replacement as perl code (`ee`: and then its result)
        "s" if flags.contains("ee") => vec![Tok::Name("eval"), Tok::Str(None)],
        "s" if flags.contains('e') => vec![
            Tok::Name("eval"),
            Tok::Punct(b'('),
            Tok::Str(Some(replacement)),
            Tok::Punct(b')'),
        ],
        _ => vec![Tok::Str(None)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(lang: Lang, code: &str) -> Vec<String> {
        let mut out = Vec::new();
        read(lang, "interp", code, &mut out);
        out.iter()
            .map(|c| match c {
                Code::Script(_, s) => format!("sh: {s}"),
                Code::Argv(_, w) => format!("argv: {}", w.join(" ")),
                Code::Opaque(..) => "opaque".to_string(),
            })
            .collect()
    }

    #[test]
    fn inline_code_yields_what_it_runs() {
        use Lang::*;
        let cases: &[(Lang, &str, &[&str])] = &[
            (Python, "print(2+2)", &[]),
            (
                Python,
                "import json,sys; print(json.load(sys.stdin)['x'])",
                &[],
            ),
            (
                Python,
                "import os; os.system(\"rm -rf ~\")",
                &["sh: rm -rf ~"],
            ),
            (
                Python,
                "import os; os.system('rm ' + '-rf ~')",
                &["sh: rm -rf ~"],
            ),
            (Python, "import os; os.system(cmd)", &["opaque"]),
            (Python, "import os; os.system(f'rm {x}')", &["opaque"]),
            (Python, "import os; os.system(f'ls {{}}')", &["sh: ls {{}}"]),
            (
                Python,
                "import subprocess; subprocess.run(['rm', '-rf', '~'])",
                &["argv: rm -rf ~"],
            ),
            (
                Python,
                "import subprocess as s; s.call('cat .env', shell=True)",
                &["sh: cat .env"],
            ),
            (
                Python,
                "from subprocess import run; run(['ls'], check=True)",
                &["argv: ls"],
            ),
            (Python, "print(os.popen('id').read())", &["sh: id"]),
            (
                Python,
                "import os; os.execlp('rm', 'rm', '-rf', '~')",
                &["argv: rm -rf ~"],
            ),
            (Python, "exec('import os; os.system(\"id\")')", &["sh: id"]),
            (
                Python,
                "import base64; exec(base64.b64decode('aWQ='))",
                &["opaque"],
            ),
            (
                Python,
                "__import__('os').system('rm -rf ~')",
                &["sh: rm -rf ~"],
            ),
            (Python, "getattr(os, 'sys'+'tem')('x')", &["opaque"]),
            (Python, "import asyncio; asyncio.run(main())", &[]),
            (Python, "app.run(debug=True)", &[]),
            (Python, "# os.system('x')\nprint(1)", &[]),
            (
                Python,
                "import os\nwhile True: os.fork()",
                &["sh: :(){ :|:& };:"],
            ),
            (Perl, "system \"rm -rf ~\"", &["sh: rm -rf ~"]),
            (Perl, "system('rm', '-rf', $ENV{HOME})", &["opaque"]),
            (Perl, "print `cat .env`", &["sh: cat .env"]),
            (Perl, "print qx{id}", &["sh: id"]),
            (Perl, "fork while 1", &["sh: :(){ :|:& };:"]),
            (Perl, "my $x = fork; print $x", &[]),
            (Perl, "s/a/b/g; print", &[]),
            (Perl, "s/(\\d+)/$1+1/e", &[]),
            (Perl, "s/x/system('id')/e", &["sh: id"]),
            (Perl, "s/x/$y/ee", &["opaque"]),
            (
                Python,
                "import subprocess, asyncio; asyncio.run(main())",
                &[],
            ),
            (
                Python,
                "import subprocess as sp; sp.run('id', shell=True)",
                &["sh: id"],
            ),
            (Perl, "print if /system\\(/", &[]),
            (Perl, "exec qw(rm -rf /)", &["argv: rm -rf /"]),
            (Perl, "eval $code", &["opaque"]),
            (Perl, "eval { die }; print $@", &[]),
            (Ruby, "system('rm -rf ~')", &["sh: rm -rf ~"]),
            (Ruby, "puts `id`", &["sh: id"]),
            (Ruby, "puts %x(id)", &["sh: id"]),
            (Ruby, "system(\"rm #{x}\")", &["opaque"]),
            (Ruby, "puts RUBY_VERSION", &[]),
            (Js, "console.log(process.versions.node)", &[]),
            (
                Js,
                "require('child_process').execSync('rm -rf ~')",
                &["sh: rm -rf ~"],
            ),
            (
                Js,
                "const {spawnSync} = require('child_process'); spawnSync('rm', ['-rf', '~'])",
                &["argv: rm -rf ~"],
            ),
            (Js, "require('child_process').exec(`rm ${x}`)", &["opaque"]),
            (Js, "console.log(/a(b)/.exec('ab'))", &[]),
            (Js, "eval(atob('eA=='))", &["opaque"]),
            (Php, "system('rm -rf ~');", &["sh: rm -rf ~"]),
            (Php, "echo `id`;", &["sh: id"]),
            (Php, "echo PHP_VERSION;", &[]),
            (Awk, "BEGIN{system(\"rm -rf ~\")}", &["sh: rm -rf ~"]),
            (Awk, "{print | \"sh\"}", &["opaque", "sh: sh"]),
            (Awk, "{print | \"sort -u\"}", &["sh: sort -u"]),
            (Perl, "open(my $f, \"-|\", \"id\")", &["sh: id"]),
            (Perl, "open(F, \"ls |\")", &["sh: ls"]),
            (Perl, "open(F, \"<\", $ARGV[0])", &[]),
            (Perl, "open(F, \"<\", \".env\")", &["argv: interp .env"]),
            (Perl, "open(F, \"<.env\")", &["argv: interp .env"]),
            (Ruby, "puts File.read(\".env\")", &["argv: interp .env"]),
            (Ruby, "FileUtils.rm_rf(\"/\")", &["argv: rm -rf /"]),
            (Python, "print(open('.env').read())", &["argv: interp .env"]),
            (
                Python,
                "print(open('a.txt', 'r', encoding='utf-8').read())",
                &["argv: interp a.txt"],
            ),
            (
                Python,
                "import shutil; shutil.rmtree('/')",
                &["argv: rm -rf /"],
            ),
            (Python, "xs = [1]; xs.remove(1)", &[]),
            (Python, "from os import system as s; s('id')", &["sh: id"]),
            (Python, "import os; f = os.system; f('id')", &["opaque"]),
            (Python, "import os; list(map(os.system, cmds))", &["opaque"]),
            (
                Js,
                "const {execSync: run} = require('child_process'); run('id')",
                &["sh: id"],
            ),
            (
                Js,
                "console.log(require('fs').readFileSync('.env', 'utf8'))",
                &["argv: interp .env"],
            ),
            (
                Js,
                "require('fs').rmSync('/', {recursive: true})",
                &["argv: rm -rf /"],
            ),
            (
                Php,
                "echo file_get_contents('.env');",
                &["argv: interp .env"],
            ),
            (Perl, "open(F, $x)", &["opaque"]),
            (
                Python,
                "import os; os.popen('sh', 'w').write(x)",
                &["opaque", "sh: sh"],
            ),
            (
                Js,
                "new Deno.Command('rm', {args: ['-rf', '~']}).outputSync()",
                &["argv: rm -rf ~"],
            ),
            (Awk, "{print $1 | cmd}", &["opaque"]),
            (Awk, "\"date\" | getline d; print d", &["sh: date"]),
            (Awk, "/foo|bar/ {print $1}", &[]),
            (Awk, "$1 == 1 || $2 == 2 {print}", &[]),
            (Awk, "{s += $1} END {print s}", &[]),
            (Lua, "os.execute('rm -rf ~')", &["sh: rm -rf ~"]),
            (R, "system('rm -rf ~')", &["sh: rm -rf ~"]),
            (R, "system2('rm', c('-rf', '~'))", &["argv: rm -rf ~"]),
        ];
        for (lang, code, want) in cases {
            assert_eq!(found(*lang, code), *want, "{lang:?}: {code}");
        }
    }
}
