//! What a command reads, decided against the workspace view ([`crate::view`]): the names a
//! shell glob expands to (bash's rules), the entries `find` selects for an action (walking
//! the view with its tests), and the files a recursive reader reads below its operands
//! ([`crate::shell::recursive`]). Each read of a file the rules ignore is a [`Hit`]; it is
//! `certain` unless something the view does not show decides it (a `.gitignore` the program
//! honours above the file, a `find` test on what only the disk knows).
//!
//! Without a view, [`blind_walk`] says whether a recursive read may reach an ignored file.

use crate::access::{Access, Blocked};
use crate::ignore::IgnoreMatch;
use crate::shell::recursive::{self, Filter, Walk};
use crate::shell::trees;
use crate::shell::{Analysis, PathOperand, SimpleCommand};
use crate::view::View;

/// A read of an ignored file.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit<'a> {
    /// Index into [`Analysis::commands`].
    pub command: usize,
    /// The word that led there (the glob, the directory, `find`'s start).
    pub word: String,
    pub blocked: Blocked<'a>,
    /// The program certainly reads it.
    pub certain: bool,
}

/// Every read of an ignored file the view shows, certain ones first.
pub fn hits<'a>(access: &'a Access, view: &View, analysis: &Analysis) -> Vec<Hit<'a>> {
    let mut out = Vec::new();
    let opts = Shopt::of(analysis);
    for op in analysis.path_operands() {
        if !op.glob || !expands(access, &op) {
            continue;
        }
        let Some((root, names)) = expand(access, view, &op.path, opts) else {
            continue;
        };
        for (rel, is_dir) in names {
            if let Some(b) = blocked(access, root, &rel, is_dir) {
                out.push(Hit {
                    command: op.command,
                    word: op.word.to_string(),
                    blocked: b,
                    certain: true,
                });
                break;
            }
        }
    }
    for w in recursive::walks(analysis) {
        if let Some(h) = walk_hit(access, view, &w, opts) {
            out.push(h);
        }
    }
    for (ci, c) in analysis.commands.iter().enumerate() {
        if c.name() == Some("find") && trees::find_acts(analysis, c) {
            if let Some(mut h) = find_hit(access, view, c) {
                h.command = ci;
                out.push(h);
            }
        }
    }
    // certain ones first (a stable partition: no sort to instantiate)
    let (mut first, maybe): (Vec<Hit>, Vec<Hit>) = out.into_iter().partition(|h| h.certain);
    first.extend(maybe);
    first
}

/// With a view, the commands (indices) that walk a tree: their patterns are the walk's
/// filters. Empty without one.
pub fn walkers(access: &Access, analysis: &Analysis) -> Vec<usize> {
    match access.view() {
        Some(_) => recursive::walks(analysis)
            .iter()
            .map(|w| w.command)
            .collect(),
        None => Vec::new(),
    }
}

/// Whether operand `op` is the value of a walk's filter option (`--exclude=.env`, `-g '!*.pem'`,
/// `--exclude-dir secrets`): a name the walk skips or keeps, not a file it opens.
pub fn filter_value(analysis: &Analysis, walkers: &[usize], op: &PathOperand) -> bool {
    walkers.contains(&op.command) && is_filter(analysis, op)
}

/// Without a view: what a walk's filter value (see [`filter_value`]) adds to the walk.
/// `None`: `op` is no such value. `Some(true)`: nothing, the walk lists names and opens no
/// file (`rg --files -g '*.pem' src`). `Some(false)`: it selects which files the walk reads.
pub fn walk_filter(analysis: &Analysis, op: &PathOperand) -> Option<bool> {
    if !is_filter(analysis, op) {
        return None;
    }
    let walks = recursive::walks(analysis);
    let mut ours = walks.iter().filter(|w| w.command == op.command).peekable();
    ours.peek()?;
    Some(ours.all(|w| w.filter.names_only))
}

/// Whether operand `op` is the value of a filter option of its command.
fn is_filter(analysis: &Analysis, op: &PathOperand) -> bool {
    let (Some(i), Some(c)) = (op.index, analysis.commands.get(op.command)) else {
        return false;
    };
    filter_at(c, i)
}

