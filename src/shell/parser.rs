//! Recursive-descent parser for lists, pipelines, compound commands, redirections and
//! here-docs; words are read in `words.rs`. Every nesting goes through [`Parser::enter`], so
//! hostile input cannot exhaust the stack, and lists are parsed iteratively, so long chains
//! stay linear.

use super::expand::{self, Vars};
use super::words::{Span, Word};
use super::{
    effects, embedded, names, wrappers, Analysis, DynamicWord, Origin, Problem, Redirect,
    SimpleCommand, Wrapper, MAX_COMMANDS, MAX_DEPTH,
};

pub(super) type PResult<T> = Result<T, String>;

/// State shared by every source being parsed (the command line, backtick bodies, `bash -c`
/// scripts, here-doc bodies): the output and the context new commands inherit.
pub(super) struct Shared {
    pub commands: Vec<SimpleCommand>,
    pub not_plain: Option<&'static str>,
    depth: usize,
    next_pipeline: usize,
    cwd: Option<String>,
    cwd_dynamic: bool,
    wrappers: Vec<Wrapper>,
    origin: Origin,
    function: Option<String>,
    pipeline: Option<(usize, usize)>,
    /// Assignments a script launcher's command carried (`X=1 bash -c '…'`): the script's
    /// commands run with them, so they get them too. (name, value, raw when dynamic)
    inherited: Vec<(String, String, Option<String>)>,
    /// Why some code in the command cannot be read (inline interpreter code that builds the
    /// command it runs): the analysis then has a problem, so it never allows.
    opaque: Option<String>,
    /// The positional parameters (`$1`, `"$@"`) of the shell whose commands are being parsed,
    /// when known (`bash -c CODE NAME ARGS`); `None` at the top level.
    positional: Option<wrappers::Positional>,
    /// What the next script parsed in a shell of its own gets as [`Shared::positional`].
    script_positional: Option<wrappers::Positional>,
    /// The source is POSIX sh (`sh -c`, `dash -c`, `sh <<EOF`), where `((` and `[[` are not
    /// keywords: dash runs `((rm -rf ~))` as two nested subshells.
    posix: bool,
    /// The variables assigned so far, as later words see them (see `expand.rs`).
    pub vars: Vars,
    /// A simple command's words as read, kept between commands so that reading them
    /// allocates once per line, not once per command.
    words: Vec<Word>,
}

impl Shared {
    pub fn not_plain(&mut self, why: &'static str) {
        if self.not_plain.is_none() {
            self.not_plain = Some(why);
        }
    }
}

/// How a nested source sees the variables of the line.
#[derive(Clone, Copy, PartialEq)]
enum Scope {
    /// The same shell (`eval`): what it sets stays set.
    Shared,
    /// A subshell (`` `…` ``): a copy.
    Copy,
    /// A new shell (`bash -c`, `bash <<EOF`, a pager variable): it sees only exported
    /// variables, which are not tracked, so none is known.
    Fresh,
}

struct PendingHeredoc {
    delim: String,
    strip_tabs: bool,
    expands: bool,
    /// (command, redirect) pairs that receive the body.
    targets: Vec<(usize, usize)>,
}

/// A simple command's parts before its launchers are peeled off.
#[derive(Clone, Default)]
struct Parts {
    words: Vec<String>,
    dynamic: Vec<DynamicWord>,
    unknown: Vec<usize>,
    globs: Vec<usize>,
    assignments: Vec<(String, String)>,
    dynamic_assignments: Vec<DynamicWord>,
    origin: Option<Origin>,
    parent: Option<usize>,
}

/// Environment variables whose value a program runs as shell text (pagers, editors, git's
/// ssh and diff hooks, askpass helpers, less's preprocessors, bash's prompt hook).
pub(super) const COMMAND_VARIABLES: &[&str] = &[
    "PAGER",
    "GIT_PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "EDITOR",
    "VISUAL",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "LESSOPEN",
    "LESSCLOSE",
    "PROMPT_COMMAND",
    "BROWSER",
    "RSYNC_RSH",
    "GIT_PROXY_COMMAND",
    "SUDO_EDITOR",
    "FCEDIT",
    "LESSEDIT",
    "SVN_EDITOR",
    "RUSTC_WRAPPER",
];

/// How a nested source (script, backtick body, here-doc body) is parsed.
struct Nested {
    origin: Origin,
    parent: Option<usize>,
    wrappers: Option<Vec<Wrapper>>,
    cwd: Option<(Option<String>, bool)>,
    keep_pipeline: bool,
    /// Parsed as POSIX sh; `None`: as the enclosing source.
    posix: Option<bool>,
    scope: Scope,
}

pub(super) struct Parser<'s, 'o> {
    pub(super) src: &'s str,
    pub(super) pos: usize,
    pub(super) out: &'o mut Shared,
    pending: Vec<PendingHeredoc>,
    /// The spans of the word being read (see `words.rs`).
    pub(super) spans: Vec<Span>,
}

pub(super) fn parse(src: &str) -> Analysis {
    let mut shared = Shared {
        commands: Vec::new(),
        not_plain: None,
        depth: 0,
        next_pipeline: 0,
        cwd: None,
        cwd_dynamic: false,
        wrappers: Vec::new(),
        origin: Origin::Top,
        function: None,
        pipeline: None,
        inherited: Vec::new(),
        opaque: None,
        positional: None,
        script_positional: None,
        posix: false,
        vars: Vars::default(),
        words: Vec::new(),
    };
    let result = Parser::new(src, &mut shared).parse_source();
    let problem = match result {
        Err(e) => Some(e),
        Ok(()) => shared.opaque,
    };
    Analysis {
        commands: shared.commands,
        plain: false,
        not_plain: shared.not_plain,
        problem: problem.map(Problem::Unparseable),
        suspicious: None,
    }
}

// Byte classes: one table lookup instead of a chain of comparisons (the release profile
// optimises for size, so `matches!` over ten bytes stays ten branches).
/// Ends a word or a token: a blank, a newline or an operator byte.
const DELIM: u8 = 1;
/// Ends a run of ordinary word characters: a delimiter, a quote, `\\`, `$` or a backquote.
pub(super) const SPECIAL: u8 = 2;
/// A glob character: `*`, `?`, `[`.
pub(super) const GLOB: u8 = 4;
/// Opens a brace expansion: `{`.
pub(super) const BRACE: u8 = 8;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let delims = b" \t\n;&|()<>";
    let mut i = 0;
    while i < delims.len() {
        t[delims[i] as usize] = DELIM | SPECIAL;
        i += 1;
    }
    let quoting = b"'\"\\$`";
    let mut i = 0;
    while i < quoting.len() {
        t[quoting[i] as usize] = SPECIAL;
        i += 1;
    }
    t[b'*' as usize] = GLOB;
    t[b'?' as usize] = GLOB;
    t[b'[' as usize] = GLOB;
    t[b'{' as usize] = BRACE;
    t
};

#[inline(always)]
pub(super) fn class(b: u8) -> u8 {
    CLASS[b as usize]
}

#[inline(always)]
pub(super) fn is_delim(b: u8) -> bool {
    class(b) & DELIM != 0
}

/// `NAME=`, `NAME+=`, `NAME[SUBSCRIPT]=` or `NAME[SUBSCRIPT]+=` at the start of a raw word:
/// the length of the name part (with its subscript).
pub(super) fn assignment_name_len(raw: &str) -> Option<usize> {
    let b = raw.as_bytes();
    let mut n = identifier_end(b, 0);
    if n == 0 {
        return None;
    }
    if b.get(n) == Some(&b'[') {
        n = subscript_end(b, n)?;
    }
    match (b.get(n), b.get(n + 1)) {
        (Some(b'='), _) => Some(n),
        (Some(b'+'), Some(b'=')) => Some(n + 1),
        _ => None,
    }
}

/// The end of the variable name starting at `at` (`at` when there is none).
fn identifier_end(b: &[u8], at: usize) -> usize {
    if !b
        .get(at)
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
    {
        return at;
    }
    // a plain loop: iterator adapters stay calls in the size-optimised build
    let mut n = at + 1;
    while b
        .get(n)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        n += 1;
    }
    n
}

/// A shell variable's name.
fn is_identifier(s: &str) -> bool {
    !s.is_empty() && identifier_end(s.as_bytes(), 0) == s.len()
}

/// `{NAME}` at `at` (bash's `{fd}>file` stores the descriptor it opens in `NAME`): the index
/// past it, or `at` when there is none.
fn named_descriptor(b: &[u8], at: usize) -> usize {
    let end = identifier_end(b, at + 1);
    if b.get(at) == Some(&b'{') && end > at + 1 && b.get(end) == Some(&b'}') {
        end + 1
    } else {
        at
    }
}

/// `NAME[` with no `]` after it in the word: the word was cut at a blank or an operator that
/// bash, reading an assignment's subscript, would have kept.
fn unclosed_subscript(raw: &str) -> bool {
    let b = raw.as_bytes();
    let n = identifier_end(b, 0);
    n > 0 && b.get(n) == Some(&b'[') && subscript_end(b, n).is_none()
}

/// After the `[` at `open` of an array subscript (`a[1]=x`): the index past its matching
/// `]`, quoted brackets skipped; `None` when it is not closed in `b`.
fn subscript_end(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    let mut quote = 0u8;
    while let Some(&c) = b.get(i) {
        match (quote, c) {
            (0, b'\\') => i += 1,
            (0, b'\'' | b'"') => quote = c,
            (0, b'[') => depth += 1,
            (0, b']') => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            (b'"', b'\\') => i += 1,
            (q, c) if q == c => quote = 0,
            _ => {}
        }
        i += 1;
    }
    None
}

