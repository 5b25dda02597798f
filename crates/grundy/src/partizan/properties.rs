//! What a value is besides its canonical form (Siegel, *Combinatorial Game
//! Theory*, II.1-II.4):
//! - its **birthday**: 0 for 0, one more than its options' latest for any
//!   other canonical form; the integer n is born on day |n|, and a number
//!   m/2^k in lowest terms (k > 0) on day ⌊|m/2^k|⌋ + k + 1;
//! - its **stops** ([`Games::stops`]): where play ends, Left or Right
//!   moving first, when each player stops once the game is a number;
//! - the numbers it is **confused with** (fuzzy with, G || x): every x
//!   strictly between its Right and Left stops, and each stop itself
//!   where G is confused with it ([`Confusion`]);
//! - whether it is **infinitesimal** (-x < G < x for every positive
//!   number x), which for a short game holds exactly when both its stops
//!   are 0 (Siegel II.3);
//! - whether it is **all-small**: every subposition of its canonical form
//!   has moves for both players or for neither (Siegel II.4: a game equal
//!   to an all-small form has an all-small canonical form).
//!
//! ```
//! use grundy::partizan::Games;
//!
//! let mut games = Games::new();
//! let up = games.read("^", 1).unwrap();
//! assert_eq!(games.birthday(up), 2);
//! assert!(games.is_infinitesimal(up) && games.is_all_small(up));
//! // ↑ is above 0 and below every positive number: confused with none.
//! assert_eq!(games.confusion(up), None);
//! ```

use hashbrown::HashMap;

use crate::error::Error;

use super::{Dyadic, GameId, Games, Node, Nus, MAX_HEIGHT};

/// The numbers a game that is not a number is confused with: those
/// strictly between `low` (its Right stop) and `high` (its Left stop),
/// and each end where it is included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Confusion {
    /// The Right stop.
    pub low: Dyadic,
    /// Whether the game is confused with `low` itself.
    pub low_included: bool,
    /// The Left stop.
    pub high: Dyadic,
    /// Whether the game is confused with `high` itself.
    pub high_included: bool,
}

impl Games {
    /// The birthday of g (see the module's documentation).
    pub fn birthday(&self, g: GameId) -> u128 {
        let mut birthdays: HashMap<GameId, u128> = HashMap::new();
        for h in self.subpositions(g) {
            let birthday = match &self.nodes[h.0 as usize] {
                &Node::Number(x) => number_birthday(x),
                // Each level above x's form one day more (`nus.rs`).
                Node::Nus(v) => number_birthday(v.x).saturating_add(u128::from(v.height())),
                Node::Other(form) => {
                    let options = form.options.iter();
                    1 + options.map(|o| birthdays[o]).max().unwrap_or(0)
                }
            };
            birthdays.insert(h, birthday);
        }
        birthdays[&g]
    }

    /// Whether g is infinitesimal: both its stops are 0.
    pub fn is_infinitesimal(&self, g: GameId) -> bool {
        self.stops(g) == (Dyadic::ZERO, Dyadic::ZERO)
    }

    /// Whether g is all-small: every subposition of its canonical form
    /// is 0 or has moves for both players. A canonical form that is not a
    /// number has moves for both; among numbers only 0 is all-small, and
    /// x + n·↑ + *m is all-small exactly when x = 0 (its subpositions are
    /// x and values of the same kind over x).
    pub fn is_all_small(&self, g: GameId) -> bool {
        self.subpositions(g)
            .iter()
            .all(|&h| self.nus_value(h).is_none_or(|v| v.x == Dyadic::ZERO))
    }

    /// The numbers g is confused with; `None` where there are none: g is
    /// a number, or its stops are one number that g is above or below (↑
    /// is above 0 and below every positive number).
    pub fn confusion(&mut self, g: GameId) -> Option<Confusion> {
        if self.number_value(g).is_some() {
            return None;
        }
        let (high, low) = self.stops(g);
        let confused_with = |games: &mut Games, x: Dyadic| {
            let x = games.number(x);
            !games.le(g, x) && !games.le(x, g)
        };
        let low_included = confused_with(self, low);
        let high_included = confused_with(self, high);
        if low == high && !low_included {
            return None;
        }
        Some(Confusion {
            low,
            low_included,
            high,
            high_included,
        })
    }

