//! A fixed policy's linear rows ([`Row`]) packed for sweeping.
//!
//! Under the penalty the game facts are solved by sweeping the rows of both
//! players' policies tens of times over every state ([`super::facts`]). A
//! `Vec<Row>` keeps each row's terms in two allocations of their own, met
//! in the sweeps' order (layer by layer, [`super::penalty::layers`]), not
//! in memory order: every row starts with cache misses. Here every row's
//! terms sit in one array, in the order the sweeps visit the states, so a
//! sweep streams them. The sums are the rows' own, term by term in the same
//! order: the results are those of sweeping the rows themselves.

use rayon::prelude::*;

use super::sweep::sweep_positions;

/// Rows of every state, in sweep order.
#[derive(Debug, Clone, Default)]
pub(crate) struct FlatRows {
    /// The states in sweep order ...
    order: Vec<u32>,
    /// ... and each layer as a range of positions in it.
    layers: Vec<(usize, usize)>,
    /// Per position: the row's constant and probability of giving the
    /// opponent a last turn ([`Row`]), and where its terms start (one past
    /// the end: the next position's start).
    constant: Vec<f64>,
    last_turn: Vec<f64>,
    starts: Vec<usize>,
    /// Every row's terms, position after position.
    states: Vec<u32>,
    weights: Vec<f64>,
}

impl FlatRows {
    /// Packs `rows` (per state) in the order of `layers`, giving each row's
    /// memory back as it goes: the penalty's rows take a gigabyte, and
    /// without that the packed copy would add as much to the solve's peak.
    pub(super) fn from_rows(mut rows: Vec<Row>, layers: &[Vec<u32>]) -> FlatRows {
        let terms = rows.iter().map(|r| r.states.len()).sum();
        let mut flat = FlatRows::empty(layers, terms);
        let every = rows.len() / 8 + 1;
        for layer in layers {
            for &s in layer {
                flat.push(s, std::mem::take(&mut rows[s as usize]));
                if flat.len().is_multiple_of(every) {
                    release_freed();
                }
            }
            flat.end_layer();
        }
        drop(rows);
        release_freed();
        flat
    }

    /// The rows `row(s)` of every state of `layers`, a layer's in parallel.
    pub(super) fn build(layers: &[Vec<u32>], row: impl Fn(usize) -> Row + Sync) -> FlatRows {
        let mut flat = FlatRows::empty(layers, 0);
        for layer in layers {
            let rows: Vec<Row> = layer.par_iter().map(|&s| row(s as usize)).collect();
            for (&s, r) in layer.iter().zip(rows) {
                flat.push(s, r);
            }
            flat.end_layer();
        }
        flat
    }

    fn empty(layers: &[Vec<u32>], terms: usize) -> FlatRows {
        let n: usize = layers.iter().map(Vec::len).sum();
        FlatRows {
            order: Vec::with_capacity(n),
            layers: Vec::with_capacity(layers.len()),
            constant: Vec::with_capacity(n),
            last_turn: Vec::with_capacity(n),
            starts: vec![0],
            states: Vec::with_capacity(terms),
            weights: Vec::with_capacity(terms),
        }
    }

    fn push(&mut self, s: u32, row: Row) {
        self.order.push(s);
        self.constant.push(row.constant);
        self.last_turn.push(row.last_turn);
        self.states.extend_from_slice(&row.states);
        self.weights.extend_from_slice(&row.weights);
        self.starts.push(self.states.len());
    }

    fn end_layer(&mut self) {
        let from = self.layers.last().map_or(0, |l| l.1);
        self.layers.push((from, self.constant.len()));
    }

    /// The number of states.
    pub(super) fn len(&self) -> usize {
        self.constant.len()
    }

    /// `sum of w * x[state]` over the row at position `p`, in its order.
    #[inline]
    fn dot(&self, p: usize, x: &[f64]) -> f64 {
        let (from, to) = (self.starts[p], self.starts[p + 1]);
        self.states[from..to].iter().zip(&self.weights[from..to]).map(|(&s, &w)| w * x[s as usize]).sum::<f64>()
    }

    /// The policy's value at position `p`: as [`Row::value`].
    #[inline]
    pub(super) fn value(&self, p: usize, x: &[f64]) -> f64 {
        self.constant[p] - self.dot(p, x)
    }

    /// Turns left at position `p`, from the turns left `t` of the states it
    /// leads to: one, one more when a bank gives the opponent a last turn,
    /// and the rest of the game after the turn.
    #[inline]
    pub(super) fn turns(&self, p: usize, t: &[f64]) -> f64 {
        1.0 + self.last_turn[p] + self.dot(p, t)
    }

    /// Sweeps `x[j * len + s] = f(p, x)[j]` (`s` the state at position `p`)
    /// over every state, layer by layer, as [`sweep_positions`] does (on every
    /// core, to the bit as on one).
    pub(super) fn sweep<const K: usize>(
        &self,
        x: &mut [f64],
        tol: f64,
        max: usize,
        f: impl Fn(usize, &[f64]) -> [f64; K] + Sync,
        swept: &mut dyn FnMut(f64),
    ) {
        assert_eq!(x.len(), K * self.len(), "{K} values a state");
        let layers: Vec<(usize, &[u32])> =
            self.layers.iter().map(|&(from, to)| (from, &self.order[from..to])).collect();
        sweep_positions(x, &layers, tol, max, |p, _, x| f(p, x), swept);
    }
}

/// Gives the pages of freed rows back to the system. Each row's terms are
/// small allocations from the allocator's heap, which keeps what is freed
/// among them; `malloc_trim` returns every whole free page of it (glibc).
fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only hands free memory of the C allocator (the
    // one Rust's global allocator uses here) back to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// A fixed policy's value at one state: `constant - sum of w * value[state]`.
#[derive(Debug, Clone, Default)]
pub(super) struct Row {
    pub(super) constant: f64,
    pub(super) states: Vec<u32>,
    pub(super) weights: Vec<f64>,
    /// Probability of a bank at or past the goal that gives the opponent a
    /// last turn (for counting turns).
    pub(super) last_turn: f64,
}

impl Row {
    pub(super) fn value(&self, w: &[f64]) -> f64 {
        self.constant - self.states.iter().zip(&self.weights).map(|(&s, &p)| p * w[s as usize]).sum::<f64>()
    }
}
