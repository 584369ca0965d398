"""Pure decision: what a new claim does to a live claim of the same subject.

Two claims conflict only when they give **incompatible values for one slot** at
**overlapping valid times**. A slot is the predicate key (``birth``, ``residence``,
``role``, ``take:metformin`` ...) and one facet of its value: a date, an amount, or
a thing (a place, an employer, a position). Values are compared after the
normalisation the write gate already applies (``12,500`` = ``twelve thousand five
hundred``; case, whitespace, leading prepositions and articles do not count), and a
more precise value is compatible with a less precise one (``1815`` and ``10 December
1815``; ``a nurse`` and ``a senior nurse``). So "born in London" and "born in 1815"
fill two facets of ``birth`` and never dispute; two birth years do.

When values clash: a slot whose relation allows several values at once (siblings,
children, employers) is no conflict; permanent facts (birth, death, founding) are
disputed whatever their valid times say; otherwise, when both claims have a
``valid_from`` and one starts later, the later supersedes the earlier, whose
``valid_to`` is closed to the day before the later start (never extended); intervals
that do not overlap are both valid; anything else overlaps and both are disputed.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Literal, NamedTuple

from affidavit.text.lemmas import STOPWORDS, words
from affidavit.text.numbers import DateValue, dates, quantities

CONFLICT_RULES_VERSION = "conflicts/2"

Facet = Literal["date", "amount", "thing", "employer"]
Action = Literal["none", "supersede_old", "supersede_new", "dispute"]

# Relations where one subject may hold several values at once.
_MANY_PREFIXES = ("kin:",)  # siblings, children, cousins ... (``kin:<canonical>``)
_ONE_KIN = frozenset({"kin:husband", "kin:partner"})  # a spouse, a partner: one at a time
_MANY_SLOTS = frozenset({("role", "employer")})  # two employers at once is allowed
# Facts that hold for all time: a later valid_from does not replace them, it contradicts.
_PERMANENT = frozenset({"birth", "death", "founding"})
_EMPLOYER_PREPOSITIONS = frozenset({"for", "at", "with", "by"})
_FILLER = STOPWORDS | {"a", "an", "the", "in", "on", "at", "for", "of", "with", "by", "to"}


class Interval(NamedTuple):
    valid_from: str | None
    valid_to: str | None


class ClaimFacts(NamedTuple):
    """What the rule reads of one claim: its predicate key, text, object and valid time."""

    predicate: str
    text: str  # the claim as admitted (dates and amounts are read from it)
    object: str  # the object as the gate parsed it (the thing is read from it)
    interval: Interval


class ConflictDecision(NamedTuple):
    action: Action
    closed_valid_to: str | None = None  # the superseded claim's new valid_to
    facets: tuple[Facet, ...] = ()  # the facets whose values clash


class Values(NamedTuple):
    """A claim's value, facet by facet; an empty facet is not stated."""

    dates: tuple[DateValue, ...]
    amounts: frozenset[tuple[object, str | None]]
    thing: tuple[str, ...]
    thing_facet: Facet


def values_of(facts: ClaimFacts) -> Values:
    """The normalised value of each facet the claim states (pure)."""
    found_dates, _ = dates(facts.text)
    amounts = frozenset((q.value.normalize(), q.unit) for q in quantities(facts.text))
    obj = facts.object
    for surface in [d.surface for d in dates(obj)[0]] + [q.surface for q in quantities(obj)]:
        obj = obj.replace(surface, " ")
    tokens = [w.casefold() for w in words(obj)]
    thing = tuple(t for t in tokens if t not in _FILLER and not t.isdigit())
    employer = (facts.predicate == "role" and bool(tokens) and tokens[0] in _EMPLOYER_PREPOSITIONS
                and any(w[:1].isupper() for w in words(facts.object)))
    return Values(found_dates, amounts, thing, "employer" if employer else "thing")


def _dates_compatible(a: tuple[DateValue, ...], b: tuple[DateValue, ...]) -> bool:
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    return all(any(d.covered_by(e) or e.covered_by(d) for e in large) for d in small)


def _things_compatible(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    sa, sb = set(a), set(b)
    return sa <= sb or sb <= sa


def clashing_facets(old: Values, new: Values) -> tuple[Facet, ...]:
    """Facets both claims state with incompatible values (empty: compatible)."""
    clash: list[Facet] = []
    if old.dates and new.dates and not _dates_compatible(old.dates, new.dates):
        clash.append("date")
    if old.amounts and new.amounts and old.amounts != new.amounts:
        clash.append("amount")
    if (old.thing and new.thing and old.thing_facet == new.thing_facet
            and not _things_compatible(old.thing, new.thing)):
        clash.append(old.thing_facet)  # an employer and a position are two facets
    return tuple(clash)


def allows_many(predicate: str, facet: Facet) -> bool:
    """Whether one subject may hold several values of this slot at once."""
    if predicate.startswith(_MANY_PREFIXES) and predicate not in _ONE_KIN:
        return True
    return (predicate, facet) in _MANY_SLOTS


def _day_before(iso: str) -> str:
    return (date.fromisoformat(iso) - timedelta(days=1)).isoformat()


def _close(interval: Interval, later_start: str) -> str:
    cut = _day_before(later_start)
    if interval.valid_to is not None and interval.valid_to < cut:
        return interval.valid_to
    return cut


def overlaps(a: Interval, b: Interval) -> bool:
    """Whether two inclusive intervals (None = unbounded) share a day."""
    if a.valid_to is not None and b.valid_from is not None and a.valid_to < b.valid_from:
        return False
    return not (b.valid_to is not None and a.valid_from is not None and b.valid_to < a.valid_from)


def decide_conflict(old: ClaimFacts, new: ClaimFacts) -> ConflictDecision:
    """Supersede, dispute or nothing, for a new claim meeting a live one (pure)."""
    if old.predicate != new.predicate:
        return ConflictDecision("none")
    clash = tuple(f for f in clashing_facets(values_of(old), values_of(new))
                  if not allows_many(new.predicate, f))
    if not clash:
        return ConflictDecision("none")
    if not overlaps(old.interval, new.interval):
        return ConflictDecision("none", facets=clash)
    if new.predicate in _PERMANENT:
        return ConflictDecision("dispute", facets=clash)
    a, b = old.interval, new.interval
    if a.valid_from is not None and b.valid_from is not None:
        if b.valid_from > a.valid_from:
            return ConflictDecision("supersede_old", _close(a, b.valid_from), clash)
        if a.valid_from > b.valid_from:
            return ConflictDecision("supersede_new", _close(b, a.valid_from), clash)
    return ConflictDecision("dispute", facets=clash)

