//! Command rules `tool(pattern)` in allow / ask / deny lists, compiled once.
//!
//! * A bare `tool` matches every call of that tool.
//! * For a tool whose call has a command (the engine passes `Some(&Analysis)`), the pattern
//!   matches each sub-command's text: its words joined by single spaces. `*` matches any text
//!   (spaces included); a trailing ` *` (or the legacy `:*`) keeps a word boundary, so
//!   `git log *` matches `git log` and `git log --oneline` but never `git logout`. The match is
//!   anchored at both ends and case-sensitive.
//!   - deny and ask: a rule matching ANY sub-command, tried as written with its launchers
//!     (`sudo rm -rf x`), unwrapped (`rm -rf x`), with a path-named command reduced to its
//!     name (`/bin/rm -rf x` → `rm -rf x`) and, for git, without its global options
//!     (`git -C dir push -f` → `git push -f`);
//!   - allow: EVERY sub-command (commands with words) must be matched by an allow rule as
//!     written, launchers included (`sudo git log` is not `git log`; `bash -c 'git log'` is
//!     `bash -c git log`), then the command must be plain with no problem; otherwise the
//!     answer is Ask with [`RuleMatch::downgraded`] saying why. A command that cannot be
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

use crate::ignore::wildmatch::{Flags, Glob};
use crate::shell::{Analysis, SimpleCommand};

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
}

impl CommandPattern {
    fn new(pattern: &str) -> CommandPattern {
        let collapsed = pattern.split_whitespace().collect::<Vec<_>>().join(" ");
        let stripped = collapsed
            .strip_suffix(" *")
            .or_else(|| collapsed.strip_suffix(":*"));
        match stripped {
            Some(base) if !base.is_empty() => CommandPattern {
                base: base.to_string(),
                tail: Some(format!("{base} *")),
            },
            _ => CommandPattern {
                base: collapsed,
                tail: None,
            },
        }
    }

    fn matches(&self, text: &str) -> bool {
        wildcard(self.base.as_bytes(), text.as_bytes())
            || self
                .tail
                .as_ref()
                .is_some_and(|t| wildcard(t.as_bytes(), text.as_bytes()))
    }
}

