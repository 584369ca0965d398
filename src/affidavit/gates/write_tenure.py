"""A CV's job line read as the sentences it stands for.

"Senior data engineer, Pannon Logika (2021–present)" in Bernadett Szűcs's profile says that
she has worked as a senior data engineer at Pannon Logika since 2021, that she is one
there, and that she works there; "2015–2019: Staff nurse, Nekemte Referral Hospital" that she
worked as a staff nurse there from 2015 to 2019, for four years; "Previously analyst at Tisza
Bank (2016–2021)" that she used to be one. ``tenure_readings`` gives those sentences for a
second reading by the gate, each tried on its own.

A job line is a line (or a sentence of a one-line profile) that carries a year range: before
it after a colon ("2014–2017: Hanbit Robotics, Daegu"), in brackets after it, or last after
a comma ("Tsaghik Printing, Gyumri, 2021–now"). Its comma-separated fields are a role, an
employer and a place, in that order, and a field is a role only when it reads as one: after
its first word every word is lower case ("Staff nurse", "UX researcher"), or it is one word
an English dictionary knows ("Partner"). The employer is the first field that is a name.
The person is the profile's, found as for a degree line (``write_degree``): the name that
opens the evidence's first line or the job's own line and is set off as a profile's lead.
"""

from __future__ import annotations

import re

from affidavit.gates.checks_qualified import UNHELD
from affidavit.gates.write_degree import (
    PROFILE_AFTER,
    heading_start,
    in_profile,
    is_study,
    next_line_of_profile,
    notes_below,
    organisation,
    profile_person,
)
from affidavit.gates.write_parse import Mention, mentions
from affidavit.text.lemmas import is_known_word
from affidavit.text.numbers import MONTH_WORD, month_number
from affidavit.text.timeline import MONTH_NAMES

_YEAR = r"(?:19|20)\d\d"
_UNTIL = r"(?:present|now|today|date|current)"
_MONTH = r"(?:" + MONTH_WORD + r")\.?[ \t]+"
_RANGE = (
    r"(?P<m1>" + _MONTH + r")?(?P<y1>" + _YEAR + r")[ \t]*(?:[–—-]|to|until)[ \t]*"
    r"(?:(?P<m2>" + _MONTH + r")?(?P<y2>" + _YEAR + r")|(?P<now>" + _UNTIL + r"))"
)
# "2014–2017: Hanbit Robotics, Daegu": the range opens the line, then a colon, or a gap of
# two spaces or a tab, as a CV's columns are laid out ("2017–2021  Accountant, ...").
_RANGE_FIRST = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?" + _RANGE + r"(?:[ \t]*:[ \t]*|[ \t]*\t[ \t]*|[ ]{2,})(?P<fields>[^\n;]+)", re.I
)
# "software engineer, Carraig Software (2020–2023)": the range in brackets after the fields.
# Fields start after a separator (or the text's start), so each is tried once: linear.
_BRACKETED = re.compile(
    r"(?:^|(?<=[\n;()—–|]))(?P<fields>[^\n;()—–|]{1,120}?)[ \t]*\([ \t]*" + _RANGE + r"[ \t]*\)", re.I
)
# "Tsaghik Printing, Gyumri, 2021–now.": the range last, after a comma.
_TRAILING = re.compile(
    r"(?:^|(?<=[\n;()—–|.]))(?P<fields>[^\n;()—–|.]{1,120}?),[ \t]*" + _RANGE + r"\b", re.I
)
# "previously counsel at the Port of Leixões authority": a former job without its years.
_FORMER = re.compile(r"(?<![\w])(?i:previously|formerly)[ \t]+"
                     r"(?P<fields>[a-z][\w'’\- ]{0,40}?[ \t]+(?:at|with|for)[ \t]+"
                     r"(?:the[ \t]+)?[A-Z][^\n;.()]{0,80}?)(?=[ \t]*(?:[;.(]|$|\n))")
_ANY_RANGE = re.compile(_RANGE, re.I)
_FORMER_WORD = re.compile(r"\b(?i:previously|formerly)\b")
_PREVIOUSLY = re.compile(r"^(?:and[ \t]+)?(?:previously|formerly|before that|earlier)[ \t]*:?[ \t]*", re.I)
_AT = re.compile(r"^(?P<role>[a-z][\w'’\- ]*?)[ \t]+(?:at|with|for)[ \t]+(?P<org>\S.*)$")
_HEADER = re.compile(r"[A-Za-z][a-z]*(?: [a-z]+){0,3}[ \t]*(?:[—–:|]|-)")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                 "eighteen", "nineteen", "twenty")  # fmt: skip


