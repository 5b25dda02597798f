#!/usr/bin/env python3
"""Compares a tiered Connect Four solve with the BDD solver's counts.

    scripts/peers/connect4-bdd-compare.py DIR WIDTH HEIGHT CSV

DIR is the directory `grundy solve 'connect4(W,H)' --tiers DIR` wrote, CSV
the peer's results_solve_wW_hH_lsL.csv (scripts/peers/connect4-bdd.sh). The
wins, ties and losses of each tier are read from its file's header (the
format in crates/grundy/src/tier/file.rs) and set against the peer's win,
draw and loss counts of the same ply. CSV may instead be the peer's
counter's results_ply_wW_hH_lsL.csv (`count.out`, positions by ply
alone, for boards whose strong solve is beyond the peer): then each
tier's positions are set against the ply's count. Lines starting with #
are comments (scripts/peers/data/ holds a table the peer published, with
its source). Exit status 1 where any differs.
"""

import csv
import struct
import sys


def tier_counts(directory, tier):
    """(win, tie, lose) from the header of tier-TTT.bin."""
    with open(f"{directory}/tier-{tier:03d}.bin", "rb") as f:
        head = f.read(20)
        (name_length,) = struct.unpack("<I", head[16:20])
        rest = f.read(name_length + 8 + 56)
    numbers = struct.unpack("<7Q", rest[name_length + 8 :])
    # ranks, entries, positions, win, lose, tie, draw
    return numbers[3], numbers[5], numbers[4]


def main():
    directory, width, height, table = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    peer = {}
    positions_only = False
    with open(table) as f:
        for row in csv.reader(line for line in f if not line.startswith("#")):
            cells = [c.strip() for c in row]
            if cells[0] == "width":
                positions_only = cells[3] == "poscount"
                continue
            if cells[2] == "TOTAL":
                continue
            if positions_only:
                peer[int(cells[2])] = int(cells[3])
            else:
                peer[int(cells[2])] = (int(cells[3]), int(cells[4]), int(cells[5]))
    differ = []
    for tier in range(width * height + 1):
        ours = tier_counts(directory, tier)
        if positions_only:
            ours = sum(ours)
        if peer.get(tier) != ours:
            differ.append((tier, ours, peer.get(tier)))
    total = sum(sum(tier_counts(directory, t)) for t in range(width * height + 1))
    print(f"{width * height + 1} tiers, {total} positions; the peer's plies: {len(peer)}, "
          f"{sum(c if positions_only else sum(c) for c in peer.values())} positions; "
          f"tiers that differ: {differ or 'none'}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
