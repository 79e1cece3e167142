//! The benchmark's core workloads, natively (no wasm, no JS), so the cost of crossing into
//! wasm and JS shows as its own line next to `node bench/run.mjs`:
//!
//!     cargo run --release --example bench_native [-- REPS]
//!
//! It reads the same inputs as the Node bench: the paths from `node bench/paths.mjs`, the
//! .gitignore and rules from `node bench/workloads.mjs`, the commands from
//! `bench/fixtures/commands.json` (so Node must be on PATH).

use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use toolgate::engine::Engine;
use toolgate::settings::{Rules, Settings};
use toolgate::{ToolCall, Value};

fn node(script: &str) -> String {
    let out = Command::new("node")
        .arg(script)
        .output()
        .unwrap_or_else(|e| panic!("running node {script}: {e} (Node must be on PATH)"));
    assert!(out.status.success(), "node {script} failed");
    String::from_utf8(out.stdout).expect("utf-8")
}

fn node_args(args: &[&str]) -> String {
    let out = Command::new("node")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("running node {args:?}: {e} (Node must be on PATH)"));
    assert!(out.status.success(), "node {args:?} failed");
    String::from_utf8(out.stdout).expect("utf-8")
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    let m = xs.len() / 2;
    if xs.len() % 2 == 1 {
        xs[m]
    } else {
        (xs[m - 1] + xs[m]) / 2.0
    }
}

