"""Bulk import: many claims through the same write gate as ``remember``, committed in batches.

Every line is one ``remember`` call, so it is decided exactly as a single
remember would be, against everything the lines before it wrote (entities,
conflicts, sources). What is batched is durability: during an import the ledger
commits "fast" (WAL, no fsync per commit) and is synced once per ``batch_size``
lines that wrote, and at the end (group commit). A crash can lose at most the unsynced tail of
commits, never leave a broken chain; rerunning the import writes that tail again.

Resuming without duplicates, before remember itself is idempotent: a line is
skipped as ``already_stored`` when the store already holds a claim of this tenant
(admitted or quarantined, whatever its state now) with the same proposed text and
validity interval whose stored evidence span is part of the line's evidence (the
gate stores the narrowed span, a substring of the evidence given). The index is
read from the claim projection and the keyring when the import starts, and grows
with each line written, so a line repeated inside one file is stored once too.
Not covered: claims whose subject was erased since (they are gone from the
projection; the gate answers ``previously_erased`` again), and claims another
process writes while the import runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import msgspec

from affidavit import validation
from affidavit.errors import InvalidInput, UnknownSource
from affidavit.events import ClaimPrivate
from affidavit.memory.remember import remember

if TYPE_CHECKING:
    from affidavit.engine import Engine
    from affidavit.progress import ProgressHook
    from affidavit.projections import ClaimRecord

Outcome = Literal["admitted", "quarantined", "held_for_review", "not_stored", "refused", "already_stored",
                  "invalid"]
OUTCOMES: tuple[Outcome, ...] = ("admitted", "quarantined", "held_for_review", "not_stored", "refused",
                                 "already_stored", "invalid")
DEFAULT_BATCH = 200


class ImportLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of an import file: what ``remember`` takes."""

    claim: str
    evidence: str
    source_id: str | None = None
    source_text: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    subject: str | None = None


class InvalidLine(msgspec.Struct, frozen=True):
    """A line that could not be read as an ``ImportLine``; ``problem`` names no content."""

    problem: str


class LineOutcome(msgspec.Struct, frozen=True, omit_defaults=True):
    line: int  # 1-based line number in the file (position in the iterable)
    outcome: Outcome
    claim_id: str | None = None
    seq: int | None = None
    reason: str | None = None  # refusal / quarantine code, or what made the line invalid

    def text(self) -> str:
        if self.outcome == "already_stored":
            return f"line {self.line}: already stored as {self.claim_id} (skipped)"
        if self.outcome == "invalid":
            return f"line {self.line}: invalid ({self.reason})"
        what = f"line {self.line}: {self.outcome}"
        if self.reason:
            what += f" ({self.reason})"
        if self.claim_id:
            what += f" {self.claim_id}"
        return what + (f" at seq {self.seq}" if self.seq is not None else "")


class ImportReport(msgspec.Struct, frozen=True, omit_defaults=True):
    lines: int
    counts: dict[str, int]  # by outcome, every outcome listed
    syncs: int  # durable group commits made
    head_seq: int
    outcomes: tuple[LineOutcome, ...] = ()  # kept unless the caller streams them

    def text(self) -> str:
        shown = ", ".join(f"{n} {name.replace('_', ' ')}" for name, n in self.counts.items() if n)
        return f"imported {self.lines} lines: {shown or 'nothing'}; head seq {self.head_seq}"


_LINE = msgspec.json.Decoder(ImportLine)


def parse_line(raw: bytes | str) -> ImportLine | InvalidLine:
    """One JSON object as an ``ImportLine``; msgspec's message names the field, not its value."""
    try:
        return _LINE.decode(raw)
    except msgspec.ValidationError as exc:
        return InvalidLine(str(exc))
    except msgspec.DecodeError:
        return InvalidLine("not a JSON object")


def read_jsonl(path: Path) -> Iterator[tuple[int, ImportLine | InvalidLine]]:
    """Numbered lines of a JSONL file; blank lines are skipped (their numbers are kept)."""
    with path.open("rb") as fh:
        for number, raw in enumerate(fh, start=1):
            if raw.strip():
                yield number, parse_line(raw)


