"""A record's labelled fields read as the sentences they stand for.

Tickets, clinic notes and profiles state facts as a label and a value, with no verb:
"Reporter: Tomáš Kollárik", "Assignee: Jana Ondrušková", "Requester: Aram Yeghiazaryan |
Request: new laptop", "Known allergy: sulfonamides", "Languages: Bengali (native),
English". ``field_readings`` gives each such field again as a sentence about the record
("Tomáš Kollárik reported VPN drops on the office wifi", "Ticket #48213 was assigned to
Jana Ondrušková", "Birtukan Jirata is allergic to sulfonamides", "Payel Samaddar's native
language is Bengali"), for a second reading by the gate.

The labels are a closed set, each with the sentence it makes (like the roster labels of
``write_roster``). A field about a person (an allergy, a language) needs the record's one
person: its patient or customer field (``write_record``) or the profile's heading
(``write_degree``); a ticket's field needs nothing but the name it holds. A value that
denies ("none", "nil", "NKDA", "no known allergies") makes no reading.
"""

from __future__ import annotations

import re

from affidavit.gates.write_degree import profile_person
from affidavit.gates.write_parse import mentions
from affidavit.gates.write_record import record_person

# A field: a label at a line's (or a bar-separated cell's) start, a colon, its value.
_FIELD = re.compile(
    r"(?:^|(?<=[\n|]))[ \t]*(?P<label>[A-Za-z][A-Za-z ]{1,24}?)[ \t]*:[ \t]*(?P<value>[^\n|]*)"
)
_SENTENCE_FIELD = re.compile(r"(?:^|(?<=\.[ \t])|(?<=\n))[ \t]*(?P<label>[A-Z][A-Za-z ]{1,24}?)[ \t]*:[ \t]*"
                             r"(?P<value>[^\n|.]*)")
_REPORTED = frozenset({"reporter", "reported by", "raised by", "submitted by", "opened by", "logged by"})
_ASSIGNED = frozenset({"assignee", "assigned to", "owner", "handled by", "assigned"})
_REQUESTED = frozenset({"requester", "requested by", "requestor"})
_TITLES = ("summary", "title", "subject", "issue", "problem", "description", "request")
_ALLERGY = re.compile(r"(?i:(?:known[ \t]+)?(?:drug[ \t]+)?allerg(?:y|ies))")
_LANGUAGES = re.compile(r"(?i:languages?(?:[ \t]+spoken)?)")
_DENIED = re.compile(r"^\W*(?i:none|nil|nkda|nkfa|n/a|no\b|not known|unknown)")
# What a record is: "Ticket #48213", "Issue: PAY-2291", "Ticket HR-302", "Case 5512".
_RECORD = re.compile(
    r"\b(?P<kind>(?i:ticket|issue|case|incident|request|bug|order))[ \t]*(?::[ \t]*)?"
    r"(?P<id>#?[A-Z]{0,6}-?\d{2,}|#\d+)\b"
)


def _fields(evidence: str) -> list[tuple[str, str, int, int]]:
    """(label lower-cased, value, start, end) of each field, in order."""
    out: dict[int, tuple[str, str, int, int]] = {}
    for pattern in (_FIELD, _SENTENCE_FIELD):
        for hit in pattern.finditer(evidence):
            value = hit.group("value").strip().rstrip(".;, ")
            if value and hit.start() not in out:
                out[hit.start()] = (hit.group("label").strip().casefold(), value, hit.start(), hit.end())
    return [out[k] for k in sorted(out)]


def _name_of(evidence: str, start: int, end: int) -> str | None:
    """The one full name a field's value is (nothing else but a bracket after it)."""
    found = [m for m in mentions(evidence, start, end) if not m.possessive]
    value = evidence[start:end].strip()
    if len(found) != 1 or not value.startswith(found[0].name):
        return None
    rest = re.sub(r"\([^)]*\)", "", value[len(found[0].name) :]).strip(" ,.;")
    return found[0].name if not rest else None


def field_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each field of a closed set of labels."""
    if ":" not in evidence:
        return []
    fields = _fields(evidence)
    if not fields:
        return []
    record = _RECORD.search(evidence)
    record_name = f"{record.group('kind').capitalize()} {record.group('id')}" if record else None
    title = next((v for label, v, _, _ in fields if label in _TITLES and not _RECORD.fullmatch(v)), None)
    person: list[str | None] = []
    out: list[tuple[int, int, str]] = []
    for label, value, start, end in fields:
        value_at = end - len(evidence[start:end]) + evidence[start:end].find(value)
        if label in _REPORTED or label in _ASSIGNED or label in _REQUESTED:
            who = _name_of(evidence, value_at, value_at + len(value))
            if who is None:
                continue
            if label in _REPORTED:
                said = [f"{who} reported {title}" if title else "",
                        f"{who} reported {record_name}" if record_name else ""]
            elif label in _ASSIGNED:
                said = [f"{record_name} was assigned to {who}" if record_name else "",
                        f"{who} is the assignee"]
            else:
                said = [f"{who} requested {title}" if title else "",
                        f"{who} raised {record_name}" if record_name else ""]
            out += [(start, end, f"{s}.") for s in said if s]
            continue
        about = _ALLERGY.fullmatch(label) or _LANGUAGES.fullmatch(label)
        if about is None or _DENIED.match(value):
            continue
        if not person:
            person.append(record_person(evidence) or profile_person(evidence))
        if person[0] is None:
            continue
        items = [i.strip() for i in re.split(r",|;|\band\b", re.sub(r"\([^)]*\)", "", value)) if i.strip()]
        if not items:
            continue
        if _ALLERGY.fullmatch(label):
            out.append((start, end, f"{person[0]} is allergic to {', '.join(items)}."))
            continue
        out.append((start, end, f"{person[0]} speaks {', '.join(items)}."))
        for item in re.split(r",|;", value):
            kind = re.search(r"\((?P<q>[^)]*)\)", item)
            lang = re.sub(r"\([^)]*\)", "", item).strip()
            quality = kind.group("q") if kind is not None else ""
            if lang and re.search(r"(?i)\b(?:native|mother tongue|first)\b", quality):
                out.append((start, end, f"{person[0]}'s native language is {lang}."))
            elif lang and re.search(r"(?i)\bfluent\b", quality):
                out.append((start, end, f"{person[0]} is fluent in {lang}."))
    return out
