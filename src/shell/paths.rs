//! Path operands: every word of every command that could name a file, for the validator to
//! check against the ignore rules. Which words those are, and how certainly, is each word's
//! role (`roles.rs`, from the program table's grammars): a word whose role is text (a sed
//! script, a commit message, a grep pattern) is none; a path a known program opens is
//! `certain`; an unknown program's word or a name is not (`PathOperand::certain`,
//! `PathOperand::name`).
//!
//! Taken, for each command (through wrappers, substitutions, scripts, `find -exec`):
//! * the program's own path (`./build/prog`);
//! * every word after the command name that is not an option (`-x`, `--long`), and every
//!   word after `--`; a lone `-` (stdin) is skipped;
//! * the value of `--opt=value` and of `key=value` operands (`dd if=.env`);
//! * for `REV:path` / `host:path` words, the part after the first `:` as well
//!   (`git show HEAD:.env`), besides the whole word;
//! * every redirection target except fd duplications (`2>&1`), here-docs and here-strings;
//! * the operands of launchers (`xargs -a FILE`, `time -o FILE`; also `sudo -u USER`'s user,
//!   harmlessly).
//!
//! * the values of variables naming files a program loads (`LD_PRELOAD=x.so`, `BASH_ENV=.env`,
//!   `PYTHONSTARTUP=…`), as assignments or `env` words; `:`/space-separated lists split;
//! * a file inside a word: after `@`/`<` (`curl -d @.env`, `curl -F f=@.env`), after the
//!   last of several `=` (`--from-file=key=.env`), before a `:` (`-v .env:/app/.env`);
//! * the files a sed script reads or writes (`sed '1r .env'`, `sed -n 'w out'`);
//! * a value glued to a short option when it looks like a path (`xargs -a.env`, `grep
//!   -f.env`, `curl -d@.env`).
//!
//! Not taken: URLs (`scheme://…`) other than `file:` ones, here-doc bodies, `find`'s expression (`-name '*.ts'`,
//! `-not -path …` are filters; the files it names with `-newer F`, `-fprint F` are taken).
//! Each operand says whether its value is known (`unknown`), whether the shell expands it as
//! a glob (`glob`) or it holds glob characters a program may expand (`pattern`). `$PWD/x`,
//! `${PWD}/x`, `~+/x`, `/proc/self/cwd/x` become `x`; `$HOME/x`, `${HOME}/x` become `~/x`. Relative words are
//! joined onto the command's `cwd` (`cd a && cat ../.env` → `a/../.env`); absolute ones (`/x`,
//! `~/x`, `C:/x`, `\\server`) are kept as they are.

use std::borrow::Cow;

use crate::text::{has, has_any, split_once_byte};

use super::programs::Role;
use super::roles;
use super::{Analysis, Origin, SimpleCommand};

/// Environment variables naming files a program loads or sources (`LD_PRELOAD=x.so ls`).
const LOADER_VARIABLES: &[&str] = &[
    "LD_PRELOAD",
    "LD_AUDIT",
    "LD_LIBRARY_PATH",
    "DYLD_INSERT_LIBRARIES",
    "DYLD_LIBRARY_PATH",
    "BASH_ENV",
    "ENV",
    "ZDOTDIR",
    "PYTHONSTARTUP",
    "PYTHONPATH",
    "NODE_PATH",
    "PERL5LIB",
    "RUBYLIB",
    "GIT_CONFIG_GLOBAL",
    "GIT_DIR",
    "CURL_HOME",
    "NPM_CONFIG_USERCONFIG",
    // dotenv's preload (`node -r dotenv/config`) loads it
    "DOTENV_CONFIG_PATH",
];

