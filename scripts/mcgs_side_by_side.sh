#!/usr/bin/env bash
# MCGS and `grundy analyze --outcome-only` side by side on MCGS's own test
# inputs: every partizan sum of its autotests (input/autotests/) for the
# games both tools have, Clobber (and clobber_1xn), Domineering, Amazons,
# NoGo (and nogo_1xn), Toppling Dominoes, Elephants and Rhinos and Fission,
# then the Clobber checkerboards
# of MCGS's results page (docs/MCGS-results.html). Each sum is decided by
# MCGS with {B, W} and by grundy with --outcome-only --json (both players
# moving first, as grundy answers both at once), one after the other, each
# under `/usr/bin/time -f '%e %M'` and `timeout TIMEOUT`. Writes a Markdown
# table to stdout; exits 1 if any answer differs, and says so loudly.
#
# Usage: [GRUNDY=path/to/grundy] [MCGS=path/to/MCGS] [TIMEOUT=60]
#        [MCGS_MAX_S=10] [CHECKERBOARDS="4x4 2x12 3x8 4x5"] [MCGS_ARGS=...]
#        scripts/mcgs_side_by_side.sh [FILE.test ...]
#   FILE.test: relative to the MCGS directory (default: the autotests above).
#   Without GRUNDY, builds --release first; MCGS defaults to
#   ${MCGS_DIR:-/tmp/mcgs}/MCGS, built by scripts/peers/mcgs.sh.
#
# The translation (scripts/peers/mcgs_cases.py says each decision): MCGS's
# BLACK (X stones, B) is grundy's Left (x), WHITE (O, W) is Right (o); its
# Domineering has BLACK placing vertical dominoes, as grundy's Left does, so
# boards are not transposed (checked below: MCGS ".|." is B win, W loss,
# grundy "./." is L); rows are separated by '|' in MCGS and '/' in grundy;
# Toppling Dominoes' '#' (either player's domino) is grundy's 'g'.
# grundy's answer is its outcome class with left_first_wins and
# right_first_wins read as B's and W's results moving first.
#
# Cases: a sum asked about twice in one file is one row. A sum MCGS takes
# longer than MCGS_MAX_S seconds over is not given to grundy and is listed
# as skipped (the checkerboards excepted: they are asked for their times).
# Impartial variants ([impartial ...], asked for nim values) are in a second
# table: MCGS ({N}) and grundy, each timed, against the values their files
# give. The list of what was left out, and why, ends the output.
#
# Fairness: MCGS runs from an empty directory, so it finds no database.bin
# and searches without a database, as it does out of the box (MCGS_ARGS
# passes e.g. --db-file-load FILE). Its wall time includes allocating its
# transposition tables at start (2^28 and 2^26 entries by default: 1743 MiB
# peak resident and 1.5 to 3 s on this project's machine even for a trivial
# sum, with other builds running beside it); the last two columns give
# the search time MCGS reports itself (B and W added up), and grundy's time
# over it. Both run single-threaded: MCGS searches on one thread, and grundy
# gets RAYON_NUM_THREADS=1. The ratio is grundy's wall time over MCGS's:
# above 1 grundy was slower.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet -p grundy-cli
  GRUNDY="${CARGO_TARGET_DIR:-target}/release/grundy"