/// Whether word `i` of `c` is the value of a filter option (`--include=*.ts`, `-g '*.pem'`).
pub fn filter_at(c: &SimpleCommand, i: usize) -> bool {
    const FILTERS: &[&str] = &[
        "--include",
        "--exclude",
        "--exclude-dir",
        "--glob",
        "--iglob",
        "--ignore",
        "--ignore-dir",
        "-g",
    ];
    let glued = c
        .words
        .get(i)
        .and_then(|w| w.split_once('='))
        .map(|(o, _)| o);
    let before = i
        .checked_sub(1)
        .and_then(|j| c.words.get(j))
        .map(String::as_str);
    glued.or(before).is_some_and(|o| FILTERS.contains(&o))
}

/// Whether the view can decide what operand `op` names: its text is known and it lies inside
/// a root (elsewhere, or unresolvable, it is judged as before).
pub fn expands(access: &Access, op: &PathOperand) -> bool {
    // extended globs (`@(…)`, `!(…)`) and zsh's qualifiers (`*(D)`) are not bash's plain rules
    !op.dynamic
        && !op.unknown
        && !op.path.contains('(')
        && access
            .workspace()
            .resolve(&op.path)
            .is_ok_and(|r| r.relative.is_some())
}

/// Whether the names `find` prints (for `xargs`, `$(…)`, `-exec … {}`) may be an ignored
/// file, by the view.
pub fn find_selects_ignored(access: &Access, view: &View, find: &SimpleCommand) -> bool {
    unknown_find(find) || find_hit(access, view, find).is_some()
}

/// `find`'s start points (or its directory) are known only when it runs.
fn unknown_find(find: &SimpleCommand) -> bool {
    find.cwd_dynamic
        || trees::find_starts(&find.words)
            .0
            .iter()
            .any(|s| s.contains(['$', '`']))
}

/// Whether a recursive listing (`grep -rl x src`, `rg --files`) may print an ignored file's
/// name, by the view; `None` when `c` is no recursive reader.
pub fn listing_may_name_ignored(
    access: &Access,
    view: &View,
    analysis: &Analysis,
    ci: usize,
) -> Option<bool> {
    let walks: Vec<Walk> = recursive::walks(analysis)
        .into_iter()
        .filter(|w| w.command == ci)
        .collect();
    if walks.is_empty() {
        return None;
    }
    let opts = Shopt::of(analysis);
    Some(walks.iter().any(|w| {
        let mut w = w.clone();
        w.filter.names_only = false;
        walk_hit(access, view, &w, opts).is_some()
    }))
}

/// Whether `git ls-files PATHSPEC…` can only print names the rules do not ignore, by the
/// view (a pathspec's `*` crosses `/`); `None` when `c` is not such a listing.
pub fn ls_files_safe(access: &Access, view: &View, c: &SimpleCommand) -> Option<bool> {
    let at = c.words.iter().position(|w| w == "ls-files")?;
    let specs: Vec<&String> = c.words[at + 1..]
        .iter()
        .filter(|w| !w.starts_with('-'))
        .collect();
    if specs.is_empty() || c.cwd.is_some() || specs.iter().any(|s| s.contains(['$', '`', ':'])) {
        return None;
    }
    let mut ignore = access.ignore().batch();
    Some(!view.files().any(|e| {
        specs.iter().any(|s| {
            let s = s.trim_start_matches("./");
            fnmatch(s, e.relative, false)
                || e.relative
                    .starts_with(&format!("{}/", s.trim_end_matches('/')))
        }) && ignore.matched(e.relative, false).is_some()
    }))
}

