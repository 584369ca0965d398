"""Where someone works and where an organisation is based, read from how messages say it.

Callers and writers introduce themselves by their employer ("Hi, it's Obsa Hordofa from
Galma Motors", a speaker's "I'm ringing from Lautoka Port Services"); tickets and lists
put a person's organisation in brackets after the name ("Reported by: Simão Sardinha
(Ribeira Têxteis)", "Nahuel Antilef (logistics, Grupo Licanray)"); news names a firm's
home as a modifier ("a Lahti-based band", "Kopiloka, a Bandung start-up"). None of them
has the verb a claim uses ("works at", "is based in"), so the gate has nothing to compare.
``affiliation_readings`` gives each such phrase again as the sentence it stands for, for a
second reading by the gate.

Conservative: an introduction only in the present ("it's", "this is", "I'm"), the
organisation a capitalised name right after "from"; a bracket only right after a full
name, holding a capitalised name of two or more words (one word is as often a town), and
never a former tie ("ex-", "formerly", "until", "retired"); a home only from "<Town>-based"
or from "<Name>, a/an/the <Town> <noun>" where the town is capitalised mid-sentence and
no "former" or "ex-" comes between.
"""

from __future__ import annotations

import re

from affidavit.gates.checks_context import SAYING
from affidavit.gates.write_parse import is_verb_like, mentions
from affidavit.text.reference import ORG_NOUNS
from affidavit.text.sentences import sentences

# A capitalised word; a dot only inside it ("S.A"), so a full stop ends the name.
_NAME_WORD = r"[A-ZÀ-ÞĀ-Ž][\w'’&-]*(?:\.[A-Za-z][\w'’&-]*)*"
# An organisation's name: capitalised words, with "of", "&", "de" inside it (not "and":
# "from Moana Freight and Niu Foods" is two).
_ORG = (rf"(?P<org>{_NAME_WORD}(?:[ \t]+(?:(?:of|&|de|du|la|le|van|von|für|y|e|the)[ \t]+)?"
        rf"{_NAME_WORD}){{0,5}})")
# "it's Obsa Hordofa from Galma Motors", "this is Ritwik from Ruposhi Realty".
_INTRO = re.compile(
    # Only where a message or a turn opens: its start, after a greeting, a quote or a label.
    # The cue words in any case; the organisation's name capitalised (no re.I over it).
    # A greeting in any language opening the message or its quote ("Ia ora na, this is ...",
    # "Shikamoo bibi, it's ..."): up to four words and a comma or "!" right at its start.
    r"(?:^|[\n\"“:.!?]|\b(?i:hi|hello|hey|morning|afternoon|evening|dear)[,!]|"
    r"(?:^|[\n\"“])[ \t]*[^\W\d_][\w'’]*(?:[ \t]+[^\W\d_][\w'’]*){0,3}[ \t]*[,!])[ \t]*"
    r"(?P<intro>(?i:it'?s|it’s|it is|this is|I'?m|I’m|I am|my name is|here'?s)[ \t]+(?P<who>[^,.;!?\n]+?)"
    r"[ \t]+(?i:here[ \t]+)?(?i:from)[ \t]+(?:(?i:the)[ \t]+)?" + _ORG
    + r")(?=[ \t]*(?:[.;!?)\"”]|,(?![ \t]+and\b)|$|\n| about\b))",
)
# A speaker's own turn: "SAIMONI RATU: I'm ringing from Lautoka Port Services."
_CALLING = re.compile(
    r"(?:^|\n)[ \t]*(?:\[[^\]\n]*\][ \t]*)?(?P<who>[^:\n]{2,60}?)[ \t]*:[ \t]*"
    r"(?:(?i:hi|hello|hey|good (?:morning|afternoon|evening))[,!]?[ \t]+)?"
    r"(?i:I'?m|I’m|I am|we'?re|we’re|we are)[ \t]+(?i:ringing|calling|phoning|writing|emailing)[ \t]+"
    r"(?:(?i:you)[ \t]+)?(?i:from)[ \t]+(?:(?i:the)[ \t]+)?" + _ORG
    + r"(?=[ \t]*(?:[.;!?)\"”]|,|$|\n| about\b))",
)
# The labels of a ticket's or message's person field ("Reported by:", "Requester:").
_PERSON_LABEL = re.compile(r"(?i)(?:reported by|reporter|requester|requested by|raised by|submitted by|"
                           r"logged by|contact|caller|from)[ \t]*:")
