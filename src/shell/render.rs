//! Re-rendering commands as shell text that parses back to the same commands.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use super::{Analysis, SimpleCommand};

const RESERVED: [&str; 21] = [
    "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for",
    "select", "function", "in", "time", "{", "}", "!", "[[", "coproc",
];

/// Quotes a word so the shell reads it back as exactly this text (no expansion).
pub fn quote(word: &str) -> Cow<'_, str> {
    let safe = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-./=:,+@%^~".contains(&b))
        && !RESERVED.contains(&word);
    if safe {
        return Cow::Borrowed(word);
    }
    force_quote(word)
}

/// Characters a terminal hides or reorders: rendered as `$'\u…'` escapes.
fn hidden(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}' | '\u{061C}' | '\u{00AD}' | '\u{180E}')
}

/// Text in double quotes for a message, written as `{:?}` writes printable text (`\"`, `\\`,
/// `\n`, `\t`, `\r`, `\0`, `\u{…}`). Only controls and the characters a terminal hides
/// (`hidden`, line and paragraph separators) are escaped: `{:?}` would pull core's Unicode
/// printable tables into the wasm for the other non-printable characters, which are written
/// as they are.
#[derive(Clone, Copy)]
pub struct Quoted<'a>(pub &'a str);

/// A character in single quotes, escaped as `Quoted` escapes (`\'` for the quote).
#[derive(Clone, Copy)]
pub struct QuotedChar(pub char);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        quote_into(f, self.0, '"')
    }
}

impl fmt::Display for QuotedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        quote_into(f, self.0.encode_utf8(&mut [0; 4]), '\'')
    }
}

#[inline(never)]
fn quote_into(f: &mut fmt::Formatter<'_>, text: &str, quote: char) -> fmt::Result {
    f.write_char(quote)?;
    let mut from = 0;
    for (i, c) in text.char_indices() {
        let escape = match c {
            '\0' => "\\0",
            '\t' => "\\t",
            '\n' => "\\n",
            '\r' => "\\r",
            '\\' => "\\\\",
            '"' if quote == '"' => "\\\"",
            '\'' if quote == '\'' => "\\'",
            c if hidden(c) || matches!(c, '\u{2028}' | '\u{2029}') => "",
            _ => continue,
        };
        f.write_str(&text[from..i])?;
        from = i + c.len_utf8();
        if escape.is_empty() {
            write!(f, "\\u{{{:x}}}", c as u32)?;
        } else {
            f.write_str(escape)?;
        }
    }
    f.write_str(&text[from..])?;
    f.write_char(quote)
}

pub(super) fn force_quote(word: &str) -> Cow<'_, str> {
    if word.chars().any(hidden) {
        let mut s = String::from("$'");
        for c in word.chars() {
            match c {
                '\\' | '\'' => {
                    s.push('\\');
                    s.push(c);
                }
                c if hidden(c) || c == '\n' || c == '\t' => {
                    s.push_str(&format!("\\U{:08x}", c as u32))
                }
                c => s.push(c),
            }
        }
        s.push('\'');
        return Cow::Owned(s);
    }
    let mut s = String::with_capacity(word.len() + 2);
    s.push('\'');
    for c in word.chars() {
        if c == '\'' {
            s.push_str("'\\''");
        } else {
            s.push(c);
        }
    }
    s.push('\'');
    Cow::Owned(s)
}

impl SimpleCommand {
    /// Shell text that analyses back to this command (same words, assignments, redirects and
    /// wrapper names). Here-doc bodies follow on the next lines.
    pub fn render(&self) -> String {
        command(self)
    }
}

impl Analysis {
    /// Shell text that analyses back to the same commands (one line per pipeline; nested
    /// commands are re-created by their parent's words). Each nested script is quoted once
    /// more than its parent, so deep nesting can render past `MAX_INPUT_BYTES`.
    pub fn render(&self) -> String {
        analysis(&self.commands)
    }
}

fn command(c: &SimpleCommand) -> String {
    let (mut line, tail) = parts(c, false);
    line.push_str(&tail);
    line
}

