"""A number the evidence's own numbers make certain, when words on both sides say how.

Each admitted claim is paired with a near miss: the wrong sum or difference, or the right
number with no word that says it is a total. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.arithmetic import derived
from affidavit.text.numbers import quantities

ADMIT = ("ACCEPT", "RESCUE")
PAID = "Gatis Ozols paid 120 USD last week and 180 USD today for the van."
STAFF = "The Liepāja warehouse has 38 staff now, up from 30 in March."
ROOMS = "The two Lugo hotel rooms cost €85 a night each."
SHAWLS = "Zanele Dlamini says 2 of the 12 shawls in her order arrived damaged."


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (PAID, "Gatis Ozols paid 300 USD in total for the van.",
         "Gatis Ozols paid 310 USD in total for the van."),
        (PAID, "Gatis Ozols paid 300 USD in total for the van.", "Gatis Ozols paid 300 USD for the van."),
        (STAFF, "The Liepāja warehouse has eight more staff than in March.",
         "The Liepāja warehouse has nine more staff than in March."),
        (ROOMS, "The two Lugo hotel rooms cost €170 a night in total.",
         "The two Lugo hotel rooms cost €180 a night in total."),
        (SHAWLS, "Zanele Dlamini says 10 of the 12 shawls in her order arrived undamaged.",
         "Zanele Dlamini says 9 of the 12 shawls in her order arrived undamaged."),
    ],
)
def test_a_sum_or_difference_the_text_makes(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_an_operation_needs_its_word() -> None:
    claim = "Gatis Ozols paid 300 USD for the van."
    (q,) = quantities(claim)
    assert derived(q, claim, PAID, quantities(PAID)) is None  # no "total": 300 is invented
    total = "Gatis Ozols paid 300 USD in total for the van."
    (q,) = quantities(total)
    assert derived(q, total, PAID, quantities(PAID)) == "sum"
    assert derived(quantities("€170 in total")[0], "€170 in total", ROOMS, quantities(ROOMS)) == "product"
    no_rate = "The two Lugo hotel rooms cost €85 a night."
    assert derived(quantities("€170 in total")[0], "€170 in total", no_rate, quantities(no_rate)) is None


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        ("Ana Berg has built boats for four decades.", "Ana Berg has built boats for forty years.",
         "Ana Berg has built boats for fifty years."),
        ("Clinic note: Ana Berg, back pain x 3 wks.", "Ana Berg has had back pain for 21 days.",
         "Ana Berg has had back pain for 20 days."),
        ("Ana Berg stayed in Tromsø for 24 months.", "Ana Berg stayed in Tromsø for two years.",
         "Ana Berg stayed in Tromsø for three years."),
        ("Profile: Ana Berg, civil engineer, 12 yrs experience.", "Ana Berg has 12 years of experience.",
         "Ana Berg has 12 months of experience."),
    ],
)
def test_a_length_of_time_in_another_unit(evidence: str, admitted: str, refused: str) -> None:
    """Decades and years, weeks and days: exact conversions within a family of time units
    (months and years are never converted to days), and the short forms notes write."""
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT
