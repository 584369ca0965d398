"""Does a claim name its subject's job? The occupation answer class. Pure.

"What does X do (for work, for a living)?", "what is X's job?" are answered by a claim
that says what X works as, and by nothing else. A claim names a job when its subject
opens it ("Pim Rook's wife is a nurse" and "the wife of Pim Rook" name hers) and it says
one of:

* "works / worked / serves / is employed as a N" (the construction says it is work);
* "is the N of / at / for <Name>": a position in an organisation ("is the principal of
  Tsebe Senior School", "a food technologist at Dzintarkrasts Foods");
* "is a N" alone, where the pinned lexicon files N under a kind of worker ("nurse",
  "pilot", "accountant"): "a Londoner", "a vegetarian", "a twin" name none;
* an occupational verb with what it works on ("teaches history", "coaches the Marlins",
  "runs the Pan di Cjase bakery"): "works hard", "runs every morning" are no job;
* owning a kind of establishment ("owns a bakery"; not "a flat above a shop").

It names none when the claim denies it ("never worked as", "no longer", "is not"), when
a modifier says the job is not held or not paid ("former", "retired", "trainee",
"future", "unemployed", "amateur"), when it is done in one's own time ("in her spare
time", "on weekends"), when the subject only trained for it, and when the noun relates
the subject to people or a group ("a member of", "a student", "the daughter of").
Whether it holds at the asked time is the time rules' business (``read_ended``).
"""

from __future__ import annotations

import re

from affidavit.gates.read_modality import DENIAL_WORDS
from affidavit.text.lemmas import lemma
from affidavit.text.lexical import establishment_noun, organisation_noun
from affidavit.text.lexicon import categories
from affidavit.text.memo import memo

