//! The rule parser and matcher. Input: a rule pattern on the first line, then a command (or a
//! path) on the rest.
//!
//! Properties: parsing and matching never panic; a command pattern's `*` matching agrees with
//! a plain recursive reference (if the reference matches a sub-command as written, the rule
//! as a deny rule denies); whatever a rule allows, the same rule as a deny rule denies, and
//! as an ask rule asks (allow is never looser than deny); an allowed command is plain and has
//! no problem; deny and ask see the same matches.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate::rules::{RuleKind, RuleSet};
use toolgate::shell::analyse;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (pattern, subject) = text.split_once('\n').unwrap_or((text, "ls"));
    if pattern.len() > 512 {
        return;
    }
    let one = |r: &str| vec![r.to_string()];
    for tool in ["bash", "read_file"] {
        let rule = format!("{tool}({pattern})");
        let Ok(allow) = RuleSet::compile(&one(&rule), &[], &[]) else {
            // a malformed rule is malformed in every list
            assert!(RuleSet::compile(&[], &[], &one(&rule)).is_err());
            continue;
        };
        let ask = RuleSet::compile(&[], &one(&rule), &[]).unwrap();
        let deny = RuleSet::compile(&[], &[], &one(&rule)).unwrap();
        let (analysis, paths) = if tool == "bash" {
            (Some(analyse(subject)), Vec::new())
        } else {
            (None, vec![subject])
        };
        let a = analysis.as_ref();
        let allowed = allow.allow_or_ask(tool, a, &paths);
        let denied = deny.deny(tool, a, &paths);
        let asked = ask.allow_or_ask(tool, a, &paths);
        assert_eq!(
            denied.is_some(),
            asked.is_some(),
            "deny and ask disagree on {rule:?} / {subject:?}"
        );
        if let Some(m) = &allowed {
            assert!(
                denied.is_some(),
                "{rule:?} allows {subject:?} but as a deny rule does not deny it"
            );
            if m.kind == RuleKind::Allow {
                if let Some(a) = a {
                    assert!(
                        a.plain && a.problem.is_none(),
                        "{rule:?} allows non-plain {subject:?}"
                    );
                }
            }
        }
        if let (Some(a), Some(reference)) = (a, reference_pattern(pattern)) {
            for c in &a.commands {
                let written = c
                    .wrappers
                    .iter()
                    .flat_map(|w| &w.words)
                    .chain(&c.words)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ");
                if reference.matches(&written) {
                    assert!(
                        denied.is_some(),
                        "{rule:?} should deny {written:?} (in {subject:?})"
                    );
                }
            }
        }
    }
});

/// The documented pattern language, plainly: whitespace collapsed; `*` any text, `?` one
/// character; a trailing ` *` or `:*` means "the prefix, alone or followed by a space and
/// anything". `None` for patterns with parentheses (the rule parser's own business).
struct Reference {
    alternatives: Vec<Vec<u8>>,
}

fn reference_pattern(pattern: &str) -> Option<Reference> {
    if pattern.contains(['(', ')']) || pattern.trim().is_empty() {
        return None;
    }
    let collapsed = pattern.split_whitespace().collect::<Vec<_>>().join(" ");
    let bare = collapsed
        .strip_suffix(" *")
        .or_else(|| collapsed.strip_suffix(":*"))
        .filter(|b| !b.is_empty());
    let alternatives = match bare {
        Some(b) => vec![b.as_bytes().to_vec(), format!("{b} *").into_bytes()],
        None => vec![collapsed.into_bytes()],
    };
    Some(Reference { alternatives })
}

impl Reference {
    fn matches(&self, text: &str) -> bool {
        self.alternatives.iter().any(|p| star(p, text.as_bytes()))
    }
}

/// `*` / `?` wildcard match by dynamic programming over characters: `ok[j]` = the pattern
/// so far matches the first `j` characters.
fn star(p: &[u8], t: &[u8]) -> bool {
    let (p, t) = (String::from_utf8_lossy(p), String::from_utf8_lossy(t));
    let t: Vec<char> = t.chars().collect();
    let mut ok = vec![false; t.len() + 1];
    ok[0] = true;
    for c in p.chars() {
        if c == '*' {
            for j in 1..=t.len() {
                ok[j] = ok[j] || ok[j - 1];
            }
        } else {
            for j in (1..=t.len()).rev() {
                ok[j] = ok[j - 1] && (c == '?' || t[j - 1] == c);
            }
            ok[0] = false;
        }
    }
    ok[t.len()]
}
