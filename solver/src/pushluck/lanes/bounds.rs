//! What the lanes know of a cell before or beside solving it: that it
//! banks ([`Proof`], so it is not solved), and how far its value may be
//! off when the values above the turns' top are ([`Shift`]).

use super::{Ends, Lane, ENDS_STRIDE, LANES};
use crate::pushluck::model::{ContextTable, RollReach, HOT_END};

/// How far the values of turns without slopes may be off when the values
/// prepared above their top (a stationary tail) are off by at most
/// `above` (the largest over the lanes, which share the bound).
///
/// A cell's value is its bank or its roll; a roll is an expectation over
/// its outcomes of the best set-aside, and a best of values each off by
/// at most `d` is off by at most `d`, so a roll is off by at most its
/// outcomes' expectation of their options' largest bound (farkles,
/// instant wins and forced ends are exact: banks are valued exactly at
/// every total). Where every lane's bank beats its roll by more than that
/// (and the rounding), the cell banks either way and is exact. Cells
/// proved to bank by [`Proof`] (with the window's largest bound added to
/// what they must beat) are exact too. So the bound falls to 0 below a
/// band of levels where every path up passes a cell that banks: past the
/// goal, under Farkle's return, the six-dice contexts bank, and a turn
/// with fewer dice reaches six within five rolls.
pub(super) struct Shift {
    /// Per cell, `[level * contexts + context]` as the values.
    cells: Vec<f64>,
    /// Per level, the largest of its cells.
    levels: Vec<f64>,
    contexts: usize,
    reach: usize,
    /// The bound above the top, and the lowest top of a lane: above it
    /// the lanes that do not solve a level keep values off by `above`.
    above: f64,
    lowest: usize,
    /// The largest bound of a roll value read (below the proofs' level).
    pub(super) read: f64,
}

/// What a bank must beat a roll by, beyond the roll's bound, to be sure:
/// the roll's value is rounded.
const SHIFT_MARGIN: f64 = 1e-12;

impl Shift {
    pub(super) fn new(above: f64, lowest: usize, top: usize, reach: usize, contexts: usize) -> Shift {
        let mut cells = vec![0.0; (top + reach) * contexts];
        cells[lowest * contexts..].fill(above);
        let mut levels = vec![0.0; top + reach];
        levels[lowest..].fill(above);
        Shift { cells, levels, contexts, reach, above, lowest, read: 0.0 }
    }

    /// The largest bound of the levels a roll from `level` reaches.
    pub(super) fn window(&self, level: usize) -> f64 {
        self.levels[level + 1..(level + 1 + self.reach).min(self.levels.len())].iter().copied().fold(0.0, f64::max)
    }

    /// The bound of context `c` at `level` (context table `table`), whose
    /// rolls are `total` in the `active` lanes, with banks `bank(k)`;
    /// `window` is [`Self::window`] at `level`, `read` whether its roll
    /// values are read.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn follow(
        &mut self,
        table: &ContextTable,
        level: usize,
        c: usize,
        window: f64,
        read: bool,
        active: &[usize],
        total: &Lane,
        bank: impl Fn(usize) -> Option<f64>,
    ) {
        let base = level * self.contexts;
        let i = base + c;
        let roll: f64 = if window == 0.0 {
            0.0
        } else {
            table
                .rolls
                .iter()
                .map(|&(p, from, to)| {
                    let worst = table.hot[from as usize..to as usize]
                        .iter()
                        .filter(|&&x| x & HOT_END == 0)
                        .map(|&x| self.cells[base + x as usize])
                        .fold(0.0, f64::max);
                    p * worst
                })
                .sum()
        };
        if read {
            self.read = self.read.max(roll);
        }
        let banks = active.iter().all(|&k| bank(k).is_some_and(|b| b - total[k] > roll + SHIFT_MARGIN));
        let solved = if banks { 0.0 } else { roll };
        self.cells[i] = if level >= self.lowest { solved.max(self.above) } else { solved };
    }

    pub(super) fn level_done(&mut self, level: usize) {
        let n = self.contexts;
        self.levels[level] = self.cells[level * n..(level + 1) * n].iter().copied().fold(0.0, f64::max);
    }
}

