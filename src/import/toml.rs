//! A TOML reader for the subset policy files use: `[table]` and `[[array]]` headers (dotted),
//! `key = value` with bare, quoted and dotted keys, basic and literal strings (single- and
//! multi-line), integers, booleans, arrays and inline tables; comments. Floats and dates are
//! kept as text ([`Value::Other`]). What it cannot read is a [`SyntaxError`] with its line:
//! the importer refuses the file rather than guess, as Gemini CLI skips a file it cannot parse.

use super::value::{Cursor, SyntaxError, Value};

/// The document as one table.
pub fn parse(text: &str) -> Result<Value, SyntaxError> {
    let mut root = Value::Table(Vec::new());
    let mut c = Cursor::new(text);
    // the path of the table `key = value` lines go to
    let mut current: Vec<String> = Vec::new();
    loop {
        c.skip(true);
        if c.peek().is_none() {
            return Ok(root);
        }
        if c.eat("[[") {
            let path = keys(&mut c)?;
            if !c.eat("]]") {
                return c.error("expected `]]`");
            }
            let line = c.line();
            match walk(&mut root, &path[..path.len() - 1], line)? {
                Value::Table(entries) => {
                    let last = &path[path.len() - 1];
                    match entries.iter_mut().find(|(k, _)| k == last) {
                        Some((_, Value::List(items))) => items.push(Value::Table(Vec::new())),
                        Some(_) => return c.error(format!("`{last}` is not an array of tables")),
                        None => entries
                            .push((last.clone(), Value::List(vec![Value::Table(Vec::new())]))),
                    }
                }
                _ => return c.error("not a table"),
            }
            current = path;
        } else if c.eat("[") {
            let path = keys(&mut c)?;
            if !c.eat("]") {
                return c.error("expected `]`");
            }
            walk(&mut root, &path, c.line())?;
            current = path;
        } else {
            let key = keys(&mut c)?;
            c.skip(false);
            if !c.eat("=") {
                return c.error(format!("expected `=` after `{}`", key.join(".")));
            }
            c.skip(false);
            let value = value(&mut c)?;
            let line = c.line();
            let table = walk(&mut root, &current, line)?;
            insert(table, &key, value, line)?;
        }
        c.skip(false);
        if !matches!(c.peek(), None | Some('\n' | '\r')) {
            return c.error("expected the end of the line");
        }
    }
}

/// A dotted key: `a`, `"a b"`, `a.'b'.c`.
fn keys(c: &mut Cursor<'_>) -> Result<Vec<String>, SyntaxError> {
    let mut out = Vec::new();
    loop {
        c.skip(false);
        let key = match c.peek() {
            Some('"' | '\'') => c.string(true)?,
            _ => {
                let w = c.bare_key();
                if w.is_empty() {
                    return c.error("expected a key");
                }
                w.to_string()
            }
        };
        out.push(key);
        c.skip(false);
        if !c.eat(".") {
            return Ok(out);
        }
    }
}

/// The table at `path` (created as needed; through an array of tables, its last table).
fn walk<'v>(
    root: &'v mut Value,
    path: &[String],
    line: usize,
) -> Result<&'v mut Value, SyntaxError> {
    let mut here = root;
    for key in path {
        let Value::Table(entries) = here else {
            return Err(SyntaxError {
                line,
                message: format!("`{key}` is under a value that is not a table"),
            });
        };
        let at = match entries.iter().position(|(k, _)| k == key) {
            Some(at) => at,
            None => {
                entries.push((key.clone(), Value::Table(Vec::new())));
                entries.len() - 1
            }
        };
        here = &mut entries[at].1;
        if let Value::List(items) = here {
            here = match items.last_mut() {
                Some(last @ Value::Table(_)) => last,
                _ => {
                    return Err(SyntaxError {
                        line,
                        message: format!("`{key}` is not a table"),
                    })
                }
            };
        }
    }
    Ok(here)
}

fn insert(table: &mut Value, key: &[String], value: Value, line: usize) -> Result<(), SyntaxError> {
    let (last, init) = key.split_last().ok_or(SyntaxError {
        line,
        message: "empty key".into(),
    })?;
    let Value::Table(entries) = walk(table, init, line)? else {
        return Err(SyntaxError {
            line,
            message: "not a table".into(),
        });
    };
    if entries.iter().any(|(k, _)| k == last) {
        return Err(SyntaxError {
            line,
            message: format!("duplicate key `{last}`"),
        });
    }
    entries.push((last.clone(), value));
    Ok(())
}

