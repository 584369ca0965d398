"""Idempotent remember and disputes only when facts clash, through the store and across restarts."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_python

from affidavit.events import ClaimStateChanged
from affidavit.identity import Identity
from affidavit.store import Store

ADA = ("Ada Lovelace was born in 1815.", "Ada Lovelace was born in 1815 in London.")

COUNT_IN_NEW_PROCESS = """
import json, sys
from affidavit.store import Store
store = Store.open(sys.argv[1], keyring_dir=sys.argv[2], create=False)
out = store.remember(sys.argv[3], sys.argv[4])
print(json.dumps(dict(status=out.status, claim_id=out.claim_id, head=store.head_seq,
                      counts=store.claims.counts("default"))))
"""


def state_changes(store: Store) -> list[ClaimStateChanged]:
    from affidavit.codec import decode_event

    return [e for r in store.ledger.rows(0) if isinstance(e := decode_event(r), ClaimStateChanged)]


def test_the_same_claim_twice_is_one_claim(open_store) -> None:
    """Re-remembering a claim with the same evidence returns the first id, writes nothing, says so."""
    store = open_store()
    first = store.remember(*ADA)
    head = store.head_seq
    again = store.remember(*ADA)
    assert (first.status, again.status) == ("admitted", "already_known")
    assert again.claim_id == first.claim_id and store.head_seq == head
    assert again.text.startswith(f"ALREADY KNOWN as {first.claim_id} (active); nothing new")
    assert store.claims.counts("default")["active"] == 1
    assert len(store.recall("When was Ada Lovelace born?").claims) == 1


def test_a_different_claim_is_two_claims(open_store) -> None:
    """A different claim, other evidence, another valid time or another source is a new claim."""
    store = open_store()
    first = store.remember(*ADA).claim_id
    other_claim = store.remember("Ada Lovelace was born in London.", ADA[1])
    other_evidence = store.remember(ADA[0], "Ada Lovelace was born in 1815.")
    other_time = store.remember(*ADA, valid_from="1815-12-10")
    store.add_source("memo", ADA[1])
    other_source = store.remember(*ADA, source_id="memo")
    ids = {first} | {o.claim_id for o in (other_claim, other_evidence, other_time, other_source)}
    assert {o.status for o in (other_claim, other_evidence, other_time, other_source)} == {"admitted"}
    assert len(ids) == 5


def test_normalisation_the_gate_applies_is_the_same_claim(open_store) -> None:
    """Number formats and whitespace the gate normalises do not make a second claim."""
    store = open_store()
    evidence = "Redvale Mills employs 12,500 people."
    first = store.remember("Redvale Mills employs 12,500 people.", evidence)
    for variant in ("Redvale Mills employs twelve thousand five hundred people.",
                    "Redvale Mills employs 12500 people.", "Redvale  Mills employs 12,500 people"):
        again = store.remember(variant, evidence)
        assert (again.status, again.claim_id) == ("already_known", first.claim_id), variant
    assert store.remember("Redvale Mills employs 9,000 people.",
                          "Redvale Mills employs 9,000 people.").status == "admitted"


def test_a_repeated_quarantine_is_the_same_held_claim(open_store) -> None:
    """A claim held for review and proposed again is the one held item, not a second one."""
    store = open_store()
    held = ("Priya opened a bakery in Leeds.", "Priya Nair and Priya Shah opened a bakery in Leeds.")
    first = store.remember(*held)
    again = store.remember(*held)
    assert (first.status, again.status, again.claim_id) == ("quarantined", "already_known",
                                                            first.claim_id)
    assert "(quarantined)" in again.text
    assert len(store.review_queue.pending("default")) == 1


def test_idempotence_holds_in_a_new_process(open_store, store_dirs: tuple[Path, Path]) -> None:
    """A fresh process remembering the same claim gets the first id and writes nothing."""
    store = open_store()
    first = store.remember(*ADA)
    head = store.head_seq
    store.close()
    done = run_python(COUNT_IN_NEW_PROCESS, str(store_dirs[0]), str(store_dirs[1]), *ADA)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert (seen["status"], seen["claim_id"], seen["head"]) == ("already_known", first.claim_id, head)
    control = run_python(COUNT_IN_NEW_PROCESS, str(store_dirs[0]), str(store_dirs[1]),
                         "Ada Lovelace was born in London.", ADA[1])
    assert json.loads(control.stdout.splitlines()[-1])["status"] == "admitted"


def test_another_tenant_does_not_see_the_duplicate(open_store) -> None:
    """The same claim in another tenant is that tenant's own claim (no cross-tenant oracle)."""
    store = open_store()
    first = store.remember(*ADA).claim_id
    other = open_store(Identity("globex", "a1")).remember(*ADA)
    assert other.status == "admitted" and other.claim_id != first


def test_compatible_facets_are_not_disputed(open_store) -> None:
    """'born in London' and 'born in 1815' both stay active; two birth years dispute."""
    store = open_store()
    place = store.remember("Ada Lovelace was born in London.", ADA[1]).claim_id
    year = store.remember(*ADA).claim_id
    assert {store.claims.get(c).state for c in (place, year)} == {"active"}
    clash = store.remember("Ada Lovelace was born in 1816.", "Ada Lovelace was born in 1816.")
    assert clash.transitions == (f"disputed with {year}",)
    states = {c: open_store().claims.get(c).state for c in (place, year, clash.claim_id)}
    assert states == {place: "active", year: "disputed", clash.claim_id: "disputed"}


def test_equal_numbers_written_differently_do_not_dispute(open_store) -> None:
    """12,500 and twelve thousand five hundred, from different evidence, are not a dispute."""
    store = open_store()
    a = store.remember("Redvale Mills employs 12,500 people.", "Redvale Mills employs 12,500 people.")
    b = store.remember("Redvale Mills employs twelve thousand five hundred people.",
                       "Redvale Mills employs twelve thousand five hundred people.")
    assert a.claim_id != b.claim_id and b.transitions == ()
    assert not [e for e in state_changes(store) if e.to_state == "disputed"]


def test_two_employers_at_once_are_allowed(open_store) -> None:
    """A relation that allows several values (employers) is no dispute; two residences are."""
    store = open_store()
    store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    both = store.remember("Dana Kim works for Pier Bank.", "Dana Kim works for Pier Bank.")
    assert both.transitions == ()
    store.remember("Dana Kim lives in Leeds.", "Dana Kim lives in Leeds.")
    clash = store.remember("Dana Kim lives in York.", "Dana Kim lives in York.")
    assert clash.transitions and clash.transitions[0].startswith("disputed with")
