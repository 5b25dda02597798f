//! The pattern finder: the simplest description that fits every computed
//! value of a ruleset, as the notes find the rule behind a new game (數感).
//!
//! It knows nothing of games: it gets numbers, as [`Entry`]s (a nimber, or
//! only an outcome). Candidates are tried in order of simplicity and the
//! first that fits every value is reported, with how far it was checked and,
//! for each candidate tried before it, the first counterexample.
//!
//! - One number n ([`find_sequence`]): G(n) = n; G(n) = n mod m; periodic
//!   with a preperiod; arithmetically periodic (a saltus) with a preperiod;
//!   a bit function of n (the 2-adic valuation, the number of one bits, the
//!   bit length); then, from the outcomes alone, the P-positions as the
//!   powers of two, the Fibonacci numbers, or a Beatty sequence
//!   floor(k*alpha) whose complement is another (alpha = phi, phi^2,
//!   sqrt 2, 2 + sqrt 2), intervals whose ends grow by a common ratio
//!   ([9*18^k + 1, 18^(k+1)], HDU 1517), or residue classes.
//! - Two numbers ([`find_table`]): G(a, b) = a XOR b; G(a, b) = G(a, 0) XOR
//!   G(0, b) (two independent heaps); P-positions a = b; complementary Beatty
//!   pairs in either order (Wythoff's (floor(k*phi), floor(k*phi^2)));
//!   Euclid's rule.
//! - A family with a parameter k ([`find_by_parity`]): one description for
//!   every k, else one for odd k and one for even k.
//!
//! A periodic description stores its first q + p values; it is only a
//! description when it predicts at least as many values as it stores, and
//! at least [`MIN_PREDICTED`]: a period must be seen at least twice. Rules
//! of a few symbols are tried before such tables.
//!
//! Every irrational is handled with exact integer arithmetic:
//! floor(k * (x + y sqrt d) / z) = floor((k x + isqrt(k^2 y^2 d)) / z).
//!
//! Observed is never proven: [`Pattern::proven`] is filled only when the
//! caller passes a regularity its theorem proves for the whole sequence and
//! the description found agrees with it over a window that makes them agree
//! forever. The finder never invents a proof.
//!
//! ```
//! use grundy::pattern::{find_sequence, Formula, SequenceRule};
//! use grundy::table::Entry;
//!
//! // Subtraction(1,2): G(n) = n mod 3. The finder names the rule and the
//! // simpler candidates it rejected, each with a counterexample.
//! let values: Vec<Entry> = (0..40).map(|n| Entry::Nimber(n % 3)).collect();
//! let pattern = find_sequence(&values, None, None);
//! assert_eq!(
//!     pattern.formula,
//!     Some(Formula::Sequence(SequenceRule::Modulo { modulus: 3, of_k: None }))
//! );
//! assert_eq!(pattern.proven, None);
//! assert!(!pattern.rejected.is_empty());
//! ```

use std::fmt::{self, Write as _};
use std::ops::RangeInclusive;

use num_bigint::BigUint;
use num_integer::{Integer, Roots};
use num_traits::ToPrimitive;

use crate::period::{Period, Regularity};
use crate::table::{Entry, Table};
use crate::value::Outcome;

/// A description found, or none, and what was tried before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The formula in words, or why there is none.
    pub description: String,
    /// The simplest formula that fits every value checked, if any.
    pub formula: Option<Formula>,
    /// The positions every candidate was checked against.
    pub checked_to: Checked,
    /// The theorem that proves the description for every position, where the
    /// caller passed one that does (see [`find_sequence`]).
    pub proven: Option<String>,
    /// The simpler candidates, each with its first counterexample.
    pub rejected: Vec<Rejected>,
}

/// The positions a pattern was checked on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// The positions 0..len of one number.
    Heaps(usize),
    /// Every position (a, b) of a table.
    Table {
        /// The values of a checked.
        rows: RangeInclusive<u64>,
        /// The values of b checked.
        cols: RangeInclusive<u64>,
    },
}

impl Checked {
    /// The last position checked (what `checked_to` reports), if any.
    pub fn last(&self) -> Option<At> {
        match self {
            Checked::Heaps(0) => None,
            Checked::Heaps(len) => Some(At::Heap(len - 1)),
            Checked::Table { rows, cols } => Some(At::Pair(*rows.end(), *cols.end())),
        }
    }
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Checked::Heaps(0) => f.write_str("no positions"),
            Checked::Heaps(len) => write!(f, "n = 0..={}", len - 1),
            Checked::Table { rows, cols } => write!(
                f,
                "a = {}..={}, b = {}..={}",
                rows.start(),
                rows.end(),
                cols.start(),
                cols.end()
            ),
        }
    }
}

/// A position named in a counterexample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The position n of a nim-sequence.
    Heap(usize),
    /// The position (a, b) of a table.
    Pair(u64, u64),
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Heap(n) => write!(f, "{n}"),
            At::Pair(a, b) => write!(f, "({a}, {b})"),
        }
    }
}

/// A candidate that does not fit, and where it first fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// The candidate, in short.
    pub candidate: String,
    /// In [`find_by_parity`], the member of the family it fails on.
    pub k: Option<u64>,
    /// The first position where the candidate and the values differ.
    pub at: At,
    /// What the candidate says: a nimber, or for a rule on P-positions an
    /// outcome.
    pub expected: Entry,
    /// What was computed, of the same kind.
    pub found: Entry,
}

/// A formula that fits the values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// A rule for a nim-sequence (positions of one number).
    Sequence(SequenceRule),
    /// A rule for a table (positions of two numbers).
    Table(TableRule),
}

/// A rule for the positions n of one number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SequenceRule {
    /// G(n) = n.
    Identity,
    /// G(n) = n mod `modulus`. `of_k`: the modulus is k + of_k, for the
    /// family's parameter k.
    Modulo {
        /// The modulus found for the values checked.
        modulus: u64,
        /// Where the modulus follows the family's parameter: k + `of_k`.
        of_k: Option<u64>,
    },
    /// G(n + p) = G(n) + saltus for n >= q, with G(0..q + p) = `start`:
    /// periodic when the saltus is 0.
    Regular {
        /// The preperiod q, period p and saltus.
        regularity: Regularity,
        /// The values G(0), ..., G(q + p - 1).
        start: Vec<u64>,
    },
    /// G(n) = f(n) for n >= 1, and G(0) = `at_zero`.
    Bits {
        /// The function f of the bits of n.
        function: BitFunction,
        /// G(0), where f has no value.
        at_zero: u64,
    },
    /// The P-positions repeat with the period: n is P when `start[n]` for
    /// n < q + p, and as n - p otherwise (residue classes mod p from q on).
    Residues {
        /// The preperiod q and period p of the outcomes.
        period: Period,
        /// Whether n is a P-position, for n < q + p.
        start: Vec<bool>,
    },
    /// The P-positions are the members of `set`, except that the outcome is
    /// the other one at each of `exceptions` (all below
    /// [`EXCEPTIONS_BELOW`]).
    Set {
        /// The set the P-positions are.
        set: NamedSet,
        /// The positions whose outcome is not the set's, in increasing
        /// order.
        exceptions: Vec<u64>,
    },
    /// The P-positions are the intervals of [`GeometricIntervals`], except
    /// that the outcome is the other one at each of `exceptions` (all below
    /// [`EXCEPTIONS_BELOW`]).
    Intervals {
        /// The intervals the P-positions are.
        intervals: GeometricIntervals,
        /// The positions whose outcome is not the intervals', in
        /// increasing order.
        exceptions: Vec<u64>,
    },
}

