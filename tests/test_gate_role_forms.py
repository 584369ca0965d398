"""Who acts on whom in the forms agents' text writes roles: an action item's bare infinitive
("Action: Velu to brief Revathi"), "is to brief", a deadline after "by", and a speaker label
before a first person ("Titu: Chaska taught me to drive").

Each case pairs the claim the gate must admit with its swapped near miss over the same
evidence. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, swapped claim)
PAIRS = [
    ("Action: Velu Raman to brief Revathi Iyer on the Pollachi contract by Wednesday.",
     "Velu Raman is to brief Revathi Iyer on the Pollachi contract by Wednesday.",
     "Revathi Iyer is to brief Velu Raman on the Pollachi contract by Wednesday."),
    ("Actions:\n- Tomas Rudd to call Inga Berg about the lease.\n- Ola to book the van.",
     "Tomas Rudd is to call Inga Berg about the lease.",
     "Inga Berg is to call Tomas Rudd about the lease."),
    ("Titu Quispe: Chaska Mamani taught me to drive, in her dad's truck.",
     "Chaska Mamani taught Titu Quispe to drive.",
     "Titu Quispe taught Chaska Mamani to drive."),
]


@pytest.mark.parametrize(("evidence", "admitted", "swapped"), PAIRS)
def test_the_roles_as_the_evidence_writes_them(evidence: str, admitted: str, swapped: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    refused = decide_write(swapped, evidence)
    assert refused.verdict not in ADMIT
    assert refused.refusal is not None and refused.refusal.code == "relation_transposed"


def test_a_deadline_after_by_is_no_agent() -> None:
    """'is to send ... by Friday' is no passive: Friday did not send anything."""
    evidence = "Action items: Dafydd Hopcyn to send the revised hop order to the supplier by Friday."
    claim = "Dafydd Hopcyn is to send the revised hop order to the supplier by Friday."
    assert decide_write(claim, evidence).verdict in ADMIT
    assert decide_write(claim.replace("Friday", "Monday"), evidence).verdict not in ADMIT
