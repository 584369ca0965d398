"""Gathering the audit report's figures from a store (read-only); rendering is elsewhere.

The store is verified as ``affidavit verify`` and the MCP ``verify`` tool verify it
(``memory.verify``: the chain, event kinds, head seal, erasure rollback, high-water
mark, receipts and sealed content, each named as passed, failed or skipped), in the
report's tenant scope. A tampered store still gets a report: the ledger is verified as
stored, the failure named with its seq, and nothing else, because a broken store
refuses to open. Otherwise one replay through
``Engine.at(head, observe=...)`` feeds a fresh ``ClaimGraph`` (the same reducer the
store uses) for claims by state over transaction time, and collects erasures,
certificates, reviews and audited reads. The newest checkpoint is checked (root,
note, signature) and an RFC 6962 consistency proof from it to today's head is
computed and verified. ``reresolve`` re-decides the recorded writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from affidavit import certificates, translog
from affidavit.engine import Engine
from affidavit.errors import InvalidInput
from affidavit.events import ClaimPrivate
from affidavit.forensics.checkpoints import check_checkpoint, event_hashes, latest
from affidavit.forensics.replay import parse_instant
from affidavit.forensics.report_model import (
    READS_SHOWN,
    AuditReport,
    ChainFigures,
    CheckFigures,
    CheckpointFigures,
    ContentRow,
    ErasureFigures,
    ReresolveFigures,
)
from affidavit.forensics.report_scan import ReportScan
from affidavit.gates.write import RESOLVER_VERSION
from affidavit.identity import Identity
from affidavit.memory.history import iso
from affidavit.memory.verify import VerifyReport, verify_opening
from affidavit.progress import Phases

SERIES_POINTS = 200


@dataclass(frozen=True, kw_only=True)
class ReportOptions:
    """What to report on: a tenant (or every tenant), from when, with content or not."""

    tenant: str | None  # None: every tenant (operator only)
    since: str | None = None
    include_content: bool = False
    command: str = ""  # the command line that regenerates the report, shown in its footer
    reresolve: bool = True  # re-decide every recorded write (the gate's time per write)

    @property
    def scope(self) -> str:
        return "*" if self.tenant is None else self.tenant


def check_scope(identity: Identity, options: ReportOptions) -> None:
    """Another tenant, or all of them, is an operator's view (authority from the process)."""
    if options.tenant is None:
        identity.require_operator("report --all-tenants")
    elif options.tenant != identity.tenant:
        identity.require_operator("report --tenant for another tenant")


def since_bound(since: str | None) -> tuple[int | None, int | None]:
    """``--since``: a seq (digits) or an ISO date-time; returns (seq, microseconds)."""
    if since is None:
        return None, None
    if since.isdigit():
        if int(since) < 1:
            raise InvalidInput("since", "expected a seq of at least 1 or an ISO date-time")
        return int(since), None
    return None, parse_instant(since)


def _chain(report: VerifyReport, at_us: int) -> ChainFigures:
    checks = tuple(CheckFigures(c.name, c.status, c.detail) for c in report.checks)
    return ChainFigures(report.ok, report.events, report.head_hash, report.head_seal, iso(at_us),
                        report.first_bad_seq, report.expected, report.found, checks,
                        tuple(report.ran()), tuple(report.skipped()),
                        msgspec.to_builtins(report.receipts), msgspec.to_builtins(report.content))


def build_report(store_path: Path | str, keyring_dir: Path | str | None, *, identity: Identity,
                 options: ReportOptions, at_us: int, phases: Phases | None = None) -> AuditReport:
    """Verify, open (when it opens) and gather every figure of the report."""
    check_scope(identity, options)
    since_seq, since_us = since_bound(options.since)
    phases = phases or Phases(quiet=True)
    verified, store, refused = verify_opening(
        store_path, keyring_dir, identity, phases.start("report (verify)"),
        tenant=options.tenant, all_tenants=options.tenant is None)
    phases.end()
    chain = _chain(verified, at_us)
    base: dict[str, Any] = {"store_id": verified.store_id, "scope": options.scope, "since": options.since,
            "generated_at": iso(at_us), "command": options.command, "resolver": RESOLVER_VERSION,
            "chain": chain}
    if store is None:
        assert refused is not None
        return AuditReport(**base, since_seq=since_seq, opened=False,
                           not_opened=f"the store refuses to open: {refused}",
                           findings=_findings(chain, None, ()))
    with store:
        return _gather(store, options, base, since_seq, since_us, phases)


