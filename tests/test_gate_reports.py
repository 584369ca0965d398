"""Reports read in depth: nested speakers, a condition inside a report, speakers named
with combining diacritics or a role before the name, a trailing "X said on Tuesday",
conditions on a noun phrase ("subject to approval"), and apology-style corrections.

Each case pairs a claim the gate must refuse with one it must admit. Examples are our
own (chat, email, news); names are invented.
"""

from __future__ import annotations

import unicodedata

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    # A speaker written with decomposed diacritics is still a speaker.
    (
        "modality_dropped",
        unicodedata.normalize("NFD", "my landlady Ṣadé Ọ̀kọ́ reckons the Ìbàdàn flat will be sold by June"),
        unicodedata.normalize("NFD", "The Ìbàdàn flat will be sold by June."),
        unicodedata.normalize("NFD", "Ṣadé Ọ̀kọ́ thinks the Ìbàdàn flat will be sold by June."),
    ),
    # A role before the name: "chief engineer Tove Lind said ..." is Tove Lind's report.
    (
        "modality_dropped",
        "Harbor Rail will close the Ostby line in May, chief engineer Tove Lind said on Monday.",
        "Harbor Rail will close the Ostby line in May.",
        "Tove Lind said Harbor Rail will close the Ostby line in May.",
    ),
    # A condition inside a report: the attributed claim must keep both.
    (
        "modality_dropped",
        "Per Ilse Varga, Kestrel Mills will hire 40 weavers if the grant comes through.",
        "According to Ilse Varga, Kestrel Mills will hire 40 weavers.",
        "According to Ilse Varga, Kestrel Mills will hire 40 weavers if the grant comes through.",
    ),
    # Nested reports: each speaker is a frame.
    (
        "modality_dropped",
        "Bruno Salas says Marta Quell told him the depot moves to Tarn in autumn.",
        "Bruno Salas says the depot moves to Tarn in autumn.",
        "Bruno Salas says Marta Quell told him the depot moves to Tarn in autumn.",
    ),
    # A condition on a noun phrase opening the last piece.
    (
        "modality_dropped",
        "Petra Holm will take over the Vesk clinic in April, subject to board approval.",
        "Petra Holm will take over the Vesk clinic in April.",
        "Petra Holm will take over the Vesk clinic in April, subject to board approval.",
    ),
    (
        "modality_dropped",
        "Orrin Bay Foods will open a plant in Sallow, pending a planning decision.",
        "Orrin Bay Foods will open a plant in Sallow.",
        "Orrin Bay Foods will open a plant in Sallow, pending a planning decision.",
    ),
    # Apology-style corrections: the retracted value is refused by name, the corrected
    # one admitted; a retracted day of a date is a changed date.
    (
        "temporal_shifted",
        "hi, Nils Ekberg here. I'm away 3-7 August — sorry, typo, I'm away 3-10 August",
        "Nils Ekberg is away from 3 to 7 August.",
        "Nils Ekberg is away from 3 to 10 August.",
    ),
    (
        "numeral_invented",
        "Greta Lund is in room 31 — oops, my bad, room 13.",
        "Greta Lund is in room 31.",
        "Greta Lund is in room 13.",
    ),
    # A correction on the next line takes back the value on the line before.
    (
        "numeral_invented",
        "Hi team,\nThe Kessel audit is in room 41.\nCorrection: room 44.",
        "The Kessel audit is in room 41.",
        "The Kessel audit is in room 44.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_refused_and_admitted(code: str, evidence: str, refused: str, admitted: str) -> None:
    """The near-miss is refused with its reason; the faithful claim is admitted."""
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT" and no.refusal is not None, no
    assert no.refusal.code == code, no.refusal
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal


def test_an_apology_is_not_a_correction() -> None:
    """ "sorry, I can't make it" takes nothing back: the date before it still stands."""
    ev = "Lars Brun's review is on 4 March 2025. Sorry, I can't make it that week."
    assert decide_write("Lars Brun's review is on 4 March 2025.", ev).verdict in ADMIT


def test_a_predicate_subject_to_is_no_condition() -> None:
    """Inside a clause "is subject to" is what is said, not a condition on it."""
    ev = "The Vesk clinic is subject to a rates review, Petra Holm said."
    d = decide_write("Petra Holm said the Vesk clinic is subject to a rates review.", ev)
    assert d.verdict in ADMIT, d.refusal


def test_a_retracted_number_written_again_elsewhere() -> None:
    """The retracted room is still named, but only as what is being repainted."""
    ev = "- Ines Aalto's workshop moved to room 22 — correction: room 24, room 22 is being rewired."
    no = decide_write("Ines Aalto's workshop moved to room 22.", ev)
    assert no.refusal is not None and no.refusal.code == "numeral_invented", no
    assert decide_write("Ines Aalto's workshop moved to room 24.", ev).verdict in ADMIT
