"""The read gate answers only from grounded, valid claims, and otherwise abstains naming why.

Every abstention test has a positive control over the same index, so a gate
that refuses everything (or an empty store) fails this file.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from affidavit.errors import InvalidInput
from affidavit.gates.contracts import ClaimShape, ClaimView, EntityView, ReadDecision
from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex
from affidavit.text.lemmas import content_lemmas
from affidavit.text.question import parse_question

AT = "2025-06-01"


def _add(
    index: MemoryReadIndex,
    cid: str,
    text: str,
    subject: str,
    others: tuple[str, ...] = (),
    predicate: str = "",
    valid_from: str | None = None,
    valid_to: str | None = None,
) -> ClaimView:
    """Index a claim with a hand-made shape (what the write gate would produce)."""
    rest = text[len(subject) :].strip(" .")
    pred = predicate or " ".join(content_lemmas(rest)[:2])
    shape = ClaimShape(subject, (subject, *others), pred, rest, content_lemmas(rest))
    return index.add(cid, text, shape, valid_from=valid_from, valid_to=valid_to)


@pytest.fixture()
def index() -> MemoryReadIndex:
    idx = MemoryReadIndex()
    _add(idx, "c1", "Lucia Ferrante is the managing director of Redfern Mills.", "Lucia Ferrante",
         ("Redfern Mills",))
    _add(idx, "c2", "Lucia Ferrante lives in Bradford.", "Lucia Ferrante", ("Bradford",))
    _add(idx, "c3", "Redfern Mills is based in Huddersfield.", "Redfern Mills", ("Huddersfield",))
    _add(idx, "c4", "Redfern Mills was founded in 1874.", "Redfern Mills")
    _add(idx, "c5", "Sunil Bhatt takes lisinopril 10 mg once daily.", "Sunil Bhatt")
    _add(idx, "c6", "Alder Medical acquired Tallgrass Instruments in 2020.", "Alder Medical",
         ("Tallgrass Instruments",))
    _add(idx, "c7", "Alder Medical is headquartered in Cork.", "Alder Medical", ("Cork",))
    _add(idx, "c8", "Declan Moore is the mayor of Granite Bay.", "Declan Moore", ("Granite Bay",),
         valid_from="2012-05-01", valid_to="2020-04-30")
    _add(idx, "c9", "Declan Moore teaches history at Granite Bay College.", "Declan Moore",
         ("Granite Bay College",), valid_from="2021-01-01")
    _add(idx, "c10", "Priya Nair joined Acme Corp in 2019.", "Priya Nair", ("Acme Corp",))
    _add(idx, "c11", "Brightwater Analytics is based in Leeds.", "Brightwater Analytics",
         ("Leeds",))
    _add(idx, "c12", "Fatima Bennani is the sister of Youssef Bennani.", "Fatima Bennani",
         ("Youssef Bennani",))
    _add(idx, "c13", "Kenji Mori won the national slalom title in 2008.", "Kenji Mori")
    _add(idx, "c14", "Dana Kim is employed by Orbit Labs.", "Dana Kim", ("Orbit Labs",))
    return idx  # fmt: skip


def _ask(index: MemoryReadIndex, question: str, **kw: object) -> ReadDecision:
    return decide_read(question, index, at=AT, **kw)  # type: ignore[arg-type]


def _ids(decision: ReadDecision) -> list[str]:
    return [c.claim_id for c in decision.claims]


# --- unknown_subject -----------------------------------------------------------------


def test_similar_organisation_name_does_not_resolve(index: MemoryReadIndex) -> None:
    """'Brightwater Capital' abstains even though 'Brightwater Analytics' is known."""
    d = _ask(index, "Where is Brightwater Capital based?")
    assert (d.status, d.reason, d.ungrounded_term) == ("abstained", "unknown_subject",
                                                       "Brightwater Capital")
    assert d.claims == () and d.known == ()


def test_known_organisation_answers(index: MemoryReadIndex) -> None:
    """Control: the known organisation's location is answered."""
    assert _ids(_ask(index, "Where is Brightwater Analytics based?")) == ["c11"]


def test_same_first_name_other_person_abstains(index: MemoryReadIndex) -> None:
    """'Lucia Bianchi' is not 'Lucia Ferrante'; the text says it is an answer and what next."""
    d = _ask(index, "Where does Lucia Bianchi live?")
    assert d.reason == "unknown_subject" and d.ungrounded_term == "Lucia Bianchi"
    assert d.text.startswith("ABSTAINED") and "Next:" in d.text and d.next


