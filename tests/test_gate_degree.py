"""A CV's degree line says what its holder studied, and where.

Each admitted claim is paired with a near miss over the same profile: another field,
another year, a degree line under a sentence about two people. Examples are our own;
names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_degree import degree_readings

ADMIT = ("ACCEPT", "RESCUE")
CV = (
    "Nerea Arrizabalaga — process engineer, Izarraitz Bearings, Durango (2016–present); "
    "BEng Industrial Engineering, University of Deusto (2012–2016)."
)
STUDIED = "Nerea Arrizabalaga studied industrial engineering at the University of Deusto"
PHARMACIST = "Titilayo Akinwande — community pharmacist, Osogbo. BPharm, Osun Bell University (2011)."


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (
            CV,
            "Nerea Arrizabalaga studied industrial engineering at the University of Deusto.",
            "Nerea Arrizabalaga studied chemistry at the University of Deusto.",
        ),
        (
            CV,
            f"{STUDIED} from 2012 to 2016.",
            f"{STUDIED} from 2013 to 2016.",
        ),
        (
            PHARMACIST,
            "Titilayo Akinwande studied pharmacy at Osun Bell University.",
            "Titilayo Akinwande studied law at Osun Bell University.",
        ),
    ],
)
def test_a_degree_line_says_what_was_studied_where(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_degree_after_a_sentence_is_nobodys() -> None:
    evidence = "Ona Vaitkė met Austėja Paulauskaitė. MSc, Kaunas University of Technology."
    assert degree_readings(evidence) == []
    assert decide_write("Ona Vaitkė met Austėja Paulauskaitė.", evidence).verdict in ADMIT
    assert (
        decide_write("Ona Vaitkė studied at Kaunas University of Technology.", evidence).verdict not in ADMIT
    )


def test_a_school_named_in_its_own_language() -> None:
    cv = "Inês Raposo — CV\n2014–2018 BSc Marine Biology, Universidade dos Açores, Ponta Delgada"
    studied = "Inês Raposo studied marine biology at the Universidade dos Açores."
    assert decide_write(studied, cv).verdict in ADMIT
    assert decide_write("Inês Raposo studied law at the Universidade dos Açores.", cv).verdict not in ADMIT
