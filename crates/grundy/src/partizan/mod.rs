//! Values of short partizan games (combinatorial game theory): every game
//! is kept in canonical form, once, in a table of games shared by a run
//! ([`Games`]), so that two games are equal exactly when their ids are.
//! Sums, negatives and comparisons follow the recursive definitions
//! (Siegel, *Combinatorial Game Theory*, II.1-II.3), memoised by ids.
//!
//! This layer knows games only as options of Left and Right: nothing of
//! families, positions, expressions or the command line.
//!
//! ```
//! use grundy::partizan::{Games, OutcomeClass};
//!
//! // Values of short games in CGSuite's notation (Winning Ways, ch. 1-2).
//! let mut games = Games::new();
//! let mut value = |text: &str| {
//!     let g = games.read(text, 1).unwrap();
//!     (games.write(g).unwrap(), games.outcome(g))
//! };
//! // {|} = 0, {0|} = 1, {1|} = 2: the simplest number between the options.
//! assert_eq!(value("{|}"), ("0".to_string(), OutcomeClass::P));
//! assert_eq!(value("{0|}"), ("1".to_string(), OutcomeClass::L));
//! assert_eq!(value("{1|}"), ("2".to_string(), OutcomeClass::L));
//! assert_eq!(value("{0|1}").0, "1/2");
//! // {0|0} is star, fuzzy with 0: the first player wins.
//! assert_eq!(value("{0|0}"), ("*".to_string(), OutcomeClass::N));
//! // 1/2 + 1/2 = 1.
//! let half = games.read("1/2", 1).unwrap();
//! let sum = games.add(half, half);
//! assert_eq!(games.write(sum).unwrap(), "1");
//! ```

use hashbrown::hash_table::HashTable;
use hashbrown::{DefaultHashBuilder, HashMap};
use std::cmp::Ordering;
use std::hash::BuildHasher;

use crate::error::{Error, Result};
use crate::interrupt::Interrupt;
use crate::memory;
use crate::sharded::{spread, Sharded};
use chunked::Chunked;
use comparisons::Comparisons;

pub use dyadic::Dyadic;
pub use nus::Nus;
pub use properties::Confusion;
pub use search::{Given, Part, ShortGame, Valuer};
pub use text::{read_into, write_braced, Build, MAX_WRITTEN};
pub use thermograph::{Thermograph, Trajectory};

mod chunked;
mod comparisons;
mod cooling;
mod dyadic;
mod infinitesimal;
mod nus;
mod products;
mod properties;
mod search;
mod text;
mod thermograph;

/// The most levels of options a game of the table may have above the
/// numbers (its height: a number's is 0, any other game's one more than
/// its highest option's). Sums, negatives, comparisons, thermographs and
/// the writing of a game recurse through its options, as deep as the
/// heights of the games they are given: this bounds their stack (about
/// 512 ups, or braces nested 512 deep).
pub const MAX_HEIGHT: u32 = 512;

/// A game in canonical form, in a [`Games`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

/// A game written by its options, which are canonical games.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    /// Left's options, canonical games of the same table.
    pub left: Vec<GameId>,
    /// Right's options.
    pub right: Vec<GameId>,
}

/// Who wins a game: `L`eft or `R`ight whoever starts, the `N`ext player
/// (whoever starts), or the `P`revious player (whoever starts loses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// Left wins, whoever starts (G > 0).
    L,
    /// Right wins, whoever starts (G < 0).
    R,
    /// The first player wins (G is fuzzy with 0, G || 0).
    N,
    /// The second player wins: whoever starts loses (G = 0).
    P,
}

impl OutcomeClass {
    /// Whether the player who moves first wins: Left in L and N, Right in
    /// R and N (a P-position is lost by whoever starts).
    pub fn first_player_wins(self, left: bool) -> bool {
        matches!(
            (self, left),
            (OutcomeClass::N, _) | (OutcomeClass::L, true) | (OutcomeClass::R, false)
        )
    }

    /// The class's letter: `L`, `R`, `N` or `P`.
    pub fn letter(self) -> char {
        match self {
            OutcomeClass::L => 'L',
            OutcomeClass::R => 'R',
            OutcomeClass::N => 'N',
            OutcomeClass::P => 'P',
        }
    }

    /// What the letter means.
    pub fn explanation(self) -> &'static str {
        match self {
            OutcomeClass::L => "Left wins whoever starts",
            OutcomeClass::R => "Right wins whoever starts",
            OutcomeClass::N => "whoever starts wins",
            OutcomeClass::P => "whoever starts loses",
        }
    }
}

