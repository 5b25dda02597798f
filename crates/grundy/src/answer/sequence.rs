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

use crate::component::RulesetRef;
use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::period::{Period, Regularity};
use crate::sequence::{MethodChoice, Report, Sequence, Values};

use super::{OnProgress, Progress};

/// What `sequence` is asked.
#[derive(Debug)]
#[non_exhaustive]
pub struct SequenceOptions {
    /// The largest heap to compute.
    pub to: usize,
    /// Compute every heap up to `to` even after the period is proven.
    pub full: bool,
    /// Answer with the values G(0..=to) too.
    pub values: bool,
    /// How a take-and-break game is computed.
    pub method: MethodChoice,
    /// Whether the sparse-space method may use a second thread.
    pub two_threads: bool,
    /// The memory the machine has available, in bytes: a run whose table of
    /// values would not fit is refused (with `full`) or stopped with a limit
    /// error; `None`: the library's search budget (`memory::budget`).
    pub memory: Option<u64>,
}

impl SequenceOptions {
    /// Heaps up to `to`, until the period is proven, one thread, no values.
    pub fn to(to: usize) -> SequenceOptions {
        SequenceOptions {
            to,
            full: false,
            values: false,
            method: MethodChoice::Auto,
            two_threads: false,
            memory: None,
        }
    }
}

/// The most values G(0..=N) an answer shows (`--values`, a plot of the
/// values): an answer is built whole before it is sent (the explorer's,
/// Python's), so N is checked against this before any value is computed.
/// Longer sequences go to a file (`grundy sequence --out`).
pub const MAX_SHOWN_VALUES: usize = 10_000_000;

/// Whether G(0..=to) may be shown; if not, a limit error naming the limit.
pub fn check_shown(to: usize) -> Result<()> {
    if to >= MAX_SHOWN_VALUES {
        return Err(Error::Limit(format!(
            "--to {to}: at most {MAX_SHOWN_VALUES} values are shown, G(0..={}); keep longer \
             sequences in a file with --out",
            MAX_SHOWN_VALUES - 1
        )));
    }
    Ok(())
}

/// The heap game of `ruleset`, or why it has no nim-sequence.
pub fn heap_game(ruleset: &RulesetRef) -> Result<&dyn HeapGame> {
    ruleset.heap_game().ok_or_else(|| Error::Parse {
        column: 1,
        message: format!(
            "{} is not a heap game, so it has no nim-sequence",
            ruleset.name()
        ),
    })
}

/// The nim-sequence of `ruleset` (an expression naming a heap game) up to
/// `options.to`, reporting [`Progress::Sequence`]; a run stopped by the
/// callback (or by the memory) answers with what it has, `interrupted`.
pub fn sequence(
    ruleset: &str,
    options: &SequenceOptions,
    progress: OnProgress,
) -> Result<SequenceAnswer> {
    if options.values {
        check_shown(options.to)?;
    }
    let built = crate::registry::ruleset(ruleset)?;
    let game = heap_game(&built)?;
    let mut sequence = Sequence::new(game, options.method)?;
    let two = options.two_threads;
    sequence.set_threads(move || if two { 2 } else { 1 });
    let memory = options.memory.unwrap_or_else(crate::memory::budget);
    if options.full {
        let heaps = (options.to as u64).saturating_add(1);
        table_fits(memory, "the memory given", heaps, 1)
            .map_err(|why| Error::Limit(format!("--to {} --full: {why}", options.to)))?;
    }
    let mut out_of_memory = None;
    let stopped = sequence.compute(options.to, options.full, &mut |p| {
        let width = value_width(p.largest);
        if let Err(why) = table_fits(memory, "the memory given", p.heaps as u64, width) {
            out_of_memory = Some(format!("stopped after {} heaps: {why}", p.heaps));
            return false;
        }
        progress(Progress::Sequence(*p)) && game.failure().is_none()
    });
    // A game that failed (a script's error) has no values past it.
    if let Some(error) = game.failure() {
        return Err(error);
    }
    if let Some(why) = out_of_memory {
        return Err(Error::Limit(why));
    }
    let report = sequence.report();
    let values = match options.values {
        true => Some(SequenceValues::new(
            sequence.values().clone(),
            &report,
            options.to,
        )?),
        false => None,
    };
    Ok(SequenceAnswer::new(&built.name(), &report, stopped, values))
}

/// The bytes a value takes in the table while the largest is `largest`.
pub fn value_width(largest: u32) -> u64 {
    match largest {
        0..256 => 1,
        256..65536 => 2,
        _ => 4,
    }
}

