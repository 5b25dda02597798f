//! The nim-sequence engine for heap games: `G(0), G(1), ...` computed heap
//! by heap into a compact table, with the period found as the sequence grows
//! and proven where a theorem allows.
//!
//! Any heap family plugs in through [`HeapGame`] (the options of heap `n` as
//! sums of heaps). Take-and-break games ([`TakeAndBreak`]) have an engine of
//! their own, naive or sparse space, and the periodicity theorem of octal
//! games; other families may prove their period themselves
//! ([`HeapGame::known_regularity`]), or the period is only observed.
//!
//! ```
//! use grundy::sequence::{MethodChoice, Sequence};
//!
//! // Subtraction(1,3,4): 0, 1, 0, 1, 2, 3, 2 repeated with period 7
//! // (Winning Ways, ch. 4); the P-positions are n = 0 and 2 mod 7.
//! let game = grundy::ruleset("subtraction(1,3,4)").unwrap();
//! let mut sequence = Sequence::new(game.heap_game().unwrap(), MethodChoice::Auto).unwrap();
//! sequence.compute(100, false, &mut |_| true);
//! assert_eq!(sequence.values().to_vec()[..14], [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
//! let period = sequence.report().regularity.unwrap().period;
//! assert_eq!((period.preperiod, period.period), (0, 7));
//! ```

mod code;
mod pipe;
mod scan;
mod sparse;
mod values;

pub use code::{CodeEngine, Method};
pub use values::Values;

use scan::Stored;
use values::{with_values, Next};

use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::period::{
    longest_regular_tail, octal_theorem_needs, smallest_regularity, Nimber, Proof, Regularity,
};
use crate::take_and_break::TakeAndBreak;

/// Which method computes a take-and-break nim-sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MethodChoice {
    /// Sparse space for games that split heaps, naive for the others.
    #[default]
    Auto,
    /// Every option of every heap ([`Method::Naive`]).
    Naive,
    /// The sparse-space method ([`Method::Sparse`]), for any code.
    Sparse,
}

/// What the computation of a nim-sequence shows of itself between chunks.
#[derive(Clone, Copy, Debug)]
pub struct SequenceProgress {
    /// How many values are known: `G(0..heaps)`.
    pub heaps: usize,
    /// The largest value so far.
    pub largest: u32,
    /// How many heaps the sparse-space method counts as rare (0 for the
    /// other methods).
    pub rare_heaps: usize,
}

/// What the sequence shows so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The values `G(0..computed)` are known.
    pub computed: usize,
    /// The proven regularity, or the one the computed values show (its period
    /// seen at least twice), if any.
    pub regularity: Option<Regularity>,
    /// The proof of the regularity, where a theorem or the family proves it.
    pub proof: Option<Proof>,
}

/// Fewest repeated terms for a period that is only observed: fewer could be
/// chance in a sequence of small values.
const OBSERVED_MIN_CONFIRMED: usize = 16;

/// Most heaps computed between two looks at the progress (and Ctrl-C).
const CHUNK: usize = 1 << 16;

/// How one value is computed.
enum Stepper<'g> {
    /// Through the game's options, one by one.
    Options(&'g dyn HeapGame, ValueSet, u32),
    Code(Box<CodeEngine>),
}

impl Next for Stepper<'_> {
    fn extend<T: Stored>(&mut self, table: &mut Vec<T>, until: usize) -> Option<u32> {
        let (game, set, bits) = match self {
            Stepper::Code(engine) => return engine.extend(table, until),
            Stepper::Options(game, set, bits) => (game, set, bits),
        };
        while table.len() < until {
            set.reset(*bits + 1);
            game.visit_options(table.len(), &mut |parts| {
                set.insert(parts.iter().fold(0, |x, &h| x ^ table[h].into()));
            });
            let g = set.mex();
            *bits = (*bits).max(bit_length(g));
            match T::try_from(g) {
                Ok(x) => table.push(x),
                Err(_) => return Some(g),
            }
        }
        None
    }
}

/// A nim-sequence being computed.
pub struct Sequence<'g> {
    stepper: Stepper<'g>,
    values: Values,
    /// `t` when the octal periodicity theorem applies.
    octal_theorem: Option<usize>,
    proof: Option<Proof>,
    /// When to look for a period next.
    next_check: usize,
    largest: u32,
}