def test_every_named_entity_must_resolve(index: MemoryReadIndex) -> None:
    """A known subject does not carry an unknown second name."""
    d = _ask(index, "Does Dana Kim work for Orbit Dynamics?")
    assert d.reason == "unknown_subject" and d.ungrounded_term == "Orbit Dynamics"
    assert _ids(_ask(index, "Does Dana Kim work for Orbit Labs?")) == ["c14"]


# --- unknown_predicate ----------------------------------------------------------------


def test_salary_is_not_answered_with_hire_date(index: MemoryReadIndex) -> None:
    """A subject match with an ungrounded demand abstains and lists what is known."""
    d = _ask(index, "What is Priya Nair's salary?")
    assert (d.status, d.reason, d.ungrounded_term) == ("abstained", "unknown_predicate", "salary")
    assert d.claims == () and [c.claim_id for c in d.known] == ["c10"]
    assert "no claims ground 'salary'" in d.text and "salary" in d.next


def test_hire_question_answers(index: MemoryReadIndex) -> None:
    """Control: the demand the stored claim grounds is answered."""
    assert _ids(_ask(index, "When did Priya Nair join Acme Corp?")) == ["c10"]


def test_dose_of_other_drug_abstains_naming_drug(index: MemoryReadIndex) -> None:
    """The object is part of the demand: aspirin is not lisinopril."""
    d = _ask(index, "What dose of aspirin does Sunil Bhatt take?")
    assert d.reason == "unknown_predicate" and d.ungrounded_term == "aspirin"
    assert _ids(_ask(index, "What dose of lisinopril does Sunil Bhatt take?")) == ["c5"]


def test_multiword_demand_is_named_whole(index: MemoryReadIndex) -> None:
    """Adjacent ungrounded words are named together."""
    d = _ask(index, "What is Sunil Bhatt's blood pressure?")
    assert d.ungrounded_term == "blood pressure"


def test_kinship_is_not_marriage_nor_profession(index: MemoryReadIndex) -> None:
    """'sister of' grounds neither 'married' nor an occupation."""
    assert _ask(index, "Who is Fatima Bennani married to?").ungrounded_term == "married"
    assert _ask(index, "What is Fatima Bennani's profession?").reason == "unknown_predicate"
    assert _ids(_ask(index, "Whose sister is Fatima Bennani?")) == ["c12"]


def test_predicate_of_the_verb_is_named_first(index: MemoryReadIndex) -> None:
    """The predicate right after the subject is the term named when ungrounded."""
    d = _ask(index, "How much did Alder Medical pay for Tallgrass Instruments?")
    assert d.ungrounded_term == "pay"
    assert _ids(_ask(index, "Who bought Tallgrass Instruments?")) == ["c6"]


def test_when_needs_a_date_in_the_claim(index: MemoryReadIndex) -> None:
    """'When' is not answered by an undated claim."""
    assert _ask(index, "When did Dana Kim work for Orbit Labs?").status == "abstained"
    assert _ids(_ask(index, "When was Redfern Mills founded?")) == ["c4"]


# --- paraphrases through the shared tables --------------------------------------------


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Where does Dana Kim work?", ["c14"]),
        ("Who runs Redfern Mills?", ["c1"]),
        ("Who bought Tallgrass Instruments?", ["c6"]),
        ("Where does Lucia Ferrante reside?", ["c2"]),
        ("What does Declan Moore do now?", ["c9"]),
    ],
)
def test_paraphrases_answer(index: MemoryReadIndex, question: str, expected: list[str]) -> None:
    """Equivalent wording grounds through lemmas and equivalence classes."""
    assert _ids(_ask(index, question)) == expected


def test_paraphrase_does_not_cross_to_unrelated_verb(index: MemoryReadIndex) -> None:
    """Control for paraphrases: 'sold' is not 'acquired'."""
    assert _ask(index, "Who sold Tallgrass Instruments?").reason == "unknown_predicate"


# --- valid time and states --------------------------------------------------------------


def test_time_before_any_interval_abstains_no_valid_claim(index: MemoryReadIndex) -> None:
    """A grounded claim outside the asked year is not returned; the year is named."""
    d = _ask(index, "Who was the mayor of Granite Bay in 2005?")
    assert (d.reason, d.ungrounded_term) == ("no_valid_claim", "2005")
    assert "2012-05-01" in d.text
    assert _ids(_ask(index, "Who was the mayor of Granite Bay in 2015?")) == ["c8"]


