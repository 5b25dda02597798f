//! Misère play of a sum of heaps of one heap game, from the game's misère
//! quotient (`crate::misere::quotient`): the outcome is whether the sum's
//! element is in the P-portion, and a move wins exactly when the sum after
//! it is. A take-and-break code's quotient proven for every heap by the
//! periodicity theorem answers sums of heaps of any size up to
//! [`PROVEN_HEAPS`]. Sums beyond the bounds here are left to the search.

use std::cell::{Cell, RefCell};
use std::collections::hash_map::{Entry, HashMap};
use std::sync::{Arc, Mutex};

use super::{Move, Sum};
use crate::error::Result;
use crate::game::HeapGame;
use crate::interrupt::Throttled;
use crate::misere::quotient::{Limits, Quotient, Shape};
use crate::solver::OnSearched;
use crate::value::Outcome;

/// The largest heap a sum may hold to be answered from a quotient computed
/// up to the sum's largest heap: Dawson's Kayles to heap 30 takes seconds.
pub const QUOTIENT_HEAPS: usize = 32;

/// Past [`QUOTIENT_HEAPS`], a take-and-break code's quotient is computed
/// until the periodicity theorem proves it for every heap, up to this heap
/// (Kayles is proven at heap 167).
pub const PROVING_HEAPS: usize = 256;

/// The largest heap whose options are listed for its winning moves when
/// the quotient is proven for every heap.
pub const PROVEN_HEAPS: usize = 1_000_000;

/// The bounds of a quotient computed for one question; past them the sum
/// is searched instead.
const LIMITS: Limits = Limits {
    elements: 2048,
    trial_elements: 1 << 19,
    trials: 500,
};

/// The outcome and every winning move of `sum` from the quotient of its
/// heap game, when every component is a heap of one heap game, the largest
/// at most [`QUOTIENT_HEAPS`] (or [`PROVEN_HEAPS`] where the periodicity
/// theorem proves the quotient by heap [`PROVING_HEAPS`]), and the quotient
/// is found within its bounds.
/// The computation of a quotient reports the heap it has reached to
/// `progress` at each heap and, between, as often as its stop asks
/// ([`Throttled`]); answering `false` stops it, and the analysis, with a
/// limit error.
pub fn by_quotient(sum: &Sum, progress: OnSearched) -> Result<Option<(Outcome, Vec<Move>)>> {
    let Some((rules, heaps, game)) = heaps_of_one_game(sum) else {
        return Ok(None);
    };
    let largest = heaps.iter().copied().max().unwrap_or(0).max(1);
    let proving = largest > QUOTIENT_HEAPS;
    if proving && !provable(game) {
        return Ok(None);
    }
    let to = if proving { PROVING_HEAPS } else { largest };
    // A game the quotient cannot be built for (a move to a larger heap, a
    // script's error, a limit) is searched, which reports its own errors;
    // a stop ends the analysis.
    let progress = RefCell::new(progress);
    let (heap, stopped) = (Cell::new(0u64), Cell::new(false));
    let go_on = || {
        let go_on = (progress.borrow_mut())(heap.get());
        stopped.set(stopped.get() || !go_on);
        go_on
    };
    let polled = Throttled::new(|| !go_on());
    let mut failed = None;
    let compute = match proving {
        true => Quotient::compute_until_proven,
        false => Quotient::compute,
    };
    let quotient = cached(&rules, largest, || {
        let computed = compute(
            game,
            to,
            LIMITS,
            &mut |reached| {
                heap.set(reached.heap as u64);
                go_on()
            },
            &|| polled.stop(),
        );
        computed.map_err(|error| failed = Some(error)).ok()
    });
    let Some(quotient) = quotient.filter(|q| q.covers(largest)) else {
        return match failed {
            Some(stop) if stopped.get() => Err(stop),
            _ => Ok(None),
        };
    };
    let images: Vec<u32> = (heaps.iter().map(|&h| quotient.image(&[h]))).collect::<Result<_>>()?;
    // The product of every heap but one, from the products after each.
    let mut after = vec![0u32; images.len() + 1];
    for i in (0..images.len()).rev() {
        after[i] = quotient.mul(after[i + 1], images[i]);
    }
    let outcome = match quotient.is_p(after[0]) {
        true => Outcome::P,
        false => Outcome::N,
    };
    // The elements of each heap size's options, found from the first
    // heap of that size (a heap's options come in the same order for every
    // heap of its size); a heap's options are listed again only where one
    // of them wins.
    let mut options_of: HashMap<usize, Vec<u32>> = HashMap::new();
    let mut moves = Vec::new();
    let mut before = 0u32;
    for ((i, c), &heap) in sum.components.iter().enumerate().zip(&heaps) {
        let rest = quotient.mul(before, after[i + 1]);
        before = quotient.mul(before, images[i]);
        let elements = match options_of.entry(heap) {
            Entry::Occupied(known) => known.into_mut(),
            Entry::Vacant(new) => {
                let mut elements = Vec::new();
                for option in c.options()? {
                    let mut x = 0;
                    for part in &option {
                        let Some((size, _)) = part.heap() else {
                            return Ok(None);
                        };
                        x = quotient.mul(x, quotient.image(&[size])?);
                    }
                    elements.push(x);
                }
                new.insert(elements)
            }
        };
        let wins: Vec<bool> = (elements.iter())
            .map(|&x| quotient.is_p(quotient.mul(rest, x)))
            .collect();
        if wins.contains(&true) {
            let winning = c.options()?.into_iter().zip(wins).filter(|(_, wins)| *wins);
            moves.extend(winning.map(|(to, _)| Move { component: i, to }));
        }
    }
    Ok(Some((outcome, moves)))
}

