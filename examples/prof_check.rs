use std::hint::black_box;
use toolgate::config::{Config, RulesConfig};
use toolgate::engine::Engine;
use toolgate::{ToolCall, Value};
fn main() {
    let inputs: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("/tmp/workloads.json").unwrap()).unwrap();
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    let config = Config {
        workspace_roots: vec!["/ws".into()],
        ignore_file: inputs["gitignore"].as_str().map(String::from),
        rules: RulesConfig {
            allow: strings(&inputs["rules"]["allow"]),
            ask: strings(&inputs["rules"]["ask"]),
            deny: strings(&inputs["rules"]["deny"]),
        },
        ..Config::default()
    };
    let engine = Engine::new(config).unwrap();
    let mode = std::env::args().nth(1).unwrap_or_default();
    let n: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100000);
    let read = ToolCall::new("read_file").with("path", "src/index.ts");
    let compound = ToolCall::new("execute_command")
        .with("command", inputs["compound"].as_str().unwrap())
        .with("requires_approval", Value::Bool(false));
    let call = if mode == "compound" { compound } else { read };
    let t = std::time::Instant::now();
    for _ in 0..n {
        black_box(engine.check(black_box(&call)));
    }
    println!(
        "{mode}: {:.3} µs",
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
}
