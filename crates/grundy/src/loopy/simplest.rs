//! The simplest form of a stopper (Siegel, *Combinatorial Game Theory*,
//! VI.3): no dominated option, no reversible one, and no two vertices
//! equal. Two stoppers are equal exactly when their simplest forms are the
//! same graph (up to the numbering of its vertices).

use crate::error::{Error, Result};
use crate::interrupt::Interrupt;

use super::graph::Graph;
use super::survive::Order;

/// The simplest form of the stopper at vertex 0 of `game`, its start
/// vertex 0.
///
/// Every vertex keeps its value throughout, so the order of the vertices
/// is computed once: options dominated by another of the same player's
/// are removed, and a reversible option (a Left option a of v with a
/// Right option b ≤ v) is bypassed, replaced by b's Left options, until
/// neither is left; then equal vertices are fused into one. Stopped, an
/// error, when `interrupt` is set.
pub fn simplest(game: &Graph, interrupt: Option<&Interrupt>) -> Result<Graph> {
    let graph = game.game(0);
    let order = Order::of(&graph, interrupt)?;
    let n = graph.len() as u32;
    let mut left: Vec<Vec<u32>> = (0..n).map(|v| graph.left(v).to_vec()).collect();
    let mut right: Vec<Vec<u32>> = (0..n).map(|v| graph.right(v).to_vec()).collect();
    // Each pass changes something, or ends; a stopper's bypasses end
    // (each replaces an option by later ones of an alternating play, which
    // has no cycle), so this bound is a guard, never met by a stopper.
    let most_passes = 4 * (n as usize + 2) * (n as usize + 2);
    let mut passes = 0;
    loop {
        let mut changed = false;
        for v in 0..n {
            changed |= bypass(&mut left, &right, &order, v, true);
            changed |= bypass(&mut right, &left, &order, v, false);
            changed |= undominated(&mut left[v as usize], &order, true);
            changed |= undominated(&mut right[v as usize], &order, false);
        }
        if !changed {
            break;
        }
        passes += 1;
        if passes > most_passes {
            return Err(Error::Unsupported(
                "the simplest form of this loopy game did not settle: it is no stopper".into(),
            ));
        }
    }
    // Fuse equal vertices: each into the first vertex equal to it.
    let class: Vec<u32> = (0..n)
        .map(|v| (0..=v).find(|&u| order.eq(u, v)).unwrap_or(v))
        .collect();
    let mut fused = Graph::new();
    for _ in 0..n {
        fused.vertex();
    }
    for v in 0..n {
        if class[v as usize] == v {
            let of = |options: &[u32]| {
                let mut options: Vec<u32> = options.iter().map(|&w| class[w as usize]).collect();
                options.sort_unstable();
                options.dedup();
                options
            };
            fused.set(v, of(&left[v as usize]), of(&right[v as usize]));
        }
    }
    Ok(fused.game(class[0]))
}

/// Bypasses the reversible options of `v` for one player (`for_left`:
/// Left's, in `own`, with `other` the other player's options of each
/// vertex): Left's option a with a Right option b ≤ v is replaced by b's
/// Left options (Right's the other way round). Whether any was.
fn bypass(own: &mut [Vec<u32>], other: &[Vec<u32>], order: &Order, v: u32, for_left: bool) -> bool {
    let mut changed = false;
    'again: loop {
        for i in 0..own[v as usize].len() {
            let a = own[v as usize][i];
            for &b in &other[a as usize] {
                let reverses = match for_left {
                    true => order.le(b, v),
                    false => order.le(v, b),
                };
                // b's own options holding a would make a play a, b, a, ..
                // that alternates for ever: never in a stopper.
                if !reverses || own[b as usize].contains(&a) || b == v {
                    continue;
                }
                let mut options = own[v as usize].clone();
                options.remove(i);
                for &c in &own[b as usize] {
                    if !options.contains(&c) {
                        options.push(c);
                    }
                }
                own[v as usize] = options;
                changed = true;
                continue 'again;
            }
        }
        return changed;
    }
}

/// Removes the options dominated by another of the same player's (and
/// all but one of equal ones): Left's a where a ≤ a' for another a'
/// (`for_left`), Right's a where a' ≤ a. Whether any was.
fn undominated(options: &mut Vec<u32>, order: &Order, for_left: bool) -> bool {
    let worse = |a: u32, b: u32| match for_left {
        true => order.le(a, b),
        false => order.le(b, a),
    };
    let before = options.len();
    let mut kept: Vec<u32> = Vec::new();
    for &a in options.iter() {
        // Dominated by one kept, or by a later one not equal to it (an
        // equal later one goes instead, the first of equals kept).
        let dominated = kept.iter().any(|&b| worse(a, b))
            || options
                .iter()
                .any(|&b| b != a && worse(a, b) && !order.eq(a, b));
        if !dominated {
            kept.push(a);
        }
    }
    *options = kept;
    options.len() != before
}
