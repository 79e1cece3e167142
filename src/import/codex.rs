//! Codex: an execpolicy rules file (Starlark) — its `prefix_rule(pattern, decision, match,
//! not_match, justification)` calls, with their examples checked at import.
//!
//! | Codex | toolgate |
//! |---|---|
//! | `prefix_rule(pattern = ["git", ["status", "log"]])` | `execute_command(git status *)`, `execute_command(git log *)` and the same for `bash`: one rule per alternative; ` *` is Codex's prefix match (the pattern's tokens, then anything) |
//! | `decision`: `allow` (the default), `prompt`, `forbidden` | the allow, ask, deny list (Codex's strictest-wins is toolgate's order: deny, then ask, then allow) |
//! | `match` / `not_match` (strings are split as a shell would; token lists are quoted) | checked at import against the translation: a `match` the translation does not decide, or a `not_match` it decides, is a warning; a `not_match` an allow would approve drops that allow (it would be broader); the examples that hold are carried on their rules (`{ rule, match, notMatch }`), so the engine checks them again when it is built |
//! | `justification` | not carried (toolgate's reason names the rule), with a warning |
//! | `host_executable`, `network_rule`, any other call | not carried, with a warning (a `network_rule` deny is NOT enforced) |
//!
//! A token holding a space, `*` or `?` cannot be written in a toolgate pattern (words are
//! joined by spaces; `*` and `?` are wildcards): an allow with one is not carried, a deny or
//! prompt is carried broader, with a warning. A file that is not the Starlark subset
//! [`super::starlark`] reads is refused.

use super::starlark::{self, Call};
use super::value::{SyntaxError, Value};
use super::{balanced_parens, Imported, List, RuleLists, COMMAND_TOOLS};
use crate::rules::{RuleKind, RuleSet};
use crate::shell;

/// prefix_rule's parameters in their positional order.
const PARAMS: [&str; 5] = ["pattern", "decision", "match", "not_match", "justification"];

/// Alternatives expanded per rule at most: past this a rule is refused, not guessed at.
const MAX_EXPANSION: usize = 64;

/// A config from one Codex rules file; `Err` when it is not the subset this reader knows.
pub fn rules(text: &str) -> Result<Imported, SyntaxError> {
    let calls = starlark::parse(text)?;
    let mut out = Imported::default();
    let mut lists = RuleLists::default();
    let mut examples = Vec::new();
    for call in &calls {
        let at = format!("Codex {}() on line {}", call.name, call.line);
        match call.name.as_str() {
            "prefix_rule" => prefix_rule(call, &at, &mut out, &mut lists, &mut examples),
            "host_executable" => out.warn(format!(
                "{at}: not carried over: toolgate does not tie a program name to paths (deny and ask rules also meet a path-named command by its name; allow rules only as written)"
            )),
            "network_rule" => {
                let deny = keyword(call, "decision")
                    .and_then(Value::as_str)
                    .is_some_and(|d| matches!(d, "deny" | "forbidden"));
                let tail = if deny { "; this deny is NOT enforced" } else { "" };
                out.warn(format!("{at}: not carried over: toolgate has no network rules{tail}"));
            }
            _ => out.warn(format!("{at}: not carried over: not an execpolicy rule toolgate knows")),
        }
    }
    out.config.rules = lists.into_rules();
    // each carried rule keeps the examples that held for it
    for (list, rule, matches, not_matches) in examples {
        let entries = match list {
            List::Allow => &mut out.config.rules.allow,
            List::Ask => &mut out.config.rules.ask,
            List::Deny => &mut out.config.rules.deny,
        };
        if let Some(entry) = entries.iter_mut().find(|e| e.rule == rule) {
            entry.matches = matches;
            entry.not_matches = not_matches;
        }
    }
    Ok(out)
}

/// A carried rule's examples: its list, its text, `match`, `not_match`.
type Examples = Vec<(List, String, Vec<String>, Vec<String>)>;

fn keyword<'c>(call: &'c Call, name: &str) -> Option<&'c Value> {
    call.keywords
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v)
}

