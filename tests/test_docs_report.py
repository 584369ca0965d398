"""Every example in docs/report.md runs, in order, and does what the page says."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "report.md"


def _blocks() -> list[tuple[str, str]]:
    return re.findall(r"```(\w+)\n(.*?)\n```", DOC.read_text(), re.S)


def test_the_report_page_examples_run_in_order(tmp_path: Path) -> None:
    """jsonl blocks become claims.jsonl; each sh line and python block exits 0."""
    env = {**os.environ, "AFFIDAVIT_KEYRING_DIR": str(tmp_path / "keys"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("AFFIDAVIT_OPERATOR", None)
    ran = {"sh": 0, "python": 0, "jsonl": 0}
    for lang, body in _blocks():
        ran[lang] += 1
        if lang == "jsonl":
            (tmp_path / "claims.jsonl").write_text(body + "\n")
            continue
        commands = body.splitlines() if lang == "sh" else [body]
        for command in commands:
            argv = ["bash", "-c", command] if lang == "sh" else [sys.executable, "-c", command]
            done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True,
                                  timeout=300, check=False)
            assert done.returncode == 0, (command, done.stdout, done.stderr)
    assert ran["sh"] >= 3 and ran["python"] >= 1 and ran["jsonl"] == 1
    for page in ("audit.html", "all.html", "with-content.html"):
        assert (tmp_path / page).is_file()
    assert "Dana Kim" in (tmp_path / "with-content.html").read_text()
    assert "Dana Kim" not in (tmp_path / "audit.html").read_text()
