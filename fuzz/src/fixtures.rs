//! Engines, workspaces and calls the fuzz targets share.

use std::cell::RefCell;

use toolgate::access::{Access, IgnoreSource};
use toolgate::settings::{RuleEntry, Rules, Settings};
use toolgate::engine::Engine;
use toolgate::policy::{ClineActions, ClineAutoApproval, Mode};
use toolgate::platform::{PathSettings, Platform};
use toolgate::workspace::Workspace;
use toolgate::{ToolCall, Value};

/// A realistic .clineignore.
pub const CLINEIGNORE: &str = "\
# secrets
.env
.env.*
!.env.example
*.pem
*.key
secrets/
private/**
config/credentials.json
/build/
node_modules/
**/.git/**
temp.*
";

thread_local! {
    static WORKSPACES: Vec<Workspace> = vec![
        Workspace::new(&[], settings(None, None)).unwrap(),
        Workspace::new(&["/ws".into()], settings(None, None)).unwrap(),
        Workspace::new(&["/ws".into(), "/ws/sub/other".into()], settings(Some(Platform::Macos), None)).unwrap(),
        Workspace::new(&["C:\\Proj".into(), "\\other".into()], settings(None, None)).unwrap(),
        Workspace::new(&["//srv/share/x".into(), "/".into()], settings(None, None)).unwrap(),
        Workspace::new(&["\\\\srv\\share\\x".into()], settings(None, Some(false))).unwrap(),
        Workspace::new(&["file:///home/u/a%20b".into()], settings(None, None)).unwrap(),
    ];
    static ACCESS: Access = Access::new(
        &["/ws".into()],
        PathSettings::default(),
        IgnoreSource {
            text: Some(CLINEIGNORE.into()),
            includes: Default::default(),
            file_name: ".clineignore".into(),
        },
    )
    .unwrap();
}

fn settings(platform: Option<Platform>, case_insensitive: Option<bool>) -> PathSettings {
    PathSettings {
        platform,
        case_insensitive,
    }
}

pub fn with_workspaces<T>(f: impl FnOnce(&[Workspace]) -> T) -> T {
    WORKSPACES.with(|w| f(w))
}

pub fn access() -> Access {
    ACCESS.with(|a| a.clone())
}

/// Cline's most permissive non-YOLO settings: every action flag on, no YOLO, no approve-all.
pub fn cline_permissive() -> ClineAutoApproval {
    ClineAutoApproval {
        yolo_mode_toggled: false,
        auto_approve_all_toggled: false,
        enabled: Some(true),
        actions: ClineActions::ALL,
        ..ClineAutoApproval::default()
    }
}

/// The config the engine targets start from: one root, the .clineignore above, a few rules.
pub fn base_config() -> Settings {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let r = |v: &[&str]| v.iter().map(|x| RuleEntry::from(*x)).collect::<Vec<_>>();
    Settings {
        workspace_roots: s(&["/ws"]),
        ignore_file: Some(CLINEIGNORE.into()),
        rules: Rules {
            allow: r(&[
                "execute_command(npm test *)",
                "execute_command(git status)",
                "execute_command(ls *)",
                "bash(git log *)",
                "read_file(src/**)",
            ]),
            ask: r(&["execute_command(git push *)"]),
            deny: r(&[
                "execute_command(rm -rf *)",
                "bash(curl *)",
                "read_file(*.secret)",
            ]),
            ..Rules::default()
        },
        ..Settings::default()
    }
}

/// The presets every engine target runs under.
pub fn engines() -> Vec<Engine> {
    let mut out = Vec::new();
    for mode in [Mode::Yolo, Mode::AlwaysAsk, Mode::Write, Mode::Unattended] {
        out.push(
            Engine::new(Settings {
                mode: Some(mode),
                ..base_config()
            })
            .unwrap(),
        );
    }
    out.push(
        Engine::new(Settings {
            auto_approval: Some(cline_permissive()),
            ..base_config()
        })
        .unwrap(),
    );
    out
}

thread_local! {
    static ENGINES: RefCell<Vec<Engine>> = RefCell::new(engines());
}

pub fn with_engines<T>(f: impl FnOnce(&mut Vec<Engine>) -> T) -> T {
    ENGINES.with(|e| f(&mut e.borrow_mut()))
}

/// A JSON value as the facade would read it into a param.
pub fn value(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
        serde_json::Value::String(s) => Value::Str(s.clone()),
        _ => Value::Other,
    }
}

/// A call from fuzz bytes: a JSON object `{tool, params}` when it parses as one, else the
/// text form `tool\ncommand…` sent as `command`, `path` and `requires_approval: false`.
pub fn call_from(data: &[u8]) -> Option<ToolCall> {
    let text = std::str::from_utf8(data).ok()?;
    if let Ok(json) = serde_json::from_str::<serde_json::Value>(text) {
        let obj = json.as_object()?;
        let tool = obj.get("tool")?.as_str()?.to_string();
        let mut call = ToolCall::new(tool);
        if let Some(params) = obj.get("params").and_then(|p| p.as_object()) {
            for (k, v) in params {
                call.params.push((k.clone(), value(v)));
            }
        }
        return Some(call);
    }
    let (tool, rest) = text.split_once('\n').unwrap_or(("execute_command", text));
    Some(
        ToolCall::new(tool)
            .with("command", rest)
            .with("path", rest)
            .with("requires_approval", false),
    )
}
