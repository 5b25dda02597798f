//! Periods of nim-sequences.
//!
//! A nim-sequence `G(0), G(1), ...` is eventually periodic with preperiod `q`
//! and period `p` when `G(n + p) = G(n)` for every `n >= q`; DESIGN.md takes
//! the smallest `p`, then the smallest `q`.

/// The period of an eventually periodic nim-sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub preperiod: usize,
    pub period: usize,
}

impl Period {
    /// The index in one preperiod plus one period whose value `G(n)` equals.
    pub fn reduce(&self, n: usize) -> usize {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

/// The smallest period and preperiod of a sequence known (by the caller's
/// proof) to satisfy `values[n + p] == values[n]` for every `n >= start`.
///
/// `values` must hold at least `start + 2p` terms. The smallest period divides
/// every period of the tail (two periods of an infinite sequence give their
/// gcd as a period), so only divisors of `p` are tried.
pub fn smallest_period<T: PartialEq>(values: &[T], start: usize, p: usize) -> Period {
    assert!(p > 0 && values.len() >= start + 2 * p, "not enough terms");
    let period = (1..=p)
        .filter(|d| p % d == 0)
        .find(|&d| (start..start + p).all(|n| values[n + d] == values[n]))
        .expect("p itself is a period");
    let mut preperiod = start;
    while preperiod > 0 && values[preperiod - 1 + period] == values[preperiod - 1] {
        preperiod -= 1;
    }
    Period { preperiod, period }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_smallest_period_and_preperiod() {
        // 5 7 then (0 1 2) repeated: told period 6 from index 4.
        let v: Vec<u32> = [5, 7]
            .into_iter()
            .chain([0, 1, 2].into_iter().cycle().take(30))
            .collect();
        assert_eq!(
            smallest_period(&v, 4, 6),
            Period {
                preperiod: 2,
                period: 3
            }
        );
        let p = smallest_period(&v, 4, 6);
        assert_eq!(v[p.reduce(20)], v[20]);
    }

    #[test]
    fn a_constant_tail_has_period_one() {
        let v = [3u8, 0, 0, 0, 0, 0, 0];
        assert_eq!(
            smallest_period(&v, 2, 2),
            Period {
                preperiod: 1,
                period: 1
            }
        );
    }
}
