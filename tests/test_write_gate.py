"""The write gate: each refusal code fires on its case and stays quiet on its control.

Names and facts here are invented and differ from the evaluation corpus, so these
tests check rules about language, not memorised sentences.
"""

from __future__ import annotations

import pytest

from affidavit.errors import InvalidInput
from affidavit.gates.write import RESOLVER_VERSION, decide_write

ADMIT = ("ACCEPT", "RESCUE")

REFUSALS = [
    # (code, claim, evidence)
    ("unknown_subject", "Priya Nair opened a bakery in Leeds.", "Priya Shah opened a bakery in Leeds."),
    ("unknown_subject", "Hollis Freight was fined £50,000.", "The company was fined £50,000."),
    (
        "unknown_subject",
        "Tomas Lind runs a pharmacy in Malmo.",
        "Tomas Lind's brother runs a pharmacy in Malmo.",
    ),
    (
        "unknown_subject",
        "Orla Quinn was elected to the council in 2019.",
        "She was elected to the council in 2019.",
    ),
    ("relation_transposed", "Vantor acquired Lumen Ridge.", "Vantor was acquired by Lumen Ridge."),
    ("relation_transposed", "Bram Otten coached Ada Vries in 2015.", "Ada Vries coached Bram Otten in 2015."),
    ("numeral_invented", "Hollis Freight employs 1,250 drivers.", "Hollis Freight employs 1,520 drivers."),
    (
        "numeral_invented",
        "Noor Aziz takes metformin 1000 mg twice daily.",
        "Noor Aziz takes metformin 500 mg twice daily.",
    ),
    ("numeral_invented", "Tomas Lind paid €90,000 for the boat.", "Tomas Lind bought the boat."),
    (
        "asserts_more_than_evidence",
        "Orla Quinn signed the lucrative contract with Hollis Freight.",
        "Orla Quinn signed the contract with Hollis Freight.",
    ),
    (
        "asserts_more_than_evidence",
        "Priya Shah closed the bakery because of rising rents.",
        "Priya Shah closed the bakery.",
    ),
    ("negation_flipped", "Bram Otten attended the hearing.", "Bram Otten did not attend the hearing."),
    ("negation_flipped", "Noor Aziz has a penicillin allergy.", "Noor Aziz has no penicillin allergy."),
    (
        "modality_dropped",
        "Hollis Freight breached safety rules.",
        "Inspectors say Hollis Freight may have breached safety rules.",
    ),
    ("modality_dropped", "Vantor will open a plant in Gdansk.", "Vantor plans to open a plant in Gdansk."),
    ("modality_dropped", "Ada Vries is leaving Vantor.", "Ada Vries is reportedly leaving Vantor."),
    ("quantifier_changed", "All Vantor staff work remotely.", "Most Vantor staff work remotely."),
    ("quantifier_changed", "Hollis Freight ships only to Norway.", "Hollis Freight ships mainly to Norway."),
    (
        "temporal_shifted",
        "Orla Quinn is the chair of Hollis Freight.",
        "Orla Quinn is a former chair of Hollis Freight.",
    ),
    ("temporal_shifted", "Priya Shah was born on 4 May 1985.", "Priya Shah was born on 4 May 1988."),
    (
        "temporal_shifted",
        "Ada Vries is treasurer of Vantor.",
        "Ada Vries was treasurer of Vantor until 2021.",
    ),
]

ADMITS = [
    # the negative controls: the same shapes, faithfully restated
    ("Priya Shah opened a bakery in Leeds.", "Priya Shah opened a bakery in Leeds last spring."),
    ("Tomas Lind's brother runs a pharmacy in Malmo.", "Tomas Lind's brother runs a pharmacy in Malmo."),
    ("Lumen Ridge acquired Vantor.", "Vantor was acquired by Lumen Ridge."),
    ("Bram Otten was coached by Ada Vries in 2015.", "Ada Vries coached Bram Otten in 2015."),
    ("Hollis Freight employs 1520 drivers.", "Hollis Freight employs 1,520 drivers."),
    ("Noor Aziz takes metformin 500mg twice daily.", "Noor Aziz takes metformin 500 mg twice daily."),
    ("Tomas Lind purchased the boat.", "Tomas Lind bought the boat."),
    (
        "Orla Quinn signed the contract with Hollis Freight.",
        "In March, Orla Quinn signed the contract with Hollis Freight.",
    ),
    ("Bram Otten did not attend the hearing.", "Bram Otten did not attend the hearing."),
    (
        "Hollis Freight may have breached safety rules.",
        "Inspectors say Hollis Freight may have breached safety rules.",
    ),
    ("Most Vantor staff work remotely.", "Most Vantor staff work remotely."),
    ("Orla Quinn was chair of Hollis Freight.", "Orla Quinn is a former chair of Hollis Freight."),
    ("Priya Shah was born on May 4, 1988.", "Priya Shah was born on 4 May 1988 in Pune."),
    ("Shah donated £2,000 to the school.", "Dr Priya Shah donated two thousand pounds to the school."),
    (
        "Ada Vries joined Vantor as an engineer.",
        "Ada Vries studied in Delft. She joined Vantor as an engineer in 2018.",
    ),
]


