"""Name matching folds diacritics, compatibility forms and confusable letters, for matching
only: keys, fingerprints and stored text keep the spelling they were written with, and an
erased subject stays erased under every folded spelling the gate now accepts."""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.fold import fold
from affidavit.text.names import name_key, refers_to

ADMITTED = ("ACCEPT", "RESCUE")
CYRILLIC_A = "\u0430"  # drawn like the Latin "a"

FOLDED = [  # (claim name, evidence name)
    pytest.param("Jorgen Berg", "Jørgen Berg", id="slashed-o"),
    pytest.param("Dana Kim", "Dána Kim", id="acute"),
    pytest.param("Dana Kim", "Ｄａｎａ Kim", id="fullwidth"),
    pytest.param("Dana Kim", f"D{CYRILLIC_A}na Kim", id="cyrillic-a"),
    pytest.param("Søren Lund", "Soren Lund", id="claim-has-the-diacritic"),
]


@pytest.mark.parametrize(("claim_name", "ev_name"), FOLDED)
def test_a_folded_spelling_grounds_the_claim_and_another_name_does_not(claim_name: str, ev_name: str) -> None:
    """Admitted when only the spelling differs; refused when a letter differs."""
    d = decide_write(f"{claim_name} works at Lumo Labs.", f"{ev_name} works at Lumo Labs.")
    assert d.verdict in ADMITTED, d.refusal
    given, surname = claim_name.split()
    other = f"{given} W{surname[1:]}"  # one letter of the surname differs
    n = decide_write(f"{other} works at Lumo Labs.", f"{ev_name} works at Lumo Labs.")
    assert n.verdict not in ADMITTED


def test_folding_changes_no_key() -> None:
    """The key (what fingerprints and indexes hold) keeps the written spelling."""
    assert name_key("Jørgen Berg") == "jørgen berg" != name_key("Jorgen Berg")
    assert refers_to("Jorgen", "Jørgen Berg") and refers_to("Jørgen Berg", "Jorgen Berg")
    assert fold("Ｄａｎａ") == "dana" and fold(f"D{CYRILLIC_A}na") == "dana"
    assert not refers_to("Dena Kim", "Dána Kim")


def test_the_admitted_entity_is_spelled_as_the_evidence_spells_it() -> None:
    """A folded claim name is stored under the evidence's spelling (the erasure check sees it)."""
    d = decide_write("Jorgen Berg works at Lumo Labs.", "Jørgen Berg works at Lumo Labs.")
    assert d.shape is not None and d.shape.entities[0] == "Jørgen Berg"
    same = decide_write("Jørgen Berg works at Lumo Labs.", "Jørgen Berg works at Lumo Labs.")
    assert same.shape is not None and same.shape.entities[0] == "Jørgen Berg"


def test_an_erased_subject_stays_erased_under_a_folded_spelling(open_store) -> None:  # type: ignore[no-untyped-def]
    """forget("Jørgen Berg"), then the same fact with the name folded or with a Cyrillic
    letter is not stored; a bystander is still answered."""
    store = open_store()
    ev = "Jørgen Berg works at Lumo Labs."
    assert store.remember(ev, ev).status == "admitted"
    bystander = "Ines Roy works at Lumo Labs."
    assert store.remember(bystander, bystander).status == "admitted"
    out = store.forget("Jørgen Berg")
    assert out.status == "erased" and out.claims_erased == 1, out.text
    for claim in ("Jorgen Berg works at Lumo Labs.", "J\u043ergen Berg works at Lumo Labs.", ev):
        again = store.remember(claim, ev)
        assert again.status != "admitted", claim
    assert store.recall("Where does Ines Roy work?").status == "answered"
