//! The engine's side of MCP identity ([`crate::mcp`]): which overrides, turn grants,
//! always-allow entries and rules name an MCP call's server or tool.
//!
//! A deny at any level wins (a deny override, turn deny or deny rule naming the server, the
//! tool, or `use_mcp_tool` itself); among allow/prompt overrides the most specific name
//! decides (`mcp(github/get_issue)` over `mcp(github)` over `use_mcp_tool`).

use super::{Engine, Facts, Override};
use crate::map::NameMap;
use crate::mcp::{self, Pattern, Rules, Target};
use crate::policy::Policy;
use crate::rules::RuleKind;
use crate::settings::{ErrorCode, RuleEntry, SettingsError};

/// Every MCP-looking override or always-allow key must be well formed: a malformed
/// `mcp(github/)` deny would otherwise deny nothing.
pub(super) fn check_keys(
    overrides: &NameMap<Policy>,
    always: &[String],
) -> Result<(), SettingsError> {
    let named = overrides
        .keys()
        .map(|k| (format!("overrides.{k}"), k))
        .chain(
            always
                .iter()
                .enumerate()
                .map(|(i, k)| (format!("alwaysAllow[{i}]"), k.as_str())),
        );
    for (field, key) in named {
        check_key(&field, key)?;
    }
    Ok(())
}

/// Checks one key given at run time (`setOverride`, `allowAlways`, `grantForTurn`).
pub fn check_key(field: &str, key: &str) -> Result<(), SettingsError> {
    mcp::check_key(key).map_err(|why| {
        SettingsError::new(ErrorCode::InvalidValue, field, format!("`{key}`: {why}"))
    })
}

/// The rules written as MCP names.
pub(super) fn split_rules(rules: &crate::settings::Rules) -> Result<Rules, SettingsError> {
    let mut out = Rules::default();
    for (kind, list, entries) in rules.lists() {
        for (i, entry) in entries.iter().enumerate() {
            if mcp::is_mcp_key(&entry.rule) {
                out.push(kind, &entry.rule).map_err(|why| {
                    SettingsError::new(
                        ErrorCode::InvalidRule,
                        format!("rules.{list}[{i}]"),
                        format!("invalid rule `{}`: {why}", entry.rule),
                    )
                })?;
            }
        }
    }
    Ok(out)
}

/// An example of an MCP rule: `server/tool`, `server/@resources`, or `mcp__server__tool`.
fn example_target(example: &str) -> Option<Target> {
    let key = if example.starts_with(mcp::CLAUDE_PREFIX) {
        example.to_string()
    } else {
        format!("mcp({example})")
    };
    match Pattern::parse(&key).ok()?? {
        Pattern {
            server: Some(server),
            member: mcp::Member::Tool(tool),
        } => Some(Target {
            server,
            tool: Some(tool),
            uri: None,
        }),
        Pattern {
            server: Some(server),
            member: mcp::Member::Resources,
        } => Some(Target {
            server,
            tool: None,
            uri: Some(String::new()),
        }),
        _ => None,
    }
}

/// The error for an MCP rule's examples, if one does not behave as stated; `None` when `ex`
/// is not an MCP rule (the command and path rules' check applies).
pub(super) fn check_example(kind: RuleKind, ex: &RuleEntry) -> Option<Result<(), String>> {
    if !mcp::is_mcp_key(&ex.rule) {
        return None;
    }
    let mut rules = Rules::default();
    if let Err(why) = rules.push(kind, &ex.rule) {
        return Some(Err(why));
    }
    let cases = ex
        .matches
        .iter()
        .map(|e| (e, true))
        .chain(ex.not_matches.iter().map(|e| (e, false)));
    for (example, want) in cases {
        let Some(target) = example_target(example) else {
            return Some(Err(format!(
                "rule `{}`: example {} is not an MCP tool (server/tool) or resource (server/@resources)",
                ex.rule,
                crate::shell::Quoted(example)
            )));
        };
        if rules.find(kind, &target).is_some() != want {
            let (should, does) = if want {
                ("match", "does not")
            } else {
                ("not match", "does")
            };
            return Some(Err(format!(
                "rule `{}`: example {} should {should} but {does}",
                ex.rule,
                crate::shell::Quoted(example)
            )));
        }
    }
    Some(Ok(()))
}