#[derive(Debug, Clone, PartialEq)]
pub struct PathOperand<'a> {
    /// Index into [`Analysis::commands`].
    pub command: usize,
    /// The command's `cwd` (see [`SimpleCommand::cwd`]).
    pub cwd: Option<&'a str>,
    /// The operand as the command sees it (value part only for `--opt=value`); borrowed from
    /// the analysis unless an expansion was rewritten.
    pub word: Cow<'a, str>,
    /// `word` joined onto `cwd` when relative.
    pub path: Cow<'a, str>,
    /// The word (or the cwd) contains an expansion the parser cannot know.
    pub dynamic: bool,
    /// Its value (or the cwd) is not known before the command runs (see
    /// [`SimpleCommand::unknown`]): `cat "$F"` with `F` from the environment, `cat $(ls)`.
    pub unknown: bool,
    /// The shell expands it as a glob: it stands for the names it matches.
    pub glob: bool,
    /// It holds glob characters the shell does not expand (quoted): a program may
    /// (`find -name '*.ts'`, `prettier "src/**/*.ts"`).
    pub pattern: bool,
    /// It is a redirection target.
    pub redirect: bool,
    /// The program certainly opens it (a file operand of a known program, a redirection, a
    /// program path, a loaded file): ignored, it is denied. Otherwise it only may be a path
    /// (an unknown program's word, a name written as a path): ignored, it prompts. Words
    /// whose role is not a path are not operands at all (see [`super::roles`]).
    pub certain: bool,
    /// A name not written as a path (`npm run build`, `git checkout key.pem`): a file only
    /// if an ignore rule naming files (`*.pem`, not `build/`) matches it, and then it prompts.
    pub name: bool,
    /// The index of the command word it comes from (`None` for redirections, launcher
    /// operands and loader variables).
    pub index: Option<usize>,
}

/// Where a word sits in a command: whether it is an operand that could be a file.
#[derive(Clone, Copy)]
struct Source {
    index: Option<usize>,
    unknown: bool,
    glob: bool,
    redirect: bool,
    role: Role,
}

impl Source {
    const LITERAL: Source = Source {
        index: None,
        unknown: false,
        glob: false,
        redirect: false,
        role: Role::Path,
    };
}

impl Analysis {
    /// Every argument and redirection target that could name a file; see [`crate::shell::paths`].
    pub fn path_operands(&self) -> Vec<PathOperand<'_>> {
        operands(self, false)
    }

    /// [`Analysis::path_operands`] with every word read as a path a program certainly opens,
    /// whatever its role: for shells whose programs the table does not describe (cmd,
    /// PowerShell, where `type X` prints a file).
    pub fn path_operands_strict(&self) -> Vec<PathOperand<'_>> {
        operands(self, true)
    }
}

fn operands(analysis: &Analysis, strict: bool) -> Vec<PathOperand<'_>> {
    let mut out = direct_operands(analysis, strict);
    // `ln -s /ws /tmp/l && cat /tmp/l/.env`: a path under a link made before names its
    // target's path too (only may: the link may have gone inside an existing directory)
    let links = super::links::made(analysis);
    if !links.is_empty() {
        let through: Vec<PathOperand<'_>> = out
            .iter()
            .flat_map(|op| {
                super::links::through(&links, op.command, &op.path)
                    .into_iter()
                    .map(move |path| PathOperand {
                        path: Cow::Owned(path),
                        certain: false,
                        name: false,
                        ..op.clone()
                    })
            })
            .collect();
        out.extend(through);
    }
    out
}

