"""Slots asked in words the claim does not use, each answered next to a near-miss that abstains.

Over ``slot_store`` (its own names): every answered question has a near-miss over the same
store -- the slot absent for another person, the converse party, a class the claim's word
is not in -- that must abstain and name the user's word. Generalisation comes from the
lexicon and the frames table, not from these questions: the words asked here (kayak,
border collie, pottery) are in no table of the read gate.
"""

from __future__ import annotations

import pytest
from slot_store import ask, build, ids

from affidavit.gates.read_index import MemoryReadIndex


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return build()


# (mechanism, answered question, claims that must answer, near-miss, word it names)
PAIRS = [
    ("origin", "where is marta from?", ["grew"], "where is ewa from?", "from"),
    ("is-from", "what's Jonas Ekberg's hometown?", ["visby"],
     "what's Ewa Lind's hometown?", "hometown"),
    ("plays-the-unknown-noun", "what instrument does Olek Brzoza play?", ["zumbalo"],
     "what instrument does Ewa Lind play?", "instrument"),  # "plays the part of" is no instrument
    ("plays-a-bare-unknown-noun", "what sport does Anka Sowa play?", ["palant"],
     "what sport does Olek Brzoza play?", "sport"),  # "plays the zumbalo" is no sport
    ("works-under", "who is Olek Brzoza's boss?", ["under"], "who is Ewa Lind's boss?", "boss"),
    ("keeps-wicket", "what position does Piotr Mazur play?", ["wicket"],
     "what position does Marta Quell play?", "position"),
    ("stake-percentage", "what percentage of Fennick Roasters does Marta own?", ["stake"],
     "What share of Fennick Roasters does Jonas own?", "share"),
    ("subject-after-auxiliary", "What share of Fennick Roasters does Marta own?", ["stake"],
     "What share of Fennick Roasters does Jonas own?", "share"),
    ("work-under", "who does marta work under?", ["rep"], "who does jonas work under?",
     "work under"),
    ("works-under-them", "who works under Dorota Wilk?", ["under", "rep"],
     "who works under Olek Brzoza?", "works under"),  # Olek works under Dorota, not the reverse
    ("category-modifier", "what skin condition does marta have?", ["ecz"],
     "what heart condition does marta have?", "heart"),
    ("category-compound", "does jonas have any health problems?", ["diag"],
     "does ewa have any health problems?", "health problems"),
    ("products", "what does fennick produce?", ["makes"], "what does marta make?", "make"),
    ("converse", "who did Ewa borrow a kayak from?", ["lent"],
     "who did Jonas borrow a kayak from?", "borrow"),
    ("instance-category", "what's the name of Marta's dog?", ["collie"],
     "what's the name of Ewa's dog?", "dog"),
    ("naming", "what's the name of Marta's dog?", ["collie"],
     "what's the name of Ewa's cat?", "name"),
    ("teach-lessons", "what does Jonas teach?", ["lessons"], "what does Ewa teach?", "teach"),
    ("organisation-kind", "Which company does Jonas work for?", ["job"],
     "Which company does Ewa work for?", "company"),  # Gdansk is a place, not a company
    ("role-holder-works-at", "who works at Fennick Roasters?", ["job", "ceo"],
     "How many employees does Pella Mills have?", "employees"),
]  # fmt: skip


@pytest.mark.parametrize(("mechanism", "question", "want", "miss", "term"), PAIRS,
                         ids=[f"{p[0]}-{i}" for i, p in enumerate(PAIRS)])
def test_slot_word_answers_and_its_near_miss_abstains(
    store: MemoryReadIndex, mechanism: str, question: str, want: list[str], miss: str, term: str
) -> None:
    """The question is answered by exactly the claims that fill the slot; the near-miss
    over the same store abstains and names the word the user asked with."""
    answered = ask(store, question)
    assert answered.status == "answered", answered.text
    assert sorted(ids(answered)) == sorted(want), answered.text
    missed = ask(store, miss)
    assert missed.status == "abstained", missed.text
    assert (missed.ungrounded_term or "").casefold() == term.casefold(), missed.text


def test_a_border_collie_is_a_dog_but_a_dog_is_no_collie(store: MemoryReadIndex) -> None:
    """The category is read one way: the claim's word is an instance of the asked class,
    never the reverse, and never through a name."""
    assert ids(ask(store, "what dog does Marta have?")) == ["collie"]
    d = ask(store, "what border collie does Ewa have?")  # Ewa has a cat
    assert d.status == "abstained"


def test_takes_lessons_is_not_teaching(store: MemoryReadIndex) -> None:
    """ "gives cello lessons" teaches; "takes pottery lessons" does not."""
    d = ask(store, "what does Ewa Lind teach?")
    assert d.status == "abstained" and "takes" not in ids(d)


def test_the_lender_is_not_the_borrower(store: MemoryReadIndex) -> None:
    """Jonas lent the kayak: asked who lent it, his claim answers; asked whom he borrowed
    it from, nothing does (the converse keeps each party's role)."""
    assert ids(ask(store, "who did Jonas lend his kayak to?")) == ["lent"]
    assert ask(store, "who did Jonas borrow a kayak from?").status == "abstained"


def test_what_it_makes_is_no_answer_to_how_much_it_makes(store: MemoryReadIndex) -> None:
    """The products frame answers "what", never "how much" (an income, not a product)."""
    assert ids(ask(store, "what does fennick roasters produce?")) == ["makes"]
    assert ask(store, "how much does fennick roasters make?").status == "abstained"


def test_how_many_people_work_there_is_a_headcount() -> None:
    """ "How many people work at/for X?" asks the size frame: answered by "X has 63
    employees"; the near miss asks it of a person, who employs no one here."""
    from chat_store import index_of

    store = index_of((
        ("size", "Kalia Freight has 63 employees.", None),
        ("job", "Mele Fifita works at Kalia Freight.", None),
    ))  # fmt: skip
    for question in ("How many people work at Kalia Freight?", "how many people work for Kalia Freight?"):
        answered = ask(store, question)
        assert answered.status == "answered" and ids(answered) == ["size"], answered.text
    missed = ask(store, "How many people work for Mele Fifita?")
    assert missed.status == "abstained", missed.text
