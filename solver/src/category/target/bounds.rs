//! The target objective's bands ([`Bounds`]): the points still to come that matter at each turn-start state: the
//! guaranteed minimum under the best play (`lo`) and the most the open
//! boxes can still give (`hi`). For a needed score `t`, the best chance of
//! reaching it is 1 when `t <= lo` and 0 when `t > hi`; only the band
//! `lo < t <= hi` has to be solved and stored.
//!
//! Both come from one pass down the levels. `hi` is the best over every
//! final roll and legal box. `lo` is the worst final roll's best box: with
//! the dice chosen by an adversary, re-rolling never helps (the adversary
//! can deal the same dice again), so a turn guarantees exactly what its
//! worst first roll scored at once guarantees.

use rayon::prelude::*;

use crate::category::bands::Bounds;
use crate::category::turn::TurnDp;

impl Bounds {
    /// The bounds of every state of `dp`'s game.
    pub(crate) fn of(dp: &TurnDp) -> Bounds {
        let index = dp.index();
        let n = usize::try_from(index.len()).expect("states fit in memory");
        let (mut lo, mut hi) = (vec![0u32; n], vec![0u32; n]);
        for level in (0..index.categories()).rev() {
            let masks = index.level(level);
            let done: Vec<(Vec<u32>, Vec<u32>)> = masks
                .par_iter()
                .map(|&mask| {
                    let lanes: Vec<usize> = (0..index.lanes(mask)).collect();
                    lane_bounds(dp, mask, &lanes, |m, l| {
                        let at = index.offset(m) + l;
                        (lo[at], hi[at])
                    })
                })
                .collect();
            for (&mask, (l, h)) in masks.iter().zip(done) {
                let at = index.offset(mask);
                lo[at..at + l.len()].copy_from_slice(&l);
                hi[at..at + h.len()].copy_from_slice(&h);
            }
        }
        Bounds { lo, hi }
    }
}

/// A final roll's legal (box, points, position of the pair in the per-lane
/// arrays), and whether the roll may earn a bonus whatever box it goes in.
type RollChoices = (Vec<(usize, u32, usize)>, bool);

/// `lo` and `hi` of `lanes` of `mask`, from those of the states after
/// (`after(mask, lane)`). Per lane, each (open box, points) is valued once;
/// then each roll takes the best of its legal choices.
pub(crate) fn lane_bounds(
    dp: &TurnDp,
    mask: u32,
    lanes: &[usize],
    after: impl Fn(u32, usize) -> (u32, u32),
) -> (Vec<u32>, Vec<u32>) {
    let game = dp.game();
    let index = dp.index();
    let ms = crate::dice::Multisets::shared(game.dice);
    let ncat = game.categories.len();
    // Per box, where its scores start in the per-lane arrays.
    let mut start = vec![0usize; ncat + 1];
    for c in 0..ncat {
        start[c + 1] = start[c] + if mask >> c & 1 == 0 { dp.scores_of(c).len() } else { 0 };
    }
    // Per roll: its legal (box, points) as positions in those arrays, and
    // whether it may earn a bonus whatever box it goes in.
    let rolls: Vec<RollChoices> = ms
        .rolls()
        .map(|r| {
            let roll = ms.counts(r);
            let mut choices = vec![];
            game.choices(mask, roll, |c, p| choices.push((c, p, start[c] + dp.score_position(c, p))));
            (choices, game.extra.roll_bonus_possible(roll))
        })
        .collect();
    let (mut out_lo, mut out_hi) = (vec![u32::MAX; lanes.len()], vec![0u32; lanes.len()]);
    let mut valued = vec![(0u32, 0u32, false); start[ncat]];
    let mut zeros: Vec<usize> = vec![];
    for (at, &lane) in lanes.iter().enumerate() {
        let (eff, extra) = index.lane_state(mask, lane);
        for c in (0..ncat).filter(|&c| mask >> c & 1 == 0) {
            for (i, &p) in dp.scores_of(c).iter().enumerate() {
                let step = dp.after_scoring(mask, eff, extra, c, p);
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // whole points
                let gained = step.gained as u32;
                let (lo, hi) = after(mask | 1 << c, step.lane);
                valued[start[c] + i] = (gained + lo, gained + hi, step.written > 0);
            }
        }
        for (ri, (choices, bonus_possible)) in rolls.iter().enumerate() {
            let bonus =
                if *bonus_possible { game.extra.roll_bonus(mask, extra, ms.counts(ms.rolls().start + ri)) } else { 0 };
            let (mut best_lo, mut best_hi) = (0u32, 0u32);
            let forced = game.zero_only_when_forced && !choices.iter().any(|&(_, _, at)| valued[at].2);
            if forced {
                // No box takes points: the roll goes as a 0 in any open box.
                zeros.clear();
                zeros.extend(choices.iter().map(|&(c, _, _)| start[c] + dp.score_position(c, 0)));
            }
            let mut take = |at: usize| {
                best_lo = best_lo.max(valued[at].0);
                best_hi = best_hi.max(valued[at].1);
            };
            if forced {
                zeros.iter().for_each(|&at| take(at));
            } else {
                for &(_, _, at) in choices {
                    if !game.zero_only_when_forced || valued[at].2 {
                        take(at);
                    }
                }
            }
            out_lo[at] = out_lo[at].min(best_lo + bonus);
            out_hi[at] = out_hi[at].max(best_hi + bonus);
        }
    }
    (out_lo, out_hi)
}
