"""A post written as a title before a name says the post of that name: "Mayor Rommel
Ilagan said the bridge would reopen" says that Rommel Ilagan is mayor, as "Rommel Ilagan,
the mayor, said ..." does, though what he said stays his.

Each admitted claim is paired with a near miss over the same evidence: another post, a
modifier that changes the post (former, deputy, acting, vice), a kin word used as a
priest's title, a salutation, the title under a question or a condition. Names invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")
SAID = "Mayor Rommel Ilagan said the bridge would reopen in May."
SAID_AFTER = "The bridge will reopen in May, said Spokeswoman Ines Valdo."
BY = "The plan was backed by Senator Ulani Kaho on Friday."

# (evidence, admitted claim, refused claim over the same evidence)
PAIRS = [
    (SAID, "Rommel Ilagan is the mayor.", "Rommel Ilagan is the governor."),
    (SAID, "Rommel Ilagan is the mayor.", "Rommel Ilagan is the mayor of Naga."),
    (SAID, "Rommel Ilagan is the mayor.", "Rommel Ilagan is not the mayor."),
    (SAID, "Rommel Ilagan said the bridge would reopen in May.", "The bridge would reopen in May."),
    (SAID_AFTER, "Ines Valdo is a spokeswoman.", "Ines Valdo is a senator."),
    (BY, "Ulani Kaho is a senator.", "Ulani Kaho is a mayor."),
]

# The same claim refused where the title is not the writer's whole description of the name;
# each with its control, the same claim from a sentence where the title is the writer's.
MAYOR = "Mayor Rommel Ilagan said the bridge would reopen."
PRESIDENT = "President Ulani Kaho said the plan failed."
DIRECTOR = "Director Ulani Kaho said the plan failed."
NOT_THE_POST = [
    ("Rommel Ilagan is the mayor.", "Former Mayor Rommel Ilagan said the bridge would reopen.", MAYOR),
    ("Rommel Ilagan is the mayor.", "Ex-Mayor Rommel Ilagan said the bridge would reopen.", MAYOR),
    ("Rommel Ilagan is the mayor.", "Deputy Mayor Rommel Ilagan said the bridge would reopen.", MAYOR),
    ("Rommel Ilagan is the mayor.", "Acting Mayor Rommel Ilagan said the bridge would reopen.", MAYOR),
    ("Rommel Ilagan is the mayor.", "Ola says Mayor Rommel Ilagan said the bridge would reopen.", MAYOR),
    ("Rommel Ilagan is the mayor.", "Is Mayor Rommel Ilagan still in office?", MAYOR),
    ("Rommel Ilagan is the mayor.", "If Mayor Rommel Ilagan resigns, the council will meet.", MAYOR),
    ("Ulani Kaho is the president.", "Vice President Ulani Kaho said the plan failed.", PRESIDENT),
    ("Ulani Kaho is the director.", "Deputy Director Ulani Kaho said the plan failed.", DIRECTOR),
    ("Ulani Kaho is the director.", "Dear Director Ulani Kaho, thanks for the report.", DIRECTOR),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_a_title_says_the_post_and_nothing_else(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


@pytest.mark.parametrize(("claim", "evidence", "control"), NOT_THE_POST)
def test_a_changed_or_framed_title_is_not_the_post(claim: str, evidence: str, control: str) -> None:
    assert decide_write(claim, evidence).verdict not in ADMIT
    assert decide_write(claim, control).verdict in ADMIT


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


@pytest.mark.parametrize(("evidence", "admitted", "refused"), LATE_PAIRS)
def test_the_late_ends_what_is_said_of_a_name(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


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


@pytest.mark.parametrize(("evidence", "admitted", "refused"), KIN_PAIRS)
def test_a_kin_title_says_no_kinship(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT
