//! Compound commands: `if`, `while`/`until`, `for`/`select` (and the values a loop variable
//! takes), `case`, `[[ … ]]`, `coproc` and function definitions, with their redirections.

use super::*;

impl Parser<'_, '_> {
    /// `coproc [NAME] command`: the command runs in the background. A NAME comes only before
    /// a compound command (`coproc w { …; }`); `coproc rm -rf /` runs `rm`.
    pub(super) fn parse_coproc(&mut self) -> PResult<()> {
        self.pos += "coproc".len();
        self.skip_blanks();
        if !self.at_compound() {
            let name = self.token();
            let start = self.pos;
            if is_identifier(name) {
                self.pos += name.len();
                self.skip_blanks();
                if !self.at_compound() {
                    self.pos = start;
                }
            }
        }
        if self.peek().is_none() {
            return Err("expected a command after `coproc`".to_string());
        }
        self.enter()?;
        self.out.not_plain("background job");
        let start = self.out.commands.len();
        self.parse_command()?;
        for c in self.out.commands.iter_mut().skip(start) {
            c.background = true;
        }
        self.leave();
        Ok(())
    }

    /// A compound command starts at the cursor.
    fn at_compound(&self) -> bool {
        self.peek_is(b'(')
            || matches!(
                names::key(self.token()),
                names::LBRACE
                    | names::IF
                    | names::WHILE
                    | names::UNTIL
                    | names::FOR
                    | names::SELECT
                    | names::CASE
                    | names::TEST
            )
    }

    fn expect_word(&mut self, w: &str) -> PResult<()> {
        self.skip_blanks();
        if self.at_word(w) {
            self.pos += w.len();
            Ok(())
        } else {
            Err(format!("expected `{w}` ({})", self.unexpected()))
        }
    }

    pub(super) fn parse_if(&mut self) -> PResult<()> {
        self.pos += 2;
        self.enter()?;
        self.out.not_plain("compound command");
        // each branch starts from its condition; afterwards, any branch may have run
        self.parse_list()?;
        let mut at_condition = self.out.vars.snapshot();
        let mut ends = Vec::new();
        self.expect_word("then")?;
        self.parse_list()?;
        loop {
            ends.push(std::mem::replace(&mut self.out.vars, at_condition.clone()));
            self.skip_blanks();
            if self.at_word("elif") {
                self.pos += 4;
                self.parse_list()?;
                at_condition.clone_from(&self.out.vars);
                self.expect_word("then")?;
                self.parse_list()?;
                continue;
            }
            if self.at_word("else") {
                self.pos += 4;
                self.parse_list()?;
            }
            self.expect_word("fi")?;
            break;
        }
        for end in &ends {
            self.out.vars.merge(end);
        }
        self.leave();
        Ok(())
    }

    pub(super) fn parse_while(&mut self) -> PResult<()> {
        self.pos += 5;
        self.enter()?;
        self.out.not_plain("compound command");
        self.parse_list()?;
        self.expect_word("do")?;
        self.loop_body(None)?;
        self.expect_word("done")?;
        self.leave();
        Ok(())
    }

    /// A loop body: it may run any number of times, so what it changes is unknown inside it
    /// (a later iteration sees it) and either value after it. `var` is the loop variable,
    /// already bound.
    fn loop_body(&mut self, var: Option<&str>) -> PResult<()> {
        let before = self.out.vars.snapshot();
        if !before.is_empty() {
            let rest = self.src.get(self.pos..).unwrap_or("");
            self.out.vars.forget_assigned_in(rest, var);
        }
        self.parse_list()?;
        self.out.vars.merge(&before);
        Ok(())
    }

