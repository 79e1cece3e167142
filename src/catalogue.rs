//! The tool catalogue: what toolgate knows about each tool name.

use serde::{Deserialize, Serialize};

use crate::map::NameMap;

/// How much a tool can do, which is what the policy table is keyed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    Read,
    Write,
    Exec,
    Browser,
    Mcp,
    /// Talks to the user and changes nothing (ask_followup_question, attempt_completion,
    /// new_task). Cline never auto-approves these, so they need a tier of their own for its
    /// preset to be exact; the harness modes treat them like reads.
    Interaction,
}

impl Tier {
    pub const ALL: [Tier; 6] = [
        Tier::Read,
        Tier::Write,
        Tier::Exec,
        Tier::Browser,
        Tier::Mcp,
        Tier::Interaction,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Read => "read",
            Tier::Write => "write",
            Tier::Exec => "exec",
            Tier::Browser => "browser",
            Tier::Mcp => "mcp",
            Tier::Interaction => "interaction",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// One tool's description. Every list defaults to empty (and is left out when empty).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ToolSpec {
    pub tier: Tier,
    /// Params that must be present and not blank; `a|b` is satisfied by either.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required: Vec<String>,
    /// Params that hold a path (checked against the ignore rules and classified local/external).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<String>,
    /// Params that hold a URL: a `file:` URL (also behind `view-source:`) names a path, checked
    /// and classified as one (a browser renders it); other URLs name none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub urls: Vec<String>,
    /// The param that holds a patch (apply_patch or unified diff) whose file headers name
    /// the paths it touches, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patch: Option<String>,
    /// The param that holds a shell command, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Required params that may be the empty string (Cline's `content`: creating an empty file).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allow_empty: Vec<String>,
}

/// The model's own claim that a call is safe (Cline's `requires_approval`), read for any tool.
pub const REQUIRES_APPROVAL: &str = "requires_approval";

impl ToolSpec {
    /// Every param the gate reads for this tool (names may repeat). A caller that copies a
    /// call across a boundary needs only these: the rest cannot change a verdict.
    pub fn params_read(&self) -> impl Iterator<Item = &str> {
        self.required
            .iter()
            .flat_map(|r| r.split('|'))
            .chain(
                self.paths
                    .iter()
                    .chain(&self.urls)
                    .chain(&self.patch)
                    .chain(&self.command)
                    .map(String::as_str),
            )
            .chain([REQUIRES_APPROVAL])
    }

    pub fn new(tier: Tier) -> Self {
        ToolSpec {
            tier,
            required: vec![],
            paths: vec![],
            urls: vec![],
            patch: None,
            command: None,
            allow_empty: vec![],
        }
    }

    /// What an undeclared tool is: the harness's safe default, tier `exec` with no params.
    pub fn unknown() -> Self {
        ToolSpec::new(Tier::Exec)
    }
}

/// The default catalogue's read tools that take a path, in declaration order (importers map
/// other agents' "Read" onto these). A test keeps it in step with the catalogue.
pub const READ_PATH_TOOLS: &[&str] = &[
    "read_file",
    "list_files",
    "list_code_definition_names",
    "search_files",
    "read",
    "ls",
    "glob",
    "grep",
    "inspect_image",
    "transcribe_audio",
];

/// The default catalogue's write tools that touch paths (directly or in a patch's headers).
pub const WRITE_PATH_TOOLS: &[&str] = &[
    "write_to_file",
    "replace_in_file",
    "apply_patch",
    "new_rule",
    "write",
    "edit",
    "multi_edit",
    "lsp",
];

/// Tool name → spec. Built once from the defaults plus the config's additions.
#[derive(Debug, Clone)]
pub struct Catalogue {
    /// Sorted by [`key`], then name: a binary search over integer keys and one string
    /// comparison beats hashing the name.
    specs: Vec<(String, ToolSpec)>,
    /// `key` of each name in `specs`.
    keys: Vec<u64>,
    unknown: ToolSpec,
    /// What an undeclared `mcp__server__tool` name is: an MCP tool.
    mcp: ToolSpec,
}

/// One default tool: its name and spec, as static data (built into [`ToolSpec`]s once).
struct DefaultTool {
    name: &'static str,
    tier: Tier,
    required: &'static [&'static str],
    paths: &'static [&'static str],
    urls: &'static [&'static str],
    patch: Option<&'static str>,
    command: Option<&'static str>,
    allow_empty: &'static [&'static str],
}

/// A default tool with no path, patch, command or empty-allowed params.
const fn tool(name: &'static str, tier: Tier, required: &'static [&'static str]) -> DefaultTool {
    DefaultTool {
        name,
        tier,
        required,
        paths: &[],
        urls: &[],
        patch: None,
        command: None,
        allow_empty: &[],
    }
}

/// A default tool whose `path` param is a path.
const fn path_tool(
    name: &'static str,
    tier: Tier,
    required: &'static [&'static str],
) -> DefaultTool {
    DefaultTool {
        paths: &["path"],
        ..tool(name, tier, required)
    }
}

