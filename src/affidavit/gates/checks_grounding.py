"""The write gate's grounding checks: dates, numbers, roles and word coverage.

Each is a pure function of (claim, supporting text) and asks whether what the claim
states is in the evidence; the markers that qualify a statement (polarity, modality,
quantifiers, tense) are compared in ``checks_markers``. Each check returns ``None``
when the claim passes, else ``(term, why)``: the claim term that could not be grounded
and a short reason. ``write.py`` turns that into a typed ``Refusal``.
"""

from __future__ import annotations

import re
from decimal import Decimal

from affidavit.gates.checks_converse import relation_reversed, supported_by_converse
from affidavit.gates.checks_limits import kept_bound_words
from affidavit.gates.checks_scan import scan
from affidavit.gates.write_parse import AUX, Clause, analyse
from affidavit.gates.write_writer import line_speaker
from affidavit.text import entail, lexicon, markers
from affidavit.text.arithmetic import cue_words, derived
from affidavit.text.currencies import CODES
from affidavit.text.fold import fold
from affidavit.text.lemmas import (
    PHRASES,
    SPECIFIC,
    STOPWORDS,
    canonical,
    equivalent,
    lemma,
    phrase_matches,
    phrase_terms,
    words,
)
from affidavit.text.memo import memo
from affidavit.text.names import TITLES, find_names, refers_to
from affidavit.text.numbers import (
    DOSE_UNITS,
    DateValue,
    date_supported,
    dated_months,
    dates,
    month_number,
    quantities,
    quantity_supported,
)
from affidavit.text.question_chat import SHORTHAND
from affidavit.text.wordlists import DETERMINERS

Failure = tuple[str, str] | None

# Verb pairs where "A v1 B" says "B v2 A".
CONVERSES: tuple[tuple[str, str], ...] = (
    ("lose", "defeat"), ("lose", "beat"), ("buy", "sell"), ("acquire", "sell"),
    ("purchase", "sell"), ("borrow", "lend"), ("receive", "give"), ("rent", "let"),
)  # fmt: skip
# Pairs inside one equivalence class that still swap roles: "A works for B" says
# "B employs A" (the class makes the words cover each other; the roles reverse).
_CLASS_CONVERSES: tuple[tuple[str, str], ...] = (("work", "employ"),)
_FREE = frozenset(AUX) | frozenset(
    {"be", "have", "do", "will", "may", "might", "can", "could", "should", "must", "shall",
     "would", "also", "now", "currently", "still", "n't", "'s", "one", "its"}
)  # fmt: skip


def _converse(a: str, b: str) -> bool:
    return any(
        (equivalent(a, x) and equivalent(b, y)) or (equivalent(a, y) and equivalent(b, x))
        for x, y in CONVERSES
    )


def check_dates(claim: str, ev: str) -> Failure:
    """Every date in the claim is the evidence's date (a changed one is a time shift)."""
    ev_dates = dates(ev)[0]
    if not ev_dates:
        return None  # an invented date is a numeral_invented failure, reported later
    ev_values = {q.value for q in quantities(ev)}
    for d in dates(claim)[0]:
        if not date_supported(d, ev_dates) and not _bare_year_as_number(d, ev_values):
            return d.surface, f"the claim's date '{d.surface}' differs from the evidence's"
    return None


def _bare_year_as_number(d: DateValue, values: set[Decimal]) -> bool:
    """ "1520" may be a count the evidence writes as "1,520"."""
    return d.month is None and Decimal(d.year) in values


def check_numbers(claim: str, ev: str) -> Failure:
    """Every number, amount, unit, dose and date in the claim is in the evidence."""
    ev_dates = dates(ev)[0]
    ev_q = quantities(ev)
    ev_values = {q.value for q in ev_q}
    for d in dates(claim)[0]:
        if not date_supported(d, ev_dates) and not _bare_year_as_number(d, ev_values):
            return d.surface, _absent("date", d.surface)
    ev_years = {Decimal(d.year) for d in ev_dates if d.month is None}
    for q in quantities(claim):
        if q.unit is None and q.value in ev_years:
            continue
        if q.value == 1 and q.unit is None and _ONE_OF.search(claim) and _MEMBERS.search(ev):
            continue  # "one of the new hires" for a list of them: membership, not a count
        if not quantity_supported(q, ev_q) and derived(q, claim, ev, ev_q) is None:
            return q.surface, _absent("number", q.surface)
    return None


