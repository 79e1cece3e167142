//! Ignore files with git's exact semantics (gitignore syntax plus Cline's `!include NAME`),
//! compiled once into an immutable matcher.
//!
//! [`IgnoreBuilder`] reads the text, expands includes and compiles every line with git's own
//! matching algorithm (`wildmatch`, in `crate::glob`); [`Ignore`] answers "is this path
//! ignored, and by which line?" the way `git check-ignore` does:
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
//! - case-insensitive mode ([`IgnoreBuilder::case_insensitive`]) folds ASCII only (as git's
//!   `core.ignoreCase` does), but also inside classes, where git's folding is incomplete.
//!   [`IgnoreBuilder::names`] compares as a platform does instead: patterns and queried paths
//!   both go through the same [`Names::key`] (Unicode case folding, normalisation), and ASCII
//!   folds as above.
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

use pattern::Shape;

use crate::map::NameMap;

use crate::glob::{Flags, Glob};
use crate::platform::{Case, Names};
use crate::workspace::word_at;

pub use source::{MAX_INCLUDE_DEPTH, MAX_LINES};

/// The source name reported for the rule that makes the ignore file block itself.
pub const BUILT_IN: &str = "(built-in)";

/// One positive line, as [`Ignore::positive_patterns`] lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct IgnorePattern<'a> {
    pub by: IgnoreMatch<'a>,
    /// The pattern without its anchoring `/` and trailing `/`.
    pub pattern: &'a str,
    /// Matched against a name at any depth (no `/` inside).
    pub basename: bool,
    /// Matches directories only.
    pub dir_only: bool,
}

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
/// Defaults: file name `.clineignore`, names compared exactly, no includes.
#[derive(Debug, Clone)]
pub struct IgnoreBuilder {
    file_name: String,
    names: Names,
    includes: NameMap<String>,
}

