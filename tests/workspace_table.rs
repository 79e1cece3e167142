//! Table tests for workspace paths: one case per line.
//!
//! `local!(name, roots, ci, "path" => root, "relative", "absolute")`,
//! `external!(name, roots, ci, "path" => "absolute")`, `invalid!(name, roots, "path", "words")`.

use toolgate::platform::{PathSettings, Platform};
use toolgate::workspace::{Resolved, Workspace};
use toolgate::Locality;

const WS: &[&str] = &["/ws"];
const MULTI: &[&str] = &["/ws/a", "/ws/b", "/other"];
const NESTED: &[&str] = &["/ws", "/ws/sub"];
const WIN: &[&str] = &["C:\\Users\\me\\proj"];
const UNC: &[&str] = &["\\\\server\\share\\proj"];
const NONE: &[&str] = &[];

fn ws(roots: &[&str], ci: bool) -> Workspace {
    let roots: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
    let settings = PathSettings {
        platform: None,
        case_insensitive: ci.then_some(true),
    };
    Workspace::new(&roots, settings).expect("roots are valid")
}

macro_rules! local {
    ($name:ident, $roots:expr, $ci:expr, $path:expr => $root:expr, $rel:expr, $abs:expr) => {
        #[test]
        fn $name() {
            let w = ws($roots, $ci);
            let r = w.resolve($path).expect("resolves");
            assert_eq!(r.root, Some($root), "{:?}: {r:?}", $path);
            assert_eq!(r.relative.as_deref(), Some($rel), "{:?}: {r:?}", $path);
            assert_eq!(r.absolute, $abs, "{:?}: {r:?}", $path);
            assert_eq!(w.classify($path), Ok(Locality::Local));
            assert_idempotent(&w, &r);
        }
    };
}

macro_rules! external {
    ($name:ident, $roots:expr, $ci:expr, $path:expr => $abs:expr) => {
        #[test]
        fn $name() {
            let w = ws($roots, $ci);
            let r = w.resolve($path).expect("resolves");
            assert_eq!(
                (r.root, r.relative.as_deref()),
                (None, None),
                "{:?}: {r:?}",
                $path
            );
            assert_eq!(r.absolute, $abs, "{:?}: {r:?}", $path);
            assert_eq!(w.classify($path), Ok(Locality::External));
            assert_idempotent(&w, &r);
        }
    };
}

macro_rules! invalid {
    ($name:ident, $roots:expr, $path:expr, $words:expr) => {
        #[test]
        fn $name() {
            let err = ws($roots, false).resolve($path).expect_err("is invalid");
            assert_eq!(err.path, $path);
            assert!(err.message.contains($words), "{:?}: {}", $path, err.message);
        }
    };
}

/// Resolving a result's `absolute` again gives the same place.
fn assert_idempotent(w: &Workspace, r: &Resolved) {
    let again = w.resolve(&r.absolute).expect("absolute resolves");
    assert_eq!(
        (&again.absolute, again.root, &again.relative),
        (&r.absolute, r.root, &r.relative)
    );
}

