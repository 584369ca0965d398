"""Times a dated message gives relative to its own date, read out as calendar dates.

A message that states when it was written ("[Fri 16 Jan 2026, 18:42] Goizane: ...", a
news dateline "HRAFNSVÍK, 30 September 2026 — ...", minutes headed "committee minutes,
Wed 7 January 2026") says which day its "tomorrow", "on Monday", "since thursday", "next
year" and "from 1 March" are:

* "today" / "tomorrow" / "yesterday" land on the message's day, the next, the one before;
* a bare weekday lands on the nearest such day before the message's day when its clause
  looks back (a past verb, "since", "last") and after it when its clause looks ahead
  ("will", "by", "until"); the message's own weekday, or a clause with no tense, gives
  nothing (a week either way could be meant);
* a day and month with no year ("by Fri 9 Jan", "from 1 March") take the year that puts
  them on the side of the message's date the clause looks to, or, with no tense, the
  year that puts them within three months of it when the other year is far off; a weekday
  written with them must agree, or nothing is read;
* "next year", "last year", "this year" (and "next/last month") count from its year, and
  a weekday right after a verb of saying ("said on Tuesday") or after the one told ("told
  the council on Monday") is the saying's day, only when nothing anywhere in the evidence
  sets a time of its own (another year, a month's name, "back then", "minutes", a story).

The anchor is a date written where a message's date is written: a chat line's bracketed
stamp (for its own line and those under it, until the next stamp), or the one full date
of the first line when it is set off by punctuation as a dateline or header ("…, 5 Jan
2026", never "timetable from 12 January 2026"), or a "Date:" header. A stamp whose weekday
does not match its date anchors nothing. Readings keep the original words and add the
date beside them, so a claim that keeps the evidence's wording is read as before.
"""

from __future__ import annotations

import datetime
import re

from affidavit.text.lemmas import _IRREGULAR
from affidavit.text.memo import memo
from affidavit.text.sentences import clauses, sentences
from affidavit.text.timeline import MONTH_NAMES

Rewrite = tuple[int, int, str]

_MONTH_KEYS = {m[:3].casefold(): i + 1 for i, m in enumerate(MONTH_NAMES)} | {"sept": 9}
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY_KEYS = {d[:3].casefold(): i for i, d in enumerate(_WEEKDAYS)} | {
    "tues": 1, "weds": 2, "thur": 3, "thurs": 3,
}  # fmt: skip

_MONTH = r"(?P<month>Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|" \
    r"Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
_WEEKDAY = r"(?P<wd>(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*)"
# A full date as a stamp writes it: "Fri 16 Jan 2026", "Wed, 7 January 2026", "5 Jan 2026".
_FULL = re.compile(
    rf"(?:{_WEEKDAY}\.?,?[ \t]+)?(?P<day>\d{{1,2}})(?:st|nd|rd|th)?[ \t]+{_MONTH}\.?,?[ \t]+"
    r"(?P<year>(?:19|20)\d\d)\b",
    re.I,
)
# A day and month with no year after it: "by Fri 9 Jan", "from 1 March", "March 14th".
_DAY_MONTH = re.compile(
    rf"\b(?:{_WEEKDAY}\.?,?[ \t]+)?(?:(?P<day>\d{{1,2}})(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?{_MONTH}\b\.?"
    rf"|(?P<month2>Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    rf"Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)[ \t]+(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\b)"
    rf"(?![ \t]*[,/–-]?[ \t]*(?:19|20)\d\d|[ \t]*[–-][ \t]*\d)",
    re.I,
)
# A month alone after a word that makes it a time ("from July", "in August").
_MONTH_ALONE = re.compile(
    r"\b(?P<prep>in|from|by|until|till|since|before|after|during)[ \t]+(?:early[ \t]+|late[ \t]+|mid-?)?"
    r"(?P<month>January|February|March|April|May|June|July|August|September|October|November|December)\b"
    r"(?![ \t]*,?[ \t]*(?:19|20)\d\d|[ \t]+\d)"
)
_BARE_WEEKDAY = re.compile(
    r"\b(?P<prep>(?:on|since|by|until|till|from|last|this|next|before|after)[ \t]+)?(?P<wd>"
    r"Mondays?|Tuesdays?|Wednesdays?|Thursdays?|Fridays?|Saturdays?|Sundays?)\b"
    r"(?![ \t]*,?[ \t]*\d)",
    re.I,
)
_DAY_WORD = re.compile(
    r"(?<!from )(?<!after )(?<!before )\b(?P<word>today|tonight|tomorrow|tmrw|tmr|tomoz|yesterday)\b"
    r"(?![ \t]+(?:week|month|year)\b)",
    re.I,
)
# Not "its last year" / "in his last month" (the last of its years), nor "the next year".
_YEAR_WORD = re.compile(
    r"\b(?<!the )(?<!its )(?<!his )(?<!her )(?<!their )(?<!our )(?<!my )(?<!your )"
    r"(?P<which>next|last|this)[ \t]+(?P<unit>year|month)\b",
    re.I,
)

