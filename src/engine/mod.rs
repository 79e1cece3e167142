//! The approval engine: one resolution order for both seeds.
//!
//! | step | decides |
//! |------|---------|
//! | 1 deny-override | an explicit per-tool `deny` override → deny |
//! | 2 turn-deny | a turn-scoped deny (a skill's disallowed-tools) → deny |
//! | 3 deny-rule | a command `deny` rule matching any sub-command → deny |
//! | 4 critical | a critical, unparseable or suspicious command → prompt (critical skipped in `unattended`) |
//! | 5 override | a per-tool `allow`/`prompt` override |
//! | 6 turn-allow | a turn-scoped allow (a skill's allowed-tools) → allow |
//! | 7 command-rule | command `allow`/`ask` rules |
//! | 8 always-allow | the session always-allow set → allow |
//! | 9 policy | the policy table: tier × locality (or command safety) |
//!
//! Each step is a small function that either takes the decision or passes it on
//! ([`order`]); [`authorize`] adds the prompt around it and [`explain`] traces it.

mod authorize;
mod explain;
mod mcp;
mod order;
mod writes;

pub use authorize::{
    invalid_outcome, invalid_verdict, Answer, ApprovalRequest, Begin, DecidedBy, Outcome,
    PromptResult,
};
pub use explain::{Explanation, TraceStep};
pub use mcp::check_key as check_mcp_key;

use std::borrow::Cow;
use std::rc::Rc;

use serde::Serialize;

use crate::access::{Access, IgnoreSource};
use crate::allow_list::AllowList;
use crate::call::{ToolCall, Value};
use crate::catalogue::{Catalogue, Tier, ToolSpec};
use crate::map::{NameMap, NameSet};
use crate::policy::{ClineAutoApproval, Mode, Policy, PolicyTable, Preset, Situation};
use crate::rules::{RuleKind, RuleSet};
use crate::safety;
use crate::settings::{
    ErrorCode, RuleEntry, Rules, Settings, SettingsError, DEFAULT_IGNORE_FILE_NAME,
};
use crate::shell::{self, critical, Analysis};
use crate::validate::{self, NamedPath, Validation};
use crate::verdict::{Locality, Verdict};

/// A per-tool override and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Override {
    pub policy: Policy,
    pub origin: Option<String>,
}

/// A change the host should persist; reported once per change.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional_fields))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Change {
    Mode {
        #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(type = "Mode"))]
        mode: &'static str,
    },
    AutoApproval,
    Override {
        tool: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(type = "Policy", optional))]
        policy: Option<&'static str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        origin: Option<String>,
    },
    AlwaysAllow {
        tool: String,
    },
    AlwaysAllowRevoked {
        tool: String,
    },
    Rules,
    TurnGrants,
    IgnoreFile,
    WorkspaceRoots,
}

/// A turn's grants: a skill's allowed-tools and disallowed-tools.
#[derive(Debug, Clone, PartialEq, Default, Serialize, serde::Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct TurnGrants {
    pub allow: Vec<String>,
    pub deny: Vec<String>,
}

/// What the engine learns about a call once, before the steps look at it.
struct Facts<'e> {
    tool: &'e str,
    spec: &'e ToolSpec,
    locality: Locality,
    situation: Situation,
    /// The model said the command needs no approval (Cline's "safe" claim), so toolgate's own
    /// safety check decided the situation.
    claimed_safe: bool,
    /// Paths for path rules: workspace-relative when local, absolute otherwise.
    paths: Paths<'e>,
    analysis: Option<Analysis>,
    /// The command's part of validation ([`validate::check_command`]).
    command_check: Option<Validation>,
    critical: Option<critical::Critical>,
    /// The server and tool of an MCP call.
    mcp: Option<crate::mcp::Target>,
    /// Its other readings, when the name is ambiguous (`mcp__a__b__c`): a deny that any
    /// reading meets applies; an allow only when every reading meets one.
    mcp_also: Vec<crate::mcp::Target>,
}

