"""The deterministic write gate: does the quoted evidence support the claim?

``decide_write(claim, evidence)`` is pure: no model, no clock, no storage. It
finds the claim's subject in the evidence, narrows the evidence to the sentence
that speaks about that subject, then runs the grounding checks in a fixed order;
the first that fails names the refused term. A claim that passes every check but
writes a number or date differently from the evidence is RESCUED: the admitted
form quotes the evidence's own surface.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Any

import msgspec

from affidavit.errors import InvalidInput
from affidavit.gates import (
    checks_agent,
    checks_called_off,
    checks_context,
    checks_direction,
    checks_frames,
    checks_gapping,
    checks_labels,
    checks_limits,
    checks_markers,
    checks_order,
    checks_possessive,
    checks_post,
    checks_qualified,
    checks_scan,
    checks_scope,
    checks_timewords,
    checks_undone,
    checks_values,
    checks_witness,
    write_parse,
    write_writer,
)
from affidavit.gates import checks_grounding as checks
from affidavit.gates.checks_frames import FrameMatch
from affidavit.gates.contracts import ClaimShape, Refusal, Verdict, WriteDecision
from affidavit.gates.write_affiliation import affiliation_readings
from affidavit.gates.write_answer import answer_readings
from affidavit.gates.write_apposition import apposition_readings, check_bracketed_role, check_described_other
from affidavit.gates.write_degree import degree_prose_readings, degree_readings
from affidavit.gates.write_fields import field_readings
from affidavit.gates.write_invoice import claim_fits, invoice_readings
from affidavit.gates.write_link import EvidenceView, Linked, evidence_view, linked_sentences, read_linked
from affidavit.gates.write_parse import AUX, analyse, claim_subject, is_verb_like, mentions
from affidavit.gates.write_post import post_readings
from affidavit.gates.write_purchase import purchase_readings
from affidavit.gates.write_record import record_readings
from affidavit.gates.write_residence import hometown_readings, residence_readings
from affidavit.gates.write_shape import shape_of
from affidavit.gates.write_signature import signature_readings
from affidavit.gates.write_spouse import spouse_readings
from affidavit.gates.write_stay import stay_readings
from affidavit.gates.write_tenure import tenure_readings
from affidavit.text import (
    anchored,
    corrections,
    currencies,
    frequency,
    lemmas,
    lexical,
    lexicon,
    markers,
    name_finder,
)
from affidavit.text import clauses as context
from affidavit.text.corrections import Retracted
from affidavit.text.currencies import CURRENCY_TABLE_VERSION
from affidavit.text.entail import LEXICON_IDENTITY
from affidavit.text.fold import FOLD_VERSION
from affidavit.text.frames import FRAMES_VERSION
from affidavit.text.lemmas import (
    LEMMA_TABLE_VERSION,
    SIMPLEMMA_VERSION,
    content_lemmas,
    irregular_past,
    lemma,
    word_tuple,
)
from affidavit.text.names import key_tokens, match_tokens, refers_to
from affidavit.text.numbers import MONTH_WORD, dates, quantities, word_runs
from affidavit.text.recase import RECASE_VERSION, chat_cased, recase_from_claim
from affidavit.text.sentences import clauses, sentences
from affidavit.text.timeline import TIMELINE_VERSION

# The gate, then every pinned table that can change a decision.
RESOLVER_VERSION = (
    f"write-gate/3.140+{SIMPLEMMA_VERSION}+{LEMMA_TABLE_VERSION}+{FOLD_VERSION}"
    f"+{CURRENCY_TABLE_VERSION}+{TIMELINE_VERSION}+{FRAMES_VERSION}+{RECASE_VERSION}"
    f"+{lexical.BUILTIN.identity}+{LEXICON_IDENTITY}"
)
MAX_CLAIM_CHARS = 2_000
MAX_EVIDENCE_CHARS = 200_000

_REMEDY = {
    "unknown_subject": "quote a span that names the claim's subject, or rewrite the claim "
    "about the party the evidence names",
    "relation_transposed": "keep the roles as the evidence states them (who acted on whom)",
    "numeral_invented": "use the number exactly as the evidence states it, or quote the span "
    "that states yours",
    "asserts_more_than_evidence": "narrow the claim to what the span says, or quote the span "
    "that says the rest",
    "negation_flipped": "keep the evidence's polarity in the claim",
    "modality_dropped": "keep the qualifier in the claim (e.g. 'reportedly', 'intends to')",
    "quantifier_changed": "use the evidence's quantifier, or quote a span that says more",
    "temporal_shifted": "keep the evidence's time: say it held then, or quote a current span",
}

Check = Callable[[str, str], checks.Failure]
# Order matters only for which reason is reported when several apply: the most
# specific comes first, coverage (the catch-all) last.
_MARKER_CHECKS: tuple[tuple[str, str, Check], ...] = (
    ("negation_flipped", "polarity", checks_markers.check_polarity),
    ("negation_flipped", "set_aside", checks_scope.check_set_aside),
    ("temporal_shifted", "moved_from", checks_scope.check_moved_from),
    ("relation_transposed", "from_to", checks_scope.check_from_to),
    ("relation_transposed", "cause", checks_scope.check_cause),
    ("negation_flipped", "verb_polarity", checks_scope.check_verb_polarity),
    ("asserts_more_than_evidence", "denied_perception", checks_witness.check_denied_perception),
    ("modality_dropped", "modality", checks_markers.check_modality),
    ("modality_dropped", "qualified_item", checks_qualified.check_qualified_item),
    ("quantifier_changed", "quantifier", checks_markers.check_quantifier),
    ("quantifier_changed", "scope_of_them", checks_markers.check_scope_of_them),
    ("quantifier_changed", "denial", checks_markers.check_denial_narrowed),
    ("quantifier_changed", "bounds", checks_limits.check_bounds),
    ("quantifier_changed", "members", checks_scope.check_member_for_group),
    ("asserts_more_than_evidence", "attempt", checks_limits.check_attempt),
    ("temporal_shifted", "temporal", checks_markers.check_temporal),
)
# Checks read over the whole span, not the clauses that bear on the claim: what they look
# for sits past the matched clause ("in Nnewi, not Awka"; "28 weavers, all of them women").
_WHOLE_SENTENCE_CHECKS = frozenset(
    {"set_aside", "moved_from", "from_to", "cause", "denial", "qualified_item", "scope_of_them"}
)
_SPAN_CHECKS: tuple[tuple[str, str, Check], ...] = (
    ("temporal_shifted", "dates", checks.check_dates),
    ("temporal_shifted", "paired_time", checks_scope.check_paired_time),
    ("temporal_shifted", "clause_date", checks_scope.check_clause_date),
    ("temporal_shifted", "closed_range", checks_markers.check_closed_range),
    ("asserts_more_than_evidence", "clause_place", checks_scope.check_clause_place),
    ("asserts_more_than_evidence", "clause_party", checks_scope.check_clause_party),
    ("unknown_subject", "clause_owner", checks_scope.check_possessor_clause),
    ("unknown_subject", "possessor_chain", checks_possessive.check_possessor_chain),
    ("relation_transposed", "recipient", checks_scope.check_recipient),
    ("relation_transposed", "gapped", checks_gapping.check_gapped_pairs),
    ("unknown_subject", "described", check_described_other),
    ("unknown_subject", "bracketed_role", check_bracketed_role),
    ("numeral_invented", "numbers", checks.check_numbers),
    ("numeral_invented", "range_end", checks_limits.check_range_end),
    ("temporal_shifted", "number_time", checks_values.check_number_time),
    ("temporal_shifted", "relative_time", checks_timewords.check_relative_phrase),
    ("temporal_shifted", "offset_time", checks_values.check_offset_time),
    ("numeral_invented", "paired_number", checks_values.check_paired_number),
    ("numeral_invented", "clause_number", checks_values.check_clause_number),
    ("numeral_invented", "rate_unit", checks_values.check_rate_unit),
    ("numeral_invented", "rate_count", checks_values.check_rate_count),
    ("quantifier_changed", "clause_quantifier", checks_values.check_clause_quantifier),
    ("relation_transposed", "roles", checks.check_roles),
    ("relation_transposed", "order", lambda c, e: checks_order.check_order(c, e, analyse(c).verb)),
    ("relation_transposed", "direction", checks_direction.check_direction),
    ("relation_transposed", "conjunct", checks_scope.check_subject_conjunct),
    ("relation_transposed", "shared_subject", checks_agent.check_shared_subject),
    ("relation_transposed", "relative_clause", checks_agent.check_relative_clause),
    ("relation_transposed", "possessor_swap", checks_agent.check_possessor_swap),
    ("unknown_subject", "action_doer", checks_agent.check_action_doer),
    ("asserts_more_than_evidence", "role_as_object", checks_agent.check_role_as_object),
    ("asserts_more_than_evidence", "lesser_post", checks_agent.check_lesser_post),
    ("relation_transposed", "post_owner", checks_post.check_post_owner),
    ("asserts_more_than_evidence", "post_related", checks_post.check_post_related),
    ("asserts_more_than_evidence", "coverage", checks.check_coverage),
)


def _refuse(
    code: str,
    failure: tuple[str, str],
    shape: ClaimShape | None,
    span: tuple[int, int] | None,
    ran: list[str],
    verdict: Verdict = "REJECT",
) -> WriteDecision:
    term, why = failure
    refusal = Refusal(code=code, detail=f"{code}: {why}", remedy=_REMEDY[code], term=term)
    return WriteDecision(
        verdict=verdict,
        refusal=refusal,
        shape=shape,
        span=span,
        checks=tuple(ran),
    )


def _validate(claim: str, evidence: str) -> None:
    if not isinstance(claim, str) or not claim.strip():
        raise InvalidInput("claim", "expected non-empty text")
    if not isinstance(evidence, str) or not evidence.strip():
        raise InvalidInput("evidence", "expected non-empty text")
    if len(claim) > MAX_CLAIM_CHARS:
        raise InvalidInput("claim", f"expected at most {MAX_CLAIM_CHARS} characters")
    if len(evidence) > MAX_EVIDENCE_CHARS:
        raise InvalidInput("evidence", f"expected at most {MAX_EVIDENCE_CHARS} characters")


def _relevant(text: str, claim: str) -> str:
    """The clauses of ``text`` that bear on the claim (plus bare adverbial clauses)."""
    parts = clauses(text)
    if len(parts) == 1:
        return text  # one clause: nothing to narrow (and no claim words to gather)
    want = set(content_lemmas(claim)) - set(_name_tokens(claim))
    found = mentions(text)  # once for the sentence, not once per clause
    keep: list[str] = []
    for a, b in parts:
        part = text[a:b]
        have = set(content_lemmas(part))
        names_here = {t for m in found if a <= m.start < b for t in key_tokens(m.name)}
        rest = have - names_here - _NOT_CONTENT
        rest = {w for w in rest if not w[:1].isdigit()}
        # "Ana did not, as the minutes claim, sign the lease": a clause that is only a
        # negated auxiliary carries the polarity of the predicate it was cut from.
        rest = {w for w in rest if w not in markers.NEGATORS and not w.endswith("n't")}
        # A hearsay frame ("Sources say", "According to unconfirmed reports,") scopes
        # over the whole sentence, whatever clause it sits in; so does an exception
        # ("..., except Leeds") to a universal.
        if (
            have & want
            or not rest
            or markers.attributed(part)
            or markers.has_exception(part)
        ):
            keep.append(part)
        elif markers.action_list(text[a : b + 1]):
            keep.append(text[a : b + 1])  # "Actions:" governs every item after it
    return " ; ".join(keep) if keep else text


_NOT_CONTENT = frozenset(markers.ENDED) | frozenset(markers.MODALITY)


_CLAUSE_LOCAL = frozenset({"future", "intent", "ability"})


def _clause_local(claim: str, relevant: str) -> bool:
    """The modality the claim drops is a modal verb's ("will", "plans to", "can") in another
    clause than the one clause that says the claim best, which states it plainly."""
    dropped = markers.modalities(relevant) - markers.modalities(claim)
    if not dropped or not dropped <= _CLAUSE_LOCAL:
        return False
    best = checks_scope.best_clause(claim, relevant)
    return best is not None and checks_markers.check_modality(claim, best) is None


def _name_tokens(text: str) -> list[str]:
    return [t for m in mentions(text) for t in key_tokens(m.name)]


def _score(claim: str, subject: str, text: str) -> float:
    # A sentence that names the subject only inside a description of someone else
    # ranks below any other: it is about that someone else.
    if checks_agent.check_subject_position(claim, subject, text):
        return -1.0
    return 0.0 if checks.check_coverage(claim, text) else 1.0


def _pick_span(claim: str, subject: str, evidence: str, linked: list[Linked]) -> tuple[tuple[int, int], str]:
    """The linked sentence that best supports the claim, with the span its receipt covers
    (back to what its references point to) and its text read with them rewritten."""
    best: tuple[float, int] = (-1.0, 0)
    chosen = linked[0]
    want = set(content_lemmas(claim))
    for i, entry in enumerate(linked if len(linked) > 1 else ()):  # one: nothing to rank
        text = read_linked(evidence, entry)
        overlap = len(want & set(content_lemmas(text))) / max(len(want), 1)
        score = (_score(claim, subject, text) + overlap, -i)
        if score > best:
            best, chosen = score, entry
    # The receipt shows the antecedent too, and a sign-off that names the writer.
    span = (min(chosen.reach, chosen.span[0]), max(chosen.span[1], chosen.until))
    return span, read_linked(evidence, chosen)


def _as_spelled(shape: ClaimShape, view: EvidenceView) -> ClaimShape:
    """The shape naming each entity as the evidence does when the claim wrote it shorter or
    folded ("Ana" for "Ana Ruiz", "Jorgen" for "Jørgen"): the entity it is stored under,
    and the name the erased-subject check sees, is the evidence's."""
    entities = tuple(dict.fromkeys(view.spelled(e) or e for e in shape.entities))
    return shape if entities == shape.entities else msgspec.structs.replace(shape, entities=entities)


