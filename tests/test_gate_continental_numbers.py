"""Numbers as much of Europe writes them: a decimal comma, thousands grouped by dots,
spaces or apostrophes, and a currency symbol after the amount.

A comma followed by one or two digits is never an English thousands separator, so it is
a decimal comma. Read as two numbers, "2,5 km" gave a claim either half ("ran 5 km"),
and "R$ 1.350,00" read as R$ 1.35: false admissions. Each pair below quotes one
evidence: the value it states, in English notation, is admitted; a part of it, or the
value read the old way, is refused.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from gate_pairs import assert_pair

from affidavit.text.numbers import quantities

PAIRS = [  # (evidence, admitted claim, refused claim)
    pytest.param("Wendelin Ostrakov ran 2,5 km on Sunday.",
                 "Wendelin Ostrakov ran 2.5 km on Sunday.",
                 "Wendelin Ostrakov ran 5 km on Sunday.", id="decimal-comma-before-a-unit"),
    pytest.param("Quirina Fenwoud paid 12,50 EUR for the ticket.",
                 "Quirina Fenwoud paid EUR 12.50 for the ticket.",
                 "Quirina Fenwoud paid 50 EUR for the ticket.", id="decimal-comma-before-a-code"),
    pytest.param("Quirina Fenwoud paid 12,50 EUR for the ticket.",
                 "Quirina Fenwoud paid 12.50 euros for the ticket.",
                 "Quirina Fenwoud paid 12 EUR for the ticket.", id="decimal-comma-is-not-its-whole-part"),
    pytest.param("Baptiste Lormeau paid R$ 1.350,00 for the contract review.",
                 "Baptiste Lormeau paid R$ 1,350.00 for the contract review.",
                 "Baptiste Lormeau paid R$ 1.35 for the contract review.",
                 id="dot-groups-and-a-decimal-comma"),
    pytest.param("Invoice from Velbrook Oy: Hesper Dunmoor owes 994,50 € for the hull repair.",
                 "Hesper Dunmoor owes €994.50 for the hull repair.",
                 "Hesper Dunmoor owes €50 for the hull repair.", id="symbol-after-the-amount"),
    pytest.param("Perpetua Strallan was paid 12 000,50 Kč for the translation.",
                 "Perpetua Strallan was paid CZK 12,000.50 for the translation.",
                 "Perpetua Strallan was paid CZK 50 for the translation.",
                 id="space-groups-and-a-decimal-comma"),
    pytest.param("Oskarine Marquand paid CHF 1'250.00 for the repair.",
                 "Oskarine Marquand paid CHF 1,250 for the repair.",
                 "Oskarine Marquand paid CHF 1 for the repair.", id="apostrophe-groups"),
    pytest.param("Oskarine Marquand weighs 72,5 kg.",
                 "Oskarine Marquand weighs 72.5 kg.",
                 "Oskarine Marquand weighs 72 kg.", id="decimal-comma-of-one-digit"),
    # A dot before exactly three digits beside a currency whose minor unit is not three
    # digits (ISO 4217) groups thousands: "₲ 64.000" is sixty-four thousand, never 64.
    pytest.param("Ñeenga Benítez paid ₲ 64.000 at Farmacia Arandu.",
                 "Ñeenga Benítez paid ₲64,000 at Farmacia Arandu.",
                 "Ñeenga Benítez paid ₲64 at Farmacia Arandu.", id="one-dot-group-beside-a-currency"),
    pytest.param("Ignacy Wronka paid 18,000 złoty for the boat.",
                 "Ignacy Wronka paid 18,000 zlotys for the boat.",
                 "Ignacy Wronka paid 18,000 euros for the boat.", id="a-currency-name-with-its-own-letters"),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_the_value_is_admitted_and_a_part_of_it_refused(evidence: str, admitted: str,
                                                        refused: str) -> None:
    """Paired over the same evidence: the value read whole is admitted; a part is refused."""
    assert_pair("numeral_invented", evidence, refused, admitted)


@pytest.mark.parametrize(("text", "values"), [
    ("2,5 km", ["2.5"]),
    ("R$ 1.350,00", ["1350"]),
    ("CHF 1'250.00", ["1250"]),
    ("12 000,50 Kč", ["12000.5"]),
    ("₲ 64.000", ["64000"]),
    ("R$ 7.800", ["7800"]),
    ("KWD 1.250", ["1.25"]),  # the Kuwaiti dinar has three decimals
    ("3.141 metres", ["3.141"]),  # no currency: a decimal
    # English forms are unchanged: three digits after a comma are thousands, a list of
    # numbers stays a list.
    ("12,000 people", ["12000"]),
    ("rooms 1,2,3", ["1", "2", "3"]),
    ("in 2019, 20 people", ["20"]),
])
def test_how_the_notation_reads(text: str, values: list[str]) -> None:
    """The values read (dates aside), and the surfaces quote the text as written."""
    found = quantities(text)
    assert [str(q.value.normalize()) for q in found] == [
        str(Decimal(v).normalize()) for v in values]
    assert all(q.surface.strip() in text for q in found)
