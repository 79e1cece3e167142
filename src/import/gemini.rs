//! Gemini CLI: a policy file (`~/.gemini/policies/*.toml`), its `[[rule]]` entries, for one
//! approval mode.
//!
//! Each rule's `decision` picks the list: `allow` → allow, `ask_user` → ask, `deny` → deny.
//! Gemini CLI lets the highest `priority` win; toolgate checks deny rules, then ask rules,
//! then allow rules, so where a rule of higher priority would have overruled a stricter one
//! on the same tool, a warning names both (the stricter one wins: never broader).
//!
//! | Gemini CLI | toolgate |
//! |---|---|
//! | `toolName` (string or list) | the catalogue's tools: `run_shell_command` → `execute_command`, `bash`; `read_file`, `read_many_files` → `read_file`, `read`; `list_directory` → `list_files`, `ls`; `glob`; `grep_search` (`search_file_content`) → `search_files`, `grep`; `write_file` → `write_to_file`, `write`; `replace` → `replace_in_file`, `edit`, `multi_edit`; `web_fetch` → `web_fetch`, `fetch`; `google_web_search` → `web_search`; `ask_user` → `ask_followup_question`, `ask`; `read_mcp_resource` → `mcp(*/@resources)` |
//! | `mcpName` (+ `toolName`), `mcp_server_tool`, `mcp_server_*`, `mcp_*_tool`, `mcp_*` | `mcp(server/tool)`, `mcp(server)`, `mcp(*/tool)`, `mcp(*)` |
//! | `commandPrefix` (string or list) | `execute_command(prefix *)` (Gemini's prefix ends at a space or the end, as ` *` does), its shell quotes removed as the shell removes them (`git commit -m "wip"` → `git commit -m wip`) |
//! | `commandRegex` | a pattern, when the regex is literals, `.`, `.*`, `\s`, escapes and `(a\|b)` groups of literals: `*` after it for deny and ask (the regex is not anchored at the end), ` *` for allow (narrower); no tail when it ends in `"` (in Gemini's JSON of the args, where the command ends). Across `&&`, `\|\|` or `;` (toolgate matches one sub-command at a time): a deny or ask on its last sub-command, an allow not carried |
//! | `commandPrefix`/`commandRegex` with a `toolName` other than `run_shell_command` | not carried (Gemini CLI rejects it) |
//! | `modes` | the rule is carried only when it applies in the mode imported for |
//! | `interactive = false` | not carried (toolgate asks a user) |
//! | `argsPattern`, `toolAnnotations`, `subagent`, `[rule.safety_checker]` | not expressible: an allow is not carried; a deny or an ask covers the whole tool (broader) |
//! | `allowRedirection`, `denyMessage`, `priority` | not carried, with a warning when they mattered |
//!
//! The mode imported for (`default` unless given) also sets toolgate's mode: `default` →
//! `write`, `autoEdit` → `write`, `plan` → `always-ask`, `yolo` → `yolo`, each but `yolo`
//! with a warning. Rules for other tools (`save_memory`, `write_todos`, …) and `toolName = "*"`
//! have no toolgate equivalent and are reported. A file that is not TOML is refused.

use super::toml;
use super::value::{SyntaxError, Value};
use super::{balanced_parens, Imported, List, RuleLists, COMMAND_TOOLS};
use crate::mcp::{self, Member, Pattern};
use crate::policy::Mode;

/// Which policy file is read, and for which Gemini approval mode.
#[derive(Debug, Clone, Copy, Default)]
pub struct GeminiContext<'a> {
    /// `default`, `autoEdit`, `plan` or `yolo`. Default: `default`, and no toolgate mode set.
    pub mode: Option<&'a str>,
}

const MODES: [&str; 4] = ["default", "autoEdit", "plan", "yolo"];

