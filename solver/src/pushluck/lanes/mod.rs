//! Several win-objective turn DPs at once, one per SIMD lane.
//!
//! The win solvers solve thousands of turns that share the model (the
//! contexts, their rolls and where each set-aside leads) and differ only in
//! their payoff: the bank values, the farkle value, how many levels are
//! solved. One turn's DP reads, for every roll, the values of a handful of
//! successors scattered over the level rows above it: a gather, one cache
//! line per read for one useful number, which is what bounds the single
//! turn DP ([`super::dp`]). Here up to [`LANES`] turns are laid out side by
//! side, `[level][context][lane]`: a successor's values for every lane are
//! one contiguous load (one cache line of eight `f64`), and the
//! branch-free argmax over a roll's set-asides runs on all lanes in vector
//! registers, as does the second look that narrows each lane's policy
//! range (`Range` in [`super::dp`]).
//!
//! Every lane computes exactly what [`Solution::fill_levels_sloped`] (or,
//! without slopes, `fill_levels`) computes for its turn, in the same order
//! of operations (lane-wise arithmetic is the scalar arithmetic, no fused
//! multiply-adds), so its values, slopes, choices and policy range are bit
//! for bit those of the turn solved alone (tested). Carried turns
//! ([`fill_lanes_carrying`]) skip the cells proved to bank (`Proof`): their
//! ends are still the alone turn's to the bit, their range as wide or
//! wider. A lane with fewer
//! levels than the widest turn is masked above its own levels: its
//! prepared values stay, its range and choices are not touched. The rarer
//! parts (rolls where a set-aside ends the turn, the bank comparison) run
//! lane by lane.
//!
//! The vector kernel is written with AVX-512 intrinsics when the build
//! targets them (the workspace builds for the machine it runs on); other
//! targets run the same steps lane by lane in plain Rust.
//!
//! [`bounds`] holds what the lanes know of a cell beside its DP: that it
//! provably banks (so carried turns, and turns read below a level only,
//! skip it), and how far its value may be off when the values above the
//! turns' top are (the return's turns solved below a lowered top).

mod bounds;

use super::dp::{bank_or_roll, Range};
use super::model::{dice_of, hot_end, HOT_END, HOT_INSTANT};
use super::solution::{Payoff, Solution};
use bounds::{Proof, Shift};

/// Turns solved side by side: eight `f64` are one cache line and one
/// AVX-512 register.
pub(crate) const LANES: usize = 8;

type Lane = [f64; LANES];

