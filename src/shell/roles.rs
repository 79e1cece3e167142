//! Argument roles: what a program does with each word it is given, read from the grammar
//! column of the program table (`programs.rs`). Certainty decides the verdict on a word that
//! names an ignored path (see the README, "How commands are read"):
//!
//! | role | example | an ignored path there |
//! |---|---|---|
//! | [`Role::Path`] | `cat build/x`, `make -f build/Makefile`, `./build/prog` | denied |
//! | [`Role::Unknown`] | `foo build` (a program toolgate does not know), a script's arguments | prompts |
//! | [`Role::Name`] with path syntax, or that a rule for files matches | `git checkout ./build/x`, `git checkout key.pem` | prompts |
//! | [`Role::Name`] | `npm run build`, `git switch dist`, `make dist` | allowed |
//! | [`Role::Text`] | `git commit -m build`, `grep dist x`, `echo build` | allowed |
//!
//! A grammar says, per program and sub-command: the role of each operand by position, of the
//! values of the options it knows, of an unknown option's glued value, and of the words after
//! `--`. A program without a grammar gets one from its traits ([`default_grammar`]): the file
//! readers and writers as before (every word may be a file), the project tools' words are
//! names, the printers' words are text, an interpreter's first operand is its script.

use super::programs::{
    self, arg, Arg, Grammar, Operands, Program, Role, FILES, PATTERN_THEN_FILES, SCRIPT, TEXT,
    UNKNOWN,
};
use crate::text::has_any;

/// The grammar of a program without one of its own, from its traits.
pub fn default_grammar(p: &Program) -> &'static Grammar {
    use programs::{INTERPRETER, PROJECT, SHELL};
    if let Some(g) = p.grammar() {
        return g;
    }
    match p.operands {
        Operands::NotFiles => return &TEXT,
        Operands::PatternThenFiles => return &PATTERN_THEN_FILES,
        Operands::StartPoints => return &FILES,
        Operands::Files => {}
    }
    if p.has(SHELL | INTERPRETER) {
        &SCRIPT
    } else if p.has(PROJECT) {
        &programs::NAMES
    } else {
        &FILES
    }
}

/// A long option named for a file or directory: `--env-file`, `--from-file`, `--outDir`,
/// `--output-path`, `--test-dir`, `--coverageDirectory`.
fn names_a_path(word: &str) -> bool {
    let Some(long) = word.strip_prefix("--") else {
        return false;
    };
    let name = long.split('=').next().unwrap_or("").to_ascii_lowercase();
    let name = name.trim_end_matches(|c: char| !c.is_ascii_alphabetic());
    name.starts_with("out")
        || ["file", "dir", "directory", "path"]
            .iter()
            .any(|end| name.ends_with(end))
}

/// Whether a word is written as a path: it holds a separator or starts with `.` or `~`.
pub fn path_syntax(word: &str) -> bool {
    word.starts_with(['.', '~']) || has_any(word, b"/\\")
}

/// The role of each of `words` (the program's name first). The name itself is a
/// [`Role::Path`] when written with a directory (`./build/prog` reads that file), else a
/// [`Role::Name`]. A program known only ignoring case (`CAT` on a case-insensitive system)
/// gets [`FILES`]: its words are read as paths, as any spelling of a reader's would be.
pub fn roles(words: &[String]) -> Vec<Role> {
    let mut out = vec![Role::Unknown; words.len()];
    let Some(name) = words.first() else {
        return out;
    };
    out[0] = if name.contains('/') {
        Role::Path
    } else {
        Role::Name
    };
    read_program(words, &mut out, 0);
    out
}

/// How many programs deep `npx npx … tsc` is read; past it, words are [`Role::Unknown`].
const MAX_RUNS: u8 = 4;

/// The roles of a program's words (its name first) by its grammar.
fn read_program(words: &[String], out: &mut [Role], depth: u8) {
    let Some(name) = words.first() else {
        return;
    };
    let base = programs::basename(name);
    let known = programs::lookup(base)
        .map(|p| (default_grammar(p), p.code_flags()))
        .or_else(|| programs::lookup_folded(base).map(|_| (&FILES, &[][..])));
    match known {
        Some((grammar, code_flags)) => read(grammar, code_flags, words, out, depth),
        // an unknown program's words stay unknown even where one looks like a program it may
        // launch (`ghq rm alice/dist`, `cabal install build`): nothing there is certain, so a
        // path-like word only prompts (launchers toolgate knows are peeled before roles)
        None => read(&UNKNOWN, &[], words, out, depth),
    }
}

/// Whether a grammar gives every word the same role (no options, sub-commands or stop).
fn uniform(g: &Grammar) -> bool {
    g.options.is_empty()
        && g.subs.is_empty()
        && g.other.is_none()
        && g.stop_after.is_none()
        && g.operands.len() == 1
        && g.operands.first() == Some(&g.option_values)
        && g.after_dashes == g.option_values
}

