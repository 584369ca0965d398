"""The red teams' probes of write gates 3.120, 3.123, 3.124, 3.127 and 3.132, kept as regression vectors.

A helper that did not write the gate probed its new readings (relative times from a
message's date, chat stamps and speakers, handles, introductions, subjectless turns,
ticket records, denials of all) with claims in invented Cornish and Welsh names. The
unsupported ones it found admitted must stay refused; the supported controls over the
same mechanisms must stay admitted (a gate that refuses everything fails the second test).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from affidavit.gates.write import decide_write

_FILES = ("write_gate_red_team_3120.json", "write_gate_red_team_3123.json", "write_gate_red_team_3124.json",
          "write_gate_red_team_3127.json", "write_gate_red_team_3132.json",
          "write_gate_red_team_3138.json", "write_gate_red_team_3138_rosters.json",
          "write_gate_red_team_3138_descriptions.json", "write_gate_red_team_3139.json",
          "write_gate_red_team_3139_reports.json")
_LOADED = [json.loads((Path(__file__).parent / "vectors" / name).read_text("utf-8")) for name in _FILES]
VECTORS = {kind: [case for v in _LOADED for case in v[kind]] for kind in ("refuse", "admit")}


@pytest.mark.parametrize("case", VECTORS["refuse"], ids=lambda c: c["id"])
def test_an_unsupported_probe_is_refused(case: dict[str, str]) -> None:
    decision = decide_write(case["claim"], case["evidence"], held_until=case.get("held_until"))
    assert decision.verdict not in ("ACCEPT", "RESCUE"), case


@pytest.mark.parametrize("case", VECTORS["admit"], ids=lambda c: c["id"])
def test_a_supported_control_is_admitted(case: dict[str, str]) -> None:
    decision = decide_write(case["claim"], case["evidence"], held_until=case.get("held_until"))
    assert decision.verdict in ("ACCEPT", "RESCUE"), (case, decision.refusal)


# Probes of readings tried in session 15 whose supported controls the gate does not yet
# admit (kept for their refusals only): the forum-writer reading was not landed after its
# red team (116 of 170 refuse probes admitted); the post reading landed narrowed.
_REFUSE_ONLY = ("write_gate_red_team_forum_writer.json",)
_REFUSE_ONLY_CASES = [
    case for name in _REFUSE_ONLY
    for case in json.loads((Path(__file__).parent / "vectors" / name).read_text("utf-8"))["refuse"]
]


@pytest.mark.parametrize("case", _REFUSE_ONLY_CASES, ids=lambda c: c["id"])
def test_a_probe_of_an_unlanded_reading_is_refused(case: dict[str, str]) -> None:
    assert decide_write(case["claim"], case["evidence"]).verdict not in ("ACCEPT", "RESCUE"), case
