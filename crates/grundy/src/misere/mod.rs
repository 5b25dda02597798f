//! Misère theory of impartial games beyond Nim, so that a sum need not be
//! searched as one game: what a component is worth under misère play, found
//! from that component alone (`genus`), and the misère quotient of a heap
//! game's sums of heaps (`quotient`). Knows games (`crate::game`) and
//! values, never components, sums, families, expressions or the terminal:
//! `sum/misere.rs` uses it, never the reverse.
//!
//! ```
//! use grundy::{analyze_misere, parse_sum, Outcome};
//!
//! // Misère Nim (Bouton): with every heap at most 1, the player to move wins
//! // exactly when the number of heaps is even; otherwise as in normal play.
//! let outcome = |text: &str| analyze_misere(&parse_sum(text).unwrap()).unwrap().outcome;
//! assert_eq!(outcome("nim 1 1"), Outcome::N);
//! assert_eq!(outcome("nim 1 1 1"), Outcome::P);
//! assert_eq!(outcome("nim 1 2 3"), Outcome::P);
//! assert_eq!(outcome("nim 3 4 5"), Outcome::N);
//! // No nimber decides misère play.
//! assert_eq!(analyze_misere(&parse_sum("nim 3 4 5").unwrap()).unwrap().nimber, None);
//! ```

pub mod canonical;
pub mod forms;
pub mod genus;
pub mod positions;
pub mod quotient;
pub mod sums;
