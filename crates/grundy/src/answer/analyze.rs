//! `analyze`: who wins a position, its value and its winning moves. One
//! expression is a sum of impartial games (normal play, misère play, or
//! Every-SG play), a position of a ruleset solved strongly, a sum of
//! partizan values (normal or misère play), or a solitaire; each has an
//! answer of its own, and
//! [`AnalyzeAnswer`] is any of them.
//!
//! ```
//! use grundy::answer::{analyze, AnalyzeAnswer, AnalyzeOptions};
//!
//! let mut options = AnalyzeOptions::default();
//! options.misere = true;
//! let answer = analyze(&mut grundy::Rulesets::new(), "nim 1 1", &options).unwrap();
//! let AnalyzeAnswer::Sum(sum) = answer else { panic!("a sum") };
//! // Misère Nim with two heaps of 1: the player to move takes one and loses.
//! assert_eq!((sum.convention.as_str(), sum.outcome.as_str()), ("misere", "N"));
//! assert_eq!(sum.nimber, None);
//! ```

use schemars::JsonSchema;
use serde::Serialize;

use crate::component::RulesetRef;
use crate::component::SolitaireAnalysis;
use crate::error::{Error, Result};
use crate::game::Count;
use crate::interrupt::interruptible;
use crate::loopy::{self, LoopyValue};
use crate::memory;
use crate::misere::forms::Forms;
use crate::misere::sums::SumSearch;
use crate::partizan::Games;
use crate::registry::{self, Parsed, Rulesets, ValueTerm};
use crate::retrograde::Options;
use crate::short::misere::{analyze_misere_sum, MisereAnalysis, MisereMove};
use crate::short::outcome::Searched;
use crate::short::{self, ValueAnalysis, ValueMove};
use crate::solitaire::SolitaireOutcome;
use crate::strong::{Source, StrongAnalysis};
use crate::sum::{
    analyze_every_listing, analyze_every_outcome, analyze_listing, analyze_misere_listing,
    analyze_outcome, Analysis, EveryAnalysis, Sum,
};
use crate::value::{Convention, Solution};
use crate::word::Word;

use super::{searching, Exact, MoveTo, OnProgress, Progress};

pub use crate::strong::SolvedTable;

/// What is asked of an expression: the convention, and how much of the
/// answer. `AnalyzeOptions::default()` asks for everything under normal
/// play, listing at most 100 winning moves.
#[derive(Debug)]
#[non_exhaustive]
pub struct AnalyzeOptions {
    /// Misère play: who cannot move wins.
    pub misere: bool,
    /// Every-SG play: each turn moves in every component that can move.
    pub every: bool,
    /// The most winning moves listed (all are counted).
    pub moves: usize,
    /// Only the outcome and the nimber (or remoteness): no components, no
    /// moves.
    pub outcome_only: bool,
    /// The solved table to answer positions solved strongly from, instead
    /// of solving them.
    pub db: Option<SolvedTable>,
    /// The memory the machine has available, in bytes, of which a strong
    /// solve takes at most three quarters; `None`: 4 GiB.
    pub memory: Option<u64>,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            misere: false,
            every: false,
            moves: 100,
            outcome_only: false,
            db: None,
            memory: None,
        }
    }
}

/// The most characters the winning moves of a sum may take written out:
/// each move's `to` writes the whole sum after it, so the moves asked for
/// times the sum's length is checked against this before any is listed.
pub const MAX_MOVES_TEXT: usize = 64 << 20;

/// The most winning moves of `sum` listed where `asked` are: all asked,
/// unless written out they would pass [`MAX_MOVES_TEXT`] (a limit error
/// naming it); none for the outcome only.
fn moves_listed(sum: &Sum, asked: usize, outcome_only: bool) -> Result<usize> {
    if outcome_only {
        return Ok(0);
    }
    let written = sum.expression().len().max(1);
    let most = MAX_MOVES_TEXT / written;
    if asked > most {
        return Err(Error::Limit(format!(
            "{asked} moves of a sum written in {written} characters, each move writing the \
             whole sum after it, take more than {} written out, the most an answer lists: \
             ask for at most {most} moves",
            memory::Size(MAX_MOVES_TEXT as u64)
        )));
    }
    Ok(asked)
}

/// The answer of an expression in the engine's own types, for a front end
/// that writes it its own way (the command line's tables);
/// [`AnalyzeAnswer::new`] turns it into the answer of the schema. Not
/// `non_exhaustive`, so that a front end's match on it is checked to be
/// whole: a new kind of answer is a change each front end must see.
#[derive(Debug)]
pub enum Analyzed {
    /// A sum of impartial games under normal or misère play.
    Sum(Analysis),
    /// A position of a ruleset solved strongly.
    Strong(StrongAnalysis),
    /// A sum of partizan values (boxed: its thermograph and properties
    /// make it the largest answer by far).
    Values(Box<ValueAnalysis>),
    /// A sum under Every-SG play.
    Every(EveryAnalysis),
    /// A position of a one-player game.
    Solitaire(SolitaireAnalysis),
    /// A sum of partizan games (literals, positions) under misère play.
    MisereValues(Box<MisereAnalysis>),
    /// Who wins a sum of values, decided by a search of the sum without
    /// its canonical form (asked for the outcome only).
    Searched {
        /// The sum as it was asked.
        expression: String,
        /// Who wins each player moving first.
        searched: Searched,
    },
    /// A sum with a loopy game in it (`on`, `{0|pass}`).
    Loopy {
        /// The sum as it was asked.
        expression: String,
        /// Its outcome and, where it is a stopper, its simplest form.
        value: LoopyValue,
    },
}

