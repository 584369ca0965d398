"""Rosters and profile lines: what a labelled list or a "Name — Title, Company" line says.

Minutes and tickets say who attended by listing names under a label ("Attendees: Tom
Hale, Priya Shah. Apologies: Ben Ode."), and CVs and signatures say who holds what post
by a line ("Nora Quill — Senior Architect, Brix Studio"). Neither has a verb, so the
checks have nothing to compare a claim with. These functions read such a line for one
listed name as the sentence it stands for ("Priya Shah attended the meeting.", "Ben Ode
did not attend the meeting.", "Nora Quill is Senior Architect at Brix Studio"), and only
when the line is a list and nothing else: a line with a verb is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from affidavit.gates.write_parse import AUX, Mention, is_verb_like

# Label -> what being listed under it says. Negative labels say it with "not", so the
# polarity check refuses "Ben Ode attended" from "Apologies: Ben Ode".
ROSTER_LABELS: dict[str, str] = {
    "attendees": "attended", "attending": "attended", "present": "attended",
    "in attendance": "attended", "attendance": "attended", "participants": "attended",
    "apologies": "did not attend", "apologies for absence": "did not attend",
    "absent": "did not attend", "regrets": "did not attend", "not present": "did not attend",
    "absentees": "did not attend",
    "chair": "chaired", "chaired by": "chaired", "chairperson": "chaired",
    "speakers": "spoke at", "presenters": "presented at", "minutes": "took the minutes of",
    "minute taker": "took the minutes of", "note taker": "took the notes of",
}  # fmt: skip
_SENT_APOLOGIES = frozenset({"apologies", "apologies for absence", "regrets"})
# What the list is of, when the evidence names it ("Standup, 9 May. Present: ...").
_EVENTS = ("board meeting", "meeting", "call", "workshop", "standup", "stand-up", "session",
           "review", "retro", "retrospective", "webinar", "interview", "hearing", "conference",
           "agm", "seminar", "briefing", "rehearsal", "class", "lesson", "training")  # fmt: skip
_LABEL_ALT = "|".join(sorted((re.escape(k) for k in ROSTER_LABELS), key=len, reverse=True))
_INLINE = re.compile(rf"\s*[-*•]?\s*({_LABEL_ALT})\s*[:\-–—]\s*", re.I)
_HEADER = re.compile(rf"\s*[-*•#]*\s*({_LABEL_ALT})\s*:?\s*$", re.I)
_EVENT = re.compile(r"\b(" + "|".join(re.escape(e) for e in _EVENTS) + r")\b", re.I)
_BULLET = re.compile(r"\s*(?:[-*•]|\d{1,2}[.)])\s+")
# Between listed names only separators, a parenthesised note and a few lower-case words
# of a role ("Tom Hale (chair), Priya Shah, finance") may stand.
_GAP_WORD = re.compile(r"[^\W\d_][\w'’\-]*")


_COUNTED = re.compile(r"\b\d{1,4}[ \t]+(?:other[ \t]+)?[a-z]+\b")


def _list_only(text: str, a: int, b: int, found: Sequence[Mention]) -> bool:
    """Whether ``text[a:b]`` is names and separators (no verb, no clause)."""
    inside = [m for m in found if a <= m.start and m.end <= b]
    if not inside:
        return False
    pos, gaps = a, []
    for m in inside:
        gaps.append(text[pos : m.start])
        pos = m.end
    gaps.append(text[pos:b])
    for gap in gaps:
        gap = re.sub(r"\([^)]*\)", " ", gap)
        # "9 members", "31 villagers": a count of the unnamed others is one more item.
        gap = _COUNTED.sub(" ", gap)
        words = _GAP_WORD.findall(gap)
        if len(words) > 3 or any(is_verb_like(w) and w[:1].islower() for w in words if w not in ("and",)):
            return False
    return True


def _title_at(evidence: str, at: int) -> int:
    """Where the title line the reading quotes starts, when it comes before ``at``."""
    hit = _TITLE.search(evidence)
    return min(at, hit.start("title")) if hit is not None else at


def _event(evidence: str) -> str:
    hit = _EVENT.search(evidence)
    return hit.group(1).casefold() if hit else "meeting"


def roster_reading(
    evidence: str, spans: tuple[tuple[int, int], ...], i: int, found: Sequence[Mention], subject: str
) -> tuple[str, int] | None:
    """What sentence ``i`` says of ``subject`` as a listed name, and where its label starts.

    ``found``: the mentions of sentence ``i`` that name the subject come first in no
    particular order; the caller has checked one of them names it.
    """
    a, b = spans[i]
    line = evidence[a:b].rstrip(".;")
    end = a + len(line)
    inline = _INLINE.match(evidence, a, end)
    if inline is not None and _list_only(evidence, inline.end(), end, found):
        return _reading(subject, inline.group(1), evidence, found), _title_at(evidence, a)
    if not _BULLET.match(evidence, a, b) and not _list_only(evidence, a, end, found):
        return None
    start = _BULLET.match(evidence, a, b)
    if not _list_only(evidence, start.end() if start else a, end, found):
        return None
    for j in range(i - 1, max(-1, i - 40), -1):  # back over the other items to the label
        ja, jb = spans[j]
        header = _HEADER.match(evidence, ja, jb)
        if header is not None and header.end() == jb:
            return _reading(subject, header.group(1), evidence, found), _title_at(evidence, ja)
        if not _BULLET.match(evidence, ja, jb):
            return None
    return None


def _reading(subject: str, label: str, evidence: str, found: Sequence[Mention] = ()) -> str:
    out = f"{subject} {ROSTER_LABELS[label.casefold()]} the {_event_title(evidence)}."
    if label.casefold() in _SENT_APOLOGIES:  # "Apologies: Ben Ode": he sent them, and was not there
        out += f" ; {subject} sent apologies for the {_event_title(evidence)}."
    # "Ola Berg (chair)": a role noted beside the listed name says that role too.
    for m in found:
        note = _NOTE.match(evidence, m.end)
        if note is None or m.name != subject:
            continue
        if note.group(1).casefold() in ROSTER_LABELS:
            out += f" ; {subject} {ROSTER_LABELS[note.group(1).casefold()]} the {_event_title(evidence)}."
        held = _held_post(note.group(1), evidence)
        if held is not None:  # "Ilinca Pop (managing director)" under "Board of Dacia Mobila"
            out += f" ; {subject} is the {held}."
    return out


# A note that is no post: how or when someone took part ("(by phone)", "(left at 11)").
_NOT_POST = frozenset({
    "by", "from", "via", "on", "at", "until", "till", "for", "in", "left", "arrived", "joined", "remote",
    "remotely", "online", "guest", "visitor", "observer", "item", "items", "minutes", "notes", "part",
    "late", "early", "absent", "apologies",
    # A post not (or no longer, or not yet) held as such: "(president emeritus)", "(honorary
    # chair)", "(midwife, retired)", "(trainee nurse)", "(chair-elect)".
    "emeritus", "honorary", "retired", "former", "ex", "acting", "interim", "trainee", "student",
    "deceased", "elect", "designate", "incoming", "outgoing", "caretaker", "intern",
})  # fmt: skip


def _held_post(note: str, evidence: str) -> str | None:
    """The post a roster's note gives the listed name, with whose it is: "manager, Kalibari
    Tea Estate" as written, "CFO" of the organisation the title line opens with; None for
    a note that is no post, or a post of no one named."""
    role, _, org = (p.strip() for p in note.partition(","))
    words = role.split()
    if (not words or len(words) > 4 or any(ch.isdigit() for ch in note)
            or any(p in _NOT_POST or p.endswith("ed") for w in words for p in w.casefold().split("-"))
            or not all(w.islower() or (w.isupper() and 2 <= len(w) <= 5) for w in words)):
        return None  # a post is lower-case words or an abbreviation ("finance director", "CFO")
    whose = _title_org(evidence)
    if org:
        # "(manager, Kalibari Tea Estate)": that estate's; under another firm's title, no one's
        # (the title's name would stand beside the note's).
        same = whose is None or org.casefold() == whose.casefold()
        return f"{role} of {org}" if _title_name(org) and same else None
    return f"{role} of {whose}" if whose is not None else None


_TITLE_LEAD = re.compile(
    r"^(?:minutes\s*(?:of\s+)?(?:the\s+)?|the\s+)?(?:board|committee|meeting)\s+of\s+(?:the\s+)?|"
    r"^minutes\s*[-—–:]\s*",
    re.I,
)


def _title_org(evidence: str) -> str | None:
    """The organisation a title line opens with ("Board of Dacia Mobila, 18 Nov",
    "Gumel Agro Mills, management meeting"), else None."""
    line = evidence[_first_line_start(evidence):].split("\n", 1)[0]
    line = re.split(r"\.\s|\s(?i:present|attendees|in attendance)\s*:", line, maxsplit=1)[0]
    parts = [p.strip(" .") for p in _TITLE_PARTS.split(_TITLE_LEAD.sub("", line.strip()))]
    while parts and _RECORD_WORD.match(parts[0]):
        parts.pop(0)  # "Minutes, Qhapaq Textiles, 12 March", "Board minutes — Mtkvari Glassworks"
    first = parts[0] if parts else ""
    sides = re.split(r"\s(?:&|and|\+)\s", first)
    if len(sides) > 1 and all(len(side.split()) > 1 for side in sides):
        # "Schützenverein Hinterwil & Frauenchor Hinterwil – joint meeting": two bodies, whose
        # post a note gives is unsaid ("Sanna & Figli" is one firm's name).
        return None
    return first if first and _title_name(first) and not _MONTH_DATE.match(first) else None


_RECORD_WORD = re.compile(
    r"^(?i:(?:board|team|staff|management|committee)[ \t]+)?(?i:minutes|meeting|notes|meeting notes)$"
)


_NOTE = re.compile(r"\s*\(\s*([^()]{1,30}?)\s*\)")
# "Minutes — Brix board meeting, 4 June": the event's own words and its date.
_TITLE = re.compile(
    # "Kilele Haulage — fleet meeting, 4 Feb 2025": whose it is may come first, before a dash.
    r"(?:^|\n)[^\S\n]*(?:minutes\s*[-—–:]\s*)?(?:(?P<whose>[^\n:—–]{2,60}?)[ \t]+[—–][ \t]+)?"
    r"(?P<title>[^\n:—–]{0,60}?\b(?:"
    + "|".join(re.escape(e) for e in _EVENTS)
    + r")\b)(?:(?:\s*[,(]\s*|\s+(?:of|on)\s+(?=\d))(?P<date>[^\n,()]{1,30}))?",
    re.I,
)


# A body that meets ("Akureyri harbour committee, 11 March"): its title names a meeting.
_BODIES = re.compile(
    r"\b(?:committee|council|board|trustees|governors|club|association|society|union|assembly|"
    r"cooperative|co-op|panel|working group|steering group|team)\b",
    re.I,
)
_MONTH_DATE = re.compile(
    r"^(?:\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]{2,8}\.?(?:\s+\d{4})?|[A-Z][a-z]{2,8}\.?\s+\d{1,2}(?:,?\s+\d{4})?|"
    r"\d{4}-\d{2}-\d{2})$"
)
_TITLE_PARTS = re.compile(r"\s*(?:[—–|,]|\s-\s)\s*")
_MINUTES_WORD = re.compile(r"^(?:minutes(?:\s+of(?:\s+the)?)?\s+|the\s+)|\s+minutes$", re.I)


def _body_title(evidence: str) -> str | None:
    """ "Minutes — Akureyri harbour committee, 11 March" -> "Akureyri harbour committee
    meeting on 11 March": a title line that names a body and no event, the meeting of it."""
    line = evidence.split("\n", 1)[0]
    cut = line.find(". ")
    line = (line[:cut] if cut >= 0 else line).strip(" .")
    parts = [_MINUTES_WORD.sub("", p).strip() for p in _TITLE_PARTS.split(line)]
    parts = [p for p in parts if p and p.casefold() != "minutes"]
    dates = [p for p in parts if _MONTH_DATE.match(p)]
    words = [p for p in parts if p not in dates]
    if len(dates) > 1 or not words or not any(_BODIES.search(p) for p in words):
        return None
    if any(w.casefold() in AUX or (len(w) > 4 and w.endswith("ed")) for p in words for w in p.split()):
        return None  # a sentence, not a title
    title = " ".join(words) + " meeting"
    return f"{title} on {dates[0]}" if dates else title


