//! The shell's lexical layer: byte classes, the shape of a word as read (its text, quoted
//! parts and expansions) and of an assignment's name. It knows no commands and no grammar;
//! the parser reads words with it (`parser/words.rs`, which parses the commands inside
//! substitutions where they stand), and the modules after the parser use its word shapes.

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
pub(super) fn is_identifier(s: &str) -> bool {
    !s.is_empty() && identifier_end(s.as_bytes(), 0) == s.len()
}

/// `{NAME}` at `at` (bash's `{fd}>file` stores the descriptor it opens in `NAME`): the index
/// past it, or `at` when there is none.
pub(super) fn named_descriptor(b: &[u8], at: usize) -> usize {
    let end = identifier_end(b, at + 1);
    if b.get(at) == Some(&b'{') && end > at + 1 && b.get(end) == Some(&b'}') {
        end + 1
    } else {
        at
    }
}

/// `NAME[` with no `]` after it in the word: the word was cut at a blank or an operator that
/// bash, reading an assignment's subscript, would have kept.
pub(super) fn unclosed_subscript(raw: &str) -> bool {
    let b = raw.as_bytes();
    let n = identifier_end(b, 0);
    n > 0 && b.get(n) == Some(&b'[') && subscript_end(b, n).is_none()
}

/// The text `raw` reads as once its quotes and backslashes are removed (`a["]=x"]=` →
/// `a[]=x]=`); `None` for `$'…'` and `$"…"`, which it does not model.
pub(super) fn unquoted(raw: &str) -> Option<String> {
    let mut out = String::with_capacity(raw.len());
    let mut quote = None;
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '$') if chars.as_str().starts_with(['\'', '"']) => return None,
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if q == c => quote = None,
            (None, '\\') => match chars.next() {
                Some('\n') | None => {}
                Some(e) => out.push(e),
            },
            (Some('"'), '\\') => match chars.next() {
                Some('\n') => {}
                Some(e @ ('$' | '`' | '"' | '\\')) => out.push(e),
                Some(e) => {
                    out.push('\\');
                    out.push(e);
                }
                None => out.push('\\'),
            },
            _ => out.push(c),
        }
    }
    Some(out)
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

/// A word as read: its unquoted text and where it was in the source.
pub(super) struct Word {
    pub text: String,
    pub dynamic: bool,
    pub start: usize,
    pub end: usize,
    /// The parts of `text` that are quoted or are expansions, in order (empty when the word
    /// is one unquoted run): what brace expansion, variable propagation and globbing need.
    pub spans: Vec<Span>,
    /// An unquoted `*`, `?` or `[`: the shell expands it to the names it matches.
    pub glob: bool,
    /// An unquoted `{`, or an expansion the line gives a value: `expand.rs` has work to
    /// do (and `spans` are kept for it).
    pub expands: bool,
    /// Holds an expansion whose value is not known (when `expands` is false).
    pub unknown: bool,
}

/// A part of a word's text that is not plain unquoted text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Span {
    pub start: usize,
    pub end: usize,
    pub kind: SpanKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SpanKind {
    /// Literal text from quotes or an escape: no brace expansion, splitting or globbing.
    Quoted,
    /// An expansion as written (`$X`, `${X:-y}`, `$(…)`, `` `…` ``, `<(…)`, `$((…))`);
    /// `quoted` when inside double quotes.
    Expansion { quoted: bool },
}

/// Bytes of a class found in the unquoted text (outside `spans`).
pub(super) fn unquoted_classes(text: &str, spans: &[Span]) -> u8 {
    let b = text.as_bytes();
    let mut seen = 0;
    let mut at = 0;
    for s in spans.iter().chain(std::iter::once(&Span {
        start: b.len(),
        end: b.len(),
        kind: SpanKind::Quoted,
    })) {
        for &c in b.get(at..s.start.max(at)).unwrap_or(&[]) {
            seen |= class(c);
        }
        at = at.max(s.end);
    }
    seen
}

/// Bytes that end a run of ordinary word characters.
#[inline(always)]
pub(super) fn special(b: u8) -> bool {
    class(b) & SPECIAL != 0
}

/// `text` without any number of leading `prefix`es, as `trim_start_matches(prefix)`, whose
/// `&str` searcher is a generic instance of its own in the wasm.
pub(crate) fn strip_all<'a>(mut text: &'a str, prefix: &str) -> &'a str {
    if !prefix.is_empty() {
        while let Some(rest) = text.strip_prefix(prefix) {
            text = rest;
        }
    }
    text
}