impl Default for IgnoreBuilder {
    fn default() -> Self {
        IgnoreBuilder {
            file_name: ".clineignore".into(),
            names: Names::EXACT,
            includes: NameMap::new(),
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
    /// Fold ASCII case when matching, as git's `core.ignoreCase` (default false).
    pub fn case_insensitive(mut self, yes: bool) -> Self {
        self.names = if yes {
            Names {
                case: Case::Ascii,
                normalise: false,
            }
        } else {
            Names::EXACT
        };
        self
    }
    /// Compare names as a platform does (default [`Names::EXACT`]).
    pub fn names(mut self, names: Names) -> Self {
        self.names = names;
        self
    }
    /// Texts for `!include NAME` lines, by NAME (default none). A line `!include ./x` also
    /// finds `x`. An include that is not here is skipped with a warning.
    pub fn includes(mut self, includes: NameMap<String>) -> Self {
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
        let fold = self.names.folds_case();
        for line in expanded.lines {
            let parsed = pattern::parse(&self.names.key(&line.text), fold);
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
                shape: parsed.shape,
                text: line.text.into_boxed_str(),
            });
        }
        let own_name = self
            .names
            .key(crate::shell::strip_all(&self.file_name, "./").trim_matches('/'))
            .into_owned();
        let hot = rules.iter().map(|r| Hot::new(r, fold)).collect();
        // A line repeated later can never be the last match: only its last copy is tried
        // (a file of 2,000 identical lines costs one). By text, equal texts latest first:
        // each but the first of a run is shadowed.
        let texts: Vec<&str> = rules.iter().map(|r| &*r.text).collect();
        let mut shadowed = vec![false; rules.len()];
        let by_text = crate::map::by_name(&texts);
        for pair in by_text.windows(2) {
            if texts[pair[0]] == texts[pair[1]] {
                shadowed[pair[1]] = true;
            }
        }
        let mut by_last = vec![Vec::new(); 256];
        let mut no_tail = Vec::new();
        let mut anywhere = vec![Vec::new(); 257];
        let mut by_dir = Vec::new();
        for (index, rule) in rules.iter().enumerate() {
            if shadowed[index] {
                continue;
            }
            let last = match rule.glob.as_ref().map(|g| g.tail().last()) {
                None => continue,
                Some(Some(&b)) => {
                    by_last[b as usize].push(index as u32);
                    usize::from(b)
                }
                Some(None) => {
                    no_tail.push(index as u32);
                    256
                }
            };
            match rule.shape {
                Shape::Whole => anywhere[last].push(index as u32),
                Shape::Under { dir: None, .. } => anywhere[last].push(index as u32 | NAME),
                _ => by_dir.push(index as u32),
            }
        }
        Ok(Ignore {
            hot,
            by_last: by_last.into_iter().map(Vec::into_boxed_slice).collect(),
            no_tail: no_tail.into(),
            anywhere: anywhere.into_iter().map(Vec::into_boxed_slice).collect(),
            by_dir: by_dir.into(),
            has_positive: rules.iter().any(|r| !r.negated),
            sources: expanded.sources,
            rules,
            own_name_is_component: !own_name.contains('/'),
            own_name,
            names: self.names,
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
    shape: Shape,
    text: Box<str>,
}

/// A rule's cheap rejection data, kept apart from the rule so the scan stays in cache.
#[derive(Debug, Clone)]
struct Hot {
    dir_only: bool,
    basename: bool,
    /// The glob's literal head byte (folded).
    head: Option<u8>,
    min_len: u32,
    /// The last (up to) 8 bytes of the glob's literal tail, as [`last_word`] reads a path.
    tail_word: u64,
    tail_mask: u64,
}

impl Hot {
    fn new(rule: &Rule, fold: bool) -> Hot {
        let (head, min_len, tail) = match &rule.glob {
            Some(g) => (g.head(), g.min_len(), g.tail()),
            // Never matches; it is in no candidate list anyway.
            None => (None, usize::MAX, &[][..]),
        };
        let tail = &tail[tail.len().saturating_sub(8)..];
        Hot {
            dir_only: rule.dir_only,
            basename: rule.basename,
            head,
            min_len: u32::try_from(min_len).unwrap_or(u32::MAX),
            tail_word: last_word(tail, fold),
            tail_mask: if tail.is_empty() {
                0
            } else {
                u64::MAX << (8 * (8 - tail.len()))
            },
        }
    }
}

/// The last (up to) 8 bytes of `text`, in the high bytes of a little-endian word (folded).
#[inline]
fn last_word(text: &[u8], fold: bool) -> u64 {
    let mut b = [0u8; 8];
    let k = text.len().min(8);
    b[8 - k..].copy_from_slice(&text[text.len() - k..]);
    let word = u64::from_le_bytes(b);
    if !fold {
        return word;
    }
    // SWAR ASCII lower-casing: set 0x20 in each byte that is 'A'..='Z'.
    let low7 = word & 0x7f7f_7f7f_7f7f_7f7f;
    let ge_a = low7.wrapping_add(0x3f3f_3f3f_3f3f_3f3f);
    let gt_z = low7.wrapping_add(0x2525_2525_2525_2525);
    let upper = ge_a & !gt_z & !word & 0x8080_8080_8080_8080;
    word | (upper >> 2)
}

/// A compiled ignore file. Immutable; cheap to query from any thread.
#[derive(Debug, Clone)]
pub struct Ignore {
    sources: Vec<String>,
    /// In file order; the last matching line wins.
    rules: Vec<Rule>,
    /// Per rule, what rejects most paths without touching the glob.
    hot: Box<[Hot]>,
    /// Rules whose glob ends in a literal, by its last byte (folded), ascending: a path is only
    /// tried against the rules for its own last byte plus [`Ignore::no_tail`].
    by_last: Box<[Box<[u32]>]>,
    /// Rules whose glob ends in a wildcard, ascending.
    no_tail: Box<[u32]>,
    /// The rules [`IgnoreBatch`] tries on a name in any directory (basename lines, `**/name`
    /// lines and lines it cannot split), ascending, by their last byte as [`Ignore::by_last`]
    /// (and at 256 those ending in a wildcard); the other rules are tried in a directory only
    /// when their directory part matches it ([`Shape`]).
    anywhere: Box<[Box<[u32]>]>,
    /// Rules with a directory part ([`Shape::Dir`], [`Shape::Under`], [`Shape::All`]), ascending.
    by_dir: Box<[u32]>,
    /// The ignore file's own name, normalised ("" = no built-in rule).
    own_name: String,
    /// `own_name` has no `/`: it blocks any component so named (else that one path).
    own_name_is_component: bool,
    /// How queried paths (and the patterns, when compiled) are keyed.
    names: Names,
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
        let relative = self.names.key(relative);
        let (path, is_dir) = clean(&relative, is_dir);
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

    /// Whether `relative`, whose kind is unknown, is ignored as a file or as a directory:
    /// `is_ignored(relative, false) || is_ignored(relative, true)`, walking the parents once.
    pub fn is_ignored_as_file_or_dir(&self, relative: &str) -> bool {
        self.ignored_as(relative).is_some()
    }

    /// [`Ignore::is_ignored_as_file_or_dir`], saying how: `Some(false)` when
    /// `is_ignored(relative, false)`, `Some(true)` when only `is_ignored(relative, true)`
    /// (so a caller describing the block resolves the one form that is blocked).
    pub fn ignored_as(&self, relative: &str) -> Option<bool> {
        let relative = self.names.key(relative);
        let (path, is_dir) = clean(&relative, false);
        if path.is_empty() {
            return None;
        }
        if self.blocks_itself(path) {
            return Some(is_dir);
        }
        if !self.has_positive {
            return None;
        }
        if parents(path).any(|dir| {
            self.last_rule(dir, true)
                .is_some_and(|r| self.is_positive(r))
        }) {
            return Some(is_dir);
        }
        let file_ignored = || {
            self.last_rule(path, false)
                .is_some_and(|r| self.is_positive(r))
        };
        // The line deciding the directory decides the file too, unless it is directory-only.
        let dir_only = |r: u32| self.rules.get(r as usize).is_some_and(|r| r.dir_only);
        match self.last_rule(path, true) {
            None => None,
            Some(r) if self.is_positive(r) => Some(is_dir || (dir_only(r) && !file_ignored())),
            Some(r) if is_dir || !dir_only(r) => None,
            Some(_) => file_ignored().then_some(is_dir),
        }
    }

    /// The line that decides `relative`, including a `!` line that re-includes it — what
    /// `git check-ignore -v` reports. None when no line matches.
    pub fn explain(&self, relative: &str, is_dir: bool) -> Option<IgnoreDecision<'_>> {
        let relative = self.names.key(relative);
        let (path, is_dir) = clean(&relative, is_dir);
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
            prev: String::new(),
            chain: Vec::new(),
            live: Vec::new(),
            under: Vec::new(),
            excluded: None,
        }
    }

    /// The line that may make some path a shell glob (`cat .en*`, `head priv*/key`) expands to
    /// ignored. The files are not known here, so each positive rule is turned into a sample
    /// name (`.env`; `*.secret` → `.secret`), put where the glob's last component is, and
    /// tried against the glob; the glob's own literal reading (`.en*` → `.en`) is tried too.
    /// Errs on the side of blocking: a sample the glob matches and the rules ignore is enough.
    pub fn glob_may_match(&self, glob: &str) -> Option<IgnoreMatch<'_>> {
        let glob = self.names.key(glob);
        let (glob, is_dir) = clean(&glob, false);
        let compiled = Glob::new(
            glob.as_bytes(),
            Flags {
                pathname: true,
                fold: self.names.folds_case(),
                start: 0,
            },
        )
        .ok()?;
        let literal = sample(glob);
        if let Some(m) = self.matched(&literal, is_dir) {
            return Some(m);
        }
        let parts: Vec<String> = glob.split('/').map(sample).collect();
        if let Some(m) = self.glob_may_name_itself(&compiled, &parts) {
            return Some(m);
        }
        for rule in self.rules.iter().filter(|r| !r.negated) {
            let text = self.names.key(&rule.text);
            let name = sample(text.trim_start_matches('/').trim_end_matches('/'));
            if name.is_empty() {
                continue;
            }
            // A basename rule may name any component; an anchored one the leading ones.
            let depth = name.split('/').count();
            let candidates: Vec<String> = if rule.basename {
                (0..parts.len())
                    .map(|i| {
                        let mut c = parts.clone();
                        if let Some(slot) = c.get_mut(i) {
                            slot.clone_from(&name);
                        }
                        c.join("/")
                    })
                    .collect()
            } else {
                let rest = parts.get(depth..).unwrap_or_default();
                vec![std::iter::once(name.clone())
                    .chain(rest.iter().cloned())
                    .collect::<Vec<_>>()
                    .join("/")]
            };
            for candidate in candidates {
                if compiled.is_match(candidate.as_bytes()) {
                    let is_dir = candidate.split('/').count() == depth && rule.dir_only;
                    if let Some(m) = self.matched(&candidate, is_dir) {
                        return Some(m);
                    }
                }
            }
        }
        None
    }

