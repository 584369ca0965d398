"""A moved time is refused as temporal_shifted, not as an invented word or number.

Only the reason changes; each case also admits the faithful claim. Examples are our
own (chat, tickets, CV, news); names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (evidence, admitted claim, refused claim)
PAIRS = [
    (
        "Tilde Rask says the Vesk ferry is cancelled until Thursday because of the wind",
        "Tilde Rask says the Vesk ferry is cancelled until Thursday.",
        "Tilde Rask says the Vesk ferry is cancelled until Tuesday.",
    ),
    (
        "recap: Oskar Lind booked the Salla cabin from 3 to 9 February, Mia brings food",
        "Oskar Lind booked the Salla cabin from 3 to 9 February.",
        "Oskar Lind booked the Salla cabin from 3 to 9 April.",
    ),
    (
        "Aune Kivi — translator, Oulu. Accredited by the Nordic Council since 2014.",
        "Aune Kivi has been accredited by the Nordic Council since 2014.",
        "Aune Kivi has been accredited by the Nordic Council since 2004.",
    ),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_moved_time(evidence: str, admitted: str, refused: str) -> None:
    """The faithful claim is admitted; the moved time is temporal_shifted."""
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT" and no.refusal is not None, no
    assert no.refusal.code == "temporal_shifted", no.refusal


def test_a_time_the_evidence_has_none_of_is_invented() -> None:
    """No weekday in the evidence: a claimed one is added, not moved."""
    ev = "Tilde Rask says the Vesk ferry is cancelled because of the wind."
    no = decide_write("Tilde Rask says the Vesk ferry is cancelled until Tuesday.", ev)
    assert no.refusal is not None and no.refusal.code != "temporal_shifted", no.refusal