/// A default tool with URL params (a `file:` URL in one is a path).
const fn url_tool(
    name: &'static str,
    tier: Tier,
    required: &'static [&'static str],
    url: &'static [&'static str],
) -> DefaultTool {
    DefaultTool {
        urls: url,
        ..tool(name, tier, required)
    }
}

/// A Cline file tool: its path comes as `path` or (native tool calls) `absolutePath`.
const fn cline_file_tool(name: &'static str, required: &'static [&'static str]) -> DefaultTool {
    DefaultTool {
        paths: &["path", "absolutePath"],
        ..tool(name, Tier::Write, required)
    }
}

/// Cline's tool names (v4) and the Dart harness's. A table rather than code: it is data in
/// the wasm, not a function that builds each spec.
const DEFAULTS: &[DefaultTool] = {
    use Tier::*;
    &[
        // Cline
        path_tool("read_file", Read, &["path"]),
        path_tool("list_files", Read, &["path"]),
        path_tool("list_code_definition_names", Read, &["path"]),
        path_tool("search_files", Read, &["path", "regex"]),
        tool("use_subagents", Read, &["prompt_1|prompt"]),
        DefaultTool {
            allow_empty: &["content"],
            ..cline_file_tool("write_to_file", &["path|absolutePath", "content"])
        },
        cline_file_tool("replace_in_file", &["path|absolutePath", "diff"]),
        DefaultTool {
            patch: Some("input"),
            ..tool("apply_patch", Write, &["input"])
        },
        DefaultTool {
            allow_empty: &["content"],
            ..cline_file_tool("new_rule", &["path|absolutePath", "content"])
        },
        DefaultTool {
            command: Some("command"),
            ..tool("execute_command", Exec, &["command", "requires_approval"])
        },
        url_tool("browser_action", Browser, &["action"], &["url"]),
        url_tool("web_fetch", Browser, &["url"], &["url"]),
        tool("web_search", Browser, &["query"]),
        tool("use_mcp_tool", Mcp, &["server_name", "tool_name"]),
        url_tool(
            "access_mcp_resource",
            Mcp,
            &["server_name", "uri"],
            &["uri"],
        ),
        tool("ask_followup_question", Interaction, &["question"]),
        tool("attempt_completion", Interaction, &["result"]),
        tool("new_task", Interaction, &["context"]),
        tool("plan_mode_respond", Interaction, &["response"]),
        tool("act_mode_respond", Interaction, &["response"]),
        tool("condense", Interaction, &[]),
        tool(
            "report_bug",
            Interaction,
            &[
                "title",
                "what_happened",
                "steps_to_reproduce",
                "api_request_output",
                "additional_context",
            ],
        ),
        // Cline runs these without asking: they read or note, and change nothing.
        tool("load_mcp_documentation", Read, &[]),
        tool("focus_chain", Read, &[]),
        tool("summarize_task", Read, &["context"]),
        tool("generate_explanation", Read, &["title", "from_ref"]),
        tool("use_skill", Read, &["skill_name"]),
        // The harness
        path_tool("read", Read, &["path"]),
        path_tool("ls", Read, &[]),
        path_tool("glob", Read, &["pattern"]),
        path_tool("grep", Read, &["pattern"]),
        DefaultTool {
            allow_empty: &["content"],
            ..path_tool("write", Write, &["path", "content"])
        },
        // `path` + `oldText` + `newText`, or a hashline `patch` (its `[path#TAG]` headers name
        // the files; `path` is then optional): the harness declares no required param.
        DefaultTool {
            patch: Some("patch"),
            ..path_tool("edit", Write, &[])
        },
        path_tool("multi_edit", Write, &["path", "edits"]),
        DefaultTool {
            command: Some("command"),
            ..tool("bash", Exec, &["command"])
        },
        url_tool("fetch", Browser, &["url"], &["url"]),
        tool("ask", Interaction, &["questions"]),
        path_tool("inspect_image", Read, &["path"]),
        path_tool("transcribe_audio", Read, &["path"]),
        path_tool("lsp", Write, &["op", "path"]),
        tool("task", Exec, &["context", "tasks"]),
        tool("checkpoint", Read, &[]),
        tool("rewind", Read, &["report"]),
    ]
};

impl Default for Catalogue {
    /// Cline's tool names (v4) and the Dart harness's: [`DEFAULTS`].
    fn default() -> Self {
        let strings = |names: &[&str]| names.iter().map(|s| s.to_string()).collect();
        let specs = DEFAULTS.iter().map(|d| {
            let spec = ToolSpec {
                tier: d.tier,
                required: strings(d.required),
                paths: strings(d.paths),
                urls: strings(d.urls),
                patch: d.patch.map(str::to_string),
                command: d.command.map(str::to_string),
                allow_empty: strings(d.allow_empty),
            };
            (d.name.to_string(), spec)
        });
        let mut catalogue = Catalogue {
            specs: Vec::with_capacity(DEFAULTS.len()),
            keys: Vec::with_capacity(DEFAULTS.len()),
            unknown: ToolSpec::unknown(),
            mcp: ToolSpec::new(Tier::Mcp),
        };
        catalogue.extend(specs);
        catalogue
    }
}

impl Catalogue {
    /// Adds or replaces specs (the config's `tools`).
    pub fn extend(&mut self, specs: impl IntoIterator<Item = (String, ToolSpec)>) {
        for (name, spec) in specs {
            match self.find(&name) {
                Ok(at) => self.specs[at].1 = spec,
                Err(at) => {
                    self.keys.insert(at, key(&name));
                    self.specs.insert(at, (name, spec));
                }
            }
        }
    }

    fn find(&self, tool: &str) -> Result<usize, usize> {
        let k = key(tool);
        let mut at = self.keys.partition_point(|&x| x < k);
        while self.keys.get(at) == Some(&k) {
            match self.specs.get(at).map(|(name, _)| name.as_str().cmp(tool)) {
                Some(std::cmp::Ordering::Equal) => return Ok(at),
                Some(std::cmp::Ordering::Less) => at += 1,
                _ => break,
            }
        }
        Err(at)
    }

    /// The spec for `tool`; an unknown tool gets the `exec`-tier default, except an
    /// undeclared `mcp__server__tool` name (Claude Code's MCP tools), which is tier `mcp`.
    pub fn spec(&self, tool: &str) -> &ToolSpec {
        match self.find(tool) {
            Ok(at) => &self.specs[at].1,
            Err(_) if tool.starts_with(crate::mcp::CLAUDE_PREFIX) => &self.mcp,
            Err(_) => &self.unknown,
        }
    }

    pub fn is_known(&self, tool: &str) -> bool {
        self.find(tool).is_ok()
    }

    /// Every declared tool (the defaults and the settings' additions and overrides), by name.
    /// Owned, so it is the settings' `tools` map type: no map code of its own in the wasm.
    pub fn tools(&self) -> NameMap<ToolSpec> {
        self.specs.iter().cloned().collect()
    }
}

/// A name's length (capped) and first 7 bytes as one integer: names that differ there
/// compare as integers.
fn key(name: &str) -> u64 {
    let mut k = [0u8; 8];
    k[0] = u8::try_from(name.len()).unwrap_or(u8::MAX);
    for (slot, &b) in k[1..].iter_mut().zip(name.as_bytes()) {
        *slot = b;
    }
    u64::from_be_bytes(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_every_name_and_only_those() {
        let mut c = Catalogue::default();
        c.extend([
            ("read_filf".to_string(), ToolSpec::new(Tier::Mcp)),
            ("read_file".to_string(), ToolSpec::new(Tier::Browser)),
            (
                "a_very_long_tool_name_2".to_string(),
                ToolSpec::new(Tier::Write),
            ),
            (
                "a_very_long_tool_name_1".to_string(),
                ToolSpec::new(Tier::Read),
            ),
        ]);
        assert!(c.keys.windows(2).all(|w| w[0] <= w[1]));
        for (name, spec) in &c.specs {
            assert_eq!(c.spec(name), spec, "{name}");
        }
        for (name, tier) in [
            ("read_file", Tier::Browser),
            ("read_filf", Tier::Mcp),
            ("a_very_long_tool_name_1", Tier::Read),
            ("a_very_long_tool_name_2", Tier::Write),
            ("read_filg", Tier::Exec),
            ("a_very_long_tool_name_3", Tier::Exec),
            ("", Tier::Exec),
        ] {
            assert_eq!(c.spec(name).tier, tier, "{name}");
            assert_eq!(c.is_known(name), tier != Tier::Exec, "{name}");
        }
    }

    #[test]
    fn path_tool_lists_match_the_catalogue() {
        let c = Catalogue::default();
        let touching = |tier: Tier| {
            let mut names: Vec<&str> = c
                .specs
                .iter()
                .filter(|(_, s)| s.tier == tier && (!s.paths.is_empty() || s.patch.is_some()))
                .map(|(n, _)| n.as_str())
                .collect();
            names.sort_unstable();
            names
        };
        let sorted = |l: &[&'static str]| {
            let mut l = l.to_vec();
            l.sort_unstable();
            l
        };
        assert_eq!(touching(Tier::Read), sorted(READ_PATH_TOOLS));
        assert_eq!(touching(Tier::Write), sorted(WRITE_PATH_TOOLS));
    }
}
