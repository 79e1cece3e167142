//! Reads bash's reprint of a function body (`declare -f`) and lists its simple commands.
//!
//! Written apart from toolgate's parser on purpose: an oracle that shared its code would agree
//! with it by construction. It needs to know far less than a shell parser, because bash has
//! already resolved the grammar: the reprint puts one command per line inside compound
//! commands, separates words and operators by blanks, drops comments, moves every redirection
//! after the words, names every coprocess (`coproc COPROC cmd`) and reprints `$(…)` bodies.
//! What it must still know: quotes, substitutions (whose commands also run), here-doc bodies,
//! the reserved words at the start of a command, and which leading words are assignments.

/// A simple command of the reprint: its words as bash printed them (quotes included),
/// assignments and redirections left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Simple {
    pub words: Vec<String>,
}

/// The simple commands of `src` (a reprinted body, or a backquoted or here-doc text found in
/// one), those of its substitutions first, in the order they appear.
pub fn simple_commands(src: &str) -> Result<Vec<Simple>, String> {
    let mut p = Reader {
        s: src.as_bytes(),
        i: 0,
        out: Vec::new(),
        pending: Vec::new(),
        depth: 0,
    };
    p.list()?;
    if p.i < p.s.len() {
        return Err(format!("reprint: unexpected {:?} at {}", p.rest(), p.i));
    }
    Ok(p.out)
}

/// `NAME=`, `NAME+=`, `NAME[…]=`, `NAME[…]+=` at the start of a raw word.
pub fn is_assignment(raw: &str) -> bool {
    let b = raw.as_bytes();
    let mut i = identifier(b, 0);
    if i == 0 {
        return false;
    }
    if b.get(i) == Some(&b'[') {
        match subscript_end(b, i) {
            Some(end) => i = end,
            None => return false,
        }
    }
    if b.get(i) == Some(&b'+') {
        i += 1;
    }
    b.get(i) == Some(&b'=')
}

/// The length of the identifier at `at` (0 when there is none).
fn identifier(b: &[u8], at: usize) -> usize {
    match b.get(at) {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {}
        _ => return 0,
    }
    let mut i = at + 1;
    while b
        .get(i)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        i += 1;
    }
    i
}

