"""The figures of the audit report: what `affidavit report --json` prints and the page shows.

Plain frozen structs, no behaviour. Every personal field is optional and filled
only under ``--include-content`` with the keyring present; the rest are ids,
counts, hashes, keyed fingerprints, agent ids and resolver versions.
"""

from __future__ import annotations

import msgspec

REPORT_FORMAT = "affidavit-audit-report/1"
READS_SHOWN = 200  # the newest audited reads listed one by one (all are counted)


class CheckFigures(msgspec.Struct, frozen=True):
    """One check the verification ran (passed / failed) or could not run (skipped, and why)."""

    name: str
    status: str  # passed | failed | skipped
    detail: str


class ChainFigures(msgspec.Struct, frozen=True):
    """The verification `affidavit verify` and the MCP `verify` tool run, in the report's scope."""

    ok: bool  # every check that ran passed
    events: int  # events that verified (the verified prefix)
    head_hash: str
    head_seal: str  # verified | FAILED | not checked
    verified_at: str
    first_bad_seq: int | None = None
    expected: str | None = None
    found: str | None = None
    checks: tuple[CheckFigures, ...] = ()
    checks_run: tuple[str, ...] = ()
    checks_skipped: tuple[str, ...] = ()
    receipts: dict[str, int] = msgspec.field(default_factory=dict)  # verified, failed, source_not_held
    content: dict[str, int | bool | None] = msgspec.field(default_factory=dict)


class CheckpointFigures(msgspec.Struct, frozen=True):
    seq: int  # the CHECKPOINT_SIGNED event
    tree_size: int
    tree_root: str
    valid: bool  # root, note and Ed25519 signature all check (``check_checkpoint``)
    problems: tuple[str, ...]
    signer_is_published_key: bool | None  # None: no signing.pub beside the store
    head_size: int
    head_consistent: bool  # an RFC 6962 consistency proof tree_size -> head verified
    proof_hashes: int


class StatePoint(msgspec.Struct, frozen=True):
    seq: int
    counts: dict[str, int]


class ErasureFigures(msgspec.Struct, frozen=True):
    seq: int
    recorded_at: str
    tenant: str
    fingerprint: str  # keyed fingerprint of the subject, never the name
    entities: int
    claims: int
    keys_destroyed: int
    certificate_seq: int | None
    certificate_id: str | None  # SHA-256 of the exact signed certificate payload
    signature: str  # verified | FAILED | absent
    signer_is_published_key: bool | None
    parts_redacted: int | None
    probes: int | None
    probes_abstained: int | None
    probe_results: tuple[str, ...] = ()  # "<kind>: <status>" per probe the certificate lists


class ReviewFigures(msgspec.Struct, frozen=True):
    seq: int
    recorded_at: str
    tenant: str
    claim_id: str
    decision: str
    reviewer: str
    approval_kind: str
    reviewed_hash: str


class AgentReads(msgspec.Struct, frozen=True):
    agent: str
    reads: int
    claims_served: int
    last_seq: int


class ReadFigures(msgspec.Struct, frozen=True):
    seq: int
    recorded_at: str
    agent: str
    status: str
    claim_ids: tuple[str, ...]


class DifferenceFigures(msgspec.Struct, frozen=True):
    seq: int
    claim_id: str
    resolver_then: str
    resolver_now: str
    verdict_then: str
    verdict_now: str
    reason_now: str | None
    detail_now: str | None = None  # today's refusal detail: may quote the claim (content only)


class ReresolveFigures(msgspec.Struct, frozen=True):
    resolver_now: str
    decisions: int
    same: int
    different: int
    not_redecidable: dict[str, int]
    differences: tuple[DifferenceFigures, ...]


class ContentRow(msgspec.Struct, frozen=True):
    claim_id: str
    state: str
    text: str  # "[erased]" / "[unavailable]" when the key is destroyed or not held


class AuditReport(msgspec.Struct, frozen=True, kw_only=True):
    format: str = REPORT_FORMAT
    store_id: str | None
    scope: str  # a tenant, or "*" for every tenant
    since: str | None  # as given (a seq or an ISO time)
    since_seq: int | None  # the first seq the dated sections include
    generated_at: str
    command: str  # the exact command that regenerates this report
    resolver: str  # the write gate's version today
    chain: ChainFigures
    opened: bool  # False: the store refused to open (every other section is empty)
    not_opened: str | None = None
    keyring_held: bool | None = None  # without it nothing sealed opens (None: not opened)
    checkpoint: CheckpointFigures | None = None
    claims_now: dict[str, int] = msgspec.field(default_factory=dict)
    claims_total: int = 0
    series: tuple[StatePoint, ...] = ()
    erasures: tuple[ErasureFigures, ...] = ()
    reviews: tuple[ReviewFigures, ...] = ()
    read_audit: bool = False
    reads_total: int = 0
    reads_by_agent: tuple[AgentReads, ...] = ()
    reads: tuple[ReadFigures, ...] = ()  # the newest READS_SHOWN
    reresolve: ReresolveFigures | None = None
    content_included: bool = False
    content: tuple[ContentRow, ...] = ()
    findings: tuple[str, ...] = ()  # integrity failures, in words (empty: none)
