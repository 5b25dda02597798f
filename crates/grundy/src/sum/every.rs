//! Every-SG play of a sum (Conway's continued conjunctive compound): in
//! each turn the player to move makes a move in *every* component that can
//! still move, and whoever makes the last move wins. No nimber decides it:
//! each component's step (suspense number, `crate::suspense`) does. The
//! player to move wins exactly when the largest step is odd.
//!
//! A move chooses one option in every component that can move. It wins
//! exactly when the sum after it has an even largest step `e`: every chosen
//! option has a step of at most `e`, and at least one exactly `e` (an
//! option that splits counts with its longest part). The moves are listed
//! by that `e`, largest first: the first is the winner's way to play slowly
//! (each longest component to step M - 1, M the largest step).

use num_bigint::BigUint;

use super::{Move, Sum};
use crate::component::ComponentRef;
use crate::error::{Error, Result};
use crate::solver::OnSearched;
use crate::value::Outcome;

/// An option: the components it leaves, with its step.
type Stepped = (Vec<ComponentRef>, u64);
/// A component that can move: its place in the sum, and its options.
type Movable = (usize, Vec<Stepped>);
/// A component's options allowed in the moves being listed.
type Allowed<'a> = (usize, Vec<(&'a Vec<ComponentRef>, u64)>);

/// What `grundy analyze --every` reports about a sum.
#[derive(Clone, Debug)]
pub struct EveryAnalysis {
    /// The sum as an expression writes it.
    pub expression: String,
    /// `N` when the largest step is odd (the player to move wins), else `P`.
    pub outcome: Outcome,
    /// The largest step of the components: the number of turns the sum
    /// lasts when the winner plays slowly and the loser quickly.
    pub step: u64,
    /// Each component with its step.
    pub components: Vec<(String, u64)>,
    /// The first winning moves asked for: how each reads (one choice for
    /// every component that can move), and the whole sum after it.
    pub winning_moves: Vec<(String, String)>,
    /// How many winning moves there are in all: choices of one option in
    /// each component that can move.
    pub winning_move_count: BigUint,
    /// The winning moves, compactly: for each even step `e` that a move can
    /// leave as the largest, the options each component may choose.
    pub choices: Vec<WinningChoices>,
}

/// The winning moves that leave `step` as the largest step: each component
/// that can move chooses one of its `options` (those of step at most
/// `step`), and at least one chooses an option of step exactly `step`.
#[derive(Clone, Debug)]
pub struct WinningChoices {
    /// The largest step the moves leave (even: a loss for the opponent).
    pub step: u64,
    /// How many moves these are.
    pub count: BigUint,
    /// The components that can move, each with the options it may choose.
    pub components: Vec<ComponentChoices>,
}

/// The options one component may choose in a winning move.
#[derive(Clone, Debug)]
pub struct ComponentChoices {
    /// The component's place in the sum, from 0.
    pub component: usize,
    /// The first options asked for: what the component becomes (an
    /// expression; `nothing` where the option leaves nothing), with its step.
    pub options: Vec<(String, u64)>,
    /// How many options it may choose in all.
    pub option_count: u64,
}

/// The outcome and steps alone, without the moves. The searches of steps
/// report their progress to `progress`, which stops them by answering
/// `false`: the analysis then ends with a limit error.
pub fn analyze_every_outcome(sum: &Sum, progress: OnSearched) -> Result<EveryAnalysis> {
    super::refuse_wins_at_once(sum, "every-move play (--every)")?;
    let components = component_steps(sum, progress)?;
    let step = components.iter().map(|(_, s)| *s).max().unwrap_or(0);
    Ok(EveryAnalysis {
        expression: sum.expression(),
        outcome: Outcome::from_mover_wins(step % 2 == 1),
        step,
        components,
        winning_moves: Vec::new(),
        winning_move_count: BigUint::ZERO,
        choices: Vec::new(),
    })
}

