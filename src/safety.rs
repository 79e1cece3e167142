//! Cline's "safe command": a command the user lets run without asking when they approve
//! safe commands only. Cline trusts the model's `requires_approval: false` alone; toolgate
//! also requires that the command be read-only by its own analysis, so a model that
//! mislabels `rm -rf build && curl x | sh` (or `npm install evil-pkg`) gains nothing.
//!
//! **The rule: an allow-list.** A command is safe only when every sub-command (through
//! launchers, substitutions, scripts and here-docs) is safe:
//! * its program is in the program table ([`programs`]) as read-only (`cat`, `grep`, `ls`,
//!   `jq`, …) or runs a read-only sub-command (`git status`, `git log`, `npm ls`, …); an
//!   unknown program, a computed name (`$X`), and a script path (`./x.sh`, `bin/run`) are
//!   never safe, nor is anything that runs code: shells, interpreters, and the project's own
//!   code — `npm test`, `cargo build`, `make` run whatever the project (or a dependency)
//!   says, so they are not "read-only, no side effects" whatever their name suggests;
//! * none of its options writes, runs or deletes (`sort -o`, `rg --pre`, `git -c`,
//!   `git diff --output`, `find -exec`, `sed -i`: the table's options and the parser's
//!   `side_effect`), and no operand is an output (`uniq in out`);
//! * every file it names (operands, `--opt=value`, `-C dir`, `< input`, the directory a
//!   `cd` left it in) is inside the workspace and not ignored, and is known: a path from an
//!   expansion (`cat "$f"`) or from its input (`… | xargs cat`) is not;
//! * it writes nowhere but its output: no redirection to a file except `/dev/null`;
//! * its launchers only adjust how it runs (`timeout`, `nice`, `env LANG=C`, `time`), none
//!   runs as another user (`sudo`), writes (`nohup`, `script`, `time -o`) or reaches the
//!   network; and it sets no variable but locale, terminal and colour ones (a variable can
//!   change what a program loads or runs: `PATH`, `LD_PRELOAD`, `LESSOPEN`), or a pager or
//!   editor whose value the analysis reads as a command;
//! * it is not in a function body (a function can call itself forever).
//!
//! A version query of a known program (`python3 --version`, `node -v`, `git --version`) is
//! safe too: it prints and exits.
//!
//! On a case-insensitive workspace program names are folded (`CAT` is `cat` there).

use crate::access::Access;
use crate::shell::programs::{self, Operands, Program, Role};
use crate::shell::{self, Analysis, Problem, Redirect, SimpleCommand};
use crate::text::has_any;
use crate::verdict::Locality;

