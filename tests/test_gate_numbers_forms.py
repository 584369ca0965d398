"""Numbers, currencies and dates written in other forms: the same value is admitted, a
different value, currency or year is refused. Currency surfaces come from the ISO 4217
table (codes, names) plus a few symbols; an ambiguous symbol is read as no country."""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.currencies import NAMES
from affidavit.text.iso4217 import CURRENCIES
from affidavit.text.numbers import quantities

ADMITTED = ("ACCEPT", "RESCUE")

PAIRS = [  # (evidence, admitted claim, refused claim)
    pytest.param(
        "Kestrel employs 14 people.",
        "Kestrel employs fourteen people.",
        "Kestrel employs fifteen people.",
        id="digits-to-words",
    ),
    pytest.param(
        "Kestrel employs fourteen people.",
        "Kestrel employs 14 people.",
        "Kestrel employs 41 people.",
        id="words-to-digits",
    ),
    pytest.param(
        "Vantec raised US$2.4m in its seed round.",
        "Vantec raised USD 2.4 million.",
        "Vantec raised USD 2.5 million.",
        id="us-dollar-forms",
    ),
    pytest.param(
        "Reikningur 2025-0317: Jón Ólafsson paid 54.400 kr. for the kitchen tap.",
        "Jón Ólafsson paid 54,400 kr. for the kitchen tap.",
        "Jón Ólafsson paid 54.4 kr. for the kitchen tap.",
        id="dot-grouped-thousands-beside-a-currency",
    ),
    pytest.param(
        "Waaberi Pay: Hodan Warsame's new balance is 1.310.000 SOS.",
        "Hodan Warsame's new balance is 1,310,000 SOS.",
        "Hodan Warsame's new balance is 1,310 SOS.",
        id="dot-grouped-thousands-in-two-groups",
    ),
    pytest.param(
        "Clinic note. Patient: Keoni Akana, 52. Takes metformin 500 mg twice daily.",
        "Keoni Akana takes metformin 500 mg twice a day.",
        "Keoni Akana takes metformin 500 mg a day.",
        id="rate-in-another-form-with-its-count",
    ),
    pytest.param(
        "Antenatal visit. Client: Hodan Abdi, 27. Start ferrous sulphate 200 mg TDS.",
        "Hodan Abdi starts ferrous sulphate 200 mg three times a day.",
        "Hodan Abdi starts ferrous sulphate 200 mg twice a day.",
        id="prescription-abbreviation-after-a-dose",
    ),
    pytest.param(
        "Keoni Akana takes amlodipine 5 mg once a day.",
        "Keoni Akana takes amlodipine 5 mg daily.",
        "Keoni Akana takes amlodipine 5 mg twice daily.",
        id="daily-is-once-a-day",
    ),
    pytest.param(
        "Tax invoice TI-88: Anwesha Dutta paid ৳13,800 on 2 May.",
        "Anwesha Dutta paid 13,800 taka.",
        "Anwesha Dutta paid 13,800 rupees.",
        id="taka-sign",
    ),
    pytest.param(
        "Revised pay for Anwesha Dutta: ₹11,40,000 a year from April.",
        "Anwesha Dutta's pay is ₹1,140,000 a year.",
        "Anwesha Dutta's pay is ₹114,000 a year.",
        id="lakh-grouping",
    ),
    pytest.param(
        "Revised pay for Anwesha Dutta: ₹11,40,000 a year from April.",
        "Anwesha Dutta's pay is 11.4 lakh rupees a year.",
        "Anwesha Dutta's pay is 11.4 lakh dollars a year.",
        id="lakh-scale-and-rupee-family",
    ),
    pytest.param(
        "[SMS] Aram Petrosyan: paid 50,000 dram for the tickets, will send the receipt",
        "Aram Petrosyan paid 50,000 drams for the tickets.",
        "Aram Petrosyan paid 50,000 rubles for the tickets.",
        id="word-currency-after-an-amount",
    ),
    pytest.param(
        "Treasurer Aram Petrosyan reported a surplus of 1.2 million AMD.",
        "Aram Petrosyan reported a surplus of 1,200,000 drams.",
        "Aram Petrosyan reported a surplus of 1,200,000 dollars.",
        id="word-code-after-an-amount",
    ),
    pytest.param(
        "Danilo Reyes lent me five thousand pesos for the deposit.",
        "Danilo Reyes lent 5,000 pesos.",
        "Danilo Reyes lent 5,000 euros.",
        id="worded-amount-with-a-currency-family",
    ),
    pytest.param(
        "Kofi Mensah paid GH₵ 14 500 on Friday; the rest follows in May.",
        "Kofi Mensah paid GHS 14,500 on Friday.",
        "Kofi Mensah paid USD 14,500 on Friday.",
        id="cedi-sign",
    ),
    pytest.param(
        "Armen Sargsyan's rent is ֏ 250 000 a month.",
        "Armen Sargsyan's rent is 250,000 Armenian drams a month.",
        "Armen Sargsyan's rent is 250,000 euros a month.",
        id="dram-sign",
    ),
    pytest.param(
        "Aigul Serikova renewed the Atyrau lease for three more years at ₸1.4m a month.",
        "Aigul Serikova renewed the Atyrau lease for three years at 1.4 million tenge per month.",
        "Aigul Serikova renewed the Atyrau lease for four years at 1.4 million tenge per month.",
        id="more-years-and-a-month",
    ),
    pytest.param(
        "Aigul Serikova pays ₸ 300 000 for the year.",
        "Aigul Serikova pays 300,000 tenge for the year.",
        "Aigul Serikova pays 300,000 tenge per year.",
        id="for-the-year-is-no-rate",
    ),
    pytest.param(
        "Vantec raised US$2.4m in its seed round.",
        "Vantec raised 2.4 million US dollars.",
        "Vantec raised AUD 2.4 million.",
        id="another-dollar-refused",
    ),
    pytest.param(
        "Vantec raised $1.2 million.",
        "Vantec raised 1,200,000 dollars.",
        "Vantec raised 12,000,000 dollars.",
        id="scale-word-and-digits",
    ),
    pytest.param(
        "Brio Foods paid €40,000 for the site.",
        "Brio Foods paid EUR 40,000 for the site.",
        "Brio Foods paid GBP 40,000 for the site.",
        id="euro-symbol-code",
    ),
    pytest.param(
        "Brio Foods paid EUR 40,000 for the site.",
        "Brio Foods paid 40,000 euros for the site.",
        "Brio Foods paid 40,000 pounds for the site.",
        id="euro-code-name",
    ),
    pytest.param(
        "Kell Partners paid 12,000 Czech korun.",
        "Kell Partners paid CZK 12,000.",
        "Kell Partners paid EUR 12,000.",
        id="czech-koruna-plural",
    ),
    pytest.param(
        "Ticket #88: refund of ¥3,000 approved for Omar Ali.",
        "Omar Ali was refunded 3,000 yen.",
        "Omar Ali was refunded 3,000 euros.",
        id="yen-symbol-name",
    ),
    pytest.param(
        "Nora Quill sold the flat for £310,000.",
        "Nora Quill sold the flat for GBP 310,000.",
        "Nora Quill sold the flat for USD 310,000.",
        id="pound-sterling",
    ),
]


