"""Chat shorthand in a question, written out before the question is parsed. Pure.

People type "whos lenas boss", "where does she live rn", "how many ppl work there".
``expand_chat`` rewrites a closed list of chat abbreviations, each with one meaning in
a question, into the words the parser reads ("who's", "right now", "people").

Only lower-case tokens are rewritten: an upper-case "RN" (a registered nurse) or "ATM"
(a cash machine) is a word of its own and is left alone, and so is every name.
Like the lemma tables, the list is general English and part of the read resolver.
"""

from __future__ import annotations

import re

# Shorthand -> what it stands for in a question.
SHORTHAND: dict[str, str] = {
    "whos": "who's", "whats": "what's", "wheres": "where's", "hows": "how's",
    "whens": "when's", "whys": "why's",
    "rn": "right now", "atm": "at the moment", "nowadays": "these days",
    "ppl": "people", "uni": "university", "bday": "birthday", "mgr": "manager",
    "dept": "department", "yr": "year", "yrs": "years",
    "u": "you", "ur": "your", "r": "are", "pls": "please", "plz": "please",
    "thx": "thanks", "abt": "about", "b4": "before", "w/": "with", "@": "at",
    "wat": "what", "wht": "what", "whr": "where", "hw": "how",
    "hubby": "husband", "wifey": "wife", "bro": "brother", "bros": "brothers",
    "sis": "sister", "sibs": "siblings", "mum": "mother", "mom": "mother", "dad": "father",
    "gf": "girlfriend", "bf": "boyfriend", "fam": "family",
}  # fmt: skip
_TOKEN = re.compile(r"(?<![\w'’@/])(?:w/|@|[a-z0-9]+)(?![\w'’/])")


def expand_chat(question: str) -> str:
    """``question`` with its lower-case chat shorthand written out (else unchanged)."""
    return _TOKEN.sub(lambda m: SHORTHAND.get(m.group(0), m.group(0)), question)
