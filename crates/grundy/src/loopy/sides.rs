//! The sides of a loopy game that is no stopper (Siegel, *Combinatorial
//! Game Theory*, VI.4-5; Winning Ways, ch. 11, "sidling"): its **onside**,
//! the game as played where a play that never ends is Left's, and its
//! **offside**, where it is Right's. Each is a stopper where the game is
//! stopper-sided, and the game is then the pair `onside & offside`:
//! `dud = on & off`.
//!
//! Sides are compared by a game on differences, as stoppers are
//! ([`super::Order`]), with one change: a play that never ends is Left's
//! (G ≤ H, so she survives) exactly when infinitely many of its moves are
//! in H, for the onside, or in G, for the offside ([`SideOrder`]). On two
//! stoppers this is their order: a play in H - G that moves in one part
//! only from some move on alternates there for ever, which a stopper
//! forbids.
//!
//! A side is found ([`side()`]) by taking moves out of the game's
//! alternating cycles, or sending them to `on` (onside) or `off`
//! (offside), a change at a time, each kept only where the side comparison finds the
//! changed game equal on that side to the game, until what is left is a
//! stopper: that stopper's simplest form is the side. Every step is
//! checked, so a side found is the side; where no change keeps the side
//! before a stopper is reached, none is given.

use std::collections::VecDeque;

use crate::error::{Error, Result};
use crate::interrupt::Interrupt;
use crate::memory;

use super::graph::Graph;
use super::simplest::simplest;

/// Which side of a loopy game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// A play that never ends is won by Left.
    On,
    /// A play that never ends is won by Right.
    Off,
}

/// The most positions a game has whose sides are sought: each change
/// tried compares the game with the changed one on all pairs of their
/// positions.
pub const MAX_SIDED_POSITIONS: usize = 512;

/// The order of the vertices of a graph on one side: `le(u, v)` is u ≤ v
/// on that side.
pub struct SideOrder {
    n: usize,
    le: Vec<bool>,
}

