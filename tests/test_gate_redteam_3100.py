"""Write gate 3.108 on: the red team's false admissions of the 3.90-3.100 readings.

Whose speaker it is: "my mother" names no owner the claim can name, unless the evidence
names the one who writes "my" (3.108). What "X said" needs: a verb of saying, not a
trailing attitude ("..., the union hopes.", 3.109). A post in the possessive before another
noun is someone else's ("the chair's spokeswoman", 3.110). A quotation keeps the frames
inside it under its speaker's (3.111), and "asked" gives a quotation its speaker too
(3.112). A trailing attitude in the plural or about what lies ahead ("..., most analysts
expect.", "..., the union projects.") is a report too (3.113, the report's section 2),
and a clause hoped, promised or reported with its auxiliary on a name is not the writer's
(3.114, section 2); a name in a chat label's bracket is not the line's doer (3.115);
"ignore the above" takes back as "disregard the above" does (3.116); a doubt answered
"yes" at once is none (3.117).
Each case refuses the red team's claim with its code and admits its neighbour over the
same or a minimally different evidence.
Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from tests.gate_pairs import ADMIT, assert_pair

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    (
        "modality_dropped",
        "Tomas Vell: my mother says Ilse Brandvold has a fever",
        "Ilse Brandvold's mother says Ilse Brandvold has a fever.",
        "Tomas Vell's mother says Ilse Brandvold has a fever.",
    ),
    (
        "modality_dropped",
        "Tomas Vell (GP note): my doctor says Ilse Brandvold needs rest",
        "Ilse Brandvold's doctor says Ilse Brandvold needs rest.",
        "Tomas Vell's doctor says Ilse Brandvold needs rest.",
    ),
    (
        "modality_dropped",
        "My teacher says Ilse Brandvold has a fever.",
        "Ilse Brandvold's teacher says Ilse Brandvold has a fever.",
        "A teacher says Ilse Brandvold has a fever.",
    ),
    # A post in the possessive before another noun ("the chair's spokeswoman") is the post
    # of someone else, the one that noun relates the name to (3.110).
    (
        "asserts_more_than_evidence",
        "The depot will close, the Kobo Foods chief executive's lawyer, Ysolde Marrack, said.",
        "Ysolde Marrack is the chief executive of Kobo Foods.",
        "Ysolde Marrack is the Kobo Foods chief executive's lawyer.",
    ),
    (
        "asserts_more_than_evidence",
        "The bridge will reopen, the Orrin mayor's chief of staff, Ysolde Marrack, said.",
        "Ysolde Marrack is the mayor of Orrin.",
        "Ysolde Marrack said the bridge will reopen.",
    ),
    (
        "asserts_more_than_evidence",
        "Ysolde Marrack is the Amandla Trust chair's spokeswoman.",
        "Ysolde Marrack is the Amandla Trust chair.",
        "Ysolde Marrack is the Amandla Trust chair's spokeswoman.",
    ),
    (
        "modality_dropped",
        "The trust will sell the farm, the Amandla Trust chair's spokeswoman, Ysolde Marrack, said.",
        "Ysolde Marrack is the chair of the Amandla Trust.",
        "Ysolde Marrack said the trust will sell the farm.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)


def test_a_post_owned_by_a_name_is_still_the_names() -> None:
    """An organisation in the possessive owns the post that follows ("Kobo Foods' chief
    executive, Ysolde Marrack, said"): the post is the name's."""
    evidence = "The depot will close, Kobo Foods' chief executive, Ysolde Marrack, said."
    assert decide_write("Ysolde Marrack is the chief executive of Kobo Foods.", evidence).verdict in ADMIT


DEPOT = "Kobo Foods will close the Leeds depot"


@pytest.mark.parametrize(
    "attitude", ["the union hopes", "the union fears", "the union's hope", "the union's target"]
)
def test_a_trailing_attitude_is_not_a_saying(attitude: str) -> None:
    """Write gate 3.109: "X said ..." needs a verb of saying in the evidence's report; a
    trailing attitude ("..., the union hopes.") passes the clause on, but not as said."""
    d = decide_write(f"The union said {DEPOT}.", f"{DEPOT}, {attitude}.")
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "modality_dropped", d


@pytest.mark.parametrize("saying", ["the union said", "the union says", "the union claims"])
def test_a_trailing_saying_is_said(saying: str) -> None:
    """The same evidence with a verb of saying gives "The union said ..."."""
    assert decide_write(f"The union said {DEPOT}.", f"{DEPOT}, {saying}.").verdict in ADMIT


QUOTED_FRAMES = [
    f'"{DEPOT} if the loan fails," a board member said.',
    f'"{DEPOT} unless the bank lends," a board member said.',
    f'"If the loan fails, {DEPOT}," a board member said.',
    f'"I heard {DEPOT}," a board member said.',
    f'"They say {DEPOT}," a board member said.',
    f'"{DEPOT}, people say," a board member said.',
    f'"We were told {DEPOT}," a board member said.',
    f'"{DEPOT} in spring, according to the union," a board member said.',
    f'"{DEPOT}, I bet," a board member said.',
    f'"{DEPOT}?" a board member said.',
    f'"{DEPOT} — that\'s the lie going round," a board member said.',
]


@pytest.mark.parametrize("evidence", QUOTED_FRAMES)
@pytest.mark.parametrize("speaker", ["A board member", "The board member", "Ines Marrow"])
def test_a_quotation_keeps_the_frames_inside_it(evidence: str, speaker: str) -> None:
    """Write gate 3.111: the quoted words are read as a sentence is, under the speaker's
    report: a condition, a question, a report or a rumour inside the quote is not what the
    speaker said as fact (indefinite, definite and named speakers alike)."""
    evidence = evidence.replace("a board member", speaker if speaker == "Ines Marrow" else speaker.lower())
    d = decide_write(f"{speaker} said {DEPOT}.", evidence)
    assert d.verdict not in ADMIT, d


@pytest.mark.parametrize("speaker", ["a board member", "the board member", "Ines Marrow"])
def test_a_quotation_without_frames_is_the_speakers(speaker: str) -> None:
    """The same quotation with no frame inside gives "X said ..."; one with a condition
    gives "X said ... if ..." (the condition kept)."""
    claimant = speaker[0].upper() + speaker[1:]
    assert decide_write(f"{claimant} said {DEPOT}.", f'"{DEPOT}," {speaker} said.').verdict in ADMIT
    conditional = f'"If the loan fails, {DEPOT}," {speaker} said.'
    assert decide_write(f"{claimant} said {DEPOT} if the loan fails.", conditional).verdict in ADMIT


def test_a_quoted_question_is_asked_not_said() -> None:
    """Write gate 3.112: '"...?" the reporter asked.' is a quotation too: its question is
    the speaker's, and says nothing as fact; the same words with "said" and no "?" are the
    speaker's report."""
    asked = '"Kobo Foods closed the Leeds depot?" the reporter asked.'
    d = decide_write("Kobo Foods closed the Leeds depot.", asked)
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "modality_dropped", d
    said = '"Kobo Foods closed the Leeds depot," the reporter said.'
    assert decide_write("The reporter said Kobo Foods closed the Leeds depot.", said).verdict in ADMIT


@pytest.mark.parametrize(
    ("trail", "attributed"),
    [
        ("most analysts expect", "Most analysts expect"),
        ("insiders fear", "According to insiders,"),
        ("some staff believe", "According to some staff,"),
        ("the union projects", "According to the union,"),
        ("the union speculated", "According to the union,"),
    ],
)
def test_a_plural_or_forward_looking_trailing_attitude_passes_the_clause_on(
    trail: str, attributed: str
) -> None:
    """Write gate 3.113: "..., most analysts expect.", "..., insiders fear.", "..., the union
    projects." close a sentence as a report, as "..., the union expects." does: the clause
    before is theirs, not the writer's fact."""
    evidence = f"{DEPOT}, {trail}."
    d = decide_write(f"{DEPOT}.", evidence)
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "modality_dropped", d
    assert decide_write(f"{attributed} {DEPOT}.", evidence).verdict in ADMIT


def test_a_first_person_hedge_on_the_last_clause_is_its_own() -> None:
    """ "..., he's a prop I think": "I" is no speaker's name, so the hedge stays on its
    own clause and the one before is still the writer's."""
    evidence = "Ruben Aalto plays for the Orrin rugby club, he's a prop I think"
    assert decide_write("Ruben Aalto plays for the Orrin rugby club.", evidence).verdict in ADMIT
    assert decide_write("Ruben Aalto is a prop.", evidence).verdict not in ADMIT


@pytest.mark.parametrize(
    ("evidence", "kept"),
    [
        ("Tomas Vell says Mira'll pay half", "Tomas Vell says Mira'll pay half."),
        ("Tomas Vell hopes he'll pay half", "Tomas Vell hopes he will pay half."),
        ("Tomas Vell hopes he will pay half", "Tomas Vell hopes he will pay half."),
        ("Tomas Vell promised he'll pay half", "Tomas Vell promised to pay half."),
    ],
)
def test_a_clause_hoped_promised_or_reported_is_not_the_writers(evidence: str, kept: str) -> None:
    """Write gate 3.114: "says Mira'll pay" is a report as "says he'll pay" is (a name
    carries the auxiliary too), and "hopes he'll pay", "promised he'll pay" hope and
    promise a clause as "hopes to pay" does: none says "Tomas Vell will pay half"."""
    d = decide_write("Tomas Vell will pay half.", evidence)
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "modality_dropped", d
    assert decide_write(kept, evidence).verdict in ADMIT


def test_a_decision_agreed_in_minutes_is_still_recorded() -> None:
    """Minutes' "Agreed that X will ..." records a decision: only a subject pronoun opens
    a hoped or promised clause, so "that" here frames nothing."""
    evidence = (
        "Joint meeting, 5 May. Present: Ines Marrow (Orrin Haulage), Tomas Vell (Bosk Reefer)."
        " Agreed that Orrin Haulage will subcontract the Leeds route to Bosk Reefer from 1 June."
    )
    claim = "Orrin Haulage will subcontract the Leeds route to Bosk Reefer from 1 June."
    assert decide_write(claim, evidence).verdict in ADMIT


@pytest.mark.parametrize("bracket", ["to", "re", "about"])
def test_a_name_in_a_labels_bracket_is_not_the_doer(bracket: str) -> None:
    """Write gate 3.115: "Tove Ek (to Lena Dahl): I quit my job" is Tove Ek's line; the
    name in the label's bracket is whom it is to or about, not who quit."""
    evidence = f"Tove Ek ({bracket} Lena Dahl): I quit my job today"
    d = decide_write("Lena Dahl quit her job.", evidence)
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "unknown_subject", d
    assert decide_write("Tove Ek quit her job.", evidence).verdict in ADMIT


@pytest.mark.parametrize(
    "undo", ["ignore the above, wrong thread", "Ignore this, wrong thread.", "disregard my last"]
)
def test_ignore_takes_back_what_disregard_does(undo: str) -> None:
    """Write gate 3.116: "ignore" takes the same objects "disregard" does ("the above",
    "this", "my last"), so a later "ignore the above" takes the sentence before back;
    "ignore the noise" does not."""
    d = decide_write("Tomas Berg will give the keynote.", f"Tomas Berg will give the keynote. {undo}")
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "negation_flipped", d
    kept = "Tomas Berg will give the keynote. Please ignore the noise outside."
    assert decide_write("Tomas Berg will give the keynote.", kept).verdict in ADMIT


@pytest.mark.parametrize("answer", ["", " No.", " Yes?"])
def test_a_doubt_answered_yes_at_once_is_no_doubt(answer: str) -> None:
    """Write gate 3.117 (the report's section 3, a false refusal): "Is that right? Yes,
    confirmed by the board." answers its own doubt; left open, denied or asked again, the
    doubt still refuses."""
    claim = "Ana Ruiz is the treasurer."
    d = decide_write(claim, f"Ana Ruiz is the treasurer. Is that right?{answer}")
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "modality_dropped", d
    answered = "Ana Ruiz is the treasurer. Is that right? Yes, confirmed by the board."
    assert decide_write(claim, answered).verdict in ADMIT