    pub(super) fn parse_for(&mut self) -> PResult<()> {
        self.pos += if self.at_word("for") { 3 } else { 6 };
        self.enter()?;
        self.out.not_plain("compound command");
        self.skip_blanks();
        if self.starts("((") {
            self.pos += 2;
            self.skip_arithmetic()?;
        } else {
            let before = self.pos;
            let var = self.read_word()?;
            if self.pos == before {
                return Err(self.expected("a loop variable"));
            }
            self.skip_linebreaks()?;
            // without `in`, the positional parameters
            let mut values = Some(Vec::new());
            if self.at_word("in") {
                self.pos += 2;
                loop {
                    self.skip_blanks();
                    match self.peek() {
                        None | Some(b';' | b'\n') => break,
                        _ => {
                            let before = self.pos;
                            let w = self.read_word()?;
                            if self.pos == before {
                                return Err(self.unexpected());
                            }
                            values =
                                values.and_then(|mut v| self.loop_values(&w, &mut v).then_some(v));
                        }
                    }
                }
            } else {
                values = expand::known_positional(&self.out.vars);
            }
            self.skip_blanks();
            if self.peek_is(b';') {
                self.pos += 1;
            }
            self.skip_linebreaks()?;
            self.expect_word("do")?;
            let value = match values {
                Some(v) if !v.is_empty() => expand::Value::Set(v),
                _ => expand::Value::Unknown,
            };
            let before = self.out.vars.snapshot();
            self.out.vars.set(&var.text, value);
            self.loop_body(Some(&var.text))?;
            // after the loop: one of its values, or the old one when the list was empty
            self.out.vars.merge(&before);
            self.expect_word("done")?;
            self.leave();
            return Ok(());
        }
        self.skip_blanks();
        if self.peek_is(b';') {
            self.pos += 1;
        }
        self.skip_linebreaks()?;
        self.expect_word("do")?;
        self.parse_list()?;
        self.expect_word("done")?;
        self.leave();
        Ok(())
    }

    /// Adds the values a `for` list word gives the loop variable; `false` when one is not
    /// known or there are too many.
    fn loop_values(&self, w: &Word, values: &mut Vec<expand::Val>) -> bool {
        let fields = match w.expands {
            true => expand::expand(&w.text, &w.spans, &self.out.vars, &[]),
            false => expand::Expansion::Unchanged { unknown: w.unknown },
        };
        match fields {
            expand::Expansion::Unchanged { unknown: true } => false,
            expand::Expansion::Unchanged { unknown: false } => {
                values.push(expand::Val {
                    text: w.text.clone(),
                    glob: w.glob,
                });
                values.len() <= expand::MAX_FIELDS
            }
            expand::Expansion::Fields(fields) => {
                for f in fields {
                    if f.unknown {
                        return false;
                    }
                    values.push(expand::Val {
                        text: f.text,
                        glob: f.glob,
                    });
                }
                values.len() <= expand::MAX_FIELDS
            }
        }
    }

    pub(super) fn parse_case(&mut self) -> PResult<()> {
        self.pos += 4;
        self.enter()?;
        self.out.not_plain("compound command");
        self.skip_blanks();
        let before = self.pos;
        self.read_word()?;
        if self.pos == before {
            return Err(self.expected("a word after `case`"));
        }
        self.skip_linebreaks()?;
        self.expect_word("in")?;
        // each branch starts from here; afterwards any one (or none) may have run
        let at_word = self.out.vars.snapshot();
        let mut ends = Vec::new();
        loop {
            self.skip_linebreaks()?;
            if self.at_word("esac") {
                self.pos += 4;
                break;
            }
            if self.peek_is(b'(') {
                self.pos += 1;
            }
            loop {
                self.skip_blanks();
                match self.peek() {
                    Some(b')') => break,
                    Some(b'|') => self.pos += 1,
                    None => return Err("missing `esac`".to_string()),
                    _ => {
                        let before = self.pos;
                        self.read_word()?;
                        if self.pos == before {
                            return Err(self.unexpected());
                        }
                    }
                }
            }
            self.pos += 1;
            self.parse_list()?;
            ends.push(std::mem::replace(&mut self.out.vars, at_word.clone()));
            self.skip_blanks();
            if self.starts(";;&") {
                self.pos += 3;
            } else if self.starts(";;") || self.starts(";&") {
                self.pos += 2;
            } else if !self.at_word("esac") {
                return Err(self.expected("`;;` or `esac`"));
            }
        }
        for end in &ends {
            self.out.vars.merge(end);
        }
        self.leave();
        Ok(())
    }

