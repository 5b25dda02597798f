//! Memoised search of a game graph for Grundy values.
//!
//! The positions a search meets are numbered densely, in the order it
//! first meets them: each is hashed, cloned and kept once, and the search
//! itself works on the numbers (ids), with the values in a vector by id.
//!
//! ```
//! use grundy::{Game, Solver};
//!
//! /// Grundy's game by hand: split one heap into two heaps of different sizes.
//! /// An option is a sum of two heaps, worth the XOR of their values.
//! struct Grundys;
//!
//! impl Game for Grundys {
//!     type Position = u32;
//!
//!     fn options(&self, n: &u32) -> grundy::Result<Vec<Vec<u32>>> {
//!         Ok((1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect())
//!     }
//!
//!     fn format_position(&self, n: &u32) -> String {
//!         n.to_string()
//!     }
//! }
//!
//! // The values of heaps 0 to 12 as Winning Ways gives them (OEIS A002188).
//! let mut solver = Solver::new(Grundys);
//! let values: Vec<u64> = (0..=12).map(|n| solver.nimber(&n).unwrap()).collect();
//! assert_eq!(values, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]);
//! ```

use std::hash::BuildHasher;

use hashbrown::hash_table::{Entry, HashTable};
use hashbrown::DefaultHashBuilder;

use crate::error::{Error, Result, CYCLE_POSITIONS_SHOWN};
use crate::game::Game;
use crate::memory;
use crate::value::MexSet;

pub use crate::memory::DEFAULT_OPTION_LIMIT;
pub use proof::ProofSearch;

mod proof;

/// The value of a position met (an option listed) but not yet solved.
const UNSOLVED: u64 = u64::MAX;
/// The value of a position whose options are being solved: meeting it
/// again closes a cycle. Nimbers never come near these two: a nimber is
/// at most the number of options listed.
const ON_STACK: u64 = u64::MAX - 1;

/// How many positions a search solves between two reports of its progress.
const PROGRESS_EVERY: u64 = 1 << 12;

/// The progress callback of a search: it gets the number of positions met
/// so far, every few thousand solved, and answers whether to go on; `false`
/// stops the search with a limit error.
pub type OnSearched<'a> = &'a mut dyn FnMut(u64) -> bool;

/// A progress callback that remembers whether it answered `false`, for a
/// caller that takes a search's error as "not known" (the genus of a
/// component, where the search of the whole sum answers instead): it tells
/// a stop apart by [`Watched::stopped`] and passes the stop on.
pub(crate) struct Watched<'a> {
    progress: OnSearched<'a>,
    stopped: bool,
}

impl<'a> Watched<'a> {
    pub(crate) fn new(progress: OnSearched<'a>) -> Watched<'a> {
        Watched {
            progress,
            stopped: false,
        }
    }

    /// Asks the callback, as a search would.
    pub(crate) fn ask(&mut self, met: u64) -> bool {
        let go_on = (self.progress)(met);
        self.stopped |= !go_on;
        go_on
    }

    /// Whether the callback has answered `false`.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }
}

/// Computes Grundy values by exhaustive search, remembering every position it
/// has solved so that later questions about the same game are cheap.
///
/// The search keeps its own stack, so a game with a long line of play costs
/// memory, never the thread's stack. Closed forms are never consulted: this
/// is the reference that closed forms are tested against.
pub struct Solver<G: Game> {
    game: G,
    /// Every position met, by id.
    positions: Vec<G::Position>,
    /// Ids, hashed and compared by the positions they name.
    ids: HashTable<u32>,
    hasher: DefaultHashBuilder,
    /// The value of each position by id: its nimber, or [`UNSOLVED`] or
    /// [`ON_STACK`].
    values: Vec<u64>,
    /// The bytes the positions, their ids and values hold, the positions'
    /// heap bytes included.
    memo_bytes: u64,
    /// Options (parts of options) listed so far, and how many may be.
    listed: usize,
    option_limit: usize,
    /// The most bytes the memo and a search's stack may hold together.
    memory: u64,
    mex: MexSet,
    /// The search's stack: its frames, and the ids of the parts of their
    /// options, frame after frame, with the number of parts of each option.
    stack: Vec<Frame>,
    parts: Vec<u32>,
    sizes: Vec<u32>,
    /// Whether the search reports at every position it lists or solves,
    /// not every [`PROGRESS_EVERY`] solved (see [`Solver::reporting_each_step`]).
    each_step: bool,
}

/// A position whose options are being solved: the parts of its options
/// are `parts[parts_start..]` up to the next frame's, and their sizes
/// `sizes[sizes_start..]`.
struct Frame {
    id: u32,
    parts_start: usize,
    sizes_start: usize,
    /// Parts before this index of `parts` are solved.
    cursor: usize,
    /// The bytes the frame holds on the stack.
    bytes: u64,
}

impl<G: Game> Solver<G> {
    /// A solver within the default option limit and the process's memory
    /// budget ([`memory::budget`]).
    pub fn new(game: G) -> Solver<G> {
        Solver::with_option_limit(game, DEFAULT_OPTION_LIMIT)
    }

