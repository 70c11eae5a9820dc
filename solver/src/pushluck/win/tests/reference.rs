//! The plain value iteration the win solver is checked against: turn-start
//! values swept until they settle, each sweep evaluating every turn by
//! recursion over every set-aside of every roll, written from the scoring
//! rules alone (no compiled model, no turn DP of the library).

use std::collections::HashMap;

use super::super::pair::RESIDUAL;
use super::super::*;
use super::game;
use crate::dice::{dice_count, Multisets};
use crate::pushluck::rules::RuleSet;
use crate::pushluck::scoring::Scorer;

/// The plain value iteration: turn-start values `w[a][b]` swept until
/// they move by less than 1e-14, each sweep evaluating every turn by
/// recursion over (turn points, dice, rolls) with every set-aside of
/// every roll. Turns are cut at `cap` points (a forced bank), far past
/// where it matters.
struct Plain {
    rules: RuleSet,
    ms: Multisets,
    /// `[first roll?][roll]`: every set-aside as (dice used, points, instant win).
    options: Options,
    /// The same near an exact goal with a choice of dice, where six dice
    /// that all score may also count by their parts.
    near_options: Options,
    grid: i64,
    cap: i64,
    /// The most points one set-aside scores.
    most_points: i64,
    /// Lowest total (three-farkle penalty).
    floor: i64,
}

/// `[first roll?][roll]`: every set-aside as (dice used, points, instant win).
type Options = [Vec<Vec<(usize, i64, bool)>>; 2];

/// What one turn's ends are worth, and how it may roll: a farkle is worth
/// `farkle`, stopping at turn points `t` with `left` dice not set aside
/// `bank(t, left)` (`None` where stopping is not allowed), and `choose`:
/// near an exact goal the player may roll any number of the dice left
/// (the others stay).
struct Pay<'a> {
    farkle: f64,
    bank: &'a dyn Fn(i64, usize) -> Option<f64>,
    choose: bool,
}

/// Turn values already computed, by (turn points / grid, dice, first roll?).
struct Memo(Vec<f64>);

/// The plain iteration's sides (total, on the board, farkles in a row),
/// values and piggyback values.
type PlainValues = (Vec<(i64, bool, u8)>, Vec<f64>, Vec<f64>);

impl Memo {
    fn new() -> Memo {
        Memo(vec![])
    }

    fn get(&self, key: usize) -> Option<f64> {
        self.0.get(key).copied().filter(|v| !v.is_nan())
    }

    fn set(&mut self, key: usize, v: f64) {
        if self.0.len() <= key {
            self.0.resize(key + 1, f64::NAN);
        }
        self.0[key] = v;
    }
}

impl Plain {
    /// Best value of rolling `k` dice at `(t, r)`, the turn's ends worth
    /// what `pay` says.
    fn turn(&self, t: i64, k: usize, r: u32, pay: &Pay, memo: &mut Memo) -> f64 {
        // Rolls made count up to the roll limit (else only "first or later").
        let classes = self.rules.turn.max_rolls.max(2);
        let key = (usize::try_from(t / self.grid).unwrap() * 7 + k) * classes as usize + r.min(classes - 1) as usize;
        if let Some(v) = memo.get(key) {
            return v;
        }
        let counts = if pay.choose { 1..=k } else { k..=k };
        let best_total = counts.map(|rolled| self.roll(t, k, rolled, r, pay, memo)).fold(f64::NEG_INFINITY, f64::max);
        memo.set(key, best_total);
        best_total
    }

    /// [`Self::turn`] rolling `rolled` of the `k` dice.
    fn roll(&self, t: i64, k: usize, rolled: usize, r: u32, pay: &Pay, memo: &mut Memo) -> f64 {
        let farkle = pay.farkle;
        let mut total = 0.0;
        for i in self.ms.of_size(rolled) {
            // A roll with something to set aside must set something aside.
            let mut best = f64::NEG_INFINITY;
            let options = if pay.choose { &self.near_options } else { &self.options };
            for &(used, points, instant) in &options[usize::from(r == 0)][i] {
                {
                    let value = if instant {
                        1.0
                    } else {
                        let t2 = t + points;
                        let turn = &self.rules.turn;
                        let mut k2 = k - used;
                        if k2 == 0 && turn.hot_dice {
                            k2 = 6;
                        }
                        let stop = (pay.bank)(t2, k2);
                        // No dice or no rolls left: the turn ends (a bank,
                        // or a farkle where stopping is not allowed).
                        let ends = k2 == 0 || (turn.max_rolls > 0 && r + 1 >= turn.max_rolls);
                        if t2 > self.cap || ends {
                            stop.unwrap_or(farkle)
                        } else {
                            let go = self.turn(t2, k2, r + 1, pay, memo);
                            stop.map_or(go, |s| s.max(go))
                        }
                    };
                    best = best.max(value);
                }
            }
            total += self.ms.prob(i) * if best == f64::NEG_INFINITY { farkle } else { best };
        }
        total
    }

