//! Shell command analysis: a parser for the sh/bash subset agents emit, yielding every simple
//! command that would run (through wrappers, substitutions, subshells and here-doc-fed shells).
//!
//! [`analyse`] never panics and never recurses deeper than [`MAX_DEPTH`] levels, whatever the
//! input. Past a limit or on a syntax error the analysis has
//! `problem = Some(Problem::Unparseable(..))` and keeps the commands parsed before the error,
//! so deny rules and critical patterns can still see them.
//!
//! ## What a [`SimpleCommand`] holds
//! * `words`: unquoted, with the launchers (`sudo`, `env`, `bash -c`, …) peeled off into
//!   `wrappers`, after what the line itself decides is expanded (`expand.rs`: brace
//!   expansion, variables assigned earlier in the line, loop variables; a command runs once
//!   per value of a loop variable it uses). A word still containing an expansion (`$HOME`,
//!   `${X}`, `$(…)`, `` `…` ``, `<(…)`, `$((…))`) keeps it as written (its literal parts
//!   unquoted) and is listed in `dynamic`; in `unknown` when its value cannot be known
//!   (`$PWD`, `$HOME` and `<(…)` are known); in `globs` when the shell expands it as a glob.
//!   A command whose program name is unknown has `Problem::Unparseable`.
//! * `cwd`: where a preceding `cd X &&` / `cd X;` in the same shell left it, relative to where
//!   the command line starts. `None` = unchanged. Relative targets are joined with `/`
//!   (`cd a && cd b` → `a/b`; `..` is kept, the workspace normalises it); absolute ones
//!   (`/x`, `~`, `C:/x`) replace it; `cd` alone is `~`. A target the parser cannot know
//!   (`cd "$DIR"`, `cd -`, `popd`) is kept as written and sets `cwd_dynamic`. A `cd` inside a
//!   subshell, substitution or pipeline stage does not leak out of it.
//!
//! ## Limits (each gives `Unparseable`)
//! [`MAX_INPUT_BYTES`] of input, [`MAX_DEPTH`] levels of nesting (substitutions, groups,
//! compound commands, wrappers, scripts), [`MAX_COMMANDS`] simple commands.

pub mod critical;
mod effects;
mod embedded;
mod expand;
mod inline;
mod names;
mod parser;
pub mod paths;
pub mod programs;
mod render;
mod spoofing;
pub mod trees;
mod words;
mod wrappers;

pub use paths::PathOperand;
pub use render::quote;

/// Longer input is not analysed: 64 KiB is far beyond any command an agent writes by hand.
pub const MAX_INPUT_BYTES: usize = 64 * 1024;
/// Nesting levels (substitutions, groups, compound commands, wrappers, `bash -c` scripts).
pub const MAX_DEPTH: usize = 64;
/// Simple commands in one analysis, counting nested ones.
pub const MAX_COMMANDS: usize = 1000;

/// A redirection of a simple command, e.g. `>` `out.txt`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Redirect {
    /// The operator as written, with its file descriptor: `>`, `2>`, `>>`, `2>&`, `&>`, `<<`,
    /// `<<-`, `<<<`, `<>`, `>|`, `<&`, `{fd}>` (bash's named descriptor).
    pub op: String,
    /// The target word, unquoted (the here-doc delimiter for `<<`; the fd for `2>&1`).
    pub target: String,
    /// The target contains an expansion; for a here-doc: the body is expanded (unquoted
    /// delimiter), so `$(…)` in it runs.
    pub dynamic: bool,
    /// The target as written, when `dynamic` (used to re-render it).
    pub raw: Option<String>,
    /// A here-doc's body (each line ending in `\n`, `<<-` tabs already stripped).
    pub body: Option<String>,
}

impl Redirect {
    /// The operator without its descriptor (`2>` → `>`, `{fd}>&` → `>&`).
    fn bare_op(&self) -> &str {
        let op = self.op.trim_start_matches(|c: char| c.is_ascii_digit());
        match op.strip_prefix('{').and_then(|o| o.split_once('}')) {
            Some((_, rest)) => rest,
            None => op,
        }
    }

    /// `<<`, `<<-`: a here-document.
    pub fn is_heredoc(&self) -> bool {
        let op = self.bare_op();
        op == "<<" || op == "<<-"
    }

    /// `<<<`: a here-string.
    pub fn is_herestring(&self) -> bool {
        self.op.ends_with("<<<")
    }

    /// `2>&1`, `<&0`, `>&-`: duplicates or closes a descriptor, names no file.
    pub fn is_fd_dup(&self) -> bool {
        let op = self.bare_op();
        (op == ">&" || op == "<&")
            && (self.target == "-"
                || (!self.target.is_empty() && self.target.bytes().all(|b| b.is_ascii_digit())))
    }

    /// Names a file that is written (`>`, `>>`, `>|`, `&>`, `&>>`, `<>`, `>&file`).
    pub fn writes_file(&self) -> bool {
        !self.is_fd_dup() && self.op.contains('>')
    }

