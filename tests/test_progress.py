"""Progress on long work: drawn on a terminal's stderr only, never on stdout, silent when quiet."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from affidavit.progress import Phases, Progress, progress_for, render_line
from affidavit.store import Store
from affidavit.testing import append_synthetic


def test_the_status_line_names_events_rate_and_eta() -> None:
    """Half of 1,000 events in 5 s: 100/s and 5 s to go, formatted exactly."""
    assert render_line("verify", 500, 1000, 5.0) == (
        "verify: 500/1,000 events ( 50.0%)  100/s  ETA 0:05")
    assert render_line("import", 7, None, 0.0) == "import: 7 events  0/s"


def test_redraws_are_rate_limited_and_the_line_ends_on_finish() -> None:
    """Calls within 0.1 s of the last draw draw nothing; finish draws the last count and a newline."""
    ticks = iter([0.0, 0.0, 0.05, 0.2, 0.3])
    out = io.StringIO()
    progress = Progress("replay", 10, out, now=lambda: next(ticks))
    progress(1)  # drawn (first call)
    progress(2)  # 0.05 s later: skipped
    progress(3)  # 0.2 s: drawn
    progress.finish()  # 0.3 s
    text = out.getvalue()
    assert text.count("\r") == 3 and text.endswith("\n")
    assert "2/10" not in text and "3/10" in text


def test_no_progress_off_a_terminal_or_when_quiet() -> None:
    """A StringIO is not a TTY: no Progress and no hook; quiet wins even on a TTY."""
    assert progress_for("x", 1, quiet=False, stream=io.StringIO()) is None
    assert Phases(quiet=False, stream=io.StringIO()).start("x") is None

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert Phases(quiet=True, stream=Tty()).start("x") is None
    assert Phases(quiet=False, stream=Tty()).start("x") is not None  # control


@pytest.fixture
def built(store_dirs: tuple[Path, Path]) -> tuple[Path, Path]:
    store = Store.open(store_dirs[0], keyring_dir=store_dirs[1])
    append_synthetic(store, 30, subjects=5, batch=5)
    store.close()
    return store_dirs


def _commands(store: Path, keys: Path, tmp: Path) -> dict[str, list[str]]:
    src = tmp / "in.jsonl"
    src.write_text(json.dumps({"claim": "Dana Kim works for Harbor Bank.",
                               "evidence": "Dana Kim works for Harbor Bank in Leeds."}) + "\n")
    k = ["--keyring-dir", str(keys)]
    return {
        "verify": ["verify", str(store), *k],
        "replay": ["replay", str(store), *k, "--until", "10"],
        "reresolve": ["reresolve", str(store), *k],
        "export": ["export", str(store), *k, "--out", str(tmp / "bundle")],
        "import": ["import", str(src), "--store", str(store), *k],
        "report": ["report", str(store), *k, "--html", str(tmp / "r.html")],
    }


DRAWN = re.compile(r"\d+/\d+ events \(")


def _run_with_tty_stderr(args: list[str]) -> tuple[int, str, str]:
    """Run the CLI with stderr on a pseudo-terminal and stdout on a pipe."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "affidavit.cli_entry", *args],
                            stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    chunks: list[bytes] = []
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed its end
            break
        if not data:
            break
        chunks.append(data)
    stdout, _ = proc.communicate(timeout=120)
    os.close(master)
    return proc.returncode, stdout, b"".join(chunks).decode("utf-8", "replace")


COMMANDS = ["verify", "replay", "reresolve", "export", "import", "report"]


@pytest.mark.parametrize("command", COMMANDS)
def test_progress_on_a_tty_goes_to_stderr_and_stdout_stays_the_result(
        built: tuple[Path, Path], tmp_path: Path, command: str) -> None:
    """On a terminal stderr shows 'COMMAND: n/N events … /s'; stdout has no progress."""
    args = _commands(*built, tmp_path)[command]
    code, stdout, stderr = _run_with_tty_stderr(args)
    assert code in (0, 1), stderr
    assert re.search(rf"{command}[^\r\n]*: \d+/\d+ events \([^\r\n]*/s", stderr), stderr
    assert not DRAWN.search(stdout) and "\r" not in stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_quiet_or_a_pipe_draws_nothing(built: tuple[Path, Path], tmp_path: Path, command: str) -> None:
    """--quiet on a terminal, and no flag with stderr on a pipe: no progress line at all."""
    args = _commands(*built, tmp_path)[command]
    _, _, stderr = _run_with_tty_stderr([*args, "--quiet"])
    assert not DRAWN.search(stderr)
    again = tmp_path / "again"
    again.mkdir()
    piped = subprocess.run([sys.executable, "-m", "affidavit.cli_entry",
                            *_commands(*built, again)[command]],
                           capture_output=True, text=True, timeout=120, check=False)
    assert not DRAWN.search(piped.stderr) and "\r" not in piped.stderr
