//! What bash does to a word before the command sees it, as far as the command line itself
//! decides it: brace expansion (`{a,b}`, `{1..3}`, nested), variables assigned earlier in the
//! same line (`F=.env; cat $F`, `export`/`declare`/`local`/…, loop variables over literal
//! lists and globs, `${F:-default}`), and the field splitting of unquoted values.
//!
//! Bounded, never exponential: a word expands to at most [`MAX_FIELDS`] fields, a variable
//! holds at most [`MAX_FIELDS`] values, and brace expansion takes at most [`BRACE_STEPS`]
//! steps on a word of at most [`BRACE_WORD`] characters; past a bound the word's value is
//! unknown. What is not known stays as written in
//! the word's text (`$(ls)`, `$X` with X from the environment) and the word is marked
//! unknown: it is never taken for a file that is not ignored, nor for a program name.
//!
//! Scopes follow bash: a subshell, a pipeline stage, a substitution or a new shell
//! (`bash -c`) gets a copy; `eval` shares the caller's. A prefix assignment (`F=x cmd $F`)
//! does not reach the command's own words. What a branch, a loop body or the right side of
//! `&&`/`||` may or may not have set is the union of both outcomes; a variable a loop body
//! changes is unknown inside the body (a later iteration sees the change), as is one a
//! function body sets, after the definition.

use super::lexer::{Span, SpanKind, Word};
use super::names;

/// Fields one word may expand to, values one variable may hold, bindings of one command.
pub(super) const MAX_FIELDS: usize = 64;
/// Steps of brace expansion for one word.
const BRACE_STEPS: usize = 256;
/// A longer word with braces is not brace-expanded (each step copies it).
const BRACE_WORD: usize = 1024;

/// What the parser knows about a variable at a point of the line.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Value {
    /// Not known: from the environment, `read`, a substitution, an undecided branch.
    Unknown,
    /// Explicitly unset (`unset F`).
    Unset,
    /// One of these values (a loop variable has several).
    Set(Vec<Val>),
}

#[derive(Debug, Clone, PartialEq)]
pub(super) struct Val {
    pub text: String,
    /// The value is some name the glob `text` matches (`for f in *.ts`).
    pub glob: bool,
}

impl Val {
    pub fn plain(text: String) -> Val {
        Val { text, glob: false }
    }
}

/// The variables assigned so far in the line; one not listed is [`Value::Unknown`].
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Vars {
    entries: Vec<(String, Value)>,
}

static UNKNOWN: Value = Value::Unknown;

