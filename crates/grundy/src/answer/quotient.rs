//! `quotient`: the misère quotient of a heap game's sums of heaps up to N
//! (Plambeck and Siegel): its order, P-portion, each heap's element and
//! the multiplication table.
//!
//! ```
//! use grundy::answer::quotient::QuotientAnswer;
//! use grundy::misere::quotient::{Limits, Quotient};
//!
//! let nim = grundy::ruleset("nim").unwrap();
//! let game = nim.heap_game().unwrap();
//! let q = Quotient::compute(game, 1, Limits::default(), &mut |_| true, &|| false).unwrap();
//! // Misère Nim of heaps of 1: the group of order 2, with P-portion {a}
//! // (one heap of 1 loses for the player to move: he must take it).
//! let answer = QuotientAnswer::new("nim", &q);
//! assert_eq!((answer.order, answer.p_portion.len()), (2, 1));
//! ```

use schemars::JsonSchema;
use serde::Serialize;

use crate::misere::quotient::Quotient;

/// A misère quotient: elements are numbered from 0 (the identity, the
/// empty sum).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct QuotientAnswer {
    /// The ruleset as an expression writes it.
    pub ruleset: String,
    /// The largest heap of the sums.
    pub to: usize,
    /// How many elements the quotient has.
    pub order: usize,
    /// `elements[i]` names element i by a sum of fewest heaps with it (the
    /// heaps, smallest first; `[]` for the identity).
    pub elements: Vec<Vec<usize>>,
    /// The elements whose sums the player to move loses.
    pub p_portion: Vec<u32>,
    /// `heaps[h - 1]` is the element of heap h.
    pub heaps: Vec<u32>,
    /// `table[a][b]` is the product of elements a and b.
    pub table: Vec<Vec<u32>>,
}

impl QuotientAnswer {
    /// The answer of `q`, a quotient of `ruleset`.
    pub fn new(ruleset: &str, q: &Quotient) -> QuotientAnswer {
        let all = 0..q.order() as u32;
        QuotientAnswer {
            ruleset: ruleset.to_string(),
            to: q.to(),
            order: q.order(),
            elements: all.clone().map(|x| q.least_sum(x).to_vec()).collect(),
            p_portion: q.p_portion(),
            heaps: (1..=q.to()).map(|h| q.heap_image(h)).collect(),
            table: all
                .clone()
                .map(|a| all.clone().map(|b| q.mul(a, b)).collect())
                .collect(),
        }
    }
}
