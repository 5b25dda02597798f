//! Misère play of a sum of short partizan games (game literals and
//! positions of families): who wins when the player who cannot move wins,
//! and each player's winning moves. No value of normal play decides it, so
//! the sum is searched ([`SumSearch`]): a family's position by its regions,
//! a literal as written (its tree in [`Forms`]). Where the sum is
//! impartial, its misère canonical form is given too.
//!
//! ```
//! use grundy::misere::forms::Forms;
//! use grundy::misere::sums::SumSearch;
//! use grundy::partizan::{read_into, OutcomeClass};
//! use grundy::short::misere::{analyze_misere_sum, MiserePart, SumPart};
//!
//! let mut forms = Forms::new();
//! let star = read_into(&mut forms, "*", 1).unwrap();
//! let tree = MiserePart::literal(&forms, "*", star).unwrap();
//! let mut search = SumSearch::new();
//! let mut made = Default::default();
//! let parts = [SumPart::of_tree(&tree, &forms, &mut search, &mut made).unwrap()];
//! let mut go_on = |_| true;
//! let analysis =
//!     analyze_misere_sum(&mut search, &mut forms, &parts, Some(100), &mut go_on).unwrap();
//! // Under misère play the player to move at * must take the last move,
//! // and loses.
//! assert_eq!(analysis.outcome, OutcomeClass::P);
//! assert_eq!(analysis.misere_form.as_deref(), Some("*"));
//! ```

use std::hash::Hash;
use std::ops::Deref;

use hashbrown::{HashMap, HashSet};

use super::{ShortRules, MAX_LISTED_OPTIONS};
use crate::error::{Error, Result};
use crate::memory;
use crate::misere::forms::{FormId, Forms};
use crate::misere::sums::{NodeId, Options, Parts, Source, SumSearch};
use crate::partizan::{OutcomeClass, MAX_HEIGHT};
use crate::word::Word;

/// One part of a sum, built for misère play: its text as an expression
/// writes it, its game tree, and its options with theirs.
#[derive(Clone, Debug)]
pub struct MiserePart {
    /// The part as an expression writes it.
    pub text: String,
    /// Its game tree, in the caller's table.
    pub form: FormId,
    /// Left's options, each as an expression and with its tree.
    pub left: Vec<(String, FormId)>,
    /// Right's options.
    pub right: Vec<(String, FormId)>,
}

impl MiserePart {
    /// A game literal, read into `form`: its options those written.
    pub fn literal(forms: &Forms, text: &str, form: FormId) -> Result<MiserePart> {
        let side = |options: &[FormId]| -> Result<Vec<(String, FormId)>> {
            (options.iter())
                .map(|&g| Ok((forms.write(g)?, g)))
                .collect()
        };
        Ok(MiserePart {
            text: text.trim().to_string(),
            form,
            left: side(forms.left(form))?,
            right: side(forms.right(form))?,
        })
    }

    /// -G: the players exchanged, `-` before each text.
    pub fn negated(self, forms: &mut Forms) -> Result<MiserePart> {
        let mut side = |options: Vec<(String, FormId)>| -> Result<Vec<(String, FormId)>> {
            (options.into_iter())
                .map(|(text, g)| Ok((format!("-{text}"), forms.neg(g)?)))
                .collect()
        };
        let left = side(self.right)?;
        let right = side(self.left)?;
        Ok(MiserePart {
            text: format!("-{}", self.text),
            form: forms.neg(self.form)?,
            left,
            right,
        })
    }
}

/// Every how many positions built the progress callback is asked whether
/// to go on.
const PROGRESS_EVERY: u64 = 4096;

