"""Read gate 3.20: what the earlier gate abstained on, or named wrongly, each beside a near-miss.

Over a store of this file's own (no corpus's names). Each answered form has a near-miss
over the same claims that still abstains, so neither an empty index nor a gate that
answers everything passes:

* an abstention on "what car does X drive" names the kind of answer asked ("car"), the
  noun right after the question word, not the verb after the name.
"""

from __future__ import annotations

import pytest
from chat_store import index_of

from affidavit.gates.contracts import ReadDecision
from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex

AT = "2026-06-01"

CLAIMS: tuple[tuple[str, str, str | None], ...] = (
    ("speaks", "Gwenola Kerbrat speaks French.", None),
    ("welder", "Youenn Le Gall is a welder at Kerhoas Chantier.", None),
)


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return index_of(CLAIMS)


def ask(index: MemoryReadIndex, question: str) -> ReadDecision:
    return decide_read(question, index, at=AT)


@pytest.mark.parametrize(
    ("question", "term"),
    [("what car does youenn le gall drive", "car"),
     ("which languages does youenn le gall speak", "languages"),
     ("which football team does gwenola kerbrat support", "football team")],
)  # fmt: skip
def test_the_kind_of_answer_asked_is_the_term_named(
    store: MemoryReadIndex, question: str, term: str
) -> None:
    """The noun right after "what"/"which" says what is asked; when nothing grounds it or
    the verb, it is the term named (before 3.20, the verb after the name was)."""
    d = ask(store, question)
    assert d.status == "abstained" and d.ungrounded_term == term, d.text
    a = ask(store, "which languages does gwenola kerbrat speak")
    assert a.status == "answered" and [c.claim_id for c in a.claims] == ["speaks"], a.text