    /// `[[ … ]]`: `&&`, `||`, `<`, `>`, `(`, `)` are words inside.
    pub(super) fn parse_test(&mut self) -> PResult<()> {
        self.pos += 2;
        self.enter()?;
        self.out.not_plain("conditional expression");
        let sub_start = self.out.commands.len();
        let mut words = vec!["[[".to_string()];
        let mut dynamic = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None => return Err("missing `]]`".to_string()),
                Some(b'\n') => {
                    self.newline()?;
                    continue;
                }
                _ => {}
            }
            if self.at_word("]]") {
                self.pos += 2;
                words.push("]]".to_string());
                break;
            }
            if self.starts("&&") || self.starts("||") {
                words.push(self.slice(self.pos, self.pos + 2).to_string());
                self.pos += 2;
                continue;
            }
            match self.peek() {
                Some(c @ (b'(' | b')' | b'<' | b'>' | b'|' | b'!'))
                    if !self.starts("<(") && !self.starts(">(") =>
                {
                    words.push((c as char).to_string());
                    self.pos += 1;
                }
                Some(b';' | b'&') => return Err(self.unexpected()),
                _ => {
                    let before = self.pos;
                    let w = self.read_word()?;
                    if self.pos == before {
                        return Err(self.unexpected());
                    }
                    if w.dynamic {
                        dynamic.push(DynamicWord {
                            index: words.len(),
                            raw: self.slice(w.start, w.end).to_string(),
                        });
                    }
                    words.push(w.text);
                }
            }
        }
        let mut parts = Parts {
            words,
            dynamic,
            ..Parts::default()
        };
        // (inside `sudo bash -c '[[ … ]]'` it runs under the launchers too)
        let wrappers = self.out.wrappers.clone();
        let idx = self.push(&mut parts, None, wrappers)?;
        self.adopt(sub_start, idx, idx);
        self.leave();
        Ok(())
    }

    /// After `name` `(`: `)` then the body.
    pub(super) fn function_def(&mut self, name: String) -> PResult<()> {
        self.pos += 1;
        self.skip_blanks();
        if !self.peek_is(b')') {
            return Err(format!(
                "expected `)` after `{name}(` ({})",
                self.unexpected()
            ));
        }
        self.pos += 1;
        self.function_body(name)
    }

    pub(super) fn function_body(&mut self, name: String) -> PResult<()> {
        self.skip_linebreaks()?;
        if self.peek().is_none() {
            return Err(format!("missing body of function `{name}`"));
        }
        self.enter()?;
        self.out.not_plain("function definition");
        let saved_function = self.out.function.replace(name);
        let saved_pipeline = self.out.pipeline.take();
        // a function's `$1` is its own argument
        let saved_positional = self.out.positional.take();
        let saved_cwd = self.out.dirs.clone();
        let saved_vars = self.out.vars.snapshot();
        let caller_params = self.out.vars.get(expand::POSITIONAL).clone();
        self.out
            .vars
            .set(expand::POSITIONAL, expand::Value::Unknown);
        self.parse_command()?;
        self.out.positional = saved_positional;
        self.out.function = saved_function;
        self.out.pipeline = saved_pipeline;
        self.out.dirs = saved_cwd;
        // the body runs at any later call: what it sets is unknown from here on
        let body = std::mem::replace(&mut self.out.vars, saved_vars);
        self.out.vars.forget_changed(&body);
        // (and its `set --` sets its own parameters, not the caller's)
        self.out.vars.set(expand::POSITIONAL, caller_params);
        self.leave();
        Ok(())
    }

    pub(super) fn compound_redirects(&mut self, start: usize) -> PResult<()> {
        // the commands of the targets' own substitutions (`(( x )) <$(id)`) run outside the
        // compound: the redirections are not theirs, and those commands are top-level ones of
        // their own, so such a target renders quoted (as where a script replaced a command)
        let end = self.out.commands.len();
        let mut redirects = Vec::new();
        loop {
            self.skip_blanks();
            let before = self.out.commands.len();
            match self.try_redirect()? {
                Some(mut r) => {
                    if self.out.commands.len() > before && !r.is_heredoc() {
                        r.raw = None;
                    }
                    redirects.push(r)
                }
                None => break,
            }
        }
        self.attach_redirects(start..end, redirects, true);
        Ok(())
    }
}
