//! The games sixdice knows, as a front end lists them: each game's names,
//! its options with their allowed values, the variants `compare` sets
//! beside it, and what its rules under the options chosen let a question
//! or a table hold (its sheet, locked dice, counted rolls, the fields of
//! an `advise` request, the players sixdice seats), how long its table's
//! whole solve takes when that is long, and (for a tables directory)
//! whether the table is there. Read from the registry and from the game
//! itself, so no front end keeps a list of its own or names a game to know
//! its rules.

use std::path::Path;

use crate::category::model::KeepRule;
use crate::commands::{info, long_solve_seconds};
use crate::computer::Player;
use crate::options::{OptionKind, OptionSpec};
use crate::pushluck::PushLuckGame;
use crate::question::InfoQuestion;
use crate::registry::{find, resolve, Game, GameKind, GAMES};
use crate::report::{BoxListing, ComputerListing, GameListing, OptionListing, OptionValue, SheetListing};
use crate::vocabulary::Objective;

/// Every game sixdice knows under its default options, in the registry's
/// order (listed once a process: building every game and estimating its
/// whole solve takes tens of milliseconds).
pub fn games() -> Vec<GameListing> {
    static LISTED: std::sync::OnceLock<Vec<GameListing>> = std::sync::OnceLock::new();
    LISTED
        .get_or_init(|| {
            GAMES.iter().filter_map(|entry| resolve(entry.id, &[], None).ok()).map(|g| describe(&g)).collect()
        })
        .clone()
}

/// `game` as its options and house rules make it (whether its table is
/// in a tables directory is [`describe_in`]'s).
pub fn describe(game: &Game) -> GameListing {
    let r = game.reference();
    let entry = find(&r.id).expect("a resolved game is in the registry");
    let objective = Objective::of(false, entry.family);
    let long_solve_seconds = long_solve_seconds(game, objective, 2);
    let solve_command = r.solve_command(objective);
    let category = matches!(game.0, GameKind::Category(_));
    let (sheet, locked_dice, rolls, advise_fields) = match &game.0 {
        GameKind::Category(g) => (
            Some(SheetListing {
                boxes: g.categories.iter().map(|c| BoxListing { name: c.name, aliases: c.aliases }).collect(),
                entries: g.extra.sheet_entries(),
            }),
            g.keep_rule == KeepRule::Locked,
            u32::try_from(g.rolls).ok(),
            category_fields(g.keep_rule == KeepRule::Locked),
        ),
        GameKind::PushLuck(g) => {
            let rolls = g.rules.turn.max_rolls;
            (None, false, (rolls > 0).then_some(rolls), push_luck_fields(g))
        }
    };
    GameListing {
        id: entry.id,
        aliases: entry.aliases,
        family: entry.family,
        name: entry.name,
        summary: entry.summary,
        title: r.title,
        dice: game.dice(),
        options: entry.options.iter().map(OptionListing::of).collect(),
        compare_variants: entry.compare_variants,
        sheet,
        locked_dice,
        rolls,
        long_solve: long_solve_seconds.is_some(),
        long_solve_seconds,
        solve_command,
        table_present: None,
        advise_fields,
        computer_players: Player::at_the_table(category)
            .into_iter()
            .map(|(p, plays)| ComputerListing { name: p.name(), plays })
            .collect(),
    }
}

/// `game` as [`describe`] lists it, with whether its table is in `tables`
/// ([`GameListing::table_present`]; nothing is solved): what a front end
/// serving one tables directory says before it starts anything, such as
/// a long solve's table missing there.
pub fn describe_in(game: &Game, tables: &Path) -> GameListing {
    GameListing { table_present: Some(table_present(game, tables)), ..describe(game) }
}

/// The table of `game` the listing is about (under the final-score or the
/// turn-score objective) is in `tables` and opens: `info` answers.
fn table_present(game: &Game, tables: &Path) -> bool {
    let q = InfoQuestion {
        objective: Objective::of(false, game.reference().family),
        verify: false,
        players: 2,
        distribution: false,
        target: None,
        sheet: None,
    };
    info(game, &q, tables).is_ok()
}

