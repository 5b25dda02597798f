#!/usr/bin/env bash
# Runs the partizan-values benchmarks of BENCHMARKS.md side by side with
# cgt-tools (crate `cgt` 0.11.0, AGPL-3.0: built here from its published
# source as scripts/peers/cgt-tools, never a dependency of grundy), one
# thread each, on the same machine in one run, and writes the table between
# the <!-- partizan --> markers (grundy's value, `analyze --moves 0`: the
# canonical form and its theory without winning moves; `--outcome-only`
# would decide who wins by a search instead and build no value): wall time (the median of RUNS runs, 3 unless
# set) and peak memory of each, their ratio, and whether the two values
# agree (grundy reads cgt-tools' canonical form back and checks that the
# difference with its own is 0, outcome P).
#
# A second table, between the <!-- partizan-theory --> markers, times the
# theory beyond the canonical form on the same boards: the value with its
# stops and reduced canonical form, then the value cooled by 1 (grundy as
# one `analyze --batch` of the board and `cool(board, 1)`, which reuses the
# board's value; cgt-tools as `cgt-peer --theory`), and checks that the
# stops, reduced forms and cooled values agree.
#
# Usage: [RUNS=1] scripts/partizan_benchmarks.sh [ROWSxCOLS ...]
#        (default boards: 4x6 5x5 5x6; from anywhere; builds --release)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p grundy-cli
target="${CARGO_TARGET_DIR:-target}"
grundy="$target/release/grundy"
peer_dir=scripts/peers/cgt-tools
cargo build --release --quiet --manifest-path "$peer_dir/Cargo.toml"
peer="$peer_dir/target/release/cgt-peer"
runs="${RUNS:-3}"
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(4x6 5x5 5x6)

# time_of CMD...: "median_seconds peak_KiB" over $runs runs; the command's
# stdout (of the last run) in $out.
out=$(mktemp)
time_of() {
  local stats times=() kib=0 s k
  stats=$(mktemp)
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$stats" "$@" >"$out"
    read -r s k <"$stats"
    times+=("$s")
    kib=$((k > kib ? k : kib))
  done
  rm -f "$stats"
  echo "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p") $kib"
}

mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

# ratio_of PEER_S GRUNDY_S: the peer's time over grundy's, to one decimal;
# "-" where both are below /usr/bin/time's 0.01 s (no ratio is measured).
ratio_of() {
  awk -v p="$1" -v g="$2" 'BEGIN {
    if (p < 0.01 && g < 0.01) print "-"; else printf "%.1f", p / (g > 0 ? g : 0.01) }'
}

# peer_board_of RxC: the empty board in cgt-tools' notation (rows of `.`
# separated by `|`).
peer_board_of() {
  local rows=${1%x*} cols=${1#*x} row board
  row=$(printf '%*s' "$cols" '' | tr ' ' '.')
  board=$(for _ in $(seq "$rows"); do printf '%s|' "$row"; done)
  echo "${board%|}"
}

table="| empty Domineering board | grundy (s) | grundy peak (MiB) | cgt-tools (s) | cgt-tools peak (MiB) | cgt-tools / grundy | values agree |
| --- | --- | --- | --- | --- | --- | --- |"
for board in "${boards[@]}"; do
  peer_board=$(peer_board_of "$board")
  read -r g_s g_k < <(time_of "$grundy" analyze --json --moves 0 "domineering $board")
  read -r p_s p_k < <(time_of "$peer" "$peer_board")
  peer_value=$(sed -n 1p "$out")
  check=$("$grundy" analyze --json --outcome-only -- "$peer_value - domineering $board")
  agree=no
  grep -q '"outcome":"P"' <<<"$check" && agree=yes
  ratio=$(ratio_of "$p_s" "$g_s")
  table+=$'\n'"| $board | $g_s | $(mib "$g_k") | $p_s | $(mib "$p_k") | $ratio | $agree |"
  echo "domineering $board: grundy $g_s s, cgt-tools $p_s s, agree: $agree" >&2
done

theory="| empty Domineering board | grundy (s) | grundy peak (MiB) | cgt-tools (s) | cgt-tools peak (MiB) | cgt-tools / grundy | stops, reduced, cooled agree |
| --- | --- | --- | --- | --- | --- | --- |"
batch=$(mktemp)
for board in "${boards[@]}"; do
  peer_board=$(peer_board_of "$board")
  printf 'domineering %s\ncool(domineering %s, 1)\n' "$board" "$board" >"$batch"
  read -r g_s g_k < <(time_of "$grundy" analyze --json --moves 0 --batch "$batch")
  mine=$(cat "$out")
  read -r p_s p_k < <(time_of "$peer" --theory "$peer_board")
  read -r peer_left peer_right < <(sed -n 1p "$out")
  peer_reduced=$(sed -n 2p "$out")
  peer_cooled=$(sed -n 3p "$out")
  field() { sed -n "$1p" <<<"$mine" | sed -E "s/.*\"$2\":\"([^\"]*)\".*/\\1/"; }
  agree=yes
  [ "$(field 1 left_stop) $(field 1 right_stop)" = "$peer_left $peer_right" ] || agree=no
  for pair in "$(field 1 reduced)|$peer_reduced" "$(field 2 value)|$peer_cooled"; do
    check=$("$grundy" analyze --json --outcome-only -- "${pair%%|*} - ${pair#*|}")
    grep -q '"outcome":"P"' <<<"$check" || agree=no
  done
  ratio=$(ratio_of "$p_s" "$g_s")
  theory+=$'\n'"| $board | $g_s | $(mib "$g_k") | $p_s | $(mib "$p_k") | $ratio | $agree |"
  echo "theory of domineering $board: grundy $g_s s, cgt-tools $p_s s, agree: $agree" >&2
done
rm -f "$out" "$batch"

echo "$table"
echo "$theory"
awk -v table="$table" -v theory="$theory" '
  $0 == "<!-- partizan -->" { print; print table; skip = 1; next }
  $0 == "<!-- /partizan -->" { skip = 0 }
  $0 == "<!-- partizan-theory -->" { print; print theory; skip = 1; next }
  $0 == "<!-- /partizan-theory -->" { skip = 0 }
  !skip { print }
' BENCHMARKS.md >BENCHMARKS.md.new
mv BENCHMARKS.md.new BENCHMARKS.md
