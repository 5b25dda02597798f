//! A game played against the perfect player ([`crate::play`]): the lines
//! `grundy play --json` writes, one an event ([`PlayLine`]), and what the
//! web explorer asks of a position being played: every move with its value
//! for the player making it ([`moves`]) and the perfect player's move
//! ([`engine_move`]).
//!
//! ```
//! use grundy::answer::play::moves;
//!
//! // Nim 3 4 5: the XOR is 2, and of its 12 moves exactly one leaves XOR 0
//! // (Bouton): 3 -> 1. It wins for the player making it.
//! let answer = moves("nim 3 4 5", false, None, None, None, &mut |_| true).unwrap();
//! assert_eq!(answer.moves.len(), 12);
//! let wins: Vec<&str> = (answer.moves.iter())
//!     .filter(|m| m.standing == "win")
//!     .map(|m| m.to.as_str())
//!     .collect();
//! assert_eq!(wins, ["nim 1 4 5"]);
//!
//! // ±1 = {1|-1} says no player to move: Left, moving, wins by going to 1.
//! use grundy::retrograde::Player;
//! let answer = moves("{1|-1}", false, Some(Player::Left), None, None, &mut |_| true).unwrap();
//! assert_eq!(answer.player, Some("left"));
//! assert_eq!((answer.moves[0].to.as_str(), answer.moves[0].standing), ("1", "win"));
//! ```

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::play::{Choice, Play, Turn};
use crate::retrograde::{Options, Player};
use crate::strong::SolvedTable;
use crate::value::Solution;

use super::{ErrorAnswer, OnProgress, Progress};

/// Who made a move of a game played against the perfect player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mover {
    /// The user.
    User,
    /// The perfect player.
    Engine,
}

/// Why a session of play stopped before the game was over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[non_exhaustive]
pub enum StopReason {
    /// The user typed `quit`.
    #[serde(rename = "quit")]
    Quit,
    /// The input ended.
    #[serde(rename = "end of input")]
    EndOfInput,
}

impl StopReason {
    /// The reason as the JSON and the text say it: `quit`, `end of input`.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Quit => "quit",
            StopReason::EndOfInput => "end of input",
        }
    }
}

/// One line of `grundy play --json`: an event of the game, in the order of
/// play. Written without a tag; the key that only it has tells a line's
/// kind (`start`, `by`, `hint`, `undo`, `error`, `end`, `stopped`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum PlayLine {
    /// The first line: the start, and whether the user moves first.
    Start(StartLine),
    /// A move, the user's or the engine's.
    Move(MoveLine),
    /// Every move of the position, with its value for the user.
    Hint(HintLine),
    /// `undo`: the position the user is back at.
    Undo(UndoLine),
    /// A line of input that is no move (or `undo` with nothing to undo);
    /// play goes on.
    Error(ErrorAnswer),
    /// The game is over.
    End(EndLine),
    /// The session ended before the game did.
    Stopped(StoppedLine),
}

/// The first line of a game.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct StartLine {
    /// The start, as an expression.
    pub start: String,
    /// `first` or `second`: when the user moves.
    #[schemars(extend("enum" = ["first", "second"]))]
    pub user: &'static str,
    /// `left` or `right`: the player the user is, in a position with a
    /// value played with sides (`play --as left`); left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("enum" = ["left", "right"]))]
    pub side: Option<&'static str>,
}

/// A move made.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct MoveLine {
    /// Who made it.
    pub by: Mover,
    /// `left` or `right`: the player who made it, in a position with a
    /// value played with sides; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("enum" = ["left", "right"]))]
    pub player: Option<&'static str>,
    /// How the move reads, e.g. `heap 1: 3 -> 1`.
    #[serde(rename = "move")]
    pub description: String,
    /// The whole position after the move, as an expression.
    pub to: String,
}

/// A hint: `{"hint": {...}}`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct HintLine {
    /// The position's value for the user, and every move's.
    pub hint: Hint,
}

