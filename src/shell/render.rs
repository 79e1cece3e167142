//! Re-rendering commands as shell text that parses back to the same commands.

use std::borrow::Cow;

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
    /// commands are re-created by their parent's words).
    pub fn render(&self) -> String {
        analysis(&self.commands)
    }
}

fn command(c: &SimpleCommand) -> String {
    let (mut line, tail) = parts(c);
    line.push_str(&tail);
    line
}

/// Commands one per line, pipeline stages joined by ` | ` (here-doc bodies after the line).
fn analysis(commands: &[SimpleCommand]) -> String {
    let mut out = String::new();
    let mut tail = String::new();
    let mut prev: Option<&SimpleCommand> = None;
    for c in commands.iter().filter(|c| c.parent.is_none()) {
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
        let (line, t) = parts(c);
        out.push_str(&line);
        tail.push_str(&t);
        prev = Some(c);
    }
    out.push_str(&tail);
    out
}

/// The command line and the here-doc bodies that follow it.
fn parts(c: &SimpleCommand) -> (String, String) {
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
    for r in &c.redirects {
        if r.is_heredoc() {
            let delim = if r.dynamic {
                Cow::Borrowed(r.target.as_str())
            } else {
                force_quote(&r.target)
            };
            push(&mut line, &format!("{}{delim}", r.op));
            tail.push('\n');
            tail.push_str(r.body.as_deref().unwrap_or(""));
            tail.push_str(&r.target);
        } else {
            let target = match &r.raw {
                Some(raw) => as_written(raw),
                None => quote(&r.target),
            };
            push(&mut line, &format!("{} {target}", r.op));
        }
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
                Some(d) => as_written(&d.raw),
                None => quote(x),
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
    (line, tail)
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
