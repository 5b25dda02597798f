//! The traits a game implements.
//!
//! ```
//! use grundy::{Game, Solver};
//!
//! /// Subtraction(1,2) by hand: take one or two tokens. G(n) = n mod 3.
//! struct TakeOneOrTwo;
//!
//! impl Game for TakeOneOrTwo {
//!     type Position = u32;
//!
//!     fn options(&self, n: &u32) -> grundy::Result<Vec<Vec<u32>>> {
//!         // Each option is a sum of positions: here one heap.
//!         Ok([1, 2].iter().filter(|&&s| s <= *n).map(|s| vec![n - s]).collect())
//!     }
//!
//!     fn format_position(&self, n: &u32) -> String {
//!         n.to_string()
//!     }
//! }
//!
//! let mut solver = Solver::new(TakeOneOrTwo);
//! assert_eq!(solver.nimber(&7).unwrap(), 1);
//! assert_eq!(solver.nimber(&9).unwrap(), 0);
//! ```

use std::fmt::Debug;
use std::hash::Hash;

use num_bigint::BigUint;

use crate::error::{Error, Result};
use crate::period::Proof;
use crate::retrograde::loopy::LoopyValue;
use crate::take_and_break::TakeAndBreak;
use crate::value::Outcome;
use crate::word::Word;

/// An impartial game: positions and the options of each.
///
/// An option is the *sum* of positions a move leads to: one position for most
/// games, several when a move splits a heap (multi-SG, take-and-break). The
/// Grundy value of an option is the XOR of its parts.
pub trait Game {
    /// A position of the game, hashed and kept once by the solvers (so it
    /// should be small: a heap size, a bitboard).
    type Position: Clone + Eq + Hash + Debug;

    /// Every option of `position`. Fails when the position is too large for
    /// its options to be listed.
    fn options(&self, position: &Self::Position) -> Result<Vec<Vec<Self::Position>>>;

    /// The position as an expression writes it (used in moves and errors).
    fn format_position(&self, position: &Self::Position) -> String;

    /// The bytes `position` holds beyond its `size_of` (a script's text),
    /// which solvers count against their memory budget. By default none:
    /// the catalogue's positions are numbers of a few words.
    fn heap_bytes(&self, _position: &Self::Position) -> u64 {
        0
    }

    /// The Grundy value of `position` by a theorem, where one gives it at a
    /// glance: the solvers then list none of its options. By default none.
    fn closed_nimber(&self, _position: &Self::Position) -> Option<u64> {
        None
    }
}

/// How many of something there are: exactly, or at least that many where
/// counting them all would not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// There are exactly this many.
    Exactly(u64),
    /// There are at least this many; counting stopped at this bound.
    AtLeast(u64),
}

impl Count {
    /// The number counted (all of them, or the bound).
    pub fn number(self) -> u64 {
        match self {
            Count::Exactly(n) | Count::AtLeast(n) => n,
        }
    }

    /// The count of two lists together.
    pub fn plus(self, other: Count) -> Count {
        let n = self.number().saturating_add(other.number());
        match (self, other) {
            (Count::Exactly(_), Count::Exactly(_)) => Count::Exactly(n),
            _ => Count::AtLeast(n),
        }
    }
}

/// The first few of a list, and how long the whole list is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed<T> {
    /// The first items, in the order the list has them.
    pub items: Vec<T>,
    /// The length of the whole list, `items` included.
    pub total: Count,
}

impl<T> Listed<T> {
    /// The first `most` items of a list known in full.
    pub fn first(mut all: Vec<T>, most: usize) -> Listed<T> {
        let total = Count::Exactly(all.len() as u64);
        all.truncate(most);
        Listed { items: all, total }
    }

    /// The same list with `f` applied to each item shown; the total is kept.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Listed<U> {
        Listed {
            items: self.items.into_iter().map(f).collect(),
            total: self.total,
        }
    }
}

/// How many words of an expression make one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Every `n` words are a position, so `wythoff 3 5 1 2` is two positions.
    Each(usize),
    /// All the words are one position, as in `staircase 3 0 2`, where the
    /// number of stairs is up to the user.
    Whole,
}

/// A game's rules with their parameters, as the catalogue offers it: it can
/// be named, parsed and printed in expressions, and may know closed forms.
pub trait Ruleset: Game<Position: Send + Sync + 'static> + Send + Sync + 'static {
    /// The ruleset as an expression writes it, parameters included:
    /// `subtraction(1,3,4)`. Components with equal names belong together.
    fn name(&self) -> String;

