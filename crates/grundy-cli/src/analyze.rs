//! `grundy analyze EXPR`: the outcome, the nimber and every winning move.

use grundy::{analyze, analyze_misere, parse_sum, Analysis, Convention};
use serde::Serialize;

use crate::report::Failure;

/// Who wins a sum of games, its nimber, and every winning move.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. 'nim 3 4 5' or 'nim 3 + subtraction(1,3,4) 10'. Several
    /// arguments are joined with spaces.
    #[arg(required = true, num_args = 1.., value_name = "EXPR")]
    expression: Vec<String>,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,

    /// Misère play: who cannot move wins (who makes the last move loses).
    /// Sums of Nim heaps by the anti-Nim rule, other sums by exhaustive
    /// search while they are small enough. No nimber is reported.
    #[arg(long)]
    misere: bool,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let expression = args.expression.join(" ");
    let analysis = parse_sum(&expression)
        .and_then(|sum| {
            if args.misere {
                analyze_misere(&sum)
            } else {
                analyze(&sum)
            }
        })
        .map_err(|error| Failure {
            error,
            expression: Some(expression.clone()),
        })?;
    if args.json {
        let json = serde_json::to_string(&Json::from(&analysis)).expect("serialisable");
        println!("{json}");
    } else {
        print!("{}", table(&analysis));
    }
    Ok(())
}

/// The JSON object of DESIGN.md.
#[derive(Serialize)]
struct Json<'a> {
    expression: &'a str,
    convention: &'static str,
    outcome: &'static str,
    /// `null` where no nimber is known (a lone huge Wythoff position) or
    /// none decides play (misère play).
    nimber: Option<serde_json::Number>,
    components: Vec<JsonComponent<'a>>,
    winning_moves: Vec<JsonMove<'a>>,
}

#[derive(Serialize)]
struct JsonComponent<'a> {
    component: &'a str,
    nimber: Option<serde_json::Number>,
}

#[derive(Serialize)]
struct JsonMove<'a> {
    #[serde(rename = "move")]
    description: &'a str,
    to: &'a str,
}

/// A nimber of any size as an exact JSON number.
fn number(value: &num_bigint::BigUint) -> serde_json::Number {
    value
        .to_string()
        .parse()
        .expect("decimal digits are a JSON number")
}

impl<'a> From<&'a Analysis> for Json<'a> {
    fn from(a: &'a Analysis) -> Json<'a> {
        Json {
            expression: &a.expression,
            convention: a.convention.name(),
            outcome: a.outcome.letter(),
            nimber: a.nimber.as_ref().map(number),
            components: a
                .components
                .iter()
                .map(|(component, nimber)| JsonComponent {
                    component,
                    nimber: nimber.as_ref().map(number),
                })
                .collect(),
            winning_moves: a
                .winning_moves
                .iter()
                .map(|(description, to)| JsonMove { description, to })
                .collect(),
        }
    }
}

/// A nimber for the table; "unknown" where the engine has none (the outcome
/// then comes from the winning moves).
fn nimber_text(nimber: &Option<num_bigint::BigUint>) -> String {
    nimber
        .as_ref()
        .map_or_else(|| "unknown".to_string(), ToString::to_string)
}

/// Under normal play the components with their nimbers; under misère play,
/// which no nimber decides, the components alone and the convention.
fn table(a: &Analysis) -> String {
    let mut out = match a.convention {
        Convention::Normal => nimber_table(a),
        Convention::Misere => {
            let mut out = String::from("component\n");
            for (c, _) in &a.components {
                out.push_str(&format!("{c}\n"));
            }
            out.push_str(&format!(
                "\nconvention: {} ({})",
                a.convention.name(),
                a.convention.explanation()
            ));
            out
        }
    };
    out.push_str(&format!(
        "\noutcome: {} ({})\n",
        a.outcome,
        a.outcome.explanation()
    ));
    if a.winning_moves.is_empty() {
        out.push_str("winning moves: none\n");
    } else {
        out.push_str("winning moves:\n");
        let width = a
            .winning_moves
            .iter()
            .map(|(m, _)| m.len())
            .max()
            .unwrap_or(0);
        for (m, to) in &a.winning_moves {
            out.push_str(&format!("  {m:width$}  => {to}\n"));
        }
    }
    out
}

fn nimber_table(a: &Analysis) -> String {
    let mut rows: Vec<(String, String)> = a
        .components
        .iter()
        .map(|(c, g)| (c.clone(), nimber_text(g)))
        .collect();
    if rows.len() > 1 {
        rows.push(("sum (XOR)".into(), nimber_text(&a.nimber)));
    }
    let width = rows
        .iter()
        .map(|(c, _)| c.len())
        .max()
        .unwrap_or(0)
        .max("component".len());
    let mut out = format!("{:width$}  nimber\n", "component");
    for (c, g) in &rows {
        out.push_str(&format!("{c:width$}  {g}\n"));
    }
    out
}
