//! `compare`: how two sums of values compare: equal, less, greater or
//! confused (Siegel, *Combinatorial Game Theory*, II.1; loopy games by
//! survival and by their sides, VI.4).
//!
//! For short games `G - H` answers it too (P exactly when G = H); for
//! loopy games it does not (`over - over` is `over + under`, a draw, while
//! over = over), so the two games are compared as they are.
//!
//! ```
//! use grundy::answer::compare::compare;
//!
//! let answer = compare("over", "over", &mut |_| true).unwrap();
//! assert_eq!(answer.relation, "=");
//! let answer = compare("{1|-1}", "0", &mut |_| true).unwrap();
//! assert_eq!(answer.relation, "||");
//! ```

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::interrupt::interruptible;
use crate::loopy;
use crate::partizan::Games;
use crate::registry::{self, Rulesets, ValueTerm};

use super::{OnProgress, Progress};

/// How two games compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// G = H: either may replace the other in any sum.
    Equal,
    /// G < H.
    Less,
    /// G > H.
    Greater,
    /// Neither G ≤ H nor H ≤ G.
    Confused,
}

impl Relation {
    /// The relation from whether g ≤ h and whether h ≤ g.
    pub fn of(le: bool, ge: bool) -> Relation {
        match (le, ge) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }

    /// `=`, `<`, `>` or `||`.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Equal => "=",
            Relation::Less => "<",
            Relation::Greater => ">",
            Relation::Confused => "||",
        }
    }

    /// What the relation means for the players.
    pub fn explanation(self) -> &'static str {
        match self {
            Relation::Equal => "equal: either may replace the other in any sum",
            Relation::Less => {
                "less: in any sum Left does at least as well with the second, and in some better"
            }
            Relation::Greater => {
                "greater: in any sum Left does at least as well with the first, and in some better"
            }
            Relation::Confused => {
                "confused: each is the better for Left in some sum (the first minus the second \
                 is a first player's win, for short games)"
            }
        }
    }
}

/// An error of [`comparison`], with the game it is in: its column (if it
/// has one) is in that game's text.
#[derive(Debug)]
pub struct CompareError {
    /// Whether the error is in the second game (else the first, or in
    /// comparing them: a limit, an interrupt).
    pub in_second: bool,
    /// The error.
    pub error: Error,
}

impl CompareError {
    /// The error alone, saying "in the second game" where it is.
    pub fn into_error(self) -> Error {
        match (self.in_second, self.error) {
            (true, Error::Parse { column, message }) => Error::Parse {
                column,
                message: format!("{message} (in the second game)"),
            },
            (_, error) => error,
        }
    }
}

/// How the sum of values `first` compares with `second`: short games by
/// their canonical forms, and where either is loopy, both as loopy games
/// (stoppers by survival, others by their sides). Reports
/// [`Progress::Valuing`], and stops with a limit error where `progress`
/// says so.
pub fn comparison(
    first: &str,
    second: &str,
    progress: OnProgress,
) -> std::result::Result<Relation, CompareError> {
    let (in_first, in_second) = (
        |error| CompareError {
            in_second: false,
            error,
        },
        |error| CompareError {
            in_second: true,
            error,
        },
    );
    let mut rulesets = Rulesets::new();
    let g = rulesets.parse_values(first).map_err(in_first)?;
    let h = rulesets.parse_values(second).map_err(in_second)?;
    let loopy = registry::has_loopy(&g) || registry::has_loopy(&h);
    let progress = &mut |positions| progress(Progress::Valuing { positions });
    let mut failed_second = false;
    let relation = interruptible(progress, |interrupt| {
        let mut games = Games::new();
        games.interrupt_on(Some(interrupt.clone()));
        let report = &mut |positions| interrupt.report(positions);
        let (le, ge) = match loopy {
            true => {
                let g = registry::loopy_sum(&g, &mut games, report)?;
                let h = (registry::loopy_sum(&h, &mut games, report))
                    .inspect_err(|_| failed_second = true)?;
                loopy::compare(&g, &h, Some(interrupt))?
            }
            false => {
                let g = short_sum(&g, &mut games, report)?;
                let h = short_sum(&h, &mut games, report).inspect_err(|_| failed_second = true)?;
                let answer = (games.le(g, h), games.le(h, g));
                games.check()?;
                answer
            }
        };
        Ok(Relation::of(le, ge))
    });
    relation.map_err(|error| CompareError {
        in_second: failed_second,
        error,
    })
}

