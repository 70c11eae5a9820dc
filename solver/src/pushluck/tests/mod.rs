//! The push-your-luck engine against independent oracles: the scoring
//! rules, turn values by brute force, and the rules-file format.

mod choose_dice;
mod engine;
