//! Workspace roots and the paths a call names: lexical normalisation per platform flavour,
//! `file://` URIs, and where a path lies (inside some root, or external).
//!
//! Everything is lexical: nothing touches a file system (webviews have none), so symlinks are
//! not followed. The [`Flavour`] comes from the `platform` setting or the primary root (see
//! [`crate::platform`]). Both flavours:
//! - repeated separators and `.` are dropped; `..` removes the previous component and stays
//!   put at a root (`/..` is `/`, `C:/..` is `C:/`).
//! - `file:` URIs: `file:///home/a%20b`, `file:///C:/x`, `file:///C|/x`, `file://server/share/x`,
//!   `file://localhost/x`, `file:/x`, `file:x` (always absolute, as a URL parser reads it);
//!   `\` is `/` in a URI; percent-escapes are decoded (the result must be UTF-8), `?query`
//!   and `#fragment` are dropped. Any other `scheme://` is an error.
//! - `~`, `~/x`, `~user/x`: home-relative. The home directory is not known here (a webview has none), so
//!   the path is external; one that climbs out of `~` (`~/../../ws/.env`) lands where toolgate
//!   cannot know: an error ([`PathError::unknown_place`]), never "not ignored".
//!
//! POSIX (Linux, macOS): only `/` separates; any number of leading `/` is the root (`//x` is
//! `/x`); `\` and `:` are name characters (`C:\x` is one relative name). On macOS, `/tmp`,
//! `/var` and `/etc` are the system's links to `/private/tmp`, `/private/var` and
//! `/private/etc`, so paths (and roots) under them are read under `/private`.
//!
//! Windows: `/` and `\` both separate. Anchors: `C:\x`, `c:/x` (drive; the letter is
//! upper-cased); `\\server\share\x`, `//server/share/x` (UNC: exactly two leading
//! separators); `\\?\C:\x`, `\\.\C:\x`, `\??\C:\x`, `\\?\UNC\server\share\x` (device,
//! verbatim and NT prefixes, read as the plain forms); `\\localhost\C$\x` (the administrative
//! share of a drive) is `C:\x`, and an administrative share of any other server is an unknown
//! place (it may be this machine). `\x` is the root of the primary root's drive (or
//! share); `C:x` is relative to the current directory on drive C: the primary root when it is
//! on C:, otherwise unknowable. In each component, a `:stream` suffix names the file itself
//! (`.env::$DATA`, `.env:x` are `.env`), and trailing dots and spaces are dropped as Windows
//! drops them (`.env. .` is `.env`; `.. ` is `..`).
//!
//! Both: a path longer than [`MAX_PATH_BYTES`], containing NUL (raw or decoded), or empty /
//! whitespace-only is an error: checking a different path than the one a tool would use is
//! worse than refusing.
//!
//! Relative paths resolve against the primary (first) root. A path is inside a root only by
//! whole components (`/wsx` is not inside `/ws`), and its root is the first root, in the given
//! order, that contains it. Containment is decided where the path *lands*: `../b/x` from root
//! `/ws/a` is inside a second root `/ws/b`, and external if there is none. Components compare
//! as the platform's [`Names`] say; `absolute` and `relative` keep the path's own spelling
//! (the ignore matcher compares with the same [`Names`]). UNC server and share names always
//! compare case-insensitively.
//!
//! With no roots, a relative path is inside an implicit unnamed root (index 0, relative = the
//! normalised path, `absolute` = that same relative text, `.` for the root itself, with a
//! leading `./` kept when the text would otherwise read as a drive, a `file:` URI, a home path
//! or blank text); a relative path that climbs out of it with `..` and every absolute path are
//! external.
//!
//! Normalisation is idempotent: resolving a result's `absolute` again gives the same result.

mod aliases;

use std::borrow::Cow;

use crate::platform::{Flavour, Names, PathRules, PathSettings, Platform};
use crate::verdict::Locality;
use aliases::Alias;

