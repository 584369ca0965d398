"""Scope a claim must keep: who an exception leaves out, and one member for the group.

"Everyone in the club except Arvo has read it" says Arvo has *not* read it; "Hwa, a
nurse at Jeonju General, was honoured" says nothing of the nurses of Jeonju General;
"one of his vases is held by the museum" says nothing of his vases. Pure functions of
(claim, evidence text), each ``None`` when the claim keeps the scope, else ``(term, why)``.
"""

from __future__ import annotations

import re

from affidavit.gates.checks_grounding import check_coverage
from affidavit.gates.write_parse import AUX, is_verb_like
from affidavit.text import markers
from affidavit.text.lemmas import content_lemmas, lemma, words
from affidavit.text.names import find_names, refers_to
from affidavit.text.numbers import quantities
from affidavit.text.wordlists import MONTHS, NOT_NAMES

Failure = tuple[str, str] | None

# A name right after an exception cue, or later in the list it opens ("except A and B").
_EXCEPT_LIST = re.compile(
    r"\b(?:except(?: for)?|excepting|apart from|other than|save for|but not|excluding|"
    r"with the exception of)\s+(?P<list>[^,;.:!?()]*?)(?=\s+(?:has|have|had|is|are|was|were|"
    r"will|would|did|do|does|can|could|[a-z]+ed)\b|[,;.:!?()]|$)",
    re.I,
)


def check_excepted(claim: str, subject: str, ev: str) -> Failure:
    """The claim's subject is named in the evidence only as an exception to what it says
    of a group; a claim that asserts it of the subject flips the evidence's polarity."""
    spans = [(m.start("list"), m.end("list")) for m in _EXCEPT_LIST.finditer(ev)]
    if not spans:
        return None
    named = [(a, b) for name, a, b in find_names(ev) if refers_to(subject, name) or refers_to(name, subject)]
    if not named or not all(any(sa <= a and b <= sb for sa, sb in spans) for a, b in named):
        return None
    if markers.negations(claim) % 2 or markers.has_exception(claim):
        return None  # "Arvo has not read it", "everyone except Arvo has read it"
    # Only what the evidence says of the group is denied of the excepted: "all voted in
    # favour except Eero, who abstained" still says Eero abstained.
    rest = ev
    for sa, sb in reversed(spans):
        tail = re.match(r"\s*,\s*(?:who|which|whose|whom)\b[^,;.!?]*", ev[sb:])
        end = sb + (tail.end() if tail else 0)
        rest = rest[:sa] + " " * (end - sa) + rest[end:]
    if check_coverage(_without(claim, subject), rest) is not None:
        return None
    cue = _EXCEPT_LIST.search(ev)
    term = cue.group(0).split()[0] if cue else "except"
    return term, f"the evidence excepts '{subject}' from what it says ('{term}'); the claim asserts it"


def _without(claim: str, subject: str) -> str:
    """The claim with its subject's name taken out (it is, by the premise, excepted)."""
    for name, a, b in sorted(find_names(claim), key=lambda t: -t[1]):
        if refers_to(subject, name) or refers_to(name, subject):
            claim = claim[:a] + claim[b:]
    return claim


_ONE = frozenset({"a", "an", "one"})
_DETS = frozenset({"his", "her", "their", "its", "the", "our", "my"})


def check_member_for_group(claim: str, ev: str) -> Failure:
    """A plural the claim uses where the evidence has only one ("a nurse", "one of his
    vases"): what holds of one member is not said of the group."""
    ev_words = [w.casefold() for w in words(ev)]
    singular_one: set[str] = set()
    plural: set[str] = set()
    for i, w in enumerate(ev_words):
        lem = lemma(w)
        if lem != w and w.endswith("s"):
            plural.add(lem)
            if i >= 3 and ev_words[i - 1] in _DETS and ev_words[i - 2] == "of" and ev_words[i - 3] in _ONE:
                singular_one.add(lem)  # "one of his vases"
                plural.discard(lem)
        elif i > 0 and ev_words[i - 1] in _ONE:
            singular_one.add(lem)
    if not singular_one or quantities(claim) or markers.quantifier_rank(claim) is not None:
        return None
    c_words = words(claim)
    for i, w in enumerate(c_words):
        low = w.casefold()
        lem = lemma(low)
        if w[:1].isupper() or lem == low or not low.endswith("s"):
            continue
        before = c_words[i - 1].casefold() if i else ""
        low_words = [c.casefold() for c in c_words[max(0, i - 3) : i]]
        if before in _ONE or (before in _DETS and low_words[:2] in (["one", "of"], ["a", "of"])):
            continue  # "a vase", "one of his vases": the claim keeps the one
        if lem in singular_one and lem not in plural:
            return w, f"the evidence speaks of one ('a {lem}'); the claim of '{w}'"
    return None


