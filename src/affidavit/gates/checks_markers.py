"""The write gate's marker checks: polarity, modality, quantifiers and tense.

Each compares what the evidence marks (a "not", a hedge, a quantifier, an ended
state, a past tense) with what the claim keeps; each returns ``None`` when the
claim passes, else ``(term, why)``. The grounding of words, numbers and roles is in
``checks_grounding``; the governing context of a clause (hearsay, condition,
question) in ``checks_context``.
"""

from __future__ import annotations

import re

from affidavit.text import clauses, markers
from affidavit.text.frames import converse_verbs
from affidavit.text.lemmas import _IRREGULAR, content_lemmas, lemma, words
from affidavit.text.numbers import dates, quantities
from affidavit.text.wordlists import NUMBER_WORDS

Failure = tuple[str, str] | None

_PAST_FORMS = frozenset({"was", "were", "had", "did"})
_PRESENT_FORMS = frozenset({"is", "are", "am", "has", "does"})


def check_polarity(claim: str, ev: str) -> Failure:
    """The claim keeps the evidence's polarity (a dropped or added "not")."""
    c, e = markers.negations(claim) % 2, markers.negations(ev) % 2
    if c == e:
        return None
    term = next(
        (
            t
            for t in markers.tokens(ev if e else claim)
            if t in markers.NEGATORS or t in markers.LEXICAL_NEGATIVES
        ),
        "not",
    )
    side = "evidence" if e else "claim"
    return term, f"the {side} is negated ('{term}') and the other is not"


def check_modality(claim: str, ev: str) -> Failure:
    """A hedge, intention or prediction in the evidence is kept by the claim."""
    dropped = markers.modalities(ev) - markers.modalities(claim)
    if not dropped or (dropped == {"future"} and _futurate(claim, ev)):
        return None
    kind = sorted(dropped)[0]
    term = next((t for t in markers.tokens(ev) if markers.MODALITY.get(t) == kind), None)
    term = term or markers.phrase_cue(ev) or kind
    return term, f"the evidence qualifies the statement ('{term}', {kind}); the claim does not"


# "No users can log in", "Nobody at the depot has a key": all of them, negated.
# A denial of all, opening the claim or its clause after a report's frame ("According to
# X, none of the harbour's 17 boats ...").
_NONE_OF = re.compile(
    r"(?:^|[,:;]|\bthat)\s*"
    r"(?P<word>(?:no|none of (?:the|its|their|our|his|her))\s+\w|(?:nobody|no one|noone)\b)",
    re.I,
)
# "eleven of the harbour's 17 boats": a count of a part of a counted whole.
_PART_OF_COUNT = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")\s+of\s+"
    r"(?:(?:the|its|their|our|his|her)\s+)?(?:[\w\-]+['’]s?\s+)?(?:[\w\-]+\s+){0,2}?\d[\d,]*\b",
    re.I,
)


def check_quantifier(claim: str, ev: str) -> Failure:
    """The claim does not strengthen the evidence's quantifier or drop an exception."""
    rc, re_ = markers.quantifier_rank(claim), markers.quantifier_rank(ev)
    denied = _NONE_OF.search(claim)
    # The evidence speaks of part: a partial quantifier, or a count of a counted whole
    # ("eleven of the harbour's 17 boats") the claim does not keep.
    counted = _PART_OF_COUNT.search(ev) if denied else None
    if denied and ((re_ is not None and 0 < re_ < markers.UNIVERSAL)
                   or (counted is not None and not _PART_OF_COUNT.search(claim))):
        word = denied.group("word").split()[0]
        return word, f"the claim says '{word}' of all of them; the evidence of part of them"
    general = _generalised(claim, ev)
    if general is not None:
        return general, f"the evidence says '{general}'; the claim speaks of them all"
    partial = _degree_raised(claim, ev)
    if partial is not None:
        return partial, f"the evidence says '{partial}'; the claim says it in full"
    nobody = _NO_ONE_AT_ALL.search(claim)
    if nobody is not None:
        # "nobody apart from the driver", "nobody from Truro", "no one-day tickets": a denial
        # of all is narrowed as "all" is, and a narrower denial says less than the claim's.
        word = nobody.group(0)
        if markers.has_exception(ev) and not markers.has_exception(claim):
            return word, f"the claim says '{word}' but the evidence states an exception"
        narrowed = _restrictor_dropped(claim, ev)
        if narrowed is not None:
            return word, f"the evidence says '{narrowed}'; the claim says '{word}' of more"
    if rc is None:
        part = markers.partitive_lead(ev)
        # A claim that counts ("Forty ... staff") is left to the number check.
        if part is not None and markers.partitive_any(claim) is None and not quantities(claim):
            if part == "one" and _one_of_kept(claim, ev):
                return None  # "one of his vases" for "a vase by him"
            return part, f"the evidence speaks of part of a group ('{part} of'); the claim of all of it"
        return None
    term = next((t for t in markers.tokens(claim) if markers.QUANTIFIERS.get(t) == rc), "all")
    if rc >= 3 and re_ is None:
        return term, f"the claim says '{term}' but the evidence does not quantify"
    if re_ is not None and rc > re_:
        return term, f"the claim says '{term}', stronger than the evidence's quantifier"
    if rc == markers.UNIVERSAL and markers.has_exception(ev) and not markers.has_exception(claim):
        return term, f"the claim says '{term}' but the evidence states an exception"
    if rc == markers.UNIVERSAL:
        narrowed = _restrictor_dropped(claim, ev)
        if narrowed is not None:
            return term, f"the evidence says '{narrowed}'; the claim says '{term}' of more"
    return None


