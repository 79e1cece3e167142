//! A reader for cmd.exe command lines: `%VAR%` expanded first (known: `%USERPROFILE%`,
//! `%CD%`, `%SystemRoot%`, `%SystemDrive%`; any other is unknown), delayed `!VAR!` (unknown),
//! `^` escapes, `"…"` quoting, `&`, `&&`, `||`, `|`, `(…)` blocks, redirections (`<`, `>`,
//! `>>`, `2>`, `2>&1`), `if`, `for … do`, `start`, `call`, `cd`/`pushd`, and the builtins
//! read as the POSIX programs that do the same (`type` is `cat`, `del /s /q` is `rm -r -f`,
//! `rd /s` is `rm -r`, `copy` is `cp`, `move` and `ren` are `mv`, `dir /s` is `ls -R`).

use crate::shell::analysis::MAX_DEPTH;
use crate::shell::analysis::{Analysis, Origin, Redirect};
use crate::shell::windows::{eq, program_key, programs, reading, Arg, Out};

type R<T> = Result<T, String>;

/// Reads `command` as cmd.exe does.
pub(crate) fn read(command: &str) -> Analysis {
    let mut out = Out::default();
    let line = expand(command);
    let mut r = Cmd {
        s: &line,
        i: 0,
        depth: 0,
        out: &mut out,
    };
    if let Err(why) = r.list(false) {
        r.out.fail(why);
    }
    out.finish()
}

/// A character of the expanded line: whether it came from a value not known.
type Ch = (char, bool);

/// `%VAR%` expansion, which cmd does before anything else.
fn expand(command: &str) -> Vec<Ch> {
    let chars: Vec<char> = command.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '%' || c == '!' {
            let close = chars[i + 1..]
                .iter()
                .position(|&d| d == c)
                .map(|p| p + i + 1);
            if let Some(end) = close.filter(|&e| e > i + 1) {
                let name: String = chars[i + 1..end].iter().collect();
                if !name.contains([' ', '\n']) {
                    match (c == '%').then(|| known(&name)).flatten() {
                        Some(v) => out.extend(v.chars().map(|c| (c, false))),
                        None => out.extend(chars[i..=end].iter().map(|&c| (c, true))),
                    }
                    i = end + 1;
                    continue;
                }
            }
            // `%x` of a `for` loop
            if c == '%'
                && chars
                    .get(i + 1)
                    .is_some_and(|d| d.is_ascii_alphabetic() || *d == '%' || *d == '~')
            {
                out.push((c, true));
                i += 1;
                while let Some(&d) = chars
                    .get(i)
                    .filter(|d| d.is_ascii_alphanumeric() || matches!(d, '%' | '~'))
                {
                    out.push((d, true));
                    i += 1;
                }
                continue;
            }
        }
        out.push((c, false));
        i += 1;
    }
    out
}

fn known(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    Some(match name.as_str() {
        "userprofile" => "~",
        "cd" => ".",
        "systemroot" | "windir" => "C:\\Windows",
        "systemdrive" => "C:",
        _ => return None,
    })
}

struct Cmd<'a, 'o> {
    s: &'a [Ch],
    i: usize,
    depth: usize,
    out: &'o mut Out,
}

impl Cmd<'_, '_> {
    fn peek(&self) -> char {
        self.s.get(self.i).map_or('\0', |c| c.0)
    }

    fn at(&self, k: usize) -> char {
        self.s.get(self.i + k).map_or('\0', |c| c.0)
    }

    fn blanks(&mut self) {
        while matches!(self.peek(), ' ' | '\t' | '\r' | ',' | ';' | '=' | '@') {
            self.i += 1;
        }
    }

