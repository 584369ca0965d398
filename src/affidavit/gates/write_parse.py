"""Shallow, deterministic parsing for the write gate: subjects, voice and roles.

No tagger: a clause is split at its first verb-like word; a passive ("was
acquired by X") moves the by-phrase to the agent side. Good enough to tell who
did what to whom in the one-clause sentences agents quote, and it fails towards
refusing.
"""

from __future__ import annotations

import re

import msgspec

from affidavit.text.lemmas import _IRREGULAR, lemma
from affidavit.text.memo import memo
from affidavit.text.names import find_names
from affidavit.text.wordlists import NOT_NAMES, NUMBER_WORDS

AUX = frozenset(
    {"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does",
     "did", "will", "would", "may", "might", "can", "could", "should", "must", "shall", "am"}
)  # fmt: skip
_FRONTED = frozenset(
    {"after", "before", "in", "on", "with", "since", "when", "while", "following", "during",
     "despite", "although", "though", "because", "as", "by", "at", "once", "for", "last",
     "this", "according", "until", "earlier", "later", "from", "under", "having"}
)  # fmt: skip
PRONOUNS = frozenset({"he", "she", "it", "they", "his", "her", "its", "their", "him", "them"})
# A passive: "was acquired by", "is reportedly owned by", and with a verb particle
# "was taken over by", "was set up by".
# A short phrase may stand between the participle and "by": "was sold to X by Y",
# "was appointed as chief officer by Y" (no comma, at most five words).
_PASSIVE = re.compile(
    # ... or a reduced relative after a comma or dash: "..., supervised by Prof. X".
    r"(?:\b(?:is|are|was|were|been|being|be|get|got|gets)\s+(?:\w+ly\s+)?|(?<=[,—–])\s+(?=\w+(?:ed|en)\b))(\w+)"
    r"(?:\s+(?:over|up|out|off|down|on|back|away|in))?"
    r"(?:\s+\d+[-–:]\d+)?"  # a score: "were beaten 3-1 by"
    r"(?:\s+(?:to|as|for|with|from|into)(?:\s+(?!by\b)[\w'’\-]+){1,4})?"
    # a time or place between: "was founded in 1921 by", "was built in Leeds by", "on 3 May
    # 1998 by": figures and capitalised words only ("born in the house built by X" is no
    # passive of "born")
    r"(?:\s+(?:in|on|at|during)(?:\s+the)?(?:\s+(?:\d[\w,.\-]*|(?-i:[A-ZÀ-ÞĀ-Ž])[\w'’\-]*)){1,3})?"
    r"\s+by\b",
    re.I,
)
_WORD = re.compile(r"[\w'’\-]+")


def _passive_search(text: str, start: int, stop: int) -> re.Match[str] | None:
    """``_PASSIVE.search`` over ``text[start:stop]``, skipped when no "by" is there.

    The pattern opens with ``\\b``, so the regex engine tries it at every offset
    (~80 ns a character); a passive needs the word "by", and most sentences have
    none. Only "B"/"b" and "Y"/"y" lower-case to, or match case-insensitively, "b"
    and "y", so the substring test never skips a match.
    """
    if "by" not in text[start:stop].lower():
        return None
    return _PASSIVE.search(text, start, stop)


class Mention(msgspec.Struct, frozen=True):
    name: str
    start: int
    end: int
    possessive: bool


class Clause(msgspec.Struct, frozen=True):
    """Who does what in one sentence, positions as str offsets into the text."""

    agents: tuple[str, ...]
    patients: tuple[str, ...]
    verb: str | None  # lemma of the main verb (the participle for a passive)
    passive: bool


def mentions(text: str, start: int = 0, end: int | None = None) -> list[Mention]:
    """Name mentions inside ``text[start:end]`` with offsets into ``text``."""
    return list(_mentions(text, start, len(text) if end is None else end))


@memo(maxsize=256)
def _mentions(text: str, start: int, stop: int) -> tuple[Mention, ...]:
    # Cached: one decision asks for the claim's and the chosen sentence's mentions
    # from the subject finder, the parser and several checks. A tuple of frozen
    # structs, copied into a list per call, so no caller can alter another's. Small:
    # a key may hold a whole evidence (up to 200 KB), and one decision uses a handful
    # of keys; 256 bounds what it keeps alive as ``evidence_view``'s cache does.
    return tuple(
        Mention(
            name, start + a, start + b,
            text[start + b : start + b + 1] in ("'", "’") and not _contracted(text, start + b),
        )
        for name, a, b in find_names(text[start:stop])
    )  # fmt: skip