_ABSENT = re.compile(r"^the (number|date) '(.*)' is not in the evidence$")


def _absent(kind: str, surface: str) -> str:
    return f"the {kind} '{surface}' is not in the evidence"


def absent_kind(why: str) -> str | None:
    """ "number" or "date" when ``why`` is ``check_numbers``' absence (the wording a caller
    may restate when the value is written elsewhere in the evidence), else None."""
    m = _ABSENT.match(why)
    return m.group(1) if m is not None else None


def written_in(term: str, evidence: str) -> bool:
    """Whether every number and date of ``term`` (one refused value) is in ``evidence``."""
    return check_numbers(term, evidence) is None


def _names_match(a: str, b: str) -> bool:
    return refers_to(a, b) or refers_to(b, a)


_SYMMETRIC = frozenset(
    {"sibling", "sister", "brother", "spouse", "married", "marry", "cousin", "partner",
     "colleague", "friend", "neighbour", "neighbor", "meet", "twin", "co-author", "together"}
)  # fmt: skip


def check_roles(claim: str, ev: str) -> Failure:
    """Who did what to whom is the same in claim and evidence (voice normalised)."""
    c: Clause = analyse(claim)
    symmetric = not _SYMMETRIC.isdisjoint(map(lemma, words(claim)))
    if symmetric and (c.verb in (None, "be", "have") or c.verb in _SYMMETRIC):
        return None  # "A is B's sibling" says "B is A's sibling"; not "A appointed B as its partner"
    e: Clause = analyse(_unlabelled(ev))
    agents, patients = e.agents, e.patients
    copular = c.verb == e.verb == "be"
    if copular and (found := scan(ev)) is not None:
        # "The treasurer of X is Y": X only modifies the subject, it is no agent.
        inside = {m.name for m in found.embedded}
        agents = tuple(a for a in agents if a not in inside)
    if "be" in (c.verb, e.verb):
        # "The new hires at Tarn Bank are Iida Vik, ...": a name after a preposition in
        # both texts ("at Tarn Bank") modifies a noun; it is neither side of "be".
        both = _after_preposition(claim) & _after_preposition(ev)
        agents = tuple(a for a in agents if a not in both)
        patients = tuple(p for p in patients if p not in both)
    if (
        c.verb
        and e.verb
        and (
            (not equivalent(c.verb, e.verb) and _converse(c.verb, e.verb))
            or (c.verb, e.verb) in _CLASS_CONVERSES
            or (e.verb, c.verb) in _CLASS_CONVERSES
            or relation_reversed(claim, ev)
        )
    ):
        agents, patients = patients, agents
    for x in c.agents:
        if not any(_names_match(x, p) for p in patients) or any(_names_match(x, a) for a in agents):
            continue
        for y in c.patients:
            if any(_names_match(y, a) for a in agents):
                return x, f"the evidence has '{y}' acting on '{x}', not the reverse"
    return None


def _unlabelled(ev: str) -> str:
    """``ev`` with an opening speaker label blanked ("Titu: Chaska taught Titu to drive"): who
    speaks is no party to the clause (same offsets)."""
    speaker = line_speaker(ev, 0)
    opens = speaker is not None and speaker.start == len(ev) - len(ev.lstrip())
    if speaker is None or not opens or ev[speaker.end : speaker.end + 1] != ":":
        return ev
    return ev[: speaker.start] + " " * (speaker.end + 1 - speaker.start) + ev[speaker.end + 1 :]


_PREPOSITION = re.compile(r"\b(?:at|of|for|in|with|from|on|by)\s+(?:the\s+)?$", re.I)


def _after_preposition(text: str) -> set[str]:
    """Names right after a preposition ("at Tarn Bank", "of the Voss club")."""
    return {n for n, a, _ in find_names(text) if _PREPOSITION.search(text, max(0, a - 12), a)}