/// Cells that provably bank, found before their rolls are solved: in
/// carried turns, whose callers keep their expectations and range, and in
/// turns without slopes read below a level only (the return's turns on a
/// leftover, [`super::fill_lanes_read_below`]).
///
/// A roll from level `l` is worth at most its farkle chance times the
/// farkle value, plus its chance of an instant win, plus, for each largest
/// gain `g` among its set-asides, that gain's chance times the best value
/// of any state or forced end from level `l + 1` to `l + g` (every
/// set-aside lands there, and takes at most the best). Where a lane's bank
/// beats that bound by more than its policy range's limit, the bank is its
/// choice at every farkle value of the range (a slope gap is at most 1, so
/// the gap cannot close), and the cell's rolls change nothing kept: the
/// value, slope and carried sums are the bank's, and the decisions inside
/// the rolls only narrow the range for plays the policy never makes. So a
/// cell where every active lane is proved is not solved: its roll value
/// and slope are left unknown (NaN), and the range is the DP's without
/// those decisions (as wide or wider, and as valid). At goal 2,500 the
/// cells where every lane banks held 15.8% of the kernel's work. Without
/// slopes there is no range: a bank that beats the bound beats the roll,
/// so the DP's value there is the bank, to the bit. Under Farkle's return,
/// cells proved to bank held 60% of the work of the turns on a leftover
/// (at goals 3,000 to 6,000): past the goal a bank that leaves no dice is
/// nearly a win, while one that leaves dice hands the chaser their pass
/// for any scoring roll, so every context with dice to roll rolls on, up
/// to the tail's top, and the six-dice contexts, most of the work, bank.
pub(super) struct Proof<'r> {
    reaches: &'r [RollReach],
    /// Per level: every lane's best value of a state or forced end there
    /// (infinite until the level is solved).
    best: Vec<Lane>,
    /// For the level being solved, per gain `g` (from 1): the best from
    /// the next level up to `g` above.
    up_to: Vec<Lane>,
    contexts: usize,
}

/// What a bound must lose by to prove a bank, beyond the range's limit:
/// the bound's sums and the roll's are rounded in different orders.
const PROOF_MARGIN: f64 = 1e-12;

impl<'r> Proof<'r> {
    /// Levels from `top` to `top + reach` (the arrays' top rows, prepared,
    /// never solved) are known at once.
    pub(super) fn new(
        reaches: &'r [RollReach],
        top: usize,
        reach: usize,
        contexts: usize,
        values: &[Lane],
        ends: &Ends,
    ) -> Self {
        let most = reaches.iter().flat_map(|r| r.gains.iter().map(|g| g.0)).max().unwrap_or(0);
        let mut p = Proof {
            reaches,
            best: vec![[f64::INFINITY; LANES]; top + reach],
            up_to: vec![[f64::INFINITY; LANES]; most + 1],
            contexts,
        };
        for level in top..top + reach {
            p.level_done(level, values, ends);
        }
        p
    }

    /// Level `level` is solved: its best per lane.
    pub(super) fn level_done(&mut self, level: usize, values: &[Lane], ends: &Ends) {
        let n = self.contexts;
        let mut best = [f64::NEG_INFINITY; LANES];
        let rows = values[level * n..(level + 1) * n].iter();
        let forced = ends.values.get(level * ENDS_STRIDE..(level + 1) * ENDS_STRIDE).unwrap_or(&[]);
        for row in rows.chain(forced) {
            for k in 0..LANES {
                best[k] = best[k].max(row[k]);
            }
        }
        self.best[level] = best;
    }

    /// Before `level` is solved: the best up to each gain above it.
    pub(super) fn look_up_from(&mut self, level: usize) {
        let mut run = [f64::NEG_INFINITY; LANES];
        for g in 1..self.up_to.len() {
            let row = self.best.get(level + g).copied().unwrap_or([f64::INFINITY; LANES]);
            for k in 0..LANES {
                run[k] = run[k].max(row[k]);
            }
            self.up_to[g] = run;
        }
    }

    /// Whether in context `c` every active lane's bank (NaN where it
    /// cannot stop) beats its roll's bound by more than its `limit`.
    pub(super) fn banks(&self, c: usize, farkle: &Lane, banks: &Lane, limit: &Lane, active: &[usize]) -> bool {
        let r = &self.reaches[c];
        active.iter().all(|&k| banks[k] - r.bound(farkle[k], |g| self.up_to[g][k]) > limit[k] + PROOF_MARGIN)
    }
}
