"""The subject region of a sentence: the names that head it and those tucked inside it.

"Ines Roy, the lawyer representing Ada Berg, was fined" names Ada Berg, but the one
fined is Ines Roy: Ada Berg sits in an apposition. The same holds for a relative clause
("the engineer who trained under X designed ..."), a prepositional or participle
modifier ("the lawyer for X", "the firm owned by X") and a possessor ("X's brother").
And in "A chairs the board and B is its treasurer" each person has a clause of their own.

The scan is shallow (no tagger) and only ever narrows what a name is credited with;
when it cannot find the main verb it says nothing.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from affidavit.gates.write_parse import (
    AUX,
    Mention,
    is_verb_like,
    main_start,
    mentions,
    unlisted_verb,
)
from affidavit.text.lemmas import STOPWORDS
from affidavit.text.markers import QUANTIFIERS
from affidavit.text.memo import memo
from affidavit.text.numbers import quantities

Failure = tuple[str, str] | None

_TOKEN = re.compile(r"[\w'’\-]+|[,;:()]")
_COUNTS = frozenset(
    {
        "dozens",
        "hundreds",
        "thousands",
        "millions",
        "half",
        "majority",
        "rest",
        "minority",
        "both",
        "either",
        "neither",
        "any",
        "one",
        "none",
        "number",
        "billions",
    }
)
_RELATIVE = frozenset({"who", "whom", "whose", "which", "that"})
# Prepositions that attach a modifier to the subject's head noun ("the son of X").
_MODIFIER_PREPS = frozenset(
    {"of", "for", "under", "with", "to", "from", "at", "behind", "near", "like", "against",
     "beside", "alongside", "besides", "including"}
)  # fmt: skip
# Words that cannot be the verb that follows a subject name.
_FUNCTION = STOPWORDS | AUX | _MODIFIER_PREPS | {"and", "or", "nor", "not", "both", "either"}


class Scan(NamedTuple):
    """The subject region of a sentence: which names head it, which sit inside it."""

    heads: tuple[Mention, ...]
    embedded: tuple[Mention, ...]
    embedded_text: str  # the words of the modifiers, for "is the claim's verb in there?"
    verb_at: int  # offset of the main verb


def _is_verb(word: str) -> bool:
    return word[:1].islower() and is_verb_like(word)


@memo(maxsize=4096)
def scan(text: str) -> Scan | None:
    """Heads and embedded names before the main verb of ``text``; None when unsure."""
    begin = main_start(text, 0, len(text))
    at_name = {m.start: m for m in mentions(text) if m.start >= begin}
    heads: list[Mention] = []
    embedded: list[Mention] = []
    pieces: list[str] = []
    mode: str | None = None  # "appos", "rel", "mod": inside a modifier of the head
    rel_verb = 0  # in a relative clause: 0 before its verb, 1 in it, 2 after it
    head_seen = False
    after_head_name = False
    skip_to = -1
    toks = list(_TOKEN.finditer(text, begin))
    for i, tok in enumerate(toks):
        if tok.start() < skip_to:
            continue
        word, low = tok.group(0), tok.group(0).casefold()
        m = at_name.get(tok.start())
        if m is not None:
            skip_to = m.end
            if mode is not None or m.possessive:
                embedded.append(m)
                pieces.append(m.name)
                after_head_name = False
                rel_verb = 2 if mode == "rel" and rel_verb == 1 else rel_verb
            else:
                heads.append(m)
                head_seen = after_head_name = True
            continue
        was_after_name, after_head_name = after_head_name, False
        if word == ",":
            if mode is None and head_seen:
                nxt = toks[i + 1] if i + 1 < len(toks) else None
                # ", Ada Berg," names the head again (or lists another); ", the lawyer
                # representing ...," / ", 54," describes it.
                # A comma straight before the verb closes an apposition that named the head.
                if nxt is not None and nxt.start() not in at_name and not _is_verb(nxt.group(0)):
                    mode = "appos"
            elif mode is not None:
                mode, rel_verb = None, 0
            continue
        if word in ";:()":
            return None  # a header or a list: not one subject and its verb
        if mode == "rel":
            if _is_verb(word) and rel_verb == 2:
                return _done(heads, embedded, pieces, tok.start())
            pieces.append(word)
            if _is_verb(word):
                rel_verb = 1
            elif rel_verb == 1 and not low.endswith("ly"):
                rel_verb = 2
            continue
        if mode is not None:
            pieces.append(word)
            if low in _RELATIVE:
                mode, rel_verb = "rel", 0
            elif mode == "mod" and _is_verb(word) and not _participle_by(toks, i):
                return _done(heads, embedded, pieces[:-1], tok.start())
            continue
        if head_seen and low in _RELATIVE:
            mode, rel_verb = "rel", 0
            pieces.append(word)
            continue
        if low == "of" and _quantity_word(toks[i - 1].group(0)):
            continue  # "dozens of X staff", "most of X": X is who the sentence counts
        if head_seen and (low in _MODIFIER_PREPS or low.endswith("ing") or _participle_by(toks, i)):
            mode = "mod"
            pieces.append(word)
            continue
        if _is_verb(word) and (head_seen or low in AUX):
            return _done(heads, embedded, pieces, tok.start())
        if was_after_name and unlisted_verb(word) and low not in _FUNCTION:
            return _done(heads, embedded, pieces, tok.start())  # "X lent Y"
        if word[:1].isalnum() and low not in _FUNCTION:
            head_seen = True
    return None


def _participle_by(toks: list[re.Match[str]], i: int) -> bool:
    """ "owned by", "run by" after the head noun: a modifier, not the main verb."""
    word = toks[i].group(0)
    nxt = toks[i + 1].group(0).casefold() if i + 1 < len(toks) else ""
    prev = toks[i - 1].group(0).casefold() if i > 0 else ""
    return nxt == "by" and prev not in AUX and _is_verb(word) and word.casefold() not in AUX


def _quantity_word(word: str) -> bool:
    low = word.casefold()
    return low in QUANTIFIERS or low in _COUNTS or bool(quantities(word))


def _done(heads: list[Mention], embedded: list[Mention], pieces: list[str], at: int) -> Scan:
    return Scan(tuple(heads), tuple(embedded), " ".join(pieces), at)