@pytest.mark.parametrize(("code", "claim", "evidence"), REFUSALS)
def test_refusal_code(code: str, claim: str, evidence: str) -> None:
    """A claim the evidence does not support is refused with the specific reason."""
    decision = decide_write(claim, evidence)
    assert decision.verdict == "REJECT"
    assert decision.refusal is not None
    assert decision.refusal.code == code
    assert decision.refusal.detail and decision.refusal.remedy


@pytest.mark.parametrize(("claim", "evidence"), ADMITS)
def test_faithful_restatement_admitted(claim: str, evidence: str) -> None:
    """A claim the evidence supports (reworded, reordered, reformatted) is admitted."""
    decision = decide_write(claim, evidence)
    assert decision.verdict in ADMIT, decision.refusal
    assert decision.refusal is None
    assert decision.span is not None


def test_refusal_names_the_term() -> None:
    """The refusal names the claim term that could not be grounded."""
    decision = decide_write("Orla Quinn signed the lucrative contract.", "Orla Quinn signed the contract.")
    assert decision.refusal is not None and decision.refusal.term == "lucrative"
    assert "lucrative" in decision.refusal.detail


def test_rescue_quotes_the_evidence_number() -> None:
    """A number written differently is admitted in the evidence's own form."""
    decision = decide_write("Hollis Freight employs 1520 drivers.", "Hollis Freight employs 1,520 drivers.")
    assert decision.verdict == "RESCUE"
    assert decision.normalised_claim == "Hollis Freight employs 1,520 drivers."


def test_verbatim_is_plain_accept() -> None:
    """A verbatim claim needs no rescue (control for the rescue test)."""
    decision = decide_write("Hollis Freight employs 1,520 drivers.", "Hollis Freight employs 1,520 drivers.")
    assert decision.verdict == "ACCEPT" and decision.normalised_claim is None


def test_span_narrows_to_the_subject_sentence() -> None:
    """The span is the sentence about the subject, not a bystander's sentence."""
    evidence = "Ada Vries lives in Delft. Bram Otten lives in Utrecht."
    decision = decide_write("Bram Otten lives in Utrecht.", evidence)
    assert decision.span is not None
    assert evidence[decision.span[0] : decision.span[1]] == "Bram Otten lives in Utrecht."


def test_cross_sentence_merge_refused() -> None:
    """Facts from two unrelated sentences are not stitched into one claim."""
    evidence = "Ada Vries studied in Delft. Vantor opened a Delft office in 2020."
    decision = decide_write("Ada Vries works in Vantor's Delft office.", evidence)
    assert decision.verdict == "REJECT"


def test_shape_entities_and_role_predicate() -> None:
    """Entities list every name, subject first; two jobs share the role predicate."""
    a = decide_write("Ada Vries is the lead engineer of Vantor.", "Ada Vries is the lead engineer of Vantor.")
    b = decide_write(
        "Ada Vries teaches physics at Delft College.", "Ada Vries teaches physics at Delft College."
    )
    assert a.shape is not None and b.shape is not None
    assert a.shape.entities == ("Ada Vries", "Vantor")
    assert a.shape.subject == "Ada Vries"
    assert a.shape.predicate == b.shape.predicate == "role"
    assert "engineer" in a.shape.predicate_terms


def test_different_medicines_do_not_share_a_predicate() -> None:
    """Two medicines taken by one person are not a conflict (control for the role key)."""
    a = decide_write("Noor Aziz takes metformin 500 mg daily.", "Noor Aziz takes metformin 500 mg daily.")
    b = decide_write("Noor Aziz takes ramipril 5 mg daily.", "Noor Aziz takes ramipril 5 mg daily.")
    assert a.shape is not None and b.shape is not None
    assert a.shape.predicate != b.shape.predicate


def test_title_is_dropped_from_subject() -> None:
    """A title in the claim does not become part of the subject's name."""
    d = decide_write("Mayor Orla Quinn opened the bridge.", "Orla Quinn opened the bridge.")
    assert d.verdict in ADMIT and d.shape is not None and d.shape.subject == "Orla Quinn"


def test_empty_input_is_a_typed_error() -> None:
    """Empty text is a failure (InvalidInput), not a refusal."""
    with pytest.raises(InvalidInput):
        decide_write("", "Orla Quinn opened the bridge.")
    with pytest.raises(InvalidInput):
        decide_write("Orla Quinn opened the bridge.", "   ")