impl<'g> Sequence<'g> {
    /// The sequence of a heap game, computed through its options or, for a
    /// take-and-break game, by the method chosen.
    ///
    /// ```
    /// use grundy::sequence::{MethodChoice, Sequence};
    ///
    /// let kayles = grundy::ruleset("kayles").unwrap();
    /// let mut sequence = Sequence::new(kayles.heap_game().unwrap(), MethodChoice::Auto).unwrap();
    /// // Stops once the octal periodicity theorem proves the period.
    /// sequence.compute(1000, false, &mut |_| true);
    /// let report = sequence.report();
    /// assert_eq!(report.regularity.unwrap().period.period, 12);
    /// assert_eq!(report.proof.unwrap().theorem, "octal periodicity theorem");
    /// ```
    pub fn new(game: &'g dyn HeapGame, method: MethodChoice) -> Result<Sequence<'g>> {
        if let Some(code) = game.take_and_break() {
            return Ok(Sequence::of_code(code.clone(), method));
        }
        if method == MethodChoice::Sparse {
            return Err(Error::Unsupported(
                "the sparse-space method is for take-and-break games".into(),
            ));
        }
        Ok(Sequence::with(
            Stepper::Options(game, ValueSet::new(), 0),
            None,
            game.known_regularity(),
        ))
    }

    /// The sequence of a take-and-break game: sparse space for games that
    /// split heaps unless `method` says otherwise.
    pub fn of_code(code: TakeAndBreak, method: MethodChoice) -> Sequence<'static> {
        let sparse = match method {
            MethodChoice::Auto => code.splits(),
            MethodChoice::Naive => false,
            MethodChoice::Sparse => true,
        };
        let octal_theorem = code
            .has_periodicity_theorem()
            .then(|| code.largest_removal());
        let method = if sparse {
            Method::Sparse
        } else {
            Method::Naive
        };
        Sequence::with(
            Stepper::Code(Box::new(CodeEngine::new(code, method))),
            octal_theorem,
            None,
        )
    }

    fn with(stepper: Stepper<'g>, octal_theorem: Option<usize>, proof: Option<Proof>) -> Self {
        Sequence {
            stepper,
            values: Values::new(),
            octal_theorem,
            proof,
            next_check: 0,
            largest: 0,
        }
    }

    /// Starts again from values computed before (a checkpoint): they must
    /// be this sequence's first values.
    pub fn resume(&mut self, values: Values) {
        self.largest = values.to_vec().into_iter().max().unwrap_or(0);
        let bits = bit_length(self.largest);
        match &mut self.stepper {
            Stepper::Options(_, _, b) => *b = bits,
            Stepper::Code(engine) => engine.resume(bits),
        }
        self.values = values;
        self.next_check = 0;
        // Values that already prove the period (a finished checkpoint) say
        // so now: `compute` looks only after computing heaps, and there may
        // be none left to compute.
        if self.proof.is_none() && !self.values.is_empty() {
            self.look_for_period();
        }
    }

    /// How many threads the computation may use, asked when it could first
    /// use more than one, if ever: the sparse-space method uses a second
    /// one from values of 128 on, where `threads()` then says 2 or more (by
    /// default, where the machine has two cores or more); other methods use
    /// one.
    pub fn set_threads(&mut self, threads: impl FnOnce() -> usize + Send + 'static) {
        if let Stepper::Code(engine) = &mut self.stepper {
            engine.set_helper(move || threads() >= 2);
        }
    }

    /// The values computed so far, `G(0)` first.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The proof of the period, once the values computed cover it.
    pub fn proof(&self) -> Option<&Proof> {
        self.proof.as_ref()
    }

    /// Computes `G(0..=to)`, or fewer: it stops once the period is proven
    /// (unless `full`) or when `keep_going` answers false (it is asked after
    /// every chunk of heaps). Returns whether it was stopped by `keep_going`.
    pub fn compute(
        &mut self,
        to: usize,
        full: bool,
        keep_going: &mut dyn FnMut(&SequenceProgress) -> bool,
    ) -> bool {
        let end = to.saturating_add(1);
        while self.values.len() < end {
            if !full
                && self
                    .proof
                    .as_ref()
                    .is_some_and(|p| self.values.len() >= p.needs)
            {
                break;
            }
            let len = self.values.len();
            let mut until = end.min(len + CHUNK);
            match &self.proof {
                Some(proof) if !full => until = until.min(proof.needs),
                None if self.octal_theorem.is_some() => {
                    until = until.min(self.next_check.max(len + 1));
                }
                _ => {}
            }
            self.extend_to(until);
            if self.values.len() >= self.next_check && self.proof.is_none() {
                self.look_for_period();
            }
            let progress = SequenceProgress {
                heaps: self.values.len(),
                largest: self.largest,
                rare_heaps: match &self.stepper {
                    Stepper::Code(engine) => engine.rare_heaps(),
                    Stepper::Options(..) => 0,
                },
            };
            if !keep_going(&progress) {
                return true;
            }
        }
        false
    }