    /// How long g lasts played out in canonical form with Left (`left`) or
    /// Right to move, the winner hurrying and the loser delaying: 0 where
    /// the mover has no option, else one more than the fastest option
    /// that wins (the opponent to move there loses), or where none wins
    /// the slowest option. Who wins where is the table's outcome. This
    /// counts the moves of the simplest game equal to g, not of a board
    /// that has the value (its dominated and reversible moves can make its
    /// play longer): play uses it to order moves of equal standing.
    ///
    /// ```
    /// use grundy::partizan::Games;
    ///
    /// let mut games = Games::new();
    /// // ↑ = {0|*}: Right to move can only go to *, where Left moves to 0
    /// // and Right, to move, has no move: two moves.
    /// let up = games.read("^", 1).unwrap();
    /// assert_eq!(games.remoteness(up, false), 2);
    /// // Left to move wins at once: 0 is lost for Right to move.
    /// assert_eq!(games.remoteness(up, true), 1);
    /// // 3/4 = {1/2|1}: Right to 1, Left to 0, Right has no move.
    /// let three_quarters = games.read("3/4", 1).unwrap();
    /// assert_eq!(games.remoteness(three_quarters, false), 2);
    /// ```
    pub fn remoteness(&mut self, g: GameId, left: bool) -> u32 {
        let mut known: HashMap<(GameId, bool), u32> = HashMap::new();
        let mut parts = HashMap::new();
        for h in self.subpositions(g) {
            if let Node::Nus(ref v) = self.nodes[h.0 as usize] {
                let v = **v;
                if v.height() > u64::from(MAX_HEIGHT) {
                    self.stop(Error::Limit(format!(
                        "a value has more than {MAX_HEIGHT} levels of options, the most that \
                         are played out"
                    )));
                    return 0;
                }
                for mover in [true, false] {
                    known.insert((h, mover), nus_remoteness(v, mover, &mut parts));
                }
                continue;
            }
            let Node::Other(form) = &self.nodes[h.0 as usize] else {
                continue;
            };
            let form = form.clone();
            for mover in [true, false] {
                let options = if mover { form.left() } else { form.right() };
                let played = options.iter().map(|&o| {
                    let r = match self.number_value(o) {
                        Some(x) => number_remoteness(x, !mover),
                        None => known[&(o, !mover)],
                    };
                    (r, !self.outcome(o).first_player_wins(!mover))
                });
                let r = played_out(played.collect());
                known.insert((h, mover), r);
            }
        }
        match self.number_value(g) {
            Some(x) => number_remoteness(x, left),
            None => known[&(g, left)],
        }
    }

    /// g and every game below it in canonical form (the forms of games
    /// held by their values, numbers and x + n·↑ + *m, not opened), each
    /// once, options before the games they are options of:
    /// a game enters the table after its options, so ids are in that
    /// order.
    fn subpositions(&self, g: GameId) -> Vec<GameId> {
        let mut seen = hashbrown::HashSet::new();
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            if !seen.insert(h) {
                continue;
            }
            if let Node::Other(form) = &self.nodes[h.0 as usize] {
                stack.extend(form.options.iter());
            }
        }
        let mut found: Vec<GameId> = seen.into_iter().collect();
        found.sort_unstable();
        found
    }
}

/// How long x + n·↑ + *m lasts played out in canonical form with Left
/// (`mover`) or Right to move, as [`Games::remoteness`] counts, through
/// its options (`nus.rs`), as deep as its height.
fn nus_remoteness(v: Nus, mover: bool, known: &mut HashMap<(Nus, bool), u32>) -> u32 {
    if v.is_number() {
        return number_remoteness(v.x, mover);
    }
    if let Some(&r) = known.get(&(v, mover)) {
        return r;
    }
    let (left, right) = v.options();
    let played = (if mover { left } else { right }).into_iter().map(|o| {
        // The opponent, to move in o, loses: o ≥ 0 for Left's move (Right
        // cannot win there moving first), o ≤ 0 for Right's.
        let lost_for_opponent = match mover {
            true => o.is_nonnegative(),
            false => (-o).is_nonnegative(),
        };
        (nus_remoteness(o, !mover, known), lost_for_opponent)
    });
    let r = played_out(played.collect());
    known.insert((v, mover), r);
    r
}

/// How long a game lasts from the mover's options, each given by how long
/// it lasts and whether the mover wins by it: one more than the fastest
/// win, else than the slowest option; 0 without options.
fn played_out(options: Vec<(u32, bool)>) -> u32 {
    let fastest = options
        .iter()
        .filter(|&&(_, wins)| wins)
        .map(|&(r, _)| r)
        .min();
    let slowest = options.iter().map(|&(r, _)| r).max();
    match (fastest, slowest) {
        (Some(fastest), _) => fastest + 1,
        (None, Some(slowest)) => slowest + 1,
        (None, None) => 0,
    }
}

/// How long the number x lasts played out in canonical form with Left
/// (`left`) or Right to move: each player has at most one option
/// ({x - 1/2^k | x + 1/2^k}, {n - 1 |} for an integer n > 0, {| n + 1}
/// for n < 0), and from an integer the other player has none.
fn number_remoteness(mut x: Dyadic, mut left: bool) -> u32 {
    let mut moves = 0;
    loop {
        if x.is_integer() {
            let n = x.numerator();
            let moves_once = if left { n > 0 } else { n < 0 };
            return moves + u32::from(moves_once);
        }
        let step = Dyadic::unit(x.exponent());
        x = if left { x - step } else { x + step };
        left = !left;
        moves += 1;
    }
}

/// The birthday of the number x: |x| for an integer, ⌊|x|⌋ + k + 1 for
/// m/2^k in lowest terms with k > 0 ({x - 1/2^k | x + 1/2^k}, one of
/// which is born on day ⌊|x|⌋ + k).
fn number_birthday(x: Dyadic) -> u128 {
    let whole = x.numerator().unsigned_abs() >> x.exponent();
    match x.exponent() {
        0 => whole,
        k => whole + u128::from(k) + 1,
    }
}
