"""Names in questions as people type them: any case, no diacritics, a first name alone.

Run against a real store with two tenants, across a close and reopen: tenant "north"
knows one Lena (Lena Moss, who grew up in Tromsø); tenant "south" knows two (Lena Dahl
and Lena Berg). A unique first name resolves inside its tenant only; an ambiguous one
abstains with the count of the caller's own candidates, never the other tenant's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from affidavit.clock import FixedClock
from affidavit.identity import Identity
from affidavit.store import Store

CLAIMS = {
    "north": ["Lena Moss grew up in Tromsø.", "Lena Moss works for Brix Systems."],
    "south": ["Lena Dahl works for Kestrel Labs.", "Lena Berg works for Alder Medical.",
              "Jörg Müller works for Kestrel Labs."],
}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("names")
    path, keyring = root / "store", root / "keys"
    for tenant, claims in CLAIMS.items():
        with Store.open(path, keyring_dir=keyring, identity=Identity(tenant, "a1"),
                        clock=FixedClock()) as store:
            for claim in claims:
                out = store.remember(claim, f"From the staff list: {claim}")
                assert out.status == "admitted", (claim, out.text)
    return path, keyring


def _recall(world: tuple[Path, Path], tenant: str, question: str):  # type: ignore[no-untyped-def]
    path, keyring = world
    with Store.open(path, keyring_dir=keyring, identity=Identity(tenant, "a1"),
                    clock=FixedClock()) as store:  # a new process view: state from the ledger
        return store.recall(question)


@pytest.mark.parametrize("question", [
    "where did lena moss grow up?",
    "Where did LENA MOSS grow up?",
    "where did lena grow up",
    "Where did Lena grow up?",
])  # fmt: skip
def test_case_and_a_unique_first_name_resolve(world: tuple[Path, Path], question: str) -> None:
    """In "north", one Lena: every casing and the first name alone answer."""
    out = _recall(world, "north", question)
    assert out.status == "answered" and "Tromsø" in out.claims[0].text


def test_diacritics_are_folded_both_ways(world: tuple[Path, Path]) -> None:
    """ "Jorg Muller" finds "Jörg Müller"; a near-miss spelling still does not."""
    out = _recall(world, "south", "Who does Jorg Muller work for?")
    assert out.status == "answered" and "Kestrel" in out.claims[0].text
    miss = _recall(world, "south", "Who does Jorg Mueller work for?")
    assert (miss.status, miss.reason) == ("abstained", "unknown_subject")


def test_an_ambiguous_first_name_abstains_with_its_tenants_count(world: tuple[Path, Path]) -> None:
    """In "south", two Lenas: abstain, say 2 (not 3: north's Lena is not counted), name none."""
    out = _recall(world, "south", "where does lena work?")
    assert (out.status, out.reason) == ("abstained", "unknown_subject")
    assert "could name 2 different entities" in out.text
    assert "Dahl" not in out.text and "Berg" not in out.text and "Moss" not in out.text
    assert _recall(world, "south", "Where does Lena Dahl work?").status == "answered"


def test_another_tenants_name_is_absent(world: tuple[Path, Path]) -> None:
    """ "Lena Moss" exists only in north: south hears the same answer as for a name never seen."""
    hidden = _recall(world, "south", "Where did Lena Moss grow up?")
    never = _recall(world, "south", "Where did Zora Vantongeren grow up?")
    assert (hidden.status, hidden.reason) == (never.status, never.reason) == (
        "abstained", "unknown_subject")
    assert "Tromsø" not in hidden.text