    /// Commands joined by `&`, `&&`, `||` and newlines, up to the end (or `)` in a block).
    fn list(&mut self, block: bool) -> R<()> {
        if self.depth >= MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} levels deep"));
        }
        self.depth += 1;
        loop {
            self.blanks();
            match self.peek() {
                '\0' if block => return Err("`(` is not closed".into()),
                '\0' => break,
                ')' if block => {
                    self.i += 1;
                    break;
                }
                '\n' | '&' => self.i += 1,
                '|' if self.at(1) == '|' => self.i += 2,
                _ => {
                    // a command that reads nothing (a `)` closing no block in a `for /f`
                    // command) would be read again forever
                    let from = self.i;
                    self.pipeline()?;
                    if self.i == from {
                        return Err(format!("`{}` starts no command", self.peek()));
                    }
                }
            }
        }
        self.depth -= 1;
        Ok(())
    }

    fn pipeline(&mut self) -> R<()> {
        let pipeline = self.out.pipeline();
        let mut stage = 0;
        loop {
            self.command((pipeline, stage))?;
            self.blanks();
            if self.peek() == '|' && self.at(1) != '|' {
                self.i += 1;
                stage += 1;
                continue;
            }
            return Ok(());
        }
    }

    /// One command: a `(…)` block, `if`, `for`, or words with redirections.
    fn command(&mut self, at: (usize, usize)) -> R<()> {
        self.blanks();
        if self.peek() == '(' {
            self.i += 1;
            self.list(true)?;
            let mut redirects = Vec::new();
            while self.redirect(&mut redirects)? {}
            return Ok(());
        }
        let mut words = Vec::new();
        let mut redirects = Vec::new();
        loop {
            self.blanks();
            if self.redirect(&mut redirects)? {
                continue;
            }
            // a keyword's command follows it on the same line
            if let Some(first) = words.first().map(|w: &Arg| w.text.to_ascii_lowercase()) {
                if first == "if" && self.condition_done(&words) {
                    return self.command(at);
                }
                if first == "for" && words.last().is_some_and(|w| eq(&w.text, "do")) {
                    self.for_set(&words, at)?;
                    return self.command(at);
                }
                if first == "else" && words.len() == 1 {
                    return self.command(at);
                }
            }
            match self.word()? {
                Some(w) => {
                    if words.is_empty() && eq(&w.text, "rem") && !w.quoted {
                        while !matches!(self.peek(), '\0' | '\n') {
                            self.i += 1;
                        }
                        return Ok(());
                    }
                    // `if … (…)`, `for … do (…)`: the block after the keyword's words
                    words.push(w);
                }
                None => break,
            }
        }
        if words.is_empty() {
            return Ok(());
        }
        if !redirects.is_empty() {
            self.out.not_plain("redirection");
        }
        self.emit(words, redirects, at)
    }

    /// `for /f … in (SET) do`: the files SET names are read, a `'command'` in it runs.
    fn for_set(&mut self, words: &[Arg], at: (usize, usize)) -> R<()> {
        if !words.iter().any(|w| eq(&w.text, "/f")) {
            return Ok(());
        }
        let Some(start) = words.iter().position(|w| eq(&w.text, "in")) else {
            return Ok(());
        };
        let set: Vec<&Arg> = words[start + 1..words.len() - 1].iter().collect();
        let text: Vec<&str> = set.iter().map(|w| w.text.as_str()).collect();
        let text = text.join(" ");
        let text = text.trim_start_matches('(').trim_end_matches(')').trim();
        let quoted = |q: char| text.len() >= 2 && text.starts_with(q) && text.ends_with(q);
        if quoted('\'') || quoted('`') {
            let inner = expand(&text[1..text.len() - 1]);
            let mut sub = Cmd {
                s: &inner,
                i: 0,
                depth: self.depth,
                out: &mut *self.out,
            };
            return sub.list(false);
        }
        if quoted('"')
            && !words
                .iter()
                .any(|w| w.text.to_ascii_lowercase().contains("usebackq"))
        {
            return Ok(());
        }
        let files = text.split_whitespace().map(|f| Arg {
            text: f.trim_matches('"').to_string(),
            unknown: set.iter().any(|w| w.unknown),
            quoted: false,
        });
        let kids = self.out.analysis.commands.len();
        let words = reading(&["cat"], files.collect());
        self.out
            .push(words, Vec::new(), Vec::new(), Origin::Top, at, kids)?;
        Ok(())
    }

    /// Whether `if [/i] [not] CONDITION` is complete, so the command follows.
    fn condition_done(&self, words: &[Arg]) -> bool {
        let mut i = 1;
        while words
            .get(i)
            .is_some_and(|w| eq(&w.text, "/i") || eq(&w.text, "not"))
        {
            i += 1;
        }
        let Some(w) = words.get(i) else { return false };
        let n = if ["exist", "defined", "errorlevel", "cmdextversion"]
            .iter()
            .any(|k| eq(k, &w.text))
        {
            2
        } else if w.text.contains("==") {
            1
        } else if words.get(i + 1).is_some_and(|op| {
            ["equ", "neq", "lss", "leq", "gtr", "geq", "=="]
                .iter()
                .any(|k| eq(k, &op.text))
        }) {
            3
        } else {
            2
        };
        words.len() >= i + n
    }

    /// `>`, `>>`, `<`, `2>`, `2>&1`, `>&2`.
    fn redirect(&mut self, out: &mut Vec<Redirect>) -> R<bool> {
        let start = self.i;
        if self.peek().is_ascii_digit() && matches!(self.at(1), '>' | '<') {
            self.i += 1;
        }
        let c = self.peek();
        if !matches!(c, '>' | '<') {
            self.i = start;
            return Ok(false);
        }
        self.i += 1;
        if c == '>' && self.peek() == '>' {
            self.i += 1;
        }
        if self.peek() == '&' && self.at(1).is_ascii_digit() {
            self.i += 2;
            return Ok(true);
        }
        let op: String = self.s[start..self.i].iter().map(|c| c.0).collect();
        self.blanks();
        let Some(target) = self.word()? else {
            return Err("a redirection has no target".into());
        };
        if !eq(&target.text, "nul") {
            out.push(Redirect {
                op,
                dynamic: target.unknown,
                raw: target.unknown.then(|| target.text.clone()),
                target: target.text,
                ..Redirect::default()
            });
        }
        Ok(true)
    }

    /// A word: up to a blank or an operator outside quotes; `^` escapes the next character.
    fn word(&mut self) -> R<Option<Arg>> {
        let mut arg = Arg::default();
        let mut any = false;
        let mut quoted = false;
        loop {
            let Some(&(c, unknown)) = self.s.get(self.i) else {
                break;
            };
            if !quoted
                && (matches!(
                    c,
                    ' ' | '\t' | '\r' | '\n' | '&' | '|' | '<' | '>' | ',' | ';' | '='
                ) || (c == ')' && self.depth > 1))
            {
                if c == '=' && any {
                    // `a==b` in an `if` stays one word
                    arg.text.push(c);
                    self.i += 1;
                    continue;
                }
                break;
            }
            self.i += 1;
            any = true;
            arg.unknown |= unknown;
            match c {
                '"' => {
                    quoted = !quoted;
                    arg.quoted = true;
                }
                '^' if !quoted => match self.s.get(self.i) {
                    // `^` at the end of a line continues it
                    Some(('\n', _)) => self.i += 1,
                    Some(&(d, u)) => {
                        arg.text.push(d);
                        arg.unknown |= u;
                        self.i += 1;
                    }
                    None => {}
                },
                c => arg.text.push(c),
            }
        }
        if arg.unknown {
            // a value not known is marked as the sh analysis marks one
            arg.text = arg.text.replace('%', "$").replace('!', "$");
        }
        Ok(any.then_some(arg))
    }

    /// Adds a command: `start`, `call` and `cmd /c` run what follows; builtins are read as
    /// the POSIX programs that do the same.
    fn emit(&mut self, words: Vec<Arg>, redirects: Vec<Redirect>, at: (usize, usize)) -> R<()> {
        let kids = self.out.analysis.commands.len();
        if cmdlet_name(&words[0].text) {
            // cmd cannot run a cmdlet: "not recognized as an internal or external command"
            return Ok(());
        }
        let written: Vec<String> = words.iter().map(|w| w.text.clone()).collect();
        let key = program_key(&words[0].text);
        let args = &words[1..];
        let ops: Vec<Arg> = args.iter().filter(|a| !switch(a)).cloned().collect();
        let on = |names: &[&str]| {
            args.iter()
                .any(|a| switch(a) && names.iter().any(|n| eq(&a.text[1..], n)))
        };
        let mut head: Vec<&str> = Vec::new();
        let reading: Vec<Arg> = match key.as_str() {
            "type" => reading(&["cat"], ops),
            "copy" => {
                // `copy a+b c` concatenates a and b
                let mut parts = Vec::new();
                for a in ops {
                    for p in a.text.split('+').filter(|p| !p.is_empty()) {
                        parts.push(Arg {
                            text: p.to_string(),
                            ..a.clone()
                        });
                    }
                }
                reading(&["cp"], parts)
            }
            "move" | "ren" | "rename" => reading(&["mv"], ops),
            "del" | "erase" | "rd" | "rmdir" => {
                let dir = key.starts_with('r');
                head.push(if dir && !on(&["s"]) { "rmdir" } else { "rm" });
                if on(&["s"]) {
                    head.push("-r");
                }
                if on(&["q", "f"]) && (!dir || on(&["s"])) {
                    head.push("-f");
                }
                reading(&head, ops)
            }
            "md" | "mkdir" => reading(&["mkdir"], ops),
            "dir" => {
                head.push("ls");
                if on(&["s"]) {
                    head.push("-R");
                }
                if args
                    .iter()
                    .any(|a| switch(a) && a.text[1..].to_ascii_lowercase().starts_with('a'))
                {
                    head.push("-a");
                }
                reading(&head, ops)
            }
            "cd" | "chdir" | "pushd" => {
                let dir: Vec<Arg> = ops
                    .into_iter()
                    .take(1)
                    .map(|t| Arg {
                        text: t.text.replace('\\', "/"),
                        ..t
                    })
                    .collect();
                if let Some(d) = dir.first() {
                    self.out.cd(Some(d));
                }
                reading(&["cd"], dir)
            }
            "popd" => {
                self.out.cd(Some(&Arg {
                    text: "-".into(),
                    unknown: true,
                    quoted: false,
                }));
                reading(&["popd"], Vec::new())
            }
            "start" => {
                // `start ["title"] [/switches] command args`
                let mut rest = args.iter().skip_while(|a| switch(a)).peekable();
                if rest.peek().is_some_and(|a| a.quoted) && args.len() > 1 {
                    rest.next();
                }
                let mut run: Vec<Arg> = rest.skip_while(|a| switch(a)).cloned().collect();
                if run.is_empty() {
                    return Ok(());
                }
                run[0].text = run[0].text.replace('\\', "/");
                return self.emit_reading(programs::reading(run), written, redirects, at, kids);
            }
            "call" if !args.is_empty() => {
                let mut run = args.to_vec();
                run[0].text = run[0].text.replace('\\', "/");
                return self.emit_reading(programs::reading(run), written, redirects, at, kids);
            }
            "echo" => reading(&["echo"], args.to_vec()),
            _ => {
                let mut run = words.clone();
                // cmd runs a script in the working directory by its name
                let name = &mut run[0].text;
                *name = name.replace('\\', "/");
                let lower = name.to_ascii_lowercase();
                if !name.contains('/')
                    && [".bat", ".cmd", ".exe", ".com"]
                        .iter()
                        .any(|e| lower.ends_with(e))
                {
                    *name = format!("./{name}");
                }
                programs::reading(run)
            }
        };
        self.emit_reading(reading, written, redirects, at, kids)
    }

    fn emit_reading(
        &mut self,
        words: Vec<Arg>,
        written: Vec<String>,
        redirects: Vec<Redirect>,
        at: (usize, usize),
        kids: usize,
    ) -> R<()> {
        self.out
            .push(words, written, redirects, Origin::Top, at, kids)?;
        Ok(())
    }
}

/// A PowerShell cmdlet's `Verb-Noun` name, which no program on the path has.
fn cmdlet_name(name: &str) -> bool {
    const VERBS: &[&str] = &[
        "add",
        "clear",
        "compress",
        "convertfrom",
        "convertto",
        "copy",
        "disable",
        "enable",
        "expand",
        "export",
        "find",
        "foreach",
        "format",
        "get",
        "group",
        "import",
        "install",
        "invoke",
        "join",
        "measure",
        "move",
        "new",
        "out",
        "pop",
        "push",
        "read",
        "register",
        "remove",
        "rename",
        "resolve",
        "restart",
        "save",
        "select",
        "set",
        "show",
        "sort",
        "split",
        "start",
        "stop",
        "tee",
        "test",
        "uninstall",
        "unregister",
        "update",
        "wait",
        "where",
        "write",
    ];
    match name.split_once('-') {
        Some((verb, noun)) => {
            VERBS.iter().any(|v| eq(v, verb))
                && !noun.is_empty()
                && noun.bytes().all(|b| b.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// A builtin's switch: `/x` (`/` alone is none).
fn switch(a: &Arg) -> bool {
    a.text.len() > 1 && a.text.starts_with('/') && !a.quoted
}
