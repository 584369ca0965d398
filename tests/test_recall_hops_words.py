"""Hops through party nouns, "the N of X" and relative clauses that carry an object.

Over ``slot_store``: "Pella Mills's buyer", "the buyer of Pella Mills", "Jonas's company"
and "the company Marta owns 30% of" each stand for an entity a grounded claim yields; the
answer is the chain of both claims. The near-miss asks the same of an entity whose first
hop is not grounded and must abstain, naming the hop's word.
"""

from __future__ import annotations

import pytest
from slot_store import ask, build, ids

from affidavit.gates.read_index import MemoryReadIndex


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return build()


HOPS = [
    ("agent-noun", "what does Pella Mills's buyer make?", ["bought", "makes"],
     "what does the buyer of Fennick Roasters make?", "buyer"),
    ("the-n-of-x", "what does the buyer of Pella Mills make?", ["bought", "makes"],
     "what does the buyer of Fennick Roasters make?", "buyer"),
    ("possessed-company", "what does Jonas's company make?", ["job", "makes"],
     "what does Ewa's company make?", "make"),  # Ewa's claims name Gdansk only
    ("clause-with-object", "what does the company Marta owns 30% of make?", ["stake", "makes"],
     "what does the company Jonas owns 30% of make?", "30"),
    ("clause-after-verb", "who runs the company that Marta has a stake in?", ["stake", "ceo"],
     "who runs the company that Jonas has a stake in?", "stake"),
    ("copular-clause", "what does the company Jonas is a data engineer at make?",
     ["job", "makes"], "what does the company Ewa is a data engineer at make?", "data"),
    ("head-after-bridge", "which company does marta's boss run?", ["rep", "ceo"],
     "which company does jonas's boss run?", "boss"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "question", "want", "miss", "term"), HOPS,
                         ids=[f"{h[0]}-{i}" for i, h in enumerate(HOPS)])
def test_a_hop_answers_with_both_claims_and_its_near_miss_abstains(
    store: MemoryReadIndex, kind: str, question: str, want: list[str], miss: str, term: str
) -> None:
    """Both hops' claims come back; with the first hop ungrounded the gate abstains."""
    d = ask(store, question)
    assert d.status == "answered" and sorted(ids(d)) == sorted(want), d.text
    m = ask(store, miss)
    assert m.status == "abstained", m.text
    assert term.casefold() in (m.ungrounded_term or "").casefold(), m.text


def test_a_group_one_belongs_to_is_not_an_employer(store: MemoryReadIndex) -> None:
    """"Jonas's company" is where he works; "Jonas's team" is not read as his employer."""
    assert ids(ask(store, "what does Jonas's company make?")) == ["job", "makes"]
    assert ask(store, "what does Jonas's team make?").status == "abstained"
