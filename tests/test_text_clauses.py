"""The clause reader: segments under their frames, corrections blanked in place, and a
seeded property test that wrapping a clause as hearsay, a condition, a question or a
hypothetical refuses the bare claim but admits the faithful restatement."""

from __future__ import annotations

import os
import random

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.clauses import carried, read
from affidavit.text.corrections import corrected, retracted

ADMIT = ("ACCEPT", "RESCUE")


def _frames(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    return [(text[s.start : s.end].strip(), [(f.kind, f.arg) for f in s.frames]) for s in read(text)]


def test_a_plain_sentence_is_one_asserted_segment() -> None:
    """No frame: the whole sentence, asserted."""
    assert _frames("Ana Ruiz signed the lease on Monday.") == [("Ana Ruiz signed the lease on Monday.", [])]


@pytest.mark.parametrize(
    "text",
    [
        "Lena Moss says the ferry stops in May.",
        "Lena Moss said that the ferry stops in May.",
        "According to Lena Moss, the ferry stops in May.",
        "The ferry stops in May, Lena Moss says.",
        "Lena Moss says: the ferry stops in May.",
    ],
)
def test_hearsay_frames_name_the_speaker_and_leave_the_cue_out(text: str) -> None:
    """Every form of "Lena says X" gives X under hearsay(Lena Moss), the cue in no segment."""
    (seg,) = _frames(text)
    assert seg[0].rstrip(".").strip() == (
        "the ferry stops in May" if seg[0][0] == "t" else "The ferry stops in May"
    )
    assert seg[1] == [("hearsay", "Lena Moss")]


def test_a_condition_governs_its_consequent_and_supposes_its_antecedent() -> None:
    """ "If A, B": A is supposed, B holds under condition A; "unless" is a negated condition."""
    assert _frames("If the council agrees, Brio will open a depot.") == [
        ("the council agrees", [("supposed", "")]),
        ("Brio will open a depot.", [("condition", "the council agrees")]),
    ]
    assert _frames("Unless the council objects, Brio opens.")[1][1] == [
        ("condition", "not the council objects")
    ]


def test_a_question_mark_ends_a_question_but_not_the_statement_before_it() -> None:
    """A statement before a full question is stated; before a tag question it is asked."""
    assert _frames("Ana signed the lease - did you get a copy?")[0] == ("Ana signed the lease", [])
    assert _frames("Ana signed the lease, didn't she?")[0][1] == [("question", "")]


def test_a_said_goodbye_is_no_frame() -> None:
    """A reporting verb with no clause after it ("said goodbye") frames nothing."""
    assert _frames("Ana Ruiz said goodbye to Omar.") == [("Ana Ruiz said goodbye to Omar.", [])]


def test_a_colon_frame_carries_to_the_lines_of_its_paragraph_only() -> None:
    """ "Per Omar:" governs the list under it, not the next paragraph."""
    text = "Per Omar:\n- Brio opens a depot\n\nBrio hired Ana."
    assert carried(text, text.index("- Brio"))[0].arg == "Omar"
    assert carried(text, text.index("Brio hired")) == ()


def test_a_correction_blanks_the_retracted_value_in_place() -> None:
    """Same length, same offsets; the corrected value stays, the retracted one is gone."""
    text = "The workshop is in room 12 — no wait, room 14."
    fixed = corrected(text)
    assert len(fixed) == len(text) and "14" in fixed and "12" not in fixed and "wait" not in fixed
    assert corrected("Actually, Ana signed it.") == "Actually, Ana signed it."  # no cue, no change
    assert [r.kind for r in retracted("Ana moved to Leeds - no wait, to York.")] == ["word", "cue"]


# Self-contained clauses: each names its subject and states one fact.
CLAUSES = [
    "Ana Ruiz signed the lease on Monday",
    "Brio Foods opened a depot in Kerry",
    "Omar Haddad works at Vantec",
    "Nora Quill moved to Cork in 2019",
    "Vantec hired Lena Moss as treasurer",
    "Tomas Lind sold the boat to Ada Vries",
    "Kestrel Labs will close its Leeds office in June",
    "Priya Shah paid €4,000 for the van",
    "Halden Rail cut 40 jobs in March",
    "Ines Roy chairs the Galway Arts Trust",
]
# (wrapper, faithful restatements of the wrapped clause); "{c}" is the clause.
WRAPPERS = [
    (
        "Lena Moss says {c}.",
        ["According to Lena Moss, {c}.", "Lena Moss said that {c}.", "{c}, Lena Moss says."],
    ),
    ("{c}, according to Lena Moss.", ["Lena Moss says {c}."]),
    ("Per Lena Moss: {c}.", ["According to Lena Moss, {c}."]),
    ("If the council agrees, {c}.", ["If the council agrees, {c}.", "{c} if the council agrees."]),
    ("{c}, as long as the council agrees.", ["If the council agrees, {c}."]),
    ("Is it true that {c}?", []),
    ("I wonder whether {c}.", []),
    ("Suppose {c}, what then?", []),
    ("Imagine {c}.", []),
]


def test_wrapping_a_clause_refuses_the_bare_claim_and_admits_the_faithful_one() -> None:
    """Property: verbatim clause admitted; wrapped, the bare claim is refused as
    modality_dropped and each faithful restatement of the wrapper is admitted."""
    seed = int(os.environ.get("AFFIDAVIT_TEST_SEED", random.SystemRandom().randrange(2**32)))
    print(f"seed={seed}")
    rng = random.Random(seed)
    for _ in range(40):
        clause = rng.choice(CLAUSES)
        wrapper, faithful = rng.choice(WRAPPERS)
        bare = clause + "."
        assert decide_write(bare, bare).verdict in ADMIT, (seed, bare)
        evidence = wrapper.format(c=clause)
        no = decide_write(bare, evidence)
        assert no.refusal is not None and no.refusal.code == "modality_dropped", (seed, evidence, no.refusal)
        for form in faithful:
            claim = form.format(c=clause)
            claim = claim[0].upper() + claim[1:]
            yes = decide_write(claim, evidence)
            assert yes.verdict in ADMIT, (seed, claim, evidence, yes.refusal)


def test_a_verb_after_a_lead_is_the_clause_s_own_not_a_trailing_speaker() -> None:
    """ "..., according to his publisher, wrote his first novel on a borrowed laptop": the
    last piece is what the publisher says, not "wrote <speaker>" (nothing before it is a
    clause); "The ferry stops in May, said Ana Ruiz." is a trailing speaker."""
    text = (
        "Xoel Rego grew up in Lugo and, according to his publisher, wrote his first novel on a "
        "borrowed laptop."
    )
    ferry = "The ferry stops in May, said Ana Ruiz."
    assert _frames(text)[-1] == (
        "wrote his first novel on a borrowed laptop.", [("hearsay", "his publisher")]
    )
    assert _frames(ferry) == [("The ferry stops in May", [("hearsay", "Ana Ruiz")])]