/// The answer about `expression`, with rulesets from `rulesets` (so that
/// the questions of a batch share their solvers and tables).
pub fn analyze(
    rulesets: &mut Rulesets,
    expression: &str,
    options: &AnalyzeOptions,
) -> Result<AnalyzeAnswer> {
    analyze_with_progress(rulesets, expression, options, &mut |_| true)
}

/// [`analyze`], reporting the progress of a long solve or search of values
/// to `progress`, which stops it by answering `false`.
pub fn analyze_with_progress(
    rulesets: &mut Rulesets,
    expression: &str,
    options: &AnalyzeOptions,
    progress: OnProgress,
) -> Result<AnalyzeAnswer> {
    let analyzed = analysis(rulesets, expression, options, progress)?;
    Ok(AnalyzeAnswer::new(&analyzed, options.outcome_only))
}

/// The answer about `expression` in the engine's types (see [`Analyzed`]).
/// A position solved strongly (win, lose, tie, draw) has an answer of its
/// own, as has a sum of values or a solitaire; anything else is a sum.
pub fn analysis(
    rulesets: &mut Rulesets,
    expression: &str,
    options: &AnalyzeOptions,
    progress: OnProgress,
) -> Result<Analyzed> {
    // Every-SG play is answered under normal play alone: asked under
    // misère play too, it would answer a question not asked.
    if options.every && options.misere {
        return Err(Error::Parameter(
            "every and misere cannot be asked together: every-move play (Every-SG) is \
             answered under normal play only"
                .into(),
        ));
    }
    match rulesets.parse_question(expression)? {
        Parsed::Sum(sum) if options.every => {
            let most = moves_listed(&sum, options.moves, options.outcome_only)?;
            let progress = &mut searching(progress);
            let analysis = match options.outcome_only {
                true => analyze_every_outcome(&sum, progress),
                false => analyze_every_listing(&sum, most, progress),
            };
            analysis.map(Analyzed::Every)
        }
        Parsed::Strong { .. } | Parsed::Values(_) if options.every => Err(Error::Unsupported(
            "every-move play (--every) is for sums of impartial games: a position \
             solved strongly (win, lose, tie, draw) or a partizan value has no step"
                .into(),
        )),
        Parsed::Solitaire { family, .. } if options.misere || options.every => {
            Err(family.error(format!(
                "{} is for games of two players; a solitaire (one player makes every \
                 move) is answered without it",
                if options.misere {
                    "--misere"
                } else {
                    "--every"
                }
            )))
        }
        Parsed::Solitaire {
            ruleset,
            family,
            position,
        } => {
            let solitaire = ruleset.solitaire().expect("a solitaire");
            solitaire
                .analyze(&family, &position)
                .map(Analyzed::Solitaire)
        }
        Parsed::Strong { ruleset, position } => {
            match ruleset.strong().and_then(|s| s.loopy(&position)) {
                // A vertex of a partizan graph without a player to move:
                // its value as a loopy game.
                Some(game) => {
                    let game = game?;
                    loopy_analysis(expression, options, progress, |_, _| Ok(game))
                }
                None => strong(&ruleset, &position, options, progress).map(Analyzed::Strong),
            }
        }
        Parsed::Sum(sum) => {
            let most = moves_listed(&sum, options.moves, options.outcome_only)?;
            let progress = &mut searching(progress);
            let analysis = match options.misere {
                true => analyze_misere_listing(&sum, most, progress),
                false if options.outcome_only => analyze_outcome(&sum, progress),
                false => analyze_listing(&sum, most, progress),
            };
            analysis.map(Analyzed::Sum)
        }
        Parsed::Values(terms) if registry::has_loopy(&terms) => {
            loopy_analysis(expression, options, progress, |games, report| {
                registry::loopy_sum(&terms, games, report)
            })
        }
        Parsed::Values(terms) if options.misere => {
            let moves = (!options.outcome_only).then_some(options.moves);
            misere_value_analysis(&terms, moves, progress)
                .map(|a| Analyzed::MisereValues(Box::new(a)))
        }
        Parsed::Values(terms) if options.outcome_only => {
            let valued = |progress| {
                value_analysis(&terms, None, progress).map(|a| Analyzed::Values(Box::new(a)))
            };
            match searched_analysis(&terms, &mut *progress)? {
                Searching::Decided(searched) => Ok(Analyzed::Searched {
                    expression: expression.trim().to_string(),
                    searched,
                }),
                Searching::NoFamily => valued(progress),
                // Where the value meets a limit too, the answer names both
                // (once where they are the same).
                Searching::Limit(searched) => valued(progress).map_err(|error| match error {
                    Error::Limit(valued) if valued == searched => Error::Limit(valued),
                    Error::Limit(valued) => {
                        Error::Limit(format!("{searched}; valued instead, {valued}"))
                    }
                    error => error,
                }),
            }
        }
        Parsed::Values(terms) => value_analysis(&terms, Some(options.moves), progress)
            .map(|a| Analyzed::Values(Box::new(a))),
    }
}

/// The value of the loopy game `game` builds (short games inside it in the
/// table it is given, the positions a search values reported to the
/// callback it is given): its outcome and, where it is a stopper, its
/// simplest form. Stopped, an error, when `progress` says so.
fn loopy_analysis(
    expression: &str,
    options: &AnalyzeOptions,
    progress: OnProgress,
    game: impl FnOnce(&mut Games, &mut dyn FnMut(u64) -> bool) -> Result<loopy::Graph> + Send,
) -> Result<Analyzed> {
    if options.misere {
        return Err(Error::Unsupported(
            "misère play of loopy games (pass, on, off, ...) is not answered".into(),
        ));
    }
    let progress = &mut |positions| progress(Progress::Valuing { positions });
    let value = interruptible(progress, |interrupt| {
        let mut games = Games::new();
        games.interrupt_on(Some(interrupt.clone()));
        let game = game(&mut games, &mut |positions| interrupt.report(positions))?;
        loopy::value(&game, &mut games)
    })?;
    Ok(Analyzed::Loopy {
        expression: expression.trim().to_string(),
        value,
    })
}

