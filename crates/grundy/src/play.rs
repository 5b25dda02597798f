//! A game played out against the perfect player (`grundy play`): the
//! position now, every move from it with the value it leaves, and the move
//! the perfect player makes, which wins fastest, loses slowest (the
//! longest remoteness), and keeps a tie or a draw.
//!
//! Each kind of game keeps what it was solved with, so that nothing is
//! solved again move by move:
//! - a sum of impartial components (either convention, loopy ones too) is
//!   solved strongly as one game once, from the start
//!   ([`crate::sum::SumRules`]), while its positions list at most
//!   [`SEARCH_OPTIONS`] options in all and fit the memory budget; beyond
//!   that each option is
//!   told by its outcome alone (`analyze`'s: nimbers under normal play),
//!   so the perfect player still wins, but with any winning move, and
//!   loses with any move, no remoteness known;
//! - a position solved strongly (mnk, connect4, `P@Left` of a partizan
//!   graph or script) is answered from the table its ruleset keeps
//!   ([`DynStrong::moves`]), or from a table solved before
//!   ([`Play::with_table`]: `solve --db FILE` or `solve --tiers DIR`).
//!
//! - a sum of short partizan games (positions with values such as
//!   `domineering 3x3`, game literals, differences), which says no player
//!   to move, is played from the player the caller says moves first
//!   ([`Play::starting`]), each move told by the value it leaves
//!   (`crate::partizan`, the table `analyze` uses): a move of Left's to
//!   a sum G' with G' ≥ 0 wins (Left, moving second there, wins), and
//!   Right's to G' ≤ 0. The perfect player makes the winning move whose
//!   value lasts shortest played out in canonical form
//!   ([`Games::remoteness`]), and when every move loses, the one whose
//!   value lasts longest. Values tell who wins, not how long a board's
//!   play lasts, so no remoteness is shown.
//!
//! One-player games and every-move play are refused.
//!
//! ```
//! use grundy::play::Play;
//! use grundy::retrograde::Options;
//! use grundy::value::Standing;
//!
//! let options = Options::for_available_memory(None);
//! let mut game = Play::new("nim 1 2 3", false, options, &mut |_| true).unwrap();
//! let turn = game.turn(&mut |_| true).unwrap();
//! // 1 XOR 2 XOR 3 = 0: the player to move loses (Bouton), in 6 moves when
//! // holding out longest (a brute-force search of the 24 positions).
//! assert_eq!(turn.solution.standing, Standing::Lose);
//! assert_eq!(turn.solution.remoteness, Some(6));
//! // Every move (1 + 2 + 3 of them) loses; the perfect player picks one
//! // that still lasts 6 moves, counting itself.
//! assert_eq!(turn.moves.len(), 6);
//! let best = &turn.moves[turn.best[0]];
//! assert_eq!(best.for_mover().remoteness, Some(6));
//! ```

use crate::catalogue::position_and_player;
use crate::catalogue::strong::{connect4, mnk};
use crate::component::RulesetRef;
use crate::error::{Error, Result};
use crate::interrupt::interruptible;
use crate::misere::forms::Forms;
use crate::partizan::Games;
use crate::registry::{self, Parsed, Rulesets, ValueTerm};
use crate::retrograde::{
    self, best_first, Options, Phase, Player, SolveProgress, Solved, SolvedGame,
};
use crate::strong::{DynStrong, SolvedTable, Source};
use crate::sum::{self, analyze_misere_listing, Sum, SumPosition, SumRules};
use crate::value::{Convention, Outcome, Solution, Standing};
use crate::word::Word;

/// The most options the positions of a sum solved whole for play may list
/// in all (the moves of the graph searched): past them, a sum is played
/// from its options' outcomes (see the module's documentation), so that
/// the first move is not kept waiting long: each option is a sum, keyed
/// by its components' texts, and the search to this limit takes 1.4 s for
/// Nim, 4 s for Kayles, whose options split (BENCHMARKS.md).
pub const SEARCH_OPTIONS: u64 = 1 << 19;

/// The progress callback of play: what a solve reports, or a search of
/// nimbers as [`Phase::Searching`] (positions met, or the moves valued of
/// a sum told by outcomes); `false` stops the work with a limit error.
pub type OnPlayProgress<'a> = &'a mut dyn FnMut(SolveProgress) -> bool;

/// A game being played: how its values are found, and the positions
/// played through, the start first.
pub struct Play {
    rulesets: Rulesets,
    engine: Engine,
    options: Options,
    played: Vec<Played>,
}

enum Engine {
    /// A sum solved strongly as one game.
    Solved {
        rules: SumRules,
        table: Box<SolvedGame<SumRules>>,
    },
    /// A sum too large to solve whole: each option by its outcome.
    ByOutcome { convention: Convention },
    /// A position of a ruleset solved strongly, answered from `table`
    /// where there is one (boxed: it holds the index of an open file).
    Strong {
        ruleset: RulesetRef,
        table: Option<Box<SolvedTable>>,
    },
    /// A sum of values, each move told by the value it leaves; under
    /// misère play by a search of the sum.
    Values { misere: bool },
}

/// A position played through.
enum Played {
    Sum(Sum),
    /// A position solved strongly, by its expression.
    Strong(String),
    /// A sum of values, by its expression, and the player to move.
    Values {
        expression: String,
        to_move: Player,
    },
}

/// A position of a game being played, its value, and its moves.
#[derive(Clone, Debug)]
pub struct Turn {
    /// The position, as `analyze` reads it.
    pub expression: String,
    /// Its parts, each as an expression: a sum's components, else the
    /// position alone.
    pub parts: Vec<String>,
    /// Its value for the player to move; the remoteness is `None` where
    /// it is not known (a sum too large to solve whole) and in a draw.
    pub solution: Solution,
    /// Every move; none where the game is over.
    pub moves: Vec<Choice>,
    /// The moves the perfect player may make, best first (indices into
    /// `moves`): the fastest win, else the tie or draw kept, else the
    /// slowest loss.
    pub best: Vec<usize>,
    /// How a move is named by number.
    pub naming: Naming,
    /// The player who makes these moves, in a sum of values played with
    /// a player to move ([`Play::starting`]); `None` for the others.
    pub to_move: Option<Player>,
}

