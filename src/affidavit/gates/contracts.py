"""Types shared by the pure gates and their callers.

The gates are pure functions: the write gate of ``(claim, evidence)``, the read
gate of ``(question, index, at)``. Nothing here touches storage, the clock or
randomness.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

import msgspec

Verdict = Literal["ACCEPT", "RESCUE", "REJECT", "QUARANTINE"]

WriteRefusalCode = Literal[
    "unknown_subject",
    "relation_transposed",
    "numeral_invented",
    "asserts_more_than_evidence",
    "negation_flipped",
    "modality_dropped",
    "quantifier_changed",
    "temporal_shifted",
]

ReadAbstainCode = Literal["unknown_subject", "unknown_predicate", "no_valid_claim"]

ClaimState = Literal["active", "disputed", "superseded", "quarantined", "frozen"]


class Refusal(msgspec.Struct, frozen=True):
    """Why the gate said no, and what the caller can do about it."""

    code: str
    detail: str  # what was refused and why, naming the offending term
    remedy: str  # what to do next (quote the span that says it, narrow the claim, ...)
    term: str | None = None  # the claim word/number/name that could not be grounded


class ClaimShape(msgspec.Struct, frozen=True):
    """What a claim is about, as the gate parsed it.

    ``predicate`` is a normalised key (lemmas, equivalences applied) so that two
    claims with the same subject and predicate but different objects conflict.
    """

    subject: str  # the subject's name as written in the claim, titles dropped
    entities: tuple[str, ...]  # every named entity in the claim, subject first
    predicate: str
    object: str
    predicate_terms: tuple[str, ...] = ()  # lemmas of the predicate + object words


class WriteDecision(msgspec.Struct, frozen=True):
    verdict: Verdict
    refusal: Refusal | None  # set for REJECT and QUARANTINE
    shape: ClaimShape | None  # set whenever the claim could be parsed
    span: tuple[int, int] | None  # narrowed supporting span: str offsets into the evidence
    normalised_claim: str | None = None  # RESCUE: the form that is admitted
    checks: tuple[str, ...] = ()  # names of the checks that ran, in order


class ClaimView(msgspec.Struct, frozen=True):
    """One stored claim as the read gate sees it (plaintext, in memory only)."""

    claim_id: str
    seq: int
    subject_id: str
    entity_ids: tuple[str, ...]
    subject_name: str
    text: str
    predicate: str
    object: str
    predicate_terms: tuple[str, ...]
    state: ClaimState
    valid_from: str | None  # ISO date YYYY-MM-DD, inclusive
    valid_to: str | None  # ISO date, inclusive; None = open


class EntityView(msgspec.Struct, frozen=True):
    entity_id: str
    name: str


class ReadIndex(Protocol):
    """What the read gate may ask of the store's projections."""

    def resolve(self, name: str) -> Sequence[EntityView]:
        """Entities a name in a question refers to (same rules as the write gate)."""
        ...

    def claims_about(self, entity_id: str) -> Sequence[ClaimView]:
        """Every claim (any state) whose entities include ``entity_id``."""
        ...


class ReadDecision(msgspec.Struct, frozen=True):
    status: Literal["answered", "abstained"]
    reason: str | None  # ReadAbstainCode when abstained
    ungrounded_term: str | None
    claims: tuple[ClaimView, ...]  # answered: ranked selection; only active|disputed
    known: tuple[ClaimView, ...]  # abstained: what the store does know about the subject
    next: str  # the next step for the caller
    text: str  # short readable rendering