/// A position of a ruleset solved strongly: from the solved table, or from
/// a solve (kept by the ruleset for the next question of a batch); with
/// `outcome_only` the standing alone, which a search that stops at the
/// first winning move finds without a solve, or, for a ruleset with
/// values, its value.
fn strong(
    ruleset: &RulesetRef,
    position: &[Word],
    options: &AnalyzeOptions,
    progress: OnProgress,
) -> Result<StrongAnalysis> {
    let table = (options.db.as_ref()).filter(|table| table.answers(&ruleset.name()));
    if let ([word], true, None) = (position, options.outcome_only, table) {
        let by_value = valuing(progress, |games, progress| {
            registry::outcome_by_value(ruleset, word, games, progress)
        })?;
        if let Some(answer) = by_value {
            return Ok(answer);
        }
    }
    let strong = ruleset.strong().expect("a strong ruleset");
    let source = match table {
        Some(table) => table.source()?,
        None => Source::Solve,
    };
    let solve_options = Options::for_available_memory(options.memory);
    let progress = &mut |p| progress(Progress::Solving(p));
    match options.outcome_only {
        true => strong.outcome(position, source, &solve_options, progress),
        false => strong.analyze(position, source, &solve_options, progress),
    }
}

/// Values the parts of a sum of values and analyzes the sum: its value,
/// outcome, mean, temperature, thermograph and, with `moves` at Some(n),
/// its winning moves, counted, the first n listed.
pub fn value_analysis(
    terms: &[ValueTerm],
    moves: Option<usize>,
    progress: OnProgress,
) -> Result<ValueAnalysis> {
    valuing(progress, |games, progress| {
        let parts = registry::valued(terms, games, progress)?;
        short::analyze_values(games, &parts, moves)
    })
}

/// What the search of a sum of values answers.
enum Searching {
    /// Who wins.
    Decided(Searched),
    /// The sum has no family's position to search.
    NoFamily,
    /// The search met a limit (depth, memory) that the canonical form may
    /// not meet: the limit's message.
    Limit(String),
}

/// Who wins a sum of values, by a search of the sum
/// ([`registry::searched_outcome`]). Stopped by `progress`, an error.
fn searched_analysis(terms: &[ValueTerm], progress: OnProgress) -> Result<Searching> {
    let mut stopped = false;
    let answer = valuing(progress, |games, report| {
        let watched = &mut |count| {
            let go = report(count);
            stopped |= !go;
            go
        };
        let answer = registry::searched_outcome(terms, games, watched);
        // Ctrl-C may be heard by the table of games, between two reports:
        // a search stopped so is not to be followed by the value.
        stopped |= games.interrupt().is_some_and(|flag| flag.is_set());
        answer
    });
    match answer {
        Ok(Some(searched)) => Ok(Searching::Decided(searched)),
        Ok(None) => Ok(Searching::NoFamily),
        Err(Error::Limit(limit)) if !stopped => Ok(Searching::Limit(limit)),
        Err(error) => Err(error),
    }
}

/// Builds the parts of a sum of values as they are and analyzes the sum
/// under misère play: who wins, each player's winning moves, and the
/// misère canonical form where the sum is impartial.
pub fn misere_value_analysis(
    terms: &[ValueTerm],
    moves: Option<usize>,
    progress: OnProgress,
) -> Result<MisereAnalysis> {
    let progress = &mut |positions| progress(Progress::Valuing { positions });
    interruptible(progress, |interrupt| {
        let mut forms = Forms::new();
        forms.interrupt_on(Some(interrupt.clone()));
        let mut search = SumSearch::new();
        search.interrupt_on(Some(interrupt.clone()));
        let report = &mut |positions| interrupt.report(positions);
        let parts = registry::misere_sum_parts(terms, &mut forms, &mut search, report)?;
        analyze_misere_sum(&mut search, &mut forms, &parts, moves, report)
    })
}

/// Runs a search of values in a fresh table of games, reporting each count
/// of positions valued as [`Progress::Valuing`]. The search runs
/// interruptible ([`crate::interrupt`]): what follows it (sums, cooling,
/// atomic weights) reports nothing, but stops when `progress` says so.
fn valuing<T: Send>(
    progress: OnProgress,
    search: impl FnOnce(&mut Games, &mut dyn FnMut(u64) -> bool) -> Result<T> + Send,
) -> Result<T> {
    let progress = &mut |positions| progress(Progress::Valuing { positions });
    interruptible(progress, |interrupt| {
        let mut games = Games::new();
        games.interrupt_on(Some(interrupt.clone()));
        let answer = search(&mut games, &mut |positions| interrupt.report(positions));
        // Millions of games take seconds to free: not before the answer.
        memory::free_aside(games);
        answer
    })
}

/// The answer of `analyze`: one of eight, told apart by their keys (a sum
/// has `convention` and `nimber` without `play`; Every-SG play has `play:
/// "every"`; a solitaire `play: "solitaire"`; a position solved strongly
/// has `remoteness`; a sum of values has `is_number`, under misère play
/// `misere_form`, and decided by a search for its outcome alone
/// `searched_states`; a loopy game has `stopper`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum AnalyzeAnswer {
    /// A sum of impartial games under normal or misère play.
    Sum(SumAnswer),
    /// A position of a ruleset solved strongly.
    Strong(StrongAnswer),
    /// A sum of partizan values.
    // Boxed: its facts make it the largest variant by far.
    Values(Box<ValuesAnswer>),
    /// A sum under Every-SG play.
    Every(EveryAnswer),
    /// A position of a one-player game.
    Solitaire(SolitaireAnswer),
    /// A sum of partizan games under misère play.
    MisereValues(MisereValuesAnswer),
    /// Who wins a sum of partizan values, decided by a search of the sum
    /// (asked for the outcome only).
    Searched(SearchedAnswer),
    /// A loopy game: who wins, draws included, and its simplest form
    /// where it is a stopper.
    Loopy(LoopyAnswer),
}

