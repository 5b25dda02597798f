//! Games made of two games other than by their sum, and what a move is
//! worth (Siegel, *Combinatorial Game Theory*, II.5 and II.7; Conway, *On
//! Numbers and Games*, chapter 15), each on canonical forms:
//! - the **incentives** of G: G^L - G for each Left option, G - G^R for
//!   each Right option, what a player gains by moving;
//! - the **Norton product** G.U by a positive game U: n·U (n copies of U)
//!   where G is the integer n, otherwise
//!   {G^L.U + U + I | G^R.U - (U + I)} for every incentive I of U, so that
//!   G.↑ is the game of atomic weight G (Siegel II.7);
//! - the **ordinal sum** G:H = {G^L, G:H^L | G^R, G:H^R}: H played on top
//!   of G, where a move in G wipes H out. It depends on G's form (here the
//!   canonical form) and on H's value only.
//!
//! ```
//! use grundy::partizan::Games;
//!
//! let mut games = Games::new();
//! let up = games.read("^", 1).unwrap();
//! let two = games.read("2", 1).unwrap();
//! // 2.↑ is ⇑.
//! let double = games.norton(two, up).unwrap();
//! assert_eq!(games.write(double).unwrap(), "^^");
//! // 1:1 = {1|} = 2, and *:* = *2.
//! let one = games.read("1", 1).unwrap();
//! let sum = games.ordinal(one, one).unwrap();
//! assert_eq!(games.write(sum).unwrap(), "2");
//! ```

use hashbrown::HashMap;

use crate::error::{Error, Result};

use super::{GameId, Games, MAX_HEIGHT};

impl Games {
    /// The Left and Right incentives of g, each list without repeats.
    pub fn incentives(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>)> {
        let form = self.form(g);
        let mut left: Vec<GameId> = form.left.iter().map(|&l| self.sub(l, g)).collect();
        let mut right: Vec<GameId> = form.right.iter().map(|&r| self.sub(g, r)).collect();
        self.check()?;
        for side in [&mut left, &mut right] {
            side.sort_unstable();
            side.dedup();
        }
        Ok((left, right))
    }

    /// The Norton product g.u; u must be positive.
    pub fn norton(&mut self, g: GameId, u: GameId) -> Result<GameId> {
        let zero = self.zero();
        if !self.le(zero, u) || self.le(u, zero) {
            let written = self.write(u)?;
            return Err(Error::Parameter(format!(
                "Norton multiplication is by a positive game (a unit above 0), and {written} \
                 is not above 0"
            )));
        }
        let (left, right) = self.incentives(u)?;
        let units: Vec<GameId> = (left.iter().chain(&right))
            .map(|&i| self.add(u, i))
            .collect();
        let product = self.norton_memo(g, u, &units, &mut HashMap::new());
        self.check()?;
        Ok(product)
    }

    fn norton_memo(
        &mut self,
        g: GameId,
        u: GameId,
        units: &[GameId],
        done: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        if self.stopped() {
            return g;
        }
        if let Some(n) = self.number_value(g).filter(|x| x.is_integer()) {
            return self.multiple(n.numerator(), u);
        }
        if let Some(&known) = done.get(&g) {
            return known;
        }
        let form = self.form(g);
        let mut left = Vec::new();
        for &l in &form.left {
            let product = self.norton_memo(l, u, units, done);
            for &unit in units {
                left.push(self.add(product, unit));
            }
        }
        let mut right = Vec::new();
        for &r in &form.right {
            let product = self.norton_memo(r, u, units, done);
            for &unit in units {
                right.push(self.sub(product, unit));
            }
        }
        let product = self.game(&left, &right);
        done.insert(g, product);
        product
    }

    /// The ordinal sum g:h. Its recursion follows the forms of h down to
    /// 0, as many levels as h's birthday, which may be at most
    /// [`MAX_HEIGHT`].
    pub fn ordinal(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        if self.birthday(h) > u128::from(MAX_HEIGHT) {
            return Err(Error::Limit(format!(
                "the game after the colon of an ordinal sum is born after day {MAX_HEIGHT}, \
                 the most levels of options that are computed"
            )));
        }
        let sum = self.ordinal_memo(g, h, &mut HashMap::new());
        self.check()?;
        Ok(sum)
    }

    fn ordinal_memo(&mut self, g: GameId, h: GameId, done: &mut HashMap<GameId, GameId>) -> GameId {
        if self.stopped() || h == self.zero() {
            return g;
        }
        // *a:*b = *(a + b).
        if let (Some(a), Some(b)) = (self.nimber_value(g), self.nimber_value(h)) {
            if let Some(n) = a.checked_add(b) {
                return self.nimber(n);
            }
        }
        if let Some(&known) = done.get(&h) {
            return known;
        }
        let (base, top) = (self.form(g), self.form(h));
        let mut left = base.left;
        for &l in &top.left {
            left.push(self.ordinal_memo(g, l, done));
        }
        let mut right = base.right;
        for &r in &top.right {
            right.push(self.ordinal_memo(g, r, done));
        }
        let sum = self.game(&left, &right);
        done.insert(h, sum);
        sum
    }
}
