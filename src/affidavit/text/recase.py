"""Names written without capitals in chat ("my cousin jerome panganiban fixed it").

Chat, tickets and headlines often write names all lower case (or all capitals), so a
name finder that keys on capitals does not see the person the claim is about. This
gives an evidence word the claim's capitals when the claim spells the same name:

- a run of two or more capitalised claim words ("Jerome Panganiban") is recased
  wherever the evidence has the same words in a row;
- a single claim word is recased on its own only when it is not an English word
  (the pinned lemmatiser's dictionary): "rodel", "vigdís" and "CATBALOGAN" are names,
  "rose", "will" and "may" may be words and stay as written.

Only words written all lower case or all upper case change (a word the evidence
capitalises is already a name, or deliberately not), and only letter for letter: the
recased text has the same length and offsets, so spans found in it are spans of the
evidence as quoted. Pure and deterministic; part of the write gate's resolver.
"""

from __future__ import annotations

import re

from affidavit.text.fold import fold
from affidavit.text.lemmas import is_known_word
from affidavit.text.wordlists import LEGAL_FORMS, NOT_NAMES, PARTICLES, TITLES

RECASE_VERSION = "recase-6"

_WORD = re.compile(r"[^\W\d_](?:[\w'’-]*[^\W_])?")
_POSSESSIVE = re.compile(r"['’]s$")


def _capitalised(word: str) -> bool:
    return word[:1].isupper()


def _uncased(word: str) -> bool:
    """Written without the claim's capitals: all lower case or all upper case."""
    return word == word.lower() or (word == word.upper() and len(word) > 1)


def _name_runs(claim: str) -> list[list[str]]:
    """Runs of capitalised claim words one space apart, particles inside ("Jan de Vries")."""
    runs: list[list[str]] = []
    current: list[str] = []
    last_end = -1
    for m in _WORD.finditer(claim):
        word = m.group()
        adjacent = bool(current) and claim[last_end : m.start()] == " "
        if _capitalised(word) or (adjacent and word in PARTICLES):
            if not adjacent and current:
                runs.append(current)
                current = []
            current.append(word)
        elif current:
            runs.append(current)
            current = []
        last_end = m.end()
    if current:
        runs.append(current)
    # A particle neither starts nor ends a run ("Porto of" is "Porto").
    trimmed = []
    for run in runs:
        caps = [i for i, w in enumerate(run) if _capitalised(w)]
        if caps:
            trimmed.append(run[caps[0] : caps[-1] + 1])
    return trimmed


def _same_letters(written: str, spelled: str) -> bool:
    return len(written) == len(spelled) and written.lower() == spelled.lower() and written != spelled


def _key(word: str) -> str:
    """A word for matching a claim's name in uncased chat: lower case, diacritics folded
    ("hemi" is the "Hēmi" of the claim, typed without its macron), a possessive or "is"
    clitic off ("lyimo's on nights")."""
    key = fold(word).lower()
    return key[:-2] if key.endswith(("'s", "’s")) else key


def _claim_key(word: str) -> str:
    """A claim word's key: folded like ``_key``, but a possessive kept ("Iribar's" names
    someone's relative, and recasing an evidence "iribar" from it would say more)."""
    return fold(word).lower()


def _cased_as(written: str, spelled: str) -> str:
    """``written`` with the capitals ``spelled`` has, letter for letter (its own letters
    kept: "hemi" -> "Hemi" for "Hēmi")."""
    if len(written) == len(spelled) + 2 and written[len(spelled) :] in ("'s", "’s"):
        return _cased_as(written[: len(spelled)], spelled) + written[len(spelled) :]
    if len(written) != len(spelled):
        return written
    return "".join(w.upper() if s.isupper() and len(w.upper()) == 1 else w
                   for w, s in zip(written, spelled, strict=True))


