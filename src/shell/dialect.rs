//! Which shell reads a command: the `shell` setting, and the shells a command starts
//! (`powershell -Command …`, `cmd /c …`, `bash -c …` from PowerShell or cmd), whose
//! scripts are read by their own readers and added as commands of their own
//! ([`Origin::Script`]), whichever shell reads the line.
//!
//! With no `shell` set, a command on Windows is read as PowerShell and as cmd.exe and both
//! readings are judged: their commands together, so the stricter verdict stands (`type
//! .e^nv` reads `.env` for cmd, a file named `.e^nv` for PowerShell). Elsewhere it is bash.

use super::analysis::{Analysis, Origin, Problem, SimpleCommand, MAX_INPUT_BYTES};
use super::windows::{self, decode_utf16_base64};

/// The `shell` setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Shell {
    Bash,
    Sh,
    Powershell,
    Cmd,
}

impl Shell {
    pub fn as_str(self) -> &'static str {
        match self {
            Shell::Bash => "bash",
            Shell::Sh => "sh",
            Shell::Powershell => "powershell",
            Shell::Cmd => "cmd",
        }
    }
}

/// How many shells one line may start, nested or not.
const MAX_SCRIPTS: usize = 64;

/// Analyses `command` as `shell` reads it (`None`: PowerShell and cmd when `windows`, else
/// bash). Never panics.
pub fn analyse_as(command: &str, shell: Option<Shell>, windows: bool) -> Analysis {
    match (shell, windows) {
        (Some(Shell::Powershell), _) => finish(command, windows::powershell::read, false),
        (Some(Shell::Cmd), _) => finish(command, windows::cmd::read, false),
        (None, true) => {
            let mut a = finish(command, windows::powershell::read, false);
            let b = finish(command, windows::cmd::read, false);
            let plain = a.plain && b.plain;
            append(&mut a, b);
            a.plain = plain;
            a
        }
        _ => finish(command, super::parser::parse, true),
    }
}

/// Adds `b`'s commands to `a` (indices and pipelines moved past `a`'s), its problem when `a`
/// has none (`Unparseable` over `Suspicious`), and the reason it is not plain.
fn append(a: &mut Analysis, b: Analysis) {
    let base = a.commands.len();
    let pipes = a
        .commands
        .iter()
        .map(|c| c.pipeline)
        .filter(|&p| p != usize::MAX)
        .max()
        .map_or(0, |p| p + 1);
    for mut c in b.commands {
        c.parent = c.parent.map(|p| p + base);
        if c.pipeline != usize::MAX {
            c.pipeline += pipes;
        }
        a.commands.push(c);
    }
    if !matches!(a.problem, Some(Problem::Unparseable(_))) {
        if let Some(p @ Problem::Unparseable(_)) = b.problem.clone() {
            a.problem = Some(p);
        }
    }
    if a.problem.is_none() {
        a.problem = b.problem;
    }
    a.not_plain = a.not_plain.or(b.not_plain);
    a.suspicious = a.suspicious.take().or(b.suspicious);
}

/// Reads the scripts of the shells `analysis`'s commands start, each with its own reader,
/// adding their commands (so a script's own shells are read too). A shell reading its
/// input (`… | pwsh -Command -`, `… | cmd`) becomes `sh`, as the sh analysis reads one; one
/// running a file (`powershell -File x.ps1`) becomes `sh x.ps1`.
pub(super) fn read_started_shells(analysis: &mut Analysis, sh: bool) {
    // which commands the sh parser read (it reads `bash -c` scripts itself): the line's
    // when `sh`, then those of each script added
    let original = analysis.commands.len();
    let mut added_by_sh: Vec<bool> = Vec::new();
    let mut i = 0;
    let mut scripts = 0;
    while i < analysis.commands.len() {
        let by_sh = match i.checked_sub(original) {
            None => sh,
            Some(k) => added_by_sh.get(k) == Some(&true),
        };
        let started = started_shell(&analysis.commands[i], by_sh);
        i += 1;
        let Some(started) = started else { continue };
        let c = &mut analysis.commands[i - 1];
        match started {
            Started::Script(shell, script) => {
                scripts += 1;
                if scripts > MAX_SCRIPTS {
                    set_problem(analysis, format!("more than {MAX_SCRIPTS} shells started"));
                    return;
                }
                let mut inner = match shell {
                    Shell::Powershell => windows::powershell::read(&script),
                    Shell::Cmd => windows::cmd::read(&script),
                    _ => super::parser::parse(&script),
                };
                for k in inner.commands.iter_mut() {
                    if k.origin == Origin::Top {
                        k.origin = Origin::Script;
                    }
                }
                let n = added_by_sh.len() + inner.commands.len();
                added_by_sh.resize(n, !windows_shell(shell));
                append(analysis, inner);
            }
            Started::Reads(words) => {
                if c.written.is_empty() {
                    c.written = std::mem::take(&mut c.words);
                }
                c.words = words;
                c.dynamic.clear();
                c.unknown.clear();
            }
            Started::Unknown(why) => set_problem(analysis, why),
        }
    }
}

