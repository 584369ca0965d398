"""`remember`: validate, tombstone, pure grounding gate, then one ledger transaction.

"Admitted" is said only after the CLAIM_ADMITTED event committed. A refusal writes
nothing. A quarantine is a real CLAIM_QUARANTINED event waiting for review.
"""

from __future__ import annotations

import os
from typing import Literal

import msgspec

from affidavit import validation
from affidavit.engine import Engine, WriteContext
from affidavit.errors import InvalidInput, UnknownSource
from affidavit.events import (
    ClaimAdmitted,
    ClaimPrivate,
    ClaimQuarantined,
    EvidencePrivate,
    ReceiptRef,
)
from affidavit.gates.conflicts import CONFLICT_RULES_VERSION
from affidavit.gates.contracts import WriteDecision
from affidavit.gates.write import RESOLVER_VERSION, decide_write
from affidavit.gates.write_context import decide_in_source
from affidavit.memory import correct, dedupe, tombstones
from affidavit.memory import sources as sourcing
from affidavit.memory.conflicts import apply_conflicts
from affidavit.memory.linking import place_keys, resolve_entities
from affidavit.projections import ClaimRecord
from affidavit.secrets_scan import find_secret
from affidavit.text.aliases import ALIASES_VERSION, stated_aliases
from affidavit.text.names import find_names, name_key, refers_to
from affidavit.text.person_key import capitalised_runs
from affidavit.text.recase import chat_cased, recase_from_claim
from affidavit.text.span import locate_span

Status = Literal["admitted", "refused", "quarantined", "not_stored", "held_for_review",
                 "already_known"]


class RememberOutcome(msgspec.Struct, frozen=True):
    status: Status
    reason: str | None
    claim_id: str | None
    receipt: ReceiptRef | None
    text: str
    claim: str
    evidence: str
    detail: str | None = None
    remedy: str | None = None
    term: str | None = None
    admitted_text: str | None = None
    verdict: str | None = None
    seq: int | None = None
    transitions: tuple[str, ...] = ()


