//! The nimber of a position proved one value at a time (Lemoine and
//! Viennot, "Nimbers are inevitable", Theoretical Computer Science 462,
//! 2012; the default search of MCGS's impartial games).
//!
//! The mex search ([`Solver`]) values every option of every position it
//! meets. But a position G has nimber k exactly when G + *k is a
//! second-player win, and a search of that sum stops at the first winning
//! move it finds: to show that an option's nimber is not k, one option of
//! that option with nimber k is enough, and its other options are never
//! valued. So:
//!
//! - the nimber of G is the least k that no option of G has, each k asked
//!   in turn: "is the nimber of some option k?", stopping at the first
//!   option that is;
//! - "is the nimber of H k?" is no at the first option of H whose nimber is
//!   k, or at the first j below k that no option of H has (the nimber of H
//!   is then at most j); otherwise yes;
//! - an option of several parts has the XOR of their nimbers: the nimbers of
//!   all parts but one are found, and the last part is asked about.
//!
//! What each question shows is kept for each position met (its nimber; the
//! values it is known not to have; those some option of it has), so a
//! position is searched again only for what is not known yet. On the
//! impartial variant of Fission's 6 × 6 boards this takes a tenth of the
//! time of the mex (BENCHMARKS.md). Questions nest one move deeper each
//! time, on the thread's stack; past [`MOST_DEPTH`] the mex search, which
//! keeps a stack of its own, values the position instead.

use std::hash::Hash;

use hashbrown::HashMap;

use super::{OnSearched, Solver, PROGRESS_EVERY};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::memory;

/// How deep questions nest on the thread's stack (each a few hundred
/// bytes) before the mex search takes over.
const MOST_DEPTH: u32 = 96;

/// What is known of a position's nimber.
#[derive(Clone, Copy, Default)]
struct Facts {
    /// The nimber, if known.
    exact: Option<u64>,
    /// Bit j: the nimber is not j (j below 64).
    not: u64,
    /// Bit j: some option has nimber j (so the nimber is not j either).
    among_options: u64,
}

/// The bit of `value` in a set of values below 64; larger values are not
/// kept.
fn bit(value: u64) -> u64 {
    if value < 64 {
        1 << value
    } else {
        0
    }
}

/// The facts learnt about the positions of one game, kept from one
/// question to the next.
pub struct ProofSearch<P> {
    facts: HashMap<P, Facts>,
    /// The bytes the facts hold, and the options listed for the questions
    /// open.
    memo_bytes: u64,
    stack_bytes: u64,
    memory: u64,
    /// Positions whose options were listed.
    listed: u64,
}

impl<P: Clone + Eq + Hash> Default for ProofSearch<P> {
    fn default() -> ProofSearch<P> {
        ProofSearch::within(memory::budget())
    }
}

impl<P: Clone + Eq + Hash> ProofSearch<P> {
    /// A search that stops before its facts and open questions would hold
    /// more than `memory` bytes.
    pub fn within(memory: u64) -> ProofSearch<P> {
        ProofSearch {
            facts: HashMap::new(),
            memo_bytes: 0,
            stack_bytes: 0,
            memory,
            listed: 0,
        }
    }

    /// The nimber of `position` of `solver`'s game, the mex search
    /// `solver` taking over where questions nest too deep; `progress` hears
    /// how many positions are known of and stops the search by answering
    /// `false` (what was learnt stays learnt).
    pub fn nimber<G: Game<Position = P>>(
        &mut self,
        solver: &mut Solver<G>,
        position: &P,
        progress: OnSearched,
    ) -> Result<u64> {
        let mut run = Run {
            search: self,
            solver,
            progress,
        };
        let nimber = run.nimber(position, 0);
        self.stack_bytes = 0;
        nimber
    }
}

/// One question and what it needs.
struct Run<'a, 'p, G: Game> {
    search: &'a mut ProofSearch<G::Position>,
    solver: &'a mut Solver<G>,
    progress: OnSearched<'p>,
}

