//! The one table of games: ids, aliases, family, options and builders.
//!
//! Every front end resolves a game the same way: [`resolve`] looks the name
//! up here (ids and aliases, case-insensitive), checks the options against
//! the game's declared [`OptionSpec`]s and builds the game; a
//! push-your-luck game's rules are its base rules, a house-rules file over
//! them, the options over both (see [`resolve`]). Lists of games and
//! options shown to people (`--help`, error messages) are read from
//! [`GAMES`]; nothing else keeps such a list.
//!
//! To add a game, add its entry here and its builder in the family's module
//! (see docs/development.md, "Adding a game").

use std::path::Path;
use std::sync::Arc;

use crate::category::{games as category_games, CategoryGame};
use crate::error::Error;
use crate::error::GameError;
use crate::options::{OptionError, OptionSet, OptionSpec, RuleOption};
use crate::pushluck::games::{self as push_luck_games, farkle, ten_thousand, yahtzix};
use crate::pushluck::PushLuckGame;
use crate::question::CompareQuestion;
use crate::vocabulary::{Family, GameRef};

/// How a game is built from its checked options.
#[derive(Clone, Copy)]
pub(crate) enum Builder {
    Category(fn(&OptionSet) -> Result<CategoryGame, Error>),
    /// The game's base rules, and how its options edit rules (the base or a
    /// rules file over it).
    PushLuck {
        base: fn() -> crate::pushluck::RuleSet,
        options: fn(&mut crate::pushluck::RuleSet, &OptionSet) -> Result<(), OptionError>,
    },
}

/// One game of the registry.
#[derive(Clone, Copy)]
pub(crate) struct GameEntry {
    /// Canonical id, used in table names, e.g. `ten-thousand`.
    pub(crate) id: &'static str,
    /// Other accepted names, e.g. `10000`.
    pub(crate) aliases: &'static [&'static str],
    pub(crate) family: Family,
    /// Display name, e.g. `Dice 10000`.
    pub(crate) name: &'static str,
    /// One line for `--help`.
    pub(crate) summary: &'static str,
    pub(crate) options: &'static [OptionSpec],
    /// The rule variants `compare` sets beside the base rules by default
    /// (push-your-luck games: each seed option alone).
    pub(crate) compare_variants: &'static [&'static str],
    pub(crate) build: Builder,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

/// Every game sixdice knows.
pub(crate) static GAMES: &[GameEntry] = &[
    GameEntry {
        id: category_games::deluxe::ID,
        aliases: &["deluxe"],
        family: Family::Category,
        name: "Yahtzee Deluxe",
        summary: "six dice, 14 boxes, upper bonus 50 at 84",
        options: category_games::deluxe::OPTIONS,
        compare_variants: &[],
        build: Builder::Category(category_games::deluxe::build),
    },
    GameEntry {
        id: category_games::sixhundred::ID,
        aliases: &["six-hundred", "600"],
        family: Family::Category,
        name: "Six Hundred",
        summary: "Knizia's six dice, 18 boxes, locked set-aside dice, rungs",
        options: category_games::sixhundred::OPTIONS,
        compare_variants: &[],
        build: Builder::Category(category_games::sixhundred::build),
    },
    GameEntry {
        id: category_games::yahtzee::ID,
        aliases: &[],
        family: Family::Category,
        name: "Yahtzee",
        summary: "classic five-dice Yahtzee (reference game)",
        options: category_games::yahtzee::OPTIONS,
        compare_variants: &[],
        build: Builder::Category(category_games::yahtzee::build),
    },
    GameEntry {
        id: category_games::yatzy::ID,
        aliases: &[],
        family: Family::Category,
        name: "Yatzy",
        summary: "Scandinavian Yatzy, 15 boxes (reference game)",
        options: category_games::yatzy::OPTIONS,
        compare_variants: &[],
        build: Builder::Category(category_games::yatzy::build),
    },
    GameEntry {
        id: farkle::ID,
        aliases: &[],
        family: Family::PushLuck,
        name: "Farkle",
        summary: "hot dice, 500 to get on the board, goal 10000",
        options: farkle::OPTIONS,
        compare_variants: &[
            "on-the-board=500",
            "on-the-board=750",
            "min-bank=350",
            "vant-hof-6",
            "piggyback",
            "piggyback=return",
            "three-farkle-penalty",
        ],
        build: Builder::PushLuck { base: farkle::base, options: farkle::options },
    },
    GameEntry {
        id: ten_thousand::ID,
        aliases: &["10000", "dice10000"],
        family: Family::PushLuck,
        name: "Dice 10000",
        summary: "sets double per extra die, six of a kind wins at once",
        options: ten_thousand::OPTIONS,
        compare_variants: &["piggyback", "alternative-scoring"],
        build: Builder::PushLuck { base: ten_thousand::base, options: ten_thousand::options },
    },
    GameEntry {
        id: yahtzix::ID,
        aliases: &[],
        family: Family::PushLuck,
        name: "Yahtzix",
        summary: "three rolls a turn, premiums on the first roll only",
        options: yahtzix::OPTIONS,
        compare_variants: &["goal=1000", "goal=1500", "go-for-it", "exact-goal"],
        build: Builder::PushLuck { base: yahtzix::base, options: yahtzix::options },
    },
];