def _gather(store: Engine, options: ReportOptions, base: dict[str, Any], since_seq: int | None,
            since_us: int | None, phases: Phases) -> AuditReport:
    from affidavit.forensics.reresolve import reresolve

    scan = ReportScan(store, options.tenant, since_seq, since_us, SERIES_POINTS)
    hook = phases.start("report (replay)")
    with store.view_at(store.head_seq, scan.observer(hook)):
        pass
    phases.end()
    checkpoint = checkpoint_figures(store)
    content_ok = options.include_content and store.keyring is not None
    redone = None
    if options.reresolve:
        redo = reresolve(store, tenant=options.tenant, progress=phases.start("report (reresolve)"))
        phases.end()
        redone = ReresolveFigures(redo.resolver_now, redo.decisions, redo.same, redo.different,
                                  dict(redo.not_redecidable),
                                  tuple(scan.differences(redo, content_ok)))
    rows = _content(store, options.tenant) if content_ok else ()
    now = scan.claims_now()
    chain = base["chain"]
    assert isinstance(chain, ChainFigures)
    erasures = scan.erasures(_published_key(store))
    return AuditReport(
        **base,
        since_seq=scan.since_seq, opened=True, keyring_held=store.keyring is not None,
        checkpoint=checkpoint, claims_now=now,
        claims_total=sum(now.values()), series=tuple(scan.series), erasures=erasures,
        reviews=tuple(scan.reviews), read_audit=scan.reads_total > 0,
        reads_total=scan.reads_total, reads_by_agent=scan.agents(),
        reads=tuple(scan.reads[-READS_SHOWN:]),
        reresolve=redone,
        content_included=content_ok, content=rows,
        findings=_findings(chain, checkpoint, erasures),
    )


def _findings(chain: ChainFigures, checkpoint: CheckpointFigures | None,
              erasures: tuple[ErasureFigures, ...]) -> tuple[str, ...]:
    found = []
    failed = {c.name: c.detail for c in chain.checks if c.status == "failed"}
    if "chain" in failed or (not chain.ok and not failed):
        found.append(f"chain verification FAILED at seq {chain.first_bad_seq}")
    found.extend(f"{name.replace('_', ' ')} check FAILED: {detail}"
                 for name, detail in failed.items() if name != "chain")
    if checkpoint is not None and not checkpoint.valid:
        found.append(f"checkpoint at seq {checkpoint.seq} does not verify")
    if checkpoint is not None and not checkpoint.head_consistent:
        found.append(f"the head is not consistent with the checkpoint at seq {checkpoint.seq}")
    found.extend(f"certificate of the erasure at seq {e.seq} does not verify"
                 for e in erasures if e.signature == "FAILED")
    return tuple(found)


def _published_key(store: Engine) -> bytes | None:
    path = Path(store.path) / certificates.PUBLIC_KEY_FILE
    return path.read_bytes() if path.is_file() else None


def checkpoint_figures(store: Engine) -> CheckpointFigures | None:
    """The newest checkpoint, checked, and a verified consistency proof from it to the head."""
    cp = latest(store)
    if cp is None:
        return None
    hashes = event_hashes(store, store.head_seq)
    problems = tuple(check_checkpoint(store.store_id, cp, hashes))
    published = _published_key(store)
    signer_ok = None if published is None else (
        certificates.public_key_raw(published) == cp.event.public_key)
    leaves = [translog.leaf_hash(h) for h in hashes]
    size = cp.event.tree_size
    proof: list[bytes] = []
    consistent = False
    if 0 < size <= len(leaves):
        proof = translog.consistency_proof(size, leaves)
        consistent = translog.verify_consistency(
            size, len(leaves), bytes.fromhex(cp.event.tree_root), translog.mth(leaves), proof)
    return CheckpointFigures(cp.seq, size, cp.event.tree_root, not problems, problems, signer_ok,
                             len(leaves), consistent, len(proof))


def _content(store: Engine, tenant: str | None) -> tuple[ContentRow, ...]:
    rows = []
    for record in sorted(store.claims.claims().values(), key=lambda r: r.seq):
        if tenant is not None and record.tenant != tenant:
            continue
        opened = store.open_claim(record)
        text = opened.text if isinstance(opened, ClaimPrivate) else f"[{opened.why}]"
        rows.append(ContentRow(record.claim_id, record.state, text))
    return tuple(rows)

