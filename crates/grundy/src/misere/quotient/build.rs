//! The construction, heap by heap (Plambeck and Siegel; the idea of Siegel's
//! MisereSolver). The quotient of the sums of heaps up to n-1 is known and
//! heap n is added:
//!
//! 1. where heap n can be sent to an element the quotient has already (a
//!    conservative extension) and every sum is then still predicted
//!    rightly, the quotient is unchanged;
//! 2. otherwise a trial monoid is the old quotient times a new cyclic
//!    generator for heap n, with its P-portion marked from the least sums
//!    and indistinguishable elements identified. Where a sum is then
//!    predicted wrongly, the least such sum says which heaps the trial ties
//!    too tightly: those heaps are freed (the rest of the trial is kept as
//!    the submonoid the other heaps generate, times a new cyclic generator
//!    for each freed heap, tried first for it and the heaps that share its
//!    element, which a sum holding one of them for it tells apart the same
//!    way, then for it alone) until that sum is predicted rightly; then
//!    again. `Run::trace` hears each trial judged.
//!    A reduced trial past a few thousand elements is kept as the classes
//!    of its product, without a table (`classes`); only the one accepted
//!    is tabled.
//!
//! A trial is accepted only once `search::verify` has found every sum
//! predicted rightly, and a reduced monoid that predicts every outcome is
//! the quotient itself: so whatever the steps in between, the result is
//! exact. The steps are bounded by the limits; past them the construction
//! stops with a limit error that names the limit.

use super::checkpoint::{Checkpoint, OnSnapshot, Snapshot};
use super::classes::{Base, Classes};
use super::monoid::{
    index_and_period, reduce, stopped, table_bytes, Embedding, Monoid, MultiplicationTable,
    Product, Submonoid,
};
use super::periodic::{self, Shape};
use super::search::{self, least_words, mark_p, transitions, verify, Failure, Heaps};
use crate::error::{Error, Result};
use crate::game::HeapGame;

/// How large a computation may grow.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most elements of the quotient (and of every reduced trial).
    pub elements: usize,
    /// The most elements of a trial monoid before it is reduced.
    pub trial_elements: usize,
    /// The most trials tried for one heap.
    pub trials: usize,
}

/// No count of elements is fixed: the memory budget bounds the tables and
/// the searches (each checks it before it takes memory). A trial's
/// elements are numbered by `u32`, hence its bound.
impl Default for Limits {
    fn default() -> Limits {
        Limits {
            elements: usize::MAX,
            trial_elements: 1 << 31,
            trials: 2000,
        }
    }
}

/// What the construction of a misère quotient reports between heaps and
/// between the trial quotients of a heap: the heap it adds, the order of
/// the quotient so far, and the trials made for the heap. The callback
/// returns false to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientProgress {
    /// The heap about to be added.
    pub heap: usize,
    /// The last heap the quotient is asked for.
    pub to: usize,
    /// The number of elements of the quotient of the heaps before `heap`.
    pub order: usize,
    /// The trial quotients made for `heap` so far (0 while it is tried
    /// as an element of the quotient so far).
    pub trials: usize,
    /// The elements of the latest trial (0 before the first).
    pub trial_order: usize,
}

/// One trial quotient made for a heap, as the construction judged it: what
/// a run that does not end shows of why (`Run::trace`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrialRecord {
    /// The heap being added.
    pub heap: usize,
    /// Which trial for that heap (from 1).
    pub trial: usize,
    /// The new cyclic generators of the trial, each the heaps sent to a
    /// generator of this index and period, beside the submonoid of a
    /// former trial (or the quotient so far) that the other heaps generate.
    pub freed: Vec<(Vec<usize>, u32, u32)>,
    /// The elements of the trial, a product, before it is reduced.
    pub elements: usize,
    /// The elements once those no sum tells apart are identified.
    pub reduced: usize,
    /// The least sum (colex) the reduced trial predicts wrongly, as the
    /// count of each heap (index: the heap), and whether that sum is in
    /// fact P; `None` where it predicts every sum: the trial is accepted.
    pub wrong: Option<(Vec<u32>, bool)>,
}

