"""Limits the evidence puts on a number, a quantifier or an act, which a claim must keep.

"At least three", "more than 200", "up to 40%", "nearly all", "one of the largest",
"tried to buy": each says less than the bare "three", "200", "40%", "all", "the
largest", "bought". A claim that keeps the thing limited but drops the limit says more
than the evidence. Pure functions of (claim, evidence text).
"""

from __future__ import annotations

import re

from affidavit.text import markers
from affidavit.text.lemmas import STOPWORDS, equivalent, lemma, words
from affidavit.text.memo import memo
from affidavit.text.numbers import quantities

Failure = tuple[str, str] | None

# Bound phrase -> kind. A claim keeps a bound when it uses one of the same kind
# ("over 200" for "more than 200").
_BOUNDS: dict[str, str] = {
    "at least": "lower", "more than": "lower", "over": "lower", "upwards of": "lower",
    "in excess of": "lower", "no fewer than": "lower", "no less than": "lower",
    "a minimum of": "lower", "or more": "lower", "plus": "lower", "exceeding": "lower",
    "up to": "upper", "at most": "upper", "fewer than": "upper", "less than": "upper",
    "under": "upper", "no more than": "upper", "as many as": "upper", "a maximum of": "upper",
    "or fewer": "upper", "or less": "upper", "below": "upper", "as much as": "upper",
    "nearly": "approx", "almost": "approx", "about": "approx", "around": "approx",
    "approximately": "approx", "roughly": "approx", "some": "approx", "close to": "approx",
    "an estimated": "approx", "estimated": "approx", "circa": "approx", "just under": "approx",
    "just over": "approx", "about a": "approx", "around a": "approx", "practically": "approx",
    "virtually": "approx",
}  # fmt: skip
# Most bounds limit only a number or a quantifier ("over the summer", "some staff",
# "up to date" are not bounds); these also limit a verb or adjective ("nearly died").
_ANY_TARGET = frozenset({"nearly", "almost", "practically", "virtually"})
_NUMBER_WORD = (
    r"(?:[$£€¥]?\d|a (?:dozen|hundred|thousand|million|billion)|half|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
    r"ninety|hundred|thousand|million|billion|dozens|hundreds|thousands|millions|billions)"
)
_BOUND_RE = re.compile(
    r"\b(" + "|".join(sorted((re.escape(b) for b in _BOUNDS), key=len, reverse=True)) + r")\s+"
    r"([$£€¥]?[\w.,%-]+(?:\s+(?:hundred|thousand|million|billion|per cent|percent|%))?)",
    re.I,
)
_BOUND_FIRST = frozenset(b.split()[0] for b in _BOUNDS)
_AFTER_NUMBER = re.compile(r"([\d.,]+\s*%?\w*)\s+(or more|or fewer|or less|plus)\b", re.I)
# "one of the largest", "among the best": membership in a top group, not the top.
_ONE_OF = re.compile(
    r"\b(?:(?:one|two|three|some|several|many) of|among) the (?:\w+ )?(\w+est|most|best|worst|top|leading)\b",
    re.I,
)
_SUPERLATIVE = re.compile(
    r"\b(?:the|its|their|his|her) (?:\w+ )?(\w+est|most|best|worst|top|leading)\b", re.I
)


@memo(maxsize=4096)
def bounds(text: str) -> tuple[tuple[str, str], ...]:
    """``(kind, limited)`` pairs: the bound's kind and the surface it limits."""
    out: list[tuple[str, str]] = []
    toks = markers.token_tuple(text)
    # Most sentences hold no bound word: skip the long alternation on them.
    scan_bounds = not _BOUND_FIRST.isdisjoint(toks)
    for m in _BOUND_RE.finditer(text) if scan_bounds else ():
        phrase, target = m.group(1).casefold(), m.group(2)
        low = target.casefold()
        numeric = re.match(_NUMBER_WORD, target, re.I) or low in markers.QUANTIFIERS or low == "half"
        if not numeric and (phrase not in _ANY_TARGET or low in STOPWORDS):
            continue
        out.append((_BOUNDS[phrase], target.rstrip(".,")))
    for m in _AFTER_NUMBER.finditer(text) if ("or" in toks or "plus" in toks) else ():
        out.append((_BOUNDS[m.group(2).casefold()], m.group(1)))
    return tuple(out)


def _kinds(text: str) -> set[str]:
    return {kind for kind, _ in bounds(text)}


