"""``affidavit serve`` and the tool subcommands, driven with the fake backend."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from fake_backend import TESTS_DIR, FakeBackend

from affidavit.cli import serve, tool_cmds


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="affidavit")
    sub = root.add_subparsers(dest="command", required=True)
    serve.add_parser(sub)
    tool_cmds.add_parsers(sub)
    return root


def run_cli(backend: FakeBackend, *argv: str) -> tuple[int, str]:
    args = parser().parse_args(list(argv))
    out = io.StringIO()
    return tool_cmds.execute(args, backend, out), out.getvalue()


def test_invalid_arguments_exit_2_without_calling_the_backend(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad date, a zero limit or a path-like id are errors (exit 2), not answers."""
    backend = FakeBackend()
    assert (
        run_cli(
            backend,
            "remember",
            "Ada was born",
            "--evidence",
            "Ada was born",
            "--valid-from",
            "2020-13",
        )[0]
        == 2
    )
    assert run_cli(backend, "recall", "Ada", "--limit", "0")[0] == 2
    assert run_cli(backend, "add-source", "../etc/passwd", "--text", "x")[0] == 2
    assert backend.claims == {} and backend.sources == {}
    assert "invalid_input" in capsys.readouterr().err


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    """add-source --file on a missing or non-UTF-8 file is an error."""
    backend = FakeBackend()
    assert run_cli(backend, "add-source", "d1", "--file", str(tmp_path / "missing"))[0] == 2
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe")
    assert run_cli(backend, "add-source", "d1", "--file", str(bad))[0] == 2
    good = tmp_path / "good.txt"
    good.write_text("Ada was born in 1815.", encoding="utf-8")
    assert run_cli(backend, "add-source", "d1", "--file", str(good))[0] == 0  # control


def test_exit_codes_follow_the_answer() -> None:
    """Refused and abstained exit 1; admitted and answered (controls) exit 0."""
    backend = FakeBackend()
    assert run_cli(backend, "remember", "Ada was born in 1820", "--evidence", "Ada was born")[0] == 1
    assert run_cli(backend, "recall", "Where was Zyxwv born?")[0] == 1
    assert run_cli(backend, "forget", "Nobody")[0] == 1
    code, text = run_cli(backend, "remember", "Ada was born", "--evidence", "Ada was born")
    assert code == 0 and text.startswith("Admitted")
    assert run_cli(backend, "recall", "Ada born?")[0] == 0
    assert run_cli(backend, "stats")[0] == 0
    assert run_cli(backend, "history", "--subject", "Ada")[0] == 0
    assert run_cli(backend, "forget", "Ada")[0] == 0


def test_exit_code_for_error_statuses() -> None:
    """An incomplete erasure or a failed verification is exit 2."""
    assert tool_cmds.exit_code({"status": "incomplete"}) == 2
    assert tool_cmds.exit_code({"ok": False}) == 2
    assert tool_cmds.exit_code({"ok": True}) == 0


def test_json_prints_the_structured_result() -> None:
    """--json prints exactly the structured result; the default prints its text."""
    backend = FakeBackend()
    code, out = run_cli(backend, "stats", "--json")
    assert code == 0 and json.loads(out)["events"] == 0
    code, out = run_cli(backend, "stats")
    assert out == "0 claims.\n"


def test_history_options_are_exclusive() -> None:
    """--subject and --claim-id together are a usage error."""
    with pytest.raises(SystemExit) as exc:
        parser().parse_args(["history", "--subject", "a", "--claim-id", "b"])
    assert exc.value.code == 2


NOISY_SERVE = """
import sys, types
sys.path.insert(0, {tests!r})
import fake_backend

class Noisy(fake_backend.FakeBackend):
    def stats(self):
        print("stray print from the engine")
        import os; os.write(1, b"stray bytes on fd 1\\n")
        return super().stats()

def open_backend(store, keyring_dir=None):
    print("noise while opening", store)
    return Noisy()

api = types.ModuleType("affidavit.api")
api.open_backend = open_backend
api.open_lazy_backend = open_backend
sys.modules["affidavit.api"] = api
import affidavit
affidavit.api = api
import argparse
from affidavit.cli import serve
root = argparse.ArgumentParser()
serve.add_parser(root.add_subparsers())
args = root.parse_args(["serve", "--store", "somewhere"])
sys.exit(args.func(args))
"""


def test_serve_keeps_stdout_for_protocol_only(tmp_path: Path) -> None:
    """Prints and raw fd-1 writes from the backend land on stderr; stdout stays JSON-RPC."""
    code = NOISY_SERVE.format(tests=str(TESTS_DIR))
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "x"}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "stats"}},
    ]
    stdin = "".join(json.dumps(r) + "\n" for r in requests).encode()
    done = subprocess.run(
        [sys.executable, "-c", code], input=stdin, capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert [json.loads(line)["id"] for line in lines] == [1, 2]
    assert b"stray" in done.stderr and b"noise while opening" in done.stderr
