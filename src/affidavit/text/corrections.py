"""Self-corrections in a message: "room 12 - no wait, room 14" asserts room 14 only.

``corrected`` blanks each retracted value and its correction cue with spaces, so every
offset into the corrected text is an offset into the original (spans and receipts stay
exact) while the checks never see what was taken back. ``retracted`` lists what was
taken back, so a claim that states it is refused by name. A cue with nothing of the same
kind before it (no number before a corrected number) retracts nothing. In a chat, a
line that answers the line before with a bare figure of the same kind ("Rune: 4,
counting Aud") corrects that line's figure.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from affidavit.text.clauses import read
from affidavit.text.memo import memo
from affidavit.text.numbers import dates, month_number, quantities

_CUE = re.compile(
    r"(?:\s*[—–]\s*|\s+-{1,2}\s+|\s*[,;(.]\s*|\s+)"
    r"(?:no,? wait|wait,? no|no sorry|no,? sorry|sorry,? I meant|sorry,? I mean|I meant|"
    # "7:30, ugh no, 8:30", "room 12, no, 14": a bare "no," between two values of a kind.
    r"(?:(?:ugh|uh|um+|oh|hmm+|erm?),?\s+)?no,(?=\s*\S*\d)|"
    r"correction|scratch that|make that|make it|or rather|actually,? (?:it'?s|it is|make it|it was)|"
    r"sorry,? (?:it'?s|it is|it was)|"
    # An apology, optionally saying what went wrong ("sorry, typo,", "oops, my bad -"):
    # a correction only of a value, or of one or two words (``_BARE``).
    r"(?P<bare>(?:sorry|oops|whoops|my bad|my mistake)(?:[,!.]?\s+(?:typo|my bad|my mistake|"
    r"wrong (?:date|day|time|number|room|one)|misread|I misread(?: \w+){0,2}))*))"
    r"\s*[,:.!—–]*\s+",
    re.I,
)
_CUE_WORDS = (
    "wait", "sorry", "meant", "correction", "scratch", "make", "rather", "actually", "oops", "my bad",
    "my mistake", "ignore", "forget", "disregard", "strike", "never", "wrong", "not true", "no,",
)  # fmt: skip
_WORD = re.compile(r"[\w'’\-]+")
# "Correction:" opening a sentence or a line (the cue's own separator is a stop or a
# line break): a notice when what follows reports what was published.
_NOTICE = re.compile(r"^(?:\s*[.!?]\s*|\s*\n\s*|)(?i:correction)\b")
_CLAUSE_END = re.compile(r"[,.;!?)\n]")
# Words that open a correcting line without saying anything ("Actually, scratch that:",
# "Hmm, no wait -"): the line still opens with the cue.
_INTERJECTIONS = re.compile(r"\b(?:actually|hmm+|ok(?:ay)?|oh|ah|um+|erm?|so|no|oops|argh)\b", re.I)


class Retracted(NamedTuple):
    start: int
    end: int
    kind: str  # "number" (a number, amount or date), "word", "sentence" or "cue"


@memo(maxsize=1024)
def retracted(text: str) -> tuple[Retracted, ...]:
    """What the text takes back, with the cue that takes it back (as "word" spans)."""
    low = text.casefold()
    turns = _corrected_turns(text) if "\n" in text and ":" in text else []
    if not any(w in low for w in _CUE_WORDS):
        return tuple(turns)  # the common case: no cue word at all
    out: list[Retracted] = turns
    for m in _CUE.finditer(text):
        stop = _CLAUSE_END.search(text, m.end())
        after = text[m.end() : stop.start() if stop else len(text)]
        before_from = max(0, text.rfind("\n", 0, m.start()) + 1, m.start() - 200)
        before = text[before_from : m.start()]
        value = _last_value(before) if _has_value(after) else None
        if value is None and _has_value(after) and not _INTERJECTIONS.sub("", before).strip(" -—–,;:!."):
            # "Room 12.\nCorrection: room 14": the cue opens a line; the value it takes
            # back is on the line before (one line, within the same window).
            before_from = max(0, text.rfind("\n", 0, max(before_from - 1, 0)) + 1, m.start() - 200)
            before = text[before_from : m.start()]
            value = _last_value(before)
        if value is None and m.group("bare") and len(_WORD.findall(after)) > 2:
            continue  # "sorry, I can't make it": an apology, not a correction
        if _NOTICE.search(m.group(0)) and _reports(after.strip()):
            # "... employs 112 people. Correction: an earlier version of this article said it
            # was founded in 1978.": a notice, whose own sentences say what was wrong; the
            # figure before it is not what it takes back.
            continue
        if value is not None:
            a, b = value
            out.append(Retracted(before_from + a, before_from + b, "number"))
        else:
            k = min(len(_WORD.findall(after)), 4)
            prior = list(_WORD.finditer(before))[-k:] if k else []
            if not prior or not after.strip():
                continue
            out.append(Retracted(before_from + prior[0].start(), before_from + prior[-1].end(), "word"))
        out.append(Retracted(m.start(), m.end(), "cue"))
    out.extend(_retracted_sentences(text, out))
    return tuple(out)


def _reports(clause: str) -> bool:
    """The clause reports what someone published or said ("an earlier version of this article
    said ...", "... gave the founding year as 1978"), as the frame reader reads reports."""
    return any(f.kind == "hearsay" for seg in read(clause) for f in seg.frames)


# A sentence that opens by taking back the one before it as a whole and then says
# something else: "Ola covers Monday.\nActually no, scratch that: Lise covers Monday."
_WHOLE = re.compile(
    r"(?:^|(?<=[.!?\n])\s*)(?:(?:actually|no|oh|wait|sorry|hmm+|ok(?:ay)?)[,.!]?\s+)*"
    r"(?:scratch that|ignore that|forget that|disregard that|strike that|never ?mind that|"
    r"ignore my last (?:message|line)|that'?s wrong|that is wrong|not true)\s*[:,.!—–-]*\s+",
    re.I,
)


def _retracted_sentences(text: str, found: list[Retracted]) -> list[Retracted]:
    """The sentence before a whole-sentence retraction that goes on with a new clause
    of three words or more ("scratch that: Lise covers Monday"); a bare value after the
    cue is the value correction above."""
    out: list[Retracted] = []
    for m in _WHOLE.finditer(text):
        stop = _CLAUSE_END.search(text, m.end())
        after = text[m.end() : stop.start() if stop else len(text)]
        if len(_WORD.findall(after)) < 3:
            continue
        end = m.start()
        while end > 0 and text[end - 1] in " \t\n":
            end -= 1
        begin = max(text.rfind(". ", 0, max(end - 1, 0)) + 2, text.rfind("\n", 0, max(end - 1, 0)) + 1, 0)
        if begin >= end or any(r.kind != "cue" and begin <= r.start < end for r in found):
            continue  # a value of that sentence is what the cue corrects ("room 31 ... room 33")
        out.append(Retracted(begin, end, "sentence"))
        out.append(Retracted(m.start(), m.end(), "cue"))
    return out


# A chat line that answers the line before with a bare figure ("Rune: 4, counting Aud",
# "Ops: no, 5"): the speaker corrects the figure the line before gave.
_TURN = re.compile(r"^(?P<label>[^\W\d_][\w .'’\-]{0,30}:[ \t]*(?:(?i:no|nope),?[ \t]+)?)(?P<rest>.*)$",
                   re.M)


_RESTATING = frozenset({"actually", "not", "counting", "including", "incl", "now", "tho", "though",
                        "surely", "i", "we", "it", "really", "total", "in"})


def _corrected_turns(text: str) -> list[Retracted]:
    out: list[Retracted] = []
    previous: re.Match[str] | None = None
    for m in _TURN.finditer(text):
        rest = m.group("rest")
        said = quantities(rest)
        line_before = previous is not None and text.count("\n", previous.end(), m.start()) == 1
        if (said and line_before and previous is not None and rest.lstrip().startswith(said[0].surface)
                and len(_WORD.findall(rest)) <= 5 and not dates(rest)[0]):
            before = previous.group("rest")
            kept = [q for q in quantities(before) if q.unit == said[0].unit and q.value != said[0].value]
            tail = rest.lstrip()[len(said[0].surface):].strip()
            at = before.rfind(kept[-1].surface) if kept else -1
            noun = _WORD.match(before, at + len(kept[-1].surface) + 1) if kept else None
            first = tail.split()[0].strip(",.!;").casefold() if tail else ""
            # "4, counting Aud", "4 nurses", "4 actually": the same figure again; "4 doctors
            # too" adds another.
            if kept and (not tail or tail[0] in ",.!;(-—–" or first in _RESTATING
                         or (noun is not None and first == noun.group(0).casefold())):
                start = previous.start("rest") + at
                out.append(Retracted(start, start + len(kept[-1].surface), "number"))
        previous = m
    return out


def _has_value(part: str) -> bool:
    return bool(quantities(part) or dates(part)[0])


_MONTH_AFTER = re.compile(r"(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\b\.?")
_WEEKDAY_BEFORE = re.compile(
    r"\b(?i:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?i:day|nesday|sday|urday)?\.?,?\s+$"
)


def _last_value(part: str) -> tuple[int, int] | None:
    """The span of the last number, amount or date in ``part``."""
    found: list[tuple[int, int]] = []
    for surface in [d.surface for d in dates(part)[0]] + [q.surface for q in quantities(part)]:
        at = part.rfind(surface)
        if at != -1:
            a, b = at, at + len(surface)
            while b < len(part) and (part[b].isalnum() or part[b] == "%"):
                b += 1  # "3pm", "5kg": the unit written onto the number goes too
            while a > 0 and part[a - 1] in "$£€¥":
                a -= 1
            month = _MONTH_AFTER.match(part, b)
            if month is not None and month_number(month.group(1)) is not None:
                b = month.end()  # "14 May": a day is taken back with its month ...
                day = _WEEKDAY_BEFORE.search(part, 0, a)
                a = day.start() if day is not None else a  # ... and its weekday
            found.append((a, b))
    return max(found) if found else None


def corrected(text: str) -> str:
    """``text`` with each retracted value and correction cue blanked (same length)."""
    spans = retracted(text)
    if not spans:
        return text
    chars = list(text)
    for r in spans:
        for i in range(r.start, r.end):
            if not chars[i].isspace():
                chars[i] = " "
    return "".join(chars)