impl AnalyzeAnswer {
    /// The answer of `analyzed`; with `outcome_only`, without its
    /// components and moves.
    pub fn new(analyzed: &Analyzed, outcome_only: bool) -> AnalyzeAnswer {
        match analyzed {
            Analyzed::Sum(a) => AnalyzeAnswer::Sum(SumAnswer::new(a, outcome_only)),
            Analyzed::Strong(a) => AnalyzeAnswer::Strong(StrongAnswer::new(a, outcome_only)),
            Analyzed::Values(a) => {
                AnalyzeAnswer::Values(Box::new(ValuesAnswer::new(a, outcome_only)))
            }
            Analyzed::Every(a) => AnalyzeAnswer::Every(EveryAnswer::new(a, outcome_only)),
            Analyzed::Solitaire(a) => {
                AnalyzeAnswer::Solitaire(SolitaireAnswer::new(a, outcome_only))
            }
            Analyzed::Searched {
                expression,
                searched,
            } => AnalyzeAnswer::Searched(SearchedAnswer::new(expression, searched)),
            Analyzed::MisereValues(a) => {
                AnalyzeAnswer::MisereValues(MisereValuesAnswer::new(a, outcome_only))
            }
            Analyzed::Loopy { expression, value } => {
                AnalyzeAnswer::Loopy(LoopyAnswer::new(expression, value))
            }
        }
    }

    /// The same answer, for line `line` of a batch.
    pub fn at_line(mut self, number: u64) -> AnalyzeAnswer {
        let line = match &mut self {
            AnalyzeAnswer::Sum(a) => &mut a.line,
            AnalyzeAnswer::Strong(a) => &mut a.line,
            AnalyzeAnswer::Values(a) => &mut a.line,
            AnalyzeAnswer::Every(a) => &mut a.line,
            AnalyzeAnswer::Solitaire(a) => &mut a.line,
            AnalyzeAnswer::MisereValues(a) => &mut a.line,
            AnalyzeAnswer::Searched(a) => &mut a.line,
            AnalyzeAnswer::Loopy(a) => &mut a.line,
        };
        *line = Some(number);
        self
    }
}

/// A loopy game (Siegel, *Combinatorial Game Theory*, VI): who wins each
/// player starting, where a play that never ends is a draw, and where it
/// is a stopper (no play of alternating moves goes on for ever) its
/// simplest form.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct LoopyAnswer {
    /// The line of a batch the answer is for; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The sum as it was asked.
    pub expression: String,
    /// CGSuite's loopy outcome classes: `L`, `R`, `N`, `P`, `D` (a draw
    /// whoever starts), `PHat` (Left starting draws, Right starting
    /// loses), `PCheck` (Left starting loses, Right starting draws),
    /// `NHat` (Left starting wins, Right starting draws), `NCheck` (Left
    /// starting draws, Right starting wins).
    #[schemars(extend("enum" = ["L", "R", "N", "P", "D", "PHat", "PCheck", "NHat", "NCheck"]))]
    pub outcome: String,
    /// The outcome in words.
    pub outcome_explanation: String,
    /// Whether the game is a stopper.
    pub stopper: bool,
    /// Whether no position repeats: a short game.
    pub loopfree: bool,
    /// How many positions the sum has as given.
    pub positions: u64,
    /// The simplest form, as grundy reads it back (`on`, `{0|pass}` is
    /// `over`, a short game in its canonical form); null where the game is
    /// no stopper.
    pub value: Option<String>,
    /// The onside (a play that never ends is Left's), a stopper in simplest
    /// form as grundy reads it back: the value itself for a stopper; for a
    /// game that is none, found by sidling (Siegel, *Combinatorial Game
    /// Theory*, VI.4-5); null where it is not found.
    pub onside: Option<String>,
    /// The offside (a play that never ends is Right's), as the onside.
    pub offside: Option<String>,
}

impl LoopyAnswer {
    /// The answer about the loopy game `expression` of value `value`.
    pub fn new(expression: &str, value: &LoopyValue) -> LoopyAnswer {
        LoopyAnswer {
            line: None,
            expression: expression.to_string(),
            outcome: value.outcome.as_str().to_string(),
            outcome_explanation: value.outcome.explanation().to_string(),
            stopper: value.stopper,
            loopfree: value.loopfree,
            positions: value.positions as u64,
            value: value.written.clone(),
            onside: value.sides.as_ref().map(|s| s.onside.clone()),
            offside: value.sides.as_ref().map(|s| s.offside.clone()),
        }
    }
}

/// A sum of impartial games: its outcome, its nimber, and unless asked for
/// the outcome only, its components and winning moves.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct SumAnswer {
    /// The line of a batch (`analyze --batch`) the answer is for, counted
    /// from 1; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The sum as an expression.
    pub expression: String,
    /// `normal` (who cannot move loses) or `misere` (who cannot move wins).
    #[schemars(extend("enum" = ["normal", "misere"]))]
    pub convention: String,
    /// `P` (the player to move loses), `N` (wins) or `D` (a draw).
    #[schemars(extend("enum" = ["P", "N", "D"]))]
    pub outcome: String,
    /// The nimber; `null` where none is known (a lone huge Wythoff
    /// position) or none decides play (misère play, an infinite value).
    pub nimber: Option<Exact>,
    /// The components and moves; left out with `--outcome-only`.
    #[serde(flatten)]
    pub moves: Option<SumMoves>,
}

