"""forget and recall for names the name finder used to split: particles, given names that are
also months or auxiliaries, firms sharing a person's surname. Each is found in the claim, the
question and the forget call with one key, so what is stored about them can be erased."""

from __future__ import annotations

import pytest

PEOPLE = [  # (subject, claim, question that answers it before the erasure)
    (
        "Pieter van der Berg",
        "Pieter van der Berg repairs violins in Leiden.",
        "What does Pieter van der Berg repair?",
    ),
    ("Karim el-Masri", "Karim el-Masri owns a bakery in Tripoli.", "What does Karim el-Masri own?"),
    ("Ana dos Reis", "Ana dos Reis teaches chemistry in Braga.", "What does Ana dos Reis teach?"),
    ("April Okafor", "April Okafor works as a nurse at Kelso Hospital.", "Where does April Okafor work?"),
    ("June Halloway", "June Halloway sang at the Corran Hall in 1971.", "Where did June Halloway sing?"),
    ("May Lindgren", "May Lindgren joined Orbit Labs in May 2019.", "When did May Lindgren join Orbit Labs?"),
    ("Will Ashworth", "Will Ashworth repairs boats in Falmouth.", "What does Will Ashworth repair?"),
    ("Jan Brouwer", "Jan Brouwer coaches the Delft rowing team.", "Who coaches the Delft rowing team?"),
]
BYSTANDER = ("Orbit Labs moved to Leeds in May 2020.", "Where did Orbit Labs move?")


@pytest.mark.parametrize(("subject", "claim", "question"), PEOPLE, ids=[p[0] for p in PEOPLE])
def test_forget_erases_names_the_finder_used_to_split(open_store, subject, claim, question) -> None:  # type: ignore[no-untyped-def]
    """Stored, answered, then erased and certified; a bystander dated "in May" survives."""
    store = open_store()
    for text in (claim, BYSTANDER[0]):
        assert store.remember(text, text).status == "admitted"
    assert store.recall(question).status == "answered"
    out = store.forget(subject)
    assert out.status == "erased" and out.claims_erased == 1, out.text
    assert store.recall(question).status == "abstained"
    assert store.recall(BYSTANDER[1]).status == "answered"
    again = store.remember(claim, claim)
    assert again.status != "admitted"


def test_a_month_in_a_date_registers_no_person(open_store) -> None:  # type: ignore[no-untyped-def]
    """ "in May 2019" names no one: no entity "May" exists, so forget("May") erases nothing."""
    store = open_store()
    assert store.remember(BYSTANDER[0], BYSTANDER[0]).status == "admitted"
    names = {r.name for r in store.entities.records().values()}
    assert "May" not in names and "Orbit Labs" in names
    assert store.forget("May").status == "unknown_subject"


def test_forget_a_person_keeps_the_firm_with_their_surname(open_store) -> None:  # type: ignore[no-untyped-def]
    """Erasing Tunde Okafor keeps every claim about the firm Okafor & Brandt, and the reverse."""
    store = open_store()
    claims = {
        "person": "Tunde Okafor runs a sailing school in Aarhus.",
        "firm": "Okafor & Brandt has an office in Bilbao.",
        "partner": "Lena Moreau was a partner at Okafor & Brandt.",
    }
    ids = {}
    for key, text in claims.items():
        out = store.remember(text, text)
        assert out.status == "admitted", out.text
        ids[key] = out.claim_id
    out = store.forget("Tunde Okafor")
    assert out.status == "erased" and out.claims_erased == 1, out.text
    assert store.claims.get(ids["person"]) is None
    assert store.claims.get(ids["firm"]) is not None and store.claims.get(ids["partner"]) is not None
    assert store.recall("Where does Okafor & Brandt have an office?").status == "answered"
    # A new claim about the firm is not mistaken for the erased person.
    assert (
        store.remember("Okafor & Brandt hired Lena Moreau.", "Okafor & Brandt hired Lena Moreau.").status
        == "admitted"
    )
    out = store.forget("Okafor & Brandt")
    assert out.status == "erased" and out.claims_erased == 3, out.text
    assert store.claims.get(ids["partner"]) is None  # it names the firm


def test_product_named_by_a_common_word_is_stored(open_store) -> None:  # type: ignore[no-untyped-def]
    """ "Lantern 2.4 adds offline maps." has a subject (Lantern), so it is admitted and answered."""
    store = open_store()
    evidence = "Release notes. Lantern 2.4 drops support for Windows 8. It adds offline maps."
    out = store.remember("Lantern 2.4 adds offline maps.", evidence)
    assert out.status == "admitted", out.text
    assert store.recall("What does Lantern 2.4 add?").status == "answered"
