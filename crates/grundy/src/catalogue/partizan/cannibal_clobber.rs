//! Cannibal Clobber: Clobber where a stone may also move onto a stone of
//! its own side next to it by an edge, which is removed. Every such move
//! of one stone leaves the same board: the stone's cell empties. The
//! board, its moves, groups and reading are Clobber's (`clobber.rs`),
//! with `cannibal` on; a group of two stones or more of one colour now
//! has moves.

use super::clobber::Clobber;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::Result;

pub const FAMILY: Family = Family {
    name: "cannibal-clobber",
    usage: "cannibal-clobber BOARD",
    summary: "Clobber where a stone may also take a stone of its own side: x Left's stones, \
              o Right's, '.' empty, '/' between rows; move a stone of yours onto any stone \
              next to it, which is removed; who cannot move loses",
    example: "cannibal-clobber xox/oxo",
    build,
};

/// The rules: Clobber's, taking one's own stones too.
pub const CANNIBAL_CLOBBER: Clobber = Clobber {
    name: FAMILY.name,
    cannibal: true,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(CANNIBAL_CLOBBER))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{self, every_board, OutcomeCheck};
    use crate::catalogue::partizan::clobber::Stones;
    use crate::error::Error;

    fn parse(text: &str, column: usize) -> Result<Stones> {
        check::parse(&CANNIBAL_CLOBBER, text, column)
    }

    /// Values worked by hand from the rules (a lone stone, or stones apart,
    /// are 0). `xx` = {`.x`|} = {0|} = 1, where Clobber's is 0. `xxx` =
    /// {`.xx`, `x.x`|} = {1, 0|} = 2. `xo` = {0|0} = * as in Clobber. `xox`
    /// = {`.xx`, `xx.` | `o.x`, `x.o`} = {1|0} (Clobber's is *). `xxo` =
    /// {`.xo`, `x.o`, `x.x` | `xo.`} = {*, 0|*}; Left's * reverses through
    /// its 0 (`xxo` ≥ 0: Right's one move to * is answered by Left's to 0),
    /// leaving {0|*} = ↑. `xoo` = {`.xo` | `o.o`, `x.o`, `xo.`} = {*|0, *};
    /// Right's * reverses through its 0 (`xoo` ≤ 0), leaving {*|0} = ↓,
    /// the negative of `xxo` (its colours swapped and the row turned).
    #[test]
    fn small_positions() {
        check::assert_values(
            CANNIBAL_CLOBBER,
            &[
                ("xx", "1"),
                ("o/o", "-1"),
                ("xxx", "2"),
                ("x.x", "0"),
                ("xo", "*"),
                ("xox", "{1|0}"),
                ("xxo", "^"),
                ("xoo", "v"),
            ],
        );
    }

    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| check::error_column(&CANNIBAL_CLOBBER, text, 5);
        // A green stone, a blocked cell, a second row shorter.
        assert_eq!(column("xo.g"), 8);
        assert_eq!(column("x#o"), 6);
        assert_eq!(column("xo/x"), 8);
        assert!(matches!(parse(&"x".repeat(65), 1), Err(Error::Limit(_))));
    }

    /// Every 2 × 3, 3 × 2 and 1 × 7 board of stones and holes: the outcome
    /// class of the value (groups, images, canonical forms) is who wins by
    /// plain search of the whole board, under normal and misère play.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut check = OutcomeCheck::new(CANNIBAL_CLOBBER);
        for (height, width) in [(2, 3), (1, 7), (3, 2)] {
            every_board(height, width, ".xo").for_each(|text| check.assert_text(&text));
        }
    }
}