# A job line that says it was not (yet) held, or a "role" that is no job.
_NOT_HELD_JOB = re.compile(
    r"(?i)\b(?:" + UNHELD + r"|offer(?:ed)?|unsuccessful|begins|starts?|starting|accepted|approved|"
    r"no[ \t]+reply|student|unemployed|career[ \t]+break|(?:parental|maternity|paternity|sick)[ \t]+leave|"
    r"sabbatical|retired|on[ \t]+leave|interview\w*|shadowing|observer)\b"
)


def _named_below(evidence: str, at: int, body: str) -> bool:
    """A later line, not one a profile is made of, that names this line's employer ("Note:
    the Honda position was withdrawn before I started")."""
    items = [f.strip() for f in body.split(",") if f.strip()]
    names = [i.casefold() for i in items[1:2] or items[:1] if i[:1].isupper()]
    return any(n in low for low in notes_below(evidence, at) for n in names)


def _is_role(field: str) -> bool:
    words = field.split()
    if not words or not words[0][:1].isalpha():
        return False
    if len(words) == 1:
        return words[0][:1].islower() or is_known_word(words[0].casefold())
    return all(w[:1].islower() for w in words[1:])


def _title_role(field: str) -> bool:
    """ "Senior Data Engineer": a title-cased role, every word one the dictionary knows."""
    words = field.split()
    return 0 < len(words) <= 4 and all(w[:1].isupper() and is_known_word(w.casefold()) for w in words)


def _lead(evidence: str, a: int, b: int) -> Mention | None:
    """The name that opens ``evidence[a:b]`` as a profile's lead ("Ana Ruiz — ...", after a
    header of a few words: "Interview notes — Ana Ruiz, ...")."""
    lead = next((m for m in mentions(evidence, a, b) if not m.possessive), None)
    if lead is None or not PROFILE_AFTER.match(evidence, lead.end):
        return None
    before = evidence[a : lead.start].strip(" \t-*•")
    if before and not _HEADER.fullmatch(evidence[a : lead.start].strip(" \t*•")):
        return None
    return lead


def _person(evidence: str, at: int) -> str | None:
    """The profile's person for a job line at ``at``: its own line's lead, else the first
    line's. A lead opens its line, so only the line's first 160 characters are read."""
    line_start = evidence.rfind("\n", 0, at) + 1
    own = _lead(evidence, line_start, min(at, line_start + 160))
    first_end = evidence.find("\n")
    opens = heading_start(evidence)  # not "CURRICULUM VITAE" as a name
    lead = own or _lead(evidence, opens, min(opens + 160, len(evidence) if first_end < 0 else first_end))
    # Else the profile's heading: its name alone on the first line, or after the document's
    # kind ("CURRICULUM VITAE — Aqbota Serğazina").
    name = lead.name if lead is not None else profile_person(evidence)
    if name is not None and own is None and lead is not None and organisation(name):
        return None  # "ACME Recruitment Ltd — candidate shortlist": no person's profile
    if name is None or (own is None and not in_profile(evidence, at)):
        return None  # below the heading, past a line no profile is made of: whose is unsaid
    return name.title() if name.isupper() else name


def _parts(fields: str, person: str | None) -> tuple[str, str, str] | None:
    """(role, employer, place) of a job line's fields; "" for a part not given."""
    items = [f.strip(" \t.") for f in fields.split(",") if f.strip(" \t.")]
    if items and person is not None and items[0].casefold() == person.casefold():
        items.pop(0)  # "Ana Ruiz, partner, Ruiz & Co (2019–present)": the profile's own name
    if not items or len(items) > 3:
        return None
    role = ""
    at = _AT.match(items[0])
    if at is not None:  # "analyst at Tisza Bank"
        role, items = at.group("role"), [at.group("org"), *items[1:]]
    elif _is_role(items[0]) or (len(items) > 1 and _title_role(items[0])):
        role = items.pop(0)
    org = items[0][4:] if items and items[0].startswith("the ") else items[0] if items else ""
    if not org or _is_role(items[0]) or not org[:1].isupper():
        return None
    if _NOT_THE_ROLE.search(role):
        return None  # "Nurse trainee", "Nurse's aide", "Assistant to the nurse": not a nurse
    return role, items[0], items[1] if len(items) > 1 else ""


# A role whose head is not the job its other word names ("Nurse trainee", "Nurse applicant",
# "Nurse's aide", "Assistant to the nurse"), or that is no job ("Patient", "Applicant").
# A qualifier before the head leaves the head the role: "Volunteer coach" is a coach.
_NOT_THE_ROLE = re.compile(
    r"(?i:\w[ \t]+(?:trainee|applicant|candidate|intern|apprentice|student|aide)$|['’]s\b|"
    r"^(?:patient|applicant|candidate)$|\bassistant to\b)"
)


