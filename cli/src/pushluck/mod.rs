pub mod solve;
pub mod info;
pub mod advise;
pub mod strategy;
pub mod rules;
