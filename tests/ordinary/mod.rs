//! The ordinary-command corpus (tests/fixtures/ordinary/commands.tsv, from tldr-pages, and the
//! held-out agents.tsv, from coding agents): what each command really does to the paths of two
//! ignore files, labelled by hand (each file's header says how), and
//! the tally of toolgate's answers per label. Shared by the test (tests/ordinary_corpus.rs)
//! and the report (`cargo run --example ordinary`).

use toolgate::engine::Engine;
use toolgate::policy::{ClineActions, ClineAutoApproval};
use toolgate::settings::Settings;
use toolgate::{Decision, ToolCall};

/// The corpus files, by name; both share one format.
pub const FILES: &[(&str, &str)] = &[
    (
        "commands.tsv",
        include_str!("../fixtures/ordinary/commands.tsv"),
    ),
    (
        "agents.tsv",
        include_str!("../fixtures/ordinary/agents.tsv"),
    ),
];

/// What a command does to the paths of one ignore file, in the order of certainty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Label {
    Clean,
    May,
    Touches,
}

impl Label {
    pub const ALL: [Label; 3] = [Label::Clean, Label::May, Label::Touches];

    fn parse(s: &str) -> Option<Label> {
        match s {
            "clean" => Some(Label::Clean),
            "may" => Some(Label::May),
            "touches" => Some(Label::Touches),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Label::Clean => "clean",
            Label::May => "may",
            Label::Touches => "touches",
        }
    }
}

/// The two ignore files the corpus is labelled under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IgnoreFile {
    /// Build outputs beside secrets, the most common shape.
    BuildAndSecrets,
    /// Secrets only.
    Secrets,
}

impl IgnoreFile {
    pub const ALL: [IgnoreFile; 2] = [IgnoreFile::BuildAndSecrets, IgnoreFile::Secrets];

    pub fn text(self) -> &'static str {
        match self {
            IgnoreFile::BuildAndSecrets => {
                ".env\n.env.*\nsecrets/\n*.pem\nnode_modules/\ndist/\nbuild/\ncoverage/\n"
            }
            IgnoreFile::Secrets => ".env\nsecrets/\n*.pem\n",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            IgnoreFile::BuildAndSecrets => "A (build outputs + secrets)",
            IgnoreFile::Secrets => "B (secrets only)",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Case {
    pub file: &'static str,
    pub line: usize,
    pub source: String,
    /// Only reads: Cline's "execute safe commands" should run it without asking when clean.
    pub read_only: bool,
    pub build_and_secrets: Label,
    pub secrets: Label,
    pub command: String,
}

impl Case {
    pub fn label(&self, ignore: IgnoreFile) -> Label {
        match ignore {
            IgnoreFile::BuildAndSecrets => self.build_and_secrets,
            IgnoreFile::Secrets => self.secrets,
        }
    }
}

/// Every case of the corpus files; a malformed line is an error naming it.
pub fn cases() -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    for &(file, text) in FILES {
        read(file, text, &mut out)?;
    }
    Ok(out)
}

fn read(file: &'static str, text: &str, out: &mut Vec<Case>) -> Result<(), String> {
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |what: &str| format!("{file} line {}: {what}: {line}", i + 1);
        let f: Vec<&str> = line.split('\t').collect();
        let [source, ro, a, b, command] = f[..] else {
            return Err(bad("expected 5 tab-separated fields"));
        };
        let read_only = match ro {
            "yes" => true,
            "no" => false,
            _ => return Err(bad("ro is yes or no")),
        };
        let label = |s| Label::parse(s).ok_or_else(|| bad("a label is clean, may or touches"));
        out.push(Case {
            file,
            line: i + 1,
            source: source.to_string(),
            read_only,
            build_and_secrets: label(a)?,
            secrets: label(b)?,
            command: command.to_string(),
        });
    }
    Ok(())
}

/// How the command reaches the gate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    /// Cline's tool, with the model's `requires_approval: false`.
    ExecuteCommand,
    /// The harness's shell tool.
    Bash,
}

impl Sent {
    pub const ALL: [Sent; 2] = [Sent::ExecuteCommand, Sent::Bash];

    pub fn as_str(self) -> &'static str {
        match self {
            Sent::ExecuteCommand => "execute_command",
            Sent::Bash => "bash",
        }
    }

    pub fn call(self, command: &str) -> ToolCall {
        match self {
            Sent::ExecuteCommand => ToolCall::new("execute_command")
                .with("command", command)
                .with("requires_approval", false),
            Sent::Bash => ToolCall::new("bash").with("command", command),
        }
    }
}

/// The gate's configuration: mode `yolo`, or Cline's "approve safe commands only" (read files
/// and execute safe commands), root `/ws`, platform linux.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    Yolo,
    ClineSafe,
}

