"""A CV's job line says where its holder worked, as what, and when.

Each admitted claim is paired with a near miss over the same profile: another employer,
another year, a span of years the range does not make, a past job stated as current, a
job line that names nobody's job. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_tenure import tenure_readings

ADMIT = ("ACCEPT", "RESCUE")
PROFILE = (
    "Sabela Outeiro — Data engineer, Mareiras Loxística (2021–present). "
    "Previously analyst at Banco Ribeirán (2016–2021). MSc, Universidade de Lugo."
)
CV = (
    "TOMÁS CANDAL — CV\n2019–2024: Senior nurse, Hospital Comarcal Barbanza\n"
    "2015–2019: Staff nurse, Clínica Arousa"
)
BIO = "Noa Vilar, graphic designer. Estudio Cíes, Vigo, 2021–now. Freelance, Lugo, 2016–2021."
NOTES = (
    "Interview notes — Brais Lamela, sous-chef at Taberna Miño for three years, "
    "previously line cook at the Hotel Faro."
)


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (PROFILE, "Sabela Outeiro has worked at Mareiras Loxística since 2021.",
         "Sabela Outeiro has worked at Mareiras Loxística since 2019."),
        (BIO, "Noa Vilar has worked at Estudio Cíes in Vigo since 2021.",
         "Noa Vilar has worked at Estudio Cíes in Vigo since 2016."),
        (PROFILE, "Sabela Outeiro worked at Banco Ribeirán for five years.",
         "Sabela Outeiro worked at Banco Ribeirán for six years."),
        (PROFILE, "Sabela Outeiro used to be an analyst at Banco Ribeirán.",
         "Sabela Outeiro is an analyst at Banco Ribeirán."),
        (PROFILE, "Sabela Outeiro used to be an analyst at Banco Ribeirán.",
         "Sabela Outeiro has worked at Banco Ribeirán since 2016."),
        (CV, "Tomás Candal worked as a staff nurse at Clínica Arousa from 2015 to 2019.",
         "Tomás Candal worked as a staff nurse at Clínica Arousa from 2015 to 2020."),
        (CV, "Tomás Candal worked as a senior nurse at Hospital Comarcal Barbanza.",
         "Tomás Candal worked as a senior nurse at Clínica Arousa."),
        (NOTES, "Brais Lamela previously worked as a line cook at the Hotel Faro.",
         "Brais Lamela previously worked as a line cook at Taberna Miño."),
    ],
)
def test_a_job_line_says_where_and_when(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_the_receipt_covers_the_job_line_read() -> None:
    decision = decide_write("Sabela Outeiro worked at Banco Ribeirán for five years.", PROFILE)
    assert decision.verdict in ADMIT and decision.checks[-1] == "tenure"
    assert decision.span is not None
    assert "Banco Ribeirán (2016–2021)" in PROFILE[decision.span[0] : decision.span[1]]


def test_a_job_line_under_a_sentence_is_nobodys() -> None:
    evidence = "Uxía Pazos met Xoel Rego in Lugo. Analyst, Banco Ribeirán (2016–2021)."
    assert tenure_readings(evidence) == []
    assert decide_write("Uxía Pazos met Xoel Rego in Lugo.", evidence).verdict in ADMIT
    assert decide_write("Uxía Pazos worked at Banco Ribeirán.", evidence).verdict not in ADMIT


def test_a_past_role_is_not_a_current_one() -> None:
    # Not the tenure reader: "worked as" in the past says nothing of now.
    evidence = "Noa Vilar worked as a pilot at Aerolíneas Cíes from 2010 to 2015."
    assert decide_write("Noa Vilar worked as a pilot at Aerolíneas Cíes.", evidence).verdict in ADMIT
    assert decide_write("Noa Vilar is a pilot at Aerolíneas Cíes.", evidence).verdict not in ADMIT


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        ("Before that, Ana Berg spent five years at Brix Foods in Leeds.",
         "Ana Berg worked for five years at Brix Foods.", "Ana Berg works at Brix Foods."),
        ("Please welcome Ana Berg, our new CFO. She was previously at Brix Foods.",
         "Ana Berg previously worked at Brix Foods.", "Ana Berg worked at Vantec."),
        ("Ana Berg spent three years at Leeds University before joining Brix Foods.",
         "Ana Berg joined Brix Foods.", "Ana Berg worked for three years at Leeds University."),
        ("Ana Berg spent two weeks at the Arlo hospital after the fall.",
         "Ana Berg spent two weeks at the Arlo hospital.", "Ana Berg worked at the Arlo hospital."),
    ],
)
def test_years_spent_at_a_party_are_years_worked_there(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT
