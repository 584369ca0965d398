"""Verifying a ledger as stored, without replaying it: the `affidavit verify` report."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

import msgspec

from affidavit import chain
from affidavit.codec import decode_body
from affidavit.crypto.keyring import Keyring, keyring_location
from affidavit.engine import head_seal, high_water
from affidavit.engine.paths import LEDGER_FILE, keyring_dir_for
from affidavit.errors import AffidavitError, ChainBroken, KeyringError, UnknownEventKind
from affidavit.events import KINDS, StoreCreated, SubjectErased
from affidavit.ledger import LedgerBackend, PostgresLedger, PostgresLocation, SQLiteLedger, is_url

if TYPE_CHECKING:
    from affidavit.progress import ProgressHook

CheckStatus = Literal["passed", "failed", "skipped"]


class Check(msgspec.Struct, frozen=True):
    """One check a verification ran (passed / failed) or could not run (skipped, and why)."""

    name: str
    status: CheckStatus
    detail: str


class ChainVerdict(msgspec.Struct):
    ok: bool
    events: int  # events that verified (the verified prefix)
    head_hash: str
    first_bad_seq: int | None = None
    expected: str | None = None
    found: str | None = None
    head_seal: str = "not checked"  # verified | FAILED | not checked (no keyring)
    unknown_kinds: list[int] = msgspec.field(default_factory=list)
    store_id: str | None = None
    checks: list[Check] = msgspec.field(default_factory=list)

    def text(self) -> str:
        lines = [
            f"events verified: {self.events}",
            f"head hash:       {self.head_hash}",
            f"head seal:       {self.head_seal}",
        ]
        if self.unknown_kinds:
            lines.append(f"unknown kinds at seq: {self.unknown_kinds[:10]}")
        if self.ok:
            lines.insert(0, "OK — the chain verifies from genesis")
        else:
            lines.insert(0, f"FAILED — first bad seq {self.first_bad_seq}")
            lines.append(f"expected: {self.expected}")
            lines.append(f"found:    {self.found}")
        return "\n".join(lines)


def verify_ledger(ledger: LedgerBackend, keyring: Keyring | None,
                  progress: ProgressHook | None = None) -> ChainVerdict:
    """The chain from genesis, the event kinds, then (with the keyring) the head seal,
    erasure rollback and head high-water mark; ``checks`` names each as run or skipped."""
    mark: tuple[int, bytes] | None | chain.Failure = None  # read before the rows (high_water.check)
    if keyring is not None:
        genesis_id = _genesis_store_id(ledger)
        if genesis_id is not None:
            mark = high_water.read(keyring.local_dir, keyring.derived(high_water.PURPOSE), genesis_id)
    total = ledger.last_seq() if progress is not None else None
    prev, count = chain.GENESIS_PREV, 0
    unknown: list[int] = []
    store_id: str | None = None
    listed: set[str] = set()  # keys the ledger's erasures destroyed
    try:
        # The replay's checked stream (``chain.verified``): the same checks as ``check_row``,
        # and the failure it names is ``check_row``'s.
        with ledger.scan(0) as rows:
            for seq, kind, _t, _a, _r, _res, body, _p, digest in chain.verified(
                    rows, 0, chain.GENESIS_PREV, -(2**63)):
                if kind not in KINDS:
                    unknown.append(seq)
                elif kind == "SUBJECT_ERASED":
                    try:
                        erasure = decode_body(kind, body, seq)
                    except (UnknownEventKind, msgspec.DecodeError):
                        erasure = None
                    if isinstance(erasure, SubjectErased):
                        listed.update(erasure.keys_destroyed)
                elif seq == 1:
                    try:
                        genesis = decode_body(kind, body, seq)
                    except (UnknownEventKind, msgspec.DecodeError):
                        genesis = None
                    if isinstance(genesis, StoreCreated):
                        store_id = genesis.store_id
                prev, count = digest, count + 1
                if progress is not None:
                    progress(count, total)
    except ChainBroken as broken:
        checks = [Check("chain", "failed", f"seq {broken.seq}: expected {broken.expected}, "
                        f"found {broken.found}; {count} events verified before it")]
        checks += [Check(name, "skipped", "the chain did not verify") for name in _AFTER_CHAIN]
        return ChainVerdict(False, count, prev.hex(), broken.seq, broken.expected,
                            broken.found, unknown_kinds=unknown, store_id=store_id, checks=checks)
    verdict = ChainVerdict(not unknown, count, prev.hex(), unknown_kinds=unknown, store_id=store_id)
    checks = verdict.checks
    checks.append(Check("chain", "passed", f"{count} events chain from genesis"))
    if unknown:
        verdict.first_bad_seq = unknown[0]
        verdict.expected, verdict.found = "a known event kind", "a kind this version cannot read"
        checks.append(Check("event_kinds", "failed", f"{len(unknown)} events of a kind this version "
                            f"cannot read, first at seq {unknown[0]}"))
    else:
        checks.append(Check("event_kinds", "passed", "every event is of a known kind"))
    if keyring is None or store_id is None:
        why = "no keyring: it is a keyed MAC" if keyring is None else "no genesis store id"
        checks.append(Check("head_seal", "skipped", why))
        checks.append(Check("erasure_rollback", "skipped", "no keyring: its destroyed keys are "
                            "what an older ledger is compared with"))
        checks.append(Check("high_water_mark", "skipped", "no keyring: the mark beside it is "
                            "keyed by the store secret"))
        return verdict
    failure = head_seal.seal_failure(
        ledger.head_seal(), head_seq=count, head_hash=prev, last_seq=count,
        key=keyring.derived("head-seal"), store_id=store_id)
    verdict.head_seal = "verified" if failure is None else "FAILED"
    checks.append(Check("head_seal", "passed" if failure is None else "failed",
                        "the sealed head is this chain's head" if failure is None
                        else _said(failure)))
    if failure is None and verdict.ok:
        failure = head_seal.rollback_failure(keyring.destroyed_keys(), listed, count)
        checks.append(Check("erasure_rollback", "passed" if failure is None else "failed",
                            "every key the keyring destroyed is listed by an erasure in the "
                            "ledger" if failure is None else _said(failure)))
        if failure is None:
            failure = _high_water(ledger, mark, count, checks)
        else:
            checks.append(Check("high_water_mark", "skipped", "an earlier check failed"))
    else:
        checks.append(Check("erasure_rollback", "skipped", "an earlier check failed"))
        checks.append(Check("high_water_mark", "skipped", "an earlier check failed"))
    if failure is not None and verdict.ok:
        verdict.ok = False
        verdict.first_bad_seq, verdict.expected, verdict.found = failure
    elif failure is not None:
        verdict.ok = False
    return verdict


_AFTER_CHAIN = ("event_kinds", "head_seal", "erasure_rollback", "high_water_mark")


def _said(failure: chain.Failure) -> str:
    return f"seq {failure.seq}: expected {failure.expected}, found {failure.found}"


def _high_water(ledger: LedgerBackend, mark: tuple[int, bytes] | None | chain.Failure, count: int,
                checks: list[Check]) -> chain.Failure | None:
    if mark is None:
        checks.append(Check("high_water_mark", "skipped", "the keyring holds no head mark yet (a "
                            "store only ever opened with durability 'fast', or not reopened "
                            "since marks exist)"))
        return None
    failure = high_water.check(ledger, mark, count)
    checks.append(Check("high_water_mark", "passed" if failure is None else "failed",
                        "the ledger reaches the newest head this keyring has seen, with the "
                        "same event there" if failure is None else _said(failure)))
    return failure


def open_ledger(location: str | Path) -> LedgerBackend:
    """The ledger at a store location (a directory or a ``postgresql://`` URL), as stored."""
    if is_url(location):
        return PostgresLedger.open(PostgresLocation.parse(str(location)))
    return SQLiteLedger.open(Path(location) / LEDGER_FILE)


def verify_path(store_path: str | Path, keyring_dir: str | Path | None = None,
                progress: ProgressHook | None = None) -> ChainVerdict:
    """``affidavit verify``: the chain, the seal and the rollback check, without replay."""
    ledger = open_ledger(store_path)
    try:
        keyring = try_keyring(ledger, keyring_dir, store_path)
        try:
            return verify_ledger(ledger, keyring, progress)
        finally:
            if keyring is not None:
                keyring.close()
    finally:
        ledger.close()


def try_keyring(ledger: LedgerBackend, keyring_dir: str | Path | None,
                store_path: str | Path | None = None) -> Keyring | None:
    first = next(iter(ledger.rows(0)), None)
    if first is None or first.kind != "STORE_CREATED":
        return None
    try:
        genesis = decode_body(first.kind, first.body, 1)
        assert isinstance(genesis, StoreCreated)
        kloc: Path | str
        if store_path is not None and not is_url(store_path) and not is_url(str(keyring_dir or "")):
            kloc = keyring_dir_for(Path(store_path), genesis.store_id, keyring_dir)
        else:  # a URL keyring, a PostgreSQL store, or no store directory to consult
            kloc = keyring_location(keyring_dir, genesis.store_id)
        return Keyring.open(kloc, genesis.store_id)
    except (AffidavitError, KeyringError, msgspec.DecodeError, AssertionError):
        return None


def _genesis_store_id(ledger: LedgerBackend) -> str | None:
    first = next(iter(ledger.rows(0, 1)), None)
    if first is None or first.kind != "STORE_CREATED":
        return None
    try:
        genesis = decode_body(first.kind, first.body, 1)
    except (UnknownEventKind, msgspec.DecodeError):
        return None
    return genesis.store_id if isinstance(genesis, StoreCreated) else None