def _event_title(evidence: str) -> str:
    """The event as the evidence's title line names it ("Brix board meeting on 4 June"),
    else its kind ("meeting")."""
    hit = _TITLE.search(evidence)
    if hit is None:
        return _body_title(evidence) or _event(evidence)
    title = re.sub(r"^(?:the|a|an)\s+", "", hit.group("title").strip(), flags=re.I)
    # The date ends with its sentence ("4 Feb 2025. Present: ..." is a date, then a roster).
    date = re.split(r"\.[ \t]|;", hit.group("date") or "", maxsplit=1)[0].strip()
    line_start = evidence.rfind("\n", 0, hit.start("title")) + 1
    line_end = evidence.find("\n", hit.end())
    line = evidence[line_start : len(evidence) if line_end < 0 else line_end]
    rest = evidence[hit.end() : len(evidence) if line_end < 0 else line_end]
    if line_start != _first_line_start(evidence):
        # an item further down ("- Supplier call, 19 March: ..."), not the roster's title
        return _body_title(evidence) or _event(evidence)
    if _NOT_AS_HELD.search(line):
        # a meeting called off, moved, still to come or only planned: its kind, no date
        return title
    # "Weekly standup — Baan Khlong Kitchen", "board meeting, Karasjok, 12 February": the
    # names after the event on its title line are whose it is and where.
    parts = [] if not date or any(ch.isdigit() for ch in date) else [date]
    date = date if any(ch.isdigit() for ch in date) else ""
    parts += [p.strip(" .") for p in _TITLE_PARTS.split(rest.split(". ", 1)[0])]
    names: list[str] = []
    for part in (p for p in parts if p):
        if not date and _MONTH_DATE.match(part):
            date = part
        elif _title_name(part):
            names.append(part)
        else:
            break  # the line goes on as a sentence or a note: nothing after it is the title's
    whose = (hit.group("whose") or "").strip()
    if whose and _title_name(whose) and not names:
        names.append(whose)  # "Kilele Haulage — fleet meeting": the fleet meeting of Kilele Haulage
    title = " of ".join((title, *names))
    return f"{title} on {date}" if date else title