# Nouns after "X is the ... of Y" that relate people or groups rather than name a job.
RELATIONAL_NOUNS = frozenset({
    "sister", "brother", "sibling", "mother", "father", "parent", "son", "daughter", "child",
    "wife", "husband", "spouse", "partner", "friend", "cousin", "aunt", "uncle", "niece",
    "nephew", "grandmother", "grandfather", "grandparent", "grandson", "granddaughter",
    "fiance", "fiancee", "widow", "widower", "neighbour", "neighbor", "member", "fan",
    "student", "pupil", "customer", "client", "patient", "resident", "citizen", "supporter",
    "graduate", "alumnus", "owner", "shareholder", "colleague", "guest", "victim",
})  # fmt: skip
# Verbs whose doer works at what they name, given an object ("teaches history").
OCCUPATION_VERBS = frozenset({
    "work", "teach", "coach", "train", "manage", "run", "lead", "direct", "head", "chair",
    "serve", "sit", "practise", "practice", "edit", "play", "preach", "nurse",
})  # fmt: skip
# Kinds of person the pinned lexicon files workers under (hypernyms of the noun).
_WORKER_KINDS = frozenset({
    "worker", "skilled worker", "professional", "health professional", "employee", "creator",
    "expert", "educator", "craftsman", "businessperson", "communicator", "serviceman",
    "military personnel", "official", "functionary", "performer", "entertainer", "artist",
    "scientist", "engineer", "technician", "administrator", "executive", "practitioner",
    "clergyman", "lawman", "law officer", "peace officer", "paraprofessional", "caregiver",
    "organizer", "organiser", "representative", "linguist", "financier", "laborer", "labourer",
})  # fmt: skip
_DET = r"(?:a|an|the|its|their|his|her)"
_COPULA = r"(?:is|was|has\s+been|had\s+been|serves\s+as|served\s+as|works\s+as|worked\s+as|acts\s+as)"
# "X is the lead developer of Y", "X is a chocolatier at Willka Cacao": a position held in
# a named organisation (a capital after the preposition, its article aside).
_ROLE_ORG = re.compile(
    rf"^\s*{_COPULA}\s+(?:{_DET}\s+)?((?:[a-z][\w\-]*\s+){{0,3}}?)([a-z][\w\-]*)\s+(?:of|at|for|with)\s+"
    rf"(?:the\s+)?[A-Z\u00c0-\u024f]"
)
# "X is an architect", "X is a nurse in Rabat": a bare role.
_ROLE_BARE = re.compile(
    rf"^\s*(?:is|was|has\s+been|had\s+been)\s+{_DET}\s+((?:[a-z][\w\-]*\s+){{0,3}}?)([a-z][\w\-]*)"
    r"\s*(?:$|[.,;(]|\s+(?:in|since|from|until|at|for|with|of|on|based|who|which|and)\b)"
)
# The construction says it is work: "works as a guide", "is employed as a cook".
_WORKS_AS = re.compile(
    rf"^\s*(?:works|worked|serves|served|is\s+employed|was\s+employed)\s+as\s+(?:{_DET}\s+)?"
    r"((?:[a-z][\w\-]*\s+){0,3}?)([a-z][\w\-]*)\b"
)
# Modifiers that say the job is not held now, or not real: anywhere before the noun
# ("a former airline pilot").
_NOT_HELD = frozenset({
    "former", "formerly", "retired", "ex", "one-time", "onetime", "erstwhile", "late",
    "previous", "future", "prospective", "would-be", "aspiring", "trainee", "student",
    "apprentice", "unemployed", "out-of-work", "jobless", "fictional", "failed", "alleged",
    "wannabe", "budding", "trained",
})  # fmt: skip
# Modifiers that say it is not paid, right before the noun: "a volunteer firefighter", "a keen
# gardener" ("a weekend news presenter" presents the weekend news).
_NOT_PAID = frozenset(
    {
        "amateur",
        "hobby",
        "hobbyist",
        "volunteer",
        "unpaid",
        "keen",
        "avid",
        "weekend",
        "self-taught",
        "enthusiastic",
        "passionate",
    }
)
# Done in one's own time, or only trained for.
_OWN_TIME = re.compile(
    r"\b(?:in\s+(?:his|her|their|my|our|its|the)\s+(?:spare|free|own)\s+time|as\s+an?\s+(?:hobby|pastime)"
    r"|for\s+fun|on\s+(?:the\s+)?side|on\s+weekends|at\s+weekends|in\s+the\s+evenings)\b",
    re.I,
)
_ONLY_TRAINED = re.compile(
    r"^\s*(?:\w+\s+)?(?:train(?:s|ed|ing)?|qualified|qualifies|stud(?:y|ies|ied|ying))\s+(?:as|to\s+be|to\s+become)\b",
    re.I,
)
# Words of a name its parsed subject left out, up to the subject's verb.
_NAME_TAIL = re.compile(r"^((?:\s+[\w\-]+){1,3}?)(?=\s+(?:is|was|works|worked|has|had|serves|served)\b)")
# What "works" / "runs" must be followed by to say a job: a named place, or an object.
_WORKS_AT = re.compile(r"^\s*(?:works|worked)\s+(?:\w+\s+)?(?:at|for|in)\s+(?:the\s+)?[A-Z\u00c0-\u024f]")
_VERB_OBJECT = re.compile(
    r"^\s*(?:also\s+|now\s+|still\s+)?([a-z]+)\s+(?:(?:the|a|an|its|their|his|her)\s+)?(\S+)"
)
# "owns the Pan di Cjase bakery in Udin": the object's words up to a preposition or a stop.
_OWNS = re.compile(
    r"^\s+(?:also\s+|now\s+|still\s+)?owns?\s+([^.,;]*?)"
    r"(?=\s+(?:in|at|on|with|since|from|near|by|and|of|about|above|below|beside|behind|under|over|"
    r"that|which|who|where|inside|next)\b|[.,;]|$)"
)
# Verbs that never take a job as their object ("runs every morning", "plays every Sunday").
_NO_OBJECT = frozenset(
    {
        "every",
        "each",
        "daily",
        "weekly",
        "hard",
        "late",
        "early",
        "out",
        "long",
        "overtime",
        "nights",
        "weekends",
        "remotely",
        "part-time",
        "full-time",
        "from",
        "with",
        "for",
        "on",
        "in",
        "at",
        "too",
        "a",
        "like",
        "against",
        "well",
        "under",
        "to",
        "after",
        "around",
    }
)


def names_a_job(text: str, subject: str) -> bool:
    """Whether ``text``, a claim whose subject is ``subject``, says what the subject works as."""
    return _reading(text, subject) is True


def rules_out_a_job(text: str, subject: str) -> bool:
    """Whether ``text`` says its subject holds no job by what it says ("a former nurse",
    "an aspiring actress", "in her spare time", "Pim Rook's wife is"): no other reading
    (a team position, say) may then answer what the subject does for work."""
    return _reading(text, subject) is False