fn prefix_rule(
    call: &Call,
    at: &str,
    out: &mut Imported,
    lists: &mut RuleLists,
    examples: &mut Examples,
) {
    if call.positional.len() > PARAMS.len() {
        return out.warn(format!("{at}: not carried over: too many arguments"));
    }
    let mut args: Vec<(&str, &Value)> = PARAMS.iter().copied().zip(&call.positional).collect();
    for (k, v) in &call.keywords {
        if !PARAMS.contains(&k.as_str()) || args.iter().any(|(name, _)| name == k) {
            return out.warn(format!(
                "{at}: not carried over: unexpected argument `{k}` (Codex refuses the file)"
            ));
        }
        args.push((k.as_str(), v));
    }
    let arg = |name: &str| args.iter().find(|(k, _)| *k == name).map(|(_, v)| *v);
    let list = match arg("decision").map(Value::as_str) {
        None => List::Allow,
        Some(Some("allow")) => List::Allow,
        Some(Some("prompt")) => List::Ask,
        Some(Some("forbidden")) => List::Deny,
        Some(d) => {
            return out.warn(format!(
                "{at}: not carried over: decision {} is not allow, prompt or forbidden (Codex refuses the file)",
                d.map_or("that is not a string".to_string(), |d| format!("\"{d}\""))
            ))
        }
    };
    let skip = |out: &mut Imported, why: &str| {
        let tail = if list == List::Deny {
            "; this deny is NOT enforced"
        } else {
            ""
        };
        out.warn(format!("{at}: not carried over: {why}{tail}"));
    };
    let Some(alternatives) = arg("pattern").and_then(expand) else {
        return skip(
            out,
            "pattern must be a non-empty list of strings or lists of strings",
        );
    };
    if alternatives.len() > MAX_EXPANSION {
        return skip(
            out,
            &format!("its alternatives expand to more than {MAX_EXPANSION} rules"),
        );
    }
    let mut texts = Vec::new();
    for tokens in &alternatives {
        let odd = tokens
            .iter()
            .any(|t| t.is_empty() || t.contains(char::is_whitespace) || t.contains(['*', '?']));
        let text = tokens.join(" ");
        if !balanced_parens(&text) {
            skip(out, &format!("the prefix \"{text}\" has unbalanced parentheses, which toolgate rules cannot hold"));
            continue;
        }
        if odd {
            if list == List::Allow {
                skip(out, &format!("the prefix \"{text}\" has a token with a space, `*` or `?`, or an empty one, which a toolgate pattern cannot spell (the allow would be broader)"));
                continue;
            }
            out.warn(format!("{at}: the prefix \"{text}\" has a token with a space, `*` or `?`, or an empty one: toolgate's {} matches more than Codex's", list.name()));
        }
        texts.push(format!("{text} *"));
    }
    if texts.is_empty() {
        return;
    }
    let listed = |name: &str| -> Option<Vec<String>> {
        match arg(name) {
            None => Some(Vec::new()),
            Some(Value::List(items)) => items.iter().map(example).collect(),
            Some(_) => None,
        }
    };
    let (Some(matches), Some(not_matches)) = (listed("match"), listed("not_match")) else {
        return skip(
            out,
            "match and not_match must be lists of strings or token lists",
        );
    };
    if arg("justification").is_some() {
        out.warn(format!(
            "{at}: justification is not carried (toolgate's reason names the rule instead)"
        ));
    }
    // Check the examples on the translation, as Codex checks them on its rule.
    let kind = match list {
        List::Allow => RuleKind::Allow,
        List::Ask => RuleKind::Ask,
        List::Deny => RuleKind::Deny,
    };
    let tool = COMMAND_TOOLS[0];
    let rules: Vec<String> = texts.iter().map(|t| format!("{tool}({t})")).collect();
    let decider = |example: &str| -> Option<usize> {
        rules.iter().position(|r| decides(kind, tool, r, example))
    };
    let mut carried_examples: Vec<(usize, bool, String)> = Vec::new();
    for m in &matches {
        match decider(m) {
            Some(i) => carried_examples.push((i, true, m.clone())),
            None => out.warn(format!(
                "{at}: match example \"{m}\" is not decided by toolgate's translation ({}){}",
                super::quoted_list(&rules),
                match list {
                    List::Deny => "; this deny is NOT enforced for it",
                    _ => " (narrower: it asks instead)",
                }
            )),
        }
    }
    for n in &not_matches {
        if decider(n).is_some() {
            if list == List::Allow {
                return skip(out, &format!("not_match example \"{n}\" would be allowed by toolgate's translation (broader)"));
            }
            out.warn(format!("{at}: not_match example \"{n}\" is matched by toolgate's translation: the {} is broader than Codex's", list.name()));
        } else {
            for i in 0..texts.len() {
                carried_examples.push((i, false, n.clone()));
            }
        }
    }
    for (i, text) in texts.iter().enumerate() {
        for tool in COMMAND_TOOLS {
            let rule = format!("{tool}({text})");
            let mine = |want: bool| -> Vec<String> {
                carried_examples
                    .iter()
                    .filter(|(j, w, _)| *j == i && *w == want)
                    .map(|(_, _, e)| e.clone())
                    .collect()
            };
            let (m, n) = (mine(true), mine(false));
            if !m.is_empty() || !n.is_empty() {
                examples.push((list, rule.clone(), m, n));
            }
            lists.push(list, rule);
        }
    }
}

