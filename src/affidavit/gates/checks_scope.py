"""Scope a claim must keep: who an exception leaves out, and one member for the group.

"Everyone in the club except Arvo has read it" says Arvo has *not* read it; "Hwa, a
nurse at Jeonju General, was honoured" says nothing of the nurses of Jeonju General;
"one of his vases is held by the museum" says nothing of his vases. Pure functions of
(claim, evidence text), each ``None`` when the claim keeps the scope, else ``(term, why)``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from affidavit.gates.checks_grounding import check_coverage
from affidavit.gates.write_parse import AUX, analyse, claim_subject, is_verb_like, mentions
from affidavit.gates.write_writer import author, line_speaker
from affidavit.text import markers
from affidavit.text.lemmas import STOPWORDS, content_lemmas, lemma, words
from affidavit.text.lexicon import lexicon
from affidavit.text.names import find_names, refers_to
from affidavit.text.numbers import DateValue, date_supported, dates, quantities
from affidavit.text.wordlists import MONTHS, NOT_NAMES, SYMMETRIC_VERBS

Failure = tuple[str, str] | None

# A name right after an exception cue, or later in the list it opens ("except A and B").
_EXCEPT_LIST = re.compile(
    r"\b(?:except(?: for)?|excepting|apart from|other than|save for|but not|excluding|"
    r"with the exception of|(?:bar|save)(?=\s+[A-ZÀ-ÞĀ-Ž])|"
    # "Everyone but Nayra passed": "but" right after a whole group
    r"(?:(?<=everyone )|(?<=everybody )|(?<=anyone )|(?<=all )|(?<=nobody ))(?:but|besides))"
    r"\s+(?P<list>[^,;.:!?()]*?)(?=\s+(?:has|have|had|is|are|was|were|"
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


_DENIED_FRAGMENT = re.compile(r"(?i:no|not|never|none|nothing)\b")


def polarity_clause(claim: str, ev: str) -> str:
    """The clause of ``ev`` whose polarity the claim must keep: "Ana signed the lease;
    she didn't sign the deed" negates the deed, not the lease. Narrowed only when every
    part is a full clause of its own (a subject and a finite verb) and one part shares
    more of the claim's words than any other; else the whole text, as before."""
    parts = [p.strip() for p in _CLAUSE_JOIN.split(ev) if p and p.strip()]
    if len([p for p in _CLAUSE_JOIN.split(claim) if p and p.strip()]) > 1:
        return ev  # a claim of several clauses ("signed it, didn't she?") keeps the whole
    # "speaks Thai and English; no Mandarin": a denied fragment about a thing the claim
    # does not name negates that thing only.
    mine = set(content_lemmas(claim))
    denied = [p for p in parts if _DENIED_FRAGMENT.match(p) and not _full_clause(p)
              and not mine & set(content_lemmas(p))]  # fmt: skip
    if denied and len(denied) < len(parts):
        for part in denied:  # the part itself, never the same letters inside a word ("no" of "not")
            ev = re.sub(rf"(?<!\w){re.escape(part)}(?!\w)", lambda m: " " * len(m.group(0)), ev)
        parts = [p for p in parts if p not in denied]
    if len(parts) < 2 or not all(_full_clause(p) for p in parts):
        return ev
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
    r"(?![a-z]+ly\b)"  # "; not currently registered": a negated predicate, no value set aside
    r"(?:(?i:in|at|on|to|from|for|by|with|the|a|an|his|her|their|our|my)\s+){0,2}"
    # the value: a word, a number, an amount with its symbol ("NZ$1,480", "€45")
    r"(?P<value>[\w'’.,$€£¥₦₹₱₩₴₸₺฿%-]+(?:\s+[A-Z][\w'’-]+)*)"
)


# "on Friday not Thursday", "room 14 not 12": no comma, but two values of one kind.
# "she lands tues now not mon": an adverb of time may stand between the kept value and "not".
_PAIRED = re.compile(
    r"\b(?P<kept>[\w'’-]+)(?:\s+(?i:now|then|instead))?\s+(?i:not|rather than|instead of)\s+"
    r"(?P<value>[\w'’-]+)"
)
_DAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                   "mon", "tue", "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat",
                   "sun"})  # fmt: skip


