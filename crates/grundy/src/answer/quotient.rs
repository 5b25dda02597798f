//! `quotient`: the misère quotient of a heap game's sums of heaps up to N
//! (Plambeck and Siegel): its order, P-portion, each heap's element and
//! the multiplication table.
//!
//! ```
//! use grundy::answer::quotient::quotient;
//!
//! // Misère Nim of heaps of 1: the group of order 2, with P-portion {a}
//! // (one heap of 1 loses for the player to move: he must take it).
//! let answer = quotient("nim", 1, false, None, None, &mut |_| true).unwrap();
//! assert_eq!((answer.order, answer.p_portion.len()), (2, 1));
//! assert_eq!((answer.name(0), answer.name(1)), ("0".to_string(), "1".to_string()));
//! ```

use std::cell::{Cell, RefCell};

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::interrupt::Throttled;
use crate::misere::quotient::{
    word_text, Checkpoint, Limits, OnTrial, Quotient, Request, Snapshot, TrialRecord,
};

use super::{OnProgress, Progress};

/// The largest heap a quotient is computed to: every heap's options are
/// listed first, and the quotients of octal games met in practice are
/// proven, or grow past the memory budget, well before.
pub const MOST_HEAPS: u64 = 4096;

/// Where a long quotient is saved, and what it resumes from.
pub struct Checkpointing<'a> {
    /// What errors call the checkpoint: its path.
    pub name: String,
    /// The bytes of the checkpoint saved before, if there is one.
    pub resume: Option<Vec<u8>>,
    /// Whether a save is due (asked after each heap).
    pub due: &'a mut dyn FnMut() -> bool,
    /// Writes the bytes of a checkpoint (whole or not at all).
    pub write: &'a mut dyn FnMut(&[u8]) -> Result<()>,
}

/// The misère quotient of `ruleset` (an expression naming a heap game) for
/// the sums of heaps 1 to `to`, reporting [`Progress::Quotient`]. The
/// search asks the callback whether to go on as it goes, not only at each
/// heap and trial (every [`crate::interrupt::ASK_EVERY`] at most); stopped,
/// it ends with a limit error. With `until_proven`, it
/// stops at the first heap (at most `to`) where the periodicity theorem
/// proves the quotient for every heap. With `checkpoint`, it resumes from
/// the state saved there (bad input if it is not one of these rules) and
/// saves its state when due, when it stops, fails or ends. `trace` hears
/// each trial quotient made for a heap, once judged.
pub fn quotient(
    ruleset: &str,
    to: u64,
    until_proven: bool,
    checkpoint: Option<Checkpointing>,
    trace: Option<OnTrial>,
    progress: OnProgress,
) -> Result<QuotientAnswer> {
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
    // The rules a checkpoint is of: the name, and a file's digest.
    let rules = match ruleset.digest() {
        Some(digest) => format!("{name} sha256:{digest}"),
        None => name.clone(),
    };
    let progress = RefCell::new(progress);
    let last = Cell::new(Progress::Quotient {
        heap: 0,
        order: 1,
        trials: 0,
        trial_order: 0,
    });
    let go_on = |reached: Progress| (progress.borrow_mut())(reached);
    let (resume, mut saver) = match checkpoint {
        Some(c) => {
            let bad = |message: String| Error::File {
                path: c.name.clone(),
                message,
            };
            let resume = (c.resume.as_deref())
                .map(|bytes| Checkpoint::from_bytes(bytes, &rules))
                .transpose()
                .map_err(|e| match e {
                    Error::Parse { message, .. } => bad(message),
                    e => e,
                })?;
            let heap = resume.as_ref().map_or(0, Checkpoint::heap);
            if heap as u64 > to {
                return Err(bad(format!(
                    "the checkpoint has reached heap {heap}, past the {to} asked for"
                )));
            }
            (resume, Some((c.due, c.write)))
        }
        None => (None, None),
    };
    let mut save = |snapshot: &Snapshot, now: bool| match saver.as_mut() {
        Some((due, write)) => match now || due() {
            true => write(&snapshot.to_bytes(&rules)),
            false => Ok(()),
        },
        None => Ok(()),
    };
    let request = Request {
        until_proven,
        resume,
        save: Some(&mut save),
        // Coerced to the lifetime of `save`.
        trace: match trace {
            Some(trace) => Some(trace as &mut dyn FnMut(&TrialRecord)),
            None => None,
        },
        ..Request::new(to as usize, Limits::default())
    };
    // The search polls its stop for each element it meets: the callback
    // hears each heap and trial, and the polls as often as they are due.
    let polled = Throttled::new(|| !go_on(last.get()));
    let quotient = Quotient::compute_request(
        game,
        request,
        &mut |p| {
            last.set(Progress::Quotient {
                heap: p.heap,
                order: p.order,
                trials: p.trials,
                trial_order: p.trial_order,
            });
            go_on(last.get())
        },
        &|| polled.stop(),
    )?;
    Ok(QuotientAnswer::new(&name, &quotient))
}

