"""One pass over the replayed events for the report: states over time, erasures, reviews, reads.

``ReportScan.observer`` is handed to ``Engine.at``: each verified event, as
projections receive it, feeds a fresh ``ClaimGraph`` through a ``ProjectionSet``
(so the counts are the store's own reducer's) and the collectors below.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from affidavit import certificates
from affidavit.events import Applied, CertificateIssued, ClaimsRecalled, ReviewDecided, SubjectErased
from affidavit.forensics.report_model import (
    AgentReads,
    DifferenceFigures,
    ErasureFigures,
    ReadFigures,
    ReviewFigures,
    StatePoint,
)
from affidavit.memory.history import iso
from affidavit.projections import ClaimGraph, ProjectionSet
from affidavit.projections.claims import STATES

if TYPE_CHECKING:
    from affidavit.engine import Engine
    from affidavit.forensics.reresolve import ReresolveReport
    from affidavit.progress import ProgressHook


def certificate_id(payload: bytes) -> str:
    """A certificate's id: SHA-256 of the exact signed payload (hex)."""
    return hashlib.sha256(payload).hexdigest()


class ReportScan:
    def __init__(self, store: Engine, tenant: str | None, since_seq: int | None,
                 since_us: int | None, points: int) -> None:
        self._tenant = tenant
        self._since_seq = since_seq
        self._since_us = since_us
        self.since_seq: int | None = since_seq
        self._head = store.head_seq
        self._step = max(1, self._head // max(1, points))
        self._graph = ClaimGraph()
        self._apply = ProjectionSet([self._graph]).apply
        self.series: list[StatePoint] = []
        self.reviews: list[ReviewFigures] = []
        self.reads: list[ReadFigures] = []
        self.reads_total = 0
        self._agents: dict[str, list[int]] = {}  # agent -> [reads, claims served, last seq]
        self._erasures: dict[int, tuple[Applied, SubjectErased]] = {}
        self._certificates: dict[int, tuple[int, CertificateIssued]] = {}

    def observer(self, progress: ProgressHook | None) -> Callable[[Applied], None]:
        head = self._head

        def observe(applied: Applied) -> None:
            self._observe(applied)
            if progress is not None:
                progress(applied.seq, head)

        return observe

    def _in_scope(self, applied: Applied) -> bool:
        return self._tenant is None or applied.tenant == self._tenant

    def _dated(self, applied: Applied) -> bool:
        """In the window of the dated sections (``--since``); remembers its first seq."""
        if self._since_seq is not None:
            return applied.seq >= self._since_seq
        if self._since_us is not None and applied.recorded_at < self._since_us:
            return False
        if self.since_seq is None and self._since_us is not None:
            self.since_seq = applied.seq
        return True

    def _observe(self, applied: Applied) -> None:
        self._apply(applied)
        dated = self._dated(applied)
        if dated and (not self.series or applied.seq % self._step == 0
                      or applied.seq == self._head):
            self.series.append(StatePoint(applied.seq, self.claims_now()))
        if not (dated and self._in_scope(applied)):
            return
        event = applied.event
        if isinstance(event, ReviewDecided):
            self.reviews.append(ReviewFigures(
                applied.seq, iso(applied.recorded_at), applied.tenant, event.claim_id,
                event.decision, event.reviewer, event.approval_kind, event.reviewed_hash))
        elif isinstance(event, ClaimsRecalled):
            self.reads_total += 1
            self.reads.append(ReadFigures(applied.seq, iso(applied.recorded_at), event.agent,
                                          event.status, event.claim_ids))
            tally = self._agents.setdefault(event.agent, [0, 0, 0])
            tally[0] += 1
            tally[1] += len(event.claim_ids)
            tally[2] = applied.seq
        elif isinstance(event, SubjectErased):
            self._erasures[applied.seq] = (applied, event)
        elif isinstance(event, CertificateIssued):
            self._certificates.setdefault(event.erasure_seq, (applied.seq, event))

    def claims_now(self) -> dict[str, int]:
        counts = dict.fromkeys(STATES, 0)
        for record in self._graph.claims().values():
            if self._tenant is None or record.tenant == self._tenant:
                counts[record.state] += 1
        return counts

    def agents(self) -> tuple[AgentReads, ...]:
        return tuple(AgentReads(agent, n, served, last)
                     for agent, (n, served, last) in sorted(self._agents.items()))

    def erasures(self, published_key: bytes | None) -> tuple[ErasureFigures, ...]:
        return tuple(self._erasure(applied, event, published_key)
                     for applied, event in self._erasures.values())

    def _erasure(self, applied: Applied, event: SubjectErased,
                 published_key: bytes | None) -> ErasureFigures:
        issued = self._certificates.get(applied.seq)
        signature, signer_ok, cert_id, body = "absent", None, None, None
        cert_seq = None
        if issued is not None:
            cert_seq, cert = issued
            cert_id = certificate_id(cert.payload)
            try:
                certificate = certificates.from_issued(cert.payload, cert.signature)
            except Exception:  # noqa: BLE001 - a malformed payload is a failed certificate
                certificate = None
            if certificate is None:
                signature = "FAILED"
            else:
                body = certificate.body
                blob = certificates.to_json(certificate)
                good = certificates.verify_certificate(blob, published_key)
                # A body about another erasure, or signed by another key, does not verify.
                good = good and body.erasure_seq == applied.seq
                good = good and body.erasure_event_hash == applied.hash.hex()
                signature = "verified" if good else "FAILED"
                if published_key is not None:
                    signer_ok = certificates.public_key_raw(published_key) == bytes.fromhex(
                        body.public_key)
        return ErasureFigures(
            applied.seq, iso(applied.recorded_at), applied.tenant, event.fingerprint,
            len(event.entity_ids), len(event.claim_ids), len(event.keys_destroyed), cert_seq, cert_id,
            signature, signer_ok, body.parts_redacted if body else None,
            len(body.probes) if body else None, body.probes_abstained if body else None,
            tuple(f"{p.kind}: {p.status}" for p in body.probes) if body else ())

    def differences(self, report: ReresolveReport, with_detail: bool) -> Iterator[DifferenceFigures]:
        for d in report.differences:
            if self.since_seq is not None and d.seq < self.since_seq:
                continue
            yield DifferenceFigures(d.seq, d.claim_id, d.resolver_then, report.resolver_now,
                                    d.verdict_then, d.verdict_now, d.reason_now,
                                    d.detail_now if with_detail else None)