def remember(
    store: Engine,
    claim: str,
    evidence: str,
    *,
    source_id: str | None = None,
    source_text: str | None = None,
    subject: str | None = None,
    valid_from: str | None = None,
    valid_to: str | None = None,
    supersedes: str | None = None,
    note: str | None = None,
) -> RememberOutcome:
    claim = validation.text("claim", claim, validation.MAX_CLAIM)
    evidence = validation.text("evidence", evidence, validation.MAX_EVIDENCE)
    if source_id is not None:
        source_id = validation.source_id(source_id)
    if source_text is not None:
        source_text = validation.text("source_text", source_text, validation.MAX_SOURCE_TEXT)
        if locate_span(source_text, evidence) is None:
            raise InvalidInput("evidence", "is not in source_text; quote the source exactly")
    if subject is not None:
        subject = validation.text("subject", subject, validation.MAX_ID, multiline=False)
    valid_from, valid_to = validation.interval(valid_from, valid_to)
    if supersedes is not None:
        supersedes = validation.text("supersedes", supersedes, validation.MAX_ID, multiline=False)
        if note is None:
            raise InvalidInput("note", "a correction (supersedes) needs a note saying why")
        note = validation.text("note", note, validation.MAX_CLAIM)

    secret = next((k for t in (claim, evidence, source_text, subject, source_id)
                   if t and (k := find_secret(t))), None)
    if secret is not None:
        return _refused(claim, evidence, "contains_secret",
                        f"the {secret} looks like a credential; credentials are never stored",
                        "remove the credential from the claim, evidence, source text and ids",
                        secret)  # the kind of credential, never its value

    # pure: decided outside the write lock; an ended interval reads the claim as what held
    decision = decide_write(claim, evidence, held_until=valid_to)
    if (decision.refusal is not None and decision.refusal.code == "unknown_subject"
            and source_text is not None):
        # The quote names nobody ("I moved in 2022"); its document may say who wrote it.
        read = decide_in_source(claim, evidence, source_text)
        if read is not None:
            evidence, decision = read
    if subject is not None and decision.shape is not None and not (
        refers_to(subject, decision.shape.subject) or refers_to(decision.shape.subject, subject)
    ):
        return _refused(claim, evidence, "unknown_subject",
                        "the claim is not about the given subject",
                        "name the subject as the claim does, or omit subject", subject)
    narrowed = _narrowed_evidence(claim, evidence, decision, valid_to)

    # Read as the gate read it: chat's lower-case names carry the claim's capitals.
    cased = recase_from_claim(claim, chat_cased(evidence))
    stated = stated_aliases(cased)
    aliases = {name_key(alias): name_key(full) for full, alias in stated}
    alias_names = [alias for _, alias in stated]

    def decide(ctx: WriteContext) -> RememberOutcome:
        names = [n for n, _, _ in find_names(claim)]
        if decision.shape is not None:
            names = list(decision.shape.entities) + names
        if subject is not None:
            names.insert(0, subject)
        # Every capitalised run of the claim (a sentence-initial "Kim" too), then every
        # name in the span that would be stored: an erased person does not come back as
        # a bystander's evidence ("Omar and Dana Kim share an office") either.
        names += capitalised_runs(claim)
        names += [n for n, _, _ in find_names(narrowed)] + capitalised_runs(narrowed)
        hit = tombstones.check(store, dict.fromkeys(names))
        if hit is not None:
            return _previously_erased(ctx, hit, claim, narrowed, decision, source_id,
                                      source_text, valid_from, valid_to)
        if decision.verdict == "REJECT":
            ref = decision.refusal
            assert ref is not None
            return _refused(claim, evidence, ref.code, ref.detail, ref.remedy, ref.term or None)
        known = dedupe.find_known(ctx, claim, narrowed, decision, source_id, source_text,
                                  valid_from, valid_to)
        if known is not None:
            notes = correct.again(ctx, supersedes, known, note or "") if supersedes else []
            return _already_known(known, claim, narrowed, notes)
        fix = correct.plan(store, supersedes, note or "") if supersedes is not None else None
        return _record(ctx, claim, narrowed, decision, source_id, source_text, valid_from, valid_to,
                       aliases=aliases, alias_names=alias_names, correction=fix)

    return store.transact(decide, resolver=f"{RESOLVER_VERSION}+{CONFLICT_RULES_VERSION}+{ALIASES_VERSION}")


def _already_known(record: ClaimRecord, claim: str, narrowed: str,
                   notes: list[str]) -> RememberOutcome:
    text = (f"ALREADY KNOWN as {record.claim_id} ({record.state}); nothing new was stored"
            + "".join(f"; {n}" for n in notes) + ".")
    return RememberOutcome("already_known", None, record.claim_id, record.receipt, text, claim,
                           narrowed, seq=record.seq, transitions=tuple(notes))


def _narrowed_evidence(claim: str, evidence: str, decision: WriteDecision,
                       held_until: str | None = None) -> str:
    """Only the span that supports the claim is stored, if it supports it on its own."""
    if decision.span is None or decision.verdict in ("REJECT",):
        return evidence
    start, end = decision.span
    narrowed = evidence[start:end].strip()
    if not narrowed or narrowed == evidence.strip():
        return evidence
    again = decide_write(claim, narrowed, held_until=held_until)
    return narrowed if again.verdict == decision.verdict else evidence


def _refused(claim: str, evidence: str, code: str, detail: str, remedy: str,
             term: str | None) -> RememberOutcome:
    text = f"REFUSED ({code}) — {detail}. Next: {remedy}."
    return RememberOutcome("refused", code, None, None, text, claim, evidence, detail, remedy, term)


def _source_and_receipt(ctx: WriteContext, narrowed: str, source_id: str | None,
                        source_text: str | None) -> ReceiptRef | None:
    if source_id is None and source_text is None:
        # The evidence itself is the document; its id is a keyed fingerprint, not the text.
        source_id = "evidence:" + sourcing.source_ref(ctx.engine, "evidence\x00" + narrowed)[:32]
        source_text = narrowed
    elif source_id is None:
        assert source_text is not None
        source_id = "text:" + sourcing.source_ref(ctx.engine, "text\x00" + source_text)[:32]
    try:
        draft = sourcing.prepare(ctx, source_id, source_text)
    except UnknownSource:
        if source_text is None or not source_id.startswith(("evidence:", "text:")):
            raise
        # The same text was registered before and redacted by an erasure: a new document.
        draft = sourcing.prepare(ctx, f"{source_id}#{ctx.next_seq()}", source_text)
    return sourcing.receipt_for(draft, narrowed)


