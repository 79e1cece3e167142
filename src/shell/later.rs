//! Code that runs later in the same command line, analysed like `bash -c`:
//! * a file the line writes with text it shows (`echo …`, `printf …`, a here-doc to `cat`,
//!   `tee` fed by them) and then runs: as a script (`sh x.sh`, `./x.sh`, `. x.sh`,
//!   `bash < x.sh`, `BASH_ENV=x.sh bash`), as an interpreter's program (`python3 x.py`), as a
//!   git hook (`.git/hooks/…` or `core.hooksPath`) or a git alias (`.git/config`) that the
//!   git command after it runs, as a Makefile's recipes (`make`) or a package's scripts
//!   (`npm test`);
//! * a shell fed by a process substitution (`echo '…' > >(sh)`);
//! * text that bash evaluates when it expands a value: a command substitution inside an
//!   array subscript runs when the value reaches arithmetic (`x='a[$(…)]'; echo $((x))`,
//!   `[[ $x -eq 1 ]]`, `let`, `declare -i`, `${s:$x}`, `${a[x]}`), and any command
//!   substitution runs when a value is expanded as a prompt (`PS4` with `set -x`,
//!   `${x@P}`). A value that the line reads at run time (`read x`, `x=$(cat f)`) and then
//!   evaluates as arithmetic may be code: toolgate does not vouch for it.
//!
//! Each piece is parsed as a command line of its own and its commands are added to the
//! analysis, so every check sees them.

use super::analysis::{
    Analysis, Origin, Problem, SimpleCommand, Wrapper, EVALUATED_VALUE, FED_PROCESS_SUBSTITUTION,
    WRITTEN_GIT_ALIAS, WRITTEN_GIT_HOOK, WRITTEN_MAKEFILE, WRITTEN_PACKAGE_JSON, WRITTEN_SCRIPT,
};
use super::names::{self, folded_key};
use super::{inline, wrappers, MAX_COMMANDS};
use crate::text::{has, has_any};

/// The wrappers `append` gives the commands of code run later, one per kind of runner.

/// Written scripts that write and run scripts are read this deep.
const MAX_LEVELS: usize = 4;
/// Pieces of code one line may run later (each is parsed): past this it is not judged.
const MAX_PIECES: usize = 64;

/// Adds to `analysis` the commands of the code `src` runs later (see the module docs);
/// `parse` reads a command line (the parser, which sits above this module).
pub(super) fn extend(
    analysis: &mut Analysis,
    src: &str,
    level: usize,
    parse: &dyn Fn(&str) -> Analysis,
) {
    if level >= MAX_LEVELS || analysis.problem.is_some() {
        return;
    }
    let mut found = Vec::new();
    written_and_run(&analysis.commands, &mut found);
    fed_process_substitution(&analysis.commands, &mut found);
    if let Some(why) = evaluated_values(src, &analysis.commands, &mut found) {
        analysis.problem = Some(Problem::Unparseable(why));
    }
    if found.len() > MAX_PIECES {
        analysis.problem = Some(Problem::Unparseable(format!(
            "more than {MAX_PIECES} pieces of code run later"
        )));
        return;
    }
    for (runner, wrapper, text) in found {
        if analysis.problem.is_some() {
            return;
        }
        let mut inner = parse(&text);
        if inner.problem.is_none() {
            extend(&mut inner, &text, level + 1, parse);
        }
        append(analysis, runner, wrapper, inner);
    }
}

