//! Validation — "can it run?": required params present, and no path the call touches
//! (directly or through its shell command) blocked by the ignore rules. Never throws:
//! a failed check is a value.

use std::borrow::Cow;

use serde::Serialize;

use crate::access::{Access, Blocked, GlobRisk};
use crate::call::{is_blank, ToolCall, Value};
use crate::catalogue::ToolSpec;
use crate::patch;
use crate::platform::Flavour;
use crate::shell::trees::Reach;
use crate::shell::{self, Analysis, Origin, PathOperand, Problem, SimpleCommand};
use crate::text::has_any;

/// Why a call cannot run. `code` is stable; `error` is the sentence for the model.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
pub struct Invalid {
    #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(type = "ValidationCode"))]
    pub code: &'static str,
    pub error: String,
    /// For `ignored_path`: the path and the ignore line that blocked it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked: Option<crate::verdict::BlockedPath>,
}

impl Invalid {
    pub fn new(code: &'static str, error: impl Into<String>) -> Self {
        debug_assert!(
            crate::codes::listed(crate::codes::VALIDATION, code),
            "{code}"
        );
        Invalid {
            code,
            error: error.into(),
            blocked: None,
        }
    }
}

pub type Validation = Result<(), Invalid>;

/// Validates `call` against its spec. `analysis` is the parsed command, when the spec has one
/// and the call carries it.
pub fn validate(
    call: &ToolCall,
    spec: &ToolSpec,
    access: &Access,
    analysis: Option<&Analysis>,
) -> Validation {
    let command = analysis.map(|a| {
        let text = command_text(call, spec).unwrap_or("");
        command_allowed(access, a, text, &a.path_operands())
    });
    validate_checked(call, spec, access, command.as_ref())
}

/// [`validate`] with the parsed command already checked (by [`check_command`]: the engine
/// reads a command's path operands once, for validation and for [`unvouched`]).
pub fn validate_checked(
    call: &ToolCall,
    spec: &ToolSpec,
    access: &Access,
    command: Option<&Validation>,
) -> Validation {
    // A name of printable ASCII (nearly every one) is neither blank nor padded nor controlled.
    let printable = !call.tool.is_empty() && call.tool.bytes().all(|b| b.is_ascii_graphic());
    if !printable && is_blank(&call.tool) {
        return Err(Invalid::new("invalid_call", "The tool name is empty."));
    }
    // A host that trims or truncates names would run a tool other than the one judged.
    if !printable && (call.tool.trim() != call.tool || call.tool.contains(char::is_control)) {
        return Err(Invalid::new(
            "invalid_call",
            format!(
                "The tool name {} has surrounding whitespace or control characters.",
                crate::shell::Quoted(&call.tool)
            ),
        ));
    }
    required_params(call, spec)?;
    // An MCP call whose server or tool name cannot be judged is refused (see crate::mcp).
    crate::mcp::target(call).map_err(|why| Invalid::new("invalid_mcp_name", why))?;
    for named in named_paths(call, spec) {
        match named {
            NamedPath::Path(path) => {
                path_allowed(access, None, &path, None)?;
                selector_prefixes_allowed(access, &path)?;
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
        if let Some(checked) = command {
            checked.clone()?;
        }
    }
    Ok(())
}

/// The text of the call's command, when its spec has one and it is a string.
pub fn command_text<'c>(call: &'c ToolCall, spec: &ToolSpec) -> Option<&'c str> {
    call.param(spec.command.as_deref()?)?.as_str()
}

