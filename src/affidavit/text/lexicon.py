"""The lexicon both gates share: relations read from Princeton WordNet 3.0, pinned.

The data file (``data/lexicon-wn30.msgpack``) is built by ``tools/build_lexicon.py``
and already cut down to what the gates may use (sense ranks, hop bounds, a generality
floor; see its ``PARAMS`` and ``data/lexicon-wn30.json``). This module only looks
things up: nothing here can widen a relation beyond what the file holds.

Loading is lazy and verified: on first use the whole file is read once and its SHA-256
must equal ``PINNED_SHA256``; each table (relations, nouns, categories, synonyms) is
then inflated and decoded on its own first use. A missing, altered or unreadable file
gives the EMPTY lexicon, whose every answer is "nothing", and version ``"none"`` -- so a
gate without it can only refuse more, never admit more. Nothing is printed or logged;
``status()`` says what happened.

Callers pass lemmas (case and underscores are folded: ``"Ice_Hockey"`` = ``"ice hockey"``).

    >>> ("employer", "n", "agent") in derivations("employ", "v")
    True
    >>> ("employee", "n", "patient") in derivations("employ", "v")
    True
    >>> derivations("employer", "n")
    frozenset({('employ', 'v', 'agent')})
    >>> sorted(converses("lend")), sorted(converses("teach"))
    (['borrow'], [])
    >>> "lose" in antonyms("win", "v")
    True
    >>> is_a("hockey", "sport"), is_a("asthma", "disease"), is_a("hockey", "disease")
    (True, True, False)
    >>> is_a("nurse", "health professional"), is_a("cello", "instrument")
    (True, True)
    >>> "hire" in synonyms_first_sense("employ", "v")   # 'employ' sense 1 is 'use'
    False
    >>> import affidavit.text.lexicon as lexicon_module
    >>> lexicon_module.LEXICON_VERSION.startswith("wn30-")
    True

What the gates may use this for, and what not: docs/lexicon.md.
"""

from __future__ import annotations

import hashlib
import operator
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Mapping
from functools import cached_property
from importlib import resources
from itertools import islice
from typing import Any, TypeVar

import msgspec

from affidavit.text.memo import memo

DATA_FILE = "lexicon-wn30.msgpack"
# Rewritten by tools/build_lexicon.py; a data file with any other hash is not loaded.
PINNED_SHA256 = "e5c5fc9944f574d4520be6e20ff851abb5afe7958a130d0b83c2ef8bd4136eb2"
FORMAT = 2
EMPTY_VERSION = "none"
NO_ID = 0xFFFFFFFF

#: Roles of a noun relative to the verb sense it derives from or to.
#: agent = the verb's subject (employer), patient = its object (employee), person =
#: a person noun whose direction WordNet does not settle (renter), event / state /
#: other = the noun's lexicographer file (employment: event; employ: state).
ROLES = ("agent", "patient", "person", "event", "state", "other")


