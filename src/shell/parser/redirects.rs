//! Redirections (`>`, `2>&1`, `{fd}>`, `<<<`, …) and here-documents: their operators and
//! targets, and the bodies read after the line that opened them.

use super::*;
use std::ops::Range;

impl Parser<'_, '_> {
    /// A redirection at the cursor, or `None` (cursor unchanged).
    pub(super) fn try_redirect(&mut self) -> PResult<Option<Redirect>> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut p = start;
        let mut fd = 0u64;
        while let Some(d) = bytes.get(p).filter(|b| b.is_ascii_digit()) {
            fd = (fd * 10 + u64::from(d - b'0')).min(1 << 32);
            p += 1;
        }
        if fd > i32::MAX as u64 {
            // too large for a descriptor: bash reads the digits as a word (`2147483648>x`)
            return Ok(None);
        }
        if p == start {
            p = named_descriptor(bytes, start);
        }
        let rest = bytes.get(p..).unwrap_or(&[]);
        match (rest.first(), rest.get(1)) {
            (Some(b'<' | b'>'), _) | (Some(b'&'), Some(b'>')) => {}
            _ => return Ok(None),
        }
        const OPS: [&str; 14] = [
            "&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", "<(", "<", ">>", ">&", ">|", ">(", ">",
        ];
        let Some(op) = OPS.iter().find(|op| rest.starts_with(op.as_bytes())) else {
            return Ok(None);
        };
        if op.ends_with('(') || (op.starts_with('&') && p != start) {
            return Ok(None);
        }
        self.pos = p + op.len();
        let full_op = self.slice(start, self.pos).to_string();
        let heredoc = *op == "<<" || *op == "<<-";
        self.out.not_plain(match *op {
            "<<" | "<<-" => "here-document",
            "<<<" => "here-string",
            _ => "redirection",
        });
        self.skip_blanks();
        let target_ok = match self.peek() {
            None | Some(b'\n' | b';' | b'&' | b'|' | b')' | b'(') => false,
            Some(b'<' | b'>') => self.starts("<(") || self.starts(">("),
            _ => true,
        };
        if !target_ok {
            return Err(format!(
                "expected a word after `{full_op}` ({})",
                self.unexpected()
            ));
        }
        if op.ends_with('&') && self.peek_is(b'-') {
            // `>&-` closes the descriptor: the `-` is a token of its own (`>&-x` runs `x`)
            self.pos += 1;
            return Ok(Some(Redirect {
                op: full_op,
                target: "-".to_string(),
                ..Redirect::default()
            }));
        }
        let w = self.read_word()?;
        let raw = self.slice(w.start, w.end);
        if heredoc {
            let quoted = raw.contains(['\'', '"', '\\']);
            return Ok(Some(Redirect {
                op: full_op,
                target: w.text,
                dynamic: !quoted,
                ..Redirect::default()
            }));
        }
        // `F=out.txt; cmd > "$F"`: a target that expands to one known word is that word
        if w.expands {
            if let expand::Expansion::Fields(mut fields) =
                expand::expand(&w.text, &w.spans, &self.out.vars, &[])
            {
                if let (Some(f), 1) = (fields.pop(), fields.len() + 1) {
                    return Ok(Some(Redirect {
                        op: full_op,
                        target: f.text,
                        dynamic: f.raw.is_some(),
                        raw: f.raw,
                        ..Redirect::default()
                    }));
                }
            }
        }
        let raw = w.dynamic.then(|| raw.to_string());
        Ok(Some(Redirect {
            op: full_op,
            target: w.text,
            dynamic: w.dynamic,
            raw,
            ..Redirect::default()
        }))
    }

    /// Appends `redirects` to the commands `to`, registering here-docs; `enclosing` when they
    /// are a compound command's or a script launcher's (see [`Redirect::enclosing`]).
    pub(super) fn attach_redirects(
        &mut self,
        to: Range<usize>,
        redirects: Vec<Redirect>,
        enclosing: bool,
    ) {
        for mut r in redirects {
            r.enclosing = enclosing;
            let mut targets = Vec::new();
            let heredoc = r.is_heredoc();
            if !heredoc {
                let home = self.out.home.as_ref();
                match dirs::tilde_target(home, self.out.oldpwd.as_ref(), &r.target) {
                    Some(Some(t)) => r.target = t,
                    Some(None) => {
                        // a value toolgate cannot know, kept as an expansion
                        let after = r.target.find('/').map_or("", |i| &r.target[i..]);
                        let unknown = format!("${{HOME-}}{after}");
                        r.raw = Some(std::mem::replace(&mut r.target, unknown));
                        r.dynamic = true;
                    }
                    None => {}
                }
            }
            if heredoc {
                self.pending.push(PendingHeredoc {
                    delim: r.target.clone(),
                    strip_tabs: r.op.ends_with("<<-"),
                    expands: r.dynamic,
                    targets: Vec::new(),
                });
            }
            for ci in to.clone() {
                if let Some(c) = self.out.commands.get_mut(ci) {
                    c.redirects.push(r.clone());
                    targets.push((ci, c.redirects.len() - 1));
                }
            }
            if let Some(h) = self.pending.last_mut().filter(|_| heredoc) {
                h.targets = targets;
            }
        }
    }

    pub(super) fn read_heredocs(&mut self) -> PResult<()> {
        for h in std::mem::take(&mut self.pending) {
            let body = self.heredoc_body(&h)?;
            for &(ci, ri) in &h.targets {
                if let Some(r) = self
                    .out
                    .commands
                    .get_mut(ci)
                    .and_then(|c| c.redirects.get_mut(ri))
                {
                    r.body = Some(body.clone());
                }
            }
            // the body is a script when a shell reads it, directly or down the pipeline
            // (`bash <<EOF`, `cat <<EOF | sh`)
            let cmds = &self.out.commands;
            let shell = h.targets.iter().find_map(|&(ci, _)| {
                let c = cmds.get(ci)?;
                if wrappers::shell_reads_stdin(&c.words) {
                    return Some(c);
                }
                cmds.iter().find(|d| {
                    d.pipeline == c.pipeline
                        && d.stage > c.stage
                        && wrappers::shell_reads_stdin(&d.words)
                })
            });
            let target = h.targets.first().map(|t| t.0);
            let fed_shell = shell.is_some();
            if let (Some(shell), Some(ci)) = (shell, target) {
                let (mut wrappers, cwd, words) = (
                    shell.wrappers.clone(),
                    Dirs {
                        cwd: shell.cwd.clone(),
                        also: shell.cwd_also.clone(),
                        dynamic: shell.cwd_dynamic,
                    },
                    shell.words.clone(),
                );
                let shell = words.first().map_or("sh", |w| crate::shell::basename(w));
                let posix = matches!(shell, "sh" | "dash" | "ash");
                let name = format!("{shell} <<");
                wrappers.push(Wrapper {
                    name,
                    words,
                    script: true,
                    ..Wrapper::default()
                });
                self.parse_nested(
                    &body,
                    Nested {
                        origin: Origin::HereDoc,
                        parent: Some(ci),
                        wrappers: Some(wrappers),
                        cwd: Some(cwd),
                        keep_pipeline: false,
                        posix: Some(posix),
                        scope: Scope::Fresh,
                    },
                )?;
            } else {
                // an interpreter's program (`python3 - <<EOF`, `source /dev/stdin <<EOF`)
                let reader = h.targets.iter().find_map(|&(ci, _)| {
                    let c = cmds.get(ci)?;
                    cmds.iter().position(|d| {
                        (std::ptr::eq(d, c) || (d.pipeline == c.pipeline && d.stage > c.stage))
                            && embedded::runs_stdin(d)
                    })
                });
                if let Some(reader) = reader {
                    let codes = cmds.get(reader).map(|r| embedded::fed(r, &body));
                    self.parse_codes(reader, codes.unwrap_or_default())?;
                }
            }
            if h.expands && !fed_shell {
                // (also when no simple command receives it: `(( x )) <<EOF` still expands it)
                self.enter()?;
                let saved_pipeline = self.out.pipeline.take();
                let start = self.out.commands.len();
                let mut sub = Parser::new(&body, &mut *self.out);
                let mut scratch = String::new();
                sub.read_dquoted(&mut scratch, false)?;
                self.out.pipeline = saved_pipeline;
                if let Some(&(ci, _)) = h.targets.first() {
                    self.adopt(start, self.out.commands.len(), ci);
                }
                self.leave();
            }
        }
        Ok(())
    }

    fn heredoc_body(&mut self, h: &PendingHeredoc) -> PResult<String> {
        let mut body = String::new();
        loop {
            let rest = self.src.get(self.pos..).unwrap_or("");
            if rest.is_empty() {
                return Err(format!("missing here-doc terminator `{}`", h.delim));
            }
            let (line, advance) = match rest.find('\n') {
                Some(i) => (rest.get(..i).unwrap_or(""), i + 1),
                None => (rest, rest.len()),
            };
            self.pos += advance;
            let line = if h.strip_tabs {
                line.trim_start_matches('\t')
            } else {
                line
            };
            if line == h.delim {
                return Ok(body);
            }
            body.push_str(line);
            body.push('\n');
        }
    }
}
