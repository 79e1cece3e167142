//! MCP identity: a call to an MCP tool is judged as *server + tool* (or server + resource),
//! whichever way the agent spells it, and rules, overrides, turn grants and "always allow"
//! entries can name a whole server or one tool of it.
//!
//! **Calls.** Cline's `use_mcp_tool { server_name, tool_name }`, Cline's
//! `access_mcp_resource { server_name, uri }`, and a tool named `mcp__server__tool` (Claude
//! Code's and the harness's spelling: the server runs to the first `__` after `mcp__`, the
//! rest is the tool, as Claude Code splits it). A name that cannot be judged fails
//! validation (`invalid_mcp_name`): an empty or blank server, a server with characters
//! outside printable ASCII or with `*`, `(`, `)` or edge spaces, a tool outside the MCP
//! specification's set `[A-Za-z0-9_.-]` (1–128 characters). Non-ASCII names are refused
//! rather than folded: a confusable (Cyrillic `і` for `i`) can never meet a rule by accident.
//!
//! **Names in rules, overrides, grants and always-allow** ([`Pattern`]):
//!
//! | written | covers |
//! |---|---|
//! | `mcp(github)` or `mcp(github/*)` | every tool and every resource of server `github` |
//! | `mcp(github/create_issue)` | that tool of that server |
//! | `mcp(github/get_*)` | the server's tools whose name starts with `get_` |
//! | `mcp(github/@resources)` | the server's resources (`access_mcp_resource`) |
//! | `mcp(*)` | every MCP tool and resource of every server |
//! | `mcp(*/search)` | tool `search` of every server |
//! | `mcp__github`, `mcp__github__*` / `mcp__github__create_issue` | Claude Code's spelling of the first two rows |
//!
//! Inside `mcp(…)` the text after the LAST `/` is the tool: tool names never hold a `/`, and
//! Cline's marketplace servers do (`github.com/org/repo/*` is that whole server; without the
//! `/*`, `mcp(github.com/org/repo)` would name tool `repo` of server `github.com/org`).
//!
//! Matching is exact for what allows (allow rules and overrides, turn allows, always-allow)
//! and ignores ASCII case for what denies or asks (deny and ask rules, deny overrides, turn
//! denies): folding only ever asks more, as command rules do ([`crate::rules`]).

use serde::Serialize;

use crate::call::{ToolCall, Value};

/// Cline's tool for MCP tools.
pub const USE_TOOL: &str = "use_mcp_tool";
/// Cline's tool for MCP resources.
pub const ACCESS_RESOURCE: &str = "access_mcp_resource";
/// Claude Code's prefix for MCP tool names.
pub const CLAUDE_PREFIX: &str = "mcp__";
/// The member that stands for a server's resources.
pub const RESOURCES: &str = "@resources";

/// What an MCP call reaches: the server, and the tool or the resource.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    ts(rename = "McpTarget", optional_fields)
)]
pub struct Target {
    pub server: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    /// The resource's URI (an `access_mcp_resource` call).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri: Option<String>,
}

impl Target {
    /// The name an "always" answer persists: this tool of this server, or this server's
    /// resources; never every MCP tool.
    pub fn key(&self) -> String {
        let member = self.tool.as_deref().unwrap_or(RESOURCES);
        format!("mcp({}/{member})", self.server)
    }

    /// "MCP tool 'x' of server 'y'", for reasons.
    pub fn describe(&self) -> String {
        match &self.tool {
            Some(tool) => format!("MCP tool '{tool}' of server '{}'", self.server),
            None => format!("a resource of MCP server '{}'", self.server),
        }
    }
}

/// Why an MCP call's names cannot be judged (a validation error).
pub fn name_error(what: &str, name: &str, why: &str) -> String {
    format!(
        "The MCP {what} name {} {why}, so the call cannot be judged.",
        crate::shell::Quoted(name)
    )
}

