//! Gauss-Seidel sweeps over layers of states, on threads that meet at a
//! barrier between layers.
//!
//! Under the three-farkle penalty the policies' values, and the game facts,
//! are fixed points found by sweeping `x[s] = f(s, x)` over every state,
//! layer after layer ([`super::penalty::layers`]): a layer reads the layers
//! before it as they were just swept, and its own states as they were
//! before it. Farkle's penalty has about 2,600 layers of a few hundred
//! states each, and a state's row is a few dozen terms: a layer is some
//! microseconds of work. A rayon task per layer cost about as much again in
//! hand-offs, and left the second core mostly idle (1.1 cores busy).
//!
//! So each sweep runs on a fixed set of threads, one per core, for all its
//! layers. In a layer each thread claims chunks of the layer's states and
//! computes their new values from `x` as it was before the layer (into a
//! buffer); the threads meet; each writes back its share of the buffer;
//! they meet again and go on to the next layer. Every state's value is
//! computed from the same inputs, in the same order of terms, as one
//! thread sweeping alone would: the results are the same to the bit, on
//! any number of threads.
//!
//! The threads wait for each other by spinning briefly, then yielding the
//! core (a machine busy with other work must not stall a sweep's thread
//! behind a spinning one). A thread that panics marks the meeting, and
//! every thread waiting there panics too, so a bug is an error, not a hang.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// States a thread claims at once: a few microseconds of rows.
const CHUNK: usize = 32;
/// Below this many values a sweep runs on the calling thread alone
/// (starting a thread costs more than such a sweep).
const ALONE_BELOW: usize = 4096;
/// Spins before a waiting thread starts yielding its core: some tens of
/// microseconds, several layers' work (on a machine with other work to
/// do, the thread waited for may not be running).
const SPINS: u32 = 1 << 10;

/// Sweeps `x[j * len + s] = f(p, s, x)[j]` (`len` the states, `s` the state
/// at position `p` of the sweep, each layer `(first position, its states)`)
/// until no value moves by more than `tol` (at most `max` sweeps):
/// Gauss-Seidel from layer to layer, the states of one layer from the
/// values before it (they read each other only through a pass under the
/// entry threshold). `swept` hears each sweep's largest move.
pub(super) fn sweep_positions<const K: usize>(
    x: &mut [f64],
    layers: &[(usize, &[u32])],
    tol: f64,
    max: usize,
    f: impl Fn(usize, usize, &[f64]) -> [f64; K] + Sync,
    swept: &mut dyn FnMut(f64),
) {
    let widest = layers.iter().map(|l| l.1.len()).max().unwrap_or(0);
    let threads = if x.len() < ALONE_BELOW { 1 } else { rayon::current_num_threads().clamp(1, 64) };
    let mut next = vec![[0.0; K]; widest];
    let shared = Sweep {
        x: Shared::new(x),
        next: Shared::new(&mut next),
        n: x.len() / K,
        layers,
        claimed: layers.iter().map(|_| AtomicUsize::new(0)).collect(),
        moved: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        meeting: Meeting::new(threads),
        tol,
        max,
    };
    std::thread::scope(|scope| {
        for t in 1..threads {
            let (shared, f) = (&shared, &f);
            scope.spawn(move || shared.run(t, f, &mut |_| {}));
        }
        shared.run(0, &f, swept);
    });
}

/// What the threads of one [`sweep_positions`] share.
struct Sweep<'a, const K: usize> {
    x: Shared<f64>,
    /// A layer's new values, by position in the layer.
    next: Shared<[f64; K]>,
    n: usize,
    layers: &'a [(usize, &'a [u32])],
    /// Per layer: chunks of it claimed in this sweep (set back to 0 by
    /// thread 0 while the layer's values are written back).
    claimed: Vec<AtomicUsize>,
    /// Per thread: the largest move it wrote in this sweep (bits of f64).
    moved: Vec<AtomicU64>,
    meeting: Meeting,
    tol: f64,
    max: usize,
}

