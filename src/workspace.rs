//! Workspace roots and the paths a call names: lexical normalisation, Windows and `file://`
//! forms, and where a path lies (inside some root, or external).
//!
//! Everything is lexical: nothing touches a file system (webviews have none), so symlinks are
//! not followed. The rules:
//! - `/` and `\` both separate components; repeated separators and `.` are dropped; `..` removes
//!   the previous component and stays put at a root (`/..` is `/`, `C:/..` is `C:/`).
//! - Anchors: `/x` (POSIX root); `C:\x`, `c:/x` (drive; the letter is upper-cased, as drive
//!   letters are case-insensitive everywhere); `\\server\share\x` or `//server/share/x` (UNC:
//!   exactly two leading separators); `\\?\C:\x`, `\\?\UNC\server\share\x` and `\\.\C:\x`
//!   (verbatim/device prefixes, read as the plain forms). `C:x` (no separator) is an ordinary
//!   relative name: on POSIX it is one.
//! - `file://` URIs: `file:///home/a%20b`, `file:///C:/x`, `file://server/share/x`,
//!   `file://localhost/x`, `file:/x`; percent-escapes are decoded (the result must be UTF-8),
//!   `?query` and `#fragment` are dropped. Any other `scheme://` is an error.
//! - A path longer than [`MAX_PATH_BYTES`] is an error (no file system accepts it).
//! - A path containing NUL (raw or decoded) or that is empty / whitespace-only is an error:
//!   checking a different path than the one a tool would use is worse than refusing.
//! - Relative paths resolve against the primary (first) root. A path is inside a root only by
//!   whole components (`/wsx` is not inside `/ws`), and its root is the first root, in the
//!   given order, that contains it. Containment is decided where the path *lands*: `../b/x`
//!   from root `/ws/a` is inside a second root `/ws/b`, and external if there is none.
//! - With no roots, a relative path is inside an implicit unnamed root (index 0, relative =
//!   the normalised path, `absolute` = that same relative text, `.` for the root itself, with
//!   a leading `./` kept when the text would otherwise read as a drive, a `file:` URI or blank
//!   text); a
//!   relative path that climbs out of it with `..` and every absolute path are external.
//! - Case-insensitive mode compares components case-insensitively (Unicode lower-casing) for
//!   containment; `absolute` and `relative` keep the path's own spelling, so `relative` must
//!   be matched with an [`crate::ignore::Ignore`] built with the same flag. UNC server and share
//!   names always compare case-insensitively.
//!
//! Normalisation is idempotent: resolving a result's `absolute` again gives the same result.

use crate::verdict::Locality;

/// Why a path cannot be checked. Validation turns this into `{ ok:false, code:"invalid_path" }`.
#[derive(Debug, Clone, PartialEq)]
pub struct PathError {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid path {:?}: {}", self.path, self.message)
    }
}

impl std::error::Error for PathError {}

/// A path resolved against the workspace.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The normalised absolute form ('/'-separated; `C:/…` for drive paths, `//server/share/…`
    /// for UNC). With no roots, a relative path stays relative here (see the module docs).
    pub absolute: String,
    /// Index of the first root that contains it, if any.
    pub root: Option<usize>,
    /// Relative to that root, '/'-separated, no leading `./`, "" for the root itself.
    pub relative: Option<String>,
    /// The query ended in a separator (or in `.`/`..`, or is a root), so it names a directory.
    pub is_dir: bool,
}

impl Resolved {
    pub fn locality(&self) -> Locality {
        if self.root.is_some() {
            Locality::Local
        } else {
            Locality::External
        }
    }
}

/// What a path is relative to.
#[derive(Debug, Clone, PartialEq)]
enum Anchor {
    Relative,
    Root,
    /// Upper-case drive letter.
    Drive(char),
    Unc {
        server: String,
        share: String,
    },
}

/// A lexically normalised path.
#[derive(Debug, Clone, PartialEq)]
struct Parsed {
    anchor: Anchor,
    /// For `Relative`, leading `..` are kept (they climb above wherever it is joined).
    parts: Vec<String>,
    is_dir: bool,
}

