"""The built wheel carries the engine and the top-level projections/ as affidavit.projections."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_installs_projections_as_a_subpackage(tmp_path) -> None:
    """Import affidavit.projections from the wheel file itself, not from the source tree."""
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next(tmp_path.glob("affidavit-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "affidavit/projections/__init__.py" in names
    assert "affidavit/projections/claims.py" in names
    assert "affidavit_verify.py" in names
    assert "affidavit/text/data/confusables-latin.tsv" in names  # pinned tables ship as package data
    assert not any(n.startswith("projections/") for n in names)  # no stray top-level package
    for data in ("lexicon-wn30.msgpack", "lexicon-wn30.json", "LICENSE-WordNet"):
        assert f"affidavit/text/data/{data}" in names
    probe = subprocess.run(
        [sys.executable, "-c",
         "import affidavit.projections as p, affidavit.store as s; print(p.__file__); print(s.__file__);"
         "import affidavit.text.lexicon as lx; assert lx.status() == 'ok' and lx.is_a('hockey', 'sport')"],
        capture_output=True, text=True, timeout=60, check=False,
        env={"PYTHONPATH": str(wheel), "PATH": "/usr/bin:/bin"},
    )
    assert probe.returncode == 0, probe.stderr[-2000:]
    assert all(str(wheel) in line for line in probe.stdout.splitlines())
    table = subprocess.run(
        [sys.executable, "-c",
         "from affidavit.text.confusables import latin_table; print(len(latin_table()))"],
        capture_output=True, text=True, timeout=60, check=False,
        env={"PYTHONPATH": str(wheel), "PATH": "/usr/bin:/bin"},
    )
    assert table.returncode == 0 and int(table.stdout) > 2000, table.stderr[-2000:]  # read from the zip
