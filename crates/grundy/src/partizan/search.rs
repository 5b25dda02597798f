//! The value of a position of any short partizan game: its options'
//! values, found by a memoised search, put together by [`Games::game`]. A
//! position that falls apart into independent parts (regions of a board)
//! is the sum of their values, and each part is valued once under the key
//! its rules give it, so the mirror images of a region share one entry.

use hashbrown::{HashMap, HashSet};
use std::hash::Hash;
use std::sync::Arc;

use super::{Dyadic, GameId, Games};
use crate::error::{Error, Result};
use crate::memory;
use crate::sharded::Sharded;

/// The rules of a short partizan game: who may move where. Play ends when
/// the player to move has no option, and that player loses.
pub trait ShortGame {
    /// A position; a part's key is remembered with its value, so it should be
    /// small and written one way (a region moved to a corner).
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

    /// [`ShortGame::parts`] of `p` appended to `out`, which a search reuses
    /// from option to option rather than take a new vector for each.
    fn parts_into(&self, p: &Self::Position, out: &mut Vec<Part<Self::Position>>) {
        out.extend(self.parts(p));
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

    /// Whether play might come back to a position (rules from a script):
    /// the search then watches for a position on its own path, which makes
    /// the game no short game. Built-in families never repeat.
    fn may_repeat(&self) -> bool {
        false
    }

    /// An error met while listing options (a script's), which the option
    /// lists cannot return: the search stops with it.
    fn failure(&self) -> Option<Error> {
        None
    }
}

/// A shared game is the game: a family's rules held by its table of values
/// and by its impartial variant at once.
impl<G: ShortGame + ?Sized> ShortGame for Arc<G> {
    type Position = G::Position;

    fn left_options(&self, p: &G::Position) -> Vec<G::Position> {
        (**self).left_options(p)
    }

    fn right_options(&self, p: &G::Position) -> Vec<G::Position> {
        (**self).right_options(p)
    }

    fn parts(&self, p: &G::Position) -> Vec<Part<G::Position>> {
        (**self).parts(p)
    }

    fn parts_into(&self, p: &G::Position, out: &mut Vec<Part<G::Position>>) {
        (**self).parts_into(p, out)
    }

    fn number(&self, p: &G::Position) -> Option<Dyadic> {
        (**self).number(p)
    }

    fn option_count(&self, p: &G::Position) -> Option<u64> {
        (**self).option_count(p)
    }

    fn heap_bytes(&self, p: &G::Position) -> usize {
        (**self).heap_bytes(p)
    }

    fn may_repeat(&self) -> bool {
        (**self).may_repeat()
    }

    fn failure(&self) -> Option<Error> {
        (**self).failure()
    }
}

/// One of the independent parts of a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Part<P> {
    /// The position the part's value is remembered by.
    pub key: P,
    /// Whether the part is the negative of `key` (Left and Right swapped).
    pub negated: bool,
}

/// Values known before a search, by position, each a canonical form as
/// text (a database's), shared by every search given them.
pub type Given<P> = HashMap<P, Box<str>>;

/// Every how many positions valued the progress callback is asked whether
/// to go on.
const PROGRESS_EVERY: u64 = 1 << 12;

/// A memoised search for values of one game's positions, in one table of
/// [`Games`] (the values it remembers are ids in that table).
pub struct Valuer<G: ShortGame> {
    game: G,
    values: Sharded<G::Position, GameId>,
    /// Values known before the search, as text (a database's), read into
    /// the table when first asked for.
    given: Arc<Given<G::Position>>,
    /// What `given` holds, for the budget.
    given_bytes: u64,
    /// What the given positions hold and the remembered ones hold on the
    /// heap, for the budget (`values` counts its tables).
    bytes: u64,
    /// The values of the options of the part last valued, kept from one
    /// part to the next (no vector each).
    option_values: Vec<GameId>,
    budget: u64,
}

impl<G: ShortGame> Valuer<G> {
    /// A search within the process's memory budget.
    pub fn new(game: G) -> Valuer<G> {
        Valuer::with_budget(game, memory::budget())
    }

    /// A search that stops with a limit error before the positions it
    /// remembers would take more than `budget` bytes.
    pub fn with_budget(game: G, budget: u64) -> Valuer<G> {
        Valuer {
            game,
            values: Sharded::new(),
            given: Arc::default(),
            given_bytes: 0,
            bytes: 0,
            option_values: Vec::new(),
            budget,
        }
    }

    /// Gives the values of parts known before the search (each the
    /// canonical form of a key, as text), which it takes rather than
    /// search them.
    pub fn given(mut self, given: Arc<Given<G::Position>>) -> Valuer<G> {
        let each = size_of::<(G::Position, Box<str>)>() as u64;
        let heap: u64 = (given.iter())
            .map(|(p, text)| (self.game.heap_bytes(p) + text.len()) as u64)
            .sum();
        self.given_bytes = memory::hashed(given.len() as u64, each) + heap;
        self.bytes = self.given_bytes;
        self.given = given;
        self
    }

    /// The game whose positions this search values.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Forgets every value found: the ids it remembers are of a table that
    /// is being dropped (one that met a limit).
    pub fn forget(&mut self) {
        self.values = Sharded::new();
        self.bytes = self.given_bytes;
    }

    /// What the remembered positions take, for the memory budget (the
    /// values themselves are in the table of games).
    pub fn bytes(&self) -> u64 {
        self.bytes + self.values.bytes()
    }