impl Vars {
    pub fn get(&self, name: &str) -> &Value {
        self.entries
            .iter()
            .find(|(n, _)| n == name)
            .map_or(&UNKNOWN, |(_, v)| v)
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// A copy to restore later (none to make when nothing is known, the usual case).
    pub fn snapshot(&self) -> Vars {
        if self.entries.is_empty() {
            Vars::default()
        } else {
            self.clone()
        }
    }

    /// Some variable holds more than one value (a loop variable).
    pub fn has_several_values(&self) -> bool {
        self.entries
            .iter()
            .any(|(_, v)| matches!(v, Value::Set(values) if values.len() > 1))
    }

    pub fn set(&mut self, name: &str, value: Value) {
        let value = match value {
            Value::Set(v) if v.is_empty() || v.len() > MAX_FIELDS => Value::Unknown,
            v => v,
        };
        // a scalar assignment, `read`, `unset` change element 0 of an array of that name
        if !name.ends_with(']') && self.entries.iter().any(|(n, _)| is_list_of(n, name)) {
            self.entries.retain(|(n, _)| !is_list_of(n, name));
        }
        match self.entries.iter_mut().find(|(n, _)| n == name) {
            Some(slot) if value == Value::Unknown => {
                let name = slot.0.clone();
                self.entries.retain(|(n, _)| *n != name);
            }
            Some(slot) => slot.1 = value,
            None if value == Value::Unknown => {}
            None => self.entries.push((name.to_string(), value)),
        }
    }

    /// Everything becomes unknown (`source FILE`, `eval "$X"`).
    pub fn forget_all(&mut self) {
        self.entries.clear();
    }

    /// After a branch that may or may not have run: each variable holds what it held in
    /// either outcome.
    pub fn merge(&mut self, other: &Vars) {
        let mut merged = Vars::default();
        for (name, value) in &self.entries {
            merged.set(name, union(value, other.get(name)));
        }
        *self = merged;
    }

    /// The variables whose names `changed_in` spells as assigned (`NAME=`, `NAME+=`, or
    /// after `read`/`for`): a loop body that changes them runs again with the change, so
    /// inside the body they are unknown.
    pub fn forget_assigned_in(&mut self, text: &str, keep: Option<&str>) {
        let names: Vec<String> = self
            .entries
            .iter()
            .map(|(n, _)| n.clone())
            .filter(|n| {
                let base = n.trim_end_matches("[@]");
                Some(base) != keep
                    && match base {
                        POSITIONAL => text.contains("shift") || text.contains("set"),
                        _ => assigned_in(text, base),
                    }
            })
            .collect();
        for n in names {
            self.set(&n, Value::Unknown);
        }
    }

    /// The variables `other` holds differently: they become unknown here (a function body
    /// that sets them may run at any later call).
    pub fn forget_changed(&mut self, other: &Vars) {
        for (name, value) in &other.entries {
            if self.get(name) != value {
                self.set(name, Value::Unknown);
            }
        }
        let gone: Vec<String> = self
            .entries
            .iter()
            .filter(|(n, _)| *other.get(n) == Value::Unknown)
            .map(|(n, _)| n.clone())
            .collect();
        for n in gone {
            self.set(&n, Value::Unknown);
        }
    }

    /// Names referenced by `spans` of `text` that hold more than one value.
    pub fn multi_valued(&self, text: &str, spans: &[Span], out: &mut Vec<String>) {
        if self.entries.is_empty() {
            return;
        }
        for s in spans {
            if let SpanKind::Expansion { .. } = s.kind {
                let raw = text.get(s.start..s.end).unwrap_or("");
                if let Some((name, _)) = parameter(raw) {
                    if matches!(self.get(name), Value::Set(v) if v.len() > 1)
                        && !out.iter().any(|n| n == name)
                    {
                        out.push(name.to_string());
                    }
                }
            }
        }
    }
}

/// The key under which the elements of array `name` are held (`a[@]`); the positional
/// parameters are the list [`POSITIONAL`]. A list's value is its elements joined by NUL,
/// which no bash value holds.
fn list_key(name: &str) -> String {
    format!("{name}[@]")
}

/// The positional parameters (`$1`, `"$@"`) as a list, when `set` gave them in the line.
pub(super) const POSITIONAL: &str = "@";

fn is_list_of(key: &str, name: &str) -> bool {
    key.strip_prefix(name) == Some("[@]")
}

/// A list's elements from its NUL-joined value.
fn elements(value: &str) -> Vec<&str> {
    if value.is_empty() {
        Vec::new()
    } else {
        value.split('\0').collect()
    }
}

fn union(a: &Value, b: &Value) -> Value {
    match (a, b) {
        _ if a == b => a.clone(),
        (Value::Set(x), Value::Set(y)) => {
            let mut all = x.clone();
            for v in y {
                if !all.contains(v) {
                    all.push(v.clone());
                }
            }
            Value::Set(all)
        }
        _ => Value::Unknown,
    }
}

/// `NAME=`, `NAME+=`, `read … NAME`, `for NAME` spelled in `text` (a cheap over-reading).
fn assigned_in(text: &str, name: &str) -> bool {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut from = 0;
    while let Some(i) = text.get(from..).and_then(|t| t.find(name)) {
        let at = from + i;
        let end = at + name.len();
        from = end;
        if at > 0 && b.get(at - 1).is_some_and(|&c| word(c)) {
            continue;
        }
        match (b.get(end), b.get(end + 1)) {
            (Some(b'='), _) | (Some(b'+'), Some(b'=')) => return true,
            (Some(c), _) if word(*c) => continue,
            _ => {}
        }
        let before = text.get(..at).unwrap_or("").trim_end();
        if before.ends_with("for") || before.contains("read") {
            return true;
        }
    }
    false
}

/// One variable's chosen value while expanding a command: a loop variable's values are
/// taken one at a time, so `cp $f $f.bak` pairs them.
pub(super) type Binding<'a> = &'a [(&'a str, usize)];

/// One field a word expands to.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Field {
    pub text: String,
    /// The shell expands it as a glob (unquoted `*`, `?`, `[`, or a value that is a glob).
    pub glob: bool,
    /// Holds a value that is not known (left as written in `text`).
    pub unknown: bool,
    /// Shell text for the field when it keeps an expansion as written (to render it).
    pub raw: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Atom<'a> {
    /// A literal character; `true` when quoted.
    Char(char, bool),
    /// An expansion as written; `true` inside double quotes.
    Exp(&'a str, bool),
}

fn atoms<'a>(text: &'a str, spans: &[Span]) -> Vec<Atom<'a>> {
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    let push_chars = |out: &mut Vec<Atom<'a>>, s: &str, quoted: bool| {
        out.extend(s.chars().map(|c| Atom::Char(c, quoted)));
    };
    for s in spans {
        if s.start < at {
            continue;
        }
        push_chars(&mut out, text.get(at..s.start).unwrap_or(""), false);
        let part = text.get(s.start..s.end).unwrap_or("");
        match s.kind {
            SpanKind::Quoted => push_chars(&mut out, part, true),
            SpanKind::Expansion { quoted } => out.push(Atom::Exp(part, quoted)),
        }
        at = s.end;
    }
    push_chars(&mut out, text.get(at..).unwrap_or(""), false);
    out
}

/// What a word expands to.
pub(super) enum Expansion {
    /// No brace expansion and no variable resolved: the word stays as read; `unknown` when
    /// it holds an expansion whose value is not known.
    Unchanged {
        unknown: bool,
    },
    Fields(Vec<Field>),
}

