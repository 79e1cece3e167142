//! How the current build answers the ordinary-command corpus
//! (tests/fixtures/ordinary/commands.tsv and agents.tsv, together): per ignore file and tool, in mode `yolo`, how many
//! commands of each label are allowed, prompt or are denied; then the over-blocked commands
//! (clean, yet denied or prompting), the under-blocked ones (touching an ignored path, yet
//! allowed), and under Cline's "execute safe commands" the clean read-only commands that do not
//! run without asking.
//!
//!     cargo run --example ordinary            # summary, then every listed command as
//!                                             # line, source, decision, code, command
//!     cargo run --example ordinary -- --summary
//!     cargo run --example ordinary -- --file agents.tsv   # one corpus file only
//!     ORDINARY_RECURSIVE_READS=allow cargo run --example ordinary   # the other setting

#[path = "../tests/ordinary/mod.rs"]
mod ordinary;

use ordinary::{cases, safe_refused, tally, IgnoreFile, Label, Sent};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let summary_only = args.iter().any(|a| a == "--summary");
    let only = args
        .iter()
        .position(|a| a == "--file")
        .and_then(|i| args.get(i + 1));
    let mut cases = cases().unwrap_or_else(|e| panic!("{e}"));
    cases.retain(|c| only.map_or(true, |f| c.file == f.as_str()));
    let files = only.map_or("commands.tsv + agents.tsv", |f| f.as_str());
    println!(
        "{} commands ({files}), mode yolo, root /ws, linux\n",
        cases.len()
    );
    println!(
        "{:<28} {:<16} {:<8} {:>6} {:>6} {:>6}",
        "ignore file", "tool", "label", "allow", "prompt", "deny"
    );
    let mut tallies = Vec::new();
    for ignore in IgnoreFile::ALL {
        for sent in Sent::ALL {
            let t = tally(&cases, ignore, sent);
            for label in Label::ALL {
                let [a, p, d] = t.counts[label as usize];
                println!(
                    "{:<28} {:<16} {:<8} {a:>6} {p:>6} {d:>6}",
                    ignore.name(),
                    sent.as_str(),
                    label.as_str()
                );
            }
            tallies.push(t);
        }
    }
    println!();
    for t in &tallies {
        let denied = t
            .over
            .iter()
            .filter(|o| o.decision == toolgate::Decision::Deny);
        println!(
            "{} / {}: over-blocked {} ({} denied), critical {}, under-blocked {}, \
             may-but-allowed {}, certain-but-prompted {}, may-but-denied {}",
            t.ignore.name(),
            t.sent.as_str(),
            t.over.len(),
            denied.count(),
            t.critical.len(),
            t.under.len(),
            t.may_allowed.len(),
            t.touches_prompted.len(),
            t.may_denied.len()
        );
    }
    let mut safe = Vec::new();
    for ignore in IgnoreFile::ALL {
        let (total, refused) = safe_refused(&cases, ignore);
        println!(
            "cline safe commands, {}: {} of {total} clean read-only commands do not run without asking",
            ignore.name(),
            refused.len()
        );
        safe.push((ignore, refused));
    }
    if summary_only {
        return;
    }
    let list = |title: String, rows: &[ordinary::Listed]| {
        println!("\n## {title}");
        for row in rows {
            println!("{row}");
        }
    };
    for t in &tallies {
        let on = format!("{} / {}", t.ignore.name(), t.sent.as_str());
        list(format!("over-blocked: {on}"), &t.over);
        list(format!("critical, prompted: {on}"), &t.critical);
        list(format!("under-blocked: {on}"), &t.under);
        list(format!("may, allowed: {on}"), &t.may_allowed);
        list(format!("certain, prompted: {on}"), &t.touches_prompted);
        list(format!("may, denied: {on}"), &t.may_denied);
    }
    for (ignore, refused) in &safe {
        let title = format!("cline safe commands, not auto-approved: {}", ignore.name());
        list(title, refused);
    }
}