def test_deterministic_and_versioned() -> None:
    """The same inputs give the same decision; the resolver version names its tables."""
    args = ("Lumen Ridge acquired Vantor.", "Vantor was acquired by Lumen Ridge.")
    assert decide_write(*args) == decide_write(*args)
    assert "simplemma-2.0.0" in RESOLVER_VERSION and "eq-" in RESOLVER_VERSION


# A second, wider set: other people, verbs, units, dates, voices and markers, so the
# rules (not the first set's sentences) are what passes. Names and facts invented.
MORE_REFUSALS = [
    ("unknown_subject", "Lena Okafor founded Tidewell Labs.", "Lena Adeyemi founded Tidewell Labs in 2014."),
    (
        "unknown_subject",
        "Rafael Duarte donated the organ.",
        "The parish donated the organ to Rafael Duarte's school.",
    ),
    (
        "relation_transposed",
        "Corvane Systems bought Pellwick.",
        "Corvane Systems was bought by Pellwick in 2019.",
    ),
    ("relation_transposed", "Ines Moreau sued Harlow Bank.", "Harlow Bank sued Ines Moreau over the loan."),
    (
        "relation_transposed",
        "Tobias Renn mentored Mei Lin.",
        "Tobias Renn was mentored by Mei Lin for two years.",
    ),
    (
        "relation_transposed",
        "Quill & Ferro defeated Ashby Rovers.",
        "Quill & Ferro lost to Ashby Rovers 2-1.",
    ),
    ("relation_transposed", "Ines Moreau hired Mei Lin.", "Ines Moreau was hired by Mei Lin."),
    (
        "numeral_invented",
        "Tidewell Labs raised $4.5 million.",
        "Tidewell Labs raised $5.4 million in its first round.",
    ),
    (
        "numeral_invented",
        "Ines Moreau ran the marathon in 3 hours.",
        "Ines Moreau ran the marathon in 4 hours.",
    ),
    ("numeral_invented", "Pellwick employs 340 engineers.", "Pellwick employs several hundred engineers."),
    (
        "numeral_invented",
        "Mei Lin takes 20 mg of atorvastatin daily.",
        "Mei Lin takes 40 mg of atorvastatin daily.",
    ),
    ("numeral_invented", "Harlow Bank cut its fees by 15%.", "Harlow Bank cut its fees by 12%."),
    (
        "numeral_invented",
        "Rafael Duarte weighed 82 kg at the weigh-in.",
        "Rafael Duarte weighed 88 kg at the weigh-in.",
    ),
    (
        "numeral_invented",
        "Pellwick shipped version 3.2.1 of its firmware.",
        "Pellwick shipped version 3.1.2 of its firmware.",
    ),
    (
        "numeral_invented",
        "The Oslo bridge built by Corvane Systems is 2.4 km long.",
        "Corvane Systems built the Oslo bridge, which is 1.4 km long.",
    ),
    ("temporal_shifted", "Rafael Duarte retired in March 2016.", "Rafael Duarte retired in March 2018."),
    (
        "temporal_shifted",
        "Corvane Systems opened its Oslo office on 2 June 2021.",
        "Corvane Systems opened its Oslo office on 12 June 2021.",
    ),
    (
        "temporal_shifted",
        "Mei Lin joined Pellwick on the 3rd of May 2020.",
        "Mei Lin joined Pellwick on 3 May 2021.",
    ),
    ("temporal_shifted", "Lena Okafor lives in Accra.", "Lena Okafor no longer lives in Accra."),
    (
        "temporal_shifted",
        "Rafael Duarte is the treasurer of the rowing club.",
        "Rafael Duarte used to be the treasurer of the rowing club.",
    ),
    (
        "temporal_shifted",
        "Ines Moreau is mayor of Saint-Lys.",
        "Ines Moreau was formerly mayor of Saint-Lys.",
    ),
    (
        "temporal_shifted",
        "Tobias Renn coaches the Ashby Rovers youth team.",
        "Tobias Renn coached the Ashby Rovers youth team until 2019.",
    ),
    (
        "asserts_more_than_evidence",
        "Lena Okafor won the award for her research on malaria.",
        "Lena Okafor won the award.",
    ),
    ("asserts_more_than_evidence", "Tobias Renn sold his vintage car.", "Tobias Renn sold his car."),
    (
        "asserts_more_than_evidence",
        "Ines Moreau chairs the Harlow Bank audit committee.",
        "Ines Moreau sits on the Harlow Bank audit committee.",
    ),
    # merges: two sentences about different people stitched into one claim
    (
        "asserts_more_than_evidence",
        "Mei Lin moved to Vienna to join Pellwick.",
        "Mei Lin moved to Vienna. Ines Moreau joined Pellwick.",
    ),
    (
        "asserts_more_than_evidence",
        "Lena Okafor and Mei Lin founded Tidewell Labs.",
        "Lena Okafor founded Tidewell Labs. Mei Lin joined it in 2016.",
    ),
    (
        "asserts_more_than_evidence",
        "Tobias Renn repaired the Harlow Bank vault.",
        "Tobias Renn repaired a vault. Ines Moreau manages the Harlow Bank branch.",
    ),
    ("negation_flipped", "Rafael Duarte signed the petition.", "Rafael Duarte never signed the petition."),
    ("negation_flipped", "Tidewell Labs broke the embargo.", "Tidewell Labs denied breaking the embargo."),
    ("negation_flipped", "Tobias Renn paid the fine.", "Tobias Renn refused to pay the fine."),
    ("negation_flipped", "Harlow Bank approved the loan.", "Harlow Bank has not approved the loan."),
    ("negation_flipped", "Lena Okafor attended the gala.", "Lena Okafor was absent from the gala."),
    ("negation_flipped", "Corvane Systems has a licence.", "Corvane Systems lacks a licence."),
    (
        "modality_dropped",
        "Pellwick will close its Leeds plant.",
        "Pellwick is expected to close its Leeds plant.",
    ),
    ("modality_dropped", "Tobias Renn embezzled the funds.", "Tobias Renn allegedly embezzled the funds."),
    (
        "modality_dropped",
        "Corvane Systems is moving to Lyon.",
        "Corvane Systems is considering moving to Lyon.",
    ),
    ("modality_dropped", "Mei Lin caused the outage.", "Engineers suspect Mei Lin caused the outage."),
    ("modality_dropped", "Harlow Bank will cut 200 jobs.", "Harlow Bank might cut 200 jobs."),
    ("modality_dropped", "Ines Moreau will run for mayor.", "Ines Moreau hopes to run for mayor."),
    (
        "modality_dropped",
        "Tidewell Labs falsified its trial data.",
        "Regulators believe Tidewell Labs falsified its trial data.",
    ),
    (
        "quantifier_changed",
        "All Pellwick engineers work in Vienna.",
        "Many Pellwick engineers work in Vienna.",
    ),
    (
        "quantifier_changed",
        "Tidewell Labs always publishes its data.",
        "Tidewell Labs usually publishes its data.",
    ),
    (
        "quantifier_changed",
        "Every Harlow Bank branch opens on Saturdays.",
        "Every Harlow Bank branch except Bury opens on Saturdays.",
    ),
    (
        "quantifier_changed",
        "Corvane Systems sells only to hospitals.",
        "Corvane Systems sells mostly to hospitals.",
    ),
    ("quantifier_changed", "Mei Lin answered all the questions.", "Mei Lin answered some of the questions."),
]

