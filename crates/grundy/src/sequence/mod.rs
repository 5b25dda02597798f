//! The nim-sequence engine for heap games: `G(0), G(1), ...` computed heap
//! by heap into a compact table, with the period found as the sequence grows
//! and proven where a theorem allows.
//!
//! Any heap family plugs in through [`HeapGame`] (the options of heap `n` as
//! sums of heaps). Take-and-break games ([`TakeAndBreak`]) have an engine of
//! their own, naive or sparse space, and the periodicity theorem of octal
//! games; other families may prove their period themselves
//! ([`HeapGame::known_regularity`]), or the period is only observed.

mod code;
mod values;

pub use code::{CodeEngine, Method, TakeAndBreak};
pub use values::Values;

use values::{with_values, Next};

use crate::period::{
    longest_regular_tail, octal_theorem_needs, smallest_regularity, Nimber, Regularity,
};
use crate::{Error, Result};

/// A heap ruleset as the nim-sequence engine sees it.
pub trait HeapGame: Send + Sync {
    /// Calls `visit` with every option of heap `n`, each the list of heaps
    /// it leaves (an option's value is the XOR of theirs).
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize]));

    /// The regularity of the whole sequence where the family proves it (by a
    /// closed form or a theorem of its own).
    fn known_regularity(&self) -> Option<Proof> {
        None
    }

    /// The code of a take-and-break game, which has an engine of its own.
    fn take_and_break(&self) -> Option<&TakeAndBreak> {
        None
    }
}

/// A regularity that holds for the whole infinite sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub regularity: Regularity,
    /// What proves it: "octal periodicity theorem", a closed form...
    pub theorem: String,
    /// How many terms `G(0..needs)` the proof rests on.
    pub needs: usize,
}

/// Which method computes a take-and-break nim-sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MethodChoice {
    /// Sparse space for games that split heaps, naive for the others.
    #[default]
    Auto,
    Naive,
    Sparse,
}

/// What a long computation shows of itself between chunks.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub heaps: usize,
    pub largest: u32,
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
    Code(CodeEngine),
}

impl Next for Stepper<'_> {
    fn next<T: Nimber>(&mut self, values: &[T]) -> u32 {
        match self {
            Stepper::Options(game, set, bits) => {
                set.reset(*bits);
                game.visit_options(values.len(), &mut |parts| {
                    set.insert(parts.iter().fold(0, |x, &h| x ^ values[h].into()));
                });
                let g = set.mex();
                *bits = (*bits).max(32 - g.leading_zeros());
                g
            }
            Stepper::Code(engine) => engine.next(values),
        }
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
            Stepper::Code(CodeEngine::new(code, method)),
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

    pub fn values(&self) -> &Values {
        &self.values
    }

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
        keep_going: &mut dyn FnMut(&Progress) -> bool,
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
            if self.octal_theorem.is_some() && self.proof.is_none() {
                until = until.min(self.next_check.max(len + 1));
            }
            self.extend_to(until);
            if self.values.len() >= self.next_check && self.proof.is_none() {
                self.look_for_period();
            }
            let progress = Progress {
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
    /// sixteenth, or where the most likely period would be proven if it holds.
    fn look_for_period(&mut self) {
        let len = self.values.len();
        self.next_check = len + (len / 16).max(64);
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

/// A set of small nimbers for one heap's options, emptied per heap. Values
/// below `2^bits` XOR to values below it too, so the set is sized once per
/// width of the values and never checks bounds on insert.
struct ValueSet {
    words: Vec<u64>,
}

impl ValueSet {
    fn new() -> ValueSet {
        ValueSet { words: vec![0] }
    }

    /// Makes room for every value below `2^bits` and empties the set.
    fn reset(&mut self, bits: u32) {
        let words = ((1usize << bits) / 64).max(1);
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
        self.words.fill(0);
    }

    #[inline]
    fn insert(&mut self, v: u32) {
        self.words[(v / 64) as usize] |= 1 << (v % 64);
    }

    #[inline]
    fn contains(&self, v: u32) -> bool {
        self.words
            .get((v / 64) as usize)
            .is_some_and(|w| w & (1 << (v % 64)) != 0)
    }

    fn mex(&self) -> u32 {
        let mut v = 0;
        while self.contains(v) {
            v += 1;
        }
        v
    }
}