/// What makes a command not safe.
enum Risk<'a> {
    Unparseable(&'a str),
    Suspicious(&'a str),
    /// The command name is computed at run time.
    DynamicName(&'a str),
    /// A path to a script or program outside the system's directories.
    Script(&'a str),
    /// Not in the program table.
    Unknown(&'a str),
    /// A program that is not read-only, and what it does.
    Program(&'a str, &'static str),
    /// A sub-command that is not read-only.
    Subcommand(&'a str, &'a str),
    /// An option that writes, runs or deletes (its phrase).
    Option(&'static str),
    /// An operand the program writes.
    Output(&'a str),
    /// A launcher that is not harmless, and what it does.
    Launcher(&'a str, &'static str),
    Variable(&'a str),
    Redirect(&'a str),
    /// A path outside the workspace, ignored, or unknown.
    Path(&'a str, Where),
    /// File names the program receives from its input (`xargs`).
    Unseen(&'a str),
    /// Its script reads a file (sed's `r FILE`).
    ScriptReads(&'a str),
    Function,
}

enum Where {
    Outside,
    Ignored,
    Unknown,
}

/// Why `analysis` is not a safe command, or `None` when it is (see the module docs).
pub fn risk(analysis: &Analysis, access: &Access) -> Option<String> {
    Some(match find_risk(analysis, access)? {
        Risk::Unparseable(why) => format!("the command cannot be analysed ({why})"),
        Risk::Suspicious(why) => format!("the command is suspicious ({why})"),
        Risk::DynamicName(name) => format!("the command name `{name}` is computed at run time"),
        Risk::Script(path) => format!("`{path}` runs a script or a program toolgate does not know"),
        Risk::Unknown(name) => format!("`{name}` is not a known read-only program"),
        Risk::Program(name, does) => format!("`{name}` {does}"),
        Risk::Subcommand(name, sub) => format!("`{name} {sub}` is not a read-only sub-command"),
        Risk::Option(why) => format!("the command is not read-only ({why})"),
        Risk::Output(path) => format!("the command writes `{path}`"),
        Risk::Launcher(name, does) => format!("the launcher `{name}` {does}"),
        Risk::Variable(name) => format!("the command sets `{name}`, which can change what runs"),
        Risk::Redirect(target) => format!("the command writes to `{target}`"),
        Risk::Path(path, Where::Outside) => format!("`{path}` is outside the workspace"),
        Risk::Path(path, Where::Ignored) => format!("`{path}` is ignored"),
        Risk::Path(path, Where::Unknown) => {
            format!("`{path}` names a file toolgate cannot know before it runs")
        }
        Risk::Unseen(name) => format!("`{name}` receives file names from its input"),
        Risk::ScriptReads(name) => format!("the `{name}` script reads a file it names"),
        Risk::Function => "the command defines a function".to_string(),
    })
}

/// Whether the command is safe: [`risk`] without building the sentence.
pub fn is_safe(analysis: &Analysis, access: &Access) -> bool {
    find_risk(analysis, access).is_none()
}

fn find_risk<'a>(analysis: &'a Analysis, access: &Access) -> Option<Risk<'a>> {
    match &analysis.problem {
        Some(Problem::Unparseable(why)) => return Some(Risk::Unparseable(why)),
        Some(Problem::Suspicious(why)) => return Some(Risk::Suspicious(why)),
        None => {}
    }
    let fold = access.workspace().case_insensitive();
    let walks = shell::recursive::walks(analysis);
    analysis.commands.iter().enumerate().find_map(|(i, c)| {
        // a walk that lists names only (`rg --files -g '*.pem' src`): its filters choose
        // the names listed, no file is read through them
        let ours = || walks.iter().filter(|w| w.command == i);
        if ours().next().is_some() && ours().all(|w| w.filter.names_only) {
            let mut roles = analysis.roles(i).to_vec();
            for (j, r) in roles.iter_mut().enumerate() {
                if crate::reads::filter_at(c, j) {
                    *r = Role::Text;
                }
            }
            return command_risk(c, &roles, access, fold);
        }
        command_risk(c, analysis.roles(i), access, fold)
    })
}

fn command_risk<'a>(
    c: &'a SimpleCommand,
    roles: &[Role],
    access: &Access,
    fold: bool,
) -> Option<Risk<'a>> {
    if c.function.is_some() {
        return Some(Risk::Function);
    }
    for (i, (name, value)) in c.assignments.iter().enumerate() {
        let analysed = !c.words.is_empty() && !c.dynamic_assignments.iter().any(|d| d.index == i);
        if !harmless_variable(name, value, analysed) {
            return Some(Risk::Variable(name));
        }
    }
    for r in &c.redirects {
        if let Some(risk) = redirect_risk(c, r, access) {
            return Some(risk);
        }
    }
    let first = c.words.first()?;
    if c.is_dynamic(0) {
        return Some(Risk::DynamicName(first));
    }
    let Some(name) = program_name(first) else {
        return Some(Risk::Script(first));
    };
    let Some(program) = lookup(name, fold) else {
        return Some(Risk::Unknown(name));
    };
    let args = c.words.get(1..).unwrap_or(&[]);
    if let Some(risk) = program_risk(program, name, args) {
        return Some(risk);
    }
    if let Some(why) = c.side_effect {
        return Some(Risk::Option(why));
    }
    if c.reads_unnamed_files() {
        return Some(Risk::ScriptReads(name));
    }
    // `command cd /etc; cat passwd`: the parser follows a plain `cd` only
    if !c.wrappers.is_empty() && matches!(name, "cd" | "pushd" | "popd") {
        return Some(Risk::Path(
            args.first().map_or(name, String::as_str),
            Where::Unknown,
        ));
    }
    for w in &c.wrappers {
        if let Some(risk) = launcher_risk(c, w, program, access, fold) {
            return Some(risk);
        }
    }
    if program.operands == Operands::NotFiles {
        return None;
    }
    if c.cwd_dynamic {
        return Some(Risk::Path(c.cwd.as_deref().unwrap_or("."), Where::Unknown));
    }
    if let Some(cwd) = c.cwd.as_deref() {
        if let Some(w) = path_risk(access, None, cwd, false) {
            return Some(Risk::Path(cwd, w));
        }
    }
    operand_risk(c, roles, program, access)
}

/// The name of a bare name or a system program's path (`/usr/bin/git` → `git`); `None` for a
/// script path (`./x.sh`, `bin/run`, `/home/me/tool`).
fn program_name(word: &str) -> Option<&str> {
    const SYSTEM: [&str; 6] = [
        "/bin/",
        "/usr/bin/",
        "/usr/local/bin/",
        "/sbin/",
        "/usr/sbin/",
        "/opt/homebrew/bin/",
    ];
    if !has_any(word, b"/\\") {
        return Some(word);
    }
    SYSTEM
        .iter()
        .find_map(|dir| word.strip_prefix(dir))
        .filter(|name| !name.is_empty() && !has_any(name, b"/\\"))
}

fn lookup(name: &str, fold: bool) -> Option<&'static Program> {
    if fold {
        programs::lookup_folded(name)
    } else {
        programs::lookup(name)
    }
}

/// Whether the program (with these words after its name) is read-only.
fn program_risk<'a>(program: &Program, name: &'a str, args: &'a [String]) -> Option<Risk<'a>> {
    if program.is_read_only() {
        return program.output(args).map(|out| Risk::Output(out));
    }
    if version_query(program, args)
        || runs_nothing(program, args)
        || lists_archive(program, args)
        || (program.lang() == Some(programs::Lang::Awk) && awk_only_prints(args))
    {
        return None;
    }
    if let Some(sub) = program.read_only_subcommand(args) {
        let at = program.subcommand_index(args).unwrap_or(0) + sub.name.split(' ').count();
        if !sub.writes(args.get(at..).unwrap_or(&[])) {
            return None;
        }
    }
    if !program.subcommands.is_empty() {
        if let Some(sub) = program.subcommand_index(args).and_then(|i| args.get(i)) {
            return Some(Risk::Subcommand(name, sub));
        }
    }
    Some(Risk::Program(name, what_it_does(program)))
}

/// `python3 --version`, `node -v`: a known program asked only for its version prints it and
/// exits, running nothing else (not for launchers, privileged or destructive programs, whose
/// spellings vary too much to trust).
fn version_query(program: &Program, args: &[String]) -> bool {
    let node = matches!(
        program.name,
        "node" | "nodejs" | "deno" | "bun" | "npm" | "npx" | "yarn" | "pnpm"
    );
    !program.has(programs::LAUNCHER | programs::PRIVILEGE | programs::DESTRUCTIVE)
        && matches!(args, [only] if matches!(only.as_str(), "--version" | "-version" | "--help" | "-help")
            || (node && only == "-v"))
}

/// An awk program given inline that only reads its input and prints (`awk -F, '{print $1}'
/// f`, `awk 'NR>=10 && NR<=40' f`): no `system`, `getline`, pipe, `close`, `@include`, and no
/// `>` in a statement that prints (a redirection there). Its files are judged as operands.
fn awk_only_prints(args: &[String]) -> bool {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        match w.as_str() {
            "-F" | "-v" => i += 2,
            "--" => return args.get(i + 1).is_some_and(|p| prints_only(p)),
            w if w.starts_with("-F") || w.starts_with("-v") => i += 1,
            w if w.starts_with('-') => return false,
            program => return prints_only(program),
        }
    }
    false
}

fn prints_only(program: &str) -> bool {
    const RUNS: [&str; 6] = ["system", "getline", "close", "@", "|", "fflush"];
    !RUNS.iter().any(|k| program.contains(k))
        && program
            .split([';', '\n', '{', '}'])
            .all(|statement| !(statement.contains("print") && statement.contains('>')))
}

/// A launcher given no command (`env`, `env -0`, `nice`) or asked where one is
/// (`command -v npm`): it runs nothing. A launcher given a command is peeled off it, so the
/// command here is the launcher itself.
fn runs_nothing(program: &Program, args: &[String]) -> bool {
    program.is_launcher()
        && !program
            .has(programs::PRIVILEGE | programs::WRITES | programs::NETWORK | programs::STDIN_ARGS)
        && (args.iter().all(|a| a.starts_with('-') && a.len() > 1)
            || (program.name == "command" && args.first().is_some_and(|a| a == "-v" || a == "-V")))
}

/// `tar tvf x.tar`, `tar --list -f x.tar`, `unzip -l x.zip`: an archive listed, nothing
/// extracted or written.
fn lists_archive(program: &Program, args: &[String]) -> bool {
    let Some(first) = args.first() else {
        return false;
    };
    match program.name {
        "tar" | "bsdtar" | "gtar" => {
            // the first word's letters (`tvf`, `-tvf`): listing, and nothing that writes or
            // runs (`x`, `c`, `I` a compressor, `F` a script)
            let letters = first.strip_prefix('-').unwrap_or(first);
            let clustered = !first.starts_with("--")
                && letters.bytes().all(|b| b.is_ascii_alphabetic())
                && letters.contains('t')
                && !letters.contains(['c', 'x', 'r', 'u', 'A', 'I', 'F']);
            let listing = clustered || (first == "--list");
            listing
                && args.iter().skip(1).all(|a| {
                    !a.starts_with('-')
                        || matches!(
                            a.as_str(),
                            "-v" | "-f" | "-z" | "-j" | "-J" | "--verbose" | "--list" | "--gzip"
                        )
                        || a.starts_with("--file")
                })
        }
        "unzip" => matches!(first.as_str(), "-l" | "-v" | "-Z" | "-t"),
        _ => false,
    }
}

/// Why a program is not read-only, as a predicate: "runs code", …
fn what_it_does(p: &Program) -> &'static str {
    if p.is_shell() {
        "runs shell code"
    } else if p.is_interpreter() {
        "runs code"
    } else if p.is_fetcher() {
        "downloads from the network"
    } else if p.is_privileged() {
        "runs as another user"
    } else if p.has(programs::PROJECT) {
        "runs the project's or its packages' code"
    } else if p.is_destructive() {
        "deletes data or stops the system"
    } else if p.has(programs::NETWORK) {
        "reaches the network"
    } else if p.is_launcher() {
        "runs the command it is given"
    } else {
        "writes files"
    }
}

fn launcher_risk<'a>(
    c: &SimpleCommand,
    w: &'a shell::Wrapper,
    inner: &Program,
    access: &Access,
    fold: bool,
) -> Option<Risk<'a>> {
    let name = w.name.split(' ').next().unwrap_or(&w.name);
    // `bash -lc 'git status && git diff'`: the script's commands are judged as any others
    if w.script && plain_shell(fold, &w.words) {
        return None;
    }
    let Some(launcher) = lookup(name, fold).filter(|p| p.is_launcher()) else {
        // `bash -c`, `eval`, `find -exec`, a here-doc fed to a shell
        return Some(Risk::Launcher(&w.name, "runs code"));
    };
    if launcher.has(programs::PRIVILEGE | programs::WRITES | programs::NETWORK) {
        return Some(Risk::Launcher(&w.name, what_it_does(launcher)));
    }
    if !w.dynamic.is_empty() {
        return Some(Risk::Launcher(&w.name, "has words computed at run time"));
    }
    let args = w.words.get(1..).unwrap_or(&[]);
    if let Some(o) = launcher.risky_option(args) {
        return Some(Risk::Option(o.why));
    }
    if launcher.has(programs::STDIN_ARGS) && inner.operands != Operands::NotFiles {
        return Some(Risk::Unseen(&w.name));
    }
    for word in args {
        if let Some((k, v)) = word.split_once('=').filter(|(k, _)| is_name(k)) {
            if !harmless_variable(k, v, true) {
                return Some(Risk::Variable(word));
            }
        } else if let Some(r) = option_value_risk(access, c.cwd.as_deref(), word) {
            return Some(r);
        }
    }
    None
}

/// A Unix shell run with `-c` and only options that change nothing but how it starts or
/// stops (`-l`, `-e`, `-u`, `-x`, `--login`): `bash -lc`, `sh -c`, `zsh -lc`.
fn plain_shell(fold: bool, words: &[String]) -> bool {
    let Some((name, options)) = words.split_first() else {
        return false;
    };
    lookup(programs::basename(name), fold).is_some_and(|p| p.has(programs::UNIX_SHELL))
        && options
            .iter()
            .any(|o| o.starts_with('-') && !o.starts_with("--") && o.contains('c'))
        && options.iter().all(|o| {
            matches!(o.as_str(), "--login" | "--noprofile" | "--norc")
                || (o.starts_with('-')
                    && o.len() > 1
                    && o.bytes()
                        .skip(1)
                        .all(|b| matches!(b, b'c' | b'l' | b'e' | b'u' | b'x')))
        })
}

/// A shell variable's name: letters, digits and `_`, not starting with a digit.
fn is_name(s: &str) -> bool {
    s.bytes().next().is_some_and(|b| !b.is_ascii_digit())
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Variables a read-only command may set: locale, terminal and colour settings, and (as a
/// command's prefix with a literal value) the pagers and editors the analysis parses as
/// commands of their own.
fn harmless_variable(name: &str, value: &str, analysed: bool) -> bool {
    const HARMLESS: [&str; 17] = [
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "COLORTERM",
        "COLUMNS",
        "FORCE_COLOR",
        "GREP_COLOR",
        "GREP_COLORS",
        "LANG",
        "LANGUAGE",
        "LC_ALL",
        "LINES",
        "LS_COLORS",
        "NO_COLOR",
        "POSIXLY_CORRECT",
        "TERM",
        "TIME_STYLE",
        "TZ",
    ];
    if value.contains("$(") || value.contains('`') {
        return false;
    }
    HARMLESS.contains(&name)
        || name.starts_with("LC_")
        || (analysed && shell::is_command_variable(name))
}

fn redirect_risk<'a>(c: &SimpleCommand, r: &'a Redirect, access: &Access) -> Option<Risk<'a>> {
    if r.is_fd_dup() || r.is_heredoc() || r.is_herestring() {
        return None;
    }
    if r.writes_file() {
        return (r.target != "/dev/null" || r.dynamic).then_some(Risk::Redirect(&r.target));
    }
    if r.dynamic {
        return Some(Risk::Path(&r.target, Where::Unknown));
    }
    path_risk(access, c.cwd.as_deref(), &r.target, false).map(|w| Risk::Path(&r.target, w))
}

/// Whether a pattern comes from an option (`grep -e P`, `sed --expression=S`, `jq -f F`), so
/// that every operand is a file. Erring towards yes only checks more operands.
fn pattern_from_option(args: &[String]) -> bool {
    args.iter().take_while(|w| *w != "--").any(|w| {
        ["--regexp", "--file", "--expression", "--from-file"]
            .iter()
            .any(|o| w.starts_with(o))
            || (!w.starts_with("--") && w.strip_prefix('-').is_some_and(|l| l.contains(['e', 'f'])))
    })
}

/// `-e PATTERN`, `-ne SCRIPT`, `--regexp PATTERN`: the next word is a pattern, not a file.
fn takes_pattern(w: &str) -> bool {
    matches!(w, "--regexp" | "--expression")
        || (!w.starts_with("--") && w.len() > 1 && w.starts_with('-') && w.ends_with('e'))
}

/// The first operand (or option value) that names a file outside the workspace, an ignored
/// one, or one toolgate cannot know.
fn operand_risk<'a>(
    c: &'a SimpleCommand,
    roles: &[Role],
    p: &Program,
    access: &Access,
) -> Option<Risk<'a>> {
    let cwd = c.cwd.as_deref();
    if p.operands == Operands::StartPoints {
        return find_operand_risk(c, access);
    }
    let mut pattern = p.operands == Operands::PatternThenFiles
        && !pattern_from_option(c.words.get(1..).unwrap_or(&[]));
    let mut options = true;
    let mut value = false;
    // a pattern, message or option value of a known kind names no file (`cut -d /`)
    for (i, w) in c.words.iter().enumerate().skip(1) {
        if std::mem::take(&mut value) {
            continue;
        }
        let named = match roles.get(i) {
            Some(Role::Text) => true,
            Some(Role::Name) => !shell::roles::path_syntax(w),
            _ => false,
        };
        if named {
            // (an operand so read is the pattern the words below look for)
            if !w.starts_with('-') {
                pattern = false;
            }
            continue;
        }
        if options && w == "--" {
            options = false;
            continue;
        }
        if w == "-" || w.is_empty() {
            continue;
        }
        let dynamic = c.is_dynamic(i);
        if options && w.starts_with('-') {
            if dynamic {
                return Some(Risk::Path(w, Where::Unknown));
            }
            if let Some(r) = option_value_risk(access, cwd, w) {
                return Some(r);
            }
            value = p.operands == Operands::PatternThenFiles && takes_pattern(w);
            continue;
        }
        if std::mem::take(&mut pattern) {
            continue;
        }
        if dynamic {
            return Some(Risk::Path(w, Where::Unknown));
        }
        if let Some(at) = path_risk(access, cwd, w, true) {
            return Some(Risk::Path(w, at));
        }
    }
    None
}