/// The components and winning moves of a sum.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[non_exhaustive]
pub struct SumMoves {
    /// Each component with its value.
    pub components: Vec<SumComponent>,
    /// How many winning moves there are in all.
    pub winning_move_count: Exact,
    /// Whether the count is a lower bound: a component may have more
    /// winning moves than can be counted (a huge take-and-break heap).
    pub winning_move_count_is_lower_bound: bool,
    /// The first winning moves (at most `--moves`).
    pub winning_moves: Vec<MoveTo>,
    /// For a draw only: the moves that keep it; left out otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub best_moves: Vec<MoveTo>,
}

/// One component of a sum.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct SumComponent {
    /// The component as an expression.
    pub component: String,
    /// Its nimber; `null` where unknown, under misère play, for an infinite
    /// value, or where it wins at once.
    pub nimber: Option<Exact>,
    /// Its generalized value: the nimber, or `∞(0,2)`; `null` where the
    /// nimber is not reported.
    pub value: Option<String>,
    /// Under misère play only: its genus (`2^1420`), `null` where its
    /// search did not finish within its limits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<Option<String>>,
    /// Under misère play only: whether it is tame, `null` where its genus
    /// is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tame: Option<Option<bool>>,
    /// Under misère play only: its misère canonical form (Conway, *On
    /// Numbers and Games*, chapter 12: `0`, `*2`, `{*2,*3}`), `null`
    /// where its search did not finish within its limits (forms born by
    /// day 128, 100,000 positions, 64 MiB of forms) or it is written in
    /// more than 100,000 characters, and in a sum answered by a proven
    /// misère quotient, where none is searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere_form: Option<Option<String>>,
    /// Only where the player to move wins at once in it (then `nimber` is
    /// `null`): `true`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub wins_at_once: bool,
}

impl SumAnswer {
    /// The answer of `a`; with `outcome_only`, without components and
    /// moves.
    pub fn new(a: &Analysis, outcome_only: bool) -> SumAnswer {
        let misere = a.convention == Convention::Misere;
        let moves = (!outcome_only).then(|| SumMoves {
            components: (a.components.iter())
                .map(|c| SumComponent {
                    component: c.expression.clone(),
                    nimber: c.nimber.clone().map(Exact),
                    value: c.value.clone(),
                    genus: misere.then(|| c.genus.as_ref().map(ToString::to_string)),
                    tame: misere.then_some(c.tame),
                    misere_form: misere.then(|| c.misere_form.clone()),
                    wins_at_once: c.wins_at_once,
                })
                .collect(),
            winning_move_count: Exact::from(a.winning_move_count.number()),
            winning_move_count_is_lower_bound: matches!(a.winning_move_count, Count::AtLeast(_)),
            winning_moves: MoveTo::list(&a.winning_moves),
            best_moves: MoveTo::list(&a.best_moves),
        });
        SumAnswer {
            line: None,
            expression: a.expression.clone(),
            convention: a.convention.name().to_string(),
            outcome: a.outcome.letter().to_string(),
            nimber: a.nimber.clone().map(Exact),
            moves,
        }
    }
}

/// A standing and its remoteness, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[non_exhaustive]
pub struct SolutionAnswer {
    /// `W` (the player to move wins), `L` (loses), `T` (a tie) or `D` (a
    /// draw: play goes on forever).
    #[schemars(extend("enum" = ["W", "L", "T", "D"]))]
    pub outcome: &'static str,
    /// Moves until the game ends with best play; `null` for a draw, and
    /// with `--outcome-only`, which does not search for it.
    pub remoteness: Option<u32>,
}

impl From<Solution> for SolutionAnswer {
    fn from(s: Solution) -> SolutionAnswer {
        SolutionAnswer {
            outcome: s.standing.letter(),
            remoteness: s.remoteness,
        }
    }
}

/// A position of a ruleset solved strongly: its standing and remoteness,
/// and unless asked for the outcome only, its best moves.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct StrongAnswer {
    /// The line of a batch the answer is for; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The position as an expression.
    pub expression: String,
    /// Its standing and remoteness.
    #[serde(flatten)]
    pub solution: SolutionAnswer,
    /// Every best move; left out with `--outcome-only`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_moves: Option<Vec<StrongMove>>,
}

/// A best move of a position solved strongly.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct StrongMove {
    /// The position after the move, as an expression.
    pub to: String,
    /// The value after the move, for the opponent who moves there.
    #[serde(flatten)]
    pub after: SolutionAnswer,
}

impl StrongAnswer {
    /// The answer of `a`; with `outcome_only`, without best moves.
    pub fn new(a: &StrongAnalysis, outcome_only: bool) -> StrongAnswer {
        let best_moves = (!outcome_only).then(|| {
            (a.best_moves.iter())
                .map(|(to, after)| StrongMove {
                    to: to.clone(),
                    after: (*after).into(),
                })
                .collect()
        });
        StrongAnswer {
            line: None,
            expression: a.expression.clone(),
            solution: a.solution.into(),
            best_moves,
        }
    }
}

/// Who wins a sum of partizan values, asked for the outcome only (`analyze
/// --outcome-only`): decided by a minimax search of the sum, each player
/// moving first, in which regions small enough are replaced by their
/// canonical forms, without the canonical form of the whole (which may be
/// far larger than the search needs).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct SearchedAnswer {
    /// The line of a batch the answer is for; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The sum as it was asked.
    pub expression: String,
    /// `L` (Left wins whoever starts), `R` (Right does), `N` (whoever
    /// starts wins) or `P` (whoever starts loses).
    #[schemars(extend("enum" = ["L", "R", "N", "P"]))]
    pub outcome: String,
    /// Whether Left wins moving first.
    pub left_first_wins: bool,
    /// Whether Right wins moving first.
    pub right_first_wins: bool,
    /// How many states of the sum the search decided.
    pub searched_states: u64,
}