fn set_problem(analysis: &mut Analysis, why: String) {
    if !matches!(analysis.problem, Some(Problem::Unparseable(_))) {
        analysis.problem = Some(Problem::Unparseable(why));
    }
    analysis.plain = false;
}

enum Started {
    /// Its script, for that shell's reader.
    Script(Shell, String),
    /// It reads its input or runs a file: these words say the same to the checks.
    Reads(Vec<String>),
    /// Its script is not known.
    Unknown(String),
}

/// The shell a command word names (`C:\\x\\PowerShell.exe` is `powershell`), without
/// allocating: this runs for every command of every line.
fn shell_name(word: &str) -> Option<&'static str> {
    let name = super::basename(word);
    let name = match name
        .len()
        .checked_sub(4)
        .and_then(|cut| name.get(cut..).map(|e| (cut, e)))
    {
        Some((cut, ext)) if ext.eq_ignore_ascii_case(".exe") => &name[..cut],
        _ => name,
    };
    [
        "powershell",
        "pwsh",
        "cmd",
        "bash",
        "sh",
        "zsh",
        "dash",
        "wsl",
    ]
    .into_iter()
    .find(|s| s.eq_ignore_ascii_case(name))
}

fn windows_shell(shell: Shell) -> bool {
    matches!(shell, Shell::Powershell | Shell::Cmd)
}

/// The shell `c` starts, if any, and what it runs (`by_sh`: the sh parser read `c`).
fn started_shell(c: &SimpleCommand, by_sh: bool) -> Option<Started> {
    let key = shell_name(c.words.first()?)?;
    let args = c.words.get(1..).unwrap_or(&[]);
    let unknown = |at: usize| c.is_unknown(at + 1);
    match key {
        "powershell" | "pwsh" => Some(powershell_args(args, unknown, c.stage > 0)),
        "cmd" => {
            let at = args.iter().position(|a| {
                let a = a.to_ascii_lowercase();
                a.starts_with("/c") || a.starts_with("/k") || a.starts_with("/r")
            });
            match at {
                Some(at) => {
                    // `/c` may be glued to the script (`/ctype x`)
                    let glued = args[at].get(2..).unwrap_or("");
                    let rest = args.get(at + 1..).unwrap_or(&[]);
                    if (at + 1..args.len()).any(unknown) {
                        return Some(Started::Unknown(
                            "the script `cmd` runs is only known when it runs".into(),
                        ));
                    }
                    let mut script = glued.to_string();
                    for w in rest {
                        if !script.is_empty() {
                            script.push(' ');
                        }
                        script.push_str(w);
                    }
                    Some(Started::Script(Shell::Cmd, strip_quotes(&script)))
                }
                None if c.stage > 0 => Some(Started::Reads(vec!["sh".into()])),
                None => None,
            }
        }
        // sh's reader peels `bash -c` itself; PowerShell's and cmd's leave it as words
        "bash" | "sh" | "zsh" | "dash" | "wsl" if !by_sh => {
            let skip =
                usize::from(key == "wsl" && args.first().is_some_and(|a| a == "--" || a == "-e"));
            let args = &args[skip..];
            let at = args
                .iter()
                .position(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('c'))?;
            let script = args.get(at + 1)?;
            if unknown(at + 1 + skip) {
                return Some(Started::Unknown(format!(
                    "the script `{key}` runs is only known when it runs"
                )));
            }
            Some(Started::Script(Shell::Bash, script.clone()))
        }
        _ => None,
    }
}

