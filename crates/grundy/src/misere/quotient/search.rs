//! The three searches over sums of heaps that build and check a trial
//! quotient, each over the sums in one order: by their exponents with the
//! largest heap first (colex), in which every option of a sum comes before
//! it (a move takes one heap h away and adds only heaps smaller than h).
//!
//! - `least_words`: the least sum that reaches each element;
//! - `mark_p`: the P-portion a trial must have, element by element in the
//!   order of their least sums, from the outcomes of those sums' options;
//! - `verify`: every sum at once, as pairs (its element, the set of its
//!   options' elements), which are finitely many: a trial is right exactly
//!   when no pair has its element in P and an option in P, or neither.

use hashbrown::HashSet;
use std::rc::Rc;

use super::monoid::Monoid;
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
/// the order of those sums.
pub fn least_words<M: Monoid>(
    monoid: &M,
    heaps: &Heaps,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<(u32, Word)>> {
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
pub fn mark_p<M: Monoid>(monoid: &M, heaps: &Heaps, least: &[(u32, Word)]) -> Vec<bool> {
    let mut p = vec![false; monoid.size()];
    let mut marked = vec![false; monoid.size()];
    let mut word = vec![0u32; heaps.to + 1];
    for (x, least_word) in least {
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
    p
}

/// The least sum whose element's P-portion disagrees with its options, and
/// its true outcome (every sum before it is predicted rightly, so its
/// options are, and it is P exactly when it has options and none is P).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub word: Word,
    pub is_p: bool,
}

/// Checks a trial over every sum of the heaps: `None` when the element of
/// every sum is in P exactly when the sum is P, else the least failure.
/// The sums are followed as pairs (element, set of the elements of its
/// options): adding a heap h to a sum of element x with options S gives
/// element x·φ(h) with options S·φ(h) and x·T(h).
pub fn verify<M: Monoid>(
    monoid: &M,
    p: &[bool],
    heaps: &Heaps,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Failure>> {
    let blocks = monoid.size().div_ceil(64);
    // A state is one slice: the element in its first word, the set of the
    // options' elements in the rest. Each is allocated once, shared by the
    // set of states seen and the list of the next heap's states, and looked
    // up by the slice; its sum is kept as the state it came from and the
    // exponent of the heap added (`trail`), and written out for a failure.
    // Each state's words are one allocation (with the Rc's two counts),
    // and a quarter more for what the allocator keeps of those freed (a
    // run of 0.07 at heap 34 held 7% more than the allocations alone); the
    // set, the list of the next heap's states and the list of this heap's
    // each hold a 16-byte pointer to it.
    let state_bytes = memory::allocation((blocks as u64 + 1) * 8 + 16) * 5 / 4;
    let mut states: Vec<Rc<[u64]>> = vec![vec![0u64; blocks + 1].into()];
    let mut trail: Vec<Vec<(u32, u32)>> = Vec::with_capacity(heaps.active.len());
    let mut trailed = 0u64;
    let mut state = vec![0u64; blocks + 1];
    let mut moved = vec![0u64; blocks + 1];
    for &h in heaps.active {
        let a = heaps.phi[h];
        let mut seen: HashSet<Rc<[u64]>> = HashSet::with_capacity(states.len() * 2);
        let mut next = Vec::with_capacity(states.len());
        let mut back = Vec::with_capacity(states.len());
        for (from, start) in states.iter().enumerate() {
            state.copy_from_slice(start);
            let mut e = 0u32;
            while !seen.contains(&state[..]) {
                if next.len() % 4096 == 0 {
                    if stop() {
                        return Err(stopped());
                    }
                    let (held_next, held_now) = (next.len() as u64 + 1, states.len() as u64);
                    let held = (held_next + held_now)
                        .saturating_mul(state_bytes)
                        .saturating_add(memory::hashed(held_next, 16))
                        .saturating_add(memory::vector(held_next, 16))
                        .saturating_add(memory::vector(held_now, 16))
                        .saturating_add(memory::vector(trailed + next.len() as u64, 8));
                    if held > memory::budget() {
                        return Err(Error::Limit(format!(
                            "checking the quotient holds more than {} sets of options, over \
                             the memory budget of {} MiB",
                            next.len(),
                            memory::budget() >> 20
                        )));
                    }
                }
                let kept: Rc<[u64]> = Rc::from(&state[..]);
                seen.insert(kept.clone());
                next.push(kept);
                back.push((from as u32, e));
                let x = state[0] as u32;
                moved.fill(0);
                moved[0] = monoid.mul(x, a) as u64;
                for s in ones(&state[1..]) {
                    set(&mut moved[1..], monoid.mul(s, a));
                }
                for &t in &heaps.transitions[h] {
                    set(&mut moved[1..], monoid.mul(x, t));
                }
                std::mem::swap(&mut state, &mut moved);
                e += 1;
            }
        }
        trailed += back.len() as u64;
        trail.push(back);
        states = next;
    }
    for (i, state) in states.iter().enumerate() {
        let mut any = false;
        let mut any_p = false;
        for s in ones(&state[1..]) {
            any = true;
            any_p |= p[s as usize];
        }
        let is_p = any && !any_p;
        if p[state[0] as usize] != is_p {
            let mut word = vec![0; heaps.to + 1];
            let mut at = i;
            for (back, &h) in trail.iter().zip(heaps.active).rev() {
                let (from, e) = back[at];
                word[h] = e;
                at = from as usize;
            }
            return Ok(Some(Failure { word, is_p }));
        }
    }
    Ok(None)
}

fn set(bits: &mut [u64], i: u32) {
    bits[i as usize / 64] |= 1 << (i % 64);
}

fn ones(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(block, &b)| {
        let mut b = b;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros();
            b &= b - 1;
            Some(block as u32 * 64 + i)
        })
    })
}

pub fn stopped() -> Error {
    Error::Limit("the computation of the quotient was stopped".into())
}