    /// A solver that lists at most `option_limit` options in all and stops
    /// with [`Error::Limit`] past them, within the
    /// process's memory budget.
    pub fn with_option_limit(game: G, option_limit: usize) -> Solver<G> {
        Solver::with_limits(game, option_limit, memory::budget())
    }

    /// A solver that lists at most `option_limit` options and stops before
    /// what it holds would pass `memory` bytes.
    pub fn with_limits(game: G, option_limit: usize, memory: u64) -> Solver<G> {
        Solver {
            game,
            positions: Vec::new(),
            ids: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            values: Vec::new(),
            memo_bytes: 0,
            listed: 0,
            option_limit,
            memory,
            mex: MexSet::new(),
            stack: Vec::new(),
            parts: Vec::new(),
            sizes: Vec::new(),
            each_step: false,
        }
    }

    /// The solver, reporting to its progress callback after listing the
    /// options of each position and after solving each, instead of every
    /// few thousand solved: for a game whose positions each take long to
    /// list (the sums of a misère search), with a callback that paces the
    /// reports it passes on by the work done.
    pub(crate) fn reporting_each_step(mut self) -> Solver<G> {
        self.each_step = true;
        self
    }

    /// The game this solver searches.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Every position solved so far, with its Grundy value.
    pub fn solved(&self) -> impl Iterator<Item = (&G::Position, u64)> {
        (self.positions.iter().zip(&self.values))
            .filter(|&(_, &value)| value < ON_STACK)
            .map(|(position, &value)| (position, value))
    }

    /// The Grundy value of `position`.
    pub fn nimber(&mut self, position: &G::Position) -> Result<u64> {
        self.nimber_with_progress(position, &mut |_| true)
    }

    /// The Grundy value of `position`, reporting the search's progress to
    /// `progress`, which stops it by answering `false`: the positions
    /// solved by then stay solved, so that asking again goes on from them.
    pub fn nimber_with_progress(
        &mut self,
        position: &G::Position,
        progress: OnSearched,
    ) -> Result<u64> {
        if let Some(id) = self.find(position) {
            if self.values[id as usize] < ON_STACK {
                return Ok(self.values[id as usize]);
            }
        }
        let searched = self.search(position, progress);
        if searched.is_err() {
            // The positions left on the stack are unsolved, as are the
            // options listed for them: a later search lists them again.
            for frame in self.stack.drain(..) {
                self.values[frame.id as usize] = UNSOLVED;
            }
            self.parts.clear();
            self.sizes.clear();
        }
        searched
    }

    fn search(&mut self, position: &G::Position, progress: OnSearched) -> Result<u64> {
        let root = self.intern(position.clone())?;
        if self.values[root as usize] < ON_STACK {
            return Ok(self.values[root as usize]);
        }
        let mut stack_bytes = 0;
        let mut solved = 0u64;
        self.push(root, &mut stack_bytes)?;
        while let Some(top) = self.stack.last_mut() {
            let mut unsolved = None;
            while let Some(&part) = self.parts.get(top.cursor) {
                match self.values[part as usize] {
                    ON_STACK => return Err(self.cycle_error(part)),
                    UNSOLVED => {
                        unsolved = Some(part);
                        break;
                    }
                    _ => top.cursor += 1,
                }
            }
            match unsolved {
                Some(part) => {
                    self.push(part, &mut stack_bytes)?;
                    if self.each_step && !progress(self.positions.len() as u64) {
                        return Err(self.stopped());
                    }
                }
                None => {
                    let frame = self.stack.pop().expect("the loop holds a frame");
                    let value = self.mex_of(&frame);
                    self.parts.truncate(frame.parts_start);
                    self.sizes.truncate(frame.sizes_start);
                    stack_bytes -= frame.bytes;
                    self.values[frame.id as usize] = value;
                    solved += 1;
                    let report = self.each_step || solved % PROGRESS_EVERY == 0;
                    if report && !progress(self.positions.len() as u64) {
                        return Err(self.stopped());
                    }
                }
            }
        }
        Ok(self.values[root as usize])
    }

    /// The error of a search its progress callback stopped.
    fn stopped(&self) -> Error {
        Error::Limit(format!(
            "the search was stopped after meeting {} positions",
            self.positions.len()
        ))
    }

    /// The id of `position`, if it was met.
    fn find(&self, position: &G::Position) -> Option<u32> {
        let positions = &self.positions;
        self.ids
            .find(self.hasher.hash_one(position), |&id| {
                positions[id as usize] == *position
            })
            .copied()
    }

