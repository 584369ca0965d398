"""What one conjunct of a sentence says is not said of another: a gapped verb keeps each
conjunct's own object and argument, a date stated after one conjunct's verb does not date
the next, and a trailing "or so he claims" reports all that went before.

Each case pairs a claim the gate must refuse with one it must admit over the same evidence,
so a gate that refuses everything fails as surely as one that admits everything. Examples
are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import RESOLVER_VERSION, decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    # A verb gapped over two conjuncts: each keeps its own pair.
    (
        "relation_transposed",
        "Uche Obi sold the car to Ada Eze and the van to Bisi Lawal.",
        "Uche Obi sold the car to Bisi Lawal.",
        "Uche Obi sold the van to Bisi Lawal.",
    ),
    (
        "relation_transposed",
        "Uche Obi sold the car to Ada Eze and the van to Bisi Lawal.",
        "Uche Obi sold the van to Ada Eze.",
        "Uche Obi sold the car to Ada Eze.",
    ),
    # Three conjuncts, a list.
    (
        "relation_transposed",
        "Noor Haddad gave the keys to Lars, the code to Pia and the map to Sven.",
        "Noor Haddad gave the map to Pia.",
        "Noor Haddad gave the map to Sven.",
    ),
    # A date after the first conjunct's verb dates that conjunct only...
    (
        "temporal_shifted",
        "Uche Obi bought a house in 2019 and sold the flat.",
        "Uche Obi sold the flat in 2019.",
        "Uche Obi bought a house in 2019.",
    ),
    (
        "temporal_shifted",
        "Kemi Ade joined Larkfield Foods in 2016 and became its finance director.",
        "Kemi Ade became finance director of Larkfield Foods in 2016.",
        "Kemi Ade joined Larkfield Foods in 2016.",
    ),
    # A trailing report governs the sentence before it.
    (
        "modality_dropped",
        "Tomasz Wrona runs the bakery on Kiln St, or so he claims.",
        "Tomasz Wrona runs the bakery on Kiln St.",
        "Tomasz Wrona claims to run the bakery on Kiln St.",
    ),
    (
        "modality_dropped",
        "Tomasz Wrona runs the bakery on Kiln St, or so Ola Berg says.",
        "Tomasz Wrona runs the bakery on Kiln St.",
        "Ola Berg says Tomasz Wrona runs the bakery on Kiln St.",
    ),
    (
        "modality_dropped",
        "Tomasz Wrona runs the bakery on Kiln St - at least that's what Ola Berg told me.",
        "Tomasz Wrona runs the bakery on Kiln St.",
        "According to Ola Berg, Tomasz Wrona runs the bakery on Kiln St.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_refused_and_admitted_over_the_same_evidence(
    code: str, evidence: str, refused: str, admitted: str
) -> None:
    no = decide_write(refused, evidence)
    assert no.verdict not in ADMIT, (refused, evidence)
    assert no.refusal is not None and no.refusal.code == code, no.refusal
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, (admitted, evidence, yes.refusal)


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        # A date fronted before the first verb dates every conjunct.
        ("In 2019 Uche Obi bought a house and sold the flat.", "Uche Obi sold the flat in 2019."),
        # "again in 2013" repeats the verb's own object: no gapped pair.
        (
            "Chiara Lodi won the regional chess title in 2011 and again in 2013.",
            "Chiara Lodi won the regional chess title in 2013.",
        ),
        # A conjunct with its own verb is not gapped.
        (
            "Noor Haddad sent the invoice to Lars and then called Pia.",
            "Noor Haddad sent the invoice to Lars.",
        ),
    ],
)
def test_what_the_sentence_does_say_is_admitted(evidence: str, claim: str) -> None:
    decision = decide_write(claim, evidence)
    assert decision.verdict in ADMIT, decision.refusal


def test_the_resolver_version_names_this_gate() -> None:
    assert RESOLVER_VERSION.startswith("write-gate/3.140+")


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        (
            "Guram Gurgenidze runs the Kvareli half marathon on Sunday, if anyone wants to cheer him on.",
            "Guram Gurgenidze runs the Kvareli half marathon on Sunday.",
        ),
        (
            "its me fedir bondar btw!! moved to lutsk last month so if u need the drill its at my dads now",
            "Fedir Bondar moved to Lutsk last month.",
        ),
    ],
)
def test_a_condition_on_the_telling_governs_nothing(evidence: str, claim: str) -> None:
    """A relevance conditional ("if anyone wants to cheer him on") does not make what is told
    conditional; a condition on the world still does (the paired refusal)."""
    assert decide_write(claim, evidence).verdict in ADMIT
    worldly = evidence.replace("if anyone wants to cheer him on", "if his knee holds up").replace(
        "so if u need the drill", "if the flat is free"
    )
    assert decide_write(claim, worldly).verdict not in ADMIT


def test_a_claim_of_two_pairs_is_judged_pair_by_pair() -> None:
    """The claim's own conjuncts each pair a place with a time: copied whole it is admitted;
    the times swapped between the places it is not."""
    evidence = "Giedrė Jankauskaitė moved to Kaunas in 2010, then to Vilnius in 2015."
    assert decide_write(evidence, evidence).verdict in ADMIT
    swapped = "Giedrė Jankauskaitė moved to Vilnius in 2010, then to Kaunas in 2015."
    assert decide_write(swapped, evidence).verdict not in ADMIT


def test_a_claim_of_two_conjuncts_keeps_each_conjuncts_date() -> None:
    """Copied whole, "is based in X and was founded in 2009" is admitted; the date moved onto
    the other conjunct is not."""
    evidence = "Ayoola Foods is based in Ijebu-Ode and was founded in 2009."
    assert decide_write(evidence, evidence).verdict in ADMIT
    assert decide_write("Ayoola Foods has been based in Ijebu-Ode since 2009.", evidence).verdict not in ADMIT
    bought = "Uche Obi bought a house in 2019 and sold the flat."
    assert decide_write(bought, bought).verdict in ADMIT
    assert decide_write("Uche Obi sold the flat in 2019.", bought).verdict not in ADMIT


def test_a_name_before_the_next_clause_conjunction_is_this_clause_s_object() -> None:
    """ "trained in Zaria and Jos, and has led the unit": Jos ends the first clause's list; the
    second clause is still the subject's."""
    evidence = ("Dr Ada Musa is a paediatrician. She trained with Ola Lind and Ben Dore, and has led "
                "the Kano neonatal unit since 2019.")
    assert decide_write("Ada Musa has led the Kano neonatal unit since 2019.", evidence).verdict in ADMIT
    assert decide_write("Ben Dore has led the Kano neonatal unit since 2019.", evidence).verdict not in ADMIT


def test_a_predicate_joined_without_a_subject_is_the_clause_subject_s() -> None:
    evidence = "Ada Musa trained with Ola Lind, and has led the Kano neonatal unit since 2019."
    assert decide_write("Ada Musa has led the Kano neonatal unit since 2019.", evidence).verdict in ADMIT
    assert decide_write("Ola Lind has led the Kano neonatal unit since 2019.", evidence).verdict not in ADMIT
    own = "Ada Musa trained in Kano, and Ola Lind has led the neonatal unit since 2019."
    assert decide_write("Ola Lind has led the neonatal unit since 2019.", own).verdict in ADMIT