/// `heap 12, trial 5: freed 7 9 (index 4, period 2), 12 (index 3, period 2);
/// 1234 elements, 1100 reduced; 1 + 7×5 + 12×4 is P, predicted N`.
impl std::fmt::Display for TrialRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let freed: Vec<String> = (self.freed.iter())
            .map(|(heaps, index, period)| {
                let heaps: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
                format!("{} (index {index}, period {period})", heaps.join(" "))
            })
            .collect();
        write!(
            f,
            "heap {}, trial {}: freed {}; {} elements, {} reduced; ",
            self.heap,
            self.trial,
            freed.join(", "),
            self.elements,
            self.reduced
        )?;
        match &self.wrong {
            None => write!(f, "every sum predicted: accepted"),
            Some((word, true)) => write!(f, "{} is P, predicted N", sum_text(word)),
            Some((word, false)) => write!(f, "{} is N, predicted P", sum_text(word)),
        }
    }
}

/// The quotient as built: the table, its P-portion and each heap's element.
pub struct Built {
    pub table: MultiplicationTable,
    pub p: Vec<bool>,
    pub phi: Vec<u32>,
    /// The options of each heap, as the heaps each leaves.
    pub options: Vec<Vec<Vec<usize>>>,
    /// `orders[n]`: the order of the quotient of the heaps up to n.
    pub orders: Vec<usize>,
}

/// The options of every heap up to `to`, each the list of heaps it leaves
/// (empty heaps dropped); every part must be smaller than its heap.
pub fn heap_options(game: &dyn HeapGame, to: usize) -> Result<Vec<Vec<Vec<usize>>>> {
    let mut all = Vec::with_capacity(to + 1);
    for n in 0..=to {
        let mut options: Vec<Vec<usize>> = Vec::new();
        let mut bad = None;
        game.visit_options(n, &mut |parts| {
            if let Some(&part) = parts.iter().find(|&&h| h >= n) {
                bad.get_or_insert(part);
            }
            let mut option: Vec<usize> = parts.iter().copied().filter(|&h| h > 0).collect();
            option.sort_unstable();
            options.push(option);
        });
        if let Some(error) = game.failure() {
            return Err(error);
        }
        if let Some(part) = bad {
            return Err(Error::Unsupported(format!(
                "heap {n} has a move that leaves a heap of {part}: a misère quotient is \
                 computed for heap games whose moves leave smaller heaps only"
            )));
        }
        options.sort();
        options.dedup();
        all.push(options);
    }
    Ok(all)
}

/// What a construction may be given besides its heaps' options.
pub struct Run<'a> {
    pub limits: Limits,
    /// Stop at the first heap where the periodicity theorem proves the
    /// quotient for every heap of this shape.
    pub until: Option<Shape>,
    /// Go on from this state instead of from heap 1.
    pub resume: Option<Checkpoint>,
    /// Hears the state after each heap (`false`: save it if due) and when
    /// the construction stops or fails (`true`: save it now).
    pub save: Option<OnSnapshot<'a>>,
    /// Hears each trial quotient once it is judged.
    pub trace: Option<OnTrial<'a>>,
}

/// The callback that hears each trial quotient judged.
pub type OnTrial<'a> = &'a mut dyn FnMut(&TrialRecord);

impl Run<'_> {
    fn saved(&mut self, snapshot: &Snapshot, now: bool) -> Result<()> {
        match self.save.as_mut() {
            Some(save) => save(snapshot, now),
            None => Ok(()),
        }
    }
}

