//! Table tests for the ignore matcher: one case per line.
//!
//! `ignored!(name, "ignore file", "path")` / `not_ignored!(…)`: a path ending in `/` is a
//! directory. The ignore file may `!include` the names in `includes()`.

use toolgate::map::NameMap;

use toolgate::ignore::{Ignore, IgnoreBuilder, IgnoreMatch, BUILT_IN};

const SEED: &str = include_str!("fixtures/ignore/seed.clineignore");
const SEED_GITIGNORE: &str = include_str!("fixtures/ignore/seed.gitignore");

fn includes() -> NameMap<String> {
    NameMap::from([
        (".gitignore".to_string(), SEED_GITIGNORE.to_string()),
        (
            "outer".to_string(),
            "outer.txt\n!include inner\nafter-inner.txt\n".to_string(),
        ),
        ("inner".to_string(), "# inner\ninner.txt\n".to_string()),
        (
            "cycle-a".to_string(),
            "a.txt\n!include cycle-b\n".to_string(),
        ),
        ("cycle-b".to_string(), "!include cycle-a\n".to_string()),
        ("negate".to_string(), "!*.log\n".to_string()),
    ])
}

fn build(text: &str) -> Ignore {
    IgnoreBuilder::default()
        .includes(includes())
        .build(Some(text))
        .expect("ignore file compiles")
}

macro_rules! ignored {
    ($name:ident, $text:expr, $path:expr) => {
        #[test]
        fn $name() {
            let ig = build($text);
            assert!(
                ig.is_ignored($path, false),
                "{:?} should be ignored by {:?}",
                $path,
                $text
            );
            assert!(
                ig.batch().is_ignored($path, false),
                "batch: {:?} by {:?}",
                $path,
                $text
            );
        }
    };
}

macro_rules! not_ignored {
    ($name:ident, $text:expr, $path:expr) => {
        #[test]
        fn $name() {
            let ig = build($text);
            assert!(
                !ig.is_ignored($path, false),
                "{:?} should not be ignored by {:?}",
                $path,
                $text
            );
            assert!(
                !ig.batch().is_ignored($path, false),
                "batch: {:?} by {:?}",
                $path,
                $text
            );
        }
    };
}

// --- The Cline seed's stated cases ------------------------------------------------------------
ignored!(seed_env, SEED, ".env");
ignored!(seed_env_nested, SEED, "config/.env");
not_ignored!(seed_env_prefix, SEED, ".envrc");
ignored!(seed_secret, SEED, "keys/api.secret");
not_ignored!(seed_secret_suffix, SEED, "api.secrets");
ignored!(seed_private_dir, SEED, "private/");
ignored!(seed_private_child, SEED, "private/notes.md");
ignored!(seed_private_nested_dir, SEED, "src/private/x.rs");
not_ignored!(seed_private_file, SEED, "private");
ignored!(seed_temp, SEED, "temp.txt");
ignored!(seed_temp_nested, SEED, "a/b/temp.json");
not_ignored!(seed_temp_no_dot, SEED, "temporary");
ignored!(seed_git_inside, SEED, ".git/config");
ignored!(seed_git_nested_inside, SEED, "sub/.git/objects/ab");
not_ignored!(seed_git_dir_itself, SEED, ".git/");
not_ignored!(seed_comment, SEED, "# Cline seed: a .clineignore");
not_ignored!(seed_plain, SEED, "src/main.rs");
ignored!(seed_include_dir, SEED, "web/node_modules/react/index.js");
ignored!(seed_include_glob, SEED, "logs/app.log");
not_ignored!(seed_include_negation, SEED, "keep.log");
ignored!(seed_include_anchored, SEED, "dist/");
not_ignored!(seed_include_anchored_nested, SEED, "web/dist");
ignored!(seed_blocks_itself, SEED, ".clineignore");
ignored!(seed_blocks_itself_nested, SEED, "sub/.clineignore");