def _acronym_supported(token: str, ev: str) -> bool:
    for name, _, _ in find_names(ev):
        initials = "".join(w[0] for w in name.split() if w[:1].isupper())
        if len(initials) >= len(token) and initials[0] == token[0] and initials[-1] == token[-1]:
            it = iter(initials)
            if all(ch in it for ch in token):
                return True
    # A run split by "and" ("Prevention and Control"): join the runs on that boundary.
    runs = re.findall(r"(?:[A-Z][\w’'-]*\s*(?:(?:for|of|and|the|de)\s+)?)+", ev)
    for run in runs:
        initials = "".join(w[0] for w in run.split() if w[:1].isupper())
        if initials.startswith(token[0]) and initials.endswith(token[-1]):
            it = iter(initials)
            if all(ch in it for ch in token):
                return True
    return False


def _strip_numbers(text: str) -> str:
    out = text
    for d in dates(text)[0]:
        out = out.replace(d.surface, " ")
    for q in quantities(text):
        out = out.replace(q.surface, " ")
    return out


# What a lexical negative denies besides its listed positive: "missed the match" is
# "did not play in it", "failed the test" is "did not pass it".
_NEGATED_ALSO: dict[str, frozenset[str]] = {
    "attend": frozenset({"play", "appear", "compete", "participate"}),
    "succeed": frozenset({"pass"}),
}


@memo(maxsize=1)
def _phrase_firsts() -> frozenset[str]:
    """The first lemma of every listed phrase."""
    return frozenset(lemma(words(p)[0]) for ps in PHRASES.values() for p in ps)


@memo(maxsize=4096)
def support_set(ev: str) -> frozenset[str]:
    """Lemmas (and their class representatives) the evidence can support."""
    out: set[str] = set()
    for word in words(ev):
        lem = lemma(word)
        out.add(lem)
        out.add(canonical(lem))
        out.add(word.casefold())  # "older": the comparative, which the lemma drops
        positive = markers.LEXICAL_NEGATIVES.get(word.casefold())
        if positive:
            out.add(positive)
            out.update(_NEGATED_ALSO.get(positive, ()))
        written = _shorthand(word)
        if written is not None:
            out.add(written)
    # "Sat 11 July", "on sun": a weekday's abbreviation that is also a word is the day only
    # where a date stands (the lemma table leaves "sat" a verb).
    for hit in _CALENDAR_WORD.finditer(ev):
        out.add(_CALENDAR[(hit.group("day") or hit.group("day2")).casefold()])
    # A phrase says its term ("passed away" says "die").
    if not _phrase_firsts().isdisjoint(out):  # most texts hold no phrase: skip the scan
        out.update(term for term in phrase_terms(ev) if " " not in term)
    return frozenset(out)


# Weekday abbreviations that are words too; a month's are read by ``dated_months``.
_CALENDAR = {"mon": "monday", "wed": "wednesday", "sat": "saturday", "sun": "sunday"}
_CALENDAR_WORD = re.compile(
    r"\b(?P<day>(?i:mon|wed|sat|sun))\.?(?=,?[ \t]+(?:the[ \t]+)?\d{1,2}(?:st|nd|rd|th)?(?![\d:.]))"
    r"|\b(?i:on|every|next|this|last|till|until|by|from|before|after)[ \t]+(?P<day2>(?i:mon|wed|sat|sun))\b"
)


def _shorthand(word: str) -> str | None:
    """The lemma of the word chat's "bro", "ppl", "dad's" stands for (the read gate's table)."""
    bare = word[:-2] if word.endswith(("'s", "’s")) else word
    written = SHORTHAND.get(bare) if bare.islower() else None
    return lemma(written) if written is not None and " " not in written and "'" not in written else None


_COST = frozenset({"cost", "costs"})
_IS_BEFORE = re.compile(r"\b(?:is|are|['’]s)[ \t]+(?:now[ \t]+|just[ \t]+|only[ \t]+)?$", re.I)
_ARTICLES = frozenset({"the", "a", "an", "this", "that", "these", "those"})
_CLAUSE_ENDS = ",;.!?:\n—–()[]"
# Chat's openers before a clause's subject ("ok so the drill is €180"): a closed class.
_OPENERS = frozenset({"ok", "okay", "so", "well", "oh", "yes", "yeah", "and", "but", "also", "btw", "anyway"})


