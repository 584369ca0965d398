"""Read gate 3.27: a plan is no fact, and "dad" is not the one a claim calls mother.

Found on a corpus written blind this session (its only three false answers): "does
Norzin Pome have a shop in Dehradun?" was answered by "Tsering Yangzom plans to open a
Norzin Pöme shop in Dehradun in spring 2027 if the lease comes through", "when did
Yordanos start her midwifery degree?" by "Yordanos hopes to start studying midwifery ...
if she gets a place", and "what does Temirlan's dad do?" through "Jyldyz is Temirlan's
mother" (the word tables hold mother and father in one class). Each answered question is
paired with a near miss over the same store that abstains. Names are invented.
"""

from __future__ import annotations

import pytest
from chat_store import assert_pair, index_of

from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex
from affidavit.gates.read_modality import states_intention

AT = "2026-11-01"

CLAIMS: tuple[tuple[str | None, ...], ...] = (
    ("plan", "Dawa Lhamo plans to open a shop in Dehradun in 2027.", None),
    ("hope", "Senait Habte hopes to start studying midwifery in Göttingen in October 2027.", None),
    ("if", "Bermet Asanova will sell the bakery if the council approves the lease.", None),
    ("lives", "Senait Habte lives in Kassala.", None),
    ("sells", "Umbra Ltd sells umbrellas in case of rain.", None),
    ("mother", "Aigul Toktosun is Erlan Sadykov's mother.", None),
    ("teaches", "Aigul Toktosun teaches chemistry at Tash-Kol School.", None),
    ("sister", "Meri Tsegai is Yonas Tsegai's sister.", None),
    ("husband", "Kaan Ulu is Tenzin Dolkar's husband.", None),
)


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return index_of(CLAIMS)


@pytest.mark.parametrize(("question", "want", "miss"), [
    # the plan answers a question about the plan, never one about what is so
    ("what does dawa lhamo plan to open", ["plan"], "does dawa lhamo have a shop in dehradun"),
    ("where does senait habte hope to study", ["hope"], "when did senait habte start studying midwifery"),
    # a plan of the same person does not stop her facts from answering
    ("where does senait habte live", ["lives"], "where does senait habte study"),
    # "in case of rain" is no condition on the fact it is said with
    ("what does umbra ltd sell", ["sells"], "what does umbra ltd rent"),
    # a kin word of the claim's own subject is the subject's, not the relative's
    ("who is meri tsegai's brother", ["sister"], "who is meri tsegai's son"),
    # a word of the same sex, or one that names none, still answers
    ("who is tenzin dolkar's husband", ["husband"], "who is tenzin dolkar's wife"),
    ("who is erlan sadykov's mother", ["mother"], "who is erlan sadykov's dad"),
    ("who is erlan sadykov's parent", ["mother"], "who is erlan sadykov's father"),
])  # fmt: skip
def test_answered_and_its_near_miss_abstains(
    store: MemoryReadIndex, question: str, want: list[str], miss: str
) -> None:
    assert_pair(store, question, want, miss, AT)


def test_the_other_sex_does_not_carry_a_second_hop(store: MemoryReadIndex) -> None:
    miss = decide_read("what does erlan sadykov's dad do", store, at=AT)
    assert miss.status == "abstained", miss.text
    hit = decide_read("what does erlan sadykov's mum do", store, at=AT)
    assert hit.status == "answered" and {c.claim_id for c in hit.claims} == {"mother", "teaches"}, hit.text


def test_a_conditional_claim_answers_no_factual_question(store: MemoryReadIndex) -> None:
    d = decide_read("what will bermet asanova sell", store, at=AT)  # the control: "will" asks the plan
    assert d.status == "answered" and [c.claim_id for c in d.claims] == ["if"], d.text
    m = decide_read("what does bermet asanova sell", store, at=AT)
    assert m.status == "abstained", m.text


@pytest.mark.parametrize(("text", "subject", "intends"), [
    ("Dawa Lhamo plans to open a shop.", "Dawa Lhamo", True),
    ("Dawa Lhamo is going to sell the boat.", "Dawa Lhamo", True),
    ("Dawa Lhamo would like to move to Oslo.", "Dawa Lhamo", True),
    ("Dawa Lhamo will sell the bakery if the lease is approved.", "Dawa Lhamo", True),
    ("Dawa Lhamo opened a shop in 2019.", "Dawa Lhamo", False),
    ("Dawa Lhamo lives in Oslo.", "Dawa Lhamo", False),
    ("Dawa Lhamo sells umbrellas in case of rain.", "Dawa Lhamo", False),
    ("Dawa Lhamo asked if the shop was open.", "Dawa Lhamo", False),
])  # fmt: skip
def test_what_states_an_intention(text: str, subject: str, intends: bool) -> None:
    assert states_intention(text, subject) is intends


@pytest.mark.parametrize(("claim", "question", "answered"), [
    ("Aigul Toktosun is Erlan Sadykov's mother.", "who is erlan sadykov's father", False),
    ("Aigul Toktosun is Erlan Sadykov's mother.", "who is erlan sadykov's mother", True),
    ("Asel Ormon is Erlan Sadykov's parent.", "who is erlan sadykov's father", False),  # no sex said
    ("Asel Ormon is Erlan Sadykov's parent.", "who is erlan sadykov's parent", True),
    ("Kaan Ulu is Tenzin Dolkar's husband.", "who is tenzin dolkar's wife", False),
    ("Kaan Ulu is married to Tenzin Dolkar.", "who is tenzin dolkar's husband", True),  # no kin word
])  # fmt: skip
def test_a_kin_word_of_one_sex_is_said_by_that_word(claim: str, question: str, answered: bool) -> None:
    d = decide_read(question, index_of([("c", claim, None)]), at=AT)
    assert (d.status == "answered") is answered, d.text
