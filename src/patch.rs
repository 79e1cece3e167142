//! The files a patch touches, read as the programs that apply patches read them. Cline's
//! `apply_patch` carries its paths inside the patch text (`*** Update File: src/a.rs`), so
//! checking only named path params would let a patch edit an ignored file.
//!
//! Read, on every line (a superset of each applier, so that no reading of the patch escapes):
//! - apply_patch headers `*** Add File:`, `*** Update File:`, `*** Delete File:`, `*** Move to:`
//!   on the line with surrounding whitespace trimmed (Codex's parser and Cline's port trim the
//!   header line, so an indented header applies), markers in any case, the path trimmed and
//!   also as written;
//! - git and unified diff headers: `diff --git a/x b/y`, `diff --cc x`, `--- a/x`, `+++ b/x`
//!   (a tab starts a timestamp), `rename from/to`, `copy from/to`, `Index: x`, a context
//!   diff's `*** x`; names in git's C-style quotes (`"a/\056env"`) are unquoted. Each name
//!   is taken as written and with its first component stripped, as `git apply` and
//!   `patch -p1` strip it;
//! - the harness's hashline patches: a line starting with `[` is a section header (`[path]`,
//!   `[path#A1B2]`, quoted, or with apply_patch words the harness recovers a path from);
//! - symbolic links: a git section that creates one (`new file mode 120000`, or `new mode
//!   120000`) writes its target as the content; the target, resolved from the link's folder,
//!   is touched too (a later read of the link reads it). An apply_patch `*** Add File` always
//!   writes a regular file, so its content is not a path.

use std::borrow::Cow;

/// Every path named by a file header of `patch` (and every symbolic link target it creates),
/// in order, without duplicates.
pub fn touched_paths(patch: &str) -> Vec<Cow<'_, str>> {
    let mut out: Vec<Cow<'_, str>> = Vec::new();
    // The current git section: its new name, and whether it creates a symbolic link.
    let mut section: Option<Cow<'_, str>> = None;
    let mut link = false;
    for line in patch.lines() {
        let line = line.trim_end_matches('\r');
        let trimmed = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
        if let Some(path) = apply_patch_header(trimmed) {
            add(&mut out, Cow::Borrowed(path));
            continue;
        }
        if let Some(body) = line.trim_end().strip_prefix('[') {
            hashline_header(&mut out, body);
            continue;
        }
        if let Some(rest) = line.strip_prefix("diff --git ") {
            section = None;
            link = false;
            for name in git_pair(rest) {
                section = Some(name.clone());
                add_stripped(&mut out, name);
            }
            continue;
        }
        if let Some(rest) = ["diff --cc ", "diff --combined "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
        {
            add_stripped(&mut out, unquote(rest).0);
            continue;
        }
        if let Some(rest) = ["rename from ", "rename to ", "copy from ", "copy to "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
        {
            let name = unquote(rest).0;
            if line.contains(" to ") {
                section = Some(name.clone());
            }
            add(&mut out, name);
            continue;
        }
        if let Some(rest) = line.strip_prefix("Index: ") {
            add(&mut out, Cow::Borrowed(rest.trim()));
            continue;
        }
        if ["new file mode 120000", "new mode 120000"].contains(&line.trim_end()) {
            link = true;
            continue;
        }
        if let Some(rest) = ["--- ", "+++ ", "*** "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
            .filter(|rest| !rest.starts_with('*') && !APPLY_PATCH_FRAME.contains(rest))
        {
            let name = file_name(rest);
            if line.starts_with("+++ ") && name != "/dev/null" {
                section = Some(name.clone());
            }
            // GNU patch ends an unquoted name at whitespace (a timestamp may follow a space).
            let word = rest
                .split_whitespace()
                .next()
                .filter(|_| !rest.starts_with('"'));
            if let Some(word) = word.filter(|w| *w != name) {
                add_stripped(&mut out, Cow::Borrowed(word));
            }
            add_stripped(&mut out, name);
            continue;
        }
        if link {
            // The first added line of a link's section is its target.
            if let (Some(target), Some(name)) = (line.strip_prefix('+'), section.as_deref()) {
                add(
                    &mut out,
                    Cow::Owned(link_target(&strip_first(name), target)),
                );
                link = false;
            }
        }
    }
    out
}

/// A hashline section header after its `[`: `path]`, `path#A1B2]`, with the harness's leniency
/// (`Update File: path`, quotes). The harness reads every line that starts with `[` as one, so
/// both the text as written and the path it recovers from it are taken.
fn hashline_header<'a>(out: &mut Vec<Cow<'a, str>>, body: &'a str) {
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
    add(out, Cow::Borrowed(body));
    // `*** Update File: x`, `Add File:x`, `move to: x`: the path after the keyword's colon
    let plain = body.trim_start_matches(|c: char| c == '*' || c.is_whitespace());
    let keyword = ["update", "add", "delete", "move"].iter().any(|k| {
        plain
            .get(..k.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(k))
    });
    if let Some((head, path)) = plain.split_once(':').filter(|_| keyword) {
        if !head.bytes().any(|b| b.is_ascii_digit()) {
            let path = unquote(path.trim_start_matches(|c: char| c == '*' || c.is_whitespace()));
            add(out, Cow::Borrowed(path));
        }
    }
}

/// apply_patch lines that are not a context diff's `*** name`.
const APPLY_PATCH_FRAME: [&str; 3] = ["Begin Patch", "End Patch", "End of File"];

/// The path of an apply_patch header (markers compared case-insensitively; the space after
/// the colon may be missing).
fn apply_patch_header(line: &str) -> Option<&str> {
    const MARKERS: [&str; 4] = [
        "*** Add File:",
        "*** Update File:",
        "*** Delete File:",
        "*** Move to:",
    ];
    MARKERS.iter().find_map(|m| {
        let head = line.get(..m.len())?;
        head.eq_ignore_ascii_case(m).then(|| {
            let rest = &line[m.len()..];
            rest.strip_prefix(' ').unwrap_or(rest)
        })
    })
}

/// The name of a `---`/`+++` line: quoted, or up to a tab (a timestamp follows).
fn file_name(rest: &str) -> Cow<'_, str> {
    if rest.starts_with('"') {
        return unquote(rest).0;
    }
    Cow::Borrowed(rest.split('\t').next().unwrap_or(rest))
}

