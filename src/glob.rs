//! git's `wildmatch`, compiled: one glob → a short list of byte-level operations, matched with
//! a memoised backtracking search (never exponential: each star tries each text position at
//! most once). Shared by ignore files ([`crate::ignore`]) and path rules ([`crate::rules`]), as
//! globset stands beside ignore.
//!
//! Syntax and meaning follow git's `wildmatch.c` (with `WM_PATHNAME` for path patterns):
//! - `\x` is the byte `x`; a trailing lone `\` is an error;
//! - `?` is one byte other than `/`; `*` is any run of bytes without `/`;
//! - `**` is any run of bytes, `/` included, only where wildmatch makes it so: at the start of
//!   what wildmatch sees (or right after a `/`) and before the end, a `/` or an escaped `\/`.
//!   `**/` also matches nothing ("zero directories"); every other run of stars is `*`;
//! - `[...]` is one byte (never `/`): members, `a-z` ranges (byte values; a reversed range is
//!   empty), `\`-escapes, `[:alpha:]`-style classes (git's ctype), `!` or `^` first negates,
//!   `]` first is a member. An unclosed class or an unknown `[:name:]` is an error.
//! - Without `WM_PATHNAME` (basename patterns) every star run is `*`; the text is a basename,
//!   so it never holds a `/` anyway.
//!
//! Case folding is ASCII-only, and also folds class members (git's folding inside classes is
//! incomplete; see [`crate::ignore`]). Texts and patterns are compared as bytes, like git.

/// Star runs count once; literal characters (not bytes) count one each.
pub(crate) const MAX_TOKENS: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Op {
    /// `lits[start..start + len]`, already lower-cased when folding.
    Lit { start: u32, len: u32 },
    /// `?`: one byte, not `/`.
    Any,
    /// One byte of `classes[index]` (which never holds `/`).
    Class(u32),
    /// `*`: any run without `/`. The field is the star's ordinal (for the memo).
    Star(u16),
    /// `**` at a boundary, not followed by `/`: anything.
    AnyAll(u16),
    /// `**/`: nothing, or anything that ends in `/`.
    DirPrefix(u16),
}

/// 256-bit byte set.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct ByteSet([u64; 4]);

impl ByteSet {
    fn insert(&mut self, b: u8) {
        self.0[(b >> 6) as usize] |= 1 << (b & 63);
    }
    fn insert_range(&mut self, lo: u8, hi: u8) {
        for b in lo..=hi {
            self.insert(b);
        }
    }
    fn remove(&mut self, b: u8) {
        self.0[(b >> 6) as usize] &= !(1 << (b & 63));
    }
    #[inline]
    fn contains(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }
    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn first(&self) -> Option<u8> {
        (0..=255u8).find(|&b| self.contains(b))
    }
}

/// A compiled glob.
#[derive(Debug, Clone)]
pub(crate) struct Glob {
    ops: Box<[Op]>,
    lits: Box<[u8]>,
    classes: Box<[ByteSet]>,
    /// Star-like ops (Star, AnyAll, DirPrefix).
    stars: u16,
    /// Fixed-width bytes every match needs.
    min_len: u32,
    fold: bool,
    /// The final literal run (`lits[tail.0..tail.1]`), empty when the glob ends otherwise.
    tail: (u32, u32),
}

/// Compile options.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Flags {
    /// `WM_PATHNAME`: `**` can cross `/` (path patterns). Off for basename patterns.
    pub pathname: bool,
    /// Fold ASCII case.
    pub fold: bool,
    /// Where wildmatch starts in the pattern: git compares a path pattern's literal prefix
    /// (up to the first `*?[\`) itself and hands wildmatch only the rest, so a `**` right after
    /// that prefix counts as "at the start". 0 for a plain wildmatch call.
    pub start: usize,
}

