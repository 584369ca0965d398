"""simplemma's English dictionary read through restart points gives simplemma's own lemmas.

The gates' lemmas are part of the resolver version: the indexed reader must answer
exactly what simplemma's loader answers, for every key and for words it does not hold,
and must step aside (to simplemma's loader) for a stream it was not built from.
"""

from __future__ import annotations

import random

import pytest
import simplemma
from simplemma.strategies.dictionaries.dictionary_factory import _load_dictionary_from_disk

from affidavit.text import lemma_dict


@pytest.fixture(scope="module")
def full() -> dict[bytes, bytes]:
    return _load_dictionary_from_disk("en")


def test_the_shipped_index_fits_the_pinned_stream() -> None:
    assert lemma_dict.indexed_english() is not None


def test_every_key_reads_as_simplemma_decodes_it(full: dict[bytes, bytes]) -> None:
    indexed = lemma_dict.indexed_english()
    assert indexed is not None and len(indexed) == len(full)
    wrong = [k for k, v in full.items() if indexed.get(k.decode()) != v.decode()]
    assert wrong == []


def test_words_it_does_not_hold_are_absent_both_ways(full: dict[bytes, bytes]) -> None:
    indexed = lemma_dict.indexed_english()
    assert indexed is not None
    rng = random.Random(3)
    keys = [k.decode() for k in rng.sample(sorted(full), 500)]
    # Neighbours of real keys (one letter added or changed) probe the block edges.
    probes = {k + "q" for k in keys} | {"q" + k for k in keys} | {"", "zzzzzz", "\uffff", "aaaaaaaa"}
    for probe in probes:
        expected = full.get(probe.encode())
        assert indexed.get(probe) == (expected.decode() if expected is not None else None), probe
    # Negative control: the comparison sees a difference when there is one.
    assert indexed.get(keys[0]) is not None and indexed.get(keys[0] + "\x00") is None


def test_lemmas_and_known_words_match_simplemma(full: dict[bytes, bytes]) -> None:
    english = lemma_dict.english()
    rng = random.Random(5)
    words = [k.decode() for k in rng.sample(sorted(full), 2000)]
    words += ["running", "children", "co-founded", "well-known", "xqzzyv", "Ärzte", "naïve", "OSLO"]
    for word in words:
        assert english.lemmatize(word) == simplemma.lemmatize(word, lang="en"), word
        assert english.is_known(word) == simplemma.is_known(word, lang="en"), word
    assert not english.is_known("xqzzyv") and english.is_known("running")


def test_an_index_for_another_stream_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    real = lemma_dict.shipped_index()
    assert real is not None
    import msgspec

    other = msgspec.structs.replace(real, stream_sha256="0" * 64)
    monkeypatch.setattr(lemma_dict, "shipped_index", lambda: other)
    assert lemma_dict.indexed_english() is None  # simplemma's own loader answers instead
    monkeypatch.setattr(lemma_dict, "shipped_index", lambda: real)
    assert lemma_dict.indexed_english() is not None


def test_the_index_rebuilds_to_the_shipped_one() -> None:
    shipped = lemma_dict.shipped_index()
    assert shipped is not None
    assert lemma_dict.build_index(lemma_dict._stream("en")) == shipped


def test_an_erasure_drops_the_lemmatisers_word_cache_but_not_the_dictionary() -> None:
    from affidavit.engine.content import clear_text_caches
    from affidavit.text.lemmas import lemma

    lemma.cache_clear()
    lemma("Solbergs")  # a word read from text sits in the lemmatiser's token cache
    before = lemma_dict.english_lemmatizer()
    dictionary = lemma_dict._factory()
    assert before._cached_lemmatize.cache_info().currsize > 0  # the control: it is held
    clear_text_caches()
    after = lemma_dict.english_lemmatizer()
    assert after is not before and after._cached_lemmatize.cache_info().currsize == 0
    assert lemma_dict._factory() is dictionary  # simplemma's public table is kept
