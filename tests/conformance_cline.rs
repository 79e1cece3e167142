//! Cline's own tests (v4.0.10), ported: ClineIgnoreController, CommandPermissionController
//! (through `importCline`) and the ToolValidator cases of the path tool handlers. The data is
//! in tests/fixtures/conformance/cline-*.tsv (format: tests/conformance/mod.rs); the same cases
//! go through the JS `Gatekeeper` in tests/wasm_conformance.rs.
#![cfg(not(target_arch = "wasm32"))]

mod conformance;

#[test]
fn cline_ignore_controller() {
    conformance::run(&["cline-ignore"], conformance::native::judge);
}

#[test]
fn cline_command_permission_controller() {
    conformance::run(&["cline-command-permissions"], conformance::native::judge);
}

#[test]
fn cline_tool_validator() {
    conformance::run(&["cline-tool-validator"], conformance::native::judge);
}

/// The README's table of ported cases is this suite's count.
#[test]
fn the_readme_states_the_counts() {
    let cases: Vec<_> = conformance::FILES
        .iter()
        .flat_map(|(n, t)| conformance::parse(n, t))
        .collect();
    for (file, n) in conformance::counts(&cases) {
        let row = conformance::readme_row(&file, &n);
        assert!(
            conformance::README.contains(&row),
            "README lacks the row {row}"
        );
    }
}

#[test]
fn every_fixture_file_is_listed() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/conformance");
    for entry in std::fs::read_dir(dir).expect("fixture folder") {
        let name = entry
            .expect("entry")
            .file_name()
            .into_string()
            .expect("name");
        if let Some(stem) = name.strip_suffix(".tsv").filter(|s| *s != "registries") {
            assert!(
                conformance::FILES.iter().any(|(n, _)| *n == stem),
                "{name} is not listed in tests/conformance/mod.rs FILES"
            );
        }
    }
}
