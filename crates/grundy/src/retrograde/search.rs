//! Who wins one position, without solving every position reachable from
//! it: a memoised depth-first search (its own stack, a transposition table
//! of the positions it has decided) that stops at a position's first
//! winning move. A [`SolvedGame`](super::SolvedGame) needs the whole
//! reachable graph before it decides anything; this search looks only at what it needs,
//! which where the first moves tried win is a small part of it.
//!
//! The value of a position for the player to move, in the order
//! lose < draw < tie < win, is the best of its moves' values turned to the
//! mover's side (the opponent's win is the mover's loss and back; a tie or
//! a draw stays one): a position is won when some move goes to a lost
//! position, and the search stops there; otherwise every move is searched,
//! lost when all go to won positions, else a tie when one goes to a tie.
//! These are the standings [`solve_from`](super::solve_from) gives on a
//! graph without cycles (a draw there can only be one the rules call), and
//! each value found also holds where the graph has cycles out of the
//! search's way: a won position needs one move to a lost one, a lost one
//! all moves to won ones, and a tie is a tie as soon as a move reaches a tie
//! and none wins. A value never depends on a position still being searched,
//! because meeting one (a position on the stack: play that can come back,
//! a possible draw) ends the search without an answer, and the caller
//! solves strongly instead: deciding draws needs the whole graph. The
//! remoteness is not known: a search that stops at a first winning move
//! has not seen the fastest one.
//!
//! ```
//! use grundy::catalogue::Mnk;
//! use grundy::retrograde::{search, Options, StrongGame};
//! use grundy::value::Standing;
//!
//! // The three-cell game of the notes (two adjacent marks win): X takes the
//! // middle and wins. Noughts and crosses is a tie.
//! let options = Options { memory: 1 << 30 };
//! let three = Mnk::new(1, 3, 2).unwrap();
//! let start = three.start().unwrap();
//! assert_eq!(search::outcome(&three, &start, &options, &mut |_| true).unwrap(), Some(Standing::Win));
//! let ttt = Mnk::new(3, 3, 3).unwrap();
//! let start = ttt.start().unwrap();
//! assert_eq!(search::outcome(&ttt, &start, &options, &mut |_| true).unwrap(), Some(Standing::Tie));
//! ```

use std::mem::size_of;

use hashbrown::HashMap;

use super::{interrupted, Options, Phase, SolveProgress, StrongGame, TICK};
use crate::error::{Error, Result};
use crate::memory::{self, DEFAULT_OPTION_LIMIT};
use crate::value::Standing;

/// The standing of `root` for the player to move, or `None` where the
/// search met a position already on its stack (play can come back, the
/// answer may be a draw: the caller solves strongly). It stops with
/// [`Error::Limit`] past the memory of `options`, after
/// [`DEFAULT_OPTION_LIMIT`] moves listed, or when `progress` returns
/// `false`; with the game's own error where it failed
/// ([`StrongGame::failure`]).
pub fn outcome<G: StrongGame>(
    game: &G,
    root: &G::Position,
    options: &Options,
    progress: &mut dyn FnMut(SolveProgress) -> bool,
) -> Result<Option<Standing>> {
    outcome_within(game, root, options, DEFAULT_OPTION_LIMIT as u64, progress)
}

/// [`outcome`] within `option_limit` moves listed.
pub fn outcome_within<G: StrongGame>(
    game: &G,
    root: &G::Position,
    options: &Options,
    option_limit: u64,
    progress: &mut dyn FnMut(SolveProgress) -> bool,
) -> Result<Option<Standing>> {
    let mut search = Search {
        game,
        table: HashMap::new(),
        table_bytes: 0,
        stack_bytes: 0,
        listed: 0,
        option_limit,
        memory: options.memory,
        visited: 0,
        progress,
    };
    let searched = search.run(root);
    // The game's own error comes first: what followed it is not the game.
    match game.failure() {
        Some(error) => Err(error),
        None => searched,
    }
}

/// What the table holds of a position.
#[derive(Clone, Copy)]
enum Mark {
    /// Its moves are being searched: meeting it again closes a cycle.
    OnStack,
    Decided(Standing),
}

/// A position whose moves are being searched.
struct Frame<P> {
    position: P,
    moves: Vec<P>,
    /// The moves before this one are searched.
    next: usize,
    /// The best value for the mover among them.
    best: Standing,
    /// The bytes the frame holds.
    bytes: u64,
}

impl<P> Frame<P> {
    /// Takes in the value of the next move, for the opponent who moves
    /// there.
    fn take(&mut self, after: Standing) {
        let mine = match after {
            Standing::Win => Standing::Lose,
            Standing::Lose => Standing::Win,
            other => other,
        };
        if rank(mine) > rank(self.best) {
            self.best = mine;
        }
        self.next += 1;
    }

