//! Whether two glob components can match a common name: what a shell glob (`.e*`, `*.ts`) or
//! a program's pattern (`find -name '*.ts'`) may name, against an ignore line (`.env`,
//! `*.pem`), without a file system.
//!
//! `*` matches any run, `?` one character; a bracket class counts as any one character (an
//! over-reading: more overlap, never less). With `shell`, a component that starts with `*` or
//! `?` never matches a name starting with `.` (bash without `dotglob`); programs' patterns
//! (`find -name`, `git ls-files`) do match such names.

#[derive(Clone, Copy, PartialEq)]
enum Token {
    Lit(u8),
    Any,
    Star,
}

/// Longer components are taken to overlap (fail closed).
const MAX_TOKENS: usize = 128;

fn tokens(pattern: &str, fold: bool) -> Option<Vec<Token>> {
    let b = pattern.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        i += 1;
        let t = match c {
            b'*' => {
                if out.last() == Some(&Token::Star) {
                    continue;
                }
                Token::Star
            }
            b'?' => Token::Any,
            b'[' => {
                // up to the closing `]` (a `]` first in the class is a member)
                let mut j = i;
                if matches!(b.get(j), Some(b'!' | b'^')) {
                    j += 1;
                }
                if b.get(j) == Some(&b']') {
                    j += 1;
                }
                while b.get(j).is_some_and(|&x| x != b']') {
                    j += 1;
                }
                if j < b.len() {
                    i = j + 1;
                    Token::Any
                } else {
                    Token::Lit(b'[')
                }
            }
            b'\\' => match b.get(i) {
                Some(&x) => {
                    i += 1;
                    Token::Lit(x)
                }
                None => Token::Lit(b'\\'),
            },
            c if fold => Token::Lit(c.to_ascii_lowercase()),
            c => Token::Lit(c),
        };
        out.push(t);
    }
    (out.len() <= MAX_TOKENS).then_some(out)
}

/// Whether some name matches both `glob` and `rule` (one component each).
pub fn overlap(glob: &str, rule: &str, fold: bool, shell: bool) -> bool {
    let (Some(a), Some(b)) = (tokens(glob, fold), tokens(rule, fold)) else {
        return true;
    };
    if shell && glob.starts_with(['*', '?']) && b.first() == Some(&Token::Lit(b'.')) {
        return false;
    }
    // reachable (i, j): a[..i] and b[..j] can match the same prefix
    let (n, m) = (a.len(), b.len());
    let mut seen = vec![false; (n + 1) * (m + 1)];
    let mut todo = vec![(0usize, 0usize)];
    while let Some((i, j)) = todo.pop() {
        let Some(slot) = seen.get_mut(i * (m + 1) + j) else {
            continue;
        };
        if *slot {
            continue;
        }
        *slot = true;
        if i == n && j == m {
            return true;
        }
        let (x, y) = (a.get(i).copied(), b.get(j).copied());
        if x == Some(Token::Star) {
            todo.push((i + 1, j));
            if j < m {
                todo.push((i, j + 1));
            }
        }
        if y == Some(Token::Star) {
            todo.push((i, j + 1));
            if i < n {
                todo.push((i + 1, j));
            }
        }
        match (x, y) {
            (Some(Token::Lit(p)), Some(Token::Lit(q))) if p == q => todo.push((i + 1, j + 1)),
            (Some(Token::Lit(_) | Token::Any), Some(Token::Any))
            | (Some(Token::Any), Some(Token::Lit(_))) => todo.push((i + 1, j + 1)),
            _ => {}
        }
    }
    false
}

/// Only wildcards (`*`, `**`, `?`): a component like this stands for the entries of its
/// directory, not for a name in particular.
pub fn wildcard_only(component: &str) -> bool {
    !component.is_empty() && component.bytes().all(|b| b == b'*' || b == b'?')
}

#[cfg(test)]
mod tests {
    use super::overlap;

    #[test]
    fn overlap_table() {
        // (glob, rule, shell, overlaps)
        let table = [
            (".e*", ".env", true, true),
            ("*", ".env", true, false),
            ("*", ".env", false, true),
            ("?env", ".env", true, false),
            ("[.]env", ".env", true, true),
            ("*.ts", ".env", false, false),
            ("*.ts", "*.pem", true, false),
            ("*", "*.pem", true, true),
            ("index.*", "*.pem", true, true),
            ("sec*", "secrets", true, true),
            ("src", "secrets", true, false),
            ("*.{ts,tsx}", "*.pem", false, false),
            (".cline*", ".clineignore", true, true),
            ("*.p?m", "*.pem", true, true),
            ("a*b*c", "*x*", true, true),
            ("abc", "a?c", true, true),
            ("abc", "a?d", true, false),
        ];
        for (glob, rule, shell, expected) in table {
            assert_eq!(
                overlap(glob, rule, false, shell),
                expected,
                "{glob} vs {rule}"
            );
        }
        assert!(overlap("*.PEM", "*.pem", true, true));
        assert!(!overlap("*.PEM", "*.pem", false, true));
    }
}