fn direct_operands(analysis: &Analysis, strict: bool) -> Vec<PathOperand<'_>> {
    let mut out = Vec::new();
    for (ci, c) in analysis.commands.iter().enumerate() {
        launcher_operands(&mut out, ci, c);
        let mut options = true;
        let find = c.name() == Some("find");
        // what a printer feeds to xargs becomes its operands (`echo .env | xargs cat`)
        let feeds_xargs = || {
            analysis.commands.iter().any(|d| {
                d.pipeline == c.pipeline
                    && d.stage > c.stage
                    && d.wrappers.iter().any(|w| w.name == "xargs")
            })
        };
        // and what a printer prints into a substitution (`cat $(echo .env)`)
        let printed = || {
            c.origin == Origin::CommandSubstitution
                && c.program(false)
                    .is_some_and(|p| p.operands == super::programs::Operands::NotFiles)
        };
        let every_word_a_path = strict || feeds_xargs() || printed();
        let roles = analysis.roles(ci);
        // `./build/prog`: running a program reads its file
        if let (Some(Role::Path), Some(w)) = (roles.first(), c.words.first()) {
            if !c.is_dynamic(0) {
                let at = Source {
                    index: Some(0),
                    ..Source::LITERAL
                };
                add(&mut out, ci, c, w, false, at);
            }
        }
        for (i, w) in c.words.iter().enumerate().skip(1) {
            if options && w == "--" {
                options = false;
                continue;
            }
            let role = match every_word_a_path {
                true => Role::Path,
                false => roles.get(i).copied().unwrap_or(Role::Unknown),
            };
            // whatever the program does with it, the shell expands a glob first, listing the
            // directories it names (`echo secrets/*.pem` lists `secrets/`)
            if role != Role::Path && c.is_glob(i) && !c.is_dynamic(i) {
                if let Some(dir) = listed_directory(w) {
                    let at = Source {
                        index: Some(i),
                        glob: dir.contains(['*', '?', '[']),
                        ..Source::LITERAL
                    };
                    add(&mut out, ci, c, dir, false, at);
                }
            }
            if w == "-" || w.is_empty() || role == Role::Text {
                continue;
            }
            if find && find_expression_starts(w) {
                // `-name '*.ts'`, `-not -path …` are filters, not files; what find then
                // acts on is judged as its selection (validate.rs)
                find_named_files(&mut out, ci, c, i);
                break;
            }
            let dynamic = c.is_dynamic(i);
            let at = Source {
                index: Some(i),
                unknown: c.is_unknown(i),
                glob: c.is_glob(i),
                redirect: false,
                role,
            };
            if options && w.starts_with('-') {
                if let Some(value) = w
                    .strip_prefix("--")
                    .and_then(|l| split_once_byte(l, b'='))
                    .map(|(_, v)| v)
                {
                    add(&mut out, ci, c, value, dynamic, at);
                    // `--cov-report=html:coverage`
                    if let Some((_, after)) = split_once_byte(value, b':')
                        .filter(|_| !is_absolute(value) && !has(value, b"://"))
                    {
                        add(&mut out, ci, c, after, dynamic, at);
                    }
                }
                glued_values(&mut out, ci, c, w, dynamic, at);
                continue;
            }
            // a name holds no file (`@types/node`, `node:20`)
            if role != Role::Name {
                embedded_files(&mut out, ci, c, w, dynamic, at);
            }
            if let Some(n) = super::lexer::assignment_name_len(w) {
                let skip = if w.as_bytes().get(n) == Some(&b'+') {
                    n + 2
                } else {
                    n + 1
                };
                add(&mut out, ci, c, w.get(skip..).unwrap_or(""), dynamic, at);
                continue;
            }
            add(&mut out, ci, c, w, dynamic, at);
            if let Some((_, after)) =
                split_once_byte(w, b':').filter(|_| !is_absolute(w) && !has(w, b"://"))
            {
                add(&mut out, ci, c, after, dynamic, at);
            }
        }
        named_elsewhere(&mut out, ci, c);
    }
    out
}

/// A launcher's own operands (`xargs -a FILE`, `time -o FILE`).
fn launcher_operands<'a>(out: &mut Vec<PathOperand<'a>>, ci: usize, c: &'a SimpleCommand) {
    for w in c
        .wrappers
        .iter()
        .filter(|w| !w.script)
        .flat_map(|w| w.words.iter().skip(1))
    {
        match w.strip_prefix("--").and_then(|l| split_once_byte(l, b'=')) {
            Some((_, value)) => add(out, ci, c, value, false, Source::LITERAL),
            None if !w.starts_with('-') && super::lexer::assignment_name_len(w).is_none() => {
                add(out, ci, c, w, false, Source::LITERAL)
            }
            None => glued_values(out, ci, c, w, false, Source::LITERAL),
        }
    }
}