/// How the user names a move by number: its place in the list, which
/// changes from turn to turn, or where a board's moves fill one cell,
/// that cell, which does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// By its place in the list of moves, from 1.
    Listed,
    /// By its column, from 1 (Connect Four: a full column has no move).
    Column,
    /// By its cell (m,n,k): `row column`, from 1, or its name
    /// ([`Cell::name`]); its place in the list names it too.
    Cell,
}

/// The cell a move fills on a board, its row (top first) and column,
/// each from 1, as the move's description names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The row, from 1 at the top (the first written).
    pub row: usize,
    /// The column, from 1 at the left.
    pub column: usize,
}

impl Cell {
    /// The cell's name, its column's letter then its row's number (`b2`:
    /// row 2, column 2), where the column has a letter (at most 26).
    pub fn name(self) -> Option<String> {
        let letter = (b'a'..=b'z').nth(self.column.checked_sub(1)?)?;
        Some(format!("{}{}", letter as char, self.row))
    }
}

impl Turn {
    /// The number that names move `index` (see [`Naming`]): its column
    /// in Connect Four, else its place in the list, from 1.
    pub fn number(&self, index: usize) -> usize {
        match (self.naming, self.moves[index].cell) {
            (Naming::Column, Some(cell)) => cell.column,
            _ => index + 1,
        }
    }
}

/// One move of a position being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// How the move reads: `heap 1: 3 -> 1`, `x at row 2, column 3`.
    pub description: String,
    /// The position after it, as `analyze` reads it.
    pub to: String,
    /// Its value for the opponent, who moves there.
    pub after: Solution,
    /// The one cell of a board it changes, where it changes one.
    pub cell: Option<Cell>,
}

impl Choice {
    /// What the move is worth to the player who makes it: a win when it
    /// leaves the opponent lost, in one move more than remains after it.
    pub fn for_mover(&self) -> Solution {
        let standing = match self.after.standing {
            Standing::Win => Standing::Lose,
            Standing::Lose => Standing::Win,
            other => other,
        };
        Solution {
            standing,
            remoteness: self.after.remoteness.map(|r| r + 1),
        }
    }
}

impl Play {
    /// Starts a game at the position of `expression`, under misère play
    /// where `misere` says so (sums only), solving it as its kind is
    /// solved (see the module's documentation) within `options`, reporting
    /// the progress of that and of the first turn to `progress`, which stops
    /// them by answering `false`.
    pub fn new(
        expression: &str,
        misere: bool,
        options: Options,
        progress: OnPlayProgress,
    ) -> Result<Play> {
        Play::start(expression, misere, options, None, None, progress)
    }

    /// Starts a game as [`Play::new`] does (or [`Play::with_table`] with
    /// `table`), where `first`, if given, is the player who moves first
    /// in a sum of values (`domineering 3x3`, `{1|-1}`), which says no
    /// player to move and is played only with one. `first` given for any
    /// other position is an error: a position written with its player
    /// (`0@Left`) says who moves, and impartial games have no sides.
    pub fn starting(
        expression: &str,
        misere: bool,
        first: Option<Player>,
        options: Options,
        table: Option<SolvedTable>,
        progress: OnPlayProgress,
    ) -> Result<Play> {
        Play::start(expression, misere, options, table, first, progress)
    }

    /// Starts a game at the position of `expression` as [`Play::new`]
    /// does, answering every position of a ruleset solved strongly from
    /// `table` (the file `solve --db` wrote, or the directory `solve
    /// --tiers` wrote, of which each turn reads only the blocks its
    /// position and moves are in). A sum is refused (it is solved as it is
    /// played), unless the table answers only its own ruleset
    /// ([`SolvedTable::only_for`]): then a sum or a position of another
    /// ruleset is played as by [`Play::new`].
    pub fn with_table(
        expression: &str,
        misere: bool,
        options: Options,
        table: SolvedTable,
        progress: OnPlayProgress,
    ) -> Result<Play> {
        Play::start(expression, misere, options, Some(table), None, progress)
    }

    fn start(
        expression: &str,
        misere: bool,
        options: Options,
        table: Option<SolvedTable>,
        first: Option<Player>,
        progress: OnPlayProgress,
    ) -> Result<Play> {
        let mut rulesets = Rulesets::new();
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let parsed = rulesets.parse_question(expression)?;
        if first.is_some() && !matches!(parsed, Parsed::Values(_)) {
            return Err(Error::Parameter(
                "who moves first (Left or Right) is said only for a position with a value \
                 and no player to move (domineering 3x3, {1|-1}); this one has no sides to \
                 choose, or says its player to move (P@Left)"
                    .into(),
            ));
        }
        let (engine, start) = match parsed {
            Parsed::Sum(_) if table.as_ref().is_some_and(|t| t.only().is_none()) => {
                return Err(Error::Unsupported(
                    "a solved table (--db) answers positions solved strongly (mnk, connect4, \
                     P@Left): a sum is solved as it is played"
                        .into(),
                ))
            }
            Parsed::Sum(sum) => (
                solve_sum(&sum, convention, &options, progress)?,
                Played::Sum(sum),
            ),
            Parsed::Strong { .. } if misere => {
                return Err(Error::Unsupported(
                    "misère play (--misere) is for sums of impartial games: a position \
                     solved strongly is played by its own rules"
                        .into(),
                ))
            }
            Parsed::Strong { ruleset, position } => {
                let text = position.iter().map(|w| w.text.as_str()).collect::<Vec<_>>();
                let start = format!("{} {}", ruleset.name(), text.join(" "));
                let table = (table.filter(|t| t.answers(&ruleset.name()))).map(Box::new);
                (Engine::Strong { ruleset, table }, Played::Strong(start))
            }
            Parsed::Solitaire { family, .. } => {
                return Err(family.error(
                    "a solitaire has one player, so there is no one to play against: \
                     analyze shows its shortest win",
                ))
            }
            Parsed::Values(_) => {
                let Some(first) = first else {
                    return Err(Error::Parameter(
                        "a position with a value (domineering 3x3, {1|-1}) says no player \
                         to move: say who moves first, Left or Right"
                            .into(),
                    ));
                };
                let start = Played::Values {
                    expression: expression.trim().to_string(),
                    to_move: first,
                };
                (Engine::Values { misere }, start)
            }
        };
        let mut play = Play {
            rulesets,
            engine,
            options,
            played: vec![start],
        };
        // A position solved strongly is solved (and checked) now.
        play.turn(progress)?;
        Ok(play)
    }