/// The part of validation that reads the parsed command (`text`, parsed as `analysis`; its
/// path operands `operands`): the paths and trees it touches against the ignore rules.
fn command_allowed(
    access: &Access,
    analysis: &Analysis,
    text: &str,
    operands: &[PathOperand<'_>],
) -> Validation {
    if access.workspace().windows_shell() {
        command_paths_allowed(access, analysis, &analysis.path_operands_strict())?;
    } else {
        command_paths_allowed(access, analysis, operands)?;
    }
    command_trees_allowed(access, analysis)?;
    // cmd and PowerShell read `\` as a separator, not an escape (`type C:\ws\.env`).
    if access.workspace().flavour() == Flavour::Windows && text.contains('\\') {
        let separators = shell::analyse(&text.replace('\\', "/"));
        command_paths_allowed(access, &separators, &separators.path_operands_strict())?;
    }
    Ok(())
}

/// The part of validation that reads the parsed command, from the same reading of its path
/// operands as [`unvouched`]: an analysis whose paths toolgate cannot vouch for is made
/// unanalysable, so it prompts whatever the mode (and no allow rule covers it).
pub fn check_command(access: &Access, analysis: &mut Analysis, text: &str) -> Validation {
    let (checked, why) = {
        let operands = analysis.path_operands();
        let checked = command_allowed(access, analysis, text, &operands);
        let why = match analysis.problem {
            None => unvouched(access, analysis, &operands),
            Some(_) => None,
        };
        (checked, why)
    };
    if let Some(why) = why {
        analysis.problem = Some(Problem::Unparseable(why));
        analysis.plain = false;
    }
    checked
}

/// A path a call names: directly in a path param, as a `file:` URL in a URL param, or in a
/// patch's file headers.
#[derive(Debug, Clone, PartialEq)]
pub enum NamedPath<'c> {
    Path(Cow<'c, str>),
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
        urls: spec.urls.iter(),
        patched: patched.into_iter(),
    }
}

/// See [`named_paths`]: the path params lazily, then the URL params' files, then the patch's
/// paths.
pub struct NamedPaths<'c> {
    call: &'c ToolCall,
    params: std::slice::Iter<'c, String>,
    urls: std::slice::Iter<'c, String>,
    patched: std::vec::IntoIter<NamedPath<'c>>,
}

impl<'c> Iterator for NamedPaths<'c> {
    type Item = NamedPath<'c>;