    fn extend_to(&mut self, until: usize) {
        let largest = self.values.extend_to(until, &mut self.stepper);
        self.largest = self.largest.max(largest);
    }

    /// Looks for a period that the octal periodicity theorem proves with the
    /// values computed, and plans the next look: after the sequence grew by a
    /// quarter, or where the most likely period would be proven if it holds.
    fn look_for_period(&mut self) {
        let len = self.values.len();
        self.next_check = len + (len / 4).max(64);
        let best = with_values!(&self.values, v => longest_regular_tail(v));
        let (Some(t), Some(best)) = (self.octal_theorem, best) else {
            return;
        };
        if best.saltus != 0 || best.confirmed(len) == 0 {
            return;
        }
        let needs = octal_theorem_needs(best.period, t);
        if needs <= len {
            let p = best.period;
            let regularity = with_values!(&self.values, v => {
                smallest_regularity(&v[..needs], p.preperiod, p.period, 0)
            });
            self.proof = Some(Proof {
                regularity,
                theorem: "octal periodicity theorem".into(),
                needs,
            });
        } else {
            self.next_check = self.next_check.min(needs);
        }
    }

    /// The regularity proven, or else observed in the values computed.
    pub fn report(&self) -> Report {
        let len = self.values.len();
        let regularity = match &self.proof {
            Some(proof) => Some(proof.regularity),
            None => with_values!(&self.values, v => longest_regular_tail(v)
                .filter(|r| r.confirmed(len) >= r.period.period.max(OBSERVED_MIN_CONFIRMED))
                .map(|r| smallest_regularity(v, r.period.preperiod, r.period.period, r.saltus))),
        };
        Report {
            computed: len,
            regularity,
            proof: self.proof.clone(),
        }
    }
}

/// Bits needed to write `v`: every value below `2^bit_length(v)`.
fn bit_length(v: u32) -> u32 {
    u32::BITS - v.leading_zeros()
}

/// A set of small nimbers for one heap's options, emptied per heap without
/// touching its memory: a value is in the set when its stamp is the current
/// one. Values below `2^b` XOR to values below it too, so the set is sized
/// once per width `b` of the values (callers leave room for the mex, or
/// for a value one bit wider) and inserting never checks bounds.
///
/// Stamps of four bytes are for sets of any size; the sparse-space method
/// reads its sets out as bits, 64 values at a time, faster from stamps of
/// one byte, which must all be cleared every 255 heaps.
struct ValueSet<S = u32> {
    stamps: Vec<S>,
    now: S,
}

/// The stamp of a [`ValueSet`].
trait Stamp: Copy + Default + PartialEq {
    /// The stamp after `self`, or the default one after the last.
    fn next(self) -> Self;
}

impl Stamp for u8 {
    fn next(self) -> u8 {
        self.wrapping_add(1)
    }
}

impl Stamp for u32 {
    fn next(self) -> u32 {
        self.wrapping_add(1)
    }
}

impl<S: Stamp> ValueSet<S> {
    fn new() -> ValueSet<S> {
        ValueSet {
            stamps: Vec::new(),
            now: S::default(),
        }
    }

    /// Makes room for every value below `2^bits` (in whole words of 64) and
    /// empties the set.
    fn reset(&mut self, bits: u32) {
        let len = (1usize << bits).next_multiple_of(64);
        if self.stamps.len() < len {
            self.stamps.resize(len, S::default());
        }
        self.now = self.now.next();
        if self.now == S::default() {
            // The stamps went round: forget those of the previous round.
            self.stamps.fill(S::default());
            self.now = self.now.next();
        }
    }

    #[inline]
    fn insert(&mut self, v: u32) {
        self.stamps[v as usize] = self.now;
    }

    #[inline]
    fn contains(&self, v: u32) -> bool {
        self.stamps.get(v as usize) == Some(&self.now)
    }

    fn mex(&self) -> u32 {
        let mut v = 0;
        while self.contains(v) {
            v += 1;
        }
        v
    }
}