/// Adds `inner`'s commands as run by command `runner` of `outer`, from its directory.
fn append(outer: &mut Analysis, runner: usize, wrapper: &'static str, inner: Analysis) {
    let base = outer.commands.len();
    let pipelines = outer
        .commands
        .iter()
        .filter(|c| c.pipeline != usize::MAX)
        .map(|c| c.pipeline + 1)
        .max()
        .unwrap_or(0);
    let Some(r) = outer.commands.get(runner) else {
        return;
    };
    let mut wrappers = r.wrappers.clone();
    wrappers.push(Wrapper {
        name: wrapper.to_string(),
        words: r.words.clone(),
        script: true,
        ..Wrapper::default()
    });
    let (cwd, also, dynamic) = (r.cwd.clone(), r.cwd_also.clone(), r.cwd_dynamic);
    if base + inner.commands.len() > MAX_COMMANDS {
        outer.problem = Some(Problem::Unparseable(format!(
            "more than {MAX_COMMANDS} commands"
        )));
        return;
    }
    for mut c in inner.commands {
        c.parent = c.parent.map(|p| p + base);
        if c.pipeline != usize::MAX {
            c.pipeline += pipelines;
        }
        let mut w = wrappers.clone();
        w.append(&mut c.wrappers);
        c.wrappers = w;
        if c.origin == Origin::Top {
            c.origin = Origin::Script;
        }
        // the script starts where its runner runs
        let join = |d: &Option<String>| match (&cwd, d) {
            (Some(base), Some(d)) if !super::paths::is_absolute(d) => Some(format!("{base}/{d}")),
            (base, None) => base.clone(),
            (_, d) => d.clone(),
        };
        c.cwd = join(&c.cwd);
        c.cwd_also = c
            .cwd_also
            .iter()
            .map(join)
            .chain(also.iter().cloned())
            .collect();
        c.cwd_dynamic |= dynamic;
        outer.commands.push(c);
    }
    if outer.not_plain.is_none() {
        outer.not_plain = Some("a file written and then run");
    }
    if outer.problem.is_none() {
        outer.problem = inner.problem;
    }
}

/// `path` from directory `cwd`, lexically normalised (the key two spellings of one file
/// share).
fn file_key(cwd: Option<&str>, path: &str) -> String {
    let joined = match cwd {
        Some(d) if !super::paths::is_absolute(path) => format!("{d}/{path}"),
        _ => path.to_string(),
    };
    let mut parts: Vec<&str> = Vec::new();
    for p in joined.split('/') {
        match p {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    let body = parts.join("/");
    if joined.starts_with('/') {
        format!("/{body}")
    } else {
        body
    }
}

/// Backslash escapes as `echo -e` and `printf` read them.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(o) => out.push(o),
            None => out.push('\\'),
        }
    }
    out
}

/// The text `c` prints, when the line shows it: `echo` words, a `printf` format with its
/// `%s`/`%b` arguments, a here-doc or here-string given to `cat`.
fn printed(c: &SimpleCommand) -> Option<String> {
    let name = c.name()?;
    if !c.unknown.is_empty() || !c.dynamic.is_empty() {
        return None;
    }
    let args = c.words.get(1..).unwrap_or(&[]);
    match folded_key(name) {
        names::ECHO => {
            let mut escapes = false;
            let mut newline = true;
            let mut i = 0;
            while let Some(w) = args.get(i).filter(|w| {
                w.len() > 1 && w.starts_with('-') && w.bytes().skip(1).all(|b| b"neE".contains(&b))
            }) {
                escapes |= w.contains('e');
                newline &= !w.contains('n');
                i += 1;
            }
            let mut text = args.get(i..).unwrap_or(&[]).join(" ");
            if escapes {
                text = unescape(&text);
            }
            if newline {
                text.push('\n');
            }
            Some(text)
        }
        names::PRINTF => {
            let format = unescape(args.first()?);
            let mut rest = args.iter().skip(1);
            let mut out = String::new();
            let mut pieces = format.split('%');
            out.push_str(pieces.next().unwrap_or(""));
            for piece in pieces {
                match piece.chars().next() {
                    Some('s' | 'b') => {
                        out.push_str(rest.next().map_or("", String::as_str));
                        out.push_str(&piece[1..]);
                    }
                    _ => {
                        out.push('%');
                        out.push_str(piece);
                    }
                }
            }
            Some(out)
        }
        _ if name == "cat" && args.is_empty() => c
            .redirects
            .iter()
            .find(|r| r.is_heredoc() || r.is_herestring())
            .map(|r| r.body.clone().unwrap_or_else(|| format!("{}\n", r.target))),
        _ => None,
    }
}

