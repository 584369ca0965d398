"""`forget`: exact closure -> SUBJECT_ERASED (commit point) -> shred keys -> probes -> certificate.

Crash safety: the commit of SUBJECT_ERASED (with its SOURCE_PART_REDACTED events,
in one transaction) is the point of no return. Before it nothing changed; after it
every projection already treats the subject as gone, and the engine's ``complete_interrupted``
(run on every open) destroys any listed key the keyring still holds. A certificate
is signed only after the keys read back as destroyed and every probe abstained,
so a half erasure never gets one. Calling ``forget`` again for an erased subject
finishes an interrupted erasure, or returns the certificate already issued.

A write that fails after the commit (the keyring cannot destroy the keys: disk full,
read-only, I/O error; or the certificate cannot be signed or appended) is not raised:
the outcome is ``incomplete`` with the committed seq, what is ``pending`` (keys,
certificate), the failure's code and what to do, because the erasure did happen.

Nothing here logs or raises with personal content: subjects by fingerprint only.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import structlog

from affidavit import certificates, validation
from affidavit.codec import decode_body
from affidavit.crypto.envelope import CIPHER_NAME
from affidavit.crypto.signer import Signer
from affidavit.engine import Engine, WriteContext, clear_text_caches
from affidavit.errors import AffidavitError, ChainBroken, storage_failure
from affidavit.events import CertificateIssued, SourcePartRedacted, SubjectErased
from affidavit.memory import tombstones
from affidavit.memory.closure import (
    Closure,
    Demand,
    PartKey,
    Plan,
    decide_closure,
    decide_redactions,
    probe_questions,
)
from affidavit.memory.forget_report import (
    ForgetOutcome,
    erased_outcome,
    incomplete_text,
    pending_remedy,
    pending_text,
    read_back,
    unknown_outcome,
)
from affidavit.memory.history import iso
from affidavit.memory.recall import recall
from affidavit.memory.sources import mention_fingerprints, open_part
from affidavit.text.memo import held_until_exit

log = structlog.get_logger("affidavit.erasure")
ERASURE_RESOLVER = "erasure/2"


def forget(store: Engine, subject: str) -> ForgetOutcome:
    subject = validation.text("subject", subject, validation.MAX_ID, multiline=False)
    # The text caches cleared below are cut off at once; freeing their entries waits
    # until this erasure returns, so the reaper does not take the GIL from it.
    with held_until_exit():
        return _forget(store, subject)


def _forget(store: Engine, subject: str) -> ForgetOutcome:
    plan = store.transact(lambda ctx: _decide(ctx, subject), resolver=ERASURE_RESOLVER)
    if plan.kind == "unknown":
        return unknown_outcome(subject, plan.ambiguous)
    assert plan.erasure_seq is not None and plan.fingerprint is not None
    issued = store.erased.certificate(plan.erasure_seq)
    if issued is not None:  # erased and certified earlier: the same answer again
        cert = certificates.from_issued(issued.payload, issued.signature)
        return erased_outcome(cert, plan.fingerprint, f"ERASED earlier at seq {plan.erasure_seq}; "
                       "this is the certificate issued then.")
    log.info("subject_erased", fingerprint=plan.fingerprint[:16], seq=plan.erasure_seq,
             claims=len(plan.claim_ids), parts=len(plan.part_keys))
    try:
        try:
            store.shred(plan.keys)
        except AffidavitError as exc:  # committed: say so, and what is still pending
            return _pending(store, subject, plan, exc)
        return _probe_and_certify(store, subject, plan)
    finally:  # the probes asked about the subject: their memoised text goes too
        clear_text_caches()


def _decide(ctx: WriteContext, subject: str) -> Plan:
    """Under the write lock, against current state: the closure and the events that erase it."""
    store, tenant = ctx.engine, ctx.engine.identity.tenant
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


def _residue(store: Engine, subject: str) -> Closure | None:
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
    store = ctx.engine
    redactions = decide_redactions(_cited_part_texts(store, closure), closure.cited, closure.names)
    part_keys = {pk: _part_key(store, pk) for pk in redactions}
    canonical = closure.names[0] if closure.names else subject
    fingerprint = tombstones.full_fingerprint(store, canonical)
    aliases = {tombstones.full_fingerprint(store, n) for n in (*closure.names[1:], subject)
               if len(n.split()) > 1} - {fingerprint}
    if len(canonical.split()) > 1:  # a stated nickname with the surname: "Jussi Kallioniemi"
        surname = canonical.split()[-1]
        aliases |= {tombstones.full_fingerprint(store, f"{n} {surname}") for n in closure.names[1:]
                    if len(n.split()) == 1}
    # The person, however spelled (full), and the partial forms held for review (short).
    person_full, person_short = tombstones.person_fingerprints(store, (*closure.names, subject))
    short = set(tombstones.short_fingerprints(store, canonical)) | set(person_short)
    keys = tuple(dict.fromkeys((*closure.entity_ids, *part_keys.values())))
    seq = ctx.add("SUBJECT_ERASED", SubjectErased(
        fingerprint=fingerprint, entity_ids=closure.entity_ids, claim_ids=closure.claim_ids,
        keys_destroyed=keys, alias_fingerprints=tuple(sorted((aliases | set(person_full)) - {fingerprint})),
        short_fingerprints=tuple(sorted(short))))
    for (ref, index), key_id in part_keys.items():
        ctx.add("SOURCE_PART_REDACTED", SourcePartRedacted(
            source_ref=ref, part_index=index, key_id=key_id, erasure_seq=seq))
    return Plan(kind="erase", erasure_seq=seq, fingerprint=fingerprint, closure=closure,
                claim_ids=closure.claim_ids, entity_ids=closure.entity_ids,
                part_keys=tuple(part_keys), keys=keys, recorded_at=ctx.recorded_at)


def _with_mentioning_sources(store: Engine, closure: Closure) -> Closure:
    """Add every held document with a part that names the subject (by keyed fingerprint).

    Their parts are redacted only where the text really names the subject; a document
    no closure claim cites keeps every other part, so bystanders' receipts still verify.
    """
    fps = mention_fingerprints(store, list(closure.names))
    cited = dict(closure.cited)
    for ref, _index in store.sources.parts_mentioning(store.identity.tenant, fps):
        cited.setdefault(ref, frozenset())
    return msgspec.structs.replace(closure, cited=cited)


def _cited_part_texts(store: Engine, closure: Closure) -> dict[PartKey, str | None]:
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


def _part_key(store: Engine, part: PartKey) -> str:
    record = store.sources.get(store.identity.tenant, part[0])
    assert record is not None
    (key_id,) = record.parts[part[1]].keys  # each part is sealed under its own key
    return key_id


def _resume_plan(store: Engine, seq: int, fingerprint: str) -> Plan:
    """An erased subject named again: finish its erasure (or return its certificate)."""
    row = next(iter(store.ledger.rows(seq - 1, seq)))
    event = decode_body(row.kind, row.body, row.seq)
    assert isinstance(event, SubjectErased)
    parts = tuple((e.source_ref, e.part_index) for e in _redactions_of(store, seq))
    return Plan(kind="resume", erasure_seq=seq, fingerprint=fingerprint, closure=None,
                claim_ids=event.claim_ids, entity_ids=event.entity_ids, part_keys=parts,
                keys=event.keys_destroyed, recorded_at=row.recorded_at)


def _redactions_of(store: Engine, seq: int) -> list[SourcePartRedacted]:
    out = []
    for row in store.ledger.rows(seq, None):
        if row.kind != "SOURCE_PART_REDACTED":
            break  # written in the same transaction, right after SUBJECT_ERASED
        event = decode_body(row.kind, row.body, row.seq)
        if isinstance(event, SourcePartRedacted) and event.erasure_seq == seq:
            out.append(event)
    return out


def _probe_and_certify(store: Engine, subject: str, plan: Plan) -> ForgetOutcome:
    assert plan.erasure_seq is not None and plan.fingerprint is not None
    keyring = store.require_keyring()
    destroyed = all(keyring.is_destroyed(k) for k in plan.keys)
    results: list[certificates.ProbeResult] = []
    survived: list[str] = []
    for kind, question in probe_questions(*_probe_inputs(plan, subject)):
        outcome = recall(store, question)
        results.append(certificates.ProbeResult(kind, outcome.status))  # type: ignore[arg-type]
        if outcome.status == "answered":
            survived.extend(c.id for c in outcome.claims)
    counts = read_back(store, plan)
    if survived or not destroyed:
        log.warning("erasure_incomplete", fingerprint=plan.fingerprint[:16], seq=plan.erasure_seq,
                    survived=len(set(survived)), keys_destroyed=destroyed)
        return ForgetOutcome(
            status="incomplete", certificate=None, fingerprint=plan.fingerprint,
            erasure_seq=plan.erasure_seq, survived=tuple(sorted(set(survived))),
            text=incomplete_text(plan.erasure_seq, sorted(set(survived)), destroyed),
            claims_erased=counts.get("claims_erased", 0),
        parts_redacted=counts.get("parts_redacted", 0),
        keys_destroyed=counts.get("keys_destroyed", 0),
        bystanders_surviving=counts.get("bystanders_surviving", 0))
    try:
        return _certify(store, plan, counts, destroyed, tuple(results))
    except OSError as exc:  # the signing key or signing.pub could not be written
        return _pending(store, subject, plan, _as_storage_failure(exc))
    except AffidavitError as exc:  # the certificate's append failed (disk full, read-only, ...)
        if isinstance(exc, ChainBroken):
            raise
        return _pending(store, subject, plan, exc)


def _certify(store: Engine, plan: Plan, counts: dict[str, int], destroyed: bool,
             results: tuple[certificates.ProbeResult, ...]) -> ForgetOutcome:
    assert plan.erasure_seq is not None and plan.fingerprint is not None
    signer = certificates.signer_for(store.keyring_dir)
    certificates.write_public_key(store.path, signer)
    row = next(iter(store.ledger.rows(plan.erasure_seq - 1, plan.erasure_seq)))
    body = certificates.build_body(
        store_id=store.store_id, tenant=store.identity.tenant, fingerprint=plan.fingerprint,
        erasure_seq=plan.erasure_seq, erasure_hash=row.hash.hex(), erased_at=iso(row.recorded_at),
        counts=counts, key_destroyed=destroyed, probes=results,
        public_key_hex=signer.public_key_bytes.hex(), cipher=CIPHER_NAME,
        resolver=ERASURE_RESOLVER)
    cert = _issue(store, signer, body)
    text = (f"ERASED subject {plan.fingerprint[:16]}… at seq {plan.erasure_seq}: "
            f"{counts['claims_erased']} claims, {counts['parts_redacted']} source parts, "
            f"{counts['keys_destroyed']} keys destroyed; {len(results)} probes all abstained; "
            f"{counts['bystanders_surviving']} bystander claims kept. Scope: {body.scope}")
    return erased_outcome(cert, plan.fingerprint, text)


def _as_storage_failure(exc: OSError) -> AffidavitError:
    name = Path(str(exc.filename)).name if exc.filename else "a file"
    return storage_failure(exc, name, kept="the certificate was not issued")


def _pending(store: Engine, subject: str, plan: Plan, cause: AffidavitError) -> ForgetOutcome:
    """The erasure committed but a write after it failed: report the committed state.

    Every projection already treats the subject as gone (they applied the commit); the
    probes are asked again to say so from evidence, not by construction. Nothing here
    trusts the failed keyring to answer: a key it cannot read back counts as pending.
    """
    assert plan.erasure_seq is not None and plan.fingerprint is not None
    keyring = store.require_keyring()
    pending_keys = 0
    for key_id in plan.keys:
        try:
            pending_keys += not keyring.is_destroyed(key_id)
        except AffidavitError:
            pending_keys += 1
    probes: tuple[int, int] | None
    try:
        asked = [recall(store, q).status for _k, q in probe_questions(*_probe_inputs(plan, subject))]
        probes = (len(asked), sum(1 for status in asked if status != "answered"))
    except AffidavitError:
        probes = None
    try:
        counts = read_back(store, plan)
    except AffidavitError:
        counts = {}
    log.warning("erasure_pending", fingerprint=plan.fingerprint[:16], seq=plan.erasure_seq,
                keys_pending=pending_keys, cause=cause.code)
    counts["keys_destroyed"] = len(plan.keys) - pending_keys
    return ForgetOutcome(
        status="incomplete", certificate=None, fingerprint=plan.fingerprint,
        erasure_seq=plan.erasure_seq,
        pending=(("keys",) if pending_keys else ()) + ("certificate",),
        keys_pending=pending_keys, cause=cause.code,
        remedy=pending_remedy(cause.code, pending_keys),
        text=pending_text(plan.fingerprint, plan.erasure_seq, pending_keys, len(plan.keys),
                          probes, cause.code, str(cause)),
        claims_erased=counts.get("claims_erased", 0),
        parts_redacted=counts.get("parts_redacted", 0),
        keys_destroyed=counts.get("keys_destroyed", 0),
        bystanders_surviving=counts.get("bystanders_surviving", 0))


def _probe_inputs(plan: Plan, subject: str) -> tuple[tuple[str, ...], tuple[Demand, ...]]:
    closure = plan.closure
    names = closure.names if closure is not None else (subject,)
    return names or (subject,), closure.demands if closure is not None else ()


def _issue(store: Engine, signer: Signer, body: certificates.CertificateBody) -> certificates.Certificate:
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

    return store.transact(decide, resolver=ERASURE_RESOLVER)