/// A position's value for the user, who moves, and every move's.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct Hint {
    /// The position, as an expression.
    pub position: String,
    /// `win`, `lose`, `tie` or `draw`, for the user.
    #[schemars(extend("enum" = ["win", "lose", "tie", "draw"]))]
    pub outcome: &'static str,
    /// Moves until the game ends with best play; `null` in a draw and
    /// where it is not known (a sum played from its options' outcomes).
    pub remoteness: Option<u32>,
    /// Every move, numbered as the user types them.
    pub moves: Vec<HintMove>,
}

/// A move of a hint, with its value for the user who makes it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct HintMove {
    /// The move's number, counted from 1.
    pub number: usize,
    /// How the move reads.
    #[serde(rename = "move")]
    pub description: String,
    /// The whole position after the move, as an expression.
    pub to: String,
    /// `win`, `lose`, `tie` or `draw`, for the user making the move.
    #[schemars(extend("enum" = ["win", "lose", "tie", "draw"]))]
    pub outcome: &'static str,
    /// Moves until the game ends, this one included; `null` in a draw and
    /// where it is not known.
    pub remoteness: Option<u32>,
}

/// `undo` done.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct UndoLine {
    /// The position the user is back at.
    pub undo: String,
}

/// The end of a game.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct EndLine {
    /// The last position, as an expression.
    pub end: String,
    /// Who won; `null` for a tie or a position the rules call drawn.
    pub winner: Option<Mover>,
}

/// A session stopped before the end of its game.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct StoppedLine {
    /// The position where it stopped.
    pub stopped: String,
    /// Why.
    pub reason: StopReason,
}

impl PlayLine {
    /// The first line of a game from `turn`'s position, the user playing
    /// `side` where the game has sides.
    pub fn start(turn: &Turn, user_first: bool, side: Option<Player>) -> PlayLine {
        PlayLine::Start(StartLine {
            start: turn.expression.clone(),
            user: if user_first { "first" } else { "second" },
            side: side.map(side_name),
        })
    }

    /// The move `choice`, made by `by`, who plays `player` where the game
    /// has sides.
    pub fn moved(by: Mover, player: Option<Player>, choice: &Choice) -> PlayLine {
        PlayLine::Move(MoveLine {
            by,
            player: player.map(side_name),
            description: choice.description.clone(),
            to: choice.to.clone(),
        })
    }

    /// A hint at `turn`, whose player to move is the user.
    pub fn hint(turn: &Turn) -> PlayLine {
        let moves = (turn.moves.iter().enumerate())
            .map(|(i, choice)| {
                let mover = choice.for_mover();
                HintMove {
                    number: turn.number(i),
                    description: choice.description.clone(),
                    to: choice.to.clone(),
                    outcome: mover.standing.word(),
                    remoteness: mover.remoteness,
                }
            })
            .collect();
        PlayLine::Hint(HintLine {
            hint: Hint {
                position: turn.expression.clone(),
                outcome: turn.solution.standing.word(),
                remoteness: turn.solution.remoteness,
                moves,
            },
        })
    }

    /// `undo` done, back at `turn`.
    pub fn undo(turn: &Turn) -> PlayLine {
        PlayLine::Undo(UndoLine {
            undo: turn.expression.clone(),
        })
    }

    /// A line of input that is no move.
    pub fn error(error: &Error) -> PlayLine {
        PlayLine::Error(ErrorAnswer::new(error))
    }

    /// The end of the game at `turn`, won by `winner` (`None`: nobody).
    pub fn end(turn: &Turn, winner: Option<Mover>) -> PlayLine {
        PlayLine::End(EndLine {
            end: turn.expression.clone(),
            winner,
        })
    }

    /// The session stopped at `turn`.
    pub fn stopped(turn: &Turn, reason: StopReason) -> PlayLine {
        PlayLine::Stopped(StoppedLine {
            stopped: turn.expression.clone(),
            reason,
        })
    }
}

/// `left` or `right`, as the JSON names a player.
pub fn side_name(player: Player) -> &'static str {
    match player {
        Player::Left => "left",
        Player::Right => "right",
    }
}