/// Every reading of the call's MCP name, the first as [`mcp::target`] reads it.
fn readings<'f>(f: &'f Facts<'_>) -> impl Iterator<Item = &'f Target> {
    f.mcp.iter().chain(&f.mcp_also)
}

/// `find` on every reading when each finds something: the first reading's answer.
fn every<'f, T>(f: &'f Facts<'_>, mut find: impl FnMut(&'f Target) -> Option<T>) -> Option<T> {
    let mut first = None;
    for t in readings(f) {
        let found = find(t)?;
        first.get_or_insert(found);
    }
    first
}

impl Engine {
    /// A deny override naming the call's server or tool (any case), in any reading.
    pub(super) fn mcp_deny_override(&self, f: &Facts<'_>) -> Option<(&str, &Override)> {
        readings(f).find_map(|t| {
            mcp::covering(self.overrides.keys(), t, true)
                .map(|(k, _)| k)
                .find_map(|k| {
                    let o = self.overrides.get(k)?;
                    (o.policy == Policy::Deny).then_some((k, o))
                })
        })
    }

    /// The most specific allow/prompt override for the call: its MCP names (exact), then the
    /// tool's own name. An ambiguous name needs one for every reading; a prompt for any
    /// reading wins.
    pub(super) fn mcp_override(&self, f: &Facts<'_>) -> Option<(&str, &Override)> {
        let best = |t: &Target| {
            mcp::covering(self.overrides.keys(), t, false)
                .filter_map(|(k, p)| Some((k, self.overrides.get(k)?, p.specificity())))
                .filter(|(_, o, _)| o.policy != Policy::Deny)
                .max_by_key(|(_, _, s)| *s)
                .map(|(k, o, _)| (k, o))
        };
        let mut chosen = None;
        for t in readings(f) {
            let (k, o) = best(t)?;
            if chosen.map_or(true, |(_, c): (&str, &Override)| {
                c.policy != Policy::Prompt && o.policy == Policy::Prompt
            }) {
                chosen = Some((k, o));
            }
        }
        chosen
    }

    /// A turn deny naming the call's server or tool (any case), in any reading.
    pub(super) fn mcp_turn_deny(&self, f: &Facts<'_>) -> Option<&str> {
        readings(f).find_map(|t| {
            let keys = self.turn_deny.keys();
            mcp::covering(keys, t, true).map(|(k, _)| k).next()
        })
    }

    /// A turn allow naming the call's server or tool, for every reading.
    pub(super) fn mcp_turn_allow(&self, f: &Facts<'_>) -> Option<&str> {
        every(f, |t| {
            let keys = self.turn_allow.keys();
            mcp::covering(keys, t, false).map(|(k, _)| k).next()
        })
    }

    /// An always-allow entry naming the call's server or tool, for every reading.
    pub(super) fn mcp_always(&self, f: &Facts<'_>) -> Option<&str> {
        every(f, |t| {
            let keys = self.always_allow.keys();
            mcp::covering(keys, t, false).map(|(k, _)| k).next()
        })
    }

    /// The first MCP rule of `kind` naming the call: a deny or ask rule in any reading, an
    /// allow rule in every reading.
    pub(super) fn mcp_rule(&self, kind: RuleKind, f: &Facts<'_>) -> Option<&str> {
        match kind {
            RuleKind::Allow => every(f, |t| self.mcp_rules.find(kind, t)),
            _ => readings(f).find_map(|t| self.mcp_rules.find(kind, t)),
        }
    }
}
