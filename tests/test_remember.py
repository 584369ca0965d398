"""remember end to end: four outcomes, typed input errors with nothing written, receipts, conflicts."""

from __future__ import annotations

import msgspec
import pytest

from affidavit.errors import InvalidInput, SourceConflict, UnknownSource
from affidavit.identity import Identity
from affidavit.memory import sources as sourcing
from affidavit.store import Store

EVIDENCE = "Priya Shah joined Kestrel Labs in 2019. Her colleague Tom Berg runs the Oslo office."


def _events(store: Store) -> int:
    return store._ledger.last_seq()


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        (dict(claim="", evidence="x"), "claim"),
        (dict(claim="Priya Shah joined Kestrel Labs.", evidence="   "), "evidence"),
        (dict(claim="Priya\x00 Shah joined Kestrel Labs.", evidence=EVIDENCE), "claim"),
        (dict(claim="Priya Shah joined Kestrel Labs.", evidence=EVIDENCE + "\x07"), "evidence"),
        (dict(claim="x" * 5000, evidence=EVIDENCE), "claim"),
        (dict(claim="Priya Shah joined Kestrel Labs.", evidence=EVIDENCE, valid_from="2019-02-30"),
         "valid_from"),
        (dict(claim="Priya Shah joined Kestrel Labs.", evidence=EVIDENCE, valid_from="2020-01-01",
              valid_to="2019-01-01"), "valid_to"),
        (dict(claim="Priya Shah joined Kestrel Labs.", evidence=EVIDENCE, source_id="../etc/passwd"),
         "source_id"),
        (dict(claim="Priya Shah joined Kestrel Labs.", evidence=EVIDENCE,
              source_text="A different document entirely."), "evidence"),
    ],
)
def test_bad_input_is_a_typed_error_and_writes_nothing(open_store, kwargs, field) -> None:
    """Each malformed input raises InvalidInput naming the field; the ledger does not grow."""
    store = open_store()
    before = _events(store)
    claim, evidence = kwargs.pop("claim"), kwargs.pop("evidence")
    with pytest.raises(InvalidInput) as info:
        store.remember(claim, evidence, **kwargs)
    assert info.value.field == field
    assert _events(store) == before


def test_admitted_claim_is_committed_and_survives_restart(open_store) -> None:
    """ADMITTED means an event was committed: a new process sees the claim with its receipt."""
    store = open_store()
    out = store.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    assert out.status == "admitted" and out.claim_id and out.receipt is not None
    store.close()
    again = open_store()
    record = again.claims.get(out.claim_id)
    assert record is not None and record.state == "active"
    assert sourcing.check_receipt(again, "default", record.receipt).status == "verified"


def test_refusal_writes_nothing_and_says_what_to_do(open_store) -> None:
    """A refused claim is a typed value with reason and remedy, and the ledger does not grow."""
    store = open_store()
    before = _events(store)
    out = store.remember("Priya Shah joined Kestrel Labs in 2021.", EVIDENCE)
    assert out.status == "refused" and out.reason in {"numeral_invented", "temporal_shifted"}
    assert out.remedy and "Next:" in out.text
    assert _events(store) == before and not store.claims.claims()


def test_narrowed_storage_keeps_only_the_supporting_sentence(open_store) -> None:
    """The stored evidence is the span about Priya, not Tom Berg's sentence."""
    store = open_store()
    out = store.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    record = store.claims.get(out.claim_id)
    evidence = store.claim_evidence(record)
    assert isinstance(evidence, str)
    assert "Tom Berg" not in evidence
    assert "Priya Shah joined Kestrel Labs in 2019" in evidence


def test_receipt_fails_when_one_byte_of_the_held_source_changes(open_store, monkeypatch) -> None:
    """The receipt verifies; flip one byte of the held part and it FAILS; restore and it verifies."""
    store = open_store()
    out = store.remember("Tom Berg runs the Oslo office.", "Tom Berg runs the Oslo office.",
                         source_id="memo-7", source_text=EVIDENCE.replace("Her colleague ", ""))
    assert out.status == "admitted"
    assert store.verify_receipts().verified == 1
    real = sourcing.open_part

    def tampered(store_, record, index):  # type: ignore[no-untyped-def]
        held = real(store_, record, index)
        if held is None:
            return None
        salt, data = held
        return salt, bytes([data[0] ^ 0x20]) + data[1:]

    monkeypatch.setattr(sourcing, "open_part", tampered)
    report = store.verify_receipts()
    assert report.failed == 1 and report.failures[0].claim_id == out.claim_id
    monkeypatch.setattr(sourcing, "open_part", real)
    assert store.verify_receipts().verified == 1


def test_source_ids_are_opaque_and_not_overwritten(open_store) -> None:
    """Re-registering an id with other text is refused; citing an unknown id is refused."""
    store = open_store()
    first = store.add_source("memo-1", "Dana Kim works for Harbor Bank.")
    assert first.status == "registered"
    assert store.add_source("memo-1", "Dana Kim works for Harbor Bank.").status == "already_registered"
    with pytest.raises(SourceConflict):
        store.add_source("memo-1", "Dana Kim works for River Bank.")
    with pytest.raises(UnknownSource):
        store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.",
                       source_id="memo-2")
    out = store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.",
                         source_id="memo-1")
    assert out.status == "admitted" and out.receipt.source_ref == sourcing.source_ref(store, "memo-1")


