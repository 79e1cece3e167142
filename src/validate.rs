//! Validation — "can it run?": required params present, and no path the call touches
//! (directly or through its shell command) blocked by the ignore rules. Never throws:
//! a failed check is a value.

use serde::Serialize;

use crate::access::{Access, Blocked};
use crate::call::{is_blank, ToolCall, Value};
use crate::catalogue::ToolSpec;
use crate::patch;
use crate::shell::trees::Reach;
use crate::shell::Analysis;

/// Why a call cannot run. `code` is stable; `error` is the sentence for the model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Invalid {
    pub code: &'static str,
    pub error: String,
}

impl Invalid {
    pub fn new(code: &'static str, error: impl Into<String>) -> Self {
        Invalid {
            code,
            error: error.into(),
        }
    }
}

pub type Validation = Result<(), Invalid>;

/// Validates `call` against its spec. `analysis` is the parsed command, when the spec has one
/// and the call carries it (the engine parses once and shares it).
pub fn validate(
    call: &ToolCall,
    spec: &ToolSpec,
    access: &Access,
    analysis: Option<&Analysis>,
) -> Validation {
    if is_blank(&call.tool) {
        return Err(Invalid::new("invalid_call", "The tool name is empty."));
    }
    // A host that trims or truncates names would run a tool other than the one judged.
    if call.tool.trim() != call.tool || call.tool.contains(char::is_control) {
        return Err(Invalid::new(
            "invalid_call",
            format!(
                "The tool name {:?} has surrounding whitespace or control characters.",
                call.tool
            ),
        ));
    }
    required_params(call, spec)?;
    for named in named_paths(call, spec) {
        match named {
            NamedPath::Path(path) => {
                path_allowed(access, None, path, None)?;
                selector_prefixes_allowed(access, path)?;
            }
            NamedPath::NotUnicode(name) => return Err(not_unicode(&call.tool, name)),
            NamedPath::NotAString(name) => {
                return Err(Invalid::new(
                    "invalid_param",
                    format!(
                        "Parameter '{name}' of tool '{}' must be a string.",
                        call.tool
                    ),
                ))
            }
        }
    }
    if let Some(name) = &spec.command {
        match call.param(name) {
            Some(Value::InvalidStr) => return Err(not_unicode(&call.tool, name)),
            // A shell's argument ends at a NUL (and Node refuses one): what would run is not
            // the text checked.
            Some(Value::Str(command)) if command.contains('\0') => {
                return Err(Invalid::new(
                    "invalid_param",
                    format!(
                        "Parameter '{name}' of tool '{}' contains a NUL character.",
                        call.tool
                    ),
                ))
            }
            Some(Value::Str(_)) | None | Some(Value::Null) => {}
            Some(_) => {
                return Err(Invalid::new(
                    "invalid_param",
                    format!(
                        "Parameter '{name}' of tool '{}' must be a string command.",
                        call.tool
                    ),
                ))
            }
        }
        if let Some(analysis) = analysis {
            command_paths_allowed(access, analysis)?;
            command_trees_allowed(access, analysis)?;
        }
    }
    Ok(())
}

/// A path a call names, directly in a path param or in a patch's file headers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NamedPath<'c> {
    Path(&'c str),
    /// The param (named) holds something other than a string.
    NotAString(&'c str),
    /// The param (named) holds a string that is not valid Unicode.
    NotUnicode(&'c str),
}

/// Every path the call names, in spec order; blank or absent optional params name none.
pub fn named_paths<'c>(call: &'c ToolCall, spec: &'c ToolSpec) -> NamedPaths<'c> {
    let patched = match spec.patch.as_deref().map(|name| (name, call.param(name))) {
        None | Some((_, None | Some(Value::Null))) => Vec::new(),
        Some((_, Some(Value::Str(text)))) => patch::touched_paths(text)
            .into_iter()
            .map(NamedPath::Path)
            .collect(),
        Some((name, Some(Value::InvalidStr))) => vec![NamedPath::NotUnicode(name)],
        Some((name, Some(_))) => vec![NamedPath::NotAString(name)],
    };
    NamedPaths {
        call,
        params: spec.paths.iter(),
        patched: patched.into_iter(),
    }
}

/// See [`named_paths`]: the path params lazily, then the patch's paths.
pub struct NamedPaths<'c> {
    call: &'c ToolCall,
    params: std::slice::Iter<'c, String>,
    patched: std::vec::IntoIter<NamedPath<'c>>,
}

impl<'c> Iterator for NamedPaths<'c> {
    type Item = NamedPath<'c>;

    fn next(&mut self) -> Option<NamedPath<'c>> {
        for name in self.params.by_ref() {
            match self.call.param(name) {
                None | Some(Value::Null) => {}
                Some(Value::Str(path)) if is_blank(path) => {}
                Some(Value::Str(path)) => return Some(NamedPath::Path(path)),
                Some(Value::InvalidStr) => return Some(NamedPath::NotUnicode(name)),
                Some(_) => return Some(NamedPath::NotAString(name)),
            }
        }
        self.patched.next()
    }
}

/// Cline's ToolValidator: missing, null or whitespace-only is missing (the first one is
/// reported); params declared may-be-empty only need to be present. An entry `a|b` is one of
/// its alternatives (Cline's `path` or `absolutePath`); the first is named when all are missing.
fn required_params(call: &ToolCall, spec: &ToolSpec) -> Validation {
    for entry in &spec.required {
        let missing = |name: &str| match call.param(name) {
            None | Some(Value::Null) => true,
            Some(v) => v.is_blank() && !spec.allow_empty.iter().any(|n| n == name),
        };
        if entry.split('|').all(missing) {
            let name = entry.split('|').next().unwrap_or_default();
            return Err(Invalid::new(
                "missing_param",
                format!(
                    "Missing required parameter '{name}' for tool '{}'.",
                    call.tool
                ),
            ));
        }
    }
    Ok(())
}