/// The multiplication table is written up to this order (larger tables
/// are `null`: the presentation and each element's word define them).
pub const TABLE_WRITTEN: usize = 1024;

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
    /// `heaps[h - 1]` is the element of heap h (the pretending function).
    pub heaps: Vec<u32>,
    /// Whether this is the quotient of every heap size, by the periodicity
    /// theorem for misère quotients.
    pub proven: bool,
    /// The periodicity of the heaps' elements that proves it, where proven.
    pub periodicity: Option<PeriodicityAnswer>,
    /// The least heap n from which the quotient of the heaps up to n has
    /// this order already.
    pub stable_from: usize,
    /// `orders[n]` is the order of the quotient of the heaps up to n.
    pub orders: Vec<usize>,
    /// What was proven or seen, in words.
    pub status: String,
    /// The presentation: the heap of each generator (`a`, `b`, ... in this
    /// order), the relations, and each element as a word in them.
    pub generators: Vec<usize>,
    /// The relations, as `a^2 = 1`.
    pub relations: Vec<String>,
    /// `words[i]` writes element i in the generators (`1` the identity).
    pub words: Vec<String>,
    /// `table[a][b]` is the product of elements a and b; `null` past
    /// [`TABLE_WRITTEN`] elements.
    pub table: Option<Vec<Vec<u32>>>,
}

/// How the periodicity theorem proves a quotient for every heap.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PeriodicityAnswer {
    /// The first heap of the periodic part.
    pub preperiod: usize,
    /// The period: heap h + period has the element of heap h from the
    /// preperiod on.
    pub period: usize,
    /// The heap the theorem needs the quotient computed to (at most `to`).
    pub needs: usize,
    /// The theorem, named.
    pub theorem: String,
}

/// The theorem's name as the answers give it.
const THEOREM: &str = "periodicity theorem for misère quotients (Plambeck and Siegel 2008)";

impl QuotientAnswer {
    /// The answer of `q`, a quotient of `ruleset`.
    pub fn new(ruleset: &str, q: &Quotient) -> QuotientAnswer {
        let all = 0..q.order() as u32;
        let presentation = q.presentation();
        let periodicity = q.periodicity().map(|p| PeriodicityAnswer {
            preperiod: p.preperiod,
            period: p.period,
            needs: p.needs,
            theorem: THEOREM.to_string(),
        });
        QuotientAnswer {
            ruleset: ruleset.to_string(),
            to: q.to(),
            order: q.order(),
            elements: all.clone().map(|x| q.least_sum(x).to_vec()).collect(),
            p_portion: q.p_portion(),
            heaps: (1..=q.to()).map(|h| q.heap_image(h)).collect(),
            proven: periodicity.is_some(),
            status: status(q),
            periodicity,
            stable_from: q.stable_from(),
            orders: q.orders().to_vec(),
            generators: presentation.generators.clone(),
            relations: (presentation.relations.iter())
                .map(|(w, v)| format!("{} = {}", word_text(w), word_text(v)))
                .collect(),
            words: presentation.words.iter().map(|w| word_text(w)).collect(),
            table: (q.order() <= TABLE_WRITTEN).then(|| {
                all.clone()
                    .map(|a| all.clone().map(|b| q.mul(a, b)).collect())
                    .collect()
            }),
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

/// Whether the quotient is proven for every heap, in words.
fn status(q: &Quotient) -> String {
    if let Some(p) = q.periodicity() {
        return format!(
            "proven for every heap: heap h + {} has the element of heap h for every h from {} \
             on, seen to heap {}, as far as the {THEOREM} needs",
            p.period, p.preperiod, p.needs
        );
    }
    let stable = match q.stable_from() {
        from if from < q.to() => format!("stable from heap {from} to heap {}", q.to()),
        _ => format!("still growing at heap {}", q.to()),
    };
    match q.theorem_applies() {
        true => format!("not proven for larger heaps: {stable}"),
        false => format!(
            "not proven for larger heaps ({stable}): the periodicity theorem is for \
             take-and-break codes whose splits may leave equal heaps"
        ),
    }
}
