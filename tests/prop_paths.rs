//! Property test over paths (proptest): for every generated path inside the workspace, each
//! equivalent spelling gets the same ignore verdict and the same locality as the plain one —
//! on Linux, macOS and Windows roots:
//!
//! - every platform: `./` and `..` detours, repeated separators, the relative form, `file://`
//!   URLs with random percent-encoding (and `localhost`);
//! - POSIX: leading `//` and `///`;
//! - macOS: case variants (Unicode, not only ASCII) and NFD/NFC variants of each name;
//! - Windows: `\` and mixed separators, lower-case drives, `\\?\`, `\\.\`, `\??\`,
//!   `\\localhost\C$`, drive-relative `C:x` and root-relative `\ws\x` forms, trailing dots and
//!   spaces, `::$DATA` and `:stream` suffixes, simple upper/lower case variants, `file:///C|/`.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use toolgate::access::{Access, IgnoreSource};
use toolgate::platform::{PathSettings, Platform};
use toolgate::Locality;

const IGNORE: &str = ".env\nsecrets/\n*.pem\ncafé.key\nnaïve/\n/docs/private/\n!keep.pem\n";

/// Names that matter to the ignore file, and ordinary ones. None is one letter: on Windows a
/// relative `x::$DATA` is drive X's, not the name `x`.
const NAMES: &[&str] = &[
    ".env",
    "secrets",
    "k.pem",
    "keep.pem",
    "café.key",
    "naïve",
    "docs",
    "private",
    "src",
    "a.ts",
    "Ärger",
    "xs",
    "README.md",
    ".envrc",
    "b c",
];

fn access(platform: Platform) -> Access {
    let root = match platform {
        Platform::Windows => "C:\\ws",
        _ => "/ws",
    };
    let settings = PathSettings {
        platform: Some(platform),
        case_insensitive: None,
    };
    let source = IgnoreSource {
        text: Some(IGNORE.to_string()),
        includes: Default::default(),
        file_name: ".clineignore".to_string(),
    };
    Access::new(&[root.to_string()], settings, source).expect("valid")
}

/// A tiny deterministic generator, so one seed drives all of a spelling's choices.
struct Choices(u64);

impl Choices {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
    fn coin(&mut self) -> bool {
        self.next(2) == 0
    }
}

/// `name` with each character in a case the platform folds to the same name, and (macOS)
/// composed or decomposed.
fn case_variant(name: &str, platform: Platform, c: &mut Choices) -> String {
    let mut out = String::new();
    for ch in name.chars() {
        let one = |mut it: std::iter::Peekable<std::vec::IntoIter<char>>| {
            let first = it.next();
            first.filter(|_| it.peek().is_none())
        };
        let upper = one(ch.to_uppercase().collect::<Vec<_>>().into_iter().peekable());
        let lower = one(ch.to_lowercase().collect::<Vec<_>>().into_iter().peekable());
        let cased = match c.next(3) {
            0 => upper.unwrap_or(ch),
            1 => lower.unwrap_or(ch),
            _ => ch,
        };
        if platform == Platform::Macos && c.coin() {
            out.push_str(&decompose(cased));
        } else {
            out.push(cased);
        }
    }
    out
}

/// NFD of the few precomposed letters in [`NAMES`] (and their upper cases).
fn decompose(ch: char) -> String {
    let (base, mark) = match ch {
        'é' => ('e', '\u{301}'),
        'É' => ('E', '\u{301}'),
        'ï' => ('i', '\u{308}'),
        'Ï' => ('I', '\u{308}'),
        'ä' => ('a', '\u{308}'),
        'Ä' => ('A', '\u{308}'),
        other => return other.to_string(),
    };
    [base, mark].iter().collect()
}

