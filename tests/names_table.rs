//! Table tests for name comparison in the ignore matcher: patterns and queried paths compare
//! as the platform compares names (case folding, normalisation), one case per line.

use toolgate::ignore::{Ignore, IgnoreBuilder};
use toolgate::platform::{Case, Names};

const IGNORE: &str = "café.key\nnaïve/\n*.PEM\nSecrets/**\n/Ärger/x\n[[:upper:]]*.tmp\nﬁle\n";

const APFS: Names = Names {
    case: Case::Folded,
    normalise: true,
};

fn ignore(names: Names) -> Ignore {
    IgnoreBuilder::default()
        .names(names)
        .build(Some(IGNORE))
        .expect("compiles")
}

#[test]
fn ignore_rules_compare_names_as_the_platform_does() {
    // (path, is_dir, exact (Linux), NTFS, APFS)
    let cases = [
        ("café.key", false, true, true, true),
        ("cafe\u{301}.key", false, false, false, true),
        ("CAFÉ.KEY", false, false, true, true),
        ("CAFE\u{301}.KEY", false, false, false, true),
        ("cafe.key", false, false, false, false),
        ("naïve/a", false, true, true, true),
        ("nai\u{308}ve/a", false, false, false, true),
        ("NAÏVE/a", false, false, true, true),
        ("naïve", true, true, true, true),
        ("naïve", false, false, false, false),
        ("a.pem", false, false, true, true),
        ("a.PEM", false, true, true, true),
        ("secrets/k", false, false, true, true),
        ("SECRETS/k", false, false, true, true),
        ("ärger/x", false, false, true, true),
        ("A\u{308}rger/X", false, false, false, true),
        ("sub/Ärger/x", false, false, false, false),
        ("Tmp.tmp", false, true, true, true),
        ("tmp.tmp", false, false, true, true),
        ("ſecrets/k", false, false, true, true),
        ("ﬁle", false, true, true, true),
        ("file", false, false, false, false),
        (".clineignore", false, true, true, true),
        (".CLINEIGNORE", false, false, true, true),
        ("ok.txt", false, false, false, false),
    ];
    let (exact, ntfs, apfs) = (ignore(Names::EXACT), ignore(Names::NTFS), ignore(APFS));
    for (path, is_dir, e, n, a) in cases {
        assert_eq!(exact.is_ignored(path, is_dir), e, "exact {path:?}");
        assert_eq!(ntfs.is_ignored(path, is_dir), n, "NTFS {path:?}");
        assert_eq!(apfs.is_ignored(path, is_dir), a, "APFS {path:?}");
        let mut batch = apfs.batch();
        assert_eq!(batch.is_ignored(path, is_dir), a, "APFS batch {path:?}");
    }
}

#[test]
fn shell_globs_may_match_folded_names_and_the_ignore_file() {
    let apfs = ignore(APFS);
    for (glob, hit) in [
        ("CAF*.key", true),
        ("cafe\u{301}*", true),
        ("*.Pem", true),
        (".cline*", true),
        (".CLINE*", true),
        ("src/*.ts", false),
    ] {
        assert_eq!(apfs.glob_may_match(glob).is_some(), hit, "{glob:?}");
    }
    // Case-sensitive: the ignore file itself is still found by a glob.
    assert!(ignore(Names::EXACT).glob_may_match(".clinei*").is_some());
    assert!(ignore(Names::EXACT).glob_may_match(".CLINE*").is_none());
}