pub fn engine(gate: Gate, ignore: IgnoreFile) -> Engine {
    let mut s = Settings {
        workspace_roots: vec!["/ws".into()],
        platform: Some(toolgate::platform::Platform::Linux),
        ignore_file: Some(ignore.text().into()),
        // `ORDINARY_RECURSIVE_READS=allow` counts the other setting (examples/ordinary.rs)
        recursive_reads: match std::env::var("ORDINARY_RECURSIVE_READS").as_deref() {
            Ok("allow") => Some(toolgate::settings::RecursiveReads::Allow),
            _ => None,
        },
        ..Settings::default()
    };
    if gate == Gate::ClineSafe {
        s.auto_approval = Some(ClineAutoApproval {
            actions: ClineActions {
                read_files: true,
                execute_safe_commands: true,
                ..ClineActions::default()
            },
            ..ClineAutoApproval::default()
        });
    }
    Engine::new(s).expect("the corpus config is valid")
}

/// One answer: the decision and the code that explains it.
pub fn judge(engine: &Engine, sent: Sent, command: &str) -> (Decision, &'static str) {
    let v = engine.check(&sent.call(command));
    (v.decision, v.code)
}

/// One command in a listing, with the answer it got.
pub struct Listed {
    pub file: &'static str,
    pub line: usize,
    pub source: String,
    pub decision: Decision,
    pub code: &'static str,
    pub command: String,
}

impl Listed {
    fn new(c: &Case, decision: Decision, code: &'static str) -> Listed {
        Listed {
            file: c.file,
            line: c.line,
            source: c.source.clone(),
            decision,
            code,
            command: c.command.clone(),
        }
    }
}

impl std::fmt::Display for Listed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Listed {
            file,
            line,
            source,
            decision,
            code,
            command,
        } = self;
        write!(
            f,
            "{file}:{line}\t{source}\t{}\t{code}\t{command}",
            decision.as_str()
        )
    }
}

/// The answers of one gate, ignore file and tool over the whole corpus.
pub struct Tally {
    pub ignore: IgnoreFile,
    pub sent: Sent,
    /// `[label][allow, prompt, deny]`
    pub counts: [[usize; 3]; 3],
    /// Clean commands that are denied or prompt (but for a critical command's prompt).
    pub over: Vec<Listed>,
    /// Clean commands that prompt as critical commands (`git push --delete`): the user's
    /// critical-command setting asks for them in every mode, whatever the paths.
    pub critical: Vec<Listed>,
    /// Commands that touch an ignored path and are allowed.
    pub under: Vec<Listed>,
    /// Commands that may touch one and are allowed.
    pub may_allowed: Vec<Listed>,
    /// Commands that certainly touch one and only prompt (certainty should deny).
    pub touches_prompted: Vec<Listed>,
    /// Commands that only may touch one and are denied (uncertainty should prompt).
    pub may_denied: Vec<Listed>,
}

fn column(d: Decision) -> usize {
    match d {
        Decision::Allow => 0,
        Decision::Prompt => 1,
        Decision::Deny => 2,
    }
}

pub fn tally(cases: &[Case], ignore: IgnoreFile, sent: Sent) -> Tally {
    let engine = engine(Gate::Yolo, ignore);
    let mut t = Tally {
        ignore,
        sent,
        counts: [[0; 3]; 3],
        over: Vec::new(),
        critical: Vec::new(),
        under: Vec::new(),
        may_allowed: Vec::new(),
        touches_prompted: Vec::new(),
        may_denied: Vec::new(),
    };
    for c in cases {
        let label = c.label(ignore);
        let (d, code) = judge(&engine, sent, &c.command);
        t.counts[label as usize][column(d)] += 1;
        let list = match (label, d) {
            (Label::Clean, Decision::Prompt) if code == "critical_command" => &mut t.critical,
            (Label::Clean, Decision::Prompt | Decision::Deny) => &mut t.over,
            (Label::Touches, Decision::Allow) => &mut t.under,
            (Label::May, Decision::Allow) => &mut t.may_allowed,
            (Label::Touches, Decision::Prompt) => &mut t.touches_prompted,
            (Label::May, Decision::Deny) => &mut t.may_denied,
            _ => continue,
        };
        list.push(Listed::new(c, d, code));
    }
    t
}

/// Cline's "execute safe commands": the read-only commands that are clean under `ignore`
/// should run without asking; returns their count and those that do not.
pub fn safe_refused(cases: &[Case], ignore: IgnoreFile) -> (usize, Vec<Listed>) {
    let engine = engine(Gate::ClineSafe, ignore);
    let mut total = 0;
    let mut refused = Vec::new();
    for c in cases
        .iter()
        .filter(|c| c.read_only && c.label(ignore) == Label::Clean)
    {
        total += 1;
        let (d, code) = judge(&engine, Sent::ExecuteCommand, &c.command);
        if d != Decision::Allow {
            refused.push(Listed::new(c, d, code));
        }
    }
    (total, refused)
}