class _Section(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Relations(_Section, frozen=True):
    derivations: dict[str, list[tuple[str, str]]]  # verb -> [(noun, role)]
    noun_derivations: dict[str, list[tuple[str, str]]]  # noun -> [(verb, role)]
    antonyms: dict[str, dict[str, list[str]]]  # pos -> lemma -> antonyms
    converses: dict[str, list[str]]  # verb -> converse verbs


class Nouns(_Section, frozen=True):
    keys: list[str]  # noun lemmas, sorted; Categories and Synonyms align with it


class Categories(_Section, frozen=True):
    starts: bytes  # uint32 LE, len(keys) + 1 offsets into ids
    ids: bytes  # uint16 LE indices into synsets
    synsets: list[str]  # tab-joined lemmas of one ancestor synset


class Synonyms(_Section, frozen=True):
    noun_ids: bytes  # uint32 LE per noun key: index into synsets, or NO_ID
    verb_keys: list[str]  # verbs whose first synset has other lemmas, sorted
    verb_ids: bytes  # uint32 LE per verb key
    synsets: list[str]  # tab-joined lemmas of one first-sense synset


class Envelope(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The file: each section zlib-compressed msgpack, inflated on first use."""

    format: int
    wordnet: str
    relations: bytes
    nouns: bytes
    categories: bytes
    synonyms: bytes


S = TypeVar("S", bound=_Section)
_ENVELOPE = msgspec.msgpack.Decoder(Envelope)
_NOTHING: frozenset[Any] = frozenset()


def _ints(code: str, blob: bytes) -> array[int]:
    out = array(code)
    out.frombytes(blob)
    if sys.byteorder == "big":
        out.byteswap()
    return out


def _key(word: str) -> str:
    return word.strip().lower().replace("_", " ")


def _decode(blob: bytes, kind: type[S]) -> S | None:
    try:
        return msgspec.msgpack.decode(zlib.decompress(blob), type=kind)
    except (zlib.error, msgspec.DecodeError):
        return None  # cannot happen for the pinned file; if it did: that table is empty


class _Positions:
    """Each key's position in a list, found by bisection when the list is sorted.

    The noun table is written sorted: searching it in place spares the first lookup a
    dict of 117k entries (most of a first recall's lexicon cost). A list out of order
    or with repeats (not the pinned file) is indexed by a dict instead, as before.
    """

    def __init__(self, keys: list[str]) -> None:
        self._keys = keys
        ascending = all(map(operator.lt, keys, islice(keys, 1, None)))
        self._dict = None if ascending else dict(zip(keys, range(len(keys)), strict=True))

    def get(self, key: str) -> int | None:
        if self._dict is not None:
            return self._dict.get(key)
        keys = self._keys
        i = bisect_left(keys, key)
        return i if i < len(keys) and keys[i] == key else None

    def __len__(self) -> int:
        return len(self._keys) if self._dict is None else len(self._dict)


class Lexicon:
    """One loaded lexicon. ``Lexicon.empty(status)`` answers every lookup with nothing."""

    def __init__(self, envelope: Envelope | None, version: str, status: str) -> None:
        self.version = version
        self.status = status
        self._env = envelope
        self._cat_cache: dict[str, frozenset[str]] = {}
        self._der_cache: dict[tuple[str, str], frozenset[tuple[str, str, str]]] = {}

    @classmethod
    def empty(cls, status: str) -> Lexicon:
        return cls(None, EMPTY_VERSION, status)

    def __bool__(self) -> bool:
        return self._env is not None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lexicon) and (self.version, self._env) == (other.version, other._env)

    __hash__ = None  # type: ignore[assignment]

    # Each section is inflated, decoded and indexed on first use of a lookup that needs
    # it, so a gate asking only for derivations never pays for the category index.
    @cached_property
    def _relations(self) -> Relations | None:
        return _decode(self._env.relations, Relations) if self._env else None

    @cached_property
    def _noun_index(self) -> _Positions:
        nouns = _decode(self._env.nouns, Nouns) if self._env else None
        return _Positions(nouns.keys if nouns else [])

    @cached_property
    def _categories_t(self) -> tuple[array[int], array[int], list[str]] | None:
        cats = _decode(self._env.categories, Categories) if self._env else None
        return (_ints("I", cats.starts), _ints("H", cats.ids), cats.synsets) if cats else None

    @cached_property
    def _synonyms_t(self) -> tuple[array[int], dict[str, int], list[str]] | None:
        syn = _decode(self._env.synonyms, Synonyms) if self._env else None
        if syn is None:
            return None
        verbs = dict(zip(syn.verb_keys, _ints("I", syn.verb_ids), strict=True))
        return _ints("I", syn.noun_ids), verbs, syn.synsets

    def derivations(self, lemma: str, pos: str) -> frozenset[tuple[str, str, str]]:
        """Verb <-> noun derivations as ``(lemma, pos, role)``; role is the noun's.

        >>> sorted(lexicon().derivations("borrow", "v"))
        [('borrower', 'n', 'agent')]
        >>> lexicon().derivations("employee", "n")
        frozenset({('employ', 'v', 'patient')})
        """
        rel, k = self._relations, _key(lemma)
        if rel is None or pos not in ("n", "v"):
            return _NOTHING
        found = self._der_cache.get((k, pos))
        if found is None:
            if pos == "v":
                found = frozenset((noun, "n", role) for noun, role in rel.derivations.get(k, ()))
            else:
                found = frozenset((verb, "v", role) for verb, role in rel.noun_derivations.get(k, ()))
            self._der_cache[(k, pos)] = found
        return found

    def converses(self, verb: str) -> frozenset[str]:
        """Transfer-of-possession verb pairs that swap source and recipient.

        WordNet antonyms whose senses are both verbs of possession, one with a "to
        somebody" frame and the other a "from somebody" one: "Tom lent Ava his car"
        ~ "Ava borrowed Tom's car". Symmetric.

        >>> sorted(lexicon().converses("sell")), sorted(lexicon().converses("win"))
        (['buy'], [])
        """
        rel = self._relations
        return frozenset(rel.converses.get(_key(verb), ())) if rel else _NOTHING

    def antonyms(self, lemma: str, pos: str | None = None) -> frozenset[str]:
        """WordNet's direct antonyms (pos ``n``, ``v``, ``a`` or all), symmetric.

        >>> sorted(lexicon().antonyms("increase", "v")), "dead" in lexicon().antonyms("alive")
        (['decrease'], True)
        """
        rel, k = self._relations, _key(lemma)
        if rel is None:
            return _NOTHING
        tables = [rel.antonyms.get(pos, {})] if pos else list(rel.antonyms.values())
        return frozenset(a for table in tables for a in table.get(k, ()))

    def categories(self, lemma: str) -> frozenset[str]:
        """Lemmas of the noun's bounded ancestor categories (the lemma itself excluded).

        >>> {"sport", "game"} <= lexicon().categories("hockey")
        True
        >>> "entity" in lexicon().categories("hockey")   # above the generality floor
        False
        """
        return self._categories(_key(lemma))

    def _categories(self, k: str) -> frozenset[str]:
        found = self._cat_cache.get(k)
        if found is not None:
            return found
        cats, i = self._categories_t, self._noun_index.get(k)
        if cats is None or i is None:
            return _NOTHING
        starts, ids, synsets = cats
        found = frozenset(lem for j in ids[starts[i] : starts[i + 1]] for lem in synsets[j].split("\t")) - {k}
        self._cat_cache[k] = found
        return found

    def is_a(self, lemma: str, category: str) -> bool:
        """Whether ``category`` names one of the noun's ancestor categories.

        >>> lexicon().is_a("asthma", "illness"), lexicon().is_a("asthma", "sport")
        (True, False)
        """
        return _key(category) in self._categories(_key(lemma))

    def synonyms_first_sense(self, lemma: str, pos: str) -> frozenset[str]:
        """LOOSE: the other lemmas of the first synset of a noun (``n``) or verb (``v``).

        A synset's lemmas share one sense, not every sense: a gate may use these only
        where it would otherwise refuse, and never to admit a claim on their own.

        >>> sorted(lexicon().synonyms_first_sense("illness", "n"))
        ['malady', 'sickness', 'unwellness']
        """
        syn, k = self._synonyms_t, _key(lemma)
        if syn is None or pos not in ("n", "v"):
            return _NOTHING
        noun_ids, verbs, synsets = syn
        if pos == "v":
            j = verbs.get(k, NO_ID)
        else:
            i = self._noun_index.get(k)
            j = NO_ID if i is None else noun_ids[i]
        return _NOTHING if j == NO_ID else frozenset(synsets[j].split("\t")) - {k}

    def stats(self) -> Mapping[str, int]:
        """Entries per table (all 0 for the empty lexicon); decodes every section."""
        rel, cats, syn = self._relations, self._categories_t, self._synonyms_t
        return {
            "verbs with derivations": len(rel.derivations) if rel else 0,
            "nouns with derivations": len(rel.noun_derivations) if rel else 0,
            "antonyms": sum(len(x) for x in rel.antonyms.values()) if rel else 0,
            "converses": len(rel.converses) if rel else 0,
            "nouns": len(self._noun_index),
            "category synsets": len(cats[2]) if cats else 0,
            "verbs with synonyms": len(syn[1]) if syn else 0,
            "synonym synsets": len(syn[2]) if syn else 0,
        }


def _version(digest_hex: str) -> str:
    return f"wn30-{digest_hex[:12]}"


def load(blob: bytes | None, expected_sha256: str = PINNED_SHA256) -> Lexicon:
    """Verify a data file's bytes; anything wrong gives the empty lexicon.

    >>> load(None).status, load(b"tampered").version
    ('missing', 'none')
    """
    if blob is None:
        return Lexicon.empty("missing")
    digest_hex = hashlib.sha256(blob).hexdigest()
    if not expected_sha256 or digest_hex != expected_sha256:
        return Lexicon.empty("mismatch")
    try:
        envelope = _ENVELOPE.decode(blob)
    except msgspec.DecodeError:
        return Lexicon.empty("unreadable")
    if envelope.format != FORMAT:
        return Lexicon.empty("unreadable")
    return Lexicon(envelope, _version(digest_hex), "ok")


def _read_packaged() -> bytes | None:
    try:
        return (resources.files("affidavit.text") / "data" / DATA_FILE).read_bytes()
    except OSError:
        return None


@memo(maxsize=1)
def lexicon() -> Lexicon:
    """The process's lexicon: read from the package and verified once."""
    return load(_read_packaged())


def lexicon_version() -> str:
    """``"wn30-<12 hex of sha256>"`` of the verified data file, else ``"none"``."""
    return lexicon().version


def status() -> str:
    """``ok``, ``missing``, ``mismatch`` or ``unreadable``."""
    return lexicon().status


def derivations(lemma: str, pos: str) -> frozenset[tuple[str, str, str]]:
    return lexicon().derivations(lemma, pos)


def converses(verb: str) -> frozenset[str]:
    return lexicon().converses(verb)


def antonyms(lemma: str, pos: str | None = None) -> frozenset[str]:
    return lexicon().antonyms(lemma, pos)


def categories(lemma: str) -> frozenset[str]:
    return lexicon().categories(lemma)


def is_a(lemma: str, category: str) -> bool:
    return lexicon().is_a(lemma, category)


def synonyms_first_sense(lemma: str, pos: str) -> frozenset[str]:
    return lexicon().synonyms_first_sense(lemma, pos)


def __getattr__(name: str) -> str:
    """``LEXICON_VERSION`` on first access: reads and hashes the file (~10 ms), no decode."""
    if name == "LEXICON_VERSION":
        return lexicon_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
