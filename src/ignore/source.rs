//! Reading ignore-file text into pattern lines: git's line rules, then Cline's `!include NAME`.

use crate::map::NameMap;

use super::IgnoreError;

/// `!include` chains deeper than this are an error (they would otherwise recurse without bound
/// through a large includes map).
pub const MAX_INCLUDE_DEPTH: usize = 32;
/// Pattern lines in total, includes expanded, beyond which building fails. Repeated includes
/// can multiply lines exponentially; this keeps build time and memory bounded.
pub const MAX_LINES: usize = 250_000;

/// One pattern line with its provenance.
#[derive(Debug, Clone)]
pub(super) struct Line {
    /// Index into `Expanded::sources`.
    pub source: u32,
    /// 1-based line number within that source.
    pub number: u32,
    /// The pattern as git stores it: line ending and unescaped trailing spaces removed.
    pub text: String,
}

#[derive(Debug, Default)]
pub(super) struct Expanded {
    /// Source names: the ignore file first, then each include in order of first use.
    pub sources: Vec<String>,
    pub lines: Vec<Line>,
    pub warnings: Vec<String>,
}

/// Expands `text` (the file called `name`) and its includes.
pub(super) fn expand(
    name: &str,
    text: &str,
    includes: &NameMap<String>,
) -> Result<Expanded, IgnoreError> {
    let mut out = Expanded {
        sources: vec![name.to_string()],
        ..Expanded::default()
    };
    let mut stack = vec![name.to_string()];
    read(0, text, includes, &mut stack, &mut out)?;
    guard_includes(&mut out);
    Ok(out)
}

/// An included file holds ignore rules like the ignore file: it is ignored itself (by a
/// last line, line 0 of its own source, that no negation before it can undo), so writing,
/// moving or deleting it is refused as the ignore file's own rule refuses it.
fn guard_includes(out: &mut Expanded) {
    for (i, name) in out.sources.iter().enumerate().skip(1) {
        let name = crate::shell::strip_all(name, "./").trim_matches('/');
        if name.is_empty() || name.starts_with("../") {
            continue;
        }
        let mut text = String::with_capacity(name.len() + 1);
        text.push('/');
        for c in name.chars() {
            if matches!(c, '*' | '?' | '[' | '\\' | '!' | '#') {
                text.push('\\');
            }
            text.push(c);
        }
        out.lines.push(Line {
            source: u32::try_from(i).unwrap_or(u32::MAX),
            number: 0,
            text,
        });
    }
}

fn read(
    source: u32,
    text: &str,
    includes: &NameMap<String>,
    stack: &mut Vec<String>,
    out: &mut Expanded,
) -> Result<(), IgnoreError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.split('\n').enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        // git: an empty line or one starting with '#' (before any trimming) is skipped.
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(target) = include_target(line) {
            include(source, number, target, includes, stack, out)?;
            continue;
        }
        let pattern = trim_trailing_spaces(line);
        if pattern.is_empty() {
            continue;
        }
        if out.lines.len() >= MAX_LINES {
            return Err(IgnoreError {
                message: format!("the ignore rules exceed {MAX_LINES} lines (includes expanded)"),
            });
        }
        out.lines.push(Line {
            source,
            number,
            text: pattern.to_string(),
        });
    }
    Ok(())
}

fn include(
    from: u32,
    number: u32,
    target: &str,
    includes: &NameMap<String>,
    stack: &mut Vec<String>,
    out: &mut Expanded,
) -> Result<(), IgnoreError> {
    let from_name = out.sources.get(from as usize).cloned().unwrap_or_default();
    if stack.iter().any(|s| s == target) {
        let chain: Vec<&str> = stack.iter().map(String::as_str).chain([target]).collect();
        return Err(IgnoreError {
            message: format!("!include cycle: {}", chain.join(" → ")),
        });
    }
    if stack.len() > MAX_INCLUDE_DEPTH {
        return Err(IgnoreError {
            message: format!(
                "!include nesting deeper than {MAX_INCLUDE_DEPTH} at {from_name}:{number}"
            ),
        });
    }
    let Some(text) = includes
        .get(target)
        .or_else(|| target.strip_prefix("./").and_then(|t| includes.get(t)))
    else {
        out.warnings.push(format!(
            "{from_name}:{number}: `!include {target}` skipped: no include named `{target}` was given"
        ));
        return Ok(());
    };
    let source = match out.sources.iter().position(|s| s == target) {
        Some(k) => k,
        None => {
            out.sources.push(target.to_string());
            out.sources.len() - 1
        }
    };
    stack.push(target.to_string());
    let result = read(
        u32::try_from(source).unwrap_or(u32::MAX),
        text,
        includes,
        stack,
        out,
    );
    stack.pop();
    result
}

/// Cline's directive: after leading whitespace, `!include`, whitespace, then a name (trimmed).
fn include_target(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("!include")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let target = rest.trim();
    (!target.is_empty()).then_some(target)
}

/// git's `trim_trailing_spaces`: drops trailing ' ' (not tabs) unless backslash-escaped; a line
/// ending in a lone backslash is left alone.
pub(super) fn trim_trailing_spaces(line: &str) -> &str {
    let bytes = line.as_bytes();
    let mut last_space: Option<usize> = None;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' => {
                last_space.get_or_insert(i);
            }
            b'\\' => {
                i += 1;
                if i >= bytes.len() {
                    return line;
                }
                last_space = None;
            }
            _ => last_space = None,
        }
        i += 1;
    }
    // `k` indexes an ASCII space, so it is a char boundary.
    last_space.map_or(line, |k| &line[..k])
}
