//! The strong solves of BENCHMARKS.md, timed without the command line:
//!
//! ```text
//! cargo run --release -p grundy --example retrograde -- mnk 4 4 3
//! cargo run --release -p grundy --example retrograde -- connect4 5 4
//! cargo run --release -p grundy --example retrograde -- loopy 10000000
//! ```
//!
//! Prints the positions, the counts by standing (or by value), the seconds,
//! positions per second and the bytes a position the result keeps; the peak
//! memory of the whole run is `/usr/bin/time -v`'s.

use std::time::Instant;

use grundy::catalogue::{Connect4, Mnk};
use grundy::retrograde::loopy::LoopyValues;
use grundy::retrograde::{solve, Digraph, Options, SolvedGame, StrongGame};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Vec<u64> = args[1..]
        .iter()
        .map(|a| a.parse().expect("a number"))
        .collect();
    let options = Options::for_available_memory(available_memory());
    match args[0].as_str() {
        "mnk" => {
            let game = Mnk::new(numbers[0], numbers[1], numbers[2]).expect("parameters");
            strong(&game.name(), &game, &options);
        }
        "connect4" => {
            let game = Connect4::new(numbers[0], numbers[1]).expect("parameters");
            strong(&game.name(), &game, &options);
        }
        "loopy" => loopy(numbers[0], numbers.get(1).copied().unwrap_or(4)),
        other => panic!("unknown benchmark {other}"),
    }
}

fn strong<G: StrongGame>(name: &str, game: &G, options: &Options) {
    let started = Instant::now();
    let table: SolvedGame<G> = solve(game, options, &mut |_| true).expect("solved");
    let seconds = started.elapsed().as_secs_f64();
    let positions = table.positions();
    println!("{name}: {positions} positions, {:?}", table.counts());
    println!("start: {}", table.roots()[0]);
    println!(
        "{seconds:.2} s, {:.1} M positions/s, table {:.2} bytes a position",
        positions as f64 / seconds / 1e6,
        table.heap_bytes() as f64 / positions as f64
    );
}

/// A random graph: each vertex has 0 to `max_degree` successors, uniformly,
/// anywhere (so cycles abound).
fn loopy(n: u64, max_degree: u64) {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut graph = Digraph::with_capacity(n as usize, (n * max_degree / 2) as usize);
    let mut successors = Vec::new();
    for _ in 0..n {
        successors.clear();
        for _ in 0..next() % (max_degree + 1) {
            successors.push((next() % n) as u32);
        }
        graph.push_vertex(&successors).expect("edges fit");
    }
    let started = Instant::now();
    let values = LoopyValues::compute(&graph);
    let seconds = started.elapsed().as_secs_f64();
    let infinite = (0..n as u32)
        .filter(|&v| values.nimber(v).is_none())
        .count();
    let largest = (0..n as u32).filter_map(|v| values.nimber(v)).max();
    println!(
        "loopy graph: {n} vertices, {} edges; {infinite} infinite, largest nimber {largest:?}",
        graph.edge_count()
    );
    println!(
        "{seconds:.2} s, {:.1} M vertices/s; graph {:.2} and values {:.2} bytes a vertex",
        n as f64 / seconds / 1e6,
        graph.heap_bytes() as f64 / n as f64,
        values.heap_bytes() as f64 / n as f64
    );
}

/// MemAvailable of /proc/meminfo, in bytes.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