// --- Lexical normalisation --------------------------------------------------------------------
local!(relative_plain, WS, false, "src/main.rs" => 0, "src/main.rs", "/ws/src/main.rs");
local!(relative_dot_slash, WS, false, "./src/main.rs" => 0, "src/main.rs", "/ws/src/main.rs");
local!(relative_dots_inside, WS, false, "src/./a/../main.rs" => 0, "src/main.rs", "/ws/src/main.rs");
local!(repeated_separators, WS, false, "src//a///b" => 0, "src/a/b", "/ws/src/a/b");
local!(dot_is_root, WS, false, "." => 0, "", "/ws");
local!(dot_slash_is_root, WS, false, "./" => 0, "", "/ws");
local!(absolute_inside, WS, false, "/ws/a/b" => 0, "a/b", "/ws/a/b");
local!(absolute_root_itself, WS, false, "/ws" => 0, "", "/ws");
local!(absolute_root_trailing, WS, false, "/ws/" => 0, "", "/ws");
local!(absolute_dotdot_back_in, WS, false, "/ws/a/../b" => 0, "b", "/ws/b");
local!(absolute_out_and_back, WS, false, "/x/../ws/c" => 0, "c", "/ws/c");
local!(dotdot_and_back, WS, false, "../ws/c" => 0, "c", "/ws/c");
local!(backslash_is_a_name_on_posix, WS, false, "src\\main.rs" => 0, "src\\main.rs", "/ws/src\\main.rs");
local!(backslash_separates_on_windows, WIN, false, "src\\main.rs" => 0, "src/main.rs", "C:/Users/me/proj/src/main.rs");
local!(trailing_dot, WS, false, "src/." => 0, "src", "/ws/src");
external!(dotdot_escapes, WS, false, "../etc/passwd" => "/etc/passwd");
external!(dotdot_escapes_deep, WS, false, "a/../../x" => "/x");
external!(dotdot_above_fs_root, WS, false, "../../../../x" => "/x");
external!(absolute_dotdot_above_root, WS, false, "/../../etc" => "/etc");
external!(absolute_outside, WS, false, "/etc/passwd" => "/etc/passwd");
external!(fs_root, WS, false, "/" => "/");
external!(root_escape_by_dotdot, WS, false, "/ws/.." => "/");

// --- Whole components only --------------------------------------------------------------------
external!(prefix_not_inside, WS, false, "/wsx/a" => "/wsx/a");
external!(prefix_not_inside_root, WS, false, "/wsx" => "/wsx");
external!(relative_prefix_sibling, WS, false, "../wsx/a" => "/wsx/a");

// --- Multi-root -------------------------------------------------------------------------------
local!(multi_primary, MULTI, false, "x" => 0, "x", "/ws/a/x");
local!(multi_second, MULTI, false, "/ws/b/y" => 1, "y", "/ws/b/y");
local!(multi_third, MULTI, false, "/other/z" => 2, "z", "/other/z");
local!(multi_relative_lands_in_second, MULTI, false, "../b/y" => 1, "y", "/ws/b/y");
external!(multi_between_roots, MULTI, false, "/ws/c" => "/ws/c");
external!(multi_parent_of_roots, MULTI, false, "/ws" => "/ws");
local!(nested_first_wins, NESTED, false, "/ws/sub/x" => 0, "sub/x", "/ws/sub/x");

// --- Windows, UNC, verbatim -------------------------------------------------------------------
local!(win_backslash, WIN, false, "C:\\Users\\me\\proj\\src\\a.rs" => 0, "src/a.rs", "C:/Users/me/proj/src/a.rs");
local!(win_forward, WIN, false, "c:/Users/me/proj/src" => 0, "src", "C:/Users/me/proj/src");
local!(win_relative, WIN, false, "src\\a.rs" => 0, "src/a.rs", "C:/Users/me/proj/src/a.rs");
local!(win_verbatim, WIN, false, "\\\\?\\C:\\Users\\me\\proj\\x" => 0, "x", "C:/Users/me/proj/x");
local!(win_device, WIN, false, "\\\\.\\C:\\Users\\me\\proj\\x" => 0, "x", "C:/Users/me/proj/x");
local!(win_mixed_separators, WIN, false, "C:/Users\\me//proj/./x" => 0, "x", "C:/Users/me/proj/x");
external!(win_other_drive, WIN, false, "D:\\Users\\me\\proj\\x" => "D:/Users/me/proj/x");
local!(win_case_insensitive_by_default, WIN, false, "C:\\users\\ME\\proj\\x" => 0, "x", "C:/users/ME/proj/x");
external!(win_dotdot_at_drive_root, WIN, false, "C:\\..\\..\\Windows" => "C:/Windows");
external!(win_drive_root, WIN, false, "C:" => "C:/");
local!(win_root_relative, WIN, false, "/Users/me/proj/x" => 0, "x", "C:/Users/me/proj/x");
local!(unc_inside, UNC, false, "\\\\server\\share\\proj\\x" => 0, "x", "//server/share/proj/x");
local!(unc_forward, UNC, false, "//server/share/proj/x" => 0, "x", "//server/share/proj/x");
local!(unc_server_case, UNC, false, "\\\\SERVER\\share\\proj\\x" => 0, "x", "//SERVER/share/proj/x");
local!(unc_verbatim, UNC, false, "\\\\?\\UNC\\server\\share\\proj\\x" => 0, "x", "//server/share/proj/x");
external!(unc_other_share, UNC, false, "\\\\server\\other\\proj" => "//server/other/proj");
external!(unc_dotdot_stays_at_share, UNC, false, "\\\\server\\share\\..\\..\\x" => "//server/share/x");
local!(unc_relative, UNC, false, "a\\b" => 0, "a/b", "//server/share/proj/a/b");
local!(colon_name_is_relative, WS, false, "C:x" => 0, "C:x", "/ws/C:x");