/// Commands one per line, pipeline stages joined by ` | ` (here-doc bodies after the line).
fn analysis(commands: &[SimpleCommand]) -> String {
    let mut out = String::new();
    let mut tail = String::new();
    let mut prev: Option<&SimpleCommand> = None;
    let mut parents = vec![false; commands.len()];
    for p in commands.iter().filter_map(|c| c.parent) {
        if let Some(p) = parents.get_mut(p) {
            *p = true;
        }
    }
    for (c, &parent) in commands.iter().zip(&parents) {
        // left out: what analysing the rendered line finds again from the same words (nested
        // commands, code run later, the script of a shell started by a command it lists:
        // `pwsh -c …`, whose commands have no script launcher of theirs)
        let later = |w: &super::Wrapper| super::analysis::RUNS_LATER.contains(&w.name.as_str());
        let started = c.origin == super::Origin::Script && !c.wrappers.iter().any(|w| w.script);
        if c.parent.is_some() || c.wrappers.iter().any(later) || started {
            continue;
        }
        let same_pipeline = prev.is_some_and(|p| {
            p.pipeline == c.pipeline && p.stage < c.stage && c.pipeline != usize::MAX
        });
        if same_pipeline {
            out.push_str(" | ");
        } else if prev.is_some() {
            out.push_str(&tail);
            tail.clear();
            out.push('\n');
        }
        let (line, t) = parts(c, parent);
        out.push_str(&line);
        tail.push_str(&t);
        prev = Some(c);
    }
    out.push_str(&tail);
    out
}

/// The command line and the here-doc bodies that follow it. `parent`: some commands were
/// created by its words, so the redirections it has from an enclosing command, which they
/// have too, are rendered on a group around it (`{ a <(b); } >x`).
fn parts(c: &SimpleCommand, parent: bool) -> (String, String) {
    let mut line = String::new();
    let push = |line: &mut String, part: &str| {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(part);
    };
    // `X=1 exec cmd`: the assignments come first, before any launcher; inside a script
    // (`bash -c 'X=1 cmd'`) they are the script's.
    let mut assignments = String::new();
    for (i, (name, value)) in c.assignments.iter().enumerate() {
        let value = match c.dynamic_assignments.iter().find(|d| d.index == i) {
            Some(d) => as_written(&d.raw),
            None if value.is_empty() => Cow::Borrowed(""),
            None => force_quote(value),
        };
        push(&mut assignments, &format!("{name}={value}"));
    }
    // Inside a script (`bash -c 'X=1 env cmd'`) the assignments are the script's: they go
    // right inside the innermost script launcher, after the launchers within the script.
    let innermost_script = c.wrappers.iter().rposition(|w| w.script);
    // the substitutions in the words of launchers outside a script launcher belong to no
    // listed command, so they are rendered as commands of their own (see `script_layer`):
    // those words are quoted, not written again with their substitutions
    let outermost_script = c.wrappers.iter().position(|w| w.script);
    for (i, w) in c.words.iter().enumerate() {
        let text = match c.dynamic.iter().find(|d| d.index == i) {
            Some(d) => as_written(&d.raw),
            // a first word shaped like NAME=x would become an assignment
            None if i == 0 && super::lexer::assignment_name_len(w).is_some() => force_quote(w),
            None => quote(w),
        };
        push(&mut line, &text);
    }
    let mut tail = String::new();
    let enclosing = match parent {
        true => c.redirects.iter().rev().take_while(|r| r.enclosing).count(),
        false => 0,
    };
    let (own, enclosing) = c.redirects.split_at(c.redirects.len() - enclosing);
    for r in own {
        redirect(&mut line, &mut tail, r);
    }
    for (k, w) in c.wrappers.iter().enumerate().rev() {
        if Some(k) == innermost_script {
            prepend(&mut line, std::mem::take(&mut assignments));
        }
        if w.words.is_empty() {
            continue;
        }
        let prefix: Vec<Cow<str>> = w
            .words
            .iter()
            .enumerate()
            .map(|(i, x)| match w.dynamic.iter().find(|d| d.index == i) {
                Some(d) if outermost_script.map_or(true, |s| k > s) => as_written(&d.raw),
                _ => quote(x),
            })
            .collect();
        let prefix = prefix.join(" ");
        if w.script {
            line.push_str(&tail);
            tail.clear();
            // A script starting with `-` or `+` would read as the shell's options: a leading
            // space keeps it the script (`bash -c ' -rf /'`).
            if line.starts_with(['-', '+']) {
                line.insert(0, ' ');
            }
            line = format!("{prefix} {}", quote(&line));
        } else {
            line = format!("{prefix} {line}");
        }
    }
    prepend(&mut line, assignments);
    if sets_variables(c) && tail.is_empty() {
        // Later words already hold the values it set (see `expand.rs`); in a subshell it
        // sets them for no other command, as where it stood (a subshell, a branch) may not
        // have either.
        line = format!("( {line} )");
    }
    if !enclosing.is_empty() {
        line = format!("{{ {line}; }}");
        for r in enclosing {
            redirect(&mut line, &mut tail, r);
        }
    }
    (line, tail)
}

