"""`forget`: exact closure -> SUBJECT_ERASED (commit point) -> shred keys -> probes -> certificate.

Crash safety: the commit of SUBJECT_ERASED (with its SOURCE_PART_REDACTED events,
in one transaction) is the point of no return. Before it nothing changed; after it
every projection already treats the subject as gone, and ``complete_interrupted``
(run on every open) destroys any listed key the keyring still holds. A certificate
is signed only after the keys read back as destroyed and every probe abstained,
so a half erasure never gets one. Calling ``forget`` again for an erased subject
finishes an interrupted erasure, or returns the certificate already issued.

Nothing here logs or raises with personal content: subjects by fingerprint only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec
import structlog

from affidavit import certificates, tombstones, validation
from affidavit.codec import decode_body
from affidavit.crypto.envelope import CIPHER_NAME
from affidavit.erasure_closure import (
    Closure,
    PartKey,
    Plan,
    decide_closure,
    decide_redactions,
    probe_questions,
)
from affidavit.events import CertificateIssued, SourcePartRedacted, SubjectErased
from affidavit.history import iso
from affidavit.recalling import recall
from affidavit.sourcing import check_receipt, mention_fingerprints, open_part

if TYPE_CHECKING:
    from affidavit.crypto.signer import Signer
    from affidavit.store import Store
    from affidavit.writer import WriteContext

log = structlog.get_logger("affidavit.erasure")
ERASURE_RESOLVER = "erasure/1"

Status = Literal["erased", "incomplete", "unknown_subject"]


class ForgetOutcome(msgspec.Struct, frozen=True, kw_only=True):
    status: Status
    certificate: certificates.Certificate | None
    text: str
    fingerprint: str | None = None
    erasure_seq: int | None = None
    claims_erased: int = 0
    parts_redacted: int = 0
    keys_destroyed: int = 0
    bystanders_surviving: int = 0
    survived: tuple[str, ...] = ()  # claim ids a probe still returned (incomplete only)


def forget(store: Store, subject: str) -> ForgetOutcome:
    subject = validation.text("subject", subject, validation.MAX_ID, multiline=False)
    plan = store._transact(lambda ctx: _decide(ctx, subject), resolver=ERASURE_RESOLVER)
    if plan.kind == "unknown":
        return _unknown(subject, plan.ambiguous)
    assert plan.erasure_seq is not None and plan.fingerprint is not None
    issued = store.erased.certificate(plan.erasure_seq)
    if issued is not None:  # erased and certified earlier: the same answer again
        cert = certificates.from_issued(issued.payload, issued.signature)
        return _erased(cert, plan.fingerprint, f"ERASED earlier at seq {plan.erasure_seq}; "
                       "this is the certificate issued then.")
    log.info("subject_erased", fingerprint=plan.fingerprint[:16], seq=plan.erasure_seq,
             claims=len(plan.claim_ids), parts=len(plan.part_keys))
    shred(store, plan.keys)
    try:
        return _probe_and_certify(store, subject, plan)
    finally:  # the probes asked about the subject: their memoised text goes too
        from affidavit.store import clear_text_caches

        clear_text_caches()


def _decide(ctx: WriteContext, subject: str) -> Plan:
    """Under the write lock, against current state: the closure and the events that erase it."""
    store, tenant = ctx.store, ctx.store.identity.tenant
    found = store.entities.resolve(tenant, subject)
    if len(found) != 1:
        fp = tombstones.full_fingerprint(store, subject)
        stone = store.erased.match_full(tenant, fp)
        if stone is not None:
            residue = _residue(store, subject) if store.erased.certificate(stone.seq) else None
            if residue is None:
                return _resume_plan(store, stone.seq, stone.fingerprint)
            return _erase(ctx, subject, residue)  # held again since: a new erasure
        return Plan(kind="unknown", ambiguous=len(store.entities.candidates(tenant, subject)) > 1)
    closure = decide_closure(tenant, found[0], store.entities, store.claims, store.review_queue,
                             store.claim_private)
    return _erase(ctx, subject, _with_mentioning_sources(store, closure))


def _residue(store: Store, subject: str) -> Closure | None:
    """For a subject erased and certified before: held source parts that name them again.

    A document registered after the erasure (add_source, a cited source_text) links to
    no entity, so only its keyed mention fingerprints find it.
    """
    empty = Closure(entity_ids=(), names=(subject,), claim_ids=(), cited={},
                    other_entities=(), demands=())
    closure = _with_mentioning_sources(store, empty)
    if not decide_redactions(_cited_part_texts(store, closure), closure.cited, closure.names):
        return None
    return closure


def _erase(ctx: WriteContext, subject: str, closure: Closure) -> Plan:
    store = ctx.store
    redactions = decide_redactions(_cited_part_texts(store, closure), closure.cited, closure.names)
    part_keys = {pk: _part_key(store, pk) for pk in redactions}
    canonical = closure.names[0] if closure.names else subject
    fingerprint = tombstones.full_fingerprint(store, canonical)
    aliases = {tombstones.full_fingerprint(store, n) for n in (*closure.names[1:], subject)
               if len(n.split()) > 1} - {fingerprint}
    keys = tuple(dict.fromkeys((*closure.entity_ids, *part_keys.values())))
    seq = ctx.add("SUBJECT_ERASED", SubjectErased(
        fingerprint=fingerprint, entity_ids=closure.entity_ids, claim_ids=closure.claim_ids,
        keys_destroyed=keys, alias_fingerprints=tuple(sorted(aliases)),
        short_fingerprints=tombstones.short_fingerprints(store, canonical)))
    for (ref, index), key_id in part_keys.items():
        ctx.add("SOURCE_PART_REDACTED", SourcePartRedacted(
            source_ref=ref, part_index=index, key_id=key_id, erasure_seq=seq))
    return Plan(kind="erase", erasure_seq=seq, fingerprint=fingerprint, closure=closure,
                claim_ids=closure.claim_ids, entity_ids=closure.entity_ids,
                part_keys=tuple(part_keys), keys=keys, recorded_at=ctx.recorded_at)


def _with_mentioning_sources(store: Store, closure: Closure) -> Closure:
    """Add every held document with a part that names the subject (by keyed fingerprint).

    Their parts are redacted only where the text really names the subject; a document
    no closure claim cites keeps every other part, so bystanders' receipts still verify.
    """
    fps = mention_fingerprints(store, list(closure.names))
    cited = dict(closure.cited)
    for ref, _index in store.sources.parts_mentioning(store.identity.tenant, fps):
        cited.setdefault(ref, frozenset())
    return msgspec.structs.replace(closure, cited=cited)


def _cited_part_texts(store: Store, closure: Closure) -> dict[PartKey, str | None]:
    """Every part of every source a closure claim cites, opened (None when no longer held)."""
    out: dict[PartKey, str | None] = {}
    for ref in sorted(closure.cited):
        record = store.sources.get(store.identity.tenant, ref)
        if record is None:
            continue
        for index in range(len(record.parts)):
            held = open_part(store, record, index)
            out[(ref, index)] = held[1].decode("utf-8") if held is not None else None
    return out


def _part_key(store: Store, part: PartKey) -> str:
    record = store.sources.get(store.identity.tenant, part[0])
    assert record is not None
    (key_id,) = record.parts[part[1]].keys  # each part is sealed under its own key
    return key_id


def _resume_plan(store: Store, seq: int, fingerprint: str) -> Plan:
    """An erased subject named again: finish its erasure (or return its certificate)."""
    row = next(iter(store._ledger.rows(seq - 1, seq)))
    event = decode_body(row.kind, row.body, row.seq)
    assert isinstance(event, SubjectErased)
    parts = tuple((e.source_ref, e.part_index) for e in _redactions_of(store, seq))
    return Plan(kind="resume", erasure_seq=seq, fingerprint=fingerprint, closure=None,
                claim_ids=event.claim_ids, entity_ids=event.entity_ids, part_keys=parts,
                keys=event.keys_destroyed, recorded_at=row.recorded_at)


def _redactions_of(store: Store, seq: int) -> list[SourcePartRedacted]:
    out = []
    for row in store._ledger.rows(seq, None):
        if row.kind != "SOURCE_PART_REDACTED":
            break  # written in the same transaction, right after SUBJECT_ERASED
        event = decode_body(row.kind, row.body, row.seq)
        if isinstance(event, SourcePartRedacted) and event.erasure_seq == seq:
            out.append(event)
    return out


def shred(store: Store, key_ids: tuple[str, ...] | list[str]) -> int:
    """Destroy the keys the keyring still holds (secure delete + WAL truncate); drop cached AEADs."""
    keyring = store._keyring
    if keyring is None or not key_ids:
        return 0
    pending = [k for k in key_ids if not keyring.is_destroyed(k)]
    if pending:
        keyring.destroy(pending, store.clock.now_us())
    if store._envelope is not None:
        store._envelope.forget_keys(set(key_ids))
    return len(pending)


def complete_interrupted(store: Store) -> int:
    """On open: destroy every key a committed SUBJECT_ERASED lists that is still held.

    Covers a crash between the erasure's commit and the key destruction. Cost is one
    in-memory set lookup per erased key; only keys still pending touch the keyring.
    """
    if store._keyring is None or store._readonly_at is not None:
        return 0
    done = shred(store, sorted(store.erased.destroyed_keys()))
    if done:
        log.warning("erasure_completed_on_open", keys=done)
    return done


def _probe_and_certify(store: Store, subject: str, plan: Plan) -> ForgetOutcome:
    assert plan.erasure_seq is not None and plan.fingerprint is not None
    keyring = store._require_keyring()
    destroyed = all(keyring.is_destroyed(k) for k in plan.keys)
    closure: Closure | None = plan.closure
    names = closure.names if closure is not None else (subject,)
    demands = closure.demands if closure is not None else ()
    results: list[certificates.ProbeResult] = []
    survived: list[str] = []
    for kind, question in probe_questions(names or (subject,), demands):
        outcome = recall(store, question)
        results.append(certificates.ProbeResult(kind, outcome.status))  # type: ignore[arg-type]
        if outcome.status == "answered":
            survived.extend(c.id for c in outcome.claims)
    counts = _read_back(store, plan)
    if survived or not destroyed:
        log.warning("erasure_incomplete", fingerprint=plan.fingerprint[:16], seq=plan.erasure_seq,
                    survived=len(set(survived)), keys_destroyed=destroyed)
        return ForgetOutcome(
            status="incomplete", certificate=None, fingerprint=plan.fingerprint,
            erasure_seq=plan.erasure_seq, survived=tuple(sorted(set(survived))),
            text=_incomplete_text(plan.erasure_seq, sorted(set(survived)), destroyed), **counts)
    signer = certificates.signer_for(store.keyring_dir)
    certificates.write_public_key(store.path, signer)
    row = next(iter(store._ledger.rows(plan.erasure_seq - 1, plan.erasure_seq)))
    body = certificates.build_body(
        store_id=store.store_id, tenant=store.identity.tenant, fingerprint=plan.fingerprint,
        erasure_seq=plan.erasure_seq, erasure_hash=row.hash.hex(), erased_at=iso(row.recorded_at),
        counts=counts, key_destroyed=destroyed, probes=tuple(results),
        public_key_hex=signer.public_key_bytes.hex(), cipher=CIPHER_NAME,
        resolver=ERASURE_RESOLVER)
    cert = _issue(store, signer, body)
    text = (f"ERASED subject {plan.fingerprint[:16]}… at seq {plan.erasure_seq}: "
            f"{counts['claims_erased']} claims, {counts['parts_redacted']} source parts, "
            f"{counts['keys_destroyed']} keys destroyed; {len(results)} probes all abstained; "
            f"{counts['bystanders_surviving']} bystander claims kept. Scope: {body.scope}")
    return _erased(cert, plan.fingerprint, text)


def _issue(store: Store, signer: Signer, body: certificates.CertificateBody) -> certificates.Certificate:
    """Sign and append CERTIFICATE_ISSUED, unless another process certified this erasure first."""
    def decide(ctx: WriteContext) -> certificates.Certificate:
        issued = store.erased.certificate(body.erasure_seq)
        if issued is not None:
            return certificates.from_issued(issued.payload, issued.signature)
        cert, payload, signature = certificates.sign(signer, body)
        ctx.add("CERTIFICATE_ISSUED", CertificateIssued(
            erasure_seq=body.erasure_seq, payload=payload, signature=signature,
            public_key=bytes.fromhex(body.public_key)))
        return cert

    return store._transact(decide, resolver=ERASURE_RESOLVER)


def _read_back(store: Store, plan: Plan) -> dict[str, int]:
    """Counts read from the projections after the commit, not from the plan."""
    assert plan.erasure_seq is not None
    tenant, seq = store.identity.tenant, plan.erasure_seq
    claims = sum(1 for c in plan.claim_ids
                 if store.claims.erased_at(c) == seq and store.claims.get(c) is None)
    parts = 0
    for ref, index in plan.part_keys:
        record = store.sources.get(tenant, ref)
        parts += int(record is not None and index in record.redacted)
    keyring = store._require_keyring()
    kept, verified = _bystanders(store, plan)
    return {"claims_erased": claims, "parts_redacted": parts,
            "keys_destroyed": sum(1 for k in plan.keys if keyring.is_destroyed(k)),
            "bystanders_surviving": kept, "bystander_receipts_verified": verified,
            "entities_erased": sum(1 for e in plan.entity_ids if store.erased.entity_erased(e))}


def _bystanders(store: Store, plan: Plan) -> tuple[int, int]:
    """Claims that share a source or an entity with the erased ones and remain; receipts verified."""
    tenant = store.identity.tenant
    refs = {ref for ref, _ in plan.part_keys}
    others: tuple[str, ...] = ()
    if plan.closure is not None:
        refs |= set(plan.closure.cited)
        others = plan.closure.other_entities
    kept = {r.claim_id: r for ref in refs for r in store.claims.citing(ref) if r.tenant == tenant}
    for eid in others:
        kept.update((r.claim_id, r) for r in store.claims.about(eid) if r.tenant == tenant)
    verified = sum(1 for r in kept.values() if r.receipt is not None
                   and check_receipt(store, tenant, r.receipt).status == "verified")
    return len(kept), verified


def _incomplete_text(seq: int, survived: list[str], destroyed: bool) -> str:
    what = []
    if survived:
        what.append(f"probes still returned claims {', '.join(survived)}")
    if not destroyed:
        what.append("some keys still read back as held")
    return (f"INCOMPLETE — the erasure committed at seq {seq}, but {'; and '.join(what)}. "
            "No certificate was issued. Next: run forget again to finish it; if claims still "
            "answer, erase the subject they name.")


def _erased(cert: certificates.Certificate, fingerprint: str, text: str) -> ForgetOutcome:
    b = cert.body
    return ForgetOutcome(status="erased", certificate=cert, text=text, fingerprint=fingerprint,
                         erasure_seq=b.erasure_seq, claims_erased=b.claims_erased,
                         parts_redacted=b.parts_redacted, keys_destroyed=b.keys_destroyed,
                         bystanders_surviving=b.bystanders_surviving)


def _unknown(subject: str, ambiguous: bool) -> ForgetOutcome:
    if ambiguous:
        text = (f"UNKNOWN SUBJECT — '{subject}' could name more than one stored subject in this "
                "tenant, so nothing was erased. Next: name the subject fully (first and last name).")
    else:
        text = (f"UNKNOWN SUBJECT — no stored subject in this tenant is named '{subject}'; "
                "nothing was erased. Next: use the name as it appears in stored claims.")
    return ForgetOutcome(status="unknown_subject", certificate=None, text=text)
