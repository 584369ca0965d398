"""A value asked about that no longer holds is answered by the value that replaced it.

"Is Noor still at Quillon Foods?" over a store where Noor moved to Marrow Studio is
answered by the Marrow Studio claim (what holds now in that slot), never by the ended
Quillon claim; a slot whose value ended with nothing after it still abstains, and so
does a question that names its own time outside every interval.
"""

from __future__ import annotations

import pytest

from affidavit.gates.contracts import ReadDecision
from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex
from affidavit.gates.write import decide_write

AT = "2025-06-01"
CLAIMS: tuple[tuple[str, str, str | None, str | None], ...] = (
    ("quillon", "Noor Haddad works at Quillon Foods.", "2016-02-01", "2022-12-31"),
    ("marrow", "Noor Haddad works at Marrow Studio.", "2023-01-01", None),
    ("lead", "Ines Amaral is a team lead at Marrow Studio.", "2021-01-01", "2024-03-31"),
    ("director", "Ines Amaral is the design director at Marrow Studio.", "2024-04-01", None),
    ("utrecht", "Piet Vos lives in Utrecht.", "2012-01-01", "2019-06-30"),
    ("club", "Piet Vos coaches the Delft rowing club.", None, None),
    ("maribor", "Kaja Novak lives in Maribor.", "2014-01-01", "2023-02-28"),
    ("ljubljana", "Kaja Novak moved to Ljubljana in March 2023.", "2023-03-01", None),
    ("qhq", "Quillon Foods is headquartered in Leeds.", None, None),
    ("mhq", "Marrow Studio is based in York.", None, None),
)


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    index = MemoryReadIndex()
    for claim_id, text, start, end in sorted(CLAIMS, key=lambda c: c[2] or ""):
        shape = decide_write(text, text).shape
        assert shape is not None, text
        index.add(claim_id, text, shape, valid_from=start, valid_to=end)
    return index


def ask(index: MemoryReadIndex, question: str) -> ReadDecision:
    return decide_read(question, index, at=AT)


def ids(decision: ReadDecision) -> list[str]:
    return [c.claim_id for c in decision.claims]


@pytest.mark.parametrize(("question", "want"), [
    ("hey is Noor Haddad still at Quillon Foods?", "marrow"),
    ("Does Noor Haddad still work at Quillon Foods?", "marrow"),
    ("is ines amaral still a team lead at Marrow Studio?", "director"),
])  # fmt: skip
def test_still_over_an_ended_value_answers_the_current_one(
    store: MemoryReadIndex, question: str, want: str
) -> None:
    """The ended claim is never returned; the live claim of the same slot is."""
    d = ask(store, question)
    assert d.status == "answered" and ids(d) == [want], d.text


def test_an_ended_value_with_nothing_after_it_abstains(store: MemoryReadIndex) -> None:
    """Piet's Utrecht claim ended in 2019 and no residence follows: no answer now, and
    his coaching claim (another slot) is not offered in its place."""
    d = ask(store, "Does Piet Vos still live in Utrecht?")
    assert (d.status, d.reason) == ("abstained", "no_valid_claim"), d.text
    assert ids(d) == []


def test_a_named_year_is_not_replaced_by_the_current_value(store: MemoryReadIndex) -> None:
    """A year inside the ended interval answers the ended claim; a year before every
    interval abstains naming it (the current value is not offered for a past year)."""
    assert ids(ask(store, "Where did Noor Haddad work in 2018?")) == ["quillon"]
    d = ask(store, "Did Noor Haddad work at Quillon Foods in 2010?")
    assert (d.status, d.reason, d.ungrounded_term) == ("abstained", "no_valid_claim", "2010")


@pytest.mark.parametrize(("question", "want"), [
    ("where is the company Noor Haddad used to work for headquartered?", ["quillon", "qhq"]),
    ("where is the company Noor Haddad worked for in 2018 based?", ["quillon", "qhq"]),
    ("where is Noor Haddad's former employer based?", ["quillon", "qhq"]),
    ("where was Noor Haddad's previous employer based?", ["quillon", "qhq"]),
    ("where is Noor Haddad's employer based?", ["marrow", "mhq"]),
    ("where is the company Noor Haddad works for based?", ["marrow", "mhq"]),
])  # fmt: skip
def test_a_time_inside_a_hop_is_the_hops_own(store: MemoryReadIndex, question: str, want: list[str]) -> None:
    """ "used to", "former", "in 2018" inside the clause pick the earlier employer; the
    rest of the question is asked now. Without them the current employer answers."""
    d = ask(store, question)
    assert d.status == "answered" and ids(d) == want, d.text


def test_a_former_party_that_was_never_replaced_abstains(store: MemoryReadIndex) -> None:
    """Piet's residence ended with nothing after it, and he never had an employer: a
    former employer has no earlier value to give."""
    d = ask(store, "where is Piet Vos's former employer based?")
    assert d.status == "abstained", d.text


def test_the_value_that_replaced_it_may_be_worded_another_way(store: MemoryReadIndex) -> None:
    """ "lives in Maribor" ended and "moved to Ljubljana" followed: another predicate,
    the same slot (where she lives), so the move answers "still in Maribor?"; Piet's
    ended residence has no such successor and his coaching claim is no residence."""
    d = ask(store, "is kaja novak still in Maribor?")
    assert d.status == "answered" and ids(d) == ["ljubljana"], d.text
    assert ask(store, "is piet vos still in Utrecht?").status == "abstained"
