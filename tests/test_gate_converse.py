"""Voice and converse by frame: a claim that states the evidence's relation with the other
verb ("won" for "was awarded to", "borrowed ... from" for "lent") is admitted when its
names fill the same roles; the same claim with the roles swapped is relation_transposed.
Every converse pair is tested in both directions."""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.frames import SOURCES, CuratedFrames, Frame, converse_pairs, converse_verbs

ADMITTED = ("ACCEPT", "RESCUE")

PAIRS = [  # (evidence, claim with the roles kept, claim with them swapped)
    pytest.param(
        "Gatis bought the blue van off Ilze Kalniņa for €4,500.",
        "Ilze Kalniņa sold the blue van to Gatis.",
        "Gatis sold the blue van to Ilze Kalniņa.",
        id="buy-off>sell",
    ),
    pytest.param(
        "Tēvita Fonua has sold his bakery to his nephew Sione.",
        "Sione bought the bakery from Tēvita Fonua.",
        "Tēvita Fonua bought the bakery from Sione.",
        id="sell-to-described>buy",
    ),
    pytest.param("The contract was awarded to Brix.", "Brix won the contract.", None, id="award-passive>win"),
    pytest.param("Brix won the contract.", "The contract was awarded to Brix.", None, id="win>award-passive"),
    pytest.param(
        "The council awarded Brix the contract.",
        "Brix won the contract from the council.",
        None,
        id="award-dative>win",
    ),
    pytest.param(
        "Tom lent Ava his car.", "Ava borrowed Tom's car.", "Tom borrowed Ava's car.", id="lend>borrow"
    ),
    pytest.param(
        "Ava borrowed the van from Tom Hale.",
        "Tom Hale lent Ava the van.",
        "Ava lent Tom Hale the van.",
        id="borrow>lend",
    ),
    pytest.param(
        "Acme sold Brix to Lumen.",
        "Lumen bought Brix from Acme.",
        "Acme bought Brix from Lumen.",
        id="sell>buy",
    ),
    pytest.param(
        "Lumen bought Brix from Acme.", "Acme sold Brix to Lumen.", "Lumen sold Brix to Acme.", id="buy>sell"
    ),
    pytest.param(
        "Kestrel hired Ola Berg in May.",
        "Ola Berg joined Kestrel.",
        "Kestrel joined Ola Berg.",
        id="hire>join",
    ),
    pytest.param(
        "Ola Berg joined Kestrel in May.",
        "Kestrel hired Ola Berg.",
        "Ola Berg hired Kestrel.",
        id="join>hire",
    ),
    pytest.param(
        "Kestrel employs Ines Roy.",
        "Ines Roy works for Kestrel.",
        "Kestrel works for Ines Roy.",
        id="employ>work-for",
    ),
    pytest.param(
        "Ines Roy works for Kestrel.",
        "Kestrel employs Ines Roy.",
        "Ines Roy employs Kestrel.",
        id="work-for>employ",
    ),
    pytest.param(
        "Ada Berg taught Ben Ode at Leeds.",
        "Ben Ode studied under Ada Berg.",
        "Ada Berg studied under Ben Ode.",
        id="teach>study-under",
    ),
    pytest.param(
        "Ben Ode studied under Ada Berg.",
        "Ada Berg taught Ben Ode.",
        "Ben Ode taught Ada Berg.",
        id="study-under>teach",
    ),
    pytest.param(
        "Westfield Rovers defeated the Duluth Pines 2-0.",
        "The Duluth Pines lost 2-0 to Westfield Rovers.",
        "Westfield Rovers lost 2-0 to the Duluth Pines.",
        id="defeat>lose-to",
    ),
    pytest.param(
        "The Duluth Pines lost to Westfield Rovers.",
        "Westfield Rovers beat the Duluth Pines.",
        "The Duluth Pines beat Westfield Rovers.",
        id="lose-to>beat",
    ),
    pytest.param(
        "Priya Shah manages Omar Ali.",
        "Omar Ali reports to Priya Shah.",
        "Priya Shah reports to Omar Ali.",
        id="manage>report-to",
    ),
    pytest.param(
        "Omar Ali reports to Priya Shah.",
        "Priya Shah manages Omar Ali.",
        "Omar Ali manages Priya Shah.",
        id="report-to>manage",
    ),
    pytest.param(
        "Brio Foods owns Kell Studio.",
        "Kell Studio belongs to Brio Foods.",
        "Brio Foods belongs to Kell Studio.",
        id="own>belong-to",
    ),
    pytest.param(
        "Kell Studio belongs to Brio Foods.",
        "Brio Foods owns Kell Studio.",
        "Kell Studio owns Brio Foods.",
        id="belong-to>own",
    ),
    pytest.param(
        "Ben Ode succeeded Ada Berg as chair.",
        "Ada Berg preceded Ben Ode.",
        "Ben Ode preceded Ada Berg.",
        id="succeed>precede",
    ),
    pytest.param(
        "Ada Berg preceded Ben Ode as chair.",
        "Ben Ode succeeded Ada Berg.",
        "Ada Berg succeeded Ben Ode.",
        id="precede>succeed",
    ),
]