@memo(maxsize=16384)
def _reading(text: str, subject: str) -> bool | None:
    """True: names a job; False: rules one out; None: says nothing either way."""
    if not subject or not text.startswith(subject):
        return False  # "The wife of Pim Rook is a surgeon": someone else's
    rest = text[len(subject) :]
    tail = _NAME_TAIL.match(rest)
    if tail is not None and any(c.isupper() for c in tail.group(1)):
        rest = rest[tail.end() :]  # "Fearchar Mac an t-Saoir is": the name goes on
    if rest.startswith(("'", "’")) or DENIAL_WORDS.search(rest) or _OWN_TIME.search(text):
        return False  # "Pim Rook's wife is a nurse"; "never worked as"; "in her spare time"
    if _ONLY_TRAINED.match(rest):
        return False
    for pattern, named in ((_WORKS_AS, "works"), (_ROLE_ORG, "org"), (_ROLE_BARE, "bare")):
        m = pattern.match(rest)
        if m is None:
            continue
        mods = [w.strip("-").casefold() for w in re.split(r"[\s]+", m.group(1)) if w]
        noun = lemma(m.group(2).casefold())
        if any(w in _NOT_HELD or w.startswith("ex-") for w in mods) or noun in _NOT_HELD | _NOT_PAID:
            return False
        if (
            named == "org"
            and m.group(0).split()[1].casefold() not in _DETERMINERS
            and not _bare_title((mods or [noun])[0])
        ):
            return None  # "is studying medicine at Bray University": no position without a noun
        if mods and mods[-1] in _NOT_PAID:
            return False
        if noun in RELATIONAL_NOUNS or m.group(2).startswith("ex-"):
            return False
        return True if named != "bare" or worker_noun(noun) or _business_noun(noun) else None
    if rest.lstrip().startswith(("is ", "was ", "has been ", "had been ")):
        return None  # a copula with no job noun read above ("is a former nurse who ...")
    if _WORKS_AT.match(rest) or _occupational_verb(rest) or owns_establishment(rest):
        return True  # "works at Brix", "teaches history", "owns a bakery"
    return None


_DETERMINERS = frozenset({"a", "an", "the", "its", "their", "his", "her"})


def _bare_title(word: str) -> bool:
    """ "is principal of", "is head of purchasing at": a title with no article is a noun the
    lexicon files somewhere, never a participle ("is studying medicine at") or an adjective."""
    return not word.endswith(("ing", "ed")) and bool(categories(lemma(word)))


def _business_noun(noun: str) -> bool:
    """ "Kisii Highlands is a tea cooperative": what an organisation is, its line of work."""
    return organisation_noun(noun) or establishment_noun(noun)


@memo(maxsize=4096)
def worker_noun(noun: str) -> bool:
    """Whether the pinned lexicon files ``noun`` under a kind of worker (nothing without it)."""
    return bool(categories(noun) & _WORKER_KINDS)


def _occupational_verb(rest: str) -> bool:
    """ "teaches history", "coaches the Marlins", "runs the Rumduol Guesthouse": an
    occupational verb with what it works on; "sits / serves on" a body. "works hard" and
    "runs every morning" say none."""
    m = _VERB_OBJECT.match(rest)
    if m is None:
        return False
    verb, nxt = lemma(m.group(1)), m.group(2).strip(".,;").casefold()
    if verb in _SITS_ON:  # "sits on the Port Ellery town council"
        return nxt == "on"
    return verb in _WORKS_ON and bool(nxt) and nxt not in _NO_OBJECT and not nxt.isdigit()


# Of the occupational verbs: those of sitting on a body, and those whose doer works on their
# object ("teaches history"); "work" is read by ``_WORKS_AT``, "play" as a team position.
_SITS_ON = frozenset({"sit", "serve"})
_WORKS_ON = (OCCUPATION_VERBS - _SITS_ON - {"work", "train", "play"}) | {"tutor", "lecture"}


def owns_establishment(rest: str) -> bool:
    """ "X owns a bakery": owning a place one works in is an occupation; the object's head
    must be a kind of establishment by the pinned lexicon ("owns a boat", "owns shares",
    "a flat above a shop", "owns Kyndyev Motors" are not, nor anything without the lexicon)."""
    m = _OWNS.match(rest)
    if m is None or not m.group(1).split():
        return False
    head = m.group(1).split()[-1]
    return head.islower() and establishment_noun(lemma(head))
