"""A second chat-register store for the recall tests of slot words, hops and chat shorthand.

Names and facts are this file's own (no corpus's). Claims are indexed with the write
gate's own shapes, supersession applied, so each answered question and its abstaining
near-miss see the same claims.
"""

from __future__ import annotations

from chat_store import index_of

from affidavit.gates.contracts import ReadDecision
from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex

AT = "2025-06-01"

CLAIMS: tuple[tuple[str, str, str | None], ...] = (
    ("grew", "Marta Quell grew up in Lubin.", None),
    ("rep", "Marta Quell reports to Dorota Wilk.", None),
    ("stake", "Marta Quell owns 30% of Fennick Roasters.", None),
    ("ecz", "Marta Quell has eczema.", None),
    ("collie", "Marta Quell has a border collie called Figa.", None),
    ("staff", "Fennick Roasters employs 45 people.", None),
    ("makes", "Fennick Roasters makes cold brew concentrate.", None),
    ("bought", "Fennick Roasters bought Pella Mills in 2021.", None),
    ("pella", "Pella Mills is based in Gdynia.", None),
    ("ceo", "Dorota Wilk is the chief executive of Fennick Roasters.", None),
    ("job", "Jonas Ekberg is a data engineer at Fennick Roasters.", None),
    ("diag", "Jonas Ekberg was diagnosed with asthma in 2015.", None),
    ("lent", "Jonas Ekberg lent his kayak to Ewa Lind.", None),
    ("lessons", "Jonas Ekberg gives cello lessons.", None),
    ("allergic", "Jonas Ekberg is allergic to hazelnuts.", None),
    ("takes", "Ewa Lind takes pottery lessons.", None),
    ("cat", "Ewa Lind has a cat.", None),
    ("gdansk", "Ewa Lind lives in Gdansk.", None),
    ("bike", "Ewa Lind works as a courier in Gdansk.", None),
    ("nora", "Ewa Lind plays the part of Nora in a local play.", None),
    ("zumbalo", "Olek Brzoza plays the zumbalo.", None),  # a word no lexicon knows
    ("palant", "Anka Sowa plays palant for Sopot.", None),  # a game no lexicon knows
    ("under", "Olek Brzoza works under Dorota Wilk.", None),
    ("visby", "Jonas Ekberg is from Visby.", None),
    ("wicket", "Piotr Mazur keeps wicket for Sopot Cricket Club.", None),
)


def build() -> MemoryReadIndex:
    return index_of(CLAIMS)


def ask(index: MemoryReadIndex, question: str) -> ReadDecision:
    return decide_read(question, index, at=AT)


def ids(decision: ReadDecision) -> list[str]:
    return [c.claim_id for c in decision.claims]
