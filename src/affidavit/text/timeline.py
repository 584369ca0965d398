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

import datetime
import re

from affidavit.text.numbers import _SMALL, DateValue, dates

# 3-4: relative times read from a dated message (text.anchored); 5: a weekday's tense and
# an earlier verb of saying are read within its sentence, not across a one-line paragraph.
TIMELINE_VERSION = "time-5"
Rewrite = tuple[int, int, str]

_RANGE = re.compile(r"(?<![\w.,-])(1[5-9]\d\d|20\d\d)\s?[–—-]\s?(1[5-9]\d\d|20\d\d|\d\d)(?![\w%]|[.,]\d)")
# "2019–present", "2019-now": a range still open, read as "since 2019".
_OPEN_RANGE = re.compile(r"(?<![\w.,-])(1[5-9]\d\d|20\d\d)\s?[–—-]\s?(?i:present|now|date|current|today)\b")
# "11/2023", "03/2019": a month of a year as a record writes it.
_MONTH_YEAR = re.compile(r"(?<![\w/.])(0?[1-9]|1[0-2])/(1[5-9]\d\d|20\d\d)(?![\w/])")
# The month names, in order: the one list the date readings write from (here and ``text.anchored``).
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
               "October", "November", "December")  # fmt: skip
# "from 2017 to 2022", "between 2017 and 2022": the same span in words.
_WORDED_RANGE = re.compile(
    r"\b(?:from|between)\s+(1[5-9]\d\d|20\d\d)\s+(?:to|until|till|and)\s+(1[5-9]\d\d|20\d\d)\b", re.I
)
_BORN = re.compile(r"(?<![\w])([bd])\.\s?(1[5-9]\d\d|20\d\d)\b")
_COUNT = "|".join(sorted(list(_SMALL) + ["a", "an"], key=len, reverse=True))
_RELATIVE = re.compile(
    rf"\b(?:(?P<n>\d{{1,2}}|{_COUNT})\s+years?\s+(?P<dir>later|after(?:wards)?|on|earlier|before)"
    r"|the\s+(?P<next>following|next|previous|preceding)\s+year"
    r"|the\s+year\s+(?P<after>after|before))\b",
    re.I,
)


_TIME_HINT = re.compile(
    r"year|month|week|days? (?:later|after|before|earlier|on)|following|"
    r"next (?:spring|summer|autumn|fall|winter)",
    re.I,
)


def _range_reading(m: re.Match[str]) -> str | None:
    start, end = m.group(1), m.group(2)
    if len(end) == 2:
        end = start[:2] + end  # "2016-21"
    if int(end) <= int(start) or int(end) - int(start) > 100:
        return None  # "1990-1985" or a span no tenure has: not a range
    return f"from {start} until {end} (between {start} and {end}; {_years(start, end)})"


def _years(start: str, end: str) -> str:
    """ "2015-2020" lasted five years: the span's length, for "for five years"."""
    n = int(end) - int(start)
    return f"{n} year" if n == 1 else f"{n} years"


def _anchor(evidence: str, before: int) -> tuple[int, int] | None:
    """The year stated last before ``before``, when its sentence states no other year
    (a birth or death year "b. 1988" is no event's year and is passed over); with the
    offset where that sentence starts (the receipt shows it). ``None`` when that year is
    one end of a range, whose either end could be meant."""
    found = _anchor_date(evidence, before)
    return None if found is None else (found[0].year, found[1])


def _anchor_date(evidence: str, before: int) -> tuple[DateValue, int] | None:
    """The date stated last before ``before``, as ``_anchor`` chooses it."""
    found = [
        d for d in dates(evidence[:before])[0]
        if not _BORN.search(evidence, max(0, evidence.rfind(d.surface, 0, before) - 3),
                            evidence.rfind(d.surface, 0, before) + len(d.surface))
    ]  # fmt: skip
    if not found:
        return None
    last = found[-1]
    at = evidence.rfind(last.surface, 0, before)
    if _RANGE.search(evidence, max(0, at - 7), min(len(evidence), at + len(last.surface) + 7)):
        return None
    cut = max(evidence.rfind(". ", 0, at), evidence.rfind("\n", 0, at)) + 1
    if len({d.year for d in found if evidence.rfind(d.surface, 0, before) >= cut}) != 1:
        return None  # "joined X in 2015 and Y in 2016. Two years later": either could anchor
    return last, cut


