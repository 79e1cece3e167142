//! What the platform means for paths: how a path is spelt (the [`Flavour`]) and when two names
//! are the same name ([`Names`]: case folding and Unicode normalisation).
//!
//! | platform | flavour | case | normalisation |
//! |---|---|---|---|
//! | `linux` | POSIX | sensitive | none |
//! | `macos` (APFS) | POSIX | Unicode case folding | NFD and NFC are the same name |
//! | `windows` (NTFS) | Windows | Unicode case folding | none |
//!
//! Normalisation is canonical decomposition (NFD) with canonical ordering, as Apple's file
//! systems compare names: like them it leaves the CJK compatibility ideographs as they are.
//!
//! Case folding is Unicode's simple folding: each character lower-cased as its upper case
//! lower-cases (`ſ` is `s`, `ς` is `σ`, `É` is `é`; `ß` stays `ß`). NTFS compares the upper
//! cases from its own table; the two agree but for a few characters that only upper-case to
//! themselves (the Kelvin sign is `k` here, itself on NTFS), where this reading folds more,
//! which only ever blocks more.
//!
//! `caseInsensitivePaths` turns the folding on or off (an APFS volume may be case-sensitive, a
//! Linux directory may fold as ext4's casefold does — which also normalises). Without
//! `platform`, the primary root decides: one with a drive or a leading `\` (UNC, device) is
//! Windows; any other is macOS with `caseInsensitivePaths: true` and Linux otherwise (so
//! `true` without a platform means macOS on POSIX roots). With neither platform nor
//! roots, paths are read with the Windows flavour (its separators are a superset, so it only
//! ever blocks more) and fold as `caseInsensitivePaths` says.

use std::borrow::Cow;
use std::sync::OnceLock;

mod lower;
mod tables;

/// The `platform` setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Linux,
    Macos,
    Windows,
}

impl Platform {
    pub const LABELS: &'static str = "\"linux\", \"macos\" or \"windows\"";

    pub fn parse(text: &str) -> Option<Platform> {
        match text {
            "linux" => Some(Platform::Linux),
            "macos" => Some(Platform::Macos),
            "windows" => Some(Platform::Windows),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Platform::Linux => "linux",
            Platform::Macos => "macos",
            Platform::Windows => "windows",
        }
    }
}

/// How paths are spelt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavour {
    /// Only `/` separates; `//x` is `/x`; `\` and `:` are name characters.
    Posix,
    /// `/` and `\` separate; drives, UNC and device paths; `name:stream`; trailing dots and
    /// spaces dropped.
    Windows,
}

/// How two names compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Case {
    /// Byte for byte.
    #[default]
    Sensitive,
    /// ASCII letters only, as git's `core.ignoreCase`.
    Ascii,
    /// Unicode simple case folding, as APFS, NTFS and ext4's casefold fold.
    Folded,
}

/// When two names are the same name: the case rule and whether canonically equivalent
/// spellings (NFD `e\u{301}` and NFC `é`) are one name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Names {
    pub case: Case,
    pub normalise: bool,
}

impl Names {
    /// Byte for byte (Linux).
    pub const EXACT: Names = Names {
        case: Case::Sensitive,
        normalise: false,
    };

    /// NTFS: case folding, no normalisation.
    pub const NTFS: Names = Names {
        case: Case::Folded,
        normalise: false,
    };

    /// ASCII letters compare case-insensitively (the key leaves them as they are: compare
    /// keys with `eq_ignore_ascii_case`).
    pub fn folds_case(self) -> bool {
        self.case != Case::Sensitive
    }