    /// The lines that can ignore something, for judging what names a glob may stand for
    /// (see `crate::glob_overlap`): the ignore file's own name first, then every positive line.
    pub fn positive_patterns(&self) -> Vec<IgnorePattern<'_>> {
        let mut out = Vec::with_capacity(self.rules.len() + 1);
        if !self.own_name.is_empty() {
            out.push(IgnorePattern {
                by: self.describe(Decider::BuiltIn),
                pattern: &self.own_name,
                basename: self.own_name_is_component,
                dir_only: false,
            });
        }
        for (i, rule) in self.rules.iter().enumerate() {
            if rule.negated || rule.glob.is_none() {
                continue;
            }
            let text = rule.text.trim_end_matches('/');
            out.push(IgnorePattern {
                by: self.describe(Decider::Rule(i as u32)),
                pattern: text.strip_prefix('/').unwrap_or(text),
                basename: rule.basename,
                dir_only: rule.dir_only,
            });
        }
        out
    }

    /// The built-in rule for [`Ignore::glob_may_match`]: the ignore file blocks itself
    /// wherever a glob could name it (`rm .cline*`, `: > .clinei*`), as any component when
    /// its name has no `/`.
    fn glob_may_name_itself(&self, compiled: &Glob, parts: &[String]) -> Option<IgnoreMatch<'_>> {
        let name = self.own_name.as_str();
        if name.is_empty() {
            return None;
        }
        let candidates: Vec<String> = if self.own_name_is_component {
            (0..parts.len())
                .map(|i| {
                    let mut c = parts.to_vec();
                    if let Some(slot) = c.get_mut(i) {
                        *slot = name.to_string();
                    }
                    c.join("/")
                })
                .collect()
        } else {
            vec![name.to_string()]
        };
        candidates
            .iter()
            .filter(|c| compiled.is_match(c.as_bytes()))
            .find_map(|c| self.matched(c, false))
    }

    /// Non-fatal problems found while compiling: missing includes, lines that can never match.
    /// Each starts with `source:line:`.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The files pulled in by `!include` (at any depth), as named there.
    pub fn included(&self) -> &[String] {
        self.sources.get(1..).unwrap_or(&[])
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
        self.names.folds_case()
    }

    /// The highest-numbered rule matching `path` (dir-only rules only when `is_dir`).
    fn last_rule(&self, path: &str, is_dir: bool) -> Option<u32> {
        let &last = path.as_bytes().last()?;
        let key = fold_byte(last, self.names.folds_case());
        self.first_match(&self.by_last[key as usize], &self.no_tail, path, is_dir)
    }

    /// The highest line of two ascending candidate lists (their entries may carry [`ALL`] and
    /// [`NAME`]) that matches `path`.
    fn first_match(&self, mut a: &[u32], mut b: &[u32], path: &str, is_dir: bool) -> Option<u32> {
        let path = path.as_bytes();
        let fold = self.names.folds_case();
        let word = last_word(path, fold);
        let name = match path.iter().rposition(|&b| b == b'/') {
            Some(k) => &path[k + 1..],
            None => path,
        };
        // Walk both lists from the highest line down (a merge of two sorted lists).
        loop {
            let entry = match (a.last(), b.last()) {
                (Some(&x), Some(&y)) if x & INDEX > y & INDEX => {
                    a = &a[..a.len() - 1];
                    x
                }
                (_, Some(&y)) => {
                    b = &b[..b.len() - 1];
                    y
                }
                (Some(&x), None) => {
                    a = &a[..a.len() - 1];
                    x
                }
                (None, None) => return None,
            };
            let index = entry & INDEX;
            let hot = &self.hot[index as usize];
            if hot.dir_only && !is_dir {
                continue;
            }
            if entry & ALL != 0 {
                return Some(index);
            }
            if path.len() < hot.min_len as usize || word & hot.tail_mask != hot.tail_word {
                continue;
            }
            let rule = &self.rules[index as usize];
            let hit = match &rule.shape {
                Shape::Dir { name: glob, .. } | Shape::Under { name: glob, .. }
                    if entry & NAME != 0 =>
                {
                    glob.is_match(name)
                }
                _ => {
                    let text = if hot.basename { name } else { path };
                    let first = text.first().map(|&b| fold_byte(b, fold));
                    hot.head.map_or(true, |h| first == Some(h))
                        && rule.glob.as_ref().is_some_and(|g| g.is_match(text))
                }
            };
            if hit {
                return Some(index);
            }
        }
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
        if !self.own_name_is_component {
            return path
                .get(..name.len())
                .is_some_and(|head| self.name_eq(head, name))
                && matches!(path.as_bytes().get(name.len()), None | Some(b'/'));
        }
        // One pass; only a component of the name's length is compared.
        let bytes = path.as_bytes();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'/' {
                if i - start == name.len() && self.name_eq(&path[start..i], name) {
                    return true;
                }
                start = i + 1;
            }
        }
        bytes.len() - start == name.len() && self.name_eq(&path[start..], name)
    }

    /// A path component named like the ignore file (a name without '/').
    #[inline]
    fn is_own_name(&self, component: &str) -> bool {
        let name = self.own_name.as_str();
        !name.is_empty() && component.len() == name.len() && self.name_eq(component, name)
    }

    fn name_eq(&self, a: &str, b: &str) -> bool {
        if self.names.folds_case() {
            a.eq_ignore_ascii_case(b)
        } else {
            a == b
        }
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

/// Checks many paths against one [`Ignore`], judging each directory once: a listing from
/// `git ls-files` or a directory walk comes grouped by directory, so the directories of the
/// previous path are remembered (in any order, a batch costs no more than single queries).
/// For each directory it keeps whether it is excluded (then everything under it is, without
/// matching its files: git never looks inside an excluded directory) and, when it is not, the
/// lines whose directory part matches it ([`Shape`]): a name in it is tried against those and
/// the lines that can match anywhere, not against every line. Obtained from [`Ignore::batch`].
#[derive(Debug)]
pub struct IgnoreBatch<'a> {
    ignore: &'a Ignore,
    /// The previous path's directory.
    prev: String,
    /// Each directory of `prev`, shallowest first.
    chain: Vec<Level>,
    /// The lines live in each level, level after level ([`Level::live`] ends each level's run),
    /// with [`NAME`] or [`ALL`].
    live: Vec<u32>,
    /// The `H/**/T` and `H/**` lines whose `H` matches each level or a parent, level after level.
    under: Vec<u32>,
    /// Where the shallowest level of `chain` that is excluded (by a rule or the built-in one)
    /// ends in `prev`: every path under it is ignored.
    excluded: Option<usize>,
}

