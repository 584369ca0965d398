"""Finding proper names in text: which runs of words are names, with their offsets.

The other half of name handling, ``text.names``, keys a found name and decides which
entity it can refer to; this module only reads surfaces. The rules:

* a mention is a run of capitalised tokens; lower-case particles join it ("Jan de
  Vries", "Omar al-Rashid"), a possessive ends it, punctuation breaks it ("Ms. Kim"
  does not);
* a month or auxiliary that is also a given name starts one when a name follows and
  no date or question reads instead ("May Chen joined" vs "in May 2019");
* a sentence-initial common word is a name when a version number follows
  ("Tessellate 3.2 adds") or the same text writes it capitalised mid-sentence;
* a firm joined by "&" (or "and" before a firm suffix) is one name.
"""

from __future__ import annotations

import re
from typing import Any

from affidavit.text.memo import memo
from affidavit.text.wordlists import (
    BEFORE_NUMBERS,
    DATE_CONTEXT,
    FIRM_SUFFIXES,
    JOINED_PARTICLES,
    MONTHS,
    NAME_WORDS,
    NOT_NAMES,
    NUMBER_WORDS,
    PARTICLES,
    ROLE_ABBREVIATIONS,
    TITLES,
)


def _simplemma() -> Any:
    """simplemma's English lemmatiser, on first use (``text.lemma_dict``: the same lemmas,
    its dictionary read through restart points instead of decoded whole)."""
    from affidavit.text.lemma_dict import english

    return english()

_PARTICLES = PARTICLES
_NOT_NAMES = NOT_NAMES
_NUMBER_WORDS = NUMBER_WORDS
_MONTHS = MONTHS
# Particles that join a person's name; "of" and "for" join institutions only
# ("University of Porto") and do not make a sentence-initial word a name.
_NAME_PARTICLES = PARTICLES - {"of", "for"}

# A token: letters (any script) with inner apostrophes, hyphens or dots.
_TOKEN = re.compile(r"[^\W\d_](?:[\w'’.\-]*[\w])?(?:['’]s?)?", re.UNICODE)
_SKIP_GAP = re.compile(r"[ ,]*")
_POSSESSIVE = re.compile(r"['’]s?$")


_OPENERS = frozenset(" \t\"'“‘(")
_ENDERS = frozenset(".!?;:")


def _sentence_initial(text: str, start: int) -> bool:
    """Whether ``start`` opens a sentence: only punctuation, quotes or a newline before it.

    Scans backwards from ``start`` (constant work per token) instead of copying the
    prefix: a per-token copy made long evidence quadratic.
    """
    i = start - 1
    while i >= 0 and text[i] in _OPENERS:
        i -= 1
    if i < 0:
        return True  # nothing but quotes and spaces before it
    newline = False
    while i >= 0 and text[i].isspace():
        newline = newline or text[i] == "\n"
        i -= 1
    if newline:
        return True
    if i >= 0 and text[i] == "." and _after_title(text, i):
        return False  # "Ms. Kim": the period closes an abbreviated title, not a sentence
    return i >= 0 and text[i] in _ENDERS


def _after_title(text: str, period: int) -> bool:
    """Whether the word ending just before ``text[period]`` (a '.') is a title."""
    j = period
    while j > 0 and text[j - 1].isalpha():
        j -= 1
    return text[j:period].casefold() in TITLES


@memo(maxsize=65536)
def _looks_common(word: str, alone: bool) -> bool:
    """A sentence-initial capitalised word that is probably a common noun or function word."""
    low = word.casefold()
    if low in _NOT_NAMES or low in _NUMBER_WORDS:
        return True
    if alone and _simplemma().is_known(low, lang="en"):
        return True  # "Medication review for ...": a known word standing alone
    parts = low.split("-")
    known = all(p and (p in _NOT_NAMES or _simplemma().is_known(p, lang="en")) for p in parts)
    if alone and len(parts) > 1 and known:
        return True  # "Return-to-work meeting held ...": known words joined by hyphens
    # Plural common nouns ("Doctors", "Regulators") lemmatise to something else; a word
    # followed by another capitalised word ("Marcus Lee") is read as a name instead.
    return (
        alone
        and low.endswith("s")
        and _simplemma().lemmatize(low, lang="en") != low
        and (_simplemma().is_known(low, lang="en"))
    )