// --- Comments, blank lines, line endings, BOM -------------------------------------------------
not_ignored!(comment_line, "#foo\n", "#foo");
ignored!(escaped_hash, "\\#foo\n", "#foo");
ignored!(hash_not_first, "a#b\n", "a#b");
not_ignored!(comment_after_spaces_is_pattern, " #foo\n", "#foo");
ignored!(space_hash_pattern, " #foo\n", " #foo");
ignored!(blank_lines, "\n\n\nfoo\n\n", "foo");
ignored!(crlf, "foo\r\nbar\r\n", "bar");
ignored!(crlf_first, "foo\r\nbar\r\n", "foo");
not_ignored!(crlf_no_cr_in_pattern, "foo\r\n", "foo\r");
ignored!(bom, "\u{feff}foo\n", "foo");
ignored!(bom_comment, "\u{feff}#x\nfoo", "foo");
ignored!(no_final_newline, "a\nfoo", "foo");

// --- Trailing spaces --------------------------------------------------------------------------
ignored!(trailing_spaces_trimmed, "foo   \n", "foo");
not_ignored!(trailing_spaces_not_kept, "foo   \n", "foo ");
ignored!(escaped_trailing_space, "foo\\ \n", "foo ");
not_ignored!(escaped_trailing_space_exact, "foo\\ \n", "foo");
ignored!(escaped_then_trimmed, "foo\\  \n", "foo ");
ignored!(inner_spaces_kept, "a b\n", "a b");
ignored!(tab_not_trimmed, "foo\t\n", "foo\t");
not_ignored!(tab_not_trimmed_exact, "foo\t\n", "foo");
ignored!(leading_space_kept, " foo\n", " foo");
not_ignored!(leading_space_kept_exact, " foo\n", "foo");

// --- Escapes ----------------------------------------------------------------------------------
ignored!(escaped_bang, "\\!important\n", "!important");
not_ignored!(escaped_bang_not_negation, "\\!important\n", "important");
ignored!(escaped_star, "a\\*b\n", "a*b");
not_ignored!(escaped_star_literal, "a\\*b\n", "axb");
ignored!(escaped_question, "a\\?\n", "a?");
not_ignored!(escaped_question_literal, "a\\?\n", "ab");
ignored!(escaped_bracket, "\\[x\\]\n", "[x]");
ignored!(escaped_letter, "\\a\n", "a");
not_ignored!(trailing_backslash_never, "a\\\n", "a");
not_ignored!(trailing_backslash_never2, "a\\\n", "a\\");
ignored!(braces_are_literal, "{a,b}\n", "{a,b}");
not_ignored!(braces_no_alternation, "{a,b}\n", "a");
ignored!(comma_literal, "a,b\n", "a,b");

// --- Negation and last match wins -------------------------------------------------------------
not_ignored!(negation, "*.log\n!keep.log\n", "keep.log");
ignored!(negation_other, "*.log\n!keep.log\n", "drop.log");
ignored!(last_wins, "!keep.log\n*.log\n", "keep.log");
ignored!(renegated, "*.log\n!*.log\nkeep.log\n", "keep.log");
not_ignored!(negation_alone, "!foo\n", "foo");
not_ignored!(bang_alone, "!\n", "!");
ignored!(negation_anchored, "a/*\n!/a/b\n", "a/c");
not_ignored!(negation_anchored2, "a/*\n!/a/b\n", "a/b");

// --- Nothing under an excluded directory comes back ------------------------------------------
ignored!(
    excluded_dir_blocks_negation,
    "build/\n!build/keep.txt\n",
    "build/keep.txt"
);
ignored!(
    excluded_dir_blocks_deep_negation,
    "build/\n!keep.txt\n",
    "build/x/keep.txt"
);
not_ignored!(
    dir_contents_can_be_reincluded,
    "build/*\n!build/keep.txt\n",
    "build/keep.txt"
);
ignored!(
    dir_contents_other,
    "build/*\n!build/keep.txt\n",
    "build/other.txt"
);
not_ignored!(reinclude_dir_then_file, "build/\n!build/\n", "build/x");
ignored!(parent_excluded_even_if_child_negated, "a\n!a/b\n", "a/b");
ignored!(parent_excluded_deep, "a/b/\n!a/b/c/d\n", "a/b/c/d");
not_ignored!(star_star_reinclude_dir, "a/**\n!a/b/\n", "a/b/");
ignored!(star_star_reinclude_dir_contents, "a/**\n!a/b/\n", "a/b/c");
not_ignored!(star_star_reinclude_all, "a/**\n!a/b/\n!a/b/**\n", "a/b/c");

