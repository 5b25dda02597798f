//! Misère canonical forms of impartial games (Conway, *On Numbers and
//! Games*, chapter 12; Siegel, *Combinatorial Game Theory*, V.1): two
//! games are equal under misère play when no third game added to both
//! tells them apart, and each class has one simplest form, kept here once,
//! so that equal games have equal ids.
//!
//! The simplification (Conway's theorem; Siegel V.1): G equals H when
//! H's options are among G's, every other option of G has H as an option,
//! and G and H have the same misère outcome. A game whose options are
//! simplest and which equals no such H is simplest itself; such an H,
//! being an option of an option, is simplest already. There is no
//! dominance: impartial misère games are equal or incomparable.
//!
//! ```
//! use grundy::misere::canonical::MisereGames;
//!
//! let mut games = MisereGames::new();
//! let (zero, star) = (games.zero(), games.nimber(1));
//! // {*} is 0 under misère play; * + * is {*}, so 0 too.
//! assert_eq!(games.game(&[star]), zero);
//! assert_eq!(games.add(star, star).unwrap(), zero);
//! // *2 + *2 is not 0: only * is its own inverse besides 0.
//! let two = games.nimber(2);
//! let sum = games.add(two, two).unwrap();
//! assert_ne!(sum, zero);
//! // Though it is a second-player win, as 0 is not under misère play.
//! assert!(games.is_p(sum) && !games.is_p(zero));
//! ```

use hashbrown::HashMap;
use num_bigint::BigUint;

use crate::error::{Error, Result};
use crate::interrupt::Interrupt;
use crate::memory;
use crate::partizan::{write_braced, MAX_WRITTEN};

/// A game in misère simplest form, in a [`MisereGames`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(u32);

/// The simplest forms met so far, each once, with their sums.
pub struct MisereGames {
    /// Each game's options, simplest forms, sorted and without repeats.
    options: Vec<Box<[MisereId]>>,
    /// Whether the previous player wins the game under misère play: it has
    /// options and every option is a win for the player moving there
    /// (moving to a P-position is a win; with no move, the player to move
    /// wins).
    previous: Vec<bool>,
    /// Each game's birthday: one more than its latest-born option.
    birthdays: Vec<u32>,
    /// Which games are nim-heaps: *n, its options *0 to *(n-1).
    heaps: Vec<Option<u32>>,
    forms: HashMap<Box<[MisereId]>, MisereId>,
    sums: HashMap<(MisereId, MisereId), MisereId>,
    nimbers: Vec<MisereId>,
    /// What the options take on the heap.
    option_bytes: u64,
    budget: u64,
    /// Set to stop sums at once (Ctrl-C, a server's cancel).
    interrupt: Option<Interrupt>,
}

impl Default for MisereGames {
    fn default() -> MisereGames {
        MisereGames::new()
    }
}

impl MisereGames {
    /// A table holding 0 = { }, within the process's memory budget.
    pub fn new() -> MisereGames {
        MisereGames::with_budget(memory::budget())
    }

    /// A table holding 0 = { }, whose sums stop at `budget` bytes.
    pub fn with_budget(budget: u64) -> MisereGames {
        let mut games = MisereGames {
            options: Vec::new(),
            previous: Vec::new(),
            birthdays: Vec::new(),
            heaps: Vec::new(),
            forms: HashMap::new(),
            sums: HashMap::new(),
            nimbers: Vec::new(),
            option_bytes: 0,
            budget,
            interrupt: None,
        };
        let zero = games.intern(Box::new([]));
        games.nimbers.push(zero);
        games
    }

    /// Stops sums when `interrupt` is set: each sum not yet known then
    /// ends in the error "interrupted".
    pub fn interrupt_on(&mut self, interrupt: Option<Interrupt>) {
        self.interrupt = interrupt;
    }

    /// The game with no options.
    pub fn zero(&self) -> MisereId {
        MisereId(0)
    }

    /// The nim-heap *n = {0, *, ..., *(n-1)}, simplest as it is.
    pub fn nimber(&mut self, n: usize) -> MisereId {
        while self.nimbers.len() <= n {
            let options = self.nimbers.clone();
            let next = self.game(&options);
            self.nimbers.push(next);
        }
        self.nimbers[n]
    }

