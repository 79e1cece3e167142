//! Cline MCP settings importer: server by server, then a realistic settings file
//! (tests/fixtures/import/cline-mcp-settings.json) and the decisions its import gives.

use toolgate::map::NameMap;

use toolgate::engine::Engine;
use toolgate::import::cline_mcp::{self, ClineMcpSettings};
use toolgate::policy::{ClineActions, ClineAutoApproval, Policy};
use toolgate::verdict::{Decision, Step};
use toolgate::ToolCall;

const SETTINGS: &str = include_str!("fixtures/import/cline-mcp-settings.json");

fn parse(json: &str) -> ClineMcpSettings {
    serde_json::from_str(json).expect("settings")
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn servers_table() {
    use Policy::*;
    // (mcpServers JSON, MCP auto-approval, overrides, warnings)
    #[rustfmt::skip]
    let cases: Vec<(&str, Option<bool>, Vec<(&str, Policy)>, Vec<&str>)> = vec![
        (r#"{}"#, None, vec![], vec![]),
        (r#"{"gh": {"command": "npx", "autoApprove": ["get_issue"]}}"#, Some(true),
            vec![("mcp(gh/get_issue)", Allow), ("use_mcp_tool", Prompt)], vec![]),
        (r#"{"gh": {"autoApprove": ["get_issue"]}}"#, None,
            vec![("mcp(gh/get_issue)", Allow), ("use_mcp_tool", Prompt)],
            vec![r#"Cline MCP settings: autoApprove lists are carried as if Cline's MCP auto-approval ("Use MCP servers") were on; without it Cline asks for these tools too"#]),
        (r#"{"gh": {"autoApprove": ["get_issue"]}}"#, Some(false), vec![("use_mcp_tool", Prompt)],
            vec!["Cline MCP settings mcpServers.gh.autoApprove: not carried: Cline's MCP auto-approval is off, so these tools ask in Cline too"]),
        (r#"{"gh": {"autoApprove": []}}"#, Some(true), vec![("use_mcp_tool", Prompt)], vec![]),
        (r#"{"db": {"disabled": true}}"#, Some(true), vec![("mcp(db)", Deny), ("use_mcp_tool", Prompt)], vec![]),
        (r#"{"db": {"disabled": true, "autoApprove": ["q"]}}"#, Some(true), vec![("mcp(db)", Deny), ("use_mcp_tool", Prompt)],
            vec!["Cline MCP settings mcpServers.db.autoApprove: the server is disabled, so its list is not carried (its tools are denied)"]),
        (r#"{"db": {"disabled": false, "autoApprove": ["q"]}}"#, Some(true), vec![("mcp(db/q)", Allow), ("use_mcp_tool", Prompt)], vec![]),
        (r#"{"a/b/c": {"autoApprove": ["t"]}}"#, Some(true), vec![("mcp(a/b/c/t)", Allow), ("use_mcp_tool", Prompt)], vec![]),
        (r#"{"a/b/c": {"disabled": true}}"#, Some(true), vec![("mcp(a/b/c/*)", Deny), ("use_mcp_tool", Prompt)], vec![]),
        (r#"{"gh": {"autoApprove": ["get issue", "ok"]}}"#, Some(true), vec![("mcp(gh/ok)", Allow), ("use_mcp_tool", Prompt)],
            vec![r#"Cline MCP settings mcpServers.gh.autoApprove "get issue": not carried over: the tool name has characters outside the MCP tool-name set [A-Za-z0-9_.-]"#]),
        (r#"{"gіthub": {"disabled": true}}"#, Some(true), vec![("use_mcp_tool", Prompt)],
            vec!["Cline MCP settings mcpServers.gіthub: not carried over: the server name has characters outside printable ASCII (toolgate refuses calls to it)"]),
        (r#"{"gh": {"alwaysAllow": ["x"], "url": "https://x.invalid", "headers": {}}}"#, Some(true), vec![("use_mcp_tool", Prompt)],
            vec!["Cline MCP settings mcpServers.gh.alwaysAllow has no toolgate equivalent; ignored"]),
    ];
    for (servers, auto, overrides, warnings) in cases {
        let json = format!(r#"{{"mcpServers": {servers}}}"#);
        let imported = cline_mcp::settings(&parse(&json), auto);
        let want: NameMap<Policy> = overrides.iter().map(|(k, p)| (k.to_string(), *p)).collect();
        assert_eq!(imported.config.overrides.clone(), want, "{servers}");
        assert_eq!(imported.warnings, strings(&warnings), "{servers}");
        Engine::new(imported.config).expect(servers);
    }
    let top = cline_mcp::settings(&parse(r#"{"mcpServers": {}, "theme": 1}"#), None);
    assert_eq!(
        top.warnings,
        strings(&["Cline MCP settings theme has no toolgate equivalent; ignored"])
    );
    assert!(serde_json::from_str::<ClineMcpSettings>(
        r#"{"mcpServers": {"a": {"disabled": "yes"}}}"#
    )
    .is_err());
}

#[test]
fn realistic_settings_file() {
    let settings = parse(SETTINGS);
    let auto = ClineAutoApproval {
        actions: ClineActions {
            use_mcp: true,
            ..ClineActions::default()
        },
        ..ClineAutoApproval::default()
    };
    let imported = cline_mcp::settings(&settings, Some(true));
    assert_eq!(
        imported.warnings,
        strings(&[
            "Cline MCP settings mcpServers.old-db.autoApprove: the server is disabled, so its list is not carried (its tools are denied)",
            "Cline MCP settings mcpServers.web-scraper.alwaysAllow has no toolgate equivalent; ignored",
            r#"Cline MCP settings mcpServers.web-scraper.autoApprove "fetch page": not carried over: the tool name has characters outside the MCP tool-name set [A-Za-z0-9_.-]"#,
        ])
    );
    let mut config = imported.config;
    config.auto_approval = Some(auto);
    let engine = Engine::new(config).expect("engine");
    let mcp = |s: &str, t: &str| {
        ToolCall::new("use_mcp_tool")
            .with("server_name", s)
            .with("tool_name", t)
    };
    let fs = "github.com/modelcontextprotocol/servers/tree/main/src/filesystem";
    for (call, want, step) in [
        (mcp("github", "get_issue"), Decision::Allow, Step::Override),
        (
            mcp("github", "create_issue"),
            Decision::Prompt,
            Step::Override,
        ),
        (mcp(fs, "read_file"), Decision::Allow, Step::Override),
        (mcp(fs, "write_file"), Decision::Prompt, Step::Override),
        (mcp("old-db", "query"), Decision::Deny, Step::DenyOverride),
        (
            mcp("web-scraper", "fetch"),
            Decision::Prompt,
            Step::Override,
        ),
        // resources follow the policy table (Cline's useMcp), as in Cline
        (
            ToolCall::new("access_mcp_resource")
                .with("server_name", "github")
                .with("uri", "repo://x"),
            Decision::Allow,
            Step::Policy,
        ),
    ] {
        let v = engine.check(&call);
        assert_eq!((v.decision, v.step), (want, step), "{call:?}: {}", v.reason);
    }
    let v = engine.check(&mcp("old-db", "query"));
    assert_eq!(v.origin.as_deref(), Some("Cline MCP settings: disabled"));
    assert_eq!(
        v.reason,
        "'mcp(old-db)' (MCP tool 'query' of server 'old-db') is denied by an override (from: Cline MCP settings: disabled)."
    );
}

#[test]
fn mcp_auto_approval_is_what_cline_s_settings_give_an_mcp_call() {
    use toolgate::import::cline::ClineAutoApprovalSettings;
    // (Cline's auto-approval settings, MCP tools run without asking)
    let cases = [
        (r#"{}"#, false),
        (r#"{"actions": {"useMcp": true}}"#, true),
        (
            r#"{"actions": {"useMcp": false, "executeSafeCommands": true}}"#,
            false,
        ),
        (r#"{"enabled": false, "actions": {"useMcp": true}}"#, false),
        (r#"{"yoloModeToggled": true}"#, true),
        (r#"{"autoApproveAllToggled": true}"#, true),
    ];
    for (json, want) in cases {
        let auto: ClineAutoApprovalSettings = serde_json::from_str(json).expect(json);
        assert_eq!(cline_mcp::mcp_auto_approval(&auto), want, "{json}");
    }
}
