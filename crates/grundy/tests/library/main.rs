//! The library's integration tests, one module a subject, in one test
//! binary: one build and one link instead of one a file, and the tests of
//! every subject share the cores while they run.

#[path = "../common/mod.rs"]
mod common;
#[path = "../fuzz_checks/mod.rs"]
mod fuzz_checks;
#[path = "../tokens/mod.rs"]
mod tokens;

mod contest_samples;
mod every_sg;
mod families_end_to_end;
mod fuzz_smoke;
mod layers;
mod limits;
mod loopy_scripts;
mod loopy_sums;
mod machine;
mod misere;
mod misere_quotient;
mod nim_sequences;
mod retrograde;
mod schema;
mod scripts;
mod solved_tables;
mod sprague_grundy;
mod subtraction_sets;
mod sums_of_families;
mod theory;
mod tier_team;
mod tiers;
