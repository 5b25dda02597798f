//! Suspense numbers (Winning Ways, ch. 9; contest notes call them the
//! *step* of a position in an Every-SG game): how long play of one
//! component lasts when every component that can still move must be moved
//! in each turn, and whoever makes the last move wins.
//!
//! In such a sum (Conway's *continued conjunctive compound*) a component
//! that is won should last as long as possible, and one that is lost should
//! end as soon as possible: "slow winner, quick loser". So
//!
//! - a position without options has step 0;
//! - a position with an option of even step (the mover wins it) has step
//!   1 + the largest even step among its options;
//! - any other position (every option has an odd step: the mover loses it)
//!   has step 1 + the smallest step among its options.
//!
//! A position's step is odd exactly when the player to move wins it alone,
//! and the player to move wins the whole sum exactly when the largest step
//! of its components is odd (Winning Ways, ch. 9, "suspense numbers";
//! Jia Zhihao, 《组合游戏略述——浅谈SG游戏的若干拓展及变形》, IOI 2009
//! Chinese national team training paper, "Every-SG").
//!
//! An option that splits into parts (a take-and-break move) puts each part
//! into the sum as a component of its own, which must be moved in from then
//! on; such a sum of parts has the step of its longest part (its largest
//! step), as a sum of whole components does. That is the rule's own claim
//! applied to the parts, and `tests/library/every_sg.rs` checks it against an
//! exhaustive search of whole sums, splitting games included.
//!
//! ```
//! use grundy::catalogue::Nim;
//! use grundy::suspense::SuspenseSolver;
//! use num_bigint::BigUint;
//!
//! // Every-SG play (Winning Ways, ch. 9): a Nim heap is won in one move by
//! // taking it whole, so its step is 1; an empty heap's is 0.
//! let mut solver = SuspenseSolver::new(Nim);
//! assert_eq!(solver.step(&BigUint::from(5u32), &mut |_| true).unwrap(), 1);
//! assert_eq!(solver.step(&BigUint::from(0u32), &mut |_| true).unwrap(), 0);
//! ```

use std::collections::{HashMap, HashSet};

use crate::error::{Error, Result, CYCLE_POSITIONS_SHOWN};
use crate::game::Game;
use crate::memory::{self, DEFAULT_OPTION_LIMIT};
use crate::solver::OnSearched;

/// How many frames a search pushes and pops between two reports of its
/// progress, at most.
const FRAMES_BETWEEN_REPORTS: u64 = 1 << 10;
/// How many parts of options a search lists, or reads the steps of,
/// between two reports, at most: a position of a large heap has thousands
/// of options, so a thousand frames can be seconds of work.
const PARTS_BETWEEN_REPORTS: usize = 1 << 16;

/// Finds steps (suspense numbers) by exhaustive search, remembering every
/// position it has solved. It keeps its own stack, so a long line of play
/// costs memory, never the thread's stack; it stops at a limit on the
/// options it lists and on the memory it holds, before taking it.
pub struct SuspenseSolver<G: Game> {
    game: G,
    memo: HashMap<G::Position, u64>,
    memo_bytes: u64,
    listed: usize,
    option_limit: usize,
    memory: u64,
}

struct Frame<P> {
    position: P,
    options: Vec<Vec<P>>,
    /// Options before `option`, and parts of it before `part`, are solved.
    option: usize,
    part: usize,
    bytes: u64,
}

impl<G: Game> SuspenseSolver<G> {
    /// A search within the default option limit and the process's memory
    /// budget ([`memory::budget`]).
    pub fn new(game: G) -> SuspenseSolver<G> {
        SuspenseSolver::with_limits(game, DEFAULT_OPTION_LIMIT, memory::budget())
    }

    /// A search that lists at most `option_limit` options and stops before
    /// what it holds would pass `memory` bytes.
    pub fn with_limits(game: G, option_limit: usize, memory: u64) -> SuspenseSolver<G> {
        SuspenseSolver {
            game,
            memo: HashMap::new(),
            memo_bytes: 0,
            listed: 0,
            option_limit,
            memory,
        }
    }

    /// The game this solver searches.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The step of a sum of positions: that of its longest part, 0 for the
    /// empty sum. Each part's search reports to `progress` as
    /// [`SuspenseSolver::step`]'s does.
    pub fn step_of_sum(&mut self, parts: &[G::Position], progress: OnSearched) -> Result<u64> {
        parts
            .iter()
            .try_fold(0, |most, p| Ok(most.max(self.step(p, progress)?)))
    }

