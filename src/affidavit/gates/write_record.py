"""A record's later lines read as statements about the person the record is of.

Clinic notes, HR files and support tickets name their person once, in a field ("Patient:
Kulu Abubakar, 34.", "Customer: Elina Mäenpää", "HR file: Caterina Melis, warehouse."), and
then write about them without naming them again: "Headache for 3 days.", "Customer claims
she was charged twice ...", "Can now walk 2 km without a stick.", "Fit for light duties for
two weeks". ``record_readings`` gives, for each such later sentence, the sentence with the
record's person put in as its subject, for a second reading by the gate; the reading runs
from the field that names the person, so the receipt covers both.

Only a record of one person: the field's label ends in a word for the person a record is
kept on (patient, customer, employee, ...) or for the record itself (file, record, note,
referral), the field holds that one name, and no later sentence that is read names anyone
else. A sentence under another label ("Plan: ...", "Agent note: ...") is the record's own
voice about something else and is left as it is. A subject the sentence already has (a
pronoun, a name, a noun phrase before its verb) is not replaced, except the words for the
record's person ("Customer claims ...", "The patient reports ...").
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import AUX, mentions
from affidavit.text.lemmas import lemma
from affidavit.text.sentences import sentences

# The person a record is kept on, or the record itself, as its field's label ends.
_PERSON_WORDS = (
    r"patient|pt|customer|client|employee|staff member|candidate|applicant|student|pupil|tenant|"
    r"resident|member|caller|claimant|passenger|guest|worker"
)
_FIELD = re.compile(
    r"(?:^|(?<=[\s.]))(?P<label>(?:[A-Za-z][\w\-]*[ \t]+){0,3}?(?i:" + _PERSON_WORDS
    + r"|file|record|note|notes|referral|review|profile))[ \t]*:[ \t]*",
)
_GENERIC = re.compile(r"^(?:(?i:the)[ \t]+)?(?i:" + _PERSON_WORDS + r")\b(?![\-'’])[ \t]*", re.I)
_LABELLED = re.compile(r"^[A-Z][\w\- ]{0,25}:")
_WORD = re.compile(r"[^\W\d_][\w'’\-]*")


def _finite(word: str) -> bool:
    low = word.casefold()
    return low in AUX or (len(low) > 3 and low.endswith("ed")) or (
        len(low) > 3 and low.endswith("s") and not low.endswith("ss") and lemma(low) != low
    )


def _subjectless(sentence: str) -> str | None:
    """How to read ``sentence`` with the record's person as subject: "verb" ("Presents
    with ...", "Can now walk ..."), "fragment" (no verb: "Headache for 3 days"), or None
    (it has a subject of its own, or opens with a name)."""
    words = _WORD.findall(sentence)
    if not words or words[0].casefold() in ("i", "we", "he", "she", "they", "it", "you", "this", "there"):
        return None
    if _finite(words[0]):
        return "verb"
    # After the first word "-s" is mostly a plural ("for 3 days", "light duties").
    if any(w.casefold() in AUX or (len(w) > 3 and w.endswith("ed")) for w in words[1:]):
        return None  # "the router ... keeps dropping": a subject of its own before the verb
    return "fragment"


def _field(evidence: str) -> re.Match[str] | None:
    """The field that names the record's person: a label ("Patient: ..."), or a sentence
    that is the person's name and age alone ("Doris Galea, 64.", "Pt Ezinne Onwuka, 58.")."""
    field = _FIELD.search(evidence)
    if field is not None:
        return field
    for a, b in sentences(evidence):
        lead = _AGE_LEAD.match(evidence, a, b)
        named = mentions(evidence, lead.end(), b) if lead is not None else []
        if lead is not None and named and named[0].start == lead.end() and (
            _AGE_AFTER.fullmatch(evidence, named[0].end, b)
        ):
            return lead
    return None


# "Doris Galea, 64.", "Pt Ezinne Onwuka, 58.", "Sione Matagi (54M)": a name and an age.
_AGE_LEAD = re.compile(r"[ \t]*(?:(?i:pt|patient)\.?[ \t]+)?")
_AGE_AFTER = re.compile(
    r"[ \t]*(?:,[ \t]*|\([ \t]*)\d{1,3}[ \t]*(?:[MFmf]|yo|y/o|years? old)?[ \t]*\)?[ \t]*[.,]?[ \t]*"
)


def _person_field(evidence: str) -> tuple[re.Match[str], tuple[int, int], str] | None:
    """The field naming a one-person record's person, its sentence, and the name."""
    field = _field(evidence)
    if field is None:
        return None
    own = next(((a, b) for a, b in sentences(evidence) if a <= field.start() < b), None)
    if own is None:
        return None
    named = mentions(evidence, field.end(), own[1])
    if len(named) != 1 or named[0].start != field.end() or named[0].possessive:
        return None
    return field, own, named[0].name


def record_person(evidence: str) -> str | None:
    """The person a one-person record is kept on ("Patient: Kulu Abubakar, 34."), if any."""
    found = _person_field(evidence)
    return None if found is None else found[2]


def record_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each later sentence of a one-person record."""
    found = _person_field(evidence)
    if found is None:
        return []
    field, own, person = found
    spans = sentences(evidence)
    out: list[tuple[int, int, str]] = []
    for a, b in spans:
        if a < own[1]:
            continue
        sentence = evidence[a:b]
        if _LABELLED.match(sentence) or mentions(evidence, a, b) and not _GENERIC.match(sentence):
            continue  # another field ("Plan: ..."), or a sentence about someone named
        generic = _GENERIC.match(sentence)
        lead = evidence[field.start() : a]
        if generic is not None:
            rest = sentence[generic.end() :]
            if not rest or mentions(evidence, a + generic.end(), b):
                continue
            out.append((field.start(), b, f"{lead}{person} {rest}"))
            continue
        how = _subjectless(sentence)
        if how is None:
            continue
        low = sentence[:1].lower() + sentence[1:]
        if how == "verb":
            out.append((field.start(), b, f"{lead}{person} {low}"))
        else:
            out += [(field.start(), b, f"{lead}{person} {verb} {low}") for verb in ("has", "is")]
    return out[:12]
