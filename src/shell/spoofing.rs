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

/// The first suspicious character, e.g. `U+202E RIGHT-TO-LEFT OVERRIDE at byte 12`, with a
/// count of the others.
pub(super) fn scan(text: &str) -> Option<String> {
    if text
        .bytes()
        .all(|b| b.wrapping_sub(0x20) < 0x5f || b == b'\t' || b == b'\n')
    {
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