# A chat stamp opening a line: "[Fri 16 Jan 2026, 18:42] ...", "[Sat 14 Mar 2026] ..."; a
# bracket that says more ("[Archive photo, 2 May 2024]", "[Last edited: ...]") is no stamp.
_STAMP = re.compile(r"^[ \t]*\[(?P<inner>[^\]\n]{6,80})\]", re.M)
_STAMP_ONLY = re.compile(r"[ \t]*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6}\.?,?[ \t]+)?"
                         r"\d{1,2}(?:st|nd|rd|th)?[ \t]+[A-Za-z]{3,9}\.?,?"
                         r"[ \t]+"
                         r"(?:19|20)\d\d(?:,?[ \t]+\d{1,2}[:.]\d\d(?:[ \t]*[ap]\.?m\.?)?)?[ \t]*", re.I)
# A line that is only a day, as a chat export writes between days ("Sat 17 Jan", "Today").
_DAY_LINE = re.compile(
    r"^[ \t]*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?[ \t]*"
    r"(?:\d{1,2}(?:st|nd|rd|th)?[ \t]+[a-z]{3,9}\.?)?|"
    r"\d{1,2}(?:st|nd|rd|th)?[ \t]+[a-z]{3,9}\.?|today|yesterday)[ \t]*$",
    re.I | re.M,
)
# A stamp's fields: "chat · Sat 12 Sep 2026", "Voicemail for Gölşat · Mon 5 Oct 2026 · 17:20".
_STAMP_FIELDS = re.compile(r"[ \t]+[·|•][ \t]+|,[ \t]+")
# A field beside a stamp's date: a short label with a letter in it ("SMS", "from Tita
# Pacita", "Gùsztaw → Jadwiga", "Berdaq 9 residents", "Toý 💍"), or a time. Fields split
# at · | • and at commas ("SMS from Inal, Sun 22 Mar 2026"); one field must be the date.
# A chat export's separators ("chat · Sat 12 Sep 2026", "Berdaq 9 residents | Sat 14 Nov");
# with commas only, a label must say it is a message: a channel, a sender or a recipient
# ("SMS from Inal, Sun 22 Mar 2026", "Voicemail, Tue 7 Jul 2026, 09:12").
_EXPORT_SEPARATOR = re.compile(r"[ \t][·|•][ \t]")
_CHANNEL = re.compile(
    r"(?i)\b(?:chat|sms|text|message|msg|whatsapp|telegram|signal|viber|voicemail|voice message|email|e-mail|"
    r"dm|call|from|to)\b|→|->"
)
_STAMP_LABEL = re.compile(r"(?=[^\n]*[^\W\d_])[^\n.!?;:]{1,40}|\d{1,2}[:.]\d\d(?:[ \t]*[ap]\.?m\.?)?", re.I)
_DATE_HEADER = re.compile(r"^[ \t]*(?:Date|Sent)[ \t]*:[ \t]*(?P<inner>[^\n]+)", re.M | re.I)
# What may stand before a dateline's date and after it.
_BEFORE_DATE = re.compile(r"(?:,|[·|•])[ \t]*$")  # "TARNBY, 2 February 2026 —", "minutes, Wed 7 January 2026"
_AFTER_DATE = re.compile(r"[ \t]*(?:$|[—–\-)\]:|·•]|,[ \t]*\d{1,2}[:.]\d\d|,[ \t]*$)")
_SUBJECT_LINE = re.compile(r"^[ \t]*(?:Subject|Re|Fwd?|Topic|Agenda)[ \t]*:", re.I)

# A clause's tense, read from its own words only: a modal future, or a past form.
_FUTURE = frozenset({"will", "'ll", "’ll", "shall", "won't", "won’t", "wont", "gonna"})
_PAST = frozenset({"was", "were", "did", "didn't", "didn’t", "didnt", "wasn't", "wasn’t", "weren't",
                   "weren’t"})  # fmt: skip
# Irregular forms in the lemma table that are plural nouns, not past verbs ("people").
_NOT_VERBS = frozenset({"people", "children", "women", "men", "data", "media", "news", "species", "metres",
                        "meters", "kilometres", "based", "headquartered", "born", "borne",
                        # forms that are as often another word or the present ("turn left")
                        "left", "set", "put", "cut", "hit", "read", "shut", "let", "cost", "spread", "bid",
                        "quit", "hurt", "found", "lay", "bound", "ground", "wound", "saw", "rose", "fell",
                        "felt", "meant", "spent", "sent", "kept", "held"})  # fmt: skip
# A plan spoken of ("was due to sail on Friday", "is set to open"): its day is not dated
# by the tense of the words around it.
_PLANNED = frozenset({"due", "supposed", "scheduled", "planned", "expected", "set", "meant", "booked",
                      "going", "hoping", "hoped", "intended", "plan", "plans", "invited", "arranged",
                      "ordered",
                      "reserved", "agreed", "promised", "asked", "offered", "moved", "changed", "postponed",
                      "rescheduled", "delayed", "brought", "pushed", "swapped", "fixed"})  # fmt: skip
# Words that make a weekday another week's, or a habit ("every Friday", "Friday week",
# "a week on Friday", "the Friday after", "last Friday" on a Saturday): no day is read.
_OTHER_WEEK = frozenset({"every", "each", "following", "the", "this", "next", "last", "before", "after",
                         "week", "fortnight", "weeks", "fortnights"})  # fmt: skip
# Right before the weekday: a named or indefinite one ("Good Friday", "one Friday soon"),
# or the target of a change or a deadline ("moved the match to Saturday", "ordered the
# cake for Saturday", "postponed until Tuesday").
_OTHER_DAY = frozenset({"good", "holy", "black", "easter", "boxing", "one", "a", "an", "some", "any",
                        "to", "for", "until", "till", "from"})  # fmt: skip
