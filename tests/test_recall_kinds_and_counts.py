"""Read gate 3.22: a size asked in two words, a date of birth asked as such, and roles
that are no occupation. Each answered question is paired with a near miss over the same
store that abstains. Names are invented.

* a frame that asks a number is one slot however its words stand: "how big is the
  workforce at X" <- "X employs 130 people"; an inflected second word asks one value among
  several ("the largest workforce", "the cheapest ticket"), which one stored value does not
  answer, and "how big is the farm at X" asks the farm;
* "dob", "date of birth", "birth date", "birthday" ask the day: "X was born in Tromsø" and
  "X is 36" do not answer them;
* "is X still driving the Prius" is answered by what X drives now: the write gate's key of
  a claim keeps the object's first word ("drive:white"), and a colour or an age ("grey",
  "used") says which thing, not which slot (3.23); a value that ended with nothing after it
  still abstains;
* what a claim says of a possessed noun is not said of its possessor: "X's daughter was
  born on 2 May" does not answer "when was X born", "X's brother lives in Bergen" not
  "where does X live" (3.21 answered both);
* a role the claim says is no occupation now ("a keen gardener", "a former teacher", "a
  volunteer firefighter") answers no occupation question; a job with such a word inside
  its name ("a weekend news presenter", "a hobby shop owner") still does.

Tried and taken out before landing (a red team answered "what boat does X drive" and "what
car does X drive" <- "drives a horse called Blaze" with it): the kind asked of an object
named by a make ("what car does X drive" <- "drives a grey Subaru Outback").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from chat_store import assert_pair, index_of

from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex

AT = "2026-11-01"

CLAIMS: tuple[tuple[str | None, ...], ...] = (
    ("headcount", "Gwanzura Dairies employs 130 people.", None),
    ("gala", "The Harlow Gala charges £45 per ticket.", None),
    ("pharmacist", "Nusa Koren is a pharmacist.", None),
    ("presenter", "Tove Lind is a weekend news presenter at NRK.", None),
    ("gardener", "Lou Ng is a keen gardener.", None),
    ("former", "Ron Wu is a former teacher.", None),
    ("volunteer", "Kai Ose is a volunteer firefighter.", None),
    ("born", "Alfiya Sakirova was born on 14 February 1991.", None),
    ("born-where", "Ilse Marr was born in Tromsø.", None),
    ("daughter", "Rita Holm's daughter was born on 2 May 2015.", None),
    ("brother", "Rita Holm's brother lives in Bergen.", None),
    ("salary", "Rita Holm's salary is 40,000 euros.", None),
    ("old-car", "Halvor Strand drives a white Toyota Prius.", "2018-05-01", "2024-08-31"),
    ("new-car", "Halvor Strand drives a grey Subaru Outback.", "2024-09-01"),
    ("volvo", "Ola Brun drives a red Volvo.", "2015-01-01", "2020-12-31"),
)

PAIRS = [
    ("a size in two words", "how big is the workforce at gwanzura dairies", ["headcount"],
     "how big is the farm at gwanzura dairies"),
    ("a superlative asks one of several", "how big is the staff at gwanzura dairies", ["headcount"],
     "what was the largest workforce at gwanzura dairies"),
    ("the cheapest of several", "what is the price of a ticket at the harlow gala", ["gala"],
     "what is the cheapest ticket price at the harlow gala"),
    ("dob", "whats alfiya sakirova's dob", ["born"], "whats ilse marr's dob"),
    ("date of birth", "what is alfiya sakirova's date of birth", ["born"],
     "what is ilse marr's date of birth"),
    ("another's birth", "when is alfiya sakirova's birthday", ["born"], "when is rita holm's birthday"),
    ("another's birth, asked plainly", "when was alfiya sakirova born", ["born"], "when was rita holm born"),
    ("still, the value that replaced it", "is halvor strand still driving the prius", ["new-car"],
     "is ola brun still driving the volvo"),
    ("what is said of the possessed", "what is rita holm's salary", ["salary"], "where does rita holm live"),
    ("a former job", "what does nusa koren do for a living", ["pharmacist"],
     "what does ron wu do for a living"),
    ("a hobby", "what is tove lind's job", ["presenter"], "what is lou ng's job"),
    ("a volunteer post", "what does tove lind do for a living", ["presenter"],
     "what does kai ose do for a living"),
]  # fmt: skip


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return index_of(CLAIMS)


@pytest.mark.parametrize(("kind", "question", "want", "miss"), PAIRS, ids=[p[0] for p in PAIRS])
def test_answered_and_its_near_miss_abstains(
    store: MemoryReadIndex, kind: str, question: str, want: list[str], miss: str
) -> None:
    assert_pair(store, question, want, miss, AT)


def test_a_hobby_still_answers_what_the_claim_says(store: MemoryReadIndex) -> None:
    """The occupation rule takes nothing from what the claim does say."""
    d = decide_read("is lou ng a gardener", store, at=AT)
    assert d.status == "answered" and [c.claim_id for c in d.claims] == ["gardener"], d.text


_VECTORS = json.loads((Path(__file__).parent / "vectors" / "read_gate_red_team_322.json").read_text("utf-8"))


@pytest.mark.parametrize("probe", _VECTORS["abstain"], ids=lambda p: p["id"])
def test_a_red_team_question_abstains(probe: dict[str, Any]) -> None:
    index = index_of([tuple(c) for c in probe["claims"]])
    d = decide_read(probe["question"], index, at=probe["at"])
    assert d.status == "abstained", (probe["id"], probe["question"], d.text)
