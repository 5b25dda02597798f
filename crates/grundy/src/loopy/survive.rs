//! Who can force whom out of moves: the order of stoppers (a survival
//! game on differences) and the outcome of a loopy game (play that never
//! ends is a draw). Both are retrograde analyses: from the states where
//! the player to move has no move, back to where a player can force one.

use std::collections::VecDeque;

use crate::error::{Error, Result};
use crate::interrupt::Interrupt;
use crate::memory;

use super::graph::Graph;

/// The order among the vertices of a graph of stoppers: `le(u, v)` is
/// u ≤ v, which for stoppers holds exactly when Left, moving second in
/// v - u, can always move (Siegel, *Combinatorial Game Theory*, VI.2: an
/// infinite play is a survival).
pub struct Order {
    n: usize,
    le: Vec<bool>,
}

impl Order {
    /// The order of every pair of vertices of `graph`, each a stopper: a
    /// survival game on the n² differences with either player to move,
    /// within the memory budget; stopped, an error, when `interrupt` is
    /// set.
    pub fn of(graph: &Graph, interrupt: Option<&Interrupt>) -> Result<Order> {
        let n = graph.len();
        let stopped = || {
            Error::Limit(format!(
                "interrupted while comparing the {n} positions of a loopy game"
            ))
        };
        let is_set = || interrupt.is_some_and(Interrupt::is_set);
        let states = (n as u64).saturating_mul(n as u64);
        // A counter and two marks a difference, and the queue, which may
        // hold each difference twice (either player to move).
        let bytes = states.saturating_mul(4 + 2 + 2 * 12);
        if bytes > memory::budget() {
            return Err(Error::Limit(format!(
                "comparing the {n} positions of a loopy game takes {}, more than the \
                 memory budget of {}",
                memory::Size(bytes),
                memory::Size(memory::budget())
            )));
        }
        let index = |u: u32, v: u32| u as usize * n + v as usize;
        let (by_left, by_right) = graph.reversed();
        // State (u, v): the difference v - u. Left moves v to a Left
        // option of v, or u to a Right option of u (-u's Left options are
        // the negatives of u's Right options); Right the other way round.
        // Left to move at (u, v) is forced out of moves (Right "wins")
        // when each of her moves is to such a state with Right to move;
        // Right to move wins when one of his moves is.
        let mut moves_left: Vec<u32> = Vec::with_capacity(n * n);
        for u in 0..n as u32 {
            if is_set() {
                return Err(stopped());
            }
            for v in 0..n as u32 {
                moves_left.push((graph.left(v).len() + graph.right(u).len()) as u32);
            }
        }
        let mut right_wins_left_to_move = vec![false; n * n];
        let mut right_wins_right_to_move = vec![false; n * n];
        // (u, v, whether Left is to move).
        let mut queue: VecDeque<(u32, u32, bool)> = VecDeque::new();
        for u in 0..n as u32 {
            for v in 0..n as u32 {
                if moves_left[index(u, v)] == 0 {
                    right_wins_left_to_move[index(u, v)] = true;
                    queue.push_back((u, v, true));
                }
            }
        }
        let mut taken = 0u64;
        while let Some((u, v, left_to_move)) = queue.pop_front() {
            taken += 1;
            if taken % (1 << 16) == 0 && is_set() {
                return Err(stopped());
            }
            if left_to_move {
                // Right moved here from (u, v2), v = a Right option of v2,
                // or from (u2, v), u = a Left option of u2.
                let from = (by_right[v as usize].iter().map(|&v2| (u, v2)))
                    .chain(by_left[u as usize].iter().map(|&u2| (u2, v)));
                for (a, b) in from {
                    if !right_wins_right_to_move[index(a, b)] {
                        right_wins_right_to_move[index(a, b)] = true;
                        queue.push_back((a, b, false));
                    }
                }
            } else {
                // Left moved here from (u, v2), v = a Left option of v2, or
                // from (u2, v), u = a Right option of u2.
                let from = (by_left[v as usize].iter().map(|&v2| (u, v2)))
                    .chain(by_right[u as usize].iter().map(|&u2| (u2, v)));
                for (a, b) in from {
                    let i = index(a, b);
                    if !right_wins_left_to_move[i] {
                        moves_left[i] -= 1;
                        if moves_left[i] == 0 {
                            right_wins_left_to_move[i] = true;
                            queue.push_back((a, b, true));
                        }
                    }
                }
            }
        }
        let le = right_wins_right_to_move
            .into_iter()
            .map(|wins| !wins)
            .collect();
        Ok(Order { n, le })
    }

    /// u ≤ v.
    pub fn le(&self, u: u32, v: u32) -> bool {
        self.le[u as usize * self.n + v as usize]
    }

    /// u = v.
    pub fn eq(&self, u: u32, v: u32) -> bool {
        self.le(u, v) && self.le(v, u)
    }
}