/// The fields a word expands to under `vars` and `binding`. Past a bound the one field is
/// the word as written, unknown.
pub(super) fn expand(text: &str, spans: &[Span], vars: &Vars, binding: Binding<'_>) -> Expansion {
    let atoms = atoms(text, spans);
    // past a bound: the word as read, its value unknown
    let too_many = || Expansion::Unchanged { unknown: true };
    let mut words = Vec::new();
    let mut steps = BRACE_STEPS;
    let braced = if atoms.iter().any(|a| matches!(a, Atom::Char('{', false))) {
        if atoms.len() > BRACE_WORD || !braces(atoms.clone(), &mut words, &mut steps) {
            return too_many();
        }
        // a substitution the braces would copy runs once per copy, but its commands are
        // listed once: the word is left as read
        if words.len() > 1
            && atoms
                .iter()
                .any(|a| matches!(a, Atom::Exp(raw, _) if raw.contains(['(', '`'])))
        {
            return too_many();
        }
        words.len() != 1 || words.first() != Some(&atoms)
    } else {
        words.push(atoms);
        false
    };
    let mut fields = Vec::new();
    let mut changed = braced;
    for w in &words {
        changed |= split(w, vars, binding, &mut fields);
        if fields.len() > MAX_FIELDS {
            return too_many();
        }
    }
    if changed {
        Expansion::Fields(fields)
    } else {
        Expansion::Unchanged {
            unknown: fields.iter().any(|f| f.unknown),
        }
    }
}

/// Whether an expansion in the word has a value the line gives (`F=x; … $F`, a loop
/// variable), and whether one is not known, without copying anything (most words hold an
/// expansion nothing in the line resolves).
pub(super) fn resolvable(text: &str, spans: &[Span], vars: &Vars) -> (bool, bool) {
    let (mut resolves, mut unknown) = (false, false);
    for s in spans {
        if let SpanKind::Expansion { .. } = s.kind {
            let raw = text.get(s.start..s.end).unwrap_or("");
            // a loop variable's values are picked when the command is expanded
            let several = parameter(raw)
                .is_some_and(|(n, _)| matches!(vars.get(n), Value::Set(v) if v.len() > 1));
            match resolve(raw, vars, &[]) {
                _ if several => resolves = true,
                Resolved::Unknown => unknown = true,
                Resolved::Kept => {}
                Resolved::Text(..) | Resolved::List(..) => resolves = true,
            }
        }
    }
    (resolves, unknown)
}

/// The value of an assignment (`F=…`): variables resolved, no brace expansion, splitting
/// or globbing. `None` when it holds something unknown.
pub(super) fn value(text: &str, spans: &[Span], vars: &Vars, binding: Binding<'_>) -> Option<Val> {
    let mut out = Val::plain(String::new());
    for atom in atoms(text, spans) {
        match atom {
            Atom::Char(c, _) => out.text.push(c),
            Atom::Exp(raw, _) => match resolve(raw, vars, binding) {
                Resolved::Text(v, glob) => {
                    out.text.push_str(&v);
                    out.glob |= glob;
                }
                // an assignment never splits: the elements joined by spaces
                Resolved::List(items, _) => out.text.push_str(&items.join(" ")),
                Resolved::Kept | Resolved::Unknown => return None,
            },
        }
    }
    Some(out)
}

// ---- brace expansion ----

/// Appends every word `atoms` brace-expands to; `false` past a bound.
fn braces<'a>(atoms: Vec<Atom<'a>>, out: &mut Vec<Vec<Atom<'a>>>, steps: &mut usize) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    let Some((open, close, items)) = first_brace(&atoms) else {
        if out.len() >= MAX_FIELDS {
            return false;
        }
        out.push(atoms);
        return true;
    };
    if items.is_empty() {
        return false;
    }
    let (head, tail) = (
        atoms.get(..open).unwrap_or(&[]),
        atoms.get(close + 1..).unwrap_or(&[]),
    );
    for item in items {
        let mut next = Vec::with_capacity(head.len() + item.len() + tail.len());
        next.extend_from_slice(head);
        next.extend(item);
        next.extend_from_slice(tail);
        if !braces(next, out, steps) {
            return false;
        }
    }
    true
}

type Items<'a> = Vec<Vec<Atom<'a>>>;

/// The first `{…}` that expands (a top-level comma, or a sequence `a..b[..n]`): its
/// bounds and items.
fn first_brace<'a>(atoms: &[Atom<'a>]) -> Option<(usize, usize, Items<'a>)> {
    let unquoted = |i: usize, c: char| atoms.get(i) == Some(&Atom::Char(c, false));
    for open in (0..atoms.len()).filter(|&i| unquoted(i, '{')) {
        let mut depth = 0usize;
        let mut commas = Vec::new();
        let mut close = None;
        for i in open + 1..atoms.len() {
            if unquoted(i, '{') {
                depth += 1;
            } else if unquoted(i, '}') {
                if depth == 0 {
                    close = Some(i);
                    break;
                }
                depth -= 1;
            } else if depth == 0 && unquoted(i, ',') {
                commas.push(i);
            }
        }
        let Some(close) = close else { continue };
        if !commas.is_empty() {
            let mut items = Vec::new();
            let mut from = open + 1;
            for &c in commas.iter().chain(std::iter::once(&close)) {
                items.push(atoms.get(from..c).unwrap_or(&[]).to_vec());
                from = c + 1;
            }
            return Some((open, close, items));
        }
        if let Some(items) = sequence(atoms.get(open + 1..close).unwrap_or(&[])) {
            return Some((open, close, items));
        }
    }
    None
}