def _kind(word: str) -> str | None:
    low = word.casefold().rstrip(".")
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
        if any(ch.isdigit() for ch in value) and value.casefold() not in claim.casefold():
            continue  # "NZ$1,840, not NZ$1,480": the claim's amount is the kept one
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
    low_claim = claim.casefold()
    for m, value in sorted(_set_aside(ev), key=lambda found: -found[0].start()):
        head = words(value)
        # A word is named by the claim when its head is; an amount only when it is whole
        # ("NZ$1,840" does not name "NZ$1,480").
        amount = any(ch.isdigit() for ch in value)
        if (amount and value.casefold() not in low_claim) or (head and head[0].casefold() not in claim_words):
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
# A message's label before its text ("Ticket 7 - Iida Vik: ", "Lena:").
_LABEL_AT = re.compile(r"^[^:\n]{1,60}:\s+(?=\S)")
# A conjunction left at a part's start when the text was joined with " ; " first.
_OPENING_JOIN = re.compile(r"^(?:but|and|yet|while|whereas|although|though|so)\s+", re.I)


def best_clause(claim: str, ev: str) -> str | None:
    """The one full clause of ``ev`` that shares more of the claim's content words (names
    aside) than any other, when ``ev`` is several full clauses; else ``None``."""
    unlabelled = _LABEL_AT.sub("", ev)
    split = [_OPENING_JOIN.sub("", p.strip()) for p in _CLAUSE_JOIN.split(unlabelled) if p and p.strip()]
    # A label or a fragment between clauses ("Ticket 7 - Iida Vik:") is passed over, but
    # one that negates ("..., not the deed") keeps the whole text's parity in force.
    if any(not _full_clause(p) and markers.negations(p) for p in split):
        return None
    parts = [p for p in split if _full_clause(p)]
    if len(parts) < 2:
        return None
    if len([p for p in _CLAUSE_JOIN.split(claim) if p and p.strip()]) > 1:
        return None  # a claim of several clauses ("signed it, didn't she?") keeps the whole
    names = {lemma(t) for n, _, _ in find_names(claim) for t in n.split()}
    want = set(content_lemmas(claim)) - names
    # The claim's verb weighs most: "fixed 3 bikes for the club and didnt charge for any"
    # says the claim's "charged" in its second clause, whatever the first shares.
    verb = analyse(claim).verb
    bonus = len(want)
    scored = [(len(want & set(content_lemmas(p))) + (bonus if verb and verb in content_lemmas(p) else 0), i)
              for i, p in enumerate(parts)]
    # "Ines signed the lease, but Rune didn't sign it": a clause that names only other
    # parties is theirs, though it says more of the claim's words.
    pool = sorted((x for x in scored if not _names_only_others(parts[x[1]], names)), reverse=True)
    if not want or not pool or pool[0][0] == 0 or (len(pool) > 1 and pool[0][0] == pool[1][0]):
        return None  # no clause, or no one clause, says the claim best
    return parts[pool[0][1]]


def _names_only_others(part: str, names: set[str]) -> bool:
    found = {lemma(t) for n, _, _ in find_names(part) for t in n.split()}
    return bool(found) and not found & names


def check_verb_polarity(claim: str, ev: str) -> tuple[str, str] | None:
    """The clause that says most of what the claim says keeps the claim's polarity.

    "X isn't leaking any more, but the display still doesn't light up" has two negations,
    whose parity over the whole text says nothing: each negates its own clause. When the
    evidence is several full clauses and one of them says the claim best
    (``best_clause``), that clause's polarity is the one to keep.
    """
    part = best_clause(claim, ev)
    if part is None:
        return None
    part = without_set_aside(claim, part)  # "lands tues now not mon": "not mon" sets a value aside
    mine, theirs = markers.negations(claim) % 2, markers.negations(part) % 2
    if theirs == mine:
        return None
    term = next(
        (t for t in markers.tokens(part if theirs else claim)
         if t in markers.NEGATORS or t in markers.LEXICAL_NEGATIVES or t.endswith("n't")),
        "not",
    )  # fmt: skip
    side = "evidence" if theirs else "claim"
    return term, f"the {side} is negated ('{term}') in the clause that says it"


