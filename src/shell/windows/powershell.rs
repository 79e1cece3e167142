//! A reader for the PowerShell agents emit: statements (`;`, newlines, `&&`, `||`),
//! pipelines, commands with the `&` and `.` call operators, parameters (`-Name`,
//! `-Name:value`, unambiguous prefixes), `'…'` and `"…"` strings (`` ` `` escapes, `$var`,
//! `${var}`, `$env:NAME`, `$(…)`), here-strings, `(…)`, `$(…)`, `@(…)`, `@{…}`, script
//! blocks `{…}`, member calls (`.DownloadString(…)`), assignments of literal text, the
//! statements `if`/`elseif`/`else`/`foreach`/`for`/`while`/`do`/`switch`/`try`/`catch`/
//! `finally`/`function`/`param`/`return`/`throw`/`exit`, and redirections (`>`, `>>`,
//! `2>`, `*>`, `2>&1`).
//!
//! Every command inside a string, group or script block is read where it stands (a script
//! block's commands may run: `ForEach-Object { … }`, `Invoke-Command { … }`). A value the
//! line does not decide (`$env:X`, `$_`, a `(…)`'s output) is unknown. Invoke-Expression of
//! literal text reads that text; of anything else it is `eval` of an unknown word;
//! at the end of a pipeline it is `sh` reading its input (`irm … | iex` is `curl … | sh`).
//! A `.Download…(URL)` method call is `curl URL`. A cmdlet reading paths from the pipeline
//! after a listing (`ls | cat`) reads names it is given, as through `xargs`.

use crate::shell::analysis::MAX_DEPTH;
use crate::shell::analysis::{Analysis, Origin, Redirect, Wrapper};
use crate::shell::windows::cmdlets::{self, Role};
use crate::shell::windows::{eq, programs, split_line, Arg, Out};

type R<T> = Result<T, String>;

/// Reads `command` as PowerShell.
pub(crate) fn read(command: &str) -> Analysis {
    let mut out = Out::default();
    read_into(command, &mut out, Origin::Top, 0);
    out.finish()
}

/// Reads `command` into `out` (as Invoke-Expression's text does), `depth` levels down.
fn read_into(command: &str, out: &mut Out, origin: Origin, depth: usize) {
    // PowerShell reads typographic quotes and dashes as the ASCII ones
    let text: String = command
        .chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201E}' => '"',
            '\u{2013}' | '\u{2014}' | '\u{2015}' => '-',
            c => c,
        })
        .collect();
    let mut p = Ps {
        s: text.as_bytes(),
        i: 0,
        depth,
        out,
        vars: Vec::new(),
    };
    if let Err(why) = p.script(0, origin) {
        p.out.fail(why);
    }
}

struct Ps<'a, 'o> {
    s: &'a [u8],
    i: usize,
    depth: usize,
    out: &'o mut Out,
    /// Variables assigned literal text earlier in the line (lowercase names).
    vars: Vec<(String, String)>,
}

/// A command's word as read: a parameter (`-Name`, with a `-Name:value` value), or a value.
enum Token {
    Param(String, Option<Arg>),
    Value { arg: Arg, joined: bool },
}

const KEYWORDS: &[&str] = &[
    "begin", "break", "catch", "continue", "data", "do", "else", "elseif", "end", "exit", "filter",
    "finally", "for", "foreach", "function", "if", "param", "process", "return", "switch", "throw",
    "trap", "try", "until", "while",
];

/// Ends a bare word in argument mode.
fn ends_word(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\r'
            | b'\n'
            | b';'
            | b'|'
            | b'&'
            | b')'
            | b'}'
            | b'('
            | b'{'
            | b','
            | b'>'
            | b'<'
    )
}

