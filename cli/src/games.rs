//! Which family a game name belongs to (category or push-your-luck).

use anyhow::bail;

pub enum Family {
    Category,
    PushLuck,
}

pub fn family(name: &str) -> anyhow::Result<Family> {
    if solver::category::games::lookup(name).is_some() {
        return Ok(Family::Category);
    }
    if solver::pushluck::is_game(name) {
        return Ok(Family::PushLuck);
    }
    let mut names: Vec<&str> = solver::category::games::NAMES.to_vec();
    names.extend(solver::pushluck::GAME_NAMES);
    bail!("unknown game `{name}`; known games: {}", names.join(", "))
}