# Where one clause ends and another, with its own subject and verb, begins.
_CLAUSE_JOIN = re.compile(r"\s*;\s*|,?\s+(?:but|whereas|while|although|though|and|yet)\s+|,\s+")


def _full_clause(part: str) -> bool:
    """A clause of its own: a subject word, then a finite verb (not "sign the lease"),
    or a predicate opening with its auxiliary ("didn't pay the deposit")."""
    toks = markers.token_tuple(part)
    if len(toks) >= 2 and (toks[0] in AUX or toks[0].endswith("n't")):
        return True
    return len(toks) >= 2 and any(is_verb_like(t) or t.endswith("n't") for t in toks[1:4])


def polarity_clause(claim: str, ev: str) -> str:
    """The clause of ``ev`` whose polarity the claim must keep: "Ana signed the lease;
    she didn't sign the deed" negates the deed, not the lease. Narrowed only when every
    part is a full clause of its own (a subject and a finite verb) and one part shares
    more of the claim's words than any other; else the whole text, as before."""
    parts = [p.strip() for p in _CLAUSE_JOIN.split(ev) if p and p.strip()]
    if len(parts) < 2 or not all(_full_clause(p) for p in parts):
        return ev
    if len([p for p in _CLAUSE_JOIN.split(claim) if p and p.strip()]) > 1:
        return ev  # a claim of several clauses ("signed it, didn't she?") keeps the whole
    names = {lemma(t) for n, _, _ in find_names(claim) for t in n.split()}
    # Numbers are the number check's ("three" for "3"): the words decide the clause.
    counted = {lemma(w) for q in quantities(claim) for w in q.surface.split()}
    want = set(content_lemmas(claim)) - names - counted
    # A part must say every content word of the claim ("she didn't sign the deed" says
    # nothing of the lease); among several, the one naming the claim's parties, alone.
    full = [p for p in parts if want and want <= set(content_lemmas(p))]
    if len(full) > 1:
        scored = sorted(((len(names & set(content_lemmas(p))), i) for i, p in enumerate(full)), reverse=True)
        full = [full[scored[0][1]]] if scored[0][0] > scored[1][0] else []
    if len(full) != 1:
        return ev
    named = [p for p in parts if names & set(content_lemmas(p))]
    if named and full[0] not in named:
        return ev  # "Ana signed the lease, but Omar didn't sign it": Omar's part is another
    return full[0]


# ", not Awka", "not in Awka", "rather than Awka", "instead of the 3rd": the evidence sets a
# value aside as the wrong one. "not only" and "not just" add, they do not set aside.
_SET_ASIDE = re.compile(
    r"(?:,|;|—|–|-|\()\s*(?i:and\s+|but\s+)?(?i:not|never|rather than|instead of)\s+"
    r"(?!(?i:only|just|merely|simply|even|yet|sure|until|till|before|after|that)\b)"
    r"(?:(?i:in|at|on|to|from|for|by|with|the|a|an|his|her|their|our|my)\s+){0,2}"
    r"(?P<value>[\w'’.,-]+(?:\s+[A-Z][\w'’-]+)*)"
)


# "on Friday not Thursday", "room 14 not 12": no comma, but two values of one kind.
_PAIRED = re.compile(r"\b(?P<kept>[\w'’-]+)\s+(?i:not|rather than|instead of)\s+(?P<value>[\w'’-]+)")
_DAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})


def _kind(word: str) -> str | None:
    low = word.casefold()
    if low[:1].isdigit():
        return "number"
    if low in _DAYS:
        return "day"
    if low in MONTHS:
        return "month"
    return None


def _set_aside(ev: str) -> list[tuple[re.Match[str], str]]:
    """Each phrase that sets a value aside, with the value."""
    found = [(m, m.group("value").rstrip(".,")) for m in _SET_ASIDE.finditer(ev)]
    for m in _PAIRED.finditer(ev):
        kind = _kind(m.group("kept"))
        if kind is not None and kind == _kind(m.group("value")):
            found.append((m, m.group("value")))
    return found


