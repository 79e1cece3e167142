//! Allow-lists (`rules.allowOnly`): tools that run only what their list covers, Cline's
//! `CLINE_COMMAND_PERMISSIONS` as a rule feature.
//!
//! A tool named in `allowOnly`, bare (`execute_command`) or with a pattern
//! (`execute_command(npm *)`), is allow-listed. Its call is denied (step 3) unless
//! * for a tool with a command: every sub-command (nested ones included) — its assignments and
//!   its words as written with its launchers, its redirections set apart as the allow rules set
//!   them apart — is matched by one of the tool's `allowOnly` patterns or `allow` rules;
//!   the command can be analysed and shows no suspicious character (what cannot be checked is
//!   on no list); and, unless `allowRedirects` is true, no sub-command redirects (`>`, `<`,
//!   `2>&1`, here-docs) and none runs in a process substitution, as Cline denies them. With
//!   `allowRedirects` a redirection is permitted, and its target is no word of the command:
//!   `cat > README.md` is `cat`, not `cat README.md` (the target is judged as a path like any
//!   other, by validation and the later steps);
//! * for another tool: it names a path, and every path is matched the same way.
//!
//! An `allowOnly` pattern only lets the call through: the later steps still decide whether to
//! ask (Cline's allow list permits, its auto-approval settings approve). An `allow` rule also
//! approves. Patterns use the rules' language (`*` any text, `?` one character).

use crate::rules::{RuleError, RuleSet};
use crate::shell::{Analysis, Origin, Problem, SimpleCommand};

#[derive(Debug, Clone, Default)]
pub struct AllowList {
    /// The listed tools, sorted.
    tools: Vec<String>,
    /// The `allowOnly` entries with a pattern, compiled as allow rules.
    patterns: RuleSet,
    allow_redirects: bool,
}

/// Why an allow-listed call is denied.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// A sub-command (as written) or path that nothing on the list covers.
    NotListed(String),
    /// The call names no path for the list to cover.
    NoPath,
    /// A sub-command (as written) that redirects, with the operator, or `<(`/`>(` for a
    /// process substitution.
    Redirect(String, String),
    /// The command cannot be analysed, or shows suspicious characters.
    Unchecked(String),
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Redirect(..) => "allow_list_redirect",
            _ => "not_allow_listed",
        }
    }

    pub fn sentence(&self, tool: &str) -> String {
        match self {
            Refusal::NotListed(what) => {
                format!("`{what}` is not on the allow-list of '{tool}' (rules.allowOnly).")
            }
            Refusal::NoPath => {
                format!("The call names no path the allow-list of '{tool}' could cover.")
            }
            Refusal::Redirect(what, op) => format!(
                "`{what}` redirects (`{op}`), and the allow-list of '{tool}' does not allow \
                 redirections (rules.allowRedirects)."
            ),
            Refusal::Unchecked(why) => format!(
                "The command {why}, so it cannot be shown to be on the allow-list of '{tool}'."
            ),
        }
    }
}

/// Where `tool` is, or would go, in the sorted `tools`.
fn find(tools: &[String], tool: &str) -> Result<usize, usize> {
    tools.binary_search_by(|t| t.as_str().cmp(tool))
}

impl AllowList {
    pub fn compile(
        entries: &[String],
        allow_redirects: bool,
        fold_paths: bool,
    ) -> Result<AllowList, RuleError> {
        // kept sorted by inserting each name where the search finds its place: no sort code
        // (or a `BTreeSet`'s) of its own in the wasm
        let mut tools: Vec<String> = Vec::new();
        let mut patterned = Vec::new();
        for entry in entries {
            let tool = entry.split('(').next().unwrap_or_default().trim();
            if entry.contains('(') {
                patterned.push(entry.clone());
            } else {
                // the rule grammar names a malformed tool name
                RuleSet::compile(std::slice::from_ref(entry), &[], &[])?;
            }
            if let Err(at) = find(&tools, tool) {
                tools.insert(at, tool.to_string());
            }
        }
        Ok(AllowList {
            tools,
            patterns: RuleSet::compile_paths_folded(&patterned, &[], &[], fold_paths)?,
            allow_redirects,
        })
    }

    /// No tool is listed: the list refuses nothing.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    pub fn is_listed(&self, tool: &str) -> bool {
        find(&self.tools, tool).is_ok()
    }

    /// Why `tool`'s call is not covered by its list (its `allowOnly` patterns and `rules`'
    /// allow rules); `None` when it is, or when the tool is not listed.
    pub fn refusal(
        &self,
        tool: &str,
        command: Option<&Analysis>,
        paths: &[&str],
        rules: &RuleSet,
    ) -> Option<Refusal> {
        if !self.is_listed(tool) {
            return None;
        }
        let Some(a) = command else {
            if paths.is_empty() {
                return Some(Refusal::NoPath);
            }
            let uncovered = paths
                .iter()
                .find(|p| !(self.patterns.allows_path(tool, p) || rules.allows_path(tool, p)))?;
            return Some(Refusal::NotListed(uncovered.to_string()));
        };
        match &a.problem {
            Some(Problem::Unparseable(why)) => {
                return Some(Refusal::Unchecked(format!("cannot be analysed ({why})")))
            }
            Some(Problem::Suspicious(what)) => {
                return Some(Refusal::Unchecked(format!("contains {what}")))
            }
            None => {}
        }
        for c in &a.commands {
            if !self.allow_redirects {
                if c.origin == Origin::ProcessSubstitution {
                    return Some(Refusal::Redirect(c.written_text(), "<(…)".to_string()));
                }
                if let Some(r) = c.redirects.first() {
                    return Some(Refusal::Redirect(c.written_text(), r.op.clone()));
                }
            }
            let text = listed_text(c);
            if text.is_empty() {
                continue;
            }
            if !(self.patterns.allows_text(tool, &text) || rules.allows_text(tool, &text)) {
                return Some(Refusal::NotListed(text));
            }
        }
        None
    }
}

