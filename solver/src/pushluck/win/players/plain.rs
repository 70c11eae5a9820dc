//! A plain value iteration of the several-player game, written for the
//! tests from the scoring rules alone: every turn by recursion over every
//! set-aside of every roll, every player's chance carried along, the last
//! round by its own recursion over every chaser. Slow and obvious, so that
//! the solver's values can be checked against it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::super::tests::game;
use super::*;
use crate::dice::{dice_count, Multisets};
use crate::pushluck::rules::RuleSet;
use crate::pushluck::scoring::Scorer;

/// Every player's chance, counted from whoever the recursion serves.
pub(super) type V = [f64; MOST];

/// Everything to the first player.
pub(super) fn won() -> V {
    let mut v = [0.0; MOST];
    v[0] = 1.0;
    v
}

/// A set-aside: dice used, points, an instant win?, 1s scored as 1s and
/// the points they earned.
type SetAside = (usize, i64, bool, u8, i64);

/// A turn's values by (turn points, dice, first roll?, Van't Hof's 1s).
pub(super) type Memo = HashMap<(i64, usize, bool, (u8, i64)), V, BuildHasherDefault<KeyHasher>>;

/// A multiplicative hash of the memo's small integer keys: the standard
/// SipHash took half of the plain sweep's time.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn write_i64(&mut self, x: i64) {
        self.write_u64(x.cast_unsigned());
    }
}

/// The plain iteration's turns: by recursion over (turn points, dice,
/// first roll?, Van't Hof's 1s so far and their points), with every
/// set-aside of every roll, the player choosing by their own chance
/// (component 0), banking on ties.
pub(super) struct Plain {
    pub(super) rules: RuleSet,
    pub(super) players: usize,
    pub(super) ms: Multisets,
    /// `[first roll?][roll]`: every set-aside as (dice used, points,
    /// an instant win?, 1s scored as 1s, the points they earned).
    pub(super) options: [Vec<Vec<SetAside>>; 2],
    pub(super) grid: i64,
    /// Turns are cut here (a forced bank), far past where it matters.
    pub(super) cap: i64,
    /// Past an exact goal with instant wins, per number of dice, the
    /// chance of an instant win rolling on for one (there every other end
    /// is a bust, worth a farkle): found here by its own value iteration.
    pub(super) rolling_on: Option<[f64; 7]>,
}

impl Plain {
    pub(super) fn new(rules: RuleSet, players: usize) -> Plain {
        let scorer = Scorer::new(&rules);
        let ms = Multisets::new(6);
        let options = [false, true].map(|first| {
            (0..ms.len())
                .map(|i| {
                    scorer
                        .set_asides(ms.counts(i), first)
                        .iter()
                        .flat_map(|sa| {
                            sa.variants
                                .iter()
                                .map(|v| (dice_count(&sa.keep), v.points, v.instant_win, v.ones, v.ones_points))
                        })
                        .collect()
                })
                .collect()
        });
        let grid = game(rules.clone()).win_model().grid;
        // Past an exact goal every end is a bust or a farkle: cut there.
        let cap = rules.game.goal + if rules.game.exact_goal { 0 } else { 4000 };
        let mut plain = Plain { rules, players, ms, options, grid, cap, rolling_on: None };
        if plain.rules.game.exact_goal && plain.rules.has_instant_win() {
            plain.rolling_on = Some(plain.instant_chances());
        }
        plain
    }

    /// Per number of dice, the chance of an instant win when every other
    /// end is worth nothing: value iteration from 0 (each iterate a lower
    /// bound) until it stops moving.
    pub(super) fn instant_chances(&self) -> [f64; 7] {
        let mut u = [0.0; 7];
        for _ in 0..100_000 {
            let mut next = [0.0; 7];
            for (k, next) in next.iter_mut().enumerate().skip(1) {
                for i in self.ms.of_size(k) {
                    let best = self.options[0][i]
                        .iter()
                        .map(
                            |&(used, _, instant, ..)| {
                                if instant {
                                    1.0
                                } else {
                                    u[if k == used { 6 } else { k - used }]
                                }
                            },
                        )
                        .fold(0.0, f64::max);
                    *next += self.ms.prob(i) * best;
                }
            }
            let moved = (1..7).map(|k| (next[k] - u[k]).abs()).fold(0.0, f64::max);
            u = next;
            if moved < 1e-18 {
                break;
            }
        }
        u
    }