/// Why a path cannot be checked. Validation turns this into `{ ok:false, code:"invalid_path" }`.
#[derive(Debug, Clone, PartialEq)]
pub struct PathError {
    pub path: String,
    pub message: String,
    /// The path is well-formed but lands where toolgate cannot know (out of `~`, the current
    /// directory of another drive): it may be any file, so it is never vouched for.
    pub unknown_place: bool,
}

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "invalid path {}: {}",
            crate::shell::Quoted(&self.path),
            self.message
        )
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
    /// `/x`; on Windows, the root of the current drive.
    Root,
    /// Upper-case drive letter.
    Drive(char),
    /// `C:x` (Windows): relative to the current directory of that drive.
    DriveRelative(char),
    Unc {
        server: String,
        share: String,
    },
}

/// A lexically normalised path.
#[derive(Debug, Clone, PartialEq)]
struct Parsed {
    anchor: Anchor,
    /// For `Relative` and `DriveRelative`, leading `..` are kept (they climb above wherever
    /// it is joined).
    parts: Vec<String>,
    is_dir: bool,
}

impl Parsed {
    fn relative(parts: Vec<String>) -> Parsed {
        Parsed {
            anchor: Anchor::Relative,
            parts,
            is_dir: true,
        }
    }

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
                    || home_relative(&body, Flavour::Posix).is_some()
                    || body.trim().is_empty() =>
            {
                format!("./{body}")
            }
            Anchor::Relative => body,
            Anchor::Root => format!("/{body}"),
            Anchor::Drive(letter) => format!("{letter}:/{body}"),
            Anchor::DriveRelative(letter) => format!("{letter}:{body}"),
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
            } else if matches!(anchor, Anchor::Relative | Anchor::DriveRelative(_)) {
                parts.push("..".to_string());
            }
            // At an absolute root, `..` stays at the root.
        }
        _ => parts.push(part.to_string()),
    }
}

/// The workspace: its roots (the first is primary) and the platform's path rules.
///
/// Defaults: none; `Workspace::new(&[], PathSettings::default())` is a workspace with no roots
/// (see the module docs for how paths resolve then).
#[derive(Debug, Clone)]
pub struct Workspace {
    /// Normalised root strings, as `absolute` would print them.
    roots: Vec<String>,
    parsed: Vec<Parsed>,
    settings: PathSettings,
    rules: PathRules,
}

impl Workspace {
    /// Roots are normalised; an invalid root is an error naming it. A root must be absolute
    /// (`/x`; on Windows `C:\x`, UNC, or `\x` on the primary root's drive; or a `file://` URI).
    pub fn new(roots: &[String], settings: PathSettings) -> Result<Workspace, PathError> {
        let rules = settings.rules(roots.first().map(String::as_str), is_windows_root);
        let mut parsed: Vec<Parsed> = Vec::with_capacity(roots.len());
        for root in roots {
            let mut p = parse(root, rules.flavour)?;
            if let (Anchor::Root, Some(primary)) = (&p.anchor, parsed.first()) {
                p.anchor = primary.anchor.clone();
            }
            let ok = match p.anchor {
                Anchor::Root => rules.flavour == Flavour::Posix,
                Anchor::Drive(_) | Anchor::Unc { .. } => true,
                Anchor::Relative | Anchor::DriveRelative(_) => false,
            };
            if !ok {
                let message = match rules.flavour {
                    Flavour::Posix => "a workspace root must be an absolute path",
                    Flavour::Windows => {
                        "a Windows workspace root must be an absolute path on a drive or share"
                    }
                };
                return Err(error(root, message));
            }
            under_private(&rules, &mut p);
            parsed.push(p);
        }
        Ok(Workspace {
            roots: parsed.iter().map(Parsed::display).collect(),
            parsed,
            settings,
            rules,
        })
    }

    /// The normalised roots, primary first.
    pub fn roots(&self) -> &[String] {
        &self.roots
    }

    /// The path settings as configured.
    pub fn settings(&self) -> PathSettings {
        self.settings
    }

    /// The platform set or inferred from the primary root; `None` with neither.
    pub fn platform(&self) -> Option<Platform> {
        self.rules.platform
    }

    /// Whether commands run by a Windows shell here: only on a platform known to be Windows
    /// (with neither platform nor roots, paths take the Windows flavour, which only blocks
    /// more, but bash still reads commands).
    pub fn windows_shell(&self) -> bool {
        self.platform() == Some(Platform::Windows)
    }