    /// The comparison key of `text`: equal keys (ASCII case aside, when [`Names::folds_case`])
    /// are the same name. ASCII is left as it is, so ASCII text is its own key; `/` and the
    /// glob characters are ASCII, so a key of a pattern is still the same pattern.
    pub fn key(self, text: &str) -> Cow<'_, str> {
        let changes = self.normalise || self.case == Case::Folded;
        if !changes || text.is_ascii() {
            return Cow::Borrowed(text);
        }
        let mut out: Vec<char> = Vec::with_capacity(text.len());
        for c in text.chars() {
            if c.is_ascii() {
                out.push(c);
                continue;
            }
            match self.case {
                Case::Sensitive | Case::Ascii => self.push(&mut out, c),
                Case::Folded => {
                    // Decomposed first, so `É` folds as `E` + accent and NFC/NFD agree.
                    let mut parts = Vec::new();
                    self.push(&mut parts, c);
                    for p in parts {
                        lower(fold_case(p), |l| self.push(&mut out, l));
                    }
                }
            }
        }
        if self.normalise {
            reorder(&mut out);
        }
        Cow::Owned(out.into_iter().collect())
    }

    /// Whether `a` and `b` are the same name.
    pub fn eq(self, a: &str, b: &str) -> bool {
        if a == b {
            return true;
        }
        let (a, b) = (self.key(a), self.key(b));
        if self.folds_case() {
            a.eq_ignore_ascii_case(&b)
        } else {
            a == b
        }
    }

    fn push(self, out: &mut Vec<char>, c: char) {
        if self.normalise {
            decompose(c, out);
        } else {
            out.push(c);
        }
    }
}

/// The path settings as configured (each absent unless given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PathSettings {
    pub platform: Option<Platform>,
    pub case_insensitive: Option<bool>,
}

/// What the settings mean for one workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathRules {
    /// The platform given or inferred (`None`: no platform and no roots).
    pub platform: Option<Platform>,
    pub flavour: Flavour,
    pub names: Names,
}

impl PathSettings {
    /// The rules for a workspace whose primary root is `primary` (as written). `windows_root`
    /// says whether a root text is a Windows path (a drive, UNC or device path, or such a
    /// `file:` URI).
    pub fn rules(self, primary: Option<&str>, windows_root: impl Fn(&str) -> bool) -> PathRules {
        let platform = self.platform.or_else(|| {
            primary.map(|root| {
                if windows_root(root) {
                    Platform::Windows
                } else if self.case_insensitive == Some(true) {
                    Platform::Macos
                } else {
                    Platform::Linux
                }
            })
        });
        let fold = self.case_insensitive;
        let (flavour, names) = match platform {
            Some(Platform::Linux) => (Flavour::Posix, unicode_fold(fold.unwrap_or(false))),
            Some(Platform::Macos) => (
                Flavour::Posix,
                Names {
                    case: case_if(fold.unwrap_or(true), Case::Folded),
                    normalise: true,
                },
            ),
            Some(Platform::Windows) => (
                Flavour::Windows,
                Names {
                    case: case_if(fold.unwrap_or(true), Case::Folded),
                    normalise: false,
                },
            ),
            None => (Flavour::Windows, unicode_fold(fold.unwrap_or(false))),
        };
        PathRules {
            platform,
            flavour,
            names,
        }
    }
}

/// Folding as APFS and ext4's casefold fold (which normalise too), or none.
fn unicode_fold(yes: bool) -> Names {
    if yes {
        Names {
            case: Case::Folded,
            normalise: true,
        }
    } else {
        Names::EXACT
    }
}

fn case_if(yes: bool, case: Case) -> Case {
    if yes {
        case
    } else {
        Case::Sensitive
    }
}

/// The character whose lower case is `c`'s simple case fold: `c` itself, but for the few
/// whose upper case lower-cases elsewhere (`ſ` → `s`).
fn fold_case(c: char) -> char {
    let code = c as u64;
    if code < 0xB5 {
        return c;
    }
    let folds = tables::CASE_FOLDS;
    match folds.binary_search_by_key(&code, |e| e >> 21) {
        Ok(i) => char::from_u32((folds[i] & 0x1F_FFFF) as u32).unwrap_or(c),
        Err(_) => c,
    }
}

