"""Verb frames: which syntactic slot of a verb holds which role of a relation.

"Tom lent Ava his car" and "Ava borrowed Tom's car" state one loan: lend puts the
source in the subject and the goal in the first object or a to-phrase, borrow puts the
goal in the subject and the source in a from-phrase. Two frames of one relation with
different verbs are converses; ``gates.checks_frames`` maps a claim's roles onto the
evidence's through them.

Frames come from sources behind one small interface, so a pinned lexical resource
(WordNet verb frames and converse relations, when one is added) can be consulted after
the curated table here. A source may only add frames: without one the gate knows fewer
converses and refuses more, never admits more.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from affidavit.text.memo import memo


class Frame(NamedTuple):
    """One verb's slots in one relation; roles are the relation's words."""

    relation: str
    verb: str  # lemma
    subject: str  # the active subject's role (a by-phrase's in the passive)
    object: str | None  # a direct object name's role
    dative: str | None  # a first object followed by a second ("lent Ava his car")
    preps: tuple[tuple[str, str], ...] = ()  # preposition -> role


class FrameSource(Protocol):
    """Where frames come from; ``version`` is part of the resolver version."""

    version: str

    def frames(self, verb: str) -> tuple[Frame, ...]:
        """Every frame of the verb lemma (empty when the source does not know it)."""
        ...

    def verbs(self) -> frozenset[str]:
        """Every verb lemma the source has a frame for."""
        ...


def _transfer(relation: str, giver: str, taker: str, *, take_from: bool = True) -> tuple[Frame, ...]:
    """A thing moves from a source to a goal: giver(source -> goal), taker(goal <- source)."""
    return (
        Frame(relation, giver, "source", "theme", "goal", (("to", "goal"),)),
        # "bought the van off Ola": "off" names the source as "from" does.
        Frame(relation, taker, "goal", "theme", None,
              (("from", "source"), ("off", "source")) if take_from else ()),
    )


_TABLE: tuple[Frame, ...] = (
    *_transfer("loan", "lend", "borrow"),
    *_transfer("sale", "sell", "buy"),
    *_transfer("sale", "sell", "acquire"),
    *_transfer("sale", "sell", "purchase"),
    *_transfer("gift", "give", "receive"),
    *_transfer("sending", "send", "receive"),
    *_transfer("award", "award", "win"),
    *_transfer("award", "award", "receive"),
    *_transfer("grant", "grant", "receive"),
    Frame("employment", "employ", "employer", "employee", None),
    Frame("employment", "work", "employee", None, None, (("for", "employer"), ("at", "employer"))),
    Frame("hiring", "hire", "employer", "employee", None),
    Frame("hiring", "recruit", "employer", "employee", None),
    Frame("hiring", "join", "employee", "employer", None),
    Frame("tuition", "teach", "teacher", "learner", "learner", (("to", "learner"),)),
    Frame("tuition", "study", "learner", None, None, (("under", "teacher"), ("with", "teacher"))),
    Frame("contest", "beat", "winner", "loser", None),
    Frame("contest", "defeat", "winner", "loser", None),
    Frame("contest", "lose", "loser", None, None, (("to", "winner"),)),
    Frame("reporting", "manage", "boss", "report", None),
    Frame("reporting", "supervise", "boss", "report", None),
    Frame("reporting", "report", "report", None, None, (("to", "boss"),)),
    Frame("ownership", "own", "owner", "owned", None),
    Frame("ownership", "belong", "owned", None, None, (("to", "owner"),)),
    Frame("succession", "succeed", "later", "earlier", None),
    Frame("succession", "replace", "later", "earlier", None),
    Frame("succession", "precede", "earlier", "later", None),
)


class CuratedFrames:
    """The hand-checked table above: each frame a sense every use of the verb has here."""

    version = "verbs-5"

    def __init__(self, table: tuple[Frame, ...] = _TABLE) -> None:
        self._by_verb: dict[str, tuple[Frame, ...]] = {}
        for frame in table:
            self._by_verb[frame.verb] = (*self._by_verb.get(frame.verb, ()), frame)

    def frames(self, verb: str) -> tuple[Frame, ...]:
        return self._by_verb.get(verb, ())

    def verbs(self) -> frozenset[str]:
        return frozenset(self._by_verb)


SOURCES: tuple[FrameSource, ...] = (CuratedFrames(),)
FRAMES_VERSION = "+".join(s.version for s in SOURCES)


def frames_of(verb: str) -> tuple[Frame, ...]:
    """Frames of ``verb`` from every source, in source order, without repeats."""
    out: list[Frame] = []
    for source in SOURCES:
        out.extend(f for f in source.frames(verb) if f not in out)
    return tuple(out)


def converse_pairs(claim_verb: str, ev_verb: str) -> tuple[tuple[Frame, Frame], ...]:
    """(claim frame, evidence frame) pairs of one relation with different verbs."""
    if claim_verb == ev_verb:
        return ()
    return tuple(
        (c, e) for c in frames_of(claim_verb) for e in frames_of(ev_verb) if c.relation == e.relation
    )


@memo(maxsize=4096)
def converse_verbs(claim_verb: str) -> frozenset[str]:
    """Verbs that state a relation of ``claim_verb`` from the other side."""
    relations = {f.relation for f in frames_of(claim_verb)}
    found = {f.verb for s in SOURCES for v in s.verbs() for f in s.frames(v) if f.relation in relations}
    return frozenset(found - {claim_verb})
