"""`verify`: one verification, one report, for the CLI (`affidavit verify`) and the MCP tool.

The report names every check it ran and every check it skipped, and why:

- ``chain``, ``event_kinds``: always (``affidavit.engine.verification``);
- ``head_seal``, ``erasure_rollback``, ``high_water_mark``: with the keyring;
- ``receipts``: this tenant's receipts re-derived from the held sources (needs the
  keyring: a part's salt is sealed) — only when the store opened;
- ``content``: this tenant's sealed fields tried, and the events whose content cannot
  be opened counted by why (key missing, key corrupted, ciphertext invalid) — needs the
  keyring and an opened store.

A store that does not open (its chain or seal does not verify) is still reported: the
ledger is verified as stored, and the checks that need the replayed store are skipped.
Verification never raises for what it finds; ``ok`` is false and ``first_bad_seq`` names
where.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from affidavit.engine import LEDGER_FILE, Engine, open_engine
from affidavit.engine.content_check import ContentReport, check_content
from affidavit.engine.paths import store_location
from affidavit.engine.verification import ChainVerdict, Check, verify_ledger, verify_path
from affidavit.errors import AffidavitError, ChainBroken, LedgerError
from affidavit.identity import Identity
from affidavit.memory import sources as sourcing


class ReceiptCounts(msgspec.Struct, frozen=True):
    verified: int = 0
    failed: int = 0
    source_not_held: int = 0


class ContentCounts(msgspec.Struct, frozen=True):
    """This tenant's sealed content; ``unreadable_events`` count events, the reasons too."""

    checked: bool = False
    fields: int = 0
    opened: int = 0
    erased: int = 0
    unreadable_events: int = 0
    key_missing: int = 0
    key_corrupted: int = 0
    ciphertext_invalid: int = 0
    first_unreadable_seq: int | None = None


class VerifyReport(msgspec.Struct):
    ok: bool
    events: int
    head_hash: str
    first_bad_seq: int | None
    expected: str | None
    found: str | None
    head_seal: str  # verified | FAILED | not checked
    receipts: ReceiptCounts
    content: ContentCounts
    checks: list[Check]
    store_id: str | None = None
    receipt_failures: list[str] = msgspec.field(default_factory=list)  # "claim_id: reason"

    def ran(self) -> list[str]:
        return [c.name for c in self.checks if c.status != "skipped"]

    def skipped(self) -> list[str]:
        return [c.name for c in self.checks if c.status == "skipped"]

    def text(self) -> str:
        head = ("OK — every check that ran passed" if self.ok
                else f"FAILED — first bad seq {self.first_bad_seq}")
        lines = [head, f"events verified: {self.events}", f"head hash:       {self.head_hash}",
                 f"head seal:       {self.head_seal}"]
        if not self.ok:
            lines += [f"expected: {self.expected}", f"found:    {self.found}"]
        r = self.receipts
        lines.append(f"receipts: {r.verified} verified, {r.failed} FAILED, "
                     f"{r.source_not_held} source not held")
        lines += [f"  FAILED {failure}" for failure in self.receipt_failures[:10]]
        c = self.content
        if c.checked:
            lines.append(_content_line(c))
        for check in self.checks:
            lines.append(f"  {check.status:<7} {check.name}: {check.detail}")
        return "\n".join(lines)


if TYPE_CHECKING:
    from affidavit.progress import ProgressHook


def _content_line(c: ContentCounts) -> str:
    if not c.unreadable_events:
        return f"content: {c.opened} sealed fields open, {c.erased} erased (of {c.fields})"
    why = ", ".join(f"{n} {label}" for n, label in ((c.key_missing, "key missing"),
                    (c.key_corrupted, "key corrupted"), (c.ciphertext_invalid, "ciphertext invalid"))
                    if n)
    return (f"content: {c.unreadable_events} events hold content that cannot be opened ({why}); "
            f"first at seq {c.first_unreadable_seq}")


def _report(verdict: ChainVerdict, checks: list[Check], receipts: ReceiptCounts | None = None,
            content: ContentCounts | None = None, failures: list[str] | None = None) -> VerifyReport:
    return VerifyReport(verdict.ok, verdict.events, verdict.head_hash, verdict.first_bad_seq,
                        verdict.expected, verdict.found, verdict.head_seal,
                        receipts or ReceiptCounts(), content or ContentCounts(), checks,
                        verdict.store_id, failures or [])


