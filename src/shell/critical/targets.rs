//! Where a critical command's target lands, resolved lexically against the command's tracked
//! directory (`SimpleCommand::cwd`) and the workspace roots: from the root `/ws`, `..` is `/`,
//! so `rm -rf ../*` is `rm -rf /*`; `cd ~ && rm -rf .` deletes the home directory.
//!
//! `$PWD`, `${PWD}`, `~+` and `$(pwd)` are the tracked directory; `$HOME` and `${HOME}` are
//! `~`. A word that starts with any other expansion lands where toolgate cannot know:
//! [`Reach::Unknown`] when it is that place itself or every entry of it (`"$X"`, `"$X"/*`,
//! `$(cat list)`), not for a name below it (`"$d/node_modules"`). An expansion later in the
//! word is taken as empty (`/usr/$X` is `/usr/`: an unset variable is the classic way such a
//! command deletes too much).

use crate::shell::SimpleCommand;

/// How far a target reaches, from harmless to catastrophic (the order is used by `max`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Reach {
    /// Inside some directory below a root, a home or a workspace root.
    Nested,
    /// Cannot be known: a leading expansion, or `.`/`..`/`*` under an unknown directory.
    Unknown,
    /// A workspace root itself, or every entry in it.
    Workspace,
    /// `/`, a top-level directory, a home directory (`~`, `/home/x`, `/root`), a drive root or
    /// a drive's top-level directory; or every entry in one of them.
    System,
}

/// The workspace roots a relative target resolves against (the first is primary).
#[derive(Debug, Clone, Copy)]
pub struct Scope<'a> {
    pub roots: &'a [String],
    /// Names compare ASCII-case-insensitively (macOS, Windows): `.GIT/hooks` is `.git/hooks`.
    pub fold: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Anchor {
    /// `/` (also `\\server` and `\x`: the root of something).
    Root,
    /// `C:`.
    Drive(u8),
    /// `~`, `~user`.
    Home,
    /// The implicit workspace root when there are no roots.
    Base,
}

/// A target after lexical normalisation; its components borrow the texts it was parsed and
/// joined from (no copy per component: this runs on every file a command writes).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Place<'p> {
    pub anchor: Anchor,
    pub parts: Vec<&'p str>,
    /// `..` climbed above a home (to `/home`) or above the implicit root (somewhere unknown).
    pub above: bool,
}

impl<'p> Place<'p> {
    fn parse(text: &'p str) -> Place<'p> {
        let b = text.as_bytes();
        let (anchor, rest) = if let Some(rest) = text.strip_prefix('~') {
            (
                Anchor::Home,
                rest.find(['/', '\\']).map_or("", |i| &rest[i..]),
            )
        } else if matches!(b.first(), Some(b'/' | b'\\')) {
            (Anchor::Root, text)
        } else if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' {
            (Anchor::Drive(b[0].to_ascii_uppercase()), &text[2..])
        } else {
            (Anchor::Base, text)
        };
        let mut place = Place {
            anchor,
            parts: Vec::new(),
            above: false,
        };
        place.join(rest);
        place
    }

    fn join(&mut self, path: &'p str) {
        // a byte loop over the separators (ASCII, so each cut is a char boundary): `split`
        // with a char-array pattern is a generic searcher, and this runs per written file
        // (and `0..=len`'s iterator costs more than `0..len + 1`'s)
        let b = path.as_bytes();
        let mut start = 0;
        for end in 0..b.len() + 1 {
            if end < b.len() && b[end] != b'/' && b[end] != b'\\' {
                continue;
            }
            let comp = path.get(start..end).unwrap_or("");
            start = end + 1;
            match comp {
                "" | "." => {}
                ".." => {
                    if self.parts.pop().is_none()
                        && matches!(self.anchor, Anchor::Home | Anchor::Base)
                    {
                        // the root's `..` is the root; a home's is `/home`
                        self.above = true;
                    }
                }
                c => self.parts.push(c),
            }
        }
    }

