"""Row layout 2 (ledger format 2): interned headers and implied ``prev_hash``, both backends.

Almost every row of a ledger repeats one of a few (kind, tenant, actor, resolver)
tuples, the resolver alone some 120 characters, and stores as ``prev_hash`` the hash
of the row before it. A layout-2 row stores instead:

* ``header``: the id of its tuple in the ``headers`` table (insert-only, one row per
  tuple), with its own four text columns left empty;
* ``prev_hash``: an empty blob when it equals the stored ``hash`` of the row at
  ``seq - 1`` (32 zero bytes at seq 1), else the 32 bytes.

Reading expands every row back to what was hashed, so nothing above the backend knows
the layout. The expansion is built so that tampering cannot hide: a row's text columns
are *appended* to its header's strings (anything put into them changes the value), an
unknown header id expands to no text at all (a type failure of that row), and an
implied ``prev_hash`` is the stored hash of the row read just before it (an altered or
missing predecessor fails the chain there). The event hash covers the expanded values,
so an altered ``headers`` row breaks the first event that uses it. Layout-1 rows (no
header id) pass through untouched, so one ledger may hold both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final

from affidavit.chain import GENESIS_PREV, Row, RowValues

LAYOUT_MIGRATION: Final = "0002_compact_rows"
Header = tuple[str, str, str, str]  # kind, tenant, actor, resolver
# As selected: the nine columns of ``Row`` then ``header`` (None on a layout-1 row).
StoredValues = tuple[int, str, str, str, int, str, bytes, bytes, bytes, int | None]


class Headers:
    """The interned header tuples of one ledger, as far as this process has read them.

    ``load`` reads the whole table; it runs again when a row names an id not yet seen
    (another process interned it). Ids a write transaction interns join only when it
    commits (``commit``); a rollback forgets everything read inside it (``reset``).
    """

    def __init__(self, load: Callable[[], Iterable[tuple[int, str, str, str, str]]]) -> None:
        self._load = load
        self._by_id: dict[int, Header] = {}
        self._by_header: dict[Header, int] = {}
        self._pending: dict[Header, int] = {}

    def reset(self) -> None:
        self._by_id, self._by_header, self._pending = {}, {}, {}

    def _reload(self) -> None:
        by_id: dict[int, Header] = {}
        for hid, kind, tenant, actor, resolver in self._load():
            by_id[hid] = (kind, tenant, actor, resolver)
        self._by_id = by_id
        self._by_header = {h: i for i, h in by_id.items()}

    def known(self) -> dict[int, Header]:
        """The ids read so far (a reload replaces this dict: ``get`` on a miss)."""
        return self._by_id

    def get(self, hid: int) -> Header | None:
        found = self._by_id.get(hid)
        if found is None:
            self._reload()
            found = self._by_id.get(hid)
        return found

    def id_of(self, header: Header, insert: Callable[[Header], int]) -> int:
        """The id of ``header``, interned through ``insert`` (inside the write) if new."""
        hid = self._by_header.get(header)
        if hid is None:
            hid = self._pending.get(header)
        if hid is None:
            self._reload()
            hid = self._by_header.get(header)
            if hid is None:
                hid = self._pending[header] = insert(header)
        return hid

    def commit(self) -> None:
        for header, hid in self._pending.items():
            self._by_header[header] = hid
            self._by_id[hid] = header
        self._pending = {}


def to_stored(rows: Sequence[Row], before: tuple[int, bytes] | None,
              header_id: Callable[[Header], int]) -> list[StoredValues]:
    """Layout-2 values of a batch; ``before`` is (seq, stored hash) of the row before the
    first, when known (an unknown one keeps the first row's ``prev_hash`` in full)."""
    out: list[StoredValues] = []
    last = before if before is not None else (0, GENESIS_PREV) if rows and rows[0].seq == 1 \
        else None
    for row in rows:
        implied = last is not None and last[0] == row.seq - 1 and last[1] == row.prev_hash
        out.append((row.seq, "", "", "", row.recorded_at, "", row.body,
                    b"" if implied else row.prev_hash, row.hash,
                    header_id((row.kind, row.tenant, row.actor, row.resolver))))
        last = (row.seq, row.hash)
    return out


def expand(stored: Iterable[StoredValues], headers: Headers, after_seq: int) -> Iterator[RowValues]:
    """Rows as hashed, from stored values read from ``seq >= after_seq`` (``> 0`` at 0).

    The row at ``after_seq`` itself is read only for its hash (the implied
    ``prev_hash`` of the next); it is not yielded.
    """
    last_seq, last_hash = (0, GENESIS_PREV) if after_seq == 0 else (-1, b"")
    known = headers.known()  # looked up in place per row; a miss goes through ``get``
    for seq, kind, tenant, actor, recorded_at, resolver, body, prev, digest, hid in stored:
        if hid is not None:
            header = known.get(hid)
            if header is None:
                header = headers.get(hid)
                known = headers.known()
            if header is None:  # an id no headers row has: no text, which no check accepts
                kind = tenant = actor = resolver = None  # type: ignore[assignment]
            elif kind == tenant == actor == resolver == "":  # as written: the header's own strings
                kind, tenant, actor, resolver = header
            else:
                try:  # noqa: SIM105 -- per row: a try costs nothing, a context manager two calls
                    kind, tenant, actor, resolver = (header[0] + kind, header[1] + tenant,
                                                     header[2] + actor, header[3] + resolver)
                except TypeError:  # a column of another type: left as found, which fails its check
                    pass
            if prev == b"":
                prev = last_hash if seq == last_seq + 1 else b""
        if seq > after_seq:
            yield (seq, kind, tenant, actor, recorded_at, resolver, body, prev, digest)
        last_seq, last_hash = seq, digest
