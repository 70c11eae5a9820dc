//! Piggyback under the win objective: the value of a turn start at which
//! the previous player left dice and points to take over.
//!
//! A bank that leaves `k` dice (1 to 5) not set aside after `t` turn points
//! offers the next player a choice at the start of their turn: start fresh
//! (worth the plain `W(a, b)`), or roll the `k` dice, which scores the
//! inherited `t` points plus the roll or farkles ([`super::super::rules`]:
//! a piggyback roll is never the turn's first). The second is the value of
//! the mover's own turn DP at turn total `t` with `k` dice to roll, so the
//! solver reads it off each pair's solved turn: `R(a, b, k, t)`, stored here
//! for every pair of totals, `k = 1..=5` and `t = grid ..= t_levels *
//! grid`. A bank's value to the player who leaves the dice is then
//! `1 - max(W(b, x), R(b, x, k, t))`: one more number per dice count for
//! each bank of the turn DP (see `WinPayoff::stride`).
//!
//! Farkles, banks that score nothing and six dice (hot dice) leave nothing
//! to take over. The cycle of a pair is unchanged: a farkle hands over with
//! no leftover, and every offer comes from a bank, which raises the total.
//!
//! Only a player who has just banked can offer: under the three-farkle
//! penalty that is a side on the board with no farkles in a row, one side
//! in three ([`Sides::bankers`]), so only those opponents' sides are kept.
//!
//! Tables keep `R` after `W` ([`super::super::table`]), with one checksum
//! per mover's total: advice checks the rows it reads ([`Offers::check`]),
//! so a damaged table is refused without reading all of it.

use std::sync::Arc;

use super::Sides;
use crate::table::part_sums::{self, PartSums};
use crate::table::{Table, TableError};

/// Dice counts a leftover can have.
pub(crate) const LEFTOVER_DICE: usize = 5;

/// `R(a, b, k, t)` for every mover's side `a`, opponent's side `b` that
/// can bank, leftover and inherited total.
#[derive(Debug, Clone)]
pub(crate) struct Offers {
    /// Sides per player.
    n: usize,
    /// Opponents' sides kept: `stride * j` for `j < bankers`.
    bankers: usize,
    stride: usize,
    /// Inherited totals `grid ..= t_levels * grid`.
    pub(crate) t_levels: usize,
    data: Data,
}

#[derive(Debug, Clone)]
enum Data {
    Owned(Vec<f64>),
    /// In a mapped table from element `from` on, with a checksum per
    /// mover's side, checked once on first use.
    Mapped {
        table: Arc<Table>,
        from: usize,
        sums: Arc<PartSums>,
    },
}

impl Offers {
    /// Bytes held in memory (values read from a mapped table are not).
    pub(crate) fn owned_bytes(&self) -> usize {
        match &self.data {
            Data::Owned(v) => v.len() * std::mem::size_of::<f64>(),
            Data::Mapped { .. } => 0,
        }
    }

    /// Values per mover's side (one checksum each).
    fn row_len(&self) -> usize {
        self.bankers * LEFTOVER_DICE * self.t_levels
    }

    /// Number of values for `sides` and `t_levels` inherited totals.
    pub(crate) fn len_for(sides: &Sides, t_levels: usize) -> usize {
        sides.len() * sides.bankers().0 * LEFTOVER_DICE * t_levels
    }

    /// Unsolved offers (every value NaN: "not allowed").
    pub(crate) fn new(sides: &Sides, t_levels: usize) -> Offers {
        let (bankers, stride) = sides.bankers();
        let data = Data::Owned(vec![f64::NAN; Offers::len_for(sides, t_levels)]);
        Offers { n: sides.len(), bankers, stride, t_levels, data }
    }

