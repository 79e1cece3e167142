//! The workspace view: the files the host says the workspace holds (`workspaceFiles`,
//! `setWorkspaceFiles`). With it, globs, `find` and recursive reads are decided from the real
//! tree instead of guessed at (see [`crate::reads`]).
//!
//! Each file is resolved against the workspace once, when the view is built: relative to the
//! primary root or absolute under any root; one outside every root, or naming a root itself,
//! is left out (the ignore rules do not reach it). Directories are implied by their files.
//! A root's files are kept as one text of sorted, distinct root-relative paths (case-folded
//! keys on a case-insensitive workspace) with their offsets, so the files below a directory
//! are one contiguous range found by binary search. Immutable once built: changing the view
//! builds a new one.

use std::borrow::Cow;

use crate::workspace::Workspace;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct View {
    /// One listing per workspace root (the implicit root when there are none).
    roots: Vec<Listing>,
    /// Names compare case-insensitively: the paths are kept lower-cased (ASCII).
    fold: bool,
}

/// Sorted, distinct root-relative paths, packed.
#[derive(Debug, Clone, PartialEq, Default)]
struct Listing {
    text: String,
    /// Where each path ends in `text`; path `i` starts where path `i - 1` ends.
    ends: Vec<u32>,
}

impl Listing {
    fn build(paths: Vec<&str>) -> Listing {
        let paths = crate::map::sorted_distinct(paths, |p| p);
        let mut text = String::with_capacity(paths.iter().map(|p| p.len()).sum());
        let mut ends = Vec::with_capacity(paths.len());
        for p in paths {
            text.push_str(p);
            ends.push(text.len() as u32);
        }
        Listing { text, ends }
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    /// The first index whose path is not less than `key`.
    fn lower_bound(&self, key: &str) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.get(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The paths equal to `dir` or below it (`dir` root-relative, "" for the root): the file
    /// `dir` itself, then the range of `dir/…` (contiguous in byte order).
    fn below(&self, dir: &str) -> impl Iterator<Item = &str> + '_ {
        let dir = dir.trim_end_matches('/');
        let (file, range) = if dir.is_empty() {
            (None, 0..self.len())
        } else {
            let exact = self.lower_bound(dir);
            let file = (exact < self.len() && self.get(exact) == dir).then_some(exact);
            let mut key = String::with_capacity(dir.len() + 1);
            key.push_str(dir);
            key.push('/');
            let start = self.lower_bound(&key);
            key.pop();
            key.push('0'); // the byte after '/'
            (file, start..self.lower_bound(&key))
        };
        file.into_iter().chain(range).map(move |i| self.get(i))
    }
}

/// A path of the view: which root, and the path relative to it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry<'a> {
    pub root: usize,
    pub relative: &'a str,
}