    /// The SHA-256 digest of the file the rules were read from (a script,
    /// a graph file; see `file::sha256_hex`), which the name does not describe: what is
    /// kept from one question to the next for a ruleset is kept under its
    /// name and this digest, so an edited file is not answered from what
    /// its old text gave. `None` for a family whose name says all its rules.
    fn digest(&self) -> Option<String> {
        None
    }

    /// What a component of this ruleset is called in a move: "heap", "token".
    fn noun(&self) -> &'static str {
        "heap"
    }

    /// How the words of an expression make positions: one word a heap.
    fn arity(&self) -> Arity {
        Arity::Each(1)
    }

    /// Reads one position from its words (as many as `arity()` says).
    fn parse_position(&self, words: &[Word]) -> Result<Self::Position>;

    /// Whether a word `P*K` is one position this ruleset reads itself
    /// (Lieges of Legendre keeps K heaps of x as the one position `x*K`,
    /// however large K is). For every other ruleset `P*K` is K copies of the
    /// position P, each a component of the sum.
    fn reads_repeats(&self) -> bool {
        false
    }

    /// The position (a, b) as an expression writes it after the ruleset's
    /// name, where positions can be two numbers (`grundy table`); `None`
    /// where they cannot. By default a ruleset that reads two words a
    /// position (Wythoff, Euclid) has these positions, written `a b`.
    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        (self.arity() == Arity::Each(2)).then(|| format!("{a} {b}"))
    }

    /// The Grundy value from a closed form or a proven table, where the family
    /// has one; `Ok(None)` leaves the position to exhaustive search.
    fn formula_nimber(&self, _position: &Self::Position) -> Result<Option<BigUint>> {
        Ok(None)
    }

    /// The Grundy value by a search of the ruleset's own, where it has one
    /// that beats the exhaustive search of whole positions (the impartial
    /// variant of a partizan family splits options into regions): it
    /// reports the positions solved to `progress`, which stops it by
    /// answering `false`, as the exhaustive search does. `Ok(None)` leaves
    /// the position to the exhaustive search.
    fn searched_nimber(
        &self,
        _position: &Self::Position,
        _progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Option<BigUint>> {
        Ok(None)
    }

    /// The outcome alone from a closed form, for a ruleset that states who
    /// wins without the Grundy value (a script's `fn outcome`); `Ok(None)`
    /// where it does not. Only a position alone in a sum is answered by it.
    fn formula_outcome(&self, _position: &Self::Position) -> Result<Option<Outcome>> {
        Ok(None)
    }

    /// Whether the rules let the player to move at `position` win at once,
    /// ending the whole sum (an "ender": in POJ 2311's cutting game,
    /// whoever cuts out a 1x1 piece wins). A ruleset with such positions
    /// lists only its *safe* moves as options, those that leave no part
    /// from which the opponent wins at once (any other move loses at
    /// once), and its nimbers are those of the safe moves.
    fn wins_at_once(&self, _position: &Self::Position) -> Result<bool> {
        Ok(false)
    }

    /// Whether some positions win at once (see `wins_at_once`): misère and
    /// every-move play, which the safe moves do not decide, are refused.
    fn has_wins_at_once(&self) -> bool {
        false
    }

    /// The generalized Sprague-Grundy value of a position of a loopy game
    /// (one whose play can go on forever) where it is infinite: `∞(K)`, with
    /// no nimber, for a ruleset that knows its values up front (`graph`).
    /// `None`, the default, says the value is the nimber, or is left to
    /// search, which finds the cycles and their values itself.
    fn loopy_value(&self, _position: &Self::Position) -> Option<LoopyValue> {
        None
    }

    /// The generalized Sprague-Grundy value of every position, by number,
    /// where the positions are the vertices of a graph whose values are
    /// known up front (`graph`): what `grundy solve --all-starts` lists.
    /// An error where the list would pass `memory` bytes; `None`, the
    /// default, for a ruleset whose positions cannot be listed.
    fn all_values(&self, _memory: u64) -> Option<Result<Vec<LoopyValue>>> {
        None
    }

    /// The options whose Grundy value is `target`, found directly from the
    /// closed form (for positions too large to list every option); `Ok(None)`
    /// lets the caller list the options and keep those of value `target`.
    fn formula_options_with_nimber(
        &self,
        _position: &Self::Position,
        _target: &BigUint,
    ) -> Result<Option<Vec<Vec<Self::Position>>>> {
        Ok(None)
    }

    /// For a position whose options of value `target` are too many to list
    /// (a huge take-and-break heap): the first `most` of them, and how many
    /// there are in all, or at least. `Ok(None)` when the ruleset cannot.
    fn some_options_with_nimber(
        &self,
        _position: &Self::Position,
        _target: &BigUint,
        _most: usize,
    ) -> Result<Option<Listed<Vec<Self::Position>>>> {
        Ok(None)
    }

    /// The ruleset as the nim-sequence engine sees it, when its positions
    /// are heaps (`grundy sequence` works on these).
    fn heap_game(&self) -> Option<&dyn HeapGame> {
        None
    }

    /// Whether this is Nim itself (a heap's options are the smaller heaps),
    /// so that misère play of a sum of its heaps follows the anti-Nim rule.
    fn plays_as_nim(&self) -> bool {
        false
    }
}