def _possessor_only(claim: str, subject: str, evidence: str, span: tuple[int, int]) -> bool:
    """The evidence names the subject only as a possessor ("X's brother runs ...")."""
    ev_mentions = [m for m in mentions(evidence, *span) if refers_to(subject, m.name)]
    if not ev_mentions or not all(m.possessive for m in ev_mentions):
        return False
    claim_m = [m for m in mentions(claim) if m.name == subject]
    if claim_m and claim_m[0].possessive:
        return False
    claim_lemmas = set(content_lemmas(claim))
    for m in ev_mentions:
        # "X's in-laws": the possessed word whole; a word with no content says nothing owned.
        possessed = re.match(r"['’]s?\s+([\w'’-]+)", evidence[m.end : span[1]])
        owned = set(content_lemmas(possessed.group(1))) if possessed else set()
        if owned and owned <= claim_lemmas:
            return False
    return True


def _rescue_form(claim: str, text: str, quoted: str | None = None) -> str | None:
    """The claim with each number/date written as the evidence writes it, if that differs.
    With ``quoted`` (the evidence as given), only a surface the evidence itself writes is
    used: a reading's own words ("5 years" read from "2015–2020") are not a quotation."""
    out = claim
    ev_dates, ev_q = dates(text)[0], quantities(text)
    for d in dates(claim)[0]:
        if d.month is None and d.surface not in text:
            alt = next((e for e in ev_q if e.unit is None and e.value == d.year), None)
            if alt is not None:
                out = out.replace(d.surface, alt.surface)
                continue
        match = next((e for e in ev_dates if d.covered_by(e) and e.covered_by(d)), None)
        if match is not None and match.surface != d.surface and (quoted is None or match.surface in quoted):
            out = out.replace(d.surface, match.surface)
    for q in quantities(claim):
        match_q = next((e for e in ev_q if e.value == q.value and e.unit == q.unit), None)
        if (
            match_q is not None
            and match_q.surface != q.surface
            and q.surface not in text
            and (quoted is None or match_q.surface in quoted)
        ):
            out = out.replace(q.surface, match_q.surface)
    return out if out != claim else None


