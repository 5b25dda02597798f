//! Short partizan games with values (combinatorial game theory): each
//! family's rules as a `ShortGame`, valued by `crate::partizan`, and
//! tested against published values.

pub(crate) mod amazons;
pub(crate) mod clobber;
pub(crate) mod colouring;
pub(crate) mod cutcake;
pub(crate) mod domineering;
pub(crate) mod grid;
pub(crate) mod hackenbush;
pub(crate) mod toads_frogs;