# A sentence that names another time to count from ("last year", "in 2019", "over
# Christmas", "ago") reads none of its relative times from the message's date.
_OTHER_TIME = re.compile(
    r"\b(?:ago|previous|previously|earlier|formerly|last[ \t]+(?:year|season|month|week|time|summer|"
    r"winter|spring|autumn|christmas|easter)|next[ \t]+(?:year|season)|a[ \t]+year|years?[ \t]+before|"
    r"over[ \t]+(?:christmas|easter|the[ \t]+(?:summer|winter|holidays?|weekend))|dated)\b"
    r"|(?<!\d)(?:19|20)\d\d(?!\d)",
    re.I,
)
_PRESENT_BE = frozenset({"is", "are", "am", "be", "being", "get", "gets", "'re", "’re", "'s", "’s"})
_WORD = re.compile(r"[\w'’]+")


def _date(year: int, month: int, day: int) -> datetime.date | None:
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def _stamp_date(text: str) -> datetime.date | None:
    """The one full date ``text`` is (with its weekday and time), if that weekday is its own.
    A stamp may carry labels in fields beside its date ("chat · Sat 12 Sep 2026, 21:14",
    "SMS · Gùsztaw → Jadwiga · Tue 19 May 2026 · 07:15", "SMS from Inal, Sun 22 Mar 2026"):
    one field is the date, the others are short labels or a time."""
    if not _STAMP_ONLY.fullmatch(text):
        fields = [f.strip() for f in _STAMP_FIELDS.split(text)]
        dated = [f for f in fields if _STAMP_ONLY.fullmatch(f)]
        others = [f for f in fields if not _STAMP_ONLY.fullmatch(f)]
        if len(fields) < 2 or len(dated) != 1 or not all(_STAMP_LABEL.fullmatch(f) for f in others):
            return None
        if not _EXPORT_SEPARATOR.search(text) and not any(_CHANNEL.search(f) for f in others):
            return None  # "[Archive photo, 2 May 2024]": a caption's date, not a message's
        text = dated[0]
    found = list(_FULL.finditer(text))
    if len(found) != 1:
        return None
    return _checked(found[0])


def _checked(m: re.Match[str]) -> datetime.date | None:
    day = _date(int(m.group("year")), _MONTH_KEYS[m.group("month")[:3].casefold()], int(m.group("day")))
    if day is None:
        return None
    wd = m.group("wd")
    if wd and _DAY_KEYS.get(wd[:3].casefold()) != day.weekday():
        return None  # "Tue 9 June 2026", a Tuesday that was not: no anchor
    return day


def _dateline(evidence: str) -> tuple[datetime.date, int] | None:
    """The date of the first line when it is written as the message's own date."""
    start = len(evidence) - len(evidence.lstrip())
    end = evidence.find("\n", start)
    end = len(evidence) if end < 0 else end
    line = evidence[start:end]
    if _SUBJECT_LINE.match(line):
        return None
    found = list(_FULL.finditer(line))
    if len(found) != 1:
        return None
    m = found[0]
    if not _BEFORE_DATE.search(line[: m.start()]) or not _AFTER_DATE.match(line, m.end()):
        return None
    day = _checked(m)
    return None if day is None else (day, start)


def message_dates(evidence: str) -> list[tuple[datetime.date, int, int]]:
    """The dates that only say when a message was written, with where each is written: a
    chat stamp's, and a dateline's that runs on into its story ("TARNBY, 2 February 2026 —
    The ferry ..."); not a header's that ends its line (minutes are dated by their meeting)."""
    out = []
    for m in _STAMP.finditer(evidence):
        full = list(_FULL.finditer(evidence, m.start("inner"), m.end("inner")))
        only = _stamp_date(m.group("inner")) is not None
        if only and len(full) == 1 and (day := _checked(full[0])) is not None:
            out.append((day, full[0].start(), full[0].end()))
    start = len(evidence) - len(evidence.lstrip())
    end = evidence.find("\n", start)
    end = len(evidence) if end < 0 else end
    found = _dateline(evidence)
    if found is not None:
        m = next(_FULL.finditer(evidence, start, end))
        if _RUNS_ON.match(evidence, m.end(), end):
            out.append((found[0], m.start(), m.end()))
    return out


_RUNS_ON = re.compile(r"[ \t]*(?:[—–\-]|:)[ \t]*\S")


