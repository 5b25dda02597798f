//! Every-SG play (`grundy analyze --every`): each turn moves in every
//! component that can still move, and the last move wins. The engine
//! answers from each component's step (suspense number); here that rule is
//! tested, not assumed: sums of small components of several families
//! (splitting games and a script among them) are searched as one game whose
//! moves choose an option in every component that can move, and the
//! outcome, the number of winning moves and every listed move are compared.
//! HDU 3595's samples are answered through the built-in `euclid` and
//! through `examples/gg_and_mm.rhai`.

use crate::common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use grundy::component::ComponentRef;
use grundy::sum::{analyze_every_listing, analyze_every_outcome};
use grundy::{parse_sum, Error, Outcome, Sum};
use num_bigint::BigUint;

/// A sum as a position of the reference game: its components as text, in
/// any order.
fn key(components: &[ComponentRef]) -> Vec<String> {
    let mut key: Vec<String> = (components.iter())
        .map(|c| format!("{} {}", c.ruleset_name(), c.position_text()))
        .collect();
    key.sort();
    key
}

/// Every move of the reference game: one option in every component that
/// can move, the others left as they are. Each move is the sum after it.
fn every_move(components: &[ComponentRef]) -> Vec<Vec<ComponentRef>> {
    let mut fixed = Vec::new();
    let mut movable = Vec::new();
    for c in components {
        let options = c.options().unwrap();
        if options.is_empty() {
            fixed.push(c.clone());
        } else {
            movable.push(options);
        }
    }
    if movable.is_empty() {
        return Vec::new();
    }
    let mut moves = vec![fixed];
    for options in &movable {
        moves = (moves.iter())
            .flat_map(|after| {
                options.iter().map(move |o| {
                    let mut next = after.clone();
                    next.extend(o.iter().cloned());
                    next
                })
            })
            .collect();
    }
    moves
}

/// Whether the player to move wins, by exhaustive search: a sum where no
/// component can move is lost (the opponent made the last move).
fn mover_wins(components: &[ComponentRef], memo: &mut HashMap<Vec<String>, bool>) -> bool {
    let k = key(components);
    if let Some(&wins) = memo.get(&k) {
        return wins;
    }
    let wins = every_move(components)
        .iter()
        .any(|after| !mover_wins(after, memo));
    memo.insert(k, wins);
    wins
}

