//! A slow, plain reference for gitignore matching: git's `wildmatch.c` (`dowild`) ported line by
//! line over bytes, and `dir.c`'s line parsing, `match_basename`, `match_pathname` and
//! "a path under an excluded directory is excluded" (parents first, last match wins).
//!
//! Written from git's C source, independently of `toolgate::ignore` (which compiles lines to
//! globset globs): the fuzz target `ignore_diff` compares the two.

const MATCH: i32 = 0;
const NOMATCH: i32 = 1;
const ABORT_ALL: i32 = -1;
const ABORT_TO_STARSTAR: i32 = -2;

fn special(c: u8) -> bool {
    matches!(c, b'*' | b'?' | b'[' | b'\\')
}

fn lower(c: u8, fold: bool) -> u8 {
    if fold {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// git's `dowild(p, text, flags)`; `p` and `text` are NUL-free. `pathname` = WM_PATHNAME.
fn dowild(pat: &[u8], text: &[u8], pathname: bool, fold: bool) -> i32 {
    let at = |s: &[u8], i: usize| s.get(i).copied().unwrap_or(0);
    let mut p = 0usize;
    let mut t = 0usize;
    while at(pat, p) != 0 {
        let mut p_ch = at(pat, p);
        let mut t_ch = at(text, t);
        if t_ch == 0 && p_ch != b'*' {
            return ABORT_ALL;
        }
        t_ch = lower(t_ch, fold);
        p_ch = lower(p_ch, fold);
        match p_ch {
            b'\\' => {
                p += 1;
                let p_ch = lower(at(pat, p), fold);
                if t_ch != p_ch {
                    return NOMATCH;
                }
            }
            b'?' => {
                if pathname && t_ch == b'/' {
                    return NOMATCH;
                }
            }
            b'*' => {
                let match_slash;
                p += 1;
                if at(pat, p) == b'*' {
                    let prev_p = p as isize - 2;
                    while at(pat, p + 1) == b'*' {
                        p += 1;
                    }
                    p += 1;
                    let boundary_before = prev_p < 0 || at(pat, prev_p as usize) == b'/';
                    let boundary_after = at(pat, p) == 0
                        || at(pat, p) == b'/'
                        || (at(pat, p) == b'\\' && at(pat, p + 1) == b'/');
                    if boundary_before && boundary_after {
                        if at(pat, p) == b'/'
                            && dowild(&pat[p + 1..], &text[t..], pathname, fold) == MATCH
                        {
                            return MATCH;
                        }
                        match_slash = true;
                    } else {
                        match_slash = !pathname;
                    }
                } else {
                    match_slash = !pathname;
                }
                if at(pat, p) == 0 {
                    if !match_slash && text[t..].contains(&b'/') {
                        return NOMATCH;
                    }
                    return MATCH;
                } else if !match_slash && at(pat, p) == b'/' {
                    match text[t..].iter().position(|&c| c == b'/') {
                        None => return NOMATCH,
                        Some(k) => {
                            t += k;
                            // the slash is consumed by the loop step below
                            p += 1;
                            t += 1;
                            continue;
                        }
                    }
                }
                let mut t_ch = at(text, t);
                loop {
                    if t_ch == 0 {
                        break;
                    }
                    if !special(at(pat, p)) {
                        let want = lower(at(pat, p), fold);
                        loop {
                            t_ch = at(text, t);
                            if t_ch == 0 || !(match_slash || t_ch != b'/') {
                                break;
                            }
                            if lower(t_ch, fold) == want {
                                break;
                            }
                            t += 1;
                        }
                        if lower(t_ch, fold) != want {
                            return NOMATCH;
                        }
                    }
                    let matched = dowild(&pat[p..], &text[t..], pathname, fold);
                    if matched != NOMATCH {
                        if !match_slash || matched != ABORT_TO_STARSTAR {
                            return matched;
                        }
                    } else if !match_slash && t_ch == b'/' {
                        return ABORT_TO_STARSTAR;
                    }
                    t += 1;
                    t_ch = at(text, t);
                }
                return ABORT_ALL;
            }
            b'[' => {
                p += 1;
                let mut p_ch = at(pat, p);
                let negated = p_ch == b'!' || p_ch == b'^';
                if negated {
                    p += 1;
                    p_ch = at(pat, p);
                }
                let mut prev_ch = 0u8;
                let mut matched = false;
                loop {
                    if p_ch == 0 {
                        return ABORT_ALL;
                    }
                    if p_ch == b'\\' {
                        p += 1;
                        p_ch = at(pat, p);
                        if p_ch == 0 {
                            return ABORT_ALL;
                        }
                        if t_ch == p_ch {
                            matched = true;
                        }
                    } else if p_ch == b'-'
                        && prev_ch != 0
                        && at(pat, p + 1) != 0
                        && at(pat, p + 1) != b']'
                    {
                        p += 1;
                        p_ch = at(pat, p);
                        if p_ch == b'\\' {
                            p += 1;
                            p_ch = at(pat, p);
                            if p_ch == 0 {
                                return ABORT_ALL;
                            }
                        }
                        if t_ch <= p_ch && t_ch >= prev_ch {
                            matched = true;
                        } else if fold && t_ch.is_ascii_lowercase() {
                            let up = t_ch.to_ascii_uppercase();
                            if up <= p_ch && up >= prev_ch {
                                matched = true;
                            }
                        }
                        p_ch = 0;
                    } else if p_ch == b'[' && at(pat, p + 1) == b':' {
                        let s = p + 2;
                        let mut q = s;
                        while at(pat, q) != 0 && at(pat, q) != b']' {
                            q += 1;
                        }
                        if at(pat, q) == 0 {
                            return ABORT_ALL;
                        }
                        let len = q as isize - s as isize - 1;
                        if len < 0 || at(pat, q - 1) != b':' {
                            // not "[:name:]": a plain '['
                            p = s - 2;
                            p_ch = b'[';
                            if t_ch == p_ch {
                                matched = true;
                            }
                            prev_ch = p_ch;
                            p += 1;
                            p_ch = at(pat, p);
                            if p_ch == b']' {
                                break;
                            }
                            continue;
                        }
                        let name = &pat[s..q - 1];
                        let hit = match name {
                            b"alnum" => t_ch.is_ascii_alphanumeric(),
                            b"alpha" => t_ch.is_ascii_alphabetic(),
                            b"blank" => t_ch == b' ' || t_ch == b'\t',
                            b"cntrl" => t_ch.is_ascii_control(),
                            b"digit" => t_ch.is_ascii_digit(),
                            b"graph" => t_ch.is_ascii_graphic(),
                            b"lower" => t_ch.is_ascii_lowercase(),
                            b"print" => t_ch.is_ascii_graphic() || t_ch == b' ',
                            b"punct" => t_ch.is_ascii_punctuation(),
                            b"space" => matches!(t_ch, b' ' | b'\t' | b'\n' | b'\r'),
                            b"upper" => {
                                t_ch.is_ascii_uppercase() || (fold && t_ch.is_ascii_lowercase())
                            }
                            b"xdigit" => t_ch.is_ascii_hexdigit(),
                            _ => return ABORT_ALL,
                        };
                        if hit {
                            matched = true;
                        }
                        p = q;
                        p_ch = 0;
                    } else if t_ch == p_ch {
                        matched = true;
                    }
                    prev_ch = p_ch;
                    p += 1;
                    p_ch = at(pat, p);
                    if p_ch == b']' {
                        break;
                    }
                }
                if matched == negated || (pathname && t_ch == b'/') {
                    return NOMATCH;
                }
            }
            _ => {
                if t_ch != p_ch {
                    return NOMATCH;
                }
            }
        }
        p += 1;
        t += 1;
    }
    if at(text, t) != 0 {
        NOMATCH
    } else {
        MATCH
    }
}

pub fn wildmatch(pat: &[u8], text: &[u8], pathname: bool, fold: bool) -> bool {
    dowild(pat, text, pathname, fold) == MATCH
}

/// One parsed line (`dir.c`'s `parse_path_pattern`).
#[derive(Debug, Clone)]
pub struct Pattern {
    pub text: Vec<u8>,
    pub negative: bool,
    pub must_be_dir: bool,
    pub no_dir: bool,
    /// `simple_length`: the literal prefix compared before wildmatch.
    pub prefix: usize,
}

fn parse_pattern(line: &[u8]) -> Pattern {
    let (negative, p) = match line.first() {
        Some(b'!') => (true, &line[1..]),
        _ => (false, line),
    };
    let (must_be_dir, p) = match p.last() {
        Some(b'/') => (true, &p[..p.len() - 1]),
        _ => (false, p),
    };
    let no_dir = !p.contains(&b'/');
    let prefix = p.iter().position(|&c| special(c)).unwrap_or(p.len());
    Pattern {
        text: p.to_vec(),
        negative,
        must_be_dir,
        no_dir,
        prefix,
    }
}

/// `trim_trailing_spaces`.
fn trim_trailing_spaces(line: &[u8]) -> &[u8] {
    let mut last_space = None;
    let mut i = 0;
    while i < line.len() {
        match line[i] {
            b' ' => {
                if last_space.is_none() {
                    last_space = Some(i)
                }
            }
            b'\\' => {
                i += 1;
                if i >= line.len() {
                    return line;
                }
                last_space = None;
            }
            _ => last_space = None,
        }
        i += 1;
    }
    match last_space {
        Some(k) => &line[..k],
        None => line,
    }
}

/// `add_patterns_from_buffer`: BOM, `\n` lines, CR before LF, `#` comments, trailing spaces.
pub fn parse_file(text: &[u8]) -> Vec<Pattern> {
    let text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
    let mut out = Vec::new();
    for raw in text.split(|&c| c == b'\n') {
        if raw.is_empty() || raw[0] == b'#' {
            continue;
        }
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = trim_trailing_spaces(line);
        out.push(parse_pattern(line));
    }
    out
}

fn match_basename(basename: &[u8], p: &Pattern, fold: bool) -> bool {
    if p.prefix == p.text.len() {
        return eq(&p.text, basename, fold);
    }
    wildmatch(&p.text, basename, false, fold)
}

fn eq(a: &[u8], b: &[u8], fold: bool) -> bool {
    if fold {
        a.eq_ignore_ascii_case(b)
    } else {
        a == b
    }
}

fn match_pathname(path: &[u8], p: &Pattern, fold: bool) -> bool {
    let mut pattern: &[u8] = &p.text;
    let mut prefix = p.prefix;
    if pattern.first() == Some(&b'/') {
        pattern = &pattern[1..];
        prefix -= 1;
    }
    let mut name = path;
    if prefix > 0 {
        if prefix > name.len() {
            return false;
        }
        if !eq(&pattern[..prefix], &name[..prefix], fold) {
            return false;
        }
        pattern = &pattern[prefix..];
        name = &name[prefix..];
        if pattern.is_empty() && name.is_empty() {
            return true;
        }
    }
    wildmatch(pattern, name, true, fold)
}

/// `last_matching_pattern_from_list`: the last pattern matching `path`.
fn last_match<'p>(
    patterns: &'p [Pattern],
    path: &[u8],
    is_dir: bool,
    fold: bool,
) -> Option<&'p Pattern> {
    let basename = match path.iter().rposition(|&c| c == b'/') {
        Some(k) => &path[k + 1..],
        None => path,
    };
    patterns.iter().rev().find(|p| {
        if p.must_be_dir && !is_dir {
            return false;
        }
        if p.no_dir {
            match_basename(basename, p, fold)
        } else {
            match_pathname(path, p, fold)
        }
    })
}

