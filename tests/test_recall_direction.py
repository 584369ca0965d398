"""Recall keeps who did what to whom, and one kin word is not another.

Found on a held-out corpus as false answers of the read gate: "Who does Orawan report
to?" answered with a claim that someone reports to Orawan, and "Who is X's brother?"
answered with X's sister. Each question sits beside the one the same claim does answer.
"""

from __future__ import annotations

from affidavit.identity import Identity


def test_the_asked_entity_does_the_verb_of_a_who_does_x_question(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    said = "Piret Kask reports to Maarja Tamm at Saaremaa Solar."
    assert store.remember(said, said).status == "admitted"
    assert store.recall("Who does Piret Kask report to?").status == "answered"
    assert store.recall("Who reports to Maarja Tamm?").status == "answered"
    assert store.recall("Who does Maarja Tamm report to?").status == "abstained"
    wed = "Rein Saar married Kadri Lepp in 2019."
    assert store.remember(wed, wed).status == "admitted"
    assert store.recall("Who did Kadri Lepp marry?").status == "answered"  # marrying goes both ways
    founded = "Tiit Kask founded Saare Solar in 2009."
    assert store.remember(founded, founded).status == "admitted"
    assert store.recall("When was Saare Solar founded?").status == "answered"  # passive: the object


def test_a_kin_word_of_one_sex_is_not_the_other(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    said = "Ama Owusu's sister Efua is head weaver at Bonwire Looms."
    assert store.remember(said, said).status == "admitted"
    assert store.recall("Who is Ama Owusu's sister?").status == "answered"
    assert store.recall("Who is Ama Owusu's brother?").status == "abstained"