def kept_bound_words(claim: str, ev: str) -> frozenset[str]:
    """Words of the claim's bounds whose kind the evidence also uses (coverage skips them)."""
    if not bounds(claim):
        return frozenset()
    kinds = _kinds(ev)
    out: set[str] = set()
    for m in _BOUND_RE.finditer(claim):
        if _BOUNDS[m.group(1).casefold()] in kinds:
            out.update(m.group(1).casefold().split())
    for m in _AFTER_NUMBER.finditer(claim):
        if _BOUNDS[m.group(2).casefold()] in kinds:
            out.update(m.group(2).casefold().split())
    return frozenset(out)


def _says(claim: str, target: str) -> str | None:
    """The claim's surface for what the bound limits: the same number, or the same word."""
    values = {q.value for q in quantities(target)}
    if values:
        hit = next((q for q in quantities(claim) if q.value in values), None)
        return hit.surface if hit else None
    head = words(target)[:1]
    if not head:
        return None
    want = lemma(head[0])
    return next((w for w in words(claim) if lemma(w) == want), None)


def check_bounds(claim: str, ev: str) -> Failure:
    """A bound on a number or quantifier the claim repeats is kept (same kind)."""
    kept = _kinds(claim)
    for kind, target in bounds(ev):
        if kind in kept:
            continue
        said = _says(claim, target)
        if said is not None:
            return said, f"the evidence bounds '{target}' ({kind}); the claim states it flat"
    # A match holds "of the " or "among the " (letters that only their capitals match
    # case-insensitively); most sentences have neither, so skip the pattern on them.
    low = ev.lower()
    group = _ONE_OF.search(ev) if "of the " in low or "among the " in low else None
    if group and not _ONE_OF.search(claim):
        top = _SUPERLATIVE.search(claim)
        if top and lemma(top.group(1)) == lemma(group.group(1)):
            return top.group(1), "the evidence puts the subject among the top, not at it"
    return None


def check_attempt(claim: str, ev: str) -> Failure:
    """ "tried to buy X" does not ground "bought X"."""
    low = ev.casefold()
    if not markers.may_attempt(low):
        return None  # no attempt in the evidence: nothing below can refuse
    if markers.ATTEMPT.search(claim.casefold()):
        return None
    for m in markers.ATTEMPT.finditer(low):
        done = next((w for w in words(claim) if equivalent(w, m.group(1))), None)
        if done is not None:
            return done, f"the evidence says only that an attempt was made ('{m.group(0)}')"
    return None


# "12-15 field staff", "12 to 15 staff", "between 12 and 15 staff": a range of a count.
_RANGE = re.compile(
    r"\b(?:between[ \t]+)?(?P<a>\d[\d,.]*)[ \t]*(?:[-–—]|[ \t]to[ \t]|[ \t]and[ \t])[ \t]*(?P<b>\d[\d,.]*)"
    r"[ \t]+(?P<noun>[a-z][\w\-]*)",
    re.I,
)
_NUMBER = re.compile(r"(?<![\d.,])\d[\d,.]*")
_COUNTED = re.compile(r"(?<![\d.,])(?P<v>\d[\d,.]*)[ \t]+(?P<noun>[a-z][\w\-]*)")
# Words after a range that say when, not what is counted ("open 9-5 daily", "9-5 weekdays").
_NOT_COUNTED = frozenset({"daily", "weekly", "monthly", "yearly", "nightly", "weekdays", "weekends",
                          "am", "pm", "o'clock", "on", "at", "in", "every", "each", "from", "and",
                          "or", "with", "for", "to", "by"})  # fmt: skip


def check_range_end(claim: str, ev: str) -> Failure:
    """A count the evidence gives only as one end of a range ("a team of 12-15 field staff")
    is not the count ("a team of 15 field staff"), unless the claim keeps a bound or the
    range. The noun after the number must be the same in both, so a score ("won 3-1 at
    home") or a time ("open 9-5 daily") is not read as a count of anything the claim counts."""
    ranges = [(m, {_value(m.group("a")), _value(m.group("b"))}) for m in _RANGE.finditer(ev)]
    if not ranges or _RANGE.search(claim) or _BOUND_RE.search(claim):
        return None
    said = [_value(n) for n in _NUMBER.findall(ev)]
    ended = [v for _m, ends in ranges for v in ends]
    for counted in _COUNTED.finditer(claim):
        value, noun = _value(counted.group("v")), lemma(counted.group("noun").casefold())
        hit = next((m for m, ends in ranges if value in ends and _counts(m.group("noun"), noun)), None)
        if hit is None or said.count(value) > ended.count(value):
            continue  # said once more on its own, outside any range
        return counted.group("v"), f"the evidence gives only the range '{hit.group(0).strip()}'"
    return None


def _counts(word: str, noun: str) -> bool:
    """The word after a range counts the claim's noun (and is no word of time)."""
    return word.casefold() not in _NOT_COUNTED and lemma(word.casefold()) == noun


def _value(surface: str) -> str:
    return surface.replace(",", "").rstrip(".")