impl Glob {
    /// Compiles `pattern`; an error says why git could never match it.
    pub(crate) fn new(pattern: &[u8], flags: Flags) -> Result<Glob, &'static str> {
        Compiler::new(flags).run(pattern)
    }

    /// The literal bytes the text must end with (already folded), if the glob ends in one.
    #[inline]
    pub(crate) fn tail(&self) -> &[u8] {
        &self.lits[self.tail.0 as usize..self.tail.1 as usize]
    }

    /// The byte every match starts with (folded), when the glob starts with a literal.
    pub(crate) fn head(&self) -> Option<u8> {
        match self.ops.first() {
            Some(&Op::Lit { start, .. }) => self.lits.get(start as usize).copied(),
            _ => None,
        }
    }

    /// Whether `text` starts with the literal run every match starts with (always, when the
    /// glob starts otherwise): a cheap test that `text` and every text it begins can't match.
    pub(crate) fn may_start(&self, text: &[u8]) -> bool {
        match self.ops.first() {
            Some(&Op::Lit { start, len }) => text
                .get(..len as usize)
                .is_some_and(|t| eq(self.lit(start, len), t, self.fold)),
            _ => true,
        }
    }

    /// Fixed-width bytes every match needs.
    pub(crate) fn min_len(&self) -> usize {
        self.min_len as usize
    }

    /// Whether no text can match: it must end in `/` (or be empty before a final `**/`).
    pub(crate) fn ends_with_slash(&self) -> bool {
        match self.ops.split_last() {
            Some((Op::Lit { .. }, _)) => self.tail().last() == Some(&b'/'),
            Some((Op::DirPrefix(_), [])) => true,
            Some((Op::DirPrefix(_), [.., Op::Lit { start, len }])) => {
                self.lits.get((start + len - 1) as usize) == Some(&b'/')
            }
            _ => false,
        }
    }

    /// Whether `text` matches the whole glob.
    #[inline]
    pub(crate) fn is_match(&self, text: &[u8]) -> bool {
        if text.len() < self.min_len as usize {
            return false;
        }
        if self.stars == 0 && text.len() != self.min_len as usize {
            return false;
        }
        let tail = self.tail();
        if let Some(&last) = tail.last() {
            // Cheap rejection first (git's EXC_FLAG_ENDSWITH idea, generalised): the last
            // byte, then the whole literal tail.
            if fold(text[text.len() - 1], self.fold) != last {
                return false;
            }
            let at = text.len() - tail.len();
            if !eq(tail, &text[at..], self.fold) {
                return false;
            }
            if self.ops.len() == 1 {
                return true;
            }
        }
        if self.stars < 2 {
            return self.run(0, 0, text, &mut Memo::None);
        }
        // Several stars make the search quadratic per star; the literal runs must all appear,
        // in order, so check that first (it rejects `**/a/**/b/**` on `a/a/a/…` at once).
        if !self.literals_in_order(text) {
            return false;
        }
        let bits = (self.stars as usize) * (text.len() + 1);
        if bits <= 64 * 16 {
            let mut words = [0u64; 16];
            self.run(0, 0, text, &mut Memo::Bits(&mut words))
        } else {
            let mut words = vec![0u64; bits.div_ceil(64)];
            self.run(0, 0, text, &mut Memo::Bits(&mut words))
        }
    }

    /// Whether every literal run occurs in `text` in the glob's order, without overlapping:
    /// a necessary condition for a match, found with a leftmost greedy scan.
    fn literals_in_order(&self, text: &[u8]) -> bool {
        let mut from = 0;
        for op in self.ops.iter() {
            if let Op::Lit { start, len } = *op {
                let lit = self.lit(start, len);
                if lit.is_empty() {
                    continue;
                }
                let found = text
                    .get(from..)
                    .and_then(|rest| rest.windows(lit.len()).position(|w| eq(lit, w, self.fold)));
                match found {
                    Some(at) => from += at + lit.len(),
                    None => return false,
                }
            }
        }
        true
    }

    fn lit(&self, start: u32, len: u32) -> &[u8] {
        &self.lits[start as usize..(start + len) as usize]
    }

    /// Matches `ops[i..]` against `text[j..]`.
    fn run(&self, mut i: usize, mut j: usize, text: &[u8], memo: &mut Memo) -> bool {
        let n = text.len();
        loop {
            let Some(&op) = self.ops.get(i) else {
                return j == n;
            };
            match op {
                Op::Lit { start, len } => {
                    let lit = self.lit(start, len);
                    match text.get(j..j + lit.len()) {
                        Some(t) if eq(lit, t, self.fold) => j += lit.len(),
                        _ => return false,
                    }
                }
                Op::Any => match text.get(j) {
                    Some(&b) if b != b'/' => j += 1,
                    _ => return false,
                },
                Op::Class(c) => match text.get(j) {
                    Some(&b) if self.classes[c as usize].contains(b) => j += 1,
                    _ => return false,
                },
                Op::Star(k) => {
                    let rest = &text[j..];
                    if i + 1 == self.ops.len() {
                        return !rest.contains(&b'/');
                    }
                    let end = rest.iter().position(|&b| b == b'/').map_or(n, |p| j + p);
                    return self.stars_at(i, k, j, end, false, text, memo);
                }
                Op::AnyAll(k) => {
                    if i + 1 == self.ops.len() {
                        return true;
                    }
                    return self.stars_at(i, k, j, n, false, text, memo);
                }
                Op::DirPrefix(k) => {
                    if i + 1 == self.ops.len() {
                        return j == n || text.last() == Some(&b'/');
                    }
                    return self.stars_at(i, k, j, n, true, text, memo);
                }
            }
            i += 1;
        }
    }

    /// Tries the rest of the glob (`ops[i + 1..]`) at each position a star at `ops[i]` can
    /// stop, from `from` to `to`; for `**/` (`after_slash`) only at `from` and after each `/`.
    #[allow(clippy::too_many_arguments)]
    fn stars_at(
        &self,
        i: usize,
        k: u16,
        from: usize,
        to: usize,
        after_slash: bool,
        text: &[u8],
        memo: &mut Memo,
    ) -> bool {
        // A literal next: only positions where it can start are worth trying.
        let first = match self.ops.get(i + 1) {
            Some(&Op::Lit { start, .. }) => self.lits.get(start as usize).copied(),
            _ => None,
        };
        let width = text.len() + 1;
        let candidate = |p: usize| {
            (!after_slash || p == from || text[p - 1] == b'/')
                && first.map_or(true, |f| {
                    text.get(p).is_some_and(|&b| fold(b, self.fold) == f)
                })
        };
        let mut stop = to + 1;
        for p in from..=to {
            if !candidate(p) {
                continue;
            }
            if memo.get(k as usize * width + p) {
                // Tried before, from here on, and failed.
                stop = p;
                break;
            }
            if self.run(i + 1, p, text, memo) {
                return true;
            }
        }
        // The rest of the glob fails from each position tried, and from every later one.
        if let Memo::Bits(_) = memo {
            for q in (from..stop).filter(|&q| candidate(q)) {
                memo.set(k as usize * width + q);
            }
        }
        false
    }
}

