"""A document's setting and a change of post read as what it results in.

Under "Lindby office meeting" the vote is on the Lindby policy; under "Harrow Rowing Club —
AGM minutes" the treasurer elected is the club's. "was promoted to head nurse" says she
became head nurse. Each admitted claim is paired with a near miss over the same evidence:
a setting name used as a party, another organisation, a title that is a sentence or an
agenda, a post nobody was given. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_result import result_readings
from affidavit.gates.write_setting import setting_names

ADMIT = ("ACCEPT", "RESCUE")
OFFICE = (
    "Lindby office meeting\nPresent: Kira Dahl, Egon Falk, Mira Lund\n"
    "Vote on the remote-work policy: all present voted in favour except Egon Falk, who abstained."
)
CLUB = (
    "Harrow Rowing Club - AGM minutes, Harrow\nPresent: 23 members. Chair: Olle Brink.\n"
    "The meeting elected Signe Wall treasurer (19 for, 4 abstentions)."
)


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (OFFICE, "Egon Falk abstained on the Lindby remote-work policy.",
         "Egon Falk abstained on the Lindby Bank remote-work policy."),
        (OFFICE, "Egon Falk abstained on the Lindby remote-work policy.", "Lindby abstained on the policy."),
        (CLUB, "Signe Wall became treasurer of Harrow Rowing Club.",
         "Signe Wall became treasurer of Harrow Sailing Club."),
        (CLUB, "Signe Wall became treasurer of Harrow Rowing Club.",
         "Olle Brink became treasurer of Harrow Rowing Club."),
        ("Nadia Holm was promoted to head nurse at Vale Clinic in January.",
         "Nadia Holm became head nurse at Vale Clinic in January.",
         "Nadia Holm became head nurse at Vale Clinic in March."),
        ("HR update: the contract of Per Ek was made permanent on 1 April.",
         "The contract of Per Ek became permanent on 1 April.", "The contract of Per Ek became temporary."),
    ],
)
def test_setting_and_result(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_title_must_be_a_title() -> None:
    claim = "Egon Falk abstained on the Lindby remote-work policy."
    titles = ("Lindby office meeting was cancelled", "Draft agenda: Lindby office meeting", "Hi Lindby team,")
    for title in titles:
        assert decide_write(claim, OFFICE.replace("Lindby office meeting", title)).verdict not in ADMIT
    assert setting_names("ARLO — The Arlo council voted on Monday.\nMore follows.") == ["Arlo"]


def test_what_a_result_reading_never_reads() -> None:
    for evidence in ("Nadia Holm was not promoted to head nurse.", "Nadia Holm was elected to the council.",
                     "The board may have named Nadia Holm chief executive.",
                     "Ola says the board named Nadia Holm chief executive.",
                     "If members elected Nadia Holm treasurer, she would resign."):
        assert result_readings(evidence) == []
    assert [r for _, _, r in result_readings("Nadia Holm was reportedly appointed CEO.")] == [
        "Nadia Holm reportedly became CEO."
    ]
    hedged = decide_write("Nadia Holm became CEO.", "Nadia Holm was reportedly appointed CEO.")
    assert hedged.verdict not in ADMIT