/// find's start points (up to the first expression word) and the files its tests name.
fn find_operand_risk<'a>(c: &'a SimpleCommand, access: &Access) -> Option<Risk<'a>> {
    let cwd = c.cwd.as_deref();
    let mut expression = false;
    let mut file_next = false;
    for (i, w) in c.words.iter().enumerate().skip(1) {
        // `-H`, `-L`, `-P`, `-D opts`, `-O3` come before the start points
        let option = !expression
            && (matches!(w.as_str(), "-H" | "-L" | "-P")
                || w.starts_with("-D")
                || w.starts_with("-O"));
        expression |= !option && (w.starts_with(['-', '(', '!', ')']) || w == ",");
        let is_file = !expression || std::mem::take(&mut file_next);
        file_next = expression && programs::FIND_FILE_TESTS.contains(&w.as_str());
        if !is_file || option {
            continue;
        }
        if c.is_dynamic(i) {
            return Some(Risk::Path(w, Where::Unknown));
        }
        if let Some(at) = path_risk(access, cwd, w, true) {
            return Some(Risk::Path(w, at));
        }
    }
    None
}

/// An option word's value that names a file: `--file=PATH`, or what follows the letters of
/// a short option when it looks like a path (`-f/etc/x`, `-C~`).
fn option_value_risk<'a>(access: &Access, cwd: Option<&str>, w: &'a str) -> Option<Risk<'a>> {
    let value = match w.strip_prefix("--") {
        Some(long) => long.split_once('=').map(|(_, v)| v),
        None if w.starts_with('-') => w.find(['/', '~']).and_then(|at| w.get(at..)),
        None => Some(w),
    }?;
    if value.is_empty() {
        return None;
    }
    path_risk(access, cwd, value, true).map(|at| Risk::Path(value, at))
}