/// Failed (star, position) states, so no state is explored twice.
enum Memo<'a> {
    None,
    Bits(&'a mut [u64]),
}

impl Memo<'_> {
    #[inline]
    fn get(&self, slot: usize) -> bool {
        match self {
            Memo::None => false,
            Memo::Bits(w) => w
                .get(slot / 64)
                .is_some_and(|x| x & (1 << (slot % 64)) != 0),
        }
    }
    fn set(&mut self, slot: usize) {
        if let Memo::Bits(w) = self {
            if let Some(x) = w.get_mut(slot / 64) {
                *x |= 1 << (slot % 64);
            }
        }
    }
}

#[inline]
fn fold(b: u8, yes: bool) -> u8 {
    if yes {
        b.to_ascii_lowercase()
    } else {
        b
    }
}

/// `pattern` is already folded when `fold`. A plain loop: literals are short, and a call to
/// `memcmp` costs more than comparing a few bytes.
#[inline]
fn eq(pattern: &[u8], text: &[u8], fold: bool) -> bool {
    pattern.len() == text.len()
        && if fold {
            pattern
                .iter()
                .zip(text)
                .all(|(&p, &t)| p == t.to_ascii_lowercase())
        } else {
            pattern.iter().zip(text).all(|(p, t)| p == t)
        }
}

struct Compiler {
    flags: Flags,
    ops: Vec<Op>,
    lits: Vec<u8>,
    classes: Vec<ByteSet>,
    stars: u16,
    tokens: usize,
}

impl Compiler {
    fn new(flags: Flags) -> Compiler {
        Compiler {
            flags,
            ops: Vec::new(),
            lits: Vec::new(),
            classes: Vec::new(),
            stars: 0,
            tokens: 0,
        }
    }

