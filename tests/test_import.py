"""Bulk import: the same gate as remember, batched syncs, resumable without duplicates."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from affidavit.clock import FixedClock
from affidavit.identity import Identity
from affidavit.memory.importing import ImportLine, import_claims, parse_line, read_jsonl
from affidavit.store import Store
from affidavit.testing import synthetic_name

ORGS = ["Harbor Bank", "Kestrel Labs", "Alder Medical", "Redfern Mills", "Lumen Ridge"]


def _lines(n: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for i in range(n):
        name, org = synthetic_name(i), ORGS[i % len(ORGS)]
        out.append({"claim": f"{name} works for {org}.",
                    "evidence": f"{name} works for {org} in Leeds. The office opened in 2011."})
    return out


def _mixed() -> list[dict[str, object]]:
    return [
        *_lines(3),
        {"claim": "Dana Ash Kim is a pilot.", "evidence": "Dana Ash Kim works for Harbor Bank."},
        {"claim": "Priya Shah lives in Cork.", "evidence": "Priya Shah lives in Cork.",
         "valid_from": "2019-01-01"},
        {"claim": "Priya Shah lives in Oslo.", "evidence": "Priya Shah lives in Oslo.",
         "valid_from": "2019-01-01"},
        {"claim": "Wen Kim joined Kestrel Labs.", "evidence": "Wen Kim joined Kestrel Labs",
         "valid_from": "2020-13-01"},
        {"claim": 5, "evidence": "Wen Kim joined Kestrel Labs"},
    ]


def _write(path: Path, items: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(i) + "\n" for i in items))
    return path


def _cli(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "affidavit.cli_entry", *args], capture_output=True,
                          text=True, timeout=300, check=False, **kw)  # type: ignore[call-overload]


def test_import_decides_each_line_as_a_single_remember_would(tmp_path: Path) -> None:
    """Outcomes, reasons and the resulting claim states equal those of one remember per line."""
    items = _mixed()
    a = Store.open(tmp_path / "a", keyring_dir=tmp_path / "ka", clock=FixedClock(step_us=10))
    b = Store.open(tmp_path / "b", keyring_dir=tmp_path / "kb", clock=FixedClock(step_us=10))
    report = a.import_claims(items, batch_size=2)
    singles = []
    for item in items:
        try:
            out = b.remember(**item)  # type: ignore[arg-type]
            singles.append((out.status, out.reason))
        except Exception as exc:  # noqa: BLE001 - the invalid line
            singles.append(("invalid", type(exc).__name__))
    imported = [(o.outcome, o.reason if o.outcome != "invalid" else "InvalidInput")
                for o in report.outcomes]
    assert imported == singles
    assert {"admitted", "invalid"} <= {o for o, _ in imported}  # controls: both kinds occur
    assert report.counts["refused"] >= 1
    assert a.claims.counts("default") == b.claims.counts("default")
    assert a.head_seq == b.head_seq
    a.close()
    b.close()


def test_import_syncs_in_batches_and_restores_durability(open_store) -> None:
    """Ten written lines with batch 4 make three durable syncs; the ledger is 'full' after."""
    store = open_store()
    report = import_claims(store, _lines(10), batch_size=4)
    assert report.counts["admitted"] == 10 and report.syncs == 3
    assert store._ledger.durability == "full"


def test_a_line_repeated_in_one_file_is_stored_once(open_store) -> None:
    """The second copy of a line is 'already_stored' and names the first copy's claim id."""
    store = open_store()
    line = _lines(1)[0]
    report = store.import_claims([line, dict(line)])
    first, second = report.outcomes
    assert first.outcome == "admitted" and second.outcome == "already_stored"
    assert second.claim_id == first.claim_id
    assert sum(store.claims.counts("default").values()) == 1


def test_a_different_interval_is_a_different_claim(open_store) -> None:
    """Same text and evidence but another validity interval is not a duplicate (control)."""
    store = open_store()
    line = _lines(1)[0]
    report = store.import_claims([line, {**line, "valid_from": "2020-01-01"}])
    assert [o.outcome for o in report.outcomes][1] != "already_stored"


def test_invalid_lines_name_the_field_never_the_content(tmp_path: Path) -> None:
    """A wrong type, unknown field, bad JSON or bad date is 'invalid' with no claim text in it."""
    raws = [b'{"claim": "Ingrid Novak is secret.", "evidence": 7}',
            b'{"claim": "Ingrid Novak is secret.", "evidence": "x", "colour": "red"}',
            b"Ingrid Novak {",
            b'{"claim": "Ingrid Novak is secret.", "evidence": "Ingrid Novak", "valid_to": "soon"}']
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(raws) + b"\n")
    store = Store.open(tmp_path / "s", keyring_dir=tmp_path / "k")
    report = import_claims(store, read_jsonl(path))
    store.close()
    assert report.counts["invalid"] == 4
    assert all("Ingrid" not in (o.reason or "") for o in report.outcomes)
    assert "$.evidence" in (report.outcomes[0].reason or "")
    assert isinstance(parse_line(b'{"claim": "a", "evidence": "b"}'), ImportLine)  # control


def test_cli_prints_one_json_outcome_per_line_then_counts(tmp_path: Path) -> None:
    """--json: one object per input line on stdout, the counts last; stderr has no progress."""
    path = _write(tmp_path / "in.jsonl", _mixed())
    out = _cli("import", str(path), "--store", str(tmp_path / "s"),
               "--keyring-dir", str(tmp_path / "k"), "--json")
    assert out.returncode == 1, out.stderr  # a refused line is a finding
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["line"] for r in rows[:-1]] == list(range(1, len(_mixed()) + 1))
    assert rows[-1]["lines"] == len(_mixed()) and sum(rows[-1]["counts"].values()) == len(_mixed())
    assert "import:" not in out.stderr


def test_import_resumes_after_a_kill_without_duplicates(tmp_path: Path) -> None:
    """SIGKILL mid-import, run it again: every line stored exactly once, in a new process."""
    n = 120
    path = _write(tmp_path / "in.jsonl", _lines(n))
    store_dir, keys = tmp_path / "s", tmp_path / "k"
    cmd = [sys.executable, "-m", "affidavit.cli_entry", "import", str(path), "--store", str(store_dir),
           "--keyring-dir", str(keys), "--batch", "7"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    seen = 0
    for line in proc.stdout:
        seen += line.startswith("line ")
        if seen >= 25:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the import finished before it could be interrupted"
    again = _cli("import", str(path), "--store", str(store_dir), "--keyring-dir", str(keys), "--json")
    assert again.returncode == 0, again.stderr
    counts = json.loads(again.stdout.splitlines()[-1])["counts"]
    assert counts["already_stored"] >= 25 and counts["admitted"] + counts["already_stored"] == n
    check = Store.open(store_dir, keyring_dir=keys, identity=Identity(), create=False)
    texts = [check.claim_private(r).text for r in check.claims.claims().values()]  # type: ignore[union-attr]
    check.close()
    assert len(texts) == n and len(set(texts)) == n


def test_import_refuses_a_read_only_view(open_store) -> None:
    """A view as of a past seq cannot import (nothing is written through it)."""
    store = open_store()
    store.import_claims(_lines(1))
    with store.at(1) as view, pytest.raises(Exception, match="read-only view"):
        view.import_claims(_lines(1))