def find_names(text: str) -> list[tuple[str, int, int]]:
    """Proper-name mentions in ``text`` as ``(surface, start, end)`` str offsets.

    A mention is a run of capitalised tokens (lower-case particles such as "of" or
    "de", and joined ones such as "al-", allowed inside); a possessive ends the run;
    sentence-initial function words and month names are not names, unless the month
    is a given name before a surname ("June Carter"); a firm joined by "&" is one name.
    """
    return list(_find_names(text))


_JOINED_ALT = "|".join(sorted(JOINED_PARTICLES))
_JOINED_PREFIX = rf"(?:(?:{_JOINED_ALT})-|d['’])"
_JOINED = re.compile(rf"{_JOINED_PREFIX}(?=[^\W\d_])")
_UP = rf"{_JOINED_PREFIX}?[^\W\d_a-z][\w'’.\-]*"
_PARTICLE_ALT = "|".join(sorted(_PARTICLES))
_NAME_PARTICLE_ALT = "|".join(sorted(_NAME_PARTICLES))
# Candidate regions: capitalised tokens joined by spaces, hyphens or particles. Only
# these are walked token by token, which keeps long evidence cheap.
# A line break ends a name ("Customer: Ana Ruiz\nThe router ..." names Ana Ruiz).
_REGION = re.compile(
    rf"(?<![\w'’.\-]){_UP}(?:(?:[^\S\n]+(?:(?:{_PARTICLE_ALT})[^\S\n]+)*|[^\S\n]*-[^\S\n]*){_UP})*"
)
# What may follow a word for it to stand with a name rather than alone.
_NAME_NEXT = re.compile(
    rf"\s*&\s*{_UP}|\s+(?:(?:{_NAME_PARTICLE_ALT})\s+)+{_UP}|\s+{_JOINED_PREFIX}[^\W\d_a-z]"
)
_GIVEN_NEXT = re.compile(rf"[ \t]+(?:(?:{_NAME_PARTICLE_ALT})[ \t]+)*(?P<next>{_UP})")
_FIRM_AND = re.compile(rf"\s+and\s+(?P<b>{_UP})(?:\s+(?P<c>{_UP}))?")
# A release number ("Tessellate 3.2", "Tessellate v2"), not an amount ("3.2 million", "2.5%").
_VERSION = re.compile(
    r"\s+(?:v\d+(?:\.\d+)*|\d+(?:\.\d+)+)(?![\d%])(?!\s+(?:million|billion|trillion|thousand|percent)\b)"
)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
_CAPITALISED = re.compile(r"(?<![\w'’.\-])[^\W\d_a-z][^\W\d_]*")
_AMP_GAP = re.compile(r"\s*&\s*")
_AND_GAP = re.compile(r"\s+and\s+")


def _joined(word: str) -> bool:
    """ "al-Rashid", "d'Alembert": a joined particle before a capitalised surname."""
    m = _JOINED.match(word)
    return m is not None and word[m.end() : m.end() + 1].isupper()


def _followed_by_name(text: str, end: int, word: str) -> bool:
    """Whether a name token follows ``text[:end]`` (directly, after particles, or after "&")."""
    nxt = _SKIP_GAP.match(text, end).end()  # type: ignore[union-attr]
    if text[nxt : nxt + 1].isupper() or _NAME_NEXT.match(text, end):
        return True
    firm = _FIRM_AND.match(text, end)  # "Smith and Wesson Inc", "Johnson and Johnson"
    if firm is None:
        return False
    suffix = firm.group("c")
    return firm.group("b") == word or (suffix is not None and suffix.casefold().rstrip(".") in FIRM_SUFFIXES)