    /// How paths are spelt here.
    pub fn flavour(&self) -> Flavour {
        self.rules.flavour
    }

    /// When two names are the same name here.
    pub fn names(&self) -> Names {
        self.rules.names
    }

    /// Whether names compare case-insensitively.
    pub fn case_insensitive(&self) -> bool {
        self.rules.names.folds_case()
    }

    /// Resolves `path` (relative paths against the primary root).
    pub fn resolve(&self, path: &str) -> Result<Resolved, PathError> {
        self.resolve_from(None, path)
    }

    /// Resolves `path` against `cwd` (`None` = the primary root; a relative `cwd` is itself
    /// resolved against the primary root). Used for shell commands that `cd` first.
    pub fn resolve_from(&self, cwd: Option<&str>, path: &str) -> Result<Resolved, PathError> {
        let flavour = self.rules.flavour;
        if let Some((home, rest)) = home_relative(path, flavour) {
            return home_path(path, home, rest, flavour);
        }
        let query = parse(path, flavour)?;
        let is_dir = query.is_dir;
        let mut landed = match query.anchor {
            Anchor::Relative | Anchor::DriveRelative(_) => {
                let base = match cwd {
                    Some(cwd) if home_relative(cwd, flavour).is_some() => {
                        // Under `~`: the joined text is a home path (external, or an unknown
                        // place).
                        let joined = format!("{cwd}/{path}");
                        if let (Anchor::Relative, Some((home, rest))) =
                            (&query.anchor, home_relative(&joined, flavour))
                        {
                            return home_path(&joined, home, rest, flavour);
                        }
                        self.anchored(Parsed::relative(Vec::new()), path)?
                    }
                    Some(cwd) => self.anchored(parse(cwd, flavour)?, cwd)?,
                    None => self.anchored(Parsed::relative(Vec::new()), path)?,
                };
                match query.anchor {
                    // On another drive than the cwd: that drive's current directory.
                    Anchor::DriveRelative(letter) if base.anchor != Anchor::Drive(letter) => {
                        self.anchored(query, path)?
                    }
                    _ => {
                        let mut base = base;
                        base.join(&query.parts);
                        base
                    }
                }
            }
            _ => self.anchored(query, path)?,
        };
        under_private(&self.rules, &mut landed);
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
            if let Some(rest) = self.inside(root, &landed) {
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

    /// The drive path an MSYS or Cygwin shell (Git Bash) reads `word` as, on a Windows
    /// workspace: `/c/x`, `/cygdrive/c/x` and WSL's `/mnt/c/x` are `C:/x`. `None` otherwise.
    pub fn shell_drive_path(&self, word: &str) -> Option<String> {
        if self.rules.flavour != Flavour::Windows {
            return None;
        }
        let rest = word.strip_prefix('/')?;
        let rest = ["cygdrive/", "mnt/"]
            .iter()
            .find_map(|p| rest.strip_prefix(p))
            .unwrap_or(rest);
        let mut chars = rest.chars();
        let letter = chars.next().filter(char::is_ascii_alphabetic)?;
        let after = chars.as_str();
        (after.is_empty() || after.starts_with('/')).then(|| {
            format!(
                "{}:/{}",
                letter.to_ascii_uppercase(),
                after.trim_start_matches('/')
            )
        })
    }

    /// The root-relative text and `is_dir` of a path that needs no normalisation, without
    /// allocating: a relative path (or, comparing names exactly, an absolute one under the
    /// primary POSIX root) of plain components — none empty, `.` or `..`, no `\\`, `:` or
    /// NUL, not starting with `~`; on Windows also none ending in a dot or space or holding `~` (a short
    /// name) — with at most one trailing `/`. Such a path resolves (with
    /// [`Workspace::resolve`]) inside the primary root (or the implicit one) to exactly this
    /// text. `None`: use [`Workspace::resolve`].
    pub fn plain_relative<'p>(&self, path: &'p str) -> Option<(&'p str, bool)> {
        self.plain_relative_after(path, 0)
    }

    /// [`Workspace::plain_relative`] of a path whose first `known` bytes are those of a path
    /// it took, through a `/` after one of that path's components: they are not read again.
    pub(crate) fn plain_relative_after<'p>(
        &self,
        path: &'p str,
        known: usize,
    ) -> Option<(&'p str, bool)> {
        let (body, is_dir) = match path.as_bytes() {
            // `~`, `~/…` and `~user/…` are home-relative.
            [b'~', ..] => return None,
            [.., b'/'] => (&path[..path.len() - 1], true),
            _ => (path, false),
        };
        let windows = self.rules.flavour == Flavour::Windows;
        let relative = if body.as_bytes().first() == Some(&b'/') {
            let root = self.parsed.first()?;
            if self.rules.names != Names::EXACT || root.anchor != Anchor::Root {
                return None;
            }
            body.strip_prefix(self.roots.first()?.as_str())?
                .strip_prefix('/')?
        } else {
            body
        };
        // The known components of `relative` (both paths have the same root, if any).
        let from = known
            .saturating_sub(body.len() - relative.len())
            .min(relative.len());
        // Not all whitespace (which `parse` refuses): a first byte that is ASCII and not
        // whitespace settles it.
        let blank = |s: &str| match s.as_bytes().first() {
            Some(&b) if b.is_ascii() && !matches!(b, b'\t'..=b'\r' | b' ') => false,
            _ => crate::call::is_blank(s),
        };
        if !plain_components(relative.as_bytes(), from, windows) || blank(relative) {
            return None;
        }
        Some((relative, is_dir))
    }