/// Solves every prepared turn of `sols` (at most [`LANES`] of one model,
/// each from [`super::Model::prepare_payoff`], with slopes when `SLOPED`;
/// turns near an exact goal with a choice of dice are solved alone):
/// the same result as [`Solution::fill_levels_sloped`] (or `fill_levels`)
/// on each, with the choices recorded either way.
pub(crate) fn fill_lanes<const SLOPED: bool>(sols: &mut [Solution<'_>]) {
    fill_lanes_down_to::<SLOPED>(sols, 0);
}

/// Two more quantities a turn's DP carries along its choices, as it does
/// the slopes: per turn, what a bank or forced end at each level carries
/// (`[0, 0]` where stopping is not allowed; farkles carry nothing). The win
/// solver of several players carries the next player's chance and the
/// turns left, the pair solve of two the game facts' turns and P(win),
/// which a backward pass along the recorded choices
/// ([`Solution::expect_rolls`]) found after the DP at nearly the cost of
/// the DP itself: here they ride in the registers of the roll's argmax, two
/// loads and two selects an option.
#[derive(Debug, Clone)]
pub(crate) struct Carry {
    /// By level, up to the turn's levels plus its reach.
    pub(crate) bank: Vec<[f64; 2]>,
    /// What an instant win carries.
    pub(crate) instant: [f64; 2],
    /// Where the decision states above the turn's levels do not bank (past
    /// an exact goal with instant wins, in a stationary tail): what each
    /// context carries there, `[c]` (empty: nothing).
    pub(crate) above: Vec<[f64; 2]>,
}

/// [`fill_lanes`] with slopes, carrying each turn's [`Carry`] along its
/// choices: per turn, what every context at level 0 carries, as
/// `expect_rolls` gives it (`None` for a turn solved alone, near an exact
/// goal with a choice of dice).
///
/// What the carry is for, a turn's expectations, is all its caller keeps
/// of it: the turns get their roll values and slopes and their policy
/// range, but neither their choices nor their decision values and slopes
/// (left as prepared). Recording eight lanes' choices and copying the
/// rows back lane by lane took a tenth of the solve of three players.
pub(crate) fn fill_lanes_carrying(sols: &mut [Solution<'_>], carry: &[Carry]) -> Vec<Option<Vec<[f64; 2]>>> {
    fill_lanes_generic::<true, true>(sols, 0, carry, 0, 0.0, &mut 0.0)
}

/// [`fill_lanes`] down to level `bottom` only: the levels below keep 0,
/// for turns read at `bottom` and above (a piggyback turn that starts
/// at its inherited total).
pub(super) fn fill_lanes_down_to<const SLOPED: bool>(sols: &mut [Solution<'_>], bottom: usize) {
    fill_lanes_generic::<SLOPED, false>(sols, bottom, &[], usize::MAX, 0.0, &mut 0.0);
}

/// [`fill_lanes_down_to`] without slopes, for turns whose callers read
/// nothing but their roll values below level `kept`: from there up, the
/// cells proved to bank in every lane (see [`Proof`]) are not solved. The
/// turns' decision values are exactly those of [`fill_lanes_down_to`]
/// everywhere (a cell proved to bank is worth its bank, as the DP would
/// find); at the skipped cells their roll values are unknown (NaN) and
/// their choices and margins are not recorded.
///
/// `above`: how far the values prepared above the turns' top (a
/// stationary tail) may be from the true ones, in every lane. Returns a
/// bound on how far that moves the roll values read (see [`Shift`]).
pub(super) fn fill_lanes_read_below(sols: &mut [Solution<'_>], bottom: usize, kept: usize, above: f64) -> f64 {
    let mut read = 0.0;
    fill_lanes_generic::<false, false>(sols, bottom, &[], kept, above, &mut read);
    read
}

/// [`fill_lanes_down_to`], carrying `carry` when `CARRY`, skipping the
/// cells proved to bank from level `prove_from` up (carried turns, or
/// turns without slopes), and (without slopes, when `above > 0`) putting
/// in `read_shift` how far the roll values below `prove_from` may be off
/// when the values above the top are off by `above`.
fn fill_lanes_generic<const SLOPED: bool, const CARRY: bool>(
    sols: &mut [Solution<'_>],
    bottom: usize,
    carry: &[Carry],
    prove_from: usize,
    above: f64,
    read_shift: &mut f64,
) -> Vec<Option<Vec<[f64; 2]>>> {
    assert!(!sols.is_empty() && sols.len() <= LANES, "one to {LANES} turns");
    assert!(!CARRY || carry.len() == sols.len(), "a carry a turn");
    if sols.iter().any(|s| s.model.chooses_dice) {
        // Turns near an exact goal with a choice of dice (few, and short)
        // are solved alone; the others side by side as usual.
        let (near, plain): (Vec<usize>, Vec<usize>) = (0..sols.len()).partition(|&k| sols[k].model.chooses_dice);
        for &k in &near {
            sols[k].fill_alone(SLOPED);
        }
        if above > 0.0 && !near.is_empty() {
            // (Turns solved alone are not followed.)
            *read_shift = f64::INFINITY;
        }
        let mut carried = vec![None; if CARRY { sols.len() } else { 0 }];
        if !plain.is_empty() {
            let mut rest: Vec<Solution<'_>> = plain.iter().map(|&k| sols[k].clone()).collect();
            let rest_carry: Vec<Carry> = if CARRY { plain.iter().map(|&k| carry[k].clone()).collect() } else { vec![] };
            let rest_carried =
                fill_lanes_generic::<SLOPED, CARRY>(&mut rest, bottom, &rest_carry, prove_from, above, read_shift);
            for (&k, s) in plain.iter().zip(rest) {
                sols[k] = s;
            }
            for (&k, c) in plain.iter().zip(rest_carried) {
                carried[k] = c;
            }
        }
        return carried;
    }
    let m = sols[0].model;
    let n = m.contexts();
    let rolls = m.roll_starts[n];
    let levels: Vec<usize> = sols.iter().map(|s| s.levels).collect();
    let top = levels.iter().copied().max().expect("one turn at least");
    // Every lane's array reaches the same distance above its levels.
    let reach = sols[0].values.len() / n - sols[0].levels;
    let len = (top + reach) * n;
    let mut values: Vec<Lane> = vec![[0.0; LANES]; len];
    let mut slopes: Vec<Lane> = vec![[0.0; LANES]; if SLOPED { len } else { 0 }];
    // The carried quantities, as `values` (above a turn's levels, what
    // `expect_rolls` gives the states there: the carry's `above` past an
    // exact goal with instant wins or in a stationary tail, else the
    // bank's).
    let mut carried: [Vec<Lane>; 2] = std::array::from_fn(|_| vec![[0.0; LANES]; if CARRY { len } else { 0 }]);
    for (k, s) in sols.iter().enumerate() {
        assert!(std::ptr::eq(s.model, m) && s.values.len() == (s.levels + reach) * n, "turns of one model");
        let nothing_above = m.chase.is_some() || matches!(&s.payoff, Payoff::Win(w) if w.above.is_some());
        for i in s.levels * n..s.values.len() {
            values[i][k] = s.values[i];
            if SLOPED {
                slopes[i][k] = s.slopes[i];
            }
            if CARRY {
                for (j, c) in carried.iter_mut().enumerate() {
                    c[i][k] = if nothing_above {
                        carry[k].above.get(i % n).map_or(0.0, |a| a[j])
                    } else {
                        carry[k].bank[i / n][j]
                    };
                }
            }
        }
    }
    let ends = Ends::new::<SLOPED, CARRY>(sols, top + reach, carry);
    let mut ranges = Ranges::new(sols);
    // Choices of every lane side by side, `[level * rolls + roll][lane]`
    // (one store a roll).
    let mut choices: Vec<[u8; LANES]> = vec![[0; LANES]; if CARRY { 0 } else { top * rolls }];
    // Where a carried turn's picks go: nowhere kept.
    let mut no_choice = [0; LANES];
    let farkle: Lane = std::array::from_fn(|k| sols.get(k).map_or(0.0, Solution::farkle_score));
    // Each lane's smallest margin of a decision over its runner-up
    // (without slopes only: the penalty's sweeps use it, the pair solve,
    // which has ranges, does not).
    let mut margins: Lane = [f64::INFINITY; LANES];
    // Proofs need a bound of what a bank must beat: the range's limit
    // with slopes, none without (nor a carry, which needs slopes).
    debug_assert!(SLOPED || !CARRY);
    let mut proof = match &m.roll_reaches {
        Some(reaches) if CARRY || (!SLOPED && prove_from < top) => {
            Some(Proof::new(reaches, top, reach, n, &values, &ends))
        }
        _ => None,
    };
    let lowest = levels.iter().copied().min().expect("one turn at least");
    let mut shift = (!SLOPED && !CARRY && above > 0.0).then(|| Shift::new(above, lowest, top, reach, n));
    for level in (bottom.min(top)..top).rev() {
        // How far the values a roll from here reaches may be off: without
        // slopes, what a bank must beat a roll's bound by.
        let window = shift.as_ref().map_or(0.0, |sh| sh.window(level));
        let shifted: Lane = [window; LANES];
        // The lanes that solve this level (the others keep their values).
        let active: Vec<usize> = (0..sols.len()).filter(|&k| level < levels[k]).collect();
        ranges.activate(&active);
        // Added to an idle lane's margins: they do not count.
        let idle: Lane = std::array::from_fn(|k| if active.contains(&k) { 0.0 } else { f64::INFINITY });
        let base = level * n;
        if let Some(p) = &mut proof {
            p.look_up_from(level);
        }
        for c in 0..n {
            let table = &m.tables[c];
            if let Some(p) = proof.as_ref().filter(|_| level > 0 && level >= prove_from) {
                // Level 0 is the turn's start: rolling is no choice.
                let banks: Lane = std::array::from_fn(|k| match &sols.get(k).map(|s| &s.payoff) {
                    Some(Payoff::Win(w)) => w.bank(level, dice_of(c)).unwrap_or(f64::NAN),
                    _ => f64::NAN,
                });
                let limit = if SLOPED { &ranges.limit } else { &shifted };
                if p.banks(c, &farkle, &banks, limit, &active) {
                    let i = base + c;
                    for &k in &active {
                        let s = &mut sols[k];
                        values[i][k] = banks[k];
                        s.roll_values[i] = f64::NAN;
                        if SLOPED {
                            let Payoff::Win(w) = &s.payoff else { unreachable!("a win-objective turn") };
                            slopes[i][k] = w.bank_slope(level, dice_of(c));
                            s.roll_slopes[i] = f64::NAN;
                        }
                        if CARRY {
                            for (j, c) in carried.iter_mut().enumerate() {
                                c[i][k] = carry[k].bank[level][j];
                            }
                        }
                    }
                    continue;
                }
            }
            let mut total: Lane = std::array::from_fn(|k| farkle[k] * table.farkle);
            let mut slope: Lane = [table.farkle; LANES];
            // A farkle carries nothing.
            let mut sums_carried: [Lane; 2] = [[0.0; LANES]; 2];
            for (r, (&(prob, start, end), &decisions_only)) in table.rolls.iter().zip(&table.decisions_only).enumerate()
            {
                let options = &table.hot[start as usize..end as usize];
                let at = level * rolls + m.roll_starts[c] + r;
                let rows = Rows::<SLOPED> { values: &values, slopes: &slopes, base, ends: &ends, level };
                let carried_rows = Rows::<CARRY> { values: &carried[0], slopes: &carried[1], base, ends: &ends, level };
                let mut sums = Sums {
                    prob,
                    total: &mut total,
                    slope: &mut slope,
                    carried: &mut sums_carried,
                    pick: if CARRY { &mut no_choice } else { &mut choices[at] },
                };
                let gap = if decisions_only {
                    kernel::roll::<SLOPED, CARRY>(
                        |x| rows.decision(x),
                        |x| carried_rows.decision(x),
                        options,
                        &mut ranges,
                        &mut sums,
                    )
                } else {
                    kernel::roll::<SLOPED, CARRY>(
                        |x| rows.any(x),
                        |x| carried_rows.any_carried(x),
                        options,
                        &mut ranges,
                        &mut sums,
                    )
                };
                if !SLOPED {
                    // A select, not `f64::min` (which keeps a NaN out
                    // lane by lane): the same minimum, as no margin is NaN
                    // and a NaN gap is never below it.
                    for k in 0..LANES {
                        let gap = gap[k] + idle[k];
                        margins[k] = if gap < margins[k] { gap } else { margins[k] };
                    }
                }
            }
            let i = base + c;
            if let Some(sh) = shift.as_mut() {
                sh.follow(table, level, c, window, level < prove_from, &active, &total, |k| match &sols[k].payoff {
                    Payoff::Win(w) => w.bank(level, dice_of(c)),
                    _ => None,
                });
            }
            for &k in &active {
                let s = &mut sols[k];
                let roll = total[k];
                s.roll_values[i] = roll;
                let Payoff::Win(w) = &s.payoff else { unreachable!("a win-objective turn") };
                let bank = w.bank(level, dice_of(c));
                if !SLOPED && level > 0 {
                    // Level 0 is the turn's start: rolling is no choice.
                    if let Some(b) = bank {
                        margins[k] = margins[k].min((b - roll).abs());
                    }
                }
                if !SLOPED {
                    values[i][k] = bank.map_or(roll, |b| b.max(roll));
                    continue;
                }
                s.roll_slopes[i] = slope[k];
                let mut range = ranges.get(k);
                (values[i][k], slopes[i][k]) = bank_or_roll(m.ties, w, level, c, (roll, slope[k]), &mut range);
                ranges.set(k, range);
                if CARRY {
                    // Where the turn banks, as `expect_rolls` decides it
                    // (`stops_at`: never at the turn's start).
                    let banks = level > 0 && bank.is_some_and(|b| b > roll || (b == roll && m.ties.bank));
                    for (j, c) in carried.iter_mut().enumerate() {
                        c[i][k] = if banks { carry[k].bank[level][j] } else { sums_carried[j][k] };
                    }
                }
            }
        }
        if let Some(p) = &mut proof {
            p.level_done(level, &values, &ends);
        }
        if let Some(sh) = shift.as_mut() {
            sh.level_done(level);
        }
    }
    if let Some(sh) = &shift {
        *read_shift = read_shift.max(sh.read);
    }
    for (k, s) in sols.iter_mut().enumerate() {
        if SLOPED {
            s.policy_range = ranges.get(k).get();
        }
        if CARRY {
            continue;
        }
        for i in 0..s.levels * n {
            s.values[i] = values[i][k];
            if SLOPED {
                s.slopes[i] = slopes[i][k];
            }
        }
        s.choices = choices[..s.levels * rolls].iter().map(|c| c[k]).collect();
        if !SLOPED {
            s.margin = margins[k];
        }
    }
    if !CARRY {
        return vec![];
    }
    (0..sols.len()).map(|k| Some((0..n).map(|c| [carried[0][c][k], carried[1][c][k]]).collect())).collect()
}

/// The rows of one level's successors: values, and slopes when `SLOPED`
/// (zeros otherwise).
struct Rows<'a, const SLOPED: bool> {
    values: &'a [Lane],
    slopes: &'a [Lane],
    base: usize,
    ends: &'a Ends,
    level: usize,
}

/// Value and slope rows of an instant win.
const WIN: (Lane, Lane) = ([1.0; LANES], [0.0; LANES]);
const ZEROS: Lane = [0.0; LANES];

impl<const SLOPED: bool> Rows<'_, SLOPED> {
    /// The rows of the decision state `x` (an offset from this level's row).
    #[inline]
    fn decision(&self, x: u32) -> (&Lane, &Lane) {
        let i = self.base + x as usize;
        (&self.values[i], if SLOPED { &self.slopes[i] } else { &ZEROS })
    }

    /// The carried rows of any successor `x`, in a `Rows` whose `values`
    /// and `slopes` are the two carried quantities (a decision state's are
    /// [`Self::decision`]'s): an instant win carries nothing, a forced end
    /// its bank's.
    #[inline]
    fn any_carried(&self, x: u32) -> (&Lane, &Lane) {
        if x & HOT_END == 0 {
            self.decision(x)
        } else if x == HOT_INSTANT {
            (&self.ends.instant_carried[0], &self.ends.instant_carried[1])
        } else {
            let (gain, left) = hot_end(x);
            let i = (self.level + gain) * ENDS_STRIDE + left;
            (&self.ends.carried[0][i], &self.ends.carried[1][i])
        }
    }

    /// The rows of any successor `x`: a decision state, an instant win or
    /// a forced end (as `hot_sloped_outside` values them).
    #[inline]
    fn any(&self, x: u32) -> (&Lane, &Lane) {
        if x & HOT_END == 0 {
            self.decision(x)
        } else if x == HOT_INSTANT {
            (&WIN.0, &WIN.1)
        } else {
            let (gain, left) = hot_end(x);
            let i = (self.level + gain) * ENDS_STRIDE + left;
            (&self.ends.values[i], if SLOPED { &self.ends.slopes[i] } else { &ZEROS })
        }
    }
}

/// Dice left by an end: 0 to 6.
const ENDS_STRIDE: usize = 7;

/// Every lane's forced ends outside the arrays, `[level * 7 + left]`: the
/// bank at that level leaving `left` dice, or the farkle value where
/// stopping is not allowed, and its slope (as `hot_sloped_outside`, and
/// without slopes `hot_value_outside`, value them). Empty when every roll
/// of the model leads to decision states only.
struct Ends {
    values: Vec<Lane>,
    slopes: Vec<Lane>,
    /// What each end carries ([`Carry`]), when carried.
    carried: [Vec<Lane>; 2],
    /// What an instant win carries, when carried.
    instant_carried: [Lane; 2],
}

impl Ends {
    fn new<const SLOPED: bool, const CARRY: bool>(sols: &[Solution<'_>], levels: usize, carry: &[Carry]) -> Ends {
        let m = sols[0].model;
        let instant_carried: [Lane; 2] = std::array::from_fn(|j| {
            std::array::from_fn(|k| if CARRY { carry.get(k).map_or(0.0, |c| c.instant[j]) } else { 0.0 })
        });
        if m.tables.iter().all(|t| t.decisions_only.iter().all(|&d| d)) {
            return Ends { values: vec![], slopes: vec![], carried: [vec![], vec![]], instant_carried };
        }
        // A forced end lies at most a set-aside's gain above its level.
        let len = (levels + 1) * ENDS_STRIDE;
        let mut values = vec![[0.0; LANES]; len];
        let mut slopes = vec![[0.0; LANES]; if SLOPED { len } else { 0 }];
        let mut carried: [Vec<Lane>; 2] = std::array::from_fn(|_| vec![[0.0; LANES]; if CARRY { len } else { 0 }]);
        for (k, s) in sols.iter().enumerate() {
            let Payoff::Win(w) = &s.payoff else { unreachable!("a win-objective turn") };
            for i in 0..len {
                let (level, left) = (i / ENDS_STRIDE, i % ENDS_STRIDE);
                values[i][k] = w.bank(level, left).unwrap_or(w.farkle);
                if SLOPED {
                    slopes[i][k] = w.bank_slope(level, left);
                }
                if CARRY {
                    for (j, c) in carried.iter_mut().enumerate() {
                        c[i][k] = carry[k].bank.get(level).map_or(0.0, |b| b[j]);
                    }
                }
            }
        }
        Ends { values, slopes, carried, instant_carried }
    }
}

/// Every lane's policy range (`Range` of [`super::dp`]), side by side, and
/// the gap below which a roll's runner-up calls for a second look
/// (`Range::may_narrow`): minus infinity in an idle lane.
struct Ranges {
    lo: Lane,
    hi: Lane,
    limit: Lane,
    active: [bool; LANES],
}

impl Ranges {
    fn new(sols: &[Solution<'_>]) -> Ranges {
        let mut r = Ranges { lo: [0.0; LANES], hi: [0.0; LANES], limit: [0.0; LANES], active: [false; LANES] };
        for (k, s) in sols.iter().enumerate() {
            let range = Range::new(s.policy_range);
            (r.lo[k], r.hi[k]) = (range.lo, range.hi);
        }
        r
    }

    fn activate(&mut self, active: &[usize]) {
        self.active = [false; LANES];
        for &k in active {
            self.active[k] = true;
        }
        self.update_limits();
    }

    fn update_limits(&mut self) {
        for k in 0..LANES {
            self.limit[k] = if self.active[k] { self.get(k).limit() } else { f64::NEG_INFINITY };
        }
    }

    fn get(&self, k: usize) -> Range {
        Range { lo: self.lo[k], hi: self.hi[k] }
    }

    fn set(&mut self, k: usize, r: Range) {
        (self.lo[k], self.hi[k]) = (r.lo, r.hi);
        self.limit[k] = if self.active[k] { r.limit() } else { f64::NEG_INFINITY };
    }
}

/// What a roll adds to its context in the roll kernel (either of them):
/// its probability, the sums of the best values and slopes weighted by it,
/// and where each lane's pick is stored.
struct Sums<'a> {
    prob: f64,
    total: &'a mut Lane,
    slope: &'a mut Lane,
    carried: &'a mut [Lane; 2],
    pick: &'a mut [u8; LANES],
}

/// The roll kernel: the best successor of a roll whose set-asides all lead
/// to decision states, in every lane, as `roll_value_sloped` computes it.
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx512f")))]
mod kernel {
    use super::{Lane, Ranges, Sums, LANES};

    /// The best value, its position among `options` (the first of equals)
    /// and its slope, without branches on the values (`row` gives each
    /// option's value and slope rows); then, in the lanes whose runner-up
    /// is close, the second look narrowing the range. Adds `prob` times the
    /// best value and slope to `sums`, stores the pick, and returns each
    /// lane's gap between the best and the runner-up.
    pub(super) fn roll<'a, const SLOPED: bool, const CARRY: bool>(
        row: impl Fn(u32) -> (&'a Lane, &'a Lane),
        carried_row: impl Fn(u32) -> (&'a Lane, &'a Lane),
        options: &[u32],
        ranges: &mut Ranges,
        sums: &mut Sums<'_>,
    ) -> Lane {
        let mut best = *row(options[0]).0;
        let mut best_slope = *row(options[0]).1;
        let mut best_carried = if CARRY {
            let (a, b) = carried_row(options[0]);
            [*a, *b]
        } else {
            [[0.0; LANES]; 2]
        };
        let mut second = [f64::NEG_INFINITY; LANES];
        let mut pick = [0u8; LANES];
        for (position, &x) in (1u8..).zip(&options[1..]) {
            let (v, s) = row(x);
            let c = if CARRY { Some(carried_row(x)) } else { None };
            for l in 0..LANES {
                let ahead = v[l] > best[l];
                let behind = if ahead { best[l] } else { v[l] };
                second[l] = if behind > second[l] { behind } else { second[l] };
                best[l] = if ahead { v[l] } else { best[l] };
                best_slope[l] = if ahead { s[l] } else { best_slope[l] };
                pick[l] = if ahead { position } else { pick[l] };
                if let Some((c0, c1)) = c {
                    best_carried[0][l] = if ahead { c0[l] } else { best_carried[0][l] };
                    best_carried[1][l] = if ahead { c1[l] } else { best_carried[1][l] };
                }
            }
        }
        if SLOPED {
            for k in 0..LANES {
                if best[k] - second[k] < ranges.limit[k] {
                    let mut range = ranges.get(k);
                    for &x in options {
                        let (v, s) = row(x);
                        range.narrow(best[k] - v[k], best_slope[k] - s[k]);
                    }
                    ranges.set(k, range);
                }
            }
        }
        for k in 0..LANES {
            sums.total[k] += sums.prob * best[k];
            sums.slope[k] += sums.prob * best_slope[k];
            if CARRY {
                // Indexed as the lane loop around it is: the kernel's form.
                #[allow(clippy::needless_range_loop)]
                for j in 0..2 {
                    sums.carried[j][k] += sums.prob * best_carried[j][k];
                }
            }
        }
        *sums.pick = pick;
        std::array::from_fn(|k| best[k] - second[k])
    }
}

/// The roll kernel in AVX-512: one register holds a row of eight lanes,
/// and every comparison, select and division is one instruction over all
/// of them (the compiler does not find this form on its own).
#[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
mod kernel {
    use std::arch::x86_64::{
        __m128i, __m512d, _mm512_add_pd, _mm512_cmp_pd_mask, _mm512_cvtepi64_epi8, _mm512_div_pd, _mm512_loadu_pd,
        _mm512_mask_blend_epi64, _mm512_mask_blend_pd, _mm512_max_pd, _mm512_min_pd, _mm512_mul_pd, _mm512_set1_epi64,
        _mm512_set1_pd, _mm512_setzero_pd, _mm512_setzero_si512, _mm512_storeu_pd, _mm512_sub_pd, _mm_storel_epi64,
        _CMP_GT_OQ, _CMP_LT_OQ,
    };

    use super::{Lane, Ranges, Sums, LANES};

    /// The plain-Rust kernel's steps, with the same comparisons (`>` and
    /// `<` are false on NaN, as `_CMP_GT_OQ` and `_CMP_LT_OQ`), minima,
    /// divisions, products and sums (a product then a sum, never fused),
    /// and so the same results. The sums and the pick stay in registers
    /// until they are stored: taking them out lane by lane cost a fifth of
    /// the kernel.
    #[inline]
    pub(super) fn roll<'a, const SLOPED: bool, const CARRY: bool>(
        row: impl Fn(u32) -> (&'a Lane, &'a Lane),
        carried_row: impl Fn(u32) -> (&'a Lane, &'a Lane),
        options: &[u32],
        ranges: &mut Ranges,
        sums: &mut Sums<'_>,
    ) -> Lane {
        let load = |x: &Lane| -> __m512d {
            // SAFETY: AVX-512F is enabled at compile time (this module's
            // cfg); `x` is eight f64s.
            unsafe { _mm512_loadu_pd(x.as_ptr()) }
        };
        // SAFETY: as `load`: intrinsics of an enabled feature, loads and
        // stores of whole `[f64; 8]`, and of the eight bytes of the pick.
        unsafe {
            let (v, s) = row(options[0]);
            let mut best = load(v);
            let mut best_slope = if SLOPED { load(s) } else { _mm512_setzero_pd() };
            let mut second = _mm512_set1_pd(f64::NEG_INFINITY);
            let mut pick = _mm512_setzero_si512();
            let (mut carried0, mut carried1) = if CARRY {
                let (a, b) = carried_row(options[0]);
                (load(a), load(b))
            } else {
                (_mm512_setzero_pd(), _mm512_setzero_pd())
            };
            let mut position = 0i64;
            for &x in &options[1..] {
                position += 1;
                let (v, s) = row(x);
                let v = load(v);
                // blend(k, a, b) takes b where k is set.
                let ahead = _mm512_cmp_pd_mask::<_CMP_GT_OQ>(v, best);
                let behind = _mm512_mask_blend_pd(ahead, v, best);
                let closer = _mm512_cmp_pd_mask::<_CMP_GT_OQ>(behind, second);
                second = _mm512_mask_blend_pd(closer, second, behind);
                best = _mm512_mask_blend_pd(ahead, best, v);
                if SLOPED {
                    best_slope = _mm512_mask_blend_pd(ahead, best_slope, load(s));
                }
                pick = _mm512_mask_blend_epi64(ahead, pick, _mm512_set1_epi64(position));
                if CARRY {
                    let (a, b) = carried_row(x);
                    carried0 = _mm512_mask_blend_pd(ahead, carried0, load(a));
                    carried1 = _mm512_mask_blend_pd(ahead, carried1, load(b));
                }
            }
            if SLOPED {
                let gap = _mm512_sub_pd(best, second);
                let close = _mm512_cmp_pd_mask::<_CMP_LT_OQ>(gap, load(&ranges.limit));
                if close != 0 {
                    second_look(&row, options, ranges, close, best, best_slope);
                }
            }
            let prob = _mm512_set1_pd(sums.prob);
            let total = _mm512_add_pd(load(sums.total), _mm512_mul_pd(prob, best));
            _mm512_storeu_pd(sums.total.as_mut_ptr(), total);
            if SLOPED {
                let slope = _mm512_add_pd(load(sums.slope), _mm512_mul_pd(prob, best_slope));
                _mm512_storeu_pd(sums.slope.as_mut_ptr(), slope);
            }
            if CARRY {
                for (sum, best) in sums.carried.iter_mut().zip([carried0, carried1]) {
                    _mm512_storeu_pd(sum.as_mut_ptr(), _mm512_add_pd(load(sum), _mm512_mul_pd(prob, best)));
                }
            }
            // At most 64 set-asides a roll: each position fits a byte.
            _mm_storel_epi64(sums.pick.as_mut_ptr().cast::<__m128i>(), _mm512_cvtepi64_epi8(pick));
            let mut gap = [0.0; LANES];
            _mm512_storeu_pd(gap.as_mut_ptr(), _mm512_sub_pd(best, second));
            gap
        }
    }

    /// `Range::narrow` over every option, in the lanes of `close`: an
    /// option `gap` behind the best with a slope `slope_gap` steeper
    /// bounds how far the farkle value may fall (`slope_gap > 0`) or rise
    /// (`< 0`) before it overtakes the best; only when `gap` is below the
    /// lane's current limit.
    ///
    /// # Safety
    /// AVX-512F (this module's cfg).
    #[inline]
    unsafe fn second_look<'a>(
        row: &impl Fn(u32) -> (&'a Lane, &'a Lane),
        options: &[u32],
        ranges: &mut Ranges,
        close: u8,
        best: __m512d,
        best_slope: __m512d,
    ) {
        let mut lo = _mm512_loadu_pd(ranges.lo.as_ptr());
        let mut hi = _mm512_loadu_pd(ranges.hi.as_ptr());
        let zero = _mm512_setzero_pd();
        for &x in options {
            let (v, s) = row(x);
            let gap = _mm512_sub_pd(best, _mm512_loadu_pd(v.as_ptr()));
            let slope_gap = _mm512_sub_pd(best_slope, _mm512_loadu_pd(s.as_ptr()));
            let may = close & _mm512_cmp_pd_mask::<_CMP_LT_OQ>(gap, _mm512_max_pd(lo, hi));
            let falls = may & _mm512_cmp_pd_mask::<_CMP_GT_OQ>(slope_gap, zero);
            let rises = may & _mm512_cmp_pd_mask::<_CMP_LT_OQ>(slope_gap, zero);
            if falls | rises == 0 {
                // Most options are far behind, or the best itself (no slope
                // gap): the division, the loop's slowest step, would be
                // blended away in every lane.
                continue;
            }
            let bound = _mm512_div_pd(gap, slope_gap);
            // Rust's f64::min and vminpd agree off NaN (never here: gaps
            // and slopes are finite, and a zero slope gap is masked out).
            lo = _mm512_mask_blend_pd(falls, lo, _mm512_min_pd(lo, bound));
            hi = _mm512_mask_blend_pd(rises, hi, _mm512_min_pd(hi, _mm512_sub_pd(zero, bound)));
        }
        let (mut l, mut h) = ([0.0; LANES], [0.0; LANES]);
        _mm512_storeu_pd(l.as_mut_ptr(), lo);
        _mm512_storeu_pd(h.as_mut_ptr(), hi);
        for k in 0..LANES {
            if close >> k & 1 == 1 {
                ranges.set(k, super::Range { lo: l[k], hi: h[k] });
            }
        }
    }
}
