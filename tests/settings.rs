//! Reading and validating settings, one case per line (tests/fixtures/settings/cases.tsv):
//! each bad value's field path, code and message; the setters give the same error as the
//! constructor; what reads back writes back the same.

use serde_json::Value as Json;
use toolgate::engine::Engine;
use toolgate::settings::{self, ErrorCode, Rules, Settings, SettingsError};

const CASES: &str = include_str!("fixtures/settings/cases.tsv");

/// serde_json's errors end in " at line L column C"; the facade's reader has no position.
fn positionless(mut e: SettingsError) -> SettingsError {
    if let Some((message, _)) = e.message.rsplit_once(" at line ") {
        e.message = message.to_string();
    }
    e
}

fn read(json: &str) -> Result<Settings, SettingsError> {
    Settings::read(&mut serde_json::Deserializer::from_str(json)).map_err(positionless)
}

/// A part of the settings as a setter reads it, its paths under `prefix`.
fn read_part<T: serde::de::DeserializeOwned>(v: &Json, prefix: &str) -> Result<T, SettingsError> {
    settings::read_at(v.clone(), prefix).map_err(positionless)
}

/// (line, json, expected error or None for ok)
fn cases() -> Vec<(usize, &'static str, Option<(String, String, String)>)> {
    let mut out = Vec::new();
    for (n, line) in CASES.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let want = match cols.as_slice() {
            [_, "ok"] => None,
            [_, field, code, message] => {
                let field = if *field == "." { "" } else { field };
                Some((field.to_string(), code.to_string(), message.to_string()))
            }
            _ => panic!("line {}: malformed: {line}", n + 1),
        };
        out.push((n + 1, cols[0], want));
    }
    out
}

fn got(r: Result<(), SettingsError>) -> Option<(String, String, String)> {
    r.err().map(|e| (e.field, e.code.to_string(), e.message))
}

