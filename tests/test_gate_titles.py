"""Words written before a name that change what is said of it: "the late mayor Rommel
Ilagan" is no mayor now, and "Father Tomás Ruiz" is a priest, not a father.

Each admitted claim is paired with a refused one over the same evidence. Names invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")


# "the late X" speaks of the dead: a post or a state said of X has ended, as "former" says.
LATE = "The late mayor Rommel Ilagan opened the bridge in 1990."
LATE_PAIRS = [
    (LATE, "Rommel Ilagan was the mayor.", "Rommel Ilagan is the mayor."),
    (LATE, "Rommel Ilagan opened the bridge in 1990.", "Rommel Ilagan is the mayor."),
    ("The late Mayor Rommel Ilagan opened the bridge in 1990.", "Rommel Ilagan opened the bridge.",
     "Rommel Ilagan is the mayor."),
    # "late" of anything but the dead before a name says nothing has ended
    ("Ines Valdo is a nurse who works the late shift at Naga Clinic.", "Ines Valdo is a nurse.",
     "Ines Valdo is a doctor."),
    ("Ines Valdo, a nurse, arrived late at the Naga Clinic.", "Ines Valdo is a nurse.",
     "Ines Valdo is a midwife."),
]



# A kin word written only as a title before a name ("Father Tomás Ruiz", "Sister Ana Ruiz")
# is a priest's or a nun's title: it says no kinship, though what the person did stands.
KIN_PAIRS = [
    ("Father Tomás Ruiz said mass on Sunday.", "Tomás Ruiz said mass on Sunday.", "Tomás Ruiz is a father."),
    ("Sister Ana Ruiz runs the school.", "Ana Ruiz runs the school.", "Ana Ruiz is a sister."),
    # the control: the kinship said in words of its own is supported, title or not
    ("Father Tomás Ruiz is the father of Ana Ruiz.", "Tomás Ruiz is the father of Ana Ruiz.",
     "Tomás Ruiz is the father of Ola Ruiz."),
    ("Tomás Ruiz is a father of two.", "Tomás Ruiz is a father.", "Tomás Ruiz is a grandfather."),
]



# A marker word a claim sets before a post ("the interim mayor", "the acting director")
# qualifies the post: the evidence must say it, as it must say any other word of it.
QUALIFIED = [
    ("Rommel Ilagan is the acting mayor of Naga.", "Rommel Ilagan is the acting mayor.",
     "Rommel Ilagan is the mayor."),
    ("Rommel Ilagan is the mayor of Naga.", "Rommel Ilagan is the mayor.",
     "Rommel Ilagan is the interim mayor."),
    ("Rommel Ilagan is the mayor of Naga.", "Rommel Ilagan is the mayor of Naga.",
     "Rommel Ilagan is the acting mayor of Naga."),
]



# The sentence that describes a name by its post and then ends the post with its own verb
# ("Mayor X resigned", "X, the mayor, stepped down") says the post is no longer held.
ENDED_HERE = [
    ("Mayor Rommel Ilagan resigned on Monday.", "Rommel Ilagan resigned on Monday.",
     "Rommel Ilagan is the mayor."),
    ("Mayor Rommel Ilagan resigned on Monday.", "Rommel Ilagan was the mayor.",
     "Rommel Ilagan is the mayor."),
    ("Rommel Ilagan, the mayor, resigned on Monday.", "Rommel Ilagan resigned on Monday.",
     "Rommel Ilagan is the mayor."),
    ("Rommel Ilagan, the mayor, died on Sunday.", "Rommel Ilagan died on Sunday.",
     "Rommel Ilagan is the mayor."),
    ("Mayor Rommel Ilagan has stepped down.", "Rommel Ilagan has stepped down.",
     "Rommel Ilagan is the mayor."),
    ("The mayor, Rommel Ilagan, resigned on Monday.", "Rommel Ilagan resigned on Monday.",
     "Rommel Ilagan is the mayor."),
    # the controls: a verb that ends nothing, and a post named after the ending verb
    ("Rommel Ilagan, the mayor, opened the bridge.", "Rommel Ilagan is the mayor.",
     "Rommel Ilagan is the governor."),
    ("Mayor Rommel Ilagan resigned to work as a nurse.", "Rommel Ilagan resigned.",
     "Rommel Ilagan works as a doctor."),
]

SECTIONS = {"the late": LATE_PAIRS, "kin title": KIN_PAIRS, "qualified post": QUALIFIED,
            "ended here": ENDED_HERE}
CASES = [pytest.param(*case, id=f"{name}-{i}") for name, cases in SECTIONS.items()
         for i, case in enumerate(cases)]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), CASES)
def test_the_admitted_claim_passes_and_its_near_miss_does_not(evidence: str, admitted: str,
                                                              refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT
