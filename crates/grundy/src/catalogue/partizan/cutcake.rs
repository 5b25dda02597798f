//! Cutcake (Winning Ways, chapter 2): a rectangular cake scored into unit
//! squares; Left cuts a piece along a vertical line, Right along a
//! horizontal one, each cut making two pieces; who cannot cut loses.
//! Pieces are independent, so a position is the sum of its pieces, and a
//! piece turned a quarter round is the negative (the players' cuts
//! exchanged). HDU 3544 is a sum of such pieces.

use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::memory;
use crate::partizan::{Dyadic, Part, ShortGame};
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "cutcake",
    usage: "cutcake RxC...",
    summary: "cakes of R rows and C columns: Left cuts a piece along a vertical line, \
              Right along a horizontal one; who cannot cut loses",
    example: "cutcake 3x4 2x7",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(Cutcake))
}

/// The rules; a position is its pieces, each (rows, columns).
pub struct Cutcake;

/// The pieces after cutting `piece` of `pieces` in two at each place:
/// across its columns (`vertical`) or its rows.
fn cuts(pieces: &[(u64, u64)], vertical: bool) -> Vec<Vec<(u64, u64)>> {
    let mut options = Vec::new();
    for (i, &(rows, columns)) in pieces.iter().enumerate() {
        let length = if vertical { columns } else { rows };
        // Cutting at a and at length - a gives the same pieces.
        for a in 1..=length / 2 {
            let mut after = pieces.to_vec();
            after.remove(i);
            let halves = if vertical {
                [(rows, a), (rows, columns - a)]
            } else {
                [(a, columns), (rows - a, columns)]
            };
            after.extend(halves);
            after.sort_unstable();
            options.push(after);
        }
    }
    options
}

/// The value of a piece of `rows` × `columns`: an integer. Left's vertical
/// cuts gain her ⌊columns / 2^⌊log2 rows⌋⌋ - 1 moves over Right when the
/// piece is at least as wide, in that measure, as it is tall; else Right
/// gains the same the other way round.
pub fn value(rows: u64, columns: u64) -> i128 {
    let left = (columns >> rows.ilog2()) as i128 - 1;
    let right = (rows >> columns.ilog2()) as i128 - 1;
    if left > 0 {
        left
    } else if right > 0 {
        -right
    } else {
        0
    }
}

impl ShortGame for Cutcake {
    type Position = Vec<(u64, u64)>;

    fn left_options(&self, pieces: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        cuts(pieces, true)
    }

    fn right_options(&self, pieces: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        cuts(pieces, false)
    }

    /// Each piece alone, turned so that it is no taller than wide (turning
    /// negates); unit squares left out.
    fn parts(&self, pieces: &Vec<(u64, u64)>) -> Vec<Part<Vec<(u64, u64)>>> {
        pieces
            .iter()
            .filter(|&&(r, c)| r * c > 1)
            .map(|&(r, c)| Part {
                key: vec![(r.min(c), r.max(c))],
                negated: r > c,
            })
            .collect()
    }

    fn heap_bytes(&self, pieces: &Vec<(u64, u64)>) -> usize {
        memory::allocation(16 * pieces.len() as u64) as usize
    }

    fn option_count(&self, pieces: &Vec<(u64, u64)>) -> Option<u64> {
        Some(pieces.iter().map(|&(r, c)| r / 2 + c / 2).sum())
    }

    fn number(&self, pieces: &Vec<(u64, u64)>) -> Option<Dyadic> {
        match pieces[..] {
            [(rows, columns)] => Some(Dyadic::integer(value(rows, columns))),
            _ => None,
        }
    }
}

/// The most rows or columns of a piece.
pub const MAX_SIDE: u64 = 1 << 40;

impl ShortRules for Cutcake {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    fn parse_position(&self, word: &Word) -> Result<Vec<(u64, u64)>> {
        let bad = || {
            word.error(
                "a piece is written RxC: R rows and C columns, each at least 1 (3x4)".to_string(),
            )
        };
        let (rows, columns) = word.text.split_once(['x', 'X']).ok_or_else(bad)?;
        let (rows, columns) = (rows.parse::<u64>(), columns.parse::<u64>());
        let (Ok(rows), Ok(columns)) = (rows, columns) else {
            return Err(bad());
        };
        if rows == 0 || columns == 0 {
            return Err(bad());
        }
        if rows.max(columns) > MAX_SIDE {
            return Err(Error::Limit(format!(
                "the piece at column {} is {rows}x{columns}: sides up to 2^40 are played",
                word.column
            )));
        }
        Ok(vec![(rows, columns)])
    }

    fn show(&self, pieces: &Vec<(u64, u64)>) -> String {
        let words: Vec<String> = pieces.iter().map(|(r, c)| format!("{r}x{c}")).collect();
        words.join(" ")
    }

    /// (a, b) is a cake of a rows and b columns, `axb`.
    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        Some(format!("{a}x{b}"))
    }

    /// Left cuts where a piece is more than one column wide, and Right's
    /// cuts never widen a piece (and the other way round).
    fn dead_ending(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::{Games, Valuer};

    /// Cutcake searched: its options and pieces, without the closed form.
    struct Searched;

    impl ShortGame for Searched {
        type Position = Vec<(u64, u64)>;

        fn left_options(&self, p: &Self::Position) -> Vec<Self::Position> {
            Cutcake.left_options(p)
        }

        fn right_options(&self, p: &Self::Position) -> Vec<Self::Position> {
            Cutcake.right_options(p)
        }

        fn parts(&self, p: &Self::Position) -> Vec<Part<Self::Position>> {
            Cutcake.parts(p)
        }
    }

    /// Every piece up to 16 × 16 is the integer of the closed form, by
    /// search. By hand: a strip one row high and n columns wide is n - 1
    /// (Left's n - 1 cuts, Right has none), a 2 × 2 square is 0 (either
    /// player's cut leaves two strips of one move each for the other).
    #[test]
    fn pieces_are_their_closed_form() {
        let mut games = Games::new();
        let mut valuer = Valuer::new(Searched);
        for rows in 1..=16 {
            for columns in 1..=16 {
                let g = valuer
                    .value(&mut games, &vec![(rows, columns)], &mut |_| true)
                    .unwrap();
                assert_eq!(
                    games.number_value(g),
                    Some(Dyadic::integer(value(rows, columns))),
                    "{rows}x{columns}"
                );
            }
        }
        assert_eq!(value(1, 7), 6);
        assert_eq!(value(2, 2), 0);
        assert_eq!(value(2, 7), 2);
        assert_eq!(value(7, 2), -2);
    }

    /// Misère play of every cake of up to two pieces up to 4 × 4: the
    /// outcome of its tree is that of plain search.
    #[test]
    fn misere_outcomes_agree_with_search() {
        let mut check = crate::catalogue::check::MisereCheck::new();
        let sizes: Vec<(u64, u64)> = (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c))).collect();
        for &a in &sizes {
            check.assert(&Cutcake, &vec![a]);
            for &b in &sizes {
                check.assert(&Cutcake, &vec![a, b]);
            }
        }
    }
}
