"""Lemmas, content words and a small curated table of lemma equivalences.

The lemmatiser (simplemma, pinned) and the tables here are part of the resolver
version: changing either can change a gate decision, so ``LEMMA_TABLE_VERSION``
moves whenever they do.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from affidavit.text.memo import memo


def _simplemma() -> Any:
    """simplemma's English lemmatiser, made on first use (its import costs ~70 ms of server
    start-up); its dictionary is read through restart points (``text.lemma_dict``)."""
    from affidavit.text.lemma_dict import english

    return english()

# eq-14: a firm taken over, bought out or bought up is acquired (with a name as object);
# eq-13: "per" is a function word again: the write gate's rate check (``checks_values``)
#        now holds the rate's unit to the evidence's ("per year" needs "a year", "/year");
# eq-12: eq-10's tables again (eq-11 read "per" as a function word, which invented rates:
#        "paid €1,200 for the year" said "per year");
# eq-11: "per" was a function word;
# eq-10: office titles and their abbreviations ("managing director" says "MD");
# eq-9: calendar abbreviations ("thurs", "aug"; not those that are words too);
# eq-8: "till" says "until" (the short form chat and minutes write);
# eq-7: kin words of one sex no longer cover each other (son !~ daughter);
# eq-6: repair ~ fix ~ mend, fixed/fixes -> fix; eq-5: head chef phrases;
# eq-4: resign ~ quit, smoke ~ smoker; die ~ pass away
LEMMA_TABLE_VERSION = "eq-14"
SIMPLEMMA_VERSION = "simplemma-2.0.0"


def is_known_word(word: str) -> bool:
    """``word`` (lower case) is in the pinned lemmatiser's English dictionary."""
    return bool(_simplemma().is_known(word, lang="en"))

# Forms simplemma gets wrong or leaves alone.
_IRREGULAR: dict[str, str] = {
    "fixed": "fix", "fixes": "fix",  # simplemma gives "fixe"
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

# (form, lemma) of the irregular verb forms above, simple pasts before participles
# ("wrote" before "written"), for writing a verb in the past from its lemma.
IRREGULAR_PASTS: tuple[tuple[str, str], ...] = tuple(
    sorted(_IRREGULAR.items(), key=lambda item: item[0].endswith(("en", "un", "wn", "rn", "ne")))
)


def irregular_past(base: str) -> str | None:
    """The simple past of an irregular verb from its lemma ("drive" -> "drove"), or None."""
    return next((form for form, lem in IRREGULAR_PASTS if lem == base), None)

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "per",  # "€2,300 a month" is "€2,300 per month": checks_values holds the unit
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
    frozenset({"repair", "fix", "mend"}),
    frozenset({"until", "till"}),
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
    frozenset({"coach", "train"}),
    frozenset({"join", "enter"}),
    frozenset({"create", "make"}),
    frozenset({"pay", "spend"}),
    frozenset({"large", "big"}),
    frozenset({"small", "little"}),
    frozenset({"take", "prescribe"}),
    frozenset({"resign", "quit"}),
    frozenset({"smoke", "smoker"}),
    frozenset({"metre", "meter", "m"}),
    frozenset({"dollar", "usd", "$"}),
    frozenset({"pound", "gbp", "£"}),
    frozenset({"euro", "eur", "€"}),
    # Calendar abbreviations as chat and notes write them; not those that are also words
    # ("sat", "sun", "wed", "mon", "mar", "jan", "may").
    frozenset({"tuesday", "tue", "tues"}),
    frozenset({"thursday", "thu", "thur", "thurs"}),
    frozenset({"friday", "fri"}),
    frozenset({"february", "feb"}),
    frozenset({"april", "apr"}),
    frozenset({"june", "jun"}),
    frozenset({"july", "jul"}),
    frozenset({"august", "aug"}),
    frozenset({"september", "sep", "sept"}),
    frozenset({"october", "oct"}),
    frozenset({"november", "nov"}),
    frozenset({"december", "dec"}),
)

# Members of a class that name one kind of what the class word names: the class word
# ("child") covers each, but they do not cover one another ("son" is not "daughter")
# nor are they covered by the class word ("child" does not say "son"). These are the
# members with a WordNet antonym in their own class (tests/test_gate_lexical.py checks).
SPECIFIC: frozenset[str] = frozenset(
    {"son", "daughter", "brother", "sister", "mother", "father", "wife", "husband"}
)

_CLASS_OF: dict[str, int] = {w: i for i, cls in enumerate(EQUIVALENCES) for w in cls}
_CANONICAL: dict[str, str] = {w: min(cls) for cls in EQUIVALENCES for w in cls}

_WORD = re.compile(r"[^\W_][\w'’\-]*", re.UNICODE)


@memo(maxsize=131072)
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
    result: str = _simplemma().lemmatize(low, lang="en")
    return result.casefold()


def canonical(lemma_: str) -> str:
    """A representative of the lemma's equivalence class (the lemma itself when alone)."""
    return _CANONICAL.get(lemma_, lemma_)


def equivalent(a: str, b: str) -> bool:
    """Whether two words are the same lemma or lemmas in one equivalence class."""
    la, lb = lemma(a), lemma(b)
    if la == lb:
        return True
    ia = _CLASS_OF.get(la)
    return ia is not None and ia == _CLASS_OF.get(lb)