impl<'s, 'o> Parser<'s, 'o> {
    fn new(src: &'s str, out: &'o mut Shared) -> Self {
        Parser {
            src,
            pos: 0,
            out,
            pending: Vec::new(),
            spans: Vec::new(),
        }
    }

    // ---- byte access (never panics) ----

    #[inline(always)]
    pub(super) fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    #[inline(always)]
    pub(super) fn peek_at(&self, off: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + off).copied()
    }

    /// `peek() == Some(b)` without the call the size-optimised build makes for `Option`'s `==`.
    #[inline(always)]
    pub(super) fn peek_is(&self, b: u8) -> bool {
        matches!(self.src.as_bytes().get(self.pos), Some(&c) if c == b)
    }

    #[inline(always)]
    pub(super) fn peek_at_is(&self, off: usize, b: u8) -> bool {
        matches!(self.src.as_bytes().get(self.pos + off), Some(&c) if c == b)
    }

    pub(super) fn starts(&self, s: &str) -> bool {
        // byte loop, not memcmp: the needles are 1–8 bytes and mostly fail on the first
        // (a plain loop: iterator adapters stay calls in the size-optimised build)
        let (b, n) = (self.src.as_bytes(), s.as_bytes());
        let mut i = 0;
        while i < n.len() {
            match (b.get(self.pos + i), n.get(i)) {
                (Some(x), Some(y)) if x == y => {}
                _ => return false,
            }
            i += 1;
        }
        true
    }

    #[inline(always)]
    pub(super) fn slice(&self, a: usize, b: usize) -> &'s str {
        self.src.get(a..b).unwrap_or("")
    }

    /// A reserved word (or `{`, `}`, `!`, `[[`) at the cursor, followed by a delimiter.
    fn at_word(&self, w: &str) -> bool {
        self.starts(w)
            && self
                .src
                .as_bytes()
                .get(self.pos + w.len())
                .map_or(true, |&c| is_delim(c))
    }

    /// The bytes from the cursor to the next delimiter: a reserved word is at the cursor iff
    /// it equals this (reserved words hold no delimiter), so one scan serves every candidate.
    fn token(&self) -> &'s str {
        let b = self.src.as_bytes();
        let mut end = self.pos;
        while b.get(end).is_some_and(|&c| !is_delim(c)) {
            end += 1;
        }
        self.slice(self.pos, end)
    }

    fn at_terminator(&self) -> bool {
        // the reserved words that end a list (the caller checks which one it expected); each
        // starts with one of these bytes, so most commands are rejected on the first
        matches!(self.peek(), Some(b't' | b'e' | b'f' | b'd' | b'}'))
            && matches!(
                names::key(self.token()),
                names::THEN
                    | names::ELSE
                    | names::ELIF
                    | names::FI
                    | names::DO
                    | names::DONE
                    | names::ESAC
                    | names::RBRACE
            )
    }

    pub(super) fn enter(&mut self) -> PResult<()> {
        self.out.depth += 1;
        if self.out.depth > MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} levels deep"));
        }
        Ok(())
    }

    pub(super) fn leave(&mut self) {
        self.out.depth = self.out.depth.saturating_sub(1);
    }

    pub(super) fn unexpected(&self) -> String {
        match self.peek() {
            None => "unexpected end of command".to_string(),
            Some(b'\n') => format!("unexpected newline at byte {}", self.pos),
            Some(_) => {
                let rest = self.src.get(self.pos..).unwrap_or("");
                let end = rest
                    .char_indices()
                    .skip(1)
                    .find(|&(i, c)| i >= 3 || c.is_whitespace())
                    .map_or(rest.len(), |(i, _)| i);
                format!(
                    "unexpected `{}` at byte {}",
                    rest.get(..end).unwrap_or(rest),
                    self.pos
                )
            }
        }
    }

    /// Blanks, line continuations and comments (a `#` at the start of a token).
    pub(super) fn skip_blanks(&mut self) {
        while let Some(b) = self.peek() {
            match b {
                b' ' | b'\t' => self.pos += 1,
                b'\\' if self.peek_at_is(1, b'\n') => self.pos += 2,
                b'#' => {
                    let rest = self.src.as_bytes().get(self.pos..).unwrap_or(&[]);
                    self.pos += rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
                }
                _ => break,
            }
        }
    }

    /// Blanks and newlines (after `&&`, `|`, keywords).
    fn skip_linebreaks(&mut self) -> PResult<()> {
        loop {
            self.skip_blanks();
            if !self.peek_is(b'\n') {
                return Ok(());
            }
            self.newline()?;
        }
    }

    /// Consumes a newline; here-doc bodies start after it.
    fn newline(&mut self) -> PResult<()> {
        self.pos += 1;
        if self.pending.is_empty() {
            Ok(())
        } else {
            self.read_heredocs()
        }
    }

    fn parse_source(&mut self) -> PResult<()> {
        self.parse_list()?;
        if self.peek().is_some() {
            return Err(self.unexpected());
        }
        match self.pending.first() {
            Some(h) => Err(format!("missing here-doc terminator `{}`", h.delim)),
            None => Ok(()),
        }
    }

    // ---- lists ----

    /// Commands separated by `;`, `&` and newlines, up to `)`, `;;`, a terminator word or
    /// the end.
    pub(super) fn parse_list(&mut self) -> PResult<()> {
        loop {
            self.skip_blanks();
            match self.peek() {
                None | Some(b')') => return Ok(()),
                Some(b'\n') => {
                    self.newline()?;
                    continue;
                }
                Some(b';') if matches!(self.peek_at(1), Some(b';' | b'&')) => return Ok(()),
                // `&>file` alone: a command that is only a redirection
                Some(b'&') if self.peek_at(1) == Some(b'>') => {}
                Some(b';' | b'&' | b'|') => return Err(self.unexpected()),
                _ => {}
            }
            if self.at_terminator() {
                return Ok(());
            }
            let start = self.out.commands.len();
            self.parse_and_or()?;
            self.skip_blanks();
            match self.peek() {
                Some(b';') if !matches!(self.peek_at(1), Some(b';' | b'&')) => self.pos += 1,
                Some(b'&') => {
                    self.pos += 1;
                    self.out.not_plain("background job");
                    for c in self.out.commands.iter_mut().skip(start) {
                        c.background = true;
                    }
                }
                Some(b'\n') => self.newline()?,
                None | Some(b')' | b';') => {}
                _ if self.at_terminator() => {}
                _ => return Err(self.unexpected()),
            }
        }
    }

    fn parse_and_or(&mut self) -> PResult<()> {
        // what the commands after the first set may not have happened
        let mut before: Option<Vars> = None;
        loop {
            self.parse_pipeline()?;
            self.skip_blanks();
            let op = match (self.peek(), self.peek_at(1)) {
                (Some(b'&'), Some(b'&')) => "&&",
                (Some(b'|'), Some(b'|')) => "||",
                _ => "",
            };
            if !op.is_empty() {
                self.pos += 2;
                self.skip_linebreaks()?;
                if self.peek().is_none() {
                    return Err(format!("expected a command after `{op}`"));
                }
                if before.is_none() {
                    before = Some(self.out.vars.snapshot());
                }
                continue;
            }
            if let Some(before) = before {
                self.out.vars.merge(&before);
            }
            return Ok(());
        }
    }

    /// Starts at a non-blank byte: callers skip blanks first.
    fn parse_pipeline(&mut self) -> PResult<()> {
        // `!` and the `time` keyword (`time -p`, `time -p --`) only prefix a whole pipeline,
        // in any order and number; not after `|`, where `time` is the program
        loop {
            if self.at_word("!") {
                self.pos += 1;
                self.out.not_plain("negation");
            } else if self.at_word("time") {
                // (timing changes nothing the command does: it stays plain)
                self.pos += 4;
                self.skip_blanks();
                if self.at_word("-p") {
                    self.pos += 2;
                    self.skip_blanks();
                    if self.at_word("--") {
                        self.pos += 2;
                    }
                }
            } else {
                break;
            }
            self.skip_blanks();
            // `time` and `!` alone time or negate nothing
            if matches!(self.peek(), None | Some(b';' | b'\n')) {
                return Ok(());
            }
        }
        let id = self.out.next_pipeline;
        self.out.next_pipeline += 1;
        let enclosing = self.out.pipeline;
        let saved_cwd = (self.out.cwd.clone(), self.out.cwd_dynamic);
        // each stage of a pipeline is a subshell: what one sets, no other sees
        let saved_vars = self.out.vars.snapshot();
        let start = self.out.commands.len();
        let mut stage = 0;
        loop {
            self.out.pipeline = Some((id, stage));
            self.parse_command()?;
            self.skip_blanks();
            if self.peek_is(b'|') && !self.peek_at_is(1, b'|') {
                self.pos += 1;
                self.out.vars.clone_from(&saved_vars);
                if self.peek_is(b'&') {
                    self.pos += 1;
                    self.out.not_plain("`|&` pipes stderr");
                }
                self.skip_linebreaks()?;
                stage += 1;
                continue;
            }
            break;
        }
        self.out.pipeline = enclosing;
        self.fed_herestrings(start, id)?;
        if stage > 0 {
            // each stage runs in a subshell: a `cd` there does not leak
            (self.out.cwd, self.out.cwd_dynamic) = saved_cwd;
            self.out.vars = saved_vars;
        } else if let Some((eid, estage)) = enclosing {
            // a lone command inside a group that is itself a pipeline stage
            for c in self
                .out
                .commands
                .iter_mut()
                .skip(start)
                .filter(|c| c.pipeline == id)
            {
                c.pipeline = eid;
                c.stage = estage;
            }
        }
        Ok(())
    }

    /// Here-strings that a shell or interpreter runs as its program (`bash <<< '…'`,
    /// `python3 <<< '…'`, `cat <<< '…' | sh`) are parsed as its code.
    #[inline(never)]
    fn fed_herestrings(&mut self, start: usize, pipeline: usize) -> PResult<()> {
        let end = self.out.commands.len();
        for ci in start..end {
            let cmds = &self.out.commands;
            let Some(c) = cmds.get(ci).filter(|c| c.pipeline == pipeline) else {
                continue;
            };
            let Some(text) = c
                .redirects
                .iter()
                .find(|r| r.is_herestring() && !r.dynamic)
                .map(|r| r.target.clone())
            else {
                continue;
            };
            let reader = (ci..end).find(|&d| {
                cmds.get(d).is_some_and(|d| {
                    d.pipeline == pipeline && d.stage >= c.stage && embedded::runs_stdin(d)
                })
            });
            if let Some(reader) = reader {
                let codes = self
                    .out
                    .commands
                    .get(reader)
                    .map(|r| embedded::fed(r, &text))
                    .unwrap_or_default();
                self.parse_codes(reader, codes)?;
            }
        }
        Ok(())
    }

    // ---- commands ----

    /// Starts at a non-blank byte: callers skip blanks (or line breaks) first.
    fn parse_command(&mut self) -> PResult<()> {
        let start = self.out.commands.len();
        // the reserved word at the cursor, if the first byte allows one
        let word = match self.peek() {
            Some(b'{' | b'i' | b'w' | b'u' | b'f' | b's' | b'c' | b'[') => names::key(self.token()),
            _ => names::NONE,
        };
        if word == names::LBRACE {
            self.pos += 1;
            self.enter()?;
            self.out.not_plain("group");
            self.parse_list()?;
            self.skip_blanks();
            if !self.at_word("}") {
                return Err(format!("missing `}}` ({})", self.unexpected()));
            }
            self.pos += 1;
            self.leave();
        } else if self.starts("((") && !self.out.posix {
            // (in POSIX sh, `((` opens two subshells)
            self.pos += 2;
            self.enter()?;
            self.out.not_plain("arithmetic command");
            self.skip_arithmetic()?;
            self.leave();
        } else if self.peek_is(b'(') {
            let open = self.pos;
            self.pos += 1;
            self.enter()?;
            self.out.not_plain("subshell");
            let saved = (self.out.cwd.clone(), self.out.cwd_dynamic);
            let saved_vars = self.out.vars.snapshot();
            self.parse_list()?;
            self.skip_blanks();
            if !self.peek_is(b')') {
                return Err(format!(
                    "unbalanced `(` at byte {open} ({})",
                    self.unexpected()
                ));
            }
            self.pos += 1;
            (self.out.cwd, self.out.cwd_dynamic) = saved;
            self.out.vars = saved_vars;
            self.leave();
        } else if word == names::IF {
            self.parse_if()?;
        } else if matches!(word, names::WHILE | names::UNTIL) {
            self.parse_while()?;
        } else if matches!(word, names::FOR | names::SELECT) {
            self.parse_for()?;
        } else if word == names::CASE {
            self.parse_case()?;
        } else if word == names::TEST && !self.out.posix {
            // (in POSIX sh, `[[` is a program's name and `&&` inside it ends the command)
            self.parse_test()?;
        } else if word == names::COPROC {
            return self.parse_coproc();
        } else if word == names::FUNCTION {
            self.pos += "function".len();
            self.skip_blanks();
            let name = self.read_word()?;
            if name.text.is_empty() {
                return Err(format!("expected a function name ({})", self.unexpected()));
            }
            self.skip_blanks();
            if self.peek_is(b'(') {
                self.pos += 1;
                self.skip_blanks();
                if !self.peek_is(b')') {
                    return Err(self.unexpected());
                }
                self.pos += 1;
            }
            return self.function_body(name.text);
        } else {
            return self.parse_simple();
        }
        self.compound_redirects(start)
    }

    /// `coproc [NAME] command`: the command runs in the background. A NAME comes only before
    /// a compound command (`coproc w { …; }`); `coproc rm -rf /` runs `rm`.
    fn parse_coproc(&mut self) -> PResult<()> {
        self.pos += "coproc".len();
        self.skip_blanks();
        if !self.at_compound() {
            let name = self.token();
            let start = self.pos;
            if is_identifier(name) {
                self.pos += name.len();
                self.skip_blanks();
                if !self.at_compound() {
                    self.pos = start;
                }
            }
        }
        if self.peek().is_none() {
            return Err("expected a command after `coproc`".to_string());
        }
        self.enter()?;
        self.out.not_plain("background job");
        let start = self.out.commands.len();
        self.parse_command()?;
        for c in self.out.commands.iter_mut().skip(start) {
            c.background = true;
        }
        self.leave();
        Ok(())
    }

    /// A compound command starts at the cursor.
    fn at_compound(&self) -> bool {
        self.peek_is(b'(')
            || matches!(
                names::key(self.token()),
                names::LBRACE
                    | names::IF
                    | names::WHILE
                    | names::UNTIL
                    | names::FOR
                    | names::SELECT
                    | names::CASE
                    | names::TEST
            )
    }

    fn expect_word(&mut self, w: &str) -> PResult<()> {
        self.skip_blanks();
        if self.at_word(w) {
            self.pos += w.len();
            Ok(())
        } else {
            Err(format!("expected `{w}` ({})", self.unexpected()))
        }
    }

    fn parse_if(&mut self) -> PResult<()> {
        self.pos += 2;
        self.enter()?;
        self.out.not_plain("compound command");
        // each branch starts from its condition; afterwards, any branch may have run
        self.parse_list()?;
        let mut at_condition = self.out.vars.snapshot();
        let mut ends = Vec::new();
        self.expect_word("then")?;
        self.parse_list()?;
        loop {
            ends.push(std::mem::replace(&mut self.out.vars, at_condition.clone()));
            self.skip_blanks();
            if self.at_word("elif") {
                self.pos += 4;
                self.parse_list()?;
                at_condition.clone_from(&self.out.vars);
                self.expect_word("then")?;
                self.parse_list()?;
                continue;
            }
            if self.at_word("else") {
                self.pos += 4;
                self.parse_list()?;
            }
            self.expect_word("fi")?;
            break;
        }
        for end in &ends {
            self.out.vars.merge(end);
        }
        self.leave();
        Ok(())
    }

    fn parse_while(&mut self) -> PResult<()> {
        self.pos += 5;
        self.enter()?;
        self.out.not_plain("compound command");
        self.parse_list()?;
        self.expect_word("do")?;
        self.loop_body(None)?;
        self.expect_word("done")?;
        self.leave();
        Ok(())
    }

    /// A loop body: it may run any number of times, so what it changes is unknown inside it
    /// (a later iteration sees it) and either value after it. `var` is the loop variable,
    /// already bound.
    fn loop_body(&mut self, var: Option<&str>) -> PResult<()> {
        let before = self.out.vars.snapshot();
        if !before.is_empty() {
            let rest = self.src.get(self.pos..).unwrap_or("");
            self.out.vars.forget_assigned_in(rest, var);
        }
        self.parse_list()?;
        self.out.vars.merge(&before);
        Ok(())
    }

    fn parse_for(&mut self) -> PResult<()> {
        self.pos += if self.at_word("for") { 3 } else { 6 };
        self.enter()?;
        self.out.not_plain("compound command");
        self.skip_blanks();
        if self.starts("((") {
            self.pos += 2;
            self.skip_arithmetic()?;
        } else {
            let before = self.pos;
            let var = self.read_word()?;
            if self.pos == before {
                return Err(format!("expected a loop variable ({})", self.unexpected()));
            }
            self.skip_linebreaks()?;
            // without `in`, the positional parameters
            let mut values = Some(Vec::new());
            if self.at_word("in") {
                self.pos += 2;
                loop {
                    self.skip_blanks();
                    match self.peek() {
                        None | Some(b';' | b'\n') => break,
                        _ => {
                            let before = self.pos;
                            let w = self.read_word()?;
                            if self.pos == before {
                                return Err(self.unexpected());
                            }
                            values =
                                values.and_then(|mut v| self.loop_values(&w, &mut v).then_some(v));
                        }
                    }
                }
            } else {
                values = None;
            }
            self.skip_blanks();
            if self.peek_is(b';') {
                self.pos += 1;
            }
            self.skip_linebreaks()?;
            self.expect_word("do")?;
            let value = match values {
                Some(v) if !v.is_empty() => expand::Value::Set(v),
                _ => expand::Value::Unknown,
            };
            let before = self.out.vars.snapshot();
            self.out.vars.set(&var.text, value);
            self.loop_body(Some(&var.text))?;
            // after the loop: one of its values, or the old one when the list was empty
            self.out.vars.merge(&before);
            self.expect_word("done")?;
            self.leave();
            return Ok(());
        }
        self.skip_blanks();
        if self.peek_is(b';') {
            self.pos += 1;
        }
        self.skip_linebreaks()?;
        self.expect_word("do")?;
        self.parse_list()?;
        self.expect_word("done")?;
        self.leave();
        Ok(())
    }

    /// Adds the values a `for` list word gives the loop variable; `false` when one is not
    /// known or there are too many.
    fn loop_values(&self, w: &Word, values: &mut Vec<expand::Val>) -> bool {
        let fields = match w.expands {
            true => expand::expand(&w.text, &w.spans, &self.out.vars, &[]),
            false => expand::Expansion::Unchanged { unknown: w.unknown },
        };
        match fields {
            expand::Expansion::Unchanged { unknown: true } => false,
            expand::Expansion::Unchanged { unknown: false } => {
                values.push(expand::Val {
                    text: w.text.clone(),
                    glob: w.glob,
                });
                values.len() <= expand::MAX_FIELDS
            }
            expand::Expansion::Fields(fields) => {
                for f in fields {
                    if f.unknown {
                        return false;
                    }
                    values.push(expand::Val {
                        text: f.text,
                        glob: f.glob,
                    });
                }
                values.len() <= expand::MAX_FIELDS
            }
        }
    }

    fn parse_case(&mut self) -> PResult<()> {
        self.pos += 4;
        self.enter()?;
        self.out.not_plain("compound command");
        self.skip_blanks();
        let before = self.pos;
        self.read_word()?;
        if self.pos == before {
            return Err(format!(
                "expected a word after `case` ({})",
                self.unexpected()
            ));
        }
        self.skip_linebreaks()?;
        self.expect_word("in")?;
        // each branch starts from here; afterwards any one (or none) may have run
        let at_word = self.out.vars.snapshot();
        let mut ends = Vec::new();
        loop {
            self.skip_linebreaks()?;
            if self.at_word("esac") {
                self.pos += 4;
                break;
            }
            if self.peek_is(b'(') {
                self.pos += 1;
            }
            loop {
                self.skip_blanks();
                match self.peek() {
                    Some(b')') => break,
                    Some(b'|') => self.pos += 1,
                    None => return Err("missing `esac`".to_string()),
                    _ => {
                        let before = self.pos;
                        self.read_word()?;
                        if self.pos == before {
                            return Err(self.unexpected());
                        }
                    }
                }
            }
            self.pos += 1;
            self.parse_list()?;
            ends.push(std::mem::replace(&mut self.out.vars, at_word.clone()));
            self.skip_blanks();
            if self.starts(";;&") {
                self.pos += 3;
            } else if self.starts(";;") || self.starts(";&") {
                self.pos += 2;
            } else if !self.at_word("esac") {
                return Err(format!("expected `;;` or `esac` ({})", self.unexpected()));
            }
        }
        for end in &ends {
            self.out.vars.merge(end);
        }
        self.leave();
        Ok(())
    }

    /// `[[ … ]]`: `&&`, `||`, `<`, `>`, `(`, `)` are words inside.
    fn parse_test(&mut self) -> PResult<()> {
        self.pos += 2;
        self.enter()?;
        self.out.not_plain("conditional expression");
        let sub_start = self.out.commands.len();
        let mut words = vec!["[[".to_string()];
        let mut dynamic = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None => return Err("missing `]]`".to_string()),
                Some(b'\n') => {
                    self.newline()?;
                    continue;
                }
                _ => {}
            }
            if self.at_word("]]") {
                self.pos += 2;
                words.push("]]".to_string());
                break;
            }
            if self.starts("&&") || self.starts("||") {
                words.push(self.slice(self.pos, self.pos + 2).to_string());
                self.pos += 2;
                continue;
            }
            match self.peek() {
                Some(c @ (b'(' | b')' | b'<' | b'>' | b'|' | b'!'))
                    if !self.starts("<(") && !self.starts(">(") =>
                {
                    words.push((c as char).to_string());
                    self.pos += 1;
                }
                Some(b';' | b'&') => return Err(self.unexpected()),
                _ => {
                    let before = self.pos;
                    let w = self.read_word()?;
                    if self.pos == before {
                        return Err(self.unexpected());
                    }
                    if w.dynamic {
                        dynamic.push(DynamicWord {
                            index: words.len(),
                            raw: self.slice(w.start, w.end).to_string(),
                        });
                    }
                    words.push(w.text);
                }
            }
        }
        let mut parts = Parts {
            words,
            dynamic,
            ..Parts::default()
        };
        // (inside `sudo bash -c '[[ … ]]'` it runs under the launchers too)
        let wrappers = self.out.wrappers.clone();
        let idx = self.push(&mut parts, None, wrappers)?;
        self.adopt(sub_start, idx, idx);
        self.leave();
        Ok(())
    }

    /// After `name` `(`: `)` then the body.
    fn function_def(&mut self, name: String) -> PResult<()> {
        self.pos += 1;
        self.skip_blanks();
        if !self.peek_is(b')') {
            return Err(format!(
                "expected `)` after `{name}(` ({})",
                self.unexpected()
            ));
        }
        self.pos += 1;
        self.function_body(name)
    }

    fn function_body(&mut self, name: String) -> PResult<()> {
        self.skip_linebreaks()?;
        if self.peek().is_none() {
            return Err(format!("missing body of function `{name}`"));
        }
        self.enter()?;
        self.out.not_plain("function definition");
        let saved_function = self.out.function.replace(name);
        let saved_pipeline = self.out.pipeline.take();
        // a function's `$1` is its own argument
        let saved_positional = self.out.positional.take();
        let saved_cwd = (self.out.cwd.clone(), self.out.cwd_dynamic);
        let saved_vars = self.out.vars.snapshot();
        self.parse_command()?;
        self.out.positional = saved_positional;
        self.out.function = saved_function;
        self.out.pipeline = saved_pipeline;
        (self.out.cwd, self.out.cwd_dynamic) = saved_cwd;
        // the body runs at any later call: what it sets is unknown from here on
        let body = std::mem::replace(&mut self.out.vars, saved_vars);
        self.out.vars.forget_changed(&body);
        self.leave();
        Ok(())
    }

    fn compound_redirects(&mut self, start: usize) -> PResult<()> {
        let mut redirects = Vec::new();
        loop {
            self.skip_blanks();
            match self.try_redirect()? {
                Some(r) => redirects.push(r),
                None => break,
            }
        }
        self.attach_redirects(start, redirects);
        Ok(())
    }

    fn parse_simple(&mut self) -> PResult<()> {
        // (a substitution in a word reads its own commands with a buffer of its own)
        let mut words = std::mem::take(&mut self.out.words);
        words.clear();
        let result = self.parse_simple_words(&mut words);
        words.clear();
        self.out.words = words;
        result
    }

    fn parse_simple_words(&mut self, words: &mut Vec<Word>) -> PResult<()> {
        let sub_start = self.out.commands.len();
        let mut parts = Parts {
            // most commands have at most 8 words: one allocation, no regrowth
            words: Vec::with_capacity(8),
            ..Parts::default()
        };
        // a loop variable with several values: the words are expanded once per value, after
        // all are read; otherwise as they are read
        let defer = self.out.vars.has_several_values();
        // the assignments' values as read (`None` for arrays and `+=`), for the variables
        // they set
        let mut values: Vec<Option<Word>> = Vec::new();
        let mut redirects = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None | Some(b'\n' | b';' | b'|' | b')') => break,
                Some(b'&') if !self.peek_at_is(1, b'>') => break,
                Some(b'(') => {
                    if words.len() + parts.words.len() == 1
                        && parts.assignments.is_empty()
                        && redirects.is_empty()
                        && parts.dynamic.is_empty()
                        && !words.first().is_some_and(|w| w.dynamic)
                    {
                        let name = match words.pop() {
                            Some(w) => w.text,
                            None => parts.words.pop().unwrap_or_default(),
                        };
                        return self.function_def(name);
                    }
                    return Err(self.unexpected());
                }
                _ => {}
            }
            // only these bytes can start a redirection
            if matches!(self.peek(), Some(b'0'..=b'9' | b'<' | b'>' | b'&' | b'{')) {
                if let Some(r) = self.try_redirect()? {
                    redirects.push(r);
                    continue;
                }
            }
            let before = self.pos;
            let mut w = self.read_word()?;
            if self.pos == before {
                return Err(self.unexpected());
            }
            if words.is_empty() && parts.words.is_empty() {
                let raw = self.slice(w.start, w.end);
                if unclosed_subscript(raw) {
                    // bash reads `a[1 + 2]=x` as one word here, blanks and all
                    return Err(format!(
                        "array subscript with a blank or operator at byte {}",
                        w.start
                    ));
                }
                if let Some(n) = assignment_name_len(raw) {
                    self.out.not_plain("variable assignment");
                    let name = raw.get(..n).unwrap_or("").to_string();
                    let value_at =
                        |n: usize, w: &str| n + 1 + usize::from(w.as_bytes().get(n) == Some(&b'+'));
                    let eq = value_at(n, raw);
                    // a quoted subscript (`a["k"]=v`) is shorter once unquoted
                    let text_eq = if raw.get(..n).is_some_and(|s| s.contains(['\'', '"', '\\'])) {
                        assignment_name_len(&w.text).map(|n| value_at(n, &w.text))
                    } else {
                        Some(eq)
                    };
                    let mut value = text_eq
                        .and_then(|e| w.text.get(e..))
                        .unwrap_or("")
                        .to_string();
                    let mut raw = raw.get(eq..).unwrap_or("").to_string();
                    let mut dynamic = w.dynamic || text_eq.is_none();
                    let mut array = false;
                    if value.is_empty() && raw.is_empty() && self.peek_is(b'(') {
                        let open = self.pos;
                        (value, dynamic) = self.read_array()?;
                        raw = self.slice(open, self.pos).to_string();
                        array = true;
                    }
                    if dynamic {
                        parts.dynamic_assignments.push(DynamicWord {
                            index: parts.assignments.len(),
                            raw,
                        });
                    }
                    values.push((n + 1 == eq && !array).then(|| value_part(&w, eq)));
                    parts.assignments.push((name, value));
                    continue;
                }
            }
            if defer {
                words.push(w);
            } else {
                self.push_word(&mut parts, &mut w, &[], true);
            }
        }
        if parts.words.is_empty()
            && words.is_empty()
            && parts.assignments.is_empty()
            && redirects.is_empty()
        {
            return Err(format!("expected a command ({})", self.unexpected()));
        }
        let emit_start = self.out.commands.len();
        let main = self.emit_expanded(&mut parts, words, &values, !redirects.is_empty())?;
        match main {
            Some(m) => self.adopt(sub_start, emit_start, m),
            None => {
                // A script replaced the command: its redirections go to the script's
                // commands, but their substitutions ran outside it and are commands of
                // their own, so the targets render quoted (as a launcher's words do).
                for r in redirects.iter_mut().filter(|r| !r.is_heredoc()) {
                    r.raw = None;
                }
            }
        }
        if !redirects.is_empty() {
            if let Some(p) = &self.out.positional {
                for r in &mut redirects {
                    wrappers::substitute_target(r, p);
                }
            }
            self.attach_redirects(emit_start, redirects);
        }
        Ok(())
    }

    /// Expands the words (braces, variables; once per value of a loop variable they use),
    /// emits the command for each expansion and records the variables it sets. Returns the
    /// first command emitted.
    fn emit_expanded(
        &mut self,
        parts: &mut Parts,
        words: &mut [Word],
        values: &[Option<Word>],
        redirected: bool,
    ) -> PResult<Option<usize>> {
        if words.is_empty() {
            // expanded as read
            let set = expand::effects(
                &parts.words,
                &parts.unknown,
                &parts.assignments,
                values,
                &self.out.vars,
                &[],
            );
            let idx = self.emit(parts)?;
            if let Some(set) = set {
                set.apply(&mut self.out.vars);
            }
            return Ok(idx);
        }
        let mut multi: Vec<String> = Vec::new();
        for w in words.iter() {
            self.out.vars.multi_valued(&w.text, &w.spans, &mut multi);
        }
        // one binding per combination of the loop variables' values, unless too many
        let sizes: Vec<usize> = multi
            .iter()
            .map(|n| match self.out.vars.get(n) {
                expand::Value::Set(v) => v.len(),
                _ => 1,
            })
            .collect();
        let total = sizes.iter().try_fold(1usize, |acc, &n| acc.checked_mul(n));
        // A substitution or a redirection (a here-doc's body among them) is read once: copies
        // of the command would run it again, so then the loop variable stays unknown.
        let runs_something = redirected
            || words
                .iter()
                .any(|w| w.dynamic && w.text.contains(['(', '`']));
        let combinations = match total {
            Some(t) if t <= expand::MAX_FIELDS && !runs_something => t,
            _ => {
                multi.clear();
                1
            }
        };
        let mut first = None;
        let mut effects: Option<expand::Effects> = None;
        for k in 0..combinations {
            let mut rest = k;
            let binding: Vec<(&str, usize)> = multi
                .iter()
                .zip(&sizes)
                .map(|(n, &size)| {
                    let pick = rest % size;
                    rest /= size;
                    (n.as_str(), pick)
                })
                .collect();
            let last = k + 1 == combinations;
            let mut these = if last {
                std::mem::take(parts)
            } else {
                parts.clone()
            };
            if !words.is_empty() {
                these.words.reserve(words.len());
            }
            for w in words.iter_mut() {
                self.push_word(&mut these, w, &binding, last);
            }
            let set = expand::effects(
                &these.words,
                &these.unknown,
                &these.assignments,
                values,
                &self.out.vars,
                &binding,
            );
            // what one value of a loop variable sets, another may not
            let set = set.unwrap_or_default();
            effects = Some(match effects {
                None => set,
                Some(prev) => prev.union(set),
            });
            let idx = self.emit(&mut these)?;
            first = first.or(idx);
        }
        if let Some(effects) = effects {
            effects.apply(&mut self.out.vars);
        }
        Ok(first)
    }

    /// Adds the fields of `w` to `parts` (taking its text when `last`).
    #[inline(always)]
    fn push_word(&self, parts: &mut Parts, w: &mut Word, binding: expand::Binding<'_>, last: bool) {
        let expansion = if w.expands {
            expand::expand(&w.text, &w.spans, &self.out.vars, binding)
        } else {
            expand::Expansion::Unchanged { unknown: w.unknown }
        };
        match expansion {
            expand::Expansion::Unchanged { unknown } => {
                let index = parts.words.len();
                if w.dynamic {
                    parts.dynamic.push(DynamicWord {
                        index,
                        raw: self.slice(w.start, w.end).to_string(),
                    });
                }
                if unknown {
                    parts.unknown.push(index);
                }
                if w.glob {
                    parts.globs.push(index);
                }
                parts.words.push(if last {
                    std::mem::take(&mut w.text)
                } else {
                    w.text.clone()
                });
            }
            expand::Expansion::Fields(fields) => {
                for f in fields {
                    let index = parts.words.len();
                    if let Some(raw) = f.raw {
                        parts.dynamic.push(DynamicWord { index, raw });
                    }
                    if f.unknown {
                        parts.unknown.push(index);
                    }
                    if f.glob {
                        parts.globs.push(index);
                    }
                    parts.words.push(f.text);
                }
            }
        }
    }

    /// `NAME=(a b c)`: the value as written, words unquoted, and whether a word holds an
    /// expansion.
    fn read_array(&mut self) -> PResult<(String, bool)> {
        let open = self.pos;
        self.pos += 1;
        let mut value = String::from("(");
        let mut dynamic = false;
        loop {
            self.skip_blanks();
            match self.peek() {
                None => return Err(format!("unterminated array at byte {open}")),
                Some(b')') => {
                    self.pos += 1;
                    value.push(')');
                    return Ok((value, dynamic));
                }
                Some(b'\n') => self.newline()?,
                _ => {
                    let before = self.pos;
                    let w = self.read_word()?;
                    if self.pos == before {
                        return Err(self.unexpected());
                    }
                    if value.len() > 1 {
                        value.push(' ');
                    }
                    value.push_str(&w.text);
                    dynamic |= w.dynamic;
                }
            }
        }
    }

    /// Commands pushed in `from..to` with no parent came from `parent`'s words.
    fn adopt(&mut self, from: usize, to: usize, parent: usize) {
        for c in self.out.commands.iter_mut().take(to).skip(from) {
            if c.parent.is_none() {
                c.parent = Some(parent);
            }
        }
    }

    /// A redirection at the cursor, or `None` (cursor unchanged).
    fn try_redirect(&mut self) -> PResult<Option<Redirect>> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut p = start;
        let mut fd = 0u64;
        while let Some(d) = bytes.get(p).filter(|b| b.is_ascii_digit()) {
            fd = (fd * 10 + u64::from(d - b'0')).min(1 << 32);
            p += 1;
        }
        if fd > i32::MAX as u64 {
            // too large for a descriptor: bash reads the digits as a word (`2147483648>x`)
            return Ok(None);
        }
        if p == start {
            p = named_descriptor(bytes, start);
        }
        let rest = bytes.get(p..).unwrap_or(&[]);
        match (rest.first(), rest.get(1)) {
            (Some(b'<' | b'>'), _) | (Some(b'&'), Some(b'>')) => {}
            _ => return Ok(None),
        }
        const OPS: [&str; 14] = [
            "&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", "<(", "<", ">>", ">&", ">|", ">(", ">",
        ];
        let Some(op) = OPS.iter().find(|op| rest.starts_with(op.as_bytes())) else {
            return Ok(None);
        };
        if op.ends_with('(') || (op.starts_with('&') && p != start) {
            return Ok(None);
        }
        self.pos = p + op.len();
        let full_op = self.slice(start, self.pos).to_string();
        let heredoc = *op == "<<" || *op == "<<-";
        self.out.not_plain(match *op {
            "<<" | "<<-" => "here-document",
            "<<<" => "here-string",
            _ => "redirection",
        });
        self.skip_blanks();
        let target_ok = match self.peek() {
            None | Some(b'\n' | b';' | b'&' | b'|' | b')' | b'(') => false,
            Some(b'<' | b'>') => self.starts("<(") || self.starts(">("),
            _ => true,
        };
        if !target_ok {
            return Err(format!(
                "expected a word after `{full_op}` ({})",
                self.unexpected()
            ));
        }
        if op.ends_with('&') && self.peek_is(b'-') {
            // `>&-` closes the descriptor: the `-` is a token of its own (`>&-x` runs `x`)
            self.pos += 1;
            return Ok(Some(Redirect {
                op: full_op,
                target: "-".to_string(),
                ..Redirect::default()
            }));
        }
        let w = self.read_word()?;
        let raw = self.slice(w.start, w.end);
        if heredoc {
            let quoted = raw.contains(['\'', '"', '\\']);
            return Ok(Some(Redirect {
                op: full_op,
                target: w.text,
                dynamic: !quoted,
                raw: None,
                body: None,
            }));
        }
        // `F=out.txt; cmd > "$F"`: a target that expands to one known word is that word
        if w.expands {
            if let expand::Expansion::Fields(mut fields) =
                expand::expand(&w.text, &w.spans, &self.out.vars, &[])
            {
                if let (Some(f), 1) = (fields.pop(), fields.len() + 1) {
                    return Ok(Some(Redirect {
                        op: full_op,
                        target: f.text,
                        dynamic: f.raw.is_some(),
                        raw: f.raw,
                        body: None,
                    }));
                }
            }
        }
        let raw = w.dynamic.then(|| raw.to_string());
        Ok(Some(Redirect {
            op: full_op,
            target: w.text,
            dynamic: w.dynamic,
            raw,
            body: None,
        }))
    }

    /// Appends `redirects` to every command pushed since `start`, registering here-docs.
    fn attach_redirects(&mut self, start: usize, redirects: Vec<Redirect>) {
        let end = self.out.commands.len();
        for r in redirects {
            let mut targets = Vec::new();
            let heredoc = r.is_heredoc();
            if heredoc {
                self.pending.push(PendingHeredoc {
                    delim: r.target.clone(),
                    strip_tabs: r.op.ends_with("<<-"),
                    expands: r.dynamic,
                    targets: Vec::new(),
                });
            }
            for ci in start..end {
                if let Some(c) = self.out.commands.get_mut(ci) {
                    c.redirects.push(r.clone());
                    targets.push((ci, c.redirects.len() - 1));
                }
            }
            if let Some(h) = self.pending.last_mut().filter(|_| heredoc) {
                h.targets = targets;
            }
        }
    }

    fn read_heredocs(&mut self) -> PResult<()> {
        for h in std::mem::take(&mut self.pending) {
            let body = self.heredoc_body(&h)?;
            for &(ci, ri) in &h.targets {
                if let Some(r) = self
                    .out
                    .commands
                    .get_mut(ci)
                    .and_then(|c| c.redirects.get_mut(ri))
                {
                    r.body = Some(body.clone());
                }
            }
            // the body is a script when a shell reads it, directly or down the pipeline
            // (`bash <<EOF`, `cat <<EOF | sh`)
            let cmds = &self.out.commands;
            let shell = h.targets.iter().find_map(|&(ci, _)| {
                let c = cmds.get(ci)?;
                if wrappers::shell_reads_stdin(&c.words) {
                    return Some(c);
                }
                cmds.iter().find(|d| {
                    d.pipeline == c.pipeline
                        && d.stage > c.stage
                        && wrappers::shell_reads_stdin(&d.words)
                })
            });
            let target = h.targets.first().map(|t| t.0);
            let fed_shell = shell.is_some();
            if let (Some(shell), Some(ci)) = (shell, target) {
                let (mut wrappers, cwd, words) = (
                    shell.wrappers.clone(),
                    (shell.cwd.clone(), shell.cwd_dynamic),
                    shell.words.clone(),
                );
                let shell = words.first().map_or("sh", |w| super::basename(w));
                let posix = matches!(shell, "sh" | "dash" | "ash");
                let name = format!("{shell} <<");
                wrappers.push(Wrapper {
                    name,
                    words,
                    script: true,
                    ..Wrapper::default()
                });
                self.parse_nested(
                    &body,
                    Nested {
                        origin: Origin::HereDoc,
                        parent: Some(ci),
                        wrappers: Some(wrappers),
                        cwd: Some(cwd),
                        keep_pipeline: false,
                        posix: Some(posix),
                        scope: Scope::Fresh,
                    },
                )?;
            } else {
                // an interpreter's program (`python3 - <<EOF`, `source /dev/stdin <<EOF`)
                let reader = h.targets.iter().find_map(|&(ci, _)| {
                    let c = cmds.get(ci)?;
                    cmds.iter().position(|d| {
                        (std::ptr::eq(d, c) || (d.pipeline == c.pipeline && d.stage > c.stage))
                            && embedded::runs_stdin(d)
                    })
                });
                if let Some(reader) = reader {
                    let codes = cmds.get(reader).map(|r| embedded::fed(r, &body));
                    self.parse_codes(reader, codes.unwrap_or_default())?;
                }
            }
            if h.expands && !fed_shell {
                // (also when no simple command receives it: `(( x )) <<EOF` still expands it)
                self.enter()?;
                let saved_pipeline = self.out.pipeline.take();
                let start = self.out.commands.len();
                let mut sub = Parser::new(&body, &mut *self.out);
                let mut scratch = String::new();
                sub.read_dquoted(&mut scratch, false)?;
                self.out.pipeline = saved_pipeline;
                if let Some(&(ci, _)) = h.targets.first() {
                    self.adopt(start, self.out.commands.len(), ci);
                }
                self.leave();
            }
        }
        Ok(())
    }

    fn heredoc_body(&mut self, h: &PendingHeredoc) -> PResult<String> {
        let mut body = String::new();
        loop {
            let rest = self.src.get(self.pos..).unwrap_or("");
            if rest.is_empty() {
                return Err(format!("missing here-doc terminator `{}`", h.delim));
            }
            let (line, advance) = match rest.find('\n') {
                Some(i) => (rest.get(..i).unwrap_or(""), i + 1),
                None => (rest, rest.len()),
            };
            self.pos += advance;
            let line = if h.strip_tabs {
                line.trim_start_matches('\t')
            } else {
                line
            };
            if line == h.delim {
                return Ok(body);
            }
            body.push_str(line);
            body.push('\n');
        }
    }

    /// Parses `text` as a separate source (a script, backtick body or here-doc body).
    #[inline(never)]
    fn parse_nested(&mut self, text: &str, ctx: Nested) -> PResult<()> {
        self.enter()?;
        let start = self.out.commands.len();
        let saved_origin = std::mem::replace(&mut self.out.origin, ctx.origin);
        let saved_wrappers = ctx
            .wrappers
            .map(|w| std::mem::replace(&mut self.out.wrappers, w));
        let saved_cwd = (self.out.cwd.clone(), self.out.cwd_dynamic);
        if let Some((cwd, dynamic)) = ctx.cwd {
            self.out.cwd = cwd;
            self.out.cwd_dynamic = dynamic;
        }
        let saved_pipeline = if ctx.keep_pipeline {
            self.out.pipeline
        } else {
            self.out.pipeline.take()
        };
        // a script runs in a shell of its own, with the parameters its launcher gave
        let own_shell = ctx.origin != Origin::CommandSubstitution;
        let saved_positional = own_shell.then(|| {
            let next = self.out.script_positional.take();
            std::mem::replace(&mut self.out.positional, next)
        });
        let saved_posix = self.out.posix;
        self.out.posix = ctx.posix.unwrap_or(saved_posix);
        let saved_vars = match ctx.scope {
            Scope::Shared => None,
            Scope::Copy => Some(self.out.vars.snapshot()),
            Scope::Fresh => {
                // a new shell sees the assignments its launcher's command carried
                let mut fresh = Vars::default();
                for (name, value, raw) in &self.out.inherited {
                    if raw.is_none() {
                        fresh.set(
                            name,
                            expand::Value::Set(vec![expand::Val::plain(value.clone())]),
                        );
                    }
                }
                Some(std::mem::replace(&mut self.out.vars, fresh))
            }
        };
        Parser::new(text, &mut *self.out).parse_source()?;
        self.out.posix = saved_posix;
        if let Some(vars) = saved_vars {
            self.out.vars = vars;
        }
        if let Some(p) = saved_positional {
            self.out.positional = p;
        }
        self.out.origin = saved_origin;
        if let Some(w) = saved_wrappers {
            self.out.wrappers = w;
        }
        (self.out.cwd, self.out.cwd_dynamic) = saved_cwd;
        self.out.pipeline = saved_pipeline;
        if let Some(p) = ctx.parent {
            let end = self.out.commands.len();
            self.adopt(start, end, p);
        }
        self.leave();
        Ok(())
    }

    /// `` `…` ``: the body, unescaped, parsed as its own source. Appends it as written.
    pub(super) fn backtick(&mut self, text: &mut String) -> PResult<()> {
        let open = self.pos;
        self.pos += 1;
        let mut inner = String::new();
        loop {
            match self.peek() {
                None => return Err(format!("unterminated backquote starting at byte {open}")),
                Some(b'`') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => match self.peek_at(1) {
                    Some(c @ (b'`' | b'\\' | b'$')) => {
                        inner.push(c as char);
                        self.pos += 2;
                    }
                    _ => {
                        inner.push('\\');
                        self.pos += 1;
                    }
                },
                Some(_) => {
                    let run = self.pos;
                    while self.peek().is_some_and(|b| b != b'`' && b != b'\\') {
                        self.pos += 1;
                    }
                    inner.push_str(self.slice(run, self.pos));
                }
            }
        }
        text.push_str(self.slice(open, self.pos));
        self.out.not_plain("command substitution");
        self.parse_nested(
            &inner,
            Nested {
                origin: Origin::CommandSubstitution,
                parent: None,
                wrappers: None,
                cwd: None,
                keep_pipeline: false,
                posix: None,
                scope: Scope::Copy,
            },
        )
    }

    /// After `$(` or `<(`: the list up to the matching `)`.
    pub(super) fn substitution(&mut self, origin: Origin) -> PResult<()> {
        let open = self.pos.saturating_sub(2);
        self.enter()?;
        let saved_origin = std::mem::replace(&mut self.out.origin, origin);
        let saved_pipeline = self.out.pipeline.take();
        let saved_cwd = (self.out.cwd.clone(), self.out.cwd_dynamic);
        let saved_vars = self.out.vars.snapshot();
        let spans = self.spans.len();
        let pending = self.pending.len();
        self.parse_list()?;
        self.skip_blanks();
        if !self.peek_is(b')') {
            return Err(format!(
                "unterminated `{}(` starting at byte {open} ({})",
                self.slice(open, open + 1),
                self.unexpected()
            ));
        }
        if self.pending.len() > pending {
            // Its body would come after the `)`, outside the substitution: shells disagree
            // on what that runs, so it is not judged.
            return Err(format!(
                "here-doc in `{}(` starting at byte {open} without its body before `)`",
                self.slice(open, open + 1)
            ));
        }
        self.pos += 1;
        self.out.origin = saved_origin;
        self.out.pipeline = saved_pipeline;
        (self.out.cwd, self.out.cwd_dynamic) = saved_cwd;
        self.out.vars = saved_vars;
        self.spans.truncate(spans);
        self.leave();
        Ok(())
    }

    /// After `((` / `$((`: up to the matching `))`, parsing substitutions inside.
    pub(super) fn skip_arithmetic(&mut self) -> PResult<()> {
        let open = self.pos.saturating_sub(2);
        // what is read inside belongs to no word
        let spans = self.spans.len();
        let result = self.skip_arithmetic_body(open);
        self.spans.truncate(spans);
        result
    }

    fn skip_arithmetic_body(&mut self, open: usize) -> PResult<()> {
        let mut depth = 0usize;
        let mut scratch = String::new();
        loop {
            match self.peek() {
                None => return Err(format!("unterminated `((` starting at byte {open}")),
                Some(b'(') => {
                    depth += 1;
                    self.pos += 1;
                }
                Some(b')') => {
                    if depth == 0 {
                        if self.peek_at_is(1, b')') {
                            self.pos += 2;
                            return Ok(());
                        }
                        return Err(format!("expected `))` at byte {}", self.pos));
                    }
                    depth -= 1;
                    self.pos += 1;
                }
                Some(b'$') => {
                    self.read_dollar(&mut scratch, true)?;
                }
                Some(b'`') => self.backtick(&mut scratch)?,
                Some(_) => self.pos += 1,
            }
        }
    }

    // ---- emitting commands ----

    /// Pushes the command `parts` make (taking its vectors), peeling launchers (recursively
    /// for scripts and `find -exec`). Returns its index, or `None` when a script's commands
    /// replaced it. (`Parts` by reference: moving it is a copy per call in the size-optimised
    /// build.)
    fn emit(&mut self, parts: &mut Parts) -> PResult<Option<usize>> {
        let base_wrappers = self.out.wrappers.len();
        // (most commands have no enclosing launcher: skip the call to clone nothing)
        let mut wrappers = if self.out.wrappers.is_empty() {
            Vec::new()
        } else {
            self.out.wrappers.clone()
        };
        let mut start = 0;
        let mut levels = 0;
        let mut script = None;
        if let Some(p) = &self.out.positional {
            if !parts.dynamic.is_empty() {
                wrappers::substitute_positional(&mut parts.words, &mut parts.dynamic, p);
            }
            if !parts.dynamic_assignments.is_empty() {
                let (a, d) = (&mut parts.assignments, &mut parts.dynamic_assignments);
                wrappers::substitute_assignments(a, d, p);
            }
        }
        while let Some(rest) = parts.words.get(start..).filter(|r| !r.is_empty()) {
            if parts.dynamic.iter().any(|d| d.index == start) {
                break;
            }
            match wrappers::peel(rest) {
                wrappers::Peel::None => break,
                wrappers::Peel::Launcher { name, next } => {
                    let layer = rest.get(..next).unwrap_or(&[]).to_vec();
                    if layer
                        .iter()
                        .skip(1)
                        .any(|w| assignment_name_len(w).is_some())
                    {
                        self.out.not_plain("variable assignment");
                    }
                    wrappers.push(Wrapper {
                        name: name.to_string(),
                        words: layer,
                        script: false,
                        dynamic: dynamic_between(&parts.dynamic, start, start + next),
                    });
                    start += next;
                    self.enter()?;
                    levels += 1;
                }
                wrappers::Peel::Script {
                    name,
                    at,
                    join,
                    skip,
                    params,
                } => {
                    let end = if join {
                        parts.words.len()
                    } else {
                        start + at + 1
                    };
                    if parts
                        .dynamic
                        .iter()
                        .any(|d| d.index >= start + at && d.index < end)
                    {
                        break;
                    }
                    let mut text = parts
                        .words
                        .get(start + at..end)
                        .map(|w| w.join(" "))
                        .unwrap_or_default();
                    let mut layer = rest.get(..at).unwrap_or(&[]).to_vec();
                    // An attached value (`-S'…'`, `--command=…`): the option is the
                    // launcher's, the rest of the word is the script.
                    if skip > 0 {
                        let option = text.get(..skip).unwrap_or_default();
                        layer.push(option.trim_end_matches('=').to_string());
                        text = text.get(skip..).unwrap_or_default().to_string();
                    }
                    // No `dynamic`: the substitutions in a script launcher's words belong to
                    // no listed command (the launcher is replaced by the script's), so they
                    // are rendered as commands of their own and the words stay quoted.
                    wrappers.push(Wrapper {
                        name: name.to_string(),
                        words: layer,
                        script: true,
                        ..Wrapper::default()
                    });
                    script = Some(text);
                    // the script's `$0`, `$1`, …: its launcher's words after it (`{}` is
                    // the file `find -exec`, `xargs -I{}` or `parallel` puts there); `eval`
                    // runs in this shell
                    let open = wrappers
                        .iter()
                        .any(|w| matches!(w.name.as_str(), "xargs" | "find -exec" | "parallel"));
                    self.out.script_positional = match params {
                        Some(p) => {
                            let from = start + p;
                            let words = parts.words.get(from..).unwrap_or(&[]).iter();
                            let values = words.enumerate().map(|(i, w)| {
                                let known =
                                    w != "{}" && !parts.dynamic.iter().any(|d| d.index == from + i);
                                known.then(|| w.clone())
                            });
                            Some(wrappers::Positional {
                                values: values.collect(),
                                open,
                            })
                        }
                        None if name == "eval" => self.out.positional.clone(),
                        None => None,
                    };
                    break;
                }
            }
        }
        if let Some(text) = script {
            let inherited = with_assignments(&self.out.inherited, parts);
            let saved = std::mem::replace(&mut self.out.inherited, inherited);
            // the shell that reads the script: `watch` and `su -c` hand it to `sh -c` (or a
            // login shell that may be one)
            let posix = match wrappers.last().map(|w| w.name.as_str()) {
                Some("eval") => None,
                Some("sh -c" | "dash -c" | "watch" | "su -c") => Some(true),
                _ => Some(false),
            };
            let scope = if wrappers.last().is_some_and(|w| w.name == "eval") {
                Scope::Shared
            } else {
                Scope::Fresh
            };
            let result = self.parse_nested(
                &text,
                Nested {
                    origin: Origin::Script,
                    parent: parts.parent,
                    wrappers: Some(wrappers),
                    cwd: None,
                    keep_pipeline: true,
                    posix,
                    scope,
                },
            );
            self.out.inherited = saved;
            result?;
            for _ in 0..levels {
                self.leave();
            }
            return Ok(None);
        }
        if start > 0 {
            parts.words.drain(..start);
            parts.dynamic.retain(|d| d.index >= start);
            for d in &mut parts.dynamic {
                d.index -= start;
            }
            parts.unknown = indexes_between(&parts.unknown, start, usize::MAX);
            parts.globs = indexes_between(&parts.globs, start, usize::MAX);
        }
        if parts
            .words
            .first()
            .is_some_and(|w| w.bytes().any(|b| matches!(b, b'*' | b'?' | b'[')))
            && !parts.words.first().is_some_and(|w| w == "[" || w == "[[")
        {
            // `/???/r? -rf /`: the name is only known after globbing
            self.out.not_plain("glob in the command name");
        }
        let name = effects::name_key(&parts.words);
        let side_effect = effects::side_effect(name, &parts.words);
        if let Some(why) = side_effect {
            self.out.not_plain(why);
        }
        let execs = effects::exec_ranges(name, &parts.words);
        let own_wrappers = wrappers.len() > base_wrappers;
        let idx = self.push(parts, side_effect, wrappers)?;
        self.track_positional(idx);
        for (a, b) in execs {
            let Some(c) = self.out.commands.get(idx) else {
                break;
            };
            let words = c.words.get(a..b).unwrap_or(&[]).to_vec();
            let dynamic = dynamic_between(&c.dynamic, a, b);
            // `{}` is each file find selects
            let mut unknown = indexes_between(&c.unknown, a, b);
            for (i, w) in words.iter().enumerate() {
                if w.contains("{}") && !unknown.contains(&i) {
                    unknown.push(i);
                }
            }
            let globs = indexes_between(&c.globs, a, b);
            let mut inner_wrappers = c.wrappers.clone();
            inner_wrappers.push(Wrapper {
                name: "find -exec".into(),
                ..Wrapper::default()
            });
            let saved = std::mem::replace(&mut self.out.wrappers, inner_wrappers);
            self.emit(&mut Parts {
                words,
                dynamic,
                unknown,
                globs,
                origin: Some(Origin::Exec),
                parent: Some(idx),
                ..Parts::default()
            })?;
            self.out.wrappers = saved;
        }
        if self
            .out
            .commands
            .get(idx)
            .is_some_and(|c| !c.assignments.is_empty() || !c.wrappers.is_empty())
        {
            self.parse_command_variables(idx)?;
        }
        self.parse_embedded(idx, name)?;
        if !own_wrappers {
            self.track_cd(idx);
        }
        for _ in 0..levels {
            self.leave();
        }
        Ok(Some(idx))
    }

    /// `GIT_PAGER='rm -rf ~' git log`, `env PAGER='sh -c …' man x`: variables whose value the
    /// command runs as shell text are parsed as scripts of that command (a value with an
    /// expansion is left alone: it is already not plain).
    #[inline(never)]
    fn parse_command_variables(&mut self, idx: usize) -> PResult<()> {
        let mut scripts = Vec::new();
        if let Some(c) = self.out.commands.get(idx) {
            for (i, (k, v)) in c.assignments.iter().enumerate() {
                if COMMAND_VARIABLES.contains(&k.as_str())
                    && !c.dynamic_assignments.iter().any(|d| d.index == i)
                {
                    scripts.push(v.clone());
                }
            }
            for w in c.wrappers.iter().filter(|w| w.name == "env") {
                for word in w.words.iter().skip(1) {
                    if let Some((k, v)) = word.split_once('=') {
                        if COMMAND_VARIABLES.contains(&k) {
                            scripts.push(v.to_string());
                        }
                    }
                }
            }
        }
        for text in scripts {
            if text.trim().is_empty() {
                continue;
            }
            self.parse_nested(
                &text,
                Nested {
                    origin: Origin::Script,
                    parent: Some(idx),
                    wrappers: Some(Vec::new()),
                    cwd: None,
                    keep_pipeline: false,
                    // programs hand these to `sh -c`
                    posix: Some(true),
                    scope: Scope::Fresh,
                },
            )?;
        }
        Ok(())
    }

    /// `shift`, `set -- …`: the positional parameters later commands see.
    fn track_positional(&mut self, idx: usize) {
        let (Some(p), Some(c)) = (&self.out.positional, self.out.commands.get(idx)) else {
            return;
        };
        if let Some(next) = p.after(&c.words) {
            self.out.positional = if c.dynamic.is_empty() { next } else { None };
        }
    }

    /// Code inside the command's words (`git -c alias.x='!…'`, `ssh -o ProxyCommand=…`,
    /// `trap '…' EXIT`, `python3 -c '…os.system("…")'`; see [`embedded`]), analysed as the
    /// command's own scripts and commands.
    #[inline(never)]
    fn parse_embedded(&mut self, idx: usize, name: names::Key) -> PResult<()> {
        let Some(c) = self.out.commands.get(idx) else {
            return Ok(());
        };
        let codes = embedded::code(c, name);
        self.parse_codes(idx, codes)
    }

    /// Parses each piece of `codes` as a script or command whose parent is command `idx`.
    #[inline(never)]
    fn parse_codes(&mut self, idx: usize, codes: Vec<embedded::Code>) -> PResult<()> {
        for code in codes {
            let Some(c) = self.out.commands.get(idx) else {
                break;
            };
            let mut wrappers: Vec<Wrapper> =
                c.wrappers.iter().filter(|w| !w.script).cloned().collect();
            wrappers.push(Wrapper {
                name: code.source().to_string(),
                script: true,
                ..Wrapper::default()
            });
            match code {
                // `system()`, git's `!` aliases, `ProxyCommand` run `/bin/sh -c`; a script
                // fed to `source` runs in this shell
                embedded::Code::Script(source, text) => self.parse_nested(
                    &text,
                    Nested {
                        origin: Origin::Script,
                        parent: Some(idx),
                        wrappers: Some(wrappers),
                        cwd: None,
                        keep_pipeline: false,
                        posix: (source != embedded::STDIN_SCRIPT).then_some(true),
                        scope: if source == embedded::STDIN_SCRIPT {
                            Scope::Shared
                        } else {
                            Scope::Fresh
                        },
                    },
                )?,
                embedded::Code::Argv(_, words) => {
                    self.enter()?;
                    let saved = std::mem::replace(&mut self.out.wrappers, wrappers);
                    let saved_origin = std::mem::replace(&mut self.out.origin, Origin::Script);
                    let saved_pipeline = self.out.pipeline.take();
                    let result = self.emit(&mut Parts {
                        words,
                        origin: Some(Origin::Script),
                        parent: Some(idx),
                        ..Parts::default()
                    });
                    self.out.wrappers = saved;
                    self.out.origin = saved_origin;
                    self.out.pipeline = saved_pipeline;
                    self.leave();
                    result?;
                }
                embedded::Code::Opaque(source, why) => {
                    if self.out.opaque.is_none() {
                        let what = format!("{source}: {why}: code toolgate cannot read");
                        self.out.opaque = Some(what);
                    }
                }
            }
        }
        Ok(())
    }

    fn push(
        &mut self,
        parts: &mut Parts,
        side_effect: Option<&'static str>,
        wrappers: Vec<Wrapper>,
    ) -> PResult<usize> {
        if self.out.commands.len() >= MAX_COMMANDS {
            return Err(format!("more than {MAX_COMMANDS} commands"));
        }
        let (pipeline, stage) = self.out.pipeline.unwrap_or((usize::MAX, 0));
        if !self.out.inherited.is_empty() {
            inherit(&self.out.inherited, parts);
        }
        self.out.commands.push(SimpleCommand {
            assignments: std::mem::take(&mut parts.assignments),
            words: std::mem::take(&mut parts.words),
            redirects: Vec::new(),
            cwd: self.out.cwd.clone(),
            cwd_dynamic: self.out.cwd_dynamic,
            wrappers,
            dynamic: std::mem::take(&mut parts.dynamic),
            unknown: std::mem::take(&mut parts.unknown),
            globs: std::mem::take(&mut parts.globs),
            dynamic_assignments: std::mem::take(&mut parts.dynamic_assignments),
            origin: parts.origin.unwrap_or(self.out.origin),
            parent: parts.parent,
            pipeline,
            stage,
            background: false,
            function: self.out.function.clone(),
            side_effect,
        });
        Ok(self.out.commands.len() - 1)
    }

    /// `cd X` / `pushd X` / `popd` change the directory later commands run in.
    fn track_cd(&mut self, idx: usize) {
        let Some(c) = self.out.commands.get(idx) else {
            return;
        };
        let Some(name) = c.words.first().map(|w| names::key(w)) else {
            return;
        };
        let (target, dynamic) = match name {
            names::CD | names::PUSHD => {
                let mut target = None;
                let mut options = true;
                for (i, w) in c.words.iter().enumerate().skip(1) {
                    if options && w == "--" {
                        options = false;
                    } else if options && w.len() > 1 && w.starts_with('-') {
                        continue;
                    } else {
                        target = Some((w.clone(), w == "-" || c.is_dynamic(i)));
                        break;
                    }
                }
                target.unwrap_or_else(|| ("~".to_string(), false))
            }
            names::POPD => ("popd".to_string(), true),
            _ => return,
        };
        let target = target.trim_end_matches('/');
        let target = if target.is_empty() { "/" } else { target };
        let absolute = target.starts_with(['/', '~', '\\'])
            || (matches!(target.as_bytes().get(1), Some(b':'))
                && target
                    .as_bytes()
                    .first()
                    .is_some_and(|b| b.is_ascii_alphabetic()));
        let joined = match (&self.out.cwd, absolute) {
            (Some(cwd), false) if target != "." => {
                format!("{cwd}/{}", target.trim_start_matches("./"))
            }
            (Some(cwd), false) => cwd.clone(),
            _ => target.trim_start_matches("./").to_string(),
        };
        self.out.cwd = Some(joined);
        self.out.cwd_dynamic |= dynamic;
    }
}