/// The quotient of the heaps of `options`, as `run` asks.
pub fn build(
    mut options: Vec<Vec<Vec<usize>>>,
    mut run: Run,
    progress: &mut dyn FnMut(QuotientProgress) -> bool,
    stop: &dyn Fn() -> bool,
) -> Result<Built> {
    let to = options.len() - 1;
    let (mut table, mut p, mut phi, mut orders, first) = match run.resume.take() {
        Some(c) if c.heap > to => {
            return Err(Error::Parse {
                column: 1,
                message: format!(
                    "the checkpoint has reached heap {}, past the {to} asked for",
                    c.heap
                ),
            })
        }
        Some(mut c) => {
            c.phi.resize(to + 1, 0);
            (c.table, c.p, c.phi, c.orders, c.heap + 1)
        }
        None => (
            MultiplicationTable::trivial(),
            vec![false],
            vec![0u32; to + 1],
            vec![1],
            1,
        ),
    };
    for n in first..=to {
        let order = table.size();
        let mut trial = |trials, trial_order| {
            progress(QuotientProgress {
                heap: n,
                to,
                order,
                trials,
                trial_order,
            })
        };
        let mut record = |r: TrialRecord| {
            if let Some(trace) = run.trace.as_mut() {
                trace(&r);
            }
        };
        let added = match trial(0, 0) {
            false => Err(stopped()),
            true if options[n].is_empty() => Ok(()),
            true => add_heap(
                &mut table,
                &mut p,
                &mut phi,
                &options[..=n],
                run.limits,
                Steps {
                    trial: &mut trial,
                    record: &mut record,
                    stop,
                },
            ),
        };
        if let Err(error) = added {
            let before = Snapshot {
                heap: n - 1,
                table: &table,
                p: &p,
                phi: &phi,
                orders: &orders,
            };
            run.saved(&before, true)?;
            return Err(error);
        }
        orders.push(table.size());
        let now = Snapshot {
            heap: n,
            table: &table,
            p: &p,
            phi: &phi,
            orders: &orders,
        };
        run.saved(&now, n == to)?;
        if (run.until).is_some_and(|shape| periodic::proven(&phi[..=n], shape).is_some()) {
            if n < to {
                run.saved(&now, true)?;
            }
            options.truncate(n + 1);
            phi.truncate(n + 1);
            break;
        }
    }
    Ok(Built {
        table,
        p,
        phi,
        options,
        orders,
    })
}

/// What adding a heap reports to: each trial quotient made (how many so
/// far, the elements of the latest; false: stop), each judged, and
/// whether to stop.
struct Steps<'a> {
    trial: &'a mut dyn FnMut(usize, usize) -> bool,
    record: &'a mut dyn FnMut(TrialRecord),
    stop: &'a dyn Fn() -> bool,
}

/// The quotient of the heaps up to n from that of the heaps before it:
/// heap n sent to an element it has, or added as a new generator.
fn add_heap(
    table: &mut MultiplicationTable,
    p: &mut Vec<bool>,
    phi: &mut [u32],
    options: &[Vec<Vec<usize>>],
    limits: Limits,
    steps: Steps,
) -> Result<()> {
    let n = options.len() - 1;
    let active: Vec<usize> = (1..=n).rev().filter(|&h| !options[h].is_empty()).collect();
    if let Some(x) = conservative(table, p, phi, options, &active, steps.stop)? {
        phi[n] = x;
        return Ok(());
    }
    let (t, q, f) = expand(table, phi, options, &active, n, limits, steps)?;
    *table = t;
    *p = q;
    phi[..=n].copy_from_slice(&f);
    Ok(())
}

/// An element of the quotient so far that heap n can be sent to with every
/// sum still predicted rightly, if there is one.
fn conservative(
    table: &MultiplicationTable,
    p: &[bool],
    phi: &mut [u32],
    options: &[Vec<Vec<usize>>],
    active: &[usize],
    stop: &dyn Fn() -> bool,
) -> Result<Option<u32>> {
    let n = options.len() - 1;
    let trans = transitions(table, phi, options);
    let older = Heaps {
        to: n,
        active: &active[1..],
        phi,
        transitions: &trans,
    };
    let held = table_bytes(table.size());
    // The least sum of each element without heap n, and its options.
    let least = least_words(table, &older, held, stop)?;
    let reached: Vec<(u32, Vec<u32>)> = least
        .iter()
        .map(|(y, word)| (*y, option_images(table, &older, word)))
        .collect();
    let alone_p = trans[n].iter().all(|&t| !p[t as usize]);
    for x in 0..table.size() as u32 {
        if x % 64 == 0 && stop() {
            return Err(stopped());
        }
        if p[x as usize] != alone_p {
            continue;
        }
        // Each element's least sum with heap n added must be predicted.
        let fits = reached.iter().all(|(y, opts)| {
            let with = table.mul(*y, x);
            let mut any_p = opts.iter().any(|&o| p[table.mul(o, x) as usize]);
            any_p |= trans[n].iter().any(|&t| p[table.mul(*y, t) as usize]);
            p[with as usize] != any_p
        });
        if !fits {
            continue;
        }
        phi[n] = x;
        let heaps = Heaps {
            to: n,
            active,
            phi,
            transitions: &trans,
        };
        let failure = verify(table, p, &heaps, held, stop)?;
        phi[n] = 0;
        if failure.is_none() {
            return Ok(Some(x));
        }
    }
    Ok(None)
}