/// Without a view: the ignore line that may name a file a recursive read of the commands
/// reaches, with its walk, when `recursiveReads` is `prompt`.
pub fn blind_walk<'a>(access: &'a Access, analysis: &Analysis) -> Option<(Walk, IgnoreMatch<'a>)> {
    if access.recursive_reads() != crate::settings::RecursiveReads::Prompt {
        return None;
    }
    recursive::walks(analysis).into_iter().find_map(|w| {
        if w.filter.names_only || w.path.contains(['$', '`']) || names_a_file(&w.word) {
            return None;
        }
        let by = access.tree_may_hold(&w.path, w.filter.skips_hidden)?;
        Some((w, by))
    })
}

/// A word whose last name has an extension (`package.json`, `src/config.ts`) is taken for
/// the file it names, which the path checks judge; a walk needs a directory to reach more.
fn names_a_file(word: &str) -> bool {
    let last = word.trim_end_matches('/');
    let last = last.rsplit('/').next().unwrap_or(last);
    !word.ends_with('/')
        && last.len() > 1
        && last.as_bytes()[1..].contains(&b'.')
        && !last.ends_with('.')
}

/// Why `rel` (in root `root`) is blocked, if it is.
fn blocked<'a>(access: &'a Access, root: usize, rel: &str, is_dir: bool) -> Option<Blocked<'a>> {
    access.ignore().matched(rel, is_dir)?;
    let path = match access.workspace().roots().get(root) {
        Some(r) => format!("{}/{rel}", r.trim_end_matches(['/', '\\'])),
        None => rel.to_string(),
    };
    let path = if is_dir { format!("{path}/") } else { path };
    access.blocked_resolved(None, &path).ok().flatten()
}

/// Where `path` lies: (root, relative) for a path inside a root; for one above every root
/// (`..`, `/`), each root it holds, whole.
fn places(access: &Access, path: &str) -> Vec<(usize, String)> {
    let Ok(r) = access.workspace().resolve(path) else {
        return Vec::new();
    };
    if let (Some(root), Some(rel)) = (r.root, r.relative) {
        return vec![(root, rel)];
    }
    let above = r.absolute.trim_end_matches(['/', '\\']);
    access
        .workspace()
        .roots()
        .iter()
        .enumerate()
        .filter(|(_, root)| {
            root.strip_prefix(above)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '\\']))
        })
        .map(|(i, _)| (i, String::new()))
        .collect()
}

// ---- globs --------------------------------------------------------------------------------

/// The shell options that change what a glob matches, named anywhere in the line (`shopt -s
/// dotglob`, `bash -O dotglob -c …`, `BASHOPTS=dotglob`, `GLOBIGNORE=…`): either state is taken,
/// the union of both readings. A line run by another shell (zsh, ksh) is read with all of them.
#[derive(Debug, Clone, Copy, Default)]
struct Shopt {
    dotglob: [bool; 2],
    nocaseglob: [bool; 2],
    globstar: [bool; 2],
}

impl Shopt {
    fn of(analysis: &Analysis) -> Shopt {
        let mut o = Shopt::default();
        let mut set = |text: &str| {
            for t in text.split([':', ' ', '=', ',', ';']) {
                let t = t.trim_start_matches(['-', '+']).to_ascii_lowercase();
                let t = t
                    .strip_prefix("no")
                    .filter(|r| r.contains("glob"))
                    .unwrap_or(&t);
                match t.replace('_', "").as_str() {
                    "dotglob" | "globdots" => o.dotglob[1] = true,
                    "caseglob" | "nocaseglob" => o.nocaseglob[1] = true,
                    "globstar" => o.globstar[1] = true,
                    _ => {}
                }
            }
        };
        for c in &analysis.commands {
            let other_shell = |name: &str| {
                matches!(
                    name.rsplit('/').next().unwrap_or(name),
                    "zsh" | "ksh" | "mksh" | "ksh93" | "fish" | "tcsh" | "csh"
                )
            };
            if c.name().is_some_and(other_shell)
                || c.wrappers
                    .iter()
                    .any(|w| w.words.first().is_some_and(|n| other_shell(n)))
            {
                set("dotglob nocaseglob globstar");
            }
            for (k, v) in &c.assignments {
                if k == "GLOBIGNORE" {
                    set("dotglob");
                }
                set(v);
            }
            c.words.iter().for_each(|w| set(w));
            c.wrappers
                .iter()
                .flat_map(|w| &w.words)
                .for_each(|w| set(w));
        }
        o
    }