def check_set_aside(claim: str, ev: str) -> Failure:
    """The claim asserts the value the evidence sets aside ("in Nnewi, not Awka" -> "in Awka")."""
    if markers.negations(claim) % 2:
        return None  # the claim itself says "not": polarity decides that
    claim_words = {w.casefold() for w in words(claim)}
    claim_lemmas = set(content_lemmas(claim))
    for m, value in _set_aside(ev):
        head = words(value)
        if not head:
            continue
        first = head[0]
        content = first.casefold() not in NOT_NAMES and (first[:1].isupper() or first[:1].isdigit()
                                                            or lemma(first) in claim_lemmas)
        if content and first.casefold() in claim_words:
            return value, f"the evidence sets '{value}' aside ('{m.group().strip()}'); the claim asserts it"
    return None


def without_set_aside(claim: str, ev: str) -> str:
    """``ev`` with the values it sets aside blanked when the claim does not name them:
    "meets Bo on the 4th, not the 3rd" says nothing negative of "meets Bo on the 4th"."""
    claim_words = {w.casefold() for w in words(claim)}
    out = ev
    for m, value in sorted(_set_aside(ev), key=lambda found: -found[0].start()):
        head = words(value)
        if head and head[0].casefold() not in claim_words:
            start = m.end("kept") if "kept" in m.re.groupindex else m.start()  # "Friday" stays
            out = out[:start] + " " * (m.end() - start) + out[m.end() :]
    return out


# "launch moved from 15 June to 29 June": the value it moved from no longer holds.
_MOVED_FROM = re.compile(
    r"\b(?i:moved|changed|postponed|rescheduled|pushed(?: back)?|brought forward|shifted|switched|"
    r"put back|delayed|relocated|transferred)\s+(?i:from)\s+(?P<value>[^,;.!?]{1,40}?)\s+(?i:to)\s+\S"
)
_FROM_TO = re.compile(
    r"\b(?i:from)\s+(?P<a>[^,;.!?]{1,40}?)\s+(?i:to|into)\s+(?P<b>[^,;.!?]{1,40}?)"
    r"(?=[,;.!?]|\s+(?i:on|in|at|by|using|for|via|with|and|but|after|before)\b|$)"
)


def check_moved_from(claim: str, ev: str) -> Failure:
    """The claim states, as current, the value the evidence says something moved away from."""
    if re.search(r"\bfrom\b", claim, re.I):
        return None  # the claim tells the move itself: the other checks compare it
    claim_lemmas = set(content_lemmas(claim))
    for m in _MOVED_FROM.finditer(ev):
        value = set(content_lemmas(m.group("value")))
        if value and value <= claim_lemmas:
            moved = m.group("value")
            return moved, f"the evidence says it moved from '{moved}'; the claim keeps it"
    return None


def check_from_to(claim: str, ev: str) -> Failure:
    """ "from A to B" in the claim where the evidence says "from B to A": the direction swapped."""
    for c in _FROM_TO.finditer(claim):
        ca, cb = set(content_lemmas(c.group("a"))), set(content_lemmas(c.group("b")))
        if not ca or not cb or ca == cb:
            continue
        for e in _FROM_TO.finditer(ev):
            ea, eb = set(content_lemmas(e.group("a"))), set(content_lemmas(e.group("b")))
            if ca <= eb and cb <= ea and not (ca <= ea and cb <= eb):
                return c.group(0), f"the evidence goes the other way ('{e.group(0)}')"
    return None


# "A because of B": which is the cause. The claim's cause must be the evidence's cause.
_BECAUSE = re.compile(r"\s+(?i:because(?: of)?|due to|owing to|as a result of|caused by)\s+")


def _cause_split(text: str) -> tuple[set[str], set[str]] | None:
    for piece in re.split(r"(?<=[.!?;])\s+", text):
        m = _BECAUSE.search(piece)
        if m is not None:
            return set(content_lemmas(piece[: m.start()])), set(content_lemmas(piece[m.end() :]))
    return None


def check_cause(claim: str, ev: str) -> Failure:
    """The claim gives as the cause what the evidence gives as the effect ("the strike was
    postponed because of the trip" for "the trip is postponed because of the strike")."""
    mine, theirs = _cause_split(claim), _cause_split(ev)
    if mine is None or theirs is None:
        return None
    effect, cause = mine
    their_effect, their_cause = theirs
    if cause and cause <= their_effect and not cause <= their_cause and effect & their_cause:
        return "because", "the claim gives the evidence's effect as the cause"
    return None
