"""A number is bound to what its own conjunct says, not to a word of another one.

"sold 1,200 jumpers in November, roughly double October" holds every word of "sold 1,200
jumpers in October", but 1,200 goes with November; "NPR 1,250,000 for phase one and NPR
780,000 for phase two" gives phase two the second figure; "founded it with two trucks;
by 2020 it ran forty" was not founded with forty. Each check below finds the conjuncts
of the evidence that hold the claim's number and those that hold what the claim pairs
it with (a time, a name, another number, its verb), and refuses when they are apart and
the partner's conjunct states a rival of the same kind: a claim that took a value from
one conjunct and its partner from another. With no rival the claim is left to the other
checks (a partner said once for a whole list, say). Pure functions of (claim, evidence).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from affidavit.gates.checks_scope import TIME_WORD, time_kind, verb_conjuncts
from affidavit.text import frequency, markers
from affidavit.text.lemmas import content_lemmas, lemma, words
from affidavit.text.names import find_names
from affidavit.text.numbers import Quantity, quantities, quantity_supported

Failure = tuple[str, str] | None

# Conjuncts: as ``check_paired_time`` splits them, but a bracket stays with the words it
# follows ("line cook at the Korat Marriott (two years)": the two years are the cook's).
_CONJUNCTS = re.compile(r"\s*;\s*|,?\s+(?:and|but|while|whereas|then|though|although)\s+|,\s+|\s+[—–]\s+|\n+")
# A conjunct that dates itself from another event ("two years after he married") states
# a time of its own, whatever calendar words the other conjunct has.
_OFFSET = re.compile(
    r"\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|\d+)\s+"
    r"(?:years?|months?|weeks?|days?)\s+(?:after|before|later|earlier)\b",
    re.I,
)


class _Part:
    """One conjunct: its content lemmas, times, numbers and whether it dates itself."""

    def __init__(self, text: str) -> None:
        self.lemmas = set(content_lemmas(text))
        self.times = {m.group(0).casefold() for m in TIME_WORD.finditer(text)}
        self.numbers = quantities(text)
        self.offset = _OFFSET.search(text) is not None

    def rival_time(self, t: str) -> bool:
        kind = time_kind(t)
        return self.offset or any(time_kind(o) == kind and o != t for o in self.times)

    def rival_number(self, q: Quantity) -> bool:
        return any(o.unit == q.unit and o.value != q.value for o in self.numbers)

    def holds(self, q: Quantity) -> bool:
        return quantity_supported(q, self.numbers)


def _parts(ev: str) -> list[_Part]:
    return [_Part(p) for p in _CONJUNCTS.split(ev) if p and p.strip()]


def _claim_partners(claim: str) -> set[str]:
    """The claim's names other than its subject, as lemmas ("Korat", "Marriott")."""
    subject = {lemma(t) for n, _, _ in find_names(claim)[:1] for t in n.split()}
    capitals = {lemma(w) for w in words(claim)[1:] if w[:1].isupper()}
    times = {m.group(0).casefold() for m in TIME_WORD.finditer(claim)}
    return (set(content_lemmas(claim)) & capitals) - subject - times


def _held_numbers(claim: str, ev: str) -> Iterator[tuple[Quantity, set[int], list[_Part], list[Quantity]]]:
    """Each claim number with the conjuncts that state it, the conjuncts and the claim's
    numbers; nothing when the evidence is one conjunct, and no number that every conjunct
    or none states (nothing to tell apart)."""
    numbers = [q for q in quantities(claim) if q.unit != "ord"]
    parts = _parts(ev) if numbers else []
    if len(parts) < 2:
        return
    for q in numbers:
        with_q = {i for i, p in enumerate(parts) if p.holds(q)}
        if with_q and len(with_q) < len(parts):
            yield q, with_q, parts, numbers


def _apart(partner: set[int], value: set[int], rival: list[bool]) -> bool:
    """Both are said, never in one conjunct, and one of the partner's conjuncts states a
    rival of the value."""
    return bool(partner) and bool(value) and not partner & value and any(rival[i] for i in partner)


def check_number_time(claim: str, ev: str) -> Failure:
    """The claim's number is in a conjunct with the claim's time, when the conjunct that
    holds the number states another time of that kind ("1,200 in November, roughly double
    October")."""
    times = {m.group(0).casefold() for m in TIME_WORD.finditer(claim)}
    for q, with_q, parts, _numbers in _held_numbers(claim, ev) if times else ():
        for t in sorted(times):
            with_t = {i for i, p in enumerate(parts) if t in p.times}
            if _apart(with_q, with_t, [p.rival_time(t) for p in parts]):
                return q.surface, f"the evidence gives '{q.surface}' another time than '{t}'"
    return None


def check_paired_number(claim: str, ev: str) -> Failure:
    """The claim's number is in a conjunct with its names and its other numbers, when the
    conjunct that holds one of those states a rival figure instead ("NPR 1,250,000 for
    phase one and NPR 780,000 for phase two")."""
    partners = _claim_partners(claim)
    for q, with_q, parts, numbers in _held_numbers(claim, ev):
        for name in sorted(partners):
            with_n = {i for i, p in enumerate(parts) if name in p.lemmas}
            if _apart(with_n, with_q, [p.rival_number(q) for p in parts]):
                return q.surface, f"the evidence gives '{name}' another figure than '{q.surface}'"
        for other in numbers:
            if other is q:
                continue
            with_o = {i for i, p in enumerate(parts) if p.holds(other)}
            if _apart(with_o, with_q, [p.rival_number(q) for p in parts]):
                return q.surface, f"the evidence gives '{other.surface}' another figure than '{q.surface}'"
    return None