/// Every accepted game name (ids first, then aliases).
pub(crate) fn names() -> Vec<String> {
    let mut v: Vec<String> = GAMES.iter().map(|g| g.id.to_string()).collect();
    v.extend(GAMES.iter().flat_map(|g| g.aliases.iter().map(ToString::to_string)));
    v
}

/// The registry entry of a game id or alias (case-insensitive).
pub(crate) fn find(name: &str) -> Result<&'static GameEntry, GameError> {
    let n = name.trim().to_ascii_lowercase();
    GAMES
        .iter()
        .find(|g| g.id == n || g.aliases.contains(&n.as_str()))
        .ok_or_else(|| GameError::Unknown { name: name.to_string(), known: names() })
}

/// A resolved game: rules fully built, options checked. What is inside is
/// the library's own; a front end asks the library's commands about it.
#[derive(Debug, Clone)]
pub struct Game(pub(crate) GameKind);

/// A resolved game of either family.
#[derive(Debug, Clone)]
pub(crate) enum GameKind {
    // Shared: a game is built once and its clones (a front end's many
    // questions about one game, sessions) share what it compiles lazily.
    Category(Arc<CategoryGame>),
    PushLuck(Arc<PushLuckGame>),
}

/// House rules for a push-your-luck game.
#[derive(Debug, Clone, Copy)]
pub(crate) enum HouseRules<'a> {
    /// A file, read when the game is resolved (a regular file of at most
    /// [`crate::limits::RULES_FILE_BYTES`]).
    File(&'a Path),
    /// TOML text, named `label` in titles and errors.
    Text { label: &'a str, text: &'a str },
}

/// Builds game `name` with `options` (and, for push-your-luck games,
/// optional house rules).
///
/// A push-your-luck game's rules are built in one order: the game's base
/// rules, the house rules over them, the options over both, and then the
/// finished rules are checked once. So an option the user gave is never
/// overruled by the file, and titles, table names and reports show the
/// rules that are solved. A failed check names the option that set a key it
/// read, else the file's key ([`push_luck_games::check`]).
///
/// # Errors
/// An unknown game or option, an option value out of its range, house rules
/// for a category game, or a rules file that cannot be read, or rules that
/// are invalid.
pub(crate) fn resolve(name: &str, options: &[RuleOption], rules: Option<HouseRules>) -> Result<Game, Error> {
    // A file is read anew each time (it may have changed); a game named by
    // options, or by house rules as text, is built once and shared.
    let key = match rules {
        Some(HouseRules::File(_)) => None,
        Some(HouseRules::Text { label, text }) => {
            Some((name.to_string(), options.to_vec(), Some((label.to_string(), text.to_string()))))
        }
        None => Some((name.to_string(), options.to_vec(), None)),
    };
    if let Some(game) = key.as_ref().and_then(|k| built().get(k).cloned()) {
        return Ok(game);
    }
    let game = build_game(name, options, rules)?;
    if let Some(key) = key {
        let mut games = built();
        if games.len() >= BUILT_GAMES {
            games.clear();
        }
        games.insert(key, game.clone());
    }
    Ok(game)
}

