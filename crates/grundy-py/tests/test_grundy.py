"""The Python package against the command line and the theory: the same
JSON for 30 expressions across the families (and both valid under the
schema), errors as exceptions with their column, the machine's memory,
Ctrl-C, progress, and what a notebook shows."""

import ctypes
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

import pytest

import grundy
from conftest import ROOT, grundy_binary

EXAMPLES = ROOT / "examples"

# (expression, keyword arguments of grundy.analyze, flags of the command line)
EXPRESSIONS = [
    ("nim 3 4 5", {}, []),
    ("nim 1 2 3", {}, []),
    ("nim 3 5 1", {"misere": True}, ["--misere"]),
    ("nim 3 4 5", {"every": True}, ["--every"]),
    ("bash(3) 10", {}, []),
    ("subtraction(1,3,4) 10 12", {}, []),
    ("octal(0.07) 12", {}, []),
    ("hex(0.F) 9", {}, []),
    ("kayles 5 + dawson 7", {"moves": 3}, ["--moves", "3"]),
    ("kayles 5 7", {"misere": True}, ["--misere"]),
    ("grundys-game 7", {}, []),
    ("lasker 2 2 3", {}, []),
    ("lieges(1) 3 4", {}, []),
    ("divisor 12 7", {}, []),
    ("progressive 1 1 3 2", {}, []),
    ("wythoff 3 5", {}, []),
    ("wythoff 1000000007 1618033988", {"outcome_only": True}, ["--outcome-only"]),
    ("fibonacci 10", {}, []),
    ("euclid 25 7", {}, []),
    ("calendar 2001-11-03", {}, []),
    ("staircase 3 0 2 5", {}, []),
    ("mnk(3,3,3) x.o/.x./...", {}, []),
    ("connect4(4,4) ..../..../..../x...", {}, []),
    ("clobber xox/oxo", {}, []),
    (f"col({EXAMPLES}/petersen.txt) empty", {}, []),
    ("cutcake 3x4 2x7", {}, []),
    ("domineering 3x3", {}, []),
    ("hackenbush BRB GG", {}, []),
    ("toads-frogs TT..FF", {}, []),
    (f"script({EXAMPLES}/subtraction.rhai) 10 + nim 3", {}, []),
    (f"script({EXAMPLES}/sleepy.rhai) 1,0", {}, []),
    ("{1|} + *", {}, []),
    ("domineering 3x3 + *2", {"misere": True}, ["--misere"]),
    ("*2 + *3 + {*2|*2}", {"misere": True}, ["--misere"]),
]


def test_the_issue_example():
    assert grundy.analyze("nim 3 4 5").outcome == "N"


@pytest.mark.parametrize("expression,kwargs,flags", EXPRESSIONS)
def test_same_json_as_the_command_line(expression, kwargs, flags, cli, schema):
    answer = grundy.analyze(expression, **kwargs)
    printed = cli("analyze", expression, *flags)
    assert "error" not in printed, printed
    assert answer.to_dict() == printed
    schema.validate(answer.to_dict())
    schema.validate(printed)


def test_thirty_expressions_across_the_families():
    families = {e.split("(")[0].split(" ")[0] for e, _, _ in EXPRESSIONS}
    assert len(EXPRESSIONS) >= 30 and len(families) >= 25


def test_bouton_winning_moves():
    # 3 ^ 4 ^ 5 = 2: the one winning move takes the heap of 3 to 1.
    a = grundy.analyze("nim 3 4 5")
    assert a.nimber == 2
    assert [(m.move, m.to) for m in a.winning_moves] == [("heap 1: 3 -> 1", "nim 1 4 5")]
    assert grundy.analyze("nim 1 2 3").winning_moves == []


def test_a_bad_expression_raises_parse_error_with_its_column(cli):
    with pytest.raises(grundy.ParseError) as raised:
        grundy.analyze("nim 3 x")
    error = raised.value
    assert error.column == 7
    assert error.kind == "bad_input"
    assert error.cause == "parse"
    assert isinstance(error, grundy.BadInputError)
    assert isinstance(error, grundy.GrundyError)
    printed = cli("analyze", "nim 3 x")
    assert str(error) == printed["error"]["message"]
    assert error.column == printed["error"]["column"]
    assert error.cause == printed["error"]["cause"]