def check_scope_of_them(claim: str, ev: str) -> Failure:
    """A universal the evidence says of a counted noun ("28 weavers, all of them women, and
    two dyers") is not the claim's universal of another noun ("Every dyer ... is a woman",
    "Every employee ..."). Read over the whole sentence: the comma splits the clauses."""
    if markers.quantifier_rank(claim) != markers.UNIVERSAL:
        return None
    scoped = _scope_of_them(claim, ev)
    if scoped is None:
        return None
    term = next((t for t in markers.tokens(claim) if markers.QUANTIFIERS.get(t) == markers.UNIVERSAL), "all")
    return term, f"the evidence says '{scoped}' of those only; the claim says '{term}' of others"


# "28 weavers, all of them women, and two dyers": the universal is of the counted noun
# before it, not of the list it stands in.
_OF_THEM = re.compile(
    r"\b(?P<count>\d[\d,]*|[a-z]+)\s+(?P<noun>[a-z][\w-]*),\s+(?P<q>all|each|every one|both)\s+of\s+them\b",
    re.I,
)
# The claim's universal and its noun: "every employee", "all the weavers", "all of X's dyers".
_CLAIM_ALL = re.compile(
    r"\b(?:all|every|each)\s+(?:of\s+)?(?:(?:the|its|their|his|her|our)\s+|[A-Z][^\s]*(?:\s+[A-Z][^\s]*)*['’]s?\s+)?"
    r"(?P<noun>[a-z][\w-]*)",
    re.I,
)


def _scope_of_them(claim: str, ev: str) -> str | None:
    """ "all of them" in the evidence after a counted noun, when the claim's universal is of
    another noun: "Every dyer (employee) ... is a woman" of "28 weavers, all of them women,
    and two dyers"."""
    said = _CLAIM_ALL.search(claim)
    if said is None:
        return None
    noun = lemma(said.group("noun").casefold())
    for hit in _OF_THEM.finditer(ev):
        if lemma(hit.group("noun").casefold()) != noun:
            return f"{hit.group('count')} {hit.group('noun')}, {hit.group('q')} of them"
    return None


# A denial of all is downward entailing: whatever narrows it in the evidence ("since the
# storm", "after 6pm", "on the night shift", "else", "bar the skipper") the claim must keep,
# or it denies more than the evidence does. Read over the denial's own stretch of its
# sentence: from the sentence's start (or the last "and"/"but" before the denial) to the
# end of the sentence or the next ";".
_DENIAL_WORD = re.compile(r"\b(?:nobody|no[ -]one|nothing|none|no(?!\.[ \t]?\d))\b", re.I)
_LEADING_ADVERBIAL = re.compile(
    r"\s*(?:since|after|before|until|till|in|on|during|from|at|over|throughout|for|by|this|last|outside|"
    r"inside|except|apart|besides|within|without)\b",
    re.I,
)
_OTHER_THAN = frozenset({"else", "other", "others", "besides", "bar", "except", "apart", "but", "save"})


def check_denial_narrowed(claim: str, ev: str) -> Failure:
    """A claim that denies of all ("Nobody has crossed to the Calf") keeps every word that
    narrows the evidence's denial ("Since the storm, nobody has crossed ..."), read over the
    whole sentence (an opening time is a clause of its own)."""
    nobody = _NO_ONE_AT_ALL.search(claim)
    if nobody is None:
        return None
    narrowed = _denial_narrowed(claim, ev)
    if narrowed is None:
        return None
    return nobody.group(0), f"the evidence says '{narrowed}'; the claim says '{nobody.group(0)}' of more"


def _denial_narrowed(claim: str, ev: str) -> str | None:
    claim_lemmas = set(content_lemmas(claim)) | {w.casefold() for w in words(claim)}
    for m in _DENIAL_WORD.finditer(ev):
        start = max(ev.rfind(". ", 0, m.start()) + 1, ev.rfind(";", 0, m.start()) + 1,
                    ev.rfind("\n", 0, m.start()) + 1, ev.rfind(": ", 0, m.start()) + 1)
        comma = ev.rfind(",", start, m.start())
        if m.group(0).casefold() == "no" and comma >= 0 and not _LEADING_ADVERBIAL.match(ev, start):
            start = comma + 1  # "Páll, 61, no history of diabetes": the phrase itself (not "Since X, no ...")
        cut = max(ev.rfind(" and ", start, m.start()), ev.rfind(" but ", start, m.start()))
        start = cut + 5 if cut >= 0 else start
        # ... up to a new clause after a comma ("No one was hurt, but the shed burned").
        cuts = (". ", ";", "\n", ", but ", ", and ", ", although ", ", though ", ", while ")
        ends = [i for i in (ev.find(c, m.end()) for c in cuts) if i >= 0]
        stretch = ev[start : min(ends) if ends else len(ev)]
        for cue in {f.cue for seg in clauses.read(stretch) for f in seg.frames if f.kind == "hearsay"}:
            # "No one was hurt, spokesman X said on Monday": the report's words narrow nothing
            stretch = stretch.replace(cue, " ")
        said = {w.casefold() for w in words(stretch)}
        if not set(content_lemmas(stretch)) & set(content_lemmas(claim)):
            continue  # another sentence's denial ("No trains ran. Nobody was hurt.")
        extra = sorted((said & _OTHER_THAN) - claim_lemmas)
        missing = [w for w in content_lemmas(stretch) if w not in claim_lemmas and w not in markers.NEGATORS
                   and w not in ("one", "be", "have")]  # fmt: skip
        if extra or missing:
            return " ".join(w for w in words(stretch))[:60]
    return None


