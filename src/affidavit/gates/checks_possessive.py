"""Whose it is: a possessive chain the claim shortens or lengthens names another owner.

"Leonora Sabado's sister's job was cut" says nothing of Leonora Sabado's job, and "her
husband's card was charged twice" (her: the caller) nothing of the caller's card. The
claim's subject owns the claim's thing through the owners written between them (none in
"X's job", "mother" in "X's mother's train"); the evidence, read with its references
rewritten ("her" as "X's"), must give the same owners for that thing, or at least name the
claim's owner as owned by the subject. Pure function of (claim, evidence).
"""

from __future__ import annotations

import re

from affidavit.gates.checks_grounding import support_set
from affidavit.gates.write_parse import claim_subject, mentions
from affidavit.text.lemmas import lemma
from affidavit.text.names import refers_to

Failure = tuple[str, str] | None

# After a name: "'s", then up to three owners ("sister's"), then the thing owned.
_CHAIN = re.compile(r"['’]s?[ \t]+((?:[\w\-]+['’]s?[ \t]+){0,3})([\w\-]+)")
_OWNER_WORD = re.compile(r"([\w\-]+)['’]s?[ \t]+")


def _chain(text: str, end: int) -> tuple[tuple[str, ...], str] | None:
    """(owners, thing) after the name ending at ``end``, as lemmas; ``None`` if no "'s"."""
    hit = _CHAIN.match(text, end)
    if hit is None:
        return None
    owners = tuple(lemma(w.casefold()) for w in _OWNER_WORD.findall(hit.group(1)))
    return owners, lemma(hit.group(2).casefold())


def check_possessor_chain(claim: str, ev: str) -> Failure:
    subject, found = claim_subject(claim)
    mine = next((m for m in found if m.name == subject and m.possessive), None)
    if subject is None or mine is None:
        return None
    wanted = _chain(claim, mine.end)
    if wanted is None:
        return None
    owners, thing = wanted
    chains = [
        c for m in mentions(ev) if m.possessive and (refers_to(subject, m.name) or refers_to(m.name, subject))
        if (c := _chain(ev, m.end)) is not None
    ]
    if any(_says(c[1], thing) and _all_say(c[0], owners) for c in chains):
        return None
    # The evidence owns the claim's thing through another owner: "X's sister's job".
    other = next((c for c in chains if _says(c[1], thing) and not _all_say(c[0], owners)), None)
    if other is not None and other[0]:
        who = "'s ".join(other[0])
        return subject, f"the evidence's {thing} is {subject}'s {who}'s, not {subject}'s"
    # The claim owns it through an owner the subject is never said to have ("X's mother's
    # train" of "X: hey mum, train delayed"), nor any owner of that word at all.
    if owners and not any(_says(w, owners[0]) for c in chains for w in (*c[0], c[1])) and not _owns_any(
        owners[0], ev
    ):
        return subject, f"the evidence names no {owners[0]} of {subject}'s"
    return None


def _says(said: str, wanted: str) -> bool:
    """The evidence's word says the claim's ("mum" says "mother")."""
    return said == wanted or wanted in support_set(said)


def _all_say(said: tuple[str, ...], wanted: tuple[str, ...]) -> bool:
    return len(said) == len(wanted) and all(_says(a, b) for a, b in zip(said, wanted, strict=True))


def _owns_any(owner: str, ev: str) -> bool:
    return any(_says(lemma(w.casefold()), owner) for w in _OWNER_WORD.findall(ev))