def _priced(claim: str, ev: str) -> set[str]:
    """ "The sheep costs ETB 9,500" of "the sheep is 9,500 birr": a present copula before an
    amount of money says what "costs" says (the amount itself is the number check's), when
    the copula's clause is the claim's thing and its price and nothing else: any word the
    claim does not say makes the amount something other than that thing's price now ("the
    discount on the drill is €180", "if the drill is €180", "is €180 cheaper online")."""
    if _COST.isdisjoint(w.casefold() for w in words(claim)):
        return set()
    priced = {(q.value, q.unit) for q in quantities(claim) if q.unit is not None and q.unit.upper() in CODES}
    said = {w.casefold() for w in words(claim)} | _ARTICLES
    for q in quantities(ev):
        at = ev.find(q.surface)
        if (q.value, q.unit) not in priced or at < 0 or (copula := _IS_BEFORE.search(ev, 0, at)) is None:
            continue
        # The clause is "<the claim's thing> is <amount> <the claim's words>" and no more.
        opens = max(ev.rfind(c, 0, at) for c in _CLAUSE_ENDS)
        end = at + len(q.surface)
        closes = min((i for c in _CLAUSE_ENDS if (i := ev.find(c, end)) >= 0), default=len(ev))
        thing = words(ev[opens + 1 : copula.start()])
        while thing and thing[0].casefold() in _OPENERS:
            thing = thing[1:]
        after = words(_strip_numbers(ev[end:closes]))
        if thing and all(w.casefold() in said for w in (*thing, *after)):
            return set(_COST)
    return set()


@memo(maxsize=4096)
def check_coverage(claim: str, ev: str) -> Failure:
    """Every content word of the claim is supported by the evidence (cached: choosing
    the span runs it on each candidate sentence, the gate again on the chosen one)."""
    # The claim's words are read with its numbers taken out ("under-18" -> "under-"), so
    # the evidence's words are offered both ways too.
    support = support_set(ev) | support_set(_strip_numbers(ev))
    rank_ev = markers.quantifier_rank(ev)
    has_dose = any(q.unit in DOSE_UNITS for q in quantities(ev))
    missing: list[str] = []
    bound_words = kept_bound_words(claim, ev)
    # "stepped down" for "resigned": a claim phrase whose term the evidence says is said.
    said = {w.casefold() for m in phrase_matches(claim) if m.term in support
            for w in words(claim[m.start : m.end])}
    said |= cue_words(claim, ev, quantities(claim), quantities(ev))  # "in total" of a sum it makes
    said |= _priced(claim, ev)  # "costs ETB 9,500" of "is 9,500 birr"
    honorific = _kin_titles_only(ev)
    previous = ""
    for word in words(_strip_numbers(claim)):
        before, previous = previous, word.casefold()
        if word.casefold() in said:
            continue
        low = word.casefold().replace("’", "'")
        lem = lemma(word)
        if low in markers.MODALITY and before in DETERMINERS and low not in markers.tokens(ev):
            # after a determiner a marker qualifies a noun ("the interim mayor" from "the
            # mayor"), which a claim cannot add; elsewhere the marker checks decide it
            missing.append(word)
            continue
        if word[:1].islower() and lem in honorific:
            missing.append(word)  # "a father" from "Father Tomás Ruiz said mass": a title
            continue
        if low in STOPWORDS or lem in STOPWORDS or low in _FREE or lem in _FREE:
            continue
        if low in markers.NEGATORS or low in markers.MODALITY or low.endswith("n't"):
            continue  # polarity and modality have their own checks
        if low == "longer" and "no longer" in markers.ended_markers(ev):
            continue  # "not ... anymore" says the "no longer" of the claim
        if word[:1].isupper() and low.rstrip(".") in TITLES:
            continue  # "Mayor Orla Quinn": a title is not part of what is claimed
        if low in markers.QUANTIFIERS and rank_ev is not None and markers.QUANTIFIERS[low] <= rank_ev:
            continue
        if low in bound_words:
            continue  # "over 300" for "more than 300": the bound check compares kinds
        positive = markers.LEXICAL_NEGATIVES.get(low)
        if (
            lem in SPECIFIC
            and lem not in {lemma(w) for w in words(ev)} | {_shorthand(w) for w in words(ev)}
            and not supported_by_converse(word, support)
        ):
            missing.append(word)  # "son" for "daughter" or "child": one kind is not another
            continue
        if lem in support or canonical(lem) in support or (positive and positive in support):
            continue
        month = month_number(low) if word[:1].isupper() else None
        if month is not None and month in dated_months(ev):
            continue  # "4 March" for "Tue 4 Mar": the date check compares the dates
        if positive and not support.isdisjoint(_NEGATED_ALSO.get(positive, ())):
            continue  # "missed the match" for "did not play in the match" (polarity checked)
        if any(_converse(lem, s) for s in _CONVERSE_WORDS if s in support):
            continue
        if supported_by_converse(word, support):
            continue  # "child" for "mother": the role check swaps the roles
        if lem == "take" and has_dose:
            continue  # "takes X 5 mg" is what a medication list means
        if word.isupper() and 2 <= len(word) <= 6 and _acronym_supported(word, ev):
            continue
        if word[:1].isupper() and fold(word).casefold() in _folded_capitals(ev):
            continue  # "Abeokuta" for "Abẹ́òkúta": a name written without its diacritics
        if word[:1].islower() and _lexically_implied(lem, ev):
            continue  # "a dog" for "a spaniel", "purchased" for "bought", "founder" for "founded"
        missing.append(word)
    if markers.names_may_month(claim) and not markers.names_may_month(ev) and not _may_dated(ev):
        missing.append("May")  # the month, which the hedge's word list would skip
    if missing:
        listed = ", ".join(f"'{w}'" for w in missing[:4])
        return missing[0], f"the evidence does not say {listed}"
    return None


