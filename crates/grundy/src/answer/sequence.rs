//! `sequence`: the nim-sequence of a heap game, its period, preperiod and
//! saltus, and the theorem that proves them.
//!
//! ```
//! use grundy::answer::sequence::SequenceAnswer;
//! use grundy::sequence::{MethodChoice, Sequence};
//!
//! let kayles = grundy::ruleset("kayles").unwrap();
//! let mut sequence = Sequence::new(kayles.heap_game().unwrap(), MethodChoice::Auto).unwrap();
//! let stopped = sequence.compute(1000, false, &mut |_| true);
//! let answer = SequenceAnswer::new("kayles", &sequence.report(), stopped, None);
//! // Guy and Smith: Kayles has period 12 from heap 71 on.
//! assert_eq!((answer.period, answer.preperiod, answer.proven), (Some(12), Some(71), true));
//! ```

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};

use crate::error::{Error, Result};
use crate::period::Regularity;
use crate::sequence::{MethodChoice, Report, Sequence, Values};

use super::{OnProgress, Progress};

/// The nim-sequence of the heap game `ruleset` to heap `to`, as one run
/// with no checkpoint (the command line's `sequence` adds checkpoints and
/// files): `full` computes every heap (no stop at a proven period),
/// `values` lists G(0..=to). `progress` gets the heaps computed, and stops
/// the run by answering `false`; the answer then says `interrupted`.
///
/// ```
/// // S-Nim with S = {1, 3, 4}: period 7, 0 1 0 1 2 3 2 (the notes' table).
/// let answer = grundy::answer::sequence::sequence("subtraction(1,3,4)", 20, false, true, &mut |_| true).unwrap();
/// assert_eq!(answer.period, Some(7));
/// let json = serde_json::to_value(&answer).unwrap();
/// assert_eq!(json["values"].as_array().unwrap()[..7], [0, 1, 0, 1, 2, 3, 2]);
/// ```
pub fn sequence(
    ruleset: &str,
    to: usize,
    full: bool,
    values: bool,
    progress: OnProgress,
) -> Result<SequenceAnswer> {
    let built = crate::registry::ruleset(ruleset)?;
    let name = built.name();
    let game = built.heap_game().ok_or_else(|| Error::Parse {
        column: 1,
        message: format!("{name} is not a heap game, so it has no nim-sequence"),
    })?;
    // The table of values takes a byte a heap at least: past the memory
    // budget the run stops, and a full run is refused before it starts.
    let budget = crate::memory::budget();
    let too_many = |heaps: u64| heaps > budget;
    if full && too_many((to as u64).saturating_add(1)) {
        return Err(Error::Limit(format!(
            "the values of {} heaps need at least a byte each, more than the memory \
             budget of {} MiB",
            to as u64 + 1,
            budget >> 20
        )));
    }
    let mut run = Sequence::new(game, MethodChoice::Auto)?;
    let mut past_budget = false;
    let stopped = run.compute(to, full, &mut |p| {
        past_budget = too_many(p.heaps as u64);
        !past_budget && progress(Progress::Sequence(*p))
    });
    if past_budget {
        return Err(Error::Limit(format!(
            "stopped after {} heaps: their values would pass the memory budget of {} MiB",
            run.values().len(),
            budget >> 20
        )));
    }
    if let Some(error) = game.failure() {
        return Err(error);
    }
    let report = run.report();
    let shown = match values {
        true => Some(SequenceValues::new(run.values().clone(), &report, to)?),
        false => None,
    };
    Ok(SequenceAnswer::new(&name, &report, stopped, shown))
}

/// A nim-sequence computed: how far, and what regularity it shows.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct SequenceAnswer {
    /// The ruleset as an expression writes it.
    pub ruleset: String,
    /// How many values were computed: G(0..heaps).
    pub heaps: usize,
    /// The period, where one is proven or seen; else `null`.
    pub period: Option<usize>,
    /// The preperiod: the period holds from this heap on; `null` as
    /// `period`.
    pub preperiod: Option<usize>,
    /// What a period adds to the values (0 for a purely periodic
    /// sequence); `null` as `period`.
    pub saltus: Option<i64>,
    /// Whether a theorem proves the period for every heap.
    pub proven: bool,
    /// The theorem that proves it; `null` where it is only observed.
    pub theorem: Option<String>,
    /// The values G(0..proof_heaps) the proof rests on; `null` where
    /// unproven.
    pub proof_heaps: Option<usize>,
    /// Whether the run stopped before the heap asked for (Ctrl-C, a
    /// memory limit).
    pub interrupted: bool,
    /// With `--values`: G(0..=N), those computed and after a proven period
    /// the rest from it; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<SequenceValues>,
}

impl SequenceAnswer {
    /// The answer of a sequence of `ruleset` that `report` describes,
    /// `interrupted` or not, with `values` where asked.
    pub fn new(
        ruleset: &str,
        report: &Report,
        interrupted: bool,
        values: Option<SequenceValues>,
    ) -> SequenceAnswer {
        let regularity = report.regularity.as_ref();
        SequenceAnswer {
            ruleset: ruleset.to_string(),
            heaps: report.computed,
            period: regularity.map(|r| r.period.period),
            preperiod: regularity.map(|r| r.period.preperiod),
            saltus: regularity.map(|r| r.saltus),
            proven: report.proof.is_some(),
            theorem: report.proof.as_ref().map(|p| p.theorem.clone()),
            proof_heaps: report.proof.as_ref().map(|p| p.needs),
            interrupted,
            values,
        }
    }
}

/// The values G(0..=N) of a sequence: those computed and, when its period
/// was proven before N, the rest from the period. They are written out one
/// by one from the compact table (one byte a heap while values fit), never
/// held as numbers.
#[derive(Clone, Debug)]
pub struct SequenceValues {
    values: Values,
    /// The proven regularity, which continues the values computed.
    proven: Option<Regularity>,
    /// How many values are shown.
    len: usize,
}

impl SequenceValues {
    /// G(0..=to) of `values`, continued by the proof of `report` where it
    /// has one; an error where a value does not fit in 64 bits.
    pub fn new(values: Values, report: &Report, to: usize) -> Result<SequenceValues> {
        // A proof known from the start (a family's own) continues the values
        // once they hold what it rests on, not in a run interrupted before.
        let proven = (report.proof.as_ref())
            .filter(|p| values.len() >= p.needs)
            .map(|p| p.regularity);
        // Fewer than asked only when the run stopped before N, unproven.
        let len = match proven {
            Some(_) => to.saturating_add(1),
            None => values.len().min(to.saturating_add(1)),
        };
        let shown = SequenceValues {
            values,
            proven,
            len,
        };
        // The largest values are in the last period, where the saltus has
        // added most.
        let last = proven.map_or(1, |r| r.period.period);
        match (len.saturating_sub(last)..len).find(|&n| shown.get(n).is_none()) {
            Some(n) => Err(Error::Limit(format!("G({n}) does not fit in 64 bits"))),
            None => Ok(shown),
        }
    }

    /// `G(n)` for `n < self.len`.
    fn get(&self, n: usize) -> Option<u64> {
        match &self.proven {
            Some(regularity) => self.values.get_by(n, regularity),
            None => Some(self.values.get(n).into()),
        }
    }

    /// G(0), G(1), ... in order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len).map(|n| self.get(n).expect("checked by SequenceValues::new"))
    }
}

impl Serialize for SequenceValues {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl JsonSchema for SequenceValues {
    fn schema_name() -> Cow<'static, str> {
        "SequenceValues".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        <Vec<u64>>::json_schema(generator)
    }
}
