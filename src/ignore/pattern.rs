//! One gitignore line → the globset globs that match exactly what git's `wildmatch` matches.
//!
//! globset's syntax differs from git's in several ways, so a line is tokenised with git's rules
//! and re-emitted in globset syntax (every literal escaped, classes rebuilt, star runs resolved):
//! - globset has `{a,b}` alternation; git has none (`{`, `}` and `,` are literals).
//! - globset classes take no escapes, reject reversed ranges and parse `-` differently.
//! - git's `[[:space:]]` is `\t \n \r ' '` (git's own ctype), not globset's `\t`..`\r`.
//! - a run of three or more `*` is one `**` in git.
//! - git compares the literal prefix of a path pattern before calling `wildmatch` on the rest,
//!   so in `x/ab**/y` the `**` is at the start of what `wildmatch` sees and matches across `/`
//!   (`x/aby`, `x/abc/d/y`). That needs two globs; see [`Token::PrefixStar`].
//!
//! Like globset (which compiles with `(?-u)`) and git, `?` and classes match single bytes, and
//! case folding is ASCII-only.

/// Tokens past this count make the line inert (skipped with a warning): no real pattern is
/// this long, and it bounds regex size. Runs of `*` count as one token.
pub(super) const MAX_TOKENS: usize = 1024;

/// A parsed line, ready for the glob set.
#[derive(Debug, Clone)]
pub(super) struct Pattern {
    /// Began with `!`: a match re-includes.
    pub negated: bool,
    /// Ended with `/`: matches directories only.
    pub dir_only: bool,
    /// globset globs; the line matches when any does. Empty when it can never match.
    pub globs: Vec<String>,
    /// Why the line can never match (for a warning), when git accepts it but it is inert.
    pub inert: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Lit(char),
    /// `?`: one byte, never `/`.
    Any,
    /// `*` (or a `**` that git treats as `*`): any run of bytes without `/`.
    Star,
    /// `**` between slashes (or at an end): any run of bytes, `/` included.
    DoubleStar,
    /// `**` right after the literal prefix of a path pattern that does not end in `/`
    /// (git's prefix quirk): any run of bytes, `/` included, though not at a slash boundary.
    PrefixStar,
    /// ASCII members as ranges (never `/`), plus non-ASCII members.
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
}

/// Parses one line that is already stripped of its line ending and trailing spaces and is not
/// a comment, blank, or `!include` directive.
pub(super) fn parse(line: &str) -> Pattern {
    let (negated, body) = match line.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    // git removes exactly one trailing '/'.
    let (dir_only, body) = match body.strip_suffix('/') {
        Some(rest) => (true, rest),
        None => (false, body),
    };
    let inert = |why| Pattern {
        negated,
        dir_only,
        globs: Vec::new(),
        inert: Some(why),
    };
    if body.is_empty() {
        return inert("the pattern is empty");
    }
    // Any raw '/' (escaped or not) makes git match against the whole path instead of the
    // basename; a leading one only anchors and is dropped (just one).
    let pathname = body.contains('/');
    let body = if pathname {
        body.strip_prefix('/').unwrap_or(body)
    } else {
        body
    };
    let chars: Vec<char> = body.chars().collect();
    let tokens = match tokenize(&chars, pathname) {
        Ok(tokens) => tokens,
        Err(why) => return inert(why),
    };
    if tokens.is_empty() {
        return inert("the pattern is empty");
    }
    if tokens.len() > MAX_TOKENS {
        return inert("the pattern is too long");
    }
    if tokens
        .iter()
        .any(|t| matches!(t, Token::Class { negated: false, ranges } if ranges.is_empty()))
    {
        return inert("a character class in it can match nothing");
    }
    if tokens.last() == Some(&Token::Lit('/')) && !tokens.contains(&Token::PrefixStar) {
        // Only a text ending in '/' could match, and paths are compared without one. (It also
        // keeps `**/` from reaching globset, which reads a lone `**/` as "everything".)
        return inert("it ends with `/` after the directory-only `/` was removed");
    }
    let globs = if pathname {
        // A glob ending in '/' needs a path ending in '/': drop it (see above).
        path_globs(&tokens)
            .into_iter()
            .filter(|g| !g.ends_with('/'))
            .collect()
    } else {
        // A basename pattern matches the last component at any depth.
        let mut glob = String::from("**/");
        emit(&tokens, &mut glob);
        vec![glob]
    };
    if globs.is_empty() {
        return inert("it ends with `/` after the directory-only `/` was removed");
    }
    Pattern {
        negated,
        dir_only,
        globs,
        inert: None,
    }
}

