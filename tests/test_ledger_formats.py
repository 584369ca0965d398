"""Ledger format 1 and 2 in one chain: old stores open, verify and take new writes forever.

A format-1 store (JSON bodies, msgpack-map payloads, row layout 1) is built with the
format-1 encoders (tests/format1.py), never checked in. Opened by this version it
verifies, answers, and appends format-2 rows after its own, without rewriting one; the
mixed chain verifies, replays to the same state twice, opens every sealed field of both
formats, is read alike by re-resolution, the report, replay to a seq, salvage, migrate
and the standalone verifier, and refuses a changed byte of either kind of row at that
row's seq. The same on
PostgreSQL, where a schema made before moves to row layout 2 only when its owner
upgrades it (``postgres-setup``): until then this version writes compact bodies into
layout-1 rows, so one chain there holds all three shapes.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pg
import pytest
from conftest import run_python
from format1 import format1_writes

from affidavit.chain import Row
from affidavit.clock import FixedClock
from affidavit.codec import decode_event
from affidavit.engine.migration import migrate
from affidavit.engine.salvage import salvage
from affidavit.engine.verification import verify_path
from affidavit.errors import ChainBroken
from affidavit.events import StoreCreated
from affidavit.forensics.checkpoints import sign_checkpoint
from affidavit.forensics.export import export_bundle
from affidavit.forensics.replay import replay_to
from affidavit.forensics.report import ReportOptions, build_report
from affidavit.forensics.reresolve import reresolve
from affidavit.identity import Identity
from affidavit.ledger import PostgresLedger, PostgresLocation
from affidavit.memory.history import entries
from affidavit.memory.verify import verify_store
from affidavit.store import Store

VERIFIER = Path(__file__).resolve().parent.parent / "src" / "affidavit_verify.py"
OLD = [("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank in Leeds."),
       ("Omar Haddad lives in Porto.", "Omar Haddad lives in Porto, near the river.")]
NEW = [("Lena Berg works for Orbit Labs.", "Lena Berg works for Orbit Labs since May."),
       ("Ravi Shah lives in Ghent.", "Ravi Shah lives in Ghent with his sister.")]
QUESTIONS = ["Where does Dana Kim work?", "Where does Omar Haddad live?",
             "Where does Lena Berg work?", "Where does Ravi Shah live?"]


def _remember(store: Store, items: list[tuple[str, str]]) -> list[str]:
    ids = []
    for n, (claim, evidence) in enumerate(items):
        out = store.remember(claim, evidence, source_id=f"doc-{claim.split()[0]}-{n}",
                             source_text=evidence + " Filed by the registry.")
        assert out.status == "admitted" and out.claim_id is not None, out
        ids.append(out.claim_id)
    return ids


def _shapes(store: Store) -> set[tuple[str, str]]:
    """(body format, row layout) of every stored row, read as stored."""
    ledger = store.ledger
    if isinstance(ledger, PostgresLedger):
        with pg.admin() as conn:
            got = conn.execute(
                f'SELECT substring(body from 1 for 1), '
                f'{"header IS NOT NULL" if _has_header(conn, ledger) else "false"} '
                f'FROM "{ledger.location.schema}".events').fetchall()
        raw = [(bytes(b), h) for b, h in got]
    else:
        db = sqlite3.connect(store.path / "ledger.db")
        columns = {r[1] for r in db.execute("PRAGMA table_info(events)")}
        header = "header IS NOT NULL" if "header" in columns else "0"
        raw = db.execute(f"SELECT substr(body, 1, 1), {header} FROM events").fetchall()
        db.close()
    return {("json" if b == b"{" else "compact" if b == b"\x01" else "?",
             "layout 2" if h else "layout 1") for b, h in raw}


def _has_header(conn: object, ledger: PostgresLedger) -> bool:
    return conn.execute(  # type: ignore[attr-defined]
        "SELECT 1 FROM information_schema.columns WHERE table_schema = %s AND table_name = 'events' "
        "AND column_name = 'header'", (ledger.location.schema,)).fetchone() is not None


def _answers(store: Store) -> list[str]:
    return [store.recall(q).status for q in QUESTIONS]


def _check_mixed(store: Store, old_ids: list[str], new_ids: list[str]) -> None:
    """Everything a mixed chain must do, on a freshly opened store."""
    report = verify_store(store)
    assert report.ok, report
    assert report.receipts.verified == len(old_ids) + len(new_ids) and report.receipts.failed == 0
    assert report.content.opened == report.content.fields > 0  # every sealed field of both formats
    assert _answers(store) == ["answered"] * 4
    # Every body decodes and every payload opens: claims and entities show their text.
    shown = [e.summary for e in entries(store, tenant=None)]
    for claim_id, (claim, _) in zip(old_ids + new_ids, OLD + NEW[:len(new_ids)], strict=False):
        assert f"claim {claim_id} admitted: {claim}" in shown
    assert {"Dana Kim", "Lena Berg"} <= {s.split(": ", 1)[1] for s in shown if s.startswith("entity")}
    genesis = decode_event(next(iter(store.ledger.rows(0, 1))))
    assert isinstance(genesis, StoreCreated) and genesis.format == 1  # as it was written


def test_a_format_1_store_opens_verifies_and_appends_format_2(
        monkeypatch: pytest.MonkeyPatch, open_store, store_dirs) -> None:
    with format1_writes(monkeypatch):
        store = open_store()
        old_ids = _remember(store, OLD)
        store.close()
    old = open_store()
    assert _shapes(old) == {("json", "layout 1")}  # the fixture is what format 1 wrote
    assert verify_path(*store_dirs).ok and _answers(old)[:2] == ["answered"] * 2
    before = list(old.ledger.rows(0))
    new_ids = _remember(old, NEW)  # the first write here moves the file to layout 2
    digest = old.digest()
    old.close()

    mixed = open_store()
    assert _shapes(mixed) == {("json", "layout 1"), ("compact", "layout 2")}
    assert list(mixed.ledger.rows(0, len(before))) == before  # no old row was rewritten
    assert mixed.digest() == digest  # replay of the mixed chain = the state it was written in
    _check_mixed(mixed, old_ids, new_ids)
    mixed.close()
    again = open_store()
    assert again.digest() == digest  # and the same on every replay
    again.close()


def test_a_bundle_of_a_mixed_store_passes_the_standalone_verifier(
        monkeypatch: pytest.MonkeyPatch, open_store, tmp_path: Path) -> None:
    """Receipts, checkpoints and a certificate from JSON and compact bodies alike."""
    with format1_writes(monkeypatch):
        store = open_store()
        _remember(store, OLD)
        sign_checkpoint(store)
        store.forget("Omar Haddad")  # a format-1 erasure and certificate
        store.close()
    store = open_store()
    _remember(store, NEW)
    sign_checkpoint(store)
    export_bundle(store, tmp_path / "bundle", include_evidence=True)
    done = subprocess.run([sys.executable, "-I", str(VERIFIER), str(tmp_path / "bundle"), "--json"],
                          capture_output=True, text=True, timeout=120, check=False)
    results = json.loads(done.stdout)["results"]
    assert done.returncode == 0, results
    passed = [r["what"] for r in results if r["status"] == "PASS"]
    assert sum(w.startswith("receipt of") for w in passed) == 3
    not_here = [r["detail"] for r in results if r["status"] == "NOT VERIFIABLE HERE"]
    assert len(not_here) == 1 and "no longer held" in not_here[0]  # the erased claim's part
    assert sum(w.startswith("certificate") for w in passed) == 1
    assert sum(w.startswith("checkpoint at") for w in passed) == 2


def test_every_reader_of_bodies_takes_a_mixed_chain(monkeypatch: pytest.MonkeyPatch, open_store,
                                                    store_dirs, tmp_path: Path) -> None:
    """Re-resolution, the report, replay to a seq and salvage read both formats alike."""
    with format1_writes(monkeypatch):
        store = open_store()
        old_ids = _remember(store, OLD)
        store.close()
    store = open_store()
    split = store.head_seq
    new_ids = _remember(store, NEW)
    again = reresolve(store, tenant=None)
    assert (again.decisions, again.same, again.different) == (4, 4, 0), again.text()
    at_split = replay_to(store, split, subject="Dana Kim")
    assert at_split.counts["active"] == 2 and at_split.subject_claims is not None
    assert [c.claim_id for c in at_split.subject_claims] == old_ids[:1]
    store.close()
    report = build_report(store_dirs[0], store_dirs[1], identity=Identity(),
                          options=ReportOptions(tenant="default"), at_us=0)
    assert report.opened and report.chain.ok and report.claims_total == 4
    assert report.reresolve is not None and report.reresolve.same == 4
    copy = salvage(store_dirs[0], tmp_path / "copy", store_dirs[1], tmp_path / "copy-keys")
    assert copy.verdict.ok and copy.verdict.events == report.chain.events
    salvaged = Store.open(tmp_path / "copy", keyring_dir=tmp_path / "copy-keys", create=False)
    try:  # the copy holds the same rows, each in the copy's layout: both formats of body
        assert _shapes(salvaged) == {("json", "layout 2"), ("compact", "layout 2")}
        assert [salvaged.recall(q).status for q in QUESTIONS] == ["answered"] * 4
        assert {c.id for q in QUESTIONS for c in salvaged.recall(q).claims} == set(old_ids + new_ids)
    finally:
        salvaged.close()


def test_a_mixed_store_opens_in_a_new_process(monkeypatch: pytest.MonkeyPatch, open_store,
                                              store_dirs) -> None:
    """Invariant 10: a process that never ran the fixture's encoders opens and answers."""
    with format1_writes(monkeypatch):
        store = open_store()
        _remember(store, OLD)
        store.close()
    store = open_store()
    _remember(store, NEW)
    store.close()
    code = ("import sys\nfrom affidavit.store import Store\nfrom affidavit.identity import Identity\n"
            "s = Store.open(sys.argv[1], keyring_dir=sys.argv[2], identity=Identity(), create=False)\n"
            f"print([s.recall(q).status for q in {QUESTIONS!r}])\ns.close()\n")
    done = run_python(code, str(store_dirs[0]), str(store_dirs[1]))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(["answered"] * 4)


