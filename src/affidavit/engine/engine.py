"""One opened store's engine: the ledger, its keyring, and the projections replayed from it.

Every state change goes through ``Engine.transact``: take the chain lock, catch up
with other processes, check the head seal, decide against current state, append,
commit, then apply to projections. The engine knows no use case; those are
functions over it in ``affidavit.memory``. Opening lives in ``opening.py``.
"""

from __future__ import annotations

import errno
import gc
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Self, TypeVar

import msgspec
import structlog

from affidavit import chain
from affidavit.chain import Row, RowValues
from affidavit.clock import Clock
from affidavit.codec import (
    COMPACT_FORMAT_BYTE,
    REPLAY_DECODERS,
    compact_replay_decoders,
    decode_event,
    encode_private,
)
from affidavit.crypto import macs
from affidavit.crypto.keyring import Keyring
from affidavit.engine import head_seal, high_water
from affidavit.engine.content import Content, clear_text_caches
from affidavit.engine.follower import Follower
from affidavit.engine.transaction import Draft, build_rows
from affidavit.errors import (
    AffidavitError,
    ChainBroken,
    ErasurePending,
    InvalidInput,
    KeyringError,
)
from affidavit.events import EAGER_PRIVATE, Applied, ClaimPrivate, Event, Sealed, Unreadable
from affidavit.identity import Identity
from affidavit.ledger import HeadSeal, LedgerBackend
from affidavit.projections import (
    ClaimGraph,
    ClaimRecord,
    DisputeEdges,
    Entities,
    ErasedSubjects,
    ProjectionSet,
    ReviewQueue,
    SourceRegistry,
)

erasure_log = structlog.get_logger("affidavit.erasure")  # the name erasure logs go under
log = structlog.get_logger("affidavit.engine")
T = TypeVar("T")

ENGINE_RESOLVER = "affidavit-engine/0.1"
# A replay of at least this many events freezes what it built out of the cyclic
# collector's reach (gc.freeze); smaller stores leave the collector as it was.
FREEZE_AFTER = 20_000