def test_a_limit_raises_limit_error():
    with pytest.raises(grundy.LimitError) as raised:
        grundy.analyze("grundys-game 100000000000000")
    assert raised.value.kind == "limit"
    assert raised.value.cause == "limit"
    assert raised.value.column is None
    assert "1048576 heaps" in str(raised.value)


def test_the_memory_is_the_machine_s_and_its_limits():
    # Under an address-space limit of 1 GiB (ulimit -v), a full sequence
    # of 1.5e9 heaps (one byte a heap) cannot fit: it is refused before
    # it starts, naming the memory there is, rather than started within
    # the library's default budget of 2 GiB and aborted at the limit.
    message = limit_error_under_one_gib(
        "grundy.sequence('subtraction(1,3,4)', 1_500_000_000, full=True, values=False)"
    )
    assert "need at least 1.4 GiB" in message, message
    available = re.search(r"more than the ([0-9.]+) GiB of memory available", message)
    assert available and float(available.group(1)) <= 1.0, message


def limit_error_under_one_gib(call):
    """The message of the LimitError that `call` (Python code using grundy)
    raises in a new interpreter under an address-space limit of 1 GiB (as
    `ulimit -v` sets); it must raise one."""
    code = (
        "import grundy\n"
        "try:\n"
        f"    {call}\n"
        "except grundy.LimitError as e:\n"
        "    print(e)\n"
        "else:\n"
        "    raise SystemExit('no LimitError')\n"
    )

    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=limit, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


# Kayles with integer rows: a move knocks down one pin or two adjacent pins,
# leaving a row on each side.
KAYLES = """fn moves(n) {
    let options = [];
    for take in 1..=min(n, 2) {
        for a in 0..=(n - take) / 2 {
            options.push(sum([a, n - take - a]));
        }
    }
    options
}
"""


def test_an_edited_script_is_answered_as_a_fresh_process_answers(tmp_path, cli):
    # Issue 36, item 5: a misère sum of 20 heaps of a script is answered
    # from the script's misère quotient, which the process keeps; once the
    # script is edited (Kayles becomes Dawson's Kayles), the same question
    # is answered as a fresh process answers it.
    script = tmp_path / "rows.rhai"
    script.write_text(KAYLES)
    expression = f"script({script}) 2 3 5 7 8 9 10 11 12 3 4 5 6 7 8 9 10 11 12 2"
    kayles = grundy.analyze(expression, misere=True).to_dict()
    script.write_text((EXAMPLES / "dawson.rhai").read_text())
    dawson = grundy.analyze(expression, misere=True).to_dict()
    assert dawson == cli("analyze", expression, "--misere")
    # The two games differ on this sum, so the answer is the new script's.
    assert kayles["winning_move_count"] != dawson["winning_move_count"]


def test_a_missing_file_raises_file_error():
    with pytest.raises(grundy.FileError) as raised:
        grundy.analyze("script(no/such/file.rhai) 3")
    assert (raised.value.kind, raised.value.cause) == ("bad_input", "file")


def test_answers_show_themselves_in_a_notebook():
    html = grundy.analyze("nim 3 4 5")._repr_html_()
    assert "nim 1 4 5" in html and ">N<" in html


def test_the_schema_version_is_the_file_s():
    with open(ROOT / "schema" / "grundy.schema.json") as f:
        assert json.load(f)["version"] == grundy.SCHEMA_VERSION


def test_sequence_of_a_subtraction_game_has_the_notes_period(cli, schema):
    # S = {1, 3, 4}: G = 0 1 0 1 2 3 2, period 7.
    s = grundy.sequence("subtraction(1,3,4)", 30)
    assert s.period == 7
    assert list(s.values)[:7] == [0, 1, 0, 1, 2, 3, 2]
    printed = cli("sequence", "subtraction(1,3,4)", "--to", "30", "--values")
    assert s.to_dict() == printed
    schema.validate(printed)
    # The plot the command line draws: G(0..=30), the period marked.
    plot = pathlib.Path(tempfile.mkdtemp()) / "s.svg"
    subprocess.run(
        [str(grundy_binary()), "sequence", "subtraction(1,3,4)", "--to", "30", "--plot", plot],
        check=True,
    )
    assert s._repr_svg_() == plot.read_text()
    assert "preperiod 0, period 7" in s._repr_svg_()


