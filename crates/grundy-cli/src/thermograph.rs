//! `grundy thermograph EXPR`: the thermograph of a sum of values, as a
//! picture (SVG, the library's one plotting path) or as exact numbers
//! (JSON): each wall's corners, the mean and the temperature.

use std::path::PathBuf;

use grundy::answer::thermograph::{thermograph_analysis, thermograph_svg, ThermographAnswer};

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
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
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

    #[command(flatten)]
    pub values: crate::db::Values,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Svg,
    Json,
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.expression);
    let a = watched(false, &MemoryLimit::now(), |progress| {
        thermograph_analysis(&args.expression, progress)
    })
    .map_err(failure)?;
    let text = match (args.format, args.json) {
        (Format::Json, _) | (_, true) => {
            serde_json::to_string(&ThermographAnswer::new(&a)).expect("a thermograph serializes")
                + "\n"
        }
        (Format::Svg, false) => thermograph_svg(&a),
    };
    match &args.out {
        Some(path) => crate::files::write_bytes(path, text.as_bytes()),
        None => out.text(&text),
    }
}
