"""The read gate's lexicon sits behind one interface; a missing one only makes recall answer less."""

from __future__ import annotations

import sys
import types

import pytest
from chat_store import ask, build, ids
from test_recall_paraphrase import PAIRS

from affidavit.gates import read_frames
from affidavit.text import lexical


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
    bare = {q: ids(ask(store, q)) for q in QUESTIONS}
    for question, got in bare.items():
        assert set(got) <= set(full[question]), question
    assert bare["what sport does lena play"] == [] and full["what sport does lena play"]
    assert bare["Who is the founder of Reed Labs?"] == []


def test_a_pinned_lexicon_is_added_to_the_builtin_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pinned module exposing ``READ_LEXICON`` is read as well as the builtin tables, never
    instead of them, and its identity joins the version."""
    module = types.ModuleType("affidavit.text.lexicon")

    class Pinned(_Empty):
        identity = "wn-test"

        def categories(self, lemma: str) -> frozenset[str]:
            return frozenset({"sport"}) if lemma == "quidditch" else frozenset()

    module.READ_LEXICON = Pinned()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "affidavit.text.lexicon", module)
    lexical.active.cache_clear()
    try:
        lex = lexical.active()
        assert lex.identity == "lex-builtin-1+wn-test"
        assert "sport" in lex.categories("quidditch") and "sport" in lex.categories("hockey")
        assert lex.derivations("founder") == (("found", "agent"),)
    finally:
        lexical.active.cache_clear()


def test_a_module_without_the_interface_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lexicon module that does not expose the interface is ignored: builtin only."""
    monkeypatch.setitem(sys.modules, "affidavit.text.lexicon", types.ModuleType("x"))
    lexical.active.cache_clear()
    try:
        assert lexical.active() is lexical.BUILTIN
    finally:
        lexical.active.cache_clear()


def test_the_resolver_version_names_the_frames_and_the_lexicon() -> None:
    """The read gate's version moves with its frames table and the lexicon it reads."""
    from affidavit.recalling import READ_RESOLVER

    assert READ_RESOLVER == "read-gate/2+frames-1+lex-builtin-1"
