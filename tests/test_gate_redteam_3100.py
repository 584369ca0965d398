"""Write gate 3.108 on: the red team's false admissions of the 3.90-3.100 readings.

Whose speaker it is: "my mother" names no owner the claim can name, unless the evidence
names the one who writes "my" (3.108). What "X said" needs: a verb of saying, not a
trailing attitude ("..., the union hopes.", 3.109). Each case refuses the red team's claim
with its code and admits its neighbour over the same or a minimally different evidence.
Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from tests.gate_pairs import ADMIT, assert_pair

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    (
        "modality_dropped",
        "Tomas Vell: my mother says Ilse Brandvold has a fever",
        "Ilse Brandvold's mother says Ilse Brandvold has a fever.",
        "Tomas Vell's mother says Ilse Brandvold has a fever.",
    ),
    (
        "modality_dropped",
        "Tomas Vell (GP note): my doctor says Ilse Brandvold needs rest",
        "Ilse Brandvold's doctor says Ilse Brandvold needs rest.",
        "Tomas Vell's doctor says Ilse Brandvold needs rest.",
    ),
    (
        "modality_dropped",
        "My teacher says Ilse Brandvold has a fever.",
        "Ilse Brandvold's teacher says Ilse Brandvold has a fever.",
        "A teacher says Ilse Brandvold has a fever.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)


DEPOT = "Kobo Foods will close the Leeds depot"


@pytest.mark.parametrize(
    "attitude", ["the union hopes", "the union fears", "the union's hope", "the union's target"]
)
def test_a_trailing_attitude_is_not_a_saying(attitude: str) -> None:
    """Write gate 3.109: "X said ..." needs a verb of saying in the evidence's report; a
    trailing attitude ("..., the union hopes.") passes the clause on, but not as said."""
    d = decide_write(f"The union said {DEPOT}.", f"{DEPOT}, {attitude}.")
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "modality_dropped", d


@pytest.mark.parametrize("saying", ["the union said", "the union says", "the union claims"])
def test_a_trailing_saying_is_said(saying: str) -> None:
    """The same evidence with a verb of saying gives "The union said ..."."""
    assert decide_write(f"The union said {DEPOT}.", f"{DEPOT}, {saying}.").verdict in ADMIT
