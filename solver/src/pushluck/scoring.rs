//! The scoring engine shared by every push-your-luck rule set.
//!
//! A *set-aside* is a choice of dice from one roll in which every die belongs
//! to a scoring combination; it is worth the best legal split of those dice
//! into combinations (players always count the highest reading). The engine
//! knows no game: it reads the combination table of a [`RuleSet`]:
//!
//! - sets of one face (`kinds`): 1 to 6 dice of a face, points per count. Per
//!   set-aside, each face forms at most one set of two or more dice; its other
//!   dice score as singles. So four 5s in Farkle are "four of a kind" (1000)
//!   or a triple and a single (550), never two pairs, and six 2s are never two
//!   separate triples (the patterns decide whether six alike is two triplets);
//! - patterns: exact faces (straights) or groups of equal dice (three pairs,
//!   two triplets, four of a kind plus a pair, full house), each optionally
//!   valid on the first roll only, or an instant win;
//! - the "all six dice score" premium and the "nothing scores on six dice" bonus.
//!
//! Combinations never span rolls: the engine only ever sees one roll.
//!
//! For Van't Hof the *way* 1s are counted matters (a 1 inside a straight is
//! not "a 1 set aside"), so a set-aside can have several [`Variant`]s: the
//! best points for each number of 1s scored as 1s. Without Van't Hof only the
//! best variant is kept (plus, separately, an instant win if there is one).

use crate::dice::{dice_count, Counts, Multisets, FACES};

use super::rules::RuleSet;

/// One reading of a set-aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Variant {
    pub(crate) points: i64,
    /// 1s scored as 1s (singles or a set of 1s), for Van't Hof.
    pub(crate) ones: u8,
    /// The points those 1s earned.
    pub(crate) ones_points: i64,
    /// The set-aside wins the game at once.
    pub(crate) instant_win: bool,
    /// How it is counted, e.g. `["three 5s", "single 1"]`.
    pub(crate) parts: Vec<String>,
}

/// A legal set-aside from a roll and its readings (best first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SetAside {
    pub(crate) keep: Counts,
    pub(crate) variants: Vec<Variant>,
}

impl SetAside {
    /// The best non-instant reading, if any.
    pub(crate) fn best_points(&self) -> Option<&Variant> {
        self.variants.iter().filter(|v| !v.instant_win).max_by_key(|v| v.points)
    }
}

#[derive(Debug, Clone)]
struct CompiledPattern {
    name: String,
    /// Every way the pattern can sit on six dice (distinct face counts).
    placements: Vec<Counts>,
    points: i64,
    first_roll_only: bool,
    instant_win: bool,
}

/// The compiled combination table of a rule set.
#[derive(Debug, Clone)]
pub(crate) struct Scorer {
    /// `[first roll?][face][n]`: points of n dice of a face as one set.
    kinds: [[[i64; 7]; FACES]; 2],
    patterns: Vec<CompiledPattern>,
    all_six_premium: i64,
    all_six_premium_first_roll_only: bool,
    no_score_bonus: i64,
    /// Six dice that all score may be read by their parts even when the
    /// all-six premium is worth more (near an exact goal under a choice of
    /// dice, see [`crate::pushluck::rules::GameRules::choose_dice_within`]).
    all_six_optional: bool,
    track_ones: bool,
    ms: Multisets,
    /// `[first roll?][multiset]`: its readings, best first (see
    /// [`Scorer::reading_table`]).
    readings: [Vec<Vec<Variant>>; 2],
}

const COUNT_WORDS: [&str; 7] = ["", "single", "two", "three", "four", "five", "six"];

fn kind_label(face: usize, n: usize) -> String {
    if n == 1 {
        format!("single {}", face + 1)
    } else {
        format!("{} {}s", COUNT_WORDS[n], face + 1)
    }
}

fn placements_of_groups(groups: &[u8], distinct: bool) -> Vec<Counts> {
    let mut out = Vec::new();
    fn rec(i: usize, groups: &[u8], distinct: bool, used: &mut [bool; FACES], c: &mut Counts, out: &mut Vec<Counts>) {
        if i == groups.len() {
            if c.iter().map(|&x| x as usize).sum::<usize>() <= 6 && !out.contains(c) {
                out.push(*c);
            }
            return;
        }
        for f in 0..FACES {
            if distinct && used[f] {
                continue;
            }
            used[f] = true;
            c[f] += groups[i];
            rec(i + 1, groups, distinct, used, c, out);
            c[f] -= groups[i];
            used[f] = false;
        }
    }
    // `used` only matters for distinct faces; for shared faces it is ignored.
    rec(0, groups, distinct, &mut [false; FACES], &mut [0; FACES], &mut out);
    out
}

