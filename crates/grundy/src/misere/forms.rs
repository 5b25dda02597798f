//! Short partizan games kept as they are written, for misère play, where
//! the player who cannot move wins. The canonical forms of normal play do
//! not hold there: {*2|*2} is 0 under normal play, but under misère play
//! the player to move at 0 wins (having no move) and at {*2|*2} loses
//! (moving to *2, where the other leaves *). So a game here is its
//! options exactly (hash-consed: a form met twice is kept once, its
//! options a set), with who wins it moving first, and, where it is
//! impartial (Left's options are Right's, all the way down), its misère
//! canonical form ([`MisereGames`], Conway's simplification).
//!
//! ```
//! use grundy::misere::forms::Forms;
//! use grundy::partizan::{read_into, OutcomeClass};
//!
//! let mut forms = Forms::new();
//! // Under misère play the player to move at 0 wins: Left and Right alike.
//! let zero = read_into(&mut forms, "0", 1).unwrap();
//! assert_eq!(forms.outcome(zero), OutcomeClass::N);
//! // {*2|*2}: each player moves to *2, where the other moves to * and
//! // wins; 0 under normal play, a loss for the player to move here.
//! let g = read_into(&mut forms, "{*2|*2}", 1).unwrap();
//! assert_eq!(forms.outcome(g), OutcomeClass::P);
//! // Impartial, so it has a misère canonical form: *2 + *2 is no 0.
//! let sum = read_into(&mut forms, "*2 + *2", 1).unwrap();
//! assert_eq!(forms.misere_form(sum).unwrap().as_deref(), Some("{*2,*3}"));
//! ```

use hashbrown::HashMap;

use super::canonical::{MisereGames, MisereId};
use crate::error::{Error, Result};
use crate::interrupt::Interrupt;
use crate::memory;
use crate::partizan::Build;
use crate::partizan::{write_braced, Dyadic, OutcomeClass, MAX_HEIGHT, MAX_WRITTEN};

/// A game of a [`Forms`] table, its options as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormId(u32);

/// A form's options, Left's then Right's: its key in the table.
type Options = (Box<[FormId]>, Box<[FormId]>);

/// What is known of each form when it is made.
#[derive(Clone, Copy, Debug)]
struct Facts {
    /// Whether Left moving first wins under misère play: Left has no
    /// move, or one to a form Right moving first loses.
    left_wins: bool,
    /// Whether Right moving first wins.
    right_wins: bool,
    /// Whether Left's options are Right's, and each is impartial.
    impartial: bool,
    /// The longest play from the form: one more than its options'.
    height: u32,
}

/// The forms met so far, each once, with their sums and negatives.
pub struct Forms {
    left: Vec<Box<[FormId]>>,
    right: Vec<Box<[FormId]>>,
    facts: Vec<Facts>,
    forms: HashMap<Options, FormId>,
    sums: HashMap<(FormId, FormId), FormId>,
    negatives: HashMap<FormId, FormId>,
    numbers: HashMap<Dyadic, FormId>,
    nimbers: Vec<FormId>,
    /// The short names of forms read by name (numbers, nimbers, ↑ and ↓),
    /// written back so.
    names: HashMap<FormId, String>,
    misere: MisereGames,
    simplest: HashMap<FormId, MisereId>,
    remoteness: HashMap<(FormId, bool), u32>,
    option_bytes: u64,
    budget: u64,
    interrupt: Option<Interrupt>,
}

impl Default for Forms {
    fn default() -> Forms {
        Forms::new()
    }
}

impl Forms {
    /// A table holding 0 = { | }, within the process's memory budget.
    pub fn new() -> Forms {
        let mut forms = Forms {
            left: Vec::new(),
            right: Vec::new(),
            facts: Vec::new(),
            forms: HashMap::new(),
            sums: HashMap::new(),
            negatives: HashMap::new(),
            numbers: HashMap::new(),
            nimbers: Vec::new(),
            names: HashMap::new(),
            misere: MisereGames::new(),
            simplest: HashMap::new(),
            remoteness: HashMap::new(),
            option_bytes: 0,
            budget: memory::budget(),
            interrupt: None,
        };
        let zero = forms.intern(Box::new([]), Box::new([]));
        forms.numbers.insert(Dyadic::ZERO, zero);
        forms.nimbers.push(zero);
        forms.names.insert(zero, "0".into());
        forms
    }