    /// The player to move at the start, for a position written with one
    /// (`0@Left`) or a sum of values played from the player given
    /// ([`Play::starting`]); `None` for the others.
    pub fn player_to_move(&self) -> Option<Player> {
        let start = match &self.played[0] {
            Played::Strong(start) => start,
            Played::Values { to_move, .. } => return Some(*to_move),
            Played::Sum(_) => return None,
        };
        let (_, position) = start.rsplit_once(' ')?;
        let word = Word::new(position);
        position_and_player(&word, "")
            .ok()
            .map(|(_, player)| player)
    }

    /// How many moves have been played.
    pub fn moves_played(&self) -> usize {
        self.played.len() - 1
    }

    /// Whether the moves of a sum are told by their outcomes alone (the
    /// sum was too large to solve whole): no remoteness is known.
    pub fn by_outcome(&self) -> bool {
        matches!(self.engine, Engine::ByOutcome { .. })
    }

    /// The position now, with its value and its moves, reporting the
    /// progress of a solve or of valuing the moves to `progress`, which
    /// stops it by answering `false`.
    pub fn turn(&mut self, progress: OnPlayProgress) -> Result<Turn> {
        match (
            &self.engine,
            self.played.last().expect("the start is played"),
        ) {
            (Engine::Solved { rules, table }, Played::Sum(sum)) => {
                let value = |sum: Sum, _: OnPlayProgress| {
                    let solution = table.solution(rules, &SumPosition::new(sum));
                    Ok(solution.expect("every sum reachable from the start is solved"))
                };
                sum_turn(sum, value(sum.clone(), progress)?, value, progress)
            }
            (Engine::ByOutcome { convention }, Played::Sum(sum)) => {
                let convention = *convention;
                let solution = match (sum.moves()?.is_empty(), convention) {
                    (true, Convention::Normal) => solved_at_end(Standing::Lose),
                    (true, Convention::Misere) => solved_at_end(Standing::Win),
                    (false, _) => outcome_value(sum, convention, progress)?,
                };
                let value =
                    |sum: Sum, progress: OnPlayProgress| outcome_value(&sum, convention, progress);
                sum_turn(sum, solution, value, progress)
            }
            (Engine::Strong { ruleset, table }, Played::Strong(expression)) => {
                let Parsed::Strong { position, .. } = self.rulesets.parse_question(expression)?
                else {
                    unreachable!("a position solved strongly reads back as one");
                };
                let strong = ruleset.strong().expect("a strong ruleset");
                let source = match table {
                    Some(table) => table.source()?,
                    None => Source::Solve,
                };
                let naming = naming(ruleset);
                strong_turn(strong, &position, source, &self.options, naming, progress)
            }
            (
                Engine::Values { misere },
                Played::Values {
                    expression,
                    to_move,
                },
            ) => values_turn(&mut self.rulesets, expression, *to_move, *misere, progress),
            _ => unreachable!("a sum's engine plays sums, a strong one positions"),
        }
    }

    /// Plays move `index` of the position now, as [`Play::turn`] lists
    /// them.
    pub fn play(&mut self, index: usize) -> Result<()> {
        let no_move = |count: usize| {
            Error::Unsupported(format!("there is no move {} here, of {count}", index + 1))
        };
        let next = match self.played.last().expect("the start is played") {
            Played::Sum(sum) => {
                let moves = sum.moves()?;
                let m = moves.get(index).ok_or_else(|| no_move(moves.len()))?;
                Played::Sum(sum.after(m))
            }
            Played::Strong(_) => {
                // The turn that listed the moves solved the position: its
                // moves are read back from that solve.
                let mut moves = self.turn(&mut |_| true)?.moves;
                if index >= moves.len() {
                    return Err(no_move(moves.len()));
                }
                Played::Strong(moves.swap_remove(index).to)
            }
            &Played::Values { to_move, .. } => {
                // The rulesets keep the values found for the turn that
                // listed the moves.
                let mut moves = self.turn(&mut |_| true)?.moves;
                if index >= moves.len() {
                    return Err(no_move(moves.len()));
                }
                Played::Values {
                    expression: moves.swap_remove(index).to,
                    to_move: to_move.other(),
                }
            }
        };
        self.played.push(next);
        Ok(())
    }

    /// Takes back the last move played; false at the start.
    pub fn back(&mut self) -> bool {
        if self.played.len() == 1 {
            return false;
        }
        self.played.pop();
        true
    }
}

/// Whether `expression` is played with sides: a sum of values (positions
/// with values such as `domineering 3x3`, game literals, differences),
/// which says no player to move, so that [`Play::starting`] needs the
/// player who moves first. Reads the expression without valuing it.
pub fn has_sides(expression: &str) -> Result<bool> {
    let parsed = Rulesets::new().parse_question(expression)?;
    Ok(matches!(parsed, Parsed::Values(_)))
}

/// A sum's engine: solved whole within [`SEARCH_OPTIONS`] and the memory
/// of `options`, else played by its options' outcomes; the solve reports
/// to `progress`, and stopped by it, stops the game.
fn solve_sum(
    sum: &Sum,
    convention: Convention,
    options: &Options,
    progress: OnPlayProgress,
) -> Result<Engine> {
    let rules = SumRules::new(sum, convention, SEARCH_OPTIONS)?;
    let root = SumPosition::new(sum.clone());
    let mut stopped = false;
    let solved = retrograde::solve_from(&rules, &[root], options, &mut |p| {
        stopped = !progress(p);
        !stopped
    });
    Ok(match solved {
        Ok(table) => Engine::Solved {
            rules,
            table: Box::new(table),
        },
        Err(Error::Limit(_)) if !stopped => Engine::ByOutcome { convention },
        Err(error) => return Err(error),
    })
}

