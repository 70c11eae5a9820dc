//! Turns solved once and kept for the next question: what makes advice
//! from a table answer in microseconds when the same game is asked about
//! again (a server's many phones, a front end's questions through one
//! evening).
//!
//! Advice re-solves the turn of its question: under expected points the
//! turn DP for the question's turn parameters ([`Params`]: on the board,
//! a last chance, points to the goal), under the win objective the win
//! table read and the turn of the pair of totals asked. Each depends only
//! on the game's rules and those few numbers, never on the dice or the
//! points at stake, which are looked up in it. So every question of one
//! turn, and every turn of the same parameters, reads the same solution:
//! it is kept here, exactly as solved (the same `f64`s, so an answer from
//! the memo is the answer solved anew, to the bit).
//!
//! A solution borrows its game's compiled rules, so the memo of a game
//! lives beside the game it borrows ([`Memo`] owned with an `Arc` of the
//! game, a self-referential pair made safe by `self_cell`). The games are
//! the registry's shared ones: the same `Arc` for every question about
//! one game and options, so the memo is found by the game's identity (the
//! memo holds the `Arc`, so that identity cannot be reused while it is
//! kept). A win table's values are kept with the file's identity (device,
//! inode, length, modification time) and read again when the file
//! changed (solved anew, replaced, removed).
//!
//! Bounded: at most [`GAMES`] games' memos (the least recently asked goes
//! first), each at most [`BYTES`] of solutions and table values (the least
//! recently used turns go first); a turn larger than a quarter of that, or
//! a table's values larger than half, is answered and not kept. A win
//! turn is kept under the read of the table it was solved from: a turn of
//! values read before the file changed is answered, never kept with the
//! newer values.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::model::Params;
use super::solution::Solution;
use super::win::WinValues;
use super::PushLuckGame;
use crate::error::Error;

/// Games whose memos are kept at once.
const GAMES: usize = 8;
/// Bytes of solutions kept per game (a Farkle turn of expected points is
/// tens of kilobytes, a win turn a few hundred; a win table's values are
/// the table's size).
const BYTES: usize = 48 << 20;

/// A solution kept, with when it was last used.
struct Kept<'g> {
    sol: Arc<Solution<'g>>,
    used: u64,
}

/// Which turn: one of expected points, or one of a win table's pairs
/// (by the read of the table it was solved from: a turn of an older read
/// is never taken for one of a newer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum TurnKey {
    Points(Params),
    Pair { read: u64, a: usize, b: usize },
}

/// A win table's values as read, and the file they were read from.
struct WinRead<'g> {
    path: PathBuf,
    stamp: Stamp,
    values: Arc<WinValues<'g>>,
    bytes: usize,
    /// Which read of the game's win table this is (counted from 1).
    read: u64,
}

/// What one game keeps.
struct Solved<'g> {
    turns: HashMap<TurnKey, Kept<'g>>,
    win: Option<WinRead<'g>>,
    bytes: usize,
    /// At most this many bytes kept ([`BYTES`]; smaller in a test).
    budget: usize,
    clock: u64,
    reads: u64,
}

impl<'g> Solved<'g> {
    fn new(budget: usize) -> Solved<'g> {
        Solved { turns: HashMap::new(), win: None, bytes: 0, budget, clock: 0, reads: 0 }
    }

    /// Makes room for `more` bytes: the least recently used turns go.
    fn shrink(&mut self, more: usize) {
        while self.bytes + more > self.budget {
            let Some(oldest) = self.turns.iter().min_by_key(|(_, k)| k.used).map(|(key, _)| *key) else { break };
            if let Some(k) = self.turns.remove(&oldest) {
                self.bytes -= k.sol.bytes();
            }
        }
    }

    fn get(&mut self, key: TurnKey) -> Option<Arc<Solution<'g>>> {
        self.clock += 1;
        let now = self.clock;
        self.turns.get_mut(&key).map(|k| {
            k.used = now;
            k.sol.clone()
        })
    }

    /// Keeps `sol` under `key`, making room by the least recently used.
    fn keep(&mut self, key: TurnKey, sol: Arc<Solution<'g>>) {
        let bytes = sol.bytes();
        if bytes > self.budget / 4 {
            return;
        }
        if let Some(old) = self.turns.remove(&key) {
            self.bytes -= old.sol.bytes();
        }
        self.shrink(bytes);
        self.clock += 1;
        self.turns.insert(key, Kept { sol, used: self.clock });
        self.bytes += bytes;
    }

    /// Forgets the win table's values and the turns solved from them.
    fn forget_win(&mut self) {
        if let Some(w) = self.win.take() {
            self.bytes -= w.bytes;
        }
        let pairs: Vec<TurnKey> = self.turns.keys().filter(|k| matches!(k, TurnKey::Pair { .. })).copied().collect();
        for key in pairs {
            if let Some(k) = self.turns.remove(&key) {
                self.bytes -= k.sol.bytes();
            }
        }
    }
}