def test_closed_interval_is_not_now(index: MemoryReadIndex) -> None:
    """A claim whose interval ended is not the answer for 'now'."""
    d = _ask(index, "Who is the mayor of Granite Bay now?")
    assert d.reason == "no_valid_claim" and d.claims == ()


def test_event_year_must_match_asked_year(index: MemoryReadIndex) -> None:
    """'won ... in 2008' is not an answer about 2010."""
    assert _ask(index, "What did Kenji Mori win in 2010?").reason == "no_valid_claim"
    assert _ids(_ask(index, "What did Kenji Mori win in 2008?")) == ["c13"]


def _job_history() -> MemoryReadIndex:
    idx = MemoryReadIndex()
    _add(idx, "old", "Ines Duarte works at Harbor Bank.", "Ines Duarte", ("Harbor Bank",),
         predicate="work at", valid_from="2015-03-01")
    _add(idx, "new", "Ines Duarte works at Lumen Bank.", "Ines Duarte", ("Lumen Bank",),
         predicate="work at", valid_from="2020-02-01")
    return idx  # fmt: skip


def test_superseded_never_answers_now() -> None:
    """Supersession closes the old interval and 'now' gets only the successor."""
    idx = _job_history()
    assert idx.claim("old").state == "superseded" and idx.claim("old").valid_to == "2020-01-31"
    assert _ids(decide_read("Where does Ines Duarte work?", idx, at=AT)) == ["new"]


def test_superseded_answers_inside_its_interval() -> None:
    """A time-scoped question inside the old interval gets the superseded claim, flagged."""
    d = decide_read("Where did Ines Duarte work in 2017?", _job_history(), at=AT)
    assert _ids(d) == ["old"] and "superseded" in d.text


@pytest.mark.parametrize("state", ["quarantined", "frozen"])
def test_quarantined_and_frozen_never_answer(index: MemoryReadIndex, state: str) -> None:
    """Claims outside active|disputed are not selected and not listed as known."""
    index.set_state("c2", state)  # type: ignore[arg-type]
    d = _ask(index, "Where does Lucia Ferrante live?")
    assert d.status == "abstained" and all(c.claim_id != "c2" for c in d.known)
    index.set_state("c2", "active")
    assert _ids(_ask(index, "Where does Lucia Ferrante live?")) == ["c2"]


def test_disputed_is_returned_flagged(index: MemoryReadIndex) -> None:
    """A disputed claim answers, and the text and next step say it is disputed."""
    index.set_state("c2", "disputed")
    d = _ask(index, "Where does Lucia Ferrante live?")
    assert _ids(d) == ["c2"] and "DISPUTED" in d.text and "disputed" in d.next


# --- multi-hop ----------------------------------------------------------------------


def test_two_hops_answer_with_the_chain(index: MemoryReadIndex) -> None:
    """Each hop grounded: the answer is the chain of claims, clause first."""
    d = _ask(index, "Where is the company that acquired Tallgrass Instruments headquartered?")
    assert _ids(d) == ["c6", "c7"]
    d2 = _ask(index, "In which town is the company Lucia Ferrante manages based?")
    assert _ids(d2) == ["c1", "c3"]


def test_ungrounded_second_hop_names_its_term(index: MemoryReadIndex) -> None:
    """The clause resolves but the outer demand does not: abstain naming it."""
    d = _ask(index, "Where is the company that employs Dana Kim headquartered?")
    assert d.reason == "unknown_predicate" and d.ungrounded_term == "headquartered"


def test_ungrounded_first_hop_names_its_term(index: MemoryReadIndex) -> None:
    """The clause itself is ungrounded: abstain naming the clause's verb."""
    d = _ask(index, "Where is the company that sued Tallgrass Instruments headquartered?")
    assert d.reason == "unknown_predicate" and d.ungrounded_term == "sued"


# --- ranking, limit, inputs, purity -----------------------------------------------------


