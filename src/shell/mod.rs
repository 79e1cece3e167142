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
//!   subshell, substitution, pipeline stage or background job does not leak out of it. A
//!   `cd` that may have failed (`cd x; …`, `cd x || …`, in a condition) leaves the other
//!   possible directories in `cwd_also` (see `parser/dirs.rs`).
//! * Code that runs later (a file written then run, a value bash evaluates) is parsed and its
//!   commands added (`later.rs`).
//!
//! ## Limits (each gives `Unparseable`)
//! [`MAX_INPUT_BYTES`] of input, [`MAX_DEPTH`] levels of nesting (substitutions, groups,
//! compound commands, wrappers, scripts), [`MAX_COMMANDS`] simple commands.

mod analysis;
pub mod critical;
mod effects;
mod embedded;
mod expand;
mod inline;
mod later;
mod lexer;
mod names;
mod parser;
pub mod paths;
pub mod programs;
pub mod recursive;
mod render;
mod spoofing;
pub mod trees;
pub mod unseen;
mod wrappers;

pub use analysis::{
    Analysis, CommandShape, CommandSummary, DynamicWord, Origin, Problem, Redirect, SimpleCommand,
    Wrapper, MAX_COMMANDS, MAX_DEPTH, MAX_INPUT_BYTES,
};
pub use paths::PathOperand;
pub use render::quote;
pub(crate) use render::{Quoted, QuotedChar};

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
        let mut analysis = parser::parse(command);
        later::extend(&mut analysis, command, 0, &parser::parse);
        analysis
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

pub(crate) use lexer::strip_all;
pub(crate) use programs::basename;

/// Whether a program runs the value of variable `name` as shell text (`PAGER`, `GIT_PAGER`,
/// `EDITOR`, …): the analysis parses such a value as a command of its own.
pub fn is_command_variable(name: &str) -> bool {
    wrappers::COMMAND_VARIABLES.contains(&name)
}
