//! `grundy analyze` of a sum of values (partizan positions, game literals,
//! differences): the answer as a table or one line.

use grundy::partizan::Confusion;
use grundy::short::ValueAnalysis;

/// The answer as a table: each part's value and the sum's, who wins, the
/// mean and temperature, the stops, the numbers it is confused with, its
/// birthday, and each player's winning moves moving first.
pub fn text(a: &ValueAnalysis, outcome_only: bool) -> String {
    let mut out = String::new();
    if !outcome_only {
        let mut rows: Vec<(&str, &str)> = a
            .parts
            .iter()
            .map(|(p, v)| (p.as_str(), v.as_str()))
            .collect();
        if rows.len() > 1 {
            rows.push(("sum", &a.value));
        }
        let width = rows
            .iter()
            .map(|(p, _)| p.chars().count())
            .filter(|&n| n <= 40)
            .fold(4, usize::max);
        out.push_str(&format!("{:width$}  value\n", "part"));
        for (p, v) in rows {
            out.push_str(&format!("{p:width$}  {v}\n"));
        }
        out.push('\n');
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
    for &(part, options) in &a.unlisted {
        out.push_str(&format!(
            "part {}: {options} options, too many to list: its moves are left out below\n",
            part + 1
        ));
    }
    for (player, moves) in [("Left", &a.left_moves), ("Right", &a.right_moves)] {
        if moves.is_empty() {
            out.push_str(&format!("{player} moving first: no winning move\n"));
            continue;
        }
        out.push_str(&format!(
            "{player} moving first wins by ({}):\n",
            moves.len()
        ));
        for m in moves.iter() {
            out.push_str(&format!(
                "  part {}: {}  => {}\n",
                m.part + 1,
                m.to,
                m.value
            ));
        }
    }
    out
}

/// The answer on one line, for `--batch`.
pub fn one_line(a: &ValueAnalysis, outcome_only: bool) -> String {
    let mut line = format!("{}: {} {}", a.expression, a.outcome.letter(), a.value);
    if !outcome_only {
        line.push_str(&format!(
            " (mean {}, temperature {}, {} winning moves for Left, {} for Right)",
            a.mean,
            a.temperature,
            a.left_moves.len(),
            a.right_moves.len()
        ));
    }
    line
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
