"""A present-tense claim stored with an ended interval says what held until then.

An agent that stores "Bethan Carrow lives in Porthwen" valid to 2021-07-01 states the fact
over its interval, as it would write "lived". The gate decides such a claim, when refused
only for its tense, again in the past, provided the sentence that supports it ends the
state in that year ("until ... 2021"), names the subject itself, and is no report or quote.
With no interval, an end the evidence does not state, another place or relation, a habit
or an event, a plan, it is refused as before; a re-resolve, which replays the stored
interval, decides the same.
"""

from __future__ import annotations

import pytest

from affidavit.forensics.reresolve import reresolve
from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")
EVIDENCE = "Bethan Carrow lived in Porthwen, above the old chapel, until the summer of 2021."


@pytest.mark.parametrize(("claim", "held_until", "admitted"), [
    ("Bethan Carrow lives in Porthwen.", "2021-07-01", True),
    ("Bethan Carrow lives in Porthwen.", None, False),  # no interval: the present tense is wrong
    ("Bethan Carrow lives in Porthwen.", "2024-07-01", False),  # an end the evidence does not state
    ("Bethan Carrow lives in Tregare.", "2021-07-01", False),  # another place
    ("Bethan Carrow owns the old chapel.", "2021-07-01", False),  # another relation
])
def test_an_ended_interval_reads_the_claim_in_the_past(claim: str, held_until: str | None,
                                                       admitted: bool) -> None:
    decision = decide_write(claim, EVIDENCE, held_until=held_until)
    assert (decision.verdict in ADMIT) is admitted, decision.refusal


@pytest.mark.parametrize(("claim", "evidence", "held_until"), [
    ("Ifor Penhale is the mayor of Carnmoor.",
     "Ifor Penhale served as mayor of Carnmoor from 2016 until October 2024.", "2024-10-25"),
    ("Ifor Penhale drives a blue van.", "Ifor Penhale drove a blue van until he sold it in August 2024.",
     "2024-09-01"),
])
def test_past_forms(claim: str, evidence: str, held_until: str) -> None:
    assert decide_write(claim, evidence).verdict == "REJECT"
    decision = decide_write(claim, evidence, held_until=held_until)
    assert decision.verdict in ADMIT, decision.refusal
    assert "held_until" in decision.checks


@pytest.mark.parametrize(("claim", "evidence", "held_until"), [
    # the end's year written for another reason, or as a start
    ("Morwen Tresize lives in Polgwyn.",
     "Morwen Tresize lived in Polgwyn until 2019. She sold the house in 2023.", "2023-06-01"),
    ("Morwen Tresize lives in Polgwyn.", "Morwen Tresize lived in Polgwyn from 2019.", "2019-12-31"),
    # a habit or an event, not a state: one past event is not it
    ("Morwen Tresize visits her mother in Polgwyn.",
     "Morwen Tresize visited her mother in Polgwyn until 2020.", "2020-04-01"),
    # a quoted end, and a plan
    ("Morwen Tresize lives in Polgwyn.",
     '"Morwen Tresize lived in Polgwyn until 2021," the form says.', "2021-06-01"),
    ("Morwen Tresize is to marry Jago Penrose.",
     "Morwen Tresize was to marry Jago Penrose until 2001.", "2001-06-01"),
])
def test_no_past_reading(claim: str, evidence: str, held_until: str) -> None:
    assert decide_write(claim, evidence, held_until=held_until).verdict not in ADMIT


def test_remember_and_reresolve_use_the_interval(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store()
    kept = store.remember("Bethan Carrow lives in Porthwen.", EVIDENCE, valid_from="2012-05-01",
                          valid_to="2021-07-01")
    assert kept.status == "admitted", kept.reason
    refused = store.remember("Bethan Carrow lives in Porthwen.", EVIDENCE)
    assert refused.status == "refused"
    report = reresolve(store, tenant=None)
    assert report.different == 0 and report.same >= 1
