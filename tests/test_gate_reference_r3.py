"""Reference and reading in the agent register, round three: names written with
combining marks, a line break that ends a name, a role a form labels a person with
("Customer: ..."), "’s" that is "has", a pronoun with its auxiliary written on, an
agentless passive of an irregular verb, and negation read per clause.

Every case pairs an admitted claim with a refused one over the same evidence. The
examples are our own; names are invented.
"""

from __future__ import annotations

import unicodedata

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.names import find_names

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim, refusal code)
PAIRS = [
    # A Yoruba name whose tone marks are combining characters is one name, and a claim
    # may write it without them.
    ("Ìbùkúnọlá Ọ̀ṣọ́dé leads the Ìbàdàn textile survey.",
     "Ibukunola Osode leads the Ibadan textile survey.",
     "Ibukunola Osode leads the Lagos textile survey.", "asserts_more_than_evidence"),
    # "Customer: X" on a ticket binds "the customer" to X; "was sent" has no agent.
    ("Ticket 5512\nCustomer: Ruben Haug\nA replacement charger was sent to the customer on Tuesday.",
     "Ruben Haug was sent a replacement charger on Tuesday.",
     "Ruben Haug sent a replacement charger on Tuesday.", "relation_transposed"),
    # "’s been" after a name is "has been", not a possessive.
    ("Siri Tangen’s been made shift lead at the Gjøvik plant, she starts nights on Monday.",
     "Siri Tangen starts nights on Monday.",
     "Siri Tangen starts nights on Tuesday.", "temporal_shifted"),
    # A pronoun with its auxiliary written on ("She’ll") still opens a linked sentence,
    # and the auxiliary is kept.
    ("Hi all,\nSiri Tangen has accepted our offer. She’ll start at the Gjøvik office on 2 June.\nThanks",
     "Siri Tangen will start at the Gjøvik office on 2 June.",
     "Siri Tangen started at the Gjøvik office on 2 June.", "modality_dropped"),
    # A roster reads with the meeting's title line and date; a role noted beside a
    # listed name ("(chair)") says that role.
    ("Tarn board meeting, 4 June\nAttendees: Siv Lund (chair), Emil Rud, Kai Moen\n1. Budget approved.",
     "Emil Rud attended the Tarn board meeting.",
     "Emil Rud chaired the Tarn board meeting.", "asserts_more_than_evidence"),
    ("Tarn board meeting, 4 June\nAttendees: Siv Lund (chair), Emil Rud, Kai Moen\n1. Budget approved.",
     "Siv Lund chaired the Tarn board meeting on 4 June.",
     "Siv Lund chaired the Tarn board meeting on 5 June.", "temporal_shifted"),
    # "Per" that names someone ("Per Aas attended ...") is no hearsay lead.
    ("Per Aas attended the Tarn board meeting on 4 June and presented the budget.",
     "Per Aas presented the budget.",
     "Per Aas presented the accounts.", "asserts_more_than_evidence"),
    # A profile's or a note's labelled line says its relation of the person above it;
    # a note beside one item qualifies that item only.
    ("Eira Sand — conference interpreter, Tromsø. Languages: Norwegian (native), Sami, German.",
     "Eira Sand speaks German.",
     "Eira Sand speaks French.", "asserts_more_than_evidence"),
    ("Eira Sand — conference interpreter, Tromsø. Languages: Norwegian (native), Sami, German.",
     "Eira Sand speaks Sami.",
     "Eira Sand is a native German speaker.", "asserts_more_than_evidence"),
    ("Patient: Eira Sand, 61\nMedications: warfarin 5 mg\nAllergies: latex",
     "Eira Sand is allergic to latex.",
     "Eira Sand is allergic to penicillin.", "asserts_more_than_evidence"),
    # Membership in a listed group: "one of" is no count; a place after "at" is no party.
    ("The new hires at Fjell Bank are Eira Sand, Ola Brun and Kai Moe.",
     "Eira Sand is one of the new hires at Fjell Bank.",
     "Eira Sand is one of the two new hires at Fjell Bank.", "numeral_invented"),
    ("The new hires at Fjell Bank are Eira Sand, Ola Brun and Kai Moe.",
     "Eira Sand is a new hire at Fjell Bank.",
     "Eira Sand is a new hire at Tarn Bank.", "asserts_more_than_evidence"),
    # An age in apposition ("Name, 67,") reads as the person's age.
    ("Clinic note\nPatient: Arne Vik, 67. Reports ankle swelling.",
     "Arne Vik is 67 years old.",
     "Arne Vik is 68 years old.", "numeral_invented"),
    ("Eira Sand, 44, a Tromsø architect, won the Nordic prize.",
     "Eira Sand is 44.",
     "Eira Sand has 44 staff.", "asserts_more_than_evidence"),
    # Two clauses, two negations: each negates its own clause.
    ("Pål Lyngstad confirms the kettle isn’t leaking any more, but the display still doesn’t light up.",
     "Pål Lyngstad's kettle display doesn't light up.",
     "Pål Lyngstad's kettle display lights up.", "negation_flipped"),
    ("Pål Lyngstad confirms the kettle isn’t leaking any more, but the display still doesn’t light up.",
     "Pål Lyngstad's kettle isn't leaking any more.",
     "Pål Lyngstad's kettle is still leaking.", "negation_flipped"),
]  # fmt: skip


@pytest.mark.parametrize(("evidence", "admitted", "refused", "code"), PAIRS)
def test_admitted_and_refused_over_one_evidence(
    evidence: str, admitted: str, refused: str, code: str
) -> None:
    """The faithful claim is admitted; the changed one is refused for the named reason."""
    good = decide_write(admitted, evidence)
    assert good.verdict in ADMIT, good.refusal
    bad = decide_write(refused, evidence)
    assert bad.verdict not in ADMIT, bad
    assert bad.refusal is not None and bad.refusal.code == code, bad.refusal


def test_combining_marks_stay_inside_one_name() -> None:
    """Decomposed or not, the name is one mention quoted exactly as written."""
    for form in ("NFC", "NFD"):
        text = unicodedata.normalize(form, "Títílọpẹ́ Adébáńjọ paid the invoice.")
        names = find_names(text)
        assert [n for n, _, _ in names] == [text[: text.index(" paid")]]


def test_a_line_break_ends_a_name() -> None:
    """ "Customer: Ruben Haug\\nThe ..." names Ruben Haug, not "Ruben Haug The"."""
    assert [n for n, _, _ in find_names("Customer: Ruben Haug\nThe charger was sent.")] == ["Ruben Haug"]
    assert [n for n, _, _ in find_names("Customer: Ruben Haug, the charger was sent.")] == ["Ruben Haug"]


def test_contracted_pronouns_are_no_names() -> None:
    assert [n for n, _, _ in find_names("She’ll start in Gjøvik. They’ve left Oslo.")] == ["Gjøvik", "Oslo"]


def test_a_possessive_before_a_noun_stays_a_possessive() -> None:
    """ "Siri Tangen’s leaving party" is about her party, not about her leaving."""
    ev = "Siri Tangen’s leaving party is on Friday at the Gjøvik office."
    assert decide_write("Siri Tangen is leaving.", ev).verdict not in ADMIT
    assert decide_write("Siri Tangen’s leaving party is on Friday.", ev).verdict in ADMIT