// --- Anchoring --------------------------------------------------------------------------------
ignored!(unanchored_any_depth, "foo\n", "a/b/foo");
ignored!(leading_slash_root, "/foo\n", "foo");
not_ignored!(leading_slash_not_nested, "/foo\n", "a/foo");
ignored!(middle_slash_anchors, "a/foo\n", "a/foo");
not_ignored!(middle_slash_not_nested, "a/foo\n", "x/a/foo");
ignored!(anchored_child_of_match, "a/foo\n", "a/foo/bar");
not_ignored!(double_leading_slash_never, "//foo\n", "foo");
ignored!(leading_slash_glob, "/*.c\n", "x.c");
not_ignored!(leading_slash_glob_nested, "/*.c\n", "d/x.c");
ignored!(escaped_slash_anchors, "a\\/b\n", "a/b");
not_ignored!(escaped_slash_anchors_nested, "a\\/b\n", "x/a/b");

// --- Directory-only ---------------------------------------------------------------------------
ignored!(dir_only_dir, "foo/\n", "foo/");
not_ignored!(dir_only_file, "foo/\n", "foo");
ignored!(dir_only_contents, "foo/\n", "foo/bar");
ignored!(dir_only_nested, "foo/\n", "a/foo/");
ignored!(dir_only_anchored, "/a/foo/\n", "a/foo/");
not_ignored!(dir_only_anchored_file, "/a/foo/\n", "a/foo");
not_ignored!(double_trailing_slash_never, "foo//\n", "foo/");
not_ignored!(slash_only_never, "/\n", "a");
ignored!(star_slash_dirs, "*/\n", "a/");
not_ignored!(star_slash_files, "*/\n", "a");
ignored!(star_slash_children, "*/\n", "a/b");

// --- `**` -------------------------------------------------------------------------------------
ignored!(leading_starstar, "**/foo\n", "foo");
ignored!(leading_starstar_deep, "**/foo\n", "a/b/foo");
ignored!(leading_starstar_path, "**/a/b\n", "x/a/b");
not_ignored!(leading_starstar_path_partial, "**/a/b\n", "x/a/c");
ignored!(trailing_starstar, "foo/**\n", "foo/a");
ignored!(trailing_starstar_deep, "foo/**\n", "foo/a/b/c");
not_ignored!(trailing_starstar_not_dir_itself, "foo/**\n", "foo/");
not_ignored!(trailing_starstar_not_file_itself, "foo/**\n", "foo");
ignored!(middle_starstar_zero, "a/**/b\n", "a/b");
ignored!(middle_starstar_one, "a/**/b\n", "a/x/b");
ignored!(middle_starstar_many, "a/**/b\n", "a/x/y/z/b");
not_ignored!(middle_starstar_other, "a/**/b\n", "a/x/c");
ignored!(starstar_alone, "**\n", "anything/at/all");
ignored!(slash_starstar, "/**\n", "x");
ignored!(triple_star_is_starstar, "a/***/b\n", "a/x/y/b");
ignored!(starstar_not_between_slashes_single, "a**b\n", "axyb");
not_ignored!(starstar_not_between_slashes_no_slash, "x/a**b\n", "x/ax/yb");
ignored!(starstar_suffix_in_name, "**foo\n", "afoo");
not_ignored!(starstar_in_name_not_across, "x/**foo\n", "x/a/bfoo");
ignored!(prefix_quirk_zero, "x/ab**/y\n", "x/aby");
ignored!(prefix_quirk_deep, "x/ab**/y\n", "x/abc/d/y");
ignored!(prefix_quirk_trailing, "x/ab**\n!x/abc\n", "x/abc/d");
not_ignored!(starstar_escaped_slash_needs_a_dir, "a/**\\/b\n", "a/b");
ignored!(starstar_escaped_slash_one, "a/**\\/b\n", "a/x/b");
ignored!(starstar_escaped_slash_many, "a/**\\/b\n", "a/x/y/b");
not_ignored!(leading_starstar_escaped_slash, "**\\/b\n", "b");
ignored!(leading_starstar_escaped_slash_one, "**\\/b\n", "x/b");
not_ignored!(prefix_quirk_escaped_slash_zero, "x/ab**\\/y\n", "x/aby");
ignored!(prefix_quirk_escaped_slash_deep, "x/ab**\\/y\n", "x/abc/d/y");
not_ignored!(prefix_quirk_not_after_escape, "x/a\\b**/y\n", "x/abc/d/y");

