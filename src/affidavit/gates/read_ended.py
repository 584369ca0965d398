"""When a claim's own words say it stopped holding. Pure.

A claim is stored with the valid time ``remember`` was given; its text may close it as
well: "Lena Moss lived in Leeds until 2019", "Tomas Berg used to live in Bergen". Asked
"where does Lena live (now)?", such a claim answers only what held then, so it must not
come back as the current value, whatever interval it was stored with.

* "until / till / up to <date>" closes the claim at the last day that date names ("2019"
  -> 2019-12-31, "March 2019" -> 2019-03-31); a later date leaves it open now;
* "used to", "until recently", and a state said in the past tense ("was a teacher", "were
  the owners of", "had been a nurse", "worked as a guide", "was working as", "served as
  mayor") close it at an unknown time before it was said: no present question gets it, a
  question in the past tense or that names its own time still reads it as undated;
* "from <date> to <date>" closes it at the last day of the second date.

Only the claim's main clause is read: the words before its first comma, semicolon,
"and", "but" or relative word ("works at Brix, which was open until 2019", "lives in
Delft, where she studied until 2019", "lives in York and used to cycle" state no end of
their claim). "used to" is read only as the subject's own verb ("Tomas used to live",
not "got used to", "is used to", "the house his grandmother used to own"). Nothing is
an end in a claim that also says it holds now ("… and still does", "… again since
2023", "now lives in York") or that is negated ("did not move to Oslo until 2019" says
when the move happened, not that a stay ended).

"no longer" is no end: "Lena no longer lives in Leeds" is a present fact (it answers "is
Lena still in Leeds?"). Adjectives such as "former" are not read here: they may qualify
another noun of the claim ("the former mayor's daughter").
"""

from __future__ import annotations

import calendar
import re
from typing import Final

from affidavit.gates.read_modality import DENIAL_WORDS
from affidavit.text.memo import memo
from affidavit.text.numbers import dates

ENDED: Final = "ended"  # closed at an unknown time before the claim was said

_CLOSED = re.compile(r"\b(?:until|till)\s+recently\b", re.I)
_USED_TO = re.compile(r"^(?:(?:once|also|both)\s+)?used\s+to\s+\w", re.I)
# The subject's own verb, a state in the past: "was a teacher", "worked as a guide".
_PAST_STATE = re.compile(
    r"^(?:was|were|had\s+been)\s+(?:a|an|the|his|her|their|its)\s"
    r"|^(?:had\s+)?(?:worked|served|acted)\s+as\s|^(?:was|were)\s+working\s", re.I
)
_FROM_TO = re.compile(r"\bfrom\s+[^,;]*?\s(?:to|until|till|[-–—])\s*", re.I)
_UNTIL = re.compile(r"\b(?:until|till|til|up\s+to|up\s+until)\s+", re.I)
# What may stand between "until" and its date: "until the end of 2019", "until early 2020".
_LEAD = re.compile(
    r"(?:(?:the\s+)?(?:end|start|beginning|middle|close|spring|summer|autumn|fall|winter)"
    r"\s+of\s+|(?:early|late|mid-?)\s*)?",
    re.I,
)
# Where a claim's main clause ends: what follows may be about something else.
_CLAUSE_END = re.compile(
    r"[;,(]|\s[-–—]\s|\b(?:and|but|which|where|who|whom|whose|when|while|whereas|that)\b", re.I
)
# A claim that says it holds now as well, or denies what it says.
_NOW_TOO = re.compile(
    r"\b(?:now|still|since|again|currently|presently|returned|today|these\s+days)\b", re.I
)


@memo(maxsize=16384)
def stated_end(text: str, subject: str = "") -> str | None:
    """The last ISO day ``text`` says its claim held, ``ENDED``, or None (open).

    ``subject``: the claim's subject as written, whose own verb "used to" must be."""
    if _NOW_TOO.search(text):
        return None
    main = _main_clause(text, subject)
    if DENIAL_WORDS.search(main):
        return None
    if _CLOSED.search(main):
        return ENDED
    if subject and text.startswith(subject):
        own_verb = text[len(subject) :].lstrip()
        if _USED_TO.match(own_verb):
            return ENDED
        closed = _PAST_STATE.match(own_verb)
    else:
        closed = None
    for until in (*_UNTIL.finditer(main), *_FROM_TO.finditer(main)):
        rest = text[until.end() :]
        lead = _LEAD.match(rest)
        offset = lead.end() if lead is not None else 0
        found, spans = dates(rest)
        for value, (start, _end) in zip(found, spans, strict=False):
            if start == offset:
                return _last_day(value.year, value.month, value.day)
    return ENDED if closed is not None else None


def _main_clause(text: str, subject: str) -> str:
    """``text`` up to its first clause boundary after the subject's name."""
    skip = len(subject) if subject and text.startswith(subject) else 0
    boundary = _CLAUSE_END.search(text, skip)
    return text if boundary is None else text[: boundary.start()]


def _last_day(year: int, month: int | None, day: int | None) -> str:
    if month is None:
        return f"{year:04d}-12-31"
    if day is None:
        day = calendar.monthrange(year, month)[1]
    return f"{year:04d}-{month:02d}-{day:02d}"
