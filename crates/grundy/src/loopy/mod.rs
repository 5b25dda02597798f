//! Values of loopy partizan games (Siegel, *Combinatorial Game Theory*,
//! chapter VI; Winning Ways, chapter 11): games whose positions may
//! repeat, held as a graph ([`Graph`]) whose vertex 0 is the game.
//!
//! - Who wins ([`outcome()`]): a play that never ends is a draw, so
//!   each player starting wins, loses or draws: nine classes.
//! - A **stopper** is a game from no position of which a play of
//!   alternating moves goes on for ever ([`Graph::is_stopper`]). Stoppers
//!   are ordered by survival ([`Order`]): G ≤ H when Left, moving second
//!   in H - G, can always move. Each has a simplest form
//!   ([`simplest()`]), unique: no dominated or reversible option,
//!   no two positions equal.
//! - Written as CGSuite writes them ([`read()`], [`write()`]): `pass` is
//!   a move to the game of the braces it is in, and `on = {pass|}`,
//!   `off = {|pass}`, `over = {0|pass}`, `under = {pass|0}`,
//!   `upon = {pass|*}`, `dud = {pass|pass}` are named.
//!
//! This layer knows games only as options of Left and Right, and short
//! games through [`crate::partizan`]: nothing of families, expressions or
//! the command line.
//!
//! ```
//! use grundy::loopy::{self, LoopyOutcome};
//! use grundy::partizan::Games;
//!
//! let mut games = Games::new();
//! // over = {0|pass} is a positive stopper: Left wins, whoever starts.
//! let over = loopy::read(&mut games, "{0|pass}", 1).unwrap();
//! let value = loopy::value(&over, &mut games).unwrap();
//! assert_eq!(value.outcome, LoopyOutcome::L);
//! assert_eq!(value.written.as_deref(), Some("over"));
//! // on + off is no stopper: a draw whoever starts (dud).
//! let dud = loopy::read(&mut games, "on + off", 1).unwrap();
//! let value = loopy::value(&dud, &mut games).unwrap();
//! assert_eq!((value.outcome, value.stopper), (LoopyOutcome::D, false));
//! ```

use crate::error::Result;
use crate::partizan::Games;

pub use graph::Graph;
pub use simplest::simplest;
pub use survive::{outcome, End, LoopyOutcome, Order};
pub use text::{read, write, Builder, MAX_POSITIONS, NAMES};

mod graph;
mod simplest;
mod survive;
mod text;

#[cfg(test)]
mod tests;

/// What is known of a loopy game.
#[derive(Clone, Debug)]
pub struct LoopyValue {
    /// Who wins, each player starting.
    pub outcome: LoopyOutcome,
    /// Whether it is a stopper.
    pub stopper: bool,
    /// Whether it is a short game (no position repeats).
    pub loopfree: bool,
    /// How many positions the game has as given.
    pub positions: usize,
    /// Its simplest form, where it is a stopper.
    pub simplest: Option<Graph>,
    /// The simplest form written out (see [`write()`]), where it is a
    /// stopper.
    pub written: Option<String>,
}

/// The value of the game at vertex 0 of `game`: its outcome and, where it
/// is a stopper, its simplest form, short games inside it written by
/// `games`, which stops it where its interrupt is set.
pub fn value(game: &Graph, games: &mut Games) -> Result<LoopyValue> {
    let game = game.game(0);
    let stopper = game.is_stopper();
    let (simplest, written) = match stopper {
        true => {
            let form = simplest(&game, games.interrupt().as_ref())?;
            let text = write(&form, games)?;
            (Some(form), Some(text))
        }
        false => (None, None),
    };
    Ok(LoopyValue {
        outcome: outcome(&game),
        stopper,
        loopfree: game.is_loopfree(),
        positions: game.len(),
        simplest,
        written,
    })
}

/// Whether g ≤ h, for stoppers g and h (each at its vertex 0); `None`
/// where either is no stopper.
pub fn le(g: &Graph, h: &Graph) -> Result<Option<bool>> {
    let (g, h) = (g.game(0), h.game(0));
    if !g.is_stopper() || !h.is_stopper() {
        return Ok(None);
    }
    let mut union = g.clone();
    let h0 = union.append(&h);
    Ok(Some(Order::of(&union, None)?.le(0, h0)))
}
