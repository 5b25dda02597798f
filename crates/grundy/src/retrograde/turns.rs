//! Partizan games whose positions do not say who moves next (a graph with
//! Left's and Right's moves from each vertex, a board where Left writes X
//! and Right O): [`Turns`] solves them as a [`StrongGame`] over (position,
//! player to move) pairs.

use std::fmt::Debug;
use std::hash::Hash;

use super::{Numbering, StrongGame};
use crate::error::{Error, Result};
use crate::value::Standing;

/// The two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Left, the player of positive values.
    Left,
    /// Right, the player of negative values.
    Right,
}

impl Player {
    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// `Left` or `Right`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Left => "Left",
            Player::Right => "Right",
        }
    }
}

/// How the rules end a partizan game at a position, whoever is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This player has won.
    Win(Player),
    /// Level: neither has won.
    Tie,
}

/// A partizan game: each player's moves from a position. Who cannot move
/// loses (normal play), unless the rules end the game first.
pub trait PartizanGame: Send + Sync {
    /// A position, without the player to move.
    type Position: Clone + Eq + Hash + Debug + Send + Sync;

    /// Where play starts (with Left or Right to move, as [`Turns`] says);
    /// an error for a game that names no start, or fails to say it.
    fn start(&self) -> Result<Self::Position>;

    /// Calls `add` with each of `player`'s moves from `position`. Called
    /// only on positions that are not [`finished`](PartizanGame::finished).
    fn moves(&self, position: &Self::Position, player: Player, add: &mut dyn FnMut(Self::Position));

    /// `Some` where the rules end the game (three in a row, a full board),
    /// whoever is to move; by default play ends only when the player to
    /// move has no move.
    fn finished(&self, _position: &Self::Position) -> Option<Ending> {
        None
    }

    /// The position as an expression writes it after the ruleset's name.
    fn format_position(&self, position: &Self::Position) -> String;

    /// The bytes `position` holds beyond its `size_of` (see
    /// [`StrongGame::heap_bytes`]).
    fn heap_bytes(&self, _position: &Self::Position) -> u64 {
        0
    }

    /// The first error met by `moves` or `finished` (see
    /// [`StrongGame::failure`]).
    fn failure(&self) -> Option<Error> {
        None
    }

    /// A numbering of the positions, where the game has one ([`Turns`] then
    /// numbers its pairs by it).
    fn numbering(&self) -> Option<&dyn Numbering<Self::Position>> {
        None
    }
}

/// A partizan game played from its start with a given player to move
/// first: the positions are (position, player to move) pairs.
pub struct Turns<G: PartizanGame> {
    game: G,
    first: Player,
}

impl<G: PartizanGame> Turns<G> {
    /// The game with `first` to move at its start.
    pub fn new(game: G, first: Player) -> Turns<G> {
        Turns { game, first }
    }

    /// The partizan game played.
    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: PartizanGame> StrongGame for Turns<G> {
    type Position = (G::Position, Player);

    fn start(&self) -> Result<Self::Position> {
        Ok((self.game.start()?, self.first))
    }

    fn moves(&self, (position, player): &Self::Position, moves: &mut Vec<Self::Position>) {
        let next = player.other();
        self.game
            .moves(position, *player, &mut |to| moves.push((to, next)));
    }

    /// The ending as the player to move sees it.
    fn finished(&self, (position, player): &Self::Position) -> Option<Standing> {
        self.game.finished(position).map(|ending| match ending {
            Ending::Win(winner) if winner == *player => Standing::Win,
            Ending::Win(_) => Standing::Lose,
            Ending::Tie => Standing::Tie,
        })
    }

    /// `3@Left`: the position, and who moves there.
    fn format_position(&self, (position, player): &Self::Position) -> String {
        format!("{}@{}", self.game.format_position(position), player.name())
    }

    fn heap_bytes(&self, (position, _): &Self::Position) -> u64 {
        self.game.heap_bytes(position)
    }

    fn failure(&self) -> Option<Error> {
        self.game.failure()
    }

    fn numbering(&self) -> Option<&dyn Numbering<Self::Position>> {
        self.game
            .numbering()
            .map(|_| self as &dyn Numbering<Self::Position>)
    }
}

/// Pair `2i` is position `i` with Left to move, `2i + 1` with Right.
impl<G: PartizanGame> Numbering<(G::Position, Player)> for Turns<G> {
    fn count(&self) -> u64 {
        self.inner().count() * 2
    }

    fn index(&self, (position, player): &(G::Position, Player)) -> u64 {
        self.inner().index(position) * 2 + (*player == Player::Right) as u64
    }

    fn position(&self, index: u64) -> (G::Position, Player) {
        let player = if index % 2 == 0 {
            Player::Left
        } else {
            Player::Right
        };
        (self.inner().position(index / 2), player)
    }
}

impl<G: PartizanGame> Turns<G> {
    fn inner(&self) -> &dyn Numbering<G::Position> {
        self.game
            .numbering()
            .expect("Turns numbers its pairs only when its game numbers positions")
    }
}

/// The outcome class of a partizan position whose game does not say who
/// moves next, where neither start ties nor draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Left wins, whoever starts.
    L,
    /// Right wins, whoever starts.
    R,
    /// The next player (the one who starts) wins.
    N,
    /// The previous player (the one who does not start) wins.
    P,
}

impl Class {
    /// The class from the standings of Left moving first and of Right moving
    /// first; `None` when either is a tie or a draw.
    pub fn of(left_first: Standing, right_first: Standing) -> Option<Class> {
        match (left_first, right_first) {
            (Standing::Win, Standing::Lose) => Some(Class::L),
            (Standing::Lose, Standing::Win) => Some(Class::R),
            (Standing::Win, Standing::Win) => Some(Class::N),
            (Standing::Lose, Standing::Lose) => Some(Class::P),
            _ => None,
        }
    }

    /// The class's letter: `L`, `R`, `N` or `P`.
    pub fn letter(self) -> &'static str {
        match self {
            Class::L => "L",
            Class::R => "R",
            Class::N => "N",
            Class::P => "P",
        }
    }
}
