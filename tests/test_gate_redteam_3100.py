"""Write gate 3.107 on: the red team's false admissions of the 3.90-3.100 readings.

Whose speaker it is: "my mother" names no owner the claim can name, unless the evidence
names the one who writes "my" (3.107). Each case refuses the red team's claim with its
code and admits its neighbour over the same evidence. Examples are our own; names are
invented.
"""

from __future__ import annotations

import pytest

from tests.gate_pairs import assert_pair

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
