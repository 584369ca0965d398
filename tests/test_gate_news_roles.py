"""Write gate 3.88: news paragraphs. Whose post a description gives, and a trailing report
whose speaker is described.

Each case pairs a claim the gate must refuse with one it must admit over the same
evidence, so a gate that refuses everything fails as surely as one that admits
everything. Examples are our own; names are invented.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from affidavit.gates.write import RESOLVER_VERSION, decide_write
from affidavit.text.clauses import read
from affidavit.text.names import find_names
from affidavit.text.reference import description_referent
from tests.gate_pairs import ADMIT, assert_pair

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    # A post is its owner's: every word of the refused claim is in the evidence.
    (
        "relation_transposed",
        "Corvell Freight's managing director, Ysolde Amari, ordered six vans from Tashkin Motors.",
        "Ysolde Amari is the managing director of Tashkin Motors.",
        "Ysolde Amari is the managing director of Corvell Freight.",
    ),
    # A trailing report keeps its speaker with a description beside the name.
    (
        "modality_dropped",
        "The Olwen Vale reservoir will reopen to anglers in May, Cadfan Rhys, chair of the Olwen "
        "Water Trust, said.",
        "The Olwen Vale reservoir will reopen to anglers in May.",
        "Cadfan Rhys said the Olwen Vale reservoir will reopen to anglers in May.",
    ),
    (
        "modality_dropped",
        "The Olwen Vale reservoir will reopen to anglers in May, said Cadfan Rhys, chair of the trust.",
        "The Olwen Vale reservoir will reopen to anglers in May.",
        "Cadfan Rhys said the Olwen Vale reservoir will reopen to anglers in May.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)


def test_an_organisations_report_stays_a_report() -> None:
    """No self-report reading: a company's word on its own act is kept as its word. (3.124
    tried one; a red team found 182 false admissions it opened: the wrong speaker behind
    "the company said", "it" that is another party, "was told", nested beliefs, advice and
    habits read through "would", withdrawn statements. It was taken out in 3.127.)"""
    evidence = "Pellin Foods said it had completed the Selk plant."
    assert decide_write("Pellin Foods completed the Selk plant.", evidence).verdict == "REJECT"
    assert decide_write("Pellin Foods said it had completed the Selk plant.", evidence).verdict in ADMIT


class _Named(NamedTuple):
    name: str
    start: int
    end: int


def test_a_trailing_attribution_is_no_apposition_of_the_name_before_it() -> None:
    """ "... jobs in Varrow, the company said": "the company" speaks there, it does not
    describe Varrow; "Varrow, the company, will cut ..." does describe it."""
    for text, referent in (
        ("Pellin Foods will cut 300 jobs in Varrow, the company said.", "Pellin Foods"),
        ("Varrow, the company, will cut 300 jobs, the firm said.", "Varrow"),
    ):
        found = [_Named(*m) for m in find_names(text)]
        assert description_referent(text, found, "company", len(text)) == referent, text


def test_an_acronym_is_the_owner_it_abbreviates() -> None:
    evidence = "Ysolde Amari is a researcher at the Brelling Institute of Technology."
    assert decide_write("Ysolde Amari is a researcher at BIT.", evidence).verdict in ADMIT
    assert decide_write("Ysolde Amari is a researcher at KIT.", evidence).verdict == "REJECT"


def test_a_described_trailing_report_governs_the_clause_before_only() -> None:
    text = "The Olwen Vale reservoir will reopen in May, Cadfan Rhys, the trust chair, said on Monday."
    (seg,) = read(text)
    assert text[seg.start : seg.end] == "The Olwen Vale reservoir will reopen in May"
    assert [(f.kind, f.arg) for f in seg.frames] == [("hearsay", "Cadfan Rhys")]
    plain = "The Olwen Vale reservoir, a big one, reopened in May."
    assert all(not s.frames for s in read(plain))


def test_a_post_given_as_a_title_is_held_not_owned() -> None:
    """ "Approved by line manager Tomas Ekdahl": Ekdahl is a line manager; the claim that
    makes him the one who has one is transposed, the claim that he is one is not."""
    evidence = "Employee: Ilka Varnes (buyer)\nLeave approved by line manager Tomas Ekdahl."
    refused = decide_write("Ilka Varnes is Tomas Ekdahl's line manager.", evidence)
    assert refused.refusal is not None and refused.refusal.code == "relation_transposed"
    assert decide_write("Tomas Ekdahl is a line manager.", evidence).verdict in ADMIT


def test_a_figure_given_as_a_forecast_or_an_estimate_is_kept_so() -> None:
    """Write gate 3.89: "€2.7m (forecast)", "(CEO's estimate)" hedge the figure."""
    for evidence in ("Tolvane Steel's Q1 revenue was €2.7m (forecast).",
                     "Tolvane Steel's Q1 revenue was €2.7m (CEO's estimate)."):
        assert decide_write("Tolvane Steel's Q1 revenue was €2.7m.", evidence).verdict == "REJECT"
        assert decide_write("Tolvane Steel's forecast Q1 revenue was €2.7m.", evidence).verdict in ADMIT
    plain = "Tolvane Steel's Q1 revenue was €2.7m."
    assert decide_write("Tolvane Steel's Q1 revenue was €2.7m.", plain).verdict in ADMIT


def test_version() -> None:
    assert RESOLVER_VERSION.startswith("write-gate/3.140+")