/// Prepends a script launcher's assignments (`X=1 bash -c '…'`) to a command of the script.
#[inline(never)]
fn inherit(inherited: &[(String, String, Option<String>)], parts: &mut Parts) {
    let n = inherited.len();
    let mut assignments = Vec::with_capacity(n + parts.assignments.len());
    let mut dynamic = Vec::new();
    for (i, (k, v, raw)) in inherited.iter().enumerate() {
        assignments.push((k.clone(), v.clone()));
        if let Some(raw) = raw {
            dynamic.push(DynamicWord {
                index: i,
                raw: raw.clone(),
            });
        }
    }
    assignments.append(&mut parts.assignments);
    for mut d in parts.dynamic_assignments.drain(..) {
        d.index += n;
        dynamic.push(d);
    }
    parts.assignments = assignments;
    parts.dynamic_assignments = dynamic;
}

/// `inherited` plus the assignments of `parts` (a script launcher's command).
#[inline(never)]
fn with_assignments(
    inherited: &[(String, String, Option<String>)],
    parts: &Parts,
) -> Vec<(String, String, Option<String>)> {
    let mut out = inherited.to_vec();
    for (i, (k, v)) in parts.assignments.iter().enumerate() {
        let raw = parts
            .dynamic_assignments
            .iter()
            .find(|d| d.index == i)
            .map(|d| d.raw.clone());
        out.push((k.clone(), v.clone(), raw));
    }
    out
}

