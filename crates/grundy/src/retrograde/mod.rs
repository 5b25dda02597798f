//! Strong solving by retrograde analysis: every position reachable from a
//! start gets its [`Standing`] (win, lose, tie or draw for the player to
//! move) and its remoteness, in time proportional to the positions and moves
//! (O(V + E)) and without recursion.
//!
//! A game implements [`StrongGame`]: the start, the moves of the player to
//! move, and where the rules end the game. Partizan games that do not say who
//! moves next are played through [`Turns`], over (position, player to move)
//! pairs. [`solve`] and [`solve_from`] return a [`SolvedGame`], which
//! answers per position and lists the [`BestMove`]s; [`db`] writes one to
//! a file and reads it back. [`search`] finds the standing alone of one position
//! without solving the rest, stopping at the first winning move. [`loopy`] has the generalized Sprague-Grundy values of
//! loopy impartial games, which need no search of sums.
//!
//! # The algorithm
//! 1. Generate: give every position reachable from the roots an id, without
//!    recursion. Where the game numbers its positions ([`Numbering`]) and a
//!    bit per number fits the memory budget, a depth-first search with an
//!    explicit stack marks the numbers reached, and a position's id is the
//!    rank of its number among them; otherwise ids go in the order positions
//!    are first reached, breadth first, through a hash table. A finished
//!    position is decided at once (remoteness 0), and so is a position with
//!    no move (lost, the normal-play rule); any other keeps a counter of its
//!    undecided moves. The moves are kept as compact rows of ids, then
//!    turned around into the predecessors of each position.
//! 2. Win and lose, in rounds of increasing remoteness `r`: every position
//!    lost in `r` makes each undecided predecessor won in `r + 1` (the least
//!    such `r` wins, as the winner hurries); every position won in `r`
//!    lowers its undecided predecessors' counters, and a predecessor whose
//!    counter reaches 0 (all its moves go to won positions) is lost in
//!    `r + 1`, `r` being the greatest among its moves (the loser delays).
//! 3. Ties, as GamesmanOne does: after step 2 the undecided positions are
//!    those where neither player can force a win, and each has a move to
//!    another such position or to a finished tie. In rounds of increasing
//!    remoteness from the finished ties, every undecided predecessor of a tie
//!    in `r` is a tie in `r + 1`: its remoteness is the length of the
//!    shortest line of play to a level end that stays among those positions
//!    (both play for the tie).
//! 4. What is still undecided is a draw: play can go on forever, and any
//!    move that ends it gives the opponent the win.
//!
//! A position's value and remoteness take two bytes (a [`SolvedGame`]'s
//! cell): two bits of standing and fourteen of remoteness (at most
//! [`MAX_REMOTENESS`]); while solving, an undecided position's cell holds
//! its counter instead.
//!
//! ```
//! use grundy::catalogue::Mnk;
//! use grundy::retrograde::{solve, Options};
//! use grundy::value::{Solution, Standing};
//!
//! // Noughts and crosses is a tie, reached on a full board (9 moves); play
//! // that stops at a line reaches 5,478 positions, the empty board included.
//! let game = Mnk::new(3, 3, 3).unwrap();
//! let table = solve(&game, &Options { memory: 1 << 30 }, &mut |_| true).unwrap();
//! assert_eq!(
//!     table.roots()[0],
//!     Solution { standing: Standing::Tie, remoteness: Some(9) }
//! );
//! assert_eq!(table.positions(), 5478);
//! ```

pub mod db;
mod digraph;
pub mod loopy;
pub mod search;
mod turns;

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::{BuildHasher, Hash};

use hashbrown::hash_table::{Entry, HashTable};
use hashbrown::DefaultHashBuilder;

pub use digraph::Digraph;
pub use turns::{Class, Ending, PartizanGame, Player, Turns};

use crate::error::{Error, Result};
use crate::memory;
use crate::value::{Solution, Standing};

/// A game solved strongly: positions that say who moves next.
pub trait StrongGame: Send + Sync {
    /// A position, with the player to move implied by it (the counts of marks
    /// on a board) or part of it.
    type Position: Clone + Eq + Hash + Debug + Send + Sync;

