//! The ordinary-command corpus (tests/fixtures/ordinary/commands.tsv and agents.tsv, see
//! tests/ordinary/mod.rs)
//! through the core: nothing that opens a secret is allowed (an unknown program naming one may
//! prompt rather than be denied), and over-blocking does not grow.
//! The ceilings are today's counts; the precision work lowers them (the test says when a count
//! has fallen below its ceiling). `cargo run --example ordinary` lists the commands behind them.
#![cfg(not(target_arch = "wasm32"))]

mod ordinary;

use ordinary::{cases, safe_refused, tally, Case, IgnoreFile, Label, Listed, Sent};

/// Per ignore file and tool: at most this many clean commands denied or prompting, and at
/// most this many commands that touch an ignored path allowed.
const CEILINGS: &[(IgnoreFile, Sent, usize, usize)] = &[
    (IgnoreFile::BuildAndSecrets, Sent::ExecuteCommand, 0, 0),
    (IgnoreFile::BuildAndSecrets, Sent::Bash, 0, 0),
    (IgnoreFile::Secrets, Sent::ExecuteCommand, 0, 0),
    (IgnoreFile::Secrets, Sent::Bash, 0, 0),
];

/// Under Cline's "execute safe commands": at most this many clean read-only commands that do
/// not run without asking.
const SAFE_CEILINGS: &[(IgnoreFile, usize)] = &[
    (IgnoreFile::BuildAndSecrets, 332),
    (IgnoreFile::Secrets, 341),
];

fn corpus() -> Vec<Case> {
    cases().unwrap_or_else(|e| panic!("{e}"))
}

fn within(what: &str, listing: &[Listed], ceiling: usize) {
    let count = listing.len();
    let rows: Vec<String> = listing.iter().map(Listed::to_string).collect();
    assert!(
        count <= ceiling,
        "{what}: {count}, above the ceiling of {ceiling}:\n{}",
        rows.join("\n")
    );
    if count < ceiling {
        eprintln!(
            "{what}: {count}, below the ceiling of {ceiling}: lower it in {}",
            file!()
        );
    }
}

#[test]
fn the_corpus_is_well_formed() {
    let cases = corpus();
    assert!(cases.len() >= 1500, "{} cases", cases.len());
    let mut seen = std::collections::HashSet::new();
    for c in &cases {
        assert!(
            seen.insert(&c.command),
            "{}:{}: a duplicate",
            c.file,
            c.line
        );
        assert!(
            !c.command.trim().is_empty() && !c.source.is_empty(),
            "{}:{}",
            c.file,
            c.line
        );
        // B's paths are a subset of A's, so nothing is more certain under B than under A
        assert!(
            c.secrets <= c.build_and_secrets,
            "{}:{}: B above A",
            c.file,
            c.line
        );
    }
    // both directions are judged: each label holds a real share under each ignore file
    for ignore in IgnoreFile::ALL {
        for label in Label::ALL {
            let n = cases.iter().filter(|c| c.label(ignore) == label).count();
            assert!(n >= 25, "{}: only {n} {}", ignore.name(), label.as_str());
        }
    }
    let read_only = cases.iter().filter(|c| c.read_only).count();
    assert!(read_only >= 500, "{read_only} read-only");
}

#[test]
fn nothing_that_opens_a_secret_is_allowed() {
    let cases = corpus();
    for sent in Sent::ALL {
        let t = tally(&cases, IgnoreFile::Secrets, sent);
        let rows: Vec<String> = t.under.iter().map(Listed::to_string).collect();
        assert!(
            rows.is_empty(),
            "{}: allowed although they open a secret:\n{}",
            sent.as_str(),
            rows.join("\n")
        );
    }
}

#[test]
fn over_and_under_blocking_stay_under_their_ceilings() {
    let cases = corpus();
    for &(ignore, sent, over, under) in CEILINGS {
        let t = tally(&cases, ignore, sent);
        let what = format!("{} / {}", t.ignore.name(), t.sent.as_str());
        within(&format!("{what}: over-blocked"), &t.over, over);
        within(&format!("{what}: under-blocked"), &t.under, under);
    }
}

#[test]
fn safe_commands_that_ask_stay_under_their_ceiling() {
    let cases = corpus();
    for &(ignore, ceiling) in SAFE_CEILINGS {
        let (_, refused) = safe_refused(&cases, ignore);
        let what = format!("cline safe commands, {}: not auto-approved", ignore.name());
        within(&what, &refused, ceiling);
    }
}