/// Files the line writes with text it shows: (key, text, index of the writer).
fn written_files(cmds: &[SimpleCommand]) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (i, c) in cmds.iter().enumerate() {
        let text = match c.name().map(folded_key) {
            // `echo … | tee x.sh`: the text of the first stage
            Some(names::TEE) => cmds
                .iter()
                .find(|d| d.pipeline == c.pipeline && c.pipeline != usize::MAX && d.stage == 0)
                .and_then(printed),
            _ => printed(c),
        };
        let Some(text) = text else { continue };
        let cwd = c.cwd.as_deref();
        for r in c.redirects.iter().filter(|r| r.writes_file() && !r.dynamic) {
            out.push((file_key(cwd, &r.target), text.clone(), i));
        }
        if c.name().map(folded_key) == Some(names::TEE) {
            for w in c.words.iter().skip(1).filter(|w| !w.starts_with('-')) {
                out.push((file_key(cwd, w), text.clone(), i));
            }
        }
    }
    out
}

/// The flag an interpreter takes its program text with.
fn inline_flag(name: &str) -> Option<&'static str> {
    use inline::Lang;
    match inline::interpreter(name)? {
        Lang::Python | Lang::R => Some("-c"),
        Lang::Php => Some("-r"),
        Lang::Perl | Lang::Ruby | Lang::Js | Lang::Lua => Some("-e"),
        Lang::Awk | Lang::AppleScript => None,
    }
}