    /// `start` with an anchor a root can have: a relative path joined to the primary root
    /// (unchanged when there are no roots), on Windows `\x` put on the primary root's drive or
    /// share, and `C:x` joined to the primary root when it is on C: (else an unknown place).
    fn anchored(&self, start: Parsed, original: &str) -> Result<Parsed, PathError> {
        let root = self.parsed.first();
        Ok(match (&start.anchor, root) {
            (Anchor::Relative, Some(root)) => {
                let mut base = root.clone();
                base.join(&start.parts);
                base
            }
            (Anchor::DriveRelative(letter), Some(root))
                if root.anchor == Anchor::Drive(*letter) =>
            {
                let mut base = root.clone();
                base.join(&start.parts);
                base
            }
            (Anchor::DriveRelative(letter), _) => {
                return Err(unknown_place(
                    original,
                    format!("the current directory of drive {letter}: is not known"),
                ))
            }
            (Anchor::Root, Some(root)) if self.rules.flavour == Flavour::Windows => Parsed {
                anchor: root.anchor.clone(),
                ..start
            },
            _ => start,
        })
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
            ) => a.eq_ignore_ascii_case(c) && Names::NTFS.eq(b, d),
            (a, b) => a == b,
        };
        if !same_anchor || root.parts.len() > path.parts.len() {
            return None;
        }
        let (head, rest) = path.parts.split_at(root.parts.len());
        let names = self.rules.names;
        let equal = head.iter().zip(&root.parts).all(|(a, b)| names.eq(a, b));
        equal.then_some(rest)
    }
}

/// On macOS, `/tmp/x`, `/var/x` and `/etc/x` as `/private/tmp/x`, … (the system's links).
/// The data volume's aliases (`/System/Volumes/Data/x`, `/Volumes/<boot>/x`) are `/x` first.
fn under_private(rules: &PathRules, path: &mut Parsed) {
    if rules.platform != Some(Platform::Macos) || path.anchor != Anchor::Root {
        return;
    }
    aliases::macos_alias(&mut path.parts, |a, b| rules.names.eq(a, b));
    let linked = path.parts.first().is_some_and(|first| {
        ["tmp", "var", "etc"]
            .iter()
            .any(|l| rules.names.eq(first, l))
    });
    if linked {
        path.parts.insert(0, "private".to_string());
    }
}

/// Whether a root is written as a Windows path (so, without `platform`, the workspace is
/// Windows): a drive, UNC or device path, or such a `file:` URI.
fn is_windows_root(root: &str) -> bool {
    match strip_prefix_ignore_case(root, "file:") {
        Some(rest) => {
            file_uri_path(root, rest, Flavour::Windows).is_ok_and(|path| drive(&path).is_some())
        }
        None => drive(root).is_some() || root.starts_with('\\'),
    }
}

