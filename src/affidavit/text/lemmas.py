"""Lemmas, content words and a small curated table of lemma equivalences.

The lemmatiser (simplemma, pinned) and the tables here are part of the resolver
version: changing either can change a gate decision, so ``LEMMA_TABLE_VERSION``
moves whenever they do.
"""

from __future__ import annotations

import re
from functools import lru_cache

import simplemma

LEMMA_TABLE_VERSION = "eq-1"
SIMPLEMMA_VERSION = "simplemma-2.0.0"

# Forms simplemma gets wrong or leaves alone.
_IRREGULAR: dict[str, str] = {
    "wrote": "write", "written": "write", "went": "go", "gone": "go", "won": "win",
    "born": "bear", "borne": "bear", "led": "lead", "ran": "run", "begun": "begin",
    "began": "begin", "taught": "teach", "bought": "buy", "sold": "sell", "built": "build",
    "paid": "pay", "left": "leave", "lost": "lose", "held": "hold", "made": "make",
    "met": "meet", "saw": "see", "seen": "see", "took": "take", "taken": "take",
    "gave": "give", "given": "give", "became": "become", "founded": "found",
    "found": "find", "ate": "eat", "eaten": "eat", "flew": "fly", "flown": "fly",
    "grew": "grow", "grown": "grow", "knew": "know", "known": "know", "rose": "rise",
    "risen": "rise", "spoke": "speak", "spoken": "speak", "stole": "steal",
    "stolen": "steal", "chose": "choose", "chosen": "choose", "drove": "drive",
    "driven": "drive", "fell": "fall", "fallen": "fall", "forgot": "forget",
    "forgotten": "forget", "hid": "hide", "hidden": "hide", "shot": "shoot",
    "sent": "send", "spent": "spend", "told": "tell", "thought": "think", "brought": "bring",
    "caught": "catch", "fought": "fight", "sought": "seek", "kept": "keep", "slept": "sleep",
    "felt": "feel", "meant": "mean", "dealt": "deal", "sat": "sit", "stood": "stand",
    "understood": "understand", "wore": "wear", "worn": "wear", "swore": "swear",
    "tore": "tear", "torn": "tear", "broke": "break", "broken": "break", "froze": "freeze",
    "frozen": "freeze", "woke": "wake", "woken": "wake", "ridden": "ride", "rode": "ride",
    "data": "data", "media": "media", "news": "news", "species": "species",
    "co-founded": "co-found", "headquartered": "headquarter", "based": "base",
    "people": "person", "children": "child", "women": "woman", "men": "man",
    "is": "be", "are": "be", "was": "be", "were": "be", "been": "be", "am": "be",
    "has": "have", "had": "have", "does": "do", "did": "do", "done": "do",
    "metres": "metre", "meters": "metre", "kilometres": "kilometre",
}  # fmt: skip

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "he",
        "she",
        "they",
        "them",
        "him",
        "her",
        "his",
        "hers",
        "their",
        "theirs",
        "we",
        "us",
        "our",
        "you",
        "your",
        "i",
        "me",
        "my",
        "who",
        "whom",
        "whose",
        "which",
        "what",
        "there",
        "here",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "with",
        "as",
        "into",
        "onto",
        "about",
        "and",
        "or",
        "but",
        "be",
        "have",
        "do",
        "also",
        "very",
        "so",
        "such",
        "than",
        "then",
        "just",
        "s",
        "'s",
        "’s",
    ]
)

# Lemma equivalence classes: words a careful reader treats as saying the same
# thing in a claim about a person or organisation. Kept small on purpose; each
# entry must be a synonym in every sense the gate will meet, not a near miss.
EQUIVALENCES: tuple[frozenset[str], ...] = (
    frozenset({"employ", "work", "employee"}),
    frozenset({"buy", "acquire", "purchase"}),
    frozenset({"sell", "sale"}),
    frozenset({"run", "manage", "head", "lead", "direct", "chair"}),
    frozenset({"live", "reside", "resident"}),
    frozenset({"base", "headquarter", "headquarters"}),
    frozenset({"found", "establish", "co-found"}),
    frozenset({"sibling", "sister", "brother"}),
    frozenset({"parent", "mother", "father"}),
    frozenset({"child", "daughter", "son"}),
    frozenset({"spouse", "wife", "husband"}),
    frozenset({"doctor", "physician", "gp"}),
    frozenset({"begin", "start", "commence"}),
    frozenset({"end", "finish", "conclude"}),
    frozenset({"defeat", "beat"}),
    frozenset({"absent", "miss"}),
    frozenset({"teach", "lecture"}),
    frozenset({"join", "enter"}),
    frozenset({"create", "make"}),
    frozenset({"pay", "spend"}),
    frozenset({"large", "big"}),
    frozenset({"small", "little"}),
    frozenset({"take", "prescribe"}),
    frozenset({"metre", "meter", "m"}),
    frozenset({"dollar", "usd", "$"}),
    frozenset({"pound", "gbp", "£"}),
    frozenset({"euro", "eur", "€"}),
)

_CLASS_OF: dict[str, int] = {w: i for i, cls in enumerate(EQUIVALENCES) for w in cls}

_WORD = re.compile(r"[^\W_][\w'’\-]*", re.UNICODE)


@lru_cache(maxsize=131072)
def lemma(word: str) -> str:
    """The English lemma of ``word``, lower-cased; a fixed table corrects simplemma."""
    low = word.casefold().strip("'’")
    if low.endswith(("'s", "’s")):
        low = low[:-2]
    fixed = _IRREGULAR.get(low)
    if fixed is not None:
        return fixed
    if not low.isalpha() and "-" not in low:
        return low
    result: str = simplemma.lemmatize(low, lang="en")
    return result.casefold()


def canonical(lemma_: str) -> str:
    """A representative of the lemma's equivalence class (the lemma itself when alone)."""
    index = _CLASS_OF.get(lemma_)
    if index is None:
        return lemma_
    return min(EQUIVALENCES[index])


def equivalent(a: str, b: str) -> bool:
    """Whether two words are the same lemma or lemmas in one equivalence class."""
    la, lb = lemma(a), lemma(b)
    if la == lb:
        return True
    ia = _CLASS_OF.get(la)
    return ia is not None and ia == _CLASS_OF.get(lb)


def words(text: str) -> list[str]:
    """Word tokens of ``text`` (letters and digits, inner apostrophes and hyphens kept)."""
    return _WORD.findall(text)


def content_lemmas(text: str) -> tuple[str, ...]:
    """Lemmas of the content words of ``text``, in order, stopwords dropped."""
    out: list[str] = []
    for word in words(text):
        lem = lemma(word)
        if lem and lem not in STOPWORDS and word.casefold() not in STOPWORDS:
            out.append(lem)
    return tuple(out)
