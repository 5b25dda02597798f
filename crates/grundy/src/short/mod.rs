//! Short partizan games with values behind one object-safe interface, as
//! the registry hands them to front ends, and the analysis of a sum of
//! their positions and game literals: each part's canonical form, the
//! sum's, who wins, mean, temperature, and the winning moves of each
//! player moving first. The values themselves are `crate::partizan`.
//!
//! ```
//! use grundy::partizan::{Games, OutcomeClass};
//! use grundy::short::{analyze_values, Valued};
//!
//! // {1|} is 2, so {1|} - 2 is zero: whoever starts loses.
//! let mut games = Games::new();
//! let g = games.read("{1|}", 1).unwrap();
//! let two = games.read("2", 1).unwrap();
//! let parts = [
//!     Valued::literal(&mut games, "{1|}", g).unwrap(),
//!     Valued::literal(&mut games, "2", two).unwrap().negated(&mut games),
//! ];
//! let analysis = analyze_values(&mut games, &parts, Some(100)).unwrap();
//! assert_eq!(analysis.value, "0");
//! assert_eq!(analysis.outcome, OutcomeClass::P);
//! assert!(analysis.left_moves.is_empty() && analysis.right_moves.is_empty());
//! ```

pub mod impartial;
pub mod misere;
pub mod outcome;
pub mod regions;
pub mod values;

use std::fmt::Debug;
use std::ops::Deref;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use hashbrown::HashSet;

use crate::error::{Error, Result};
use crate::memory;
use crate::misere::forms::Forms;
use crate::partizan::{
    Confusion, Dyadic, GameId, Games, Given, OutcomeClass, ShortGame, Thermograph, Valuer,
    MAX_HEIGHT,
};
use crate::word::Word;

/// What a family of short partizan games implements beyond [`ShortGame`]:
/// how an expression names it and writes its positions.
pub trait ShortRules: ShortGame<Position: Send + Sync + Debug> + Send + 'static {
    /// The ruleset as an expression writes it: `domineering`.
    fn name(&self) -> String;

    /// Reads a position from one word; an error points at the character
    /// at fault.
    fn parse_position(&self, word: &Word) -> Result<Self::Position>;

    /// The position as `parse_position` reads it.
    fn show(&self, p: &Self::Position) -> String;

    /// The position (a, b) as a word, where the family's positions can be
    /// two numbers (a cake or board of a rows and b columns), for
    /// `grundy table`.
    fn pair_text(&self, _a: u64, _b: u64) -> Option<String> {
        None
    }

    /// The nimber of `p` in the family's impartial variant (every move of
    /// either side), where a theorem gives it at a glance; by default none.
    fn variant_nimber(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// How the family's small regions are written, for a database of
    /// their values ([`values`]); by default it has none.
    fn boards(&self) -> Option<regions::Boards> {
        None
    }

    /// Simpler games either side of `p`, where the family knows some:
    /// they decide a sum without a search where the player to move wins
    /// with the one worse for them in its place, or loses with the one
    /// better ([`outcome::Bounds`]); by default none.
    fn bounds(&self, _p: &Self::Position) -> Option<outcome::Bounds<Self::Position>> {
        None
    }

    /// Whether every game of the family is dead-ending: a player with no
    /// move in a position has none after any of the other's either (a
    /// placement game: Domineering), so that the misère search may say so
    /// ([`crate::misere::sums`]); by default not.
    fn dead_ending(&self) -> bool {
        false
    }

    /// Who wins `p` alone, each player moving first, where the family has
    /// a search of a lone position of its own that does better than the
    /// search of sums ([`outcome`]); by default none. `progress` hears the
    /// positions searched and stops the search by answering false.
    fn decide_alone(
        &self,
        _p: &Self::Position,
        _progress: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Result<outcome::Searched>> {
        None
    }
}

/// A shared family is the family (see the `ShortGame` of `Arc`).
impl<G: ShortRules + Sync> ShortRules for Arc<G> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn parse_position(&self, word: &Word) -> Result<Self::Position> {
        (**self).parse_position(word)
    }

    fn show(&self, p: &Self::Position) -> String {
        (**self).show(p)
    }

    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        (**self).pair_text(a, b)
    }

    fn variant_nimber(&self, p: &Self::Position) -> Option<u64> {
        (**self).variant_nimber(p)
    }

    fn boards(&self) -> Option<regions::Boards> {
        (**self).boards()
    }

    fn bounds(&self, p: &Self::Position) -> Option<outcome::Bounds<Self::Position>> {
        (**self).bounds(p)
    }

    fn dead_ending(&self) -> bool {
        (**self).dead_ending()
    }

    fn decide_alone(
        &self,
        p: &Self::Position,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Result<outcome::Searched>> {
        (**self).decide_alone(p, progress)
    }
}