/// `1..5`, `05..10`, `a..e`, `10..1..2`: the items (none when there would be more than
/// [`MAX_FIELDS`]), or `None` when it is not a sequence.
fn sequence<'a>(inner: &[Atom<'a>]) -> Option<Items<'a>> {
    let mut s = String::new();
    for a in inner {
        match a {
            Atom::Char(c, false) => s.push(*c),
            _ => return None,
        }
    }
    let parts: Vec<&str> = s.split("..").collect();
    let (a, b, step) = match parts.as_slice() {
        [a, b] => (*a, *b, 1i64),
        [a, b, n] => (*a, *b, n.parse::<i64>().ok()?.checked_abs()?.max(1)),
        _ => return None,
    };
    let chars = |t: &str| {
        let mut it = t.chars();
        match (it.next(), it.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
            _ => None,
        }
    };
    let render: Vec<String> = if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
        let width = if [a, b].iter().any(|t| {
            t.trim_start_matches('-').len() > 1 && t.trim_start_matches('-').starts_with('0')
        }) {
            a.len().max(b.len())
        } else {
            0
        };
        let count = (x.abs_diff(y) / step.unsigned_abs()) as usize + 1;
        if count > MAX_FIELDS {
            // too many to list: no items, which [`braces`] reads as past the bound
            return Some(Vec::new());
        }
        let dir = if y >= x { step } else { -step };
        (0..count as i64)
            .map(|k| {
                let v = x + k * dir;
                if width > 0 {
                    let sign = if v < 0 { "-" } else { "" };
                    format!("{sign}{:0w$}", v.abs(), w = width - sign.len())
                } else {
                    v.to_string()
                }
            })
            .collect()
    } else {
        let (x, y) = (chars(a)? as i64, chars(b)? as i64);
        let count = (x.abs_diff(y) / step.unsigned_abs()) as usize + 1;
        if count > MAX_FIELDS {
            return Some(Vec::new());
        }
        let dir = if y >= x { step } else { -step };
        (0..count as i64)
            .filter_map(|k| char::from_u32((x + k * dir) as u32).map(String::from))
            .collect()
    };
    Some(
        render
            .into_iter()
            .map(|t| t.chars().map(|c| Atom::Char(c, true)).collect())
            .collect(),
    )
}

// ---- parameters ----

enum Resolved {
    /// The value, and whether it stands for the names of a glob.
    Text(String, bool),
    /// Left as written, but known to name the working or home directory (`$PWD`, `$HOME`).
    Kept,
    Unknown,
    /// Every element of a list (`"$@"`, `"${a[@]}"`); `true` for `*`, which joins them in
    /// double quotes.
    List(Vec<String>, bool),
}

/// Which elements of a list an expansion takes.
enum Select {
    All { star: bool },
    Index(i64),
}

/// `$1`, `${2}`, `$@`, `$*`, `${a[@]}`, `${a[*]}`, `${a[1]}`: the list's key and what is
/// taken (`None` for any other form, among them `${#a[@]}`, `${a[@]:1}`, `${a[$i]}`).
fn list_parameter(raw: &str) -> Option<(String, Select)> {
    let inner = match raw.strip_prefix("${") {
        Some(r) => r.strip_suffix('}')?,
        None => raw.strip_prefix('$')?,
    };
    match inner {
        "@" => return Some((POSITIONAL.into(), Select::All { star: false })),
        "*" => return Some((POSITIONAL.into(), Select::All { star: true })),
        _ => {}
    }
    // `$10` is `${1}0`: only braces take more than one digit
    let digits = !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit());
    if digits && (inner.len() == 1 || raw.starts_with("${")) {
        let k: i64 = inner.parse().ok()?;
        return (k > 0).then(|| (POSITIONAL.into(), Select::Index(k - 1)));
    }
    let (name, index) = inner.strip_suffix(']')?.split_once('[')?;
    let named = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !named || !raw.starts_with("${") {
        return None;
    }
    let select = match index {
        "@" => Select::All { star: false },
        "*" => Select::All { star: true },
        i => Select::Index(i.parse().ok()?),
    };
    Some((list_key(name), select))
}

/// The value of a list expansion, `None` when the expansion is not one.
fn resolve_list(raw: &str, vars: &Vars) -> Option<Resolved> {
    let (key, select) = list_parameter(raw)?;
    let value = match vars.get(&key) {
        Value::Set(values) if values.len() == 1 => values.first()?,
        _ => return Some(Resolved::Unknown),
    };
    let items = elements(&value.text);
    Some(match select {
        Select::All { star } => Resolved::List(items.into_iter().map(String::from).collect(), star),
        Select::Index(i) => {
            let at = if i < 0 {
                items.len().checked_sub(i.unsigned_abs() as usize)
            } else {
                usize::try_from(i).ok()
            };
            Resolved::Text(
                at.and_then(|k| items.get(k)).map_or("", |v| v).to_string(),
                false,
            )
        }
    })
}

/// `$NAME`, `${NAME}`, `${NAME<op>word}` with op in `:- - := = :+ +`: the name and the
/// operator with its word (`None` for other forms, which are unknown).
fn parameter(raw: &str) -> Option<(&str, Option<(&str, &str)>)> {
    let name_len = |s: &str| {
        let b = s.as_bytes();
        if !b
            .first()
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            return 0;
        }
        b.iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count()
    };
    if let Some(inner) = raw.strip_prefix("${").and_then(|r| r.strip_suffix('}')) {
        let n = name_len(inner);
        let (name, rest) = (inner.get(..n)?, inner.get(n..)?);
        if n == 0 {
            return None;
        }
        if rest.is_empty() {
            return Some((name, None));
        }
        for op in [":-", ":=", ":+", "-", "=", "+"] {
            if let Some(word) = rest.strip_prefix(op) {
                return Some((name, Some((op, word))));
            }
        }
        return None;
    }
    let rest = raw.strip_prefix('$')?;
    let n = name_len(rest);
    (n > 0 && n == rest.len()).then_some((rest, None))
}