/// The intervals [low r^k + low_offset, high r^k - high_offset] for k >= 0:
/// runs whose starts and ends grow by the common ratio r (HDU 1517's
/// [9*18^k + 1, 18^(k+1)]). Each offset is 0 or 1, so that an interval may
/// be closed or half open at either end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeometricIntervals {
    /// r, at least 2.
    pub ratio: u64,
    /// The coefficient of r^k at the start of each interval.
    pub low: u64,
    /// Added to the start: 0 (closed) or 1 (open).
    pub low_offset: u64,
    /// The coefficient of r^k at the end of each interval.
    pub high: u64,
    /// Taken from the end: 0 (closed) or 1 (open).
    pub high_offset: u64,
}

impl GeometricIntervals {
    /// Whether n is in one of the intervals.
    pub fn contains(&self, n: u64) -> bool {
        let n = n as u128;
        let mut power = 1u128;
        loop {
            let low = self.low as u128 * power + self.low_offset as u128;
            if low > n {
                return false;
            }
            if n + (self.high_offset as u128) <= self.high as u128 * power {
                return true;
            }
            // n < 2^64 and the ratio is at least 2: the loop ends before
            // the power passes 2^65.
            power *= self.ratio as u128;
        }
    }

    /// `[9*18^k + 1, 18^(k+1)]`.
    fn name(&self) -> String {
        let end = |coefficient: u64, offset: &str| {
            let r = self.ratio;
            let power = match coefficient {
                1 => format!("{r}^k"),
                c if c == r => format!("{r}^(k+1)"),
                c => format!("{c}*{r}^k"),
            };
            format!("{power}{offset}")
        };
        let low = end(self.low, if self.low_offset == 1 { " + 1" } else { "" });
        let high = end(self.high, if self.high_offset == 1 { " - 1" } else { "" });
        format!("[{low}, {high}]")
    }
}

/// A function of the bits of n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitFunction {
    /// The 2-adic valuation: how many zero bits n ends with.
    Valuation,
    /// How many one bits n has.
    Ones,
    /// How many bits n has: floor(log2 n) + 1.
    Length,
}

/// A set of positive integers with a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamedSet {
    /// 1, 2, 4, 8, ...
    PowersOfTwo,
    /// 0, 1, 2, 3, 5, 8, ...
    Fibonacci,
    /// floor(k * alpha) for k >= 1; its complement in the positive integers
    /// is floor(k * complement) (Beatty's theorem: 1/alpha + 1/complement =
    /// 1).
    Beatty {
        /// alpha > 1, which generates the set.
        alpha: Irrational,
        /// alpha / (alpha - 1), which generates the complement.
        complement: Irrational,
    },
}

/// A rule for the positions (a, b) of two numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableRule {
    /// G(a, b) = a XOR b.
    Xor,
    /// G(a, b) = G(a, 0) XOR G(0, b), with `first[a]` = G(a, 0) and
    /// `second[b]` = G(0, b): the two numbers are independent heaps.
    HeapSum {
        /// G(a, 0) for each row a checked.
        first: Vec<u64>,
        /// G(0, b) for each column b checked.
        second: Vec<u64>,
    },
    /// P exactly when a = b.
    Diagonal,
    /// P exactly when {a, b} = {floor(k alpha), floor(k alpha) + gap k} for
    /// some k >= 0: complementary Beatty pairs, in either order.
    BeattyPairs {
        /// alpha: the smaller number of the k-th pair is floor(k alpha).
        alpha: Irrational,
        /// The k-th pair's numbers differ by gap k (1 for Wythoff's game).
        gap: u64,
    },
    /// P exactly when a number is 0 or min < max < phi min.
    Euclid,
    /// P exactly when (a mod m, b mod m) is one of `classes`: parity rules
    /// such as "a and b both odd" (kiki's game, HDU 2147) for m = 2.
    Residues {
        /// m, one of 2, 3, 4.
        modulus: u64,
        /// The classes (a mod m, b mod m) that are P, in increasing order.
        classes: Vec<(u64, u64)>,
    },
}

/// The moduli tried for rules on residue classes, smallest first.
const TABLE_MODULI: [u64; 3] = [2, 3, 4];

/// The rule on residue classes modulo `modulus` that the P-positions of
/// `table` suggest: the classes holding one. None where no position is P
/// or every class holds one (the rule would say nothing).
fn residues_candidate(table: &Table, modulus: u64) -> Option<TableRule> {
    let mut classes: Vec<(u64, u64)> = table
        .iter()
        .filter(|&(_, _, e)| e.outcome() == Outcome::P)
        .map(|(a, b, _)| (a % modulus, b % modulus))
        .collect();
    classes.sort();
    classes.dedup();
    let every = (modulus * modulus) as usize;
    (!classes.is_empty() && classes.len() < every)
        .then_some(TableRule::Residues { modulus, classes })
}

/// A quadratic irrational (x + y sqrt d) / z, with d not a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Irrational {
    /// How a rule names it: `phi`, `sqrt 2`.
    pub name: &'static str,
    /// x of (x + y sqrt d) / z.
    pub x: u64,
    /// y of (x + y sqrt d) / z.
    pub y: u64,
    /// d of (x + y sqrt d) / z, not a square.
    pub d: u64,
    /// z of (x + y sqrt d) / z, not 0.
    pub z: u64,
}

impl Irrational {
    /// floor(k * self), exactly: since k x and z are integers,
    /// floor((k x + t) / z) = floor((k x + floor(t)) / z) for t = k y sqrt d.
    pub fn floor_times(&self, k: u64) -> u128 {
        let ky = k as u128 * self.y as u128;
        let t = match ky
            .checked_mul(ky)
            .and_then(|s| s.checked_mul(self.d as u128))
        {
            Some(square) => square.sqrt(),
            // k y sqrt d itself is far below 2^128 (k < 2^64, y and d small);
            // only its square needs more bits.
            None => (BigUint::from(ky).pow(2u32) * self.d)
                .sqrt()
                .to_u128()
                .unwrap_or(u128::MAX),
        };
        (k as u128 * self.x as u128 + t) / self.z as u128
    }
}

