//! Short partizan games with values (combinatorial game theory): each
//! family's rules as a `ShortGame`, valued by `crate::partizan`, and
//! tested against published values.

pub(crate) mod amazons;
pub(crate) mod cannibal_clobber;
pub(crate) mod clobber;
pub(crate) mod colouring;
pub(crate) mod cutcake;
pub(crate) mod domineering;
pub(crate) mod elephants;
pub(crate) mod fission;
pub(crate) mod grid;
pub(crate) mod hackenbush;
pub(crate) mod hackenbush_picture;
#[cfg(test)]
mod impartial_tests;
pub(crate) mod konane;
#[cfg(test)]
mod misere_tests;
pub(crate) mod nogo;
#[cfg(test)]
pub(crate) mod outcome_tests;
pub(crate) mod pieces;
pub(crate) mod toads_frogs;
pub(crate) mod toppling_dominoes;
#[cfg(test)]
mod values_tests;