const RULE_KEYS: &[&str] = &[
    "toolName",
    "mcpName",
    "commandPrefix",
    "commandRegex",
    "argsPattern",
    "decision",
    "priority",
    "modes",
    "interactive",
    "toolAnnotations",
    "subagent",
    "allowRedirection",
    "allow_redirection",
    "denyMessage",
    "deny_message",
    "safety_checker",
];

/// A Gemini CLI tool name → toolgate's tools.
fn tools(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "run_shell_command" => &COMMAND_TOOLS,
        "read_file" | "read_many_files" => &["read_file", "read"],
        "list_directory" => &["list_files", "ls"],
        "glob" => &["glob"],
        "grep_search" | "search_file_content" => &["search_files", "grep"],
        "write_file" => &["write_to_file", "write"],
        "replace" => &["replace_in_file", "edit", "multi_edit"],
        "web_fetch" => &["web_fetch", "fetch"],
        "google_web_search" => &["web_search"],
        "ask_user" => &["ask_followup_question", "ask"],
        _ => return None,
    })
}

/// One carried rule, for the priority check.
struct Carried {
    index: usize,
    list: List,
    priority: i64,
    rules: Vec<String>,
}

/// A config from one Gemini CLI policy file; `Err` when it is not TOML this reader knows.
pub fn policy(text: &str, context: GeminiContext<'_>) -> Result<Imported, SyntaxError> {
    let doc = toml::parse(text)?;
    let mut out = Imported::default();
    let mode = context.mode.unwrap_or("default");
    if !MODES.contains(&mode) {
        out.warn(format!(
            "Gemini CLI mode \"{mode}\" is not one of default, autoEdit, plan, yolo; rules limited to modes are not carried"
        ));
    } else if context.mode.is_some() {
        let (nearest, why) = match mode {
            "default" => (Mode::Write, Some("reads run, writes and commands ask")),
            "autoEdit" => (
                Mode::Write,
                Some("Gemini CLI's own autoEdit rules (edits inside the workspace run) are not in this file; edits ask"),
            ),
            "plan" => (Mode::AlwaysAsk, Some("Gemini CLI denies writes in plan mode; toolgate asks")),
            _ => (Mode::Yolo, None),
        };
        out.config.mode = Some(nearest);
        if let Some(why) = why {
            out.warn(format!(
                "Gemini CLI mode \"{mode}\": mode \"{}\" ({why})",
                nearest.as_str()
            ));
        }
    }
    let Value::Table(top) = doc else {
        return Ok(out);
    };
    let mut lists = RuleLists::default();
    let mut carried = Vec::new();
    for (key, value) in &top {
        match (key.as_str(), value) {
            ("rule", Value::List(rules)) => {
                for (i, rule) in rules.iter().enumerate() {
                    let mut r = RuleImport {
                        index: i,
                        mode,
                        out: &mut out,
                        lists: &mut lists,
                    };
                    if let Some(c) = r.carry(rule) {
                        carried.push(c);
                    }
                }
            }
            ("safety_checker", _) => out.warn(
                "Gemini CLI [[safety_checker]] entries have no toolgate equivalent (toolgate's own path and command checks apply); ignored",
            ),
            (other, _) => out.warn(format!("Gemini CLI policy key \"{other}\" has no toolgate equivalent; ignored")),
        }
    }
    priorities(&carried, &mut out);
    out.config.rules = lists.into_rules();
    Ok(out)
}

/// Where Gemini's priorities would have let a laxer rule win, toolgate's order does not.
fn priorities(carried: &[Carried], out: &mut Imported) {
    let rank = |l: List| match l {
        List::Allow => 0,
        List::Ask => 1,
        List::Deny => 2,
    };
    let tool = |r: &str| r.split('(').next().unwrap_or(r).to_string();
    for lax in carried {
        for strict in carried {
            let overruled = rank(lax.list) < rank(strict.list)
                && lax.priority > strict.priority
                && lax.rules.iter().any(|a| {
                    strict
                        .rules
                        .iter()
                        .any(|b| match mcp::is_mcp_key(a) && mcp::is_mcp_key(b) {
                            true => mcp_overlap(a, b),
                            false => tool(a) == tool(b),
                        })
                });
            if overruled {
                out.warn(format!(
                    "Gemini CLI rule[{}] ({}, priority {}) outranks rule[{}] ({}, priority {}) in Gemini CLI; toolgate checks {} rules first, so where both match, rule[{}] decides",
                    lax.index, lax.list.name(), lax.priority,
                    strict.index, strict.list.name(), strict.priority,
                    strict.list.name(), strict.index
                ));
            }
        }
    }
}