    /// Each reading of the options: (dotglob, nocaseglob, globstar).
    fn readings(self) -> Vec<(bool, bool, bool)> {
        let mut out = Vec::new();
        for d in [false, self.dotglob[1]] {
            for n in [false, self.nocaseglob[1]] {
                for g in [false, self.globstar[1]] {
                    if !out.contains(&(d, n, g)) {
                        out.push((d, n, g));
                    }
                }
            }
        }
        out
    }
}

fn globby(s: &str) -> bool {
    s.bytes().any(|b| matches!(b, b'*' | b'?' | b'['))
}

/// The names a shell glob expands to in the view: its root, and (relative, is a directory). `None`
/// when it cannot be expanded there (outside every root, not a valid path).
fn expand(
    access: &Access,
    view: &View,
    path: &str,
    opts: Shopt,
) -> Option<(usize, Vec<(String, bool)>)> {
    let r = access.workspace().resolve(path).ok()?;
    let (root, rel) = (r.root?, r.relative?);
    let parts: Vec<&str> = rel.split('/').filter(|c| !c.is_empty()).collect();
    let mut out: Vec<(String, bool)> = Vec::new();
    for (dotglob, nocase, globstar) in opts.readings() {
        let mut frontier: Vec<(String, bool)> = vec![(String::new(), true)];
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            let mut next = Vec::new();
            for (dir, _) in frontier.iter().filter(|(_, d)| *d) {
                if globstar && *part == "**" {
                    // any number of directories, this one included
                    next.push((dir.clone(), true));
                    for p in view.below(root, dir) {
                        let sub = sub_path(dir, p);
                        let comps: Vec<&str> = sub.split('/').collect();
                        for k in 1..=comps.len() {
                            let is_dir = k < comps.len();
                            if (!dotglob && comps[..k].iter().any(|c| c.starts_with('.')))
                                || (!last && !is_dir)
                            {
                                break;
                            }
                            next.push((join(dir, &comps[..k].join("/")), is_dir));
                        }
                    }
                } else if globby(part) {
                    for (name, is_dir) in view.children(root, dir) {
                        let hidden_ok = dotglob || part.starts_with('.') || !name.starts_with('.');
                        if hidden_ok && (last || is_dir) && fnmatch(part, name, nocase) {
                            next.push((join(dir, name), is_dir));
                        }
                    }
                } else {
                    let path = join(dir, part);
                    if view.is_dir(root, &path) {
                        next.push((path, true));
                    } else if last && view.is_file(root, &path) {
                        next.push((path, false));
                    }
                }
            }
            sort_entries(&mut next);
            frontier = next;
        }
        out.extend(frontier);
    }
    sort_entries(&mut out);
    Some((root, out))
}

/// Sorts and deduplicates (path, is a directory) entries: a parent before what it holds.
fn sort_entries(entries: &mut Vec<(String, bool)>) {
    // directories first: of two equal names the later comes first, so the file leads, as in
    // the tuples' order
    let (mut all, files): (Vec<_>, Vec<_>) = entries.drain(..).partition(|e| e.1);
    all.extend(files);
    *entries = crate::map::sorted_distinct(all, |e| &e.0);
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

/// `path` below `dir` ("" when it is `dir`).
fn sub_path<'p>(dir: &str, path: &'p str) -> &'p str {
    if dir.is_empty() {
        path
    } else {
        path.get(dir.len() + 1..).unwrap_or("")
    }
}