/// Gives `c`'s lower case (one character, or the two of `İ`) to `out`, as
/// `char::to_lowercase` would (see [`lower::LOWER_RUNS`]).
fn lower(c: char, mut out: impl FnMut(char)) {
    if let Some((_, two)) = lower::MULTI.iter().find(|(m, _)| *m == c) {
        two.iter().for_each(|&l| out(l));
        return;
    }
    out(lower_one(c));
}

fn lower_one(c: char) -> char {
    let code = u64::from(u32::from(c));
    let runs = lower::LOWER_RUNS;
    let i = runs.partition_point(|r| r >> 43 <= code);
    let Some(&r) = i.checked_sub(1).and_then(|k| runs.get(k)) else {
        return c;
    };
    let (start, count, stride) = (r >> 43, (r >> 36) & 0x7F, ((r >> 35) & 1) + 1);
    let k = code - start;
    if k % stride != 0 || k / stride >= count {
        return c;
    }
    let delta = (r & 0x7_FFFF_FFFF) as i64 - (1 << 20);
    u32::try_from(code as i64 + delta)
        .ok()
        .and_then(char::from_u32)
        .unwrap_or(c)
}

const HANGUL_BASE: u32 = 0xAC00;
const HANGUL_COUNT: u32 = 11172;

/// The BMP decomposition columns (the characters, sorted, and their firsts), summed from the
/// tables' steps on first use.
fn bmp_columns() -> &'static (Vec<u16>, Vec<u16>) {
    static COLUMNS: OnceLock<(Vec<u16>, Vec<u16>)> = OnceLock::new();
    COLUMNS.get_or_init(|| {
        let sum = |steps: &[u16]| -> Vec<u16> {
            let mut at = 0u16;
            steps
                .iter()
                .map(|&s| {
                    at = at.wrapping_add(s);
                    at
                })
                .collect()
        };
        (sum(tables::DECOMPOSED_STEPS), sum(tables::FIRST_STEPS))
    })
}

/// Appends the full canonical decomposition of `c`.
fn decompose(c: char, out: &mut Vec<char>) {
    let code = c as u32;
    if code < 0xC0 {
        out.push(c);
        return;
    }
    if (HANGUL_BASE..HANGUL_BASE + HANGUL_COUNT).contains(&code) {
        let s = code - HANGUL_BASE;
        let jamo = [
            Some(0x1100 + s / 588),
            Some(0x1161 + (s % 588) / 28),
            (s % 28 != 0).then_some(0x11A7 + s % 28),
        ];
        out.extend(jamo.into_iter().flatten().filter_map(char::from_u32));
        return;
    }
    let parts = match u16::try_from(code) {
        Ok(bmp) => {
            let (decomposed, first) = bmp_columns();
            decomposed.binary_search(&bmp).ok().and_then(|i| {
                let second = *tables::SECONDS.get(usize::from(*tables::SECOND.get(i)?))?;
                Some((u32::from(*first.get(i)?), u32::from(second)))
            })
        }
        Err(_) => {
            let table = tables::DECOMPOSITIONS_ASTRAL;
            let i = table
                .binary_search_by_key(&u64::from(code), |e| e >> 42)
                .ok();
            i.map(|i| table[i])
                .map(|e| (((e >> 21) & 0x1F_FFFF) as u32, (e & 0x1F_FFFF) as u32))
        }
    };
    match parts {
        Some((first, second)) => {
            if let Some(first) = char::from_u32(first) {
                decompose(first, out);
            }
            if let Some(second) = char::from_u32(second).filter(|&s| s != '\0') {
                decompose(second, out);
            }
        }
        None => out.push(c),
    }
}

fn combining_class(c: char) -> u8 {
    let code = c as u32;
    if code < 0x300 {
        return 0;
    }
    let runs = tables::COMBINING_CLASSES;
    let i = runs.partition_point(|r| r >> 11 <= code);
    match i.checked_sub(1).and_then(|k| runs.get(k)) {
        Some(&r) if code <= (r >> 11) + ((r >> 8) & 7) => (r & 0xFF) as u8,
        _ => 0,
    }
}

