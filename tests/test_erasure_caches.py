"""After an erasure the text caches are empty, but the package's own pinned data stays loaded.

Claim texts and questions sit in the gates' caches and must not outlive an erasure; the
WordNet lexicon and the confusables table hold no user text, and reloading them made every
forget pay a tenth of a second.
"""

from __future__ import annotations

from memo_reach import strings_reachable

from affidavit.identity import Identity
from affidavit.text import confusables, lemmas, lexicon, names
from affidavit.text.memo import reaped


def test_forget_clears_text_caches_and_keeps_pinned_data(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    said = "Ilmar Saarepuu repairs boats in Haapsalu."
    assert store.remember(said, said).status == "admitted"
    assert store.recall("Who repairs boats in Haapsalu?").status == "answered"
    loaded, table = lexicon.lexicon(), confusables.latin_table()
    assert lemmas.lemma.cache_info().currsize > 0  # control: the text caches hold something
    assert store.forget("Ilmar Saarepuu").status == "erased"
    assert lemmas.lemma.cache_info().currsize == 0  # the words of the erased claim are gone
    assert lexicon.lexicon() is loaded and confusables.latin_table() is table


def test_the_caches_forget_drops_are_freed_soon_after_it_returns(open_store) -> None:  # type: ignore[no-untyped-def]
    """forget cuts the old caches off at once and the reaper then empties them: even a
    reference to one held elsewhere (here, this test's) reaches no erased word for long."""
    store = open_store(Identity("t1", "a1"))
    said = "Ilmar Saarepuu repairs boats in Haapsalu."
    assert store.remember(said, said).status == "admitted"
    old = names.name_key.live()
    assert "Ilmar Saarepuu" in strings_reachable(old)  # control: the live cache holds the name
    assert store.forget("Ilmar Saarepuu").status == "erased"
    assert names.name_key.live() is not old
    assert reaped(timeout=10)
    assert old.cache_info().currsize == 0 and "Ilmar Saarepuu" not in strings_reachable(old)
