//! Impartial families: both players have the same moves, and a position's
//! value is its nimber. `heap.rs` holds what the heap families share.

pub(crate) mod bash;
pub(crate) mod calendar;
pub(crate) mod cram;
pub(crate) mod divisor;
pub(crate) mod euclid;
pub(crate) mod fibonacci;
pub(crate) mod graph;
mod heap;
pub(crate) mod lasker;
pub(crate) mod lieges;
pub(crate) mod nim;
pub(crate) mod octal;
pub(crate) mod progressive;
pub(crate) mod staircase;
pub(crate) mod subtraction;
pub(crate) mod subtraction_set;
pub(crate) mod wythoff;

use super::{no_parameters, parameter_count, Family, FamilyText};