/// The golden ratio (1 + sqrt 5) / 2 (Wythoff's game: its P-positions'
/// smaller numbers are floor(k phi)).
pub const PHI: Irrational = Irrational {
    name: "phi",
    x: 1,
    y: 1,
    d: 5,
    z: 2,
};
/// phi^2 = (3 + sqrt 5) / 2 = phi + 1 (Wythoff's game: the larger numbers
/// of its P-positions are floor(k phi^2)).
pub const PHI_SQUARED: Irrational = Irrational {
    name: "phi^2",
    x: 3,
    y: 1,
    d: 5,
    z: 2,
};
/// sqrt 2, the Beatty partner of 2 + sqrt 2.
pub const SQRT_2: Irrational = Irrational {
    name: "sqrt 2",
    x: 0,
    y: 1,
    d: 2,
    z: 1,
};
/// 2 + sqrt 2, the Beatty partner of sqrt 2 (1/sqrt 2 + 1/(2 + sqrt 2) =
/// 1).
pub const TWO_PLUS_SQRT_2: Irrational = Irrational {
    name: "(2 + sqrt 2)",
    x: 2,
    y: 1,
    d: 2,
    z: 1,
};

/// A named set of P-positions may differ from the computed ones below this
/// n: the first positions are often finished games whatever the rule, and a
/// rule that needs exceptions further up is not a simple one.
pub const EXCEPTIONS_BELOW: u64 = 4;

/// The fewest values a periodic description must predict beyond those it
/// stores, as for a period the nim-sequence engine reports as observed:
/// fewer could be chance in a sequence of small values.
pub const MIN_PREDICTED: usize = 16;

/// The most values q + p a periodic description of `len` values may store:
/// it must predict as many, and at least [`MIN_PREDICTED`].
fn most_stored(len: usize) -> usize {
    (len / 2).min(len.saturating_sub(MIN_PREDICTED))
}

/// The most values a description lists; the formula holds them all.
const LISTED: usize = 64;

/// The most bytes [`find_sequence`] (or [`find_by_parity`], per member)
/// holds beyond its `count` entries while it looks: the values as
/// nimbers (a word each) and, while a periodic candidate is tried, its
/// differences, the Z-algorithm's two arrays and each period's first
/// counterexample (three words a value in all): four words a value. A
/// caller checks it against the memory budget before it lists the
/// entries.
pub fn bytes_beyond(count: usize) -> u64 {
    (count as u64).saturating_mul(32)
}

/// The simplest description of the values `entries[n]` = G(n), n = 0..len.
///
/// `k` is the family's parameter, if any: a modulus k or k + 1 is written
/// so. `proof` is a regularity of the whole sequence and the theorem that
/// proves it (the octal periodicity theorem, a repeated window): the result
/// is proven when the values follow that regularity and the formula agrees
/// with it (see [`SequenceRule::implied_by`]); a proof needs nimbers.
///
/// Cost: linear in the values, each candidate a pass or two over them; the
/// periodic ones try every period up to half the values at once (from the
/// values' shared prefixes, see `regular`); what it takes beyond the
/// entries is [`bytes_beyond`].
pub fn find_sequence(
    entries: &[Entry],
    k: Option<u64>,
    proof: Option<(Regularity, &str)>,
) -> Pattern {
    let values = nimbers(entries);
    let members = [Member {
        k,
        entries,
        values: values.as_deref(),
    }];
    let (rule, rejected) = find_for_all(&members, false);
    // A proof about other values (the caller's mistake) proves nothing here.
    let about_these = |r: Regularity| {
        values.as_ref().is_some_and(|values| {
            let Period {
                preperiod: q,
                period: p,
            } = r.period;
            (q + p..values.len()).all(|n| values[n] as i64 == values[n - p] as i64 + r.saltus)
        })
    };
    let proven = match (&rule, proof) {
        (Some(rule), Some((regularity, theorem)))
            if about_these(regularity) && rule.implied_by(regularity, entries.len()) =>
        {
            Some(theorem.to_string())
        }
        _ => None,
    };
    sequence_pattern(rule, entries.len(), proven, rejected)
}

/// The simplest description of a table of two numbers. Counterexamples are
/// the first in reading order (row by row).
pub fn find_table(table: &Table) -> Pattern {
    let nimbers = table.iter().all(|(_, _, e)| e.nimber().is_some());
    let heap_sum = || {
        // G(a, 0) and G(0, b) are needed for every a and b of the table.
        if *table.rows().start() != 0 || *table.cols().start() != 0 {
            return None;
        }
        let nimber = |a, b| table.get(a, b).and_then(Entry::nimber).unwrap_or_default();
        Some(TableRule::HeapSum {
            first: table.rows().map(|a| nimber(a, 0)).collect(),
            second: table.cols().map(|b| nimber(0, b)).collect(),
        })
    };
    let candidates = [
        nimbers.then_some(TableRule::Xor),
        nimbers.then(heap_sum).flatten(),
        Some(TableRule::Diagonal),
        Some(TableRule::BeattyPairs { alpha: PHI, gap: 1 }),
        Some(TableRule::BeattyPairs {
            alpha: SQRT_2,
            gap: 2,
        }),
        Some(TableRule::Euclid),
    ];
    let residues = TABLE_MODULI.map(|m| residues_candidate(table, m));
    let candidates = candidates.into_iter().chain(residues);
    let mut rejected = Vec::new();
    let mut found = None;
    for rule in candidates.flatten() {
        let miss = table.iter().find_map(|(a, b, e)| {
            let expected = rule.predict(a, b);
            let found = same_kind(expected, e);
            (found != expected).then_some((a, b, expected, found))
        });
        match miss {
            Some((a, b, expected, found)) => rejected.push(Rejected {
                candidate: rule.name(),
                k: None,
                at: At::Pair(a, b),
                expected,
                found,
            }),
            None => {
                found = Some(rule);
                break;
            }
        }
    }
    let checked_to = Checked::Table {
        rows: table.rows(),
        cols: table.cols(),
    };
    Pattern {
        description: match &found {
            Some(rule) => rule.describe(),
            None => format!("no candidate fits every position {checked_to}"),
        },
        formula: found.map(Formula::Table),
        checked_to,
        proven: None,
        rejected,
    }
}

/// Which members of a family a description covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parity {
    /// Every member k.
    Every,
    /// The members with k odd.
    Odd,
    /// The members with k even.
    Even,
}

/// The description of one class of a family's members.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassPattern {
    /// Which members the class holds.
    pub parity: Parity,
    /// The parameters k of the members in the class.
    pub ks: Vec<u64>,
    /// One description that fits every member (`checked_to`: the shortest
    /// member's values). Never proven.
    pub pattern: Pattern,
}

