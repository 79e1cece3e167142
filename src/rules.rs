//! Command rules `tool(pattern)` in allow / ask / deny lists, compiled once.
//!
//! * A bare `tool` matches every call of that tool.
//! * For a tool whose call has a command (the engine passes `Some(&Analysis)`), the pattern
//!   matches each sub-command's text: its words joined by single spaces. `*` matches any text
//!   (spaces included) and `?` one character (Cline's pattern language); a trailing ` *` (or
//!   the legacy `:*`) keeps a word boundary, so
//!   `git log *` matches `git log` and `git log --oneline` but never `git logout`. The match is
//!   anchored at both ends; allow rules are case-sensitive, deny and ask rules ignore ASCII
//!   case (`GIT push` runs git on a case-insensitive system; folding only ever asks more).
//!   - deny and ask: a rule matching ANY sub-command, tried as written with its launchers
//!     (`sudo rm -rf x`), unwrapped (`rm -rf x`), with a path-named command reduced to its
//!     name (`/bin/rm -rf x` → `rm -rf x`) and, for git, without its global options
//!     (`git -C dir push -f` → `git push -f`) and with a `git-` program as its sub-command
//!     (`/usr/lib/git-core/git-push` → `git push`);
//!   - allow: EVERY sub-command (commands with words) must be matched by an allow rule as
//!     written, launchers included (`sudo git log` is not `git log`; `bash -c 'git log'` is
//!     `bash -c git log`), then the command must be plain with no problem; otherwise the
//!     answer is Ask with [`RuleMatch::downgraded`] saying why. An option that writes or runs
//!     (`sort -o`, `rg --pre`, `man -P`, `git -c`, `find -exec`: the program table's, see
//!     [`crate::shell::programs::Opt`]) makes the command not plain, so `sort *` never
//!     covers `sort -o ~/.bashrc`. A command that cannot be
//!     analysed is never allowed. An ask rule wins over allow rules.
//! * For a tool without a command, the pattern is a gitignore-style glob matched against
//!   each path the call touches (already normalised: workspace-relative or absolute): no `/`
//!   → any depth (`*.pem`, `.env`); with a `/` → anchored (`secrets/**`, `/etc/**`); a match
//!   on a directory covers what is under it. Deny/ask: any path; allow: every path (and at
//!   least one). The glob syntax is the ignore file's (git's `wildmatch`: `*`, `?`, `[...]`,
//!   `**`, `\` escapes; no `{a,b}`). A pattern that is not a valid glob matches no path.
//!
//! A malformed rule (empty, empty tool name, a tool name with characters other than ASCII
//! letters, digits, `_`, `-`, `.`, `:`, unbalanced parentheses, text after the closing
//! parenthesis, an empty pattern `tool()`) is a [`RuleError`] naming it.

use crate::glob::{Flags, Glob};
use crate::shell::{programs, Analysis, SimpleCommand};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    Allow,
    Ask,
    Deny,
}

/// A malformed rule: thrown at construction, naming the rule.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleError {
    pub rule: String,
    pub message: String,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid rule `{}`: {}", self.rule, self.message)
    }
}

impl std::error::Error for RuleError {}

#[derive(Debug, Clone)]
struct CommandPattern {
    /// The pattern without its trailing ` *`, spaces collapsed.
    base: String,
    /// `base` + ` *` when the pattern ended in ` *` (word boundary).
    tail: Option<String>,
    /// How many bytes of `base` come before its first `*` or `?`: every match starts with them, so
    /// most rules reject a sub-command on its first word without running the wildcard.
    lead: usize,
    /// The first of them, if any.
    first: Option<u8>,
}

