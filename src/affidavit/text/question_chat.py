"""Chat shorthand in a question, written out before the question is parsed. Pure.

People type "whos lenas boss", "where does she live rn", "how many ppl work there".
``expand_chat`` rewrites a closed list of chat abbreviations, each with one meaning in
a question, into the words the parser reads ("who's", "right now", "people").

Only lower-case tokens are rewritten: an upper-case "RN" (a registered nurse) or "ATM"
(a cash machine) is a word of its own and is left alone, and so is every name.
Like the lemma tables, the list is general English and part of the read resolver.
A question word typed with one slip among the first two words ("wher", "waht") is
written right when the slip is no English word and names one question word only.
"""

from __future__ import annotations

import re

from affidavit.text.memo import memo
from affidavit.text.question_names import is_known_word

# Shorthand -> what it stands for in a question.
SHORTHAND: dict[str, str] = {
    "whos": "who's", "whats": "what's", "wheres": "where's", "hows": "how's",
    "whens": "when's", "whys": "why's",
    "rn": "right now", "atm": "at the moment", "nowadays": "these days",
    "ppl": "people", "uni": "university", "bday": "birthday", "mgr": "manager",
    "dept": "department", "yr": "year", "yrs": "years", "dob": "date of birth",
    "u": "you", "ur": "your", "r": "are", "pls": "please", "plz": "please",
    "thx": "thanks", "abt": "about", "b4": "before", "w/": "with", "@": "at",
    "wat": "what", "wht": "what", "whr": "where", "hw": "how",
    "hubby": "husband", "wifey": "wife", "bro": "brother", "bros": "brothers",
    "sis": "sister", "sibs": "siblings", "mum": "mother", "mom": "mother", "dad": "father",
    "gf": "girlfriend", "bf": "boyfriend", "fam": "family",
}  # fmt: skip
_TOKEN = re.compile(r"(?<![\w'’@/])(?:w/|@|[a-z0-9]+)(?![\w'’/])")


_QUESTION_WORDS = ("who", "what", "where", "when", "which", "how", "why", "whose")
_OPENING = 2  # a question word typed with a slip is read only among the first two words


# "mother in law" typed without its hyphens: the kin word the claims write hyphenated.
_IN_LAW = re.compile(r"\b(mother|father|son|daughter|brother|sister|parent)(s?)\s+in\s+law\b", re.I)


def expand_chat(question: str) -> str:
    """``question`` with its lower-case chat shorthand written out (else unchanged), a
    question word typed with one slip at its start ("wher does juraj live") written right,
    and an in-law typed without hyphens hyphenated."""
    expanded = _TOKEN.sub(lambda m: SHORTHAND.get(m.group(0), m.group(0)), question)
    expanded = _IN_LAW.sub(r"\1\2-in-law", expanded)
    tokens = list(_TOKEN.finditer(expanded))
    if any(m.group(0) in _QUESTION_WORDS for m in tokens):
        return expanded  # "hoa lives where": the question word is there; "hoa" is a name
    for m in tokens[:_OPENING]:
        meant = _slipped_question_word(m.group(0))
        if meant is not None:
            return expanded[: m.start()] + meant + expanded[m.end() :]
    return expanded


@memo(maxsize=4096)
def _slipped_question_word(word: str) -> str | None:
    """The one question word ``word`` is a slip of ("wher" -> where), when it is no English
    word; else None."""
    if word in _QUESTION_WORDS or not word.isalpha() or not 3 <= len(word) <= 6:
        return None
    meant = [w for w in _QUESTION_WORDS if one_slip(word, w)]
    if len(meant) > 1:  # "wher": where cut short, before when with a letter changed
        meant = [w for w in meant if w.startswith(word)]
    return meant[0] if len(meant) == 1 and not is_known_word(word) else None


def one_slip(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one insertion, deletion, substitution or swap of
    two neighbouring letters."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(diff) == 1:
            return True
        i, j = diff if len(diff) == 2 else (0, 0)
        return j == i + 1 and a[i] == b[j] and a[j] == b[i]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k, (x, y) in enumerate(zip(short, long_, strict=False)) if x != y), len(short))
    return short[i:] == long_[i + 1 :]
