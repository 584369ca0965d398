"""Read gate 3.26: the questions people type about jobs, and names of four words and more.

Found by scoring the recall corpora: "what does kagiso molefe do for work" abstained
naming "work" where "... do for a living" answered; "what does distilerie cjamp di sot
make" abstained because a typed name of four words was never looked up; "what does Checo
do for a living" did not read "owns the Pan di Cjase bakery" as a job. Asking these in
more words also answered claims that name no job now ("was a teacher", "is a PhD
student", "trained as a nurse", "a beekeeper in her spare time"): the occupation reading
now refuses them, whichever way the question is put. Each answered question is paired
with a near miss over the same store that abstains. Names are invented.
"""

from __future__ import annotations

import pytest
from chat_store import assert_pair, index_of

from affidavit.gates.read import decide_read
from affidavit.gates.read_ended import ENDED, stated_end

AT = "2026-11-01"

CLAIMS: tuple[tuple[str | None, ...], ...] = (
    ("pilot", "Kadi Mollel is an airline pilot.", None),
    ("grappa", "Distilerie Valmor di Sopra makes grappa in Borgo Lant.", None),
    ("bakery", "Ciro Tamm owns the Pan di Lant bakery in Borgo Lant.", None),
    ("boat", "Ivo Sarr owns a fishing boat.", None),
    ("motors", "Ivo Sarr owns Sarr Motors.", None),
    ("shares", "Ivo Sarr owns shares in a bakery.", None),
    ("was", "Rhea Quint was a teacher.", None),
    ("years", "Oda Brek was a nurse from 2010 to 2019.", None),
    ("student", "Pema Lodro is a PhD student.", None),
    ("trained", "Sefa Ongo trained as a nurse.", None),
    ("spare", "Noa Vell is a beekeeper in her spare time.", None),
    ("former", "Tova Rask is a former nurse who now volunteers at the food bank.", None),
    ("member", "Tova Rask is a member of the Harlow Rotary Club.", None),
)


@pytest.fixture(scope="module")
def index():  # type: ignore[no-untyped-def]
    return index_of(CLAIMS)


@pytest.mark.parametrize(("question", "want", "miss"), [
    # "for work", "for a job", "for money" after the main verb "do" ask for a job
    ("what does kadi mollel do for work", ["pilot"], "what does kadi mollel do for fun"),
    ("What does Kadi Mollel do for a job?", ["pilot"], "Where does Kadi Mollel go for work?"),
    # a typed name of four words is looked up whole
    ("what does distilerie valmor di sopra make", ["grappa"], "what does distilerie valmor di sotto make"),
    # owning a kind of establishment is a job; owning anything else is not
    ("what does ciro tamm do for a living", ["bakery"], "what does ivo sarr do for a living"),
    # a state said in the past answers a question in the past, never one about now
    ("What did Rhea Quint do for work?", ["was"], "What does Rhea Quint do for work?"),
    ("What was Oda Brek's job in 2015?", ["years"], "What is Oda Brek's job?"),
])  # fmt: skip
def test_job_questions_answer_and_their_near_misses_abstain(
    index,
    question: str,
    want: list[str],  # type: ignore[no-untyped-def]
    miss: str,
) -> None:
    assert_pair(index, question, want, miss, AT)


@pytest.mark.parametrize("who", ["Pema Lodro", "Sefa Ongo", "Noa Vell", "Ivo Sarr"])
@pytest.mark.parametrize(
    "asked", ["What does {} do?", "What does {} do for work?", "What does {} do for a living?"]
)
def test_no_job_is_read_where_the_claim_names_none(index, who: str, asked: str) -> None:  # type: ignore[no-untyped-def]
    d = decide_read(asked.format(who), index, at=AT)
    assert d.status == "abstained", d.text


def test_a_former_job_is_not_the_job_and_a_membership_is_none(index) -> None:  # type: ignore[no-untyped-def]
    # Tova's two claims: a former job with what she does now unpaid, and a club membership.
    d = decide_read("What does Tova Rask do for work?", index, at=AT)
    assert d.status == "abstained", d.text
    # The control over the same store: what she is a member of is answered.
    c = decide_read("What club is Tova Rask a member of?", index, at=AT)
    assert c.status == "answered" and [x.claim_id for x in c.claims] == ["member"], c.text


@pytest.mark.parametrize(("text", "subject", "end"), [
    ("Rhea Quint was a teacher.", "Rhea Quint", ENDED),
    ("Rhea Quint were the owners of Brix.", "Rhea Quint", ENDED),
    ("Rhea Quint worked as a guide.", "Rhea Quint", ENDED),
    ("Oda Brek was a nurse from 2010 to 2019.", "Oda Brek", "2019-12-31"),
    ("Oda Brek lived in Leeds from March 2010 until May 2019.", "Oda Brek", "2019-05-31"),
    # no end: an event in the past, a state now, a weekly span, the state said again now
    ("Rhea Quint was born in 1990.", "Rhea Quint", None),
    ("Rhea Quint is a teacher.", "Rhea Quint", None),
    ("Rhea Quint works at Brix from Monday to Friday.", "Rhea Quint", None),
    ("Rhea Quint was the mayor of Oslo and still is.", "Rhea Quint", None),
])  # fmt: skip
def test_the_end_a_claim_states(text: str, subject: str, end: str | None) -> None:
    assert stated_end(text, subject) == end