/// The `advise` fields of a category game: `target` (play to reach a
/// score) and `distribution` (the final score's) always — from tables, or
/// with locked dice solved below a late sheet — `opponent-sheet` (play to
/// win) where the game has its tables, `locked` with locked dice.
fn category_fields(locked: bool) -> Vec<&'static str> {
    let mut fields = vec!["dice", "roll", "sheet"];
    if locked {
        fields.extend(["locked", "target", "distribution"]);
    } else {
        fields.extend(["target", "distribution", "opponent-sheet"]);
    }
    fields
}

/// The `advise` fields a push-your-luck game's rules take: the turn and
/// the totals always; the rest only under the rule that gives them a
/// meaning.
fn push_luck_fields(g: &PushLuckGame) -> Vec<&'static str> {
    let (turn, game) = (&g.rules.turn, &g.rules.game);
    let mut fields = vec!["dice", "banked", "score", "opponent", "opponents", "objective"];
    let ruled = [
        (turn.max_rolls > 0, "roll"),
        (turn.three_farkle_penalty > 0, "farkles"),
        (turn.three_farkle_penalty > 0, "opponent-farkles"),
        (turn.vant_hof > 0, "ones"),
        (turn.piggyback, "leftover"),
        (turn.piggyback_return, "inherited"),
        (game.exact_goal && game.choose_dice_within > 0, "held"),
    ];
    fields.extend(ruled.iter().filter(|(given, _)| *given).map(|(_, field)| *field));
    // Estimates by rollouts take the rules the exact solve of several does.
    if crate::pushluck::win::players::refusal(g.win_model(), 4).is_none() {
        fields.extend(["estimate", "rollouts", "seed"]);
    }
    fields
}