def test_ranking_exact_match_then_recency_then_seq() -> None:
    """Same-lemma matches rank before equivalents; then later valid_from; then higher seq."""
    idx = MemoryReadIndex()
    _add(idx, "a", "Omar Haddad manages the Leeds office.", "Omar Haddad", ("Leeds",),
         predicate="manage office", valid_from="2019-01-01")
    _add(idx, "b", "Omar Haddad runs the Leeds office.", "Omar Haddad", ("Leeds",),
         predicate="run office", valid_from="2022-01-01")
    _add(idx, "c", "Omar Haddad runs the Leeds depot.", "Omar Haddad", ("Leeds",),
         predicate="run depot", valid_from="2023-01-01")  # fmt: skip
    assert _ids(decide_read("What does Omar Haddad run?", idx, at=AT)) == ["c", "b", "a"]
    assert _ids(decide_read("What does Omar Haddad manage?", idx, at=AT)) == ["a", "c", "b"]


def test_limit_bounds_claims() -> None:
    """Answers never exceed ``limit``; with a larger limit all grounded claims come back."""
    idx = MemoryReadIndex()
    for n in range(8):
        _add(idx, f"t{n}", f"Omar Haddad visited Town{n} in 20{10 + n}.", "Omar Haddad",
             (f"Town{n}",), predicate=f"visit town{n}")
    assert len(decide_read("Where did Omar Haddad travel?", idx, at=AT).claims) == 0
    assert len(decide_read("Where has Omar Haddad visited?", idx, at=AT, limit=3).claims) == 3
    assert len(decide_read("Where has Omar Haddad visited?", idx, at=AT, limit=50).claims) == 8


@pytest.mark.parametrize(
    ("question", "at", "limit"),
    [("", AT, 10), ("   ", AT, 10), ("Where?", "June 2025", 10), ("Where?", AT, 0)],
)
def test_malformed_inputs_raise(index: MemoryReadIndex, question: str, at: str,
                                limit: int) -> None:
    """Bad arguments are failures (typed), not abstentions."""
    with pytest.raises(InvalidInput):
        decide_read(question, index, at=at, limit=limit)


class _CountingIndex:
    """Wraps an index and records which entities the gate reads."""

    def __init__(self, inner: MemoryReadIndex) -> None:
        self.inner = inner
        self.read: list[str] = []

    def resolve(self, name: str) -> Sequence[EntityView]:
        return self.inner.resolve(name)

    def claims_about(self, entity_id: str) -> Sequence[ClaimView]:
        self.read.append(entity_id)
        return self.inner.claims_about(entity_id)


def test_reads_only_claims_of_resolved_entities(index: MemoryReadIndex) -> None:
    """The gate asks for the named entity's claims only, never the whole store."""
    spy = _CountingIndex(index)
    d = decide_read("Where does Lucia Ferrante live?", spy, at=AT)
    assert _ids(d) == ["c2"]
    assert spy.read == [e.entity_id for e in index.resolve("Lucia Ferrante")]


def test_unnamed_question_abstains_without_reading(index: MemoryReadIndex) -> None:
    """A question that names nobody cannot be answered without a scan, so it abstains."""
    spy = _CountingIndex(index)
    d = decide_read("Where does everyone live?", spy, at=AT)
    assert d.status == "abstained" and spy.read == []


def test_decisions_do_not_depend_on_insertion_order() -> None:
    """Shuffling the order claims are indexed (seeded) gives the same answer set."""
    rng = random.Random(1234)
    rows = [(f"p{n}", f"Omar Haddad lives in Town{n}.", f"Town{n}") for n in range(5)]
    answers = set()
    for _ in range(3):
        rng.shuffle(rows)
        idx = MemoryReadIndex()
        for cid, text, town in rows:
            _add(idx, cid, text, "Omar Haddad", (town,), predicate=f"live {town}")
        answers.add(tuple(sorted(_ids(decide_read("Where does Omar Haddad live?", idx, at=AT)))))
    assert answers == {("p0", "p1", "p2", "p3", "p4")}


def test_question_parse_separates_names_demand_and_time() -> None:
    """Parsing keeps names out of the demand and the year out of both."""
    q = parse_question("Who was the mayor of Granite Bay in 2015?")
    assert q.names == ("Granite Bay",) and [t.lemma for t in q.terms] == ["mayor"]
    assert q.time is not None and (q.time.start, q.time.end) == ("2015-01-01", "2015-12-31")


def test_who_needs_an_entity_the_question_did_not_name(index: MemoryReadIndex) -> None:
    """'Who founded X?' is not answered by 'X was founded in 1874'."""
    d = _ask(index, "Who founded Redfern Mills?")
    assert d.status == "abstained" and d.reason == "unknown_predicate"
    assert _ids(_ask(index, "Who runs Redfern Mills?")) == ["c1"]


