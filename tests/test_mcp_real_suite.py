"""The MCP protocol and conformance suites, re-run against `affidavit serve` on a real store.

They run against the fake backend by default (to test the protocol layer alone); here the
same tests drive the real server process, so the published contract holds end to end.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.postgres
def test_protocol_and_conformance_suites_pass_on_a_postgres_store(tmp_path, pg_database) -> None:
    """The same suites with `affidavit serve --store postgresql://…` as the server under test."""
    import pg

    env = dict(os.environ, AFFIDAVIT_MCP_TEST_SERVER="real",
               AFFIDAVIT_MCP_TEST_PG=pg.url_for(pg_database))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         str(TESTS / "test_mcp_protocol.py"), str(TESTS / "test_mcp_conformance.py")],
        capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path, check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and " failed" not in result.stdout
    import psycopg  # control: the servers' stores really were schemas on the server

    with psycopg.connect(pg.url_for(pg_database)) as conn:
        schemas = conn.execute("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'm\\_%'").fetchone()
    assert schemas is not None and schemas[0] > 0
