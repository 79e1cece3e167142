//! The shell analysis alone over `bench/fixtures/commands.json`, for profiling the parser
//! (with `critical`: plus the critical-command detection `check()` runs on each analysis):
//!
//!     cargo run --release --example bench_shell [-- REPS [critical]]

use std::hint::black_box;
use std::time::Instant;

fn main() {
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let critical = std::env::args().nth(2).as_deref() == Some("critical");
    let text = std::fs::read_to_string("bench/fixtures/commands.json").expect("fixtures");
    let commands: Vec<String> = serde_json::from_str(&text).expect("a JSON array of strings");
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        let n: usize = commands
            .iter()
            .map(|c| {
                let a = toolgate::shell::analyse(black_box(c));
                if critical {
                    black_box(toolgate::shell::critical::detect_all(&a));
                }
                a.commands.len()
            })
            .sum();
        black_box(n);
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let median = times[times.len() / 2];
    println!(
        "shell::analyse{}, per command {:.3} µs (median of {reps})",
        if critical {
            " + critical::detect_all"
        } else {
            ""
        },
        median * 1e6 / commands.len() as f64
    );
}