impl<const K: usize> Sweep<'_, K> {
    /// Thread `t`'s part of every sweep.
    fn run(&self, t: usize, f: &(impl Fn(usize, usize, &[f64]) -> [f64; K] + Sync), swept: &mut dyn FnMut(f64)) {
        // A panic here must not leave the other threads waiting forever.
        let _guard = PoisonOnPanic(&self.meeting);
        let threads = self.moved.len();
        for _ in 0..self.max {
            let mut change: f64 = 0.0;
            for (l, &(first, states)) in self.layers.iter().enumerate() {
                let chunks = states.len().div_ceil(CHUNK);
                loop {
                    let c = self.claimed[l].fetch_add(1, Ordering::Relaxed);
                    if c >= chunks {
                        break;
                    }
                    // SAFETY: between two meetings no thread writes `x`
                    // (writes happen only after the meeting below), and
                    // each chunk of `next` is claimed by one thread.
                    let now = unsafe { self.x.as_slice() };
                    let from = c * CHUNK;
                    for (i, &s) in states.iter().enumerate().skip(from).take(CHUNK) {
                        let v = f(first + i, s as usize, now);
                        unsafe { self.next.write(i, v) };
                    }
                }
                self.meeting.wait();
                if t == 0 {
                    self.claimed[l].store(0, Ordering::Relaxed);
                }
                // Each thread writes back its share of the layer: the
                // positions `from..to`, states no other thread touches
                // until the next meeting.
                let (from, to) = (states.len() * t / threads, states.len() * (t + 1) / threads);
                for (i, &s) in states.iter().enumerate().take(to).skip(from) {
                    // SAFETY: as said; nobody reads `x` or `next` now but
                    // through these element reads and writes.
                    let v = unsafe { self.next.read(i) };
                    for (j, &v) in v.iter().enumerate() {
                        let at = j * self.n + s as usize;
                        unsafe {
                            change = change.max((v - self.x.read(at)).abs());
                            self.x.write(at, v);
                        }
                    }
                }
                self.meeting.wait();
            }
            self.moved[t].store(change.to_bits(), Ordering::Relaxed);
            self.meeting.wait();
            // Every thread reads the same moves, so all stop together (and
            // none writes its move again before all have read: that is
            // after the next sweep's first meeting).
            let change = self.moved.iter().map(|m| f64::from_bits(m.load(Ordering::Relaxed))).fold(0.0, f64::max);
            if t == 0 {
                swept(change);
            }
            if change <= self.tol {
                return;
            }
        }
    }
}

/// A slice the sweep's threads share; who may touch which element when is
/// kept by the meetings ([`Sweep::run`]).
struct Shared<T> {
    ptr: *mut T,
    len: usize,
}

// SAFETY: the elements are plain values sent between threads; every access
// is ordered by the meetings (see `Sweep::run`).
unsafe impl<T: Send> Sync for Shared<T> {}

impl<T: Copy> Shared<T> {
    fn new(slice: &mut [T]) -> Shared<T> {
        Shared { ptr: slice.as_mut_ptr(), len: slice.len() }
    }

    /// # Safety
    /// No thread writes any element while the slice is used.
    unsafe fn as_slice(&self) -> &[T] {
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// # Safety
    /// No other thread writes element `i` now.
    unsafe fn read(&self, i: usize) -> T {
        assert!(i < self.len, "inside the slice");
        unsafe { self.ptr.add(i).read() }
    }

    /// # Safety
    /// No other thread reads or writes element `i` now.
    unsafe fn write(&self, i: usize, v: T) {
        assert!(i < self.len, "inside the slice");
        unsafe { self.ptr.add(i).write(v) }
    }
}

/// A barrier for a fixed number of threads that spins before it yields
/// (a layer's work is microseconds: sleeping on a futex would cost more).
struct Meeting {
    threads: usize,
    arrived: AtomicUsize,
    /// How many times all have met.
    round: AtomicUsize,
    poisoned: AtomicBool,
}

impl Meeting {
    fn new(threads: usize) -> Meeting {
        Meeting { threads, arrived: AtomicUsize::new(0), round: AtomicUsize::new(0), poisoned: AtomicBool::new(false) }
    }