/// The two names of `diff --git A B`, each quoted or not. Unquoted names may hold spaces, so
/// an unquoted pair is split at ` b/` when there is one, else at the middle space.
fn git_pair(rest: &str) -> Vec<Cow<'_, str>> {
    if rest.starts_with('"') {
        let (a, after) = unquote(rest);
        let b = after.trim_start();
        let b = if b.starts_with('"') {
            unquote(b).0
        } else {
            Cow::Borrowed(b)
        };
        return vec![a, b];
    }
    if let Some(k) = rest.find(" \"") {
        return vec![Cow::Borrowed(&rest[..k]), unquote(&rest[k + 1..]).0];
    }
    match rest.split_once(" b/") {
        Some((a, b)) => vec![Cow::Borrowed(a), Cow::Owned(format!("b/{b}"))],
        None => {
            // `diff --git x y` (no prefixes): the same name twice, split in the middle.
            let middle = rest.len() / 2;
            match (rest.get(..middle), rest.get(middle + 1..)) {
                (Some(a), Some(b)) if a == b && rest.as_bytes().get(middle) == Some(&b' ') => {
                    vec![Cow::Borrowed(a)]
                }
                _ => rest.split(' ').map(Cow::Borrowed).collect(),
            }
        }
    }
}

/// A name in git's C-style quotes (`"a/\056env"`, `"tab\there"`), and the text after it. An
/// unquoted name is the whole text, trimmed.
fn unquote(text: &str) -> (Cow<'_, str>, &str) {
    let Some(body) = text.strip_prefix('"') else {
        return (Cow::Borrowed(text.trim()), "");
    };
    let bytes = body.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        i += 1;
        match b {
            b'"' => break,
            b'\\' => {
                let Some(&e) = bytes.get(i) else { break };
                i += 1;
                let byte = match e {
                    b'a' => 7,
                    b'b' => 8,
                    b't' => b'\t',
                    b'n' => b'\n',
                    b'v' => 11,
                    b'f' => 12,
                    b'r' => b'\r',
                    b'0'..=b'7' => {
                        let mut value = u32::from(e - b'0');
                        for _ in 0..2 {
                            match bytes.get(i) {
                                Some(&d @ b'0'..=b'7') => {
                                    value = value * 8 + u32::from(d - b'0');
                                    i += 1;
                                }
                                _ => break,
                            }
                        }
                        value as u8
                    }
                    other => other,
                };
                out.push(byte);
            }
            other => out.push(other),
        }
    }
    // Bytes that are not UTF-8 name no file the (UTF-8) rules could name as written: read
    // each as a character of its own rather than dropping it.
    let name = String::from_utf8(out)
        .unwrap_or_else(|e| e.into_bytes().into_iter().map(char::from).collect());
    (Cow::Owned(name), body.get(i..).unwrap_or(""))
}