/// Whether a table of `heaps` values of `width` bytes each fits in the
/// `memory` bytes available (as `source` says); if not, says why. The
/// table is most of a run's memory, and at least this much.
pub fn table_fits(
    memory: u64,
    source: &str,
    heaps: u64,
    width: u64,
) -> std::result::Result<(), String> {
    let needs = heaps.saturating_mul(width);
    if needs <= memory {
        return Ok(());
    }
    let gib = |bytes: u64| bytes as f64 / f64::from(1 << 30);
    let per_heap = match width {
        1 => "one byte".to_string(),
        _ => format!("{width} bytes"),
    };
    Err(format!(
        "the values of {heaps} heaps need at least {:.1} GiB ({per_heap} a heap), \
         more than the {:.1} GiB of memory available ({source})",
        gib(needs),
        gib(memory),
    ))
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

impl SequenceAnswer {
    /// The regularity the answer reports (its period, preperiod and
    /// saltus), proven or observed.
    pub fn regularity(&self) -> Option<Regularity> {
        Some(Regularity {
            period: Period {
                preperiod: self.preperiod?,
                period: self.period?,
            },
            saltus: self.saltus?,
        })
    }

    /// The plot of the answer's values as SVG, as [`plot`] draws it; an
    /// error where the answer has no values (asked without them).
    pub fn plot(&self) -> Result<String> {
        let values = self
            .values
            .as_ref()
            .ok_or_else(|| Error::Unsupported("a plot needs the values: ask for them".into()))?;
        Ok(plot(
            &self.ruleset,
            values.len,
            |n| values.get(n).expect("checked by SequenceValues::new"),
            self.regularity(),
        ))
    }
}

/// The plot of a nim-sequence of `ruleset` as SVG: G(n) against n for n =
/// 0..len, `value(n)` being G(n), with the preperiod marked where a
/// regularity is known, under one title. The command line's `--plot`, the
/// web explorer and Python draw it alike.
pub fn plot(
    ruleset: &str,
    len: usize,
    value: impl Fn(usize) -> u64,
    regularity: Option<Regularity>,
) -> String {
    let title = format!(
        "nim-sequence of {ruleset}: G(n) for n = 0..{}",
        len.saturating_sub(1)
    );
    crate::picture::sequence_plot(&title, len, value, regularity)
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
    /// has one; an error where a value does not fit in 64 bits, or there
    /// are more than [`MAX_SHOWN_VALUES`].
    pub fn new(values: Values, report: &Report, to: usize) -> Result<SequenceValues> {
        check_shown(to)?;
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

    /// How many values are shown: G(0..len).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no value is shown.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// G(n), for n below [`SequenceValues::len`].
    pub fn value(&self, n: usize) -> u64 {
        assert!(n < self.len, "G({n}) of {} values shown", self.len);
        self.get(n).expect("checked by SequenceValues::new")
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
        (0..self.len).map(|n| self.value(n))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_beyond_the_memory_is_refused_with_the_memory() {
        let gib = 1 << 30;
        assert!(table_fits(gib, "a test", 1 << 30, 1).is_ok());
        assert!(table_fits(gib, "a test", 1 << 29, 2).is_ok());
        let why = table_fits(gib, "a test", 1 << 29, 4).unwrap_err();
        assert!(why.contains("2.0 GiB (4 bytes a heap)"), "{why}");
        assert!(
            why.contains("1.0 GiB of memory available (a test)"),
            "{why}"
        );
        assert!(table_fits(gib, "a test", u64::MAX, 4).is_err());
    }

    /// Guy and Smith: Kayles has period 12 from heap 71 on (the octal
    /// periodicity theorem proves it from G(0..167)); with the values.
    #[test]
    fn kayles_through_the_front_door() {
        let mut options = SequenceOptions::to(200);
        options.values = true;
        let answer = sequence("kayles", &options, &mut |_| true).unwrap();
        assert_eq!((answer.period, answer.preperiod), (Some(12), Some(71)));
        assert!(answer.proven && !answer.interrupted);
        let values: Vec<u64> = answer.values.unwrap().iter().collect();
        assert_eq!(values.len(), 201);
        // G(0..12) of Kayles: 0 1 2 3 1 4 3 2 1 4 2 6.
        assert_eq!(values[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let error = sequence("wythoff", &options, &mut |_| true).unwrap_err();
        assert!(error.to_string().contains("not a heap game"), "{error}");
    }
}