# "nobody", "no one", "nothing": a universal denial, narrowed or excepted as "all" is.
_NO_ONE_AT_ALL = re.compile(r"\b(?:nobody|no[ -]one|nothing|none|no(?!\.[ \t]?\d))\b", re.I)  # not "No. 3"


# "all trips to the outer islands", "every shop that sells fuel": a universal narrowed by
# what follows its noun. A claim that keeps the universal but not that narrowing ("all of
# its trips") speaks of more than the evidence does.
_ALL_NOUN = re.compile(
    r"\b(?P<q>all|every|each|no)\s+(?:of\s+)?(?:(?:the|its|their|his|her|our|my|your|these|those)\s+)?"
    r"(?P<noun>[a-z][\w\-]*)\s+(?P<rest>(?:(?:on|in|at)\s+(?:the\s+)?[A-Za-z]+day\s+)?"
    r"(?:to|from|in|at|on|for|with|of|near|over|under|that|which|who|whose)\s+[^,;:.!?\n]{1,60})"
    # "everyone in the choir", "nobody from Truro", "anything of value": the pronouns too
    r"|\b(?P<q2>everyone|everybody|anyone|anybody|nobody|no[ -]one|everything|nothing|anything)\s+"
    r"(?P<rest2>(?:from|in|at|of|over|under|with|who|that|outside|inside|except|but|apart)\s+[^,;:.!?\n]{1,60})",
    re.I,
)
_TIME_OBJECT = re.compile(
    r"^(?:on|in|at|for|from)\s+(?:the\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|"
    r"weekdays?|weekends?|today|tomorrow|yesterday|this|next|last|time|once)",
    re.I,
)


_TIME_NOUNS = frozenset({
    "day", "week", "month", "year", "morning", "afternoon", "evening", "night", "time", "season",
    "weekend", "weekday", "summer", "winter", "spring", "autumn", "term", "quarter", "hour", "minute",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
})  # fmt: skip


def _restrictor_dropped(claim: str, ev: str) -> str | None:
    claim_lemmas = set(content_lemmas(claim))
    claim_low = claim.casefold()
    for m in _ALL_NOUN.finditer(ev):
        if m.group("q2"):
            who = m.group("q2").casefold().replace("-", " ")
            words = [w for w in content_lemmas(" ".join(m.group("rest2").split()[:4]))
                     if w not in markers.NEGATORS]  # fmt: skip
            if who in claim_low.replace("-", " ") and words and not all(w in claim_lemmas for w in words):
                return " ".join([m.group("q2"), *m.group("rest2").split()[:4]])
            continue
        rest = m.group("rest")
        # "all sailings on Sunday to the outer islands": past the time, to the narrowing
        rest = re.sub(r"^(?:on|in|at)\s+(?:the\s+)?[A-Za-z]+day\s+", "", rest)
        if _TIME_OBJECT.match(rest):
            continue  # "all shops on Sunday": a time, not a narrower set
        noun = lemma(m.group("noun").casefold())
        if noun in _TIME_NOUNS:
            continue  # "every January for the txotx season": a time that recurs, not a set
        if noun not in claim_lemmas:
            continue  # not the claim's set
        # The narrowing phrase up to its first verb-like break: its own content words.
        words = [w for w in content_lemmas(rest.split(" as ")[0].split(" because ")[0]) if w != noun]
        if words and not any(w in claim_lemmas for w in words[:3]):
            return " ".join([m.group("q"), m.group("noun"), *rest.split()[:4]])
    for m in _NO_MODIFIED.finditer(ev):
        noun = m.group("noun")
        mods = [w for w in content_lemmas(m.group("mods")) if w not in claim_lemmas]
        if mods and re.search(rf"\bno\s+{re.escape(noun)}\b", claim, re.I):
            return f"no {m.group('mods').strip()} {noun}"  # "no one-day tickets" is no "no tickets"
    return None


_NO_MODIFIED = re.compile(r"\bno\s+(?P<mods>(?:[\w\-]+\s+){1,2})(?P<noun>[a-z][\w\-]*)", re.I)


# "Some shops in Victoria take only cash" is no "Shops in Victoria take only cash": a bare
# plural in the claim speaks of the kind, the evidence of some of them.
_SOME_PLURAL = re.compile(
    r"\b(?P<q>some|several|a few|a couple of|a number of|many|most)\s+"
    r"(?:(?-i:[A-Z][\w\-]*)\s+){0,2}(?P<noun>(?-i:[a-z])[\w\-]*s)\b",  # "some Lagos banks" too
    re.I,
)