    /// The place where a write grants execution that this path lands in, if any.
    pub fn exec_place(&self, fold: bool) -> Option<&'static crate::exec_places::Place> {
        use crate::exec_places::{find, Anchor as At};
        let anchor = match self.anchor {
            Anchor::Root => At::Root,
            Anchor::Drive(_) => At::Drive,
            Anchor::Home if !self.above => At::Home,
            Anchor::Home | Anchor::Base => At::Relative,
        };
        find(anchor, &self.parts, fold)
    }
}

/// Top-level directories whose subdirectories belong to the system: deleting one of those
/// (`/usr/bin`, `/etc/ssh`) breaks the machine as surely as deleting the top.
const SYSTEM_DIRS: &[&str] = &[
    "bin",
    "boot",
    "etc",
    "lib",
    "lib32",
    "lib64",
    "sbin",
    "usr",
    "var",
    "System",
    "Library",
    "Applications",
];

/// A path component that stands for every entry of its directory: `*`, `.*`, `.[!.]*`, `?*`.
fn every_entry(comp: &str) -> bool {
    comp.contains(['*', '?']) && comp.bytes().all(|b| b"*?.[]!^".contains(&b))
}

/// How the tracked directory and the home may be written at the start of a word, and their
/// spelled-out forms.
const SPELLED: &[(&str, &str)] = &[
    ("$PWD", "."),
    ("${PWD}", "."),
    ("~+", "."),
    ("$(pwd)", "."),
    ("`pwd`", "."),
    ("$HOME", "~"),
    ("${HOME}", "~"),
    // the operating systems' fixed aliases (see `workspace/aliases.rs`)
    ("/proc/self/cwd", "."),
    ("/proc/thread-self/cwd", "."),
    ("/proc/self/root", "/"),
    ("/proc/thread-self/root", "/"),
    ("/proc/1/root", "/"),
    ("/System/Volumes/Data", "/"),
    ("/private", "/"),
];

/// The text of `word` with the tracked directory and the home spelled out (`$PWD/x` → `./x`,
/// `$HOME/x` → `~/x`), and any later expansion dropped; `None` when the word starts with an
/// expansion toolgate cannot know. A rewritten text is built in `buf`; a word that needs no
/// rewriting is returned as it is.
fn literal<'p>(word: &'p str, dynamic: bool, buf: &'p mut String) -> Option<&'p str> {
    let mut w = word.trim();
    let mut spelled = None;
    for &(prefix, to) in SPELLED {
        if let Some(rest) = w.strip_prefix(prefix) {
            if rest.is_empty() || rest.starts_with('/') {
                spelled = Some((to, rest));
                break;
            }
        }
    }
    if let Some((to, rest)) = spelled {
        // `to` is `.`, `~` or `/`: the rewritten word starts with no expansion
        buf.clear();
        buf.push_str(to);
        buf.push_str(rest);
        w = rest;
    }
    if !dynamic && !w.bytes().any(|b| b == b'$' || b == b'`') {
        return Some(match spelled {
            Some(_) => buf.as_str(),
            None => w,
        });
    }
    if spelled.is_none() && (w.starts_with(['$', '`']) || w.starts_with("<(")) {
        return None;
    }
    *buf = match spelled {
        Some(_) => drop_expansions(buf),
        None => drop_expansions(w),
    };
    Some(buf.as_str())
}

/// `$(pwd)…`, `` `pwd`… ``: a substitution that prints the tracked directory.
pub(super) fn is_pwd(word: &str) -> bool {
    word.starts_with("$(pwd)") || word.starts_with("`pwd`")
}

/// `a$X/b${Y}c$(d)` → `a/bc`: each expansion taken as empty.
fn drop_expansions(w: &str) -> String {
    let b = w.as_bytes();
    let mut out = String::with_capacity(w.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'$' => {
                i += 1;
                match b.get(i) {
                    Some(&open @ (b'{' | b'(')) => {
                        let close = if open == b'{' { b'}' } else { b')' };
                        let mut depth = 0usize;
                        while let Some(&x) = b.get(i) {
                            i += 1;
                            if x == open {
                                depth += 1;
                            } else if x == close {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                        }
                    }
                    _ => {
                        while b
                            .get(i)
                            .is_some_and(|x| x.is_ascii_alphanumeric() || *x == b'_')
                        {
                            i += 1;
                        }
                        // `$1`, `$?`, `$@`: one special character
                        if b.get(i).is_some_and(|x| b"?@*#!$-".contains(x)) {
                            i += 1;
                        }
                    }
                }
            }
            b'`' => {
                i += 1;
                while b.get(i).is_some_and(|x| *x != b'`') {
                    i += 1;
                }
                i += 1;
            }
            _ => {
                let start = i;
                while b.get(i).is_some_and(|x| *x != b'$' && *x != b'`') {
                    i += 1;
                }
                out.push_str(w.get(start..i).unwrap_or(""));
            }
        }
    }
    out
}

