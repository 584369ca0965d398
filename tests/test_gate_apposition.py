"""What a news sentence says of a name in apposition: "Tuk Chhou Pepper, the Kampot-based
grower bought by Kirirom Agri Group in 2022, named ..." says where the grower is based and
who bought it; "Larnaca-based Xylotymbou Foods ..." says where Xylotymbou Foods is.

Each admitted claim is paired with a near miss over the same evidence (the other party, the
other year, a name the description does not describe, a description under a report or a
supposition). Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")
GROWER = (
    "KAMPOT, 8 January 2026 — Tuk Chhou Pepper, the Kampot-based grower bought by Kirirom Agri "
    "Group in 2022, named Chanthou Sorn as general manager from 1 January."
)
FERRY = (
    "MANDAUE, 5 August 2025 — Bacalso Shipping Lines, a unit of the Mandaue-headquartered Cabahug "
    "Group, will add a second boat to its Danao run in October."
)
DAIRY = "AGROS, 19 March 2024 — Larnaca-based Xylotymbou Foods completed its purchase of Pelendri Dairies."
MAKER = (
    "ANDOAIN, 9 May 2022 — Ernio Logistika has bought Aralar Sistemak, the Tolosa maker of payroll software."
)

# (evidence, admitted claim, refused claim)
PAIRS = [
    (
        GROWER,
        "Kirirom Agri Group bought Tuk Chhou Pepper in 2022.",
        "Tuk Chhou Pepper bought Kirirom Agri Group in 2022.",
    ),
    (
        GROWER,
        "Kirirom Agri Group bought Tuk Chhou Pepper in 2022.",
        "Kirirom Agri Group bought Tuk Chhou Pepper in 2021.",
    ),
    (GROWER, "Tuk Chhou Pepper is based in Kampot.", "Kirirom Agri Group is based in Kampot."),
    (
        FERRY,
        "Cabahug Group is headquartered in Mandaue.",
        "Bacalso Shipping Lines is headquartered in Mandaue.",
    ),
    (DAIRY, "Xylotymbou Foods is based in Larnaca.", "Pelendri Dairies is based in Larnaca."),
    (
        MAKER,
        "Aralar Sistemak is the Tolosa maker of payroll software.",
        "Ernio Logistika is the Tolosa maker of payroll software.",
    ),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_an_apposition_says_what_it_describes(evidence: str, admitted: str, refused: str) -> None:
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal
    assert yes.span is not None and evidence[yes.span[0] : yes.span[1]].rstrip(".") == evidence.rstrip(".")
    assert decide_write(refused, evidence).verdict not in ADMIT


@pytest.mark.parametrize(
    ("evidence", "framed"),
    [
        (
            "Ola Berg says Brix Foods, the Kerry-based dairy, is closing.",
            "Ola Berg says Brix Foods is closing.",
        ),
        (
            "Suppose Brix Foods, a Kerry-based dairy, closed its depot.",
            "Suppose Brix Foods closed its depot.",
        ),
        ("Is Brix Foods, the Kerry-based dairy, closing?", "Is Brix Foods, the Kerry-based dairy, closing?"),
    ],
)
def test_a_description_under_a_frame_is_not_stated(evidence: str, framed: str) -> None:
    assert decide_write("Brix Foods is based in Kerry.", evidence).verdict not in ADMIT
    assert decide_write(framed, evidence).verdict in ADMIT  # the claim that keeps the frame
    assert (
        decide_write(
            "Brix Foods is based in Kerry.", "Brix Foods, the Kerry-based dairy, is closing."
        ).verdict
        in ADMIT
    )  # the same description, unframed


PUMPS = "Madurai-based Vaigai Pumps, which makes submersible pumps, said the deal helps it sell to farms."
SPEAKER = (
    "Manana Tsereteli, Rioni Freight's chief executive, said the deal would secure supply for the wineries."
)
AIDE = "An aide to Jolanta Urbonė, who asked not to be named, said the developer approached two other MPs."


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (
            PUMPS,
            "Vaigai Pumps makes submersible pumps.",
            "Vaigai Pumps sells to farms.",
        ),  # the report stays one
        (PUMPS, "Vaigai Pumps is based in Madurai.", "Vaigai Pumps is based in Chennai."),
        (
            SPEAKER,
            "Manana Tsereteli is the chief executive of Rioni Freight.",
            "The deal will secure supply for the wineries.",
        ),  # what she said is still hers
    ],
)
def test_a_relative_clause_and_a_speakers_description_are_the_writers(
    evidence: str, admitted: str, refused: str
) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_relative_clause_after_a_name_in_a_phrase_is_not_that_names() -> None:
    """ "An aide to Jolanta Urbonė, who asked not to be named, said ...": the aide asked, and said."""
    assert (
        decide_write("Jolanta Urbonė said the developer approached two other MPs.", AIDE).verdict not in ADMIT
    )
    assert decide_write("Jolanta Urbonė asked not to be named.", AIDE).verdict not in ADMIT


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (
            "Vaigai Pumps' finance director, Meenakshi Venkatesan, said the deal would be funded from cash.",
            "Meenakshi Venkatesan is the finance director of Vaigai Pumps.",
            "The deal will be funded from cash.",
        ),
        (
            "The new chair, Ada Obi, opened the meeting.",
            "Ada Obi is the new chair.",
            "Bo Lee is the new chair.",
        ),
    ],
)
def test_a_description_set_before_a_name_is_the_names(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_description_after_another_name_is_not_the_subjects() -> None:
    met = "Ada Obi met Bo Lee, the new chair, on Friday."
    assert decide_write("Ada Obi is the new chair.", met).verdict not in ADMIT
    assert decide_write("Bo Lee is the new chair.", met).verdict in ADMIT


def test_a_name_under_a_bracketed_role_label_is_that_role_only() -> None:
    """ "HR note (recruiter: Dinesh Sethuraman): the candidate declined": Dinesh is the recruiter,
    not the one who declined; "Ada Obi (chair: Tarn board) signed" names Ada outside the brackets."""
    note = "HR note (recruiter: Dinesh Sethuraman): the candidate from Trichy declined the offer."
    assert decide_write("Dinesh Sethuraman declined the offer.", note).verdict not in ADMIT
    assert decide_write("Dinesh Sethuraman is the recruiter.", note).verdict in ADMIT
    signed = "Ada Obi (chair: Tarn board) signed the lease."
    assert decide_write("Ada Obi signed the lease.", signed).verdict in ADMIT


def test_a_claim_that_keeps_the_role_label_says_what_the_note_says() -> None:
    note = "HR note (recruiter: Dinesh Sethuraman): the candidate from Trichy declined the offer."
    assert decide_write(note, note).verdict in ADMIT
    assert decide_write("Dinesh Sethuraman declined the offer.", note).verdict not in ADMIT
