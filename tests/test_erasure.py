"""forget: exact closure, bystanders, probes, tombstone, replay — adversarial cases first."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
from conftest import run_python

from affidavit.certificates import to_json, verify_certificate
from affidavit.engine.verification import verify_ledger
from affidavit.events import Unreadable
from affidavit.memory import history
from affidavit.memory import sources as sourcing

DOC = ("Dana Kim joined Harbor Clinic in 2019. Tomas Reyes manages the pharmacy at Harbor "
       "Clinic. Dana Kim takes warfarin 5 mg daily.")
SUBJECT_CLAIMS = ["Dana Kim joined Harbor Clinic in 2019.", "Dana Kim takes warfarin 5 mg daily."]
BYSTANDER = "Tomas Reyes manages the pharmacy at Harbor Clinic."
OTHERS = [  # same first name, same surname, same predicate, same first name + predicate
    ("Dana Whitfield works for Orbit Labs.", "Dana Whitfield works for Orbit Labs in Leeds."),
    ("Joon Kim lives in Busan.", "Joon Kim lives in Busan."),
    ("Priya Shah takes warfarin 2 mg daily.", "Priya Shah takes warfarin 2 mg daily."),
]
QUESTIONS = {"subject": "What does Dana Kim take?", "bystander": "Who manages the pharmacy at Harbor Clinic?",
             "first": "Where does Dana Whitfield work?", "surname": "Where does Joon Kim live?",
             "predicate": "What does Priya Shah take?"}


def load(store) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The workload: one document shared by the subject and a bystander, plus look-alikes."""
    ids = {}
    for claim in [*SUBJECT_CLAIMS, BYSTANDER]:
        out = store.remember(claim, claim, source_id="doc1", source_text=DOC)
        assert out.status == "admitted", out.text
        ids[claim] = out.claim_id
    for claim, evidence in OTHERS:
        out = store.remember(claim, evidence)
        assert out.status == "admitted", out.text
        ids[claim] = out.claim_id
    return ids


def answered(store, question: str) -> list[str]:  # type: ignore[no-untyped-def]
    out = store.recall(question)
    return [c.id for c in out.claims] if out.status == "answered" else []


def test_forget_a_single_letter_touches_nothing(open_store) -> None:  # type: ignore[no-untyped-def]
    """forget("a") erases nothing and says so; every claim still answers (same store as control)."""
    store = open_store()
    load(store)
    head, digest = store.head_seq, store.digest()
    out = store.forget("a")
    assert out.status == "unknown_subject" and out.certificate is None
    assert "nothing was erased" in out.text
    assert (store.head_seq, store.digest()) == (head, digest)
    assert all(answered(store, q) for q in QUESTIONS.values() if q != QUESTIONS["bystander"])


def test_ambiguous_first_name_erases_nothing_and_says_why(open_store) -> None:  # type: ignore[no-untyped-def]
    """"Dana" with two Danas is ambiguous: nothing erased, and the text does not claim she is unknown."""
    store = open_store()
    load(store)
    head = store.head_seq
    out = store.forget("Dana")
    assert out.status == "unknown_subject" and store.head_seq == head
    assert "more than one" in out.text
    assert answered(store, QUESTIONS["subject"]) and answered(store, QUESTIONS["first"])


def test_unknown_subject_erases_nothing(open_store) -> None:  # type: ignore[no-untyped-def]
    """A name never stored is unknown_subject with no certificate and no ledger write."""
    store = open_store()
    load(store)
    head = store.head_seq
    out = msgspec.to_builtins(store.forget("Nobody Here"))
    assert out["status"] == "unknown_subject" and out["certificate"] is None
    assert store.head_seq == head


def test_subject_abstains_while_lookalikes_and_bystander_answer(open_store) -> None:  # type: ignore
    """After forget every probe about the subject abstains; look-alike bystanders still answer."""
    store = open_store()
    ids = load(store)
    assert answered(store, QUESTIONS["subject"])  # control: it answered before
    out = store.forget("Dana Kim")
    assert out.status == "erased", out.text
    for claim in SUBJECT_CLAIMS:
        assert store.claims.get(ids[claim]) is None
        assert store.recall(claim.rstrip(".") + "?").status == "abstained"
    for question in ("What does Dana Kim take?", "Where did Dana Kim join?", "Who is Dana Kim?"):
        assert store.recall(question).status == "abstained"
    for key in ("first", "surname", "predicate"):
        assert answered(store, QUESTIONS[key]), key
    assert store.claims.get(ids[BYSTANDER]) is not None
    assert out.claims_erased == 2 and out.parts_redacted == 2
    assert out.certificate is not None and out.certificate.body.bystanders_surviving >= 1