_CONJUNCTS = re.compile(r"\s*;\s*|,?\s+(?:and|but|while|whereas|then)\s+|,\s+|\s+[—–]\s+|\(|\)")
_TIME_WORD = re.compile(
    r"\b(?:(?:19|20)\d\d|january|february|march|april|may|june|july|august|september|october|"
    r"november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"spring|summer|autumn|winter)\b",
    re.I,
)


_TIME_FILLER = frozenset({"again", "also", "later", "earlier", "then", "year", "years", "month",
                          "months", "week", "weeks", "day", "days", "ago", "after", "before", "once",
                          "twice"})  # fmt: skip


def _led_by_other(part: str, names: set[str]) -> bool:
    """The conjunct opens with a name that is not the subject's."""
    lead = find_names(part.strip())
    return bool(lead) and lead[0][1] == 0 and not names & {lemma(t) for t in lead[0][0].split()}


TIME_WORD = _TIME_WORD  # shared with checks_values


def _time_kind(word: str) -> str:
    low = word.casefold()
    if low[:1].isdigit():
        return "year"
    if low.endswith("day"):
        return "weekday"
    return "season" if low in ("spring", "summer", "autumn", "winter") else "month"


time_kind = _time_kind


def _per_conjunct(
    claim: str, ev: str, split: re.Pattern[str], check: Callable[[str, str], Failure]
) -> tuple[Failure] | None:
    """``check`` run on each of the claim's own conjuncts, when it has several: a check that
    pairs a time with its clause judges one pair at a time, not the claim's words at once.
    ``(first failure or None,)``; None when the claim is one conjunct."""
    own = [p for p in split.split(claim) if p and p.strip()]
    if len(own) < 2:
        return None
    return (next((f for p in own if (f := check(p, ev)) is not None), None),)


def check_paired_time(claim: str, ev: str) -> tuple[str, str] | None:
    """A time the claim pairs with a place or party is the one the evidence pairs with it.

    "moved to Bodø in June and to Tromsø in August" says every word of "moved to Tromsø
    in June", each in another conjunct. When the claim's time is in one conjunct and one
    of its other content words only in conjuncts that name another time of the same
    kind, the claim has moved the time to the wrong partner.
    """
    times = {m.group(0).casefold() for m in _TIME_WORD.finditer(claim)}
    if not times:
        return None
    if (split := _per_conjunct(claim, ev, _CONJUNCTS, check_paired_time)) is not None:
        return split[0]  # "moved to Kaunas in 2010, then to Vilnius in 2015": pair by pair
    # A colon joins conjuncts too ("split the jobs: she paints and I sand"); a chat label
    # before one ("Juan Kinvig: ...") is no conjunct of its own.
    parts = [p for p in _CONJUNCTS.split(ev) for p in _COLON.split(p) if p and p.strip()]
    parts = [p for p in parts if not _LABEL_ONLY.fullmatch(p)]
    if len(parts) < 2:
        return None
    part_words = [
        (set(content_lemmas(p)), {m.group(0).casefold() for m in _TIME_WORD.finditer(p)}) for p in parts
    ]
    names = {lemma(t) for n, _, _ in find_names(claim)[:1] for t in n.split()}  # the subject
    # Partners are the claim's other names (places, firms): a verb or a noun may be
    # shared by an elided conjunct ("Lobato runs the Thursday workshop and Vik the
    # Friday one"), a name is not.
    capitals = {lemma(w) for w in words(claim)[1:] if w[:1].isupper()}
    partners = (set(content_lemmas(claim)) & capitals) - names - times
    # The subject is a partner too when the time's conjunct opens with another party
    # ("Lobato runs the Thursday session and Vik the Friday one").
    led_by_other = {i for i, p in enumerate(parts) if _led_by_other(p, names)}
    for t in sorted(times):
        # A conjunct that is only the time ("and again in 2013", ", in 2018,") says it of
        # the conjunct before it.
        with_t = {
            i for i, (ws, ts) in enumerate(part_words) if t in ts and ws - times - _TIME_FILLER - {t}
        }
        if not with_t:
            continue
        for p in sorted(partners | (names if with_t <= led_by_other else set())):
            with_p = {i for i, (ws, _) in enumerate(part_words) if p in ws}
            if not with_p or with_p & with_t:
                continue
            rival = any(
                any(_time_kind(o) == _time_kind(t) and o != t for o in part_words[i][1]) for i in with_p
            )
            if rival:
                return t, f"the evidence gives '{p}' another time than '{t}'"
    return None


