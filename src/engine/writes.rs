//! Writes that grant execution or widen the gate, whichever tool makes them: a write tool's
//! paths (`write_to_file`, `replace_in_file`, each file an `apply_patch` touches, the
//! harness's `write` and `edit`) meet the same table ([`crate::exec_places`]) as the files a
//! shell command writes (redirections, `tee`, `cp`, `sed -i`, `git config`, downloads,
//! extraction; see `shell::critical`). Either way the call carries a [`Critical`] with the
//! place, and step 4 asks in every mode but `unattended` unless a rule that names the place
//! allows it.

use super::{Engine, Facts};
use crate::call::ToolCall;
use crate::catalogue::{Tier, ToolSpec};
use crate::exec_places::{self, Place};
use crate::rules::RuleKind;
use crate::shell::critical::{self, Critical};
use crate::validate::{self, NamedPath};

impl Engine {
    /// The first path a write tool writes that lands in a place of the table (or is the
    /// ignore file or one it includes), as a critical write.
    pub(super) fn written_place(&self, call: &ToolCall, spec: &ToolSpec) -> Option<Critical> {
        if spec.tier != Tier::Write {
            return None;
        }
        validate::named_paths(call, spec).find_map(|named| {
            let NamedPath::Path(path) = named else {
                return None;
            };
            let place = self.place_of(&path)?;
            Some(Critical {
                label: place.label,
                place: Some(place),
                command: format!("{} {}", call.tool, crate::shell::Quoted(&path)),
                index: 0,
            })
        })
    }

    /// The place `path` lands in, resolved as the workspace resolves it.
    fn place_of(&self, path: &str) -> Option<&'static Place> {
        let workspace = self.access.workspace();
        let resolved = workspace.resolve(path).ok()?;
        if let Some(relative) = resolved.relative.as_deref() {
            if self.is_ignore_source(relative) {
                return Some(&exec_places::IGNORE_FILE);
            }
        }
        let (anchor, parts) = exec_places::split(&resolved.absolute);
        exec_places::find(anchor, &parts, workspace.names().folds_case())
    }

    /// `relative` (to a root) is the ignore file, anywhere, as it blocks itself, or a file it
    /// `!include`s.
    fn is_ignore_source(&self, relative: &str) -> bool {
        let names = self.access.workspace().names();
        let source = self.access.source();
        let own = crate::shell::strip_all(&source.file_name, "./");
        relative.split('/').any(|part| names.eq(part, own))
            || source
                .includes
                .keys()
                .any(|name| names.eq(crate::shell::strip_all(name, "./"), relative))
    }

    /// A rule the user wrote allows this call and spells out every place it writes to (see
    /// [`Place::named_by`]), and no other critical pattern is in the call: the write is
    /// allowed on purpose, so step 4 hands the call on.
    pub(super) fn place_named_by_rule(&self, f: &Facts<'_>, place: &Place) -> Option<String> {
        let m = f
            .paths
            .with(|paths| self.rules.allow_or_ask(f.tool, f.analysis.as_ref(), paths))?;
        if m.kind != RuleKind::Allow || m.downgraded.is_some() {
            return None;
        }
        let fold = self.access.workspace().names().folds_case();
        let rules: Vec<&str> = std::iter::once(m.rule)
            .chain(m.others.iter().copied())
            .collect();
        let named = |p: &Place| rules.iter().any(|r| p.named_by(r, fold));
        let every = match &f.analysis {
            // a command line may hold other critical commands: each must be a named write
            Some(a) => critical::detect_all_in(a, self.scope())
                .iter()
                .all(|c| c.place.is_some_and(named)),
            None => named(place),
        };
        every.then(|| m.rule.to_string())
    }

    pub(super) fn scope(&self) -> critical::Scope<'_> {
        let workspace = self.access.workspace();
        critical::Scope {
            roots: workspace.roots(),
            fold: workspace.names().folds_case(),
        }
    }
}
