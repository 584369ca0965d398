"""A purchase read as what it makes true: who owns what, and who paid what for it.

"Rebane Grupp has bought Tartu software house Kõrve Tarkvara for €4.2 million", "Chunnakam
Motors has been bought by Selvarajah Group, a Colombo conglomerate, for LKR 1.2 billion"
and "Sidamo Roastworks completed its acquisition of Gulele Coffee Exporters ... for 310
million birr" say that the buyer owns the thing bought and paid that price for it.
``purchase_readings`` gives each such sentence again with "<buyer> owns <thing>" and
"<buyer> paid <price> for <thing>" said in it, for a second reading by the gate.

Only a purchase done: "bought", "has bought", "acquired", "has been bought by",
"completed its acquisition of" (not "plans to buy", "agreed to buy", "is buying": those
keep their frames, which the gate reads in the sentence the reading keeps). The buyer is a
name that opens its clause (or follows "by"); a seller ("from its founder, Veikko
Nurmela") is never the buyer. The price is the amount after "for".
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import Mention, mentions
from affidavit.text.numbers import quantities
from affidavit.text.sentences import sentences

_ACTIVE = re.compile(
    r"[ \t]+(?:has[ \t]+|had[ \t]+)?(?:bought|acquired|purchased|completed[ \t]+(?:its|the|his|her|their)"
    r"[ \t]+(?:acquisition|purchase)[ \t]+of)[ \t]+"
)
_PASSIVE = re.compile(
    r"[ \t]+(?:has[ \t]+been|had[ \t]+been|was|were)[ \t]+(?:bought|acquired|purchased)[ \t]+by[ \t]+"
)
# "for €4.2 million", "for LKR 1.2 billion": the price after "for".
_FOR = re.compile(r"\bfor[ \t]+(?=[^\s])")


def _price(sentence: str, after: int) -> str | None:
    for hit in _FOR.finditer(sentence, after):
        found = [q for q in quantities(sentence[hit.end() :]) if q.unit is not None]
        if found and sentence[hit.end() :].lstrip().startswith(found[0].surface.strip()[:1]):
            return found[0].surface.strip()
    return None


def _thing(sentence: str, start: int) -> tuple[str, int] | None:
    """The name bought and where it ends: the first name after the verb, past a modifier
    ("the Nurmela sawmill"), or the name a place and a noun describe ("Tartu software
    house Kõrve Tarkvara")."""
    named = [m for m in mentions(sentence, start, len(sentence)) if not m.possessive]
    if not named:
        return None
    between = sentence[start : named[0].start]
    if between.strip().casefold() not in ("", "the"):
        return None  # "bought a stake in X", "bought a house in X": not X
    first = named[0]
    if " for " in first.name:  # the name finder joins "Tupou Cold Store for Niu Foods"
        cut = first.name.index(" for ")
        first = Mention(first.name[:cut], first.start, first.start + cut, False)
    gap = sentence[first.end : named[1].start] if len(named) > 1 else ""
    if not between.strip() and re.fullmatch(_MODIFIER_GAP, gap):
        first = named[1]  # "Tartu software house Kõrve Tarkvara": the house, not the town
        between = ""
    lead = "the " if between.strip().casefold() == "the" else ""
    tail = re.match(r"[ \t]+([a-z]+)\b", sentence[first.end :])  # "the Nurmela sawmill"
    noun = f" {tail.group(1)}" if lead and tail is not None else ""
    if not _THING_END.match(sentence, first.end + len(noun)):
        return None  # "bought Moana Freight shares", "bought Sione Havili a car", "X's timber"
    return f"{lead}{first.name}{noun}", first.end + len(noun)


# What may follow the thing bought: the sentence's end, a comma, or a phrase of its deal.
_THING_END = re.compile(r"[ \t]*(?:$|[,.;]|(?:for|from|in|on|last|this|early|late|at|after|during)\b)")


# Lower-case words between a place and the name they describe, no preposition among them.
_MODIFIER_GAP = re.compile(
    r"(?:[ \t]+(?!(?:in|at|of|from|for|to|on|by|with|and|or)\b)[a-z][\w'’-]*){1,3}[ \t]+"
)
# A sale after the purchase: what was bought is no longer owned.
_SOLD = re.compile(
    r"\b(?:sold|sells|selling|divested|offloaded|spun[ \t]+off|resold|acquired|bought|"
    r"took[ \t]+(?:it[ \t]+)?over|annulled|collapsed|cancelled|canceled|reversed|transferred|gave|handed|"
    r"seized|auctioned|bankrupt\w*|"
    r"liquidat\w*|closed|on behalf)\b", re.I)
# "bought X for Niu Foods": for someone, not for a price.
_FOR_SOMEONE = re.compile(r"[ \t]*,?[ \t]*for[ \t]+(?:the[ \t]+)?[A-ZÀ-ÞĀ-Ž]")
# After the price: more to the deal than that amount ("plus $3 million in shares", "per site").
_MORE_TO_PRICE = re.compile(r"[ \t]*(?:plus|in cash|in shares|less|more|per|each|a[ \t]+(?:site|share|head)|"
                            r"up[ \t]+front|and)\b", re.I)


def purchase_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each sentence that states a purchase done.

    The reading keeps what the sentence says before the buyer and after the price (a
    report, a condition, "..., Lena said") and says the purchase in between, so a seller
    or another party the sentence names between them is not left beside the buyer's verb."""
    out: list[tuple[int, int, str]] = []
    for a, b in sentences(evidence):
        sentence = evidence[a:b]
        for hit in _ACTIVE.finditer(sentence):
            buyer = [m for m in mentions(sentence, 0, hit.start()) if m.end == hit.start()]
            thing = _thing(sentence, hit.end())
            if buyer and not buyer[-1].possessive and thing is not None:
                # "Rakvere's Rebane Grupp": the buyer's possessor is not kept beside the verb.
                owner = [m for m in mentions(sentence, 0, buyer[-1].start) if m.possessive
                         and not sentence[m.end : buyer[-1].start].strip(" '’s")]
                opens = owner[-1].start if owner else buyer[-1].start
                out += _reading(evidence, a, b, opens, buyer[-1].name, thing[0], thing[1])
        for hit in _PASSIVE.finditer(sentence):
            thing_at = [m for m in mentions(sentence, 0, hit.start()) if m.end == hit.start()]
            buyer = [m for m in mentions(sentence, hit.end(), len(sentence)) if m.start == hit.end()
                     and not m.possessive and sentence[m.end : m.end + 1] not in ("'", "’")]
            if thing_at and buyer and not thing_at[-1].possessive:
                out += _reading(evidence, a, b, thing_at[-1].start, buyer[0].name, thing_at[-1].name,
                                buyer[0].end)
    return out


def _reading(evidence: str, a: int, b: int, opens: int, buyer: str, thing: str,
             after: int) -> list[tuple[int, int, str]]:
    sentence = evidence[a:b]
    if (_SOLD.search(evidence, a + after) or re.search(r"(?i)\bon behalf\b|\band by\b", sentence)
            or _FOR_SOMEONE.match(sentence, after)):
        return []  # sold on, bought again by another, bought for someone else: who owns it is unsaid
    price = _price(sentence, after)
    if price is not None:
        at = sentence.find(price, after)
        if at < 0 or _MORE_TO_PRICE.match(sentence, at + len(price)):
            price = None
    said = [f"{buyer} owns {thing}"]
    if price is not None:
        said.append(f"{buyer} paid {price} for {thing}")
    # What follows the deal is not kept ("a rival of Tupou Cold Store" would join the reading).
    return [(a, b, sentence[:opens] + "; ".join(said) + ".")]