    /// The id of `position`, numbering it (unsolved) if it is new.
    fn intern(&mut self, position: G::Position) -> Result<u32> {
        let positions = &mut self.positions;
        let hasher = &self.hasher;
        let entry = self.ids.entry(
            hasher.hash_one(&position),
            |&id| positions[id as usize] == position,
            |&id| hasher.hash_one(&positions[id as usize]),
        );
        match entry {
            Entry::Occupied(found) => Ok(*found.get()),
            Entry::Vacant(vacant) => {
                let id = u32::try_from(positions.len())
                    .ok()
                    .filter(|&id| id < ON_STACK as u32)
                    .ok_or_else(|| {
                        Error::Limit(format!(
                            "the search met more than {} positions",
                            u32::MAX - 1
                        ))
                    })?;
                vacant.insert(id);
                self.memo_bytes += memory::vector(1, size_of::<G::Position>() as u64)
                    + memory::vector(1, size_of::<u64>() as u64)
                    + memory::hashed(1, size_of::<u32>() as u64)
                    + self.game.heap_bytes(&position);
                // A position a theorem values is solved without a search.
                let value = self.game.closed_nimber(&position).unwrap_or(UNSOLVED);
                positions.push(position);
                self.values.push(value);
                Ok(id)
            }
        }
    }

    /// Lists the options of position `id` and pushes its frame, whose
    /// bytes are added to `stack_bytes`: within the limits on options and
    /// on memory.
    fn push(&mut self, id: u32, stack_bytes: &mut u64) -> Result<()> {
        let options = self.game.options(&self.positions[id as usize])?;
        let count: usize = options.iter().map(Vec::len).sum();
        self.listed += count;
        if self.listed > self.option_limit {
            return Err(Error::Limit(format!(
                "the search listed {} options without finishing",
                self.option_limit
            )));
        }
        // The options as the game listed them are held until their parts
        // are numbered.
        let listed = listed_bytes(&self.game, &options);
        let bytes = memory::vector(1, size_of::<Frame>() as u64)
            + memory::vector(count as u64, size_of::<u32>() as u64)
            + memory::vector(options.len() as u64, size_of::<u32>() as u64);
        *stack_bytes += bytes;
        self.check_memory(*stack_bytes + listed)?;
        let parts_start = self.parts.len();
        let sizes_start = self.sizes.len();
        for option in options {
            self.sizes.push(option.len() as u32);
            for part in option {
                let part = self.intern(part)?;
                self.parts.push(part);
            }
        }
        self.check_memory(*stack_bytes)?;
        self.values[id as usize] = ON_STACK;
        self.stack.push(Frame {
            id,
            parts_start,
            sizes_start,
            cursor: parts_start,
            bytes,
        });
        Ok(())
    }

    /// An error once the memo and `stack_bytes` together pass the budget.
    fn check_memory(&self, stack_bytes: u64) -> Result<()> {
        if self.memo_bytes + stack_bytes > self.memory {
            return Err(Error::Limit(format!(
                "the search needs more than {}, the memory budget",
                memory::Size(self.memory)
            )));
        }
        Ok(())
    }

    /// The mex of the values of the frame's options, each the XOR of the
    /// values of its parts.
    fn mex_of(&mut self, frame: &Frame) -> u64 {
        self.mex.clear();
        let sizes = &self.sizes[frame.sizes_start..];
        let mut parts = self.parts[frame.parts_start..].iter();
        for &size in sizes {
            let value = (parts.by_ref().take(size as usize))
                .fold(0, |acc, &part| acc ^ self.values[part as usize]);
            self.mex.insert(value, sizes.len());
        }
        self.mex.mex()
    }

    /// The cycle that closes at `repeated`, named by its length and its
    /// first few positions: a cycle may pass through every position.
    fn cycle_error(&self, repeated: u32) -> Error {
        let start = (self.stack.iter())
            .position(|f| f.id == repeated)
            .expect("a repeated position is on the stack");
        let cycle = &self.stack[start..];
        let positions = cycle
            .iter()
            .take(CYCLE_POSITIONS_SHOWN)
            .map(|f| f.id)
            .chain(std::iter::once(repeated))
            .map(|id| self.game.format_position(&self.positions[id as usize]))
            .collect();
        Error::Cycle {
            positions,
            length: cycle.len(),
        }
    }
}

/// The bytes `options` of a position of `game` hold, as the game lists
/// them.
fn listed_bytes<G: Game>(game: &G, options: &[Vec<G::Position>]) -> u64 {
    let position_size = size_of::<G::Position>() as u64;
    (options.iter())
        .map(|option| {
            let heap: u64 = option.iter().map(|p| game.heap_bytes(p)).sum();
            memory::allocation(option.len() as u64 * position_size) + heap
        })
        .sum::<u64>()
        + memory::allocation(options.len() as u64 * size_of::<Vec<G::Position>>() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::Path;

    #[test]
    fn a_million_moves_deep_does_not_overflow_the_stack() {
        let mut solver = Solver::new(Path);
        assert_eq!(solver.nimber(&1_000_000).unwrap(), 0);
        assert_eq!(solver.nimber(&999_999).unwrap(), 1);
    }

    /// A search asked to stop stops at its next report, and asking again
    /// goes on from the positions it had solved.
    #[test]
    fn a_search_stops_when_its_progress_says_so() {
        let mut solver = Solver::new(Path);
        let mut reports = Vec::new();
        let error = solver
            .nimber_with_progress(&1_000_000, &mut |met| {
                reports.push(met);
                false
            })
            .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert_eq!(reports.len(), 1);
        assert_eq!(solver.solved().count() as u64, PROGRESS_EVERY);
        assert_eq!(solver.nimber(&1_000_000).unwrap(), 0);
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