def test_where_is_a_place_is_not_answered_by_what_is_in_it(index: MemoryReadIndex) -> None:
    """'Where is Huddersfield?' is not 'Redfern Mills is based in Huddersfield'."""
    assert _ask(index, "Where is Huddersfield?").status == "abstained"
    assert _ids(_ask(index, "Where is Redfern Mills?")) == ["c3"]


def test_where_needs_a_place_in_the_claim(index: MemoryReadIndex) -> None:
    """A grounded claim with no place does not answer 'where'."""
    assert _ask(index, "Where does Sunil Bhatt take lisinopril?").status == "abstained"
    assert _ids(_ask(index, "Does Sunil Bhatt take lisinopril?")) == ["c5"]


_STATES = ["active", "disputed", "superseded", "quarantined", "frozen"]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    rows=st.lists(
        st.tuples(st.sampled_from(_STATES), st.integers(2000, 2030), st.integers(0, 8)),
        min_size=0, max_size=12,
    ),
    limit=st.integers(1, 5),
)
def test_now_answers_are_live_valid_and_bounded(
    rows: list[tuple[str, int, int]], limit: int
) -> None:
    """For 'now' only live claims valid at ``at`` return, at most ``limit``; any such answers."""
    idx = MemoryReadIndex()
    for n, (state, start, length) in enumerate(rows):
        end = f"{start + length}-12-31" if length < 8 else None
        view = _add(idx, f"r{n}", f"Omar Haddad lives in Town{n}.", "Omar Haddad", (f"Town{n}",),
                    predicate=f"live town{n}", valid_from=f"{start}-01-01", valid_to=end)
        idx.set_state(view.claim_id, state)  # type: ignore[arg-type]
    d = decide_read("Where does Omar Haddad live?", idx, at=AT, limit=limit)
    assert len(d.claims) <= limit
    for claim in d.claims:
        assert claim.state in ("active", "disputed")
        assert (claim.valid_from or "") <= AT <= (claim.valid_to or "9999")
    live_now = [
        cid for cid in (f"r{n}" for n in range(len(rows)))
        if idx.claim(cid).state in ("active", "disputed")
        and (idx.claim(cid).valid_from or "") <= AT <= (idx.claim(cid).valid_to or "9999")
    ]
    assert (d.status == "answered") == bool(live_now)


# --- paraphrase classes, leadership and the entity a demand governs -----------------------


@pytest.fixture()
def roles() -> MemoryReadIndex:
    idx = MemoryReadIndex()
    _add(idx, "r1", "Mireille Dubois is the chief executive of Caldera Foods.", "Mireille Dubois",
         ("Caldera Foods",), predicate="role", valid_from="2020-01-01")
    _add(idx, "r2", "Anton Petrescu chairs the board of Caldera Foods.", "Anton Petrescu",
         ("Caldera Foods",), predicate="role")
    _add(idx, "r3", "Ines Carvalho is the head of marketing at Caldera Foods.", "Ines Carvalho",
         ("Caldera Foods",), predicate="role")
    _add(idx, "r4", "Caldera Foods is based in Ghent.", "Caldera Foods", ("Ghent",))
    _add(idx, "r5", "Hamid Rahimi directs the robotics lab at Westmoor University.",
         "Hamid Rahimi", ("Westmoor University",), predicate="role")
    _add(idx, "r6", "Tobias Lehmann is the deputy principal of Fernhill College.",
         "Tobias Lehmann", ("Fernhill College",), predicate="role",
         valid_from="2015-09-01", valid_to="2021-08-31")
    _add(idx, "r7", "Tobias Lehmann is the principal of Fernhill College.", "Tobias Lehmann",
         ("Fernhill College",), predicate="role", valid_from="2021-09-01")
    _add(idx, "r8", "Fernhill College has 900 students.", "Fernhill College")
    _add(idx, "r9", "Rukmini Iyer takes sertraline 50 mg every morning.", "Rukmini Iyer",
         predicate="take sertraline")
    _add(idx, "r10", "Rukmini Iyer takes ibuprofen 200 mg.", "Rukmini Iyer",
         predicate="take ibuprofen")
    _add(idx, "r11", "Mateo Ruiz speaks Catalan and Spanish.", "Mateo Ruiz")
    _add(idx, "r12", "Greta Holm speaks at industry conferences.", "Greta Holm")
    _add(idx, "r13", "Yara Haddou founded Saltmarsh Ceramics in 2011.", "Yara Haddou",
         ("Saltmarsh Ceramics",))
    _add(idx, "r14", "Pinecrest Energy is listed on the Toronto Securities Exchange.",
         "Pinecrest Energy", ("Toronto Securities Exchange",))
    _add(idx, "r15", "Caldera Foods is listed in the Fortune ranking.", "Caldera Foods",
         ("Fortune",))
    return idx  # fmt: skip