/// POSIX `fnmatch` without `FNM_PATHNAME` or `FNM_PERIOD` (what `find -name`/`-path` and
/// `grep --include` use; the shell's leading-dot rule is applied by its caller; `fold` is
/// ASCII, as the crate's case folding is): `*` any run,
/// `?` one character, `[…]` a class (`!`/`^` negates, ranges), `\x` the character `x`. An
/// unclosed `[` is itself.
pub fn fnmatch(pattern: &str, name: &str, fold: bool) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = name.chars().collect();
    let eq = |a: char, b: char| a == b || (fold && a.eq_ignore_ascii_case(&b));
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        let step = match p.get(pi) {
            Some('*') => {
                star = Some((pi, ti));
                pi += 1;
                continue;
            }
            Some('?') => Some(pi + 1),
            Some('[') => class(&p, pi, t[ti], fold).or_else(|| eq('[', t[ti]).then_some(pi + 1)),
            Some('\\') if pi + 1 < p.len() => eq(p[pi + 1], t[ti]).then_some(pi + 2),
            Some(&c) => eq(c, t[ti]).then_some(pi + 1),
            None => None,
        };
        match (step, star) {
            (Some(next), _) => {
                pi = next;
                ti += 1;
            }
            (None, Some((sp, st))) => {
                pi = sp + 1;
                ti = st + 1;
                star = Some((sp, st + 1));
            }
            (None, None) => return false,
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// The class at `p[at]` (a `[`) against `c`: the index after it when `c` is in it, `None`
/// when it is not or the class is unclosed (then `[` is literal: the caller checks).
fn class(p: &[char], at: usize, c: char, fold: bool) -> Option<usize> {
    let mut i = at + 1;
    let negated = matches!(p.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let lower = |x: char| if fold { x.to_ascii_lowercase() } else { x };
    let c = lower(c);
    let mut hit = false;
    let mut first = true;
    loop {
        let &m = p.get(i)?;
        if m == ']' && !first {
            break;
        }
        first = false;
        let m = if m == '\\' {
            i += 1;
            *p.get(i)?
        } else {
            m
        };
        if p.get(i + 1) == Some(&'-') && p.get(i + 2).is_some_and(|&e| e != ']') {
            let e = p[i + 2];
            hit |= (lower(m)..=lower(e)).contains(&c);
            i += 3;
        } else {
            hit |= lower(m) == c;
            i += 1;
        }
    }
    (hit != negated).then_some(i + 1)
}

// ---- recursive reads ----------------------------------------------------------------------

/// The first ignored file `w` reads in the view.
fn walk_hit<'a>(access: &'a Access, view: &View, w: &Walk, opts: Shopt) -> Option<Hit<'a>> {
    if w.filter.names_only || w.path.contains(['$', '`']) {
        return None;
    }
    let starts: Vec<(usize, String)> = if globby(&w.path) {
        let (root, names) = expand(access, view, &w.path, opts)?;
        names.into_iter().map(|(rel, _)| (root, rel)).collect()
    } else {
        places(access, &w.path)
    };
    let mut ignore = access.ignore().batch();
    let mut found: Option<Hit<'a>> = None;
    for (root, dir) in starts {
        for file in view.below(root, &dir) {
            let sub = sub_path(&dir, file);
            if !sub.is_empty() && !passes(&w.filter, sub) {
                continue;
            }
            if ignore.matched(file, false).is_none() {
                continue;
            }
            let certain = !under_honoured(view, root, file, &w.filter);
            if let Some(b) = blocked(access, root, file, false) {
                let hit = Hit {
                    command: w.command,
                    word: w.word.clone(),
                    blocked: b,
                    certain,
                };
                if certain {
                    return Some(hit);
                }
                found.get_or_insert(hit);
            }
        }
    }
    found
}

/// Whether a walk with `filter` reads the file at `sub` below its start.
fn passes(filter: &Filter, sub: &str) -> bool {
    let (dirs, name) = match sub.rsplit_once('/') {
        Some((d, n)) => (d, n),
        None => ("", sub),
    };
    let dirs = dirs.split('/').filter(|d| !d.is_empty());
    let fold = filter.fold;
    let hidden = |c: &str| filter.skips_hidden && c.starts_with('.');
    let matches = |globs: &[String], text: &str| {
        globs.iter().any(|g| {
            if g.contains('/') {
                fnmatch(g.trim_start_matches('/'), sub, fold)
                    || fnmatch(g.trim_start_matches("**/"), sub, fold)
            } else {
                fnmatch(g, text, fold)
            }
        })
    };
    for d in dirs {
        if hidden(d) || matches(&filter.exclude_dirs, d) {
            return false;
        }
    }
    !hidden(name)
        && (filter.include.is_empty() || matches(&filter.include, name))
        && !matches(&filter.exclude, name)
}