fn error(path: &str, message: impl Into<String>) -> PathError {
    PathError {
        path: path.to_string(),
        message: message.into(),
        unknown_place: false,
    }
}

fn unknown_place(path: &str, why: impl Into<String>) -> PathError {
    PathError {
        path: path.to_string(),
        message: format!(
            "toolgate cannot know where it lands ({}), so it cannot vouch that it is not ignored",
            why.into()
        ),
        unknown_place: true,
    }
}

fn separator(flavour: Flavour) -> impl Fn(char) -> bool + Copy {
    move |c| c == '/' || (c == '\\' && flavour == Flavour::Windows)
}

/// Longer paths are refused: no file system opens them (Linux's PATH_MAX is 4 KiB), and
/// checking every parent of a megabyte-long path against the ignore rules is quadratic.
pub const MAX_PATH_BYTES: usize = 8 * 1024;

/// Parses and lexically normalises one path string.
fn parse(original: &str, flavour: Flavour) -> Result<Parsed, PathError> {
    usable(original)?;
    if crate::call::is_blank(original) {
        return Err(error(original, "the path is empty"));
    }
    let decoded;
    let text = if let Some(rest) = strip_prefix_ignore_case(original, "file:") {
        decoded = file_uri_path(original, rest, flavour)?;
        decoded.as_str()
    } else if let Some(scheme) = uri_scheme(original) {
        return Err(error(
            original,
            format!("`{scheme}:` URIs are not file paths"),
        ));
    } else {
        original
    };
    let (mut anchor, rest) = match flavour {
        Flavour::Posix => match text.strip_prefix('/') {
            Some(_) => (Anchor::Root, text),
            None => (Anchor::Relative, text),
        },
        Flavour::Windows => windows_anchor(original, text)?,
    };
    let (parts, names_dir) = components(&mut anchor, rest, flavour)
        .ok_or_else(|| unknown_place(original, "another process's current directory"))?;
    if flavour == Flavour::Windows
        && anchor == Anchor::Root
        && parts.first().is_some_and(|p| p == "??")
    {
        // `\\/??/x` would print as `/??/x`, the NT prefix `\??\`: no normal form to vouch for.
        return Err(error(
            original,
            "a first component `??` reads as the NT prefix \\??\\",
        ));
    }
    let is_dir = names_dir || (anchor != Anchor::Relative && parts.is_empty());
    Ok(Parsed {
        anchor,
        parts,
        is_dir,
    })
}

/// Splits off a Windows anchor; returns it and the text after it.
fn windows_anchor<'t>(original: &str, text: &'t str) -> Result<(Anchor, &'t str), PathError> {
    let bytes = text.as_bytes();
    let sep_at = |i: usize| bytes.get(i).is_some_and(|&b| b == b'/' || b == b'\\');
    let is_sep = separator(Flavour::Windows);
    // Verbatim `\\?\`, device `\\.\` and NT `\??\` prefixes.
    let device =
        sep_at(1) && matches!(bytes.get(2), Some(b'?' | b'.')) || bytes.get(1..3) == Some(b"??");
    if sep_at(0) && device && sep_at(3) {
        let rest = &text[4..];
        if let Some(unc) = strip_prefix_ignore_case(rest, "UNC").filter(|r| r.starts_with(is_sep)) {
            return unc_anchor(original, unc.trim_start_matches(is_sep));
        }
        if let Some((letter, after)) =
            drive(rest).filter(|(_, a)| a.is_empty() || a.starts_with(is_sep))
        {
            return Ok((Anchor::Drive(letter), after));
        }
        return Err(error(
            original,
            "only drive and UNC device paths (\\\\?\\C:\\, \\\\.\\C:\\, \\\\?\\UNC\\) are supported",
        ));
    }
    if sep_at(0) && sep_at(1) && !sep_at(2) && bytes.len() > 2 {
        return unc_anchor(original, &text[2..]);
    }
    if sep_at(0) {
        return Ok((Anchor::Root, text));
    }
    if let Some((letter, after)) = drive(text) {
        if after.is_empty() || after.starts_with(is_sep) {
            return Ok((Anchor::Drive(letter), after));
        }
        return Ok((Anchor::DriveRelative(letter), after));
    }
    Ok((Anchor::Relative, text))
}

