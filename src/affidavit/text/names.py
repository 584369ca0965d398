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
  "Brightwater Analytics").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

import simplemma

from affidavit.text.wordlists import MONTHS, NOT_NAMES, NUMBER_WORDS, PARTICLES, TITLES

# The word lists live in ``text.wordlists``; TITLES is re-exported for the gates.
_PARTICLES = PARTICLES
_NOT_NAMES = NOT_NAMES
_NUMBER_WORDS = NUMBER_WORDS
_MONTHS = MONTHS

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
    tokens = [_POSSESSIVE.sub("", t) for t in name.split()]
    words: list[str] = []
    for token in tokens:
        cleaned = re.sub(r"[^\w\s\-]", "", token).casefold().strip("-")
        if cleaned:
            words.append(cleaned)
    while len(words) > 1 and words[0].rstrip(".") in TITLES:
        words.pop(0)
    if words and words[0] == "the":
        words.pop(0)
    return " ".join(words)


def key_tokens(name: str) -> tuple[str, ...]:
    """Tokens of a name's key."""
    return tuple(name_key(name).split())


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
    if alone and simplemma.is_known(low, lang="en"):
        return True  # "Medication review for ...": a known word standing alone
    # Plural common nouns ("Doctors", "Regulators") lemmatise to something else; a word
    # followed by another capitalised word ("Marcus Lee") is read as a name instead.
    return (
        alone
        and low.endswith("s")
        and simplemma.lemmatize(low, lang="en") != low
        and (simplemma.is_known(low, lang="en"))
    )


def find_names(text: str) -> list[tuple[str, int, int]]:
    """Proper-name mentions in ``text`` as ``(surface, start, end)`` str offsets.

    A mention is a run of capitalised tokens (lower-case particles such as "of"
    allowed inside); a possessive ends the run; sentence-initial function words
    and month names are not names.
    """
    return list(_find_names(text))


_UP = r"[^\W\d_a-z][\w'’.\-]*"
_PARTICLE_ALT = "|".join(sorted(_PARTICLES))
# Candidate regions: capitalised tokens joined by spaces, hyphens or particles. Only
# these are walked token by token, which keeps long evidence cheap.
_REGION = re.compile(rf"(?<![\w'’.\-]){_UP}(?:(?:\s+(?:(?:{_PARTICLE_ALT})\s+)*|\s*-\s*){_UP})*")


@lru_cache(maxsize=8192)
def _find_names(text: str) -> tuple[tuple[str, int, int], ...]:
    found: list[tuple[str, int, int]] = []
    for region in _REGION.finditer(text):
        word = region.group(0)
        if word.isalpha() and not word.isupper() and word.casefold() in _NOT_NAMES:
            continue  # a lone "The", "After", "She": never a name, wherever it stands
        _walk(text, region.start(), region.end(), found)
    return tuple(found)


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
        if word[:1].isupper():
            low = word.casefold()
            if low in _MONTHS and not run:
                flush()
                continue
            if not run and _sentence_initial(text, start):
                nxt = _SKIP_GAP.match(text, end).end()  # type: ignore[union-attr]
                if _looks_common(word, not text[nxt : nxt + 1].isupper()):
                    continue
            if not run and low in _NOT_NAMES and word.isalpha() and not word.isupper():
                continue  # "He", "Their" mid-sentence after a quote, etc.
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
    if len(m) == 1:
        return m[0] == f[0] or m[0] == f[-1]
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
