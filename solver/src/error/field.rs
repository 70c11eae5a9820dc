//! Which part of a question an error is about.

/// Which part of a question an error is about: a front end names it (the
/// CLI as the flag that gave it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The dice just rolled.
    Dice,
    /// Which roll of the turn.
    Roll,
    /// A category game's score sheet.
    Sheet,
    /// Push-your-luck: turn points at stake.
    Banked,
    /// Push-your-luck: the player's game total.
    Score,
    /// Push-your-luck: the opponent's game total (win objective).
    Opponent,
    /// Push-your-luck: the opponent's farkles in a row (win objective).
    OpponentFarkles,
    /// Push-your-luck: farkles in a row so far.
    Farkles,
    /// Push-your-luck: 1s set aside this turn (Van't Hof).
    Ones,
    /// Push-your-luck: the previous player's leftover dice.
    Leftover,
    /// Push-your-luck: the points inherited from a leftover this turn began on.
    Inherited,
    /// Push-your-luck: dice kept back from a roll near an exact goal.
    Held,
    /// Locked dice rule: dice locked before this roll.
    Locked,
    /// The number of games to play.
    Games,
    /// The players of a head-to-head run.
    Players,
    /// `review`: the error classes' bounds.
    Thresholds,
    /// `review`: the decision to show.
    Decision,
    /// A decision typed at the table (a game session).
    Choice,
    /// A push-your-luck turn entered by its result: the points banked.
    Points,
    /// The game's name.
    Game,
    /// A rule option.
    Option,
    /// House rules (a file, or their text).
    Rules,
    /// What the values maximise.
    Objective,
    /// How many alternatives to list.
    Top,
    /// Push-your-luck, a game of three: the other players' totals.
    Opponents,
    /// `compare`: a variant.
    Variant,
    /// The seed of the dice.
    Seed,
    /// Players at each table of a simulation.
    Seats,
    /// A game record.
    Record,
    /// `strategy`: the heat map of P(win).
    Map,
    /// Score-sheet games: the final-score distribution.
    Distribution,
    /// Score-sheet games, playing to win: another player's sheet.
    OpponentSheet,
    /// Score-sheet games: the final score to reach.
    Target,
    /// Push-your-luck estimates: the number of rollouts.
    Rollouts,
    /// Push-your-luck estimates: roll out even where a table answers.
    Estimate,
}

impl Field {
    /// The field's name: the command line's flag without its dashes, and
    /// the field of a request over JSON (`opponent-farkles`).
    pub fn name(self) -> &'static str {
        match self {
            Field::Dice => "dice",
            Field::Points => "points",
            Field::Roll => "roll",
            Field::Sheet => "sheet",
            Field::Banked => "banked",
            Field::Score => "score",
            Field::Opponent => "opponent",
            Field::OpponentFarkles => "opponent-farkles",
            Field::Farkles => "farkles",
            Field::Ones => "ones",
            Field::Leftover => "leftover",
            Field::Inherited => "inherited",
            Field::Held => "held",
            Field::Locked => "locked",
            Field::Games => "games",
            Field::Players => "players",
            Field::Thresholds => "thresholds",
            Field::Decision => "decision",
            // What the front ends call it (the CLI's prompt, `/decide`'s body).
            Field::Choice => "decision",
            Field::Game => "game",
            Field::Option => "option",
            Field::Rules => "rules",
            Field::Objective => "objective",
            Field::Top => "top",
            Field::Opponents => "opponents",
            Field::Variant => "variant",
            Field::Seed => "seed",
            Field::Seats => "seats",
            Field::Record => "record",
            Field::Map => "map",
            Field::Distribution => "distribution",
            Field::OpponentSheet => "opponent-sheet",
            Field::Target => "target",
            Field::Rollouts => "rollouts",
            Field::Estimate => "estimate",
        }
    }
}
