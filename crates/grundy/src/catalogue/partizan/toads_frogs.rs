//! Toads and Frogs (Winning Ways, chapter 1; Erickson, "New Toads and
//! Frogs results", 1996): a row of cells, Left's toads `T` and Right's
//! frogs `F`. A toad moves one cell right into an empty cell, or jumps
//! right over one frog into the empty cell beyond; a frog the same way
//! leftwards over one toad. Who cannot move loses.
//!
//! The rules without the jump are Elephants and Rhinos (`elephants.rs`),
//! which shares the row, its moves and its reading through `jumps`.

use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::partizan::{Part, ShortGame};
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "toads-frogs",
    usage: "toads-frogs ROW...",
    summary: "a row of toads T (Left's), frogs F (Right's) and empty cells '.': a toad moves \
              right into an empty cell or jumps one frog, a frog the same leftwards; who \
              cannot move loses",
    example: "toads-frogs TT..FF",
    build,
};

/// The most cells of a row.
pub const MAX_CELLS: usize = 64;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(TOADS_FROGS))
}

/// The rules; a position is a row of cells, cell i bit i of each mask.
pub struct ToadsFrogs {
    /// The family's name.
    pub name: &'static str,
    /// Whether an animal may jump one of the other kind (Toads and Frogs)
    /// or only steps (Elephants and Rhinos).
    pub jumps: bool,
}

/// Toads and Frogs itself.
pub const TOADS_FROGS: ToadsFrogs = ToadsFrogs {
    name: FAMILY.name,
    jumps: true,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    pub len: u8,
    pub toads: u64,
    pub frogs: u64,
}

impl Row {
    fn empty(&self) -> u64 {
        let all = if self.len == 64 {
            u64::MAX
        } else {
            (1 << self.len) - 1
        };
        all & !self.toads & !self.frogs
    }

    /// Cells `from..to` as a row of their own, less the cells before its
    /// first animal where that is a toad and after its last where that is
    /// a frog (no animal reaches them), under the lesser of itself and its
    /// negative; `None` where no animal can step.
    fn part(&self, from: u32, to: u32) -> Option<Part<Row>> {
        let mut len = to - from;
        let within = u64::MAX.checked_shr(64 - len).unwrap_or(0);
        let cells = |m: u64| (m >> from) & within;
        let (mut toads, mut frogs) = (cells(self.toads), cells(self.frogs));
        let first = (toads | frogs).trailing_zeros();
        if first >= len {
            return None;
        }
        if toads >> first & 1 == 1 {
            (toads, frogs, len) = (toads >> first, frogs >> first, len - first);
        }
        let last = 63 - (toads | frogs).leading_zeros();
        if frogs >> last & 1 == 1 {
            len = last + 1;
        }
        let row = Row {
            len: len as u8,
            toads,
            frogs,
        };
        if row.moves(true, false).is_empty() && row.moves(false, false).is_empty() {
            return None;
        }
        let turn = |m: u64| m.reverse_bits() >> (64 - len);
        let negative = Row {
            len: row.len,
            toads: turn(frogs),
            frogs: turn(toads),
        };
        Some(
            match (negative.toads, negative.frogs) < (row.toads, row.frogs) {
                true => Part {
                    key: negative,
                    negated: true,
                },
                false => Part {
                    key: row,
                    negated: false,
                },
            },
        )
    }

    /// The rows after each move of a toad (`toads_move`) or else of a frog:
    /// one step forward into an empty cell, or (where the rules `jump`) a
    /// jump over one animal of the other kind into the empty cell beyond.
    fn moves(&self, toads_move: bool, jump: bool) -> Vec<Row> {
        let (mine, theirs) = match toads_move {
            true => (self.toads, self.frogs),
            false => (self.frogs, self.toads),
        };
        let empty = self.empty();
        let mut options = Vec::new();
        let mut bits = mine;
        while bits != 0 {
            let i = bits.trailing_zeros() as i64;
            bits &= bits - 1;
            let step: i64 = if toads_move { 1 } else { -1 };
            let cell = |j: i64| (0..i64::from(self.len)).contains(&j).then(|| 1u64 << j);
            let to = match cell(i + step) {
                Some(next) if next & empty != 0 => Some(next),
                Some(next) if jump && next & theirs != 0 => {
                    cell(i + 2 * step).filter(|b| b & empty != 0)
                }
                _ => None,
            };
            if let Some(to) = to {
                let mine = (mine & !(1 << i)) | to;
                options.push(match toads_move {
                    true => Row {
                        toads: mine,
                        ..*self
                    },
                    false => Row {
                        frogs: mine,
                        ..*self
                    },
                });
            }
        }
        options
    }
}

impl ShortGame for ToadsFrogs {
    type Position = Row;

    fn left_options(&self, row: &Row) -> Vec<Row> {
        row.moves(true, self.jumps)
    }

    fn right_options(&self, row: &Row) -> Vec<Row> {
        row.moves(false, self.jumps)
    }

