//! The catalogue: one file per family, each with its rules, its closed form
//! where one is known, and a test of the closed form against exhaustive
//! search, in a folder by kind: `impartial/` (nimbers: heaps, tokens,
//! numbers), `strong/` (boards and graphs solved strongly: win, lose, tie,
//! draw), `partizan/` (short partizan games with values) and `script/`
//! (rules read from a Rhai script). `crate::registry` lists them; this
//! module knows nothing of expressions or sums.
//!
//! ```
//! use grundy::catalogue::{Lasker, Nim};
//! use grundy::Solver;
//! use num_bigint::BigUint;
//!
//! // Lasker's Nim (take, or split a heap in two): G(4k+3) = 4k+4 and
//! // G(4k+4) = 4k+3 (Ferguson, Game Theory, I.4.4).
//! let mut lasker = Solver::new(Lasker);
//! assert_eq!(lasker.nimber(&BigUint::from(3u32)).unwrap(), 4);
//! assert_eq!(lasker.nimber(&BigUint::from(8u32)).unwrap(), 7);
//! // Nim: a heap of n is worth n (Bouton).
//! assert_eq!(Solver::new(Nim).nimber(&BigUint::from(6u32)).unwrap(), 6);
//! // Every family the expressions know.
//! assert!(grundy::FAMILIES.iter().any(|family| family.name == "wythoff"));
//! ```

pub(crate) mod impartial;
pub(crate) mod partizan;
pub(crate) mod script;
pub(crate) mod strong;

pub use impartial::bash::Bash;
pub use impartial::divisor::Divisor;
pub use impartial::graph::Graph;
pub use impartial::lasker::Lasker;
pub use impartial::lieges::Lieges;
pub use impartial::nim::Nim;
pub use impartial::octal::CodeRuleset;
pub use impartial::progressive::Progressive;
pub use impartial::staircase::Staircase;
pub use impartial::subtraction::Subtraction;
pub use impartial::subtraction_set::{SetFormula, SetSubtraction};
pub use script::ScriptGame;
pub use strong::connect4::Connect4;
pub use strong::mnk::{Board, Mnk};
pub use strong::partizan_graph::PartizanGraph;

use crate::component::RulesetRef;
use crate::error::{Error, Result};
use crate::retrograde::Player;
use crate::word::Word;

/// A ruleset with its parameters open, as the catalogue lists it.
pub struct Family {
    /// The family's name as an expression writes it: `nim`, `subtraction`.
    pub name: &'static str,
    /// How a component of the family is written.
    pub usage: &'static str,
    /// One line on the rules.
    pub summary: &'static str,
    /// An expression to try.
    pub example: &'static str,
    /// Builds the ruleset from the family's written parameters.
    pub build: fn(&FamilyText) -> Result<RulesetRef>,
}

/// A family as written: its name and parameters, each word with its column
/// so that an error can point at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyText {
    /// The family's name, with its column.
    pub family: Word,
    /// The parameters between the parentheses, in order (none without
    /// parentheses), each with its column.
    pub parameters: Vec<Word>,
}

/// Fails unless the family was written without parameters.
fn no_parameters(written: &FamilyText) -> Result<()> {
    match written.parameters.first() {
        None => Ok(()),
        Some(p) => Err(p.error(format!("{} takes no parameters", written.family.text))),
    }
}

/// Fails unless exactly `count` parameters were written.
fn parameter_count(written: &FamilyText, count: usize, usage: &str) -> Result<()> {
    if written.parameters.len() == count {
        Ok(())
    } else {
        Err(Error::Parse {
            column: written.family.column,
            message: format!(
                "{} takes {count} parameter{}: {usage}",
                written.family.text,
                if count == 1 { "" } else { "s" }
            ),
        })
    }
}