/// The elements of the options of the sum `word`.
pub fn option_images<M: Monoid>(monoid: &M, heaps: &Heaps, word: &[u32]) -> Vec<u32> {
    let mut word = word.to_vec();
    let mut images = Vec::new();
    for &h in heaps.active {
        if word[h] == 0 {
            continue;
        }
        word[h] -= 1;
        let rest = search::image(monoid, heaps.phi, &word);
        word[h] += 1;
        images.extend(heaps.transitions[h].iter().map(|&t| monoid.mul(rest, t)));
    }
    images
}

/// A trial: a base, cyclic factors (those of the heaps `freed`), and each
/// heap's element in their product.
struct Trial {
    base: Base,
    cyclic: Vec<(u32, u32)>,
    freed: Vec<Vec<usize>>,
    phi: Vec<u32>,
}

/// The quotient with heap n as a new generator, from trials as the module
/// doc says.
fn expand(
    table: &MultiplicationTable,
    phi: &[u32],
    options: &[Vec<Vec<usize>>],
    active: &[usize],
    n: usize,
    limits: Limits,
    steps: Steps,
) -> Result<(MultiplicationTable, Vec<bool>, Vec<u32>)> {
    let stop = steps.stop;
    let mut trial = {
        let mut phi = phi[..=n].to_vec();
        let product = Product::new(table, vec![(2, 2)]);
        phi[n] = product.generator(0);
        Trial {
            base: Base::Table(table.clone()),
            cyclic: vec![(2, 2)],
            freed: vec![vec![n]],
            phi,
        }
    };
    // What is held beside each step: the quotient so far, the trial's base,
    // then the trial's P-portion, then the reduced trial's classes.
    let quotient_bytes = table_bytes(table.size());
    for made in 1..=limits.trials {
        let freed: Vec<(Vec<usize>, u32, u32)> = (trial.freed.iter().zip(&trial.cyclic))
            .map(|(heaps, &(index, period))| (heaps.clone(), index, period))
            .collect();
        let product = Product::new(trial.base, trial.cyclic);
        let elements = product.size();
        if !(steps.trial)(made, elements) {
            return Err(stopped());
        }
        check_trial_size(elements, limits)?;
        let held = quotient_bytes.saturating_add(product.base().bytes());
        let p = marked(&product, &trial.phi, options, active, held, stop)?;
        let held = held.saturating_add(elements as u64);
        let mut generators: Vec<u32> = active.iter().map(|&h| trial.phi[h]).collect();
        generators.sort_unstable();
        generators.dedup();
        let partition = reduce(&product, &p, &generators, limits.elements, held, stop)?;
        drop(p);
        let phi_r: Vec<u32> = trial
            .phi
            .iter()
            .map(|&x| partition.class_of[x as usize])
            .collect();
        let classes = Classes::new(product, &partition.rep, partition.class_of);
        let reduced = Base::kept(classes, quotient_bytes, stop)?;
        let held = quotient_bytes.saturating_add(reduced.bytes());
        let trans = transitions(&reduced, &phi_r, options);
        let heaps = Heaps {
            to: n,
            active,
            phi: &phi_r,
            transitions: &trans,
        };
        let failure = verify(&reduced, &partition.p, &heaps, held, stop)?;
        (steps.record)(TrialRecord {
            heap: n,
            trial: made,
            freed,
            elements,
            reduced: reduced.size(),
            wrong: (failure.as_ref()).map(|f| (f.word.clone(), f.is_p)),
        });
        match failure {
            None => return Ok((reduced.table(quotient_bytes, stop)?, partition.p, phi_r)),
            Some(failure) => {
                trial = recalibrate(
                    reduced, &phi_r, options, active, &failure, limits, held, stop,
                )?
                .ok_or_else(|| {
                    Error::Limit(format!(
                        "no trial quotient predicts the sum {} of heaps up to {n} \
                             rightly (the search for one is bounded)",
                        sum_text(&failure.word)
                    ))
                })?;
            }
        }
    }
    Err(Error::Limit(format!(
        "heap {n} needed more than {} trial quotients",
        limits.trials
    )))
}

