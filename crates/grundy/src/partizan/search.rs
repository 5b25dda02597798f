//! The value of a position of any short partizan game: its options'
//! values, found by a memoised search, put together by [`Games::game`]. A
//! position that falls apart into independent parts (regions of a board)
//! is the sum of their values, and each part is valued once under the key
//! its rules give it, so the mirror images of a region share one entry.

use hashbrown::HashMap;
use std::hash::Hash;

use super::{Dyadic, GameId, Games};
use crate::error::{Error, Result};
use crate::memory;

/// The rules of a short partizan game: who may move where. Play ends when
/// the player to move has no option, and that player loses.
pub trait ShortGame {
    type Position: Clone + Eq + Hash;

    /// Where Left may move from `p`.
    fn left_options(&self, p: &Self::Position) -> Vec<Self::Position>;

    /// Where Right may move from `p`.
    fn right_options(&self, p: &Self::Position) -> Vec<Self::Position>;

    /// The independent parts whose sum `p` is, each as the key it is
    /// remembered by (a region of a board moved to a corner, the least of
    /// its mirror images), and whether the part is the negative of its
    /// key (a Domineering region is the negative of its transpose). Parts
    /// with no move for either player may be left out. The default: `p`,
    /// whole.
    fn parts(&self, p: &Self::Position) -> Vec<Part<Self::Position>> {
        vec![Part {
            key: p.clone(),
            negated: false,
        }]
    }

    /// The value of `p` by a closed form, when the family has one that
    /// gives a number; the search is then skipped. (Each family tests its
    /// closed form against the search, with this left out.)
    fn number(&self, _p: &Self::Position) -> Option<Dyadic> {
        None
    }

    /// How many options `p` has for both players together, when the family
    /// can count them without listing them; a front end lists the moves of
    /// a position only when they are few (a cake a billion columns wide
    /// has half a billion cuts).
    fn option_count(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// What `p` holds on the heap beyond its own size, for the budget.
    fn heap_bytes(&self, _p: &Self::Position) -> usize {
        0
    }
}

/// One of the independent parts of a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Part<P> {
    pub key: P,
    pub negated: bool,
}

/// Every how many positions valued the progress callback is asked whether
/// to go on.
const PROGRESS_EVERY: u64 = 1 << 12;

/// A memoised search for values of one game's positions, in one table of
/// [`Games`] (the values it remembers are ids in that table).
pub struct Valuer<G: ShortGame> {
    game: G,
    values: HashMap<G::Position, GameId>,
    /// What the remembered positions hold, for the budget.
    bytes: u64,
    budget: u64,
}

impl<G: ShortGame> Valuer<G> {
    /// A search within the process's memory budget.
    pub fn new(game: G) -> Valuer<G> {
        Valuer::with_budget(game, memory::budget())
    }

    pub fn with_budget(game: G, budget: u64) -> Valuer<G> {
        Valuer {
            game,
            values: HashMap::new(),
            bytes: 0,
            budget,
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many parts have been valued.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of `p`: the sum of its parts' values. `progress` is told
    /// how many parts have been valued, now and then, and stops the search
    /// by answering false.
    pub fn value(
        &mut self,
        games: &mut Games,
        p: &G::Position,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<GameId> {
        let mut total = games.zero();
        for part in self.game.parts(p) {
            let mut value = self.part_value(games, &part.key, progress)?;
            if part.negated {
                value = games.neg(value);
            }
            total = games.add(total, value);
        }
        Ok(total)
    }

    /// The value of a part, by its options, remembered under its key.
    fn part_value(
        &mut self,
        games: &mut Games,
        key: &G::Position,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<GameId> {
        if let Some(&known) = self.values.get(key) {
            return Ok(known);
        }
        if let Some(x) = self.game.number(key) {
            return Ok(games.number(x));
        }
        let mut left = Vec::new();
        for option in self.game.left_options(key) {
            left.push(self.value(games, &option, progress)?);
        }
        let mut right = Vec::new();
        for option in self.game.right_options(key) {
            right.push(self.value(games, &option, progress)?);
        }
        let value = games.game(&left, &right);
        self.bytes += memory::hashed(
            1,
            (size_of::<(G::Position, GameId)>() + self.game.heap_bytes(key)) as u64,
        );
        let needed = self.bytes + games.bytes();
        if needed > self.budget {
            return Err(Error::Limit(format!(
                "the values need more than {} MiB, the memory budget ({} positions valued, {} \
                 distinct games)",
                self.budget >> 20,
                self.values.len(),
                games.len()
            )));
        }
        self.values.insert(key.clone(), value);
        let count = self.values.len() as u64;
        if count % PROGRESS_EVERY == 0 && !progress(count) {
            return Err(Error::Limit(format!(
                "interrupted after valuing {count} positions"
            )));
        }
        Ok(value)
    }
}
