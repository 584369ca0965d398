"""Read gate 3.28: "whose landlord is Xana?" asks the relation from Xana's side; a denied
claim answers no value.

Found on two corpora ("whose landlord is xana riestra", "whose landlord is maire
parnapuu" abstained naming "landlord"): the noun after "whose" is the named entity's
relation to someone, so the frame asked is its converse (landlord -> tenant, boss ->
reports, employer -> staff, owner -> owned), read off the frames table by swapping each
pattern's sides. Each answered question is paired with a near miss over the same store
that abstains. Names are invented.
"""

from __future__ import annotations

import pytest
from chat_store import assert_pair, index_of

from affidavit.gates.read_frames import CONVERSE_FRAMES
from affidavit.gates.read_index import MemoryReadIndex
from affidavit.gates.read_modality import states_denial

AT = "2026-11-01"

CLAIMS: tuple[tuple[str | None, ...], ...] = (
    ("rents", "Xuaco Llamazares rents his flat from Xana Riestra.", None),
    ("noun", "Pelayo Fonseca is Maren Aas's landlord.", None),
    ("of", "Ola Brun is the manager of Sam Reed.", None),
    ("former", "Eli Sand is Tor Vik's former boss.", None),
    ("reports", "Lena Moss reports to Ivan Petrov.", None),
    ("employs", "Brix Ltd employs Tom Hale.", None),
)


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return index_of(CLAIMS)


@pytest.mark.parametrize(("question", "want", "miss"), [
    ("whose landlord is xana riestra", ["rents"], "whose landlord is xuaco llamazares"),
    ("whose tenant is Xuaco Llamazares?", ["rents"], "whose tenant is Xana Riestra?"),
    ("whose boss is Ivan Petrov?", ["reports"], "whose boss is Lena Moss?"),
    ("whose employer is Brix Ltd?", ["employs"], "whose employer is Tom Hale?"),
    # a relation noun answers only in the direction its sentence gives (since 3.29)
    ("whose landlord is Pelayo Fonseca?", ["noun"], "whose landlord is Maren Aas?"),
    ("whose manager is Ola Brun?", ["of"], "whose manager is Sam Reed?"),
    ("whose tenant is Maren Aas?", ["noun"], "whose boss is Eli Sand?"),
    # the plain forms are unchanged
    ("who is Xuaco Llamazares's landlord?", ["rents"], "who is Xana Riestra's landlord?"),
])  # fmt: skip
def test_whose_reads_the_other_side(
    store: MemoryReadIndex, question: str, want: list[str], miss: str
) -> None:
    assert_pair(store, question, want, miss, AT)


def test_each_converse_is_read_off_the_table() -> None:
    assert CONVERSE_FRAMES["landlord"] == "tenant" and CONVERSE_FRAMES["tenant"] == "landlord"
    assert CONVERSE_FRAMES["boss"] == "reports" and CONVERSE_FRAMES["reports"] == "boss"
    # a one-sided frame has none
    assert "residence" not in CONVERSE_FRAMES


# A denied claim says what is not so: it answers the yes-or-no question, never a value.
DENIED: tuple[tuple[str | None, ...], ...] = (
    ("not", "Lena Moss does not live in Oslo.", None),
    ("lives", "Ivo Sarr lives in Bergen.", None),
    ("never", "Xuaco Llamazares never rented from Xana Riestra.", None),
    ("until", "Uma Pell did not move to Oslo until 2019.", None),
)


@pytest.mark.parametrize(("question", "want", "miss"), [
    ("does lena moss live in oslo", ["not"], "where does lena moss live"),
    ("where does ivo sarr live", ["lives"], "who rents from xana riestra"),
    # "did not ... until" dates the move; it denies nothing
    ("where does uma pell live", ["until"], "whose landlord is xana riestra"),
])  # fmt: skip
def test_a_denied_claim_answers_no_value(question: str, want: list[str], miss: str) -> None:
    assert_pair(index_of(DENIED), question, want, miss, AT)


@pytest.mark.parametrize(("text", "denied"), [
    ("Lena Moss does not live in Oslo.", True),
    ("Lena Moss doesn't rent from Xana.", True),
    ("Lena Moss never rented from Xana.", True),
    ("Lena Moss refused to rent from Xana.", True),
    ("Lena Moss no longer works at Brix.", True),
    ("Lena Moss did not move to Oslo until 2019.", False),
    ("Lena Moss lives in Oslo.", False),
    ("Lena Moss is not only a nurse but a pilot.", True),  # read as denied: abstains, the safe side
])  # fmt: skip
def test_what_is_denied(text: str, denied: bool) -> None:
    assert states_denial(text, "Lena Moss") is denied
