//! One text renderer per report. (`--json` serialises the same reports.)

mod advice;
mod compare;
mod review;
mod sheets_win;
mod simulation;
mod strategy;
pub(crate) mod table;
mod win_strategy;

pub use advice::{advice, interval_pct};
pub use compare::CompareStream;
pub use review::{review, review_summary};
pub use simulation::simulation;
pub use strategy::strategy;
pub use table::table;
use win_strategy::win_strategy;
