"""A modal verb governs its own clause; a present with a time named is a scheduled future.

"Radu will replace Tudor from Monday, as Tudor is moving to days" states Tudor's move
plainly: the "will" is Radu's clause. "The depot will be closed on Friday" is what "The
depot is closed on Friday" says, but not what "The depot is closed" or "was closed on
Friday" says. Each admitted claim is paired with a near miss over the same evidence.
Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")
SHIFT = ("Radu Corbet will replace Tudor Lamb on the Arles night shift from Monday, "
         "as Tudor Lamb is moving to days.")
DEPOT = "Dear all,\nThe Arles depot will be closed on Friday 14 March for staff training.\nRegards,\nIlse"
ROUTE = "As discussed, Ines Mabry will take over the Arles route from 1 October, and Sam moves to the office."


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (SHIFT, "Tudor Lamb is moving to days.", "Radu Corbet replaced Tudor Lamb on the Arles night shift."),
        (SHIFT, "Tudor Lamb is moving to days.", "Tudor Lamb moved to days."),
        ("Tudor Lamb is moving to days.", "Tudor Lamb is moving to days.", "Tudor Lamb moved to days."),
        ("Tudor Lamb has moved to days.", "Tudor Lamb moved to days.", "Tudor Lamb is moving to nights."),
        (DEPOT, "The Arles depot is closed on Friday 14 March.", "The Arles depot is closed."),
        (DEPOT, "The Arles depot is closed on Friday 14 March.",
         "The Arles depot was closed on Friday 14 March."),
        (ROUTE, "Ines Mabry is taking over the Arles route from 1 October.",
         "Ines Mabry took over the Arles route."),
        (ROUTE, "Ines Mabry takes over the Arles route from 1 October.",
         "Ines Mabry is taking over the Arles route from 1 November."),
    ],
)
def test_modal_scope_and_scheduled_future(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_hedge_scopes_over_the_sentence() -> None:
    plain = "Tudor Lamb is moving to days, and Radu Corbet will replace him."
    assert decide_write("Tudor Lamb is moving to days.", plain).verdict in ADMIT
    for hedge in ("Apparently ", "I think "):
        assert decide_write("Tudor Lamb is moving to days.", hedge + plain).verdict not in ADMIT


def test_a_condition_is_no_schedule() -> None:
    conditional = DEPOT.replace("The Arles depot will", "If the strike goes ahead, the Arles depot will")
    assert decide_write("The Arles depot is closed on Friday 14 March.", DEPOT).verdict in ADMIT
    assert decide_write("The Arles depot is closed on Friday 14 March.", conditional).verdict not in ADMIT


CV = (
    "LIIS ORAV\n2021–present: Chief engineer, Saare Laevad\n2016–2021: Second engineer, Saare Laevad\n"
    "Certificates: STCW III/2"
)


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (CV, "Liis Orav is a chief engineer at Saare Laevad.",
         "Liis Orav is a second engineer at Saare Laevad."),
        (CV, "Liis Orav was a second engineer at Saare Laevad.", "Liis Orav is still a second engineer."),
        ("HR note: Kalev Tamm was acting site manager at Tapa from January to March 2025, Mari away.",
         "Kalev Tamm was acting site manager at Tapa.", "Kalev Tamm is the acting site manager at Tapa."),
        ("Kalev Tamm was working at the Tapa depot when it closed.",
         "Kalev Tamm was working at the Tapa depot.", "Kalev Tamm is working at the Tapa depot."),
    ],
)
def test_a_post_that_ended_is_no_current_one(evidence: str, admitted: str, refused: str) -> None:
    """A CV line's closed date range, and a past progressive, bound the post to then."""
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT
