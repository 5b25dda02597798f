//! grundy: who wins a two-player game of perfect information, the
//! Sprague-Grundy value of each position, and every winning move.
//!
//! The pieces, from the bottom up (ARCHITECTURE.md has the codemap):
//! - [`value`]: nimbers, the mex, outcomes;
//! - [`game`]: the traits a game implements ([`Game`], [`Ruleset`]);
//! - [`solver`]: memoised search of a game graph;
//! - [`component`] and [`sum`]: positions of different rulesets played side
//!   by side, their nimber by the XOR rule, and the winning moves;
//! - [`expr`]: the expression language;
//! - [`catalogue`]: the families, and the one registry of them.

pub mod catalogue;
pub mod component;
pub mod error;
pub mod expr;
pub mod game;
pub mod period;
pub mod retrograde;
pub mod sequence;
pub mod solver;
pub mod sum;
pub mod value;

pub use catalogue::{parse_sum, FAMILIES};
pub use component::{Component, ComponentRef};
pub use error::{Error, Result};
pub use game::{Arity, Game, Ruleset};
pub use solver::Solver;
pub use sum::{analyze, analyze_misere, Analysis, Move, Sum};
pub use value::{Convention, Outcome};