/// A canonical game as the table keeps it: a number by its value (its
/// form, {x - 1/2^k | x + 1/2^k} or {x - 1|}, is written out only when
/// asked, so 1000 does not need 999 below it); a number with ups and a
/// nimber by its parts (`nus.rs`: its form is written out only when asked,
/// so *1000000 needs nothing below it); anything else by its form.
///
/// Every value of the second kind is held as one: a canonical form built
/// from options that is one of those forms is read back to its parts
/// (`Nus::of_options`), so that two games stay equal exactly when their
/// ids are.
///
/// A node takes 48 bytes (a number's i128 sets the size; a value by its
/// parts is boxed, being larger and rare), and a form one allocation.
#[derive(Clone, Debug)]
enum Node {
    Number(Dyadic),
    Nus(Box<Nus>),
    Other(Packed),
}

/// A form as the table holds it: Left's options, then Right's, in one
/// allocation (a `Form`'s two vectors took two, and 48 bytes beside).
#[derive(Clone, Debug)]
struct Packed {
    options: Box<[GameId]>,
    left: u32,
}

impl Packed {
    fn new(form: &Form) -> Packed {
        Packed {
            options: form.left.iter().chain(&form.right).copied().collect(),
            left: u32::try_from(form.left.len()).expect("fewer than 2^32 options"),
        }
    }

    fn left(&self) -> &[GameId] {
        &self.options[..self.left as usize]
    }

    fn right(&self) -> &[GameId] {
        &self.options[self.left as usize..]
    }

    fn is(&self, form: &Form) -> bool {
        self.left() == form.left.as_slice() && self.right() == form.right.as_slice()
    }
}

/// What [`Games::le`] reads first of a game, kept together so that most
/// comparisons read one small record of each game: its kind and its
/// stops as the nearest floats (a float below another is of a stop below
/// the other; equal floats are equal stops where both are exact).
#[derive(Clone, Copy, Debug)]
struct Rough {
    left: f64,
    right: f64,
    exact: bool,
    kind: Kind,
}

/// The options of g among `nodes`, Left's and Right's, a game of neither
/// kind held by its value (those have none stored; theirs read as {|}).
fn sides(nodes: &Chunked<Node>, g: GameId) -> (&[GameId], &[GameId]) {
    match &nodes[g.0 as usize] {
        Node::Other(form) => (form.left(), form.right()),
        Node::Number(_) | Node::Nus(_) => (&[], &[]),
    }
}

/// Which [`Node`] a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Number,
    Nus,
    Other,
}

/// The remembered answers of comparisons take at most the budget divided
/// by this; beyond, they are forgotten and asked again (`comparisons.rs`).
const ANSWERS_SHARE: u64 = 4;

/// The canonical games met so far, each once, and what was computed of them.
///
/// The table holds no more than its memory budget and no game higher than
/// [`MAX_HEIGHT`]. The operations that would pass either (they cannot
/// refuse, being recursive and answering games or truths) record the limit
/// instead, and from then on every operation answers at once, with a
/// meaningless game: [`Games::check`] gives the limit, and whoever gets it
/// drops the table. Each method that returns a `Result` checks for itself.
pub struct Games {
    /// Each game, by id.
    nodes: Chunked<Node>,
    /// Each game's height (see [`MAX_HEIGHT`]), by id.
    heights: Chunked<u32>,
    /// The Left and Right stops of the games whose stops `rough` does not
    /// hold exactly as floats (almost none; [`Games::stops`] reads the
    /// others from there, which saves 64 bytes a game).
    inexact_stops: HashMap<GameId, (Dyadic, Dyadic)>,
    /// Each game's kind and stops as floats, by id. The stops are where
    /// play ends, as a number, when Left or Right starts and each moves
    /// while moving is worth more than the number reached (Siegel, II.3):
    /// cheap bounds on comparisons (G ≤ H needs both stops of G at most
    /// those of H, and holds when G's Left stop is below H's Right stop).
    rough: Chunked<Rough>,
    /// The games not held by their value, found by their form, which
    /// only `nodes` holds: each id beside its form's hash (see
    /// [`Games::form_hash`]), read without reading the form.
    forms: HashTable<(GameId, u32)>,
    hasher: DefaultHashBuilder,
    numbers: HashMap<Dyadic, GameId>,
    /// g ≤ h, for g and h not numbers (a number is compared without search).
    less_or_equal: Comparisons,
    /// The sums asked for, in shards: a table of millions grown at once
    /// would keep Ctrl-C waiting.
    sums: Sharded<(GameId, GameId), GameId>,
    /// Each game's negative, by id, where it was asked for (else
    /// [`UNKNOWN`]): asked for every negated part of every option a search
    /// values, so read by index, not hashed.
    negatives: Chunked<GameId>,
    thermographs: HashMap<GameId, Thermograph>,
    /// The values x + n·↑ + *m held by their parts (not numbers).
    nuses: HashMap<Nus, GameId>,
    /// The options of a form being built with their stops, sorted: kept
    /// from one form to the next (see [`Games::keep_best`]).
    by_stops: Vec<((Dyadic, Dyadic), GameId)>,
    /// What the forms' options and the values held by their parts take
    /// on the heap.
    heap_bytes: u64,
    /// The most the table may take, in bytes.
    budget: u64,
    /// The limit the table met, after which it computes nothing.
    exceeded: Option<Error>,
    /// The flag that stops the table's work from another thread, as a
    /// limit met (see [`Games::interrupt_on`]).
    interrupt: Option<Interrupt>,
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

impl Games {
    /// A table holding 0 = { | }, within the process's memory budget
    /// ([`memory::budget`]).
    pub fn new() -> Games {
        Games::with_budget(memory::budget())
    }