    /// [`Plain::new`] with its turns cut at the goal + `cut` instead.
    pub(super) fn cut_at(rules: RuleSet, players: usize, cut: i64) -> Plain {
        let mut plain = Plain::new(rules, players);
        plain.cap = plain.rules.game.goal + cut;
        plain
    }

    /// Grid levels past the cut a turn's last set-aside may reach.
    pub(super) fn past_cap(&self) -> i64 {
        let most = self.options.iter().flatten().flatten().map(|o| o.1).max().unwrap_or(0) + self.rules.turn.vant_hof;
        most / self.grid + 1
    }

    pub(super) fn on(&self, total: i64) -> bool {
        total > 0 || self.rules.turn.entry == 0
    }

    /// The best turn from `t` points with `k` dice: `bank(t)` is the value
    /// of stopping at `t` (`None`: not allowed), `farkle` of a farkle.
    pub(super) fn turn(
        &self,
        t: i64,
        k: usize,
        first: bool,
        farkle: V,
        bank: &dyn Fn(i64) -> Option<V>,
        memo: &mut Memo,
    ) -> V {
        self.turn_with(t, k, first, (0, 0), farkle, bank, memo)
    }

    /// [`Plain::turn`] with `ones` 1s scored as 1s so far this turn and the
    /// points they earned (6: Van't Hof's bonus taken).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn turn_with(
        &self,
        t: i64,
        k: usize,
        first: bool,
        ones: (u8, i64),
        farkle: V,
        bank: &dyn Fn(i64) -> Option<V>,
        memo: &mut Memo,
    ) -> V {
        if let Some(v) = memo.get(&(t, k, first, ones)) {
            return *v;
        }
        let mut total = [0.0; MOST];
        for i in self.ms.of_size(k) {
            let mut best: Option<V> = None;
            for &(used, points, instant, o, op) in &self.options[usize::from(first)][i] {
                let mut t2 = t + points;
                let mut ones2 = ones;
                if self.rules.turn.vant_hof > 0 && ones.0 < 6 && o > 0 {
                    ones2 = (ones.0 + o, ones.1 + op);
                    if ones2.0 >= 6 {
                        // The sixth 1: the bonus replaces what the 1s earned.
                        t2 += (self.rules.turn.vant_hof - ones2.1).max(0);
                        ones2 = (6, 0);
                    }
                }
                let k2 = if k == used { 6 } else { k - used };
                let value = if instant {
                    won()
                } else if let (true, Some(u)) = (t2 > self.cap, self.rolling_on) {
                    // Past the exact goal: rolling on for the instant win.
                    let u = u[k2];
                    std::array::from_fn(|p| if p == 0 { u + (1.0 - u) * farkle[0] } else { (1.0 - u) * farkle[p] })
                } else if t2 > self.cap && self.rules.game.exact_goal {
                    // Past the exact goal a bank busts.
                    farkle
                } else if t2 > self.cap {
                    bank(t2).unwrap_or(farkle)
                } else {
                    let go = self.turn_with(t2, k2, false, ones2, farkle, bank, memo);
                    match bank(t2) {
                        Some(s) if s[0] >= go[0] => s,
                        _ => go,
                    }
                };
                if best.is_none_or(|b| value[0] > b[0]) {
                    best = Some(value);
                }
            }
            let v = best.unwrap_or(farkle);
            for j in 0..MOST {
                total[j] += self.ms.prob(i) * v[j];
            }
        }
        memo.insert((t, k, first, ones), total);
        total
    }

    /// Whether a player at `total` may stop at turn points `t`: `Some(true)`
    /// counts, `Some(false)` scores nothing, `None` is not allowed.
    pub(super) fn stop(&self, total: i64, t: i64) -> Option<bool> {
        let turn = &self.rules.turn;
        let on = self.on(total);
        if on && t < turn.min_bank {
            None
        } else if !on && t < turn.entry {
            Some(false)
        } else {
            Some(true)
        }
    }

    /// Every player's chance (the leader's first) when the leader banks to
    /// `x` at or past the goal and the others, at `others`, chase: the
    /// first chaser's turn played for their own chance, each bank past `x`
    /// worth the chase of the rest from it, every other end the chase of
    /// the rest from `x`.
    pub(super) fn chase(&self, x: i64, others: &[i64], chased: &mut HashMap<(i64, Vec<i64>), V>) -> V {
        let Some((&b, rest)) = others.split_first() else {
            return won();
        };
        if let Some(v) = chased.get(&(x, others.to_vec())) {
            return *v;
        }
        let k = others.len();
        // In the first chaser's own order: [b, the rest..., leader].
        let behind = self.chase(x, rest, chased);
        let mut failed = [0.0; MOST];
        failed[1..k].copy_from_slice(&behind[1..k]);
        failed[k] = behind[0];
        let ys: Vec<Option<V>> = (1..=(self.cap / self.grid + self.past_cap()))
            .map(|l| l * self.grid)
            .map(|t| (b + t > x).then(|| self.chase(b + t, rest, chased)))
            .collect();
        let bank = |t: i64| {
            self.stop(b, t).map(|counts| match ys[usize::try_from(t / self.grid).unwrap() - 1] {
                Some(w) if counts => w,
                _ => failed,
            })
        };
        let v = self.turn(0, 6, true, failed, &bank, &mut Memo::default());
        let mut out = [0.0; MOST];
        out[0] = v[k];
        out[1..=k].copy_from_slice(&v[..k]);
        chased.insert((x, others.to_vec()), out);
        out
    }

    /// One plain sweep over `states` (indexed as the solver does): each
    /// state's turn played with `v` as the values of the states it leads
    /// to.
    pub(super) fn sweep(&self, v: &[V], states: &[usize]) -> Vec<V> {
        let (g, goal, n) = (self.grid, self.rules.game.goal, self.players);
        let levels = usize::try_from((goal + g - 1) / g).unwrap();
        let index = |t: &[usize]| t.iter().fold(0, |i, &x| i * levels + x);
        let mut chased: HashMap<(i64, Vec<i64>), V> = HashMap::new();
        let mut out = vec![[0.0; MOST]; states.len()];
        for (&i, out) in states.iter().zip(out.iter_mut()) {
            let t = decode(i, n, levels);
            let at = t[0] as i64 * g;
            let others: Vec<i64> = t[1..].iter().map(|&o| o as i64 * g).collect();
            // Renumbered from the mover of the state a turn leads to.
            let from_next = |u: V| -> V {
                let mut r = [0.0; MOST];
                for k in 0..n {
                    r[k] = u[(k + n - 1) % n];
                }
                r
            };
            let mut next = t[1..].to_vec();
            next.push(t[0]);
            let farkle = from_next(v[index(&next)]);
            let mut banks: HashMap<i64, Option<V>> = HashMap::new();
            for l in 1..=(self.cap / g + self.past_cap()) {
                let tt = l * g;
                let x = at + tt;
                let e = self.stop(at, tt).map(|counts| {
                    // A stop that scores nothing, or a bust past an exact goal.
                    if !counts || (self.rules.game.exact_goal && x > goal) {
                        farkle
                    } else if self.rules.game.exact_goal && x == goal {
                        won()
                    } else if x < goal {
                        let mut next = t[1..].to_vec();
                        next.push(t[0] + usize::try_from(l).unwrap());
                        from_next(v[index(&next)])
                    } else {
                        self.chase(x, &others, &mut chased)
                    }
                });
                banks.insert(tt, e);
            }
            let bank = |tt: i64| banks[&tt];
            *out = self.turn(0, 6, true, farkle, &bank, &mut Memo::default());
        }
        out
    }
}