    fn next(&mut self) -> Option<NamedPath<'c>> {
        for name in self.params.by_ref() {
            match self.call.param(name) {
                None | Some(Value::Null) => {}
                Some(Value::Str(path)) if is_blank(path) => {}
                Some(Value::Str(path)) => return Some(NamedPath::Path(Cow::Borrowed(path))),
                Some(Value::InvalidStr) => return Some(NamedPath::NotUnicode(name)),
                Some(_) => return Some(NamedPath::NotAString(name)),
            }
        }
        for name in self.urls.by_ref() {
            if let Some(Value::Str(url)) = self.call.param(name) {
                if let Some(file) = crate::workspace::file_url(url) {
                    return Some(NamedPath::Path(file));
                }
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
/// still catches it. `operands` are the analysis' path operands (strict ones for cmd and
/// PowerShell, see [`Analysis::path_operands_strict`]).
fn command_paths_allowed(
    access: &Access,
    analysis: &Analysis,
    operands: &[PathOperand<'_>],
) -> Validation {
    // A command run inside an ignored directory (`cd private && ls`) reads it.
    for c in analysis.commands.iter().filter(|c| !c.cwd_dynamic) {
        if let Some(dir) = c.cwd.as_deref() {
            let trimmed = dir.trim_end_matches('/');
            // A plain directory the rules do not ignore needs no `dir/` text built.
            let plain = access.workspace().plain_relative(trimmed);
            if plain.is_some_and(|(rel, _)| !access.ignore().is_ignored(rel, true)) {
                continue;
            }
            if let Ok(Some(b)) = access.blocked(&format!("{trimmed}/")) {
                return Err(blocked_error(access, dir, &b, Some(&c.written_text())));
            }
        }
    }
    for c in analysis.commands.iter().filter(|c| applies_patch(c)) {
        patch_fed_allowed(access, c)?;
    }
    for c in analysis.commands.iter().filter(|c| untracks(c)) {
        ignore_file_kept(access, c)?;
    }
    // a word that only may be a path prompts instead (see [`unvouched`])
    let walkers = crate::reads::walkers(access, analysis);
    for operand in operands.iter().filter(|o| o.certain) {
        // a filter of a walk that lists names only opens nothing (`rg --files -g '*.pem'`)
        if access.view().is_none() && crate::reads::walk_filter(analysis, &operand) == Some(true) {
            continue;
        }
        // a shell glob the view expands is judged by what it expands to, a walker's pattern
        // (`--include='*.ts'`) is a filter its walk applies (crate::reads)
        if access.view().is_some()
            && (operand.glob
                || (operand.pattern && walkers.contains(&operand.command))
                || crate::reads::filter_value(analysis, &walkers, &operand))
            && crate::reads::expands(access, &operand)
        {
            continue;
        }
        let mut candidates = [Some(Cow::Borrowed(&*operand.path)), None, None];
        if operand.dynamic && operand.word != operand.path {
            candidates[1] = Some(Cow::Borrowed(&*operand.word));
        }
        // Git Bash reads `/c/ws/x` as `C:/ws/x`.
        candidates[2] = access
            .workspace()
            .shell_drive_path(&operand.path)
            .map(Cow::Owned);
        for path in candidates.iter().flatten() {
            let path: &str = path;
            // An operand that is no valid path (e.g. holds NUL) names no file we guard. A
            // glob is denied when every name it matches is ignored; one that only may name
            // an ignored file is not vouched for either (see [`unvouched`]).
            let blocked = if operand.glob || operand.pattern {
                match access.glob_risk(path, operand.glob) {
                    Ok(GlobRisk::All(b)) => Ok(Some(b)),
                    Ok(_) => Ok(None),
                    Err(e) => Err(e),
                }
            } else {
                blocked_as_file_or_dir(access, None, path)
            };
            let command = || {
                analysis
                    .commands
                    .get(operand.command)
                    .map(|c| c.written_text())
            };
            match blocked {
                Ok(Some(b)) => {
                    return Err(blocked_error(
                        access,
                        &operand.word,
                        &b,
                        command().as_deref(),
                    ))
                }
                // Out of `~` it may land anywhere. Another drive's `X:rest` is read as its
                // `rest` (so quoted text like "A: fix" stays harmless).
                Err(e) if e.unknown_place => {
                    let Some(rest) = drive_relative_rest(path) else {
                        return Err(Invalid::new(
                            "invalid_path",
                            format!("Invalid path '{}': {}.", operand.word, e.message),
                        ));
                    };
                    if let Ok(Some(b)) = blocked_as_file_or_dir(access, None, rest) {
                        let command = command();
                        return Err(blocked_error(access, &operand.word, &b, command.as_deref()));
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// `git rm --cached`: only the index changes, so its operands are names (the git grammar).
fn untracks(c: &SimpleCommand) -> bool {
    let args = c.words.get(1..).unwrap_or(&[]);
    c.name() == Some("git")
        && shell::programs::lookup("git")
            .and_then(|git| git.subcommand_index(args))
            .is_some_and(|i| args[i] == "rm")
        && args.iter().any(|w| w == "--cached")
}

/// Taking the ignore file out of the index by name still deletes it from the repository:
/// denied as `git rm` of it is (untracking a directory that holds it, `git rm -r --cached .`,
/// is allowed, as before).
fn ignore_file_kept(access: &Access, c: &SimpleCommand) -> Validation {
    // `git -C DIR rm …` runs in DIR
    let dir = c
        .words
        .iter()
        .position(|w| w == "-C")
        .and_then(|i| c.words.get(i + 1));
    let base = match (c.cwd.as_deref(), dir) {
        (Some(cwd), Some(d)) if !crate::shell::paths::is_absolute(d) => Some(format!("{cwd}/{d}")),
        (_, Some(d)) => Some(d.clone()),
        (cwd, None) => cwd.map(str::to_string),
    };
    for w in c.words.iter().skip(2).filter(|w| !w.starts_with('-')) {
        let path = match &base {
            Some(base) if !crate::shell::paths::is_absolute(w) => format!("{base}/{w}"),
            _ => w.to_string(),
        };
        if let Ok(Some(b)) = blocked_as_file_or_dir(access, None, &path) {
            if b.by.source == "(built-in)" {
                return Err(blocked_error(access, w, &b, Some(&c.written_text())));
            }
        }
    }
    Ok(())
}

/// A patch applier: `apply_patch`, `applypatch`, `patch`, `git apply`.
fn applies_patch(c: &SimpleCommand) -> bool {
    match c.name() {
        Some("apply_patch" | "applypatch" | "patch") => true,
        Some("git") => c.words.get(1).is_some_and(|w| w == "apply"),
        _ => false,
    }
}

/// The files a patch fed to an applier in a here-document or here-string names
/// (`apply_patch <<'EOF'`, `git apply <<EOF`), from the command's directory, as the
/// apply_patch tool's patch is checked.
fn patch_fed_allowed(access: &Access, c: &SimpleCommand) -> Validation {
    for r in &c.redirects {
        let text = if r.is_heredoc() {
            r.body.as_deref()
        } else if r.is_herestring() {
            Some(r.target.as_str())
        } else {
            None
        };
        for path in text.into_iter().flat_map(patch::touched_paths) {
            let path = match &c.cwd {
                Some(cwd) if !crate::shell::paths::is_absolute(&path) => format!("{cwd}/{path}"),
                _ => path.into_owned(),
            };
            path_allowed(access, None, &path, Some(&c.written_text()))?;
        }
    }
    Ok(())
}

/// The trees a command copies, archives or syncs, and the files `find` selects for an
/// action (see [`crate::shell::trees`]): a copy of the workspace takes its ignored files out.
fn command_trees_allowed(access: &Access, analysis: &Analysis) -> Validation {
    let trees = crate::shell::trees::reached(analysis);
    // a directory deleted or moved away, view or not
    for r in trees.iter().filter(|r| r.reach == Reach::Removed) {
        if let Ok(Some(b)) = access.removal_blocked(&r.path) {
            let command = analysis.commands.get(r.command).map(|c| c.written_text());
            return Err(blocked_error(access, &r.word, &b, command.as_deref()));
        }
    }
    if let Some(view) = access.view() {
        // with the view, what the command reads is known: its certain reads decide
        for hit in crate::reads::hits(access, view, analysis) {
            if hit.certain {
                // the file read, as the view lists it
                let r = &hit.blocked.resolved;
                let file = r.relative.as_deref().unwrap_or(&r.absolute);
                let command = analysis.commands.get(hit.command).map(|c| c.written_text());
                let mut invalid = blocked_error(access, file, &hit.blocked, command.as_deref());
                if let Some(b) = invalid.blocked.as_mut() {
                    b.view = Some(true);
                }
                return Err(invalid);
            }
        }
        return Ok(());
    }
    for r in trees {
        let blocked = match r.reach {
            Reach::Tree => access.tree_blocked(&r.path),
            Reach::Matching => access.glob_blocked(&r.path),
            Reach::Removed => continue,
        };
        if let Ok(Some(b)) = blocked {
            let command = analysis.commands.get(r.command).map(|c| c.written_text());
            return Err(blocked_error(access, &r.word, &b, command.as_deref()));
        }
    }
    Ok(())
}

/// What toolgate cannot see, it does not vouch for: why a command that passed validation
/// still cannot be allowed without asking, if so. A file a program reads or writes (an
/// operand of a program in [`touches_files`], or a redirection) whose name is not known
/// (`cat "$F"` with `F` from the environment, `cat $(ls -a)`, `find … -exec cat {}`,
/// `… | xargs cat`), or a glob that may name an ignored file (`cat .e*`, `cat *` next to
/// `*.pem` files): prompting, not denying, since the names may all be harmless. A name
/// that comes from a listing whose pattern cannot name an ignored file
/// (`wc -l $(git ls-files '*.ts')`, `find src -name '*.ts' | xargs wc -l`) is vouched for.
/// Files named inside an archive or a patch, or in a list (`tar xf`, `git apply x.patch`,
/// `zip -@`), are never vouched for.
/// `operands` are the analysis' path operands.
pub fn unvouched(
    access: &Access,
    analysis: &Analysis,
    operands: &[PathOperand<'_>],
) -> Option<String> {
    let cmds = &analysis.commands;
    let view = access.view();
    if let Some(why) = walked_reads(access, analysis).or_else(|| unseen_names(access, cmds)) {
        return Some(why);
    }
    // most commands name every file literally: nothing to look at
    let globby = |w: &str| w.bytes().any(|b| matches!(b, b'*' | b'?' | b'['));
    let literal = |c: &SimpleCommand| {
        c.unknown.is_empty()
            && !c.cwd_dynamic
            && !std::iter::once(&c.cwd)
                .chain(&c.cwd_also)
                .any(|d| d.as_deref().is_some_and(globby))
            && !c.words.iter().any(|w| globby(w) || w.starts_with(":("))
            && !c.redirects.iter().any(|r| r.dynamic || globby(&r.target))
            && !c.wrappers.iter().any(|w| w.name == "xargs")
            && c.name() != Some("find")
    };
    if let Some(why) = uncertain_blocked(access, operands) {
        return Some(why);
    }
    if cmds.iter().all(literal) {
        return None;
    }
    // `shopt -s dotglob` (or `nocaseglob`, `GLOBIGNORE=…`): the shell's globs match
    // dotfiles, so they are read as a program's patterns
    let shell_globs = !cmds
        .iter()
        .any(|c| c.name() == Some("shopt") || c.assignments.iter().any(|(k, _)| k == "GLOBIGNORE"));
    let walkers = crate::reads::walkers(access, analysis);
    // `shopt -s nocaseglob`: `.EN?` matches `.env`
    let nocase = cmds
        .iter()
        .any(|c| c.name() == Some("shopt") && c.words.iter().any(|w| w == "nocaseglob"));
    for op in operands.iter().filter(|o| o.certain) {
        let Some(c) = cmds.get(op.command) else {
            continue;
        };
        let name = c.name().unwrap_or("");
        if !op.redirect && !touches_files(c) {
            continue;
        }
        if op.unknown && !listed_safely(access, analysis, op) {
            return Some(format!(
                "`{name}` {} `{}`, whose name is only known when it runs",
                if op.redirect { "writes to" } else { "is given" },
                op.word
            ));
        }
        // expanded against the view above; a walker's patterns are its filters, applied there
        if view.is_some()
            && (op.glob || walkers.contains(&op.command))
            && crate::reads::expands(access, &op)
        {
            continue;
        }
        // a walk's filter only narrows what the walk reads, which is judged as a walk: it
        // asks only when it aims at hidden names (`--include='.e*'`), not when a `*` could
        // start one (`--include='*.py'` and `.env.*`)
        let filter = match view {
            None => crate::reads::walk_filter(analysis, op),
            Some(_) => None,
        };
        if filter == Some(true) {
            continue;
        }
        if op.glob || op.pattern {
            let folded = (nocase && op.glob).then(|| op.path.to_ascii_lowercase());
            let dotfile_rule = (op.glob && shell_globs) || filter.is_some();
            let risk = |path: &str| access.glob_risk(path, dotfile_rule);
            // (`All` too: with dotglob it can differ from what validation read)
            if let Ok(GlobRisk::May(b) | GlobRisk::All(b)) = folded
                .as_deref()
                .map_or_else(|| risk(&op.path), |f| risk(f).or_else(|_| risk(&op.path)))
            {
                return Some(format!(
                    "`{}` may name a file the {} file blocks (`{}`)",
                    op.word,
                    access.source().file_name,
                    b.by.pattern
                ));
            }
        }
    }
    for c in cmds {
        let name = c.name().unwrap_or("");
        // `… | xargs cat`: the names come from the stage before
        if touches_files(c) && c.wrappers.iter().any(|w| w.name == "xargs") {
            let producer = cmds
                .iter()
                .enumerate()
                .filter(|(_, p)| p.pipeline == c.pipeline && p.stage < c.stage && c.stage > 0)
                .map(|(j, _)| j)
                .collect::<Vec<_>>();
            if producer.is_empty() || !listing_is_safe(access, analysis, &producer) {
                return Some(format!(
                    "`{name}` is given names from its input through xargs, which are only known when it runs"
                ));
            }
        }
        // `find … -delete`: what it deletes is what it selects
        if name == "find" && c.words.iter().any(|w| w == "-delete") && selects_ignored(access, c) {
            return Some(format!(
                "`{}` may delete a file the {} file blocks",
                c.written_text(),
                access.source().file_name
            ));
        }
    }
    None
}

/// What recursive reads and globs reach that the ignore file blocks, by the workspace view or
/// (without one) the `recursiveReads` setting: why it prompts.
fn walked_reads(access: &Access, analysis: &Analysis) -> Option<String> {
    let cmds = &analysis.commands;
    match access.view() {
        Some(view) => {
            if let Some(hit) = crate::reads::hits(access, view, analysis).first() {
                return Some(format!(
                    "`{}` may read {} (through `{}`), which the {} file blocks (`{}`)",
                    cmds.get(hit.command).and_then(|c| c.name()).unwrap_or(""),
                    hit.blocked.resolved.absolute,
                    hit.word,
                    access.source().file_name,
                    hit.blocked.by.pattern
                ));
            }
        }
        None => {
            if let Some((walk, by)) = crate::reads::blind_walk(access, analysis) {
                return Some(format!(
                    "`{}` reads every file below `{}`, which may hold a file the {} file blocks (`{}`)",
                    cmds.get(walk.command).and_then(|c| c.name()).unwrap_or(""),
                    walk.word,
                    access.source().file_name,
                    by.pattern
                ));
            }
        }
    }
    None
}

/// A command writing or reading names inside an archive or a patch, or from a list: why it
/// prompts.
fn unseen_names(access: &Access, cmds: &[SimpleCommand]) -> Option<String> {
    for c in cmds {
        use crate::shell::unseen::{unseen, Unseen};
        if let Some(u) = unseen(c) {
            let what = match u {
                // unpacked into a known directory outside every root: no ignored file there
                Unseen::Extract {
                    into,
                    anywhere: false,
                } if outside_roots(access, c, into.unwrap_or(".")) => continue,
                Unseen::Extract { .. } => "writes files named inside an archive or patch",
                Unseen::Listed => "reads files named in a list",
            };
            return Some(format!(
                "`{}` {what}, only known when it runs",
                c.written_text()
            ));
        }
    }
    None
}

/// A word that may be a path (an unknown program's operand, a name written as a path) and
/// names an ignored one, or a glob among them that matches only ignored names: why it
/// prompts.
fn uncertain_blocked(access: &Access, operands: &[PathOperand]) -> Option<String> {
    for op in operands.iter().filter(|o| !o.certain && !o.unknown) {
        // a glob given to a program whose words toolgate does not know prompts when every
        // name it matches is ignored (one that only may match one is the program's pattern
        // as often as a list of files)
        let blocked = if op.glob || op.pattern {
            match access.glob_risk(&op.path, op.glob) {
                Ok(GlobRisk::All(b)) => Some(b),
                _ => None,
            }
        } else if op.name {
            // a directory rule (`build/`) does not match a name: `npm run build` runs (a
            // plain name the ignore walk does not match as a file needs no resolution)
            match access.workspace().plain_relative(&op.path) {
                Some((relative, _)) if access.ignore().ignored_as(relative) != Some(false) => None,
                _ => access.blocked_from(None, &op.path).ok().flatten(),
            }
        } else {
            let word = (op.dynamic && op.word != op.path).then_some(&*op.word);
            [Some(&*op.path), word]
                .into_iter()
                .flatten()
                .find_map(|p| blocked_as_file_or_dir(access, None, p).ok().flatten())
        };
        if let Some(b) = blocked {
            return Some(format!(
                "`{}` may name a path the {} file blocks (`{}`)",
                op.word,
                access.source().file_name,
                b.by.pattern
            ));
        }
    }
    None
}

/// `dir`, from where `c` runs, is one known directory outside every workspace root.
fn outside_roots(access: &Access, c: &SimpleCommand, dir: &str) -> bool {
    if c.cwd_dynamic || !c.cwd_also.is_empty() || has_any(dir, b"$`*?[") {
        return false;
    }
    let path = match c.cwd.as_deref() {
        Some(cwd) if !crate::shell::paths::is_absolute(dir) => format!("{cwd}/{dir}"),
        _ => dir.to_string(),
    };
    access
        .workspace()
        .resolve(&path)
        .is_ok_and(|r| r.root.is_none())
}

/// Programs that read or write the files their operands name, from the program table:
/// readers and writers (deleting is writing; `kill`'s operands are processes), but not the
/// project's tools (`make`, `npm`, `docker`),
/// whose operands are targets and options, nor fetchers (URLs), nor `mkdir` (a new
/// directory reads nothing); `git` only in the sub-commands that take files.
fn touches_files(c: &SimpleCommand) -> bool {
    use crate::shell::programs::{Operands, FETCHER, PROJECT, READS, WRITES};
    let name = c.name().unwrap_or("");
    // a downloader given a `file:` URL reads that file (`curl 'file:///ws/.e[m-o]v'`)
    let file_url = |w: &String| w.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("file:"));
    if c.words.iter().skip(1).any(file_url)
        || !crate::shell::downloads::named_after_urls(c).is_empty()
    {
        return true;
    }
    if name == "git" {
        // `git grep` reads files outside the index (where ignored ones are) with these; a
        // pathspec with magic (`:(icase)…`) names files in any subcommand
        let words = || c.words.iter().skip(1);
        if words().any(|w| w == "--no-index" || w == "--untracked" || w.starts_with(":(")) {
            return true;
        }
        return c
            .words
            .iter()
            .skip(1)
            .find(|w| !w.starts_with('-'))
            .is_some_and(|sub| {
                matches!(
                    sub.as_str(),
                    "add"
                        | "mv"
                        | "rm"
                        | "checkout"
                        | "restore"
                        | "show"
                        | "diff"
                        | "archive"
                        | "apply"
                        | "am"
                        | "blame"
                        | "cat-file"
                        | "hash-object"
                        | "stash"
                )
            });
    }
    c.program(false).is_some_and(|p| {
        p.has(READS | WRITES)
            && !p.has(PROJECT | FETCHER)
            && p.operands != Operands::NotFiles
            && p.name != "mkdir"
    })
}

/// An unknown operand that is only names a safe listing produces: `{}` of a `find -exec`
/// whose selection cannot name an ignored file, or a `$(…)` that is such a listing.
fn listed_safely(access: &Access, analysis: &Analysis, op: &PathOperand) -> bool {
    let cmds = &analysis.commands;
    let Some(c) = cmds.get(op.command) else {
        return false;
    };
    if c.origin == Origin::Exec && op.word.contains("{}") {
        return c
            .parent
            .and_then(|p| cmds.get(p))
            .is_some_and(|find| !selects_ignored(access, find));
    }
    let substituted = (op.word.starts_with("$(") && op.word.ends_with(')'))
        || (op.word.starts_with('`') && op.word.ends_with('`'));
    if !substituted {
        return false;
    }
    let children: Vec<usize> = cmds
        .iter()
        .enumerate()
        .filter(|(_, d)| d.parent == Some(op.command) && d.origin == Origin::CommandSubstitution)
        .map(|(j, _)| j)
        .collect();
    !children.is_empty() && listing_is_safe(access, analysis, &children)
}

/// Whether the names the commands `stages` print (a listing, maybe filtered down a
/// pipeline) cannot be an ignored file: the first is `find` or `git ls-files` with a name
/// pattern that cannot name one.
fn listing_is_safe(access: &Access, analysis: &Analysis, stages: &[usize]) -> bool {
    let cmds = &analysis.commands;
    let Some((&at, first)) = stages.first().and_then(|i| Some((i, cmds.get(*i)?))) else {
        return false;
    };
    if let Some(view) = access.view() {
        // `grep -rl x src`, `rg --files`: the names of the files below, as the view shows
        if let Some(may) = crate::reads::listing_may_name_ignored(access, view, analysis, at) {
            return !may;
        }
        if first.name() == Some("git") {
            if let Some(safe) = crate::reads::ls_files_safe(access, view, first) {
                return safe;
            }
        }
    }
    match first.name() {
        // literal words, checked as the operands they are (no option: `-e` decodes escapes)
        Some("echo") => {
            first.unknown.is_empty()
                && first.globs.is_empty()
                && !first
                    .words
                    .iter()
                    .any(|w| w.starts_with('-') || w.contains('\\'))
        }
        Some("find") => !selects_ignored(access, first),
        Some("git") => {
            let Some(at) = first.words.iter().position(|w| w == "ls-files") else {
                return false;
            };
            let specs: Vec<&String> = first
                .words
                .iter()
                .skip(at + 1)
                .filter(|w| !w.starts_with('-'))
                .collect();
            !specs.is_empty()
                && specs
                    .iter()
                    .all(|s| access.name_pattern_risk(s).is_none() && !s.contains(".."))
        }
        _ => false,
    }
}

/// Whether the files a `find` selects may be ignored: the names its `-name`/`-iname`
/// tests allow (all tests must pass, so one safe pattern is enough; with `-o`, any other
/// negation or no name test, any name).
fn selects_ignored(access: &Access, find: &SimpleCommand) -> bool {
    if let Some(view) = access.view() {
        return crate::reads::find_selects_ignored(access, view, find);
    }
    let words = &find.words;
    // a start point not known may be an ignored directory
    if (1..words.len())
        .take_while(|&i| {
            !words
                .get(i)
                .is_some_and(|w| w.starts_with('-') || w == "!" || w == "(")
        })
        .any(|i| find.is_unknown(i))
    {
        return true;
    }
    let mut names = Vec::new();
    for (i, w) in words.iter().enumerate() {
        match w.as_str() {
            "-o" | "-or" | "," => return true,
            "!" | "-not"
                if !words.get(i + 1).is_some_and(|n| {
                    matches!(
                        n.as_str(),
                        "-path" | "-ipath" | "-wholename" | "-iwholename"
                    )
                }) =>
            {
                return true
            }
            "-name" | "-iname"
                if !words
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p == "!" || p == "-not") =>
            {
                names.extend(words.get(i + 1));
            }
            _ => {}
        }
    }
    if names.is_empty() {
        // no name test: its whole tree, which is judged as a copy's is (a subdirectory's
        // tree is not refused; one holding the root holds every ignored file)
        let starts: Vec<&String> = words
            .iter()
            .skip(1)
            .take_while(|w| !(w.starts_with('-') || *w == "!" || *w == "("))
            .collect();
        return starts.is_empty()
            || starts.iter().any(|s| {
                let s = s.trim_end_matches('/');
                s.is_empty() || s == "." || s.starts_with("..") || s.starts_with('~')
            });
    }
    names.iter().all(|n| access.name_pattern_risk(n).is_some())
}

/// `rest` of a drive-relative `X:rest`.
fn drive_relative_rest(path: &str) -> Option<&str> {
    let rest = path
        .strip_prefix(|c: char| c.is_ascii_alphabetic())?
        .strip_prefix(':')?;
    (!rest.starts_with(['/', '\\'])).then_some(rest)
}

/// A path whose kind is unknown (`tar czf x.tgz secrets`, `search_files` on `secrets`) is
/// blocked when it is blocked as a file or as a directory (a `secrets/` rule): fail closed.
fn blocked_as_file_or_dir<'a>(
    access: &'a Access,
    cwd: Option<&str>,
    path: &str,
) -> Result<Option<Blocked<'a>>, crate::workspace::PathError> {
    // A plain path needs no resolution (nor a copy with `/`) unless it is blocked.
    let with_slash = || {
        let mut dir = String::with_capacity(path.len() + 1);
        dir.push_str(path);
        dir.push('/');
        dir
    };
    if cwd.is_none() {
        if let Some((relative, is_dir)) = access.workspace().plain_relative(path) {
            let ignore = access.ignore();
            // Plain: the ignore walk decides, and only a blocked form is resolved, to describe it.
            if is_dir {
                return match ignore.is_ignored(relative, true) {
                    true => access.blocked_resolved(None, path),
                    false => Ok(None),
                };
            }
            let as_file = match ignore.ignored_as(relative) {
                None => return Ok(None),
                Some(only_dir) => !only_dir,
            };
            if as_file {
                if let Some(b) = access.blocked_resolved(None, path)? {
                    return Ok(Some(b));
                }
                if !ignore.is_ignored(relative, true) {
                    return Ok(None);
                }
            }
            return Ok(access.blocked_resolved(None, &with_slash()).ok().flatten());
        }
    }
    match access.blocked_from(cwd, path)? {
        Some(b) => Ok(Some(b)),
        None if !path.ends_with(['/', '\\']) => {
            Ok(access.blocked_from(cwd, &with_slash()).ok().flatten())
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
    let mut invalid = Invalid::new(
        "ignored_path",
        format!(
            "Access to {path}{through} is blocked by the {file} file settings ({rule}). You must try to \
             continue in the task without using this file, or ask the user to update the {file} file."
        ),
    );
    invalid.blocked = Some(crate::verdict::BlockedPath {
        path: path.to_string(),
        source: b.by.source.to_string(),
        line: u32::try_from(b.by.line).unwrap_or(u32::MAX),
        pattern: b.by.pattern.to_string(),
        view: None,
    });
    invalid
}