    /// Where play starts (what [`solve`] solves from); an error for a game
    /// that names no start, or fails to say it (a script).
    fn start(&self) -> Result<Self::Position>;

    /// Appends to `moves` the positions the player to move can move to, in
    /// each of which the opponent is to move. Called only on positions that
    /// are not [`finished`](StrongGame::finished). The caller's buffer saves
    /// an allocation per position.
    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Position>);

    /// `Some` where the rules end the game: the standing of the player to
    /// move there (`Win`, `Lose` or `Tie`; `Draw` for a game the rules call
    /// drawn). A position with no move that is not finished is lost for the
    /// player to move (the normal-play rule).
    fn finished(&self, position: &Self::Position) -> Option<Standing>;

    /// The position as an expression writes it after the ruleset's name.
    fn format_position(&self, position: &Self::Position) -> String;

    /// The bytes `position` holds beyond its `size_of` (a script's text),
    /// which the solver counts against the memory budget (see
    /// `Game::heap_bytes`).
    fn heap_bytes(&self, _position: &Self::Position) -> u64 {
        0
    }

    /// The first error met by `moves` or `finished`, which cannot fail
    /// themselves, since the last call: a game whose rules run the user's
    /// code (a script) keeps it and has no moves after it. The solver takes
    /// it once it has generated the positions, and returns it instead of a
    /// table.
    fn failure(&self) -> Option<Error> {
        None
    }

    /// A numbering of the positions by dense integers, where the game has
    /// one: the solver then maps positions to its ids by an array instead of
    /// a hash table, and the solved table is an array by number.
    fn numbering(&self) -> Option<&dyn Numbering<Self::Position>> {
        None
    }

    /// A number naming the position, for [`db`] files (by default the
    /// position's number in the game's numbering; `None` where there is none).
    fn key(&self, position: &Self::Position) -> Option<u64> {
        self.numbering().map(|n| n.index(position))
    }
}

/// The positions of a game numbered `0..count()`.
pub trait Numbering<P>: Send + Sync {
    /// How many numbers there are: one more than the largest.
    fn count(&self) -> u64;
    /// The number of a position; below `count()`.
    fn index(&self, position: &P) -> u64;
    /// The position of a number below `count()`.
    fn position(&self, index: u64) -> P;
}

/// The greatest remoteness a table stores (fourteen bits); a game that lasts
/// longer is refused with [`Error::Limit`].
pub const MAX_REMOTENESS: u32 = 0x3FFF;

/// The memory a solve may use, and nothing else of the host: solvers do no
/// I/O, the caller says how much memory there is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Bytes the solver may allocate. It estimates its need before
    /// allocating the arrays it can size up front, and checks the graph as it
    /// grows; past this it stops with [`Error::Limit`].
    pub memory: u64,
}

impl Options {
    /// Three quarters of `available` bytes (the memory the system says is
    /// free, e.g. MemAvailable of /proc/meminfo, which the caller reads), or
    /// 4 GiB when it is not known.
    pub fn for_available_memory(available: Option<u64>) -> Options {
        Options {
            memory: available.map_or(4 << 30, crate::memory::usable),
        }
    }
}

/// What a long retrograde solve (or the search of one position's outcome,
/// [`search`]) reports every so often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveProgress {
    /// What the solve is doing.
    pub phase: Phase,
    /// Positions generated (reached) so far, or decided so far.
    pub done: u64,
    /// Positions reached so far while generating; all of them after.
    pub reached: u64,
}

/// What a solve (generating, then propagating) or a search for one
/// outcome is doing when it reports progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Listing the positions reachable from the roots and their moves.
    Generating,
    /// Deciding positions from the finished ones back.
    Propagating,
    /// Searching one position's outcome ([`search`]): `done` counts the
    /// positions visited, `reached` those in its table.
    Searching,
}

impl Phase {
    /// What the solve is doing to positions in this phase, for messages.
    pub fn verb(self) -> &'static str {
        match self {
            Phase::Generating => "generating",
            Phase::Propagating => "deciding",
            Phase::Searching => "searching",
        }
    }
}

/// How many positions the progress callback waits between two calls.
const TICK: u64 = 1 << 16;

