"""Tool arguments and results as msgspec Structs: the public MCP contract.

Argument Structs forbid unknown fields, so an argument outside the schema
(``tenant``, ``agent``, ``actor``, ...) is refused rather than ignored:
authority comes from the process, never from a tool argument. Result Structs
accept extra fields so the backend can add detail without breaking clients;
the fields listed here are guaranteed. The JSON Schemas that ``tools/list``
publishes are generated from these classes, so validation and documentation
cannot drift apart.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

# Field limits, in characters. A message is also capped at LINE_LIMIT bytes
# (see affidavit.mcp.lines), which bounds source texts in practice.
SHORT = 256
CLAIM_MAX = 4_096
EVIDENCE_MAX = 65_536
DOCUMENT_MAX = 1_048_576


def _text(description: str, max_length: int) -> msgspec.Meta:
    return msgspec.Meta(min_length=1, max_length=max_length, description=description)


Claim = Annotated[str, _text("One sentence, e.g. 'Ada Lovelace was born in 1815.'", CLAIM_MAX)]
Evidence = Annotated[str, _text("Verbatim quote from the source supporting it.", EVIDENCE_MAX)]
SourceId = Annotated[str, _text("Opaque id of a source document (never a file path).", SHORT)]
SourceText = Annotated[str, _text("The source document's full text.", DOCUMENT_MAX)]
Subject = Annotated[str, _text("A person or entity, as named in stored claims.", SHORT)]
Query = Annotated[str, _text("A question or topic, e.g. 'Where was Ada born?'", CLAIM_MAX)]
ClaimId = Annotated[str, _text("A claim id as returned by remember or recall.", SHORT)]
Origin = Annotated[str, _text("Where the document came from (URL, citation).", 2_048)]
Item = Annotated[str, _text("A review item id from review_queue.", SHORT)]
Note = Annotated[str, _text("Why; recorded in the ledger.", CLAIM_MAX)]
# ISO dates only; the fixed length also defeats the regex `$`-before-newline quirk.
Date = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        min_length=10,
        max_length=10,
        description="ISO date YYYY-MM-DD, inclusive.",
    ),
]
Seq = Annotated[int, msgspec.Meta(ge=1, description="Ledger position (seq) to read at.")]
Limit = Annotated[int, msgspec.Meta(ge=1, le=100, description="Most claims returned.")]
Count = Annotated[int, msgspec.Meta(ge=0)]


class Args(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Base of every argument Struct: unknown fields are invalid params."""


class RememberArgs(Args, frozen=True):
    claim: Claim
    evidence: Evidence
    source_id: SourceId | None = None
    source_text: SourceText | None = None
    subject: Subject | None = None
    valid_from: Date | None = None
    valid_to: Date | None = None
    supersedes: Annotated[str, _text(
        "Correct this claim id deliberately: it is superseded once this claim is admitted "
        "(another agent's claim is only contested unless this is an operator process).",
        SHORT)] | None = None
    note: Annotated[str, _text("Why (required with supersedes); recorded in the ledger.",
                               CLAIM_MAX)] | None = None


class RecallArgs(Args, frozen=True):
    query: Query
    as_of: Date | None = None
    as_of_seq: Seq | None = None
    limit: Limit = 10


class ForgetArgs(Args, frozen=True):
    subject: Subject


class NoArgs(Args, frozen=True):
    pass


class HistoryArgs(Args, frozen=True):
    subject: Subject | None = None
    claim_id: ClaimId | None = None


class AddSourceArgs(Args, frozen=True):
    source_id: SourceId
    text: SourceText
    origin: Origin | None = None


class ReviewArgs(Args, frozen=True):
    item: Item
    decision: Literal["approve", "reject"]
    note: Note
    reviewed_hash: Annotated[str, msgspec.Meta(pattern=r"^[0-9a-f]{64}$", description=(
        "reviewed_hash from review_queue; the decision is refused if the item changed since."
    ))] | None = None


class FreezeArgs(Args, frozen=True):
    claim_id: ClaimId
    note: Note


