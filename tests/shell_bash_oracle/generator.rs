//! A seeded grammar-based generator of shell command lines: the constructs agents write and
//! the ones where a parser can name the wrong program (assignments with subscripts, named
//! descriptors, `time`/`!`/`coproc` prefixes, keywords as arguments, nested scripts), plus
//! "token soup" lines made of the fragments where shells disagree.

use crate::rng::Rng;

const PROGRAMS: &[&str] = &[
    "rm", "ls", "cat", "echo", "git", "npm", "make", "grep", "printf", "true", "cargo", "python3",
    "/bin/rm", "curl", "chmod",
];

#[rustfmt::skip]
const ARGUMENTS: &[&str] = &[
    "-rf", "/", "~", "x.txt", "src/", "-la", "status", "--force", "a=b", "a[1]=x", "{fd}", "*.rs",
    "{a,b}", "a#b", "\\#x", "'a b'", "\"a b\"", "a\\ b", "$'\\x72m'", "$'a\\'b'", "\"$x\"",
    "$HOME", "${x:-y}", "$((1+2))", "''", "\\;", "\\|", "\"\\\"\"", "'it'\\''s'", "-p", "--", "=",
    "a=",
];

/// Reserved words (and `{`, `}`, `!`, `[[`) in argument position: plain words there.
const KEYWORDS: &[&str] = &[
    "if", "then", "else", "fi", "do", "done", "{", "}", "!", "time", "coproc", "case", "in",
    "esac", "[[", "]]", "function", "select", "while", "until", "for", "elif",
];

#[rustfmt::skip]
const SOUP: &[&str] = &[
    "rm", "-rf", "/", "a[1]=x", "a[1", "2]=x", "{fd}>", "{fd}", "/dev/null", "time", "!", "-p",
    "coproc", "((", "))", "(", ")", "{", "}", ";", "&&", "||", "|", "|&", "&", "&>", "<<<", ">",
    "2>&1", "$(", "`", "'", "\"", "\\", "#", "x=1", "a+=(", "case", "in", "esac", ";;", "if",
    "then", "fi", "[[", "]]", "for", "do", "done", "$'\\x72m'", "\n", "echo", "=", "[", "]", "$((",
    "${", "function", "f()", "bash -c", "sh -c", "'rm x'", "x", "<", "<(", ">(", "a[$(", "--",
    "3>", "&-", "ls",
];

pub struct Gen {
    rng: Rng,
    /// Here-doc bodies waiting for the next newline.
    pending: Vec<String>,
    /// Whether a here-doc may be opened here (not inside a substitution).
    heredocs: bool,
    /// Commands left for this line: keeps lines short.
    budget: usize,
}

impl Gen {
    pub fn new(seed: u64) -> Self {
        Gen {
            rng: Rng(seed.max(1)),
            pending: Vec::new(),
            heredocs: true,
            budget: 0,
        }
    }

    /// One command line.
    pub fn line(&mut self) -> String {
        self.budget = 3 + self.rng.below(10);
        if self.rng.chance(15) {
            return self.soup();
        }
        let mut s = self.list(0, true);
        if self.rng.chance(5) {
            s.push_str(" # note; rm -rf /");
        }
        self.flush(&mut s, true);
        s
    }

    fn soup(&mut self) -> String {
        let n = 2 + self.rng.below(8);
        let mut s = String::new();
        for i in 0..n {
            if i > 0 && self.rng.chance(80) {
                s.push(' ');
            }
            s.push_str(self.rng.pick(SOUP));
        }
        s
    }

    /// Appends a newline and the pending here-doc bodies (with `last`, only if any).
    fn flush(&mut self, s: &mut String, last: bool) {
        if last && self.pending.is_empty() {
            return;
        }
        s.push('\n');
        for body in std::mem::take(&mut self.pending) {
            s.push_str(&body);
        }
    }

    fn list(&mut self, depth: usize, newlines: bool) -> String {
        let n = 1 + self.rng.below(if depth == 0 { 3 } else { 2 });
        let mut s = String::new();
        for i in 0..n {
            if i > 0 {
                match self.rng.below(6) {
                    0 if newlines && self.heredocs => s.push_str(&self.newline()),
                    1 => s.push_str(" & "),
                    _ => s.push_str("; "),
                }
            }
            s.push_str(&self.and_or(depth));
        }
        s
    }