// --- file:// URIs -----------------------------------------------------------------------------
local!(uri_posix, WS, false, "file:///ws/a/b.txt" => 0, "a/b.txt", "/ws/a/b.txt");
local!(uri_percent, WS, false, "file:///ws/a%20b/c%2Bd" => 0, "a b/c+d", "/ws/a b/c+d");
local!(uri_utf8, WS, false, "file:///ws/caf%C3%A9" => 0, "café", "/ws/café");
local!(uri_localhost, WS, false, "file://localhost/ws/x" => 0, "x", "/ws/x");
local!(uri_upper_scheme, WS, false, "FILE:///ws/x" => 0, "x", "/ws/x");
local!(uri_single_slash, WS, false, "file:/ws/x" => 0, "x", "/ws/x");
local!(uri_query_fragment, WS, false, "file:///ws/x?v=1#L10" => 0, "x", "/ws/x");
local!(uri_dotdot, WS, false, "file:///ws/a/../b" => 0, "b", "/ws/b");
local!(uri_drive, WIN, false, "file:///C:/Users/me/proj/x" => 0, "x", "C:/Users/me/proj/x");
local!(uri_drive_lower_encoded, WIN, false, "file:///c%3A/Users/me/proj/x" => 0, "x", "C:/Users/me/proj/x");
local!(uri_unc, UNC, false, "file://server/share/proj/x" => 0, "x", "//server/share/proj/x");
external!(uri_encoded_dotdot_escapes, WS, false, "file:///ws/%2E%2E/etc" => "/etc");
external!(uri_outside, WS, false, "file:///etc/passwd" => "/etc/passwd");

// --- Case-insensitive -------------------------------------------------------------------------
local!(ci_absolute, WS, true, "/WS/Src/Main.rs" => 0, "Src/Main.rs", "/WS/Src/Main.rs");
local!(ci_windows, WIN, true, "c:\\users\\ME\\Proj\\x" => 0, "x", "C:/users/ME/Proj/x");
local!(ci_unicode, &["/Ärger"], true, "/ärger/x" => 0, "x", "/ärger/x");
external!(ci_still_whole_components, WS, true, "/WSX/a" => "/WSX/a");
external!(cs_differs, WS, false, "/WS/a" => "/WS/a");

