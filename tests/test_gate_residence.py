"""Where someone lives, from a move or a home address the evidence states.

Each admitted claim is paired with a near miss over the same evidence: the town moved from,
another town of the text, a move followed by another, a stay for a while, a move still to
come, a move reported or denied. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")
MOVED = "Hi, update my details pls: I moved from Crickhowell to 3 Ffordd yr Orsaf, Llanrwst.\nIolo Harries"
RECORD = "Staff record: Stelios Zavros. Home address: 7 Odos Linou, Omodos. Drives to the Agros plant daily."


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (MOVED, "Iolo Harries lives in Llanrwst.", "Iolo Harries lives in Crickhowell."),
        (RECORD, "Stelios Zavros lives in Omodos.", "Stelios Zavros lives in Agros."),
        (
            "New address from 1 July: Folake Ogunleye, 14 Gbongan Road, Osogbo.",
            "Folake Ogunleye lives in Osogbo.",
            "Folake Ogunleye lives in Ibadan.",
        ),
        (  # a time after the town ("at the start of ..."); a particle inside its name
            "I moved from Ploiești to Gura de Sus at the start of May 2023.\n\nIlinca Voicu",
            "Ilinca Voicu lives in Gura de Sus.",
            "Ilinca Voicu lives in Ploiești.",
        ),
    ],
)
def test_a_move_or_a_home_address_says_where_someone_lives(
    evidence: str, admitted: str, refused: str
) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


@pytest.mark.parametrize(
    "evidence",
    [
        "Giedrė Jankauskaitė moved to Kaunas in 2010, then to Vilnius in 2015.",
        "Giedrė Jankauskaitė moved to Kaunas for a year.",
        "Giedrė Jankauskaitė is moving to Kaunas next month.",
        "Ola Berg says Giedrė Jankauskaitė moved to Kaunas.",
        "Giedrė Jankauskaitė never moved to Kaunas.",
    ],
)
def test_a_move_that_does_not_settle_says_nothing_of_home(evidence: str) -> None:
    assert decide_write("Giedrė Jankauskaitė lives in Kaunas.", evidence).verdict not in ADMIT
    assert decide_write(evidence, evidence).verdict in ADMIT  # what it does say is read
    settled = "Giedrė Jankauskaitė moved to Kaunas."
    assert decide_write("Giedrė Jankauskaitė lives in Kaunas.", settled).verdict in ADMIT  # the control