/// git's `simple_length`: the literal prefix that `match_pathname` compares before wildmatch.
fn literal_prefix_len(chars: &[char]) -> usize {
    chars
        .iter()
        .position(|c| matches!(c, '*' | '?' | '[' | '\\'))
        .unwrap_or(chars.len())
}

fn tokenize(chars: &[char], pathname: bool) -> Result<Vec<Token>, &'static str> {
    let prefix = literal_prefix_len(chars);
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        match c {
            '\\' => match chars.get(i + 1) {
                Some(&escaped) => {
                    tokens.push(Token::Lit(escaped));
                    i += 2;
                }
                None => return Err("it ends with an unescaped backslash"),
            },
            '?' => {
                tokens.push(Token::Any);
                i += 1;
            }
            '*' => {
                let run = chars[i..].iter().take_while(|&&c| c == '*').count();
                let end = i + run;
                let token = star(chars, i, end, run, pathname, prefix);
                let escaped_slash_next = chars.get(end) == Some(&'\\');
                if escaped_slash_next && matches!(token, Token::DoubleStar | Token::PrefixStar) {
                    // `**\/` counts as a boundary, but wildmatch's "match no directory" shortcut
                    // looks for an unescaped '/': it means "anything ending in '/'", which is
                    // `*/**` followed by the '/'.
                    tokens.extend([Token::Star, Token::Lit('/'), Token::DoubleStar]);
                } else {
                    tokens.push(token);
                }
                i = end;
            }
            '[' => {
                let (token, next) = class(chars, i + 1)?;
                tokens.push(token);
                i = next;
            }
            c => {
                tokens.push(Token::Lit(c));
                i += 1;
            }
        }
    }
    Ok(tokens)
}

/// Classifies a run of `run` stars at `start..end` the way wildmatch does.
fn star(
    chars: &[char],
    start: usize,
    end: usize,
    run: usize,
    pathname: bool,
    prefix: usize,
) -> Token {
    // Without WM_PATHNAME (basename patterns) every star run is `*`: a basename has no '/'.
    if run < 2 || !pathname {
        return Token::Star;
    }
    let next_is_boundary = match chars.get(end) {
        None | Some('/') => true,
        Some('\\') => chars.get(end + 1) == Some(&'/'),
        Some(_) => false,
    };
    if !next_is_boundary {
        return Token::Star;
    }
    if start == 0 || chars.get(start - 1) == Some(&'/') {
        Token::DoubleStar
    } else if start == prefix {
        // wildmatch starts after the literal prefix, so this run is "at the start".
        Token::PrefixStar
    } else {
        Token::Star
    }
}

/// Parses a bracket expression with wildmatch's rules; `start` is just past `[`.
/// Returns the token and the index past the closing `]`.
fn class(chars: &[char], start: usize) -> Result<(Token, usize), &'static str> {
    const UNCLOSED: &str = "a character class is not closed";
    let mut j = start;
    let negated = matches!(chars.get(j), Some('!' | '^'));
    if negated {
        j += 1;
    }
    let mut ranges: Vec<(char, char)> = Vec::new();
    let mut prev: Option<char> = None;
    let mut first = true;
    loop {
        let c = *chars.get(j).ok_or(UNCLOSED)?;
        if c == ']' && !first {
            break;
        }
        first = false;
        if c == '\\' {
            j += 1;
            let e = *chars.get(j).ok_or(UNCLOSED)?;
            ranges.push((e, e));
            prev = Some(e);
        } else if let (true, Some(lo), Some(&next)) = (c == '-', prev, chars.get(j + 1)) {
            if next == ']' {
                ranges.push(('-', '-'));
                prev = Some('-');
            } else {
                j += 1;
                let mut hi = next;
                if hi == '\\' {
                    j += 1;
                    hi = *chars.get(j).ok_or(UNCLOSED)?;
                }
                // A reversed range matches nothing in git.
                if lo <= hi {
                    ranges.push((lo, hi));
                }
                prev = None;
            }
        } else if c == '[' && chars.get(j + 1) == Some(&':') {
            let name_start = j + 2;
            let close = chars[name_start.min(chars.len())..]
                .iter()
                .position(|&c| c == ']')
                .map(|k| name_start + k)
                .ok_or(UNCLOSED)?;
            if close > name_start && chars.get(close - 1) == Some(&':') {
                let name: String = chars[name_start..close - 1].iter().collect();
                ranges
                    .extend_from_slice(posix_class(&name).ok_or("it names an unknown [:class:]")?);
                prev = None;
                j = close;
            } else {
                // Not `[:name:]`: the '[' is an ordinary member.
                ranges.push(('[', '['));
                prev = Some('[');
            }
        } else {
            ranges.push((c, c));
            prev = Some(c);
        }
        j += 1;
    }
    let ranges = without_slash(ranges);
    // A negated class that excludes nothing is `?`; an empty positive one matches nothing
    // and `path_globs`/`parse` drop the line.
    let token = if ranges.is_empty() && negated {
        Token::Any
    } else {
        Token::Class { negated, ranges }
    };
    Ok((token, j + 1))
}