/// A call's paths for path rules; the usual one path needs no list, and a plain one no copy.
#[derive(Default)]
enum Paths<'e> {
    #[default]
    None,
    One(Cow<'e, str>),
    Many(Vec<Cow<'e, str>>),
}

impl Facts<'_> {
    /// The call validated, its command as checked once in [`Engine::facts`].
    fn validation(&self, call: &ToolCall, access: &Access) -> Validation {
        validate::validate_checked(call, self.spec, access, self.command_check.as_ref())
    }
}

impl<'e> Paths<'e> {
    fn push(&mut self, path: Cow<'e, str>) {
        *self = match std::mem::take(self) {
            Paths::None => Paths::One(path),
            Paths::One(first) => Paths::Many(vec![first, path]),
            Paths::Many(mut all) => {
                all.push(path);
                Paths::Many(all)
            }
        };
    }

    /// Runs `f` on the paths as a slice.
    fn with<R>(&self, f: impl FnOnce(&[&str]) -> R) -> R {
        match self {
            Paths::None => f(&[]),
            Paths::One(path) => f(&[path]),
            Paths::Many(all) => f(&all.iter().map(|p| p.as_ref()).collect::<Vec<_>>()),
        }
    }
}

pub struct Engine {
    /// Shared: it never changes after construction, so a host's reader can hold it while the
    /// engine itself is not borrowed.
    catalogue: Rc<Catalogue>,
    /// The settings' `tools`, kept for snapshots.
    custom_tools: NameMap<ToolSpec>,
    access: Access,
    rules: RuleSet,
    /// Rules that name MCP tools (`mcp(server/tool)`, `mcp__server__tool`), split off `rules`.
    mcp_rules: crate::mcp::Rules,
    allow_list: AllowList,
    /// The rules as written (examples included), kept for snapshots.
    rules_source: Rules,
    mode: Mode,
    preset: Preset,
    table: PolicyTable,
    overrides: NameMap<Override>,
    always_allow: NameSet,
    turn_allow: NameSet,
    turn_deny: NameSet,
    prompt_timeout_ms: Option<u32>,
    /// Which shell reads commands (`None`: PowerShell and cmd on Windows, else bash).
    shell: Option<shell::Shell>,
}

impl Settings {
    /// Every rule the settings must follow, the first broken one reported: exactly what
    /// [`Engine::new`] accepts. The rules on values alone are [`Settings::check_values`]; the
    /// rest need what the engine compiles (a root's form, rule syntax, rule examples,
    /// `!include` cycles), so they are checked by compiling.
    pub fn validate(&self) -> Result<(), SettingsError> {
        Engine::new(self.clone()).map(drop)
    }
}

impl Engine {
    /// Checks the settings ([`Settings::check_values`]), then compiles them once; anything
    /// only compiling can check (a root's form, rule syntax, rule examples, `!include` cycles)
    /// fails here with the same kind of [`SettingsError`].
    pub fn new(settings: Settings) -> Result<Engine, SettingsError> {
        settings.check_values()?;
        let mode = settings.mode();
        let mut access = Access::new(
            &settings.workspace_roots,
            settings.path_settings(),
            IgnoreSource {
                text: settings.ignore_file,
                includes: settings.ignore_includes,
                file_name: settings
                    .ignore_file_name
                    .unwrap_or_else(|| DEFAULT_IGNORE_FILE_NAME.to_string()),
            },
        )?;
        access.set_recursive_reads(settings.recursive_reads.unwrap_or_default());
        access.set_view(
            settings
                .workspace_files
                .as_ref()
                .map(|f| f.iter().map(String::as_str)),
        );
        let mut catalogue = Catalogue::default();
        catalogue.extend(settings.tools.clone());
        let (rules, mcp_rules) = compile_rules(&access, &catalogue, &settings.rules)?;
        mcp::check_keys(&settings.overrides, &settings.always_allow)?;
        let allow_list =
            compile_allow_list(&settings.rules, access.workspace().case_insensitive())?;
        let origins = settings.override_origins;
        let mut overrides = NameMap::default();
        for (tool, policy) in settings.overrides {
            let origin = origins.get(&tool).cloned();
            overrides.insert(tool, Override { policy, origin });
        }
        let mut always_allow = NameSet::default();
        for tool in settings.always_allow {
            always_allow.add(tool);
        }
        let preset = match settings.auto_approval {
            Some(c) => Preset::Cline(c),
            None => Preset::Mode(mode),
        };
        let engine = Engine {
            catalogue: Rc::new(catalogue),
            custom_tools: settings.tools,
            access,
            rules,
            mcp_rules,
            allow_list,
            rules_source: Rules::default(),
            mode,
            table: PolicyTable::for_preset(&preset),
            preset,
            overrides,
            always_allow,
            turn_allow: NameSet::default(),
            turn_deny: NameSet::default(),
            prompt_timeout_ms: settings.prompt_timeout_ms,
            shell: settings.shell,
        };
        engine.check_examples(&settings.rules)?;
        Ok(Engine {
            rules_source: settings.rules,
            ..engine
        })
    }

