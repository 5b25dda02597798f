//! Misère quotients (Plambeck and Siegel, "Misère quotients for impartial
//! games", JCTA 115 (2008)): the sums of a heap game's heaps up to N,
//! identified where no sum added to them tells them apart under misère
//! play. The quotient is a finite commutative monoid Q with a P-portion;
//! the element of a sum is the product of its heaps' elements, and the sum
//! is a misère P-position exactly when its element is in P. So any sum of
//! any number of heaps up to N is answered by a few multiplications.
//!
//! Knows heap games (`HeapGame`) and nothing of families, expressions,
//! sums of components or the terminal.
//!
//! ```
//! use grundy::misere::quotient::{Limits, Quotient};
//! use grundy::Outcome;
//!
//! // The misère quotient of Nim's sums of heaps up to 2 is the tame quotient
//! // T2 = <a, b | a^2 = 1, b^3 = b> of order 6, with P-portion {a, b^2}
//! // (Plambeck and Siegel, "Misère quotients for impartial games", 2008).
//! let nim = grundy::ruleset("nim").unwrap();
//! let quotient =
//!     Quotient::compute(nim.heap_game().unwrap(), 2, Limits::default(), &mut |_| true, &|| false)
//!         .unwrap();
//! assert_eq!(quotient.order(), 6);
//! assert_eq!(quotient.p_portion().len(), 2);
//! // One heap of 1 is lost for the player to move in misère play; 2 + 2 too.
//! assert_eq!(quotient.outcome(&[1]).unwrap(), Outcome::P);
//! assert_eq!(quotient.outcome(&[2, 2]).unwrap(), Outcome::P);
//! assert_eq!(quotient.outcome(&[1, 2]).unwrap(), Outcome::N);
//! ```

mod build;
mod checkpoint;
mod classes;
mod monoid;
mod periodic;
mod presentation;
mod search;

use std::collections::VecDeque;

use build::{build, heap_options};
pub use build::{sum_text, Limits, OnTrial, QuotientProgress, TrialRecord};
pub use checkpoint::{Checkpoint, OnSnapshot, Snapshot};
use monoid::{table_bytes, Monoid, MultiplicationTable};
pub use periodic::{Periodicity, Shape};
pub use presentation::{generator_name, word_text, Presentation};

use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::value::Outcome;

/// The misère quotient of the sums of heaps up to `to()`.
#[derive(Clone, Debug)]
pub struct Quotient {
    to: usize,
    table: MultiplicationTable,
    p: Vec<bool>,
    /// The element of each heap 0..=to.
    images: Vec<u32>,
    /// A least sum of each element: fewest heaps, found breadth first.
    names: Vec<Vec<usize>>,
    /// The options of each heap, as the heaps each leaves.
    options: Vec<Vec<Vec<usize>>>,
    /// `orders[n]`: the order of the quotient of the heaps up to n.
    orders: Vec<usize>,
    /// The periodicity that makes this the quotient of every heap, where
    /// the periodicity theorem proves one.
    periodicity: Option<Periodicity>,
    /// Whether the theorem applies to the game's moves at all.
    theorem_applies: bool,
}

/// What a quotient is computed to, and how.
pub struct Request<'a> {
    /// The largest heap.
    pub to: usize,
    /// Stop at the first heap where the periodicity theorem proves it.
    pub until_proven: bool,
    /// The bounds of the computation.
    pub limits: Limits,
    /// Go on from a saved state.
    pub resume: Option<Checkpoint>,
    /// Hears the state after each heap (`false`: save it if due) and when
    /// the computation ends, stops or fails (`true`: save it now).
    pub save: Option<OnSnapshot<'a>>,
    /// Hears each trial quotient made for a heap once it is judged: the
    /// sum it predicts wrongly, or that it is accepted.
    pub trace: Option<OnTrial<'a>>,
}

impl<'a> Request<'a> {
    /// To heap `to` from heap 1, saving nothing.
    pub fn new(to: usize, limits: Limits) -> Request<'a> {
        Request {
            to,
            until_proven: false,
            limits,
            resume: None,
            save: None,
            trace: None,
        }
    }
}