def _generalised(claim: str, ev: str) -> str | None:
    claim_toks = markers.token_tuple(claim)
    for m in _SOME_PLURAL.finditer(ev):
        noun = m.group("noun").casefold()
        if lemma(noun) == noun or noun not in claim_toks:
            continue  # a singular or mass noun ("some Lao", "some progress"), or not the claim's
        at = claim_toks.index(noun)
        before = claim_toks[max(0, at - 3) : at]
        if any(t in markers.QUANTIFIERS or t[:1].isdigit() or t in NUMBER_WORDS for t in before):
            continue  # the claim counts or quantifies them itself
        return f"{m.group('q')} {m.group('noun')}"
    return None


# "speaks some Lao" is no "speaks Lao fluently": a partial degree the claim raises to a full one.
_PARTIAL = re.compile(r"\b(?P<q>some|a little|a bit of|basic|limited|partial)\s+(?P<word>[\w\-]+)", re.I)
_FULL_DEGREE = frozenset({"fluently", "fully", "completely", "perfectly", "entirely", "totally",
                          "fluent", "full", "complete"})  # fmt: skip


def _degree_raised(claim: str, ev: str) -> str | None:
    toks = markers.token_tuple(claim)
    if _FULL_DEGREE.isdisjoint(toks):
        return None
    for m in _PARTIAL.finditer(ev):
        if m.group("word").casefold() in toks and m.group("q").casefold() not in toks:
            return m.group(0)
    return None


_ONE_OF = re.compile(r"\bone of (?:the |his |her |their |its |our |my )?([\w\-]+)", re.I)


def _one_of_kept(claim: str, ev: str) -> bool:
    """The claim says "a/an/one N" of the evidence's "one of the Ns"."""
    nouns = {lemma(m.group(1)) for m in _ONE_OF.finditer(ev)}
    toks = markers.token_tuple(claim)
    return any(t in ("a", "an", "one") and lemma(n) in nouns for t, n in zip(toks, toks[1:], strict=False))


def _copula_forms(text: str, progressive: bool = False) -> list[str]:
    """Forms of "be" used as a copula (not as a passive or progressive auxiliary); with
    ``progressive``, a progressive's too ("was acting site manager", "was working there"
    held then, as "was site manager" does; "is working there" holds now)."""
    toks = markers.token_tuple(text)  # read only: no list copy
    out = []
    for i, t in enumerate(toks):
        if t in ("is", "are", "am", "was", "were"):
            nxt = toks[i + 1] if i + 1 < len(toks) else ""
            if progressive and nxt.endswith("ing") and len(nxt) > 4:
                out.append(t)
                continue
            if nxt.endswith(("ed", "en", "ing")) or (nxt in lemma_irregular_participles()):
                continue
            out.append(t)
    return out


def lemma_irregular_participles() -> frozenset[str]:
    return _PARTICIPLES


_PARTICIPLES = frozenset(
    {"born", "built", "sold", "bought", "run", "led", "held", "made", "paid", "taught",
     "written", "known", "given", "taken", "seen", "left", "kept", "lost", "won", "found",
     "set", "put", "hit", "cut", "shut", "told", "sent", "spent", "brought", "thought"}
)  # fmt: skip


def _irregular_past(word: str) -> bool:
    """ "took", "ran", "wrote": a listed irregular form that is not the present."""
    return _IRREGULAR.get(word, word) != word and word not in _PRESENT_FORMS and not word.endswith("s")


# "Tak to order new badge readers", "Discharge plan: Ana Ruiz to take 5 mg": a name
# with a bare infinitive is an instruction, the future the claim's "is to" / "will" keeps.
# An arrangement: a progressive or a present verb with a time still to come ("is
# signing the lease on Friday", "joins Norvik next month", "is joining in May").
_TO_COME = (
    r"(?:next (?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|"
    r"summer|autumn|winter|january|february|march|april|may|june|july|august|september|october|"
    r"november|december)|tomorrow|tonight|later (?:today|this week|this month)|this coming \w+|"
    r"in \w+ (?:days|weeks|months)(?! ago)|from (?:next|tomorrow)|soon)"
)
_ARRANGED = re.compile(
    r"\b(?:is|are|am|['’]s|['’]re)\s+(?:\w+ly\s+)?[a-z]+ing\b(?:[^.;!?]{0,60}?)\b(?:" + _TO_COME + r"|"
    r"(?:on|in|from) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|"
    r"april|may|june|july|august|september|october|november|december)\b)|"
    r"(?<!\bthe )(?<!\ba )(?<!\bhis )(?<!\bher )(?<!\btheir )(?<!\bits )(?<!\bour )(?<!\bmy )"
    r"\b(?!(?:is|was|has|does|this|its|his|us|yes|as|thus|plus)\b)[a-z]{3,}s\b(?:[^.;!?]{0,60}?)\b"
    + _TO_COME
    + r"\b",
    re.I,
)


