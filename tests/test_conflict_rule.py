"""The conflict rule (gates/conflicts.py) as a table: which pairs dispute, supersede, or neither."""

from __future__ import annotations

import pytest

from affidavit.gates.conflicts import ClaimFacts, Interval, decide_conflict
from affidavit.gates.write import decide_write

UNDATED = (None, None)


def facts(claim: str, interval: tuple[str | None, str | None] = UNDATED) -> ClaimFacts:
    """The rule's input for a claim, as the write gate parses it (claim = its own evidence)."""
    decision = decide_write(claim, claim)
    assert decision.shape is not None, claim
    return ClaimFacts(decision.shape.predicate, decision.normalised_claim or claim,
                      decision.shape.object, Interval(*interval))


# (old claim, old valid time, new claim, new valid time, expected action)
TABLE = [
    # compatible: different facets of one slot, or equal values written differently
    ("Ada Lovelace was born in London.", UNDATED, "Ada Lovelace was born in 1815.", UNDATED, "none"),
    ("Ada Lovelace was born in 1815.", UNDATED, "Ada Lovelace was born on 10 December 1815.",
     UNDATED, "none"),
    ("Redvale Mills employs 12,500 people.", UNDATED,
     "Redvale Mills employs twelve thousand five hundred people.", UNDATED, "none"),
    ("Dana Kim works for Harbor Bank.", UNDATED, "Dana Kim works at Harbor Bank.", UNDATED, "none"),
    ("Dana Kim is a nurse.", UNDATED, "Dana Kim is a senior nurse.", UNDATED, "none"),
    ("Dana Kim works for Harbor Bank.", UNDATED, "Dana Kim is a nurse.", UNDATED, "none"),
    # relations that allow several values at once
    ("Dana Kim works for Harbor Bank.", UNDATED, "Dana Kim works for Pier Bank.", UNDATED, "none"),
    ("Marta Ruiz is the sister of Ana Ruiz.", UNDATED, "Marta Ruiz is the sister of Eva Ruiz.",
     UNDATED, "none"),
    # different predicates never meet
    ("Omar Haddad lives in Leeds.", UNDATED, "Omar Haddad was born in York.", UNDATED, "none"),
    # incompatible values of one slot at overlapping times
    ("Ada Lovelace was born in 1815.", UNDATED, "Ada Lovelace was born in 1816.", UNDATED, "dispute"),
    ("Ada Lovelace was born in London.", UNDATED, "Ada Lovelace was born in Paris.", UNDATED, "dispute"),
    ("Redvale Mills employs 12,500 people.", UNDATED, "Redvale Mills employs 9,000 people.",
     UNDATED, "dispute"),
    ("Omar Haddad lives in Leeds.", UNDATED, "Omar Haddad lives in York.", UNDATED, "dispute"),
    ("Omar Haddad lives in Leeds.", ("2010-01-01", None), "Omar Haddad lives in York.",
     ("2010-01-01", None), "dispute"),
    ("Dana Kim is a nurse.", UNDATED, "Dana Kim is a pilot.", UNDATED, "dispute"),
    # permanent facts: a later valid_from contradicts, it does not replace
    ("Ada Lovelace was born in 1815.", ("2000-01-01", None), "Ada Lovelace was born in 1816.",
     ("2010-01-01", None), "dispute"),
    # ordered in valid time: the later replaces the earlier
    ("Omar Haddad lives in Leeds.", ("2010-01-01", None), "Omar Haddad lives in York.",
     ("2015-01-01", None), "supersede_old"),
    ("Omar Haddad lives in Leeds.", ("2015-01-01", None), "Omar Haddad lives in York.",
     ("2010-01-01", None), "supersede_new"),
    # not at overlapping times: both valid
    ("Omar Haddad lives in Leeds.", ("2010-01-01", "2012-12-31"), "Omar Haddad lives in York.",
     ("2013-01-01", "2014-12-31"), "none"),
    ("Omar Haddad lives in Leeds.", (None, "2012-12-31"), "Omar Haddad lives in York.",
     ("2013-01-01", None), "none"),
]


@pytest.mark.parametrize(("old", "old_t", "new", "new_t", "expected"), TABLE)
def test_conflict_table(old: str, old_t: tuple, new: str, new_t: tuple, expected: str) -> None:
    """Each row: the rule's action for an old live claim meeting a new one."""
    assert decide_conflict(facts(old, old_t), facts(new, new_t)).action == expected


def test_supersession_closes_the_day_before_the_later_start() -> None:
    """The superseded claim's valid_to is the day before the successor starts, never later."""
    out = decide_conflict(facts("Omar Haddad lives in Leeds.", ("2010-01-01", None)),
                          facts("Omar Haddad lives in York.", ("2015-03-01", None)))
    assert (out.action, out.closed_valid_to, out.facets) == ("supersede_old", "2015-02-28", ("thing",))


def test_the_rule_is_symmetric_about_disputes() -> None:
    """Swapping old and new never turns a dispute into agreement (or back)."""
    for old, old_t, new, new_t, expected in TABLE:
        swapped = decide_conflict(facts(new, new_t), facts(old, old_t)).action
        if expected in ("none", "dispute"):
            assert swapped == expected, (old, new)
