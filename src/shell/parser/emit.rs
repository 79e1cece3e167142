//! Emitting commands: launchers peeled off (recursively for scripts and `find -exec`), code
//! inside words and command variables parsed as commands of their own, `cd` tracked.

use super::*;

impl Parser<'_, '_> {
    /// Pushes the command `parts` make (taking its vectors), peeling launchers (recursively
    /// for scripts and `find -exec`). Returns its index, or `None` when a script's commands
    /// replaced it. (`Parts` by reference: moving it is a copy per call in the size-optimised
    /// build.)
    pub(super) fn emit(&mut self, parts: &mut Parts) -> PResult<Option<usize>> {
        let base_wrappers = self.out.wrappers.len();
        self.substitute_positional(parts);
        let peeled = self.peel_launchers(parts)?;
        let Peeled {
            wrappers,
            start,
            levels,
            script,
        } = peeled;
        if let Some(text) = script {
            self.parse_script(&text, wrappers, parts)?;
            for _ in 0..levels {
                self.leave();
            }
            return Ok(None);
        }
        if start > 0 {
            drop_launcher_words(parts, start);
        }
        if parts
            .words
            .first()
            .is_some_and(|w| w.bytes().any(|b| matches!(b, b'*' | b'?' | b'[')))
            && !parts.words.first().is_some_and(|w| w == "[" || w == "[[")
        {
            // `/???/r? -rf /`: the name is only known after globbing
            self.out.not_plain("glob in the command name");
        }
        let name = effects::name_key(&parts.words);
        let side_effect = effects::side_effect(name, &parts.words);
        if let Some(why) = side_effect {
            self.out.not_plain(why);
        }
        let execs = effects::exec_ranges(name, &parts.words);
        let own_wrappers = wrappers.len() > base_wrappers;
        let idx = self.push(parts, side_effect, wrappers)?;
        self.track_positional(idx);
        for (a, b) in execs {
            self.emit_exec(idx, a, b)?;
        }
        if self
            .out
            .commands
            .get(idx)
            .is_some_and(|c| !c.assignments.is_empty() || !c.wrappers.is_empty())
        {
            self.parse_command_variables(idx)?;
        }
        self.parse_embedded(idx, name)?;
        if !own_wrappers {
            self.track_cd(idx);
        }
        for _ in 0..levels {
            self.leave();
        }
        Ok(Some(idx))
    }

    /// `$1`, `$@`, … in the words and assignments of a script's command, where the script's
    /// launcher gave them (`sh -c '…' x a b`).
    fn substitute_positional(&self, parts: &mut Parts) {
        let Some(p) = &self.out.positional else {
            return;
        };
        if !parts.dynamic.is_empty() {
            wrappers::substitute_positional(&mut parts.words, &mut parts.dynamic, p);
        }
        if !parts.dynamic_assignments.is_empty() {
            let (a, d) = (&mut parts.assignments, &mut parts.dynamic_assignments);
            wrappers::substitute_assignments(a, d, p);
        }
    }

    /// Peels the launchers off the front of `parts`' words (`sudo`, `env X=1`, `nice`, …),
    /// up to a script launcher (`sh -c '…'`, `eval`) whose script replaces the command.
    fn peel_launchers(&mut self, parts: &Parts) -> PResult<Peeled> {
        // (most commands have no enclosing launcher: skip the call to clone nothing)
        let mut peeled = Peeled {
            wrappers: if self.out.wrappers.is_empty() {
                Vec::new()
            } else {
                self.out.wrappers.clone()
            },
            start: 0,
            levels: 0,
            script: None,
        };
        while let Some(rest) = parts.words.get(peeled.start..).filter(|r| !r.is_empty()) {
            let start = peeled.start;
            if parts.dynamic.iter().any(|d| d.index == start) {
                break;
            }
            match wrappers::peel(rest) {
                wrappers::Peel::None => break,
                wrappers::Peel::Launcher { name, next } => {
                    let layer = rest.get(..next).unwrap_or(&[]).to_vec();
                    if layer
                        .iter()
                        .skip(1)
                        .any(|w| assignment_name_len(w).is_some())
                    {
                        self.out.not_plain("variable assignment");
                    }
                    peeled.wrappers.push(Wrapper {
                        name: name.to_string(),
                        words: layer,
                        script: false,
                        dynamic: dynamic_between(&parts.dynamic, start, start + next),
                    });
                    peeled.start += next;
                    self.enter()?;
                    peeled.levels += 1;
                }
                script @ wrappers::Peel::Script { .. } => {
                    peeled.script = self.script_layer(parts, start, script, &mut peeled.wrappers);
                    break;
                }
            }
        }
        Ok(peeled)
    }

