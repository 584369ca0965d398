"""Supported claims worded otherwise than their evidence: the pinned lexicon (category,
mutual synonym, agent noun), continental number forms, relative time after a stated
date, a reported clause whose subject carries an apposition, and a speaker given as a
description ("the company said").

Each case pairs a claim the gate must admit with one it must refuse over the same
evidence (the refused one changes exactly what the mechanism must not allow: a
specialisation, a co-hyponym, a different number or date, a dropped report). Examples
are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import RESOLVER_VERSION, decide_write, text_caches
from affidavit.text import entail, lexicon

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim, refusal code)
PAIRS = [
    # A claim may generalise the evidence's noun, never specialise it or name a sibling.
    ("Tiril Aas adopted a spaniel from the Voss shelter last week.",
     "Tiril Aas adopted a dog from the Voss shelter.",
     "Tiril Aas adopted a poodle from the Voss shelter.", "asserts_more_than_evidence"),
    ("Tiril Aas adopted a dog from the Voss shelter last week.",
     "Tiril Aas adopted an animal from the Voss shelter.",
     "Tiril Aas adopted a spaniel from the Voss shelter.", "asserts_more_than_evidence"),
    # Mutual first-sense synonyms; an antonym is not one.
    ("Eskil Brekke started the stock count at the Hamar depot on Monday.",
     "Eskil Brekke began the stock count at the Hamar depot on Monday.",
     "Eskil Brekke finished the stock count at the Hamar depot on Monday.", "asserts_more_than_evidence"),
    ("Eskil Brekke bought the Hamar depot's old forklift.",
     "Eskil Brekke purchased the Hamar depot's old forklift.",
     "Eskil Brekke sold the Hamar depot's old forklift.", "relation_transposed"),
    # An agent noun and its verb, both ways; the roles still hold.
    ("Vilde Sunde founded Fjordlys Studio in 2014.",
     "Vilde Sunde is the founder of Fjordlys Studio.",
     "Fjordlys Studio is the founder of Vilde Sunde.", "relation_transposed"),
    ("Vilde Sunde is the owner of the Fjordlys bakery.",
     "Vilde Sunde owns the Fjordlys bakery.",
     "Vilde Sunde rents the Fjordlys bakery.", "asserts_more_than_evidence"),
    # Continental number forms: a space between thousands, a decimal comma before "mio".
    ("Faktura: Oddrun Lie paid 12 000 Kč for the Brno stand.",
     "Oddrun Lie paid 12,000 CZK for the Brno stand.",
     "Oddrun Lie paid 1,200 CZK for the Brno stand.", "numeral_invented"),
    ("Fjordlys Studio raised €1,2 mio in its seed round.",
     "Fjordlys Studio raised 1.2 million euros in its seed round.",
     "Fjordlys Studio raised 12 million euros in its seed round.", "numeral_invented"),
    # Relative time after a stated date: months, days, the following season; a birth
    # year is no event's year.
    ("Halla Ness joined Fjordlys Studio in April 2022. Four months later she left Fjordlys Studio.",
     "Halla Ness left Fjordlys Studio in August 2022.",
     "Halla Ness left Fjordlys Studio in September 2022.", "temporal_shifted"),
    ("Halla Ness viewed the Voss cabin on 28 June 2023. Five days later she bought the Voss cabin.",
     "Halla Ness bought the Voss cabin on 3 July 2023.",
     "Halla Ness bought the Voss cabin on 2 July 2023.", "temporal_shifted"),
    ("Halla Ness sold her Bergen flat in November 2019. The following summer she moved to Voss.",
     "Halla Ness moved to Voss in summer 2020.",
     "Halla Ness moved to Voss in summer 2019.", "temporal_shifted"),
    ("Torvald Eik (b. 1979) joined Norvik Freight in 2011 and left four years later.",
     "Torvald Eik left Norvik Freight in 2015.",
     "Torvald Eik left Norvik Freight in 2016.", "temporal_shifted"),
    # A range says how long it lasted; "a hundred and twenty" is one number.
    ("Halla Ness ran the Voss depot (2015–2020), then moved to Bergen.",
     "Halla Ness ran the Voss depot for five years.",
     "Halla Ness ran the Voss depot for six years.", "numeral_invented"),
    ("Halla Ness ran the Voss depot from 2015 to 2020.",
     "Halla Ness ran the Voss depot for five years.",
     "Halla Ness ran the Voss depot for four years.", "numeral_invented"),
    ("The Voss depot has a hundred and twenty staff.",
     "The Voss depot has 120 staff.",
     "The Voss depot has 100 staff.", "numeral_invented"),
    # A reported clause whose subject has an apposition is still reported.
    ("Police in Voss said the cyclist, Aslak Rud, had not been injured, but a van was damaged.",
     "Police in Voss said Aslak Rud had not been injured.",
     "Aslak Rud had not been injured.", "modality_dropped"),
    # "the company said": the one company the evidence names is the speaker.
    ("Two of Fjordlys Studio's five shops will close in March, the company said on Monday.",
     "According to Fjordlys Studio, two of its five shops will close in March.",
     "Two of Fjordlys Studio's five shops will close in March.", "modality_dropped"),
]  # fmt: skip


@pytest.mark.parametrize(("evidence", "admitted", "refused", "code"), PAIRS)
def test_admitted_and_refused_over_one_evidence(
    evidence: str, admitted: str, refused: str, code: str
) -> None:
    """The faithful rewording is admitted; the changed one is refused for the named reason."""
    good = decide_write(admitted, evidence)
    assert good.verdict in ADMIT, good.refusal
    bad = decide_write(refused, evidence)
    assert bad.verdict not in ADMIT, bad
    assert bad.refusal is not None and bad.refusal.code == code, bad.refusal


def test_a_reading_is_not_quoted_as_the_evidences_wording() -> None:
    """A duration read from a range admits the claim as written: "5 years" is not in the
    evidence, so the gate does not rescue the claim into that wording."""
    ev = "Halla Ness ran the Voss depot (2015–2020)."
    d = decide_write("Halla Ness ran the Voss depot for five years.", ev)
    assert d.verdict == "ACCEPT" and d.normalised_claim is None


def test_lexicon_relations_have_a_direction() -> None:
    """A category is implied by its member, not the reverse; mutual synonyms only."""
    assert entail.generalises("dog", ["spaniel"]) == "spaniel"
    assert entail.generalises("spaniel", ["dog"]) is None
    assert entail.generalises("cat", ["dog"]) is None
    assert entail.implied_by("purchase", ["buy"]) == ("synonym", "buy")
    assert entail.implied_by("sell", ["buy"]) is None
    assert entail.implied_by("send", ["ship"]) is None  # "ship" lists "send"; "send" does not list "ship"


def test_a_missing_lexicon_only_refuses_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the pinned file the lexical rewording is refused; the verbatim claim is not."""
    evidence = "Tiril Aas adopted a spaniel from the Voss shelter last week."
    monkeypatch.setattr(lexicon, "lexicon", lambda: lexicon.Lexicon.empty("missing"))
    _clear()
    try:
        assert decide_write("Tiril Aas adopted a dog from the Voss shelter.", evidence).verdict not in ADMIT
        assert decide_write("Tiril Aas adopted a spaniel from the Voss shelter.", evidence).verdict in ADMIT
    finally:
        monkeypatch.undo()
        _clear()
    assert decide_write("Tiril Aas adopted a dog from the Voss shelter.", evidence).verdict in ADMIT


def _clear() -> None:
    entail._partners.cache_clear()
    for cache in text_caches():
        cache.cache_clear()


def test_the_resolver_version_pins_the_lexicon() -> None:
    assert RESOLVER_VERSION.endswith("+" + entail.LEXICON_IDENTITY)
    assert entail.LEXICON_IDENTITY.startswith("wn30-")


def test_a_role_noun_reads_as_its_verb() -> None:
    """ "X is Y's manager" says "X manages Y", which a converse frame may ground; the
    roles still hold ("Y is X's manager" is refused over the same evidence)."""
    ev = "Eira Sand reports to Ola Brun at the Voss depot."
    good = decide_write("Ola Brun is Eira Sand's manager.", ev)
    assert good.verdict in ADMIT, good.refusal
    assert "role_noun" in good.checks
    assert decide_write("Eira Sand is Ola Brun's manager.", ev).verdict not in ADMIT
