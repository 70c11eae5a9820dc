//! The category engine against independent oracles: every game's boxes by
//! their rule text ([`scoring`]), brute-force enumerations of reachable
//! states and small solves ([`bruteforce`]), and Six Hundred's locked dice
//! and rungs ([`sixhundred`]).

pub(crate) mod bruteforce;
mod scoring;
mod sixhundred;