/// A family's description: one class for every k, or one for odd and one
/// for even k.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyPattern {
    /// Every class's description in words, or why there is none.
    pub description: String,
    /// One class for every k, or one for odd k and one for even k.
    pub classes: Vec<ClassPattern>,
}

/// One description for the values of every member `(k, G(0..len))` of a
/// family, written in terms of k where it depends on it (`n mod (k+1)`);
/// where none fits them all, one for the odd k and one for the even k.
///
/// A candidate is proposed from the member of smallest k in the class and
/// checked on every other: it fits the class only if it fits them all.
pub fn find_by_parity(members: &[(u64, &[Entry])]) -> FamilyPattern {
    let values: Vec<Option<Vec<u64>>> = members.iter().map(|(_, e)| nimbers(e)).collect();
    let mut members: Vec<Member> = members
        .iter()
        .zip(&values)
        .map(|(&(k, entries), values)| Member {
            k: Some(k),
            entries,
            values: values.as_deref(),
        })
        .collect();
    members.sort_by_key(|m| m.k);
    let class = |parity: Parity| {
        let chosen: Vec<Member> = members
            .iter()
            .filter(|m| match parity {
                Parity::Every => true,
                Parity::Odd => m.k.is_some_and(|k| k % 2 == 1),
                Parity::Even => m.k.is_some_and(|k| k % 2 == 0),
            })
            .copied()
            .collect();
        let (rule, rejected) = find_for_all(&chosen, true);
        let len = chosen.iter().map(|m| m.entries.len()).min().unwrap_or(0);
        ClassPattern {
            parity,
            ks: chosen.iter().filter_map(|m| m.k).collect(),
            pattern: sequence_pattern(rule, len, None, rejected),
        }
    };
    let every = class(Parity::Every);
    if every.pattern.formula.is_some() || members.len() < 2 {
        return FamilyPattern {
            description: format!("every k: {}", every.pattern.description),
            classes: vec![every],
        };
    }
    let classes: Vec<ClassPattern> = [class(Parity::Odd), class(Parity::Even)]
        .into_iter()
        .filter(|c| !c.ks.is_empty())
        .collect();
    let description = classes
        .iter()
        .map(|c| {
            let name = if c.parity == Parity::Odd {
                "odd"
            } else {
                "even"
            };
            format!("{name} k: {}", c.pattern.description)
        })
        .collect::<Vec<_>>()
        .join("; ");
    FamilyPattern {
        description,
        classes,
    }
}

/// One sequence to describe, with its family parameter.
#[derive(Clone, Copy)]
struct Member<'a> {
    k: Option<u64>,
    entries: &'a [Entry],
    /// The entries as nimbers, where every one is: listed once for every
    /// candidate (each listed them again, five copies of thirty million
    /// values taking most of a second, unstoppable).
    values: Option<&'a [u64]>,
}

/// How one candidate went on one sequence.
enum Trial {
    Fits(SequenceRule),
    Fails(Rejected),
    /// The candidate does not apply (a rule on nimbers where only outcomes
    /// are known) or nothing in the values suggests it.
    Skipped,
}

/// The candidates for one number, simplest first.
///
/// Rules on the values come before rules on the P-positions alone (they say
/// more); within each, a formula of a few symbols comes before a table of
/// values repeated (periodic, residue classes): a Beatty sequence over a few
/// hundred values also repeats, with a period as long as a third of them.
const SEQUENCE_CANDIDATES: [fn(Member) -> Trial; 15] = [
    identity,
    modulo,
    |m| bits(m, BitFunction::Valuation),
    |m| bits(m, BitFunction::Ones),
    |m| bits(m, BitFunction::Length),
    periodic,
    arithmetic,
    |m| named(m, NamedSet::PowersOfTwo),
    |m| named(m, NamedSet::Fibonacci),
    |m| beatty(m, PHI, PHI_SQUARED),
    |m| beatty(m, PHI_SQUARED, PHI),
    |m| beatty(m, SQRT_2, TWO_PLUS_SQRT_2),
    |m| beatty(m, TWO_PLUS_SQRT_2, SQRT_2),
    geometric,
    residues,
];

/// The first candidate that fits every member, proposed from the first
/// member; the candidates before it with their counterexamples (naming the
/// member when `name_k`).
fn find_for_all(members: &[Member], name_k: bool) -> (Option<SequenceRule>, Vec<Rejected>) {
    let mut rejected = Vec::new();
    let Some(first) = members.first() else {
        return (None, rejected);
    };
    'candidates: for candidate in SEQUENCE_CANDIDATES {
        let rule = match candidate(*first) {
            Trial::Skipped => continue,
            Trial::Fails(miss) => {
                rejected.push(Rejected {
                    k: first.k.filter(|_| name_k),
                    ..miss
                });
                continue;
            }
            Trial::Fits(rule) => rule,
        };
        for other in &members[1..] {
            let theirs = rule.for_k(other.k);
            if let Some(miss) = theirs.first_miss(other.entries) {
                rejected.push(Rejected {
                    k: other.k.filter(|_| name_k),
                    ..miss
                });
                continue 'candidates;
            }
        }
        return (Some(rule), rejected);
    }
    (None, rejected)
}

fn sequence_pattern(
    rule: Option<SequenceRule>,
    len: usize,
    proven: Option<String>,
    rejected: Vec<Rejected>,
) -> Pattern {
    let checked_to = Checked::Heaps(len);
    Pattern {
        description: match &rule {
            Some(rule) => rule.describe(),
            None => format!("no candidate fits every value, {checked_to}"),
        },
        formula: rule.map(Formula::Sequence),
        checked_to,
        proven,
        rejected,
    }
}

/// The nimbers, if every entry is one.
fn nimbers(entries: &[Entry]) -> Option<Vec<u64>> {
    entries.iter().map(|e| e.nimber()).collect()
}

/// `found` as the same kind of entry as `expected`: a rule on P-positions
/// compares outcomes.
fn same_kind(expected: Entry, found: Entry) -> Entry {
    match expected {
        Entry::Nimber(_) => found,
        Entry::Outcome(_) => Entry::Outcome(found.outcome()),
    }
}

/// A rule proposed from the values, checked on them.
fn check(rule: SequenceRule, entries: &[Entry]) -> Trial {
    match rule.first_miss(entries) {
        None => Trial::Fits(rule),
        Some(miss) => Trial::Fails(miss),
    }
}

fn identity(m: Member) -> Trial {
    if m.values.is_none() {
        return Trial::Skipped;
    }
    check(SequenceRule::Identity, m.entries)
}

