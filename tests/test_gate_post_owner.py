"""Write gate 3.134: whose post a title names in a firm's own report.

Each case is one claim over two texts that differ in one thing: the gate admits it from
the first (the firm is the sentence's subject and the holder closes it as the speaker)
and refuses it from the second (another owner may be meant, or the post is not held).
A gate that refuses everything fails the first; one that reads every bare title as the
firm's fails the second. Examples are our own; names are invented.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from affidavit.gates.write import RESOLVER_VERSION, decide_write
from affidavit.gates.write_post import post_readings
from tests.gate_pairs import ADMIT

# (what the pair tests, claim, evidence that supports it, near miss that does not)
CASES = [
    (
        "the speaker of the firm's report, its post before the name",
        "Oren Mbeki is the managing director of Sawubona Buses Ltd.",
        "Sawubona Buses Ltd will add twelve routes in July, its managing director, Oren Mbeki, said on "
        "Friday.",
        "Sawubona Buses Ltd will add twelve routes in July, Lindiwe Tshabalala says its managing director, "
        "Oren Mbeki, told her.",
    ),
    (
        "a bare title in a later sentence is not read",
        "Ilse Varnow is the chief executive of Tormund Kft.",
        "Tormund Kft. will close its glass plant in June, chief executive Ilse Varnow said.",
        "Tormund Kft. will close its glass plant in June. Chief executive Ilse Varnow blamed gas prices.",
    ),
    (
        "another party in the reported clause",
        "Pilar Echeverri is the chief executive of Urkiola Gozoak SL.",
        "Urkiola Gozoak SL will open a bakery in Deba, chief executive Pilar Echeverri said.",
        "Urkiola Gozoak SL will open a bakery with Gorbeia Janariak, chief executive Pilar Echeverri said.",
    ),
    (
        "more after the holder than an age or a time",
        "Marit Solvang is the chief executive of Fjordlys AS.",
        "Fjordlys AS cut its forecast on Tuesday, said chief executive Marit Solvang, 58.",
        "Fjordlys AS cut its forecast on Tuesday, said chief executive Marit Solvang, who retires in May.",
    ),
    (
        "a name that takes 'its' is no firm by that alone",
        "Keoni Akana is the chief executive of Waipa Tours LLC.",
        "Waipa Tours LLC sold its last boat in March, chief executive Keoni Akana said.",
        "Waipa sold its last boat in March, chief executive Keoni Akana said.",
    ),
    (
        "the holder named again where the post ends",
        "Sanna Virtala is the managing director of Kaislikko Oy.",
        "Kaislikko Oy will build a sawmill in Pori, managing director Sanna Virtala said. The mill opens "
        "in May.",
        "Kaislikko Oy will build a sawmill in Pori, managing director Sanna Virtala said. Virtala retires "
        "in May.",
    ),
    (
        "a director only of a firm by its form, with 'its'",
        "Anouk Verbeek is the director of Lindehof BV.",
        "Lindehof BV will restore the old mill in Zwaagdijk, its director, Anouk Verbeek, said.",
        "Lindehof BV will restore the old mill in Zwaagdijk, director Anouk Verbeek said.",
    ),
    (
        "a possessive owner, its longer form only by a legal form",
        "Ruben Okafor is the chief executive of Lagos Keel Ltd.",
        "Lagos Keel Ltd bought two tugs this year. Lagos Keel's chief executive, Ruben Okafor, said more "
        "would follow.",
        "Lagos Keel Marine bought two tugs this year. Lagos Keel's chief executive, Ruben Okafor, said more "
        "would follow.",
    ),
]


@pytest.mark.parametrize(("what", "claim", "supports", "near_miss"), CASES, ids=[c[0] for c in CASES])
def test_post_owner_pairs(what: str, claim: str, supports: str, near_miss: str) -> None:
    yes = decide_write(claim, supports)
    assert yes.verdict in ADMIT, (what, yes.refusal)
    no = decide_write(claim, near_miss)
    assert no.verdict == "REJECT", (what, no)


_EVIDENCE = "Tormund Kft. will close its glass plant in June, chief executive Ilse Varnow said on Monday."


def test_the_receipt_is_the_sentence_that_names_the_holder() -> None:
    decision = decide_write("Ilse Varnow is the chief executive of Tormund Kft.", _EVIDENCE)
    assert decision.verdict in ADMIT and decision.span == (0, len(_EVIDENCE))
    assert "post" in decision.checks


def test_the_reading_names_the_post_and_nothing_more() -> None:
    assert [r[2] for r in post_readings(_EVIDENCE)] == ["Ilse Varnow is the chief executive of Tormund Kft."]
    # The post read is the one written: not a founder's, not another post, not the plant's.
    for claim in ("Ilse Varnow founded Tormund Kft.", "Ilse Varnow is the chair of Tormund Kft.",
                  "Ilse Varnow is the chief executive of the glass plant."):  # fmt: skip
        assert decide_write(claim, _EVIDENCE).verdict == "REJECT", claim


_VECTORS = Path(__file__).parent / "vectors" / "write_gate_red_team_post.json"


def test_red_team_probes_of_the_post_reading() -> None:
    """A helper who wrote none of the reader attacked the first version (a bare title read
    as the topic's anywhere): 102 of its 164 refuse probes were admitted. Each probe the
    reader admitted is kept here; none may be admitted now."""
    probes = json.loads(_VECTORS.read_text(encoding="utf-8"))
    admitted = [p["id"] for p in probes["refuse"] if decide_write(p["claim"], p["evidence"]).verdict in ADMIT]
    assert admitted == []
    assert len(probes["refuse"]) >= 90


def test_version() -> None:
    assert RESOLVER_VERSION.startswith("write-gate/3.140+")