impl Scorer {
    /// Compiles the combination table (the rules must be valid).
    pub(crate) fn new(rules: &RuleSet) -> Scorer {
        Self::compile(rules, false)
    }

    /// The combination table of a turn near an exact goal with a choice of
    /// dice: six dice that all score may also be counted by their parts.
    pub(crate) fn choosing(rules: &RuleSet) -> Scorer {
        Self::compile(rules, true)
    }

    fn compile(rules: &RuleSet, all_six_optional: bool) -> Scorer {
        let s = &rules.scoring;
        let mut kinds = [[[0i64; 7]; FACES]; 2];
        let [later, first] = &mut kinds;
        for (f, (later, first)) in later.iter_mut().zip(first.iter_mut()).enumerate() {
            for n in 1..=6 {
                later[n] = s.kinds.points(f, n);
                first[n] = later[n].max(s.first_roll_kinds.points(f, n));
            }
        }
        let patterns = s
            .patterns
            .iter()
            .map(|p| {
                let placements = if p.faces.is_empty() {
                    placements_of_groups(&p.groups, p.distinct_faces)
                } else {
                    let mut c = [0u8; FACES];
                    for &f in &p.faces {
                        c[f as usize - 1] += 1;
                    }
                    vec![c]
                };
                CompiledPattern {
                    name: p.name.clone(),
                    placements,
                    points: p.points,
                    first_roll_only: p.first_roll_only,
                    instant_win: p.instant_win,
                }
            })
            .collect();
        let mut scorer = Scorer {
            kinds,
            patterns,
            all_six_premium: s.all_six_premium,
            all_six_premium_first_roll_only: s.all_six_premium_first_roll_only,
            no_score_bonus: s.no_score_bonus,
            all_six_optional,
            track_ones: rules.turn.vant_hof > 0,
            ms: Multisets::new(6),
            readings: [vec![], vec![]],
        };
        scorer.readings = [scorer.reading_table(false), scorer.reading_table(true)];
        scorer
    }

    /// Best score of `n` dice of face `f` as one set plus singles, with its
    /// parts; `None` if they cannot all score.
    fn face_best(&self, first: bool, f: usize, n: usize) -> Option<(i64, Vec<String>)> {
        if n == 0 {
            return Some((0, vec![]));
        }
        let row = &self.kinds[usize::from(first)][f];
        let mut best: Option<(i64, usize)> = None;
        // `j` dice form one set (j == 0: all singles), the rest are singles.
        for j in (0..=n).filter(|&j| j != 1) {
            let singles = n - j;
            if j > 0 && row[j] == 0 || singles > 0 && row[1] == 0 {
                continue;
            }
            let pts = row[j] * i64::from(j > 0) + row[1] * singles as i64;
            match best {
                Some((b, _)) if b >= pts => {}
                _ => best = Some((pts, j)),
            }
        }
        let (pts, j) = best?;
        let mut parts = Vec::new();
        if j > 0 {
            parts.push(kind_label(f, j));
        }
        parts.extend((j..n).map(|_| kind_label(f, 1)));
        Some((pts, parts))
    }

    /// Every reading of set-aside `c` from a roll (`first`: the turn's
    /// first roll), best first. Empty when some die of `c` cannot score.
    pub(crate) fn readings(&self, c: &Counts, first: bool) -> Vec<Variant> {
        let i = self.ms.index(c).expect("at most six dice");
        self.readings[usize::from(first)][i].clone()
    }

