"""One check for the gate's paired cases: the near miss refused with its code, the claim
beside it admitted over the same evidence."""

from __future__ import annotations

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")


def assert_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT", (refused, no)
    assert no.refusal is not None and no.refusal.code == code, (refused, no.refusal)
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, (admitted, yes.refusal)