def anchor_at(evidence: str, at: int) -> tuple[datetime.date, int] | None:
    """The date the message holding offset ``at`` was written, and where its stamp starts."""
    line_end = evidence.find("\n", at)
    line_end = len(evidence) if line_end < 0 else line_end  # the stamp opening ``at``'s own line counts
    stamps = [(m.start(), _stamp_date(m.group("inner"))) for m in _STAMP.finditer(evidence, 0, line_end)]
    if stamps:
        where, day = stamps[-1]
        line_end = evidence.find("\n", where)
        if line_end >= 0 and _DAY_LINE.search(evidence, line_end, evidence.rfind("\n", 0, at + 1) + 1):
            return None  # "Sat 17 Jan" on a line of its own: a new day the stamp does not date
        found = None if day is None else (day, where)
    else:
        headers = list(_DATE_HEADER.finditer(evidence, 0, line_end))
        if headers:
            day = _stamp_date(headers[-1].group("inner"))
            found = None if day is None else (day, headers[-1].start())
        else:
            found = _dateline(evidence)
    at_line_end = evidence.find("\n", at)
    at_line_end = len(evidence) if at_line_end < 0 else at_line_end
    if found is None or _FORWARDED.search(evidence, found[1], at_line_end):
        return None  # a forwarded or quoted message below the stamp has its own day
    below = evidence.find("\n", found[1])
    if below >= 0 and _ANOTHER_DAY.search(evidence, below, evidence.rfind("\n", 0, at + 1) + 1):
        return None  # "Pedyr, Fri 30 Jan:" on a line above: the words below are that day's
    stamp = _STAMP.match(evidence, found[1])
    if stamp is not None and _SMALL_HOURS.search(stamp.group("inner")):
        return None  # "[Sat 17 Jan 2026, 01:15] ... tomorrow": after midnight, which day is meant?
    return found


# Between a message's date and the words: another message quoted or forwarded into it.
_FORWARDED = re.compile(
    r"(?im)forwarded message|original message|\b(?:fwd?|fw)[ \t]*:|^[ \t]*>|\bwrote:[ \t]*$|"
    r"^[^\n]{0,60},[ \t]*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?[ \t]+\d{1,2}[ \t]+[a-z]{3,9}\.?:[ \t]*$"
)
# A line that gives another day before the words (a quoted header, a day's heading).
_ANOTHER_DAY = re.compile(
    r"(?im)^[^\n]{0,60}\b(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?[ \t]+\d{1,2}(?:st|nd|rd|th)?[ \t]+"
    r"[a-z]{3,9}|\d{1,2}(?:st|nd|rd|th)?[ \t]+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)"
    r"\.?[^\n]{0,20}:[ \t]*$"
)
# A stamp's time in the small hours (00:00-04:59): "tomorrow" may be meant from the day before.
_SMALL_HOURS = re.compile(r"\b0?[0-4][:.][0-5]\d\b(?![ \t]*[pP])")


def _tense(evidence: str, at: int, end: int, prep: str) -> int:
    """+1 when the clause around ``evidence[at:end]`` looks ahead, -1 back, 0 unknown.

    Only "since" decides by itself; otherwise the tense markers of the weekday's own
    clause (a modal future, a past form: not "has"/"have"/"had", which are as often
    present or perfect), and only when they all agree."""
    if prep.strip().casefold() == "since":
        return -1
    # The clause within its sentence: ``clauses`` splits at commas and conjunctions, not at
    # a full stop, so over the whole text "Fire destroyed the shed. The staff will be back on
    # Wednesday." was one clause of two tenses.
    s, e = _around(sentences(evidence), at, end)
    a, b = _around(clauses(evidence, s, e), at, end)
    if any(w.group(0).casefold() in _PLANNED for w in _WORD.finditer(evidence, a, b)):
        return 0
    signs = {_marker(evidence, w) for w in _WORD.finditer(evidence, a, b) if not (at <= w.start() < end)}
    signs.discard(0)
    return signs.pop() if len(signs) == 1 else 0


def _around(spans: list[tuple[int, int]], at: int, end: int) -> tuple[int, int]:
    return next(((s, e) for s, e in spans if s <= at < e), (at, end))


def _marker(evidence: str, w: re.Match[str]) -> int:
    low = w.group(0).casefold()
    if low in _FUTURE or low.endswith(("'ll", "’ll")):
        return 1
    if low in _PAST:
        return -1
    if low in _NOT_VERBS or low in ("is", "are", "am", "has", "have", "had"):
        return 0
    if _IRREGULAR.get(low, low) != low and not low.endswith("s"):
        return -1 if not _after_be(evidence, w) else 0
    if len(low) > 4 and low.endswith("ed") and not _after_be(evidence, w):
        return -1
    return 0


def _after_be(evidence: str, w: re.Match[str]) -> bool:
    """ "is closed", "we're closed": a participle after a present "be" is no past event."""
    before = re.search(r"([\w'’]+)[ \t]*$", evidence[max(0, w.start() - 16) : w.start()])
    if before is None:
        return bool(re.search(r"['’](?:re|s|m)[ \t]*$", evidence[max(0, w.start() - 4) : w.start()]))
    return before.group(1).casefold() in _PRESENT_BE or before.group(1).casefold().endswith(("'re", "’re"))


def _say(day: datetime.date, weekday: bool = True) -> str:
    head = f"{_WEEKDAYS[day.weekday()]} " if weekday else ""
    return f"{head}{day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


def _weekday_reading(m: re.Match[str], anchor: datetime.date, sign: int) -> str | None:
    target = _DAY_KEYS[m.group("wd")[:3].casefold()]
    if m.group("wd").casefold().endswith("s") or target == anchor.weekday() or sign == 0:
        return None  # "on Mondays" is a habit; the message's own weekday could be either week
    step = (target - anchor.weekday()) % 7 if sign > 0 else -((anchor.weekday() - target) % 7)
    return _say(anchor + datetime.timedelta(days=step))