/// The turn of a sum whose value is `solution`, each option valued by
/// `value`, reporting each move valued to `progress` (which `value` gets
/// too), which stops it by answering `false`.
fn sum_turn(
    sum: &Sum,
    solution: Solution,
    mut value: impl FnMut(Sum, OnPlayProgress) -> Result<Solution>,
    progress: OnPlayProgress,
) -> Result<Turn> {
    let all = sum.moves()?;
    let mut moves = Vec::new();
    for (i, m) in all.iter().enumerate() {
        let after = sum.after(m);
        moves.push(Choice {
            description: sum.describe(m),
            to: sum_expression(&after),
            after: value(after, progress)?,
            cell: None,
        });
        let report = SolveProgress {
            phase: Phase::Searching,
            done: i as u64 + 1,
            reached: all.len() as u64,
        };
        if !progress(report) {
            return Err(Error::Limit(format!(
                "stopped after valuing {} of {} moves",
                i + 1,
                all.len()
            )));
        }
    }
    Ok(Turn {
        expression: sum_expression(sum),
        parts: (sum.components.iter())
            .map(|c| format!("{} {}", c.ruleset_name(), c.position_text()))
            .collect(),
        best: best_of(solution, &moves),
        solution,
        moves,
        naming: Naming::Listed,
        to_move: None,
    })
}

/// A sum as an expression; the sum of nothing (every component split
/// away) is the game 0.
fn sum_expression(sum: &Sum) -> String {
    match sum.components.is_empty() {
        true => "0".into(),
        false => sum.expression(),
    }
}

/// A sum's value from its outcome alone (`analyze`'s): no remoteness.
/// Under normal play without its winning moves, so that a turn takes as
/// many steps as its moves, not their square. A search (of nimbers, or
/// under misère play of genera, a quotient or the sum) reports to
/// `progress` as [`Phase::Searching`].
fn outcome_value(sum: &Sum, convention: Convention, progress: OnPlayProgress) -> Result<Solution> {
    let searching = &mut |positions| {
        progress(SolveProgress {
            phase: Phase::Searching,
            done: positions,
            reached: positions,
        })
    };
    let outcome = match convention {
        Convention::Normal => sum::outcome(sum, searching)?,
        Convention::Misere => analyze_misere_listing(sum, 0, searching)?.outcome,
    };
    let standing = match outcome {
        Outcome::N => Standing::Win,
        Outcome::P => Standing::Lose,
        Outcome::D => Standing::Draw,
    };
    Ok(Solution {
        standing,
        remoteness: None,
    })
}

/// The value of a position where the game is over.
fn solved_at_end(standing: Standing) -> Solution {
    Solution {
        standing,
        remoteness: Some(0),
    }
}

/// The turn of a position solved strongly, its moves named by `naming`.
fn strong_turn(
    strong: &dyn DynStrong,
    position: &[Word],
    source: Source,
    options: &Options,
    naming: Naming,
    progress: OnPlayProgress,
) -> Result<Turn> {
    let solved = strong.moves(position, source, options, progress)?;
    let moves: Vec<Choice> = (solved.moves.into_iter())
        .map(|(to, after)| {
            let (description, cell) = describe_change(&solved.expression, &to);
            Choice {
                description,
                to,
                after,
                cell,
            }
        })
        .collect();
    Ok(Turn {
        parts: vec![solved.expression.clone()],
        expression: solved.expression,
        best: best_of(solved.solution, &moves),
        solution: solved.solution,
        moves,
        naming,
        to_move: None,
    })
}

/// The turn of `to_move` in the sum of values `expression`: each part
/// valued (`registry::valued`, the search `analyze` uses, the rulesets
/// keeping each family's table), each move of the player to move with
/// the value of the sum it leaves. A move of Left's wins where the sum
/// after it is ≥ 0 (Right, to move there, loses), one of Right's where
/// it is ≤ 0. The best moves: the winning ones, the shortest first, else
/// every move, the longest first, each by how long the value it leaves
/// lasts played out in canonical form ([`Games::remoteness`]), the
/// opponent to move. Under misère play (`misere`) no value decides: each
/// part is built as it is ([`registry::misere_parts`]) and the sum
/// searched, the lengths those of misère play ([`Forms::remoteness`]).
/// The work reports to `progress` as [`Phase::Searching`].
fn values_turn(
    rulesets: &mut Rulesets,
    expression: &str,
    to_move: Player,
    misere: bool,
    progress: OnPlayProgress,
) -> Result<Turn> {
    let Parsed::Values(terms) = rulesets.parse_question(expression)? else {
        unreachable!("a sum of values reads back as one");
    };
    let progress = &mut |positions| {
        progress(SolveProgress {
            phase: Phase::Searching,
            done: positions,
            reached: positions,
        })
    };
    // The sums and lengths after the search report nothing: they stop
    // when `progress` says so, as the search does.
    interruptible(progress, |interrupt| {
        let report = &mut |positions| interrupt.report(positions);
        match misere {
            false => {
                let mut games = Games::new();
                games.interrupt_on(Some(interrupt.clone()));
                valued_turn(&terms, to_move, &mut games, report)
            }
            true => {
                let mut forms = Forms::new();
                forms.interrupt_on(Some(interrupt.clone()));
                misere_turn(&terms, to_move, &mut forms, report)
            }
        }
    })
}

/// One move of a sum of values: the part moved in, what it becomes, and
/// what the move leaves the opponent, to move there.
struct ValueChoice {
    part: usize,
    to: String,
    opponent_wins: bool,
    length: u32,
}