impl CommandPattern {
    /// `fold`: the pattern is lowered, to meet texts lowered the same way.
    fn new(pattern: &str, fold: bool) -> CommandPattern {
        let mut collapsed = pattern.split_whitespace().collect::<Vec<_>>().join(" ");
        if fold {
            collapsed.make_ascii_lowercase();
        }
        let stripped = collapsed
            .strip_suffix(" *")
            .or_else(|| collapsed.strip_suffix(":*"));
        let (base, tail) = match stripped {
            Some(base) if !base.is_empty() => (base.to_string(), Some(format!("{base} *"))),
            _ => (collapsed, None),
        };
        let lead = base.find(['*', '?']).unwrap_or(base.len());
        CommandPattern {
            first: base.as_bytes().get(..lead).and_then(|l| l.first().copied()),
            lead,
            base,
            tail,
        }
    }

    fn matches(&self, text: &str) -> bool {
        if !text
            .as_bytes()
            .starts_with(&self.base.as_bytes()[..self.lead])
        {
            return false;
        }
        wildcard(self.base.as_bytes(), text.as_bytes())
            || self
                .tail
                .as_ref()
                .is_some_and(|t| wildcard(t.as_bytes(), text.as_bytes()))
    }
}

/// `*` / `?` wildcard match, anchored; linear backtracking to the last star.
fn wildcard(p: &[u8], t: &[u8]) -> bool {
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        match (p.get(pi), t.get(ti)) {
            (Some(b'*'), _) => {
                star = Some((pi, ti));
                pi += 1;
            }
            (Some(b'?'), Some(_)) => {
                // one character: its UTF-8 continuation bytes go with it
                pi += 1;
                ti += 1;
                while t.get(ti).is_some_and(|b| b & 0xC0 == 0x80) {
                    ti += 1;
                }
            }
            (Some(a), Some(b)) if a == b => {
                pi += 1;
                ti += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    pi = sp + 1;
                    ti = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    p.get(pi..)
        .is_some_and(|rest| rest.iter().all(|&b| b == b'*'))
}

#[derive(Debug, Clone)]
struct Rule {
    kind: RuleKind,
    text: String,
    tool: String,
    /// `None` for a bare `tool`.
    command: Option<CommandPattern>,
    /// `None` for a bare rule, or when the pattern is not a valid glob (matches no path).
    path: Option<PathPattern>,
}

impl Rule {
    fn parse(kind: RuleKind, text: &str, fold_paths: bool) -> Result<Rule, RuleError> {
        let err = |message: &str| RuleError {
            rule: text.to_string(),
            message: message.to_string(),
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(err("empty rule"));
        }
        let (tool, pattern) = match trimmed.find('(') {
            None => (trimmed, None),
            Some(open) => {
                let inner = trimmed.get(open + 1..).unwrap_or("");
                let Some(inner) = inner.strip_suffix(')') else {
                    return Err(err(if trimmed.contains(')') {
                        "text after the closing parenthesis"
                    } else {
                        "unbalanced parentheses: missing `)`"
                    }));
                };
                let mut depth = 0i32;
                for c in inner.chars() {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    if depth < 0 {
                        return Err(err("unbalanced parentheses"));
                    }
                }
                if depth != 0 {
                    return Err(err("unbalanced parentheses"));
                }
                if inner.trim().is_empty() {
                    return Err(err(
                        "empty pattern: write the bare tool name to match every call",
                    ));
                }
                (trimmed.get(..open).unwrap_or(""), Some(inner.trim()))
            }
        };
        let tool = tool.trim();
        if tool.is_empty() {
            return Err(err("empty tool name"));
        }
        if let Some(bad) = tool
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')))
        {
            return Err(err(&match bad {
                ')' => "unbalanced parentheses".to_string(),
                c => format!(
                    "invalid character {} in tool name",
                    crate::shell::QuotedChar(c)
                ),
            }));
        }
        Ok(Rule {
            kind,
            text: text.to_string(),
            tool: tool.to_string(),
            // deny and ask rules ignore case: folding only ever denies or asks more
            command: pattern.map(|p| CommandPattern::new(p, kind != RuleKind::Allow)),
            path: pattern.and_then(|p| PathPattern::new(p, fold_paths)),
        })
    }

    fn bare(&self) -> bool {
        self.command.is_none()
    }

    fn matches_text(&self, text: &str) -> bool {
        self.command.as_ref().map_or(true, |p| p.matches(text))
    }

    fn matches_path(&self, path: &str) -> bool {
        self.bare() || self.path.as_ref().is_some_and(|p| p.matches(path))
    }
}

/// A sub-command's words as written: its launchers' words, then its own.
fn written_words(c: &SimpleCommand) -> impl Iterator<Item = &str> + Clone {
    c.wrappers
        .iter()
        .flat_map(|w| &w.words)
        .chain(c.own_words())
        .map(String::as_str)
}

/// Every form of a sub-command a deny or ask rule is tried on: as written (launchers
/// included), unwrapped, with a path-named command reduced to its name, for git without
/// its global options, and `git-push …` as `git push …`. Computed once per sub-command, not
/// once per rule, into the first strings of `forms` (returns how many; the rest are spare
/// buffers kept for their capacity), lowered (deny and ask rules ignore case).
fn command_forms(c: &SimpleCommand, forms: &mut Vec<String>) -> usize {
    let mut n = 0;
    form(forms, &mut n, written_words(c));
    if !c.wrappers.is_empty() || !c.written.is_empty() {
        // unwrapped; for a cmdlet or cmd builtin, its POSIX reading (`Remove-Item` is `rm`)
        form(forms, &mut n, c.words.iter().map(String::as_str));
    }
    let name = c.words.first().map(|first| programs::basename(first));
    let args = c.words.get(1..).unwrap_or(&[]);
    if c.words.first().map(String::len) != name.map(str::len) {
        form(
            forms,
            &mut n,
            name.into_iter().chain(args.iter().map(String::as_str)),
        );
    }
    // `git -C dir -c k=v push -f` is `git push -f` to a rule
    if name.is_some_and(|n| n.eq_ignore_ascii_case("git")) {
        let skip = programs::lookup("git")
            .and_then(|git| git.subcommand_index(args))
            .unwrap_or(0);
        if skip > 0 {
            form(
                forms,
                &mut n,
                std::iter::once("git").chain(args.iter().skip(skip).map(String::as_str)),
            );
        }
    }
    // `rm.exe -rf x` is `rm -rf x` (Windows)
    if let Some(stem) = name.and_then(|n| {
        let cut = n.len().checked_sub(4)?;
        n.get(cut..)?
            .eq_ignore_ascii_case(".exe")
            .then(|| n.get(..cut))?
    }) {
        form(
            forms,
            &mut n,
            std::iter::once(stem).chain(args.iter().map(String::as_str)),
        );
    }
    // `/usr/lib/git-core/git-push -f` is `git push -f`
    if let Some(sub) = name.and_then(git_dashed) {
        form(
            forms,
            &mut n,
            ["git", sub]
                .into_iter()
                .chain(args.iter().map(String::as_str)),
        );
    }
    for f in forms.iter_mut().take(n) {
        f.make_ascii_lowercase();
    }
    n
}

/// `push` for `git-push` (any case).
fn git_dashed(name: &str) -> Option<&str> {
    let head = name.get(..4)?;
    let sub = name.get(4..).filter(|s| !s.is_empty())?;
    head.eq_ignore_ascii_case("git-").then_some(sub)
}

/// Whether `words` joined by [`fill`] start with `prefix` (ignoring ASCII case when `fold`:
/// the prefix is already lowered), without joining them (an empty word adds nothing at the
/// start, not even a space).
fn joined_starts_with(words: &[String], prefix: &[u8], fold: bool) -> bool {
    let mut rest = prefix;
    let mut empty = true;
    for w in words {
        if rest.is_empty() {
            return true;
        }
        if !empty {
            match rest.split_first() {
                Some((b' ', after)) => rest = after,
                _ => return false,
            }
        }
        let n = w.len().min(rest.len());
        let (head, want) = (w.as_bytes().get(..n), rest.get(..n));
        let same = match (head, want) {
            (Some(h), Some(p)) if fold => h.eq_ignore_ascii_case(p),
            (h, p) => h == p,
        };
        if !same {
            return false;
        }
        rest = rest.get(n..).unwrap_or_default();
        empty = empty && w.is_empty();
    }
    rest.is_empty()
}

/// Writes form number `n` (reusing that buffer) and counts it.
fn form<'a>(forms: &mut Vec<String>, n: &mut usize, words: impl Iterator<Item = &'a str> + Clone) {
    if forms.len() == *n {
        forms.push(String::new());
    }
    if let Some(buf) = forms.get_mut(*n) {
        fill(buf, words);
    }
    *n += 1;
}

fn fill<'a>(buf: &mut String, words: impl Iterator<Item = &'a str> + Clone) {
    buf.clear();
    // One allocation at most, instead of growing word by word.
    buf.reserve(words.clone().map(|w| w.len() + 1).sum());
    for w in words {
        if !buf.is_empty() {
            buf.push(' ');
        }
        buf.push_str(w);
    }
}

