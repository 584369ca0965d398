"""Invariant 2: the chain is verified on every open and a tampered ledger refuses to open."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from affidavit import chain
from affidavit.chain import Row
from affidavit.engine.verification import verify_path
from affidavit.errors import ChainBroken, NotALedger
from affidavit.ledger import SQLiteLedger
from affidavit.store import LEDGER_FILE
from affidavit.testing import append_synthetic

N_CLAIMS = 12


@pytest.fixture
def ledger_file(open_store, store_dirs) -> Path:
    store = open_store()
    append_synthetic(store, N_CLAIMS, subjects=4, batch=3)
    store.close()
    return store_dirs[0] / LEDGER_FILE


def _edit(path: Path, *sql: tuple[str, tuple]) -> None:
    """Edit the ledger as an attacker with file access would: triggers dropped."""
    db = sqlite3.connect(path)
    for trigger in ("events_no_update", "events_no_delete", "headers_no_update", "headers_no_delete"):
        db.execute(f"DROP TRIGGER {trigger}")
    for statement, params in sql:
        db.execute(statement, params)
    db.commit()
    db.close()


def _row(path: Path, seq: int) -> tuple:
    db = sqlite3.connect(path)
    row = db.execute("SELECT * FROM events WHERE seq = ?", (seq,)).fetchone()
    db.close()
    return row


def _flip(value: bytes | str | int) -> bytes | str | int:
    """One bit flipped; a column row layout 2 leaves empty gets a byte; an id the next one."""
    if isinstance(value, int):
        return value + 1
    if not value:
        return b"\x01" if isinstance(value, bytes) else "x"
    if isinstance(value, bytes):
        return bytes([value[0] ^ 0x01]) + value[1:]
    return chr(ord(value[0]) ^ 0x01) + value[1:]


COLUMNS = ["seq", "kind", "tenant", "actor", "recorded_at", "resolver", "body", "prev_hash", "hash",
           "header"]


def _insert(row: tuple) -> tuple[str, tuple]:
    """An INSERT of a whole stored row (every column, in table order)."""
    return f"INSERT INTO events ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(row))})", row


def _legacy_insert(row: Row) -> tuple[str, tuple]:
    """An INSERT of a row in layout 1: its header strings and prev_hash in its own columns."""
    return (f"INSERT INTO events ({', '.join(COLUMNS[:9])}) VALUES ({', '.join('?' * 9)})",
            tuple(row))


def _expanded_rows(path: Path) -> list[Row]:
    """The rows as hashed (the backend expands layout 2)."""
    ledger = SQLiteLedger.open(path)
    try:
        return list(ledger.rows(0))
    finally:
        ledger.close()


def _assert_refused_at(open_store, store_dirs, seq: int) -> None:
    with pytest.raises(ChainBroken) as info:
        open_store()
    assert info.value.seq == seq
    verdict = verify_path(store_dirs[0], store_dirs[1])
    assert not verdict.ok and verdict.first_bad_seq == seq


def test_untampered_ledger_opens_and_verifies(ledger_file, open_store, store_dirs) -> None:
    """The control: the same ledger, untouched, opens and verifies with a sealed head."""
    store = open_store()
    assert store.head_seq > N_CLAIMS
    verdict = verify_path(store_dirs[0], store_dirs[1])
    assert verdict.ok and verdict.head_seal == "verified" and verdict.events == store.head_seq
    # Row layout 2 is what is being attacked below: interned headers, implied prev_hash.
    stored = _row(ledger_file, 7)
    assert stored[COLUMNS.index("header")] is not None and stored[COLUMNS.index("prev_hash")] == b""


@pytest.mark.parametrize(
    "column", ["kind", "tenant", "actor", "resolver", "body", "prev_hash", "hash", "header"]
)
def test_one_changed_byte_in_any_column_names_that_seq(
    ledger_file, open_store, store_dirs, column
) -> None:
    """Changing one column of row 7 (a flipped bit, a byte in a column layout 2 leaves empty,
    another header id) refuses the open and names seq 7."""
    value = _row(ledger_file, 7)[COLUMNS.index(column)]
    _edit(ledger_file, (f"UPDATE events SET {column} = ? WHERE seq = 7", (_flip(value),)))
    _assert_refused_at(open_store, store_dirs, 7)


@pytest.mark.parametrize(
    "column", ["kind", "tenant", "actor", "recorded_at", "resolver", "body", "prev_hash", "hash",
               "header"]
)
def test_a_changed_genesis_row_is_refused_at_seq_1(ledger_file, open_store, store_dirs, column) -> None:
    """The genesis row is read for its store id before verification: a change there is still
    a typed ChainBroken at seq 1 (not a decoder's exception)."""
    value = _row(ledger_file, 1)[COLUMNS.index(column)]
    _edit(ledger_file, (f"UPDATE events SET {column} = ? WHERE seq = 1", (_flip(value),)))
    _assert_refused_at(open_store, store_dirs, 1)


@pytest.mark.parametrize("column", ["kind", "tenant", "actor", "resolver"])
def test_a_changed_interned_header_names_the_first_seq_that_uses_it(
    ledger_file, open_store, store_dirs, column
) -> None:
    """One flipped bit in a row of ``headers`` breaks the first event that names it."""
    header = _row(ledger_file, 7)[COLUMNS.index("header")]
    db = sqlite3.connect(ledger_file)
    first = db.execute("SELECT min(seq) FROM events WHERE header = ?", (header,)).fetchone()[0]
    value = db.execute(f"SELECT {column} FROM headers WHERE id = ?", (header,)).fetchone()[0]
    db.close()
    assert 1 < first <= 7
    _edit(ledger_file, (f"UPDATE headers SET {column} = ? WHERE id = ?", (_flip(value), header)))
    _assert_refused_at(open_store, store_dirs, first)


def test_a_dangling_header_id_names_that_seq(ledger_file, open_store, store_dirs) -> None:
    """A header id no headers row has refuses the open at that seq (no text to hash)."""
    _edit(ledger_file, ("UPDATE events SET header = 999 WHERE seq = 7", ()))
    _assert_refused_at(open_store, store_dirs, 7)


def test_a_deleted_headers_row_names_the_first_seq_that_used_it(
    ledger_file, open_store, store_dirs
) -> None:
    """Removing an interned header leaves its rows nothing to expand to: the first is named."""
    header = _row(ledger_file, 7)[COLUMNS.index("header")]
    db = sqlite3.connect(ledger_file)
    first = db.execute("SELECT min(seq) FROM events WHERE header = ?", (header,)).fetchone()[0]
    db.close()
    _edit(ledger_file, ("DELETE FROM headers WHERE id = ?", (header,)))
    _assert_refused_at(open_store, store_dirs, first)


def test_changed_recorded_at_names_that_seq(ledger_file, open_store, store_dirs) -> None:
    """A shifted timestamp breaks the hash of exactly that event."""
    _edit(ledger_file, ("UPDATE events SET recorded_at = recorded_at + 1 WHERE seq = 5", ()))
    _assert_refused_at(open_store, store_dirs, 5)


def test_changed_seq_is_a_gap(ledger_file, open_store, store_dirs) -> None:
    """Renumbering row 6 leaves seq 6 missing, and seq 6 is named."""
    _edit(ledger_file, ("UPDATE events SET seq = 10000 WHERE seq = 6", ()))
    _assert_refused_at(open_store, store_dirs, 6)


def test_deleted_middle_row(ledger_file, open_store, store_dirs) -> None:
    """Deleting row 4 is found at seq 4."""
    _edit(ledger_file, ("DELETE FROM events WHERE seq = 4", ()))
    _assert_refused_at(open_store, store_dirs, 4)


def test_deleted_last_row_is_caught_by_the_head_seal(ledger_file, open_store, store_dirs) -> None:
    """Truncating the tail chains perfectly, but the sealed head names the missing seq."""
    last = sqlite3.connect(ledger_file).execute("SELECT max(seq) FROM events").fetchone()[0]
    _edit(ledger_file, ("DELETE FROM events WHERE seq = ?", (last,)))
    _assert_refused_at(open_store, store_dirs, last)


def test_swapped_rows(ledger_file, open_store, store_dirs) -> None:
    """Swapping the contents of rows 3 and 4 is found at seq 3."""
    a, b = _row(ledger_file, 3), _row(ledger_file, 4)
    cols = ", ".join(f"{c}=?" for c in COLUMNS[1:])
    _edit(ledger_file,
          (f"UPDATE events SET {cols} WHERE seq = 3", tuple(b[1:])),
          (f"UPDATE events SET {cols} WHERE seq = 4", tuple(a[1:])))
    _assert_refused_at(open_store, store_dirs, 3)


def test_duplicated_row(ledger_file, open_store, store_dirs) -> None:
    """A copy of row 2 appended at the end is found at its new seq."""
    last = sqlite3.connect(ledger_file).execute("SELECT max(seq) FROM events").fetchone()[0]
    row = _row(ledger_file, 2)
    _edit(ledger_file, _insert((last + 1, *row[1:])))
    _assert_refused_at(open_store, store_dirs, last + 1)


def test_forged_tail_with_valid_hashes(ledger_file, open_store, store_dirs) -> None:
    """A correctly chained forged event is caught because it is not under the sealed head."""
    db = sqlite3.connect(ledger_file)
    last, prev, at = db.execute(
        "SELECT seq, hash, recorded_at FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    db.close()
    body = b'{"claim_id":"forged"}'
    digest = chain.event_hash(last + 1, "CLAIM_STATE_CHANGED", "default", "mallory", at,
                              "x", body, prev)
    _edit(ledger_file, _legacy_insert(Row(last + 1, "CLAIM_STATE_CHANGED", "default", "mallory", at,
                                          "x", body, prev, digest)))
    _assert_refused_at(open_store, store_dirs, last + 1)


def test_time_going_backwards_is_refused(ledger_file, open_store, store_dirs) -> None:
    """recorded_at never goes backwards, even when the hashes are recomputed to match."""
    rows = [list(r) for r in _expanded_rows(ledger_file)]
    rows[8][4] = rows[7][4] - 10
    prev = chain.GENESIS_PREV
    for r in rows:  # re-chain everything so only the clock is wrong
        r[7] = prev
        r[8] = chain.event_hash(r[0], r[1], r[2], r[3], r[4], r[5], r[6], prev)
        prev = r[8]
    _edit(ledger_file, ("DELETE FROM events", ()), *[_legacy_insert(Row(*r)) for r in rows])
    _assert_refused_at(open_store, store_dirs, 9)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_garbage_or_truncated_file_is_refused_and_left_untouched(
    ledger_file, open_store, damage
) -> None:
    """A damaged file gives a clear error and its bytes are not changed by the attempt."""
    data = ledger_file.read_bytes()
    new = {"garbage": hashlib.sha256(data).digest() * 300, "truncated": data[: len(data) // 3],
           "empty": b""}[damage]
    ledger_file.write_bytes(new)
    with pytest.raises(NotALedger):
        open_store()
    assert ledger_file.read_bytes() == new


def test_a_forged_head_seal_mac_names_the_same_seq_on_open_and_verify(
    ledger_file, open_store, store_dirs
) -> None:
    """A seal whose MAC was not made with the keyring fails at the head, in both paths."""
    db = sqlite3.connect(ledger_file)
    head, mac = db.execute("SELECT seq, mac FROM head_seal").fetchone()
    db.execute("UPDATE head_seal SET mac = ?", (_flip(mac),))
    db.commit()
    db.close()
    _assert_refused_at(open_store, store_dirs, head)