    /// The step (suspense number) of `position`. A position that can come
    /// back to itself is an [`Error::Cycle`]: a sum that may never end has
    /// no last move. The search reports the positions it has met to
    /// `progress` every thousand positions it lists or solves, or sooner
    /// where their options are many (every 65,536 parts of options listed
    /// or read); answering `false` stops it with a limit error (the
    /// positions solved by then stay solved).
    pub fn step(&mut self, position: &G::Position, progress: OnSearched) -> Result<u64> {
        if let Some(&step) = self.memo.get(position) {
            return Ok(step);
        }
        let mut stack_bytes = 0;
        let mut stack = vec![self.frame(position.clone(), &mut stack_bytes)?];
        let mut on_stack: HashSet<G::Position> = HashSet::from([position.clone()]);
        let (mut frames, mut parts) = (0u64, 0usize);
        while !stack.is_empty() {
            // Each turn pushes a frame or pops one.
            frames += 1;
            if frames == FRAMES_BETWEEN_REPORTS || parts >= PARTS_BETWEEN_REPORTS {
                (frames, parts) = (0, 0);
                let met = (self.memo.len() + stack.len()) as u64;
                if !progress(met) {
                    return Err(Error::Limit(format!(
                        "the search of steps was stopped after meeting {met} positions"
                    )));
                }
            }
            let top = stack.last_mut().expect("the loop holds a frame");
            match next_unsolved(top, &self.memo) {
                Some(part) if on_stack.contains(&part) => {
                    return Err(self.cycle_error(&stack, &part));
                }
                Some(part) => {
                    on_stack.insert(part.clone());
                    let frame = self.frame(part, &mut stack_bytes)?;
                    parts += frame.work();
                    stack.push(frame);
                }
                None => {
                    let frame = stack.pop().expect("the loop holds a frame");
                    parts += frame.work();
                    let steps = frame.options.iter().map(|option| {
                        (option.iter())
                            .map(|part| self.memo[part])
                            .max()
                            .unwrap_or(0)
                    });
                    let step = step_from_options(steps);
                    on_stack.remove(&frame.position);
                    stack_bytes -= frame.bytes;
                    self.memo_bytes += memory::hashed(1, size_of::<(G::Position, u64)>() as u64)
                        + self.game.heap_bytes(&frame.position);
                    self.memo.insert(frame.position, step);
                }
            }
        }
        Ok(self.memo[position])
    }

    fn frame(
        &mut self,
        position: G::Position,
        stack_bytes: &mut u64,
    ) -> Result<Frame<G::Position>> {
        let options = self.game.options(&position)?;
        self.listed += options.iter().map(Vec::len).sum::<usize>();
        if self.listed > self.option_limit {
            return Err(Error::Limit(format!(
                "the search of steps listed {} options without finishing",
                self.option_limit
            )));
        }
        let position_size = size_of::<G::Position>() as u64;
        let parts: u64 = options
            .iter()
            .map(|option| {
                let heap: u64 = option.iter().map(|p| self.game.heap_bytes(p)).sum();
                memory::allocation(option.len() as u64 * position_size) + heap
            })
            .sum();
        let list = options.len() as u64 * size_of::<Vec<G::Position>>() as u64;
        let bytes = memory::vector(1, size_of::<Frame<G::Position>>() as u64)
            + memory::hashed(1, position_size)
            + self.game.heap_bytes(&position)
            + memory::allocation(list)
            + parts;
        *stack_bytes += bytes;
        if self.memo_bytes + *stack_bytes > self.memory {
            return Err(Error::Limit(format!(
                "the search of steps needs more than {}, the memory budget",
                memory::Size(self.memory)
            )));
        }
        Ok(Frame {
            position,
            options,
            option: 0,
            part: 0,
            bytes,
        })
    }

    fn cycle_error(&self, stack: &[Frame<G::Position>], repeated: &G::Position) -> Error {
        let start = stack
            .iter()
            .position(|f| &f.position == repeated)
            .expect("a repeated position is on the stack");
        let cycle = &stack[start..];
        let positions = cycle
            .iter()
            .take(CYCLE_POSITIONS_SHOWN)
            .map(|f| &f.position)
            .chain(std::iter::once(repeated))
            .map(|p| self.game.format_position(p))
            .collect();
        Error::Cycle {
            positions,
            length: cycle.len(),
        }
    }
}

impl<P> Frame<P> {
    /// The parts of its options, and one more an option: the work of
    /// listing them, or of reading their steps.
    fn work(&self) -> usize {
        self.options.iter().map(|o| o.len() + 1).sum()
    }
}

