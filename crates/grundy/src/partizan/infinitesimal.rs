//! What a game is up to infinitesimals, and how large its infinitesimal
//! part is (Siegel, *Combinatorial Game Theory*, II.6 and II.7):
//! - the **reduced canonical form** of G: the simplest game that differs
//!   from G by an infinitesimal. It is x where G is infinitesimally close
//!   to the number x (both stops x); otherwise G heated by * with every
//!   subposition x* replaced by x (Grossman and Siegel, "Reductions of
//!   partizan games", 2009: the star projection);
//! - the **atomic weight** of an all-small game G: the game W with
//!   G ~ W.↑ (W ↑s, by Norton multiplication), by the atomic weight
//!   calculus (Siegel II.7; Winning Ways, chapter 8): with G' =
//!   {W(G^L) - 2 | W(G^R) + 2}, W(G) = G' unless G' is an integer; then,
//!   with *m a remote star of G (m beyond every nimber among G's
//!   subpositions), W(G) is the least integer n with n ⊳ every
//!   W(G^L) - 2 where G < *m, the greatest integer n with
//!   n ⊲ every W(G^R) + 2 where G > *m, and G' otherwise.
//!
//! ```
//! use grundy::partizan::Games;
//!
//! let mut games = Games::new();
//! let mut atomic = |text: &str| {
//!     let g = games.read(text, 1).unwrap();
//!     let w = games.atomic_weight(g).unwrap();
//!     games.write(w).unwrap()
//! };
//! // ↑ weighs 1, ⇑* weighs 2, and a nimber nothing.
//! assert_eq!(atomic("^"), "1");
//! assert_eq!(atomic("^^*"), "2");
//! assert_eq!(atomic("*5"), "0");
//! ```

use hashbrown::HashMap;

use crate::error::{Error, Result};

use super::{Dyadic, GameId, Games};

impl Games {
    /// The reduced canonical form of g.
    pub fn reduced(&mut self, g: GameId) -> Result<GameId> {
        let (left_stop, right_stop) = self.stops(g);
        let reduced = if left_stop == right_stop {
            self.number(left_stop)
        } else {
            let zero = self.zero();
            let star = self.game(&[zero], &[zero]);
            let heated = self.heat(g, star);
            self.star_projection(heated, &mut HashMap::new())
        };
        self.check()?;
        Ok(reduced)
    }

    /// g with every subposition x* (a number plus *) replaced by x.
    fn star_projection(&mut self, g: GameId, done: &mut HashMap<GameId, GameId>) -> GameId {
        if self.stopped() || self.number_value(g).is_some() {
            return g;
        }
        if let Some(&known) = done.get(&g) {
            return known;
        }
        let form = self.form(g);
        // x* = {x | x}.
        let projected = match (&form.left[..], &form.right[..]) {
            ([l], [r]) if l == r && self.number_value(*l).is_some() => *l,
            _ => {
                let left: Vec<GameId> = (form.left.iter())
                    .map(|&l| self.star_projection(l, done))
                    .collect();
                let right: Vec<GameId> = (form.right.iter())
                    .map(|&r| self.star_projection(r, done))
                    .collect();
                self.game(&left, &right)
            }
        };
        done.insert(g, projected);
        projected
    }

    /// The atomic weight of g, which must be all-small.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId> {
        if !self.is_all_small(g) {
            let written = self.write(g)?;
            return Err(Error::Parameter(format!(
                "{written} is not all-small (a subposition has moves for one player only), so \
                 it has no atomic weight here"
            )));
        }
        let mut done = HashMap::new();
        let weight = self.atomic_memo(g, &mut done);
        self.check()?;
        Ok(weight)
    }

    fn atomic_memo(&mut self, g: GameId, done: &mut HashMap<GameId, GameId>) -> GameId {
        let zero = self.zero();
        if self.stopped() {
            return zero;
        }
        // n·↑ + *m (all-small, so over 0) weighs n.
        if let Some(v) = self.nus_value(g) {
            return self.number(Dyadic::integer(i128::from(v.ups)));
        }
        if let Some(&known) = done.get(&g) {
            return known;
        }
        let form = self.form(g);
        let two = self.number(Dyadic::integer(2));
        let minus_two = self.number(Dyadic::integer(-2));
        let left: Vec<GameId> = (form.left.iter())
            .map(|&l| {
                let w = self.atomic_memo(l, done);
                self.add(w, minus_two)
            })
            .collect();
        let right: Vec<GameId> = (form.right.iter())
            .map(|&r| {
                let w = self.atomic_memo(r, done);
                self.add(w, two)
            })
            .collect();
        let naive = self.game(&left, &right);
        let weight = match self.number_value(naive).filter(|x| x.is_integer()) {
            None => naive,
            Some(_) => {
                let remote = self.remote_star(g, &mut HashMap::new());
                let star = self.nimber(remote);
                let (below, above) = (self.le(g, star), self.le(star, g));
                if below && !above {
                    // The least integer n with n ⊳ every W(G^L) - 2 (n not
                    // ≤ it): above its Right stop, or at it where n is not
                    // ≤ it.
                    let mut least = None;
                    for &l in &left {
                        let stop = self.stops(l).1;
                        let mut n = -(-stop).floor();
                        let at = self.number(Dyadic::integer(n));
                        if self.le(at, l) {
                            n += 1;
                        }
                        least = least.max(Some(n));
                    }
                    self.number(Dyadic::integer(least.unwrap_or(0)))
                } else if above && !below {
                    let mut greatest = None;
                    for &r in &right {
                        let stop = self.stops(r).0;
                        let mut n = stop.floor();
                        let at = self.number(Dyadic::integer(n));
                        if self.le(r, at) {
                            n -= 1;
                        }
                        greatest = Some(greatest.map_or(n, |m: i128| m.min(n)));
                    }
                    self.number(Dyadic::integer(greatest.unwrap_or(0)))
                } else {
                    naive
                }
            }
        };
        done.insert(g, weight);
        weight
    }

    /// The least m such that *m is remote for g: beyond every nimber
    /// among g's subpositions (at least 1).
    fn remote_star(&mut self, g: GameId, done: &mut HashMap<GameId, u64>) -> u64 {
        // The nimbers below n·↑ + *m are at most m ⊕ 1 ≤ m + 1.
        if let Some(v) = self.nus_value(g) {
            return v.nimber.saturating_add(2);
        }
        if let Some(&known) = done.get(&g) {
            return known;
        }
        let form = self.form(g);
        let mut remote = 1;
        for &o in form.left.iter().chain(&form.right) {
            remote = remote.max(self.remote_star(o, done));
        }
        done.insert(g, remote);
        remote
    }
}
