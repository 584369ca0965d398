"""A gapped conjunct keeps its own pairs.

"Uche sold the car to Ada and the van to Bisi" shares the verb between two conjuncts but
not their objects and arguments: it gives no "Uche sold the car to Bisi". The conjunct after
"and" has no verb of its own ("the van to Bisi"), so the verb of the one before is read into
it; a claim that takes the object of one conjunct and the argument of another is transposed.
A pure function of (claim, evidence text): ``None`` when the claim keeps a pair, else
``(term, why)``.
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import AUX, analyse, is_verb_like
from affidavit.text.lemmas import STOPWORDS, lemma, word_tuple

Failure = tuple[str, str] | None

_PREPOSITIONS = frozenset({"to", "for", "from", "with", "at", "in", "on", "into", "by", "onto"})
# Conjuncts of one sentence: "A to X, B to Y and C to Z".
_CONJUNCTS = re.compile(r"\s*;\s*|,?\s+(?:and|but|while|whereas)\s+|,\s+")
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")

Pair = tuple[frozenset[str], frozenset[str]]  # (object lemmas, argument lemmas)
# A gapped object is a noun phrase ("the van", "his car", "two boxes", "Kiln Ltd"), not an
# adverb ("won it in 2011 and again in 2013" repeats the verb's own object).
_DETERMINERS = frozenset({"the", "a", "an", "his", "her", "their", "its", "my", "our", "your",
                          "this", "that", "these", "those", "each", "every", "some", "all"})


def _content(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(lemma(w) for w in words if w.casefold() not in STOPWORDS and lemma(w) not in STOPWORDS)


def _split_at(words: tuple[str, ...], prep: str) -> Pair | None:
    """(object, argument) of "the van to Bisi" around its one ``prep``."""
    low = [w.casefold() for w in words]
    if low.count(prep) != 1:
        return None
    at = low.index(prep)
    obj, arg = _content(words[:at]), _content(words[at + 1 :])
    return (obj, arg) if obj and arg else None


def _nominal_start(word: str) -> bool:
    return word.casefold() in _DETERMINERS or word[:1].isupper() or word[:1].isdigit()


def _pairs(sentence: str, verb: str, prep: str) -> list[Pair]:
    """The pairs of a verb gapped over conjuncts, the verb's own conjunct first; empty when
    no conjunct after it is verbless with the same preposition."""
    parts = [word_tuple(p) for p in _CONJUNCTS.split(sentence) if p and p.strip()]
    for i, words in enumerate(parts):
        at = next((k for k, w in enumerate(words) if lemma(w) == verb), None)
        if at is None:
            continue
        first = _split_at(words[at + 1 :], prep)
        if first is None:
            return []
        pairs = [first]
        for later in parts[i + 1 :]:
            if any(is_verb_like(w) or w.casefold() in AUX for w in later):
                break  # a conjunct with its own verb says its own thing
            pair = _split_at(later, prep)
            if pair is None or not _nominal_start(later[0]):
                break
            pairs.append(pair)
        return pairs if len(pairs) > 1 else []
    return []


def check_gapped_pairs(claim: str, ev: str) -> Failure:
    """The claim's object and its argument come from one conjunct of a gapped verb."""
    verb = analyse(claim).verb
    if verb is None:
        return None
    words = word_tuple(claim)
    at = next((k for k, w in enumerate(words) if lemma(w) == verb), None)
    if at is None:
        return None
    tail = words[at + 1 :]
    where = next((k for k, w in enumerate(tail) if w.casefold() in _PREPOSITIONS), None)
    if where is None:
        return None
    prep, term = tail[where].casefold(), " ".join(tail[where + 1 :])
    mine = _split_at(tail, prep)
    if mine is None:
        return None
    obj, arg = mine
    for sentence in _SENTENCES.split(ev):
        pairs = _pairs(sentence, verb, prep)
        own = [p for p in pairs if obj <= p[0]]
        if len(own) != 1 or arg <= own[0][1]:
            continue
        other = next((p for p in pairs if p is not own[0] and arg <= p[1]), None)
        if other is not None:
            return term, f"the evidence pairs '{' '.join(sorted(obj))}' with another '{prep}' than '{term}'"
    return None
