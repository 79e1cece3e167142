//! Characters that make what the user sees differ from what runs: invisible ones, direction
//! overrides, a CR (which lets a terminal overwrite the start of the line), Unicode line
//! separators (which display as a line break the shell does not see) and other controls.

fn name(c: char) -> Option<&'static str> {
    Some(match c {
        '\r' => "CARRIAGE RETURN",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{200C}' => "ZERO WIDTH NON-JOINER",
        '\u{200D}' => "ZERO WIDTH JOINER",
        '\u{2060}' => "WORD JOINER",
        '\u{2061}'..='\u{2064}' => "INVISIBLE OPERATOR",
        '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE",
        '\u{00AD}' => "SOFT HYPHEN",
        '\u{180E}' => "MONGOLIAN VOWEL SEPARATOR",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{061C}' => "ARABIC LETTER MARK",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{1B}' => "ESCAPE",
        '\u{2028}' => "LINE SEPARATOR",
        '\u{2029}' => "PARAGRAPH SEPARATOR",
        '\u{0085}' => "NEXT LINE",
        '\t' | '\n' => return None,
        c if c.is_control() => "CONTROL CHARACTER",
        _ => return None,
    })
}

/// Every byte is printable ASCII, a tab or a newline: nothing to look for. Eight bytes at a
/// time, as this runs on every command (the size-optimised build does not vectorise).
fn plain(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = ONES * 0x80;
    let plain_byte = |b: &u8| b.wrapping_sub(0x20) < 0x5f || *b == b'\t' || *b == b'\n';
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let w = <[u8; 8]>::try_from(chunk).map_or(HIGH, u64::from_le_bytes);
        // a byte ≥ 0x80, < 0x20 or = 0x7f somewhere: look at each (tabs and newlines pass)
        let below_space = w.wrapping_sub(ONES * 0x20) & !w;
        let del = w ^ (ONES * 0x7f);
        let is_del = del.wrapping_sub(ONES) & !del;
        if (w | below_space | is_del) & HIGH != 0 && !chunk.iter().all(plain_byte) {
            return false;
        }
    }
    chunks.remainder().iter().all(plain_byte)
}

/// The first suspicious character, e.g. `U+202E RIGHT-TO-LEFT OVERRIDE at byte 12`, with a
/// count of the others.
pub(super) fn scan(text: &str) -> Option<String> {
    if plain(text.as_bytes()) {
        return None;
    }
    let mut found = text
        .char_indices()
        .filter_map(|(i, c)| name(c).map(|n| (i, c, n)));
    let (at, c, n) = found.next()?;
    let more = found.count();
    let mut s = format!("U+{:04X} {n} at byte {at}", c as u32);
    if more > 0 {
        s.push_str(&format!(" (and {more} more)"));
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    #[test]
    fn plain_checks_every_position() {
        for (byte, plain) in [
            (b'a', true),
            (b'~', true),
            (b' ', true),
            (b'\t', true),
            (b'\n', true),
            (0x00, false),
            (b'\r', false),
            (0x1b, false),
            (0x1f, false),
            (0x7f, false),
            (0x80, false),
            (0xff, false),
        ] {
            for len in [1, 7, 8, 9, 17] {
                for at in 0..len {
                    let mut text = vec![b'a'; len];
                    text[at] = byte;
                    assert_eq!(super::plain(&text), plain, "{byte:#x} at {at} of {len}");
                }
            }
        }
    }
}