/// Whether an ignore file the walk's program honours lies in a directory above `file` (it
/// may skip the file: only its text says).
fn under_honoured(view: &View, root: usize, file: &str, filter: &Filter) -> bool {
    if filter.honours.is_empty() {
        return false;
    }
    let mut dir = "";
    let mut rest = file;
    loop {
        if filter
            .honours
            .iter()
            .any(|h| view.is_file(root, &join(dir, h)))
        {
            return true;
        }
        let Some((_, after)) = rest.split_once('/') else {
            return false;
        };
        dir = &file[..file.len() - after.len() - 1];
        rest = after;
    }
}

// ---- find ---------------------------------------------------------------------------------

/// Three-valued: a test on what the view does not show is `Maybe`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tri {
    No,
    Maybe,
    Yes,
}

impl Tri {
    fn and(self, o: Tri) -> Tri {
        self.min(o)
    }
    fn or(self, o: Tri) -> Tri {
        self.max(o)
    }
    fn not(self) -> Tri {
        match self {
            Tri::No => Tri::Yes,
            Tri::Maybe => Tri::Maybe,
            Tri::Yes => Tri::No,
        }
    }
    fn of(b: bool) -> Tri {
        if b {
            Tri::Yes
        } else {
            Tri::No
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Expr {
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Name(String, bool),
    Path(String, bool),
    Type(char),
    Prune,
    Action,
    True,
    Unknown,
}

/// One entry `find` visits.
struct Visit<'e> {
    /// As find prints it (`./src/a.ts`).
    printed: &'e str,
    name: &'e str,
    is_dir: bool,
}

/// (value, acted: an action ran, pruned: `-prune` ran).
fn eval(e: &Expr, v: &Visit) -> (Tri, Tri, Tri) {
    match e {
        Expr::And(a, b) => {
            let (av, aa, ap) = eval(a, v);
            if av == Tri::No {
                return (Tri::No, aa, ap);
            }
            let (bv, ba, bp) = eval(b, v);
            (av.and(bv), aa.or(av.and(ba)), ap.or(av.and(bp)))
        }
        Expr::Or(a, b) => {
            let (av, aa, ap) = eval(a, v);
            if av == Tri::Yes {
                return (Tri::Yes, aa, ap);
            }
            let (bv, ba, bp) = eval(b, v);
            let reached = av.not();
            (av.or(bv), aa.or(reached.and(ba)), ap.or(reached.and(bp)))
        }
        Expr::Not(a) => {
            let (av, aa, ap) = eval(a, v);
            (av.not(), aa, ap)
        }
        Expr::Name(p, fold) => (Tri::of(fnmatch(p, v.name, *fold)), Tri::No, Tri::No),
        Expr::Path(p, fold) => (Tri::of(fnmatch(p, v.printed, *fold)), Tri::No, Tri::No),
        Expr::Type(t) => (
            match t {
                'f' => Tri::of(!v.is_dir),
                'd' => Tri::of(v.is_dir),
                // links, sockets, …: the view does not say
                _ => Tri::Maybe,
            },
            Tri::No,
            Tri::No,
        ),
        Expr::Prune => (Tri::Yes, Tri::No, Tri::Yes),
        Expr::Action => (Tri::Maybe, Tri::Yes, Tri::No),
        Expr::True => (Tri::Yes, Tri::No, Tri::No),
        Expr::Unknown => (Tri::Maybe, Tri::No, Tri::No),
    }
}

/// What parsing `find`'s expression learns besides it: an action given, `-maxdepth`,
/// `-mindepth`, `-depth`.
struct FindExpr {
    action: bool,
    max: Option<usize>,
    min: usize,
    depth_first: bool,
}

struct Parser<'w> {
    words: &'w [String],
    at: usize,
    out: FindExpr,
}

impl<'w> Parser<'w> {
    fn peek(&self) -> Option<&'w str> {
        self.words.get(self.at).map(String::as_str)
    }