/// The value of a sum of short values.
fn short_sum(
    terms: &[ValueTerm],
    games: &mut Games,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<crate::partizan::GameId> {
    let parts = registry::valued(terms, games, progress)?;
    let sum = games.sum(parts.iter().map(|part| part.value));
    games.check()?;
    Ok(sum)
}

/// [`comparison`] as an answer.
pub fn compare(first: &str, second: &str, progress: OnProgress) -> Result<CompareAnswer> {
    let relation = comparison(first, second, progress).map_err(CompareError::into_error)?;
    Ok(CompareAnswer::new(first, second, relation))
}

/// How two games compare.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct CompareAnswer {
    /// The first game as asked.
    pub first: String,
    /// The second game as asked.
    pub second: String,
    /// `=`, `<`, `>` or `||` (confused: neither is at least the other),
    /// read as "first RELATION second".
    pub relation: String,
    /// The relation in words.
    pub explanation: String,
}

impl CompareAnswer {
    /// The answer that `first` and `second` are in `relation`.
    pub fn new(first: &str, second: &str, relation: Relation) -> CompareAnswer {
        CompareAnswer {
            first: first.trim().to_string(),
            second: second.trim().to_string(),
            relation: relation.symbol().to_string(),
            explanation: relation.explanation().to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{analyze, AnalyzeAnswer, AnalyzeOptions};

    fn relation(g: &str, h: &str) -> &'static str {
        comparison(g, h, &mut |_| true)
            .unwrap_or_else(|e| panic!("{g} vs {h}: {}", e.into_error()))
            .symbol()
    }

    /// Loopy values compared as the theory does (Siegel, *Combinatorial
    /// Game Theory*, VI; Winning Ways, ch. 11): on + off = dud = on & off,
    /// over = -under and > 0, on above every short game and off below,
    /// dud confused with 0 (its onside on is above 0, its offside off
    /// below), and `over` equal to itself though `over - over` is no zero
    /// (a draw).
    #[test]
    fn loopy_values_compare_as_the_theory_says() {
        for (g, h, expected) in [
            ("over", "over", "="),
            ("over", "{0|pass}", "="),
            ("on + off", "dud", "="),
            ("over", "-under", "="),
            ("over", "0", ">"),
            ("under", "0", "<"),
            ("on", "1000", ">"),
            ("off", "{1000|-1000}", "<"),
            ("on", "off", ">"),
            ("dud", "0", "||"),
            ("upon", "0", ">"),
            ("over + *", "over", "="),
            // Sides: over & under against 0, over above and under below.
            ("0", "over + under", "||"),
            ("over + under", "over", "<"),
        ] {
            assert_eq!(relation(g, h), expected, "{g} vs {h}");
        }
        let options = AnalyzeOptions::default();
        let difference = analyze(&mut Rulesets::new(), "over - over", &options).unwrap();
        let AnalyzeAnswer::Loopy(difference) = difference else {
            panic!("a loopy answer")
        };
        assert_eq!(difference.outcome, "D");
    }

    /// For short games G ? H is read from who wins G - H (Siegel, II.1:
    /// G = H when it is P, G > H when L, G < H when R, confused when N),
    /// here found by a search of the difference, without its canonical
    /// form, on pairs of small Domineering boards and literals.
    #[test]
    fn short_values_compare_as_the_outcome_of_their_difference() {
        let games = [
            "domineering 2x2",
            "domineering 2x3",
            "domineering 3x2",
            "domineering 3x3",
            "domineering ../.#",
            "domineering .../..#",
            "domineering 1x4",
            "0",
            "*",
            "{1|-1}",
            "1/2",
            "-1",
            "^",
        ];
        let options = AnalyzeOptions {
            outcome_only: true,
            ..AnalyzeOptions::default()
        };
        for g in games {
            for h in games {
                let text = format!("{g} - {h}");
                let outcome = match analyze(&mut Rulesets::new(), &text, &options).unwrap() {
                    AnalyzeAnswer::Values(a) => a.outcome,
                    AnalyzeAnswer::Searched(a) => a.outcome,
                    _ => panic!("{text}: a sum of values"),
                };
                let expected = match outcome.as_str() {
                    "P" => "=",
                    "L" => ">",
                    "R" => "<",
                    _ => "||",
                };
                assert_eq!(relation(g, h), expected, "{g} vs {h}");
            }
        }
    }

    #[test]
    fn an_impartial_sum_is_its_nimber() {
        assert_eq!(relation("nim 3 4", "*7"), "=");
        assert_eq!(relation("nim 2", "*"), "||");
        assert_eq!(relation("nim 1 + {1|}", "*2"), ">");
    }

    #[test]
    fn an_error_says_which_game_it_is_in() {
        let e = comparison("0", "{1|", &mut |_| true).unwrap_err();
        assert!(e.in_second);
        assert_eq!(e.error.column(), Some(1));
        assert!(e.into_error().to_string().contains("in the second game"));
        let e = comparison("domineering 2x2x", "0", &mut |_| true).unwrap_err();
        assert!(!e.in_second);
        assert_eq!(e.error.column(), Some(13));
    }
}