    /// Stops the table's work when `interrupt` is set: each new form then
    /// ends in the error "interrupted".
    pub fn interrupt_on(&mut self, interrupt: Option<Interrupt>) {
        self.misere.interrupt_on(interrupt.clone());
        self.interrupt = interrupt;
    }

    /// How many distinct forms the table holds.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether the table holds 0 alone.
    pub fn is_empty(&self) -> bool {
        self.facts.len() <= 1
    }

    /// Left's options of g.
    pub fn left(&self, g: FormId) -> &[FormId] {
        &self.left[g.0 as usize]
    }

    /// Right's options of g.
    pub fn right(&self, g: FormId) -> &[FormId] {
        &self.right[g.0 as usize]
    }

    /// Who wins g under misère play: L (Left, whoever starts), R, N (the
    /// player to move) or P (the player not to move).
    pub fn outcome(&self, g: FormId) -> OutcomeClass {
        let facts = self.facts[g.0 as usize];
        match (facts.left_wins, facts.right_wins) {
            (true, true) => OutcomeClass::N,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::P,
        }
    }

    /// Whether Left moving first at g wins under misère play.
    pub fn left_wins(&self, g: FormId) -> bool {
        self.facts[g.0 as usize].left_wins
    }

    /// Whether Right moving first at g wins under misère play.
    pub fn right_wins(&self, g: FormId) -> bool {
        self.facts[g.0 as usize].right_wins
    }

    /// Whether g is impartial: each player has the same options, each
    /// impartial.
    pub fn is_impartial(&self, g: FormId) -> bool {
        self.facts[g.0 as usize].impartial
    }

    /// The longest play from g.
    pub fn height(&self, g: FormId) -> u32 {
        self.facts[g.0 as usize].height
    }

    /// The game { left | right }, as given (options without repeats); a
    /// limit error past [`MAX_HEIGHT`] moves deep, past the memory budget
    /// or once interrupted.
    pub fn make(&mut self, left: &[FormId], right: &[FormId]) -> Result<FormId> {
        let set = |options: &[FormId]| {
            let mut options = options.to_vec();
            options.sort_unstable();
            options.dedup();
            options.into_boxed_slice()
        };
        let (left, right) = (set(left), set(right));
        if let Some(&known) = self.forms.get(&(left.clone(), right.clone())) {
            return Ok(known);
        }
        self.check_interrupt()?;
        if self.bytes() > self.budget {
            return Err(Error::Limit(format!(
                "the games of misère play need more than {}, the memory budget ({} distinct \
                 games)",
                memory::Size(self.budget),
                self.len()
            )));
        }
        let height = left
            .iter()
            .chain(right.iter())
            .map(|&o| self.height(o) + 1)
            .max();
        if height.is_some_and(|h| h > MAX_HEIGHT) {
            return Err(Error::Limit(format!(
                "misère play is searched on games at most {MAX_HEIGHT} moves long; this one is \
                 longer"
            )));
        }
        Ok(self.intern(left, right))
    }

    /// An error once the table's work is interrupted.
    fn check_interrupt(&self) -> Result<()> {
        if self.interrupt.as_ref().is_some_and(Interrupt::is_set) {
            return Err(Error::Limit(format!(
                "interrupted while building games for misère play ({} distinct games so far)",
                self.len()
            )));
        }
        Ok(())
    }

