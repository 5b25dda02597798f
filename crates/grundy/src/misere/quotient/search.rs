//! The three searches over sums of heaps that build and check a trial
//! quotient, each over the sums in one order: by their exponents with the
//! largest heap first (colex), in which every option of a sum comes before
//! it (a move takes one heap h away and adds only heaps smaller than h).
//!
//! - `least_words`: the least sum that reaches each element;
//! - `mark_p`: the P-portion a trial must have, element by element in the
//!   order of their least sums, from the outcomes of those sums' options;
//! - `verify`: every sum at once: a check of each element and heap for
//!   sums in P with an option in P, and a search for sums not in P whose
//!   options are none in P, following one sum for all those that fail
//!   wherever it does (the same element, and options that send no more
//!   elements into P), which are finitely many.

use hashbrown::HashMap;
use std::cmp::Ordering;
use std::rc::Rc;

use super::monoid::{stopped, Monoid};
use crate::error::{Error, Result};
use crate::memory;

/// A sum of heaps as the exponent of each heap: `word[h]` heaps of size h.
pub type Word = Vec<u32>;

/// The heaps a sum is made of, with the elements their options map to.
pub struct Heaps<'a> {
    /// The largest heap.
    pub to: usize,
    /// The heaps that have options (the others are the identity), largest
    /// first.
    pub active: &'a [usize],
    /// The element of each heap.
    pub phi: &'a [u32],
    /// The elements of each heap's options.
    pub transitions: &'a [Vec<u32>],
}

/// The elements of the options of each heap up to `to`: the products of
/// the elements of the heaps each option leaves.
pub fn transitions<M: Monoid>(
    monoid: &M,
    phi: &[u32],
    options: &[Vec<Vec<usize>>],
) -> Vec<Vec<u32>> {
    options
        .iter()
        .map(|heap_options| {
            let mut images: Vec<u32> = heap_options
                .iter()
                .map(|parts| parts.iter().fold(0, |x, &h| monoid.mul(x, phi[h])))
                .collect();
            images.sort_unstable();
            images.dedup();
            images
        })
        .collect()
}

/// The element of a sum.
pub fn image<M: Monoid>(monoid: &M, phi: &[u32], word: &[u32]) -> u32 {
    let mut x = 0;
    for (h, &e) in word.iter().enumerate() {
        for _ in 0..e {
            x = monoid.mul(x, phi[h]);
        }
    }
    x
}

/// Each element reached by a sum, with the least sum that reaches it, in
/// the order of those sums; beside `held` bytes the caller holds.
pub fn least_words<M: Monoid>(
    monoid: &M,
    heaps: &Heaps,
    held: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<(u32, Word)>> {
    // At most every element once in this heap's list and the next's.
    let size = monoid.size() as u64;
    let word = 32 + memory::allocation(4 * (heaps.to as u64 + 1));
    if held.saturating_add(size.saturating_mul(1 + 2 * word)) > memory::budget() {
        return Err(over_budget("least sums of elements", monoid.size()));
    }
    let mut states: Vec<(u32, Word)> = vec![(0, vec![0; heaps.to + 1])];
    for &h in heaps.active {
        if stop() {
            return Err(stopped());
        }
        let a = heaps.phi[h];
        let mut seen = vec![false; monoid.size()];
        let mut next = Vec::with_capacity(states.len());
        for (x, word) in &states {
            let (mut y, mut e) = (*x, 0u32);
            // From an element reached before, the rest of the chain was too.
            while !seen[y as usize] {
                if next.len() % 4096 == 0 && stop() {
                    return Err(stopped());
                }
                seen[y as usize] = true;
                let mut w = word.clone();
                w[h] = e;
                next.push((y, w));
                y = monoid.mul(y, a);
                e += 1;
            }
        }
        states = next;
    }
    Ok(states)
}

/// The P-portion a trial monoid must have if it predicts outcomes at all:
/// an element is P when the least sum reaching it has options and none of
/// them is P (under misère play a sum with no move is N). Every option of
/// that sum comes before it, so its element is marked already.
pub fn mark_p<M: Monoid>(
    monoid: &M,
    heaps: &Heaps,
    least: &[(u32, Word)],
    stop: &dyn Fn() -> bool,
) -> Result<Vec<bool>> {
    let mut p = vec![false; monoid.size()];
    let mut marked = vec![false; monoid.size()];
    let mut word = vec![0u32; heaps.to + 1];
    for (i, (x, least_word)) in least.iter().enumerate() {
        if i % 4096 == 0 && stop() {
            return Err(stopped());
        }
        word.copy_from_slice(least_word);
        let mut has_option = false;
        let mut option_p = false;
        for &h in heaps.active {
            if word[h] == 0 {
                continue;
            }
            word[h] -= 1;
            let rest = image(monoid, heaps.phi, &word);
            word[h] += 1;
            for &t in &heaps.transitions[h] {
                let o = monoid.mul(rest, t);
                debug_assert!(marked[o as usize], "an option comes before its sum");
                has_option = true;
                option_p |= p[o as usize];
            }
        }
        p[*x as usize] = has_option && !option_p;
        marked[*x as usize] = true;
    }
    Ok(p)
}

/// The least sum whose element's P-portion disagrees with its options, and
/// its true outcome (every sum before it is predicted rightly, so its
/// options are, and it is P exactly when it has options and none is P).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub word: Word,
    pub is_p: bool,
}