/// n mod m, with m the first n > 1 where G(n) = 0 after G(i) = i below it.
fn modulo(m: Member) -> Trial {
    let Some(values) = m.values else {
        return Trial::Skipped;
    };
    let Some(n) = (0..values.len()).find(|&n| values[n] != n as u64) else {
        return Trial::Skipped;
    };
    if n < 2 || values[n] != 0 {
        return Trial::Fails(Rejected {
            candidate: "G(n) = n mod m".to_string(),
            k: None,
            at: At::Heap(n),
            expected: Entry::Nimber(n as u64),
            found: Entry::Nimber(values[n]),
        });
    }
    let modulus = n as u64;
    let of_k =
        m.k.and_then(|k| modulus.checked_sub(k))
            .filter(|&offset| offset <= 1);
    check(SequenceRule::Modulo { modulus, of_k }, m.entries)
}

/// The result of looking for a tail x[n] = x[n - p] + s that predicts at
/// least as many values as it stores, and [`MIN_PREDICTED`] (q + p <=
/// stored, see [`most_stored`]): the smallest such period p with its
/// smallest preperiod q, else the attempt whose first counterexample came
/// last (with its largest allowed preperiod). The saltus s is 0 unless
/// `growing`; then it is positive (a sequence of nimbers cannot shrink for
/// ever). `None` when there are too few values to try any period.
///
/// Every period p is checked from n = `half` (the most values stored) on,
/// so its first counterexample is where the values from `half` stop
/// agreeing with those from `half - p`: the longest prefix the two share
/// ([`shared_prefixes`]), found for every p at once in time linear in the
/// values. Checking each p by scanning took time quadratic in them where
/// the values are nearly periodic, such as sparse P-positions, where most
/// periods agree with them for long.
fn regular(xs: &[u64], growing: bool) -> Option<Result<Regularity, (Regularity, usize)>> {
    let half = most_stored(xs.len());
    if half == 0 {
        return None;
    }
    let saltus = |p: usize| match growing {
        // A growing attempt takes its saltus from its first step, and at
        // least 1: where that step does not grow, it fails there.
        true => (xs[half] as i64 - xs[half - p] as i64).max(1),
        false => 0,
    };
    // The first n >= half where x[n] != x[n - p] + s, for p = 1..=half.
    let first_miss: Vec<Option<usize>> = match growing {
        false => shared_prefixes(xs, half, half)
            .into_iter()
            .map(|shared| Some(half + shared).filter(|&n| n < xs.len()))
            .collect(),
        true => {
            // Past its first step a growing tail is a periodic one of the
            // steps d[n] = x[n] - x[n - 1], from n = half + 1 on.
            let steps: Vec<i64> = (0..xs.len())
                .map(|n| match n {
                    0 => 0,
                    _ => xs[n] as i64 - xs[n - 1] as i64,
                })
                .collect();
            let shared = shared_prefixes(&steps, half + 1, half);
            (1..=half)
                .map(
                    |p| match xs[half] as i64 - xs[half - p] as i64 == saltus(p) {
                        true => Some(half + 1 + shared[p - 1]).filter(|&n| n < xs.len()),
                        false => Some(half),
                    },
                )
                .collect()
        }
    };
    let attempt = |p: usize, preperiod| Regularity {
        period: Period {
            preperiod,
            period: p,
        },
        saltus: saltus(p),
    };
    if let Some(p) = (1..=half).find(|&p| first_miss[p - 1].is_none()) {
        let holds = |n: usize| xs[n] as i64 == xs[n - p] as i64 + saltus(p);
        let mut q = half - p;
        while q > 0 && holds(q - 1 + p) {
            q -= 1;
        }
        return Some(Ok(attempt(p, q)));
    }
    // The last first counterexample, of the smallest period among equals.
    let mut best: Option<(usize, usize)> = None;
    for p in 1..=half {
        let n = first_miss[p - 1].expect("no period fits");
        if best.is_none_or(|(_, last)| n > last) {
            best = Some((p, n));
        }
    }
    best.map(|(p, n)| Err((attempt(p, half - p), n)))
}

/// For p = 1..=`most` (at most `start`), how many values from `start` on
/// equal those from `start - p` on: the length of the longest common
/// prefix of `s[start..]` and `s[start - p..]`, at most `s.len() - start`;
/// element p - 1. In time linear in `s`: the Z-algorithm (Gusfield,
/// *Algorithms on Strings, Trees, and Sequences*, 1.3), the prefix
/// `s[start..]` matched against the text `s[start - most..]`.
fn shared_prefixes<T: Eq>(s: &[T], start: usize, most: usize) -> Vec<usize> {
    let pattern = &s[start..];
    let text = &s[start - most..];
    let m = pattern.len();
    // z[k]: how many values from pattern[k] on equal the pattern's first.
    let mut z = vec![0usize; m];
    let (mut left, mut right) = (0, 0);
    for k in 1..m {
        let mut length = match k < right {
            true => z[k - left].min(right - k),
            false => 0,
        };
        while k + length < m && pattern[k + length] == pattern[length] {
            length += 1;
        }
        if k + length > right {
            (left, right) = (k, k + length);
        }
        z[k] = length;
    }
    if m > 0 {
        z[0] = m;
    }
    // The same for each place i of the text, against the pattern: [left,
    // right) is the rightmost stretch of the text known to equal the
    // pattern's start.
    let mut shared = vec![0usize; most];
    let (mut left, mut right) = (0, 0);
    for i in 0..most {
        let mut length = match i < right {
            true => z[i - left].min(right - i),
            false => 0,
        };
        if i + length >= right {
            while length < m && text[i + length] == pattern[length] {
                length += 1;
            }
            if i + length > right {
                (left, right) = (i, i + length);
            }
        }
        // Place i of the text is start - p with p = most - i.
        shared[most - i - 1] = length;
    }
    shared
}

fn periodic(m: Member) -> Trial {
    regular_trial(m, false)
}

fn arithmetic(m: Member) -> Trial {
    regular_trial(m, true)
}

fn regular_trial(m: Member, growing: bool) -> Trial {
    let Some(values) = m.values else {
        return Trial::Skipped;
    };
    match regular(values, growing) {
        None => Trial::Skipped,
        Some(Ok(regularity)) => {
            let stored = regularity.period.preperiod + regularity.period.period;
            Trial::Fits(SequenceRule::Regular {
                regularity,
                start: values[..stored].to_vec(),
            })
        }
        Some(Err((r, n))) => Trial::Fails(Rejected {
            candidate: regular_name(&r),
            k: None,
            at: At::Heap(n),
            expected: Entry::Nimber((values[n - r.period.period] as i64 + r.saltus) as u64),
            found: Entry::Nimber(values[n]),
        }),
    }
}

fn regular_name(r: &Regularity) -> String {
    let Period { preperiod, period } = r.period;
    match r.saltus {
        0 => format!("periodic with period {period} from n = {preperiod}"),
        s => format!(
            "arithmetically periodic with period {period} and saltus {s} from n = {preperiod}"
        ),
    }
}