def check_subject_conjunct(claim: str, ev: str) -> tuple[str, str] | None:
    """What the claim says of its subject is said in a conjunct about the subject.

    "Ola Berg to book the venue, Tom Aas to send invites" says every word of "Tom Aas is
    to book the venue", but the booking is in Ola Berg's conjunct. When the evidence is
    several conjuncts, the claim's subject is named in some of them, and a content word
    of the claim is only in conjuncts that name other parties (none of the claim's), the
    claim has given another party's part to its subject.
    """
    found = find_names(claim)
    if not found:
        return None
    # A colon joins conjuncts too ("split the jobs: she paints and I sand"); a chat label
    # before one ("Juan Kinvig: ...") is no conjunct of its own.
    parts = [p for p in _CONJUNCTS.split(ev) for p in _COLON.split(p) if p and p.strip()]
    parts = [p for p in parts if not _LABEL_ONLY.fullmatch(p)]
    if len(parts) < 2:
        return None
    subject = found[0][0]
    others_in_claim = [n for n, _, _ in found[1:]]
    named: list[tuple[bool, bool]] = []  # (names the subject, is another party's clause)
    pronoun_led: set[int] = set()
    writer: list[str | None] = []

    def writer_is_subject() -> bool:
        if not writer:
            label = line_speaker(ev, 0)  # "Juan Kinvig: Voirrey and I split the jobs ..."
            writer.append(author(ev) or (label.name if label is not None else None))
        return writer[0] is not None and (refers_to(subject, writer[0]) or refers_to(writer[0], subject))

    first_person: set[int] = set()

    for p in parts:
        # The conjunct's lead party: its first name, a label ("AP:") passed over.
        found_here = [m for m in find_names(p) if p[m[2] : m[2] + 1] != ":"]
        lead = found_here[0][0] if found_here else None
        if lead is not None and p[found_here[0][2] : found_here[0][2] + 2] in ("'s", "’s"):
            # "Liivi's husband is a tailor" (or "my husband sews", read): the husband's clause
            if not p[: found_here[0][1]].strip():
                named.append((False, False))
                pronoun_led.add(len(named) - 1)
                continue
            lead, found_here = None, []
        if _INTRODUCTION.match(p):
            named.append((False, False))  # "I'm Maarika": who writes, no part of what is done
            continue
        if _FIRST_PERSON_LEAD.match(p) and writer_is_subject():
            named.append((True, False))  # "... and I sell", the writer being the subject
            first_person.add(len(named) - 1)
            continue
        if _THIRD_PERSON_LEAD.match(p) or (lead is None and _OWNED_LEAD.match(p)):
            # "he sews and I sell" read as "he sews and Liivi sell": a pronoun right before
            # the subject's own conjunct points back to someone else, never ahead to it.
            named.append((False, False))
            pronoun_led.add(len(named) - 1)
            continue
        if lead is None and named and (not _has_predicate(p) or _NP_OPENING.match(p)):
            named.append(named[-1])  # "Fenella does the books and the orders": still Fenella's
            if len(named) - 2 in pronoun_led:
                pronoun_led.add(len(named) - 1)
            continue
        mine = lead is not None and (refers_to(subject, lead) or refers_to(lead, subject))
        claimed = lead is not None and any(refers_to(c, lead) or refers_to(lead, c) for c in others_in_claim)
        # Another party's clause opens with that party ("Ola Berg to book ..."), and says
        # something of it ("half the Brno team is off" is about the team, not Brno).
        opens = bool(found_here) and len(_WORDS.findall(p[: found_here[0][1]])) <= 1
        named.append((mine, opens and not mine and not claimed))
        if mine and not _has_predicate(p[found_here[0][2] :]):
            return None  # "... and Iolanda Vik the Friday one": the verb is shared
        if mine and _BARE_VERB_AFTER.match(p, found_here[0][2]) and _rewritten_i(p[found_here[0][2] :]):
            first_person.add(len(named) - 1)  # "Catriona sell": the writer's "I sell", read
    for i in sorted(pronoun_led):
        # Right before the subject's conjunct, or beside the writer's own "I" conjunct
        # ("I sell and he knits", "she paints and I sand"): someone else's part.
        if (i + 1 < len(named) and named[i + 1][0]) or {i - 1, i + 1} & first_person:
            named[i] = (False, True)
        else:
            pronoun_led.discard(i)
    if not any(m for m, _ in named) or not any(o for _, o in named):
        return None
    subject_words = {lemma(t) for t in subject.split()}
    claimed_words = {lemma(t) for c in others_in_claim for t in c.split()}
    for word in sorted(set(content_lemmas(claim)) - subject_words - claimed_words):
        if word[:1].isdigit() or _TIME_WORD.fullmatch(word):
            continue  # a header's date or count ("Roster 2024 - Chair: ...") is everyone's
        holders = [i for i, p in enumerate(parts) if word in set(content_lemmas(p))]
        if holders and all(named[i][1] and (i in pronoun_led or _said_after_name(parts[i], word))
                           for i in holders):
            return subject, f"the evidence says '{word}' of another party, not of '{subject}'"
    return None