def text_caches() -> tuple[Any, ...]:
    """Every cache keyed by a whole text (not a word), for benchmarks that must start cold."""
    return (
        name_finder._find_names, name_finder._capitalised_inside, dates, quantities, evidence_view, analyse,
        content_lemmas, checks.check_coverage, checks.support_set, markers.token_tuple, word_tuple, word_runs,
        lemmas._phrase_matches, checks_scan.scan, checks_limits.bounds, write_parse._mentions,
        context.read, corrections.retracted, currencies._ambiguous, write_writer.author,
        checks._folded_capitals, anchored._sets_time,
    )  # fmt: skip


# "... every boat passed. / Sólja: except the Sólarris": a chat reply's label may come first.
_CONTINUES = re.compile(
    r"(?:[^\W\d_][\w'’.\- ]{0,40}?:[ \t]+)?(?:except|excepting|apart from|other than|save for|but not|"
    r"excluding|not)\b",
    re.I,
)


def _continuation(evidence: str, span: tuple[int, int], view: Any) -> str:
    """The next sentence when it only limits this one ("Except Leeds, which stayed open.")."""
    nxt = next(((a, b) for a, b in view.spans if a >= span[1]), None)
    if nxt is None or not _CONTINUES.match(evidence, nxt[0]):
        return ""
    return " ; " + evidence[nxt[0] : nxt[1]]


def _correction_tail(original: str, evidence: str, span: tuple[int, int], view: Any) -> tuple[int, str]:
    """ "The audit is in room 41.\nCorrection: room 44.": a value of the span taken back by
    a cue in a later sentence; that sentence says what the span now asserts, so it is
    read (and receipted) with it. Returns the new span end and the text to add."""
    found = corrections.retracted(original)
    cues = [
        c for c in found
        if c.kind == "cue" and c.start >= span[1] - 1
        and any(r.kind != "cue" and span[0] <= r.start <= span[1] + 1 and r.end <= c.start for r in found)
    ]  # fmt: skip
    if not cues:
        return span[1], ""
    nxt = next(((a, b) for a, b in view.spans if a <= cues[0].end <= b or a >= cues[0].start), None)
    if nxt is None or nxt[0] < span[1] - 1:
        return span[1], ""
    return nxt[1], " ; " + evidence[nxt[0] : nxt[1]]