/// The indexes in `from..to`, counted from `from`.
fn indexes_between(list: &[usize], from: usize, to: usize) -> Vec<usize> {
    list.iter()
        .filter(|&&i| i >= from && i < to)
        .map(|&i| i - from)
        .collect()
}

/// An assignment word's value (after `NAME=`), with its spans.
fn value_part(w: &Word, eq: usize) -> Word {
    let spans: Vec<Span> = w
        .spans
        .iter()
        .filter(|s| s.start >= eq)
        .map(|s| Span {
            start: s.start - eq,
            end: s.end - eq,
            kind: s.kind,
        })
        .collect();
    Word {
        text: w.text.get(eq..).unwrap_or("").to_string(),
        dynamic: w.dynamic,
        start: w.start + eq,
        end: w.end,
        // an assignment's value is not brace-expanded or globbed
        glob: false,
        expands: w.dynamic,
        unknown: w.unknown,
        spans,
    }
}

/// The entries of `dynamic` for words `from..to`, indexed from `from`: a slice of a command's
/// words keeps its expansions as written.
fn dynamic_between(dynamic: &[DynamicWord], from: usize, to: usize) -> Vec<DynamicWord> {
    dynamic
        .iter()
        .filter(|d| d.index >= from && d.index < to)
        .map(|d| DynamicWord {
            index: d.index - from,
            raw: d.raw.clone(),
        })
        .collect()
}