/// The files a command names outside its operands: under a bind mount, after a URL, in its
/// variables, in a sed script, in its redirections.
fn named_elsewhere<'a>(out: &mut Vec<PathOperand<'a>>, ci: usize, c: &'a SimpleCommand) {
    // `docker run -v "$PWD":/w img cat /w/.env`: a container path under a bind mount
    for (i, host) in super::mounts::host_paths(c) {
        let at = Source {
            index: Some(i),
            unknown: c.is_unknown(i),
            role: Role::Unknown,
            ..Source::LITERAL
        };
        add_cow(out, ci, c, Cow::Owned(host), c.is_dynamic(i), at);
    }
    // `curl -O https://x/.env` writes `./.env`
    for (i, file) in super::downloads::named_after_urls(c) {
        // (an expansion before the last component does not change the name)
        let at = Source {
            index: Some(i),
            unknown: c.is_unknown(i) && file.contains(['$', '`']),
            ..Source::LITERAL
        };
        add_cow(out, ci, c, Cow::Owned(file), c.is_dynamic(i), at);
    }
    // `LD_PRELOAD=x.so`, `BASH_ENV=.env`: variables naming files the program loads
    loaded_files(out, ci, c);
    // sed's `r FILE` and `w FILE` inside its script
    for (file, _) in super::effects::sed_files(&c.words) {
        add(out, ci, c, file, false, Source::LITERAL);
    }
    for r in c.redirects.iter().filter(|r| r.names_file()) {
        let at = Source {
            unknown: r.dynamic && unknown_text(&r.target),
            glob: has_any(&r.target, b"*?["),
            redirect: true,
            ..Source::LITERAL
        };
        add(out, ci, c, &r.target, r.dynamic, at);
    }
}

/// The directory part of a shell glob, which the shell lists to expand it: `secrets/` of
/// `secrets/*.pem`, `src/*/` of `src/*/x.ts`; `None` for a glob in the working directory.
fn listed_directory(glob: &str) -> Option<&str> {
    let end = glob.rfind('/')?;
    glob.get(..=end).filter(|d| *d != "/")
}

/// `find`'s expression: a test, action or operator (`-name`, `!`, `(`) ends the start points.
fn find_expression_starts(w: &str) -> bool {
    (w.starts_with('-') && w.len() > 1) || matches!(w, "!" | "(" | ")" | ",")
}

/// The files `find` reads or writes by name in its expression (`-newer F`, `-fprint F`).
fn find_named_files<'a>(
    out: &mut Vec<PathOperand<'a>>,
    ci: usize,
    c: &'a SimpleCommand,
    from: usize,
) {
    let mut i = from;
    while let Some(w) = c.words.get(i) {
        i += 1;
        let names_file = matches!(
            w.as_str(),
            "-newer"
                | "-anewer"
                | "-cnewer"
                | "-samefile"
                | "-fprint"
                | "-fprint0"
                | "-fprintf"
                | "-fls"
                | "-files0-from"
        ) || (w.starts_with("-newer") && w.len() == 8);
        if let (true, Some(file)) = (names_file, c.words.get(i)) {
            let at = Source {
                index: Some(i),
                unknown: c.is_unknown(i),
                glob: c.is_glob(i),
                ..Source::LITERAL
            };
            add(out, ci, c, file, c.is_dynamic(i), at);
            i += 1;
        }
    }
}

/// A word's text holds an expansion whose value is not known (the working and home
/// directories are known).
fn unknown_text(text: &str) -> bool {
    let rest = normalise_expansions(text);
    has_any(&rest, b"$`")
}