MORE_ADMITS = [
    ("Pellwick bought Corvane Systems.", "Corvane Systems was bought by Pellwick in 2019."),
    ("Mei Lin mentored Tobias Renn.", "Tobias Renn was mentored by Mei Lin for two years."),
    ("Ashby Rovers beat Quill & Ferro.", "Quill & Ferro lost to Ashby Rovers 2-1."),
    ("Tidewell Labs was taken over by Corvane Systems.", "Corvane Systems took over Tidewell Labs."),
    ("Corvane Systems was set up by Lena Okafor.", "Lena Okafor set up Corvane Systems in 2009."),
    ("Tidewell Labs was founded by Lena Okafor.", "Lena Okafor founded Tidewell Labs in 2014."),
    ("Tobias Renn wrote the report.", "The report was written by Tobias Renn in 2020."),
    ("Tidewell Labs raised $5,400,000.", "Tidewell Labs raised $5.4 million in its first round."),
    ("Rafael Duarte sold the house for €1.2 million.", "Rafael Duarte sold the house for €1,200,000."),
    ("Mei Lin takes 40mg of atorvastatin daily.", "Mei Lin takes 40 mg of atorvastatin daily."),
    ("Harlow Bank cut its fees by 12 per cent.", "Harlow Bank cut its fees by 12%."),
    ("Ines Moreau ran the marathon in four hours.", "Ines Moreau ran the marathon in 4 hours."),
    ("Rafael Duarte retired in 2018.", "Rafael Duarte retired in March 2018."),
    (
        "Corvane Systems opened its Oslo office on June 12, 2021.",
        "Corvane Systems opened its Oslo office on 12 June 2021.",
    ),
    ("Mei Lin joined Pellwick on 3 May 2021.", "Mei Lin joined Pellwick on the 3rd of May 2021."),
    ("Rafael Duarte never signed the petition.", "Rafael Duarte never signed the petition."),
    ("Rafael Duarte denied the charges.", "Rafael Duarte denied the charges."),
    ("Lena Okafor no longer lives in Accra.", "Lena Okafor no longer lives in Accra."),
    ("Lena Okafor lived in Accra.", "Lena Okafor no longer lives in Accra."),
    ("Ines Moreau was mayor of Saint-Lys.", "Ines Moreau was formerly mayor of Saint-Lys."),
    (
        "Tobias Renn coached the Ashby Rovers youth team.",
        "Tobias Renn coached the Ashby Rovers youth team until 2019.",
    ),
    ("Tobias Renn allegedly embezzled the funds.", "Tobias Renn allegedly embezzled the funds."),
    ("Ines Moreau hopes to run for mayor.", "Ines Moreau hopes to run for mayor."),
    ("Some Pellwick engineers work in Vienna.", "Many Pellwick engineers work in Vienna."),
    ("Mei Lin answered some of the questions.", "Mei Lin answered some of the questions."),
    ("Mei Lin moved to Vienna.", "Mei Lin moved to Vienna. Ines Moreau joined Pellwick."),
    ("Ines Moreau joined Pellwick.", "Mei Lin moved to Vienna. Ines Moreau joined Pellwick."),
    (
        "Mei Lin joined Tidewell Labs in 2016.",
        "Lena Okafor founded Tidewell Labs. Mei Lin joined Tidewell Labs in 2016.",
    ),
    ("Lena Okafor won the award.", "After years of fieldwork, Lena Okafor won the award."),
    ("Okafor founded Tidewell Labs.", "Dr Lena Okafor founded Tidewell Labs in 2014."),
    ("Lena Okafor married Tobias Renn.", "Tobias Renn married Lena Okafor in 2012."),
    ("Ines Moreau chairs the audit committee.", "Ines Moreau, a lawyer, chairs the audit committee."),
    ("Pellwick's chief executive is Mei Lin.", "Mei Lin is Pellwick's chief executive."),
    # "A works for B" says "B employs A"; {coach, train} are one class
    ("Rafael Duarte works for Harlow Bank.", "Rafael Duarte is employed by Harlow Bank."),
    ("Harlow Bank employs Rafael Duarte.", "Rafael Duarte works for Harlow Bank."),
    ("Mei Lin trains the Pellwick interns.", "Mei Lin coaches the Pellwick interns."),
]