fn resolve(raw: &str, vars: &Vars, binding: Binding<'_>) -> Resolved {
    if raw.starts_with("<(") || raw.starts_with(">(") {
        // names a pipe (`/dev/fd/63`), never a file of the workspace
        return Resolved::Kept;
    }
    if let Some(list) = resolve_list(raw, vars) {
        return list;
    }
    let Some((name, op)) = parameter(raw) else {
        return Resolved::Unknown;
    };
    // a default word is taken only when it is plain text
    let word = |w: &str| {
        if w.contains(['$', '`', '\'', '"', '\\', '{', '}']) {
            Resolved::Unknown
        } else {
            Resolved::Text(w.to_string(), false)
        }
    };
    let current = match vars.get(name) {
        Value::Unknown if op.is_none() && matches!(name, "PWD" | "HOME") => return Resolved::Kept,
        Value::Unknown => return Resolved::Unknown,
        Value::Unset => None,
        Value::Set(values) => {
            let pick = binding
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(0, |(_, i)| *i);
            match values.get(pick) {
                Some(v) if values.len() == 1 || binding.iter().any(|(n, _)| *n == name) => Some(v),
                _ => return Resolved::Unknown,
            }
        }
    };
    let text = |v: &Val| Resolved::Text(v.text.clone(), v.glob);
    match (op, current) {
        (None, Some(v)) => text(v),
        (None, None) => Resolved::Text(String::new(), false),
        (Some((":-" | ":=", w)), v) => match v {
            Some(v) if !v.text.is_empty() => text(v),
            _ => word(w),
        },
        (Some(("-" | "=", w)), v) => v.map_or_else(|| word(w), text),
        (Some((":+", w)), v) => match v {
            Some(v) if !v.text.is_empty() => word(w),
            _ => Resolved::Text(String::new(), false),
        },
        (Some((_, w)), v) => match v {
            Some(_) => word(w),
            None => Resolved::Text(String::new(), false),
        },
    }
}

// ---- fields ----

/// A field being built: its text and the shell text that renders it.
#[derive(Default)]
struct Builder {
    field: Field,
    /// Literal text not yet added to `raw` (added single-quoted).
    pending: String,
    raw: String,
    started: bool,
}

impl Builder {
    fn literal(&mut self, c: char, quoted: bool) {
        self.started = true;
        self.field.text.push(c);
        if !quoted && matches!(c, '*' | '?' | '[') {
            self.field.glob = true;
            self.flush();
            self.raw.push(c);
        } else {
            self.pending.push(c);
        }
    }

    fn kept(&mut self, raw: &str, quoted: bool, unknown: bool) {
        self.started = true;
        self.field.text.push_str(raw);
        self.field.unknown |= unknown;
        self.flush();
        if quoted {
            self.raw.push('"');
            self.raw.push_str(raw);
            self.raw.push('"');
        } else {
            self.raw.push_str(raw);
        }
        // marks that the field keeps an expansion
        self.field.raw = Some(String::new());
    }

    /// A variable's value: as it is when quoted, else split at blanks (a value that is a
    /// glob's names stays one).
    fn value(&mut self, v: &str, quoted: bool, glob: bool, out: &mut Vec<Field>) {
        if quoted {
            self.started = true;
            self.field.glob |= glob;
            self.pending.push_str(v);
            self.field.text.push_str(v);
            return;
        }
        for c in v.chars() {
            if matches!(c, ' ' | '\t' | '\n') {
                self.finish(out);
            } else {
                self.literal(c, false);
                self.field.glob |= glob;
            }
        }
    }

    fn flush(&mut self) {
        if !self.pending.is_empty() {
            self.raw
                .push_str(&super::render::force_quote(&self.pending));
            self.pending.clear();
        }
    }

    fn finish(&mut self, out: &mut Vec<Field>) {
        if self.started {
            self.flush();
            let mut field = std::mem::take(&mut self.field);
            if field.raw.is_some() {
                field.raw = Some(std::mem::take(&mut self.raw));
            }
            out.push(field);
        }
        *self = Builder::default();
    }
}