def _private(claim: str, narrowed: str, decision: WriteDecision, names: list[str]) -> ClaimPrivate:
    shape = decision.shape
    assert shape is not None
    return ClaimPrivate(
        text=decision.normalised_claim or claim, evidence=narrowed, subject_name=shape.subject,
        predicate=shape.predicate, object=shape.object, predicate_terms=shape.predicate_terms,
        proposed_text=claim, entity_names=tuple(names),
    )


def _record(ctx: WriteContext, claim: str, narrowed: str, decision: WriteDecision,
            source_id: str | None, source_text: str | None, valid_from: str | None,
            valid_to: str | None, *, reason: str | None = None,
            fingerprint: str | None = None, aliases: dict[str, str] | None = None,
            alias_names: list[str] | None = None,
            correction: correct.Correction | None = None) -> RememberOutcome:
    shape = decision.shape
    assert shape is not None
    seen: dict[str, str] = {}
    ambiguities: list[tuple[str, int]] = []
    if aliases and reason != "previously_erased":
        # The people the nicknames belong to, first: then a nickname met below (in the
        # claim or the span) is registered as their alias, not as someone new.
        owners = sorted(set(aliases.values()))
        cased_span = recase_from_claim(claim, chat_cased(narrowed))
        resolve_entities(ctx, [n for n, _, _ in find_names(cased_span) if name_key(n) in owners], seen,
                         linking="evidence")
    entity_ids, ambiguous = resolve_entities(ctx, list(shape.entities) or [shape.subject], seen,
                                             aliases=aliases, ambiguities=ambiguities,
                                             places=place_keys(claim))
    # A nickname the evidence states is registered even where chat wrote it lower case.
    spanned = [n for n, _, _ in find_names(narrowed)] + [a for a in alias_names or () if a not in narrowed]
    named_in_span, _ = resolve_entities(ctx, spanned, seen, linking="evidence", aliases=aliases)
    evidence_keys = tuple(dict.fromkeys([*entity_ids, *named_in_span]))
    receipt = _source_and_receipt(ctx, narrowed, source_id, source_text)
    private = _private(claim, "", decision, list(shape.entities))
    claim_id = "clm_" + os.urandom(8).hex()
    seq = ctx.next_seq()
    quarantine_reason = reason or (
        decision.refusal.code if decision.verdict == "QUARANTINE" and decision.refusal
        else ("ambiguous_subject" if ambiguous else None))
    subject_id, entities = entity_ids[0], tuple(entity_ids)
    evidence = EvidencePrivate(narrowed)
    if quarantine_reason is not None:
        kind = "CLAIM_QUARANTINED"
        content_keys, span_keys = tuple(entity_ids), evidence_keys
        if reason == "previously_erased":
            # A re-proposal of an erased subject is sealed under a key of its own, so a
            # rejection can shred it without touching anyone named beside it.
            content_keys = span_keys = (ctx.new_keys()[0],)
        sealed = ctx.seal(seq, kind, "private", private, content_keys)
        ctx.add(kind, ClaimQuarantined(
            claim_id=claim_id, subject_id=subject_id, entity_ids=entities, receipt=receipt,
            valid_from=valid_from, valid_to=valid_to, reason=quarantine_reason, private=sealed,
            fingerprint=fingerprint,
            evidence=ctx.seal(seq, kind, "evidence", evidence, span_keys),
            evidence_entity_ids=evidence_keys), private)
        status: Status = "held_for_review" if reason == "previously_erased" else "quarantined"
        detail, remedy, term = _why_held(quarantine_reason, decision, ambiguities, claim_id)
        text = (f"QUARANTINED ({quarantine_reason}) — {detail}; held for an operator's review as "
                f"{claim_id}; it is not returned by recall unless approved. Next: {remedy}.")
        if correction is not None:
            text += f" {correction.target.claim_id} is not corrected: a held claim corrects nothing."
        return RememberOutcome(status, quarantine_reason, claim_id, receipt, text, claim,
                               narrowed, detail, remedy, term, verdict="QUARANTINE", seq=seq)
    kind = "CLAIM_ADMITTED"
    sealed = ctx.seal(seq, kind, "private", private, tuple(entity_ids))
    verdict: Literal["ACCEPT", "RESCUE"] = "RESCUE" if decision.verdict == "RESCUE" else "ACCEPT"
    ctx.add(kind, ClaimAdmitted(
        claim_id=claim_id, subject_id=subject_id, entity_ids=entities, receipt=receipt,
        valid_from=valid_from, valid_to=valid_to, verdict=verdict, private=sealed,
        evidence=ctx.seal(seq, kind, "evidence", evidence, evidence_keys),
        evidence_entity_ids=evidence_keys), private)
    if correction is not None:
        transitions = correct.apply(ctx, correction, claim_id, seq, entity_ids[0], private,
                                    valid_from, valid_to)
    else:
        transitions = apply_conflicts(ctx, claim_id, seq, entity_ids[0], private, valid_from,
                                      valid_to)
    text = f"ADMITTED as {claim_id}"
    if verdict == "RESCUE":
        text += f" in normalised form: {private.text!r}"
    if transitions:
        text += "; " + "; ".join(transitions)
    return RememberOutcome("admitted", None, claim_id, receipt, text + ".", claim, narrowed,
                           admitted_text=private.text, verdict=verdict, seq=seq,
                           transitions=tuple(transitions))