/// Whether the one rule `rule` of `kind` decides `command` (as the engine's example check
/// does: an allow must really allow).
fn decides(kind: RuleKind, tool: &str, rule: &str, command: &str) -> bool {
    let one = std::slice::from_ref;
    let none: &[String] = &[];
    let rule = rule.to_string();
    let set = match kind {
        RuleKind::Allow => RuleSet::compile(one(&rule), none, none),
        RuleKind::Ask => RuleSet::compile(none, one(&rule), none),
        RuleKind::Deny => RuleSet::compile(none, none, one(&rule)),
    };
    let Ok(set) = set else { return false };
    let a = shell::analyse(command);
    let m = match kind {
        RuleKind::Deny => set.deny(tool, Some(&a), &[]),
        _ => set.allow_or_ask(tool, Some(&a), &[]),
    };
    m.is_some_and(|m| m.kind == kind && m.downgraded.is_none())
}

/// A pattern's token sequences: each element a string or a list of alternatives.
fn expand(pattern: &Value) -> Option<Vec<Vec<String>>> {
    let Value::List(elements) = pattern else {
        return None;
    };
    if elements.is_empty() {
        return None;
    }
    let mut out: Vec<Vec<String>> = vec![Vec::new()];
    for e in elements {
        let alts = match e {
            Value::Str(s) => vec![s.clone()],
            Value::List(items) if !items.is_empty() => items
                .iter()
                .map(|i| i.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()?,
            _ => return None,
        };
        if out.len() * alts.len() > MAX_EXPANSION * 2 {
            return Some(vec![Vec::new(); MAX_EXPANSION + 1]);
        }
        out = out
            .iter()
            .flat_map(|head| {
                alts.iter().map(move |a| {
                    let mut v = head.clone();
                    v.push(a.clone());
                    v
                })
            })
            .collect();
    }
    Some(out)
}

/// An example as a command line: a string as written, a token list quoted for the shell.
fn example(v: &Value) -> Option<String> {
    match v {
        Value::Str(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::List(tokens) if !tokens.is_empty() => tokens
            .iter()
            .map(|t| t.as_str().map(quote))
            .collect::<Option<Vec<_>>>()
            .map(|words| words.join(" ")),
        _ => None,
    }
}

/// A token as one shell word.
fn quote(token: &str) -> String {
    let plain = !token.is_empty()
        && token.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | '_' | '.' | '/' | '=' | ':' | ',' | '+' | '@' | '%')
        });
    if plain {
        token.to_string()
    } else {
        format!("'{}'", token.replace('\'', r"'\''"))
    }
}