/// `C:` and what follows it.
fn drive(text: &str) -> Option<(char, &str)> {
    let letter = text.chars().next().filter(char::is_ascii_alphabetic)?;
    let after = text.get(1..)?.strip_prefix(':')?;
    Some((letter.to_ascii_uppercase(), after))
}

fn unc_anchor<'t>(original: &str, text: &'t str) -> Result<(Anchor, &'t str), PathError> {
    let mut pieces = text.splitn(3, separator(Flavour::Windows));
    let server = pieces.next().unwrap_or("");
    let share = pieces.next().map(windows_name).unwrap_or("");
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
    // An administrative share (`\\localhost\C$`) is a whole drive; on another server name it
    // may be this machine's drive all the same.
    if let [letter, b'$'] = share.as_bytes() {
        if letter.is_ascii_alphabetic() {
            if !loopback(server) {
                return Err(unknown_place(
                    original,
                    format!("the share {share} of {server} may be a drive of this machine"),
                ));
            }
            return Ok((Anchor::Drive(letter.to_ascii_uppercase() as char), rest));
        }
    }
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

/// The path a `file:` URI names (`rest` is what follows `file:`), percent-decoded, as a URL
/// parser reads it: `\` is `/`, the path is absolute; on Windows `/C:/x` and `/C|/x` are
/// `C:/x` (on POSIX they are the absolute path `/C:/x`).
fn file_uri_path(original: &str, rest: &str, flavour: Flavour) -> Result<String, PathError> {
    let rest = rest
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .replace('\\', "/");
    let (host, path) = match rest.strip_prefix("//") {
        Some(after) => match after.find('/') {
            Some(k) => (&after[..k], &after[k..]),
            None => (after, ""),
        },
        None => ("", rest.as_str()),
    };
    let path = percent_decode(original, path)?;
    let host = percent_decode(original, host)?;
    if path.contains('\0') || host.contains('\0') {
        return Err(error(
            original,
            "the path contains a NUL character (percent-encoded)",
        ));
    }
    let windows = flavour == Flavour::Windows;
    // `file://C:/x` and `file://C|/x`: a drive where the host would be.
    if windows && drive_letter_spec(&host) {
        return Ok(format!("{}:{path}", &host[..1]));
    }
    if !host.is_empty() && !loopback(&host) {
        return Ok(format!("//{host}{path}"));
    }
    if path.is_empty() {
        return Err(error(original, "the file URI names no path"));
    }
    // `file:///C:/x`, `file:///C|/x`, `file:C:/x` → `C:/x`.
    let bare = path.strip_prefix('/').unwrap_or(&path);
    if windows
        && drive_letter_spec(bare.get(..2).unwrap_or(""))
        && matches!(bare.as_bytes().get(2), None | Some(b'/'))
    {
        return Ok(format!("{}:{}", &bare[..1], &bare[2..]));
    }
    if !path.starts_with('/') {
        return Ok(format!("/{path}"));
    }
    Ok(path)
}

/// A name of this machine: `localhost`, `127.…`, `::1`.
fn loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host.starts_with("127.")
        || matches!(host, "::1" | "[::1]" | "0:0:0:0:0:0:0:1")
}