/// One part of a sum, valued: its text as an expression writes it, its
/// value, and its options with theirs, all in the caller's table.
#[derive(Clone, Debug)]
pub struct Valued {
    /// The part as an expression writes it (a literal, or the family's
    /// name and the position).
    pub text: String,
    /// Its value, in the caller's table.
    pub value: GameId,
    /// Left's options, each as an expression and with its value.
    pub left: Vec<(String, GameId)>,
    /// Right's options, each as an expression and with its value.
    pub right: Vec<(String, GameId)>,
    /// How many options the part has when there are too many to list
    /// ([`MAX_LISTED_OPTIONS`]); `left` and `right` are then empty.
    pub unlisted: Option<u64>,
}

/// The most options of one part that are listed to find winning moves.
pub const MAX_LISTED_OPTIONS: u64 = 100_000;

impl Valued {
    /// A game literal: its options are those of its canonical form.
    pub fn literal(games: &mut Games, text: &str, value: GameId) -> Result<Valued> {
        let Some(form) = games.listed_form(value, MAX_LISTED_OPTIONS) else {
            // *m of a large m (x + *m has 2m options): counted, not listed.
            let count = games.nus_value(value).map_or(0, |v| v.option_count());
            return Ok(Valued {
                text: text.trim().to_string(),
                value,
                left: Vec::new(),
                right: Vec::new(),
                unlisted: Some(count),
            });
        };
        let mut side = |options: Vec<GameId>| -> Result<Vec<(String, GameId)>> {
            options
                .into_iter()
                .map(|g| Ok((games.write(g)?, g)))
                .collect()
        };
        let left = side(form.left)?;
        let right = side(form.right)?;
        Ok(Valued {
            text: text.trim().to_string(),
            value,
            left,
            right,
            unlisted: None,
        })
    }

    /// -G: the players exchanged, `-` before each text (one term: a
    /// component with its position, or a literal, which `-` covers whole).
    pub fn negated(self, games: &mut Games) -> Valued {
        let mut side = |options: Vec<(String, GameId)>| -> Vec<(String, GameId)> {
            options
                .into_iter()
                .map(|(text, g)| (format!("-{text}"), games.neg(g)))
                .collect()
        };
        let left = side(self.right);
        let right = side(self.left);
        Valued {
            text: format!("-{}", self.text),
            value: games.neg(self.value),
            left,
            right,
            unlisted: self.unlisted,
        }
    }
}

/// A family's rules read through the lock on its table.
struct Locked<'a, G: ShortRules>(MutexGuard<'a, (Games, Valuer<G>)>);

impl<G: ShortRules> Deref for Locked<'_, G> {
    type Target = G;

    fn deref(&self) -> &G {
        self.0 .1.game()
    }
}