    /// Without jumps (Elephants and Rhinos) no animal ever passes another:
    /// a frog whose next animal to the right is a toad parts the row in
    /// two that never meet (the frog only goes left, the toad right), the
    /// cells between them no one's. Each part is kept under the lesser of
    /// itself and its mirror image with the kinds exchanged, its negative.
    /// With jumps the row is one part.
    fn parts(&self, row: &Row) -> Vec<Part<Row>> {
        if self.jumps {
            return vec![Part {
                key: *row,
                negated: false,
            }];
        }
        let mut parts = Vec::new();
        let (mut start, mut frog_before) = (0, None);
        let mut animals = row.toads | row.frogs;
        while animals != 0 {
            let i = animals.trailing_zeros();
            animals &= animals - 1;
            let toad = row.toads >> i & 1 == 1;
            if let (true, Some(frog)) = (toad, frog_before) {
                parts.extend(row.part(start, frog + 1));
                start = i;
            }
            frog_before = (!toad).then_some(i);
        }
        parts.extend(row.part(start, u32::from(row.len)));
        parts
    }
}

impl ShortRules for ToadsFrogs {
    fn name(&self) -> String {
        self.name.into()
    }

    fn parse_position(&self, word: &Word) -> Result<Row> {
        let cells: Vec<char> = word.text.chars().collect();
        if let Some(at) = cells
            .iter()
            .position(|c| !"TF.".contains(c.to_ascii_uppercase()))
        {
            return Err(Error::Parse {
                column: word.column + at,
                message: "a row is written with T (Left's toad), F (Right's frog) and '.' \
                          (an empty cell)"
                    .into(),
            });
        }
        if cells.is_empty() || cells.len() > MAX_CELLS {
            return Err(Error::Limit(format!(
                "the row at column {} has {} cells: from 1 to {MAX_CELLS} are played",
                word.column,
                cells.len()
            )));
        }
        let mut row = Row {
            len: cells.len() as u8,
            toads: 0,
            frogs: 0,
        };
        for (i, c) in cells.iter().enumerate() {
            match c.to_ascii_uppercase() {
                'T' => row.toads |= 1 << i,
                'F' => row.frogs |= 1 << i,
                _ => {}
            }
        }
        Ok(row)
    }

    fn show(&self, row: &Row) -> String {
        (0..row.len)
            .map(|i| match (row.toads >> i & 1, row.frogs >> i & 1) {
                (1, _) => 'T',
                (_, 1) => 'F',
                _ => '.',
            })
            .collect()
    }

    /// Elephants and Rhinos is: an animal that cannot step is blocked by
    /// the edge, one of its own kind that cannot step either, or one of
    /// the other kind facing it, which cannot step into it; all stay.
    /// Toads and Frogs is not: a frog that jumps a toad away frees the
    /// square the toad faced.
    fn dead_ending(&self) -> bool {
        !self.jumps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{self, every_board, OutcomeCheck};

    /// Small rows worked by hand: a toad with n empty cells ahead is n
    /// (Right has no move); `TF` is 0 (nobody moves); `T.F` is `{0|0}` = *,
    /// since `.TF` = `{|FT.}` = `{|1}` = 0 and `TF.` = `{.FT|}` = `{-1|}` = 0.
    #[test]
    fn small_rows() {
        check::assert_values(
            TOADS_FROGS,
            &[
                ("T.", "1"),
                ("T...", "3"),
                (".F", "-1"),
                ("TF", "0"),
                ("T.F", "*"),
            ],
        );
    }

    /// Erickson's conjectures on starting positions ("New Toads and Frogs
    /// results", Games of No Chance, 1996), proved by Thanatipanonda
    /// ("Further hopping with Toads and Frogs", Electronic Journal of
    /// Combinatorics 18, 2011): with `T^a` for a toads and `F^b` for b frogs,
    /// E1 `T^a..F^b` = {{a-3|a-b}|{*|3-b}} for a > b >= 2,
    /// E2 `T^a...FF` = {a-2|a-2} for a >= 2, and
    /// E3 `T^a...FFF` = a - 7/2 for a >= 5.
    #[test]
    fn ericksons_starting_positions() {
        let row = |a: usize, gap: usize, b: usize| {
            format!("{}{}{}", "T".repeat(a), ".".repeat(gap), "F".repeat(b))
        };
        let mut cases = Vec::new();
        let mut check = |row: String, expected: String| cases.push((row, expected));
        for a in 3..=6i32 {
            for b in 2..a {
                let e1 = format!("{{{{{}|{}}}|{{*|{}}}}}", a - 3, a - b, 3 - b);
                check(row(a as usize, 2, b as usize), e1);
            }
        }
        for a in 2..=8i32 {
            check(row(a as usize, 3, 2), format!("{{{}|{}}}", a - 2, a - 2));
        }
        for a in 5..=8i32 {
            check(row(a as usize, 3, 3), format!("{}/2", 2 * a - 7));
        }
        let cases: Vec<(&str, &str)> = (cases.iter())
            .map(|(r, e)| (r.as_str(), e.as_str()))
            .collect();
        check::assert_values(TOADS_FROGS, &cases);
    }

    /// Every row of up to 9 cells: the outcome class of the value is who
    /// wins by plain search.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut check = OutcomeCheck::new(TOADS_FROGS);
        for len in 1..=9 {
            every_board(1, len, ".TF").for_each(|text| check.assert_text(&text));
        }
    }
}
