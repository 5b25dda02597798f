#!/usr/bin/env bash
# The nimbers of empty Cram boards against those Piotr Beling publishes
# (github.com/beling/impartial-games, README, "The results obtained so
# far: Cram"; issue 40), with `grundy analyze --outcome-only --json`:
# writes a Markdown table to stdout of the board, the published nimber,
# grundy's, wall time and peak memory (`/usr/bin/time`). A board not
# answered within TIMEOUT seconds, or stopped at a limit, is marked so.
#
# Usage: [GRUNDY=path/to/grundy] [TIMEOUT=300] scripts/cram_boards.sh [RxC ...]
#        (without GRUNDY, builds --release first; without boards, those up
#        to 35 cells)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet -p grundy-cli
  GRUNDY="${CARGO_TARGET_DIR:-target}/release/grundy"
fi
timeout_s="${TIMEOUT:-300}"
boards=("$@")
if [ ${#boards[@]} -eq 0 ]; then
  boards=(4x4 4x5 4x6 4x7 4x8 5x5 5x6 5x7 6x6)
fi

# Beling's table, rows 4 to 7 by columns 4 to 15 ("?" where it has none).
declare -A published=(
  [4x4]=0 [4x5]=2 [4x6]=0 [4x7]=3 [4x8]=0 [4x9]=1 [4x10]=0 [4x11]=1 [4x12]=0
  [4x13]=3 [4x14]=0 [4x15]=4
  [5x5]=0 [5x6]=2 [5x7]=1 [5x8]=1 [5x9]=1 [5x10]=2 [5x11]=0 [5x12]=3
  [6x6]=0 [6x7]=5 [6x8]=0 [6x9]=1 [6x10]=0 [6x12]=0 [6x14]=0
  [7x7]=1 [7x8]=3 [7x9]=1
)

echo "| board | published | grundy | wall time (s) | peak memory (MiB) |"
echo "| --- | --- | --- | --- | --- |"
for board in "${boards[@]}"; do
  rows=${board%x*}
  cols=${board#*x}
  key="$rows"x"$cols"
  ((rows > cols)) && key="$cols"x"$rows"
  stats=$(mktemp)
  status=0
  json=$(/usr/bin/time -f "%e %M" -o "$stats" timeout "$timeout_s" \
    "$GRUNDY" analyze --json --outcome-only "cram $board") || status=$?
  # time(1) writes a line of its own first where the command failed.
  read -r time_s kib < <(tail -n 1 "$stats")
  if [ "$status" -eq 0 ]; then
    found=$(grep -o '"nimber":[0-9]*' <<<"$json" | cut -d: -f2)
  elif [ "$status" -eq 124 ]; then
    found="not answered in ${timeout_s} s"
  else
    found="stopped: $(grep -o '"message":"[^"]*"' <<<"$json" | cut -d'"' -f4)"
  fi
  echo "| $board | ${published[$key]:-?} | $found | $time_s | $((kib / 1024)) |"
  rm -f "$stats"
done
