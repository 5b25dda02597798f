"""The tour notebook, executed headless as a reader would run it: every
cell asserts what it shows (Nim, a subtraction game's period, Wythoff's
table, a misère sum, partizan values)."""

import pathlib

import nbformat
from nbclient import NotebookClient

NOTEBOOK = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "tour.ipynb"


def test_the_tour_runs_and_shows_pictures():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    shown = [o.get("data", {}) for o in outputs if o.output_type == "execute_result"]
    # The sequence plot, the heat map, the thermograph and the graph as SVG;
    # the analyses and the table as HTML.
    assert sum("image/svg+xml" in d for d in shown) >= 4
    assert sum("text/html" in d for d in shown) >= 4