    /// Every rule example must behave as stated: `match` examples are decided by the rule
    /// (an allow rule must really allow them), `notMatch` examples are not.
    fn check_examples(&self, rules: &Rules) -> Result<(), SettingsError> {
        for (kind, list, entries) in rules.lists() {
            for (i, ex) in entries.iter().enumerate() {
                if ex.matches.is_empty() && ex.not_matches.is_empty() {
                    continue;
                }
                self.check_example(kind, ex).map_err(|message| {
                    SettingsError::new(
                        ErrorCode::RuleExampleFailed,
                        format!("rules.{list}[{i}]"),
                        message,
                    )
                })?;
            }
        }
        Ok(())
    }

    fn check_example(&self, kind: RuleKind, ex: &RuleEntry) -> Result<(), String> {
        if let Some(checked) = mcp::check_example(kind, ex) {
            return checked;
        }
        let one = |list: RuleKind| {
            if kind == list {
                std::slice::from_ref(&ex.rule)
            } else {
                &[]
            }
        };
        let set = compile_lists(
            &self.access,
            &self.catalogue,
            [
                one(RuleKind::Allow),
                one(RuleKind::Ask),
                one(RuleKind::Deny),
            ],
        )
        .map_err(|e| e.to_string())?;
        let tool = ex.rule.split('(').next().unwrap_or_default().trim();
        let has_command = self.catalogue.spec(tool).command.is_some();
        let decides = |example: &str| -> bool {
            let analysis = has_command.then(|| self.analyse(example));
            let path = (!has_command)
                .then(|| self.access.workspace().resolve(example).ok())
                .flatten()
                .map(|r| {
                    let names = self.access.workspace().names();
                    names.key(&r.relative.unwrap_or(r.absolute)).into_owned()
                });
            let paths: Vec<&str> = path.as_deref().into_iter().collect();
            let m = match kind {
                RuleKind::Deny => set.deny(tool, analysis.as_ref(), &paths),
                _ => set.allow_or_ask(tool, analysis.as_ref(), &paths),
            };
            m.is_some_and(|m| m.kind == kind && m.downgraded.is_none())
        };
        let wrong = ex
            .matches
            .iter()
            .map(|e| (e, true))
            .chain(ex.not_matches.iter().map(|e| (e, false)))
            .find(|(e, want)| decides(e) != *want);
        match wrong {
            None => Ok(()),
            Some((example, want)) => {
                let (should, does) = if want {
                    ("match", "does not")
                } else {
                    ("not match", "does")
                };
                Err(format!(
                    "rule `{}`: example {} should {should} but {does}",
                    ex.rule,
                    crate::shell::Quoted(example)
                ))
            }
        }
    }

    // ---- state -------------------------------------------------------------------------