impl Parsed {
    fn climbs_out(&self) -> bool {
        self.anchor == Anchor::Relative && self.parts.first().is_some_and(|p| p == "..")
    }

    /// Appends `parts` (a relative path's components) lexically.
    fn join(&mut self, parts: &[String]) {
        for part in parts {
            push_part(&mut self.parts, &self.anchor, part);
        }
    }

    fn display(&self) -> String {
        let body = self.parts.join("/");
        match &self.anchor {
            Anchor::Relative if body.is_empty() => ".".to_string(),
            // `./C:/x`, `./file:/x` and `./~` must not print as a drive path, a URI or a home
            // path (which would resolve somewhere else), nor `./ ` as blank text (an error):
            // keep the `./`. (No other URI can appear: empty components are dropped.)
            Anchor::Relative
                if drive(&body).is_some()
                    || strip_prefix_ignore_case(&body, "file:").is_some()
                    || home_relative(&body).is_some()
                    || body.trim().is_empty() =>
            {
                format!("./{body}")
            }
            Anchor::Relative => body,
            Anchor::Root => format!("/{body}"),
            Anchor::Drive(letter) => format!("{letter}:/{body}"),
            Anchor::Unc { server, share } if body.is_empty() => format!("//{server}/{share}"),
            Anchor::Unc { server, share } => format!("//{server}/{share}/{body}"),
        }
    }
}

fn push_part(parts: &mut Vec<String>, anchor: &Anchor, part: &str) {
    match part {
        "" | "." => {}
        ".." => {
            if parts.last().is_some_and(|p| p != "..") {
                parts.pop();
            } else if *anchor == Anchor::Relative {
                parts.push("..".to_string());
            }
            // At an absolute root, `..` stays at the root.
        }
        _ => parts.push(part.to_string()),
    }
}

#[derive(Debug, Clone)]
struct Root {
    parsed: Parsed,
}

/// The workspace: its roots (the first is primary) and whether paths compare case-insensitively.
///
/// Defaults: none; `Workspace::new(&[], false)` is a workspace with no roots (see the module
/// docs for how paths resolve then).
#[derive(Debug, Clone)]
pub struct Workspace {
    /// Normalised root strings, as `absolute` would print them.
    roots: Vec<String>,
    parsed: Vec<Root>,
    case_insensitive: bool,
}

impl Workspace {
    /// Roots are normalised; an invalid root is an error naming it. A root must be absolute
    /// (`/x`, `C:\x`, UNC, or a `file://` URI).
    pub fn new(roots: &[String], case_insensitive: bool) -> Result<Workspace, PathError> {
        let mut parsed = Vec::with_capacity(roots.len());
        for root in roots {
            let p = parse(root)?;
            if p.anchor == Anchor::Relative {
                return Err(PathError {
                    path: root.clone(),
                    message: "a workspace root must be an absolute path".into(),
                });
            }
            parsed.push(Root { parsed: p });
        }
        Ok(Workspace {
            roots: parsed.iter().map(|r| r.parsed.display()).collect(),
            parsed,
            case_insensitive,
        })
    }

    /// The normalised roots, primary first.
    pub fn roots(&self) -> &[String] {
        &self.roots
    }

    pub fn case_insensitive(&self) -> bool {
        self.case_insensitive
    }

    /// Resolves `path` (relative paths against the primary root).
    pub fn resolve(&self, path: &str) -> Result<Resolved, PathError> {
        self.resolve_from(None, path)
    }