def _completed(month: int, day: int | None, anchor: datetime.date, sign: int) -> datetime.date | None:
    """The year that puts day/month on the side of ``anchor`` the clause looks to."""
    options = [d for y in (anchor.year - 1, anchor.year, anchor.year + 1)
               if (d := _date(y, month, day or 1)) is not None]  # fmt: skip
    if day is None:  # a month: compare months, not first days
        def gap(d: datetime.date) -> int:
            return (d.year - anchor.year) * 12 + d.month - anchor.month
        if sign > 0:
            ahead = [d for d in options if gap(d) >= 0]
            return min(ahead, key=gap) if ahead else None
        if sign < 0:
            back = [d for d in options if gap(d) <= 0]
            return max(back, key=gap) if back else None
        near = sorted(options, key=lambda d: abs(gap(d)))
        return near[0] if abs(gap(near[0])) <= 3 and abs(gap(near[1])) >= 9 else None
    if sign > 0:
        return min((d for d in options if d >= anchor), default=None)
    if sign < 0:
        return max((d for d in options if d <= anchor), default=None)
    near = sorted(options, key=lambda d: abs((d - anchor).days))
    close, far = abs((near[0] - anchor).days), abs((near[1] - anchor).days)
    return near[0] if close <= 92 and far >= 270 else None


def rewrites(evidence: str, a: int, b: int) -> tuple[tuple[Rewrite, ...], int]:
    """Readings of the relative times in ``evidence[a:b]`` as dates, and the reach (the
    offset of the stamp or dateline they are counted from) the receipt must cover."""
    found = anchor_at(evidence, a)
    if found is None:
        return (), a
    anchor, where = found
    out: list[Rewrite] = []
    taken: list[tuple[int, int]] = []

    def readable(at: int, end: int | None = None) -> bool:
        return _from_message(evidence, at, where, end)

    for m in _DAY_MONTH.finditer(evidence, a, b):
        if evidence[max(0, m.start() - 1) : m.start()] in ("[", "(") and where == max(0, m.start() - 1):
            continue  # the stamp itself
        month_raw = m.group("month") or m.group("month2")
        day_raw = m.group("day") or m.group("day2")
        if month_raw.casefold() == "may" and m.group("month2") or not readable(m.start(), m.end()):
            continue  # "may 3" is as likely "may" the verb
        month = _MONTH_KEYS[month_raw[:3].casefold()]
        wd = m.group("wd")
        prep = _prep_before(evidence, m.start())
        # "fixed the ceilidh for 20 March", "moved to 3 June": a target, not the verb's time
        sign = 0 if prep.casefold() in _TARGET else _tense(evidence, m.start(), m.end(), prep)
        if wd:
            day = _by_weekday(month, int(day_raw), anchor, _DAY_KEYS.get(wd[:3].casefold()))
        else:
            day = _completed(month, int(day_raw), anchor, sign)
        if day is None:
            continue
        said, dot = m.group(0).rstrip("."), "." if m.group(0).endswith(".") else ""
        out.append((m.start(), m.end(), f"{said} ({_say(day, weekday=bool(wd))}){dot}"))
        taken.append((m.start(), m.end()))
    for m in _MONTH_ALONE.finditer(evidence, a, b):
        if not readable(m.start(), m.end()):
            continue
        # "raised the fee to TSh 3,000 from July": a start or a deadline, not the verb's time
        prep = m.group("prep").casefold()
        sign = _tense(evidence, m.start("month"), m.end(), prep)
        if prep in _TARGET:
            # "will be raised from July": ahead; "raised the fee ... from July" or "worked
            # until July": a start or an end after a past verb may be either side, so nothing
            if sign < 0:
                continue
            sign = 1 if sign > 0 else 0
        month_day = _completed(_MONTH_KEYS[m.group("month")[:3].casefold()], None, anchor, sign)
        if month_day is not None:
            out.append((m.start("month"), m.end(), f"{m.group('month')} {month_day.year}"))
    for m in _BARE_WEEKDAY.finditer(evidence, a, b):
        inside = any(s <= m.start("wd") < e for s, e in taken)
        storied = _story_time(evidence, where)
        framed = _story_time(evidence, where, _FRAMED)
        if inside or not readable(m.start("wd"), m.end()) or _other_week(evidence, m, storied, framed):
            continue
        sign = _tense(evidence, m.start("wd"), m.end(), m.group("prep") or "")
        if (m.group("prep") or "").strip().casefold() == "by" and sign == 0 and not _PERFECT.search(
            evidence, max(a, evidence.rfind("\n", 0, m.start()) + 1), m.start()
        ):
            sign = 1  # "Biniam to order gloves by Friday": a deadline still to come
        if (sign == 0 and (m.group("prep") or "on ").strip().casefold() == "on"
                and _SCHEDULED.search(evidence, max(a, m.start() - 12), m.start())
                and not storied
                and not _HABIT.search(evidence, *_around(sentences(evidence), m.start(), m.end()))):
            sign = 1  # "the funeral is on Tuesday", "football is thursday": the one coming
        reading = _weekday_reading(m, anchor, sign)
        if reading is not None:
            out.append((m.start("wd"), m.end(), f"{m.group('wd')} ({reading})"))
    for m in _DAY_WORD.finditer(evidence, a, b):
        week_beside = _WEEK_BESIDE.search(evidence, max(0, m.start() - 16), m.start())
        if not readable(m.start(), m.end()) or week_beside:
            continue  # "a week tomorrow", "the day after tomorrow"
        word = m.group("word").casefold()
        step = 1 if word in ("tomorrow", "tmrw", "tmr", "tomoz") else -1 if word == "yesterday" else 0
        out.append((m.start(), m.end(), f"{m.group(0)} ({_say(anchor + datetime.timedelta(days=step))})"))
    for m in _YEAR_WORD.finditer(evidence, a, b):
        if not readable(m.start(), m.end()) or _years_before(evidence, m.start(), where):
            continue  # "In 2019 the club moved; next year it won": counted from 2019
        if _story_time(evidence, where):
            continue  # "As a young brewer, he saw it sell 40,000 hl last year": whose year?
        if _SPAN_BEFORE.search(evidence, max(0, m.start() - 24), m.start()):
            continue  # "since last year", "in the two years to last year": not that year alone
        step = {"next": 1, "last": -1, "this": 0}[m.group("which").casefold()]
        if m.group("unit").casefold() == "year":
            out.append((m.start(), m.end(), f"{m.group(0)} ({anchor.year + step})"))
        else:
            k = anchor.year * 12 + anchor.month - 1 + step
            out.append((m.start(), m.end(), f"{m.group(0)} ({MONTH_NAMES[k % 12]} {k // 12})"))
    if not out:
        return (), a
    return tuple(sorted(out)), min(a, where)


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_WEEK_BESIDE = re.compile(r"\b(?:week|fortnight|weeks|day after|day before|from)[ \t]+$", re.I)
_QUOTES = re.compile(r'["“”«»]')  # not ‘ ’, which chat types as apostrophes


