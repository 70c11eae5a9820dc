//! One text renderer per report. (`--json` serialises the same reports.)

mod advice;
mod simulation;
mod strategy;
mod table;

pub use advice::advice;
pub use simulation::simulation;
pub use strategy::strategy;
pub use table::table;
