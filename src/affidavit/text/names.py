"""Proper names: finding mentions, keying them, and resolving them to entities.

One set of rules serves the write gate (is the claim's subject named in the
evidence?), the read gate (which entity does a question name?), the store
(is "Dana" the existing "Dana Kim"?) and the erasure tombstone. The rules:

* the key of a name is casefolded, with titles, punctuation and possessives
  dropped and whitespace collapsed ("Mayor Declan Moore's" -> "declan moore");
* an exact key match wins;
* otherwise a one-token mention matches a *unique* first or last token;
* otherwise a multi-token mention must match every one of its tokens, in order,
  and share the first or the last token ("Brightwater Capital" never reaches
  "Brightwater Analytics");
* a firm joined by "&" (or "and" before a firm suffix) is one name whose key says
  "and" ("Lindqvist & Hale" -> "lindqvist and hale"); a lone "Lindqvist" never
  refers to it, so the firm stays apart from a person sharing its surname.

Finding names: lower-case particles join a name ("Jan de Vries", "Omar al-Rashid"),
a month or auxiliary that is also a given name starts one when a name follows and
no date or question reads instead ("May Chen joined" vs "in May 2019"), and a
sentence-initial common word is a name when a version number follows ("Tessellate
3.2 adds") or the same text writes it capitalised mid-sentence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

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
    TITLES,
)

# The word lists live in ``text.wordlists``; TITLES is re-exported for the gates.

def _simplemma() -> Any:
    """simplemma, imported on first use: its import costs ~70 ms of server start-up."""
    import simplemma

    return simplemma

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


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """Casefolded key of a name: titles, punctuation and possessives dropped."""
    spaced = name.replace("&", " & ") if "&" in name else name  # "AT&T" keys as "AT & T" does
    tokens = [_POSSESSIVE.sub("", t) for t in spaced.split()]
    words: list[str] = []
    for token in tokens:
        if token == "&":  # "Lindqvist & Hale" and "Lindqvist and Hale" share one key
            words.append("and")
            continue
        cleaned = re.sub(r"[^\w\s\-]", "", token).casefold().strip("-")
        if cleaned:
            words.append(cleaned)
    while len(words) > 1 and words[0].rstrip(".") in TITLES:
        words.pop(0)
    if words and words[0] == "the":
        words.pop(0)
    return " ".join(words)


@lru_cache(maxsize=65536)
def key_tokens(name: str) -> tuple[str, ...]:
    """Tokens of a name's key (cached by name, as ``name_key`` is: linking and the
    checks compare the same few names many times per decision)."""
    return tuple(name_key(name).split())


def _compound(tokens: tuple[str, ...]) -> bool:
    """A firm of several names ("lindqvist and hale"): no single token stands for it."""
    return len(tokens) > 2 and "and" in tokens[1:-1]


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


@lru_cache(maxsize=65536)
def _looks_common(word: str, alone: bool) -> bool:
    """A sentence-initial capitalised word that is probably a common noun or function word."""
    low = word.casefold()
    if low in _NOT_NAMES or low in _NUMBER_WORDS:
        return True
    if alone and _simplemma().is_known(low, lang="en"):
        return True  # "Medication review for ...": a known word standing alone
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
_REGION = re.compile(rf"(?<![\w'’.\-]){_UP}(?:(?:\s+(?:(?:{_PARTICLE_ALT})\s+)*|\s*-\s*){_UP})*")
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


@lru_cache(maxsize=1024)
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
    if prev in DATE_CONTEXT or any(ch.isdigit() for ch in prev):
        return False  # "in May Chen ...", "3 June Priya ...": read as a date, as before
    # "the 3rd of May Priya ...": a date; "the mother of June Carter": a name.
    return not (prev == "of" and len(before) > 1 and any(ch.isdigit() for ch in before[-2]))


def _may_start(text: str, word: str, start: int, end: int) -> bool:
    """Whether the capitalised ``word`` at ``start`` may open a name."""
    low = word.casefold()
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


@lru_cache(maxsize=8192)
def _find_names(text: str) -> tuple[tuple[str, int, int], ...]:
    found: list[tuple[str, int, int]] = []
    for region in _REGION.finditer(text):
        word = region.group(0)
        if word.isalpha() and not word.isupper() and word.casefold() in _NOT_NAMES:
            continue  # a lone "The", "After", "She": never a name, wherever it stands
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


def _possessive_suffix(raw: str) -> int:
    """Length of a trailing possessive ("'", "'s") on a token, else 0."""
    if raw[-1] in "'’":
        return 1
    if raw[-1] == "s" and len(raw) > 1 and raw[-2] in "'’":
        return 2
    return 0


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
        cut = _possessive_suffix(raw)
        possessive = cut > 0 and len(raw) > 2
        word = raw[:-cut] if possessive else raw
        end = start + len(word)
        gap = text[run[-1][2] : start].strip() if run else ""
        if run and gap not in ("", "-") and not (gap == "." and run[-1][0].casefold() in TITLES):
            flush()  # punctuation between tokens breaks a run ("Ms. Kim" does not)
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


def refers_to(mention: str, full_name: str) -> bool:
    """Whether ``mention`` can name the same entity as ``full_name`` (uniqueness aside)."""
    m = key_tokens(mention)
    f = key_tokens(full_name)
    if not m or not f:
        return False
    if m == f:
        return True
    if len(m) == 1:  # "Lindqvist" is never the firm "Lindqvist & Hale"
        return not _compound(f) and (m[0] == f[0] or m[0] == f[-1])
    if m[0] != f[0] and m[-1] != f[-1]:
        return False
    return _in_order(m, f)


def _in_order(needle: tuple[str, ...], hay: tuple[str, ...]) -> bool:
    position = 0
    for token in needle:
        try:
            position = hay.index(token, position) + 1
        except ValueError:
            return False
    return True


class NameIndex:
    """In-memory index from names to entity ids; dict lookups only, no scans."""

    def __init__(self) -> None:
        self._by_key: dict[str, set[str]] = {}
        self._by_first: dict[str, set[str]] = {}
        self._by_last: dict[str, set[str]] = {}
        self._by_token: dict[str, set[str]] = {}
        self._names: dict[str, list[str]] = {}

    def add(self, entity_id: str, name: str) -> None:
        """Record that ``name`` names ``entity_id`` (an entity may have several names)."""
        tokens = key_tokens(name)
        if not tokens:
            return
        key = " ".join(tokens)
        self._by_key.setdefault(key, set()).add(entity_id)
        if not _compound(tokens):  # a firm is not reached by one of its names alone
            self._by_first.setdefault(tokens[0], set()).add(entity_id)
            self._by_last.setdefault(tokens[-1], set()).add(entity_id)
        for token in set(tokens):
            self._by_token.setdefault(token, set()).add(entity_id)
        known = self._names.setdefault(entity_id, [])
        if name not in known:
            known.append(name)

    def remove(self, entity_id: str) -> None:
        """Forget every name of ``entity_id`` (used when a subject is erased)."""
        for name in self._names.pop(entity_id, []):
            tokens = key_tokens(name)
            self._discard(self._by_key, " ".join(tokens), entity_id)
            self._discard(self._by_first, tokens[0], entity_id)
            self._discard(self._by_last, tokens[-1], entity_id)
            for token in set(tokens):
                self._discard(self._by_token, token, entity_id)

    @staticmethod
    def _discard(table: dict[str, set[str]], key: str, entity_id: str) -> None:
        ids = table.get(key)
        if ids is not None:
            ids.discard(entity_id)
            if not ids:
                del table[key]

    def candidates(self, name: str) -> list[str]:
        """Every entity the name could refer to, ambiguous or not (sorted)."""
        tokens = key_tokens(name)
        if not tokens:
            return []
        exact = self._by_key.get(" ".join(tokens))
        if exact:
            return sorted(exact)
        if len(tokens) == 1:
            ids = self._by_first.get(tokens[0], set()) | self._by_last.get(tokens[0], set())
            return sorted(ids)
        pools = [self._by_token.get(t) for t in tokens]
        if any(p is None for p in pools):
            return []
        pools_sorted = sorted((p for p in pools if p is not None), key=len)
        ids = set(pools_sorted[0]).intersection(*pools_sorted[1:])
        return sorted(eid for eid in ids if any(refers_to(name, n) for n in self._names.get(eid, ())))

    def resolve(self, name: str) -> list[str]:
        """Entity ids ``name`` refers to: an exact key match, else a unique partial match."""
        tokens = key_tokens(name)
        if not tokens:
            return []
        exact = self._by_key.get(" ".join(tokens))
        if exact:
            return sorted(exact)
        ids = self.candidates(name)
        return ids if len(ids) == 1 else []

    def exact(self, name: str) -> list[str]:
        """Entity ids whose name has exactly the key of ``name`` (no partial matches)."""
        return sorted(self._by_key.get(" ".join(key_tokens(name)), ()))

    def names(self) -> list[tuple[str, str]]:
        """Every ``(entity_id, name)`` pair held."""
        return [(eid, n) for eid, names in self._names.items() for n in names]

    def __len__(self) -> int:
        return len(self._names)


def same_name(a: str, b: str) -> bool:
    """Exact key equality."""
    return name_key(a) == name_key(b) != ""


def keys(names: Iterable[str]) -> set[str]:
    """Keys of several names."""
    return {k for k in (name_key(n) for n in names) if k}
