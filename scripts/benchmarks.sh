#!/usr/bin/env bash
# Runs the long nim-sequence benchmarks of BENCHMARKS.md and writes their
# table there, between the <!-- table --> markers: wall time (the median of
# three runs, as a shared machine's runs vary), peak memory and memory per
# heap, with the command that reproduces each figure.
#
# Usage: scripts/benchmarks.sh   (from anywhere; builds --release first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p grundy-cli
target="${CARGO_TARGET_DIR:-target}"
grundy="$target/release/grundy"

runs=(
  "sequence octal(0.376) --to 8388607 --full"
  "sequence octal(0.376) --to 8388607"
  "sequence octal(0.354) --to 30000000"
  "sequence octal(0.354) --to 30000000 --threads 1"
  "sequence grundys-game --to 16777215"
  "sequence grundys-game --to 16777215 --threads 1"
)

table="| command | heaps | wall time (s) | peak memory (MiB) | bytes per heap |
| --- | --- | --- | --- | --- |"
for run in "${runs[@]}"; do
  read -r -a args <<<"$run"
  stats=$(mktemp)
  times=()
  kib=0
  for _ in 1 2 3; do
    json=$(/usr/bin/time -f "%e %M" -o "$stats" "$grundy" "${args[@]}" --json)
    read -r time_s time_kib <"$stats"
    times+=("$time_s")
    kib=$((time_kib > kib ? time_kib : kib))
  done
  rm -f "$stats"
  seconds=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
  heaps=$(sed -E 's/.*"heaps":([0-9]+).*/\1/' <<<"$json")
  per_heap=$(awk -v k="$kib" -v h="$heaps" 'BEGIN { printf "%.2f", k * 1024 / h }')
  mib=$(awk -v k="$kib" 'BEGIN { printf "%.0f", k / 1024 }')
  # The ruleset quoted, so that the command can be pasted into a shell.
  shown="grundy ${args[0]} '${args[1]}' ${args[*]:2}"
  table+=$'\n'"| \`$shown\` | $heaps | $seconds | $mib | $per_heap |"
  echo "grundy $run: $heaps heaps, $seconds s, $mib MiB" >&2
done

echo "$table"
# Replace what lies between the markers with the new table.
awk -v table="$table" '
  /<!-- table -->/ { print; print table; skip = 1; next }
  /<!-- \/table -->/ { skip = 0 }
  !skip { print }
' BENCHMARKS.md >BENCHMARKS.md.new
mv BENCHMARKS.md.new BENCHMARKS.md
