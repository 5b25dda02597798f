//! Nim-sequences of take-and-break games, naive and sparse space. Short runs
//! for criterion; the long runs of BENCHMARKS.md are made by
//! `scripts/benchmarks.sh`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::sequence::{MethodChoice, Sequence};
use grundy::take_and_break::TakeAndBreak;

fn compute(code: &TakeAndBreak, method: MethodChoice, to: usize) -> usize {
    let mut sequence = Sequence::of_code(code.clone(), method);
    sequence.compute(to, true, &mut |_| true);
    sequence.values().len()
}

fn nim_sequences(c: &mut Criterion) {
    let mut group = c.benchmark_group("nim-sequence");
    group.sample_size(10);
    let games = [
        ("grundys-game", TakeAndBreak::grundys_game()),
        (
            "0.376",
            TakeAndBreak::parse("0.376", false).expect("a code"),
        ),
        (
            "0.354",
            TakeAndBreak::parse("0.354", false).expect("a code"),
        ),
    ];
    for (name, code) in &games {
        for (method, to) in [
            (MethodChoice::Naive, 20_000),
            (MethodChoice::Sparse, 20_000),
        ] {
            let id = BenchmarkId::new(format!("{name} {method:?}"), to);
            group.bench_function(id, |b| b.iter(|| compute(code, method, to)));
        }
        let id = BenchmarkId::new(format!("{name} Sparse"), 500_000);
        group.bench_function(id, |b| {
            b.iter(|| compute(code, MethodChoice::Sparse, 500_000))
        });
    }
    group.finish();
}

criterion_group!(benches, nim_sequences);
criterion_main!(benches);
