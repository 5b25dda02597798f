//! Toppling Dominoes (Fink, Nowakowski, Siegel and Wolfe, "Toppling
//! conjectures", Games of No Chance 4, 2015): a row of dominoes, Left's
//! `x`, Right's `o` and green `g` (either's). A player topples one of their
//! own or a green one to the left or to the right; it knocks down every
//! domino on that side, and all of them leave the row. Who cannot move
//! loses.
//!
//! An empty cell `.` is a gap no falling domino crosses, so a row with
//! gaps is the sum of its runs of dominoes (a row without gaps topples as
//! the rules say: everything on the chosen side falls). Each run is kept
//! under the least of itself turned end to end (the same game) and of both
//! with the colours exchanged (its negative).

use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::partizan::{Part, ShortGame};
use crate::short::regions::Boards;
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "toppling-dominoes",
    usage: "toppling-dominoes ROW",
    summary: "a row of dominoes x (Left's), o (Right's), g (green, either's), '.' a gap: \
              topple one of yours or a green one left or right, and every domino on that \
              side up to a gap falls with it; who cannot move loses",
    example: "toppling-dominoes xxogoo",
    build,
};

/// The most cells of a row.
pub const MAX_CELLS: usize = 64;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(TopplingDominoes))
}

/// The rules; a position is a row of cells, cell i bit i of each mask.
pub struct TopplingDominoes;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    pub len: u8,
    pub left: u64,
    pub right: u64,
    pub green: u64,
}

impl Row {
    fn dominoes(&self) -> u64 {
        self.left | self.right | self.green
    }

    /// The row without the cells of `mask`.
    fn without(&self, mask: u64) -> Row {
        Row {
            left: self.left & !mask,
            right: self.right & !mask,
            green: self.green & !mask,
            ..*self
        }
    }

    /// The cells from `from` to `to`, both included.
    fn span(from: u32, to: u32) -> u64 {
        (u64::MAX >> (63 - to)) & (u64::MAX << from)
    }

    /// The first and last cells of the run of dominoes holding cell `i`.
    fn run(&self, i: u32) -> (u32, u32) {
        let dominoes = self.dominoes();
        let (mut first, mut last) = (i, i);
        while first > 0 && dominoes >> (first - 1) & 1 == 1 {
            first -= 1;
        }
        while last + 1 < u32::from(self.len) && dominoes >> (last + 1) & 1 == 1 {
            last += 1;
        }
        (first, last)
    }

    /// The rows after each toppling by Left (`left_moves`) or Right: each
    /// of their dominoes and each green one, toppled either way.
    fn moves(&self, left_moves: bool) -> Vec<Row> {
        let own = if left_moves { self.left } else { self.right };
        let mut options = Vec::new();
        let mut bits = own | self.green;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let (first, last) = self.run(i);
            options.push(self.without(Row::span(first, i)));
            options.push(self.without(Row::span(i, last)));
        }
        options.sort();
        options.dedup();
        options
    }

    /// The run from `first` to `last` alone, on a row of its length.
    fn cut(&self, first: u32, last: u32) -> Row {
        let mask = Row::span(0, last - first);
        Row {
            len: (last - first + 1) as u8,
            left: (self.left >> first) & mask,
            right: (self.right >> first) & mask,
            green: (self.green >> first) & mask,
        }
    }

    /// The row turned end to end.
    fn turned(&self) -> Row {
        let turn = |cells: u64| cells.reverse_bits() >> (64 - u32::from(self.len));
        Row {
            left: turn(self.left),
            right: turn(self.right),
            green: turn(self.green),
            ..*self
        }
    }

    /// The row with Left's dominoes and Right's exchanged: its negative.
    fn swapped(&self) -> Row {
        Row {
            left: self.right,
            right: self.left,
            ..*self
        }
    }
}

impl ShortGame for TopplingDominoes {
    type Position = Row;

    fn left_options(&self, row: &Row) -> Vec<Row> {
        row.moves(true)
    }

    fn right_options(&self, row: &Row) -> Vec<Row> {
        row.moves(false)
    }