_WORDS = re.compile(r"[^\W\d_][\w'’\-]*")


_INTRODUCTION = re.compile(r"\s*(?:I['’]?m|I am|[Mm]y name is)\s+[^\W\d_][\w'’\-]*(?:\s+[A-Z][\w'’\-]*)*\s*$")
_FIRST_PERSON_LEAD = re.compile(r"\s*I(?:['’](?:m|ve|ll|d))?\s+[a-z]")
# "my husband sews", "her brother fishes": a possessed party's conjunct.
_OWNED_LEAD = re.compile(r"\s*(?:my|our|his|her|their)\s+[a-z][\w\-]*\s+[a-z]", re.I)
_THIRD_PERSON_LEAD = re.compile(r"\s*(?:he|she|they)\s+[a-z]", re.I)


_COLON = re.compile(r":\s+")
_NP_OPENING = re.compile(r"\s*(?:the|a|an|some|his|her|their|its)\s", re.I)
_LABEL_ONLY = re.compile(r"\s*[A-Z][\w'’\-]*(?:\s+[A-Z][\w'’\-]*){0,3}\s*")
_BARE_VERB_AFTER = re.compile(r"\s+[a-z]+\b")


def _rewritten_i(rest: str) -> bool:
    """ "Catriona sell the wool": a name with a bare verb after it is the linker's reading of
    the writer's "I sell" (a third person would say "sells")."""
    toks = _WORDS.findall(rest)
    if not toks:
        return False
    word = toks[0]
    pinned = lexicon()
    return not word.endswith("s") and word not in STOPWORDS and bool(pinned and pinned.derivations(word, "v"))


def _has_predicate(rest: str) -> bool:
    toks = [t.casefold() for t in _WORDS.findall(rest)]
    if toks and rest.lstrip()[:1].islower() and toks[0] not in STOPWORDS:
        # "I sell" read as "Liivi sell": a bare verb right after the name (without the
        # lexicon, any such word: the conjunct check then refuses more, never less).
        pinned = lexicon()
        if not pinned or pinned.derivations(toks[0], "v"):
            return True
    return any(is_verb_like(t) or (i and toks[i - 1] == "to") for i, t in enumerate(toks))


