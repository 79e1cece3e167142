//! Ignore files with git's exact semantics (gitignore syntax plus Cline's `!include NAME`),
//! compiled once into an immutable matcher.
//!
//! INTERFACE STUB — implemented by the validator-core work (issue 2).

use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq)]
pub struct IgnoreError {
    pub message: String,
}

/// Which line ignored a path: provenance for verdicts and validation errors.
#[derive(Debug, Clone, PartialEq)]
pub struct IgnoreMatch<'a> {
    /// The file the line came from: the ignore file's name, an include's name, or
    /// `"(built-in)"` for the rule that makes the ignore file block itself.
    pub source: &'a str,
    /// 1-based line number in that file (0 for built-in).
    pub line: usize,
    /// The pattern as written.
    pub pattern: &'a str,
}

#[derive(Debug, Clone)]
pub struct IgnoreBuilder {
    file_name: String,
    case_insensitive: bool,
    includes: HashMap<String, String>,
}

impl Default for IgnoreBuilder {
    fn default() -> Self {
        IgnoreBuilder {
            file_name: ".clineignore".into(),
            case_insensitive: false,
            includes: HashMap::new(),
        }
    }
}

impl IgnoreBuilder {
    pub fn file_name(mut self, name: &str) -> Self {
        self.file_name = name.to_string();
        self
    }
    pub fn case_insensitive(mut self, yes: bool) -> Self {
        self.case_insensitive = yes;
        self
    }
    pub fn includes(mut self, includes: HashMap<String, String>) -> Self {
        self.includes = includes;
        self
    }
    /// Compiles `text` (None = no ignore file: only the built-in self-block applies).
    pub fn build(&self, _text: Option<&str>) -> Result<Ignore, IgnoreError> {
        Ok(Ignore { warnings: vec![] })
    }
}

#[derive(Debug, Clone)]
pub struct Ignore {
    warnings: Vec<String>,
}

impl Ignore {
    /// `relative` is '/'-separated and relative to the root the ignore file lives in.
    pub fn matched(&self, _relative: &str, _is_dir: bool) -> Option<IgnoreMatch<'_>> {
        None
    }
    pub fn is_ignored(&self, relative: &str, is_dir: bool) -> bool {
        self.matched(relative, is_dir).is_some()
    }
    /// Non-fatal problems found while compiling (e.g. a missing include).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }
}