/// Splits a partizan position written `POSITION@Left` or `POSITION@Right`
/// (`@L`, `@R`, in any case) into the position's own word, with its column,
/// and the player to move there. `expected` says how a position is written,
/// for the error when the `@` is missing.
pub(crate) fn position_and_player(word: &Word, expected: &str) -> Result<(Word, Player)> {
    let (position, player) = word
        .text
        .rsplit_once('@')
        .ok_or_else(|| word.error(expected))?;
    let player = match player.to_ascii_lowercase().as_str() {
        "left" | "l" => Player::Left,
        "right" | "r" => Player::Right,
        _ => {
            return Err(Error::Parse {
                column: word.column + position.chars().count() + 1,
                message: format!("expected Left or Right after '@', found {player:?}"),
            })
        }
    };
    let position = Word {
        text: position.into(),
        column: word.column,
    };
    Ok((position, player))
}

#[cfg(test)]
pub(crate) mod check {
    use std::collections::HashMap;

    use num_bigint::BigUint;

    use crate::error::{Error, Result};
    use crate::game::Ruleset;
    use std::hash::Hash;

    use crate::misere::forms::Forms;
    use crate::misere::sums::SumSearch;
    use crate::partizan::{Games, OutcomeClass, ShortGame, Valuer};
    use crate::short::misere::{Built, FamilyParts, Regions};

    use crate::short::ShortRules;
    use crate::solver::Solver;
    use crate::word::Word;

    /// Who wins `p` by plain search over whole positions (no parts, no
    /// values): what a partizan family's values are checked against.
    pub fn outcome_by_search<G: ShortGame>(
        game: &G,
        p: &G::Position,
        memo: &mut HashMap<(G::Position, bool), bool>,
    ) -> OutcomeClass {
        outcome_under(game, p, false, memo)
    }

    /// Who wins `p` under misère play (who cannot move wins) by plain
    /// search: what the misère play of a family is checked against.
    pub fn misere_outcome_by_search<G: ShortGame>(
        game: &G,
        p: &G::Position,
        memo: &mut HashMap<(G::Position, bool), bool>,
    ) -> OutcomeClass {
        outcome_under(game, p, true, memo)
    }

    fn outcome_under<G: ShortGame>(
        game: &G,
        p: &G::Position,
        misere: bool,
        memo: &mut HashMap<(G::Position, bool), bool>,
    ) -> OutcomeClass {
        match (
            wins(game, p, true, misere, memo),
            wins(game, p, false, misere, memo),
        ) {
            (true, true) => OutcomeClass::N,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::P,
        }
    }