    /// Resolves `path` against `cwd` (`None` = the primary root; a relative `cwd` is itself
    /// resolved against the primary root). Used for shell commands that `cd` first.
    pub fn resolve_from(&self, cwd: Option<&str>, path: &str) -> Result<Resolved, PathError> {
        if let Some(rest) = home_relative(path) {
            return home_path(path, rest);
        }
        let query = parse(path)?;
        let is_dir = query.is_dir;
        let landed = if query.anchor == Anchor::Relative {
            let mut base = match cwd {
                Some(cwd) => self.base(parse(cwd)?),
                None => self.base(Parsed {
                    anchor: Anchor::Relative,
                    parts: Vec::new(),
                    is_dir: true,
                }),
            };
            base.join(&query.parts);
            base
        } else {
            query
        };
        let absolute = landed.display();
        if landed.anchor == Anchor::Relative {
            // No roots: the implicit root contains whatever does not climb out of it.
            let inside = !landed.climbs_out();
            return Ok(Resolved {
                absolute,
                root: inside.then_some(0),
                relative: inside.then(|| landed.parts.join("/")),
                is_dir,
            });
        }
        for (index, root) in self.parsed.iter().enumerate() {
            if let Some(rest) = self.inside(&root.parsed, &landed) {
                return Ok(Resolved {
                    absolute,
                    root: Some(index),
                    relative: Some(rest.join("/")),
                    is_dir,
                });
            }
        }
        Ok(Resolved {
            absolute,
            root: None,
            relative: None,
            is_dir,
        })
    }

    /// Local (inside some root) or external.
    pub fn classify(&self, path: &str) -> Result<Locality, PathError> {
        Ok(self.resolve(path)?.locality())
    }

    /// The root-relative text and `is_dir` of a path that needs no normalisation, without
    /// allocating: a relative path (or, case-sensitively, an absolute one under the primary
    /// root) of plain components — none empty, `.` or `..`, no `\\`, `:` or NUL, not `~/…` — with at most
    /// one trailing `/`. Such a path resolves (with [`Workspace::resolve`]) inside the primary
    /// root (or the implicit one) to exactly this text. `None`: use [`Workspace::resolve`].
    pub fn plain_relative<'p>(&self, path: &'p str) -> Option<(&'p str, bool)> {
        let (body, is_dir) = match path.as_bytes() {
            // `~` and `~/…` are home-relative; `~x` is a plain name.
            [b'~'] | [b'~', b'/', ..] => return None,
            [.., b'/'] => (&path[..path.len() - 1], true),
            _ => (path, false),
        };
        let relative = if body.as_bytes().first() == Some(&b'/') {
            let root = self.parsed.first()?;
            if self.case_insensitive || root.parsed.anchor != Anchor::Root {
                return None;
            }
            body.strip_prefix(self.roots.first()?.as_str())?
                .strip_prefix('/')?
        } else {
            body
        };
        // One pass: every component non-empty and not `.`/`..`, no `\\`, `:` or NUL; then
        // not all whitespace (which `parse` refuses), which stops at the first other char.
        let bytes = relative.as_bytes();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'/' => {
                    if matches!(&bytes[start..i], [] | [b'.'] | [b'.', b'.']) {
                        return None;
                    }
                    start = i + 1;
                }
                b'\\' | b':' | 0 => return None,
                _ => {}
            }
        }
        if matches!(&bytes[start..], [] | [b'.'] | [b'.', b'.']) || crate::call::is_blank(relative)
        {
            return None;
        }
        Some((relative, is_dir))
    }

    /// A relative `start` joined to the primary root (unchanged when there are no roots).
    fn base(&self, start: Parsed) -> Parsed {
        if start.anchor != Anchor::Relative {
            return start;
        }
        match self.parsed.first() {
            Some(root) => {
                let mut base = root.parsed.clone();
                base.join(&start.parts);
                base
            }
            None => start,
        }
    }

    /// The components of `path` below `root`, when `root` contains it by whole components.
    fn inside<'p>(&self, root: &Parsed, path: &'p Parsed) -> Option<&'p [String]> {
        let same_anchor = match (&root.anchor, &path.anchor) {
            (
                Anchor::Unc {
                    server: a,
                    share: b,
                },
                Anchor::Unc {
                    server: c,
                    share: d,
                },
            ) => a.eq_ignore_ascii_case(c) && fold_eq(b, d),
            (a, b) => a == b,
        };
        if !same_anchor || root.parts.len() > path.parts.len() {
            return None;
        }
        let (head, rest) = path.parts.split_at(root.parts.len());
        let equal = head.iter().zip(&root.parts).all(|(a, b)| {
            if self.case_insensitive {
                fold_eq(a, b)
            } else {
                a == b
            }
        });
        equal.then_some(rest)
    }
}