// --- No roots ---------------------------------------------------------------------------------
local!(no_roots_relative, NONE, false, "src/a.rs" => 0, "src/a.rs", "src/a.rs");
local!(no_roots_normalised, NONE, false, "./src/../b//c" => 0, "b/c", "b/c");
// with no roots a relative path prints relative: one that would read as a home path keeps
// its `./`
local!(no_roots_tilde_name, NONE, false, "./~" => 0, "~", "./~");
local!(no_roots_tilde_dir, NONE, false, "./~/x" => 0, "~/x", "./~/x");
local!(no_roots_scheme_like_name, NONE, false, "./ab://c" => 0, "ab/c", "ab/c");
local!(no_roots_dot, NONE, false, "." => 0, "", ".");
external!(no_roots_absolute, NONE, false, "/etc/passwd" => "/etc/passwd");
external!(no_roots_windows, NONE, false, "C:\\x" => "C:/x");
external!(no_roots_escape, NONE, false, "../x" => "../x");
external!(no_roots_escape_deeper, NONE, false, "a/../../../x" => "../../x");

// --- Invalid ----------------------------------------------------------------------------------
invalid!(nul, WS, "a\0b", "NUL");
invalid!(nul_encoded, WS, "file:///ws/a%00b", "NUL");
invalid!(empty, WS, "", "empty");
invalid!(whitespace, WS, "  \t ", "empty");
invalid!(bad_percent, WS, "file:///ws/a%zz", "percent");
invalid!(percent_not_utf8, WS, "file:///ws/a%ff", "UTF-8");
invalid!(other_scheme, WS, "https://example.com/x", "URI");
invalid!(unc_without_share, WIN, "\\\\server", "share");
invalid!(verbatim_volume, WIN, "\\\\?\\Volume{x}\\a", "device");

// --- Directories ------------------------------------------------------------------------------
#[test]
fn trailing_separator_is_dir() {
    let w = ws(WS, false);
    assert!(w.resolve("src/").unwrap().is_dir);
    assert!(!w.resolve("src\\").unwrap().is_dir);
    assert!(ws(WIN, false).resolve("src\\").unwrap().is_dir);
    assert!(ws(WIN, false).resolve("src\\. ").unwrap().is_dir);
    assert!(w.resolve("src/..").unwrap().is_dir);
    assert!(w.resolve("/").unwrap().is_dir);
    assert!(w.resolve("file:///ws/a/").unwrap().is_dir);
    assert!(!w.resolve("src").unwrap().is_dir);
    assert!(!w.resolve("/ws/src/a.rs").unwrap().is_dir);
}

#[test]
fn resolve_from_cwd() {
    let w = ws(WS, false);
    let r = w.resolve_from(Some("/ws/sub"), "a.txt").unwrap();
    assert_eq!(
        (r.absolute.as_str(), r.relative.as_deref()),
        ("/ws/sub/a.txt", Some("sub/a.txt"))
    );
    let r = w.resolve_from(Some("sub"), "../b.txt").unwrap();
    assert_eq!(r.relative.as_deref(), Some("b.txt"));
    let r = w.resolve_from(Some("/tmp"), "a.txt").unwrap();
    assert_eq!((r.absolute.as_str(), r.root), ("/tmp/a.txt", None));
    let r = w.resolve_from(Some("/tmp"), "/ws/a").unwrap();
    assert_eq!(r.root, Some(0));
    assert!(w.resolve_from(Some("a\0"), "x").is_err());
}

#[test]
fn roots_are_normalised_and_validated() {
    let roots = ["/ws/./a/", "file:///srv/r"];
    let new = |roots: &[&str]| {
        let roots: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
        Workspace::new(&roots, PathSettings::default())
    };
    assert_eq!(new(&roots[..]).unwrap().roots(), ["/ws/a", "/srv/r"]);
    let w = new(&["c:\\x\\..\\y", "\\z", "file:///D:/w"]).unwrap();
    assert_eq!(w.roots(), ["C:/y", "C:/z", "D:/w"]);
    let err = new(&["relative/root"]).unwrap_err();
    assert_eq!(err.path, "relative/root");
    assert!(err.message.contains("absolute"));
    assert!(new(&[""]).is_err());
    assert!(new(&["/ws\0"]).is_err());
    // The primary root decides the flavour: on POSIX `C:\x` is a relative name; on Windows
    // `/x` needs the primary root's drive.
    assert!(new(&["/ws", "C:\\x"]).is_err());
    let windows = PathSettings {
        platform: Some(Platform::Windows),
        case_insensitive: None,
    };
    assert!(Workspace::new(&["/ws".to_string()], windows).is_err());
}

