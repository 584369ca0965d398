"""simplemma's English dictionary, looked up without decoding all of it first.

simplemma (pinned) ships its English lemma table as one front-coded stream: each key
stores only the bytes it does not share with the key before it, so its own loader
decodes all ~180,000 records into a dict on the first lemma a process asks for (a
tenth to a quarter of a second, on every server's first call). Here the same stream
is read through restart points: the decoder state at every ``BLOCK``-th record,
recorded once by ``tools/build_lemma_index.py`` in ``data/simplemma-en.index`` beside
the SHA-256 of the stream it was built from. A lookup bisects the blocks' first keys
and decodes at most one block, so every lemma is the one simplemma's own dictionary
gives (``tests/test_lemma_dict.py`` checks every key).

The index is only used for the very stream it names: another simplemma build, a
missing or damaged index file, or a private API that moved sends every lookup to
simplemma's own loader, which is slower and answers the same.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any, Final

import msgspec

from affidavit.text.memo import memo

INDEX_FILE: Final = "simplemma-en.index"
INDEX_FORMAT: Final = 1
BLOCK: Final = 64


class LemmaIndex(msgspec.Struct, frozen=True):
    """Restart points into one front-coded stream (``tools/build_lemma_index.py``)."""

    format: int
    stream_sha256: str  # of the decompressed stream the seeds point into
    count: int
    block: int
    firsts: list[bytes]  # the stored key of each block's first record
    seeds: list[tuple[int, bytes, bytes]]  # (offset, previous key, previous value) per block


def _frontcode() -> Any:
    from simplemma.strategies.dictionaries import frontcode

    return frontcode


def _stream(lang: str) -> bytes:
    from simplemma.strategies.dictionaries.dictionary_factory import _read_decompressed

    data: bytes = _read_decompressed(lang)
    return data


def build_index(data: bytes, block: int = BLOCK) -> LemmaIndex:
    """The restart points of a decompressed front-coded stream."""
    fc = _frontcode()
    _reverse, count, pos = fc._read_header(data)
    firsts: list[bytes] = []
    seeds: list[tuple[int, bytes, bytes]] = []
    prev_key, prev_value, n = b"", b"", 0
    for n, (start, key, value) in enumerate(fc._iter_records(data, pos), 1):
        if (n - 1) % block == 0:
            firsts.append(key)
            seeds.append((start, prev_key, prev_value))
        prev_key, prev_value = key, value
    if n != count:
        raise ValueError("the front-coded stream ends before its record count")
    return LemmaIndex(INDEX_FORMAT, hashlib.sha256(data).hexdigest(), count, block, firsts, seeds)


class IndexedMap(Mapping[str, str]):
    """A read-only ``str -> str`` view of the stream, one block decoded per lookup."""

    def __init__(self, data: bytes, index: LemmaIndex) -> None:
        fc = _frontcode()
        self._data = data
        self._index = index
        self._reverse, _count, self._pos = fc._read_header(data)
        self._records = fc._iter_records

    def _lookup(self, key: str) -> str | None:
        target = key.encode()
        if self._reverse:
            target = target[::-1]
        block = bisect_right(self._index.firsts, target) - 1
        if block < 0:
            return None
        for _, stored_key, stored_value in self._records(self._data, *self._index.seeds[block]):
            if stored_key == target:
                value: bytes = stored_value[::-1] if self._reverse else stored_value
                return value.decode()
            if stored_key > target:
                return None
        return None

    def __getitem__(self, key: str) -> str:
        value = self._lookup(key)
        if value is None:
            raise KeyError(key)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        value = self._lookup(key)
        return value if value is not None else default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._lookup(key) is not None

    def __iter__(self) -> Iterator[str]:
        for _, stored_key, _value in self._records(self._data, self._pos):
            yield (stored_key[::-1] if self._reverse else stored_key).decode()

    def __len__(self) -> int:
        return self._index.count


def shipped_index() -> LemmaIndex | None:
    """The index in the package, or None when it is missing or unreadable."""
    try:
        raw = resources.files("affidavit.text").joinpath("data", INDEX_FILE).read_bytes()
        index = msgspec.msgpack.decode(raw, type=LemmaIndex)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    return index if index.format == INDEX_FORMAT else None


def indexed_english() -> IndexedMap | None:
    """English through the shipped index, or None (use simplemma's loader) when the index
    was not built from the stream this simplemma ships."""
    index = shipped_index()
    if index is None:
        return None
    try:
        data = _stream("en")
        fc = _frontcode()
        fc._read_header(data)
    except (ImportError, AttributeError, OSError, ValueError):
        return None
    if hashlib.sha256(data).hexdigest() != index.stream_sha256:
        return None
    return IndexedMap(data, index)


class _Factory:
    """simplemma's ``DictionaryFactory``: English through the index when it fits, else
    (and for any other language) simplemma's own shared factory."""

    def __init__(self, english: IndexedMap | None) -> None:
        self._english = english

    def get_dictionary(self, lang: str) -> Mapping[str, str]:
        if lang == "en" and self._english is not None:
            return self._english
        from simplemma.strategies.dictionaries.dictionary_factory import DEFAULT_DICTIONARY_FACTORY

        found: Mapping[str, str] = DEFAULT_DICTIONARY_FACTORY.get_dictionary(lang)
        return found


_FACTORY: list[_Factory] = []  # made once; not a text cache (it holds simplemma's public table)


def _factory() -> _Factory:
    # Not memoised: ``clear_text_caches`` drops the lemmatisers below after an
    # erasure (their token caches hold words read from text) but keeps this dictionary.
    if not _FACTORY:
        _FACTORY.append(_Factory(indexed_english()))
    return _FACTORY[0]


@memo(maxsize=None)
def english_lemmatizer() -> Any:
    """A simplemma ``Lemmatizer`` with its default strategy; English reads through the index.

    Its token cache holds words read from text: ``clear_text_caches`` drops it with the
    other text caches after an erasure."""
    from simplemma import Lemmatizer
    from simplemma.strategies import DefaultStrategy

    return Lemmatizer(lemmatization_strategy=DefaultStrategy(dictionary_factory=_factory()))


class English:
    """``simplemma.lemmatize`` and ``simplemma.is_known`` for English, through the index."""

    def __init__(self) -> None:
        from simplemma.lemmatizer import _control_input_type
        from simplemma.strategies import DictionaryLookupStrategy
        from simplemma.utils import normalize_token

        self._lemmatizer = english_lemmatizer()
        self._lookup = DictionaryLookupStrategy(_factory())
        self._check, self._normalize = _control_input_type, normalize_token

    def lemmatize(self, token: str, lang: str = "en") -> str:
        if lang != "en":
            raise ValueError("only English is read through the index")
        result: str = self._lemmatizer.lemmatize(token, "en")
        return result

    def is_known(self, token: str, lang: str = "en") -> bool:
        if lang != "en":
            raise ValueError("only English is read through the index")
        self._check(token)
        return self._lookup.get_lemma(self._normalize(token), "en") is not None


@memo(maxsize=None)
def english() -> English:
    """The process's English lemmatiser (made on first use)."""
    return English()
