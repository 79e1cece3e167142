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
    }
}

/// git's `simple_length`: the literal prefix that `match_pathname` compares before wildmatch.
fn literal_prefix_len(body: &str) -> usize {
    body.bytes()
        .position(|c| matches!(c, b'*' | b'?' | b'[' | b'\\'))
        .unwrap_or(body.len())
}
