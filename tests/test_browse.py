"""Browse: this tenant's claims, filtered and paged in a stable order; hidden claims are absent."""

from __future__ import annotations

import pytest
from test_tenants import erase

from affidavit.errors import InvalidInput
from affidavit.identity import Identity
from affidavit.memory.browse import Filters
from affidavit.store import Store

A1 = Identity("default", "a1")
A2 = Identity("default", "a2")


def remember(store: Store, claim: str, **kwargs: object) -> str:
    out = store.remember(claim, claim, **kwargs)  # type: ignore[arg-type]
    assert out.claim_id is not None, out.text
    return out.claim_id


def test_pages_are_stable_and_complete(open_store) -> None:
    """Paging with next_cursor visits every claim once, oldest first, even while others write."""
    store = open_store(A1)
    ids = [remember(store, f"Omar Haddad visited {city}.") for city in
           ("Leeds", "York", "Hull", "Bath", "Ely")]
    first = store.claims_page(limit=2)
    assert [r.id for r in first.claims] == ids[:2] and first.matched == 5
    remember(store, "Omar Haddad visited Wells.")  # a write between pages lands after them
    second = store.claims_page(cursor=first.next_cursor, limit=2)
    third = store.claims_page(cursor=second.next_cursor, limit=10)
    assert [r.id for r in second.claims + third.claims][:3] == ids[2:]
    assert third.next_cursor is None and len(third.claims) == 2
    row = first.claims[0]
    assert (row.state, row.receipt_status, row.agent, row.text) == (
        "active", "verified", "a1", "Omar Haddad visited Leeds.")


def test_filters_select_and_their_negatives_exclude(open_store) -> None:
    """subject, state, agent, source and valid time each narrow the list; a miss lists nothing."""
    store = open_store(A1)
    leeds = remember(store, "Omar Haddad lives in Leeds.", valid_from="2010-01-01")
    remember(store, "Omar Haddad lives in York.", valid_from="2015-01-01")  # supersedes leeds
    dana = remember(open_store(A2), "Dana Kim works for Harbor Bank.")
    store.add_source("memo", "Lena Vogel lives in Caen.")
    lena = store.remember("Lena Vogel lives in Caen.", "Lena Vogel lives in Caen.",
                          source_id="memo").claim_id

    def ids(**f: object) -> list[str]:
        return [r.id for r in store.claims_page(Filters(**f), limit=100).claims]  # type: ignore[arg-type]

    assert ids(subject="Dana Kim") == [dana] and ids(subject="Nobody Known") == []
    assert ids(state="superseded") == [leeds] and ids(state="frozen") == []
    assert ids(agent="a2") == [dana] and ids(agent="a3") == []
    assert ids(source_id="memo") == [lena] and ids(source_id="other") == []
    assert leeds in ids(valid_at="2012-06-01") and leeds not in ids(valid_at="2016-06-01")
    assert ids(since_seq=store.claims.get(dana).seq) == [lena]
    assert ids(until_seq=store.claims.get(leeds).seq) == [leeds]
    with pytest.raises(InvalidInput):
        store.claims_page(Filters(state="deleted"))


def test_other_tenants_and_erased_subjects_are_absent(open_store) -> None:
    """Another tenant's claims and an erased subject's never appear; bystanders still do."""
    store = open_store(A1)
    keep = remember(store, "Dana Kim works for Harbor Bank.")
    remember(store, "Omar Haddad lives in Leeds.")
    remember(open_store(Identity("globex", "a1")), "Lena Vogel lives in Caen.")
    erase(open_store(A1), "Omar Haddad")
    page = open_store(A1).claims_page()
    assert [r.id for r in page.claims] == [keep] and page.text.startswith("1 claim matches")
    assert open_store(Identity("globex", "a1")).claims_page().matched == 1


def test_a_disputed_row_carries_the_hash_a_resolution_binds_to(open_store) -> None:
    """A disputed row's dispute_hash is the reviewed_hash the operator resolves against."""
    ops = open_store(Identity("default", "ops", operator=True))
    a = remember(ops, "Omar Haddad lives in Leeds.")
    remember(ops, "Omar Haddad lives in York.")
    row = ops.claims_page(Filters(state="disputed")).claims[0]
    assert row.dispute_hash == ops.dispute(a).reviewed_hash
    ops.resolve_dispute(a, "keep_one", "checked", keep=a, reviewed_hash=row.dispute_hash)
    assert ops.claims_page(Filters(state="disputed")).matched == 0