/// How many reached positions have each standing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions won by the player to move.
    pub win: u64,
    /// Positions lost by the player to move.
    pub lose: u64,
    /// Positions tied.
    pub tie: u64,
    /// Positions drawn: play goes on forever.
    pub draw: u64,
}

impl Counts {
    /// All the positions counted.
    pub fn total(&self) -> u64 {
        self.win + self.lose + self.tie + self.draw
    }

    fn add(&mut self, standing: Standing) {
        match standing {
            Standing::Win => self.win += 1,
            Standing::Lose => self.lose += 1,
            Standing::Tie => self.tie += 1,
            Standing::Draw => self.draw += 1,
        }
    }
}

/// A move that achieves its position's value, and the value after it (for
/// the opponent, who moves there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove<P> {
    /// The position the move leads to.
    pub to: P,
    /// Its value for the opponent, who is to move there.
    pub after: Solution,
}

/// Anything that answers per position: a [`SolvedGame`], or a
/// [`db::Db`] read from a file.
pub trait Solved<G: StrongGame> {
    /// The solution of a position, `None` where this table has none (not
    /// reachable from its roots, or not in the file).
    fn solution(&self, game: &G, position: &G::Position) -> Option<Solution>;

    /// Every move that achieves the position's value, each with the value
    /// after it: when winning, the moves to positions lost for the opponent,
    /// the fastest first; when tied, the moves to ties, the shortest first;
    /// in a draw, the moves to draws; when losing, every move, the longest
    /// resistance first. Moves of equal remoteness keep the game's order. A
    /// finished position has none. `None` where the position or one of its
    /// moves is not in the table.
    fn best_moves(&self, game: &G, position: &G::Position) -> Option<Vec<BestMove<G::Position>>> {
        let standing = self.solution(game, position)?.standing;
        if game.finished(position).is_some() {
            return Some(Vec::new());
        }
        let mut moves = Vec::new();
        game.moves(position, &mut moves);
        let after = (moves.iter())
            .map(|to| self.solution(game, to))
            .collect::<Option<Vec<_>>>()?;
        let best = best_first(standing, &after)
            .into_iter()
            .map(|i| BestMove {
                to: moves[i].clone(),
                after: after[i],
            })
            .collect();
        Some(best)
    }
}

/// The moves that achieve the value `standing` of a position, best first,
/// as indices into `after`, the values after each of its moves (for the
/// opponent): when winning, the moves to positions lost for the opponent,
/// the fastest first; when tied, the moves to ties, the shortest first; in
/// a draw, the moves to draws; when losing, every move, the longest
/// resistance first. Moves of equal remoteness keep their order; an
/// unknown remoteness counts as the shortest.
pub fn best_first(standing: Standing, after: &[Solution]) -> Vec<usize> {
    let keeps = |after: Standing| match standing {
        Standing::Win => after == Standing::Lose,
        Standing::Tie => after == Standing::Tie,
        Standing::Draw => after == Standing::Draw,
        Standing::Lose => true,
    };
    let mut best: Vec<usize> = (0..after.len())
        .filter(|&i| keeps(after[i].standing))
        .collect();
    match standing {
        Standing::Win | Standing::Tie => best.sort_by_key(|&i| after[i].remoteness),
        Standing::Lose => best.sort_by_key(|&i| std::cmp::Reverse(after[i].remoteness)),
        Standing::Draw => {}
    }
    best
}

/// Solves every position reachable from the game's start.
pub fn solve<G: StrongGame>(
    game: &G,
    options: &Options,
    progress: &mut dyn FnMut(SolveProgress) -> bool,
) -> Result<SolvedGame<G>> {
    solve_from(game, &[game.start()?], options, progress)
}