    /// Returns once every thread has called it as often as this one; all
    /// memory written before by any of them is then seen by all.
    fn wait(&self) {
        let round = self.round.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == self.threads {
            self.arrived.store(0, Ordering::Relaxed);
            self.round.store(round + 1, Ordering::Release);
            return;
        }
        let mut spins = 0u32;
        while self.round.load(Ordering::Acquire) == round {
            assert!(!self.poisoned.load(Ordering::Relaxed), "another thread of the sweep panicked");
            if spins < SPINS {
                spins += 1;
                spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// Marks the meeting when its thread unwinds.
struct PoisonOnPanic<'a>(&'a Meeting);

impl Drop for PoisonOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.poisoned.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same sweeps, one state at a time on one thread.
    fn alone<const K: usize>(
        x: &mut [f64],
        layers: &[(usize, &[u32])],
        tol: f64,
        f: impl Fn(usize, usize, &[f64]) -> [f64; K],
    ) -> Vec<f64> {
        let n = x.len() / K;
        let mut moves = vec![];
        loop {
            let mut change: f64 = 0.0;
            for &(first, states) in layers {
                let new: Vec<[f64; K]> = states.iter().enumerate().map(|(i, &s)| f(first + i, s as usize, x)).collect();
                for (&s, v) in states.iter().zip(new) {
                    for (j, v) in v.into_iter().enumerate() {
                        change = change.max((v - x[j * n + s as usize]).abs());
                        x[j * n + s as usize] = v;
                    }
                }
            }
            moves.push(change);
            if change <= tol {
                return moves;
            }
        }
    }

    #[test]
    fn threads_sweep_as_one_thread_does_to_the_bit() {
        // A contraction over 6,000 states in layers of uneven width, each
        // state reading states of its own layer (as they were before it),
        // of earlier layers and of later ones: two values per state.
        let n = 6000;
        let mut order: Vec<u32> = (0..n as u32).map(|s| (s * 7919) % n as u32).collect();
        order.rotate_left(17);
        let mut layers = vec![];
        let mut first = 0;
        let mut width = 1;
        while first < n {
            let to = (first + width).min(n);
            layers.push((first, &order[first..to]));
            first = to;
            width = width * 3 % 211 + 1;
        }
        let f = |p: usize, s: usize, x: &[f64]| {
            let a = x[(s * 31 + 5) % n];
            let b = x[n + (s * 17 + p) % n];
            let c = x[(p * 13 + 1) % n];
            [0.3 * a + 0.2 * b + 0.1 + (s % 7) as f64 * 1e-3, 0.25 * c - 0.15 * a + 0.5]
        };
        let start: Vec<f64> = (0..2 * n).map(|i| (i % 13) as f64 / 13.0).collect();
        let mut expected = start.clone();
        let expected_moves = alone(&mut expected, &layers, 1e-14, f);
        assert!(expected_moves.len() > 5, "a real iteration: {} sweeps", expected_moves.len());
        let mut x = start;
        let mut moves = vec![];
        sweep_positions(&mut x, &layers, 1e-14, 1000, f, &mut |c| moves.push(c));
        assert_eq!(moves, expected_moves);
        assert!(x.iter().zip(&expected).all(|(a, b)| a.to_bits() == b.to_bits()), "the same values to the bit");
    }

    #[test]
    fn a_panic_in_a_sweep_is_a_panic_not_a_hang() {
        let n = 8192;
        let order: Vec<u32> = (0..n as u32).collect();
        let layers: Vec<(usize, &[u32])> = order.chunks(100).enumerate().map(|(i, c)| (i * 100, c)).collect();
        let mut x = vec![0.0; n];
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            sweep_positions(
                &mut x,
                &layers,
                0.0,
                10,
                |p, _, _| [if p == 5000 { panic!("a bug") } else { 1.0 }],
                &mut |_| {},
            )
        }));
        assert!(run.is_err());
    }
}
