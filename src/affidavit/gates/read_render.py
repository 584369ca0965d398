"""Readable text and next steps for read decisions. Pure string building."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from affidavit.gates.contracts import ClaimView, ReadDecision
from affidavit.gates.read_frames import slot_of
from affidavit.text.lemmas import content_lemmas


def _interval(claim: ClaimView) -> str:
    if claim.valid_from is None and claim.valid_to is None:
        return ""
    return f" [valid {claim.valid_from or '…'} to {claim.valid_to or 'now'}]"


def _line(n: int, claim: ClaimView) -> str:
    flag = " (DISPUTED)" if claim.state == "disputed" else ""
    if claim.state == "superseded":
        flag = " (superseded later)"
    return f"{n}. {claim.text}{flag}{_interval(claim)} #{claim.claim_id}"


def _topics(known: Sequence[ClaimView]) -> str:
    """What the known claims are about, in a user's words where a frame knows the slot
    ("where they live", "who they report to"), else the claim's own predicate word."""
    seen: list[str] = []
    for claim in known:
        offered = frozenset(content_lemmas(claim.text)) | frozenset(claim.predicate_terms)
        topic = slot_of(offered) or claim.predicate.split(":")[0]  # "take:lisinopril" -> "take"
        if topic and topic not in seen:
            seen.append(topic)
    return ", ".join(f"'{p}'" for p in seen[:5])


def missing_second_hop(decision: ReadDecision, link: ClaimView, bridge: str) -> ReadDecision:
    """A two-hop abstention that says which hop held: the first (with its claim), not the second."""
    first = f"The first hop holds: {link.text} #{link.claim_id} (so the question is about {bridge})."
    text = decision.text.replace("ABSTAINED — this is the answer: ", "", 1)
    text = f"ABSTAINED — this is the answer: {first} For the second hop, {text}"
    return msgspec.structs.replace(decision, text=text)


def answered(claims: tuple[ClaimView, ...], about: str) -> ReadDecision:
    """An answer: the ranked claims, disputed ones flagged."""
    body = "\n".join(_line(i + 1, c) for i, c in enumerate(claims))
    noun = "claim" if len(claims) == 1 else "claims"
    disputed = any(c.state == "disputed" for c in claims)
    nxt = (
        "Check the disputed claim before relying on it; cite claims by id."
        if disputed
        else 'Cite these claims by id; ask with a date ("in 2018") for earlier values.'
    )
    text = f"ANSWERED — {len(claims)} {noun} about {about}:\n{body}\nNext: {nxt}"
    return ReadDecision("answered", None, None, claims, (), nxt, text)


def unknown_subject(name: str) -> ReadDecision:
    """No entity answers to a name the question uses; nothing else is said about it."""
    nxt = f"Check the spelling of '{name}', or remember a claim about '{name}' first."
    text = f"ABSTAINED — this is the answer: no stored entity is named '{name}'.\nNext: {nxt}"
    return ReadDecision("abstained", "unknown_subject", name, (), (), nxt, text)


def ambiguous_subject(name: str, count: int) -> ReadDecision:
    """A name that could be several of the caller's entities: say how many, name none."""
    nxt = f"Ask again with the full name of the one you mean (more than one is called '{name}')."
    text = (
        f"ABSTAINED — this is the answer: '{name}' could name {count} different entities "
        f"in this store.\nNext: {nxt}"
    )
    return ReadDecision("abstained", "unknown_subject", name, (), (), nxt, text)


def no_subject(term: str | None) -> ReadDecision:
    """The question names no entity; answering would need a search the gate never does."""
    nxt = "Ask again naming the person, organisation or place the question is about."
    what = f" about '{term}'" if term else ""
    text = f"ABSTAINED — this is the answer: the question{what} names no entity to look up.\nNext: {nxt}"
    return ReadDecision("abstained", "unknown_subject", term, (), (), nxt, text)


def unknown_predicate(term: str, about: str, known: tuple[ClaimView, ...]) -> ReadDecision:
    """Claims about the subject exist, but none grounds ``term``."""
    if known:
        listing = "\n".join(_line(i + 1, c) for i, c in enumerate(known))
        noun, verb = ("claim", "exists") if len(known) == 1 else ("claims", "exist")
        exist = f"; {len(known)} {noun} about {about} {verb}:\n{listing}"
        nxt = f"Ask about one of {_topics(known)}, or remember a claim that grounds '{term}'."
    else:
        exist = f"; no current claims about {about} exist"
        nxt = f"Remember a claim about {about} that grounds '{term}'."
    text = f"ABSTAINED — this is the answer: no claims ground '{term}'{exist}\nNext: {nxt}"
    return ReadDecision("abstained", "unknown_predicate", term, (), known, nxt, text)


def no_valid_claim(
    label: str, about: str, grounded: tuple[ClaimView, ...], known: tuple[ClaimView, ...]
) -> ReadDecision:
    """Claims ground the demand, but none holds at the asked time."""
    spans = sorted({f"{c.valid_from or '…'} to {c.valid_to or 'now'}" for c in grounded})
    when = "; ".join(spans[:5])
    nxt = f"Ask about a time inside {when}, or remember a claim about {about} valid at {label}."
    text = (
        f"ABSTAINED — this is the answer: no claim about {about} that grounds the question "
        f"holds at {label}; the ones that do hold {when}.\nNext: {nxt}"
    )
    return ReadDecision("abstained", "no_valid_claim", label, (), known, nxt, text)
