"""The erasure key folds every spelling of one person together, and no two people."""

from __future__ import annotations

import pytest

from affidavit.errors import ResourceCorrupt
from affidavit.text import confusables
from affidavit.text.person_key import fold_name, person_key, variant_keys

SAME_PERSON = [
    "Dana Kim", "dana kim", "DANA KIM", "Dána Kim", "Dana Kím", "D\u0430na Kim",  # Cyrillic а
    "Ｄａｎａ Ｋｉｍ", "Dana-Kim", "Kim Dana", "Dana Kim Jr", "Dana Kim Jr.", "Ms. Dana Kim",
    "Dana Kim's", "Dana  Kim", "ΚIM DANA",  # Greek capital kappa
]
OTHER_PEOPLE = ["Dana Kimura", "Diana Kim", "Dana Kin", "Dan Kim", "Dana", "Kim", "Dana K.",
                "Dana Lee Kim"]


@pytest.mark.parametrize("spelling", SAME_PERSON)
def test_every_spelling_of_one_person_has_one_key(spelling: str) -> None:
    """Diacritics, confusables, fullwidth, hyphen, order, suffix, title, possessive: one key."""
    assert person_key(spelling) == person_key("Dana Kim") == "dana kim"


@pytest.mark.parametrize("other", OTHER_PEOPLE)
def test_other_names_keep_other_keys(other: str) -> None:
    """Negative control: a near name, a partial name or a longer name is not the same key."""
    assert person_key(other) != person_key("Dana Kim")


def test_partial_forms_are_variants_for_review() -> None:
    """Initials and lone names are variants of the full name; unrelated partials are not."""
    variants = set(variant_keys("Dana Kim"))
    for partial in ("Dana K.", "D. Kim", "Kim", "Dana", "dána", "K. Dana"):
        assert person_key(partial) in variants, partial
    for unrelated in ("Omar K.", "Dana L.", "Lee", "Kimberly"):
        assert person_key(unrelated) not in variants, unrelated
    assert variant_keys("Dana") == ()


def test_folding_keeps_distinct_letters_distinct() -> None:
    """Only TR39 confusables fold: Cyrillic д and ж stay, Latin ø and ł become o and l."""
    assert fold_name("Jørgen Łukasz") == "jorgen lukasz"
    assert fold_name("Дж") != fold_name("D")


def test_a_tampered_table_fails_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    """An altered confusables table raises instead of folding less (which would admit more)."""
    confusables.latin_table.cache_clear()
    monkeypatch.setattr(confusables, "_read", lambda: b"0430\tb\n")
    with pytest.raises(ResourceCorrupt):
        confusables.latin_table()
    monkeypatch.undo()
    confusables.latin_table.cache_clear()
    assert confusables.latin_table()[0x0430] == "a"  # positive control: the real table loads