/// Where `path` (from `cwd`) lies, when it is not a known, local, unignored path.
fn path_risk(access: &Access, cwd: Option<&str>, path: &str, glob: bool) -> Option<Where> {
    let Ok(resolved) = access.workspace().resolve_from(cwd, path) else {
        return Some(Where::Unknown);
    };
    if resolved.locality() != Locality::Local {
        return Some(Where::Outside);
    }
    let ignored = if glob && has_any(path, b"*?[") {
        let joined;
        let full = match cwd {
            Some(cwd) if !shell::paths::is_absolute(path) => {
                joined = format!("{cwd}/{path}");
                joined.as_str()
            }
            _ => path,
        };
        !matches!(access.glob_blocked(full), Ok(None))
    } else {
        !matches!(access.blocked_from(cwd, path), Ok(None))
    };
    ignored.then_some(Where::Ignored)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::IgnoreSource;

    fn access(case_insensitive: bool) -> Access {
        Access::new(
            &["/ws".to_string()],
            crate::platform::PathSettings {
                platform: None,
                case_insensitive: Some(case_insensitive),
            },
            IgnoreSource {
                text: Some(".env\nsecrets/\n*.pem\n".into()),
                includes: Default::default(),
                file_name: ".clineignore".into(),
            },
        )
        .expect("access")
    }

    #[test]
    fn only_read_only_commands_are_safe() {
        let ws = access(false);
        for (command, safe) in [
            ("ls -la", true),
            ("cat src/main.rs | grep -n fn | head -20", true),
            (
                "git status && git log --oneline -5 && git diff HEAD~1 -- src",
                true,
            ),
            ("grep -rn '/api/users' src", true),
            ("rg -n TODO src 2>/dev/null", true),
            ("cat /ws/README.md", true),
            ("cd src && ls", true),
            ("LANG=C sort -u names.txt", true),
            ("GIT_PAGER=cat git log", true),
            ("timeout 5 cat x", true),
            ("wc -l < src/main.rs", true),
            ("echo $HOME", true),
            ("jq -r .name package.json", true),
            ("sed -n '1,20p' src/lib.rs", true),
            ("/usr/bin/git status", true),
            ("npm ls --depth=0", true),
            ("python3 --version", true),
            ("node -v", true),
            ("git --version", true),
            ("go version", true),
            ("go env GOPATH", true),
            ("pip3 list", true),
            ("go env -w GOFLAGS=x", false),
            ("python3 --version x.py", false),
            ("lua -v", false),
            ("sudo --version", false),
            ("pip install x", false),
            // not read-only
            ("npm test", false),
            ("npm install evil-pkg", false),
            ("cargo build", false),
            ("aws s3 rm --recursive s3://b", false),
            ("./x.sh", false),
            ("bin/run", false),
            ("/home/me/bin/tool", false),
            ("python3.12 x.py", false),
            ("nodejs x.js", false),
            ("ash x.sh", false),
            ("lua x.lua", false),
            ("Rscript x.R", false),
            ("aria2c https://x", false),
            ("git push", false),
            ("git -c core.pager=sh log", false),
            ("git diff --output=x", false),
            ("git branch -D main", false),
            ("sort -o ~/.bashrc x", false),
            ("rg --pre sh x", false),
            ("uniq a b", false),
            ("echo hi > out.txt", false),
            ("sudo cat x", false),
            ("nohup cat x", false),
            ("ls | xargs cat", false),
            ("PATH=/tmp:$PATH ls", false),
            ("LD_PRELOAD=x.so ls", false),
            ("X=1", false),
            ("$X -la", false),
            ("CAT x", false),
            ("f() { ls; }; f", false),
            // a script whose commands are all safe
            ("bash -c 'ls'", true),
            ("bash -lc 'git status && git diff --stat'", true),
            ("bash -ic 'ls'", false),
            ("bash -c 'rm x'", false),
            ("bash -c \"$X\"", false),
            ("awk -F, '{print $1}' a.csv", true),
            ("awk '{print > \"out\"}' a.csv", false),
            ("awk '{print | \"sh\"}' a.csv", false),
            ("awk 'BEGIN { system(\"id\") }'", false),
            ("awk -f prog.awk a.csv", false),
            ("git config user.email", true),
            ("git config user.email a@b.c", false),
            ("git clean -n", true),
            ("git clean -fd", false),
            ("cargo fmt --all -- --check", true),
            ("cargo fmt --all", false),
            ("npm -v", true),
            ("rg --files -g '*.ts' src", true),
            // outside the workspace, ignored, or unknown
            ("cat ~/.ssh/id_rsa", false),
            ("cat /etc/passwd", false),
            ("cat ../other/x", false),
            ("cd /etc && cat passwd", false),
            ("cd .. && ls", false),
            ("ls ~", false),
            ("cat .env", false),
            ("cat secrets/*", false),
            ("cat \"$f\"", false),
            ("grep -f /etc/passwd x", false),
            ("find . -name '*.ts' -not -path './node_modules/*'", true),
            ("find src -path '*/__tests__/*' -name '*.ts'", true),
            ("find -L . -type f", true),
            ("find -O3 / -name x", false),
            ("find / -name x", false),
            ("find . /etc -name x", false),
            ("find . -newer /etc/passwd", false),
            ("find . -newer Cargo.toml", true),
            ("find \"$D\" -name x", false),
            ("git -C /etc log", false),
            ("git --git-dir=/tmp/x/.git log", false),
            ("wc -l < /etc/passwd", false),
            ("env -C /etc cat passwd", false),
            ("sed 'r /etc/passwd' x", false),
            ("command cd /etc; cat passwd", false),
            ("builtin cd /etc; cat passwd", false),
        ] {
            let a = crate::shell::analyse(command);
            assert_eq!(is_safe(&a, &ws), safe, "{command}: {:?}", risk(&a, &ws));
            assert_eq!(risk(&a, &ws).is_none(), safe, "{command}");
        }
    }

    #[test]
    fn names_fold_on_a_case_insensitive_workspace() {
        let ws = access(true);
        for (command, safe) in [("CAT x", true), ("Git status", true), ("CURL x", false)] {
            let a = crate::shell::analyse(command);
            assert_eq!(is_safe(&a, &ws), safe, "{command}: {:?}", risk(&a, &ws));
        }
    }

    #[test]
    fn no_shell_interpreter_fetcher_or_project_tool_is_safe() {
        let ws = access(false);
        for p in programs::PROGRAMS {
            if p.has(
                programs::SHELL | programs::INTERPRETER | programs::FETCHER | programs::PROJECT,
            ) {
                // (an awk program that only prints is judged by `awk_only_prints`)
                let awk = p.lang() == Some(programs::Lang::Awk);
                let plain = (!awk).then(|| format!("{} x", p.name));
                for command in plain.into_iter().chain([format!("{} -c x", p.name)]) {
                    let a = crate::shell::analyse(&command);
                    assert!(!is_safe(&a, &ws), "{command}");
                }
            }
        }
    }
}
