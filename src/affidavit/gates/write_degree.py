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
from typing import NamedTuple

from affidavit.gates.checks_qualified import UNHELD
from affidavit.gates.write_parse import mentions
from affidavit.text.lemmas import lemma
from affidavit.text.lexical import establishment_noun, organisation_noun
from affidavit.text.memo import memo
from affidavit.text.numbers import MONTH_WORD
from affidavit.text.sentences import sentences
from affidavit.text.wordlists import LEGAL_FORMS

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

_DEGREE_NAMES = "|".join(sorted(map(re.escape, DEGREES), key=len, reverse=True))
# A degree line under a profile's education label: the school is whatever capitalised name
# follows the comma (a school in its own language, "Mondragon Unibertsitatea"), or none
# ("MSc Aquaculture (2014)"); its line, not its words, says what it is.
_DEGREE_LINE = re.compile(
    r"(?<![\w.])(?P<degree>" + _DEGREE_NAMES + r")\.?"
    r"(?:[ \t]+(?:\(Hons\)|Hons\.?|in|of))?"
    r"(?P<field>(?:[ \t]+[A-Z][\w'’-]*(?:[ \t]+(?:and|&)[ \t]+[A-Z][\w'’-]*)?){0,4})"
    r"(?:[ \t]*(?:,|\()[ \t]*(?P<school>[^\W\d_][^,;()\n\d]*?))?"
    r"(?=[ \t]*(?:[,;()]|$))",
    re.M,
)
# The level of each degree, as a sentence names it ("a master's degree in ...").
_LEVELS = {"B": "bachelor's degree", "M": "master's degree", "L": "bachelor's degree"}
_LEVEL_OF = {"PhD": "doctorate", "DPhil": "doctorate", "LLM": "master's degree", "MBBS": "",
             "MBChB": "", "DVM": "", "MS": "master's degree", "MA": "master's degree"}


def _level(degree: str) -> str:
    return _LEVEL_OF.get(degree, _LEVELS.get(degree[:1], ""))

# After a profile's lead name: a dash, comma, colon or bar, then what the profile says.
PROFILE_AFTER = re.compile(r"[ \t]*(?:[—–|:,]|-[ \t])")
# A profile's heading: its first line opens with the name ("Ainhoa Urrutikoetxea — Software
# Engineer") or is the name alone as a sentence ("Elene Bolkvadze. Born in Dusheti, 1988.").
_HEADING_AFTER = re.compile(r"[ \t]*(?:[—–|:,]|-[ \t]|\.(?:[ \t]|$)|$)", re.M)
# A degree line under a profile's education label ("Education: BSc ...", "- MSc ...").
_EDUCATION_LINE = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?(?:(?i:education|qualifications|degrees?)[ \t]*:[ \t]*)?"
    r"(?:(?:19|20)\d\d(?:[ \t]*[–—-][ \t]*(?:19|20)\d\d)?[ \t]*:?[ \t]*)?$"
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


# What a profile calls itself before its person's name: the document's kind, not a name.
_DOCUMENT_KIND = re.compile(
    r"(?i:curriculum[ \t]+vitae|c\.?v\.?|r[ée]sum[ée]|profile|bio(?:graphy)?)"
    r"[ \t]*(?:[—–:|]|-[ \t]|(?=\n)|$)[ \t]*"
)


def heading_start(evidence: str) -> int:
    """Where the first line's name may start: past leading space and the document's kind
    ("CURRICULUM VITAE — Aqbota Serğazina"), which is no name."""
    at = len(evidence) - len(evidence.lstrip())
    kind = _DOCUMENT_KIND.match(evidence, at)
    if kind is None:
        return at
    # "CURRICULUM VITAE" alone on the first line: the name heads the next one.
    alone = re.match(r"[ \t]*\n[ \t]*", evidence[kind.end() :])
    return kind.end() + (alone.end() if alone else 0)