_BRACKET = re.compile(r"[ \t]*\((?P<inner>[^()\n]{3,80})\)")
_FORMER = re.compile(r"\b(?i:ex|former|formerly|previously|until|retired|late|then|once|on leave)\b")
# "a Lahti-based band", "the Brno-based sound designer".
_BASED = re.compile(r"(?P<town>[A-ZÀ-ÞĀ-Ž][\w'’]+(?:[ \t]+[A-ZÀ-ÞĀ-Ž][\w'’]+){0,2})-based\b")
# "Kopiloka, a Bandung start-up," / "Pachatusan Holdings, an Abancay family group."
_APPOSED = re.compile(
    r",[ \t]+(?:a|an|the)[ \t]+(?P<town>[A-ZÀ-ÞĀ-Ž][\w'’]+(?:[ \t]+[A-ZÀ-ÞĀ-Ž][\w'’]+){0,2})"
    r"(?P<noun>(?:[ \t]+[a-z][\w'’-]*){1,3})(?=[ \t]*(?:[,.;]|$|\n))"
)


def _person_before(text: str, at: int) -> str | None:
    """The full name (two words or more) that ends just before ``text[at]``, if one does."""
    found = [m for m in mentions(text, max(0, at - 80), at) if m.end == at and not m.possessive]
    if not found or " " not in found[-1].name:
        return None
    return found[-1].name


def _org_ok(org: str) -> bool:
    """An employer's name: two words or more (one is as often a town), not a school's, a
    place's ("New Zealand", "Palmerston North") or an event's, nor a possessive."""
    org = org.rstrip(".")
    return (" " in org and not _FORMER.search(org) and not _SCHOOL_END.search(org)
            and not _NOT_AN_EMPLOYER.search(org) and not org.endswith(("'s", "’s", "'", "’")))


# Last words that make a capitalised name a place, a venue or an event rather than a firm.
_NOT_AN_EMPLOYER = re.compile(
    r"\b(?:Zealand|North|South|East|West|Island|Islands|City|Town|Valley|Coast|Arena|Stadium|Park|Day|Week|"
    r"Festival|Fair|Expo|Street|Road|Airport|Station)$"
)


_SCHOOL_END = re.compile(r"\b(?:University|College|School|Academy|Institute|Polytechnic)$")
# After an introduction: the caller is not (or no longer) staff there.
_NOT_STAFF = re.compile(r"(?i)\b(?:I was|used to|let me go|laid off|I left|no longer|not any ?more|actually|"
                        r"patient|student|customer|client|visitor|guest|parent|applicant|lobby|car park|"
                        r"no one by that name|practice|script|joke)\b")


def _still_there(evidence: str, end: int) -> bool:
    """Nothing in the rest of the message says the caller is not (or no longer) staff."""
    return _NOT_STAFF.search(evidence, end, end + 160) is None


def _org(hit: re.Match[str]) -> str:
    return hit.group("org").rstrip(".")  # a name's own dots stay inside ("S.A."), not a full stop


