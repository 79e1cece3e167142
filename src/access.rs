//! Access control for paths: the workspace (where a path lies) plus the ignore rules (whether
//! a path inside it is blocked). Paths outside every root are not subject to the ignore rules:
//! they are the approval engine's concern ("external"). On Windows, a component that may be an
//! 8.3 short name (`SECRET~1`) is not vouched for: it is blocked when the entry it may stand for
//! could be ignored.

use crate::ignore::{common_prefix, Ignore, IgnoreBatch, IgnoreBuilder, IgnoreMatch};
use crate::map::NameMap;
use crate::platform::{Flavour, Names, PathSettings};
use crate::settings::{ErrorCode, RecursiveReads, SettingsError};
use crate::text::has_any;
use crate::verdict::Locality;
use crate::view::View;
use crate::workspace::{byte_eq, may_be_short_name, word_at, PathError, Resolved, Workspace};

/// Everything needed to rebuild the ignore matcher when roots or the file change.
#[derive(Debug, Clone, PartialEq)]
pub struct IgnoreSource {
    pub text: Option<String>,
    pub includes: NameMap<String>,
    pub file_name: String,
}

#[derive(Debug, Clone)]
pub struct Access {
    /// The roots as configured, for snapshots.
    roots: Vec<String>,
    workspace: Workspace,
    ignore: Ignore,
    source: IgnoreSource,
    /// The workspace view, when the host gave one (shared: it can be large).
    view: Option<std::sync::Arc<View>>,
    recursive_reads: RecursiveReads,
}