/// The MCP target of a call, if it is an MCP call: `Ok(None)` when it is not, `Err` with a
/// sentence when it is but its names cannot be judged. Params that are missing are
/// validation's to report (required params); here they make no target.
pub fn target(call: &ToolCall) -> Result<Option<Target>, String> {
    let text = |name: &str| -> Result<Option<&str>, String> {
        match call.param(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Str(s)) => Ok(Some(s)),
            Some(_) => Err(format!(
                "Parameter '{name}' of tool '{}' must be a string.",
                call.tool
            )),
        }
    };
    let (server, tool, uri) = match call.tool.as_str() {
        USE_TOOL => match (text("server_name")?, text("tool_name")?) {
            (Some(s), Some(t)) => (s, Some(t), None),
            _ => return Ok(None),
        },
        ACCESS_RESOURCE => match (text("server_name")?, text("uri")?) {
            (Some(s), Some(u)) => (s, None, Some(u)),
            _ => return Ok(None),
        },
        name => match name.strip_prefix(CLAUDE_PREFIX) {
            Some(rest) => match rest.split_once("__") {
                Some((s, t)) if !s.is_empty() && !t.is_empty() => (s, Some(t), None),
                _ => {
                    return Err(name_error(
                        "tool",
                        name,
                        "is not of the form mcp__server__tool",
                    ))
                }
            },
            None => return Ok(None),
        },
    };
    check_server(server).map_err(|why| name_error("server", server, why))?;
    if let Some(tool) = tool {
        check_tool(tool).map_err(|why| name_error("tool", tool, why))?;
    }
    Ok(Some(Target {
        server: server.to_string(),
        tool: tool.map(str::to_string),
        uri: uri.map(str::to_string),
    }))
}

/// The other readings of a call's Claude Code name (`mcp__a__b__c` is server `a`'s tool
/// `b__c` as [`target`] reads it, and server `a__b`'s tool `c` as much): every later `__`
/// may end the server name. Empty for other calls and unambiguous names.
pub fn other_readings(call: &ToolCall) -> Vec<Target> {
    match call.tool.strip_prefix(CLAUDE_PREFIX) {
        Some(rest) => other_splits(rest)
            .map(|(server, tool)| Target {
                server: server.to_string(),
                tool: Some(tool.to_string()),
                uri: None,
            })
            .collect(),
        None => Vec::new(),
    }
}

/// The (server, tool) splits of a Claude Code name's `server__tool` part other than the first
/// `__`: each later `__` (and the middle of `___`) may end the server name.
fn other_splits(rest: &str) -> impl Iterator<Item = (&str, &str)> {
    let first = rest.find("__");
    rest.match_indices("__")
        .map(|(i, _)| i)
        // `p___q`: `p_` / `q` as well as `p` / `_q`
        .chain(rest.match_indices("___").map(|(i, _)| i + 1))
        .filter(move |&i| Some(i) != first)
        .filter_map(move |i| {
            let (server, tool) = (&rest[..i], rest.get(i + 2..)?);
            (!tool.is_empty() && check_server(server).is_ok() && check_tool(tool).is_ok())
                .then_some((server, tool))
        })
}

/// A server name a call may use: printable ASCII, no `*`, `(`, `)`, no edge spaces.
pub fn check_server(name: &str) -> Result<(), &'static str> {
    if name.trim().is_empty() {
        return Err("is empty");
    }
    if name.trim() != name {
        return Err("has surrounding spaces");
    }
    if !name.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return Err("has characters outside printable ASCII");
    }
    if name.contains(['*', '(', ')']) {
        return Err("contains `*`, `(` or `)`");
    }
    Ok(())
}

/// A tool name as the MCP specification allows it: 1–128 of `[A-Za-z0-9_.-]`.
pub fn check_tool(name: &str) -> Result<(), &'static str> {
    if name.is_empty() {
        return Err("is empty");
    }
    if name.len() > 128 {
        return Err("is longer than 128 characters");
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
    {
        return Err("has characters outside the MCP tool-name set [A-Za-z0-9_.-]");
    }
    Ok(())
}

/// What a [`Pattern`] selects on its server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    /// Every tool and every resource.
    Everything,
    /// One tool.
    Tool(String),
    /// The tools whose name starts with this.
    ToolPrefix(String),
    /// The resources.
    Resources,
}

