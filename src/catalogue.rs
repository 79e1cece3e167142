//! The tool catalogue: what toolgate knows about each tool name.

use serde::{Deserialize, Serialize};

/// How much a tool can do, which is what the policy table is keyed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// One tool's description. Every list defaults to empty.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ToolSpec {
    pub tier: Tier,
    /// Params that must be present and not blank.
    #[serde(default)]
    pub required: Vec<String>,
    /// Params that hold a path (checked against the ignore rules and classified local/external).
    #[serde(default)]
    pub paths: Vec<String>,
    /// The param that holds a patch (apply_patch or unified diff) whose file headers name
    /// the paths it touches, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patch: Option<String>,
    /// The param that holds a shell command, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Required params that may be the empty string (Cline's `content`: creating an empty file).
    #[serde(default)]
    pub allow_empty: Vec<String>,
}

impl ToolSpec {
    pub fn new(tier: Tier) -> Self {
        ToolSpec {
            tier,
            required: vec![],
            paths: vec![],
            patch: None,
            command: None,
            allow_empty: vec![],
        }
    }

    fn required(mut self, names: &[&str]) -> Self {
        self.required = names.iter().map(|s| s.to_string()).collect();
        self
    }

    fn paths(mut self, names: &[&str]) -> Self {
        self.paths = names.iter().map(|s| s.to_string()).collect();
        self
    }

    fn patch(mut self, name: &str) -> Self {
        self.patch = Some(name.to_string());
        self
    }

    fn command(mut self, name: &str) -> Self {
        self.command = Some(name.to_string());
        self
    }

    fn allow_empty(mut self, names: &[&str]) -> Self {
        self.allow_empty = names.iter().map(|s| s.to_string()).collect();
        self
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
}

impl Default for Catalogue {
    /// Cline's tool names (v4) and the Dart harness's.
    fn default() -> Self {
        use Tier::*;
        let s = ToolSpec::new;
        let entries: Vec<(&str, ToolSpec)> = vec![
            // Cline
            ("read_file", s(Read).required(&["path"]).paths(&["path"])),
            ("list_files", s(Read).required(&["path"]).paths(&["path"])),
            (
                "list_code_definition_names",
                s(Read).required(&["path"]).paths(&["path"]),
            ),
            (
                "search_files",
                s(Read).required(&["path", "regex"]).paths(&["path"]),
            ),
            ("use_subagents", s(Read)),
            (
                "write_to_file",
                s(Write)
                    .required(&["path", "content"])
                    .paths(&["path"])
                    .allow_empty(&["content"]),
            ),
            (
                "replace_in_file",
                s(Write).required(&["path", "diff"]).paths(&["path"]),
            ),
            ("apply_patch", s(Write).required(&["input"]).patch("input")),
            (
                "new_rule",
                s(Write)
                    .required(&["path", "content"])
                    .paths(&["path"])
                    .allow_empty(&["content"]),
            ),
            (
                "execute_command",
                s(Exec)
                    .required(&["command", "requires_approval"])
                    .command("command"),
            ),
            ("browser_action", s(Browser).required(&["action"])),
            ("web_fetch", s(Browser).required(&["url"])),
            ("web_search", s(Browser).required(&["query"])),
            (
                "use_mcp_tool",
                s(Mcp).required(&["server_name", "tool_name"]),
            ),
            (
                "access_mcp_resource",
                s(Mcp).required(&["server_name", "uri"]),
            ),
            (
                "ask_followup_question",
                s(Interaction).required(&["question"]),
            ),
            ("attempt_completion", s(Interaction).required(&["result"])),
            ("new_task", s(Interaction).required(&["context"])),
            // The harness
            ("read", s(Read).required(&["path"]).paths(&["path"])),
            ("ls", s(Read).paths(&["path"])),
            ("glob", s(Read).required(&["pattern"]).paths(&["path"])),
            ("grep", s(Read).required(&["pattern"]).paths(&["path"])),
            (
                "write",
                s(Write)
                    .required(&["path", "content"])
                    .paths(&["path"])
                    .allow_empty(&["content"]),
            ),
            (
                "edit",
                s(Write)
                    .required(&["path", "old_string", "new_string"])
                    .paths(&["path"])
                    .allow_empty(&["new_string"]),
            ),
            (
                "multi_edit",
                s(Write).required(&["path", "edits"]).paths(&["path"]),
            ),
            ("bash", s(Exec).required(&["command"]).command("command")),
            ("fetch", s(Browser).required(&["url"])),
            ("ask", s(Interaction).required(&["question"])),
        ];
        let mut catalogue = Catalogue {
            specs: Vec::with_capacity(entries.len()),
            keys: Vec::with_capacity(entries.len()),
            unknown: ToolSpec::unknown(),
        };
        catalogue.extend(entries.into_iter().map(|(k, v)| (k.to_string(), v)));
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

    /// The spec for `tool`; an unknown tool gets the `exec`-tier default.
    pub fn spec(&self, tool: &str) -> &ToolSpec {
        match self.find(tool) {
            Ok(at) => &self.specs[at].1,
            Err(_) => &self.unknown,
        }
    }

    pub fn is_known(&self, tool: &str) -> bool {
        self.find(tool).is_ok()
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
