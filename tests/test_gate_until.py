"""Write gate 3.136: what "until" waits for, in the present, has not happened.

"She's taking the bus till it's fixed" says she is taking the bus, and that the car is not
fixed yet; "he worked there until the plant closed" says the plant closed. Each pair is
one evidence: the claim the sentence makes is admitted, the one it only waits for is not.
Names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.clauses import read
from tests.gate_pairs import ADMIT

CASES = [
    ("Naledi Sebego's car broke down again, so she is taking the combi till it's fixed.",
     "Naledi Sebego's car broke down again.", "Naledi Sebego's car has been fixed."),
    ("Kagiso Molefe is staying with his aunt in Maun until his flat is ready.",
     "Kagiso Molefe is staying with his aunt in Maun.", "Kagiso Molefe's flat is ready."),
]  # fmt: skip


@pytest.mark.parametrize(("evidence", "said", "awaited"), CASES)
def test_what_until_waits_for_is_not_said(evidence: str, said: str, awaited: str) -> None:
    yes = decide_write(said, evidence)
    assert yes.verdict in ADMIT, yes.refusal
    assert decide_write(awaited, evidence).verdict == "REJECT"


def test_until_in_the_past_is_said() -> None:
    """ "until the plant closed": the plant did close; nothing is left supposed."""
    pieces = read("Tebogo Dube worked at the Selebi plant until the plant closed in 2016.")
    assert all(not seg.frames for seg in pieces)
    pieces = read("Tebogo Dube is staying in Selebi until the plant reopens.")
    assert any(f.kind == "supposed" for seg in pieces for f in seg.frames)


def test_a_process_still_under_way_is_not_done() -> None:
    """ "is still under repair" (also "under construction", "awaiting inspection") says the
    thing is not repaired (write gate 3.137); the process itself is said."""
    evidence = "Only downside: the road after Ban Keo is still under repair, so expect dust."
    assert decide_write("The road after Ban Keo is under repair.", evidence).verdict in ADMIT
    assert decide_write("The road after Ban Keo has been repaired.", evidence).verdict == "REJECT"