/// A rule's path pattern, gitignore-style: no `/` → any component, at any depth (`*.pem`,
/// `.env`); with a `/` → anchored to the whole path; and a match on a directory covers what
/// is under it. (The same as the globs `**/p` + `**/p/**`, or `p` + `p/**`, matched directly:
/// one compiled glob, tried on each component or each directory prefix.)
#[derive(Debug, Clone)]
struct PathPattern {
    glob: Glob,
    /// No `/`: the glob is tried on each component.
    component: bool,
    /// The pattern `/`: every absolute path.
    root: bool,
    /// The byte every match ends with (folded), when the glob ends in a literal.
    last: Option<u8>,
    fold: bool,
}

impl PathPattern {
    fn new(pattern: &str, fold: bool) -> Option<PathPattern> {
        let p = pattern.strip_prefix("./").unwrap_or(pattern);
        let p = if p == "/" { p } else { p.trim_end_matches('/') };
        let component = !p.contains('/');
        let flags = Flags {
            pathname: !component,
            fold,
            ..Flags::default()
        };
        let glob = Glob::new(p.as_bytes(), flags).ok()?;
        Some(PathPattern {
            last: glob.tail().last().copied(),
            glob,
            component,
            root: p == "/",
            fold,
        })
    }

    fn matches(&self, path: &str) -> bool {
        let bytes = path.as_bytes();
        if self.root {
            return bytes.first() == Some(&b'/');
        }
        if self.component {
            // A path without the glob's last byte anywhere has no component ending in it.
            if let Some(t) = self.last {
                let upper = t.to_ascii_uppercase();
                if !(bytes.contains(&t) || self.fold && bytes.contains(&upper)) {
                    return false;
                }
            }
            // Only a component ending in the glob's last byte is worth a call.
            let worth = |c: &[u8]| {
                self.last.map_or(true, |t| {
                    c.last()
                        .is_some_and(|&b| (if self.fold { b.to_ascii_lowercase() } else { b }) == t)
                })
            };
            let mut start = 0;
            for (k, &b) in bytes.iter().enumerate() {
                if b == b'/' {
                    let c = &bytes[start..k];
                    if worth(c) && self.glob.is_match(c) {
                        return true;
                    }
                    start = k + 1;
                }
            }
            let c = &bytes[start..];
            return worth(c) && self.glob.is_match(c);
        }
        // The whole path, or a directory prefix of it.
        if !self.glob.may_start(bytes) {
            return false;
        }
        self.glob.is_match(bytes)
            || bytes
                .iter()
                .enumerate()
                .any(|(k, &b)| b == b'/' && self.glob.is_match(&bytes[..k]))
    }
}