def _sentences(person: str, role: str, org: str, place: str, hit: re.Match[str], before: bool) -> list[str]:
    where = f"{org} in {place}" if place else org
    as_role = f"as {_article(role)} at {where}" if role else f"at {where}"
    if "y1" not in hit.re.groupindex:  # a former job, its years not given
        return [f"{person} previously worked {as_role}.", f"{person} used to work {as_role}."] + (
            [f"{person} used to be {_article(role)} at {where}."] if role else []
        )
    y1, y2 = hit.group("y1"), hit.group("y2")
    if hit.group("now") is not None:
        since = f"{_month(hit, 'm1')}{y1}"
        out = [f"{person} has worked {as_role} since {since}.", f"{person} works {as_role}."]
        if role:
            held = f"{_article(role)} at {where}"
            out += [f"{person} has been {held} since {since}.", f"{person} is {held}."]
        return out
    m1 = _month(hit, "m1")
    out = [f"{person} worked {as_role} from {m1}{y1} to {_month(hit, 'm2')}{y2}."]
    years = int(y2) - int(y1)
    months = [hit.group(g) for g in ("m1", "m2") if g in hit.re.groupindex and hit.group(g)]
    same_month = not months or (len(months) == 2 and months[0][:3].casefold() == months[1][:3].casefold())
    if 0 < years < len(_NUMBER_WORDS) and same_month:  # "Jun 2019 – Feb 2022" is not three years
        out.append(f"{person} worked {as_role} for {_NUMBER_WORDS[years]} years.")
    if before or role:
        out.append(f"{person} previously worked {as_role}.")
    if role:
        out.append(f"{person} used to be {_article(role)} at {where}.")
    return out


def _month(hit: re.Match[str], group: str) -> str:
    """A range's month as a sentence writes it before its year ("June "), or ""."""
    if group not in hit.re.groupindex or not hit.group(group):
        return ""
    number = month_number(hit.group(group).strip())
    return f"{MONTH_NAMES[number - 1]} " if number is not None else ""


def in_sentence(role: str) -> str:
    """A role as a sentence writes it: "Senior Data Engineer", "Staff nurse" in lower case;
    an acronym ("UX", "HR") stays."""
    return " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in role.split())


def _article(role: str) -> str:
    low = in_sentence(role)
    return ("an " if low[:1].casefold() in "aeiou" else "a ") + low


def tenure_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each job line of a one-person profile."""
    out: list[tuple[int, int, str]] = []
    seen: list[tuple[int, int]] = []
    ranged = _ANY_RANGE.search(evidence) is not None
    if not ranged and _FORMER_WORD.search(evidence) is None:
        return out  # no year range and no former job: nothing here is a job line
    for pattern in (_RANGE_FIRST, _BRACKETED, _TRAILING, _FORMER) if ranged else (_FORMER,):
        for hit in pattern.finditer(evidence):
            fields = hit.group("fields")
            # The fields start after the last sentence stop before them ("... French.
            # Previously analyst at Tisza Bank (2016–2021)").
            stop = max(fields.rfind(". "), fields.rfind(": ") if pattern is not _RANGE_FIRST else -1)
            start = hit.start("fields") + (stop + 2 if stop >= 0 else 0)
            body = evidence[start : hit.end("fields")].strip()
            prefix = _PREVIOUSLY.match(body)
            before = prefix is not None or pattern is _FORMER
            body = body[prefix.end() :] if prefix else body
            if any(a < hit.end() and start < b for a, b in seen) or not body:
                continue  # a part of a job line already read ("Previously analyst at X (2016–2021)")
            line_end = evidence.find("\n", hit.end())
            if _NOT_HELD_JOB.search(evidence, hit.start(), len(evidence) if line_end < 0 else line_end):
                continue  # "(applied, rejected)", "offer withdrawn before start": no job held
            if pattern is _RANGE_FIRST and (not next_line_of_profile(evidence, hit.end()) or _named_below(
                evidence, hit.end(), body
            )):
                continue  # a note under it, or a later line naming its employer, may take it back
            if is_study(evidence, start, body):
                continue  # a degree or diploma line ("2014–2016  Diploma in Animal Health"), not a job
            person = _person(evidence, hit.start())
            parts = _parts(body, person)
            if parts is None or person is None:
                continue
            seen.append((start, hit.end()))
            for said in _sentences(person, *parts, hit, before):
                out.append((start, hit.end(), said))
    return out  # readings are cheap to make; ``_reread`` decides only the few that fit best
