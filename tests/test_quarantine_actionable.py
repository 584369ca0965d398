"""A quarantine is an answer the caller can act on: detail, remedy and term are always filled.

docs/gates.md says every refusal carries them; a quarantine is held for review, and the
caller still needs to know which name was ambiguous (as a count, never the other names,
never another tenant's) and what it can do next.
"""

from __future__ import annotations

import pytest

from affidavit.api import StoreBackend
from affidavit.identity import Identity


def _two_danas(store) -> None:  # type: ignore[no-untyped-def]
    assert store.remember("Dana Kim lives in Oslo.", "Dana Kim lives in Oslo.").status == "admitted"
    assert store.remember("Dana Ross lives in Rome.", "Dana Ross lives in Rome.").status == "admitted"


def test_an_ambiguous_subject_quarantine_says_which_name_how_many_and_what_to_do(open_store) -> None:  # type: ignore[no-untyped-def]
    """Two known Danas: 'Dana works at Acme' is held, naming 'Dana', the count 2, and the remedy."""
    store = open_store()
    _two_danas(store)
    out = store.remember("Dana works at Acme.", "Dana works at Acme.")
    assert (out.status, out.reason) == ("quarantined", "ambiguous_subject")
    assert out.term == "Dana"
    assert out.detail is not None and "'Dana' could mean 2 " in out.detail
    assert out.remedy is not None and "name the person fully" in out.remedy
    assert f"ask an operator to review {out.claim_id}" in out.remedy
    for other in ("Kim", "Ross"):  # counts, not the candidates' names
        assert other not in out.detail and other not in out.remedy and other not in out.text
    assert out.detail in out.text and out.remedy in out.text


def test_the_mcp_result_carries_detail_remedy_and_term_for_a_quarantine(open_store) -> None:  # type: ignore[no-untyped-def]
    """The tool result (what an agent sees) has them too, not nulls."""
    store = open_store()
    _two_danas(store)
    result = StoreBackend(store).remember(claim="Dana works at Acme.", evidence="Dana works at Acme.")
    assert result["status"] == "quarantined"
    assert all(isinstance(result[k], str) and result[k] for k in ("detail", "remedy", "term"))


def test_a_gate_quarantine_carries_the_gates_detail_remedy_and_term(open_store) -> None:  # type: ignore[no-untyped-def]
    """The evidence gives 'Dana' to two people: held with the gate's reason, and the review route."""
    store = open_store()
    out = store.remember("Dana works at Acme.", "Dana Kim met Dana Ross. Dana works at Acme.")
    assert out.status == "quarantined"
    assert out.term == "Dana" and out.detail and "more than one person" in out.detail
    assert out.remedy is not None and f"review {out.claim_id}" in out.remedy


def test_another_tenants_names_are_not_counted_or_shown(open_store) -> None:  # type: ignore[no-untyped-def]
    """Two Danas in tenant globex make 'Dana' ambiguous there only: acme's one Dana links cleanly."""
    globex = open_store(Identity("globex", "g1"))
    _two_danas(globex)
    acme = open_store(Identity("acme", "a1"))
    assert acme.remember("Dana Park lives in Lima.", "Dana Park lives in Lima.").status == "admitted"
    out = acme.remember("Dana works at Acme.", "Dana works at Acme.")
    assert out.status == "admitted" and out.detail is None
    held = globex.remember("Dana works at Acme.", "Dana works at Acme.")
    assert held.status == "quarantined" and held.detail is not None
    assert "could mean 2 " in held.detail and "Park" not in held.text


def test_control_an_admission_carries_no_refusal_fields(open_store) -> None:  # type: ignore[no-untyped-def]
    """Positive control: a clean admission has no detail, remedy or term to act on."""
    store = open_store()
    out = store.remember("Dana Kim lives in Oslo.", "Dana Kim lives in Oslo.")
    assert out.status == "admitted" and (out.detail, out.remedy, out.term) == (None, None, None)


REFUSALS = [  # (claim, evidence, kwargs, reason)
    ("Dana Kim takes 50 mg of lisinopril.", "Dana Kim takes 5 mg of lisinopril.", {}, "numeral_invented"),
    ("Dana Kim runs a pharmacy.", "Dana Kim's brother runs a pharmacy.", {}, "unknown_subject"),
    ("Dana Kim did sign the lease.", "Dana Kim did not sign the lease.", {}, "negation_flipped"),
    ("Dana Kim uses key AKIAIOSFODNN7EXAMPLE.", "Dana Kim uses key AKIAIOSFODNN7EXAMPLE.", {},
     "contains_secret"),
    ("Dana Kim lives in Oslo.", "Dana Kim lives in Oslo.", {"subject": "Omar Haddad"}, "unknown_subject"),
]


@pytest.mark.parametrize(("claim", "evidence", "kwargs", "reason"), REFUSALS)
def test_every_refusal_carries_detail_remedy_and_term(open_store, claim, evidence, kwargs, reason) -> None:  # type: ignore[no-untyped-def]
    """docs/gates.md: every refusal says what and why (detail), what to do (remedy), and the term."""
    out = open_store().remember(claim, evidence, **kwargs)
    assert (out.status, out.reason) == ("refused", reason)
    assert out.detail and out.remedy and out.term, out
    assert "AKIA" not in (out.term or "") + (out.detail or "") + out.text  # a secret is never echoed


def test_a_claim_naming_no_one_is_the_one_refusal_without_a_term(open_store) -> None:  # type: ignore[no-untyped-def]
    """Nothing in the claim names a person or organisation: detail and remedy, and term null."""
    out = open_store().remember("it rained all day.", "it rained all day.")
    assert out.status == "refused" and out.detail and out.remedy and out.term is None