    /// How many parts have been valued.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no part has been valued yet.
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
            let value = self.part_value(games, &part.key, progress, usize::MAX)?;
            let mut value = value.expect("no bound on the positions valued");
            if part.negated {
                value = games.neg(value);
            }
            total = games.add(total, value);
        }
        games.check()?;
        Ok(total)
    }

    /// The value of a part (a key of [`ShortGame::parts`]) where it is
    /// found valuing at most `most` positions not valued before; `None`
    /// where more are needed (those valued on the way are kept).
    pub fn part_value_within(
        &mut self,
        games: &mut Games,
        key: &G::Position,
        most: usize,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Option<GameId>> {
        let value = self.part_value(games, key, progress, most)?;
        games.check()?;
        Ok(value)
    }

    /// The value of a part, remembered under its key: its own when known,
    /// else by a depth-first search over the options with a stack of its
    /// own (play may be a million moves deep); `None` where that would
    /// value more than `most` new positions.
    fn part_value(
        &mut self,
        games: &mut Games,
        key: &G::Position,
        progress: &mut dyn FnMut(u64) -> bool,
        most: usize,
    ) -> Result<Option<GameId>> {
        if let Some(known) = self.known(games, key) {
            return Ok(Some(known));
        }
        let last = self.values.len().saturating_add(most);
        let repeats = self.game.may_repeat();
        let mut path = HashSet::new();
        let mut stack = vec![self.frame(key.clone())?];
        let mut stack_bytes = stack[0].bytes();
        if repeats {
            path.insert(key.clone());
        }
        loop {
            let top = stack
                .last_mut()
                .expect("the stack holds the part asked about");
            while let Some((_, part)) = top.parts.get(top.values.len()) {
                let Some(value) = self.known(games, &part.key) else {
                    break;
                };
                top.values.push(value);
            }
            if let Some((_, part)) = top.parts.get(top.values.len()) {
                let key = part.key.clone();
                if repeats && !path.insert(key.clone()) {
                    return Err(Error::Unsupported(format!(
                        "a position comes back after {} moves: play can go on forever, so \
                         the game is not short and has no value (solve it strongly instead, \
                         with a player to move)",
                        stack.len()
                    )));
                }
                let frame = self.frame(key)?;
                stack_bytes += frame.bytes();
                self.check_budget(games, stack_bytes)?;
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("a frame on top");
            stack_bytes -= frame.bytes();
            if repeats {
                path.remove(&frame.key);
            }
            let mut values = std::mem::take(&mut self.option_values);
            values.clear();
            values.resize(frame.options, games.zero());
            for ((option, part), &(mut v)) in frame.parts.iter().zip(&frame.values) {
                if part.negated {
                    v = games.neg(v);
                }
                values[*option] = games.add(values[*option], v);
            }
            let value = games.game(&values[..frame.left], &values[frame.left..]);
            self.option_values = values;
            self.bytes += self.game.heap_bytes(&frame.key) as u64;
            self.check_budget(games, stack_bytes)?;
            self.values.insert(frame.key, value);
            if stack.is_empty() {
                return Ok(Some(value));
            }
            if self.values.len() >= last {
                return Ok(None);
            }
            let count = self.values.len() as u64;
            if count % PROGRESS_EVERY == 0 && !progress(count) {
                return Err(Error::Limit(format!(
                    "interrupted after valuing {count} positions"
                )));
            }
        }
    }

    /// The value of a part already remembered, or given by a closed form
    /// or before the search (read into `games` then, and remembered).
    pub fn known(&mut self, games: &mut Games, key: &G::Position) -> Option<GameId> {
        if let Some(&known) = self.values.get(key) {
            return Some(known);
        }
        if let Some(x) = self.game.number(key) {
            return Some(games.number(x));
        }
        // A text that does not read (a table past its limits) leaves the
        // part to the search.
        let value = games.read(self.given.get(key)?, 1).ok()?;
        self.bytes += self.game.heap_bytes(key) as u64;
        self.values.insert(key.clone(), value);
        Some(value)
    }

    /// A part to value: its options, Left's first, split into their parts.
    fn frame(&self, key: G::Position) -> Result<Frame<G::Position>> {
        let left = self.game.left_options(&key);
        let right = self.game.right_options(&key);
        if let Some(error) = self.game.failure() {
            return Err(error);
        }
        let (mut parts, mut split) = (Vec::new(), Vec::new());
        for (i, option) in left.iter().chain(&right).enumerate() {
            self.game.parts_into(option, &mut split);
            parts.extend(split.drain(..).map(|part| (i, part)));
        }
        if let Some(error) = self.game.failure() {
            return Err(error);
        }
        Ok(Frame {
            key,
            left: left.len(),
            options: left.len() + right.len(),
            values: Vec::with_capacity(parts.len()),
            parts,
        })
    }

    /// Whether the search and the table of games stay within their limits.
    fn check_budget(&self, games: &Games, stack_bytes: u64) -> Result<()> {
        games.check()?;
        if self.bytes() + games.bytes() + stack_bytes > self.budget {
            return Err(Error::Limit(format!(
                "the values need more than {}, the memory budget ({} positions valued, {} \
                 distinct games)",
                memory::Size(self.budget),
                self.values.len(),
                games.len()
            )));
        }
        Ok(())
    }
}

/// A part being valued: its options (the first `left` Left's), each split
/// into parts, and the values of the first of those parts, found so far.
struct Frame<P> {
    key: P,
    left: usize,
    options: usize,
    parts: Vec<(usize, Part<P>)>,
    values: Vec<GameId>,
}

impl<P> Frame<P> {
    /// What the frame holds, for the budget (positions' own heap aside).
    fn bytes(&self) -> u64 {
        (size_of::<Frame<P>>()
            + self.parts.capacity() * size_of::<(usize, Part<P>)>()
            + self.values.capacity() * size_of::<GameId>()) as u64
    }
}