fn add<'a>(
    out: &mut Vec<PathOperand<'a>>,
    command: usize,
    c: &'a SimpleCommand,
    word: &'a str,
    dynamic: bool,
    at: Source,
) {
    add_cow(out, command, c, Cow::Borrowed(word), dynamic, at)
}

#[inline(never)]
fn add_cow<'a>(
    out: &mut Vec<PathOperand<'a>>,
    command: usize,
    c: &'a SimpleCommand,
    written: Cow<'a, str>,
    dynamic: bool,
    at: Source,
) {
    let word: &str = &written;
    let url = has(word, b"://");
    let file_url = url && is_file_url(word) && opens_urls(c);
    if word.is_empty() || (url && !file_url) {
        return;
    }
    // git's pathspec magic: what it names, a glob that ignores case for `icase`; an
    // excluding pathspec reads nothing
    if word.starts_with(':') && c.name() == Some("git") {
        match pathspec(word) {
            Some(None) => return,
            Some(Some(spec)) => return add_cow(out, command, c, Cow::Owned(spec), dynamic, at),
            None => {}
        }
    }
    // curl expands `[a-z]` and `{a,b}` in a URL itself: each list item is a URL, and a
    // range stands for the names it matches (a glob class, or `*`)
    if file_url && !at.glob && has_any(word, b"[{") {
        // (as paths: a glob is matched against paths, not URLs)
        let path = word.get(7..).unwrap_or("");
        let path = path.strip_prefix("localhost").unwrap_or(path);
        for url in super::downloads::url_globs(path) {
            let at = Source { glob: true, ..at };
            add_cow(out, command, c, Cow::Owned(url), dynamic, at);
        }
        return;
    }
    let globby = word.bytes().any(|b| matches!(b, b'*' | b'?' | b'['));
    // a pattern the shell leaves alone in a name's place is the program's (`bun outdated
    // "@types/*"`)
    if at.role == Role::Name && globby && !at.glob {
        return;
    }
    let word = match normalised(word) {
        Cow::Borrowed(w) if w.len() == word.len() => written.clone(),
        w => Cow::Owned(w.into_owned()),
    };
    let name = at.role == Role::Name && !roles::path_syntax(&word);
    let relative = !is_absolute(&word);
    // each directory the command may run in (a `cd` before it may have failed)
    let others = if relative { &c.cwd_also[..] } else { &[] };
    for cwd in std::iter::once(&c.cwd).chain(others) {
        let path = match cwd {
            Some(cwd) if relative => {
                let mut path = String::with_capacity(cwd.len() + 1 + word.len());
                path.push_str(cwd);
                path.push('/');
                path.push_str(&word);
                Cow::Owned(path)
            }
            _ => word.clone(),
        };
        // under a `cd` into a glob (`cd /w? && cat .env`) the path is a glob
        let under_glob = relative && cwd.as_deref().is_some_and(|d| has_any(d, b"*?["));
        let unknown = at.unknown || (c.cwd_dynamic && !is_absolute(&path));
        out.push(PathOperand {
            command,
            cwd: cwd.as_deref(),
            glob: (at.glob && globby) || under_glob,
            pattern: !at.glob && globby && !under_glob,
            word: word.clone(),
            path,
            dynamic: dynamic || c.cwd_dynamic,
            unknown,
            redirect: at.redirect,
            certain: at.role == Role::Path,
            name,
            index: at.index,
        });
    }
}