fi
mcgs_dir=${MCGS_DIR:-/tmp/mcgs}
MCGS=${MCGS:-$mcgs_dir/MCGS}
mcgs_dir=$(cd "$(dirname "$MCGS")" && pwd)
MCGS="$mcgs_dir/$(basename "$MCGS")"
timeout_s=${TIMEOUT:-60}
mcgs_max=${MCGS_MAX_S:-10}
checkerboards=${CHECKERBOARDS-4x4 2x12 3x8 4x5}
read -r -a mcgs_args <<<"${MCGS_ARGS:-}"

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  for dir in clobber_autotests clobber_1xn_autotests domineering_autotests \
    amazons_autotests nogo_autotests nogo_1xn_autotests toppling_dominoes_autotests \
    elephants_autotests fission_autotests; do
    for f in "$mcgs_dir"/input/autotests/"$dir"/*.test; do
      files+=("${f#"$mcgs_dir"/}")
    done
  done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/run" # MCGS's working directory: no database.bin in it
cases="$work/cases.tsv"
skipped="$work/skipped.tsv"
python3 scripts/peers/mcgs_cases.py --root "$mcgs_dir" --skipped "$skipped" \
  "${files[@]}" >"$cases"

# shellcheck source=scripts/checkerboard.sh
source scripts/checkerboard.sh
for board in $checkerboards; do
  rows=${board%x*}
  cols=${board#*x}
  grid=$(checkerboard "$rows" "$cols" "|" X O)
  case $(published "$rows" "$cols") in
    P) exp="B loss, W loss" ;;
    N) exp="B win, W win" ;;
    *) exp="-" ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "docs/MCGS-results.html" \
    "clobber ($board checkerboard)" "$grid" "[clobber] $grid {B, W}" \
    "clobber $(tr '|XO' '/xo' <<<"$grid")" "$exp" >>"$cases"
done

# "B win, W loss" -> L, and so on: B is Left moving first, W Right.
class_of() {
  case "$1" in
    "B win, W loss") echo L ;;
    "B loss, W win") echo R ;;
    "B win, W win") echo N ;;
    "B loss, W loss") echo P ;;
    *) echo "?" ;;
  esac
}
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
md() { printf '%s' "${1//|/\\|}"; } # a '|' inside a table cell

# The colours, checked where they matter before anything else: in both
# tools a lone vertical slot of Domineering is the vertical player's, B's
# in MCGS and Left's in grundy, and a horizontal one W's and Right's; the
# Clobber strip XXO is B's (Left's) whoever starts.
# run_grundy EXPR: grundy's answer on one thread, in $json, with its exit
# status in $g_rc, wall seconds in $g_s and peak KiB in $g_kib.
run_grundy() {
  g_rc=0
  json=$(RAYON_NUM_THREADS=1 /usr/bin/time -f '%e %M' -o "$work/stats" \
    timeout "$timeout_s" "$GRUNDY" analyze --outcome-only --json "$1" 2>&1) || g_rc=$?
  read -r g_s g_kib < <(tail -n 1 "$work/stats") || true
  g_s=${g_s:-?} g_kib=${g_kib:-0}
}

# run_mcgs INPUT: MCGS's answer from its empty working directory, its
# output in $out, its exit status in $mcgs_rc, wall seconds in $m_s, peak
# KiB in $m_kib, and the time of its searches as it reports them (each
# "Time (ms): 0.02", added up) in seconds in $m_search.
out="$work/mcgs.out"
run_mcgs() {
  mcgs_rc=0
  (cd "$work/run" && /usr/bin/time -f '%e %M' -o "$work/stats" \
    timeout "$timeout_s" "$MCGS" ${mcgs_args[@]+"${mcgs_args[@]}"} "$1") \
    >"$out" 2>&1 || mcgs_rc=$?
  # /usr/bin/time -o writes "Command exited with non-zero status N" first
  # when the command fails, then the figures.
  read -r m_s m_kib < <(tail -n 1 "$work/stats") || true
  m_s=${m_s:-?} m_kib=${m_kib:-0}
  m_search=$(awk '/^Time \(ms\):/ { t += $3 } END { printf "%.3f", t / 1000 }' "$out")
}

convention() { # MCGS input, grundy expression, outcome class both must give
  local m g
  m=$(cd "$work/run" && "$MCGS" ${mcgs_args[@]+"${mcgs_args[@]}"} "$1" |
    awk '/^Player:/ { p = $2 } /^Got:/ { r = r sep p " " tolower($2); sep = ", " } END { print r }')
  g=$("$GRUNDY" analyze --outcome-only --json "$2" | grep -o '"outcome":"[LRNP]"' | cut -d'"' -f4)
  if [ "$(class_of "$m")" != "$3" ] || [ "$g" != "$3" ]; then
    echo "mcgs_side_by_side: the colours are not as assumed: MCGS '$1' gives '$m', grundy '$2' gives '$g', expected $3" >&2
    exit 2
  fi
}
convention "[domineering] .|. {B, W}" "domineering ./." L
convention "[domineering] .. {B, W}" "domineering .." R
convention "[clobber_1xn] XXO {B, W}" "clobber xxo" L
convention "[elephants] X. {B, W}" "elephants T." L
convention "[fission] .|X|. {B, W}" "fission ./x/." L

mcgs_commit=$(git -C "$mcgs_dir" rev-parse HEAD 2>/dev/null || echo unknown)
echo "# MCGS and grundy side by side"
echo
echo "MCGS $MCGS (commit $mcgs_commit), grundy $GRUNDY ($("$GRUNDY" --version))."
echo "TIMEOUT=${timeout_s} s each, MCGS_MAX_S=${mcgs_max}; $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC')."
echo "Answers: who wins with B (Left) and with W (Right) moving first; grundy's"
echo "outcome class first. Ratio: grundy s / MCGS s (wall, above 1 grundy is"
echo "slower). MCGS search s: the time MCGS reports for its two searches; the"
echo "last column sets grundy's wall time against it where grundy took 0.05 s or more."
echo
echo "| game | board (as given) | MCGS answer | grundy answer | agree? | MCGS s | grundy s | ratio | MCGS MiB | grundy MiB | MCGS search s | grundy s / MCGS search s |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"

total=$(wc -l <"$cases")
n=0 rows=0 agreed=0 differ=0 undecided=0
disagreements=""
notes=""
while IFS=$'\t' read -r file game given input expr expected; do
  n=$((n + 1))
  [ $((n % 50)) -eq 0 ] && echo "mcgs_side_by_side: $n of $total" >&2

  run_mcgs "$input"
  # Each search prints "Player: B", "Got: Win", "Time (ms): 0.02",
  # "Status: COMPLETED", B's first.
  m_answer=$(awk '/^Player:/ { p = $2 } /^Got:/ { g = tolower($2) }
    /^Status:/ { if ($2 == "COMPLETED") r = r sep p " " g; else r = r sep p " " tolower($2); sep = ", " }
    END { print r }' "$out")
  if [ "$mcgs_rc" -ne 0 ]; then
    if [ "$mcgs_rc" -eq 124 ]; then m_answer="not decided in ${timeout_s} s"; else m_answer="error (exit $mcgs_rc)"; fi
    m_search="-"
  fi
  if [ "$m_answer" != "B win, W loss" ] && [ "$m_answer" != "B loss, W win" ] &&
    [ "$m_answer" != "B win, W win" ] && [ "$m_answer" != "B loss, W loss" ] &&
    [ "$mcgs_rc" -eq 0 ]; then
    m_answer="unreadable output"
  fi
  if [ "$expected" != "-" ] && [ "$mcgs_rc" -eq 0 ]; then
    # Every expectation of the file must be part of MCGS's answer.
    IFS=',' read -r -a exps <<<"$expected"
    for e in "${exps[@]}"; do
      e=${e# }
      case ", $m_answer," in *", $e,"*) ;; *) notes+="- $file: \`$given\`: the file expects $expected, MCGS answered $m_answer"$'\n' ;; esac
    done
  fi
  if [[ $game != clobber\ \(* ]] && [ "$m_s" != "?" ] &&
    awk -v s="$m_s" -v max="$mcgs_max" 'BEGIN { exit !(s > max) }'; then
    printf '%s\t1\tMCGS took %s s, over MCGS_MAX_S=%s (it answered %s): %s\n' \
      "$file" "$m_s" "$mcgs_max" "$m_answer" "$given" >>"$skipped"
    continue
  fi

  # grundy.
  run_grundy "$expr"
  if [ "$g_rc" -eq 0 ]; then
    lw=$(grep -o '"left_first_wins":[a-z]*' <<<"$json" | cut -d: -f2)
    rw=$(grep -o '"right_first_wins":[a-z]*' <<<"$json" | cut -d: -f2)
    cls=$(grep -o '"outcome":"[LRNP]"' <<<"$json" | cut -d'"' -f4)
    g_plain="B $([ "$lw" = true ] && echo win || echo loss), W $([ "$rw" = true ] && echo win || echo loss)"
    if [ -z "$lw" ] || [ -z "$rw" ] || [ "$(class_of "$g_plain")" != "$cls" ]; then
      g_plain="unreadable output"
    fi
    g_answer="$cls ($g_plain)"
  elif [ "$g_rc" -eq 124 ]; then
    g_plain="not decided in ${timeout_s} s"
    g_answer=$g_plain
  else
    g_plain="error (exit $g_rc)"
    g_answer="$g_plain: $(head -c 200 <<<"$json" | tr '\n' ' ')"
  fi

  rows=$((rows + 1))
  m_cls=$(class_of "$m_answer")
  g_cls=$(class_of "$g_plain")
  if [ "$m_cls" != "?" ] && [ "$g_cls" != "?" ]; then
    if [ "$m_cls" = "$g_cls" ]; then
      agree=yes
      agreed=$((agreed + 1))
    else
      agree="**NO: DISAGREE**"
      differ=$((differ + 1))
      disagreements+="- $game \`$given\` ($file): MCGS $m_answer, grundy $g_answer."$'\n'
      disagreements+="  \`(cd \$(mktemp -d) && $MCGS '$input')\`; \`$GRUNDY analyze --outcome-only --json '$expr'\`"$'\n'
      echo "mcgs_side_by_side: DISAGREEMENT on $game $given: MCGS $m_answer, grundy $g_answer" >&2
    fi
  else
    agree="? (not both decided)"
    undecided=$((undecided + 1))
  fi
  m_answer_cell="$m_answer"
  [ "$m_cls" != "?" ] && m_answer_cell="$m_cls ($m_answer)"
  ratio=$(awk -v g="$g_s" -v m="$m_s" 'BEGIN { if (m > 0 && g ~ /^[0-9.]+$/) printf "%.3f", g / m; else print "-" }')
  # grundy's wall time includes starting its process and /usr/bin/time
  # counts in hundredths: below 0.05 s it is not set against MCGS's search.
  ratio_search=$(awk -v g="$g_s" -v m="$m_search" 'BEGIN { if (m > 0 && g ~ /^[0-9.]+$/ && g >= 0.05) printf "%.2f", g / m; else print "-" }')
  printf '%s\t%s\t%s\t%s\t%s\n' "${game%% (*}" "$([ "$agree" = yes ] && echo 1 || echo 0)" \
    "$m_s" "$g_s" "$m_search" >>"$work/rows.tsv"
  echo "| $game | $(md "$given") | $m_answer_cell | $(md "$g_answer") | $agree | $m_s | $g_s | $ratio | $(mib "$m_kib") | $(mib "$g_kib") | $m_search | $ratio_search |"
done <"$cases"

echo
echo "$n sums read, $rows in the table: $agreed agree, $differ disagree, $undecided not decided by both."

# Each game's sums together: the times added up, grundy's slowest, and how
# many sums grundy took longer over than MCGS did (its wall time), and than
# MCGS's own search time (where grundy took 0.05 s or more).
echo
echo "## By game"
echo
echo "| game | sums | agree | MCGS s (wall, all) | MCGS search s (all) | grundy s (all) | grundy's slowest s | grundy slower than MCGS's wall | grundy slower than MCGS's search |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
[ -s "$work/rows.tsv" ] && awk -F '\t' '
  !($1 in n) { order[++games] = $1 }
  { n[$1]++; agree[$1] += $2; m[$1] += $3; g[$1] += $4; ms[$1] += $5
    if ($4 > slowest[$1]) slowest[$1] = $4
    if ($4 ~ /^[0-9.]+$/ && $3 ~ /^[0-9.]+$/ && $4 > $3) wall[$1]++
    if ($4 >= 0.05 && $5 ~ /^[0-9.]+$/ && $4 > $5) search[$1]++ }
  END { for (i = 1; i <= games; i++) { k = order[i]
    printf "| %s | %d | %d | %.1f | %.2f | %.2f | %.2f | %d | %d |\n", k, n[k], agree[k], m[k], ms[k], g[k], slowest[k], wall[k], search[k] } }' "$work/rows.tsv"

# The impartial variants: each sum's nim value by MCGS ({N}) and by grundy
# (impartial(FAMILY) of the same boards), both against the one the file
# gives (CGSuite 2.1.1's or MCGS's, as the file's header says), each timed
# as above.
python3 scripts/peers/mcgs_cases.py --impartial --root "$mcgs_dir" \
  --skipped "$work/skipped-impartial.tsv" "${files[@]}" >"$work/impartial.tsv"
cat "$work/skipped-impartial.tsv" >>"$skipped"
echo
echo "## Impartial variants: nim values"
echo
echo "| game | board (as given) | file's nim value | MCGS's | grundy's | agree? | MCGS s | MCGS search s | grundy s | grundy MiB |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
i_rows=0 i_agreed=0
: >"$work/impartial-rows.tsv"
while IFS=$'\t' read -r file game given input expr expected; do
  run_mcgs "$input"
  # The search prints "Player: IMP", "Got: 4", "Time (ms): 118.18".
  m_nim=$(awk '/^Got:/ { print $2 }' "$out")
  if [ "$mcgs_rc" -ne 0 ]; then
    if [ "$mcgs_rc" -eq 124 ]; then m_nim="not decided in ${timeout_s} s"; else m_nim="error (exit $mcgs_rc)"; fi
    m_search="-"
  fi
  run_grundy "$expr"
  nim=$(grep -o '"nimber":[0-9]*' <<<"$json" | cut -d: -f2 || true)
  [ "$g_rc" -eq 0 ] || nim="not decided (exit $g_rc)"
  i_rows=$((i_rows + 1))
  if [ "$nim" = "$expected" ] && [ "$m_nim" = "$expected" ]; then
    agree=yes
    i_agreed=$((i_agreed + 1))
  else
    agree="**NO: DISAGREE**"
    differ=$((differ + 1))
    disagreements+="- $game \`$given\` ($file): the file gives *$expected, MCGS $m_nim, grundy $nim: \`$GRUNDY analyze --outcome-only --json '$expr'\`"$'\n'
    echo "mcgs_side_by_side: DISAGREEMENT on $game $given: the file gives *$expected, MCGS $m_nim, grundy $nim" >&2
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$game" "$([ "$agree" = yes ] && echo 1 || echo 0)" \
    "$m_s" "$g_s" "$m_search" "$g_kib" >>"$work/impartial-rows.tsv"
  echo "| $game | $(md "$given") | $expected | $m_nim | $nim | $agree | $m_s | $m_search | $g_s | $(mib "$g_kib") |"
done <"$work/impartial.tsv"
echo
echo "$i_rows sums of impartial variants: $i_agreed where MCGS and grundy both give the nim value their file gives."
echo
echo "### Impartial variants by game"
echo
echo "| variant | sums | agree | MCGS s (wall, all) | MCGS search s (all) | grundy s (all) | grundy's slowest s | most grundy MiB | grundy slower than MCGS's wall | grundy slower than MCGS's search |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
[ -s "$work/impartial-rows.tsv" ] && awk -F '\t' '
  !($1 in n) { order[++games] = $1 }
  { n[$1]++; agree[$1] += $2; m[$1] += $3; g[$1] += $4; ms[$1] += $5
    if ($4 > slowest[$1]) slowest[$1] = $4
    if ($6 > kib[$1]) kib[$1] = $6
    if ($4 ~ /^[0-9.]+$/ && $3 ~ /^[0-9.]+$/ && $4 > $3) wall[$1]++
    if ($4 >= 0.05 && $5 ~ /^[0-9.]+$/ && $4 > $5) search[$1]++ }
  END { for (i = 1; i <= games; i++) { k = order[i]
    printf "| %s | %d | %d | %.1f | %.2f | %.2f | %.2f | %.0f | %d | %d |\n", k, n[k], agree[k], m[k], ms[k], g[k], slowest[k], kib[k] / 1024, wall[k], search[k] } }' "$work/impartial-rows.tsv"
if [ -n "$disagreements" ]; then
  echo
  echo "## DISAGREEMENTS ($differ, both tables)"
  echo
  printf '%s' "$disagreements"
fi
if [ -n "$notes" ]; then
  echo
  echo "## MCGS against the expectations written in its own files"
  echo
  printf '%s' "$notes"
fi
echo
echo "## Skipped"
echo
if [ -s "$skipped" ]; then
  while IFS=$'\t' read -r file count reason; do
    echo "- $file: $count: $(md "$reason")"
  done <"$skipped"
else
  echo "(none)"
fi
if [ "$differ" -gt 0 ]; then
  echo "mcgs_side_by_side: $differ DISAGREEMENT(S): see the table" >&2
  exit 1
fi
