"""A report closed by an indefinite speaker ("..., a union spokesman said.") is a report.

Until 3.124 the frame reader took only a definite or named speaker at a sentence's end,
so "Penhallow Foods will cut 40 jobs, a union spokesman said." read as no frame at all and
the bare claim passed. Paired over the same evidence: the attributed claim is admitted,
the bare one refused.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")


@pytest.mark.parametrize("speaker", ["a union spokesman", "one resident", "a company spokeswoman"])
def test_an_indefinite_speaker_reports(speaker: str) -> None:
    evidence = f"Penhallow Foods will cut 40 jobs at Tavy, {speaker} said."
    assert decide_write("Penhallow Foods will cut 40 jobs at Tavy.", evidence).verdict not in ADMIT
    yes = decide_write(f"According to {speaker}, Penhallow Foods will cut 40 jobs at Tavy.", evidence)
    assert yes.verdict in ADMIT, yes.refusal


def test_a_long_speaker_reports() -> None:
    """ "An article on Sunday in the Trelowen Courier said ...": a speaker of up to eight
    words opens a report (five were read before 3.129, so the bare claim passed)."""
    evidence = ("TRELOWEN, 3 March 2026 — An article on Sunday in the Trelowen Courier said the pool had "
                "400 members. It has 340.")
    assert decide_write("The Trelowen pool has 400 members.", evidence).verdict not in ADMIT
    yes = decide_write("An article in the Trelowen Courier said the pool had 400 members.", evidence)
    assert yes.verdict in ADMIT, yes.refusal
