"""The ledger backend contract: what the engine relies on from any ``LedgerBackend``.

``LedgerContract`` holds the tests and is not collected itself; each backend
subclasses it and says how to create, reopen and open a second connection to one
ledger (eventsourcing's persistence test cases work the same way). Both backends run
here: ``TestSQLiteLedger`` and ``TestPostgresLedger`` (against the real server, each
test in a schema of its own).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from affidavit.chain import Row
from affidavit.errors import AffidavitError
from affidavit.ledger import HeadSeal, LedgerBackend, PostgresLedger, PostgresLocation, SQLiteLedger


def row(seq: int, body: bytes = b"body") -> Row:
    """A row as stored; the backend never checks its hashes (the engine does)."""
    digest = hashlib.sha256(seq.to_bytes(8, "big") + body).digest()
    return Row(seq, "CLAIM_ADMITTED", "default", "agent", 1_000 + seq, "r/1", body,
               b"\x00" * 32, digest)


class LedgerContract:
    """Subclass with ``create``, ``reopen`` and ``second`` for a backend; the tests come free."""

    def create(self, where: Path) -> LedgerBackend:
        raise NotImplementedError

    def reopen(self, where: Path) -> LedgerBackend:
        raise NotImplementedError

    def second(self, where: Path) -> LedgerBackend:
        """Another connection (another process, as far as the backend can tell)."""
        return self.reopen(where)

    @pytest.fixture
    def ledger(self, tmp_path: Path):  # type: ignore[no-untyped-def]
        backend = self.create(tmp_path)
        yield backend
        backend.close()

    def _append(self, ledger: LedgerBackend, rows: list[Row], seal: bool = True) -> None:
        with ledger.write() as tx:
            tx.insert(rows)
            if seal:
                tx.seal_head(rows[-1].seq, rows[-1].hash, b"mac" + bytes([rows[-1].seq % 256]))

    def test_a_new_ledger_is_empty_and_unsealed(self, ledger: LedgerBackend) -> None:
        """No rows, last seq 0, no head seal; durability is one of the two modes."""
        assert list(ledger.rows(0)) == [] and ledger.last_seq() == 0
        assert ledger.head_seal() is None
        assert ledger.durability in ("full", "fast")

    def test_rows_come_back_as_stored_in_seq_order(self, ledger: LedgerBackend) -> None:
        """Every column, bytes included, reads back exactly as appended."""
        rows = [row(1, b"\x00\xff"), row(2, b"{}"), row(3, b"x" * 70_000)]
        self._append(ledger, rows)
        assert list(ledger.rows(0)) == rows
        assert ledger.last_seq() == 3

    def test_rows_and_scan_take_the_same_bounds(self, ledger: LedgerBackend) -> None:
        """``after_seq`` is exclusive, ``until_seq`` inclusive; scan yields the same values."""
        rows = [row(i) for i in range(1, 6)]
        self._append(ledger, rows)
        assert [r.seq for r in ledger.rows(2)] == [3, 4, 5]
        assert [r.seq for r in ledger.rows(1, 3)] == [2, 3]
        assert list(ledger.rows(5)) == [] and list(ledger.rows(0, 0)) == []
        with ledger.scan(1, 3) as values:
            assert [tuple(v) for v in values] == [tuple(r) for r in rows[1:3]]
        with ledger.scan(0) as values:
            assert len(list(values)) == 5

    def test_the_seal_commits_with_its_rows(self, ledger: LedgerBackend) -> None:
        """After a write the seal names its last row; a later write replaces it."""
        self._append(ledger, [row(1), row(2)])
        seal = ledger.head_seal()
        assert isinstance(seal, HeadSeal)
        assert (seal.seq, seal.hash, seal.mac) == (2, row(2).hash, b"mac\x02")
        self._append(ledger, [row(3)])
        seal = ledger.head_seal()
        assert seal is not None and (seal.seq, seal.hash) == (3, row(3).hash)

    def test_a_failed_write_leaves_neither_rows_nor_seal(self, ledger: LedgerBackend) -> None:
        """An exception inside ``write`` rolls back the batch and the seal together."""
        self._append(ledger, [row(1)])
        with pytest.raises(RuntimeError), ledger.write() as tx:
            tx.insert([row(2), row(3)])
            tx.seal_head(3, row(3).hash, b"mac")
            raise RuntimeError("the decision failed half way")
        assert ledger.last_seq() == 1 and [r.seq for r in ledger.rows(0)] == [1]
        seal = ledger.head_seal()
        assert seal is not None and seal.seq == 1

    def test_a_seq_already_stored_is_refused(self, ledger: LedgerBackend) -> None:
        """Appending a seq twice fails with a typed error and appends nothing of the batch."""
        self._append(ledger, [row(1)])
        with pytest.raises(AffidavitError):
            self._append(ledger, [row(2), row(1)])
        assert ledger.last_seq() == 1

    def test_committed_rows_survive_a_reopen(self, tmp_path: Path) -> None:
        """What one connection committed, a new one reads, seal included."""
        first = self.create(tmp_path)
        self._append(first, [row(1), row(2)])
        first.close()
        again = self.reopen(tmp_path)
        try:
            assert [r.seq for r in again.rows(0)] == [1, 2]
            seal = again.head_seal()
            assert seal is not None and seal.seq == 2
        finally:
            again.close()

    def test_a_writer_catches_up_under_the_lock(self, tmp_path: Path) -> None:
        """Inside ``write``, ``rows_after`` shows rows another connection committed before."""
        a, b = self.create(tmp_path), None
        try:
            b = self.second(tmp_path)
            self._append(a, [row(1), row(2)])
            with b.write() as tx:
                assert [r.seq for r in tx.rows_after(0)] == [1, 2]
                tx.insert([row(3)])
            assert a.last_seq() == 3
        finally:
            a.close()
            if b is not None:
                b.close()

    def test_a_snapshot_sees_one_state(self, tmp_path: Path) -> None:
        """Reads inside ``snapshot`` do not see rows another connection commits meanwhile."""
        a = self.create(tmp_path)
        b = self.second(tmp_path)
        try:
            self._append(a, [row(1)])
            with b.snapshot():
                assert b.last_seq() == 1
                self._append(a, [row(2)])
                assert b.last_seq() == 1 and [r.seq for r in b.rows(0)] == [1]
            assert b.last_seq() == 2
        finally:
            a.close()
            b.close()

    def test_a_snapshot_nests_inside_another(self, tmp_path: Path) -> None:
        """A snapshot opened inside a snapshot keeps the outer state and ends with it."""
        a = self.create(tmp_path)
        b = self.second(tmp_path)
        try:
            self._append(a, [row(1)])
            with b.snapshot():
                assert b.last_seq() == 1
                with b.snapshot():
                    self._append(a, [row(2)])
                assert b.last_seq() == 1  # the inner block did not end the outer one
            assert b.last_seq() == 2
        finally:
            a.close()
            b.close()

    def test_checkpoint_keeps_every_row(self, ledger: LedgerBackend) -> None:
        """Making rows durable in the main store changes nothing a reader sees."""
        self._append(ledger, [row(1), row(2)])
        ledger.checkpoint()
        assert [r.seq for r in ledger.rows(0)] == [1, 2]


class TestSQLiteLedger(LedgerContract):
    """The SQLite (apsw) backend: one file, BEGIN IMMEDIATE as the chain lock."""

    def create(self, where: Path) -> LedgerBackend:
        return SQLiteLedger.create(where / "ledger.db")

    def reopen(self, where: Path) -> LedgerBackend:
        return SQLiteLedger.open(where / "ledger.db")


@pytest.mark.postgres
class TestPostgresLedger(LedgerContract):
    """The PostgreSQL (psycopg) backend: one schema, the head row lock as the chain lock."""

    @pytest.fixture(autouse=True)
    def _schema(self):  # type: ignore[no-untyped-def]
        import pg

        with pg.temp_schema("c") as schema:
            self.location = PostgresLocation.parse(pg.url_for(schema=schema))
            yield

    def create(self, where: Path) -> LedgerBackend:
        return PostgresLedger.create(self.location)

    def reopen(self, where: Path) -> LedgerBackend:
        return PostgresLedger.open(self.location)

    def test_rows_and_scan_stream_past_one_page(self, ledger: LedgerBackend) -> None:
        """More rows than a page: keyset pages and the server-side cursor return them all."""
        from affidavit.ledger import postgres

        total = postgres.PAGE * 2 + 7
        for start in range(1, total + 1, 1000):
            self._append(ledger, [row(i) for i in range(start, min(start + 1000, total + 1))])
        assert [r.seq for r in ledger.rows(0)] == list(range(1, total + 1))
        with ledger.scan(3) as values:
            assert [v[0] for v in values] == list(range(4, total + 1))
        with ledger.snapshot(), ledger.scan(0, total - 1) as values:
            assert sum(1 for _ in values) == total - 1

    def test_an_empty_schema_of_other_tables_is_not_a_ledger(self) -> None:
        """A schema holding someone else's tables is refused and left untouched."""
        import pg

        from affidavit.errors import NotALedger

        with pg.admin() as conn:
            conn.execute(f'CREATE SCHEMA "{self.location.schema}"')
            conn.execute(f'CREATE TABLE "{self.location.schema}".payroll (id int)')
        with pytest.raises(NotALedger):
            PostgresLedger.open(self.location)
        with pytest.raises(NotALedger):
            PostgresLedger.create(self.location)


def test_the_contract_is_not_collected_on_its_own() -> None:
    """Control: only backend subclasses run the contract; the base has no backend."""
    with pytest.raises(NotImplementedError):
        LedgerContract().create(Path("."))