    /// Names a file at all (anything but fd dups, here-docs and here-strings).
    pub fn names_file(&self) -> bool {
        !self.is_fd_dup() && !self.is_heredoc() && !self.is_herestring()
    }
}

/// A launcher peeled off a command (`sudo -u root`, `env X=1`, `bash -c`, `xargs -0`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Wrapper {
    /// Canonical name: `sudo`, `env`, `nice`, `timeout`, `xargs`, … ; `bash -c` (any shell),
    /// `eval`, `su -c`, `watch`, `env -S` for launchers that run a script; `find -exec` for
    /// commands run by `find`.
    pub name: String,
    /// Its words as written, options included (for a script launcher, without the script).
    pub words: Vec<String>,
    /// It runs its argument as shell text (`bash -c`, `eval`, …) rather than as words.
    pub script: bool,
    /// Its words that contain an expansion (`sudo -u "$USER"`), indexed into `words`, kept as
    /// written so the command renders with the expansion. Empty for a script launcher.
    pub dynamic: Vec<DynamicWord>,
}

/// Where a command sits in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Origin {
    /// Directly in the command line (or a group, subshell, compound command, function body).
    #[default]
    Top,
    /// Inside `$(…)`, `` `…` `` or a here-doc body's substitution.
    CommandSubstitution,
    /// Inside `<(…)` / `>(…)`.
    ProcessSubstitution,
    /// In a script a launcher runs: `bash -c '…'`, `eval …`, `su -c`, `watch`, `env -S`.
    Script,
    /// In a here-doc fed to a shell (`bash <<EOF`).
    HereDoc,
    /// Run by `find -exec` / `-execdir` / `-ok`.
    Exec,
}

/// A word (or assignment value) containing an expansion.
#[derive(Debug, Clone, PartialEq)]
pub struct DynamicWord {
    /// Index into `words` (or `assignments`).
    pub index: usize,
    /// As written in the source, quotes included.
    pub raw: String,
}

/// One command that would run.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SimpleCommand {
    /// `VAR=value` prefixes.
    pub assignments: Vec<(String, String)>,
    /// The words as the shell would pass them (quotes removed); expansions are kept as written.
    pub words: Vec<String>,
    pub redirects: Vec<Redirect>,
    /// The directory it runs in relative to where the command started, when a preceding
    /// `cd` changed it (`None` = unchanged; see the module docs for joins and unknowns).
    pub cwd: Option<String>,
    /// `cwd` came from a target the parser cannot know (`cd "$X"`, `cd -`, `popd`).
    pub cwd_dynamic: bool,
    /// Launchers peeled off, outermost first (`sudo env X=1 ls` → `sudo`, `env`).
    pub wrappers: Vec<Wrapper>,
    /// Words containing expansions (usually empty).
    pub dynamic: Vec<DynamicWord>,
    /// Words whose value cannot be known before the command runs (an expansion of a
    /// variable from the environment, a substitution, a brace expansion past its bound),
    /// indexed into `words`. Variables assigned earlier in the line, brace expansion and
    /// loop variables are already expanded in `words` (see `expand.rs`).
    pub unknown: Vec<usize>,
    /// Words the shell expands as globs (an unquoted `*`, `?` or `[`, or a loop variable
    /// over a glob), indexed into `words`: each stands for the names it matches.
    pub globs: Vec<usize>,
    /// Assignment values containing expansions.
    pub dynamic_assignments: Vec<DynamicWord>,
    pub origin: Origin,
    /// Index (into [`Analysis::commands`]) of the command whose word, here-doc or `-exec`
    /// produced this one; `None` at top level and for commands of a `bash -c` script.
    pub parent: Option<usize>,
    /// Commands with the same `pipeline` are stages of one pipeline; `stage` is the position.
    pub pipeline: usize,
    pub stage: usize,
    /// Ends with `&` (directly or in an enclosing list).
    pub background: bool,
    /// The function whose body holds it.
    pub function: Option<String>,
    /// An option that makes an innocent-looking command run or write something
    /// (`find -exec`, `git diff --output=…`, `sed …e`); makes the analysis not plain.
    pub side_effect: Option<&'static str>,
}

impl SimpleCommand {
    /// The command's name without its directory (`/bin/cat` → `cat`).
    pub fn name(&self) -> Option<&str> {
        self.words.first().map(|w| basename(w))
    }