/// `C:` or `C|`, as URL parsers read a drive.
fn drive_letter_spec(text: &str) -> bool {
    matches!(text.as_bytes(), [l, b':' | b'|'] if l.is_ascii_alphabetic())
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

/// `~`, `~/x`, or a user's home `~user/x` (on Windows also with `\`): the home (`~`,
/// `~user`) and the rest after it, when the path is home-relative. `~user` alone is a name.
fn home_relative(path: &str, flavour: Flavour) -> Option<(&str, &str)> {
    let after = path.strip_prefix('~')?;
    let end = after.find(separator(flavour)).unwrap_or(after.len());
    let user = &after[..end];
    let is_user = end < after.len()
        && user
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    (user.is_empty() || is_user).then(|| path.split_at(end + 1))
}

/// The name Windows opens for a component: without a `:stream` suffix and without trailing
/// dots and spaces (`.env::$DATA`, `.env. .` → `.env`). `..` and `.` followed by spaces are
/// themselves; a name of nothing but dots and spaces is `.`.
fn windows_name(part: &str) -> &str {
    let name = part.split(':').next().unwrap_or(part);
    let spaced = name.trim_end_matches(' ');
    if spaced == "." || spaced == ".." {
        return spaced;
    }
    match name.trim_end_matches(['.', ' ']) {
        "" if !name.is_empty() => ".",
        stripped => stripped,
    }
}

/// The components of `rest` (the text after `anchor`), with `.` and `..` applied lexically,
/// and whether the text names a directory: it ends in a separator or in `.`/`..`, or has no
/// components at all.
/// Whether `bytes` is a path of plain components: no `\\`, `:` or NUL (nor, on Windows, `~`),
/// and every component non-empty and not `.`/`..` (nor, on Windows, ending in a dot or space).
/// The bytes before `from` are known to be such components, each followed by `/`. One pass a
/// word at a time: a component that starts with a dot is the only one looked at byte by byte.
fn plain_components(bytes: &[u8], from: usize, windows: bool) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Where components start, as the high bit of each byte: at 0, and after each `/` (carried
    // into the next word from the last byte of this one).
    let mut starts_in = if from == 0 || bytes.get(from - 1) == Some(&b'/') {
        0x80
    } else {
        0
    };
    // On Windows, the previous word's last byte was a dot or a space (at the high bit of byte 0).
    let mut trailing_in = 0;
    let mut at = from;
    while at < bytes.len() {
        let (word, n) = word_at(bytes, at);
        let valid = HIGH >> (8 * (8 - n));
        let tilde = if windows { byte_eq(word, b'~') } else { 0 };
        let bad = byte_eq(word, b'\\') | byte_eq(word, b':') | byte_eq(word, 0) | tilde;
        let slash = byte_eq(word, b'/') & valid;
        let dot = byte_eq(word, b'.') & valid;
        let starts = (slash << 8) | starts_in;
        // A bad byte, or an empty component (a `/` where one starts).
        if bad & valid != 0 || slash & starts != 0 {
            return false;
        }
        if windows {
            let trailing = (dot | byte_eq(word, b' ')) & valid;
            if ((trailing << 8) | trailing_in) & slash != 0 {
                return false;
            }
            trailing_in = trailing >> 56;
        }
        let mut dotted = dot & starts;
        while dotted != 0 {
            let i = at + (dotted.trailing_zeros() / 8) as usize;
            if let Some([] | [b'/', ..] | [b'.'] | [b'.', b'/', ..]) = bytes.get(i + 1..) {
                return false;
            }
            dotted &= dotted - 1;
        }
        starts_in = slash >> 56;
        at += n;
    }
    // The last component (or the whole path) is not empty, nor on Windows ends badly.
    match bytes.last() {
        None | Some(b'/') => false,
        Some(b'.' | b' ') => !windows,
        Some(_) => true,
    }
}

/// The (up to) 8 bytes of `bytes` from `at` as a little-endian word (zero-padded), and how
/// many there are.
#[inline(always)]
pub(crate) fn word_at(bytes: &[u8], at: usize) -> (u64, usize) {
    match bytes
        .get(at..at + 8)
        .and_then(|w| <&[u8; 8]>::try_from(w).ok())
    {
        Some(w) => (u64::from_le_bytes(*w), 8),
        None => {
            let rest = bytes.get(at..).unwrap_or_default();
            let n = rest.len();
            // The last 8 bytes, shifted down over those before `at` (one load, no copy).
            if let Some(w) = bytes
                .len()
                .checked_sub(8)
                .filter(|_| n > 0)
                .and_then(|k| <&[u8; 8]>::try_from(&bytes[k..]).ok())
            {
                return (u64::from_le_bytes(*w) >> (8 * (8 - n)), n);
            }
            let mut w = [0u8; 8];
            w[..n].copy_from_slice(rest);
            (u64::from_le_bytes(w), n)
        }
    }
}

/// The bytes of `word` equal to `b`, as the high bit of each (exact: no carry crosses bytes).
#[inline]
pub(crate) fn byte_eq(word: u64, b: u8) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = word ^ (u64::from(b) * 0x0101_0101_0101_0101);
    !((x & LOW).wrapping_add(LOW) | x | LOW)
}