/// Appends the fields of one brace-expanded word; returns whether a variable was resolved.
fn split(atoms: &[Atom<'_>], vars: &Vars, binding: Binding<'_>, out: &mut Vec<Field>) -> bool {
    let mut b = Builder::default();
    let mut changed = false;
    // an `IFS` set in the line splits unquoted values elsewhere than at blanks
    let ifs_set = *vars.get("IFS") != Value::Unknown;
    for atom in atoms {
        match *atom {
            Atom::Char(c, quoted) => b.literal(c, quoted),
            Atom::Exp(raw, quoted) => match resolve(raw, vars, binding) {
                Resolved::Kept => b.kept(raw, quoted, false),
                Resolved::Unknown => b.kept(raw, quoted, true),
                Resolved::Text(..) | Resolved::List(..) if ifs_set && !quoted => {
                    b.kept(raw, quoted, true)
                }
                Resolved::List(items, star) if quoted && star => {
                    changed = true;
                    b.value(&items.join(" "), true, false, out);
                }
                Resolved::List(items, _) => {
                    // `"$@"`: one field per element, the first and last joined to the text
                    // around them; unquoted, each element is split again
                    changed = true;
                    for (k, v) in items.iter().enumerate() {
                        if k > 0 {
                            b.finish(out);
                        }
                        b.value(v, quoted, false, out);
                    }
                }
                Resolved::Text(v, glob) => {
                    changed = true;
                    b.value(&v, quoted, glob, out);
                }
            },
        }
    }
    b.finish(out);
    changed
}

// ---- what a command sets ----

/// The variables one command sets (for every binding of its loop variables, merged).
#[derive(Debug, Default)]
pub(super) struct Effects {
    /// Everything becomes unknown (`source FILE`, `eval "$X"`).
    forget_all: bool,
    set: Vec<(String, Value)>,
}

impl Effects {
    /// What either of two bindings sets.
    pub fn union(mut self, other: Effects) -> Effects {
        self.forget_all |= other.forget_all;
        for (name, value) in &mut self.set {
            *value = match other.set.iter().find(|(n, _)| n == name) {
                Some((_, v)) => union(value, v),
                None => Value::Unknown,
            };
        }
        for (name, _) in other.set {
            if !self.set.iter().any(|(n, _)| *n == name) {
                self.set.push((name, Value::Unknown));
            }
        }
        self
    }

    /// Records that the command sets `name` (one shared call for the many sites).
    #[inline(never)]
    fn sets(&mut self, name: &str, value: Value) {
        self.set.push((name.to_string(), value));
    }

    pub fn apply(self, vars: &mut Vars) {
        if self.forget_all {
            vars.forget_all();
        }
        for (name, value) in self.set {
            vars.set(&name, value);
        }
    }
}

/// An assignment's value as read: `NAME=word`, `NAME+=word`, `NAME=(words…)`, `NAME+=(…)`.
pub(super) enum Assigned {
    Scalar { value: Word, append: bool },
    Array { elements: Vec<Word>, append: bool },
}

/// The elements of an array assignment joined as a list value (see [`list_key`]), `None`
/// when one is not known (an expansion, a glob, a `[k]=v` element).
fn array_value(elements: &[Word], vars: &Vars, binding: Binding<'_>) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for w in elements {
        if w.glob || w.text.starts_with('[') {
            return None;
        }
        if !w.expands {
            if w.unknown {
                return None;
            }
            out.push(w.text.clone());
            continue;
        }
        match expand(&w.text, &w.spans, vars, binding) {
            Expansion::Fields(fields) => {
                for f in fields {
                    if f.unknown || f.glob {
                        return None;
                    }
                    out.push(f.text);
                }
            }
            Expansion::Unchanged { unknown: true } => return None,
            Expansion::Unchanged { unknown: false } => out.push(w.text.clone()),
        }
    }
    Some(out)
}

/// The list value of `items`, as one value.
fn list_value(items: &[String]) -> Value {
    Value::Set(vec![Val::plain(items.join("\0"))])
}

/// The list `key` holds, when it is known (one value).
fn known_list(vars: &Vars, key: &str) -> Option<Vec<String>> {
    match vars.get(key) {
        Value::Set(v) if v.len() == 1 => Some(
            elements(&v.first()?.text)
                .into_iter()
                .map(String::from)
                .collect(),
        ),
        _ => None,
    }
}

/// The positional parameters as the values of a loop variable (`for f; do`), when known.
pub(super) fn known_positional(vars: &Vars) -> Option<Vec<Val>> {
    known_list(vars, POSITIONAL).map(|items| items.into_iter().map(Val::plain).collect())
}

/// What a command of assignments only sets, left to right: a scalar's value (appended to
/// with `+=`), an array's elements (the list, and its element 0 as the scalar); `a[k]=v`
/// makes `a` unknown.
fn assigned(
    assignments: &[(String, String)],
    values: &[Assigned],
    vars: &Vars,
    binding: Binding<'_>,
    out: &mut Effects,
) {
    let mut local: Option<Vars> = None;
    for (i, (name, _)) in assignments.iter().enumerate() {
        let seen = local.as_ref().unwrap_or(vars);
        let name = name.trim_end_matches('+');
        // `a[1]=x` changes the array `a`
        let (name, element) = match name.split_once('[') {
            Some((base, _)) => (base, true),
            None => (name, false),
        };
        let mut list = None;
        let v = match values.get(i) {
            _ if element => Value::Unknown,
            Some(Assigned::Scalar { value: w, append }) => {
                let old = || match seen.get(name) {
                    Value::Set(v) if v.len() == 1 => v.first().map(|v| v.text.clone()),
                    Value::Unset => Some(String::new()),
                    _ => None,
                };
                let prefix = if *append { old() } else { Some(String::new()) };
                match (prefix, value(&w.text, &w.spans, seen, binding)) {
                    (Some(p), Some(v)) => Value::Set(vec![Val {
                        text: p + &v.text,
                        glob: v.glob,
                    }]),
                    _ => Value::Unknown,
                }
            }
            Some(Assigned::Array { elements, append }) => {
                let old = match append {
                    true => known_list(seen, &list_key(name)),
                    false => Some(Vec::new()),
                };
                list = old
                    .zip(array_value(elements, seen, binding))
                    .map(|(mut old, new)| {
                        old.extend(new);
                        old
                    });
                match list.as_deref() {
                    Some([first, ..]) => Value::Set(vec![Val::plain(first.clone())]),
                    _ => Value::Unknown,
                }
            }
            None => Value::Unknown,
        };
        let list = list.map_or(Value::Unknown, |l| list_value(&l));
        if i + 1 < assignments.len() {
            let local = local.get_or_insert_with(|| vars.clone());
            local.set(name, v.clone());
            local.set(&list_key(name), list.clone());
        }
        out.sets(name, v);
        out.sets(&list_key(name), list);
    }
}

