//! Claude Code: a settings file's `permissions` block
//! (`{ allow, ask, deny, defaultMode, additionalDirectories }`).
//!
//! Each list goes to the toolgate list of the same name (toolgate checks deny rules first and
//! ask before allow, as Claude Code does). Tool names map onto the catalogue:
//!
//! | Claude Code | toolgate tools |
//! |---|---|
//! | `Bash` | `execute_command`, `bash` |
//! | `Read` | `read_file`, `list_files`, `list_code_definition_names`, `search_files`, `read`, `ls`, `glob`, `grep` |
//! | `Edit`, `Write`, `MultiEdit`, `NotebookEdit` | `write_to_file`, `replace_in_file`, `new_rule`, `apply_patch`, `write`, `edit`, `multi_edit` |
//! | `Glob` / `Grep` / `LS` | `glob` / `search_files`, `grep` / `list_files`, `ls` |
//! | `WebFetch` / `WebSearch` | `web_fetch`, `fetch` / `web_search` |
//! | `mcp__server`, `mcp__server__*` / `mcp__server__tool` | `mcp(server)` / `mcp(server/tool)`: that MCP server or tool, whichever way the host spells the call (see [`crate::mcp`]) |
//!
//! **Command patterns.** A plain `*` (`git log *`) carries over verbatim: both tools read a
//! trailing ` *` as "this command, with or without more words". The legacy `:*` suffix is a
//! prefix match: `npm run test:*` becomes `npm run test *` in allow (a word boundary: never
//! broader than Claude Code's prefix), and `npm run test*` in deny and ask, so that a deny or an
//! ask never matches less than it did in Claude Code (it also matches `npm run tests`). An
//! escaped `\*` (a literal star) has no toolgate spelling: a deny or ask widens it to `*`; an
//! allow with one is not carried.
//!
//! **Path patterns** keep their gitignore semantics and anchors: `//abs/x` → `/abs/x`;
//! `~/x` → `<home>/x` (without `home`, not carried); `/x` (relative to the settings file, i.e.
//! the project root) → `x`, anchored to the workspace; `./x` and `x` → `x`. A single-component
//! `/x` loses its anchor (gitignore matches `x` at any depth): broader, reported for allow.
//! A tool whose paths toolgate cannot see (no path param, no patch) gets no path-scoped rule;
//! for a deny or ask that gap is reported.
//!
//! **`defaultMode`** → the nearest mode: `default` → `write`; `acceptEdits` → `write` plus
//! `allow` overrides for the write tools (origin "Claude Code acceptEdits"); `plan` →
//! `always-ask`; `dontAsk` → `always-ask` (with no prompt callback toolgate denies what would
//! prompt, as dontAsk does); `bypassPermissions` → `yolo`; `auto` → `write`. Everything but
//! `default` is reported with what differs.
//!
//! Without a `defaultMode`, Claude Code's own default (`default`) applies: mode `write`.
//!
//! **`additionalDirectories`** → extra `workspaceRoots` after the primary root (relative ones
//! resolve against it, `~/` ones against `home`; `.` and `..` are collapsed).

use std::collections::BTreeMap;

use serde::de::IgnoredAny;

use crate::catalogue::{READ_PATH_TOOLS, WRITE_PATH_TOOLS};

use super::{balanced_parens, push_unique, Imported, List, RuleLists, COMMAND_TOOLS};
use crate::catalogue::Catalogue;
use crate::policy::{Mode, Policy};

/// A Claude Code settings `permissions` block. Every field is optional.
#[derive(Debug, Clone, Default)]
pub struct ClaudePermissions {
    pub allow: Vec<String>,
    pub ask: Vec<String>,
    pub deny: Vec<String>,
    pub default_mode: Option<String>,
    pub additional_directories: Vec<String>,
    pub unknown: BTreeMap<String, IgnoredAny>,
}

settings_deserialize!(ClaudePermissions {
    allow: "allow",
    ask: "ask",
    deny: "deny",
    default_mode: "defaultMode",
    additional_directories: "additionalDirectories",
});

/// Where the settings' relative places are: both optional.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClaudeContext<'a> {
    /// The project root (the primary workspace root). Needed to carry `additionalDirectories`.
    pub workspace_root: Option<&'a str>,
    /// The user's home directory. Needed to carry `~/` paths.
    pub home: Option<&'a str>,
}

/// The origin of the overrides `acceptEdits` produces.
pub const ACCEPT_EDITS_ORIGIN: &str = "Claude Code acceptEdits";

