"""The closed, versioned vocabulary of ledger events.

An event is a frozen ``msgspec.Struct``. The ledger row carries the header
(seq, kind, tenant, actor, recorded_at, resolver) in columns and the struct,
encoded (``affidavit.codec``: compact since ledger format 2, JSON before), in
``body``. Personal content never appears in clear: it sits in ``Sealed`` fields
(AES-256-GCM ciphertext under per-subject keys, see ``affidavit.crypto``). Only
structure is in clear: ids, states, times, hashes.

Evolution rules (docs/ledger-format.md): a kind's name never changes once
shipped; fields may only be added at the end with a default; a new kind bumps
``EVENT_VOCABULARY_VERSION``. An unknown kind is refused on append and reported
on read.
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec

from affidavit.merkle import Receipt

EVENT_VOCABULARY_VERSION: Final = 2  # 2: CLAIM_CORRECTED, DISPUTE_RESOLVED
LEDGER_FORMAT: Final = 2  # 2: compact bodies and sealed payloads, interned row headers


class Sealed(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """Ciphertext of one personal field. ``keys`` names every data key it needs."""

    keys: tuple[str, ...]
    nonce: bytes
    ct: bytes


class ReceiptRef(msgspec.Struct, frozen=True, gc=False):
    """Where a claim's evidence sits in a held source document (structure only)."""

    source_ref: str  # keyed fingerprint of the source id
    receipt: Receipt  # root, byte range, part indices, leaf hashes, inclusion proofs


# -- private payloads: what a Sealed field decrypts to -----------------------


class EntityPrivate(msgspec.Struct, frozen=True, gc=False):
    name: str


class SourcePrivate(msgspec.Struct, frozen=True, gc=False):
    source_id: str
    origin: str | None = None


class PartPrivate(msgspec.Struct, frozen=True, gc=False):
    salt: bytes
    text: str


class ClaimPrivate(msgspec.Struct, frozen=True, gc=False):
    """A claim's content and the inputs the gate decided it on."""

    text: str  # the claim as admitted (normalised form for RESCUE)
    evidence: str  # the narrowed supporting span
    subject_name: str
    predicate: str
    object: str
    predicate_terms: tuple[str, ...]
    proposed_text: str  # the claim as proposed
    full_evidence: str | None = None  # decision input; dropped from storage when narrowed away
    entity_names: tuple[str, ...] = ()


class EvidencePrivate(msgspec.Struct, frozen=True, gc=False):
    """A claim's supporting span, sealed apart from the claim: it may name bystanders."""

    evidence: str


class NotePrivate(msgspec.Struct, frozen=True, gc=False):
    note: str


# -- events ------------------------------------------------------------------