    /// Whether the frame's value is known: a winning move found, or every
    /// move searched.
    fn done(&self) -> bool {
        self.best == Standing::Win || self.next == self.moves.len()
    }
}

/// The mover's order of preference.
fn rank(standing: Standing) -> u8 {
    match standing {
        Standing::Lose => 0,
        Standing::Draw => 1,
        Standing::Tie => 2,
        Standing::Win => 3,
    }
}

/// What visiting a position found.
enum Visit<P> {
    Decided(Standing),
    /// A position on the stack.
    Cycle,
    /// Its moves are to be searched.
    Open(Frame<P>),
}

struct Search<'a, G: StrongGame> {
    game: &'a G,
    table: HashMap<G::Position, Mark>,
    /// The bytes the table holds, the positions' own included.
    table_bytes: u64,
    stack_bytes: u64,
    listed: u64,
    option_limit: u64,
    memory: u64,
    visited: u64,
    progress: &'a mut dyn FnMut(SolveProgress) -> bool,
}

impl<G: StrongGame> Search<'_, G> {
    fn run(&mut self, root: &G::Position) -> Result<Option<Standing>> {
        let mut stack = match self.visit(root.clone())? {
            Visit::Decided(standing) => return Ok(Some(standing)),
            Visit::Cycle => unreachable!("the table starts empty"),
            Visit::Open(frame) => vec![frame],
        };
        while let Some(top) = stack.last_mut() {
            if top.done() {
                let frame = stack.pop().expect("the loop holds a frame");
                self.stack_bytes -= frame.bytes;
                let standing = frame.best;
                self.table.insert(frame.position, Mark::Decided(standing));
                match stack.last_mut() {
                    Some(parent) => parent.take(standing),
                    None => return Ok(Some(standing)),
                }
                continue;
            }
            let to = top.moves[top.next].clone();
            match self.visit(to)? {
                Visit::Decided(after) => top.take(after),
                Visit::Cycle => return Ok(None),
                Visit::Open(frame) => stack.push(frame),
            }
        }
        unreachable!("the root's frame returns")
    }

    /// Looks a position up, decides it where the rules end the game or it
    /// has no move, and otherwise lists its moves in a frame to search.
    fn visit(&mut self, position: G::Position) -> Result<Visit<G::Position>> {
        match self.table.get(&position) {
            Some(Mark::OnStack) => return Ok(Visit::Cycle),
            Some(&Mark::Decided(standing)) => return Ok(Visit::Decided(standing)),
            None => {}
        }
        self.tick()?;
        let game = self.game;
        let decided = |standing| Ok(Visit::Decided(standing));
        if let Some(standing) = game.finished(&position) {
            self.remember(position, Mark::Decided(standing))?;
            return decided(standing);
        }
        let mut moves = Vec::new();
        game.moves(&position, &mut moves);
        if moves.is_empty() {
            self.remember(position, Mark::Decided(Standing::Lose))?;
            return decided(Standing::Lose);
        }
        // A move to a position already known lost wins at once, before
        // any other is searched.
        let lost =
            |m: &G::Position| matches!(self.table.get(m), Some(Mark::Decided(Standing::Lose)));
        if moves.iter().any(lost) {
            self.remember(position, Mark::Decided(Standing::Win))?;
            return decided(Standing::Win);
        }
        self.listed += moves.len() as u64;
        if self.listed > self.option_limit {
            return Err(Error::Limit(format!(
                "the search for the outcome listed {} moves without finishing",
                self.option_limit
            )));
        }
        let position_size = size_of::<G::Position>() as u64;
        let heap: u64 = moves.iter().map(|m| game.heap_bytes(m)).sum();
        let bytes = memory::vector(1, size_of::<Frame<G::Position>>() as u64)
            + memory::allocation(moves.len() as u64 * position_size)
            + heap
            + game.heap_bytes(&position);
        self.stack_bytes += bytes;
        self.remember(position.clone(), Mark::OnStack)?;
        Ok(Visit::Open(Frame {
            position,
            moves,
            next: 0,
            best: Standing::Lose,
            bytes,
        }))
    }

    /// Puts a position in the table, within the memory budget.
    fn remember(&mut self, position: G::Position, mark: Mark) -> Result<()> {
        let entry = size_of::<(G::Position, Mark)>() as u64;
        self.table_bytes += memory::hashed(1, entry) + self.game.heap_bytes(&position);
        if self.table_bytes + self.stack_bytes > self.memory {
            return Err(Error::Limit(format!(
                "the search for the outcome needs more than {}, its memory budget",
                memory::Size(self.memory)
            )));
        }
        self.table.insert(position, mark);
        Ok(())
    }

    /// Reports progress every so often; stops where the caller asks to.
    fn tick(&mut self) -> Result<()> {
        self.visited += 1;
        if self.visited % TICK == 0 {
            let report = SolveProgress {
                phase: Phase::Searching,
                done: self.visited,
                reached: self.table.len() as u64,
            };
            if !(self.progress)(report) {
                return Err(interrupted(report));
            }
        }
        Ok(())
    }
}

