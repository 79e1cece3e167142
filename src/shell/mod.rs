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
mod dialect;
pub mod downloads;
mod effects;
mod embedded;
mod expand;
mod inline;
mod later;
mod lexer;
pub mod links;
pub mod mounts;
mod names;
mod parser;
pub mod paths;
pub mod programs;
pub mod recursive;
mod render;
pub mod roles;
mod spoofing;
pub mod trees;
pub mod unseen;
mod windows;
mod wrappers;

pub use analysis::{
    Analysis, CommandShape, CommandSummary, DynamicWord, Origin, Problem, Redirect, SimpleCommand,
    Wrapper, MAX_COMMANDS, MAX_DEPTH, MAX_INPUT_BYTES,
};
pub use dialect::{analyse_as, Shell};
pub use paths::PathOperand;
pub use render::quote;
pub(crate) use render::{Quoted, QuotedChar};

/// Analyses one command line as bash reads it. Never panics; see the module docs for the
/// limits. [`analyse_as`] reads it as another shell.
pub fn analyse(command: &str) -> Analysis {
    dialect::finish(command, parser::parse, true)
}

pub(crate) use lexer::strip_all;
pub(crate) use programs::basename;

/// Whether a program runs the value of variable `name` as shell text (`PAGER`, `GIT_PAGER`,
/// `EDITOR`, …): the analysis parses such a value as a command of its own.
pub fn is_command_variable(name: &str) -> bool {
    wrappers::COMMAND_VARIABLES.contains(&name)
}
