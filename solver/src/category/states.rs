//! Dense index of reachable turn-start states.
//!
//! A turn-start state is (filled boxes, upper total, extra). The filled set
//! is a bit mask. Only *reachable* upper totals are indexed, and they are
//! collapsed to what still matters:
//!
//! - totals at or past the bonus threshold are one state ("bonus secured");
//! - totals that can no longer reach the threshold, even with every open
//!   upper box at its maximum, are one state ("bonus dead");
//! - other totals are kept, but only those some choice of upper scores can
//!   produce (e.g. with only Sixes filled: 0, 6, 12, ...).
//!
//! The extra dimension is game specific: a game's [`ExtraRules`](super::model::ExtraRules) hook says how
//! many extra values each mask has (classic Yahtzee: the bonus-box flag,
//! "does the Yahtzee box hold 50?", once that box is filled).
//!
//! The states of one mask form its *lanes*: `lane = extra * uppers + upper
//! position`. The turn DP runs once per mask over all its lanes at once (the
//! lane is the innermost, vectorised loop), because the choices within a turn
//! depend only on the mask; the lanes differ only in successor values.
//! Masks are ordered by number of filled boxes, so each level of the solve is
//! one contiguous range of the value table.

use super::model::CategoryGame;

/// Marker for the collapsed "bonus can no longer be reached" upper total.
pub(crate) const DEAD: u16 = u16::MAX;

/// The reachable states of a game and their dense numbering.
#[derive(Debug, Clone)]
pub(crate) struct StateIndex {
    ncat: usize,
    /// Bonus threshold (0 when the game has no upper bonus: one upper state).
    threshold: u32,
    /// Per upper-filled set (bit `slot` set when that upper box is filled):
    /// the effective upper totals, DEAD first when present, then ascending.
    uppers: Vec<Vec<u16>>,
    /// Per upper-filled set: effective total -> position in `uppers`.
    upper_pos: Vec<Vec<u16>>,
    /// Per upper-filled set: the most the open upper boxes can still add.
    room: Vec<u32>,
    /// Per mask: its upper-filled set (bit `slot` per filled upper box).
    fset_of: Vec<u8>,
    /// Per mask: number of extra values.
    extras: Vec<u32>,
    /// Masks in solve order (by filled count, then value).
    order: Vec<u32>,
    /// Per mask: first state number.
    offset: Vec<u64>,
    /// `order[level_start[k]..level_start[k+1]]` are the masks with k boxes filled.
    level_start: Vec<usize>,
    total: u64,
}

/// A turn-start state in a form people and the advise code can read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct State {
    pub(crate) mask: u32,
    /// Upper total as played (not collapsed).
    pub(crate) upper: u32,
    /// The game-specific extra state (see [`ExtraRules`](super::model::ExtraRules)).
    pub(crate) extra: usize,
}

impl StateIndex {
    pub(crate) fn new(game: &CategoryGame) -> StateIndex {
        let ncat = game.categories.len();
        let threshold = game.upper_bonus.map_or(0, |b| b.threshold);
        let mut upper_slot = vec![None; ncat];
        let mut slot_face = Vec::new();
        for (i, c) in game.categories.iter().enumerate() {
            if let Some(f) = c.upper_face {
                upper_slot[i] = Some(slot_face.len());
                slot_face.push(u32::from(f));
            }
        }
        let nslots = slot_face.len();
        let dice = u32::try_from(game.dice).expect("at most six dice");
        let slot_max: Vec<u32> = slot_face.iter().map(|f| f * dice).collect();
        let mut uppers = Vec::with_capacity(1 << nslots);
        let mut upper_pos = Vec::with_capacity(1 << nslots);
        let mut room = Vec::with_capacity(1 << nslots);
        for fset in 0..1usize << nslots {
            // Reachable raw totals: sums of k*face over filled slots, k in 0..=dice.
            let max: u32 = (0..nslots).filter(|s| fset >> s & 1 == 1).map(|s| slot_max[s]).sum();
            let mut reach = vec![false; max as usize + 1];
            reach[0] = true;
            for s in (0..nslots).filter(|s| fset >> s & 1 == 1) {
                let prev = reach.clone();
                reach.iter_mut().for_each(|r| *r = false);
                for (u, _) in prev.iter().enumerate().filter(|(_, &r)| r) {
                    for k in 0..=dice {
                        reach[u + (k * slot_face[s]) as usize] = true;
                    }
                }
            }
            let remaining: u32 = (0..nslots).filter(|s| fset >> s & 1 == 0).map(|s| slot_max[s]).sum();
            let mut effs: Vec<u16> = reach
                .iter()
                .enumerate()
                .filter(|(_, &r)| r)
                .map(|(u, _)| collapse(u as u32, threshold, remaining))
                .collect();
            effs.sort_unstable_by_key(|&e| if e == DEAD { -1 } else { i32::from(e) });
            effs.dedup();
            let mut pos = vec![u16::MAX; threshold as usize + 2];
            for (p, &e) in effs.iter().enumerate() {
                let slot = if e == DEAD { threshold as usize + 1 } else { e as usize };
                pos[slot] = p as u16;
            }
            uppers.push(effs);
            upper_pos.push(pos);
            room.push(remaining);
        }
        // Each mask from the mask without its lowest box (start-up time
        // matters: `advise` builds the index on every call).
        let mut fset_of = vec![0u8; 1 << ncat];
        for m in 1..1usize << ncat {
            let low = m.trailing_zeros() as usize;
            fset_of[m] = fset_of[m & (m - 1)] | upper_slot[low].map_or(0, |s| 1 << s);
        }
        let extras: Vec<u32> = (0..1u32 << ncat).map(|m| count_u32(game.extra.extras(m))).collect();
        // Masks by filled count, ascending within a count: a counting sort.
        let mut level_start = vec![0; ncat + 2];
        for m in 0..1u32 << ncat {
            level_start[m.count_ones() as usize + 1] += 1;
        }
        for k in 1..level_start.len() {
            level_start[k] += level_start[k - 1];
        }
        let mut order = vec![0u32; 1 << ncat];
        let mut fill = level_start.clone();
        for m in 0..1u32 << ncat {
            let k = m.count_ones() as usize;
            order[fill[k]] = m;
            fill[k] += 1;
        }
        let mut idx = StateIndex {
            ncat,
            threshold,
            uppers,
            upper_pos,
            room,
            fset_of,
            extras,
            order,
            offset: vec![0; 1 << ncat],
            level_start,
            total: 0,
        };
        let mut next = 0u64;
        for i in 0..idx.order.len() {
            let m = idx.order[i];
            idx.offset[m as usize] = next;
            next += idx.lanes(m) as u64;
        }
        idx.total = next;
        idx
    }

