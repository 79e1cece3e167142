//! Ignore files with git's exact semantics (gitignore syntax plus Cline's `!include NAME`),
//! compiled once into an immutable matcher.
//!
//! [`IgnoreBuilder`] reads the text, expands includes and compiles every line with git's own
//! matching algorithm (`wildmatch`, in [`wildmatch`]); [`Ignore`] answers "is this path ignored, and by which line?" the way
//! `git check-ignore` does:
//! - the last matching line wins, and a `!` line re-includes;
//! - a path is ignored when any of its parent directories is (checked as directories, from the
//!   top): nothing under an excluded directory can be re-included;
//! - the ignore file blocks itself: a built-in rule matches any path component named like it
//!   (see [`IgnoreBuilder::file_name`]), and no negation can undo it.
//!
//! Differences from git, all deliberate:
//! - a line git accepts but that can never match (an unclosed `[`, an unknown `[:class:]`, a
//!   trailing lone `\`, an empty class, a pattern of more than 1024 tokens) is kept inert and
//!   reported in [`Ignore::warnings`]; git is silent.
//! - `dir/` queried as a string means the directory `dir` (`is_dir`), so `foo/**` does not match
//!   `foo/`; `git check-ignore foo/` matches the text `foo/` against `foo/**` and says ignored,
//!   while git's own directory walk (status, add) treats `foo` as not ignored.
//! - case-insensitive mode folds ASCII only (as git's `core.ignoreCase` does), but also inside
//!   classes, where git's folding is incomplete.
//!
//! Like git, `?` and `[...]` match one byte, so `?` does not match `é` but `??` does, `[é]` is
//! the class of é's two bytes, and ranges are byte ranges.
//!
//! Speed: lines are compiled once; a query walks the lines from the last one back and stops
//! at the first that matches (the last match wins), and each line first rejects on length and
//! on its literal tail (git's `EXC_FLAG_ENDSWITH` idea) before running wildmatch. Matching
//! is memoised, so no pattern is exponential. [`Ignore::batch`] also remembers directories.
//!
//! Bounds (so hostile input neither panics nor blows up): a line of more than 1024 tokens
//! (runs of `*` count once) is inert with a warning; [`MAX_LINES`] pattern lines and
//! [`MAX_INCLUDE_DEPTH`] nested includes at most (beyond: [`IgnoreError`]).

mod pattern;
mod source;
pub(crate) mod wildmatch;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use wildmatch::Glob;

pub use source::{MAX_INCLUDE_DEPTH, MAX_LINES};

/// The source name reported for the rule that makes the ignore file block itself.
pub const BUILT_IN: &str = "(built-in)";

/// Why an ignore file could not be compiled: an `!include` cycle, includes nested deeper than
/// [`MAX_INCLUDE_DEPTH`], or more than [`MAX_LINES`] pattern lines.
#[derive(Debug, Clone, PartialEq)]
pub struct IgnoreError {
    pub message: String,
}

impl std::fmt::Display for IgnoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for IgnoreError {}

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

/// The line that decided a path, whether it ignores (a pattern) or re-includes (a `!` line):
/// what `git check-ignore -v` prints.
#[derive(Debug, Clone, PartialEq)]
pub struct IgnoreDecision<'a> {
    pub rule: IgnoreMatch<'a>,
    /// False when the deciding line is a negation.
    pub ignored: bool,
}

/// Compiles ignore-file text into an [`Ignore`].
///
/// Defaults: file name `.clineignore`, case-sensitive, no includes.
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
    /// The ignore file's name (default `.clineignore`): the provenance of its lines, and the
    /// built-in rule that blocks it. A name without `/` blocks any path component so named
    /// (and everything under it); a name with `/` blocks that root-relative path. An empty name
    /// disables the built-in rule.
    pub fn file_name(mut self, name: &str) -> Self {
        self.file_name = name.to_string();
        self
    }
    /// Fold ASCII case when matching (default false).
    pub fn case_insensitive(mut self, yes: bool) -> Self {
        self.case_insensitive = yes;
        self
    }
    /// Texts for `!include NAME` lines, by NAME (default none). A line `!include ./x` also
    /// finds `x`. An include that is not here is skipped with a warning.
    pub fn includes(mut self, includes: HashMap<String, String>) -> Self {
        self.includes = includes;
        self
    }

    /// Compiles `text` (None = no ignore file: only the built-in self-block applies).
    ///
    /// Lines follow git: a UTF-8 BOM and `\r` before `\n` are dropped, `#` starts a comment,
    /// trailing spaces are trimmed unless escaped. A line `!include NAME` (leading whitespace
    /// allowed) is replaced by NAME's lines, recursively.
    pub fn build(&self, text: Option<&str>) -> Result<Ignore, IgnoreError> {
        let expanded = source::expand(&self.file_name, text.unwrap_or(""), &self.includes)?;
        let mut warnings = expanded.warnings;
        let mut rules = Vec::with_capacity(expanded.lines.len());
        for line in expanded.lines {
            let parsed = pattern::parse(&line.text, self.case_insensitive);
            if let Some(why) = parsed.inert {
                let name = expanded
                    .sources
                    .get(line.source as usize)
                    .map_or("", String::as_str);
                warnings.push(format!(
                    "{name}:{}: `{}` can never match: {why}",
                    line.number, line.text
                ));
            }
            rules.push(Rule {
                source: line.source,
                line: line.number,
                negated: parsed.negated,
                dir_only: parsed.dir_only,
                basename: parsed.basename,
                glob: parsed.glob,
                text: line.text.into_boxed_str(),
            });
        }
        let own_name = self
            .file_name
            .trim_start_matches("./")
            .trim_matches('/')
            .to_string();
        Ok(Ignore {
            has_positive: rules.iter().any(|r| !r.negated),
            sources: expanded.sources,
            rules,
            own_name,
            case_insensitive: self.case_insensitive,
            warnings,
        })
    }
}