def profile_person(evidence: str) -> str | None:
    """The profile's person: the name that opens its first line as a heading."""
    at = heading_start(evidence)
    lead = next((m for m in mentions(evidence, at, min(len(evidence), at + 120)) if not m.possessive), None)
    if lead is None or lead.start != at or " " not in lead.name:
        return None
    if not _HEADING_AFTER.match(evidence, lead.end) or organisation(lead.name):
        return None
    return lead.name


# Legal forms of firms, written after their names (a closed set, like the degree abbreviations).
LEGAL_FORM = re.compile(
    r"\b(?:" + "|".join(sorted((re.escape(f) for f in LEGAL_FORMS), key=len, reverse=True))
    + r"|sp\.?[ \t]*z[ \t]*o\.?[ \t]*o)\.?(?!\w)"
)


def school(name: str) -> bool:
    """Whether a name is a school's ("Malinawtubig National High School", "Escola Nova")."""
    return re.search(r"\b(?:" + _SCHOOL_WORDS + r")\b", name) is not None


def organisation(name: str) -> bool:
    """Whether a heading's name is an organisation's: a legal form, a school's word, or a
    word the pinned lexicon calls an organisation or an establishment ("Logistics" is not,
    "Bank", "Council", "Ministry" are)."""
    if LEGAL_FORM.search(name) or school(name):
        return True
    return any(organisation_noun(lemma(w.casefold())) or establishment_noun(lemma(w.casefold()))
               for w in name.split() if w[:1].isupper())


# The sections and fields a CV is made of. A profile's heading names whose each line below
# it is only down a run of these (and of job and degree lines): any other heading or line
# ("References", "Family", "Upcoming", "Hi all, sharing the CV of ...", a second "CV — ...")
# may begin someone else's, or something not held.
_CV_SECTIONS = frozenset({
    "experience", "work experience", "professional experience", "relevant experience", "employment",
    "employment history", "work history", "career", "career history", "education", "qualifications",
    "academic qualifications", "degrees", "languages", "language skills", "skills", "key skills",
    "profile", "summary", "profile summary", "certifications", "contact", "contact details",
    "personal details", "interests", "hobbies", "awards", "honours", "honors", "publications", "projects",
    "memberships", "volunteering", "training",
})  # fmt: skip
_CV_FIELDS = _CV_SECTIONS | frozenset({
    "driving licence", "driving license", "licence", "license", "email", "e-mail", "phone", "tel", "mobile",
    "address", "location", "nationality", "date of birth", "born", "linkedin", "website", "languages spoken",
    "personal",
})  # fmt: skip
_RANGE_OPENS = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?(?:(?i:" + MONTH_WORD + r")\.?[ \t]+)?"
    r"(?:19|20)\d\d\b"
)
_FIELD_LABEL = re.compile(r"[ \t]*(?:[-*•][ \t]*)?(?P<label>[^\W\d_][\w &'’-]{0,30}?)[ \t]*:")


def profile_line(line: str) -> bool:
    """A line a profile is made of: blank, a CV section's heading or field, a job or degree
    line (opening with its years or its degree)."""
    bare = line.strip().strip("-*• \t")
    if not bare:
        return True
    if bare.rstrip(":").strip().casefold() in _CV_SECTIONS:
        return True
    field = _FIELD_LABEL.match(line)
    if field is not None:
        return field.group("label").strip().casefold() in _CV_FIELDS
    if _BORN_LINE.match(bare):
        return True  # "Born 1988 in Kodrëmollë, Albania": the birth field without its colon
    return _RANGE_OPENS.match(line) is not None or _STUDY_OPENS.match(bare) is not None


_BORN_LINE = re.compile(r"(?i:born)[ \t]+(?:(?:on|in)[ \t]+)?(?:\d|[A-ZÀ-ÞĀ-Ž])")


# A heading alone on its line: a few words, no colon, no digit ("References", "Other applicant").
_HEADING_ALONE = re.compile(r"[ \t]*#*[ \t]*[^\W\d_][^\W\d_'’&-]*(?:[ \t]+[^\W\d_&'’-]+){0,4}[ \t]*")


