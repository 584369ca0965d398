"""Pure decision: what a new claim does to a live claim with the same subject and predicate.

Rules (docs): the objects must differ, else there is no conflict. When both have a
``valid_from`` and one starts later, the later claim supersedes the earlier one,
whose ``valid_to`` is closed to the day before the later start (never extended).
Otherwise (undated, or starting the same day) the two overlap and both are
``disputed``.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Literal, NamedTuple

from affidavit.text.names import name_key

CONFLICT_RULES_VERSION = "conflicts/1"


class Interval(NamedTuple):
    valid_from: str | None
    valid_to: str | None


class ConflictDecision(NamedTuple):
    action: Literal["none", "supersede_old", "supersede_new", "dispute"]
    closed_valid_to: str | None = None  # the superseded claim's new valid_to


def _day_before(iso: str) -> str:
    return (date.fromisoformat(iso) - timedelta(days=1)).isoformat()


def _close(interval: Interval, later_start: str) -> str:
    cut = _day_before(later_start)
    if interval.valid_to is not None and interval.valid_to < cut:
        return interval.valid_to
    return cut


def same_object(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)


def decide_conflict(old: Interval, old_object: str, new: Interval, new_object: str) -> ConflictDecision:
    if same_object(old_object, new_object):
        return ConflictDecision("none")
    if old.valid_from is not None and new.valid_from is not None:
        if new.valid_from > old.valid_from:
            return ConflictDecision("supersede_old", _close(old, new.valid_from))
        if old.valid_from > new.valid_from:
            return ConflictDecision("supersede_new", _close(new, old.valid_from))
    if (
        new.valid_from is not None
        and old.valid_from is None
        and old.valid_to is not None
        and old.valid_to < new.valid_from
    ):
        return ConflictDecision("supersede_old", old.valid_to)
    return ConflictDecision("dispute")
