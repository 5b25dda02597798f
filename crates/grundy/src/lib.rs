//! grundy: who wins a two-player game of perfect information, the
//! Sprague-Grundy value of each position, and every winning move.
//!
//! ```
//! // Nim with heaps 3, 4 and 5: the XOR is 2, so the player to move wins,
//! // by taking the heap of 3 down to 1.
//! let sum = grundy::parse_sum("nim 3 4 5").unwrap();
//! let analysis = grundy::analyze(&sum).unwrap();
//! assert_eq!(analysis.outcome, grundy::Outcome::N);
//! assert_eq!(analysis.nimber, Some(2u32.into()));
//! assert_eq!(analysis.winning_moves[0].1, "nim 1 4 5");
//! ```
//!
//! The layers, from the bottom up; each knows nothing of those above it
//! (ARCHITECTURE.md has the codemap and the invariants):
//! - [`error`], [`value`], [`word`], [`memory`], [`machine`],
//!   [`interrupt`]: errors, nimbers and outcomes, words of input with their
//!   columns, the memory budget of searches, what the machine allows (read
//!   by front ends) and work stopped from another thread;
//! - [`game`], [`take_and_break`], [`solver`], [`loopy_solver`], [`period`]:
//!   the traits a game implements, the rules of take-and-break codes,
//!   memoised search, generalized values of games with cycles, and periods
//!   of sequences;
//! - [`component`], [`misere`] and [`sum`]: rulesets and positions behind
//!   one interface, misère genus theory and misère quotients of heap games,
//!   sums, the XOR rule and the winning moves;
//! - [`sequence`]: the nim-sequence engine;
//! - [`catalogue`]: the families' rulesets;
//! - [`registry`] (with the private expression language): from text to
//!   rulesets and sums; [`functions`]: the functions of values an
//!   expression calls; [`play`]: a game played against the perfect
//!   player;
//! - [`answer`]: the front door, one function a question from an
//!   expression's text to a typed answer, and the one JSON schema.

#![warn(missing_docs)]

pub mod answer;
pub mod catalogue;
pub mod component;
pub mod error;
mod expr;
pub mod file;
pub mod functions;
pub mod game;
pub mod interrupt;
pub mod loopy;
pub mod loopy_solver;
pub mod machine;
pub mod memory;
pub mod misere;
pub mod partizan;
pub mod pattern;
pub mod period;
pub mod picture;
pub mod play;
pub mod registry;
pub mod retrograde;
pub mod sequence;
mod sharded;
pub mod short;
pub mod solitaire;
pub mod solver;
pub mod starts;
pub mod strong;
pub mod sum;
pub mod suspense;
pub mod table;
pub mod take_and_break;
#[cfg(test)]
mod test_games;
pub mod tier;
pub mod value;
pub mod word;

pub use component::{Component, ComponentRef, DynRuleset, RulesetRef};
pub use error::{Error, Result};
pub use game::{Arity, Count, Game, HeapGame, Listed, Ruleset};
pub use registry::{parse_sum, ruleset, Rulesets, FAMILIES};
pub use solver::Solver;
pub use sum::{
    analyze, analyze_listing, analyze_misere, analyze_misere_listing, analyze_outcome, Analysis,
    ComponentAnalysis, Move, Sum,
};
pub use value::{Convention, Outcome};
