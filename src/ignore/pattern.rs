//! One gitignore line → the compiled [`Glob`] that matches exactly what git matches.
//!
//! git decides per line how to match (dir.c): a pattern without a `/` (escaped or not, once the
//! one trailing `/` is removed) is matched against the basename at any depth; one with a `/` is
//! matched against the whole path, anchored (a leading `/` only anchors and is dropped). For a
//! path pattern git compares the literal prefix (up to the first `*?[\`) itself and hands
//! `wildmatch` only the rest, so in `x/ab**/y` the `**` is at the start of what wildmatch sees
//! and crosses `/` (`x/aby`, `x/abc/d/y`); [`Flags::start`] carries that prefix.

use crate::glob::{Flags, Glob};

/// A parsed line, ready for the matcher.
#[derive(Debug, Clone)]
pub(super) struct Pattern {
    /// Began with `!`: a match re-includes.
    pub negated: bool,
    /// Ended with `/`: matches directories only.
    pub dir_only: bool,
    /// Matched against the basename (no `/` in the pattern) rather than the whole path.
    pub basename: bool,
    /// None when the line can never match.
    pub glob: Option<Glob>,
    /// Why the line can never match (for a warning), when git accepts it but it is inert.
    pub inert: Option<&'static str>,
    /// How the line reads a path as a directory and a name, for a batch that judges each
    /// directory once ([`super::IgnoreBatch`]).
    pub shape: Shape,
}

/// A path pattern split at its last `/` into a directory part and a name part, when the split
/// is exact: `glob(dir/name) == dir_part(dir) && name_part(name)`, or its `**` forms. Only for
/// patterns without classes and escapes, whose `**` all stand between `/`s (or at an end), so
/// that both parts compile to the very ops they are in the whole glob.
#[derive(Debug, Clone, Default)]
pub(super) enum Shape {
    /// No split: the whole glob on the whole path (or, for a basename line, on the name).
    #[default]
    Whole,
    /// `H/T`, `T` without `/` or `**`: a name in the directory `D` matches when `H` matches
    /// `D` and `T` the name.
    Dir { dir: Glob, name: Glob },
    /// `H/**/T` (`dir: Some(H)`) or `**/T` (`None`): a name in `D` matches when `H` matches `D`
    /// or one of its parents (always, for `**/T`) and `T` the name.
    Under { dir: Option<Glob>, name: Glob },
    /// `H/**`: every name in `D` matches when `H` matches `D` or one of its parents.
    All { dir: Glob },
}

/// The [`Shape`] of a path pattern's body (anchor and trailing `/` removed).
fn shape(body: &str, fold: bool) -> Shape {
    let bytes = body.as_bytes();
    if body.contains(['[', '\\']) || body.contains("***") {
        return Shape::Whole;
    }
    // Every `**` between `/`s or at an end: then no part depends on git's literal prefix.
    for (i, _) in body.match_indices("**") {
        let after = bytes.get(i + 2);
        if !((i == 0 || bytes[i - 1] == b'/') && matches!(after, None | Some(b'/'))) {
            return Shape::Whole;
        }
    }
    let Some(k) = body.rfind('/') else {
        return Shape::Whole;
    };
    let (head, tail) = (&body[..k], &body[k + 1..]);
    let glob = |text: &str| {
        let flags = Flags {
            pathname: true,
            fold,
            start: 0,
        };
        (!text.is_empty())
            .then(|| Glob::new(text.as_bytes(), flags).ok())
            .flatten()
    };
    let parent = |head: &str| -> Option<Option<Glob>> {
        match head {
            "**" => Some(None),
            _ => match head.strip_suffix("/**") {
                Some(h) if !h.ends_with("**") => glob(h).map(Some),
                Some(_) => None,
                None => None,
            },
        }
    };
    let split = match tail {
        "**" if !head.ends_with("**") => glob(head).map(|dir| Shape::All { dir }),
        "**" => None,
        _ if tail.contains("**") => None,
        _ => glob(tail).and_then(|name| match parent(head) {
            Some(dir) => Some(Shape::Under { dir, name }),
            None if head.ends_with("**") => None,
            None => glob(head).map(|dir| Shape::Dir { dir, name }),
        }),
    };
    split.unwrap_or_default()
}

/// Parses one line that is already stripped of its line ending and trailing spaces and is not
/// a comment, blank, or `!include` directive.
pub(super) fn parse(line: &str, fold: bool) -> Pattern {
    let (negated, body) = match line.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    // git removes exactly one trailing '/'.
    let (dir_only, body) = match body.strip_suffix('/') {
        Some(rest) => (true, rest),
        None => (false, body),
    };
    // Any raw '/' (escaped or not) makes git match against the whole path instead of the
    // basename; a leading one only anchors and is dropped (just one).
    let pathname = body.contains('/');
    let body = if pathname {
        body.strip_prefix('/').unwrap_or(body)
    } else {
        body
    };
    let inert = |why| Pattern {
        negated,
        dir_only,
        basename: !pathname,
        glob: None,
        inert: Some(why),
        shape: Shape::Whole,
    };
    let flags = Flags {
        pathname,
        fold,
        start: if pathname {
            literal_prefix_len(body)
        } else {
            0
        },
    };
    let glob = match Glob::new(body.as_bytes(), flags) {
        Ok(glob) => glob,
        Err(why) => return inert(why),
    };
    if glob.ends_with_slash() {
        // Only a text ending in '/' could match, and paths are compared without one.
        return inert("it ends with `/` after the directory-only `/` was removed");
    }
    Pattern {
        negated,
        dir_only,
        basename: !pathname,
        glob: Some(glob),
        inert: None,
        shape: if pathname {
            shape(body, fold)
        } else {
            Shape::Whole
        },
    }
}

/// git's `simple_length`: the literal prefix that `match_pathname` compares before wildmatch.
fn literal_prefix_len(body: &str) -> usize {
    body.bytes()
        .position(|c| matches!(c, b'*' | b'?' | b'[' | b'\\'))
        .unwrap_or(body.len())
}
