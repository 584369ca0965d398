"""Answer classes and role shapes the read gate reads from a claim's words. Pure.

Some demands are met by what a claim's words *are*, not by one word it repeats:

* "how often" is answered by a frequency ("once daily", "every week");
* "which languages" by the name of a language;
* "who runs / heads / leads Y" by a claim that the subject holds Y's top
  position ("X is the chief executive of Y", "X is the headteacher of Y");
* a role word under a subordinating modifier ("deputy head", "vice president",
  "former chair") is not the role itself: it grounds the bare word only when
  the question asks with the same modifier;
* a leadership word that premodifies another noun ("the head chef", "a lead
  engineer") heads that noun's work, not the organisation: it grounds "run" or
  "head" only when the question asks for that noun too;
* what a claim says has stopped ("drops support for", "stopped taking", "no
  longer works") answers only a question about stopping ("no longer", "stop").
* a kind names its class: "X runs a bakery" says X runs a shop (``KINDS``);
  the converse never holds.

The lists are closed and general English; like the lemma tables they are part
of the resolver.
"""

from __future__ import annotations

import re

from affidavit.text.lemmas import STOPWORDS, lemma, words
from affidavit.text.memo import memo

_COUNT = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|several|many)"
_UNIT = r"(?:day|night|morning|evening|afternoon|week|weekday|weekend|month|year|hour|minute)"
FREQUENCY = re.compile(
    rf"\b(?:once|twice|thrice|{_COUNT}\s+times)\b"
    r"|\b(?:daily|nightly|hourly|weekly|fortnightly|biweekly|monthly|quarterly|yearly|annually)\b"
    rf"|\b(?:every|each|per)\s+(?:other\s+)?(?:{_COUNT}\s+)?{_UNIT}s?\b"
    r"|\b(?:as|when|if)\s+(?:needed|required)\b|\bon\s+demand\b",
    re.I,
)

LANGUAGES = frozenset({
    "afrikaans", "akan", "albanian", "amharic", "arabic", "armenian", "basque", "bengali",
    "bosnian", "bulgarian", "burmese", "cantonese", "catalan", "chinese", "croatian", "czech",
    "danish", "dutch", "english", "esperanto", "estonian", "farsi", "filipino", "finnish",
    "french", "gaelic", "galician", "georgian", "german", "greek", "gujarati", "hausa",
    "hawaiian", "hebrew", "hindi", "hungarian", "icelandic", "igbo", "indonesian", "irish",
    "italian", "japanese", "kazakh", "khmer", "korean", "kurdish", "latin", "latvian",
    "lithuanian", "malay", "mandarin", "maori", "marathi", "nepali", "norwegian", "pashto",
    "persian", "polish", "portuguese", "punjabi", "romanian", "russian", "samoan", "serbian",
    "sinhala", "slovak", "slovenian", "somali", "spanish", "swahili", "swedish", "tagalog",
    "tamil", "telugu", "thai", "turkish", "twi", "ukrainian", "urdu", "uzbek", "vietnamese",
    "welsh", "xhosa", "yoruba", "zulu",
})  # fmt: skip

# Modifiers a thing's name may follow that say which thing, never what kind or which slot
# ("drives a grey Subaru Outback"): colours and ages.
COLOUR_OR_AGE = frozenset({
    "white", "black", "grey", "gray", "red", "blue", "green", "yellow", "silver", "brown", "orange",
    "purple", "pink", "beige", "gold", "dark", "light", "old", "new", "used", "second-hand", "vintage",
})  # fmt: skip

# Words that make the following role word a lesser or a past position.
SUBORDINATE = frozenset({
    "deputy", "vice", "assistant", "associate", "former", "ex", "honorary", "non-executive",
    "under", "sub", "acting-deputy",
})  # fmt: skip

