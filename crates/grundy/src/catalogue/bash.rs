//! Bash's game: take 1 to m tokens from one heap. A heap of n is worth
//! n mod (m + 1): from a multiple of m + 1 every move leaves a non-multiple,
//! and from any other heap one move reaches a multiple.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

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
    pub most: u64,
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
        Ok(Some(heap % (self.most + 1)))
    }

    /// The move to value t takes r tokens with n - r ≡ t (mod m + 1); that
    /// is one r in 1..=m unless t is the heap's own value or above m.
    fn formula_options_with_nimber(
        &self,
        heap: &BigUint,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<BigUint>>>> {
        let modulus = self.most + 1;
        let value = (heap % modulus).to_u64().expect("below the modulus");
        let options = match target.to_u64() {
            Some(t) if t < modulus && t != value => {
                let take = (value + modulus - t) % modulus;
                if BigUint::from(take) <= *heap {
                    vec![vec![heap - take]]
                } else {
                    vec![]
                }
            }
            _ => vec![],
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
}
