//! The files a patch touches. Cline's `apply_patch` carries its paths inside the patch text
//! (`*** Update File: src/a.rs`), so checking only named path params would let a patch edit
//! an ignored file. Unified diffs (`--- a/x`, `+++ b/x`, `diff --git a/x b/x`) are read too,
//! and the harness's hashline patches (`[src/a.ts#A1B2]` section headers).

/// Every path named by a file header of `patch`, in order, without duplicates.
pub fn touched_paths(patch: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for line in patch.lines() {
        let line = line.trim_end_matches('\r');
        const APPLY_PATCH: [&str; 4] = [
            "*** Add File: ",
            "*** Update File: ",
            "*** Delete File: ",
            "*** Move to: ",
        ];
        if let Some(p) = APPLY_PATCH.iter().find_map(|h| line.strip_prefix(h)) {
            add(&mut out, p);
        } else if let Some(body) = line.trim_end().strip_prefix('[') {
            hashline_header(&mut out, body);
        } else if let Some(rest) = line.strip_prefix("diff --git ") {
            // `a/x b/y`: split at " b/" to keep paths with spaces whole.
            match rest.split_once(" b/") {
                Some((a, b)) => {
                    add(&mut out, a.strip_prefix("a/").unwrap_or(a));
                    add(&mut out, b);
                }
                None => add(&mut out, rest),
            }
        } else if let Some(p) = line
            .strip_prefix("--- ")
            .or_else(|| line.strip_prefix("+++ "))
        {
            // A tab separates an optional timestamp.
            let p = p.split('\t').next().unwrap_or(p);
            add(
                &mut out,
                p.strip_prefix("a/")
                    .or_else(|| p.strip_prefix("b/"))
                    .unwrap_or(p),
            );
        }
    }
    out
}

/// A hashline section header after its `[`: `path]`, `path#A1B2]`, with the harness's leniency
/// (`Update File: path`, quotes). The harness reads every line that starts with `[` as one, so
/// both the text as written and the path it recovers from it are taken.
fn hashline_header<'a>(out: &mut Vec<&'a str>, body: &'a str) {
    let body = body.strip_suffix(']').unwrap_or(body);
    let body = match body.rsplit_once('#') {
        Some((path, tag)) if tag.len() == 4 && tag.bytes().all(|b| b.is_ascii_hexdigit()) => path,
        _ => body,
    };
    let unquote = |p: &'a str| {
        let p = p.trim();
        ['"', '\'']
            .iter()
            .find_map(|&q| p.strip_prefix(q)?.strip_suffix(q))
            .unwrap_or(p)
    };
    let body = unquote(body);
    add(out, body);
    // `*** Update File: x`, `Add File:x`, `move to: x`: the path after the keyword's colon
    let plain = body.trim_start_matches(|c: char| c == '*' || c.is_whitespace());
    let keyword = ["update", "add", "delete", "move"].iter().any(|k| {
        plain
            .get(..k.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(k))
    });
    if let Some((head, path)) = plain.split_once(':').filter(|_| keyword) {
        if !head.bytes().any(|b| b.is_ascii_digit()) {
            add(
                out,
                unquote(path.trim_start_matches(|c: char| c == '*' || c.is_whitespace())),
            );
        }
    }
}

fn add<'a>(out: &mut Vec<&'a str>, p: &'a str) {
    let p = p.trim();
    if !p.is_empty() && p != "/dev/null" && !out.contains(&p) {
        out.push(p);
    }
}

#[cfg(test)]
mod tests {
    use super::touched_paths;

    #[test]
    fn headers() {
        // (patch, paths)
        let cases: &[(&str, &[&str])] = &[
            (
                "*** Begin Patch\n*** Update File: src/a.rs\n@@\n-x\n+y\n*** End Patch",
                &["src/a.rs"],
            ),
            (
                "*** Add File: .env\n+SECRET=1\n*** Delete File: old.txt",
                &[".env", "old.txt"],
            ),
            (
                "*** Update File: a.txt\n*** Move to: private/b.txt\n",
                &["a.txt", "private/b.txt"],
            ),
            (
                "diff --git a/x.rs b/x.rs\n--- a/x.rs\n+++ b/x.rs\n@@ -1 +1 @@",
                &["x.rs"],
            ),
            (
                "--- /dev/null\n+++ b/new file.txt\t2024-01-01\n",
                &["new file.txt"],
            ),
            ("just text\n+++not a header", &[]),
            ("*** Update File: a\r\n", &["a"]),
            (
                "[src/a.ts#A1B2]\nSWAP 2.=2:\n+x\n[.env#ffff]\nDEL 3",
                &["src/a.ts", ".env"],
            ),
            ("[ \"my file.txt\" ]\nINS.HEAD:\n+x", &["my file.txt"]),
            ("[Update File: .env#0A0A]", &["Update File: .env", ".env"]),
            (
                "[***add file:secrets/k]",
                &["***add file:secrets/k", "secrets/k"],
            ),
            ("[a#b]\n+[not a header]", &["a#b"]),
            ("[\"Update File: .env\"]", &["Update File: .env", ".env"]),
        ];
        for (patch, want) in cases {
            assert_eq!(touched_paths(patch), *want, "{patch:?}");
        }
    }
}
