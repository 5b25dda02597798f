//! `grundy compare G H`: whether G = H, G < H, G > H or G || H (confused),
//! for short and loopy values alike.

use grundy::answer::compare::{comparison, CompareAnswer};

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};

/// How two games compare: equal (=), less (<), greater (>) or confused
/// (||), loopy games (over, on, {0|pass}) included.
#[derive(clap::Args)]
pub struct Args {
    /// The first game, a sum of values, e.g. 'domineering 2x3' or 'over'.
    #[arg(value_name = "G", allow_hyphen_values = true)]
    first: String,

    /// The second game, e.g. '{1|-1}' or 'on + off'.
    #[arg(value_name = "H", allow_hyphen_values = true)]
    second: String,

    /// Print JSON: {"first", "second", "relation", "explanation"}.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    pub values: crate::db::Values,
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    // An error points into the game it is in.
    let mut in_second = false;
    let relation = watched(false, &MemoryLimit::now(), |progress| {
        comparison(&args.first, &args.second, progress).map_err(|e| {
            in_second = e.in_second;
            e.into_error()
        })
    });
    let expression = if in_second { &args.second } else { &args.first };
    let relation = relation.map_err(Failure::about(expression))?;
    let answer = CompareAnswer::new(&args.first, &args.second, relation);
    match args.json {
        true => out.json(&answer),
        false => out.text(&format!(
            "{} {} {}\n{}\n",
            answer.first, answer.relation, answer.second, answer.explanation
        )),
    }
}