fn bits(m: Member, function: BitFunction) -> Trial {
    match m.entries.first() {
        Some(Entry::Nimber(at_zero)) if m.values.is_some() => check(
            SequenceRule::Bits {
                function,
                at_zero: *at_zero,
            },
            m.entries,
        ),
        _ => Trial::Skipped,
    }
}

/// P-positions as residue classes: the outcomes, periodic.
fn residues(m: Member) -> Trial {
    let is_p = |e: &Entry| e.outcome() == Outcome::P;
    let xs: Vec<u64> = m.entries.iter().map(|e| is_p(e) as u64).collect();
    match regular(&xs, false) {
        None => Trial::Skipped,
        Some(Ok(r)) => {
            let stored = r.period.preperiod + r.period.period;
            Trial::Fits(SequenceRule::Residues {
                period: r.period,
                start: m.entries[..stored].iter().map(is_p).collect(),
            })
        }
        Some(Err((r, n))) => Trial::Fails(Rejected {
            candidate: residues_name(&r.period),
            k: None,
            at: At::Heap(n),
            expected: Entry::Outcome(Outcome::from_nimber_is_zero(xs[n - r.period.period] == 1)),
            found: Entry::Outcome(m.entries[n].outcome()),
        }),
    }
}

/// A named set of P-positions, with the exceptions the first positions need.
fn named(m: Member, set: NamedSet) -> Trial {
    let exceptions = (0..EXCEPTIONS_BELOW.min(m.entries.len() as u64))
        .filter(|&n| (m.entries[n as usize].outcome() == Outcome::P) != set.contains(n))
        .collect();
    check(SequenceRule::Set { set, exceptions }, m.entries)
}

/// The fewest whole intervals of P-positions (both ends inside the values)
/// a rule of geometric intervals needs: two propose the ratio, the third
/// and the rest test it.
pub const MIN_INTERVALS: usize = 3;

/// P-positions in intervals whose ends grow geometrically (HDU 1517). The
/// runs of P-positions from [`EXCEPTIONS_BELOW`] on propose the rule: the
/// first two whole ones give the ratio, as the one of their starts and of
/// their ends (each maybe one off, for an end that is open); the rule is
/// then checked on every value. Where no offsets give one integer ratio of
/// at least 2, the ratio of their starts, rounded, is checked instead, so
/// that the counterexample shows why. Skipped with fewer than
/// [`MIN_INTERVALS`] whole runs: a periodic set has more runs than that
/// in the values, and its runs do not grow.
fn geometric(m: Member) -> Trial {
    let is_p = |n: usize| m.entries[n].outcome() == Outcome::P;
    let len = m.entries.len();
    let mut runs = Vec::new();
    let mut n = (EXCEPTIONS_BELOW as usize).min(len);
    while n < len && runs.len() < MIN_INTERVALS {
        if !is_p(n) {
            n += 1;
            continue;
        }
        let start = n;
        while n < len && is_p(n) {
            n += 1;
        }
        // A run that reaches the last value may go on beyond it.
        if n < len {
            runs.push((start as u64, n as u64 - 1));
        }
    }
    if runs.len() < MIN_INTERVALS {
        return Trial::Skipped;
    }
    let [(s0, e0), (s1, e1)] = [runs[0], runs[1]];
    let exact =
        [(0, 0), (1, 0), (0, 1), (1, 1)]
            .into_iter()
            .find_map(|(low_offset, high_offset)| {
                let (low, high) = (s0 - low_offset, e0 + high_offset);
                let ratio = (s1 - low_offset) / low.max(1);
                (low > 0
                    && ratio >= 2
                    && low * ratio == s1 - low_offset
                    && high * ratio == e1 + high_offset)
                    .then_some(GeometricIntervals {
                        ratio,
                        low,
                        low_offset,
                        high,
                        high_offset,
                    })
            });
    let intervals = exact.unwrap_or(GeometricIntervals {
        ratio: ((s1 + s0 / 2) / s0).max(2),
        low: s0,
        low_offset: 0,
        high: e0,
        high_offset: 0,
    });
    let exceptions = (0..EXCEPTIONS_BELOW.min(len as u64))
        .filter(|&n| is_p(n as usize) != intervals.contains(n))
        .collect();
    check(
        SequenceRule::Intervals {
            intervals,
            exceptions,
        },
        m.entries,
    )
}

/// The P-positions floor(k alpha), k >= 1: complementary Beatty sequences
/// (phi and phi^2 for Wythoff, sqrt 2 and 2 + sqrt 2).
fn beatty(m: Member, alpha: Irrational, complement: Irrational) -> Trial {
    named(m, NamedSet::Beatty { alpha, complement })
}

impl NamedSet {
    /// Whether n is in the set.
    pub fn contains(&self, n: u64) -> bool {
        match self {
            NamedSet::PowersOfTwo => n.is_power_of_two(),
            NamedSet::Fibonacci => {
                let (mut a, mut b) = (0u64, 1u64);
                while a < n {
                    (a, b) = (b, a.saturating_add(b));
                }
                a == n
            }
            NamedSet::Beatty { alpha, .. } => {
                // floor(k alpha) grows strictly with k (alpha > 1), and
                // reaches n with some k <= n if at all.
                let (mut low, mut high) = (1u64, n);
                while low <= high {
                    let k = low + (high - low) / 2;
                    match alpha.floor_times(k).cmp(&(n as u128)) {
                        std::cmp::Ordering::Equal => return true,
                        std::cmp::Ordering::Less => low = k + 1,
                        std::cmp::Ordering::Greater => high = k - 1,
                    }
                }
                false
            }
        }
    }

    fn name(&self) -> String {
        match self {
            NamedSet::PowersOfTwo => "the powers of two 1, 2, 4, 8, ...".to_string(),
            NamedSet::Fibonacci => "the Fibonacci numbers 0, 1, 2, 3, 5, 8, ...".to_string(),
            NamedSet::Beatty { alpha, complement } => format!(
                "floor(k*{}) for k >= 1, the complement of floor(k*{})",
                alpha.name, complement.name
            ),
        }
    }
}

impl BitFunction {
    /// f(n), for n >= 1.
    pub fn apply(self, n: u64) -> u64 {
        match self {
            BitFunction::Valuation => n.trailing_zeros() as u64,
            BitFunction::Ones => n.count_ones() as u64,
            BitFunction::Length => (u64::BITS - n.leading_zeros()) as u64,
        }
    }

    fn name(self) -> &'static str {
        match self {
            BitFunction::Valuation => "the 2-adic valuation of n (its trailing zero bits)",
            BitFunction::Ones => "the number of one bits of n",
            BitFunction::Length => "the bit length of n, floor(log2 n) + 1",
        }
    }
}

