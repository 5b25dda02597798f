//! Misère theory of impartial games beyond Nim: what a component is worth
//! under misère play, found from that component alone, so that a sum need
//! not be searched as one game. Knows games (`crate::game`) and values, never
//! components, sums, families, expressions or the terminal: `sum/misere.rs`
//! uses it, never the reverse.

pub mod genus;
