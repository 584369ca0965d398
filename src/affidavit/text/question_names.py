"""Names a chat question types in lower case ("hey is lena still renting from ola?"). Pure.

``find_names`` reads capitals; a chat question often has none. ``lowercase_runs``
offers the runs of lower-case words that could be names, and the read gate keeps a
run only when the store's name index resolves it to exactly one entity of the
caller's tenant. An ordinary English word is offered only where a name stands in a
question ("does *mark* work", "*mark's* boss"), so "where does lena work" never
looks up "work".
"""

from __future__ import annotations

import re
from typing import Any

from affidavit.text.lemmas import STOPWORDS
from affidavit.text.memo import memo

_WORD = re.compile(r"[^\W\d_][\w'’\-]*", re.UNICODE)
_AUX = frozenset({
    "is", "was", "are", "were", "does", "did", "do", "has", "have", "had", "will", "can",
    "could", "would", "should",
})  # fmt: skip
# Words that are never a name in a question: question words, chat fillers.
_NEVER = frozenset({
    "who", "whom", "whose", "what", "where", "when", "which", "why", "how", "hey", "hi",
    "hello", "ok", "okay", "um", "uh", "btw", "thanks", "please", "tell", "know", "still",
    "now", "currently", "today", "ever", "again", "any", "anyone", "someone", "somebody",
    "not", "no", "yes", "many", "much", "long", "often",
})  # fmt: skip
MAX_RUN = 5  # "distilerie cjamp di sot": names of four words and more are typed too


def _simplemma() -> Any:
    """simplemma's English lemmatiser, on first use (``text.lemma_dict``: the same lemmas,
    its dictionary read through restart points instead of decoded whole)."""
    from affidavit.text.lemma_dict import english

    return english()


@memo(maxsize=16384)
def is_known_word(token: str) -> bool:
    """Whether the lemmatiser knows ``token`` as an English word."""
    return bool(_simplemma().is_known(token, lang="en"))


_known_word = is_known_word


def word_runs(question: str) -> list[tuple[int, int]]:
    """``(start, end)`` spans of every run of two to ``MAX_RUN`` lower-case words that could
    be a name's words ("hong tram silk", each a word of English), longest first."""
    toks = [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(question)]
    inside = [
        t == t.casefold() and t not in STOPWORDS and t not in _NEVER and t not in _AUX and len(t) > 1
        for t, _s, _e in toks
    ]
    spans = [
        (toks[i][1], toks[i + n - 1][2])
        for i in range(len(toks)) for n in range(MAX_RUN, 1, -1)
        if i + n <= len(toks) and all(inside[i : i + n])
    ]  # fmt: skip
    spans.sort(key=lambda s: (-(s[1] - s[0]), s[0]))
    return spans


def lowercase_runs(question: str) -> list[tuple[int, int]]:
    """``(start, end)`` character spans of lower-case word runs that may be names, longest first."""
    toks = [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(question)]
    starts: list[bool] = []  # may open a name
    inside: list[bool] = []  # may continue one ("lena *moss*")
    for i, (tok, _s, _e) in enumerate(toks):
        bare = tok[:-2] if tok.endswith(("'s", "’s")) else tok
        low = bare.casefold()
        if bare != low or low in STOPWORDS or low in _NEVER or low in _AUX or len(low) < 2:
            starts.append(False)
            inside.append(False)
            continue
        at_name_slot = (i > 0 and toks[i - 1][0].casefold() in _AUX) or tok != bare
        starts.append(at_name_slot or not _known_word(low))
        inside.append(True)
    for i in range(len(toks) - 1):
        # "the company davit kapanadze works for": a word of English ("davit") may open a
        # name another, unknown word continues; only a run the store knows is ever read.
        if inside[i] and not starts[i] and inside[i + 1] and not _known_word(toks[i + 1][0].casefold()):
            starts[i] = True
    spans: list[tuple[int, int]] = []
    for i in range(len(toks)):
        for n in range(MAX_RUN, 0, -1):
            if i + n > len(toks) or not starts[i] or not all(inside[i : i + n]):
                continue
            if any(toks[j][0].endswith(("'s", "’s")) for j in range(i, i + n - 1)):
                continue  # a possessive ends a name
            spans.append((toks[i][1], toks[i + n - 1][2]))
    spans.sort(key=lambda s: (-(s[1] - s[0]), s[0]))
    return spans