_ARRANGED_HINT = re.compile(r"ing\b|next|tomorrow|tonight|soon|later|coming|from", re.I)
_PARTS = re.compile(r"\s*[;,]\s*|\s+(?:and|but|while|whereas|then)\s+")


def _claims_part(claim: str, ev: str) -> str:
    """The part of ``ev`` (split at conjunctions and commas) that shares most of the
    claim's content words; ``""`` when two parts tie (no arrangement is read then)."""
    parts = [p for p in _PARTS.split(ev) if p and p.strip()]
    if len(parts) < 2:
        return ev
    want = set(content_lemmas(claim))
    scored = sorted(((len(want & set(content_lemmas(p))), i) for i, p in enumerate(parts)), reverse=True)
    if scored[0][0] == scored[1][0]:
        return ""
    return parts[scored[0][1]]


def _same_event(claim: str, arranged: str) -> bool:
    """The arranged verb ("signing", "joins") is the claim's verb ("signed", "joined")."""
    first = next(
        (w for w in re.findall(r"[a-z]+", arranged.casefold())
         if w.endswith(("ing", "s")) and w not in ("is", "s", "this", "its", "was", "has", "does")),
        None,
    )  # fmt: skip
    if first is None:
        return False
    claimed = {lemma(w) for w in words(claim)}
    return lemma(first) in claimed or (first.endswith("ing") and lemma(first[:-3]) in claimed)


_BEGINS = frozenset({"start", "join", "begin", "commence"})
_TIME_LEMMAS = frozenset({"next", "week", "month", "year", "tomorrow", "soon", "later", "coming"})


def _begun_by(arranged: str, claim: str) -> bool:
    """The arranged verb is one that begins a state ("starts at", "joins"), and what it
    begins is what the claim says ("at the Hella clinic" for "works at the Hella clinic")."""
    low = arranged.casefold()
    found = next((m for m in re.finditer(r"[a-z]+", low) if m.group(0).endswith(("ing", "s"))), None)
    if found is None:
        return False
    first = found.group(0)
    if lemma(first) not in _BEGINS and not (first.endswith("ing") and lemma(first[:-3]) in _BEGINS):
        return False
    begun = set(content_lemmas(arranged[found.end() :])) - _TIME_LEMMAS
    return bool(begun & set(content_lemmas(claim)))


def _states_present(claim: str) -> bool:
    """The claim's verb is a present state ("works at", "is at", "lives in")."""
    toks = markers.tokens(claim)
    if _any_past(toks):
        return False
    return any(t in ("is", "are", "am") or (t.endswith("s") and not t.endswith("ss") and lemma(t) != t)
               for t in toks)


def _any_past(toks: list[str]) -> bool:
    """A past form or participle among ``toks`` (the claim says it held or was done then)."""
    return any(t in _PAST_FORMS or t.endswith("ed") or t in _PARTICIPLES or _irregular_past(t) for t in toks)


def _states_past(claim: str) -> bool:
    """The claim's verb is in the simple past ("signed", "joined", "took")."""
    toks = markers.tokens(claim)
    if any(t in ("has", "have", "had", "will", "'ll", "is", "are", "am") for t in toks):
        return False  # a perfect, a future, or a present state ("is based in Oslo")
    return any((len(t) > 4 and t.endswith("ed")) or _irregular_past(t) for t in toks)


_INSTRUCTED = re.compile(
    r"\b[A-Z][\w'’\-]*\s+(?:—\s+|-\s+)?to\s+(?!the\b|a\b|an\b|his\b|her\b|their\b|its\b|my\b|our\b)[a-z]+\b"
)


def check_temporal(claim: str, ev: str) -> Failure:
    """Ended states stay ended, before stays before, past stays past, and what has
    happened is not put in the future ("just got promoted" is no "will be promoted")."""
    future_ev = (
        "future" in markers.modalities(ev)
        or _INSTRUCTED.search(ev)
        or markers.action_list(ev)
        or re.search(r"\b(?:won|shan)['’]t\b|\w['’]ll\b", ev)
    )
    arranged = _ARRANGED.search(_claims_part(claim, ev)) if _ARRANGED_HINT.search(ev) else None
    if (
        arranged is not None
        and "future" not in markers.modalities(claim)
        and _states_past(claim)
        and _same_event(claim, arranged.group(0))
    ):
        term = arranged.group(0)
        return term, f"the evidence puts it in the future ('{term}'); the claim states it as done"
    if (
        arranged is not None
        and "future" not in markers.modalities(claim)
        and _begun_by(arranged.group(0), claim)
        and not _same_event(claim, arranged.group(0))
        and _states_present(claim)
    ):
        # "starts at the Hella clinic next month" is no "works at the Hella clinic" yet.
        term = arranged.group(0)
        return term, f"the evidence says it begins later ('{term}'); the claim states it as current"
    stopped = _stopped(claim, ev)
    if stopped is not None:
        return stopped, f"the evidence says it stopped ('{stopped}'); the claim states it as current"
    under_way = _in_progress(claim, ev)
    if under_way is not None:
        return under_way, f"the evidence says it is under way ('{under_way}'); the claim states it as done"
    if "future" in markers.modalities(claim) and not future_ev and not _scheduled(claim, ev):
        term = next((t for t in markers.tokens(claim) if markers.MODALITY.get(t) == "future"), "will")
        return term, f"the claim puts it in the future ('{term}'); the evidence does not"
    ended = markers.ended_markers(ev)
    if ended and _now_after(claim, ev):
        ended = set()  # "formerly head chef at X; now runs a cookery school": the claim is the now
    if ended and not markers.ended_markers(claim) and not _any_past(markers.tokens(claim)):
        term = sorted(ended)[0]
        return term, f"the evidence says the state ended ('{term}'); the claim states it as current"
    c_conn, e_conn = markers.connectives(claim), markers.connectives(ev)
    for c in sorted(c_conn - e_conn):
        if markers.CONNECTIVES[c] in e_conn:
            return c, f"the claim orders events with '{c}', the evidence with '{markers.CONNECTIVES[c]}'"
    shifted = _tense_shift(claim, ev)
    if shifted is not None:
        return shifted, f"the evidence states '{shifted}' in the past tense; the claim in the present"
    c_cop, e_cop = _copula_forms(claim, progressive=True), _copula_forms(ev, progressive=True)
    if any(t in ("is", "are", "am") for t in c_cop) and e_cop and all(t in ("was", "were") for t in e_cop):
        return "is", "the evidence states this in the past tense; the claim in the present"
    if any(t in ("is", "are", "am") for t in c_cop) and not e_cop and _held_as_past(ev):
        # "Ana worked as a nurse at Brio from 2015 to 2019" says nothing of her now.
        return "is", "the evidence states this in the past tense; the claim in the present"
    return None


