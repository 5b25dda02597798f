#!/usr/bin/env bash
# Decides the Clobber checkerboards whose outcomes MCGS publishes (its
# README's table; issue 40) with `grundy analyze --outcome-only` and writes
# a Markdown table to stdout: the board, the published outcome, grundy's,
# the states it searched, wall time and peak memory (`/usr/bin/time`). A
# board not decided within TIMEOUT seconds is marked as such.
#
# Usage: [GRUNDY=path/to/grundy] [TIMEOUT=300] scripts/clobber_boards.sh [RxC ...]
#        (without GRUNDY, builds --release first; without boards, every
#        board of the table up to 5x5)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet -p grundy-cli
  GRUNDY="${CARGO_TARGET_DIR:-target}/release/grundy"
fi
timeout_s="${TIMEOUT:-300}"
boards=("$@")
if [ ${#boards[@]} -eq 0 ]; then
  boards=(2x3 2x6 2x9 2x10 2x12 2x14 3x4 3x6 3x8 4x4 4x5 4x6 5x5)
fi

# shellcheck source=scripts/checkerboard.sh
source scripts/checkerboard.sh

echo "| board | published | grundy | states searched | wall time (s) | peak memory (MiB) |"
echo "| --- | --- | --- | --- | --- | --- |"
for board in "${boards[@]}"; do
  rows=${board%x*}
  cols=${board#*x}
  stats=$(mktemp)
  status=0
  json=$(/usr/bin/time -f "%e %M" -o "$stats" timeout "$timeout_s" \
    "$GRUNDY" analyze --json --outcome-only "clobber $(checkerboard "$rows" "$cols")") || status=$?
  # time(1) writes a line of its own first where the command failed.
  read -r time_s kib < <(tail -n 1 "$stats")
  if [ "$status" -eq 0 ]; then
    outcome=$(grep -o '"outcome":"[LRNP]"' <<<"$json" | cut -d'"' -f4)
    states=$(grep -o '"searched_states":[0-9]*' <<<"$json" | cut -d: -f2)
    echo "| $board | $(published "$rows" "$cols") | $outcome | $states | $time_s | $((kib / 1024)) |"
  elif [ "$status" -eq 124 ]; then
    echo "| $board | $(published "$rows" "$cols") | not decided in ${timeout_s} s | | $time_s | $((kib / 1024)) |"
  else
    # A limit reached (exit 1): its message, from the JSON error.
    reason=$(grep -o '"message":"[^"]*"' <<<"$json" | cut -d'"' -f4)
    echo "| $board | $(published "$rows" "$cols") | stopped: ${reason:-exit $status} | | $time_s | $((kib / 1024)) |"
  fi
  rm -f "$stats"
done
