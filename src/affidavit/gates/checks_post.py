"""Whose post it is: "Brix's managing director, Ada Obi, ordered vans from Kobo" gives Ada
Obi a post at Brix, not at Kobo, though every word of "Ada Obi is the managing director
of Kobo" is in it.

The claim names a post and its owner ("the managing director of Kobo", "Kobo's managing
director"). Each place the evidence names that post is read for its owner: a name in the
possessive or set before it ("Brix's", "Brix managing director"), "of/at <name>" after
it, or an aside's "its" after the sentence's opening name. When every such place has an
owner and none is the claim's, the claim is refused; a place whose owner cannot be read
leaves the decision to the other checks, and so does an owner the evidence never names.
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import mentions
from affidavit.text import lexicon
from affidavit.text.names import refers_to
from affidavit.text.sentences import DATELINE, sentences

Failure = tuple[str, str] | None

_NAME = r"[A-ZÀ-ÞĀ-Ž][\w'’.&\-]*(?:[ \t]+(?:(?:of|de|da|van|von|al|el)[ \t]+)?[A-ZÀ-ÞĀ-Ž][\w'’.&\-]*)*"
_POST = r"(?P<post>(?:[a-z][\w\-]*[ \t]+){0,3}[a-z][\w\-]*)"
_CLAIM_OF = re.compile(
    r"^(?P<x>.+?)[ \t]+(?:is|was|has[ \t]+been|became|remains)[ \t]+(?:(?:the|a|an)[ \t]+)?"
    + _POST + r"[ \t]+(?:of|at)[ \t]+(?:the[ \t]+)?(?P<owner>" + _NAME + r")[ \t]*\.?$"
)
_CLAIM_POSSESSIVE = re.compile(
    r"^(?P<x>.+?)[ \t]+(?:is|was|has[ \t]+been|became|remains)[ \t]+(?P<owner>" + _NAME + r")['’]s?[ \t]+"
    + _POST + r"[ \t]*\.?$"
)
# "Brix's new managing director", "Brix managing director": the owner set before the post,
# with at most two modifiers between ("Ravi Dutt is the head brewer" names a holder).
_OWNER_BEFORE = re.compile(
    r"(?P<owner>" + _NAME + r")(?:['’]s?)?[ \t]+"
    r"(?:(?!(?:is|was|are|were|be|been|as|the|a|an|and|or|of|to|in|at|for|with|by)\b)"
    r"[a-z][\w\-]*[ \t]+){0,2}$"
)
_PRONOUN_BEFORE = re.compile(r"\b(?:its|their)[ \t]+(?:[a-z][\w\-]*[ \t]+){0,2}$", re.I)
_OWNER_AFTER = re.compile(r"[ \t]+(?:of|at)[ \t]+(?:the[ \t]+)?(?P<owner>" + _NAME + r")")
_OWNED_BY = re.compile(r"['’]s?[ \t]+([a-z][\w\-]*)")
_OWNED = "\x00"  # between an owner and what of it owns the post: "Kesteven Trust" "rival"
_MODIFIERS = frozenset({"new", "former", "current", "acting", "interim", "deputy", "joint", "founding"})


def _claimed(claim: str) -> tuple[str, str, str] | None:
    """(holder, post, owner) the claim states, or ``None``."""
    text = claim.strip()
    hit = _CLAIM_OF.match(text) or _CLAIM_POSSESSIVE.match(text)
    if hit is None:
        return None
    words = [w for w in hit.group("post").split() if w not in _MODIFIERS]
    return (hit.group("x"), " ".join(words), hit.group("owner").rstrip(".")) if words else None


def _holders(ev: str, post: str) -> list[str]:
    """Names the evidence gives ``post`` as a title, a field or an aside: "line manager Oğuz
    Tekinalp", "Line manager: Oğuz Tekinalp", "Oğuz Tekinalp, line manager", "Oğuz
    Tekinalp (line manager)"."""
    words = r"[ \t]+".join(map(re.escape, post.split()))
    # "line manager Oğuz Tekinalp", and a record's field "Line manager: Oğuz Tekinalp"
    after = re.compile(r"\b" + words + r"(?:[ \t]+|[ \t]*:[ \t]*)(?P<who>" + _NAME + r")", re.I)
    before = re.compile(r"(?P<who>" + _NAME + r")[ \t]*(?:,|\()[ \t]*(?:(?:the|a|an|our|their)[ \t]+)?"
                        + words + r"\b(?![ \t]+(?:of|at|for)\b)", re.I)
    return [m.group("who").rstrip(".") for pattern in (after, before) for m in pattern.finditer(ev)
            if m.group("who")[:1].isupper()]


def _opening_name(ev: str, start: int, at: int) -> str | None:
    """The name that opens the sentence running from ``start`` (after a dateline)."""
    dated = DATELINE.match(ev, start)
    opens = dated.end() if dated is not None and dated.end() < at else start
    found = mentions(ev, opens, at)
    if not found or found[0].start != opens or found[0].possessive:
        return None
    return found[0].name


