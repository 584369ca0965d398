"""The PostgreSQL backend under the store: open by URL, same hashes, tamper, forgery, grants.

Every test runs against the real server (tests/pg.py), each in a schema or database of
its own. Guarantees are checked across a close and a reopen, and in new processes where
the claim is about other processes.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pg
import pytest

from affidavit.clock import FixedClock
from affidavit.engine.migration import migrate
from affidavit.engine.verification import verify_path
from affidavit.errors import ChainBroken, LedgerError, NotALedger
from affidavit.identity import Identity
from affidavit.store import Store
from affidavit.testing import append_synthetic

pytestmark = pytest.mark.postgres
SRC = Path(__file__).resolve().parent.parent / "src" / "affidavit"
CLAIM = "Dana Kim works for Harbor Bank."


def _open(url: str, keyring: Path | str, **kw: object) -> Store:
    kw.setdefault("clock", FixedClock(step_us=1000))
    return Store.open(url, keyring_dir=keyring, identity=Identity(), **kw)  # type: ignore[arg-type]


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "affidavit.cli_entry", *args], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, **(env or {})), check=False)


def _schema(url: str) -> str:
    return url.rsplit("schema=", 1)[1]


def test_a_store_on_postgres_remembers_recalls_and_reopens(pg_url, tmp_path) -> None:
    """Store.open(URL) admits, recalls, and a reopen replays to the same digest."""
    store = _open(pg_url, tmp_path / "k")
    out = store.remember(CLAIM, CLAIM + " In Leeds.")
    assert out.status == "admitted"
    digest, head = store.digest(), store.head_seq
    store.close()
    again = _open(pg_url, tmp_path / "k")
    try:
        assert (again.digest(), again.head_seq) == (digest, head)
        assert again.recall("Where does Dana Kim work?").status == "answered"
    finally:
        again.close()


def test_the_cli_takes_a_url_as_store_flag_and_environment(pg_url, tmp_path) -> None:
    """`affidavit --store URL remember`, `recall --store URL` and AFFIDAVIT_STORE=URL agree."""
    env = {"AFFIDAVIT_KEYRING_DIR": str(tmp_path / "keys")}
    done = _cli("--store", pg_url, "remember", CLAIM, "--evidence", CLAIM, env=env)
    assert done.returncode == 0, done.stderr
    asked = _cli("recall", "Where does Dana Kim work?", "--store", pg_url, env=env)
    assert asked.returncode == 0 and "Harbor Bank" in asked.stdout
    checked = _cli("verify", "--json", env=dict(env, AFFIDAVIT_STORE=pg_url))
    assert checked.returncode == 0, checked.stderr
    verdict = json.loads(checked.stdout)
    assert verdict["ok"] and verdict["head_seal"] == "verified" and verdict["events"] >= 3


def test_migrate_round_trip_keeps_the_head_hash(tmp_path, pg_url) -> None:
    """SQLite -> PostgreSQL -> SQLite: `affidavit verify` prints one head hash on all three."""
    keyring = tmp_path / "k"
    first = Store.open(tmp_path / "a", keyring_dir=keyring, clock=FixedClock(step_us=1000))
    first.remember(CLAIM, CLAIM)
    append_synthetic(first, 40, subjects=10, seed=7)
    first.close()
    env = {"AFFIDAVIT_KEYRING_DIR": str(tmp_path)}  # not needed: --keyring-dir is passed
    there = _cli("migrate", str(tmp_path / "a"), pg_url, "--keyring-dir", str(keyring), "--json", env=env)
    assert there.returncode == 0, there.stderr
    back = _cli("migrate", pg_url, str(tmp_path / "b"), "--keyring-dir", str(keyring), env=env)
    assert back.returncode == 0, back.stderr
    heads = []
    for where in (str(tmp_path / "a"), pg_url, str(tmp_path / "b")):
        out = _cli("verify", where, "--keyring-dir", str(keyring), "--json")
        assert out.returncode == 0, out.stdout + out.stderr
        verdict = json.loads(out.stdout)
        assert verdict["head_seal"] == "verified"
        heads.append((verdict["events"], verdict["head_hash"]))
    assert len(set(heads)) == 1 and heads[0][0] > 40
    # The copy is a working store: it opens, verifies and answers like the original.
    copy = _open(pg_url, keyring)
    try:
        assert copy.recall("Where does Dana Kim work?").status == "answered"
    finally:
        copy.close()


def test_migrate_refuses_a_target_that_is_not_empty(tmp_path, pg_url) -> None:
    """A target holding events is never written over."""
    _open(pg_url, tmp_path / "k").close()
    Store.open(tmp_path / "a", keyring_dir=tmp_path / "k2").close()
    with pytest.raises(LedgerError, match="already holds events"):
        migrate(tmp_path / "a", pg_url, tmp_path / "k2")


def _drop_triggers_and(schema: str, sql: str) -> None:
    with pg.admin() as conn:
        conn.execute(f'ALTER TABLE "{schema}".events DISABLE TRIGGER USER')
        conn.execute(sql.replace("{s}", f'"{schema}"'))
        conn.execute(f'ALTER TABLE "{schema}".events ENABLE TRIGGER USER')


def test_a_tampered_row_is_named_by_seq_on_open(pg_url, tmp_path) -> None:
    """With the triggers dropped, one changed body byte refuses the open at that seq."""
    store = _open(pg_url, tmp_path / "k")
    append_synthetic(store, 30, subjects=5, seed=3)
    store.close()
    _drop_triggers_and(_schema(pg_url),
                       "UPDATE {s}.events SET body = overlay(body placing '\\x00'::bytea from 3) "
                       "WHERE seq = 17")
    with pytest.raises(ChainBroken) as caught:
        _open(pg_url, tmp_path / "k")
    assert caught.value.seq == 17
    assert verify_path(pg_url, tmp_path / "k").first_bad_seq == 17


def test_a_forged_tail_from_a_role_that_bypasses_the_application_is_caught(pg_url, tmp_path) -> None:
    """A correctly chained row appended straight into the table (no seal move) fails the open."""
    store = _open(pg_url, tmp_path / "k")
    append_synthetic(store, 5, subjects=3, seed=5)
    last = next(iter(store.ledger.rows(store.head_seq - 1)))
    head = store.head_seq
    store.close()
    from affidavit import chain

    body = b'{"forged":true}'
    digest = chain.event_hash(head + 1, last.kind, last.tenant, "intruder", last.recorded_at + 1,
                              last.resolver, body, last.hash)
    with pg.admin() as conn:  # another role, straight to the table: triggers allow an append
        conn.execute(f'INSERT INTO "{_schema(pg_url)}".events VALUES '
                     "(%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                     (head + 1, last.kind, last.tenant, "intruder", last.recorded_at + 1,
                      last.resolver, body, last.hash, digest))
    with pytest.raises(ChainBroken) as caught:
        _open(pg_url, tmp_path / "k")
    assert caught.value.seq == head + 1 and "without a seal" in str(caught.value)
    assert verify_path(pg_url, tmp_path / "k").ok is False


def test_a_live_process_refuses_a_forged_tail_as_it_is_announced(pg_url, tmp_path) -> None:
    """A row appended beyond the seal is announced like any row; the next read refuses it."""
    import time

    from affidavit import chain

    store = _open(pg_url, tmp_path / "k")
    try:
        claim_id = store.remember(CLAIM, CLAIM).claim_id
        notifications = store.ledger.listen()  # type: ignore[attr-defined]
        assert notifications.wait_healthy(10)
        last = next(iter(store.ledger.rows(store.head_seq - 1)))
        seq = last.seq + 1
        body = (b'{"claim_id":"' + str(claim_id).encode() + b'","from_state":"active",'
                b'"to_state":"frozen","reason":"frozen_by_operator"}')
        digest = chain.event_hash(seq, "CLAIM_STATE_CHANGED", "default", "mallory", last.recorded_at,
                                  "x", body, last.hash)
        with pg.admin() as conn:
            conn.execute(f'INSERT INTO "{_schema(pg_url)}".events VALUES '
                         "(%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                         (seq, "CLAIM_STATE_CHANGED", "default", "mallory", last.recorded_at, "x",
                          body, last.hash, digest))
        deadline = time.monotonic() + 10
        while not store.ledger.changed_since(seq - 1) and time.monotonic() < deadline:
            time.sleep(0.01)
        for _ in range(2):  # refused, and stays refused
            with pytest.raises(ChainBroken) as caught:
                store.recall("Where does Dana Kim work?")
            assert caught.value.seq == seq
        assert store.claims.get(str(claim_id)).state == "active"  # never applied
    finally:
        store.close()


def test_the_triggers_refuse_update_delete_truncate_and_a_seal_moved_back(pg_url, tmp_path) -> None:
    """Even the schema owner meets the second fence: rows and the seal never go back."""
    import psycopg

    _open(pg_url, tmp_path / "k").close()
    s = f'"{_schema(pg_url)}"'
    for sql in (f"UPDATE {s}.events SET actor = 'x' WHERE seq = 1", f"DELETE FROM {s}.events",
                f"TRUNCATE {s}.events", f"UPDATE {s}.head SET seq = 0", f"DELETE FROM {s}.head",
                f"INSERT INTO {s}.events SELECT seq + 5, kind, tenant, actor, recorded_at, "
                f"resolver, body, prev_hash, hash FROM {s}.events WHERE seq = 1"):
        with pg.admin() as conn, pytest.raises(psycopg.Error) as caught:
            conn.execute(sql)
        assert caught.value.sqlstate == "AF001", sql
    with _open(pg_url, tmp_path / "k") as store:
        assert store.head_seq == 1


def test_the_application_role_cannot_update_or_delete(tmp_path) -> None:
    """The deployment grants: an owner installs, the app role appends and can do nothing else."""
    import psycopg

    with pg.temp_role("affidavit_owner") as owner, pg.temp_role("affidavit_app") as app, \
            pg.temp_schema("g") as schema:
        with pg.admin() as conn:
            conn.execute(f'GRANT CREATE ON DATABASE test TO "{owner}"')
        setup = _cli("postgres-setup", pg.url_for(schema=schema, user=owner), "--app-role", app)
        assert setup.returncode == 0, setup.stderr
        app_url = pg.url_for(schema=schema, user=app)
        store = _open(app_url, tmp_path / "k")
        assert store.remember(CLAIM, CLAIM).status == "admitted"
        store.close()
        with psycopg.connect(app_url.split("?")[0], autocommit=True) as conn:
            for sql in (f'UPDATE "{schema}".events SET actor = \'x\'', f'DELETE FROM "{schema}".events',
                        f'TRUNCATE "{schema}".events', f'DELETE FROM "{schema}".head',
                        f'DROP TABLE "{schema}".events'):
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    conn.execute(sql)
        with pg.admin() as conn:
            conn.execute(f'REVOKE CREATE ON DATABASE test FROM "{owner}"')
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def test_an_unreachable_server_is_a_typed_error_with_a_remedy(tmp_path) -> None:
    """A URL nobody answers fails with LedgerError naming what to check, never a password."""
    with pytest.raises(LedgerError) as caught:
        Store.open("postgresql://someone:hunter2@127.0.0.1:1/nowhere", keyring_dir=tmp_path / "k")
    assert "server runs" in str(caught.value) and "hunter2" not in str(caught.value)


def test_opening_a_missing_store_without_create_is_refused(pg_url, tmp_path) -> None:
    """create=False on a URL with no ledger raises; nothing is installed."""
    with pytest.raises(NotALedger):
        Store.open(pg_url, keyring_dir=tmp_path / "k", create=False)


def test_tenants_as_chains_one_schema_each(tmp_path) -> None:
    """Two tenants, two schemas: each chain has its own seq 1.. and head; opening one replays it alone."""
    with pg.temp_schema("ta") as a, pg.temp_schema("tb") as b:
        one = Store.open(pg.url_for(schema=a), keyring_dir=tmp_path / "ka", identity=Identity(tenant="a"))
        two = Store.open(pg.url_for(schema=b), keyring_dir=tmp_path / "kb", identity=Identity(tenant="b"))
        append_synthetic(one, 20, subjects=4, seed=1)
        append_synthetic(two, 3, subjects=2, seed=2)
        heads = (one.head_seq, two.head_seq)
        assert one.store_id != two.store_id and heads[0] > heads[1]
        one.close()
        two.close()
        seen: list[int] = []
        again = Store.open(pg.url_for(schema=b), keyring_dir=tmp_path / "kb", identity=Identity(tenant="b"))
        again.at(again.head_seq, observe=lambda applied: seen.append(applied.seq)).close()
        assert seen == list(range(1, heads[1] + 1))
        # Past genesis (the store's own, tenant "default"), every event of schema b is b's.
        assert {r.tenant for r in again.ledger.rows(1)} == {"b"}
        again.close()


def test_only_the_ledger_package_imports_psycopg() -> None:
    """psycopg appears in ledger/ and nowhere else in the package."""
    offenders = []
    for path in SRC.rglob("*.py"):
        text = path.read_text()
        names = {a.name for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module or "" for n in ast.walk(ast.parse(text)) if isinstance(n, ast.ImportFrom)}
        uses = any(name.split(".")[0] == "psycopg" for name in names) or '"psycopg"' in text
        if uses and "ledger" not in path.relative_to(SRC).parts:
            offenders.append(path.name)
    assert offenders == []


def test_salvage_exports_the_verified_prefix_of_a_postgres_store(pg_url, tmp_path) -> None:
    """A tampered PostgreSQL store salvages to a SQLite store holding seqs before the damage."""
    from affidavit.engine.salvage import salvage

    store = _open(pg_url, tmp_path / "k")
    append_synthetic(store, 20, subjects=4, seed=9)
    store.close()
    _drop_triggers_and(_schema(pg_url), "UPDATE {s}.events SET actor = 'mallory' WHERE seq = 12")
    result = salvage(pg_url, tmp_path / "rescued", tmp_path / "k", tmp_path / "rescued-keys")
    assert result.verdict.events == 11 and result.verdict.first_bad_seq == 12
    rescued = Store.open(tmp_path / "rescued", keyring_dir=tmp_path / "rescued-keys")
    try:
        assert rescued.head_seq == 11 and verify_path(tmp_path / "rescued").ok
    finally:
        rescued.close()


def test_a_schema_whose_events_vanished_is_not_restarted_from_empty(pg_url, tmp_path) -> None:
    """The owner empties events and resets the seal (triggers off): open refuses, naming the store."""
    store = _open(pg_url, tmp_path / "k")
    store_id = store.store_id
    store.close()
    schema = _schema(pg_url)
    with pg.admin() as conn:
        conn.execute(f'ALTER TABLE "{schema}".events DISABLE TRIGGER USER')
        conn.execute(f'ALTER TABLE "{schema}".head DISABLE TRIGGER USER')
        conn.execute(f'DELETE FROM "{schema}".events')
        conn.execute(f"UPDATE \"{schema}\".head SET seq = 0, hash = '', mac = ''")
    with pytest.raises(LedgerError, match=f"held store {store_id}"):
        _open(pg_url, tmp_path / "k2")
    with pytest.raises(LedgerError, match="already holds events"):
        _migrate_into(pg_url, tmp_path)  # nor is it a migration target


def _migrate_into(url: str, tmp_path: Path) -> None:
    source = tmp_path / "src"
    Store.open(source, keyring_dir=tmp_path / "ks").close()
    migrate(source, url, tmp_path / "ks")