/// The position written in `word` of the family `game` (named `name`),
/// built as a game tree in `forms` with its options: every position
/// reached from it, each once. `progress` is told how many positions are
/// built and stops the work by answering false.
pub(super) fn part<G: ShortRules>(
    game: &G,
    name: &str,
    word: &Word,
    forms: &mut Forms,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<MiserePart> {
    let position = game.parse_position(word)?;
    let mut built = Built::default();
    let form = built.tree(game, &position, forms, progress)?;
    let mut side = |options: Vec<G::Position>| -> Result<Vec<(String, FormId)>> {
        let mut sided = Vec::new();
        for option in options {
            let g = built.tree(game, &option, forms, progress)?;
            sided.push((format!("{name} {}", game.show(&option)), g));
        }
        Ok(sided)
    };
    let left = side(game.left_options(&position))?;
    let right = side(game.right_options(&position))?;
    Ok(MiserePart {
        text: format!("{name} {}", game.show(&position)),
        form,
        left,
        right,
    })
}

/// The positions of a family built so far, with what they take.
pub(crate) struct Built<P> {
    trees: HashMap<P, FormId>,
    bytes: u64,
}

impl<P> Default for Built<P> {
    fn default() -> Built<P> {
        Built {
            trees: HashMap::new(),
            bytes: 0,
        }
    }
}

pub use crate::misere::sums::MAX_HELD_OPTIONS;

/// A position being built: its options, and how many are built.
struct Frame<P> {
    position: P,
    options: Vec<P>,
    left: usize,
    next: usize,
}

impl<P: Clone + Eq + Hash> Built<P> {
    /// A limit error where the forms, the positions built and the stack
    /// (`stack_bytes`) take more than the memory budget.
    fn check_budget(&self, forms: &Forms, stack_bytes: u64) -> Result<()> {
        if forms.bytes() + self.bytes + stack_bytes <= memory::budget() {
            return Ok(());
        }
        Err(Error::Limit(format!(
            "misère play needs more than {}, the memory budget, for the {} positions \
             built so far",
            memory::Size(memory::budget()),
            self.trees.len()
        )))
    }

    /// The tree of `p`, by a depth-first search on a stack of its own (a
    /// position may be many moves long), each position built once.
    pub(crate) fn tree<G: ShortRules<Position = P>>(
        &mut self,
        game: &G,
        p: &P,
        forms: &mut Forms,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<FormId> {
        if let Some(&known) = self.trees.get(p) {
            return Ok(known);
        }
        let frame = |p: P| -> Result<Frame<P>> {
            // A count the family knows is checked before the options are
            // listed (a cake a million wide has a million cuts).
            if let Some(count) = game.option_count(&p).filter(|&n| n > MAX_LISTED_OPTIONS) {
                return Err(Error::Limit(format!(
                    "{} has {count} options, more than misère play lists \
                     ({MAX_LISTED_OPTIONS}): searched whole, it takes a smaller position",
                    game.show(&p)
                )));
            }
            let mut options = game.left_options(&p);
            let left = options.len();
            options.extend(game.right_options(&p));
            if let Some(error) = game.failure() {
                return Err(error);
            }
            Ok(Frame {
                position: p,
                options,
                left,
                next: 0,
            })
        };
        let repeats = game.may_repeat();
        let mut path = HashSet::new();
        path.insert(p.clone());
        let mut stack = vec![frame(p.clone())?];
        // What the frames' options take, counted with the rest, and how
        // many they are.
        let held = |frame: &Frame<P>| -> u64 {
            let each = |o: &P| size_of::<P>() + game.heap_bytes(o);
            frame.options.iter().map(each).sum::<usize>() as u64
        };
        let mut stack_bytes = held(&stack[0]);
        let mut stack_options = stack[0].options.len();
        loop {
            let top = stack.last_mut().expect("the position asked about");
            while top.next < top.options.len() && self.trees.contains_key(&top.options[top.next]) {
                top.next += 1;
            }
            if let Some(option) = top.options.get(top.next) {
                let option = option.clone();
                // Each frame holds its options: a game no longer than the
                // forms allow keeps the stack small.
                if stack.len() >= MAX_HEIGHT as usize {
                    return Err(Error::Limit(format!(
                        "misère play is searched on games at most {MAX_HEIGHT} moves long; \
                     this one is longer"
                    )));
                }
                if repeats && !path.insert(option.clone()) {
                    return Err(Error::Unsupported(format!(
                        "a position comes back after {} moves: play can go on forever, so \
                         the game is not short and misère play of it is not searched (solve \
                         it strongly instead, with a player to move)",
                        stack.len()
                    )));
                }
                let next = frame(option)?;
                stack_bytes += held(&next);
                stack_options += next.options.len();
                if stack_options > MAX_HELD_OPTIONS {
                    return Err(Error::Limit(format!(
                        "{}: more than {MAX_HELD_OPTIONS} options along one line of play, more \
                         than misère play holds while it builds a game",
                        game.show(&next.position)
                    )));
                }
                self.check_budget(forms, stack_bytes)?;
                stack.push(next);
                continue;
            }
            let done = stack.pop().expect("a frame on top");
            stack_bytes -= held(&done);
            stack_options -= done.options.len();
            path.remove(&done.position);
            let trees: Vec<FormId> = (done.options.iter()).map(|o| self.trees[o]).collect();
            let form = forms.make(&trees[..done.left], &trees[done.left..])?;
            let entry = size_of::<(P, FormId)>() + game.heap_bytes(&done.position);
            self.bytes += memory::hashed(1, entry as u64);
            self.check_budget(forms, stack_bytes)?;
            self.trees.insert(done.position, form);
            let count = self.trees.len() as u64;
            if count % PROGRESS_EVERY == 0 && !progress(count) {
                return Err(Error::Limit(format!(
                    "interrupted after building {count} positions for misère play"
                )));
            }
            if stack.is_empty() {
                return Ok(form);
            }
        }
    }
}

/// A winning move in a sum under misère play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereMove {
    /// The part moved in, counted from 0.
    pub part: usize,
    /// The part after the move, as an expression writes it.
    pub to: String,
}

/// What `grundy analyze --misere` reports of a sum of short partizan games.
#[derive(Clone, Debug)]
pub struct MisereAnalysis {
    /// The sum as an expression.
    pub expression: String,
    /// Each part as written, whether it is impartial, and its misère
    /// canonical form where it is (and is written in at most
    /// [`crate::partizan::MAX_WRITTEN`] characters).
    pub parts: Vec<(String, bool, Option<String>)>,
    /// Who wins the sum under misère play: `L`, `R`, `N` or `P`.
    pub outcome: OutcomeClass,
    /// Whether the sum is impartial (each player has the same moves, all
    /// the way down).
    pub is_impartial: bool,
    /// The sum's misère canonical form, where it is impartial (and is
    /// written in at most [`crate::partizan::MAX_WRITTEN`] characters).
    pub misere_form: Option<String>,
    /// Left's winning moves, Left moving first: the first of them, as
    /// many as were asked for.
    pub left_moves: Vec<MisereMove>,
    /// How many winning moves Left has, listed or not.
    pub left_move_count: usize,
    /// Right's winning moves, Right moving first: the first of them.
    pub right_moves: Vec<MisereMove>,
    /// How many winning moves Right has.
    pub right_move_count: usize,
    /// How many distinct parts (regions, games as written) the search
    /// made.
    pub games: usize,
    /// Whether the sum is dead-ending: in each of its followers, a player
    /// with no move has none after any of the other's either
    /// ([`crate::misere::sums`]).
    pub dead_ending: bool,
}

/// One part of a sum as the misère search holds it ([`SumSearch`]): its
/// text as an expression writes it, the parts of the search it is (a
/// board's regions), and its options with theirs.
#[derive(Clone, Debug)]
pub struct SumPart {
    /// The part as an expression writes it.
    pub text: String,
    /// The parts of the search it is made of.
    pub parts: Vec<NodeId>,
    /// Left's options, each as an expression and with its parts.
    pub left: Vec<(String, Vec<NodeId>)>,
    /// Right's options.
    pub right: Vec<(String, Vec<NodeId>)>,
}

impl SumPart {
    /// A part built as a game tree in `forms`, made parts of `search`
    /// (`made` remembers the forms made).
    pub fn of_tree(
        part: &MiserePart,
        forms: &Forms,
        search: &mut SumSearch,
        made: &mut HashMap<FormId, Option<NodeId>>,
    ) -> Result<SumPart> {
        let mut side = |options: &[(String, FormId)]| -> Result<Vec<(String, Vec<NodeId>)>> {
            let mut sided = Vec::with_capacity(options.len());
            for (text, g) in options {
                let parts = search.of_form(forms, *g, made)?.into_iter().collect();
                sided.push((text.clone(), parts));
            }
            Ok(sided)
        };
        let left = side(&part.left)?;
        let right = side(&part.right)?;
        Ok(SumPart {
            text: part.text.clone(),
            parts: search
                .of_form(forms, part.form, made)?
                .into_iter()
                .collect(),
            left,
            right,
        })
    }
}

/// A family's positions for the misère search, and the game read through
/// it: its regions numbered as met, their options listed when the search
/// asks ([`Source`]).
pub trait FamilyParts<'a>: Source {
    /// The position written in `word` (negated where `negated`): its
    /// regions, and its options with theirs. `progress` is told how many
    /// positions were looked through where the family's play may come
    /// back (a script's), and stops the work by answering false.
    fn part(
        &mut self,
        word: &Word,
        negated: bool,
        parts: &mut Parts,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SumPart>;

    /// The source, for the search to hold.
    fn into_source(self: Box<Self>) -> Box<dyn Source + 'a>;
}

/// A position's options: Left's, Right's.
type Sides<P> = (Vec<P>, Vec<P>);

/// The regions of a family met by a misère search, each by its key and
/// whether it is negated, numbered as met. `R` reads the family.
pub(crate) struct Regions<R, P> {
    game: R,
    name: String,
    /// The index of the source in the search.
    index: u32,
    keys: Vec<(P, bool)>,
    numbers: HashMap<(P, bool), NodeId>,
}

impl<G: ShortRules, R: Deref<Target = G>> Regions<R, G::Position> {
    /// The regions of `game`'s family (named `name`), the search's source
    /// number `index`.
    pub(crate) fn new(game: R, name: &str, index: u32) -> Self {
        Regions {
            game,
            name: name.to_string(),
            index,
            keys: Vec::new(),
            numbers: HashMap::new(),
        }
    }

    /// The position `position` (negated where `negated`): its regions, and
    /// its options with theirs.
    pub(crate) fn position_part(
        &mut self,
        position: &G::Position,
        negated: bool,
        parts: &mut Parts,
    ) -> Result<SumPart> {
        let (left, right) = self.listed(position, negated)?;
        let sign = if negated { "-" } else { "" };
        let text = |s: &Self, p: &G::Position| format!("{sign}{} {}", s.name, s.game.show(p));
        let mut side = |options: Vec<G::Position>| -> Result<Vec<(String, Vec<NodeId>)>> {
            let mut sided = Vec::with_capacity(options.len());
            for option in options {
                let of = self.of(&option, negated, parts)?;
                sided.push((text(self, &option), of));
            }
            Ok(sided)
        };
        let left = side(left)?;
        let right = side(right)?;
        Ok(SumPart {
            text: text(self, position),
            parts: self.of(position, negated, parts)?,
            left,
            right,
        })
    }

    /// The parts of position `p` (its regions, each negated where
    /// `negated`), numbered where they are new.
    fn of(&mut self, p: &G::Position, negated: bool, parts: &mut Parts) -> Result<Vec<NodeId>> {
        let mut of = Vec::new();
        for part in self.game.parts(p) {
            let key = (part.key, part.negated ^ negated);
            if let Some(&id) = self.numbers.get(&key) {
                of.push(id);
                continue;
            }
            let local = u32::try_from(self.keys.len())
                .map_err(|_| Error::Limit("misère play meets fewer than 2^32 regions".into()))?;
            let id = parts.new_part(self.index, local)?;
            let entry = size_of::<((G::Position, bool), NodeId)>() + self.game.heap_bytes(&key.0);
            parts.hold(memory::hashed(1, entry as u64) + memory::vector(1, entry as u64));
            self.keys.push(key.clone());
            self.numbers.insert(key, id);
            of.push(id);
        }
        Ok(of)
    }

    /// The options of `p` (Left's, Right's; swapped where `negated`),
    /// refused where the family counts more than can be listed.
    fn listed(&self, p: &G::Position, negated: bool) -> Result<Sides<G::Position>> {
        let game = &*self.game;
        if let Some(count) = game.option_count(p).filter(|&n| n > MAX_LISTED_OPTIONS) {
            return Err(Error::Limit(format!(
                "{} has {count} options, more than misère play lists \
                 ({MAX_LISTED_OPTIONS}): searched whole, it takes a smaller position",
                game.show(p)
            )));
        }
        let (left, right) = (game.left_options(p), game.right_options(p));
        if let Some(error) = game.failure() {
            return Err(error);
        }
        Ok(if negated {
            (right, left)
        } else {
            (left, right)
        })
    }

    /// Refuses a position of a family whose play may come back to it (a
    /// script's) where it does: misère play is searched on short games
    /// only. Every position reached is looked through once, within the
    /// memory budget; `progress` is told how many.
    fn check_short(
        &self,
        p: &G::Position,
        negated: bool,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<()> {
        let mut path = HashSet::new();
        let mut done = HashSet::new();
        self.visit(p, negated, &mut path, &mut done, progress)
    }

    fn visit(
        &self,
        p: &G::Position,
        negated: bool,
        path: &mut HashSet<G::Position>,
        done: &mut HashSet<G::Position>,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<()> {
        if done.contains(p) {
            return Ok(());
        }
        let count = done.len() as u64;
        if count % PROGRESS_EVERY == 0 && count > 0 {
            if !progress(count) {
                return Err(Error::Limit(format!(
                    "interrupted after looking through {count} positions for misère play"
                )));
            }
            let each = size_of::<G::Position>() + self.game.heap_bytes(p);
            if memory::hashed(count, each as u64) > memory::budget() {
                return Err(Error::Limit(format!(
                    "misère play needs more than {}, the memory budget, to look through \
                     the {count} positions reached so far",
                    memory::Size(memory::budget())
                )));
            }
        }
        if path.len() >= MAX_HEIGHT as usize {
            return Err(Error::Limit(format!(
                "misère play is searched on games at most {MAX_HEIGHT} moves long; this one \
                 is longer"
            )));
        }
        if !path.insert(p.clone()) {
            return Err(Error::Unsupported(format!(
                "a position comes back after {} moves: play can go on forever, so the game \
                 is not short and misère play of it is not searched (solve it strongly \
                 instead, with a player to move)",
                path.len()
            )));
        }
        let (left, right) = self.listed(p, negated)?;
        for option in left.iter().chain(&right) {
            self.visit(option, negated, path, done, progress)?;
        }
        path.remove(p);
        done.insert(p.clone());
        Ok(())
    }
}

impl<G: ShortRules, R: Deref<Target = G>> Source for Regions<R, G::Position> {
    fn options(&mut self, local: u32, parts: &mut Parts) -> Result<Options> {
        let (p, negated) = self.keys[local as usize].clone();
        let (left, right) = self.listed(&p, negated)?;
        let mut side = |options: Vec<G::Position>| -> Result<Vec<Vec<NodeId>>> {
            (options.iter())
                .map(|o| self.of(o, negated, parts))
                .collect()
        };
        Ok((side(left)?, side(right)?))
    }

    fn dead_ending(&self) -> bool {
        ShortRules::dead_ending(&*self.game)
    }
}

impl<'a, G: ShortRules, R: Deref<Target = G> + 'a> FamilyParts<'a> for Regions<R, G::Position> {
    fn part(
        &mut self,
        word: &Word,
        negated: bool,
        parts: &mut Parts,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SumPart> {
        let position = self.game.parse_position(word)?;
        if self.game.may_repeat() {
            self.check_short(&position, negated, progress)?;
        }
        self.position_part(&position, negated, parts)
    }

    fn into_source(self: Box<Self>) -> Box<dyn Source + 'a> {
        self
    }
}

/// The misère analysis of the sum of `parts`, all made in `search` (the
/// trees of impartial parts built in `forms` for their misère canonical
/// forms). With `moves` at Some(n), every winning move is counted and the
/// first n are listed; with `None`, no part's form and no winning move
/// (not computed). `progress` is told how many positions were searched
/// and stops the search by answering false.
pub fn analyze_misere_sum(
    search: &mut SumSearch,
    forms: &mut Forms,
    parts: &[SumPart],
    moves: Option<usize>,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<MisereAnalysis> {
    let all: Vec<NodeId> = parts.iter().flat_map(|p| p.parts.iter().copied()).collect();
    let left_wins = search.wins(&all, true, progress)?;
    let right_wins = search.wins(&all, false, progress)?;
    let outcome = match (left_wins, right_wins) {
        (true, true) => OutcomeClass::N,
        (true, false) => OutcomeClass::L,
        (false, true) => OutcomeClass::R,
        (false, false) => OutcomeClass::P,
    };
    let mut built = HashMap::new();
    let mut misere_form =
        |search: &mut SumSearch, forms: &mut Forms, of: &[NodeId]| match search.impartial(of)? {
            true => {
                let g = search.form(of, forms, &mut built)?;
                forms.misere_form(g)
            }
            false => Ok(None),
        };
    let is_impartial = search.impartial(&all)?;
    let sum_form = misere_form(search, forms, &all)?;
    let (mut left_moves, mut right_moves) = (Vec::new(), Vec::new());
    let (mut left_move_count, mut right_move_count) = (0, 0);
    let mut written = Vec::new();
    if let Some(most) = moves {
        for (i, part) in parts.iter().enumerate() {
            let form = misere_form(search, forms, &part.parts)?;
            written.push((part.text.clone(), search.impartial(&part.parts)?, form));
            let rest: Vec<NodeId> = (parts.iter().enumerate())
                .filter(|&(j, _)| j != i)
                .flat_map(|(_, p)| p.parts.iter().copied())
                .collect();
            for (left, options) in [(true, &part.left), (false, &part.right)] {
                for (text, option) in options {
                    let after: Vec<NodeId> = rest.iter().chain(option).copied().collect();
                    if search.wins(&after, !left, progress)? {
                        continue;
                    }
                    let (count, listed) = match left {
                        true => (&mut left_move_count, &mut left_moves),
                        false => (&mut right_move_count, &mut right_moves),
                    };
                    *count += 1;
                    if listed.len() < most {
                        listed.push(MisereMove {
                            part: i,
                            to: text.clone(),
                        });
                    }
                }
            }
        }
    }
    Ok(MisereAnalysis {
        expression: (parts.iter())
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join(" + "),
        parts: written,
        outcome,
        is_impartial,
        misere_form: sum_form,
        left_moves,
        left_move_count,
        right_moves,
        right_move_count,
        games: search.len(),
        dead_ending: search.dead_ending(),
    })
}