    /// The readings of every multiset of up to six dice, indexed as in
    /// [`Multisets`].
    ///
    /// A reading splits the dice into patterns and, for the dice left, sets
    /// of one face. Points add up over the parts, so the best reading of `R`
    /// per key (1s counted, instant win) is the best of: `R` scored as sets
    /// of one face, and for every pattern placement `P` inside `R`, that
    /// pattern plus the best reading of `R - P` — a DP over multisets,
    /// smallest first, so each multiset is solved once whatever the number
    /// of patterns (a plain search over pattern sequences is exponential in
    /// it). Among equal readings the first found in the order (pattern,
    /// placement) is kept, so the parts shown are stable.
    fn reading_table(&self, first: bool) -> Vec<Vec<Variant>> {
        let ms = &self.ms;
        let usable: Vec<&CompiledPattern> = self.patterns.iter().filter(|p| first || !p.first_roll_only).collect();
        // best[r]: best readings of multiset r, the empty leaf included.
        let mut best: Vec<Vec<Variant>> = Vec::with_capacity(ms.len());
        for r in 0..ms.len() {
            let rem = *ms.counts(r);
            let mut out = Vec::new();
            if let Some(leaf) = self.leaf(&rem, first) {
                self.offer(&mut out, leaf);
            }
            for p in &usable {
                for pl in p.placements.iter().filter(|pl| (0..FACES).all(|f| pl[f] <= rem[f])) {
                    let mut next = rem;
                    for f in 0..FACES {
                        next[f] -= pl[f];
                    }
                    let rest = ms.index(&next).expect("a smaller multiset");
                    for v in &best[rest] {
                        let mut parts = Vec::with_capacity(v.parts.len() + 1);
                        parts.push(p.name.clone());
                        parts.extend(v.parts.iter().cloned());
                        let v = Variant {
                            points: v.points + p.points,
                            instant_win: v.instant_win || p.instant_win,
                            parts,
                            ..*v
                        };
                        self.offer(&mut out, v);
                    }
                }
            }
            best.push(out);
        }
        (0..ms.len())
            .map(|r| {
                let c = ms.counts(r);
                // The empty set-aside is no reading (unless an instant win
                // took the dice, which cannot leave it empty-handed).
                let mut out: Vec<Variant> =
                    best[r].iter().filter(|v| v.instant_win || !v.parts.is_empty()).cloned().collect();
                if dice_count(c) == 6
                    && self.all_six_premium > 0
                    && (first || !self.all_six_premium_first_roll_only)
                    && out.iter().any(|v| !v.instant_win)
                {
                    let premium = Variant {
                        points: self.all_six_premium,
                        ones: 0,
                        ones_points: 0,
                        instant_win: false,
                        parts: vec!["all six score".into()],
                    };
                    let parts_best = out.iter().filter(|v| !v.instant_win).map(|v| v.points).max().unwrap_or(0);
                    if self.all_six_optional && premium.points > parts_best {
                        // Both readings stay: the parts may be the better
                        // one near an exact goal.
                        out.push(premium);
                    } else {
                        self.offer(&mut out, premium);
                    }
                }
                out.sort_by(|a, b| {
                    b.instant_win.cmp(&a.instant_win).then(b.points.cmp(&a.points)).then(a.ones.cmp(&b.ones))
                });
                out
            })
            .collect()
    }

    /// `rem` scored as sets of one face only, if every die can score so.
    fn leaf(&self, rem: &Counts, first: bool) -> Option<Variant> {
        let mut total = 0;
        let mut parts = Vec::new();
        let mut ones_points = 0;
        for (f, &n) in rem.iter().enumerate() {
            let (p, ps) = self.face_best(first, f, usize::from(n))?;
            total += p;
            if f == 0 {
                ones_points = p;
            }
            parts.extend(ps);
        }
        Some(Variant { points: total, ones: rem[0], ones_points, instant_win: false, parts })
    }

    /// Keeps the best variant per (1s counted, instant win).
    fn offer(&self, out: &mut Vec<Variant>, v: Variant) {
        let key = |x: &Variant| (if self.track_ones { x.ones } else { 0 }, x.instant_win);
        match out.iter_mut().find(|x| key(x) == key(&v)) {
            Some(x) if v.points > x.points => *x = v,
            Some(_) => {}
            None => out.push(v),
        }
    }

    /// Every legal set-aside from `roll`, with its readings. Empty: a farkle.
    /// A six-dice roll where nothing scores gives the no-score bonus (all six
    /// dice set aside) when the rules have one.
    pub(crate) fn set_asides(&self, roll: &Counts, first: bool) -> Vec<SetAside> {
        let mut out = Vec::new();
        let mut keep = [0u8; FACES];
        self.subsets(roll, 0, &mut keep, first, &mut out);
        if out.is_empty() && dice_count(roll) == 6 && self.no_score_bonus > 0 {
            out.push(SetAside {
                keep: *roll,
                variants: vec![Variant {
                    points: self.no_score_bonus,
                    ones: 0,
                    ones_points: 0,
                    instant_win: false,
                    parts: vec!["nothing scores".into()],
                }],
            });
        }
        out
    }

    fn subsets(&self, roll: &Counts, f: usize, keep: &mut Counts, first: bool, out: &mut Vec<SetAside>) {
        if f == FACES {
            if dice_count(keep) > 0 {
                let variants = self.readings(keep, first);
                if !variants.is_empty() {
                    out.push(SetAside { keep: *keep, variants });
                }
            }
            return;
        }
        for x in 0..=roll[f] {
            keep[f] = x;
            self.subsets(roll, f + 1, keep, first, out);
        }
        keep[f] = 0;
    }

