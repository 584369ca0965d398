"""Write gates 3.91, 3.94, 3.97, 3.100: a report or apposition that passes the clause before on.

"..., the company denied.", "..., the company predicted.", "..., the company's critics
said.", "..., the chair of the trust, Ysolde Marrack, said." and the apposition "..., the
CFO's forecast." govern the clause before them as "..., the company said." does, and
"X says he'll pay" is a report as "X says he will pay" is. Each case refuses the bare
claim and admits the claim that keeps the report (or what the writer says), over the
same evidence. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from tests.gate_pairs import ADMIT, assert_pair

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    (
        "negation_flipped",
        "Kobo Foods will close the Leeds depot, the company denied.",
        "Kobo Foods will close the Leeds depot.",
        "The company denied that Kobo Foods will close the Leeds depot.",
    ),
    (
        "modality_dropped",
        "Kobo Foods will close the Leeds depot, the company predicted.",
        "Kobo Foods will close the Leeds depot.",
        "The company predicted that Kobo Foods will close the Leeds depot.",
    ),
    (
        "modality_dropped",
        "Kobo Foods will close the Leeds depot, the company's critics said.",
        "Kobo Foods will close the Leeds depot.",
        "The company's critics said Kobo Foods will close the Leeds depot.",
    ),
    # An unnamed group closing the sentence as its speaker (3.104).
    (
        "modality_dropped",
        "Orrin Foods will cut 40 jobs, union officials feared.",
        "Orrin Foods will cut 40 jobs.",
        "According to union officials, Orrin Foods will cut 40 jobs.",
    ),
    # A report whose clause opens with a contracted pronoun and auxiliary (3.97).
    (
        "modality_dropped",
        "Oskar Varro says she’ll pay half the cost of the goat.",
        "Oskar Varro will pay half the cost of the goat.",
        "Oskar Varro says she will pay half the cost of the goat.",
    ),
    (
        "modality_dropped",
        "Oskar Varro says he'll pay half the cost of the goat.",
        "Oskar Varro will pay half the cost of the goat.",
        "Oskar Varro says he will pay half the cost of the goat.",
    ),
    # A quotation an indefinite speaker is given ("a rival claimed") is that speaker's (3.100).
    (
        "modality_dropped",
        "“Ruben Aalto, the chief executive of Kobo Foods, is a fraud,” a rival claimed.",
        "Ruben Aalto is the chief executive of Kobo Foods.",
        "A rival claimed Ruben Aalto is a fraud.",
    ),
    (
        "modality_dropped",
        'Kobo Foods lost the tender. "Its chief executive, Ruben Aalto, is a fraud," a rival said.',
        "Ruben Aalto is the chief executive of Kobo Foods.",
        "A rival said that Ruben Aalto is a fraud.",
    ),
    # The speaker's description set before the name: the description is the writer's.
    (
        "modality_dropped",
        "Kobo Foods will close the Leeds depot, the chair of the Kesteven Trust, Ysolde Marrack, said.",
        "Kobo Foods will close the Leeds depot.",
        "Ysolde Marrack said Kobo Foods will close the Leeds depot.",
    ),
    (
        "modality_dropped",
        "Kobo Foods will close the Leeds depot, the chair of the Kesteven Trust, Ysolde Marrack, said.",
        "Kobo Foods will close the Leeds depot.",
        "Ysolde Marrack is the chair of the Kesteven Trust.",
    ),
    (
        "modality_dropped",
        "Kobo Foods earned €2.7m in 2025, the CFO's forecast.",
        "Kobo Foods earned €2.7m in 2025.",
        "According to the CFO, Kobo Foods earned €2.7m in 2025.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)


def test_a_comparison_is_no_speaker() -> None:
    """ "..., more than analysts expected." says how many, not who says so."""
    evidence = "Orrin Foods cut 40 jobs, more than analysts expected."
    assert decide_write("Orrin Foods cut 40 jobs.", evidence).verdict in ADMIT


def test_a_closing_noun_phrase_that_names_no_owner_is_no_hedge() -> None:
    """ "mostly crop forecasts" says what the work is, not whose forecast the clause is;
    "a rough guess" with its determiner is one."""
    claim = "Ana Ruiz is a data analyst at Kobo Foods."
    plain = "Ana Ruiz is a data analyst at Kobo Foods, mostly crop forecasts."
    assert decide_write(claim, plain).verdict in ADMIT
    assert decide_write(claim, "Ana Ruiz is a data analyst at Kobo Foods, a rough guess.").verdict == "REJECT"
