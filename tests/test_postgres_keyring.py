"""The keyring across hosts: a shared PostgreSQL key database, apart from the ledger's.

And the suite's own promise about the server: under CI=true an unreachable server fails
the PostgreSQL tests instead of skipping them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pg
import psycopg
import pytest

from affidavit.crypto.keyring import Keyring
from affidavit.errors import KeyringError
from affidavit.identity import Identity
from affidavit.store import Store

TESTS = Path(__file__).resolve().parent


@pytest.mark.postgres
def test_a_shared_key_database_serves_two_processes_and_shreds_on_forget(pg_url, pg_database,
                                                                        tmp_path) -> None:
    """Keys live in their own database; a forget deletes the subject's key rows there."""
    keys_url = pg.url_for(pg_database)
    store = Store.open(pg_url, keyring_dir=keys_url, identity=Identity(operator=True))
    out = store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    assert out.status == "admitted"
    store.close()
    # Another process (another host, as far as the keyring can tell) reads the same claim.
    code = ("import sys; from affidavit.store import Store; s = Store.open(sys.argv[1], "
            "keyring_dir=sys.argv[2]); print(s.recall('Where does Dana Kim work?').status)")
    seen = subprocess.run([sys.executable, "-c", code, pg_url, keys_url], capture_output=True,
                          text=True, timeout=120, check=False)
    assert seen.stdout.strip().endswith("answered"), seen.stderr

    store = Store.open(pg_url, keyring_dir=keys_url, identity=Identity(operator=True))
    try:
        with psycopg.connect(keys_url) as conn:
            before = conn.execute("SELECT count(*) FROM affidavit_keyring.keys").fetchone()
        outcome = store.forget("Dana Kim")
        assert outcome.status == "erased" and outcome.keys_destroyed >= 1
        with psycopg.connect(keys_url) as conn:
            after = conn.execute("SELECT count(*) FROM affidavit_keyring.keys").fetchone()
            gone = conn.execute("SELECT count(*) FROM affidavit_keyring.destroyed").fetchone()
        assert before and after and gone and after[0] == before[0] - outcome.keys_destroyed
        assert gone[0] == outcome.keys_destroyed
        assert store.recall("Where does Dana Kim work?").status != "answered"
    finally:
        store.close()
    # The ledger's database holds no key table at all: a ledger backup carries no key.
    with pg.admin() as conn:
        tables = conn.execute("SELECT table_schema || '.' || table_name FROM information_schema.tables "
                              "WHERE table_name IN ('keys', 'destroyed', 'keyrings')").fetchall()
    assert tables == []


@pytest.mark.postgres
def test_a_key_database_refuses_a_second_keyring_for_one_store(pg_database) -> None:
    """Creating a keyring twice for one store id is refused; opening a missing one names it."""
    url = pg.url_for(pg_database)
    Keyring.create(url, "store-a", 0).close()
    with pytest.raises(KeyringError, match="already exists"):
        Keyring.create(url, "store-a", 0)
    with pytest.raises(KeyringError, match="no keyring for store store-b"):
        Keyring.open(url, "store-b")


@pytest.mark.parametrize(("ci", "outcome"), [("true", "error"), ("", "skipped")])
def test_an_unreachable_server_fails_under_ci_and_skips_otherwise(tmp_path, ci, outcome) -> None:
    """The PostgreSQL tests never pass silently: CI=true turns 'no server' into a failure."""
    env = dict(os.environ, CI=ci, AFFIDAVIT_TEST_PG="postgresql://postgres@127.0.0.1:1/test")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "TestPostgresLedger",
         str(TESTS / "test_ledger_contract.py")],
        capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path, check=False)
    summary = result.stdout.strip().splitlines()[-1]
    assert outcome in summary and "passed" not in summary, summary  # a fixture's fail is an error
    if ci:
        assert "CI=true and PostgreSQL at" in result.stdout
