//! Misère play of a sum of short partizan games (game literals and
//! positions of families): who wins when the player who cannot move wins,
//! and each player's winning moves. No value of normal play decides it, so
//! each part is built as a game tree as it is ([`Forms`]: a literal as
//! written, a position by its moves), and the sum is searched. Where the
//! sum is impartial, its misère canonical form is given too.
//!
//! ```
//! use grundy::misere::forms::Forms;
//! use grundy::partizan::{read_into, OutcomeClass};
//! use grundy::short::misere::{analyze_misere_values, MiserePart};
//!
//! let mut forms = Forms::new();
//! let star = read_into(&mut forms, "*", 1).unwrap();
//! let parts = [MiserePart::literal(&forms, "*", star).unwrap()];
//! let analysis = analyze_misere_values(&mut forms, &parts, Some(100)).unwrap();
//! // Under misère play the player to move at * must take the last move,
//! // and loses.
//! assert_eq!(analysis.outcome, OutcomeClass::P);
//! assert_eq!(analysis.misere_form.as_deref(), Some("*"));
//! ```

use std::hash::Hash;

use hashbrown::{HashMap, HashSet};

use super::{ShortRules, MAX_LISTED_OPTIONS};
use crate::error::{Error, Result};
use crate::memory;
use crate::misere::forms::{FormId, Forms};
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

/// The most options held along one line of play while a game is built
/// for misère play (each position's, until its options are built): a
/// position whose lines of play hold more is refused early, not after
/// holding a million options at each of 512 levels.
pub const MAX_HELD_OPTIONS: usize = 1 << 20;

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
            "misère play needs more than {} MiB, the memory budget, for the {} positions \
             built so far",
            memory::budget() >> 20,
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
    /// How many distinct game trees the search built.
    pub games: usize,
}

/// The misère analysis of the sum of `parts`, all built in `forms`. With
/// `moves` at Some(n), every winning move is counted and the first n are
/// listed; with `None`, no part's form and no winning move (not computed).
pub fn analyze_misere_values(
    forms: &mut Forms,
    parts: &[MiserePart],
    moves: Option<usize>,
) -> Result<MisereAnalysis> {
    let zero = forms.make(&[], &[])?;
    let mut sum = zero;
    for part in parts {
        sum = forms.add(sum, part.form)?;
    }
    let is_impartial = forms.is_impartial(sum);
    let misere_form = forms.misere_form(sum)?;
    let (mut left_moves, mut right_moves) = (Vec::new(), Vec::new());
    let (mut left_move_count, mut right_move_count) = (0, 0);
    let mut written = Vec::new();
    if let Some(most) = moves {
        for (i, part) in parts.iter().enumerate() {
            let impartial = forms.is_impartial(part.form);
            written.push((part.text.clone(), impartial, forms.misere_form(part.form)?));
            let mut rest = zero;
            for (j, other) in parts.iter().enumerate() {
                if j != i {
                    rest = forms.add(rest, other.form)?;
                }
            }
            for (text, option) in &part.left {
                let after = forms.add(rest, *option)?;
                if !forms.right_wins(after) {
                    left_move_count += 1;
                    if left_moves.len() < most {
                        left_moves.push(MisereMove {
                            part: i,
                            to: text.clone(),
                        });
                    }
                }
            }
            for (text, option) in &part.right {
                let after = forms.add(rest, *option)?;
                if !forms.left_wins(after) {
                    right_move_count += 1;
                    if right_moves.len() < most {
                        right_moves.push(MisereMove {
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
        outcome: forms.outcome(sum),
        is_impartial,
        misere_form,
        left_moves,
        left_move_count,
        right_moves,
        right_move_count,
        games: forms.len(),
    })
}
