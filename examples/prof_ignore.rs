use std::hint::black_box;
fn main() {
    let paths_text = std::fs::read_to_string("/tmp/paths.txt").unwrap();
    let paths: Vec<&str> = paths_text.lines().collect();
    let gi = std::fs::read_to_string("bench/fixtures/gitignore").unwrap();
    let ig = toolgate::ignore::IgnoreBuilder::default()
        .build(Some(&gi))
        .unwrap();
    let mode = std::env::args().nth(1).unwrap_or_default();
    let t = std::time::Instant::now();
    let iters: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    for _ in 0..iters {
        if mode == "batch" {
            let mut b = ig.batch();
            black_box(paths.iter().filter(|p| b.is_ignored(p, false)).count());
        } else {
            black_box(paths.iter().filter(|p| ig.is_ignored(p, false)).count());
        }
    }
    println!(
        "{mode}: {:.1} ns/path",
        t.elapsed().as_secs_f64() * 1e9 / iters as f64 / paths.len() as f64
    );
}