    fn intern(&mut self, left: Box<[FormId]>, right: Box<[FormId]>) -> FormId {
        let id = FormId(u32::try_from(self.facts.len()).expect("fewer than 2^32 forms"));
        let facts = Facts {
            left_wins: left.is_empty() || left.iter().any(|&o| !self.right_wins(o)),
            right_wins: right.is_empty() || right.iter().any(|&o| !self.left_wins(o)),
            impartial: left == right && left.iter().all(|&o| self.is_impartial(o)),
            height: (left.iter().chain(right.iter()))
                .map(|&o| self.height(o) + 1)
                .max()
                .unwrap_or(0),
        };
        self.facts.push(facts);
        self.option_bytes += memory::allocation(4 * (left.len() + right.len()) as u64);
        self.forms.insert((left.clone(), right.clone()), id);
        self.left.push(left);
        self.right.push(right);
        id
    }

    /// What the table takes, in bytes.
    pub fn bytes(&self) -> u64 {
        let id = size_of::<FormId>() as u64;
        let boxed = size_of::<Box<[FormId]>>() as u64;
        // The options twice: in `left`, `right` and as the keys of `forms`.
        memory::vector(
            self.facts.len() as u64,
            2 * boxed + size_of::<Facts>() as u64,
        ) + self.option_bytes * 2
            + memory::hashed(self.forms.len() as u64, 2 * boxed + id)
            + memory::hashed(self.sums.len() as u64, 3 * id)
            + memory::hashed(self.negatives.len() as u64, 2 * id)
            + memory::hashed(self.simplest.len() as u64, 2 * id)
            + memory::hashed(self.remoteness.len() as u64, 3 * id)
    }

    /// g + h, the disjunctive sum, its options the moves in either part;
    /// a limit error where it would be longer than [`MAX_HEIGHT`] moves.
    pub fn add(&mut self, g: FormId, h: FormId) -> Result<FormId> {
        let zero = FormId(0);
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        if self.height(g) + self.height(h) > MAX_HEIGHT {
            return Err(Error::Limit(format!(
                "misère play is searched on games at most {MAX_HEIGHT} moves long; a sum of \
                 games {} and {} moves long is longer",
                self.height(g),
                self.height(h)
            )));
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sums.get(&key) {
            return Ok(known);
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, options) in sides.iter_mut().enumerate() {
            let of = |forms: &Forms, x: FormId| match side {
                0 => forms.left(x).to_vec(),
                _ => forms.right(x).to_vec(),
            };
            for option in of(self, g) {
                options.push(self.add(option, h)?);
            }
            for option in of(self, h) {
                options.push(self.add(g, option)?);
            }
        }
        let sum = self.make(&sides[0], &sides[1])?;
        self.sums.insert(key, sum);
        Ok(sum)
    }

    /// -g: Left's and Right's options exchanged, all the way down.
    pub fn neg(&mut self, g: FormId) -> Result<FormId> {
        if let Some(&known) = self.negatives.get(&g) {
            return Ok(known);
        }
        let mut left = Vec::new();
        for option in self.right(g).to_vec() {
            left.push(self.neg(option)?);
        }
        let mut right = Vec::new();
        for option in self.left(g).to_vec() {
            right.push(self.neg(option)?);
        }
        let negative = self.make(&left, &right)?;
        self.negatives.insert(g, negative);
        self.negatives.insert(negative, g);
        Ok(negative)
    }

    /// How many moves play from g lasts under misère play with Left to
    /// move (`left`) or Right, each player winning as fast and losing as
    /// slowly as they can: 0 where the player to move has no move (and so
    /// wins).
    pub fn remoteness(&mut self, g: FormId, left: bool) -> u32 {
        if let Some(&known) = self.remoteness.get(&(g, left)) {
            return known;
        }
        let options = match left {
            true => self.left(g).to_vec(),
            false => self.right(g).to_vec(),
        };
        let (mut fastest, mut slowest) = (None::<u32>, None::<u32>);
        for option in options {
            let r = self.remoteness(option, !left);
            let opponent_wins = match left {
                true => self.right_wins(option),
                false => self.left_wins(option),
            };
            match opponent_wins {
                false => fastest = Some(fastest.map_or(r, |f| f.min(r))),
                true => slowest = Some(slowest.map_or(r, |s| s.max(r))),
            }
        }
        let r = fastest.or(slowest).map_or(0, |r| r + 1);
        self.remoteness.insert((g, left), r);
        r
    }

    /// The misère canonical form of g written out (Conway's simplest form:
    /// `0`, `*2`, `{0,*2}`, a nim-heap by its name), where g is impartial
    /// and the form is written in at most [`MAX_WRITTEN`] characters;
    /// `None` otherwise (Kayles' heap 30 has a far longer one). A limit
    /// error past the memory budget.
    pub fn misere_form(&mut self, g: FormId) -> Result<Option<String>> {
        if !self.is_impartial(g) {
            return Ok(None);
        }
        let simplest = self.simplest(g)?;
        Ok(self.misere.write(simplest).ok())
    }

    /// g's misère simplest form; g impartial.
    fn simplest(&mut self, g: FormId) -> Result<MisereId> {
        if let Some(&known) = self.simplest.get(&g) {
            return Ok(known);
        }
        self.check_interrupt()?;
        let mut options = Vec::new();
        for option in self.left(g).to_vec() {
            options.push(self.simplest(option)?);
        }
        let form = self.misere.game(&options);
        self.simplest.insert(g, form);
        if self.bytes() > self.budget {
            return Err(Error::Limit(format!(
                "the misère canonical forms need more than {}, the memory budget",
                memory::Size(self.budget)
            )));
        }
        Ok(form)
    }

    /// g as grundy reads it back (under misère play, as written): its name
    /// where it was read by one (`1/2`, `*3`, `^`), otherwise its options
    /// in braces, `{0,*|{1|}}`. A limit error where the text would be
    /// longer than [`MAX_WRITTEN`] characters.
    pub fn write(&self, g: FormId) -> Result<String> {
        let mut text = String::new();
        match self.write_into(g, &mut text) {
            true => Ok(text),
            false => Err(Error::Limit(format!(
                "a game of misère play written in more than {MAX_WRITTEN} characters"
            ))),
        }
    }

    fn write_into(&self, g: FormId, text: &mut String) -> bool {
        if let Some(name) = self.names.get(&g) {
            text.push_str(name);
            return text.len() <= MAX_WRITTEN;
        }
        let sides = [self.left(g), self.right(g)];
        write_braced(text, &sides, |option, text| self.write_into(option, text))
    }

    fn name(&mut self, g: FormId, name: String) {
        self.names.entry(g).or_insert(name);
    }
}

impl Build for Forms {
    type Id = FormId;

