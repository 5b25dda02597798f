"""The optional packages the package uses when they are installed: NumPy
for a sequence's values, tqdm for ``progress=True``; and the paths without
them, which hide an installed package from the import system.

.ci/run installs both and sets GRUNDY_TOOLS=required, so there their
tests run; elsewhere a test of a package that is not installed is skipped.
"""

import os
import re
import sys

import pytest

import grundy

# S = {1, 3, 4}: G(0..=6) = 0 1 0 1 2 3 2, then period 7 (the notes' table).
SUBTRACTION_134 = [0, 1, 0, 1, 2, 3, 2]


def installed(name: str):
    """The module `name`, or a skip where it is not installed (a failure
    where GRUNDY_TOOLS=required)."""
    if os.environ.get("GRUNDY_TOOLS") == "required":
        return __import__(name)
    return pytest.importorskip(name)


def hide(monkeypatch, *names: str) -> None:
    """Makes `import NAME` raise ImportError for each name for the rest of
    the test, as it does where the package is not installed: a None entry
    in sys.modules stops an import (the Python reference, "The module
    cache")."""
    for name in names:
        monkeypatch.setitem(sys.modules, name, None)


def test_values_are_a_numpy_array_with_numpy(cli):
    numpy = installed("numpy")
    s = grundy.sequence("subtraction(1,3,4)", 30)
    assert isinstance(s.values, numpy.ndarray)
    assert s.values.dtype.kind == "i"
    assert s.values[:7].tolist() == SUBTRACTION_134
    assert (s.values[7:] == s.values[:-7]).all()
    # The dictionary stays JSON: the command line's answer.
    assert s.to_dict() == cli("sequence", "subtraction(1,3,4)", "--to", "30", "--values")


def test_values_are_a_list_without_numpy(monkeypatch):
    hide(monkeypatch, "numpy")
    s = grundy.sequence("subtraction(1,3,4)", 30)
    assert type(s.values) is list
    assert s.values[:7] == SUBTRACTION_134
    assert s.values[7:] == s.values[:-7]


def test_progress_true_draws_a_tqdm_bar_with_tqdm(capsys):
    installed("tqdm")
    # A report every 65,536 heaps: the bar counts heaps of the 300,001.
    grundy.sequence("subtraction(1,3,4)", 300000, full=True, values=False, progress=True)
    err = capsys.readouterr().err
    counts = [int(n) for n in re.findall(r"(\d+)/300001", err)]
    assert counts and max(counts) >= 4 * 65536, err


def test_progress_true_writes_lines_without_tqdm(monkeypatch, capsys):
    hide(monkeypatch, "tqdm", "tqdm.auto")
    grundy.sequence("subtraction(1,3,4)", 300000, full=True, values=False, progress=True)
    err = capsys.readouterr().err
    assert "/300001" not in err
    assert err.count("'phase': 'sequence'") >= 4, err