/// A sub-command as a list entry must cover it: its assignments (`LD_PRELOAD=x npm test` is
/// not `npm test`; `PATH=/tmp` alone changes what runs next) and its words as written with its
/// launchers. A redirection's target is no word (`ls 2>/dev/null` is `ls`, `cat > README.md`
/// is `cat`), as in the allow rules.
fn listed_text(c: &SimpleCommand) -> String {
    let assignments = c.assignments.iter().map(|(k, v)| format!("{k}={v}"));
    let written = c.written_text();
    let words = (!written.is_empty()).then_some(written);
    let parts: Vec<String> = assignments.chain(words).collect();
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listed_command_runs_only_what_the_list_covers() {
        let rules = RuleSet::compile(&["bash(git status)".to_string()], &[], &[]).unwrap();
        let list = |entries: &[&str], redirects: bool| {
            let entries: Vec<String> = entries.iter().map(|s| s.to_string()).collect();
            AllowList::compile(&entries, redirects, false).unwrap()
        };
        let code = |l: &AllowList, tool: &str, cmd: &str| {
            l.refusal(tool, Some(&crate::shell::analyse(cmd)), &[], &rules)
                .map(|r| r.code())
        };
        let npm = list(&["bash(npm *)"], false);
        // (list, tool, command, refusal code)
        let cases: &[(&AllowList, &str, &str, Option<&str>)] = &[
            (&npm, "bash", "npm test", None),
            (&npm, "bash", "npm test && git status", None),
            (
                &npm,
                "bash",
                "npm test && git push",
                Some("not_allow_listed"),
            ),
            (&npm, "bash", "npm test $(curl x)", Some("not_allow_listed")),
            (&npm, "bash", "sudo npm test", Some("not_allow_listed")),
            (
                &npm,
                "bash",
                "LD_PRELOAD=/tmp/x.so npm test",
                Some("not_allow_listed"),
            ),
            (
                &npm,
                "bash",
                "PATH=/tmp:$PATH; npm test",
                Some("not_allow_listed"),
            ),
            (
                &list(&["bash(npm *)", "bash(CI=1 npm *)"], false),
                "bash",
                "CI=1 npm test",
                None,
            ),
            (&npm, "bash", "npm test > out", Some("allow_list_redirect")),
            (&npm, "bash", "npm test 2>&1", Some("allow_list_redirect")),
            (&npm, "bash", "npm test <(ls)", Some("allow_list_redirect")),
            (&npm, "bash", "npm test 'unclosed", Some("not_allow_listed")),
            (&npm, "bash", "npm test\u{202e}", Some("not_allow_listed")),
            (&npm, "execute_command", "rm -rf x", None),
            (
                &list(&["bash(npm *)"], true),
                "bash",
                "npm test > out",
                None,
            ),
            // allowRedirects: the redirection is permitted, its target is no word
            (&list(&["bash(ls)"], true), "bash", "ls 2>/dev/null", None),
            (&list(&["bash(ls)"], true), "bash", "ls > out 2>&1", None),
            (
                &list(&["bash(cat *)"], true),
                "bash",
                "cat < input.txt",
                None,
            ),
            (
                &list(&["bash(ls)"], true),
                "bash",
                "ls /etc 2>/dev/null",
                Some("not_allow_listed"),
            ),
            (
                &list(&["bash(cat README.md)"], true),
                "bash",
                "cat > README.md",
                Some("not_allow_listed"),
            ),
            (
                &list(&["bash(cat README.md)"], true),
                "bash",
                "cat README.md > copy",
                None,
            ),
            (&list(&["bash"], false), "bash", "git status", None),
            (
                &list(&["bash"], false),
                "bash",
                "npm test",
                Some("not_allow_listed"),
            ),
            (&list(&["bash(ls -l?)"], false), "bash", "ls -la", None),
            (
                &list(&["bash(ls -l?)"], false),
                "bash",
                "ls -lah",
                Some("not_allow_listed"),
            ),
        ];
        for (l, tool, cmd, want) in cases {
            assert_eq!(code(l, tool, cmd), *want, "{tool} {cmd:?}");
        }
    }

    #[test]
    fn a_listed_path_tool_needs_every_path_covered() {
        let rules = RuleSet::default();
        let l = AllowList::compile(&["read_file(src/**)".to_string()], false, false).unwrap();
        assert_eq!(l.refusal("read_file", None, &["src/a.rs"], &rules), None);
        assert_eq!(
            l.refusal("read_file", None, &["src/a.rs", "b.rs"], &rules),
            Some(Refusal::NotListed("b.rs".into()))
        );
        assert_eq!(
            l.refusal("read_file", None, &[], &rules),
            Some(Refusal::NoPath)
        );
        assert!(AllowList::compile(&["bad tool".to_string()], false, false).is_err());
        assert!(AllowList::compile(&["bash(x".to_string()], false, false).is_err());
    }
}