// --- `*`, `?` ---------------------------------------------------------------------------------
ignored!(star_basename, "*.txt\n", "a/b/c.txt");
not_ignored!(star_not_slash, "a*b\n", "a/b");
not_ignored!(star_anchored_one_level, "a/*.txt\n", "a/b/c.txt");
ignored!(star_anchored, "a/*.txt\n", "a/c.txt");
ignored!(question, "a?c\n", "abc");
not_ignored!(question_not_slash, "a?c\n", "a/c");
not_ignored!(question_not_empty, "a?c\n", "ac");
ignored!(question_one_byte, "?\n", "x");
not_ignored!(question_is_a_byte, "/?\n", "é");
ignored!(two_questions_for_two_bytes, "/??\n", "é");

// --- Character classes ------------------------------------------------------------------------
ignored!(class, "[ab]c\n", "bc");
not_ignored!(class_miss, "[ab]c\n", "cc");
ignored!(class_negated_bang, "[!a]c\n", "bc");
not_ignored!(class_negated_bang_miss, "[!a]c\n", "ac");
ignored!(class_negated_caret, "[^a]c\n", "bc");
not_ignored!(class_negated_caret_miss, "[^a]c\n", "ac");
ignored!(class_range, "file[0-9]\n", "file7");
not_ignored!(class_range_miss, "file[0-9]\n", "filex");
not_ignored!(class_reversed_range, "a[z-a]\n", "am");
ignored!(class_negated_reversed_range, "a[!z-a]\n", "am");
ignored!(class_bracket_first, "a[]]\n", "a]");
ignored!(class_negated_bracket_first, "a[!]]\n", "ab");
not_ignored!(class_negated_bracket_first_miss, "a[!]]\n", "a]");
ignored!(class_dash_last, "a[1-]\n", "a-");
ignored!(class_dash_first, "a[-1]\n", "a-");
ignored!(class_escape, "a[\\]]\n", "a]");
ignored!(class_escaped_bang, "a[\\!]\n", "a!");
ignored!(class_bang_not_first, "a[x!]\n", "a!");
not_ignored!(class_unclosed_never, "a[b\n", "a[b");
not_ignored!(class_never_slash, "a[/]b\n", "a/b");
not_ignored!(class_negated_never_slash, "a[!x]b\n", "a/b");
ignored!(posix_digit, "a[[:digit:]]\n", "a1");
not_ignored!(posix_digit_miss, "a[[:digit:]]\n", "ab");
ignored!(posix_alpha, "[[:alpha:]]1\n", "Q1");
ignored!(posix_upper, "a[[:upper:]]\n", "aZ");
not_ignored!(posix_upper_miss, "a[[:upper:]]\n", "az");
ignored!(posix_lower, "a[[:lower:]]\n", "az");
ignored!(posix_alnum, "a[[:alnum:]]\n", "a5");
ignored!(posix_xdigit, "a[[:xdigit:]]\n", "af");
not_ignored!(posix_xdigit_miss, "a[[:xdigit:]]\n", "ag");
ignored!(posix_space, "a[[:space:]]b\n", "a b");
ignored!(posix_blank, "a[[:blank:]]b\n", "a\tb");
ignored!(posix_punct, "a[[:punct:]]\n", "a!");
ignored!(posix_negated, "a[![:digit:]]\n", "ax");
not_ignored!(posix_negated_miss, "a[![:digit:]]\n", "a1");
ignored!(posix_mixed, "a[x[:digit:]]\n", "ax");
not_ignored!(posix_unknown_never, "a[[:foo:]]\n", "af");
ignored!(posix_unfinished_is_set, "a[[:foo]\n", "a:");
ignored!(non_ascii_literal, "café\n", "café");
ignored!(non_ascii_class_bytes, "/[é][é]\n", "é");

