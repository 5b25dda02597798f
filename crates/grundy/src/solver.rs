//! Memoised search of a game graph for Grundy values.

use std::collections::{HashMap, HashSet};

use crate::error::{Error, Result, CYCLE_POSITIONS_SHOWN};
use crate::game::Game;
use crate::memory;
use crate::value::MexSet;

/// How many options a search may list before it stops. Every remembered
/// position was once listed, so this bounds memory (a few GiB for the
/// largest position types the catalogue searches) as well as time.
pub const DEFAULT_OPTION_LIMIT: usize = 50_000_000;

/// Computes Grundy values by exhaustive search, remembering every position it
/// has solved so that later questions about the same game are cheap.
///
/// The search keeps its own stack, so a game with a long line of play costs
/// memory, never the thread's stack. Closed forms are never consulted: this
/// is the reference that closed forms are tested against.
pub struct Solver<G: Game> {
    game: G,
    memo: HashMap<G::Position, u64>,
    /// The bytes the memo holds, its positions' heap bytes included.
    memo_bytes: u64,
    /// Options (parts of options) listed so far, and how many may be.
    listed: usize,
    option_limit: usize,
    /// The most bytes the memo and a search's stack may hold together.
    memory: u64,
    mex: MexSet,
}

/// A position whose options are being solved.
struct Frame<P> {
    position: P,
    options: Vec<Vec<P>>,
    /// Options before `option`, and parts of it before `part`, are solved.
    option: usize,
    part: usize,
    /// The bytes the frame holds, with its place in the set of positions
    /// on the stack.
    bytes: u64,
}

impl<G: Game> Solver<G> {
    /// A solver within the default option limit and the process's memory
    /// budget ([`memory::budget`]).
    pub fn new(game: G) -> Solver<G> {
        Solver::with_option_limit(game, DEFAULT_OPTION_LIMIT)
    }

    pub fn with_option_limit(game: G, option_limit: usize) -> Solver<G> {
        Solver::with_limits(game, option_limit, memory::budget())
    }

