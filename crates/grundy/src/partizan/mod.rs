//! Values of short partizan games (combinatorial game theory): every game
//! is kept in canonical form, once, in a table of games shared by a run
//! ([`Games`]), so that two games are equal exactly when their ids are.
//! Sums, negatives and comparisons follow the recursive definitions
//! (Siegel, *Combinatorial Game Theory*, II.1-II.3), memoised by ids.
//!
//! This layer knows games only as options of Left and Right: nothing of
//! families, positions, expressions or the command line.

use std::collections::HashMap;

/// A game in canonical form, in a [`Games`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

/// A game written by its options, which are canonical games.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    pub left: Vec<GameId>,
    pub right: Vec<GameId>,
}

/// The canonical games met so far, each once, and what was computed of them.
pub struct Games {
    /// The canonical form of each game, by id: options sorted, each once.
    forms: Vec<Form>,
    ids: HashMap<Form, GameId>,
    less_or_equal: HashMap<(GameId, GameId), bool>,
    sums: HashMap<(GameId, GameId), GameId>,
    negatives: HashMap<GameId, GameId>,
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

impl Games {
    /// A table holding 0 = { | }.
    pub fn new() -> Games {
        let mut games = Games {
            forms: Vec::new(),
            ids: HashMap::new(),
            less_or_equal: HashMap::new(),
            sums: HashMap::new(),
            negatives: HashMap::new(),
        };
        games.intern(Form {
            left: Vec::new(),
            right: Vec::new(),
        });
        games
    }

    /// 0, the game with no move for either player.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The canonical form of `id`.
    pub fn form(&self, id: GameId) -> &Form {
        &self.forms[id.0 as usize]
    }

    /// How many distinct games the table holds.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// The game { left | right }, in canonical form: dominated options
    /// removed and reversible ones bypassed.
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let mut form = Form {
            left: left.to_vec(),
            right: right.to_vec(),
        };
        loop {
            tidy(&mut form.left);
            tidy(&mut form.right);
            self.remove_dominated(&mut form);
            if !self.bypass_reversible(&mut form) {
                break;
            }
        }
        self.intern(form)
    }

    /// Whether g ≤ h: Left, moving second in h - g, wins.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let Some(&known) = self.less_or_equal.get(&(g, h)) {
            return known;
        }
        // g ≤ h unless some g^L ≥ h or some h^R ≤ g.
        let answer = !(self
            .form(g)
            .left
            .clone()
            .into_iter()
            .any(|gl| self.le(h, gl))
            || self
                .form(h)
                .right
                .clone()
                .into_iter()
                .any(|hr| self.le(hr, g)));
        self.less_or_equal.insert((g, h), answer);
        answer
    }

    /// -g: the players' options exchanged, at every level.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(&known) = self.negatives.get(&g) {
            return known;
        }
        let form = self.form(g).clone();
        let left: Vec<GameId> = form.right.iter().map(|&r| self.neg(r)).collect();
        let right: Vec<GameId> = form.left.iter().map(|&l| self.neg(l)).collect();
        let negative = self.game(&left, &right);
        self.negatives.insert(g, negative);
        negative
    }

    /// g + h: a move in either component.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sums.get(&key) {
            return known;
        }
        let (gf, hf) = (self.form(g).clone(), self.form(h).clone());
        let mut left = Vec::new();
        let mut right = Vec::new();
        for &gl in &gf.left {
            left.push(self.add(gl, h));
        }
        for &hl in &hf.left {
            left.push(self.add(g, hl));
        }
        for &gr in &gf.right {
            right.push(self.add(gr, h));
        }
        for &hr in &hf.right {
            right.push(self.add(g, hr));
        }
        let sum = self.game(&left, &right);
        self.sums.insert(key, sum);
        sum
    }

    /// g - h.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let negative = self.neg(h);
        self.add(g, negative)
    }

    /// The id of a canonical form, added to the table if new.
    fn intern(&mut self, form: Form) -> GameId {
        if let Some(&id) = self.ids.get(&form) {
            return id;
        }
        let id = GameId(u32::try_from(self.forms.len()).expect("fewer than 2^32 games"));
        self.forms.push(form.clone());
        self.ids.insert(form, id);
        id
    }

    /// Removes each Left option ≤ another, and each Right option ≥
    /// another (options are distinct canonical games, so no two are equal).
    fn remove_dominated(&mut self, form: &mut Form) {
        let left = form.left.clone();
        form.left
            .retain(|&a| !left.iter().any(|&b| b != a && self.le(a, b)));
        let right = form.right.clone();
        form.right
            .retain(|&a| !right.iter().any(|&b| b != a && self.le(b, a)));
    }

    /// Replaces one reversible option by the options it reverses to; says
    /// whether there was one. A Left option g^L is reversible through its
    /// Right option g^LR ≤ g, and is replaced by the Left options of g^LR;
    /// Right's the same way round.
    fn bypass_reversible(&mut self, form: &mut Form) -> bool {
        for i in 0..form.left.len() {
            let gl = form.left[i];
            for glr in self.form(gl).right.clone() {
                if self.id_le_form(glr, form) {
                    form.left.remove(i);
                    form.left.extend(self.form(glr).left.clone());
                    return true;
                }
            }
        }
        for i in 0..form.right.len() {
            let gr = form.right[i];
            for grl in self.form(gr).left.clone() {
                if self.form_le_id(form, grl) {
                    form.right.remove(i);
                    form.right.extend(self.form(grl).right.clone());
                    return true;
                }
            }
        }
        false
    }

    /// Whether x ≤ g, for g a form that is not yet in the table.
    fn id_le_form(&mut self, x: GameId, g: &Form) -> bool {
        !(self
            .form(x)
            .left
            .clone()
            .into_iter()
            .any(|xl| self.form_le_id(g, xl))
            || g.right.iter().any(|&gr| self.le(gr, x)))
    }

    /// Whether g ≤ x, for g a form that is not yet in the table.
    fn form_le_id(&mut self, g: &Form, x: GameId) -> bool {
        !(g.left.iter().any(|&gl| self.le(x, gl))
            || self
                .form(x)
                .right
                .clone()
                .into_iter()
                .any(|xr| self.id_le_form(xr, g)))
    }
}

/// Sorted, each option once.
fn tidy(options: &mut Vec<GameId>) {
    options.sort_unstable();
    options.dedup();
}

#[cfg(test)]
mod tests;