impl SideOrder {
    /// The order on `side` of every pair of vertices of `graph`, any loopy
    /// games: a survival game on the n² differences, either player to move,
    /// where Left wins a play that never ends when it moves infinitely
    /// often in the part the side favours (a Büchi game, solved by nested
    /// fixpoints). Within the memory budget; stopped, an error, when
    /// `interrupt` is set.
    pub fn of(graph: &Graph, side: Side, interrupt: Option<&Interrupt>) -> Result<SideOrder> {
        let n = graph.len();
        let stopped = || {
            Error::Limit(format!(
                "interrupted while comparing the sides of the {n} positions of a loopy game"
            ))
        };
        let is_set = || interrupt.is_some_and(Interrupt::is_set);
        // State 2(u n + v) + r: the difference v - u, Right to move where
        // r = 1. Marks, two counters and queues.
        let states = (n as u64).saturating_mul(n as u64).saturating_mul(2);
        let bytes = states.saturating_mul(3 + 2 * 4 + 2 * 8);
        if bytes > memory::budget() {
            return Err(Error::Limit(format!(
                "comparing the sides of the {n} positions of a loopy game takes {}, more \
                 than the memory budget of {}",
                memory::Size(bytes),
                memory::Size(memory::budget())
            )));
        }
        let arena = Arena {
            graph,
            reversed: graph.reversed(),
            n,
            side,
        };
        let count = 2 * n * n;
        // alive: Left may still survive from it. It starts as every state
        // and loses, round by round, those from which Right forces Left
        // out of moves, or forces a play that never ends in Right's way.
        let mut alive = vec![true; count];
        // For Left to move: how many of her moves reach a state alive.
        let mut exits: Vec<u32> = (0..count)
            .map(|s| match s % 2 {
                0 => arena.moves(s).count() as u32,
                _ => 0,
            })
            .collect();
        let mut dead: VecDeque<usize> = (0..count)
            .filter(|&s| s % 2 == 0 && exits[s] == 0)
            .collect();
        for &s in &dead {
            alive[s] = false;
        }
        let mut good = vec![false; count];
        let mut need = vec![0u32; count];
        loop {
            // Right's attractor: a Right state with a move to a dead
            // state, a Left state without a move to a live one.
            while let Some(t) = dead.pop_front() {
                for (s, _) in arena.predecessors(t) {
                    if !alive[s] {
                        continue;
                    }
                    let dies = match s % 2 {
                        0 => {
                            exits[s] -= 1;
                            exits[s] == 0
                        }
                        _ => true,
                    };
                    if dies {
                        alive[s] = false;
                        dead.push_back(s);
                    }
                }
            }
            // A round passes over every state: the flag is looked at each.
            if is_set() {
                return Err(stopped());
            }
            // good: Left can force, staying alive, a move in the part the
            // side favours (the least fixpoint). A Right state is good when
            // each of his moves is in that part or reaches a good state; a
            // Left state when one of hers does.
            good.fill(false);
            let mut queue: VecDeque<usize> = VecDeque::new();
            for s in (0..count).filter(|&s| alive[s]) {
                let is_good = match s % 2 {
                    0 => arena.moves(s).any(|(t, favoured)| favoured && alive[t]),
                    _ => {
                        need[s] = arena.moves(s).filter(|&(_, favoured)| !favoured).count() as u32;
                        need[s] == 0
                    }
                };
                if is_good {
                    good[s] = true;
                    queue.push_back(s);
                }
            }
            while let Some(t) = queue.pop_front() {
                for (s, favoured) in arena.predecessors(t) {
                    if !alive[s] || good[s] || favoured {
                        continue;
                    }
                    let becomes = match s % 2 {
                        0 => true,
                        _ => {
                            need[s] -= 1;
                            need[s] == 0
                        }
                    };
                    if becomes {
                        good[s] = true;
                        queue.push_back(s);
                    }
                }
            }
            // The live states that are not good: Right keeps play out of
            // the favoured part for ever, or ends it. They die, and the
            // attractor runs again; none, and the live states are Left's.
            for s in 0..count {
                if alive[s] && !good[s] {
                    alive[s] = false;
                    dead.push_back(s);
                }
            }
            if dead.is_empty() {
                break;
            }
        }
        let le = (0..n * n).map(|d| alive[2 * d + 1]).collect();
        Ok(SideOrder { n, le })
    }

    /// u ≤ v on this side.
    pub fn le(&self, u: u32, v: u32) -> bool {
        self.le[u as usize * self.n + v as usize]
    }

    /// u = v on this side.
    pub fn eq(&self, u: u32, v: u32) -> bool {
        self.le(u, v) && self.le(v, u)
    }
}

/// The states of the comparison of the vertices of a graph, and their
/// moves.
struct Arena<'a> {
    graph: &'a Graph,
    reversed: (Vec<Vec<u32>>, Vec<Vec<u32>>),
    n: usize,
    side: Side,
}

impl Arena<'_> {
    /// The moves of state `s`: each the state reached and whether it is in
    /// the part the side favours (H, v, for the onside; G, u, for the
    /// offside). Left moves v to a Left option or u to a Right option
    /// (-u's Left options are the negatives of u's Right options); Right
    /// the other way round.
    fn moves(&self, s: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        let (d, right_to_move) = (s / 2, s % 2 == 1);
        let (u, v) = ((d / self.n) as u32, (d % self.n) as u32);
        let next = usize::from(!right_to_move);
        let in_v = self
            .graph
            .options(v, !right_to_move)
            .iter()
            .map(move |&v2| {
                let t = 2 * (u as usize * self.n + v2 as usize) + next;
                (t, self.side == Side::On)
            });
        let in_u = self.graph.options(u, right_to_move).iter().map(move |&u2| {
            let t = 2 * (u2 as usize * self.n + v as usize) + next;
            (t, self.side == Side::Off)
        });
        in_v.chain(in_u)
    }

    /// The states with a move to state `t`, each with whether that move
    /// is in the favoured part; once for each such move.
    fn predecessors(&self, t: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        let (d, right_to_move) = (t / 2, t % 2 == 1);
        let (u, v) = ((d / self.n) as u32, (d % self.n) as u32);
        // The mover was the other player: Left where Right is to move.
        let left_moved = right_to_move;
        let previous = usize::from(left_moved);
        let (by_left, by_right) = &self.reversed;
        let (into_v, into_u) = match left_moved {
            true => (&by_left[v as usize], &by_right[u as usize]),
            false => (&by_right[v as usize], &by_left[u as usize]),
        };
        let from_v = into_v.iter().map(move |&v2| {
            let s = 2 * (u as usize * self.n + v2 as usize) + 1 - previous;
            (s, self.side == Side::On)
        });
        let from_u = into_u.iter().map(move |&u2| {
            let s = 2 * (u2 as usize * self.n + v as usize) + 1 - previous;
            (s, self.side == Side::Off)
        });
        from_v.chain(from_u)
    }
}

