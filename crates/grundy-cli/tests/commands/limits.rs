//! Issue 36, "the process must not die": questions whose answers would
//! take more memory, stack or output than there is end with exit status 1
//! naming the limit, never with an abort.

use crate::common;

use crate::common::{grundy, run_under_address_space_limit};
use predicates::str::contains;

/// The sum {1|-1} + {2|-2} + .. + {k|-k} as an expression.
fn switches(k: u32) -> String {
    let parts: Vec<String> = (1..=k).map(|i| format!("{{{i}|-{i}}}")).collect();
    parts.join(" + ")
}

/// Item 1: the sum of 24 switches grew its table of games until the
/// allocator aborted. A sum of 36 (24, and up to 28, now fit this budget,
/// their value then refused as too long to write) stops at the memory
/// budget, read from the address space it may take; with `--outcome-only`
/// the sum alone fits, and its value is refused as too long to write.
/// (The issue asks this under `ulimit -v 1200000`; a smaller limit
/// reaches the budget sooner.)
#[test]
fn a_sum_of_switches_stops_at_a_limit() {
    let sum = switches(36);
    for (flags, limit) in [
        (&[][..], "the memory budget"),
        (&["--outcome-only"][..], "characters written out"),
    ] {
        let mut args = vec!["analyze", sum.as_str()];
        args.extend(flags);
        let (code, stderr) = run_under_address_space_limit(LIMIT_KB, &args);
        assert_eq!(code, Some(1), "{flags:?}: {stderr}");
        assert!(stderr.contains(limit), "{flags:?}: {stderr}");
    }
}

/// The address space the tests of the budget run under, in kB.
const LIMIT_KB: u64 = 160_000;

/// Item 2 (repro 17): 20,480 ups overflowed the stack. Ups are now held
/// by their count, written as one literal or as a sum of them; where their
/// form is needed, beside a game of another kind, they are refused past
/// the height limit.
#[test]
fn ups_past_the_height_limit_are_held_by_their_count() {
    let one = "^".repeat(20_480);
    let summed = vec!["^64"; 60].join(" + ");
    for (expression, value) in [(one.as_str(), "^20480"), (summed.as_str(), "^3840")] {
        let answer = common::json(&["analyze", expression]);
        assert_eq!(answer["value"], value);
        assert_eq!(answer["outcome"], "L");
        assert_eq!(answer["atomic_weight"], value[1..]);
        grundy()
            .args(["analyze", &format!("{expression} + {{1|-1}}")])
            .assert()
            .code(1)
            .stderr(contains("levels of options"));
    }
}

/// Item 3 (repro 22): `--moves 10000` of a sum of 100,000 heaps would
/// write the sum 10,000 times. The moves asked for are weighed against
/// the limit before any is listed; what fits is listed.
#[test]
fn moves_too_long_to_write_are_refused_before_they_are_listed() {
    let (code, stderr) = run_under_address_space_limit(
        LIMIT_KB,
        &["analyze", "nim 3*99999 + nim 2", "--moves", "10000"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("MiB written out"), "{stderr}");
    assert!(stderr.contains("ask for at most"), "{stderr}");
}

/// The script of repro 30: a ring of a million positions, each a text of
/// 60,000 characters, so that play goes round for ever.
const RING_OF_LONG_TEXTS: &str = "fn moves(p) {
    let n = parse_int(p.sub_string(60000));
    [p.sub_string(0, 60000) + ((n + 1) % 1000000)]
}";

/// Item 4 (repro 30): the search counts what each long text holds, but
/// the allocator held a third more: the script's temporaries (texts of
/// 60,000 to 240,000 bytes) raised glibc's threshold for serving an
/// allocation by mmap, and the heap between the texts kept fragmented.
/// The process aborted past its address space, with the budget not yet
/// reached. It stops at the budget now, exit 1, the allocator's threshold
/// fixed at start. (The repro runs under `ulimit -v 4000000`; a smaller
/// limit reaches the budget sooner. Under this one the process still
/// aborts, in 2 s, when `mallopt(M_MMAP_THRESHOLD, ..)` is made to do
/// nothing by a preloaded library: the test guards the fix.)
#[test]
#[ignore = "slow: CI runs it (cargo test --workspace -- --ignored)"]
fn long_text_positions_stop_at_the_budget() {
    let script = common::temp_file("ring_of_long_texts.rhai", RING_OF_LONG_TEXTS);
    let start = format!("script(\"{}\") {}0", script.display(), "x".repeat(60_000));
    let (code, stderr) = run_under_address_space_limit(LIMIT_KB, &["analyze", &start]);
    assert_eq!(code, Some(1), "{}", &stderr[..stderr.len().min(2000)]);
    assert!(stderr.contains("the memory budget"), "{stderr}");
}

/// Issue 37, item 2: a position of 100,000 options, given with `emit`
/// (an array a script returns holds at most 4,096 items: README), is
/// answered: every option ends the game, so it is N with nimber 1 and
/// each of its moves wins.
#[test]
fn a_script_of_a_hundred_thousand_options_is_answered() {
    let script = common::temp_file(
        "many.rhai",
        "fn moves(n) { if n == 0 { for k in 1..=100000 { emit(-k) } } [] }",
    );
    let answer = common::json(&["analyze", &format!("script(\"{}\") 0", script.display())]);
    assert_eq!(answer["outcome"], "N", "{answer}");
    assert_eq!(answer["nimber"], 1, "{answer}");
    assert_eq!(answer["winning_move_count"], 100_000, "{answer}");
}

