"""Who acts on whom in the forms agents' text writes roles: an action item's bare infinitive
("Action: Velu to brief Revathi"), "is to brief", a deadline after "by", and a speaker label
before a first person ("Titu: Chaska taught me to drive").

Each case pairs the claim the gate must admit with its swapped near miss over the same
evidence. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.text import markers

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, swapped claim)
PAIRS = [
    (
        "Action: Velu Raman to brief Revathi Iyer on the Pollachi contract by Wednesday.",
        "Velu Raman is to brief Revathi Iyer on the Pollachi contract by Wednesday.",
        "Revathi Iyer is to brief Velu Raman on the Pollachi contract by Wednesday.",
    ),
    (
        "Actions:\n- Tomas Rudd to call Inga Berg about the lease.\n- Ola to book the van.",
        "Tomas Rudd is to call Inga Berg about the lease.",
        "Inga Berg is to call Tomas Rudd about the lease.",
    ),
    (
        "Titu Quispe: Chaska Mamani taught me to drive, in her dad's truck.",
        "Chaska Mamani taught Titu Quispe to drive.",
        "Titu Quispe taught Chaska Mamani to drive.",
    ),
]


@pytest.mark.parametrize(("evidence", "admitted", "swapped"), PAIRS)
def test_the_roles_as_the_evidence_writes_them(evidence: str, admitted: str, swapped: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    refused = decide_write(swapped, evidence)
    assert refused.verdict not in ADMIT
    assert refused.refusal is not None and refused.refusal.code == "relation_transposed"


def test_a_deadline_after_by_is_no_agent() -> None:
    """'is to send ... by Friday' is no passive: Friday did not send anything."""
    evidence = "Action items: Dafydd Hopcyn to send the revised hop order to the supplier by Friday."
    claim = "Dafydd Hopcyn is to send the revised hop order to the supplier by Friday."
    assert decide_write(claim, evidence).verdict in ADMIT
    assert decide_write(claim.replace("Friday", "Monday"), evidence).verdict not in ADMIT


# (evidence, refused claim, code, admitted claim)
DENIED = [
    (
        "Item 2: The Tarn committee decided against renewing the cleaning contract with Baybay Janitorial.",
        "The Tarn committee renewed the cleaning contract with Baybay Janitorial.",
        "negation_flipped",
        "The Tarn committee did not renew the cleaning contract with Baybay Janitorial.",
    ),
    (
        "Usman Abdullahi, pharmacist. Not currently registered to practise in the UK.",
        "Usman Abdullahi is registered to practise in the UK.",
        "negation_flipped",
        "Usman Abdullahi is a pharmacist.",
    ),
    (
        "Jokin Egaña — Goals: to qualify as a mountain guide by 2026.",
        "Jokin Egaña has qualified as a mountain guide.",
        "modality_dropped",
        "Jokin Egaña aims to qualify as a mountain guide by 2026.",
    ),
]


@pytest.mark.parametrize(("evidence", "refused", "code", "admitted"), DENIED)
def test_what_is_decided_against_denied_or_only_a_goal_is_not_done(
    evidence: str, refused: str, code: str, admitted: str
) -> None:
    no = decide_write(refused, evidence)
    assert no.verdict not in ADMIT and no.refusal is not None and no.refusal.code == code, no.refusal
    assert decide_write(admitted, evidence).verdict in ADMIT


def test_voting_against_a_thing_denies_no_event() -> None:
    """ "voted 11 to 8 against the road" is what the claim says too; against a gerund it denies."""
    evidence = "Kautokeino council voted 11 to 8 against the new mine road on Tuesday."
    assert decide_write("Kautokeino council voted against the new mine road.", evidence).verdict in ADMIT
    assert decide_write("Kautokeino council approved the new mine road.", evidence).verdict not in ADMIT


def test_a_numbered_name_is_no_denial() -> None:
    """ "Hospital No. 2" numbers the hospital; "no 2 nurses" and "does not" still deny."""
    assert markers.negations("She is head nurse at Kyiv Children's Hospital No. 2.") == 0
    assert markers.negations("She is not head nurse at Kyiv Children's Hospital No. 2.") == 1
    assert markers.negations("There were no nurses on ward 2.") == 1
    evidence = "Solomiia Tkachuk, head nurse at Kyiv Children's Hospital No. 2, opened the ward."
    assert decide_write("Solomiia Tkachuk opened the ward.", evidence).verdict in ADMIT
    assert decide_write("Solomiia Tkachuk did not open the ward.", evidence).verdict not in ADMIT


@pytest.mark.parametrize(
    ("evidence", "admitted", "swapped"),
    [
        # "partner" makes "A is B's partner" symmetric, not "A appointed B as its partner".
        (
            "Kilele Haulage has appointed Mbeya Reefer Services as its storage partner in Mbeya.",
            "Kilele Haulage appointed Mbeya Reefer Services as its storage partner.",
            "Mbeya Reefer Services appointed Kilele Haulage as its storage partner.",
        ),
        # A by-phrase names the doer up to its next preposition.
        (
            "HR case 88: complaint filed by Gor Mkrtchyan against his boss, Hayk Vardanyan, about overtime.",
            "Gor Mkrtchyan filed a complaint against Hayk Vardanyan.",
            "Hayk Vardanyan filed a complaint against Gor Mkrtchyan.",
        ),
    ],
)
def test_roles_around_a_partner_and_a_by_phrase(evidence: str, admitted: str, swapped: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    refused = decide_write(swapped, evidence)
    assert refused.verdict not in ADMIT and refused.refusal is not None
    assert refused.refusal.code == "relation_transposed"


def test_a_reduced_clause_before_its_participle_is_no_doer() -> None:
    """ "...; no cracks found": the cracks were not what found anything."""
    evidence = (
        "1. Turbine 2: Juho Mantere reported that the contractor finished the blade survey; no cracks found."
    )
    assert (
        decide_write("Juho Mantere reported that the blade survey found no cracks.", evidence).verdict
        in ADMIT
    )


def test_what_was_only_discussed_is_not_done() -> None:
    """ "Discussed moving the festival", "considered selling the depot": talked of, not done;
    what the text says was done beside it still is."""
    talked = "Committee, 17 Sept. Discussed moving the harvest festival to Cardona. No decision yet."
    assert decide_write("The harvest festival is moving to Cardona.", talked).verdict not in ADMIT
    considered = "The Tarn board considered selling the depot."
    assert decide_write("The Tarn board sold the depot.", considered).verdict not in ADMIT
    assert decide_write("The Tarn board approved the budget.",
                        "The Tarn board discussed the budget and approved it.").verdict in ADMIT
