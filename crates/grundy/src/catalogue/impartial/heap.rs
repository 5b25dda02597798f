//! What the heap families share: heaps are integers of any size.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::word::Word;

/// The largest heap whose options a heap family lists one by one. Closed
/// forms answer for larger heaps without listing options.
pub const LISTABLE_HEAP: u64 = 1 << 20;

/// The most options of one position listed where they are too many to list
/// all (the splits of a huge heap): the first ones, with the count of all.
pub const MOST_LISTED: usize = 1000;

/// The most work a table of values may cost, in options visited: 10^9, a
/// second or two (about 1.5 to 2.5 ns a visit as measured, with moves into
/// three heaps). A table that would cost more is refused before it starts,
/// rather than leave `analyze` silent for minutes.
pub const WORK_BUDGET: u64 = 1_000_000_000;

pub fn parse(words: &[Word]) -> Result<BigUint> {
    words[0].big("a heap size")
}

pub fn format(heap: &BigUint) -> String {
    heap.to_string()
}

/// The heap as a machine integer, when its options can be listed.
pub fn listable(heap: &BigUint, family: &str) -> Result<u64> {
    heap.to_u64()
        .filter(|&n| n <= LISTABLE_HEAP)
        .ok_or_else(|| {
            Error::TooLarge(format!(
                "{family} heap {heap} has too many options to list (at most {LISTABLE_HEAP})"
            ))
        })
}

/// The options of a heap as `Game::options` gives them, listed from the
/// family's one spelling of its moves, `HeapGame::visit_options`, so that
/// the engine's two views of a heap family cannot disagree.
pub fn options(game: &dyn HeapGame, heap: &BigUint, family: &str) -> Result<Vec<Vec<BigUint>>> {
    let n = listable(heap, family)? as usize;
    let mut options = Vec::new();
    game.visit_options(n, &mut |parts| {
        options.push(parts.iter().map(|&h| BigUint::from(h)).collect());
    });
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{CodeRuleset, Divisor, Lasker, Lieges, Nim, Subtraction};
    use crate::game::Ruleset;
    use crate::solver::Solver;
    use crate::take_and_break::TakeAndBreak;
    use crate::value::mex;

    /// The two views of a heap family agree on every heap up to `to`: the
    /// values of the options `Game::options` lists (found by search) are
    /// those of the options `HeapGame::visit_options` visits (found by the
    /// mex over the values it gives itself).
    fn assert_views_agree<R: Ruleset>(ruleset: R, heap: impl Fn(usize) -> R::Position, to: usize) {
        let game = ruleset.heap_game().expect("a heap family");
        let mut values: Vec<u64> = Vec::new();
        let mut visited: Vec<Vec<u64>> = Vec::new();
        for n in 0..=to {
            let mut here = Vec::new();
            game.visit_options(n, &mut |parts| {
                here.push(parts.iter().fold(0, |x, &h| x ^ values[h]));
            });
            values.push(mex(here.iter().copied()));
            here.sort_unstable();
            visited.push(here);
        }
        let name = ruleset.name();
        let mut solver = Solver::new(ruleset);
        for (n, visited) in visited.into_iter().enumerate() {
            let position = heap(n);
            let mut listed: Vec<u64> = Vec::new();
            for option in solver.game().options(&position).unwrap() {
                let mut value = 0;
                for part in &option {
                    value ^= solver.nimber(part).unwrap();
                }
                listed.push(value);
            }
            listed.sort_unstable();
            assert_eq!(listed, visited, "{name}: options of heap {n}");
        }
    }

    fn big(n: usize) -> BigUint {
        BigUint::from(n)
    }

    #[test]
    fn every_heap_family_has_one_spelling_of_its_moves() {
        assert_views_agree(Nim, big, 100);
        assert_views_agree(crate::catalogue::Bash { most: 3 }, big, 100);
        assert_views_agree(Subtraction::new(vec![1, 3, 4]), big, 100);
        assert_views_agree(Subtraction::new(vec![2, 5, 7]), big, 100);
        assert_views_agree(Lasker, big, 80);
        assert_views_agree(Divisor, big, 300);
        for k in 1..=4 {
            assert_views_agree(
                Lieges { k },
                |n| super::super::lieges::Heaps::one(big(n)),
                200,
            );
        }
        for (name, code) in [
            ("kayles", TakeAndBreak::parse("0.77", false).unwrap()),
            ("octal(0.137)", TakeAndBreak::parse("0.137", false).unwrap()),
            ("octal(4.7)", TakeAndBreak::parse("4.7", false).unwrap()),
            ("hex(0.F)", TakeAndBreak::parse("0.F", true).unwrap()),
            ("grundys-game", TakeAndBreak::grundys_game()),
        ] {
            assert_views_agree(CodeRuleset::new(name.into(), code), big, 60);
        }
    }
}
