//! Shell command analysis: a parser for the sh/bash subset agents emit, yielding every simple
//! command that would run (through wrappers and substitutions).
//!
//! INTERFACE STUB — implemented by the shell-analysis work (issue 4).

pub mod critical;

/// A redirection of a simple command, e.g. `>` `out.txt`.
#[derive(Debug, Clone, PartialEq)]
pub struct Redirect {
    pub op: String,
    /// The target word, unquoted (the here-doc delimiter for `<<`).
    pub target: String,
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
    /// `cd` changed it (`None` = unchanged; `Some("?")`-style unknowns are documented there).
    pub cwd: Option<String>,
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
    pub problem: Option<Problem>,
}

pub fn analyse(_command: &str) -> Analysis {
    Analysis {
        commands: vec![],
        plain: false,
        problem: Some(Problem::Unparseable("shell analysis not built yet".into())),
    }
}

/// Every argument and redirection target that could name a file, joined onto its command's
/// `cwd` when relative.
pub fn path_operands(_analysis: &Analysis) -> Vec<String> {
    Vec::new()
}