/// A name for a set of MCP tools, as rules, overrides, grants and always-allow write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// `None`: every server (`mcp(*)`).
    pub server: Option<String>,
    pub member: Member,
}

/// Whether `key` is written as an MCP name (then [`Pattern::parse`] must accept it).
pub fn is_mcp_key(key: &str) -> bool {
    let key = key.trim_start();
    key.starts_with("mcp(") || key.starts_with(CLAUDE_PREFIX)
}

impl Pattern {
    /// `Ok(None)` when `key` is not an MCP name at all; `Err` with why when it is one but
    /// malformed (a malformed deny must never silently deny nothing).
    pub fn parse(key: &str) -> Result<Option<Pattern>, String> {
        let key = key.trim();
        if let Some(rest) = key.strip_prefix("mcp(") {
            let inner = rest
                .strip_suffix(')')
                .ok_or_else(|| "an MCP name must end with `)`".to_string())?;
            return Self::inner(inner).map(Some);
        }
        if let Some(rest) = key.strip_prefix(CLAUDE_PREFIX) {
            let (server, tool) = match rest.split_once("__") {
                Some((s, t)) => (s, Some(t)),
                None => (rest, None),
            };
            if server.is_empty()
                || !server
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
            {
                return Err(format!(
                    "`{key}`: the server of mcp__server__tool must be letters, digits, `_` or `-`"
                ));
            }
            let member = match tool {
                None => Member::Everything,
                Some(t) => Self::member(t)?,
            };
            return Ok(Some(Pattern {
                server: Some(server.to_string()),
                member,
            }));
        }
        Ok(None)
    }

    /// `server`, `server/member` or `*`.
    fn inner(inner: &str) -> Result<Pattern, String> {
        let (server, member) = match inner.rsplit_once('/') {
            Some((s, m)) => (s, Self::member(m)?),
            None => (inner, Member::Everything),
        };
        if server == "*" {
            return Ok(Pattern {
                server: None,
                member,
            });
        }
        check_server(server)
            .map_err(|why| format!("the MCP server name {} {why}", crate::shell::Quoted(server)))?;
        Ok(Pattern {
            server: Some(server.to_string()),
            member,
        })
    }

    fn member(m: &str) -> Result<Member, String> {
        Ok(match m {
            "*" => Member::Everything,
            RESOURCES => Member::Resources,
            _ => match m.strip_suffix('*') {
                Some(prefix) if !prefix.is_empty() => {
                    check_tool(prefix).map_err(|why| {
                        format!("the MCP tool prefix {} {why}", crate::shell::Quoted(prefix))
                    })?;
                    Member::ToolPrefix(prefix.to_string())
                }
                _ => {
                    check_tool(m).map_err(|why| {
                        format!("the MCP tool name {} {why}", crate::shell::Quoted(m))
                    })?;
                    Member::Tool(m.to_string())
                }
            },
        })
    }

    /// The pattern in toolgate's own spelling: `mcp(server)`, `mcp(server/tool)`, … (a
    /// server holding a `/` keeps its tool part, `/*` for everything).
    pub fn key(&self) -> String {
        let server = self.server.as_deref().unwrap_or("*");
        let member = match &self.member {
            Member::Everything if server.contains('/') => "*".to_string(),
            Member::Everything => return format!("mcp({server})"),
            Member::Tool(t) => t.clone(),
            Member::ToolPrefix(p) => format!("{p}*"),
            Member::Resources => RESOURCES.to_string(),
        };
        format!("mcp({server}/{member})")
    }

    /// Whether the pattern covers `t`; `fold`: ignore ASCII case (what denies or asks).
    pub fn matches(&self, t: &Target, fold: bool) -> bool {
        let same = |a: &str, b: &str| {
            if fold {
                a.eq_ignore_ascii_case(b)
            } else {
                a == b
            }
        };
        if let Some(server) = &self.server {
            if !same(server, &t.server) {
                return false;
            }
        }
        match (&self.member, t.tool.as_deref()) {
            (Member::Everything, _) => true,
            (Member::Tool(name), Some(tool)) => same(name, tool),
            (Member::ToolPrefix(p), Some(tool)) => {
                tool.get(..p.len()).is_some_and(|head| same(p, head))
            }
            (Member::Resources, None) => true,
            _ => false,
        }
    }