/// A family of short partizan games, whatever its type.
pub trait DynShort: Send + Sync {
    /// The position written in `word`, valued in `games`. `progress` is
    /// told how many positions the search has valued and stops it by
    /// answering false.
    fn valued(
        &self,
        word: &Word,
        games: &mut Games,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Valued>;

    /// The position written in `word`, built as it is for misère play
    /// ([`misere`]), every position reached from it once. `progress` as
    /// for [`DynShort::valued`].
    fn misere_part(
        &self,
        word: &Word,
        forms: &mut Forms,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<misere::MiserePart>;

    /// The family's positions for a misère search, its source number
    /// `index` ([`misere::FamilyParts`]). It holds the family until
    /// dropped: one at a time.
    fn misere_source(&self, index: u32) -> Box<dyn misere::FamilyParts<'_> + '_>;

    /// Who wins the sum of the positions written in `words` (each negated
    /// where its flag says) and `rest`, a value of `games`, each player
    /// moving first, by a search of the sum ([`outcome`]) rather than its
    /// canonical form. `progress` is told how many states (or positions
    /// valued) the search has met and stops it by answering false.
    fn outcome_of_sum(
        &self,
        words: &[(&Word, bool)],
        rest: GameId,
        games: &mut Games,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<outcome::Searched>;

    /// The database of the values of every region of at most `cells`
    /// cells ([`values`]). `progress` is told how many boards were read
    /// and regions valued, and stops it by answering false.
    fn build_values(
        &self,
        cells: u32,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<values::Database>;

    /// Whether `db` is a database of this family: every key one of its
    /// regions as its parts write it, every value a game (an error naming
    /// `source` and the line where not).
    fn check_values(&self, db: &values::Database, source: &str) -> Result<()>;
}

/// The values of `db` by position of `game`'s family (a key it does not
/// read left out).
fn given<G: ShortRules>(game: &G, db: &values::Database) -> Given<G::Position> {
    let mut given = Given::new();
    for (key, value) in &db.entries {
        if let Ok(key) = game.parse_position(&Word::new(key)) {
            given.insert(key, value.as_str().into());
        }
    }
    given
}

/// Whether `count` regions of `each` bytes fit in the memory budget, kept
/// twice (to tell them apart, and in order), `read` boards read so far.
fn regions_fit(count: usize, each: u64, read: u64) -> Result<()> {
    let count = count as u64;
    let held = memory::hashed(count, each) + memory::vector(count, each);
    if held > memory::budget() {
        return Err(Error::Limit(format!(
            "the regions met in {read} boards would need more than {}, the memory budget",
            memory::Size(memory::budget())
        )));
    }
    Ok(())
}

/// The search of a family behind [`DynShort`]: one table of its values for
/// the whole run, so that later questions reuse what earlier ones found;
/// answers are copied into the caller's table.
pub struct ShortSolver<G: ShortRules> {
    state: Mutex<(Games, Valuer<G>)>,
    name: String,
}

impl<G: ShortRules> ShortSolver<G> {
    /// The family's search, with an empty table, within the process's
    /// memory budget; the values of the database provided for the
    /// family ([`values::provided`]) are given to it.
    pub fn new(game: G) -> ShortSolver<G> {
        let read = |db: &values::Database| given(&game, db);
        let given = values::given(&game.name(), read).unwrap_or_default();
        ShortSolver::with_given(game, given)
    }

    /// The family's search, given the values of `db` (checked by
    /// [`DynShort::check_values`]: a key the family does not read is left
    /// out).
    pub fn with_values(game: G, db: &values::Database) -> ShortSolver<G> {
        let given = Arc::new(given(&game, db));
        ShortSolver::with_given(game, given)
    }

    fn with_given(game: G, given: Arc<Given<G::Position>>) -> ShortSolver<G> {
        ShortSolver {
            name: game.name(),
            state: Mutex::new((Games::new(), Valuer::new(game).given(given))),
        }
    }

    /// The ruleset's name as an expression writes it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The position (a, b) as a word (see [`ShortRules::pair_text`]).
    pub fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.1.game().pair_text(a, b)
    }
}

/// A family's table that met a limit (the budget, Ctrl-C) answers nothing
/// more: the next question starts afresh. The old table, millions of
/// games, is freed aside ([`memory::free_aside`]): the error is not kept
/// waiting.
fn afresh<G: ShortRules>(own: &mut Games, valuer: &mut Valuer<G>) {
    memory::free_aside(std::mem::take(own));
    valuer.forget();
}

impl<G: ShortRules> DynShort for ShortSolver<G> {
    fn valued(
        &self,
        word: &Word,
        games: &mut Games,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Valued> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let (own, valuer) = &mut *state;
        // The family's table works for this question: it stops with it.
        own.interrupt_on(games.interrupt());
        let answer = self.value_in(word, games, own, valuer, progress);
        if own.check().is_err() {
            afresh(own, valuer);
        }
        answer
    }

    fn misere_part(
        &self,
        word: &Word,
        forms: &mut Forms,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<misere::MiserePart> {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        misere::part(state.1.game(), &self.name, word, forms, progress)
    }

    fn misere_source(&self, index: u32) -> Box<dyn misere::FamilyParts<'_> + '_> {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        Box::new(misere::Regions::new(Locked(state), &self.name, index))
    }

    fn outcome_of_sum(
        &self,
        words: &[(&Word, bool)],
        rest: GameId,
        games: &mut Games,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<outcome::Searched> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let (own, valuer) = &mut *state;
        own.interrupt_on(games.interrupt());
        let mut answer = (|| {
            let mut positions = Vec::with_capacity(words.len());
            for &(word, negated) in words {
                positions.push((valuer.game().parse_position(word)?, negated));
            }
            let rest = own.import(games, rest)?;
            if let ([(position, negated)], true) = (&positions[..], rest == own.zero()) {
                if let Some(searched) = valuer.game().decide_alone(position, progress) {
                    return searched.map(|s| if *negated { s.negated() } else { s });
                }
            }
            outcome::OutcomeSearch::new(valuer, own, progress).decide(&positions, rest)
        })();
        if let Err(error) = own.check() {
            afresh(own, valuer);
            answer = answer.and(Err(error));
        }
        answer
    }

    fn build_values(
        &self,
        cells: u32,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<values::Database> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let (own, valuer) = &mut *state;
        let mut answer = (|| {
            let keys = self.regions(valuer.game(), cells, progress)?;
            // What the keys and the entries hold, for the budget, checked
            // before each is taken.
            let mut held = (keys.capacity() * size_of::<G::Position>()
                + keys.len() * size_of::<(String, String)>()) as u64;
            let mut entries = Vec::new();
            for key in &keys {
                let value = valuer.value(own, key, progress)?;
                let entry = (valuer.game().show(key), own.write(value)?);
                held += (entry.0.len() + entry.1.len()) as u64;
                if held + valuer.bytes() + own.bytes() > memory::budget() {
                    return Err(Error::Limit(format!(
                        "the values of {} regions of {} need more than {}, the memory \
                         budget",
                        entries.len() + 1,
                        keys.len(),
                        memory::Size(memory::budget())
                    )));
                }
                if entries.is_empty() {
                    entries.reserve_exact(keys.len());
                }
                entries.push(entry);
            }
            Ok(values::Database {
                family: self.name.clone(),
                cells,
                entries,
            })
        })();
        if let Err(error) = own.check() {
            afresh(own, valuer);
            answer = answer.and(Err(error));
        }
        answer
    }

    fn check_values(&self, db: &values::Database, source: &str) -> Result<()> {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let game = state.1.game();
        // The regions start on the file's fifth line.
        let refuse = |i: usize, message: String| Error::File {
            path: source.to_string(),
            message: format!("line {}: {message}", i + 5),
        };
        if db.family != self.name {
            return Err(Error::File {
                path: source.to_string(),
                message: format!("a database of {}, not of {}", db.family, self.name),
            });
        }
        let mut games = Games::new();
        for (i, (key, value)) in db.entries.iter().enumerate() {
            let position = (game.parse_position(&Word::new(key)))
                .map_err(|e| refuse(i, format!("{key:?} is not a board: {e}")))?;
            let parts = game.parts(&position);
            if !matches!(&parts[..], [part] if part.key == position && !part.negated) {
                return Err(refuse(i, format!("{key:?} is not a region as its key")));
            }
            match games.read(value, 1) {
                Ok(_) => {}
                Err(Error::Limit(message)) => return Err(Error::Limit(message)),
                Err(e) => return Err(refuse(i, format!("{value:?} is not a value: {e}"))),
            }
        }
        Ok(())
    }
}

impl<G: ShortRules> ShortSolver<G> {
    /// Every region key of the boards of at most `cells` cells, each once,
    /// in the order first met.
    fn regions(
        &self,
        game: &G,
        cells: u32,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Vec<G::Position>> {
        let Some(boards) = game.boards() else {
            return Err(Error::Unsupported(format!(
                "{} has no database of values: only families of boards (domineering, \
                 clobber, ...) have one",
                self.name
            )));
        };
        boards.check(cells)?;
        let (mut seen, mut keys, mut read) = (HashSet::new(), Vec::new(), 0u64);
        boards.each(cells, &mut |text| {
            let board = game.parse_position(&Word::new(text))?;
            for part in game.parts(&board) {
                if seen.len() == seen.capacity() {
                    // Checked before the regions met grow (twice as many).
                    let each = size_of::<G::Position>() + game.heap_bytes(&part.key);
                    regions_fit(2 * seen.len() + 16, each as u64, read)?;
                }
                if seen.insert(part.key.clone()) {
                    keys.push(part.key);
                }
            }
            read += 1;
            if read % (1 << 14) == 0 && !progress(read) {
                return Err(Error::Limit(format!(
                    "interrupted after reading {read} boards"
                )));
            }
            Ok(())
        })?;
        Ok(keys)
    }

    /// The part written in `word`, valued in the family's table `own`
    /// and copied into `games`.
    fn value_in(
        &self,
        word: &Word,
        games: &mut Games,
        own: &mut Games,
        valuer: &mut Valuer<G>,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Valued> {
        let game = valuer.game();
        let position = game.parse_position(word)?;
        let text = format!("{} {}", self.name, game.show(&position));
        let count = game.option_count(&position);
        let unlisted = count.filter(|&n| n > MAX_LISTED_OPTIONS);
        let (left, right) = match unlisted {
            Some(_) => (Vec::new(), Vec::new()),
            None => (game.left_options(&position), game.right_options(&position)),
        };
        if let Some(error) = game.failure() {
            return Err(error);
        }
        let value = valuer.value(own, &position, progress)?;
        let mut side = |options: Vec<G::Position>| -> Result<Vec<(String, GameId)>> {
            let mut valued = Vec::new();
            for option in options {
                let g = valuer.value(own, &option, progress)?;
                let text = format!("{} {}", self.name, valuer.game().show(&option));
                valued.push((text, games.import(own, g)?));
            }
            Ok(valued)
        };
        let left = side(left)?;
        let right = side(right)?;
        Ok(Valued {
            text,
            value: games.import(own, value)?,
            left,
            right,
            unlisted,
        })
    }
}

/// A move in a sum: which part, and what it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueMove {
    /// The part moved in, counted from 0.
    pub part: usize,
    /// The part after the move, as an expression writes it.
    pub to: String,
    /// The value of the whole sum after the move, canonical form; `None`
    /// where it is written in more than
    /// [`MAX_WRITTEN`](crate::partizan::MAX_WRITTEN) characters.
    pub value: Option<String>,
}

/// What `grundy analyze` reports of a sum of short partizan games.
#[derive(Clone, Debug)]
pub struct ValueAnalysis {
    /// The sum as an expression.
    pub expression: String,
    /// Each part as written, with its canonical form.
    pub parts: Vec<(String, String)>,
    /// The canonical form of the sum.
    pub value: String,
    /// Who wins the sum: `L`, `R`, `N` (whoever starts) or `P` (whoever
    /// does not start).
    pub outcome: OutcomeClass,
    /// Whether the sum is a number (a dyadic rational).
    pub is_number: bool,
    /// The sum's mean value (the number it is worth on average).
    pub mean: Dyadic,
    /// The sum's temperature: how much moving first is worth (negative for
    /// a number).
    pub temperature: Dyadic,
    /// The sum's thermograph, whose mast stands at `mean` from
    /// `temperature` up.
    pub thermograph: Thermograph,
    /// Where play ends, Left moving first and Right moving first, each
    /// player stopping once the sum is a number: its Left and Right stops.
    pub stops: (Dyadic, Dyadic),
    /// The numbers the sum is confused with (`Games::confusion`): none
    /// where it is a number.
    pub confusion: Option<Confusion>,
    /// The birthday of its canonical form.
    pub birthday: u128,
    /// Whether it is infinitesimal (both stops 0).
    pub is_infinitesimal: bool,
    /// Whether it is all-small (every subposition 0 or with moves for
    /// both players).
    pub is_all_small: bool,
    /// Its atomic weight, where it is all-small.
    pub atomic_weight: Option<String>,
    /// Its reduced canonical form.
    pub reduced: String,
    /// Left's incentives (G^L - G) and Right's (G - G^R); `None` where
    /// the value is written in more than [`MAX_INCENTIVES_OF`] characters.
    pub incentives: Option<(Vec<String>, Vec<String>)>,
    /// Left's winning moves moving first (to a sum ≥ 0), the first of
    /// them as many as were asked for.
    pub left_moves: Vec<ValueMove>,
    /// How many winning moves Left has, listed or not.
    pub left_move_count: usize,
    /// Right's winning moves moving first (to a sum ≤ 0), the first of
    /// them.
    pub right_moves: Vec<ValueMove>,
    /// How many winning moves Right has.
    pub right_move_count: usize,
    /// The parts (counted from 0) whose moves were not listed, with how
    /// many options each has: the winning moves are then those of the
    /// other parts only.
    pub unlisted: Vec<(usize, u64)>,
}

/// The longest value, in characters written, whose incentives are
/// computed: an incentive G^L - G is a sum as large as G's form squared
/// (Domineering 4x6, 519 characters, has incentives of more than 100,000).
pub const MAX_INCENTIVES_OF: usize = 256;

/// The analysis of the sum of `parts`, all valued in `games`. With
/// `moves` at Some(n), every winning move is counted and the first n are
/// listed, each with the value after it; with `None`, the parts' values
/// and the winning moves are left empty (not computed). A limit error if
/// the table meets one (its budget, the height of a value) or the sum's
/// value is too long to write.
pub fn analyze_values(
    games: &mut Games,
    parts: &[Valued],
    moves: Option<usize>,
) -> Result<ValueAnalysis> {
    let zero = games.zero();
    let total = games.sum(parts.iter().map(|part| part.value));
    games.check()?;
    let mut winning = |left: bool, most: usize| -> Result<(Vec<ValueMove>, usize)> {
        let (mut found, mut count) = (Vec::new(), 0);
        for (i, part) in parts.iter().enumerate() {
            let rest = games.sub(total, part.value);
            for (to, option) in if left { &part.left } else { &part.right } {
                let after = games.add(rest, *option);
                let wins = if left {
                    games.le(zero, after)
                } else {
                    games.le(after, zero)
                };
                games.check()?;
                if !wins {
                    continue;
                }
                count += 1;
                if found.len() < most {
                    found.push(ValueMove {
                        part: i,
                        to: to.clone(),
                        value: games.write_if_short(after)?,
                    });
                }
            }
        }
        Ok((found, count))
    };
    let ((left_moves, left_move_count), (right_moves, right_move_count)) = match moves {
        Some(most) => (winning(true, most)?, winning(false, most)?),
        None => ((Vec::new(), 0), (Vec::new(), 0)),
    };
    let written = match moves {
        Some(_) => (parts.iter())
            .map(|p| Ok((p.text.clone(), games.write(p.value)?)))
            .collect::<Result<_>>()?,
        None => Vec::new(),
    };
    let thermograph = games.thermograph(total);
    let outcome = games.outcome(total);
    let confusion = games.confusion(total);
    let is_all_small = games.is_all_small(total);
    let atomic_weight = match is_all_small {
        true => Some(games.atomic_weight(total)?),
        false => None,
    };
    let reduced = games.reduced(total)?;
    games.check()?;
    let value = games.write(total)?;
    // A value held by its parts can be short to write and far higher than
    // the forms an incentive is computed from (*1000000).
    let short = value.chars().count() <= MAX_INCENTIVES_OF && games.height(total) <= MAX_HEIGHT;
    let incentives = match short {
        true => {
            let (left, right) = games.incentives(total)?;
            let mut write_all = |gs: &[GameId]| -> Result<Vec<String>> {
                gs.iter().map(|&g| games.write(g)).collect()
            };
            Some((write_all(&left)?, write_all(&right)?))
        }
        false => None,
    };
    let texts: Vec<&str> = parts.iter().map(|p| p.text.as_str()).collect();
    Ok(ValueAnalysis {
        expression: texts.join(" + "),
        parts: written,
        value,
        outcome,
        is_number: games.number_value(total).is_some(),
        mean: thermograph.mean,
        temperature: thermograph.temperature,
        thermograph,
        stops: games.stops(total),
        confusion,
        birthday: games.birthday(total),
        is_infinitesimal: games.is_infinitesimal(total),
        is_all_small,
        atomic_weight: atomic_weight.map(|w| games.write(w)).transpose()?,
        reduced: games.write(reduced)?,
        incentives,
        left_moves,
        left_move_count,
        right_moves,
        right_move_count,
        unlisted: parts
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.unlisted.map(|n| (i, n)))
            .collect(),
    })
}