/// What identifies a built game: its name as given, its options as given,
/// and house rules given as text (label and text).
type BuiltKey = (String, Vec<RuleOption>, Option<(String, String)>);

/// Games built at most kept for reuse; beyond, the cache starts again
/// (a front end asks about a handful of games; the bound keeps a stream of
/// different house rules from growing it).
const BUILT_GAMES: usize = 64;

/// The games built so far ([`resolve`]).
fn built() -> std::sync::MutexGuard<'static, std::collections::HashMap<BuiltKey, Game>> {
    static BUILT: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<BuiltKey, Game>>> =
        std::sync::OnceLock::new();
    BUILT.get_or_init(Default::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Builds game `name` (what [`resolve`] does when the game is not built yet).
fn build_game(name: &str, options: &[RuleOption], rules: Option<HouseRules>) -> Result<Game, Error> {
    let entry = find(name)?;
    let set = OptionSet::parse(entry.id, entry.options, options)?;
    match entry.build {
        Builder::Category(build) => {
            if rules.is_some() {
                return Err(GameError::RulesFileNotSupported { game: entry.name.into(), family: entry.family }.into());
            }
            Ok(Game(GameKind::Category(Arc::new(build(&set)?))))
        }
        Builder::PushLuck { base, options } => {
            let house = match rules {
                Some(HouseRules::File(path)) => {
                    Some((path.display().to_string(), userio::read_small_text(path, crate::limits::RULES_FILE_BYTES)?))
                }
                Some(HouseRules::Text { label, text }) => Some((label.to_string(), text.to_string())),
                None => None,
            };
            let mut ruleset = base();
            if let Some((label, text)) = &house {
                ruleset = ruleset.overlaid(text, label)?;
            }
            options(&mut ruleset, &set)?;
            let (label, text) = house.unzip();
            push_luck_games::check(&ruleset, &set, label.as_deref())?;
            // Over a rules file an option switched off (`piggyback=no`) may
            // change the rules, so the title shows every option given.
            let shown = if label.is_some() { set.all_given() } else { set.canonical(false) };
            let mut game = PushLuckGame::new(entry.id, ruleset, shown, label)?;
            game.house_rules = text;
            Ok(Game(GameKind::PushLuck(Arc::new(game))))
        }
    }
}

impl Game {
    pub fn family(&self) -> Family {
        match &self.0 {
            GameKind::Category(_) => Family::Category,
            GameKind::PushLuck(_) => Family::PushLuck,
        }
    }

    /// The dice rolled at once: a category game's own count; every
    /// push-your-luck game rolls six.
    pub(crate) fn dice(&self) -> usize {
        match &self.0 {
            GameKind::Category(g) => g.dice,
            GameKind::PushLuck(_) => 6,
        }
    }

    /// Who the game is, for reports.
    pub fn reference(&self) -> GameRef {
        match &self.0 {
            GameKind::Category(g) => g.reference(),
            GameKind::PushLuck(g) => g.reference(),
        }
    }

    /// The push-your-luck game, if it is one; else the error naming `what`
    /// was asked of a category game.
    pub(crate) fn push_luck(&self, what: &'static str) -> Result<&PushLuckGame, Error> {
        match &self.0 {
            GameKind::PushLuck(g) => Ok(g),
            GameKind::Category(_) => Err(Error::wrong_family(what, &self.reference(), Family::PushLuck)),
        }
    }
}

/// The rule variants `compare` sets side by side for `base` (a
/// push-your-luck game): the base rules themselves, each of the game's seed
/// options alone over them (unless `q` leaves them out), each set of
/// options asked for, and each rules file asked for, every one labelled as
/// asked. An option a variant names again takes the variant's value.
///
/// # Errors
/// A category game, an unknown option or bad value, a rules file that
/// cannot be read or gives invalid rules.
pub(crate) fn compare_variants(base: &Game, q: &CompareQuestion) -> Result<Vec<(String, Arc<PushLuckGame>)>, Error> {
    let g = base.push_luck("compare")?;
    let r = base.reference();
    let entry = find(&r.id)?;
    let options: Vec<RuleOption> = r.options.iter().map(|o| RuleOption::parse(o)).collect();
    // The base's house rules as it read them, under their own label.
    let base_rules = match (&g.rules_file, &g.house_rules) {
        (Some(label), Some(text)) => Some(HouseRules::Text { label, text }),
        _ => None,
    };
    let mut asked: Vec<(String, Vec<RuleOption>, Option<HouseRules>)> = vec![("base rules".into(), vec![], base_rules)];
    if !q.no_defaults {
        for v in entry.compare_variants {
            asked.push(((*v).to_string(), vec![RuleOption::parse(v)], base_rules));
        }
    }
    for v in &q.variants {
        let label = v.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        asked.push((label, v.clone(), base_rules));
    }
    for f in &q.rules_files {
        asked.push((f.display().to_string(), vec![], Some(HouseRules::File(f.as_path()))));
    }
    asked
        .into_iter()
        .map(|(label, extra, rules)| {
            let mut all: Vec<RuleOption> =
                options.iter().filter(|o| !extra.iter().any(|e| e.name == o.name)).cloned().collect();
            all.extend(extra);
            let game = resolve(&r.id, &all, rules)?;
            match game.0 {
                GameKind::PushLuck(g) => Ok((label, g)),
                GameKind::Category(_) => unreachable!("a push-your-luck game's variant is one"),
            }
        })
        .collect()
}

/// Games built by name for the library's own tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{resolve, GameKind, HouseRules};
    use crate::category::CategoryGame;
    use crate::options::RuleOption;
    use crate::pushluck::PushLuckGame;

    fn options(options: &[&str]) -> Vec<RuleOption> {
        options.iter().map(|o| RuleOption::parse(o)).collect()
    }

    /// Push-your-luck game `name` with `options` (and house rules `file`, as TOML).
    pub(crate) fn push_luck(name: &str, opts: &[&str], file: Option<&str>) -> Box<PushLuckGame> {
        let house = file.map(|text| HouseRules::Text { label: "g.toml", text });
        match resolve(name, &options(opts), house).expect("a valid game").0 {
            GameKind::PushLuck(g) => Box::new((*g).clone()),
            GameKind::Category(_) => panic!("{name} is a category game"),
        }
    }

    /// The rules of push-your-luck game `name` with `options` and house
    /// rules `file` (TOML), or why they cannot be built.
    pub(crate) fn push_luck_rules(
        name: &str,
        opts: &[&str],
        file: Option<&str>,
    ) -> Result<crate::pushluck::rules::RuleSet, crate::error::Error> {
        let house = file.map(|text| HouseRules::Text { label: "g.toml", text });
        match resolve(name, &options(opts), house)?.0 {
            GameKind::PushLuck(g) => Ok(g.rules.clone()),
            GameKind::Category(_) => panic!("{name} is a category game"),
        }
    }

    /// Category game `name` with `options`.
    pub(crate) fn category(name: &str, opts: &[&str]) -> CategoryGame {
        match resolve(name, &options(opts), None).expect("a valid game").0 {
            GameKind::Category(g) => (*g).clone(),
            GameKind::PushLuck(_) => panic!("{name} is a push-your-luck game"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_aliases_are_unique_and_resolve_to_their_game() {
        let names = names();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "a name is used twice: {names:?}");
        for g in GAMES {
            for n in std::iter::once(&g.id).chain(g.aliases) {
                assert_eq!(find(&n.to_uppercase()).unwrap().id, g.id);
                let built = resolve(n, &[], None).unwrap();
                assert_eq!(built.reference().id, g.id);
                assert_eq!(built.family(), g.family);
            }
        }
    }

    #[test]
    fn unknown_games_are_never_built_as_another() {
        let e = resolve("parcheesi", &[], None).unwrap_err();
        assert!(matches!(e, Error::Game(GameError::Unknown { .. })));
        assert!(e.to_string().contains("farkle") && e.to_string().contains("yahtzee-deluxe"), "{e}");
    }
}
