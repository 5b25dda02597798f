//! `grundy thermograph EXPR`: the thermograph of a sum of values, as a
//! picture (SVG, the library's one plotting path) or as exact numbers
//! (JSON): each wall's corners, the mean and the temperature.

use std::path::PathBuf;

use grundy::answer::analyze::value_analysis;
use grundy::partizan::{Dyadic, Trajectory};
use grundy::picture::ThermographPicture;
use grundy::registry::Parsed;
use grundy::Rulesets;
use serde::Serialize;

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};

/// The thermograph of a sum of values: its walls, mast, mean and
/// temperature (Siegel's conventions: from t = -1; a number m/2^k has
/// temperature -1/2^k).
#[derive(clap::Args)]
pub struct Args {
    /// The game: partizan positions and game literals, e.g.
    /// 'domineering 3x3', '{2|{1|0}}' or 'hackenbush BRB + {1|-1}'.
    #[arg(value_name = "EXPR")]
    expression: String,

    /// SVG (the picture) or JSON (each wall's corners as exact numbers).
    #[arg(long, value_enum, default_value = "svg")]
    format: Format,

    /// Write the thermograph to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,

    /// Print errors as JSON (the same as --format json for the answer).
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Svg,
    Json,
}

/// The thermograph as numbers: each wall's corners from t = -1 up; above
/// the last corner each wall is vertical.
#[derive(Serialize)]
struct Json<'a> {
    expression: &'a str,
    value: &'a str,
    mean: String,
    temperature: String,
    left_wall: Vec<Corner>,
    right_wall: Vec<Corner>,
}

#[derive(Serialize)]
struct Corner {
    t: String,
    value: String,
}

fn corners(wall: &Trajectory) -> Vec<(Dyadic, Dyadic)> {
    wall.corners().0
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.expression);
    let terms = match Rulesets::new()
        .parse_question(&args.expression)
        .map_err(failure)?
    {
        Parsed::Values(terms) => terms,
        _ => {
            return Err(failure(grundy::Error::Unsupported(format!(
                "{} is not a sum of partizan values; an impartial sum is a nimber, whose \
                 thermograph is a mast at 0 from temperature 0 (write '{} + 0' to see it)",
                args.expression, args.expression
            ))))
        }
    };
    let a = watched(false, &MemoryLimit::now(), |progress| {
        value_analysis(&terms, progress)
    })
    .map_err(failure)?;
    let t = &a.thermograph;
    let (left, right) = (corners(&t.left_wall), corners(&t.right_wall));
    let text = match (args.format, args.json) {
        (Format::Json, _) | (_, true) => {
            let side = |wall: &[(Dyadic, Dyadic)]| -> Vec<Corner> {
                wall.iter()
                    .map(|(t, x)| Corner {
                        t: t.to_string(),
                        value: x.to_string(),
                    })
                    .collect()
            };
            let json = Json {
                expression: &a.expression,
                value: &a.value,
                mean: a.mean.to_string(),
                temperature: a.temperature.to_string(),
                left_wall: side(&left),
                right_wall: side(&right),
            };
            serde_json::to_string(&json).expect("a thermograph serializes") + "\n"
        }
        (Format::Svg, false) => {
            let float = |wall: &[(Dyadic, Dyadic)]| -> Vec<(f64, f64)> {
                wall.iter()
                    .map(|&(t, x)| (t.to_f64(), x.to_f64()))
                    .collect()
            };
            let (left, right) = (float(&left), float(&right));
            let label = format!("mean {}, temperature {}", a.mean, a.temperature);
            let picture = ThermographPicture {
                left_wall: &left,
                right_wall: &right,
                mean: a.mean.to_f64(),
                temperature: a.temperature.to_f64(),
                label: &label,
            };
            picture.svg(&format!("thermograph of {} = {}", a.expression, a.value))
        }
    };
    match &args.out {
        Some(path) => crate::files::write_bytes(path, text.as_bytes()),
        None => out.text(&text),
    }
}