@pytest.mark.parametrize(("evidence", "good", "bad"), PAIRS)
def test_the_same_amount_in_another_form_and_a_different_one(evidence: str, good: str, bad: str) -> None:
    """Admitted when value and currency agree; refused as numeral_invented when either differs."""
    d = decide_write(good, evidence)
    assert d.verdict in ADMITTED, d.refusal
    n = decide_write(bad, evidence)
    assert n.verdict == "REJECT" and n.refusal is not None and n.refusal.code == "numeral_invented", n


def test_a_price_said_with_a_copula_is_what_it_costs() -> None:
    """Write gate 3.97: "the new drill is €180" says what "costs €180" says, of the thing its
    own clause names: "the old one was €95" prices another drill, and "is €95 cheaper" no
    drill at all (3.108)."""
    evidence = "ok so the new drill for the Orrin shop is €180, the old one was €95"
    assert decide_write("The new drill for the Orrin shop costs €180.", evidence).verdict in ADMITTED
    assert decide_write("The new drill for the Orrin shop costs €95.", evidence).verdict == "REJECT"
    cheaper = "The new drill for the Orrin shop is €95 cheaper than the old one."
    assert decide_write("The new drill for the Orrin shop costs €95.", cheaper).verdict == "REJECT"


@pytest.mark.parametrize(
    "evidence",
    [
        "the discount on the Orrin drill is €180 this week",
        "Our saving on the Orrin drill is €180.",
        "if the Orrin drill is €180 we'll take two",
        "the Orrin drill and the Bosk saw is €180 together",
        "the Orrin drill is €180 more than the Bosk one",
        "the Orrin drill is €180 cheaper online",
        "the Orrin drill is €180 off today only",
        "the Orrin drill was €180 before the price went up to €240",
        "Mira Oll: the Orrin drill is €180 a night plus €40 tax",
    ],
)
def test_a_copula_price_whose_clause_says_more_is_not_what_it_costs(evidence: str) -> None:
    """Write gate 3.107: "is €180" says "costs €180" only of a clause that is the claim's
    thing and its price now; a noun before the thing, a condition, a comparison or other
    words after the amount, or a past copula make the amount something else."""
    d = decide_write("The Orrin drill costs €180.", evidence)
    assert d.verdict not in ADMITTED, (evidence, d)
    assert decide_write("The Orrin drill costs €180.", "the Orrin drill is €180").verdict in ADMITTED
    other = "Mira Oll: the Orrin drill is €180, the Bosk one is €95"
    assert decide_write("The Orrin drill costs €180.", other).verdict in ADMITTED


def test_a_dollar_sign_beside_another_dollar_names_no_country() -> None:
    """ "$" is US dollars only while the text names no other dollar."""
    plain = "Vantec raised $1.2 million."
    mixed = "Vantec raised $1.2 million after A$3m from Sydney backers."
    assert decide_write("Vantec raised USD 1.2 million.", plain).verdict in ADMITTED
    assert decide_write("Vantec raised USD 1.2 million.", mixed).verdict == "REJECT"
    assert decide_write("Vantec raised $1.2 million.", mixed).verdict in ADMITTED


