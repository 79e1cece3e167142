//! What the analysis yields ([`Analysis`], the [`SimpleCommand`]s it holds and their parts)
//! and its limits. The parser builds these; the modules after it read them (rendering and
//! path operands add their methods in `render.rs` and `paths.rs`).

use super::effects;
use super::programs::{self, basename};

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
    /// Written on an enclosing compound command or script launcher (`{ a <(b); } >x`,
    /// `sh -c 'a <(b)' >x`), so the commands of this command's own substitutions have it too.
    pub enclosing: bool,
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
    #[inline(never)]
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
    /// For a PowerShell cmdlet or a cmd.exe builtin, its reading as the POSIX program that
    /// does the same (`Remove-Item -Recurse x` is `rm -r x`), which the checks judge.
    pub words: Vec<String>,
    /// The command as its own shell names it when `words` are such a reading: the cmdlet's
    /// full name and parameters (`Remove-Item -Recurse x`), cmd's builtin (`rd /s x`).
    /// Empty when `words` are as written. Rules and reasons see it.
    pub written: Vec<String>,
    pub redirects: Vec<Redirect>,
    /// The directory it runs in relative to where the command started, when a preceding
    /// `cd` changed it (`None` = unchanged; see [`crate::shell`] for joins and unknowns).
    pub cwd: Option<String>,
    /// Other directories it may run in, when a `cd` before it may have failed (`cd x; cat
    /// y`: `x` or where the line started, `None`); relative paths are checked in each.
    pub cwd_also: Vec<Option<String>>,
    /// `cwd` (or one of `cwd_also`) came from a target the parser cannot know (`cd "$X"`, `cd -`, `popd`).
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
    // (these accessors are called all over `shell`: never inlined, one body each)

    /// The variables the command runs with, as written: its assignments (`X=1 cmd`), then
    /// the `K=V` words of its `env` launchers (`env X=1 cmd`).
    pub fn variables(&self) -> impl Iterator<Item = (&str, &str)> {
        let env_words = self
            .wrappers
            .iter()
            .filter(|w| w.name == "env")
            .flat_map(|w| w.words.iter().skip(1))
            .filter_map(|w| w.split_once('='));
        self.assignments
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .chain(env_words)
    }

    /// The command's name without its directory (`/bin/cat` → `cat`).
    #[inline(never)]
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

    /// Its words as its shell names them: [`SimpleCommand::written`], else `words`.
    pub fn own_words(&self) -> &[String] {
        if self.written.is_empty() {
            &self.words
        } else {
            &self.written
        }
    }

    /// Wrapper words then its own words, joined by single spaces (`sudo -u x git log`).
    pub fn written_text(&self) -> String {
        let mut s = String::new();
        for w in self
            .wrappers
            .iter()
            .flat_map(|w| &w.words)
            .chain(self.own_words())
        {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(w);
        }
        s
    }

    /// Whether `words[i]` contains an expansion.
    #[inline(never)]
    pub fn is_dynamic(&self, i: usize) -> bool {
        self.dynamic.iter().any(|d| d.index == i)
    }

    /// Whether the value of `words[i]` cannot be known before the command runs.
    #[inline(never)]
    pub fn is_unknown(&self, i: usize) -> bool {
        self.unknown.contains(&i)
    }

    /// Whether `words[i]` is a glob the shell expands.
    #[inline(never)]
    pub fn is_glob(&self, i: usize) -> bool {
        self.globs.contains(&i)
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
    /// Each command's argument roles, read once when first asked ([`Analysis::roles`]).
    pub(super) roles: RolesCache,
}

/// [`Analysis::roles`]' answers, computed once: they depend on the commands' words alone, so
/// two analyses compare equal whatever was asked of them.
#[derive(Debug, Clone, Default)]
pub struct RolesCache(std::cell::OnceCell<Vec<Vec<programs::Role>>>);

impl PartialEq for RolesCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The shell analysis as a summary (`Gatekeeper.analyseCommand`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
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
    /// The role of each word of command `i` (its name first; see [`super::roles`]).
    pub fn roles(&self, i: usize) -> &[programs::Role] {
        self.roles
            .0
            .get_or_init(|| {
                self.commands
                    .iter()
                    .map(|c| super::roles::roles(&c.words))
                    .collect()
            })
            .get(i)
            .map_or(&[], Vec::as_slice)
    }

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
}

/// The wrapper names of code the line runs later (`shell::later`): written files run, a fed
/// process substitution, values bash evaluates.
pub(super) const WRITTEN_SCRIPT: &str = "a script written before";
pub(super) const WRITTEN_MAKEFILE: &str = "a Makefile written before";
pub(super) const WRITTEN_PACKAGE_JSON: &str = "a package.json written before";
pub(super) const WRITTEN_GIT_HOOK: &str = "a git hook written before";
pub(super) const WRITTEN_GIT_ALIAS: &str = "a git alias written before";
pub(super) const FED_PROCESS_SUBSTITUTION: &str = "a process substitution's input";
pub(super) const EVALUATED_VALUE: &str = "a value bash evaluates";
/// The render leaves the commands under these out: analysing the rendered line finds them
/// again, from the same words.
pub(super) const RUNS_LATER: [&str; 7] = [
    WRITTEN_SCRIPT,
    WRITTEN_MAKEFILE,
    WRITTEN_PACKAGE_JSON,
    WRITTEN_GIT_HOOK,
    WRITTEN_GIT_ALIAS,
    FED_PROCESS_SUBSTITUTION,
    EVALUATED_VALUE,
];
