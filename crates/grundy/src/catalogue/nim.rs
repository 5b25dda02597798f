//! Nim: take any positive number of tokens from one heap. A heap of n is
//! worth the nimber n (Bouton), so a sum is lost exactly when the XOR of its
//! heaps is zero.

use num_bigint::BigUint;

use super::{heap, no_parameters, Family};
use crate::component::{components, ComponentRef};
use crate::expr::{ComponentText, Word};
use crate::game::{Game, Ruleset};
use crate::period::{Period, Regularity};
use crate::sequence::{HeapGame, Proof};
use crate::Result;

pub const FAMILY: Family = Family {
    name: "nim",
    usage: "nim HEAP...",
    summary: "take any number of tokens from one heap",
    example: "nim 3 4 5",
    build,
};

fn build(written: &ComponentText) -> Result<Vec<ComponentRef>> {
    no_parameters(written)?;
    components(Nim, &written.family, &written.positions)
}

pub struct Nim;

impl Game for Nim {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        let n = heap::listable(heap, "nim")?;
        Ok((0..n).map(|k| vec![BigUint::from(k)]).collect())
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
