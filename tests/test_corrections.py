"""Deliberate correction and operator dispute resolution: events with who and why, across restarts."""

from __future__ import annotations

import pytest

from affidavit.codec import decode_event
from affidavit.errors import InvalidInput, InvalidTransition, NotAuthorized, NotFound, StaleReview
from affidavit.events import ClaimCorrected, DisputeResolved, NotePrivate
from affidavit.identity import Identity
from affidavit.store import Store

AGENT = Identity("default", "agent-1")
OTHER = Identity("default", "agent-2")
OPS = Identity("default", "ops-1", operator=True)
WHY = "The registry shows the move happened."


def lives(store: Store, city: str, **kwargs: object) -> str:
    claim = f"Omar Haddad lives in {city}."
    out = store.remember(claim, claim, **kwargs)  # type: ignore[arg-type]
    assert out.status in ("admitted", "already_known"), out.text
    assert out.claim_id is not None
    return out.claim_id


def ledger(store: Store, cls: type) -> list:
    return [e for r in store.ledger.rows(0) if isinstance(e := decode_event(r), cls)]


def test_an_agent_corrects_its_own_claim(open_store) -> None:
    """The old claim is superseded with its valid time closed; the event says who and why."""
    store = open_store(AGENT)
    old = lives(store, "Leeds")
    new = store.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.",
                         valid_from="2022-05-01", supersedes=old, note=WHY)
    assert new.status == "admitted" and new.transitions[0].startswith(f"corrects {old}")
    reopened = open_store(AGENT)
    old_record = reopened.claims.get(old)
    assert (old_record.state, old_record.valid_to, old_record.reason) == (
        "superseded", "2022-04-30", "corrected")
    assert reopened.claims.get(new.claim_id).state == "active"
    (event,) = ledger(reopened, ClaimCorrected)
    assert (event.claim_id, event.corrected_by, event.corrector, event.outcome) == (
        old, new.claim_id, "agent-1", "superseded")
    seq = next(r.seq for r in reopened.ledger.rows(0) if r.kind == "CLAIM_CORRECTED")
    note = reopened.open_sealed(event.note, seq, "CLAIM_CORRECTED", "note", NotePrivate)
    assert note == NotePrivate(WHY)
    assert [c.id for c in reopened.recall("Where does Omar Haddad live?").claims] == [new.claim_id]


def test_a_correction_needs_a_note_and_a_live_claim_of_this_tenant(open_store) -> None:
    """No note, an unknown id, another tenant's claim or a superseded claim: refused, nothing written."""
    store = open_store(AGENT)
    old = lives(store, "Leeds")
    elsewhere = open_store(Identity("globex", "agent-1"))
    theirs = lives(elsewhere, "Paris")
    store.catch_up()
    head = store.head_seq
    with pytest.raises(InvalidInput):
        store.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.", supersedes=old)
    for target in ("clm_0000000000000000", theirs):
        with pytest.raises(NotFound):
            store.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.",
                           supersedes=target, note=WHY)
    store.catch_up()
    assert store.head_seq == head
    store.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.", supersedes=old,
                   note=WHY)
    with pytest.raises(InvalidTransition):
        store.remember("Omar Haddad lives in Hull.", "Omar Haddad lives in Hull.", supersedes=old,
                       note=WHY)


def test_a_retried_correction_is_already_known(open_store) -> None:
    """The same correction twice: the second is already_known and writes nothing."""
    store = open_store(AGENT)
    old = lives(store, "Leeds")
    first = store.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.",
                           supersedes=old, note=WHY)
    head = store.head_seq
    again = store.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.",
                           supersedes=old, note=WHY)
    assert (again.status, again.claim_id, store.head_seq) == ("already_known", first.claim_id, head)


def test_a_non_operator_contests_another_agents_claim(open_store) -> None:
    """Another agent's claim is not replaced by a non-operator: both are disputed, as a conflict is."""
    old = lives(open_store(AGENT), "Leeds")
    other = open_store(OTHER)
    new = other.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.",
                         supersedes=old, note=WHY)
    assert new.status == "admitted" and "contests" in new.transitions[0]
    reopened = open_store(AGENT)
    assert {reopened.claims.get(c).state for c in (old, new.claim_id)} == {"disputed"}
    (event,) = ledger(reopened, ClaimCorrected)
    assert (event.outcome, event.corrector, event.operator, event.valid_to) == (
        "contested", "agent-2", False, None)


