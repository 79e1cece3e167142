//! Windows shells: a PowerShell reader ([`powershell`]) and a cmd.exe reader ([`cmd`]) for
//! the commands agents emit. Each yields the same [`Analysis`] the sh parser yields, so the
//! checks (ignore file, locality, rules, critical patterns) judge them unchanged: a cmdlet
//! or builtin is read as the POSIX program that does the same (`Remove-Item -Recurse x` is
//! `rm -r x`, `type x` is `cat x`, `rd /s /q x` is `rm -r -f x`; see [`programs`] and
//! [`cmdlets`]), and keeps its own spelling in [`SimpleCommand::written`] for rules and
//! reasons. What a reader cannot read is `Unparseable`.

pub(super) mod cmd;
mod cmdlets;
pub(super) mod powershell;
mod programs;

use crate::shell::analysis::{
    Analysis, DynamicWord, Origin, Problem, Redirect, SimpleCommand, MAX_COMMANDS,
};

/// One word as a Windows shell passes it.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Arg {
    /// Its value; parts whose value is not known kept as written (`$env:X`, `$(…)`, `${X}`).
    pub text: String,
    /// Holds a part whose value is only known when it runs.
    pub unknown: bool,
    /// Written in quotes: `'-Path'` is a word, not a parameter.
    pub quoted: bool,
}

impl Arg {
    pub fn new(text: &str) -> Arg {
        Arg {
            text: text.to_string(),
            ..Arg::default()
        }
    }
}

/// Where commands go as a reader finds them: the analysis being built, the working
/// directory a `cd` left, the pipeline being read.
#[derive(Default)]
pub(super) struct Out {
    pub analysis: Analysis,
    pub cwd: Option<String>,
    pub cwd_dynamic: bool,
    pipelines: usize,
}

impl Out {
    /// A fresh pipeline number.
    pub fn pipeline(&mut self) -> usize {
        self.pipelines += 1;
        self.pipelines - 1
    }

    /// Records the first problem (a later one does not replace it).
    pub fn fail(&mut self, why: String) {
        if self.analysis.problem.is_none() {
            self.analysis.problem = Some(Problem::Unparseable(why));
        }
    }

    pub fn not_plain(&mut self, why: &'static str) {
        self.analysis.not_plain.get_or_insert(why);
    }

    /// Adds a command read as `words` (its POSIX reading) and written as `written` (empty:
    /// as read); the commands pushed since `kids` that have no parent are its words'.
    #[allow(clippy::too_many_arguments)]
    pub fn push(
        &mut self,
        words: Vec<Arg>,
        written: Vec<String>,
        redirects: Vec<Redirect>,
        origin: Origin,
        (pipeline, stage): (usize, usize),
        kids: usize,
    ) -> Result<usize, String> {
        let cmds = &mut self.analysis.commands;
        if cmds.len() >= MAX_COMMANDS {
            return Err(format!("more than {MAX_COMMANDS} commands"));
        }
        let mut c = SimpleCommand {
            written,
            redirects,
            origin,
            pipeline,
            stage,
            cwd: self.cwd.clone(),
            cwd_dynamic: self.cwd_dynamic,
            ..SimpleCommand::default()
        };
        for (i, a) in words.into_iter().enumerate() {
            if a.unknown {
                c.unknown.push(i);
                c.dynamic.push(DynamicWord {
                    index: i,
                    raw: a.text.clone(),
                });
            }
            c.words.push(a.text);
        }
        if c.written == c.words {
            c.written.clear();
        }
        let at = cmds.len();
        for k in cmds.iter_mut().skip(kids).filter(|k| k.parent.is_none()) {
            k.parent = Some(at);
        }
        cmds.push(c);
        Ok(at)
    }

    /// `cd X`: later commands run in X (relative targets joined on, `..` kept).
    pub fn cd(&mut self, target: Option<&Arg>) {
        match target {
            None => self.cwd = Some("~".into()),
            Some(t) if t.unknown || t.text == "-" => {
                self.cwd = Some(t.text.clone());
                self.cwd_dynamic = true;
            }
            Some(t) => {
                let dir = t.text.replace('\\', "/");
                self.cwd = Some(match &self.cwd {
                    Some(cwd) if !crate::shell::paths::is_absolute(&dir) => format!("{cwd}/{dir}"),
                    _ => dir,
                });
            }
        }
    }

    pub fn finish(mut self) -> Analysis {
        if self.analysis.not_plain.is_some() {
            self.analysis.plain = false;
        }
        self.analysis
    }
}

/// A reading: `head`'s words, then `rest`.
pub(crate) fn reading(head: &[&str], rest: Vec<Arg>) -> Vec<Arg> {
    let mut out: Vec<Arg> = head.iter().map(|w| Arg::new(w)).collect();
    out.extend(rest);
    out
}

/// ASCII case-insensitive equality.
pub(super) fn eq(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// A program name without its directory and `.exe`, lowered: what the tables look up.
pub(super) fn program_key(word: &str) -> String {
    let name = crate::shell::programs::basename(word).to_ascii_lowercase();
    match name.strip_suffix(".exe") {
        Some(stem) if !stem.is_empty() => stem.to_string(),
        _ => name,
    }
}

/// `-EncodedCommand`'s text: base64 of UTF-16LE. `None` when it is not that.
pub(super) fn decode_utf16_base64(text: &str) -> Option<String> {
    let mut bits = 0u32;
    let mut n = 0;
    let mut bytes = Vec::with_capacity(text.len() * 3 / 4);
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            _ => return None,
        };
        bits = (bits << 6) | u32::from(v);
        n += 6;
        if n >= 8 {
            n -= 8;
            bytes.push((bits >> n) as u8);
        }
    }
    if bytes.len() % 2 != 0 {
        return None;
    }
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    String::from_utf16(&units).ok()
}

/// A command line a program (not cmd) splits into words: blanks separate, `"` quotes,
/// `\"` is a quote (the C runtime's rules, without its backslash pairs).
pub(super) fn split_line(line: &Arg) -> Vec<Arg> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    let mut quoted = false;
    let mut chars = line.text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'"') => {
                chars.next();
                cur.get_or_insert_with(String::new).push('"');
            }
            '"' => {
                quoted = !quoted;
                cur.get_or_insert_with(String::new);
            }
            ' ' | '\t' | '\n' if !quoted => {
                if let Some(w) = cur.take() {
                    out.push(w);
                }
            }
            c => cur.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(cur);
    out.into_iter()
        .map(|text| Arg {
            text,
            unknown: line.unknown,
            quoted: false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoded_commands_decode() {
        // "gc .env" as UTF-16LE, base64
        assert_eq!(
            decode_utf16_base64("ZwBjACAALgBlAG4AdgA=").as_deref(),
            Some("gc .env")
        );
        assert_eq!(decode_utf16_base64("Zw"), None, "an odd number of bytes");
        assert_eq!(decode_utf16_base64("a b"), None);
    }

    #[test]
    fn command_lines_split_as_programs_split_them() {
        let words: Vec<String> = split_line(&Arg::new(r#"/c "type .env" x\"y"#))
            .into_iter()
            .map(|a| a.text)
            .collect();
        assert_eq!(words, ["/c", "type .env", "x\"y"]);
    }
}
