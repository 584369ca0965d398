"""Invariant 7 for tenants: every read sees only its tenant, and hidden answers like absent.

One store holds two tenants x two agents x every claim state; each read is checked
against exact counts, so no test passes on an empty store. A third tenant that wrote
nothing is the control that the counts are per tenant and not global.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest

from affidavit.api import StoreBackend
from affidavit.clock import FixedClock
from affidavit.errors import NotFound, SourceConflict, UnknownSource
from affidavit.identity import Identity
from affidavit.store import Store

# (tenant, agent) -> state -> (subject, objects...). "Ada Lovelace" is in both tenants on
# purpose: entity resolution is per tenant. Every other name and city is one tenant's own.
CELLS: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    ("acme", "a1"): {"active": ("Ada Lovelace", "Paris"), "disputed": ("Marta Ruiz", "Lyon", "Nantes"),
                     "superseded": ("Ines Duarte", "Lille", "Dijon"),
                     "quarantined": ("Priya", "Nair", "Shah", "Leeds"), "frozen": ("Tomas Lind", "Rouen")},
    ("acme", "a2"): {"active": ("Orla Quinn", "Brest"), "disputed": ("Kenji Sato", "Nice", "Metz"),
                     "superseded": ("Lena Vogel", "Caen", "Tours"),
                     "quarantined": ("Omar", "Haddad", "Farah", "Bath"), "frozen": ("Hugo Brandt", "Reims")},
    ("globex", "a1"): {"active": ("Ada Lovelace", "Rome"), "disputed": ("Nadia Karim", "Milan", "Turin"),
                       "superseded": ("Pavel Novak", "Naples", "Genoa"),
                       "quarantined": ("Yusuf", "Demir", "Kaya", "Bari"), "frozen": ("Sofia Rossi", "Parma")},
    ("globex", "a2"): {"active": ("Aron Weiss", "Pisa"), "disputed": ("Clara Moss", "Siena", "Verona"),
                       "superseded": ("Dmitri Orlov", "Padua", "Trieste"),
                       "quarantined": ("Anya", "Petrova", "Ivanova", "Lecce"),
                       "frozen": ("Elsa Berg", "Modena")},
}
TENANTS = ("acme", "globex")
EMPTY = "initech"  # a tenant that wrote nothing: the control for every count
OTHER = {"acme": "globex", "globex": "acme"}
NEVER = "Zora Vantongeren"  # a subject no tenant ever named

# Claims recalled per state of a subject ("today" is the FixedClock's 2023): a superseded
# subject answers with its later claim only; quarantined and frozen subjects abstain.
RECALLED = {"active": 1, "disputed": 2, "superseded": 1, "quarantined": 0, "frozen": 0}
PER_TENANT_STATES = {"active": 4, "disputed": 4, "superseded": 2, "quarantined": 2, "frozen": 2}
# Per cell: 14 entities (5 subjects + 7 cities + the 2 people the quarantined claim's
# evidence names: their keys seal that evidence), 7 sources, 6 admitted + 1 quarantined,
# 4 state changes (2 disputes, 1 supersession, 1 freeze by the tenant's operator).
PER_TENANT_KINDS = {"ENTITY_REGISTERED": 28, "SOURCE_REGISTERED": 14, "CLAIM_ADMITTED": 12,
                    "CLAIM_QUARANTINED": 2, "CLAIM_STATE_CHANGED": 8}
TOTAL_EVENTS = 1 + 2 * sum(PER_TENANT_KINDS.values())  # + STORE_CREATED (written by acme/a1)


class World(msgspec.Struct):
    path: Path
    keyring: Path
    claim_ids: dict[str, list[str]]
    items: dict[str, list[str]]


def question(state: str, subject: str) -> str:
    if state == "quarantined":
        return f"Where did {subject} open a bakery?"
    return f"Where does {subject} live?"


def content(tenant: str) -> set[str]:
    """What only this tenant wrote and another never types: objects and evidence-only surnames.

    Subject names are left out: a query that names them echoes them back by design.
    """
    out: set[str] = set()
    for (t, _), cell in CELLS.items():
        if t == tenant:
            for values in cell.values():
                out.update(values[1:])
    return out


def _lives(store: Store, name: str, city: str, valid_from: str | None = None) -> str:
    outcome = store.remember(f"{name} lives in {city}.", f"{name} lives in {city}.",
                             valid_from=valid_from)
    assert outcome.status == "admitted", outcome.text
    return outcome.claim_id


def _populate(store: Store, cell: dict[str, tuple[str, ...]]) -> tuple[list[str], str, str]:
    ids = [_lives(store, *cell["active"])]
    name, first, second = cell["disputed"]
    ids += [_lives(store, name, first), _lives(store, name, second)]
    name, first, second = cell["superseded"]
    ids += [_lives(store, name, first, "2010-01-01"), _lives(store, name, second, "2015-01-01")]
    given, last1, last2, city = cell["quarantined"]
    held = store.remember(f"{given} opened a bakery in {city}.",
                          f"{given} {last1} and {given} {last2} opened a bakery in {city}.")
    assert held.status == "quarantined", held.text
    frozen = _lives(store, *cell["frozen"])
    return [*ids, held.claim_id, frozen], held.claim_id, frozen


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    base = tmp_path_factory.mktemp("tenants")
    path, keyring = base / "store", base / "keyring"
    claim_ids: dict[str, list[str]] = {t: [] for t in TENANTS}
    items: dict[str, list[str]] = {t: [] for t in TENANTS}
    for (tenant, agent), cell in CELLS.items():
        with Store.open(path, keyring_dir=keyring, identity=Identity(tenant, agent),
                        clock=FixedClock(step_us=1000)) as store:
            ids, item, frozen = _populate(store, cell)
        claim_ids[tenant] += ids
        items[tenant].append(item)
        with Store.open(path, keyring_dir=keyring, identity=Identity(tenant, f"ops-{tenant}", True),
                        clock=FixedClock(step_us=1000)) as ops:
            ops.freeze(frozen, "held for audit")
    return World(path, keyring, claim_ids, items)


@pytest.fixture
def backend(world: World):  # type: ignore[no-untyped-def]
    opened: list[Store] = []

    def _open(tenant: str, agent: str = "reader", operator: bool = True) -> StoreBackend:
        store = Store.open(world.path, keyring_dir=world.keyring,
                           identity=Identity(tenant, agent, operator), clock=FixedClock())
        opened.append(store)
        return StoreBackend(store)

    yield _open
    for store in opened:
        store.close()


def encoded(value: Any) -> str:
    return msgspec.json.encode(value).decode()


def every_read(b: StoreBackend, world: World) -> list[Any]:
    """Every read a tenant can make, including reads aimed at the other tenant's names and ids."""
    out: list[Any] = [b.stats(), b.history(), b.verify(), b.review_queue()]
    for cell in CELLS.values():
        for state, values in cell.items():
            out.append(b.recall(query=question(state, values[0])))
            out.append(b.history(subject=values[0]))
    # Ids of the other tenant are echoed back as the caller typed them, so they are
    # compared with an unknown id below rather than searched for here.
    tenant = b.store.identity.tenant
    out += [b.history(claim_id=i) for i in world.claim_ids.get(tenant, [])]
    return out