/// What a command (its expanded `words`, the ones in `unknown` not known) does to the
/// variables: a command of assignments only sets them (left to right); `export`,
/// `declare`, `typeset`, `local`, `readonly` set their `NAME=value` words; `unset` unsets;
/// `read`, `mapfile`, `readarray`, `getopts`, `let`, `printf -v` set values not known;
/// `source` and an `eval` of unknown text may set anything. `None` when it sets nothing.
pub(super) fn effects(
    words: &[String],
    unknown: &[usize],
    assignments: &[(String, String)],
    values: &[Assigned],
    vars: &Vars,
    binding: Binding<'_>,
) -> Option<Effects> {
    // builtins are never called by a path: the length and first letter rule out most
    // commands without building a key
    if let Some(first) = words.first() {
        let b = first.as_bytes();
        if !matches!(
            (b.len(), b.first()),
            (1, Some(b'.'))
                | (3, Some(b'l' | b's'))
                | (4, Some(b'r' | b'e'))
                | (5, Some(b'l' | b'u' | b's'))
                | (6, Some(b'e' | b'p' | b's'))
                | (7, Some(b'd' | b't' | b'm' | b'g'))
                | (8, Some(b'r'))
                | (9, Some(b'r'))
        ) {
            return None;
        }
    }
    let mut out = Effects::default();
    let Some(first) = words.first() else {
        assigned(assignments, values, vars, binding, &mut out);
        return Some(out);
    };
    let args = || words.iter().enumerate().skip(1);
    let name = first.as_str();
    // names compared as integers (builtins are lowercase: the plain key)
    match names::key(name) {
        EXPORT | DECLARE | TYPESET | LOCAL | READONLY => {
            // `declare -n r=x`: a reference to another variable, not a value
            let reference = words
                .iter()
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('n'));
            for (i, w) in args().filter(|(_, w)| !w.starts_with(['-', '+'])) {
                let Some(n) = super::lexer::assignment_name_len(w) else {
                    continue;
                };
                let append = w.as_bytes().get(n) == Some(&b'+');
                let name = w.get(..n).unwrap_or("").trim_end_matches('+');
                let text = w.get(n + 1 + usize::from(append)..).unwrap_or("");
                let v = if reference || append || unknown.contains(&i) || text.starts_with('(') {
                    Value::Unknown
                } else {
                    Value::Set(vec![Val::plain(text.to_string())])
                };
                out.sets(name, v);
            }
        }
        UNSET if !words.iter().any(|w| w == "-f") => {
            for (_, w) in args().filter(|(_, w)| is_name(w)) {
                out.sets(w, Value::Unset);
            }
        }
        READ | MAPFILE | READARRAY | GETOPTS | LET => read_names(words, &mut out),
        PRINTF => {
            if let Some(p) = words.iter().position(|w| w == "-v") {
                if let Some(w) = words.get(p + 1) {
                    out.sets(w, Value::Unknown);
                }
            }
        }
        // `set -- a b`, `set a b`: the positional parameters (options leave them)
        SET => {
            let i = super::wrappers::set_operands(words)?;
            let known = !unknown.iter().any(|&u| u >= i);
            let items = words.get(i..).unwrap_or(&[]);
            out.sets(
                POSITIONAL,
                if known {
                    list_value(items)
                } else {
                    Value::Unknown
                },
            );
        }
        SHIFT => {
            let n = match words.get(1).map(|w| w.parse::<usize>()) {
                None => Some(1),
                Some(n) => n.ok(),
            };
            // (past the end bash shifts nothing: the call fails)
            let rest = n
                .zip(known_list(vars, POSITIONAL))
                .map(|(n, items)| match items.get(n..) {
                    Some(rest) => rest.to_vec(),
                    None => items,
                });
            out.sets(POSITIONAL, rest.map_or(Value::Unknown, |r| list_value(&r)));
        }
        SOURCE | DOT => out.forget_all = true,
        EVAL => out.forget_all = !unknown.is_empty(),
        _ => return None,
    }
    Some(out)
}

const EXPORT: names::Key = names::key("export");
const DECLARE: names::Key = names::key("declare");
const TYPESET: names::Key = names::key("typeset");
const LOCAL: names::Key = names::key("local");
const READONLY: names::Key = names::key("readonly");
const UNSET: names::Key = names::key("unset");
const READ: names::Key = names::key("read");
const MAPFILE: names::Key = names::key("mapfile");
const READARRAY: names::Key = names::key("readarray");
const GETOPTS: names::Key = names::key("getopts");
const LET: names::Key = names::key("let");
const PRINTF: names::Key = names::key("printf");
const SET: names::Key = names::key("set");
const SHIFT: names::Key = names::key("shift");
const SOURCE: names::Key = names::key("source");
const DOT: names::Key = names::key(".");
const EVAL: names::Key = names::key("eval");