def _restated_elsewhere(claim: str, surface: str, evidence: str) -> tuple[str, str] | None:
    """ "moved to room 12 - correction: room 14, room 12 is being repainted": the claim's
    number is the retracted one, still written elsewhere, but only in clauses that do
    not say what the claim says. Then the claim states the retracted value."""
    value = next((q.value for q in quantities(surface)), None)
    mine = next((q for q in quantities(claim) if q.value == value), None)
    if value is None or mine is None:
        return None
    holders = [
        (a, b) for a, b in clauses(evidence) if any(q.value == value for q in quantities(evidence[a:b]))
    ]
    if any(checks.check_coverage(claim, evidence[a:b]) is None for a, b in holders):
        return None
    return mine.surface, "stated only where the evidence takes it back"


def _check_retracted(claim: str, original: str, evidence: str) -> tuple[str, str, str] | None:
    """A claim that states what the evidence took back: a retracted number is invented
    (``numeral_invented``); a retracted date is a changed date (``temporal_shifted``, as
    ``check_dates`` calls a date the evidence does not state beside one it does); a
    retracted word is ``asserts_more_than_evidence``."""
    if original is evidence:
        return None  # nothing was taken back
    for r in corrections.retracted(original):
        surface = original[r.start : r.end]
        if r.kind == "number":
            failure = checks.check_numbers(claim, evidence)
            if failure is None:
                failure = _restated_elsewhere(claim, surface, evidence)
            if failure is not None and checks.check_numbers(claim, original) is None:
                code = "temporal_shifted" if _is_date(r, original) else "numeral_invented"
                return code, failure[0], f"the evidence takes '{surface}' back"
        elif r.kind == "word":
            failure = checks.check_coverage(claim, evidence)
            if failure is not None and failure[0].casefold() in surface.casefold():
                return "asserts_more_than_evidence", failure[0], f"the evidence takes '{surface}' back"
    return None


_MONTH_NEAR = re.compile(r"^[\d\s–\-/.,]*(?:st|nd|rd|th)?\s*(?:of\s+)?(?:" + MONTH_WORD + r")\b", re.I)


def _time_moved(code: str, term: str, claim: str, text: str) -> str:
    """A word or number the evidence lacks that names a time where the evidence names
    another of its kind ("Tuesday" for "Thursday", "2002" for "2012"): a moved time."""
    if code in ("asserts_more_than_evidence", "numeral_invented") and checks_timewords.shifted_kind(
        term, claim, text
    ):
        return "temporal_shifted"
    return code


def _is_date(retracted: Retracted, original: str) -> bool:
    """The retracted value is a date, or a day of one ("6" of "2-6 June", "14" of "14 May")."""
    surface = original[retracted.start : retracted.end]
    after = original[retracted.start : retracted.end + 24]
    before = original[max(0, retracted.start - 12) : retracted.start]
    return bool(dates(surface)[0]) or bool(_MONTH_NEAR.match(after)) or bool(
        re.search(r"\b(?:" + MONTH_WORD + r")\.?\s+$", before, re.I)
    )


def decide_write(claim: str, evidence: str, *, held_until: str | None = None) -> WriteDecision:
    """Decide whether ``evidence`` supports ``claim``; pure and deterministic.

    ``held_until`` is the end of the interval the claim is stored as valid for (an ISO
    date, ``remember``'s ``valid_to``). A claim in the present tense with an ended interval
    ("Baukje lives in Hoarnsterwâld", valid to 2021-07-01) says what held until then: when
    the claim as written is refused only for its tense, it is decided again read in the past
    ("Baukje lived in Hoarnsterwâld"), provided the evidence states that end's year."""
    decision = _worded(_decide_write(claim, evidence), claim, evidence)
    tense_only = decision.refusal is not None and decision.refusal.code == "temporal_shifted"
    if held_until is None or not tense_only:
        return decision
    past = _past_reading(claim)
    if past is None:
        return decision
    other = _decide_write(past, evidence)
    if other.verdict != "ACCEPT" or other.span is None or not _end_stated(held_until, evidence, other.span):
        return decision
    if not _unframed(evidence, *other.span) or not _names_subject(claim, evidence, other.span):
        return decision  # a quoted or reported end, or a chat turn's: not the claim's own past
    shape = decision.shape or other.shape
    return msgspec.structs.replace(other, shape=shape, checks=(*other.checks, "held_until"))


def _worded(decision: WriteDecision, claim: str, evidence: str) -> WriteDecision:
    """A number refused for want of support that the evidence does write somewhere is
    refused as unplaced, not as absent: the checks compare the claim with the passage that
    states the rest of it, and "is not in the evidence" would be false (and its remedy,
    "use the number exactly as the evidence states it", already followed)."""
    refusal = decision.refusal
    if refusal is None or refusal.code != "numeral_invented" or refusal.term is None:
        return decision
    kind = checks.absent_kind(refusal.detail.removeprefix("numeral_invented: "))
    if kind is None or not checks.written_in(refusal.term, evidence):
        return decision  # another reason, or absent from the whole evidence too: true as said
    detail = (f"numeral_invented: the {kind} '{refusal.term}' is in the evidence, but "
              "not in a passage that also states the rest of the claim")
    remedy = ("quote the passage that ties the number to the claim's subject, or word the "
              "claim as that passage does (its subject, its figure)")
    return msgspec.structs.replace(
        decision, refusal=msgspec.structs.replace(refusal, detail=detail, remedy=remedy))


