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
