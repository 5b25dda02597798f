//! Staircase Nim: coins on stairs 1..k; a move carries any positive number of
//! coins from one stair to the stair below it, and coins carried from stair
//! 1 reach the floor (stair 0) and leave the game. `staircase 3 0 2` has 3
//! coins on stair 1 and 2 on stair 3; the whole staircase is one position.
//!
//! Closed form: the Grundy value is the XOR of the odd stairs. Why: every
//! move changes exactly one odd stair (it takes coins from an odd stair, or
//! brings them onto one), so no move keeps that XOR; and as in Nim, taking
//! coins from a suitable odd stair reaches every smaller XOR. The even
//! stairs do not count: a move from an even stair down to an odd one can be
//! answered by carrying the same coins on down to the next even stair.
//!
//! Winning moves to nimber t, with x the XOR of the odd stairs: for each odd
//! stair of a coins, the stair must hold a ^ x ^ t afterwards, either by
//! carrying coins down from it or by carrying coins onto it from the even
//! stair above; so at most two moves per odd stair, for stairs of any size.
//!
//! POJ 1704 (Georgia and Bob, coins on a line that slide left without
//! passing each other) is this game on the gaps between the coins: see
//! [`Staircase::stairs_of_coins_on_a_line`].

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::heap::LISTABLE_HEAP;
use super::{no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Arity, Game, Ruleset};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "staircase",
    usage: "staircase A1 A2 ... AK",
    summary: "coins on stairs 1..K: carry any number of coins from one stair to the one below \
              (from stair 1 they leave)",
    example: "staircase 3 0 2 5",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Staircase))
}

/// Staircase Nim (`staircase`): coins carried down a staircase, one
/// position.
pub struct Staircase;

/// The coins on each stair, stair 1 first.
pub type Stairs = Vec<BigUint>;

impl Staircase {
    /// The staircase of the coins-on-a-line game (POJ 1704): coins on
    /// distinct cells 1, 2, ... of a line; a move slides one coin left by at
    /// least one cell, neither onto nor past another coin nor off the line.
    ///
    /// With the cells sorted, the gap before coin i is the free cells between
    /// it and coin i - 1 (or the start). Sliding coin i left moves cells from
    /// its gap to the gap of coin i + 1; sliding the last coin frees cells
    /// for no one. So the gap of the last coin is stair 1, the one before it
    /// stair 2, and so on: the two games have the same moves.
    /// `None` unless the cells are distinct and numbered from 1.
    pub fn stairs_of_coins_on_a_line(cells: &[u64]) -> Option<Stairs> {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        if sorted.first() == Some(&0) || sorted.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        let gaps = sorted.iter().scan(0, |previous, &cell| {
            Some(cell - std::mem::replace(previous, cell) - 1)
        });
        let mut stairs: Stairs = gaps.map(BigUint::from).collect();
        stairs.reverse();
        Some(stairs)
    }
}

/// The XOR of the odd stairs (1, 3, 5, ...).
fn odd_stairs_xor(stairs: &Stairs) -> BigUint {
    stairs.iter().step_by(2).fold(BigUint::zero(), |x, a| x ^ a)
}

/// The stairs after carrying `coins` from stair index `from` (0 = stair 1)
/// one stair down.
fn carry(stairs: &Stairs, from: usize, coins: &BigUint) -> Stairs {
    let mut after = stairs.clone();
    after[from] -= coins;
    if from > 0 {
        after[from - 1] += coins;
    }
    after
}

impl Game for Staircase {
    type Position = Stairs;

    fn options(&self, stairs: &Stairs) -> Result<Vec<Vec<Stairs>>> {
        let total: BigUint = stairs.iter().sum();
        if total.to_u64().is_none_or(|n| n > LISTABLE_HEAP) {
            return Err(Error::TooLarge(format!(
                "a staircase of {total} coins has too many options to list (at most {LISTABLE_HEAP})"
            )));
        }
        let mut options = Vec::new();
        for (from, coins) in stairs.iter().enumerate() {
            let coins = coins.to_u64().expect("at most the total");
            options.extend((1..=coins).map(|k| vec![carry(stairs, from, &BigUint::from(k))]));
        }
        Ok(options)
    }