    fn or(&mut self) -> Expr {
        let mut e = self.and();
        while matches!(self.peek(), Some("-o" | "-or" | ",")) {
            self.at += 1;
            let r = self.and();
            e = Expr::Or(Box::new(e), Box::new(r));
        }
        e
    }

    fn and(&mut self) -> Expr {
        let mut e = self.unary();
        loop {
            match self.peek() {
                None | Some("-o" | "-or" | "," | ")") => return e,
                Some("-a" | "-and") => self.at += 1,
                _ => {}
            }
            let r = self.unary();
            e = Expr::And(Box::new(e), Box::new(r));
        }
    }

    fn unary(&mut self) -> Expr {
        let Some(w) = self.peek() else {
            return Expr::True;
        };
        self.at += 1;
        match w {
            "!" | "-not" => Expr::Not(Box::new(self.unary())),
            "(" => {
                let e = self.or();
                if self.peek() == Some(")") {
                    self.at += 1;
                }
                e
            }
            _ => self.primary(w.to_string()),
        }
    }

    fn arg(&mut self) -> String {
        let a = self.peek().unwrap_or("").to_string();
        self.at += 1;
        a
    }

    fn primary(&mut self, w: String) -> Expr {
        match w.as_str() {
            "-name" => Expr::Name(self.arg(), false),
            "-iname" => Expr::Name(self.arg(), true),
            "-path" | "-wholename" => Expr::Path(self.arg(), false),
            "-ipath" | "-iwholename" => Expr::Path(self.arg(), true),
            "-type" | "-xtype" => {
                let t = self.arg();
                match t.as_str() {
                    "f" | "d" => Expr::Type(t.chars().next().unwrap_or('f')),
                    _ => Expr::Unknown,
                }
            }
            "-prune" => Expr::Prune,
            "-maxdepth" => {
                self.out.max = self.arg().parse().ok();
                Expr::True
            }
            "-mindepth" => {
                self.out.min = self.arg().parse().unwrap_or(0);
                Expr::True
            }
            "-depth" | "-d" => {
                self.out.depth_first = true;
                Expr::True
            }
            "-true" | "-follow" | "-xdev" | "-mount" | "-noleaf" | "-ignore_readdir_race" => {
                Expr::True
            }
            "-false" => Expr::Not(Box::new(Expr::True)),
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                while let Some(a) = self.peek() {
                    self.at += 1;
                    if a == ";" || a == "+" {
                        break;
                    }
                }
                self.out.action = true;
                Expr::Action
            }
            "-delete" | "-print" | "-print0" | "-ls" | "-printf" | "-fprint" | "-fprint0"
            | "-fls" | "-fprintf" => {
                let n = match w.as_str() {
                    "-printf" | "-fprint" | "-fprint0" | "-fls" => 1,
                    "-fprintf" => 2,
                    _ => 0,
                };
                self.at += n;
                self.out.action = true;
                Expr::Action
            }
            // a test on what the disk alone knows; one taking a value takes the next word
            _ => {
                let no_value = matches!(
                    w.as_str(),
                    "-empty" | "-readable" | "-writable" | "-executable" | "-nouser" | "-nogroup"
                );
                if !no_value && w.starts_with('-') {
                    self.at += 1;
                }
                Expr::Unknown
            }
        }
    }
}