#[test]
fn normalising_is_idempotent_over_many_forms() {
    let forms = [
        "a/b/../c",
        "./x/./y/",
        "../../q",
        "/ws/../../z",
        "C:\\a\\..\\b",
        "\\\\s\\sh\\..\\x",
        "file:///ws/a%2Fb",
        "file:///ws/a%5Cb",
        "//s/sh",
        "\\\\?\\c:\\x\\.\\y",
        "a\\\\b//c",
    ];
    for roots in [WS, MULTI, WIN, UNC, NONE] {
        let w = ws(roots, false);
        for f in forms {
            let r = w.resolve(f).unwrap();
            let again = w.resolve(&r.absolute).unwrap();
            assert_eq!(again.absolute, r.absolute, "{f:?} with roots {roots:?}");
            assert_eq!(
                (again.root, &again.relative),
                (r.root, &r.relative),
                "{f:?} with roots {roots:?}"
            );
        }
    }
}

// Home-relative paths: the home directory is unknown, so they are external (never a folder
// named `~` inside the workspace).
external!(home_file, WS, false, "~/.bashrc" => "~/.bashrc");
external!(home_itself, WS, false, "~" => "~");
external!(home_backslash, WIN, false, "~\\notes\\a.txt" => "~/notes/a.txt");
local!(tilde_backslash_is_a_name_on_posix, WS, false, "~\\a" => 0, "~\\a", "/ws/~\\a");
external!(home_no_roots, NONE, false, "~/x/../y" => "~/y");
// after `~/`, every component is a name: blanks, `file:` and `C:` too (resolving the result
// again gives the same path)
external!(home_blank_component, WS, false, "~/\r\r/" => "~/\r\r");
external!(home_blank_component_again, WS, false, "~/\r\r" => "~/\r\r");
external!(home_uri_like_name, WS, false, "~/file:/etc/x" => "~/file:/etc/x");
external!(home_drive_like_name, WS, false, "~/C:/x" => "~/C:/x");
local!(tilde_inside_a_name, WS, false, "a~/b" => 0, "a~/b", "/ws/a~/b");

// --- POSIX: `//x` is `/x`; `\` and `:` are name characters -----------------------------------
local!(posix_double_slash, WS, false, "//ws/.env" => 0, ".env", "/ws/.env");
local!(posix_many_slashes, WS, false, "///ws//a" => 0, "a", "/ws/a");
local!(posix_uri_double_slash, WS, false, "file:////ws/.env" => 0, ".env", "/ws/.env");
local!(posix_uri_backslash, WS, false, "file:///ws\\a" => 0, "a", "/ws/a");
local!(posix_uri_without_slashes, WS, false, "file:ws/a" => 0, "a", "/ws/a");
local!(posix_uri_host, WS, false, "file://ws/a" => 0, "a", "/ws/a");
external!(posix_uri_drive_is_a_name, WS, false, "file:///C:/x" => "/C:/x");
local!(posix_windows_text_is_a_name, WS, false, "C:\\ws\\.env" => 0, "C:\\ws\\.env", "/ws/C:\\ws\\.env");
local!(posix_stream_is_a_name, WS, false, ".env::$DATA" => 0, ".env::$DATA", "/ws/.env::$DATA");
local!(posix_trailing_dot_is_kept, WS, false, ".env." => 0, ".env.", "/ws/.env.");

