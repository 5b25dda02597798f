//! The command line's tests, one module a subject, in one test binary:
//! one build and one link instead of one a file, and the tests of every
//! subject share the cores while they run. (`tests/mpi.rs`, which needs
//! the feature `mpi`, is a binary of its own.)

#[path = "../common/mod.rs"]
mod common;

mod analyze;
mod batch;
mod browser;
mod cli;
mod cli_families;
mod compare;
mod db;
mod docs;
mod enders;
mod every;
mod limits;
mod loopy;
mod misere;
mod output;
mod play;
mod quotient;
mod schema;
mod scripts;
mod sequence;
mod serve;
mod serve_limits;
mod solitaire;
mod starts;
mod strong;
mod tiers;
mod values;
mod views;