impl<G: Game> Run<'_, '_, G> {
    /// The nimber of `p`: the least value no option has.
    fn nimber(&mut self, p: &G::Position, depth: u32) -> Result<u64> {
        if let Some(n) = self.known(p)? {
            return Ok(n);
        }
        if depth > MOST_DEPTH {
            return self.by_mex(p);
        }
        let (options, bytes) = self.list(p)?;
        let nimber = (|| {
            let facts = self.facts(p);
            let mut k = 0;
            loop {
                // Every value below k is an option's, so the nimber is at
                // least k; where it is known not to be k, it is more, and
                // some option has k.
                if bit(k) & (facts.not | facts.among_options) == 0 {
                    if !self.some_option_is(&options, k, depth)? {
                        return Ok(k);
                    }
                    self.learn(p, |f| f.among_options |= bit(k))?;
                }
                k += 1;
            }
        })();
        self.search.stack_bytes -= bytes;
        let nimber = nimber?;
        self.learn(p, |f| f.exact = Some(nimber))?;
        Ok(nimber)
    }

    /// Whether the nimber of `p` is `k`.
    fn is(&mut self, p: &G::Position, k: u64, depth: u32) -> Result<bool> {
        if let Some(n) = self.known(p)? {
            return Ok(n == k);
        }
        let facts = self.facts(p);
        if bit(k) & (facts.not | facts.among_options) != 0 {
            return Ok(false);
        }
        if depth > MOST_DEPTH {
            return Ok(self.by_mex(p)? == k);
        }
        let (options, bytes) = self.list(p)?;
        let answer = (|| {
            if self.some_option_is(&options, k, depth)? {
                self.learn(p, |f| f.among_options |= bit(k))?;
                return Ok(false);
            }
            // No option has k: the nimber is k exactly when every value
            // below it is an option's.
            for j in 0..k {
                if bit(j) & self.facts(p).among_options != 0 {
                    continue;
                }
                if !self.some_option_is(&options, j, depth)? {
                    // The nimber is at most j.
                    let above = if j < 63 { !0 << (j + 1) } else { 0 };
                    self.learn(p, |f| f.not |= above | bit(k))?;
                    return Ok(false);
                }
                self.learn(p, |f| f.among_options |= bit(j))?;
            }
            self.learn(p, |f| f.exact = Some(k))?;
            Ok(true)
        })();
        self.search.stack_bytes -= bytes;
        answer
    }