/// A small deterministic generator, so that a failure is repeatable.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn script(name: &str) -> String {
    format!(
        "script(\"{}/../../examples/{name}\")",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Components of several families, small enough for the whole sum to be
/// searched: Nim, a subtraction game, Dawson's Kayles and Kayles (moves
/// that split a row), Euclid's game (HDU 3595's), and two scripts.
fn pool() -> Vec<String> {
    let mut pool = Vec::new();
    pool.extend((0..=4).map(|n| format!("nim {n}")));
    pool.extend((0..=9).map(|n| format!("subtraction(1,3,4) {n}")));
    pool.extend((0..=8).map(|n| format!("octal(0.07) {n}")));
    pool.extend((0..=6).map(|n| format!("kayles {n}")));
    for a in 0..=6 {
        for b in 0..=6 {
            pool.push(format!("euclid {a} {b}"));
        }
    }
    pool.extend((0..=9).map(|n| format!("{} {n}", script("subtraction.rhai"))));
    pool.extend((0..=8).map(|n| format!("{} {n}", script("dawson.rhai"))));
    pool
}

#[test]
fn the_step_rule_agrees_with_exhaustive_search_of_whole_sums() {
    let pool = pool();
    let mut random = Lcg(3595);
    let mut memo = HashMap::new();
    let mut seen = [0usize; 2];
    for _ in 0..400 {
        let size = 1 + random.below(3);
        let expression = (0..size)
            .map(|_| pool[random.below(pool.len())].clone())
            .collect::<Vec<_>>()
            .join(" + ");
        let sum = parse_sum(&expression).unwrap();
        let analysis = analyze_every_listing(&sum, 20, &mut |_| true).unwrap();
        let wins = mover_wins(&sum.components, &mut memo);
        assert_eq!(
            analysis.outcome,
            Outcome::from_mover_wins(wins),
            "{expression}: steps {:?}",
            analysis.components
        );
        seen[usize::from(wins)] += 1;
        // Every winning move, counted by the search of the whole sum.
        let winning = every_move(&sum.components)
            .iter()
            .filter(|after| !mover_wins(after, &mut memo))
            .count();
        assert_eq!(
            analysis.winning_move_count,
            BigUint::from(winning),
            "{expression}"
        );
        assert_eq!(
            analysis.winning_moves.len(),
            winning.min(20),
            "{expression}"
        );
        // Each listed move leaves a sum lost for the opponent, written as an
        // expression that parses back.
        for (description, to) in &analysis.winning_moves {
            let after = parse_sum(to).unwrap();
            assert!(
                !mover_wins(&after.components, &mut memo),
                "{expression}: {description} => {to} does not win"
            );
        }
        // The compact listing counts the same moves.
        let by_step: BigUint = analysis.choices.iter().map(|c| &c.count).sum();
        assert_eq!(by_step, analysis.winning_move_count, "{expression}");
    }
    // Both outcomes were met often enough for the comparison to mean much.
    assert!(seen[0] > 50 && seen[1] > 50, "{seen:?}");
}

/// The steps of a few components by hand: a lost subtraction heap delays
/// (heap 7 of {1, 3, 4}: P, and 7 -> 6 -> 2 -> 1 -> 0 or 7 -> 4 -> 0 ...),
/// a won Nim heap is won in one move.
#[test]
fn steps_by_hand() {
    let sum = parse_sum("nim 5 + subtraction(1,2) 3 + euclid 3 2 + euclid 0 4").unwrap();
    let analysis = analyze_every_outcome(&sum, &mut |_| true).unwrap();
    let steps: Vec<u64> = analysis.components.iter().map(|(_, s)| *s).collect();
    // subtraction(1,2) 3: 3 -> 2 or 1, each won in one move: lost in 2.
    // euclid 3 2 -> 1 2 only, won at once by 1 2 -> 1 0: lost in 2.
    assert_eq!(steps, [1, 2, 2, 0]);
    assert_eq!(analysis.step, 2);
    assert_eq!(analysis.outcome, Outcome::P);
}

/// HDU 3595, "GG and MM": MM moves first and wins exactly when the largest
/// step of the games is odd. Answered with the built-in `euclid` and with
/// the example script of the same game.
#[test]
fn hdu3595_gg_and_mm() {
    for (input, expected) in common::samples("problems/hdu3595_gg_and_mm.json") {
        let numbers: Vec<u32> = (input.split_whitespace())
            .map(|w| w.parse().unwrap())
            .collect();
        for family in ["euclid".to_string(), script("gg_and_mm.rhai")] {
            let mut answers = String::new();
            let mut numbers = numbers.iter().copied();
            while let Some(n) = numbers.next() {
                let positions: Vec<String> = (0..n)
                    .map(|_| {
                        let (p, q) = (numbers.next().unwrap(), numbers.next().unwrap());
                        match family.as_str() {
                            "euclid" => format!("{p} {q}"),
                            _ => format!("{p},{q}"),
                        }
                    })
                    .collect();
                let sum = parse_sum(&format!("{family} {}", positions.join(" "))).unwrap();
                let analysis = analyze_every_outcome(&sum, &mut |_| true).unwrap();
                answers.push_str(match analysis.outcome {
                    Outcome::N => "MM\n",
                    _ => "GG\n",
                });
            }
            assert_eq!(answers, expected, "{family}");
        }
    }
}

/// A sum whose every component has finished has no move: lost, step 0.
#[test]
fn a_finished_sum_is_lost() {
    let sum: Sum = parse_sum("euclid 0 3 + nim 0").unwrap();
    let analysis = analyze_every_listing(&sum, 10, &mut |_| true).unwrap();
    assert_eq!((analysis.outcome, analysis.step), (Outcome::P, 0));
    assert_eq!(analysis.winning_move_count, BigUint::ZERO);
}

/// Grundy's game from a heap of 5000: the search of its step lists the
/// splits of every heap below, seconds of work. It reports its progress, a
/// growing count of the heaps met, from the first thousand heaps it lists
/// (on its way down, before any is solved), and a `false` stops it at
/// once with a limit error, as a search of nimbers stops; asked again
/// with a callback that lets it go on, it finishes.
#[test]
fn a_search_of_steps_stops_when_its_progress_says_so() {
    let sum = parse_sum("grundys-game 5000").unwrap();
    for listing in [false, true] {
        let started = Instant::now();
        let mut reports = Vec::new();
        let mut stop_at_second = |met| {
            reports.push(met);
            reports.len() < 2
        };
        let error = match listing {
            false => analyze_every_outcome(&sum, &mut stop_at_second),
            true => analyze_every_listing(&sum, 10, &mut stop_at_second),
        }
        .unwrap_err();
        let took = started.elapsed();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert!(
            error
                .to_string()
                .contains("the search of steps was stopped"),
            "{error}"
        );
        assert_eq!(reports.len(), 2);
        assert!(reports[0] < reports[1], "{reports:?}");
        assert!(took < Duration::from_secs(2), "stopped after {took:?}");
    }
    let mut reports = 0;
    let analysis = analyze_every_outcome(&sum, &mut |_| {
        reports += 1;
        true
    })
    .unwrap();
    assert_eq!(analysis.outcome, Outcome::N);
    assert!(reports > 2, "{reports} reports");
}