    /// P(a player on the board or not scores more than `need`), from a
    /// fresh start or, with `offer = (k, t)`, by rolling `k` leftover
    /// dice with `t` points inherited; `memo` is this need's.
    fn pass(&self, on: bool, need: i64, offer: Option<(usize, i64)>, memo: &mut Memo) -> f64 {
        let turn = &self.rules.turn;
        let bank = |t: i64, _left: usize| -> Option<f64> {
            if on && t < turn.min_bank {
                None
            } else if !on && t < turn.entry {
                Some(0.0)
            } else {
                Some(if t > need { 1.0 } else { 0.0 })
            }
        };
        let pay = Pay { farkle: 0.0, bank: &bank, choose: false };
        match offer {
            None => self.turn(0, 6, 0, &pay, memo),
            Some((k, t)) => self.turn(t, k, 1, &pay, memo),
        }
    }

    fn may_piggyback(&self, on: bool) -> bool {
        self.rules.turn.piggyback && (on || !self.rules.turn.piggyback_needs_board)
    }

    /// Every player state: (total, on the board, farkles in a row).
    fn sides(&self) -> Vec<(i64, bool, u8)> {
        let (goal, g, p) = (self.rules.game.goal, self.grid, self.rules.turn.three_farkle_penalty);
        let entry = self.rules.turn.entry > 0;
        let mut out = vec![];
        if p == 0 {
            for total in (0..goal).step_by(g as usize) {
                out.push((total, total > 0 || !entry, 0));
            }
            return out;
        }
        for c in 0..3 {
            for total in (self.floor..goal).step_by(g as usize) {
                out.push((total, true, c));
            }
            if entry {
                for total in (self.floor..=0).rev().step_by(p as usize) {
                    out.push((total, false, c));
                }
            }
        }
        out
    }

    /// Where a farkle leaves a player.
    fn after_farkle(&self, (total, on, c): (i64, bool, u8)) -> (i64, bool, u8) {
        let p = self.rules.turn.three_farkle_penalty;
        if p == 0 {
            (total, on, c)
        } else if c < 2 {
            (total, on, c + 1)
        } else {
            let mut lowest = self.floor;
            if !on && self.rules.turn.entry > 0 {
                while lowest % p != 0 {
                    lowest += self.grid;
                }
            }
            ((total - p).max(lowest), on, 0)
        }
    }

    /// Values per pair of player states, swept until they move by less
    /// than 1e-14; with piggyback also the values of rolling a leftover,
    /// `offers[((a * n + b) * 5 + k - 1) * levels + t / grid - 1]`,
    /// `levels = n - 1` (NaN where the mover may not).
    fn solve(&self) -> PlainValues {
        let l = self.layout();
        let n = l.sides.len();
        let mut w = vec![0.5; n * n];
        let piggyback = self.rules.turn.piggyback;
        let mut offers = vec![f64::NAN; if piggyback { n * n * 5 * l.levels } else { 0 }];
        let mut pass_memo: HashMap<(bool, i64), Memo> = HashMap::new();
        // Gauss-Seidel in an order that mostly reads fresh values: by
        // decreasing sum of totals, then of farkle counts.
        let sides = &l.sides;
        let mut order: Vec<(usize, usize)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
        order.sort_by_key(|&(a, b)| std::cmp::Reverse((sides[a].0 + sides[b].0, sides[a].2 + sides[b].2)));
        for _sweep in 0..5000 {
            let mut delta: f64 = 0.0;
            for &(a, b) in &order {
                let (v, rolled) = self.pair_values(&l, (a, b), &w, &offers, &mut pass_memo);
                delta = delta.max((v - w[a * n + b]).abs());
                w[a * n + b] = v;
                for (i, r) in rolled {
                    delta = delta.max((r - offers[i]).abs());
                    offers[i] = r;
                }
            }
            if delta < 1e-14 {
                break;
            }
        }
        (l.sides, w, offers)
    }