def test_bystander_receipt_verifies_after_redaction_and_can_still_fail(open_store, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The bystander's surviving part verifies; one changed byte makes it FAILED; restored, verified."""
    store = open_store()
    ids = load(store)
    store.forget("Dana Kim")
    record = store.claims.get(ids[BYSTANDER])
    assert record is not None and record.receipt is not None
    source = store.sources.get(store.identity.tenant, record.receipt.source_ref)
    assert source is not None and source.redacted == frozenset({0, 2})
    assert sourcing.check_receipt(store, "default", record.receipt).status == "verified"
    real = sourcing.open_part

    def tampered(store_, rec, index):  # type: ignore[no-untyped-def]
        held = real(store_, rec, index)
        if held is None:
            return None
        salt, data = held
        return salt, bytes([data[0] ^ 1]) + data[1:]

    monkeypatch.setattr(sourcing, "open_part", tampered)
    assert sourcing.check_receipt(store, "default", record.receipt).status == "FAILED"
    monkeypatch.setattr(sourcing, "open_part", real)
    assert sourcing.check_receipt(store, "default", record.receipt).status == "verified"


def test_reproposal_is_not_stored_while_namesake_is_admitted(open_store) -> None:  # type: ignore[no-untyped-def]
    """The erased name is held_for_review/previously_erased, short forms too; a namesake is admitted."""
    store = open_store()
    load(store)
    store.forget("Dana Kim")
    out = store.remember("Dana Kim works for Orbit Labs.", "Dana Kim works for Orbit Labs.")
    assert (out.status, out.reason) == ("held_for_review", "previously_erased")
    for short in ("Dana visited Leeds.", "Ms Kim visited Leeds."):
        out = store.remember(short, short)
        assert (out.status, out.reason) == ("held_for_review", "previously_erased"), short
        assert out.claim_id is not None and store.review_queue.get(out.claim_id) is not None
    control = store.remember("Dana Whitfield lives in York.", "Dana Whitfield lives in York.")
    assert control.status == "admitted"


def test_titled_short_form_with_period_is_held(open_store) -> None:  # type: ignore[no-untyped-def]
    """"Ms. Kim" is a short form of the erased Dana Kim and must not be admitted."""
    store = open_store()
    load(store)
    store.forget("Dana Kim")
    out = store.remember("Ms. Kim visited Leeds.", "Ms. Kim visited Leeds.")
    assert out.status != "admitted"


def test_reproposal_with_the_erased_evidence_is_not_stored(open_store) -> None:  # type: ignore[no-untyped-def]
    """Re-proposing the exact erased claim and evidence answers previously_erased, not an error."""
    store = open_store()
    store.remember("Obi Eze plays as a winger.", "Obi Eze plays as a winger.")
    store.forget("Obi Eze")
    out = store.remember("Obi Eze plays as a winger.", "Obi Eze plays as a winger.")
    assert (out.status, out.reason) == ("held_for_review", "previously_erased")


def test_forget_twice_returns_the_same_certificate(open_store) -> None:  # type: ignore[no-untyped-def]
    """A second forget of an erased subject writes nothing new and returns the first certificate."""
    store = open_store()
    load(store)
    first = store.forget("Dana Kim")
    head = store.head_seq
    again = store.forget("Dana Kim")
    assert again.status == "erased" and store.head_seq == head
    assert again.certificate is not None and first.certificate is not None
    assert to_json(again.certificate) == to_json(first.certificate)


NEW_PROCESS = r"""
import json, sys
from pathlib import Path
from affidavit.store import Store
from affidavit.identity import Identity
from affidavit.memory import history
from affidavit.certificates import from_issued, to_json, verify_certificate
from affidavit.engine.verification import verify_ledger
store = Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]), identity=Identity())
seq = int(sys.argv[3])
issued = store.erased.certificate(seq)
cert = to_json(from_issued(issued.payload, issued.signature))
pub = (Path(sys.argv[1]) / "signing.pub").read_bytes()
out = {
  "chain_ok": verify_ledger(store._ledger, store._keyring).ok,
  "cert_ok": verify_certificate(cert, pub),
  "entries": [[e.seq, e.kind, e.summary] for e in history.entries(store, tenant=None)],
  "recall": {q: store.recall(q).status for q in sys.argv[4:]},
}
print(json.dumps(out))
"""


def test_erasure_holds_after_reopen_in_a_new_process(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """A new process replays: chain verifies, erased fields read [erased], probes abstain, others answer."""
    store = open_store()
    ids = load(store)
    out = store.forget("Dana Kim")
    assert out.status == "erased" and out.erasure_seq is not None
    erased_claims = {ids[c] for c in SUBJECT_CLAIMS}
    store.close()
    questions = [QUESTIONS["subject"], "Where did Dana Kim join?", QUESTIONS["first"],
                 QUESTIONS["surname"], QUESTIONS["predicate"]]
    proc = run_python(NEW_PROCESS, str(store_dirs[0]), str(store_dirs[1]), str(out.erasure_seq),
                      *questions)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["chain_ok"] and got["cert_ok"]
    assert got["recall"][questions[0]] == got["recall"][questions[1]] == "abstained"
    assert all(got["recall"][q] == "answered" for q in questions[2:])
    text = "\n".join(summary for _, _, summary in got["entries"])
    assert "Dana Kim" not in text and "warfarin 5" not in text
    for _, kind, summary in got["entries"]:
        if kind in ("CLAIM_ADMITTED",) and any(c in summary for c in erased_claims):
            assert "[erased]" in summary
    assert "Dana Whitfield" in text  # control: readable where the key is held
    # the ledger itself still verifies in this process too (old events intact)
    reopened = open_store()
    assert verify_ledger(reopened._ledger, reopened._keyring).ok
    assert sum("[erased]" in e.summary for e in history.entries(reopened, tenant=None)) >= 3


def test_certificate_verifies_and_fails_after_any_one_byte_changes(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """The certificate verifies with signing.pub alone; flipping any single byte makes it fail."""
    store = open_store()
    load(store)
    out = store.forget("Dana Kim")
    assert out.certificate is not None
    raw = to_json(out.certificate)
    pub = (Path(store_dirs[0]) / "signing.pub").read_bytes()
    assert verify_certificate(raw, pub) and verify_certificate(raw, None)
    for i in range(len(raw)):
        changed = raw[:i] + bytes([raw[i] ^ 0x01]) + raw[i + 1:]
        assert not verify_certificate(changed, pub), i
    body = out.certificate.body
    assert body.adversary_checkable and body.key_destroyed and body.erasure_seq == out.erasure_seq
    assert body.probes_abstained == len(body.probes) > 0
    assert b"Dana" not in raw and b"warfarin" not in raw


def test_certificate_fails_under_another_public_key(open_store, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A certificate checked against a different store's public key does not verify."""
    from affidavit.crypto.signer import Signer

    store = open_store()
    load(store)
    out = store.forget("Dana Kim")
    assert out.certificate is not None
    other = Signer.load_or_create(tmp_path / "other.key").public_key_pem()
    assert not verify_certificate(to_json(out.certificate), other)


def test_a_person_named_only_in_a_bystanders_evidence_is_shredded_from_it(open_store) -> None:
    """Erasing Ilse Brandvold keeps Tomas Reyes's claim but makes its evidence unreadable."""
    store = open_store()
    evidence = "Ilse Brandvold and Tomas Reyes co-wrote the Halden flood report."
    bystander = store.remember("Tomas Reyes co-wrote the Halden flood report.", evidence)
    own = store.remember("Ilse Brandvold co-wrote the Halden flood report.", evidence)
    assert bystander.status == own.status == "admitted"
    record = store.claims.get(bystander.claim_id)
    assert store.claim_evidence(record) == evidence  # control: readable before the erasure
    out = store.forget("Ilse Brandvold")
    assert out.status == "erased"
    record = store.claims.get(bystander.claim_id)
    assert record is not None and record.state == "active"  # the bystander's claim survives
    assert store.claim_private(record).text == "Tomas Reyes co-wrote the Halden flood report."
    assert store.claim_evidence(record) == Unreadable("erased")
    answer = store.recall("What did Tomas Reyes co-write?")
    assert answer.status == "answered" and [c.id for c in answer.claims] == [bystander.claim_id]


def test_a_bystanders_own_source_is_redacted_where_it_names_the_subject(open_store) -> None:
    """A separate document cited only by a bystander loses the part naming the erased subject."""
    store = open_store()
    own = store.remember("Ilse Brandvold lives in Halden.", "Ilse Brandvold lives in Halden.")
    memo = ("Tomas Reyes chairs the Halden flood board. "
            "Ilse Brandvold advised the board in 2021. The board meets monthly.")
    bystander = store.remember("Tomas Reyes chairs the Halden flood board.",
                               "Tomas Reyes chairs the Halden flood board.",
                               source_id="memo-12", source_text=memo)
    other = store.add_source("memo-13", "Ilse Weiss leads the Oslo office. She joined in 2019.")
    assert own.status == bystander.status == "admitted" and other.status == "registered"
    record = store.claims.get(bystander.claim_id)
    source = store.sources.get("default", record.receipt.source_ref)
    texts = [sourcing.open_part(store, source, i) for i in range(len(source.parts))]
    assert any(t is not None and b"Ilse Brandvold" in t[1] for t in texts)  # control
    assert store.forget("Ilse Brandvold").status == "erased"
    source = store.sources.get("default", record.receipt.source_ref)
    held = [sourcing.open_part(store, source, i) for i in range(len(source.parts))]
    assert not any(t is not None and b"Ilse" in t[1] for t in held)
    assert any(t is not None and b"Tomas Reyes" in t[1] for t in held)  # the rest survives
    assert store.verify_receipts().failed == 0
    weiss = store.sources.get("default", sourcing.source_ref(store, "memo-13"))
    assert not weiss.redacted  # another Ilse's document is untouched