def test_misere_quotient_is_the_command_lines(cli, schema):
    # Plambeck and Siegel's T2 ("Misère quotients for impartial games",
    # JCTA 2008): Nim's heaps up to 2 give <a, b | a^2 = 1, b^3 = b>, six
    # elements, of which a and b^2 are P.
    t2 = grundy.quotient("nim", 2)
    assert t2.order == 6 and len(t2.p_portion) == 2
    assert t2.relations == ["a^2 = 1", "b^3 = b"]
    assert not t2.proven
    # 0.34 is proven at heap 31, its heaps from 7 repeating with period 8
    # (the library's tests check that against exhaustive search).
    reports = []
    q = grundy.quotient("octal(0.34)", 200, until_proven=True, progress=reports.append)
    assert q.proven and q.to == 31
    assert (q.periodicity["preperiod"], q.periodicity["period"]) == (7, 8)
    assert reports and {r["phase"] for r in reports} == {"quotient"}
    assert [r["done"] for r in reports] == sorted(r["done"] for r in reports)
    # A heap that adds a generator tells its trial quotients as made.
    assert any(r["trials"] > 0 and r["trial_order"] > 0 for r in reports)
    printed = cli("quotient", "octal(0.34)", "--to", "200", "--until-proven")
    assert q.to_dict() == printed
    schema.validate(printed)
    with pytest.raises(grundy.BadInputError, match="not a heap game"):
        grundy.quotient("clobber", 5)


