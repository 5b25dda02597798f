"""How fast the Python interpreter makes large blocks before and after one
question to grundy: the package runs inside the interpreter's process, and
its allocator's settings are the interpreter's too (BENCHMARKS.md, "The
Python interpreter's allocator after a question").

    python3 scripts/python_host_allocations.py PACKAGE_DIR before|after

PACKAGE_DIR holds the `grundy` package with its built `_native` module, as
.ci/run lays it out. `before` times the blocks with the package imported
but asked nothing; `after` asks it about `nim 3 4 5` first.
"""

import sys
import time

sys.path.insert(0, sys.argv[1])
import grundy  # noqa: E402

if sys.argv[2] == "after":
    grundy.analyze("nim 3 4 5")


def timed(work):
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def large():
    """Lists of 160 KB and blocks of 300 KB, each dropped as the next is
    made."""
    for _ in range(3000):
        xs = list(range(20000))
        block = bytes(300_000)
    del xs, block


def huge():
    """Bytearrays of 8 MiB, each dropped as the next is made."""
    for _ in range(300):
        block = bytearray(8 << 20)
    del block


def small():
    """Dictionaries of short strings, sorted."""
    for _ in range(300):
        d = {j: str(j) for j in range(2000)}
        sorted(d.values())


print(
    f"{sys.argv[2]}: large {timed(large):.3f} s, huge {timed(huge):.3f} s, "
    f"small {timed(small):.3f} s"
)