def _anchor_span(evidence: str, where: int) -> tuple[int, int]:
    """Where the anchor's own date is written (the stamp or dateline date, not its line)."""
    m = _FULL.search(evidence, where)
    return (m.start(), m.end()) if m is not None else (where, where)


def _years_before(evidence: str, at: int, where: int) -> bool:
    """A year written before ``at`` other than in the anchor's own date."""
    s, e = _anchor_span(evidence, where)
    return any(not (s <= y.start() < e) for y in _YEAR.finditer(evidence, 0, at))


def _other_week(evidence: str, m: re.Match[str], storied: bool = True, framed: bool = True) -> bool:
    """ "every Friday", "the Friday after", "Friday week", "a week on Friday", "last Friday"."""
    before = [w.casefold() for w in _WORD.findall(evidence[max(0, m.start("wd") - 24) : m.start("wd")])][-3:]
    after = [w.casefold() for w in _WORD.findall(evidence[m.end() : m.end() + 40])][:5]
    right_before = before[-1:] if not m.group("prep") else [m.group("prep").strip().casefold()]
    # "the" only right before it ("the Friday after"): "announced the appointment on Friday",
    # in an evidence that sets no time of its own (``storied``: any "the" nearby counts).
    window = set(before) if storied else set(before[:-1]) - {"the"} | set(before[-1:])
    following = set(after)
    on = (m.group("prep") or "").strip().casefold() == "on"
    if (on and not framed and after[:1] and after[0] in ("after", "before") and after[1:2]
            and after[1] in _CLAUSE_AFTER):
        # "reopened on Monday after a fire in February": the verb's "after", not "the Monday after"
        following -= {"after", "before"}
    return bool(window & _OTHER_WEEK) or bool(set(right_before) & _OTHER_DAY) or bool(
        following & _OTHER_WEEK_AFTER
    )


# After "on Monday after": words that open a phrase or clause of the verb's ("after a fire",
# "after the storm", "before she left"), not "the Monday after next".
_CLAUSE_AFTER = frozenset({"a", "an", "the", "its", "his", "her", "their", "our", "my", "he", "she", "they",
                           "we", "i", "it", "months", "weeks", "years", "days"})  # fmt: skip


# "Friday week", "on Friday - not this one, the one after": the words just after it.
_OTHER_WEEK_AFTER = frozenset({"week", "fortnight", "after", "before", "next", "not", "following"})


def _from_message(evidence: str, at: int, where: int, end: int | None = None) -> bool:
    """A relative time at ``at`` counts from the message's date: not inside a quotation, not
    after a verb of saying in its line ("texted me over Christmas to say he will fix it
    tomorrow", "Briallen said cant make dinner tmrw"; a report after it, "…, the company said
    yesterday", is the message's own news), and not in a line that names another time to
    count from ("In a letter dated last December", "an old text from 2019")."""
    line_start = evidence.rfind("\n", 0, at) + 1
    line_end = evidence.find("\n", at)
    line_end = len(evidence) if line_end < 0 else line_end
    # A voicemail's transcript opens in a quote right after its date ("Voicemail, Tue 7 Jul
    # 2026, 09:12: “Ia ora na, ... tomorrow at half past two”"): the quote is the message.
    s, e = _anchor_span(evidence, where)
    spoken = _TRANSCRIPT.match(evidence, e) if e > s else None
    from_ = max(line_start, spoken.end()) if spoken is not None and spoken.end() <= at else line_start
    quoted = len(_QUOTES.findall(evidence, from_, at)) % 2 == 1
    if quoted or _SINGLE_QUOTED.search(evidence, from_, at):
        return False
    # Its sentence, and the one before when a colon joins them ("an old text from 2019:
    # fixed the gate yesterday").
    spans = sentences(evidence)
    i = next((k for k, (x, y) in enumerate(spans) if x <= at < y), None)
    a, b = spans[i] if i is not None else (line_start, line_end)
    if i and evidence[:a].rstrip().endswith(":"):
        a = spans[i - 1][0]
    own = (at, end if end is not None else at + 1)
    times = _OTHER_TIME.finditer(evidence[a:b])
    if any(_counted_from(evidence, a + o.start(), a + o.end(), (s, e), own) for o in times):
        return False
    if _NEGATED_TIME.search(evidence, max(line_start, at - 8), at) or _ASKED_TURN.match(evidence, line_start):
        return False  # "not tmrw, I'll come on Sunday"; "Kattalin: will Ellande open the shop tmrw"
    if _RELAYED.search(evidence, line_start, at):
        return False  # "fwd from Treveth (sent Wednesday): back tmrw": another message's day
    if end is not None and (_SAID_SOON.match(evidence, end) or evidence[end : end + 2] in ("'s", "’s")):
        return False  # "An article on 27 June said ...", "Yesterday's Courier said": the report's time
    if _WOULD.search(evidence, max(a, line_start), at):
        return False  # "to let me know he'd fix it tomorrow": a reported future, from its own day
    # A verb of saying earlier in its sentence (not in an earlier sentence of a one-line
    # news paragraph: "The owner said ... . The staff will be back on Wednesday").
    said = list(_SAID.finditer(evidence, max(a, line_start), at))
    # "The hospital announced the appointment on Wednesday", "told the council on Monday":
    # with only a noun phrase between, the time is the saying's own, which is the news.
    return not said or (_saying_time(evidence, said[-1], at) and not _story_time(evidence, where))