/// Whether `path` (normalised, '/'-separated, relative, non-empty) is ignored: some parent
/// directory is excluded (checked from the top), or the path's own last match is positive.
pub fn is_ignored(patterns: &[Pattern], path: &[u8], is_dir: bool, fold: bool) -> bool {
    for (k, &c) in path.iter().enumerate() {
        if c == b'/' && k > 0 {
            if let Some(p) = last_match(patterns, &path[..k], true, fold) {
                if !p.negative {
                    return true;
                }
            }
        }
    }
    last_match(patterns, path, is_dir, fold).is_some_and(|p| !p.negative)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildmatch_basics() {
        for (p, t, want) in [
            ("foo", "foo", true),
            ("*", "foo/bar", false),
            ("**/foo", "a/b/foo", true),
            ("**/foo", "foo", true),
            ("a/**/b", "a/b", true),
            ("a/**/b", "a/x/y/b", true),
            ("a/*/b", "a/x/y/b", false),
            ("[a-c]x", "bx", true),
            ("[!a-c]x", "bx", false),
            ("[[:digit:]]", "5", true),
            ("[[:nope:]]", "5", false),
            ("\\*", "*", true),
            ("foo/**", "foo/a/b", true),
            ("x/ab**/y", "x/abc/d/y", true),
            ("[", "[", false),
        ] {
            assert_eq!(
                wildmatch(p.as_bytes(), t.as_bytes(), true, false),
                want,
                "{p} {t}"
            );
        }
    }

    #[test]
    fn files() {
        let ps = parse_file(b"build/\n!build/keep\n*.log\n/root.txt\n");
        assert!(is_ignored(&ps, b"build", true, false));
        assert!(!is_ignored(&ps, b"build", false, false));
        assert!(is_ignored(&ps, b"build/keep", false, false)); // parent excluded
        assert!(is_ignored(&ps, b"a/b/x.log", false, false));
        assert!(is_ignored(&ps, b"root.txt", false, false));
        assert!(!is_ignored(&ps, b"a/root.txt", false, false));
    }
}
