//! Cline's MCP settings file (`cline_mcp_settings.json`): `{ mcpServers: { <name>: {
//! autoApprove?: string[], disabled?: boolean, …connection fields } } }`.
//!
//! Cline runs an MCP tool without asking only when MCP auto-approval is on (the "Use MCP
//! servers" action, YOLO or approve-all) AND the tool is in its server's `autoApprove` list;
//! every other tool asks. Carried over as overrides (origins name the file):
//!
//! | Cline | toolgate |
//! |---|---|
//! | (any server file) | `use_mcp_tool`: `prompt` — a tool no list names asks, as in Cline |
//! | `mcpServers.S.autoApprove: [T, …]` | `mcp(S/T)`: `allow` for each T, when MCP auto-approval is on (more specific than `use_mcp_tool`, so it decides) |
//! | `mcpServers.S.disabled: true` | `mcp(S)`: `deny` (Cline does not start the server; a deny at any level wins) |
//!
//! Without Cline's auto-approval settings the lists are carried as if MCP auto-approval were
//! on, with a warning; with them and MCP auto-approval off, the lists change nothing (every
//! tool asks in both) and a warning says so. The connection fields (`command`, `args`,
//! `env`, `cwd`, `url`, `headers`, `type`, `transportType`, `timeout`) say how to start a
//! server, not whether to ask, and are passed over; any other field is a warning. Resources
//! (`access_mcp_resource`) follow the policy table, as in Cline.

use std::collections::BTreeMap;

use serde::de::IgnoredAny;

use super::cline::{self, ClineAutoApprovalSettings};
use super::Imported;
use crate::catalogue::Tier;
use crate::map::NameMap;
use crate::mcp::{self, Pattern};
use crate::policy::{Policy, PolicyTable, Situation};

/// Where the overrides this importer produces come from.
pub const ORIGIN: &str = "Cline MCP settings";

/// The settings file. Every field is optional.
#[derive(Debug, Clone, Default)]
pub struct ClineMcpSettings {
    pub mcp_servers: BTreeMap<String, ClineMcpServer>,
    pub unknown: BTreeMap<String, IgnoredAny>,
}

settings_deserialize!(ClineMcpSettings {
    mcp_servers: "mcpServers",
});

/// One server's entry.
#[derive(Debug, Clone, Default)]
pub struct ClineMcpServer {
    pub auto_approve: Vec<String>,
    pub disabled: bool,
    pub unknown: BTreeMap<String, IgnoredAny>,
}

settings_deserialize!(ClineMcpServer {
    auto_approve: "autoApprove",
    disabled: "disabled",
});

/// How Cline starts and reaches a server: no approval meaning.
const CONNECTION: &[&str] = &[
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "type",
    "transportType",
    "timeout",
];

/// Whether Cline's auto-approval settings let MCP tools run without asking (the "Use MCP
/// servers" action, YOLO, approve-all): what the policy table they import to gives an MCP call.
pub fn mcp_auto_approval(auto: &ClineAutoApprovalSettings) -> bool {
    let table = cline::auto_approval(auto)
        .config
        .auto_approval
        .unwrap_or_default();
    PolicyTable::for_cline(&table).get(Tier::Mcp, Situation::NoPath) == Policy::Allow
}

/// A config from Cline's MCP settings. `mcp_auto_approval`: whether Cline's auto-approval
/// settings let MCP tools run (`None`: not known).
pub fn settings(settings: &ClineMcpSettings, mcp_auto_approval: Option<bool>) -> Imported {
    let mut out = Imported::default();
    let mut overrides = NameMap::new();
    let mut origins = NameMap::new();
    let mut set = |key: String, policy: Policy, origin: &str| {
        origins.insert(key.clone(), origin.to_string());
        overrides.insert(key, policy);
    };
    if !settings.mcp_servers.is_empty() {
        set(mcp::USE_TOOL.to_string(), Policy::Prompt, ORIGIN);
    }
    let mut listed = false;
    for (name, server) in &settings.mcp_servers {
        let at = format!("Cline MCP settings mcpServers.{name}");
        if let Err(why) = mcp::check_server(name) {
            out.warn(format!(
                "{at}: not carried over: the server name {why} (toolgate refuses calls to it)"
            ));
            continue;
        }
        for key in server
            .unknown
            .keys()
            .filter(|k| !CONNECTION.contains(&k.as_str()))
        {
            out.warn(format!("{at}.{key} has no toolgate equivalent; ignored"));
        }
        let whole = Pattern {
            server: Some(name.clone()),
            member: mcp::Member::Everything,
        };
        if server.disabled {
            set(whole.key(), Policy::Deny, &format!("{ORIGIN}: disabled"));
            if !server.auto_approve.is_empty() {
                out.warn(format!(
                    "{at}.autoApprove: the server is disabled, so its list is not carried (its tools are denied)"
                ));
            }
            continue;
        }
        if server.auto_approve.is_empty() {
            continue;
        }
        if mcp_auto_approval == Some(false) {
            out.warn(format!(
                "{at}.autoApprove: not carried: Cline's MCP auto-approval is off, so these tools ask in Cline too"
            ));
            continue;
        }
        for tool in &server.auto_approve {
            match mcp::check_tool(tool) {
                Ok(()) => {
                    let key = Pattern {
                        server: Some(name.clone()),
                        member: mcp::Member::Tool(tool.clone()),
                    }
                    .key();
                    set(key, Policy::Allow, &format!("{ORIGIN}: autoApprove"));
                    listed = true;
                }
                Err(why) => out.warn(format!(
                    "{at}.autoApprove \"{tool}\": not carried over: the tool name {why}"
                )),
            }
        }
    }
    if listed && mcp_auto_approval.is_none() {
        out.warn(
            "Cline MCP settings: autoApprove lists are carried as if Cline's MCP auto-approval \
             (\"Use MCP servers\") were on; without it Cline asks for these tools too"
                .to_string(),
        );
    }
    for key in settings.unknown.keys() {
        out.warn(format!(
            "Cline MCP settings {key} has no toolgate equivalent; ignored"
        ));
    }
    out.config.overrides = overrides;
    out.config.override_origins = origins;
    out
}