    /// The sides and how values are found by them.
    fn layout(&self) -> Layout {
        let sides = self.sides();
        let levels = sides.len() - 1;
        let index: HashMap<(i64, bool, u8), usize> = sides.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let banked: Vec<usize> = (self.floor..self.rules.game.goal)
            .step_by(self.grid as usize)
            .map(|x| index.get(&(x, true, 0)).copied().unwrap_or(usize::MAX))
            .collect();
        Layout { sides, index, banked, levels, grid: self.grid }
    }

    /// The turn-start value of the pair `(a, b)` from the current values
    /// `w` and `offers`, and its piggyback values (place in `offers`, value).
    fn pair_values(
        &self,
        l: &Layout,
        (a, b): (usize, usize),
        w: &[f64],
        offers: &[f64],
        pass_memo: &mut HashMap<(bool, i64), Memo>,
    ) -> (f64, Vec<(usize, f64)>) {
        let (goal, g, n) = (self.rules.game.goal, self.grid, l.sides.len());
        let (at_, on, _) = l.sides[a];
        let farkle = 1.0 - w[b * n + l.index[&self.after_farkle(l.sides[a])]];
        let pass = 1.0 - w[b * n + l.index[&(at_, on, 0)]];
        let past = self.banks_past_goal(at_, l.sides[b], pass_memo);
        let banks = self.bank_table(l, (a, b), (farkle, pass), &past, w, offers);
        let bank = |t: i64, left: usize| banks[(t / g) as usize * 7 + left];
        let mut memo = Memo::new();
        // Near an exact goal the mover may roll fewer dice.
        let within = self.rules.game.choose_dice_within;
        let choose = within > 0 && goal - at_ <= within;
        let pay = Pay { farkle, bank: &bank, choose };
        let v = self.turn(0, 6, 0, &pay, &mut memo);
        let rolled = self.leftover_values(l, (a, b), &pay, &mut memo, w, pass_memo);
        (v, rolled)
    }

    /// Banks past the goal of a mover at `at_` against the opponent `them`,
    /// computed before the turn, per dice left (0: nothing to piggyback on):
    /// `past[(x - goal) / g * 6 + k]`.
    fn banks_past_goal(
        &self,
        at_: i64,
        (bt, b_on, _): (i64, bool, u8),
        pass_memo: &mut HashMap<(bool, i64), Memo>,
    ) -> Vec<f64> {
        let (goal, g) = (self.rules.game.goal, self.grid);
        let mut pass_of = |x: i64, offer: Option<(usize, i64)>| -> f64 {
            let need = x - bt;
            let memo = pass_memo.entry((b_on, need)).or_insert_with(Memo::new);
            self.pass(b_on, need, offer, memo)
        };
        let mut past: Vec<f64> = Vec::new();
        let mut x = goal;
        while !self.rules.game.exact_goal && x <= at_ + self.cap + 3000 {
            let fresh = pass_of(x, None);
            past.extend(std::iter::repeat_n(1.0 - fresh, 6));
            if self.rules.turn.piggyback && self.may_piggyback(b_on) {
                let row = past.len() - 6;
                for k in 1..=5 {
                    let pig = pass_of(x, Some((k, x - at_)));
                    past[row + k] = 1.0 - fresh.max(pig);
                }
            }
            x += g;
        }
        past
    }

