"""A question one speaker asks and the next speaker answers says what the answer gives.

Each answered claim is paired, over the same evidence, with one the exchange does not say:
another answer, the asker as the doer, a question answered "no" or with a hedge. Examples
are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_answer import answer_readings

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim)
PAIRS = [
    # A wh-question about "you": the answerer, named by the label.
    (
        "INTERVIEWER: Where did you train?\nMAREK DUDA: At the Brno conservatory, then two years in Olomouc.",
        "Marek Duda trained at the Brno conservatory.",
        "Marek Duda trained at the Prague conservatory.",
    ),
    # The subject asked; the answer's "My father did" gives way to the question's verb.
    (
        "HOST: So who founded Kelda Coop?\nIRIS VANG: My father did, in 1978, with three neighbours.",
        "Iris Vang's father founded Kelda Coop in 1978.",
        "Iris Vang founded Kelda Coop in 1978.",
    ),
    # A yes/no question answered yes: the question's content, with what the answer adds.
    (
        "bopha: did the pepper shipment leave phnom penh?\nkunthea: yes, it left this morning, 40 boxes",
        "The pepper shipment left Phnom Penh this morning.",
        "The pepper shipment left Phnom Penh yesterday.",
    ),
    # "Me." names the answerer; the asker did not sign.
    (
        "Osian Rhys: who signed off the Conwy budget?\nSioned Parry: Me. I signed it off on Friday.",
        "The Conwy budget was signed off by Sioned Parry.",
        "The Conwy budget was signed off by Osian Rhys.",
    ),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_an_answered_question_says_its_answer(evidence: str, admitted: str, refused: str) -> None:
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal
    assert yes.span == (0, len(evidence.rstrip())), "the receipt covers the question and the answer"
    assert decide_write(refused, evidence).verdict not in ADMIT


@pytest.mark.parametrize(
    "evidence",
    [
        "bopha: did the pepper shipment leave phnom penh?\nkunthea: no, still at the depot",
        "bopha: did the pepper shipment leave phnom penh?\nkunthea: not sure, ask dara",
        "bopha: did the pepper shipment leave phnom penh?\nkunthea: did it?",
        "bopha: didn't the pepper shipment leave phnom penh?\nkunthea: yes",
        "bopha: did the pepper shipment leave phnom penh?\nbopha: yes i hope so",  # one speaker
    ],
)
def test_a_question_not_answered_yes_says_nothing(evidence: str) -> None:
    assert decide_write("The pepper shipment left Phnom Penh.", evidence).verdict not in ADMIT
    answered = evidence.split("\n")[0].replace("didn't", "did") + "\nkunthea: yes, it left this morning"
    assert decide_write("The pepper shipment left Phnom Penh.", answered).verdict in ADMIT  # the control


def test_a_hedged_answer_keeps_its_hedge() -> None:
    evidence = "Ola Berg: who signed the lease?\nBo Eze: I think Ada Obi did"
    assert decide_write("Ada Obi signed the lease.", evidence).verdict not in ADMIT
    assert answer_readings(evidence)  # read, and refused by the hedge it keeps


def test_the_answerers_i_think_stays_a_hedge() -> None:
    evidence = "Ola Berg: when did Ada Obi join Tarn Foods?\nBo Eze: 2019 I think"
    assert decide_write("Ada Obi joined Tarn Foods in 2019.", evidence).verdict not in ADMIT
    sure = "Ola Berg: when did Ada Obi join Tarn Foods?\nBo Eze: in 2019, I was there"
    assert decide_write("Ada Obi joined Tarn Foods in 2019.", sure).verdict in ADMIT


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        # A chat export's times before the labels; "who's" asks the subject; "me, Thursday 3pm".
        (
            "[10:02] lorea: who's doing the Durango demo?\n[10:03] peio: me, Thursday 3pm",
            "Peio is doing the Durango demo on Thursday at 3pm.",
            "Lorea is doing the Durango demo on Thursday at 3pm.",
        ),
        # Chat drops the "?": a yes still answers it, a no does not.
        (
            "[09:12] Krisztina: did the Baja shipment leave\n[09:14] Márton: yes, left at 8, lands thurs",
            "The Baja shipment left at 8.",
            "The Baja shipment left at 9.",
        ),
    ],
)
def test_chat_turns_as_they_are_typed(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_a_question_without_its_mark_answered_no_says_nothing() -> None:
    evidence = "[09:12] Krisztina: did the Baja shipment leave\n[09:14] Márton: no, tomorrow"
    assert decide_write("The Baja shipment left.", evidence).verdict not in ADMIT
