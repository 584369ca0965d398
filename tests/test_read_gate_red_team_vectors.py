"""Every read-gate red team's probes, kept as they were written (``tests/vectors``).

Each file holds probes a helper session wrote black-box against one read-gate version,
with its outcome decided before it ran: ``abstain`` and ``answer`` hold what the gate gets
right and must keep; ``known_false_answers`` what it still answers and should not (listed,
not asserted, so that a fix shows up as an improvement rather than a failure). What each
red team attacked is in the file's ``about``.
"""

from __future__ import annotations

from typing import Any

import pytest
from chat_store import assert_probe, red_team_vectors

_FILES = ("read_gate_red_team_325.json", "read_gate_red_team_326.json", "read_gate_red_team_327.json",
          "read_gate_red_team_328.json", "read_gate_red_team_331.json")
_PROBES = [(name[-8:-5], kind, p) for name in _FILES for kind in ("abstain", "answer")
           for p in red_team_vectors(name)[kind]]  # fmt: skip


def _id(value: Any) -> str:
    return value if isinstance(value, str) else str(value["id"])


@pytest.mark.parametrize(("team", "kind", "probe"), _PROBES, ids=_id)
def test_a_kept_probe_keeps_its_outcome(team: str, kind: str, probe: dict[str, Any]) -> None:
    assert_probe(probe, answered=kind == "answer")


def test_every_file_holds_both_outcomes() -> None:
    # A file that lost its probes would pass the test above vacuously.
    for name in _FILES:
        vectors = red_team_vectors(name)
        assert vectors["abstain"] and vectors["answer"] and vectors["about"], name