// --- Includes ---------------------------------------------------------------------------------
ignored!(include_splices, "!include .gitignore\n", "x.log");
not_ignored!(include_keeps_order, "!include .gitignore\n", "keep.log");
ignored!(
    include_then_later_line_wins,
    "!include .gitignore\nkeep.log\n",
    "keep.log"
);
not_ignored!(include_later_negation, "*.log\n!include negate\n", "a.log");
ignored!(include_nested, "!include outer\n", "inner.txt");
ignored!(include_nested_after, "!include outer\n", "after-inner.txt");
ignored!(
    include_leading_whitespace,
    "  !include .gitignore\n",
    "x.log"
);
ignored!(include_dot_slash, "!include ./.gitignore\n", "x.log");
ignored!(include_missing_rest_applies, "!include nope\nfoo\n", "foo");

// --- The ignore file blocks itself ------------------------------------------------------------
ignored!(self_blocked_empty_file, "", ".clineignore");
ignored!(
    self_blocked_negation,
    "!.clineignore\n!/.clineignore\n",
    ".clineignore"
);
ignored!(self_blocked_dir_component, "", "a/.clineignore/b");
not_ignored!(self_not_similar, "", ".clineignore2");
not_ignored!(empty_file_nothing, "", "a");
not_ignored!(root_never, "*\n", "");

// --- Queried paths ----------------------------------------------------------------------------
ignored!(query_dot_slash, "/foo\n", "./foo");
ignored!(query_leading_slash, "/foo\n", "/foo");
ignored!(query_trailing_slash_is_dir, "foo/\n", "foo/");

#[test]
fn no_ignore_file_only_blocks_itself() {
    let ig = IgnoreBuilder::default().build(None).unwrap();
    assert!(ig.is_empty());
    assert!(!ig.is_ignored("a.txt", false));
    let m = ig.matched(".clineignore", false).unwrap();
    assert_eq!(
        m,
        IgnoreMatch {
            source: BUILT_IN,
            line: 0,
            pattern: ".clineignore"
        }
    );
    assert!(ig.warnings().is_empty());
}

#[test]
fn custom_file_name_blocks_itself() {
    let ig = IgnoreBuilder::default()
        .file_name(".agentignore")
        .build(Some(""))
        .unwrap();
    assert!(ig.is_ignored(".agentignore", false));
    assert!(ig.is_ignored("sub/.agentignore", false));
    assert!(!ig.is_ignored(".clineignore", false));
    let anchored = IgnoreBuilder::default()
        .file_name("config/rules.ignore")
        .build(None)
        .unwrap();
    assert!(anchored.is_ignored("config/rules.ignore", false));
    assert!(!anchored.is_ignored("x/config/rules.ignore", false));
    let none = IgnoreBuilder::default().file_name("").build(None).unwrap();
    assert!(!none.is_ignored(".clineignore", false));
}