def _abstains_naming(d: ReadDecision, term: str) -> bool:
    return d.status == "abstained" and term in (d.ungrounded_term or "")


def test_runs_is_answered_by_the_top_position_not_the_board(roles: MemoryReadIndex) -> None:
    """'Who runs Y?' is the chief executive; chairing Y's board or heading a department is not."""
    assert _ids(_ask(roles, "Who runs Caldera Foods?")) == ["r1"]
    assert _ids(_ask(roles, "Who is the head of Caldera Foods?")) == ["r1"]
    assert _ids(_ask(roles, "Who is the head of marketing at Caldera Foods?")) == ["r3"]
    assert _ids(_ask(roles, "Who chairs the board of Caldera Foods?")) == ["r2"]
    # Direction: the organisation does not run anyone.
    assert _abstains_naming(_ask(roles, "Who does Caldera Foods run?"), "run")


def test_a_demand_on_a_part_does_not_answer_for_the_whole(roles: MemoryReadIndex) -> None:
    """Directing a lab at a university is not running the university."""
    assert _ids(_ask(roles, "Who directs the robotics lab at Westmoor University?")) == ["r5"]
    assert _abstains_naming(_ask(roles, "Who runs Westmoor University?"), "runs")


def test_deputy_role_is_not_the_role(roles: MemoryReadIndex) -> None:
    """'deputy principal' grounds 'deputy principal', never 'principal' or 'head'."""
    assert _ids(_ask(roles, "Who is the principal of Fernhill College?")) == ["r7"]
    assert _ids(_ask(roles, "Who is the head of Fernhill College?")) == ["r7"]
    assert _ids(_ask(roles, "Who was the deputy principal of Fernhill College in 2018?")) == ["r6"]
    assert _ask(roles, "Who was the principal of Fernhill College in 2018?").status == "abstained"
    assert _ask(roles, "Who was the head of Fernhill College in 2018?").status == "abstained"


def test_clause_with_where_bridges_to_the_place(roles: MemoryReadIndex) -> None:
    """'the college where X is principal' is the college X's claim names."""
    d = _ask(roles, "How many students does the college where Tobias Lehmann is principal have?")
    assert _ids(d) == ["r7", "r8"]
    d = _ask(roles, "How many teachers does the college where Tobias Lehmann is principal have?")
    assert _abstains_naming(d, "teachers")
    # After do-support the clause runs to the question's own last verb.
    q = parse_question("How many staff does the firm where Ada Quist is chief executive employ?")
    assert q.inner is not None and [t.lemma for t in q.inner.terms] == ["chief", "executive"]
    assert [t.lemma for t in q.terms] == ["staff", "employ"]


def test_clause_with_runs_bridges_through_a_leadership_role(roles: MemoryReadIndex) -> None:
    """'the company X runs' follows X's top position; a department head runs no company."""
    assert _ids(_ask(roles, "Where is the company Mireille Dubois runs based?")) == ["r1", "r4"]
    assert _abstains_naming(_ask(roles, "Where is the company Ines Carvalho runs based?"), "runs")


def test_how_often_needs_a_frequency(roles: MemoryReadIndex) -> None:
    """'How often' is answered by a frequency, and abstains naming it when none is stored."""
    assert _ids(_ask(roles, "How often does Rukmini Iyer take sertraline?")) == ["r9"]
    assert _abstains_naming(_ask(roles, "How often does Rukmini Iyer take ibuprofen?"),
                            "how often")


def test_languages_are_answered_by_a_language(roles: MemoryReadIndex) -> None:
    """'What languages' wants a language named; speaking at conferences is not one."""
    assert _ids(_ask(roles, "What languages does Mateo Ruiz speak?")) == ["r11"]
    assert _abstains_naming(_ask(roles, "What languages does Greta Holm speak?"), "languages")