def count_lines(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(1 for raw in fh if raw.strip())


class EnginedClaims:
    """Claims this tenant already holds, by (proposed text, interval): the resume check."""

    def __init__(self, store: Engine) -> None:
        self._store = store
        self._by_key: dict[tuple[str, str | None, str | None], list[ClaimRecord]] = {}
        tenant = store.identity.tenant
        for record in store.claims.claims().values():
            if record.tenant == tenant:
                self._add(record)

    def _add(self, record: ClaimRecord) -> None:
        opened = self._store.open_claim(record)
        if isinstance(opened, ClaimPrivate):
            key = (opened.proposed_text, record.valid_from, record.valid_to)
            self._by_key.setdefault(key, []).append(record)

    def add(self, claim_id: str) -> None:
        record = self._store.claims.get(claim_id)
        if record is not None:
            self._add(record)

    def find(self, line: ImportLine) -> str | None:
        """The id of a stored claim this line would duplicate, or None."""
        valid_from, valid_to = validation.interval(line.valid_from, line.valid_to)
        for record in self._by_key.get((line.claim, valid_from, valid_to), ()):
            stored = self._store.claim_evidence(record)
            if isinstance(stored, str) and stored.strip() and stored.strip() in line.evidence:
                return record.claim_id
        return None


def _as_line(item: ImportLine | InvalidLine | Mapping[str, object]) -> ImportLine | InvalidLine:
    if isinstance(item, ImportLine | InvalidLine):
        return item
    try:
        return msgspec.convert(item, ImportLine)
    except msgspec.ValidationError as exc:
        return InvalidLine(str(exc))


def _decide(store: Engine, number: int, line: ImportLine, stored: EnginedClaims) -> LineOutcome:
    try:
        duplicate = stored.find(line)
        if duplicate is not None:
            return LineOutcome(number, "already_stored", claim_id=duplicate)
        out = remember(store, line.claim, line.evidence, source_id=line.source_id,
                             source_text=line.source_text, subject=line.subject,
                             valid_from=line.valid_from, valid_to=line.valid_to)
    except InvalidInput as exc:
        return LineOutcome(number, "invalid", reason=f"{exc.field}: {exc.problem}")
    except UnknownSource:
        return LineOutcome(number, "invalid", reason="source_id: not registered in this tenant")
    if out.claim_id is not None:
        stored.add(out.claim_id)
    return LineOutcome(number, out.status, claim_id=out.claim_id, seq=out.seq, reason=out.reason)


def import_claims(
    store: Engine,
    items: Iterable[ImportLine | InvalidLine | Mapping[str, object]]
    | Iterable[tuple[int, ImportLine | InvalidLine]],
    *,
    batch_size: int = DEFAULT_BATCH,
    on_outcome: Callable[[LineOutcome], None] | None = None,
    keep_outcomes: bool = True,
    progress: ProgressHook | None = None,
    total: int | None = None,
) -> ImportReport:
    """Remember every item (numbered pairs keep their numbers); sync every ``batch_size`` lines."""
    if not isinstance(batch_size, int) or batch_size < 1:
        raise InvalidInput("batch_size", "expected a positive number of lines")
    store.require_writable()
    stored = EnginedClaims(store)
    counts: dict[str, int] = dict.fromkeys(OUTCOMES, 0)
    kept: list[LineOutcome] = []
    ledger = store.ledger  # durability is the ledger's; the one engine detail import uses
    configured = ledger.durability
    syncs = unsynced = lines = 0
    ledger.set_durability("fast")
    try:
        for position, item in enumerate(items, start=1):
            number, raw = item if isinstance(item, tuple) else (position, item)
            line = _as_line(raw)
            if isinstance(line, InvalidLine):
                outcome = LineOutcome(number, "invalid", reason=line.problem)
            else:
                outcome = _decide(store, number, line, stored)
            lines += 1
            counts[outcome.outcome] += 1
            if outcome.seq is not None:
                unsynced += 1
            if keep_outcomes:
                kept.append(outcome)
            if on_outcome is not None:
                on_outcome(outcome)
            if progress is not None:
                progress(lines, total)
            if unsynced >= batch_size:
                ledger.sync()
                syncs, unsynced = syncs + 1, 0
    finally:
        ledger.set_durability(configured)
        if unsynced:
            ledger.sync()  # an interrupted import keeps what it committed
            syncs += 1
    return ImportReport(lines, counts, syncs, store.head_seq, tuple(kept))