fn fold_eq(a: &str, b: &str) -> bool {
    a == b
        || a.chars()
            .flat_map(char::to_lowercase)
            .eq(b.chars().flat_map(char::to_lowercase))
}

fn error(path: &str, message: impl Into<String>) -> PathError {
    PathError {
        path: path.to_string(),
        message: message.into(),
    }
}

fn is_sep(c: char) -> bool {
    c == '/' || c == '\\'
}

/// Longer paths are refused: no file system opens them (Linux's PATH_MAX is 4 KiB), and
/// checking every parent of a megabyte-long path against the ignore rules is quadratic.
pub const MAX_PATH_BYTES: usize = 8 * 1024;

/// Parses and lexically normalises one path string.
fn parse(original: &str) -> Result<Parsed, PathError> {
    usable(original)?;
    if crate::call::is_blank(original) {
        return Err(error(original, "the path is empty"));
    }
    let decoded;
    let text = if let Some(rest) = strip_prefix_ignore_case(original, "file:") {
        decoded = file_uri_path(original, rest)?;
        decoded.as_str()
    } else if let Some(scheme) = uri_scheme(original) {
        return Err(error(
            original,
            format!("`{scheme}:` URIs are not file paths"),
        ));
    } else {
        original
    };
    let is_dir = names_dir(text);
    let (anchor, rest) = anchor(original, text)?;
    let parts = components(&anchor, rest);
    let is_dir = is_dir || (anchor != Anchor::Relative && parts.is_empty());
    Ok(Parsed {
        anchor,
        parts,
        is_dir,
    })
}

/// Splits off the anchor; returns it and the text after it.
fn anchor<'t>(original: &str, text: &'t str) -> Result<(Anchor, &'t str), PathError> {
    let bytes = text.as_bytes();
    let sep_at = |i: usize| bytes.get(i).is_some_and(|&b| b == b'/' || b == b'\\');
    // Verbatim `\\?\` and device `\\.\` prefixes.
    if sep_at(0) && sep_at(1) && matches!(bytes.get(2), Some(b'?' | b'.')) && sep_at(3) {
        let rest = &text[4..];
        if let Some(unc) = strip_prefix_ignore_case(rest, "UNC").filter(|r| r.starts_with(is_sep)) {
            return unc_anchor(original, unc.trim_start_matches(is_sep));
        }
        if let Some((letter, after)) = drive(rest) {
            return Ok((Anchor::Drive(letter), after));
        }
        return Err(error(
            original,
            "only drive and UNC verbatim paths (\\\\?\\C:\\, \\\\?\\UNC\\) are supported",
        ));
    }
    if sep_at(0) && sep_at(1) && !sep_at(2) && bytes.len() > 2 {
        return unc_anchor(original, &text[2..]);
    }
    if sep_at(0) {
        return Ok((Anchor::Root, text));
    }
    if let Some((letter, after)) = drive(text) {
        return Ok((Anchor::Drive(letter), after));
    }
    Ok((Anchor::Relative, text))
}

/// `C:` followed by a separator or the end.
fn drive(text: &str) -> Option<(char, &str)> {
    let mut chars = text.chars();
    let letter = chars.next().filter(char::is_ascii_alphabetic)?;
    let after = text.get(1..)?.strip_prefix(':')?;
    (after.is_empty() || after.starts_with(is_sep)).then(|| (letter.to_ascii_uppercase(), after))
}

fn unc_anchor<'t>(original: &str, text: &'t str) -> Result<(Anchor, &'t str), PathError> {
    let mut pieces = text.splitn(3, is_sep);
    let server = pieces.next().unwrap_or("");
    let share = pieces.next().unwrap_or("");
    // A server named `?` or `.` would print as a verbatim/device prefix (`//?/…`).
    if server.is_empty()
        || matches!(server, "?" | "." | "..")
        || share.is_empty()
        || share == "."
        || share == ".."
    {
        return Err(error(
            original,
            "a UNC path needs a server and a share (\\\\server\\share\\…)",
        ));
    }
    let rest = pieces.next().unwrap_or("");
    Ok((
        Anchor::Unc {
            server: server.to_string(),
            share: share.to_string(),
        },
        rest,
    ))
}

