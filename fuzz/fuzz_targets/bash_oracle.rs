//! The parser against bash. Input: one command line (UTF-8, no NUL, at most 2 KiB).
//!
//! Property: whenever bash and `analyse` both parse the line, `analyse` lists every program
//! bash would run (scripts for `bash -c`, `sh -c`, `eval` included). bash only parses and
//! reprints it, never runs it; tests/shell_bash_oracle.rs explains how. Slow per input (bash
//! starts twice or more): run it for minutes, one job.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate_fuzz::oracle::{Oracle, Verdict};

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    if line.len() > 2048 || line.contains('\0') {
        return;
    }
    let mut oracle = Oracle::new();
    oracle.prepare(&[line.to_string()]);
    if let Verdict::Dangerous(why) = oracle.judge(line) {
        panic!("{why}");
    }
});