    /// True when 1s scored as 1s are tracked (Van't Hof).
    pub(crate) fn tracks_ones(&self) -> bool {
        self.track_ones
    }

    /// Every point value a single combination can be worth (for the grid of
    /// turn totals).
    pub(crate) fn point_values(&self) -> Vec<i64> {
        let mut v: Vec<i64> = self.kinds.iter().flatten().flatten().copied().filter(|&p| p > 0).collect();
        v.extend(self.patterns.iter().map(|p| p.points).filter(|&p| p > 0));
        v.extend([self.all_six_premium, self.no_score_bonus].into_iter().filter(|&p| p > 0));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::counts_of;
    use crate::pushluck::games::{farkle, ten_thousand, yahtzix};

    fn best(s: &Scorer, dice: &[u8], first: bool) -> Option<i64> {
        s.readings(&counts_of(dice), first).iter().filter(|v| !v.instant_win).map(|v| v.points).max()
    }

    #[test]
    fn farkle_readings() {
        let s = Scorer::new(&farkle::base());
        assert_eq!(best(&s, &[1], true), Some(100));
        assert_eq!(best(&s, &[5, 5], true), Some(100));
        assert_eq!(best(&s, &[2, 2], true), None);
        assert_eq!(best(&s, &[1, 1, 1, 1], true), Some(1000));
        assert_eq!(best(&s, &[5, 5, 5, 5, 1], true), Some(1100));
        assert_eq!(best(&s, &[1, 2, 3, 4, 5, 6], true), Some(1500));
        assert_eq!(best(&s, &[2, 2, 3, 3, 6, 6], true), Some(1500));
        assert_eq!(best(&s, &[2, 2, 2, 3, 3, 3], true), Some(2500));
        assert_eq!(best(&s, &[4, 4, 4, 4, 6, 6], true), Some(1500));
        assert_eq!(best(&s, &[6, 6, 6, 6, 6, 6], true), Some(3000));
        assert_eq!(best(&s, &[1, 1, 5, 2], true), None);
        // The example roll: the whole roll cannot be set aside.
        let sa = s.set_asides(&counts_of(&[1, 1, 2, 3, 5, 5]), true);
        assert_eq!(sa.len(), 3 * 3 - 1);
    }

    #[test]
    fn yahtzix_premiums_only_on_the_first_roll() {
        let s = Scorer::new(&yahtzix::base());
        assert_eq!(best(&s, &[2, 2, 2], true), Some(20));
        assert_eq!(best(&s, &[2, 2, 2], false), None);
        assert_eq!(best(&s, &[1, 1, 1, 1], true), Some(40));
        assert_eq!(best(&s, &[1, 1, 1, 1], false), Some(40));
        assert_eq!(best(&s, &[1, 2, 2, 2, 5, 5], true), Some(100)); // all count
        assert_eq!(best(&s, &[1, 2, 2, 2, 5, 5], false), None);
        assert_eq!(best(&s, &[1, 2, 3, 4, 5, 6], true), Some(200));
        assert_eq!(best(&s, &[3, 3, 3, 4, 4, 4], true), Some(150));
        assert_eq!(best(&s, &[1, 1, 1, 5, 5, 5], true), Some(150));
        // Six alike counts as two triplets.
        assert_eq!(best(&s, &[6; 6], true), Some(150));
        assert!(s.set_asides(&counts_of(&[2, 3, 4, 6, 6, 2]), true).is_empty());
    }

    #[test]
    fn ten_thousand_doubling_and_instant_win() {
        let s = Scorer::new(&ten_thousand::base());
        assert_eq!(best(&s, &[4, 4, 4, 4, 4], true), Some(1600));
        assert_eq!(best(&s, &[1, 1, 1, 1], true), Some(2000));
        assert_eq!(best(&s, &[2, 2, 2, 2, 3, 3], true), Some(750));
        let r = s.readings(&counts_of(&[3; 6]), false);
        assert!(r[0].instant_win);
    }

    #[test]
    fn vant_hof_keeps_a_reading_per_count_of_ones() {
        let mut rules = farkle::base();
        rules.turn.vant_hof = 3000;
        let s = Scorer::new(&rules);
        let r = s.readings(&counts_of(&[1, 1, 1, 1, 5, 5]), true);
        // 1500 as three pairs / four plus a pair (no 1s as 1s), 1100 as four 1s + two 5s.
        assert!(r.iter().any(|v| v.points == 1500 && v.ones == 0));
        assert!(r.iter().any(|v| v.points == 1100 && v.ones == 4 && v.ones_points == 1000));
    }
}
