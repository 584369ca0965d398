"""Questions typed the way people chat: shorthand, contractions, lower-case names, fillers.

Over ``slot_store``. Each chat form is answered like its written-out form, and each has a
near-miss over the same store (the slot absent for another person) that still abstains.
``expand_chat`` is checked on its own: it rewrites lower-case shorthand only, so an
upper-case "RN" or "ATM" (a nurse, a cash machine) and every name are left alone.
"""

from __future__ import annotations

import pytest
from slot_store import ask, build, ids

from affidavit.gates.read_index import MemoryReadIndex
from affidavit.gates.read_render import unknown_predicate
from affidavit.text.question import parse_question
from affidavit.text.question_chat import expand_chat


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return build()


PAIRS = [
    ("contracted-wh", "who's Marta Quell's boss?", ["rep"], "who's Ewa Lind's boss?", "boss"),
    ("apostrophe-less", "whos martas boss rn", ["rep"], "whos ewas boss rn", "boss"),
    ("ppl", "how many ppl work at fennick roasters?", ["staff"],
     "how many ppl work at pella mills?", "people work"),
    ("lowercase-beside-a-capital", "does jonas ekberg still work at Fennick Roasters?", ["job"],
     "does ewa lind still work at Fennick Roasters?", "work"),
    ("progressive", "where's ewa living these days?", ["gdansk"],
     "where's jonas living these days?", "living"),
    ("pronoun-after-topic", "ewa lind - where does she live?", ["gdansk"],
     "jonas ekberg - where does he live?", "live"),
    ("modal-and-any", "any health problems I should know about for Jonas Ekberg?", ["diag"],
     "any health problems I should know about for Ewa Lind?", "health problems"),
    ("filler-again", "when was jonas diagnosed with asthma again?", ["diag"],
     "when was ewa diagnosed with asthma again?", "diagnosed"),
    ("quick-q", "hey quick q - where does ewa live?", ["gdansk"],
     "hey quick q - where does jonas live?", "live"),
    ("or-alternative", "does ewa still live in gdansk or did she move?", ["gdansk"],
     "does jonas still live in gdansk or did he move?", "live"),
    ("own-part", "does marta own part of fennick roasters?", ["stake"],
     "does jonas own part of fennick roasters?", "own part"),
    ("adjective", "any allergies I should know about for Jonas Ekberg?", ["allergic"],
     "any allergies I should know about for Ewa Lind?", "allergies"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "question", "want", "miss", "term"), PAIRS,
                         ids=[f"{p[0]}-{i}" for i, p in enumerate(PAIRS)])
def test_chat_form_answers_and_its_near_miss_abstains(
    store: MemoryReadIndex, kind: str, question: str, want: list[str], miss: str, term: str
) -> None:
    """The chat form is answered by the claim its written form would get; the near-miss
    abstains naming the user's word."""
    d = ask(store, question)
    assert d.status == "answered" and sorted(ids(d)) == sorted(want), d.text
    m = ask(store, miss)
    assert m.status == "abstained", m.text
    assert term.casefold() in (m.ungrounded_term or "").casefold(), m.text


@pytest.mark.parametrize(("typed", "written"), [
    ("whos lenas boss rn", "who's lenas boss right now"),
    ("how many ppl work @ brix", "how many people work at brix"),
    ("where did she go to uni b4 that", "where did she go to university before that"),
    ("who's lena's hubby?", "who's lena's husband?"),
    ("does she have any sibs", "does she have any siblings"),
    ("Is Lena an RN?", "Is Lena an RN?"),
    ("Which ATM did Uni Berg use?", "Which ATM did Uni Berg use?"),
])  # fmt: skip
def test_expand_chat_rewrites_lower_case_shorthand_only(typed: str, written: str) -> None:
    """Lower-case shorthand is written out; capitalised words and names are untouched."""
    assert expand_chat(typed) == written


def test_the_question_word_survives_its_contraction() -> None:
    """ "what's", "who's", "where're" are the question words "what", "who", "where"."""
    assert parse_question("what's Lena Moss's job?").wh == "what"
    assert parse_question("who's Lena Moss's boss?").wh == "who"
    assert parse_question("where're the Moss twins based?").wh == "where"
    assert parse_question("Lena Moss's job?").wh == "none"


def test_a_capitalised_pronoun_is_no_name() -> None:
    """ "I" in "any allergies I should know about for X" names nobody."""
    assert parse_question("any allergies I should know about for Lena Moss?").names == (
        "Lena Moss",
    )


def test_one_claim_exists_and_two_claims_exist(store: MemoryReadIndex) -> None:
    """The abstention's listing agrees in number with what it lists."""
    one = unknown_predicate("salary", "Pella Mills", (store.claim("pella"),))
    assert "1 claim about Pella Mills exists:" in one.text
    two = unknown_predicate("salary", "Ewa Lind", (store.claim("gdansk"), store.claim("cat")))
    assert "2 claims about Ewa Lind exist:" in two.text