def check_offset_time(claim: str, ev: str) -> Failure:
    """A time the claim pairs with a name is not the one of a conjunct that dates itself
    from it ("moved in 2022, two years after he married Rosenda": no "married in 2022")."""
    times = {m.group(0).casefold() for m in TIME_WORD.finditer(claim)}
    partners = _claim_partners(claim)
    if not times or not partners:
        return None
    parts = _parts(ev)
    if len(parts) < 2 or not any(p.offset for p in parts):
        return None
    for t in sorted(times):
        with_t = {i for i, p in enumerate(parts) if t in p.times}
        for name in sorted(partners):
            with_n = {i for i, p in enumerate(parts) if name in p.lemmas}
            if with_t and with_n and not with_t & with_n and all(parts[i].offset for i in with_n):
                return t, f"the evidence dates '{name}' from another event, not to '{t}'"
    return None


def check_clause_number(claim: str, ev: str) -> Failure:
    """The claim's number is in the conjunct holding its verb when that conjunct states a
    number of its own ("founded it with two trucks; by 2020 it ran forty" gives no
    "founded with forty trucks")."""
    numbers = [q for q in quantities(claim) if q.unit != "ord"]
    found = verb_conjuncts(claim, ev) if numbers else None
    if found is None:
        return None
    texts, at = found
    own = _Part(texts[at])
    for q in numbers:
        if own.holds(q) or not own.rival_number(q):
            continue
        if any(_Part(t).holds(q) for i, t in enumerate(texts) if i != at):
            return q.surface, f"the figure '{q.surface}' belongs to another clause of the evidence"
    return None


def check_clause_quantifier(claim: str, ev: str) -> Failure:
    """The claim's quantifier is no stronger than the one of the conjunct that says what
    the claim says ("some of the orders were shipped late, but most arrived on time" gives
    no "most of the orders were shipped late": that "most" is the other conjunct's)."""
    claimed = markers.quantifier_rank(claim)
    if claimed is None:
        return None
    texts = [p for p in _CONJUNCTS.split(ev) if p and p.strip()]
    if len(texts) < 2:
        return None
    wanted = set(content_lemmas(claim))
    overlap = [len(wanted & set(content_lemmas(t))) for t in texts]
    best = max(overlap)
    if best == 0 or overlap.count(best) > 1:
        return None  # no one conjunct says it best: nothing to pin the quantifier to
    held = markers.quantifier_rank(texts[overlap.index(best)])
    if held is not None and claimed > held:
        term = next((t for t in markers.tokens(claim) if markers.QUANTIFIERS.get(t) == claimed), "all")
        return term, f"the evidence says '{term}' in another clause; its own clause says less"
    return None


# What a rate is counted by: "per night", "/night", "a night" after a figure, "every week".
# "per night", "/night", "every week"; not "per cent", nor a word that starts so ("Peruvian").
_PER = re.compile(r"(?:\b(?:per|every)[ \t]+|/[ \t]*)(?!cent\b)(?P<unit>[^\W\d_][\w\-]*)", re.I)
_A_UNIT = re.compile(r"[ \t]+(?:a|an)[ \t]+(?P<unit>[^\W\d_][\w\-]*)", re.I)  # "1.4m tenge a month"


# "A trip on the minibus costs Bs 6", "each ticket is €4": the priced unit as the subject.
_ONE_UNIT = re.compile(r"\b(?:a|an|each|every|one)[ \t]+(?P<unit>[^\W\d_][\w\-]*)", re.I)


_EACH = re.compile(r"\b(?:each|every)[ \t]+(?P<unit>[^\W\d_][\w\-]*)", re.I)


def _rate_units(text: str) -> set[str]:
    units = {lemma(m.group("unit")) for m in _PER.finditer(text)}
    units |= {lemma(m.group("unit")) for m in _ONE_UNIT.finditer(text)}
    at = 0
    for q in quantities(text):
        found = text.find(q.surface, at)
        if found == -1:
            continue
        at = found + len(q.surface)
        after = _A_UNIT.match(text, at)
        if after is not None:
            units.add(lemma(after.group("unit")))
    return units


def check_rate_count(claim: str, ev: str) -> Failure:
    """How often is how often the evidence says: "5 mg daily" is not "5 mg twice daily"
    (a count is read as 1 where none is written; a rate the evidence does not give in that
    unit is left to the other checks)."""
    held = frequency.rates(ev)
    for rate in frequency.rates(claim):
        same_unit = [r for r in held if r.unit == rate.unit]
        if same_unit and all(r.times != rate.times for r in same_unit):
            shown = ev[same_unit[0].start : same_unit[0].end]
            return claim[rate.start : rate.end], f"the evidence gives the rate as '{shown}'"
    return None


def check_rate_unit(claim: str, ev: str) -> Failure:
    """What the claim's rate is counted by is what the evidence's is ("€80 per night for
    two people" gives no "€80 per person per night", though 'person' is a word of it)."""
    claimed = {lemma(m.group("unit")) for m in _PER.finditer(claim)}
    # "A trip costs RON 6", "Each ticket is €4": one of them, priced (not "two trips").
    lead = _ONE_UNIT.match(claim.strip())
    claimed |= {lemma(lead.group("unit"))} if lead is not None else set()
    claimed |= {lemma(m.group("unit")) for m in _EACH.finditer(claim)}
    if not claimed or not quantities(claim):
        return None
    held = _rate_units(ev)
    for unit in sorted(claimed - held):
        return unit, f"the evidence does not count the figure per '{unit}'"
    return None
