#!/usr/bin/env bash
# Writes crates/grundy/tests/data/peers/cgt_tools_values.txt: random short
# games (a fixed seed), each with what cgt-tools (crate `cgt` 0.11.0,
# AGPL-3.0, built from its published source as scripts/peers/cgt-tools,
# never a dependency of grundy) computes of it: its stops, its reduced
# canonical form, the game cooled by 1/2 and by 1, heated by 1, and its
# atomic weight. tests/library/theory.rs checks grundy's answers against
# these, an implementation grundy shares no code with.
#
# Usage: scripts/cgt_tools_values.sh   (from anywhere; needs python3)
set -euo pipefail
cd "$(dirname "$0")/.."
peer_dir=scripts/peers/cgt-tools
cargo build --release --quiet --manifest-path "$peer_dir/Cargo.toml"
out=crates/grundy/tests/data/peers/cgt_tools_values.txt
{
  echo "# Computed by cgt-tools 0.11.0 (crate cgt), scripts/cgt_tools_values.sh:"
  echo "# game ; left stop ; right stop ; reduced ; cooled by 1/2 ; cooled by 1 ;"
  echo "# heated by 1 ; atomic weight (meaningful only where the game is all-small)"
  python3 - <<'PY' | "$peer_dir/target/release/cgt-peer" --ops
import random

random.seed(39)
leaves = ["0", "1", "-1", "2", "-2", "1/2", "-1/2", "3/2", "{0|0}", "{1|-1}"]

def game(depth):
    """A game as nested options, any short game."""
    if depth == 0 or random.random() < 0.25:
        return random.choice(leaves)
    side = lambda: ",".join(game(depth - 1) for _ in range(random.randint(0, 2)))
    return "{" + side() + "|" + side() + "}"

def small(depth):
    """An all-small game: moves for both players or for neither."""
    if depth == 0 or random.random() < 0.2:
        return random.choice(["0", "{0|0}", "{0,{0|0}|0,{0|0}}"])
    side = lambda: ",".join(small(depth - 1) for _ in range(random.randint(1, 2)))
    return "{" + side() + "|" + side() + "}"

seen = set()
for make, count in [(game, 150), (small, 150)]:
    n = 0
    while n < count:
        g = make(random.randint(1, 4))
        if g not in seen:
            seen.add(g)
            print(g)
            n += 1
PY
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $(grep -vc '^#' "$out") games to $out" >&2
