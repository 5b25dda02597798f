//! Thermographs: how a game's value for each player changes as moving is
//! taxed by t (Siegel, *Combinatorial Game Theory*, II.5-II.6). The walls
//! are piecewise linear in t, with slopes 0 and ±1, from t = -1 up; above
//! the temperature both are the mast, at the mean.
//!
//! Conventions (Siegel's): an integer's thermograph is its mast from
//! t = -1, its temperature -1. Any other game, a number m/2^k in lowest
//! terms (k ≥ 1) included, has walls built from its canonical options, and
//! its temperature is the smallest t at which they meet, the mean where
//! they meet. So the walls of 3/2 = {1|2} cross from (2, 1) at t = -1 to
//! meet at 3/2 at t = -1/2, its temperature, as 3/2 cooled by t in
//! [-1, -1/2] is {1 - t | 2 + t}; in general m/2^k has temperature -1/2^k.

use super::{Dyadic, GameId, Games};

/// A piecewise linear function of t ≥ -1: segments, each from its start
/// on with a slope, the last going on for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    /// (t where the segment starts, value there, slope), t increasing from -1.
    segments: Vec<(Dyadic, Dyadic, i32)>,
}

fn minus_one() -> Dyadic {
    Dyadic::integer(-1)
}

/// slope · d, for the small slopes of walls.
fn times(slope: i32, d: Dyadic) -> Dyadic {
    match slope {
        0 => Dyadic::ZERO,
        1 => d,
        -1 => -d,
        _ => Dyadic::new(d.numerator() * i128::from(slope), d.exponent()),
    }
}

impl Trajectory {
    /// The same value at every t.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            segments: vec![(minus_one(), x, 0)],
        }
    }

    /// The value at t ≥ -1.
    pub fn at(&self, t: Dyadic) -> Dyadic {
        let &(start, x, slope) = self
            .segments
            .iter()
            .rev()
            .find(|s| s.0 <= t)
            .unwrap_or(&self.segments[0]);
        x + times(slope, t - start)
    }

    /// The corners: (t, value) where the slope changes, from t = -1, and
    /// the slope after the last.
    pub fn corners(&self) -> (Vec<(Dyadic, Dyadic)>, i32) {
        let points = self.segments.iter().map(|&(t, x, _)| (t, x)).collect();
        (points, self.segments.last().map_or(0, |s| s.2))
    }

    /// self(t) + slope · t.
    fn tilt(&self, slope: i32) -> Trajectory {
        Trajectory {
            segments: self
                .segments
                .iter()
                .map(|&(t, x, s)| (t, x + times(slope, t), s + slope))
                .collect(),
        }
    }

    /// The slope at t (of the segment holding t).
    fn slope_at(&self, t: Dyadic) -> i32 {
        self.segments
            .iter()
            .rev()
            .find(|s| s.0 <= t)
            .map_or(0, |s| s.2)
    }

    /// The pointwise larger (`larger` true) or smaller of two trajectories.
    fn extreme(&self, other: &Trajectory, larger: bool) -> Trajectory {
        let mut starts: Vec<Dyadic> = self
            .segments
            .iter()
            .chain(&other.segments)
            .map(|s| s.0)
            .collect();
        starts.sort();
        starts.dedup();
        // Where the two cross inside a piece, a new piece starts.
        let mut cuts = starts.clone();
        for (i, &t) in starts.iter().enumerate() {
            let difference = self.at(t) - other.at(t);
            let slopes = self.slope_at(t) - other.slope_at(t);
            if slopes == 0 || difference == Dyadic::ZERO {
                continue;
            }
            // difference + slopes · (c - t) = 0
            let Some(distance) = divide(-difference, slopes) else {
                continue;
            };
            let crossing = t + distance;
            if distance > Dyadic::ZERO && starts.get(i + 1).is_none_or(|&next| crossing < next) {
                cuts.push(crossing);
            }
        }
        cuts.sort();
        cuts.dedup();
        let mut segments: Vec<(Dyadic, Dyadic, i32)> = Vec::new();
        for &t in &cuts {
            let (a, b) = (self.at(t), other.at(t));
            let (sa, sb) = (self.slope_at(t), other.slope_at(t));
            // The one on the chosen side just after t.
            let take_self = if a != b {
                (a > b) == larger
            } else {
                (sa >= sb) == larger
            };
            let (x, s) = if take_self { (a, sa) } else { (b, sb) };
            push_segment(&mut segments, t, x, s);
        }
        Trajectory { segments }
    }

    /// The part up to t, then constant.
    fn masted_at(&self, t: Dyadic) -> Trajectory {
        let mut segments: Vec<(Dyadic, Dyadic, i32)> =
            self.segments.iter().copied().filter(|s| s.0 < t).collect();
        push_segment(&mut segments, t, self.at(t), 0);
        Trajectory { segments }
    }
}