const BASH: &[&str] = &COMMAND_TOOLS;
const READ: &[&str] = READ_PATH_TOOLS;
const EDIT: &[&str] = WRITE_PATH_TOOLS;
/// Claude Code's names for the tools its `Edit(...)` rules cover.
const EDIT_NAMES: &[&str] = &["Edit", "Write", "MultiEdit", "NotebookEdit"];
const GLOB: &[&str] = &["glob"];
const GREP: &[&str] = &["search_files", "grep"];
const LS: &[&str] = &["list_files", "ls"];
const WEB_FETCH: &[&str] = &["web_fetch", "fetch"];
const WEB_SEARCH: &[&str] = &["web_search"];

/// What a Claude Code tool name stands for.
enum Family {
    Command,
    /// Path rules are consulted (Read, Edit and its aliases).
    Path(&'static [&'static str]),
    /// Only the bare name is meaningful.
    Bare(&'static [&'static str]),
    Mcp,
}

fn family(tool: &str) -> Option<Family> {
    Some(match tool {
        "Bash" => Family::Command,
        "Read" => Family::Path(READ),
        t if EDIT_NAMES.contains(&t) => Family::Path(EDIT),
        "Glob" => Family::Bare(GLOB),
        "Grep" => Family::Bare(GREP),
        "LS" => Family::Bare(LS),
        "WebFetch" => Family::Bare(WEB_FETCH),
        "WebSearch" => Family::Bare(WEB_SEARCH),
        t if t.starts_with("mcp__") => Family::Mcp,
        _ => return None,
    })
}

/// A config from a Claude Code `permissions` block.
pub fn permissions(permissions: &ClaudePermissions, context: ClaudeContext<'_>) -> Imported {
    let mut out = Imported::default();
    let mut rules = RuleLists::default();
    let catalogue = Catalogue::default();
    let p = permissions;
    // Ask rules for write tools, which acceptEdits' overrides would outrank.
    let mut edit_asks = Vec::new();
    for (list, entries) in [
        (List::Deny, &p.deny),
        (List::Ask, &p.ask),
        (List::Allow, &p.allow),
    ] {
        for entry in entries {
            let asks_before = rules.ask.len();
            let mut rule = RuleImport {
                entry,
                list,
                context,
                catalogue: &catalogue,
                out: &mut out,
                rules: &mut rules,
            };
            rule.carry();
            let carried_ask = rules.ask.len() > asks_before;
            if carried_ask && split(entry).is_some_and(|(t, _)| EDIT_NAMES.contains(&t)) {
                edit_asks.push(entry.clone());
            }
        }
    }
    default_mode(p.default_mode.as_deref(), &edit_asks, &mut out);
    workspace_roots(&p.additional_directories, context, &mut out);
    for key in p.unknown.keys() {
        out.warn(format!(
            "Claude Code permissions.{key} has no toolgate equivalent; ignored"
        ));
    }
    out.config.rules = rules.into_rules();
    out
}

/// One entry of one list, on its way into the rule lists.
struct RuleImport<'r, 'c> {
    entry: &'r str,
    list: List,
    context: ClaudeContext<'c>,
    catalogue: &'r Catalogue,
    out: &'r mut Imported,
    rules: &'r mut RuleLists,
}

impl RuleImport<'_, '_> {
    fn warn(&mut self, why: impl AsRef<str>) {
        let warning = format!(
            "Claude Code {} rule \"{}\": {}",
            self.list.name(),
            self.entry,
            why.as_ref()
        );
        self.out.warn(warning);
    }

    /// Warns that the rule is not carried over, saying so loudly for a deny.
    fn skip(&mut self, why: impl AsRef<str>) {
        let tail = if self.list == List::Deny {
            "; this deny is NOT enforced"
        } else {
            ""
        };
        self.warn(format!("not carried over: {}{tail}", why.as_ref()));
    }

    fn push_bare(&mut self, tools: &[&str]) {
        for tool in tools {
            self.rules.push(self.list, tool.to_string());
        }
    }

    fn push_scoped(&mut self, tools: &[&str], pattern: &str) {
        for tool in tools {
            self.rules.push(self.list, format!("{tool}({pattern})"));
        }
    }

