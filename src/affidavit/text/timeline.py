"""Dates an evidence states in other forms, read out in words the checks compare.

* a year range ("2016–2021", "2016-21") says "from 2016 until 2021" and "between 2016
  and 2021";
* "b. 1970" and "d. 2001" in a bio line say "born in 1970" and "died in 2001";
* a relative time ("two years later", "the following year", "three years earlier")
  after a stated year says the year it lands on ("In 2015 she joined X. Two years later
  she left." says she left in 2017). Only when the nearest stated year before it is the
  only year of its sentence: with two candidate anchors nothing is derived.

``rewrites`` returns evidence-offset rewrites for one sentence (the originals are kept
and the reading added beside them) and the earliest offset the receipt must cover.
"""

from __future__ import annotations

import re

from affidavit.text.numbers import _SMALL, dates

TIMELINE_VERSION = "time-2"
Rewrite = tuple[int, int, str]

_RANGE = re.compile(r"(?<![\w.,-])(1[5-9]\d\d|20\d\d)\s?[–—-]\s?(1[5-9]\d\d|20\d\d|\d\d)(?![\w%]|[.,]\d)")
# "2019–present", "2019-now": a range still open, read as "since 2019".
_OPEN_RANGE = re.compile(r"(?<![\w.,-])(1[5-9]\d\d|20\d\d)\s?[–—-]\s?(?i:present|now|date|current|today)\b")
# "11/2023", "03/2019": a month of a year as a record writes it.
_MONTH_YEAR = re.compile(r"(?<![\w/.])(0?[1-9]|1[0-2])/(1[5-9]\d\d|20\d\d)(?![\w/])")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")
_BORN = re.compile(r"(?<![\w])([bd])\.\s?(1[5-9]\d\d|20\d\d)\b")
_COUNT = "|".join(sorted(list(_SMALL) + ["a", "an"], key=len, reverse=True))
_RELATIVE = re.compile(
    rf"\b(?:(?P<n>\d{{1,2}}|{_COUNT})\s+years?\s+(?P<dir>later|after(?:wards)?|on|earlier|before)"
    r"|the\s+(?P<next>following|next|previous|preceding)\s+year"
    r"|the\s+year\s+(?P<after>after|before))\b",
    re.I,
)


def _range_reading(m: re.Match[str]) -> str | None:
    start, end = m.group(1), m.group(2)
    if len(end) == 2:
        end = start[:2] + end  # "2016-21"
    if int(end) <= int(start) or int(end) - int(start) > 100:
        return None  # "1990-1985" or a span no tenure has: not a range
    return f"from {start} until {end} (between {start} and {end})"


def _anchor(evidence: str, before: int) -> tuple[int, int] | None:
    """The year stated last before ``before``, when its sentence states no other year;
    with the offset where that sentence starts (the receipt shows it)."""
    found = [d for d in dates(evidence[:before])[0]]
    if not found:
        return None
    last = found[-1]
    at = evidence.rfind(last.surface, 0, before)
    cut = max(evidence.rfind(". ", 0, at), evidence.rfind("\n", 0, at)) + 1
    same = {d.year for d in dates(evidence[cut:before])[0]}
    return (last.year, cut) if len(same) == 1 else None


def _steps(m: re.Match[str]) -> int | None:
    if m.group("next"):
        return 1 if m.group("next").casefold() in ("following", "next") else -1
    if m.group("after"):
        return 1 if m.group("after").casefold() == "after" else -1
    raw = m.group("n").casefold()
    n = 1 if raw in ("a", "an") else int(raw) if raw.isdigit() else _SMALL.get(raw)
    if n is None:
        return None
    return -n if m.group("dir").casefold() in ("earlier", "before") else n


def rewrites(evidence: str, a: int, b: int) -> tuple[tuple[Rewrite, ...], int]:
    """Rewrites reading the dates of ``evidence[a:b]`` in words, and the reach they need."""
    out: list[Rewrite] = []
    reach = a
    text = evidence[a:b]
    if not any(ch.isdigit() for ch in text) and "year" not in text:
        return (), a  # the common sentence: nothing to read
    for m in _RANGE.finditer(evidence, a, b):
        reading = _range_reading(m)
        if reading is not None:
            out.append((m.start(), m.end(), reading))
    for m in _OPEN_RANGE.finditer(evidence, a, b):
        out.append((m.start(), m.end(), f"since {m.group(1)} (from {m.group(1)})"))
    for m in _MONTH_YEAR.finditer(evidence, a, b):
        out.append((m.start(), m.end(), f"{_MONTHS[int(m.group(1)) - 1]} {m.group(2)}"))
    for m in _BORN.finditer(evidence, a, b):
        verb = "born" if m.group(1) == "b" else "died"
        out.append((m.start(), m.end(), f"{m.group(0)} ({verb} in {m.group(2)})"))
    for m in _RELATIVE.finditer(evidence, a, b):
        if (m.group("dir") or m.group("after") or "").casefold() in ("after", "before") and re.match(
            r"\s*[^\W\d_]", evidence[m.end() : b]
        ):
            continue  # "two years after she joined": anchored to that clause, not a stated year
        steps = _steps(m)
        anchor = _anchor(evidence, m.start())
        if steps is None or anchor is None:
            continue
        out.append((m.start(), m.end(), f"{m.group(0)}, in {anchor[0] + steps},"))
        reach = min(reach, anchor[1])
    return tuple(out), reach