# Phrase equivalences: several words that say what one term says. Each phrase is
# matched on lemmas, in order and adjacent ("played in goal" matches "play in goal");
# a match contributes its term. Same care as EQUIVALENCES: every phrase must mean
# the term wherever the gates meet it.
PHRASES: dict[str, tuple[str, ...]] = {
    "goalkeeper": ("play in goal", "keep goal", "goalie"),
    "manage": ("in charge of", "at the helm of", "take charge of"),
    "employ": ("work for", "on the payroll of"),
    "found": ("set up",),
    "die": ("pass away",),
    "resign": ("step down",),
    "stock exchange": ("stock exchange", "securities exchange", "stock market", "bourse"),
    "head chef": ("head chef", "executive chef", "chef de cuisine", "in charge of the kitchen"),
    # Titles and the abbreviations offices write them as ("the MD", "our FD", "co sec").
    "md": ("managing director",),
    "gm": ("general manager",),
    "fd": ("finance director", "financial director"),
    "cfo": ("chief financial officer",),
    "coo": ("chief operating officer",),
    "cto": ("chief technology officer", "chief technical officer"),
    "cosec": ("company secretary", "co sec", "co-sec"),
    "vp": ("vice president", "vice-president"),
}


class PhraseMatch(NamedTuple):
    """A phrase found in a text: ``text[start:end]`` says ``term``."""

    start: int
    end: int
    term: str


# First lemma -> (phrase lemmas, term), longest first; filled below, once ``lemma`` exists.
_PHRASE_INDEX: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {}


def phrase_matches(text: str) -> tuple[PhraseMatch, ...]:
    """Phrases of ``PHRASES`` in ``text``, left to right, longest first where they overlap."""
    return _phrase_matches(text)


@memo(maxsize=16384)
def _phrase_matches(text: str) -> tuple[PhraseMatch, ...]:
    if not _PHRASE_INDEX:
        # Built on first use: lemmatising loads simplemma's dictionary (~0.2 s), which
        # a process that only serves tools/list or verify should not pay at import.
        _PHRASE_INDEX.update(_index_phrases())
    spans = [(m.start(), m.end(), lemma(m.group(0))) for m in _WORD.finditer(text)]
    lemmas_ = [s[2] for s in spans]
    out: list[PhraseMatch] = []
    i = 0
    while i < len(spans):
        for words_, term in _PHRASE_INDEX.get(lemmas_[i], ()):  # longest phrases first
            if tuple(lemmas_[i : i + len(words_)]) == words_:
                out.append(PhraseMatch(spans[i][0], spans[i + len(words_) - 1][1], term))
                i += len(words_)
                break
        else:
            i += 1
    taken = [PhraseMatch(m.start(), m.end("verb"), "acquire") for m in _ACQUIRED.finditer(text)
             if not m.group("name").endswith(_POSSESSIVE_ENDS)]  # "bought out Brix Foods' founder"
    if taken:
        out = sorted(out + [t for t in taken if not any(t.start < o.end and o.start < t.end for o in out)])
    return tuple(out)


# A firm "taken over", "bought out" or "bought up" is acquired: only with a name as the
# object ("took over Vilsandi Dairy", "was taken over by Brix"), never a role, a shift or
# a part ("took over as chair", "took over the kitchen", "took over Brix's distribution",
# "took over Brix as chief executive", "took over from Mart").
_POSSESSIVE_ENDS = ("s'", "s’", "'s", "’s")
_ACQUIRED = re.compile(
    r"\b(?P<verb>(?:take|takes|took|taken|taking|buy|buys|bought|buying)\s+(?:over|out|up))"
    r"\s+(?:by\s+)?(?:the\s+)?(?P<name>[A-Z][\w'’\-]*+(?:\s+(?:[A-Z][\w'’\-]*+|of|de|di|la|&))*+)"
    r"(?!['’]s?\b|\s+as\b|[\w'’\-])"
)


def phrase_terms(text: str) -> tuple[str, ...]:
    """Terms said by phrases in ``text`` ("plays in goal" -> "goalkeeper"), each once.

    The read gate calls this on a question to demand the term instead of the
    phrase's words; the write gate adds it to a claim's predicate terms.
    """
    return tuple(dict.fromkeys(m.term for m in phrase_matches(text)))


def words(text: str) -> list[str]:
    """Word tokens of ``text`` (letters and digits, inner apostrophes and hyphens kept)."""
    return list(word_tuple(text))


@memo(maxsize=8192)
def word_tuple(text: str) -> tuple[str, ...]:
    """``words`` as a tuple, cached: the checks split the same claim and span repeatedly."""
    return tuple(_WORD.findall(text))


@memo(maxsize=16384)
def content_lemmas(text: str) -> tuple[str, ...]:
    """Lemmas of the content words of ``text``, in order, stopwords dropped."""
    out: list[str] = []
    for word in words(text):
        lem = lemma(word)
        if lem and lem not in STOPWORDS and word.casefold() not in STOPWORDS:
            out.append(lem)
    return tuple(out)


def _index_phrases() -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    entries = sorted(
        ((tuple(lemma(w) for w in words(p)), term) for term, ps in PHRASES.items() for p in ps),
        key=lambda entry: -len(entry[0]),
    )
    index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for entry in entries:
        index.setdefault(entry[0][0], []).append(entry)
    return {first: tuple(group) for first, group in index.items()}

