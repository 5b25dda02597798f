#!/usr/bin/env python3
"""The test cases of MCGS's own input files, translated for grundy.

Used by scripts/mcgs_side_by_side.sh. Reads MCGS .test files (the syntax of
MCGS's input/info.test, version 1.5) and writes one line per distinct sum
asked about with a partizan solve command ({B}, {W}, {B win, W loss}, ...),
tab-separated:

    file  game  board-as-given  mcgs-input  grundy-expression  expected

where mcgs-input is the sum followed by {B, W} (both players, as grundy's
--outcome-only answers both at once), and expected is what the file says
(e.g. "B win, W loss", or "-"). With --impartial, the sums of impartial
variants ([impartial clobber], ...) asked for their nim value instead
({N 10}), the same columns with mcgs-input the sum followed by {N} (MCGS
asked for the nim value without being told it) and expected the value the
file gives (CGSuite's or MCGS's, as the file's header says). A sum asked about twice in a file (say {B win}
then {W loss}) is one line with both expectations. Whatever grundy's syntax
cannot say, or this comparison leaves out, goes to the file named by
--skipped, one line per file and reason: file, count, reason.

Translation (each decision checked on a case where it matters, see
scripts/mcgs_side_by_side.sh):
  * MCGS's BLACK ('X' stones, player B) is grundy's Left ('x', Left), WHITE
    ('O', W) is Right ('o'). In MCGS's Domineering BLACK places vertical
    dominoes (src/domineering.cpp: "BLACK vertical"), as Left does in
    grundy's, so Domineering boards are not transposed: MCGS's ".|." (one
    column, two rows) is a win for B whoever starts, as grundy's "./." is L.
  * Grids: MCGS separates rows with '|', grundy with '/'; the cells are
    lower-cased ('X' -> 'x', 'O' -> 'o'); '.' (empty) and '#' (Amazons'
    burnt cell, Domineering's blocked cell) are the same in both.
  * [clobber_1xn] and [nogo_1xn] strips are one-row boards of grundy's
    clobber and nogo.
  * [elephants]: MCGS's BLACK steps right (src/elephants.cpp, player_dir),
    as grundy's toads 'T' do (Left's), WHITE left as its frogs 'F' do.
  * [fission]: MCGS's stones are BLACK's 'X' and BLACK splits up and down
    (src/fission.cpp: dir1 = player == BLACK ? GRID_DIR_UP ...), as Left
    splits vertically in grundy's fission ('x' stones).
  * [impartial GAME] (--impartial): grundy's impartial(FAMILY) of the same
    board; either player makes either side's moves, so the nim value does
    not depend on which colour is Left.
  * [toppling_dominoes]: MCGS's row has no gaps, and its '#' is a domino
    either player may topple (src/toppling_dominoes.cpp allows BORDER or
    the mover's colour), grundy's green 'g'.
  * A sum of several games is grundy's COMPONENT + COMPONENT + ....
  * Games are given to MCGS unbracketed: it takes a bracketed game's text
    as it stands, so "( XO|OX )" fails on the spaces; these boards never
    hold a space.
"""

import argparse
import re
import sys
from collections import OrderedDict

# MCGS section -> grundy family.
FAMILIES = {
    "clobber": "clobber",
    "clobber_1xn": "clobber",
    "domineering": "domineering",
    "amazons": "amazons",
    "nogo": "nogo",
    "nogo_1xn": "nogo",
    "toppling_dominoes": "toppling-dominoes",
    "elephants": "elephants",
    "fission": "fission",
}

# The cells each game's board may hold in MCGS's syntax (info.test).
CELLS = {
    "clobber": set(".XO|"),
    "clobber_1xn": set(".XO"),
    "domineering": set(".#|"),
    "amazons": set(".XO#|"),
    "nogo": set(".XO|"),
    "nogo_1xn": set(".XO"),
    "toppling_dominoes": set("XO#"),
    "elephants": set(".XO"),
    "fission": set(".X#|"),
}


def translate(section, board):
    """grundy's component for one MCGS game, or None with no translation."""
    if section not in FAMILIES or not board or not set(board) <= CELLS[section]:
        return None
    if section == "toppling_dominoes":
        cells = board.replace("X", "x").replace("O", "o").replace("#", "g")
    elif section == "elephants":
        cells = board.replace("X", "T").replace("O", "F")
    else:
        cells = board.replace("|", "/").replace("X", "x").replace("O", "o")
    return f"{FAMILIES[section]} {cells}"


TOKEN = re.compile(r"\[[^\]]*\]|\([^)]*\)|\{[^}]*\}|[^\s\[\](){}]+")
SOLVE = re.compile(r"^(B|W)(?:\s+(win|loss))?$")
NIM = re.compile(r"^N\s+(\d+)$")
IMPARTIAL = "impartial "