#[derive(Debug, Clone)]
struct Rule {
    source: u32,
    line: u32,
    negated: bool,
    dir_only: bool,
    /// Matched against the last component instead of the whole path.
    basename: bool,
    /// None: the line can never match.
    glob: Option<Glob>,
    text: Box<str>,
}

/// A compiled ignore file. Immutable; cheap to query from any thread.
#[derive(Debug, Clone)]
pub struct Ignore {
    sources: Vec<String>,
    /// In file order; the last matching line wins.
    rules: Vec<Rule>,
    /// The ignore file's own name, normalised ("" = no built-in rule).
    own_name: String,
    case_insensitive: bool,
    has_positive: bool,
    warnings: Vec<String>,
}

/// What decided a path: the built-in rule, or a rule index.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Decider {
    BuiltIn,
    Rule(u32),
}

impl Ignore {
    /// The line that makes `relative` ignored, if any.
    ///
    /// `relative` is '/'-separated and relative to the root the ignore file lives in; a
    /// trailing `/` means a directory (as does `is_dir`), and a leading `/` or `./` is skipped.
    /// The root itself (`""`) is never ignored.
    pub fn matched(&self, relative: &str, is_dir: bool) -> Option<IgnoreMatch<'_>> {
        let (path, is_dir) = clean(relative, is_dir);
        if path.is_empty() {
            return None;
        }
        if self.blocks_itself(path) {
            return Some(self.describe(Decider::BuiltIn));
        }
        if !self.has_positive {
            return None;
        }
        for dir in parents(path) {
            if let Some(r) = self.last_rule(dir, true).filter(|&r| self.is_positive(r)) {
                return Some(self.describe(Decider::Rule(r)));
            }
        }
        let r = self
            .last_rule(path, is_dir)
            .filter(|&r| self.is_positive(r))?;
        Some(self.describe(Decider::Rule(r)))
    }

    pub fn is_ignored(&self, relative: &str, is_dir: bool) -> bool {
        self.matched(relative, is_dir).is_some()
    }

    /// The line that decides `relative`, including a `!` line that re-includes it — what
    /// `git check-ignore -v` reports. None when no line matches.
    pub fn explain(&self, relative: &str, is_dir: bool) -> Option<IgnoreDecision<'_>> {
        let (path, is_dir) = clean(relative, is_dir);
        if path.is_empty() {
            return None;
        }
        if self.blocks_itself(path) {
            return Some(IgnoreDecision {
                rule: self.describe(Decider::BuiltIn),
                ignored: true,
            });
        }
        for dir in parents(path) {
            if let Some(r) = self.last_rule(dir, true).filter(|&r| self.is_positive(r)) {
                return Some(IgnoreDecision {
                    rule: self.describe(Decider::Rule(r)),
                    ignored: true,
                });
            }
        }
        let r = self.last_rule(path, is_dir)?;
        Some(IgnoreDecision {
            rule: self.describe(Decider::Rule(r)),
            ignored: self.is_positive(r),
        })
    }

    /// A query session that remembers directory results, for checking many paths (a listing)
    /// that share parents.
    pub fn batch(&self) -> IgnoreBatch<'_> {
        IgnoreBatch {
            ignore: self,
            dirs: HashMap::default(),
        }
    }

    /// Non-fatal problems found while compiling: missing includes, lines that can never match.
    /// Each starts with `source:line:`.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Pattern lines compiled (includes expanded; the built-in rule not counted).
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// No pattern lines: only the built-in rule applies.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Whether matching folds case.
    pub fn case_insensitive(&self) -> bool {
        self.case_insensitive
    }

    /// The highest-numbered rule matching `path` (dir-only rules only when `is_dir`).
    fn last_rule(&self, path: &str, is_dir: bool) -> Option<u32> {
        let path = path.as_bytes();
        let base = match path.iter().rposition(|&b| b == b'/') {
            Some(k) => &path[k + 1..],
            None => path,
        };
        for (index, rule) in self.rules.iter().enumerate().rev() {
            if rule.dir_only && !is_dir {
                continue;
            }
            let Some(glob) = &rule.glob else { continue };
            if glob.is_match(if rule.basename { base } else { path }) {
                return Some(index as u32);
            }
        }
        None
    }

    fn is_positive(&self, rule: u32) -> bool {
        self.rules.get(rule as usize).is_some_and(|r| !r.negated)
    }

    /// The built-in rule: a component named like the ignore file (or, for a name with `/`,
    /// that path or anything under it).
    fn blocks_itself(&self, path: &str) -> bool {
        let name = self.own_name.as_str();
        if name.is_empty() {
            return false;
        }
        let eq = |a: &str, b: &str| {
            if self.case_insensitive {
                a.eq_ignore_ascii_case(b)
            } else {
                a == b
            }
        };
        if name.contains('/') {
            return path.get(..name.len()).is_some_and(|head| eq(head, name))
                && matches!(path.as_bytes().get(name.len()), None | Some(b'/'));
        }
        path.split('/').any(|component| eq(component, name))
    }

    fn describe(&self, decider: Decider) -> IgnoreMatch<'_> {
        match decider {
            Decider::BuiltIn => IgnoreMatch {
                source: BUILT_IN,
                line: 0,
                pattern: &self.own_name,
            },
            Decider::Rule(r) => match self.rules.get(r as usize) {
                Some(rule) => IgnoreMatch {
                    source: self
                        .sources
                        .get(rule.source as usize)
                        .map_or("", String::as_str),
                    line: rule.line as usize,
                    pattern: &rule.text,
                },
                None => IgnoreMatch {
                    source: "",
                    line: 0,
                    pattern: "",
                },
            },
        }
    }
}