/// Whether `sum` is a question for a quotient to be proven: heaps of one
/// take-and-break code, one of them past [`QUOTIENT_HEAPS`]. Such heaps are
/// beyond any other method (a genus search of one runs to its limit in
/// vain), so the quotient is asked first.
pub(super) fn needs_a_proof(sum: &Sum) -> bool {
    heaps_of_one_game(sum)
        .is_some_and(|(_, heaps, game)| heaps.iter().any(|&h| h > QUOTIENT_HEAPS) && provable(game))
}

/// The rules, the heaps and the heap game of a sum whose every component
/// is a heap of one heap game, at most [`PROVEN_HEAPS`].
fn heaps_of_one_game(sum: &Sum) -> Option<(Rules, Vec<usize>, &dyn HeapGame)> {
    let first = sum.components.first()?;
    let rules = Rules {
        name: first.ruleset_name(),
        digest: first.ruleset_digest(),
    };
    let mut heaps = Vec::with_capacity(sum.components.len());
    for c in &sum.components {
        match c.heap() {
            Some((size, _)) if size <= PROVEN_HEAPS && c.ruleset_name() == rules.name => {
                heaps.push(size)
            }
            _ => return None,
        }
    }
    let (_, game) = first.heap()?;
    Some((rules, heaps, game))
}

/// Whether the periodicity theorem applies to `game`'s quotient.
fn provable(game: &dyn HeapGame) -> bool {
    game.take_and_break().and_then(Shape::of).is_some()
}

/// What a quotient was computed from: the ruleset's name (two components
/// belong to one ruleset exactly when their names are equal) and the digest
/// of the file it was read from, where it was (a script edited since is
/// other rules under the same name).
#[derive(Clone, PartialEq)]
struct Rules {
    name: String,
    digest: Option<String>,
}

/// The quotients computed in this process, by the rules they were computed
/// from: the last of each, which answers every sum of the heaps it covers.
static CACHE: Mutex<Vec<(Rules, Arc<Quotient>)>> = Mutex::new(Vec::new());

/// The most rulesets whose quotients are kept.
const CACHED: usize = 8;

fn cached(
    rules: &Rules,
    largest: usize,
    compute: impl FnOnce() -> Option<Quotient>,
) -> Option<Arc<Quotient>> {
    let known = CACHE
        .lock()
        .expect("quotient cache")
        .iter()
        .find_map(|(r, q)| (r == rules && q.covers(largest)).then(|| q.clone()));
    if known.is_some() {
        return known;
    }
    let quotient = Arc::new(compute()?);
    let mut cache = CACHE.lock().expect("quotient cache");
    // A smaller quotient of these rules, or one of a file's older text.
    cache.retain(|(r, _)| r.name != rules.name);
    if cache.len() >= CACHED {
        cache.remove(0);
    }
    cache.push((rules.clone(), quotient.clone()));
    Some(quotient)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::registry::parse_sum;

    /// A quotient that its progress callback stops (at heap 1, its first
    /// report) ends the analysis with the stop, instead of leaving the sum
    /// to the search of the whole sum; a ruleset whose quotient no other
    /// test computes, so that none is kept from before.
    #[test]
    fn a_stopped_quotient_is_an_error_not_a_sum_left_to_search() {
        let sum = parse_sum("octal(0.06) 9 7").unwrap();
        let mut reports = Vec::new();
        let error = by_quotient(&sum, &mut |heap| {
            reports.push(heap);
            false
        })
        .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert!(
            error.to_string().contains("quotient was stopped"),
            "{error}"
        );
        assert_eq!(reports, [1]);
        assert!(by_quotient(&sum, &mut |_| true).unwrap().is_some());
    }

    /// The quotient polls its stop for each element it meets; the
    /// progress hears each heap and the polls [`Throttled`] lets through,
    /// not every poll (a report of the command line reads the memory left
    /// from /proc, and one of Python's takes the interpreter: one for each
    /// poll took four fifths of `analyze --misere` on 100,000 heaps of
    /// Kayles).
    /// 0.72 (whose quotient no other test computes) is computed until the
    /// theorem proves it, at heap 41.
    #[test]
    fn the_progress_hears_each_heap_and_not_each_poll() {
        let sum = parse_sum("octal(0.72) 40 7").unwrap();
        let mut reports = 0u64;
        let answer = by_quotient(&sum, &mut |_| {
            reports += 1;
            true
        });
        assert!(answer.unwrap().is_some());
        assert!(reports >= 41, "a report for each heap: {reports}");
        assert!(reports < 1_000, "{reports} reports");
    }
}