    /// Number of indexed states.
    pub(crate) fn len(&self) -> u64 {
        self.total
    }
    pub(crate) fn categories(&self) -> usize {
        self.ncat
    }
    /// Masks with `k` boxes filled, in table order.
    pub(crate) fn level(&self, k: usize) -> &[u32] {
        &self.order[self.level_start[k]..self.level_start[k + 1]]
    }
    /// First state number of `mask`.
    pub(crate) fn offset(&self, mask: u32) -> usize {
        self.offset[mask as usize] as usize
    }
    #[inline]
    fn fset(&self, mask: u32) -> usize {
        self.fset_of[mask as usize] as usize
    }
    /// Number of extra values in `mask`.
    pub(crate) fn extras(&self, mask: u32) -> usize {
        self.extras[mask as usize] as usize
    }
    /// Effective upper totals of `mask` (DEAD first when present).
    pub(crate) fn uppers(&self, mask: u32) -> &[u16] {
        &self.uppers[self.fset(mask)]
    }
    /// Number of states (lanes) of `mask`.
    pub(crate) fn lanes(&self, mask: u32) -> usize {
        self.extras(mask) * self.uppers(mask).len()
    }
    /// (effective upper total, extra) of lane `lane` of `mask`.
    pub(crate) fn lane_state(&self, mask: u32, lane: usize) -> (u16, usize) {
        let ups = self.uppers(mask);
        (ups[lane % ups.len()], lane / ups.len())
    }
    /// Lane of (effective upper total, extra) in `mask`, if indexed.
    pub(crate) fn lane_of(&self, mask: u32, eff: u16, extra: usize) -> Option<usize> {
        if extra >= self.extras(mask) {
            return None;
        }
        let f = self.fset(mask);
        let slot = if eff == DEAD { self.threshold as usize + 1 } else { eff as usize };
        let p = *self.upper_pos[f].get(slot)?;
        (p != u16::MAX).then(|| extra * self.uppers[f].len() + usize::from(p))
    }
    /// The collapsed upper total of raw total `upper` in `mask`.
    pub(crate) fn effective_upper(&self, mask: u32, upper: u32) -> u16 {
        collapse(upper, self.threshold, self.room[self.fset(mask)])
    }
    /// Effective upper total after adding `points` to effective total `eff`
    /// and filling `new_mask` (DEAD stays DEAD; secured stays secured).
    pub(crate) fn advance_upper(&self, new_mask: u32, eff: u16, points: u32) -> u16 {
        if eff == DEAD {
            return DEAD;
        }
        self.effective_upper(new_mask, u32::from(eff) + points)
    }
    /// Bonus threshold (0 if none).
    pub(crate) fn threshold(&self) -> u32 {
        self.threshold
    }
    /// State number of a readable state, or `None` if it is not reachable.
    pub(crate) fn state_number(&self, s: &State) -> Option<usize> {
        let eff = self.effective_upper(s.mask, s.upper);
        self.lane_of(s.mask, eff, s.extra).map(|l| self.offset(s.mask) + l)
    }
}

fn count_u32(n: usize) -> u32 {
    u32::try_from(n).expect("extra states per mask fit in u32")
}

fn collapse(u: u32, threshold: u32, remaining: u32) -> u16 {
    if u >= threshold {
        threshold as u16
    } else if u + remaining < threshold {
        DEAD
    } else {
        u as u16
    }
}