fn written_and_run(cmds: &[SimpleCommand], found: &mut Vec<(usize, &'static str, String)>) {
    let files = written_files(cmds);
    if files.is_empty() {
        return;
    }
    for (j, c) in cmds.iter().enumerate() {
        let earlier = |key: &str| {
            files
                .iter()
                .rev()
                .find(|(k, _, i)| *i < j && k == key)
                .map(|(_, t, _)| t.clone())
        };
        let cwd = c.cwd.as_deref();
        let Some(name) = c.name() else { continue };
        let key = folded_key(name);
        // as a script: an operand, the program itself, stdin, or BASH_ENV/ENV
        let mut scripts: Vec<&str> = Vec::new();
        if let Some(f) = wrappers::executed_file(c) {
            scripts.push(f);
        }
        if wrappers::is_shell_key(key) {
            for r in c
                .redirects
                .iter()
                .filter(|r| r.names_file() && !r.writes_file())
            {
                scripts.push(&r.target);
            }
        }
        // a shell it starts (`bash -c`, a program's own `sh -c`) reads these first
        for (n, v) in &c.assignments {
            if n == "BASH_ENV" || n == "ENV" {
                scripts.push(v);
            }
        }
        let mut keys: Vec<String> = scripts.iter().map(|f| file_key(cwd, f)).collect();
        // a program found on a PATH the line points at a directory it writes in
        if !name.contains('/') {
            for dir in path_dirs(&cmds[..=j]) {
                keys.push(file_key(cwd, &format!("{dir}/{name}")));
            }
        }
        // `npx eslint`: the package's own bin
        if matches!(name, "npx" | "bunx") || c.words.get(1).is_some_and(|w| w == "exec") {
            let bin = c
                .words
                .iter()
                .skip(1)
                .find(|w| !w.starts_with('-') && *w != "exec");
            if let Some(bin) = bin {
                keys.push(file_key(cwd, &format!("node_modules/.bin/{bin}")));
            }
        }
        for file in keys {
            let Some(text) = earlier(&file) else {
                continue;
            };
            let code = match inline_flag(name) {
                Some(flag) if !wrappers::is_shell_key(key) => {
                    format!("{name} {flag} {}", super::quote(&text))
                }
                _ => text,
            };
            found.push((j, WRITTEN_SCRIPT, code));
        }
        // what a build or git command runs from files written before it
        let here = |f: &str| earlier(&file_key(cwd, f));
        if matches!(name, "make" | "gmake") {
            let makefile = c
                .words
                .iter()
                .position(|w| w == "-f")
                .and_then(|i| c.words.get(i + 1))
                .map(String::as_str);
            let names: &[&str] = match makefile {
                Some(ref f) => std::slice::from_ref(f),
                None => &["GNUmakefile", "makefile", "Makefile"],
            };
            for text in names.iter().filter_map(|f| here(f)) {
                for line in text.lines().filter_map(|l| l.strip_prefix('\t')) {
                    let line = line.trim_start_matches(['@', '-', '+']);
                    found.push((j, WRITTEN_MAKEFILE, line.to_string()));
                }
            }
        }
        if matches!(name, "npm" | "yarn" | "pnpm" | "bun") {
            if let Some(text) = here("package.json") {
                for script in json_strings(&text) {
                    found.push((j, WRITTEN_PACKAGE_JSON, script));
                }
            }
        }
        if key == names::GIT {
            let hooks = c
                .words
                .iter()
                .find_map(|w| {
                    w.strip_prefix("core.hooksPath=")
                        .or_else(|| w.strip_prefix("core.hookspath="))
                })
                .unwrap_or(".git/hooks");
            let dir = file_key(cwd, hooks);
            for (k, text, i) in &files {
                let hook = k
                    .strip_prefix(&dir)
                    .is_some_and(|r| r.starts_with('/') && !r[1..].contains('/'));
                if *i < j && hook {
                    found.push((j, WRITTEN_GIT_HOOK, text.clone()));
                }
            }
            if let Some(config) = here(".git/config") {
                for alias in config.lines().filter_map(|l| l.split_once("= !")) {
                    found.push((j, WRITTEN_GIT_ALIAS, alias.1.to_string()));
                }
            }
        }
    }
}

/// The directories of a `PATH` the commands set (as a prefix or for the rest of the line)
/// that are relative to where a command runs: `.`, an empty entry, `$PWD`, `bin`.
fn path_dirs(cmds: &[SimpleCommand]) -> Vec<String> {
    let mut out = Vec::new();
    let values = cmds.iter().flat_map(|c| {
        let words = c
            .words
            .iter()
            .filter_map(|w| w.strip_prefix("PATH="))
            .filter(|_| matches!(c.name(), Some("export" | "declare" | "typeset" | "local")));
        c.assignments
            .iter()
            .filter(|(n, _)| n == "PATH")
            .map(|(_, v)| v.as_str())
            .chain(words)
    });
    for value in values {
        for entry in value.split(':') {
            let entry = match entry {
                "" | "$PWD" | "${PWD}" | "$(pwd)" => ".",
                e if e.starts_with('$') || e.starts_with('/') || e.starts_with('~') => continue,
                e => e,
            };
            out.push(entry.to_string());
        }
    }
    out
}

/// Every string value in a JSON text (`{"scripts":{"test":"…"}}`); keys are skipped.
fn json_strings(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some(o) => s.push(o),
                    None => {}
                },
                c => s.push(c),
            }
        }
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek() != Some(&':') {
            out.push(s);
        }
    }
    out
}