// --- Windows: streams, trailing dots, drive- and root-relative forms, device paths -------------
const WINWS: &[&str] = &["C:\\ws"];
local!(win_data_stream, WINWS, false, "C:\\ws\\.env::$DATA" => 0, ".env", "C:/ws/.env");
local!(win_named_stream, WINWS, false, ".env:secret" => 0, ".env", "C:/ws/.env");
local!(win_stream_on_a_directory, WINWS, false, "secrets::$INDEX_ALLOCATION\\k" => 0, "secrets/k", "C:/ws/secrets/k");
local!(win_trailing_dots_and_spaces, WINWS, false, ".env. ." => 0, ".env", "C:/ws/.env");
local!(win_trailing_dot_directory, WINWS, false, "secrets.\\k" => 0, "secrets/k", "C:/ws/secrets/k");
local!(win_dotdot_space, WINWS, false, "a\\.. \\x" => 0, "x", "C:/ws/x");
local!(win_dots_only_is_here, WINWS, false, "a\\...\\x" => 0, "a/x", "C:/ws/a/x");
local!(win_drive_relative, WINWS, false, "C:.env" => 0, ".env", "C:/ws/.env");
local!(win_drive_relative_lower, WINWS, false, "c:a\\b" => 0, "a/b", "C:/ws/a/b");
local!(win_root_relative_backslash, WINWS, false, "\\ws\\.env" => 0, ".env", "C:/ws/.env");
local!(win_uri_pipe_drive, WINWS, false, "file:///C|/ws/.env" => 0, ".env", "C:/ws/.env");
local!(win_uri_drive_as_host, WINWS, false, "file://C:/ws/x" => 0, "x", "C:/ws/x");
local!(win_uri_without_slashes, WINWS, false, "file:C:/ws/x" => 0, "x", "C:/ws/x");
local!(win_admin_share, WINWS, false, "\\\\localhost\\c$\\ws\\x" => 0, "x", "C:/ws/x");
local!(win_admin_share_loopback, WINWS, false, "//127.0.0.1/C$/ws/x" => 0, "x", "C:/ws/x");
local!(win_nt_prefix, WINWS, false, "\\??\\C:\\ws\\x" => 0, "x", "C:/ws/x");
local!(win_case_folds_unicode, WINWS, false, "C:\\WS\\ÄRGER" => 0, "ÄRGER", "C:/WS/ÄRGER");
external!(win_other_drive_absolute, WINWS, false, "D:\\ws\\x" => "D:/ws/x");
external!(win_unc_share, WINWS, false, "\\\\srv\\ws\\x" => "//srv/ws/x");
invalid!(win_other_drive_relative, WINWS, "D:x", "drive D");
invalid!(
    win_admin_share_of_another_name,
    WINWS,
    "\\\\pc\\c$\\x",
    "this machine"
);

// --- Places toolgate cannot know --------------------------------------------------------------
invalid!(home_climbing_out, WS, "~/../../ws/.env", "cannot know");
invalid!(home_parent, WS, "~/..", "home directory");
external!(home_detour_inside, WS, false, "~/a/../b" => "~/b");

#[test]
fn unknown_places_are_marked_as_such() {
    let w = ws(WINWS, false);
    for path in ["D:x", "~/../x", "\\\\pc\\d$\\x"] {
        assert!(w.resolve(path).unwrap_err().unknown_place, "{path:?}");
    }
    for path in ["a\0", "\\\\server", "file:///%zz"] {
        assert!(!w.resolve(path).unwrap_err().unknown_place, "{path:?}");
    }
    // A relative path from a cwd under `~` is under `~` too.
    let r = ws(WS, false).resolve_from(Some("~/a"), "b").unwrap();
    assert_eq!((r.absolute.as_str(), r.root), ("~/a/b", None));
    assert!(
        ws(WS, false)
            .resolve_from(Some("~"), "../x")
            .unwrap_err()
            .unknown_place
    );
}

