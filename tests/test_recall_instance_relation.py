"""A category asked of a claim's instance is answered only when the claim relates them so.

"What medication is Ada taking?" is not answered by "Ada is allergic to penicillin":
penicillin is a medication, but the claim says she reacts to it, not that she takes it. A
word the question demands itself ("allergic", "teach") or one of the asked frame's light
verbs ("take", "have", "be on") must carry the relation. Each abstention is paired with an
answer over the same store. Names and facts are this file's own.
"""

from __future__ import annotations

import pytest
from chat_store import index_of

from affidavit.gates.read import decide_read

AT = "2025-06-01"
STORE = index_of((
    ("pen", "Ada Lund is allergic to penicillin.", None),
    ("met", "Bo Lind takes metformin.", None),
    ("war", "Cy Moe is on warfarin.", None),
    ("vio", "Di Ek teaches violin in Rabat.", None),
    ("ast", "Ed Ro has asthma.", None),
))


@pytest.mark.parametrize(
    ("question", "want"),
    [
        ("what medication does bo lind take", "met"),
        ("what medication is cy moe on", "war"),
        ("what is ada lund allergic to", "pen"),
        ("what medication is ada lund allergic to", "pen"),
        ("which instrument does di ek teach", "vio"),
        ("what condition does ed ro have", "ast"),
    ],
)
def test_the_relation_asked_answers(question: str, want: str) -> None:
    decision = decide_read(question, STORE, at=AT)
    assert [c.claim_id for c in decision.claims] == [want], decision.text


@pytest.mark.parametrize(
    ("question", "term"),
    [("what medication is ada lund taking", "medication"), ("what drugs does ada lund take", "drugs")],
)
def test_an_instance_under_another_relation_abstains(question: str, term: str) -> None:
    decision = decide_read(question, STORE, at=AT)
    assert decision.status == "abstained" and decision.claims == ()
    assert decision.ungrounded_term == term
