"""Calendar words as chat and notes abbreviate them ("thurs", "end of aug", "Tue 4 Mar").

Each admitted claim is paired with a near miss over the same evidence; abbreviations that
are also words ("sat", "wed", "mar", "jan") count as a month only beside a day or a year.
Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.numbers import dated_months

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim)
PAIRS = [
    (
        "ok so the review w/ Halden Copper is moved to thurs 10am",
        "The review with Halden Copper was moved to Thursday.",
        "The review with Halden Copper was moved to Friday.",
    ),
    (
        "Efi Maro's boat is in the Bosa marina till end of aug",
        "Efi Maro's boat is in the Bosa marina until the end of August.",
        "Efi Maro's boat is in the Bosa marina until the end of July.",
    ),
    (
        "Efi Maro arrives on Tue 4 Mar.",
        "Efi Maro arrives on Tuesday 4 March.",
        "Efi Maro arrives on Tuesday 4 April.",
    ),
    ("Efi Maro arrives Jan 12.", "Efi Maro arrives on 12 January.", "Efi Maro arrives on 12 June."),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_an_abbreviated_calendar_word_says_the_full_one(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


@pytest.mark.parametrize(
    ("evidence", "claim", "said"),
    [
        # a name and a count
        (
            "Efi Maro met Jan 12 times last year.",
            "Efi Maro met in January.",
            "Efi Maro met Jan 12 times last year.",
        ),
        (
            "Efi Maro sat on the board.",
            "Efi Maro sat on the board on Saturday.",
            "Efi Maro sat on the board.",
        ),
        (
            "Efi Maro wed Tomas in the spring.",
            "Efi Maro married on Wednesday.",
            "Efi Maro married Tomas in the spring.",
        ),
    ],
)
def test_a_word_that_is_also_an_abbreviation_is_no_date(evidence: str, claim: str, said: str) -> None:
    assert decide_write(claim, evidence).verdict not in ADMIT
    assert decide_write(said, evidence).verdict in ADMIT  # the evidence is read, not refused whole


def test_dated_months_reads_a_month_only_beside_a_day_or_a_year() -> None:
    assert dated_months("on Tue 4 Mar.") == {3}
    assert dated_months("Sept 2024 and 4th Oct") == {9, 10}
    assert dated_months("met Jan 12 times") == frozenset()
    assert dated_months("will mar the show") == frozenset()


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (
            "lol Giorgi Beridze sold his old golf to his cousin for 3k lari",
            "Giorgi Beridze sold his old golf for 3,000 lari.",
            "Giorgi Beridze sold his old golf for 4,000 lari.",
        ),
        (
            "Giorgi Beridze walked 10k steps today.",
            "Giorgi Beridze walked 10,000 steps today.",
            "Giorgi Beridze walked 1,000 steps today.",
        ),
    ],
)
def test_a_k_written_onto_a_number_is_a_thousand(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_5k_run_is_a_distance() -> None:
    assert (
        decide_write("Giorgi Beridze ran a 5,000 race.", "Giorgi Beridze ran a 5k race.").verdict not in ADMIT
    )


def test_a_day_taken_back_goes_with_its_month() -> None:
    """ "Thursday 14 May ... Correction: Wednesday 13 May": blanking only "14" left "May" to be
    read as the modal."""
    evidence = (
        "Hi all,\nThe Gusau depot will be closed on Thursday 14 May for stocktaking. "
        "Correction: Wednesday 13 May, as Thursday is the delivery day.\nThanks, Tijjani"
    )
    assert decide_write("The Gusau depot will be closed on Wednesday 13 May.", evidence).verdict in ADMIT
    assert decide_write("The Gusau depot will be closed on Thursday 14 May.", evidence).verdict not in ADMIT


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (
            "bolaji's bro segun plays for the ede rugby club",
            "Bolaji's brother Segun plays for the Ede rugby club.",
            "Bolaji's sister Segun plays for the Ede rugby club.",
        ),
        (
            "Just saw Yemisi Ade. She's flying to Ondo for her dad's 70th.",
            "Yemisi Ade is flying to Ondo for her father's 70th.",
            "Yemisi Ade is flying to Ondo for her mother's 70th.",
        ),
    ],
)
def test_chat_shorthand_in_evidence_says_the_word(evidence: str, admitted: str, refused: str) -> None:
    """The read gate's shorthand table ("bro", "dad", "ppl") is the write gate's too."""
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_claim_phrase_says_the_term_the_evidence_has() -> None:
    """ "stepped down" is "resigned" in the claim as in the evidence; "joined" is not."""
    claim = "Mabon Llewellyn stepped down from the rugby club committee."
    assert decide_write(claim, "Mabon Llewellyn has resigned from the rugby club committee.").verdict in ADMIT
    assert decide_write(claim, "Mabon Llewellyn has joined the rugby club committee.").verdict not in ADMIT


@pytest.mark.parametrize(
    ("claim", "dated", "word"),
    [
        (
            "Orri Kjartansson drove to Hrafnsvík on Saturday 11 July.",
            "Posted by Orri Kjartansson: Drove to Hrafnsvík yesterday (Sat 11 July).",
            "Posted by Orri Kjartansson: Drove to Hrafnsvík yesterday and sat 11 hours in the car.",
        ),
        (
            "Tiago Braz plays padel every Sunday.",
            "Tiago Braz plays padel every sun.",
            "Tiago Braz plays padel every day in the sun.",
        ),
    ],
)
def test_a_weekday_abbreviation_that_is_a_word_is_the_day_only_where_a_date_stands(
    claim: str, dated: str, word: str
) -> None:
    """ "Sat 11 July", "every sun": the day; "sat 11 hours", "in the sun": the word."""
    assert decide_write(claim, dated).verdict in ADMIT
    assert decide_write(claim, word).verdict not in ADMIT