/// git's ctype (sane_ctype), not the C locale: `space` has no `\v`/`\f`.
fn posix_class(name: &str) -> Option<&'static [(char, char)]> {
    Some(match name {
        "alnum" => &[('0', '9'), ('A', 'Z'), ('a', 'z')],
        "alpha" => &[('A', 'Z'), ('a', 'z')],
        "blank" => &[('\t', '\t'), (' ', ' ')],
        "cntrl" => &[('\0', '\x1f'), ('\x7f', '\x7f')],
        "digit" => &[('0', '9')],
        "graph" => &[('!', '~')],
        "lower" => &[('a', 'z')],
        "print" => &[(' ', '~')],
        "punct" => &[('!', '/'), (':', '@'), ('[', '`'), ('{', '~')],
        "space" => &[('\t', '\n'), ('\r', '\r'), (' ', ' ')],
        "upper" => &[('A', 'Z')],
        "xdigit" => &[('0', '9'), ('A', 'F'), ('a', 'f')],
        _ => return None,
    })
}

/// Sorts and merges ASCII ranges and removes '/', which no class matches in a path.
///
/// Ranges with a non-ASCII end stay as written: globset expands them into the UTF-8 bytes of
/// their ends, which is how git's byte-wise wildmatch reads them too (`[é]` is the bytes
/// `0xC3`, `0xA9`). Merging them as characters would change that meaning.
fn without_slash(ranges: Vec<(char, char)>) -> Vec<(char, char)> {
    let (mut ascii, mut other): (Vec<_>, Vec<_>) = ranges.into_iter().partition(|r| r.1.is_ascii());
    ascii.sort_unstable();
    let mut merged: Vec<(char, char)> = Vec::with_capacity(ascii.len());
    for (lo, hi) in ascii {
        match merged.last_mut() {
            Some(last) if (lo as u32) <= (last.1 as u32).saturating_add(1) => {
                if hi > last.1 {
                    last.1 = hi;
                }
            }
            _ => merged.push((lo, hi)),
        }
    }
    let mut out = Vec::with_capacity(merged.len() + other.len() + 1);
    for (lo, hi) in merged {
        if lo <= '/' && '/' <= hi {
            if lo < '/' {
                out.push((lo, '.'));
            }
            if hi > '/' {
                out.push(('0', hi));
            }
        } else {
            out.push((lo, hi));
        }
    }
    other.sort_unstable();
    other.dedup();
    out.extend(other);
    out
}

/// Globs for a pattern matched against the whole path (anchored).
fn path_globs(tokens: &[Token]) -> Vec<String> {
    let Some(at) = tokens.iter().position(|t| *t == Token::PrefixStar) else {
        let mut glob = String::new();
        emit(tokens, &mut glob);
        return vec![glob];
    };
    let (head, tail) = (&tokens[..at], &tokens[at + 1..]);
    let mut zero = String::new();
    let mut more = String::new();
    emit(head, &mut zero);
    emit(head, &mut more);
    match tail.split_first() {
        // `X**` is `X` followed by anything: `X*` or `X*/**`.
        None => {
            zero.push('*');
            more.push_str("*/**");
        }
        Some((_slash, mut rest)) => {
            // `X**/` is `X` followed by nothing or by anything ending in '/'. A following
            // `**/` adds nothing; a following final `**` turns it into "anything".
            while let [Token::DoubleStar, Token::Lit('/'), after @ ..] = rest {
                rest = after;
            }
            if rest == [Token::DoubleStar] {
                zero.push('*');
                more.push_str("*/**");
            } else {
                emit(rest, &mut zero);
                more.push_str("*/**/");
                emit(rest, &mut more);
            }
        }
    }
    vec![zero, more]
}

