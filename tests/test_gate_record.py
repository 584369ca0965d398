"""A record's later lines speak of the person its field names.

Each admitted claim is paired with a near miss over the same record: another number, a
dropped report or negation, another person the record names, a record of two people.
Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_record import record_readings

ADMIT = ("ACCEPT", "RESCUE")
CLINIC = (
    "Clinic note, 11 May 2026. Patient: Lwazi Mthembu, 34. Headache for 3 days. No fever. "
    "Plan: paracetamol, review in one week."
)
TICKET = (
    "Ticket #5120\nCustomer: Gulnora Yusupova\n"
    "Customer claims she was charged twice for the May subscription. Agent note: one charge in the logs."
)
REPORTED = "Physio note, 2 June. Patient: Tēvita Fonua. Reports he stopped the knee exercises a week ago."
HR = "Occupational health, 28 Oct. Employee: Andris Bērziņš, warehouse. Fit for light duties for two weeks."
AGED = "Seen 12/03. Lesieli Vaipulu, 64. No known drug allergies. BP 150/95."


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (CLINIC, "Lwazi Mthembu has had a headache for three days.",
         "Lwazi Mthembu has had a headache for five days."),
        (CLINIC, "Lwazi Mthembu has had a headache for three days.", "Lwazi Mthembu has a fever."),
        (TICKET, "Gulnora Yusupova claims she was charged twice for the May subscription.",
         "Gulnora Yusupova was charged twice for the May subscription."),
        # A report stays one: the reading must not turn "Reports he stopped" into a fact
        # (the admitted half holds without the reader, the refused half guards it).
        (REPORTED, "Tēvita Fonua reports he stopped the knee exercises a week ago.",
         "Tēvita Fonua stopped the knee exercises a week ago."),
        (HR, "Andris Bērziņš is fit for light duties for two weeks.",
         "Andris Bērziņš is fit for light duties for three weeks."),
        (AGED, "Lesieli Vaipulu has no known drug allergies.", "Lesieli Vaipulu has known drug allergies."),
    ],
)
def test_a_record_speaks_of_its_person(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_the_receipt_runs_from_the_field_that_names_the_person() -> None:
    decision = decide_write("Andris Bērziņš is fit for light duties for two weeks.", HR)
    assert decision.verdict in ADMIT and decision.checks[-1] == "record"
    assert decision.span is not None
    quoted = HR[decision.span[0] : decision.span[1]]
    assert quoted.startswith("Employee: Andris Bērziņš") and quoted.endswith("for two weeks.")


def test_a_record_of_two_people_or_a_line_about_another_is_not_read() -> None:
    two = "Patients: Lwazi Mthembu, Sipho Dube. Headache for 3 days."
    assert record_readings(two) == []
    assert decide_write("Lwazi Mthembu has had a headache for three days.", two).verdict not in ADMIT
    other = "Employee: Andris Bērziņš, warehouse. Ilze Kalniņa is fit for light duties."
    assert all("Andris Bērziņš is fit" not in reading for _, _, reading in record_readings(other))
    assert decide_write("Andris Bērziņš is fit for light duties.", other).verdict not in ADMIT
    assert decide_write("Ilze Kalniņa is fit for light duties.", other).verdict in ADMIT