/// The option of `g` (then of `parent`, then a code flag) spelled by `word`, and whether its
/// value is glued to it. `code_flags` take the code as their value; the words after it are
/// the code's arguments.
fn option(
    grammars: &[&'static Grammar],
    code_flags: &[&'static str],
    word: &str,
) -> Option<(Arg, bool)> {
    let all = || {
        grammars
            .iter()
            .rev()
            .flat_map(|g| g.options.iter().copied())
    };
    // inline code is read by its language's analysis (`inline.rs`), and its text, like the
    // words after it (what it works on: `perl -pi -e CODE FILE`), is read as a path
    if let Some(f) = code_flags.iter().find(|f| **f == word) {
        return Some((
            Arg {
                rest: Some(Role::Path),
                ..arg(f, Role::Path)
            },
            false,
        ));
    }
    if let Some(long) = word.strip_prefix("--") {
        let (name, glued) = match long.split_once('=') {
            Some((n, _)) => (n, true),
            None => (long, false),
        };
        return all()
            .find(|a| a.flag.strip_prefix("--") == Some(name))
            .map(|a| (a, glued));
    }
    if let Some(a) = all().find(|a| a.flag == word) {
        return Some((a, false));
    }
    // a single-dash long option with `=value` (`-name=x`), then a cluster: the first letter
    // taking a value takes the rest of the word, or the next word
    let (whole, _) = word.split_once('=').unwrap_or((word, ""));
    if whole.len() > 2 {
        if let Some(a) = all().find(|a| a.flag == whole) {
            return Some((a, true));
        }
    }
    let letters = word.get(1..).unwrap_or("");
    for (j, c) in letters.char_indices() {
        // a cluster is letters; what follows a value-taking one is its value
        if !c.is_ascii_alphanumeric() {
            break;
        }
        let found = all().find(|a| {
            let f = a.flag.as_bytes();
            f.len() == 2 && f[0] == b'-' && char::from(f[1]) == c
        });
        // a switch that changes what other words are counts wherever it stands (`-pn3`)
        if let Some(a) = found.filter(|a| a.shows_content || a.operands.is_some()) {
            if a.values == 0 {
                return Some((a, false));
            }
        }
        if let Some(a) = found.filter(|a| a.values > 0 || a.rest.is_some()) {
            return Some((a, j + c.len_utf8() < letters.len()));
        }
    }
    None
}

fn read(
    top: &'static Grammar,
    code_flags: &[&'static str],
    words: &[String],
    out: &mut [Role],
    depth: u8,
) {
    // most programs read every word alike (`cat`, `echo`): no option to look up
    if let (true, [role]) = (uniform(top) && code_flags.is_empty(), top.operands) {
        for (w, r) in words.iter().zip(out.iter_mut()).skip(1) {
            *r = if w == "--" { Role::Text } else { *role };
        }
        return;
    }
    let mut grammars: Vec<&'static Grammar> = vec![top];
    let mut operand = 0usize;
    let mut i = 1;
    // a pattern given by an option makes the first operand a file (`grep -e x FILE`)
    let pattern_given = top.operands.first() == Some(&Role::Text)
        && pattern_option_given(&grammars, code_flags, words);
    let mut dashes = false;
    // a switch that prints the files after `--` (`git log -p -- FILE`)
    let mut shown = false;
    // a switch that says what every operand is (`git rm --cached`)
    let mut forced = forced_role(&grammars, code_flags, words.get(1..).unwrap_or(&[]));
    while i < words.len() {
        let g: &'static Grammar = grammars.last().copied().unwrap_or(top);
        let w = &words[i];
        if dashes {
            out[i] = match (shown, forced) {
                (true, _) => Role::Path,
                (false, Some(role)) => role,
                (false, None) => g.after_dashes,
            };
            i += 1;
            continue;
        }
        if w == "--" {
            dashes = true;
            out[i] = Role::Text;
            i += 1;
            // `dotenv -e FILE -- npm test`: the program it runs, by its grammar
            if g.runs && depth < MAX_RUNS && i < words.len() {
                run(words, out, i, depth);
                return;
            }
            continue;
        }
        if w.len() > 1 && w.starts_with('-') {
            match option(&grammars, code_flags, w) {
                Some((a, glued)) => {
                    out[i] = if glued { a.role } else { Role::Text };
                    shown |= a.shows_content;
                    i += 1;
                    // its values: never `--` (`git log -m -- x`), and for a list, every
                    // word up to the next option
                    let mut taken = 0;
                    while !glued && taken < a.values {
                        match words.get(i) {
                            Some(v) if v == "--" => break,
                            Some(v) if a.values == u8::MAX && v.starts_with('-') => break,
                            Some(_) => out[i] = a.role,
                            None => break,
                        }
                        i += 1;
                        taken += 1;
                    }
                    // `python -m pytest ARGS…`: the module's words, by its grammar
                    if a.runs && !glued && taken == 1 && depth < MAX_RUNS {
                        run(words, out, i - 1, depth);
                        return;
                    }
                    if let Some(rest) = a.rest {
                        for r in out.iter_mut().skip(i) {
                            *r = rest;
                        }
                        return;
                    }
                }
                None => i = other_option(g, words, out, i),
            }
            continue;
        }
        if operand == 0 && (!g.subs.is_empty() || g.other.is_some()) {
            let sub = g.subs.iter().find(|(n, _)| *n == w).map(|(_, s)| *s);
            if let Some(s) = sub.or(g.other) {
                out[i] = Role::Name;
                grammars.push(s);
                i += 1;
                let rest = words.get(i..).unwrap_or(&[]);
                forced = forced_role(&grammars, code_flags, rest).or(forced);
                continue;
            }
        }
        let slot = operand + usize::from(pattern_given && g.operands.first() == Some(&Role::Text));
        out[i] = forced.unwrap_or_else(|| {
            g.operands
                .get(slot)
                .or(g.operands.last())
                .copied()
                .unwrap_or(Role::Unknown)
        });
        if g.names_as_paths && out[i] == Role::Name && path_syntax(w) {
            out[i] = Role::Path;
        }
        operand += 1;
        i += 1;
        if g.stop_after.is_some_and(|n| operand >= usize::from(n)) {
            // `npx tsc --outDir dist`: tsc's words, by tsc's grammar
            if g.runs && depth < MAX_RUNS {
                // in a container, the image then the command run in it
                if !g.runs_elsewhere {
                    run(words, out, i - 1, depth);
                } else if i < words.len() {
                    run(words, out, i, depth);
                    for r in out.iter_mut().skip(i).filter(|r| **r == Role::Path) {
                        *r = Role::Unknown;
                    }
                }
                return;
            }
            for r in out.iter_mut().skip(i) {
                *r = g.after_dashes;
            }
            return;
        }
    }
}

/// Whether an option among `words` (up to `--`) gives the pattern (`grep -e x FILE`), which
/// makes the first operand a file.
fn pattern_option_given(
    grammars: &[&'static Grammar],
    code_flags: &[&'static str],
    words: &[String],
) -> bool {
    words
        .iter()
        .skip(1)
        .take_while(|w| *w != "--")
        .filter(|w| w.len() > 1 && w.starts_with('-'))
        .any(|w| option(grammars, code_flags, w).is_some_and(|(a, _)| a.pattern))
}

/// The role of word `i`, an option the grammar `g` does not list, and of a value it may take;
/// the index after them. `--env-file=.env`, `--outDir dist`: an option a known program names
/// for a file or directory takes a path.
fn other_option(g: &Grammar, words: &[String], out: &mut [Role], mut i: usize) -> usize {
    let w = &words[i];
    out[i] = g.option_values;
    if g.option_values != Role::Unknown && names_a_path(w) {
        out[i] = Role::Path;
        if !w.contains('=') && words.get(i + 1).is_some_and(|v| !v.starts_with('-')) {
            i += 1;
            out[i] = Role::Path;
        }
    }
    i + 1
}

/// The role a switch among `words` (up to `--`) gives every operand (see [`Arg::operands`]).
fn forced_role(
    grammars: &[&'static Grammar],
    code_flags: &[&'static str],
    words: &[String],
) -> Option<Role> {
    words
        .iter()
        .take_while(|w| *w != "--")
        .filter(|w| w.len() > 1 && w.starts_with('-'))
        .find_map(|w| option(grammars, code_flags, w).and_then(|(a, _)| a.operands))
}

/// The words from `at` on are a program and its words, read by its grammar; its own path is
/// read, as a program's is.
fn run(words: &[String], out: &mut [Role], at: usize, depth: u8) {
    let (Some(name), Some(rest)) = (words.get(at), out.get_mut(at..)) else {
        return;
    };
    read_program(&words[at..], rest, depth + 1);
    out[at] = if name.contains('/') {
        Role::Path
    } else {
        Role::Name
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use Role::{Name as N, Path as P, Text as T, Unknown as U};

    #[test]
    fn each_word_gets_its_role() {
        let cases: &[(&str, &[Role])] = &[
            ("grep -rn dist webpack.config.js", &[N, T, T, P]),
            ("grep -e dist -f pats build", &[N, T, T, T, P, P]),
            ("rg -l use[A-Z] src/hooks", &[N, T, T, P]),
            ("ssh -ikey.pem host", &[N, P, P]),
            ("npm run build -- --watch", &[N, N, N, U, U]),
            ("git commit -m build a.txt", &[N, N, T, T, P]),
            ("git log -m -- .env", &[N, N, N, T, T]),
            ("git log -p -- .env", &[N, N, T, T, P]),
            ("git log --oneline -- dist", &[N, N, N, T, T]),
            ("git log --oneline -- .env", &[N, N, N, T, T]),
            ("git log -pn3 -- .env", &[N, N, T, T, P]),
            ("git log -U3 -- .env", &[N, N, T, T, P]),
            ("git log --word-diff -- .env", &[N, N, T, T, P]),
            ("git ls-files --error-unmatch dist/x", &[N, N, T, T]),
            ("git rm -r --cached dist", &[N, N, P, T, T]),
            ("git rm .env --cached", &[N, N, T, T]),
            ("git rm -r dist", &[N, N, P, P]),
            ("git ls-files dist -o", &[N, N, P, T]),
            ("git checkout -B build origin/build", &[N, N, T, N, T]),
            ("[ -f .env ]", &[N, T, T, T]),
            ("du -sh --exclude=node_modules src", &[N, P, T, P]),
            ("rsync -a --exclude dist src/ /tmp/x", &[N, P, T, T, P, P]),
            ("swift build", &[N, N]),
            ("swift build/x.swift", &[N, P]),
            ("npx wrangler pages deploy dist", &[N, N, N, N, P]),
            ("pip install dist/x.whl build", &[N, N, P, N]),
            ("npm install ./pkg.tgz lodash", &[N, N, P, N]),
            ("git checkout -b build origin/build", &[N, N, T, N, T]),
            ("git checkout HEAD~3 x", &[N, N, N, P]),
            ("git show HEAD:.env", &[N, N, P]),
            ("make -C build dist", &[N, T, P, N]),
            ("python -m build --wheel", &[N, T, N, U]),
            ("node build/server.js --port 1", &[N, P, U, U]),
            ("perl -pi -e s/a/b/ x", &[N, P, T, P, P]),
            (
                "zip -r a.zip src -x node_modules/* dist/* -q",
                &[N, P, P, P, T, T, T, P],
            ),
            (
                "docker build -t build:1 -f build/Dockerfile .",
                &[N, N, T, N, T, P, P],
            ),
            ("docker compose build", &[N, N, N]),
            ("./build/prog build", &[P, U]),
            ("foo --env-file=.env", &[N, U]),
            ("vite build --outDir dist", &[N, N, P, P]),
            ("npx tsc --outDir dist", &[N, N, P, P]),
            ("npx --yes ./node_modules/.bin/tsc -p .", &[N, N, P, T, P]),
            ("npx unknown-tool dist", &[N, N, U]),
            ("foo cat .env", &[N, U, U]),
            ("foo exec rake build", &[N, U, U, U]),
            ("docker run img npm run build", &[N, N, N, N, N, N]),
            ("docker run img cat dist/x", &[N, N, N, N, U]),
            ("foo exec cat .env", &[N, U, U, U]),
            ("parcel build src/index.html", &[N, N, P]),
            ("diff -r -x node_modules a b", &[N, P, T, T, P, P]),
            ("git clean -n -e .env", &[N, N, P, T, T]),
            ("cabal install build", &[N, N, N]),
            ("ghq rm alice/dist", &[N, U, U]),
            ("foo --x echo .env", &[N, U, U, U]),
            ("jest build", &[N, T]),
            ("kubectl logs deploy/build", &[N, T, T]),
            ("uv run pytest -k build tests", &[N, N, N, T, T, P]),
            ("CAT x", &[N, P]),
            ("echo build", &[N, T]),
            (
                "python -m http.server --directory build 8000",
                &[N, T, N, P, P, T],
            ),
            ("python -m pytest -k build tests", &[N, T, N, T, T, P]),
            (
                "dotenv -e .env.test -- npm run build",
                &[N, T, P, T, N, N, N],
            ),
            ("dotenv -e .env.test -- cat build/x", &[N, T, P, T, N, P]),
            ("rustup run stable cargo build", &[N, N, N, N, N]),
            ("rustup run stable cat .env", &[N, N, N, N, P]),
            ("nyc report --temp-dir coverage/.nyc", &[N, N, P, P]),
            ("nyc mocha build", &[N, N, P]),
            ("bun build src/a.ts --outdir dist", &[N, N, P, P, P]),
            ("npx -- tsc --outDir dist", &[N, T, N, P, P]),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .filter_map(|(cmd, want)| {
                let words: Vec<String> = cmd.split(' ').map(String::from).collect();
                let got = roles(&words);
                (got != *want).then(|| format!("{cmd}: {got:?}"))
            })
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
