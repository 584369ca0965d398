"""A signature block says where its signer works, and as what.

Each admitted claim is paired with a near miss over the same message: another person the
message names, another organisation it names, another department. Examples are our own;
names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_signature import signature_readings

ADMIT = ("ACCEPT", "RESCUE")
LETTER = (
    "Dear Ms Tupou,\nYour application for the Nukuʻalofa branch post has been shortlisted. "
    "Interviews with Lesieli Vaipulu of Fonua Freight are planned for 16 June.\n"
    "Kind regards,\nMele Fifita\nHR, Kalia Savings & Loans"
)
MEMO = (
    "Hi all,\nFrom Monday the Liepāja warehouse will not accept deliveries after 4pm.\n"
    "Regards,\nIlze Kalniņa, Operations Manager\nDzintars Textiles"
)


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (LETTER, "Mele Fifita works in HR at Kalia Savings & Loans.",
         "Lesieli Vaipulu works in HR at Kalia Savings & Loans."),
        (LETTER, "Mele Fifita works at Kalia Savings & Loans.", "Mele Fifita works at Fonua Freight."),
        (LETTER, "Mele Fifita works in HR at Kalia Savings & Loans.",
         "Mele Fifita works in sales at Kalia Savings & Loans."),
        (MEMO, "Ilze Kalniņa is the operations manager at Dzintars Textiles.",
         "Ilze Kalniņa is the finance manager at Dzintars Textiles."),
    ],
)
def test_a_signature_says_where_its_signer_works(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_name_mid_message_is_no_signature() -> None:
    evidence = "Hi all,\nPlease welcome\nMele Fifita\nHR, Kalia Savings & Loans"
    assert signature_readings(evidence) == []  # "Please welcome" runs on: no sign-off above
    assert decide_write("Mele Fifita works in HR at Kalia Savings & Loans.", evidence).verdict not in ADMIT
    signed = evidence.replace("Please welcome", "Please welcome our new hire.\nBest,")
    assert decide_write("Mele Fifita works in HR at Kalia Savings & Loans.", signed).verdict in ADMIT
