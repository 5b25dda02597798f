//! Values of games: nimbers, the mex, outcomes, conventions; the standing
//! and remoteness of a position in a game solved strongly.
//!
//! ```
//! use grundy::value::{mex, MexSet};
//!
//! // The mex is the least number not in the set: mex {0, 1, 3} = 2, and the
//! // empty set's is 0 (a position with no move has nimber 0).
//! assert_eq!(mex([0, 1, 3]), 2);
//! assert_eq!(mex([]), 0);
//! let mut set = MexSet::new();
//! for value in [0, 1, 3] {
//!     set.insert(value, 3);
//! }
//! assert_eq!(set.mex(), 2);
//! ```

use std::fmt;

/// Who wins a position under optimal play.
///
/// For impartial games under normal play a position is `P` (the previous
/// player, the one who just moved, wins) exactly when its nimber is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player wins: the player to move loses.
    P,
    /// The next player, the one to move, wins.
    N,
    /// A draw: play can go on forever in a loopy game, and neither player
    /// can force a win.
    D,
}

impl Outcome {
    /// The outcome of a normal-play position with this nimber being zero or not.
    pub fn from_nimber_is_zero(is_zero: bool) -> Outcome {
        if is_zero {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The outcome of a position whose player to move wins or not.
    pub fn from_mover_wins(wins: bool) -> Outcome {
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The outcome's letter, as tables and answers print it: `P`, `N`, `D`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }

    /// What the outcome means for the player to move, in a few words.
    pub fn explanation(self) -> &'static str {
        match self {
            Outcome::P => "the player to move loses",
            Outcome::N => "the player to move wins",
            Outcome::D => "draw: neither player can force a win",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// Who wins when the player to move has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// Who cannot move loses: the Sprague-Grundy theory applies.
    Normal,
    /// Who cannot move wins (who makes the last move loses).
    Misere,
}

impl Convention {
    /// The name DESIGN.md gives it: `normal`, `misere`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }

    /// The rule in a few words: who cannot move loses, or wins.
    pub fn explanation(self) -> &'static str {
        match self {
            Convention::Normal => "who cannot move loses",
            Convention::Misere => "who cannot move wins",
        }
    }
}

/// A reusable set of small nimbers for taking the mex.
///
/// The mex of k values is at most k, so values above the expected count are
/// ignored; the bit words are cleared lazily so that one `MexSet` serves every
/// position of a search without allocating.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Words touched since the last `clear`, so clearing costs what was set.
    dirty: Vec<usize>,
}

impl MexSet {
    /// An empty set, which allocates only when the first value is inserted.
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Forgets every value inserted so far.
    pub fn clear(&mut self) {
        for &w in &self.dirty {
            self.words[w] = 0;
        }
        self.dirty.clear();
    }

    /// Adds `value` to the set. Values past `limit` cannot change a mex of at
    /// most `limit`, so callers pass the number of options as the limit.
    #[inline]
    pub fn insert(&mut self, value: u64, limit: usize) {
        if value > limit as u64 {
            return;
        }
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        if self.words[word] == 0 {
            self.dirty.push(word);
        }
        self.words[word] |= 1 << (value % 64);
    }

    /// The minimum excluded value: the least nimber not in the set.
    pub fn mex(&self) -> u64 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return i as u64 * 64 + (!w).trailing_zeros() as u64;
            }
        }
        self.words.len() as u64 * 64
    }
}

/// The mex of a list of values, for one-off uses outside hot loops.
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    let mut set = MexSet::new();
    for &v in &values {
        set.insert(v, values.len());
    }
    set.mex()
}

/// The value of a position for the player to move there, in a game solved
/// strongly: a position that says who moves next (a noughts-and-crosses
/// board), where the rules may also end the game level or play may go on
/// forever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standing {
    /// The player to move can force a win.
    Win,
    /// The opponent can force a win, whatever the player to move does.
    Lose,
    /// Neither can force a win, and the players can end the game level by
    /// the rules (a full board without a line).
    Tie,
    /// Neither can force a win, and no level end can be reached without one
    /// of them giving up a win: play goes on forever.
    Draw,
}

impl Standing {
    /// The standing's letter, as tables and answers print it: `W`, `L`, `T`, `D`.
    pub fn letter(self) -> &'static str {
        match self {
            Standing::Win => "W",
            Standing::Lose => "L",
            Standing::Tie => "T",
            Standing::Draw => "D",
        }
    }

    /// The standing as a word, as `grundy play` and the explorer write a
    /// move's value for its mover: `win`, `lose`, `tie`, `draw`.
    pub fn word(self) -> &'static str {
        match self {
            Standing::Win => "win",
            Standing::Lose => "lose",
            Standing::Tie => "tie",
            Standing::Draw => "draw",
        }
    }

    /// What the standing means for the player to move, in a few words.
    pub fn explanation(self) -> &'static str {
        match self {
            Standing::Win => "the player to move wins",
            Standing::Lose => "the player to move loses",
            Standing::Tie => "neither player can force a win: the game ends level",
            Standing::Draw => "neither player can force a win: play goes on forever",
        }
    }
}

impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// A position's standing and remoteness, for the player to move.
///
/// The remoteness follows GamesmanOne's convention: the number of moves
/// until the game ends,
/// - for a position whose game is over by the rules: 0;
/// - a win: 1 + the least remoteness among the moves to a lost position
///   (the winner hurries);
/// - a loss: 1 + the greatest remoteness among the moves, all of which go
///   to won positions (the loser delays); a position with no move that the
///   rules do not end is lost with remoteness 0;
/// - a tie: 1 + the least remoteness among the moves to tied positions: the
///   length of the shortest line of play to a level end along which
///   neither player gives the other a win (both play for the tie);
/// - a draw: none, play goes on forever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// Win, lose, tie or draw for the player to move.
    pub standing: Standing,
    /// `None` for a draw, and where it is not known: the outcome alone of
    /// a position (`strong::DynStrong::outcome`), from a search that stops
    /// at the first winning move.
    pub remoteness: Option<u32>,
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.remoteness {
            Some(r) => write!(f, "{} in {r}", self.standing),
            None => write!(f, "{}", self.standing),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 2]), 3);
        assert_eq!(mex([0, 2, 5, 1, 7]), 3);
        assert_eq!(mex([0, 0, 1, 1]), 2);
        // Large values are ignored without affecting the answer.
        assert_eq!(mex([0, 1_000_000, u64::MAX]), 1);
    }

    #[test]
    fn mex_set_crosses_word_boundaries_and_clears() {
        let mut set = MexSet::new();
        for v in 0..130 {
            set.insert(v, 200);
        }
        assert_eq!(set.mex(), 130);
        set.clear();
        assert_eq!(set.mex(), 0);
        set.insert(0, 10);
        assert_eq!(set.mex(), 1);
    }
}