@pytest.mark.parametrize("which", ["old JSON row", "new compact row"])
def test_a_changed_byte_of_either_format_is_refused_at_its_seq(
        monkeypatch: pytest.MonkeyPatch, open_store, store_dirs, which: str) -> None:
    with format1_writes(monkeypatch):
        store = open_store()
        _remember(store, OLD)
        store.close()
    store = open_store()
    first_new = store.head_seq + 1
    _remember(store, NEW)
    store.close()
    db = sqlite3.connect(store_dirs[0] / "ledger.db")
    seq = db.execute("SELECT max(seq) FROM events WHERE header IS NULL AND kind = 'CLAIM_ADMITTED'"
                     if which == "old JSON row" else
                     "SELECT min(seq) FROM events WHERE header IS NOT NULL AND length(body) > 200"
                     ).fetchone()[0]
    assert (seq < first_new) == (which == "old JSON row")
    db.execute("DROP TRIGGER events_no_update")
    body = db.execute("SELECT body FROM events WHERE seq = ?", (seq,)).fetchone()[0]
    flipped = body[:20] + bytes([body[20] ^ 1]) + body[21:]
    db.execute("UPDATE events SET body = ? WHERE seq = ?", (flipped, seq))
    db.commit()
    db.close()
    with pytest.raises(ChainBroken) as caught:
        open_store()
    assert caught.value.seq == seq
    verdict = verify_path(*store_dirs)
    assert not verdict.ok and verdict.first_bad_seq == seq


