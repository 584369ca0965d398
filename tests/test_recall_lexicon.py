"""The read gate's lexicon sits behind one interface; a missing one only makes recall answer less."""

from __future__ import annotations

import pytest
from chat_store import ask, build, ids
from test_recall_paraphrase import PAIRS

from affidavit.gates import read_frames, read_words
from affidavit.text import lexical, lexicon
from affidavit.text.lemmas import LEMMA_TABLE_VERSION


class _Empty:
    identity = "empty"

    def derivations(self, lemma: str) -> tuple[tuple[str, lexical.Role], ...]:
        return ()

    def categories(self, lemma: str) -> frozenset[str]:
        return frozenset()


QUESTIONS = [q for p in PAIRS for q in (p[1], p[3])]


def test_without_the_lexicon_recall_answers_a_subset(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a lexicon that knows nothing, every answer is one the builtin lexicon also gives,
    and the category questions ("what sport") abstain instead of answering."""
    store = build()
    full = {q: ids(ask(store, q)) for q in QUESTIONS}
    monkeypatch.setattr(read_frames, "active", lambda: _Empty())
    monkeypatch.setattr(read_words, "active", lambda: _Empty())
    read_words._classes_of.cache_clear()
    try:
        bare = {q: ids(ask(store, q)) for q in QUESTIONS}
    finally:
        read_words._classes_of.cache_clear()
    for question, got in bare.items():
        assert set(got) <= set(full[question]), question
    assert bare["what sport does lena play"] == [] and full["what sport does lena play"]
    assert bare["Who is the founder of Reed Labs?"] == []


def test_the_pinned_wordnet_lexicon_is_added_to_the_builtin_one() -> None:
    """WordNet's categories and agent nouns are read as well as the builtin tables, never
    instead of them, and its identity joins the version."""
    lexical.active.cache_clear()
    lex = lexical.active()
    assert lex.identity == f"lex-builtin-1+{lexicon._version(lexicon.PINNED_SHA256)}"
    assert "disease" in lex.categories("scurvy")  # from WordNet: scurvy is a disease
    assert "disease" not in lexical.BUILTIN.categories("scurvy")  # control: not a builtin entry
    assert "sport" in lex.categories("hockey")  # the builtin answer is kept
    assert ("employ", "agent") in lex.derivations("employer")
    assert "disease" not in lex.categories("hockey")  # and no category is invented


def test_a_missing_pinned_file_only_takes_answers_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the WordNet file missing (the empty lexicon), only the builtin answers remain."""
    monkeypatch.setattr(lexicon, "lexicon", lambda: lexicon.load(None))
    lex = lexical.WordNetLexicon()
    assert lex.categories("scurvy") == frozenset() and lex.derivations("employer") == ()
    lexical.active.cache_clear()
    try:
        assert "disease" not in lexical.active().categories("scurvy")
        assert "sport" in lexical.active().categories("hockey")
    finally:
        lexical.active.cache_clear()


def test_the_resolver_version_names_the_frames_and_the_lexicon() -> None:
    """The read gate's version moves with its frames table and the lexicon it reads."""
    from affidavit.memory.recall import READ_RESOLVER

    pinned = lexicon._version(lexicon.PINNED_SHA256)
    assert f"read-gate/3.31+{LEMMA_TABLE_VERSION}+frames-10+verbs-5+lex-builtin-1+{pinned}" == READ_RESOLVER


def test_a_missing_pinned_file_reads_no_word_as_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    """"plays the <word no lexicon knows>" is an instrument only while the lexicon is loaded:
    without it nothing is known to be unknown, so "plays the lead" cannot become one."""
    lexical.unknown_noun.cache_clear()
    lexical.organisation_noun.cache_clear()
    try:
        assert lexical.unknown_noun("zumbalo") and not lexical.unknown_noun("lead")
        assert lexical.organisation_noun("company") and not lexical.organisation_noun("city")
        monkeypatch.setattr(lexicon, "lexicon", lambda: lexicon.load(None))
        lexical.unknown_noun.cache_clear()
        lexical.organisation_noun.cache_clear()
        assert not lexical.unknown_noun("zumbalo") and not lexical.unknown_noun("lead")
        assert not lexical.organisation_noun("company")
    finally:
        lexical.unknown_noun.cache_clear()
        lexical.organisation_noun.cache_clear()
