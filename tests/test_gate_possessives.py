"""Write gate 3.93: whose it is, along a possessive chain and in a speaker's description.

"X's sister's job" says nothing of X's job; "her husband's card" (her: the caller) nothing
of the caller's card; "X's mother's train" is not said by "X: hey mum, train delayed";
and "X's mother" reporting is not X, nor X's father. Each case refuses one claim and admits
its neighbour over the same evidence. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from tests.gate_pairs import assert_pair

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    (
        "unknown_subject",
        "Ottilie Varga's sister's job was cut in March.",
        "Ottilie Varga's job was cut in March.",
        "Ottilie Varga's sister's job was cut in March.",
    ),
    (
        "unknown_subject",
        "Ticket #4411\nCaller: Maren Holtby\nIssue: her husband's card was charged twice for one order.",
        "Maren Holtby's card was charged twice for one order.",
        "Maren Holtby's husband's card was charged twice for one order.",
    ),
    (
        "unknown_subject",
        "[SMS] Edda Lindqvist, 18:40: hey mum train delayed again, wont get to Arlen till 9",
        "Edda Lindqvist's mother's train to Arlen is delayed.",
        "Edda Lindqvist's train to Arlen is delayed.",
    ),
    (
        "asserts_more_than_evidence",
        "Clinic note: Ilse Brandvold, 6.\nAccompanied by her father.\nFather reports a cough for ten days.",
        "Ilse Brandvold's mother reports that Ilse has had a cough for ten days.",
        "Ilse Brandvold's father reports a cough for ten days.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)