/// [`values_turn`] of the parts `terms`, valued in `games`.
fn valued_turn(
    terms: &[ValueTerm],
    to_move: Player,
    games: &mut Games,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Turn> {
    let parts = registry::valued(terms, games, progress)?;
    if let Some((part, count)) = (parts.iter()).find_map(|p| Some((p, p.unlisted?))) {
        return Err(Error::Limit(format!(
            "{} has {count} options, more than play lists ({}): play a smaller position",
            part.text,
            crate::short::MAX_LISTED_OPTIONS
        )));
    }
    let left = to_move == Player::Left;
    let total = games.sum(parts.iter().map(|part| part.value));
    let mut choices = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let rest = games.sub(total, part.value);
        for (to, option) in if left { &part.left } else { &part.right } {
            let after = games.add(rest, *option);
            choices.push(ValueChoice {
                part: i,
                to: to.clone(),
                opponent_wins: games.outcome(after).first_player_wins(!left),
                length: games.remoteness(after, !left),
            });
        }
    }
    let wins = games.outcome(total).first_player_wins(left);
    games.check()?;
    let texts: Vec<&str> = parts.iter().map(|p| p.text.as_str()).collect();
    Ok(value_turn(&texts, to_move, choices, wins))
}

/// [`values_turn`] under misère play, the parts `terms` built in `forms`.
fn misere_turn(
    terms: &[ValueTerm],
    to_move: Player,
    forms: &mut Forms,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Turn> {
    let parts = registry::misere_parts(terms, forms, progress)?;
    let left = to_move == Player::Left;
    let first_wins = |forms: &Forms, g, left: bool| match left {
        true => forms.left_wins(g),
        false => forms.right_wins(g),
    };
    let mut choices = Vec::new();
    let mut total = forms.make(&[], &[])?;
    for part in &parts {
        total = forms.add(total, part.form)?;
    }
    for (i, part) in parts.iter().enumerate() {
        let mut rest = forms.make(&[], &[])?;
        for (j, other) in parts.iter().enumerate() {
            if j != i {
                rest = forms.add(rest, other.form)?;
            }
        }
        for (to, option) in if left { &part.left } else { &part.right } {
            let after = forms.add(rest, *option)?;
            choices.push(ValueChoice {
                part: i,
                to: to.clone(),
                opponent_wins: first_wins(forms, after, !left),
                length: forms.remoteness(after, !left),
            });
        }
    }
    let wins = first_wins(forms, total, left);
    let texts: Vec<&str> = parts.iter().map(|p| p.text.as_str()).collect();
    Ok(value_turn(&texts, to_move, choices, wins))
}

/// The turn in the sum of the parts `texts`, `to_move` to move, with its
/// moves `choices`; `wins`: whether the player to move wins. The best
/// moves: the winning ones, the shortest first, else every move, the
/// longest first.
fn value_turn(texts: &[&str], to_move: Player, choices: Vec<ValueChoice>, wins: bool) -> Turn {
    let mut moves = Vec::new();
    let mut lengths = Vec::new();
    for choice in choices {
        let text = texts[choice.part];
        let description = match texts.len() {
            1 => describe_change(text, &choice.to).0,
            _ => format!("part {}: {text} -> {}", choice.part + 1, choice.to),
        };
        lengths.push(choice.length);
        moves.push(Choice {
            description,
            to: replaced(texts, choice.part, &choice.to),
            after: Solution {
                standing: if choice.opponent_wins {
                    Standing::Win
                } else {
                    Standing::Lose
                },
                remoteness: None,
            },
            cell: None,
        });
    }
    let mut best: Vec<usize> = (0..moves.len())
        .filter(|&i| !wins || moves[i].after.standing == Standing::Lose)
        .collect();
    match wins {
        true => best.sort_by_key(|&i| lengths[i]),
        false => best.sort_by_key(|&i| std::cmp::Reverse(lengths[i])),
    }
    Turn {
        expression: texts.join(" + "),
        parts: texts.iter().map(|t| t.to_string()).collect(),
        solution: Solution {
            standing: if wins { Standing::Win } else { Standing::Lose },
            remoteness: None,
        },
        moves,
        best,
        naming: Naming::Listed,
        to_move: Some(to_move),
    }
}

/// The sum of `parts` with part `i` replaced by `to`, as an expression;
/// parts that are 0 are left out (the sum of none is 0).
fn replaced(parts: &[&str], i: usize, to: &str) -> String {
    let kept: Vec<&str> = (parts.iter().enumerate())
        .map(|(j, &part)| if j == i { to } else { part })
        .filter(|&part| part != "0")
        .collect();
    match kept.is_empty() {
        true => "0".into(),
        false => kept.join(" + "),
    }
}

/// How the moves of `ruleset` are named by number: Connect Four's by
/// column, an m,n,k-game's by cell, others' by their place in the list.
fn naming(ruleset: &RulesetRef) -> Naming {
    let name = ruleset.name();
    let family = name.split('(').next().unwrap_or_default();
    if family == connect4::FAMILY.name {
        Naming::Column
    } else if family == mnk::FAMILY.name {
        Naming::Cell
    } else {
        Naming::Listed
    }
}

/// The moves that keep `solution`, best first; for a sum told by
/// outcomes alone, whose own value is then derived from its options',
/// any of them.
fn best_of(solution: Solution, moves: &[Choice]) -> Vec<usize> {
    let after: Vec<Solution> = moves.iter().map(|c| c.after).collect();
    best_first(solution.standing, &after)
}

/// How a move between two positions of a board reads, where the board
/// (rows split by `/`) keeps its shape: a mark placed, `x at row 2, column
/// 3`; two cells side by side filled with one mark, a domino, `vertical
/// domino at b1-b2`; a mark moved from one cell to another, `x from b1 to
/// b2, taking o` (by number on a board of one row: `T from 2 to 4`), also
/// over several cells (a Konane stone's jumps: `x from a1 to e1, taking o,
/// o`); marks taken off, `removes x at b1`, a run of one row by its ends
/// (toppled dominoes: `removes 3-5`); else the cells it changes, at most
/// four; else the position it leaves. With the cell it changes, where it
/// changes one.
fn describe_change(from: &str, to: &str) -> (String, Option<Cell>) {
    // A board with its player to move (`x.x./.o..@Left`) changes by its
    // board; a vertex with its player (`0@Left`) is no board.
    let position = |text: &str| {
        let p = text.rsplit_once(' ').map_or(text, |(_, p)| p);
        match p.split_once('@') {
            Some((board, _)) if board.contains('/') => board.to_string(),
            _ => p.to_string(),
        }
    };
    let (from, to) = (position(from), position(to));
    let rows =
        |text: &str| -> Vec<Vec<char>> { text.split('/').map(|r| r.chars().collect()).collect() };
    let (before, after) = (rows(&from), rows(&to));
    let same_shape =
        before.len() == after.len() && (before.iter().zip(&after)).all(|(a, b)| a.len() == b.len());
    if !same_shape {
        return (format!("to {to}"), None);
    }
    // Each change: the cell, what it held and what it holds.
    let mut changes = Vec::new();
    for (r, (a, b)) in before.iter().zip(&after).enumerate() {
        for (c, (&x, &y)) in a.iter().zip(b).enumerate() {
            if x != y {
                changes.push((
                    Cell {
                        row: r + 1,
                        column: c + 1,
                    },
                    x,
                    y,
                ));
            }
        }
    }
    let one_row = before.len() == 1;
    let name = |cell: Cell| match (one_row, cell.name()) {
        (true, _) => cell.column.to_string(),
        (false, Some(name)) => name,
        (false, None) => format!("row {}, column {}", cell.row, cell.column),
    };
    let placed = |cell: Cell, mark: char| match one_row {
        true => format!("{mark} at {}", cell.column),
        false => format!("{mark} at row {}, column {}", cell.row, cell.column),
    };
    if let Some((from, onto, mark, taken)) = jumped(&changes) {
        let taken: Vec<String> = taken.iter().map(char::to_string).collect();
        let (from, onto, taken) = (name(from), name(onto), taken.join(", "));
        return (
            format!("{mark} from {from} to {onto}, taking {taken}"),
            None,
        );
    }
    if let Some((from, a, b, mark)) = split(&changes) {
        let (from, a, b) = (name(from), name(a), name(b));
        return (format!("{mark} at {from} splits to {a} and {b}"), None);
    }
    let removed = |&(_, x, y): &(Cell, char, char)| x != '.' && y == '.';
    let run = one_row
        && changes
            .windows(2)
            .all(|w| w[1].0.column == w[0].0.column + 1);
    match changes[..] {
        [(cell, x, '.')] if x != '.' => (format!("removes {x} at {}", name(cell)), Some(cell)),
        [(first, ..), .., (last, ..)] if run && changes.iter().all(removed) => {
            (format!("removes {}-{}", name(first), name(last)), None)
        }
        _ if changes.len() > 1 && changes.iter().all(removed) => {
            let cells: Vec<String> = (changes.iter())
                .map(|&(cell, x, _)| format!("{x} at {}", name(cell)))
                .collect();
            (format!("removes {}", cells.join(", ")), None)
        }
        [(cell, _, y)] => (placed(cell, y), Some(cell)),
        [(a, '.', y), (b, '.', z)]
            if y == z && a.row.abs_diff(b.row) + a.column.abs_diff(b.column) == 1 =>
        {
            let way = if a.column == b.column {
                "vertical"
            } else {
                "horizontal"
            };
            (format!("{way} domino at {}-{}", name(a), name(b)), None)
        }
        [(a, x, y), (b, z, w)] if (y == '.' && w == x) || (w == '.' && y == z) => {
            // The mark left `from` for `onto`, where `taken` was.
            let (from, onto, mark, taken) = match y == '.' && w == x {
                true => (a, b, x, z),
                false => (b, a, z, x),
            };
            let taking = match taken {
                '.' => String::new(),
                taken => format!(", taking {taken}"),
            };
            (
                format!("{mark} from {} to {}{taking}", name(from), name(onto)),
                None,
            )
        }
        _ if (1..=4).contains(&changes.len()) => {
            let cells: Vec<String> = (changes.iter())
                .map(|&(cell, _, y)| placed(cell, y))
                .collect();
            (cells.join(", "), None)
        }
        _ => (format!("to {to}"), None),
    }
}

/// A mark that left its cell for the two empty cells on either side of it
/// (a Fission stone's split): the cell it left, the two it reached and
/// the mark.
fn split(changes: &[(Cell, char, char)]) -> Option<(Cell, Cell, Cell, char)> {
    let [(a, '.', m), (from, mark, '.'), (b, '.', n)] = *changes else {
        return None;
    };
    let beside = |c: Cell| from.row.abs_diff(c.row) + from.column.abs_diff(c.column) == 1;
    let opposite = a.row + b.row == 2 * from.row && a.column + b.column == 2 * from.column;
    (m == mark && n == mark && mark != '.' && beside(a) && opposite).then_some((from, a, b, mark))
}

/// A mark that left its cell for an empty one, taking the marks of one or
/// more other cells (a Konane stone's jumps): the cell it left, the cell
/// it reached, the mark and the marks taken, in the order of the cells.
fn jumped(changes: &[(Cell, char, char)]) -> Option<(Cell, Cell, char, Vec<char>)> {
    let [(onto, '.', mark)] = changes
        .iter()
        .filter(|c| c.1 == '.')
        .copied()
        .collect::<Vec<_>>()[..]
    else {
        return None;
    };
    let rest = || changes.iter().filter(|c| c.1 != '.');
    let [(from, ..)] = rest().filter(|c| c.1 == mark).copied().collect::<Vec<_>>()[..] else {
        return None;
    };
    let taken: Vec<char> = rest().filter(|c| c.1 != mark).map(|c| c.1).collect();
    let all_emptied = rest().all(|c| c.2 == '.');
    (all_emptied && !taken.is_empty() && changes.len() >= 3).then_some((from, onto, mark, taken))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Options {
        Options { memory: 1 << 30 }
    }

    #[test]
    fn a_board_move_names_its_cell() {
        let cell = Cell { row: 3, column: 3 };
        assert_eq!(
            describe_change("mnk(3,3,3) x../.o./...", "mnk(3,3,3) x../.o./..x"),
            ("x at row 3, column 3".into(), Some(cell))
        );
        assert_eq!(cell.name().as_deref(), Some("c3"));
        // A domino, a stone taking another, a toad jumping a frog.
        assert_eq!(
            describe_change("domineering .../...", "domineering .#./.#.").0,
            "vertical domino at b1-b2"
        );
        assert_eq!(
            describe_change("domineering .../...", "domineering ##./...").0,
            "horizontal domino at a1-b1"
        );
        assert_eq!(
            describe_change("clobber xo/ox", "clobber .x/ox").0,
            "x from a1 to b1, taking o"
        );
        assert_eq!(
            describe_change("clobber xo/ox", "clobber xo/.o").0,
            "o from a2 to b2, taking x"
        );
        assert_eq!(
            describe_change("toads-frogs T.TF.", "toads-frogs T..FT").0,
            "T from 3 to 5"
        );
        // Konane's jumps, one and two; dominoes toppled; a stone taken
        // off (Cannibal Clobber's capture of its own side).
        assert_eq!(
            describe_change("konane xo./...", "konane ..x/...").0,
            "x from a1 to c1, taking o"
        );
        assert_eq!(
            describe_change("konane x./o./../o./..", "konane ../../../../x.").0,
            "x from a1 to a5, taking o, o"
        );
        // A Fission stone split upright, and across in a row.
        assert_eq!(
            describe_change("fission ./x/.", "fission x/./x").0,
            "x at a2 splits to a1 and a3"
        );
        assert_eq!(
            describe_change("fission .x.", "fission x.x").0,
            "x at 2 splits to 1 and 3"
        );
        assert_eq!(
            describe_change("toppling-dominoes xgo.x", "toppling-dominoes x...x").0,
            "removes 2-3"
        );
        assert_eq!(
            describe_change("toppling-dominoes xgo.x", "toppling-dominoes xgo..").0,
            "removes x at 5"
        );
        assert_eq!(
            describe_change("cannibal-clobber xx/o.", "cannibal-clobber .x/o.").0,
            "removes x at a1"
        );
        assert_eq!(
            describe_change(
                "partizan-graph(g.txt) 0@Left",
                "partizan-graph(g.txt) 2@Right"
            ),
            ("to 2@Right".into(), None)
        );
    }

    /// Nim 1 2: the one winning move leaves 1 1 (XOR 0), and the game then
    /// lasts two moves more.
    #[test]
    fn the_perfect_player_wins_nim_by_the_xor_rule() {
        let mut play = Play::new("nim 1 2", false, options(), &mut |_| true).unwrap();
        let turn = play.turn(&mut |_| true).unwrap();
        assert_eq!(turn.solution.standing, Standing::Win);
        assert_eq!(turn.solution.remoteness, Some(3));
        let best = &turn.moves[turn.best[0]];
        assert_eq!(best.to, "nim 1 1");
        play.play(turn.best[0]).unwrap();
        assert_eq!(play.turn(&mut |_| true).unwrap().expression, "nim 1 1");
        assert!(play.back());
        assert!(!play.back());
    }

    /// Connect Four's moves are numbered by their column: with column 1
    /// full, the move in column 2 is number 2, though it is first in the
    /// list; an m,n,k-game's moves by their place in the list, each with
    /// its cell.
    #[test]
    fn connect_four_moves_are_numbered_by_column() {
        let mut play = Play::new(
            "connect4(4,4) o.../x.../o.../x...",
            false,
            options(),
            &mut |_| true,
        )
        .unwrap();
        let turn = play.turn(&mut |_| true).unwrap();
        assert_eq!(turn.naming, Naming::Column);
        let numbers: Vec<usize> = (0..turn.moves.len()).map(|i| turn.number(i)).collect();
        assert_eq!(numbers, [2, 3, 4]);
        let mut play = Play::new("mnk(2,2,2) x./..", false, options(), &mut |_| true).unwrap();
        let turn = play.turn(&mut |_| true).unwrap();
        assert_eq!(turn.naming, Naming::Cell);
        let cells: Vec<(usize, Option<Cell>)> = (0..turn.moves.len())
            .map(|i| (turn.number(i), turn.moves[i].cell))
            .collect();
        let at = |row, column| Some(Cell { row, column });
        assert_eq!(cells, [(1, at(1, 2)), (2, at(2, 1)), (3, at(2, 2))]);
    }

    #[test]
    fn values_need_a_first_player_and_solitaires_are_refused() {
        let error = Play::new("domineering 2x2", false, options(), &mut |_| true).err();
        assert!(
            matches!(&error, Some(Error::Parameter(m)) if m.contains("Left or Right")),
            "{error:?}"
        );
        let first = Some(Player::Left);
        let error = Play::starting("nim 3", false, first, options(), None, &mut |_| true).err();
        assert!(matches!(error, Some(Error::Parameter(_))), "{error:?}");
        assert!(Play::new("mnk(3,3,3) ...../...", true, options(), &mut |_| true).is_err());
    }

    /// A board of Domineering or Clobber as rows of cells.
    type Board = Vec<Vec<u8>>;

    /// The moves of `left` (else Right) on `board`, by the rules as the
    /// families' documents state them, written here again so that the
    /// search below knows nothing of values: Domineering, Left a vertical
    /// domino on two empty cells, Right a horizontal one; Clobber, a stone
    /// of the mover's (`x` Left's, `o` Right's) onto an opponent's next to
    /// it by an edge, which is removed.
    fn board_moves(clobber: bool, board: &Board, left: bool) -> Vec<Board> {
        let (rows, columns) = (board.len(), board[0].len());
        let mut found = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                let mut neighbours = Vec::new();
                if clobber {
                    neighbours.extend([(r + 1, c), (r, c + 1)]);
                    neighbours.extend(r.checked_sub(1).map(|r| (r, c)));
                    neighbours.extend(c.checked_sub(1).map(|c| (r, c)));
                } else if left {
                    neighbours.push((r + 1, c));
                } else {
                    neighbours.push((r, c + 1));
                }
                for (r2, c2) in neighbours {
                    if r2 >= rows || c2 >= columns {
                        continue;
                    }
                    let (mine, theirs) = if left { (b'x', b'o') } else { (b'o', b'x') };
                    let mut next = board.clone();
                    if clobber && board[r][c] == mine && board[r2][c2] == theirs {
                        next[r][c] = b'.';
                        next[r2][c2] = mine;
                    } else if !clobber && board[r][c] == b'.' && board[r2][c2] == b'.' {
                        next[r][c] = b'#';
                        next[r2][c2] = b'#';
                    } else {
                        continue;
                    }
                    found.push(next);
                }
            }
        }
        found
    }

    /// Whether the player to move (`left`, else Right) wins `board` under
    /// normal play: a minimax search over the boards themselves.
    fn mover_wins(
        clobber: bool,
        board: &Board,
        left: bool,
        known: &mut std::collections::HashMap<(Board, bool), bool>,
    ) -> bool {
        if let Some(&wins) = known.get(&(board.clone(), left)) {
            return wins;
        }
        let wins = (board_moves(clobber, board, left).iter())
            .any(|next| !mover_wins(clobber, next, !left, known));
        known.insert((board.clone(), left), wins);
        wins
    }

    fn written(board: &Board) -> String {
        let rows: Vec<String> = board
            .iter()
            .map(|r| String::from_utf8(r.clone()).unwrap())
            .collect();
        rows.join("/")
    }

    /// The engine's choice on every position reached from small boards of
    /// Domineering and Clobber, with either player to move, against a
    /// search of the boards themselves: the standing of the position and
    /// of every move is the search's, and where the mover wins, the
    /// engine's move leaves the opponent lost.
    #[test]
    fn the_engine_never_gives_away_a_win_on_small_boards() {
        let starts = [
            (false, ".../.../..."),
            (false, "../../.."),
            (false, "..../..../#..."),
            (true, "xo./ox./.xo"),
            (true, "xox/oxo"),
            (true, "xoxo"),
        ];
        let mut known = std::collections::HashMap::new();
        let (mut checked, mut won) = (0, 0);
        for (clobber, start) in starts {
            let family = if clobber { "clobber" } else { "domineering" };
            let start: Board = start.split('/').map(|r| r.as_bytes().to_vec()).collect();
            let mut seen = std::collections::HashSet::from([start.clone()]);
            let mut queue = vec![start];
            while let Some(board) = queue.pop() {
                for left in [true, false] {
                    for next in board_moves(clobber, &board, left) {
                        if seen.insert(next.clone()) {
                            queue.push(next);
                        }
                    }
                    let player = if left { Player::Left } else { Player::Right };
                    let expression = format!("{family} {}", written(&board));
                    let mut play = Play::starting(
                        &expression,
                        false,
                        Some(player),
                        options(),
                        None,
                        &mut |_| true,
                    )
                    .unwrap();
                    let turn = play.turn(&mut |_| true).unwrap();
                    assert_eq!(turn.to_move, Some(player));
                    let wins = mover_wins(clobber, &board, left, &mut known);
                    let standing = if wins { Standing::Win } else { Standing::Lose };
                    assert_eq!(turn.solution.standing, standing, "{expression}, {player:?}");
                    let moves = board_moves(clobber, &board, left);
                    assert_eq!(turn.moves.len(), moves.len(), "{expression}");
                    for choice in &turn.moves {
                        let to = choice.to.strip_prefix(family).unwrap().trim();
                        let next: Board = to.split('/').map(|r| r.as_bytes().to_vec()).collect();
                        assert!(moves.contains(&next), "{expression}: {to}");
                        let opponent_wins = mover_wins(clobber, &next, !left, &mut known);
                        let after = if opponent_wins {
                            Standing::Win
                        } else {
                            Standing::Lose
                        };
                        assert_eq!(choice.after.standing, after, "{expression}: {to}");
                    }
                    checked += 1;
                    let Some(&best) = turn.best.first() else {
                        assert!(moves.is_empty() || !wins, "{expression}: no best move");
                        continue;
                    };
                    let to = turn.moves[best].to.clone();
                    let next: Board = (to.strip_prefix(family).unwrap().trim().split('/'))
                        .map(|r| r.as_bytes().to_vec())
                        .collect();
                    if wins {
                        won += 1;
                        assert!(
                            !mover_wins(clobber, &next, !left, &mut known),
                            "{expression}, {player:?} to move, wins, but the engine plays {to}"
                        );
                    }
                    play.play(best).unwrap();
                    assert_eq!(
                        play.turn(&mut |_| true).unwrap().to_move,
                        Some(player.other())
                    );
                }
            }
        }
        // Enough positions, and enough won, for the test to mean something.
        assert!(checked > 500 && won > 200, "{checked} checked, {won} won");
    }

    /// Sums and literals: ±1 + ↑, with either player first, the perfect
    /// player moving by value each turn until the end, where the player to
    /// move has no move and loses.
    #[test]
    fn a_sum_of_values_is_played_to_its_end() {
        for first in [Player::Left, Player::Right] {
            let mut play = Play::starting(
                "{1|-1} + ^",
                false,
                Some(first),
                options(),
                None,
                &mut |_| true,
            )
            .unwrap();
            let mut turn = play.turn(&mut |_| true).unwrap();
            // ±1 + ↑ is confused with 0: whoever starts wins.
            assert_eq!(turn.solution.standing, Standing::Win);
            let starter = turn.solution;
            let mut movers = 0;
            while let Some(&best) = turn.best.first() {
                assert_eq!(
                    turn.to_move,
                    Some(if movers % 2 == 0 {
                        first
                    } else {
                        first.other()
                    })
                );
                play.play(best).unwrap();
                turn = play.turn(&mut |_| true).unwrap();
                movers += 1;
                assert!(movers < 20, "{}", turn.expression);
            }
            assert!(turn.moves.is_empty(), "{}", turn.expression);
            assert_eq!(turn.solution.standing, Standing::Lose);
            // The starter won: the player stuck is the second player.
            assert_eq!(starter.standing, Standing::Win);
            assert_eq!(movers % 2, 1, "{first:?} starts and makes the last move");
        }
    }
}