/// Solves every position reachable from these roots. `progress` is called
/// every so often; when it returns `false` the solve stops with
/// [`Error::Limit`] ("interrupted ..."). A solve that would need more memory
/// than `options` allows, a remoteness above [`MAX_REMOTENESS`] or more than
/// 2^32 - 2 positions or moves stops with [`Error::Limit`] too; a game
/// that failed ([`StrongGame::failure`]) stops with its error.
pub fn solve_from<G: StrongGame>(
    game: &G,
    roots: &[G::Position],
    options: &Options,
    progress: &mut dyn FnMut(SolveProgress) -> bool,
) -> Result<SolvedGame<G>> {
    let generated = match Ranked::fits(game, options) {
        Some(numbering) => generate_ranked(game, numbering, roots, options, progress)
            .map(|(ranked, graph)| (Index::Ranked(ranked), graph)),
        None => generate_hashed(game, roots, options, progress)
            .map(|(hashed, graph)| (Index::Hashed(hashed), graph)),
    };
    // The game's own error comes first: what followed it is not the game.
    if let Some(error) = game.failure() {
        return Err(error);
    }
    let (index, graph) = generated?;
    let reached = graph.cells.len() as u64;
    let mut solving = Solving {
        cells: graph.cells,
        big: graph.big,
        predecessors: graph.moves.reversed(),
        decided: 0,
        reached,
        progress,
    };
    drop(graph.moves);
    solving.win_and_lose(graph.frontier.win, graph.frontier.lose)?;
    solving.ties(graph.frontier.tie)?;
    let Solving { mut cells, .. } = solving;
    let mut counts = Counts::default();
    for cell in &mut cells {
        if *cell & STATE == UNDECIDED {
            *cell = DRAW;
        }
        counts.add(
            decode(*cell)
                .expect("every reached position is decided")
                .standing,
        );
    }
    let mut table = SolvedGame {
        index,
        cells,
        roots: Vec::new(),
        counts,
    };
    table.roots = roots
        .iter()
        .map(|root| table.solution(game, root).expect("roots are reached"))
        .collect();
    Ok(table)
}

/// A solved game: the standing and remoteness of every position reached.
pub struct SolvedGame<G: StrongGame> {
    index: Index<G::Position>,
    /// Cells by id.
    cells: Vec<u16>,
    roots: Vec<Solution>,
    counts: Counts,
}

/// How positions find their ids.
enum Index<P> {
    /// Through the game's numbering: ids are the ranks of the numbers
    /// reached.
    Ranked(Ranked),
    /// Ids in the order positions were first reached.
    Hashed(Hashed<P>),
}

/// Positions by id, and their ids found by hashing the positions.
struct Hashed<P> {
    positions: Vec<P>,
    /// Ids, hashed and compared by the positions they name.
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl<G: StrongGame> SolvedGame<G> {
    /// How many positions were reached.
    pub fn positions(&self) -> u64 {
        self.counts.total()
    }

    /// How many reached positions have each standing, for the player to move
    /// there.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The solutions of the roots the table was solved from, in their order
    /// (for [`solve`], the start's alone).
    pub fn roots(&self) -> &[Solution] {
        &self.roots
    }

    /// Every reached position's key and cell, in the order of the keys, for
    /// [`db`] files; `None` for a game without keys.
    fn records(&self, game: &G) -> Option<Vec<(u64, u16)>> {
        match &self.index {
            Index::Ranked(ranked) => {
                Some(ranked.numbers().zip(self.cells.iter().copied()).collect())
            }
            Index::Hashed(Hashed { positions, .. }) => {
                let mut records = positions
                    .iter()
                    .zip(&self.cells)
                    .map(|(p, &cell)| Some((game.key(p)?, cell)))
                    .collect::<Option<Vec<_>>>()?;
                records.sort_unstable_by_key(|&(key, _)| key);
                Some(records)
            }
        }
    }

    /// Bytes held by the table, for reports of memory per position.
    pub fn heap_bytes(&self) -> usize {
        let index = match &self.index {
            Index::Ranked(ranked) => ranked.heap_bytes(),
            Index::Hashed(Hashed {
                positions, table, ..
            }) => positions.capacity() * size_of::<G::Position>() + table.allocation_size(),
        };
        self.cells.capacity() * 2 + index
    }
}

impl<G: StrongGame> Solved<G> for SolvedGame<G> {
    fn solution(&self, game: &G, position: &G::Position) -> Option<Solution> {
        let id = match &self.index {
            Index::Ranked(ranked) => ranked.rank(game.numbering()?.index(position))?,
            Index::Hashed(Hashed {
                positions,
                table,
                hasher,
            }) => *table.find(hasher.hash_one(position), |&id| {
                positions[id as usize] == *position
            })?,
        };
        decode(self.cells[id as usize])
    }
}

// The cells: two bits of standing above fourteen bits of remoteness, or of
// an undecided position's counter of moves not yet known to be won for the
// opponent.
const STATE: u16 = 0b11 << 14;
const LOW: u16 = 0x3FFF;
const UNDECIDED: u16 = 0;
const WIN: u16 = 1 << 14;
const LOSE: u16 = 2 << 14;
const TIE: u16 = 3 << 14;
/// A draw, once solved: undecided, with a counter that is never zero.
const DRAW: u16 = 1;
/// The counter of a position with this many moves or more lives in
/// `Graph::big`.
const BIG: u16 = LOW;

fn encode(standing: Standing, remoteness: u32) -> u16 {
    let state = match standing {
        Standing::Win => WIN,
        Standing::Lose => LOSE,
        Standing::Tie => TIE,
        Standing::Draw => return DRAW,
    };
    state | remoteness as u16
}

fn decode(cell: u16) -> Option<Solution> {
    let remoteness = Some((cell & LOW) as u32);
    let (standing, remoteness) = match cell & STATE {
        UNDECIDED => (Standing::Draw, None),
        WIN => (Standing::Win, remoteness),
        LOSE => (Standing::Lose, remoteness),
        _ => (Standing::Tie, remoteness),
    };
    Some(Solution {
        standing,
        remoteness,
    })
}

/// The numbers reached, as a bit per number, with the count of bits set
/// before each word: a number's id is its rank among the numbers reached,
/// found in two lookups. 3/16 of a byte per number.
struct Ranked {
    bits: Vec<u64>,
    /// `ranks[w]`: the bits set in `bits[..w]`.
    ranks: Vec<u32>,
}

impl Ranked {
    const BYTES_PER_NUMBER: f64 = 3.0 / 16.0;

