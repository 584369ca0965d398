"""A claim word that names a time, where the evidence names another of the same kind.

"cancelled until Tuesday" for "till Thursday", "from 14 to 21 March" for "February",
"began in October 2021" for "August 2021", "since 2002" for "since 2012": the claim
does not add a fact, it moves one in time, so the refusal is ``temporal_shifted``
rather than the catch-all. Only the reason changes: what is refused stays refused.
"""

from __future__ import annotations

import re

from affidavit.text import anchored

_KINDS: dict[str, frozenset[str]] = {
    "weekday": frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}),
    "month": frozenset({"january", "february", "march", "april", "may", "june", "july", "august",
                        "september", "october", "november", "december"}),  # fmt: skip
    "season": frozenset({"spring", "summer", "autumn", "fall", "winter"}),
    "relative": frozenset({"yesterday", "today", "tomorrow", "tonight", "last", "next", "ago"}),
}
_WORD = re.compile(r"[\w'’]+")
_YEAR = re.compile(r"^(?:19|20)\d\d$")


def _kind(word: str) -> str | None:
    low = word.casefold()
    if _YEAR.match(low):
        return "year"
    return next((k for k, ws in _KINDS.items() if low in ws), None)


def _kinds(text: str) -> set[str]:
    return {k for w in _WORD.findall(text) if (k := _kind(w)) is not None}


def shifted_kind(term: str, claim: str, ev: str) -> str | None:
    """The kind of time the refused ``term`` names (or dates: the "3" of "3 March"),
    when the evidence names a different time of that kind; else ``None``."""
    words = _WORD.findall(term)
    kind = next((k for w in words if (k := _kind(w)) is not None), None)
    if kind is None and words and words[-1].isdigit():
        after = re.search(re.escape(term) + r"(?:st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]+)", claim)
        kind = _kind(after.group(1)) if after else None  # the day of a month
    if kind is None or kind not in _kinds(ev):
        return None
    return kind


_UNITS = r"(?:week(?:end)?|month|year|quarter|term|season|night|morning|" + "|".join(
    sorted(_KINDS["weekday"] | _KINDS["month"] | _KINDS["season"])) + ")"
_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|\d+)"
_RELATIVE = re.compile(
    rf"\b(?:(?:last|next|this|past|coming)\s+{_UNITS}|yesterday|tomorrow|tonight|"
    rf"{_COUNT}\s+(?:days?|weeks?|months?|years?)\s+ago)\b",
    re.I,
)


def _relative_phrases(text: str) -> set[str]:
    return {" ".join(m.group(0).casefold().split()) for m in _RELATIVE.finditer(text)}


def check_relative_phrase(claim: str, ev: str) -> tuple[str, str] | None:
    """A time the claim counts from now ("last week", "two years ago") is the one the
    evidence counts, when the evidence counts one of its own ("started it last month" gives
    no "started it last week", though "two weeks" holds the word)."""
    claimed = _relative_phrases(claim)
    if not claimed:
        return None
    held = _relative_phrases(ev)
    for phrase in sorted(claimed - held):
        if held:
            return phrase, f"the evidence counts another time from now than '{phrase}'"
    return None


# "aster (mon 9 mar): ...", "Lena (10:42, 9 March): ...": a chat label's bracketed date
# dates the message, not what the message says.
_LABEL_DATE = re.compile(r"^[ \t]*[^\W\d_][^\n:()]{0,40}?[ \t]*\((?P<when>[^()\n]{1,30})\)[ \t]*:", re.M)
_DAY_MONTH = re.compile(
    r"\b(?P<day>\d{1,2})(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?(?P<month>[a-z]{3,9})\b\.?", re.I
)
# "today" is the message's day; "a week from today" is not.
_TODAY = re.compile(
    r"\b(?<!from[ ])(?:today|tonight|this[ \t]+(?:morning|afternoon|evening)|just[ \t]+now)\b", re.I
)


def _day_months(text: str) -> set[tuple[int, str]]:
    return {(int(m.group("day")), m.group("month")[:3].casefold()) for m in _DAY_MONTH.finditer(text)
            if m.group("month")[:3].casefold() in _MONTH_STEMS}


_MONTH_STEMS = frozenset(m[:3] for m in _KINDS["month"])


def check_message_date(claim: str, ev: str) -> tuple[str, str] | None:
    """A claim's day that the evidence gives only as its message's date, in a chat label's
    bracket, when the message says nothing happens that day ("today"): the date is when it
    was written ("aster (mon 9 mar): ... starts at the bank on the 16th" gives no "started
    on 9 March")."""
    wanted = _day_months(claim)
    if not wanted:
        return None
    labels = [(m.start("when"), m.end("when")) for m in _LABEL_DATE.finditer(ev)]
    # "[Fri 16 Jan 2026] Goizane: ...", "TARNBY, 2 February 2026 — ...": a stamp or dateline.
    labels += [(a, b) for _, a, b in anchored.message_dates(ev)]
    stamped = {d for a, b in labels for d in _day_months(ev[a:b])}
    if not wanted & stamped or _TODAY.search(ev):
        return None
    body = ev
    for a, b in sorted(labels, reverse=True):
        body = body[:a] + " " * (b - a) + body[b:]
    day, month = next(iter(wanted & stamped))
    if (day, month) in _day_months(body):
        return None
    return f"{day} {month}", "the evidence gives that date only as when the message was written"