_PRESENT_AUX = frozenset({"is", "are", "am", "'s", "'re", "'m", "has", "have", "'ve", "remains", "remain",
                          "stays", "still", "now", "currently"})  # fmt: skip


def _held_as_past(ev: str) -> bool:
    """A role held in the simple past ("worked as", "served as"), nothing in the present."""
    toks = markers.token_tuple(ev)
    if any(t in _PRESENT_AUX for t in toks):
        return False
    return any(
        toks[i + 1] == "as" and ((len(t) > 4 and t.endswith("ed")) or _irregular_past(t))
        for i, t in enumerate(toks[:-1])
    )


_ADVERBS = frozenset({"never", "not", "n't", "also", "already", "long", "since", "just", "ever"})
# "be" and "being": a passive whose auxiliary is no past ("will be closed", "is being closed").
_STILL_PRESENT = frozenset({"has", "have", "'ve", "is", "are", "am", "'s", "'re", "be", "being"})


def _past_form(word: str) -> bool:
    return word.endswith("ed") or _irregular_past(word)


_NOW_TURN = re.compile(r"(?:[;,.—–]|\bbut)\s+(?:and\s+)?(?i:now|these days|today|currently)\b")


def _now_after(claim: str, ev: str) -> bool:
    """The evidence turns to the present ("...; now runs ...", "I did, until last year. Now
    I'm at ...") and what the claim says is all in that turn, the ending all before it."""
    turns = list(_NOW_TURN.finditer(ev))
    turn = turns[-1] if turns else None
    if turn is None or markers.ended_markers(ev[turn.end() :]):
        return False
    want = set(content_lemmas(claim)) - {"now", "currently", "today"}
    have = set(content_lemmas(ev[turn.end() :]))
    # The subject's name is said before the turn: a word with a capital ("Ó", "hUiginn").
    names = {lemma(w) for w in words(claim) if any(ch.isupper() for ch in w)}
    return bool(want - names) and (want - names) <= have


_WILL_VERB = re.compile(r"\b(?:will|'ll|’ll)\s+(?:\w+ly\s+)?(?:be\s+)?(?P<verb>[a-z]+)", re.I)
_WHEN = re.compile(
    r"\b(?:on|from|next|tomorrow|tmrw|tonight|today|this)\b|\b(?:19|20)\d\d\b|"
    r"\b(?:january|february|march|april|june|july|august|september|october|november|december|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.I,
)


_PRESENT_BE = frozenset({"is", "are", "'s", "’s"})
_PROGRESSIVE = re.compile(
    r"\b(?:is|are|am|['’]s|['’]re|(?:has|have|had)\s+been|(?:started|began|begun|is\s+busy|was\s+busy))\s+"
    r"(?:\w+ly\s+|still\s+|now\s+)?(?P<verb>[a-z]{2,}ing)\b", re.I
)
_PERFECT_AUX = frozenset({"has", "have", "had", "'s", "'ve", "'d"})
_PERFECT_PROGRESSIVE = re.compile(r"(?i:has|have|had)\s+been\b")


_STOPPED = re.compile(
    r"\b(?:stopped|quit|ceased|gave[ \t]+up|has[ \t]+given[ \t]+up)[ \t]+(?P<verb>[a-z]{2,}ing)\b", re.I
)

_STOPPED_THING = re.compile(
    r"\b(?i:stopped|quit|discontinued|came[ \t]+off|gave[ \t]+up|has[ \t]+given[ \t]+up)[ \t]+"
    r"(?:(?i:the|his|her|their|its)[ \t]+)?(?P<thing>(?![a-z]+ing\b)[a-z][\w\-]*)\b(?![ \t]+(?:to|by)\b)"
)