    fn zero(&mut self) -> FormId {
        FormId(0)
    }

    /// The number's canonical form: n = {n-1|}, -n = {|-n+1}, and
    /// m/2^k = {(m-1)/2^k | (m+1)/2^k}.
    fn number(&mut self, x: Dyadic) -> Result<FormId> {
        if let Some(&known) = self.numbers.get(&x) {
            return Ok(known);
        }
        if x.floor().unsigned_abs() + u128::from(x.exponent()) > u128::from(MAX_HEIGHT) {
            return Err(Error::Limit(format!(
                "misère play is searched on games at most {MAX_HEIGHT} moves long; the number \
                 {x} is longer"
            )));
        }
        let g = if x.is_integer() {
            let one = Dyadic::integer(1);
            match x > Dyadic::ZERO {
                true => {
                    let below = self.number(x - one)?;
                    self.make(&[below], &[])?
                }
                false => {
                    let above = self.number(x + one)?;
                    self.make(&[], &[above])?
                }
            }
        } else {
            let unit = Dyadic::unit(x.exponent());
            let below = self.number(x - unit)?;
            let above = self.number(x + unit)?;
            self.make(&[below], &[above])?
        };
        self.numbers.insert(x, g);
        self.name(g, x.to_string());
        Ok(g)
    }

    fn ups(&mut self, n: i64) -> Result<FormId> {
        if n.unsigned_abs() > u64::from(MAX_HEIGHT) {
            return Err(Error::Limit(format!(
                "misère play is searched on games at most {MAX_HEIGHT} moves long; {n} ups are \
                 longer"
            )));
        }
        let star = self.nimber(1)?;
        let up = self.make(&[FormId(0)], &[star])?;
        self.name(up, "^".into());
        let down = self.neg(up)?;
        self.name(down, "v".into());
        let unit = if n < 0 { down } else { up };
        let mut value = FormId(0);
        for _ in 0..n.unsigned_abs() {
            value = self.add(value, unit)?;
        }
        Ok(value)
    }

