"""Posts: what a claim says its subject holds at an organisation. Pure.

A *post* is a position at one organisation: "X is the head coach of Y", "X was a
senior associate at Y", "X chairs Y". Two uses, both for questions asked about now:

* ``post_slot``: a person's position at an organisation is one slot, whatever the role
  word ("Is X still a senior associate?" <- "X is a partner at Y" once the associate
  claim has ended). A relational noun counts only after "at" ("a partner at Y" is a
  post; "the partner of Y" is kin);
* ``successors``: a post one person holds at a time -- written with "the" ("the mayor
  of Y") or with a verb of running ("chairs Y") -- whose asked holder's claim has ended
  is answered by whoever holds the same post at the same organisation now ("Is X still
  chair of Y?" <- "Z chairs Y").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from affidavit.gates.contracts import ClaimView
from affidavit.gates.read_classes import LEAD_PREMODIFIERS
from affidavit.gates.read_ground import RELATIONAL_NOUNS
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
    if m is not None and m.group(4).isupper():
        words = [lemma(w) for w in m.group(2).split() if w.casefold() not in LEAD_PREMODIFIERS]
        if not words or (words[-1] in RELATIONAL_NOUNS and m.group(3) != "at"):
            return None
        return " ".join(words), m.group(1) == "the"
    m = _RUNS.match(rest)
    if m is not None and m.group(2).isupper():
        return lemma(m.group(1)), True
    return None


def post_slot(claim: ClaimView) -> str | None:
    """The slot key of the subject's position at an organisation, or None."""
    post = post_of(claim)
    return "at:" + ",".join(post.org) if post is not None else None


def successors(
    ended: Iterable[ClaimView],
    claims_about: Callable[[str], Sequence[ClaimView]],
    subject_ids: frozenset[str],
    live: Callable[[ClaimView], bool],
) -> list[ClaimView]:
    """The live claims of whoever holds now the one-holder posts of ``ended`` claims.

    ``claims_about``: every claim of an entity; ``live``: selectable and valid now.
    """
    posts = {(p.words, p.org) for c in ended if (p := post_of(c)) is not None and p.single}
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
