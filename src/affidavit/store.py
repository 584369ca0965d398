"""The application layer: opens a store, verifies and replays it, serializes writes.

``Store`` composes the ledger, the keyring and the projections. Every state change
goes through ``_transact``: BEGIN IMMEDIATE, catch up with other processes,
decide against current state, append, commit, then apply to projections.
Capabilities (remember, recall, forget, review, ...) live in their own modules.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

import msgspec
import structlog

from affidavit import chain, head_seal
from affidavit.capabilities import Capabilities
from affidavit.chain import Row, RowValues
from affidavit.clock import Clock, SystemClock
from affidavit.codec import (
    REPLAY_DECODERS,
    decode_body,
    decode_event,
    decode_private,
    decode_sealed,
    encode_body,
)
from affidavit.crypto import macs
from affidavit.crypto.envelope import CiphertextInvalid, Envelope, aad_for
from affidavit.crypto.keyring import Keyring, default_keyring_root
from affidavit.errors import ChainBroken, KeyringError, KeyUnavailable, LedgerError
from affidavit.events import (
    EAGER_PRIVATE,
    Applied,
    ClaimPrivate,
    EvidencePrivate,
    Sealed,
    StoreCreated,
    Unreadable,
)
from affidavit.identity import Identity
from affidavit.ledger import Durability, HeadSeal, Ledger
from affidavit.projections import (
    ClaimGraph,
    ClaimRecord,
    Entities,
    ErasedSubjects,
    ProjectionSet,
    ReviewQueue,
    SourceRegistry,
)
from affidavit.writer import WriteContext

log = structlog.get_logger("affidavit.store")
T = TypeVar("T")

LEDGER_FILE = "ledger.db"
PUBLIC_KEY_FILE = "signing.pub"
ENGINE_RESOLVER = "affidavit-engine/0.1"
CLAIM_CACHE_SIZE = 200_000


def clear_text_caches() -> None:
    """Drop every memoised result of the text and gate modules: they hold plaintext.

    Claim texts, evidence and questions sit in those caches as keys and values; after an
    erasure they must not outlive it in this process. Refilling them is only a cost.
    """
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("affidavit.text", "affidavit.gates")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


@contextlib.contextmanager
def _creation_lock(path: Path) -> Iterator[None]:
    try:
        fh = open(path / ".create.lock", "a")  # noqa: SIM115 - held across the yield
    except OSError:
        yield  # a read-only directory: nobody can be creating a store in it
        return
    with fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def default_store_path() -> Path:
    configured = os.environ.get("AFFIDAVIT_STORE")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "affidavit" / "default"


class Store(Capabilities):
    """One opened store: the ledger, its keyring, and the projections replayed from it."""

    def __init__(
        self,
        path: Path,
        ledger: Ledger,
        keyring: Keyring | None,
        store_id: str,
        identity: Identity,
        clock: Clock,
        keyring_dir: Path,
    ) -> None:
        self.path = path
        self.store_id = store_id
        self.identity = identity
        self.clock = clock
        self.keyring_dir = keyring_dir
        self._ledger = ledger
        self._keyring = keyring
        self._envelope = Envelope(keyring) if keyring is not None else None
        self.claims = ClaimGraph()
        self.entities = Entities()
        self.sources = SourceRegistry()
        self.erased = ErasedSubjects()
        self.review_queue = ReviewQueue()
        self._projections = ProjectionSet(
            [self.claims, self.entities, self.sources, self.erased, self.review_queue]
        )
        self._head_recorded_at = -(2**63)
        self._observers: list[Callable[[Applied], None]] = []
        self._claim_cache: dict[str, ClaimPrivate] = {}
        self._trusted_seal: tuple[int, bytes, bytes] | None = None  # last seal written here
        self._replaying = False  # the replay at open (caches are swept once at its end)

    # -- opening -------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        *,
        identity: Identity | None = None,
        keyring_dir: str | Path | None = None,
        clock: Clock | None = None,
        durability: Durability = "full",
        create: bool = True,
        allow_missing_keyring: bool = False,
    ) -> Store:
        """Open (or create) the store at ``path``; verify the chain from genesis and replay it."""
        store_path = Path(path) if path is not None else default_store_path()
        identity = identity or Identity.from_env()
        clock = clock or SystemClock()
        ledger_path = store_path / LEDGER_FILE
        if not ledger_path.exists() and not create:
            raise LedgerError(f"no store at {store_path}")
        if create:
            store_path.mkdir(parents=True, exist_ok=True, mode=0o700)
        # Several processes may start on a new path at once: one creates (genesis included)
        # while holding the lock; the others wait, then open what it created.
        with _creation_lock(store_path):
            if not ledger_path.exists():
                cls._refuse_leftovers(store_path)
                return cls._create(store_path, identity, keyring_dir, clock, durability)
        ledger = Ledger.open(ledger_path, durability)
        try:
            store_id = cls._read_store_id(ledger)
            kdir = Path(keyring_dir) if keyring_dir else default_keyring_root() / store_id
            keyring: Keyring | None
            try:
                keyring = Keyring.open(kdir, store_id)
            except KeyringError:
                if not allow_missing_keyring:
                    cls._raise_if_chain_broken(ledger)
                    raise
                keyring = None
            store = cls(store_path, ledger, keyring, store_id, identity, clock, kdir)
            store._replay_all()
            return store
        except BaseException:
            ledger.close()
            raise

    @classmethod
    def _create(
        cls,
        path: Path,
        identity: Identity,
        keyring_dir: str | Path | None,
        clock: Clock,
        durability: Durability,
    ) -> Store:
        store_id = os.urandom(16).hex()
        kdir = Path(keyring_dir) if keyring_dir else default_keyring_root() / store_id
        if kdir.resolve().is_relative_to(path.resolve()):
            raise KeyringError("the keyring must live outside the store directory")
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        keyring = Keyring.create(kdir, store_id, clock.now_us())
        ledger = Ledger.create(path / LEDGER_FILE, durability)
        store = cls(path, ledger, keyring, store_id, identity, clock, kdir)
        store._transact(lambda ctx: ctx.add("STORE_CREATED", StoreCreated(store_id=store_id)))
        log.info("store_created", store_id=store_id)
        return store

    @staticmethod
    def _refuse_leftovers(path: Path) -> None:
        """A store is created only in an empty directory: never silently over a lost ledger."""
        left = sorted(p.name for p in path.iterdir() if p.name != ".create.lock")
        if left:
            raise LedgerError(
                f"no {LEDGER_FILE} here, but the directory holds {', '.join(left[:5])}: a store "
                "whose ledger is missing is not started again from empty. Restore the ledger, "
                "or create the new store in an empty directory."
            )

    @staticmethod
    def _read_store_id(ledger: Ledger) -> str:
        for row in ledger.rows(0):
            event = decode_body(row.kind, row.body, row.seq) if row.seq == 1 else None
            if isinstance(event, StoreCreated):
                return event.store_id
            break
        raise ChainBroken(1, "a STORE_CREATED genesis event", "something else or nothing")

    @staticmethod
    def _raise_if_chain_broken(ledger: Ledger) -> None:
        report = chain.verify_chain(ledger.rows(0))
        if report.failure is not None:
            raise ChainBroken(*report.failure)

    def close(self) -> None:
        if not self._owner:
            return  # a view shares its parent's ledger and keyring
        self._ledger.close()
        if self._keyring is not None:
            self._keyring.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- replay --------------------------------------------------------------
    @property
    def head_seq(self) -> int:
        return self._projections.head_seq

    @property
    def head_hash(self) -> bytes:
        return self._projections.head_hash

    def digest(self) -> str:
        return self._projections.digest()

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
            if collecting:
                gc.enable()
        if self.erased.destroyed_keys():
            clear_text_caches()  # names opened while replaying, before their erasure
        # An erasure whose commit landed but whose keys were not yet destroyed (a crash
        # between the two) is finished now: the ledger says erased, so the keys go.
        if self.erased.destroyed_keys():
            from affidavit.erasure import complete_interrupted

            complete_interrupted(self)

    def _replay_verified(self) -> None:
        if self._keyring is None:
            with self._ledger.scan(0) as rows:
                self._catch_up(rows)
            return
        with self._ledger.snapshot():
            # Replay only up to the sealed head: rows beyond it were not written by a
            # holder of the keyring (a forged tail) and are reported before decoding.
            seal = self._ledger.head_seal()
            with self._ledger.scan(0, seal.seq if seal is not None else 0) as rows:
                self._catch_up(rows)
            self._check_head_seal(seal, self._ledger.last_seq())
        self._check_not_rolled_back()

    def _check_not_rolled_back(self) -> None:
        """Refuse a ledger older than its keyring (see ``head_seal.rollback_failure``)."""
        assert self._keyring is not None
        failure = head_seal.rollback_failure(
            self._keyring.destroyed_keys(), self.erased.destroyed_keys(), self.head_seq)
        if failure is not None:
            raise ChainBroken(*failure)

    def _catch_up(self, rows: Iterable[RowValues]) -> None:
        """Verify each new row against our head, then apply it (another process may have written)."""
        # Replay's hot loop: one pass per event with the chain check, the decode and the
        # projection dispatch each a single call (see bench/open.py).
        projections, observers = self._projections, self._observers
        apply, decoders, eager = projections.apply, REPLAY_DECODERS, EAGER_PRIVATE
        for row in chain.verified(rows, projections.head_seq, projections.head_hash,
                                  self._head_recorded_at):
            seq, kind, tenant, actor, recorded_at, resolver, body, prev_hash, digest = row
            try:
                event = decoders[kind].decode(body)
            except (KeyError, msgspec.DecodeError):
                event = decode_event(Row._make(row))  # raises the error that names the row
            private = self._open_eager(row, event) if kind in eager else None
            applied = Applied(seq, kind, tenant, actor, recorded_at, resolver, event, digest,
                              prev_hash, private)
            apply(applied)
            self._head_recorded_at = recorded_at
            if observers or kind == "SUBJECT_ERASED":
                self._after_apply(applied)

    def _apply(self, applied: Applied) -> None:
        self._projections.apply(applied)
        self._head_recorded_at = applied.recorded_at
        self._after_apply(applied)

    def _after_apply(self, applied: Applied) -> None:
        if applied.kind == "SUBJECT_ERASED":
            # Plaintext of erased claims must not outlive the erasure in this process.
            for claim_id in getattr(applied.event, "claim_ids", ()):
                self._claim_cache.pop(claim_id, None)
            # Another process may have erased: drop every key and derived key it destroyed
            # that this process still holds in memory (the keyring file no longer has them).
            # At open the keyring was loaded without them; a view replays old events only.
            if not self._replaying and self._readonly_at is None:
                self._drop_keys(getattr(applied.event, "keys_destroyed", ()))
                clear_text_caches()
        for observe in self._observers:
            observe(applied)

    def _drop_keys(self, key_ids: Iterable[str]) -> None:
        dropped = set(key_ids)
        if not dropped:
            return
        if self._keyring is not None:
            # Keyring has no public eviction; its in-memory copy is the only one left here.
            for key_id in dropped:
                self._keyring._keys.pop(key_id, None)
        if self._envelope is not None:
            self._envelope.forget_keys(dropped)

    def _open_eager(self, row: RowValues, event: object) -> object:
        seq, kind = row[0], row[1]
        spec = EAGER_PRIVATE.get(kind)
        if spec is None:
            return None
        field, cls = spec
        sealed = getattr(event, field)
        return self.open_sealed(sealed, seq, kind, field, cls)

    def open_sealed(self, sealed: Sealed, seq: int, kind: str, field: str, cls: type) -> object:
        """The decrypted payload, or ``Unreadable`` when a key is destroyed or not held."""
        if self._envelope is None:
            return Unreadable("unavailable")
        if any(self.erased.key_destroyed(k) for k in sealed.keys):
            return Unreadable("erased")  # the ledger says erased, whatever memory still holds
        try:
            plain = self._envelope.open(sealed, aad_for(self.store_id, seq, kind, field))
        except KeyUnavailable as exc:
            return Unreadable("erased" if exc.erased else "unavailable")
        except CiphertextInvalid:
            return Unreadable("unavailable")
        return decode_private(cls, plain)

    def open_claim(self, record: ClaimRecord) -> ClaimPrivate | Unreadable:
        """A claim's content, decrypted on first read and cached (never across an erasure)."""
        cached = self._claim_cache.get(record.claim_id)
        if cached is not None:
            return cached
        sealed = decode_sealed(record.sealed)
        if sealed is None:  # replay keeps it unparsed: a malformed one shows here, unreadable
            return Unreadable("unavailable")
        opened = self.open_sealed(sealed, record.seq, record.sealed_kind, "private", ClaimPrivate)
        if isinstance(opened, ClaimPrivate):
            if len(self._claim_cache) >= CLAIM_CACHE_SIZE:
                self._claim_cache.clear()  # bounded memory; a cache miss is one decryption
            self._claim_cache[record.claim_id] = opened
            return opened
        return opened if isinstance(opened, Unreadable) else Unreadable("unavailable")

    def claim_evidence(self, record: ClaimRecord) -> str | Unreadable:
        """A claim's stored supporting span (sealed apart from the claim since format 1.1)."""
        if record.evidence is None:
            opened = self.open_claim(record)
            return opened.evidence if isinstance(opened, ClaimPrivate) else opened
        evidence = self.open_sealed(record.evidence, record.seq, record.sealed_kind, "evidence",
                                    EvidencePrivate)
        if isinstance(evidence, EvidencePrivate):
            return evidence.evidence
        return evidence if isinstance(evidence, Unreadable) else Unreadable("unavailable")

    def claim_private(self, record: ClaimRecord) -> ClaimPrivate | None:
        opened = self.open_claim(record)
        return opened if isinstance(opened, ClaimPrivate) else None

    def _check_head_seal(self, seal: HeadSeal | None, last_seq: int) -> None:
        assert self._keyring is not None
        failure = head_seal.seal_failure(
            seal, head_seq=self._projections.head_seq, head_hash=self._projections.head_hash,
            last_seq=last_seq, key=self._keyring.derived("head-seal"), store_id=self.store_id)
        if failure is not None:
            raise ChainBroken(*failure)
        if seal is not None:
            self._trusted_seal = (seal.seq, seal.hash, seal.mac)

    # -- writing -------------------------------------------------------------
    def _require_keyring(self) -> Keyring:
        if self._keyring is None:
            raise KeyringError("this store was opened without its keyring: it is read-only")
        return self._keyring

    def _seal(self, seq: int, kind: str, field: str, plain: bytes, key_ids: tuple[str, ...]) -> Sealed:
        self._require_keyring()
        assert self._envelope is not None
        return self._envelope.seal(plain, key_ids, aad_for(self.store_id, seq, kind, field))

    def catch_up(self) -> None:
        """Apply events other processes appended since we last looked (read path)."""
        if self._readonly_at is not None:
            return  # a view stays at its seq
        with self._ledger.scan(self._projections.head_seq) as rows:
            self._catch_up(rows)

    def _transact(self, decide: Callable[[WriteContext], T], resolver: str = ENGINE_RESOLVER) -> T:
        self._require_writable()
        keyring = self._require_keyring()
        with self._ledger.write() as tx:
            with self._ledger.scan(self._projections.head_seq) as tail:
                self._catch_up(tail)
            # Never build on a tail that no keyring holder sealed. A seal identical to
            # the one this process last wrote or verified needs no second MAC.
            seal = self._ledger.head_seal()
            if (seal is None or (seal.seq, seal.hash, seal.mac) != self._trusted_seal
                    or seal.seq != self._projections.head_seq):
                self._check_head_seal(seal, self._projections.head_seq)
            recorded_at = max(self.clock.now_us(), self._head_recorded_at)
            ctx = WriteContext(self, self._projections.head_seq, recorded_at)
            result = decide(ctx)
            if not ctx.drafts:
                return result
            rows, prev = [], self._projections.head_hash
            for draft in ctx.drafts:
                body = encode_body(draft.event)
                digest = chain.event_hash(draft.seq, draft.kind, self.identity.tenant,
                                          self.identity.agent, recorded_at, resolver, body, prev)
                rows.append(Row(draft.seq, draft.kind, self.identity.tenant, self.identity.agent,
                                recorded_at, resolver, body, prev, digest))
                prev = digest
            tx.insert(rows)
            last = rows[-1]
            mac = macs.head_mac(keyring.derived("head-seal"), self.store_id, last.seq, last.hash)
            tx.seal_head(last.seq, last.hash, mac)
        self._trusted_seal = (last.seq, last.hash, mac)
        # Committed: only now do projections change.
        for row, draft in zip(rows, ctx.drafts, strict=True):
            self._apply(Applied(row.seq, row.kind, row.tenant, row.actor, row.recorded_at,
                                row.resolver, draft.event, row.hash, row.prev_hash, draft.private))
            if isinstance(draft.private, ClaimPrivate):  # our own write: no need to decrypt
                self._claim_cache[getattr(draft.event, "claim_id", "")] = draft.private
        return result