    fn run(mut self, p: &[u8]) -> Result<Glob, &'static str> {
        let mut i = 0;
        while let Some(&c) = p.get(i) {
            self.tokens += 1;
            match c {
                b'\\' => {
                    let &e = p.get(i + 1).ok_or("it ends with an unescaped backslash")?;
                    self.lit(e);
                    i += 2;
                }
                b'?' => {
                    self.ops.push(Op::Any);
                    i += 1;
                }
                b'*' => {
                    let run = p[i..].iter().take_while(|&&c| c == b'*').count();
                    let end = i + run;
                    let at_start = i == 0 || i == self.flags.start || p[i - 1] == b'/';
                    let next = p.get(end).copied();
                    let escaped_slash = next == Some(b'\\') && p.get(end + 1) == Some(&b'/');
                    let boundary = next.is_none() || next == Some(b'/') || escaped_slash;
                    let k = self.stars;
                    self.stars = self.stars.saturating_add(1);
                    if run >= 2 && self.flags.pathname && at_start && boundary {
                        if next == Some(b'/') {
                            self.ops.push(Op::DirPrefix(k));
                            i = end + 1;
                            continue;
                        }
                        self.ops.push(Op::AnyAll(k));
                    } else {
                        self.ops.push(Op::Star(k));
                    }
                    i = end;
                }
                b'[' => i = self.class(p, i + 1)?,
                _ => {
                    // One token per character: continuation bytes do not count.
                    if (0x80..0xC0).contains(&c) {
                        self.tokens -= 1;
                    }
                    self.lit(c);
                    i += 1;
                }
            }
        }
        if self.ops.is_empty() {
            return Err("the pattern is empty");
        }
        if self.tokens > MAX_TOKENS {
            return Err("the pattern is too long");
        }
        let min_len = self
            .ops
            .iter()
            .map(|op| match op {
                Op::Lit { len, .. } => *len,
                Op::Any | Op::Class(_) => 1,
                _ => 0,
            })
            .sum();
        let tail = match self.ops.last() {
            Some(&Op::Lit { start, len }) => (start, start + len),
            _ => (0, 0),
        };
        Ok(Glob {
            tail,
            ops: self.ops.into(),
            lits: self.lits.into(),
            classes: self.classes.into(),
            stars: self.stars,
            min_len,
            fold: self.flags.fold,
        })
    }

    /// Appends a literal byte, extending the previous literal run.
    fn lit(&mut self, b: u8) {
        let b = fold(b, self.flags.fold);
        let end = self.lits.len() as u32;
        if let Some(Op::Lit { start, len }) = self.ops.last_mut() {
            if *start + *len == end {
                *len += 1;
                self.lits.push(b);
                return;
            }
        }
        self.lits.push(b);
        self.ops.push(Op::Lit { start: end, len: 1 });
    }

    /// A bracket expression with wildmatch's rules; `j` is just past `[`. Returns the index
    /// past the closing `]`.
    fn class(&mut self, p: &[u8], mut j: usize) -> Result<usize, &'static str> {
        const UNCLOSED: &str = "a character class is not closed";
        let negated = matches!(p.get(j), Some(b'!' | b'^'));
        if negated {
            j += 1;
        }
        let mut set = ByteSet::default();
        let mut prev: Option<u8> = None;
        let mut first = true;
        loop {
            let &c = p.get(j).ok_or(UNCLOSED)?;
            if c == b']' && !first {
                break;
            }
            first = false;
            if c == b'\\' {
                j += 1;
                let &e = p.get(j).ok_or(UNCLOSED)?;
                set.insert(e);
                prev = Some(e);
            } else if let (b'-', Some(lo), Some(&next)) = (c, prev, p.get(j + 1)) {
                if next == b']' {
                    set.insert(b'-');
                    prev = Some(b'-');
                } else {
                    j += 1;
                    let mut hi = next;
                    if hi == b'\\' {
                        j += 1;
                        hi = *p.get(j).ok_or(UNCLOSED)?;
                    }
                    // A reversed range matches nothing in git.
                    if lo <= hi {
                        set.insert_range(lo, hi);
                    }
                    prev = None;
                }
            } else if c == b'[' && p.get(j + 1) == Some(&b':') {
                let name_start = j + 2;
                let close = p
                    .get(name_start..)
                    .and_then(|rest| rest.iter().position(|&c| c == b']'))
                    .map(|k| name_start + k)
                    .ok_or(UNCLOSED)?;
                if close > name_start && p[close - 1] == b':' {
                    posix_class(&p[name_start..close - 1], &mut set)
                        .ok_or("it names an unknown [:class:]")?;
                    prev = None;
                    j = close;
                } else {
                    // Not `[:name:]`: the '[' is an ordinary member.
                    set.insert(b'[');
                    prev = Some(b'[');
                }
            } else {
                set.insert(c);
                prev = Some(c);
            }
            j += 1;
        }
        if self.flags.fold {
            for b in b'a'..=b'z' {
                let u = b.to_ascii_uppercase();
                if set.contains(b) || set.contains(u) {
                    set.insert(b);
                    set.insert(u);
                }
            }
        }
        if negated {
            for w in &mut set.0 {
                *w = !*w;
            }
        }
        // No class matches '/' in a path (and a basename has none).
        set.remove(b'/');
        match set.len() {
            0 => return Err("a character class in it can match nothing"),
            1 => {
                // A one-member class is a literal (keeps literal runs long for the prefilter).
                if let Some(b) = set.first() {
                    self.lit(b);
                }
            }
            255 => self.ops.push(Op::Any),
            _ => {
                self.ops.push(Op::Class(self.classes.len() as u32));
                self.classes.push(set);
            }
        }
        Ok(j + 1)
    }
}