@pytest.mark.parametrize(("code", "claim", "evidence"), MORE_REFUSALS)
def test_more_refusal_codes(code: str, claim: str, evidence: str) -> None:
    """Wider refusals: the same rules on other names, verbs, units and markers."""
    decision = decide_write(claim, evidence)
    assert decision.verdict == "REJECT", decision
    assert decision.refusal is not None and decision.refusal.code == code, decision.refusal


@pytest.mark.parametrize(("claim", "evidence"), MORE_ADMITS)
def test_more_faithful_restatements(claim: str, evidence: str) -> None:
    """Wider admissions: voice, units, dates, kept markers and weaker quantifiers."""
    decision = decide_write(claim, evidence)
    assert decision.verdict in ADMIT, decision.refusal


def test_pronoun_of_another_person_is_not_borrowed() -> None:
    """ "She" after a sentence led by someone else does not speak about the claim's subject."""
    decision = decide_write(
        "Ines Moreau resigned in 2020.", "Mei Lin praised Ines Moreau. She resigned in 2020."
    )
    assert decision.verdict == "REJECT"


def test_employ_is_not_reversible_by_itself() -> None:
    """The work/employ converse swaps roles once; "A employs B" still refuses "B employs A"."""
    decision = decide_write("Harlow Bank employs Rafael Duarte.", "Rafael Duarte employs Harlow Bank.")
    assert decision.refusal is not None and decision.refusal.code == "relation_transposed"


def test_phrase_terms_join_predicate_terms() -> None:
    """A claim that says "plays in goal" offers the term "goalkeeper" to the read gate."""
    d = decide_write(
        "Maren Holt plays in goal for Westfield Rovers.", "Maren Holt plays in goal for Westfield Rovers."
    )
    assert d.shape is not None and "goalkeeper" in d.shape.predicate_terms
    assert d.shape.predicate == "role"


def test_trained_as_is_not_a_role() -> None:
    """ "train" shares coach's class for coverage but is no role key (training is not a job)."""
    d = decide_write("Clara Brandt trained as a nurse.", "Clara Brandt trained as a nurse in Hamburg.")
    assert d.verdict in ADMIT and d.shape is not None and d.shape.predicate != "role"


def test_cold_and_warm_caches_decide_alike() -> None:
    """The text caches are only caches: clearing them changes no decision."""
    from affidavit.gates.write import text_caches

    pairs = [(c, e) for _, c, e in MORE_REFUSALS[:10]] + MORE_ADMITS[:10]
    warm = [decide_write(c, e) for c, e in pairs]
    for cache in text_caches():
        cache.cache_clear()
    assert [decide_write(c, e) for c, e in pairs] == warm


