//! Misère theory of impartial games beyond Nim, so that a sum need not be
//! searched as one game: what a component is worth under misère play, found
//! from that component alone (`genus`), and the misère quotient of a heap
//! game's sums of heaps (`quotient`). Knows games (`crate::game`) and
//! values, never components, sums, families, expressions or the terminal:
//! `sum/misere.rs` uses it, never the reverse.

pub mod genus;
pub mod quotient;
