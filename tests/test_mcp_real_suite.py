"""The MCP protocol and conformance suites, re-run against `affidavit serve` on a real store.

They run against the fake backend by default (to test the protocol layer alone); here the
same tests drive the real server process, so the published contract holds end to end.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_protocol_and_conformance_suites_pass_on_the_real_store(tmp_path) -> None:
    """Every protocol and official-client conformance test passes with the real backend."""
    env = dict(os.environ, AFFIDAVIT_MCP_TEST_SERVER="real")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         str(TESTS / "test_mcp_protocol.py"), str(TESTS / "test_mcp_conformance.py")],
        capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path, check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and " failed" not in result.stdout