def verify_store(store: Engine, progress: ProgressHook | None = None, *, tenant: str | None = None,
                 all_tenants: bool = False) -> VerifyReport:
    """The full report over an opened store (a live engine that saw a break included).

    Receipts and content are this process's tenant's, another ``tenant``'s, or (with
    ``all_tenants``, an operator's report) every tenant's; the chain is always whole.
    """
    scope = None if all_tenants else tenant or store.identity.tenant
    whose = "every tenant's" if scope is None else (
        "this tenant's" if scope == store.identity.tenant else f"tenant {scope}'s")
    verdict = verify_ledger(store.ledger, store.keyring, progress)
    checks = list(verdict.checks)
    if not verdict.ok:
        return _report(verdict, checks + _skipped_after_open("the ledger did not verify"))
    try:
        store.catch_up()
    except ChainBroken as exc:  # this process saw a break the ledger no longer shows
        verdict.ok, verdict.first_bad_seq, verdict.expected, verdict.found = (
            False, exc.seq, exc.expected, exc.found)
        checks.append(Check("live_process", "failed", f"this process saw the chain break at seq "
                            f"{exc.seq} and serves nothing until it is reopened"))
        return _report(verdict, checks + _skipped_after_open("this process refuses its store"))
    if store.keyring is None:
        why = "no keyring: a part's salt and the content are sealed"
        checks += [Check("receipts", "skipped", why), Check("content", "skipped", why)]
        return _report(verdict, checks)
    rows = (r for r in store.ledger.rows(0, store.head_seq) if scope is None or r.tenant == scope)
    content = _counts(check_content(rows, store.keyring, store.store_id,
                                    store.erased.destroyed_keys()))
    found = sourcing.verify_all(store, scope, all_tenants=scope is None)
    receipts = ReceiptCounts(found.verified, found.failed, found.source_not_held)
    failures = [f"{f.claim_id}: {f.reason}" for f in found.failures if f.status == "FAILED"]
    unheld = ("no receipt, its parts redacted by an erasure, or parts whose content cannot be "
              "opened (see content)" if content.unreadable_events
              else "no receipt, or its parts redacted by an erasure")
    checks.append(Check("receipts", "failed" if found.failed else "passed",
                        f"{found.verified} verified, {found.failed} FAILED, {found.source_not_held} "
                        f"source not held ({unheld}); {whose} claims"))
    checks.append(Check("content", "failed" if content.unreadable_events else "passed",
                        _content_line(content).removeprefix("content: ") + f"; {whose} events"))
    if found.failed and verdict.ok:
        verdict.ok, verdict.expected = False, "receipts that re-derive from their sources"
        verdict.found = f"{found.failed} receipt(s) FAILED"
    if content.unreadable_events and verdict.ok:
        verdict.ok, verdict.first_bad_seq = False, content.first_unreadable_seq
        verdict.expected = "sealed content this keyring opens"
        verdict.found = _content_line(content).removeprefix("content: ")
    return _report(verdict, checks, receipts, content, failures)


def _counts(found: ContentReport) -> ContentCounts:
    r = found.by_reason
    return ContentCounts(True, found.fields, found.opened, found.erased, found.unreadable_events,
                         r.get("key_missing", 0), r.get("key_corrupted", 0),
                         r.get("ciphertext_invalid", 0), found.first_unreadable_seq)


def _skipped_after_open(why: str) -> list[Check]:
    return [Check("receipts", "skipped", why), Check("content", "skipped", why)]


def verify_at(path: Path | str | None, keyring_dir: Path | str | None = None,
              identity: Identity | None = None, progress: ProgressHook | None = None) -> VerifyReport:
    """Open the store (as any reader does, never creating it) and verify it; a store that
    refuses to open is still reported."""
    report, store, _refused = verify_opening(path, keyring_dir, identity, progress)
    if store is not None:
        store.close()
    return report


def verify_opening(path: Path | str | None, keyring_dir: Path | str | None = None,
                   identity: Identity | None = None, progress: ProgressHook | None = None, *,
                   tenant: str | None = None, all_tenants: bool = False,
                   ) -> tuple[VerifyReport, Engine | None, AffidavitError | None]:
    """``verify_at`` for a caller that reads on: the report, the opened store (the caller
    closes it) or None, and why it refused to open."""
    store_path = store_location(path)  # a directory, or a postgresql:// URL
    if isinstance(store_path, Path) and not (store_path / LEDGER_FILE).is_file():
        raise LedgerError(f"no store at {store_path}")
    try:
        store = open_engine(Engine, store_path, identity=identity, keyring_dir=keyring_dir,
                            create=False, allow_missing_keyring=True)
    except AffidavitError as exc:
        return _unopened(store_path, keyring_dir, exc, progress), None, exc
    try:
        return verify_store(store, progress, tenant=tenant, all_tenants=all_tenants), store, None
    except BaseException:
        store.close()
        raise


def _unopened(store_path: Path | str, keyring_dir: Path | str | None,
              exc: AffidavitError, progress: ProgressHook | None = None) -> VerifyReport:
    verdict = verify_path(store_path, keyring_dir, progress)
    checks = list(verdict.checks)
    if verdict.ok:  # the ledger verifies as stored, yet the store refused to open
        verdict.ok = False
        verdict.expected, verdict.found = "a store that opens", f"it refuses to open ({exc.code})"
        if isinstance(exc, ChainBroken):
            verdict.first_bad_seq, verdict.expected, verdict.found = exc.seq, exc.expected, exc.found
        checks.append(Check("open", "failed", f"the store refuses to open: {exc.code}"))
    return _report(verdict, checks + _skipped_after_open(f"the store does not open ({exc.code})"))


def verify_result(report: VerifyReport) -> dict[str, object]:
    """The report as the MCP `verify` result and `affidavit verify --json` print it."""
    out: dict[str, object] = msgspec.to_builtins(report)
    out["checks_run"] = report.ran()
    out["checks_skipped"] = report.skipped()
    out["text"] = report.text()
    return out