#[test]
fn git_bash_drives_on_a_windows_root() {
    let w = ws(WINWS, false);
    for (word, drive) in [
        ("/c/ws/.env", Some("C:/ws/.env")),
        ("/D", Some("D:/")),
        ("/cygdrive/c/ws", Some("C:/ws")),
        ("/mnt/c/ws/x", Some("C:/ws/x")),
        ("/cd/x", None),
        ("c/x", None),
        ("/ws/x", None),
    ] {
        assert_eq!(w.shell_drive_path(word).as_deref(), drive, "{word:?}");
    }
    assert_eq!(ws(WS, false).shell_drive_path("/c/ws"), None);
}

#[test]
fn short_names() {
    for (name, short) in [
        ("SECRET~1", true),
        ("CLINEI~1", true),
        ("env~12", true),
        ("KEY~1.PEM", true),
        ("LONGNA~1.HTM", true),
        ("~1", false),
        ("SECRET~", false),
        ("SECRET~X", false),
        ("TOOLONGNAME~1", false),
        ("A~1.HTML", false),
        ("a.txt", false),
    ] {
        assert_eq!(
            toolgate::workspace::may_be_short_name(name),
            short,
            "{name:?}"
        );
    }
}

#[test]
fn macos_names_compare_folded_and_normalised() {
    let settings = PathSettings {
        platform: Some(Platform::Macos),
        case_insensitive: None,
    };
    let w = Workspace::new(&["/Users/josé/ws".to_string()], settings).unwrap();
    for path in [
        "/Users/jose\u{301}/ws/a",
        "/USERS/JOSÉ/WS/a",
        "/users/JOSE\u{301}/Ws/a",
    ] {
        let r = w.resolve(path).unwrap();
        assert_eq!(
            (r.root, r.relative.as_deref()),
            (Some(0), Some("a")),
            "{path:?}"
        );
    }
    assert_eq!(w.resolve("/Users/jose/ws/a").unwrap().root, None);
    let linux = Workspace::new(&["/Users/josé/ws".to_string()], PathSettings::default()).unwrap();
    assert_eq!(linux.resolve("/Users/jose\u{301}/ws/a").unwrap().root, None);
}
external!(home_of_a_user, WS, false, "~root/.ssh/id" => "~root/.ssh/id");
invalid!(
    home_of_a_user_climbing_out,
    WS,
    "~nobody/../ws/secrets/k",
    "cannot know"
);
local!(tilde_name_alone, WS, false, "~draft" => 0, "~draft", "/ws/~draft");
local!(tilde_name_with_odd_characters, WS, false, "~$doc.docx" => 0, "~$doc.docx", "/ws/~$doc.docx");

#[test]
fn macos_system_links_lead_under_private() {
    let macos = PathSettings {
        platform: Some(Platform::Macos),
        case_insensitive: None,
    };
    let w = Workspace::new(&["/tmp/ws".to_string()], macos).unwrap();
    assert_eq!(w.roots(), ["/private/tmp/ws"]);
    for path in [
        "/tmp/ws/.env",
        "/private/tmp/ws/.env",
        "/TMP/ws/.env",
        "//tmp/ws/.env",
    ] {
        let r = w.resolve(path).unwrap();
        assert_eq!(
            (r.root, r.relative.as_deref()),
            (Some(0), Some(".env")),
            "{path:?}"
        );
        assert_eq!(
            w.resolve(&r.absolute).unwrap().absolute,
            r.absolute,
            "{path:?}"
        );
    }
    let w = Workspace::new(&["/private/var/folders/x/ws".to_string()], macos).unwrap();
    assert_eq!(w.resolve("/var/folders/x/ws/a").unwrap().root, Some(0));
    assert_eq!(w.resolve("/usr/var/folders/x/ws/a").unwrap().root, None);
    // Linux has no such links.
    let linux = Workspace::new(&["/tmp/ws".to_string()], PathSettings::default()).unwrap();
    assert_eq!(linux.resolve("/private/tmp/ws/a").unwrap().root, None);
}
