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

from affidavit.gates.write_degree import in_profile, profile_person
from affidavit.gates.write_parse import mentions
from affidavit.gates.write_record import record_person
from affidavit.text.numbers import quantities
from affidavit.text.sentences import sentences

# A field: a label at a line's (or a bar-separated cell's) start, a colon, its value.
_FIELD = re.compile(
    r"(?:^|(?<=[\n|]))[ \t]*(?P<label>[A-Za-z][A-Za-z ]{1,24}?)[ \t]*:[ \t]*(?P<value>[^\n|]*)"
)
_SENTENCE_FIELD = re.compile(r"(?:^|(?<=\.[ \t])|(?<=\n))[ \t]*(?P<label>[A-Z][A-Za-z ]{1,24}?)[ \t]*:[ \t]*"
                             r"(?P<value>[^\n|.]*)")
_REPORTED = frozenset({"reporter", "reported by", "raised by", "submitted by", "opened by", "logged by"})
_ASSIGNED = frozenset({"assignee", "assigned to", "handled by"})
_REQUESTED = frozenset({"requester", "requested by", "requestor"})
_TITLES = ("summary", "title", "subject", "issue", "problem", "description", "request")
_ALLERGY = re.compile(r"(?i:(?:known[ \t]+)?(?:drug[ \t]+)?allerg(?:y|ies))")
_MEDS = re.compile(r"(?i:(?:current[ \t]+|regular[ \t]+)?(?:meds|medications?|medicines|drugs|rx))")
# An invoice's parties and its total.
_BARE_TOTAL = re.compile(
    r"(?:^|(?<=[\n|]))[ \t]*(?i:total(?:[ \t]+due)?|amount[ \t]+due|grand[ \t]+total)[ \t]+"
    r"(?P<value>[^\n|:]*\d[^\n|]*)"
)
_BUYER = frozenset({"billed to", "bill to", "buyer", "sold to", "invoice to"})
_TOTAL = frozenset({"total", "total due", "amount due", "grand total", "total amount"})
# Not a bill, or not this one: a quote, a credit note, a draft, an order, a timesheet.
_NOT_A_BILL = re.compile(
    r"(?i)\b(?:quote|quotation|estimate|credit note|refund\w*|draft|pro ?forma|not sent|purchase order|"
    r"timesheet|per (?:month|year|week)|excl\w*|deposit|balance|statement)\b"
)
# A ticket whose fields were undone or passed on.
_TICKET_UNDONE = re.compile(
    r"(?i)\b(?:merged|duplicate|reassigned|declined|unassigned|on behalf|re:|fw:|fwd:)"
)
# A value that withdraws or qualifies itself: "(ruled out 2024)", "- REMOVED", "(stopped 2 May)".
_QUALIFIED = re.compile(r"\(|\s[-–—]\s|\b(?i:not|no|never|stopped|ceased|held|declined|removed|ruled|error|"
                        r"query|unsure|unconfirmed|family|history|start|if|planned|reported|delabell?ed|negative|"
                        r"as needed|prn|sister|brother|mother|father|son|daughter|wife|husband)\b")