    /// A table holding 0 = { | } that takes at most `budget` bytes.
    pub fn with_budget(budget: u64) -> Games {
        let mut games = Games {
            nodes: Chunked::new(),
            heights: Chunked::new(),
            inexact_stops: HashMap::new(),
            rough: Chunked::new(),
            forms: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            numbers: HashMap::new(),
            less_or_equal: Comparisons::within(budget / ANSWERS_SHARE),
            sums: Sharded::new(),
            negatives: Chunked::new(),
            thermographs: HashMap::new(),
            nuses: HashMap::new(),
            by_stops: Vec::new(),
            heap_bytes: 0,
            budget,
            exceeded: None,
            interrupt: None,
        };
        games.number(Dyadic::ZERO);
        games
    }

    /// 0, the game with no move for either player.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// How many distinct games the table holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// A table whose remembered comparisons take at most `bytes`, for
    /// tests of their forgetting.
    #[cfg(test)]
    pub(crate) fn with_answers_within(bytes: u64) -> Games {
        let mut games = Games::new();
        games.less_or_equal = Comparisons::within(bytes);
        games
    }

    /// How many times the table forgot its remembered comparisons, having
    /// filled their share of the budget.
    #[cfg(test)]
    pub(crate) fn answers_forgotten(&self) -> u64 {
        self.less_or_equal.cleared
    }

    /// Whether the table holds no game (never after [`Games::new`], which
    /// puts 0 in it).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// What the table takes at most, for the memory budget (`memory.rs`).
    pub fn bytes(&self) -> u64 {
        let hashed = |count: usize, bytes: usize| memory::hashed(count as u64, bytes as u64);
        self.nodes.bytes()
            + self.heights.bytes()
            + hashed(
                self.inexact_stops.len(),
                size_of::<(GameId, (Dyadic, Dyadic))>(),
            )
            + self.rough.bytes()
            + self.negatives.bytes()
            + hashed(self.forms.len(), size_of::<(GameId, u32)>())
            + self.heap_bytes
            + hashed(self.numbers.len(), size_of::<(Dyadic, GameId)>())
            + self.less_or_equal.bytes()
            + self.sums.bytes()
            + hashed(
                self.thermographs.len(),
                size_of::<(GameId, Thermograph)>() + 256,
            )
            + hashed(self.nuses.len(), size_of::<(Nus, GameId)>())
    }

    /// The limit the table met, if it met one: its games and answers are
    /// then meaningless.
    pub fn check(&self) -> Result<()> {
        match &self.exceeded {
            Some(error) => Err(error.clone()),
            None => Ok(()),
        }
    }

    /// Forgets what was remembered only to answer again quickly (the
    /// comparisons, the sums and the thermographs), keeping every game
    /// and its id: a search that must let memory go and holds ids asks the
    /// same questions again, and gets the same answers, computed anew.
    pub fn forget_answers(&mut self) {
        self.less_or_equal.forget();
        self.sums = Sharded::new();
        self.thermographs = HashMap::new();
    }

    /// Whether the table met a limit, and so answers at once.
    fn stopped(&self) -> bool {
        self.exceeded.is_some()
    }

    /// Records the limit met, unless one was already.
    fn stop(&mut self, error: Error) {
        self.exceeded.get_or_insert(error);
    }

    /// Stops the table's work when `interrupt` is set: from then on it
    /// answers as after a limit, with the error "interrupted". The table
    /// looks at each new game, sum and comparison, so that every operation
    /// (sums, cooling, atomic weights, products) stops within moments.
    pub fn interrupt_on(&mut self, interrupt: Option<Interrupt>) {
        self.interrupt = interrupt;
    }

    /// The interrupt the table stops on, to share with another table
    /// working for the same question.
    pub fn interrupt(&self) -> Option<Interrupt> {
        self.interrupt.clone()
    }

    /// Whether the table is within its budget and not interrupted; if not,
    /// it stops.
    fn within_budget(&mut self) -> bool {
        if self.interrupt.as_ref().is_some_and(Interrupt::is_set) {
            self.stop(Error::Limit(format!(
                "interrupted while computing values ({} distinct games so far)",
                self.len()
            )));
        } else if self.bytes() > self.budget {
            let message = format!(
                "the values need more than {}, the memory budget ({} distinct games)",
                memory::Size(self.budget),
                self.len()
            );
            self.stop(Error::Limit(message));
        }
        !self.stopped()
    }

    /// The height of g (see [`MAX_HEIGHT`]).
    pub fn height(&self, g: GameId) -> u32 {
        self.heights[g.0 as usize]
    }