impl OptionListing {
    fn of(spec: &OptionSpec) -> OptionListing {
        let kind = match spec.kind {
            OptionKind::Switch => OptionValue::Switch { words: &[] },
            OptionKind::SwitchOr { words } => OptionValue::Switch { words },
            OptionKind::Number { default, min, max } => OptionValue::Number { default, min, max },
            OptionKind::Choice { choices, default } => OptionValue::Choice { choices, default },
        };
        OptionListing { name: spec.name, usage: spec.usage(), range: spec.range(), help: spec.help, kind }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::Family;

    /// Every name the listing says a sheet takes is one the sheet parser
    /// takes, under the default options and a shorter card.
    #[test]
    fn sheet_names_are_what_sheets_accept() {
        let short = resolve("sixhundred", &[crate::options::RuleOption::parse("card=short")], None).unwrap();
        for game in GAMES.iter().map(|e| resolve(e.id, &[], None).unwrap()).chain([short]) {
            let listed = describe(&game);
            let GameKind::Category(g) = &game.0 else {
                assert_eq!((listed.family, listed.sheet), (Family::PushLuck, None));
                continue;
            };
            let sheet = listed.sheet.expect("a category game's sheet");
            assert_eq!(sheet.boxes.len(), g.categories.len());
            for b in &sheet.boxes {
                for n in std::iter::once(&b.name).chain(b.aliases.iter()) {
                    let parsed = crate::category::model::Sheet::parse(g, &format!("{n}=x"));
                    assert_eq!(parsed.map(|s| s.filled()), Ok(1), "{}: {n}", listed.title);
                }
            }
            for e in sheet.entries {
                let parsed = crate::category::model::Sheet::parse(g, &format!("{e}=0"));
                assert_eq!(parsed.map(|s| (s.filled(), s.extra_entries.len())), Ok((0, 1)), "{}: {e}", listed.title);
            }
        }
        let yahtzee = describe(&resolve("yahtzee", &[], None).unwrap());
        assert_eq!(yahtzee.sheet.unwrap().entries, ["bonus", "yahtzee-bonus"]);
    }

    /// What a game's rules allow, as listed: the advise fields a rule
    /// gives a meaning to appear with that rule only; locked dice and
    /// counted rolls where the rules have them.
    #[test]
    fn a_listing_follows_the_rules_chosen() {
        let listed = |name: &str, opts: &[&str]| {
            let opts: Vec<_> = opts.iter().map(|o| crate::options::RuleOption::parse(o)).collect();
            describe(&resolve(name, &opts, None).unwrap())
        };
        let base = listed("farkle", &[]);
        assert!(!base.advise_fields.contains(&"farkles") && !base.advise_fields.contains(&"leftover"));
        let ruled = listed("farkle", &["three-farkle-penalty", "piggyback=return", "vant-hof-6"]);
        for field in ["farkles", "opponent-farkles", "leftover", "inherited", "ones"] {
            assert!(ruled.advise_fields.contains(&field), "{field}: {:?}", ruled.advise_fields);
        }
        assert_eq!((base.rolls, listed("yahtzix", &[]).rolls), (None, Some(3)));
        assert!(listed("yahtzix", &["exact-goal"]).advise_fields.contains(&"held"));
        let six = listed("sixhundred", &[]);
        assert!(six.locked_dice && six.long_solve && six.advise_fields.contains(&"locked"));
        assert!(six.advise_fields.contains(&"target") && !six.advise_fields.contains(&"opponent-sheet"));
        let yatzy = listed("yatzy", &[]);
        assert!(!yatzy.locked_dice && !yatzy.long_solve && yatzy.rolls == Some(3));
        assert_eq!(yatzy.computer_players.len(), 1);
        assert_eq!(
            base.computer_players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["optimal", "ev", "threshold=350", "human"]
        );
        assert!(listed("sixhundred", &["card=short"]).sheet.unwrap().boxes.len() < six.sheet.unwrap().boxes.len());
    }

    /// A long solve is listed with its time (the refusal's estimate) and
    /// the command that makes the table; a quick card is not long. Whether
    /// a table is there is read from the tables directory given, and only
    /// then: none in an empty one, a quick game's once it is solved there.
    #[test]
    fn a_long_solve_its_time_and_a_table_at_hand() {
        let game = |name: &str, opts: &[&str]| {
            let opts: Vec<_> = opts.iter().map(|o| crate::options::RuleOption::parse(o)).collect();
            resolve(name, &opts, None).unwrap()
        };
        let (six, mini, yahtzee) = (game("sixhundred", &[]), game("sixhundred", &["card=mini"]), game("yahtzee", &[]));
        let listed = describe(&six);
        assert!(listed.long_solve && listed.long_solve_seconds.is_some_and(|s| s > 60.0), "{listed:?}");
        assert_eq!(listed.long_solve_seconds, long_solve_seconds(&six, Objective::FinalScore, 2));
        assert_eq!(listed.solve_command, "sixdice solve sixhundred");
        let refused = crate::solve(
            &six,
            &crate::SolveQuestion {
                objective: Objective::FinalScore,
                players: 2,
                distribution: false,
                allow_long: false,
            },
            Path::new("/nonexistent"),
            &crate::Silent,
        );
        let about = crate::auto_solve::about(listed.long_solve_seconds.unwrap());
        assert!(matches!(&refused, Err(crate::Error::LongSolve { about: a, .. }) if *a == about), "{refused:?}");
        let quick = describe(&mini);
        assert!(!quick.long_solve && quick.long_solve_seconds.is_none(), "{quick:?}");
        assert_eq!(quick.solve_command, "sixdice solve sixhundred -o card=mini");
        assert_eq!(describe(&yahtzee).table_present, None);

        let dir = tempfile::tempdir().unwrap();
        let present = |g: &Game| describe_in(g, dir.path()).table_present;
        assert_eq!((present(&six), present(&mini), present(&yahtzee)), (Some(false), Some(false), Some(false)));
        let q = crate::SolveQuestion {
            objective: Objective::FinalScore,
            players: 2,
            distribution: false,
            allow_long: false,
        };
        crate::solve(&yahtzee, &q, dir.path(), &crate::Silent).unwrap();
        assert_eq!((present(&six), present(&yahtzee)), (Some(false), Some(true)));
        assert_eq!(describe_in(&yahtzee, dir.path()), GameListing { table_present: Some(true), ..describe(&yahtzee) });
    }
}
