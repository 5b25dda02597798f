//! The calendar game of POJ 1082: a position is a date from 1900-01-01 to
//! 2001-11-04 (Gregorian calendar); a move goes to the next day, or to the
//! same day of the next month when that date exists. Whoever reaches
//! 2001-11-04 wins, and moves past it are not allowed (they would lose at
//! once), so 2001-11-04 is the finished game and later dates are invalid.
//!
//! Closed form: a date is P exactly when month + day is odd, except
//! September 30 and November 30, which are N. Why: almost every move changes
//! the parity of month + day (the next day adds one to the day, the next
//! month one to the month; from the 31st to the 1st, and from December to
//! January, the parity changes too). The only moves that keep it are from
//! the last day of a 30-day month, or from February 28 of a common year, to
//! the 1st of the next month. The goal 2001-11-04 is odd; from an even date
//! a parity-changing move to an odd, ordinary date always exists, while from
//! an odd date every move reaches an even one, except from September 30 and
//! November 30, which reach the odd October 1 and December 1 in one move.
//! The exhaustive search over every date checks this (see the tests).
//!
//! The nimber of an N-position has no closed form here: it comes from
//! search, which is small (about 37,000 dates).

use num_bigint::BigUint;
use num_traits::Zero;

use super::{no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::game::{Game, Ruleset};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "calendar",
    usage: "calendar YYYY-MM-DD...",
    summary: "a date: move to the next day or the same day of the next month; \
              who reaches 2001-11-04 wins (POJ 1082)",
    example: "calendar 2001-11-03",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Calendar))
}

pub struct Calendar;

/// A day of the Gregorian calendar; dates order as (year, month, day).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

/// The first date of the problem's range.
pub const FIRST: Date = Date {
    year: 1900,
    month: 1,
    day: 1,
};

/// The goal: whoever reaches it wins.
pub const GOAL: Date = Date {
    year: 2001,
    month: 11,
    day: 4,
};

fn is_leap(year: u16) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    pub fn next_day(self) -> Date {
        if self.day < days_in(self.year, self.month) {
            Date {
                day: self.day + 1,
                ..self
            }
        } else if self.month < 12 {
            Date {
                month: self.month + 1,
                day: 1,
                ..self
            }
        } else {
            Date {
                year: self.year + 1,
                month: 1,
                day: 1,
            }
        }
    }

    /// The same day of the next month, if the next month has that day.
    pub fn same_day_next_month(self) -> Option<Date> {
        let (year, month) = if self.month < 12 {
            (self.year, self.month + 1)
        } else {
            (self.year + 1, 1)
        };
        (self.day <= days_in(year, month)).then_some(Date {
            year,
            month,
            day: self.day,
        })
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Whether the date is a P-position: month + day odd, but not September 30
/// or November 30.
pub fn is_p_position(date: &Date) -> bool {
    let exception = date.day == 30 && (date.month == 9 || date.month == 11);
    (date.month + date.day) % 2 == 1 && !exception
}

fn parse_date(word: &Word) -> Result<Date> {
    let bad = || {
        word.error(format!(
            "expected a date YYYY-MM-DD from {FIRST} to {GOAL}, found {:?}",
            word.text
        ))
    };
    let parts: Vec<&str> = word.text.split('-').collect();
    let [year, month, day] = parts[..] else {
        return Err(bad());
    };
    let number = |text: &str| {
        (!text.is_empty() && text.len() <= 4 && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse::<u16>().expect("at most four digits"))
            .ok_or_else(bad)
    };
    let (year, month, day) = (number(year)?, number(month)?, number(day)?);
    if !(1..=12).contains(&month) || day == 0 || day > days_in(year, month as u8) as u16 {
        return Err(word.error(format!("{} is not a date of the calendar", word.text)));
    }
    let date = Date {
        year,
        month: month as u8,
        day: day as u8,
    };
    if date < FIRST || date > GOAL {
        return Err(word.error(format!(
            "{date} is outside the game, which is played from {FIRST} to {GOAL}"
        )));
    }
    Ok(date)
}

impl Game for Calendar {
    type Position = Date;

    fn options(&self, date: &Date) -> Result<Vec<Vec<Date>>> {
        if *date >= GOAL {
            return Ok(Vec::new());
        }
        Ok([Some(date.next_day()), date.same_day_next_month()]
            .into_iter()
            .flatten()
            .filter(|&to| to <= GOAL)
            .map(|to| vec![to])
            .collect())
    }

    fn format_position(&self, date: &Date) -> String {
        date.to_string()
    }
}

impl Ruleset for Calendar {
    fn name(&self) -> String {
        "calendar".into()
    }

    fn noun(&self) -> &'static str {
        "date"
    }

    fn parse_position(&self, words: &[Word]) -> Result<Date> {
        parse_date(&words[0])
    }

    fn formula_nimber(&self, date: &Date) -> Result<Option<BigUint>> {
        Ok(is_p_position(date).then(BigUint::zero))
    }

    /// The winning moves: the options (at most two) that are P by the rule.
    fn formula_options_with_nimber(
        &self,
        date: &Date,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<Date>>>> {
        if !target.is_zero() {
            return Ok(None);
        }
        let mut options = self.options(date)?;
        options.retain(|option| is_p_position(&option[0]));
        Ok(Some(options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;
    use crate::solver::Solver;

    fn every_date() -> Vec<Date> {
        std::iter::successors(Some(FIRST), |&d| (d < GOAL).then(|| d.next_day())).collect()
    }

    #[test]
    fn the_calendar_has_the_right_length() {
        // 1900-01-01 to 2000-12-31 is 101 years with 25 leap days (1904 to
        // 2000; 1900 is not a leap year, 2000 is); then 2001 up to November 4
        // is 308 days.
        assert_eq!(every_date().len(), 101 * 365 + 25 + 308);
    }

    /// Bound of the check: every date of the game, 1900-01-01 to 2001-11-04.
    #[test]
    fn closed_form_matches_search() {
        assert_closed_form_matches_search(Calendar, every_date());
    }

    /// The parity rule against search, on every date of the game.
    #[test]
    fn p_positions_match_search() {
        let mut solver = Solver::new(Calendar);
        for date in every_date() {
            let searched = solver.nimber(&date).unwrap();
            assert_eq!(is_p_position(&date), searched == 0, "{date}");
        }
    }
}
