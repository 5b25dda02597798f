//! Bash's game: take 1 to m tokens from one heap. A heap of n is worth
//! n mod (m + 1): from a multiple of m + 1 every move leaves a non-multiple,
//! and from any other heap one move reaches a multiple.

use num_bigint::BigUint;

use super::{heap, parameter_count, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::game::{Game, HeapGame, Ruleset};
use crate::period::{Period, Proof, Regularity};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "bash",
    usage: "bash(M) HEAP...",
    summary: "take 1 to M tokens from one heap (Bash's game)",
    example: "bash(3) 10",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    parameter_count(written, 1, FAMILY.usage)?;
    let most: u64 = written.parameters[0].number("M, the most tokens a move takes,")?;
    if most == 0 {
        return Err(written.parameters[0].error("M must be at least 1"));
    }
    Ok(ruleset_ref(Bash { most }))
}

/// Take 1 to `most` tokens.
pub struct Bash {
    /// The most tokens a move takes, at least 1.
    pub most: u64,
}

impl Bash {
    /// `M + 1`, the period, which for `M = 2^64 - 1` is not a `u64`.
    fn modulus(&self) -> BigUint {
        BigUint::from(self.most) + 1u32
    }
}

impl Game for Bash {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        heap::options(self, heap, "bash")
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for Bash {
    fn name(&self) -> String {
        format!("bash({})", self.most)
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        Ok(Some(heap % self.modulus()))
    }

    /// The move to value t takes r tokens with n - r ≡ t (mod m + 1); that
    /// is one r in 1..=m unless t is the heap's own value or above m.
    fn formula_options_with_nimber(
        &self,
        heap: &BigUint,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<BigUint>>>> {
        let modulus = self.modulus();
        let value = heap % &modulus;
        let options = if *target < modulus && *target != value {
            let take = (value + &modulus - target) % &modulus;
            if take <= *heap {
                vec![vec![heap - take]]
            } else {
                vec![]
            }
        } else {
            vec![]
        };
        Ok(Some(options))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl HeapGame for Bash {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        (1..=(self.most as usize).min(n)).for_each(|k| visit(&[n - k]));
    }

    fn known_regularity(&self) -> Option<Proof> {
        let period = usize::try_from(self.most).ok()?.checked_add(1)?;
        Some(Proof {
            regularity: Regularity {
                period: Period {
                    preperiod: 0,
                    period,
                },
                saltus: 0,
            },
            theorem: "closed form G(n) = n mod (M + 1)".into(),
            needs: period,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    /// Bound of the check: M from 1 to 7, every heap up to 100.
    #[test]
    fn closed_form_matches_search() {
        for most in 1..=7 {
            assert_closed_form_matches_search(Bash { most }, (0..=100u32).map(BigUint::from));
        }
    }

    /// M = 2^64 - 1 made M + 1 overflow (a division by zero in a release
    /// build): every heap below 2^64 is its own value, and taking it all
    /// wins.
    #[test]
    fn the_largest_m_has_period_2_to_the_64() {
        let bash = Bash { most: u64::MAX };
        let four = BigUint::from(4u32);
        assert_eq!(bash.formula_nimber(&four).unwrap(), Some(four.clone()));
        let zero = BigUint::from(0u32);
        let wins = bash.formula_options_with_nimber(&four, &zero).unwrap();
        assert_eq!(wins, Some(vec![vec![zero.clone()]]));
        let beyond = BigUint::from(u64::MAX) + 3u32;
        assert_eq!(bash.formula_nimber(&beyond).unwrap(), Some(2u32.into()));
        let to_one = bash.formula_options_with_nimber(&beyond, &1u32.into());
        assert_eq!(to_one.unwrap(), Some(vec![vec![beyond - 1u32]]));
        // Nor is its period a usize for the nim-sequence engine.
        assert!(bash.known_regularity().is_none());
    }
}