/// `*`-only wildcard match, anchored; linear backtracking to the last star.
fn wildcard(p: &[u8], t: &[u8]) -> bool {
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        match (p.get(pi), t.get(ti)) {
            (Some(b'*'), _) => {
                star = Some((pi, ti));
                pi += 1;
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
                c => format!("invalid character {c:?} in tool name"),
            }));
        }
        Ok(Rule {
            kind,
            text: text.to_string(),
            tool: tool.to_string(),
            command: pattern.map(CommandPattern::new),
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
fn written_words(c: &SimpleCommand) -> impl Iterator<Item = &str> {
    c.wrappers
        .iter()
        .flat_map(|w| &w.words)
        .chain(&c.words)
        .map(String::as_str)
}

/// Every form of a sub-command a deny or ask rule is tried on: as written (launchers
/// included), unwrapped, with a path-named command reduced to its name, and for git without
/// its global options. Computed once per sub-command, not once per rule.
fn command_forms(c: &SimpleCommand, forms: &mut Vec<String>) {
    forms.clear();
    let mut buf = String::new();
    fill(&mut buf, written_words(c));
    forms.push(std::mem::take(&mut buf));
    if !c.wrappers.is_empty() {
        fill(&mut buf, c.words.iter().map(String::as_str));
        forms.push(std::mem::take(&mut buf));
    }
    let name = c
        .words
        .first()
        .map(|first| first.rsplit('/').next().unwrap_or(first));
    if c.words.first().is_some_and(|f| f.contains('/')) {
        fill(
            &mut buf,
            name.into_iter()
                .chain(c.words.iter().skip(1).map(String::as_str)),
        );
        forms.push(std::mem::take(&mut buf));
    }
    // `git -C dir -c k=v push -f` is `git push -f` to a rule
    if name == Some("git") {
        let args = c.words.get(1..).unwrap_or(&[]);
        let skip = git_global_options(args);
        if skip > 0 {
            fill(
                &mut buf,
                std::iter::once("git").chain(args.iter().skip(skip).map(String::as_str)),
            );
            forms.push(buf);
        }
    }
}

/// How many words of git's global options precede its subcommand.
fn git_global_options(args: &[String]) -> usize {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        match w.as_str() {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env"
            | "--exec-path" => i += 2,
            _ if w.starts_with('-') => i += 1,
            _ => break,
        }
    }
    i.min(args.len())
}

fn fill<'a>(buf: &mut String, words: impl Iterator<Item = &'a str>) {
    buf.clear();
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
            glob,
            component,
            root: p == "/",
        })
    }

    fn matches(&self, path: &str) -> bool {
        let bytes = path.as_bytes();
        if self.root {
            return bytes.first() == Some(&b'/');
        }
        if self.component {
            return bytes
                .split(|&b| b == b'/')
                .any(|component| self.glob.is_match(component));
        }
        // The whole path, or a directory prefix of it.
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
    /// Each tool's rule indexes, in order: a call only looks at its own tool's rules.
    by_tool: Vec<(String, Vec<u32>)>,
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
    /// A sentence for a verdict's reason.
    pub fn describe(&self) -> String {
        let on = self
            .subject
            .as_ref()
            .map(|s| format!(" on `{s}`"))
            .unwrap_or_default();
        match (self.kind, &self.downgraded) {
            (_, Some(why)) => format!("allowed by rule `{}`, but {why}", self.rule),
            (RuleKind::Deny, None) => format!("denied by rule `{}`{on}", self.rule),
            (RuleKind::Ask, None) => format!("rule `{}` asks{on}", self.rule),
            (RuleKind::Allow, None) => format!("allowed by rule `{}`", self.rule),
        }
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
        let mut by_tool: Vec<(String, Vec<u32>)> = Vec::new();
        for (index, rule) in rules.iter().enumerate() {
            match by_tool.iter_mut().find(|(t, _)| *t == rule.tool) {
                Some((_, list)) => list.push(index as u32),
                None => by_tool.push((rule.tool.clone(), vec![index as u32])),
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

    /// The first rule of `kind` for `tool` satisfying `pred`.
    fn find(
        &self,
        kind: RuleKind,
        tool: &str,
        mut pred: impl FnMut(&Rule) -> bool,
    ) -> Option<&Rule> {
        let (_, list) = self.by_tool.iter().find(|(t, _)| t == tool)?;
        list.iter()
            .map(|&i| &self.rules[i as usize])
            .find(|r| r.kind == kind && pred(r))
    }

    /// First rule of `kind` matching any sub-command (any form) or any path.
    fn any_match(
        &self,
        kind: RuleKind,
        tool: &str,
        command: Option<&Analysis>,
        paths: &[String],
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
        if let Some(r) = self.find(kind, tool, |r| r.bare()) {
            return found(kind, r, None);
        }
        match command {
            Some(a) => {
                let mut forms = Vec::new();
                for c in &a.commands {
                    command_forms(c, &mut forms);
                    let hit = self.find(kind, tool, |r| {
                        r.bare() || forms.iter().any(|f| r.matches_text(f))
                    });
                    if let Some(r) = hit {
                        return found(kind, r, Some(c.written_text()));
                    }
                }
                None
            }
            None => paths.iter().find_map(|p| {
                self.find(kind, tool, |r| r.matches_path(p))
                    .and_then(|r| found(kind, r, Some(p.clone())))
            }),
        }
    }

    /// Step 3: a deny rule matching the call (any sub-command of its command).
    pub fn deny(
        &self,
        tool: &str,
        command: Option<&Analysis>,
        paths: &[String],
    ) -> Option<RuleMatch<'_>> {
        self.any_match(RuleKind::Deny, tool, command, paths)
    }

    /// Step 7: `Allow` only when every sub-command is allowed and the command is plain; `Ask`
    /// when an ask rule matches or an allow would need a non-plain command.
    pub fn allow_or_ask(
        &self,
        tool: &str,
        command: Option<&Analysis>,
        paths: &[String],
    ) -> Option<RuleMatch<'_>> {
        if let Some(m) = self.any_match(RuleKind::Ask, tool, command, paths) {
            return Some(m);
        }
        let mut covered = Covered {
            first: None,
            others: Vec::new(),
        };
        let downgraded = match command {
            Some(a) => {
                let bare = self.find(RuleKind::Allow, tool, |r| r.bare());
                let mut buf = String::new();
                let mut any = false;
                for c in a.commands.iter().filter(|c| !c.words.is_empty()) {
                    any = true;
                    let rule = bare.or_else(|| {
                        fill(&mut buf, written_words(c));
                        self.find(RuleKind::Allow, tool, |r| r.matches_text(&buf))
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
                if let Some(r) = self.find(RuleKind::Allow, tool, |r| r.bare()) {
                    covered.note(r);
                } else {
                    if paths.is_empty() {
                        return None;
                    }
                    for p in paths {
                        covered.note(self.find(RuleKind::Allow, tool, |r| r.matches_path(p))?);
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
