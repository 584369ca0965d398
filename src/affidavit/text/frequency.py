"""How often: a rate in time and its count, however it is written.

"twice daily" = "twice a day" = "two times per day" = "2x a day"; "daily" = "a day" =
"every day" = "once daily"; "p.a." = "per annum" = "a year" = "annually". ``rates`` finds
each rate with its unit and count (1 when none is written); ``in_form_of`` writes a
claim's rate as the evidence writes it, so that word coverage compares the rest.
Pure functions over text.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_ADVERBS = {"daily": "day", "weekly": "week", "monthly": "month", "hourly": "hour", "nightly": "night",
            "yearly": "year", "annually": "year", "per annum": "year", "p.a.": "year"}
_COUNTS = {"once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
           "six": 6}
_COUNT = (r"(?:(?P<word>once|twice|thrice)|(?P<n>\d+|one|two|three|four|five|six)[ \t]*(?:times|x|×)"
          r"|[x×][ \t]*(?P<m>\d+))[ \t]+")
_RATE = re.compile(
    rf"(?<![\w.])(?:{_COUNT})?(?:(?P<per>a|an|per|each|every)[ \t]+(?P<unit>day|week|month|hour|night|year)\b"
    r"|(?P<adverb>daily|weekly|monthly|hourly|nightly|yearly|annually|per annum|p\.a\.)(?![\w]))",
    re.I,
)


# A prescription's Latin abbreviations, read only right after a dose ("500 mg BD",
# "5 mg OD": not "took an OD"): bis, ter, quater in die; omni die, quaque die.
_DOSING = re.compile(
    r"(?<=[\d ])(?:mg|mcg|µg|g|ml|units?|iu|IU|tabs?|tablets?|caps?|capsules?|puffs?|drops?)[ \t]+"
    r"(?P<abbr>BD|BID|b\.?i\.?d\.?|bd|TDS|TID|t\.?i\.?d\.?|tds|QDS|QID|q\.?i\.?d\.?|qds|OD|QD|od|o\.d\.)(?!\w)"
)
_DOSING_TIMES = {"b": 2, "t": 3, "q": 4, "o": 1}


class Rate(NamedTuple):
    unit: str
    times: int
    start: int
    end: int
    phrased: bool  # "a day" (True) or "daily" (False)


def rates(text: str) -> list[Rate]:
    """Each rate in time in ``text``: its unit, its count (1 when unwritten) and place."""
    out = []
    for m in _RATE.finditer(text):
        raw = (m.group("word") or m.group("n") or m.group("m") or "").casefold()
        count = _COUNTS.get(raw) or (int(raw) if raw.isdigit() else 1)
        unit = m.group("unit").casefold() if m.group("unit") else _ADVERBS[m.group("adverb").casefold()]
        out.append(Rate(unit, count, m.start(), m.end(), m.group("adverb") is None))
    for m in _DOSING.finditer(text):
        abbr = m.group("abbr").replace(".", "").casefold()
        times = 1 if abbr in ("od", "qd") else 4 if abbr in ("qds", "qid") else _DOSING_TIMES[abbr[0]]
        out.append(Rate("day", times, m.start("abbr"), m.end("abbr"), False))
    return sorted(out, key=lambda r: r.start)


def in_form_of(claim: str, evidence: str) -> str | None:
    """The claim with its first rate written as the evidence writes the same rate (same
    unit and count: "twice a day" for "twice daily"), or None when none differs in form.

    Only when the evidence gives one rate in that unit, uncounted ("once or twice daily",
    "up to twice daily" are not a count), after the same amount as the claim's ("500 mg
    twice daily" for "500 mg twice a day", not another drug's or another sum's rate)."""
    held = rates(evidence)
    for rate in rates(claim):
        same_unit = [r for r in held if r.unit == rate.unit]
        if len(same_unit) != 1:
            continue
        other = same_unit[0]
        same_form = evidence[other.start : other.end].casefold() == claim[rate.start : rate.end].casefold()
        if other.times != rate.times or same_form or _OPEN_COUNT.search(
            evidence[max(0, other.start - 12) : other.start]
        ):
            continue
        amount = _amount_before(claim, rate.start)
        if amount is None or amount != _amount_before(evidence, other.start):
            continue  # only a rate bound to the same amount ("500 mg twice daily")
        return claim[: rate.start] + evidence[other.start : other.end] + claim[rate.end :]
    return None


_OPEN_COUNT = re.compile(r"(?i)\b(?:or|up to|to|every other|as needed)[ \t]*$")


def _amount_before(text: str, at: int) -> str | None:
    """The figure written just before a rate ("500 mg twice daily" -> "500"), if any."""
    window = text[max(0, at - 24) : at]
    found = re.findall(r"[$£€₹]?\d[\d,.]*", window)
    return found[-1].lstrip("$£€₹").replace(",", "") if found else None
