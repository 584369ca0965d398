"""The entity projection's folded index: shared while a tenant's names are ASCII, forked
at the first name that folds otherwise, and always answering as two separate indexes do."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from affidavit.events import Applied, EntityPrivate, EntityRegistered, Sealed, SubjectErased
from affidavit.text.fold import fold
from affidavit.text.names import NameIndex
from projections.entities import Entities

POOL = ["Jorgen Dahl", "Jørgen Dahl", "Dana Kim", "Dána Kim", "Kim Dana", "Ola Berg",
        "Olа Berg",  # a Cyrillic "а"
        "Dr Dana Kim", "Lindqvist & Hale", "Ana Ruiz", "ANA RUIZ", "Zoë Hart"]
PROBES = [*POOL, "Jorgen", "Dahl", "Dana", "Kim", "Zoe Hart", "Ana", "Nobody Here", "ola berg"]


class Reference:
    """The projection as it was: the folded index always kept apart."""

    def __init__(self) -> None:
        self.index: dict[str, NameIndex] = {}
        self.folded: dict[str, NameIndex] = {}

    def add(self, tenant: str, entity_id: str, name: str) -> None:
        self.index.setdefault(tenant, NameIndex()).add(entity_id, name)
        self.folded.setdefault(tenant, NameIndex()).add(entity_id, fold(name))

    def erase(self, tenant: str, entity_ids: list[str]) -> None:
        for table in (self.index, self.folded):
            if tenant in table:
                for entity_id in entity_ids:
                    table[tenant].remove(entity_id)


def _applied(seq: int, tenant: str, event: object, private: object = None) -> Applied:
    kind = "ENTITY_REGISTERED" if isinstance(event, EntityRegistered) else "SUBJECT_ERASED"
    return Applied(seq, kind, tenant, "agent", seq, "r", event, b"h", b"p", private)  # type: ignore[arg-type]


def _register(entities: Entities, seq: int, tenant: str, entity_id: str, name: str) -> None:
    event = EntityRegistered(entity_id=entity_id, name=Sealed((entity_id,), b"", b""))
    entities._apply(_applied(seq, tenant, event, EntityPrivate(name)))


def _erase(entities: Entities, seq: int, tenant: str, entity_ids: list[str]) -> None:
    event = SubjectErased(fingerprint="f", entity_ids=tuple(entity_ids), claim_ids=(),
                          keys_destroyed=())
    entities._apply(_applied(seq, tenant, event))


def test_ascii_names_share_one_index_until_a_name_folds_otherwise() -> None:
    entities = Entities()
    _register(entities, 1, "t", "e1", "Jorgen Dahl")
    _register(entities, 2, "t", "e2", "Ana Ruiz")
    assert entities._folded["t"] is entities._index["t"]  # one add per name at replay
    assert entities.resolve_folded("t", "jorgen dahl") == ["e1"]
    assert entities.resolve_folded("t", "Dana Kim") == []
    _register(entities, 3, "t", "e3", "Dána Kim")
    assert entities._folded["t"] is not entities._index["t"]
    assert entities.resolve_folded("t", "Dana Kim") == ["e3"]
    assert entities.resolve("t", "Dana Kim") == []  # the exact index keeps the diacritic
    assert entities.resolve_folded("t", "Jorgen Dahl") == ["e1"]  # carried into the fork
    _erase(entities, 4, "t", ["e1"])
    assert entities.resolve_folded("t", "Jorgen Dahl") == []
    assert entities.resolve_folded("t", "Ana Ruiz") == ["e2"]


ops = st.lists(st.one_of(
    st.tuples(st.just("add"), st.sampled_from(["t", "u"]), st.integers(0, 5), st.sampled_from(POOL)),
    st.tuples(st.just("erase"), st.sampled_from(["t", "u"]), st.integers(0, 5), st.just("")),
), min_size=1, max_size=14)


@settings(max_examples=200, deadline=None)
@given(ops=ops)
def test_lookups_answer_as_two_separate_indexes(ops: list[tuple[str, str, int, str]]) -> None:
    entities, reference = Entities(), Reference()
    erased: set[str] = set()
    for seq, (op, tenant, n, name) in enumerate(ops, start=1):
        entity_id = f"{tenant}{n}"
        if op == "add" and entity_id not in erased:
            _register(entities, seq, tenant, entity_id, name)
            reference.add(tenant, entity_id, name)
        elif op == "erase":
            _erase(entities, seq, tenant, [entity_id])
            reference.erase(tenant, [entity_id])
            erased.add(entity_id)
    answered = 0
    for tenant in ("t", "u"):
        index, folded = reference.index.get(tenant), reference.folded.get(tenant)
        for probe in PROBES:
            expected = (folded.resolve(fold(probe)) if folded else [],
                        folded.candidates(fold(probe)) if folded else [],
                        index.resolve(probe) if index else [])
            got = (entities.resolve_folded(tenant, probe), entities.candidates_folded(tenant, probe),
                   entities.resolve(tenant, probe))
            assert got == expected, (tenant, probe)
            answered += bool(got[1])
            assert probe != "Nobody Here" or got == ([], [], [])  # the negative control
    live = {f"{t}{n}" for op, t, n, _name in ops if op == "add"} - erased
    assert answered or not live  # a held name is found by its own spelling