    /// Every bank the turn of the pair `(a, b)` can reach, looked up once
    /// (the recursion asks for each many times): by turn total / grid,
    /// then dice left (0 to 6).
    fn bank_table(
        &self,
        l: &Layout,
        (a, b): (usize, usize),
        (farkle, pass): (f64, f64),
        past: &[f64],
        w: &[f64],
        offers: &[f64],
    ) -> Vec<Option<f64>> {
        let (goal, g, n, floor) = (self.rules.game.goal, self.grid, l.sides.len(), self.floor);
        let (at_, on, _) = l.sides[a];
        let b_on = l.sides[b].1;
        let turn = &self.rules.turn;
        let piggyback = turn.piggyback;
        let bank = |t: i64, left: usize| -> Option<f64> {
            if on && t < turn.min_bank {
                return None;
            }
            if !on && t < turn.entry {
                return Some(pass);
            }
            let x = at_ + t;
            let k = if piggyback && (1..=5).contains(&left) && self.may_piggyback(b_on) { left } else { 0 };
            // An exact goal wins on the spot; past it a bank
            // scores nothing and hands over, as a farkle.
            if self.rules.game.exact_goal && x >= goal {
                return Some(if x == goal { 1.0 } else { farkle });
            }
            if x >= goal {
                return Some(past[((x - goal) / g) as usize * 6 + k]);
            }
            let xi = l.banked[((x - floor) / g) as usize];
            let mut them = w[b * n + xi];
            if k > 0 {
                let r = offers[l.at(b, xi, k, t)];
                if !r.is_nan() {
                    them = them.max(r);
                }
            }
            Some(1.0 - them)
        };
        let most = (self.cap + self.most_points) / g;
        // (A turn total of 0 is a start, never a bank.)
        (0..=most)
            .flat_map(|l| (0..=6).map(move |left| (l * g, left)))
            .map(|(t, left)| if t > 0 { bank(t, left) } else { None })
            .collect()
    }

    /// The values of the pair `(a, b)`'s mover rolling a leftover, by their
    /// place in `offers`: the turn `pay` continued (sharing its `memo`) or,
    /// under piggyback=return, a turn whose farkle hands the points back.
    fn leftover_values(
        &self,
        l: &Layout,
        (a, b): (usize, usize),
        pay: &Pay,
        memo: &mut Memo,
        w: &[f64],
        pass_memo: &mut HashMap<(bool, i64), Memo>,
    ) -> Vec<(usize, f64)> {
        let (goal, g, n, floor) = (self.rules.game.goal, self.grid, l.sides.len(), self.floor);
        let (at_, on, _) = l.sides[a];
        let (bt, b_on, _) = l.sides[b];
        let turn = &self.rules.turn;
        let piggyback = turn.piggyback;
        let mut rolled = vec![];
        // Under the penalty only an opponent on the board
        // with no farkles in a row can have left dice.
        let banker = self.rules.turn.three_farkle_penalty == 0 || (b_on && l.sides[b].2 == 0);
        if piggyback && self.may_piggyback(on) && banker && !turn.piggyback_return {
            for k in 1..=5 {
                for lv in 1..=l.levels {
                    let t = lv as i64 * g;
                    rolled.push((l.at(a, b, k, t), self.turn(t, k, 1, pay, memo)));
                }
            }
        }
        if piggyback && self.may_piggyback(on) && turn.piggyback_return {
            // A farkle hands the inherited points back: the
            // opponent moves next from their total plus `t`,
            // or reached the goal and the mover has the last
            // turn. (Only inherited totals the opponent's
            // total can hold.)
            for lv in 1..=usize::try_from(bt / g).unwrap() {
                let t = lv as i64 * g;
                let x = bt + t;
                let returned = if x < goal {
                    1.0 - w[l.banked[((x - floor) / g) as usize] * n + a]
                } else {
                    let memo = pass_memo.entry((on, x - at_)).or_insert_with(Memo::new);
                    self.pass(on, x - at_, None, memo)
                };
                let mut memo = Memo::new();
                let pay = Pay { farkle: returned, bank: pay.bank, choose: false };
                for k in 1..=5 {
                    rolled.push((l.at(a, b, k, t), self.turn(t, k, 1, &pay, &mut memo)));
                }
            }
        }
        rolled
    }
}

/// The plain iteration's sides and where its values are.
struct Layout {
    /// Every player state: (total, on the board, farkles in a row).
    sides: Vec<(i64, bool, u8)>,
    index: HashMap<(i64, bool, u8), usize>,
    /// The side a bank below the goal leads to, by total (read in the
    /// innermost recursion: an array, not a hash).
    banked: Vec<usize>,
    /// Piggyback values are kept for inherited totals of 1 to `levels`
    /// grid steps.
    levels: usize,
    grid: i64,
}