# -- PostgreSQL ------------------------------------------------------------------


def _open_pg(url: str, keyring: Path) -> Store:
    return Store.open(url, keyring_dir=keyring, identity=Identity(), clock=FixedClock(step_us=1000))


@pytest.mark.postgres
def test_postgres_keeps_a_format_1_schema_until_its_owner_upgrades_it(
        monkeypatch: pytest.MonkeyPatch, pg_url: str, tmp_path: Path) -> None:
    keys = tmp_path / "k"
    with format1_writes(monkeypatch):
        store = _open_pg(pg_url, keys)
        old_ids = _remember(store, OLD)
        store.close()
    store = _open_pg(pg_url, keys)
    assert _shapes(store) == {("json", "layout 1")}
    middle_ids = _remember(store, NEW[:1])  # not upgraded: compact bodies in layout-1 rows
    assert _shapes(store) == {("json", "layout 1"), ("compact", "layout 1")}
    upgraded = PostgresLedger.open(PostgresLocation.parse(pg_url))  # what postgres-setup runs
    assert upgraded.upgrade() and not upgraded.upgrade()
    upgraded.close()
    new_ids = _remember(store, NEW[1:])  # the running process notices at its next write
    digest = store.digest()
    store.close()

    mixed = _open_pg(pg_url, keys)
    try:
        assert _shapes(mixed) == {("json", "layout 1"), ("compact", "layout 1"),
                                  ("compact", "layout 2")}
        assert mixed.digest() == digest
        _check_mixed(mixed, old_ids, middle_ids + new_ids)
    finally:
        mixed.close()
    verdict = verify_path(pg_url, keys)
    assert verdict.ok
    # `affidavit migrate` copies the rows as hashed; the copy stores them in its own layout.
    copied = migrate(pg_url, tmp_path / "copy", keys)
    assert copied.target.ok and copied.head_hash == verdict.head_hash
    copy = Store.open(tmp_path / "copy", keyring_dir=keys, create=False)
    try:
        assert _shapes(copy) == {("json", "layout 2"), ("compact", "layout 2")}
        assert copy.digest() == digest
    finally:
        copy.close()