    /// The game's numbering, when it has one whose bits and ranks take at
    /// most half the memory budget.
    fn fits<'g, G: StrongGame>(
        game: &'g G,
        options: &Options,
    ) -> Option<&'g dyn Numbering<G::Position>> {
        let numbering = game.numbering()?;
        let bytes = numbering.count() as f64 * Ranked::BYTES_PER_NUMBER;
        (bytes <= options.memory as f64 / 2.0).then_some(numbering)
    }

    fn new(count: u64) -> Ranked {
        Ranked {
            bits: vec![0; count.div_ceil(64) as usize],
            ranks: Vec::new(),
        }
    }

    /// Marks a number reached; whether it was new.
    #[inline]
    fn insert(&mut self, number: u64) -> bool {
        let (word, bit) = ((number / 64) as usize, 1 << (number % 64));
        let new = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        new
    }

    /// Counts the ranks, once every number is marked; the number of
    /// numbers reached, if it fits the 32 bits of an id.
    fn count_ranks(&mut self) -> Result<u32> {
        let mut total = 0u64;
        self.ranks = Vec::with_capacity(self.bits.len());
        for &word in &self.bits {
            self.ranks.push(total as u32);
            total += word.count_ones() as u64;
            if total >= u32::MAX as u64 {
                return Err(too_many_positions());
            }
        }
        Ok(total as u32)
    }

    #[inline]
    fn rank(&self, number: u64) -> Option<u32> {
        let (word, bit) = ((number / 64) as usize, number % 64);
        let bits = *self.bits.get(word)?;
        (bits >> bit & 1 == 1).then(|| self.ranks[word] + (bits & ((1 << bit) - 1)).count_ones())
    }

    /// The numbers reached, in increasing order (the order of their ids).
    fn numbers(&self) -> impl Iterator<Item = u64> + '_ {
        (0u64..).zip(&self.bits).flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as u64;
                    rest &= rest - 1;
                    w * 64 + bit
                })
            })
        })
    }

    fn heap_bytes(&self) -> usize {
        self.bits.capacity() * 8 + self.ranks.capacity() * 4
    }
}

fn too_many_positions() -> Error {
    Error::Limit(format!(
        "more than {} positions; a solve numbers them with 32 bits",
        u32::MAX - 1
    ))
}