#[test]
fn provenance_of_lines_and_includes() {
    let ig = build("# c\n\n*.tmp\nbuild/\n!include outer\n");
    let m = ig.matched("x.tmp", false).unwrap();
    assert_eq!((m.source, m.line, m.pattern), (".clineignore", 3, "*.tmp"));
    let m = ig.matched("build/a/b", false).unwrap();
    assert_eq!((m.source, m.line, m.pattern), (".clineignore", 4, "build/"));
    let m = ig.matched("outer.txt", false).unwrap();
    assert_eq!((m.source, m.line, m.pattern), ("outer", 1, "outer.txt"));
    let m = ig.matched("inner.txt", false).unwrap();
    assert_eq!((m.source, m.line, m.pattern), ("inner", 2, "inner.txt"));
    let m = ig.matched("after-inner.txt", false).unwrap();
    assert_eq!((m.source, m.line), ("outer", 3));
}

#[test]
fn provenance_pattern_as_written() {
    let ig = build("foo\\  \r\n");
    assert_eq!(ig.matched("foo ", false).unwrap().pattern, "foo\\ ");
}

#[test]
fn shallowest_excluded_parent_decides() {
    let ig = build("a/\na/b/\n");
    assert_eq!(ig.matched("a/b/c", false).unwrap().line, 1);
}

#[test]
fn explain_reports_negations() {
    let ig = build("*.log\n!keep.log\n");
    let d = ig.explain("keep.log", false).unwrap();
    assert!(!d.ignored);
    assert_eq!((d.rule.line, d.rule.pattern), (2, "!keep.log"));
    assert!(ig.explain("other.txt", false).is_none());
}

#[test]
fn missing_include_warns_and_rest_applies() {
    let ig = IgnoreBuilder::default()
        .includes(includes())
        .build(Some(SEED))
        .unwrap();
    assert_eq!(ig.warnings().len(), 1, "{:?}", ig.warnings());
    assert!(
        ig.warnings()[0].contains("missing.ignore"),
        "{:?}",
        ig.warnings()
    );
    assert!(
        ig.warnings()[0].starts_with(".clineignore:10:"),
        "{:?}",
        ig.warnings()
    );
    assert!(ig.is_ignored(".env", false));
    assert!(ig.is_ignored("x.log", false));
}

#[test]
fn include_cycle_is_an_error_naming_the_chain() {
    let err = build_err("!include cycle-a\n");
    assert!(
        err.message
            .contains(".clineignore → cycle-a → cycle-b → cycle-a"),
        "{}",
        err.message
    );
    let err = build_err("!include .clineignore\n");
    assert!(err.message.contains("cycle"), "{}", err.message);
}

fn build_err(text: &str) -> toolgate::ignore::IgnoreError {
    IgnoreBuilder::default()
        .includes(includes())
        .build(Some(text))
        .unwrap_err()
}

#[test]
fn deep_include_chain_is_bounded() {
    let mut map = NameMap::new();
    for k in 0..200 {
        map.insert(format!("i{k}"), format!("!include i{}\n", k + 1));
    }
    let err = IgnoreBuilder::default()
        .includes(map)
        .build(Some("!include i0"))
        .unwrap_err();
    assert!(err.message.contains("deeper"), "{}", err.message);
}

#[test]
fn exponential_includes_are_bounded() {
    let mut map = NameMap::new();
    for k in 0..30 {
        map.insert(
            format!("i{k}"),
            format!("!include i{0}\n!include i{0}\nx{k}\n", k + 1),
        );
    }
    let started = std::time::Instant::now();
    let err = IgnoreBuilder::default()
        .includes(map)
        .build(Some("!include i0"))
        .unwrap_err();
    assert!(err.message.contains("exceed"), "{}", err.message);
    assert!(started.elapsed().as_secs() < 20);
}

#[test]
fn inert_lines_warn_and_do_not_fail() {
    let ig = build("a[b\nok\na[[:nope:]]\nz\\\n");
    assert_eq!(ig.warnings().len(), 3, "{:?}", ig.warnings());
    assert!(
        ig.warnings()[0].starts_with(".clineignore:1:"),
        "{:?}",
        ig.warnings()
    );
    assert!(ig.is_ignored("ok", false));
}