fn check_trial_size(size: usize, limits: Limits) -> Result<()> {
    if size > limits.trial_elements {
        return Err(Error::Limit(format!(
            "a trial quotient of {size} elements, more than the limit of {}",
            limits.trial_elements
        )));
    }
    Ok(())
}

/// The P-portion of a trial, marked from the least sums, beside `held`
/// bytes.
fn marked<M: Monoid>(
    monoid: &M,
    phi: &[u32],
    options: &[Vec<Vec<usize>>],
    active: &[usize],
    held: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<bool>> {
    let trans = transitions(monoid, phi, options);
    let heaps = Heaps {
        to: options.len() - 1,
        active,
        phi,
        transitions: &trans,
    };
    // `mark_p` takes two flags an element.
    let held = held.saturating_add(2 * monoid.size() as u64);
    let least = least_words(monoid, &heaps, held, stop)?;
    mark_p(monoid, &heaps, &least, stop)
}

/// The most sets of heaps freed for one failure.
const MOST_FREED_SETS: usize = 4096;

/// A trial that predicts `failure` rightly, made from the reduced trial
/// that did not: some heaps of the failing sum freed, the fewest first;
/// beside `held` bytes (`reduced`'s among them).
#[allow(clippy::too_many_arguments)]
fn recalibrate(
    reduced: Base,
    phi: &[u32],
    options: &[Vec<Vec<usize>>],
    active: &[usize],
    failure: &Failure,
    limits: Limits,
    held: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Trial>> {
    let involved: Vec<usize> = active
        .iter()
        .rev()
        .copied()
        .filter(|&h| failure.word[h] > 0)
        .collect();
    let mut tried = 0;
    for count in 1..=involved.len() {
        for freed in combinations(&involved, count) {
            for groups in choices(&freed, active, phi) {
                tried += 1;
                if tried > MOST_FREED_SETS {
                    return Ok(None);
                }
                if stop() {
                    return Err(stopped());
                }
                let chosen = freeing(
                    &reduced, phi, options, active, failure, groups, limits, held, stop,
                )?;
                if let Some(chosen) = chosen {
                    let beside = held.saturating_sub(reduced.bytes());
                    return Ok(Some(Trial {
                        base: reduced.restricted(&chosen.embedding, beside, stop)?,
                        cyclic: chosen.cyclic,
                        freed: chosen.groups,
                        phi: chosen.phi,
                    }));
                }
            }
        }
    }
    Ok(None)
}

/// The ways to free the heaps `freed` (each a group of heaps sent to one
/// new generator): first each with the heaps that share its element (a
/// sum holding one of them instead fails the same way, so they likely
/// move together), then each alone.
pub(super) fn choices(freed: &[usize], active: &[usize], phi: &[u32]) -> Vec<Vec<Vec<usize>>> {
    let alone: Vec<Vec<usize>> = freed.iter().map(|&h| vec![h]).collect();
    let mut shared: Vec<Vec<usize>> = Vec::new();
    for &h in freed {
        let same = active.iter().rev().copied();
        let group: Vec<usize> = same.filter(|&g| phi[g] == phi[h]).collect();
        // Two heaps freed that share an element make one group.
        if !shared.contains(&group) {
            shared.push(group);
        }
    }
    match shared == alone {
        true => vec![alone],
        false => vec![shared, alone],
    }
}

/// A trial chosen, but for its base: the submonoid of the reduced trial
/// the heaps not freed generate (as its embedding), the cyclic factors of
/// the groups of heaps freed, and each heap's element.
struct Freed {
    embedding: Embedding,
    cyclic: Vec<(u32, u32)>,
    groups: Vec<Vec<usize>>,
    phi: Vec<u32>,
}

/// The trial of `reduced` with each group of heaps sent to a new cyclic
/// generator of its own (the other heaps' elements kept as the submonoid
/// they generate), if it predicts `failure` rightly.
#[allow(clippy::too_many_arguments)]
fn freeing(
    reduced: &Base,
    phi: &[u32],
    options: &[Vec<Vec<usize>>],
    active: &[usize],
    failure: &Failure,
    groups: Vec<Vec<usize>>,
    limits: Limits,
    held: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Freed>> {
    let kept: Vec<u32> = (active.iter())
        .filter(|h| !groups.iter().any(|g| g.contains(h)))
        .map(|&h| phi[h])
        .collect();
    // Tried through the whole reduced trial; only the trial chosen is
    // kept, as its own table where that is cheap.
    let sub = Submonoid::generated(reduced, &kept, held, stop)?;
    let cyclic: Vec<(u32, u32)> = (groups.iter())
        .map(|group| {
            let (index, period) = index_and_period(reduced, phi[group[0]]);
            let count: u32 = group.iter().map(|&h| failure.word[h]).sum();
            let index = index.max(count.saturating_sub(1)).max(1);
            let period = period.max(2).next_multiple_of(2);
            (index, period)
        })
        .collect();
    let product = Product::new(&sub, cyclic.clone());
    if product.size() > limits.trial_elements {
        return Ok(None);
    }
    let mut trial_phi: Vec<u32> = phi.iter().map(|&x| sub.new_of[x as usize]).collect();
    for (i, group) in groups.iter().enumerate() {
        for &h in group {
            trial_phi[h] = product.generator(i);
        }
    }
    for (h, x) in trial_phi.iter_mut().enumerate() {
        if options[h].is_empty() {
            *x = 0;
        }
    }
    let beside = held.saturating_add(sub.bytes());
    let p = marked(&product, &trial_phi, options, active, beside, stop)?;
    let x = search::image(&product, &trial_phi, &failure.word);
    if p[x as usize] != failure.is_p {
        return Ok(None);
    }
    drop(product);
    Ok(Some(Freed {
        embedding: sub.embedding(),
        cyclic,
        groups,
        phi: trial_phi,
    }))
}

/// Every choice of `count` of `items`, in order, made one at a time (there
/// may be too many to list).
struct Combinations<'a> {
    items: &'a [usize],
    /// The positions chosen; `None` once every choice has been made.
    at: Option<Vec<usize>>,
}

fn combinations(items: &[usize], count: usize) -> Combinations<'_> {
    let at = (count <= items.len()).then(|| (0..count).collect());
    Combinations { items, at }
}

impl Iterator for Combinations<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let at = self.at.as_mut()?;
        let chosen = at.iter().map(|&i| self.items[i]).collect();
        let (len, count) = (self.items.len(), at.len());
        // The last position that can still move right, and those after it.
        match (0..count).rev().find(|&i| at[i] < len - count + i) {
            Some(i) => {
                at[i] += 1;
                for j in i + 1..count {
                    at[j] = at[j - 1] + 1;
                }
            }
            None => self.at = None,
        }
        Some(chosen)
    }
}

/// A sum of heaps as text, each heap with its count: `1 + 7×5 + 12×4`,
/// or `0` for the empty sum.
pub fn sum_text(word: &[u32]) -> String {
    let heaps: Vec<String> = (word.iter().enumerate())
        .filter(|&(_, &e)| e > 0)
        .map(|(h, &e)| match e {
            1 => h.to_string(),
            _ => format!("{h}×{e}"),
        })
        .collect();
    match heaps.is_empty() {
        true => "0".to_string(),
        false => heaps.join(" + "),
    }
}