    /// How narrowly the pattern names its target: the most specific override decides.
    pub fn specificity(&self) -> u8 {
        match (&self.server, &self.member) {
            (None, Member::Everything) => 1,
            (None, _) => 2,
            (Some(_), Member::Everything) => 2,
            (Some(_), Member::ToolPrefix(_) | Member::Resources) => 3,
            (Some(_), Member::Tool(_)) => 4,
        }
    }
}

/// Checks that an MCP-looking key (an override, grant or always-allow entry) is well formed.
pub fn check_key(key: &str) -> Result<(), String> {
    Pattern::parse(key).map(|_| ())
}

/// Of `keys`, the MCP names covering `t`, each with its pattern. Keys that are not MCP names
/// are passed over; a malformed one (refused when set through the config or the facade, but
/// a native caller may still set one) covers nothing when `fold` is false (what allows) and
/// every MCP call when it is true (what denies or asks): it fails closed either way.
pub fn covering<'a, 'k: 'a, I>(
    keys: I,
    t: &'a Target,
    fold: bool,
) -> impl Iterator<Item = (&'k str, Pattern)> + 'a
where
    I: IntoIterator<Item = &'k str>,
    I::IntoIter: 'a,
{
    keys.into_iter().filter_map(move |k| {
        let p = match Pattern::parse(k) {
            Ok(p) => p?,
            Err(_) if fold => Pattern {
                server: None,
                member: Member::Everything,
            },
            Err(_) => return None,
        };
        p.matches(t, fold).then_some((k, p))
    })
}

/// MCP rules, split off the command rules when the engine is built: each rule names MCP
/// tools ([`Pattern`]) and takes no pattern of its own.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    /// (kind index: 0 deny, 1 ask, 2 allow; the rule as written; its pattern)
    rules: Vec<(crate::rules::RuleKind, String, Pattern)>,
}

impl Rules {
    /// Adds a rule written as an MCP name; `Err` with why when it is malformed.
    /// A deny or ask written as an ambiguous Claude Code name (`mcp__k__l__m`) covers each
    /// reading of it (`k`/`l__m` and `k__l`/`m`); an allow only the first (narrower).
    pub fn push(&mut self, kind: crate::rules::RuleKind, text: &str) -> Result<(), String> {
        match Pattern::parse(text)? {
            Some(p) => {
                self.rules.push((kind, text.to_string(), p));
                let rest = text.trim().strip_prefix(CLAUDE_PREFIX);
                if let (Some(rest), false) = (rest, kind == crate::rules::RuleKind::Allow) {
                    for (server, tool) in other_splits(rest) {
                        let p = Pattern {
                            server: Some(server.to_string()),
                            member: Member::Tool(tool.to_string()),
                        };
                        self.rules.push((kind, text.to_string(), p));
                    }
                }
                Ok(())
            }
            None => Err("not an MCP name".to_string()),
        }
    }

    /// The first rule of `kind` covering `t` (deny and ask ignore ASCII case).
    pub fn find(&self, kind: crate::rules::RuleKind, t: &Target) -> Option<&str> {
        let fold = kind != crate::rules::RuleKind::Allow;
        self.rules
            .iter()
            .find(|(k, _, p)| *k == kind && p.matches(t, fold))
            .map(|(_, text, _)| text.as_str())
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for (server, tool) in [
            ("github", Some("create_issue")),
            ("github.com/a/b", Some("x")),
            ("s", None),
        ] {
            let t = Target {
                server: server.into(),
                tool: tool.map(Into::into),
                uri: tool.is_none().then(|| "file:///x".into()),
            };
            let p = Pattern::parse(&t.key()).unwrap().unwrap();
            assert!(p.matches(&t, false), "{}", t.key());
            assert_eq!(p.specificity(), if tool.is_some() { 4 } else { 3 });
        }
    }
}
