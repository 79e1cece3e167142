//! Heap allocations the shell analysis makes per command over `bench/fixtures/commands.json`
//! (the figure docs/performance.md weighs "words as ranges" with):
//!
//!     cargo run --release --example shell_allocs

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, counting allocations (a `realloc` counts as one) and bytes asked for.
struct Counting;
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
static BYTES: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size(), Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        BYTES.fetch_add(size.saturating_sub(layout.size()), Relaxed);
        unsafe { System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn main() {
    let text = std::fs::read_to_string("bench/fixtures/commands.json").expect("fixtures");
    let commands: Vec<String> = serde_json::from_str(&text).expect("a JSON array of strings");
    let (allocations, bytes) = (ALLOCATIONS.load(Relaxed), BYTES.load(Relaxed));
    let mut words = 0;
    for c in &commands {
        let a = toolgate::shell::analyse(std::hint::black_box(c));
        words += a.commands.iter().map(|c| c.words.len()).sum::<usize>();
    }
    let n = commands.len() as f64;
    println!(
        "shell::analyse over {} commands: {:.1} allocations and {:.0} bytes per command, \
         {:.1} words per command",
        commands.len(),
        (ALLOCATIONS.load(Relaxed) - allocations) as f64 / n,
        (BYTES.load(Relaxed) - bytes) as f64 / n,
        words as f64 / n
    );
}