def _unframed(evidence: str, start: int, end: int) -> bool:
    """No frame, denial or quotation in the span's sentences (an end may be stated: "until")."""
    a = max((s for s, _ in sentences(evidence) if s <= start), default=0)
    b = min((e for _, e in sentences(evidence) if e >= end), default=len(evidence))
    text = evidence[a:b]
    framed = any(seg.frames or seg.negated for seg in context.read(text))
    return not framed and not re.search(r"[\"“”«»]", text)


def _names_subject(claim: str, evidence: str, span: tuple[int, int]) -> bool:
    """The span names the claim's subject itself (not only as a chat label over a turn)."""
    subject, _ = claim_subject(claim)
    if subject is None:
        return False
    return any(refers_to(subject, m.name) and not write_writer.labelled(evidence, m)
               for m in mentions(evidence, *span))


def _end_stated(held_until: str, evidence: str, span: tuple[int, int]) -> bool:
    """The sentence that supports the past reading ends the state in the interval's year:
    "until the summer of 2021", "from 2016 until October 2024", "2019–2024", "until he sold
    it in August 2024" (or, for an end on 1 January, the year before: "until the end of
    2023" for 2024-01-01). A year written for another reason ("sold the house in 2023",
    "2023 Rue des Pins", "ref. 2023/118", "from 2019") is no end."""
    try:
        end = datetime.date.fromisoformat(held_until[:10])
    except ValueError:
        return False
    years = "|".join(str(y) for y in sorted({end.year, (end - datetime.timedelta(days=1)).year}))
    ended = re.compile(
        rf"(?:\b(?:until|till|to|through|thru)\b|[–—-])[ \t]*(?:[\w'’]+[ \t]+){{0,6}}?"
        rf"(?<![\d/])(?:{years})(?![\d/])"
        r"(?![ \t]+[A-Z])",
        re.I,
    )
    return ended.search(evidence, span[0], span[1]) is not None


_IS_PAST = {"is": "was", "are": "were", "has": "had", "have": "had"}
# Verbs of a state held over an interval (where one lives, works, what one owns or runs).
_STATE_VERBS = frozenset({"live", "work", "own", "teach", "run", "manage", "lead", "head", "chair", "coach",
                          "rent", "employ", "serve", "reside", "drive"})


def _past_reading(claim: str) -> str | None:
    """The claim with its first present-tense verb put in the past ("lives" -> "lived",
    "is" -> "was"), or ``None``: only a verb of a state one holds for a while (a copula,
    "has", "lives", "works", "owns", ...; not a habit or an event: "visits", "wins"), not in
    a relative clause ("X, who lives in Y, was mayor"), and not "is to" (a plan) or "is
    said/believed to" (a report)."""
    for m in re.finditer(r"(?<![\w'’])[a-z][a-z'’-]*", claim):
        word = m.group(0)
        before = claim[: m.start()].rstrip().casefold()
        if before.endswith((" who", " which", " that", ",")):
            return None
        past = _IS_PAST.get(word)
        if past is not None:
            after = claim[m.end() :].lstrip().casefold()
            if after.startswith(("to ", "said ", "believed ", "thought ", "reported ", "expected ", "due ",
                                 "supposed ", "set ", "about ", "never ", "not ", "no ")):
                return None
        elif word.endswith("s") and not word.endswith("ss") and is_verb_like(word):
            base = lemma(word)
            if base == word or base not in _STATE_VERBS:
                return None  # a habit or an event ("visits", "wins"): one past event is not it
            past = irregular_past(base) or (
                base + "d" if base.endswith("e") else base + "ed"
            )
        if past is not None:
            return claim[: m.start()] + past + claim[m.end() :]
        if word in AUX or is_verb_like(word):
            return None  # a first verb that is not present ("lived", "will live"): nothing to move
    return None


def _decide_write(claim: str, evidence: str) -> WriteDecision:
    _validate(claim, evidence)
    # Chat writes names uncased ("jerome panganiban"): the claim's capitals, same offsets.
    evidence = recase_from_claim(claim, chat_cased(evidence))
    decision = _decide(claim, evidence)
    # What a later sentence undoes stays undone: a second reading re-says one sentence, and
    # may re-say the undoing one out of its words ("never moved to" as "never lives in").
    if decision.refusal is not None and decision.checks[-1:] != ("undone",):
        reread = _reread(claim, evidence)
        if reread is not None:
            return reread
    transposed = decision.refusal is not None and decision.refusal.code == "relation_transposed"
    if transposed and (said := _role_noun_reading(claim)) is not None:
        # "Ola Brun is Eira Sand's manager" says "Ola Brun manages Eira Sand": decided on
        # that reading, reported on the claim as written (its shape and text are kept).
        other = _decide(said, evidence)
        if other.verdict == "ACCEPT":
            return msgspec.structs.replace(
                other, shape=decision.shape or other.shape, checks=(*other.checks, "role_noun")
            )
    if decision.refusal is not None and (said := _works_as_reading(claim)) is not None:
        # "Arben works as an accountant in Shkodër" says what "Arben is an accountant in
        # Shkodër" says: decided on that reading (a role held, not "trained as" one).
        other = decide_write(said, evidence)
        if other.verdict == "ACCEPT":
            return msgspec.structs.replace(
                other, shape=decision.shape or other.shape, checks=(*other.checks, "works_as")
            )
    if decision.refusal is not None and (said := frequency.in_form_of(claim, evidence)) is not None:
        # "5 mg twice a day" says what "5 mg twice daily" says: decided in the evidence's form.
        other = decide_write(said, evidence)
        if other.verdict == "ACCEPT":
            return msgspec.structs.replace(
                other, shape=decision.shape or other.shape, checks=(*other.checks, "frequency")
            )
    return decision


_WORKS_AS = re.compile(
    r"\b(?P<verb>works|is working)[ \t]+as[ \t]+(?=(?:a|an|the)\b)", re.I
)


def _works_as_reading(claim: str) -> str | None:
    """The claim with "works as a" read as "is a" (the present only: a past or perfect job
    is read by the tenure readings, which keep its employer and its years)."""
    m = _WORKS_AS.search(claim)
    return None if m is None else f"{claim[: m.start()]}is {claim[m.end() :]}"


