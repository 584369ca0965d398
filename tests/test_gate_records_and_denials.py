"""Write gates 3.87-3.88: a denied perception that is no denied event, a commitment taken
back, and list numbers that are no sentences.

Each case pairs a claim the gate must refuse with one it must admit over the same
evidence, so a gate that refuses everything fails as surely as one that admits
everything. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.checks_witness import denied_perception
from affidavit.gates.write import RESOLVER_VERSION, decide_write
from affidavit.text.sentences import sentences

ADMIT = ("ACCEPT", "RESCUE")

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    # Not seeing someone somewhere is not their absence; the sighting denied is kept.
    (
        "asserts_more_than_evidence",
        "Teodor Vasko was at the Brezno fair but I didn't see his brother there.",
        "Teodor Vasko's brother was not at the Brezno fair.",
        "Teodor Vasko was at the Brezno fair.",
    ),
    (
        "asserts_more_than_evidence",
        "Nobody saw Ilse Marrow at the Quenby vigil.",
        "Ilse Marrow was not at the Quenby vigil.",
        "Nobody saw Ilse Marrow at the Quenby vigil.",
    ),
    # What was agreed and then taken back does not go ahead.
    (
        "negation_flipped",
        "Ansel Drury agreed to give the Lisk keynote but later withdrew.",
        "Ansel Drury will give the Lisk keynote.",
        "Ansel Drury agreed to give the Lisk keynote but later withdrew.",
    ),
    (
        "negation_flipped",
        "Ansel Drury will give the Lisk keynote. Update: he has pulled out.",
        "Ansel Drury will give the Lisk keynote.",
        "Ansel Drury has pulled out.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT", (refused, no)
    assert no.refusal is not None and no.refusal.code == code, (refused, no.refusal)
    if admitted != refused:
        yes = decide_write(admitted, evidence)
        assert yes.verdict in ADMIT, (admitted, yes.refusal)


def test_a_commitment_is_still_no_future() -> None:
    """ "Has agreed to give" is not read as "will give" (a red team found too many ways to
    undo an agreement the claim does not see); the agreement itself is admitted."""
    evidence = "Ansel Drury has agreed to give the Lisk keynote."
    assert decide_write("Ansel Drury will give the Lisk keynote.", evidence).verdict == "REJECT"
    assert decide_write("Ansel Drury has agreed to give the Lisk keynote.", evidence).verdict in ADMIT


def test_a_withdrawal_of_someone_else_or_of_an_event_is_not_the_subjects() -> None:
    claim = "Ansel Drury will give the Lisk keynote."
    for evidence in (
        "Ansel Drury will give the Lisk keynote. Petra Lund withdrew.",
        "Ansel Drury will give the Lisk keynote; the dinner's cancelled.",
    ):
        assert decide_write(claim, evidence).verdict in ADMIT, evidence
    assert decide_write(claim, "Ansel Drury will give the Lisk keynote, then cancelled.").verdict == "REJECT"


def test_denied_perception_reads_what_the_negation_governs() -> None:
    assert denied_perception("I didn't see her there.") == "see"
    assert denied_perception("She wasn't seen at the fair.") == "seen"
    assert denied_perception("No one actually noticed the van.") == "noticed"
    assert denied_perception("She didn't sign, as far as I saw.") is None
    assert denied_perception("I saw that she did not sign.") is None
    # The same negated claim: refused on a denied sighting, admitted on a denied signing.
    claim = "Ilse Marrow did not sign the Quenby lease."
    assert decide_write(claim, "I did not watch Ilse Marrow sign the Quenby lease.").verdict == "REJECT"
    assert decide_write(claim, "Ilse Marrow didn't sign the Quenby lease.").verdict in ADMIT
    # A claim that states the perception keeps it: nothing is refused for that.
    seen = "Ilse Marrow didn't see the Quenby lease."
    assert decide_write("Ilse Marrow did not see the Quenby lease.", seen).verdict in ADMIT


def test_a_dateline_is_no_antecedent() -> None:
    """ "HALVERN — Quillon Ferries will run ... It employs 40 people.": "It" is the ferry
    company, not the town the story is filed from (before 3.88 the town was admitted)."""
    evidence = "HALVERN — Quillon Ferries will run a winter service to Ostry. It employs 40 people."
    assert decide_write("Quillon Ferries employs 40 people.", evidence).verdict in ADMIT
    assert decide_write("Halvern employs 40 people.", evidence).verdict == "REJECT"


def test_a_pronouns_antecedent_is_the_name_before_the_verb() -> None:
    """ "Brelling cooperative Kola Crafts has won ...": the subject is the name right before
    the verb, not the first capitalised word."""
    evidence = "Brelling cooperative Kola Crafts has won a contract. It employs 40 people."
    assert decide_write("Kola Crafts employs 40 people.", evidence).verdict in ADMIT
    assert decide_write("Kola Crafts employs 50 people.", evidence).verdict == "REJECT"


def test_a_titles_numbered_items_and_what_stops_the_title_claiming_them() -> None:
    """A numbered item under a minutes title is the title's; a bracket naming only a role
    ("(CFO's report)") keeps it so, a bracketed party ("(Kelda)") or a heading line between
    ("Not agreed:") does not."""
    claim = "Tolvane Steel's board approved the new kiln."
    title = "Minutes — Tolvane Steel board, 9 May\n"
    assert decide_write(claim, title + "1. Board approved the new kiln.").verdict in ADMIT
    assert decide_write(claim, title + "1. Board approved the new kiln (CFO's report).").verdict in ADMIT
    assert decide_write(claim, title + "1. Board approved the new kiln (Kelda).").verdict == "REJECT"
    assert decide_write(claim, title + "Not agreed:\n1. Board approved the new kiln.").verdict == "REJECT"


def test_a_list_number_is_no_sentence() -> None:
    text = "Minutes\n1. Revenue was up. Costs fell.\n2. The kiln was approved."
    assert [text[a:b] for a, b in sentences(text)] == [
        "Minutes", "Revenue was up.", "Costs fell.", "The kiln was approved.",
    ]
    # A number that ends a sentence is still its end.
    text = "The order came to 3. Then it rose."
    assert [text[a:b] for a, b in sentences(text)] == ["The order came to 3.", "Then it rose."]


def test_version() -> None:
    assert RESOLVER_VERSION.startswith("write-gate/3.140+")
