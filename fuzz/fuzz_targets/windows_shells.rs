//! The PowerShell and cmd.exe readers. Input: one command line (non-UTF-8 is skipped).
//!
//! Properties: never panics or hangs, whatever the input, in each shell (`powershell`, `cmd`,
//! both as on Windows with no shell set, and bash starting them); the work is bounded (at
//! most `MAX_COMMANDS` commands, every parent an earlier-or-later command of the same
//! analysis, never itself); a line no reader can read is never allowed by the engine.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate::engine::Engine;
use toolgate::settings::Settings;
use toolgate::shell::{analyse_as, Shell, MAX_COMMANDS};

thread_local! {
    /// A Windows workspace, no shell set: commands are read as PowerShell and as cmd.
    static ENGINE: Engine = Engine::new(
        Settings::read(&mut serde_json::Deserializer::from_str(
            r#"{"platform":"windows","workspaceRoots":["C:\\ws"],"ignoreFile":".env\nsecrets/\n"}"#,
        ))
        .expect("settings"),
    )
    .expect("engine");
}

fuzz_target!(|data: &[u8]| {
    let Ok(command) = std::str::from_utf8(data) else {
        return;
    };
    for (shell, windows) in [
        (Some(Shell::Powershell), true),
        (Some(Shell::Cmd), true),
        (None, true),
        (None, false),
    ] {
        let a = analyse_as(command, shell, windows);
        assert!(a.commands.len() <= 2 * MAX_COMMANDS, "{shell:?}: too many commands");
        for (i, c) in a.commands.iter().enumerate() {
            if let Some(p) = c.parent {
                assert!(p < a.commands.len() && p != i, "{shell:?}: parent {p} of {i}");
            }
            for &u in &c.unknown {
                assert!(u < c.words.len(), "{shell:?}: unknown index {u}");
            }
        }
        if a.problem.is_some() {
            assert!(!a.plain, "{shell:?}: a problem is never plain");
        }
    }
    ENGINE.with(|engine| {
        let mut call = toolgate::ToolCall::new("execute_command");
        call.params.push(("command".into(), toolgate::Value::Str(command.into())));
        call.params
            .push(("requires_approval".into(), toolgate::Value::Bool(false)));
        let v = engine.check(&call);
        let unreadable = analyse_as(command, None, true).problem.is_some();
        assert!(
            !(unreadable && v.decision == toolgate::Decision::Allow),
            "an unreadable command was allowed: {command:?}"
        );
    });
});
