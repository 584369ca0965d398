"""Roles read from word order around the claim's verb, for parties that are not names.

"The Tarn help desk will be trained by Ilse Varga" supports "Ilse Varga will train the
Tarn help desk", not "The Tarn help desk will train Ilse Varga". A speaker line ("Ana
here - I'm collecting Tove") and a reduced passive ("..., supervised by Prof. X") are
read the same way. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim)
PAIRS = [
    (
        "Hi all,\nFrom May the Tarn help desk will be trained by Ilse Varga, who ran it in Oslo.\nBest, Per",
        "Ilse Varga will train the Tarn help desk.",
        "The Tarn help desk will train Ilse Varga.",
    ),
    (
        "Harbour Trust Bank has lent £4 million to the Kelby district council for flood works.",
        "Harbour Trust Bank lent £4 million to the Kelby district council.",
        "The Kelby district council lent £4 million to Harbour Trust Bank.",
    ),
    (
        "Ines Aalto — PhD in hydrology, Vesk University (2019), supervised by Prof. Rune Dahl.",
        "Rune Dahl supervised Ines Aalto's PhD.",
        "Ines Aalto supervised Rune Dahl's PhD.",
    ),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_order_of_roles(evidence: str, admitted: str, refused: str) -> None:
    """The roles kept are admitted; the roles swapped are relation_transposed."""
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT" and no.refusal is not None, no
    assert no.refusal.code == "relation_transposed", no.refusal


def test_speaker_line_first_person() -> None:
    """ "Ana Sorel here - I'm collecting Tove Lind": Ana collects, Tove is collected."""
    ev = "Ana Sorel here — I'm collecting Tove Lind at the station tonight, her train is late"
    no = decide_write("Tove Lind is collecting Ana Sorel at the station.", ev)
    assert no.verdict == "REJECT" and no.refusal is not None and no.refusal.code == "relation_transposed", no


def test_a_second_use_with_the_claims_roles_is_enough() -> None:
    """ "Ana hired Tom, who later hired Bea": one use of the verb has Tom acting."""
    ev = "Ana Sorel hired Tom Kask in 2019, who later hired Bea Lund."
    assert decide_write("Tom Kask hired Bea Lund.", ev).verdict in ADMIT


def test_a_by_phrase_of_time_is_no_agent() -> None:
    """ "signed the lease by Friday": Friday did not sign anything."""
    ev = "Ana Sorel signed the Vesk lease by Friday."
    assert decide_write("Ana Sorel signed the Vesk lease.", ev).verdict in ADMIT


def test_an_elided_subject_report_is_hearsay() -> None:
    """A note's "Reports he stopped ..." is the patient's report, not a finding."""
    ev = "Patient: Rune Dahl, 58. Reports he stopped taking amlodipine in March. BP 150/90."
    no = decide_write("Rune Dahl stopped taking amlodipine in March.", ev)
    assert no.verdict == "REJECT" and no.refusal is not None and no.refusal.code == "modality_dropped", no