    /// Whether some option (a sum of parts) has nimber `k`: first among
    /// those whose parts' nimbers are all known, then by search.
    fn some_option_is(&mut self, options: &[Vec<G::Position>], k: u64, depth: u32) -> Result<bool> {
        for option in options {
            let mut rest = Some(k);
            for part in option {
                rest = match self.search.facts.get(part).and_then(|f| f.exact) {
                    Some(n) => rest.map(|r| r ^ n),
                    None => None,
                };
                if rest.is_none() {
                    break;
                }
            }
            if rest == Some(0) {
                return Ok(true);
            }
        }
        for option in options {
            if self.sum_is(option, k, depth + 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the XOR of the nimbers of `parts` is `k`: the nimbers of all
    /// parts not known but the last are found, and the last is asked
    /// about.
    fn sum_is(&mut self, parts: &[G::Position], k: u64, depth: u32) -> Result<bool> {
        let mut rest = k;
        let mut open = None;
        for part in parts {
            match self.known(part)? {
                Some(n) => rest ^= n,
                None => {
                    if let Some(earlier) = open.replace(part) {
                        rest ^= self.nimber(earlier, depth)?;
                    }
                }
            }
        }
        match open {
            None => Ok(rest == 0),
            Some(last) => self.is(last, rest, depth),
        }
    }

    /// The nimber of `p` where it is known: learnt, solved by the mex
    /// search, or given by a theorem.
    fn known(&mut self, p: &G::Position) -> Result<Option<u64>> {
        if let Some(facts) = self.search.facts.get(p) {
            return Ok(facts.exact);
        }
        let known = (self.solver.game.closed_nimber(p))
            .or_else(|| {
                self.solver
                    .find(p)
                    .map(|id| self.solver.values[id as usize])
            })
            .filter(|&n| n < super::ON_STACK);
        if let Some(n) = known {
            self.learn(p, |f| f.exact = Some(n))?;
        }
        Ok(known)
    }

    fn facts(&self, p: &G::Position) -> Facts {
        self.search.facts.get(p).copied().unwrap_or_default()
    }

    /// Adds to what is known of `p`, within the memory budget.
    fn learn(&mut self, p: &G::Position, add: impl FnOnce(&mut Facts)) -> Result<()> {
        if let Some(facts) = self.search.facts.get_mut(p) {
            add(facts);
            return Ok(());
        }
        let bytes = memory::hashed(1, size_of::<(G::Position, Facts)>() as u64)
            + self.solver.game.heap_bytes(p);
        self.search.memo_bytes += bytes;
        if let Err(error) = self.check_memory() {
            self.search.memo_bytes -= bytes;
            return Err(error);
        }
        let mut facts = Facts::default();
        add(&mut facts);
        self.search.facts.insert(p.clone(), facts);
        Ok(())
    }

    /// The options of `p`, and the bytes they hold (counted against the
    /// budget until the caller takes them off `stack_bytes`).
    fn list(&mut self, p: &G::Position) -> Result<(Vec<Vec<G::Position>>, u64)> {
        let options = self.solver.game.options(p)?;
        let bytes = super::listed_bytes(&self.solver.game, &options);
        self.search.stack_bytes += bytes;
        if let Err(error) = self.check_memory() {
            self.search.stack_bytes -= bytes;
            return Err(error);
        }
        self.search.listed += 1;
        if self.search.listed % PROGRESS_EVERY == 0
            && !(self.progress)(self.search.facts.len() as u64)
        {
            self.search.stack_bytes -= bytes;
            return Err(Error::Limit(format!(
                "the search was stopped after listing the options of {} positions",
                self.search.listed
            )));
        }
        Ok((options, bytes))
    }

    /// The nimber of `p` by the mex search, which keeps its own stack,
    /// within what the budget leaves beside this search's facts and
    /// questions.
    fn by_mex(&mut self, p: &G::Position) -> Result<u64> {
        let budget = self.solver.memory;
        let held = self.search.memo_bytes + self.search.stack_bytes;
        self.solver.memory = budget.min(self.search.memory).saturating_sub(held);
        let n = self.solver.nimber_with_progress(p, &mut *self.progress);
        self.solver.memory = budget;
        let n = n?;
        self.learn(p, |f| f.exact = Some(n))?;
        Ok(n)
    }

    /// An error once this search and the mex search's memo together
    /// would pass the budget.
    fn check_memory(&self) -> Result<()> {
        let held = self.search.memo_bytes + self.search.stack_bytes + self.solver.memo_bytes;
        if held > self.search.memory {
            return Err(Error::Limit(format!(
                "the search needs more than {}, the memory budget",
                memory::Size(self.search.memory)
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game on numbers with options drawn from a seed: position n may
    /// move to any smaller m, and to sums of two smaller parts.
    struct Drawn(u64);

    impl Drawn {
        fn draw(&self, a: u64, b: u64, c: u64) -> u64 {
            let mut x = (self.0 << 40) ^ (a << 20) ^ (b << 8) ^ c;
            x = (x ^ (x >> 31)).wrapping_mul(0x7fb5_d329_728e_a185);
            x = (x ^ (x >> 27)).wrapping_mul(0x81da_def4_bc2d_d44d);
            x ^ (x >> 33)
        }
    }

    impl Game for Drawn {
        type Position = u32;

        fn options(&self, &n: &u32) -> Result<Vec<Vec<u32>>> {
            let n = u64::from(n);
            let mut options = Vec::new();
            for m in 0..n {
                if self.draw(n, m, 0) % 3 == 0 {
                    options.push(vec![m as u32]);
                }
                for k in 1..=m.min(n - 1 - m) {
                    if self.draw(n, m, k) % 11 == 0 {
                        options.push(vec![m as u32, k as u32]);
                    }
                }
            }
            Ok(options)
        }

        fn format_position(&self, n: &u32) -> String {
            n.to_string()
        }
    }

    /// Kayles on a row of pins as a bit mask, the row kept whole: every
    /// position of a row of 14 pins, 2^14 of them.
    struct Row;

    impl Game for Row {
        type Position = u32;

        fn options(&self, &pins: &u32) -> Result<Vec<Vec<u32>>> {
            let ones = (0..14)
                .filter(|i| pins >> i & 1 == 1)
                .map(|i| vec![pins & !(1 << i)]);
            let twos = (0..13)
                .filter(|i| pins >> i & 3 == 3)
                .map(|i| vec![pins & !(3 << i)]);
            Ok(ones.chain(twos).collect())
        }

        fn format_position(&self, pins: &u32) -> String {
            format!("{pins:b}")
        }
    }

    fn proved<G: Game<Position = u32>>(game: G, positions: &[u32]) -> Vec<u64> {
        let mut proofs = ProofSearch::default();
        let mut solver = Solver::new(game);
        (positions.iter())
            .map(|p| proofs.nimber(&mut solver, p, &mut |_| true).unwrap())
            .collect()
    }

    fn by_mex<G: Game<Position = u32>>(game: G, positions: &[u32]) -> Vec<u64> {
        let mut solver = Solver::new(game);
        positions
            .iter()
            .map(|p| solver.nimber(p).unwrap())
            .collect()
    }

    /// The nimbers proved one value at a time are those of the mex, on
    /// games with options of one and two parts, asked from the largest
    /// position down (later questions start from what earlier ones
    /// learnt) and each position alone.
    #[test]
    fn nimbers_are_the_mex_searchs() {
        let positions: Vec<u32> = (0..48).rev().collect();
        let mut largest = 0;
        for seed in 0..24 {
            let expected = by_mex(Drawn(seed), &positions);
            largest = largest.max(*expected.iter().max().unwrap());
            assert_eq!(proved(Drawn(seed), &positions), expected, "seed {seed}");
            for (&p, &n) in positions.iter().zip(&expected).step_by(7) {
                assert_eq!(proved(Drawn(seed), &[p]), [n], "seed {seed}, position {p}");
            }
        }
        // Nimbers large enough that each value is asked after several.
        assert!(largest >= 6, "{largest}");
        let rows = [0x3fff, 0x3bff, 0x2db7, 0x0f0f, 0x1555];
        assert_eq!(proved(Row, &rows), by_mex(Row, &rows));
    }

    /// A line of play longer than the questions may nest is valued by the
    /// mex search, which keeps its own stack: a chain of 100,000 moves.
    #[test]
    fn deep_lines_go_to_the_mex_search() {
        struct Chain;
        impl Game for Chain {
            type Position = u32;
            fn options(&self, &n: &u32) -> Result<Vec<Vec<u32>>> {
                Ok((n.saturating_sub(2)..n).map(|m| vec![m]).collect())
            }
            fn format_position(&self, n: &u32) -> String {
                n.to_string()
            }
        }
        assert_eq!(proved(Chain, &[100_000, 99_999, 7]), [1, 0, 1]);
        // The mex search gets what the budget leaves beside the facts.
        let mut small = ProofSearch::within(100_000);
        let mut solver = Solver::with_limits(Chain, usize::MAX, 1 << 40);
        let over = small.nimber(&mut solver, &100_000, &mut |_| true);
        assert!(matches!(over, Err(Error::Limit(m)) if m.contains("memory budget")));
        assert!(solver.memo_bytes <= 100_000, "{}", solver.memo_bytes);
    }

    /// A search stopped by its progress callback is a limit error, and
    /// asked again it goes on to the mex's answer; a small budget is a
    /// limit error naming it.
    #[test]
    fn stops_and_budget() {
        let mut proofs = ProofSearch::default();
        let mut solver = Solver::new(Row);
        let mut asked = 0;
        let stopped = proofs.nimber(&mut solver, &0x3fff, &mut |_| {
            asked += 1;
            false
        });
        assert_eq!(asked, 1);
        assert!(matches!(stopped, Err(Error::Limit(m)) if m.contains("stopped")));
        let again = proofs.nimber(&mut solver, &0x3fff, &mut |_| true).unwrap();
        assert_eq!(again, Solver::new(Row).nimber(&0x3fff).unwrap());

        let mut small = ProofSearch::within(10_000);
        let over = small.nimber(&mut Solver::new(Row), &0x3fff, &mut |_| true);
        assert!(matches!(over, Err(Error::Limit(m)) if m.contains("memory budget")));
        // A fact refused by the budget is not counted as held: the empty
        // row lists no options, and its nimber is the one fact learnt.
        let mut tiny = ProofSearch::within(super::super::listed_bytes(&Row, &[]));
        let refused = tiny.nimber(&mut Solver::new(Row), &0, &mut |_| true);
        assert!(matches!(refused, Err(Error::Limit(_))), "{refused:?}");
        assert_eq!(tiny.memo_bytes, 0);
    }
}