/// A winning move of a sum of heaps: heap number `heap` (0-based, in the
/// order given) moves to the option that leaves the heaps `leaves`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// The 0-based index of the heap moved in, in the order the sum gave.
    pub heap: usize,
    /// The sizes of the heaps the move leaves in its place (none: the heap is
    /// taken whole).
    pub leaves: Vec<usize>,
}

impl Quotient {
    /// The quotient of the sums of heaps up to `to` of `game`. `progress`
    /// hears of each heap as it is added and returns false to stop; `stop`
    /// is asked inside long steps. Fails with a limit error past `limits`
    /// or the memory budget, naming which.
    pub fn compute(
        game: &dyn HeapGame,
        to: usize,
        limits: Limits,
        progress: &mut dyn FnMut(QuotientProgress) -> bool,
        stop: &dyn Fn() -> bool,
    ) -> Result<Quotient> {
        let request = Request::new(to, limits);
        Quotient::compute_request(game, request, progress, stop)
    }

    /// As [`Quotient::compute`], but stopping at the first heap (at most
    /// `most`) where the periodicity theorem proves the quotient for every
    /// heap: `to()` says which.
    pub fn compute_until_proven(
        game: &dyn HeapGame,
        most: usize,
        limits: Limits,
        progress: &mut dyn FnMut(QuotientProgress) -> bool,
        stop: &dyn Fn() -> bool,
    ) -> Result<Quotient> {
        let request = Request {
            until_proven: true,
            ..Request::new(most, limits)
        };
        Quotient::compute_request(game, request, progress, stop)
    }

    /// The quotient as `request` asks: to a heap or until proven, from a
    /// checkpoint or from heap 1, its state handed to a saver.
    pub fn compute_request(
        game: &dyn HeapGame,
        request: Request,
        progress: &mut dyn FnMut(QuotientProgress) -> bool,
        stop: &dyn Fn() -> bool,
    ) -> Result<Quotient> {
        if request.to == 0 {
            return Err(Error::Parse {
                column: 1,
                message: "a quotient needs heaps up to at least 1".into(),
            });
        }
        let shape = game.take_and_break().and_then(Shape::of);
        let options = heap_options(game, request.to)?;
        let run = build::Run {
            limits: request.limits,
            until: shape.filter(|_| request.until_proven),
            resume: request.resume,
            save: request.save,
            trace: request.trace,
        };
        let built = build(options, run, progress, stop)?;
        let mut quotient = Quotient::renumbered(built.phi.len() - 1, built, stop)?;
        quotient.theorem_applies = shape.is_some();
        quotient.periodicity = shape.and_then(|shape| periodic::proven(&quotient.images, shape));
        Ok(quotient)
    }

    /// The quotient with its elements numbered breadth first from the
    /// identity, multiplying by heaps from the smallest: element 0 is the
    /// identity and each element is named by a sum of fewest heaps.
    fn renumbered(to: usize, built: build::Built, stop: &dyn Fn() -> bool) -> Result<Quotient> {
        let size = built.table.size();
        let mut new_of = vec![u32::MAX; size];
        let mut names: Vec<Vec<usize>> = vec![Vec::new()];
        let mut order = vec![0u32];
        new_of[0] = 0;
        let mut queue = VecDeque::from([0u32]);
        while let Some(x) = queue.pop_front() {
            for h in 1..=to {
                let y = built.table.mul(x, built.phi[h]);
                if new_of[y as usize] == u32::MAX {
                    new_of[y as usize] = order.len() as u32;
                    let mut name = names[new_of[x as usize] as usize].clone();
                    name.push(h);
                    names.push(name);
                    order.push(y);
                    queue.push_back(y);
                }
            }
        }
        // Beside the built table, as large.
        let held = table_bytes(size);
        let table = MultiplicationTable::build(size, held, stop, |a, b| {
            new_of[built.table.mul(order[a as usize], order[b as usize]) as usize]
        })?;
        Ok(Quotient {
            to,
            p: order.iter().map(|&x| built.p[x as usize]).collect(),
            images: built.phi.iter().map(|&x| new_of[x as usize]).collect(),
            table,
            names,
            options: built.options,
            orders: built.orders,
            periodicity: None,
            theorem_applies: false,
        })
    }

    /// The largest heap of the sums it answers.
    pub fn to(&self) -> usize {
        self.to
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.table.size()
    }

