//! Re-rendering commands as shell text that parses back to the same commands.

use std::borrow::Cow;

use super::SimpleCommand;

const RESERVED: [&str; 20] = [
    "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "select", "function",
    "in", "time", "{", "}", "!", "[[",
];

/// Quotes a word so the shell reads it back as exactly this text (no expansion).
pub fn quote(word: &str) -> Cow<'_, str> {
    let safe = !word.is_empty()
        && word.bytes().all(|b| b.is_ascii_alphanumeric() || b"_-./=:,+@%^~".contains(&b))
        && !RESERVED.contains(&word);
    if safe {
        return Cow::Borrowed(word);
    }
    force_quote(word)
}

fn force_quote(word: &str) -> Cow<'_, str> {
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

pub(super) fn command(c: &SimpleCommand) -> String {
    let mut line = String::new();
    let push = |line: &mut String, part: &str| {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(part);
    };
    for (i, (name, value)) in c.assignments.iter().enumerate() {
        let value = match c.dynamic_assignments.iter().find(|d| d.index == i) {
            Some(d) => Cow::Borrowed(d.raw.as_str()),
            None if value.is_empty() => Cow::Borrowed(""),
            None => force_quote(value),
        };
        push(&mut line, &format!("{name}={value}"));
    }
    for (i, w) in c.words.iter().enumerate() {
        let text = match c.dynamic.iter().find(|d| d.index == i) {
            Some(d) => Cow::Borrowed(d.raw.as_str()),
            // a first word shaped like NAME=x would become an assignment
            None if i == 0 && super::parser::assignment_name_len(w).is_some() => force_quote(w),
            None => quote(w),
        };
        push(&mut line, &text);
    }
    let mut tail = String::new();
    for r in &c.redirects {
        if r.is_heredoc() {
            let delim = if r.dynamic { Cow::Borrowed(r.target.as_str()) } else { force_quote(&r.target) };
            push(&mut line, &format!("{}{delim}", r.op));
            tail.push('\n');
            tail.push_str(r.body.as_deref().unwrap_or(""));
            tail.push_str(&r.target);
        } else {
            let target = match &r.raw {
                Some(raw) => Cow::Borrowed(raw.as_str()),
                None => quote(&r.target),
            };
            push(&mut line, &format!("{}{target}", r.op));
        }
    }
    line.push_str(&tail);
    for w in c.wrappers.iter().rev().filter(|w| !w.words.is_empty()) {
        let prefix: Vec<Cow<str>> = w.words.iter().map(|x| quote(x)).collect();
        let prefix = prefix.join(" ");
        line = if w.script { format!("{prefix} {}", quote(&line)) } else { format!("{prefix} {line}") };
    }
    line
}
