//! The rung-state compressor: what the filled rungs mean for the future,
//! numbered (see the game's module documentation). Per set of filled
//! rungs, the distinct tuples of open intervals are the states
//! ([`RungStates`]), with the transitions of entering a total in a rung
//! and whether every run still has room for a full card.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The smallest and largest total of six dice.
pub(super) const TOTAL_MIN: u8 = 6;
pub(super) const TOTAL_MAX: u8 = 36;
/// Interval of an open rung with no filled positive neighbour.
pub(super) const OPEN: (u8, u8) = (TOTAL_MIN - 1, TOTAL_MAX + 1);
/// Interval of an open rung that no total fits any more.
pub(super) const NO_ROOM: (u8, u8) = (0, 1);
/// Interval slot of a filled rung.
pub(super) const FILLED: (u8, u8) = (0, 0);

/// Bit `i` set when the `i`-th of `rungs` (box indices) is filled in `mask`.
pub(super) fn rung_set_of(rungs: &[usize], mask: u32) -> u8 {
    rungs.iter().enumerate().filter(|&(_, &b)| mask >> b & 1 == 1).fold(0, |s, (i, _)| s | 1 << i)
}

/// Per open rung and total 0..=36: (state after, whether the total fits).
type Transitions = [[(u32, bool); 37]; 4];

/// The rung part of the state: per set of filled rungs, the distinct
/// interval tuples and their transitions (see the module docs).
#[derive(Debug)]
pub(crate) struct RungStates {
    /// Per filled-rung set: per state, the interval of each rung.
    states: Vec<Vec<[(u8, u8); 4]>>,
    /// Per filled-rung set: per state, whether the full card can still be won.
    pub(super) winnable: Vec<Vec<bool>>,
    /// Per filled-rung set: the states of the winnable block, in order.
    pub(super) winnable_states: Vec<Vec<u32>>,
    /// Per filled-rung set: state -> position in the winnable block.
    pub(super) winnable_pos: Vec<Vec<u32>>,
    /// Per filled-rung set, state, open rung and total 0..=36: the state
    /// after entering that total (as `(state, fits)`).
    pub(super) next: Vec<Vec<Transitions>>,
}

/// Per open rung, its interval from the filled rungs' values (`None` = open);
/// too-narrow intervals are [`NO_ROOM`], filled rungs [`FILLED`].
pub(super) fn intervals(values: &[Option<u8>]) -> [(u8, u8); 4] {
    let mut out = [FILLED; 4];
    for (i, v) in values.iter().enumerate() {
        if v.is_some() {
            continue;
        }
        let lo = values[..i].iter().flatten().filter(|&&x| x > 0).max().copied().unwrap_or(OPEN.0);
        let hi = values[i + 1..].iter().flatten().filter(|&&x| x > 0).min().copied().unwrap_or(OPEN.1);
        out[i] = if hi > lo + 1 { (lo, hi) } else { NO_ROOM };
    }
    out
}

/// True when every run has a different total for each of its open rungs.
pub(super) fn room_for_all(iv: &[(u8, u8); 4]) -> bool {
    iv.iter().filter(|&&x| x != FILLED).all(|&x| {
        let open_in_run = iv.iter().filter(|&&y| y == x).count();
        x != NO_ROOM && usize::from(x.1 - x.0 - 1) >= open_in_run
    })
}

/// A quick hasher for the rung tables' small keys: they are built on every
/// start (`advise` included), so start-up time counts, and the keys are
/// ours, so SipHash's defence against chosen keys buys nothing.
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u8(b);
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

