"""Negation is read in the clause the claim matches, not over the whole sentence.

"Bea Lindqvist renewed the permit; she didn't renew the licence" negates the licence
only. Each case pairs an admitted claim with the refused near-miss. Examples are our
own (chat, tickets, minutes); names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim)
PAIRS = [
    (
        "Bea Lindqvist renewed the permit; she didn't renew the licence.",
        "Bea Lindqvist renewed the permit.",
        "Bea Lindqvist renewed the licence.",
    ),
    (
        "ticket 41: Tomas Greer reset the router, but he didn’t replace the modem",
        "Tomas Greer reset the router.",
        "Tomas Greer replaced the modem.",
    ),
    (
        "Kit Amberley booked the hall but didn't pay the deposit.",
        "Kit Amberley booked the hall.",
        "Kit Amberley paid the deposit.",
    ),
    (
        "Kit Amberley booked the hall but didn't pay the deposit.",
        "Kit Amberley did not pay the deposit.",
        "Kit Amberley did not book the hall.",
    ),
    # A negated auxiliary cut off by an aside still negates its predicate.
    (
        "Rune Halvorsen did not, as the minutes claim, approve the budget.",
        "Rune Halvorsen did not approve the budget.",
        "Rune Halvorsen approved the budget.",
    ),
    (
        "Rune Halvorsen never, despite what Ola says, approved the budget.",
        "Rune Halvorsen did not approve the budget.",
        "Rune Halvorsen approved the budget.",
    ),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_polarity_of_the_matched_clause(evidence: str, admitted: str, refused: str) -> None:
    """The claim keeps the polarity of the clause it matches."""
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT" and no.refusal is not None, no
    assert no.refusal.code == "negation_flipped", no.refusal


def test_a_fragment_is_not_narrowed_to() -> None:
    """ "Ada did not sign the lease, and the deed either": the second part has no verb of
    its own, so the whole sentence's polarity holds for both."""
    ev = "Ada Sorel did not sign the lease, and the deed either."
    assert decide_write("Ada Sorel signed the lease.", ev).verdict == "REJECT"


def test_the_matched_clause_names_the_claims_subject() -> None:
    """ "Ana signed the lease, but Omar didn't sign it": Omar's clause is the negated one,
    though only Ana's says "lease"."""
    ev = "Ines Aalto signed the lease, but Rune Dahl didn't sign it."
    assert decide_write("Ines Aalto signed the lease.", ev).verdict in ADMIT
    no = decide_write("Rune Dahl signed the lease.", ev)
    assert no.verdict == "REJECT", no


def test_a_pronoun_clause_does_not_lend_its_object() -> None:
    """ "she didn't sign the deed": the deed is negated, and the lease clause says nothing of it."""
    ev = "Ines Aalto signed the lease; she didn't sign the deed."
    no = decide_write("Ines Aalto signed the deed.", ev)
    assert no.refusal is not None and no.refusal.code == "negation_flipped", no
