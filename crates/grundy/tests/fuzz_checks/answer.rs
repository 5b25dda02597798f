//! What a question answers, as the fuzz checks compare it: the same
//! question must get the same answer however it is reached.

use grundy::error::ErrorKind;
use grundy::partizan::Games;
use grundy::registry::{self, Parsed};
use grundy::retrograde::Options;
use grundy::short::analyze_values;
use grundy::strong::Source;
use grundy::{analyze_listing, Rulesets};

/// An answer reduced to what must not change: the outcome and value, and
/// the moves listed (each as the expression it leads to); or the kind of
/// error. An error's message may name the first failing call, which
/// depends on what was searched before, so only its kind is compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Sum {
        outcome: String,
        nimber: Option<String>,
        value: Option<String>,
        moves: Vec<String>,
        count: u64,
    },
    Strong {
        solution: String,
        moves: Vec<String>,
    },
    /// A sum of values: its canonical form and outcome class; the moves
    /// are the parts moved to.
    Values {
        value: String,
        outcome: char,
        moves: Vec<String>,
    },
    Failed(ErrorKind),
}

impl Answer {
    /// The expressions the answer's moves lead to.
    pub fn moves(&self) -> &[String] {
        match self {
            Answer::Sum { moves, .. }
            | Answer::Strong { moves, .. }
            | Answer::Values { moves, .. } => moves,
            Answer::Failed(_) => &[],
        }
    }
}

/// The answer `grundy analyze` gives `text`, with rulesets from
/// `rulesets`; at most 10 moves listed, and a strong solve within 64 MiB.
pub fn ask(rulesets: &mut Rulesets, text: &str) -> Answer {
    let parsed = match rulesets.parse_question(text) {
        Ok(parsed) => parsed,
        Err(e) => return Answer::Failed(e.kind()),
    };
    match parsed {
        Parsed::Sum(sum) => match analyze_listing(&sum, 10, &mut |_| true) {
            Ok(a) => Answer::Sum {
                outcome: a.outcome.letter().to_string(),
                nimber: a.nimber.map(|n| n.to_string()),
                value: a.loopy_value.map(|v| v.to_string()),
                moves: (a.winning_moves.iter().chain(&a.best_moves))
                    .map(|(_, to)| to.clone())
                    .collect(),
                count: a.winning_move_count.number(),
            },
            Err(e) => Answer::Failed(e.kind()),
        },
        Parsed::Strong { ruleset, position } => {
            let strong = ruleset.strong().expect("a strong ruleset");
            let options = Options { memory: 64 << 20 };
            match strong.analyze(&position, Source::Solve, &options, &mut |_| true) {
                Ok(a) => Answer::Strong {
                    solution: a.solution.to_string(),
                    moves: a.best_moves.iter().map(|(to, _)| to.clone()).collect(),
                },
                Err(e) => Answer::Failed(e.kind()),
            }
        }
        Parsed::Solitaire {
            ruleset,
            family,
            position,
        } => match ruleset
            .solitaire()
            .expect("a solitaire")
            .analyze(&family, &position)
        {
            Ok(a) => Answer::Strong {
                solution: a.outcome.word().to_string(),
                moves: Vec::new(),
            },
            Err(e) => Answer::Failed(e.kind()),
        },
        Parsed::Values(terms) => {
            let mut games = Games::new();
            let analysis = registry::valued(&terms, &mut games, &mut |_| true)
                .and_then(|parts| analyze_values(&mut games, &parts, Some(usize::MAX)));
            match analysis {
                Ok(a) => Answer::Values {
                    value: a.value,
                    outcome: a.outcome.letter(),
                    moves: (a.left_moves.iter().chain(&a.right_moves))
                        .map(|m| m.to.clone())
                        .collect(),
                },
                Err(e) => Answer::Failed(e.kind()),
            }
        }
    }
}
