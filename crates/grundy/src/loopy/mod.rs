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
//! - A game that is no stopper has two **sides** ([`side()`]): its
//!   onside, where a play that never ends is Left's, and its offside,
//!   where it is Right's; each a stopper where the game is
//!   stopper-sided, found by sidling in from the game and checked by
//!   comparing sides ([`SideOrder`]): `on + off = dud = on & off`.
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
//! // on + off is no stopper: a draw whoever starts, dud, whose onside
//! // is on and offside off.
//! let dud = loopy::read(&mut games, "on + off", 1).unwrap();
//! let value = loopy::value(&dud, &mut games).unwrap();
//! assert_eq!((value.outcome, value.stopper), (LoopyOutcome::D, false));
//! let sides = value.sides.expect("stopper-sided");
//! assert_eq!((sides.onside.as_str(), sides.offside.as_str()), ("on", "off"));
//! ```

use crate::error::Result;
use crate::interrupt::Interrupt;
use crate::partizan::Games;

pub use graph::Graph;
pub use sides::{side, side_eq, side_le, Side, SideOrder, MAX_SIDED_POSITIONS};
pub use simplest::simplest;
pub use survive::{outcome, End, LoopyOutcome, Order};
pub use text::{read, write, Builder, MAX_POSITIONS, NAMES};

mod graph;
mod sides;
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
    /// Its onside and offside, each a stopper written out: where it is a
    /// stopper both are its simplest form; where it is none, they are
    /// found by sidling, and `None` where they are not found or the game
    /// has more than [`MAX_SIDED_POSITIONS`] positions.
    pub sides: Option<Sides>,
}

/// The onside and the offside of a loopy game, written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    /// Its onside: the game where a play that never ends is Left's.
    pub onside: String,
    /// Its offside: where a play that never ends is Right's.
    pub offside: String,
}

impl Sides {
    /// The pair as CGSuite writes a sided value, `onside & offside`;
    /// `dud` for `on & off`, and the one stopper where both sides are it
    /// (the game is then equal to that stopper).
    pub fn written(&self) -> String {
        match (self.onside.as_str(), self.offside.as_str()) {
            ("on", "off") => "dud".to_string(),
            (on, off) if on == off => on.to_string(),
            (on, off) => format!("{on} & {off}"),
        }
    }
}

/// The value of the game at vertex 0 of `game`: its outcome and, where it
/// is a stopper, its simplest form, and else its sides where they are
/// found; short games inside them written by `games`, which stops it where
/// its interrupt is set.
pub fn value(game: &Graph, games: &mut Games) -> Result<LoopyValue> {
    let game = game.game(0);
    let stopper = game.is_stopper();
    let interrupt = games.interrupt();
    let (simplest, written, sides) = match stopper {
        true => {
            let form = simplest(&game, interrupt.as_ref())?;
            let text = write(&form, games)?;
            let sides = Sides {
                onside: text.clone(),
                offside: text.clone(),
            };
            (Some(form), Some(text), Some(sides))
        }
        false if game.len() > MAX_SIDED_POSITIONS => (None, None, None),
        false => {
            let onside = side(&game, Side::On, interrupt.as_ref())?;
            let offside = side(&game, Side::Off, interrupt.as_ref())?;
            let sides = match (onside, offside) {
                (Some(on), Some(off)) => Some(Sides {
                    onside: write(&on, games)?,
                    offside: write(&off, games)?,
                }),
                _ => None,
            };
            (None, None, sides)
        }
    };
    Ok(LoopyValue {
        outcome: outcome(&game),
        stopper,
        loopfree: game.is_loopfree(),
        positions: game.len(),
        simplest,
        written,
        sides,
    })
}

/// Whether g ≤ h (each at its vertex 0): for stoppers by survival in
/// h - g; for any loopy games, on both sides (Siegel, *Combinatorial Game
/// Theory*, VI.4: g ≤ h when g⁺ ≤ h⁺ and g⁻ ≤ h⁻).
pub fn le(g: &Graph, h: &Graph) -> Result<bool> {
    Ok(compare(g, h, None)?.0)
}

/// Whether g ≤ h and whether h ≤ g (each at its vertex 0), as [`le`] finds
/// them, each order computed once on the two games together; stopped,
/// with a limit error, where `interrupt` is set.
pub fn compare(g: &Graph, h: &Graph, interrupt: Option<&Interrupt>) -> Result<(bool, bool)> {
    let (g, h) = (g.game(0), h.game(0));
    let mut union = g.clone();
    let h0 = union.append(&h);
    if g.is_stopper() && h.is_stopper() {
        let order = Order::of(&union, interrupt)?;
        return Ok((order.le(0, h0), order.le(h0, 0)));
    }
    let on = SideOrder::of(&union, Side::On, interrupt)?;
    let off = SideOrder::of(&union, Side::Off, interrupt)?;
    Ok((on.le(0, h0) && off.le(0, h0), on.le(h0, 0) && off.le(h0, 0)))
}
