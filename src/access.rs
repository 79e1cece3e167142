//! Access control for paths: the workspace (where a path lies) plus the ignore rules (whether
//! a path inside it is blocked). Paths outside every root are not subject to the ignore rules:
//! they are the approval engine's concern ("external").

use std::collections::HashMap;

use crate::config::ConfigError;
use crate::ignore::{Ignore, IgnoreBatch, IgnoreBuilder, IgnoreMatch};
use crate::verdict::Locality;
use crate::workspace::{PathError, Resolved, Workspace};

/// Everything needed to rebuild the ignore matcher when roots or the file change.
#[derive(Debug, Clone, PartialEq)]
pub struct IgnoreSource {
    pub text: Option<String>,
    pub includes: HashMap<String, String>,
    pub file_name: String,
}

#[derive(Debug, Clone)]
pub struct Access {
    /// The roots as configured, for snapshots.
    roots: Vec<String>,
    workspace: Workspace,
    ignore: Ignore,
    source: IgnoreSource,
}

/// Why a path is blocked, with the rule that blocks it.
#[derive(Debug, Clone, PartialEq)]
pub struct Blocked<'a> {
    pub resolved: Resolved,
    pub by: IgnoreMatch<'a>,
}

impl Access {
    pub fn new(
        roots: &[String],
        case_insensitive: bool,
        source: IgnoreSource,
    ) -> Result<Access, ConfigError> {
        let workspace = Workspace::new(roots, case_insensitive).map_err(|e| {
            ConfigError::new("workspaceRoots", format!("{}: {}", e.path, e.message))
        })?;
        let ignore = compile(&source, case_insensitive)?;
        Ok(Access {
            roots: roots.to_vec(),
            workspace,
            ignore,
            source,
        })
    }

    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    pub fn roots(&self) -> &[String] {
        &self.roots
    }

    pub fn ignore(&self) -> &Ignore {
        &self.ignore
    }

    pub fn source(&self) -> &IgnoreSource {
        &self.source
    }

    /// Replaces the ignore file; on error nothing changes.
    pub fn set_ignore(&mut self, source: IgnoreSource) -> Result<(), ConfigError> {
        self.ignore = compile(&source, self.workspace.case_insensitive())?;
        self.source = source;
        Ok(())
    }

    /// Replaces the roots; on error nothing changes.
    pub fn set_roots(&mut self, roots: &[String]) -> Result<(), ConfigError> {
        *self = Access::new(
            roots,
            self.workspace.case_insensitive(),
            self.source.clone(),
        )?;
        Ok(())
    }

    /// The ignore rule that may block some path the shell glob `glob` expands to (see
    /// [`Ignore::glob_may_match`]); `Ok(None)` when none can.
    pub fn glob_blocked(&self, glob: &str) -> Result<Option<Blocked<'_>>, PathError> {
        let resolved = self.workspace.resolve(glob)?;
        let hit = match resolved.relative.as_deref() {
            Some(rel) => self.ignore.glob_may_match(rel),
            None => None,
        };
        Ok(hit.map(|by| Blocked { resolved, by }))
    }

    /// Why the whole tree below directory `dir` is blocked: it holds a workspace root (`.`
    /// at the root, `..` from it, `/`), hence the ignore file and every path the rules
    /// ignore. A subdirectory's tree is not judged: which files it holds is not known.
    pub fn tree_blocked(&self, dir: &str) -> Result<Option<Blocked<'_>>, PathError> {
        let resolved = self.workspace.resolve(dir)?;
        let holds_root = match resolved.relative.as_deref() {
            Some(rel) => rel.is_empty(),
            None => {
                let above = resolved.absolute.trim_end_matches(['/', '\\']);
                self.workspace.roots().iter().any(|root| {
                    root.strip_prefix(above)
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '\\']))
                })
            }
        };
        if !holds_root || self.source.text.is_none() {
            return Ok(None);
        }
        let by = self.ignore.matched(&self.source.file_name, false);
        Ok(by.map(|by| Blocked { resolved, by }))
    }

    /// The ignore rule that blocks `path`, if any. `cwd` (already relative to the primary root
    /// or absolute) is where a relative path is resolved from; `None` is the primary root.
    pub fn blocked_from(
        &self,
        cwd: Option<&str>,
        path: &str,
    ) -> Result<Option<Blocked<'_>>, PathError> {
        if cwd.is_none() {
            // A plain path needs no normalisation; resolve fully only to describe a block.
            if let Some((relative, is_dir)) = self.workspace.plain_relative(path) {
                if self.ignore.matched(relative, is_dir).is_none() {
                    return Ok(None);
                }
            }
        }
        let resolved = self.workspace.resolve_from(cwd, path)?;
        let hit = match resolved.relative.as_deref() {
            Some(rel) => self.ignore.matched(rel, resolved.is_dir),
            None => None,
        };
        Ok(hit.map(|by| Blocked { resolved, by }))
    }

    pub fn blocked(&self, path: &str) -> Result<Option<Blocked<'_>>, PathError> {
        self.blocked_from(None, path)
    }

    /// Fails closed: a path that cannot be resolved counts as ignored.
    pub fn is_ignored(&self, path: &str) -> bool {
        if let Some((relative, is_dir)) = self.workspace.plain_relative(path) {
            return self.ignore.is_ignored(relative, is_dir);
        }
        !matches!(self.blocked(path), Ok(None))
    }

    /// The paths that are not ignored, in order (one call for a whole listing).
    pub fn filter_paths<'p, I: IntoIterator<Item = &'p str>>(&self, paths: I) -> Vec<&'p str> {
        let mut batch = self.batch();
        paths.into_iter().filter(|p| !batch.is_ignored(p)).collect()
    }

    /// Answers for a whole listing, sharing work between paths in the same directory.
    pub fn batch(&self) -> AccessBatch<'_> {
        AccessBatch {
            access: self,
            ignore: self.ignore.batch(),
        }
    }

    /// Fails closed: a path that cannot be resolved is external.
    pub fn classify(&self, path: &str) -> Locality {
        self.workspace
            .resolve(path)
            .map(|r| r.locality())
            .unwrap_or(Locality::External)
    }
}

/// [`Access::is_ignored`] for many paths; see [`Access::batch`].
pub struct AccessBatch<'a> {
    access: &'a Access,
    ignore: IgnoreBatch<'a>,
}

impl AccessBatch<'_> {
    /// Same answer as [`Access::is_ignored`] (fails closed).
    pub fn is_ignored(&mut self, path: &str) -> bool {
        if let Some((relative, is_dir)) = self.access.workspace.plain_relative(path) {
            return self.ignore.is_ignored(relative, is_dir);
        }
        match self.access.workspace.resolve(path) {
            Ok(r) => match r.relative.as_deref() {
                Some(rel) => self.ignore.is_ignored(rel, r.is_dir),
                None => false,
            },
            Err(_) => true,
        }
    }
}

fn compile(source: &IgnoreSource, case_insensitive: bool) -> Result<Ignore, ConfigError> {
    IgnoreBuilder::default()
        .file_name(&source.file_name)
        .case_insensitive(case_insensitive)
        .includes(source.includes.clone())
        .build(source.text.as_deref())
        .map_err(|e| ConfigError::new("ignoreFile", e.message))
}
