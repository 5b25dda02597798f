//! Rules for tables of values that are numbers (dyadic rationals), as the
//! values of a partizan game often are (Cutcake, Hackenbush stalks): along
//! each row a of the table, the simplest of
//!
//! - arithmetically periodic: v(a, b + p) = v(a, b) + s from b = q on
//!   (s = 0: periodic), the least p, then the least q;
//! - halving: the step v(a, b + 1) - v(a, b) halves with each b from q on,
//!   so the values approach a limit (a Hackenbush stalk with red edges on
//!   top, a - 1 + 1/2^b).
//!
//! As for nimbers ([`super::MIN_PREDICTED`]), a rule is only a description
//! when it predicts at least as many values as it stores, and at least
//! `MIN_PREDICTED`. Observed, never proven.
//!
//! ```
//! use grundy::partizan::Dyadic;
//! use grundy::pattern::values::{find_value_rows, RowRule};
//! use grundy::table::Table;
//!
//! // A Hackenbush stalk of a blue edges with b red edges on top is worth
//! // a - 1 + 1/2^b (Winning Ways, ch. 2): along each row the steps halve and
//! // the values approach a - 1.
//! let table = Table::new(1..=2, 0..=40, |a, b| {
//!     Ok(Some(Dyadic::integer(a as i128 - 1) + Dyadic::new(1, b as u32)))
//! })
//! .unwrap();
//! let found = find_value_rows(&table);
//! assert_eq!(found.rows[0], (1, Ok(RowRule::Halving { from: 0, limit: Dyadic::ZERO })));
//! assert_eq!(found.rows[1], (2, Ok(RowRule::Halving { from: 0, limit: Dyadic::integer(1) })));
//! ```

use std::fmt;

use super::{Checked, MIN_PREDICTED};
use crate::partizan::Dyadic;
use crate::table::Table;

/// How the values of one row go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowRule {
    /// v(a, b + period) = v(a, b) + saltus for every b from `from` on.
    Periodic {
        /// The first b from which the rule holds.
        from: u64,
        /// How many columns the values take to repeat (up to the saltus).
        period: u64,
        /// How much the values grow each period (0: plain periodicity).
        saltus: Dyadic,
    },
    /// v(a, b + 2) - v(a, b + 1) = (v(a, b + 1) - v(a, b)) / 2 for every b
    /// from `from` on: the values approach `limit`.
    Halving {
        /// The first b from which the steps halve.
        from: u64,
        /// The number the values approach as b grows.
        limit: Dyadic,
    },
}

impl fmt::Display for RowRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowRule::Periodic {
                from,
                period,
                saltus,
            } if *saltus == Dyadic::ZERO => {
                write!(f, "periodic in b, period {period}, from b = {from}")
            }
            RowRule::Periodic {
                from,
                period,
                saltus,
            } if *saltus < Dyadic::ZERO => {
                let down = -*saltus;
                write!(f, "v(a, b + {period}) = v(a, b) - {down} from b = {from}")
            }
            RowRule::Periodic {
                from,
                period,
                saltus,
            } => write!(f, "v(a, b + {period}) = v(a, b) + {saltus} from b = {from}"),
            RowRule::Halving { from, limit } => write!(
                f,
                "each step half the one before from b = {from}: the values approach {limit}"
            ),
        }
    }
}

/// What was found along each row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValuePattern {
    /// In words: every row's rule, or why there is none.
    pub description: String,
    /// Each row a with its rule, or none (with why).
    pub rows: Vec<(u64, Result<RowRule, String>)>,
    /// The positions every row's rule was checked against: the whole table.
    pub checked_to: Checked,
}