/// Appends a segment, merging it into the last when it goes on in line.
fn push_segment(segments: &mut Vec<(Dyadic, Dyadic, i32)>, t: Dyadic, x: Dyadic, slope: i32) {
    if let Some(&(t0, x0, s0)) = segments.last() {
        if s0 == slope && x0 + times(s0, t - t0) == x {
            return;
        }
    }
    segments.push((t, x, slope));
}

/// d / k for k a power of two up to 4 in size (slopes of walls differ by
/// at most 2); None otherwise.
fn divide(d: Dyadic, k: i32) -> Option<Dyadic> {
    let sign = if k < 0 { -d } else { d };
    match k.abs() {
        1 => Some(sign),
        2 => Some(sign.half()),
        4 => Some(sign.half().half()),
        _ => None,
    }
}

/// A game's thermograph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall (Left's scaffold, masted above the temperature), x as a
    /// function of the temperature t.
    pub left_wall: Trajectory,
    /// The right wall (Right's scaffold, masted above the temperature).
    pub right_wall: Trajectory,
    /// The temperature: where the walls meet (for a number m/2^k in lowest
    /// terms, -1/2^k; for an integer, -1).
    pub temperature: Dyadic,
    /// The mean: the mast's place.
    pub mean: Dyadic,
}

impl Games {
    /// The thermograph of g, from those of its options.
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        if let Some(x) = self.number_value(g).filter(|x| x.is_integer()) {
            return Thermograph {
                left_wall: Trajectory::constant(x),
                right_wall: Trajectory::constant(x),
                temperature: minus_one(),
                mean: x,
            };
        }
        if let Some(known) = self.thermographs.get(&g) {
            return known.clone();
        }
        // x + n·↑ + *m has the thermograph of x* or x + ↑ (`nus.rs`),
        // whatever its height.
        if let Some(v) = self.nus_value(g).filter(|v| !v.is_number()) {
            let thermal = v.thermal();
            if thermal != v {
                let small = self.nus(thermal);
                let thermograph = self.thermograph(small);
                self.thermographs.insert(g, thermograph.clone());
                return thermograph;
            }
        }
        let form = self.form(g);
        // Left's scaffold: the best right wall of a Left option, taxed by t;
        // Right's the same way round. (A short game that is not an integer
        // has options on both sides.)
        let left_scaffold = form
            .left
            .iter()
            .map(|&l| self.thermograph(l).right_wall)
            .reduce(|a, b| a.extreme(&b, true))
            .map(|w| w.tilt(-1));
        let right_scaffold = form
            .right
            .iter()
            .map(|&r| self.thermograph(r).left_wall)
            .reduce(|a, b| a.extreme(&b, false))
            .map(|w| w.tilt(1));
        let (Some(left), Some(right)) = (left_scaffold, right_scaffold) else {
            unreachable!("a canonical game that is not an integer has options on both sides")
        };
        let temperature = first_meeting(&left, &right);
        let thermograph = Thermograph {
            mean: left.at(temperature),
            left_wall: left.masted_at(temperature),
            right_wall: right.masted_at(temperature),
            temperature,
        };
        self.thermographs.insert(g, thermograph.clone());
        thermograph
    }
}

/// The least t ≥ -1 with left(t) ≤ right(t).
fn first_meeting(left: &Trajectory, right: &Trajectory) -> Dyadic {
    let mut starts: Vec<Dyadic> = left
        .segments
        .iter()
        .chain(&right.segments)
        .map(|s| s.0)
        .collect();
    starts.sort();
    starts.dedup();
    for (i, &t) in starts.iter().enumerate() {
        let gap = left.at(t) - right.at(t);
        if gap <= Dyadic::ZERO {
            return t;
        }
        // gap + (sl - sr)(c - t) = 0 within this piece.
        let closing = right.slope_at(t) - left.slope_at(t);
        if closing > 0 {
            if let Some(distance) = divide(gap, closing) {
                let meeting = t + distance;
                if starts.get(i + 1).is_none_or(|&next| meeting <= next) {
                    return meeting;
                }
            }
        }
    }
    // Scaffolds of short games always meet; never reached.
    *starts.last().unwrap_or(&minus_one())
}