# A present "be" right before the weekday ("is on Tuesday", "is thursday"), no state between
# ("is open on Friday" may be every Friday's).
_SCHEDULED = re.compile(r"\b(?:is|are|['’]s)[ \t]+$", re.I)
# ... but not in a sentence of habits or conditions ("when the fair is on Tuesday, ...").
_HABIT = re.compile(r"\b(?:when|whenever|if|usually|always|often|sometimes|normally|generally|years|"
                    r"every|each|remember)\b", re.I)
# Before "last year": a span that only starts or ends with it ("since last year").
_SPAN_BEFORE = re.compile(r"\b(?:since|to|until|till|before|after|through|of)[ \t]+$", re.I)
# Anywhere in the evidence, what sets a time of its own that a relative time may count from
# instead of the message's date: a year, a month, a past frame, a story or a record.
_PAST_FRAME = (
    r"(?i:\b(?:back then|in those days|at the time|as an? (?:young|boy|girl|child|kid|student|teenager)|"
    r"when (?:i|he|she|we|they|\w+) (?:was|were)|remember\w*|recall\w*|reminisc\w*|novel|film|movie|play|"
    r"story|fiction|imagin\w*|fake|minutes|archives?|history|ago|the year was|used to|early (?:years|days)|"
    r"in (?:his|her|its|their|my|our) (?:youth|day|time)|old days|childhood|before)\b)"
)
_STORY_TIME = re.compile(
    _PAST_FRAME
    + r"|\b(?:January|February|March|April|June|July|August|September|October|November|December)\b"
    r"|(?<!\d)(?:19|20)\d\d(?!\d)"
)
# Only the words of a past frame (a month or a year may be the event's own: "after a fire in February").
_FRAMED = re.compile(_PAST_FRAME)


def _story_time(evidence: str, where: int, pattern: re.Pattern[str] = _STORY_TIME) -> bool:
    """Whether the evidence sets another time than its message date (``where``) anywhere."""
    return _sets_time(evidence, where, pattern is _FRAMED)


@memo(maxsize=64)
def _sets_time(evidence: str, where: int, framed: bool) -> bool:
    # Once per evidence and anchor: each weekday and "last year" of a long message asks.
    s, e = _anchor_span(evidence, where)
    pattern = _FRAMED if framed else _STORY_TIME
    return any(not (s <= m.start() < e) for m in pattern.finditer(evidence))


def _counted_from(evidence: str, start: int, end: int, anchor: tuple[int, int], own: tuple[int, int]) -> bool:
    """Another time at ``evidence[start:end]`` that the sentence's relative times could count
    from: not the anchor's date, and not the time being read ("last year" is no other time
    than itself)."""
    return not (anchor[0] <= start < anchor[1] or (start < own[1] and own[0] < end))


# Words that open a reported clause after a verb of saying ("said she will", "said that",
# "texted to say", "told me the shop opens"), so a time after them is the report's content.
_CLAUSE_WORDS = frozenset({"that", "if", "whether", "to", "i", "we", "you", "he", "she", "it", "they", "me",
                           "us", "him", "her", "them", "there", "this", "these", "those", "who", "what",
                           "when", "where", "why", "how", "cant", "can't", "can’t", "not", "no",
                           "never"})  # fmt: skip


# Verbs of saying whose object is the one told ("told the council on Monday"); another
# verb's object may have a time of its own ("announced the vote on Friday": the vote's?).
_TOLD = frozenset({"told", "tells", "informed", "briefed", "assured", "warned", "reminded", "emailed",
                   "texted", "messaged", "called", "phoned", "rang"})  # fmt: skip


def _saying_time(evidence: str, said: re.Match[str], at: int) -> bool:
    """The time at ``at`` is when the report ``said`` was made: right after its verb
    ("said on Tuesday that ..."), or after the one it told ("told the council on Monday")."""
    between = evidence[said.end() : at]
    if re.fullmatch(r"[ \t,]*(?:on|last|this|yesterday|today)?[ \t]*", between, re.I):
        return True
    return said.group(0).casefold() in _TOLD and _nominal_only(evidence, said.end(), at)