    /// Whether the player to move (Left when `left_to_move`) wins `p`;
    /// without a move, they lose, or under misère play win.
    fn wins<G: ShortGame>(
        game: &G,
        p: &G::Position,
        left_to_move: bool,
        misere: bool,
        memo: &mut HashMap<(G::Position, bool), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(p.clone(), left_to_move)) {
            return known;
        }
        let options = match left_to_move {
            true => game.left_options(p),
            false => game.right_options(p),
        };
        let answer = match options.is_empty() {
            true => misere,
            false => (options.iter()).any(|o| !wins(game, o, !left_to_move, misere, memo)),
        };
        memo.insert((p.clone(), left_to_move), answer);
        answer
    }

    /// The misère play of a family's positions checked against plain
    /// search: each position built as a game tree for misère play (as
    /// `grundy play` does) and searched by its regions (as `analyze` does,
    /// [`SumSearch`]), each giving the outcome of the search; and where the
    /// family says it is dead-ending, each position is.
    pub struct MisereCheck<P> {
        forms: Forms,
        built: Built<P>,
        memo: HashMap<(P, bool), bool>,
        dead: HashMap<(P, bool), bool>,
    }

    impl<P: Clone + Eq + Hash> MisereCheck<P> {
        pub fn new() -> MisereCheck<P> {
            MisereCheck {
                forms: Forms::new(),
                built: Built::default(),
                memo: HashMap::new(),
                dead: HashMap::new(),
            }
        }

        pub fn assert<G: ShortRules<Position = P>>(&mut self, game: &G, p: &P) {
            let tree = (self.built)
                .tree(game, p, &mut self.forms, &mut |_| true)
                .unwrap();
            let searched = misere_outcome_by_search(game, p, &mut self.memo);
            assert_eq!(self.forms.outcome(tree), searched, "{}", game.show(p));
            let by_parts = misere_by_parts(game, &[(p.clone(), false)]);
            assert_eq!(by_parts, searched, "{} by its parts", game.show(p));
            if game.dead_ending() {
                assert!(
                    dead_ending(game, p, &mut self.dead),
                    "{} is not dead-ending",
                    game.show(p)
                );
            }
        }
    }

    /// Who wins the sum of `positions` (each negated where flagged) under
    /// misère play, by the search of `analyze`.
    pub fn misere_by_parts<G: ShortRules>(
        game: &G,
        positions: &[(G::Position, bool)],
    ) -> OutcomeClass {
        let mut search = SumSearch::new();
        let mut regions = Box::new(Regions::new(game, "test", 0));
        let mut parts = Vec::new();
        for (p, negated) in positions {
            let part = regions.position_part(p, *negated, search.parts()).unwrap();
            parts.extend(part.parts);
        }
        search.add_source(regions.into_source());
        let mut go_on = |_| true;
        match (
            search.wins(&parts, true, &mut go_on).unwrap(),
            search.wins(&parts, false, &mut go_on).unwrap(),
        ) {
            (true, true) => OutcomeClass::N,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::P,
        }
    }

    /// Whether `p` is dead-ending by plain search: in each follower where
    /// a player has no move, none of the other's moves gives them one,
    /// nor any move after. `dead` remembers, for each follower and side,
    /// whether that side is dead there.
    pub fn dead_ending<G: ShortGame>(
        game: &G,
        p: &G::Position,
        dead: &mut HashMap<(G::Position, bool), bool>,
    ) -> bool {
        fn is_dead<G: ShortGame>(
            game: &G,
            p: &G::Position,
            left: bool,
            dead: &mut HashMap<(G::Position, bool), bool>,
        ) -> bool {
            if let Some(&known) = dead.get(&(p.clone(), left)) {
                return known;
            }
            let (own, other) = match left {
                true => (game.left_options(p), game.right_options(p)),
                false => (game.right_options(p), game.left_options(p)),
            };
            let answer = own.is_empty() && other.iter().all(|o| is_dead(game, o, left, dead));
            dead.insert((p.clone(), left), answer);
            answer
        }
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![p.clone()];
        while let Some(f) = stack.pop() {
            if !seen.insert(f.clone()) {
                continue;
            }
            let (left, right) = (game.left_options(&f), game.right_options(&f));
            if (left.is_empty() && !is_dead(game, &f, true, dead))
                || (right.is_empty() && !is_dead(game, &f, false, dead))
            {
                return false;
            }
            stack.extend(left);
            stack.extend(right);
        }
        true
    }

    /// A family's values checked against plain search: the outcome class
    /// of each position's value (its parts under their keys, canonical
    /// forms) is who wins by plain search of the whole position, and under
    /// misère play that of its misère game tree ([`MisereCheck`]).
    pub struct OutcomeCheck<G: ShortRules> {
        games: Games,
        valuer: Valuer<G>,
        memo: HashMap<(G::Position, bool), bool>,
        misere: MisereCheck<G::Position>,
    }

    impl<G: ShortRules> OutcomeCheck<G> {
        pub fn new(game: G) -> OutcomeCheck<G> {
            OutcomeCheck {
                games: Games::new(),
                valuer: Valuer::new(game),
                memo: HashMap::new(),
                misere: MisereCheck::new(),
            }
        }

        /// Checks `p`, and its misère play where `misere`.
        pub fn assert(&mut self, p: &G::Position, misere: bool) {
            let g = (self.valuer.value(&mut self.games, p, &mut |_| true)).unwrap();
            let game = self.valuer.game();
            if misere {
                self.misere.assert(game, p);
            }
            let expected = outcome_by_search(game, p, &mut self.memo);
            assert_eq!(self.games.outcome(g), expected, "{}", game.show(p));
        }

        /// Checks the position `text` writes, under both plays.
        pub fn assert_text(&mut self, text: &str) {
            let word = Word::new(text);
            let p = self.valuer.game().parse_position(&word).unwrap();
            self.assert(&p, true);
        }
    }

    /// The position `text` of `game`, written at `column` of a question.
    pub fn parse<G: ShortRules>(game: &G, text: &str, column: usize) -> Result<G::Position> {
        game.parse_position(&Word {
            text: text.into(),
            column,
        })
    }

    /// Asserts that each position of `game` (as it writes them) has the
    /// value written beside it (as [`Games::read`] reads it): values worked
    /// by hand from the rules, or published.
    pub fn assert_values<G: ShortRules>(game: G, cases: &[(&str, &str)]) {
        let mut games = Games::new();
        let mut valuer = Valuer::new(game);
        for &(text, expected) in cases {
            let p = parse(valuer.game(), text, 1).unwrap();
            let g = valuer.value(&mut games, &p, &mut |_| true).unwrap();
            let expected = games.read(expected, 1).unwrap();
            assert_eq!(
                games.write(g).unwrap(),
                games.write(expected).unwrap(),
                "{text}"
            );
        }
    }

    /// The column named by the error in reading `text`, written at
    /// `column`; a position read, or any other error, fails the test.
    pub fn error_column<G: ShortRules>(game: &G, text: &str, column: usize) -> usize {
        match parse(game, text, column) {
            Err(Error::Parse { column, .. }) => column,
            other => panic!("{text}: {other:?}"),
        }
    }

    /// Every board of `height` rows of `width` cells, each cell one of the
    /// characters of `cells`, written with `/` between rows.
    pub fn every_board(height: u32, width: u32, cells: &str) -> impl Iterator<Item = String> {
        let cells: Vec<char> = cells.chars().collect();
        let kinds = cells.len() as u64;
        (0..kinds.pow(height * width)).map(move |code| {
            let rows: Vec<String> = (0..height)
                .map(|r| {
                    (0..width)
                        .map(|c| cells[(code / kinds.pow(r * width + c) % kinds) as usize])
                        .collect()
                })
                .collect();
            rows.join("/")
        })
    }

    /// Checks a family's closed forms against exhaustive search on every
    /// given position: the nimber, and the options it finds for every target
    /// value up to one past the largest nimber among the options.
    pub fn assert_closed_form_matches_search<R: Ruleset>(
        ruleset: R,
        positions: impl IntoIterator<Item = R::Position>,
    ) {
        let mut solver = Solver::new(ruleset);
        for position in positions {
            let searched = solver.nimber(&position).unwrap();
            let ruleset = solver.game();
            let name = ruleset.format_position(&position);
            if let Some(formula) = ruleset.formula_nimber(&position).unwrap() {
                assert_eq!(formula, BigUint::from(searched), "nimber of {name}");
            }
            let options = ruleset.options(&position).unwrap();
            let mut values = Vec::new();
            for option in &options {
                let mut value = 0;
                for part in option {
                    value ^= solver.nimber(part).unwrap();
                }
                values.push(value);
            }
            let ruleset = solver.game();
            let largest = values.iter().copied().max().unwrap_or(0);
            for target in 0..=largest + 1 {
                let by_formula = ruleset
                    .formula_options_with_nimber(&position, &BigUint::from(target))
                    .unwrap();
                if let Some(mut by_formula) = by_formula {
                    let mut by_search: Vec<_> = options
                        .iter()
                        .zip(&values)
                        .filter(|(_, &v)| v == target)
                        .map(|(o, _)| o.clone())
                        .collect();
                    let key = |o: &Vec<R::Position>| format!("{o:?}");
                    by_formula.sort_by_key(key);
                    by_search.sort_by_key(key);
                    assert_eq!(by_formula, by_search, "options of {name} to {target}");
                }
            }
        }
    }
}