def _stopped(claim: str, ev: str) -> str | None:
    """ "Sam stopped writing the report in May" is no "Sam is writing the report": a verb the
    evidence says was stopped that the claim states in the present, or the thing it was
    done with ("stopped warfarin" is no "takes warfarin")."""
    said = markers.token_tuple(claim)
    present = {lemma(t) for i, t in enumerate(said)
               if (t.endswith("ing") and i and said[i - 1] in _PRESENT_BE)
               or (t.endswith("s") and not t.endswith("ss") and lemma(t) != t)}
    hit = next((h for h in _STOPPED.finditer(ev) if lemma(h.group("verb")) in present), None)
    if hit is None and present and _STOPPED_THING.search(claim) is None and _STOPPED.search(claim) is None:
        # "Stopped warfarin on 5 Jan" is no "takes warfarin": what was given up is the
        # present verb's object in the claim.
        owned = set(content_lemmas(claim)) - present
        hit = next((h for h in _STOPPED_THING.finditer(ev) if lemma(h.group("thing")) in owned), None)
    return hit.group(0) if hit is not None else None


def _in_progress(claim: str, ev: str) -> str | None:
    """ "Tudor is moving to days" is no "Tudor moved to days": a verb the evidence has only
    in a progressive (under way, going on, begun: "has been selling", "started painting"),
    or a converse of it ("is selling the van to Lena" for "Lena bought"), that the claim
    puts in the simple past; or in a perfect ("has sold") when the evidence's progressive
    is not one ("is selling", not "has been selling": some of that has been done)."""
    said = markers.token_tuple(claim)
    past = [(lemma(t), bool(i and said[i - 1] in _PERFECT_AUX)) for i, t in enumerate(said)
            if _past_form(t) and lemma(t) != t]
    done = {v for v, perfect in past if not perfect}
    done_perfect = {v for v, perfect in past if perfect}
    if not done and not done_perfect:
        return None
    for hit in _PROGRESSIVE.finditer(ev):
        verb = lemma(hit.group("verb"))
        if (verb in done_perfect and not _PERFECT_PROGRESSIVE.match(hit.group(0))
                and not any(_past_form(t) and lemma(t) == verb for t in markers.token_tuple(ev))):
            return hit.group(0)
        # "Sam is selling the van to Lena" is no "Lena bought the van" either: a converse.
        stated = verb in done or any(verb in converse_verbs(d) for d in done)
        if stated and not any(_past_form(t) and lemma(t) == verb for t in markers.token_tuple(ev)):
            return hit.group(0)
    return None


_TIME_PHRASE = re.compile(
    r"\b(?:on|from|in|at|by|until|till|after|before|next|this)\s+[^,.;:!?]+?(?=\s*(?:[,.;:!?]|$|\s(?:for|and|"
    r"because|to|with|but|as|while|when|so)\b))",
    re.I,
)
_SUBORDINATE = re.compile(r"\b(?:after|before|when|once|until|till|while|as soon as|unless|if)\b", re.I)


def _said_in_clause(ev: str, start: int, phrase: str) -> bool:
    """``phrase`` ("on Friday 14 March") follows offset ``start`` of ``ev`` as written, ending
    where the phrase ends, with no subordinate clause opening between."""
    pattern = re.compile(re.escape(phrase) + r"(?=\s*(?:[,.;:!?]|$|\s(?:for|and|because|to|with|but|as|while|"
                         r"when|so)\b))", re.I)
    hit = pattern.search(ev, start)
    return hit is not None and _SUBORDINATE.search(ev, start, hit.start()) is None


def _futurate(claim: str, ev: str) -> bool:
    """ "The clinic is closed on Friday", "Ana takes over from 1 October" for "will be closed
    on Friday", "will take over from 1 October": a present or a progressive with a time
    named states a scheduled future, as "will" does. The claim must name the time itself;
    "The clinic is closed" says it is closed now."""
    if _WHEN.search(claim) is None:
        return False
    times = [m.group(0) for m in _TIME_PHRASE.finditer(claim)]
    if not times:
        return False
    toks = markers.token_tuple(claim)
    for hit in _WILL_VERB.finditer(ev):
        # Each of the claim's times the will-clause states as written: "until Friday" is no
        # "on Friday", "on Friday mornings" no "on Friday", "after Sam leaves on 1 October"
        # puts the date in another clause.
        if not all(_said_in_clause(ev, hit.end(), t) for t in times):
            continue
        verb = lemma(hit.group("verb"))
        for i, t in enumerate(toks):
            if lemma(t) != verb or t == verb:
                continue  # the bare form ("close") is no present of the third person
            after_be = i > 0 and toks[i - 1] in _PRESENT_BE
            if t.endswith("s") or (t.endswith("ing") and after_be) or (after_be and "be" in hit.group(0)):
                return True
    return False


def _scheduled(claim: str, ev: str) -> bool:
    """ "She starts on 2 June", "start 1 july", "is hiring 35 workers": a present or a
    progressive of the claim's future verb, with a time named, is a scheduled future."""
    hit = _WILL_VERB.search(claim)
    if hit is None or _WHEN.search(ev) is None:
        return False
    verb = lemma(hit.group("verb"))
    for t in markers.token_tuple(ev):
        if t == verb or (t.endswith("s") and lemma(t) == verb) or (t.endswith("ing") and lemma(t) == verb):
            return True
    return False