/// A game's memo: its solutions behind a lock, taken only to look up or
/// keep (never while solving, so questions about one game solve side by
/// side).
struct Memo<'g>(Mutex<Solved<'g>>);

self_cell::self_cell!(
    struct GameMemo {
        owner: Arc<PushLuckGame>,
        #[not_covariant]
        dependent: Memo,
    }
);

/// The memos kept, the most recently asked last.
fn memos() -> MutexGuard<'static, Vec<Arc<GameMemo>>> {
    static MEMOS: std::sync::OnceLock<Mutex<Vec<Arc<GameMemo>>>> = std::sync::OnceLock::new();
    MEMOS.get_or_init(Default::default).lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `work` with `game` and its memo (made if there is none).
pub(crate) fn with<T>(game: &Arc<PushLuckGame>, work: impl for<'g> FnOnce(&'g PushLuckGame, &Turns<'_, 'g>) -> T) -> T {
    let memo = {
        let mut memos = memos();
        let found = memos.iter().position(|m| Arc::ptr_eq(m.borrow_owner(), game));
        let memo = match found {
            Some(i) => memos.remove(i),
            None => Arc::new(GameMemo::new(game.clone(), |_| Memo(Mutex::new(Solved::new(BYTES))))),
        };
        memos.push(memo.clone());
        if memos.len() > GAMES {
            memos.remove(0);
        }
        memo
    };
    memo.with_dependent(|g, m| work(g, &Turns(m)))
}

/// A game's solved turns, as [`with`] hands them to the work.
pub(crate) struct Turns<'a, 'g>(&'a Memo<'g>);