/// Canonical ordering: each run of combining marks sorted by class, stably (an insertion
/// sort: runs are a few marks long).
fn reorder(chars: &mut [char]) {
    for i in 1..chars.len() {
        let class = combining_class(chars[i]);
        if class == 0 {
            continue;
        }
        let mut k = i;
        while k > 0 && combining_class(chars[k - 1]) > class {
            chars.swap(k - 1, k);
            k -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `lower` is the standard library's `to_lowercase` for every character.
    #[test]
    fn lower_is_std_lowercase() {
        // The runs as `lower.rs` writes them, from the standard library.
        let mut runs: Vec<(u32, u32, u32, i64)> = Vec::new();
        let mut multi = Vec::new();
        for c in (0..0x11_0000).filter_map(char::from_u32) {
            let l: Vec<char> = c.to_lowercase().collect();
            let mut mine = Vec::new();
            lower(c, |l| mine.push(l));
            assert_eq!(mine, l, "{:#x}", u32::from(c));
            if l.len() != 1 {
                multi.push(c);
                continue;
            }
            let (code, delta) = (
                u32::from(c),
                i64::from(u32::from(l[0])) - i64::from(u32::from(c)),
            );
            if delta == 0 {
                continue;
            }
            match runs.last_mut() {
                Some((start, n, stride, d))
                    if *d == delta
                        && ((*n == 1 && matches!(code - *start, 1 | 2))
                            || (*n > 1 && code == *start + *n * *stride)) =>
                {
                    if *n == 1 {
                        *stride = code - *start;
                    }
                    *n += 1;
                }
                _ => runs.push((code, 1, 1, delta)),
            }
        }
        let want: Vec<u64> = runs
            .iter()
            .map(|&(s, n, st, d)| {
                u64::from(s) << 43
                    | u64::from(n) << 36
                    | u64::from(st - 1) << 35
                    | (d + (1 << 20)) as u64
            })
            .collect();
        let rows: Vec<String> = want.iter().map(|e| format!("{e:#x},")).collect();
        assert_eq!(
            lower::LOWER_RUNS,
            &want[..],
            "lower.rs's runs are now:\n{}",
            rows.join(" ")
        );
        let listed: Vec<char> = lower::MULTI.iter().map(|(c, _)| *c).collect();
        assert_eq!(listed, multi, "lower.rs's MULTI");
    }

    const MAC: Names = Names {
        case: Case::Folded,
        normalise: true,
    };
    const WIN: Names = Names::NTFS;

    #[test]
    fn names_compare_as_the_platform_compares_them() {
        // (names, a, b, same)
        let cases = [
            (MAC, "café.key", "cafe\u{301}.key", true),
            (MAC, "CAFÉ.key", "café.key", true),
            (MAC, "CAFE\u{301}.KEY", "café.key", true),
            (MAC, "straße", "STRASSE", false),
            (MAC, "straße", "STRAẞE", true),
            (MAC, "ΣΊΣΥΦΟΣ", "σίσυφος", true),
            (MAC, "σίσυφος", "σίσυφος", true),
            (MAC, "\u{212A}ey", "key", true),
            (
                MAC,
                "한글",
                "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}",
                true,
            ),
            // Apple leaves the CJK compatibility ideographs undecomposed.
            (MAC, "\u{F900}", "\u{8C48}", false),
            (MAC, "a\u{323}\u{302}", "a\u{302}\u{323}", true),
            (MAC, "café", "cafe", false),
            (MAC, "ä", "a", false),
            (WIN, "CAFÉ.key", "café.key", true),
            (WIN, "café", "cafe\u{301}", false),
            (WIN, "ſecret", "SECRET", true),
            (WIN, "ıd", "ID", true),
            (WIN, "µ", "μ", true),
            (WIN, "straße", "STRASSE", false),
            (Names::EXACT, "Café", "café", false),
            (Names::EXACT, "café", "cafe\u{301}", false),
            (
                Names {
                    case: Case::Sensitive,
                    normalise: true,
                },
                "café",
                "cafe\u{301}",
                true,
            ),
        ];
        for (names, a, b, same) in cases {
            assert_eq!(names.eq(a, b), same, "{names:?} {a:?} {b:?}");
            assert_eq!(names.eq(b, a), same, "{names:?} {b:?} {a:?}");
        }
    }

    #[test]
    fn decomposition_columns_line_up() {
        let (decomposed, first) = bmp_columns();
        let n = decomposed.len();
        assert_eq!((first.len(), tables::SECOND.len()), (n, n));
        assert!(decomposed.windows(2).all(|w| w[0] < w[1]));
        assert!(tables::SECOND
            .iter()
            .all(|&i| usize::from(i) < tables::SECONDS.len()));
        let astral = tables::DECOMPOSITIONS_ASTRAL;
        assert!(astral.windows(2).all(|w| w[0] >> 42 < w[1] >> 42));
        // a BMP character is looked up in the columns only
        assert!(astral.iter().all(|e| e >> 42 > 0xFFFF));
        // one of each form: a pair, a singleton, and an astral pair
        let full = |c: char| {
            let mut out = Vec::new();
            decompose(c, &mut out);
            out
        };
        assert_eq!(full('\u{e9}'), ['e', '\u{301}']);
        assert_eq!(full('\u{212b}'), ['A', '\u{30a}']);
        assert_eq!(full('\u{1d15e}'), ['\u{1d157}', '\u{1d165}']);
    }

    #[test]
    fn combining_classes_come_from_the_table() {
        for (c, class) in [
            ('a', 0),
            ('\u{301}', 230),
            ('\u{323}', 220),
            ('\u{345}', 240),
            ('\u{5B0}', 10),
            ('\u{94D}', 9),
            ('\u{1D165}', 216),
            ('\u{E0100}', 0),
        ] {
            assert_eq!(combining_class(c), class, "{c:?}");
        }
    }

    #[test]
    fn settings_decide_the_rules() {
        let rules = |platform, ci, root: Option<&str>| {
            PathSettings {
                platform,
                case_insensitive: ci,
            }
            .rules(root, |r| r.starts_with('C'))
        };
        // (platform, caseInsensitivePaths, primary root, flavour, names)
        let cases = [
            (None, None, Some("/ws"), Flavour::Posix, Names::EXACT),
            (None, Some(true), Some("/ws"), Flavour::Posix, MAC),
            (None, None, Some("C:\\ws"), Flavour::Windows, WIN),
            (
                Some(Platform::Macos),
                None,
                Some("/ws"),
                Flavour::Posix,
                MAC,
            ),
            (
                Some(Platform::Linux),
                None,
                Some("/ws"),
                Flavour::Posix,
                Names::EXACT,
            ),
            (
                Some(Platform::Linux),
                Some(true),
                Some("/ws"),
                Flavour::Posix,
                MAC,
            ),
            (
                Some(Platform::Windows),
                Some(false),
                Some("C:\\ws"),
                Flavour::Windows,
                Names::EXACT,
            ),
            (
                Some(Platform::Macos),
                Some(false),
                Some("/ws"),
                Flavour::Posix,
                Names {
                    case: Case::Sensitive,
                    normalise: true,
                },
            ),
            (None, None, None, Flavour::Windows, Names::EXACT),
            (None, Some(true), None, Flavour::Windows, MAC),
        ];
        for (platform, ci, root, flavour, names) in cases {
            let got = rules(platform, ci, root);
            assert_eq!(
                (got.flavour, got.names),
                (flavour, names),
                "{platform:?} {ci:?} {root:?}"
            );
        }
    }
}
