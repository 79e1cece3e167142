//! Byte scans for the ASCII sets the analysis asks about on every word. `str::contains` with a
//! set of `char`s decodes each character and compares it with each of the set; a set of ASCII
//! bytes gives the same answer (no byte of a multi-byte character is ASCII) for much less work
//! on the check's hot path.

/// Whether `s` holds any of the ASCII bytes `set`.
pub(crate) fn has_any(s: &str, set: &[u8]) -> bool {
    debug_assert!(set.is_ascii());
    let mask = set.iter().fold(0u128, |m, &b| m | 1 << (b & 127));
    s.bytes().any(|b| b < 128 && mask >> b & 1 != 0)
}

/// Whether `s` holds `needle` (short, ASCII): `s.contains(needle)` without the two-way searcher.
pub(crate) fn has(s: &str, needle: &[u8]) -> bool {
    debug_assert!(needle.is_ascii() && !needle.is_empty());
    let (s, n) = (s.as_bytes(), needle);
    // the first byte alone before a comparison of the whole needle
    s.len() >= n.len() && (0..=s.len() - n.len()).any(|i| s[i] == n[0] && s[i..].starts_with(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_answers_as_contains() {
        for s in [
            "", "a", "*", "a/b", "é*", "x://y", ":/", "ü?", "日本[", "plain", "://", "a:/:://",
        ] {
            assert_eq!(has_any(s, b"*?["), s.contains(['*', '?', '[']), "{s}");
            assert_eq!(has(s, b"://"), s.contains("://"), "{s}");
        }
    }
}