/// Whether vertex 0 of `g` and vertex 0 of `h` are equal on `side`.
pub fn side_eq(g: &Graph, h: &Graph, side: Side, interrupt: Option<&Interrupt>) -> Result<bool> {
    let mut union = g.game(0);
    let h0 = union.append(&h.game(0));
    Ok(SideOrder::of(&union, side, interrupt)?.eq(0, h0))
}

/// Whether vertex 0 of `g` is at most vertex 0 of `h` on `side`.
pub fn side_le(g: &Graph, h: &Graph, side: Side, interrupt: Option<&Interrupt>) -> Result<bool> {
    let mut union = g.game(0);
    let h0 = union.append(&h.game(0));
    Ok(SideOrder::of(&union, side, interrupt)?.le(0, h0))
}

/// The side `side` of the game at vertex 0 of `game`, in simplest form,
/// where it is found (see the module's notes); `None` where no change
/// tried keeps it. More than [`MAX_SIDED_POSITIONS`] positions are a
/// limit. Stopped, an error, when `interrupt` is set.
pub fn side(game: &Graph, side: Side, interrupt: Option<&Interrupt>) -> Result<Option<Graph>> {
    let original = game.game(0);
    if original.len() > MAX_SIDED_POSITIONS {
        return Err(Error::Limit(format!(
            "the sides of a loopy game of {} positions are not sought: at most \
             {MAX_SIDED_POSITIONS}",
            original.len()
        )));
    }
    let mut current = original.clone();
    // Each change kept takes moves out of a cycle or to a stopper, so
    // there are at most as many as moves. Each kind of change is tried on
    // all the moves it applies to at once before one move at a time.
    while !current.is_stopper() {
        let mut kept = None;
        'tries: for kind in changes(&current, side) {
            let at_once = (kind.len() > 1).then(|| kind.clone());
            let one_by_one = kind.into_iter().map(|c| vec![c]);
            for tried in at_once.into_iter().chain(one_by_one) {
                let changed = apply(&current, &tried);
                if side_eq(&original, &changed, side, interrupt)? {
                    kept = Some(changed.game(0));
                    break 'tries;
                }
            }
        }
        match kept {
            Some(changed) => current = changed,
            None => return Ok(None),
        }
    }
    simplest(&current, interrupt).map(Some)
}

/// A change of one move of a graph.
#[derive(Clone, Copy, Debug)]
struct Change {
    vertex: u32,
    left: bool,
    index: usize,
    /// Where the move goes instead: nowhere (it is taken out), or to
    /// `on` (for Left) or `off` (for Right), a vertex added.
    to_end: bool,
}

