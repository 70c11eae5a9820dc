pub mod solve;
pub mod info;
pub mod advise;
