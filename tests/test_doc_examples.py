"""Every example in README.md and docs/ runs, and prints exactly what the page says.

``console`` blocks are shell sessions: each ``$ `` line runs (one bash session per
page, so variables and the store carry over between blocks of a page) and the lines
after it are its exact output, stdout and stderr together; ``…`` stands for any text
within the output (ids, hashes, times). ``python`` blocks run, and when an
``output`` block follows, their stdout must match it the same way. ``json`` blocks
must parse. A command example in any other kind of block is refused, so no example
escapes being run.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# docs/postgres.md's examples name a server host (db.internal) and deployment roles; they
# cannot run here. tests/test_postgres_store.py runs the same operations against a real
# server instead. Every other page's examples run below.
NEEDS_A_SERVER = {"postgres.md"}
PAGES = [p for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
         if p.name not in NEEDS_A_SERVER]
BLOCK = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```\n", re.S | re.M)
FILE = re.compile(r"\bfile=(\S+)")


def blocks(page: Path) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(3)) for m in BLOCK.finditer(page.read_text())]


def files(page: Path) -> dict[str, str]:
    """Blocks whose info string says ``file=NAME``: the session finds them as files."""
    out = {}
    for m in BLOCK.finditer(page.read_text()):
        named = FILE.search(m.group(2))
        if named:
            out[named.group(1)] = m.group(3)
    return out


def matches(expected: str, actual: str) -> bool:
    """Whether ``actual`` is ``expected`` with each ``…`` standing for any text."""
    pattern = ".*?".join(re.escape(part) for part in expected.split("…"))
    return re.fullmatch(pattern, actual, re.S) is not None


def session(commands: list[str], cwd: Path) -> list[str]:
    """Run the commands in one bash session; the output of each, stderr included."""
    script = "".join(f"printf '\\n@@{i}@@\\n'\n{{ {cmd}\n}} 2>&1\n" for i, cmd in enumerate(commands))
    bin_dir = str(Path(sys.executable).parent)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(cwd), "LANG": "C.UTF-8",
           "XDG_DATA_HOME": str(cwd / "data"), "XDG_CONFIG_HOME": str(cwd / "config")}
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=600, check=False)
    parts = re.split(r"\n@@\d+@@\n", "\n" + done.stdout)
    return [p.rstrip("\n") for p in parts[1:]]


def console_steps(body: str) -> list[tuple[str, str]]:
    steps: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            assert steps, f"output before any command: {line!r}"
            steps[-1][1].append(line)
    return [(cmd, "\n".join(out)) for cmd, out in steps]


def with_examples() -> list[Path]:
    return [p for p in PAGES if any(kind in ("console", "python") for kind, _ in blocks(p))]


@pytest.mark.parametrize("page", with_examples(), ids=lambda p: p.name)
def test_examples_print_what_the_page_says(page: Path, tmp_path: Path) -> None:
    """Each console command's output and each python example's output match the page."""
    found = blocks(page)
    for name, body in files(page).items():
        (tmp_path / name).write_text(body)
    steps = [s for kind, body in found if kind == "console" for s in console_steps(body)]
    outputs = session([cmd for cmd, _ in steps], tmp_path)
    for (cmd, expected), actual in zip(steps, outputs, strict=True):
        assert matches(expected, actual), f"$ {cmd}\nexpected:\n{expected}\ngot:\n{actual}"
    for n, (kind, body) in enumerate(found):
        if kind != "python":
            continue
        done = subprocess.run([sys.executable, "-c", body], capture_output=True, text=True,
                              cwd=tmp_path, timeout=300, check=False,
                              env={**os.environ, "HOME": str(tmp_path),
                                   "XDG_DATA_HOME": str(tmp_path / "data"),
                                   "XDG_CONFIG_HOME": str(tmp_path / "config")})
        assert done.returncode == 0, done.stderr[-2000:]
        if n + 1 < len(found) and found[n + 1][0] == "output":
            expected = found[n + 1][1].rstrip("\n")
            assert matches(expected, done.stdout.rstrip("\n")), done.stdout


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_example_escapes_being_run(page: Path) -> None:
    """json blocks parse; no command example hides in an untagged or sh block."""
    for kind, body in blocks(page):
        if kind == "json":
            json.loads(body)
        elif kind not in ("console", "python", "output", "jsonl"):
            lines = [ln for ln in body.splitlines() if ln.strip()]
            runnable = [ln for ln in lines if re.match(r"\s*(\.venv/bin/)?affidavit(-verify)? ", ln)]
            assert runnable == [] or kind == "sh" and "pip install" in body, (page.name, runnable)


def test_the_matcher_is_exact_but_for_ellipses() -> None:
    """The control: one changed character fails; ``…`` absorbs ids."""
    assert matches("ADMITTED as clm_….", "ADMITTED as clm_12ab.")
    assert not matches("ADMITTED as clm_….", "ADMITTED as clm_12ab!")
    assert not matches("1 claim", "1 claims")
