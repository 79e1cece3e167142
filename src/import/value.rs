//! The values the text formats' readers ([`super::toml`], [`super::starlark`]) produce, and
//! the lexing both share: a cursor over the text that knows its line, comments and quoted
//! strings.

/// A value as a policy file writes it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    List(Vec<Value>),
    /// Keys in the order written.
    Table(Vec<(String, Value)>),
    /// A value the importers never need (a float, a date, Starlark's `None`), kept as text.
    Other(String),
}

impl Value {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// What kind of value it is, for warnings.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Int(_) => "an integer",
            Value::Bool(_) => "a boolean",
            Value::List(_) => "a list",
            Value::Table(_) => "a table",
            Value::Other(_) => "another value",
        }
    }

    /// A string or a list of strings as a list (TOML's `toolName = "a"` or `["a", "b"]`).
    pub fn strings(&self) -> Option<Vec<String>> {
        match self {
            Value::Str(s) => Some(vec![s.clone()]),
            Value::List(items) => items
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => None,
        }
    }
}

/// A reading error: the line (1-based) and what was wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A cursor over a file's text.
pub(crate) struct Cursor<'t> {
    text: &'t str,
    pub at: usize,
}

impl<'t> Cursor<'t> {
    pub fn new(text: &'t str) -> Self {
        Cursor { text, at: 0 }
    }

    pub fn rest(&self) -> &'t str {
        self.text.get(self.at..).unwrap_or("")
    }

    pub fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    pub fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    pub fn eat(&mut self, s: &str) -> bool {
        let hit = self.rest().starts_with(s);
        if hit {
            self.at += s.len();
        }
        hit
    }

    pub fn line(&self) -> usize {
        1 + self.text.get(..self.at).unwrap_or("").matches('\n').count()
    }

    pub fn error<T>(&self, message: impl Into<String>) -> Result<T, SyntaxError> {
        Err(SyntaxError {
            line: self.line(),
            message: message.into(),
        })
    }

    /// Skips spaces and tabs, and a `#` comment to the end of the line; newlines too when
    /// `lines`.
    pub fn skip(&mut self, lines: bool) {
        loop {
            match self.peek() {
                Some(' ' | '\t') => {}
                Some('\r' | '\n') if lines => {}
                Some('#') => {
                    while !matches!(self.peek(), None | Some('\n')) {
                        self.bump();
                    }
                    continue;
                }
                _ => return,
            }
            self.bump();
        }
    }

    /// A word of letters, digits, `_`, `-`, `+` and `.` (a name, a number's text).
    pub fn word(&mut self) -> &'t str {
        self.take(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+' | '.'))
    }

    /// A TOML bare key: letters, digits, `_` and `-`.
    pub fn bare_key(&mut self) -> &'t str {
        self.take(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
    }

    fn take(&mut self, ok: impl Fn(char) -> bool) -> &'t str {
        let start = self.at;
        while self.peek().is_some_and(&ok) {
            self.bump();
        }
        self.text.get(start..self.at).unwrap_or("")
    }

    /// A quoted string starting at the cursor: `"…"` with escapes, or `'…'` — literal in
    /// TOML (`raw_single`), escaped like `"…"` in Starlark; each also tripled for several
    /// lines.
    pub fn string(&mut self, raw_single: bool) -> Result<String, SyntaxError> {
        let quote = match self.peek() {
            Some(q @ ('"' | '\'')) => q,
            _ => return self.error("expected a string"),
        };
        let triple: String = std::iter::repeat(quote).take(3).collect();
        let long = self.eat(&triple);
        if !long {
            self.bump();
        } else if self.eat("\r\n") || self.eat("\n") {
            // a newline right after the opening quotes is not part of the string
        }
        let raw = raw_single && quote == '\'';
        let mut out = String::new();
        loop {
            if long && self.eat(&triple) {
                // TOML allows one or two quotes right before the closing three
                while self.rest().starts_with(quote) {
                    out.push(quote);
                    self.bump();
                }
                return Ok(out);
            }
            match self.bump() {
                None => return self.error("unterminated string"),
                Some(c) if c == quote && !long => return Ok(out),
                Some('\n') if !long => return self.error("newline inside a string"),
                Some('\\') if !raw => self.escape(&mut out, long)?,
                Some(c) => out.push(c),
            }
        }
    }

    fn escape(&mut self, out: &mut String, long: bool) -> Result<(), SyntaxError> {
        let c = match self.bump() {
            Some(c) => c,
            None => return self.error("unterminated string"),
        };
        let simple = match c {
            'n' => Some('\n'),
            't' => Some('\t'),
            'r' => Some('\r'),
            'b' => Some('\u{8}'),
            'f' => Some('\u{c}'),
            '"' => Some('"'),
            '\'' => Some('\''),
            '\\' => Some('\\'),
            _ => None,
        };
        if let Some(s) = simple {
            out.push(s);
            return Ok(());
        }
        match c {
            'u' | 'U' => {
                let n = if c == 'u' { 4 } else { 8 };
                let hex = self.rest().get(..n).unwrap_or("");
                let ch = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32);
                match ch {
                    Some(ch) if hex.len() == n => {
                        self.at += n;
                        out.push(ch);
                        Ok(())
                    }
                    _ => self.error("invalid \\u escape"),
                }
            }
            // a line-ending backslash joins lines (TOML's multi-line strings)
            '\n' | '\r' | ' ' | '\t' if long => {
                while matches!(self.peek(), Some(' ' | '\t' | '\r' | '\n')) {
                    self.bump();
                }
                Ok(())
            }
            other => self.error(format!("unknown escape \\{other}")),
        }
    }
}