def test_phrase_paraphrases_ground_their_term(roles: MemoryReadIndex) -> None:
    """'set up' asks for a founding; 'stock exchange' is met by 'securities exchange'."""
    assert _ids(_ask(roles, "Who set up Saltmarsh Ceramics?")) == ["r13"]
    assert _abstains_naming(_ask(roles, "Who set up Caldera Foods?"), "set up")
    assert _ids(_ask(roles, "Which stock exchange is Pinecrest Energy listed on?")) == ["r14"]
    assert _abstains_naming(_ask(roles, "Which stock exchange is Caldera Foods listed on?"),
                            "stock exchange")


# --- idioms, object clauses, stopping, kinds and which term is named ------------------------


@pytest.fixture()
def idioms() -> MemoryReadIndex:
    idx = MemoryReadIndex()
    _add(idx, "i1", "Teodora Vasić works as a marine biologist in Split.", "Teodora Vasić",
         ("Split",))
    _add(idx, "i2", "Teodora Vasić is the cousin of Luka Vasić.", "Teodora Vasić", ("Luka Vasić",))
    _add(idx, "i3", "Olumide Bakare captains the Harrow Vale Kestrels.", "Olumide Bakare",
         ("Harrow Vale Kestrels",))
    _add(idx, "i4", "Harrow Vale Kestrels play their home games at Millpond Ground.",
         "Harrow Vale Kestrels", ("Millpond Ground",))
    _add(idx, "i5", "Ayesha Karim is the chief operating officer of Lindqvist Freight.",
         "Ayesha Karim", ("Lindqvist Freight",))
    _add(idx, "i6", "Lindqvist Freight is headquartered in Gdansk.", "Lindqvist Freight",
         ("Gdansk",))
    _add(idx, "i7", "Quillon 7 drops support for Android 9.", "Quillon 7", ("Android",))
    _add(idx, "i8", "Quillon 7 supports Android 12.", "Quillon 7", ("Android",))
    _add(idx, "i9", "Seo-yeon Park stopped taking warfarin in 2022.", "Seo-yeon Park")
    _add(idx, "i10", "Matías Ferreyra is the sous chef at Casa Lumbre.", "Matías Ferreyra",
         ("Casa Lumbre",))
    _add(idx, "i11", "Ilse Brandt is the executive chef at Casa Lumbre.", "Ilse Brandt",
         ("Casa Lumbre",))
    _add(idx, "i12", "Keanu Alapaki is the lead designer at Tidewater Games.", "Keanu Alapaki",
         ("Tidewater Games",))
    _add(idx, "i13", "Nomvula Dube runs a florist in Soweto.", "Nomvula Dube", ("Soweto",))
    _add(idx, "i14", "Rhys Pritchard volunteers at the Cardiff Heritage Organization.",
         "Rhys Pritchard", ("Cardiff Heritage Organization",))
    _add(idx, "i15", "Farida Osei is the violist of the Akosombo Quartet.", "Farida Osei",
         ("Akosombo Quartet",), valid_from="2016-01-01", valid_to="2020-12-31")
    _add(idx, "i16", "Farida Osei is the leader of the Akosombo Quartet.", "Farida Osei",
         ("Akosombo Quartet",), valid_from="2021-01-01")
    _add(idx, "i17", "Desmond Achebe had knee surgery in March 2019.", "Desmond Achebe")
    _add(idx, "i18", "Desmond Achebe takes naproxen 250 mg twice daily.", "Desmond Achebe")
    return idx  # fmt: skip


def test_for_a_living_asks_for_an_occupation(idioms: MemoryReadIndex) -> None:
    """'do for a living' is the occupation question; a kinship claim is no job."""
    assert _ids(_ask(idioms, "What does Teodora Vasić do for a living?")) == ["i1"]
    assert _ids(_ask(idioms, "How does Teodora Vasić earn a living?")) == ["i1"]
    assert _ask(idioms, "What does Olumide Bakare do for a living?").status == "abstained"


def test_object_clause_bridges_through_its_verb(idioms: MemoryReadIndex) -> None:
    """'the club that X captains' is the club X's claim names; another verb does not bridge."""
    q = parse_question("Where does the club that Olumide Bakare captains play its home games?")
    assert q.inner is not None and [t.lemma for t in q.inner.terms] == ["captain"]
    d = _ask(idioms, "Where does the club that Olumide Bakare captains play its home games?")
    assert _ids(d) == ["i3", "i4"]
    d = _ask(idioms, "Where does the club that Olumide Bakare owns play its home games?")
    assert _abstains_naming(d, "owns")


