//! The misère canonical form of a position of an impartial game (Conway,
//! *On Numbers and Games*, chapter 12), built from its options: an option
//! that splits the position is the sum of its parts' forms
//! ([`MisereGames::add`]), and the position is the simplest game with
//! those options ([`MisereGames::game`]). Each position is solved once,
//! with the search's own stack (no recursion).
//!
//! Misère forms grow fast (a heap of Kayles has more distinct followers in
//! misère play than in normal play has values), so the search stops at
//! limits of its own, well inside the memory budget: at most
//! [`FORM_SEARCH_LIMIT`] positions, forms born by day
//! [`MAX_FORM_BIRTHDAY`] (which also bounds the depth of
//! [`MisereGames::add`]'s recursion), and [`FORM_TABLE_BYTES`] of forms.
//!
//! ```
//! use grundy::misere::positions::FormSearch;
//! use grundy::Game;
//!
//! /// Take one or two from a heap: the subtraction game S(1,2).
//! struct TakeOneOrTwo;
//! impl Game for TakeOneOrTwo {
//!     type Position = u64;
//!     fn options(&self, &n: &u64) -> grundy::Result<Vec<Vec<u64>>> {
//!         Ok((1..=2).filter(|&k| k <= n).map(|k| vec![n - k]).collect())
//!     }
//!     fn format_position(&self, n: &u64) -> String {
//!         n.to_string()
//!     }
//! }
//!
//! let mut search = FormSearch::new(TakeOneOrTwo);
//! let written = |search: &mut FormSearch<TakeOneOrTwo>, n: u64| {
//!     let form = search.form(&n, &mut |_| true).unwrap();
//!     search.write(form).unwrap()
//! };
//! // Heaps 0, 1 and 2 are the nim-heaps 0, * and *2. Heap 3 has the
//! // options *2 and *: under misère play it equals 0, an option of both
//! // options, and like 0 a win for the player to move.
//! assert_eq!(written(&mut search, 2), "*2");
//! assert_eq!(written(&mut search, 3), "0");
//! ```

use std::collections::HashSet;

use hashbrown::HashMap;

use super::canonical::{MisereGames, MisereId};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::memory;
use crate::solver::OnSearched;

/// The most positions a [`FormSearch`] solves.
pub const FORM_SEARCH_LIMIT: usize = 100_000;

/// The latest birthday of a form the search keeps: a position whose form
/// is born later, or whose option sums parts born later than this
/// together, is beyond the search. It bounds the search's time too: the
/// nim-heaps *0 to *128, built one from another, take about a second.
pub const MAX_FORM_BIRTHDAY: u32 = 128;

/// The most bytes the search's table of forms takes (its sums included).
pub const FORM_TABLE_BYTES: u64 = 64 << 20;

/// Positions solved between two reports of progress.
const FRAMES_BETWEEN_REPORTS: u64 = 1 << 10;

/// Memoised search of the misère canonical forms of a game's positions.
pub struct FormSearch<G: Game> {
    game: G,
    /// The most positions it solves.
    limit: usize,
    /// The latest birthday of a form it keeps.
    last_day: u32,
    games: MisereGames,
    forms: HashMap<G::Position, MisereId>,
    /// What `forms` holds, in bytes.
    bytes: u64,
}

/// A position whose options' forms are being found.
struct Frame<P> {
    position: P,
    options: Vec<Vec<P>>,
    /// Options before this one have every part solved.
    next: usize,
    bytes: u64,
}

impl<G: Game> FormSearch<G> {
    /// A search of `game`'s positions, within the limits above and the
    /// process's memory budget, whichever is less.
    pub fn new(game: G) -> FormSearch<G> {
        FormSearch::with_limits(game, FORM_SEARCH_LIMIT, MAX_FORM_BIRTHDAY)
    }