    fn and_or(&mut self, depth: usize) -> String {
        let mut s = self.pipeline(depth);
        while self.rng.chance(25) {
            let op = self.rng.pick(&[" && ", " || "]);
            s.push_str(op);
            if self.heredocs && self.rng.chance(20) {
                s.push_str(&self.newline());
            }
            s.push_str(&self.pipeline(depth));
        }
        s
    }

    fn pipeline(&mut self, depth: usize) -> String {
        let mut s = String::new();
        if self.rng.chance(15) {
            s.push_str(self.rng.pick(&[
                "! ",
                "time ",
                "time -p ",
                "time ! ",
                "! time ",
                "time -p -- ",
            ]));
        }
        s.push_str(&self.command(depth));
        while self.rng.chance(20) {
            s.push_str(self.rng.pick(&[" | ", " |& "]));
            if self.heredocs && self.rng.chance(20) {
                s.push_str(&self.newline());
            }
            s.push_str(&self.command(depth));
        }
        s
    }

    fn command(&mut self, depth: usize) -> String {
        self.budget = self.budget.saturating_sub(1);
        if depth >= 3 || self.budget == 0 || self.rng.chance(55) {
            return self.simple(depth);
        }
        let d = depth + 1;
        let mut s = match self.rng.below(22) {
            0 => format!("{{ {}; }}", self.list(d, true)),
            1 => format!("( {} )", self.list(d, true)),
            2 => format!(
                "if {}; then {}; fi",
                self.list(d, false),
                self.list(d, true)
            ),
            3 => format!(
                "if {}; then {}; elif {}; then {}; else {}; fi",
                self.list(d, false),
                self.list(d, true),
                self.list(d, false),
                self.list(d, true),
                self.list(d, true)
            ),
            4 => format!(
                "for i in a {}; do {}; done",
                self.word(d),
                self.list(d, true)
            ),
            5 => format!("for ((i=0; i<2; i++)); do {}; done", self.list(d, true)),
            6 => format!(
                "while {}; do {}; done",
                self.list(d, false),
                self.list(d, true)
            ),
            7 => format!(
                "until {}; do {}; done",
                self.list(d, false),
                self.list(d, true)
            ),
            8 => format!("select s in a b; do {}; done", self.list(d, true)),
            9 => format!(
                "case {} in a|b) {};; (*) {};; esac",
                self.word(d),
                self.list(d, true),
                self.list(d, true)
            ),
            10 => format!("[[ -f {} && {} == x* ]]", self.word(d), self.word(d)),
            11 => self
                .rng
                .pick(&["(( i++ ))", "((x = 1 + 2))", "(( $(id -u) > 0 ))"])
                .to_string(),
            12 => format!("f() {{ {}; }}", self.list(d, true)),
            13 => format!("function g {{ {}; }}", self.list(d, true)),
            14 => format!("coproc {}", self.simple(d)),
            15 => format!("coproc worker {{ {}; }}", self.list(d, true)),
            16 => {
                let shell = self.rng.pick(&[
                    "bash -c",
                    "sh -c",
                    "dash -c",
                    "sudo bash -c",
                    "env X=1 sh -c",
                    "eval",
                ]);
                let inner = self.script(d);
                if self.rng.chance(70) {
                    format!("{shell} '{}'", inner.replace('\'', "'\\''"))
                } else {
                    let escaped = inner
                        .replace('\\', "\\\\")
                        .replace('"', "\\\"")
                        .replace('$', "\\$")
                        .replace('`', "\\`");
                    format!("{shell} \"{escaped}\"")
                }
            }
            17 => format!(
                "{} {}",
                self.rng.pick(&[
                    "sudo",
                    "sudo -u root",
                    "env",
                    "env X=1",
                    "nice -n 5",
                    "timeout 5",
                    "command",
                    "exec",
                    "nohup"
                ]),
                self.simple(d)
            ),
            18 => {
                let inner = self.in_script(|g| g.simple(d));
                format!("dash -c '(({}))'", inner.replace('\'', "'\\''"))
            }
            19 => format!("x=$({})", self.substituted(d)),
            20 => format!(
                "{} | {}",
                self.simple(d),
                self.rng.pick(&["sh", "bash", "xargs rm", "time cat"])
            ),
            _ => format!("( ({}) )", self.simple(d)),
        };
        if self.rng.chance(15) {
            s.push(' ');
            s.push_str(&self.redirection(d));
        }
        s
    }