# "Ana’s been made lead", "Ana's moved to Oslo", "Ana's not coming": after the name,
# "'s" is "has" or "is" when a verb form (or "not", "just", ...) follows, not a possessive.
# An -ing word may be a noun's modifier ("Ana's leaving party"): it stays a possessive.
_CONTRACTED = re.compile(
    # "Lyimo's in Arusha", "Ada's off sick": "is" before a preposition or state word.
    # ("Siri's leaving party": an -ing word may open a noun, so none is listed).
    r"['’]s\s+(?:(?:in|on|at|off|out|back|away|home|here|there|due|sick|ill|late|busy)\b(?![-'’])|"
    r"been|got|gotten|gone|had|done|not|never|just|already|still|always|also|"
    r"[a-z]{3,}ed\b(?=\s+(?:to|at|in|on|from|for|as|by|the|a|an|her|his|their|our)\b))\b"
)


def _contracted(text: str, at: int) -> bool:
    return _CONTRACTED.match(text, at) is not None


@memo(maxsize=65536)
def is_verb_like(word: str) -> bool:
    """A rough finite-verb test used only to find where a clause's predicate starts."""
    low = word.casefold()
    if low in AUX or low in _IRREGULAR and _IRREGULAR[low] != low:
        return True
    if len(low) > 3 and low.endswith("ed"):
        return True
    return len(low) > 3 and low.endswith("s") and not low.endswith("ss") and lemma(low) != low


_NOT_VERBS = frozenset(
    {"a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "from", "with", "and", "or",
     "nor", "but", "as", "who", "whom", "whose", "which", "that", "not", "both", "either",
     "himself", "herself", "itself", "themselves", "also", "then", "too", "alone", "said"}
)  # fmt: skip


def unlisted_verb(word: str) -> bool:
    """A lower-case content word right after a subject name: a verb no list knows."""
    low = word.casefold()
    return (
        word[:1].islower()
        and word.isalpha()
        and low not in _NOT_VERBS
        and low not in AUX
        and not low.endswith("ly")
    )


# What may open an action item's line before its doer: "Action:", "- ", "2.", "(a)".
_ITEM_LEAD = re.compile(r"(?:[\w ]{0,20}:|[-*•]|\d{1,2}[.)]|\([a-z0-9]\))")


def main_start(text: str, start: int, end: int) -> int:
    """Offset where the main clause begins, skipping a fronted adverbial clause."""
    first = _WORD.search(text, start, end)
    if first and first.group(0).casefold() in _FRONTED:
        comma = text.find(",", start, end)
        if comma != -1:
            return comma + 1
    return start


@memo(maxsize=4096)
def analyse(text: str, start: int = 0, end: int | None = None) -> Clause:
    """Agents, patients and main verb of the sentence ``text[start:end]`` (cached: the
    claim is analysed by the subject finder, the shaper and the role check)."""
    stop = len(text) if end is None else end
    begin = main_start(text, start, stop)
    found = mentions(text, begin, stop)
    passive = _passive_search(text, begin, stop)
    if passive:
        by_end = passive.end()
        verb = lemma(passive.group(1))
        # The by-phrase names the agent; a name after it ("by X in Y") is no second one.
        agents = tuple(m.name for m in found if m.start >= by_end)
        patients = tuple(m.name for m in found if m.end <= by_end - 2)  # a recipient too
        return Clause(agents[:1] + _coordinated(text, found, agents), patients, verb, True)
    # Active: the predicate starts at the first verb-like word after the first name
    # (or after the start, when the subject is a common noun phrase).
    anchor = found[0].end if found and found[0].start - begin < 40 else begin
    verb_at = None
    for m in _WORD.finditer(text, anchor, stop):
        if m.group(0)[:1].islower() and is_verb_like(m.group(0)):
            verb_at = m
            break
    # Only for a subject that opens the clause ("The X Lions beat ..."), not a name
    # inside a longer noun phrase ("the engineer who designed the X footbridge").
    lead = text[begin : found[0].start].strip().casefold() if found else "-"
    if (
        found
        and (lead in ("", "the") or _ITEM_LEAD.fullmatch(lead))
        and anchor == found[0].end
        and (verb_at is None or any(anchor < n.start < verb_at.start() for n in found))
    ):
        # "X beat Y", "X lent Y": a verb no list knows, right after the subject name
        # (the first listed verb-like word is missing or comes after the next name).
        nxt = _WORD.match(text, anchor + 1) if text[anchor : anchor + 1] == " " else None
        if nxt is not None and nxt.group(0) == "to":
            # "Action: Velu to brief Revathi", "Ryanair to cut 300 jobs": the infinitive is the verb.
            nxt = _WORD.match(text, nxt.end() + 1) if text[nxt.end() : nxt.end() + 1] == " " else None
        if nxt is not None and unlisted_verb(nxt.group(0)):
            verb_at = nxt
    if verb_at is None:
        return Clause((), tuple(m.name for m in found), None, False)
    agents = tuple(m.name for m in found if m.end <= verb_at.start() and not m.possessive)
    patients = tuple(m.name for m in found if m.start >= verb_at.end())
    verb_word = verb_at.group(0)
    if verb_word.casefold() in AUX:
        nxt = _WORD.search(text, verb_at.end(), stop)
        if nxt and nxt.group(0) == "to":  # "is to brief", "has to sign": the infinitive
            nxt = _WORD.search(text, nxt.end(), stop)
        if nxt and nxt.group(0)[:1].islower() and nxt.group(0).casefold() not in ("a", "an", "the"):
            verb_word = nxt.group(0)
    return Clause(agents, patients, lemma(verb_word), False)