/// A value glued to a short option: `-a.env` (xargs), `-f.env` (grep), `-rf.env`, `-T.env`,
/// `-d@.env`, `-Ff=@.env` (curl), `-oIdentityFile=k.pem` (ssh). Which letters take a value
/// differs per program, so the text after the first and the second letter is taken when it
/// looks like a path (holds `.`, `/` or `~`), and any file reference in it; of a long option,
/// a `--opt=k=FILE` value's file.
#[inline(never)]
fn glued_values<'a>(
    out: &mut Vec<PathOperand<'a>>,
    ci: usize,
    c: &'a SimpleCommand,
    w: &'a str,
    dynamic: bool,
    at: Source,
) {
    let pathy = |t: &str| t.bytes().any(|b| matches!(b, b'.' | b'/' | b'~'));
    if w.len() < 3 || !pathy(w) {
        return;
    }
    if !w.starts_with("--") {
        for value in [w.get(2..), w.get(3..)].into_iter().flatten() {
            if pathy(value) && !value.starts_with(['=', '@', '<']) {
                add(out, ci, c, value, dynamic, at);
            }
        }
    }
    embedded_files(out, ci, c, w, dynamic, at);
}

/// Files named inside a word: after `@` or `<` (curl's `-F f=@.env`, `-F 'f=<.env'`,
/// `--data-urlencode k@.env`, httpie's `f@.env`; a `;type=…` suffix cut off), after the last
/// `=` of several (`--from-file=key=.env`, `-oIdentityFile=k.pem`), and before the first `:`
/// (`docker run -v .env:/app/.env`).
#[inline(never)]
fn embedded_files<'a>(
    out: &mut Vec<PathOperand<'a>>,
    ci: usize,
    c: &'a SimpleCommand,
    w: &'a str,
    dynamic: bool,
    from: Source,
) {
    if let Some(at) = w.bytes().position(|b| b == b'@' || b == b'<') {
        let file = w.get(at + 1..).unwrap_or("");
        let file = file.split(';').next().unwrap_or("");
        if !file.is_empty() {
            add(out, ci, c, file, dynamic, from);
        }
    }
    // a plain `k=v` operand's value is taken already (byte scans: a `char` pattern's
    // searcher costs more, on every operand)
    let first = w.bytes().position(|b| b == b'=');
    if let (Some(first), Some(last)) = (first, w.bytes().rposition(|b| b == b'=')) {
        if first != last || w.starts_with('-') {
            add(out, ci, c, w.get(last + 1..).unwrap_or(""), dynamic, from);
        }
    }
    if let Some((before, _)) = split_once_byte(w, b':').filter(|_| !has(w, b"://")) {
        if before.bytes().any(|b| b == b'.' || b == b'/') && !is_absolute(w) {
            add(out, ci, c, before, dynamic, from);
        }
    }
}

/// `$PWD/x` → `x`, `$HOME/x` → `~/x` (and the `${…}` forms, and `~+` for `$PWD`).
pub(super) fn normalise_expansions(word: &str) -> String {
    normalised(word).into_owned()
}

/// [`normalise_expansions`], borrowed when the word is unchanged (most are).
fn normalised(word: &str) -> Cow<'_, str> {
    if !matches!(word.as_bytes().first(), Some(b'$' | b'~' | b'/')) {
        return word.into();
    }
    let after = |prefix: &str| {
        word.strip_prefix(prefix)
            .filter(|r| r.is_empty() || r.starts_with('/'))
    };
    // the kernel's name for the current directory (its other aliases the workspace reads)
    for pwd in [
        "$PWD",
        "${PWD}",
        "~+",
        "/proc/self/cwd",
        "/proc/thread-self/cwd",
    ] {
        if let Some(rest) = after(pwd) {
            let rest = rest.trim_start_matches('/');
            return if rest.is_empty() { "." } else { rest }.into();
        }
    }
    for home in ["$HOME", "${HOME}"] {
        if let Some(rest) = after(home) {
            return format!("~{rest}").into();
        }
    }
    word.into()
}