/// See [`Access::glob_risk`].
#[derive(Debug, Clone, PartialEq)]
pub enum GlobRisk<'a> {
    Clear,
    May(Blocked<'a>),
    All(Blocked<'a>),
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
        settings: PathSettings,
        source: IgnoreSource,
    ) -> Result<Access, SettingsError> {
        crate::settings::check_roots(roots)?;
        let workspace = Workspace::new(roots, settings).map_err(|e| {
            let at = roots.iter().position(|r| *r == e.path).unwrap_or(0);
            SettingsError::new(
                ErrorCode::InvalidPath,
                format!("workspaceRoots[{at}]"),
                format!("{}: {}", crate::shell::Quoted(&e.path), e.message),
            )
        })?;
        let ignore = compile(&source, workspace.names())?;
        Ok(Access {
            roots: roots.to_vec(),
            workspace,
            ignore,
            source,
            view: None,
            recursive_reads: RecursiveReads::default(),
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
    pub fn set_ignore(&mut self, source: IgnoreSource) -> Result<(), SettingsError> {
        self.ignore = compile(&source, self.workspace.names())?;
        self.source = source;
        Ok(())
    }

    /// Replaces the roots; on error nothing changes. The view is dropped: its files were
    /// placed against the old roots.
    pub fn set_roots(&mut self, roots: &[String]) -> Result<(), SettingsError> {
        let reads = self.recursive_reads;
        *self = Access::new(roots, self.workspace.settings(), self.source.clone())?;
        self.recursive_reads = reads;
        Ok(())
    }

    /// The workspace view, if known.
    pub fn view(&self) -> Option<&View> {
        self.view.as_deref()
    }

    /// Replaces the view with one of `files` (see [`View::new`]); `None` forgets it.
    pub fn set_view<'f>(&mut self, files: Option<impl IntoIterator<Item = &'f str>>) {
        self.view = files.map(|f| std::sync::Arc::new(View::new(&self.workspace, f)));
    }

    pub fn recursive_reads(&self) -> RecursiveReads {
        self.recursive_reads
    }

    pub fn set_recursive_reads(&mut self, reads: RecursiveReads) {
        self.recursive_reads = reads;
    }

    /// Without a view: an ignore line that may name a file below directory `dir` (for a walk
    /// that skips hidden names when `skips_hidden`, a line naming only dotfiles cannot). At
    /// the root (or above it) every line can, the ignore file's own name included. Below it,
    /// only an anchored line pointing into `dir` (`/src/config/secret.json`): an unanchored
    /// one (`.env`, `*.pem`) is taken for the entries at the root, where projects keep them —
    /// the workspace view makes it exact.
    pub fn tree_may_hold(&self, dir: &str, skips_hidden: bool) -> Option<IgnoreMatch<'_>> {
        let resolved = self.workspace.resolve(dir).ok()?;
        let parts: Vec<&str> = match resolved.relative.as_deref() {
            Some(rel) => rel.split('/').filter(|c| !c.is_empty()).collect(),
            // above the roots, it holds them; elsewhere the rules do not reach
            None => {
                self.tree_blocked(dir).ok()??;
                Vec::new()
            }
        };
        let fold = self.workspace.case_insensitive();
        self.ignore.positive_patterns().into_iter().find_map(|p| {
            let hidden = skips_hidden && p.pattern.starts_with('.');
            let hit = if parts.is_empty() {
                !hidden
            } else if p.basename || p.by.line == 0 {
                false
            } else {
                // the directory lies on the line's way or below it
                p.pattern.split('/').zip(&parts).all(|(r, c)| {
                    r.contains("**") || crate::glob_overlap::overlap(c, r, fold, false)
                })
            };
            hit.then_some(p.by)
        })
    }

    /// What the names a glob (or a program's pattern) may stand for have to do with the
    /// ignore rules, judged per component without a file system (see [`crate::glob_overlap`]):
    /// * [`GlobRisk::All`] when the glob read literally is ignored (`*.pem`, `secrets/*`):
    ///   every name it matches is;
    /// * [`GlobRisk::May`] when a component can name what an ignore line names (`.e*` and
    ///   `.env`, `index.*` and `*.pem`, `sec*/x` and `secrets/`). A component of only
    ///   wildcards (`*`, `**`, `?`) stands for the entries of its directory, as a recursive
    ///   read (`grep -r x src`) does: it is not taken for a name an unanchored line spells
    ///   (`secrets/`, `*.pem`), only for a dotfile (`.env`), and that only when a program
    ///   expands it: with `shell`, a leading `*` or `?` never names a dotfile;
    ///   A glob that may name the ignore file itself (`rm .cline*`) counts as
    ///   [`GlobRisk::All`]: removing it switches every rule off;
    /// * [`GlobRisk::Clear`] otherwise, and for a path outside the workspace.
    pub fn glob_risk(&self, glob: &str, shell: bool) -> Result<GlobRisk<'_>, PathError> {
        let resolved = self.workspace.resolve(glob)?;
        let Some(rel) = resolved.relative.clone() else {
            return self.absolute_glob_risk(&resolved.absolute, shell);
        };
        if let Some(by) = self.ignore.matched(&rel, resolved.is_dir) {
            return Ok(GlobRisk::All(Blocked { resolved, by }));
        }
        let fold = self.workspace.case_insensitive();
        let parts: Vec<&str> = rel.split('/').filter(|c| !c.is_empty()).collect();
        for p in self.ignore.positive_patterns() {
            let hit = if p.basename {
                // a wildcard-only component names a dotfile only as the last one; a
                // directory on the way without a dot of its own is not taken for a
                // file-extension line (`sr*/x` for `sr.pem/x` under `*.pem`; `*.pe?/x` is)
                let dotfile = p.pattern.starts_with('.');
                let extension = p
                    .pattern
                    .strip_prefix("*.")
                    .is_some_and(|ext| !ext.is_empty() && !ext.contains(['*', '?', '[', '\\']));
                let last = parts.len().saturating_sub(1);
                parts.iter().enumerate().any(|(i, c)| {
                    (!crate::glob_overlap::wildcard_only(c) || (dotfile && i == last))
                        && (i == last || !extension || c.contains('.'))
                        && crate::glob_overlap::overlap(c, p.pattern, fold, shell)
                })
            } else {
                // an anchored line, component by component from the root
                p.pattern.split('/').zip(&parts).all(|(r, c)| {
                    r.contains("**")
                        || c.contains("**")
                        || crate::glob_overlap::overlap(c, r, fold, shell)
                })
            };
            if hit {
                let b = Blocked { resolved, by: p.by };
                // the ignore file guards every rule: a glob that may name it is refused
                return Ok(if b.by.line == 0 {
                    GlobRisk::All(b)
                } else {
                    GlobRisk::May(b)
                });
            }
        }
        Ok(GlobRisk::Clear)
    }

    /// An absolute glob outside every root whose leading components may name a root
    /// (`/w?/.env`, `/*s/secrets/a`): what follows them, inside that root.
    fn absolute_glob_risk(&self, glob: &str, shell: bool) -> Result<GlobRisk<'_>, PathError> {
        let fold = self.workspace.case_insensitive();
        let parts: Vec<&str> = glob.split('/').filter(|c| !c.is_empty()).collect();
        if !parts.iter().any(|c| has_any(c, b"*?[")) {
            return Ok(GlobRisk::Clear);
        }
        for root in self.workspace.roots() {
            let names: Vec<&str> = root.split('/').filter(|c| !c.is_empty()).collect();
            let Some(rest) = parts.get(names.len()..).filter(|r| !r.is_empty()) else {
                continue;
            };
            let may_be_root = parts
                .iter()
                .zip(&names)
                .all(|(c, r)| c == r || crate::glob_overlap::overlap(c, r, fold, shell));
            if may_be_root && !parts[..names.len()].iter().any(|c| c.contains("**")) {
                let inside = format!("{}/{}", root.trim_end_matches('/'), rest.join("/"));
                return Ok(match self.glob_risk(&inside, shell)? {
                    // it names the root only if the glob matches it
                    GlobRisk::All(b) => GlobRisk::May(b),
                    risk => risk,
                });
            }
        }
        Ok(GlobRisk::Clear)
    }

    /// The ignore rule that may block some file `find` selects by name (`find . -name
    /// '.cline*' -delete` → `./.cline*`; see [`Ignore::glob_may_match`], which reads the
    /// pattern as a program does); `Ok(None)` when none can.
    pub fn glob_blocked(&self, glob: &str) -> Result<Option<Blocked<'_>>, PathError> {
        let resolved = self.workspace.resolve(glob)?;
        let hit = match resolved.relative.as_deref() {
            Some(rel) => self.ignore.glob_may_match(rel),
            None => None,
        };
        Ok(hit.map(|by| Blocked { resolved, by }))
    }

    /// [`Access::glob_risk`] for a name pattern applied at any depth under a directory
    /// (`find DIR -name PATTERN`, `git ls-files PATTERN`): whether a name it matches can be
    /// one an unanchored ignore line names (programs match dotfiles).
    pub fn name_pattern_risk(&self, pattern: &str) -> Option<crate::ignore::IgnoreMatch<'_>> {
        let fold = self.workspace.case_insensitive();
        let name = pattern.rsplit('/').next().unwrap_or(pattern);
        self.ignore
            .positive_patterns()
            .into_iter()
            .find(|p| {
                let rule = p.pattern.rsplit('/').next().unwrap_or(p.pattern);
                rule.contains("**") || crate::glob_overlap::overlap(name, rule, fold, false)
            })
            .map(|p| p.by)
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

    /// Deleting or moving away the directory `dir` takes a file an `!include` pulls in with
    /// it (which holds rules like the ignore file, and exists: its text was given). A
    /// directory holding a root is the critical patterns' (`rm -rf .` asks).
    pub fn removal_blocked(&self, dir: &str) -> Result<Option<Blocked<'_>>, PathError> {
        let resolved = self.workspace.resolve(dir)?;
        let Some(rel) = resolved.relative.as_deref() else {
            return Ok(None);
        };
        let fold = self.ignore.case_insensitive();
        let below = |name: &str| {
            let (name, rel) = match fold {
                true => (name.to_ascii_lowercase(), rel.to_ascii_lowercase()),
                false => (name.to_string(), rel.to_string()),
            };
            name.strip_prefix(rel.as_str())
                .is_some_and(|rest| rest.starts_with('/'))
        };
        let by = self
            .ignore
            .included()
            .iter()
            .map(|n| crate::shell::strip_all(n, "./").trim_matches('/'))
            .filter(|n| below(n))
            .find_map(|n| self.ignore.matched(n, false));
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
        self.blocked_resolved(cwd, path)
    }

    /// [`Access::blocked_from`] without the plain-path precheck: for a caller that has already
    /// found the plain path ignored and needs the block described (resolved fully).
    pub fn blocked_resolved(
        &self,
        cwd: Option<&str>,
        path: &str,
    ) -> Result<Option<Blocked<'_>>, PathError> {
        let resolved = self.workspace.resolve_from(cwd, path)?;
        let hit = match resolved.relative.as_deref() {
            Some(rel) => self
                .ignore
                .matched(rel, resolved.is_dir)
                .or_else(|| self.short_name_hit(rel)),
            None => None,
        };
        Ok(hit.map(|by| Blocked { resolved, by }))
    }

    /// On Windows, the rule that may ignore the entry a short-name component (`SECRET~1`,
    /// `KEY~1.PEM`) stands for: the component is read as a glob of the long names it may be
    /// short for (the first two letters of its stem, in order, then `.EXT` when it has one).
    fn short_name_hit(&self, relative: &str) -> Option<IgnoreMatch<'_>> {
        if self.workspace.flavour() != Flavour::Windows || !relative.contains('~') {
            return None;
        }
        let mut any = false;
        let parts: Vec<String> = relative
            .split('/')
            .map(|part| {
                if !may_be_short_name(part) {
                    return escape_glob(part);
                }
                any = true;
                let (base, ext) = match part.rsplit_once('.') {
                    Some((b, e)) => (b, Some(e)),
                    None => (part, None),
                };
                let stem = base.rsplit_once('~').map_or(base, |(s, _)| s);
                let mut glob = String::from("*");
                for c in stem.chars().take(2) {
                    push_either_case(&mut glob, c);
                    glob.push('*');
                }
                if let Some(ext) = ext {
                    glob.push('.');
                    ext.chars().for_each(|c| push_either_case(&mut glob, c));
                    glob.push('*');
                }
                glob
            })
            .collect();
        if !any {
            return None;
        }
        self.ignore.glob_may_match(&parts.join("/"))
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

    /// For a listing joined by NUL into `joined` (`count` paths), whether each is kept, in
    /// order; `None` when it is not `count` paths (a path holds a NUL). The separators are
    /// found a word at a time.
    pub fn kept_joined(&self, joined: &str, count: usize) -> Option<Vec<bool>> {
        let bytes = joined.as_bytes();
        let mut batch = self.batch();
        let mut kept = Vec::with_capacity(count);
        let mut start = 0;
        loop {
            if kept.len() == count {
                return None;
            }
            let end = next_nul(bytes, start);
            kept.push(!batch.is_ignored(joined.get(start..end)?));
            if end == bytes.len() {
                break;
            }
            start = end + 1;
        }
        (kept.len() == count).then_some(kept)
    }

    /// Answers for a whole listing, sharing work between paths in the same directory.
    pub fn batch(&self) -> AccessBatch<'_> {
        AccessBatch {
            access: self,
            ignore: self.ignore.batch(),
            excluded: String::new(),
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
    /// A plain path's text through the `/` after a directory of it that is excluded (or
    /// empty): a plain path that starts with it is ignored, whatever follows. A sorted
    /// listing's `node_modules/…` is answered by it, reading only what follows.
    excluded: String,
}

