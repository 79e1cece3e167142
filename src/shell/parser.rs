//! Recursive-descent parser for lists, pipelines, compound commands, redirections and
//! here-docs. This file holds the state, lists, pipelines, simple commands and nested sources;
//! `parser/` the rest: `words.rs` reads words (with the lexer's byte classes and word shapes),
//! `compound.rs` compound commands, `redirects.rs` redirections and here-doc bodies, `emit.rs`
//! what a simple command becomes (launchers peeled, embedded code parsed, `cd` tracked).
//! Every nesting goes through [`Parser::enter`], so hostile input cannot exhaust the stack,
//! and lists are parsed iteratively, so long chains stay linear.

mod compound;
mod dirs;
mod emit;
mod redirects;
mod words;

use super::expand::{self, Vars};
use super::lexer::{
    assignment_name_len, is_delim, is_identifier, named_descriptor, unclosed_subscript, unquoted,
    Span, Word,
};
use super::{
    effects, embedded, names, wrappers, Analysis, DynamicWord, Origin, Problem, Redirect,
    SimpleCommand, Wrapper, MAX_COMMANDS, MAX_DEPTH,
};
use dirs::Dirs;

pub(super) type PResult<T> = Result<T, String>;

/// State shared by every source being parsed (the command line, backtick bodies, `bash -c`
/// scripts, here-doc bodies): the output and the context new commands inherit.
pub(super) struct Shared {
    pub commands: Vec<SimpleCommand>,
    pub not_plain: Option<&'static str>,
    depth: usize,
    next_pipeline: usize,
    /// Where the next command runs.
    dirs: Dirs,
    /// `HOME` as the line set it (`Some(None)`: to a value toolgate cannot know); `None`
    /// while it is the environment's, where `~` is the home.
    home: Option<Option<String>>,
    /// `CDPATH` was set to a search path, or `cdable_vars` turned on: a relative `cd` may
    /// go elsewhere.
    cd_searches: bool,
    /// The directory before the last `cd` (`~-`), when it is one known absolute directory.
    oldpwd: Option<String>,
    /// `set -e`: a command that fails outside a condition or `&&`/`||` list ends the shell.
    errexit: bool,
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

/// How a nested source (script, backtick body, here-doc body) is parsed.
struct Nested {
    origin: Origin,
    parent: Option<usize>,
    wrappers: Option<Vec<Wrapper>>,
    cwd: Option<Dirs>,
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
    /// The spans of the word being read (see `parser/words.rs`).
    pub(super) spans: Vec<Span>,
}

pub(super) fn parse(src: &str) -> Analysis {
    let mut shared = Shared {
        commands: Vec::new(),
        not_plain: None,
        depth: 0,
        next_pipeline: 0,
        dirs: Dirs::default(),
        home: None,
        cd_searches: false,
        oldpwd: None,
        errexit: false,
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
        roles: Default::default(),
    }
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

    /// `expected WHAT (unexpected … at byte N)`. (One body for the messages' formatting.)
    #[inline(never)]
    pub(super) fn expected(&self, what: &str) -> String {
        format!("expected {what} ({})", self.unexpected())
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
            let dirs = self.out.dirs.clone();
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
                    // a background job runs in a subshell: its `cd` never reaches this one
                    self.out.dirs = dirs;
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
        // where the list may end up: a `cd` in it may fail, or be skipped by `&&`/`||`
        let mut ends = self.out.dirs.clone();
        // where it is when the pipeline before a `||` worked, and what follows `||` exits
        let mut succeeded: Option<Dirs> = None;
        let mut pipelines = 0;
        loop {
            let entered = self.out.dirs.clone();
            let first = self.out.commands.len();
            self.parse_pipeline()?;
            pipelines += 1;
            self.skip_blanks();
            let op = match (self.peek(), self.peek_at(1)) {
                (Some(b'&'), Some(b'&')) => "&&",
                (Some(b'|'), Some(b'|')) => "||",
                _ => "",
            };
            // `… || exit 1`: the failure does not go on; what goes on is where `…` worked
            let exits = succeeded.is_some()
                && self.out.commands.get(first..).is_some_and(|emitted| {
                    emitted.last().is_some_and(|c| {
                        matches!(c.name(), Some("exit" | "return"))
                            && c.origin == Origin::Top
                            && c.pipeline == emitted[0].pipeline
                    })
                });
            if exits && op.is_empty() {
                self.out.dirs = succeeded.take().unwrap_or_default();
                if let Some(before) = before {
                    self.out.vars.merge(&before);
                }
                return Ok(());
            }
            if self.out.dirs != entered {
                ends.union(&self.out.dirs);
            }
            succeeded = (op == "||").then(|| self.out.dirs.clone());
            if op == "||" && ends != self.out.dirs {
                // what follows `||` runs when something before it failed, a `cd` among them
                self.out.dirs.union(&ends);
            }
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
            // with `set -e` a lone command that fails ends the shell
            if self.out.dirs != ends && !(self.out.errexit && pipelines == 1) {
                self.out.dirs.union(&ends);
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
                // (timing changes nothing the command does: it stays plain; bash takes `-p`,
                // then `--`, each optional)
                self.pos += 4;
                self.skip_blanks();
                if self.at_word("-p") {
                    self.pos += 2;
                    self.skip_blanks();
                }
                if self.at_word("--") {
                    self.pos += 2;
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
        let saved_cwd = self.out.dirs.clone();
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
            self.out.dirs = saved_cwd;
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
            let saved = self.out.dirs.clone();
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
            self.out.dirs = saved;
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
                return Err(self.expected("a function name"));
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
        // the assignments' values as read, for the variables they set
        let mut values: Vec<expand::Assigned> = Vec::new();
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
                    // a quoted subscript (`a["k"]=v`) is shorter once unquoted, and may hold
                    // `]=` (`a["]=x"]=v`): the value starts after what the name reads as
                    let text_eq = if raw.get(..n).is_some_and(|s| s.contains(['\'', '"', '\\'])) {
                        unquoted(raw.get(..eq).unwrap_or(""))
                            .filter(|name| w.text.starts_with(name.as_str()))
                            .map(|name| name.len())
                    } else {
                        Some(eq)
                    };
                    let mut value = text_eq
                        .and_then(|e| w.text.get(e..))
                        .unwrap_or("")
                        .to_string();
                    let mut raw = raw.get(eq..).unwrap_or("").to_string();
                    let mut dynamic = w.dynamic || text_eq.is_none();
                    let mut array = None;
                    if value.is_empty() && raw.is_empty() && self.peek_is(b'(') {
                        let open = self.pos;
                        let elements;
                        (value, dynamic, elements) = self.read_array()?;
                        self.array_ends_its_word()?;
                        raw = self.slice(open, self.pos).to_string();
                        array = Some(elements);
                    }
                    if dynamic {
                        parts.dynamic_assignments.push(DynamicWord {
                            index: parts.assignments.len(),
                            raw,
                        });
                    }
                    let append = name.ends_with('+');
                    values.push(match array {
                        Some(elements) => expand::Assigned::Array { elements, append },
                        None => expand::Assigned::Scalar {
                            value: value_part(&w, eq),
                            append,
                        },
                    });
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
            return Err(self.expected("a command"));
        }
        let emit_start = self.out.commands.len();
        let main = self.emit_expanded(&mut parts, words, &values, !redirects.is_empty())?;
        let script = main.is_none();
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
            self.attach_redirects(emit_start..self.out.commands.len(), redirects, script);
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
        values: &[expand::Assigned],
        redirected: bool,
    ) -> PResult<Option<usize>> {
        // (no words: expanded as read, one combination below)
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

    /// Adds the fields of `w` to `parts` (taking its text when `last`). Not inlined: it has two
    /// callers, and a call per word costs nothing measurable.
    #[inline(never)]
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

    /// `a=(x)y` is one word to bash, a scalar `(x)y`: refused, not read as an array and a
    /// program `y` (`a=(x)y rm -rf ~` runs `rm`).
    fn array_ends_its_word(&self) -> PResult<()> {
        match self.peek() {
            Some(b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b')') | None => Ok(()),
            Some(_) => Err(format!(
                "an array assignment is followed by more of its word at byte {}",
                self.pos
            )),
        }
    }

    /// `NAME=(a b c)`: the value as written, words unquoted, whether a word holds an
    /// expansion, and the words.
    fn read_array(&mut self) -> PResult<(String, bool, Vec<Word>)> {
        let open = self.pos;
        self.pos += 1;
        let mut value = String::from("(");
        let mut dynamic = false;
        let mut elements = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None => return Err(format!("unterminated array at byte {open}")),
                Some(b')') => {
                    self.pos += 1;
                    value.push(')');
                    return Ok((value, dynamic, elements));
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
                    elements.push(w);
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

    /// Parses `text` as a separate source (a script, backtick body or here-doc body).
    #[inline(never)]
    fn parse_nested(&mut self, text: &str, ctx: Nested) -> PResult<()> {
        self.enter()?;
        let start = self.out.commands.len();
        let saved_origin = std::mem::replace(&mut self.out.origin, ctx.origin);
        let saved_wrappers = ctx
            .wrappers
            .map(|w| std::mem::replace(&mut self.out.wrappers, w));
        let saved_cwd = self.out.dirs.clone();
        if let Some(dirs) = ctx.cwd {
            self.out.dirs = dirs;
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
        self.out.dirs = saved_cwd;
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
                None => return Err(unterminated("backquote", open)),
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
        let saved_cwd = self.out.dirs.clone();
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
        self.out.dirs = saved_cwd;
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
                None => return Err(unterminated("`((`", open)),
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
}

/// `unterminated WHAT starting at byte OPEN`.
#[inline(never)]
pub(super) fn unterminated(what: &str, open: usize) -> String {
    format!("unterminated {what} starting at byte {open}")
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
