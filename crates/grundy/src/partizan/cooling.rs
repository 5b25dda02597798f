//! Cooling and heating (Siegel, *Combinatorial Game Theory*, II.5-II.6;
//! Berlekamp, Conway and Guy, *Winning Ways*, chapter 6), each on the
//! canonical form of its game:
//! - G **cooled** by t > -1: G itself where G is an integer; the number
//!   that is G's mean where t exceeds G's temperature; otherwise
//!   {G^L cooled by t - t | G^R cooled by t + t}. It is additive: (G + H)
//!   cooled by t is G cooled by t plus H cooled by t.
//! - G **frozen**: G cooled by its own temperature.
//! - G **heated** by a game T: G where G is a number, otherwise
//!   {G^L heated + T | G^R heated - T}, the inverse of cooling on the games
//!   a cooling can give.
//! - G **overheated** from S to T: n·S (n copies of S) where G is the
//!   integer n, otherwise {G^L overheated + T | G^R overheated - T}.
//!
//! ```
//! use grundy::partizan::{Dyadic, Games};
//!
//! let mut games = Games::new();
//! // ±1 cooled by 1 is *: the switch becomes a move worth nothing.
//! let switch = games.read("{1|-1}", 1).unwrap();
//! let cooled = games.cool(switch, Dyadic::integer(1)).unwrap();
//! assert_eq!(games.write(cooled).unwrap(), "*");
//! // Heating by 1 brings it back.
//! let one = games.number(Dyadic::integer(1));
//! let heated = games.heat(cooled, one);
//! assert_eq!(heated, switch);
//! ```

use hashbrown::HashMap;

use crate::error::{Error, Result};

use super::{Dyadic, GameId, Games};

impl Games {
    /// g cooled by t; t must exceed -1 (below, cooling is not defined).
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId> {
        if t <= Dyadic::integer(-1) {
            return Err(Error::Parameter(format!(
                "a game is cooled by a number above -1, not by {t}"
            )));
        }
        let cooled = self.cool_by(g, t, &mut HashMap::new());
        self.check()?;
        Ok(cooled)
    }

    /// g cooled by its temperature (an integer, of temperature -1, is
    /// itself).
    pub fn freeze(&mut self, g: GameId) -> Result<GameId> {
        let temperature = self.thermograph(g).temperature;
        let frozen = self.cool_by(g, temperature, &mut HashMap::new());
        self.check()?;
        Ok(frozen)
    }

    fn cool_by(&mut self, g: GameId, t: Dyadic, done: &mut HashMap<GameId, GameId>) -> GameId {
        if self.stopped() || self.number_value(g).is_some_and(Dyadic::is_integer) {
            return g;
        }
        if let Some(&known) = done.get(&g) {
            return known;
        }
        let thermograph = self.thermograph(g);
        let cooled = if thermograph.temperature < t {
            self.number(thermograph.mean)
        } else {
            let tax = self.number(t);
            let form = self.form(g);
            let left: Vec<GameId> = (form.left.iter())
                .map(|&l| {
                    let cooled = self.cool_by(l, t, done);
                    self.sub(cooled, tax)
                })
                .collect();
            let right: Vec<GameId> = (form.right.iter())
                .map(|&r| {
                    let cooled = self.cool_by(r, t, done);
                    self.add(cooled, tax)
                })
                .collect();
            self.game(&left, &right)
        };
        done.insert(g, cooled);
        cooled
    }

    /// g heated by t.
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        self.heat_memo(g, t, &mut HashMap::new())
    }

    fn heat_memo(&mut self, g: GameId, t: GameId, done: &mut HashMap<GameId, GameId>) -> GameId {
        if self.stopped() || self.number_value(g).is_some() {
            return g;
        }
        if let Some(&known) = done.get(&g) {
            return known;
        }
        let form = self.form(g);
        let left: Vec<GameId> = (form.left.iter())
            .map(|&l| {
                let heated = self.heat_memo(l, t, done);
                self.add(heated, t)
            })
            .collect();
        let right: Vec<GameId> = (form.right.iter())
            .map(|&r| {
                let heated = self.heat_memo(r, t, done);
                self.sub(heated, t)
            })
            .collect();
        let heated = self.game(&left, &right);
        done.insert(g, heated);
        heated
    }

    /// g overheated from s to t.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> GameId {
        self.overheat_memo(g, s, t, &mut HashMap::new())
    }

    fn overheat_memo(
        &mut self,
        g: GameId,
        s: GameId,
        t: GameId,
        done: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        if self.stopped() {
            return g;
        }
        if let Some(n) = self.number_value(g).filter(|x| x.is_integer()) {
            return self.multiple(n.numerator(), s);
        }
        if let Some(&known) = done.get(&g) {
            return known;
        }
        // A number that is not an integer is opened too: its form
        // {x - 1/2^k | x + 1/2^k} has options of smaller denominators.
        let form = self.form(g);
        let left: Vec<GameId> = (form.left.iter())
            .map(|&l| {
                let heated = self.overheat_memo(l, s, t, done);
                self.add(heated, t)
            })
            .collect();
        let right: Vec<GameId> = (form.right.iter())
            .map(|&r| {
                let heated = self.overheat_memo(r, s, t, done);
                self.sub(heated, t)
            })
            .collect();
        let heated = self.game(&left, &right);
        done.insert(g, heated);
        heated
    }

    /// n·u, the sum of n copies of u (of -n copies of -u where n < 0), by
    /// doubling.
    pub(super) fn multiple(&mut self, n: i128, u: GameId) -> GameId {
        let mut power = if n < 0 { self.neg(u) } else { u };
        let mut rest = n.unsigned_abs();
        let mut total = self.zero();
        while rest != 0 && !self.stopped() {
            if rest & 1 == 1 {
                total = self.add(total, power);
            }
            rest >>= 1;
            if rest != 0 {
                power = self.add(power, power);
            }
        }
        total
    }
}
