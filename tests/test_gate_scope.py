"""Scope: an exception leaves its member out, and one member is not the group.

Each case pairs a claim the gate must refuse with one it must admit. Examples are our
own (chat, minutes, CV, news); names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    # "everyone" quantifies as "every"; an inline exception is kept.
    (
        "quantifier_changed",
        "everyone on the Harrow rota except Colm Devane has done the fire course, so we're fine",
        "Everyone on the Harrow rota has done the fire course.",
        "Everyone on the Harrow rota except Colm Devane has done the fire course.",
    ),
    # The excepted member: the evidence denies the group's predicate of them.
    (
        "negation_flipped",
        "everyone on the Harrow rota except Colm Devane has done the fire course, so we're fine",
        "Colm Devane has done the fire course.",
        "Everyone on the Harrow rota except Colm Devane has done the fire course.",
    ),
    (
        "negation_flipped",
        "All the Brisk Media trainees apart from Oona Vale passed the audit module.",
        "Oona Vale passed the audit module.",
        "All the Brisk Media trainees apart from Oona Vale passed the audit module.",
    ),
    # One of a kind is not the kind.
    (
        "quantifier_changed",
        "Profile: Ines Morrow, painter. Her work has toured Cork and Sligo, and one of her prints"
        " is held by the Tallis Gallery.",
        "The Tallis Gallery holds Ines Morrow's prints.",
        "The Tallis Gallery holds a print by Ines Morrow.",
    ),
    (
        "quantifier_changed",
        "Dara Flint, a porter at Kelby Station, was among those thanked by the mayor.",
        "The porters of Kelby Station were thanked by the mayor.",
        "Dara Flint was thanked by the mayor.",
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


def test_a_negated_claim_of_the_excepted_is_refused_too() -> None:
    """Known limit: the exception implies the negation, but the gate does not admit it
    (the polarity check sees a positive evidence); it fails towards refusing."""
    ev = "everyone on the Harrow rota except Colm Devane has done the fire course"
    assert decide_write("Colm Devane has not done the fire course.", ev).verdict == "REJECT"


def test_the_excepted_keeps_what_is_said_of_them() -> None:
    """ "all voted for it except Nell, who abstained" still says Nell abstained."""
    ev = "Vote on the parking plan: all present voted in favour except Nell Arkin, who abstained."
    assert decide_write("Nell Arkin abstained.", ev).verdict in ADMIT
    assert decide_write("Nell Arkin voted in favour.", ev).verdict == "REJECT"


def test_a_plural_the_evidence_also_states_is_kept() -> None:
    """A plural is refused only where the evidence has just one: here it has both."""
    ev = "Rhea Tock, a nurse at Oran Clinic, said the nurses of Oran Clinic were thanked."
    assert decide_write("Rhea Tock said the nurses of Oran Clinic were thanked.", ev).verdict in ADMIT
