"""Read gate 3.19: chat questions the earlier gate abstained on, each beside a near-miss.

Over a store of this file's own (no corpus's names). Each answered form has a near-miss
over the same claims that still abstains, so neither an empty index nor a gate that
answers everything passes:

* "where's X from originally" asks where X comes from, as "where's X originally from";
* a name typed without its diacritics ("kiriri stars") is the stored name, not the start
  of a longer one ("Kiriri Stars Netball");
* a word of the subject's name that the claim says again outside the name is offered
  ("Thenral Rice Mills sells parboiled rice" grounds "rice");
* a word typed without its diacritics grounds the claim's word ("githaiga");
* a word of the same first sense, each listed in the other's, grounds it (grandad and
  grandfather; not boss and chief);
* "where" is answered by a place named after "in" even when the place is no entity;
* reduced relative clauses: "the company owned by X" (X the owner) and "the rice mill X
  owns" (a two-word head);
* "the name of the CEO of X" asks for the CEO.
"""

from __future__ import annotations

import pytest
from chat_store import assert_pair, index_of

from affidavit.gates.contracts import ReadDecision
from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex

AT = "2026-06-01"

CLAIMS: tuple[tuple[str, str, str | None], ...] = (
    ("grew", "Ruairidh Tormaid grew up in Baile Ùr.", None),
    ("job", "Ruairidh Tormaid is a welder at Tobar Steel.", None),
    ("sells", "Cnoc Rice Mills sells parboiled rice at ₹52 a kilo.", None),
    ("flour", "Abhainn Rice Works sells flour at ₹30 a kilo.", None),
    ("coach", "Ailsa Ghobhainn coaches the Càrn Stars netball team.", None),
    ("partner", "Morag Ceit is an associate at Dùnan & Mòr Advocates.", None),
    ("grandpa", "Seonag Iain's grandfather is Tormod Iain.", None),
    ("chief", "Seonag Iain is the chief executive of Dalbeg Holdings.", None),
    ("based", "Sruthan Springs is based in Sruthan.", None),
    ("bottles", "Glenbeag Water bottles mineral water.", None),
    ("owns", "Dalbeg Holdings owns Sruthan Springs.", None),
    ("mill", "Tobar Steel owns Cnoc Rice Mills.", None),
    ("staff", "Cnoc Rice Mills employs 180 people.", None),
    ("makes", "Sruthan Springs makes sparkling water.", None),
)


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return index_of(CLAIMS)


def ask(index: MemoryReadIndex, question: str) -> ReadDecision:
    return decide_read(question, index, at=AT)


PAIRS = [
    ("from-originally", "wheres ruairidh tormaid from originally", ["grew"],
     "wheres ailsa ghobhainn from originally"),
    ("undiacritic-name", "who coaches the carn stars netball team", ["coach"],
     "who coaches the carn stars hockey team"),
    ("name-word-again", "how much does cnoc rice mills charge for parboiled rice", ["sells"],
     "how much does abhainn rice works charge for rice"),
    ("undiacritic-word", "is morag ceit an associate at dunan and mor", ["partner"],
     "is morag ceit an associate at tobar steel"),
    ("mutual-synonym", "who is seonag iain's grandad", ["grandpa"],
     "who is seonag iain's grandma"),
    ("where-place", "where is sruthan springs based", ["based"],
     "where is glenbeag water based"),
    ("reduced-passive", "what does the company owned by dalbeg holdings make", ["owns", "makes"],
     "what does the company owned by sruthan springs make"),
    ("two-word-head", "how many people work at the rice mill tobar steel owns", ["mill", "staff"],
     "how many people work at the rice mill dalbeg holdings owns"),
    ("name-of-the", "what's the name of the ceo of dalbeg holdings", ["chief"],
     "what's the name of the ceo of tobar steel"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "question", "want", "miss"), PAIRS, ids=[p[0] for p in PAIRS])
def test_answered_and_its_near_miss_abstains(
    store: MemoryReadIndex, kind: str, question: str, want: list[str], miss: str
) -> None:
    assert_pair(store, question, want, miss, AT)


def test_a_one_way_synonym_grounds_nothing(store: MemoryReadIndex) -> None:
    """The lexicon lists "chief" in the first sense of "boss", not "boss" in "chief"'s:
    that is no synonym both ways, so "boss" is not grounded by "chief executive"."""
    assert ask(store, "what firm is seonag iain the boss of").status == "abstained"
    assert ask(store, "what firm is seonag iain the chief executive of").status == "answered"


def test_the_passive_clause_reads_its_agent_as_the_owner(store: MemoryReadIndex) -> None:
    """ "owned by X" is what X owns: Dalbeg Holdings owns Sruthan Springs, so the company
    owned by Sruthan Springs is no company the store knows (not Dalbeg Holdings)."""
    d = ask(store, "who is the ceo of the company owned by sruthan springs")
    assert d.status == "abstained", d.text
    assert not any(c.claim_id == "chief" for c in d.claims)
    a = ask(store, "who is the ceo of the company that owns sruthan springs")
    assert a.status == "answered" and {"owns", "chief"} <= {c.claim_id for c in a.claims}, a.text


def test_an_object_clause_holds_in_its_direction_only(store: MemoryReadIndex) -> None:
    """ "the company X owns" is one X owns. Before 3.19 the clause's "owns" was grounded by
    any claim with the word, so "Dalbeg Holdings owns Sruthan Springs" made Dalbeg the
    company Sruthan Springs owns, and its chief executive the answer."""
    for question in ("who is the ceo of the company sruthan springs owns",
                     "who is the ceo of the company that sruthan springs owns"):
        d = ask(store, question)
        assert d.status == "abstained", d.text
    a = ask(store, "what does the company dalbeg holdings owns make")
    assert a.status == "answered" and {"owns", "makes"} <= {c.claim_id for c in a.claims}, a.text
