"""What the tests share: the command line to compare with, and the schema."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def grundy_binary() -> pathlib.Path:
    """The command line built by `cargo build -p grundy-cli` (or named by
    GRUNDY_BIN)."""
    named = os.environ.get("GRUNDY_BIN")
    if named:
        return pathlib.Path(named)
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "grundy"
        if path.exists():
            return path
    raise RuntimeError("build the command line first: cargo build -p grundy-cli")


@pytest.fixture(scope="session")
def cli():
    """Runs `grundy ARGS --json` and returns its JSON answer."""
    binary = grundy_binary()

    def run(*args: str):
        done = subprocess.run(
            [str(binary), *args, "--json"], capture_output=True, text=True, cwd=ROOT
        )
        return json.loads(done.stdout)

    return run


@pytest.fixture(scope="session")
def schema():
    """A validator of the repository's one schema."""
    import jsonschema

    with open(ROOT / "schema" / "grundy.schema.json") as f:
        document = json.load(f)
    return jsonschema.Draft202012Validator(document)