/// The allow rules that covered a call's sub-commands or paths.
struct Covered<'a> {
    first: Option<&'a Rule>,
    others: Vec<&'a str>,
}

impl<'a> Covered<'a> {
    fn note(&mut self, r: &'a Rule) {
        match self.first {
            None => self.first = Some(r),
            Some(f) if !std::ptr::eq(f, r) && !self.others.contains(&r.text.as_str()) => {
                self.others.push(r.text.as_str())
            }
            _ => {}
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct RuleSet {
    rules: Vec<Rule>,
    /// Each tool's rules: a call only looks at its own tool's rules of the kind asked for.
    by_tool: Vec<(String, [KindRules; 3])>,
}

/// One tool's rules of one kind, in order, and the first bare one (which matches any call).
#[derive(Debug, Clone, Default)]
struct KindRules {
    all: Vec<u32>,
    bare: Option<u32>,
    /// Per rule in `all`: the byte every text it matches starts with ([`ANY_START`]: none).
    starts: Vec<u16>,
    /// The bytes in `starts`, as a set; `open` when some rule may start with anything.
    start_set: [u64; 4],
    open: bool,
}

/// In [`KindRules::starts`]: the rule's text may start with any byte.
const ANY_START: u16 = 256;

impl KindRules {
    fn push(&mut self, index: u32, rule: &Rule) {
        self.all.push(index);
        if rule.bare() && self.bare.is_none() {
            self.bare = Some(index);
        }
        let start = rule.command.as_ref().and_then(|p| p.first);
        match start {
            Some(b) => self.start_set[usize::from(b >> 6)] |= 1 << (b & 63),
            None => self.open = true,
        }
        self.starts.push(start.map_or(ANY_START, u16::from));
    }

    /// Whether some rule's text starts with `b`.
    fn has_start(&self, b: u8) -> bool {
        self.start_set[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }
}

const NO_RULES: &KindRules = &KindRules {
    all: Vec::new(),
    bare: None,
    starts: Vec::new(),
    start_set: [0; 4],
    open: false,
};

impl RuleKind {
    fn index(self) -> usize {
        match self {
            RuleKind::Deny => 0,
            RuleKind::Ask => 1,
            RuleKind::Allow => 2,
        }
    }
}

/// What steps 3 and 7 see of a rule that matched.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleMatch<'a> {
    pub kind: RuleKind,
    /// The rule as written.
    pub rule: &'a str,
    /// The sub-command (as written, launchers included) or path it matched; `None` when an
    /// allow rule covered every sub-command or a bare rule matched the call.
    pub subject: Option<String>,
    /// Other allow rules that covered the remaining sub-commands.
    pub others: Vec<&'a str>,
    /// Why allow rules that covered every sub-command still only give Ask.
    pub downgraded: Option<String>,
}

impl RuleMatch<'_> {
    /// A phrase for a verdict's reason: "denied by rule `x` on `y`".
    pub fn describe(&self) -> String {
        self.phrase(false)
    }

    /// [`RuleMatch::describe`] as a sentence: "Denied by rule `x` on `y`.".
    pub fn sentence(&self) -> String {
        let mut s = self.phrase(true);
        s.push('.');
        s
    }

    /// Built from pieces (no formatting machinery: this runs on every rule verdict).
    fn phrase(&self, capital: bool) -> String {
        let on = self.subject.as_deref();
        const ALLOWED: [&str; 2] = ["allowed by rule `", "Allowed by rule `"];
        let (start, end, subject, why) = match (self.kind, &self.downgraded) {
            (_, Some(why)) => (ALLOWED, "`, but ", None, Some(why.as_str())),
            (RuleKind::Deny, None) => (["denied by rule `", "Denied by rule `"], "`", on, None),
            (RuleKind::Ask, None) => (["rule `", "Rule `"], "` asks", on, None),
            (RuleKind::Allow, None) => (ALLOWED, "`", None, None),
        };
        let mut s = String::with_capacity(
            start[0].len() + self.rule.len() + end.len() + on.map_or(0, |o| o.len() + 6) + 48,
        );
        s.push_str(start[usize::from(capital)]);
        s.push_str(self.rule);
        s.push_str(end);
        if let Some(why) = why {
            s.push_str(why);
        }
        if let Some(subject) = subject {
            s.push_str(" on `");
            s.push_str(subject);
            s.push('`');
        }
        s
    }
}

impl RuleSet {
    pub fn compile(
        allow: &[String],
        ask: &[String],
        deny: &[String],
    ) -> Result<RuleSet, RuleError> {
        Self::compile_paths_folded(allow, ask, deny, false)
    }

    /// [`RuleSet::compile`], with path patterns matching case-insensitively (ASCII) when
    /// `fold_paths`: on a case-insensitive workspace `Secrets/k` must meet `read_file(secrets/**)`.
    pub fn compile_paths_folded(
        allow: &[String],
        ask: &[String],
        deny: &[String],
        fold_paths: bool,
    ) -> Result<RuleSet, RuleError> {
        let mut rules = Vec::with_capacity(allow.len() + ask.len() + deny.len());
        for (kind, list) in [
            (RuleKind::Deny, deny),
            (RuleKind::Ask, ask),
            (RuleKind::Allow, allow),
        ] {
            for text in list {
                rules.push(Rule::parse(kind, text, fold_paths)?);
            }
        }
        let mut by_tool: Vec<(String, [KindRules; 3])> = Vec::new();
        for (index, rule) in rules.iter().enumerate() {
            let at = match by_tool.iter().position(|(t, _)| *t == rule.tool) {
                Some(at) => at,
                None => {
                    by_tool.push((rule.tool.clone(), Default::default()));
                    by_tool.len() - 1
                }
            };
            if let Some((_, kinds)) = by_tool.get_mut(at) {
                kinds[rule.kind.index()].push(index as u32, rule);
            }
        }
        Ok(RuleSet { rules, by_tool })
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// `tool`'s rules of `kind`.
    fn of(&self, kind: RuleKind, tool: &str) -> &KindRules {
        self.by_tool
            .iter()
            .find(|(t, _)| t.len() == tool.len() && t == tool)
            .map_or(NO_RULES, |(_, kinds)| &kinds[kind.index()])
    }

    fn rule(&self, index: u32) -> &Rule {
        &self.rules[index as usize]
    }

    /// The first of `list` satisfying `pred`.
    fn find<'s>(
        &'s self,
        list: &KindRules,
        mut pred: impl FnMut(&Rule) -> bool,
    ) -> Option<&'s Rule> {
        list.all.iter().map(|&i| self.rule(i)).find(|r| pred(r))
    }

    /// Whether some rule of `list` may match some form of `c` (see [`command_forms`]), judged
    /// by the rules' literal leads against the forms' words, without building the forms.
    fn may_match_forms(&self, list: &KindRules, c: &SimpleCommand) -> bool {
        // A launcher, a path-named command and git make forms of their own: build them all.
        if list.open
            || !c.wrappers.is_empty()
            || !c.written.is_empty()
            || c.words.first().is_some_and(|name| {
                name.contains(['/', '\\'])
                    || name.get(..3).is_some_and(|g| g.eq_ignore_ascii_case("git"))
            })
        {
            return true;
        }
        self.may_start(list, &c.words, true)
    }

    /// Whether some rule of `list` has a literal lead that `words` (joined by [`fill`]) start
    /// with (ignoring case when `fold`: deny and ask rules).
    fn may_start(&self, list: &KindRules, words: &[String], fold: bool) -> bool {
        if list.open {
            return true;
        }
        // The empty text: only a rule without a lead (open) could match it.
        let Some(mut first) = words.iter().find_map(|w| w.as_bytes().first().copied()) else {
            return false;
        };
        if fold {
            first = first.to_ascii_lowercase();
        }
        list.has_start(first)
            && list.all.iter().zip(&list.starts).any(|(&i, &start)| {
                start == u16::from(first)
                    && self.rule(i).command.as_ref().is_some_and(|p| {
                        joined_starts_with(words, &p.base.as_bytes()[..p.lead], fold)
                    })
            })
    }

    /// The first of `list` matching any of `forms` (texts); rules that cannot start a form
    /// are passed over on their first byte.
    fn find_text<'s>(&'s self, list: &KindRules, forms: &[String]) -> Option<&'s Rule> {
        let mut firsts = [0u64; 4];
        for b in forms.iter().filter_map(|f| f.as_bytes().first()) {
            firsts[usize::from(b >> 6)] |= 1 << (b & 63);
        }
        for (&i, &start) in list.all.iter().zip(&list.starts) {
            let worth = start == ANY_START
                || firsts[usize::from(start >> 6) & 3] & (1 << (start & 63)) != 0;
            if worth {
                let r = self.rule(i);
                if forms.iter().any(|f| r.matches_text(f)) {
                    return Some(r);
                }
            }
        }
        None
    }

    /// First rule of `kind` matching any sub-command (any form) or any path.
    fn any_match(
        &self,
        kind: RuleKind,
        tool: &str,
        command: Option<&Analysis>,
        paths: &[&str],
    ) -> Option<RuleMatch<'_>> {
        fn found(kind: RuleKind, r: &Rule, subject: Option<String>) -> Option<RuleMatch<'_>> {
            Some(RuleMatch {
                kind,
                rule: r.text.as_str(),
                subject,
                others: Vec::new(),
                downgraded: None,
            })
        }
        let list = self.of(kind, tool);
        // A bare rule matches any call; the others are tried only when there is none.
        if let Some(i) = list.bare {
            return found(kind, self.rule(i), None);
        }
        if list.all.is_empty() {
            return None;
        }
        match command {
            Some(a) => {
                let mut forms = Vec::new();
                for c in a.commands.iter().filter(|c| self.may_match_forms(list, c)) {
                    let n = command_forms(c, &mut forms);
                    let hit = self.find_text(list, forms.get(..n).unwrap_or_default());
                    if let Some(r) = hit {
                        return found(kind, r, Some(c.written_text()));
                    }
                }
                None
            }
            None => paths.iter().find_map(|p| {
                self.find(list, |r| r.matches_path(p))
                    .and_then(|r| found(kind, r, Some(p.to_string())))
            }),
        }
    }

    /// Step 3: a deny rule matching the call (any sub-command of its command, or one of the
    /// paths: the engine's, most of them the call's own text).
    pub fn deny(
        &self,
        tool: &str,
        command: Option<&Analysis>,
        paths: &[&str],
    ) -> Option<RuleMatch<'_>> {
        self.any_match(RuleKind::Deny, tool, command, paths)
    }

    /// Step 3, for words known only when the command runs: the first deny rule that some
    /// value of them could make match (`git $(echo push)`, `git push$IFS`, `echo push | xargs
    /// git` against `git push *`): a word that may be the denied one asks. Each unknown word
    /// (and what `xargs` appends) may be anything, so a rule may match when the text before
    /// the first of them and the rule's literal lead agree as far as both go.
    pub fn may_deny(&self, tool: &str, command: &Analysis) -> Option<RuleMatch<'_>> {
        const UNKNOWN: char = '\u{1}';
        let list = self.of(RuleKind::Deny, tool);
        if list.all.is_empty() || list.bare.is_some() {
            return None;
        }
        let mut forms = Vec::new();
        for c in &command.commands {
            let xargs = c.wrappers.iter().any(|w| w.name == "xargs");
            if c.unknown.is_empty() && !xargs {
                continue;
            }
            let mut marked = c.clone();
            for &i in &c.unknown {
                if let Some(w) = marked.words.get_mut(i) {
                    *w = UNKNOWN.to_string();
                }
            }
            if xargs {
                // `xargs -I{} git {}`: the replaced words; otherwise what it appends
                for w in marked.words.iter_mut().filter(|w| w.contains("{}")) {
                    *w = UNKNOWN.to_string();
                }
                marked.words.push(UNKNOWN.to_string());
            }
            let n = command_forms(&marked, &mut forms);
            for form in forms.iter().take(n) {
                let Some((known, _)) = form.split_once(UNKNOWN) else {
                    continue;
                };
                let hit = self.find(list, |r| {
                    r.command.as_ref().is_some_and(|p| {
                        let lead = &p.base[..p.lead];
                        lead.starts_with(known) || known.starts_with(lead)
                    })
                });
                if let Some(r) = hit {
                    return Some(RuleMatch {
                        kind: RuleKind::Deny,
                        rule: r.text.as_str(),
                        subject: Some(c.written_text()),
                        others: Vec::new(),
                        downgraded: None,
                    });
                }
            }
        }
        None
    }

    /// Step 7: `Allow` only when every sub-command is allowed and the command is plain; `Ask`
    /// when an ask rule matches or an allow would need a non-plain command.
    pub fn allow_or_ask(
        &self,
        tool: &str,
        command: Option<&Analysis>,
        paths: &[&str],
    ) -> Option<RuleMatch<'_>> {
        if let Some(m) = self.any_match(RuleKind::Ask, tool, command, paths) {
            return Some(m);
        }
        let allow = self.of(RuleKind::Allow, tool);
        if allow.all.is_empty() {
            return None;
        }
        let mut covered = Covered {
            first: None,
            others: Vec::new(),
        };
        let downgraded = match command {
            Some(a) => {
                let bare = allow.bare.map(|i| self.rule(i));
                let mut buf = String::new();
                let mut any = false;
                for c in a.commands.iter().filter(|c| !c.words.is_empty()) {
                    any = true;
                    let rule = bare.or_else(|| {
                        if c.wrappers.is_empty() && !self.may_start(allow, c.own_words(), false) {
                            return None;
                        }
                        fill(&mut buf, written_words(c));
                        self.find_text(allow, std::slice::from_ref(&buf))
                    });
                    match rule {
                        Some(r) => covered.note(r),
                        None => return None,
                    }
                }
                if !any {
                    if let Some(r) = bare {
                        covered.note(r);
                    }
                }
                covered.first?;
                match (&a.problem, a.not_plain) {
                    (Some(crate::shell::Problem::Unparseable(why)), _) => {
                        Some(format!("the command cannot be analysed ({why})"))
                    }
                    (Some(crate::shell::Problem::Suspicious(what)), _) => Some(format!(
                        "the command contains a suspicious character ({what})"
                    )),
                    (None, Some(why)) => Some(format!("the command is not plain ({why})")),
                    (None, None) if !a.plain => Some("the command is not plain".to_string()),
                    (None, None) => None,
                }
            }
            None => {
                if let Some(i) = allow.bare {
                    covered.note(self.rule(i));
                } else {
                    if paths.is_empty() {
                        return None;
                    }
                    for p in paths {
                        covered.note(self.find(allow, |r| r.matches_path(p))?);
                    }
                }
                None
            }
        };
        let rule = covered.first?;
        let others = covered.others;
        Some(RuleMatch {
            kind: if downgraded.is_some() {
                RuleKind::Ask
            } else {
                RuleKind::Allow
            },
            rule: rule.text.as_str(),
            subject: None,
            others,
            downgraded,
        })
    }
}

/// What an allow-list ([`crate::allow_list`]) asks of the rules: whether one allow rule of a
/// tool covers a sub-command or a path, as step 7 would for that one.
impl RuleSet {
    /// Whether an allow rule of `tool` matches a sub-command's `text` (as step 7 reads it:
    /// its words as written, launchers included, joined by single spaces).
    pub fn allows_text(&self, tool: &str, text: &str) -> bool {
        let allow = self.of(RuleKind::Allow, tool);
        allow.bare.is_some() || self.find_text(allow, &[text.to_string()]).is_some()
    }

    /// Whether an allow rule of `tool` matches `path`.
    pub fn allows_path(&self, tool: &str, path: &str) -> bool {
        let allow = self.of(RuleKind::Allow, tool);
        allow.bare.is_some() || self.find(allow, |r| r.matches_path(path)).is_some()
    }
}