_MOST_READINGS = 12
# Words that retract or leave open what a sentence says, beyond the frames' cue lists.
_UNSETTLED = re.compile(
    r"\?|\b(?:I think|I believe|I guess|probably|apparently|reportedly|supposedly|allegedly|rumou?r|"
    r"according to|unconfirmed|reports? say|yet to|hopes?|expected|pending|subject to|would|script|"
    r"or was it|actually|used to|no longer|not any ?more|anymore|until|formerly|previously|in the (?:novel|"
    r"film|book|game|story|simulation|draft)|honorary|honoris|forged|fake)\b",
    re.I,
)


def _plain(evidence: str, start: int, end: int) -> bool:
    """Whether ``evidence[start:end]`` and its sentence are read as plain statement: no
    frame or denial the gate reads, and no word that retracts or leaves it open."""
    a = max((s for s, _ in sentences(evidence) if s <= start), default=0)
    b = min((e for _, e in sentences(evidence) if e >= end), default=len(evidence))
    text = evidence[a:b]
    if _UNSETTLED.search(text):
        return False
    return not any(seg.frames or seg.negated for seg in context.read(text))


def _reread(claim: str, evidence: str) -> WriteDecision | None:
    """The decision on a second reading of part of the evidence as what it says, when that
    admits the claim: a question and the next speaker's answer (``write_answer``), a
    sentence's appositions (``write_apposition``), a CV's degree line (``write_degree``), a
    move or a home address (``write_residence``), a CV's job line (``write_tenure``), a
    signature block (``write_signature``), a record's later lines (``write_record``), years
    spent at a party read as years worked there (``write_stay``), a wife or husband named
    beside a person read as a marriage (``write_spouse``), an introduction, a bracketed
    employer or a "<Town>-based" firm read as where one works or is based
    (``write_affiliation``), a ticket's or a record's labelled field (``write_fields``), a
    purchase read as ownership and the price paid (``write_purchase``), an invoice's lines
    read as a sale between its named parties (``write_invoice``).
    The span covers the part reread."""
    # "According to Roksolana, ...": the answer is the answerer's to report, under their label;
    # otherwise no label, which would stand as one more mention of the answerer.
    answers = answer_readings(evidence) if ":" in evidence else []  # labelled turns only
    reports = bool(answers) and any(f.kind == "hearsay" for seg in context.read(claim) for f in seg.frames)
    readings = [(start, end, f"{who}: {text}" if reports else text, "answer")
                for start, end, text, who in answers]
    readings += [(start, end, text, "apposition") for start, end, text in apposition_readings(evidence)]
    readings += [(start, end, text, "degree") for start, end, text in degree_readings(evidence)]
    readings += [(start, end, text, "residence") for start, end, text in residence_readings(evidence)]
    readings += [(start, end, text, "tenure") for start, end, text in tenure_readings(evidence)]
    readings += [(start, end, text, "signature") for start, end, text in signature_readings(evidence)]
    readings += [(start, end, text, "record") for start, end, text in record_readings(evidence)]
    readings += [(start, end, text, "stay") for start, end, text in stay_readings(evidence)]
    readings += [(start, end, text, "spouse") for start, end, text in spouse_readings(evidence)]
    readings += [(start, end, text, "post") for start, end, text in post_readings(evidence)]
    if claim_fits(claim, evidence):  # an invoice's parties each on their own side of a sale
        readings += [(start, end, text, "invoice") for start, end, text in invoice_readings(evidence)]
    # These read a sentence's facts into a new sentence: only a plain one (no report, hedge,
    # question, condition or denial anywhere in it), which no frame of its own can govern.
    plain = [(start, end, text, how) for how, found in (
        ("affiliation", affiliation_readings(evidence)), ("field", field_readings(evidence)),
        ("purchase", purchase_readings(evidence)), ("hometown", hometown_readings(evidence)),
        ("degree", degree_prose_readings(evidence))) for start, end, text in found]
    readings += [r for r in plain if _plain(evidence, r[0], r[1])]
    # Each reading is a whole decision: only one that says something the claim says (beyond
    # its subject's name) can admit it, so the others are not decided at all.
    subject, _found = claim_subject(claim)
    if subject is not None and checks_called_off.check_dated_post(claim, evidence, subject) is not None:
        return None  # a reading drops the sentence's past year ("In 1998, X, the mayor, ...")
    # A profile's reading is its person's: a claim about another name it holds (the
    # employer "Ivan Sokolov" of "Personal assistant, Ivan Sokolov") is not decided on it.
    readings = [r for r in readings if not _about_another(r, subject)]
    wanted = set(content_lemmas(claim)) - set(content_lemmas(subject or ""))
    scored = [(len(wanted & set(content_lemmas(r[2]))), i) for i, r in enumerate(readings)]
    # At most a bounded number are decided (a 200 KB CV of 500 job lines is still one
    # decision's cost times that bound, not times 500): those that say most of what the
    # claim says beyond its subject's name, in reading order among equals.
    ranked = [readings[i] for score, i in sorted(scored, key=lambda s: (-s[0], s[1])) if score]
    # Each is a decision over the whole evidence: on a long one, fewer (two above 32 KB).
    budget = max(2, min(_MOST_READINGS, 65536 // max(len(evidence), 1)))
    for start, end, reading, how in ranked[:budget]:
        read = evidence[:start] + reading + evidence[end:]
        decision = _decide(claim, read)
        if decision.verdict not in ("ACCEPT", "RESCUE") or decision.span is None:
            continue
        a, b = decision.span
        span = (_back(a, start, end, len(reading), False), _back(b, start, end, len(reading), True))
        if decision.verdict == "RESCUE":
            # A rescued claim writes numbers as the evidence writes them: the evidence as
            # given, never a surface only the reading has.
            rescued = _rescue_form(claim, read, evidence)
            decision = msgspec.structs.replace(decision, verdict="RESCUE" if rescued else "ACCEPT",
                                               normalised_claim=rescued)
        return msgspec.structs.replace(decision, span=span, checks=(*decision.checks, how))
    return None


_PERSON_FIELD = re.compile(r" (?:speaks|is fluent in|has basic) |'s native language | is a native ")


def _about_another(reading: tuple[int, int, str, str], subject: str | None) -> bool:
    """A profile's reading (a job, a degree, a language) whose person the claim's subject
    is not."""
    _start, _end, text, how = reading
    if subject is None or how not in ("tenure", "degree", "field") or (
        how == "field" and not _PERSON_FIELD.search(text)
    ):
        return False
    lead = next((m for m in mentions(text) if m.start == 0), None)
    return lead is not None and not (refers_to(subject, lead.name) or refers_to(lead.name, subject))


def _back(at: int, start: int, end: int, length: int, is_end: bool) -> int:
    """An offset of the reading's text (``length`` characters put in for ``start:end``) in
    the evidence: inside the reading, the answered lines' start or end."""
    if at < start:
        return at
    if at <= start + length:
        return end if is_end else start
    return at + (end - start) - length


# "X is Y's <noun>": a role noun whose verb takes the other party as its object.
_ROLE_NOUN = re.compile(r"^(?P<x>.+?) (?:is|was) (?P<y>.+?)['’]s (?P<noun>[a-z][\w\-]*)\.?$")


def _role_noun_reading(claim: str) -> str | None:
    """ "Ola Brun is Eira Sand's manager" -> "Ola Brun manages Eira Sand"; an agent noun
    keeps the order, a patient noun ("employee") swaps it. From the read gate's lexicon
    of derivations (builtin tables plus the pinned WordNet file); ``None`` otherwise."""
    hit = _ROLE_NOUN.match(claim.strip())
    if hit is None:
        return None
    x, y, noun = hit.group("x"), hit.group("y"), hit.group("noun")
    if not (x[:1].isupper() and y[:1].isupper()):
        return None
    found = [(verb, role) for verb, role in lexical.active().derivations(noun) if verb != noun]
    if len(found) != 1:
        return None  # no verb, or several: no one reading
    verb, role = found[0]
    third = verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "z")) else "s")
    return f"{x} {third} {y}." if role == "agent" else f"{y} {third} {x}."


