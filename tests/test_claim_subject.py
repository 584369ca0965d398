"""A claim's capitalised first word before its verb is its subject, even if it is also a word.

"Kim lives in Oslo." was stored about Oslo (the name finder leaves a sentence-initial "Kim"
alone, since "kim" is in the dictionary), so recall about Kim abstained and forget("Kim")
found nothing.
"""

from __future__ import annotations

from affidavit.gates.write import decide_write
from affidavit.identity import Identity


def test_the_opening_name_before_a_verb_is_the_subject() -> None:
    for claim, subject in (("Kim lives in Oslo.", "Kim"), ("Rose teaches piano in Leeds.", "Rose")):
        d = decide_write(claim, claim)
        assert d.shape is not None and d.shape.subject == subject, d.shape
    for claim in ("The firm moved to Oslo in 2020.", "Twenty staff joined Brix."):
        d = decide_write(claim, claim)  # controls: a determiner or a number word is no name
        assert d.shape is None or d.shape.subject != claim.split()[0], d.shape


def test_recall_and_forget_reach_a_one_word_subject(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    assert store.remember("Kim lives in Oslo.", "Kim lives in Oslo.").status == "admitted"
    assert store.remember("Ola lives in Bergen.", "Ola lives in Bergen.").status == "admitted"
    assert store.recall("Where does Kim live?").status == "answered"
    assert store.forget("Kim").status == "erased"
    assert store.recall("Where does Kim live?").status == "abstained"
    assert store.recall("Where does Ola live?").status == "answered"  # a bystander stays