/// Checks many paths against one [`Ignore`], remembering each directory's result so shared
/// parents are matched once. Obtained from [`Ignore::batch`].
#[derive(Debug)]
pub struct IgnoreBatch<'a> {
    ignore: &'a Ignore,
    /// Directory → the rule that excludes it (itself or an ancestor), if any.
    dirs: HashMap<Box<str>, Option<u32>, BuildHasherDefault<FxHasher>>,
}

impl<'a> IgnoreBatch<'a> {
    /// Same answer as [`Ignore::matched`].
    pub fn matched(&mut self, relative: &str, is_dir: bool) -> Option<IgnoreMatch<'a>> {
        let ignore = self.ignore;
        let (path, is_dir) = clean(relative, is_dir);
        if path.is_empty() {
            return None;
        }
        if ignore.blocks_itself(path) {
            return Some(ignore.describe(Decider::BuiltIn));
        }
        if !ignore.has_positive {
            return None;
        }
        let parent = path.rfind('/').map_or("", |k| &path[..k]);
        if let Some(r) = self.excluded_dir(parent) {
            return Some(ignore.describe(Decider::Rule(r)));
        }
        let r = ignore
            .last_rule(path, is_dir)
            .filter(|&r| ignore.is_positive(r))?;
        Some(ignore.describe(Decider::Rule(r)))
    }

    pub fn is_ignored(&mut self, relative: &str, is_dir: bool) -> bool {
        self.matched(relative, is_dir).is_some()
    }

    /// The rule excluding `dir` or one of its ancestors, memoised. Iterative: paths can be deep.
    fn excluded_dir(&mut self, dir: &str) -> Option<u32> {
        let mut pending = Vec::new();
        let mut current = dir;
        let mut inherited = None;
        while !current.is_empty() {
            if let Some(&known) = self.dirs.get(current) {
                inherited = known;
                break;
            }
            pending.push(current.len());
            current = current.rfind('/').map_or("", |k| &current[..k]);
        }
        for &end in pending.iter().rev() {
            let d = &dir[..end];
            if inherited.is_none() {
                inherited = self
                    .ignore
                    .last_rule(d, true)
                    .filter(|&r| self.ignore.is_positive(r));
            }
            self.dirs.insert(d.into(), inherited);
        }
        inherited
    }
}

/// The Fx hash (rustc's): directory names are short and not attacker-chosen for collisions
/// that matter (a batch lives for one call), so speed beats SipHash's DoS resistance here.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.write(&[b]);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Strips what the matcher does not compare: a leading `/` or `./`, and trailing `/`s (which
/// make the path a directory).
fn clean(relative: &str, is_dir: bool) -> (&str, bool) {
    let mut path = relative;
    loop {
        if let Some(rest) = path.strip_prefix("./") {
            path = rest;
        } else if let Some(rest) = path.strip_prefix('/') {
            path = rest;
        } else {
            break;
        }
    }
    let trimmed = path.trim_end_matches('/');
    (trimmed, is_dir || trimmed.len() != path.len())
}

/// The parent directories of `path`, shallowest first (`a`, `a/b` for `a/b/c`).
fn parents(path: &str) -> impl Iterator<Item = &str> {
    path.match_indices('/')
        .map(move |(k, _)| &path[..k])
        .filter(|d| !d.is_empty())
}
