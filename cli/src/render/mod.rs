//! One text renderer per report. (`--json` serialises the same reports.)

mod advice;
mod strategy;
mod table;

pub use advice::advice;
pub use strategy::strategy;
pub use table::table;