def _said_after_name(part: str, word: str) -> bool:
    """``word`` is a verb after the part's first name ("Ola Berg to book", "Hugo chairs"):
    what that party does, not a header's word or a noun a pronoun may share ("its")."""
    found = [m for m in find_names(part) if part[m[2] : m[2] + 1] != ":"]
    if not found:
        return False
    toks = [t.casefold() for t in _WORDS.findall(part[found[0][2] :])]
    return any(
        lemma(t) == word and (is_verb_like(t) or (i and toks[i - 1] == "to")) for i, t in enumerate(toks)
    )


# A clause's own time or place: "due two months later", "runs a clinic in Manipay".
_OWN_TIME = re.compile(
    r"\d|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|later|earlier|ago|next|last|yesterday|"
    r"tomorrow|today|tonight)\b",
    re.I,
)
_PLACE_AFTER = re.compile(
    r"\b(?:in|at|near|outside|from)\s+(?:the\s+)?(?P<place>[A-Z][\w'’\-]*(?:\s+[A-Z][\w'’\-]*)*)"
)


_VERB_CLAUSES = re.compile(r"\s*;\s*|,?\s+(?:and|but|while|whereas)\s+(?:then\s+|now\s+)?")
_VERB_PIECES = re.compile(_VERB_CLAUSES.pattern + r"|,\s+")


def _first_verb(claim: str) -> str | None:
    """The lemma of the first verb after the claim's subject ("Sina manages ..." -> manage)."""
    subject, _found = claim_subject(claim)
    at = claim.find(subject) + len(subject) if subject and subject in claim else 0
    return next((lemma(t) for t in markers.token_tuple(claim[at:]) if is_verb_like(t)), None)


def verb_clause(claim: str, ev: str, pieces: bool = False) -> str | None:
    """The one conjunct of ``ev`` that holds the claim's verb, when there are several;
    ``pieces``: comma-set phrases too ("Born in Mindelo, she trained in Dakar")."""
    found = verb_conjuncts(claim, ev, pieces)
    return found[0][found[1]] if found is not None else None


def _conjuncts(ev: str, pattern: re.Pattern[str]) -> list[str]:
    """``ev`` split at ``pattern``; a part with no verb joins the one before it ("in June
    and to Tromsø in August": the verb is shared)."""
    parts: list[str] = []
    for p in (p for p in pattern.split(ev) if p and p.strip()):
        if parts and not any(is_verb_like(t) or t in AUX for t in markers.token_tuple(p)):
            parts[-1] += " and " + p
        else:
            parts.append(p)
    return parts


def verb_conjuncts(claim: str, ev: str, pieces: bool = False) -> tuple[list[str], int] | None:
    """The conjuncts of ``ev`` and the index of the one that holds the claim's verb, when
    there are several and exactly one holds it."""
    verb = analyse(claim).verb or _first_verb(claim)
    if verb is None:
        return None
    parts = _conjuncts(ev, _VERB_PIECES if pieces else _VERB_CLAUSES)
    if len(parts) < 2:
        return None
    holding = [i for i, p in enumerate(parts) if verb in content_lemmas(p)]
    if len(holding) > 1:  # "Ines joined Tolvan and Omar joined Pennick": the subject's own
        subject, _found = claim_subject(claim)
        names = {lemma(t) for t in (subject or "").split()}
        holding = [i for i in holding if not _led_by_other(parts[i], names)]
    return (parts, holding[0]) if len(holding) == 1 else None


def check_clause_date(claim: str, ev: str) -> Failure:
    """The claim's date is the one its own clause states ("signed on 3 March; delivery
    is due two months later" gives no "due in March")."""
    claimed = dates(claim)[0]
    months = set(_MONTH_WORD.findall(claim.casefold()))
    split = _per_conjunct(claim, ev, _VERB_CLAUSES, check_clause_date) if claimed or months else None
    if split is not None:
        return split[0]  # "is based in Ijebu-Ode and was founded in 2009": each its own date
    found = verb_conjuncts(claim, ev) if claimed or months else None
    if found is None:
        return None
    parts, at = found
    part = parts[at]
    if not _OWN_TIME.search(part):
        return _date_of_other_conjunct(claimed, parts, at)
    held = dates(part)[0]
    for d in claimed:
        if not date_supported(d, held):
            return d.surface, f"the date '{d.surface}' belongs to another clause of the evidence"
    for month in sorted(months - set(_MONTH_WORD.findall(part.casefold()))):
        return month, f"'{month}' belongs to another clause of the evidence"
    return None


