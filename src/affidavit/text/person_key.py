"""One key per person, however the name is spelled: what erasure fingerprints.

A tombstone keyed on a spelling lets the person back in as "Dána Kim", a Cyrillic
"а", fullwidth letters, "Dana-Kim", "Kim Dana" or "Dana Kim Jr". The key here folds
all of those to one string: NFKC, case folding, Latin confusables (UTS #39 data,
``text.confusables``), marks removed, hyphens and dots as spaces, titles and
generational suffixes dropped, and the tokens sorted so name order does not count.

``variant_keys`` are the weaker forms that may or may not be the same person —
"Dana K.", "D. Kim", a lone "Dana" or "Kim" — which the write gate holds for an
operator's review rather than refusing outright.

Matching only: these keys are fingerprinted and compared, never stored as text.
"""

from __future__ import annotations

import re
import unicodedata

from affidavit.text.confusables import CONFUSABLES_VERSION, latin_table
from affidavit.text.memo import memo
from affidavit.text.wordlists import TITLES

PERSON_KEY_VERSION = f"person-key/2+{CONFUSABLES_VERSION}"
SUFFIXES = frozenset({"jr", "jnr", "junior", "sr", "snr", "senior", "ii", "iii", "iv", "phd", "md",
                      "esq"})
_SEPARATORS = re.compile(r"[\s\-‐‑‒–—_./·,]+")
_POSSESSIVE = re.compile(r"['’]s$")
_DROP = re.compile(r"[^\w ]")


@memo(maxsize=4096)
def fold_name(name: str) -> str:
    """Casefolded, confusables mapped to Latin, marks removed, separators as spaces."""
    table = latin_table()
    # Before and after case folding: a capital may be confusable where its lower case
    # is not (Greek "Κ" ~ "K", but "κ" is no "k"), and the reverse.
    text = unicodedata.normalize("NFKC", name).translate(table).casefold().translate(table)
    bare = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
    words = [_POSSESSIVE.sub("", w) for w in _SEPARATORS.split(bare)]
    return " ".join(w for w in (_DROP.sub("", w) for w in words) if w)


def person_tokens(name: str) -> tuple[str, ...]:
    """The folded name's tokens without leading titles or trailing suffixes."""
    tokens = fold_name(name).split()
    while len(tokens) > 1 and tokens[0] in TITLES:
        tokens.pop(0)
    while len(tokens) > 1 and tokens[-1] in SUFFIXES:
        tokens.pop()
    return tuple(tokens)


def person_key(name: str) -> str:
    """Order-free key of the person a name denotes ("" when it names no one)."""
    return " ".join(sorted(person_tokens(name)))


def variant_keys(name: str) -> tuple[str, ...]:
    """Keys of the partial forms of a full name: initials and each name alone.

    "Dana Kim" -> "dana k", "d kim", "dana", "kim". A one-token name has none: it is
    already as partial as a name gets.
    """
    tokens = person_tokens(name)
    if len(tokens) < 2:
        return ()
    first, last = tokens[0], tokens[-1]
    forms = {f"{first} {last[0]}", f"{first[0]} {last}", first, last}
    if len(tokens) > 2:  # "Madalena Valente" for "Madalena Gouveia Valente": a middle name dropped
        forms.add(f"{first} {last}")
    return tuple(sorted(" ".join(sorted(f.split())) for f in forms))


_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


def capitalised_runs(text: str) -> list[str]:
    """Every run of capitalised words, wherever it stands — sentence-initial ones too.

    The tombstone check asks about all of them: a name finder that skips a
    sentence-initial "Kim" (it might be a common word) must not let an erased
    surname through. Extra candidates cost one fingerprint each and match nothing
    unless a person of that name was erased.
    """
    runs: list[str] = []
    current: list[str] = []
    last_end = -1
    for match in _WORD.finditer(text):
        word = match.group().rstrip(".")
        capital = word[:1].isupper()
        # "Okafor & Brandt" is one name (a firm), not a lone "Okafor".
        joined = current and text[last_end:match.start()].strip(" -&") == ""
        if capital and (joined or not current):
            current.append(word)
        else:
            if current:
                runs.append(" ".join(current))
            current = [word] if capital else []
        last_end = match.end()
        if match.group().endswith(".") and len(word) > 1 and current:  # a sentence ends here
            runs.append(" ".join(current))
            current = []
    if current:
        runs.append(" ".join(current))
    # Runs only, not their words alone: "Dana Lee" is not a lone "Dana".
    return list(dict.fromkeys(runs))
