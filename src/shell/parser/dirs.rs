//! The current directory as a set of possible values. A `cd` that is not certain to have
//! worked (joined by `;`, `||` or a newline, inside a condition or a loop body that may not
//! run, redefined as a function or alias that may do nothing) leaves the shell in either
//! directory: bash stays where it was when `cd` fails (`cd /nonexistent; cat .env` reads
//! `./.env`). Commands carry every directory they may run in, and a relative path is checked
//! against each.

use super::Parts;
use super::SimpleCommand;

/// Past this many possible directories the directory is unknown.
const MAX_DIRS: usize = 8;

/// Where commands run: `cwd` if every `cd` so far worked (`None`: where the line started),
/// `also` the other directories they may run in, `dynamic` when one of them is a value
/// toolgate cannot know (`cd "$X"`, `cd -`, `popd`).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Dirs {
    pub cwd: Option<String>,
    pub also: Vec<Option<String>>,
    pub dynamic: bool,
}

impl Dirs {
    /// After something that may or may not have happened: either this or `other`.
    pub fn union(&mut self, other: &Dirs) {
        for d in std::iter::once(&other.cwd).chain(&other.also) {
            if *d != self.cwd && !self.also.contains(d) {
                self.also.push(d.clone());
            }
        }
        self.dynamic |= other.dynamic;
        if self.also.len() > MAX_DIRS {
            self.also.truncate(MAX_DIRS);
            self.dynamic = true;
        }
    }

    /// A `cd` to `target` (`absolute` when it does not depend on where it starts; `dynamic`
    /// when its value is not known) that worked, from each possible directory.
    pub fn change(&mut self, target: &str, absolute: bool, dynamic: bool) {
        let join = |from: &Option<String>| -> Option<String> {
            let target = crate::shell::lexer::strip_all(target, "./");
            Some(match (from, absolute) {
                (Some(cwd), false) if target != "." && !target.is_empty() => {
                    format!("{cwd}/{target}")
                }
                (Some(cwd), false) => cwd.clone(),
                _ if target.is_empty() => ".".to_string(),
                _ => target.to_string(),
            })
        };
        self.cwd = join(&self.cwd);
        let also: Vec<Option<String>> = self.also.iter().map(join).collect();
        self.also.clear();
        for d in also {
            if d != self.cwd && !self.also.contains(&d) {
                self.also.push(d);
            }
        }
        self.dynamic |= dynamic;
    }
}

/// The value `c` gives the shell variable `var` for the rest of the line, if it sets it:
/// `Some(None)` when that value is not known (`read HOME`, `HOME=$(pwd)`, `unset HOME`).
/// A prefix assignment (`HOME=/x cmd`) is the command's own and not counted.
pub(super) fn assigned<'c>(c: &'c SimpleCommand, var: &str) -> Option<Option<&'c str>> {
    if c.words.is_empty() {
        // `HOME+=…` appends to a value toolgate does not know
        let appended = |n: &str| n.strip_suffix('+') == Some(var);
        let i = c
            .assignments
            .iter()
            .rposition(|(n, _)| n == var || appended(n))?;
        if appended(&c.assignments[i].0) {
            return Some(None);
        }
        let dynamic = c.dynamic_assignments.iter().any(|d| d.index == i);
        return Some((!dynamic).then(|| c.assignments[i].1.as_str()));
    }
    // (a command with no operand, or one that sets no variable, is not read further)
    let (declares, clears) = match c.words.as_slice() {
        [first, _, ..] => (
            matches!(
                first.as_str(),
                "export" | "declare" | "typeset" | "local" | "readonly"
            ),
            matches!(
                first.as_str(),
                "read" | "unset" | "printf" | "mapfile" | "readarray" | "getopts"
            ),
        ),
        _ => (false, false),
    };
    if !declares && !clears {
        return None;
    }
    let mut found = None;
    for (i, w) in c.words.iter().enumerate().skip(1) {
        let value = match declares {
            true => w
                .strip_prefix(var)
                .and_then(|r| r.strip_prefix('=').or_else(|| r.strip_prefix("+=")))
                .map(|v| (!c.is_dynamic(i) && !w.contains(&format!("{var}+="))).then_some(v)),
            false if w == var => Some(None),
            false => None,
        };
        if value.is_some() {
            found = value;
        }
    }
    found
}

/// The value of a prefix assignment of `var` on `c` (`CDPATH= cd src`).
pub(super) fn assigned_prefix<'c>(c: &'c SimpleCommand, var: &str) -> Option<&'c str> {
    c.assignments
        .iter()
        .rev()
        .find(|(n, _)| n == var)
        .map(|(_, v)| v.as_str())
}

/// `+N` / `-N`: an entry of the directory stack.
pub(super) fn stack_index(w: &str) -> bool {
    w.starts_with(['+', '-']) && stack_entry(w)
}

/// `N`, `+N`, `-N`: an entry of the directory stack, as `~N` names it.
fn stack_entry(name: &str) -> bool {
    let digits = name.strip_prefix(['+', '-']).unwrap_or(name);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// With `HOME` redefined by the line, a word `~` or `~/…` is that value (or unknown).
pub(super) fn redefined_home(home: Option<&str>, parts: &mut Parts) {
    for (i, w) in parts.words.iter_mut().enumerate().skip(1) {
        let Some(rest) = w.strip_prefix('~') else {
            continue;
        };
        if !(rest.is_empty() || rest.starts_with('/')) {
            continue;
        }
        match home {
            Some(h) => *w = format!("{h}{rest}"),
            None if !parts.unknown.contains(&i) => parts.unknown.push(i),
            None => {}
        }
    }
}

/// `~-` (the previous directory) is `oldpwd` when known; `~N`, `~+N`, `~-N` (entries of the
/// directory stack) and an unknown `~-` make the word unknown.
pub(super) fn stack_tildes(oldpwd: Option<&String>, parts: &mut Parts) {
    for (i, w) in parts.words.iter_mut().enumerate().skip(1) {
        let Some(rest) = w.strip_prefix('~') else {
            continue;
        };
        let name = rest.split('/').next().unwrap_or("");
        match oldpwd {
            Some(old) if name == "-" => *w = format!("{old}{}", &rest[1..]),
            _ if name == "-" || stack_entry(name) => {
                if !parts.unknown.contains(&i) {
                    parts.unknown.push(i);
                }
            }
            _ => {}
        }
    }
}

/// A redirection target starting with `~` under a redefined `HOME` (see
/// [`redefined_home`]), or with a stack tilde: its value, or `None` when it is not known.
pub(super) fn tilde_target(
    home: Option<&Option<String>>,
    oldpwd: Option<&String>,
    target: &str,
) -> Option<Option<String>> {
    let rest = target.strip_prefix('~')?;
    let name = rest.split('/').next().unwrap_or("");
    let after = &rest[name.len()..];
    match (name, home) {
        ("", Some(h)) => Some(h.as_ref().map(|h| format!("{h}{after}"))),
        ("-", _) => Some(oldpwd.map(|o| format!("{o}{after}"))),
        _ if stack_entry(name) => Some(None),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_and_change() {
        let mut d = Dirs::default();
        let start = d.clone();
        d.change("a", false, false);
        d.union(&start);
        assert_eq!((d.cwd.as_deref(), d.also.clone()), (Some("a"), vec![None]));
        d.change("b", false, false);
        assert_eq!(d.cwd.as_deref(), Some("a/b"));
        assert_eq!(d.also, vec![Some("b".to_string())]);
        d.change("/x", true, false);
        assert_eq!((d.cwd.as_deref(), d.also.len()), (Some("/x"), 0));
    }
}