    /// A search that solves at most `limit` positions and keeps forms born
    /// by day `last_day`.
    pub fn with_limits(game: G, limit: usize, last_day: u32) -> FormSearch<G> {
        FormSearch {
            game,
            limit,
            last_day,
            games: MisereGames::with_budget(FORM_TABLE_BYTES.min(memory::budget())),
            forms: HashMap::new(),
            bytes: 0,
        }
    }

    /// The misère canonical form of `position`, in [`FormSearch::games`].
    /// The search reports the positions it has solved to `progress` every
    /// 1,024 positions; answering `false` stops it with a limit error (the
    /// positions solved by then stay solved). A position beyond the
    /// search's limits is a limit error; one whose moves come back to it
    /// is unsupported (a misère form is of a game that ends).
    pub fn form(&mut self, position: &G::Position, progress: OnSearched) -> Result<MisereId> {
        if let Some(&known) = self.forms.get(position) {
            return Ok(known);
        }
        let mut stack_bytes = 0;
        let mut stack = vec![self.frame(position.clone(), &mut stack_bytes)?];
        let mut on_stack = HashSet::from([position.clone()]);
        let mut frames = 0u64;
        while let Some(top) = stack.last_mut() {
            frames += 1;
            if frames % FRAMES_BETWEEN_REPORTS == 0 && !progress(self.forms.len() as u64) {
                return Err(Error::Limit(format!(
                    "the search of misère forms was stopped after solving {} positions",
                    self.forms.len()
                )));
            }
            let solved =
                |option: &Vec<G::Position>| option.iter().all(|p| self.forms.contains_key(p));
            while top.next < top.options.len() && solved(&top.options[top.next]) {
                top.next += 1;
            }
            if let Some(option) = top.options.get(top.next) {
                let part = (option.iter())
                    .find(|p| !self.forms.contains_key(*p))
                    .expect("an option not solved has a part not solved")
                    .clone();
                if on_stack.contains(&part) {
                    return Err(Error::Unsupported(format!(
                        "misère canonical forms are of games that end, and the moves of {} \
                         come back to it",
                        self.game.format_position(&part)
                    )));
                }
                if self.forms.len() + stack.len() >= self.limit {
                    return Err(Error::Limit(format!(
                        "the search of misère forms met {} positions without finishing",
                        self.limit
                    )));
                }
                on_stack.insert(part.clone());
                let frame = self.frame(part, &mut stack_bytes)?;
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("the loop holds a frame");
            on_stack.remove(&frame.position);
            stack_bytes -= frame.bytes;
            let form = self.solve(&frame.options)?;
            self.bytes += memory::hashed(1, size_of::<(G::Position, MisereId)>() as u64)
                + self.game.heap_bytes(&frame.position);
            self.check(stack_bytes)?;
            self.forms.insert(frame.position, form);
        }
        Ok(self.forms[position])
    }

    /// The table the forms are in: their options, outcomes and birthdays.
    pub fn games(&self) -> &MisereGames {
        &self.games
    }

    /// `form` as text ([`MisereGames::write`]).
    pub fn write(&self, form: MisereId) -> Result<String> {
        self.games.write(form)
    }

    /// The form of a position whose options' parts are all solved.
    fn solve(&mut self, options: &[Vec<G::Position>]) -> Result<MisereId> {
        let last_day = self.last_day;
        let beyond = |what: &str| {
            Error::Limit(format!(
                "{what} a misère form born after day {last_day}, the latest the search \
                 of misère forms keeps"
            ))
        };
        let mut forms = Vec::with_capacity(options.len());
        for option in options {
            let mut sum = self.games.zero();
            for part in option {
                let form = self.forms[part];
                if self.games.birthday(sum) + self.games.birthday(form) > last_day {
                    return Err(beyond("an option whose parts add up to"));
                }
                sum = self.games.add(sum, form)?;
            }
            forms.push(sum);
        }
        let form = self.games.game(&forms);
        match self.games.birthday(form) > last_day {
            true => Err(beyond("a position of")),
            false => Ok(form),
        }
    }

    /// The frame of `position`, its options listed.
    fn frame(
        &mut self,
        position: G::Position,
        stack_bytes: &mut u64,
    ) -> Result<Frame<G::Position>> {
        let options = self.game.options(&position)?;
        let part = size_of::<G::Position>() as u64;
        let bytes = (options.iter())
            .map(|o| {
                let heap: u64 = o.iter().map(|p| self.game.heap_bytes(p)).sum();
                memory::allocation(part * o.len() as u64) + heap + 24
            })
            .sum::<u64>()
            + 2 * (part + self.game.heap_bytes(&position))
            + memory::vector(1, size_of::<Frame<G::Position>>() as u64)
            + memory::hashed(1, part);
        *stack_bytes += bytes;
        self.check(*stack_bytes)?;
        Ok(Frame {
            position,
            options,
            next: 0,
            bytes,
        })
    }

    /// Whether the forms found, the table and `more` are within the memory
    /// budget.
    fn check(&self, more: u64) -> Result<()> {
        let held = self.bytes + self.games.bytes();
        if held.saturating_add(more) > memory::budget() {
            return Err(Error::Limit(format!(
                "the search of misère forms needs more than {}, the memory budget",
                memory::Size(memory::budget())
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::{Nim, Path, Ring};

    /// Kayles: knock down one pin or two neighbours from a row of pins,
    /// splitting it in two.
    struct Kayles;
    impl Game for Kayles {
        type Position = u64;
        fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
            let mut options = Vec::new();
            for take in 1..=2.min(n) {
                for left in 0..=(n - take) / 2 {
                    let right = n - take - left;
                    let parts = [left, right].into_iter().filter(|&p| p > 0);
                    options.push(parts.collect());
                }
            }
            Ok(options)
        }
        fn format_position(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    /// The misère outcome of a sum of Kayles rows, by search of the sum
    /// itself: the player who cannot move wins.
    fn sum_is_p(rows: &mut Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        rows.retain(|&r| r > 0);
        rows.sort_unstable();
        if let Some(&known) = memo.get(rows.as_slice()) {
            return known;
        }
        let mut p = !rows.is_empty();
        'rows: for i in 0..rows.len() {
            for option in Kayles.options(&rows[i]).unwrap() {
                let mut after = rows.clone();
                after.remove(i);
                after.extend(option);
                if sum_is_p(&mut after, memo) {
                    p = false;
                    break 'rows;
                }
            }
        }
        memo.insert(rows.clone(), p);
        p
    }

    /// The misère outcome of a sum of forms, by search of the sum of their
    /// trees as the table holds them (no simplification).
    fn forms_are_p(games: &MisereGames, parts: &mut Vec<MisereId>) -> bool {
        parts.retain(|&g| !games.options(g).is_empty());
        if parts.is_empty() {
            return false;
        }
        for i in 0..parts.len() {
            for &option in games.options(parts[i]) {
                let mut after = parts.clone();
                after[i] = option;
                if forms_are_p(games, &mut after) {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn forms_of_kayles_rows_play_as_the_rows_beside_other_rows() {
        // Equal under misère play means: no game added tells them apart.
        // Each row's form, beside every sum of up to two rows of 1 to 5
        // pins, has the outcome of the row itself there, found by search
        // of the rows alone.
        let mut search = FormSearch::new(Kayles);
        let mut memo = HashMap::new();
        let mut others: Vec<Vec<u64>> = vec![vec![]];
        for a in 1..=5 {
            others.push(vec![a]);
            for b in a..=5 {
                others.push(vec![a, b]);
            }
        }
        for row in 0..=7 {
            let form = search.form(&row, &mut |_| true).unwrap();
            for other in &others {
                let mut rows: Vec<u64> = other.iter().copied().chain([row]).collect();
                let mut forms = vec![form];
                for &r in other {
                    forms.push(search.form(&r, &mut |_| true).unwrap());
                }
                assert_eq!(
                    forms_are_p(search.games(), &mut forms),
                    sum_is_p(&mut rows, &mut memo),
                    "kayles {row} beside {other:?}"
                );
            }
        }
    }

    #[test]
    fn forms_of_small_kayles_rows() {
        // Worked by hand from the definition (G equals H, an option of an
        // option, when H's options are among G's, G's other options have H
        // as an option, and the outcomes agree; * is misère-P, 0 and every
        // other nim-heap misère-N):
        // - rows 0 to 3 are the nim-heaps 0, *, *2 and *3 (row 3's options
        //   are row 2, rows 1+1 = {*} = 0 and row 1);
        // - * + *2 = {*2, *, * + * = 0} = *3, and * + *3 = {*3, *, 0,
        //   *3} = *2 (its options 0, * and *3 hold *2's, *3 has *2, and
        //   both are misère-N);
        // - *2 + *2 = {*2, *3} (Conway's example: it is misère-P, so
        //   equals no nim-heap);
        // - row 4 = {row 3, rows 1+2, row 2, rows 1+1} = {0,*2,*3} = *:
        //   *'s option 0 is among them, *2 and *3 have *, and both are
        //   misère-P;
        // - row 5 = {row 4, rows 1+3, rows 2+2, row 3, rows 1+2} =
        //   {*,*2,*3,{*2,*3}}, which reduces to none of 0, *, *2, *3 (0 is
        //   not an option of {*2,*3}, and 0 is not among its options).
        let mut search = FormSearch::new(Kayles);
        let rows = [(0, "0"), (1, "*"), (2, "*2"), (3, "*3"), (4, "*")];
        for (row, text) in rows.into_iter().chain([(5, "{*,*2,*3,{*2,*3}}")]) {
            let form = search.form(&row, &mut |_| true).unwrap();
            assert_eq!(search.write(form).unwrap(), text, "kayles {row}");
        }
    }

    #[test]
    fn forms_born_after_the_last_day_kept_are_beyond_the_search() {
        // A nim-heap *n is born on day n, and is its own simplest form.
        let mut search = FormSearch::with_limits(Nim, FORM_SEARCH_LIMIT, 16);
        let form = search.form(&16, &mut |_| true).unwrap();
        assert_eq!(search.write(form).unwrap(), "*16");
        let error = search.form(&17, &mut |_| true).unwrap_err();
        assert!(
            matches!(error, Error::Limit(ref m) if m.contains("day 16")),
            "{error}"
        );
        // Nor is a sum of parts born later than that together added.
        struct Split;
        impl Game for Split {
            type Position = u64;
            fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
                Ok(match n {
                    100 => vec![vec![10, 10]],
                    n => (0..n).map(|k| vec![k]).collect(),
                })
            }
            fn format_position(&self, n: &u64) -> String {
                n.to_string()
            }
        }
        let mut search = FormSearch::with_limits(Split, FORM_SEARCH_LIMIT, 16);
        let error = search.form(&100, &mut |_| true).unwrap_err();
        assert!(
            matches!(error, Error::Limit(ref m) if m.contains("add up")),
            "{error}"
        );
    }

    #[test]
    fn a_cycle_is_unsupported_and_a_stop_is_a_limit() {
        let error = FormSearch::new(Ring).form(&0, &mut |_| true).unwrap_err();
        assert!(matches!(error, Error::Unsupported(_)), "{error}");
        // A path of 5,001 positions is solved without recursion: under
        // misère play {0} is *, and {*} is 0. A progress that says stop
        // stops it.
        let mut path = FormSearch::new(Path);
        let form = path.form(&5_000, &mut |_| true).unwrap();
        assert_eq!(path.write(form).unwrap(), "0");
        let stopped = FormSearch::new(Path)
            .form(&5_000, &mut |_| false)
            .unwrap_err();
        assert!(
            matches!(stopped, Error::Limit(ref m) if m.contains("stopped")),
            "{stopped}"
        );
    }
}
