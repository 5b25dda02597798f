//! Elephants and Rhinos: Toads and Frogs without the jump. Left's `T`
//! moves one cell right into an empty cell, Right's `F` one cell left; who
//! cannot move loses. The row, its moves and its reading are Toads and
//! Frogs' (`toads_frogs.rs`), with `jumps` off.

use super::toads_frogs::ToadsFrogs;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::Result;

pub const FAMILY: Family = Family {
    name: "elephants",
    usage: "elephants ROW...",
    summary: "Elephants and Rhinos: a row of T (Left's, moving right), F (Right's, moving \
              left) and empty cells '.'; a piece steps one cell forward into an empty cell, \
              never jumps; who cannot move loses",
    example: "elephants TT..FF",
    build,
};

/// The rules: Toads and Frogs' row, stepping only.
pub const ELEPHANTS: ToadsFrogs = ToadsFrogs {
    name: FAMILY.name,
    jumps: false,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(ELEPHANTS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{self, every_board, OutcomeCheck};
    use crate::error::Error;

    /// Rows worked by hand from the rules. A piece with n empty cells ahead
    /// and nothing in its way is n moves of its owner's. `TF` and `TF..`
    /// are 0: the pieces face each other and neither may jump (in Toads and
    /// Frogs `TF..` is 1, the toad jumping). `T.F` = {`.TF` | `TF.`} =
    /// {0|0} = *. `T..F` = {`.T.F` | `T.F.`}, each of which is {0|0} = *
    /// (`.T.F` = {`..TF` | `.TF.`}), so `T..F` = {*|*} = 0. `T.F.` =
    /// {`.TF.` | `TF..`} = {0|0} = *. `T.T.F` = {`.TT.F`, `T..TF` |
    /// `T.TF.`}: `.TT.F` = {`.T.TF` | `.TTF.`} = {1|0} (`.T.TF` = {`..TTF`|}
    /// = 1, `.TTF.` = 0), `T..TF` = 2 (the first T's two steps), `T.TF.` =
    /// {`.TTF.`|} = 1; so `T.T.F` = {{1|0}, 2|1} = {2|1}, 2 dominating
    /// {1|0}.
    #[test]
    fn small_rows() {
        check::assert_values(
            ELEPHANTS,
            &[
                ("T..", "2"),
                (".F", "-1"),
                ("TF", "0"),
                ("TF..", "0"),
                ("T.F", "*"),
                ("T..F", "0"),
                ("T.F.", "*"),
                ("T.T.F", "{2|1}"),
            ],
        );
    }

    #[test]
    fn bad_rows_name_the_column() {
        assert_eq!(check::error_column(&ELEPHANTS, "T.x.F", 4), 6);
        let long = check::parse(&ELEPHANTS, &".".repeat(65), 1);
        assert!(matches!(long, Err(Error::Limit(_))), "{long:?}");
    }

    /// Every row of up to 9 cells: the outcome class of the value is who
    /// wins by plain search, under normal and misère play.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut check = OutcomeCheck::new(ELEPHANTS);
        for len in 1..=9 {
            every_board(1, len, ".TF").for_each(|text| check.assert_text(&text));
        }
    }
}
