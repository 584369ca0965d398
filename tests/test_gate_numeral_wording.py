"""A refused number is called absent only when the evidence does not write it anywhere.

The checks compare a claim with the passage that states the rest of it; a number written
elsewhere in the evidence is unplaced, not invented, and the refusal says so (each case
pairs with its control: the same claim over evidence that lacks the number).
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

CASES = [
    # (claim, evidence that writes the number elsewhere, evidence that lacks it)
    (
        "Dorota Wilk keeps 250 goats.",
        "Dorota Wilk keeps goats near Opole. The cooperative there counts 250 members.",
        "Dorota Wilk keeps goats near Opole. The cooperative there counts many members.",
    ),
    (
        "Dorota Wilk sold her farm in 2019.",
        "Dorota Wilk sold her farm. Her cousin moved to Opole in 2019.",
        "Dorota Wilk sold her farm. Her cousin moved to Opole in 2017.",
    ),
]


@pytest.mark.parametrize(("claim", "elsewhere", "absent"), CASES)
def test_unplaced_number_is_named_as_in_the_evidence(claim: str, elsewhere: str, absent: str) -> None:
    placed = decide_write(claim, elsewhere)
    missing = decide_write(claim, absent)
    assert placed.verdict == missing.verdict == "REJECT"
    assert placed.refusal is not None and missing.refusal is not None
    assert placed.refusal.code == "numeral_invented"
    assert "is in the evidence, but not in a passage" in placed.refusal.detail
    assert "subject" in placed.refusal.remedy
    assert "is not in the evidence" not in placed.refusal.detail
    # the control: nothing in the evidence writes it, and the refusal says so
    assert missing.refusal.code in ("numeral_invented", "temporal_shifted")
    assert "is in the evidence" not in missing.refusal.detail


def test_a_supported_number_is_admitted_over_the_same_words() -> None:
    # the positive: the same claim admitted once the number sits in its passage
    ok = decide_write("Dorota Wilk keeps 250 goats.", "Dorota Wilk keeps 250 goats near Opole.")
    assert ok.verdict == "ACCEPT"
