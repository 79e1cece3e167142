//! Byte scans for the ASCII sets the analysis asks about on every word. `str::contains` with a
//! set of `char`s decodes each character and compares it with each of the set; a set of ASCII
//! bytes gives the same answer (no byte of a multi-byte character is ASCII) for much less work
//! on the check's hot path.

/// Whether `s` holds any of the ASCII bytes `set`.
pub(crate) fn has_any(s: &str, set: &[u8]) -> bool {
    debug_assert!(set.is_ascii());
    // two 64-bit halves: a 128-bit shift by a variable is a library call per byte in the
    // size-optimised build
    let (mut low, mut high) = (0u64, 0u64);
    for &b in set {
        match b {
            0..64 => low |= 1 << b,
            _ => high |= 1 << (b & 63),
        }
    }
    s.bytes().any(|b| match b {
        0..64 => low >> b & 1 != 0,
        64..128 => high >> (b - 64) & 1 != 0,
        _ => false,
    })
}

/// Whether `s` holds `needle` (short, ASCII): `s.contains(needle)` without the two-way searcher.
pub(crate) fn has(s: &str, needle: &[u8]) -> bool {
    debug_assert!(needle.is_ascii() && !needle.is_empty());
    let Some((&first, rest)) = needle.split_first() else {
        return true;
    };
    // the first byte alone (a plain scan) before a comparison of the rest
    let mut s = s.as_bytes();
    while let Some(at) = s.iter().position(|&b| b == first) {
        s = s.get(at + 1..).unwrap_or(&[]);
        if s.starts_with(rest) {
            return true;
        }
    }
    false
}

/// `s.split_once(sep)` for an ASCII `sep`, by a byte scan (no `char` searcher).
pub(crate) fn split_once_byte(s: &str, sep: u8) -> Option<(&str, &str)> {
    debug_assert!(sep.is_ascii());
    let at = s.bytes().position(|b| b == sep)?;
    Some((s.get(..at)?, s.get(at + 1..)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_answers_as_contains() {
        for s in [
            "", "a", "*", "a/b", "é*", "x://y", ":/", "ü?", "日本[", "plain", "://", "a:/:://",
            "lelet", "aab", "l", "x:/",
        ] {
            assert_eq!(has_any(s, b"*?["), s.contains(['*', '?', '[']), "{s}");
            // both halves of the set: below 64 (`*`, `/`, `:`) and above (`a`, `[`, `~`)
            for set in [&b"/:"[..], b"a~", b"\0 ~", b"b[*"] {
                let chars: Vec<char> = set.iter().map(|&b| char::from(b)).collect();
                assert_eq!(has_any(s, set), s.contains(&chars[..]), "{s} {set:?}");
            }
            assert_eq!(has(s, b"://"), s.contains("://"), "{s}");
            for needle in [&b"let"[..], b"a", b":/", b"//", b"ab"] {
                let want = s.contains(std::str::from_utf8(needle).unwrap_or(""));
                assert_eq!(has(s, needle), want, "{s} {needle:?}");
            }
            for sep in [b':', b'=', b'/'] {
                let want = s.split_once(char::from(sep));
                assert_eq!(split_once_byte(s, sep), want, "{s} {sep}");
            }
        }
    }
}