/// Appends tokens in globset syntax (to be built with `literal_separator` and
/// `backslash_escape` on).
fn emit(tokens: &[Token], out: &mut String) {
    for token in tokens {
        match token {
            Token::Lit(c) => lit(*c, out),
            Token::Any => out.push('?'),
            Token::Star => out.push('*'),
            Token::DoubleStar => out.push_str("**"),
            // Only reached through `path_globs`, which replaces it.
            Token::PrefixStar => out.push('*'),
            Token::Class { negated, ranges } => class_glob(*negated, ranges, out),
        }
    }
}

fn lit(c: char, out: &mut String) {
    if matches!(c, '*' | '?' | '[' | ']' | '{' | '}' | ',' | '\\') {
        out.push('\\');
    }
    out.push(c);
}

/// Writes a class in globset's syntax, which has no escapes: `]` is literal only first, `-`
/// only first or last, `!`/`^` negate when first, and `[:` starts a POSIX class.
fn class_glob(negated: bool, ranges: &[(char, char)], out: &mut String) {
    // Split the awkward characters out of the ranges and place them where they are literal.
    let mut has_bracket = false;
    let mut has_dash = false;
    let mut items: Vec<(char, char)> = Vec::new();
    for &(lo, hi) in ranges {
        let mut lo = lo;
        if !hi.is_ascii() {
            // Only a special low end matters here; peeling it off keeps the byte set.
            while matches!(lo, '!' | '-' | ']' | '^') {
                match lo {
                    '-' => has_dash = true,
                    ']' => has_bracket = true,
                    other => items.push((other, other)),
                }
                lo = next_char(lo);
            }
            items.push((lo, hi));
            continue;
        }
        for special in ['!', '-', ']', '^'] {
            if lo <= special && special <= hi {
                if lo < special {
                    items.push((lo, prev_char(special)));
                }
                match special {
                    '-' => has_dash = true,
                    ']' => has_bracket = true,
                    other => items.push((other, other)),
                }
                lo = next_char(special);
            }
        }
        if lo <= hi {
            items.push((lo, hi));
        }
    }
    items.sort_unstable();
    if !negated
        && !has_bracket
        && !has_dash
        && items.len() == 1
        && items[0].0 == items[0].1
        && items[0].0.is_ascii()
    {
        lit(items[0].0, out);
        return;
    }
    // A negation mark must not come first in a positive class: move a harmless item ahead.
    if !negated && !has_bracket {
        let bad = |c: char| c == '!' || c == '^';
        if items.first().is_some_and(|it| bad(it.0)) {
            if let Some(k) = items.iter().position(|it| !bad(it.0)) {
                let it = items.remove(k);
                items.insert(0, it);
            } else if has_dash {
                // "[-!^]": a leading '-' is literal.
                out.push_str("[-");
                for it in &items {
                    out.push(it.0);
                }
                out.push(']');
                return;
            } else {
                // Only '!' and '^': any order starts with a negation mark, so use globset's
                // alternation (the only place toolgate emits it).
                out.push_str("{\\!,\\^}");
                return;
            }
        }
    }
    out.push('[');
    if negated {
        out.push('!');
    }
    if has_bracket {
        out.push(']');
    }
    for (lo, hi) in &items {
        out.push(*lo);
        if hi != lo {
            out.push('-');
            out.push(*hi);
        }
    }
    if has_dash {
        out.push('-');
    }
    out.push(']');
}

fn prev_char(c: char) -> char {
    char::from_u32(c as u32 - 1).unwrap_or(c)
}

fn next_char(c: char) -> char {
    char::from_u32(c as u32 + 1).unwrap_or(c)
}