def other_heading(line: str) -> bool:
    """Whether a line is a heading alone of some other section than a CV's own
    ("References", "Family", "Other applicant"): what stands under it is not the profile's."""
    return _HEADING_ALONE.fullmatch(line) is not None and line.strip(" \t#").casefold() not in _CV_SECTIONS


def next_line_of_profile(evidence: str, at: int) -> bool:
    """Whether the line after the one at ``at`` (if any) is one a profile is made of, not
    a note that may take this one back ("  (transferred out after second year)")."""
    end = evidence.find("\n", at)
    if end < 0:
        return True
    following = evidence.find("\n", end + 1)
    line = evidence[end + 1 : len(evidence) if following < 0 else following]
    bare = line.lstrip()
    continues = line[:1] in (" ", "\t") or bare[:1] in ("(", "[") or bare[:1].islower() or (
        bare[:5].casefold() == "note:"
    )
    return profile_line(line) or not (bare and continues)


class _Layout(NamedTuple):
    """What the profile readers ask of a whole evidence's lines, read once per evidence
    (each job or degree line asks it again: read per line, a long CV cost its square)."""

    profile_end: int  # where the heading's run of profile lines stops (past the end: never)
    # (start, case-folded text) of each line below the heading that no profile is made of
    notes: tuple[tuple[int, str], ...]
    labels: tuple[tuple[int, str, bool], ...]  # (start, label, has a colon) of each label line
    latest_start: str  # the latest year a range starts ("" when none)


@memo(maxsize=256)
def _layout(evidence: str) -> _Layout:
    first_end = evidence.find("\n")
    profile_end = len(evidence) + 1
    notes: list[tuple[int, str]] = []
    at = first_end + 1 if first_end >= 0 else len(evidence) + 1
    subtitle = True  # the line right under the heading may name the person's trade ("Electrician")
    while at <= len(evidence):
        end = evidence.find("\n", at)
        end = len(evidence) if end < 0 else end
        line = evidence[at:end]
        if subtitle and _HEADING_ALONE.fullmatch(line):
            pass
        elif not profile_line(line):
            notes.append((at, line.casefold()))
            profile_end = min(profile_end, at)
        subtitle = False
        at = end + 1
    labels = tuple((m.start(), m.group("label"), m.group(0).endswith(":"))
                   for m in _LABEL_LINE.finditer(evidence))
    latest = max((m.group("y1") for m in _ANY_START.finditer(evidence)), default="")
    return _Layout(profile_end, tuple(notes), labels, latest)


def in_profile(evidence: str, at: int) -> bool:
    """Whether offset ``at`` is on the profile the first line heads: on that line, or below
    it down a run of lines a profile is made of (see ``profile_line``)."""
    first_end = evidence.find("\n")
    if first_end < 0 or at <= first_end:
        return True
    return evidence.rfind("\n", 0, at) + 1 < _layout(evidence).profile_end


def notes_below(evidence: str, at: int) -> list[str]:
    """The lines after the one at ``at`` that no profile is made of, case-folded."""
    end = evidence.find("\n", at)
    if end < 0:
        return []
    return [text for start, text in _layout(evidence).notes if start > end]


