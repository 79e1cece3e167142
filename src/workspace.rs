//! Workspace roots and the paths a call names: lexical normalisation, Windows and `file://`
//! forms, and where a path lies (inside some root, or external).
//!
//! INTERFACE STUB — implemented by the validator-core work (issue 2).

use crate::verdict::Locality;

/// Why a path cannot be checked. Validation turns this into `{ ok:false, code:"invalid_path" }`.
#[derive(Debug, Clone, PartialEq)]
pub struct PathError {
    pub path: String,
    pub message: String,
}

/// A path resolved against the workspace.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The normalised absolute form ('/'-separated; `C:/…` for drive paths, `//server/share/…`
    /// for UNC).
    pub absolute: String,
    /// Index of the first root that contains it, if any.
    pub root: Option<usize>,
    /// Relative to that root, '/'-separated, no leading `./`, "" for the root itself.
    pub relative: Option<String>,
    /// The query ended in a separator, so it names a directory.
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

#[derive(Debug, Clone)]
pub struct Workspace {
    roots: Vec<String>,
    case_insensitive: bool,
}

impl Workspace {
    /// Roots are normalised; an invalid root is an error naming it.
    pub fn new(roots: &[String], case_insensitive: bool) -> Result<Workspace, PathError> {
        Ok(Workspace {
            roots: roots.to_vec(),
            case_insensitive,
        })
    }

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

    /// Resolves `path` against `cwd` (itself resolved by the caller; `None` = the primary root).
    /// Used for shell commands that `cd` first.
    pub fn resolve_from(&self, _cwd: Option<&str>, path: &str) -> Result<Resolved, PathError> {
        Err(PathError {
            path: path.to_string(),
            message: "not implemented".into(),
        })
    }
}
