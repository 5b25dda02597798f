//! Nim: take any positive number of tokens from one heap. A heap of n is
//! worth the nimber n (Bouton), so a sum is lost exactly when the XOR of its
//! heaps is zero.

use num_bigint::BigUint;

use super::{heap, no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::game::{Game, HeapGame, Ruleset};
use crate::period::{Period, Proof, Regularity};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "nim",
    usage: "nim HEAP...",
    summary: "take any number of tokens from one heap",
    example: "nim 3 4 5",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Nim))
}

/// Nim (`nim`): take any positive number of tokens from one heap.
pub struct Nim;

impl Game for Nim {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        heap::options(self, heap, "nim")
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for Nim {
    fn name(&self) -> String {
        "nim".into()
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        Ok(Some(heap.clone()))
    }

    fn formula_options_with_nimber(
        &self,
        heap: &BigUint,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<BigUint>>>> {
        let options = if target < heap {
            vec![vec![target.clone()]]
        } else {
            vec![]
        };
        Ok(Some(options))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }

    fn plays_as_nim(&self) -> bool {
        true
    }
}

impl HeapGame for Nim {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        (0..n).for_each(|k| visit(&[k]));
    }

    fn known_regularity(&self) -> Option<Proof> {
        Some(Proof {
            regularity: Regularity {
                period: Period {
                    preperiod: 0,
                    period: 1,
                },
                saltus: 1,
            },
            theorem: "closed form G(n) = n".into(),
            needs: 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    /// Bound of the check: every heap up to 300.
    #[test]
    fn closed_form_matches_search() {
        assert_closed_form_matches_search(Nim, (0..=300u32).map(BigUint::from));
    }
}
