"""Write gate 3.90: what a later sentence undoes, the earlier one no longer supports.

Each case refuses a claim over evidence that goes on to negate, retract, call false or
doubt it, and admits the same claim over the same words without that later sentence (or
with one that leaves it standing), so neither a gate that refuses everything nor one that
admits everything passes. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from tests.gate_pairs import ADMIT

KEYNOTE = "Tomas Berg will give the keynote."

# (code, claim, evidence stated, what the evidence goes on to say)
UNDONE = [
    # An elided predicate negated by its subject, the auxiliary of the claim's kind.
    ("negation_flipped", KEYNOTE, KEYNOTE, " Later he said he would not."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " Later he said he wouldn't."),
    ("negation_flipped", "Tomas Berg will give the keynote.", "Tomas Berg will give the keynote,",
     " but later he said he won’t."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " Later the organisers said he would not."),
    ("negation_flipped", "Ana Ruiz signed the lease.", "Ana Ruiz signed the lease.",
     " She didn’t, in the end."),
    # The same predicate restated under a negation.
    ("negation_flipped", "Ana Ruiz signed the lease.", "Ana Ruiz signed the lease.",
     " Later she said she did not sign it."),
    ("negation_flipped", "Mira Kallas signed the Orrin lease.", "Mira Kallas signed the Orrin lease.",
     " Actually, she didn't."),
    ("negation_flipped", "Mira Kallas moved to Tartu.", "Mira Kallas moved to Tartu.",
     " Later she said she never moved to Tartu."),
    # 3.105: an inability for a future, a correcting lead-in, a declining.
    ("negation_flipped", KEYNOTE, KEYNOTE, " Later he said he couldn't."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " But he can't."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " Turns out he won't."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " He has since declined."),
    # A retraction or denial of what was said.
    ("negation_flipped", "Kobo Foods will close the Leeds depot.", "Kobo Foods will close the Leeds depot.",
     " The company later denied the report."),
    ("negation_flipped", "Kobo Foods will close the Leeds depot.", "Kobo Foods will close the Leeds depot.",
     " It later retracted it."),
    ("negation_flipped", "Kobo Foods will close the Leeds depot.", "Kobo Foods will close the Leeds depot.",
     " The announcement was withdrawn on Friday."),
    # A verdict that it was false.
    ("negation_flipped", "Kobo Foods will close the Leeds depot.", "Kobo Foods will close the Leeds depot.",
     " Regulators said the claim was false."),
    ("negation_flipped", "Kobo Foods will close the Leeds depot.", "Kobo Foods will close the Leeds depot.",
     " That turned out to be untrue."),
    # A sentence that takes the one before back whole (3.105).
    ("negation_flipped", KEYNOTE, KEYNOTE, " That is no longer the case."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " Scratch that."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " Not true, he's ill."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " Not any more."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " Sorry, my mistake - it's Ana Ruiz."),
    # A plan called off whole, said alone (3.107).
    ("negation_flipped", KEYNOTE, KEYNOTE, " Update: that's off."),
    ("negation_flipped", KEYNOTE, KEYNOTE, " It's been called off."),
    # A doubt cast on it.
    ("modality_dropped", "Kobo Foods will close the Leeds depot.", "Kobo Foods will close the Leeds depot.",
     " Anyone know if that's true?"),
    ("modality_dropped", "Kobo Foods will close the Leeds depot.", "Kobo Foods will close the Leeds depot.",
     " Can anyone confirm?"),
    ("modality_dropped", KEYNOTE, KEYNOTE, " Or so I thought."),
]


@pytest.mark.parametrize(("code", "claim", "stated", "later"), UNDONE)
def test_a_later_sentence_undoes_the_claim(code: str, claim: str, stated: str, later: str) -> None:
    no = decide_write(claim, stated + later)
    assert no.verdict == "REJECT", (claim, stated + later, no)
    assert no.refusal is not None and no.refusal.code == code, no.refusal
    assert decide_write(claim, stated.rstrip(",") + ("" if stated.endswith(".") else ".")).verdict in ADMIT


# Later sentences that leave the claim standing: another subject, another predicate, a
# negation of its own complement, a denial with an object of its own.
STANDING = [
    ("Tomas Berg will give the keynote.", "Tomas Berg will give the keynote. Ana Ruiz said she would not."),
    ("Tomas Berg will give the keynote.",
     "Tomas Berg will give the keynote. Ana Ruiz will chair. She won't speak."),
    ("Ana Ruiz will attend the gala.", "Ana Ruiz will attend the gala. Her husband won't."),
    ("Ana Ruiz will give the keynote.", "Ana Ruiz will give the keynote. She will not take questions."),
    ("Ana Ruiz signed the lease.", "Ana Ruiz signed the lease, but she did not pay."),
    ("Ana Ruiz is the treasurer.", "Ana Ruiz is the treasurer. She isn't the chair."),
    ("Ana Ruiz signed the lease.", "Ana Ruiz signed the lease. It is false that she forged it."),
    ("Kobo Foods will close the Leeds depot.",
     "Kobo Foods will close the Leeds depot. The union denied that the talks had failed."),
    ("Kobo Foods will close the Leeds depot.",
     "Kobo Foods will close the Leeds depot. It denied the union's request for talks."),
    ("Tomas Berg will give the keynote.", "Tomas Berg will give the keynote. Later he confirmed it."),
    ("Mira Kallas won the Orrin prize.", "Mira Kallas won the Orrin prize. Nobody denied it."),
    # A past event stays done when a later state is "off".
    ("Ana Ruiz switched the Orrin heating on.", "Ana Ruiz switched the Orrin heating on at 6. It's off now."),
    # "..., my bad" owns up to an earlier error; the sentence it ends stands.
    ("Mira Kallas chairs the Orrin meetup on Friday.",
     "ok correction from earlier: Mira Kallas chairs the Orrin meetup on FRIDAY not thursday, my bad"),
    ("Mira Kallas is the Orrin treasurer.",
     "Mira Kallas is the Orrin treasurer. Is she also the chair? She isn't."),
]


@pytest.mark.parametrize(("claim", "evidence"), STANDING)
def test_a_later_sentence_that_undoes_something_else(claim: str, evidence: str) -> None:
    assert decide_write(claim, evidence).verdict in ADMIT, evidence


def test_a_negation_of_another_object_undoes_nothing() -> None:
    """ "she didn't renew the licence" leaves "renewed the permit"; "didn't renew it" not."""
    claim = "Bea Lindqvist renewed the permit."
    other = "Bea Lindqvist renewed the permit. She didn't renew the licence."
    assert decide_write(claim, other).verdict in ADMIT
    assert decide_write(claim, "Bea Lindqvist renewed the permit. She didn't renew it.").verdict == "REJECT"


def test_a_report_of_what_was_said_stays_true() -> None:
    """What was said, reported as said, is not undone by its denial; the bare content is."""
    evidence = "Kobo Foods was accused of dumping waste in the Aire. It denied the allegation."
    assert decide_write("Kobo Foods was accused of dumping waste in the Aire.", evidence).verdict in ADMIT
    assert decide_write("Kobo Foods dumped waste in the Aire.", evidence).verdict == "REJECT"


# Every kind of later sentence the readings take, once each: the key words looked for
# before the scans (``checks_undone._has``) must never hide one of them.
PREFILTERED = [
    "Later he said he would not.", "Actually, he can't.", "It later retracted it.",
    "The story was later denied.", "That turned out to be a hoax.", "It was a lie.",
    "Not true, he's ill.", "Not any more.", "That is no longer the case.", "My mistake.",
    "Sorry, my bad.", "I was wrong.", "Forget what I said.", "Scratch that.",
    "Ignore the above.", "Disregard my last.", "Update: it's been cancelled.", "It's off.",
    "Can anyone confirm?", "Is that really true?", "Or so I thought.",
]


@pytest.mark.parametrize("later", PREFILTERED)
def test_the_key_words_never_hide_a_reading(later: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same finding with the prefilter as with every scan run, and a finding at all."""
    from affidavit.gates import checks_undone

    evidence = f"{KEYNOTE} {later}"
    found = checks_undone.check_undone(KEYNOTE, evidence, "Tomas Berg", 0)
    monkeypatch.setattr(checks_undone, "_has", lambda low, keys: True)
    assert found is not None
    assert checks_undone.check_undone(KEYNOTE, evidence, "Tomas Berg", 0) == found
