//! Critical commands: the ones that prompt in every mode but `unattended`.
//!
//! INTERFACE STUB — implemented by the shell-analysis work (issue 4).

use super::Analysis;

#[derive(Debug, Clone, PartialEq)]
pub struct Critical {
    /// Stable label, e.g. `recursive-delete-root`, `force-push`.
    pub label: &'static str,
    /// The offending command, for the reason sentence.
    pub command: String,
}

pub fn detect(_analysis: &Analysis) -> Option<Critical> {
    None
}
