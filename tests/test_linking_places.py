"""A place named like the start of a firm is not the firm: linking a claim's names.

A claim's short name links to a unique longer known name ("Sruthan" for "Sruthan
Springs"), as recall resolves names. Two readings are kept apart: a name right after a
locative preposition ("lives in Sruthan") links only to an entity of exactly that name,
and a short form of a name the same claim already gave ("Sruthan Springs is based in
Sruthan") is another party. Each is checked end to end, with erasure as the proof: forgetting the firm does
not take the people who live in the town. The negative control: "works at Sruthan"
(no locative) still links to the firm, as the short form it is.
"""

from __future__ import annotations

from pathlib import Path

from affidavit.clock import FixedClock
from affidavit.store import Store


def _store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "store", keyring_dir=tmp_path / "keys", clock=FixedClock())


def _remember(store: Store, claim: str) -> str:
    out = store.remember(claim, f"From the register: {claim}")
    assert out.status == "admitted" and out.claim_id, out.text
    return out.claim_id


def test_a_place_after_in_is_not_the_firm_it_begins(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        _remember(store, "Sruthan Springs bottles mineral water.")
        lives = _remember(store, "Eachann Brodie lives in Sruthan.")
        tenant = store.identity.tenant
        firm = store.entities.resolve_exact(tenant, "Sruthan Springs")
        town = store.entities.resolve_exact(tenant, "Sruthan")
        assert firm and town and firm != town
        assert store.recall("where does eachann brodie live").status == "answered"
        store.forget("Sruthan Springs")
        assert store.claims.get(lives) is not None and store.claims.get(lives).state == "active"  # type: ignore[union-attr]
        assert store.recall("where does eachann brodie live").status == "answered"


def test_a_short_form_in_the_same_claim_is_another_party(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        _remember(store, "Dalbeg Holdings owns Sruthan Springs.")
        based = _remember(store, "Sruthan Springs is based in Sruthan.")
        record = store.claims.get(based)
        assert record is not None
        firm = store.entities.resolve_exact(store.identity.tenant, "Sruthan Springs")
        assert firm and record.subject_id == firm[0]
        answer = store.recall("where is sruthan springs based")
        assert answer.status == "answered" and [c.id for c in answer.claims] == [based], answer.text


def test_without_a_locative_a_short_form_still_links(tmp_path: Path) -> None:
    """The negative control: "works at Sruthan" names the firm by its short form."""
    with _store(tmp_path) as store:
        _remember(store, "Sruthan Springs bottles mineral water.")
        works = _remember(store, "Eachann Brodie works at Sruthan.")
        firm = store.entities.resolve_exact(store.identity.tenant, "Sruthan Springs")
        record = store.claims.get(works)
        assert record is not None and firm and firm[0] in record.entity_ids
        assert not store.entities.resolve_exact(store.identity.tenant, "Sruthan")