def _date_of_other_conjunct(claimed: tuple[DateValue, ...], parts: list[str], at: int) -> Failure:
    """A date the claim puts on its verb that the evidence states after another conjunct's
    verb ("bought a house in 2019 and sold the flat" gives no "sold the flat in 2019"); a
    date fronted before the first verb ("In 2019 she bought a house and sold the flat")
    scopes over every conjunct."""
    for d in claimed:
        for i, part in enumerate(parts):
            held, spans = dates(part)
            where = [a for h, (a, _b) in zip(held, spans, strict=True) if d.covered_by(h)]
            if i == at or not where:
                continue
            verb_at = next((m.start() for m in _WORD_AT.finditer(part)
                            if is_verb_like(m.group(0)) or m.group(0).casefold() in AUX), None)
            if i == 0 and (verb_at is None or where[0] < verb_at):
                continue  # fronted: it dates the whole sentence
            return d.surface, f"the date '{d.surface}' belongs to another clause of the evidence"
    return None


_WORD_AT = re.compile(r"[\w'’\-]+")
_MONTH_WORD = re.compile(
    r"\b(january|february|march|april|june|july|august|september|october|november|december|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
)


def check_clause_party(claim: str, ev: str) -> Failure:
    """A party the claim names besides its subject is in the conjunct holding the claim's
    verb, when that conjunct names another party instead ("joined Cabo Telecom in 2016 and
    left two years later for Praia Fibra" gives no "joined Praia Fibra in 2016")."""
    names = [n for n, _, _ in find_names(claim)][1:]
    part = verb_clause(claim, ev) if names else None
    if part is None and names and analyse(claim).verb in (None, "be"):
        return _noun_party(claim, ev, names)  # "X's boss is Tom Hale": the conjunct saying "boss"
    if part is None:
        return None
    own = [n for n, _, _ in find_names(part)]
    for name in names:
        if name in ev and not any(refers_to(name, o) or refers_to(o, name) for o in own) and any(
            o not in claim for o in own
        ):
            return name, f"'{name}' belongs to another clause of the evidence"
    return None


def _noun_party(claim: str, ev: str, names: list[str]) -> Failure:
    """For a claim whose verb is "be": in the one conjunct of ``ev`` holding a word the claim
    predicates ("boss", "hometown", "nurse"), the name that word is said of ("boss is Ben
    Ode", "nurse at Brix Clinic", "Brno-based sound designer") is one the claim names."""
    parts = _conjuncts(ev, _VERB_CLAUSES)
    if len(parts) < 2:
        return None
    named = {lemma(w) for n, _, _ in find_names(claim) for w in n.split()}
    for anchor in (w for w in content_lemmas(claim) if w not in named and w not in ("be", "have")):
        holding = [p for p in parts if anchor in content_lemmas(p)]
        if len(holding) != 1:
            continue
        part = holding[0]
        said = _said_of(part, anchor)
        every = [n for n, _, _ in find_names(claim)]  # the subject too ("his brother Dritan")
        if not said or any(any(refers_to(n, o) or refers_to(o, n) or n in o for n in every) for o in said):
            return None
        elsewhere = [n for n in names if n in ev and n not in part]
        if elsewhere:
            return elsewhere[0], f"'{elsewhere[0]}' belongs to another clause of the evidence"
        return None
    return None


# The words between a predicate noun and the name it is said of ("is", "at", "of", ...).
_SAID_OF_GAP = re.compile(
    r"^(?:[ \t]+(?:is|was|are|were|at|of|for|in|with|to|from|the|a|an|called|named))*[ \t,:]*$", re.I
)