/// Who wins a loopy game with each player moving first, where a player
/// who cannot move loses and a play that never ends is a draw; the nine
/// classes of CGSuite's loopy outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// Whoever starts wins.
    N,
    /// Whoever starts loses.
    P,
    /// A draw whoever starts.
    D,
    /// Left starting draws; Right starting loses (P̂).
    PHat,
    /// Left starting loses; Right starting draws (P̌).
    PCheck,
    /// Left starting wins; Right starting draws (N̂).
    NHat,
    /// Left starting draws; Right starting wins (Ň).
    NCheck,
}

/// The end of a play from a start: who wins, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Left wins.
    LeftWins,
    /// Right wins.
    RightWins,
    /// Neither: play goes on for ever.
    Draw,
}

impl LoopyOutcome {
    /// The class of these ends, Left starting and Right starting.
    pub fn of(left_first: End, right_first: End) -> LoopyOutcome {
        use End::*;
        match (left_first, right_first) {
            (LeftWins, LeftWins) => LoopyOutcome::L,
            (RightWins, RightWins) => LoopyOutcome::R,
            (LeftWins, RightWins) => LoopyOutcome::N,
            (RightWins, LeftWins) => LoopyOutcome::P,
            (Draw, Draw) => LoopyOutcome::D,
            (Draw, LeftWins) => LoopyOutcome::PHat,
            (RightWins, Draw) => LoopyOutcome::PCheck,
            (LeftWins, Draw) => LoopyOutcome::NHat,
            (Draw, RightWins) => LoopyOutcome::NCheck,
        }
    }

    /// Its name: L, R, N, P, D, PHat, PCheck, NHat, NCheck (CGSuite's).
    pub fn as_str(self) -> &'static str {
        match self {
            LoopyOutcome::L => "L",
            LoopyOutcome::R => "R",
            LoopyOutcome::N => "N",
            LoopyOutcome::P => "P",
            LoopyOutcome::D => "D",
            LoopyOutcome::PHat => "PHat",
            LoopyOutcome::PCheck => "PCheck",
            LoopyOutcome::NHat => "NHat",
            LoopyOutcome::NCheck => "NCheck",
        }
    }

    /// In words.
    pub fn explanation(self) -> &'static str {
        match self {
            LoopyOutcome::L => "Left wins, whoever starts",
            LoopyOutcome::R => "Right wins, whoever starts",
            LoopyOutcome::N => "the first player wins",
            LoopyOutcome::P => "the second player wins",
            LoopyOutcome::D => "a draw, whoever starts",
            LoopyOutcome::PHat => "a draw if Left starts; Left wins if Right starts",
            LoopyOutcome::PCheck => "Right wins if Left starts; a draw if Right starts",
            LoopyOutcome::NHat => "Left wins if Left starts; a draw if Right starts",
            LoopyOutcome::NCheck => "a draw if Left starts; Right wins if Right starts",
        }
    }
}

/// The outcome of the game at vertex 0 of `graph`.
pub fn outcome(graph: &Graph) -> LoopyOutcome {
    let n = graph.len();
    let (by_left, by_right) = graph.reversed();
    // State 2v: Left to move at v; 2v + 1: Right to move. won[s]: the
    // player to move wins (Some(true)) or loses (Some(false)).
    let mut moves_left: Vec<usize> = (0..2 * n)
        .map(|s| graph.options((s / 2) as u32, s % 2 == 0).len())
        .collect();
    let mut won: Vec<Option<bool>> = vec![None; 2 * n];
    let mut queue: VecDeque<usize> = VecDeque::new();
    for (s, &count) in moves_left.iter().enumerate() {
        if count == 0 {
            won[s] = Some(false);
            queue.push_back(s);
        }
    }
    while let Some(s) = queue.pop_front() {
        let (v, left_to_move) = (s / 2, s % 2 == 0);
        // The states that move here: the other player's, at a vertex whose
        // options (for that player) hold v.
        let movers = match left_to_move {
            true => &by_right[v],
            false => &by_left[v],
        };
        let mover_parity = usize::from(left_to_move);
        for &u in movers {
            let t = 2 * u as usize + mover_parity;
            if won[t].is_some() {
                continue;
            }
            if won[s] == Some(false) {
                won[t] = Some(true);
                queue.push_back(t);
            } else {
                moves_left[t] -= 1;
                if moves_left[t] == 0 {
                    won[t] = Some(false);
                    queue.push_back(t);
                }
            }
        }
    }
    let end = |s: usize, left_to_move: bool| match (won[s], left_to_move) {
        (None, _) => End::Draw,
        (Some(wins), true) if wins => End::LeftWins,
        (Some(_), true) => End::RightWins,
        (Some(wins), false) if wins => End::RightWins,
        (Some(_), false) => End::LeftWins,
    };
    LoopyOutcome::of(end(0, true), end(1, false))
}