def affiliation_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each introduction, bracketed employer and stated home."""
    out: list[tuple[int, int, str]] = []
    for hit in _INTRO.finditer(evidence):
        lead = re.findall(r"[\w'’]+", evidence[hit.start() : hit.start("intro")])
        # "Ana said today, this is Bo from ...": a report (a verb of saying, or any past form)
        # before the introduction, not a greeting
        if any(is_verb_like(w) or w.casefold().endswith("ed") or SAYING.fullmatch(w) for w in lead):
            continue  # "Ana said today, this is Bo from ...": a report, not a greeting before it
        who = [m for m in mentions(evidence, hit.start("who"), hit.end("who")) if not m.possessive]
        whole = len(who) == 1 and (who[0].start, who[0].end) == (hit.start("who"), hit.end("who"))
        if whole and _org_ok(hit.group("org")) and _still_there(evidence, hit.end()):
            out.append((hit.start("intro"), hit.end(), f"{who[0].name} works at {_org(hit)}"))
    for hit in _CALLING.finditer(evidence):
        who = [m for m in mentions(evidence, hit.start("who"), hit.end("who")) if not m.possessive]
        if len(who) == 1 and _org_ok(hit.group("org")) and _still_there(evidence, hit.end()):
            name = who[0].name
            out.append((hit.start("who"), hit.end(), f"{name}: {name} works at {_org(hit)}"))
    for a, b in sentences(evidence):
        out += _bracketed(evidence, a, b)
        sentence = evidence[a:b]
        for hit in _BASED.finditer(sentence):
            home = _home_of(sentence, hit.start(), hit.end(), hit.group("town"))
            if home is not None:
                out.append((a, b, f"{sentence.rstrip(' .')}; {home}."))
        for hit in _APPOSED.finditer(sentence):
            noun = hit.group("noun").split()[-1].casefold()
            if (hit.start() == 0 or _FORMER.search(hit.group(0)) or noun not in ORG_NOUNS
                    or _MOVED_ON.search(sentence)):
                continue  # "a Neiafu native", "a Harvard graduate": not a firm's home
            owner = [m for m in mentions(sentence, 0, hit.start()) if m.end == hit.start()]
            if owner and not owner[-1].possessive:
                based = f"{owner[-1].name} is based in {hit.group('town')}"
                out.append((a, b, f"{sentence.rstrip(' .')}; {based}."))
    return out


def _bracketed(evidence: str, a: int, b: int) -> list[tuple[int, int, str]]:
    """The sentence ``evidence[a:b]`` with what its bracketed employers say after it."""
    said_all: list[str] = []
    for hit in _BRACKET.finditer(evidence, a, b):
        person = _person_before(evidence, hit.start())
        if person is None:
            continue
        line = evidence.rfind("\n", 0, hit.start()) + 1
        lead = evidence[line : hit.start()][: -len(person)].strip()
        if not _PERSON_LABEL.fullmatch(lead):
            continue  # only a ticket's or message's person field ("Reported by: ...")
        inner = hit.group("inner").strip()
        if (re.fullmatch(_ORG, inner) is None or not _org_ok(inner) or _FORMER.search(inner)
                or any(ch.isdigit() for ch in inner)):
            continue  # "(Moana Freight customer)", "(customer, Moana Freight)", "(Neiafu)"
        said_all.append(f"{person} works at {inner}")
    if not said_all:
        return []
    sentence = evidence[a:b].rstrip(" .")
    return [(a, b, f"{sentence}. {said}.") for said in said_all]


def _home_of(sentence: str, start: int, end: int, town: str) -> str | None:
    """"<X> is based in <town>" for the name a "<town>-based" modifier describes: the
    subject of "X is a <town>-based ...", the name after "<town>-based <noun>", or the
    name before ", a <town>-based ..."."""
    if _FORMER.search(sentence[max(0, start - 12) : start]):
        return None
    before = sentence[:start]
    if _MOVED_ON.search(sentence):
        return None  # "... until it moved to Auckland", "now in Jakarta"
    lead = re.search(r"(?:\bis|,)[ \t]+(?:a|an|the)[ \t]+$", before)
    if lead is not None:
        owner = [m for m in mentions(sentence, 0, lead.start()) if not m.possessive]
        noun_phrase = re.match(r"(?:[ \t]+[a-z][\w-]*){1,3}", sentence[end:])
        after_phrase = end + noun_phrase.end() if noun_phrase is not None else end
        if noun_phrase is not None and sentence[after_phrase : after_phrase + 1] in ("'", "’"):
            return None  # "a Neiafu-based band's manager"
        if owner and sentence[owner[-1].end : lead.start()].strip(" ,") == "":
            return f"{owner[-1].name} is based in {town}"
        return None
    after = [m for m in mentions(sentence, end, len(sentence)) if not m.possessive]
    gap = sentence[end : after[0].start] if after else ""
    if after and re.fullmatch(r"(?:[ \t]+[a-z][\w'’-]*){1,2}[ \t]+", gap) and not any(
        is_verb_like(w) for w in gap.split()
    ):
        return f"{after[0].name} is based in {town}"  # "Larnaca-based firm Xylotymbou Foods"
    return None


_MOVED_ON = re.compile(r"(?i)\b(?:moved|relocated|now in|now based|until|formerly|no longer)\b")
