//! The harness's own tests, ported: ApprovalManager, the bash critical-pattern interceptor and
//! the CLI's approval sessions (tests/fixtures/conformance/harness-*.tsv; format:
//! tests/conformance/mod.rs), and both originals' tool registries against the default catalogue.
#![cfg(not(target_arch = "wasm32"))]

mod conformance;

use toolgate::catalogue::Catalogue;

#[test]
fn harness_approval_manager() {
    conformance::run(&["harness-approval"], conformance::native::judge);
}

#[test]
fn harness_bash_interceptor() {
    conformance::run(&["harness-bash-interceptor"], conformance::native::judge);
}

#[test]
fn harness_approval_cli() {
    conformance::run(&["harness-approval-cli"], conformance::native::judge);
}

/// Every tool Cline (v4.0.10) and the harness ship is known to the default catalogue, with the
/// tier and required params tests/fixtures/conformance/registries.tsv lists for it; a tier
/// other than the original's names the README sentence that explains it.
#[test]
fn both_registries_are_in_the_catalogue() {
    let catalogue = Catalogue::default();
    let text = include_str!("fixtures/conformance/registries.tsv");
    let mut failures = Vec::new();
    let mut n = 0;
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        n += 1;
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 7, "registries.tsv:{}: {line:?}", i + 1);
        let [registry, tool, upstream, tier, required, _defined_in, difference] =
            cols[..].try_into().expect("seven columns");
        // Cline's AutoApprove groups in toolgate's tier names
        let same_tier = match upstream {
            "edit" => "write",
            "command" => "exec",
            "asks-user" => "interaction",
            other => other,
        } == tier;
        if !same_tier || difference != "-" {
            let text = difference.strip_prefix("README: ").unwrap_or_else(|| {
                panic!(
                    "registries.tsv:{}: {registry} {tool}: name the README sentence",
                    i + 1
                )
            });
            assert!(conformance::README.contains(text), "README lacks {text:?}");
        }
        if !catalogue.is_known(tool) {
            failures.push(format!("{registry} tool {tool} is not in the catalogue"));
            continue;
        }
        let spec = catalogue.spec(tool);
        let want: Vec<&str> = required.split(',').filter(|r| !r.is_empty()).collect();
        if spec.tier.as_str() != tier || spec.required != want {
            failures.push(format!(
                "{registry} tool {tool}: catalogue has {} {:?}, the table {tier} {want:?}",
                spec.tier.as_str(),
                spec.required
            ));
        }
    }
    assert!(n > 30, "the table lists both registries");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
