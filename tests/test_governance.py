"""Governance: the review queue decided by people, stale reviews, and every claim state's writer."""

from __future__ import annotations

import msgspec
import pytest
from test_tenants import erase

from affidavit.codec import decode_body
from affidavit.errors import InvalidInput, InvalidTransition, NotAuthorized, NotFound, StaleReview
from affidavit.events import ClaimStateChanged, NotePrivate, ReviewDecided
from affidavit.identity import Identity
from affidavit.review import review as review_bound
from affidavit.store import Store

OPS = Identity("default", "ops-1", operator=True)
AGENT = Identity("default", "agent-1")
HELD = ("Priya opened a bakery in Leeds.", "Priya Nair and Priya Shah opened a bakery in Leeds.")
QUESTION = "Where did Priya open a bakery?"
NOTE = "Checked with the registry: it is Priya Nair."


def held(store: Store) -> str:
    out = store.remember(*HELD)
    assert out.status == "quarantined", out.text
    return out.claim_id


def lives(store: Store, name: str, city: str, valid_from: str | None = None) -> str:
    out = store.remember(f"{name} lives in {city}.", f"{name} lives in {city}.", valid_from=valid_from)
    assert out.status == "admitted", out.text
    return out.claim_id


def events(store: Store, kind: str) -> list[object]:
    return [decode_body(r.kind, r.body, r.seq) for r in store._ledger.rows(0) if r.kind == kind]


def at_rest(store: Store) -> bytes:
    """Every byte the store directory holds (database, WAL, journal)."""
    return b"".join(f.read_bytes() for f in sorted(store.path.iterdir()) if f.is_file())


def state(store: Store, claim_id: str) -> str:
    record = store.claims.get(claim_id)
    assert record is not None
    return record.state


# -- authority and refusals first ------------------------------------------------


def test_a_non_operator_can_neither_read_nor_decide_the_queue(open_store) -> None:
    """Without the process's operator flag both calls raise NotAuthorized and nothing is written."""
    store = open_store(AGENT)
    claim_id = held(store)
    head = store.head_seq
    with pytest.raises(NotAuthorized):
        store.review_items()
    for call in (lambda: store.review(claim_id, "approve", NOTE), lambda: store.freeze(claim_id, NOTE),
                 lambda: store.unfreeze(claim_id, NOTE)):
        with pytest.raises(NotAuthorized):
            call()
    assert store.head_seq == head and state(store, claim_id) == "quarantined"


def test_an_operator_reads_the_queue_with_claim_evidence_and_hash(open_store) -> None:
    """Control: the operator process sees the held claim, its reason, evidence and event hash."""
    claim_id = held(open_store(AGENT))
    store = open_store(OPS)
    [item] = store.review_items().items
    row = next(r for r in store._ledger.rows(0) if r.kind == "CLAIM_QUARANTINED")
    assert (item.item, item.claim_id, item.reason) == (claim_id, claim_id, "unknown_subject")
    assert (item.claim, item.evidence) == HELD
    assert item.reviewed_hash == row.hash.hex()


@pytest.mark.parametrize("bad", [("approve ", "note"), ("APPROVE", "note"), ("approve", ""),
                                 ("approve", "a\x00b"), ("maybe", "note")])
def test_malformed_decisions_are_refused_before_anything_is_written(open_store, bad) -> None:
    """A decision outside approve|reject or an empty or binary note is InvalidInput; no event."""
    store = open_store(OPS)
    claim_id = held(store)
    head = store.head_seq
    with pytest.raises(InvalidInput):
        store.review(claim_id, *bad)
    assert store.head_seq == head and [i.item for i in store.review_items().items] == [claim_id]


def test_an_unknown_or_already_decided_item_is_not_found(open_store) -> None:
    """A second decision on the same item, and a made-up id, raise the same NotFound."""
    store = open_store(OPS)
    claim_id = held(store)
    store.review(claim_id, "reject", NOTE)
    answers = set()
    for item in (claim_id, "clm_00000000deadbeef"):
        with pytest.raises(NotFound) as caught:
            store.review(item, "approve", NOTE)
        answers.add(str(caught.value))
    assert len(answers) == 1