/// Checks a trial over every sum of the heaps, beside `held` bytes the
/// caller holds: `None` when the element of every sum is in P exactly when
/// the sum is P, else the least sum (colex) where it is not.
///
/// A sum can fail two ways, checked apart as Siegel's MisereSolver does:
/// its element is in P and it has no option or one in P
/// (`least_p_failure`, a check of each element and heap), or its element
/// is not in P and it has options, none in P (`least_n_failure`, a search
/// of the sums below the least of the first kind).
pub fn verify<M: Monoid>(
    monoid: &M,
    p: &[bool],
    heaps: &Heaps,
    held: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Failure>> {
    let p_failure = least_p_failure(monoid, p, heaps, held, stop)?;
    let n_failure = least_n_failure(monoid, p, heaps, p_failure.as_deref(), held, stop)?;
    Ok(match (n_failure, p_failure) {
        (Some(word), _) => Some(Failure { word, is_p: true }),
        (None, Some(word)) => Some(Failure { word, is_p: false }),
        (None, None) => None,
    })
}

/// The least sum whose element is in P with no option or an option in P,
/// if any. A sum with no option has the identity for its element, and the
/// empty sum is the least of all. A sum with an option in P is a sum u and
/// a heap h, its option u and an option of h; the least sum of u's element
/// in u's place fails the same way and is no greater, so the least sums of
/// the elements, each with one heap added, are all there is to look at.
fn least_p_failure<M: Monoid>(
    monoid: &M,
    p: &[bool],
    heaps: &Heaps,
    held: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Word>> {
    if p[0] {
        return Ok(Some(vec![0; heaps.to + 1]));
    }
    let least = least_words(monoid, heaps, held, stop)?;
    let mut failure: Option<Word> = None;
    for (i, (x, word)) in least.iter().enumerate() {
        if i % 4096 == 0 && stop() {
            return Err(stopped());
        }
        for &h in heaps.active {
            let fails = p[monoid.mul(*x, heaps.phi[h]) as usize]
                && heaps.transitions[h]
                    .iter()
                    .any(|&t| p[monoid.mul(*x, t) as usize]);
            if fails {
                let mut sum = word.clone();
                sum[h] += 1;
                if failure.as_ref().is_none_or(|f| colex(&sum, f).is_lt()) {
                    failure = Some(sum);
                }
            }
        }
    }
    Ok(failure)
}

/// Sums compared by their largest heaps first: the order the searches
/// follow.
pub fn colex(a: &[u32], b: &[u32]) -> Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// The least sum less than `below` (any, if `None`) whose element is not
/// in P and that has options, none of them in P; beside `held` bytes the
/// caller holds.
///
/// A sum is followed by its element x and the set S of its options'
/// elements: adding a heap h gives x·φ(h) and S·φ(h) ∪ x·T(h). Of S only
/// `reach(S)` = {y : s·y is in P for some s in S} matters, the elements y
/// such that a sum of element y beside it has a P option in it, and
/// reach(S·a) = {y : a·y in reach(S)} depends on reach(S) alone. A sum u
/// with the same x as a sum v, whose reach is within v's and that has
/// options if v has, fails beside any sum if v does: so v is followed only
/// when no sum met before it is such a u for it (Siegel's pruning by
/// transition sets, on their reach). Each sum followed keeps its set S, a
/// short list, to compute the next reach from: the union of the rows of
/// `reach_of` for the elements of S. Sums are met in colex order, so the
/// first failure met is the least: a sum left out has one before it that
/// fails wherever it does.
fn least_n_failure<M: Monoid>(
    monoid: &M,
    p: &[bool],
    heaps: &Heaps,
    below: Option<&[u32]>,
    held: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Word>> {
    let size = monoid.size();
    let blocks = size.div_ceil(64);
    let reach_of = {
        // Bit y of row s: s·y is in P; every element split once for it.
        let split_bytes = memory::vector(size as u64, size_of::<M::Split>() as u64);
        let bytes = (size as u64 * blocks as u64) * 8;
        if held.saturating_add(bytes).saturating_add(split_bytes) > memory::budget() {
            return Err(over_budget("the elements each element sends into P", size));
        }
        let split: Vec<M::Split> = (0..size as u32).map(|x| monoid.split(x)).collect();
        let mut rows = vec![0u64; size * blocks];
        for (s, &a) in split.iter().enumerate() {
            if s % 256 == 0 && stop() {
                return Err(stopped());
            }
            let row = &mut rows[s * blocks..][..blocks];
            for (y, &b) in split.iter().enumerate() {
                if p[monoid.mul_split(a, b) as usize] {
                    set(row, y as u32);
                }
            }
        }
        rows
    };
    let held = held.saturating_add(size as u64 * blocks as u64 * 8);
    // A sum followed is its set S, its element, and whether it is below
    // `below` already or still equal to it on the heaps added so far. The
    // reaches of the least sums met, by element and whether they have
    // options, are one allocation each (with the Rc's two counts) and a
    // pointer, twice over for a list's room to grow; each set is held by
    // the list of the next heap's sums, then this heap's; a quarter more
    // for what the allocator keeps of those freed. The sum
    // itself is kept as the one it came from and the exponent of the heap
    // added (`trail`), and written out for a failure.
    let reach_bytes = (memory::allocation(blocks as u64 * 8 + 16) + 2 * 16) * 5 / 4;
    let mut sums: Vec<Rc<[u32]>> = vec![Rc::from(&[][..])];
    let mut elements: Vec<u32> = vec![0];
    let mut under: Vec<bool> = vec![below.is_none()];
    let mut trail: Vec<Vec<(u32, u32)>> = Vec::with_capacity(heaps.active.len());
    let mut trailed = 0u64;
    let mut reach = vec![0u64; blocks];
    let mut options: Vec<u32> = Vec::new();
    let mut set_bytes = 0u64;
    for &h in heaps.active {
        let a = heaps.phi[h];
        let bound = below.map_or(0, |w| w[h]);
        let mut least: HashMap<u64, Vec<Rc<[u64]>>> = HashMap::new();
        let mut reaches = 0u64;
        let mut next: Vec<Rc<[u32]>> = Vec::with_capacity(sums.len());
        let mut next_elements = Vec::with_capacity(sums.len());
        let mut next_under = Vec::with_capacity(sums.len());
        let mut back = Vec::with_capacity(sums.len());
        let mut next_bytes = 0u64;
        for (from, start) in sums.iter().enumerate() {
            let mut x = elements[from];
            options.clear();
            options.extend_from_slice(start);
            let mut e = 0u32;
            loop {
                if !under[from] && e > bound {
                    break;
                }
                reach.fill(0);
                for &s in &options {
                    let row = &reach_of[s as usize * blocks..][..blocks];
                    for (k, r) in reach.iter_mut().zip(row) {
                        *k |= r;
                    }
                }
                let key = x as u64 | ((e > 0 || !start.is_empty()) as u64) << 32;
                let met = least.entry(key).or_default();
                if met.iter().any(|m| within(m, &reach)) {
                    break;
                }
                if next.len() % 4096 == 0 {
                    if stop() {
                        return Err(stopped());
                    }
                    let (held_next, held_now) = (next.len() as u64 + 1, sums.len() as u64);
                    let holding = (reaches + 1)
                        .saturating_mul(reach_bytes)
                        .saturating_add(held)
                        .saturating_add((set_bytes + next_bytes) * 5 / 4)
                        .saturating_add(memory::hashed(2 * size as u64, 8 + 24))
                        .saturating_add(memory::vector(held_next + held_now, 16 + 4 + 1))
                        .saturating_add(memory::vector(trailed + next.len() as u64, 8));
                    if holding > memory::budget() {
                        return Err(over_budget("classes of sums", next.len()));
                    }
                }
                // Those it is within are never needed again.
                let before = met.len();
                met.retain(|m| !within(&reach, m));
                reaches -= (before - met.len()) as u64;
                met.push(Rc::from(&reach[..]));
                reaches += 1;
                let kept: Rc<[u32]> = Rc::from(&options[..]);
                next_bytes += memory::allocation(kept.len() as u64 * 4 + 16);
                next.push(kept);
                next_elements.push(x);
                next_under.push(under[from] || e < bound);
                back.push((from as u32, e));
                for s in options.iter_mut() {
                    *s = monoid.mul(*s, a);
                }
                options.extend(heaps.transitions[h].iter().map(|&t| monoid.mul(x, t)));
                options.sort_unstable();
                options.dedup();
                x = monoid.mul(x, a);
                e += 1;
            }
        }
        trailed += back.len() as u64;
        trail.push(back);
        sums = next;
        elements = next_elements;
        under = next_under;
        set_bytes = next_bytes;
    }
    for (i, (options, &x)) in sums.iter().zip(&elements).enumerate() {
        let is_p = !options.is_empty() && !options.iter().any(|&s| p[s as usize]);
        if is_p && !p[x as usize] {
            let mut word = vec![0; heaps.to + 1];
            let mut at = i;
            for (back, &h) in trail.iter().zip(heaps.active).rev() {
                let (from, e) = back[at];
                word[h] = e;
                at = from as usize;
            }
            return Ok(Some(word));
        }
    }
    Ok(None)
}

/// Whether every element of the set `a` is in `b`.
fn within(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(a, b)| a & !b == 0)
}

fn over_budget(what: &str, count: usize) -> Error {
    Error::Limit(format!(
        "checking the quotient holds more than {count} {what}, over the memory budget of {}",
        memory::Size(memory::budget())
    ))
}

fn set(bits: &mut [u64], i: u32) {
    bits[i as usize / 64] |= 1 << (i % 64);
}
