//! `thermograph`: the thermograph of a sum of partizan values as exact
//! numbers: each wall's corners, the mean and the temperature (Siegel's
//! conventions: from t = -1; a number m/2^k has temperature -1/2^k).
//!
//! ```
//! use grundy::answer::thermograph::thermograph;
//!
//! // {2|{1|0}}: mean 5/4, temperature 3/4 (Siegel, Combinatorial Game
//! // Theory, II.5).
//! let answer = thermograph("{2|{1|0}}", &mut |_| true).unwrap();
//! assert_eq!((answer.mean.as_str(), answer.temperature.as_str()), ("5/4", "3/4"));
//! ```

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::partizan::Trajectory;
use crate::picture::ThermographPicture;
use crate::registry::{Parsed, Rulesets};
use crate::short::ValueAnalysis;

use super::analyze::value_analysis;
use super::OnProgress;

/// The analysis of `expression`, a sum of values, whose thermograph is
/// asked; reports [`super::Progress::Valuing`].
pub fn thermograph_analysis(expression: &str, progress: OnProgress) -> Result<ValueAnalysis> {
    match Rulesets::new().parse_question(expression)? {
        Parsed::Values(terms) => value_analysis(&terms, None, progress),
        _ => Err(Error::Unsupported(format!(
            "{expression} is not a sum of partizan values; an impartial sum is a nimber, whose \
             thermograph is a mast at 0 from temperature 0 (write '{expression} + 0' to see it)"
        ))),
    }
}

/// The thermograph of `expression`, a sum of values.
pub fn thermograph(expression: &str, progress: OnProgress) -> Result<ThermographAnswer> {
    thermograph_analysis(expression, progress).map(|a| ThermographAnswer::new(&a))
}

/// The thermograph of an analysed sum of values drawn as SVG (walls in
/// floating point, as a picture needs), titled with its expression and
/// value.
pub fn thermograph_svg(a: &ValueAnalysis) -> String {
    let float = |wall: &Trajectory| -> Vec<(f64, f64)> {
        (wall.corners().0.iter())
            .map(|&(t, x)| (t.to_f64(), x.to_f64()))
            .collect()
    };
    let t = &a.thermograph;
    let (left, right) = (float(&t.left_wall), float(&t.right_wall));
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

/// A thermograph as exact numbers: each wall's corners from t = -1 up;
/// above the last corner each wall is vertical.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ThermographAnswer {
    /// The sum as an expression.
    pub expression: String,
    /// Its canonical form.
    pub value: String,
    /// Its mean, a dyadic rational such as `5/4`.
    pub mean: String,
    /// Its temperature, a dyadic rational.
    pub temperature: String,
    /// The left wall's corners.
    pub left_wall: Vec<Corner>,
    /// The right wall's corners.
    pub right_wall: Vec<Corner>,
}

/// A corner of a wall: at temperature `t`, the wall is at `value`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct Corner {
    /// The temperature, a dyadic rational.
    pub t: String,
    /// Where the wall is, a dyadic rational.
    pub value: String,
}

fn corners(wall: &Trajectory) -> Vec<Corner> {
    (wall.corners().0.iter())
        .map(|(t, x)| Corner {
            t: t.to_string(),
            value: x.to_string(),
        })
        .collect()
}

impl ThermographAnswer {
    /// The thermograph of `a`.
    pub fn new(a: &ValueAnalysis) -> ThermographAnswer {
        ThermographAnswer {
            expression: a.expression.clone(),
            value: a.value.clone(),
            mean: a.mean.to_string(),
            temperature: a.temperature.to_string(),
            left_wall: corners(&a.thermograph.left_wall),
            right_wall: corners(&a.thermograph.right_wall),
        }
    }
}