class StoreCreated(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    store_id: str
    format: int = LEDGER_FORMAT
    vocabulary: int = EVENT_VOCABULARY_VERSION


class EntityRegistered(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A named person or organisation first seen; its data key id equals ``entity_id``."""

    entity_id: str
    name: Sealed
    alias_of: str | None = None


class SourceRegistered(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    source_ref: str
    root: str
    leaf_hashes: tuple[str, ...]
    part_spans: tuple[tuple[int, int], ...]  # byte ranges of the parts
    meta: Sealed  # SourcePrivate
    parts: tuple[Sealed, ...]  # PartPrivate, each under its own part key
    # Per part, keyed fingerprints of the names it mentions (full names and their first
    # and last tokens): forget() finds every part naming a subject without decrypting
    # every document, and a list of names cannot be hashed to read them.
    part_mentions: tuple[tuple[str, ...], ...] = ()


class ClaimAdmitted(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    claim_id: str
    subject_id: str
    entity_ids: tuple[str, ...]
    verdict: Literal["ACCEPT", "RESCUE", "REVIEW"]
    private: Sealed  # ClaimPrivate
    receipt: ReceiptRef | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    review_seq: int | None = None  # set when admitted by a recorded review decision
    # The supporting span, sealed under the keys of the claim's entities AND of everyone
    # the span names, so erasing a person named only in the evidence shreds the evidence
    # while the claim about someone else survives. (Older events keep it in ``private``.)
    evidence: Sealed | None = None
    evidence_entity_ids: tuple[str, ...] = ()


class ClaimQuarantined(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    claim_id: str
    subject_id: str
    entity_ids: tuple[str, ...]
    reason: str
    private: Sealed  # ClaimPrivate
    receipt: ReceiptRef | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    fingerprint: str | None = None  # previously_erased: the tombstone it matched
    # The supporting span, sealed under the keys of the claim's entities AND of everyone
    # the span names, so erasing a person named only in the evidence shreds the evidence
    # while the claim about someone else survives. (Older events keep it in ``private``.)
    evidence: Sealed | None = None
    evidence_entity_ids: tuple[str, ...] = ()


class LazyClaimAdmitted(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """``ClaimAdmitted`` as replay decodes a JSON body: ``private`` kept as its JSON text.

    Replay never opens a claim's content (the store does, on first read), so parsing
    the base64 ciphertext out of every body is skipped; ``Sealed`` is decoded from this
    text when the claim is read. A compact body carries the ciphertext as bytes and
    decodes into ``ClaimAdmitted`` itself. Read-only: ``encode_body`` refuses it (not in
    ``KINDS``).
    """

    claim_id: str
    subject_id: str
    entity_ids: tuple[str, ...]
    verdict: Literal["ACCEPT", "RESCUE", "REVIEW"]
    private: msgspec.Raw  # a Sealed, as JSON
    receipt: ReceiptRef | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    review_seq: int | None = None
    evidence: Sealed | None = None  # msgspec cannot decode ``Raw | None``: parsed as usual
    evidence_entity_ids: tuple[str, ...] = ()


class LazyClaimQuarantined(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """``ClaimQuarantined`` as replay decodes it (see ``LazyClaimAdmitted``)."""

    claim_id: str
    subject_id: str
    entity_ids: tuple[str, ...]
    reason: str
    private: msgspec.Raw  # a Sealed, as JSON
    receipt: ReceiptRef | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    fingerprint: str | None = None
    evidence: Sealed | None = None
    evidence_entity_ids: tuple[str, ...] = ()


class KeptClaimAdmitted(LazyClaimAdmitted, frozen=True, gc=False, kw_only=True):
    """``ClaimAdmitted`` as replay decodes a compact body: ``private`` kept as parsed.

    The parse has already rebuilt and typed every part of it but its key ids; checking
    those and converting it into a ``Sealed`` is left to the first read
    (``codec.decode_sealed``), as the JSON path leaves its text. Read-only, like its base.
    """

    private: Any  # the positional twin of a Sealed


class KeptClaimQuarantined(LazyClaimQuarantined, frozen=True, gc=False, kw_only=True):
    """``ClaimQuarantined`` as replay decodes a compact body (see ``KeptClaimAdmitted``)."""

    private: Any


class ClaimStateChanged(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    claim_id: str
    from_state: str
    to_state: str
    reason: str  # superseded_by | conflicting_claim | frozen_by_operator | ...
    cause_seq: int | None = None  # the event that caused the transition
    cause_claim_id: str | None = None
    valid_to: str | None = None  # supersession closes the old interval
    note: Sealed | None = None  # NotePrivate: an operator's reason (freeze / unfreeze)


class ReviewDecided(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    claim_id: str
    decision: Literal["approve", "reject"]
    reviewer: str
    approval_kind: Literal["human"]
    reviewed_hash: str  # hash of the ledger event that was shown to the reviewer
    note: Sealed | None = None


class ClaimCorrected(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A deliberate correction: ``corrected_by`` replaces ``claim_id`` (who and why recorded).

    ``outcome`` "superseded": the old claim is superseded, its valid time closed to
    ``valid_to``. "contested": a non-operator corrected another agent's claim, which
    it may not replace; the two are disputed (CLAIM_STATE_CHANGED events follow).
    """

    claim_id: str
    corrected_by: str
    from_state: str
    outcome: Literal["superseded", "contested"]
    corrector: str  # the agent of the correcting process
    operator: bool
    valid_to: str | None = None  # superseded: the old claim's closed interval end
    note: Sealed | None = None  # NotePrivate: why, sealed under the old claim's entity keys


class DisputeResolved(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """An operator's decision on a dispute, bound to the hash of the dispute as shown.

    "keep_one": ``kept`` becomes active, every other claim of the dispute superseded
    with ``valid_to`` closed. "both_valid": each claim becomes active with the
    interval ``intervals`` gives it (intervals that do not overlap).
    """

    claim_ids: tuple[str, ...]  # the dispute as shown, sorted
    decision: Literal["keep_one", "both_valid"]
    reviewer: str
    reviewed_hash: str  # hex hash of the dispute as shown (see memory/disputes.py)
    kept: str | None = None
    closed_valid_to: tuple[tuple[str, str | None], ...] = ()  # keep_one: (claim id, valid_to)
    intervals: tuple[tuple[str, str | None, str | None], ...] = ()  # both_valid
    note: Sealed | None = None


class SubjectErased(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    fingerprint: str  # HMAC of the normalised name under the store's tombstone key
    entity_ids: tuple[str, ...]
    claim_ids: tuple[str, ...]
    keys_destroyed: tuple[str, ...]
    alias_fingerprints: tuple[str, ...] = ()
    short_fingerprints: tuple[str, ...] = ()  # first / last name alone: held for review
    # True: not a subject's erasure but the shredding of one rejected re-proposal of an
    # erased subject (its own keys); the tombstone of ``fingerprint`` is left as it was.
    held_item: bool = False


class SourcePartRedacted(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    source_ref: str
    part_index: int
    key_id: str
    erasure_seq: int


class ErasureAcknowledged(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    claim_id: str
    fingerprint: str
    review_seq: int


class CertificateIssued(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    erasure_seq: int
    payload: bytes  # the exact signed bytes (canonical JSON of the certificate body)
    signature: bytes
    public_key: bytes


class CheckpointSigned(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    tree_size: int
    head_hash: str
    tree_root: str
    note: str  # the signed checkpoint text
    signature: bytes
    public_key: bytes


class ClaimsRecalled(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    agent: str
    claim_ids: tuple[str, ...]
    query_fingerprint: str
    status: str


Event = (
    StoreCreated
    | EntityRegistered
    | SourceRegistered
    | ClaimAdmitted
    | ClaimQuarantined
    | ClaimStateChanged
    | ReviewDecided
    | SubjectErased
    | SourcePartRedacted
    | ErasureAcknowledged
    | CertificateIssued
    | CheckpointSigned
    | ClaimsRecalled
    | ClaimCorrected
    | DisputeResolved
)

# The closed registry: kind name <-> struct. Order is irrelevant; names are forever.
KINDS: Final[dict[str, type]] = {
    "STORE_CREATED": StoreCreated,
    "ENTITY_REGISTERED": EntityRegistered,
    "SOURCE_REGISTERED": SourceRegistered,
    "CLAIM_ADMITTED": ClaimAdmitted,
    "CLAIM_QUARANTINED": ClaimQuarantined,
    "CLAIM_STATE_CHANGED": ClaimStateChanged,
    "REVIEW_DECIDED": ReviewDecided,
    "SUBJECT_ERASED": SubjectErased,
    "SOURCE_PART_REDACTED": SourcePartRedacted,
    "ERASURE_ACKNOWLEDGED": ErasureAcknowledged,
    "CERTIFICATE_ISSUED": CertificateIssued,
    "CHECKPOINT_SIGNED": CheckpointSigned,
    "CLAIMS_RECALLED": ClaimsRecalled,
    "CLAIM_CORRECTED": ClaimCorrected,
    "DISPUTE_RESOLVED": DisputeResolved,
}
KIND_OF: Final[dict[type, str]] = {cls: kind for kind, cls in KINDS.items()}

# What replay decodes a kind into where that differs from ``KINDS`` (lazy sealed fields).
REPLAY_KINDS: Final[dict[str, type]] = {
    "CLAIM_ADMITTED": LazyClaimAdmitted,
    "CLAIM_QUARANTINED": LazyClaimQuarantined,
}
# ... and a compact body of those kinds (the sealed content kept as parsed).
COMPACT_REPLAY_KINDS: Final[dict[str, type]] = {
    "CLAIM_ADMITTED": KeptClaimAdmitted,
    "CLAIM_QUARANTINED": KeptClaimQuarantined,
}
# Replay's claim events carry the same fields and meaning in every shape (the kept
# shapes are subclasses of the lazy ones).
ANY_CLAIM_ADMITTED: Final = (ClaimAdmitted, LazyClaimAdmitted)
ANY_CLAIM_QUARANTINED: Final = (ClaimQuarantined, LazyClaimQuarantined)
ReplayEvent = Event | LazyClaimAdmitted | LazyClaimQuarantined

# Sealed fields decrypted while replaying (others are opened on demand).
# Entity names are needed to resolve names; claim bodies are opened on first read
# (the store caches them), so replay does not pay a decryption per claim.
EAGER_PRIVATE: Final[dict[str, tuple[str, type]]] = {
    "ENTITY_REGISTERED": ("name", EntityPrivate),
}
# SOURCE_REGISTERED.meta (the source id) is opened on demand: replay does not need it.


class Unreadable(msgspec.Struct, frozen=True, gc=False):
    """A sealed field whose key is gone: ``erased`` (destroyed on purpose) or ``unavailable``."""

    why: Literal["erased", "unavailable"]


class Applied(msgspec.Struct, frozen=True, gc=False):
    """One verified ledger event as projections receive it."""

    seq: int
    kind: str
    tenant: str
    actor: str
    recorded_at: int
    resolver: str
    event: ReplayEvent  # an Event, or its lazy shape when replayed (``REPLAY_KINDS``)
    hash: bytes
    prev_hash: bytes
    private: object = None  # the opened EAGER_PRIVATE payload, an Unreadable, or None