def read_file(root, path, cases, skipped, impartial):
    """Every case of ROOT/PATH; PATH is how the case names its file."""
    text = open(f"{root}/{path}", encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    section = None
    games = []  # (section, board) of the sum being read
    for tok in TOKEN.findall(text):
        if tok.startswith("["):
            section = " ".join(tok[1:-1].split())
        elif tok.startswith("("):
            games.append((section, tok[1:-1].strip()))
        elif tok.startswith("{"):
            commands = [c.strip() for c in tok[1:-1].split(",") if c.strip()]
            commands = [c for c in commands if not c.startswith("version")]
            if commands and impartial:
                take_impartial(path, games, commands, cases, skipped)
            elif commands:
                take(path, games, commands, cases, skipped)
            games = []
        else:
            games.append((section, tok))


def skip(skipped, path, reason):
    key = (path, reason)
    skipped[key] = skipped.get(key, 0) + 1


def take(path, games, commands, cases, skipped):
    solves = [SOLVE.match(c) for c in commands]
    if any(s and s.startswith(IMPARTIAL) for s, _ in games):
        skip(skipped, path, "impartial variant ([impartial ...], asked for nim values): "
             "left to the second table")
        return
    if not any(solves):
        kinds = sorted({c.split()[0] for c in commands})
        skip(skipped, path, "no B/W solve command (" + " ".join(kinds) + ")")
        return
    if not games:
        skip(skipped, path, "empty sum")
        return
    parts = [translate(s, b) for s, b in games]
    if None in parts:
        bad = sorted({s for (s, b), p in zip(games, parts) if p is None})
        skip(skipped, path, "no grundy translation for [" + "], [".join(map(str, bad)) + "]")
        return
    key = tuple(games)
    case = cases.setdefault(key, {"path": path, "expected": OrderedDict()})
    for m in solves:
        if m and m.group(2):
            case["expected"].setdefault(m.group(1), set()).add(m.group(2))


def take_impartial(path, games, commands, cases, skipped):
    """A sum of impartial variants asked for its nim value."""
    nims = [m for m in map(NIM.match, commands) if m]
    if not nims or not games or not all(s and s.startswith(IMPARTIAL) for s, _ in games):
        return
    parts = [translate(s[len(IMPARTIAL):], b) for s, b in games]
    if None in parts:
        bad = sorted({s for (s, b), p in zip(games, parts) if p is None})
        skip(skipped, path, "no grundy translation for [" + "], [".join(map(str, bad)) + "]")
        return
    case = cases.setdefault(tuple(games), {"path": path, "expected": OrderedDict()})
    case["expected"].setdefault("N", set()).add(nims[0].group(1))
    case["grundy"] = " + ".join(
        f"impartial({p.split(' ', 1)[0]}) {p.split(' ', 1)[1]}" for p in parts
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True, help="the MCGS directory")
    ap.add_argument("--skipped", required=True, help="file for skipped cases")
    ap.add_argument("--impartial", action="store_true",
                    help="the sums of impartial variants and their nim values instead")
    ap.add_argument("files", nargs="+", help=".test files, relative to --root")
    args = ap.parse_args()
    cases = OrderedDict()
    skipped = OrderedDict()
    for rel in args.files:
        read_file(args.root, rel, cases, skipped, args.impartial)
    out = sys.stdout
    for games, case in cases.items():
        sections = [s for s, _ in games]
        if len(set(sections)) == 1:
            game = sections[0]
            as_given = " ".join(b for _, b in games)
            mcgs = f"[{game}] " + " ".join(b for _, b in games)
        else:
            game = "mixed"
            as_given = " ".join(f"[{s}] {b}" for s, b in games)
            mcgs = " ".join(f"[{s}] {b}" for s, b in games)
        if args.impartial:
            nims = case["expected"]["N"]
            if len(nims) != 1:
                skip(skipped, case["path"], "nim values that differ for one sum")
                continue
            out.write("\t".join([case["path"], game, as_given, mcgs + " {N}", case["grundy"], nims.pop()]) + "\n")
            continue
        grundy = " + ".join(translate(s, b) for s, b in games)
        exp = ", ".join(
            f"{p} {'/'.join(sorted(r))}" for p, r in sorted(case["expected"].items())
        )
        out.write("\t".join([case["path"], game, as_given, mcgs + " {B, W}", grundy, exp or "-"]) + "\n")
    with open(args.skipped, "w", encoding="utf-8") as f:
        for (path, reason), n in skipped.items():
            f.write(f"{path}\t{n}\t{reason}\n")


if __name__ == "__main__":
    main()