impl<'a, 'o> Ps<'a, 'o> {
    fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }

    fn at(&self, k: usize) -> u8 {
        self.s.get(self.i + k).copied().unwrap_or(0)
    }

    /// The text from `a` to `b`.
    #[inline(never)]
    fn text(&self, a: usize, b: usize) -> String {
        // the reader cuts only before or after ASCII bytes, so on character boundaries
        std::str::from_utf8(self.s.get(a..b).unwrap_or_default())
            .unwrap_or("\u{fffd}")
            .to_string()
    }

    /// The character after a backtick (`` `n `` is a newline; a non-ASCII one is itself and
    /// is read with the text after it).
    fn escaped(&mut self, text: &mut String) {
        let e = self.peek();
        if e != 0 && e < 0x80 {
            self.i += 1;
            text.push(escape(e));
        }
    }

    fn looking_at(&self, t: &str) -> bool {
        self.s
            .get(self.i..self.i + t.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(t.as_bytes()))
    }

    /// Blanks, line continuations and comments (and newlines when `lines`).
    fn blanks(&mut self, lines: bool) {
        loop {
            match self.peek() {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'\n' if lines => self.i += 1,
                b'`' if matches!(self.at(1), b'\n' | b'\r') => self.i += 2,
                b'<' if self.at(1) == b'#' => match find(self.s, self.i + 2, b"#>") {
                    Some(e) => self.i = e + 2,
                    None => self.i = self.s.len(),
                },
                b'#' => {
                    while !matches!(self.peek(), 0 | b'\n') {
                        self.i += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn deeper<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        if self.depth >= MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} levels deep"));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// Statements up to `end` (`)`, `}`, or 0 for the end of the text), which is consumed;
    /// the value of a lone expression that is all of them.
    fn script(&mut self, end: u8, origin: Origin) -> R<Option<Arg>> {
        self.deeper(|p| {
            let mut values = Vec::new();
            loop {
                p.blanks(true);
                match p.peek() {
                    b';' => p.i += 1,
                    0 if end == 0 => break,
                    0 => return Err(format!("`{}` is not closed", end as char)),
                    c if c == end => {
                        p.i += 1;
                        break;
                    }
                    b')' | b'}' => return Err(format!("unexpected `{}`", p.peek() as char)),
                    _ => {
                        let at = p.i;
                        values.push(p.chain(origin)?);
                        // a statement that reads nothing would be read again forever
                        if p.i == at {
                            return Err(format!("cannot read the text at byte {at}"));
                        }
                    }
                }
            }
            Ok(match values.pop() {
                Some(v) if values.is_empty() => v,
                _ => None,
            })
        })
    }

    /// Pipelines joined by `&&`/`||`, ending with an optional `&` (a background job); the
    /// value of a lone expression.
    fn chain(&mut self, origin: Origin) -> R<Option<Arg>> {
        let mut value = self.statement(origin)?;
        loop {
            self.blanks(false);
            if self.looking_at("&&") || self.looking_at("||") {
                self.i += 2;
                self.blanks(true);
                self.statement(origin)?;
                value = None;
                continue;
            }
            if self.peek() == b'&' {
                self.i += 1;
                self.out.not_plain("background job");
            }
            return Ok(value);
        }
    }

    /// A keyword statement, an assignment, or a pipeline (the value of a lone expression).
    fn statement(&mut self, origin: Origin) -> R<Option<Arg>> {
        let start = self.i;
        let word = self.bare_name();
        let keyword = KEYWORDS.iter().find(|k| eq(k, &word)).copied();
        if let Some(k) =
            keyword.filter(|_| !word.is_empty() && !self.peek().is_ascii_alphanumeric())
        {
            return self.keyword(k, origin).map(|_| None);
        }
        self.i = start;
        // `$x = …`, `$x += …`
        if self.peek() == b'$' {
            let save = self.i;
            self.i += 1;
            let name = self.bare_name();
            self.blanks(false);
            let op = if self.peek() == b'=' && self.at(1) != b'=' {
                1
            } else if matches!(self.peek(), b'+' | b'-' | b'*' | b'/' | b'%') && self.at(1) == b'='
            {
                2
            } else {
                0
            };
            if op > 0 && !name.is_empty() {
                self.i += op;
                self.blanks(true);
                let kids = self.out.analysis.commands.len();
                let literal = self.pipeline(origin)?;
                let name = name.to_ascii_lowercase();
                self.vars.retain(|(n, _)| *n != name);
                match literal {
                    Some(v)
                        if op == 1 && !v.unknown && kids == self.out.analysis.commands.len() =>
                    {
                        self.vars.push((name, v.text))
                    }
                    _ => {}
                }
                return Ok(None);
            }
            self.i = save;
        }
        let kids = self.out.analysis.commands.len();
        let value = self.pipeline(origin)?;
        Ok(value.filter(|_| kids == self.out.analysis.commands.len()))
    }

    /// A name made of letters, digits, `_`, `-`, `:` (a keyword, a variable).
    fn bare_name(&mut self) -> String {
        let start = self.i;
        if self.peek() == b'{' {
            // `${name}`
            if let Some(e) = find(self.s, self.i, b"}") {
                self.i = e + 1;
                return self.text(start + 1, e);
            }
        }
        while matches!(self.peek(), b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b':' | b'?') {
            if self.peek() == b':' && self.at(1) == b':' {
                break;
            }
            self.i += 1;
        }
        self.text(start, self.i)
    }

    fn keyword(&mut self, k: &str, origin: Origin) -> R<()> {
        self.blanks(false);
        match k {
            "function" | "filter" => {
                self.word_until_blank();
                self.blanks(true);
                if self.peek() == b'(' {
                    self.i += 1;
                    self.script(b')', origin)?;
                    self.blanks(true);
                }
                self.block(origin)
            }
            "foreach" | "for" | "while" | "if" | "elseif" | "switch" | "until" | "param" => {
                // `switch -Regex (…)`
                while self.peek() == b'-' {
                    self.word_until_blank();
                    self.blanks(false);
                }
                if self.peek() == b'(' {
                    self.i += 1;
                    if k == "foreach" {
                        // `($x in <pipeline>)`
                        self.blanks(true);
                        if self.peek() == b'$' {
                            self.i += 1;
                            self.bare_name();
                            self.blanks(true);
                            if self.looking_at("in") && ends_word(self.at(2)) {
                                self.i += 2;
                            }
                        }
                    }
                    self.script(b')', origin)?;
                    self.blanks(true);
                }
                if k == "param" || k == "until" || (k == "while" && self.peek() != b'{') {
                    return Ok(());
                }
                self.block(origin)
            }
            "else" | "try" | "finally" | "do" | "begin" | "process" | "end" | "trap" | "data" => {
                self.block(origin)
            }
            "catch" => {
                while self.peek() == b'[' {
                    self.type_name()?;
                    self.blanks(true);
                    if self.peek() == b',' {
                        self.i += 1;
                        self.blanks(true);
                    }
                }
                self.block(origin)
            }
            // `return`, `throw`, `exit`, `break`, `continue` with an optional value
            _ => {
                if !matches!(self.peek(), 0 | b';' | b'\n' | b'}' | b')') {
                    self.pipeline(origin)?;
                }
                Ok(())
            }
        }
    }

    fn word_until_blank(&mut self) {
        while !ends_word(self.peek()) && self.peek() != 0 {
            self.i += 1;
        }
    }

    fn block(&mut self, origin: Origin) -> R<()> {
        self.blanks(true);
        if self.peek() != b'{' {
            return Err("a statement's `{` block is missing".into());
        }
        self.i += 1;
        self.script(b'}', origin).map(drop)
    }

    /// `[Type.Name]`, `[int[]]`.
    fn type_name(&mut self) -> R<String> {
        let start = self.i;
        let mut level = 0;
        loop {
            match self.peek() {
                b'[' => level += 1,
                b']' => {
                    level -= 1;
                    if level == 0 {
                        self.i += 1;
                        return Ok(self.text(start, self.i));
                    }
                }
                0 => return Err("`[` is not closed".into()),
                _ => {}
            }
            self.i += 1;
        }
    }

    /// A pipeline; returns the value of a lone expression (for assignments).
    fn pipeline(&mut self, origin: Origin) -> R<Option<Arg>> {
        let pipeline = self.out.pipeline();
        let mut stage = 0;
        let mut first: Option<Arg> = None;
        // (stage, canonical name) of each command read so far: what a later stage receives
        let mut stages: Vec<Option<&'static str>> = Vec::new();
        let mut lone = None;
        loop {
            self.blanks(false);
            let kids = self.out.analysis.commands.len();
            if stage == 0 && self.starts_expression() {
                let v = self.expression(origin, false)?;
                self.blanks(false);
                let piped = self.peek() == b'|' && self.at(1) != b'|';
                if piped {
                    // the expression's value goes down the pipeline
                    let download = self.out.analysis.commands[kids..].iter().rposition(|c| {
                        c.words.first().is_some_and(|w| w == "curl") && c.parent.is_none()
                    });
                    match download {
                        Some(d) => {
                            let c = &mut self.out.analysis.commands[kids + d];
                            c.pipeline = pipeline;
                            c.stage = 0;
                            c.origin = origin;
                        }
                        None => {
                            let mut words = vec![Arg::new("echo")];
                            words.extend((!v.text.is_empty() || v.unknown).then(|| v.clone()));
                            self.out.push(
                                words,
                                Vec::new(),
                                Vec::new(),
                                origin,
                                (pipeline, 0),
                                kids,
                            )?;
                        }
                    }
                    stages.push(None);
                    first = Some(v);
                } else {
                    lone = Some(v);
                    self.redirects_after_expression()?;
                }
            } else {
                let name = self.command(origin, (pipeline, stage), &stages, first.as_ref())?;
                stages.push(name);
            }
            self.blanks(false);
            if self.peek() == b'|' && self.at(1) != b'|' {
                self.i += 1;
                self.blanks(true);
                stage += 1;
                continue;
            }
            return Ok(lone.filter(|_| stage == 0));
        }
    }

    fn starts_expression(&self) -> bool {
        match self.peek() {
            b'$' | b'(' | b'\'' | b'"' | b'[' | b'@' | b'0'..=b'9' | b'!' => true,
            b'-' => self.at(1).is_ascii_digit() || self.looking_at("-not"),
            b'+' => true,
            _ => false,
        }
    }

    fn redirects_after_expression(&mut self) -> R<()> {
        let mut redirects = Vec::new();
        while self.redirect(&mut redirects)? {}
        if !redirects.is_empty() {
            let kids = self.out.analysis.commands.len();
            let pipeline = self.out.pipeline();
            self.out.push(
                vec![Arg::new("echo")],
                Vec::new(),
                redirects,
                Origin::Top,
                (pipeline, 0),
                kids,
            )?;
        }
        Ok(())
    }

    /// An expression: operands joined by operators, up to the end of the statement or a
    /// pipe (or a `,` in a `list` of method arguments). Its value is known only when it is literal text (or text joined with `+`).
    fn expression(&mut self, origin: Origin, list: bool) -> R<Arg> {
        let mut v: Option<Arg> = None;
        let mut joined = false;
        loop {
            self.blanks(false);
            let c = self.peek();
            // a pipe (`|` or `||`), `&&`, a redirection
            if matches!(c, 0 | b';' | b'\n' | b')' | b'}' | b']' | b'|' | b'>')
                || self.looking_at("&&")
                || ((c.is_ascii_digit() || c == b'*') && self.at(1) == b'>')
            {
                break;
            }
            if c == b'&' || (list && c == b',') {
                break;
            }
            // operators
            if c == b'-' && self.at(1).is_ascii_alphabetic() && v.is_some()
                || self.looking_at("-not")
            {
                self.i += 1;
                self.bare_name();
                v = v.map(|mut v| {
                    v.unknown = true;
                    v
                });
                joined = false;
                continue;
            }
            if matches!(
                c,
                b'+' | b'-' | b'*' | b'/' | b'%' | b'=' | b'!' | b',' | b'.'
            ) && v.is_some()
                || (v.is_none() && matches!(c, b'!' | b'-' | b'+' | b','))
            {
                // `..` ranges, `,` arrays, arithmetic: a literal stays known only through `+`
                joined = c == b'+' && v.as_ref().is_some_and(|v| !v.unknown);
                if !joined {
                    if let Some(v) = v.as_mut() {
                        v.unknown = true;
                    }
                }
                self.i += 1;
                continue;
            }
            let operand = self.operand(origin)?;
            v = Some(match v {
                Some(mut prev) if joined && !operand.unknown => {
                    prev.text.push_str(&operand.text);
                    prev
                }
                Some(mut prev) => {
                    prev.unknown = true;
                    prev
                }
                None => operand,
            });
            joined = false;
        }
        Ok(v.unwrap_or_default())
    }

    /// One operand of an expression with its member accesses, indexes and calls.
    fn operand(&mut self, origin: Origin) -> R<Arg> {
        let mut v = match self.peek() {
            b'[' => {
                self.type_name()?;
                unknown_arg("[type]")
            }
            b'{' => {
                self.i += 1;
                self.script(b'}', Origin::Script)?;
                unknown_arg("{…}")
            }
            b'0'..=b'9' => {
                let start = self.i;
                while self.peek().is_ascii_alphanumeric()
                    || self.peek() == b'.' && self.at(1).is_ascii_digit()
                {
                    self.i += 1;
                }
                Arg::new(&self.text(start, self.i))
            }
            c if matches!(c, b'$' | b'(' | b'\'' | b'"' | b'@') => self.part()?,
            c if c.is_ascii_alphabetic() || c == b'_' => {
                // a bare word in an expression (`$a -eq foo`): its text
                let start = self.i;
                self.word_until_blank();
                Arg::new(&self.text(start, self.i))
            }
            c => return Err(format!("unexpected `{}` in an expression", c as char)),
        };
        self.members(&mut v, origin)?;
        Ok(v)
    }

    /// `.Name`, `::Name`, `[i]` and `(…)` calls after a value; a call that reads, writes,
    /// deletes or downloads a file is a command (see [`method_reading`]).
    fn members(&mut self, arg: &mut Arg, origin: Origin) -> R<()> {
        loop {
            if self.peek() == b'[' {
                self.type_name()?;
                arg.unknown = true;
                continue;
            }
            let step = match (self.peek(), self.at(1)) {
                (b'.', c) if c.is_ascii_alphabetic() || c == b'_' => 1,
                (b':', b':') => 2,
                _ => return Ok(()),
            };
            self.i += step;
            let member = self.bare_name();
            arg.unknown = true;
            arg.text = format!("{}.{member}", arg.text);
            if self.peek() == b'(' {
                self.i += 1;
                let kids = self.out.analysis.commands.len();
                let mut values = Vec::new();
                loop {
                    self.blanks(true);
                    if self.peek() == b')' {
                        self.i += 1;
                        break;
                    }
                    let v = self.expression(Origin::CommandSubstitution, true)?;
                    values.push(v);
                    self.blanks(true);
                    match self.peek() {
                        b',' => self.i += 1,
                        b')' => {}
                        _ => return Err("a method call's `)` is missing".into()),
                    }
                }
                if let Some(words) = method_reading(&member.to_ascii_lowercase(), values) {
                    let pipeline = self.out.pipeline();
                    let sub = if origin == Origin::Top {
                        Origin::CommandSubstitution
                    } else {
                        origin
                    };
                    self.out
                        .push(words, Vec::new(), Vec::new(), sub, (pipeline, 0), kids)?;
                }
            }
        }
    }

    /// One command of a pipeline; returns its canonical cmdlet name when it is one.
    fn command(
        &mut self,
        origin: Origin,
        (pipeline, stage): (usize, usize),
        stages: &[Option<&'static str>],
        first: Option<&Arg>,
    ) -> R<Option<&'static str>> {
        let kids = self.out.analysis.commands.len();
        // `& name`, `. name`: the call operators
        let mut dot = false;
        if matches!(self.peek(), b'&' | b'.')
            && matches!(self.at(1), b' ' | b'\t' | b'\'' | b'"' | b'$' | b'{' | b'(')
        {
            dot = self.peek() == b'.';
            self.i += 1;
            self.blanks(false);
            if self.peek() == b'{' {
                self.i += 1;
                self.script(b'}', origin)?;
                self.command_rest(&mut Vec::new(), &mut Vec::new(), origin)?;
                return Ok(None);
            }
        }
        let Some(name) = self.arg(origin)? else {
            return Err(format!(
                "a command is missing before `{}`",
                self.peek() as char
            ));
        };
        let mut tokens = Vec::new();
        let mut redirects = Vec::new();
        self.command_rest(&mut tokens, &mut redirects, origin)?;
        if dot {
            // dot-sourcing runs the script in this shell
            let head = vec![Arg::new("."), name];
            self.push_words(head, tokens, redirects, origin, (pipeline, stage), kids)?;
            return Ok(None);
        }
        let resolved = if name.unknown || name.quoted && name.text.contains(['\\', '/']) {
            None
        } else {
            cmdlets::resolve(&name.text).filter(|(n, _)| {
                !matches!(*n, "Invoke-WebRequest") || !native_fetcher(&name.text, &tokens)
            })
        };
        let Some((canonical, cmdlet)) = resolved else {
            // a program: its words as written
            let mut words = vec![Arg {
                text: name.text.replace('\\', "/"),
                ..name.clone()
            }];
            words.extend(tokens.into_iter().map(token_arg));
            let mut written: Vec<String> = words.iter().map(|a| a.text.clone()).collect();
            written[0] = name.text.clone();
            let words = programs::reading(words);
            self.out
                .push(words, written, redirects, origin, (pipeline, stage), kids)?;
            return Ok(None);
        };
        let Some(cmdlet) = cmdlet else {
            // a cmdlet read as itself (ForEach-Object, Where-Object, Invoke-Command, …)
            let head = vec![Arg::new(canonical)];
            self.push_words(head, tokens, redirects, origin, (pipeline, stage), kids)?;
            return Ok(Some(canonical));
        };
        let bound = bind(cmdlet, tokens)?;
        let written = bound.written.clone();
        let values = |want: fn(&Role) -> bool| bound.values(want);
        let mut words: Vec<Arg>;
        match canonical {
            "Invoke-Expression" => {
                words = self.invoke_expression(values(|r| *r == Role::Code), stage, first)?
            }
            "Start-Process" => words = start_process(&bound, &mut redirects),
            _ => {
                let reads_as = if cmdlet.reads_as.is_empty() {
                    canonical
                } else {
                    cmdlet.reads_as
                };
                let mut patterned = false;
                words = Vec::new();
                for w in reads_as.split(' ').chain(bound.switches.iter().copied()) {
                    words.push(Arg::new(w));
                }
                for (role, v) in &bound.values {
                    match role {
                        Role::File(flag) => {
                            let flag = flag.text();
                            if !flag.is_empty() {
                                words.push(Arg::new(flag));
                            }
                            words.push(v.clone());
                        }
                        // grep's first operand: a pattern, not a file
                        Role::Pattern if !patterned => {
                            patterned = true;
                            words.push(v.clone());
                        }
                        _ => {}
                    }
                }
                words.extend(values(|r| matches!(r, Role::Path | Role::Url | Role::Word)));
                words.extend(values(|r| *r == Role::Dest));
                let paths = cmdlet.params.iter().any(|(_, r)| *r == Role::Path);
                if paths && stage > 0 && values(|r| *r == Role::Path).is_empty() {
                    // `ls | cat`: names from the pipeline
                    match first.filter(|v| !v.unknown && stage == 1) {
                        Some(v) => words.push(v.clone()),
                        None if stages.iter().any(|s| s.map_or(true, lists)) => {
                            let at = self.out.push(
                                words,
                                written,
                                redirects,
                                origin,
                                (pipeline, stage),
                                kids,
                            )?;
                            self.out.analysis.commands[at].wrappers.push(Wrapper {
                                name: "xargs".into(),
                                words: vec!["xargs".into()],
                                ..Wrapper::default()
                            });
                            return Ok(Some(canonical));
                        }
                        None => {}
                    }
                }
                if matches!(canonical, "Set-Location" | "Push-Location") {
                    self.out.cd(values(|r| *r == Role::Path).first());
                }
            }
        }
        self.out
            .push(words, written, redirects, origin, (pipeline, stage), kids)?;
        Ok(Some(canonical))
    }

    /// `Invoke-Expression CODE` read as `eval CODE`, its literal code read; piped text it
    /// runs is read when literal, else it is a shell reading its input.
    fn invoke_expression(
        &mut self,
        code: Vec<Arg>,
        stage: usize,
        first: Option<&Arg>,
    ) -> R<Vec<Arg>> {
        let mut words = vec![Arg::new("eval")];
        if code.is_empty() && stage > 0 {
            match first.filter(|v| !v.unknown && stage == 1) {
                Some(v) => {
                    let text = v.text.clone();
                    self.code(&text)?;
                }
                None => words = vec![Arg::new("sh")],
            }
        }
        for c in code {
            if !c.unknown {
                self.code(&c.text)?;
            }
            words.push(c);
        }
        Ok(words)
    }

    /// Adds a command read as written: `head`, then the tokens as words.
    fn push_words(
        &mut self,
        mut words: Vec<Arg>,
        tokens: Vec<Token>,
        redirects: Vec<Redirect>,
        origin: Origin,
        at: (usize, usize),
        kids: usize,
    ) -> R<usize> {
        words.extend(tokens.into_iter().map(token_arg));
        self.out
            .push(words, Vec::new(), redirects, origin, at, kids)
    }

    /// Reads literal code Invoke-Expression runs.
    fn code(&mut self, text: &str) -> R<()> {
        if self.depth >= MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} levels deep"));
        }
        read_into(text, self.out, Origin::Script, self.depth + 1);
        Ok(())
    }

    /// The words and redirections after a command's name.
    fn command_rest(
        &mut self,
        tokens: &mut Vec<Token>,
        redirects: &mut Vec<Redirect>,
        origin: Origin,
    ) -> R<()> {
        let mut params = true;
        loop {
            self.blanks(false);
            if self.redirect(redirects)? {
                continue;
            }
            let c = self.peek();
            if matches!(c, 0 | b';' | b'\n' | b'|' | b')' | b'}')
                || self.looking_at("&&")
                || c == b'&'
            {
                return Ok(());
            }
            let joined = c == b',';
            if joined {
                self.i += 1;
                self.blanks(true);
            }
            if params
                && c == b'-'
                && !joined
                && (self.at(1).is_ascii_alphabetic() || self.at(1) == b'_' || self.at(1) == b'?')
            {
                self.i += 1;
                let start = self.i;
                while !ends_word(self.peek()) && self.peek() != b':' && self.peek() != 0 {
                    self.i += 1;
                }
                let name = self.text(start, self.i);
                let value = if self.peek() == b':' {
                    self.i += 1;
                    self.arg(origin)?
                } else {
                    None
                };
                tokens.push(Token::Param(name, value));
                continue;
            }
            if c == b'-' && self.at(1) == b'-' && ends_word(self.at(2)) {
                self.i += 2;
                params = false;
                continue;
            }
            match self.arg(origin)? {
                Some(arg) => tokens.push(Token::Value { arg, joined }),
                None => return Err(format!("unexpected `{}`", self.peek() as char)),
            }
        }
    }

    /// `>`, `>>`, `2>`, `*>`, `2>&1`, `3>>`; `<` is reserved in PowerShell.
    fn redirect(&mut self, out: &mut Vec<Redirect>) -> R<bool> {
        let start = self.i;
        if matches!(self.peek(), b'1'..=b'6' | b'*') && self.at(1) == b'>' {
            self.i += 1;
        }
        match self.peek() {
            b'>' => {}
            b'<' if start == self.i => return Err("`<` is reserved in PowerShell".into()),
            _ => {
                self.i = start;
                return Ok(false);
            }
        }
        self.i += 1;
        if self.peek() == b'>' {
            self.i += 1;
        }
        if self.peek() == b'&' && matches!(self.at(1), b'1' | b'2') {
            self.i += 2;
            return Ok(true);
        }
        let op = self.text(start, self.i);
        self.blanks(false);
        let Some(target) = self.arg(Origin::CommandSubstitution)? else {
            return Err("a redirection has no target".into());
        };
        self.out.not_plain("redirection");
        if !eq(&target.text, "$null") {
            out.push(Redirect {
                op,
                dynamic: target.unknown,
                target: target.text,
                ..Redirect::default()
            });
        }
        Ok(true)
    }

    /// One argument: parts (bare text, strings, variables, groups) up to a blank or an
    /// operator. `None` when there is none here.
    fn arg(&mut self, origin: Origin) -> R<Option<Arg>> {
        let mut arg = Arg::default();
        let mut any = false;
        loop {
            let c = self.peek();
            match c {
                0 => break,
                b'{' if !any => {
                    self.i += 1;
                    self.script(b'}', Origin::Script)?;
                    return Ok(Some(unknown_arg("{…}")));
                }
                b'`' => {
                    self.i += 1;
                    self.escaped(&mut arg.text);
                }
                b'\'' | b'"' | b'$' | b'(' | b'@' => {
                    if c == b'@' && !matches!(self.at(1), b'(' | b'{' | b'\'' | b'"') {
                        if any {
                            arg.text.push('@');
                            self.i += 1;
                            any = true;
                            continue;
                        }
                        // `@args`: splatting, words not known
                        self.i += 1;
                        let name = self.bare_name();
                        arg.text.push('@');
                        arg.text.push_str(&name);
                        arg.unknown = true;
                        any = true;
                        continue;
                    }
                    if matches!(c, b'\'' | b'"') {
                        arg.quoted = true;
                    }
                    let p = self.part()?;
                    arg.unknown |= p.unknown;
                    arg.text.push_str(&p.text);
                    if matches!(c, b'$' | b'(') {
                        self.members(&mut arg, origin)?;
                    }
                }
                c if ends_word(c) => break,
                _ => {
                    let start = self.i;
                    while !ends_word(self.peek())
                        && !matches!(self.peek(), 0 | b'`' | b'\'' | b'"' | b'$' | b'@')
                    {
                        self.i += 1;
                    }
                    if self.i == start {
                        // `@` inside a word is text
                        self.i += 1;
                    }
                    arg.text.push_str(&self.text(start, self.i));
                }
            }
            any = true;
        }
        Ok(any.then_some(arg))
    }

    /// A string, a variable, `(…)`, `$(…)`, `@(…)`, `@{…}` or a here-string.
    fn part(&mut self) -> R<Arg> {
        let c = self.peek();
        let sub = Origin::CommandSubstitution;
        match (c, self.at(1)) {
            (b'\'', _) => {
                self.i += 1;
                let mut text = String::new();
                loop {
                    match self.peek() {
                        0 => return Err("a `'` string is not closed".into()),
                        b'\'' if self.at(1) == b'\'' => {
                            text.push('\'');
                            self.i += 2;
                        }
                        b'\'' => {
                            self.i += 1;
                            return Ok(Arg::new(&text));
                        }
                        _ => {
                            let start = self.i;
                            self.i += 1;
                            while self.peek() & 0xC0 == 0x80 {
                                self.i += 1;
                            }
                            text.push_str(&self.text(start, self.i));
                        }
                    }
                }
            }
            (b'"', _) => {
                self.i += 1;
                self.expandable(b"\"")
            }
            (b'@', b'\'') | (b'@', b'"') => {
                // here-string: `@'` / `@"`, a newline, the body, a newline, `'@` / `"@`
                let q = self.at(1);
                let close = [b'\n', q, b'@'];
                let body_start = match find(self.s, self.i + 2, b"\n") {
                    Some(n) => n + 1,
                    None => return Err("a here-string needs a newline after its opening".into()),
                };
                let Some(end) = find(self.s, body_start.saturating_sub(1), &close) else {
                    return Err("a here-string is not closed".into());
                };
                let body_end = end.max(body_start);
                if q == b'\'' {
                    let text = self.text(body_start, body_end);
                    self.i = end + 3;
                    Ok(Arg::new(&text))
                } else {
                    self.i = body_start;
                    let limit = self.s;
                    self.s = &limit[..body_end];
                    let r = self.expandable(b"");
                    self.s = limit;
                    self.i = end + 3;
                    r
                }
            }
            (b'(', _) | (b'$', b'(') | (b'@', b'(') => {
                self.i += if c == b'(' { 1 } else { 2 };
                // a group of one literal expression is its value (`('.e' + 'nv')`)
                let value = self.script(b')', sub)?;
                Ok(value
                    .filter(|v| !v.unknown)
                    .unwrap_or_else(|| unknown_arg("$(…)")))
            }
            (b'@', b'{') => {
                self.i += 2;
                self.script(b'}', sub)?;
                Ok(unknown_arg("@{…}"))
            }
            (b'$', _) => {
                self.i += 1;
                Ok(self.variable())
            }
            _ => Err(format!("unexpected `{}`", c as char)),
        }
    }

    /// The variable after a `$`: known when the line assigned it literal text, or it is the
    /// home or working directory.
    fn variable(&mut self) -> Arg {
        let name = match self.peek() {
            b'$' | b'?' | b'^' | b'_' if !self.at(1).is_ascii_alphanumeric() => {
                self.i += 1;
                (self.s[self.i - 1] as char).to_string()
            }
            _ => self.bare_name(),
        };
        if name.is_empty() {
            return Arg::new("$");
        }
        let lower = name.to_ascii_lowercase();
        let known = match lower.as_str() {
            "home" | "env:userprofile" | "env:home" => Some("~"),
            "pwd" => Some("."),
            "null" => Some(""),
            "true" => Some("True"),
            "false" => Some("False"),
            "env:systemroot" | "env:windir" => Some("C:/Windows"),
            "env:systemdrive" => Some("C:"),
            _ => None,
        };
        if let Some(v) = known {
            return Arg::new(v);
        }
        match self.vars.iter().rev().find(|(n, _)| *n == lower) {
            Some((_, v)) => Arg::new(v),
            None => unknown_arg(&format!("${name}")),
        }
    }

    /// The inside of a `"…"` string (or an expandable here-string's body, `close` empty) up
    /// to `close`.
    fn expandable(&mut self, close: &[u8]) -> R<Arg> {
        let mut arg = Arg::default();
        loop {
            let c = self.peek();
            match c {
                0 if close.is_empty() => return Ok(arg),
                0 => return Err("a `\"` string is not closed".into()),
                b'"' if !close.is_empty() && self.at(1) == b'"' => {
                    arg.text.push('"');
                    self.i += 2;
                }
                b'"' if !close.is_empty() => {
                    self.i += 1;
                    return Ok(arg);
                }
                b'`' => {
                    self.i += 1;
                    self.escaped(&mut arg.text);
                }
                b'$' if matches!(self.at(1), b'(') => {
                    let p = self.part()?;
                    arg.unknown = true;
                    arg.text.push_str(&p.text);
                }
                b'$' if self.at(1).is_ascii_alphanumeric()
                    || matches!(self.at(1), b'{' | b'_' | b'?' | b'$' | b'^') =>
                {
                    self.i += 1;
                    let v = self.variable();
                    arg.unknown |= v.unknown;
                    arg.text.push_str(&v.text);
                }
                _ => {
                    let start = self.i;
                    self.i += 1;
                    while self.peek() & 0xC0 == 0x80 {
                        self.i += 1;
                    }
                    arg.text.push_str(&self.text(start, self.i));
                }
            }
        }
    }
}

/// A cmdlet's values bound to its parameters (by name, then by position), its switches'
/// POSIX options, and the command as the cmdlet's full name and parameters spell it.
struct Bound {
    values: Vec<(Role, Arg)>,
    switches: Vec<&'static str>,
    written: Vec<String>,
}

impl Bound {
    /// The values bound to parameters of the roles `want` accepts, in order.
    fn values(&self, want: fn(&Role) -> bool) -> Vec<Arg> {
        let mut out = Vec::new();
        for (role, v) in &self.values {
            if want(role) {
                out.push(v.clone());
            }
        }
        out
    }
}

/// `Start-Process PROGRAM ARGS`: the program and its arguments (split when given as one
/// line), `-RedirectStandardOutput` and the like as redirections.
fn start_process(bound: &Bound, redirects: &mut Vec<Redirect>) -> Vec<Arg> {
    let mut words = bound.values(|r| *r == Role::Program);
    for a in bound.values(|r| *r == Role::Arguments) {
        words.extend(if a.quoted || a.unknown {
            split_line(&a)
        } else {
            vec![a]
        });
    }
    if let Some(w) = words.first_mut() {
        w.text = w.text.replace('\\', "/");
        // a file by its name runs from the current directory
        let lower = w.text.to_ascii_lowercase();
        let file = [
            ".exe", ".bat", ".cmd", ".ps1", ".com", ".msi", ".vbs", ".js",
        ]
        .iter()
        .any(|e| lower.ends_with(e));
        if file && !w.text.contains('/') {
            w.text = format!("./{}", w.text);
        }
    }
    for p in bound.values(|r| *r == Role::Path) {
        redirects.push(Redirect {
            op: ">".into(),
            dynamic: p.unknown,
            target: p.text,
            ..Redirect::default()
        });
    }
    programs::reading(words)
}

fn bind(cmdlet: &cmdlets::Cmdlet, tokens: Vec<Token>) -> R<Bound> {
    let mut b = Bound {
        values: Vec::new(),
        switches: Vec::new(),
        written: vec![cmdlet.name.to_string()],
    };
    let mut named: Vec<&'static str> = Vec::new();
    let mut loose: Vec<Arg> = Vec::new();
    // the role of the last named parameter with a value: `-Path a,b` binds both
    let mut last: Option<Role> = None;
    let mut tokens = tokens.into_iter();
    while let Some(t) = tokens.next() {
        match t {
            Token::Param(name, glued) => {
                let (full, role) = cmdlets::parameter(cmdlet, &name)?;
                named.push(full);
                b.written.push(format!("-{full}"));
                last = None;
                let value = match (role, glued) {
                    // `-Recurse:$false`
                    (Role::Switch(_), Some(v)) if eq(&v.text, "False") || v.text == "0" => continue,
                    (Role::Switch(flag), _) => {
                        let flag = flag.text();
                        if !flag.is_empty() {
                            b.switches.push(flag);
                        }
                        continue;
                    }
                    (_, Some(v)) => v,
                    (_, None) => match tokens.next() {
                        Some(Token::Value { arg, .. }) => arg,
                        _ => return Err(format!("`-{name}` of {} needs a value", cmdlet.name)),
                    },
                };
                last = Some(role);
                b.written.push(value.text.clone());
                b.values.push((role, value));
            }
            Token::Value { arg, joined } => match last.filter(|_| joined) {
                Some(role) => {
                    b.written.push(arg.text.clone());
                    b.values.push((role, arg));
                }
                None => {
                    last = None;
                    loose.push(arg);
                }
            },
        }
    }
    // values past the positional parameters are taken as the last one's
    let mut role = Role::Path;
    let mut free = 0;
    for a in loose {
        while let Some((spec, r)) = cmdlet
            .params
            .get(free)
            .filter(|_| free < usize::from(cmdlet.positional))
        {
            free += 1;
            if !named.iter().any(|n| spec.split('|').next() == Some(n)) {
                role = *r;
                break;
            }
        }
        b.written.push(a.text.clone());
        b.values.push((role, a));
    }
    Ok(b)
}

/// The POSIX reading of a .NET method call on files, whatever the object (`[IO.File]::
/// ReadAllText(F)` is `cat F`, `WriteAllText(F, …)` is `tee F`, `[IO.Directory]::Delete(D,
/// $true)` is `rm -r D`, `Copy(A, B)` is `cp A B`, `.DownloadString(URL)` is `curl URL`,
/// `.DownloadFile(URL, F)` is `curl -o F URL`); `None` for any other call.
fn method_reading(name: &str, values: Vec<Arg>) -> Option<Vec<Arg>> {
    let mut values = values.into_iter();
    let first = values.next()?;
    let head = |h: &[&str]| h.iter().map(|w| Arg::new(w)).collect::<Vec<_>>();
    let mut words = match name {
        _ if name.starts_with("download") => {
            let mut w = head(&["curl"]);
            if name == "downloadfile" {
                w.push(Arg::new("-o"));
                w.push(values.next().unwrap_or_else(|| unknown_arg("FILE")));
            }
            w.push(first);
            return Some(w);
        }
        "readalltext" | "readalllines" | "readallbytes" | "readlines" | "openread" | "opentext"
        | "open" => head(&["cat"]),
        "writealltext" | "writealllines" | "writeallbytes" | "appendalltext" | "appendalllines"
        | "create" | "createtext" | "appendtext" | "openwrite" => head(&["tee"]),
        "delete" => match values.next() {
            Some(r) if r.unknown || eq(&r.text, "True") => head(&["rm", "-r", "-f"]),
            _ => head(&["rm", "-f"]),
        },
        "copy" => head(&["cp"]),
        "move" => head(&["mv"]),
        _ => return None,
    };
    words.push(first);
    if matches!(name, "copy" | "move") {
        words.extend(values.next());
    }
    Some(words)
}

/// A token as a plain word (for programs and cmdlets read as themselves).
fn token_arg(t: Token) -> Arg {
    match t {
        Token::Param(name, None) => Arg::new(&format!("-{name}")),
        Token::Param(name, Some(v)) => Arg {
            text: format!("-{name}:{}", v.text),
            ..v
        },
        Token::Value { arg, .. } => arg,
    }
}

/// Cmdlets whose output is files a later stage may read by name.
fn lists(name: &str) -> bool {
    matches!(
        name,
        "Get-ChildItem"
            | "Get-Item"
            | "Resolve-Path"
            | "Where-Object"
            | "ForEach-Object"
            | "Sort-Object"
            | "Select-Object"
    )
}

/// `curl`/`wget` run the programs unless given an Invoke-WebRequest parameter by its name.
fn native_fetcher(name: &str, tokens: &[Token]) -> bool {
    let alias = eq(name, "curl") || eq(name, "wget");
    alias
        && !tokens.iter().any(|t| {
            matches!(t, Token::Param(p, _) if ["Uri", "OutFile", "UseBasicParsing", "Method", "Headers", "Body", "InFile"].iter().any(|n| eq(n, p)))
        })
}

fn unknown_arg(text: &str) -> Arg {
    Arg {
        text: text.to_string(),
        unknown: true,
        quoted: false,
    }
}

/// A backtick escape's character.
fn escape(c: u8) -> char {
    match c {
        b'n' => '\n',
        b't' => '\t',
        b'r' => '\r',
        b'0' => '\0',
        b'a' => '\u{7}',
        b'b' => '\u{8}',
        b'e' => '\u{1b}',
        b'f' => '\u{c}',
        b'v' => '\u{b}',
        c => c as char,
    }
}

fn find(s: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    s.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}
