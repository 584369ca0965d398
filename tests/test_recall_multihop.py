"""Two hops over the entity graph: a description resolves to an entity through a grounded
claim, then the outer slot is answered; both claims come back, or the missing hop is named.
"""

from __future__ import annotations

import pytest
from chat_store import ask, build, ids, index_of

from affidavit.gates.read_index import MemoryReadIndex


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return build()


@pytest.mark.parametrize(("question", "chain"), [
    ("What does the firm that bought Tessel make?", ["bought", "makes"]),
    ("what does lena's employer make?", ["works", "makes"]),
    ("How many people does Lena Moss's employer employ?", ["works", "headcount"]),
    ("Who runs Lena Moss's employer?", ["works", "ceo"]),
    ("Where is the company that Brix Systems bought based?", ["bought", "tessel_hq"]),
    ("Who is the CEO of the company Lena Moss works for?", ["works", "ceo"]),
])  # fmt: skip
def test_two_hops_answer_with_both_claims(store: MemoryReadIndex, question: str, chain: list[str]) -> None:
    """The bridge claim and the answer claim are both returned (each carries its receipt)."""
    d = ask(store, question)
    assert d.status == "answered", d.text
    assert set(chain) <= set(ids(d)), d.text


def test_missing_second_hop_is_named_with_the_first(store: MemoryReadIndex) -> None:
    """Lena's boss resolves (Ivan Petrov) but nothing says where he lives: the abstention
    names 'live' and shows the hop that held."""
    d = ask(store, "Where does Lena Moss's boss live?")
    assert (d.status, d.reason, d.ungrounded_term) == ("abstained", "unknown_predicate", "live")
    assert "#reports" in d.text and "Ivan Petrov" in d.text


def test_missing_first_hop_is_named(store: MemoryReadIndex) -> None:
    """Nothing says who sold Tessel: the inner hop abstains naming 'sold'; the same outer
    slot over a grounded inner hop (above) is answered."""
    d = ask(store, "What does the firm that sold Tessel make?")
    assert (d.status, d.ungrounded_term) == ("abstained", "sold")
    assert d.claims == ()


def test_a_near_miss_name_inside_the_description_abstains(store: MemoryReadIndex) -> None:
    """ "Tesla" is not "Tessel": unknown_subject, naming it."""
    d = ask(store, "What does the firm that bought Tesla make?")
    assert (d.reason, d.ungrounded_term) == ("unknown_subject", "Tesla")


def test_the_party_asked_for_is_one_hop(store: MemoryReadIndex) -> None:
    """ "Who is Lena's employer?" asks for the party itself: one claim, no second hop."""
    assert ids(ask(store, "Who is Lena Moss's employer?")) == ["works"]


OWNERSHIP = (
    ("bought", "Zarafshon Freight bought Navoi Glassworks in 2021.", None),
    ("bottles", "Navoi Glassworks makes wine bottles.", None),
    ("ceo", "Dilnoza Karimova is the chief executive of Zarafshon Freight.", None),
    ("subsidiary", "Amudaryo Seafood is a subsidiary of Chorsu Holding.", None),
    ("holding_hq", "Chorsu Holding is based in Samarkand.", None),
    ("seafood_hq", "Amudaryo Seafood is based in Bukhara.", None),
)


@pytest.fixture(scope="module")
def owners() -> MemoryReadIndex:
    return index_of(OWNERSHIP)


@pytest.mark.parametrize(("question", "chain", "near_miss"), [
    ("Who owns Navoi Glassworks?", ["bought"], "Who owns Zarafshon Freight?"),
    ("who's the ceo of the company that owns navoi glassworks?", ["bought", "ceo"],
     "Who is the CEO of the company that owns Amudaryo Seafood?"),
    ("What does the company Zarafshon Freight owns make?", ["bought", "bottles"],
     "What does the company Chorsu Holding owns make?"),
    ("Where is Amudaryo Seafood's parent company based?", ["subsidiary", "holding_hq"],
     "Where is Chorsu Holding's parent company based?"),
    ("Where is the parent company of Amudaryo Seafood based?", ["subsidiary", "holding_hq"],
     "Where is the parent company of Navoi Glassworks based?"),
])  # fmt: skip
def test_ownership_is_read_from_acquisitions_and_subsidiaries(
    owners: MemoryReadIndex, question: str, chain: list[str], near_miss: str
) -> None:
    """An acquisition makes an owner and "a subsidiary of" names one, in their direction:
    each near miss asks the converse (who owns the buyer, what the parent's parent is, or
    a second hop the store does not hold) and abstains."""
    d = ask(owners, question)
    assert d.status == "answered", d.text
    assert set(chain) <= set(ids(d)), d.text
    assert ask(owners, near_miss).status == "abstained", ask(owners, near_miss).text


def test_owns_still_grounds_by_its_own_word(owners: MemoryReadIndex) -> None:
    """The ownership frame adds acquisitions and subsidiaries; a claim saying "owns" of a
    described thing still answers, and the place it is in is not what is owned."""
    store = index_of((("guesthouse", "Mele Fifita owns the Kalia Guesthouse in Vavaʻu.", None),))
    answered = ask(store, "who owns the guesthouse in vavaʻu")
    assert answered.status == "answered" and ids(answered) == ["guesthouse"], answered.text
    assert ask(store, "Who owns Vavaʻu?").status == "abstained"
