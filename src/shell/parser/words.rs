//! Words: quotes, escapes and expansions. Expansions are kept as written in the word's text
//! and their commands (`$(…)`, backticks, `<(…)`) are parsed where they stand.

use super::{unterminated, PResult, Parser};
use crate::shell::lexer::{self, special, unquoted_classes, Span, SpanKind, Word};
use crate::shell::Origin;

impl Parser<'_, '_> {
    pub(super) fn read_word(&mut self) -> PResult<Word> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut run = start;
        let mut seen = 0;
        while let Some(&b) = bytes.get(run) {
            let class = lexer::class(b);
            if class & lexer::SPECIAL != 0 {
                break;
            }
            seen |= class;
            run += 1;
        }
        // most words are one plain run up to a delimiter: copied once, at its exact size
        // (`<(`/`>(` is no delimiter: `a<(x)` is one word)
        if run > start
            && bytes.get(run).map_or(true, |&b| lexer::is_delim(b))
            && bytes.get(run + 1) != Some(&b'(')
        {
            self.pos = run;
            return Ok(Word {
                text: self.slice(start, run).to_owned(),
                dynamic: false,
                start,
                end: run,
                spans: Vec::new(),
                glob: seen & lexer::GLOB != 0,
                expands: seen & lexer::BRACE != 0,
                unknown: false,
            });
        }
        // quotes or expansions: built piece by piece, so start with room for a typical word
        let mut text = String::with_capacity(32);
        let mut dynamic = false;
        // this word's spans go after `mark` in the parser's buffer (a substitution inside
        // reads words of its own, which take theirs back out before this word goes on)
        let mark = self.spans.len();
        loop {
            let run = self.pos;
            while self.peek().is_some_and(|b| !special(b)) {
                self.pos += 1;
            }
            if self.pos > run {
                text.push_str(self.slice(run, self.pos));
            }
            let Some(b) = self.peek() else { break };
            match b {
                b'\'' => {
                    let open = self.pos;
                    let rest = self.src.get(open + 1..).unwrap_or("");
                    let Some(len) = rest.find('\'') else {
                        return Err(unterminated("single quote", open));
                    };
                    let at = text.len();
                    text.push_str(rest.get(..len).unwrap_or(""));
                    self.span(at, text.len(), SpanKind::Quoted);
                    self.pos = open + 1 + len + 1;
                }
                b'"' => {
                    self.pos += 1;
                    dynamic |= self.read_dquoted(&mut text, true)?;
                }
                b'\\' => match self.src.get(self.pos + 1..).and_then(|r| r.chars().next()) {
                    Some('\n') => self.pos += 2,
                    Some(c) => {
                        let at = text.len();
                        text.push(c);
                        self.span(at, text.len(), SpanKind::Quoted);
                        self.pos += 1 + c.len_utf8();
                    }
                    None => {
                        text.push('\\');
                        self.pos += 1;
                    }
                },
                b'$' => dynamic |= self.read_dollar(&mut text, false)?,
                b'`' => {
                    let at = text.len();
                    self.backtick(&mut text)?;
                    self.span(at, text.len(), SpanKind::Expansion { quoted: false });
                    dynamic = true;
                }
                b'<' | b'>' if self.peek_at_is(1, b'(') => {
                    let (open, at) = (self.pos, text.len());
                    self.pos += 2;
                    self.out.not_plain("process substitution");
                    self.substitution(Origin::ProcessSubstitution)?;
                    text.push_str(self.slice(open, self.pos));
                    self.span(at, text.len(), SpanKind::Expansion { quoted: false });
                    dynamic = true;
                }
                _ => break,
            }
        }
        let mine = self.spans.get_mut(mark..).unwrap_or_default();
        // an expansion inside double quotes is recorded before the quoted text around it
        sort_spans(mine);
        let seen = unquoted_classes(&text, mine);
        let (resolves, unknown) = crate::shell::expand::resolvable(&text, mine, &self.out.vars);
        let expands = seen & lexer::BRACE != 0 || resolves;
        // only a word `expand.rs` works on keeps its spans (most words need none); so does
        // a word that may be an assignment (`G=$F` after `F=x` in the same command)
        let spans = if expands || lexer::assignment_name_len(self.slice(start, self.pos)).is_some()
        {
            self.spans.split_off(mark)
        } else {
            self.spans.truncate(mark);
            Vec::new()
        };
        Ok(Word {
            glob: seen & lexer::GLOB != 0,
            expands,
            unknown,
            text,
            dynamic,
            start,
            end: self.pos,
            spans,
        })
    }

    /// Records a span of the word being read (empty spans are dropped).
    fn span(&mut self, start: usize, end: usize, kind: SpanKind) {
        if end > start {
            if self.spans.capacity() == 0 {
                // one allocation for the line's words, not a regrowth per word
                self.spans.reserve(16);
            }
            self.spans.push(Span { start, end, kind });
        }
    }

    /// After an opening `"` (or over a here-doc body when `terminated` is false): appends the
    /// unquoted text; returns whether it held an expansion.
    pub(super) fn read_dquoted(&mut self, text: &mut String, terminated: bool) -> PResult<bool> {
        let open = self.pos.saturating_sub(1);
        let mut dynamic = false;
        // the quoted text since the last expansion
        let mut quoted_from = text.len();
        loop {
            let run = self.pos;
            while self
                .peek()
                .is_some_and(|b| !matches!(b, b'"' | b'\\' | b'$' | b'`'))
            {
                self.pos += 1;
            }
            text.push_str(self.slice(run, self.pos));
            match self.peek() {
                None if terminated => return Err(unterminated("double quote", open)),
                None => {
                    self.span(quoted_from, text.len(), SpanKind::Quoted);
                    return Ok(dynamic);
                }
                Some(b'"') => {
                    self.pos += 1;
                    if terminated {
                        self.span(quoted_from, text.len(), SpanKind::Quoted);
                        return Ok(dynamic);
                    }
                    text.push('"');
                }
                Some(b'\\') => match self.peek_at(1) {
                    Some(b'\n') => self.pos += 2,
                    Some(c @ (b'$' | b'`' | b'\\')) => {
                        text.push(c as char);
                        self.pos += 2;
                    }
                    Some(b'"') if terminated => {
                        text.push('"');
                        self.pos += 2;
                    }
                    _ => {
                        text.push('\\');
                        self.pos += 1;
                    }
                },
                Some(b'$') => {
                    let at = text.len();
                    if self.read_dollar(text, true)? {
                        self.span(quoted_from, at, SpanKind::Quoted);
                        quoted_from = text.len();
                        dynamic = true;
                    }
                }
                Some(_) => {
                    let at = text.len();
                    self.backtick(text)?;
                    self.span(quoted_from, at, SpanKind::Quoted);
                    self.span(at, text.len(), SpanKind::Expansion { quoted: true });
                    quoted_from = text.len();
                    dynamic = true;
                }
            }
        }
    }

    /// At `$`: appends the expansion as written (or the decoded `$'…'`); returns whether it
    /// is an expansion.
    pub(super) fn read_dollar(&mut self, text: &mut String, in_dquote: bool) -> PResult<bool> {
        let start = self.pos;
        match self.peek_at(1) {
            Some(b'\'') if !in_dquote => {
                self.pos += 2;
                let at = text.len();
                self.ansi_c(text)?;
                self.span(at, text.len(), SpanKind::Quoted);
                return Ok(false);
            }
            Some(b'"') if !in_dquote => {
                self.pos += 2;
                return self.read_dquoted(text, true);
            }
            Some(b'(') if self.peek_at_is(2, b'(') => {
                self.pos += 3;
                self.enter()?;
                self.out.not_plain("arithmetic expansion");
                self.skip_arithmetic()?;
                self.leave();
            }
            Some(b'(') => {
                self.pos += 2;
                self.out.not_plain("command substitution");
                self.substitution(Origin::CommandSubstitution)?;
            }
            Some(b'{') => {
                self.pos += 2;
                self.enter()?;
                self.out.not_plain("parameter expansion");
                self.skip_braced(start)?;
                self.leave();
            }
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                self.pos += 1;
                while self
                    .peek()
                    .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
                {
                    self.pos += 1;
                }
                self.out.not_plain("parameter expansion");
            }
            Some(c) if c.is_ascii_digit() || b"@*#?$!-".contains(&c) => {
                self.pos += 2;
                self.out.not_plain("parameter expansion");
            }
            _ => {
                text.push('$');
                self.pos += 1;
                return Ok(false);
            }
        }
        let at = text.len();
        text.push_str(self.slice(start, self.pos));
        self.span(at, text.len(), SpanKind::Expansion { quoted: in_dquote });
        Ok(true)
    }

    /// After `${`: up to the matching `}`, parsing substitutions inside.
    fn skip_braced(&mut self, open: usize) -> PResult<()> {
        let mut scratch = String::new();
        // what is read inside is part of this one expansion
        let spans = self.spans.len();
        let result = self.skip_braced_body(open, &mut scratch);
        self.spans.truncate(spans);
        result
    }

    fn skip_braced_body(&mut self, open: usize, scratch: &mut String) -> PResult<()> {
        loop {
            match self.peek() {
                None => return Err(unterminated("`${`", open)),
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(b'\\') => self.pos = (self.pos + 2).min(self.src.len()),
                Some(b'\'') => {
                    let rest = self.src.get(self.pos + 1..).unwrap_or("");
                    let Some(len) = rest.find('\'') else {
                        return Err(unterminated("single quote", self.pos));
                    };
                    self.pos += len + 2;
                }
                Some(b'"') => {
                    self.pos += 1;
                    self.read_dquoted(scratch, true)?;
                }
                Some(b'$') => {
                    self.read_dollar(scratch, true)?;
                }
                Some(b'`') => self.backtick(scratch)?,
                Some(_) => self.pos += 1,
            }
        }
    }

    /// After `$'`: decodes ANSI-C escapes up to the closing `'`.
    fn ansi_c(&mut self, text: &mut String) -> PResult<()> {
        let open = self.pos.saturating_sub(2);
        loop {
            match self.peek() {
                None => return Err(unterminated("$'…'", open)),
                Some(b'\'') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let Some(c) = self.peek() else {
                        return Err(unterminated("$'…'", open));
                    };
                    self.pos += 1;
                    let decoded = match c {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'a' => '\x07',
                        b'b' => '\x08',
                        b'e' | b'E' => '\x1b',
                        b'f' => '\x0c',
                        b'v' => '\x0b',
                        b'\\' | b'\'' | b'"' | b'?' => c as char,
                        b'x' => self.code_point(16, 2),
                        b'u' => self.code_point(16, 4),
                        b'U' => self.code_point(16, 8),
                        b'0'..=b'7' => {
                            self.pos -= 1;
                            self.code_point(8, 3)
                        }
                        b'c' => match self.peek() {
                            Some(x) => {
                                self.pos += 1;
                                char::from(x & 0x1f)
                            }
                            None => '\\',
                        },
                        _ => {
                            text.push('\\');
                            self.pos -= 1;
                            continue;
                        }
                    };
                    text.push(decoded);
                }
                Some(_) => {
                    let run = self.pos;
                    while self.peek().is_some_and(|b| b != b'\'' && b != b'\\') {
                        self.pos += 1;
                    }
                    text.push_str(self.slice(run, self.pos));
                }
            }
        }
    }

    fn code_point(&mut self, radix: u32, max: usize) -> char {
        let mut value = 0u32;
        for _ in 0..max {
            match self.peek().and_then(|b| (b as char).to_digit(radix)) {
                Some(d) => {
                    value = value.saturating_mul(radix).saturating_add(d);
                    self.pos += 1;
                }
                None => break,
            }
        }
        char::from_u32(value).unwrap_or('\u{FFFD}')
    }
}

/// Orders a word's spans by start. An insertion sort: a word has a few spans, nearly in order
/// (and disjoint, so the order is the one any sort gives), and `sort_unstable` would bring a
/// whole quicksort instance into the wasm for this one call.
fn sort_spans(spans: &mut [Span]) {
    for i in 1..spans.len() {
        let mut j = i;
        while j > 0 && spans[j - 1].start > spans[j].start {
            spans.swap(j - 1, j);
            j -= 1;
        }
    }
}