impl<'a> Scope<'a> {
    /// Where `word`, an operand of `c`, lands; `None` when that cannot be known. `buf` holds
    /// the word's text when it has to be rewritten (see [`literal`]).
    pub(super) fn place<'p>(
        &self,
        c: &'p SimpleCommand,
        word: &'p str,
        dynamic: bool,
        buf: &'p mut String,
    ) -> Option<Place<'p>>
    where
        'a: 'p,
    {
        let w = literal(word, dynamic, buf)?;
        let place = Place::parse(w);
        if place.anchor != Anchor::Base {
            return Some(place);
        }
        if c.cwd_dynamic {
            return None;
        }
        let cwd = c.cwd.as_deref().map(Place::parse);
        let mut base = match cwd {
            Some(cwd) if cwd.anchor != Anchor::Base => cwd,
            _ => {
                let mut root = self.roots.first().map_or(
                    Place {
                        anchor: Anchor::Base,
                        parts: Vec::new(),
                        above: false,
                    },
                    |r| Place::parse(r),
                );
                if let Some(cwd) = c.cwd.as_deref() {
                    root.join(cwd);
                }
                root
            }
        };
        base.join(w);
        Some(base)
    }

    /// How far `word`, an operand of `c`, reaches.
    pub(super) fn reach(&self, c: &SimpleCommand, word: &str, dynamic: bool) -> Reach {
        let mut buf = String::new();
        match self.place(c, word, dynamic, &mut buf) {
            Some(place) => self.classify(&place),
            // Under a directory toolgate cannot know (a leading expansion, an unknown `cd`),
            // the target could be anything when it is that directory itself or every entry
            // of it (`"$X"`, `$X/*`, `*`, `..`); a name below it (`$d/node_modules`) deletes
            // only what has that name.
            None => {
                let text = drop_expansions(word.trim());
                let own = Place::parse(&text);
                let mut parts: &[&str] = &own.parts;
                while let Some((last, rest)) = parts.split_last() {
                    if !every_entry(last) {
                        break;
                    }
                    parts = rest;
                }
                if own.above || parts.is_empty() || parts.last().is_some_and(|p| *p == "..") {
                    Reach::Unknown
                } else {
                    Reach::Nested
                }
            }
        }
    }

    fn classify(&self, place: &Place) -> Reach {
        let mut parts: &[&str] = &place.parts;
        while let Some((last, rest)) = parts.split_last() {
            if !every_entry(last) {
                break;
            }
            parts = rest;
        }
        let named = parts.iter().filter(|p| !every_entry(p)).count();
        match place.anchor {
            Anchor::Home => {
                if place.above || named == 0 {
                    Reach::System
                } else {
                    Reach::Nested
                }
            }
            Anchor::Base if place.above => Reach::Unknown,
            Anchor::Base if parts.is_empty() => Reach::Workspace,
            Anchor::Base => Reach::Nested,
            Anchor::Root | Anchor::Drive(_) => {
                let home =
                    matches!(parts.first().copied(), Some("home" | "Users" | "root")) && named <= 2;
                // a directory of the system itself (`/usr/bin`, `/etc/ssh`, `/var/lib`)
                let system = parts.first().is_some_and(|p| SYSTEM_DIRS.contains(p)) && named <= 2;
                if self.roots.iter().any(|r| {
                    let root = Place::parse(r);
                    root.anchor == place.anchor && root.parts == parts
                }) {
                    Reach::Workspace
                } else if named <= 1 || home || system {
                    Reach::System
                } else {
                    Reach::Nested
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_table() {
        let roots = ["/ws".to_string()];
        let scope = Scope {
            roots: &roots,
            fold: false,
        };
        let none = Scope {
            roots: &[],
            fold: false,
        };
        for (cwd, word, scope, expected) in [
            (None, "../*", scope, Reach::System),
            (None, "..", scope, Reach::System),
            (None, "../ws", scope, Reach::Workspace),
            (None, ".", scope, Reach::Workspace),
            (None, "*", scope, Reach::Workspace),
            (None, ".[!.]*", scope, Reach::Workspace),
            (None, "dist", scope, Reach::Nested),
            (None, "src/../dist", scope, Reach::Nested),
            (None, "/home/bob", scope, Reach::System),
            (None, "/home/bob/x", scope, Reach::Nested),
            (None, "~/.*", scope, Reach::System),
            (None, "~/..", scope, Reach::System),
            (None, "~/x", scope, Reach::Nested),
            (None, "$PWD/..", scope, Reach::System),
            (None, "${PWD}", scope, Reach::Workspace),
            (None, "$HOME", scope, Reach::System),
            (None, "$X/*", scope, Reach::Unknown),
            (None, "/usr/$X", scope, Reach::System),
            (None, "build/$X", scope, Reach::Nested),
            (None, "$d/node_modules", scope, Reach::Nested),
            (None, "$X/..", scope, Reach::Unknown),
            (None, "$X", scope, Reach::Unknown),
            (None, "C:\\", scope, Reach::System),
            (None, "C:\\Users\\me\\proj", scope, Reach::Nested),
            (Some("/"), "*", scope, Reach::System),
            (Some("~"), ".", scope, Reach::System),
            (Some("src"), "..", scope, Reach::Workspace),
            (Some("src"), "../..", scope, Reach::System),
            (None, "..", none, Reach::Unknown),
            (None, ".", none, Reach::Workspace),
            (None, "x", none, Reach::Nested),
        ] {
            let c = SimpleCommand {
                cwd: cwd.map(String::from),
                ..SimpleCommand::default()
            };
            let dynamic = word.contains('$');
            assert_eq!(scope.reach(&c, word, dynamic), expected, "{cwd:?} {word}");
        }
        let c = SimpleCommand {
            cwd: Some("$D".into()),
            cwd_dynamic: true,
            ..SimpleCommand::default()
        };
        assert_eq!(scope.reach(&c, "*", false), Reach::Unknown);
        assert_eq!(scope.reach(&c, "build", false), Reach::Nested);
        assert_eq!(scope.reach(&c, "/", false), Reach::System);
    }

    /// `literal` (which borrows the word when it can) against its definition: the tracked
    /// directory and the home spelled out, then the word whole unless it holds an expansion,
    /// `None` when it starts with one, else every expansion dropped.
    #[test]
    fn literal_is_the_word_rewritten() {
        let reference = |word: &str, dynamic: bool| -> Option<String> {
            let mut w = word.trim().to_string();
            for &(prefix, to) in SPELLED {
                if let Some(rest) = w.strip_prefix(prefix) {
                    if rest.is_empty() || rest.starts_with('/') {
                        w = format!("{to}{rest}");
                        break;
                    }
                }
            }
            if !dynamic && !w.contains(['$', '`']) {
                return Some(w);
            }
            if w.starts_with(['$', '`']) || w.starts_with("<(") {
                return None;
            }
            Some(drop_expansions(&w))
        };
        let heads = [
            "", "$PWD", "${PWD}", "~+", "$(pwd)", "`pwd`", "$HOME", "${HOME}", "$HOMEX", "$X",
            "`x`", "<(x)", " ", "~", "/", ".", "a",
        ];
        let tails = [
            "",
            "/",
            "/a",
            "/$X",
            "/a$X/b",
            "/${Y}c$(d)",
            "x",
            "/`e`f",
            "$",
            "/a b ",
            "/~+",
        ];
        for head in heads {
            for tail in tails {
                let word = format!("{head}{tail}");
                for dynamic in [false, true] {
                    let mut buf = String::new();
                    let got = literal(&word, dynamic, &mut buf).map(str::to_string);
                    assert_eq!(got, reference(&word, dynamic), "{word:?} {dynamic}");
                }
            }
        }
    }
}