/// Searches every position reachable from `root`, each alone, and checks
/// its standing against that of a solve from `root`; the number of
/// positions, and how many of them the search answered (the others met a
/// cycle). A test helper for games of the catalogue too.
#[cfg(test)]
pub(crate) fn check_every_position<G: StrongGame>(game: &G, root: &G::Position) -> (usize, usize) {
    use super::{solve_from, Solved};
    let options = Options { memory: 1 << 30 };
    let table = solve_from(game, std::slice::from_ref(root), &options, &mut |_| true).unwrap();
    let mut seen = std::collections::HashSet::from([root.clone()]);
    let mut stack = vec![root.clone()];
    let mut answered = 0;
    while let Some(position) = stack.pop() {
        let solved = table.solution(game, &position).unwrap().standing;
        if let Some(standing) = outcome(game, &position, &options, &mut |_| true).unwrap() {
            let at = game.format_position(&position);
            assert_eq!(standing, solved, "{at}");
            answered += 1;
        }
        if game.finished(&position).is_none() {
            let mut moves = Vec::new();
            game.moves(&position, &mut moves);
            for to in moves {
                if seen.insert(to.clone()) {
                    stack.push(to);
                }
            }
        }
    }
    (seen.len(), answered)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::retrograde::{Ending, PartizanGame, Player, Turns};

    /// A game on vertices `0..n`: the moves of vertex v are `moves[v]`, and
    /// the rules end the game at v where `ends[v]` says so.
    #[derive(Debug)]
    struct Graph {
        moves: Vec<Vec<u32>>,
        ends: Vec<Option<Standing>>,
    }

    impl StrongGame for Graph {
        type Position = u32;
        fn start(&self) -> Result<u32> {
            Ok(0)
        }
        fn moves(&self, &v: &u32, moves: &mut Vec<u32>) {
            moves.extend(&self.moves[v as usize]);
        }
        fn finished(&self, &v: &u32) -> Option<Standing> {
            self.ends[v as usize]
        }
        fn format_position(&self, v: &u32) -> String {
            v.to_string()
        }
    }

    /// Checks every vertex as a root; how many the search answered.
    fn check_every_vertex(game: &Graph) -> usize {
        (0..game.moves.len() as u32)
            .map(|v| check_every_position(game, &v).1)
            .sum()
    }

    fn search(game: &impl StrongGame<Position = u32>, v: u32) -> Option<Standing> {
        outcome(game, &v, &Options { memory: 1 << 20 }, &mut |_| true).unwrap()
    }

    /// Vertex 0 can move to a tie (1) or to 2, from which the opponent
    /// can move to a tie (3) or win (4 is lost for its mover): 0 ties,
    /// and its search must look past the tie for a win it does not find;
    /// 5 wins by moving to 4 after a first move to a tie.
    #[test]
    fn a_tie_is_kept_while_a_win_is_looked_for() {
        let game = Graph {
            moves: vec![vec![1, 2], vec![], vec![3, 4], vec![], vec![], vec![1, 4]],
            ends: vec![
                None,
                Some(Standing::Tie),
                None,
                Some(Standing::Tie),
                Some(Standing::Lose),
                None,
            ],
        };
        assert_eq!(search(&game, 0), Some(Standing::Tie));
        assert_eq!(search(&game, 2), Some(Standing::Win));
        assert_eq!(search(&game, 5), Some(Standing::Win));
        assert_eq!(check_every_vertex(&game), 5 + 1 + 3 + 1 + 1 + 3);
    }

    /// 0 -> 1 -> 2 -> 0 goes round with no way out: the search gives no
    /// answer (a draw is for the solve); 3 wins by a move out of the way
    /// of the cycle, to 4, which has no move.
    #[test]
    fn a_cycle_leaves_the_answer_to_the_solve() {
        let game = Graph {
            moves: vec![vec![1], vec![2], vec![0], vec![4, 0], vec![]],
            ends: vec![None; 5],
        };
        assert_eq!(search(&game, 0), None);
        assert_eq!(search(&game, 3), Some(Standing::Win));
    }

    /// A line of a million moves, searched without the thread's stack.
    struct Line;
    impl StrongGame for Line {
        type Position = u32;
        fn start(&self) -> Result<u32> {
            Ok(1_000_000)
        }
        fn moves(&self, &n: &u32, moves: &mut Vec<u32>) {
            if n > 0 {
                moves.push(n - 1);
            }
        }
        fn finished(&self, _: &u32) -> Option<Standing> {
            None
        }
        fn format_position(&self, n: &u32) -> String {
            n.to_string()
        }
    }

    #[test]
    fn a_long_line_does_not_overflow_the_stack() {
        let options = Options { memory: 1 << 30 };
        let found = outcome(&Line, &1_000_000, &options, &mut |_| true).unwrap();
        assert_eq!(found, Some(Standing::Lose));
        assert_eq!(search(&Line, 7), Some(Standing::Win));
    }

    #[test]
    fn limits_are_errors_that_name_them() {
        let small = Options { memory: 1 << 16 };
        let error = outcome(&Line, &1_000_000, &small, &mut |_| true).unwrap_err();
        assert!(error.to_string().contains("memory budget"), "{error}");
        let options = Options { memory: 1 << 30 };
        let error = outcome_within(&Line, &100, &options, 50, &mut |_| true).unwrap_err();
        assert!(error.to_string().contains("listed 50 moves"), "{error}");
        let error = outcome(&Line, &1_000_000, &options, &mut |_| false).unwrap_err();
        assert!(error.to_string().contains("interrupted"), "{error}");
    }

    /// A partizan game on vertices `0..n`: Left's and Right's moves, and
    /// where the rules end it.
    #[derive(Debug)]
    struct Partizan {
        left: Vec<Vec<u32>>,
        right: Vec<Vec<u32>>,
        ends: Vec<Option<Ending>>,
    }

    impl PartizanGame for Partizan {
        type Position = u32;
        fn start(&self) -> Result<u32> {
            Ok(0)
        }
        fn moves(&self, &v: &u32, player: Player, add: &mut dyn FnMut(u32)) {
            let moves = match player {
                Player::Left => &self.left,
                Player::Right => &self.right,
            };
            moves[v as usize].iter().copied().for_each(add);
        }
        fn finished(&self, &v: &u32) -> Option<Ending> {
            self.ends[v as usize]
        }
        fn format_position(&self, v: &u32) -> String {
            v.to_string()
        }
    }

    /// Moves from each of `n` vertices; only to higher vertices where
    /// `acyclic`.
    fn moves(n: usize, acyclic: bool) -> impl Strategy<Value = Vec<Vec<u32>>> {
        let options = (0..n).map(move |v| {
            let low = if acyclic { v as u32 + 1 } else { 0 };
            match low < n as u32 {
                true => prop::collection::vec(low..n as u32, 0..4).boxed(),
                false => Just(Vec::new()).boxed(),
            }
        });
        options.collect::<Vec<_>>()
    }

    fn graph(acyclic: bool) -> impl Strategy<Value = Graph> {
        (1usize..12).prop_flat_map(move |n| {
            let end = prop_oneof![
                6 => Just(None),
                1 => Just(Some(Standing::Win)),
                1 => Just(Some(Standing::Lose)),
                2 => Just(Some(Standing::Tie)),
                1 => Just(Some(Standing::Draw)),
            ];
            let ends = prop::collection::vec(end, n);
            (moves(n, acyclic), ends).prop_map(|(moves, ends)| Graph { moves, ends })
        })
    }

    fn partizan(acyclic: bool) -> impl Strategy<Value = Partizan> {
        (1usize..10).prop_flat_map(move |n| {
            let end = prop_oneof![
                6 => Just(None),
                1 => Just(Some(Ending::Win(Player::Left))),
                1 => Just(Some(Ending::Win(Player::Right))),
                2 => Just(Some(Ending::Tie)),
            ];
            let ends = prop::collection::vec(end, n);
            (moves(n, acyclic), moves(n, acyclic), ends).prop_map(|(left, right, ends)| Partizan {
                left,
                right,
                ends,
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Without cycles the search answers every position, as the
        /// solve does; with cycles, every position it answers.
        #[test]
        fn random_graphs_agree_with_the_solve(game in graph(true), loopy in graph(false)) {
            prop_assert_eq!(
                check_every_vertex(&game),
                (0..game.moves.len() as u32)
                    .map(|v| check_every_position(&game, &v).0)
                    .sum::<usize>()
            );
            check_every_vertex(&loopy);
        }

        /// The same of partizan graphs, both players to move, through
        /// Turns.
        #[test]
        fn random_partizan_graphs_agree_with_the_solve(
            game in partizan(true),
            loopy in partizan(false),
        ) {
            for (game, acyclic) in [(game, true), (loopy, false)] {
                let n = game.left.len() as u32;
                let turns = Turns::new(game, Player::Left);
                for v in 0..n {
                    for player in [Player::Left, Player::Right] {
                        let (positions, answered) = check_every_position(&turns, &(v, player));
                        prop_assert!(!acyclic || answered == positions);
                    }
                }
            }
        }
    }
}