/// A move with its value for the player who makes it (`/api/engine`, and
/// each of `/api/moves`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ValuedMove {
    /// How the move reads.
    #[serde(rename = "move")]
    pub description: String,
    /// The whole position after the move, as an expression.
    pub to: String,
    /// `win`, `lose`, `tie` or `draw`, for the player making the move.
    #[schemars(extend("enum" = ["win", "lose", "tie", "draw"]))]
    pub standing: &'static str,
    /// Moves until the game ends after this one, counting it; `null` in a
    /// draw and where it is not known (a sum too large to solve whole).
    pub remoteness: Option<u32>,
}

impl ValuedMove {
    /// The move `choice`, valued for its mover.
    pub fn new(choice: &Choice) -> ValuedMove {
        let Solution {
            standing,
            remoteness,
        } = choice.for_mover();
        ValuedMove {
            description: choice.description.clone(),
            to: choice.to.clone(),
            standing: standing.word(),
            remoteness,
        }
    }
}

/// Every move of a position, as `grundy play --hint` lists them.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct MovesAnswer {
    /// The position, as an expression.
    pub expression: String,
    /// `left` or `right`: the player whose moves these are, in a position
    /// with a value (which says no player to move, so the question
    /// does); left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("enum" = ["left", "right"]))]
    pub player: Option<&'static str>,
    /// Every move, each with its value for the player making it.
    pub moves: Vec<ValuedMove>,
}

/// The position `expr` as `grundy play` sees it, under misère play where
/// `misere` says so, `player` to move in a sum of values (which needs one,
/// and no other position takes one: [`Play::starting`]), with `memory`
/// available (in bytes; `None`: 4 GiB), from `table` where there is one
/// ([`Play::with_table`]), reporting [`Progress::Solving`] to `progress`,
/// which stops it by answering `false`.
fn turn(
    expr: &str,
    misere: bool,
    player: Option<Player>,
    memory: Option<u64>,
    table: Option<SolvedTable>,
    progress: OnProgress,
) -> Result<Turn> {
    let options = Options::for_available_memory(memory);
    let progress = &mut |p| progress(Progress::Solving(p));
    let mut play = Play::starting(expr, misere, player, options, table, progress)?;
    play.turn(progress)
}

/// Every move of the position `expr`, each valued for the player making
/// it, under misère play where `misere` says so (sums only), the moves of
/// `player` in a sum of values (`domineering 3x3`, `{1|-1}`: it needs
/// one, and no other position takes one), with `memory` available (in
/// bytes; `None`: 4 GiB), from `table` where there is one (as
/// [`Play::with_table`] reads it), reporting to `progress`, which stops
/// it by answering `false`.
pub fn moves(
    expr: &str,
    misere: bool,
    player: Option<Player>,
    memory: Option<u64>,
    table: Option<SolvedTable>,
    progress: OnProgress,
) -> Result<MovesAnswer> {
    let turn = turn(expr, misere, player, memory, table, progress)?;
    Ok(MovesAnswer {
        moves: turn.moves.iter().map(ValuedMove::new).collect(),
        player: turn.to_move.map(side_name),
        expression: turn.expression,
    })
}

/// The move the perfect player makes from `expr`, as `grundy play` makes
/// it (the fastest win, a tie or draw kept, the slowest loss; in a sum of
/// values, `player`'s move by value: see [`crate::play`]); an error where
/// the game is over. The arguments are those of [`moves`].
pub fn engine_move(
    expr: &str,
    misere: bool,
    player: Option<Player>,
    memory: Option<u64>,
    table: Option<SolvedTable>,
    progress: OnProgress,
) -> Result<ValuedMove> {
    let turn = turn(expr, misere, player, memory, table, progress)?;
    let best = turn.best.first().ok_or_else(|| {
        let who = turn.to_move.map_or("the player to move", Player::name);
        Error::Unsupported(format!(
            "the game is over: {who} has no move to make at {}",
            turn.expression
        ))
    })?;
    Ok(ValuedMove::new(&turn.moves[*best]))
}
