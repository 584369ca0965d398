"""A CV's degree line read as the sentence it stands for.

"BEng Industrial Engineering, University of Deusto (2012–2016)" in Nerea Arrizabalaga's
profile says that she studied industrial engineering at the University of Deusto, from 2012
to 2016; "BPharm, Osun Bell University (2011)" says she studied pharmacy there.
``degree_readings`` gives those sentences for a second reading by the gate.

The degrees are the standard abbreviations of academic degrees (a closed set of the
language, like the ISO currency codes), each with the field it names when the line gives
none. The person is the profile's: the name that opens the degree's line or the line
before it and is set off as a profile's lead ("Nerea Arrizabalaga — ...", "Karthik
Subramanian, ..."); a sentence ("Ona met Austėja. MSc, ...") says nothing of whose it is.
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import mentions
from affidavit.text.sentences import sentences

# Degree -> the field it names alone ("" when it names none: "BA, University of York").
DEGREES: dict[str, str] = {
    "BA": "", "BSc": "", "BS": "", "MA": "", "MSc": "", "MS": "", "MPhil": "", "PhD": "", "DPhil": "",
    "BEng": "engineering", "MEng": "engineering", "BE": "engineering", "BTech": "technology",
    "MTech": "technology", "BPharm": "pharmacy", "MPharm": "pharmacy", "BVSc": "veterinary science",
    "DVM": "veterinary medicine", "LLB": "law", "LLM": "law", "MBA": "business administration",
    "BBA": "business administration", "BCom": "commerce", "MCom": "commerce", "BArch": "architecture",
    "MArch": "architecture", "BEd": "education", "MEd": "education", "BMus": "music", "MMus": "music",
    "BFA": "fine art", "MFA": "fine art", "BN": "nursing", "BSN": "nursing", "MBBS": "medicine",
    "MBChB": "medicine",
}  # fmt: skip
# The word that makes a name a school's, in the languages CVs are written in.
_SCHOOL_WORDS = (
    r"University|College|Institute|School|Academy|Polytechnic|Conservatory|Conservatoire|Universidade|"
    r"Universidad|Université|Universität|Universiteit|Università|Uniwersytet|Universitet|Hochschule|"
    r"Politecnico|Politécnica|Instituto|Institut|Escola|Escuela|École"
)
_DEGREE = re.compile(
    r"(?<![\w.])(?P<degree>" + "|".join(sorted(map(re.escape, DEGREES), key=len, reverse=True)) + r")\.?"
    r"(?:[ \t]+(?:\(Hons\)|Hons\.?|in|of))?"
    r"(?P<field>(?:[ \t]+[A-Z][\w'’-]*(?:[ \t]+(?:and|&)[ \t]+[A-Z][\w'’-]*)?){0,4})"
    r"[ \t]*,[ \t]*(?P<school>(?:[A-Z][^,;()\n]*?[ \t])?(?:" + _SCHOOL_WORDS + r")"
    r"(?:[ \t]+(?:of|de|do|dos|das|da|di|del|des|du|van|für)[ \t]+[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*)*)?)"
)


# After a profile's lead name: a dash, comma, colon or bar, then what the profile says.
PROFILE_AFTER = re.compile(r"[ \t]*(?:[—–|:,]|-[ \t])")
# A profile's heading: its first line opens with the name ("Ainhoa Urrutikoetxea — Software
# Engineer") or is the name alone as a sentence ("Elene Bolkvadze. Born in Dusheti, 1988.").
_HEADING_AFTER = re.compile(r"[ \t]*(?:[—–|:,]|-[ \t]|\.(?:[ \t]|$)|$)", re.M)
# A degree line under a profile's education label ("Education: BSc ...", "- MSc ...").
_EDUCATION_LINE = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?(?:(?i:education|qualifications|degrees?)[ \t]*:[ \t]*)?$"
)
# Prose: "graduated in nursing from Jimma University", "holds a BA in business from ..."
# ("read law at" is not read: "read her poems at Sela College" is no degree).
_SCHOOL_NAME = (r"(?P<school>(?:the[ \t]+)?(?:[A-Z][\w'’-]*[ \t]+){0,4}(?:" + _SCHOOL_WORDS + r")"
                r"(?:[ \t]+(?:of|de|do|da|di|del|des|du|für)[ \t]+[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*)*)?)")
# After the school: its possessive, or another school ("and Niu College", "via Niu College").
_SHARED_SCHOOL = re.compile(r"['’]|[ \t]+(?:(?:and|or)[ \t]+(?:the[ \t]+)?[A-Z]|via\b|through\b)")
_ROLE_BRACKET = re.compile(r"[ \t]*\([A-Z][\w.&-]*(?:[ \t]+[A-Z][\w.&-]*){0,3}\)")
_FIELD_WORDS = r"(?P<field>[A-Za-z][\w'’-]*(?:[ \t]+(?:and[ \t]+)?[A-Za-z][\w'’-]*){0,3}?)"
_PROSE = re.compile(
    r"\b(?:(?P<grad>graduated)(?:[ \t]+in[ \t]+" + _FIELD_WORDS.replace("field", "gfield") + r")?[ \t]+from"
    r"|(?:holds|has|earned|received|completed|gained|obtained)[ \t]+(?:a|an|her|his|their)[ \t]+"
    r"(?P<degree>" + "|".join(sorted(map(re.escape, DEGREES), key=len, reverse=True)) + r"|degree|doctorate|"
    r"bachelor'?s(?:[ \t]+degree)?|master'?s(?:[ \t]+degree)?)"
    r"(?:[ \t]+(?:in|of)[ \t]+" + _FIELD_WORDS + r")?[ \t]+from"
    r")[ \t]+" + _SCHOOL_NAME
)


def profile_person(evidence: str) -> str | None:
    """The profile's person: the name that opens its first line as a heading."""
    first = evidence.lstrip()
    at = len(evidence) - len(first)
    lead = next((m for m in mentions(evidence, at, min(len(evidence), at + 120)) if not m.possessive), None)
    if lead is None or lead.start != at or " " not in lead.name:
        return None
    if not _HEADING_AFTER.match(evidence, lead.end):
        return None
    return lead.name


