//! A Starlark reader for the subset Codex's execpolicy files use: a sequence of top-level
//! calls `name(arg, key = value, …)` whose arguments are literals — strings (single, double,
//! triple-quoted, with escapes; adjacent strings are not joined), integers, `True`, `False`,
//! `None`, lists and tuples of them. Comments and blank lines anywhere. Anything else
//! (assignments, `def`, `load`, loops, expressions) is a [`SyntaxError`] naming the line: a
//! policy that computes its rules cannot be carried over by reading it.

use super::value::{Cursor, SyntaxError, Value};

/// One top-level call.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub name: String,
    pub line: usize,
    pub positional: Vec<Value>,
    /// Keyword arguments in the order written.
    pub keywords: Vec<(String, Value)>,
}

pub fn parse(text: &str) -> Result<Vec<Call>, SyntaxError> {
    let mut c = Cursor::new(text);
    let mut calls = Vec::new();
    loop {
        c.skip(true);
        if c.peek().is_none() {
            return Ok(calls);
        }
        let line = c.line();
        let name = c.word();
        if !is_name(name) {
            return c.error("expected a call such as prefix_rule(…)");
        }
        c.skip(false);
        if !c.eat("(") {
            return c.error(format!(
                "`{name}` is not called: only top-level calls are read"
            ));
        }
        let mut call = Call {
            name: name.to_string(),
            line,
            positional: Vec::new(),
            keywords: Vec::new(),
        };
        loop {
            c.skip(true);
            if c.eat(")") {
                break;
            }
            let start = c.at;
            let word = c.word();
            c.skip(true);
            if is_name(word) && c.peek() == Some('=') && !c.rest().starts_with("==") {
                c.bump();
                c.skip(true);
                let v = value(&mut c)?;
                if call.keywords.iter().any(|(k, _)| k == word) {
                    return c.error(format!("argument `{word}` given twice"));
                }
                call.keywords.push((word.to_string(), v));
            } else {
                c.at = start;
                if !call.keywords.is_empty() {
                    return c.error("a positional argument after a keyword argument");
                }
                call.positional.push(value(&mut c)?);
            }
            c.skip(true);
            if !c.eat(",") {
                c.skip(true);
                if c.eat(")") {
                    break;
                }
                return c.error("expected `,` or `)`");
            }
        }
        calls.push(call);
        c.skip(false);
        c.eat(";");
        c.skip(false);
        if !matches!(c.peek(), None | Some('\n' | '\r')) {
            return c.error("expected the end of the line after a call");
        }
    }
}

fn is_name(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn value(c: &mut Cursor<'_>) -> Result<Value, SyntaxError> {
    match c.peek() {
        Some('"' | '\'') => {
            let s = c.string(false)?;
            c.skip(true);
            if matches!(c.peek(), Some('"' | '\'')) {
                return c.error("adjacent strings are not joined here; write one string");
            }
            Ok(Value::Str(s))
        }
        Some(open @ ('[' | '(')) => {
            let close = if open == '[' { "]" } else { ")" };
            c.bump();
            let mut items = Vec::new();
            loop {
                c.skip(true);
                if c.eat(close) {
                    return Ok(Value::List(items));
                }
                items.push(value(c)?);
                c.skip(true);
                if !c.eat(",") {
                    c.skip(true);
                    if c.eat(close) {
                        return Ok(Value::List(items));
                    }
                    return c.error(format!("expected `,` or `{close}`"));
                }
            }
        }
        _ => {
            let w = c.word();
            Ok(match w {
                "True" => Value::Bool(true),
                "False" => Value::Bool(false),
                "None" => Value::Other("None".into()),
                _ => match w.parse::<i64>() {
                    Ok(n) => Value::Int(n),
                    Err(_) if w.is_empty() => {
                        return c
                            .error("expected a literal (string, list, number, True, False, None)")
                    }
                    Err(_) => {
                        return c.error(format!("`{w}` is not a literal: only literals are read"))
                    }
                },
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_calls_of_literals() {
        let text = r#"
# a policy
prefix_rule(
    pattern = ["git", ["status", "log"]],  # alternatives
    decision = "allow",
    match = [["git", "status"], 'git log -1'],
)
host_executable(name = "git", paths = ("/usr/bin/git",))
f("a\tb", 1, True, None)
"#;
        let calls = parse(text).unwrap();
        assert_eq!(calls.len(), 3);
        assert_eq!(calls[0].name, "prefix_rule");
        assert_eq!(calls[0].line, 3);
        assert_eq!(calls[0].keywords[0].0, "pattern");
        assert_eq!(
            calls[0].keywords[0].1,
            Value::List(vec![
                Value::Str("git".into()),
                Value::List(vec![Value::Str("status".into()), Value::Str("log".into())])
            ])
        );
        assert_eq!(
            calls[0].keywords[2].1,
            Value::List(vec![
                Value::List(vec![Value::Str("git".into()), Value::Str("status".into())]),
                Value::Str("git log -1".into()),
            ])
        );
        assert_eq!(
            calls[1].keywords[1].1,
            Value::List(vec![Value::Str("/usr/bin/git".into())])
        );
        assert_eq!(
            calls[2].positional,
            vec![
                Value::Str("a\tb".into()),
                Value::Int(1),
                Value::Bool(true),
                Value::Other("None".into()),
            ]
        );
    }

    #[test]
    fn refuses_what_is_not_a_call_of_literals() {
        for (text, line) in [
            ("x = 1", 1),
            ("\nload(\"a\", \"b\")\nrules = []", 3),
            ("prefix_rule(pattern = PATTERN)", 1),
            ("prefix_rule(pattern = [\"a\"] + [\"b\"])", 1),
            ("prefix_rule(decision = \"allow\", [\"a\"])", 1),
            ("prefix_rule(a = 1, a = 2)", 1),
            ("prefix_rule(\"a\" \"b\")", 1),
            ("def f():\n  pass", 1),
            ("prefix_rule(pattern = [\"a\"]", 1),
            ("for x in y: f(x)", 1),
        ] {
            assert_eq!(parse(text).map_err(|e| e.line), Err(line), "{text:?}");
        }
    }
}