# "i", "i'm", "i've", "i'd", "i'll": the first-person pronoun chat writes lower case.
_I = re.compile(r"(?<![\w'’.])i(?=\s|['’](?:m|ve|d|ll)\b)")
# A sentence's first letter: at the start, after a line break, after . ! ? and space, or
# after a chat speaker's label ("ayelén: vicente says ...").
_OPENING = re.compile(r"(?:^|(?<=\n)|(?<=[.!?])\s+)[\s\"“‘'(]*([^\W\d_])", re.M)
_AFTER_LABEL = re.compile(r"^[^\W\d_][\w'’.\- ]{0,40}?:[ \t]+[\"“‘'(]*([^\W\d_])", re.M)


def _after_abbreviation(text: str, at: int) -> bool:
    """The '.' before ``at`` closes an abbreviation ("e.g.", "approx.", "Dr."), not a sentence."""
    before = text[max(0, at - 64) : at].rstrip()  # an abbreviation is short: read its end only
    if not before.endswith("."):
        return False
    word = re.search(r"([\w.]+)\.$", before)
    if word is None:
        return False
    w = word.group(1)
    return "." in w or len(w) == 1 or w.lower() in TITLES or w.lower() in _ABBREVIATIONS or w in LEGAL_FORMS


_ABBREVIATIONS = frozenset({"approx", "etc", "vs", "incl", "excl", "no", "nos", "ca", "cf", "esp", "fig"})


def chat_cased(evidence: str) -> str:
    """Chat's lower-case "i" and sentence openings as written prose has them (same length).

    The cues the gate reads (a question's opening "Did", a speaker "I think") are
    written with capitals in prose; chat leaves them out ("did she ever finish it??
    who told u that"). Letters change case only where one letter stays one letter.
    """
    out = list(evidence)
    for m in _I.finditer(evidence):
        out[m.start()] = "I"
    openings = [m for m in _OPENING.finditer(evidence) if not _after_abbreviation(evidence, m.start())]
    openings += list(_AFTER_LABEL.finditer(evidence))
    lower = [m for m in openings if m.group(1).islower()]
    # Prose that capitalises its sentences writes a lower-case word after a full stop
    # on purpose ("15.000 kr. for the cabin"): only an uncased text is recased.
    if len(lower) * 2 < len(openings):
        return "".join(out)
    for m in lower:
        ch = m.group(1)
        if len(ch.upper()) == 1:
            out[m.start(1)] = ch.upper()
    return "".join(out)


def recase_from_claim(claim: str, evidence: str) -> str:
    """``evidence`` with the claim's capitals on the names it writes uncased (same length)."""
    words = [(m.start(), m.group()) for m in _WORD.finditer(evidence)]
    if not words:
        return evidence
    out = list(evidence)

    def put(start: int, spelled: str) -> None:
        for i, ch in enumerate(spelled):
            if len(ch.lower()) == 1:  # letter for letter only: offsets never move
                out[start + i] = ch

    # Each evidence word as written (folded) and without an "'s" clitic: a claim word matches
    # either ("Sigurjónsson's" the possessive, "Lyimo" the "lyimo's" of "lyimo's on nights").
    raw = [_claim_key(w) for _, w in words]
    lowered = [_key(w) for _, w in words]
    singles: dict[str, str] = {}
    for run in _name_runs(claim):
        names = [w for w in run if _capitalised(w)]
        if len(names) >= 2:
            # "Leonora Sabado's job": a whole name's possessive is the name's, not its last
            # word's, so "leonora sabado" in the evidence is that name uncased.
            run = [*run[:-1], _POSSESSIVE.sub("", run[-1])]
            key = [_claim_key(w) for w in run]
            for i in range(len(words) - len(run) + 1):
                if not all(k in (raw[i + j], lowered[i + j]) for j, k in enumerate(key)):
                    continue
                window = words[i : i + len(run)]
                if all(_uncased(w) or w == s for (_, w), s in zip(window, run, strict=True)):
                    for (start, written), spelled in zip(window, run, strict=True):
                        if _uncased(written):
                            put(start, _cased_as(written, spelled))
        for word in names:
            low = word.lower()
            if low not in NOT_NAMES and not is_known_word(low):
                singles[_claim_key(word)] = word
    for (start, written), as_written, low in zip(words, raw, lowered, strict=True):
        single = singles.get(as_written) or singles.get(low)
        if single is not None and _uncased(written) and written != single:
            put(start, _cased_as(written, single))
    return "".join(out)