def _versioned(text: str, end: int, low: str) -> bool:
    """ "Tessellate 3.2 adds ...": a release number makes the word a product name."""
    if low in BEFORE_NUMBERS or low.endswith("ly"):  # "Figure 2.1", "Nearly 3.5 kg"
        return False
    return _VERSION.match(text, end) is not None


@memo(maxsize=1024)
def _capitalised_inside(text: str) -> frozenset[str]:
    """Words ``text`` writes capitalised somewhere other than at a sentence start."""
    found = _CAPITALISED.finditer(text)
    return frozenset(m.group(0) for m in found if not _sentence_initial(text, m.start()))


def _given_name(text: str, start: int, end: int, low: str) -> bool:
    """A month or auxiliary that is a given name here: "May Chen joined", not "in May 2019"."""
    if low not in NAME_WORDS:
        return False
    after = _GIVEN_NEXT.match(text, end)
    if after is None:
        return False  # "June 2019", "May 3", "in April, ...": no surname follows
    nxt = _POSSESSIVE.sub("", after.group("next")).casefold().rstrip(".")
    if nxt in _MONTHS or nxt in _NOT_NAMES or nxt in _NUMBER_WORDS:
        return False
    if _sentence_initial(text, start):
        if low in _NOT_NAMES:  # "Will Acme ship?", "May Priya attend?": an auxiliary opens a question
            ahead = _SENTENCE_END.search(text, end)
            return ahead is None or text[ahead.start()] != "?"
        return True
    before = text[max(0, start - 40) : start].split()
    if not before or before[-1][-1:] in ",;:()\"'“”‘’":
        return True  # a clause break before it: nothing makes it a date
    prev = before[-1].casefold()
    if prev.rstrip(",").isdigit() and len(prev.rstrip(",")) == 4:
        return True  # "In June 2016 June Okafor left": a year ends a date, no month follows it
    if prev in DATE_CONTEXT or any(ch.isdigit() for ch in prev):
        return False  # "in May Chen ...", "3 June Priya ...": read as a date, as before
    # "the 3rd of May Priya ...": a date; "the mother of June Carter": a name.
    return not (prev == "of" and len(before) > 1 and any(ch.isdigit() for ch in before[-2]))


def _may_start(text: str, word: str, start: int, end: int) -> bool:
    """Whether the capitalised ``word`` at ``start`` may open a name."""
    low = word.casefold()
    if word.isupper() and low in ROLE_ABBREVIATIONS:
        return False  # "the CEO of Grup Feixes": a post, and "of" then joins no name to it
    if word.isalpha() and _given_name(text, start, end, low):
        return True
    if low in _MONTHS:
        return False
    if _sentence_initial(text, start):
        alone = not (_followed_by_name(text, end, word) or _versioned(text, end, low))
        if not _looks_common(word, alone):
            return True
        # "Tessellate is fast. Users like Tessellate.": written capitalised mid-sentence too.
        return (
            word.isalpha()
            and low not in _NOT_NAMES
            and low not in _NUMBER_WORDS
            and word in _capitalised_inside(text)
        )
    return not (low in _NOT_NAMES and word.isalpha() and not word.isupper())  # "He" after a quote


@memo(maxsize=8192)
def _find_names(text: str) -> tuple[tuple[str, int, int], ...]:
    marked = _MARK.search(text) is not None
    if marked:
        # "Títílọpẹ́ Adébáńjọ": a combining mark (not a word character to ``re``) would
        # cut the name. Read a copy with each mark as a lower-case letter (same offsets)
        # and quote every name from the text itself.
        work = _MARK.sub("a", text)
        return tuple((text[a:b], a, b) for _, a, b in _find_names_in(work))
    return _find_names_in(text)


_CONTRACTION = re.compile(r"['’](?:ll|ve|re|d|m)$", re.I)
_MARK = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff]")