# -- leaks first -------------------------------------------------------------


@pytest.mark.parametrize("tenant", TENANTS)
def test_no_read_carries_another_tenants_content(backend, world: World, tenant: str) -> None:
    """No string or claim id of the other tenant appears anywhere in any serialized read."""
    text = encoded(every_read(backend(tenant), world))
    leaked = sorted(s for s in content(OTHER[tenant]) if s in text)
    leaked_ids = sorted(i for i in world.claim_ids[OTHER[tenant]] if i in text)
    assert leaked == []
    assert leaked_ids == []


@pytest.mark.parametrize("tenant", TENANTS)
def test_the_leak_check_sees_a_tenants_own_content(backend, world: World, tenant: str) -> None:
    """Control: the same reads do carry every string of the caller's own tenant."""
    text = encoded(every_read(backend(tenant), world))
    assert sorted(s for s in content(tenant) if s not in text) == []
    assert all(i in text for i in world.claim_ids[tenant])


def test_an_empty_tenant_sees_no_content_at_all(backend, world: World) -> None:
    """A tenant that wrote nothing reads no name or city of either tenant."""
    text = encoded(every_read(backend(EMPTY), world))
    assert sorted(s for s in content("acme") | content("globex") if s in text) == []


# -- hidden answers like absent -------------------------------------------------