    pub fn access(&self) -> &Access {
        &self.access
    }

    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// The catalogue, to keep beside the engine (it never changes).
    pub fn shared_catalogue(&self) -> Rc<Catalogue> {
        self.catalogue.clone()
    }

    pub fn prompt_timeout_ms(&self) -> Option<u32> {
        self.prompt_timeout_ms
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Sets the mode; its table replaces any Cline auto-approval settings.
    pub fn set_mode(&mut self, mode: Mode) -> Change {
        self.mode = mode;
        self.preset = Preset::Mode(mode);
        self.table = PolicyTable::for_preset(&self.preset);
        Change::Mode {
            mode: mode.as_str(),
        }
    }

    pub fn auto_approval(&self) -> Option<ClineAutoApproval> {
        match self.preset {
            Preset::Cline(c) => Some(c),
            Preset::Mode(_) => None,
        }
    }

    /// Cline's settings become the table; `None` goes back to the mode's table.
    pub fn set_auto_approval(&mut self, settings: Option<ClineAutoApproval>) -> Change {
        self.preset = settings
            .map(Preset::Cline)
            .unwrap_or(Preset::Mode(self.mode));
        self.table = PolicyTable::for_preset(&self.preset);
        Change::AutoApproval
    }

    pub fn set_override(&mut self, tool: &str, policy: Policy, origin: Option<String>) -> Change {
        self.overrides.insert(
            tool.to_string(),
            Override {
                policy,
                origin: origin.clone(),
            },
        );
        Change::Override {
            tool: tool.to_string(),
            policy: Some(policy.as_str()),
            origin,
        }
    }

    /// `None` when there was nothing to clear.
    pub fn clear_override(&mut self, tool: &str) -> Option<Change> {
        self.overrides.remove(tool).map(|_| Change::Override {
            tool: tool.to_string(),
            policy: None,
            origin: None,
        })
    }

    pub fn override_for(&self, tool: &str) -> Option<&Override> {
        self.overrides.get(tool)
    }

    /// Every override, by tool name.
    pub fn overrides(&self) -> impl Iterator<Item = (&str, &Override)> {
        self.overrides.iter()
    }

    /// `None` when the tool was already in the set.
    pub fn allow_always(&mut self, tool: &str) -> Option<Change> {
        self.always_allow
            .add(tool.to_string())
            .then(|| Change::AlwaysAllow {
                tool: tool.to_string(),
            })
    }

    /// Takes a tool back off the always-allow set; `None` when it was not in it.
    pub fn revoke_always_allow(&mut self, tool: &str) -> Option<Change> {
        self.always_allow
            .remove(tool)
            .is_some()
            .then(|| Change::AlwaysAllowRevoked {
                tool: tool.to_string(),
            })
    }

    pub fn is_always_allowed(&self, tool: &str) -> bool {
        self.always_allow.contains_key(tool)
    }

    /// Sorted and free of duplicates (it is a set).
    pub fn always_allowed_tools(&self) -> impl Iterator<Item = &str> {
        self.always_allow.keys()
    }

    /// Adds turn-scoped grants (a skill's allowed-tools / disallowed-tools).
    pub fn grant_for_turn<A, D>(&mut self, allow: A, deny: D) -> Change
    where
        A: IntoIterator<Item = String>,
        D: IntoIterator<Item = String>,
    {
        for tool in allow {
            self.turn_allow.add(tool);
        }
        for tool in deny {
            self.turn_deny.add(tool);
        }
        Change::TurnGrants
    }

    /// The current turn's grants: (allow, deny), each sorted.
    pub fn turn_grants(&self) -> (impl Iterator<Item = &str>, impl Iterator<Item = &str>) {
        (self.turn_allow.keys(), self.turn_deny.keys())
    }

    /// Replaces the command rules (and checks their examples); on error nothing changes.
    /// Errors name the entry as the constructor does (`rules.allow[1]`).
    pub fn set_rules(&mut self, rules: Rules) -> Result<Change, SettingsError> {
        let (compiled, mcp_rules) = compile_rules(&self.access, &self.catalogue, &rules)?;
        let allow_list = compile_allow_list(&rules, self.access.workspace().case_insensitive())?;
        let previous = std::mem::replace(&mut self.rules, compiled);
        if let Err(e) = self.check_examples(&rules) {
            self.rules = previous;
            return Err(e);
        }
        self.allow_list = allow_list;
        self.mcp_rules = mcp_rules;
        self.rules_source = rules;
        Ok(Change::Rules)
    }

    /// Called when the user sends a new message.
    pub fn clear_turn_grants(&mut self) -> Change {
        self.turn_allow.clear();
        self.turn_deny.clear();
        Change::TurnGrants
    }

    /// Replaces the ignore file; on error nothing changes.
    pub fn set_ignore_file(
        &mut self,
        text: Option<String>,
        includes: NameMap<String>,
    ) -> Result<Change, SettingsError> {
        let file_name = self.access.source().file_name.clone();
        self.access.set_ignore(IgnoreSource {
            text,
            includes,
            file_name,
        })?;
        Ok(Change::IgnoreFile)
    }

    /// Replaces the workspace roots; on error nothing changes.
    pub fn set_workspace_roots(&mut self, roots: &[String]) -> Result<Change, SettingsError> {
        self.access.set_roots(roots)?;
        Ok(Change::WorkspaceRoots)
    }

    /// Replaces the workspace view (see [`crate::view`]); `None` returns to not knowing the
    /// files. Not a user's decision: no change to persist.
    pub fn set_workspace_files<'f>(&mut self, files: Option<impl IntoIterator<Item = &'f str>>) {
        self.access.set_view(files);
    }

