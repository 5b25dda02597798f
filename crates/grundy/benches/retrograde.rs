//! Strong solving by retrograde analysis, and generalized Sprague-Grundy
//! values of a loopy graph: short runs for criterion. The large solves of
//! BENCHMARKS.md are timed by `examples/retrograde.rs`.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::catalogue::{Connect4, Mnk};
use grundy::retrograde::loopy::LoopyValues;
use grundy::retrograde::{solve, Digraph, Options, StrongGame};

fn positions<G: StrongGame>(game: &G) -> u64 {
    let options = Options { memory: 4 << 30 };
    solve(game, &options, &mut |_| true)
        .expect("solved")
        .positions()
}

/// A random graph of `n` vertices, each with 0 to 4 successors anywhere.
fn random_graph(n: u64) -> Digraph {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut graph = Digraph::default();
    let mut successors = Vec::new();
    for _ in 0..n {
        successors.clear();
        for _ in 0..next() % 5 {
            successors.push((next() % n) as u32);
        }
        graph.push_vertex(&successors).expect("edges fit");
    }
    graph
}

fn retrograde(c: &mut Criterion) {
    let mut group = c.benchmark_group("retrograde");
    group.sample_size(10);
    let ttt = Mnk::new(3, 3, 3).expect("parameters");
    group.bench_function("mnk(3,3,3)", |b| b.iter(|| positions(&ttt)));
    let mnk = Mnk::new(3, 4, 3).expect("parameters");
    group.bench_function("mnk(3,4,3)", |b| b.iter(|| positions(&mnk)));
    let connect4 = Connect4::new(4, 4).expect("parameters");
    group.bench_function("connect4(4,4)", |b| b.iter(|| positions(&connect4)));
    let graph = random_graph(1_000_000);
    group.bench_function("loopy random graph 10^6", |b| {
        b.iter(|| LoopyValues::compute(&graph))
    });
    group.finish();
}

criterion_group!(benches, retrograde);
criterion_main!(benches);