def _same_modulo(a: Any, b: Any, name_a: str, name_b: str) -> None:
    assert encoded(a).replace(name_a, "<S>") == encoded(b).replace(name_b, "<S>")


@pytest.mark.parametrize(("tenant", "state"), [(t, s) for t in TENANTS for s in RECALLED])
def test_another_tenants_subject_recalls_like_one_never_seen(backend, tenant: str, state: str) -> None:
    """Recall of a subject held only by the other tenant equals recall of a name never written."""
    b = backend(tenant)
    subject = CELLS[(OTHER[tenant], "a2")][state][0]
    hidden = b.recall(query=question(state, subject))
    never = b.recall(query=question(state, NEVER))
    assert hidden["status"] == "abstained"
    _same_modulo(hidden, never, subject, NEVER)


@pytest.mark.parametrize("tenant", TENANTS)
def test_own_subject_does_not_recall_like_one_never_seen(backend, tenant: str) -> None:
    """Control: a subject of the caller's tenant answers, so the comparison above can fail."""
    b = backend(tenant)
    subject = CELLS[(tenant, "a2")]["active"][0]
    own = b.recall(query=question("active", subject))
    assert own["status"] == "answered"
    with pytest.raises(AssertionError):
        _same_modulo(own, b.recall(query=question("active", NEVER)), subject, NEVER)


@pytest.mark.parametrize("tenant", TENANTS)
def test_history_of_a_hidden_subject_or_claim_equals_one_never_seen(backend, world: World,
                                                                     tenant: str) -> None:
    """History by subject or claim id of the other tenant answers exactly like an unknown one."""
    b = backend(tenant)
    subject = CELLS[(OTHER[tenant], "a1")]["disputed"][0]
    _same_modulo(b.history(subject=subject), b.history(subject=NEVER), subject, NEVER)
    hidden_id, never_id = world.claim_ids[OTHER[tenant]][0], "clm_00000000deadbeef"
    hidden = b.history(claim_id=hidden_id)
    assert hidden["events"] == []
    _same_modulo(hidden, b.history(claim_id=never_id), hidden_id, never_id)
    assert len(b.history(claim_id=world.claim_ids[tenant][0])["events"]) == 1  # control


@pytest.mark.parametrize("tenant", TENANTS)
def test_review_and_freeze_of_a_hidden_id_fail_like_an_unknown_id(backend, world: World,
                                                                  tenant: str) -> None:
    """Deciding or freezing another tenant's item raises the very NotFound an unknown id does."""
    store = backend(tenant).store
    head = store.head_seq
    targets = (world.items[OTHER[tenant]][0], world.claim_ids[OTHER[tenant]][0], "clm_00000000deadbeef")
    for call in (lambda t: store.review(t, "approve", "ok"), lambda t: store.freeze(t, "hold")):
        answers = set()
        for target in targets:
            with pytest.raises(NotFound) as caught:
                call(target)
            answers.add((type(caught.value), caught.value.code, str(caught.value)))
        assert len(answers) == 1
    assert store.head_seq == head


# -- exact counts per tenant ---------------------------------------------------


@pytest.mark.parametrize("tenant", [*TENANTS, EMPTY])
def test_stats_count_only_the_callers_tenant(backend, tenant: str) -> None:
    """Claims by state, subjects and sources are this tenant's exactly; the ledger is shared."""
    stats = backend(tenant).stats()
    mine = tenant != EMPTY
    assert stats["claims"] == {k: (v if mine else 0) for k, v in PER_TENANT_STATES.items()}
    assert (stats["subjects"], stats["sources"]) == ((28, 14) if mine else (0, 0))
    assert stats["events"] == TOTAL_EVENTS  # one chain: its length is not per tenant (documented)