# Positions whose holder runs the organisation named after "of"/"at". Matched as
# the whole role phrase (after LEAD_PREMODIFIERS), never as a suffix: "the finance
# director of Y" does not run Y.
LEADER_ROLES = frozenset({
    "chief executive", "chief executive officer", "ceo", "managing director", "president",
    "headteacher", "head teacher", "headmaster", "headmistress", "principal", "head",
    "director", "director general", "director-general", "general manager", "manager",
    "leader", "boss", "rector", "superintendent", "commanding officer",
})  # fmt: skip
LEAD_PREMODIFIERS = frozenset({
    "current", "acting", "interim", "founding", "new", "longtime", "long-serving", "sole",
})  # fmt: skip
# Demanded lemmas that ask for whoever runs an organisation (not "chair", "direct"
# or "manage": those name a position of their own).
LEAD_DEMANDS = frozenset({"run", "head", "lead"})

_NAME_WORD = r"[A-Z][\w'’&\-.]*"
_LEAD = re.compile(
    r"^\s*(?:is|was|has been|had been|remains|serves as|served as|acts as)\s+(?:the|its)\s+"
    r"((?:[a-z][\w\-]*\s+){0,3}?[a-z][\w\-]*)\s+(?:of|at)\s+(?:the\s+)?"
    rf"({_NAME_WORD}(?:\s+(?:{_NAME_WORD}|of|and|&|de|du|la|van|von|der|for))*)"
    r"\s*(?:$|[.,;]|\s+(?:since|from|until|between|during)\b)"
)


def ascii_capitals(text: str) -> str:
    """``text`` with every capital outside ASCII written "A" (same length), so a pattern's
    ``[A-Z]`` sees that a name begins there ("the chief executive of Ìrètí Logistics")."""
    if text.isascii():
        return text
    return "".join("A" if ch.isupper() and not ch.isascii() else ch for ch in text)


@memo(maxsize=65536)
def leads_organisation(text: str, subject_name: str, n_entities: int) -> bool:
    """Whether ``text`` says its subject holds the top position of the one other entity.

    The organisation must close the role phrase ("the head of compliance at Y"
    is a department's head, not Y's) and be the claim's only other entity.
    """
    if n_entities != 2:
        return False
    at = text.find(subject_name)
    if at < 0:
        return False
    m = _LEAD.match(ascii_capitals(text[at + len(subject_name) :]))
    if m is None:
        return False
    role = m.group(1).casefold().split()
    while role and role[0] in LEAD_PREMODIFIERS:
        role = role[1:]
    return " ".join(role) in LEADER_ROLES


def names_language(text: str) -> bool:
    """Whether ``text`` names a language (or says "language")."""
    return any(w.casefold() in LANGUAGES or lemma(w) == "language" for w in words(text))


@memo(maxsize=65536)
def subordinated(text: str) -> tuple[tuple[str, str], ...]:
    """``(lemma, modifier)`` for content words of ``text`` that occur only right after a
    subordinating modifier ("deputy head" -> ("head", "deputy"))."""
    toks = [w.casefold() for w in words(text)]
    modified: dict[str, str] = {}
    plain: set[str] = set()
    for i, tok in enumerate(toks):
        if tok in STOPWORDS or tok in SUBORDINATE:
            continue
        lem = lemma(tok)
        prev = toks[i - 1] if i else ""
        if prev in SUBORDINATE:
            modified.setdefault(lem, prev)
        else:
            plain.add(lem)
    return tuple((lem, mod) for lem, mod in modified.items() if lem not in plain)


# Verbs (and "no longer") that say their object has stopped.
CESSATION = frozenset({
    "stop", "cease", "discontinue", "drop", "quit", "abandon", "withdraw", "deprecate",
    "halt", "suspend", "end",
})  # fmt: skip
_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "his", "her"})
_RUN_CLASS = frozenset({"run", "manage", "head", "lead", "direct", "chair"})