def _owners(ev: str, post: str) -> list[str | None]:
    """The owner read at each place ``ev`` names ``post``."""
    out: list[str | None] = []
    pattern = re.compile(r"\b" + r"[ \t]+".join(map(re.escape, post.split())) + r"s?\b", re.I)
    for a, b in sentences(ev):
        for hit in pattern.finditer(ev, a, b):
            after = _OWNER_AFTER.match(ev, hit.end(), b)
            before = _OWNER_BEFORE.search(ev, a, hit.start())
            if after is not None:
                # "the chair of the Kesteven Trust's rival": the rival's chair, not the trust's
                name = after.group("owner").rstrip(".")
                bare = re.sub(r"['’]s?$", "", name)
                owned = _OWNED_BY.match(ev, after.start("owner") + len(bare), b)
                out.append(f"{bare}{_OWNED}{owned.group(1)}" if owned else name)
            elif before is not None:
                out.append(before.group("owner").rstrip("."))
            elif _PRONOUN_BEFORE.search(ev, a, hit.start()) and ev[a : hit.start()].count(",") >= 1:
                out.append(_opening_name(ev, a, hit.start()))  # "..., its managing director, X, said"
            else:
                out.append(None)
    return out


def check_post_owner(claim: str, ev: str) -> Failure:
    claimed = _claimed(claim)
    if claimed is None:
        return None
    holder, post, owner = claimed
    titled = _holders(ev, post)
    if any(_same_owner(owner, t) for t in titled) and not any(_same_owner(holder, t) for t in titled):
        # "Approved by line manager Oğuz Tekinalp" of "X is Oğuz Tekinalp's line manager":
        # the evidence gives the post to the one the claim makes its owner.
        return owner, f"the evidence names '{owner}' as the {post}, not as the one who has one"
    if "relative" in lexicon.categories(post.split()[-1]):
        return None  # "Lanre's older sister": kin, not a post (without the lexicon: decided as a post)
    if not any(_same_owner(owner, m.name) for m in mentions(ev)):
        return None  # an owner the evidence never names: the claim says more (coverage)
    owners = _owners(ev, post)
    if not owners or any(o is None for o in owners):
        return None
    if any(_same_owner(owner, o) for o in owners if o is not None and _OWNED not in o):
        return None  # (an owner's own "X's rival" is another party)
    other = next(o for o in owners if o is not None).replace(_OWNED, "'s ")
    return owner, f"the evidence names the {post} of '{other}', not of '{owner}'"


def _same_owner(a: str, b: str) -> bool:
    """The same party, also by an acronym of its capitalised words ("MIT" for the
    "Massachusetts Institute of Technology")."""
    if refers_to(a, b) or refers_to(b, a):
        return True
    return any(short.isupper() and short == "".join(w[0] for w in full.split() if w[:1].isupper())
               for short, full in ((a, b), (b, a)))


# "the rival of the chair of the trust", "a friend of its chief executive": the post is
# someone else's, the one the noun before "of" relates the name to. Words that name the
# post itself ("the post of chair") or a share of its holders ("one of the directors") do not.
_RELATED_TO = re.compile(
    r"\b(?P<rel>[a-z][\w\-]*)[ \t]+(?:of|to)[ \t]+(?:the|a|an|its|his|her|their)[ \t]+$"
)
_NOT_RELATION = frozenset({"one", "two", "three", "each", "all", "some", "many", "both", "any", "none",
                           "either", "neither", "most", "several", "few", "post", "role", "position",
                           "job", "office", "title", "rank", "seat", "capacity", "duties", "rest",
                           "head", "name"})  # fmt: skip


# "the chair's spokeswoman", "the mayor's chief of staff": a post in the possessive before
# another noun is the post of the one that noun relates the name to.
_OWNS_NEXT = re.compile(r"['’]s?[ \t]+(?P<rel>[a-z][\w\-]*)")
# "Ysolde Marrack is the Amandla Trust chair": the owner set before the post.
_CLAIM_BEFORE = re.compile(
    r"^(?P<x>.+?)[ \t]+(?:is|was|has[ \t]+been|became|remains)[ \t]+(?:the|a|an)[ \t]+(?P<owner>" + _NAME
    + r")[ \t]+" + _POST + r"[ \t]*\.?$"
)


def check_post_related(claim: str, ev: str) -> Failure:
    """A post the evidence names only as what another noun relates to ("the rival of the
    chair of the Amandla Trust, Yonela Mgudlwa, said", "the Amandla Trust chair's
    spokeswoman, Yonela Mgudlwa, said") is not the named one's post."""
    claimed = _claimed(claim)
    if claimed is not None:
        post = claimed[1]
    elif (before := _CLAIM_BEFORE.match(claim.strip())) is not None:
        post = " ".join(w for w in before.group("post").split() if w not in _MODIFIERS)
    else:
        return None
    if not post:
        return None
    pattern = re.compile(r"\b" + r"[ \t]+".join(map(re.escape, post.split())) + r"s?\b", re.I)
    places = [(hit.start(), hit.end()) for hit in pattern.finditer(ev)]
    related: list[str] = []
    for at, end in places:
        of = _RELATED_TO.search(ev, max(0, at - 40), at)
        if of is not None and of.group("rel").casefold() not in _NOT_RELATION:
            related.append(of.group("rel"))
        elif (owns := _OWNS_NEXT.match(ev, end)) is not None:
            related.append(owns.group("rel"))
    if not places or len(related) < len(places):
        return None
    rel = related[0]
    return post, f"the evidence names the {post} only as someone a '{rel}' is of, not as the named one"
