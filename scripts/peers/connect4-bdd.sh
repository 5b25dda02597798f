#!/bin/sh
# The peer of the tiered Connect Four benchmarks and of the counts in
# crates/grundy/tests/data/connect4/bdd_counts_per_ply.csv: the BDD strong
# solver of markus7800/Connect4-Strong-Solver (after Edelkamp and Kissmann),
# fetched from GitHub and built under a directory of its own. It is no
# dependency of grundy.
#
#   scripts/peers/connect4-bdd.sh [DIR]        # default /tmp/connect4-bdd
#   cd DIR/src/connect4 && ./build/solve.out 24 5 4
#
# solve.out LOG2_TABLESIZE WIDTH HEIGHT writes results_solve_wW_hH_lsL.csv
# (win, draw, loss counts by ply; its draw is grundy's tie) and the BDDs of
# the solution under solution_wW_hH/. 24 allocates 2^24 nodes (about 850 MB
# resident); larger boards need more (the README of the peer says how much).
set -eu
dir=${1:-/tmp/connect4-bdd}
commit=6a48b5752af559985ff4d4fb6588c7386618621a
if [ ! -d "$dir/.git" ]; then
    git clone https://github.com/markus7800/Connect4-Strong-Solver "$dir"
fi
cd "$dir"
git checkout -q "$commit"
cd src/connect4
# The makefile asks for clang; gcc builds it as well.
cc=$(command -v clang || command -v gcc)
make solve CC="$cc"
make count CC="$cc"
echo "built $dir/src/connect4/build/solve.out and count.out at $commit"
