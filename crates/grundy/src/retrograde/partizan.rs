//! Partizan games whose positions do not say who moves next (a graph with
//! Left's and Right's moves from each vertex): [`Turns`] solves them as a
//! [`StrongGame`] over (position, player to move) pairs.

use std::fmt::Debug;
use std::hash::Hash;

use super::{Numbering, StrongGame};
use crate::value::Standing;

/// The two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    Left,
    Right,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Player::Left => "Left",
            Player::Right => "Right",
        }
    }
}

/// A partizan game: each player's moves from a position. Who cannot move
/// loses (normal play).
pub trait PartizanGame: Send + Sync {
    type Position: Clone + Eq + Hash + Debug + Send + Sync;

    /// Calls `add` with each of `player`'s moves from `position`.
    fn moves(&self, position: &Self::Position, player: Player, add: &mut dyn FnMut(Self::Position));

    fn format_position(&self, position: &Self::Position) -> String;

    /// A numbering of the positions, where the game has one ([`Turns`] then
    /// numbers its pairs by it).
    fn numbering(&self) -> Option<&dyn Numbering<Self::Position>> {
        None
    }
}

/// A partizan game played from a start with a given player to move: the
/// positions are (position, player to move) pairs.
pub struct Turns<G: PartizanGame> {
    game: G,
    start: (G::Position, Player),
}

impl<G: PartizanGame> Turns<G> {
    pub fn new(game: G, start: G::Position, first: Player) -> Turns<G> {
        Turns {
            game,
            start: (start, first),
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: PartizanGame> StrongGame for Turns<G> {
    type Position = (G::Position, Player);

    fn start(&self) -> Self::Position {
        self.start.clone()
    }

    fn moves(&self, (position, player): &Self::Position, moves: &mut Vec<Self::Position>) {
        let next = player.other();
        self.game
            .moves(position, *player, &mut |to| moves.push((to, next)));
    }

    fn finished(&self, _: &Self::Position) -> Option<Standing> {
        None
    }

    /// `3@Left`: the position, and who moves there.
    fn format_position(&self, (position, player): &Self::Position) -> String {
        format!("{}@{}", self.game.format_position(position), player.name())
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

    pub fn letter(self) -> &'static str {
        match self {
            Class::L => "L",
            Class::R => "R",
            Class::N => "N",
            Class::P => "P",
        }
    }
}