def _find_names_in(text: str) -> tuple[tuple[str, int, int], ...]:
    found: list[tuple[str, int, int]] = []
    for region in _REGION.finditer(text):
        word = region.group(0)
        pronoun = word == "I" and text[region.end() : region.end() + 1] != "."  # not the initial "I."
        if pronoun or (word.isalpha() and not word.isupper() and word.casefold() in _NOT_NAMES):
            continue  # a lone "The", "After", "She", the pronoun "I": never a name, wherever it stands
        _walk(text, region.start(), region.end(), found)
    return tuple(_join_firms(text, found))


def _join_firms(text: str, found: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """Names joined by "&" ("Lindqvist & Hale"), or by "and" before a firm suffix, are one firm.

    Two full names either side of "&" stay two people ("Ilona Varga & Matteo Russo").
    """
    out: list[tuple[str, int, int]] = []
    for name, a, b in found:
        if out and _firm_gap(text[out[-1][2] : a], out[-1][0], name):
            out[-1] = (text[out[-1][1] : b], out[-1][1], b)
            continue
        out.append((name, a, b))
    return out


def _firm_gap(gap: str, left: str, right: str) -> bool:
    if len(gap) > 7 or ("&" not in gap and "and" not in gap):
        return False  # most gaps between names: no regex, no split
    lw, rw = left.split(), right.split()
    if _AMP_GAP.fullmatch(gap):
        return len(lw) == 1 or len(rw) == 1
    if _AND_GAP.fullmatch(gap) and len(lw) == 1:
        return left == right or (len(rw) > 1 and rw[-1].casefold().rstrip(".") in FIRM_SUFFIXES)
    return False


def _possessive_suffix(raw: str, quoted: bool = False) -> int:
    """Length of a trailing possessive ("'", "'s") on a token, else 0. A bare apostrophe
    is a possessive only after an s-sound ("the Harrises'", "Ramos'"); after a vowel it is
    a letter of the name, a glottal stop (Zapotec "Guie' Xhuuba'", Chamorro "Lina'la'")."""
    if raw[-1] in "'’":
        # ``quoted``: the run opened after a quote mark, which this one closes ('Ana Maria').
        return 1 if quoted or len(raw) < 2 or raw[-2] not in _VOWELS else 0
    if raw[-1] == "s" and len(raw) > 1 and raw[-2] in "'’":
        return 2
    return 0


_VOWELS = frozenset("aeiouAEIOUáéíóúàèìòùâêîôûäëïöüåãõ")


def _walk(text: str, lo: int, hi: int, found: list[tuple[str, int, int]]) -> None:
    run: list[tuple[str, int, int]] = []

    def flush() -> None:
        while run and run[-1][0].casefold() in _PARTICLES:
            run.pop()
        if run:
            found.append((text[run[0][1] : run[-1][2]], run[0][1], run[-1][2]))
        run.clear()

    for match in _TOKEN.finditer(text, lo, hi):
        raw = match.group(0)
        start = match.start()
        opened = run[0][1] if run else start
        cut = _possessive_suffix(raw, opened > 0 and text[opened - 1] in "'‘’")
        possessive = cut > 0 and len(raw) > 2
        word = raw[:-cut] if possessive else raw
        end = start + len(word)
        gap = text[run[-1][2] : start].strip() if run else ""
        if run and gap not in ("", "-") and not (gap == "." and run[-1][0].casefold() in TITLES):
            flush()  # punctuation between tokens breaks a run ("Ms. Kim" does not)
        bare = _CONTRACTION.sub("", word) if ("’" in word or "'" in word) else word
        if bare != word and bare.isalpha() and bare.casefold() in _NOT_NAMES:
            flush()  # "They’ve", "She’ll": a pronoun with its auxiliary, no name
            continue
        if word[:1].isupper() or _joined(word):
            if not run and not _may_start(text, word, start, end):
                flush()
                continue
            run.append((word, start, end))
            if possessive:
                flush()
        elif run and word in _PARTICLES:
            run.append((word, start, end))
        else:
            flush()
    flush()

