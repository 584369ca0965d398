"""A ticket's assignee field read with the record its title names.

"Ticket #MT-5521 ... Assignee: X" says X is assigned ticket MT-5521 (the "#" is no part
of what a claim must copy), and "Support ticket 7783 ... Handled by: X" says X handled
support ticket 7783. Each pair quotes one record: its assignee with its own id is
admitted; another id, or another person of the record, is refused.
"""

from __future__ import annotations

import pytest
from gate_pairs import assert_pair

TICKET = ("Ticket #QX-4410\nReporter: Marit Solvang-Dyce\nAssignee: Torben Alvik\n"
          "Issue: card reader rejects contactless payments.\nStatus: open")
SUPPORT = ("Support ticket 6631 — Brackwater Tours booking system\nCustomer: Idony Carrow\n"
           "Problem: booking confirmation never arrived.\nHandled by: Emrys Talfan")


@pytest.mark.parametrize(("evidence", "admitted", "refused"), [
    pytest.param(TICKET, "Torben Alvik is assigned ticket QX-4410.",
                 "Torben Alvik is assigned ticket QX-4411.", id="assigned-without-the-hash"),
    pytest.param(SUPPORT, "Emrys Talfan handled support ticket 6631.",
                 "Emrys Talfan handled support ticket 6613.", id="handled-by-with-the-title-words"),
])
def test_the_assignee_of_this_record(evidence: str, admitted: str, refused: str) -> None:
    assert_pair("numeral_invented", evidence, refused, admitted)


def test_the_record_assigned_to_its_assignee() -> None:
    from affidavit.gates.write import decide_write

    yes = decide_write("Ticket QX-4410 was assigned to Torben Alvik.", TICKET)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal
    assert decide_write("Ticket QX-4419 was assigned to Torben Alvik.", TICKET).verdict == "REJECT"


@pytest.mark.parametrize(("evidence", "claim"), [
    (TICKET, "Marit Solvang-Dyce is assigned ticket QX-4410."),  # the reporter
    (SUPPORT, "Idony Carrow handled support ticket 6631."),  # the customer
])
def test_another_person_of_the_record_is_not_its_assignee(evidence: str, claim: str) -> None:
    from affidavit.gates.write import decide_write

    assert decide_write(claim, evidence).verdict == "REJECT"


@pytest.mark.parametrize("doer", ["the treasurer", "Treasurer", "The Treasurer"])
def test_an_action_given_to_a_role_is_not_the_chairs(doer: str) -> None:
    """Minutes that give an action to a role ("Action: the treasurer to open an account")
    do not give it to the chair or to anyone merely present; the role's holder, named by
    the minutes, is the only one it can be (admitted when the reading reaches them)."""
    from affidavit.gates.write import decide_write

    evidence = (f"Pendle Allotment Society — AGM, Sun 10 May 2026\nChair: Gwenllian Pryce. "
                f"Treasurer: Osian Bevan-Rhys.\nAction: {doer} to open a new bank account.\n"
                "Next meeting: August.")
    assert decide_write("Gwenllian Pryce is to open a new bank account.", evidence).verdict == "REJECT"
    present = f"Present: Gwenllian Pryce, Osian Bevan-Rhys.\nAction: {doer} to open a new bank account."
    assert decide_write("Gwenllian Pryce is to open a new bank account.", present).verdict == "REJECT"
    named = ("Present: Gwenllian Pryce, Osian Bevan-Rhys.\n"
             "Action: Osian Bevan-Rhys to open a new bank account.")
    yes = decide_write("Osian Bevan-Rhys is to open a new bank account.", named)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal


def test_a_qualified_handler_leaves_the_other_fields_their_record() -> None:
    """ "Handled by: X (from Monday)" gives X no record reading, and only X: a field after it
    is still read with the record's id."""
    from affidavit.gates.write import decide_write

    evidence = ("Support ticket 5817 — Tolvenna Stays booking system\n"
                "Handled by: Emrys Talfan (from Monday)\n"
                "Reporter: Idony Carrow\nProblem: booking confirmation never arrived.")
    assert decide_write("Emrys Talfan handled support ticket 5817.", evidence).verdict == "REJECT"
    yes = decide_write("Idony Carrow reported support ticket 5817.", evidence)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal
