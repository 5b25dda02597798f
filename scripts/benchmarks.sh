#!/usr/bin/env bash
# Runs the long nim-sequence benchmarks of BENCHMARKS.md and writes their
# table there, between the <!-- table --> markers: wall time (the median of
# three runs, as a shared machine's runs vary), peak memory and memory per
# heap, with the command that reproduces each figure. Where ogsolve is
# installed, it then writes the table of figures side by side with it
# between the <!-- peers --> markers, and where TCZAJKA_ANALYZE names
# tczajka's analyzer (built as BENCHMARKS.md says), a row for Grundy's game
# side by side with it.
#
# Usage: [TCZAJKA_ANALYZE=path/to/analyze] scripts/benchmarks.sh
#        (from anywhere; builds --release first)
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
replace_between() { # marker table: rewrites what lies between <!-- marker --> and <!-- /marker -->
  awk -v marker="$1" -v table="$2" '
    $0 == "<!-- " marker " -->" { print; print table; skip = 1; next }
    $0 == "<!-- /" marker " -->" { skip = 0 }
    !skip { print }
  ' BENCHMARKS.md >BENCHMARKS.md.new
  mv BENCHMARKS.md.new BENCHMARKS.md
}
replace_between table "$table"

# Side by side with ogsolve (Piotr Beling's solver, crates.io; built as its
# documentation says: RUSTFLAGS="-C target-cpu=native" cargo install ogsolve),
# where it is installed: the same heaps 0..=N, one thread each, every run of
# a game taken in turn (grundy, rc, rc2, grundy, ...) so that the machine's
# drift touches all alike; the median of three wall times of each.
if ! command -v ogsolve >/dev/null; then
  echo "ogsolve is not installed: no figures side by side" >&2
  exit 0
fi
analyzer="${TCZAJKA_ANALYZE:-}"
# The games of the issue's table first, then the other solved games of
# tczajka's table (octal-games, SolvedGames.md), whose proofs need but a few
# thousand heaps: they run to 2^22 heaps (.165, whose values are not sparse,
# to 2^18), so that the times are long enough to compare.
games=(
  "0.376 8388608"
  "0.354 20126195"
  "0.16 1048576"
  "0.56 2097152"
  "0.127 262144"
  "0.45 4194304"
  "0.156 4194304"
  "0.356 4194304"
  "0.644 4194304"
  "0.165 262144"
)
wall() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
peers="| game, heaps 0..=N | grundy \`--threads 1\` (s) | grundy default (s) | ogsolve \`-m rc\` (s) | ogsolve \`-m rc2\` (s) | tczajka's \`analyze\` (s) | grundy \`--threads 1\` / best peer |
| --- | --- | --- | --- | --- | --- | --- |"
for game in "${games[@]}"; do
  read -r code n <<<"$game"
  one=() default=() rc=() rc2=()
  for _ in 1 2 3; do
    one+=("$(wall "$grundy" sequence "octal($code)" --to "$n" --full --threads 1)")
    default+=("$(wall "$grundy" sequence "octal($code)" --to "$n" --full)")
    rc+=("$(wall ogsolve -m rc -n "$n" "$code")")
    rc2+=("$(wall ogsolve -m rc2 -n "$n" "$code")")
  done
  one=$(median "${one[@]}") default=$(median "${default[@]}")
  rc=$(median "${rc[@]}") rc2=$(median "${rc2[@]}")
  ratio=$(awk -v g="$one" -v a="$rc" -v b="$rc2" 'BEGIN { p = a < b ? a : b; printf "%.2f", g / p }')
  peers+=$'\n'"| \`$code\`, N = $n | $one | $default | $rc | $rc2 | | $ratio |"
  echo "octal($code) to $n: grundy $one s (default $default s), rc $rc s, rc2 $rc2 s" >&2
done

# Grundy's game, which ogsolve does not play, against tczajka's analyzer
# (octal-games, src/analyze_exec.cc): it runs on past 2^24 heaps, so its time
# is taken from its start to the line where it reports 2^24 heaps done.
seconds_until() { # prefix command...: wall seconds until the command prints a line starting with prefix
  local prefix=$1 start line
  shift
  start=$(date +%s.%N)
  coproc RUN { exec "$@"; }
  while read -r line <&"${RUN[0]}"; do [[ $line == "$prefix"* ]] && break; done
  kill "$RUN_PID" 2>/dev/null || true
  wait "$RUN_PID" 2>/dev/null || true
  awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }'
}
if [[ -x "$analyzer" ]]; then
  n=16777215
  one=() default=() analyze=()
  for _ in 1 2 3; do
    one+=("$(wall "$grundy" sequence grundys-game --to "$n" --threads 1)")
    default+=("$(wall "$grundy" sequence grundys-game --to "$n")")
    analyze+=("$(seconds_until "n=2^24 " "$analyzer" grundy)")
  done
  one=$(median "${one[@]}") default=$(median "${default[@]}") analyze=$(median "${analyze[@]}")
  ratio=$(awk -v g="$one" -v a="$analyze" 'BEGIN { printf "%.2f", g / a }')
  peers+=$'\n'"| Grundy's game, N = $n | $one | $default | | | $analyze | $ratio |"
  echo "grundys-game to $n: grundy $one s (default $default s), analyze $analyze s" >&2
else
  echo "TCZAJKA_ANALYZE does not name tczajka's analyzer: no figures side by side for Grundy's game" >&2
fi
echo "$peers"
replace_between peers "$peers"