# A number or a counting word before an -s word makes it a plural noun ("14 votes", "nine
# votes", "the votes", "two weeks"), not a verb in the present. Numbers in words are read
# by the number parser, so every spelling it knows counts.
_COUNTING_WORDS = frozenset({"the", "its", "their", "his", "her", "many", "several", "few", "all", "both",
                             "some", "more", "fewer"})  # fmt: skip


def _counts(word: str) -> bool:
    return word.casefold() in _COUNTING_WORDS or bool(quantities(word))


def _tense_shift(claim: str, ev: str) -> str | None:
    """A verb the claim puts in the present ("captains") that the evidence states only
    in the simple past ("captained"): the evidence says it held then, not now. A
    perfect ("has captained") or a present passive ("is captained by") still holds."""
    said = words(claim)
    present = {
        lemma(t): t
        for i, t in enumerate(said)
        if t[:1].islower() and len(t) > 3 and t.endswith("s") and not t.endswith("ss")
        and t not in _PRESENT_FORMS
        and not (i and _counts(said[i - 1]))  # "by 14 votes": a plural noun
    }  # fmt: skip
    present = {lem: t for lem, t in present.items() if lem != t}
    if not present:
        return None
    toks = markers.token_tuple(ev)  # read only: no list copy
    past_at: dict[str, int] = {}
    still: set[str] = set()
    for i, t in enumerate(toks):
        lem = lemma(t)
        if lem not in present:
            continue
        prev = next(
            (p for p in reversed(toks[max(0, i - 3) : i]) if p not in _ADVERBS and not p.endswith("ly")), ""
        )
        before = toks[i - 2] if i > 1 and prev == "been" else ""
        if t.endswith("ing") and (prev in ("was", "were") or before == "had"):
            past_at.setdefault(lem, i)  # "was working at", "had been working at": then, not now
        elif not _past_form(t) or prev in _STILL_PRESENT:
            still.add(lem)  # also stated in the present, the perfect or a present passive
        else:
            past_at.setdefault(lem, i)
    past_at = {lem: i for lem, i in past_at.items() if lem not in still}
    return present[min(past_at, key=past_at.__getitem__)] if past_at else None


_MONTH_WORD = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|"
               r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
# "2016–2021", "2016 to 2021", "Jan 2016 – Dec 2021", "from 2016 until 2021": a range that closed.
_CLOSED_RANGE = re.compile(
    r"\b(?:" + _MONTH_WORD + r"[ \t]+)?(?:19|20)\d\d[ \t]*(?:[–—-]|to|until|till)[ \t]*(?:" + _MONTH_WORD
    + r"[ \t]+)?(?P<end>(?:19|20)\d\d)\b",
    re.I,
)
# "2021–present", "since 2019", "2019 – now", "2021–": a range still open.
_OPEN_RANGE = re.compile(
    r"\b(?:since[ \t]+(?:" + _MONTH_WORD + r"[ \t]+)?(?:19|20)\d\d|(?:19|20)\d\d[ \t]*(?:[–—-]|to)[ \t]*"
    r"(?:present|now|today|date|current)\b|(?:19|20)\d\d[ \t]*[–—-](?![ \t]*(?:" + _MONTH_WORD
    + r"[ \t]+)?(?:19|20)?\d))",
    re.I,
)


def check_closed_range(claim: str, text: str) -> Failure:
    """A CV or record line whose every date range has closed ("2016 to 2021: Second
    engineer, Kuressaare Laevad", "Jan 2016 – Dec 2021", "(2016–2021)") says what held then:
    a claim in the present ("is a second engineer") is refused. A line with a range still
    open ("2021–present") is left to the other checks, and so is a claim in the past. Of
    several posts (on one line, "toured with X 2012–2016; runs Y", or a CV's lines), only the
    part that says most of the claim counts."""
    # The claim's common words: its names head the CV and say nothing of which post.
    want = set(content_lemmas(claim)) & {lemma(w.casefold()) for w in words(claim) if w[:1].islower()}
    # (a ";" inside brackets is the range's own: "(between 2016 and 2021; 5 years)")
    unbracketed = re.sub(r"\([^()]*\)", lambda m: m.group(0).replace(";", ","), text)
    parts = [p for p in re.split(r"[;|\n]", unbracketed) if p.strip()]
    text = max(parts, key=lambda p: len(want & set(content_lemmas(p))), default=text)
    closed = _CLOSED_RANGE.search(text)
    if closed is None or _OPEN_RANGE.search(text) or markers.ended_markers(claim):
        return None
    if dates(claim)[0]:
        return None  # the claim names its own time ("in 2019"): the date checks decide
    toks = markers.tokens(claim)
    if _any_past(toks):
        return None
    if not (set(toks) & _PRESENT_AUX or any(t.endswith("s") and lemma(t) != t for t in toks)):
        return None  # no present tense to refuse
    term = closed.group(0)
    return term, f"the evidence dates it '{term}', a range that has closed; the claim states it as current"