    /// Everything a user decided, as the settings that rebuild it ([`Engine::new`]), with
    /// [`Settings::VERSION`]. Turn grants are not part of it (they end with the turn).
    pub fn snapshot(&self) -> Settings {
        let source = self.access.source();
        let paths = self.access.workspace().settings();
        Settings {
            version: Some(Settings::VERSION),
            workspace_roots: self.access.roots().to_vec(),
            platform: paths.platform,
            case_insensitive_paths: paths.case_insensitive,
            ignore_file: source.text.clone(),
            ignore_includes: source.includes.clone(),
            ignore_file_name: Some(source.file_name.clone()),
            mode: Some(self.mode),
            auto_approval: self.auto_approval(),
            tools: self.custom_tools.clone(),
            overrides: self
                .overrides
                .iter()
                .map(|(t, o)| (t.to_string(), o.policy))
                .collect(),
            override_origins: self
                .overrides
                .iter()
                .filter_map(|(t, o)| o.origin.clone().map(|origin| (t.to_string(), origin)))
                .collect(),
            always_allow: self.always_allow.keys().map(str::to_string).collect(),
            rules: self.rules_source.clone(),
            prompt_timeout_ms: self.prompt_timeout_ms,
            shell: self.shell,
            recursive_reads: Some(self.access.recursive_reads())
                .filter(|r| *r != crate::settings::RecursiveReads::default()),
            // the host's, not the user's
            workspace_files: None,
        }
    }

    /// A command as the shell that runs it reads it (the `shell` setting).
    fn analyse(&self, command: &str) -> shell::Analysis {
        shell::analyse_as(command, self.shell, self.access.workspace().windows_shell())
    }

    // ---- the two questions -------------------------------------------------------------

    /// Can it run?
    pub fn validate(&self, call: &ToolCall) -> Validation {
        let spec = self.catalogue.spec(&call.tool);
        let analysis = validate::command_text(call, spec).map(|c| self.analyse(c));
        validate::validate(call, spec, &self.access, analysis.as_ref())
    }