/// Whether two MCP names share a server (or one names every server).
fn mcp_overlap(a: &str, b: &str) -> bool {
    match (Pattern::parse(a), Pattern::parse(b)) {
        (Ok(Some(a)), Ok(Some(b))) => match (a.server, b.server) {
            (Some(x), Some(y)) => x.eq_ignore_ascii_case(&y),
            _ => true,
        },
        _ => false,
    }
}

struct RuleImport<'o> {
    index: usize,
    mode: &'o str,
    out: &'o mut Imported,
    lists: &'o mut RuleLists,
}

impl RuleImport<'_> {
    fn warn(&mut self, why: impl AsRef<str>) {
        let w = format!("Gemini CLI rule[{}]: {}", self.index, why.as_ref());
        self.out.warn(w);
    }

    fn skip(&mut self, list: Option<List>, why: impl AsRef<str>) {
        let tail = if list == Some(List::Deny) {
            "; this deny is NOT enforced"
        } else {
            ""
        };
        self.warn(format!("not carried over: {}{tail}", why.as_ref()));
    }

    fn carry(&mut self, rule: &Value) -> Option<Carried> {
        let Value::Table(fields) = rule else {
            self.skip(None, "not a table");
            return None;
        };
        let get = |k: &str| fields.iter().find(|(key, _)| key == k).map(|(_, v)| v);
        for (key, _) in fields {
            if !RULE_KEYS.contains(&key.as_str()) {
                self.warn(format!(
                    "field \"{key}\" has no toolgate equivalent; ignored"
                ));
            }
        }
        let (list, priority) = self.applies(&get)?;
        // conditions toolgate cannot express: an allow is dropped, a deny or ask widens
        let inexpressible: Vec<&str> = [
            "argsPattern",
            "toolAnnotations",
            "subagent",
            "safety_checker",
        ]
        .into_iter()
        .filter(|k| get(k).is_some())
        .collect();
        if !inexpressible.is_empty() {
            let what = inexpressible.join(", ");
            if list == List::Allow {
                self.skip(Some(list), format!("toolgate cannot express its {what}, and without it the allow would be broader"));
                return None;
            }
            self.warn(format!(
                "toolgate cannot express its {what}, so this {} covers every call of its tools (broader)",
                list.name()
            ));
        }
        for key in ["allowRedirection", "allow_redirection"] {
            if get(key) == Some(&Value::Bool(true)) {
                self.warn(format!("{key} is not carried: toolgate judges redirections itself (an allow rule does not cover a command that writes through one)"));
            }
        }
        for key in ["denyMessage", "deny_message"] {
            if get(key).is_some() {
                self.warn(format!(
                    "{key} is not carried: toolgate's reason names the rule instead"
                ));
            }
        }
        let widened = !inexpressible.is_empty();
        let prefix = get("commandPrefix");
        let regex = get("commandRegex");
        let rules = if prefix.is_some() || regex.is_some() {
            self.command_rules(list, prefix, regex, get("toolName"), widened)?
        } else {
            self.tool_rules(list, get("toolName"), get("mcpName"))?
        };
        if rules.is_empty() {
            return None;
        }
        for r in &rules {
            self.lists.push(list, r.clone());
        }
        Some(Carried {
            index: self.index,
            list,
            priority,
            rules,
        })
    }

    /// The rule's list and priority, when it applies to this import (its decision, priority,
    /// modes and `interactive` say so); else why not, warned.
    fn applies<'v>(&mut self, get: &dyn Fn(&str) -> Option<&'v Value>) -> Option<(List, i64)> {
        let list = match get("decision").and_then(Value::as_str) {
            Some("allow") => List::Allow,
            Some("ask_user") => List::Ask,
            Some("deny") => List::Deny,
            Some(other) => {
                self.skip(
                    None,
                    format!("decision \"{other}\" is not allow, ask_user or deny"),
                );
                return None;
            }
            None => {
                self.skip(None, "it has no decision");
                return None;
            }
        };
        let priority = match get("priority") {
            Some(Value::Int(p)) if (0..=999).contains(p) => *p,
            Some(v) => {
                self.skip(
                    Some(list),
                    format!(
                        "priority must be an integer from 0 to 999, not {}",
                        v.kind()
                    ),
                );
                return None;
            }
            None => {
                self.skip(Some(list), "it has no priority (Gemini CLI requires one)");
                return None;
            }
        };
        if let Some(modes) = get("modes") {
            match modes.strings() {
                Some(m) if m.is_empty() || m.iter().any(|x| x == self.mode) => {}
                Some(m) => {
                    self.skip(
                        Some(list),
                        format!(
                            "it applies only in mode(s) {}, and this import is for mode \"{}\"",
                            super::quoted_list(&m),
                            self.mode
                        ),
                    );
                    return None;
                }
                None => {
                    self.skip(Some(list), "modes must be a list of strings");
                    return None;
                }
            }
        }
        if get("interactive") == Some(&Value::Bool(false)) {
            self.skip(
                Some(list),
                "it applies only without a user (interactive = false), and toolgate asks one",
            );
            return None;
        }
        Some((list, priority))
    }

    /// The rules of a rule with a `commandPrefix` or a `commandRegex` (every command tool's
    /// when `widened`: its other conditions cannot be expressed).
    fn command_rules(
        &mut self,
        list: List,
        prefix: Option<&Value>,
        regex: Option<&Value>,
        tool_name: Option<&Value>,
        widened: bool,
    ) -> Option<Vec<String>> {
        let mut rules = Vec::new();
        if prefix.is_some() && regex.is_some() {
            self.skip(
                Some(list),
                "commandPrefix and commandRegex cannot be used together (Gemini CLI rejects it)",
            );
            return None;
        }
        // Gemini CLI rejects a command condition on any tool but the shell
        let shell_only = tool_name.map_or(true, |t| {
            t.strings()
                .is_some_and(|n| n.iter().all(|n| n == "run_shell_command"))
        });
        if !shell_only {
            self.skip(Some(list), "commandPrefix or commandRegex on a tool other than run_shell_command (Gemini CLI rejects it): not carried");
            return None;
        }
        if widened {
            rules.extend(COMMAND_TOOLS.iter().map(|t| t.to_string()));
        } else if let Some(p) = prefix {
            let Some(prefixes) = p.strings() else {
                self.skip(
                    Some(list),
                    "commandPrefix must be a string or a list of strings",
                );
                return None;
            };
            for p in prefixes {
                rules.extend(self.prefix_rules(list, &p));
            }
        } else if let Some(r) = regex.and_then(Value::as_str) {
            rules.extend(self.regex_rules(list, r));
        } else {
            self.skip(Some(list), "commandRegex must be a string");
            return None;
        }
        Some(rules)
    }

    fn prefix_rules(&mut self, list: List, prefix: &str) -> Vec<String> {
        // Gemini compares it with the command as written; toolgate's rules meet the words
        // the shell reads, quotes removed (`git commit -m "wip"` is `git commit -m wip`)
        let unquoted = shell_unquote(prefix.trim());
        let prefix = unquoted.as_str();
        if prefix.is_empty() {
            self.warn(
                "an empty commandPrefix matches every command; carried as the whole shell tool",
            );
            return COMMAND_TOOLS.iter().map(|t| t.to_string()).collect();
        }
        if !balanced_parens(prefix) {
            self.skip(Some(list), format!("commandPrefix \"{prefix}\" has unbalanced parentheses, which toolgate rules cannot hold"));
            return Vec::new();
        }
        if prefix.contains(['*', '?']) {
            if list == List::Allow {
                self.skip(Some(list), format!("commandPrefix \"{prefix}\" holds `*` or `?`, which toolgate reads as wildcards (broader)"));
                return Vec::new();
            }
            self.warn(format!("commandPrefix \"{prefix}\": toolgate reads its `*` or `?` as wildcards, so this {} matches more", list.name()));
        }
        COMMAND_TOOLS
            .iter()
            .map(|t| format!("{t}({prefix} *)"))
            .collect()
    }

    fn regex_rules(&mut self, list: List, regex: &str) -> Vec<String> {
        // Gemini CLI matches the regex against the JSON of the call's args, where a `"` is
        // where the command's text ends: the pattern takes no tail
        let (regex, ends) = match regex.strip_suffix('"') {
            Some(r) if !r.ends_with('\\') => (r, true),
            _ => (regex, false),
        };
        // rules meet one sub-command at a time: a regex across `&&`, `||` or `;` is carried
        // as its last sub-command, which every command it matches runs
        if let Some(last) = last_sub_command(regex) {
            if list == List::Allow {
                self.skip(Some(list), format!("commandRegex \"{regex}\" spans several sub-commands, which one toolgate rule cannot allow: not carried"));
                return Vec::new();
            }
            self.warn(format!("commandRegex \"{regex}\" spans several sub-commands; toolgate matches rules per sub-command, so this {} covers every command running \"{last}\" (broader)", list.name()));
            return self.regex_rules(list, last);
        }
        match regex_patterns(regex) {
            Some(patterns) => {
                let tail = match (ends, list) {
                    (true, _) => "",
                    (false, List::Allow) => " *",
                    (false, _) => "*",
                };
                patterns
                    .iter()
                    .flat_map(|p| COMMAND_TOOLS.iter().map(move |t| format!("{t}({p}{tail})")))
                    .collect()
            }
            None if list == List::Allow => {
                self.skip(Some(list), format!("commandRegex \"{regex}\" uses regex syntax toolgate patterns cannot express"));
                Vec::new()
            }
            None => match literal_lead(regex) {
                Some(lead) => {
                    self.warn(format!(
                        "commandRegex \"{regex}\" uses regex syntax toolgate patterns cannot express, so this {} covers every command starting with \"{lead}\" (broader)",
                        list.name()
                    ));
                    COMMAND_TOOLS
                        .iter()
                        .map(|t| format!("{t}({lead}*)"))
                        .collect()
                }
                None => {
                    self.warn(format!(
                        "commandRegex \"{regex}\" uses regex syntax toolgate patterns cannot express, so this {} covers every shell command (broader)",
                        list.name()
                    ));
                    COMMAND_TOOLS.iter().map(|t| t.to_string()).collect()
                }
            },
        }
    }

    /// `toolName` (and `mcpName`) → toolgate tool names; `None` when nothing can be carried.
    fn tool_rules(
        &mut self,
        list: List,
        tool: Option<&Value>,
        server: Option<&Value>,
    ) -> Option<Vec<String>> {
        let names = match tool {
            Some(t) => match t.strings() {
                Some(n) => n,
                None => {
                    self.skip(Some(list), "toolName must be a string or a list of strings");
                    return None;
                }
            },
            None => Vec::new(),
        };
        let mut rules = Vec::new();
        if let Some(server) = server {
            let Some(server) = server.as_str() else {
                self.skip(Some(list), "mcpName must be a string");
                return None;
            };
            let server = (server != "*").then(|| server.to_string());
            let members: Vec<Member> = match names.as_slice() {
                [] => vec![Member::Everything],
                n => n
                    .iter()
                    .map(|t| {
                        if t == "*" {
                            Member::Everything
                        } else {
                            Member::Tool(t.clone())
                        }
                    })
                    .collect(),
            };
            for member in members {
                let p = Pattern {
                    server: server.clone(),
                    member,
                };
                rules.push(self.checked(list, p.key())?);
            }
            return Some(rules);
        }
        if names.is_empty() {
            self.skip(
                Some(list),
                "it names no tool (toolName, mcpName, commandPrefix or commandRegex)",
            );
            return None;
        }
        for name in names {
            if let Some(fqn) = name.strip_prefix("mcp_") {
                let key = match fqn {
                    "*" => "mcp(*)".to_string(),
                    _ => match fqn.split_once('_') {
                        Some(("*", t)) => format!("mcp(*/{t})"),
                        Some((s, "*")) => format!("mcp({s})"),
                        Some((s, t)) if !s.is_empty() => format!("mcp({s}/{t})"),
                        _ => {
                            self.skip(
                                Some(list),
                                format!("\"{name}\" is not of the form mcp_server_tool"),
                            );
                            continue;
                        }
                    },
                };
                if let Some(k) = self.checked(list, key) {
                    rules.push(k);
                }
                continue;
            }
            if name == "read_mcp_resource" {
                rules.push("mcp(*/@resources)".to_string());
                continue;
            }
            match tools(&name) {
                Some(t) => rules.extend(t.iter().map(|t| t.to_string())),
                None if name.contains('*') => self.skip(Some(list), format!(
                    "toolName \"{name}\": toolgate has no rule for every tool (use the mode or the policy table)"
                )),
                None => self.skip(Some(list), format!("Gemini CLI's {name} tool has no toolgate equivalent")),
            }
        }
        Some(rules)
    }

    /// `key` if it is a well-formed MCP name; a warning otherwise.
    fn checked(&mut self, list: List, key: String) -> Option<String> {
        match Pattern::parse(&key) {
            Ok(Some(_)) => Some(key),
            Ok(None) => None,
            Err(why) => {
                self.skip(Some(list), why);
                None
            }
        }
    }
}