_ASKED = re.compile(r"[ \t]+(?:asked|asks|wondered|wonders|wanted to know|wants to know)\b")
# A turn that is itself the question: it opens with an auxiliary or a question word.
_ASKING = re.compile(
    r"[ \t]*(?:did|does|do|is|are|was|were|has|have|had|can|could|will|would|should|who|what|when|where|"
    r"why|how|which)\b",
    re.I,
)


def _asks(claim: str, subject: str, evidence: str) -> bool:
    """ "Máret asked whether Juuso paid ...": the subject is who asks, and a turn of theirs is
    the question itself ("Máret: did Juuso ever pay back ...?"), so that chat label is the
    speaker the claim means (as for "Máret said that ..."); not a turn that relays someone
    else's question ("Ffion: Rhodri was asking did ...") or answers one."""
    at = claim.find(subject)
    if not (0 <= at <= 4 and _ASKED.match(claim, at + len(subject))):
        return False
    for line in evidence.split("\n"):
        turn = write_writer.line_speaker(line, 0)
        if turn is not None and refers_to(subject, turn.name):
            words_at = line.find(":", turn.end)
            words_at = line.find("]", turn.end) if words_at < 0 else words_at
            if words_at >= 0 and _ASKING.match(line, words_at + 1):
                return True
    return False