    /// The program it runs, from the program table (by [`SimpleCommand::name`]; ignoring
    /// ASCII case when `fold`, as on a case-insensitive system).
    pub fn program(&self, fold: bool) -> Option<&'static programs::Program> {
        let name = self.name()?;
        if fold {
            programs::lookup_folded(name)
        } else {
            programs::lookup(name)
        }
    }

    /// Whether it reads files that none of its operands names (sed's `r FILE`).
    pub fn reads_unnamed_files(&self) -> bool {
        effects::reads_unnamed_files(effects::name_key(&self.words), &self.words)
    }

    /// The words joined by single spaces.
    pub fn text(&self) -> String {
        self.words.join(" ")
    }

    /// Wrapper words then words, joined by single spaces (`sudo -u x git log`).
    pub fn written_text(&self) -> String {
        let mut s = String::new();
        for w in self
            .wrappers
            .iter()
            .flat_map(|w| &w.words)
            .chain(&self.words)
        {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(w);
        }
        s
    }

    /// Whether `words[i]` contains an expansion.
    pub fn is_dynamic(&self, i: usize) -> bool {
        self.dynamic.iter().any(|d| d.index == i)
    }

    /// Whether the value of `words[i]` cannot be known before the command runs.
    pub fn is_unknown(&self, i: usize) -> bool {
        self.unknown.contains(&i)
    }

    /// Whether `words[i]` is a glob the shell expands.
    pub fn is_glob(&self, i: usize) -> bool {
        self.globs.contains(&i)
    }

    /// Shell text that analyses back to this command (same words, assignments, redirects and
    /// wrapper names). Here-doc bodies follow on the next lines.
    pub fn render(&self) -> String {
        render::command(self)
    }
}

/// Why a command could not be judged; none of these ever allows.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// Syntax error or a limit exceeded: cannot analyse.
    Unparseable(String),
    /// Invisible or direction-changing characters, or a CR: what is shown is not what runs.
    Suspicious(String),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Analysis {
    pub commands: Vec<SimpleCommand>,
    /// Only words joined by `&& || ; |` (no redirections, substitutions, groups, background).
    pub plain: bool,
    /// The first reason it is not plain (`redirection`, `command substitution`, …).
    pub not_plain: Option<&'static str>,
    /// `Unparseable` wins over `Suspicious` when both apply; [`Analysis::suspicious`] still
    /// reports the characters then.
    pub problem: Option<Problem>,
    /// What [`Problem::Suspicious`] would say, even when the problem is `Unparseable`.
    pub suspicious: Option<String>,
}

/// The shell analysis as a summary (`Gatekeeper.analyseCommand`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(optional_fields))]
pub struct CommandSummary {
    /// Each simple command that would run (nested ones included), words joined by spaces.
    pub commands: Vec<String>,
    /// Only words joined by `&& || ; |`.
    pub plain: bool,
    /// Why the command cannot be judged (syntax error, limit, suspicious characters).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

impl Analysis {
    pub fn summary(&self) -> CommandSummary {
        CommandSummary {
            commands: self.commands.iter().map(|c| c.written_text()).collect(),
            plain: self.plain,
            problem: self.problem.as_ref().map(|p| match p {
                Problem::Unparseable(why) | Problem::Suspicious(why) => why.clone(),
            }),
        }
    }
}

/// What rendering must preserve of a command: its words, assignments, redirections (operator,
/// target, here-doc body) and launcher names. Parse → render → parse keeps these equal.
pub type CommandShape = (
    Vec<String>,
    Vec<(String, String)>,
    Vec<(String, String, Option<String>)>,
    Vec<String>,
);

impl Analysis {
    /// Each command's [`CommandShape`], in order: what the round-trip tests and the fuzz
    /// target compare.
    pub fn shapes(&self) -> Vec<CommandShape> {
        self.commands
            .iter()
            .map(|c| {
                (
                    c.words.clone(),
                    c.assignments.clone(),
                    c.redirects
                        .iter()
                        .map(|r| (r.op.clone(), r.target.clone(), r.body.clone()))
                        .collect(),
                    c.wrappers.iter().map(|w| w.name.clone()).collect(),
                )
            })
            .collect()
    }

    /// Shell text that analyses back to the same commands (one line per pipeline; nested
    /// commands are re-created by their parent's words).
    pub fn render(&self) -> String {
        render::analysis(&self.commands)
    }

    /// Every argument and redirection target that could name a file; see [`paths`].
    pub fn path_operands(&self) -> Vec<PathOperand> {
        paths::operands(self)
    }
}

/// Analyses one command line. Never panics; see the module docs for the limits.
pub fn analyse(command: &str) -> Analysis {
    let suspicious = spoofing::scan(command);
    let mut analysis = if command.len() > MAX_INPUT_BYTES {
        Analysis {
            problem: Some(Problem::Unparseable(format!(
                "command is {} bytes, more than the {MAX_INPUT_BYTES}-byte limit",
                command.len()
            ))),
            ..Analysis::default()
        }
    } else {
        parser::parse(command)
    };
    if analysis.problem.is_none() {
        analysis.problem = dynamic_name(&analysis)
            .map(Problem::Unparseable)
            .or_else(|| suspicious.clone().map(Problem::Suspicious));
    }
    analysis.suspicious = suspicious;
    analysis.plain = analysis.problem.is_none() && analysis.not_plain.is_none();
    analysis
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

pub(crate) use programs::basename;

/// Whether a program runs the value of variable `name` as shell text (`PAGER`, `GIT_PAGER`,
/// `EDITOR`, …): the analysis parses such a value as a command of its own.
pub fn is_command_variable(name: &str) -> bool {
    parser::COMMAND_VARIABLES.contains(&name)
}
