"""Lexical classes: a class word covers its kinds, the kinds do not cover each other.

"Lise Aune's daughter starts school" supports "Lise Aune's child starts school", not
"Lise Aune's son starts school". Examples are our own; names are invented.
"""

from __future__ import annotations

import itertools

import pytest

from affidavit.gates.write import decide_write
from affidavit.text import lexicon
from affidavit.text.lemmas import EQUIVALENCES, SPECIFIC

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim)
PAIRS = [
    (
        "Lise Aune messaged, her daughter starts school in Voss next month",
        "Lise Aune's daughter starts school in Voss next month.",
        "Lise Aune's son starts school in Voss next month.",
    ),
    (
        "Per Kvale's brother runs a bakery in Moss.",
        "Per Kvale's sibling runs a bakery in Moss.",
        "Per Kvale's sister runs a bakery in Moss.",
    ),
    (
        "Oda Brekke's spouse teaches in Hamar.",
        "Oda Brekke's spouse teaches in Hamar.",
        "Oda Brekke's husband teaches in Hamar.",
    ),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_class_word_and_kinds(evidence: str, admitted: str, refused: str) -> None:
    """The class word and the same kind are admitted; another kind is refused."""
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT" and no.refusal is not None, no
    assert no.refusal.code == "asserts_more_than_evidence", no.refusal


@pytest.mark.skipif(not lexicon.lexicon(), reason="the pinned lexicon is not installed")
def test_antonyms_inside_a_class_are_specific() -> None:
    """No two members of one equivalence class are WordNet antonyms unless both are
    marked as kinds that do not cover each other (guards every future table entry)."""
    for cls in EQUIVALENCES:
        for a, b in itertools.combinations(sorted(cls), 2):
            if b in lexicon.antonyms(a):
                assert a in SPECIFIC and b in SPECIFIC, (a, b)
