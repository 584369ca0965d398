"""Relational nouns and comparatives whose converse says the same fact the other way.

"A is the mother of B" says "B is A's child"; "A is older than B" says "B is younger
than A". The converse word grounds the claim only with the roles swapped, so coverage
accepts it and the role check swaps the evidence's roles before comparing. A converse
names no gender the evidence does not ("mother" gives "child", never "son").
"""

from __future__ import annotations

import re

from affidavit.text.lemmas import lemma, words
from affidavit.text.memo import memo

_PAIRS: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (frozenset({"parent", "mother", "father"}), frozenset({"child"})),
    (frozenset({"child", "son", "daughter"}), frozenset({"parent"})),
    (frozenset({"grandparent", "grandmother", "grandfather"}), frozenset({"grandchild"})),
    (frozenset({"grandchild", "grandson", "granddaughter"}), frozenset({"grandparent"})),
    (frozenset({"employer"}), frozenset({"employee"})),
    (frozenset({"employee"}), frozenset({"employer"})),
    (frozenset({"teacher", "tutor"}), frozenset({"student", "pupil"})),
    (frozenset({"student", "pupil"}), frozenset({"teacher"})),
    (frozenset({"mentor"}), frozenset({"mentee", "protégé"})),
    (frozenset({"mentee", "protégé"}), frozenset({"mentor"})),
    (frozenset({"predecessor"}), frozenset({"successor"})),
    (frozenset({"successor"}), frozenset({"predecessor"})),
    (frozenset({"landlord", "landlady"}), frozenset({"tenant"})),
    (frozenset({"tenant"}), frozenset({"landlord"})),
    (frozenset({"older", "elder"}), frozenset({"younger"})),
    (frozenset({"younger"}), frozenset({"older", "elder"})),
    (frozenset({"taller"}), frozenset({"shorter"})),
    (frozenset({"shorter"}), frozenset({"taller"})),
    (frozenset({"heavier"}), frozenset({"lighter"})),
    (frozenset({"lighter"}), frozenset({"heavier"})),
    (frozenset({"larger", "bigger"}), frozenset({"smaller"})),
    (frozenset({"smaller"}), frozenset({"larger", "bigger"})),
)
# A comparative lemmatises to its adjective ("older" -> "old"); match on the surface
# word and on its lemma's comparative-free form alike.
_CONVERSE: dict[str, frozenset[str]] = {}
for _side, _other in _PAIRS:
    for _w in _side:
        _CONVERSE[_w] = _CONVERSE.get(_w, frozenset()) | _other


def _forms(word: str) -> tuple[str, ...]:
    low = word.casefold()
    return (low, lemma(low))


@memo(maxsize=65536)
def converses(word: str) -> frozenset[str]:
    """Words that state ``word``'s relation from the other side (empty when none).

    Cached by word, as ``lemma`` is: ``relation_word`` asks for every word of the
    claim and the sentence.
    """
    for form in _forms(word):
        if form in _CONVERSE:
            return _CONVERSE[form]
    return frozenset()


def relation_word(text: str) -> str | None:
    """The first relational noun or comparative the text uses."""
    return next((w.casefold() for w in words(text) if converses(w)), None)


# Claim word -> evidence words that ground it from the other side ("child" <- "mother").
_GROUNDED_BY: dict[str, frozenset[str]] = {}
for _w, _others in _CONVERSE.items():
    for _o in _others:
        _GROUNDED_BY[_o] = _GROUNDED_BY.get(_o, frozenset()) | {_w}


def supported_by_converse(word: str, ev_words: frozenset[str]) -> bool:
    """Whether the evidence states ``word``'s relation from the other side."""
    low = word.casefold()
    return not _GROUNDED_BY.get(low, _GROUNDED_BY.get(lemma(low), frozenset())).isdisjoint(ev_words)


def relation_reversed(claim: str, ev: str) -> bool:
    """The claim states the evidence's relation by its converse ("child" for "mother",
    "leased it from A" for "A leased it to")."""
    rc, re_ = relation_word(claim), relation_word(ev)
    if rc is not None and re_ is not None and (re_ in converses(rc) or rc in converses(re_)):
        return True
    dc, de = _direction(claim), _direction(ev)
    return dc is not None and de is not None and dc[0] == de[0] and dc[1] != de[1]


# Verbs whose direction is said by the preposition: "A rented the flat to B" is
# "B rented the flat from A".
_TO_FROM = frozenset({"lease", "rent", "hire", "charter", "sublet", "sublease"})
_WORD = re.compile(r"[\w'’\-]+")


def _direction(text: str) -> tuple[str, str] | None:
    """``(verb lemma, "to" | "from")`` for a to/from verb with its preposition."""
    low = text.casefold()
    if " to " not in low and " from " not in low:
        return None
    toks = _WORD.findall(low)
    for i, tok in enumerate(toks):
        lem = lemma(tok)
        if lem in _TO_FROM:
            prep = next((t for t in toks[i + 1 : i + 7] if t in ("to", "from")), None)
            return (lem, prep) if prep else None
    return None
