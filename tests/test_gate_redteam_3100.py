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
    # A post in the possessive before another noun ("the chair's spokeswoman") is the post
    # of someone else, the one that noun relates the name to (3.110).
    (
        "asserts_more_than_evidence",
        "The depot will close, the Kobo Foods chief executive's lawyer, Ysolde Marrack, said.",
        "Ysolde Marrack is the chief executive of Kobo Foods.",
        "Ysolde Marrack is the Kobo Foods chief executive's lawyer.",
    ),
    (
        "asserts_more_than_evidence",
        "The bridge will reopen, the Orrin mayor's chief of staff, Ysolde Marrack, said.",
        "Ysolde Marrack is the mayor of Orrin.",
        "Ysolde Marrack said the bridge will reopen.",
    ),
    (
        "asserts_more_than_evidence",
        "Ysolde Marrack is the Amandla Trust chair's spokeswoman.",
        "Ysolde Marrack is the Amandla Trust chair.",
        "Ysolde Marrack is the Amandla Trust chair's spokeswoman.",
    ),
    (
        "modality_dropped",
        "The trust will sell the farm, the Amandla Trust chair's spokeswoman, Ysolde Marrack, said.",
        "Ysolde Marrack is the chair of the Amandla Trust.",
        "Ysolde Marrack said the trust will sell the farm.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)


def test_a_post_owned_by_a_name_is_still_the_names() -> None:
    """An organisation in the possessive owns the post that follows ("Kobo Foods' chief
    executive, Ysolde Marrack, said"): the post is the name's."""
    evidence = "The depot will close, Kobo Foods' chief executive, Ysolde Marrack, said."
    assert decide_write("Ysolde Marrack is the chief executive of Kobo Foods.", evidence).verdict in ADMIT


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
