"""A message's writer and its first person: "From: X / my router stopped" is about X.

Each case pairs a claim the gate must admit with one it must refuse over the same
evidence. The writer is found only from the message itself (a header, "X here", a chat
label); with two candidates, or words quoted from someone else, "I" stands for nobody.
Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_writer import author

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim)
PAIRS = [
    ("From: Signe Haug\nHi, my router stopped working on Monday.",
     "Signe Haug's router stopped working on Monday.",
     "Signe Haug's router stopped working on Friday."),
    ("Hi, Signe Haug here. I moved to Tromsø in 2019.",
     "Signe Haug moved to Tromsø in 2019.",
     "Signe Haug moved to Tromsø in 2017."),
    ("Ticket 7 - Signe Haug: I ordered the Voss starter kit in May.",
     "Signe Haug ordered the Voss starter kit in May.",
     "Signe Haug ordered the Voss starter kit in June."),
    # Write gate 3.99: a label may carry a bracketed date or time before its colon; the
    # writer is still the speaker, not the doer of what "my cousin" does.
    ("Lena Dahl (mon 9 mar): my cousin starts at the Orrin bank on the 16th",
     "Lena Dahl's cousin starts at the Orrin bank on the 16th.",
     "Lena Dahl starts at the Orrin bank on the 16th."),
    ("Lena Dahl (10:42): I start at the Orrin bank on the 16th",
     "Lena Dahl starts at the Orrin bank on the 16th.",
     "Lena Dahl's cousin starts at the Orrin bank on the 16th."),
]  # fmt: skip


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_the_writers_first_person_is_the_writer(evidence: str, admitted: str, refused: str) -> None:
    """The first person reads as the writer; a changed detail is still refused."""
    assert decide_write(admitted, evidence).verdict in ADMIT, decide_write(admitted, evidence).refusal
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_two_candidate_writers_give_none() -> None:
    """Two labels: "I" is not resolved, so a claim about either is refused."""
    ev = "Signe Haug: hi all\nOla Brun: I moved to Tromsø in 2019."
    assert author(ev) is None
    assert decide_write("Signe Haug moved to Tromsø in 2019.", ev).verdict not in ADMIT


def test_quoted_first_person_is_not_the_writer() -> None:
    """ "From: X / Tom said "I moved to Tromsø"": the "I" is Tom's, not X's."""
    ev = 'From: Signe Haug\nTom told me "I moved to Tromsø in 2019".'
    assert author(ev) == "Signe Haug"
    assert decide_write("Signe Haug moved to Tromsø in 2019.", ev).verdict not in ADMIT


def test_a_named_writer_sentence_still_reads_its_own_words() -> None:
    """The writer's header alone is no first person: a claim the body does not make is refused."""
    ev = "From: Signe Haug\nThe Voss office is closed on Monday."
    assert decide_write("The Voss office is closed on Monday.", ev).verdict in ADMIT
    assert decide_write("Signe Haug is closed on Monday.", ev).verdict not in ADMIT


def test_a_claim_may_name_the_writer_as_its_speaker() -> None:
    """ "Lena Dahl: the ferry stops in May" is Lena Dahl saying so; nobody else said it."""
    ev = "Lena Dahl: the Voss ferry stops running in May"
    assert decide_write("Lena Dahl said that the Voss ferry stops running in May.", ev).verdict in ADMIT
    assert decide_write("According to Lena Dahl, the Voss ferry stops running in May.", ev).verdict in ADMIT
    other = decide_write("Ola Brun said that the Voss ferry stops running in May.", ev)
    assert other.verdict not in ADMIT


def test_a_notes_elided_speaker_is_the_person_it_names() -> None:
    """ "Patient: X. Reports she stopped ...": X reports it; the bare claim drops the report."""
    ev = "Patient: Iida Vik, 54. Reports she stopped taking metformin in May."
    assert decide_write("Iida Vik reports that she stopped taking metformin.", ev).verdict in ADMIT
    bare = decide_write("Iida Vik stopped taking metformin.", ev)
    assert bare.verdict not in ADMIT and bare.refusal is not None
    assert bare.refusal.code == "modality_dropped"