@pytest.mark.parametrize("tenant", [*TENANTS, EMPTY])
def test_recall_answers_exactly_the_tenants_claims(backend, tenant: str) -> None:
    """Each subject recalls its exact count in its own tenant and nothing anywhere else."""
    b = backend(tenant)
    got, want = {}, {}
    for (owner, agent), cell in CELLS.items():
        for state, values in cell.items():
            out = b.recall(query=question(state, values[0]))
            got[(owner, agent, state)] = len(out["claims"])
            shared = values[0] == "Ada Lovelace" and tenant in TENANTS
            want[(owner, agent, state)] = RECALLED[state] if owner == tenant or shared else 0
    assert got == want


@pytest.mark.parametrize("tenant", TENANTS)
def test_shared_name_resolves_to_each_tenants_own_entity(backend, tenant: str) -> None:
    """'Ada Lovelace' is two entities: each tenant recalls its own city and never the other's."""
    b = backend(tenant)
    mine = CELLS[(tenant, "a1")]["active"][1]
    theirs = CELLS[(OTHER[tenant], "a1")]["active"][1]
    out = b.recall(query="Where does Ada Lovelace live?")
    assert [c["text"] for c in out["claims"]] == [f"Ada Lovelace lives in {mine}."]
    assert theirs not in encoded(out)
    ids = {t: b.store.entities.resolve(t, "Ada Lovelace") for t in TENANTS}
    assert len(ids["acme"]) == len(ids["globex"]) == 1 and ids["acme"] != ids["globex"]


@pytest.mark.parametrize("tenant", [*TENANTS, EMPTY])
def test_history_lists_exactly_the_tenants_events(backend, tenant: str) -> None:
    """History has this tenant's events by kind and by agent, and none of another tenant."""
    events = backend(tenant).history()["events"]
    kinds = Counter(e["kind"] for e in events)
    actors = Counter(e["actor"] for e in events)
    if tenant == EMPTY:
        assert (kinds, actors) == (Counter(), Counter())
        return
    # Genesis is the store's (tenant "default"), so neither tenant's history holds it.
    assert kinds == Counter(PER_TENANT_KINDS)
    # Each agent's cell writes 31 events; the tenant's operator wrote the 2 freezes.
    assert actors == Counter({"a1": 31, "a2": 31, f"ops-{tenant}": 2})


@pytest.mark.parametrize("tenant", [*TENANTS, EMPTY])
def test_review_queue_holds_exactly_the_tenants_items(backend, world: World, tenant: str) -> None:
    """An operator sees its own tenant's two quarantined items, with their text, and no other."""
    queue = backend(tenant).review_queue()
    want = world.items.get(tenant, [])
    assert [i["item"] for i in queue["items"]] == want
    assert [i["reason"] for i in queue["items"]] == ["unknown_subject"] * len(want)
    if want:
        given = CELLS[(tenant, "a1")]["quarantined"][0]
        assert queue["items"][0]["claim"].startswith(f"{given} opened a bakery")


@pytest.mark.parametrize("tenant", [*TENANTS, EMPTY])
def test_verify_counts_only_the_tenants_receipts(backend, tenant: str) -> None:
    """Receipt verification covers this tenant's 14 claims; the chain check covers the ledger."""
    result = backend(tenant).verify()
    expected = 14 if tenant in TENANTS else 0
    assert result["ok"] is True
    assert result["receipts"] == {"verified": expected, "failed": 0, "source_not_held": 0}
    assert result["events"] == TOTAL_EVENTS


# -- per-tenant tombstones ---------------------------------------------------


def erase(store: Store, name: str) -> None:
    """Erase a subject the way an operator does (``Store.forget``)."""
    store.forget(name)