/// powershell.exe's and pwsh's parameters: `-Command` (`-c`, any prefix; the words after
/// it are the script, `-` its input), `-EncodedCommand` (`-e`, `-ec`, `-enc`), `-File`
/// (`-f`); before them, options with a value (`-ExecutionPolicy X`). With none of these,
/// the first word is the script (Windows PowerShell reads it as `-Command`).
fn powershell_args(args: &[String], unknown: impl Fn(usize) -> bool, piped: bool) -> Started {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let lower = a.to_ascii_lowercase();
        let Some(p) = lower.strip_prefix('-').or_else(|| lower.strip_prefix('/')) else {
            break;
        };
        // a parameter only known when it runs may be `-Command` (`-$(echo c)`)
        if unknown(i) {
            return Started::Unknown(
                "a parameter of `powershell` is only known when it runs".into(),
            );
        }
        let prefix = |full: &str| !p.is_empty() && full.starts_with(p);
        if p == "e" || p == "ec" || prefix("encodedcommand") {
            let Some(text) = args.get(i + 1) else {
                return Started::Unknown("`-EncodedCommand` has no value".into());
            };
            if unknown(i + 1) {
                return Started::Unknown("the encoded command is only known when it runs".into());
            }
            return match decode_utf16_base64(text) {
                Some(script) => Started::Script(Shell::Powershell, script),
                None => Started::Unknown("the encoded command does not decode".into()),
            };
        }
        if prefix("command") {
            i += 1;
            break;
        }
        if prefix("file") {
            if (i + 1..args.len()).any(&unknown) {
                return Started::Unknown(
                    "the script `powershell` runs is only known when it runs".into(),
                );
            }
            let mut words = vec!["sh".to_string()];
            words.extend(args.iter().skip(i + 1).cloned());
            return Started::Reads(words);
        }
        // options taking a value
        if [
            "executionpolicy",
            "windowstyle",
            "inputformat",
            "outputformat",
            "configurationname",
            "version",
            "workingdirectory",
            "settingsfile",
            "custompipename",
            "encodedarguments",
            "ep",
            "ex",
            "wd",
        ]
        .iter()
        .any(|o| (o.len() <= 3 && p == *o) || (p.len() > 1 && o.starts_with(p)))
        {
            i += 2;
            continue;
        }
        i += 1;
    }
    let rest = args.get(i..).unwrap_or(&[]);
    if rest.is_empty() || (rest.len() == 1 && rest[0] == "-") {
        return if piped || !rest.is_empty() {
            Started::Reads(vec!["sh".into()])
        } else {
            // an interactive shell: nothing it runs is in the line
            Started::Reads(vec!["sh".into(), "-i".into()])
        };
    }
    if (i..args.len()).any(&unknown) {
        return Started::Unknown("the script `powershell` runs is only known when it runs".into());
    }
    Started::Script(Shell::Powershell, strip_quotes(&rest.join(" ")))
}

/// `"…"` around a whole script, as cmd and PowerShell take them off.
fn strip_quotes(script: &str) -> String {
    let t = script.trim();
    match t.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        Some(inner) if !inner.contains('"') => inner.to_string(),
        _ => t.to_string(),
    }
}

/// Reads `command` with `read` (a shell's reader; `sh`: the sh parser) within the limits, reads the scripts of
/// the shells it starts, and judges what no reader can see (suspicious characters, a
/// program named by an unknown value).
pub(super) fn finish(command: &str, read: fn(&str) -> Analysis, sh: bool) -> Analysis {
    let suspicious = super::spoofing::scan(command);
    let mut analysis = if command.len() > MAX_INPUT_BYTES {
        Analysis {
            problem: Some(Problem::Unparseable(format!(
                "command is {} bytes, more than the {MAX_INPUT_BYTES}-byte limit",
                command.len()
            ))),
            ..Analysis::default()
        }
    } else {
        let mut a = read(command);
        if sh {
            super::later::extend(&mut a, command, 0, &super::parser::parse);
        }
        read_started_shells(&mut a, sh);
        a
    };
    if analysis.problem.is_none() {
        analysis.problem = dynamic_name(&analysis)
            .or_else(|| bang_as_name(&analysis))
            .map(Problem::Unparseable)
            .or_else(|| suspicious.clone().map(Problem::Suspicious));
    }
    analysis.suspicious = suspicious;
    analysis.plain = analysis.problem.is_none() && analysis.not_plain.is_none();
    analysis
}

/// A command named `!`: after a redirection or an assignment (`>x ! rm -rf ~`) bash and dash
/// run a program of that name, while other shells (zsh) negate the command after it. No
/// program is named `!`, and which reading the user's shell takes cannot be told from here.
fn bang_as_name(analysis: &Analysis) -> Option<String> {
    let named = |c: &SimpleCommand| c.words.first().is_some_and(|w| w == "!");
    analysis.commands.iter().any(named).then(|| {
        "a command named `!`: bash runs a program of that name, other shells negate the \
         command after it"
            .to_string()
    })
}

/// A program named by a value that cannot be known (`$x -rf ~` with `x` from the
/// environment, `$(echo rm) …`): toolgate cannot tell what runs.
fn dynamic_name(analysis: &Analysis) -> Option<String> {
    let c = analysis.commands.iter().find(|c| c.is_unknown(0))?;
    let name = c.dynamic.iter().find(|d| d.index == 0).map_or_else(
        || c.words.first().cloned().unwrap_or_default(),
        |d| d.raw.clone(),
    );
    Some(format!(
        "the program `{name}` is only known when the command runs"
    ))
}