impl SearchedAnswer {
    /// The answer of a search of `expression`.
    pub fn new(expression: &str, searched: &Searched) -> SearchedAnswer {
        SearchedAnswer {
            line: None,
            expression: expression.to_string(),
            outcome: searched.outcome().letter().to_string(),
            left_first_wins: searched.left_first_wins,
            right_first_wins: searched.right_first_wins,
            searched_states: searched.states,
        }
    }
}

/// A sum of partizan values (positions, game literals, differences): its
/// canonical form, outcome class, mean and temperature, and unless asked
/// for the outcome only, each part and each player's winning moves.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ValuesAnswer {
    /// The line of a batch the answer is for; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The sum as an expression.
    pub expression: String,
    /// The canonical form of the sum, as grundy reads it back.
    pub value: String,
    /// `L` (Left wins whoever starts), `R` (Right wins), `N` (the player
    /// to move wins) or `P` (the player to move loses).
    #[schemars(extend("enum" = ["L", "R", "N", "P"]))]
    pub outcome: String,
    /// Whether the value is a number.
    pub is_number: bool,
    /// The mean value, a dyadic rational such as `3/2`.
    pub mean: String,
    /// The temperature, a dyadic rational (Siegel's convention: a number
    /// m/2^k has temperature -1/2^k).
    pub temperature: String,
    /// The Left stop: where play ends with Left moving first, each player
    /// stopping once the game is a number (Siegel, *Combinatorial Game
    /// Theory*, II.3). A dyadic rational.
    pub left_stop: String,
    /// The Right stop: where play ends with Right moving first.
    pub right_stop: String,
    /// The numbers the value is confused with (fuzzy with): those from
    /// the Right stop to the Left stop, each end included where the value
    /// is confused with it. Null where there are none: the value is a
    /// number, or its stops are one number that it is above or below (↑
    /// is above 0 and below every positive number).
    pub confusion_interval: Option<ConfusionInterval>,
    /// The birthday of the canonical form: 0 for 0, one more than its
    /// options' latest for any other form (the integer n is born on day
    /// |n|, m/2^k in lowest terms on day ⌊|m/2^k|⌋ + k + 1).
    pub birthday: u128,
    /// Whether the value is infinitesimal: between -x and x for every
    /// positive number x (for a short game: both stops are 0).
    pub is_infinitesimal: bool,
    /// Whether the value is all-small: every subposition of its canonical
    /// form is 0 or has moves for both players (Siegel II.4).
    pub is_all_small: bool,
    /// The atomic weight W, with the value ~ W.↑ (Siegel II.7: the value
    /// plays, beside a remote star, as W ↑s), a game as grundy reads it;
    /// present exactly where the value is all-small.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atomic_weight: Option<String>,
    /// The reduced canonical form: the simplest game that differs from
    /// the value by an infinitesimal (Siegel II.6).
    pub reduced: String,
    /// What each player gains by each move of the canonical form: Left's
    /// G^L - G, Right's G - G^R. Null where the value is written in more
    /// than 256 characters (an incentive is a sum about as large as the
    /// value's form squared).
    pub incentives: Option<Incentives>,
    /// The parts and moves; left out with `--outcome-only`.
    #[serde(flatten)]
    pub moves: Option<ValuesMoves>,
}

/// Each player's incentives, games as grundy reads them, without repeats.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct Incentives {
    /// Left's: G^L - G for each Left option G^L.
    pub left: Vec<String>,
    /// Right's: G - G^R for each Right option G^R.
    pub right: Vec<String>,
}

/// The numbers a value is confused with: an interval from `low` to `high`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ConfusionInterval {
    /// The lower end, the Right stop: a dyadic rational.
    pub low: String,
    /// The upper end, the Left stop.
    pub high: String,
    /// Whether the value is confused with `low` itself.
    pub low_included: bool,
    /// Whether the value is confused with `high` itself.
    pub high_included: bool,
}

/// The parts of a sum of values and each player's winning moves.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[non_exhaustive]
pub struct ValuesMoves {
    /// Each part with its value.
    pub parts: Vec<ValuesPart>,
    /// Left's winning moves, Left moving first: the first `--moves`.
    pub left_moves: Vec<ValuesMove>,
    /// How many winning moves Left has, listed or not.
    pub left_move_count: u64,
    /// Right's winning moves, Right moving first: the first `--moves`.
    pub right_moves: Vec<ValuesMove>,
    /// How many winning moves Right has, listed or not.
    pub right_move_count: u64,
    /// Parts whose moves were too many to list: the moves above are those
    /// of the other parts. Left out where there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unlisted: Vec<Unlisted>,
}

/// A part whose moves are too many to list.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct Unlisted {
    /// The part, counted from 0.
    pub part: usize,
    /// How many options it has.
    pub options: u64,
}

/// One part of a sum of values.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ValuesPart {
    /// The part as written.
    pub part: String,
    /// Its canonical form.
    pub value: String,
}

/// A winning move in a sum of values.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ValuesMove {
    /// The part moved in, counted from 0.
    pub part: usize,
    /// The part after the move.
    pub to: String,
    /// The canonical form of the sum after the move; null where it is
    /// written in more than 100,000 characters.
    pub value: Option<String>,
}

fn values_moves(moves: &[ValueMove]) -> Vec<ValuesMove> {
    (moves.iter())
        .map(|m| ValuesMove {
            part: m.part,
            to: m.to.clone(),
            value: m.value.clone(),
        })
        .collect()
}

