"""recall end to end over a store loaded through remember: answers, abstentions, both time axes."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from affidavit.errors import InvalidInput
from affidavit.store import Store

FACTS = [
    ("Hana Sato works for Brightwater Analytics.", "Hana Sato works for Brightwater Analytics in Kobe.",
     None, None),
    ("Brightwater Analytics is based in Kobe.", "Brightwater Analytics is based in Kobe.", None, None),
    ("Leo Marsh is the head coach of the Dunmore Hawks.", "Leo Marsh is the head coach of the Dunmore Hawks.",
     "2015-03-01", None),
    ("Leo Marsh is the athletic director of Dunmore College.",
     "Leo Marsh is the athletic director of Dunmore College.", "2021-07-01", None),
    ("Nadia Petrov takes metformin 500 mg twice daily.",
     "Nadia Petrov takes metformin 500 mg twice daily.", None, None),
]


@pytest.fixture
def loaded(open_store) -> Store:
    store = open_store()
    for claim, evidence, start, end in FACTS:
        out = store.remember(claim, evidence, valid_from=start, valid_to=end)
        assert out.status == "admitted", out.text
    return store


def test_answers_with_the_grounded_claim_and_a_verified_receipt(loaded) -> None:
    """A direct question answers with the claim, its state, interval and a verified receipt."""
    out = loaded.recall("Where does Hana Sato work?")
    assert out.status == "answered"
    assert [c.text for c in out.claims] == ["Hana Sato works for Brightwater Analytics."]
    assert out.claims[0].receipt_status == "verified" and out.claims[0].state == "active"


def test_subject_known_but_demand_absent_abstains_naming_the_term(loaded) -> None:
    """Asking for a salary never returns the nearest claim; it abstains and names 'salary'."""
    out = loaded.recall("What is Hana Sato's salary?")
    assert out.status == "abstained" and out.reason == "unknown_predicate"
    assert out.ungrounded_term == "salary" and out.claims == ()
    assert "salary" in out.text and out.next and "salary" in out.next


def test_unknown_subject_abstains_and_similar_company_does_not_resolve(loaded) -> None:
    """'Brightwater Capital' is not 'Brightwater Analytics'; the abstention names it."""
    out = loaded.recall("Where is Brightwater Capital based?")
    assert out.status == "abstained" and out.reason == "unknown_subject"
    assert "Brightwater Capital" in (out.ungrounded_term or "")
    control = loaded.recall("Where is Brightwater Analytics based?")
    assert control.status == "answered"


def test_object_in_the_demand_must_match(loaded) -> None:
    """'What dose of aspirin' abstains when only metformin is known; metformin answers."""
    assert loaded.recall("What dose of aspirin does Nadia Petrov take?").status == "abstained"
    assert loaded.recall("What dose of metformin does Nadia Petrov take?").status == "answered"


def test_superseded_claim_only_for_dates_inside_its_interval(loaded) -> None:
    """Now: the newer role; in 2017: the older one; the superseded claim is never returned for now."""
    now = loaded.recall("What is Leo Marsh's role?")
    assert [c.text for c in now.claims] == ["Leo Marsh is the athletic director of Dunmore College."]
    then = loaded.recall("What was Leo Marsh's role in 2017?")
    assert [c.text for c in then.claims] == ["Leo Marsh is the head coach of the Dunmore Hawks."]
    dated = loaded.recall("What is Leo Marsh's role?", as_of="2016-01-01")
    assert [c.text for c in dated.claims] == ["Leo Marsh is the head coach of the Dunmore Hawks."]


def test_as_of_seq_answers_as_the_store_did_then(loaded) -> None:
    """Before the second role was recorded, the store answered with the first."""
    seqs = {c.claim_id: c.seq for c in loaded.claims.claims().values()}
    coach = next(r for r in loaded.claims.claims().values() if "head coach" in loaded.claim_private(r).text)
    director_seq = max(seqs.values())
    out = loaded.recall("What is Leo Marsh's role?", as_of_seq=coach.seq)
    assert [c.id for c in out.claims] == [coach.claim_id]
    assert out.as_of_seq == coach.seq
    later = loaded.recall("What is Leo Marsh's role?", as_of_seq=director_seq)
    assert [c.id for c in later.claims] != [coach.claim_id]
    with pytest.raises(InvalidInput):
        loaded.recall("What is Leo Marsh's role?", as_of_seq=10_000)


def test_limit_bounds_the_answer(loaded) -> None:
    """limit caps the claims returned, and out-of-range limits are typed errors."""
    out = loaded.recall("Where does Hana Sato work?", limit=1)
    assert len(out.claims) <= 1
    with pytest.raises(InvalidInput):
        loaded.recall("Where does Hana Sato work?", limit=0)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=1, max_value=30))
def test_view_at_seq_equals_a_fresh_replay_to_seq(loaded, tmp_path_factory, cut) -> None:
    """Store.at(seq) has exactly the state of a new store holding only the first seq events."""
    from affidavit.ledger import SQLiteLedger as Ledger
    from affidavit.store import LEDGER_FILE

    seq = min(cut, loaded.head_seq)
    view = loaded.at(seq)
    # Independent route: copy the first `seq` rows into a fresh ledger and replay it.
    base = tmp_path_factory.mktemp("prefix")
    out = Ledger.create(base / LEDGER_FILE)
    with out.write() as tx:
        tx.insert(list(loaded._ledger.rows(0, seq)))
    out.close()
    fresh = Store(base, Ledger.open(base / LEDGER_FILE), loaded._keyring, loaded.store_id,
                  loaded.identity, loaded.clock, loaded.keyring_dir)
    fresh._owner = False
    fresh._catch_up(fresh._ledger.rows(0))
    assert view.digest() == fresh.digest()
    assert view.head_seq == seq


def test_phrase_in_the_question_matches_the_claims_role(open_store) -> None:
    """'Who plays in goal for X?' answers with X's goalkeeper; 'Who coaches X?' does not."""
    store = open_store()
    out = store.remember("Tove Lind is the goalkeeper of Brackley Town.",
                         "Tove Lind is the goalkeeper of Brackley Town.")
    assert out.status == "admitted"
    answer = store.recall("Who plays in goal for Brackley Town?")
    assert answer.status == "answered" and [c.id for c in answer.claims] == [out.claim_id]
    assert store.recall("Who is the treasurer of Brackley Town?").status == "abstained"


def test_paraphrased_and_bridged_questions_through_the_store(open_store) -> None:
    """Through remember: 'for a living' asks for the job, 'the club that X captains' bridges
    to the club's ground, and each has a control that must abstain."""
    store = open_store()
    facts = [
        "Kofi Mensah-Larbi works as a quantity surveyor in Tamale.",
        "Wiremu Tane captains the Rotorua Falcons.",
        "Rotorua Falcons play their home games at Lakeside Oval.",
        "Aroha Ngata lives in Napier.",
    ]
    for fact in facts:
        assert store.remember(fact, fact).status == "admitted"
    job = store.recall("What does Kofi Mensah-Larbi do for a living?")
    assert [c.text for c in job.claims] == [facts[0]]
    assert store.recall("What does Aroha Ngata do for a living?").status == "abstained"
    ground = store.recall("Where does the club that Wiremu Tane captains play its home games?")
    assert ground.status == "answered" and {c.text for c in ground.claims} == set(facts[1:3])
    owned = store.recall("Where does the club that Wiremu Tane owns play its home games?")
    assert owned.status == "abstained"
    cows = store.recall("How many sheep does Kofi Mensah-Larbi own?")
    assert cows.status == "abstained" and cows.ungrounded_term == "sheep"