/// The first ignored entry `find` (command `c`) selects in the view; `None` when none, or
/// when its start points are not known.
fn find_hit<'a>(access: &'a Access, view: &View, c: &SimpleCommand) -> Option<Hit<'a>> {
    let words = &c.words;
    if unknown_find(c) {
        // not the view's to decide: left to the unknown-name checks
        return None;
    }
    let (starts, i) = trees::find_starts(words);
    let mut p = Parser {
        words: words.get(i..).unwrap_or(&[]),
        at: 0,
        out: FindExpr {
            action: false,
            max: None,
            min: 0,
            depth_first: false,
        },
    };
    let expr = p.or();
    let FindExpr {
        action,
        max,
        min,
        depth_first,
        ..
    } = p.out;
    let mut ignore = access.ignore().batch();
    let mut found: Option<Hit<'a>> = None;
    for start in &starts {
        let printed_start = match start.trim_end_matches('/') {
            "" => "/",
            s => s,
        };
        let path = match &c.cwd {
            Some(cwd) if !crate::shell::paths::is_absolute(start) => format!("{cwd}/{start}"),
            _ => start.to_string(),
        };
        for (root, dir) in places(access, &path) {
            // every entry below the start, with the directories its files imply
            let mut entries: Vec<(String, bool)> = Vec::new();
            let files: Vec<&str> = view.below(root, &dir).collect();
            if files.first().is_some_and(|f| *f == dir) {
                entries.push((String::new(), false));
            } else if view.is_dir(root, &dir) {
                entries.push((String::new(), true));
            }
            for f in files {
                let sub = sub_path(&dir, f);
                if sub.is_empty() {
                    continue;
                }
                let mut at = 0;
                while let Some(k) = sub[at..].find('/') {
                    entries.push((sub[..at + k].to_string(), true));
                    at += k + 1;
                }
                entries.push((sub.to_string(), false));
            }
            // a parent sorts before what it holds, so a pruned one is met first
            sort_entries(&mut entries);
            let mut pruned: Vec<(String, Tri)> = Vec::new();
            for (sub, is_dir) in entries {
                let depth = if sub.is_empty() {
                    0
                } else {
                    sub.matches('/').count() + 1
                };
                if max.is_some_and(|m| depth > m) {
                    continue;
                }
                let mut certain = true;
                let below_pruned = pruned.iter().find(|(p, _)| {
                    p.is_empty() && !sub.is_empty() || sub.starts_with(&format!("{p}/"))
                });
                match below_pruned {
                    Some((_, Tri::Yes)) => continue,
                    Some(_) => certain = false,
                    None => {}
                }
                let printed = if sub.is_empty() {
                    printed_start.to_string()
                } else if printed_start == "/" {
                    format!("/{sub}")
                } else {
                    format!("{printed_start}/{sub}")
                };
                let name = if sub.is_empty() {
                    printed_start.rsplit('/').next().unwrap_or(printed_start)
                } else {
                    sub.rsplit('/').next().unwrap_or(&sub)
                };
                let visit = Visit {
                    printed: &printed,
                    name,
                    is_dir,
                };
                let (value, acted, prune) = if depth < min {
                    (Tri::No, Tri::No, Tri::No)
                } else {
                    eval(&expr, &visit)
                };
                if is_dir && prune != Tri::No && !depth_first {
                    pruned.push((sub.clone(), prune));
                }
                let selected = if action { acted } else { value };
                if selected == Tri::No {
                    continue;
                }
                let rel = join(&dir, &sub);
                if ignore.matched(&rel, is_dir).is_none() {
                    continue;
                }
                if let Some(b) = blocked(access, root, &rel, is_dir) {
                    let hit = Hit {
                        command: 0,
                        word: start.to_string(),
                        blocked: b,
                        certain: certain && selected == Tri::Yes,
                    };
                    if hit.certain {
                        return Some(hit);
                    }
                    found.get_or_insert(hit);
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    #[test]
    fn entries_sort_as_tuples() {
        let mut entries: Vec<(String, bool)> = (0..400)
            .map(|i| (format!("d{}/{}", (i * 31) % 7, (i * 7919) % 23), i % 3 == 0))
            .collect();
        entries.extend([
            ("a".into(), true),
            ("a".into(), false),
            ("a-b".into(), false),
        ]);
        let mut want = entries.clone();
        want.sort_unstable();
        want.dedup();
        super::sort_entries(&mut entries);
        assert_eq!(entries, want);
        assert!(
            entries.windows(2).any(|w| w[0].0 == w[1].0),
            "both kinds of one name kept"
        );
    }
}
