"""An event the evidence calls off is not one the claim can say goes ahead.

"Tarjei will speak at the Bergen summit. Update: the summit has been cancelled." holds
every word of "Tarjei will speak at the Bergen summit", and then takes the summit away.
A claim that names the event (its noun, and the word before it when the evidence gives
one: "the March summit" is not the June one) and does not itself say it was called off
is refused. Pure function of (claim, evidence).
"""

from __future__ import annotations

import re

from affidavit.text.lemmas import content_lemmas, lemma

Failure = tuple[str, str] | None

_OFF = r"(?:cancel+ed|called[ \t]+off|scrapped|axed)"
_NOUN_OFF = (
    r"(?:\b(?P<mod>[\w'’\-]+)[ \t]+)?\b(?P<noun>[a-z][\w\-]*)[ \t]+"
    r"(?:(?:has|have|had|['’]s)[ \t]+been|was|were|is|are|got)[ \t]+(?:now[ \t]+)?" + _OFF + r"\b"
    r"|(?:\b(?P<mod3>[\w'’\-]+)[ \t]+)?\b(?P<noun3>[a-z][\w\-]*)[ \t]+(?:is|are|['’]s)[ \t]+off\b"
)
# "the summit has been cancelled", "quiz is off", "they called off the launch".
_CALLED_OFF = re.compile(
    _NOUN_OFF + r"|\b" + _OFF + r"[ \t]+(?:the|our|this|tomorrow['’]s|today['’]s)[ \t]+"
    r"(?:(?P<mod2>[\w'’\-]+)[ \t]+)?(?P<noun2>[a-z][\w\-]*)\b",
    re.I,
)
_DETERMINERS = frozenset({"the", "a", "an", "our", "this", "that", "their", "his", "her", "its", "my",
                          "your", "tomorrow's", "today's", "update", "edit"})  # fmt: skip


def check_called_off(claim: str, ev: str) -> Failure:
    if not _CALLED_OFF.search(ev) or _CALLED_OFF.search(claim):
        return None
    wanted = set(content_lemmas(claim))
    low_claim = claim.casefold()
    for m in _CALLED_OFF.finditer(ev):
        noun = m.group("noun") or m.group("noun2") or m.group("noun3")
        mod = m.group("mod") or m.group("mod2") or m.group("mod3")
        if lemma(noun) not in wanted and mod is not None and lemma(mod) in wanted and m.group("noun2"):
            noun, mod = mod, None  # "called off the launch on Monday": no modifier, "launch" the noun
        if lemma(noun) not in wanted:
            continue
        if mod is not None and mod.casefold() not in _DETERMINERS and mod.casefold() not in low_claim:
            continue  # "the March summit was cancelled": another summit than the claim's June one
        return noun, f"the evidence says the {noun} was called off"
    return None