_OWN_TIME = frozenset({"of", "starting", "effective", "beginning", "from", "until", "due", "for", "next",
                       "following", "scheduled", "planned"})  # fmt: skip


def _nominal_only(evidence: str, start: int, at: int) -> bool:
    """Between ``start`` and ``at``: only words of a noun phrase or a preposition (no verb,
    no pronoun, no clause opener, no quote or colon), with at most six words."""
    between = evidence[start:at]
    if any(ch in between for ch in ':;"“”«»‘\n') or between.count(",") > 1:
        return False
    found = _WORD.findall(between)
    if len(found) > 6:
        return False
    for word in found:
        low = word.casefold()
        if word[:1].isupper() or low in _OWN_TIME:
            # "the resignation of Pa Yang on Wednesday", "the appointment effective on Monday":
            # another party, or a time of the noun's own event
            return False
        if low in _CLAUSE_WORDS or low in _FUTURE or low in _PAST:
            return False
        if low.endswith(("'ll", "’ll", "n't", "n’t")):
            return False
        if low in _PRESENT_BE or low in ("has", "have", "had", "would", "could", "can", "may", "might",
                                         "should", "must", "do", "does"):
            return False
        past = _IRREGULAR.get(low, low) != low or (len(low) > 3 and low.endswith("ed"))
        if past and low not in _NOT_VERBS:
            return False
        if len(low) > 3 and low.endswith("s") and not low.endswith("ss") and _IRREGULAR.get(low, low) == low:
            return False  # "opens", "closes": a present verb (a plural noun is refused too)
    return True


# After a message's date: its time, a colon or the end of its line, then the quote that
# opens its words.
_TRANSCRIPT = re.compile(r"(?:,?[ \t]*\d{1,2}[:.]\d\d)?[ \t]*[:—–\-\]]?[ \t]*\n?[ \t]*[\"“‘']")
_NEGATED_TIME = re.compile(r"\b(?:not|no|never|nor)[ \t]+(?:on[ \t]+)?$", re.I)
# A turn that opens with an auxiliary and a word ("Kattalin: will Ellande open the shop tmrw",
# a question without its mark; the match is case-blind, so "will be late tmrw" is one too):
# its times are not read, whether it asks or not.
_ASKED_TURN = re.compile(
    r"[ \t]*(?:\[[^\]\n]{1,40}\][ \t]*)?(?:[^\W\d_][\w'’. -]{0,40}:[ \t]*)?"
    r"(?:will|would|can|could|is|are|was|were|do|does|did|has|have|should|shall)[ \t]+"
    r"(?:[A-Z][\w'’-]*|you|u|he|she|they|we|it|the|your|ur|his|her)\b",
    re.I,
)
_RELAYED = re.compile(r"\b(?:fwd|fw|forwarded|forwarding|passing on|relaying|sent)\b", re.I)
_VERBS_OF_SAYING = (
    r"said|says|say|saying|told|tells|wrote|writes|texted|messaged|mentioned|asked|emailed|replied|"
    r"announced|claimed|insisted|promised|warned|suggested|stated|reported|listed|gave|put|showed|noted|"
    r"quoted|described|argued|rang|called|phoned|let\s+\w+\s+know|note|letter|post|message"
)
# A verb of saying after a time, a few words on ("on 27 June said", "on Sunday in the
# Ramsey Courier said", "last Friday put the membership at 400").
_SAID_SOON = re.compile(rf"[\w'’ \t]{{0,60}}?\b(?:{_VERBS_OF_SAYING})\b", re.I)
# A verb of saying or writing before the time: the time is the report's, not the message's.
_SAID = re.compile(rf"\b(?:{_VERBS_OF_SAYING})\b", re.I)
_WOULD = re.compile(r"\bwould\b|\w['’]d\b", re.I)
# An opening single quotation mark after a colon or a space: "wrote: 'The pool will close ..."
_SINGLE_QUOTED = re.compile(r"(?:^|[:\s])['‘](?=[A-Z])(?![^'’]*['’](?:\s|[.,!?]|$))")


_PREP_BEFORE = re.compile(r"\b(since|by|until|till|from|last|next|on|before|after|to|for)[ \t]+$", re.I)
_TARGET = frozenset({"to", "for", "until", "till", "by", "from"})
# A perfect or past before a deadline ("had finished the painting by Friday"): no direction.
_PERFECT = re.compile(r"\b(?:had|has|have|was|were|did|'d|’d)\b|\w{3,}ed\b", re.I)


def _prep_before(evidence: str, at: int) -> str:
    hit = _PREP_BEFORE.search(evidence[max(0, at - 8) : at])
    return hit.group(1) if hit else ""


def _by_weekday(month: int, day: int, anchor: datetime.date, weekday: int | None) -> datetime.date | None:
    """ "Fri 9 Jan": the year near the anchor in which that day is that weekday, if one."""
    if weekday is None:
        return None
    fits = [d for y in (anchor.year - 1, anchor.year, anchor.year + 1)
            if (d := _date(y, month, day)) is not None and d.weekday() == weekday
            and abs((d - anchor).days) <= 200]  # fmt: skip
    return fits[0] if len(fits) == 1 else None
