//! Prints the canonical form, mean and temperature of one Domineering
//! position, computed by cgt-tools on one thread (its `rayon` feature
//! off). The position is cgt-tools' notation: rows separated by `|`, `.`
//! empty, `#` taken.
use std::str::FromStr;

use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;

fn main() {
    let board = std::env::args().nth(1).expect("usage: cgt-peer BOARD");
    let position: Domineering = Domineering::from_str(&board).expect("a board");
    let table = ParallelTranspositionTable::new();
    let value = position.canonical_form(&table);
    println!("{value}");
    println!("mean {} temperature {}", value.mean(), value.temperature());
}