/// A candidate entry's line index ([`MAX_LINES`] fits below the flags).
const INDEX: u32 = (1 << 30) - 1;
/// The entry's directory part is known to match: only its name part is tried on the name.
const NAME: u32 = 1 << 30;
/// An `H/**` line whose `H` matches the directory: it matches every name in it.
const ALL: u32 = 1 << 31;

impl<'a> IgnoreBatch<'a> {
    /// Same answer as [`Ignore::matched`].
    pub fn matched(&mut self, relative: &str, is_dir: bool) -> Option<IgnoreMatch<'a>> {
        let relative = self.ignore.names.key(relative);
        let (path, is_dir) = clean(&relative, is_dir);
        self.judge(path, is_dir)
    }

    /// Same answer as [`Ignore::is_ignored`]. A path under a directory of the previous path's
    /// that is excluded is answered by comparing that directory's bytes alone (a sorted
    /// listing's `node_modules/x/…`).
    pub fn is_ignored(&mut self, relative: &str, is_dir: bool) -> bool {
        let relative = self.ignore.names.key(relative);
        let (path, is_dir) = clean(&relative, is_dir);
        self.excluded.is_some_and(|end| {
            path.as_bytes().get(end) == Some(&b'/')
                && path.as_bytes()[..end] == self.prev.as_bytes()[..end]
        }) || self.judge(path, is_dir).is_some()
    }

    /// When `relative` (a path just given to [`IgnoreBatch::is_ignored`], needing no cleaning)
    /// is under a directory the batch knows to be excluded, and keying leaves it as it is: the
    /// length of that directory's text, after which `relative` has a `/`. Everything under it
    /// is ignored.
    pub fn excluded_end(&self, relative: &str) -> Option<usize> {
        let end = self.excluded?;
        let bytes = relative.as_bytes();
        (bytes.get(end) == Some(&b'/')
            && bytes[..end] == self.prev.as_bytes()[..end]
            && matches!(
                self.ignore.names.key(relative),
                std::borrow::Cow::Borrowed(_)
            ))
        .then_some(end)
    }

    /// [`IgnoreBatch::matched`] of a keyed, cleaned path.
    fn judge(&mut self, path: &str, is_dir: bool) -> Option<IgnoreMatch<'a>> {
        let ignore = self.ignore;
        if path.is_empty() {
            return None;
        }
        let split = path.rfind('/');
        let (parent, name) = match split {
            Some(k) => (&path[..k], &path[k + 1..]),
            None => ("", path),
        };
        // The built-in rule first, as `Ignore::matched` does: a name with '/' is a cheap
        // prefix test; a plain name is one component test per directory, remembered.
        let by_component = ignore.own_name_is_component;
        if !by_component && ignore.blocks_itself(path) {
            return Some(ignore.describe(Decider::BuiltIn));
        }
        let (builtin, rule) = self.dir(parent, by_component);
        if builtin || (by_component && ignore.is_own_name(name)) {
            return Some(ignore.describe(Decider::BuiltIn));
        }
        if let Some(r) = rule {
            return Some(ignore.describe(Decider::Rule(r)));
        }
        if !ignore.has_positive {
            return None;
        }
        let r = self
            .in_dir(self.chain.len(), path, is_dir)
            .filter(|&r| ignore.is_positive(r))?;
        Some(ignore.describe(Decider::Rule(r)))
    }

    /// The lines live in the directory `chain[depth - 1]` (`depth` 0: the root, where only
    /// the lines that match anywhere are).
    fn live_at(&self, depth: usize) -> &[u32] {
        let end = |d: usize| d.checked_sub(1).map_or(0, |i| self.chain[i].live as usize);
        &self.live[end(depth - usize::from(depth > 0))..end(depth)]
    }

    /// The highest line matching `path`, a name in the directory at `depth` (see
    /// [`IgnoreBatch::live_at`]): [`Ignore::last_rule`] restricted to the lines that can match
    /// there.
    fn in_dir(&self, depth: usize, path: &str, is_dir: bool) -> Option<u32> {
        let ignore = self.ignore;
        let key = path.as_bytes().last().map_or(256, |&b| {
            usize::from(fold_byte(b, ignore.names.folds_case()))
        });
        let live = self.live_at(depth);
        let by_tail = ignore.first_match(&ignore.anywhere[key], live, path, is_dir);
        match &*ignore.anywhere[256] {
            [] => by_tail,
            no_tail => by_tail.max(ignore.first_match(no_tail, &[], path, is_dir)),
        }
    }

    /// For `dir` (the same directories, in the same order, as [`Ignore::matched`] checks for a
    /// path under it): whether a component is the ignore file's name, and the rule that
    /// excludes it or an ancestor. Reuses the previous path's results for shared directories.
    fn dir(&mut self, dir: &str, by_component: bool) -> (bool, Option<u32>) {
        let ignore = self.ignore;
        let bytes = dir.as_bytes();
        let common = common_prefix(bytes, self.prev.as_bytes());
        if common == bytes.len() && common == self.prev.len() {
            // The previous path's directory: its chain stands as it is.
            return self
                .chain
                .last()
                .map_or((false, None), |l| (l.builtin, l.rule));
        }
        let keep = self
            .chain
            .iter()
            .take_while(|l| l.end <= common && matches!(bytes.get(l.end), None | Some(b'/')))
            .count();
        self.chain.truncate(keep);
        let (live, under) = self
            .chain
            .last()
            .map_or((0, 0), |l| (l.live as usize, l.under as usize));
        self.live.truncate(live);
        self.under.truncate(under);
        let (mut builtin, mut rule, start) = match self.chain.last() {
            Some(l) => (l.builtin, l.rule, l.end + 1),
            None => (false, None, 0),
        };
        if start <= dir.len() {
            let slashes = dir[start..].match_indices('/').map(|(k, _)| start + k);
            for end in slashes.chain([dir.len()]).filter(|&end| end > 0) {
                if self.chain.last().is_some_and(|l| l.end == end) {
                    continue;
                }
                let d = &dir[..end];
                if by_component && !builtin {
                    let component = d.rfind('/').map_or(d, |k| &d[k + 1..]);
                    builtin = ignore.is_own_name(component);
                }
                if rule.is_none() && ignore.has_positive {
                    rule = self
                        .in_dir(self.chain.len(), d, true)
                        .filter(|&r| ignore.is_positive(r));
                    if rule.is_none() {
                        self.enter(d);
                    }
                }
                self.chain.push(Level {
                    end,
                    builtin,
                    rule,
                    live: self.live.len() as u32,
                    under: self.under.len() as u32,
                });
            }
        }
        self.prev.clear();
        self.prev.push_str(dir);
        self.excluded = self
            .chain
            .iter()
            .find(|l| l.builtin || l.rule.is_some())
            .map(|l| l.end);
        (builtin, rule)
    }

    /// Appends the lines live in `d` (a directory under the chain's last level) to `live`, and
    /// its `under` run.
    fn enter(&mut self, d: &str) {
        let ignore = self.ignore;
        let (from, to) = match self.chain.len() {
            0 => (0, 0),
            n => (
                n.checked_sub(2).map_or(0, |i| self.chain[i].under as usize),
                self.chain[n - 1].under as usize,
            ),
        };
        let mut inherited = from;
        for &r in ignore.by_dir.iter() {
            let (dir, all) = match &ignore.rules[r as usize].shape {
                Shape::Dir { dir, .. } => {
                    if dir.is_match(d.as_bytes()) {
                        self.live.push(r | NAME);
                    }
                    continue;
                }
                Shape::Under { dir: Some(dir), .. } => (dir, false),
                Shape::All { dir } => (dir, true),
                _ => continue,
            };
            // The parent's run is ascending, as `by_dir` is.
            while inherited < to && self.under[inherited] < r {
                inherited += 1;
            }
            if (inherited < to && self.under[inherited] == r) || dir.is_match(d.as_bytes()) {
                self.under.push(r);
                self.live.push(r | if all { ALL } else { NAME });
            }
        }
    }
}