def test_whose_clause_bridges_to_the_owner(idioms: MemoryReadIndex) -> None:
    """'the company whose COO is X' is the company X is COO of; another title does not bridge."""
    q = "In which city is the company whose chief operating officer is Ayesha Karim headquartered?"
    assert _ids(_ask(idioms, q)) == ["i5", "i6"]
    q = "In which city is the company whose chief financial officer is Ayesha Karim headquartered?"
    assert _abstains_naming(_ask(idioms, q), "financial")


def test_stopping_is_not_doing(idioms: MemoryReadIndex) -> None:
    """'drops support for' answers 'no longer support', never 'support'; same for 'stopped'."""
    assert _ids(_ask(idioms, "Which Android version does Quillon 7 no longer support?")) == ["i7"]
    assert _ids(_ask(idioms, "Which Android version does Quillon 7 support?")) == ["i8"]
    assert _ids(_ask(idioms, "When did Seo-yeon Park stop taking warfarin?")) == ["i9"]
    assert _abstains_naming(_ask(idioms, "Does Seo-yeon Park take warfarin?"), "take")
    d = _ask(idioms, "What does Desmond Achebe no longer take?")
    assert d.status == "abstained"


def test_a_premodifying_head_word_heads_only_its_noun(idioms: MemoryReadIndex) -> None:
    """The executive chef is in charge of the kitchen, not of the restaurant; a lead
    designer does not lead the studio; a sous chef is not in charge of the kitchen."""
    assert _ids(_ask(idioms, "Who is in charge of the kitchen at Casa Lumbre?")) == ["i11"]
    assert _ask(idioms, "Who runs Casa Lumbre?").status == "abstained"
    assert _ask(idioms, "Who is in charge of Casa Lumbre?").status == "abstained"
    assert _ask(idioms, "Who leads Tidewater Games?").status == "abstained"
    assert _ids(_ask(idioms, "Who is the lead designer at Tidewater Games?")) == ["i12"]


def test_a_kind_grounds_its_class_not_the_converse(idioms: MemoryReadIndex) -> None:
    """A florist is a shop; it is not a restaurant, and 'shop' does not ground 'florist'."""
    assert _ids(_ask(idioms, "What kind of shop does Nomvula Dube run?")) == ["i13"]
    assert _abstains_naming(_ask(idioms, "What kind of restaurant does Nomvula Dube run?"),
                            "restaurant")
    assert parse_question("What type of car does Nomvula Dube drive?").terms[0].lemma == "car"


def test_british_and_american_spellings_ground_each_other(idioms: MemoryReadIndex) -> None:
    """'organisation' is 'Organization'; a city is no organisation."""
    assert _ids(_ask(idioms, "Which organisation does Rhys Pritchard volunteer at?")) == ["i14"]
    assert _abstains_naming(_ask(idioms, "Which organisation employs Teodora Vasić?"),
                            "organisation")


def test_position_held_now_is_the_current_role(idioms: MemoryReadIndex) -> None:
    """'What position does X hold' asks for a role; 'hold' carries it and demands nothing."""
    d = _ask(idioms, "What position does Farida Osei hold in the Akosombo Quartet now?")
    assert _ids(d) == ["i16"]
    d = _ask(idioms, "What position does Farida Osei hold in the Akosombo Quartet in 2018?")
    assert _ids(d) == ["i15"]
    assert _ask(idioms, "What position does Farida Osei hold in 2012?").status == "abstained"


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("How many horses does Desmond Achebe own?", "horses"),
        ("Which college did Desmond Achebe attend?", "college"),
        ("What instrument does Olumide Bakare play?", "instrument"),
        ("How many tries has Olumide Bakare scored?", "tries"),
        ("What dose of naproxen does Teodora Vasić take?", "naproxen"),
        ("Which clinic treated Desmond Achebe after his surgery?", "clinic"),
        ("How many races did Olumide Bakare win in 2024?", "win"),
    ],
)
def test_the_demanded_object_is_named_before_a_light_verb(
    idioms: MemoryReadIndex, question: str, term: str
) -> None:
    """Name what the question most specifically asks for: the object of a light verb, the
    drug of a dose, a noun before a preposition; a verb of its own is named itself."""
    d = _ask(idioms, question)
    assert d.status == "abstained" and d.ungrounded_term == term