_LANGUAGES = re.compile(r"(?i:languages?(?:[ \t]+spoken)?)")
_DENIED = re.compile(r"^\W*(?i:none|nil|nkda|nkfa|n/a|no\b|not known|unknown)")
# What a record is: "Ticket #48213", "Issue: PAY-2291", "Ticket HR-302", "Case 5512".
_RECORD = re.compile(
    r"\b(?P<kind>(?i:ticket|issue|case|incident|request|bug|order|invoice|receipt|quote))[ \t]*"
    r"(?:(?i:no\.?)[ \t]*)?(?::[ \t]*)?"
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


def _name_of(evidence: str, start: int, end: int, place: bool = False) -> str | None:
    """The full name a field's value is (nothing else but a bracket after it, or with
    ``place`` a town after a comma: "Hoʻokupu Farm Supply, Waimea")."""
    found = [m for m in mentions(evidence, start, end) if not m.possessive]
    value = evidence[start:end].strip()
    if not found or not value.startswith(found[0].name):
        return None
    rest = re.sub(r"\([^)]*\)", "", value[len(found[0].name) :]).strip(" .;")
    if place and rest.startswith(",") and len(found) == 2 and rest.lstrip(", ") == found[1].name:
        return found[0].name
    return found[0].name if not rest.strip(",") and len(found) == 1 else None


def field_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each field of a closed set of labels.

    Each reading stands for its field's whole sentence: a record written on one line with
    bars between its cells is one sentence, whose other cells ("= $620", "Reporter: Tomáš")
    must not join the reading's clause."""
    spans = sentences(evidence)
    return [next(((a, b, said) for a, b in spans if a <= start < b), (start, end, said))
            for start, end, said in _readings(evidence)]


# How well a CV's language is spoken, in its bracket or before it ("Czech (B2)", "Russian
# (conversational)", "conversational Latvian"): a level of speaking it. Anything else in
# the bracket ("(reading only)", "(learning)", "(not native)") is not read as speaking it.
_NATIVE = r"native|mother[ \t]+tongue|first[ \t]+language|bilingual"
_FLUENT = r"fluent|proficient|advanced|[cC][12]|full[ \t]+professional"
_SOME = r"basic|beginner|elementary|[aA][12]"
_LEVEL = re.compile(
    r"(?i)^(?:(?P<native>" + _NATIVE + r")|(?P<fluent>" + _FLUENT + r")|(?P<some>" + _SOME + r")|"
    r"(?P<speaks>good|conversational|intermediate|working|business|professional|[bB][12]|"
    r"upper[ \t-]+intermediate|limited[ \t]+working))$"
)
# A language item as a CV writes it: the name (capitalised words), its level in a bracket
# after it or as a word before it ("some Yoruba", "conversational Latvian").
_LANGUAGE_ITEM = re.compile(
    r"^(?:(?P<before>some|basic|conversational|fluent|native)[ \t]+)?"
    r"(?P<lang>[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*)?)"
    r"(?:[ \t]*\((?P<level>[^()]*)\))?$"
)


def _language_readings(person: str, start: int, end: int, value: str) -> list[tuple[int, int, str]]:
    """What a Languages field says its person speaks, and how well: each item on its own.
    An item read in no other way ("Tongan (learning)", "not fluent in Russian") is left out
    of every reading, and so of the sentence the readings stand for."""
    spoken: list[str] = []
    said: list[str] = []
    parsed: list[tuple[str, str]] = []
    for chunk in re.split(r"[,;]", value):
        parts = [p.strip() for p in re.split(r"[ \t]+and[ \t]+", chunk) if p.strip()]
        hits = [_LANGUAGE_ITEM.match(p) for p in parts]
        # "Upper Sorbian and German (native)": the bracket after the last is the pair's.
        last = hits[-1].group("level") if hits and hits[-1] is not None else None
        for hit in hits:
            if hit is None:
                continue  # "not fluent in Russian": not an item read as spoken
            level = hit.group("level") or hit.group("before") or ""
            parsed.append((hit.group("lang"), level or (last or "")))
    for lang, level in parsed:
        kind = _LEVEL.match(level.strip()) if level else None
        if level and kind is None:
            continue  # "(reading only)", "(learning)", "(not native)": not read as spoken
        spoken.append(f"some {lang}" if kind is not None and kind.group("some") else lang)
        if kind is not None and kind.group("native"):
            said += [f"{person}'s native language is {lang}.", f"{person} is a native {lang} speaker."]
        elif kind is not None and kind.group("fluent"):
            said += [f"{person} is fluent in {lang}.", f"{person} speaks {lang} fluently."]
        elif kind is not None and kind.group("some"):
            said += [f"{person} has basic {lang}."]
    if not spoken:
        return []
    return [(start, end, f"{person} speaks {', '.join(spoken)}."), *((start, end, s) for s in said)]
# Fields that name someone else the record is about or for ("For: Pita Kekona (father)").
_OTHER_PERSON_LABELS = re.compile(r"(?i)^(?:for|next of kin|nok|carer|guardian|parent|child|spouse|partner|"
                                  r"contact|referrer|referred by|gp|doctor|dr|clinician|seen by)$")


def _one_person(evidence: str, fields: list[tuple[str, str, int, int]]) -> str | None:
    """The record's one person, or None when another field names someone else."""
    if sum(1 for label, _v, _s, _e in fields if _LANGUAGES.fullmatch(label)) > 1:
        return None  # "Languages:" twice ("Other applicant for comparison"): whose is unsaid
    person = record_person(evidence)
    if person is None:
        # A profile's person owns only the fields down its run of profile lines: not a
        # "Languages:" under "References", "Requirements" or another applicant's name.
        person = profile_person(evidence)
        if person is None or not all(in_profile(evidence, start) for label, _v, start, _e in fields
                                     if _LANGUAGES.fullmatch(label)):
            return None
    for label, value, start, _end in fields:
        at = evidence.find(value, start)
        other = _name_of(evidence, at, at + len(value))
        if (other is not None and other != person) or (_OTHER_PERSON_LABELS.match(label) and other):
            return None
    if len(_PERSON_FIELDS.findall(evidence)) > 1:
        return None  # "Pt: ... Pt: ...": a list of patients
    return person


_PERSON_FIELDS = re.compile(r"(?i)\b(?:pt|patient|customer|client|employee|candidate|student)[ \t]*:")


def _readings(evidence: str) -> list[tuple[int, int, str]]:
    if ":" not in evidence:
        return []
    fields = _fields(evidence)
    if not fields:
        return []
    records = {m.group("id").lstrip("#") for m in _RECORD.finditer(evidence)}
    record = _RECORD.search(evidence) if len(records) == 1 else None  # one record, or whose is unsaid
    record_name = f"{record.group('kind').capitalize()} {record.group('id')}" if record else None
    # "Support ticket 7783 — ...": the record as its title line names it, and its id
    # without the "#" a claim may leave off ("ticket MT-5521").
    names = _record_names(evidence, record) if record else []
    titles = [v for label, v, _, _ in fields if label in _TITLES and not _RECORD.fullmatch(v)]
    title = titles[0] if len(titles) == 1 else None
    undone = _TICKET_UNDONE.search(evidence) is not None
    person: list[str | None] = []
    out: list[tuple[int, int, str]] = _invoice(evidence, fields, record_name)
    for label, value, start, end in fields:
        value_at = end - len(evidence[start:end]) + evidence[start:end].find(value)
        if label in _REPORTED or label in _ASSIGNED or label in _REQUESTED:
            who = _name_of(evidence, value_at, value_at + len(value))
            if who is None or undone:
                continue
            if label in _REPORTED:
                said = [f"{who} reported {title}" if title else ""]
                said += [f"{who} reported {name}" for name in names]
            elif label in _ASSIGNED:
                said = [f"{who} is the assignee"]
                # "Handled by: X (from Monday)": a qualified field gives no record reading (this
                # field's only: the fields after it keep the record's names)
                for name in names if value.strip() == who else []:
                    said += [f"{name} was assigned to {who}", f"{who} is assigned {name}",
                             f"{who} is the assignee of {name}"]
                    said += [f"{who} handled {name}"] if label == "handled by" else []
            else:
                said = [f"{who} requested {title}" if title else ""]
                said += [f"{who} raised {name}" for name in names]
            out += [(start, end, f"{s}.") for s in said if s]
            continue
        about = _ALLERGY.fullmatch(label) or _LANGUAGES.fullmatch(label) or _MEDS.fullmatch(label)
        if about is None or _DENIED.match(value):
            continue
        if not person:
            person.append(_one_person(evidence, fields))
        if person[0] is None:
            continue
        if not _LANGUAGES.fullmatch(label) and _QUALIFIED.search(value):
            continue  # "penicillin (ruled out 2024)", "amlodipine - stopped": not read
        items = [i.strip() for i in re.split(r",|;|\band\b", re.sub(r"\([^)]*\)", "", value)) if i.strip()]
        if not items:
            continue
        if _ALLERGY.fullmatch(label):
            out.append((start, end, f"{person[0]} is allergic to {', '.join(items)}."))
            continue
        if _MEDS.fullmatch(label):
            out += [(start, end, f"{person[0]} takes {item}.") for item in items]
            continue
        out += _language_readings(person[0], start, end, value)
    return out


# A title line's words before the record's kind ("Support ticket 7783", "IT Helpdesk ticket ...").
_TITLE_LEAD = re.compile(r"(?:^|\n)[ \t]*(?P<lead>(?:[A-Za-z][\w\-]*[ \t]+){1,2})$")


def _record_names(evidence: str, record: re.Match[str]) -> list[str]:
    """The record's names for its readings: "Ticket #MT-5521" and "Ticket MT-5521"; with
    the words its own title line puts before it ("Support ticket 7783"), that form too."""
    kind, ident = record.group("kind"), record.group("id")
    names = [f"{kind.capitalize()} {ident}"]
    if ident.startswith("#"):
        names.append(f"{kind.capitalize()} {ident[1:]}")
    lead = _TITLE_LEAD.search(evidence, 0, record.start())
    if lead is not None and not mentions(lead.group("lead")):
        names.append(f"{lead.group('lead').strip()} {kind.casefold()} {ident.lstrip('#')}")
    return names


def _invoice(evidence: str, fields: list[tuple[str, str, int, int]],
             record_name: str | None) -> list[tuple[int, int, str]]:
    """An invoice's total said of it and of its parties ("Invoice #HP-0093 totals $843",
    "Nāulu Tours LLC was billed USD 2,550.00 in total")."""
    def party(labels: frozenset[str]) -> str | None:
        held = [(value, start) for label, value, start, _end in fields if label in labels]
        if len(held) != 1:
            return None
        at = evidence.find(held[0][0], held[0][1])
        return _name_of(evidence, at, at + len(held[0][0]), place=True)

    if not re.search(r"(?i)\binvoice\b", evidence) or _NOT_A_BILL.search(evidence):
        return []
    totals = [(v, s, e) for label, v, s, e in fields if label in _TOTAL and quantities(v)]
    totals += [(m.group("value").strip(), m.start(), m.end()) for m in _BARE_TOTAL.finditer(evidence)
               if quantities(m.group("value"))]  # "| Total $843": a cell without its colon
    totals.sort(key=lambda t: t[1])
    if len({t[1] for t in totals}) != 1:
        return []  # no total, or several: which is the invoice's is unsaid
    # "To:" names the billed party only on a document that opens as an invoice (not an
    # email's header: "To: Keala Makoa\nSubject: FW: invoice for Niu Foods").
    opens_as_invoice = re.match(r"\s*(?i:invoice|tax invoice)\b", evidence) is not None
    buyer = party(_BUYER | ({"to"} if opens_as_invoice else set()))
    value, start, end = totals[0]
    found = [q for q in quantities(value) if q.unit is not None and not q.unit.startswith(("version:", "ord"))
             and q.unit not in ("clock", "%", "h", "min", "day", "week", "month", "year")]
    if len(found) != 1:
        return []  # no amount of money, or several
    amount = found[0].surface.strip()
    # The seller is not read into a sentence: "A billed B $5" would pass for "A was billed $5".
    names = [record_name, record_name.replace("#", "")] if record_name and "#" in record_name \
        else [record_name]
    said = [f"{name} totals {amount}" for name in names if name]
    said += [f"{buyer} was billed {amount} in total" if buyer else ""]
    return [(start, end, f"{s}.") for s in said if s]