def _coordinated(text: str, found: list[Mention], agents: tuple[str, ...]) -> tuple[str, ...]:
    """Agents joined by "and" to the first one ("by X and Y")."""
    out: list[str] = []
    for prev, cur in zip(found, found[1:], strict=False):
        if prev.name in agents[:1] + tuple(out) and text[prev.end : cur.start].strip() == "and":
            out.append(cur.name)
    return tuple(out)


def claim_subject(claim: str) -> tuple[str | None, list[Mention]]:
    """The claim's subject name and every name it mentions (subject first)."""
    found = mentions(claim)
    opener = _capitalised_doer(claim, found)
    if opener is not None:
        found = [opener, *found]  # "Kim lives in Oslo.": Kim, though "kim" is also a word
    if not found:
        first = _WORD.search(claim)
        if (
            first
            and first.group(0)[:1].isupper()
            and first.group(0).casefold()
            not in ("the", "a", "an", "he", "she", "it", "they", "this", "that", "some", "all", "most")
        ):
            word = first.group(0)
            found = [Mention(word, first.start(), first.start() + len(word), False)]
    if not found:
        return None, []
    clause = analyse(claim)
    begin = main_start(claim, 0, len(claim))
    subject: Mention | None = None
    if clause.passive and not any(m.start >= begin and m.end <= _passive_at(claim) for m in found):
        subject = next((m for m in found if m.name in clause.agents), None)
    if subject is None:
        subject = next((m for m in found if m.start >= begin), found[0])
    ordered = [subject] + [m for m in found if m is not subject]
    return subject.name, ordered


_FINITE_AFTER = frozenset({"is", "was", "has", "had", "does", "did", "will", "can", "would", "should",
                           "could", "may", "might", "must"})


_PLURAL_SUBJECT_VERBS = frozenset({"are", "were", "have", "had", "do", "did", "will", "would", "can"})


def _capitalised_doer(claim: str, found: list[Mention]) -> Mention | None:
    """The claim's capitalised first word as a name when a finite verb follows it ("Kim
    lives in Oslo", "Rose teaches in Leeds"): the name finder leaves a sentence-initial
    word that is also an English word alone, but a claim names its subject there."""
    first = _WORD.match(claim.lstrip())
    if first is None:
        return None
    word, start = first.group(0), len(claim) - len(claim.lstrip())
    low = word.casefold()
    if not word[:1].isupper() or any(m.start == start for m in found):
        return None
    plural = low.endswith("s") and lemma(low) != low
    number = all(part in NUMBER_WORDS for part in low.split("-"))  # "Forty-one members ..."
    if low in NOT_NAMES or number or low in PRONOUNS or plural:
        return None  # "The ...", "Twenty ...", "Doctors recommend ..."
    nxt = _WORD.match(claim, start + len(word) + 1)
    if nxt is None or claim[start + len(word) : nxt.start()] != " ":
        return None
    verb = nxt.group(0)
    after = _WORD.match(claim, nxt.end() + 1)
    if after is not None and verb.endswith("s") and after.group(0) in _PLURAL_SUBJECT_VERBS:
        return None  # "Blood tests were ordered ...": a plural noun and its verb, not "Kim lives"
    inflected = verb[:1].islower() and is_verb_like(verb) and verb.endswith(("s", "ed"))
    finite = verb in _FINITE_AFTER or inflected
    return Mention(word, start, start + len(word), False) if finite else None


def _passive_at(text: str) -> int:
    m = _passive_search(text, 0, len(text))
    return m.start() if m else len(text)
