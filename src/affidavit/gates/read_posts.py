"""Posts: what a claim says its subject holds at an organisation. Pure.

A *post* is a position at one organisation: "X is the head coach of Y", "X was a
senior associate at Y", "X chairs Y". A relational noun counts only after "at" ("a
partner at Y" is a post; "the partner of Z" is kin), and the post of a part of the
organisation is not the organisation's ("the chair of Y's audit committee").

``successors``: a post one person holds at a time -- written with "the" ("the mayor of
Y") or with a verb of running ("chairs Y") -- whose asked holder's claim has ended
answers "Is X still chair of Y?" with whoever holds the same post at the same
organisation now ("Z chairs Y"), only when the question names the post: "Does X still
work for Y?" or "Is X still at Y?" asks about X's employment, which a successor in X's
old post does not answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from affidavit.gates.contracts import ClaimView
from affidavit.gates.read_classes import LEAD_PREMODIFIERS
from affidavit.gates.read_occupation import RELATIONAL_NOUNS
from affidavit.text.lemmas import lemma
from affidavit.text.memo import memo

_ROLE = re.compile(
    r"^\s*(?:is|was|has been|had been|remains|serves as|served as|works as|worked as|acts as)\s+"
    r"(the|a|an)\s+((?:[\w\-]+\s+){0,3}?[\w\-]+)\s+(of|at|for)\s+(?:the\s+)?(\w)"
)
_RUNS = re.compile(
    r"^\s*(chairs|chaired|heads|headed|runs|ran|leads|led|directs|directed|manages|managed)"
    r"\s+(?:the\s+)?(\w)"
)


# A possessive after the organisation's name, then a lower-case word: the post is of a
# part of it ("Y's audit committee", "Y's twin town"), not of Y ("Y Beekeepers' Association").
_PART_OF = re.compile(r"(?:[\w\-]|['’]s?(?=\s+[A-Z])|\s+(?=[A-Z]))*['’]s?\s+[a-z]")


class Post(NamedTuple):
    words: str  # the post's lemmas ("head coach"; "chair" for "chairs Y" and "the chair of Y")
    org: tuple[str, ...]  # the entities it is held at
    single: bool  # one holder at a time


def post_of(claim: ClaimView) -> Post | None:
    """The post ``claim`` puts its subject in, or None."""
    org = tuple(sorted(e for e in claim.entity_ids if e != claim.subject_id))
    if not org:
        return None
    found = _post_words(claim.text, claim.subject_name)
    return Post(found[0], org, found[1]) if found is not None else None


@memo(maxsize=65536)
def _post_words(text: str, subject_name: str) -> tuple[str, bool] | None:
    at = text.find(subject_name)
    rest = text[at + len(subject_name) :] if at >= 0 else text
    m = _ROLE.match(rest)
    if m is not None and _PART_OF.match(rest, m.start(4)):
        return None  # "the chair of Lark Trust's audit committee": a part's post
    if m is not None and m.group(4).isupper():
        words = [lemma(w) for w in m.group(2).split() if w.casefold() not in LEAD_PREMODIFIERS]
        if not words or (words[-1] in RELATIONAL_NOUNS and m.group(3) != "at"):
            return None
        return " ".join(words), m.group(1) == "the"
    m = _RUNS.match(rest)
    if m is not None and m.group(2).isupper() and not _PART_OF.match(rest, m.start(2)):
        return lemma(m.group(1)), True
    return None


def successors(
    ended: Iterable[ClaimView],
    claims_about: Callable[[str], Sequence[ClaimView]],
    subject_ids: frozenset[str],
    live: Callable[[ClaimView], bool],
    asked: frozenset[str],
) -> list[ClaimView]:
    """The live claims of whoever holds now the one-holder posts of ``ended`` claims
    whose post the question names (its head noun among the ``asked`` lemmas).

    ``claims_about``: every claim of an entity; ``live``: selectable and valid now.
    """
    posts = {
        (p.words, p.org) for c in ended
        if (p := post_of(c)) is not None and p.single and _named(p.words, asked)
    }  # fmt: skip
    found: list[ClaimView] = []
    for words, org in sorted(posts):
        for claim in claims_about(org[0]):
            post = post_of(claim)
            if (claim.subject_id not in subject_ids and post is not None and post.single
                    and (post.words, post.org) == (words, org) and live(claim)
                    and claim not in found):
                found.append(claim)
    found.sort(key=lambda c: (c.valid_from or "", c.seq), reverse=True)
    return found


def _named(words: str, asked: frozenset[str]) -> bool:
    """Whether the question names the post ``words``: its head noun is asked ("chair",
    "executive" of "chief executive")."""
    return words.split()[-1] in {a.split()[-1] for a in asked}