impl<'g> Turns<'_, 'g> {
    fn lock(&self) -> MutexGuard<'_, Solved<'g>> {
        self.0 .0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The turn of expected points for `params`, solved by `solve` if it is
    /// not kept.
    pub(crate) fn points(
        &self,
        params: Params,
        solve: impl FnOnce() -> Result<Solution<'g>, Error>,
    ) -> Result<Arc<Solution<'g>>, Error> {
        self.turn(TurnKey::Points(params), solve)
    }

    /// The win turn of the pair of sides `(a, b)` of `values` (the values
    /// [`Turns::win_values`] gave). Kept only while `values` are the
    /// table's values kept: a turn of values read before the file changed,
    /// or of values too large to keep, is solved and answered, not kept.
    pub(crate) fn pair(&self, values: &Arc<WinValues<'g>>, a: usize, b: usize) -> Arc<Solution<'g>> {
        let read = {
            let solved = self.lock();
            solved.win.as_ref().filter(|w| Arc::ptr_eq(&w.values, values)).map(|w| w.read)
        };
        let Some(read) = read else { return Arc::new(values.turn(a, b)) };
        let solve = || Ok::<_, std::convert::Infallible>(values.turn(a, b));
        match self.turn(TurnKey::Pair { read, a, b }, solve) {
            Ok(sol) => sol,
            Err(never) => match never {},
        }
    }

    fn turn<E>(&self, key: TurnKey, solve: impl FnOnce() -> Result<Solution<'g>, E>) -> Result<Arc<Solution<'g>>, E> {
        if let Some(sol) = self.lock().get(key) {
            return Ok(sol);
        }
        let sol = Arc::new(solve()?);
        let mut solved = self.lock();
        // A pair's read forgotten while it was solved (the file changed):
        // its turn is not kept.
        let current = match key {
            TurnKey::Pair { read, .. } => solved.win.as_ref().is_some_and(|w| w.read == read),
            TurnKey::Points(_) => true,
        };
        if current {
            solved.keep(key, sol.clone());
        }
        Ok(sol)
    }

    /// The win table at `path` as `load` reads it (or first solves it),
    /// kept while the file stays the same. Turns of pairs kept from an
    /// earlier read of a file that changed are forgotten with it.
    pub(crate) fn win_values(
        &self,
        path: &Path,
        load: impl FnOnce() -> Result<WinValues<'g>, Error>,
    ) -> Result<Arc<WinValues<'g>>, Error> {
        let stamp = Stamp::of(path);
        {
            let mut solved = self.lock();
            match &solved.win {
                Some(w) if w.path == path && Some(w.stamp) == stamp => return Ok(w.values.clone()),
                Some(_) => solved.forget_win(),
                None => {}
            }
        }
        let values = Arc::new(load()?);
        // Kept only when the file is there to say whether it changed, and
        // is the file read: the same before the load and after it (or, if
        // there was none before, the one the load solved and wrote).
        let after = Stamp::of(path);
        if let Some(after) = after.filter(|a| stamp.is_none_or(|b| b == *a)) {
            let bytes = values.bytes();
            let mut solved = self.lock();
            solved.forget_win();
            if bytes <= solved.budget / 2 {
                solved.shrink(bytes);
                solved.bytes += bytes;
                solved.reads += 1;
                let read = solved.reads;
                solved.win =
                    Some(WinRead { path: path.to_path_buf(), stamp: after, values: values.clone(), bytes, read });
            }
        }
        Ok(values)
    }
}

