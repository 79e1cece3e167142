//! Shared pieces of the fuzz targets: the reference gitignore matcher, the engine fixtures and
//! the bash oracle (kept with its test, tests/shell_bash_oracle.rs).

pub mod fixtures;
#[path = "../../tests/shell_bash_oracle/oracle.rs"]
pub mod oracle;
pub mod reference;
#[path = "../../tests/shell_bash_oracle/reprint.rs"]
pub mod reprint;