    /// The runs of dominoes, each under its least image.
    fn parts(&self, row: &Row) -> Vec<Part<Row>> {
        let mut parts = Vec::new();
        let mut left = row.dominoes();
        while left != 0 {
            let (first, last) = row.run(left.trailing_zeros());
            left &= !Row::span(first, last);
            let run = row.cut(first, last);
            let images = [
                (run, false),
                (run.turned(), false),
                (run.swapped(), true),
                (run.turned().swapped(), true),
            ];
            let (key, negated) = images.into_iter().min().unwrap_or((run, false));
            parts.push(Part { key, negated });
        }
        parts
    }
}

impl ShortRules for TopplingDominoes {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    /// A region is a row of dominoes.
    fn boards(&self) -> Option<Boards> {
        Some(Boards {
            cells: &['x', 'o', 'g'],
            outside: '.',
            rows: true,
        })
    }

    fn parse_position(&self, word: &Word) -> Result<Row> {
        let cells: Vec<char> = word.text.chars().collect();
        if let Some(at) = cells.iter().position(|c| !"xog.".contains(*c)) {
            return Err(Error::Parse {
                column: word.column + at,
                message: "a row of dominoes is one row written with x (Left's domino), \
                          o (Right's), g (green, either's) and '.' (a gap)"
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
            left: 0,
            right: 0,
            green: 0,
        };
        for (i, c) in cells.iter().enumerate() {
            match c {
                'x' => row.left |= 1 << i,
                'o' => row.right |= 1 << i,
                'g' => row.green |= 1 << i,
                _ => {}
            }
        }
        Ok(row)
    }

    fn show(&self, row: &Row) -> String {
        (0..row.len)
            .map(
                |i| match (row.left >> i & 1, row.right >> i & 1, row.green >> i & 1) {
                    (1, _, _) => 'x',
                    (_, 1, _) => 'o',
                    (_, _, 1) => 'g',
                    _ => '.',
                },
            )
            .collect()
    }

    /// A toppling only removes dominoes: a player with no domino of
    /// theirs (or green) left never has one again.
    fn dead_ending(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{self, every_board, OutcomeCheck};

    fn parse(text: &str, column: usize) -> Result<Row> {
        check::parse(&TopplingDominoes, text, column)
    }

    /// Rows worked by hand from the rules. `x` = {0|} = 1, `o` = -1, `g` =
    /// {0|0} = *. A row of n of Left's: each move leaves a row of k of them
    /// for every k < n, so it is {0, .., n-1|} = n. Likewise n green ones
    /// are {*0, .., *(n-1) | the same} = *n. `xo` = {`.o`, `..` | `..`,
    /// `x.`} = {-1, 0|0, 1} = {0|0} = *. `xg` = {`.g`, `..`, `x.` | `..`,
    /// `x.`} = {*, 0, 1|0, 1} = {1|0}. `xox` = {`.ox`, `...`, `xo.` | `..x`,
    /// `x..`} = {*, 0|1} (`ox` = * as `xo`); Left's * reverses through its
    /// 0 (`xox` ≥ 0: Right's one move leaves 1), so `xox` = {0|1} = 1/2. A
    /// gap parts the row: `x.g` = 1 + * = 1*, `x.o` = 1 - 1 = 0.
    #[test]
    fn small_rows() {
        check::assert_values(
            TopplingDominoes,
            &[
                ("x", "1"),
                ("o", "-1"),
                ("g", "*"),
                ("xxxx", "4"),
                ("ooo", "-3"),
                ("ggg", "*3"),
                ("xo", "*"),
                ("xg", "{1|0}"),
                ("gx", "{1|0}"),
                ("xox", "1/2"),
                ("x.g", "1*"),
                ("x.o", "0"),
            ],
        );
    }

    #[test]
    fn bad_rows_name_the_column() {
        let column = |text: &str| check::error_column(&TopplingDominoes, text, 3);
        assert_eq!(column("xoT"), 5);
        assert_eq!(column("xo/gx"), 5);
        assert_eq!(column("x#o"), 4);
        assert!(matches!(parse(&"g".repeat(65), 1), Err(Error::Limit(_))));
    }

    /// Every row of up to 7 cells of dominoes and gaps: the outcome class of
    /// the value (runs, images, canonical forms) is who wins by plain
    /// search of the whole row, under normal and misère play.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut check = OutcomeCheck::new(TopplingDominoes);
        for len in 1..=7 {
            every_board(1, len, ".xog").for_each(|text| check.assert_text(&text));
        }
    }
}