class IntervalArg(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    claim_id: ClaimId
    valid_from: Date | None = None
    valid_to: Date | None = None


class ResolveDisputeArgs(Args, frozen=True):
    claim_id: ClaimId
    decision: Literal["keep_one", "both_valid"]
    note: Note
    keep: ClaimId | None = None
    intervals: list[IntervalArg] | None = None
    reviewed_hash: Annotated[str, msgspec.Meta(pattern=r"^[0-9a-f]{64}$", description=(
        "dispute_hash from list_claims; the decision is refused if the dispute changed since."
    ))] | None = None


ClaimStateArg = Literal["active", "disputed", "superseded", "quarantined", "frozen"]
PageLimit = Annotated[int, msgspec.Meta(ge=1, le=100, description="Most rows per page.")]


class ListClaimsArgs(Args, frozen=True):
    subject: Subject | None = None
    state: ClaimStateArg | None = None
    # Not "agent": that would read as who the caller is. It only selects a view.
    written_by: Annotated[str, _text("Only claims written by this agent id.", 64)] | None = None
    source_id: SourceId | None = None
    valid_at: Date | None = None
    since_seq: Annotated[int, msgspec.Meta(ge=0)] | None = None
    until_seq: Annotated[int, msgspec.Meta(ge=0)] | None = None
    recorded_after: Date | None = None
    recorded_before: Date | None = None
    cursor: Annotated[str, _text("next_cursor of the previous page.", 32)] | None = None
    limit: PageLimit = 20


# ---- results -----------------------------------------------------------------

ClaimState = Literal["active", "disputed", "superseded", "quarantined", "frozen"]


class Result(msgspec.Struct, frozen=True):
    """Base of every result Struct; ``text`` is the readable summary."""

    text: str


class RememberResult(Result, frozen=True):
    status: Literal["admitted", "refused", "quarantined", "not_stored", "held_for_review",
                    "already_known"]
    reason: str | None
    claim_id: str | None
    receipt: dict[str, Any] | None
    # Filled on every refusal and quarantine: what and why, what to do next, the term at issue.
    detail: str | None = None
    remedy: str | None = None
    term: str | None = None


class RecalledClaim(msgspec.Struct, frozen=True):
    id: str
    text: str
    state: ClaimState
    valid_from: str | None
    valid_to: str | None
    receipt_status: Literal["verified", "failed", "source_not_held"]


class RecallResult(Result, frozen=True):
    status: Literal["answered", "abstained"]
    reason: str | None
    ungrounded_term: str | None
    claims: list[RecalledClaim]
    next: str | None


class ForgetResult(Result, frozen=True):
    status: Literal["erased", "incomplete", "unknown_subject"]
    certificate: dict[str, Any] | None
    # An incomplete erasure: the seq it committed at, what is still to do ("keys",
    # "certificate"), the listed keys still held, the failure's code and what to do.
    erasure_seq: int | None = None
    pending: list[Literal["keys", "certificate"]] = []
    keys_pending: Count = 0
    cause: str | None = None
    remedy: str | None = None


class ReceiptCounts(msgspec.Struct, frozen=True):
    verified: Count
    failed: Count
    source_not_held: Count


class VerifyCheck(msgspec.Struct, frozen=True):
    name: str
    status: Literal["passed", "failed", "skipped"]
    detail: str


class ContentCounts(msgspec.Struct, frozen=True):
    checked: bool
    fields: Count
    opened: Count
    erased: Count
    unreadable_events: Count
    key_missing: Count
    key_corrupted: Count
    ciphertext_invalid: Count
    first_unreadable_seq: int | None


class VerifyResult(Result, frozen=True):
    ok: bool
    events: Count
    head_hash: str
    first_bad_seq: int | None
    receipts: ReceiptCounts
    expected: str | None
    found: str | None
    head_seal: Literal["verified", "FAILED", "not checked"]
    content: ContentCounts
    checks: list[VerifyCheck]
    checks_run: list[str]
    checks_skipped: list[str]


class HistoryEvent(msgspec.Struct, frozen=True):
    seq: Count
    kind: str
    recorded_at: str
    actor: str
    summary: str


class HistoryResult(Result, frozen=True):
    events: list[HistoryEvent]


class AddSourceResult(Result, frozen=True):
    status: Literal["registered", "already_registered"]
    source_id: str
    root: str
    parts: Count


class ClaimCounts(msgspec.Struct, frozen=True):
    active: Count
    disputed: Count
    superseded: Count
    quarantined: Count
    frozen: Count


class StatsResult(Result, frozen=True):
    claims: ClaimCounts
    subjects: Count
    sources: Count
    events: Count
    head_hash: str


class ReviewItem(msgspec.Struct, frozen=True):
    item: str
    claim_id: str
    reason: str
    claim: str
    evidence: str
    reviewed_hash: str


class ReviewQueueResult(Result, frozen=True):
    items: list[ReviewItem]


class ReviewResult(Result, frozen=True):
    status: Literal["approved", "rejected"]
    claim_id: str


class StateChangeResult(Result, frozen=True):
    status: Literal["frozen", "unfrozen"]
    claim_id: str
    from_state: ClaimState
    to_state: ClaimState


class ResolveDisputeResult(Result, frozen=True):
    status: Literal["resolved"]
    decision: Literal["keep_one", "both_valid"]
    claim_ids: list[str]


class ClaimRow(msgspec.Struct, frozen=True):
    id: str
    state: ClaimState
    text: str
    agent: str
    valid_from: str | None
    valid_to: str | None
    seq: Count
    receipt_status: Literal["verified", "failed", "source_not_held"]
    dispute_hash: str | None = None


class ListClaimsResult(Result, frozen=True):
    claims: list[ClaimRow]
    matched: Count
    next_cursor: str | None