    fn carry(&mut self) {
        let Some((tool, content)) = split(self.entry) else {
            return self.skip("not a rule of the form Tool or Tool(specifier)");
        };
        let Some(family) = family(tool) else {
            return self.skip(format!(
                "Claude Code's {tool} tool has no toolgate equivalent"
            ));
        };
        let content = content.map(|c| c.replace("\\(", "(").replace("\\)", ")"));
        let content = content.as_deref().filter(|c| !c.is_empty());
        match family {
            Family::Command => match content {
                None | Some("*") => self.push_bare(BASH),
                Some(pattern) => self.command(pattern),
            },
            Family::Path(tools) => match content {
                None | Some("*") | Some("**") => self.push_bare(tools),
                Some(pattern) => self.path(tools, pattern),
            },
            Family::Bare(tools) => match content {
                None | Some("*") => self.push_bare(tools),
                Some(spec) if spec.starts_with("domain:") => self
                    .skip("toolgate rules cannot match a fetch's domain (only paths and commands)"),
                Some(_) => self.skip(format!(
                    "Claude Code consults no specifier for {tool}, and toolgate cannot \
                     express it"
                )),
            },
            Family::Mcp => self.mcp(tool, content),
        }
    }

    fn command(&mut self, pattern: &str) {
        let mut pattern = pattern.to_string();
        if let Some(prefix) = pattern.strip_suffix(":*") {
            pattern = match self.list {
                // A word boundary: an allow never approves more than in Claude Code.
                List::Allow => format!("{prefix} *"),
                // Broader than the prefix: a deny or ask never matches less than in Claude Code.
                List::Ask | List::Deny => format!("{prefix}*"),
            };
        }
        if pattern.contains("\\*") {
            if self.list == List::Allow {
                return self.skip(
                    "toolgate has no literal \"*\" in command patterns, and reading \"\\*\" \
                     as a wildcard would approve more than Claude Code",
                );
            }
            pattern = pattern.replace("\\*", "*");
            self.warn(format!(
                "toolgate has no literal \"*\"; the escaped \"\\*\" became a wildcard, so the \
                 {} matches more than in Claude Code",
                self.list.name()
            ));
        }
        if pattern.contains('?') {
            if self.list == List::Allow {
                return self.skip(
                    "toolgate reads \"?\" in a command pattern as any one character, which \
                     would approve more than Claude Code",
                );
            }
            self.warn(format!(
                "toolgate reads \"?\" as any one character, so the {} matches more than in \
                 Claude Code",
                self.list.name()
            ));
        }
        if !balanced_parens(&pattern) {
            return self.skip("toolgate rules cannot contain unbalanced parentheses");
        }
        self.push_scoped(BASH, &pattern);
    }

    fn path(&mut self, tools: &[&str], pattern: &str) {
        let translated = if let Some(abs) = pattern.strip_prefix("//") {
            format!("/{abs}")
        } else if pattern == "~" || pattern.starts_with("~/") {
            let Some(home) = self.context.home else {
                return self.skip("a ~/ path needs the home directory, and none was given");
            };
            format!("{}{}", home.trim_end_matches('/'), &pattern[1..])
        } else if pattern.starts_with('~') {
            return self.skip("~user paths are not supported (only ~/ for the user's home)");
        } else if let Some(anchored) = pattern.strip_prefix('/') {
            let component = anchored.trim_end_matches('/');
            // Broader: harmless for a deny or ask, reported for an allow.
            if !component.contains('/') && self.list == List::Allow {
                self.warn(format!(
                    "anchored to the project root in Claude Code; toolgate's \"{anchored}\" \
                     also matches at any depth (gitignore has no other spelling for an anchor \
                     that is not an absolute path)"
                ));
            }
            anchored.to_string()
        } else if let Some(relative) = pattern.strip_prefix("./") {
            relative.to_string()
        } else {
            pattern.to_string()
        };
        if translated.is_empty() {
            return self.push_bare(tools);
        }
        if !balanced_parens(&translated) {
            return self.skip("toolgate rules cannot contain unbalanced parentheses");
        }
        // A path rule only ever matches a tool whose paths toolgate can see: path params, or
        // the file headers of a patch.
        let (seen, unseen): (Vec<&str>, Vec<&str>) = tools.iter().partition(|t| {
            let spec = self.catalogue.spec(t);
            !spec.paths.is_empty() || spec.patch.is_some()
        });
        self.push_scoped(&seen, &translated);
        if !unseen.is_empty() && self.list != List::Allow {
            self.warn(format!(
                "{} names no path toolgate can see, so this {} does not cover it",
                unseen.join(", "),
                self.list.name()
            ));
        }
    }

    /// `mcp__server`, `mcp__server__*` and `mcp__server__tool` name MCP tools exactly as
    /// toolgate's `mcp(server)` / `mcp(server/tool)` do (see [`crate::mcp`]).
    fn mcp(&mut self, tool: &str, content: Option<&str>) {
        if content.is_some() {
            return self.skip("MCP tools take no specifier");
        }
        match crate::mcp::Pattern::parse(tool) {
            Ok(Some(p)) => self.rules.push(self.list, p.key()),
            Ok(None) => self.skip("not an MCP tool name"),
            Err(why) => self.skip(why),
        }
    }
}

