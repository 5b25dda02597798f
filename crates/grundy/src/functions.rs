//! What each function of values an expression may call computes, by the
//! operations of `partizan` (their definitions and sources are there):
//!
//! | call | the game |
//! | --- | --- |
//! | `cool(G, t)` | G cooled by the number t > -1 |
//! | `heat(G, t)` | G heated by t (any game) |
//! | `overheat(G, s, t)` | G overheated from s to t |
//! | `freeze(G)` | G cooled by its temperature |
//! | `reduced(G)` | the reduced canonical form of G |
//! | `ordinal(G, H)` | the ordinal sum G:H |
//! | `norton(G, U)` | the Norton product G.U, U > 0 |
//!
//! Each argument is a sum of values (`cool({3|-3} + {2|-2}, 1)`, or
//! `cool(domineering ..../...., 1/2)`); an argument of the wrong kind is
//! an error at its column.
//!
//! ```
//! use grundy::answer::analyze::{analysis, AnalyzeOptions, Analyzed};
//! use grundy::registry::Rulesets;
//!
//! let mut rulesets = Rulesets::new();
//! let mut value = |text: &str| {
//!     match analysis(&mut rulesets, text, &AnalyzeOptions::default(), &mut |_| true) {
//!         Ok(Analyzed::Values(v)) => v.value,
//!         other => panic!("{text}: {other:?}"),
//!     }
//! };
//! assert_eq!(value("cool({3|-3}, 1)"), "±2");
//! // Cooling is additive.
//! assert_eq!(
//!     value("cool({3|-3} + {2|-2}, 1)"),
//!     value("cool({3|-3}, 1) + cool({2|-2}, 1)")
//! );
//! ```

pub use crate::expr::Function;

use crate::error::{Error, Result};
use crate::partizan::{GameId, Games};

/// `function` of the values of its arguments, each with the column where
/// it is written; an error points at the argument at fault.
pub fn apply(
    games: &mut Games,
    function: Function,
    arguments: &[(GameId, usize)],
) -> Result<GameId> {
    let at = |column: usize, error: Error| match error {
        Error::Parameter(message) => Error::Parse { column, message },
        other => other,
    };
    let game = |i: usize| arguments[i].0;
    let number = |games: &mut Games, i: usize| {
        let (g, column) = arguments[i];
        games.number_value(g).ok_or_else(|| {
            let written = games.write(g).unwrap_or_default();
            Error::Parse {
                column,
                message: format!(
                    "{} takes a number as {}, and {written} is not a number",
                    function.name(),
                    function.parameters()[i]
                ),
            }
        })
    };
    match function {
        Function::Cool => {
            let t = number(games, 1)?;
            games.cool(game(0), t).map_err(|e| at(arguments[1].1, e))
        }
        Function::Heat => {
            let heated = games.heat(game(0), game(1));
            games.check().map(|()| heated)
        }
        Function::Overheat => {
            let heated = games.overheat(game(0), game(1), game(2));
            games.check().map(|()| heated)
        }
        Function::Freeze => games.freeze(game(0)),
        Function::Reduced => games.reduced(game(0)),
        Function::Ordinal => games.ordinal(game(0), game(1)),
        Function::Norton => games
            .norton(game(0), game(1))
            .map_err(|e| at(arguments[1].1, e)),
    }
}