def test_a_review_of_a_changed_item_is_stale(open_store) -> None:
    """If the held claim changed after it was shown, the decision bound to the old hash is refused."""
    store = open_store(OPS)
    claim_id = held(store)
    [shown] = store.review_items().items
    other = open_store(AGENT)  # another process records a change to the held claim
    other._transact(lambda ctx: ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
        claim_id=claim_id, from_state="quarantined", to_state="quarantined", reason="reresolved")))
    store.catch_up()
    head = store.head_seq
    with pytest.raises(StaleReview, match="changed since review; review again"):
        review_bound(store, claim_id, "approve", NOTE, reviewed_hash=shown.reviewed_hash)
    assert store.head_seq == head and state(store, claim_id) == "quarantined"
    [fresh] = store.review_items().items
    assert fresh.reviewed_hash != shown.reviewed_hash
    out = review_bound(store, claim_id, "approve", NOTE, reviewed_hash=fresh.reviewed_hash)
    assert (out.status, state(store, claim_id)) == ("approved", "active")
    [decided] = events(store, "REVIEW_DECIDED")
    assert isinstance(decided, ReviewDecided) and decided.reviewed_hash == fresh.reviewed_hash


def test_a_review_raced_by_another_operator_is_not_found(open_store) -> None:
    """Two operators shown the same item: the second decision finds nothing pending."""
    first, second = open_store(OPS), open_store(Identity("default", "ops-2", operator=True))
    claim_id = held(first)
    [shown] = second.review_items().items
    first.review(claim_id, "reject", NOTE)
    with pytest.raises(NotFound):
        review_bound(second, claim_id, "approve", NOTE, reviewed_hash=shown.reviewed_hash)
    assert [type(e).__name__ for e in events(second, "REVIEW_DECIDED")] == ["ReviewDecided"]


# -- decisions ---------------------------------------------------------------------


def test_approval_is_recorded_by_the_process_reviewer_and_admits_the_claim(open_store) -> None:
    """Approve writes REVIEW_DECIDED (human, ops-1, sealed note) then quarantined -> active."""
    claim_id = held(open_store(AGENT))
    store = open_store(OPS)
    assert store.recall(QUESTION).status == "abstained"  # control: held claims are not recalled
    out = store.review(claim_id, "approve", NOTE)
    assert (out.status, out.claim_id, out.reviewer) == ("approved", claim_id, "ops-1")
    [decided] = events(store, "REVIEW_DECIDED")
    [change] = events(store, "CLAIM_STATE_CHANGED")
    assert isinstance(decided, ReviewDecided) and isinstance(change, ClaimStateChanged)
    assert (decided.decision, decided.reviewer, decided.approval_kind) == ("approve", "ops-1", "human")
    assert (change.from_state, change.to_state, change.reason, change.cause_seq) == (
        "quarantined", "active", "approved_by_review", out.review_seq)
    assert decided.note is not None
    opened = store.open_sealed(decided.note, out.review_seq, "REVIEW_DECIDED", "note", NotePrivate)
    assert opened == NotePrivate(NOTE)
    stored = at_rest(store)
    assert NOTE.encode() not in stored and b"ops-1" in stored  # the control: the file is read
    assert [c.id for c in store.recall(QUESTION).claims] == [claim_id]
    assert store.review_items().items == ()


def test_rejection_keeps_the_claim_quarantined_and_out_of_recall(open_store) -> None:
    """Reject records the decision; the claim stays quarantined and leaves the queue."""
    store = open_store(OPS)
    claim_id = held(store)
    out = store.review(claim_id, "reject", NOTE)
    assert (out.status, state(store, claim_id)) == ("rejected", "quarantined")
    assert events(store, "CLAIM_STATE_CHANGED") == []
    assert store.review_items().items == ()
    assert store.recall(QUESTION).status == "abstained"
    reopened = open_store(OPS)
    assert (state(reopened, claim_id), reopened.review_queue.decision(claim_id)) == (
        "quarantined", ("reject", out.review_seq))


# -- every state has a writer and a transition -------------------------------------