def degree_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each degree line of a one-person profile, and each
    sentence that says its subject graduated from, holds a degree from or read a
    subject at a school."""
    out: list[tuple[int, int, str]] = []
    heading: list[str | None] = []
    for hit in _DEGREE.finditer(evidence):
        newline = evidence.rfind("\n", 0, hit.start())
        line_start = evidence.rfind("\n", 0, newline) + 1 if newline >= 0 else 0
        own_line = newline + 1
        named = [m for m in mentions(evidence, line_start, hit.start()) if not m.possessive]
        lead = next(iter(named), None)
        if any(m.start >= own_line for m in named) and (lead is None or lead.start < own_line):
            lead = None  # another name on the degree's own line ("References: Dr Iker Mendia, BSc")
        if lead is None or evidence[line_start : lead.start].strip(" \t-*•") or not PROFILE_AFTER.match(
            evidence, lead.end
        ):
            # Not after a lead name on its line: a degree line of the profile the first line
            # heads, when the line holds the degree alone (under its label, if any).
            if not heading:
                heading.append(profile_person(evidence))
            opens = max(own_line, evidence.rfind(". ", 0, hit.start()) + 2)  # its line or sentence
            if heading[0] is None or any(m.start >= opens for m in named) or not _EDUCATION_LINE.fullmatch(
                evidence, opens, hit.start()
            ) or not _under_education(evidence, opens, hit.end()):
                continue  # whose degree is unsaid ("Ona met Austėja. MSc, ...")
            out.append(_said(hit, heading[0]))
            continue
        out.append(_said(hit, lead.name))
    return out


def degree_prose_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each sentence whose opening name graduated from, or holds a
    degree from, a school (read only from plain sentences: see ``write._plain``)."""
    out: list[tuple[int, int, str]] = []
    for a, b in sentences(evidence):
        sentence = evidence[a:b]
        for hit in _PROSE.finditer(sentence):
            owner = [m for m in mentions(sentence, 0, hit.start()) if not m.possessive]
            if not owner or owner[0].start != len(sentence) - len(sentence.lstrip()):
                continue  # the sentence's subject is not a name that opens it
            # Only a short capitalised role may stand between ("Han Eun-ji (CFO) holds ..."),
            # not "(her son, rather)".
            between = _ROLE_BRACKET.sub("", sentence[owner[0].end : hit.start()]).strip(" ,")
            if between:
                continue  # "Ana Ruiz's son graduated from ...", "Ana Ruiz said Tom holds ..."
            field = hit.group("gfield") or hit.group("field") or ""
            if not field and hit.group("degree") in DEGREES:
                field = DEGREES[hit.group("degree")]
            school = hit.group("school")
            if _SHARED_SCHOOL.match(sentence, hit.end()):
                continue  # "from Sela University's chancellor", "from Sela University and Niu College"
            said = (f"{owner[0].name} studied {field} at {school}" if field
                    else f"{owner[0].name} studied at {school}")
            out.append((a, b, f"{sentence.rstrip(' .')}; {said}."))
    return out


# A label line ("References:", "Requirements:", "Education:") or a labelled line's label.
_LABEL_LINE = re.compile(r"(?m)^[ \t]*(?:[-*•][ \t]*)?(?P<label>[A-Za-z][A-Za-z &]{1,30}):")
_EDUCATION_LABEL = re.compile(r"(?i)^(?:education|qualifications|degrees?|academic)\b")
_NOT_HELD = re.compile(r"(?i)\b(?:applied|rejected|expected|planned|in progress|ongoing|incomplete|withdrawn|"
                       r"from 20\d\d|starting|candidate|pending|or (?:similar|equivalent))\b")


def _under_education(evidence: str, opens: int, end: int) -> bool:
    """A degree line away from the heading belongs to the profile's person only under its
    education label (the nearest label above it, or its own), and only as held: not
    "References:", "Requirements:", "Planned:", nor "(applied 2025, rejected)"."""
    line_end = evidence.find("\n", end)
    if _NOT_HELD.search(evidence, opens, len(evidence) if line_end < 0 else line_end):
        return False
    labels = [m for m in _LABEL_LINE.finditer(evidence, 0, end) if m.start() <= opens]
    if not labels:  # no label above: only on the heading's own line ("Elene Bolkvadze. Born ...")
        return "\n" not in evidence.lstrip()[: max(0, opens - (len(evidence) - len(evidence.lstrip())))]
    return _EDUCATION_LABEL.match(labels[-1].group("label")) is not None


def _said(hit: re.Match[str], person: str) -> tuple[int, int, str]:
    field = hit.group("field").strip() or DEGREES[hit.group("degree")]
    school = hit.group("school").strip()
    said = f"{person} studied {field} at {school}" if field else f"{person} studied at {school}"
    return hit.start(), hit.end(), said