_UNITS = "|".join(sorted(list(_SMALL) + ["a", "an"], key=len, reverse=True))
# "three months later", "six weeks after", "ten days earlier": a shorter step than a year.
_RELATIVE_SHORT = re.compile(
    rf"\b(?P<n>\d{{1,2}}|{_UNITS})\s+(?P<unit>months?|weeks?|days?)\s+"
    r"(?P<dir>later|after(?:wards)?|on|earlier|before)\b",
    re.I,
)
_SEASON = re.compile(
    r"\bthe\s+(?P<dir>following|next)\s+(?P<season>spring|summer|autumn|fall|winter)\b", re.I
)
_SEASON_START = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}


def _count(raw: str) -> int | None:
    low = raw.casefold()
    return 1 if low in ("a", "an") else int(low) if low.isdigit() else _SMALL.get(low)


def _short_reading(m: re.Match[str], anchor: DateValue) -> str | None:
    """ "three months later" after "March 2024" says "in June 2024"; days and weeks need
    a full date and say the day ("ten days later" after 3 May 2024: 13 May 2024)."""
    n = _count(m.group("n"))
    if n is None or anchor.month is None:
        return None
    sign = -1 if m.group("dir").casefold() in ("earlier", "before") else 1
    unit = m.group("unit").casefold().rstrip("s")
    if unit == "month":
        k = anchor.year * 12 + anchor.month - 1 + sign * n
        return f"in {MONTH_NAMES[k % 12]} {k // 12}"
    if anchor.day is None:
        return None
    try:
        day = datetime.date(anchor.year, anchor.month, anchor.day)
    except ValueError:
        return None
    moved = day + datetime.timedelta(days=sign * n * (7 if unit == "week" else 1))
    return f"on {moved.day} {MONTH_NAMES[moved.month - 1]} {moved.year}"


def _season_reading(m: re.Match[str], anchor: DateValue) -> str:
    """ "the following spring" after a date: the first such season that starts after it."""
    season = m.group("season").casefold()
    start = _SEASON_START[season]
    year = anchor.year + 1 if anchor.month is None or anchor.month >= start else anchor.year
    return f"in {season} {year}"


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
    if not any(ch.isdigit() for ch in text) and not _TIME_HINT.search(text):
        return (), a  # the common sentence: nothing to read
    for m in _RANGE.finditer(evidence, a, b):
        reading = _range_reading(m)
        if reading is not None:
            out.append((m.start(), m.end(), reading))
    for m in _OPEN_RANGE.finditer(evidence, a, b):
        out.append((m.start(), m.end(), f"since {m.group(1)} (from {m.group(1)})"))
    for m in _MONTH_YEAR.finditer(evidence, a, b):
        out.append((m.start(), m.end(), f"{MONTH_NAMES[int(m.group(1)) - 1]} {m.group(2)}"))
    for m in _WORDED_RANGE.finditer(evidence, a, b):
        if int(m.group(1)) < int(m.group(2)) <= int(m.group(1)) + 100:
            out.append((m.end(), m.end(), f" ({_years(m.group(1), m.group(2))})"))
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
    for m in (*_RELATIVE_SHORT.finditer(evidence, a, b), *_SEASON.finditer(evidence, a, b)):
        if (m.group("dir") or "").casefold() in ("after", "before") and re.match(
            r"\s*[^\W\d_]", evidence[m.end() : b]
        ):
            continue  # "three months after she joined": anchored to that clause
        found = _anchor_date(evidence, m.start())
        if found is None:
            continue
        reading = _season_reading(m, found[0]) if "season" in m.groupdict() else _short_reading(m, found[0])
        if reading is not None:
            out.append((m.start(), m.end(), f"{m.group(0)}, {reading},"))
            reach = min(reach, found[1])
    return tuple(out), reach