#[test]
fn case_insensitive_folds() {
    let ig = IgnoreBuilder::default()
        .case_insensitive(true)
        .build(Some("*.LOG\nBuild/\n/Src/x\n"))
        .unwrap();
    assert!(ig.is_ignored("a.log", false));
    assert!(ig.is_ignored("BUILD/x", false));
    assert!(ig.is_ignored("src/X", false));
    assert!(ig.is_ignored(".CLINEIGNORE", false));
    let cs = IgnoreBuilder::default().build(Some("*.LOG\n")).unwrap();
    assert!(!cs.is_ignored("a.log", false));
    assert!(!cs.is_ignored(".CLINEIGNORE", false));
}

#[test]
fn pathological_lines_are_bounded() {
    let stars = "*".repeat(10_000);
    let ig = build(&stars);
    assert!(ig.is_ignored("anything", false));
    let long = "a*".repeat(5_000);
    let ig = build(&format!("{long}\nok\n"));
    assert!(ig.is_ignored("ok", false));
    assert!(!ig.warnings().is_empty());
    let brackets = "[".repeat(10_000);
    let ig = build(&format!("{brackets}\nok\n"));
    assert!(ig.is_ignored("ok", false));
    let classes = "[[:".repeat(5_000);
    let _ = build(&classes);
    let slashes = "/".repeat(10_000);
    let _ = build(&slashes);
    let deep = "a/".repeat(2_000);
    assert!(!build("b\n").is_ignored(&deep, false));
    assert!(build("a/\n").is_ignored(&deep, false));
}

#[test]
fn hundred_thousand_lines() {
    let text: String = (0..100_000)
        .map(|k| format!("dir{k}/file{k}.txt\n"))
        .collect();
    let started = std::time::Instant::now();
    let ig = build(&text);
    assert_eq!(ig.len(), 100_000);
    assert!(ig.is_ignored("dir99999/file99999.txt", false));
    assert!(!ig.is_ignored("dir1/file2.txt", false));
    assert!(
        started.elapsed().as_secs() < 30,
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn batch_matches_single_queries() {
    let ig = build("a/\n!a/b\nx/*\n!x/y/\n*.log\n");
    let paths = [
        "a/b",
        "a/c/d",
        "x/y/z.txt",
        "x/y/z.log",
        "x/q",
        "q/r.log",
        "q/r.txt",
        "x/y/",
    ];
    let mut batch = ig.batch();
    for p in paths {
        assert_eq!(batch.matched(p, false), ig.matched(p, false), "{p}");
    }
}

/// `is_ignored_as_file_or_dir` is `is_ignored` as a file or as a directory, in one walk.
#[rustfmt::skip]
const FILE_OR_DIR: &[(&str, &str, bool)] = &[
    ("build/\n", "build", true),
    ("x\nx/\n", "x", true),
    ("!x\nx/\n", "x", true),
    ("a/\n", "a/b/c", true),
    ("build/\n", "src/build", true),
    ("build/\n!build\n", "build", false),
    ("build\n!build/\n", "build", true),
    ("*.log\n!keep.log/\n", "keep.log", true),
    ("logs/\n!logs\n", "logs", false),
    ("!x/\nx\n", "x", true),
    ("secrets/\n", "secrets/key", true),
    ("*.tmp\n", "a/b.tmp", true),
    ("*.tmp\n", "a/b.txt", false),
    ("", ".clineignore", true),
    ("", "src/index.ts", false),
];

#[test]
fn file_or_dir_table() {
    for (text, path, want) in FILE_OR_DIR {
        let ig = build(text);
        let two = ig.is_ignored(path, false) || ig.is_ignored(path, true);
        assert_eq!(two, *want, "{text:?} {path}: table");
        assert_eq!(ig.is_ignored_as_file_or_dir(path), *want, "{text:?} {path}");
        let kind = if ig.is_ignored(path, false) {
            Some(false)
        } else {
            ig.is_ignored(path, true).then_some(true)
        };
        assert_eq!(ig.ignored_as(path), kind, "{text:?} {path}: ignored_as");
    }
}