/// Bytes a position costs while solving, besides the position itself:
/// cell (2), the end of its moves (4), the start of its predecessors (4) and
/// a place in a frontier (4).
const BYTES_PER_POSITION: u64 = 2 + 4 + 4 + 4;
/// Bytes a move costs: its target id, and the same turned around.
const BYTES_PER_MOVE: u64 = 8;

/// The least a solve in memory of `positions` positions holds: what each
/// costs besides itself and its moves.
pub fn least_bytes(positions: u64) -> u64 {
    positions.saturating_mul(BYTES_PER_POSITION)
}

/// The positions decided at once, by remoteness 0.
#[derive(Default)]
struct Frontier {
    win: Vec<u32>,
    lose: Vec<u32>,
    tie: Vec<u32>,
}

/// The reachable graph, by id.
#[derive(Default)]
struct Graph {
    cells: Vec<u16>,
    /// The counters of positions with [`BIG`] moves or more.
    big: HashMap<u32, u32>,
    moves: Digraph,
    frontier: Frontier,
}

impl Graph {
    fn bytes(&self, position_size: u64) -> u64 {
        self.cells.len() as u64 * (position_size + BYTES_PER_POSITION)
            + self.moves.edge_count() as u64 * BYTES_PER_MOVE
    }

    /// Adds the position of the next id: decided at once where the rules
    /// end the game or it has no move; otherwise its moves (whose ids
    /// `id_of` gives) and their counter.
    fn add<G: StrongGame>(
        &mut self,
        game: &G,
        position: &G::Position,
        buffer: &mut Vec<G::Position>,
        mut id_of: impl FnMut(G::Position) -> Result<u32>,
    ) -> Result<()> {
        let id = self.cells.len() as u32;
        let cell = match game.finished(position) {
            Some(standing) => {
                match standing {
                    Standing::Win => self.frontier.win.push(id),
                    Standing::Lose => self.frontier.lose.push(id),
                    Standing::Tie => self.frontier.tie.push(id),
                    Standing::Draw => {}
                }
                encode(standing, 0)
            }
            None => {
                buffer.clear();
                game.moves(position, buffer);
                let degree = buffer.len();
                for to in buffer.drain(..) {
                    self.moves.push_target(id_of(to)?);
                }
                match degree {
                    0 => {
                        self.frontier.lose.push(id);
                        encode(Standing::Lose, 0)
                    }
                    n if n < BIG as usize => n as u16,
                    n => {
                        self.big.insert(id, n as u32);
                        BIG
                    }
                }
            }
        };
        self.moves.close_vertex()?;
        self.cells.push(cell);
        Ok(())
    }
}

/// Step 1 over numbered positions, in two passes: a depth-first search
/// marks the numbers reached, then the positions are listed in the order of
/// their numbers (their ids are their ranks) with their moves. Positions
/// are made again from their numbers rather than kept, and the bits and
/// ranks (3/16 of a byte per number) stay small enough for the caches,
/// where an array of ids by number would miss them on most moves.
fn generate_ranked<G: StrongGame>(
    game: &G,
    numbering: &dyn Numbering<G::Position>,
    roots: &[G::Position],
    options: &Options,
    progress: &mut dyn FnMut(SolveProgress) -> bool,
) -> Result<(Ranked, Graph)> {
    let position_size = size_of::<G::Position>() as u64;
    let mut ranked = Ranked::new(numbering.count());
    let fixed = ranked.heap_bytes() as u64 * 3 / 2;
    let mut stack = Vec::new();
    for root in roots {
        if ranked.insert(numbering.index(root)) {
            stack.push(root.clone());
        }
    }
    let mut buffer = Vec::new();
    let mut marked = stack.len() as u64;
    let mut popped = 0u64;
    while let Some(position) = stack.pop() {
        if popped % TICK == 0 {
            let bytes = fixed + marked * (position_size + BYTES_PER_POSITION);
            check(bytes, options, Phase::Generating, popped, marked, progress)?;
        }
        popped += 1;
        if game.finished(&position).is_some() {
            continue;
        }
        buffer.clear();
        game.moves(&position, &mut buffer);
        for to in buffer.drain(..) {
            if ranked.insert(numbering.index(&to)) {
                marked += 1;
                stack.push(to);
            }
        }
    }
    drop(stack);
    let reached = ranked.count_ranks()?;
    let mut graph = Graph {
        cells: Vec::with_capacity(reached as usize),
        ..Graph::default()
    };
    for (id, number) in ranked.numbers().enumerate() {
        if id as u64 % TICK == 0 {
            let bytes = fixed + graph.bytes(0);
            check(
                bytes,
                options,
                Phase::Generating,
                id as u64,
                reached as u64,
                progress,
            )?;
        }
        let position = numbering.position(number);
        graph.add(game, &position, &mut buffer, |to| {
            Ok(ranked
                .rank(numbering.index(&to))
                .expect("moves were marked"))
        })?;
    }
    Ok((ranked, graph))
}