    fn nimber(&mut self, n: u64) -> Result<FormId> {
        if n > u64::from(MAX_HEIGHT) {
            return Err(Error::Limit(format!(
                "misère play is searched on games at most {MAX_HEIGHT} moves long; *{n} is longer"
            )));
        }
        while self.nimbers.len() <= n as usize {
            let options = self.nimbers.clone();
            let next = self.make(&options, &options)?;
            let name = match self.nimbers.len() {
                1 => "*".to_string(),
                k => format!("*{k}"),
            };
            self.name(next, name);
            self.nimbers.push(next);
        }
        Ok(self.nimbers[n as usize])
    }

    fn neg(&mut self, g: FormId) -> Result<FormId> {
        Forms::neg(self, g)
    }

    fn add(&mut self, g: FormId, h: FormId) -> Result<FormId> {
        Forms::add(self, g, h)
    }

    fn game(&mut self, left: &[FormId], right: &[FormId]) -> Result<FormId> {
        self.make(left, right)
    }

    fn check(&self) -> Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::read_into;

    /// A game by its options, kept as a tree: the reference the table is
    /// checked against.
    #[derive(Clone, Debug)]
    struct Tree {
        left: Vec<Tree>,
        right: Vec<Tree>,
    }

    /// Whether the player to move at the sum of `parts` wins under misère
    /// play, by exhaustive search: with no move they win, else they win
    /// when some move leaves a sum the other player, to move, loses.
    fn mover_wins(parts: &[&Tree], left_to_move: bool) -> bool {
        let mut moved = false;
        for (i, part) in parts.iter().enumerate() {
            let options = if left_to_move {
                &part.left
            } else {
                &part.right
            };
            for option in options {
                moved = true;
                let mut after = parts.to_vec();
                after[i] = option;
                if !mover_wins(&after, !left_to_move) {
                    return true;
                }
            }
        }
        !moved
    }

    fn form(forms: &mut Forms, tree: &Tree) -> FormId {
        let left: Vec<FormId> = tree.left.iter().map(|t| form(forms, t)).collect();
        let right: Vec<FormId> = tree.right.iter().map(|t| form(forms, t)).collect();
        forms.make(&left, &right).unwrap()
    }

    /// Every tree born by day 2 (each side a subset of the day-1 trees),
    /// the 4 of day 1 being 0's subsets on each side.
    fn born_by_day_two() -> Vec<Tree> {
        let zero = Tree {
            left: vec![],
            right: vec![],
        };
        let subsets = |of: &[Tree]| -> Vec<Vec<Tree>> {
            (0u32..1 << of.len())
                .map(|s| {
                    (0..of.len())
                        .filter(|i| s >> i & 1 == 1)
                        .map(|i| of[i].clone())
                        .collect()
                })
                .collect()
        };
        let day = |before: &[Tree]| -> Vec<Tree> {
            let sides = subsets(before);
            let mut trees = Vec::new();
            for left in &sides {
                for right in &sides {
                    trees.push(Tree {
                        left: left.clone(),
                        right: right.clone(),
                    });
                }
            }
            trees
        };
        let one = day(&[zero]);
        day(&one)
    }