# A capitalised word right before a capitalised one: "Father Tomás", "Sister Ana".
_BEFORE_NAME = re.compile(r"\b([A-ZÀ-ÞĀ-Ž][a-zà-ÿā-ž]+)[ \t]+(?=[A-ZÀ-ÞĀ-Ž])")


@memo(maxsize=1024)
def _kin_titles_only(ev: str) -> frozenset[str]:
    """Kin words (the lexicon's kinds of relative) the evidence writes only as a title
    before a name: a priest's "Father", a nun's "Sister" say no kinship of their own."""
    titled = {m.group(1).casefold() for m in _BEFORE_NAME.finditer(ev)}
    if not titled:
        return frozenset()
    kin = {w for w in titled if "relative" in lexicon.categories(w)}
    if not kin:
        return frozenset()
    elsewhere = {lemma(w) for w in words(ev) if w[:1].islower()}
    return frozenset(w for w in kin if w not in elsewhere)


@memo(maxsize=1024)
def _folded_capitals(ev: str) -> frozenset[str]:
    """The evidence's capitalised words, diacritics and confusables folded (for matching only)."""
    return frozenset(fold(w).casefold() for w in _CAPITAL_WORD.findall(ev))


_CAPITAL_WORD = re.compile(r"[^\W\d_a-z][\w\u0300-\u036f'’\-]*")


def _lexically_implied(lem: str, ev: str) -> bool:
    """The pinned lexicon says an evidence word implies the claim's (``text.entail``). A
    category ("dog" for "spaniel") is one of an evidence noun: not of a verb's past or
    participle ("worked at Y" is no category of "studied at Y", though a study is a work)."""
    ev_words = [w for w in words(ev) if w[:1].islower()]
    ev_lemmas = {lemma(w) for w in ev_words}
    if entail.implied_by(lem, ev_lemmas) is not None:
        return True
    nouns = {lemma(w) for w in ev_words if w.casefold() in (lemma(w), lemma(w) + "s", lemma(w) + "es")}
    return entail.generalises(lem, nouns) is not None


_ONE_OF = re.compile(r"\bone of (?:the|his|her|their|its|our|my)\b", re.I)
# A list the evidence gives: three names or items joined by commas and a final "and".
_MEMBERS = re.compile(r"[\w’'\-]+,\s+[\w’'\- ]+?(?:,\s+[\w’'\- ]+?)*,?\s+(?:and|&)\s+[\w’'\-]+")


def _may_dated(ev: str) -> bool:
    return any(d.month == 5 for d in dates(ev)[0])


_CONVERSE_WORDS = frozenset(w for pair in CONVERSES for w in pair) | frozenset(
    {"purchase", "acquire", "buy", "beat", "defeat"}
)