    /// The options of g, simplest forms.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.options[g.0 as usize]
    }

    /// Whether the player to move at g loses under misère play.
    pub fn is_p(&self, g: MisereId) -> bool {
        self.previous[g.0 as usize]
    }

    /// g's birthday (of its simplest form).
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.birthdays[g.0 as usize]
    }

    /// How many simplest forms the table holds.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// Whether the table holds 0 alone.
    pub fn is_empty(&self) -> bool {
        self.options.len() <= 1
    }

    /// The game whose options are `options` (simplest forms), in simplest
    /// form.
    pub fn game(&mut self, options: &[MisereId]) -> MisereId {
        let mut options = options.to_vec();
        options.sort_unstable();
        options.dedup();
        if let Some(&known) = self.forms.get(options.as_slice()) {
            return known;
        }
        // The options of a nim-heap, *0 to *(n-1), are simplest as they
        // are (`reduction` finds nothing: each *j of an option's options
        // is itself an option of G without *j as its own option), so the
        // heaps are not searched, which took O(n^2) tests of O(n) each for
        // *n, O(n^4) for every heap to *n.
        let heaps = options.iter().enumerate();
        if heaps
            .clone()
            .all(|(k, o)| self.heaps[o.0 as usize] == Some(k as u32))
        {
            return self.intern(options.into_boxed_slice());
        }
        match self.reduction(&options) {
            Some(h) => h,
            None => self.intern(options.into_boxed_slice()),
        }
    }

    /// The game G of the options `options` (simplest forms, sorted, each
    /// once) reduces to, if any: G = H for an option H of an option of G
    /// whose options are among G's, where every other option of G has H
    /// as an option, and whose outcome is G's.
    fn reduction(&self, options: &[MisereId]) -> Option<MisereId> {
        let previous = previous_wins(options, &self.previous);
        for &option in options {
            for &h in self.options(option) {
                if self.is_p(h) == previous && self.reduces_to(options, h) {
                    return Some(h);
                }
            }
        }
        None
    }

    /// Whether the options `of_g` reduce to h: h's options are among them,
    /// and each of the rest has h as an option.
    fn reduces_to(&self, of_g: &[MisereId], h: MisereId) -> bool {
        let of_h = self.options(h);
        of_h.iter().all(|o| of_g.binary_search(o).is_ok())
            && of_g
                .iter()
                .filter(|o| of_h.binary_search(o).is_err())
                .all(|&o| self.options(o).binary_search(&h).is_ok())
    }

    fn intern(&mut self, options: Box<[MisereId]>) -> MisereId {
        let id = MisereId(u32::try_from(self.options.len()).expect("fewer than 2^32 games"));
        self.previous.push(previous_wins(&options, &self.previous));
        let birthday = options.iter().map(|&o| self.birthday(o) + 1).max();
        self.birthdays.push(birthday.unwrap_or(0));
        // Options sorted by id are made in order, so *0 .. *(n-1) in order.
        let heaps = options.iter().map(|o| self.heaps[o.0 as usize]);
        let heap = heaps.enumerate().all(|(k, h)| h == Some(k as u32));
        self.heaps.push(heap.then_some(options.len() as u32));
        self.option_bytes += memory::allocation(4 * options.len() as u64);
        self.forms.insert(options.clone(), id);
        self.options.push(options);
        id
    }

    /// g + h, in simplest form; a limit error past the memory budget.
    pub fn add(&mut self, g: MisereId, h: MisereId) -> Result<MisereId> {
        if self.bytes() > self.budget {
            return Err(Error::Limit(format!(
                "the misère canonical forms need more than {}, the memory budget ({} \
                 distinct games)",
                memory::Size(self.budget),
                self.len()
            )));
        }
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sums.get(&key) {
            return Ok(known);
        }
        if self.interrupt.as_ref().is_some_and(Interrupt::is_set) {
            return Err(Error::Limit(format!(
                "interrupted while adding misère canonical forms ({} distinct games so far)",
                self.len()
            )));
        }
        let mut options = Vec::new();
        for i in 0..self.options(g).len() {
            let option = self.options(g)[i];
            options.push(self.add(option, h)?);
        }
        for i in 0..self.options(h).len() {
            let option = self.options(h)[i];
            options.push(self.add(g, option)?);
        }
        let sum = self.game(&options);
        self.sums.insert(key, sum);
        Ok(sum)
    }

    /// What the table takes, in bytes.
    pub fn bytes(&self) -> u64 {
        let id = std::mem::size_of::<MisereId>() as u64;
        let boxed = std::mem::size_of::<Box<[MisereId]>>() as u64;
        // The options twice: in `options` and as the keys of `forms`.
        memory::vector(self.options.len() as u64, boxed + id + 5)
            + self.option_bytes * 2
            + memory::hashed(self.forms.len() as u64, boxed + id)
            + memory::hashed(self.sums.len() as u64, 3 * id)
    }

    /// g as text: `0`, a nim-heap `*n` (`*` for *1), otherwise its options
    /// in braces, `{0,*2,{*3}}`, each written so; a limit error past
    /// [`MAX_WRITTEN`] characters.
    pub fn write(&self, g: MisereId) -> Result<String> {
        let mut text = String::new();
        match self.write_into(g, &mut text) {
            true => Ok(text),
            false => Err(too_long()),
        }
    }

    fn write_into(&self, g: MisereId, text: &mut String) -> bool {
        if let Some(n) = self.heaps[g.0 as usize] {
            text.push_str(&nim_heap_text(&BigUint::from(n)));
            return text.len() <= MAX_WRITTEN;
        }
        write_braced(text, &[self.options(g)], |option, text| {
            self.write_into(option, text)
        })
    }
}