def test_a_quotient_s_trace_is_the_command_line_s():
    # Each trial judged, as `--trace` writes it to stderr; the answer is
    # the same with a trace or without.
    lines = []
    q = grundy.quotient("octal(0.76)", 11, trace=lines.append)
    assert q.to_dict() == grundy.quotient("octal(0.76)", 11).to_dict()
    done = subprocess.run(
        [str(grundy_binary()), "quotient", "octal(0.76)", "--to", "11", "--trace"],
        capture_output=True, text=True,
    )
    assert lines and lines == done.stderr.splitlines()
    assert lines[-1].startswith("heap 11, ") and lines[-1].endswith("accepted")
    # An exception the trace raises stops the run (heap 12 never ends) and
    # is raised: in an interpreter of its own, so that a run the exception
    # failed to stop fails the test at the timeout instead of hanging it.
    code = (
        "import grundy\n"
        "class Enough(Exception):\n"
        "    pass\n"
        "def stop_at_heap_12(line):\n"
        "    if line.startswith('heap 12, trial 3:'):\n"
        "        raise Enough(line)\n"
        "try:\n"
        "    grundy.quotient('octal(0.76)', 12, trace=stop_at_heap_12)\n"
        "except Enough as e:\n"
        "    print(e)\n"
        "else:\n"
        "    raise SystemExit('the run ended without the exception')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("heap 12, trial 3:"), done.stdout


def test_wythoff_table_zeros_are_the_golden_pairs(cli, schema):
    t = grundy.table("wythoff", "0..12", "0..12")
    zeros = {(a, b) for a, row in enumerate(t.values) for b, v in enumerate(row) if v == 0}
    # Wythoff: P-positions (floor(k phi), floor(k phi^2)) and their mirrors.
    golden = {(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)}
    expected = {p for a, b in golden for p in ((a, b), (b, a)) if max(p) <= 12}
    assert zeros == expected
    assert t.to_dict() == cli("table", "wythoff", "--rows", "0..12", "--cols", "0..12")
    schema.validate(t.to_dict())
    assert "<table>" in t._repr_html_() and "<svg" in t._repr_svg_()


def test_a_table_of_what_the_theory_derives_is_the_command_line_s(cli, schema):
    # Domineering 2x2 is ±1, cooled by 1 it is *; a hot game has no atomic
    # weight (None); Clobber's strips alternate in atomic weight.
    t = grundy.table("domineering", "1..3", "1..3", of="cool(1)")
    assert t.of == "cool(1)" and t.values[1][1] == "*"
    assert t.to_dict() == cli("table", "domineering", "--rows", "1..3", "--cols", "1..3",
                              "--of", "cool(1)")
    schema.validate(t.to_dict())
    w = grundy.table("domineering", "2..2", "2..2", of="atomic_weight")
    assert w.values == [[None]] and "<td" in w._repr_html_()
    p = grundy.pattern("clobber", rows=(1, 1), cols=(1, 24), of="atomic_weight")
    assert p.to_dict() == cli("pattern", "clobber", "--rows", "1..1", "--cols", "1..24",
                              "--of", "atomic_weight")
    assert p.of == "atomic_weight" and p.rows[0]["period"] == 2
    with pytest.raises(grundy.BadInputError):
        grundy.table("domineering", "1..2", "1..2", of="cool(-1)")


def test_solve_tic_tac_toe_is_a_tie(schema):
    s = grundy.solve("mnk(3,3,3)")
    # 5,478 positions reachable from the empty board, the start a tie.
    assert s.positions == 5478
    assert s.start["outcome"] == "T"
    schema.validate(s.to_dict())


def test_a_plan_is_the_command_line_s_and_has_the_solve_s_tiers(tmp_path, cli, schema):
    """``plan`` answers as ``grundy solve --plan --json``: the tiers a
    tiered solve goes through, each of the ranks the solve reports; a team
    of processes exchanges bytes, one process none. Bad questions raise."""
    plan = grundy.plan("connect4(4,4)")
    schema.validate(plan.to_dict())
    assert plan.to_dict() == cli("solve", "connect4(4,4)", "--plan")
    solved = grundy.solve("connect4(4,4)", tiers=tmp_path / "c44")
    assert [t["ranks"] for t in plan.tiers] == [t["ranks"] for t in solved.tiers]
    assert plan.traffic_at_most == 0 and plan.piece_ranks is not None
    team = grundy.plan("connect4(4,4)", processes=3)
    assert team.to_dict() == cli("solve", "connect4(4,4)", "--plan", "--processes", "3")
    assert team.traffic_at_most > 0 and team.piece_ranks is None
    with pytest.raises(grundy.BadInputError):
        grundy.plan("connect4(4,4)", processes=0)
    with pytest.raises(grundy.UnsupportedError):
        grundy.plan("nim")


def test_solve_in_tiers_and_answer_from_the_directory(tmp_path, cli, schema):
    """Connect Four 4 x 4 a tier at a time into a directory: the whole
    solve's counts (161,029 positions), then read back on a second run,
    positions answered from the directory as without it and as the
    command line answers them, and a damaged tier file refused by name."""
    tiers = tmp_path / "c44"
    whole = grundy.solve("connect4(4,4)")
    first = grundy.solve("connect4(4,4)", tiers=tiers)
    assert first.positions == whole.positions == 161029
    assert first.counts == whole.counts and first.start == whole.start
    assert len(first.tiers) == 17 and not any(t["read_back"] for t in first.tiers)
    schema.validate(first.to_dict())
    again = grundy.solve("connect4(4,4)", tiers=str(tiers))
    assert all(t["read_back"] for t in again.tiers)
    assert again.counts == whole.counts
    for expression in ["connect4(4,4) ..../..../..../....", "connect4(4,4) ..../..o./..x./.xxo"]:
        read = grundy.analyze(expression, db=tiers)
        assert read.to_dict() == grundy.analyze(expression).to_dict()
        assert read.to_dict() == cli("analyze", expression, "--db", str(tiers))
    damaged = tiers / "tier-013.bin"
    data = bytearray(damaged.read_bytes())
    data[-1] ^= 1
    damaged.write_bytes(bytes(data))
    with pytest.raises(grundy.FileError) as raised:
        grundy.solve("connect4(4,4)", tiers=tiers)
    assert str(damaged) in str(raised.value) and raised.value.kind == "bad_input"


def test_a_value_s_stops_confusion_and_birthday(schema):
    # ±1: stops 1 and -1, confused with every number from -1 to 1, born
    # on day 2; ↑ = {0|*}: infinitesimal, all-small, above 0.
    a = grundy.value("{1|-1}")
    schema.validate(a.to_dict())
    assert (a.left_stop, a.right_stop, a.birthday) == ("1", "-1", 2)
    assert a.confusion_interval == {
        "low": "-1",
        "high": "1",
        "low_included": True,
        "high_included": True,
    }
    up = grundy.value("^")
    assert (up.is_infinitesimal, up.is_all_small, up.confusion_interval) == (True, True, None)


def test_atomic_weights_reduced_forms_and_functions_of_values(schema):
    # ⇑* weighs 2 and reduces to 0; ±3 + ±2 cooled by 1 is ±2 + ±1.
    a = grundy.value("^^*")
    schema.validate(a.to_dict())
    assert (a.atomic_weight, a.reduced) == ("2", "0")
    cooled = grundy.value("cool({3|-3} + {2|-2}, 1)")
    assert cooled.value == grundy.value("{2|-2} + {1|-1}").value
    with pytest.raises(grundy.ParseError):
        grundy.value("norton(1, -1)")


def test_a_loopy_value_and_its_outcome_with_draws(schema):
    # over = {0|pass} is a positive stopper, written by its name, its own
    # sides; on + off is no stopper: a draw whoever starts, and dud, whose
    # onside is on and offside off (Siegel, CGT VI).
    over = grundy.value("{0|pass}")
    schema.validate(over.to_dict())
    assert (over.value, over.outcome, over.stopper) == ("over", "L", True)
    assert (over.onside, over.offside) == ("over", "over")
    dud = grundy.value("on + off")
    schema.validate(dud.to_dict())
    assert (dud.value, dud.outcome, dud.stopper) == (None, "D", False)
    assert (dud.onside, dud.offside) == ("on", "off")
    with pytest.raises(grundy.ParseError):
        grundy.value("{pass + 1|}")


def test_a_sum_of_values_is_played_by_the_player_named(schema):
    # {1|-1} + ^: Left moving first wins only by 1 (to 1 + ^ > 0); Right
    # moving first wins by -1 (to -1 + ^ < 0). Without a player, the
    # position says nobody is to move: bad input.
    left = grundy.engine_move("{1|-1} + ^", player="left")
    schema.validate(left.to_dict())
    right = grundy.moves("{1|-1} + ^", player="Right")
    schema.validate(right.to_dict())
    assert right.player == "right"
    right_move = grundy.engine_move("{1|-1} + ^", player="right")
    assert (left.standing, right_move.standing) == ("win", "win")
    assert left.to != right_move.to
    with pytest.raises(grundy.BadInputError):
        grundy.moves("{1|-1} + ^", player="up")
    with pytest.raises(grundy.GrundyError):
        grundy.engine_move("{1|-1} + ^")


def test_a_thermograph_and_a_graph_draw_themselves(schema):
    t = grundy.thermograph("{2|-1}")
    # {2|-1}: mean 1/2, temperature 3/2.
    assert (t.mean, t.temperature) == ("1/2", "3/2")
    schema.validate(t.to_dict())
    assert "<svg" in t._repr_svg_()
    g = grundy.graph("nim 1 2")
    # One node a position, each labelled with its nimber: G = 0 twice.
    assert g.svg.count("G = ") == 6 and g.svg.count("G = 0") == 2


def test_two_games_compare_as_the_command_line_says(schema):
    # Winning Ways, ch. 11: on + off = dud; over = over though over - over
    # is a draw.
    c = grundy.compare("on + off", "dud")
    assert (c.first, c.relation, c.second) == ("on + off", "=", "dud")
    schema.validate(c.to_dict())
    assert grundy.compare("over", "over").relation == "="
    assert grundy.compare("{1|-1}", "0").relation == "||"
    assert grundy.compare("domineering 2x3", "domineering 3x2").relation == ">"
    with pytest.raises(grundy.ParseError) as error:
        grundy.compare("0", "{1|")
    assert "in the second game" in str(error.value)


def test_progress_reaches_the_callback():
    seen = []
    grundy.sequence("subtraction(1,3,4)", 300000, full=True, values=False, progress=seen.append)
    # A report every 65,536 heaps: 4 of them on the way to 300,000.
    assert len(seen) >= 4 and all(p["phase"] == "sequence" for p in seen)
    assert [p["done"] for p in seen] == sorted(p["done"] for p in seen)


def test_ctrl_c_stops_a_long_sequence_promptly():
    # A billion heaps take many seconds; a SIGINT 0.5 s in stops the run at
    # its next report, 65,536 heaps later, and raises KeyboardInterrupt
    # well within a second of the signal (not when the run would end).
    signalled = []

    def interrupt():
        signalled.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.sequence("subtraction(1,3,4)", 1_000_000_000, full=True, values=False)
        raised = time.monotonic()
    finally:
        timer.cancel()
    assert signalled, "the run ended before the signal"
    assert raised - signalled[0] < 1.0


def seconds_from_ctrl_c_to_interrupt(call):
    """Sends SIGINT 0.5 s into ``call``, which must raise KeyboardInterrupt:
    the seconds from the signal to the exception."""
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    return time.monotonic() - sent[0]


KIKI = f"script({EXAMPLES}/kiki.rhai)"
# Sixteen hot games: their sum's canonical form takes minutes to build.
SLOW_VALUES = " + ".join(f"{{{2 * i + 1}|{i}||{-i}}}" for i in range(1, 17))


@pytest.mark.parametrize(
    "call",
    [
        # Kayles 30000: a solve of the sum to its limit, then each of its
        # 45,000 moves valued by its outcome: minutes even optimised (3000
        # took 3 s, so that a Ctrl-C not heeded could pass unseen).
        lambda: grundy.moves("kayles 30000"),
        lambda: grundy.engine_move("kayles 30000"),
        # Ten million heaps of Grundy's game, then the pattern of them:
        # over six seconds. (Thirty million heaps of subtraction(1,3,4)
        # now take 0.65 s whole, too short to show a Ctrl-C heeded.)
        lambda: grundy.pattern("grundys-game", 10_000_000),
        # A million positions of a script, each searched.
        lambda: grundy._native.table_svg(KIKI, "1..1000", "1..1000"),
        # A misère sum no rule decides, searched whole to its limit: seconds.
        lambda: grundy.analyze("kayles 1 2 3 4 5 6 7 8 + octal(0.312) 4", misere=True),
        # The steps of three heaps of 7000 under Every-SG play: seconds each.
        lambda: grundy.analyze(
            "kayles 7000 + octal(0.137) 7000 + octal(0.177) 7000", every=True
        ),
        # A sum of sixteen hot games in canonical form: minutes, after no
        # search at all (the table of games reports nothing).
        lambda: grundy.analyze(SLOW_VALUES),
    ],
    ids=["moves", "engine_move", "pattern", "table_svg", "misere", "every", "values"],
)
def test_ctrl_c_stops_every_long_question_within_a_second(call):
    # Each used to finish its work first, minutes later.
    assert seconds_from_ctrl_c_to_interrupt(call) < 1.0


def test_other_threads_run_while_grundy_works():
    # The work is detached from the interpreter: a Python thread counts
    # while a sequence is computed, in the middle half of the call, not
    # only before it starts and after it ends.
    stamps = []
    done = threading.Event()

    def count():
        while not done.is_set():
            stamps.append(time.monotonic())

    counter = threading.Thread(target=count)
    counter.start()
    try:
        start = time.monotonic()
        grundy.sequence("subtraction(1,3,4)", 60_000_000, full=True, values=False)
        end = time.monotonic()
    finally:
        done.set()
        counter.join()
    quarter = (end - start) / 4
    during = [t for t in stamps if start + quarter < t < end - quarter]
    assert len(during) > 1000, (len(during), end - start)


class _Mallinfo2(ctypes.Structure):
    """glibc's mallinfo2 (glibc 2.33 on): `hblks` counts the blocks mapped
    apart from the heap."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def blocks_mapped_apart() -> int:
    libc = ctypes.CDLL(None)
    libc.mallinfo2.restype = _Mallinfo2
    return libc.mallinfo2().hblks


def test_after_a_question_the_interpreter_s_large_blocks_come_from_its_heap():
    # A question sets the allocator to map every block of 128 KiB or more
    # apart while grundy works; left so, the interpreter's large blocks were
    # each mapped and unmapped anew (bytearrays of 8 MiB five to seven
    # times slower, BENCHMARKS.md). After the question they come from the
    # heap again.
    grundy.analyze("nim 3 4 5")
    before = blocks_mapped_apart()
    blocks = [bytearray(4 << 20) for _ in range(8)]
    grown = blocks_mapped_apart() - before
    del blocks
    # Eight, each block mapped apart, with the allocator left as grundy
    # works with it; another thread's blocks (a stopped question's work
    # ending) may move the count by one or two.
    assert grown < 4, grown


def test_pattern_of_kayles_is_guy_and_smith_s_period(cli, schema):
    # Kayles: period 12 from heap 71 on (Guy and Smith 1956).
    p = grundy.pattern("kayles", 200)
    assert p.to_dict() == cli("pattern", "kayles", "--to", "200")
    schema.validate(p.to_dict())
    assert p.proven and "period 12 from n = 71" in p.pattern


def test_pattern_of_wythoff_s_table_is_the_command_line_s(cli, schema):
    # Wythoff's P-positions are the pairs (floor(k*phi), floor(k*phi^2)).
    p = grundy.pattern("wythoff", rows=(0, 20), cols=(0, 20))
    assert p.to_dict() == cli("pattern", "wythoff", "--rows", "0..20", "--cols", "0..20")
    schema.validate(p.to_dict())
    assert p.found and p.checked_to == [20, 20] and "floor(k*phi^2)" in p.pattern


def test_pattern_of_cutcake_s_rows_and_of_a_family_are_the_command_line_s(cli, schema):
    # Cutcake's values along each row, and Lieges' members by parity.
    rows = grundy.pattern("cutcake", rows=(1, 4), cols=(1, 20))
    assert rows.to_dict() == cli("pattern", "cutcake", "--rows", "1..4", "--cols", "1..20")
    assert rows.rows[0] == {"a": 1, "rule": "periodic", "from": 1, "period": 1, "saltus": "1"}
    family = grundy.pattern("lieges", 100, k=(1, 6))
    assert family.to_dict() == cli("pattern", "lieges", "--k", "1..6", "--to", "100")
    assert [c["k"] for c in family.classes] == ["odd", "even"]
    for answer in (rows, family):
        schema.validate(answer.to_dict())


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"rows": (0, 3)}, {"to": 10, "rows": (0, 3), "cols": (0, 3)}, {"k": (1, 3)}],
    ids=["nothing", "rows_alone", "to_and_rows", "k_alone"],
)
def test_pattern_needs_to_or_rows_with_cols(kwargs):
    with pytest.raises(grundy.BadInputError) as raised:
        grundy.pattern("wythoff", **kwargs)
    assert "pattern needs --to N, or --rows A..B with --cols C..D" in str(raised.value)


def test_pattern_refuses_an_empty_range():
    with pytest.raises(grundy.ParseError) as raised:
        grundy.pattern("wythoff", rows=(3, 0), cols=(0, 3))
    assert "3..0 is empty" in str(raised.value)


def test_moves_and_the_engine_s_move_keep_bouton_s_rule(schema):
    """Nim 3 4 5: of its 12 moves exactly one leaves XOR 0 (Bouton), and it
    is the one that wins and the one the perfect player makes."""
    answer = grundy.moves("nim 3 4 5")
    schema.validate(answer.to_dict())
    assert len(answer.moves) == 12
    wins = [m["to"] for m in answer.moves if m["standing"] == "win"]
    assert wins == ["nim 1 4 5"]
    reply = grundy.engine_move("nim 3 4 5")
    schema.validate(reply.to_dict())
    assert (reply.to, reply.standing) == ("nim 1 4 5", "win")
    # Under misère play, from 1 1 the one move leaves a lone 1: a win.
    assert grundy.engine_move("nim 1 1", misere=True).standing == "win"
    with pytest.raises(grundy.UnsupportedError):
        grundy.engine_move("nim 0 0")


def test_moves_from_a_solved_table_are_those_of_a_solve(tmp_path):
    """Connect Four 4 x 4 in tiers: every move of a position, and the
    engine's, read from the directory equal those of a solve; a sum is
    refused with a table."""
    tiers = tmp_path / "c44"
    grundy.solve("connect4(4,4)", tiers=tiers)
    for expression in ["connect4(4,4) ..../..../..../....", "connect4(4,4) ..../..o./..x./.xxo"]:
        read = grundy.moves(expression, db=tiers)
        assert read.to_dict() == grundy.moves(expression).to_dict()
        assert len(read.moves) == 4
        reply = grundy.engine_move(expression, db=tiers)
        assert reply.to_dict() == grundy.engine_move(expression).to_dict()
    with pytest.raises(grundy.UnsupportedError):
        grundy.moves("nim 3 4 5", db=tiers)


def test_every_and_misere_together_are_refused_as_by_the_command_line(cli):
    # The library refuses them, as the command line (exit 2) and the web
    # server (400) do, rather than answering normal play.
    with pytest.raises(grundy.BadInputError) as raised:
        grundy.analyze("nim 3", misere=True, every=True)
    assert raised.value.kind == "bad_input"
    assert "every and misere" in str(raised.value)


def test_exceptions_are_named_as_the_package_exports_them():
    for name in ["GrundyError", "BadInputError", "ParseError", "FileError",
                 "ScriptError", "LimitError", "UnsupportedError"]:
        error = getattr(grundy, name)
        assert error.__module__ == "grundy", name
        assert error.__qualname__ == name
    with pytest.raises(grundy.ParseError) as raised:
        grundy.analyze("nim 3 x")
    assert repr(raised.value).startswith("ParseError(")
    # The line a traceback ends with names the class as it is imported.
    code = "import grundy\ngrundy.analyze('nim 3 x')\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stderr.splitlines()[-1].startswith("grundy.ParseError: column 7"), done.stderr


def test_the_version_is_the_crate_s():
    cargo = (ROOT / "Cargo.toml").read_text()
    workspace = cargo[cargo.index("[workspace.package]"):]
    version = re.search(r'^version = "([^"]+)"', workspace, re.M).group(1)
    assert grundy.__version__ == version
    assert "__version__" in grundy.__all__


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: grundy.analyze("nim 3", moves=-1), "moves"),
        (lambda: grundy.analyze("nim 3", moves=1 << 64), "moves"),
        (lambda: grundy.sequence("kayles", -1), "to"),
        (lambda: grundy.pattern("kayles", -5), "to"),
        (lambda: grundy.pattern("subtraction(1,2)", rows=(-1, 3), cols=(0, 3)), "rows"),
        (lambda: grundy.pattern("subtraction(1,2)", 10, k=(0, -1)), "k"),
        (lambda: grundy.graph("nim 2", depth=-1), "depth"),
    ],
)
def test_a_whole_number_out_of_range_is_bad_input(call, name):
    # Not a bare OverflowError: the parameter named, as a flag of the
    # command line would be.
    with pytest.raises(grundy.BadInputError) as raised:
        call()
    assert str(raised.value).startswith(name + " "), raised.value
    assert raised.value.cause == "parameter"
    with pytest.raises(TypeError):
        grundy.analyze("nim 3", moves="3")


def test_a_solve_too_large_for_memory_names_the_tiered_solve():
    # Connect Four 7 x 6 ranks 7e13 positions: the plan of its tiers
    # refuses the solve in memory before it starts (issue 38, item 6),
    # rather than after the library's budget is spent, and the error says
    # how else it may be solved, in Python's words.
    with pytest.raises(grundy.LimitError) as raised:
        grundy.solve("connect4(7,6)")
    message = str(raised.value)
    assert "ranks 70728639995483 positions" in message, message
    assert "tiers=DIR" in message, message


def test_a_database_of_values_answers_as_the_search_and_a_damaged_one_raises(
    tmp_path, cli, schema
):
    """``build_values`` writes what ``grundy db build`` writes; once
    ``use_values`` has read it, a question of its family answers as before
    (here as the command line does without it); a byte flipped raises
    :class:`FileError` naming the file, and the database in use stays."""
    out = tmp_path / "clobber.values"
    built = grundy.build_values("clobber", 5, out)
    schema.validate(built.to_dict())
    assert built.to_dict() == cli("db", "show", str(out))
    assert (built.family, built.cells) == ("clobber", 5) and built.regions > 0
    used = grundy.use_values(out)
    assert used.to_dict() == built.to_dict()
    for expression in ["clobber xox/oxo/xox", "clobber xoxo/oxox - clobber xo/ox/xo"]:
        assert grundy.analyze(expression).to_dict() == cli("analyze", expression)
    damaged = bytearray(out.read_bytes())
    damaged[damaged.index(b"\t") + 1] ^= 0x04
    out.write_bytes(bytes(damaged))
    with pytest.raises(grundy.FileError) as raised:
        grundy.use_values(out)
    assert str(out) in str(raised.value)
    assert grundy.analyze("clobber xo/ox").value == "*"
    with pytest.raises(grundy.ParseError):
        grundy.build_values("nim", 3, tmp_path / "nim.values")
    with pytest.raises(grundy.LimitError):
        grundy.build_values("domineering", 15, tmp_path / "big.values")