class Engine:
    """The verified, replayed state of one store and the only way to change it."""

    def __init__(self, path: Path, ledger: LedgerBackend, keyring: Keyring | None, store_id: str,
                 identity: Identity, clock: Clock, keyring_dir: Path) -> None:
        self.path = path
        self.store_id = store_id
        self.identity = identity
        self.clock = clock
        self.keyring_dir = keyring_dir
        self._ledger = ledger
        self._keyring = keyring
        self.claims = ClaimGraph()
        self.entities = Entities()
        self.sources = SourceRegistry()
        self.erased = ErasedSubjects()
        self.review_queue = ReviewQueue()
        self.disputes = DisputeEdges()
        self._projections = ProjectionSet(
            [self.claims, self.entities, self.sources, self.erased, self.review_queue,
             self.disputes]
        )
        self._content = Content(store_id, keyring, self.erased)
        self._head_recorded_at = -(2**63)
        self._observers: list[Callable[[Applied], None]] = []
        self._froze = False  # whether this engine's replay froze the collector's heap
        self._trusted_seal: tuple[int, bytes, bytes] | None = None  # last seal written here
        self._replaying = False  # the replay at open (caches are swept once at its end)
        self._readonly_at: int | None = None  # a view's seq
        self._owner = True  # a view shares its parent's ledger and keyring
        self._broken: ChainBroken | None = None  # once seen, this engine serves nothing
        # Held by every catch-up and write, and by a host that serves calls while a
        # follower thread catches up in the background (``follow``; the MCP server).
        self.lock = threading.RLock()
        self._follower: Follower | None = None

    # -- what use cases read ---------------------------------------------------
    @property
    def ledger(self) -> LedgerBackend:
        return self._ledger

    @property
    def keyring(self) -> Keyring | None:
        return self._keyring

    @property
    def readonly_at(self) -> int | None:
        """The seq a read-only view stands at; None for the live engine."""
        return self._readonly_at

    @property
    def head_seq(self) -> int:
        return self._projections.head_seq

    @property
    def head_hash(self) -> bytes:
        return self._projections.head_hash

    def digest(self) -> str:
        return self._projections.digest()

    def require_keyring(self) -> Keyring:
        if self._keyring is None:
            raise KeyringError("this store was opened without its keyring: it is read-only")
        return self._keyring

    def require_writable(self) -> None:
        if self._readonly_at is not None:
            raise AffidavitError(f"this is a read-only view as of seq {self._readonly_at}")

    def close(self) -> None:
        if not self._owner:
            return  # a view shares its parent's ledger and keyring
        if self._follower is not None:
            self._follower.stop()
            self._follower = None
        self._ledger.close()
        if self._keyring is not None:
            self._keyring.close()
        if self._froze:
            gc.unfreeze()  # the collector may reclaim what this store's replay held
            self._froze = False

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- content -----------------------------------------------------------------
    def open_sealed(self, sealed: Sealed, seq: int, kind: str, field: str, cls: type) -> object:
        """The decrypted payload, or ``Unreadable`` when a key is destroyed or not held."""
        return self._content.open_sealed(sealed, seq, kind, field, cls)

    def open_claim(self, record: ClaimRecord) -> ClaimPrivate | Unreadable:
        """A claim's content, decrypted on first read and cached (never across an erasure)."""
        return self._content.open_claim(record)

    def claim_evidence(self, record: ClaimRecord) -> str | Unreadable:
        """A claim's stored supporting span (sealed apart from the claim since format 1.1)."""
        return self._content.claim_evidence(record)

    def claim_private(self, record: ClaimRecord) -> ClaimPrivate | None:
        opened = self._content.open_claim(record)
        return opened if isinstance(opened, ClaimPrivate) else None

    def seal(self, seq: int, kind: str, field: str, plain: bytes, key_ids: tuple[str, ...]) -> Sealed:
        self.require_keyring()
        return self._content.seal(seq, kind, field, plain, key_ids)

    def shred(self, key_ids: tuple[str, ...] | list[str]) -> int:
        """Destroy the keys the keyring still holds; returns how many were still held."""
        return self._content.shred(key_ids, self.clock.now_us())

    # -- replay ------------------------------------------------------------------
    def view_at(self, seq: int, observe: Callable[[Applied], None] | None = None) -> Self:
        """A read-only engine as it stood at ledger position ``seq`` (replayed from genesis)."""
        self.catch_up()
        if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= self.head_seq:
            raise InvalidInput("as_of_seq", f"expected a seq from 1 to {self.head_seq}")
        view = type(self)(self.path, self._ledger, self._keyring, self.store_id, self.identity,
                          self.clock, self.keyring_dir)
        view._readonly_at = seq
        view._owner = False
        if observe is not None:
            view._observers.append(observe)
        collecting = gc.isenabled()
        gc.disable()  # as at open: replay allocates many small acyclic objects
        try:
            with self._ledger.scan(0, seq) as rows:
                view._catch_up(rows)
        finally:
            if collecting:
                gc.enable()
        return view

    def catch_up(self) -> None:
        """Apply events other processes appended since we last looked (read path).

        Only rows under a head seal that verifies are applied: someone holding the
        ledger file alone can append correctly chained rows, but not seal them. A
        broken chain or seal stops this engine for good (every later read and write
        raises the same ``ChainBroken``), as a fresh open would refuse it.

        A backend that hears of appends (PostgreSQL's notifications of seal moves) may
        say nothing was sealed since our head: then there is nothing to read. An
        unsealed forged tail moves no seal; it is never served, and the next write,
        open or ``verify`` refuses it.
        """
        if self._readonly_at is not None:
            return  # a view stays at its seq
        if self._broken is not None:
            raise self._broken
        if not self._ledger.changed_since(self._projections.head_seq):
            return  # PostgreSQL: no notification announced anything beyond our head
        with self.lock:
            self._catch_up_sealed()

    def _catch_up_sealed(self) -> None:
        try:
            if self._keyring is None:  # no seal can be checked without the keyring
                with self._ledger.scan(self._projections.head_seq) as rows:
                    self._catch_up(rows)
                return
            with self._ledger.snapshot():
                seal = self._ledger.head_seal()
                head = self._projections.head_seq
                if (seal is not None and seal.seq == head
                        and (seal.seq, seal.hash, seal.mac) == self._trusted_seal
                        and self._ledger.last_seq() == head):
                    return  # nothing new, and the seal is the one already verified
                upto = seal.seq if seal is not None else 0
                if upto > head:
                    with self._ledger.scan(head, upto) as rows:
                        self._catch_up(rows)
                self._check_head_seal(seal, self._ledger.last_seq())
        except ChainBroken as exc:
            self._broken = exc
            raise

    def follow(self) -> bool:
        """Catch up in the background whenever the backend announces an append.

        Only for a host that holds ``self.lock`` around every call it serves (the MCP
        server does): the follower applies events under that lock. False when the
        backend announces nothing (SQLite); reads then catch up before they answer.
        """
        if self._readonly_at is not None or not hasattr(self._ledger, "wait_for_change"):
            return False
        if self._follower is None:
            self._follower = Follower(self)
            self._follower.start()
        return True

    def _replay_all(self) -> None:
        # Replay allocates millions of small acyclic objects; the cyclic collector would
        # rescan the growing heap again and again. Pause it for the replay only.
        collecting = gc.isenabled()
        gc.disable()
        self._replaying = True
        try:
            self._replay_verified()
        finally:
            self._replaying = False
            if self._projections.head_seq >= FREEZE_AFTER and not self._froze:
                # What replay built lives as long as the store: moved out of the collector's
                # generations, so the collections after open do not walk it again and again
                # (a second for 300k events). ``close`` hands it back.
                gc.freeze()
                self._froze = True
            if collecting:
                gc.enable()
        if self.erased.destroyed_keys():
            clear_text_caches()  # names opened while replaying, before their erasure
            # An erasure whose commit landed but whose keys were not yet destroyed (a crash
            # between the two) is finished now: the ledger says erased, so the keys go.
            complete_interrupted(self)

    def _replay_verified(self) -> None:
        if self._keyring is None:
            with self._ledger.scan(0) as rows:
                self._catch_up(rows)
            return
        mark = high_water.read(self._keyring.local_dir, self._mark_key(), self.store_id)
        with self._ledger.snapshot():
            # Replay only up to the sealed head: rows beyond it were not written by a
            # holder of the keyring (a forged tail) and are reported before decoding.
            seal = self._ledger.head_seal()
            with self._ledger.scan(0, seal.seq if seal is not None else 0) as rows:
                self._catch_up(rows)
            self._check_head_seal(seal, self._ledger.last_seq())
        failure = head_seal.rollback_failure(  # a ledger older than its keyring
            self._keyring.destroyed_keys(), self.erased.destroyed_keys(), self.head_seq)
        if failure is None:
            failure = high_water.check(self._ledger, mark, self.head_seq)
        if failure is not None:
            raise ChainBroken(*failure)
        self._raise_mark(self.head_seq, self.head_hash)  # a store from before marks gets one

    def _mark_key(self) -> bytes:
        return self.require_keyring().derived(high_water.PURPOSE)

    def _raise_mark(self, seq: int, digest: bytes) -> None:
        """Raise the head mark after a commit; a mark that cannot be written only lags.

        The commit already landed, so failing here would report a committed write as
        failed (and leave projections behind it). A mark that lags weakens the rollback
        check until the next commit raises it; it never fails a good ledger.
        """
        if self._ledger.durability == "full" and self._keyring is not None and seq > 0:
            try:
                high_water.raise_to(self._keyring.local_dir, self._mark_key(), self.store_id,
                                    seq, digest)
            except OSError as exc:
                log.warning("head_mark_not_raised", seq=seq,
                            error=errno.errorcode.get(exc.errno or 0, type(exc).__name__))

    def _catch_up(self, rows: Iterable[RowValues]) -> None:
        """Verify each new row against our head, then apply it (another process may have written)."""
        # Replay's hot loop: one pass per event with the chain check, the decode and the
        # projection dispatch each a single call (see bench/open.py).
        projections, observers, content = self._projections, self._observers, self._content
        apply, decoders, eager = projections.apply, REPLAY_DECODERS, EAGER_PRIVATE
        compact_format, compact_decoders = COMPACT_FORMAT_BYTE, compact_replay_decoders()
        intern = sys.intern  # records keep these few strings: one object each, not one per row
        for row in chain.verified(rows, projections.head_seq, projections.head_hash,
                                  self._head_recorded_at):
            seq, kind, tenant, actor, recorded_at, resolver, body, prev_hash, digest = row
            kind, tenant, actor = intern(kind), intern(tenant), intern(actor)
            try:
                if body and body[0] == compact_format:  # ledger format 2
                    event = compact_decoders[kind](body)
                else:  # format 1: JSON
                    event = decoders[kind].decode(body)
            except (KeyError, msgspec.DecodeError):
                event = decode_event(Row._make(row))  # raises the error that names the row
            private = None
            if kind in eager:
                field, cls = eager[kind]
                private = content.open_sealed(getattr(event, field), seq, kind, field, cls, True)
            applied = Applied(seq, kind, tenant, actor, recorded_at, resolver, event, digest,
                              prev_hash, private)
            apply(applied)
            self._head_recorded_at = recorded_at
            if observers or kind == "SUBJECT_ERASED":
                self._after_apply(applied)

    def _after_apply(self, applied: Applied) -> None:
        if applied.kind == "SUBJECT_ERASED":
            self._content.forget_claims(getattr(applied.event, "claim_ids", ()))
            # Another process may have erased: drop every key and derived key it destroyed
            # that this process still holds in memory (the keyring file no longer has them).
            # At open the keyring was loaded without them; a view replays old events only.
            if not self._replaying and self._readonly_at is None:
                self._content.forget_keys(set(getattr(applied.event, "keys_destroyed", ())))
                clear_text_caches()
        for observe in self._observers:
            observe(applied)

    def _check_head_seal(self, seal: HeadSeal | None, last_seq: int) -> None:
        assert self._keyring is not None
        failure = head_seal.seal_failure(
            seal, head_seq=self._projections.head_seq, head_hash=self._projections.head_hash,
            last_seq=last_seq, key=self._keyring.derived("head-seal"), store_id=self.store_id)
        if failure is not None:
            raise ChainBroken(*failure)
        if seal is not None:
            self._trusted_seal = (seal.seq, seal.hash, seal.mac)

    # -- writing -----------------------------------------------------------------
    def transact(self, decide: Callable[[WriteContext], T], resolver: str = ENGINE_RESOLVER) -> T:
        """Run ``decide`` under the chain lock against current state; commit what it drafted."""
        self.require_writable()
        keyring = self.require_keyring()
        if self._broken is not None:
            raise self._broken
        with self.lock:
            return self._transact_locked(decide, resolver, keyring)

    def _transact_locked(self, decide: Callable[[WriteContext], T], resolver: str,
                         keyring: Keyring) -> T:
        with self._ledger.write() as tx:
            # Never apply or build on a tail that no keyring holder sealed: catch up to
            # the seal only. A seal identical to the one this process last wrote or
            # verified, with nothing stored beyond it, needs no second MAC.
            seal = self._ledger.head_seal()
            head = self._projections.head_seq
            upto = seal.seq if seal is not None else 0
            try:
                if upto > head:
                    with self._ledger.scan(head, upto) as tail:
                        self._catch_up(tail)
                last_seq = self._ledger.last_seq()
                if (seal is None or (seal.seq, seal.hash, seal.mac) != self._trusted_seal
                        or seal.seq != self._projections.head_seq or last_seq != seal.seq):
                    self._check_head_seal(seal, last_seq)
            except ChainBroken as exc:
                self._broken = exc
                raise
            recorded_at = max(self.clock.now_us(), self._head_recorded_at)
            ctx = WriteContext(self, self._projections.head_seq, recorded_at)
            result = decide(ctx)
            if not ctx.drafts:
                return result
            rows = build_rows(ctx.drafts, tenant=self.identity.tenant, actor=self.identity.agent,
                              recorded_at=recorded_at, resolver=resolver,
                              prev_hash=self._projections.head_hash)
            tx.insert(rows)
            last = rows[-1]
            mac = macs.head_mac(keyring.derived("head-seal"), self.store_id, last.seq, last.hash)
            tx.seal_head(last.seq, last.hash, mac)
        self._trusted_seal = (last.seq, last.hash, mac)
        self._raise_mark(last.seq, last.hash)
        # Committed: only now do projections change.
        for row, draft in zip(rows, ctx.drafts, strict=True):
            applied = Applied(row.seq, row.kind, row.tenant, row.actor, row.recorded_at,
                              row.resolver, draft.event, row.hash, row.prev_hash, draft.private)
            self._projections.apply(applied)
            self._head_recorded_at = applied.recorded_at
            self._after_apply(applied)
            if isinstance(draft.private, ClaimPrivate):  # our own write: no need to decrypt
                self._content.keep_claim(getattr(draft.event, "claim_id", ""), draft.private)
        return result

    # White-box tests written before the engine split reach these two by their old,
    # private names; the engine itself and every use case call the public ones.
    _transact = transact
    _require_keyring = require_keyring


