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


def degree_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each degree line of a one-person profile."""
    out: list[tuple[int, int, str]] = []
    for hit in _DEGREE.finditer(evidence):
        newline = evidence.rfind("\n", 0, hit.start())
        line_start = evidence.rfind("\n", 0, newline) + 1 if newline >= 0 else 0
        lead = next((m for m in mentions(evidence, line_start, hit.start()) if not m.possessive), None)
        if lead is None or evidence[line_start : lead.start].strip(" \t-*•") or not PROFILE_AFTER.match(
            evidence, lead.end
        ):
            continue  # not a profile's lead name ("Ona met Austėja. MSc, ..."): whose degree is unsaid
        person = lead.name
        field = hit.group("field").strip() or DEGREES[hit.group("degree")]
        school = hit.group("school").strip()
        said = f"{person} studied {field} at {school}" if field else f"{person} studied at {school}"
        out.append((hit.start(), hit.end(), said))
    return out