/// After the `[` at `open`: the index past its matching `]` (quotes skipped).
fn subscript_end(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    let mut i = open;
    while let Some(&c) = b.get(i) {
        match c {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'\\' => i += 1,
            b'\'' => i += b.get(i + 1..)?.iter().position(|&q| q == b'\'')? + 1,
            b'"' => {
                i += 1;
                while b.get(i).is_some_and(|&q| q != b'"') {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[derive(Clone)]
struct Heredoc {
    delim: String,
    strip_tabs: bool,
    expands: bool,
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    out: Vec<Simple>,
    pending: Vec<Heredoc>,
    depth: usize,
}

const METACHARS: &[u8] = b" \t\n;&|()<>";

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn at(&self, off: usize) -> Option<u8> {
        self.s.get(self.i + off).copied()
    }

    /// Past a backslash and the byte it escapes (a backslash ending the text escapes none).
    fn escape(&mut self) {
        self.i = (self.i + 2).min(self.s.len());
    }

    fn starts(&self, t: &str) -> bool {
        self.s
            .get(self.i..)
            .is_some_and(|r| r.starts_with(t.as_bytes()))
    }

    fn rest(&self) -> String {
        String::from_utf8_lossy(self.s.get(self.i..).unwrap_or(&[]))
            .chars()
            .take(30)
            .collect()
    }

    /// The reserved word `w` at the cursor, followed by a metacharacter or the end.
    fn at_word(&self, w: &str) -> bool {
        self.starts(w)
            && self
                .s
                .get(self.i + w.len())
                .map_or(true, |c| METACHARS.contains(c))
    }

    fn blanks(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t') => self.i += 1,
                Some(b'\\') if self.at(1) == Some(b'\n') => self.i += 2,
                Some(b'#') => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.i += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn linebreaks(&mut self) -> Result<(), String> {
        loop {
            self.blanks();
            if self.peek() != Some(b'\n') {
                return Ok(());
            }
            self.newline()?;
        }
    }

    fn newline(&mut self) -> Result<(), String> {
        self.i += 1;
        for h in std::mem::take(&mut self.pending) {
            let mut body = String::new();
            loop {
                if self.i >= self.s.len() {
                    return Err(format!("reprint: here-doc `{}` not closed", h.delim));
                }
                let end = self.s[self.i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(self.s.len(), |n| self.i + n);
                let line = String::from_utf8_lossy(&self.s[self.i..end]).into_owned();
                self.i = (end + 1).min(self.s.len());
                let line = if h.strip_tabs {
                    line.trim_start_matches('\t').to_string()
                } else {
                    line
                };
                if line == h.delim {
                    break;
                }
                body.push_str(&line);
                body.push('\n');
            }
            if h.expands {
                self.nested_dquoted(&body)?;
            }
        }
        Ok(())
    }

    fn enter(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > 200 {
            return Err("reprint: nested too deep".into());
        }
        Ok(())
    }

    fn expect(&mut self, w: &str) -> Result<(), String> {
        self.linebreaks()?;
        if !self.at_word(w) {
            return Err(format!("reprint: expected `{w}` at {:?}", self.rest()));
        }
        self.i += w.len();
        Ok(())
    }

    fn at_list_end(&self) -> bool {
        match self.peek() {
            None | Some(b')') => true,
            Some(b';') => matches!(self.at(1), Some(b';' | b'&')),
            _ => ["then", "else", "elif", "fi", "do", "done", "esac", "}"]
                .iter()
                .any(|w| self.at_word(w)),
        }
    }

    fn list(&mut self) -> Result<(), String> {
        self.enter()?;
        loop {
            self.linebreaks()?;
            if self.at_list_end() {
                break;
            }
            self.pipeline()?;
            self.blanks();
            if self.starts("&&") || self.starts("||") {
                self.i += 2;
            } else if self.peek() == Some(b'&')
                || (self.peek() == Some(b';') && !matches!(self.at(1), Some(b';' | b'&')))
            {
                self.i += 1;
            } else if self.peek() == Some(b'\n') {
                self.newline()?;
            } else if !self.at_list_end() {
                return Err(format!("reprint: unexpected {:?}", self.rest()));
            }
        }
        self.depth -= 1;
        Ok(())
    }

    fn pipeline(&mut self) -> Result<(), String> {
        // `!` and `time [-p] [--]` only at the start of a pipeline
        loop {
            self.blanks();
            if self.at_word("!") {
                self.i += 1;
            } else if self.at_word("time") {
                self.i += 4;
                self.blanks();
                if self.at_word("-p") {
                    self.i += 2;
                    self.blanks();
                }
                if self.at_word("--") {
                    self.i += 2;
                }
            } else {
                break;
            }
        }
        self.blanks();
        if self.at_list_end() || matches!(self.peek(), Some(b';' | b'\n' | b'&')) {
            return Ok(());
        }
        loop {
            self.command()?;
            self.blanks();
            if self.peek() == Some(b'|') && self.at(1) != Some(b'|') {
                self.i += 1;
                if self.peek() == Some(b'&') {
                    self.i += 1;
                }
                self.linebreaks()?;
                continue;
            }
            return Ok(());
        }
    }

    fn command(&mut self) -> Result<(), String> {
        self.enter()?;
        self.blanks();
        // `{` and `((` as bash reprints them may also be a command named `{` (its
        // redirections came first in the source) and two subshells: bash falls back too
        let group = |r: &mut Self| {
            r.i += 1;
            r.list()?;
            r.expect("}")
        };
        let arithmetic = |r: &mut Self| {
            r.i += 2;
            r.arithmetic()
        };
        if (self.at_word("{") && self.attempt(group))
            || (self.starts("((") && self.attempt(arithmetic))
        {
            // read by the attempt
        } else if self.peek() == Some(b'(') {
            self.i += 1;
            self.list()?;
            self.linebreaks()?;
            if self.peek() != Some(b')') {
                return Err(format!("reprint: expected `)` at {:?}", self.rest()));
            }
            self.i += 1;
        } else if self.at_word("if") {
            self.i += 2;
            self.list()?;
            self.expect("then")?;
            self.list()?;
            loop {
                self.linebreaks()?;
                if self.at_word("elif") {
                    self.i += 4;
                    self.list()?;
                    self.expect("then")?;
                    self.list()?;
                } else if self.at_word("else") {
                    self.i += 4;
                    self.list()?;
                } else {
                    break;
                }
            }
            self.expect("fi")?;
        } else if self.at_word("while") || self.at_word("until") {
            self.i += 5;
            self.list()?;
            self.expect("do")?;
            self.list()?;
            self.expect("done")?;
        } else if self.at_word("for") || self.at_word("select") {
            self.i += if self.at_word("for") { 3 } else { 6 };
            self.blanks();
            if self.starts("((") {
                self.i += 2;
                self.arithmetic()?;
            } else {
                self.word()?;
                self.linebreaks()?;
                if self.at_word("in") {
                    self.i += 2;
                    loop {
                        self.blanks();
                        if matches!(self.peek(), None | Some(b';' | b'\n')) {
                            break;
                        }
                        self.word()?;
                    }
                }
            }
            self.blanks();
            if self.peek() == Some(b';') {
                self.i += 1;
            }
            self.expect("do")?;
            self.list()?;
            self.expect("done")?;
        } else if self.at_word("case") {
            self.i += 4;
            self.blanks();
            self.word()?;
            self.expect("in")?;
            loop {
                self.linebreaks()?;
                if self.at_word("esac") {
                    self.i += 4;
                    break;
                }
                if self.peek() == Some(b'(') {
                    self.i += 1;
                }
                loop {
                    self.blanks();
                    match self.peek() {
                        Some(b')') => break,
                        Some(b'|') => self.i += 1,
                        None => return Err("reprint: case without esac".into()),
                        _ => {
                            self.word()?;
                        }
                    }
                }
                self.i += 1;
                self.list()?;
                self.linebreaks()?;
                for end in [";;&", ";;", ";&"] {
                    if self.starts(end) {
                        self.i += end.len();
                        break;
                    }
                }
            }
        } else if self.at_word("[[") {
            self.i += 2;
            loop {
                self.blanks();
                if self.at_word("]]") {
                    self.i += 2;
                    break;
                }
                match self.peek() {
                    None => return Err("reprint: `[[` without `]]`".into()),
                    Some(b'\n') => self.newline()?,
                    Some(b'&' | b'|' | b'(' | b')' | b'<' | b'>' | b'!')
                        if !self.starts("<(") && !self.starts(">(") =>
                    {
                        self.i += 1
                    }
                    _ => {
                        // (a byte no word starts with, `;` inside `[[`, would stop the reader)
                        let before = self.i;
                        self.word()?;
                        if self.i == before {
                            return Err(format!("reprint: unexpected {:?} in `[[`", self.rest()));
                        }
                    }
                }
            }
        } else if self.at_word("function") {
            self.i += 8;
            self.blanks();
            self.word()?;
            self.blanks();
            if self.starts("()") {
                self.i += 2;
            }
            self.linebreaks()?;
            self.command()?;
        } else if self.at_word("coproc") {
            // bash reprints a coprocess with its name (`COPROC` when it has none), except
            // sometimes inside `$(…)`: a name is a word before a compound command
            self.i += 6;
            self.blanks();
            let start = self.i;
            self.word()?;
            let name = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
            self.blanks();
            let compound = [
                "{", "(", "if", "while", "until", "for", "select", "case", "[[",
            ]
            .iter()
            .any(|w| self.at_word(w))
                || self.peek() == Some(b'(');
            if name != "COPROC" && !compound {
                self.i = start;
            }
            self.command()?;
        } else {
            self.simple()?;
            self.depth -= 1;
            return Ok(());
        }
        self.redirections()?;
        self.depth -= 1;
        Ok(())
    }

    /// Runs `f`; on failure puts the reader back as it was and says false.
    fn attempt(&mut self, f: impl FnOnce(&mut Self) -> Result<(), String>) -> bool {
        let (i, out, pending, depth) = (self.i, self.out.len(), self.pending.clone(), self.depth);
        if f(self).is_ok() {
            return true;
        }
        self.i = i;
        self.out.truncate(out);
        self.pending = pending;
        self.depth = depth;
        false
    }

    fn redirections(&mut self) -> Result<(), String> {
        loop {
            self.blanks();
            if !self.redirection()? {
                return Ok(());
            }
        }
    }

    /// A redirection at the cursor (consumed, with its target), or false.
    fn redirection(&mut self) -> Result<bool, String> {
        let b = self.s;
        let mut p = self.i;
        while b.get(p).is_some_and(u8::is_ascii_digit) {
            p += 1;
        }
        if p == self.i && b.get(p) == Some(&b'{') {
            let end = identifier(b, p + 1);
            if end > p + 1 && b.get(end) == Some(&b'}') {
                p = end + 1;
            }
        }
        let ops = [
            "&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", "<", ">>", ">&", ">|", ">",
        ];
        let rest = b.get(p..).unwrap_or(&[]);
        let Some(op) = ops.iter().find(|op| rest.starts_with(op.as_bytes())) else {
            return Ok(false);
        };
        if (op.starts_with('&') && p != self.i)
            || rest.starts_with(b"<(")
            || rest.starts_with(b">(")
        {
            return Ok(false);
        }
        self.i = p + op.len();
        self.blanks();
        let start = self.i;
        self.word()?;
        if *op == "<<" || *op == "<<-" {
            let raw = String::from_utf8_lossy(&b[start..self.i]).into_owned();
            self.pending.push(Heredoc {
                delim: unquote(&raw).0,
                strip_tabs: *op == "<<-",
                expands: !raw.contains(['\'', '"', '\\']),
            });
        }
        Ok(true)
    }

    fn simple(&mut self) -> Result<(), String> {
        let mut words = Vec::new();
        let mut command_word = true;
        loop {
            self.blanks();
            match self.peek() {
                None | Some(b'\n' | b';' | b'|' | b')') => break,
                Some(b'&') if self.at(1) != Some(b'>') => break,
                Some(b'(') if words.len() == 1 && self.starts("()") => {
                    // `name ()` then the body: a function definition
                    self.i += 2;
                    self.linebreaks()?;
                    self.command()?;
                    return Ok(());
                }
                _ => {}
            }
            if self.redirection()? {
                continue;
            }
            let start = self.i;
            if command_word {
                self.subscripted_prefix()?;
            }
            self.word()?;
            if self.i == start {
                return Err(format!("reprint: unexpected {:?}", self.rest()));
            }
            let raw = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
            command_word &= is_assignment(&raw);
            words.push(raw);
        }
        let words: Vec<String> = words.into_iter().skip_while(|w| is_assignment(w)).collect();
        if !words.is_empty() {
            self.out.push(Simple { words });
        }
        Ok(())
    }

    /// Before the command name, bash reads `NAME[` up to its `]`, blanks included
    /// (`a[1 2]=x cmd` is one assignment).
    fn subscripted_prefix(&mut self) -> Result<(), String> {
        let n = identifier(self.s, self.i);
        if n > self.i && self.s.get(n) == Some(&b'[') {
            if let Some(end) = subscript_end(self.s, n) {
                // substitutions in the subscript run too
                self.i = n + 1;
                while self.i < end - 1 {
                    self.quoted_or_expansion()?;
                }
                self.i = end;
            }
        }
        Ok(())
    }

    /// One word (or nothing at a metacharacter); substitutions in it are read for commands.
    fn word(&mut self) -> Result<(), String> {
        loop {
            let Some(c) = self.peek() else { return Ok(()) };
            match c {
                b'<' | b'>' if self.at(1) == Some(b'(') => {
                    self.i += 2;
                    self.substitution()?;
                }
                b'(' if self.array_value() => {
                    self.i += 1;
                    loop {
                        self.linebreaks()?;
                        match self.peek() {
                            Some(b')') => break,
                            None => return Err("reprint: unterminated array".into()),
                            _ => self.word()?,
                        }
                    }
                    self.i += 1;
                }
                _ if METACHARS.contains(&c) => return Ok(()),
                b'\\' => self.escape(),
                b'\'' => self.single_quoted()?,
                b'"' => {
                    self.i += 1;
                    self.dquoted(true)?;
                }
                b'$' => self.dollar()?,
                b'`' => self.backquoted()?,
                _ => self.i += 1,
            }
        }
    }

    /// The word read so far is `NAME=` / `NAME+=` (with a subscript): `(` opens its array.
    fn array_value(&self) -> bool {
        let mut start = self.i;
        while start > 0 && !METACHARS.contains(&self.s[start - 1]) {
            start -= 1;
        }
        let raw = &self.s[start..self.i];
        raw.last() == Some(&b'=') && is_assignment(&String::from_utf8_lossy(raw))
    }

    fn single_quoted(&mut self) -> Result<(), String> {
        let rest = self.s.get(self.i + 1..).unwrap_or(&[]);
        let n = rest
            .iter()
            .position(|&c| c == b'\'')
            .ok_or("reprint: unterminated quote")?;
        self.i += n + 2;
        Ok(())
    }

    /// After `"` (or over a here-doc body when not `closed`).
    fn dquoted(&mut self, closed: bool) -> Result<(), String> {
        loop {
            match self.peek() {
                None if closed => return Err("reprint: unterminated double quote".into()),
                None => return Ok(()),
                Some(b'"') if closed => {
                    self.i += 1;
                    return Ok(());
                }
                Some(b'\\') => self.escape(),
                Some(b'$') => self.dollar()?,
                Some(b'`') => self.backquoted()?,
                Some(_) => self.i += 1,
            }
        }
    }

    fn dollar(&mut self) -> Result<(), String> {
        match self.at(1) {
            Some(b'\'') => {
                self.i += 2;
                loop {
                    match self.peek() {
                        None => return Err("reprint: unterminated $'".into()),
                        Some(b'\\') => self.escape(),
                        Some(b'\'') => {
                            self.i += 1;
                            return Ok(());
                        }
                        Some(_) => self.i += 1,
                    }
                }
            }
            Some(b'"') => {
                self.i += 2;
                self.dquoted(true)
            }
            Some(b'(')
                if self.at(2) == Some(b'(')
                    && self.attempt(|r| {
                        r.i += 3;
                        r.arithmetic()
                    }) =>
            {
                Ok(())
            }
            Some(b'(') => {
                self.i += 2;
                self.substitution()
            }
            Some(b'{') => {
                self.i += 2;
                loop {
                    match self.peek() {
                        None => return Err("reprint: unterminated ${".into()),
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(());
                        }
                        _ => self.quoted_or_expansion()?,
                    }
                }
            }
            _ => {
                self.i += 1;
                Ok(())
            }
        }
    }

    /// After `$(` or `<(`: a list up to its `)`.
    fn substitution(&mut self) -> Result<(), String> {
        let pending = std::mem::take(&mut self.pending);
        self.list()?;
        self.linebreaks()?;
        if self.peek() != Some(b')') {
            return Err(format!(
                "reprint: unterminated substitution at {:?}",
                self.rest()
            ));
        }
        self.i += 1;
        self.pending = pending;
        Ok(())
    }

    /// After `((` / `$((`: up to the matching `))`, reading substitutions.
    fn arithmetic(&mut self) -> Result<(), String> {
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return Err("reprint: unterminated ((".into()),
                Some(b'(') => {
                    depth += 1;
                    self.i += 1;
                }
                Some(b')') if depth == 0 => {
                    if self.at(1) != Some(b')') {
                        return Err("reprint: expected ))".into());
                    }
                    self.i += 2;
                    return Ok(());
                }
                Some(b')') => {
                    depth -= 1;
                    self.i += 1;
                }
                _ => self.quoted_or_expansion()?,
            }
        }
    }

    /// Inside `${…}`, `$((…))` or a subscript: a quoted part or an expansion (read for its
    /// commands), or one byte.
    fn quoted_or_expansion(&mut self) -> Result<(), String> {
        match self.peek() {
            Some(b'\\') => self.escape(),
            Some(b'\'') => self.single_quoted()?,
            Some(b'"') => {
                self.i += 1;
                self.dquoted(true)?;
            }
            Some(b'$') => self.dollar()?,
            Some(b'`') => self.backquoted()?,
            _ => self.i += 1,
        }
        Ok(())
    }

    /// A backquoted substitution: bash reprints it as written, so its body is read as a
    /// source of its own.
    fn backquoted(&mut self) -> Result<(), String> {
        self.i += 1;
        let mut inner = Vec::new();
        loop {
            match self.peek() {
                None => return Err("reprint: unterminated backquote".into()),
                Some(b'`') => {
                    self.i += 1;
                    break;
                }
                Some(b'\\') => {
                    match self.at(1) {
                        Some(c @ (b'`' | b'\\' | b'$')) => inner.push(c),
                        Some(c) => {
                            inner.push(b'\\');
                            inner.push(c);
                        }
                        None => inner.push(b'\\'),
                    }
                    self.i += 2;
                }
                Some(c) => {
                    inner.push(c);
                    self.i += 1;
                }
            }
        }
        let text = String::from_utf8_lossy(&inner).into_owned();
        self.nested(&text, false)
    }

    fn nested_dquoted(&mut self, body: &str) -> Result<(), String> {
        self.nested(body, true)
    }

    fn nested(&mut self, text: &str, dquoted: bool) -> Result<(), String> {
        self.enter()?;
        let mut sub = Reader {
            s: text.as_bytes(),
            i: 0,
            out: Vec::new(),
            pending: Vec::new(),
            depth: self.depth,
        };
        if dquoted {
            sub.dquoted(false)?;
        } else {
            sub.list()?;
            if sub.i < sub.s.len() {
                return Err(format!(
                    "reprint: unexpected {:?} in backquotes",
                    sub.rest()
                ));
            }
        }
        self.out.append(&mut sub.out);
        self.depth -= 1;
        Ok(())
    }
}

/// bash's brace expansion of a raw word (`{r,}m` → `rm`, `m`), each result still raw, or
/// `None` for a sequence (`{1..3}`), which this reader does not expand. Quoted braces are
/// literal; a word with a braced or substituted expansion (`${…}`, `$(…)`, `` `…` ``,
/// `<(…)`) is left as it is (its braces may be the expansion's, and its program is a
/// placeholder anyway). A `$` before anything else is a character here (`{a,$,b}` is `a $ b`).
pub fn braces(raw: &str) -> Option<Vec<String>> {
    let b = raw.as_bytes();
    let expansion = ["${", "$(", "`", "<(", ">("]
        .iter()
        .any(|e| raw.contains(e));
    if expansion || !raw.contains('{') {
        return Some(vec![raw.to_string()]);
    }
    let mut quoted = vec![false; b.len()];
    let (mut quote, mut i) = (0u8, 0);
    while let Some(&c) = b.get(i) {
        let escape = c == b'\\' && quote != b'\'';
        if escape || quote != 0 || matches!(c, b'\'' | b'"') {
            quoted[i] = true;
        }
        if escape {
            if let Some(q) = quoted.get_mut(i + 1) {
                *q = true;
            }
            i += 2;
            continue;
        }
        if quote == 0 && matches!(c, b'\'' | b'"') {
            quote = c;
        } else if c == quote {
            quote = 0;
        }
        i += 1;
    }
    let plain = |j: usize, c: u8| b[j] == c && !quoted[j];
    // the first `{` with a matching `}` and a `,` between them at its level; an unmatched `{`
    // is a literal
    for open in (0..b.len()).filter(|&j| plain(j, b'{')) {
        let (mut depth, mut commas, mut close) = (0, Vec::new(), None);
        for j in open + 1..b.len() {
            if plain(j, b'{') {
                depth += 1;
            } else if plain(j, b'}') && depth == 0 {
                close = Some(j);
                break;
            } else if plain(j, b'}') {
                depth -= 1;
            } else if plain(j, b',') && depth == 0 {
                commas.push(j);
            }
        }
        let Some(close) = close else { continue };
        if commas.is_empty() {
            if raw[open + 1..close].contains("..") {
                return None;
            }
            continue;
        }
        let mut out = Vec::new();
        let mut from = open + 1;
        for at in commas.into_iter().chain([close]) {
            let word = format!("{}{}{}", &raw[..open], &raw[from..at], &raw[close + 1..]);
            out.extend(braces(&word)?);
            if out.len() > 64 {
                return None;
            }
            from = at + 1;
        }
        return Some(out);
    }
    Some(vec![raw.to_string()])
}

/// A word as the shell passes it: quotes removed, `$'…'` decoded; and whether it holds an
/// expansion (then the text is only approximate).
pub fn unquote(raw: &str) -> (String, bool) {
    let b = raw.as_bytes();
    let mut out = Vec::new();
    let mut dynamic = false;
    let mut i = 0;
    let mut dq = false;
    while let Some(&c) = b.get(i) {
        match c {
            b'"' => dq = !dq,
            b'\'' if !dq => {
                let n = b[i + 1..]
                    .iter()
                    .position(|&q| q == b'\'')
                    .unwrap_or(b.len() - i - 1);
                out.extend_from_slice(&b[i + 1..i + 1 + n]);
                i += n + 1;
            }
            b'\\' if dq => match b.get(i + 1) {
                Some(&e @ (b'$' | b'`' | b'"' | b'\\')) => {
                    out.push(e);
                    i += 1;
                }
                Some(b'\n') => i += 1,
                _ => out.push(b'\\'),
            },
            b'\\' => match b.get(i + 1) {
                Some(b'\n') => i += 1,
                Some(&e) => {
                    out.push(e);
                    i += 1;
                }
                // escaping nothing at the end of the script it is literal (`\` runs `\`)
                None => out.push(b'\\'),
            },
            b'$' if !dq && b.get(i + 1) == Some(&b'\'') => {
                i += 2;
                while let Some(&e) = b.get(i) {
                    if e == b'\'' {
                        break;
                    }
                    if e == b'\\' {
                        i += 1;
                        let esc = b.get(i).copied().unwrap_or(b'\\');
                        match esc {
                            b'n' => out.push(b'\n'),
                            b't' => out.push(b'\t'),
                            b'x' => {
                                let hex: String = raw[i + 1..]
                                    .chars()
                                    .take_while(char::is_ascii_hexdigit)
                                    .take(2)
                                    .collect();
                                i += hex.len();
                                let v = u32::from_str_radix(&hex, 16).unwrap_or(0);
                                let mut buf = [0u8; 4];
                                out.extend_from_slice(
                                    char::from_u32(v)
                                        .unwrap_or('?')
                                        .encode_utf8(&mut buf)
                                        .as_bytes(),
                                );
                            }
                            b'0'..=b'7' => {
                                let oct: String = raw[i..]
                                    .chars()
                                    .take_while(|c| ('0'..='7').contains(c))
                                    .take(3)
                                    .collect();
                                i += oct.len() - 1;
                                out.push(u8::from_str_radix(&oct, 8).unwrap_or(0));
                            }
                            b'\\' | b'\'' | b'"' | b'?' => out.push(esc),
                            other => {
                                // an escape this reader does not decode: not a literal word
                                dynamic = true;
                                out.push(b'\\');
                                out.push(other);
                            }
                        }
                    } else {
                        out.push(e);
                    }
                    i += 1;
                }
            }
            b'$' if matches!(b.get(i + 1), Some(c) if c.is_ascii_alphanumeric() || b"_{(@*#?$!-".contains(c)) =>
            {
                dynamic = true;
                out.push(c);
            }
            b'`' => {
                dynamic = true;
                out.push(c);
            }
            b'<' | b'>' if !dq && b.get(i + 1) == Some(&b'(') => {
                dynamic = true;
                out.push(c);
            }
            _ => out.push(c),
        }
        i += 1;
    }
    (String::from_utf8_lossy(&out).into_owned(), dynamic)
}