/// Step 1 where positions are not numbered: breadth first, ids in the order
/// positions are first reached, found through a hash table of ids.
fn generate_hashed<G: StrongGame>(
    game: &G,
    roots: &[G::Position],
    options: &Options,
    progress: &mut dyn FnMut(SolveProgress) -> bool,
) -> Result<(Hashed<G::Position>, Graph)> {
    // The positions are kept in a vector and their ids in a hash table,
    // each of which holds its old and new buffers at once while it grows.
    let position_size = memory::vector(1, size_of::<G::Position>() as u64)
        + memory::hashed(1, size_of::<u32>() as u64);
    // What the positions reached hold beyond their size (a script's text):
    // counted as they are reached, and checked as soon as it has grown by a
    // sixteenth of the budget, not only every TICK positions.
    let heap = std::cell::Cell::new(0u64);
    let mut heap_checked = 0u64;
    // Checked too every 4096 positions reached: a position with many
    // moves (a sum of large heaps) reaches thousands at once, so that
    // TICK positions listed may take minutes.
    let mut reached_checked = 0usize;
    let hasher = DefaultHashBuilder::default();
    let mut table = HashTable::new();
    let mut positions: Vec<G::Position> = Vec::new();
    let mut id_of = |positions: &mut Vec<G::Position>, position: G::Position| -> Result<u32> {
        let next = positions.len();
        let entry = table.entry(
            hasher.hash_one(&position),
            |&id| positions[id as usize] == position,
            |&id| hasher.hash_one(&positions[id as usize]),
        );
        match entry {
            Entry::Occupied(found) => Ok(*found.get()),
            Entry::Vacant(vacant) => {
                if next >= u32::MAX as usize {
                    return Err(too_many_positions());
                }
                vacant.insert(next as u32);
                heap.set(heap.get() + game.heap_bytes(&position));
                positions.push(position);
                Ok(next as u32)
            }
        }
    };
    for root in roots {
        id_of(&mut positions, root.clone())?;
    }
    let mut graph = Graph::default();
    let mut buffer = Vec::new();
    while graph.cells.len() < positions.len() {
        let next = graph.cells.len();
        if next as u64 % TICK == 0
            || positions.len() - reached_checked >= 1 << 12
            || heap.get() - heap_checked > options.memory / 16
        {
            heap_checked = heap.get();
            reached_checked = positions.len();
            let bytes = graph.bytes(position_size)
                + (positions.len() - next) as u64 * (position_size + BYTES_PER_POSITION)
                + heap_checked;
            check(
                bytes,
                options,
                Phase::Generating,
                next as u64,
                positions.len() as u64,
                progress,
            )?;
        }
        let position = positions[next].clone();
        graph.add(game, &position, &mut buffer, |to| id_of(&mut positions, to))?;
    }
    let hashed = Hashed {
        positions,
        table,
        hasher,
    };
    Ok((hashed, graph))
}