@pytest.mark.parametrize(("evidence", "kept", "swapped"), PAIRS)
def test_converse_kept_admitted_swapped_transposed(evidence: str, kept: str, swapped: str | None) -> None:
    """The converse with the roles kept is admitted; swapped, it is relation_transposed."""
    d = decide_write(kept, evidence)
    assert d.verdict in ADMITTED, d.refusal
    if swapped is not None:
        n = decide_write(swapped, evidence)
        assert n.verdict == "REJECT" and n.refusal is not None, n
        assert n.refusal.code == "relation_transposed", n.refusal


def test_award_to_someone_else_is_not_a_win() -> None:
    """Who the contract went to decides; the subject of another clause is not the winner."""
    for ev in ("Brix awarded the contract to Kell.", "Brix bid for the contract, which was awarded to Kell."):
        d = decide_write("Brix won the contract.", ev)
        assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == "relation_transposed", ev


def test_a_thing_owned_by_someone_else_is_refused() -> None:
    """ "his car": the car is one of the participants'; a third person's car is not said."""
    assert decide_write("Ava borrowed Ben's car.", "Tom lent Ava his car.").verdict == "REJECT"


def test_frames_come_from_sources_that_only_add() -> None:
    """The curated table is the first source; a source with no frames makes no converse."""
    assert isinstance(SOURCES[0], CuratedFrames)
    assert "win" in converse_verbs("award") and "award" in converse_verbs("win")
    assert converse_pairs("lend", "lend") == ()
    empty = CuratedFrames(())
    assert empty.frames("lend") == () and empty.verbs() == frozenset()
    extra = CuratedFrames((Frame("loan", "loan", "source", "theme", "goal", (("to", "goal"),)),))
    assert extra.frames("loan")[0].relation == "loan"


def test_a_purchase_is_not_read_as_a_payment() -> None:
    """ "bought the van for €5,000 and sold it for €3,000" says nothing in "paid" words; a
    payment frame read both ways admitted the price of the other deal, so there is none."""
    evidence = "Bo Lind bought the van for €5,000 in 2019 and sold it for €3,000 in 2023."
    assert decide_write("Bo Lind bought the van for €5,000 in 2019.", evidence).verdict in ADMITTED
    assert decide_write("Bo Lind paid €3,000 for the van.", evidence).verdict not in ADMITTED
    assert "pay" not in converse_verbs("buy")


def test_every_converse_verb_of_the_evidence_is_tried() -> None:
    """ "paid ₦85k for the amp he bought off Ada": the frame check tries "bought" too."""
    evidence = "Tom Vale paid £85 for the amp he bought off Ada Kerr."
    assert decide_write("Ada Kerr sold an amp to Tom Vale.", evidence).verdict in ADMITTED
    assert decide_write("Tom Vale sold an amp to Ada Kerr.", evidence).verdict not in ADMITTED
