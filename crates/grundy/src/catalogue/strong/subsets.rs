//! k-subsets of the places 0..64 ranked in colex order, the combinatorial
//! number system: the set {s_0 < s_1 < ... < s_(k-1)} has rank
//! Σ C(s_i, i + 1) among the k-subsets of 0..n (0..C(n, k)), and as a bit
//! mask, colex order is the order of the masks. The tier rankings of
//! Connect Four (which of a board's discs are X's) and of m,n,k-games
//! (which cells are filled, and which of those are X's) are made of it.

/// C(n, k) for n and k up to a bound, flat.
pub(super) struct Binomials {
    stride: usize,
    table: Vec<u64>,
}

impl Binomials {
    /// C(n, k) for n and k up to `most` + 1 (saturated past `u64::MAX`).
    pub(super) fn new(most: usize) -> Binomials {
        let stride = most + 2;
        let mut table = vec![0u64; stride * stride];
        for n in 0..stride {
            table[n * stride] = 1;
            for k in 1..=n {
                table[n * stride + k] =
                    table[(n - 1) * stride + k - 1].saturating_add(table[(n - 1) * stride + k]);
            }
        }
        Binomials { stride, table }
    }

    /// C(n, k).
    #[inline]
    pub(super) fn get(&self, n: usize, k: usize) -> u64 {
        self.table[n * self.stride + k]
    }

    /// The rank of the set of the bits of `set` among the sets of as many
    /// places.
    #[inline]
    pub(super) fn rank(&self, mut set: u64) -> u64 {
        let (mut rank, mut k) = (0, 0);
        while set != 0 {
            k += 1;
            rank += self.get(set.trailing_zeros() as usize, k);
            set &= set - 1;
        }
        rank
    }

    /// The `k`-subset of `0..places` of rank `rank` (below C(places, k)), as
    /// a mask.
    pub(super) fn unrank(&self, places: usize, mut k: usize, mut rank: u64) -> u64 {
        let mut set = 0u64;
        for place in (0..places).rev() {
            if k > 0 && self.get(place, k) <= rank {
                rank -= self.get(place, k);
                set |= 1 << place;
                k -= 1;
            }
        }
        set
    }
}

/// The set after `set` (not empty) in colex order among the sets of as
/// many places, Gosper's hack: the set of the next rank.
#[inline]
pub(super) fn next(set: u64) -> u64 {
    let low = set & set.wrapping_neg();
    let up = set + low;
    (((up ^ set) >> 2) >> low.trailing_zeros()) | up
}

/// The ranks of the sets made from one set by inserting a place p: the
/// `below` members under p keep their terms C(s_i, i + 1), p adds
/// C(p, below + 1) if it is a member, and each member above p moves up and,
/// if p is a member, one index up. Both sums are kept as prefix sums over
/// the members, so each insertion is ranked in constant time after one pass
/// over the set ([`Insertions::of`]); made once and refilled for each set,
/// as it is an array of 65 sums.
pub(super) struct Insertions {
    /// Over the first i members: their terms less their terms moved up,
    /// wrapping.
    terms: [u64; 65],
    /// Every member's term moved up.
    moved: u64,
    added: u64,
}

impl Insertions {
    pub(super) fn new() -> Insertions {
        Insertions {
            terms: [0; 65],
            moved: 0,
            added: 0,
        }
    }

    /// Prepares the insertions into `set`: the members above the inserted
    /// place move up `shift` places (0 where places are fixed cells, 1
    /// where they are a sequence the new member is inserted into), and the
    /// new place is a member where `added` is 1, not where it is 0.
    pub(super) fn of(&mut self, binomials: &Binomials, set: u64, shift: usize, added: u64) {
        let (mut rest, mut k) = (set, 0);
        let (mut kept, mut moved) = (0u64, 0u64);
        self.terms[0] = 0;
        while rest != 0 {
            let place = rest.trailing_zeros() as usize;
            kept += binomials.get(place, k + 1);
            moved += binomials.get(place + shift, k + 1 + added as usize);
            k += 1;
            self.terms[k] = kept.wrapping_sub(moved);
            rest &= rest - 1;
        }
        self.moved = moved;
        self.added = added;
    }

    /// The rank of the set with place `place` inserted, where `below` of
    /// the set's members are under it.
    #[inline]
    pub(super) fn rank(&self, binomials: &Binomials, place: usize, below: usize) -> u64 {
        self.terms[below]
            .wrapping_add(self.moved)
            .wrapping_add(self.added * binomials.get(place, below + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set after each set is the set of the next rank.
    #[test]
    fn the_next_set_is_the_set_of_the_next_rank() {
        let b = Binomials::new(12);
        for k in 1..=5 {
            for rank in 0..b.get(12, k) - 1 {
                assert_eq!(
                    next(b.unrank(12, k, rank)),
                    b.unrank(12, k, rank + 1),
                    "{k} {rank}"
                );
            }
        }
    }

    /// Every k-subset of 0..n, in the order of the masks: ranks 0, 1, 2, ...
    /// in turn within each k, and unrank inverts rank.
    #[test]
    fn masks_in_order_rank_consecutively() {
        let n = 10;
        let b = Binomials::new(n);
        let mut next = vec![0u64; n + 1];
        for set in 0u64..1 << n {
            let k = set.count_ones() as usize;
            assert_eq!(b.rank(set), next[k], "{set:#b}");
            assert_eq!(b.unrank(n, k, next[k]), set);
            next[k] += 1;
        }
        for (k, &count) in next.iter().enumerate() {
            assert_eq!(count, b.get(n, k), "C({n}, {k})");
        }
    }

    /// An insertion ranked in constant time is the rank of the set made:
    /// with places fixed (shift 0, a new member at a free place) and with
    /// places that move up (shift 1), the new place a member or not.
    #[test]
    fn insertions_rank_the_sets_they_make() {
        let n = 9;
        let b = Binomials::new(n + 1);
        for set in 0u64..1 << n {
            for added in [0, 1] {
                let (mut fixed, mut moved) = (Insertions::new(), Insertions::new());
                fixed.of(&b, set, 0, added);
                moved.of(&b, set, 1, added);
                for p in 0..=n {
                    let under = set & ((1 << p) - 1);
                    let below = under.count_ones() as usize;
                    let new = added << p;
                    if set >> p & 1 == 0 {
                        let made = set | new;
                        assert_eq!(fixed.rank(&b, p, below), b.rank(made), "{set:#b} {p}");
                    }
                    let made = under | new | (set & !under) << 1;
                    assert_eq!(moved.rank(&b, p, below), b.rank(made), "{set:#b} {p}");
                }
            }
        }
    }
}