impl View {
    /// The view of `files` in `workspace`; see the module docs for what is left out.
    pub fn new<'f>(workspace: &Workspace, files: impl IntoIterator<Item = &'f str>) -> View {
        let roots = workspace.roots().len().max(1);
        let names = workspace.names();
        let fold = workspace.case_insensitive();
        let mut owned: Vec<(usize, String)> = Vec::new();
        let mut plain: Vec<&str> = Vec::new();
        for f in files {
            // most paths are plain and relative: kept as given, without a copy
            if let Some((rel, false)) = workspace.plain_relative(f) {
                match names.key(rel) {
                    Cow::Borrowed(k) if !fold => plain.push(k),
                    k => owned.push((0, key(&k, fold))),
                }
            } else if let Ok(r) = workspace.resolve(f) {
                if let (Some(root), Some(rel)) = (r.root, r.relative) {
                    if !rel.is_empty() && !r.is_dir {
                        owned.push((root, key(&names.key(&rel), fold)));
                    }
                }
            }
        }
        let listings = (0..roots)
            .map(|root| {
                let mut paths: Vec<&str> = if root == 0 {
                    std::mem::take(&mut plain)
                } else {
                    Vec::new()
                };
                paths.extend(
                    owned
                        .iter()
                        .filter(|(r, _)| *r == root)
                        .map(|(_, p)| p.as_str()),
                );
                Listing::build(paths)
            })
            .collect();
        View {
            roots: listings,
            fold,
        }
    }

    /// `relative` as the view keeps it (lower-cased when names fold).
    pub fn key<'a>(&self, relative: &'a str) -> Cow<'a, str> {
        if self.fold && relative.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(relative.to_ascii_lowercase())
        } else {
            Cow::Borrowed(relative)
        }
    }

    /// How many files the view holds.
    pub fn len(&self) -> usize {
        self.roots.iter().map(Listing::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every file of the view.
    pub fn files(&self) -> impl Iterator<Item = Entry<'_>> {
        self.roots.iter().enumerate().flat_map(|(root, l)| {
            (0..l.len()).map(move |i| Entry {
                root,
                relative: l.get(i),
            })
        })
    }

    /// The files at `relative` or below it in root `root` (a file, a directory, or "" for the
    /// root), in sorted order.
    pub fn below<'a>(&'a self, root: usize, relative: &str) -> impl Iterator<Item = &'a str> + 'a {
        let key = self.key(relative).into_owned();
        self.roots
            .get(root)
            .into_iter()
            .flat_map(move |l| l.below(&key).collect::<Vec<_>>())
    }

    /// Whether `relative` is a file of root `root`.
    pub fn is_file(&self, root: usize, relative: &str) -> bool {
        let key = self.key(relative);
        self.roots.get(root).is_some_and(|l| {
            let i = l.lower_bound(&key);
            i < l.len() && l.get(i) == key
        })
    }

    /// Whether `relative` is a directory of root `root` (some file lies below it; the root
    /// itself is one).
    pub fn is_dir(&self, root: usize, relative: &str) -> bool {
        let dir = relative.trim_end_matches('/');
        dir.is_empty() || self.below(root, dir).any(|p| p.len() > dir.len())
    }

    /// The entries directly in directory `relative` of root `root`: (name, is a directory),
    /// each once.
    pub fn children<'a>(&'a self, root: usize, relative: &str) -> Vec<(&'a str, bool)> {
        let dir = relative.trim_end_matches('/');
        let skip = if dir.is_empty() { 0 } else { dir.len() + 1 };
        // a directory as its name and `/`, a file as its name
        let mut names: Vec<&str> = Vec::new();
        for p in self.below(root, dir) {
            let Some(rest) = p.get(skip..).filter(|r| !r.is_empty()) else {
                continue;
            };
            names.push(match rest.find('/') {
                Some(at) => &rest[..=at],
                None => rest,
            });
        }
        // `a`, `a-b/x`, `a/c`: one name's entries need not be adjacent
        crate::map::sorted_distinct(names, |n| n)
            .into_iter()
            .map(|n| match n.strip_suffix('/') {
                Some(dir) => (dir, true),
                None => (n, false),
            })
            .collect()
    }
}

/// A name key as kept: lower-cased (ASCII) when names fold.
fn key(k: &str, fold: bool) -> String {
    if fold {
        k.to_ascii_lowercase()
    } else {
        k.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::PathSettings;

    fn view(files: &[&str]) -> View {
        let ws = Workspace::new(
            &["/ws".to_string(), "/other".to_string()],
            PathSettings::default(),
        )
        .unwrap();
        View::new(&ws, files.iter().copied())
    }

    #[test]
    fn files_resolve_against_the_roots() {
        let v = view(&[
            "src/a.ts",
            "./src/b.ts",
            "/ws/README.md",
            "/other/x",
            "/elsewhere/y",
            "src/a.ts",
            "../out",
        ]);
        let all: Vec<(usize, &str)> = v.files().map(|e| (e.root, e.relative)).collect();
        assert_eq!(
            all,
            vec![(0, "README.md"), (0, "src/a.ts"), (0, "src/b.ts"), (1, "x")]
        );
    }

    #[test]
    fn below_is_the_directory_or_the_file() {
        let v = view(&["src/a", "src/b/c", "src-x/d", "src.txt", "srcz"]);
        assert_eq!(v.below(0, "src").collect::<Vec<_>>(), ["src/a", "src/b/c"]);
        assert_eq!(v.below(0, "src/").collect::<Vec<_>>(), ["src/a", "src/b/c"]);
        assert_eq!(v.below(0, "src.txt").collect::<Vec<_>>(), ["src.txt"]);
        assert_eq!(v.below(0, "").count(), 5);
        assert_eq!(v.below(0, "nope").count(), 0);
        assert!(v.is_dir(0, "src/b") && !v.is_dir(0, "src/a") && v.is_file(0, "src/a"));
        assert_eq!(v.children(0, "src"), vec![("a", false), ("b", true)]);
        let mut root = v.children(0, "");
        root.sort_unstable();
        assert_eq!(
            root,
            vec![
                ("src", true),
                ("src-x", true),
                ("src.txt", false),
                ("srcz", false)
            ]
        );
    }
}