def test_an_operator_corrects_any_claim_of_its_tenant(open_store) -> None:
    """The operator flag from the process, not an argument, lets a correction replace another's claim."""
    old = lives(open_store(AGENT), "Leeds")
    new = open_store(OPS).remember("Omar Haddad lives in York.", "Omar Haddad lives in York.",
                                   supersedes=old, note=WHY)
    assert open_store(AGENT).claims.get(old).state == "superseded"
    assert "corrects" in new.transitions[0]


def test_a_quarantined_correction_corrects_nothing(open_store) -> None:
    """Only an admitted claim corrects: a held one leaves the old claim as it was."""
    store = open_store(AGENT)
    claim = "Priya opened a bakery in Leeds."
    old = store.remember("Priya Nair opened a bakery in York.",
                         "Priya Nair opened a bakery in York.").claim_id
    out = store.remember(claim, "Priya Nair and Priya Shah opened a bakery in Leeds.",
                         supersedes=old, note=WHY)
    assert out.status == "quarantined" and "is not corrected" in out.text
    assert store.claims.get(old).state == "active"


def disputed_pair(store: Store) -> tuple[str, str]:
    return lives(store, "Leeds"), lives(store, "York")


def test_operator_keeps_one_side_of_a_dispute(open_store) -> None:
    """keep_one: the kept claim is active, the other superseded; bound to the hash shown."""
    store = open_store(OPS)
    a, b = disputed_pair(store)
    shown = store.dispute(a)
    assert shown.claim_ids == tuple(sorted((a, b)))
    out = store.resolve_dispute(b, "keep_one", WHY, keep=b, reviewed_hash=shown.reviewed_hash)
    assert out.states == {a: "superseded", b: "active"}
    reopened = open_store(AGENT)
    assert (reopened.claims.get(a).state, reopened.claims.get(b).state) == ("superseded", "active")
    (event,) = ledger(reopened, DisputeResolved)
    assert (event.reviewer, event.reviewed_hash, event.kept) == ("ops-1", shown.reviewed_hash, b)
    assert [c.id for c in reopened.recall("Where does Omar Haddad live?").claims] == [b]
    with pytest.raises(NotFound):  # resolved: no dispute any more
        open_store(OPS).dispute(a)


def test_operator_makes_both_valid_at_different_times(open_store) -> None:
    """both_valid: both active with the given intervals; overlapping intervals are refused."""
    store = open_store(OPS)
    a, b = disputed_pair(store)
    with pytest.raises(InvalidInput, match="overlap"):
        store.resolve_dispute(a, "both_valid", WHY,
                              intervals={a: ("2010-01-01", None), b: ("2015-01-01", None)})
    store.resolve_dispute(a, "both_valid", WHY,
                          intervals={a: ("2010-01-01", "2014-12-31"), b: ("2015-01-01", None)})
    reopened = open_store(AGENT)
    assert [(reopened.claims.get(c).state, reopened.claims.get(c).valid_from,
             reopened.claims.get(c).valid_to) for c in (a, b)] == [
        ("active", "2010-01-01", "2014-12-31"), ("active", "2015-01-01", None)]
    assert [c.id for c in reopened.recall("Where did Omar Haddad live in 2012?").claims] == [a]


def test_a_stale_or_unauthorised_resolution_is_refused(open_store) -> None:
    """A changed dispute is stale; a non-operator may not resolve; neither writes anything."""
    store = open_store(OPS)
    a, b = disputed_pair(store)
    shown = store.dispute(a)
    lives(store, "Hull")  # a third claim joins the dispute: what was shown changed
    head = store.head_seq
    with pytest.raises(StaleReview):
        store.resolve_dispute(a, "keep_one", WHY, keep=a, reviewed_hash=shown.reviewed_hash)
    with pytest.raises(NotAuthorized):
        open_store(AGENT).resolve_dispute(a, "keep_one", WHY, keep=a)
    with pytest.raises(InvalidInput):
        store.resolve_dispute(a, "keep_one", WHY, keep="clm_nope")
    assert store.head_seq == head
    assert len(store.dispute(a).claim_ids) == 3