fn not_unicode(tool: &str, name: &str) -> Invalid {
    Invalid::new(
        "invalid_param",
        format!("Parameter '{name}' of tool '{tool}' is not valid Unicode (a lone surrogate)."),
    )
}

/// Each path operand of each sub-command (arguments and redirection targets, resolved from
/// the command's `cd`) against the ignore rules. An operand whose directory is not known
/// (`cd "$X" && cat .env`) is also checked as written from the root, so an unanchored rule
/// still catches it.
fn command_paths_allowed(access: &Access, analysis: &Analysis) -> Validation {
    // A command run inside an ignored directory (`cd private && ls`) reads it.
    for c in analysis.commands.iter().filter(|c| !c.cwd_dynamic) {
        if let Some(dir) = c.cwd.as_deref() {
            if let Ok(Some(b)) = access.blocked(&format!("{}/", dir.trim_end_matches('/'))) {
                return Err(blocked_error(access, dir, &b, Some(&c.written_text())));
            }
        }
    }
    for operand in analysis.path_operands() {
        let mut candidates = [Some(operand.path.as_str()), None];
        if operand.dynamic && operand.word != operand.path {
            candidates[1] = Some(operand.word.as_str());
        }
        for path in candidates.into_iter().flatten() {
            // An operand that is no valid path (e.g. holds NUL) names no file we guard.
            let blocked = if operand.glob {
                access.glob_blocked(path)
            } else {
                blocked_as_file_or_dir(access, None, path)
            };
            if let Ok(Some(b)) = blocked {
                let command = analysis
                    .commands
                    .get(operand.command)
                    .map(|c| c.written_text());
                return Err(blocked_error(access, &operand.word, &b, command.as_deref()));
            }
        }
    }
    Ok(())
}

/// The trees a command copies, archives or syncs, and the files `find` selects for an
/// action (see [`crate::shell::trees`]): a copy of the workspace takes its ignored files out.
fn command_trees_allowed(access: &Access, analysis: &Analysis) -> Validation {
    for r in crate::shell::trees::reached(analysis) {
        let blocked = match r.reach {
            Reach::Tree => access.tree_blocked(&r.path),
            Reach::Matching => access.glob_blocked(&r.path),
        };
        if let Ok(Some(b)) = blocked {
            let command = analysis.commands.get(r.command).map(|c| c.written_text());
            return Err(blocked_error(access, &r.word, &b, command.as_deref()));
        }
    }
    Ok(())
}

/// A path whose kind is unknown (`tar czf x.tgz secrets`, `search_files` on `secrets`) is
/// blocked when it is blocked as a file or as a directory (a `secrets/` rule): fail closed.
fn blocked_as_file_or_dir<'a>(
    access: &'a Access,
    cwd: Option<&str>,
    path: &str,
) -> Result<Option<Blocked<'a>>, crate::workspace::PathError> {
    // A plain path needs no resolution (nor a copy with `/`) unless it is blocked.
    if cwd.is_none() {
        if let Some((relative, is_dir)) = access.workspace().plain_relative(path) {
            let ignore = access.ignore();
            let blocked = if is_dir {
                ignore.is_ignored(relative, true)
            } else {
                ignore.is_ignored_as_file_or_dir(relative)
            };
            if !blocked {
                return Ok(None);
            }
        }
    }
    match access.blocked_from(cwd, path)? {
        Some(b) => Ok(Some(b)),
        None if !path.ends_with(['/', '\\']) => {
            let mut dir = String::with_capacity(path.len() + 1);
            dir.push_str(path);
            dir.push('/');
            Ok(access.blocked_from(cwd, &dir).ok().flatten())
        }
        None => Ok(None),
    }
}

fn path_allowed(access: &Access, cwd: Option<&str>, path: &str, via: Option<&str>) -> Validation {
    match blocked_as_file_or_dir(access, cwd, path) {
        Ok(None) => Ok(()),
        Ok(Some(b)) => Err(blocked_error(access, path, &b, via)),
        Err(e) => Err(Invalid::new(
            "invalid_path",
            format!("Invalid path '{}': {}.", e.path, e.message),
        )),
    }
}

/// The harness's `read` takes `.env:1-20`, `.env:raw`, `a.zip:inner/file` and
/// `data.db:table`: what it opens is the path before a `:`. So the part before each `:` is
/// checked too (an ignored prefix blocks the call; one that is not a valid path is not one).
fn selector_prefixes_allowed(access: &Access, path: &str) -> Validation {
    for (i, _) in path.match_indices(':').filter(|(i, _)| *i > 0) {
        let prefix = path.get(..i).unwrap_or_default();
        if let Ok(Some(b)) = blocked_as_file_or_dir(access, None, prefix) {
            return Err(blocked_error(access, prefix, &b, None));
        }
    }
    Ok(())
}

fn blocked_error(access: &Access, path: &str, b: &Blocked<'_>, via: Option<&str>) -> Invalid {
    let file = &access.source().file_name;
    let through = via
        .map(|c| format!(" (named in the command `{c}`)"))
        .unwrap_or_default();
    let rule = if b.by.line == 0 {
        format!("the {file} file is always blocked")
    } else {
        format!("{} line {}: `{}`", b.by.source, b.by.line, b.by.pattern)
    };
    Invalid::new(
        "ignored_path",
        format!(
            "Access to {path}{through} is blocked by the {file} file settings ({rule}). You must try to \
             continue in the task without using this file, or ask the user to update the {file} file."
        ),
    )
}