/// Issue 37, item 2: options past what the memory budget allows them
/// (a quarter of it) are refused, exit 1 naming the budget: 100,000 texts
/// of 1,000 characters, some 100 MB, under an address space of 160 MB.
#[test]
fn a_script_listing_more_than_the_budget_allows_stops_at_it() {
    let script = common::temp_file(
        "heavy.rhai",
        "fn moves(n) { if n == 0 { let t = \"\"; t.pad(1000, \"x\"); \
         for k in 1..=100000 { emit(t + k) } } [] }",
    );
    let start = format!("script(\"{}\") 0", script.display());
    let (code, stderr) = run_under_address_space_limit(LIMIT_KB, &["analyze", &start]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("the memory budget"), "{stderr}");
}

/// The pattern finder holds its values and, while it tries periods, a
/// few words more a value: four million values of a subtraction game
/// (which the sequence engine holds in a byte each) take some 200 MB
/// listed and described, more than a budget under 160 MB of address
/// space. That is checked before any is listed: exit 1 naming the budget,
/// where the allocation failed before and the process aborted.
#[test]
fn a_pattern_of_more_values_than_the_budget_holds_is_refused_before_it_lists_them() {
    let (code, stderr) = run_under_address_space_limit(
        LIMIT_KB,
        &["pattern", "subtraction(1,3,4)", "--to", "4000000"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("the memory budget"), "{stderr}");
}

/// m,n,k 4,4,4 in memory (9.7 million positions, some 1 GB) passes a
/// budget under 400 MB of address space as it goes, though its ranks at
/// the least a position takes fit; the error names the solve a tier at a
/// time, as the command line asks for it.
#[test]
fn a_solve_past_the_budget_names_the_tiered_solve() {
    let (code, stderr) = run_under_address_space_limit(400_000, &["solve", "mnk(4,4,4)"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("memory budget"), "{stderr}");
    assert!(!stderr.contains("ranks"), "refused by its plan: {stderr}");
    assert!(stderr.contains("grundy solve --tiers DIR"), "{stderr}");
}

/// Issue 38, item 6: Connect Four 7 x 6 ranks 7e13 positions, which no
/// budget holds in memory: its plan refuses the solve before it starts
/// (not after spending the budget), naming the solve a tier at a time and
/// what that takes, itself past the budget.
#[test]
fn a_solve_whose_ranks_pass_the_budget_is_refused_before_it_starts() {
    let (code, stderr) = run_under_address_space_limit(4_000_000, &["solve", "connect4(7,6)"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("ranks 70728639995483 positions"),
        "{stderr}"
    );
    assert!(stderr.contains("grundy solve --tiers DIR"), "{stderr}");
    assert!(stderr.contains("also past the budget"), "{stderr}");
}

/// A search for the outcome alone that meets the memory budget falls back
/// to the value, which may fit where the search did not; where the value
/// meets it too, the error names both. (Before, it named only the value's,
/// and the 2 x 17 Clobber board seemed stopped by its values.) Under 160 MB
/// of address space the search of the 8 x 8 Domineering board beside 1
/// (alone, the board is searched by Domineering's own search, whose table
/// has a fixed size) lets its regions, its states and its values go until
/// its table of games and what it is searching fill three quarters of its
/// budget, in seconds.
/// (Clobber's 4 x 7 board, asked here before, is now decided within 160 MB,
/// in three minutes of a test build.)
///
/// What stops the search first depends on timing: its own count meeting
/// the budget, or the command line's watch of the memory left (read at
/// each report, every 50 ms), which then keeps what the search said. Both
/// are right, and each was seen in CI, so the message may be either; the
/// watch's keeping of the message is tested alone, without timing, in
/// `progress.rs`.
#[test]
fn an_outcome_past_the_budget_names_the_search_and_the_value() {
    let (code, stderr) = run_under_address_space_limit(
        160_000,
        &["analyze", "--outcome-only", "domineering 8x8 + 1"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    let search = stderr.contains("a search of the sum needs more than")
        || (stderr.contains("the solve stopped with") && stderr.contains("; it said: interrupted"));
    assert!(search, "{stderr}");
    assert!(
        stderr.contains("; valued instead, the values need more than"),
        "{stderr}"
    );
}

/// A Domineering board of more cells than a board holds (9x9 has 81):
/// the search and the value meet the same limit, named once, exit 1.
#[test]
fn a_board_past_64_cells_names_its_limit_once() {
    let output = grundy()
        .args(["analyze", "--outcome-only", "domineering 9x9"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.matches("has 81 cells: at most 64").count(),
        1,
        "{stderr}"
    );
}

/// The misère quotient of 0.177 meets heap 26, whose trial quotients grow
/// to tens of thousands of elements within seconds: under 160 MB of
/// address space the run stops at the budget with exit 1, each step
/// counting what the steps before it still hold (a run at 24 GiB was once
/// killed by the system when the check of a trial left out the trial's own
/// 9 GB table).
#[test]
fn a_quotient_past_the_budget_stops_at_it() {
    let (code, stderr) =
        run_under_address_space_limit(160_000, &["quotient", "octal(0.177)", "--to", "30"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("the memory budget"), "{stderr}");
}
