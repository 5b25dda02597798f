# shellcheck shell=bash
# Clobber checkerboards and the outcomes MCGS publishes for them (its
# README's table and docs/MCGS-results.html), for scripts/clobber_boards.sh
# and scripts/mcgs_side_by_side.sh, which source this file.

# checkerboard R C [SEP] [FIRST] [SECOND]: the checkerboard of R rows and C
# columns, FIRST (x) in the top left corner and SECOND (o) beside it, rows
# separated by SEP (/).
checkerboard() {
  local rows=$1 cols=$2 sep=${3:-/} first=${4:-x} second=${5:-o} r c text=""
  for ((r = 0; r < rows; r++)); do
    [ "$r" -gt 0 ] && text+="$sep"
    for ((c = 0; c < cols; c++)); do
      if (((r + c) % 2 == 0)); then text+="$first"; else text+="$second"; fi
    done
  done
  echo "$text"
}

# published R C: the published outcome: 2 x n is P exactly when 3 divides
# n, 3 x n exactly when n is even ("not P" otherwise: N or L, the board not
# being its own negative); 4 x 4, 4 x 5 and 4 x 7 are N, 4 x 6, 5 x 5 and
# 5 x 6 are P; "?" where nothing is published.
published() {
  local rows=$1 cols=$2
  case "$rows" in
    2) if ((cols % 3 == 0)); then echo P; else echo "not P"; fi ;;
    3) if ((cols % 2 == 0)); then echo P; else echo "not P"; fi ;;
    4) case "$cols" in 4 | 5 | 7) echo N ;; 6) echo P ;; *) echo "?" ;; esac ;;
    5) case "$cols" in 5 | 6) echo P ;; *) echo "?" ;; esac ;;
    *) echo "?" ;;
  esac
}
