//! The two ways of computing the nim-sequence of a take-and-break game
//! (its rules are in `crate::take_and_break`): naive and sparse space.

use super::scan::Stored;
use super::sparse::{SparseSpace, FIRST_MASK_CHOICE};
use super::values::Next;
use super::{bit_length, Nimber, ValueSet};
use crate::take_and_break::{Moves, TakeAndBreak, ONE, THREE, WHOLE};

/// How a take-and-break nim-sequence is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every option of every heap: `O(n)` per heap for games that split.
    Naive,
    /// The sparse-space method (sparse.rs): about constant time per heap for
    /// games whose values have a sparse space.
    Sparse,
}

/// The state of a take-and-break computation between heaps.
pub struct CodeEngine {
    method: Method,
    moves: Moves,
    /// Bits of the largest value so far: option values stay below `2^bits`.
    bits: u32,
    set: ValueSet,
    sparse: SparseSpace,
}

impl CodeEngine {
    /// The engine of `code`, before heap 0, computing with `method`.
    pub fn new(code: TakeAndBreak, method: Method) -> CodeEngine {
        CodeEngine {
            method,
            moves: code.moves(),
            bits: 0,
            set: ValueSet::new(),
            sparse: SparseSpace::new(),
        }
    }

    /// Continues after values computed elsewhere, the largest of `bits`
    /// bits: the classes are chosen again from them at the next heap.
    pub fn resume(&mut self, bits: u32) {
        self.bits = bits;
        self.sparse.forget();
    }

    /// How many heaps are rare for the sparse-space method (0 when naive).
    pub fn rare_heaps(&self) -> usize {
        self.sparse.rare_heaps()
    }

    /// Whether the sparse-space method may use a second thread, asked
    /// when it would first use one (by default, whether the machine has two
    /// cores or more).
    pub fn set_helper(&mut self, may_help: impl FnOnce() -> bool + Send + 'static) {
        self.sparse.set_helper(may_help);
    }

    /// `G(n)` for `n = g.len()`, from every option.
    fn naive_value<T: Nimber>(&mut self, g: &[T]) -> u32 {
        let n = g.len();
        self.set.reset(self.bits + 1);
        for &(k, d) in self.moves.list.iter().take_while(|&&(k, _)| k <= n) {
            let m = n - k;
            if d & WHOLE != 0 && m == 0 {
                self.set.insert(0);
            }
            if d & ONE != 0 && m >= 1 {
                self.set.insert(g[m].into());
            }
            if d & THREE != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        self.set
                            .insert(g[a].into() ^ g[b].into() ^ g[m - a - b].into());
                    }
                }
            }
        }
        for (m, last) in self.moves.splitting(n) {
            for (a, b) in (1..=last).zip((m - last..m).rev()) {
                self.set.insert(g[a].into() ^ g[b].into());
            }
        }
        self.set.mex()
    }
}

impl Next for CodeEngine {
    fn extend<T: Stored>(&mut self, table: &mut Vec<T>, until: usize) -> Option<u32> {
        while table.len() < until {
            if self.method == Method::Sparse && table.len() >= FIRST_MASK_CHOICE {
                return self
                    .sparse
                    .extend(&self.moves, &mut self.bits, table, until);
            }
            let g = self.naive_value(table);
            self.bits = self.bits.max(bit_length(g));
            match T::try_from(g) {
                Ok(x) => table.push(x),
                Err(_) => return Some(g),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::Values;
    use crate::take_and_break::TWO;
    use proptest::prelude::*;

    /// `G(0..len)` of `code` by the naive method, or by the sparse-space
    /// method alone or with the helper thread from the first heap it may,
    /// whatever the width of the values.
    fn values(code: &TakeAndBreak, method: Method, helper: bool, len: usize) -> Vec<u32> {
        let mut engine = CodeEngine::new(code.clone(), method);
        engine.set_helper(move || helper);
        engine.sparse.settle = 0;
        engine.sparse.helper_bits = 0;
        let mut values = Values::new();
        values.extend_to(len, &mut engine);
        values.to_vec()
    }

    fn assert_methods_agree(code: &TakeAndBreak, len: usize) {
        let naive = values(code, Method::Naive, false, len);
        for helper in [false, true] {
            let sparse = values(code, Method::Sparse, helper, len);
            assert_eq!(sparse, naive, "{code}, helper {helper}");
        }
    }

    /// With the helper, a heap that is rare, wider than all before or too
    /// wide for the table ends its run: Grundy's game has rare heaps all
    /// along, and the long codes have values that grow past 255. At the
    /// start of each run the helper is late, and the main thread does its
    /// part, so both ways of combining far rare heaps are tested.
    #[test]
    #[ignore = "slow: CI runs it (cargo test --workspace -- --ignored)"]
    fn the_helper_changes_no_value() {
        let long = |digits: &str| TakeAndBreak::parse(digits, false).unwrap();
        let codes = [
            TakeAndBreak::grundys_game(),
            long("0.354"),
            long("0.376"),
            long("0.127"),
            long("4.7"),
            long(&format!("0.{}", "7".repeat(40))),
            long(&format!("0.{}7", "3".repeat(299))),
            TakeAndBreak::parse("0.F8", true).unwrap(),
        ];
        for code in &codes {
            assert_methods_agree(code, 3000);
        }
    }

    /// `.127` splits only after removing 3 tokens: the classes by heap
    /// parity make fewer heaps rare than the classic ones, and are chosen
    /// (so that the tests of random codes above and below cover them too).
    #[test]
    fn classes_by_heap_parity_are_chosen_where_they_make_fewer_heaps_rare() {
        let code = TakeAndBreak::parse("0.127", false).unwrap();
        let mut engine = CodeEngine::new(code.clone(), Method::Sparse);
        let mut values = Values::new();
        values.extend_to(4096, &mut engine);
        assert_eq!(engine.sparse.expected(), [0, 1]);
        assert_methods_agree(&code, 4096);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        #[test]
        fn the_helper_changes_no_value_of_random_codes(
            split in prop::bool::ANY,
            digits in prop::collection::vec(0..8u8, 1..=5),
        ) {
            let code = TakeAndBreak {
                digits: [vec![if split { TWO } else { 0 }], digits].concat(),
                unequal: false,
                hexadecimal: false,
            };
            assert_methods_agree(&code, 1200);
        }
    }
}
