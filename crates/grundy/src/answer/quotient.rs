//! `quotient`: the misère quotient of a heap game's sums of heaps up to N
//! (Plambeck and Siegel): its order, P-portion, each heap's element and
//! the multiplication table.
//!
//! ```
//! use grundy::answer::quotient::quotient;
//!
//! // Misère Nim of heaps of 1: the group of order 2, with P-portion {a}
//! // (one heap of 1 loses for the player to move: he must take it).
//! let answer = quotient("nim", 1, &mut |_| true).unwrap();
//! assert_eq!((answer.order, answer.p_portion.len()), (2, 1));
//! assert_eq!((answer.name(0), answer.name(1)), ("0".to_string(), "1".to_string()));
//! ```

use std::cell::{Cell, RefCell};

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::misere::quotient::{Limits, Quotient};

use super::{OnProgress, Progress};

/// The largest heap a quotient is computed to: every heap's options are
/// listed first, and the quotients of octal games met in practice stop
/// growing, or grow past their element limit, well before.
pub const MOST_HEAPS: u64 = 4096;

/// The misère quotient of `ruleset` (an expression naming a heap game) for
/// the sums of heaps 1 to `to`, reporting [`Progress::Quotient`]. The
/// search asks the callback whether to go on as it goes, not only at each
/// heap; stopped, it ends with a limit error.
pub fn quotient(ruleset: &str, to: u64, progress: OnProgress) -> Result<QuotientAnswer> {
    let ruleset = crate::registry::ruleset(ruleset)?;
    let name = ruleset.name();
    let game = ruleset.heap_game().ok_or_else(|| Error::Parse {
        column: 1,
        message: format!("{name} is not a heap game, so it has no misère quotient of heaps"),
    })?;
    if to > MOST_HEAPS {
        return Err(Error::Limit(format!(
            "heaps up to {to}: a quotient is computed for heaps up to {MOST_HEAPS}"
        )));
    }
    let progress = RefCell::new(progress);
    let last = Cell::new(Progress::Quotient { heap: 0, order: 1 });
    let go_on = |reached: Progress| (progress.borrow_mut())(reached);
    let quotient = Quotient::compute(
        game,
        to as usize,
        Limits::default(),
        &mut |p| {
            last.set(Progress::Quotient {
                heap: p.heap,
                order: p.order,
            });
            go_on(last.get())
        },
        &|| !go_on(last.get()),
    )?;
    Ok(QuotientAnswer::new(&name, &quotient))
}

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

    /// Element `x` named by its sum of fewest heaps (`1+1+2`), `0` for the
    /// identity.
    pub fn name(&self, x: u32) -> String {
        let heaps = &self.elements[x as usize];
        match heaps.is_empty() {
            true => "0".to_string(),
            false => (heaps.iter().map(ToString::to_string))
                .collect::<Vec<_>>()
                .join("+"),
        }
    }
}