/// `echo '…' > >(sh)`: the shell of a process substitution reads what its command prints.
fn fed_process_substitution(
    cmds: &[SimpleCommand],
    found: &mut Vec<(usize, &'static str, String)>,
) {
    for (j, d) in cmds.iter().enumerate() {
        if d.origin != Origin::ProcessSubstitution || !wrappers::shell_reads_stdin(&d.words) {
            continue;
        }
        let Some(writer) = d.parent.and_then(|p| cmds.get(p)) else {
            continue;
        };
        let into = writer
            .redirects
            .iter()
            .any(|r| r.writes_file() && r.target.starts_with(">("));
        if let (true, Some(text)) = (into, printed(writer)) {
            found.push((j, FED_PROCESS_SUBSTITUTION, text));
        }
    }
}

/// The command substitutions (`$(…)`, `` `…` ``) written inside `text`.
fn substitutions(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'$' && b.get(i + 1) == Some(&b'(') {
            let mut depth = 0;
            let start = i + 2;
            let mut j = i + 1;
            while j < b.len() {
                match b[j] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            out.push(text.get(start..j.min(b.len())).unwrap_or("").to_string());
            i = j + 1;
        } else if b[i] == b'`' {
            let end = text[i + 1..].find('`').map_or(b.len(), |k| i + 1 + k);
            out.push(text.get(i + 1..end).unwrap_or("").to_string());
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether the line evaluates something as arithmetic where a variable's value may be an
/// expression (`$((x))`, `((…))`, `$[…]`, `let`, `declare -i`, `[[ … -eq … ]]`, `${s:x}`,
/// `${a[x]}`, `${!x}`).
fn arithmetic(src: &str, cmds: &[SimpleCommand]) -> bool {
    let integer = |c: &SimpleCommand| {
        matches!(
            c.name(),
            Some("declare" | "typeset" | "local" | "export" | "readonly")
        ) && c
            .words
            .iter()
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('i'))
    };
    let test = |c: &SimpleCommand| {
        c.words.first().is_some_and(|w| w == "[[")
            && c.words
                .iter()
                .any(|w| matches!(w.as_str(), "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge"))
    };
    src.contains("((")
        || src.contains("$[")
        || src.contains("${!")
        || parameter_arithmetic(src)
        || cmds.iter().any(|c| {
            c.name() == Some("let")
                || integer(c)
                || test(c)
                // `a[x]=1`: an indexed assignment's subscript
                || c.assignments.iter().any(|(n, _)| n.contains('['))
        })
}

/// `${name:…}` (an offset) or `${name[…]}` (a subscript).
fn parameter_arithmetic(src: &str) -> bool {
    src.match_indices("${").any(|(i, _)| {
        let rest = &src[i + 2..];
        let name = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        name > 0 && matches!(rest.as_bytes().get(name), Some(b':' | b'['))
    })
}

/// Whether the line expands a value as a prompt: `${x@P}`, or `PS4` under `set -x`.
fn prompt(src: &str, cmds: &[SimpleCommand]) -> bool {
    let traced = cmds.iter().any(|c| {
        (c.name() == Some("set")
            && c.words.iter().skip(1).any(|w| {
                (w.starts_with('-') && w.contains('x') && !w.starts_with("--")) || w == "xtrace"
            }))
            || (c
                .name()
                .is_some_and(|n| wrappers::is_shell_key(folded_key(n)))
                && c.words
                    .get(1)
                    .is_some_and(|w| w.starts_with('-') && w.contains('x')))
    });
    src.contains("@P}") || traced
}

/// Values bash evaluates (see the module docs): their command substitutions are added to
/// `found`; why the line cannot be vouched for when an unknown value reaches arithmetic.
fn evaluated_values(
    src: &str,
    cmds: &[SimpleCommand],
    found: &mut Vec<(usize, &'static str, String)>,
) -> Option<String> {
    if !has_any(src, b"([@{") && !has(src, b"let") {
        return None;
    }
    let arithmetic = arithmetic(src, cmds);
    let prompt = prompt(src, cmds);
    if !arithmetic && !prompt {
        return None;
    }
    for (i, c) in cmds.iter().enumerate() {
        let literal_values = c
            .assignments
            .iter()
            .enumerate()
            .filter(|(k, _)| !c.dynamic_assignments.iter().any(|d| d.index == *k))
            .map(|(_, (_, v))| v.as_str())
            .chain(
                c.words
                    .iter()
                    .enumerate()
                    .skip(1)
                    .filter(|(k, _)| !c.is_dynamic(*k))
                    .map(|(_, w)| w.as_str()),
            );
        for v in literal_values {
            // in arithmetic, only a subscript's substitutions run (`a[$(…)]`)
            let evaluated = prompt || (arithmetic && v.contains('[') && v.contains(']'));
            if evaluated && has_any(v, b"$`") {
                for code in substitutions(v) {
                    found.push((i, EVALUATED_VALUE, code));
                }
            }
        }
    }
    if !arithmetic {
        return None;
    }
    // a value the line reads at run time, then evaluates
    let read_at_run_time = cmds.iter().filter_map(|c| {
        if c.name() == Some("read") {
            return c.words.iter().skip(1).rev().find(|w| !w.starts_with('-'));
        }
        if c.words.is_empty() {
            let d = c.dynamic_assignments.first()?;
            let (name, _) = c.assignments.get(d.index)?;
            return (!substitutions(&d.raw.replace("$((", "")).is_empty()).then_some(name);
        }
        None
    });
    let texts = arithmetic_texts(src, cmds);
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    // named, as a word of its own (`x`, `$x`), in an expression bash evaluates
    let evaluated = |name: &str| {
        texts.iter().any(|t| {
            t.match_indices(name).any(|(i, n)| {
                let before = t.as_bytes().get(i.wrapping_sub(1)).copied();
                let after = t.as_bytes().get(i + n.len()).copied();
                !before.is_some_and(ident) && !after.is_some_and(ident)
            })
        })
    };
    let name = read_at_run_time.into_iter().find(|n| evaluated(n))?;
    Some(format!(
        "`{name}` is read when the command runs and then evaluated as arithmetic, which runs \
         any command substitution in it"
    ))
}

/// The texts bash evaluates as arithmetic: `$((…))` and `((…))`, `$[…]`, a parameter's
/// offset and length (`${s:…}`) or subscript (`${a[…]}`), the words of `let`, of an integer
/// declaration and of a `[[ … -eq … ]]` test.
fn arithmetic_texts<'s>(src: &'s str, cmds: &'s [SimpleCommand]) -> Vec<&'s str> {
    let mut out = Vec::new();
    let until = |from: usize, end: &str| {
        let rest = src.get(from..).unwrap_or("");
        rest.find(end).map_or(rest, |k| &rest[..k])
    };
    for (i, _) in src.match_indices("((") {
        out.push(until(i + 2, "))"));
    }
    for (i, _) in src.match_indices("$[") {
        out.push(until(i + 2, "]"));
    }
    for (i, _) in src.match_indices("${") {
        let rest = &src[i + 2..];
        let name = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        if rest.starts_with('!') {
            // `${!x}`: x's value names what is expanded, subscript and all
            out.push(until(i + 2, "}"));
        } else if matches!(rest.as_bytes().get(name), Some(b':' | b'[')) {
            out.push(until(i + 2 + name, "}"));
        }
    }
    for c in cmds {
        let integer = matches!(
            c.name(),
            Some("declare" | "typeset" | "local" | "export" | "readonly")
        ) && c
            .words
            .iter()
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('i'));
        let test = c.words.first().is_some_and(|w| w == "[[");
        if integer || test || c.name() == Some("let") {
            out.extend(c.words.iter().skip(1).map(String::as_str));
        }
        out.extend(
            c.assignments
                .iter()
                .filter(|(n, _)| n.contains('['))
                .map(|(n, _)| n.as_str()),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_substitutions() {
        assert_eq!(file_key(Some("a"), "./x.sh"), "a/x.sh");
        assert_eq!(file_key(None, "/tmp/../tmp/x"), "/tmp/x");
        assert_eq!(substitutions("a[$(rm -rf ~)]"), vec!["rm -rf ~"]);
        assert_eq!(substitutions("a[`id`] $(x $(y))"), vec!["id", "x $(y)"]);
        assert_eq!(
            json_strings(r#"{"scripts":{"test":"rm -rf ~","b":"x\"y"}}"#),
            vec!["rm -rf ~", "x\"y"]
        );
        assert!(parameter_arithmetic("echo ${s:$x}"));
        assert!(!parameter_arithmetic("echo ${#x} ${x}"));
    }
}