class WriteContext:
    """Handed to a decision while the process holds the ledger's chain lock.

    Projections are caught up to ``base_seq``; drafts get the seqs that follow.
    """

    def __init__(self, engine: Engine, base_seq: int, recorded_at: int) -> None:
        self.engine = engine
        self.base_seq = base_seq
        self.recorded_at = recorded_at
        self.drafts: list[Draft] = []

    def next_seq(self) -> int:
        return self.base_seq + len(self.drafts) + 1

    def seal(
        self, seq: int, kind: str, field: str, value: msgspec.Struct, key_ids: tuple[str, ...]
    ) -> Sealed:
        return self.engine.seal(seq, kind, field, encode_private(value), key_ids)

    def new_keys(self, count: int = 1) -> list[str]:
        """Fresh data keys, durable in the keyring before any event sealed under them commits."""
        return self.engine.require_keyring().take_keys(count, self.recorded_at)

    def add(self, kind: str, event: Event, private: object = None) -> int:
        seq = self.next_seq()
        self.drafts.append(Draft(seq, kind, event, private))
        return seq


def complete_interrupted(engine: Engine) -> int:
    """On open: destroy every key a committed SUBJECT_ERASED lists that is still held.

    Covers a crash between the erasure's commit and the key destruction. Cost is one
    in-memory set lookup per erased key; only keys still pending touch the keyring.
    """
    if engine.keyring is None or engine.readonly_at is not None:
        return 0
    listed = sorted(engine.erased.destroyed_keys())
    try:
        done = engine.shred(listed)
    except AffidavitError as exc:  # disk full, read-only, I/O: the erasure stays pending
        keyring = engine.keyring
        pending = [k for k in listed if keyring is not None and not keyring.is_destroyed(k)]
        seqs = engine.erased.erasures_listing(pending)
        erasure_log.warning("erasure_pending_on_open", keys=len(pending), cause=exc.code)
        raise ErasurePending(len(pending), seqs, exc) from exc
    if done:
        erasure_log.warning("erasure_completed_on_open", keys=done)
    return done
