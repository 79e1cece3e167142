//! The ignore-file compiler and matcher against a slow reference (git's wildmatch and dir.c,
//! ported plainly in `toolgate_fuzz::reference`).
//!
//! Input: ignore-file text, a NUL byte, then one query path per line (a trailing `/` = a
//! directory). Paths are normalised to what the workspace hands the matcher (no empty, `.` or
//! `..` components). Properties: `Ignore::is_ignored` = reference; the batch matcher = the
//! single-path matcher; `explain` agrees with `matched`. Case-folding is compared only when
//! the file has no `[` or `\` (git's folding inside classes and escapes is documented as
//! different). Lines with a non-ASCII byte inside a class are skipped (documented: a reversed
//! range with a non-ASCII end).
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate::ignore::IgnoreBuilder;
use toolgate_fuzz::reference;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (file, queries) = text.split_once('\0').unwrap_or((text, "a\nb/c\n"));
    // Keep lines short (the matcher makes >1024-token lines inert on purpose).
    if file.len() > 4096 || file.lines().any(|l| l.len() > 200) {
        return;
    }
    // `!include NAME` is Cline's directive, not a pattern: leave it out of the comparison.
    if file
        .split('\n')
        .any(|l| l.trim_start().starts_with("!include"))
    {
        return;
    }
    if file.split('\n').any(non_ascii_in_class) {
        return;
    }
    let patterns = reference::parse_file(file.as_bytes());
    let folds: &[bool] = if file.contains(['[', '\\']) {
        &[false]
    } else {
        &[false, true]
    };
    for &fold in folds {
        let ignore = IgnoreBuilder::default()
            .file_name("")
            .case_insensitive(fold)
            .build(Some(file))
            .expect("no includes, so building cannot fail");
        let mut batch = ignore.batch();
        for query in queries.split('\n').take(64) {
            // The workspace refuses paths holding NUL before they reach the matcher.
            if query.contains('\0') {
                continue;
            }
            let is_dir = query.ends_with('/');
            let parts: Vec<&str> = query
                .split('/')
                .filter(|p| !p.is_empty() && *p != "." && *p != "..")
                .collect();
            if parts.is_empty() {
                continue;
            }
            let path = parts.join("/");
            let want = reference::is_ignored(&patterns, path.as_bytes(), is_dir, fold);
            let got = ignore.is_ignored(&path, is_dir);
            assert_eq!(
                got, want,
                "file {file:?}, path {path:?} (dir: {is_dir}, fold: {fold}): toolgate {got}, reference {want}"
            );
            assert_eq!(
                batch.is_ignored(&path, is_dir),
                got,
                "batch differs for {path:?}"
            );
            let explained = ignore.explain(&path, is_dir).is_some_and(|d| d.ignored);
            assert_eq!(explained, got, "explain differs for {path:?}");
        }
    }
});

/// A `[` … `]` span holding a non-ASCII character.
fn non_ascii_in_class(line: &str) -> bool {
    let mut in_class = false;
    for c in line.chars() {
        match c {
            '[' => in_class = true,
            ']' => in_class = false,
            c if in_class && !c.is_ascii() => return true,
            _ => {}
        }
    }
    false
}
