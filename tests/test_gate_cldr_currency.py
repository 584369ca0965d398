"""Currencies as their own countries write them: the CLDR's local symbols and plural names.

"S/ 45,000" is 45,000 Peruvian soles, "TSh 95,000" 95,000 Tanzanian shillings, "USh"
Ugandan, "KSh" Kenyan; "Icelandic krónur" is the plural of the króna. Each pair quotes one
evidence: the same amount in another written form of the same currency is admitted; the
same amount in another currency is refused.
"""

from __future__ import annotations

import pytest
from gate_pairs import assert_pair

from affidavit.text import cldr_currency
from affidavit.text.numbers import quantities

PAIRS = [  # (evidence, admitted claim, refused claim)
    pytest.param("Brannock Weavers will be paid in two instalments of S/ 45,000.",
                 "Brannock Weavers will be paid in two instalments of 45,000 Peruvian soles.",
                 "Brannock Weavers will be paid in two instalments of 45,000 Mexican pesos.",
                 id="sol-symbol"),
    pytest.param("The Tremenheere lodge charges TSh 95,000 per room per night.",
                 "The Tremenheere lodge charges 95,000 Tanzanian shillings per room per night.",
                 "The Tremenheere lodge charges 95,000 Kenyan shillings per room per night.",
                 id="shilling-symbol"),
    pytest.param("Kenwyn Gear charged Morwenna Ellis ISK 38,900 for the tour.",
                 "Kenwyn Gear charged Morwenna Ellis 38,900 Icelandic krónur for the tour.",
                 "Kenwyn Gear charged Morwenna Ellis 38,900 Swedish kronor for the tour.", id="plural-name"),
    pytest.param("Jory Pascoe sold the boda for USh 2,400,000.",
                 "Jory Pascoe sold the boda for 2,400,000 Ugandan shillings.",
                 "Jory Pascoe sold the boda for 2,400,000 Tanzanian shillings.", id="ugandan-symbol"),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_the_same_currency_in_another_form(evidence: str, admitted: str, refused: str) -> None:
    assert_pair("numeral_invented", evidence, refused, admitted)


@pytest.mark.parametrize(("text", "money"), [
    ("S/N 12345", "S/ 12345"), ("1200 s/ VAT", "S/ 1200"), ("12 S/ 8 M/ 5 L", "(S/ 8)"),
    ("den 500", "ден. 500"), ("FC 500", "FBu 500"), ("Rp 500 and K 20", "TSh 500"),
])
def test_what_is_no_currency_symbol(text: str, money: str) -> None:
    """A serial number's "S/N", another case, a symbol after a number, a lower-case word, and
    one- or two-letter symbols stay plain; paired with the symbol written as money."""
    local = set(cldr_currency.SYMBOLS.values())
    assert not any(q.unit in local for q in quantities(text))
    assert [q.unit in local for q in quantities(money)] == [True]


def test_the_table_names_its_source() -> None:
    assert cldr_currency.CLDR_SOURCE.startswith("CLDR via babel-")
    assert cldr_currency.SYMBOLS["S/"] == "pen" and "den" not in cldr_currency.SYMBOLS


def test_gold_is_a_metal_and_zimbabwean_gold_money() -> None:
    """ "Gold" alone is Zimbabwe Gold's last word but a metal in text: not money; the full
    name and the code are."""
    assert all(q.unit is None for q in quantities("The Kernick vault holds 500 gold coins."))
    assert [q.unit for q in quantities("The fine was ZWG 500.")] == ["zwg"]
    assert [q.unit for q in quantities("The fine was 500 Zimbabwean gold.")] == ["zwg"]