def test_long_evidence_links_the_subject_sentence() -> None:
    """In a long evidence the span is the subject's sentence, found among many others."""
    filler = "The committee met on a Tuesday. Several members asked for detail. " * 20
    evidence = filler + "Mei Lin joined Pellwick in 2016. " + filler
    d = decide_write("Mei Lin joined Pellwick in 2016.", evidence)
    assert d.verdict == "ACCEPT" and d.span is not None
    assert evidence[d.span[0] : d.span[1]] == "Mei Lin joined Pellwick in 2016."


# Rules for who the evidence says acted, for bounds, hearsay and attempts. Each refusal
# has a control beside it: the same evidence, a claim it does support.
SUBJECT_AND_LIMIT_REFUSALS = [
    # the named person sits in an apposition, a relative clause or a modifier
    (
        "unknown_subject",
        "Hugo Marsh was fined for late filing.",
        "Selma Okoye, the accountant advising Hugo Marsh, was fined for late filing.",
    ),
    (
        "unknown_subject",
        "Ravi Dutt won the regional chess prize.",
        "Lotte Brink, a former pupil of Ravi Dutt, won the regional chess prize.",
    ),
    (
        "unknown_subject",
        "Ravi Dutt restored the chapel roof.",
        "The mason who apprenticed under Ravi Dutt restored the chapel roof.",
    ),
    # two clauses, two people: one's role is not the other's
    (
        "relation_transposed",
        "Pia Lund chairs the library board.",
        "Hugo Marsh chairs the library board and Pia Lund is its secretary.",
    ),
    (
        "relation_transposed",
        "Selma Okoye is the head brewer at Kessel Foods.",
        "At Kessel Foods, Selma Okoye is the finance director and Ravi Dutt is the head brewer.",
    ),
    # verbs no list knows, kinship and comparatives stated from the other side
    ("relation_transposed", "Ravi Dutt lent Lotte Brink a van.", "Lotte Brink lent Ravi Dutt a van."),
    (
        "relation_transposed",
        "The Harbour Hawks beat the Valley Foxes 2-0.",
        "The Valley Foxes beat the Harbour Hawks 2-0.",
    ),
    (
        "relation_transposed",
        "Mila Petrov is the parent of Ivo Sand.",
        "Ivo Sand is the father of Mila Petrov.",
    ),
    ("relation_transposed", "Mila Petrov is younger than Ivo Sand.", "Mila Petrov is older than Ivo Sand."),
    (
        "relation_transposed",
        "Kessel Foods sold the mill to Hugo Marsh.",
        "The mill was sold to Kessel Foods by Hugo Marsh in 2015.",
    ),
    # bounds on a number or quantifier
    (
        "quantifier_changed",
        "Four Dunmore Rail carriages were derailed.",
        "At least four Dunmore Rail carriages were derailed.",
    ),
    (
        "quantifier_changed",
        "300 Kessel Foods workers went on strike.",
        "More than 300 Kessel Foods workers went on strike.",
    ),
    ("quantifier_changed", "Kessel Foods cut prices by 25%.", "Kessel Foods cut prices by up to 25%."),
    (
        "quantifier_changed",
        "All of Dunmore Rail's trains ran on time in May.",
        "Almost all of Dunmore Rail's trains ran on time in May.",
    ),
    (
        "quantifier_changed",
        "Kessel Foods is the biggest dairy in Wales.",
        "Kessel Foods is one of the biggest dairies in Wales.",
    ),
    # hearsay, a shared denial, an attempt
    (
        "modality_dropped",
        "Dunmore Rail will close the Ennis line.",
        "Sources say Dunmore Rail will close the Ennis line.",
    ),
    (
        "modality_dropped",
        "Selma Okoye sold the gallery.",
        "According to unconfirmed reports, Selma Okoye sold the gallery.",
    ),
    ("negation_flipped", "Pia Lund signed the lease.", "Neither Pia Lund nor Hugo Marsh signed the lease."),
    (
        "asserts_more_than_evidence",
        "Kessel Foods acquired Brinkworth Press.",
        "Kessel Foods tried to acquire Brinkworth Press.",
    ),
    (
        "asserts_more_than_evidence",
        "Hugo Marsh trained in Turin.",
        "Hugo Marsh was born in Cork. His cousin Pia Lund trained in Turin.",
    ),
]