/// The last sub-command of a regex that spans several (`a && b`, `a; b`, `a \|\| b`,
/// outside groups), leading blanks removed; `None` when it spans one.
fn last_sub_command(regex: &str) -> Option<&str> {
    let b = regex.as_bytes();
    let (mut depth, mut i, mut cut) = (0i32, 0, None);
    while i < b.len() {
        match b[i] {
            // `\|\|`; a pipe (`\|`) is left to the lead of the regex
            b'\\' if b.get(i + 1..i + 4) == Some(b"|\\|") => {
                cut = Some(i + 4);
                i += 4;
                continue;
            }
            b'\\' => i += 1,
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b';' if depth == 0 => cut = Some(i + 1),
            b'&' if depth == 0 && b.get(i + 1) == Some(&b'&') => {
                cut = Some(i + 2);
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    // blanks before it (` *`, `\s+`, …) are not part of it
    let mut rest = regex.get(cut?..)?;
    loop {
        let trimmed = rest
            .trim_start_matches([' ', '*', '+', '?'])
            .trim_start_matches("\\s");
        if trimmed.len() == rest.len() {
            break;
        }
        rest = trimmed;
    }
    (!rest.is_empty()).then_some(rest)
}

/// The text the shell reads from `s`'s quoting (`"a b"` → `a b`, `'x'` → `x`, `\"` → `"`).
fn shell_unquote(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    let mut quote = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (Some('"') | None, '\\') => out.extend(chars.next()),
            (_, c) => out.push(c),
        }
    }
    out
}

/// A regex of literals, `.`, `.*`, `\s`, `\`-escapes and `(a|b)` groups of literals, as
/// toolgate patterns (`*` for `.*`, `?` for `.`, one per alternative); `None` otherwise.
fn regex_patterns(regex: &str) -> Option<Vec<String>> {
    let mut out = vec![String::new()];
    let mut chars = regex.chars().peekable();
    while let Some(c) = chars.next() {
        let piece: Vec<String> = match c {
            '.' if chars.peek() == Some(&'*') => {
                chars.next();
                vec!["*".into()]
            }
            '.' => vec!["?".into()],
            '\\' => match chars.next()? {
                's' => vec![" ".into()],
                e if e.is_ascii_punctuation() && !matches!(e, '*' | '?' | '(' | ')') => {
                    vec![e.to_string()]
                }
                _ => return None,
            },
            '(' => {
                if chars.peek() == Some(&'?') {
                    chars.next();
                    if chars.next() != Some(':') {
                        return None;
                    }
                }
                let mut group = String::new();
                loop {
                    match chars.next()? {
                        ')' => break,
                        '\\' | '(' | '[' | '.' | '*' | '+' | '?' | '{' | '^' | '$' => return None,
                        g => group.push(g),
                    }
                }
                group.split('|').map(str::to_string).collect()
            }
            '[' | ']' | '*' | '+' | '?' | '{' | '}' | '^' | '$' | '|' | ')' => return None,
            lit => vec![lit.to_string()],
        };
        if out.len() * piece.len() > 16 {
            return None;
        }
        out = out
            .iter()
            .flat_map(|head| piece.iter().map(move |p| format!("{head}{p}")))
            .collect();
    }
    out.iter()
        .all(|p| !p.trim().is_empty() && balanced_parens(p))
        .then_some(out)
}

/// The literal text every match of `regex` starts with (up to its first operator), if any:
/// a deny or ask on it is broader than the regex, never narrower.
fn literal_lead(regex: &str) -> Option<String> {
    let mut lead = String::new();
    let mut chars = regex.chars().peekable();
    while let Some(c) = chars.next() {
        // an operator that makes the piece before it optional ends the lead before that piece
        if matches!(chars.peek(), Some('*' | '?' | '{')) {
            break;
        }
        match c {
            '\\' => match chars.next() {
                Some(e) if e.is_ascii_punctuation() && !matches!(e, '*' | '?') => lead.push(e),
                _ => break,
            },
            '.' | '[' | '(' | '|' | '^' | '$' | '*' | '+' | '?' | '{' | ')' | ']' | '}' => break,
            c => lead.push(c),
        }
    }
    (!lead.trim().is_empty() && !top_level_alternation(regex) && balanced_parens(&lead))
        .then_some(lead)
}

/// Whether `regex` has a `|` outside groups and classes: then no lead is common to all.
fn top_level_alternation(regex: &str) -> bool {
    let (mut depth, mut class, mut chars) = (0i32, false, regex.chars());
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '[' => class = true,
            ']' => class = false,
            '(' if !class => depth += 1,
            ')' if !class => depth -= 1,
            '|' if !class && depth == 0 => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regexes_toolgate_can_spell() {
        let s = |l: &[&str]| Some(l.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        assert_eq!(
            regex_patterns("git (commit|push)"),
            s(&["git commit", "git push"])
        );
        assert_eq!(regex_patterns(r"rm\s-rf .*"), s(&["rm -rf *"]));
        assert_eq!(
            regex_patterns(r"npm (?:run|test).x"),
            s(&["npm run?x", "npm test?x"])
        );
        assert_eq!(regex_patterns(r"a\.b"), s(&["a.b"]));
        assert_eq!(literal_lead(r"curl [^|]*\| *sh").as_deref(), Some("curl "));
        assert_eq!(literal_lead(r"rm\.x+").as_deref(), Some("rm.x"));
        assert_eq!(literal_lead("a|b"), None);
        assert_eq!(literal_lead("^x"), None);
        assert_eq!(literal_lead("gits?"), Some("git".into()));
        for bad in [
            "git [a-z]+",
            "^git",
            "git$",
            "a|b",
            "x{2}",
            r"\d",
            "(a(b))",
            "a+",
            "",
        ] {
            assert_eq!(regex_patterns(bad), None, "{bad}");
        }
    }
}