    /// The script a script launcher found at word `start` runs (`None` when part of it is an
    /// expansion), with the launcher pushed onto `wrappers` and the script's positional
    /// parameters set. (`launcher`'s indexes count from `start`.)
    fn script_layer(
        &mut self,
        parts: &Parts,
        start: usize,
        launcher: wrappers::Peel,
        wrappers: &mut Vec<Wrapper>,
    ) -> Option<String> {
        let wrappers::Peel::Script {
            name,
            at,
            join,
            skip,
            params,
        } = launcher
        else {
            return None;
        };
        let at = start + at;
        let end = if join { parts.words.len() } else { at + 1 };
        if parts.dynamic.iter().any(|d| d.index >= at && d.index < end) {
            return None;
        }
        let mut text = parts
            .words
            .get(at..end)
            .map(|w| w.join(" "))
            .unwrap_or_default();
        let mut layer = parts.words.get(start..at).unwrap_or(&[]).to_vec();
        // An attached value (`-S'…'`, `--command=…`): the option is the
        // launcher's, the rest of the word is the script.
        if skip > 0 {
            let option = text.get(..skip).unwrap_or_default();
            layer.push(option.trim_end_matches('=').to_string());
            text = text.get(skip..).unwrap_or_default().to_string();
        }
        // No `dynamic`: the substitutions in a script launcher's words belong to
        // no listed command (the launcher is replaced by the script's), so they
        // are rendered as commands of their own and the words stay quoted.
        wrappers.push(Wrapper {
            name: name.to_string(),
            words: layer,
            script: true,
            ..Wrapper::default()
        });
        // the script's `$0`, `$1`, …: its launcher's words after it (`{}` is
        // the file `find -exec`, `xargs -I{}` or `parallel` puts there); `eval`
        // runs in this shell
        let open = wrappers
            .iter()
            .any(|w| matches!(w.name.as_str(), "xargs" | "find -exec" | "parallel"));
        self.out.script_positional = match params {
            Some(p) => {
                let from = start + p;
                let words = parts.words.get(from..).unwrap_or(&[]).iter();
                let values = words.enumerate().map(|(i, w)| {
                    let known = w != "{}" && !parts.dynamic.iter().any(|d| d.index == from + i);
                    known.then(|| w.clone())
                });
                Some(wrappers::Positional {
                    values: values.collect(),
                    open,
                })
            }
            None if name == "eval" => self.out.positional.clone(),
            None => None,
        };
        Some(text)
    }

    /// Parses the script a launcher runs in place of the launcher's command, in the shell
    /// that reads it, with the launcher's assignments.
    fn parse_script(&mut self, text: &str, wrappers: Vec<Wrapper>, parts: &Parts) -> PResult<()> {
        let inherited = with_assignments(&self.out.inherited, parts);
        let saved = std::mem::replace(&mut self.out.inherited, inherited);
        // the shell that reads the script: `watch` and `su -c` hand it to `sh -c` (or a
        // login shell that may be one)
        let posix = match wrappers.last().map(|w| w.name.as_str()) {
            Some("eval") => None,
            Some("sh -c" | "dash -c" | "watch" | "su -c") => Some(true),
            _ => Some(false),
        };
        let scope = if wrappers.last().is_some_and(|w| w.name == "eval") {
            Scope::Shared
        } else {
            Scope::Fresh
        };
        let result = self.parse_nested(
            text,
            Nested {
                origin: Origin::Script,
                parent: parts.parent,
                wrappers: Some(wrappers),
                cwd: None,
                keep_pipeline: true,
                posix,
                scope,
            },
        );
        self.out.inherited = saved;
        result
    }