    /// A solver that lists at most `option_limit` options and stops before
    /// what it holds would pass `memory` bytes.
    pub fn with_limits(game: G, option_limit: usize, memory: u64) -> Solver<G> {
        Solver {
            game,
            memo: HashMap::new(),
            memo_bytes: 0,
            listed: 0,
            option_limit,
            memory,
            mex: MexSet::new(),
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// Every position solved so far, with its Grundy value.
    pub fn solved(&self) -> impl Iterator<Item = (&G::Position, u64)> {
        self.memo.iter().map(|(position, &value)| (position, value))
    }

    /// The Grundy value of `position`.
    pub fn nimber(&mut self, position: &G::Position) -> Result<u64> {
        if let Some(&value) = self.memo.get(position) {
            return Ok(value);
        }
        let mut stack_bytes = 0;
        let mut stack = vec![self.frame(position.clone(), &mut stack_bytes)?];
        let mut on_stack: HashSet<G::Position> = HashSet::from([position.clone()]);
        while let Some(top) = stack.last_mut() {
            match next_unsolved(top, &self.memo) {
                Some(part) if on_stack.contains(&part) => {
                    return Err(self.cycle_error(&stack, &part));
                }
                Some(part) => {
                    on_stack.insert(part.clone());
                    let frame = self.frame(part, &mut stack_bytes)?;
                    stack.push(frame);
                }
                None => {
                    let frame = stack.pop().expect("the loop holds a frame");
                    let value = self.mex_of(&frame.options);
                    on_stack.remove(&frame.position);
                    stack_bytes -= frame.bytes;
                    self.memo_bytes += memory::hashed(1, size_of::<(G::Position, u64)>() as u64)
                        + self.game.heap_bytes(&frame.position);
                    self.memo.insert(frame.position, value);
                }
            }
        }
        Ok(self.memo[position])
    }

    /// The frame of `position`, whose bytes are added to `stack_bytes`:
    /// within the limits on options and on memory.
    fn frame(
        &mut self,
        position: G::Position,
        stack_bytes: &mut u64,
    ) -> Result<Frame<G::Position>> {
        let options = self.game.options(&position)?;
        self.listed += options.iter().map(Vec::len).sum::<usize>();
        if self.listed > self.option_limit {
            return Err(Error::Limit(format!(
                "the search listed {} options without finishing",
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
                "the search needs more than {} MiB, the memory budget",
                self.memory >> 20
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

    fn mex_of(&mut self, options: &[Vec<G::Position>]) -> u64 {
        self.mex.clear();
        for option in options {
            let value = option.iter().fold(0, |acc, part| acc ^ self.memo[part]);
            self.mex.insert(value, options.len());
        }
        self.mex.mex()
    }

    /// The cycle that closes at `repeated`, named by its length and its
    /// first few positions: a cycle may pass through every position.
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

    /// A path 0 <- 1 <- 2 <- ... : each position's only option is the one
    /// below it. Deep enough to overflow a recursive search.
    struct Path;
    impl Game for Path {
        type Position = u64;
        fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
            Ok(if n == 0 { vec![] } else { vec![vec![n - 1]] })
        }
        fn format_position(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    #[test]
    fn a_million_moves_deep_does_not_overflow_the_stack() {
        let mut solver = Solver::new(Path);
        assert_eq!(solver.nimber(&1_000_000).unwrap(), 0);
        assert_eq!(solver.nimber(&999_999).unwrap(), 1);
    }

    /// Lasker's Nim by search: remove any number, or split into two heaps.
    struct Lasker;
    impl Game for Lasker {
        type Position = u64;
        fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
            let removals = (0..n).map(|k| vec![k]);
            let splits = (1..=n / 2).map(|a| vec![a, n - a]);
            Ok(removals.chain(splits).collect())
        }
        fn format_position(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    #[test]
    fn split_options_take_the_xor_of_their_parts() {
        let mut solver = Solver::new(Lasker);
        // Lasker's Nim: G(4k+1)=4k+1, G(4k+2)=4k+2, G(4k+3)=4k+4, G(4k+4)=4k+3.
        let values: Vec<u64> = (0..13).map(|n| solver.nimber(&n).unwrap()).collect();
        assert_eq!(values, [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]);
    }

    struct Cyclic;
    impl Game for Cyclic {
        type Position = u64;
        fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
            // 0 -> 1 -> 2 -> 3 -> 1, and 3 -> 4 (a sink).
            Ok(match n {
                0 => vec![vec![1]],
                1 => vec![vec![2]],
                2 => vec![vec![3]],
                3 => vec![vec![4], vec![1]],
                _ => vec![],
            })
        }
        fn format_position(&self, n: &u64) -> String {
            format!("v{n}")
        }
    }

    #[test]
    fn a_cycle_is_an_error_naming_its_positions() {
        let err = Solver::new(Cyclic).nimber(&0).unwrap_err();
        assert_eq!(
            err,
            Error::Cycle {
                positions: ["v1", "v2", "v3", "v1"].map(String::from).to_vec(),
                length: 3,
            }
        );
    }

    /// Texts "", "x", "xx", ... up to 2000 x's, each moving to the next:
    /// about 2 MB of text in all, but 2001 positions of 24 bytes.
    struct Texts;
    impl Game for Texts {
        type Position = String;
        fn options(&self, text: &String) -> Result<Vec<Vec<String>>> {
            Ok(match text.len() {
                2000 => vec![],
                _ => vec![vec![format!("{text}x")]],
            })
        }
        fn format_position(&self, text: &String) -> String {
            text.clone()
        }
        fn heap_bytes(&self, text: &String) -> u64 {
            text.capacity() as u64
        }
    }

    /// Issue 19, item 14: the positions' heap bytes count against the
    /// budget (a script of long texts grew to the process's cap).
    #[test]
    fn the_memory_budget_counts_what_positions_hold() {
        let start = String::new();
        let err = Solver::with_limits(Texts, DEFAULT_OPTION_LIMIT, 1 << 20)
            .nimber(&start)
            .unwrap_err();
        assert_eq!(err.kind(), crate::error::ErrorKind::Limit);
        assert_eq!(
            err.to_string(),
            "limit reached: the search needs more than 1 MiB, the memory budget"
        );
        let mut solver = Solver::with_limits(Texts, DEFAULT_OPTION_LIMIT, 8 << 20);
        assert_eq!(solver.nimber(&start).unwrap(), 0);
        assert_eq!(solver.nimber(&"x".into()).unwrap(), 1);
    }

    /// A ring 0 -> 1 -> ... -> n - 1 -> 0.
    struct Ring(u64);
    impl Game for Ring {
        type Position = u64;
        fn options(&self, &v: &u64) -> Result<Vec<Vec<u64>>> {
            Ok(vec![vec![(v + 1) % self.0]])
        }
        fn format_position(&self, v: &u64) -> String {
            format!("v{v}")
        }
    }

    #[test]
    fn a_long_cycle_is_named_by_a_few_positions_and_its_length() {
        let err = Solver::new(Ring(200_000)).nimber(&0).unwrap_err();
        let Error::Cycle { positions, length } = &err else {
            panic!("{err}");
        };
        assert_eq!(*length, 200_000);
        assert_eq!(positions.len(), CYCLE_POSITIONS_SHOWN + 1);
        assert_eq!(
            (positions[1].as_str(), positions.last().unwrap().as_str()),
            ("v1", "v0")
        );
        assert!(err.to_string().len() < 200, "{err}");
    }

    #[test]
    fn the_option_limit_stops_the_search() {
        let err = Solver::with_option_limit(Path, 100)
            .nimber(&1000)
            .unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
    }
}