fn value(c: &mut Cursor<'_>) -> Result<Value, SyntaxError> {
    match c.peek() {
        Some('"' | '\'') => Ok(Value::Str(c.string(true)?)),
        Some('[') => {
            c.bump();
            let mut items = Vec::new();
            loop {
                c.skip(true);
                if c.eat("]") {
                    return Ok(Value::List(items));
                }
                items.push(value(c)?);
                c.skip(true);
                if !c.eat(",") {
                    c.skip(true);
                    if c.eat("]") {
                        return Ok(Value::List(items));
                    }
                    return c.error("expected `,` or `]` in an array");
                }
            }
        }
        Some('{') => {
            c.bump();
            let mut table = Value::Table(Vec::new());
            c.skip(false);
            if c.eat("}") {
                return Ok(table);
            }
            loop {
                let key = keys(c)?;
                c.skip(false);
                if !c.eat("=") {
                    return c.error("expected `=` in an inline table");
                }
                c.skip(false);
                let v = value(c)?;
                insert(&mut table, &key, v, c.line())?;
                c.skip(false);
                if c.eat("}") {
                    return Ok(table);
                }
                if !c.eat(",") {
                    return c.error("expected `,` or `}` in an inline table");
                }
                c.skip(false);
            }
        }
        _ => {
            let w = c.word();
            Ok(match w {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                "" => return c.error("expected a value"),
                _ => match w.replace('_', "").parse::<i64>() {
                    Ok(n) if !w.starts_with('_') && !w.ends_with('_') => Value::Int(n),
                    _ if w.starts_with(|ch: char| {
                        ch.is_ascii_digit() || matches!(ch, '+' | '-' | 'i' | 'n')
                    }) =>
                    {
                        // a float, a date (its time part, if any, is read as more text)
                        let mut text = w.to_string();
                        while matches!(c.peek(), Some(':' | 'T' | 'Z')) {
                            c.bump();
                            text.push_str(c.word());
                        }
                        Value::Other(text)
                    }
                    _ => return c.error(format!("unknown value `{w}`")),
                },
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(entries: &[(&str, Value)]) -> Value {
        Value::Table(
            entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    fn s(x: &str) -> Value {
        Value::Str(x.into())
    }

    #[test]
    fn reads_the_subset() {
        let doc = r#"
# comment
title = "x" # trailing
[[rule]]
toolName = ["a", 'b\n',]
priority = 1_0
modes = [
  "yolo", # why
]
[rule.safety_checker]
type = "in-process"
[[rule]]
"quoted key".x = """
two
lines"""
lit = '''C:\path'''
inline = { a = 1, b = { c = true } }
f = 1.5
"#;
        let want = t(&[
            ("title", s("x")),
            (
                "rule",
                Value::List(vec![
                    t(&[
                        ("toolName", Value::List(vec![s("a"), s("b\\n")])),
                        ("priority", Value::Int(10)),
                        ("modes", Value::List(vec![s("yolo")])),
                        ("safety_checker", t(&[("type", s("in-process"))])),
                    ]),
                    t(&[
                        ("quoted key", t(&[("x", s("two\nlines"))])),
                        ("lit", s("C:\\path")),
                        (
                            "inline",
                            t(&[("a", Value::Int(1)), ("b", t(&[("c", Value::Bool(true))]))]),
                        ),
                        ("f", Value::Other("1.5".into())),
                    ]),
                ]),
            ),
        ]);
        assert_eq!(parse(doc), Ok(want));
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        for (doc, line) in [
            ("a = ", 1),
            ("a = 1\na = 2", 2),
            ("a = \"x", 1),
            ("[[rule]\n", 1),
            ("a = 1 b", 1),
            ("a = [1 2]", 1),
            ("x = \"\\q\"", 1),
            ("\n\nkey", 3),
            ("a = yes", 1),
        ] {
            assert_eq!(parse(doc).map_err(|e| e.line), Err(line), "{doc:?}");
        }
    }
}
