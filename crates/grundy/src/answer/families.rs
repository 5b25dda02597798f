//! The families of the registry, as the web explorer lists them
//! (`/api/families`).
//!
//! ```
//! let families = grundy::answer::families::families();
//! let nim = families.iter().find(|f| f.name == "nim").unwrap();
//! assert_eq!(nim.example, "nim 3 4 5");
//! ```

use schemars::JsonSchema;
use serde::Serialize;

use crate::registry::FAMILIES;

/// A family of the registry: how it is written and what it is.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct FamilyAnswer {
    /// The family's name as an expression writes it: `nim`, `subtraction`.
    pub name: &'static str,
    /// How a component of the family is written.
    pub usage: &'static str,
    /// One line on the rules.
    pub summary: &'static str,
    /// An expression to try.
    pub example: &'static str,
}

/// Every family of the registry, in its order.
pub fn families() -> Vec<FamilyAnswer> {
    (FAMILIES.iter())
        .map(|f| FamilyAnswer {
            name: f.name,
            usage: f.usage,
            summary: f.summary,
            example: f.example,
        })
        .collect()
}