/// `graph` with each of `changes` made.
fn apply(graph: &Graph, changes: &[Change]) -> Graph {
    let mut changed = graph.clone();
    // on = {on|}, off = {|off}: a vertex that passes for its player alone,
    // added where a change sends a move to it.
    let mut ends = [None, None];
    let mut end = |changed: &mut Graph, left: bool| -> u32 {
        *ends[usize::from(left)].get_or_insert_with(|| {
            let end = changed.vertex();
            match left {
                true => changed.set(end, vec![end], vec![]),
                false => changed.set(end, vec![], vec![end]),
            }
            end
        })
    };
    let mut options: Vec<[Vec<Option<u32>>; 2]> = (0..graph.len() as u32)
        .map(|v| {
            [true, false].map(|left| graph.options(v, left).iter().map(|&w| Some(w)).collect())
        })
        .collect();
    for c in changes {
        options[c.vertex as usize][usize::from(!c.left)][c.index] = match c.to_end {
            false => None,
            true => Some(end(&mut changed, c.left)),
        };
    }
    for (v, [left, right]) in options.into_iter().enumerate() {
        let kept = |options: Vec<Option<u32>>| options.into_iter().flatten().collect();
        changed.set(v as u32, kept(left), kept(right));
    }
    changed
}

/// The changes to try, by kind, in order: for the onside, Right's moves
/// on alternating cycles taken out (a play round them is Left's anyway),
/// then Left's, then Left's sent to `on`; for the offside the same with
/// the players exchanged.
fn changes(graph: &Graph, side: Side) -> Vec<Vec<Change>> {
    let on_cycle = cyclic_moves(graph);
    // Whose moves are taken out first: Right's on the onside.
    let first_left = side == Side::Off;
    let kinds = [
        (first_left, false),
        (!first_left, false),
        (!first_left, true),
    ];
    kinds
        .iter()
        .map(|&(left, to_end)| {
            (on_cycle.iter().filter(|&&(_, l, _)| l == left))
                .map(|&(vertex, _, index)| Change {
                    vertex,
                    left,
                    index,
                    to_end,
                })
                .collect()
        })
        .collect()
}

/// The moves (vertex, Left's, index among its options) that lie on a
/// cycle of alternating moves: those whose two ends, as (vertex, player
/// to move) states, are in one strongly connected component.
fn cyclic_moves(graph: &Graph) -> Vec<(u32, bool, usize)> {
    let states = 2 * graph.len();
    // State 2v: Left to move at v; 2v + 1: Right to move.
    let successors = |s: usize| -> Vec<usize> {
        let left = s % 2 == 0;
        (graph.options((s / 2) as u32, left).iter())
            .map(|&w| 2 * w as usize + usize::from(left))
            .collect()
    };
    let component = components(states, &successors);
    let mut moves = Vec::new();
    for v in 0..graph.len() as u32 {
        for left in [true, false] {
            let s = 2 * v as usize + usize::from(!left);
            for (index, &w) in graph.options(v, left).iter().enumerate() {
                let t = 2 * w as usize + usize::from(left);
                if component[s] == component[t] {
                    moves.push((v, left, index));
                }
            }
        }
    }
    moves
}

/// The strongly connected component of each of `count` states (Tarjan's
/// algorithm, without recursion).
fn components(count: usize, successors: &dyn Fn(usize) -> Vec<usize>) -> Vec<usize> {
    const UNSEEN: usize = usize::MAX;
    let mut index = vec![UNSEEN; count];
    let mut low = vec![0; count];
    let mut on_stack = vec![false; count];
    let mut component = vec![UNSEEN; count];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut components = 0;
    for root in 0..count {
        if index[root] != UNSEEN {
            continue;
        }
        // (state, its successors, how many are done)
        let mut calls: Vec<(usize, Vec<usize>, usize)> = vec![(root, successors(root), 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((s, after, done)) = calls.last_mut() {
            let s = *s;
            if *done < after.len() {
                let t = after[*done];
                *done += 1;
                if index[t] == UNSEEN {
                    index[t] = next;
                    low[t] = next;
                    next += 1;
                    stack.push(t);
                    on_stack[t] = true;
                    calls.push((t, successors(t), 0));
                } else if on_stack[t] {
                    low[s] = low[s].min(index[t]);
                }
                continue;
            }
            calls.pop();
            if let Some((parent, _, _)) = calls.last() {
                low[*parent] = low[*parent].min(low[s]);
            }
            if low[s] == index[s] {
                while let Some(t) = stack.pop() {
                    on_stack[t] = false;
                    component[t] = components;
                    if t == s {
                        break;
                    }
                }
                components += 1;
            }
        }
    }
    component
}