def _decide(claim: str, evidence: str) -> WriteDecision:
    # What the evidence takes back ("room 12 - no wait, room 14") is blanked: same offsets.
    original, evidence = evidence, corrections.corrected(evidence)
    ran: list[str] = ["subject"]
    subject, found = claim_subject(claim)
    if subject is None:
        return _refuse("unknown_subject", ("", "the claim names no person or organisation"), None, None, ran)
    shape = shape_of(claim, subject, found)
    view = evidence_view(evidence)
    claim_names = tuple(m.name for m in found)
    possessed = any(m.possessive for m in found if m.name == subject)
    reported = any(f.kind == "hearsay" and f.arg and refers_to(subject, f.arg)
                   for seg in context.read(claim) for f in seg.frames) or _asks(claim, subject, evidence)
    linked = linked_sentences(evidence, subject, view, claim_names, possessed=possessed, reported=reported)
    if not linked and len(key_tokens(subject)) == 1:
        # "Kestrel employs 14 people.": a one-word name the finder read as a common word.
        linked = linked_sentences(evidence, subject, view, claim_names, guided=True, possessed=possessed,
                                  reported=reported)
    if not linked:
        why = f"'{shape.subject}' is not named in the evidence"
        return _refuse("unknown_subject", (shape.subject, why), shape, None, ran)
    distinct = {match_tokens(m.name) for m in view.subject_mentions(subject)}
    if len(key_tokens(subject)) == 1 and len({d for d in distinct if len(d) > 1}) > 1:
        why = f"'{shape.subject}' could be more than one person named in the evidence"
        return _refuse("unknown_subject", (shape.subject, why), shape, None, ran, "QUARANTINE")
    span, text = _pick_span(claim, subject, evidence, linked)
    shape = _as_spelled(shape, view)
    ran.append("possessor")
    if _possessor_only(claim, subject, evidence, span):
        why = f"the evidence names '{shape.subject}' only as the possessor of someone else"
        return _refuse("unknown_subject", (shape.subject, why), shape, span, ran)
    failure = checks_agent.check_subject_position(claim, subject, text)
    if failure is not None:
        return _refuse("unknown_subject", failure, shape, span, ran)
    ran.append("retracted")
    retract = _check_retracted(claim, original, evidence)
    if retract is not None:
        return _refuse(retract[0], retract[1:], shape, span, ran)
    ran.append("context")
    carried = context.carried(evidence, span[0])
    # "CHEIKH DIOUF: Eleven.\nEleven pirogues ...": the labelled turn the span is from.
    turn = write_writer.turn_speaker(evidence, span[0])
    speaker = None if turn is None else turn.name.title() if turn.name.isupper() else turn.name
    # The whole message's writer, when the span is no labelled turn: "it's Hamadi from the
    # clinic ... The insurance covers 80,000" is Hamadi's to say ("According to Hamadi, ...").
    writer = write_writer.author(evidence) if turn is None else None
    judged = checks_context.judge(claim, text, carried, speaker, writer)
    if judged.refusal is not None:
        return _refuse(judged.refusal[0], judged.refusal[1:], shape, span, ran)
    ran.append("excepted")
    failure = checks_scope.check_excepted(claim, subject, text)
    if failure is not None:
        return _refuse("negation_flipped", failure, shape, span, ran)
    ran.append("called_off")  # read over the whole evidence: "Update: the summit is cancelled."
    failure = checks_called_off.check_called_off(claim, evidence)
    if failure is not None:
        return _refuse("negation_flipped", failure, shape, span, ran)
    ran.append("withdrawn")  # "... agreed to give the keynote but later withdrew"
    failure = checks_called_off.check_withdrawn(claim, evidence, subject)
    if failure is not None:
        return _refuse("negation_flipped", failure, shape, span, ran)
    ran.append("undone")  # "... will give the keynote. Later he said he would not."
    undone = checks_undone.check_undone(claim, evidence, subject, span[0])
    if undone is not None:
        return _refuse(undone[0], undone[1:], shape, span, ran)
    ran.append("field_value")  # "Diabetes - negative", "?diabetes"
    failure = checks_called_off.check_field_value(claim, evidence)
    if failure is not None:
        return _refuse("negation_flipped", failure, shape, span, ran)
    failure = checks_called_off.check_field_queried(claim, evidence)
    if failure is not None:
        return _refuse("modality_dropped", failure, shape, span, ran)
    ran.append("reversed_state")  # "down since 2am / Ops: restarted at 4, up now"
    # No lexicon, no antonyms: then any word "now" or "back" stands beside reverses (more refusals).
    opposite = (lambda w: lexicon.antonyms(w, "a")) if lexicon.lexicon() else None
    failure = checks_called_off.check_reversed_state(claim, evidence, opposite)
    if failure is not None:
        return _refuse("temporal_shifted", failure, shape, span, ran)
    ran.append("ended_later")  # "... Resigned with effect from 28 February 2025."
    failure = checks_called_off.check_ended_later(claim, evidence, subject)
    if failure is not None:
        return _refuse("temporal_shifted", failure, shape, span, ran)
    ran.append("message_date")  # "aster (mon 9 mar): ..." dates the message, not its news
    failure = checks_timewords.check_message_date(claim, evidence)
    if failure is not None:
        return _refuse("temporal_shifted", failure, shape, span, ran)
    ran.append("field_doer")  # "supervisor: Prof. X" on a CV: X supervised, whatever the span
    failure = checks_labels.check_field_doer(claim, evidence)
    if failure is not None:
        return _refuse("relation_transposed", failure, shape, span, ran)
    ran.append("dated_post")  # "In 1998, Mayor X opened the bridge": no post held now
    failure = checks_called_off.check_dated_post(claim, evidence, subject)
    if failure is not None:
        return _refuse("temporal_shifted", failure, shape, span, ran)
    tail_end, tail = _correction_tail(original, evidence, span, view)
    span = (span[0], tail_end)
    claim_full, claim = claim, judged.claim
    text = judged.evidence + tail + _continuation(evidence, span, view)
    # An "Actions:" line above governs this item: the later checks read it as a plan too.
    text = "".join(f.cue + " " for f in carried if f.kind == "plan") + text
    relevant = _relevant(text, claim)
    for code, name, check in _MARKER_CHECKS:
        ran.append(name)
        # Polarity is read in the clause the claim matches ("signed X; didn't sign Y").
        against = relevant
        if name == "polarity":
            against = checks_scope.polarity_clause(claim, checks_scope.without_set_aside(claim, relevant))
        if name in _WHOLE_SENTENCE_CHECKS:
            against = text  # "in Nnewi, not Awka": the value set aside sits past the matched clause
        if name == "temporal":
            # "the kettle isn't leaking any more, but the display doesn't light up": an
            # ending said of one clause is not said of the claim another clause states.
            against = checks_scope.best_clause(claim, relevant) or relevant
        failure = check(claim, against)
        if failure is not None and name == "modality" and _clause_local(claim, relevant):
            # "X is on leave until 31 August; Reet will cover her accounts": a modal verb
            # governs its own clause; a hedge ("apparently", "I think") the whole sentence.
            failure = None
        if failure is not None and name == "polarity" and against is relevant:
            # Two clauses, two negations: the parity of the whole says nothing; the one
            # clause that says the claim best decides (``check_verb_polarity``, next).
            best = checks_scope.best_clause(claim, relevant)
            if best is not None and checks_markers.check_polarity(claim, best) is None:
                failure = None
        if failure is not None:
            return _refuse(code, failure, shape, span, ran)
    frame = checks_frames.check_frames(claim, text)
    for code, name, check in _SPAN_CHECKS:
        if name == "roles" and frame is not None:
            ran.append("frames")  # a converse verb: its frame maps the roles instead
            if not isinstance(frame, FrameMatch):
                return _refuse("relation_transposed", frame, shape, span, ran)
            continue
        ran.append(name)
        # The converse says the claim's verb ("won" for "was awarded to") once roles agree.
        conversed = name == "coverage" and isinstance(frame, FrameMatch)
        failure = check(claim, f"{text} ; {frame.support}" if conversed else text)  # type: ignore[union-attr]
        if failure is not None:
            return _refuse(_time_moved(code, failure[0], claim, text), failure, shape, span, ran)
    ran.append("own_clause")
    failure = checks_agent.check_own_clause(claim, subject, text)
    if failure is not None:
        return _refuse("relation_transposed", failure, shape, span, ran)
    rescued = _rescue_form(claim_full, text, original)
    if rescued is not None:
        return WriteDecision(
            verdict="RESCUE",
            refusal=None,
            shape=shape,
            span=span,
            normalised_claim=rescued,
            checks=tuple(ran),
        )
    return WriteDecision(verdict="ACCEPT", refusal=None, shape=shape, span=span, checks=tuple(ran))