/// A heap ruleset as the nim-sequence engine sees it.
pub trait HeapGame: Send + Sync {
    /// Calls `visit` with every option of heap `n`, each the list of heaps
    /// it leaves (an option's value is the XOR of theirs).
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize]));

    /// The regularity of the whole sequence where the family proves it (by a
    /// closed form or a theorem of its own).
    fn known_regularity(&self) -> Option<Proof> {
        None
    }

    /// The code of a take-and-break game, which has an engine of its own.
    fn take_and_break(&self) -> Option<&TakeAndBreak> {
        None
    }

    /// The first error met in `visit_options`, which cannot fail itself (a
    /// script can): the values from that heap on are wrong, so whoever
    /// computes a sequence checks this after each chunk and reports it.
    fn failure(&self) -> Option<Error> {
        None
    }
}

/// Shared and borrowed games are games: solvers take them by value.
macro_rules! forward_game {
    ($($pointer:ty),*) => {$(
        impl<G: Game + ?Sized> Game for $pointer {
            type Position = G::Position;

            fn options(&self, position: &Self::Position) -> Result<Vec<Vec<Self::Position>>> {
                (**self).options(position)
            }

            fn format_position(&self, position: &Self::Position) -> String {
                (**self).format_position(position)
            }

            fn heap_bytes(&self, position: &Self::Position) -> u64 {
                (**self).heap_bytes(position)
            }
        }
    )*};
}

forward_game!(&G, std::sync::Arc<G>);

/// A game under the misère convention, recast as a normal-play game: a
/// position with no move gets one move, to `Ended`. The player who cannot move
/// in the original game makes the last move here and wins, so a position is
/// misère-P exactly when its nimber here is 0 and `Solver` finds misère
/// outcomes as it finds normal ones.
///
/// Only for games whose options are single positions, such as a whole sum
/// searched as one game: misère values do not add up over the parts of a sum.
pub struct Misere<G>(pub G);

/// A position of [`Misere<G>`]: one of `G`'s, or the end of play.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MiserePosition<P> {
    /// A position of the original game, play still going.
    Playing(P),
    /// The game is over: the player who could not move has won.
    Ended,
}

impl<G: Game> Game for Misere<G> {
    type Position = MiserePosition<G::Position>;

    fn options(&self, position: &Self::Position) -> Result<Vec<Vec<Self::Position>>> {
        let MiserePosition::Playing(position) = position else {
            return Ok(vec![]);
        };
        let options = self.0.options(position)?;
        if options.is_empty() {
            return Ok(vec![vec![MiserePosition::Ended]]);
        }
        options
            .into_iter()
            .map(|option| match <[_; 1]>::try_from(option) {
                Ok([single]) => Ok(vec![MiserePosition::Playing(single)]),
                Err(_) => Err(Error::Unsupported(
                    "misère search of a game whose moves split it into a sum".into(),
                )),
            })
            .collect()
    }

    fn format_position(&self, position: &Self::Position) -> String {
        match position {
            MiserePosition::Playing(p) => self.0.format_position(p),
            MiserePosition::Ended => "(over)".into(),
        }
    }

    fn heap_bytes(&self, position: &Self::Position) -> u64 {
        match position {
            MiserePosition::Playing(p) => self.0.heap_bytes(p),
            MiserePosition::Ended => 0,
        }
    }
}