#[test]
fn every_case_reads_and_validates_as_stated() {
    let mut failures = Vec::new();
    for (line, json, want) in cases() {
        let r = read(json).and_then(|s| s.validate());
        let got = got(r);
        if got != want {
            failures.push(format!(
                "line {line}: {json}\n  want {want:?}\n  got  {got:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A value a setter replaces is refused by it with the constructor's field, code and
/// message, and the engine is left as it was.
#[test]
fn setters_report_what_the_constructor_reports() {
    let mut checked = 0;
    for (line, json, _) in cases() {
        let Ok(Json::Object(o)) = serde_json::from_str::<Json>(json) else {
            continue;
        };
        // the constructor's answer on the same value (a JSON value keeps one of duplicate keys)
        let want = got(read(&Json::Object(o.clone()).to_string()).and_then(|s| s.validate()));
        let keys: Vec<&str> = o.keys().map(String::as_str).collect();
        let mut e = Engine::new(Settings::default()).unwrap();
        let before = e.snapshot();
        let r = match keys.as_slice() {
            ["rules"] => read_part::<Rules>(&o["rules"], "rules")
                .and_then(|r| e.set_rules(r))
                .map(drop),
            ["workspaceRoots"] => read_part::<Vec<String>>(&o["workspaceRoots"], "workspaceRoots")
                .and_then(|r| e.set_workspace_roots(&r))
                .map(drop),
            ["ignoreFile", "ignoreIncludes"] | ["ignoreFile"] => {
                let text = read_part(&o["ignoreFile"], "ignoreFile");
                let includes = o
                    .get("ignoreIncludes")
                    .map_or(Ok(Default::default()), |v| read_part(v, "ignoreIncludes"));
                text.and_then(|t| Ok((t, includes?)))
                    .and_then(|(t, i)| e.set_ignore_file(Some(t), i))
                    .map(drop)
            }
            _ => continue,
        };
        let got = got(r);
        assert_eq!(got, want, "line {line}: {json}");
        if got.is_some() {
            assert_eq!(
                e.snapshot(),
                before,
                "line {line}: a failed set changes nothing"
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} setter cases");
}

/// Settings that read write back to the same settings, leaving defaults out.
#[test]
fn what_reads_writes_back() {
    for (line, json, want) in cases() {
        if want.is_some() {
            continue;
        }
        let s = read(json).unwrap();
        let written = serde_json::to_string(&s).unwrap();
        assert_eq!(read(&written).unwrap(), s, "line {line}");
        let written: Json = serde_json::from_str(&written).unwrap();
        let given: Json = serde_json::from_str(json).unwrap();
        for key in written.as_object().unwrap().keys() {
            assert!(
                given.get(key).is_some(),
                "line {line}: {key} written, not given"
            );
        }
    }
    assert_eq!(serde_json::to_string(&Settings::default()).unwrap(), "{}");
}

/// Every code of the table is shown by a case, so the table holds no dead code (but
/// `unreadable`: only a JS getter or proxy can throw while it is read).
#[test]
fn every_code_has_a_case() {
    let cases = cases();
    let readable = ErrorCode::ALL
        .iter()
        .filter(|&&c| c != ErrorCode::Unreadable);
    for code in readable.map(|c| c.code()) {
        assert!(
            cases
                .iter()
                .any(|(_, _, want)| want.as_ref().is_some_and(|w| w.1 == code)),
            "no case for {code}"
        );
    }
}

/// The engine accepts exactly what `validate` accepts, with the same error.
#[test]
fn the_engine_refuses_what_validate_refuses() {
    for (line, json, _) in cases() {
        let Ok(s) = read(json) else { continue };
        assert_eq!(
            Engine::new(s.clone()).err(),
            s.validate().err(),
            "line {line}"
        );
    }
}

#[test]
fn errors_display_their_field() {
    let e = read(r#"{"rules":{"allow":["ok","bash("]}}"#)
        .and_then(|s| s.validate())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid settings: rules.allow[1]: invalid rule `bash(`: unbalanced parentheses: missing `)`"
    );
    assert_eq!(
        read("\"x\"").unwrap_err().to_string(),
        "invalid settings: invalid type: string \"x\", expected struct Settings"
    );
}

/// A snapshot must carry its version; plain settings need not.
#[test]
fn a_snapshot_needs_its_version() {
    let plain = read(r#"{"mode":"write"}"#).unwrap();
    plain.validate().unwrap();
    let e = plain.check_snapshot().unwrap_err();
    assert_eq!((e.field.as_str(), e.code), ("version", "missing-field"));
    let snap = Engine::new(plain).unwrap().snapshot();
    snap.check_snapshot().unwrap();
    assert_eq!(
        read(r#"{"version":2}"#)
            .unwrap()
            .check_snapshot()
            .unwrap_err()
            .under("snapshot")
            .field,
        "snapshot.version"
    );
}

/// What an importer returns is settings the constructor reads back as they are: written as
/// JS gets them, read by the settings reader, equal, and accepted by the engine.
#[test]
fn every_import_reads_back_as_settings() {
    use toolgate::import::{claude, cline, harness, Imported};
    let fixture = |name: &str| {
        let path = format!(
            "{}/tests/fixtures/import/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(path).expect("fixture")
    };
    let json = |name: &str| serde_json::from_str::<Json>(&fixture(name)).unwrap();
    let claude_block = json("claude-settings.json")["permissions"].clone();
    let context = claude::ClaudeContext {
        workspace_root: Some("/home/ada/proj"),
        home: Some("/home/ada"),
    };
    let imports: Vec<(&str, Imported)> = vec![
        (
            "claude",
            claude::permissions(&serde_json::from_value(claude_block).unwrap(), context),
        ),
        (
            "cline",
            cline::auto_approval(
                &serde_json::from_value(json("cline-auto-approval-legacy.json")).unwrap(),
            )
            .merge(cline::command_permissions(
                &serde_json::from_value(json("cline-command-permissions.json")).unwrap(),
            ))
            .merge(cline::ignore_file(&fixture("clineignore"))),
        ),
        (
            "harness",
            harness::settings(&serde_json::from_value(json("harness-approval.json")).unwrap()),
        ),
    ];
    for (name, imported) in imports {
        assert_ne!(
            imported.config,
            Settings::default(),
            "{name}: imports something"
        );
        let written = serde_json::to_string(&imported.config).unwrap();
        let back = read(&written).unwrap_or_else(|e| panic!("{name}: {e}\n{written}"));
        assert_eq!(back, imported.config, "{name}");
        Engine::new(back).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
