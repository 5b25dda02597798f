//! Families solved strongly (`crate::retrograde`): games that end level,
//! go on forever, or whose players differ, answered win, lose, tie or draw
//! with remoteness.

pub(crate) mod connect4;
pub(crate) mod fox_and_geese;
pub(crate) mod mnk;
pub(crate) mod partizan_graph;
mod subsets;

use super::{parameter_count, position_and_player, Family, FamilyText};
