//! Shared pieces of the fuzz targets: the reference gitignore matcher and the engine fixtures.

pub mod fixtures;
pub mod reference;
