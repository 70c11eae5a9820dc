//! `sixdice advise --game GAME --dice ... [--roll N] [--sheet ...]` for
//! category games.

use anyhow::bail;
use solver::category::advise::{advise, validate, Action, Ranked};
use solver::category::{sheet::Sheet, turn::TurnModel};
use solver::dice::{dice_count, format_dice, parse_dice};

use crate::args::{AdviseArgs, Cli};
use crate::output::{print_json, TextTable};

pub fn run(cli: &Cli, a: &AdviseArgs) -> anyhow::Result<()> {
    for (flag, given) in [
        ("--banked", a.banked != 0),
        ("--score", a.score.is_some()),
        ("--farkles", a.farkles != 0),
        ("--ones", a.ones != 0),
    ] {
        if given {
            bail!("{flag} is for push-your-luck games; `{}` is a category game (use --sheet)", a.game);
        }
    }
    let game = super::game(&a.game, &a.sel)?;
    let dice = parse_dice(&a.dice)?;
    let roll = a.roll.unwrap_or(1);
    let sheet = Sheet::parse(&game, &a.sheet)?;
    // Reject bad questions before a missing table is solved for them.
    validate(&game, &sheet, &dice, roll)?;
    let model = TurnModel::new(&game);
    let table = super::open_or_solve(cli, &model)?;
    let ranked = advise(&model, table.values(), &sheet, &dice, roll)?;
    // Standing pat is best only if it stays best on every later roll (fewer
    // rolls left only make re-rolling worse), so it ends in the box that is
    // best for these dice on the last roll: name it. (On the last roll there
    // are no keeps to describe.)
    let stand_pat_box = if roll as usize == game.rolls {
        String::new()
    } else {
        match advise(&model, table.values(), &sheet, &dice, game.rolls as u32)?.first() {
            Some(Ranked { action: Action::Score { category, points }, .. }) => {
                format!("score {points} in {}", game.categories[*category].name)
            }
            _ => String::new(),
        }
    };
    let describe = |r: &Ranked| -> String {
        match &r.action {
            Action::Keep { keep } if dice_count(keep) == game.dice => format!("keep all, then {stand_pat_box}"),
            Action::Keep { keep } if dice_count(keep) == 0 => format!("re-roll all {}", game.dice),
            Action::Keep { keep } => format!("keep {} (re-roll {})", format_dice(keep), game.dice - dice_count(keep)),
            Action::Score { category, points } => format!("score {points} in {}", game.categories[*category].name),
        }
    };
    let so_far = sheet.total(&game);
    let filled = sheet.entries.iter().filter(|e| e.is_some()).count();
    if cli.json {
        let alts: Vec<serde_json::Value> = ranked
            .iter()
            .take(a.top.max(1))
            .map(|r| {
                let mut v = match &r.action {
                    Action::Keep { keep } => serde_json::json!({
                        "action": "keep",
                        "keep": solver::dice::faces_of(keep),
                        "reroll": game.dice - dice_count(keep),
                    }),
                    Action::Score { category, points } => serde_json::json!({
                        "action": "score",
                        "category": game.categories[*category].name,
                        "points": points,
                    }),
                };
                v["expected_final_score"] = serde_json::json!(r.expected);
                v["description"] = serde_json::json!(describe(r));
                v
            })
            .collect();
        print_json(&serde_json::json!({
            "game": game.id,
            "title": game.title,
            "options": game.options,
            "dice": solver::dice::faces_of(&dice),
            "roll": roll,
            "rolls": game.rolls,
            "filled_boxes": filled,
            "points_so_far": so_far,
            "best": alts[0],
            "alternatives": alts,
        }));
        return Ok(());
    }
    let best = &ranked[0];
    println!(
        "{}: roll {roll} of {}, dice {}, {filled} of {} boxes filled, {so_far} points so far",
        game.title,
        game.rolls,
        format_dice(&dice),
        game.categories.len()
    );
    println!("best: {} -> expected final score {:.2}", describe(best), best.expected);
    println!();
    let mut t = TextTable::new(["#", "action", "expected final", "vs best"]).right(0).right(2).right(3);
    for (i, r) in ranked.iter().take(a.top.max(1)).enumerate() {
        let diff = if i == 0 { String::new() } else { format!("{:+.2}", r.expected - best.expected) };
        t.row([(i + 1).to_string(), describe(r), format!("{:.2}", r.expected), diff]);
    }
    print!("{}", t.render());
    Ok(())
}