/// `Tool` or `Tool(specifier)`; the specifier runs to the last `)`.
fn split(entry: &str) -> Option<(&str, Option<&str>)> {
    let entry = entry.trim();
    match entry.find('(') {
        None if entry.is_empty() || entry.contains(')') => None,
        None => Some((entry, None)),
        Some(open) => {
            let inner = entry[open + 1..].strip_suffix(')')?;
            let tool = entry[..open].trim();
            (!tool.is_empty()).then_some((tool, Some(inner)))
        }
    }
}

/// `defaultMode` → the nearest mode. Absent, it is Claude Code's own default, `default`.
fn default_mode(mode: Option<&str>, edit_asks: &[String], out: &mut Imported) {
    let mode = mode.unwrap_or("default");
    let label = format!("Claude Code defaultMode \"{mode}\"");
    let nearest = match mode {
        "default" => Mode::Write,
        "acceptEdits" => {
            let overrides = &mut out.config.overrides;
            let origins = &mut out.config.override_origins;
            for tool in EDIT {
                overrides.insert(tool.to_string(), Policy::Allow);
                origins.insert(tool.to_string(), ACCEPT_EDITS_ORIGIN.to_string());
            }
            out.warn(format!(
                "{label}: mode \"write\" with allow overrides for the write tools; Claude Code \
                 accepts edits only inside its working directories, toolgate's overrides also \
                 allow writes outside the workspace"
            ));
            if !edit_asks.is_empty() {
                out.warn(format!(
                    "{label}: the allow overrides outrank the ask rules {} (overrides are \
                     checked before rules), so those writes run without asking",
                    super::quoted_list(edit_asks)
                ));
            }
            Mode::Write
        }
        "plan" => {
            out.warn(format!(
                "{label}: toolgate has no plan mode; mode \"always-ask\" prompts for every call, \
                 reads included, instead of refusing edits and commands"
            ));
            Mode::AlwaysAsk
        }
        "dontAsk" => {
            out.warn(format!(
                "{label}: mode \"always-ask\": toolgate denies every call that would prompt only \
                 when no prompt callback is installed, which is what dontAsk does; with one \
                 installed, the user is asked"
            ));
            Mode::AlwaysAsk
        }
        "bypassPermissions" => {
            out.warn(format!(
                "{label}: mode \"yolo\"; Claude Code still asks before writes to .git, .claude, \
                 .vscode and .idea, toolgate's yolo does not (it asks only about critical \
                 commands)"
            ));
            Mode::Yolo
        }
        "auto" => {
            out.warn(format!(
                "{label}: toolgate has no safety classifier; mode \"write\" runs reads and asks \
                 about the rest"
            ));
            Mode::Write
        }
        other => {
            out.warn(format!(
                "Claude Code defaultMode \"{other}\" is not a mode toolgate knows; no mode set"
            ));
            return;
        }
    };
    out.config.mode = Some(nearest);
}

fn workspace_roots(dirs: &[String], context: ClaudeContext<'_>, out: &mut Imported) {
    let Some(root) = context.workspace_root else {
        if !dirs.is_empty() {
            out.warn(format!(
                "Claude Code additionalDirectories {} not carried over: the primary workspace \
                 root must come first, and none was given",
                super::quoted_list(dirs)
            ));
        }
        return;
    };
    let mut roots = vec![root.to_string()];
    for dir in dirs {
        let resolved = if dir.starts_with('/') {
            dir.clone()
        } else if dir == "~" || dir.starts_with("~/") {
            match context.home {
                Some(home) => format!("{}{}", home.trim_end_matches('/'), &dir[1..]),
                None => {
                    out.warn(format!(
                        "Claude Code additional directory \"{dir}\" not carried over: a ~/ path \
                         needs the home directory, and none was given"
                    ));
                    continue;
                }
            }
        } else {
            format!("{}/{dir}", root.trim_end_matches('/'))
        };
        let resolved = if resolved.starts_with('/') {
            normalize(&resolved)
        } else {
            resolved.trim_end_matches(['/', '\\']).to_string()
        };
        push_unique(&mut roots, resolved);
    }
    out.config.workspace_roots = roots;
}

/// Collapses `.` and `..` segments and repeated or trailing slashes of an absolute path
/// (lexically: the importer has no file system to ask about symlinks).
fn normalize(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}