#[inline]
fn fold_byte(b: u8, fold: bool) -> u8 {
    if fold {
        b.to_ascii_lowercase()
    } else {
        b
    }
}

/// One directory of [`IgnoreBatch::prev`].
#[derive(Debug, Clone, Copy)]
struct Level {
    /// Where it ends in `prev`.
    end: usize,
    /// It or an ancestor is named like the ignore file.
    builtin: bool,
    /// The rule that excludes it or an ancestor.
    rule: Option<u32>,
    /// Where its run ends in [`IgnoreBatch::live`] (empty when it is excluded).
    live: u32,
    /// Where its run ends in [`IgnoreBatch::under`].
    under: u32,
}

/// The length of the longest common prefix of `a` and `b`, a word at a time.
pub(crate) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut k = 0;
    while k < n {
        let ((x, _), (y, _)) = (word_at(a, k), word_at(b, k));
        if x != y {
            return k + (x ^ y).trailing_zeros() as usize / 8;
        }
        k += 8;
    }
    n
}

/// Strips what the matcher does not compare: a leading `/` or `./`, and trailing `/`s (which
/// make the path a directory).
fn clean(relative: &str, is_dir: bool) -> (&str, bool) {
    let mut rest = relative.as_bytes();
    while let [b'.', b'/', tail @ ..] | [b'/', tail @ ..] = rest {
        rest = tail;
    }
    let start = relative.len() - rest.len();
    let mut end = relative.len();
    while end > start && relative.as_bytes()[end - 1] == b'/' {
        end -= 1;
    }
    (
        relative.get(start..end).unwrap_or_default(),
        is_dir || end != relative.len(),
    )
}

