"""Read gate 3.25: a claim its own words close is not returned as the current value.

"Lena Moss lived in Leeds until 2019" was stored with no end and answered "where does
Lena live now?"; "used to live in Bergen" answered "where does Tomas live?" beside the
claim of where he lives. Now such a claim holds only until the end its words give, and a
question in the past tense ("where did Lena live?") is asked of any time up to now, so
the ended value still answers it. Each answered question is paired with a near miss over
the same store that abstains. Names are invented.
"""

from __future__ import annotations

import pytest
from chat_store import assert_pair, ids, index_of

from affidavit.gates.read import decide_read
from affidavit.gates.read_ended import ENDED, stated_end
from affidavit.gates.read_index import MemoryReadIndex

AT = "2026-11-01"

CLAIMS: tuple[tuple[str | None, ...], ...] = (
    ("leeds", "Lena Moss lived in Leeds until 2019.", None),
    ("bergen", "Tomas Berg used to live in Bergen.", None),
    ("oslo", "Tomas Berg lives in Oslo.", None),
    ("teacher", "Ana Ruiz worked as a teacher until 2019.", None),
    ("tromso", "Eli Sand lives in Tromsø until 2031.", None),
    ("brix", "Ola Brun worked at Brix until March 2019.", None),
)

PAIRS = [
    ("ended, asked in the past", "where did lena moss live", ["leeds"], "where does lena moss live now"),
    ("ended, asked in its year", "where did lena moss live in 2019", ["leeds"],
     "where did lena moss live in 2021"),
    ("ended, asked in the present", "what did ana ruiz do for work", ["teacher"],
     "what does ana ruiz do for work"),
    ("an end to come", "where does eli sand live", ["tromso"], "where did eli sand live in 2032"),
    ("a month's end", "where did ola brun work in 2019", ["brix"], "where does ola brun work"),
    ("used to, the earlier value", "where did tomas berg live before he moved", ["bergen"],
     "where did eli sand live before she moved"),
]  # fmt: skip


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return index_of(CLAIMS)


@pytest.mark.parametrize(("kind", "question", "want", "miss"), PAIRS, ids=[p[0] for p in PAIRS])
def test_answered_and_its_near_miss_abstains(
    store: MemoryReadIndex, kind: str, question: str, want: list[str], miss: str
) -> None:
    assert_pair(store, question, want, miss, AT)


def test_used_to_is_not_the_current_value(store: MemoryReadIndex) -> None:
    now = decide_read("where does tomas berg live", store, at=AT)
    assert now.status == "answered" and ids(now) == ["oslo"], now.text
    ever = decide_read("where did tomas berg live", store, at=AT)
    assert ever.status == "answered" and sorted(ids(ever)) == ["bergen", "oslo"], ever.text


def test_an_end_stored_with_the_claim_is_not_overridden() -> None:
    # the stored interval decides when there is one: open until 2030 beats the words' 2019
    index = index_of((("kept", "Lena Moss lived in Leeds until 2019.", "2010-01-01", "2030-12-31"),))
    d = decide_read("where does lena moss live", index, at=AT)
    assert d.status == "answered" and ids(d) == ["kept"], d.text
    # the control: the same words stored with no interval are closed by them
    bare = index_of((("bare", "Lena Moss lived in Leeds until 2019.", None),))
    assert decide_read("where does lena moss live", bare, at=AT).status == "abstained"


@pytest.mark.parametrize(("text", "subject", "end"), [
    ("Lena Moss lived in Leeds until 2019.", "Lena Moss", "2019-12-31"),
    ("Lena lived in Leeds until March 2019.", "Lena", "2019-03-31"),
    ("Lena lived in Leeds till 12 May 2019.", "Lena", "2019-05-12"),
    ("Lena worked at Brix until the end of 2019.", "Lena", "2019-12-31"),
    ("Lena lives in Leeds until 2031.", "Lena", "2031-12-31"),
    ("Tomas used to live in Bergen.", "Tomas", ENDED),
    ("Tomas lived in Bergen until recently.", "Tomas", ENDED),
])  # fmt: skip
def test_stated_end(text: str, subject: str, end: str) -> None:
    assert stated_end(text, subject) == end


@pytest.mark.parametrize(("text", "subject"), [
    ("Lena worked at Brix until she retired.", "Lena"),  # no date: when is not known
    ("Lena no longer lives in Leeds.", "Lena"),  # a present fact, not an ended one
    ("Lena stays at the office until 3pm.", "Lena"),
    ("Lena lives in Leeds.", "Lena"),
    # the end is another clause's, or another party's
    ("Yara works at Brix, which was open until 2019.", "Yara"),
    ("Yara lives in Delft, where she studied until 2019.", "Yara"),
    ("Zed works at Harbor Labs and waited until 2019 to buy a car.", "Zed"),
    ("Jonah lives in Bergen in the house his grandmother used to own.", "Jonah"),
    ("Jonah got used to the cold in Tromsø.", "Jonah"),
    # the claim says it holds now too, or denies the stay it dates
    ("Kara lived in Leeds until 2019 and again since 2023.", "Kara"),
    ("Kara used to live in Bergen and still does.", "Kara"),
    ("Uma did not move to Oslo until 2019.", "Uma"),
])  # fmt: skip
def test_no_stated_end(text: str, subject: str) -> None:
    assert stated_end(text, subject) is None