def _why_held(reason: str, decision: WriteDecision, ambiguities: list[tuple[str, int]],
              claim_id: str) -> tuple[str, str, str | None]:
    """Detail, remedy and term of a quarantine: what was held, why, and what the caller can do.

    Ambiguity is told as the caller's own name and a count of the entities of this
    tenant it could mean, never their names (nor anything of another tenant).
    """
    review = f"ask an operator to review {claim_id}"
    if ambiguities:
        name, count = ambiguities[0]
        more = f" (and {len(ambiguities) - 1} other name(s) likewise)" if len(ambiguities) > 1 else ""
        return (f"'{name}' could mean {count} different people or organisations already known here"
                f"{more}, so the claim was not linked to a guess",
                f"name the person fully (as the evidence does) and remember it again, or {review}", name)
    refusal = decision.refusal
    if refusal is not None and refusal.code == reason:
        return refusal.detail, f"{refusal.remedy.rstrip('.')}; or {review}", refusal.term
    if reason == "previously_erased":
        return "the claim names a previously erased subject", review, None
    return f"the claim was held ({reason})", review, None


def _previously_erased(ctx: WriteContext, hit: tombstones.TombstoneHit, claim: str, narrowed: str,
                       decision: WriteDecision, source_id: str | None, source_text: str | None,
                       valid_from: str | None, valid_to: str | None) -> RememberOutcome:
    """Not stored: an erased subject comes back only through a recorded review decision."""
    what = "a previously erased subject" if hit.match == "full" else (
        "a name that matches part of a previously erased subject")
    if decision.verdict == "REJECT" or decision.shape is None:
        text = (f"NOT STORED (previously_erased) — '{hit.name}' is {what}; the claim was also "
                "not supported by its evidence, so nothing was queued.")
        return RememberOutcome("not_stored", "previously_erased", None, None, text, claim, narrowed,
                               detail=text, remedy="nothing to do", term=hit.name)
    held = _record(ctx, claim, narrowed, decision, source_id, source_text, valid_from, valid_to,
                   reason="previously_erased", fingerprint=hit.tombstone.fingerprint)
    text = (f"HELD FOR REVIEW (previously_erased) — '{hit.name}' is {what}. The claim is "
            f"held, sealed under its own key, as {held.claim_id}: recall never returns it; "
            "an operator's approval admits it, a rejection shreds it.")
    return msgspec.structs.replace(held, status="held_for_review", text=text, term=hit.name, detail=text,
                                   remedy="ask an operator to review it")