/// Median wall time of `f` over `reps` runs (after one warm-up), in ms.
fn time<T>(reps: usize, mut f: impl FnMut() -> T) -> f64 {
    black_box(f());
    median(
        (0..reps)
            .map(|_| {
                let t = Instant::now();
                black_box(f());
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect(),
    )
}

/// Median over batches of the mean time per call, in µs.
fn per_call<T>(mut f: impl FnMut() -> T) -> f64 {
    let batch = 1000;
    for _ in 0..batch {
        black_box(f());
    }
    median(
        (0..100)
            .map(|_| {
                let t = Instant::now();
                for _ in 0..batch {
                    black_box(f());
                }
                t.elapsed().as_secs_f64() * 1e6 / batch as f64
            })
            .collect(),
    )
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn entries(v: &serde_json::Value) -> Vec<toolgate::settings::RuleEntry> {
    strings(v).into_iter().map(Into::into).collect()
}

fn main() {
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let root = env!("CARGO_MANIFEST_DIR");
    let paths_text = node(&format!("{root}/bench/paths.mjs"));
    let paths: Vec<&str> = paths_text.lines().collect();
    let inputs: serde_json::Value =
        serde_json::from_str(&node(&format!("{root}/bench/workloads.mjs"))).expect("json");
    let commands: Vec<String> = serde_json::from_str(
        &std::fs::read_to_string(format!("{root}/bench/fixtures/commands.json")).expect("corpus"),
    )
    .expect("json");

    let config = || Settings {
        workspace_roots: vec![inputs["root"].as_str().unwrap_or("/ws").to_string()],
        ignore_file: inputs["gitignore"].as_str().map(String::from),
        rules: Rules {
            allow: entries(&inputs["rules"]["allow"]),
            ask: entries(&inputs["rules"]["ask"]),
            deny: entries(&inputs["rules"]["deny"]),
            ..Rules::default()
        },
        ..Settings::default()
    };
    let engine = Engine::new(config()).expect("config");
    let access = engine.access();

    println!(
        "toolgate native benchmark ({} paths, {} commands, {reps} repetitions, medians)",
        paths.len(),
        commands.len()
    );
    let kept = access.filter_paths(paths.iter().copied()).len();
    let t = time(reps, || access.filter_paths(paths.iter().copied()).len());
    println!("filter_paths, 100k paths                 {t:9.2} ms   (keeps {kept})");
    let mut viewer = Engine::new(config()).expect("config");
    let t = time(reps, || {
        viewer.set_workspace_files(Some(paths.iter().copied()));
        viewer.access().view().map_or(0, |v| v.len())
    });
    println!("set_workspace_files, 100k paths          {t:9.2} ms");
    // the walk's worst case: nothing below is ignored, so every file is looked at (a view
    // of the kept paths); with an ignored file it stops at the first
    let kept_paths = access.filter_paths(paths.iter().copied());
    viewer.set_workspace_files(Some(kept_paths.iter().copied()));
    let (dir, files) = subtree_of(&kept_paths, 10_000);
    let call = toolgate::ToolCall::new("execute_command")
        .with("command", format!("grep -rn TODO {dir}").as_str())
        .with("requires_approval", false);
    let decision = viewer.check(&call).decision;
    let t = time(reps, || viewer.check(&call).decision as usize);
    println!("check() grep -rn, {files}-file subtree      {t:9.2} ms   ({decision:?})");
    let ig = access.ignore();
    let t = time(reps, || {
        let mut b = ig.batch();
        paths.iter().filter(|p| b.is_ignored(p, false)).count()
    });
    println!("  of which ignore matching (batch)       {t:9.2} ms");
    // The other listings of bench/listings.mjs, each with its own .gitignore.
    for (shape, gitignore) in [
        (
            "wide",
            node_args(&[&format!("{root}/bench/listings.mjs"), "wide-gitignore"]),
        ),
        (
            "real",
            inputs["gitignore"].as_str().unwrap_or("").to_string(),
        ),
    ] {
        let text = node_args(&[&format!("{root}/bench/listings.mjs"), shape]);
        let listing: Vec<&str> = text.lines().collect();
        let engine = Engine::new(Settings {
            ignore_file: Some(gitignore),
            ..config()
        })
        .expect("config");
        let access = engine.access();
        let kept = access.filter_paths(listing.iter().copied()).len();
        let t = time(reps, || access.filter_paths(listing.iter().copied()).len());
        let name = format!("filter_paths, {shape} listing ({} paths)", listing.len());
        println!("{name:<40} {t:9.2} ms   (keeps {kept})");
    }
    let t = time(reps, || {
        paths.iter().filter(|p| ig.is_ignored(p, false)).count()
    });
    println!("  ignore matching, single queries        {t:9.2} ms");
    let ws = access.workspace();
    let t = time(reps, || {
        paths
            .iter()
            .filter(|p| ws.plain_relative(p).is_some())
            .count()
    });
    println!("  plain-path fast path (no allocation)   {t:9.2} ms");
    let t = time(reps, || {
        paths
            .iter()
            .filter(|p| access.workspace().resolve(p).is_ok())
            .count()
    });
    println!("  full path resolution, for comparison   {t:9.2} ms");
    let t = time(reps, || {
        paths.iter().filter(|p| access.is_ignored(p)).count()
    });
    println!(
        "is_ignored, per path                     {:9.0} ns",
        t * 1e6 / paths.len() as f64
    );
    let t = time(reps, || {
        commands
            .iter()
            .map(|c| toolgate::shell::analyse(c).commands.len())
            .sum::<usize>()
    });
    println!(
        "shell::analyse, per command              {:9.2} µs",
        t * 1e3 / commands.len() as f64
    );
    let read = ToolCall::new("read_file").with("path", "src/index.ts");
    let compound = ToolCall::new("execute_command")
        .with("command", inputs["compound"].as_str().unwrap_or(""))
        .with("requires_approval", Value::Bool(false));
    println!(
        "check() read_file                        {:9.3} µs",
        per_call(|| engine.check(&read))
    );
    println!(
        "check() compound command                 {:9.3} µs",
        per_call(|| engine.check(&compound))
    );
    println!(
        "validate() read_file                     {:9.3} µs",
        per_call(|| engine.validate(&read))
    );
    let t = time(reps.max(20), || Engine::new(config()).is_ok());
    println!("Engine::new (gitignore + 100 rules)      {t:9.3} ms");
}

/// The directory (up to three levels deep) whose subtree holds the number of files closest to
/// `want`, and that number.
fn subtree_of<'p>(paths: &[&'p str], want: usize) -> (&'p str, usize) {
    let mut best = ("", 0usize);
    let mut dirs: Vec<&str> = paths
        .iter()
        .flat_map(|p| p.match_indices('/').take(3).map(move |(i, _)| &p[..i]))
        .collect();
    dirs.sort_unstable();
    dirs.dedup_by(|a, b| a == b);
    for d in dirs {
        let n = paths
            .iter()
            .filter(|p| p.len() > d.len() && p.starts_with(d) && p.as_bytes()[d.len()] == b'/')
            .count();
        if n.abs_diff(want) < best.1.abs_diff(want) {
            best = (d, n);
        }
    }
    best
}