/// `text` with some bytes percent-encoded.
fn percent(text: &str, c: &mut Choices) -> String {
    let mut out = String::new();
    for ch in text.chars() {
        if !matches!(ch, '%' | '?' | '#') && c.coin() {
            out.push(ch);
            continue;
        }
        let mut buf = [0; 4];
        for b in ch.encode_utf8(&mut buf).as_bytes() {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// One equivalent spelling of the path `/ws/<parts>` (`C:\ws\<parts>` on Windows).
fn spelling(parts: &[String], platform: Platform, c: &mut Choices) -> String {
    let windows = platform == Platform::Windows;
    let mut names: Vec<String> = parts.to_vec();
    if platform != Platform::Linux {
        for n in names.iter_mut() {
            if c.coin() {
                *n = case_variant(n, platform, c);
            }
        }
    }
    if windows {
        for n in names.iter_mut() {
            match c.next(6) {
                0 => n.push('.'),
                1 => n.push(' '),
                2 => n.push_str(". ."),
                _ => {}
            }
        }
        if c.next(3) == 0 {
            if let Some(last) = names.last_mut() {
                last.push_str(["::$DATA", ":stream", ":s:$DATA"][c.next(3)]);
            }
        }
    }
    // Detours: `./`, `zz/..`, and repeated separators.
    let mut body: Vec<String> = Vec::new();
    for n in names {
        match c.next(5) {
            0 => body.push(".".into()),
            1 => body.extend(["zz".to_string(), "..".to_string()]),
            // An empty part doubles a separator (not first: that would anchor the path).
            2 if !body.is_empty() => body.push(String::new()),
            _ => {}
        }
        body.push(n);
    }
    let file_url = c.next(4) == 0;
    let sep = if windows && !file_url {
        ["\\", "/"][c.next(2)]
    } else {
        "/"
    };
    let mut joined = String::new();
    for (i, part) in body.iter().enumerate() {
        if i > 0 {
            joined.push_str(if windows && !file_url && c.coin() {
                "\\"
            } else {
                sep
            });
        }
        joined.push_str(part);
    }
    let root = if platform == Platform::Macos && c.coin() {
        "WS"
    } else {
        "ws"
    };
    if file_url {
        let host = if c.coin() { "localhost" } else { "" };
        let drive = if windows {
            ["C:/", "c|/", "C%3A/"][c.next(3)]
        } else {
            ""
        };
        let encoded = percent(&format!("{root}/{joined}"), c);
        let slashes = if !windows && c.coin() { "//" } else { "/" };
        return format!("file://{host}{slashes}{drive}{encoded}");
    }
    if !windows {
        return match c.next(4) {
            0 => joined,
            1 => format!("//{root}/{joined}"),
            2 => format!("///{root}//{joined}"),
            _ => format!("/{root}/{joined}"),
        };
    }
    let ws = ["ws", "WS", "ws.", "Ws "][c.next(4)];
    match c.next(9) {
        0 => joined,
        1 => format!("C:{joined}"),
        2 => format!("{sep}{ws}{sep}{joined}"),
        3 => format!("\\\\?\\C:\\{ws}\\{joined}"),
        4 => format!("\\\\.\\c:\\{ws}\\{joined}"),
        5 => format!("\\??\\C:\\{ws}\\{joined}"),
        6 => format!("\\\\localhost\\c$\\{ws}\\{joined}"),
        7 => format!("c:/{ws}/{joined}"),
        _ => format!("C:{sep}{ws}{sep}{joined}"),
    }
}

fn plain(parts: &[String], platform: Platform) -> String {
    match platform {
        Platform::Windows => format!("C:\\ws\\{}", parts.join("\\")),
        _ => format!("/ws/{}", parts.join("/")),
    }
}

fn parts() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(prop::sample::select(NAMES).prop_map(String::from), 1..4)
}

fn platform() -> impl Strategy<Value = Platform> {
    prop::sample::select(vec![Platform::Linux, Platform::Macos, Platform::Windows])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn every_spelling_gets_the_plain_spellings_verdict(
        parts in parts(),
        platform in platform(),
        seed in 1u64..,
    ) {
        let access = access(platform);
        let plain = plain(&parts, platform);
        let ignored = access.is_ignored(&plain);
        prop_assert_eq!(access.classify(&plain), Locality::Local);
        let mut choices = Choices(seed);
        for _ in 0..8 {
            let variant = spelling(&parts, platform, &mut choices);
            prop_assert_eq!(
                access.is_ignored(&variant), ignored,
                "{:?} vs {:?} on {:?}", variant, plain, platform
            );
            prop_assert_eq!(
                access.classify(&variant), Locality::Local,
                "{:?} on {:?}", variant, platform
            );
            let mut batch = access.batch();
            prop_assert_eq!(batch.is_ignored(&variant), ignored, "batch: {:?}", variant);
        }
    }
}

/// The plain spellings' verdicts are the ignore file's, so the property above compares
/// against the right answer.
#[test]
fn plain_spellings_are_judged_by_the_ignore_file() {
    let cases = [
        (&[".env"][..], true),
        (&["src", "a.ts"][..], false),
        (&["secrets", "x"][..], true),
        (&["xs", "k.pem"][..], true),
        (&["keep.pem"][..], false),
        (&["docs", "private", "x"][..], true),
        (&["xs", "docs", "private"][..], false),
        (&["naïve", "x"][..], true),
        (&["café.key"][..], true),
    ];
    for platform in [Platform::Linux, Platform::Macos, Platform::Windows] {
        let access = access(platform);
        for (parts, ignored) in cases {
            let parts: Vec<String> = parts.iter().map(|s| s.to_string()).collect();
            assert_eq!(
                access.is_ignored(&plain(&parts, platform)),
                ignored,
                "{parts:?} on {platform:?}"
            );
        }
    }
}

/// Paths of a listing: plain names, deep trees under excluded directories (`secrets/`,
/// `naïve/`, `docs/private/`, with a `!keep.pem` they cannot re-include), names an excluded
/// one is a prefix of (`secretsx`), and the spellings
/// the fast path leaves to the general one (`.`, `..`, empty components, `\`, `:`, `~`, a
/// trailing dot or space, `/ws/…`).
fn listing_path() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "secrets",
        "src",
        "a.ts",
        ".env",
        "docs",
        "private",
        "keep.pem",
        "k.pem",
        ".",
        "..",
        "",
        "naïve",
        "Secrets",
        "SRC",
        "a b",
        "~x",
        "c:",
        "q\\r",
        "x.",
        "x ",
        ".clineignore",
        // Names an excluded one is a prefix of.
        "secretsx",
        "naïve.d",
        ".clineignore2",
    ]);
    (
        prop::collection::vec(piece, 1..7),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(parts, dir, absolute)| {
            let mut p = parts.join("/");
            if dir {
                p.push('/');
            }
            if absolute {
                p = format!("/ws/{p}");
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// One batch over a whole listing, as generated and then sorted, answers every path as a
    /// single query does: the listing-wide fast paths (the plain relative form, a path under
    /// an excluded directory of the previous path's) agree with the general one; so does the
    /// listing joined by NUL (what `filterPaths` passes into wasm).
    #[test]
    fn a_batch_answers_a_listing_as_single_queries_do(
        mut listing in prop::collection::vec(listing_path(), 1..40),
        platform in platform(),
    ) {
        let access = access(platform);
        for round in 0..2 {
            let mut batch = access.batch();
            for p in &listing {
                prop_assert_eq!(
                    batch.is_ignored(p), access.is_ignored(p),
                    "{:?} on {:?}, round {}", p, platform, round
                );
            }
            let joined = access.kept_joined(&listing.join("\0"), listing.len());
            let single: Vec<bool> = listing.iter().map(|p| !access.is_ignored(p)).collect();
            prop_assert_eq!(joined, Some(single), "joined: {:?} on {:?}", listing, platform);
            listing.sort();
        }
        // A path holding a NUL, or a count that is not the listing's: no answer.
        let n = listing.len();
        prop_assert_eq!(access.kept_joined(&listing.join("\0"), n + 1), None);
        prop_assert_eq!(access.kept_joined(&listing.join("\0"), n - 1), None);
        listing[0].push('\0');
        prop_assert_eq!(access.kept_joined(&listing.join("\0"), n), None);
    }

    /// The fast path takes exactly the relative paths its contract describes (its scan reads
    /// a word at a time; this reads a component at a time): long paths, so components and
    /// bad bytes fall on both sides of word boundaries.
    #[test]
    fn plain_relative_takes_exactly_the_plain_paths(
        parts in prop::collection::vec(prop::sample::select(vec![
            "", ".", "..", "...", ".a", "a.", "a ", " ", "a", "abcdef", "abcdefg", "abc.def",
            "a~1", "~", "c:", "q\\r", "\0", "\u{b}", "é", "node_modules",
        ]), 1..8),
        dir in any::<bool>(),
        platform in platform(),
    ) {
        let path = parts.join("/") + if dir { "/" } else { "" };
        let ws = access(platform).workspace().clone();
        let windows = platform == Platform::Windows;
        let body = path.strip_suffix('/').unwrap_or(&path);
        let odd = |part: &str| {
            matches!(part, "" | "." | "..")
                || (windows && (part.ends_with('.') || part.ends_with(' ')))
        };
        let bad = |c: char| matches!(c, '\\' | ':' | '\0') || (windows && c == '~');
        let expected = !path.starts_with('~')
            && !body.starts_with('/')
            && !body.contains(bad)
            && !body.split('/').any(odd)
            && !body.chars().all(char::is_whitespace);
        prop_assert_eq!(
            ws.plain_relative(&path),
            expected.then_some((body, body.len() != path.len())),
            "{:?} on {:?}", path, platform
        );
    }

    /// What the fast path takes for a plain relative path is what resolving it gives.
    #[test]
    fn plain_relative_is_what_resolve_gives(
        path in "(/ws/)?(([a. éZ]{0,3}|[a.]*[\\\\:~\\x00][a.]*)/){0,5}[a. éZ]{0,3}/?",
        platform in platform(),
    ) {
        let access = access(platform);
        let ws = access.workspace();
        if let Some((relative, is_dir)) = ws.plain_relative(&path) {
            let resolved = ws.resolve(&path);
            prop_assert!(resolved.is_ok(), "{:?} on {:?}: {:?}", path, platform, resolved);
            let resolved = resolved.unwrap();
            prop_assert_eq!(resolved.relative.as_deref(), Some(relative), "{:?} on {:?}", path, platform);
            prop_assert_eq!(resolved.is_dir, is_dir, "{:?} on {:?}", path, platform);
        }
    }
}
