"""Write gate 3.95: one end of a range is not the count.

"a team of 12-15 field staff" gives no "a team of 15 field staff"; the range itself, or a
bound that keeps it ("up to"), is what the evidence says. A score ("won 3-1") and a count
said again on its own are not ranges of what the claim counts. Each case refuses one claim
and admits another over the same evidence. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from tests.gate_pairs import ADMIT, assert_pair

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    (
        "numeral_invented",
        "BRUNO SAVIC\nField coordinator, 2018-2023\nManaged a team of 12-15 field staff across the province.",
        "Bruno Savic managed a team of 15 field staff.",
        "Bruno Savic managed a team of 12-15 field staff.",
    ),
    (
        "numeral_invented",
        "Ilka Brandt works between 12 and 15 hours a week at the Orrin depot.",
        "Ilka Brandt works 15 hours a week at the Orrin depot.",
        "Ilka Brandt works between 12 and 15 hours a week at the Orrin depot.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)


def test_a_score_or_a_count_said_on_its_own_is_no_range_end() -> None:
    score = "Orrin FC won 3-1 at home and scored 3 goals."
    assert decide_write("Orrin FC scored 3 goals.", score).verdict in ADMIT
    evidence = "Ilka Brandt works 12 to 15 hours a week; in May she worked 15 hours a week."
    assert decide_write("Ilka Brandt worked 15 hours a week in May.", evidence).verdict in ADMIT