    /// The command `find -exec` runs (words `a..b` of command `idx`), emitted as a command
    /// of its own.
    fn emit_exec(&mut self, idx: usize, a: usize, b: usize) -> PResult<()> {
        let Some(c) = self.out.commands.get(idx) else {
            return Ok(());
        };
        let words = c.words.get(a..b).unwrap_or(&[]).to_vec();
        let dynamic = dynamic_between(&c.dynamic, a, b);
        // `{}` is each file find selects
        let mut unknown = indexes_between(&c.unknown, a, b);
        for (i, w) in words.iter().enumerate() {
            if w.contains("{}") && !unknown.contains(&i) {
                unknown.push(i);
            }
        }
        let globs = indexes_between(&c.globs, a, b);
        let mut inner_wrappers = c.wrappers.clone();
        inner_wrappers.push(Wrapper {
            name: "find -exec".into(),
            ..Wrapper::default()
        });
        let saved = std::mem::replace(&mut self.out.wrappers, inner_wrappers);
        let result = self.emit(&mut Parts {
            words,
            dynamic,
            unknown,
            globs,
            origin: Some(Origin::Exec),
            parent: Some(idx),
            ..Parts::default()
        });
        self.out.wrappers = saved;
        result.map(|_| ())
    }

    /// `GIT_PAGER='rm -rf ~' git log`, `env PAGER='sh -c …' man x`: variables whose value the
    /// command runs as shell text are parsed as scripts of that command (a value with an
    /// expansion is left alone: it is already not plain).
    #[inline(never)]
    fn parse_command_variables(&mut self, idx: usize) -> PResult<()> {
        let mut scripts = Vec::new();
        if let Some(c) = self.out.commands.get(idx) {
            for (i, (k, v)) in c.assignments.iter().enumerate() {
                if wrappers::COMMAND_VARIABLES.contains(&k.as_str())
                    && !c.dynamic_assignments.iter().any(|d| d.index == i)
                {
                    scripts.push(v.clone());
                }
            }
            for w in c.wrappers.iter().filter(|w| w.name == "env") {
                for word in w.words.iter().skip(1) {
                    if let Some((k, v)) = word.split_once('=') {
                        if wrappers::COMMAND_VARIABLES.contains(&k) {
                            scripts.push(v.to_string());
                        }
                    }
                }
            }
        }
        for text in scripts {
            if text.trim().is_empty() {
                continue;
            }
            self.parse_nested(
                &text,
                Nested {
                    origin: Origin::Script,
                    parent: Some(idx),
                    wrappers: Some(Vec::new()),
                    cwd: None,
                    keep_pipeline: false,
                    // programs hand these to `sh -c`
                    posix: Some(true),
                    scope: Scope::Fresh,
                },
            )?;
        }
        Ok(())
    }

    /// `shift`, `set -- …`: the positional parameters later commands see.
    fn track_positional(&mut self, idx: usize) {
        let (Some(p), Some(c)) = (&self.out.positional, self.out.commands.get(idx)) else {
            return;
        };
        if let Some(next) = p.after(&c.words) {
            self.out.positional = if c.dynamic.is_empty() { next } else { None };
        }
    }

