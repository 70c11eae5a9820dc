//! The category games sixdice knows.
pub const NAMES: &[&str] = &["yahtzee-deluxe", "yahtzee", "yatzy"];
pub fn lookup(name: &str) -> Option<&'static str> {
    NAMES.iter().copied().find(|&n| n == name)
}
