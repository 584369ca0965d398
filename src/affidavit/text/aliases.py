"""Nicknames and other names the evidence itself says a person goes by.

"Katarzyna Nowak, known to everyone as Kasia", "Tomás Ruiz (aka Tomi)", "Ngozi Eze, who
goes by Zizi", "Robert Hale, nicknamed Bobby", "Jóa (Jóhanna Ormsdóttir)": the store
records the short name as an alias of the full one, so recall finds the person by either
and ``forget`` erases both. Pure and conservative: only these explicit frames, the alias
one or two capitalised words (one, when it comes first).
"""

from __future__ import annotations

import re

from affidavit.text.wordlists import FIRM_SUFFIXES, NOT_NAMES

# In the resolver of every remember: which names an evidence makes one person's decides
# what forget erases. aliases/2: a short name before its full name in brackets.
ALIASES_VERSION = "aliases/2"

_NAME = r"(?P<full>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){1,3})"
_ALIAS = r"[\"“‘']?(?P<alias>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)[\"”’']?"
# Inside an explicit frame the word is a name however chat writes it ("everyone calls him femi").
_ANY_ALIAS = r"[\"“‘']?(?P<alias>[^\W\d_][\w'’-]+)[\"”’']?"
_WHO = r"(?:everyone|everybody|all|we|they|friends|people|most people|the kids|colleagues)"
_FRAMES = (
    rf"{_NAME},?\s+(?:better\s+|widely\s+|also\s+)?known(?:\s+to\s+(?:everyone|all|friends|most|us))?\s+as\s+{_ALIAS}",
    rf"{_NAME}\s*\(\s*(?:aka|a\.k\.a\.|known as|called|nicknamed)\s+{_ALIAS}\s*\)",
    rf"{_NAME},?\s+(?:aka|a\.k\.a\.)\s+{_ALIAS}",
    rf"{_NAME},?\s+(?:who\s+)?goes\s+by\s+{_ALIAS}",
    rf"{_NAME},?\s+nicknamed\s+{_ALIAS}",
    rf"{_NAME},?\s+(?:or\s+)?{_ALIAS}\s+to\s+(?:her|his|their)\s+friends",
    # "Oluwafemi Adegoke (everyone calls him femi)", "(Tope to everyone)", "(Dami for short)"
    rf"{_NAME}\s*[(,—–-]\s*(?i:{_WHO}\s+calls?\s+(?:him|her|them)|known\s+as|call\s+(?:him|her|them))\s+{_ANY_ALIAS}",
    rf"{_NAME}\s*(?:\(|,|—|–|-)\s*{_ANY_ALIAS}\s+(?i:to\s+{_WHO}|for\s+short)\b",
    # "Jóhanna Ormsdóttir ("Jóa")": a quoted name in brackets after the full one.
    rf"{_NAME}\s*\(\s*[\"“‘']{_ALIAS}[\"”’']\s*\)",
    # "Jóa (Jóhanna Ormsdóttir) swims ...": one name, then the full name alone in brackets;
    # not after another capitalised word (that is a longer name's end).
    rf"(?<![\w'’-])(?P<alias>[A-Z][\w'’-]+)\s*\(\s*{_NAME}\s*\)",
)
_PATTERNS = tuple(re.compile(p) for p in _FRAMES)
_NAME_BEFORE = re.compile(r"([A-Z][\w'’-]*)[ \t]+$")


def stated_aliases(text: str) -> list[tuple[str, str]]:
    """(full name, alias) pairs the text states, in order of appearance."""
    found: list[tuple[int, str, str]] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            full, alias = m.group("full"), m.group("alias")
            before = _NAME_BEFORE.search(text, 0, m.start("alias"))
            if m.start("alias") < m.start("full") and (
                (before is not None and before.group(1).casefold() not in NOT_NAMES)
                or full.split()[-1].casefold() in FIRM_SUFFIXES
            ):
                # "Kim Lee (Lena Dahl)": a longer name's end; "Brix (Tessel Holdings)": its owner
                continue
            words = full.split()
            while words and words[0].casefold() in NOT_NAMES:  # "Fyi Oluwafemi Adegoke": not a name word
                words = words[1:]
            if len(words) < 2:
                continue
            full = " ".join(words)
            alias = alias[:1].upper() + alias[1:]  # a name, however the chat wrote it
            if alias.casefold() not in full.casefold().split() and alias.casefold() not in NOT_NAMES:
                found.append((m.start(), full, alias))
    return [(full, alias) for _, full, alias in sorted(found)]