/// The parent directories of `path`, shallowest first (`a`, `a/b` for `a/b/c`).
fn parents(path: &str) -> impl Iterator<Item = &str> {
    path.bytes()
        .enumerate()
        .filter(|&(k, b)| b == b'/' && k > 0)
        .map(move |(k, _)| path.get(..k).unwrap_or_default())
}

/// One concrete text a glob matches: `*`/`**` read as nothing, `?` as `x`, a class as its
/// first member, escapes dropped (`priv*/.e[n]v?` → `priv/.envx`).
fn sample(glob: &str) -> String {
    let mut out = String::with_capacity(glob.len());
    let mut chars = glob.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' => {}
            '?' => out.push('x'),
            '\\' => out.extend(chars.next()),
            '[' => {
                let mut first = None;
                let mut negated = false;
                if matches!(chars.peek(), Some('!' | '^')) {
                    negated = true;
                    chars.next();
                }
                for (i, m) in chars.by_ref().enumerate() {
                    if m == ']' && i > 0 {
                        break;
                    }
                    first.get_or_insert(m);
                }
                // A negated class matches almost anything but its members.
                out.push(if negated { '_' } else { first.unwrap_or('x') });
            }
            c => out.push(c),
        }
    }
    // `**/` read as nothing can leave `//` or a leading `/`.
    while out.contains("//") {
        out = out.replace("//", "/");
    }
    out.trim_start_matches('/').to_string()
}