    /// Should the user be asked? Synchronous; never prompts. Validates first: an invalid
    /// call is denied at step `validation`, so `check` never allows what `authorize` refuses
    /// (and a streaming, partial call says what it still lacks).
    pub fn check(&self, call: &ToolCall) -> Verdict {
        let facts = self.facts(call);
        self.judge(call, &facts)
    }

    /// Validation, then the resolution order: the verdict `check`, `explain` and `authorize`
    /// share.
    fn judge(&self, call: &ToolCall, facts: &Facts<'_>) -> Verdict {
        match facts.validation(call, &self.access) {
            Ok(()) => self.resolve(facts),
            Err(invalid) => {
                let mut v = invalid_verdict(invalid, facts.locality);
                self.mark_critical(&mut v, facts);
                v
            }
        }
    }

    // ---- facts -------------------------------------------------------------------------

    fn facts<'e>(&'e self, call: &'e ToolCall) -> Facts<'e> {
        let spec = self.catalogue.spec(&call.tool);
        let command = validate::command_text(call, spec);
        let mut analysis = command.map(|c| self.analyse(c));
        let command_check = command
            .zip(analysis.as_mut())
            .map(|(text, a)| validate::check_command(&self.access, a, text));
        let mut paths = Paths::None;
        let mut locality = Locality::None;
        let workspace = self.access.workspace();
        for named in validate::named_paths(call, spec) {
            let here = match named {
                NamedPath::Path(path) => match plain(workspace, &path) {
                    // A plain relative path is inside the primary root as written: no
                    // normalisation, no copy.
                    Some(relative) => {
                        paths.push(keyed(workspace.names(), relative));
                        Locality::Local
                    }
                    None => match workspace.resolve(&path) {
                        Ok(r) => {
                            let here = r.locality();
                            let text = r.relative.unwrap_or(r.absolute);
                            paths.push(Cow::Owned(workspace.names().key(&text).into_owned()));
                            here
                        }
                        Err(_) => Locality::External,
                    },
                },
                // An unusable path fails closed: external.
                NamedPath::NotAString(_) | NamedPath::NotUnicode(_) => Locality::External,
            };
            locality = widest(locality, here);
        }
        let claimed_safe = spec.tier == Tier::Exec && requires_approval_is_false(call);
        let situation = if spec.tier == Tier::Exec {
            match &analysis {
                Some(a) if claimed_safe && safety::is_safe(a, &self.access) => {
                    Situation::SafeCommand
                }
                _ => Situation::RiskyCommand,
            }
        } else {
            match locality {
                Locality::Local => Situation::Local,
                Locality::External => Situation::External,
                Locality::None => Situation::NoPath,
            }
        };
        let critical = match analysis.as_ref() {
            Some(a) => critical::detect_in(a, self.scope()),
            None => self.written_place(call, spec),
        };
        Facts {
            tool: &call.tool,
            spec,
            locality,
            situation,
            claimed_safe,
            paths,
            analysis,
            command_check,
            critical,
            // A malformed MCP name fails validation before any step runs.
            mcp: crate::mcp::target(call).ok().flatten(),
            mcp_also: crate::mcp::other_readings(call),
        }
    }
}

/// Compiles the rules' allow, ask and deny lists; a malformed rule is named by its entry
/// (`rules.deny[2]`).
fn compile_rules(
    access: &Access,
    catalogue: &Catalogue,
    rules: &Rules,
) -> Result<(RuleSet, crate::mcp::Rules), SettingsError> {
    let mcp_rules = mcp::split_rules(rules)?;
    let [allow, ask, deny] = rules
        .lists()
        .map(|(_, _, entries)| entries.iter().map(|e| e.rule.clone()).collect::<Vec<_>>());
    let set = compile_lists(access, catalogue, [&allow, &ask, &deny]).map_err(|e| {
        // The first malformed entry in field order, named with its error alone.
        for (kind, list, entries) in rules.lists() {
            for (i, entry) in entries.iter().enumerate() {
                let mut lists: [&[String]; 3] = [&[], &[], &[]];
                lists[kind as usize] = std::slice::from_ref(&entry.rule);
                if let Err(e) = compile_lists(access, catalogue, lists) {
                    let e = crate::rules::RuleError {
                        rule: entry.rule.clone(),
                        ..e
                    };
                    return SettingsError::new(
                        ErrorCode::InvalidRule,
                        format!("rules.{list}[{i}]"),
                        e.to_string(),
                    );
                }
            }
        }
        SettingsError::new(ErrorCode::InvalidRule, "rules", e.to_string())
    })?;
    Ok((set, mcp_rules))
}