def test_later_valid_time_supersedes_and_closes_the_interval(open_store) -> None:
    """A later role supersedes the earlier one, whose valid_to is closed, both as events."""
    store = open_store()
    old = store.remember("Ines Okafor is the mayor of Port Ellis.", "Ines Okafor is the mayor of Port Ellis.",
                         valid_from="2010-01-01")
    new = store.remember("Ines Okafor is the governor of Wexmoor.",
                         "Ines Okafor is the governor of Wexmoor.", valid_from="2018-06-01")
    assert old.status == new.status == "admitted"
    record = store.claims.get(old.claim_id)
    assert record.state == "superseded" and record.valid_to == "2018-05-31"
    assert store.claims.get(new.claim_id).state == "active"
    now = store.recall("What is Ines Okafor's role?")
    assert [c.id for c in now.claims] == [new.claim_id]
    then = store.recall("What was Ines Okafor's role in 2012?")
    assert [c.id for c in then.claims] == [old.claim_id]


def test_overlapping_conflict_disputes_both(open_store) -> None:
    """Two undated, different residences for one person: both become disputed, both recalled."""
    store = open_store()
    a = store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    b = store.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.")
    assert store.claims.get(a.claim_id).state == "disputed"
    assert store.claims.get(b.claim_id).state == "disputed"
    answer = store.recall("Where does Omar Haddad live?")
    assert answer.status == "answered" and {c.id for c in answer.claims} == {a.claim_id, b.claim_id}
    assert all(c.disputed for c in answer.claims)


def test_rescue_admits_the_normalised_form(open_store) -> None:
    """A claim that reformats a number is admitted in the evidence's wording, and says so."""
    store = open_store()
    out = store.remember("Redvale Mills produced 48000 metres of cloth.",
                         "Redvale Mills produced 48,000 metres of cloth last year.")
    assert out.status == "admitted" and out.verdict == "RESCUE"
    assert out.admitted_text == "Redvale Mills produced 48,000 metres of cloth."
    assert "normalised" in out.text
    stored = store.claim_private(store.claims.get(out.claim_id))
    assert stored.text == out.admitted_text
    assert stored.proposed_text.startswith("Redvale Mills produced 48000")
    # The evidence's own wording is the same claim now: already known, nothing written.
    again = store.remember("Redvale Mills produced 48,000 metres of cloth.",
                           "Redvale Mills produced 48,000 metres of cloth last year.")
    assert (again.status, again.claim_id) == ("already_known", out.claim_id)
    # Control: where it is new (another tenant), that wording is plainly accepted.
    plain = open_store(Identity("other", "a1")).remember(
        "Redvale Mills produced 48,000 metres of cloth.",
        "Redvale Mills produced 48,000 metres of cloth last year.")
    assert plain.verdict == "ACCEPT"
    assert plain.admitted_text == "Redvale Mills produced 48,000 metres of cloth."


def test_secret_is_refused_before_anything_is_written(open_store) -> None:
    """A claim carrying a credential is refused with contains_secret; a clean one is admitted."""
    store = open_store()
    before = _events(store)
    leaked = "Dana Kim's API key is sk_live_abcdefghijklmnopqrstuvwx."
    out = store.remember(leaked, leaked)
    assert out.status == "refused" and out.reason == "contains_secret"
    assert _events(store) == before
    clean = store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    assert clean.status == "admitted"


def test_outcome_is_serialisable(open_store) -> None:
    """Every outcome converts to plain JSON for the MCP and CLI layers."""
    store = open_store()
    out = store.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    data = msgspec.json.decode(msgspec.json.encode(out))
    assert data["status"] == "admitted" and data["receipt"]["receipt"]["root_hex"]


def test_a_short_form_links_to_one_entity_as_subject_and_as_object(open_store) -> None:
    """'Larkspur' as a claim's subject and as another claim's object is the same entity."""
    store = open_store()
    release = store.remember("Larkspur Systems released version 3.2 in 2024.",
                             "Larkspur Systems released version 3.2 in 2024.")
    needs = store.remember("Larkspur 3.2 requires PostgreSQL 14 or later.",
                           "Larkspur 3.2 requires PostgreSQL 14 or later.")
    staff = store.remember("Dmitri Volkov is the lead architect of Larkspur.",
                           "Dmitri Volkov is the lead architect of Larkspur.")
    assert release.status == needs.status == staff.status == "admitted"
    company = store.claims.get(release.claim_id).subject_id
    assert store.claims.get(needs.claim_id).subject_id == company
    assert company in store.claims.get(staff.claim_id).entity_ids
    answer = store.recall("Which PostgreSQL version does Larkspur 3.2 require?")
    assert answer.status == "answered" and [c.id for c in answer.claims] == [needs.claim_id]
    # Control: a different one-word name is its own entity.
    other = store.remember("Mira Holt lives in Leeds.", "Mira Holt lives in Leeds.")
    assert company not in store.claims.get(other.claim_id).entity_ids
