"""Proper names as identities: keying a name and resolving it to entities.

One set of rules serves the write gate (is the claim's subject named in the
evidence?), the read gate (which entity does a question name?), the store
(is "Dana" the existing "Dana Kim"?) and the erasure tombstone. Finding names in
text is ``text.name_finder``'s job (re-exported here as ``find_names``). The rules:

* the key of a name is casefolded, with titles, punctuation and possessives
  dropped and whitespace collapsed ("Mayor Declan Moore's" -> "declan moore"); the
  key is what fingerprints and indexes hold, so it never changes spelling;
* matching (``refers_to``) compares keys after ``text.fold`` folds diacritics and
  confusable letters ("Jørgen" ~ "Jorgen", a Cyrillic "а" ~ "a"); no stored text
  or key is altered by it;
* an exact key match wins;
* otherwise a one-token mention matches a *unique* first or last token;
* otherwise a multi-token mention must match every one of its tokens, in order,
  and share the first or the last token ("Brightwater Capital" never reaches
  "Brightwater Analytics");
* a firm joined by "&" (or "and" before a firm suffix) is one name whose key says
  "and" ("Lindqvist & Hale" -> "lindqvist and hale"); a lone "Lindqvist" never
  refers to it, so the firm stays apart from a person sharing its surname.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from affidavit.text.fold import fold
from affidavit.text.memo import memo
from affidavit.text.name_finder import find_names
from affidavit.text.wordlists import TITLES

__all__ = ["TITLES", "NameIndex", "find_names", "key_tokens", "keys", "match_tokens", "name_key",
           "refers_to", "same_name"]

_POSSESSIVE = re.compile(r"['’]s?$")
_NOT_NAME_CHAR = re.compile(r"[^\w\s\-]")
# A name of ASCII letters and single spaces: nothing for the token rules below to drop
# but titles and a leading "the" (the common case, and replay's hot path).
_PLAIN = re.compile(r"[A-Za-z]+(?: [A-Za-z]+)*")


@memo(maxsize=65536)
def name_key(name: str) -> str:
    """Casefolded key of a name: titles, punctuation and possessives dropped."""
    return " ".join(tokens_of(name))


def tokens_of(name: str) -> list[str]:
    """The tokens of ``name_key(name)``, uncached (for callers that key each name once)."""
    if _PLAIN.fullmatch(name):
        plain = name.lower().split(" ")
        return _drop_leading(plain) if plain[0] in TITLES or plain[0] == "the" else plain
    spaced = name.replace("&", " & ") if "&" in name else name  # "AT&T" keys as "AT & T" does
    tokens = [_POSSESSIVE.sub("", t) for t in spaced.split()]
    words: list[str] = []
    for token in tokens:
        if token == "&":  # "Lindqvist & Hale" and "Lindqvist and Hale" share one key
            words.append("and")
            continue
        cleaned = _NOT_NAME_CHAR.sub("", token).casefold().strip("-")
        if cleaned:
            words.append(cleaned)
    return _drop_leading(words)


def _drop_leading(words: list[str]) -> list[str]:
    while len(words) > 1 and words[0].rstrip(".") in TITLES:
        words.pop(0)
    if words and words[0] == "the":
        words.pop(0)
    return words


@memo(maxsize=65536)
def key_tokens(name: str) -> tuple[str, ...]:
    """Tokens of a name's key (cached by name, as ``name_key`` is: linking and the
    checks compare the same few names many times per decision)."""
    return tuple(name_key(name).split())


@memo(maxsize=65536)
def match_tokens(name: str) -> tuple[str, ...]:
    """Tokens of a name's key, folded for matching ("Jørgen" -> "jorgen"); never stored."""
    return tuple(fold(t) for t in key_tokens(name))


def _compound(tokens: tuple[str, ...] | list[str]) -> bool:
    """A firm of several names ("lindqvist and hale"): no single token stands for it."""
    return len(tokens) > 2 and "and" in tokens[1:-1]


def refers_to(mention: str, full_name: str) -> bool:
    """Whether ``mention`` can name the same entity as ``full_name`` (uniqueness aside)."""
    m = match_tokens(mention)
    f = match_tokens(full_name)
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

    def add(self, entity_id: str, name: str, tokens: tuple[str, ...] | list[str] | None = None) -> None:
        """Record that ``name`` names ``entity_id`` (an entity may have several names).

        ``tokens``, when given, must be ``key_tokens(name)`` (replay keys each name once
        and shares the tokens between indexes whose names key alike)."""
        if tokens is None:
            tokens = key_tokens(name)
        if not tokens:
            return
        key = " ".join(tokens)
        self._by_key.setdefault(key, set()).add(entity_id)
        if not _compound(tokens):  # a firm is not reached by one of its names alone
            self._by_first.setdefault(tokens[0], set()).add(entity_id)
            self._by_last.setdefault(tokens[-1], set()).add(entity_id)
        by_token = self._by_token
        for token in set(tokens) if len(tokens) > 1 else tokens:
            ids = by_token.get(token)
            if ids is None:
                by_token[token] = {entity_id}
            else:
                ids.add(entity_id)
        known = self._names.get(entity_id)
        if known is None:
            self._names[entity_id] = [name]
        elif name not in known:
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

    def sharing_tokens(self, name: str) -> set[str]:
        """Entity ids with a name that shares a token with ``name`` (a pool to filter)."""
        out: set[str] = set()
        for token in set(key_tokens(name)):
            out |= self._by_token.get(token, set())
        return out

    def names_of(self, entity_id: str) -> list[str]:
        return list(self._names.get(entity_id, ()))

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
