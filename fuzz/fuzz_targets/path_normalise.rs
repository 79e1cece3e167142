//! The workspace path normaliser. Input: one path (any bytes; non-UTF-8 is skipped, as the
//! facade never hands those to the core).
//!
//! Properties: never panics; resolving a result's `absolute` again gives the same absolute
//! path, root and relative path (normalising twice changes nothing); a resolved path's
//! `relative` joined to its root resolves back to the same place; `Access` (ignore rules on
//! top) agrees with `Workspace` on validity; a path that is invalid is ignored and external
//! (fails closed).
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate::access::{Access, IgnoreSource};
use toolgate::workspace::Workspace;
use toolgate::Locality;

fuzz_target!(|data: &[u8]| {
    let Ok(path) = std::str::from_utf8(data) else {
        return;
    };
    toolgate_fuzz::fixtures::with_workspaces(|spaces| {
        for ws in spaces {
            check(ws, path);
        }
    });
    let access = toolgate_fuzz::fixtures::access();
    match access.workspace().resolve(path) {
        Ok(_) => {}
        Err(_) => {
            assert!(
                access.is_ignored(path),
                "an invalid path must count as ignored: {path:?}"
            );
            assert_eq!(access.classify(path), Locality::External, "{path:?}");
        }
    }
    let _ = access.blocked_from(Some("src"), path);
    let _ = access.blocked_from(Some("../x"), path);
    let _ = access.blocked_from(Some(path), "a.txt");
    let _ = Access::new(
        &[path.to_string()],
        Default::default(),
        IgnoreSource {
            text: None,
            includes: Default::default(),
            file_name: ".clineignore".into(),
        },
    );
});

fn check(ws: &Workspace, path: &str) {
    let Ok(first) = ws.resolve(path) else { return };
    let again = ws.resolve(&first.absolute).unwrap_or_else(|e| {
        panic!(
            "{path:?} → {:?}, which does not resolve: {e}",
            first.absolute
        )
    });
    assert_eq!(
        (&again.absolute, again.root, &again.relative),
        (&first.absolute, first.root, &first.relative),
        "normalising {path:?} twice changed it (roots {:?})",
        ws.roots()
    );
    if let (Some(root), Some(rel)) = (first.root, first.relative.as_deref()) {
        if let Some(root_text) = ws.roots().get(root) {
            let joined = if rel.is_empty() {
                root_text.clone()
            } else {
                format!("{}/{rel}", root_text.trim_end_matches('/'))
            };
            let back = ws
                .resolve(&joined)
                .unwrap_or_else(|e| panic!("{joined:?} (from {path:?}) does not resolve: {e}"));
            assert_eq!(back.root, first.root, "{path:?} → {joined:?}");
            assert_eq!(back.relative, first.relative, "{path:?} → {joined:?}");
        }
    }
    assert_eq!(ws.classify(path).ok(), Some(first.locality()));
}