fn is_name(w: &str) -> bool {
    !w.is_empty()
        && w.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !w.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// `read A B`, `mapfile A`, `let A=1`: the names become unknown.
fn read_names(words: &[String], out: &mut Effects) {
    for w in words.iter().skip(1) {
        let name = w.split(['=', '+', '-', '[']).next().unwrap_or("");
        if is_name(name) {
            out.sets(name, Value::Unknown);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::shell::analyse;

    /// Each command's words after expansion, and the indexes of its unknown words.
    fn expanded(input: &str) -> Vec<(Vec<String>, Vec<usize>)> {
        analyse(input)
            .commands
            .into_iter()
            .filter(|c| !c.words.is_empty())
            .map(|c| (c.words, c.unknown))
            .collect()
    }

    #[test]
    fn expansion_table() {
        // (input, the `echo` commands' words, ` | ` between commands; `?` marks an unknown
        // word)
        let table: &[(&str, &str)] = &[
            ("echo {a,b}c", "echo ac bc"),
            ("echo x{1..3}", "echo x1 x2 x3"),
            ("echo {3..1..2} {a..c} {08..10}", "echo 3 1 a b c 08 09 10"),
            ("echo {a,{b,c}}d", "echo ad bd cd"),
            ("echo {a} {} {,} a{,}b", "echo {a} {} ab ab"),
            ("echo '{a,b}' \"{a,b}\" \\{a,b}", "echo {a,b} {a,b} {a,b}"),
            ("echo ${x}{a,b}", "echo ?${x}a ?${x}b"),
            ("F=a; echo $F ${F} \"$F\"x", "echo a a ax"),
            ("F='a b'; echo $F \"$F\"", "echo a b a b"),
            ("F=; echo $F x", "echo x"),
            ("F=a; G=$F/b; echo $G", "echo a/b"),
            ("F=a G=$F; echo $G", "echo a"),
            ("F=a echo $F", "echo ?$F"),
            ("(F=a); echo $F", "echo ?$F"),
            ("F=a | echo $F", "echo ?$F"),
            ("echo $(F=a) $F", "echo ?$(F=a) ?$F"),
            ("F=a; (echo $F)", "echo a"),
            ("F=a; bash -c 'echo $F'", "echo ?$F"),
            ("F=a; eval 'G=$F'; echo $G", "echo a"),
            ("export F=a; echo $F", "echo a"),
            ("declare -x F=a; echo $F", "echo a"),
            ("declare -n F=a; echo $F", "echo ?$F"),
            ("unset F; echo ${F:-d} ${F-e} ${F:+f}x", "echo d e x"),
            ("F=; echo ${F:-d} ${F-e}x", "echo d x"),
            ("echo ${F:-d}", "echo ?${F:-d}"),
            ("F=a; read F; echo $F", "echo ?$F"),
            ("F=a; f() { F=b; }; echo $F", "echo ?$F"),
            ("F=a; if x; then F=b; fi; echo $F", "echo a | echo b"),
            ("F=a; x && F=b; echo $F", "echo b | echo a"),
            ("for f in a b; do echo $f; done", "echo a | echo b"),
            ("for f in a b; do :; done; echo $f", "echo ?$f"),
            ("for f in *.ts; do echo \"$f\"; done", "echo *.ts"),
            ("for f in $(ls); do echo $f; done", "echo ?$f"),
            ("G=a; for i in 1; do echo $G; G=b; done", "echo ?$G"),
            ("IFS=,; F=a,b; echo $F", "echo ?$F"),
            ("echo $PWD ~+ $HOME", "echo $PWD ~+ $HOME"),
            ("x=rm; $x -rf y", "rm -rf y"),
            (
                "echo {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}",
                "echo ?{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}",
            ),
            ("echo {1..100}", "echo ?{1..100}"),
        ];
        for (input, expected) in table {
            let got: Vec<String> = expanded(input)
                .into_iter()
                .filter(|(w, _)| w.first().is_some_and(|n| n == "echo" || n == "rm"))
                .map(|(words, unknown)| {
                    let marked: Vec<String> = words
                        .iter()
                        .enumerate()
                        .map(|(i, w)| match unknown.contains(&i) {
                            true => format!("?{w}"),
                            false => w.clone(),
                        })
                        .collect();
                    marked.join(" ")
                })
                .collect();
            assert_eq!(got.join(" | "), *expected, "{input:?}");
        }
    }

    #[test]
    fn a_loop_variable_is_expanded_once_per_value() {
        let all: Vec<String> = expanded("for f in a b; do cp $f $f.bak; done")
            .into_iter()
            .map(|(w, _)| w.join(" "))
            .collect();
        assert_eq!(all, ["cp a a.bak", "cp b b.bak"]);
    }

    #[test]
    fn hostile_braces_stay_bounded() {
        let input = format!("echo {}", "{1..1}".repeat(20_000));
        let t = std::time::Instant::now();
        let a = analyse(&input[..input.len().min(crate::shell::MAX_INPUT_BYTES)]);
        assert!(t.elapsed() < std::time::Duration::from_millis(500));
        assert!(a.commands.iter().any(|c| c.is_unknown(1)));
        let wide = format!("echo {}", "{a,b}".repeat(5000));
        let t = std::time::Instant::now();
        analyse(&wide);
        assert!(t.elapsed() < std::time::Duration::from_millis(500));
    }
}