/// The components of `rest`, and whether it names a directory. An absolute POSIX path reads
/// the system's fixed aliases ([`aliases`]) as it goes: through `/proc/self/cwd` it becomes
/// relative (`anchor` is changed); `None` when it passes another process's current directory.
fn components(anchor: &mut Anchor, rest: &str, flavour: Flavour) -> Option<(Vec<String>, bool)> {
    let mut parts = Vec::new();
    let mut last = "";
    for part in rest.split(separator(flavour)) {
        let part = match flavour {
            Flavour::Posix => part,
            Flavour::Windows => windows_name(part),
        };
        push_part(&mut parts, anchor, part);
        last = part;
        if flavour == Flavour::Posix && *anchor == Anchor::Root {
            match aliases::proc_alias(&mut parts) {
                Alias::Same => {}
                Alias::Cwd => *anchor = Anchor::Relative,
                Alias::Unknown => return None,
            }
        }
    }
    Some((parts, matches!(last, "" | "." | "..")))
}

/// A path no resolver takes: longer than 8 KiB or holding a NUL.
fn usable(original: &str) -> Result<(), PathError> {
    if original.len() > MAX_PATH_BYTES {
        return Err(error(
            original.get(..64).unwrap_or(""),
            "the path is longer than 8 KiB",
        ));
    }
    if original.contains('\0') {
        return Err(error(original, "the path contains a NUL character"));
    }
    Ok(())
}

/// A home-relative path: external (see the module docs). The rest is split as a relative
/// path, component by component: a component that is all blanks is a name like any other,
/// and `file:` or `C:` after `~/` are names too. Climbing out of `~` is an unknown place.
fn home_path(
    original: &str,
    home: &str,
    rest: &str,
    flavour: Flavour,
) -> Result<Resolved, PathError> {
    usable(original)?;
    let (parts, is_dir) = components(&mut Anchor::Relative, rest, flavour).unwrap_or_default();
    if parts.first().is_some_and(|p| p == "..") {
        return Err(unknown_place(
            original,
            "it climbs out of the home directory",
        ));
    }
    let mut absolute = home.to_string();
    if parts.is_empty() && home.len() > 1 {
        // `~user` alone is not a home path (it needs its separator): keep it, so the
        // normal form resolves to itself.
        absolute.push('/');
    }
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

/// The `file:` URL a URL param holds, as a browser's URL parser reads it: surrounding
/// spaces and control characters dropped, tabs and newlines removed, behind any number of
/// `view-source:` prefixes, in any case. Other URLs name no file.
pub fn file_url(url: &str) -> Option<Cow<'_, str>> {
    let trimmed = url.trim_matches(|c: char| c <= ' ');
    let text = if trimmed.contains(['\t', '\n', '\r']) {
        Cow::Owned(trimmed.replace(['\t', '\n', '\r'], ""))
    } else {
        Cow::Borrowed(trimmed)
    };
    let mut start = 0;
    while let Some(prefix) = text.get(start..start + "view-source:".len()) {
        if !prefix.eq_ignore_ascii_case("view-source:") {
            break;
        }
        start += prefix.len();
    }
    let is_file = text
        .get(start..start + 5)
        .is_some_and(|s| s.eq_ignore_ascii_case("file:"));
    if !is_file {
        return None;
    }
    Some(match text {
        Cow::Borrowed(t) => Cow::Borrowed(&t[start..]),
        Cow::Owned(t) => Cow::Owned(t[start..].to_string()),
    })
}

/// Whether a component could be a Windows 8.3 short name (`SECRET~1`, `CLINEI~1`,
/// `LONGNA~12.PEM`): a base of at most eight characters ending in `~` and digits, and an
/// extension of at most three. Such a name stands for some entry whose long name toolgate
/// does not know.
pub fn may_be_short_name(component: &str) -> bool {
    let (base, ext) = match component.rsplit_once('.') {
        Some((b, e)) => (b, Some(e)),
        None => (component, None),
    };
    let Some((stem, digits)) = base.rsplit_once('~') else {
        return false;
    };
    !stem.is_empty()
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && base.chars().count() <= 8
        && ext.map_or(true, |e| e.chars().count() <= 3)
}