/// Appends `r` to `line` (a here-doc's body to `tail`).
fn redirect(line: &mut String, tail: &mut String, r: &super::Redirect) {
    if !line.is_empty() {
        line.push(' ');
    }
    if r.is_heredoc() {
        let delim = if r.dynamic {
            Cow::Borrowed(r.target.as_str())
        } else {
            force_quote(&r.target)
        };
        line.push_str(&format!("{}{delim}", r.op));
        tail.push('\n');
        tail.push_str(r.body.as_deref().unwrap_or(""));
        tail.push_str(&r.target);
    } else {
        let target = match &r.raw {
            Some(raw) => as_written(raw),
            // after `<&`/`>&` an unquoted `-x` closes the descriptor and leaves the word `x`
            None if r.op.ends_with('&') && r.target.len() > 1 && r.target.starts_with('-') => {
                force_quote(&r.target)
            }
            None => quote(&r.target),
        };
        line.push_str(&format!("{} {target}", r.op));
    }
}

/// Assignments alone, or a builtin that gives variables a value.
fn sets_variables(c: &SimpleCommand) -> bool {
    match c.words.first() {
        None => !c.assignments.is_empty(),
        Some(w) => {
            c.wrappers.is_empty()
                && matches!(
                    w.as_str(),
                    "export" | "declare" | "typeset" | "local" | "readonly" | "unset"
                )
        }
    }
}

/// `head` then `line`, space-separated when both have text.
fn prepend(line: &mut String, head: String) {
    if !head.is_empty() {
        *line = if line.is_empty() {
            head
        } else {
            format!("{head} {line}")
        };
    }
}

/// A word with an expansion, as written. A lone backslash can only end a word at the end of
/// the input, where it is literal; followed by more text it would escape the next character,
/// so it is doubled.
fn as_written(raw: &str) -> Cow<'_, str> {
    let trailing = raw.bytes().rev().take_while(|&b| b == b'\\').count();
    if trailing % 2 == 1 {
        Cow::Owned(format!("{raw}\\"))
    } else {
        Cow::Borrowed(raw)
    }
}

#[cfg(test)]
mod tests {
    use super::{Quoted, QuotedChar};

    #[test]
    fn quoted_is_debug_for_printable_text_and_controls() {
        let mut same: Vec<char> = (0..0x80u8).map(char::from).collect();
        same.extend("\u{85}\u{9f}\u{ad}\u{61c}\u{180e}\u{200b}\u{200f}\u{2028}\u{2029}\u{202e}\u{2066}\u{feff}é日🦀".chars());
        for c in same {
            let s = format!("a{c}b");
            assert_eq!(Quoted(&s).to_string(), format!("{s:?}"), "{:x}", c as u32);
            assert_eq!(
                QuotedChar(c).to_string(),
                format!("{c:?}"),
                "{:x}",
                c as u32
            );
        }
    }

    /// Where `{:?}` escapes and `Quoted` does not: non-printable characters a terminal does
    /// not hide (unassigned, private use) and combining marks.
    #[test]
    fn quoted_writes_other_non_printables_as_they_are() {
        for c in ['\u{378}', '\u{e000}', '\u{301}'] {
            let s = c.to_string();
            assert_ne!(format!("{s:?}"), format!("\"{s}\""));
            assert_eq!(Quoted(&s).to_string(), format!("\"{s}\""));
        }
    }
}
