//! The shell parser. Input: one command line (UTF-8).
//!
//! Properties: `analyse` never panics; everything downstream of it (path operands, critical
//! detection, safety) never panics; a command that analyses without a problem renders
//! (`Analysis::render`) to text that analyses, again without a problem, to the same commands
//! (words, assignments, redirections with here-doc bodies, wrapper names; top-level commands
//! in order, nested ones as a multiset); rendering is then a fixed point
//! (render ∘ analyse ∘ render = render). A render past the input limit is not compared: each
//! nested script is quoted once more than its parent, so nested `eval`s grow it
//! exponentially, and rendering serves only this round trip.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use toolgate::access::{Access, IgnoreSource};
use toolgate::shell::{analyse, critical, Analysis, CommandShape, MAX_INPUT_BYTES};

/// The workspace safety judges paths against: root `/ws`, a few ignore rules.
fn access() -> &'static Access {
    static ACCESS: OnceLock<Access> = OnceLock::new();
    ACCESS.get_or_init(|| {
        let source = IgnoreSource {
            text: Some(".env\nsecrets/\n*.pem\n".into()),
            includes: Default::default(),
            file_name: ".clineignore".into(),
        };
        Access::new(&["/ws".to_string()], Default::default(), source).expect("a valid workspace")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let first = analyse(input);
    let _ = first.path_operands();
    let _ = critical::detect_all(&first);
    let _ = toolgate::safety::risk(&first, access());
    if first.problem.is_some() {
        return;
    }
    let rendered = first.render();
    if rendered.len() > MAX_INPUT_BYTES {
        return;
    }
    let second = analyse(&rendered);
    assert_eq!(
        second.problem, None,
        "{input:?} rendered as {rendered:?}, which does not analyse"
    );
    // Top-level commands in order; nested ones (substitutions, scripts) as a multiset, since
    // rendering puts redirections after words and may reorder substitutions between them.
    let top = |a: &Analysis| -> Vec<CommandShape> {
        let all = a.shapes();
        a.commands
            .iter()
            .zip(all)
            .filter(|(c, _)| c.parent.is_none())
            .map(|(_, s)| s)
            .collect()
    };
    let sorted = |a: &Analysis| {
        let mut v = a.shapes();
        v.sort();
        v
    };
    assert_eq!(
        top(&first),
        top(&second),
        "{input:?} rendered as {rendered:?} analyses to different commands"
    );
    assert_eq!(
        sorted(&first),
        sorted(&second),
        "{input:?} rendered as {rendered:?} analyses to different nested commands"
    );
    assert_eq!(
        second.render(),
        rendered,
        "rendering {input:?} is not a fixed point"
    );
});