/// Stops when the memory needed passes the budget or the caller asks to.
fn check(
    bytes: u64,
    options: &Options,
    phase: Phase,
    done: u64,
    reached: u64,
    progress: &mut dyn FnMut(SolveProgress) -> bool,
) -> Result<()> {
    if bytes > options.memory {
        // The figure is what the positions reached so far need, not what
        // the whole graph needs: that is not known before the graph is
        // generated, so the message says which it is.
        return Err(Error::Limit(format!(
            "the solve passed its memory budget of {} while {} positions: the \
             {reached} positions reached so far ({done} of them done) need about {}, \
             and more may be reached",
            memory::Size(options.memory),
            phase.verb(),
            memory::Size(bytes)
        )));
    }
    let report = SolveProgress {
        phase,
        done,
        reached,
    };
    if progress(report) {
        Ok(())
    } else {
        Err(interrupted(report))
    }
}

fn interrupted(progress: SolveProgress) -> Error {
    Error::Limit(format!(
        "interrupted while {} positions ({} of {} done)",
        progress.phase.verb(),
        progress.done,
        progress.reached
    ))
}

/// Steps 2 to 4 over the reversed graph.
struct Solving<'a> {
    cells: Vec<u16>,
    big: HashMap<u32, u32>,
    predecessors: Digraph,
    decided: u64,
    reached: u64,
    progress: &'a mut dyn FnMut(SolveProgress) -> bool,
}

impl Solving<'_> {
    fn win_and_lose(&mut self, mut win: Vec<u32>, mut lose: Vec<u32>) -> Result<()> {
        let (mut next_win, mut next_lose) = (Vec::new(), Vec::new());
        let mut remoteness = 0;
        while !(win.is_empty() && lose.is_empty()) {
            let after = Remoteness::after(remoteness);
            for &lost in &lose {
                self.tick(1)?;
                for &parent in self.predecessors.successors(lost) {
                    if self.cells[parent as usize] & STATE == UNDECIDED {
                        self.cells[parent as usize] = WIN | after.bits()?;
                        next_win.push(parent);
                    }
                }
            }
            for &won in &win {
                self.tick(1)?;
                for &parent in self.predecessors.successors(won) {
                    let cell = &mut self.cells[parent as usize];
                    if *cell & STATE != UNDECIDED {
                        continue;
                    }
                    let left = if *cell == BIG {
                        let counter = self.big.get_mut(&parent).expect("a big counter");
                        *counter -= 1;
                        *counter
                    } else {
                        *cell -= 1;
                        *cell as u32
                    };
                    if left == 0 {
                        *cell = LOSE | after.bits()?;
                        next_lose.push(parent);
                    }
                }
            }
            win.clear();
            lose.clear();
            std::mem::swap(&mut win, &mut next_win);
            std::mem::swap(&mut lose, &mut next_lose);
            remoteness += 1;
        }
        Ok(())
    }

    fn ties(&mut self, mut tie: Vec<u32>) -> Result<()> {
        let mut next = Vec::new();
        let mut remoteness = 0;
        while !tie.is_empty() {
            let after = Remoteness::after(remoteness);
            for &tied in &tie {
                self.tick(1)?;
                for &parent in self.predecessors.successors(tied) {
                    if self.cells[parent as usize] & STATE == UNDECIDED {
                        self.cells[parent as usize] = TIE | after.bits()?;
                        next.push(parent);
                    }
                }
            }
            tie.clear();
            std::mem::swap(&mut tie, &mut next);
            remoteness += 1;
        }
        Ok(())
    }

    fn tick(&mut self, decided: u64) -> Result<()> {
        self.decided += decided;
        if self.decided % TICK == 0 {
            let report = SolveProgress {
                phase: Phase::Propagating,
                done: self.decided,
                reached: self.reached,
            };
            if !(self.progress)(report) {
                return Err(interrupted(report));
            }
        }
        Ok(())
    }
}

/// The remoteness of the positions a round decides: one more than the
/// round's. Too large is an error only once a position needs it.
#[derive(Clone, Copy)]
struct Remoteness(u32);

impl Remoteness {
    fn after(remoteness: u32) -> Remoteness {
        Remoteness(remoteness + 1)
    }

    /// The cell's low bits.
    #[inline]
    fn bits(self) -> Result<u16> {
        if self.0 > MAX_REMOTENESS {
            return Err(Error::Limit(format!(
                "a remoteness above {MAX_REMOTENESS} moves does not fit the table's two bytes a position"
            )));
        }
        Ok(self.0 as u16)
    }
}
