"""Time words in a question map to valid time; a superseded value is never returned as current.

Pairs over the chat store: Lena lived in Bergen from 2015 and in Oslo from 2023 (the
Bergen claim superseded, closed the day before). "Now" words answer Oslo only; a year
inside Bergen's interval answers Bergen; "before she moved" asks for the earlier value;
a year before any interval, or "before" over a value never replaced, abstains.
"""

from __future__ import annotations

import pytest
from chat_store import ask, build, ids

from affidavit.gates.read_index import MemoryReadIndex


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return build()


@pytest.mark.parametrize("question", [
    "Where does Lena Moss live now?",
    "where does lena live these days",
    "Where does Lena Moss currently live?",
    "Where does Lena Moss live at the moment?",
    "Does Lena Moss still live in Oslo?",
    "Where does Lena Moss live?",
])  # fmt: skip
def test_now_words_answer_the_current_value_only(store: MemoryReadIndex, question: str) -> None:
    """Every "now" wording answers with the Oslo claim and never the superseded Bergen one."""
    d = ask(store, question)
    assert d.status == "answered" and ids(d) == ["oslo"], d.text


def test_still_over_a_superseded_value_answers_what_replaced_it(store: MemoryReadIndex) -> None:
    """ "Does Lena still live in Bergen?": the Bergen claim is superseded, so the answer is
    the value that holds now (Oslo), and never the superseded Bergen claim."""
    d = ask(store, "Does Lena Moss still live in Bergen?")
    assert d.status == "answered" and ids(d) == ["oslo"], d.text


@pytest.mark.parametrize(("question", "want"), [
    ("Where did Lena Moss live in 2016?", "bergen"),
    ("Where did Lena Moss live as of March 2020?", "bergen"),
    ("Where did Lena Moss live in 2024?", "oslo"),
])  # fmt: skip
def test_a_year_selects_the_claim_valid_then(store: MemoryReadIndex, question: str, want: str) -> None:
    """A year or month in the question is the valid time asked about."""
    assert ids(ask(store, question)) == [want]


def test_a_year_no_claim_covers_abstains_naming_it(store: MemoryReadIndex) -> None:
    """2010 is before both intervals: no_valid_claim, naming the year."""
    d = ask(store, "Where did Lena Moss live in 2010?")
    assert (d.status, d.reason, d.ungrounded_term) == ("abstained", "no_valid_claim", "2010")


@pytest.mark.parametrize("question", [
    "Where did Lena Moss live before she moved?",
    "where did lena live before she moved to Oslo?",
    "Where did Lena Moss use to live?",
    "Where did Lena Moss previously live?",
])  # fmt: skip
def test_before_she_moved_asks_for_the_earlier_value(store: MemoryReadIndex, question: str) -> None:
    """An earlier-value question answers the superseded claim, labelled as superseded."""
    d = ask(store, question)
    assert ids(d) == ["bergen"], d.text
    assert "(superseded later)" in d.text


def test_before_over_a_value_never_replaced_abstains(store: MemoryReadIndex) -> None:
    """Lena's landlord never changed: "before she moved" has no earlier value to give."""
    for question in ("Who was Lena Moss's landlord before she moved?",
                     "Where did Lena Moss grow up before she moved?"):
        d = ask(store, question)
        assert (d.status, d.reason) == ("abstained", "no_valid_claim"), d.text