impl SequenceRule {
    /// What the rule says of position n: a nimber, or for a rule on
    /// P-positions an outcome.
    pub fn predict(&self, n: u64) -> Entry {
        match self {
            SequenceRule::Identity => Entry::Nimber(n),
            // n mod 0 is taken to be n: the modulus k of a member k = 0.
            SequenceRule::Modulo { modulus, .. } => {
                Entry::Nimber(n.checked_rem(*modulus).unwrap_or(n))
            }
            SequenceRule::Regular { regularity, start } => {
                let Period { preperiod, period } = regularity.period;
                let n = n as usize;
                if n < start.len() {
                    return Entry::Nimber(start[n]);
                }
                let steps = ((n - preperiod) / period) as i64;
                let base = start[regularity.period.reduce(n)] as i64;
                Entry::Nimber((base + steps * regularity.saltus) as u64)
            }
            SequenceRule::Bits { function, at_zero } => {
                Entry::Nimber(if n == 0 { *at_zero } else { function.apply(n) })
            }
            SequenceRule::Residues { period, start } => Entry::Outcome(
                Outcome::from_nimber_is_zero(start[period.reduce(n as usize)]),
            ),
            SequenceRule::Set { set, exceptions } => Entry::Outcome(Outcome::from_nimber_is_zero(
                set.contains(n) != exceptions.contains(&n),
            )),
            SequenceRule::Intervals {
                intervals,
                exceptions,
            } => Entry::Outcome(Outcome::from_nimber_is_zero(
                intervals.contains(n) != exceptions.contains(&n),
            )),
        }
    }

    /// The same rule for another member of the family: a modulus written in
    /// terms of k follows k.
    pub fn for_k(&self, k: Option<u64>) -> SequenceRule {
        match (self, k) {
            (SequenceRule::Modulo { of_k: Some(c), .. }, Some(k)) => SequenceRule::Modulo {
                modulus: k.saturating_add(*c),
                of_k: Some(*c),
            },
            _ => self.clone(),
        }
    }

    /// The first position where the rule and the entries disagree.
    fn first_miss(&self, entries: &[Entry]) -> Option<Rejected> {
        entries.iter().enumerate().find_map(|(n, &e)| {
            let expected = self.predict(n as u64);
            let found = same_kind(expected, e);
            (found != expected).then(|| Rejected {
                candidate: self.name(),
                k: None,
                at: At::Heap(n),
                expected,
                found,
            })
        })
    }

    /// Whether the rule holds for every n, given that the sequence follows
    /// `proven` for every n and the rule fits the first `len` values.
    ///
    /// Why: where the rule is eventually regular too (q', p', s'), the
    /// difference of the two is, from n = max(q, q') on, periodic with
    /// period L = lcm(p, p') plus a drift s L / p - s' L / p' per period. No
    /// drift and a difference of 0 on max(q, q') .. + L (inside the values
    /// checked) make it 0 for ever. A rule on P-positions is compared with
    /// the outcomes of the sequence, which repeat with (q, p) when s = 0 and
    /// are all N from q + p on when s > 0.
    pub fn implied_by(&self, proven: Regularity, len: usize) -> bool {
        // The rule's own regularity, and whether it is one of values (else
        // of outcomes).
        let (mine, of_values) = match self {
            SequenceRule::Identity | SequenceRule::Modulo { modulus: 0, .. } => {
                (step_regularity(0, 1, 1), true)
            }
            SequenceRule::Modulo { modulus, .. } => {
                (step_regularity(0, *modulus as usize, 0), true)
            }
            SequenceRule::Regular { regularity, .. } => (*regularity, true),
            SequenceRule::Residues { period, .. } => {
                (step_regularity(period.preperiod, period.period, 0), false)
            }
            SequenceRule::Bits { .. }
            | SequenceRule::Set { .. }
            | SequenceRule::Intervals { .. } => return false,
        };
        let Period {
            preperiod: q,
            period: p,
        } = proven.period;
        let theirs = match proven.saltus {
            _ if of_values => proven,
            0 => step_regularity(q, p, 0),
            // G(n) = G(n - p) + s > 0: every position from q + p on is N.
            s if s > 0 => step_regularity(q + p, 1, 0),
            _ => return false,
        };
        let l = theirs.period.period.lcm(&mine.period.period);
        let drift = |r: Regularity| r.saltus * (l / r.period.period) as i64;
        drift(theirs) == drift(mine)
            && theirs.period.preperiod.max(mine.period.preperiod) + l <= len
    }

    /// The rule in short, as a rejected candidate.
    pub fn name(&self) -> String {
        match self {
            SequenceRule::Identity => "G(n) = n".to_string(),
            SequenceRule::Modulo { modulus, of_k } => {
                format!("G(n) = n mod {}", modulus_name(*modulus, *of_k))
            }
            SequenceRule::Regular { regularity, .. } => regular_name(regularity),
            SequenceRule::Bits { function, .. } => format!("G(n) = {}", function.name()),
            SequenceRule::Residues { period, .. } => residues_name(period),
            SequenceRule::Set { set, .. } => format!("P-positions: {}", set.name()),
            SequenceRule::Intervals { intervals, .. } => {
                format!("P-positions: n in {} for k >= 0", intervals.name())
            }
        }
    }

    /// The rule in full: a reader can compute every value from it.
    pub fn describe(&self) -> String {
        match self {
            SequenceRule::Identity | SequenceRule::Modulo { .. } => self.name(),
            SequenceRule::Regular { regularity, start } => describe_regular(regularity, start),
            SequenceRule::Bits { function, at_zero } => {
                let mut text = format!("G(n) = {} for n >= 1", function.name());
                if *at_zero != function.apply(0) || *function == BitFunction::Valuation {
                    write!(text, ", and G(0) = {at_zero}").unwrap();
                }
                text
            }
            SequenceRule::Residues { period, start } => describe_residues(period, start),
            SequenceRule::Set { set, exceptions } => {
                let text = format!("P-positions: {}", set.name());
                with_exceptions(text, exceptions, |n| set.contains(n))
            }
            SequenceRule::Intervals {
                intervals,
                exceptions,
            } => {
                let text = format!(
                    "{}: intervals whose ends grow by the ratio {}",
                    self.name(),
                    intervals.ratio
                );
                with_exceptions(text, exceptions, |n| intervals.contains(n))
            }
        }
    }
}

/// A rule on P-positions in words, and the positions it gets wrong:
/// "; and also 0, 1" (P where the rule says N), "; but not 3".
fn with_exceptions(mut text: String, exceptions: &[u64], rule: impl Fn(u64) -> bool) -> String {
    let (added, removed): (Vec<u64>, Vec<u64>) = exceptions.iter().partition(|&&n| !rule(n));
    if !added.is_empty() {
        write!(text, "; and also {}", list(&added)).unwrap();
    }
    if !removed.is_empty() {
        write!(text, "; but not {}", list(&removed)).unwrap();
    }
    text
}