def test_an_erasure_in_one_tenant_does_not_tombstone_the_other(open_store) -> None:
    """After acme erases Ada Lovelace, acme's re-proposal is held but globex still admits hers."""
    acme = open_store(Identity("acme", "a1"))
    globex = open_store(Identity("globex", "a1"))
    assert acme.remember("Ada Lovelace lives in Paris.", "Ada Lovelace lives in Paris.").status == "admitted"
    assert globex.remember("Ada Lovelace lives in Rome.", "Ada Lovelace lives in Rome.").status == "admitted"
    erase(acme, "Ada Lovelace")
    acme.close()
    globex.close()
    acme, globex = open_store(Identity("acme", "a2")), open_store(Identity("globex", "a2"))
    again = acme.remember("Ada Lovelace lives in Lyon.", "Ada Lovelace lives in Lyon.")
    other = globex.remember("Ada Lovelace lives in Milan.", "Ada Lovelace lives in Milan.")
    assert (again.status, again.reason) == ("held_for_review", "previously_erased")
    assert (other.status, other.reason) == ("admitted", None)
    assert acme.recall("Where does Ada Lovelace live?").status == "abstained"
    recalled = globex.recall("Where does Ada Lovelace live?").claims
    assert sorted(c.text for c in recalled) == ["Ada Lovelace lives in Milan.", "Ada Lovelace lives in Rome."]
    assert acme.erased.tombstones("globex") == [] and len(acme.erased.tombstones("acme")) == 1


def test_source_ids_are_per_tenant_and_hidden_like_absent(open_store) -> None:
    """Another tenant's source id neither conflicts nor resolves: it answers like an unknown id."""
    acme, globex = open_store(Identity("acme", "a1")), open_store(Identity("globex", "a1"))
    minutes_a = "Ada Lovelace lives in Paris. The board met on Monday."
    minutes_g = "Ada Lovelace lives in Rome. The board met on Friday."
    assert acme.add_source("minutes-1", minutes_a, None).status == "registered"
    assert globex.add_source("minutes-1", minutes_g, None).status == "registered"
    with pytest.raises(SourceConflict):  # control: within one tenant the id is taken
        acme.add_source("minutes-1", minutes_g, None)
    answers = set()
    for source_id in ("minutes-1", "never-registered"):
        with pytest.raises(UnknownSource) as caught:
            open_store(Identity("initech", "a1")).remember(
                "Ada Lovelace lives in Paris.", "Ada Lovelace lives in Paris.", source_id=source_id)
        answers.add(str(caught.value))
    assert len(answers) == 1
    claim = acme.remember("Ada Lovelace lives in Paris.", "Ada Lovelace lives in Paris.",
                          source_id="minutes-1")
    assert claim.status == "admitted" and acme.verify_receipts().verified == 1


def test_forgetting_another_tenants_subject_answers_like_one_never_seen(open_store) -> None:
    """forget of a subject held only by globex, asked in acme, equals forget of an unknown name."""
    globex = open_store(Identity("globex", "a1"))
    assert globex.remember("Nadia Karim lives in Milan.", "Nadia Karim lives in Milan.").status == "admitted"
    acme = open_store(Identity("acme", "ops", True))
    head = acme.head_seq
    hidden, never = acme.forget("Nadia Karim"), acme.forget(NEVER)
    assert hidden.status == "unknown_subject" and acme.head_seq == head
    _same_modulo(hidden, never, "Nadia Karim", NEVER)
    globex.catch_up()
    assert len(globex.recall("Where does Nadia Karim live?").claims) == 1
    assert globex.forget("Nadia Karim").status != "unknown_subject"  # control: its own tenant erases


@pytest.mark.parametrize("bad", ["a\n", "acme\n", "\nacme", "ac me", "", "a" * 65])
def test_a_tenant_with_a_newline_or_space_is_refused(bad: str) -> None:
    """A trailing newline is not a new tenant (Python's '$' would have matched before it)."""
    from affidavit.errors import InvalidInput
    from affidavit.identity import Identity

    with pytest.raises(InvalidInput):
        Identity.from_env({"AFFIDAVIT_TENANT": bad} if bad else {"AFFIDAVIT_AGENT": "\n"})
    assert Identity.from_env({"AFFIDAVIT_TENANT": "acme"}).tenant == "acme"  # control