/// git's pathspec magic (`:(top,icase)x`, `:(exclude)x`, `:!x`, `:^x`, `:/x`): `None` when
/// the word has none, `Some(None)` when it excludes, else what it names (relative to the top,
/// taken as the workspace root; under `icase` each letter a class of both cases, `[eE]`).
fn pathspec(word: &str) -> Option<Option<String>> {
    let rest = word.strip_prefix(':')?;
    let (magic, rest): (Vec<&str>, &str) = match rest.strip_prefix('(') {
        Some(long) => {
            let (magic, rest) = long.split_once(')')?;
            (
                magic
                    .split(',')
                    .map(|m| m.split(':').next().unwrap_or(m))
                    .collect(),
                rest,
            )
        }
        None => {
            let n = rest
                .bytes()
                .take_while(|b| matches!(b, b'/' | b'!' | b'^'))
                .count();
            if n == 0 {
                return None;
            }
            let short = rest.get(..n)?;
            let rest = rest.get(n..)?;
            let magic = short
                .chars()
                .map(|m| if m == '/' { "top" } else { "exclude" });
            (magic.collect(), rest.strip_prefix(':').unwrap_or(rest))
        }
    };
    if magic.contains(&"exclude") {
        return Some(None);
    }
    let spec = match magic.contains(&"icase") {
        true => rest
            .chars()
            .map(|ch| match ch.is_ascii_alphabetic() {
                true => format!("[{}{}]", ch.to_ascii_lowercase(), ch.to_ascii_uppercase()),
                false => ch.to_string(),
            })
            .collect(),
        false => rest.to_string(),
    };
    Some(Some(spec))
}

/// A `file:` URL (any case): a path for the programs that open URLs (`curl file:///ws/.env`),
/// which the workspace reads as one (host, percent-escapes, query).
fn is_file_url(word: &str) -> bool {
    word.get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("file:"))
}

/// Programs that open the URLs they are given: the fetchers and git (`git clone file://…`).
fn opens_urls(c: &SimpleCommand) -> bool {
    c.program(true).is_some_and(|p| p.is_fetcher())
        || matches!(
            c.name(),
            Some("git" | "xdg-open" | "open" | "gio" | "kde-open" | "gnome-open")
        )
}

/// `/x`, `~`, `~/x`, `\\server\x`, `C:/x`, `C:\x`.
pub(crate) fn is_absolute(word: &str) -> bool {
    let b = word.as_bytes();
    matches!(b.first(), Some(b'/' | b'~' | b'\\'))
        || (b.len() >= 2
            && b.first().is_some_and(|c| c.is_ascii_alphabetic())
            && b.get(1) == Some(&b':'))
}

/// The files named by loader variables, as assignments or `env` words.
#[inline(never)]
fn loaded_files<'a>(out: &mut Vec<PathOperand<'a>>, ci: usize, c: &'a SimpleCommand) {
    // a value written as a path handed to a program in its environment
    // (`GOOGLE_APPLICATION_CREDENTIALS=secrets/gcp.json node x.js`) may be a file it opens
    if !c.words.is_empty() {
        for (k, value) in c.variables() {
            if !LOADER_VARIABLES.contains(&k) && roles::path_syntax(value) {
                let at = Source {
                    unknown: unknown_text(value),
                    role: Role::Name,
                    ..Source::LITERAL
                };
                add(out, ci, c, value, value.contains('$'), at);
            }
        }
    }
    // `node -r dotenv/config app.js dotenv_config_path=.env`: dotenv's preload reads its
    // options from the arguments
    for w in c.words.iter().skip(1) {
        if let Some(file) = w.strip_prefix("dotenv_config_path=") {
            add(out, ci, c, file, file.contains('$'), Source::LITERAL);
        }
    }
    for (k, value) in c.variables() {
        if LOADER_VARIABLES.contains(&k) {
            for file in value.split([':', ' ']).filter(|f| !f.is_empty()) {
                let at = Source {
                    unknown: unknown_text(file),
                    ..Source::LITERAL
                };
                add(out, ci, c, file, value.contains('$'), at);
            }
        }
    }
}
