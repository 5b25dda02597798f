//! `db build` and `db show`, and the databases of values a front end
//! gives the process (`--values FILE`): the values of a family's small
//! regions ([`crate::short::values`]), which every later question of that
//! family takes rather than search them again.
//!
//! ```
//! use grundy::answer::values::{build_values, read_values};
//!
//! let (answer, db) = build_values("domineering", 4, &mut |_| true).unwrap();
//! // The domino, the three trominoes... as free polyominoes: 1 + 2 + 5.
//! assert_eq!((answer.family.as_str(), answer.regions), ("domineering", 8));
//! let text = db.to_text();
//! let (read, _) = read_values(text.as_bytes(), "d.values").unwrap();
//! assert_eq!(read.sha256, answer.sha256);
//! ```

use schemars::JsonSchema;
use serde::Serialize;

use crate::component::RulesetRef;
use crate::error::{Error, Result};
use crate::registry::Rulesets;
use crate::short::values::{self, Database};

use super::{OnProgress, Progress};

/// What a database of values holds.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[non_exhaustive]
pub struct ValuesAnswer {
    /// The family, as an expression writes it.
    pub family: String,
    /// The most cells of a region it holds.
    pub cells: u32,
    /// How many regions it holds (a region and its mirror images once).
    pub regions: usize,
    /// The SHA-256 digest of the file's content, as its last line says.
    pub sha256: String,
}

impl ValuesAnswer {
    fn of(db: &Database) -> ValuesAnswer {
        ValuesAnswer {
            family: db.family.clone(),
            cells: db.cells,
            regions: db.entries.len(),
            sha256: db.sha256(),
        }
    }
}

/// The family `text` names, which must be one of values.
fn family(text: &str) -> Result<RulesetRef> {
    let ruleset = Rulesets::new().ruleset(text)?;
    if ruleset.short().is_none() {
        return Err(Error::Parse {
            column: 1,
            message: format!(
                "{} is not a family of values: a database holds the values of partizan \
                 boards (domineering, clobber, ...)",
                ruleset.name()
            ),
        });
    }
    Ok(ruleset)
}

/// The database of the values of `family`'s regions of at most `cells`
/// cells, searched now, with what it holds. `on_progress` is told how
/// many boards were read, then regions valued, and stops it by answering
/// false.
pub fn build_values(
    family_text: &str,
    cells: u32,
    on_progress: OnProgress,
) -> Result<(ValuesAnswer, Database)> {
    let ruleset = family(family_text)?;
    let short = ruleset.short().expect("a family of values");
    let db = short.build_values(cells, &mut |positions| {
        on_progress(Progress::Valuing { positions })
    })?;
    Ok((ValuesAnswer::of(&db), db))
}

/// The database `source` holds `bytes` of, read and checked against its
/// family's rules: an error naming `source` where it is damaged or not
/// the family's.
pub fn read_values(bytes: &[u8], source: &str) -> Result<(ValuesAnswer, Database)> {
    let db = Database::read(bytes, source)?;
    let ruleset = family(&db.family).map_err(|e| Error::File {
        path: source.to_string(),
        message: format!("its family: {e}"),
    })?;
    let short = ruleset.short().expect("a family of values");
    short.check_values(&db, source)?;
    Ok((ValuesAnswer::of(&db), db))
}

/// Reads and checks the database `source` holds, as [`read_values`], and
/// gives it to every question of its family asked from now on in this
/// process (with a [`Rulesets`] made after it: one made before keeps the
/// family's table as it was).
pub fn use_values(bytes: &[u8], source: &str) -> Result<ValuesAnswer> {
    let (answer, db) = read_values(bytes, source)?;
    values::provide(db);
    Ok(answer)
}
