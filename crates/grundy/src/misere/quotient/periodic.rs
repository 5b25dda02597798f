//! Whether the quotient of the heaps up to N is the quotient of every heap:
//! the periodicity theorem for misère quotients of take-and-break games
//! (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115
//! (2008); proved in Siegel's notes "Misère games and misère quotients").
//!
//! Let a move remove at most `k` tokens and leave at most `m` heaps (two for
//! an octal code, three for a hexadecimal one), with split heaps of any
//! sizes. Let Φ be the pretending function of the quotient Q of the heaps up
//! to N (Φ(h) the element of heap h). If `Φ(n + p) = Φ(n)` for every
//! `n0 <= n <= N - p`, with `n0 >= 1`, and `N >= m (n0 + p) + k - 1`, then Q
//! is the quotient of all heaps, and `Φ(n) = Φ(n - p)` for every `n > N`.
//!
//! Proof (the argument of the normal-play theorem, carried to quotients):
//! an option of heap N + 1 removes `j <= k` tokens and leaves parts summing
//! to `N + 1 - j`, the largest at least `(N + 1 - k) / m >= n0 + p`; taking
//! `p` from that part gives an option of heap N + 1 - p, and adding `p` to
//! the largest part of an option of N + 1 - p (at least `n0`) gives one of
//! N + 1; the parts changed keep their element, so both heaps' options have
//! the same elements. Then a sum holding heap N + 1 and the same sum with
//! heap N + 1 - p in its place have options of the same elements, so (by
//! induction on sums) sending N + 1 to Φ(N + 1 - p) predicts every outcome,
//! and Q, whose elements the heaps up to N already tell apart, is the
//! quotient of the heaps up to N + 1; the hypothesis holds again at N + 1.
//! `n0 >= 1` keeps the part shortened non-empty, so an option keeps its
//! number of heaps; a split into unequal heaps (Grundy's game) is outside
//! the theorem, since shortening a part can make it equal to another.

use serde::Serialize;

use crate::take_and_break::TakeAndBreak;

/// What the theorem needs of a game's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The most tokens a move removes.
    pub removal: usize,
    /// The most heaps a move leaves.
    pub parts: usize,
}

impl Shape {
    /// The shape of a code, or `None` where the theorem does not apply.
    pub fn of(code: &TakeAndBreak) -> Option<Shape> {
        (!code.unequal).then(|| Shape {
            removal: code.largest_removal(),
            parts: code.most_heaps_left().max(1),
        })
    }
}

/// A periodicity of the pretending function that the theorem proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first heap of the periodic part (`n0`).
    pub preperiod: usize,
    /// The period `p`.
    pub period: usize,
    /// The heap the theorem needs the quotient to reach,
    /// `m (n0 + p) + k - 1`: at most the heap it was computed to.
    pub needs: usize,
}

impl Periodicity {
    /// The heap of at most `to` whose element heap `h` has.
    pub fn representative(&self, h: usize, to: usize) -> usize {
        if h <= to {
            return h;
        }
        self.preperiod + (h - self.preperiod) % self.period
    }
}

/// The periodicity of least period that the theorem proves from the
/// elements `images[h]` of heaps `0..=N`, if there is one.
pub fn proven(images: &[u32], shape: Shape) -> Option<Periodicity> {
    let to = images.len().checked_sub(1)?;
    (1..to).find_map(|period| {
        // The least n0 with images[n + p] = images[n] for n0 <= n <= N - p.
        let mut preperiod = to - period + 1;
        while preperiod > 1 && images[preperiod - 1 + period] == images[preperiod - 1] {
            preperiod -= 1;
        }
        let preperiod = preperiod.max(1);
        let needs = shape.parts * (preperiod + period) + shape.removal - 1;
        (needs <= to).then_some(Periodicity {
            preperiod,
            period,
            needs,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OCTAL: Shape = Shape {
        removal: 2,
        parts: 2,
    };

    #[test]
    fn a_period_is_proven_only_once_the_quotient_reaches_the_bound() {
        // Heaps 1, 2 exceptional, then 7, 8, 7, 8, ... from heap 3.
        let mut images = vec![0, 1, 2];
        images.extend((3..=20).map(|h| 7 + (h as u32 - 3) % 2));
        // n0 = 3, p = 2: needs 2 * 5 + 2 - 1 = 11 heaps.
        let proof = proven(&images[..=11], OCTAL).unwrap();
        assert_eq!((proof.preperiod, proof.period, proof.needs), (3, 2, 11));
        assert_eq!(proven(&images[..=10], OCTAL), None);
        // Any heap stands for the heap of its class within the quotient.
        assert_eq!(proof.representative(1001, 11), 3);
        assert_eq!(proof.representative(1002, 11), 4);
        assert_eq!(proof.representative(9, 11), 9);
    }

    #[test]
    fn an_exception_late_in_the_table_moves_the_preperiod() {
        let mut images: Vec<u32> = (0..=60).map(|h| 1 + (h % 3)).collect();
        images[0] = 0;
        images[25] = 9;
        // Period 3 from heap 26 needs 2 * 29 + 1 = 59 heaps: not at 58.
        assert_eq!(proven(&images[..=58], OCTAL), None);
        let proof = proven(&images[..=59], OCTAL).unwrap();
        assert_eq!((proof.preperiod, proof.period, proof.needs), (26, 3, 59));
        // A move that leaves three heaps needs more: 3 * 29 + 1 = 88.
        let hexadecimal = Shape {
            removal: 2,
            parts: 3,
        };
        assert_eq!(proven(&images, hexadecimal), None);
    }
}