impl ValuesAnswer {
    /// The answer of `a`; with `outcome_only`, without parts and moves.
    pub fn new(a: &ValueAnalysis, outcome_only: bool) -> ValuesAnswer {
        ValuesAnswer {
            line: None,
            expression: a.expression.clone(),
            value: a.value.clone(),
            outcome: a.outcome.letter().to_string(),
            is_number: a.is_number,
            mean: a.mean.to_string(),
            temperature: a.temperature.to_string(),
            left_stop: a.stops.0.to_string(),
            right_stop: a.stops.1.to_string(),
            confusion_interval: a.confusion.map(|c| ConfusionInterval {
                low: c.low.to_string(),
                high: c.high.to_string(),
                low_included: c.low_included,
                high_included: c.high_included,
            }),
            birthday: a.birthday,
            is_infinitesimal: a.is_infinitesimal,
            is_all_small: a.is_all_small,
            atomic_weight: a.atomic_weight.clone(),
            reduced: a.reduced.clone(),
            incentives: (a.incentives.as_ref()).map(|(left, right)| Incentives {
                left: left.clone(),
                right: right.clone(),
            }),
            moves: (!outcome_only).then(|| ValuesMoves {
                parts: (a.parts.iter())
                    .map(|(part, value)| ValuesPart {
                        part: part.clone(),
                        value: value.clone(),
                    })
                    .collect(),
                left_moves: values_moves(&a.left_moves),
                left_move_count: a.left_move_count as u64,
                right_moves: values_moves(&a.right_moves),
                right_move_count: a.right_move_count as u64,
                unlisted: (a.unlisted.iter())
                    .map(|&(part, options)| Unlisted { part, options })
                    .collect(),
            }),
        }
    }
}

/// A sum of partizan games (literals, positions of families) under misère
/// play, where the player who cannot move wins: who wins, and, unless asked
/// for the outcome only, each part and each player's winning moves. Told
/// apart from the other answers by `misere_form`. No value of normal play
/// (canonical form, mean, temperature) decides misère play, so none is
/// given; where the sum is impartial, its misère canonical form is.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct MisereValuesAnswer {
    /// The line of a batch the answer is for; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The sum as an expression.
    pub expression: String,
    /// Always `misere`.
    #[schemars(extend("enum" = ["misere"]))]
    pub convention: String,
    /// Who wins under misère play: `L` (Left, whoever starts), `R`
    /// (Right), `N` (the player to move) or `P` (the player not to move).
    #[schemars(extend("enum" = ["L", "R", "N", "P"]))]
    pub outcome: String,
    /// Whether each player has the same moves, all the way down.
    pub is_impartial: bool,
    /// The misère canonical form of the sum (Conway, *On Numbers and
    /// Games*, chapter 12: `0`, `*2`, `{0,*2}`), where it is impartial;
    /// null where it is not, or where the form is written in more than
    /// 100,000 characters.
    pub misere_form: Option<String>,
    /// How many distinct parts the search met: the regions of the
    /// families' positions and the games written as literals, each with
    /// its followers.
    pub games: usize,
    /// Whether the sum is dead-ending: in each of its followers, a player
    /// with no move has none after any of the other's either (the
    /// families say so of their rules, such as Domineering's, a placement
    /// game; a literal is checked move by move). Where every part left
    /// is a dead end (one player alone can move there), misère play is
    /// decided at once: each player runs out of moves by their shortest
    /// way, and the player to move wins where theirs is no longer.
    pub dead_ending: bool,
    /// The parts and moves; left out with `--outcome-only`.
    #[serde(flatten)]
    pub moves: Option<MisereValuesMoves>,
}

/// The parts of a sum under misère play and each player's winning moves.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[non_exhaustive]
pub struct MisereValuesMoves {
    /// Each part, with its misère canonical form where it is impartial.
    pub parts: Vec<MiserePart>,
    /// Left's winning moves, Left moving first: the first `--moves`.
    pub left_moves: Vec<MisereValuesMove>,
    /// How many winning moves Left has, listed or not.
    pub left_move_count: u64,
    /// Right's winning moves, Right moving first: the first `--moves`.
    pub right_moves: Vec<MisereValuesMove>,
    /// How many winning moves Right has, listed or not.
    pub right_move_count: u64,
}

/// One part of a sum under misère play.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct MiserePart {
    /// The part as written.
    pub part: String,
    /// Whether each player has the same moves in it, all the way down.
    pub is_impartial: bool,
    /// Its misère canonical form, where it is impartial (and written in at
    /// most 100,000 characters); null otherwise.
    pub misere_form: Option<String>,
}

/// A winning move in a sum under misère play.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct MisereValuesMove {
    /// The part moved in, counted from 0.
    pub part: usize,
    /// The part after the move.
    pub to: String,
}

fn misere_moves(moves: &[MisereMove]) -> Vec<MisereValuesMove> {
    (moves.iter())
        .map(|m| MisereValuesMove {
            part: m.part,
            to: m.to.clone(),
        })
        .collect()
}

impl MisereValuesAnswer {
    /// The answer of `a`; with `outcome_only`, without parts and moves.
    pub fn new(a: &MisereAnalysis, outcome_only: bool) -> MisereValuesAnswer {
        MisereValuesAnswer {
            line: None,
            expression: a.expression.clone(),
            convention: "misere".into(),
            outcome: a.outcome.letter().to_string(),
            is_impartial: a.is_impartial,
            misere_form: a.misere_form.clone(),
            games: a.games,
            dead_ending: a.dead_ending,
            moves: (!outcome_only).then(|| MisereValuesMoves {
                parts: (a.parts.iter())
                    .map(|(part, impartial, form)| MiserePart {
                        part: part.clone(),
                        is_impartial: *impartial,
                        misere_form: form.clone(),
                    })
                    .collect(),
                left_moves: misere_moves(&a.left_moves),
                left_move_count: a.left_move_count as u64,
                right_moves: misere_moves(&a.right_moves),
                right_move_count: a.right_move_count as u64,
            }),
        }
    }
}