    /// Offers stored in `table` from element `from`, with one checksum per
    /// mover's side (`sums`, from the table's metadata).
    ///
    /// # Errors
    /// A count of checksums that does not fit the values.
    pub(crate) fn mapped(
        table: Arc<Table>,
        from: usize,
        sides: &Sides,
        t_levels: usize,
        sums: Vec<u64>,
    ) -> Result<Offers, TableError> {
        let n = sides.len();
        let (bankers, stride) = sides.bankers();
        let mut offers = Offers { n, bankers, stride, t_levels, data: Data::Owned(vec![]) };
        let row = offers.row_len() * std::mem::size_of::<f64>();
        let sums = PartSums::new(sums, row, offers.len() * std::mem::size_of::<f64>(), false).ok_or_else(|| {
            TableError::Corrupt { path: table.path().to_path_buf(), why: "piggyback checksums do not fit".into() }
        })?;
        offers.data = Data::Mapped { table, from, sums: Arc::new(sums) };
        Ok(offers)
    }

    /// Number of values.
    pub(crate) fn len(&self) -> usize {
        self.n * self.row_len()
    }

    /// Whether the opponent's side `b` is kept (it can bank).
    pub(crate) fn keeps(&self, b: usize) -> bool {
        b.is_multiple_of(self.stride) && b / self.stride < self.bankers
    }

    fn values(&self) -> &[f64] {
        match &self.data {
            Data::Owned(v) => v,
            Data::Mapped { table, from, .. } => {
                let all = table.elements::<f64>().expect("checked when loaded");
                &all[*from..*from + self.len()]
            }
        }
    }

    /// Everything, in table order: `[a][b / stride][k - 1][t / grid - 1]`.
    pub(crate) fn as_slice(&self) -> &[f64] {
        self.values()
    }

    /// One checksum per mover's side, for the table's metadata.
    pub(crate) fn row_sums(&self) -> Vec<u64> {
        part_sums::sums_of(bytemuck::cast_slice(self.values()), self.row_len().max(1) * std::mem::size_of::<f64>())
    }

    /// Checks the stored rows of movers `rows` against their checksums
    /// (nothing to do for values solved in memory).
    ///
    /// # Errors
    /// [`TableError::Corrupt`] naming the table.
    pub(crate) fn check(&self, rows: &[usize]) -> Result<(), TableError> {
        let Data::Mapped { table, sums, .. } = &self.data else { return Ok(()) };
        if let Err(a) = sums.check(bytemuck::cast_slice(self.values()), rows.iter().copied()) {
            return Err(TableError::Corrupt {
                path: table.path().to_path_buf(),
                why: format!("piggyback values of row {a}: checksum mismatch"),
            });
        }
        Ok(())
    }

    /// Where `R(a, b, k, t)` is in [`Self::as_slice`] (and in anything laid
    /// out the same, like the game facts' offer states); `None` outside the
    /// table.
    pub(super) fn index(&self, a: usize, b: usize, k: usize, t_level: usize) -> Option<usize> {
        let ok = a < self.n
            && b < self.n
            && self.keeps(b)
            && (1..=LEFTOVER_DICE).contains(&k)
            && (1..=self.t_levels).contains(&t_level);
        ok.then(|| ((a * self.bankers + b / self.stride) * LEFTOVER_DICE + k - 1) * self.t_levels + t_level - 1)
    }

    /// `R(a, b, k, t)`: P(the mover at `(a, b)` wins) when rolling `k`
    /// leftover dice with `t_level` grid levels inherited; `None` where the
    /// rules do not allow it (or outside the table).
    pub(crate) fn piggyback(&self, a: usize, b: usize, k: usize, t_level: usize) -> Option<f64> {
        let v = self.values()[self.index(a, b, k, t_level)?];
        (!v.is_nan()).then_some(v)
    }

    /// The `k`, `t` block of pair `(a, b)` (`b` kept), to fill in after
    /// its solve.
    pub(super) fn pair_mut(&mut self, a: usize, b: usize) -> &mut [f64] {
        debug_assert!(self.keeps(b));
        let block = LEFTOVER_DICE * self.t_levels;
        let at = (a * self.bankers + b / self.stride) * block;
        match &mut self.data {
            Data::Owned(v) => &mut v[at..at + block],
            Data::Mapped { .. } => unreachable!("a loaded table is not solved again"),
        }
    }
}
