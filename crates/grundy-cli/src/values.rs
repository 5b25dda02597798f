//! `grundy analyze` of a sum of values (partizan positions, game literals,
//! differences): the answer as a table or one line.

use grundy::loopy::LoopyValue;
use grundy::partizan::{Confusion, MAX_WRITTEN};
use grundy::short::misere::{MisereAnalysis, MisereMove};
use grundy::short::outcome::Searched;
use grundy::short::{ValueAnalysis, ValueMove};

/// The answer as a table: each part's value and the sum's, who wins, the
/// mean and temperature, the stops, the numbers it is confused with, its
/// birthday, and each player's winning moves moving first.
pub fn text(a: &ValueAnalysis, outcome_only: bool) -> String {
    let mut out = String::new();
    if !outcome_only {
        let rows = a.parts.iter().map(|(p, v)| (p.clone(), v.clone()));
        parts_table(&mut out, "value", rows.collect(), &a.value);
    } else {
        out.push_str(&format!("value: {}\n", a.value));
    }
    out.push_str(&format!(
        "outcome: {} ({})\n",
        a.outcome.letter(),
        a.outcome.explanation()
    ));
    if outcome_only {
        return out;
    }
    out.push_str(&format!(
        "number: {}  mean: {}  temperature: {}\n",
        yes_no(a.is_number),
        a.mean,
        a.temperature
    ));
    out.push_str(&format!(
        "stops: Left {}, Right {}  confused with: {}  birthday: {}\n",
        a.stops.0,
        a.stops.1,
        confused_with(a.confusion),
        a.birthday
    ));
    out.push_str(&format!(
        "infinitesimal: {}  all-small: {}{}\n",
        yes_no(a.is_infinitesimal),
        yes_no(a.is_all_small),
        (a.atomic_weight.as_ref()).map_or_else(String::new, |w| format!("  atomic weight: {w}"))
    ));
    if a.reduced != a.value {
        out.push_str(&format!("reduced canonical form: {}\n", a.reduced));
    }
    if let Some((left, right)) = &a.incentives {
        for (player, incentives) in [("Left", left), ("Right", right)] {
            if !incentives.is_empty() {
                out.push_str(&format!(
                    "{player}'s incentives: {}\n",
                    incentives.join(", ")
                ));
            }
        }
    }
    let too_long = format!("(a value of more than {MAX_WRITTEN} characters)");
    let line = |m: &ValueMove| {
        let value = m.value.as_deref().unwrap_or(&too_long);
        format!("part {}: {}  => {value}", m.part + 1, m.to)
    };
    let left: Vec<String> = a.left_moves.iter().map(line).collect();
    let right: Vec<String> = a.right_moves.iter().map(line).collect();
    winning_moves(
        &mut out,
        &a.unlisted,
        [
            ("Left", a.left_move_count, left),
            ("Right", a.right_move_count, right),
        ],
    );
    out
}

/// Each part and what it is (the column `heading`), then the sum's where
/// there are two parts or more, the parts aligned (those of more than 40
/// characters overflow rather than widen the column), and a blank line.
fn parts_table(out: &mut String, heading: &str, mut rows: Vec<(String, String)>, sum: &str) {
    if rows.len() > 1 {
        rows.push(("sum".into(), sum.into()));
    }
    let width = (rows.iter())
        .map(|(p, _)| p.chars().count())
        .filter(|&n| n <= 40)
        .fold(4, usize::max);
    out.push_str(&format!("{:width$}  {heading}\n", "part"));
    for (p, v) in rows {
        out.push_str(&format!("{p:width$}  {v}\n"));
    }
    out.push('\n');
}

/// The parts whose moves were not listed, then each player's winning
/// moves moving first, one line each.
fn winning_moves(
    out: &mut String,
    unlisted: &[(usize, u64)],
    sides: [(&str, usize, Vec<String>); 2],
) {
    for &(part, options) in unlisted {
        out.push_str(&format!(
            "part {}: {options} options, too many to list: its moves are left out below\n",
            part + 1
        ));
    }
    for (player, count, moves) in sides {
        if count == 0 {
            out.push_str(&format!("{player} moving first: no winning move\n"));
            continue;
        }
        out.push_str(&format!("{player} moving first wins by ({count}):\n"));
        for m in &moves {
            out.push_str(&format!("  {m}\n"));
        }
        if moves.len() < count {
            out.push_str(&format!(
                "  ... and {} more (--moves N lists N)\n",
                count - moves.len()
            ));
        }
    }
}

/// The answer on one line, for `--batch`.
pub fn one_line(a: &ValueAnalysis, outcome_only: bool) -> String {
    let mut line = format!("{}: {} {}", a.expression, a.outcome.letter(), a.value);
    if !outcome_only {
        line.push_str(&format!(
            " (mean {}, temperature {}, {} winning moves for Left, {} for Right)",
            a.mean, a.temperature, a.left_move_count, a.right_move_count
        ));
    }
    line
}

