"""Time expressions of a recall question: an explicit date, "now" words, earlier-value words. Pure.

* an ISO date, "12 March 2021", "March 2021", "in/as of/during 2021" -> a ``TimeScope``;
* "now", "currently", "these days", "still", "at the moment" ask at the caller's "now"
  (their words demand nothing of a claim);
* "before she moved", "used to", "previously", "originally" ask for an earlier value,
  no longer current; a name inside them ("before she moved to Oslo") is not the
  question's subject.
"""

from __future__ import annotations

import re

import msgspec

_MONTH = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
)
_MONTH_NUM = {m: i + 1 for i, m in enumerate(_MONTH.split("|"))}
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})\s+({_MONTH})\s+(\d{{4}})\b", re.I)
_MONTH_YEAR = re.compile(rf"\b({_MONTH})\s+(\d{{4}})\b", re.I)
_YEAR = re.compile(r"\b(?:in|during|as of|on|by|around|at the end of)\s+(1\d{3}|20\d{2})\b", re.I)
_BACK = re.compile(r"\b(?:way\s+)?back\s+$", re.I)
NOW = re.compile(
    r"\b(now|currently|current|today|at present|presently|nowadays|these days|this days|still|"
    r"right now|at the moment)\b",
    re.I,
)
# "before she moved", "before moving to Oslo", "used to", "previously": the value the
# question asks about is an earlier one, no longer current.
PREVIOUS = re.compile(
    r"\b(?:before|prior to)\s+(?:(?:she|he|they|it|\w+)\s+)?"
    r"(?:moved|moving|relocated|relocating|left|leaving|switched|switching|changed|changing|"
    r"retired|retiring|quit|quitting|emigrated|emigrating)\b"
    r"(?:\s+(?:to|from|in|out of|into)\s+(?:the\s+)?[\w'’\-]+(?:\s+[A-Z][\w'’\-]*)*)?"
    r"|\bused?\s+to\b(?=\s+\w)|\bpreviously\b|\bformerly\b|\boriginally\b|\bbefore that\b"
    r"|\bat first\b|\bin the past\b|\bback then\b|\bformer\b|\bprevious\b",
    re.I,
)


class TimeScope(msgspec.Struct, frozen=True):
    """An explicit time in the question as an inclusive ISO date range."""

    start: str
    end: str
    surface: str


def time_scope(text: str) -> tuple[TimeScope | None, tuple[int, int] | None]:
    """The explicit time of a question and its character span."""
    m = _ISO.search(text)
    if m:
        return TimeScope(m.group(0), m.group(0), m.group(0)), m.span()
    m = _DAY_MONTH_YEAR.search(text)
    if m:
        iso = f"{m.group(3)}-{_MONTH_NUM[m.group(2).lower()]:02d}-{int(m.group(1)):02d}"
        return TimeScope(iso, iso, m.group(0)), m.span()
    m = _MONTH_YEAR.search(text)
    if m:
        prefix = f"{m.group(2)}-{_MONTH_NUM[m.group(1).lower()]:02d}"
        return TimeScope(f"{prefix}-01", f"{prefix}-31", m.group(0)), m.span()
    m = _YEAR.search(text)
    if m:
        year = m.group(1)
        back = _BACK.search(text[: m.start()])  # "back in 2021": the "back" is the time's
        start = back.start() if back is not None else m.start(1)
        return TimeScope(f"{year}-01-01", f"{year}-12-31", year), (start, m.end(1))
    return None, None
