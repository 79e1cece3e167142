//! The decision on every ordinary agent command of `bench/fixtures/commands.json`, one line
//! each (`decision<TAB>code<TAB>command`), under two configs: mode `yolo` and Cline's
//! "approve safe commands only" (root `/ws`, ignore file `.env`, `secrets/`, `*.pem`). Kept in
//! `bench/fixtures/decisions.tsv`; a change to the analysis shows as a diff there:
//!
//!     cargo run --example decisions > bench/fixtures/decisions.tsv

use toolgate::engine::Engine;
use toolgate::policy::{ClineActions, ClineAutoApproval};
use toolgate::settings::Settings;
use toolgate::ToolCall;

fn main() {
    let text = std::fs::read_to_string("bench/fixtures/commands.json").expect("fixtures");
    let commands: Vec<String> = serde_json::from_str(&text).expect("a JSON array of strings");
    let base = || Settings {
        workspace_roots: vec!["/ws".into()],
        ignore_file: Some(".env\nsecrets/\n*.pem\n".into()),
        ..Settings::default()
    };
    let safe_only = Settings {
        auto_approval: Some(ClineAutoApproval {
            actions: ClineActions {
                read_files: true,
                execute_safe_commands: true,
                ..ClineActions::default()
            },
            ..ClineAutoApproval::default()
        }),
        ..base()
    };
    for (name, config) in [("yolo", base()), ("cline-safe", safe_only)] {
        let engine = Engine::new(config).expect("config");
        for command in &commands {
            let call = ToolCall::new("execute_command")
                .with("command", command.as_str())
                .with("requires_approval", false);
            // check validates first: an invalid call is a deny with the validation code
            let v = engine.check(&call);
            let decision = v.decision.as_str();
            println!("{name}\t{decision}\t{}\t{}", v.code, command.escape_debug());
        }
    }
}