    /// The periodicity of the heaps' elements that proves this the quotient
    /// of every heap (then `image` answers sums of heaps of any size), or
    /// `None` where the periodicity theorem does not prove it.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodicity
    }

    /// Whether the periodicity theorem applies to the game's moves (a
    /// take-and-break code whose splits may leave equal heaps).
    pub fn theorem_applies(&self) -> bool {
        self.theorem_applies
    }

    /// The quotient as generators and relations, each element a word.
    pub fn presentation(&self) -> Presentation {
        presentation::present(self)
    }

    /// The order of the quotient of the heaps up to each heap n (index n).
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The least heap n from which the quotient of the heaps up to n has
    /// already this one's order (the quotient did not grow after it).
    pub fn stable_from(&self) -> usize {
        let order = self.order();
        (self.orders.iter().rposition(|&o| o != order)).map_or(0, |n| n + 1)
    }

    /// Whether sums holding heap `h` are answered: `h` is at most `to()`,
    /// or the quotient is proven for every heap.
    pub fn covers(&self, h: usize) -> bool {
        h <= self.to || self.periodicity.is_some()
    }

    /// Whether element `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The P-portion, in the order of the elements.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order() as u32).filter(|&x| self.is_p(x)).collect()
    }

    /// The product of two elements.
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.table.mul(a, b)
    }

    /// The element of heap `h` (at most `to()`).
    pub fn heap_image(&self, h: usize) -> u32 {
        self.images[h]
    }

    /// The heaps of a sum of fewest heaps whose element is `x` (none for
    /// the identity).
    pub fn least_sum(&self, x: u32) -> &[usize] {
        &self.names[x as usize]
    }

    /// Element `x` written as a sum of fewest heaps: `2+2+3`, or `0`.
    pub fn name(&self, x: u32) -> String {
        let heaps = self.least_sum(x);
        if heaps.is_empty() {
            return "0".to_string();
        }
        heaps
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("+")
    }

    /// The element of a sum of heaps; every heap must be at most `to()`,
    /// unless the quotient is proven for every heap.
    pub fn image(&self, heaps: &[usize]) -> Result<u32> {
        let mut x = 0;
        for &h in heaps {
            let h = match self.periodicity {
                Some(periodicity) => periodicity.representative(h, self.to),
                None if h > self.to => {
                    return Err(Error::Limit(format!(
                        "heap {h} is beyond the quotient, which covers heaps up to {} \
                         (the periodicity theorem does not prove it for larger heaps)",
                        self.to
                    )))
                }
                None => h,
            };
            x = self.mul(x, self.images[h]);
        }
        Ok(x)
    }

    /// The misère outcome of a sum of heaps.
    pub fn outcome(&self, heaps: &[usize]) -> Result<Outcome> {
        Ok(match self.is_p(self.image(heaps)?) {
            true => Outcome::P,
            false => Outcome::N,
        })
    }

    /// The options of heap `h` (at most `to()`), each the heaps it leaves
    /// (empty heaps left out), once each.
    pub fn heap_options(&self, h: usize) -> &[Vec<usize>] {
        &self.options[h]
    }

    /// Every winning move of a sum of heaps: each option of each heap whose
    /// sum afterwards is in P.
    pub fn winning_moves(&self, heaps: &[usize]) -> Result<Vec<HeapMove>> {
        let images: Vec<u32> = heaps
            .iter()
            .map(|&h| self.image(&[h]))
            .collect::<Result<_>>()?;
        // The product of every heap but one, from products before and after it.
        let mut after = vec![0u32; heaps.len() + 1];
        for i in (0..heaps.len()).rev() {
            after[i] = self.mul(after[i + 1], images[i]);
        }
        let mut before = 0u32;
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let rest = self.mul(before, after[i + 1]);
            let options = self.options.get(h).ok_or_else(|| {
                Error::Limit(format!(
                    "the options of heap {h} are not held: the quotient lists those of heaps \
                     up to {}",
                    self.to
                ))
            })?;
            for option in options {
                if self.is_p(self.mul(rest, self.image(option)?)) {
                    moves.push(HeapMove {
                        heap: i,
                        leaves: option.clone(),
                    });
                }
            }
            before = self.mul(before, images[i]);
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests;