    /// A script for a shell launcher: its own here-docs, closed inside it.
    fn script(&mut self, depth: usize) -> String {
        self.in_script(|g| g.list(depth, true))
    }

    fn in_script(&mut self, make: impl FnOnce(&mut Self) -> String) -> String {
        let saved = (
            std::mem::take(&mut self.pending),
            std::mem::replace(&mut self.heredocs, true),
        );
        let mut s = make(self);
        self.flush(&mut s, true);
        (self.pending, self.heredocs) = saved;
        s
    }

    /// A newline, then the here-doc bodies opened before it.
    fn newline(&mut self) -> String {
        let mut s = String::new();
        self.flush(&mut s, false);
        s.push_str("  ");
        s
    }

    fn simple(&mut self, depth: usize) -> String {
        let mut parts: Vec<String> = Vec::new();
        for _ in 0..self.rng.below(3) {
            if self.rng.chance(40) {
                parts.push(self.redirection(depth));
            } else {
                parts.push(self.assignment(depth));
            }
        }
        let name = if self.rng.chance(5) {
            self.rng
                .pick(&["$CMD", "\"$x\"", "\\rm", "'rm'", "r\"m\"", "$'\\x72m'"])
                .to_string()
        } else {
            self.rng.pick(PROGRAMS).to_string()
        };
        parts.push(name);
        for _ in 0..self.rng.below(4) {
            match self.rng.below(10) {
                0 => parts.push(self.redirection(depth)),
                1 => parts.push(self.rng.pick(KEYWORDS).to_string()),
                _ => parts.push(self.word(depth)),
            }
        }
        parts.join(" ")
    }

    fn assignment(&mut self, depth: usize) -> String {
        match self.rng.below(30) {
            0..=5 => "X=1".into(),
            6..=9 => "a[1]=x".into(),
            10..=12 => "a+=(x)".into(),
            13..=15 => "b=(1 \"2 3\")".into(),
            16..=18 => format!("X=$({})", self.substituted(depth)),
            19..=21 => "a[$i]=y".into(),
            22..=23 => "Y+=z".into(),
            24 => "a[1 + 2]=x".into(),
            25 => "a[\"k\"]=v".into(),
            26 => "a[$(id)]=v".into(),
            _ => "m[k]+=v".into(),
        }
    }

    fn redirection(&mut self, depth: usize) -> String {
        let pick = self.rng.below(if self.heredocs { 16 } else { 14 });
        match pick {
            0 => ">out".into(),
            1 => "> out".into(),
            2 => "2>&1".into(),
            3 => "2>/dev/null".into(),
            4 => "&>log".into(),
            5 => "&>>log".into(),
            6 => "<in".into(),
            7 => "<<<word".into(),
            8 => "<<< \"$x\"".into(),
            9 => "{fd}>/dev/null".into(),
            10 => "{fd}>&-".into(),
            11 => "3<>f".into(),
            12 => ">|f".into(),
            13 => format!(">({})", self.substituted(depth)),
            14 => {
                let body = format!(
                    "line $(id)\n{}\n",
                    self.rng.pick(&["rm -rf /", "x", "$HOME"])
                );
                self.pending.push(format!("{body}EOF\n"));
                "<<EOF".into()
            }
            _ => {
                self.pending.push("\tquoted $(rm -rf /)\n\tEOF\n".into());
                "<<-'EOF'".into()
            }
        }
    }

    /// A list for inside `$(…)`: no here-docs, no newlines.
    fn substituted(&mut self, depth: usize) -> String {
        let saved = std::mem::replace(&mut self.heredocs, false);
        let s = self.list(depth + 1, false);
        self.heredocs = saved;
        s
    }

    fn word(&mut self, depth: usize) -> String {
        if self.budget == 0 {
            return self.rng.pick(ARGUMENTS).to_string();
        }
        match self.rng.below(14) {
            0 if depth < 3 => format!("$({})", self.substituted(depth)),
            1 if depth < 3 => format!("\"$({})\"", self.substituted(depth)),
            2 => format!("`{}`", self.rng.pick(PROGRAMS)),
            3 if depth < 3 => format!("<({})", self.substituted(depth)),
            4 if depth < 3 => format!("${{x:-$({})}}", self.substituted(depth)),
            _ => self.rng.pick(ARGUMENTS).to_string(),
        }
    }
}