    /// Code inside the command's words (`git -c alias.x='!…'`, `ssh -o ProxyCommand=…`,
    /// `trap '…' EXIT`, `python3 -c '…os.system("…")'`; see [`embedded`]), analysed as the
    /// command's own scripts and commands.
    #[inline(never)]
    fn parse_embedded(&mut self, idx: usize, name: names::Key) -> PResult<()> {
        let Some(c) = self.out.commands.get(idx) else {
            return Ok(());
        };
        let codes = embedded::code(c, name);
        self.parse_codes(idx, codes)
    }

    /// Parses each piece of `codes` as a script or command whose parent is command `idx`.
    #[inline(never)]
    pub(super) fn parse_codes(&mut self, idx: usize, codes: Vec<embedded::Code>) -> PResult<()> {
        for code in codes {
            let Some(c) = self.out.commands.get(idx) else {
                break;
            };
            let mut wrappers: Vec<Wrapper> =
                c.wrappers.iter().filter(|w| !w.script).cloned().collect();
            wrappers.push(Wrapper {
                name: code.source().to_string(),
                script: true,
                ..Wrapper::default()
            });
            match code {
                // `system()`, git's `!` aliases, `ProxyCommand` run `/bin/sh -c`; a script
                // fed to `source` runs in this shell
                embedded::Code::Script(source, text) => self.parse_nested(
                    &text,
                    Nested {
                        origin: Origin::Script,
                        parent: Some(idx),
                        wrappers: Some(wrappers),
                        cwd: None,
                        keep_pipeline: false,
                        posix: (source != embedded::STDIN_SCRIPT).then_some(true),
                        scope: if source == embedded::STDIN_SCRIPT {
                            Scope::Shared
                        } else {
                            Scope::Fresh
                        },
                    },
                )?,
                embedded::Code::Argv(_, words) => {
                    self.enter()?;
                    let saved = std::mem::replace(&mut self.out.wrappers, wrappers);
                    let saved_origin = std::mem::replace(&mut self.out.origin, Origin::Script);
                    let saved_pipeline = self.out.pipeline.take();
                    let result = self.emit(&mut Parts {
                        words,
                        origin: Some(Origin::Script),
                        parent: Some(idx),
                        ..Parts::default()
                    });
                    self.out.wrappers = saved;
                    self.out.origin = saved_origin;
                    self.out.pipeline = saved_pipeline;
                    self.leave();
                    result?;
                }
                embedded::Code::Opaque(source, why) => {
                    if self.out.opaque.is_none() {
                        let what = format!("{source}: {why}: code toolgate cannot read");
                        self.out.opaque = Some(what);
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn push(
        &mut self,
        parts: &mut Parts,
        side_effect: Option<&'static str>,
        wrappers: Vec<Wrapper>,
    ) -> PResult<usize> {
        if self.out.commands.len() >= MAX_COMMANDS {
            return Err(format!("more than {MAX_COMMANDS} commands"));
        }
        let (pipeline, stage) = self.out.pipeline.unwrap_or((usize::MAX, 0));
        if !self.out.inherited.is_empty() {
            inherit(&self.out.inherited, parts);
        }
        // a shell a launcher starts with `HOME=…` (`HOME=/x bash -c '…'`) has that home
        // (or `env HOME=/x sh -c '…'`)
        let launched = self.out.inherited.iter().rev().find(|(k, ..)| k == "HOME");
        let script = wrappers.iter().rposition(|w| w.script);
        let by_env = script.and_then(|s| {
            wrappers[..s]
                .iter()
                .filter(|w| w.name == "env")
                .flat_map(|w| &w.words)
                .rev()
                .find_map(|w| w.strip_prefix("HOME="))
        });
        let home = match (launched, by_env) {
            (Some((_, v, raw)), _) => Some(raw.is_none().then(|| v.clone())),
            (None, Some(v)) => Some((!v.contains(['$', '`'])).then(|| v.to_string())),
            (None, None) => self.out.home.clone(),
        };
        if let Some(home) = &home {
            dirs::redefined_home(home.as_deref(), parts);
        }
        dirs::stack_tildes(self.out.oldpwd.as_ref(), parts);
        self.out.commands.push(SimpleCommand {
            assignments: std::mem::take(&mut parts.assignments),
            words: std::mem::take(&mut parts.words),
            written: Vec::new(),
            redirects: Vec::new(),
            cwd: self.out.dirs.cwd.clone(),
            cwd_also: self.out.dirs.also.clone(),
            cwd_dynamic: self.out.dirs.dynamic,
            wrappers,
            dynamic: std::mem::take(&mut parts.dynamic),
            unknown: std::mem::take(&mut parts.unknown),
            globs: std::mem::take(&mut parts.globs),
            dynamic_assignments: std::mem::take(&mut parts.dynamic_assignments),
            origin: parts.origin.unwrap_or(self.out.origin),
            parent: parts.parent,
            pipeline,
            stage,
            background: false,
            function: self.out.function.clone(),
            side_effect,
        });
        Ok(self.out.commands.len() - 1)
    }

    /// `cd X` / `pushd X` / `popd` change the directory later commands run in; an
    /// assignment of `HOME` or `CDPATH` (or `shopt -s cdable_vars`) changes where `~` and a
    /// relative `cd` lead.
    fn track_cd(&mut self, idx: usize) {
        let Some(c) = self.out.commands.get(idx) else {
            return;
        };
        if let Some(home) = dirs::assigned(c, "HOME") {
            self.out.home = Some(home.map(str::to_string));
        }
        if c.words.first().is_some_and(|w| w == "set") {
            for w in c.words.iter().skip(1) {
                if w.starts_with('-') && !w.starts_with("--") && w.contains('e') {
                    self.out.errexit = true;
                } else if w.starts_with('+') && w.contains('e') {
                    self.out.errexit = false;
                } else if w == "errexit" {
                    self.out.errexit = c.words.iter().any(|o| o == "-o");
                }
            }
        }
        if dirs::assigned(c, "CDPATH").is_some_and(|v| v != Some(""))
            || (c.words.first().is_some_and(|w| w == "shopt")
                && c.words.iter().any(|w| w == "cdable_vars"))
        {
            self.out.cd_searches = true;
        }
        let Some(name) = c.words.first().map(|w| names::key(w)) else {
            return;
        };
        let (target, mut dynamic) = match name {
            names::CD | names::PUSHD => {
                let mut target = None;
                let mut options = true;
                for (i, w) in c.words.iter().enumerate().skip(1) {
                    if options && w == "--" {
                        options = false;
                    } else if options && name == names::PUSHD && w == "-n" {
                        // only the stack changes
                        return;
                    } else if options && name == names::PUSHD && dirs::stack_index(w) {
                        // `pushd +1`: a rotation of the stack
                        target = Some((w.clone(), true));
                        break;
                    } else if options && w.len() > 1 && w.starts_with('-') {
                        continue;
                    } else {
                        // a glob (`cd /w?`) stays a glob: paths under it are globs too
                        target = Some((w.clone(), w == "-" || c.is_dynamic(i)));
                        break;
                    }
                }
                match target {
                    // bash 5.2 stays put on `cd ""`
                    Some((t, _)) if t.is_empty() => return,
                    Some(t) => t,
                    // a bare `pushd` swaps the top two entries of the stack
                    None if name == names::PUSHD => ("pushd".to_string(), true),
                    None => ("~".to_string(), false),
                }
            }
            names::POPD => ("popd".to_string(), true),
            _ => return,
        };
        let searched = self.out.cd_searches
            || dirs::assigned_prefix(c, "CDPATH").is_some_and(|v| !v.is_empty());
        if searched && !target.starts_with(['/', '.', '~']) {
            // CDPATH or a variable of that name may send it anywhere
            dynamic = true;
        }
        let target = match (&self.out.home, target.strip_prefix('~')) {
            (Some(home), Some(rest)) if rest.is_empty() || rest.starts_with('/') => match home {
                Some(h) => format!("{h}{rest}"),
                None => {
                    dynamic = true;
                    target
                }
            },
            _ => target,
        };
        let target = target.trim_end_matches('/');
        let target = if target.is_empty() { "/" } else { target };
        let absolute = target.starts_with(['/', '~', '\\'])
            || (matches!(target.as_bytes().get(1), Some(b':'))
                && target
                    .as_bytes()
                    .first()
                    .is_some_and(|b| b.is_ascii_alphabetic()));
        // `~-` is where it was; known only when that is one absolute directory
        let here = &self.out.dirs;
        self.out.oldpwd = (here.also.is_empty() && !here.dynamic)
            .then(|| here.cwd.clone().filter(|d| d.starts_with('/')))
            .flatten();
        self.out.dirs.change(target, absolute, dynamic);
    }
}

/// What peeling the launchers off a command found.
struct Peeled {
    /// The enclosing launchers and the command's own.
    wrappers: Vec<Wrapper>,
    /// The index of the first word after the launchers.
    start: usize,
    /// Nesting levels entered, one per launcher.
    levels: usize,
    /// The script a script launcher runs instead of the command.
    script: Option<String>,
}

/// Drops the launchers' words (`..start`) from `parts`, reindexing what points into them.
fn drop_launcher_words(parts: &mut Parts, start: usize) {
    parts.words.drain(..start);
    parts.dynamic.retain(|d| d.index >= start);
    for d in &mut parts.dynamic {
        d.index -= start;
    }
    parts.unknown = indexes_between(&parts.unknown, start, usize::MAX);
    parts.globs = indexes_between(&parts.globs, start, usize::MAX);
}

/// Prepends a script launcher's assignments (`X=1 bash -c '…'`) to a command of the script.
#[inline(never)]
fn inherit(inherited: &[(String, String, Option<String>)], parts: &mut Parts) {
    let n = inherited.len();
    let mut assignments = Vec::with_capacity(n + parts.assignments.len());
    let mut dynamic = Vec::new();
    for (i, (k, v, raw)) in inherited.iter().enumerate() {
        assignments.push((k.clone(), v.clone()));
        if let Some(raw) = raw {
            dynamic.push(DynamicWord {
                index: i,
                raw: raw.clone(),
            });
        }
    }
    assignments.append(&mut parts.assignments);
    for mut d in parts.dynamic_assignments.drain(..) {
        d.index += n;
        dynamic.push(d);
    }
    parts.assignments = assignments;
    parts.dynamic_assignments = dynamic;
}

/// `inherited` plus the assignments of `parts` (a script launcher's command).
#[inline(never)]
fn with_assignments(
    inherited: &[(String, String, Option<String>)],
    parts: &Parts,
) -> Vec<(String, String, Option<String>)> {
    let mut out = inherited.to_vec();
    for (i, (k, v)) in parts.assignments.iter().enumerate() {
        let raw = parts
            .dynamic_assignments
            .iter()
            .find(|d| d.index == i)
            .map(|d| d.raw.clone());
        out.push((k.clone(), v.clone(), raw));
    }
    out
}

/// The indexes in `from..to`, counted from `from`.
#[inline(never)]
fn indexes_between(list: &[usize], from: usize, to: usize) -> Vec<usize> {
    list.iter()
        .filter(|&&i| i >= from && i < to)
        .map(|&i| i - from)
        .collect()
}

/// The entries of `dynamic` for words `from..to`, indexed from `from`: a slice of a command's
/// words keeps its expansions as written.
#[inline(never)]
fn dynamic_between(dynamic: &[DynamicWord], from: usize, to: usize) -> Vec<DynamicWord> {
    dynamic
        .iter()
        .filter(|d| d.index >= from && d.index < to)
        .map(|d| DynamicWord {
            index: d.index - from,
            raw: d.raw.clone(),
        })
        .collect()
}