    /// g of another table, in this one; an error if `from` met a limit or
    /// this table meets one.
    pub fn import(&mut self, from: &mut Games, g: GameId) -> Result<GameId> {
        from.check()?;
        let mut done = HashMap::new();
        let here = self.import_memo(from, g, &mut done);
        self.check()?;
        Ok(here)
    }

    fn import_memo(
        &mut self,
        from: &mut Games,
        g: GameId,
        done: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&known) = done.get(&g) {
            return known;
        }
        let here = if let Some(v) = from.nus_value(g) {
            self.nus(v)
        } else {
            let form = from.form(g);
            let left: Vec<GameId> = form
                .left
                .iter()
                .map(|&l| self.import_memo(from, l, done))
                .collect();
            let right: Vec<GameId> = form
                .right
                .iter()
                .map(|&r| self.import_memo(from, r, done))
                .collect();
            self.game(&left, &right)
        };
        done.insert(g, here);
        here
    }

    /// The number x.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        if let Some(&id) = self.numbers.get(&x) {
            return id;
        }
        let id = self.push(Node::Number(x), (x, x), 0);
        self.numbers.insert(x, id);
        id
    }

    /// The value of g if g is a number.
    pub fn number_value(&self, g: GameId) -> Option<Dyadic> {
        if self.rough[g.0 as usize].kind != Kind::Number {
            return None;
        }
        match self.nodes[g.0 as usize] {
            Node::Number(x) => Some(x),
            _ => None,
        }
    }

    /// x + n·↑ + *m, a number if n = m = 0 (`nus.rs`); within the budget,
    /// else the table stops.
    pub fn nus(&mut self, v: Nus) -> GameId {
        if v.is_number() {
            return self.number(v.x);
        }
        if let Some(&id) = self.nuses.get(&v) {
            return id;
        }
        if !self.within_budget() {
            return self.zero();
        }
        let height = u32::try_from(v.height()).unwrap_or(u32::MAX);
        self.heap_bytes += memory::allocation(size_of::<Nus>() as u64);
        let id = self.push(Node::Nus(Box::new(v)), (v.x, v.x), height);
        self.nuses.insert(v, id);
        id
    }

    /// g as x + n·↑ + *m, where it is one (every number is).
    pub fn nus_value(&self, g: GameId) -> Option<Nus> {
        // The kind from the small record `le` reads too, where most games
        // a search meets are of neither kind.
        if self.rough[g.0 as usize].kind == Kind::Other {
            return None;
        }
        match self.nodes[g.0 as usize] {
            Node::Number(x) => Some(Nus::number(x)),
            Node::Nus(ref v) => Some(**v),
            Node::Other(_) => None,
        }
    }

    /// The canonical form of g, written out whatever its height, where it
    /// has at most `most` options (x + *m has 2m); `None` where it has more.
    /// For a listing of moves: an operation on the options asks [`form`].
    ///
    /// [`form`]: Games::form
    pub fn listed_form(&mut self, g: GameId, most: u64) -> Option<Form> {
        let Node::Nus(ref v) = self.nodes[g.0 as usize] else {
            return Some(self.form(g));
        };
        let v = **v;
        (v.option_count() <= most).then(|| self.nus_form(v))
    }

    /// The canonical form of x + n·↑ + *m, its options by their parts.
    fn nus_form(&mut self, v: Nus) -> Form {
        let (left, right) = v.options();
        Form {
            left: left.into_iter().map(|o| self.nus(o)).collect(),
            right: right.into_iter().map(|o| self.nus(o)).collect(),
        }
    }

    /// The canonical form of g: its Left and Right options. The form of a
    /// value held by its parts higher than [`MAX_HEIGHT`] is not written
    /// out: the table stops, and this answers {|}.
    pub fn form(&mut self, g: GameId) -> Form {
        match &self.nodes[g.0 as usize] {
            Node::Other(form) => Form {
                left: form.left().to_vec(),
                right: form.right().to_vec(),
            },
            Node::Nus(v) => {
                let v = **v;
                if self.height(g) > MAX_HEIGHT {
                    self.stop(Error::Limit(format!(
                        "a value has more than {MAX_HEIGHT} levels of options, the most that are \
                         computed (its form is needed beside a game of another kind)"
                    )));
                    return Form {
                        left: Vec::new(),
                        right: Vec::new(),
                    };
                }
                self.nus_form(v)
            }
            &Node::Number(x) => {
                let (left, right) = if x.is_integer() {
                    let n = x.numerator();
                    match n.signum() {
                        1 => (vec![Dyadic::integer(n - 1)], vec![]),
                        -1 => (vec![], vec![Dyadic::integer(n + 1)]),
                        _ => (vec![], vec![]),
                    }
                } else {
                    let step = Dyadic::unit(x.exponent());
                    (vec![x - step], vec![x + step])
                };
                Form {
                    left: left.into_iter().map(|y| self.number(y)).collect(),
                    right: right.into_iter().map(|y| self.number(y)).collect(),
                }
            }
        }
    }

    /// The game { left | right }, in canonical form: dominated options
    /// removed and reversible ones bypassed.
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        if self.stopped() {
            return self.zero();
        }
        let mut form = Form {
            left: left.to_vec(),
            right: right.to_vec(),
        };
        tidy(&mut form.left);
        tidy(&mut form.right);
        // A form the table holds is canonical already.
        if let Some(id) = self.held(&form) {
            return id;
        }
        // {*S | *S} for a set S of nimbers is *mex(S) (Sprague-Grundy).
        if form.left == form.right {
            let values: Option<Vec<u64>> =
                form.left.iter().map(|&o| self.nimber_value(o)).collect();
            if let Some(mut values) = values {
                values.sort_unstable();
                values.dedup();
                let mex = values.iter().zip(0..).find(|&(&v, k)| v != k);
                return self.nimber(mex.map_or(values.len() as u64, |(_, k)| k));
            }
        }
        // Comparisons with the game being built, which is in no table yet,
        // remembered while it is built (every step keeps its value):
        // without them a game of many paths (*30) would be walked once a
        // path.
        let mut memo = FormMemo::default();
        loop {
            if self.stopped() {
                return self.zero();
            }
            tidy(&mut form.left);
            tidy(&mut form.right);
            if let Some(id) = self.of_numbers(&form) {
                return id;
            }
            self.remove_dominated(&mut form);
            if !self.bypass_reversible(&mut form, &mut memo) {
                break;
            }
        }
        // Removing dominated options may have left only numbers.
        self.of_numbers(&form).unwrap_or_else(|| self.intern(form))
    }

    /// Whether g is a number, a game whose options are all numbers.
    fn of_numbers(&mut self, form: &Form) -> Option<GameId> {
        let values = |side: &[GameId]| -> Option<Vec<Dyadic>> {
            side.iter().map(|&g| self.number_value(g)).collect()
        };
        let left = values(&form.left)?.into_iter().max();
        let right = values(&form.right)?.into_iter().min();
        Some(match (left, right) {
            // {a | b} with a ≥ b is canonical: a switch, or a* when a = b.
            (Some(a), Some(b)) if a >= b => {
                let (a, b) = (self.number(a), self.number(b));
                self.intern(Form {
                    left: vec![a],
                    right: vec![b],
                })
            }
            _ => self.number(Dyadic::simplest_between(left, right)),
        })
    }

    /// Whether g ≤ h: Left, moving second in h - g, wins.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if self.stopped() {
            return false;
        }
        let (a, b) = (self.rough[g.0 as usize], self.rough[h.0 as usize]);
        match (a.kind, b.kind) {
            (Kind::Other, Kind::Other) => {}
            (Kind::Other, Kind::Number) => {
                // Number avoidance (Siegel, II.4.2): against a game that is
                // not a number, a number is never the component to move in,
                // so g ≤ y unless some g^L ≥ y, and x ≤ h unless some h^R ≤ x.
                return !self.some_left(g, |games, gl| games.le(h, gl));
            }
            (Kind::Number, Kind::Other) => {
                return !self.some_right(h, |games, hr| games.le(hr, g));
            }
            (Kind::Number | Kind::Nus, Kind::Number | Kind::Nus) => {
                let (Some(x), Some(y)) = (self.nus_value(g), self.nus_value(h)) else {
                    unreachable!("numbers and ups are held by their parts")
                };
                return match x.le(y) {
                    Some(answer) => answer,
                    None => {
                        self.stop(too_many_ups());
                        false
                    }
                };
            }
            (Kind::Nus, Kind::Other) | (Kind::Other, Kind::Nus) => {}
        }
        let exact = a.exact && b.exact;
        if self.stop_order(a.left, b.right, exact, || {
            (self.stops(g).0, self.stops(h).1)
        }) == Ordering::Less
        {
            return true;
        }
        if self.stop_order(a.left, b.left, exact, || (self.stops(g).0, self.stops(h).0))
            == Ordering::Greater
            || self.stop_order(a.right, b.right, exact, || {
                (self.stops(g).1, self.stops(h).1)
            }) == Ordering::Greater
        {
            return false;
        }
        if let Some(known) = self.less_or_equal.get(g, h) {
            return known;
        }
        // g ≤ h unless some g^L ≥ h or some h^R ≤ g (the comparisons
        // remembered of these asked for at once first).
        for &gl in self.sides(g).0 {
            self.less_or_equal.prefetch(h, gl);
        }
        for &hr in self.sides(h).1 {
            self.less_or_equal.prefetch(hr, g);
        }
        let answer = !(self.some_left(g, |games, gl| games.le(h, gl))
            || self.some_right(h, |games, hr| games.le(hr, g)));
        self.less_or_equal.insert(g, h, answer);
        self.within_budget();
        answer
    }

    /// How a stop compares with another, from their floats `x` and `y`
    /// where they tell, else from the stops themselves (`stops`).
    fn stop_order(
        &self,
        x: f64,
        y: f64,
        exact: bool,
        stops: impl FnOnce() -> (Dyadic, Dyadic),
    ) -> Ordering {
        if x < y {
            Ordering::Less
        } else if x > y {
            Ordering::Greater
        } else if exact {
            Ordering::Equal
        } else {
            let (x, y) = stops();
            x.cmp(&y)
        }
    }

    /// Whether some Left option of g passes `test` (read in place where g
    /// is held by its form: no copy of the options).
    fn some_left(&mut self, g: GameId, test: impl FnMut(&mut Games, GameId) -> bool) -> bool {
        self.some_option(g, true, test)
    }

    /// Whether some Right option of g passes `test`.
    fn some_right(&mut self, g: GameId, test: impl FnMut(&mut Games, GameId) -> bool) -> bool {
        self.some_option(g, false, test)
    }

    /// Whether some option of g, Left's where `left`, passes `test`.
    fn some_option(
        &mut self,
        g: GameId,
        left: bool,
        mut test: impl FnMut(&mut Games, GameId) -> bool,
    ) -> bool {
        if !matches!(self.nodes[g.0 as usize], Node::Other(_)) {
            let form = self.form(g);
            let side = if left { form.left } else { form.right };
            return side.into_iter().any(|option| test(self, option));
        }
        let mut i = 0;
        loop {
            let (lefts, rights) = self.sides(g);
            let side = if left { lefts } else { rights };
            let Some(&option) = side.get(i) else {
                return false;
            };
            if test(self, option) {
                return true;
            }
            i += 1;
        }
    }

    /// The options of g, Left's and Right's, a game of neither kind held
    /// by its value (those have none stored; theirs read as {|} here,
    /// which no caller asks for).
    fn sides(&self, g: GameId) -> (&[GameId], &[GameId]) {
        sides(&self.nodes, g)
    }

    /// Who wins g.
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        let zero = self.zero();
        match (self.le(zero, g), self.le(g, zero)) {
            (true, true) => OutcomeClass::P,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::N,
        }
    }

    /// -g: the players' options exchanged, at every level.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if self.stopped() {
            return self.zero();
        }
        if let Some(v) = self.nus_value(g) {
            return self.nus(-v);
        }
        let known = self.negatives[g.0 as usize];
        if known != UNKNOWN {
            return known;
        }
        let form = self.form(g);
        let mut left: Vec<GameId> = form.right.iter().map(|&r| self.neg(r)).collect();
        let mut right: Vec<GameId> = form.left.iter().map(|&l| self.neg(l)).collect();
        // Negation keeps order, so the negative of a canonical form has no
        // dominated or reversible option either: it is held as it is,
        // without the comparisons of `game`.
        tidy(&mut left);
        tidy(&mut right);
        let negative = self.intern(Form { left, right });
        if !self.stopped() {
            // -(-g) = g.
            self.negatives[g.0 as usize] = negative;
            self.negatives[negative.0 as usize] = g;
        }
        negative
    }

    /// The sum of `values` (0 of none).
    pub fn sum(&mut self, values: impl IntoIterator<Item = GameId>) -> GameId {
        let zero = self.zero();
        values.into_iter().fold(zero, |sum, g| self.add(sum, g))
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
        if self.stopped() {
            return zero;
        }
        if let (Some(a), Some(b)) = (self.nus_value(g), self.nus_value(h)) {
            return match a.checked_add(b) {
                Some(sum) => self.nus(sum),
                None => {
                    self.stop(too_many_ups());
                    zero
                }
            };
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sums.get(&key) {
            return known;
        }
        let sum = match (self.number_value(g), self.number_value(h)) {
            (Some(x), Some(y)) => self.number(x + y),
            // Number translation (Siegel, II.4.3): G + x = {G^L + x | G^R + x}
            // for G not a number.
            (Some(_), None) => self.translate(h, g),
            (None, Some(_)) => self.translate(g, h),
            (None, None) => {
                let (gf, hf) = (self.form(g), self.form(h));
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
                self.game(&left, &right)
            }
        };
        self.sums.insert(key, sum);
        self.within_budget();
        sum
    }

    /// g + x, for g not a number and x a number.
    fn translate(&mut self, g: GameId, x: GameId) -> GameId {
        let form = self.form(g);
        let left: Vec<GameId> = form.left.iter().map(|&l| self.add(l, x)).collect();
        let right: Vec<GameId> = form.right.iter().map(|&r| self.add(r, x)).collect();
        self.game(&left, &right)
    }

    /// g - h.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let negative = self.neg(h);
        self.add(g, negative)
    }

    fn push(&mut self, node: Node, stops: (Dyadic, Dyadic), height: u32) -> GameId {
        let id = GameId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 games"));
        self.rough.push(Rough {
            left: stops.0.to_f64(),
            right: stops.1.to_f64(),
            exact: stops.0.is_exact_f64() && stops.1.is_exact_f64(),
            kind: match node {
                Node::Number(_) => Kind::Number,
                Node::Nus(_) => Kind::Nus,
                Node::Other(_) => Kind::Other,
            },
        });
        self.nodes.push(node);
        self.negatives.push(UNKNOWN);
        if !self.rough[id.0 as usize].exact {
            self.inexact_stops.insert(id, stops);
        }
        self.heights.push(height);
        id
    }

    /// The Left and Right stops of g.
    pub fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        let rough = self.rough[g.0 as usize];
        if rough.exact {
            let exact = Dyadic::from_exact_f64;
            (exact(rough.left), exact(rough.right))
        } else {
            self.inexact_stops[&g]
        }
    }

    /// Whether g and h have the same stops, read as floats where exact.
    fn same_stops(&self, g: GameId, h: GameId) -> bool {
        let (a, b) = (self.rough[g.0 as usize], self.rough[h.0 as usize]);
        if a.exact && b.exact {
            a.left == b.left && a.right == b.right
        } else {
            self.stops(g) == self.stops(h)
        }
    }

    /// The id of a canonical form that is not a number, added if new
    /// within the height limit and the budget (else the table stops); a
    /// form of x + n·↑ + *m is held by its parts.
    fn intern(&mut self, form: Form) -> GameId {
        let hash = self.form_hash(&form);
        if let Some(id) = self.held_at(hash, &form) {
            return id;
        }
        let parts = |games: &Games, side: &[GameId]| -> Vec<Option<Nus>> {
            side.iter().map(|&o| games.nus_value(o)).collect()
        };
        // Only a form whose options are all held by their value may be one
        // (most are not: their options are not listed).
        let by_value = |g: &GameId| self.rough[g.0 as usize].kind != Kind::Other;
        if form.left.iter().chain(&form.right).all(by_value) {
            if let Some(v) = Nus::of_options(&parts(self, &form.left), &parts(self, &form.right)) {
                return self.nus(v);
            }
        }
        let options = form.left.iter().chain(&form.right);
        let height = 1 + options.map(|&o| self.height(o)).max().unwrap_or(0);
        if height > MAX_HEIGHT {
            self.stop(Error::Limit(format!(
                "a value has more than {MAX_HEIGHT} levels of options, the most that are \
                 computed"
            )));
        }
        if !self.within_budget() {
            return self.zero();
        }
        self.heap_bytes += memory::allocation(4 * (form.left.len() + form.right.len()) as u64);
        // A game that is not a number has options on both sides.
        let left_stop = form.left.iter().map(|&l| self.stops(l).1).max();
        let right_stop = form.right.iter().map(|&r| self.stops(r).0).min();
        let stops = (
            left_stop.unwrap_or(Dyadic::ZERO),
            right_stop.unwrap_or(Dyadic::ZERO),
        );
        let id = self.push(Node::Other(Packed::new(&form)), stops, height);
        self.forms
            .insert_unique(spread(hash), (id, hash), |&(_, held)| spread(held));
        id
    }

    /// The id of `form` where the table holds it.
    fn held(&self, form: &Form) -> Option<GameId> {
        self.held_at(self.form_hash(form), form)
    }

    /// A form's hash, 32 bits of it: kept beside its id, it spares a
    /// lookup the forms of other games (one more read from memory each,
    /// measured 9% of the time of Domineering's 6 x 6 board) and the table
    /// the reading of every form as it grows.
    fn form_hash(&self, form: &Form) -> u32 {
        self.hasher.hash_one(form) as u32
    }

    /// The id of `form`, whose hash is `hash`, where the table holds it.
    fn held_at(&self, hash: u32, form: &Form) -> Option<GameId> {
        let nodes = &self.nodes;
        self.forms
            .find(spread(hash), |&(id, held)| {
                held == hash
                    && matches!(&nodes[id.0 as usize], Node::Other(packed) if packed.is(form))
            })
            .map(|&(id, _)| id)
    }

    /// n when g is the nimber *n (0 is *0).
    pub fn nimber_value(&self, g: GameId) -> Option<u64> {
        self.nus_value(g)
            .filter(|v| v.x == Dyadic::ZERO && v.ups == 0)
            .map(|v| v.nimber)
    }

    /// *n = {0, *, .., *(n-1) | the same}, held by its value.
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.nus(Nus {
            x: Dyadic::ZERO,
            ups: 0,
            nimber: n,
        })
    }

    /// n·↑ (downs where n < 0), held by its value.
    pub fn ups(&mut self, n: i64) -> GameId {
        self.nus(Nus {
            x: Dyadic::ZERO,
            ups: n,
            nimber: 0,
        })
    }

    /// Removes each Left option ≤ another, and each Right option ≥
    /// another (options are distinct canonical games, so no two are equal).
    fn remove_dominated(&mut self, form: &mut Form) {
        self.keep_best(&mut form.left, true);
        self.keep_best(&mut form.right, false);
        tidy(&mut form.left);
        tidy(&mut form.right);
    }

    /// Keeps the options no other option of the same player is better
    /// than: for Left, those ≤ no other; for Right, those ≥ no other.
    ///
    /// Each option is compared with the ones kept so far only, taken from
    /// the best stops down. An option better than another has stops at
    /// least the other's, both of them (Siegel, II.3), so it comes first
    /// or has the same stops; every option met is no better than some one
    /// kept, so an option worse than one met is worse than one kept. Only
    /// an option whose stops equal a kept one's may beat it, and it is
    /// compared both ways.
    fn keep_best(&mut self, options: &mut Vec<GameId>, left: bool) {
        if options.len() < 2 {
            return;
        }
        // Best first: for Left the highest stops, for Right the lowest.
        // Each option's stops are read once (a sort compares an option
        // with many), into a vector the table keeps for this.
        let mut by_stops = std::mem::take(&mut self.by_stops);
        by_stops.extend(options.iter().map(|&a| (self.stops(a), a)));
        by_stops.sort_unstable_by(|(x, a), (y, b)| {
            let order = if left { y.cmp(x) } else { x.cmp(y) };
            order.then(a.cmp(b))
        });
        options.clear();
        options.extend(by_stops.drain(..).map(|(_, a)| a));
        self.by_stops = by_stops;
        // `worse(a, b)`: a is a worse option than b for its player.
        let worse = |games: &mut Games, a: GameId, b: GameId| {
            if left {
                games.le(a, b)
            } else {
                games.le(b, a)
            }
        };
        // The options kept are the first `kept` of `options`, each option
        // met after them.
        let mut kept = 0;
        for j in 0..options.len() {
            let a = options[j];
            for &k in &options[..kept] {
                let (g, h) = if left { (a, k) } else { (k, a) };
                self.less_or_equal.prefetch(g, h);
            }
            if (0..kept).any(|i| worse(self, a, options[i])) {
                continue;
            }
            let mut i = 0;
            while i < kept {
                if self.same_stops(options[i], a) && worse(self, options[i], a) {
                    kept -= 1;
                    options.swap(i, kept);
                } else {
                    i += 1;
                }
            }
            options[kept] = a;
            kept += 1;
        }
        options.truncate(kept);
    }

    /// Replaces one reversible option by the options it reverses to; says
    /// whether there was one. A Left option g^L is reversible through its
    /// Right option g^LR ≤ g, and is replaced by the Left options of g^LR;
    /// Right's the same way round.
    ///
    /// `memo` holds comparisons with the game `form` is, which bypassing
    /// and removing dominated options leave the same.
    fn bypass_reversible(&mut self, form: &mut Form, memo: &mut FormMemo) -> bool {
        for i in 0..form.left.len() {
            let gl = form.left[i];
            for glr in self.form(gl).right {
                if self.id_le_form(glr, form, memo) {
                    form.left.remove(i);
                    form.left.extend(self.form(glr).left);
                    return true;
                }
            }
        }
        for i in 0..form.right.len() {
            let gr = form.right[i];
            for grl in self.form(gr).left {
                if self.form_le_id(form, grl, memo) {
                    form.right.remove(i);
                    form.right.extend(self.form(grl).right);
                    return true;
                }
            }
        }
        false
    }

    /// Whether x ≤ g, for g a form that is not yet in the table.
    fn id_le_form(&mut self, x: GameId, g: &Form, memo: &mut FormMemo) -> bool {
        if self.stopped() {
            return false;
        }
        if let Some(&known) = memo.below.get(&x) {
            return known;
        }
        let answer = !(self.some_left(x, |games, xl| games.form_le_id(g, xl, memo))
            || g.right.iter().any(|&gr| self.le(gr, x)));
        memo.below.insert(x, answer);
        answer
    }

    /// Whether g ≤ x, for g a form that is not yet in the table.
    fn form_le_id(&mut self, g: &Form, x: GameId, memo: &mut FormMemo) -> bool {
        if self.stopped() {
            return false;
        }
        if let Some(&known) = memo.above.get(&x) {
            return known;
        }
        let answer = !(g.left.iter().any(|&gl| self.le(x, gl))
            || self.some_right(x, |games, xr| games.id_le_form(xr, g, memo)));
        memo.above.insert(x, answer);
        answer
    }
}

/// Comparisons of one form with games of the table: x ≤ form (`below`)
/// and form ≤ x (`above`), by x.
#[derive(Default)]
struct FormMemo {
    below: HashMap<GameId, bool>,
    above: HashMap<GameId, bool>,
}

/// The negative of a game not yet asked for.
const UNKNOWN: GameId = GameId(u32::MAX);

/// The limit met where ups are added past what an i64 holds.
fn too_many_ups() -> Error {
    Error::Limit("a value has more than 2^63 ups, the most that are held".into())
}

/// Sorted, each option once.
fn tidy(options: &mut Vec<GameId>) {
    options.sort_unstable();
    options.dedup();
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod theory_tests;