@pytest.mark.postgres
@pytest.mark.parametrize("column", ["resolver", "actor"])
def test_postgres_refuses_an_altered_interned_header_at_the_first_seq_using_it(
        pg_url: str, tmp_path: Path, column: str) -> None:
    keys = tmp_path / "k"
    store = _open_pg(pg_url, keys)
    _remember(store, NEW)
    store.close()
    schema = PostgresLocation.parse(pg_url).schema
    with pg.admin() as conn:
        hid, first = conn.execute(
            f'SELECT header, seq FROM "{schema}".events WHERE kind = \'\' AND seq > 1 '
            f'ORDER BY seq LIMIT 1').fetchone()
        conn.execute(f'ALTER TABLE "{schema}".headers DISABLE TRIGGER USER')
        conn.execute(f'UPDATE "{schema}".headers SET {column} = {column} || \'x\' WHERE id = %s', (hid,))
        conn.execute(f'ALTER TABLE "{schema}".headers ENABLE TRIGGER USER')
    with pytest.raises(ChainBroken) as caught:
        _open_pg(pg_url, keys)
    assert caught.value.seq == first
    verdict = verify_path(pg_url, keys)
    assert not verdict.ok and verdict.first_bad_seq == first


def test_rows_read_back_as_hashed_whatever_their_layout(monkeypatch: pytest.MonkeyPatch,
                                                        open_store) -> None:
    """Every row reads back with its full header and prev_hash, layout 1 or 2."""
    with format1_writes(monkeypatch):
        store = open_store()
        _remember(store, OLD[:1])
        store.close()
    store = open_store()
    _remember(store, NEW[:1])
    rows: list[Row] = list(store.ledger.rows(0))
    assert all(r.kind and r.tenant and r.actor and r.resolver and len(r.prev_hash) == 32 for r in rows)
    assert all(b.prev_hash == a.hash for a, b in zip(rows, rows[1:], strict=False))
    # A range read from its middle gets the implied prev_hash from the row before it.
    assert list(store.ledger.rows(len(rows) - 2)) == rows[-2:]
    assert list(store.ledger.rows(len(rows) - 1, len(rows))) == rows[-1:]