    fn format_position(&self, stairs: &Stairs) -> String {
        let words: Vec<String> = stairs.iter().map(BigUint::to_string).collect();
        words.join(" ")
    }
}

impl Ruleset for Staircase {
    fn name(&self) -> String {
        "staircase".into()
    }

    fn noun(&self) -> &'static str {
        "staircase"
    }

    fn arity(&self) -> Arity {
        Arity::Whole
    }

    fn parse_position(&self, words: &[Word]) -> Result<Stairs> {
        words
            .iter()
            .map(|w| w.big("a number of coins on a stair"))
            .collect()
    }

    fn formula_nimber(&self, stairs: &Stairs) -> Result<Option<BigUint>> {
        Ok(Some(odd_stairs_xor(stairs)))
    }

    fn formula_options_with_nimber(
        &self,
        stairs: &Stairs,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<Stairs>>>> {
        let change = odd_stairs_xor(stairs) ^ target;
        let mut options = Vec::new();
        if change.is_zero() {
            return Ok(Some(options));
        }
        for odd in (0..stairs.len()).step_by(2) {
            let now = &stairs[odd];
            let wanted = now ^ &change;
            if wanted < *now {
                options.push(vec![carry(stairs, odd, &(now - &wanted))]);
            } else if let Some(above) = stairs.get(odd + 1) {
                let coins = &wanted - now;
                if coins <= *above {
                    options.push(vec![carry(stairs, odd + 1, &coins)]);
                }
            }
        }
        Ok(Some(options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;
    use crate::solver::Solver;

    /// Every staircase of `stairs` stairs with at most `most` coins on each.
    fn all_staircases(stairs: u32, most: u32) -> Vec<Stairs> {
        (0..(most + 1).pow(stairs))
            .map(|mut code| {
                (0..stairs)
                    .map(|_| {
                        let coins = code % (most + 1);
                        code /= most + 1;
                        BigUint::from(coins)
                    })
                    .collect()
            })
            .collect()
    }

    /// Bound of the check: 1 to 4 stairs with at most 4 coins on each.
    #[test]
    fn closed_form_matches_search() {
        for stairs in 1..=4 {
            assert_closed_form_matches_search(Staircase, all_staircases(stairs, 4));
        }
    }

    /// Coins on a line, searched as a game of its own: cells of the coins,
    /// sorted.
    struct CoinsOnALine;

    impl Game for CoinsOnALine {
        type Position = Vec<u64>;

        fn options(&self, cells: &Vec<u64>) -> Result<Vec<Vec<Vec<u64>>>> {
            let mut options = Vec::new();
            for i in 0..cells.len() {
                let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
                for to in lowest..cells[i] {
                    let mut after = cells.clone();
                    after[i] = to;
                    options.push(vec![after]);
                }
            }
            Ok(options)
        }

        fn format_position(&self, cells: &Vec<u64>) -> String {
            format!("{cells:?}")
        }
    }

    /// The reduction of POJ 1704 keeps the nimber, for every set of up to
    /// four coins on cells 1 to 9.
    #[test]
    fn coins_on_a_line_are_a_staircase() {
        let mut line = Solver::new(CoinsOnALine);
        for set in 0u32..1 << 9 {
            let cells: Vec<u64> = (1..=9).filter(|c| set & (1 << (c - 1)) != 0).collect();
            if cells.len() > 4 {
                continue;
            }
            let stairs = Staircase::stairs_of_coins_on_a_line(&cells).unwrap();
            assert_eq!(
                BigUint::from(line.nimber(&cells).unwrap()),
                odd_stairs_xor(&stairs),
                "{cells:?}"
            );
        }
        assert_eq!(Staircase::stairs_of_coins_on_a_line(&[3, 3]), None);
        assert_eq!(Staircase::stairs_of_coins_on_a_line(&[0, 3]), None);
    }
}