def test_a_prescription_abbreviation_is_a_rate_only_after_a_dose() -> None:
    from affidavit.text.frequency import rates

    found = rates("metformin 500 mg BD, amlodipine 5 mg OD")
    assert [(r.unit, r.times) for r in found] == [("day", 2), ("day", 1)]
    assert rates("he took an OD last year; BD is his initials") == []


def test_a_dot_is_a_decimal_point_unless_it_groups_thousands() -> None:
    # One three-digit group after a dot is a decimal unless a currency written so is beside it.
    assert [str(q.value) for q in quantities("Version 2.400 and pi is 3.141")] == ["2.4", "3.141"]
    assert [str(q.value) for q in quantities("54.400 kr. and €1.200")] == ["5.44E+4", "1.2E+3"]


def test_a_currency_word_is_a_word_beside_a_small_number() -> None:
    # "dram", "mark", "real" are English words: a currency only beside an amount of 100 or more.
    assert {q.surface.strip(): q.unit for q in quantities("a 3 dram glass")} == {"3": None}
    assert [q.unit for q in quantities("he drank 300 drams of whisky")] == [None]  # a measure of something
    assert [q.unit for q in quantities("sales passed the 1,000 mark")] == [None]
    assert [q.unit for q in quantities("GEL 4,500 and 300 lari")] == ["gel", "gel"]
    assert [q.unit for q in quantities("Rs 600")] == ["family:rupee"]


def test_the_table_is_the_standard_and_names_are_unique() -> None:
    """Every ISO code of the table is read before a number; a shared last word is no name."""
    assert len(CURRENCIES) > 150 and {"CZK", "JPY", "USD", "EUR", "GBP"} <= {c for c, _, _ in CURRENCIES}
    assert quantities("SEK 400")[0].unit == "sek" and quantities("400 Swedish kronor")[0].unit == "sek"
    # A shared last word names the family, not one country's currency.
    assert NAMES["koruna"] == "czk" and NAMES["krone"] == "family:krone" and NAMES["peso"] == "family:peso"
    assert quantities("the TOP 10 list")[0].unit is None  # a code that is an English word
    assert quantities("won 3 games")[0].unit is None


DATES = [  # (evidence, admitted claim, refused claim)
    pytest.param(
        "Ada Berg worked at Vantec (2016–2021).",
        "Ada Berg worked at Vantec from 2016 to 2021.",
        "Ada Berg worked at Vantec from 2015 to 2021.",
        id="range-from-to",
    ),
    pytest.param(
        "Ada Berg worked at Vantec (2016–2021).",
        "Ada Berg worked at Vantec between 2016 and 2021.",
        "Ada Berg worked at Vantec between 2016 and 2022.",
        id="range-between",
    ),
    pytest.param(
        "Ada Berg worked at Vantec (2016-21).",
        "Ada Berg worked at Vantec until 2021.",
        "Ada Berg worked at Vantec until 2020.",
        id="range-until-short-year",
    ),
    pytest.param(
        "Ada Berg (b. 1970) is a Cork architect.",
        "Ada Berg was born in 1970.",
        "Ada Berg was born in 1971.",
        id="born-abbreviation",
    ),
    pytest.param(
        "In 2015 Lena Ortiz joined Vantec. Two years later she left.",
        "Lena Ortiz left in 2017.",
        "Lena Ortiz left in 2016.",
        id="years-later",
    ),
    pytest.param(
        "In 2015 Lena Ortiz joined Vantec. The following year she left.",
        "Lena Ortiz left in 2016.",
        "Lena Ortiz left in 2017.",
        id="the-following-year",
    ),
    pytest.param(
        "Lena Ortiz retired in 2020. Three years earlier she had moved to Cork.",
        "Lena Ortiz had moved to Cork in 2017.",
        "Lena Ortiz had moved to Cork in 2023.",
        id="years-earlier",
    ),
]


@pytest.mark.parametrize(("evidence", "good", "bad"), DATES)
def test_a_date_in_another_form_and_a_shifted_one(evidence: str, good: str, bad: str) -> None:
    """The date the evidence states in other words is admitted; a shifted one is refused."""
    d = decide_write(good, evidence)
    assert d.verdict in ADMITTED, d.refusal
    assert decide_write(bad, evidence).verdict == "REJECT"


def test_relative_time_needs_one_anchor() -> None:
    """Two years in the anchoring sentence: "two years later" lands on neither; the receipt
    of a derived year covers the sentence that states the anchor."""
    ev = "Lena Ortiz joined Vantec in 2015 and Kell in 2016. Two years later she left."
    assert decide_write("Lena Ortiz left in 2017.", ev).verdict == "REJECT"
    assert decide_write("Lena Ortiz left in 2018.", ev).verdict == "REJECT"
    one = "In 2015 Lena Ortiz joined Vantec. Two years later she left."
    d = decide_write("Lena Ortiz left in 2017.", one)
    assert d.span is not None and d.span[0] == 0
