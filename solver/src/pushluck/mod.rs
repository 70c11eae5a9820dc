//! Push-your-luck games (Farkle, Dice 10000, Yahtzix).

/// Names (and aliases) of the built-in push-your-luck rule sets.
pub const GAME_NAMES: &[&str] = &["farkle", "ten-thousand", "yahtzix"];

/// True if `name` is a built-in push-your-luck game or an alias of one.
pub fn is_game(name: &str) -> bool {
    GAME_NAMES.contains(&name)
}