SUBJECT_AND_LIMIT_ADMITS = [
    ("Selma Okoye was fined for late filing.", SUBJECT_AND_LIMIT_REFUSALS[0][2]),
    ("Lotte Brink won the regional chess prize.", SUBJECT_AND_LIMIT_REFUSALS[1][2]),
    (
        "Ravi Dutt restored the chapel roof.",
        "The mason who restored the chapel roof, Ravi Dutt, has retired.",
    ),
    (
        "Selma Okoye founded Brinkworth Press.",
        "Brinkworth Press, which Selma Okoye founded, now prints maps.",
    ),
    (
        # Hearsay: the claim keeps who says so (the bare claim is refused, test_gate_context).
        "According to Lotte Brink, Ravi Dutt founded Brinkworth Press.",
        "Ravi Dutt's daughter, Lotte Brink, says Ravi Dutt founded Brinkworth Press.",
    ),
    ("Brinkworth Press staff signed the petition.", "Dozens of Brinkworth Press staff signed the petition."),
    ("Pia Lund is the secretary of the library board.", SUBJECT_AND_LIMIT_REFUSALS[3][2]),
    ("Ravi Dutt is the head brewer at Kessel Foods.", SUBJECT_AND_LIMIT_REFUSALS[4][2]),
    ("Lotte Brink lent Ravi Dutt a van.", "Lotte Brink lent Ravi Dutt a van last week."),
    ("The Valley Foxes beat the Harbour Hawks.", "The Valley Foxes beat the Harbour Hawks 2-0 on Sunday."),
    ("Mila Petrov is the child of Ivo Sand.", "Ivo Sand is the father of Mila Petrov."),
    ("Ivo Sand is younger than Mila Petrov.", "Mila Petrov is older than Ivo Sand."),
    ("Hugo Marsh sold the mill to Kessel Foods.", "The mill was sold to Kessel Foods by Hugo Marsh in 2015."),
    ("Kessel Foods sold the mill to Hugo Marsh.", "Kessel Foods sold the mill to Hugo Marsh for £80,000."),
    ("At least four Dunmore Rail carriages were derailed.", SUBJECT_AND_LIMIT_REFUSALS[10][2]),
    ("Over 300 Kessel Foods workers went on strike.", SUBJECT_AND_LIMIT_REFUSALS[11][2]),
    ("Most of Dunmore Rail's trains ran on time in May.", SUBJECT_AND_LIMIT_REFUSALS[13][2]),
    ("Kessel Foods is one of the biggest dairies in Wales.", SUBJECT_AND_LIMIT_REFUSALS[14][2]),
    (
        "Dunmore Rail carried 2 million passengers.",
        "According to its annual report, Dunmore Rail carried 2 million passengers.",
    ),
    ("Pia Lund did not sign the lease.", SUBJECT_AND_LIMIT_REFUSALS[17][2]),
    ("Kessel Foods tried to acquire Brinkworth Press.", SUBJECT_AND_LIMIT_REFUSALS[18][2]),
    ("Pia Lund trained in Turin.", SUBJECT_AND_LIMIT_REFUSALS[19][2]),
    ("Ravi Dutt took over the bakery.", "Ravi Dutt took over the bakery in 2019 after Lotte Brink retired."),
]


@pytest.mark.parametrize(("code", "claim", "evidence"), SUBJECT_AND_LIMIT_REFUSALS)
def test_subject_and_limit_refusals(code: str, claim: str, evidence: str) -> None:
    """Who acted, in whose clause, within which bound, on whose word: refused when changed."""
    decision = decide_write(claim, evidence)
    assert decision.verdict == "REJECT", decision
    assert decision.refusal is not None and decision.refusal.code == code, decision.refusal


@pytest.mark.parametrize(("claim", "evidence"), SUBJECT_AND_LIMIT_ADMITS)
def test_subject_and_limit_controls(claim: str, evidence: str) -> None:
    """The same evidence admits what it does say (controls for the refusals above)."""
    decision = decide_write(claim, evidence)
    assert decision.verdict in ADMIT, decision.refusal


def test_converse_names_no_gender() -> None:
    """ "A is the father of B" grounds "B is A's child", not "B is A's daughter"."""
    decision = decide_write(
        "Mila Petrov is the daughter of Ivo Sand.", "Ivo Sand is the father of Mila Petrov."
    )
    assert decision.verdict == "REJECT"


def test_almost_limits_a_verb() -> None:
    """ "almost drowned" does not ground "drowned"; a claim that keeps "almost" is admitted."""
    evidence = "Hugo Marsh almost drowned in Lough Derg in 2012."
    assert decide_write("Hugo Marsh drowned in Lough Derg.", evidence).verdict == "REJECT"
    assert decide_write("Hugo Marsh almost drowned in Lough Derg.", evidence).verdict in ADMIT