/// The rule of each row of a table of values, `None` where a value is not
/// a number.
pub fn find_value_rows(table: &Table<Option<Dyadic>>) -> ValuePattern {
    let first_col = *table.cols().start();
    let rows: Vec<(u64, Result<RowRule, String>)> = table
        .rows()
        .map(|a| {
            let row: Option<Vec<Dyadic>> = table.row(a).iter().copied().collect();
            let rule = match row {
                None => Err("a value that is not a number".to_string()),
                Some(values) => row_rule(&values, first_col).ok_or_else(|| {
                    format!("no rule predicts {MIN_PREDICTED} values or as many as it stores")
                }),
            };
            (a, rule)
        })
        .collect();
    let checked_to = Checked::Table {
        rows: table.rows(),
        cols: table.cols(),
    };
    let fits = rows.iter().filter(|(_, r)| r.is_ok()).count();
    let description = match fits {
        n if n == rows.len() => "along every row a, a rule in b (below)".to_string(),
        0 => format!("no rule fits any row {checked_to}"),
        n => format!("a rule in b fits {n} of the {} rows (below)", rows.len()),
    };
    ValuePattern {
        description,
        rows,
        checked_to,
    }
}

/// The simplest rule of one row, whose first value is at b = `first`.
fn row_rule(values: &[Dyadic], first: u64) -> Option<RowRule> {
    let n = values.len();
    let describes = |stored: usize| n >= stored && n - stored >= stored.max(MIN_PREDICTED);
    for period in 1..n {
        for from in 0..n - period {
            if !describes(from + period) {
                break;
            }
            let saltus = values[from + period] - values[from];
            if (from..n - period).all(|b| values[b + period] - values[b] == saltus) {
                return Some(RowRule::Periodic {
                    from: first + from as u64,
                    period: period as u64,
                    saltus,
                });
            }
        }
    }
    let steps: Vec<Dyadic> = values.windows(2).map(|w| w[1] - w[0]).collect();
    for from in 0..steps.len() {
        if !describes(from + 2) {
            break;
        }
        let halves = (from..steps.len() - 1)
            .all(|b| steps[b] != Dyadic::ZERO && steps[b + 1] == steps[b].half());
        if halves {
            // The steps still to come add up to the last one.
            let limit = values[n - 1] + steps[steps.len() - 1];
            return Some(RowRule::Halving {
                from: first + from as u64,
                limit,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(
        rows: std::ops::RangeInclusive<u64>,
        v: impl Fn(u64, u64) -> Option<Dyadic>,
    ) -> Table<Option<Dyadic>> {
        Table::new(rows, 0..=39, |a, b| Ok(v(a, b))).unwrap()
    }

    #[test]
    fn rows_periodic_with_a_saltus_and_rows_that_halve() {
        // Row a: b / (a + 1), rounded down, minus a: period a + 1, saltus 1.
        let t = table(0..=3, |a, b| {
            Some(Dyadic::new(i128::from(b / (a + 1)) - a as i128, 0))
        });
        let found = find_value_rows(&t);
        for (a, rule) in &found.rows {
            assert_eq!(
                rule,
                &Ok(RowRule::Periodic {
                    from: 0,
                    period: a + 1,
                    saltus: Dyadic::new(1, 0)
                })
            );
        }
        // 3 + 1/2^b: halving from 0 toward 3.
        let t = table(0..=0, |_, b| {
            Some(Dyadic::new(3, 0) + Dyadic::new(1, b as u32))
        });
        assert_eq!(
            find_value_rows(&t).rows[0].1,
            Ok(RowRule::Halving {
                from: 0,
                limit: Dyadic::new(3, 0)
            })
        );
    }

    #[test]
    fn rows_with_no_rule_or_a_value_not_a_number_are_said_so() {
        // The squares of b: neither periodic with a saltus nor halving.
        let t = table(0..=0, |_, b| Some(Dyadic::new(i128::from(b * b), 0)));
        assert!(find_value_rows(&t).rows[0].1.is_err());
        let t = table(0..=1, |a, b| (a == 0 || b != 5).then_some(Dyadic::ZERO));
        let found = find_value_rows(&t);
        assert!(found.rows[0].1.is_ok());
        assert_eq!(
            found.rows[1].1,
            Err("a value that is not a number".to_string())
        );
        assert!(found.description.contains("1 of the 2 rows"));
    }
}