/// Analyses a sum under Every-SG play, listing at most `most` winning moves
/// and at most `most` options of each component for each largest step a
/// move can leave (all are counted). The searches of steps report their
/// progress as [`analyze_every_outcome`]'s do.
pub fn analyze_every_listing(
    sum: &Sum,
    most: usize,
    progress: OnSearched,
) -> Result<EveryAnalysis> {
    let mut analysis = analyze_every_outcome(sum, progress)?;
    // The options of each component that can move, with their steps.
    let mut movable: Vec<Movable> = Vec::new();
    for (i, c) in sum.components.iter().enumerate() {
        let options = c.options_with_steps(progress)?;
        if !options.is_empty() {
            movable.push((i, options));
        }
    }
    if movable.is_empty() {
        return Ok(analysis);
    }
    let mut targets: Vec<u64> = (movable.iter())
        .flat_map(|(_, options)| options.iter().map(|(_, s)| *s))
        .filter(|s| s % 2 == 0)
        .collect();
    targets.sort_unstable_by(|a, b| b.cmp(a));
    targets.dedup();
    let mut sorted: Vec<Vec<u64>> = (movable.iter())
        .map(|(_, options)| options.iter().map(|(_, s)| *s).collect())
        .collect();
    sorted.iter_mut().for_each(|steps| steps.sort_unstable());
    for e in targets {
        let at_most = |bound: Option<u64>| -> BigUint {
            (sorted.iter())
                .map(|steps| match bound {
                    Some(b) => BigUint::from(steps.partition_point(|&s| s <= b)),
                    None => BigUint::ZERO,
                })
                .product()
        };
        let count = at_most(Some(e)) - at_most(e.checked_sub(1));
        if count == BigUint::ZERO {
            continue;
        }
        let components = (movable.iter())
            .map(|(i, options)| {
                let allowed: Vec<&Stepped> = options.iter().filter(|(_, s)| *s <= e).collect();
                ComponentChoices {
                    component: *i,
                    options: (allowed.iter().take(most))
                        .map(|(to, s)| (parts_text(to), *s))
                        .collect(),
                    option_count: allowed.len() as u64,
                }
            })
            .collect();
        let room = most - analysis.winning_moves.len();
        let listed = enumerate(sum, &movable, e, room)?;
        analysis.winning_moves.extend(listed);
        analysis.winning_move_count += &count;
        analysis.choices.push(WinningChoices {
            step: e,
            count,
            components,
        });
    }
    if (analysis.winning_move_count > BigUint::ZERO) != (analysis.outcome == Outcome::N) {
        // The step rule promises a winning move exactly when the largest
        // step is odd; a ruleset whose options disagree with its own
        // search would break that.
        return Err(Error::Unsupported(format!(
            "the steps of {} disagree with its moves",
            analysis.expression
        )));
    }
    Ok(analysis)
}

fn component_steps(sum: &Sum, progress: OnSearched) -> Result<Vec<(String, u64)>> {
    (sum.components.iter())
        .map(|c| {
            Ok((
                format!("{} {}", c.ruleset_name(), c.position_text()),
                c.step(progress)?,
            ))
        })
        .collect()
}

/// An option's parts as an expression, `nothing` for none.
fn parts_text(parts: &[ComponentRef]) -> String {
    if parts.is_empty() {
        return "nothing".to_string();
    }
    Sum::new(parts.to_vec()).expression()
}

/// The most choices of options tried while listing the moves of one largest
/// step: options of a step exactly `e` come first in each component, so
/// only a small sum of few moves goes far past the ones it lists.
const ENUMERATION_LIMIT: u64 = 1_000_000;

/// The first `most` moves whose largest step after them is `e`, described,
/// with the sum after each.
fn enumerate(sum: &Sum, movable: &[Movable], e: u64, most: usize) -> Result<Vec<(String, String)>> {
    let mut found = Vec::new();
    if most == 0 {
        return Ok(found);
    }
    // Each component's allowed options, those of step e first; components
    // with an option of step e first, so that the first moves tried win.
    let mut allowed: Vec<Allowed> = (movable.iter())
        .map(|(i, options)| {
            let mut list: Vec<(&Vec<ComponentRef>, u64)> = (options.iter())
                .filter(|(_, s)| *s <= e)
                .map(|(to, s)| (to, *s))
                .collect();
            list.sort_by_key(|(_, s)| *s != e);
            (*i, list)
        })
        .collect();
    allowed.sort_by_key(|(_, list)| list.first().is_none_or(|(_, s)| *s != e));
    if allowed.iter().any(|(_, list)| list.is_empty()) {
        return Ok(found);
    }
    let mut digits = vec![0usize; allowed.len()];
    let mut tried = 0u64;
    loop {
        tried += 1;
        let reaches_e = (allowed.iter().zip(&digits)).any(|((_, list), &d)| list[d].1 == e);
        if reaches_e {
            found.push(describe(sum, &allowed, &digits));
            if found.len() >= most {
                break;
            }
        }
        if tried >= ENUMERATION_LIMIT || !advance(&mut digits, &allowed) {
            break;
        }
    }
    Ok(found)
}

/// The next choice, the last component changing fastest; false after the
/// last.
fn advance(digits: &mut [usize], allowed: &[Allowed]) -> bool {
    for k in (0..digits.len()).rev() {
        digits[k] += 1;
        if digits[k] < allowed[k].1.len() {
            return true;
        }
        digits[k] = 0;
    }
    false
}

/// How a choice reads, component by component in the sum's order
/// (`heap 1: 3 -> 1; heap 2: 4 -> 0`), and the sum after it.
fn describe(sum: &Sum, allowed: &[Allowed], digits: &[usize]) -> (String, String) {
    let mut chosen: Vec<(usize, &Vec<ComponentRef>)> = (allowed.iter().zip(digits))
        .map(|((i, list), &d)| (*i, list[d].0))
        .collect();
    chosen.sort_by_key(|(i, _)| *i);
    let description = (chosen.iter())
        .map(|(i, to)| {
            sum.describe(&Move {
                component: *i,
                to: to.to_vec(),
            })
        })
        .collect::<Vec<_>>()
        .join("; ");
    let mut after = Vec::new();
    let mut next = chosen.iter().peekable();
    for (i, c) in sum.components.iter().enumerate() {
        match next.peek() {
            Some((j, to)) if *j == i => {
                after.extend(to.iter().cloned());
                next.next();
            }
            _ => after.push(c.clone()),
        }
    }
    (description, Sum::new(after).expression())
}