/// The answer under misère play as a table: each part's misère canonical
/// form where it is impartial (and the sum's), who wins, and each player's
/// winning moves moving first.
pub fn misere_text(a: &MisereAnalysis, outcome_only: bool) -> String {
    let mut out = String::new();
    let form = |impartial: bool, f: &Option<String>| match (impartial, f) {
        (false, _) => "(partizan)".to_string(),
        (true, Some(f)) => f.clone(),
        (true, None) => "(longer than 100,000 characters)".to_string(),
    };
    if !outcome_only {
        let rows = (a.parts.iter()).map(|(p, impartial, f)| (p.clone(), form(*impartial, f)));
        let sum = form(a.is_impartial, &a.misere_form);
        parts_table(&mut out, "misère form", rows.collect(), &sum);
    } else if let Some(f) = &a.misere_form {
        out.push_str(&format!("misère form: {f}\n"));
    }
    out.push_str("convention: misere (who cannot move wins)\n");
    out.push_str(&format!(
        "outcome: {} ({})\n",
        a.outcome.letter(),
        a.outcome.explanation()
    ));
    if a.dead_ending && !a.is_impartial {
        out.push_str("dead-ending: a player with no move never has one later\n");
    }
    if outcome_only {
        return out;
    }
    let line = |m: &MisereMove| format!("part {}: {}", m.part + 1, m.to);
    let left: Vec<String> = a.left_moves.iter().map(line).collect();
    let right: Vec<String> = a.right_moves.iter().map(line).collect();
    winning_moves(
        &mut out,
        &[],
        [
            ("Left", a.left_move_count, left),
            ("Right", a.right_move_count, right),
        ],
    );
    out
}

/// The answer under misère play on one line, for `--batch`.
pub fn misere_one_line(a: &MisereAnalysis, outcome_only: bool) -> String {
    let mut line = format!("{}: {} misere", a.expression, a.outcome.letter());
    if let Some(form) = &a.misere_form {
        line.push_str(&format!(" {form}"));
    }
    if !outcome_only {
        line.push_str(&format!(
            " ({} winning moves for Left, {} for Right)",
            a.left_move_count, a.right_move_count
        ));
    }
    line
}

/// Who wins a sum decided by a search (asked for the outcome only), each
/// player moving first.
pub fn searched_text(expression: &str, s: &Searched) -> String {
    let outcome = s.outcome();
    let says = |wins: bool| if wins { "wins" } else { "loses" };
    let times = |n: u64| {
        if n == 1 {
            "once".to_string()
        } else {
            format!("{n} times")
        }
    };
    let mut went = Vec::new();
    if s.collected > 0 {
        went.push(format!(
            "the regions no state held were let go {}",
            times(s.collected)
        ));
    }
    if s.forgotten > 0 {
        went.push(format!(
            "the states decided were forgotten {}",
            times(s.forgotten)
        ));
    }
    if s.values_let_go > 0 {
        went.push(format!(
            "the values found were let go {}",
            times(s.values_let_go)
        ));
    }
    let forgotten = match (went.is_empty(), s.forgotten > 0) {
        (true, _) => String::new(),
        (false, false) => format!("; to stay within the memory, {}", went.join(", ")),
        (false, true) => format!(
            "; to stay within the memory, {}, and some states were decided again",
            went.join(", ")
        ),
    };
    format!(
        "{expression}\noutcome: {} ({})\nLeft moving first {}, Right moving first {}\n\
         searched: {} states of the sum (its value was not built){forgotten}\n",
        outcome.letter(),
        outcome.explanation(),
        says(s.left_first_wins),
        says(s.right_first_wins),
        s.states
    )
}

/// The same on one line, for `--batch`.
pub fn searched_one_line(expression: &str, s: &Searched) -> String {
    format!("{expression}: {} (searched)", s.outcome().letter())
}

/// A loopy game's answer as text: its simplest form where it is a
/// stopper, and who wins (draws included).
pub fn loopy_text(expression: &str, v: &LoopyValue) -> String {
    let value = match (&v.written, &v.sides) {
        (Some(form), _) => format!("value: {form}\n"),
        (None, Some(sides)) => format!(
            "value: {} (onside {}, offside {}: no stopper, a play of alternating moves can \
             go on for ever)\n",
            sides.written(),
            sides.onside,
            sides.offside
        ),
        (None, None) => "value: no stopper (a play of alternating moves can go on for ever), \
                         and its sides are not found\n"
            .to_string(),
    };
    format!(
        "{expression}\n{value}outcome: {} ({})\nstopper: {}; positions: {}\n",
        v.outcome.as_str(),
        v.outcome.explanation(),
        yes_no(v.stopper),
        v.positions
    )
}

/// The same on one line, for `--batch`.
pub fn loopy_one_line(expression: &str, v: &LoopyValue) -> String {
    let value = match (&v.written, &v.sides) {
        (Some(form), _) => form.clone(),
        (None, Some(sides)) => sides.written(),
        (None, None) => "no stopper".to_string(),
    };
    format!("{expression}: {}, value {value}", v.outcome.as_str())
}

fn yes_no(truth: bool) -> &'static str {
    if truth {
        "yes"
    } else {
        "no"
    }
}

/// The numbers confused with, as an interval: `[-1, 1]`, `(1, 2]`.
fn confused_with(confusion: Option<Confusion>) -> String {
    match confusion {
        None => "no number".to_string(),
        Some(c) => format!(
            "{}{}, {}{}",
            if c.low_included { '[' } else { '(' },
            c.low,
            c.high,
            if c.high_included { ']' } else { ')' }
        ),
    }
}