impl RungStates {
    pub(crate) fn new(n: usize) -> RungStates {
        let sets = 1usize << n;
        let mut states = vec![vec![]; sets];
        let mut winnable = vec![vec![]; sets];
        let mut lookup: Vec<KeyMap<[(u8, u8); 4], u32>> = vec![KeyMap::default(); sets];
        // Every legal assignment of values to the filled rungs, numbered
        // by interval tuple in ascending order.
        for set in 0..sets {
            let filled: Vec<usize> = (0..n).filter(|i| set >> i & 1 == 1).collect();
            let mut values: Vec<Option<u8>> = vec![None; n];
            let mut seen: KeyMap<[(u8, u8); 4], bool> = KeyMap::default();
            assign(&filled, 0, &mut values, &mut |vals| {
                let iv = intervals(vals);
                let win = vals.iter().flatten().all(|&x| x > 0) && room_for_all(&iv);
                *seen.entry(iv).or_insert(false) |= win;
            });
            let mut seen: Vec<_> = seen.into_iter().collect();
            seen.sort_unstable();
            for (iv, win) in seen {
                lookup[set].insert(iv, u32::try_from(states[set].len()).expect("few rung states"));
                states[set].push(iv);
                winnable[set].push(win);
            }
        }
        let mut next = vec![vec![]; sets];
        for set in 0..sets {
            for iv in &states[set] {
                let mut per_rung = [[(u32::MAX, false); 37]; 4];
                for i in (0..n).filter(|i| set >> i & 1 == 0) {
                    // Every total that does not fit leads to the same state:
                    // looked up once (start-up time counts, see KeyHasher).
                    let mut closed = None;
                    for t in 0..=TOTAL_MAX {
                        let fits = iv[i] != NO_ROOM && iv[i].0 < t && t < iv[i].1;
                        if !fits {
                            if let Some(id) = closed {
                                per_rung[i][usize::from(t)] = (id, false);
                                continue;
                            }
                        }
                        let mut after = *iv;
                        after[i] = FILLED;
                        if fits {
                            for (j, slot) in after.iter_mut().enumerate().take(n) {
                                if *slot == iv[i] && j != i {
                                    let (lo, hi) = if j < i { (iv[i].0, t) } else { (t, iv[i].1) };
                                    *slot = if hi > lo + 1 { (lo, hi) } else { NO_ROOM };
                                }
                            }
                        }
                        let id = lookup[set | 1 << i][&after];
                        if !fits {
                            closed = Some(id);
                        }
                        per_rung[i][usize::from(t)] = (id, fits);
                    }
                }
                next[set].push(per_rung);
            }
        }
        let winnable_states: Vec<Vec<u32>> = winnable
            .iter()
            .map(|w| (0..w.len()).filter(|&s| w[s]).map(|s| u32::try_from(s).expect("few")).collect())
            .collect();
        let winnable_pos = winnable_states
            .iter()
            .zip(&winnable)
            .map(|(ws, w)| {
                let mut pos = vec![u32::MAX; w.len()];
                for (p, &s) in ws.iter().enumerate() {
                    pos[s as usize] = u32::try_from(p).expect("few");
                }
                pos
            })
            .collect();
        RungStates { states, winnable, winnable_states, winnable_pos, next }
    }

    /// Number of rung states with filled-rung set `set`.
    pub(crate) fn count(&self, set: usize) -> usize {
        self.states[set].len()
    }

    /// Number of them where the full card can still be won.
    pub(crate) fn winnable_count(&self, set: usize) -> usize {
        self.winnable_states[set].len()
    }

    /// The state of filled rung values `values` (`None` = open), if legal.
    pub(crate) fn state_of(&self, values: &[Option<u8>]) -> Option<u32> {
        let set = values.iter().enumerate().filter(|(_, v)| v.is_some()).fold(0, |s, (i, _)| s | 1 << i);
        let iv = intervals(values);
        self.states[set].iter().position(|s| *s == iv).map(|p| u32::try_from(p).expect("few"))
    }
}

/// Calls `f` with every legal assignment of totals to the rungs `filled`
/// (0, or 6..=36 strictly ascending among the positive ones).
fn assign(filled: &[usize], k: usize, values: &mut Vec<Option<u8>>, f: &mut impl FnMut(&[Option<u8>])) {
    if k == filled.len() {
        f(values);
        return;
    }
    let floor = values[..filled[k]].iter().flatten().copied().max().unwrap_or(0);
    for v in std::iter::once(0).chain((floor + 1).max(TOTAL_MIN)..=TOTAL_MAX) {
        values[filled[k]] = Some(v);
        assign(filled, k + 1, values, f);
    }
    values[filled[k]] = None;
}
