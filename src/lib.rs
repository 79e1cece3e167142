//! toolgate: decides, before an AI agent's tool call runs, whether it *can* run (the validator)
//! and whether the user *should be asked* (the approval engine).
//!
//! The core is pure Rust and tested on the host; the facade (`src/wasm/`, built for wasm32
//! only) is the only module that knows JavaScript, and it only converts values and awaits.
//! `tests/layering.rs` enforces that the core never reaches it (docs/architecture.md).

pub mod access;
pub mod allow_list;
pub mod call;
pub mod catalogue;
pub mod codes;
pub mod engine;
pub mod exec_places;
pub(crate) mod glob;
pub mod glob_overlap;
pub mod ignore;
pub mod import;
pub mod map;
pub mod mcp;
pub mod patch;
pub mod platform;
pub mod policy;
pub mod reads;
pub mod rules;
pub mod safety;
pub mod settings;
pub mod shell;
pub(crate) mod text;
pub mod validate;
pub mod verdict;
pub mod view;
pub mod workspace;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod typescript;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use call::{ToolCall, Value};
pub use catalogue::{Catalogue, Tier, ToolSpec};
pub use settings::{ErrorCode, Settings, SettingsError};
pub use verdict::{Decision, Locality, Verdict};
