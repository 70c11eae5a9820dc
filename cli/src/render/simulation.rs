//! `simulate`: the distribution of final scores of optimally played games.

use solver::category::simulate::SimulationReport;

use crate::output::TextTable;

pub fn simulation(r: &SimulationReport) -> String {
    let mut t = TextTable::new(["game", &r.game.title]);
    t.row(["games (seed)".to_string(), format!("{} (seed {})", r.games, r.seed)]);
    t.row(["optimal expected score (table)".to_string(), format!("{:.4}", r.expected_score)]);
    t.row(["mean final score".to_string(), format!("{:.3} ± {:.3} (standard error)", r.mean, r.std_error)]);
    t.row(["standard deviation".to_string(), format!("{:.2}", r.std_dev)]);
    t.row(["lowest / highest".to_string(), format!("{} / {}", r.min, r.max)]);
    let pct: Vec<String> = r.percentiles.iter().map(|p| format!("{}%: {}", p.percent, p.score)).collect();
    t.row(["percentiles".to_string(), pct.join(", ")]);
    if let Some(b) = r.upper_bonus {
        t.row([format!("upper bonus ({}) won", b.points), format!("{:.2}%", 100.0 * b.rate)]);
    }
    t.row(["other bonuses won".to_string(), format!("{:.2}%", 100.0 * r.other_bonus_rate)]);
    let zeros: Vec<String> = r.zeros.iter().map(|z| format!("{} {:.2}%", z.category, 100.0 * z.rate)).collect();
    t.row(["boxes ending at 0".to_string(), zeros.join(", ")]);
    t.row(["time".to_string(), format!("{:.2} s ({:.0} games/s)", r.seconds, r.games_per_second)]);
    t.render()
}