/// Compiles allow, ask and deny rules. A path rule (of a tool without a command) is keyed
/// as the workspace compares names, as the paths it is matched against are (see
/// [`Engine::facts`]): `read_file(CAFÉ/**)` meets a decomposed `café/x` on macOS.
fn compile_lists(
    access: &Access,
    catalogue: &Catalogue,
    lists: [&[String]; 3],
) -> Result<RuleSet, crate::rules::RuleError> {
    let names = access.workspace().names();
    let keyed = lists.map(|list| {
        list.iter()
            // rules naming MCP tools are compiled apart (see `mcp::split_rules`)
            .filter(|rule| !crate::mcp::is_mcp_key(rule))
            .map(|rule| {
                let tool = rule.split('(').next().unwrap_or_default().trim();
                match catalogue.spec(tool).command {
                    Some(_) => rule.clone(),
                    None => names.key(rule).into_owned(),
                }
            })
            .collect::<Vec<_>>()
    });
    let [allow, ask, deny] = &keyed;
    RuleSet::compile_paths_folded(allow, ask, deny, names.folds_case())
}

/// `path` keyed as `names` compare it (borrowed when it is its own key).
fn keyed<'c>(names: crate::platform::Names, path: Cow<'c, str>) -> Cow<'c, str> {
    match path {
        Cow::Borrowed(p) => names.key(p),
        Cow::Owned(p) => Cow::Owned(names.key(&p).into_owned()),
    }
}

/// The root-relative text of a path that needs no normalisation (see
/// [`crate::workspace::Workspace::plain_relative`]), borrowed when the path is.
fn plain<'c>(workspace: &crate::workspace::Workspace, path: &Cow<'c, str>) -> Option<Cow<'c, str>> {
    match path {
        Cow::Borrowed(p) => workspace.plain_relative(p).map(|(r, _)| Cow::Borrowed(r)),
        Cow::Owned(p) => workspace
            .plain_relative(p)
            .map(|(r, _)| Cow::Owned(r.to_string())),
    }
}

/// A call touching several paths is as external as its most external path.
fn widest(a: Locality, b: Locality) -> Locality {
    match (a, b) {
        (Locality::External, _) | (_, Locality::External) => Locality::External,
        (Locality::Local, _) | (_, Locality::Local) => Locality::Local,
        _ => Locality::None,
    }
}

/// The model's `requires_approval` flag is false: a boolean false or the string "false"
/// (Cline's params arrive as text). Anything else, including absence, is not a "safe" claim.
fn requires_approval_is_false(call: &ToolCall) -> bool {
    match call.param(crate::catalogue::REQUIRES_APPROVAL) {
        Some(Value::Bool(b)) => !b,
        Some(Value::Str(s)) => s.trim().eq_ignore_ascii_case("false"),
        _ => false,
    }
}

/// `rules.allowOnly` and `rules.allowRedirects`, compiled; a bad entry names its field.
fn compile_allow_list(rules: &Rules, fold: bool) -> Result<AllowList, SettingsError> {
    AllowList::compile(&rules.allow_only, rules.allow_redirects, fold).map_err(|e| {
        let at = rules
            .allow_only
            .iter()
            .position(|r| *r == e.rule)
            .unwrap_or(0);
        SettingsError::new(
            ErrorCode::InvalidRule,
            format!("rules.allowOnly[{at}]"),
            e.to_string(),
        )
    })
}