/// What identifies a file's contents without reading it: a table is
/// written whole to a temporary file and renamed into place, so a new
/// table is a new inode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl Stamp {
    fn of(path: &Path) -> Option<Stamp> {
        use std::os::unix::fs::MetadataExt;
        let m = std::fs::metadata(path).ok()?;
        Some(Stamp { dev: m.dev(), ino: m.ino(), len: m.len(), modified: m.modified().ok() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::counts_of;
    use crate::progress::Silent;
    use crate::pushluck::advise::{advise, advise_with};
    use crate::pushluck::table::table_path;
    use crate::pushluck::win::table::load as load_win;
    use crate::question::PushLuckQuestion;
    use crate::registry::testing::push_luck;
    use crate::vocabulary::Objective;

    fn question(dice: &[u8], banked: i64, score: Option<i64>, opponent: Option<i64>) -> PushLuckQuestion {
        PushLuckQuestion { score, opponent, ..PushLuckQuestion::roll(counts_of(dice), banked) }
    }

    /// The answer as JSON text: equal texts are equal numbers to the bit
    /// (serde_json writes each `f64` so that it reads back the same).
    fn text(advice: Result<crate::report::Advice, Error>) -> String {
        serde_json::to_string(&advice.expect("advises")).expect("serializes")
    }

    /// Every answer read from the memo is the answer of a game solved
    /// anew (a game of its own, with no memo), to the bit: expected points
    /// on and off the board, and the win objective, asked twice each. The
    /// kept game's memo is held for the whole test (other tests' games
    /// cannot push it out).
    #[test]
    fn an_answer_from_the_memo_is_the_answer_solved_anew() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let kept = Arc::new(*push_luck("farkle", &["goal=1000"], None));
        let questions = [
            question(&[1, 1, 2, 3, 5, 5], 300, None, None),
            question(&[1, 2, 3, 4, 6, 6], 0, None, None),
            question(&[2, 2, 2, 5, 6, 6], 0, Some(0), None),
            question(&[1, 5, 2], 300, Some(350), Some(600)),
            question(&[1, 1, 1, 5, 2, 3], 0, Some(50), Some(0)),
        ];
        with(&kept, |g, turns| {
            for round in 0..2 {
                for q in &questions {
                    let fresh = Arc::new(*push_luck("farkle", &["goal=1000"], None));
                    let memo = text(advise_with(g, turns, dir.path(), q, &Silent));
                    assert_eq!(memo, text(advise(&fresh, dir.path(), q, &Silent)), "round {round}: {q:?}");
                }
            }
            let solved = turns.lock();
            assert_eq!(solved.turns.len(), 4, "two turns of points (on and off the board) and two pairs");
            assert!(solved.win.is_some(), "the win table's values kept");
        });
    }

    /// A win table is read again when its file changed (removed, then
    /// solved anew; a copy renamed over it: a new file of the same
    /// length), never while it stays the same; the turns of pairs read
    /// from older values are never kept with the newer, nor answered for
    /// them.
    #[test]
    fn a_win_table_is_read_again_when_its_file_changed() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let game = Arc::new(*push_luck("farkle", &["goal=600"], None));
        let path = table_path(dir.path(), &game, Objective::Win);
        with(&game, |g, turns| {
            let mut reads = 0;
            let mut read = || {
                reads += 1;
                load_win(g, dir.path(), &Silent)
            };
            let first = turns.win_values(&path, &mut read).expect("solved and read");
            let kept = turns.pair(&first, 1, 2);
            assert!(Arc::ptr_eq(&kept, &turns.pair(&first, 1, 2)), "a pair's turn kept");
            let again = turns.win_values(&path, &mut read).expect("kept");
            assert!(Arc::ptr_eq(&first, &again));
            std::fs::remove_file(&path).expect("removed");
            let anew = turns.win_values(&path, &mut read).expect("solved again");
            assert!(!Arc::ptr_eq(&first, &anew));
            assert_eq!(first.w, anew.w, "the same rules solve to the same values");
            assert_eq!(turns.lock().turns.len(), 0, "the old pair's turn forgotten");
            // A turn of the older values is answered, not kept.
            let old = turns.pair(&first, 1, 2);
            assert!(!Arc::ptr_eq(&old, &turns.pair(&first, 1, 2)));
            assert_eq!(turns.lock().turns.len(), 0);
            let copy = dir.path().join("copy");
            std::fs::copy(&path, &copy).expect("copied");
            std::fs::rename(&copy, &path).expect("renamed over");
            let renamed = turns.win_values(&path, &mut read).expect("read again");
            assert!(!Arc::ptr_eq(&anew, &renamed), "a new file of the same length is read again");
            assert_eq!(reads, 3);
        });
    }

    /// The memo keeps at most its budget: the least recently used turn
    /// goes first, and one used again stays.
    #[test]
    fn the_memo_keeps_to_its_budget() {
        let game = push_luck("farkle", &["goal=2000"], None);
        let params = Params { on_board: true, last_chance: false, goal_left: 2000 };
        let sol = Arc::new(game.model().solve(params).expect("solves"));
        let one = sol.bytes();
        let mut solved = Solved::new(4 * one + one / 2);
        // Keys of their own, each the same solution (so all weigh alike).
        let key = |a| TurnKey::Pair { read: 0, a, b: 0 };
        for i in 0..4 {
            solved.keep(key(i), Arc::new((*sol).clone()));
        }
        assert!(solved.get(key(0)).is_some(), "used again");
        solved.keep(key(4), Arc::new((*sol).clone()));
        assert!(solved.bytes <= solved.budget);
        assert_eq!(solved.turns.len(), 4);
        assert!(solved.get(key(1)).is_none(), "the least recently used went");
        assert!([0, 2, 3, 4].iter().all(|&i| solved.get(key(i)).is_some()));
        let sum: usize = solved.turns.values().map(|k| k.sol.bytes()).sum();
        assert_eq!(sum, solved.bytes);
        // One over a quarter of the budget is answered, never kept.
        let mut small = Solved::new(3 * one);
        small.keep(key(0), sol);
        assert!(small.turns.is_empty());
    }
}