impl Layout {
    /// Where the value of the pair `(a, b)`'s mover rolling `k` leftover
    /// dice with `t` points inherited is in `offers`.
    fn at(&self, a: usize, b: usize, k: usize, t: i64) -> usize {
        let n = self.sides.len();
        ((a * n + b) * 5 + k - 1) * self.levels + (t / self.grid) as usize - 1
    }
}

/// Solves `rules` (totals down to `floor`) with the library and with the
/// plain iteration, and asserts every value (and piggyback value) agrees
/// to 1e-9.
pub(super) fn compare(rules: RuleSet, floor: i64) {
    let g = game(rules.clone());
    let (values, facts, _) = solve_with_floor(&g, floor, &crate::progress::Silent).expect("solves");
    let ms = Multisets::new(6);
    let options_of = |scorer: Scorer| {
        [false, true].map(|first| {
            (0..ms.len())
                .map(|i| {
                    let sets = scorer.set_asides(ms.counts(i), first);
                    sets.iter()
                        .flat_map(|sa| sa.variants.iter().map(|v| (dice_count(&sa.keep), v.points, v.instant_win)))
                        .collect()
                })
                .collect()
        })
    };
    let options: Options = options_of(Scorer::new(&rules));
    let near_options: Options = options_of(Scorer::choosing(&rules));
    // Past an exact goal a turn with instant wins rolls on for one: cut
    // it where reaching the cap has become negligible (6000 past the
    // goal still misses by 5e-8).
    let chase = rules.game.exact_goal && rules.has_instant_win();
    let cap = rules.game.goal + if chase { 12_000 } else { 4000 };
    // Under piggyback=return a farkle on a leftover can hand the opponent
    // the goal and the mover an easy last turn, worth more than most banks:
    // such a mover rolls on far past the goal before banking beats it (at
    // 4000 past, the cut still moves values by 4e-7).
    let cap = if rules.turn.piggyback_return { rules.game.goal + 8000 } else { cap };
    let most_points = options.iter().flatten().flatten().map(|o: &(usize, i64, bool)| o.1).max().unwrap_or(0);
    let plain = Plain { ms, options, near_options, grid: g.win_model().grid, cap, most_points, floor, rules };
    let (sides, w, offers) = plain.solve();
    let n = sides.len();
    assert_eq!(n * n, values.w.len());
    let at = |s: (i64, bool, u8)| {
        values.sides.index(Side { total: s.0, on_board: s.1, farkles: s.2 }).expect("the same sides")
    };
    let mut worst: f64 = 0.0;
    for a in 0..n {
        for b in 0..n {
            worst = worst.max((w[a * n + b] - values.at(at(sides[a]), at(sides[b]))).abs());
        }
    }
    assert!(worst < 1e-9, "largest difference {worst:e}");
    if plain.rules.turn.piggyback {
        // Every value of rolling a leftover, too.
        let solved = values.offers.as_ref().expect("piggyback values");
        let levels = n - 1;
        if values.sides.penalty() {
            // Kept: opponents who can have banked, inherited totals
            // down to the floor.
            assert_eq!(solved.t_levels, usize::try_from((plain.rules.game.goal - floor) / plain.grid).unwrap() - 1);
        } else {
            assert_eq!(solved.t_levels, levels);
        }
        let (mut worst, mut allowed) = (0.0f64, 0);
        for a in 0..n {
            for b in (0..n).filter(|&b| solved.keeps(at(sides[b]))) {
                for k in 1..=5 {
                    for l in 1..=solved.t_levels {
                        let plain = offers[((a * n + b) * 5 + k - 1) * levels + l - 1];
                        match solved.piggyback(at(sides[a]), at(sides[b]), k, l) {
                            Some(r) => {
                                worst = worst.max((r - plain).abs());
                                allowed += 1;
                            }
                            None => assert!(plain.is_nan(), "piggyback allowed at {a}, {b}"),
                        }
                    }
                }
            }
        }
        assert!(allowed > 0);
        assert!(worst < 1e-9, "largest difference of a piggyback value {worst:e}");
    }
    assert!(facts.residual <= RESIDUAL.max(penalty::SWEEP_TOL));
    assert!(values.first() > 0.5, "the first player has the edge: {}", values.first());
}