def degree_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each degree line of a one-person profile: what its person
    studied and where, and, when the line does not leave it unfinished, the degree held."""
    out: list[tuple[int, int, str]] = []
    heading: list[str | None] = []
    taken: set[int] = set()
    for pattern in (_DEGREE, _DEGREE_LINE):
        for hit in pattern.finditer(evidence):
            if hit.start() in taken:
                continue
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
                # Its line, sentence or item ("PhD Soil Science, ... (2019); MSc Agronomy, ...").
                opens = max(own_line, evidence.rfind(". ", 0, hit.start()) + 2,
                            evidence.rfind("; ", 0, hit.start()) + 2)
                alone = _EDUCATION_LINE.fullmatch(evidence, opens, hit.start()) is not None and (
                    in_profile(evidence, hit.start())
                )
                if heading[0] is None or any(m.start >= opens for m in named) or not alone or not (
                    _under_education(evidence, opens, hit.end())
                ):
                    continue  # whose degree is unsaid ("Ona met Austėja. MSc, ...")
                taken.add(hit.start())
                out += _said(evidence, hit, heading[0], under_heading=True)
                continue
            if pattern is _DEGREE_LINE:
                continue  # a lead's own line names its school by the school's word
            taken.add(hit.start())
            out += _said(evidence, hit, lead.name)
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
# A section's heading on a line of its own counts as its label ("Education", "Experience").
_LABEL_LINE = re.compile(r"(?m)^[ \t]*(?:[-*•][ \t]*)?(?P<label>[A-Za-z][A-Za-z &]{1,30})(?::|[ \t]*$)")
_EDUCATION_LABEL = re.compile(
    r"(?i)(?:education|qualifications|academic[ \t]+qualifications|degrees?|academic)"
)
# A degree line's words that leave it not held: the shared ones, and a study's own.
_NOT_HELD = re.compile(
    r"(?i)\b(?:" + UNHELD + r"|ongoing|incomplete|uncompleted|unfinished|dropped out|enrolled|current(?:ly)?|"
    r"part[ -]way|from 20\d\d|starting|or (?:similar|equivalent))\b"
)


_STUDY_OPENS = re.compile(r"(?:" + _DEGREE_NAMES + r")\b")
_STUDY = re.compile(r"(?:" + _DEGREE_NAMES + r")\b|(?i:diploma|certificate|degree|course)\b")


def _labels_above(evidence: str, line_start: int) -> list[str]:
    """The labels of the label lines above the line at ``line_start``, and its own label
    ("Education: BSc ..."): a line alone without a colon is a heading only above, not the
    line itself."""
    return [label for start, label, colon in _layout(evidence).labels
            if start < line_start or (start == line_start and colon)]


def is_study(evidence: str, start: int, body: str) -> bool:
    """Whether a CV line's text at ``start`` is a course of study, not a job: it opens with
    a degree or a diploma, or a later field of it does, or it stands under the profile's
    education label."""
    if _STUDY.match(body) or any(_STUDY.match(field.strip()) for field in body.split(",")[1:]):
        return True  # "North-Eastern Federal University, degree in veterinary medicine"
    labels = _labels_above(evidence, evidence.rfind("\n", 0, start) + 1)
    return bool(labels) and _EDUCATION_LABEL.fullmatch(labels[-1].strip()) is not None


def _under_education(evidence: str, opens: int, end: int) -> bool:
    """A degree line away from the heading belongs to the profile's person only under its
    education label (the nearest label above it, or its own), and only as held: not
    "References:", "Requirements:", "Planned:", nor "(applied 2025, rejected)"."""
    line_end = evidence.find("\n", end)
    if _NOT_HELD.search(evidence, opens, len(evidence) if line_end < 0 else line_end):
        return False
    labels = _labels_above(evidence, opens)
    if not labels:  # no label above: only on the heading's own line ("Elene Bolkvadze. Born ...")
        return "\n" not in evidence.lstrip()[: max(0, opens - (len(evidence) - len(evidence.lstrip())))]
    return _EDUCATION_LABEL.fullmatch(labels[-1].strip()) is not None


# Before a degree on its line: its years ("2013–2017  BSc ...").
_YEARS_BEFORE = re.compile(r"(?:19|20)\d\d(?:[ \t]*[–—-][ \t]*(?:19|20)\d\d)?[ \t]*:?[ \t]*$")


# After the degree, all a plainly held degree's item says: its year or years ("(2014)",
# ", 2013", "(2012–2016)"). Anything else ("(abandoned)", "(exp. 2027)", "final year",
# "(place offered)") is not read as held, whatever it says: the list is open, the form is not.
_CLEAN_TAIL = re.compile(
    r"[ \t]*(?:,[ \t]*)?(?:\(?[ \t]*(?P<y1>(?:19|20)\d\d)(?:[ \t]*[–—-][ \t]*(?P<y2>(?:19|20)\d\d))?"
    r"[ \t]*\)?)?[ \t.]*"
)
_ANY_START = re.compile(r"(?<!\d)(?P<y1>(?:19|20)\d\d)[ \t]*[–—-]")


def _questioned_below(evidence: str, end: int, named: str) -> bool:
    """A later line, not one a profile is made of, that names the degree's school or field
    or says "degree" ("Background check: Haramaya University has no record of this
    degree"): what it says of the degree is not read, so no degree is read as held."""
    key = named.casefold()
    return any("degree" in low or "diploma" in low or (key and key in low)
               for low in notes_below(evidence, end))


def _closed(evidence: str, y2: str | None) -> bool:
    """A study range is over when something else in the profile starts that year or later
    (a later job or degree): "2013–2017  BSc ..." under "2017–2023  Assistant ..."."""
    return y2 is None or _layout(evidence).latest_start >= y2


def _said(evidence: str, hit: re.Match[str], person: str,
          under_heading: bool = False) -> list[tuple[int, int, str]]:
    """What the degree says: studied (the line's years stay beside it, as the evidence
    dates the study) and, for a degree the line does not leave unfinished, the degree held
    now (read over the whole item, its years with it: the degree is held, not studied, now).
    A line of several degrees is read only as the strict form reads it: a reading of one
    item beside the other would lend it the other's field or school."""
    degree = hit.group("degree")
    named = hit.group("field").strip()
    field = named or DEGREES[degree]
    school = (hit.group("school") or "").strip()
    school = school if school[:1].isupper() else ""  # "MSc, part-time": no school named
    line_start = evidence.rfind("\n", 0, hit.start()) + 1
    line_end = evidence.find("\n", hit.end())
    line_end = len(evidence) if line_end < 0 else line_end
    single = len(list(_DEGREE_LINE.finditer(evidence, line_start, line_end))) <= 1
    # Its item: up to the next ";" or sentence stop on its line ("MA in Viticulture, Ilia
    # State University. Head winemaker at ...").
    item_start = max(line_start, evidence.rfind(";", 0, hit.start()) + 1,
                     evidence.rfind(". ", 0, hit.start()) + 1)
    ends = [i for i in (line_end, evidence.find(";", hit.end()), evidence.find(". ", hit.end())) if i >= 0]
    item_end = min(ends)
    tail = _CLEAN_TAIL.fullmatch(evidence, hit.end(), item_end)
    years = _YEARS_BEFORE.search(evidence, item_start, hit.start())
    y2 = tail.group("y2") if tail is not None else None
    if y2 is None and years is not None:
        found = re.findall(r"(?:19|20)\d\d", years.group(0))
        y2 = found[1] if len(found) > 1 else None  # "2013–2017  BSc ...": the range before it
    if (hit.re is _DEGREE_LINE or under_heading) and (not single or tail is None or not next_line_of_profile(
        evidence, hit.end()
    )):
        return []  # "BSc Agronomy, Mendel University (abandoned after year 2)": not read at all
    at = f" at {school}" if school else ""
    studied = f"{person} studied {field}{at}" if field else f"{person} studied{at}" if at else ""
    out = [(hit.start(), hit.end(), studied)] if studied else []
    if not single or tail is None or not _closed(evidence, y2) or _NOT_HELD.search(
        evidence, item_start, item_end
    ) or _questioned_below(evidence, item_end, school or named):
        return out  # several degrees, a note after it, or a study not yet over: not a degree held
    start = years.start() if years is not None else hit.start()
    article = "an" if degree[:1] in "AEFHILMNORSX" else "a"
    source = f" from {school}" if school else ""
    held = [f"{person} holds {article} {degree}{f' in {named}' if named else ''}{source}"]
    level = _level(degree)
    if level and field:
        held.append(f"{person} has {'an' if level[:1] in 'aeiou' else 'a'} {level} in {field}{source}")
    return out + [(start, item_end, f"{said}.") for said in held]