def _said_of(part: str, anchor: str) -> list[str]:
    """The names in ``part`` set right after a word whose lemma is ``anchor`` ("boss is Ben
    Ode", "nurse at Brix Clinic") or right before it ("a Brno-based sound designer")."""
    found = find_names(part)
    out = []
    for m in re.finditer(r"[^\W\d_][\w'’-]*", part):
        if lemma(m.group(0)) != anchor:
            continue
        after = next((f for f in found if f[1] >= m.end()), None)
        if after is not None and _SAID_OF_GAP.match(part[m.end() : after[1]]):
            out.append(after[0])
        before = [f for f in found if f[2] <= m.start()]
        if before and re.fullmatch(r"(?:[ \t]+[a-z][\w'’-]*)?[ \t]*", part[before[-1][2] : m.start()]):
            out.append(before[-1][0])
    return out


def check_clause_place(claim: str, ev: str) -> Failure:
    """The claim's place is the one its own clause states ("read law at the University of
    Colombo and now runs a clinic in Manipay" gives no "runs a clinic in Colombo")."""
    places = [m.group("place") for m in _PLACE_AFTER.finditer(claim)]
    part = verb_clause(claim, ev, pieces=True) if places else None
    if part is None:
        return None
    own = [m.group("place") for m in _PLACE_AFTER.finditer(part)]
    if not own:
        return None  # the clause names no place of its own: nothing to set against the claim's
    for place in places:
        if not any(refers_to(place, o) or refers_to(o, place) or place in o for o in own):
            return place, f"the place '{place}' belongs to another clause of the evidence"
    return None


def check_possessor_clause(claim: str, ev: str) -> Failure:
    """In the conjunct holding the claim's verb, the claim's subject is only an owner
    ("sina's sister manages the café, sina does weekends" gives no "Sina manages the café")."""
    subject, found = claim_subject(claim)
    part = verb_clause(claim, ev, pieces=True) if subject else None
    if part is None or subject is None:
        return None
    if any(m.possessive for m in found if m.name == subject):
        return None  # the claim too speaks of what the subject owns
    # The subject's own spellings in the clause (a sentence-initial "Sina's" is no mention
    # the name finder reports, so the words are matched, not the mentions).
    said = [m.group(1) for m in re.finditer(r"\b" + re.escape(subject) + r"\b(['’]s\b)?", part)]
    if said and all(said):
        return subject, f"the clause that says it names '{subject}' only as the owner of someone else"
    return None


_TO_PARTY = frozenset({"to", "for", "from"})


def check_recipient(claim: str, ev: str) -> Failure:
    """The claim's subject receives the verb in the evidence ("Vantor paid the invoice to Brix
    Studio" gives no "Brix Studio paid the invoice"): named only after "to/for/from" past the
    verb, with another party named before it."""
    subject, _found = claim_subject(claim)
    shape = analyse(claim)
    verb = shape.verb
    if subject is None or verb is None or verb in SYMMETRIC_VERBS or shape.passive:
        return None  # "Brix was paid by Vantor": the claim's subject receives it too
    if re.search(r"\b(?:to|from|for)\s+(?:the\s+)?[A-Z]", claim):
        return None  # "rented the cottage from Pavel": the claim says the direction; frames read it
    for part in _VERB_CLAUSES.split(ev):
        toks = [(m.group(0), m.start()) for m in re.finditer(r"[\w'’\-]+", part)]
        at = next((pos for w, pos in toks if lemma(w) == verb), None)
        if at is None:
            continue
        names = [m for m in mentions(part) if not m.possessive]
        mine = [m for m in names if refers_to(subject, m.name) or refers_to(m.name, subject)]
        if not mine or any(m.start < at for m in mine):
            continue  # the subject is named before the verb: it may well be the doer
        before = [m for m in names if m.start < at and m not in mine]
        received = all(re.search(r"\b(?:to|for|from)\s+(?:the\s+)?$", part[max(0, m.start - 12) : m.start])
                       for m in mine)
        if before and received:
            return subject, f"the evidence has '{subject}' receiving '{verb}', done by '{before[0].name}'"
    return None