/// A sum under Every-SG play (a move in every component that can move; the
/// last move wins): the keys of a sum's answer (`convention` is `normal`,
/// `nimber` is `null`, as no nimber decides it), with `play`, each step
/// and the winning moves by the largest step they leave.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct EveryAnswer {
    /// The line of a batch the answer is for; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The sum as an expression.
    pub expression: String,
    /// Always `normal`: the last move wins.
    #[schemars(extend("const" = "normal"))]
    pub convention: &'static str,
    /// Always `every`.
    #[schemars(extend("const" = "every"))]
    pub play: &'static str,
    /// `P` (the player to move loses) or `N` (wins).
    #[schemars(extend("enum" = ["P", "N"]))]
    pub outcome: String,
    /// Always `null`: no nimber decides Every-SG play.
    pub nimber: (),
    /// The largest step of the components: the player to move wins exactly
    /// when it is odd.
    pub step: u64,
    /// The components and moves; left out with `--outcome-only`.
    #[serde(flatten)]
    pub moves: Option<EveryMoves>,
}

/// The components and winning moves of an Every-SG sum.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[non_exhaustive]
pub struct EveryMoves {
    /// Each component with its step.
    pub components: Vec<EveryComponent>,
    /// How many winning moves there are in all: choices of one option in
    /// each component that can move.
    pub winning_move_count: Exact,
    /// Always `false`: the count is exact.
    pub winning_move_count_is_lower_bound: bool,
    /// The first winning moves (at most `--moves`).
    pub winning_moves: Vec<MoveTo>,
    /// The winning moves compactly, by the largest step each leaves.
    pub choices: Vec<EveryChoices>,
}

/// One component of an Every-SG sum.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct EveryComponent {
    /// The component as an expression.
    pub component: String,
    /// Always `null`.
    pub nimber: (),
    /// Its step (suspense number).
    pub step: u64,
}

/// The winning moves that leave `step` as the largest step.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct EveryChoices {
    /// The largest step the moves leave (even).
    pub step: u64,
    /// How many moves these are.
    pub count: Exact,
    /// What each component that can move may choose.
    pub components: Vec<ComponentChoices>,
}

/// The options one component may choose in a winning move.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ComponentChoices {
    /// The component, counted from 1 as the moves number components.
    pub component: usize,
    /// How many options it may choose in all.
    pub option_count: u64,
    /// The first of them.
    pub options: Vec<StepOption>,
}

/// An option of a component and its step.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct StepOption {
    /// What the component becomes (`nothing` where nothing is left).
    pub to: String,
    /// Its step.
    pub step: u64,
}

impl EveryAnswer {
    /// The answer of `a`; with `outcome_only`, without components and
    /// moves.
    pub fn new(a: &EveryAnalysis, outcome_only: bool) -> EveryAnswer {
        let moves = (!outcome_only).then(|| EveryMoves {
            components: (a.components.iter())
                .map(|(component, step)| EveryComponent {
                    component: component.clone(),
                    nimber: (),
                    step: *step,
                })
                .collect(),
            winning_move_count: Exact(a.winning_move_count.clone()),
            winning_move_count_is_lower_bound: false,
            winning_moves: MoveTo::list(&a.winning_moves),
            choices: (a.choices.iter())
                .map(|c| EveryChoices {
                    step: c.step,
                    count: Exact(c.count.clone()),
                    components: (c.components.iter())
                        .map(|cc| ComponentChoices {
                            component: cc.component + 1,
                            option_count: cc.option_count,
                            options: (cc.options.iter())
                                .map(|(to, step)| StepOption {
                                    to: to.clone(),
                                    step: *step,
                                })
                                .collect(),
                        })
                        .collect(),
                })
                .collect(),
        });
        EveryAnswer {
            line: None,
            expression: a.expression.clone(),
            convention: "normal",
            play: "every",
            outcome: a.outcome.letter().to_string(),
            nimber: (),
            step: a.step,
            moves,
        }
    }
}

/// A position of a one-player game: whether a goal can be reached, and for
/// a win one shortest path.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct SolitaireAnswer {
    /// The line of a batch the answer is for; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The position as an expression.
    pub expression: String,
    /// Always `solitaire`.
    #[schemars(extend("const" = "solitaire"))]
    pub play: &'static str,
    /// `Win` (a goal can be reached), `Draw` (none can, but play can go on
    /// forever) or `Lose` (none can, and every line of play ends).
    #[schemars(extend("enum" = ["Win", "Draw", "Lose"]))]
    pub outcome: &'static str,
    /// The moves of the shortest win; `null` for a draw or a loss.
    pub moves: Option<usize>,
    /// The positions of the shortest win, the start first (empty for a
    /// draw or a loss); left out with `--outcome-only`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<String>>,
}

impl SolitaireAnswer {
    /// The answer of `a`; with `outcome_only`, without the path.
    pub fn new(a: &SolitaireAnalysis, outcome_only: bool) -> SolitaireAnswer {
        SolitaireAnswer {
            line: None,
            expression: a.expression.clone(),
            play: "solitaire",
            outcome: a.outcome.word(),
            moves: (a.outcome == SolitaireOutcome::Win).then(|| a.path.len() - 1),
            path: (!outcome_only).then(|| a.path.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    /// Every-SG play under misère play is refused here, for every front
    /// end, not answered under normal play.
    #[test]
    fn every_and_misere_together_are_bad_input() {
        let every = AnalyzeOptions {
            every: true,
            ..AnalyzeOptions::default()
        };
        assert!(analyze(&mut Rulesets::new(), "nim 3", &every).is_ok());
        let misere = AnalyzeOptions {
            misere: true,
            ..every
        };
        let error = analyze(&mut Rulesets::new(), "nim 3", &misere).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::BadInput);
        assert!(error.to_string().contains("every and misere"), "{error}");
    }
}
