//! scratch: judge commands from stdin under the build-outputs ignore file (arg "secrets" for the other)
use std::io::BufRead;
use toolgate::engine::Engine;
use toolgate::settings::Settings;
use toolgate::ToolCall;
fn main() {
    let ignore = if std::env::args().nth(1).as_deref() == Some("secrets") {
        ".env\nsecrets/\n*.pem\n"
    } else {
        ".env\n.env.*\nsecrets/\n*.pem\nnode_modules/\ndist/\nbuild/\ncoverage/\n"
    };
    let engine = Engine::new(Settings {
        workspace_roots: vec!["/ws".into()],
        ignore_file: Some(ignore.into()),
        mode: Some(toolgate::policy::Mode::Yolo),
        ..Settings::default()
    })
    .expect("config");
    for line in std::io::stdin().lock().lines() {
        let command = line.unwrap();
        if command.is_empty() {
            continue;
        }
        let v = engine.check(
            &ToolCall::new("execute_command")
                .with("command", command.as_str())
                .with("requires_approval", false),
        );
        println!(
            "{}\t{}\t{}\t{}",
            v.decision.as_str(),
            v.code,
            command,
            if std::env::var("WHY").is_ok() {
                v.reason.clone()
            } else {
                String::new()
            }
        );
    }
}