def test_each_of_the_five_states_has_a_writer(open_store) -> None:
    """active, disputed, superseded, quarantined and frozen are each reached by a real call."""
    store = open_store(OPS)
    active = lives(store, "Orla Quinn", "Brest")
    first, second = lives(store, "Marta Ruiz", "Lyon"), lives(store, "Marta Ruiz", "Nantes")
    old = lives(store, "Ines Duarte", "Lille", "2010-01-01")
    new = lives(store, "Ines Duarte", "Dijon", "2015-01-01")
    quarantined = held(store)
    frozen = lives(store, "Tomas Lind", "Rouen")
    store.freeze(frozen, NOTE)
    got = {c: state(store, c) for c in (active, first, second, old, new, quarantined, frozen)}
    assert got == {active: "active", first: "disputed", second: "disputed", old: "superseded",
                   new: "active", quarantined: "quarantined", frozen: "frozen"}
    reopened = open_store(AGENT)
    assert reopened.claims.counts("default") == {
        "active": 2, "disputed": 2, "superseded": 1, "quarantined": 1, "frozen": 1}


@pytest.mark.parametrize("start", ["active", "disputed"])
def test_freeze_hides_a_live_claim_and_unfreeze_restores_its_state(open_store, start: str) -> None:
    """Frozen leaves recall but stays for audit; unfreezing returns to the state it came from."""
    store = open_store(OPS)
    claim_id = lives(store, "Marta Ruiz", "Lyon")
    if start == "disputed":
        lives(store, "Marta Ruiz", "Nantes")
    question = "Where does Marta Ruiz live?"
    before = len(store.recall(question).claims)
    frozen = store.freeze(claim_id, NOTE)
    assert (frozen.from_state, frozen.to_state, state(store, claim_id)) == (start, "frozen", "frozen")
    assert claim_id not in [c.id for c in store.recall(question).claims]
    assert len(store.recall(question).claims) == before - 1
    assert store.claims.get(claim_id) is not None  # kept for audit
    reopened = open_store(OPS)  # the state it returns to survives a restart
    back = reopened.unfreeze(claim_id, "hold lifted")
    assert (back.from_state, back.to_state, state(reopened, claim_id)) == ("frozen", start, start)
    assert claim_id in [c.id for c in reopened.recall(question).claims]
    changes = [e for e in events(reopened, "CLAIM_STATE_CHANGED") if e.claim_id == claim_id]
    assert [(e.reason, e.note is not None) for e in changes][-2:] == [
        ("frozen_by_operator", True), ("unfrozen_by_operator", True)]
    # The control: the claim's id is in the file (a compact body keeps an id's hex as its bytes).
    assert NOTE.encode() not in at_rest(store) and bytes.fromhex(claim_id[4:]) in at_rest(store)


def test_only_live_claims_freeze_and_only_frozen_ones_unfreeze(open_store) -> None:
    """Freezing a superseded, quarantined or frozen claim, or unfreezing a live one, is refused."""
    store = open_store(OPS)
    old = lives(store, "Ines Duarte", "Lille", "2010-01-01")
    lives(store, "Ines Duarte", "Dijon", "2015-01-01")
    quarantined = held(store)
    live = lives(store, "Tomas Lind", "Rouen")
    store.freeze(live, NOTE)
    head = store.head_seq
    for call, claim_id in ((store.freeze, old), (store.freeze, quarantined), (store.freeze, live)):
        with pytest.raises(InvalidTransition):
            call(claim_id, NOTE)
    with pytest.raises(InvalidTransition):
        store.unfreeze(old, NOTE)
    assert store.head_seq == head
    store.unfreeze(live, NOTE)  # control: the one valid transition goes through
    assert state(store, live) == "active"


def test_approval_meets_live_claims_like_an_admission(open_store) -> None:
    """An approved claim that conflicts with a live one disputes both, as remember would."""
    store = open_store(OPS)
    lives(store, "Ada Lovelace", "Paris")
    erase(store, "Ada Lovelace")
    first = store.remember("Ada Lovelace lives in Rome.", "Ada Lovelace lives in Rome.").claim_id
    store.review(first, "approve", NOTE)
    second = store.remember("Ada Lovelace lives in Milan.", "Ada Lovelace lives in Milan.").claim_id
    assert state(store, second) == "quarantined" and state(store, first) == "active"
    out = store.review(second, "approve", NOTE)
    assert (state(store, first), state(store, second)) == ("disputed", "disputed")
    assert out.transitions[-1] == f"disputed with {first}"
    assert msgspec.json.encode(out)  # the outcome serialises for the API
