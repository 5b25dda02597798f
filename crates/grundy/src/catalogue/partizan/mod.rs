//! Short partizan games with values (combinatorial game theory): each
//! family's rules as a `ShortGame`, valued by `crate::partizan`, and
//! tested against published values.

pub(crate) mod clobber;
pub(crate) mod colouring;
pub(crate) mod cutcake;
pub(crate) mod domineering;
mod grid;
pub(crate) mod hackenbush;
#[cfg(test)]
mod outcome_tests;
pub(crate) mod toads_frogs;