# A title line whose meeting may not have been held as the title says.
_NOT_AS_HELD = re.compile(
    r"\b(?i:cancel+ed|postponed|moved|rescheduled|next|agenda|invite|invitation|calendar|draft|"
    r"proposed|planned|pre-meeting|tbc|tbd)\b|\?"
)
_CONNECTORS = frozenset({"of", "and", "&", "de", "da", "do", "van", "von", "der", "la", "le", "du", "del"})


def _first_line_start(evidence: str) -> int:
    return len(evidence) - len(evidence.lstrip())


def _title_name(part: str) -> bool:
    """A title line's part that is a name ("Baan Khlong Kitchen", "Karasjok"): capitalised
    words only (and their connectors), no number, no word that reads as a verb
    ("Approved"), and not one shouted word."""
    words = part.split()
    if not words or len(words) > 6 or any(ch.isdigit() for ch in part):
        return False
    if len(words) == 1 and part.isupper():
        return False
    return all((w[:1].isupper() and not (w.casefold().endswith("ed") and is_verb_like(w.casefold()))
                and w.casefold() not in AUX) or w.casefold() in _CONNECTORS for w in words)


# "Nora Quill — Senior Architect, Brix Studio", "Omar Ali | Head of Sales | Vantec".
_PROFILE_GAP = re.compile(r"\s*(?:—|–|-|\||,)\s*")
_ENDED = re.compile(r"\b(?:ex|former|formerly|previously|retired|outgoing|until|past)\b", re.I)
_AT = re.compile(r"\s*(?:,|\||—|–|@|\bat\b)\s*")


def profile_reading(evidence: str, a: int, b: int, found: Sequence[Mention], subject_at: int) -> str | None:
    """ "Name — Title, Company" read as "Name is Title at Company; Name works at Company"."""
    lead = next((m for m in found if m.start == subject_at), None)
    if lead is None or evidence[a:lead.start].strip(" -*•"):
        return None
    gap = _PROFILE_GAP.match(evidence, lead.end, b)
    line_end = a + len(evidence[a:b].rstrip(". "))
    last = next((m for m in reversed(found) if m.end == line_end and m is not lead), None)
    if gap is None or last is None:
        return None
    middle = evidence[gap.end() : last.start]
    at = None
    for hit in _AT.finditer(middle):
        at = hit
    if at is None or at.end() != len(middle):
        return None
    title = middle[: at.start()].strip()
    words = _GAP_WORD.findall(title)
    if not words or len(words) > 6 or any(is_verb_like(w) and w[:1].islower() for w in words):
        return None
    if _ENDED.search(title):
        return None  # "ex-Head of Sales", "former Architect": no current post to read
    return f"{lead.name} is {title} at {last.name} ; {lead.name} works at {last.name}"
