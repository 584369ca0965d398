"""After forget, the person does not come back under another spelling, a nickname, or a bystander's evidence.

Each admitted-before-this-fix case is paired with a namesake or a bystander that must
still be admitted, over the same store.
"""

from __future__ import annotations

import pytest

from affidavit.codec import decode_sealed
from affidavit.forensics.export import export_bundle
from affidavit.identity import Identity
from affidavit.store import Store

SPELLINGS = ["Dana K.", "Dána Kim", "D\u0430na Kim", "Ｄａｎａ Ｋｉｍ", "Dana-Kim", "Kim Dana",
             "Dana Kim Jr", "Kim", "DANA KIM"]
OPS = Identity("default", "ops", True)


@pytest.fixture
def erased(open_store) -> Store:  # type: ignore[no-untyped-def]
    store = open_store(OPS)
    assert store.remember("Dana Kim lives in Oslo.", "Dana Kim lives in Oslo.").status == "admitted"
    assert store.remember("Omar Ali lives in Leeds.", "Omar Ali lives in Leeds.").status == "admitted"
    assert store.forget("Dana Kim").status == "erased"
    return store


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_no_spelling_of_the_erased_person_is_admitted(erased: Store, spelling: str) -> None:
    """Diacritics, a Cyrillic letter, fullwidth, hyphen, order, suffix, initial, lone surname: held."""
    out = erased.remember(f"{spelling} works for Harbor Bank.", f"{spelling} works for Harbor Bank.")
    assert (out.status, out.reason) == ("held_for_review", "previously_erased"), spelling
    assert erased.recall("Where does Dana Kim work?").status == "abstained"


@pytest.mark.parametrize("namesake", ["Dana Lee", "Kimberly Moss", "Omar Ali"])
def test_namesakes_and_bystanders_are_still_admitted(erased: Store, namesake: str) -> None:
    """Negative control over the same store: other people are not swept up."""
    out = erased.remember(f"{namesake} works for Harbor Bank.", f"{namesake} works for Harbor Bank.")
    assert out.status == "admitted", out.text


def test_the_erased_name_does_not_return_through_a_bystanders_evidence(erased: Store) -> None:
    """'Omar shares an office' quoted from 'Omar and Dana Kim share an office' is held, not admitted."""
    out = erased.remember("Omar Ali shares an office.", "Omar Ali and Dana Kim share an office.")
    assert (out.status, out.reason) == ("held_for_review", "previously_erased")
    clean = erased.remember("Omar Ali shares an office.", "Omar Ali and Lena Moss share an office.")
    assert clean.status == "admitted"  # control: the same claim with other evidence


def test_a_nickname_the_evidence_states_is_erased_with_the_person(open_store) -> None:  # type: ignore[no-untyped-def]
    """'Katarzyna Nowak, known to everyone as Kasia': forget takes Kasia's claims, and Kasia is held after."""
    store = open_store()
    evidence = "Katarzyna Nowak, known to everyone as Kasia, runs the Kraków lab."
    assert store.remember("Katarzyna Nowak runs the Kraków lab.", evidence).status == "admitted"
    assert store.remember("Kasia runs the Kraków lab.", evidence).status == "admitted"
    assert store.remember("Kasia Zielinska teaches in Łódź.",
                          "Kasia Zielinska teaches in Łódź.").status == "admitted"  # another Kasia
    out = store.forget("Katarzyna Nowak")
    assert out.status == "erased" and out.claims_erased == 2
    assert store.recall("What does Kasia run?").status == "abstained"
    assert store.remember("Kasia lives in Gdańsk.", "Kasia lives in Gdańsk.").status == "held_for_review"
    assert store.recall("Where does Kasia Zielinska teach?").status == "answered"  # control


def test_a_held_reproposal_is_sealed_apart_and_shredded(erased: Store, store_dirs, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Sealed under its own key, never exported in clear, its keys destroyed on rejection (across reopen)."""
    held = erased.remember("Dana Kim works for Orbit Labs.", "Dana Kim works for Orbit Labs.")
    assert held.status == "held_for_review" and held.claim_id is not None
    assert "HELD FOR REVIEW" in held.text and "NOT STORED" not in held.text
    record = erased.claims.get(held.claim_id)
    assert record is not None
    sealed = decode_sealed(record.sealed)
    assert sealed is not None
    keys = sealed.keys
    assert set(keys).isdisjoint(record.entity_ids)  # its own key, not the entities'
    export_bundle(erased, tmp_path / "bundle", include_evidence=True)
    receipts = (tmp_path / "bundle" / "receipts.jsonl").read_text()
    assert b"Orbit".hex() not in receipts
    assert b"Leeds".hex() in receipts  # control: a bystander's evidence is exported in clear
    out = erased.review(held.claim_id, "reject", "not a person we may hold")
    assert "shredded" in out.text
    keyring = erased.keyring
    assert keyring is not None and all(keyring.is_destroyed(k) for k in keys)
    bystander = erased.remember("Omar Ali works for Orbit Labs.", "Omar Ali works for Orbit Labs.")
    assert bystander.status == "admitted"  # the rejection touched nobody else
    erased.close()
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1], create=False) as again:
        assert again.claims.get(held.claim_id) is None
        assert again.recall("Where does Omar Ali work?").status == "answered"
        assert again.keyring is not None and all(again.keyring.is_destroyed(k) for k in keys)