/// `name` without its first component, as `-p1` reads it: up to the first run of slashes
/// (`a/x` → `x`, `//ws/x` → `ws/x`).
fn strip_first(name: &str) -> Cow<'_, str> {
    let rest = match name.split_once('/') {
        Some((_, rest)) => rest.trim_start_matches('/'),
        None => "",
    };
    Cow::Borrowed(if rest.is_empty() { name } else { rest })
}

/// A link's target as a path: absolute as it is, relative from the link's folder.
fn link_target(link: &str, target: &str) -> String {
    if target.starts_with(['/', '\\', '~']) || target.get(1..2) == Some(":") {
        return target.to_string();
    }
    match link.rfind('/') {
        Some(k) => format!("{}/{target}", &link[..k]),
        None => target.to_string(),
    }
}

/// Adds `name` as written and with its first component stripped.
fn add_stripped<'a>(out: &mut Vec<Cow<'a, str>>, name: Cow<'a, str>) {
    if name == "/dev/null" {
        return;
    }
    let stripped = match &name {
        Cow::Borrowed(n) => strip_first(n),
        Cow::Owned(n) => Cow::Owned(strip_first(n).into_owned()),
    };
    add(out, stripped);
    add(out, name);
}

/// Adds `p`, and `p` trimmed when it has surrounding whitespace (appliers differ on it).
fn add<'a>(out: &mut Vec<Cow<'a, str>>, p: Cow<'a, str>) {
    let trimmed = p.trim();
    if trimmed.is_empty() || trimmed == "/dev/null" {
        return;
    }
    if trimmed.len() != p.len() {
        let trimmed = match &p {
            Cow::Borrowed(b) => Cow::Borrowed(b.trim()),
            Cow::Owned(o) => Cow::Owned(o.trim().to_string()),
        };
        if !out.contains(&trimmed) {
            out.push(trimmed);
        }
    }
    if !out.contains(&p) {
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
            ("  *** Update File: .env  \n", &[".env"]),
            ("\t*** update file:.env\n", &[".env"]),
            ("*** Add File:  .env\n", &[".env", " .env"]),
            ("+++ b/.env 2024-01-01 00:00\n", &[".env", "b/.env", ".env 2024-01-01 00:00", "b/.env 2024-01-01 00:00"]),
            (
                "diff --git a/x.rs b/x.rs\n--- a/x.rs\n+++ b/x.rs\n@@ -1 +1 @@",
                &["x.rs", "a/x.rs", "b/x.rs"],
            ),
            (
                "--- /dev/null\n+++ b/new file.txt\t2024-01-01\n",
                &["new", "b/new", "new file.txt", "b/new file.txt"],
            ),
            ("just text\n+++not a header", &[]),
            ("*** Update File: a\r\n", &["a"]),
            (
                "diff --git \"a/\\056env\" \"b/\\056env\"\n",
                &[".env", "a/.env", "b/.env"],
            ),
            ("+++ \"b/.e\\156v\"\n", &[".env", "b/.env"]),
            ("--- \"a/caf\\303\\251\"\n", &["café", "a/café"]),
            (
                "diff --git a/a b/b\nrename from a\nrename to .env\n",
                &["a", "a/a", "b", "b/b", ".env"],
            ),
            ("copy from x\ncopy to \"sec\\162ets/k\"\n", &["x", "secrets/k"]),
            ("diff --git x/.env y/.env\n", &[".env", "x/.env", "y/.env"]),
            ("+++ //ws/.env\n", &["ws/.env", "//ws/.env"]),
            ("Index: secrets/a\n", &["secrets/a"]),
            (
                "*** a/.env\t2024\n--- b/.env\t2024\n***************\n",
                &[".env", "a/.env", "b/.env"],
            ),
            (
                "diff --git a/link b/link\nnew file mode 120000\n--- /dev/null\n+++ b/link\n@@ -0,0 +1 @@\n+.env\n\\ No newline at end of file\n",
                &["link", "a/link", "b/link", ".env"],
            ),
            (
                "diff --git a/d/l b/d/l\nnew file mode 120000\n+++ b/d/l\n@@\n+../secrets/k\n",
                &["d/l", "a/d/l", "b/d/l", "d/../secrets/k"],
            ),
            (
                "diff --git a/l b/l\nnew file mode 100644\n+++ b/l\n@@\n+.env\n",
                &["l", "a/l", "b/l"],
            ),
            ("*** Add File: notes.txt\n+.env\n", &["notes.txt"]),
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