@memo(maxsize=65536)
def _cessation_marks(text: str) -> tuple[int, ...]:
    """Token positions of ``words(text)`` that say cessation: a verb of ``CESSATION``
    (not a noun: "the end of") or the "longer" of "no longer"."""
    toks = [w.casefold() for w in words(text)]
    marks: list[int] = []
    for i, tok in enumerate(toks):
        prev = toks[i - 1] if i else ""
        no_longer = tok == "longer" and prev == "no"
        if no_longer or (lemma(tok) in CESSATION and prev not in _DETERMINERS):
            marks.append(i)
    return tuple(marks)


def states_cessation(text: str) -> bool:
    """Whether ``text`` says something stopped."""
    return bool(_cessation_marks(text))


@memo(maxsize=65536)
def ceased(text: str) -> frozenset[str]:
    """Lemmas of the words a cessation governs: the next lower-case content word
    ("drops *support* for", "stopped *taking*", "no longer *works*")."""
    raw = words(text)
    out: set[str] = set()
    for i in _cessation_marks(text):
        for w in raw[i + 1 : i + 4]:
            low = w.casefold()
            if low in STOPWORDS or low in _DETERMINERS:
                continue
            if w[0].islower():
                out.add(lemma(w))
            break
    return frozenset(out)


@memo(maxsize=65536)
def premodifying_leads(text: str) -> tuple[tuple[str, str], ...]:
    """``(lead lemma, noun lemma)`` for a leadership word used as a noun's premodifier
    ("the head chef" -> ("head", "chef")); a leader role of its own ("the head
    teacher", "the managing director") is not one."""
    toks = [w.casefold() for w in words(text)]
    out: list[tuple[str, str]] = []
    for i in range(1, len(toks) - 1):
        lem, nxt = lemma(toks[i]), toks[i + 1]
        if lem not in _RUN_CLASS or toks[i - 1] not in _DETERMINERS:
            continue
        if nxt in STOPWORDS or not nxt.isalpha() or f"{toks[i]} {nxt}" in LEADER_ROLES:
            continue
        out.append((lem, lemma(nxt)))
    return tuple(out)


def us_spelling(lemma_: str) -> str:
    """The American spelling of a British lemma ("organisation" -> "organization",
    "colour" -> "color", "centre" -> "center"), so either spelling grounds the other.
    Short words are left alone: "four", "hour" and "prise" are not spellings."""
    if len(lemma_) < 6:
        return lemma_
    for gb, us in (
        ("isation", "ization"),
        ("ise", "ize"),
        ("ising", "izing"),
        ("our", "or"),
        ("tre", "ter"),
        ("bre", "ber"),
    ):
        if lemma_.endswith(gb):
            return lemma_[: -len(gb)] + us
    return lemma_


_SHOPS = frozenset({
    "bakery", "butcher", "butchery", "florist", "pharmacy", "chemist", "grocery", "grocer",
    "greengrocer", "bookshop", "bookstore", "boutique", "deli", "delicatessen", "newsagent",
    "ironmonger", "haberdashery", "patisserie", "confectioner", "tobacconist", "jeweller",
    "jeweler", "fishmonger", "supermarket", "off-licence",
})  # fmt: skip
_EATERIES = frozenset({
    "bistro", "brasserie", "trattoria", "pizzeria", "diner", "steakhouse", "eatery", "canteen",
})  # fmt: skip
_BUSINESSES = frozenset({
    "shop", "store", "restaurant", "cafe", "café", "pub", "bar", "hotel", "guesthouse",
    "salon", "brewery", "distillery", "winery", "firm", "company",
})  # fmt: skip
# A class noun -> lemmas of its kinds. Closed and general English, like LANGUAGES;
# each kind is that class in every sense the gate meets.
KINDS: dict[str, frozenset[str]] = {
    "shop": _SHOPS,
    "store": _SHOPS,
    "restaurant": _EATERIES,
    "business": _SHOPS | _EATERIES | _BUSINESSES,
}