/// git's ctype (sane_ctype), not the C locale: `space` has no `\v`/`\f`.
fn posix_class(name: &[u8], set: &mut ByteSet) -> Option<()> {
    let ranges: &[(u8, u8)] = match name {
        b"alnum" => &[(b'0', b'9'), (b'A', b'Z'), (b'a', b'z')],
        b"alpha" => &[(b'A', b'Z'), (b'a', b'z')],
        b"blank" => &[(b'\t', b'\t'), (b' ', b' ')],
        b"cntrl" => &[(0, 0x1f), (0x7f, 0x7f)],
        b"digit" => &[(b'0', b'9')],
        b"graph" => &[(b'!', b'~')],
        b"lower" => &[(b'a', b'z')],
        b"print" => &[(b' ', b'~')],
        b"punct" => &[(b'!', b'/'), (b':', b'@'), (b'[', b'`'), (b'{', b'~')],
        b"space" => &[(b'\t', b'\n'), (b'\r', b'\r'), (b' ', b' ')],
        b"upper" => &[(b'A', b'Z')],
        b"xdigit" => &[(b'0', b'9'), (b'A', b'F'), (b'a', b'f')],
        _ => return None,
    };
    for &(lo, hi) in ranges {
        set.insert_range(lo, hi);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pattern: &str, text: &str) -> bool {
        let g = Glob::new(
            pattern.as_bytes(),
            Flags {
                pathname: true,
                ..Flags::default()
            },
        )
        .unwrap();
        g.is_match(text.as_bytes())
    }

    #[test]
    fn basics() {
        assert!(m("a*b", "axxb"));
        assert!(!m("a*b", "ax/b"));
        assert!(m("a/**/b", "a/b"));
        assert!(m("a/**/b", "a/x/y/b"));
        assert!(!m("a/**/b", "ab"));
        assert!(m("**/b", "b"));
        assert!(m("**/b", "x/y/b"));
        assert!(m("a/**", "a/x/y"));
        assert!(!m("a/**", "a"));
        assert!(m("**", "a/b"));
        assert!(m("a**b", "axxb"));
        assert!(!m("a**b", "ax/b"));
        assert!(m("[a-c]?", "bz"));
        assert!(!m("[!a-c]", "b"));
        assert!(m("[[:digit:]]x", "7x"));
        assert!(Glob::new(b"[/]", Flags::default()).is_err());
        assert!(m("[!/]", "x"));
        assert!(m("\\*", "*"));
    }

    #[test]
    fn many_stars_stay_fast() {
        let pattern = "*a".repeat(40) + "b";
        let text = "a".repeat(3000);
        let started = std::time::Instant::now();
        assert!(!m(&pattern, &text));
        assert!(started.elapsed().as_secs() < 5);
        let pattern = "**/a".repeat(30) + "/b";
        let text = "a/".repeat(1500) + "c";
        assert!(!m(&pattern, &text));
        assert!(started.elapsed().as_secs() < 5);
    }
}