fn strip_prefix_ignore_case<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// `scheme:` of a `scheme://…` URI (two or more letters, so `C://x` stays a drive path).
fn uri_scheme(text: &str) -> Option<&str> {
    let (scheme, rest) = text.split_once(':')?;
    let valid = scheme.len() >= 2
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (valid && rest.starts_with("//")).then_some(scheme)
}

/// The path a `file:` URI names (`rest` is what follows `file:`), percent-decoded.
fn file_uri_path(original: &str, rest: &str) -> Result<String, PathError> {
    let rest = rest.split(['?', '#']).next().unwrap_or("");
    let (host, path) = match rest.strip_prefix("//") {
        Some(after) => match after.find('/') {
            Some(k) => (&after[..k], &after[k..]),
            None => (after, ""),
        },
        None => ("", rest),
    };
    let path = percent_decode(original, path)?;
    let host = percent_decode(original, host)?;
    if path.contains('\0') || host.contains('\0') {
        return Err(error(
            original,
            "the path contains a NUL character (percent-encoded)",
        ));
    }
    if !host.is_empty() && !host.eq_ignore_ascii_case("localhost") {
        return Ok(format!("//{host}{path}"));
    }
    // `file:///C:/x` → `C:/x`.
    if let Some(after) = path.strip_prefix('/') {
        if drive(after).is_some() {
            return Ok(after.to_string());
        }
    }
    if path.is_empty() {
        return Err(error(original, "the file URI names no path"));
    }
    Ok(path)
}

fn percent_decode(original: &str, text: &str) -> Result<String, PathError> {
    if !text.contains('%') {
        return Ok(text.to_string());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            let value = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
            match value {
                Some(v) => {
                    out.push(v);
                    i += 3;
                    continue;
                }
                None => return Err(error(original, "the URI has a malformed percent-escape")),
            }
        }
        out.push(b);
        i += 1;
    }
    String::from_utf8(out)
        .map_err(|_| error(original, "the URI's percent-escapes do not decode to UTF-8"))
}

/// `~`, `~/x` or `~\x`: the rest after the tilde, when the path is home-relative.
fn home_relative(path: &str) -> Option<&str> {
    let rest = path.strip_prefix('~')?;
    (rest.is_empty() || rest.starts_with(['/', '\\'])).then_some(rest)
}

/// Whether path text names a directory: a trailing separator, a last `.` or `..`, or nothing
/// but separators.
fn names_dir(text: &str) -> bool {
    text.ends_with(is_sep)
        || matches!(text.rsplit(is_sep).next(), Some("." | ".."))
        || text.trim_end_matches(is_sep).is_empty()
}

/// The components of `rest` (the text after `anchor`), with `.` and `..` applied lexically.
fn components(anchor: &Anchor, rest: &str) -> Vec<String> {
    let mut parts = Vec::new();
    for part in rest.split(is_sep) {
        push_part(&mut parts, anchor, part);
    }
    parts
}

/// A path no resolver takes: longer than 8 KiB or holding a NUL.
fn usable(original: &str) -> Result<(), PathError> {
    if original.len() > MAX_PATH_BYTES {
        return Err(PathError {
            path: original.get(..64).unwrap_or("").to_string(),
            message: "the path is longer than 8 KiB".into(),
        });
    }
    if original.contains('\0') {
        return Err(error(original, "the path contains a NUL character"));
    }
    Ok(())
}

/// A home-relative path. The home directory is not known here (a webview has none), so the
/// path is external — never inside a root by accident of being read as a folder named `~`.
/// The rest is split as a relative path, component by component: a component that is all
/// blanks is a name like any other, and `file:` or `C:` after `~/` are names too.
fn home_path(original: &str, rest: &str) -> Result<Resolved, PathError> {
    usable(original)?;
    let parts = components(&Anchor::Relative, rest);
    let is_dir = names_dir(rest);
    let mut absolute = String::from("~");
    for part in &parts {
        absolute.push('/');
        absolute.push_str(part);
    }
    Ok(Resolved {
        absolute,
        root: None,
        relative: None,
        is_dir,
    })
}