/// The nim-heap *n, simplest as it is, written as [`MisereGames::write`]
/// writes it; a limit error past [`MAX_WRITTEN`] characters (a heap of
/// more digits).
pub fn write_nim_heap(n: &BigUint) -> Result<String> {
    let text = nim_heap_text(n);
    match text.len() <= MAX_WRITTEN {
        true => Ok(text),
        false => Err(too_long()),
    }
}

fn too_long() -> Error {
    Error::Limit(format!(
        "a misère canonical form written in more than {MAX_WRITTEN} characters"
    ))
}

/// The nim-heap *n as a misère canonical form is written: `0`, `*` for *1,
/// `*n`.
fn nim_heap_text(n: &BigUint) -> String {
    match u8::try_from(n) {
        Ok(0) => "0".to_string(),
        Ok(1) => "*".to_string(),
        _ => format!("*{n}"),
    }
}

/// Whether the previous player wins a game with these options: it has
/// some, and each is a win for the player to move there.
fn previous_wins(options: &[MisereId], previous: &[bool]) -> bool {
    !options.is_empty() && options.iter().all(|o| !previous[o.0 as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game by its options, unsimplified: the reference the simplest
    /// forms are checked against.
    #[derive(Clone, Debug)]
    struct Tree(Vec<Tree>);

    /// Misère outcome of a sum of trees by exhaustive search: the player
    /// to move loses when they have a move and every move leaves a sum
    /// the next player wins.
    fn previous_wins_sum(parts: &[&Tree]) -> bool {
        let mut has_move = false;
        for (i, part) in parts.iter().enumerate() {
            for option in &part.0 {
                has_move = true;
                let mut after = parts.to_vec();
                after[i] = option;
                if previous_wins_sum(&after) {
                    return false;
                }
            }
        }
        has_move
    }

    fn simplest(games: &mut MisereGames, tree: &Tree) -> MisereId {
        let options: Vec<MisereId> = tree.0.iter().map(|t| simplest(games, t)).collect();
        games.game(&options)
    }

    /// Every game born by day `day`, one tree for each simplest form, by
    /// subsets of the forms born the day before.
    fn born_by(games: &mut MisereGames, day: u32) -> Vec<(MisereId, Tree)> {
        let mut forms = vec![(games.zero(), Tree(Vec::new()))];
        for _ in 0..day {
            let mut next: Vec<(MisereId, Tree)> = Vec::new();
            for subset in 0u64..1 << forms.len() {
                let chosen: Vec<&(MisereId, Tree)> = (0..forms.len())
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| &forms[i])
                    .collect();
                let ids: Vec<MisereId> = chosen.iter().map(|c| c.0).collect();
                let g = games.game(&ids);
                if !next.iter().any(|(known, _)| *known == g) {
                    next.push((g, Tree(chosen.iter().map(|c| c.1.clone()).collect())));
                }
            }
            forms = next;
        }
        forms
    }

    /// ONAG, chapter 12 (and Siegel V.1): the games born by day 0, 1, 2,
    /// 3 and 4 have 1, 2, 3, 5 and 22 misère simplest forms.
    #[test]
    fn the_games_born_by_each_day_are_as_conway_counted() {
        let mut games = MisereGames::new();
        let counts: Vec<usize> = (0..=4).map(|day| born_by(&mut games, day).len()).collect();
        assert_eq!(counts, [1, 2, 3, 5, 22]);
    }

    /// Games with one simplest form are not told apart by any game added,
    /// and games with two are: among the 22 born by day 4, each pair is
    /// told apart by one of them or a sum of two (checked by exhaustive
    /// search), and each tree behaves as its form, added to each of them.
    #[test]
    fn simplest_forms_are_equal_exactly_when_no_game_tells_them_apart() {
        let mut games = MisereGames::new();
        let forms = born_by(&mut games, 4);
        let trees: Vec<&Tree> = forms.iter().map(|f| &f.1).collect();
        for (i, a) in trees.iter().enumerate() {
            for b in &trees[i + 1..] {
                let apart = trees.iter().any(|x| {
                    previous_wins_sum(&[a, x]) != previous_wins_sum(&[b, x])
                        || trees
                            .iter()
                            .any(|y| previous_wins_sum(&[a, x, y]) != previous_wins_sum(&[b, x, y]))
                });
                assert!(apart, "{a:?} and {b:?} have two forms but one behaviour");
            }
        }
        // Trees of day 3 in every arrangement of options, repeated ones
        // included: each behaves as its simplest form's tree.
        let day3 = born_by(&mut games, 3);
        for subset in 0u32..1 << 5 {
            let tree = Tree(
                (0..5)
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| day3[i].1.clone())
                    .collect(),
            );
            let g = simplest(&mut games, &tree);
            let form = &forms.iter().find(|f| f.0 == g).expect("born by day 4").1;
            for x in &trees {
                assert_eq!(
                    previous_wins_sum(&[&tree, x]),
                    previous_wins_sum(&[form, x]),
                    "{tree:?} and its form {form:?}, with {x:?}"
                );
            }
        }
    }

    /// Sums in simplest form have the outcome of the sum of the trees,
    /// found by search, over every pair of games born by day 3 and the
    /// nim-heaps to *3.
    #[test]
    fn sums_have_the_outcomes_found_by_search() {
        let mut games = MisereGames::new();
        let mut forms = born_by(&mut games, 3);
        for n in 2..=3 {
            let heap = Tree((0..n).map(nim_tree).collect());
            forms.push((games.nimber(n), heap));
        }
        for (g, a) in &forms {
            assert_eq!(games.is_p(*g), previous_wins_sum(&[a]), "{a:?}");
            for (h, b) in &forms {
                let sum = games.add(*g, *h).unwrap();
                assert_eq!(games.is_p(sum), previous_wins_sum(&[a, b]), "{a:?} + {b:?}");
                assert_eq!(games.add(*h, *g).unwrap(), sum);
            }
        }
    }

    fn nim_tree(n: usize) -> Tree {
        Tree((0..n).map(nim_tree).collect())
    }

    /// Misère Nim (Bouton; ONAG chapter 12): a sum of heaps is lost by the
    /// player to move when some heap is larger than 1 and the XOR is 0, or
    /// when every heap is at most 1 and their number is odd.
    #[test]
    fn sums_of_nim_heaps_follow_misere_nim() {
        let mut games = MisereGames::new();
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..4 {
                    let mut sum = games.zero();
                    for heap in [a, b, c] {
                        let n = games.nimber(heap);
                        sum = games.add(sum, n).unwrap();
                    }
                    let heaps = [a, b, c];
                    let lost = match heaps.iter().all(|&h| h <= 1) {
                        true => heaps.iter().sum::<usize>() % 2 == 1,
                        false => a ^ b ^ c == 0,
                    };
                    assert_eq!(games.is_p(sum), lost, "nim {a} {b} {c}");
                }
            }
        }
    }

    /// Known equalities (ONAG chapter 12): {*} = 0, * + * = 0, while
    /// *2 + *2 is not 0 (the misère monoid of nim-heaps is not a group);
    /// and the forms are written back as read.
    #[test]
    fn conways_small_facts() {
        let mut games = MisereGames::new();
        let (zero, star, two) = (games.zero(), games.nimber(1), games.nimber(2));
        assert_eq!(games.game(&[star]), zero);
        assert_eq!(games.add(star, star).unwrap(), zero);
        let twice = games.add(two, two).unwrap();
        assert_ne!(twice, zero);
        assert!(games.is_p(twice));
        assert_eq!(games.write(two).unwrap(), "*2");
        let sharp = games.game(&[two]);
        assert_eq!(games.write(sharp).unwrap(), "{*2}");
        assert_eq!(games.birthday(sharp), 3);
    }

    /// The heaps are interned without the search for a reduction: the
    /// search, run on each heap's options, finds none, and each heap is
    /// its own game, distinct from the others and from sums of two.
    #[test]
    fn nim_heaps_are_simplest_as_they_are() {
        let mut games = MisereGames::new();
        let heaps: Vec<MisereId> = (0..=48).map(|n| games.nimber(n)).collect();
        for n in 0..=48 {
            assert_eq!(games.reduction(&heaps[..n]), None, "*{n}");
            assert_eq!(games.options(heaps[n]), &heaps[..n]);
            assert_eq!(games.birthday(heaps[n]), n as u32);
        }
        let sum = games.add(heaps[2], heaps[3]).unwrap();
        assert!(!heaps.contains(&sum));
    }

    /// Once interrupted, a sum not yet known ends in the error; one known
    /// is still answered.
    #[test]
    fn an_interrupt_stops_new_sums() {
        let mut games = MisereGames::new();
        let (two, three) = (games.nimber(2), games.nimber(3));
        let known = games.add(two, two).unwrap();
        let interrupt = Interrupt::default();
        games.interrupt_on(Some(interrupt.clone()));
        interrupt.set();
        assert_eq!(games.add(two, two).unwrap(), known);
        let error = games.add(two, three).unwrap_err();
        assert!(error.to_string().contains("interrupted"), "{error}");
    }
}