    /// The outcome of each game born by day 2, and of each sum of two of
    /// them, is that of an exhaustive search of the trees.
    #[test]
    fn outcomes_of_games_and_sums_are_those_of_search() {
        let trees = born_by_day_two();
        assert_eq!(trees.len(), 256);
        let mut forms = Forms::new();
        let ids: Vec<FormId> = trees.iter().map(|t| form(&mut forms, t)).collect();
        let class = |left: bool, right: bool| match (left, right) {
            (true, true) => OutcomeClass::N,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::P,
        };
        for (a, &g) in trees.iter().zip(&ids) {
            let searched = class(mover_wins(&[a], true), mover_wins(&[a], false));
            assert_eq!(forms.outcome(g), searched, "{a:?}");
        }
        // Every 16th tree against all: 4,096 sums.
        for (a, &g) in trees.iter().zip(&ids).step_by(16) {
            for (b, &h) in trees.iter().zip(&ids) {
                let sum = forms.add(g, h).unwrap();
                let searched = class(mover_wins(&[a, b], true), mover_wins(&[a, b], false));
                assert_eq!(forms.outcome(sum), searched, "{a:?} + {b:?}");
                let minus = forms.neg(sum).unwrap();
                let swapped = class(mover_wins(&[a, b], false), mover_wins(&[a, b], true));
                assert_eq!(forms.outcome(minus), swapped, "-({a:?} + {b:?})");
            }
        }
    }

    /// Literals read as written, not as their normal-play canonical forms
    /// ({*2|*2} is no 0 here, and a loss for the player to move), and each
    /// written back as read.
    #[test]
    fn literals_are_kept_as_written() {
        let mut forms = Forms::new();
        let read = |forms: &mut Forms, text: &str| read_into(forms, text, 1).unwrap();
        let (zero, g) = (read(&mut forms, "0"), read(&mut forms, "{*2|*2}"));
        assert_ne!(zero, g);
        assert_eq!(forms.outcome(zero), OutcomeClass::N);
        assert_eq!(forms.outcome(g), OutcomeClass::P);
        for text in [
            "{*|*}",
            "1/2",
            "-3/4",
            "*3",
            "^",
            "v",
            "{0,*|0}",
            "{1|{0|-1}}",
            "{|2}",
        ] {
            let g = read(&mut forms, text);
            assert_eq!(forms.write(g).unwrap(), text);
        }
        // 1/2 = {0|1}, 2 = {1|}: a number is its canonical form.
        assert_eq!(read(&mut forms, "1/2"), read(&mut forms, "{0|1}"));
        assert_eq!(read(&mut forms, "2"), read(&mut forms, "{{0|}|}"));
        // Under misère play 1 is a loss for Left moving first (Left must
        // move to 0, where Right, without a move, wins)...
        let one = read(&mut forms, "1");
        assert_eq!(forms.outcome(one), OutcomeClass::R);
        // ... and * a loss for whoever moves.
        let star = read(&mut forms, "*");
        assert_eq!(forms.outcome(star), OutcomeClass::P);
    }

    /// Misère canonical forms of impartial games (ONAG chapter 12): {*} is
    /// 0, * + * is 0, *2 + *2 is none of the nim-heaps; a partizan game
    /// has none.
    #[test]
    fn impartial_games_have_their_misere_canonical_forms() {
        let mut forms = Forms::new();
        let mut form_of = |text: &str| {
            let g = read_into(&mut forms, text, 1).unwrap();
            forms.misere_form(g).unwrap()
        };
        assert_eq!(form_of("{*|*}").as_deref(), Some("0"));
        assert_eq!(form_of("* + *").as_deref(), Some("0"));
        // {0,*2} is *: it reduces to *, an option of *2, which is a loss for
        // the player to move as it is.
        assert_eq!(form_of("{0,*2|0,*2}").as_deref(), Some("*"));
        assert_eq!(form_of("{0,*,*2|0,*,*2}").as_deref(), Some("*3"));
        assert_eq!(form_of("{*2|*2}").as_deref(), Some("{*2}"));
        // *2 + *2 moves to *2 and to *2 + * = *3 (ONAG chapter 12).
        assert_eq!(form_of("*2 + *2").as_deref(), Some("{*2,*3}"));
        assert_eq!(form_of("*2 + *").as_deref(), Some("*3"));
        assert_eq!(form_of("^"), None);
    }

    #[test]
    fn games_too_long_meet_a_limit() {
        let mut forms = Forms::new();
        for text in ["513", "{512|}", "300 + 300"] {
            let error = read_into(&mut forms, text, 1).unwrap_err();
            assert!(
                error.to_string().contains("at most 512 moves"),
                "{text}: {error}"
            );
        }
    }
}