# Rules added for hedged findings, partitive subjects, past-only verbs, fragments,
# number and date formats, negated paraphrases, passives with a score and to/from verbs.
LANGUAGE_REFUSALS = [
    (
        "modality_dropped",
        "Kofi Mensah has a fractured wrist.",
        "Kofi Mensah is being assessed for a possible fractured wrist.",
    ),
    (
        "quantifier_changed",
        "The Lindholm Choir's singers joined the protest.",
        "A few of the Lindholm Choir's singers joined the protest.",
    ),
    (
        "temporal_shifted",
        "Marta Solberg coaches the Tromvik rowing team.",
        "Until 2021, Marta Solberg coached the Tromvik rowing team.",
    ),
    (
        "asserts_more_than_evidence",
        "Ines Duarte sings with the Valmora Quartet.",
        "Ines Duarte grew up in Faro. The Valmora Quartet sing in Faro.",
    ),
    (
        "relation_transposed",
        "Pavel Novak rented the cottage from Inge Holm.",
        "Pavel Novak rented the cottage to Inge Holm.",
    ),
    (
        "relation_transposed",
        "The Redcliff Otters beat Harbury Town 2-0.",
        "The Redcliff Otters were beaten 2-0 by Harbury Town.",
    ),
    (
        "numeral_invented",
        "Selby Freight carried 1,000,000 parcels.",
        "Selby Freight carried half a million parcels.",
    ),
    (
        "numeral_invented",
        "Noor Haddad finished 3rd in the final.",
        "Noor Haddad finished second in the final.",
    ),
    ("temporal_shifted", "Bruno Keller was born on 4 March 1990.", "Bruno Keller was born on 03/04/1990."),
]
LANGUAGE_ADMITS = [
    ("Kofi Mensah has a fractured wrist.", "Kofi Mensah was found to have a fractured wrist."),
    (
        "Kofi Mensah sprained his ankle at the tournament.",
        "Kofi Mensah sprained his ankle at the tournament last May.",
    ),
    (
        "Some of the Lindholm Choir's singers joined the protest.",
        "A few of the Lindholm Choir's singers joined the protest.",
    ),
    (
        "Marta Solberg coached the Tromvik rowing team.",
        "Until 2021, Marta Solberg coached the Tromvik rowing team.",
    ),
    (
        "Marta Solberg coaches the Tromvik rowing team.",
        "Marta Solberg has coached the Tromvik rowing team since 2021.",
    ),
    ("Inge Holm rented the cottage from Pavel Novak.", "Pavel Novak rented the cottage to Inge Holm."),
    ("Harbury Town beat the Redcliff Otters 2-0.", "The Redcliff Otters were beaten 2-0 by Harbury Town."),
    ("Selby Freight carried 500,000 parcels.", "Selby Freight carried half a million parcels."),
    ("Noor Haddad finished 2nd in the final.", "Noor Haddad finished second in the final."),
    ("Bruno Keller was born on 14 March 1990.", "Bruno Keller was born on 14/03/1990."),
    ("Dunlin Works reopened the mill on 2019-10-02.", "Dunlin Works reopened the mill on Oct. 2, 2019."),
    ("Halvard Group paid NOK 40 million for the yard.", "Halvard Group paid NOK 40m for the yard."),
    ("Rosa Ibarra takes folic acid 400 mcg daily.", "Rosa Ibarra takes folic acid 400 micrograms daily."),
    ("Leon Hartmann died in Kassel in 2020.", "Leon Hartmann passed away in Kassel in 2020."),
    ("Leon Hartmann quit Brandt Logistics in 2017.", "Leon Hartmann resigned from Brandt Logistics in 2017."),
    ("Farah Qureshi missed the cup final.", "Farah Qureshi did not play in the cup final."),
    ("Farah Qureshi did not pass her theory exam.", "Farah Qureshi failed her theory exam."),
]


@pytest.mark.parametrize(("code", "claim", "evidence"), LANGUAGE_REFUSALS)
def test_language_rule_refusals(code: str, claim: str, evidence: str) -> None:
    d = decide_write(claim, evidence)
    assert d.verdict not in ADMIT
    assert d.refusal is not None and d.refusal.code == code


@pytest.mark.parametrize(("claim", "evidence"), LANGUAGE_ADMITS)
def test_language_rule_controls(claim: str, evidence: str) -> None:
    assert decide_write(claim, evidence).verdict in ADMIT


def test_repaired_grounds_fixed_but_tuned_does_not() -> None:
    """'repaired' supports 'fixed' through the equivalence table; 'tuned' does not."""
    claim = "Tomas Berg fixed the church organ."
    assert decide_write(claim, "Tomas Berg repaired the church organ in 2019.").verdict == "ACCEPT"
    refused = decide_write(claim, "Tomas Berg tuned the church organ in 2019.")
    assert refused.verdict == "REJECT" and refused.refusal.code == "asserts_more_than_evidence"