impl AccessBatch<'_> {
    /// Same answer as [`Access::is_ignored`] (fails closed).
    pub fn is_ignored(&mut self, path: &str) -> bool {
        let ws = &self.access.workspace;
        let known = self.excluded.len();
        if known > 0
            && common_prefix(path.as_bytes(), self.excluded.as_bytes()) == known
            && ws.plain_relative_after(path, known).is_some()
        {
            return true;
        }
        if let Some((relative, is_dir)) = ws.plain_relative(path) {
            let ignored = self.ignore.is_ignored(relative, is_dir);
            if let Some(end) = ignored
                .then(|| self.ignore.excluded_end(relative))
                .flatten()
            {
                // `relative` ends `path` (but for the `/` that makes it a directory).
                let start = path.len() - usize::from(is_dir) - relative.len();
                self.excluded.clear();
                self.excluded.push_str(&path[..start + end + 1]);
            }
            return ignored;
        }
        match self.access.workspace.resolve(path) {
            Ok(r) => match r.relative.as_deref() {
                Some(rel) => {
                    self.ignore.is_ignored(rel, r.is_dir)
                        || self.access.short_name_hit(rel).is_some()
                }
                None => false,
            },
            Err(_) => true,
        }
    }
}

/// The index of the first NUL in `bytes` from `at`, else its length.
fn next_nul(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() {
        let (word, n) = word_at(bytes, at);
        let nul = byte_eq(word, 0) & (u64::MAX >> (8 * (8 - n)));
        if nul != 0 {
            return at + nul.trailing_zeros() as usize / 8;
        }
        at += n;
    }
    bytes.len()
}

/// `text` as a glob that matches it alone.
fn escape_glob(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `c` as a glob: a letter in either case (short names are case-insensitive whatever the
/// volume does), a glob character escaped.
fn push_either_case(out: &mut String, c: char) {
    if c.is_ascii_alphabetic() {
        out.extend(['[', c.to_ascii_lowercase(), c.to_ascii_uppercase(), ']']);
    } else {
        out.push_str(&escape_glob(c.encode_utf8(&mut [0; 4])));
    }
}

fn compile(source: &IgnoreSource, names: Names) -> Result<Ignore, SettingsError> {
    IgnoreBuilder::default()
        .file_name(&source.file_name)
        .names(names)
        .includes(source.includes.clone())
        .build(source.text.as_deref())
        .map_err(|e| SettingsError::new(ErrorCode::InvalidIgnoreFile, "ignoreFile", e.message))
}