fn step_regularity(preperiod: usize, period: usize, saltus: i64) -> Regularity {
    Regularity {
        period: Period { preperiod, period },
        saltus,
    }
}

fn modulus_name(modulus: u64, of_k: Option<u64>) -> String {
    match of_k {
        Some(0) => "k".to_string(),
        Some(c) => format!("(k+{c})"),
        None => modulus.to_string(),
    }
}

/// Numbers separated by commas.
fn list<T: fmt::Display>(xs: &[T]) -> String {
    xs.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

/// Values separated by spaces, at most `LISTED` of them.
fn values(xs: &[u64]) -> String {
    let mut text = xs[..xs.len().min(LISTED)]
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    if xs.len() > LISTED {
        write!(text, " ... ({} values)", xs.len()).unwrap();
    }
    text
}

fn describe_regular(r: &Regularity, start: &[u64]) -> String {
    let Period {
        preperiod: q,
        period: p,
    } = r.period;
    let before = if q == 0 {
        String::new()
    } else {
        format!("G(0..={}) = {}, then ", q - 1, values(&start[..q]))
    };
    let from = if q == 0 {
        String::new()
    } else {
        format!(" from n = {q}")
    };
    match (r.saltus, p) {
        (0, 1) if q == 0 => format!("G(n) = {} for every n", start[0]),
        (0, 1) => format!("{before}G(n) = {} for n >= {q}", start[q]),
        (0, _) => format!(
            "{before}periodic with period {p}{from}: {}",
            values(&start[q..])
        ),
        (s, _) => format!(
            "{before}arithmetically periodic with period {p} and saltus {s}{from}: \
             G(n + {p}) = G(n) + {s}, starting {}",
            values(&start[q..])
        ),
    }
}

fn residues_name(period: &Period) -> String {
    format!(
        "P-positions periodic with period {} from n = {}",
        period.period, period.preperiod
    )
}

fn describe_residues(period: &Period, start: &[bool]) -> String {
    let Period {
        preperiod: q,
        period: p,
    } = *period;
    let classes: Vec<usize> = (q..q + p).filter(|&n| start[n]).map(|n| n % p).collect();
    let mut classes = classes;
    classes.sort_unstable();
    let rule = match classes.len() {
        0 => "none".to_string(),
        _ if classes.len() == p => "every n".to_string(),
        1 => format!("n mod {p} = {}", classes[0]),
        _ => format!("n mod {p} in {{{}}}", list(&classes)),
    };
    if q == 0 {
        return format!("P-positions: {rule}");
    }
    let below: Vec<usize> = (0..q).filter(|&n| start[n]).collect();
    let below = if below.is_empty() {
        "none".to_string()
    } else {
        list(&below)
    };
    format!("P-positions: {rule}, for n >= {q}; below {q}: {below}")
}

impl TableRule {
    /// What the rule says of (a, b): a nimber, or for a rule on P-positions
    /// an outcome.
    pub fn predict(&self, a: u64, b: u64) -> Entry {
        let p = |is_p: bool| Entry::Outcome(Outcome::from_nimber_is_zero(is_p));
        let (low, high) = (a.min(b), a.max(b));
        match self {
            TableRule::Xor => Entry::Nimber(a ^ b),
            TableRule::HeapSum { first, second } => {
                Entry::Nimber(first[a as usize] ^ second[b as usize])
            }
            TableRule::Diagonal => p(a == b),
            TableRule::BeattyPairs { alpha, gap } => {
                let d = high - low;
                p(d % gap == 0 && alpha.floor_times(d / gap) == low as u128)
            }
            TableRule::Euclid => {
                // low < high < phi low  <=>  2 high - low < sqrt(5) low.
                let (low, high) = (low as u128, high as u128);
                p(low == 0 || (low < high && (2 * high - low).pow(2) < 5 * low * low))
            }
            TableRule::Residues { modulus, classes } => {
                p(classes.contains(&(a % modulus, b % modulus)))
            }
        }
    }

    /// The rule as a formula, in one line: `G(a, b) = a XOR b`.
    pub fn name(&self) -> String {
        match self {
            TableRule::Xor => "G(a, b) = a XOR b".to_string(),
            TableRule::HeapSum { .. } => "G(a, b) = G(a, 0) XOR G(0, b)".to_string(),
            TableRule::Diagonal => "P-positions: a = b".to_string(),
            TableRule::BeattyPairs { alpha, gap } => format!(
                "P-positions: (floor(k*{0}), floor(k*{0}) + {1}k) in either order",
                alpha.name,
                if *gap == 1 {
                    String::new()
                } else {
                    gap.to_string()
                }
            ),
            TableRule::Euclid => "P-positions: a zero, or min < max < phi*min".to_string(),
            TableRule::Residues { modulus, classes } => {
                format!("P-positions: {}", pair_classes_name(*modulus, classes))
            }
        }
    }

    /// The rule with what it means, in one line.
    pub fn describe(&self) -> String {
        match self {
            TableRule::Xor => "G(a, b) = a XOR b: two Nim heaps".to_string(),
            TableRule::HeapSum { .. } => {
                "G(a, b) = G(a, 0) XOR G(0, b): the two numbers are independent heaps".to_string()
            }
            TableRule::Diagonal => self.name(),
            TableRule::BeattyPairs { alpha, gap } => {
                let wythoff = if *alpha == PHI && *gap == 1 {
                    ": Wythoff's pairs (floor(k*phi), floor(k*phi^2))"
                } else {
                    ""
                };
                format!(
                    "{} for k >= 0{wythoff}, complementary Beatty sequences",
                    self.name()
                )
            }
            TableRule::Euclid => {
                format!("{}, with phi = (1 + sqrt 5)/2: Euclid's game", self.name())
            }
            TableRule::Residues { modulus, .. } => format!(
                "{}: the P-positions are residue classes modulo {modulus}",
                self.name()
            ),
        }
    }
}

/// Residue classes of pairs as words: parities for modulus 2 ("a odd and
/// b odd"), else "(a mod 3, b mod 3) in {(0, 0), (1, 2)}".
fn pair_classes_name(modulus: u64, classes: &[(u64, u64)]) -> String {
    if modulus == 2 {
        let parity = |x: u64| if x == 0 { "even" } else { "odd" };
        let each: Vec<String> = (classes.iter())
            .map(|&(a, b)| format!("a {} and b {}", parity(a), parity(b)))
            .collect();
        return each.join(", or ");
    }
    let each: Vec<String> = classes.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    format!(
        "(a mod {modulus}, b mod {modulus}) in {{{}}}",
        each.join(", ")
    )
}

pub mod values;

#[cfg(test)]
mod tests;