/// A position's step from its options' steps (each option's the largest of
/// its parts'): 0 without options; 1 + the largest even one where there is
/// one (the mover wins, slowly); else 1 + the smallest (the mover loses,
/// quickly).
pub fn step_from_options(steps: impl IntoIterator<Item = u64>) -> u64 {
    let mut largest_even = None;
    let mut smallest = None;
    for s in steps {
        if s % 2 == 0 {
            largest_even = largest_even.max(Some(s));
        }
        smallest = Some(smallest.map_or(s, |m: u64| m.min(s)));
    }
    match (largest_even, smallest) {
        (Some(even), _) => even + 1,
        (None, Some(odd)) => odd + 1,
        (None, None) => 0,
    }
}

/// Advances the frame's cursor past solved parts; returns the first unsolved.
fn next_unsolved<P: Clone + Eq + std::hash::Hash>(
    frame: &mut Frame<P>,
    memo: &HashMap<P, u64>,
) -> Option<P> {
    while frame.option < frame.options.len() {
        let option = &frame.options[frame.option];
        while frame.part < option.len() {
            let part = &option[frame.part];
            if !memo.contains_key(part) {
                return Some(part.clone());
            }
            frame.part += 1;
        }
        frame.option += 1;
        frame.part = 0;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::{Nim, Path};

    #[test]
    fn a_forced_line_lasts_its_length_without_overflowing_the_stack() {
        let mut search = SuspenseSolver::new(Path);
        assert_eq!(search.step(&1_000_000, &mut |_| true).unwrap(), 1_000_000);
        assert_eq!(search.step(&7, &mut |_| true).unwrap(), 7);
    }

    /// A search asked to stop stops at its first report, with a limit
    /// error: during the descent, before any position is solved.
    #[test]
    fn a_search_stops_when_its_progress_says_so() {
        let mut search = SuspenseSolver::new(Path);
        let mut reports = Vec::new();
        let error = search
            .step(&1_000_000, &mut |met| {
                reports.push(met);
                false
            })
            .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert!(error.to_string().contains("stopped"), "{error}");
        assert_eq!(reports, [FRAMES_BETWEEN_REPORTS]);
        assert_eq!(search.step(&1000, &mut |_| true).unwrap(), 1000);
    }

    /// Nim: a heap's only even option is the empty heap (every other heap
    /// is won by the mover, step 1), so every heap has step 1.
    #[test]
    fn a_nim_heap_is_won_in_one_move() {
        let mut search = SuspenseSolver::new(Nim);
        let steps: Vec<u64> = (0..6)
            .map(|n| search.step(&n, &mut |_| true).unwrap())
            .collect();
        assert_eq!(steps, [0, 1, 1, 1, 1, 1]);
    }

    /// Subtraction {1, 2}: heaps 3k are lost, and the loser of 3k delays as
    /// long as the winner lets him: 3 -> 2 -> 0 lasts 2 moves, 6 -> 5 -> 3
    /// -> 2 -> 0 lasts 4, and the winner of 3k + 1 or 3k + 2 moves to 3k.
    struct TakeOneOrTwo;
    impl Game for TakeOneOrTwo {
        type Position = u64;
        fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
            Ok([1, 2]
                .iter()
                .filter(|&&s| s <= n)
                .map(|s| vec![n - s])
                .collect())
        }
        fn format_position(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    #[test]
    fn the_winner_plays_slowly_and_the_loser_quickly() {
        let mut search = SuspenseSolver::new(TakeOneOrTwo);
        let steps: Vec<u64> = (0..10)
            .map(|n| search.step(&n, &mut |_| true).unwrap())
            .collect();
        assert_eq!(steps, [0, 1, 1, 2, 3, 3, 4, 5, 5, 6]);
    }

    #[test]
    fn steps_come_from_options_as_winning_ways_says() {
        assert_eq!(step_from_options([]), 0);
        assert_eq!(step_from_options([0, 2, 7]), 3);
        assert_eq!(step_from_options([5, 3, 9]), 4);
    }

    struct Ring;
    impl Game for Ring {
        type Position = u64;
        fn options(&self, &v: &u64) -> Result<Vec<Vec<u64>>> {
            Ok(vec![vec![(v + 1) % 3]])
        }
        fn format_position(&self, v: &u64) -> String {
            format!("v{v}")
        }
    }

    #[test]
    fn a_cycle_is_an_error() {
        let err = SuspenseSolver::new(Ring)
            .step(&0, &mut |_| true)
            .unwrap_err();
        assert!(matches!(err, Error::Cycle { length: 3, .. }), "{err}");
    }

    #[test]
    fn the_limits_stop_the_search() {
        let err = SuspenseSolver::with_limits(Path, 100, 1 << 30)
            .step(&1000, &mut |_| true)
            .unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
        let err = SuspenseSolver::with_limits(Path, usize::MAX, 1 << 16)
            .step(&100_000, &mut |_| true)
            .unwrap_err();
        assert!(err.to_string().contains("memory budget"), "{err}");
    }
}
